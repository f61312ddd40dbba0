"""Reports of ``ddlaudit replication``: text (rich tables) or a versioned JSON document.

One :class:`Report` holds what the run found: Replication Server message sizes and the
capacity plan, SQL Server articles with their commands and the CALL vs SCALL comparison,
SQL Remote articles, and the findings.  ``--explain`` prints every worksheet.

>>> doc = to_json(Report())
>>> doc["schema_version"], sorted(doc)
('1.0', ['capacity', 'findings', 'mssql', 'repserver', 'schema_version', 'sql_remote'])
"""

from __future__ import annotations

import typing as t
from dataclasses import field

from analyzer.estimators.mssql_replication import ArticleCommands, Comparison
from analyzer.estimators.repserver import Capacity, Messages, all_worksheets
from analyzer.estimators.sql_remote import ArticleLog
from analyzer.findings import Finding
from analyzer.ir import Diagnostic, FileResult, to_dict
from analyzer.records import record
from analyzer.reporters.size import qualified
from analyzer.settings import SizingSettings
from analyzer.worksheet import render

if t.TYPE_CHECKING:  # annotations only: YAML loads on demand (D108)
    from analyzer.workload import Workload

SCHEMA_VERSION = "1.0"


@record
class Report:
    messages: Messages = field(default_factory=Messages)
    capacity: Capacity | None = None
    articles: tuple[ArticleCommands, ...] = ()
    comparisons: tuple[Comparison, ...] = ()
    sql_remote: tuple[ArticleLog, ...] = ()
    findings: tuple[Finding, ...] = ()


def to_json(report: Report) -> dict[str, t.Any]:
    """The replication document (docs/cli.md, ``replication``)."""
    tables = []
    for m in report.messages.tables:
        doc = to_dict(m)
        doc["table"] = qualified(m.table)
        doc["used"] = {op: m.used(op).variant for op in ("insert", "delete", "update")}
        tables.append(doc)
    articles = []
    for a in report.articles:
        doc = to_dict(a)
        doc["table"] = qualified(a.table)
        for cmd, raw in zip(doc["commands"], a.commands, strict=True):
            cmd["call"] = raw.call
        articles.append(doc)
    logs = []
    for log in report.sql_remote:
        doc = to_dict(log)
        doc["table"] = qualified(log.table)
        logs.append(doc)
    comparisons = []
    for c in report.comparisons:
        doc = to_dict(c)
        doc["ratio"] = round(c.ratio, 4)
        doc["extra_bytes_per_update"] = c.extra_bytes_per_update
        comparisons.append(doc)
    return {
        "schema_version": SCHEMA_VERSION,
        "repserver": {
            "tables": tables,
            "functions": [to_dict(f) for f in report.messages.functions],
            "transaction": to_dict(report.messages.transaction),
        },
        "capacity": to_dict(report.capacity),
        "mssql": {"articles": articles, "comparisons": comparisons},
        "sql_remote": {"articles": logs},
        "findings": [to_dict(f) for f in report.findings],
    }


_IEC = (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024))

#: What the capacity table's units mean (D105), printed under it.
UNITS_NOTE = (
    "units: KiB = 1,024 bytes, MiB = 1,024 KiB, GiB = 1,024 MiB (JSON: bytes); the Design "
    "Guide's examples write K and MB for 1,000 and 1,000,000 bytes (18K/s x 120 min = 130MB)"
)


def volume(value: float) -> str:
    """Bytes in the largest binary unit that keeps the figure at 1 or more (D105).

    >>> volume(512), volume(22_070), volume(129_600_000)
    ('512 bytes', '21.6 KiB', '123.6 MiB')
    """
    for unit, size in _IEC:
        if abs(value) >= size:
            return f"{value / size:,.1f} {unit}"
    return f"{value:,.0f} bytes"


def _sites(sites: t.Sequence[str], basis: str) -> str:
    return f"{basis}: {', '.join(sites)}" if sites else basis


def print_text(report: Report, explain: bool, file: t.TextIO | None = None) -> None:
    """Human output: with rich on a terminal, plain text otherwise; worksheets with ``explain``
    (to ``file``, default stdout)."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table as RichTable

    console = Console(highlight=False, soft_wrap=True, file=file)
    if not console.is_terminal:
        console = Console(highlight=False, soft_wrap=True, width=160, file=file)

    msgs = report.messages
    for m in msgs.tables:
        grid = RichTable(
            title=escape(
                f"{qualified(m.table)}  [Replication Server, {m.source}"
                f"{', minimal columns' if m.minimal_columns else ''}]  {m.path}"
            ),
            title_justify="left",
        )
        for head in ("message", "inbound", "outbound", "used"):
            grid.add_column(head, justify="left" if head == "message" else "right")
        used = {op: m.used(op).variant for op in ("insert", "delete", "update")}
        for msg in m.messages:
            mark = "*" if used.get(msg.operation) == msg.variant else ""
            grid.add_row(
                f"{msg.operation} ({msg.variant})", str(msg.inbound), str(msg.outbound), mark
            )
        console.print(grid)
        console.print(
            f"RowWidth {m.row_width}, PrimaryKeyWidth {m.primary_key_width} "
            f"({', '.join(m.primary_key) or 'no key'}), NumColumns {m.num_columns}, "
            f"RowWidthChanged {m.row_width_changed} / NumColumnsChanged {m.num_columns_changed} "
            f"({', '.join(m.changed_columns) or m.changed_basis}), NumSites {m.num_sites} "
            f"({_sites(m.sites, m.sites_basis)})",
            markup=False,
        )
        if explain:
            console.print(
                "columns: " + ", ".join(f"{c.name} {c.width} ({c.derivation})" for c in m.columns),
                markup=False,
            )
        console.print()
    for f in msgs.functions:
        console.print(
            f"function {f.name} [{f.primary_database}]: ParameterWidth {f.parameter_width}; "
            f"inbound {f.message.inbound}, outbound {f.message.outbound} "
            f"(NumSites {f.num_sites}: {_sites(f.sites, f.sites_basis)})",
            markup=False,
        )
    if msgs.tables or msgs.functions:
        if msgs.transaction is not None:
            console.print(f"begin/commit pair: {msgs.transaction.inbound} bytes", markup=False)
        console.print()
    cap = report.capacity
    if cap is not None:
        grid = RichTable(title="Capacity plan (per second)", title_justify="left")
        for head in ("queue", "volume / s", "transactions / s", "queue size"):
            grid.add_column(head, justify="left" if head == "queue" else "right")
        for d in cap.databases:
            size = "-" if d.queue_bytes is None else volume(d.queue_bytes)
            grid.add_row(
                escape(f"inbound {d.database}"), volume(d.volume), f"{d.transaction_rate:g}", size
            )
        for s in cap.sites:
            grid.add_row(
                escape(f"outbound {s.site}"),
                volume(s.volume),
                f"{s.transaction_rate:g}",
                volume(s.queue_bytes),
            )
        console.print(grid)
        console.print(UNITS_NOTE, markup=False)
        for note in cap.notes:
            console.print(f"note: {note}", markup=False)
        console.print()
    for a in report.articles:
        grid = RichTable(
            title=escape(
                f"{qualified(a.table)}  [SQL Server article"
                f"{', publication ' + a.publication if a.publication else ''}; ins {a.ins_cmd}, "
                f"upd {a.upd_cmd}, del {a.del_cmd}; bitmap binary({a.bitmap_bytes})]  {a.path}"
            ),
            title_justify="left",
        )
        for head in ("command", "parameters", "bytes", "rows", "used"):
            grid.add_column(head, justify="left" if head in ("command", "parameters") else "right")
        for c in a.commands:
            mark = "*" if a.used(c.operation) is c else ""
            grid.add_row(
                f"{c.operation} {c.syntax}",
                escape(c.call),
                str(c.command_bytes),
                str(c.rows),
                mark,
            )
        console.print(grid)
    for cmp in report.comparisons:
        console.print(
            f"{cmp.table}: {cmp.count:,} updates of "
            f"{', '.join(cmp.changed_columns) or 'one column'}: CALL {cmp.call.reserved_kb:,} KB, "
            f"SCALL {cmp.scall.reserved_kb:,} KB in MSrepl_commands (x{cmp.ratio:.2f}; "
            f"{cmp.extra_bytes_per_update} bytes more per update)",
            markup=False,
        )
    if report.articles:
        console.print()
    for log in report.sql_remote:
        per = ", ".join(f"{op} {b}" for op, b in log.bytes_per_operation)
        line = (
            f"SQL Remote {log.publication}.{log.table.name}: row image {log.row_bytes} bytes; "
            f"log bytes per {per}; rows per message "
            + ", ".join(f"{op} {n:,}" for op, n in log.rows_per_message)
        )
        if log.log_bytes_per_second is not None:
            line += (
                f"; {log.log_bytes_per_second:,.0f} log bytes/s, "
                f"{log.messages_per_hour:,} messages/hour to "
                f"{max(1, log.subscribers)} subscriber(s)"
            )
        console.print(line, markup=False)
    if report.sql_remote:
        console.print()
    for finding in report.findings:
        span = finding.span
        where = f"{span.file}:{span.line}:{span.column}: " if span else ""
        console.print(
            f"{where}{finding.severity.value}[{finding.name}] {finding.message}", markup=False
        )
    if explain:
        console.print()
        sheets = list(all_worksheets(msgs, cap))
        sheets += [c.worksheet for a in report.articles for c in a.commands]
        sheets += [x.worksheet for cmp in report.comparisons for x in (cmp.call, cmp.scall)]
        sheets += [log.worksheet for log in report.sql_remote]
        for ws in sheets:
            console.print(render(ws), markup=False)


# ------------------------------------------------------------------------ the run


def figures(
    results: t.Sequence[FileResult],
    sizing: SizingSettings,
    workload: Workload | None = None,
    texts: t.Mapping[str, str] | None = None,
    articles_too: bool = True,
) -> tuple[Messages, tuple[ArticleCommands, ...], tuple[ArticleLog, ...]]:
    """What ``scan``'s ``replication`` rows read of :func:`build`'s report: the messages,
    the SQL Server articles and the SQL Remote articles, the same sizes, with worksheets
    that have no steps; no capacity plan, CALL / SCALL comparison, finding or workload
    check, which no row reads (D130; ``tests/test_estimator_figures_only.py``).
    ``articles_too=False``: no SQL Server articles (a scan sizes them file by file where
    no file of the scope names its articles: :func:`file_articles`)."""
    from analyzer.estimators import mssql_replication, repserver, sql_remote

    msgs = repserver.messages(results, sizing, workload, explain=False)
    changed, upd = mssql_replication.workload_updates(workload)
    articles = (
        mssql_replication.articles(results, texts or {}, sizing, changed, upd, explain=False)
        if articles_too
        else []
    )
    logs = sql_remote.publications(
        results, sizing, workload.table if workload is not None else (lambda name: None)
    )
    return msgs, tuple(articles), tuple(logs)


def file_articles(
    result: FileResult, sizing: SizingSettings, workload: Workload | None = None
) -> tuple[ArticleCommands, ...]:
    """The SQL Server articles :func:`figures` gives one file's tables when no file of its
    scope calls ``sp_addarticle`` (every T-SQL table is an article then, D67): they depend
    on the table alone, so a scan sizes them where it checks the file (D191)."""
    from analyzer.estimators import mssql_replication

    changed, upd = mssql_replication.workload_updates(workload)
    return tuple(mssql_replication.articles([result], {}, sizing, changed, upd, explain=False))


def build(
    results: t.Sequence[FileResult],
    sizing: SizingSettings,
    workload: Workload | None = None,
    sites: int | None = None,
    texts: t.Mapping[str, str] | None = None,
    published_only: bool = False,
) -> tuple[Report, tuple[Diagnostic, ...]]:
    """Run every replication estimator over ``results`` (already through the replication
    passes) and return the report and the workload diagnostics.  ``published_only``: SQL
    Server articles only where ``sp_addarticle`` says so (D67's every-table default is for
    ``ddlaudit replication``'s what-if, not for findings)."""
    from analyzer.estimators import mssql_replication, repserver, sql_remote
    from analyzer.findings import replication_findings

    diags: tuple[Diagnostic, ...] = ()
    if workload is not None:
        from analyzer.workload import check  # YAML only with a workload (D108)

        tables = [tb for r in results for tb in r.tables]
        functions = [f.name for r in results for f in r.function_replication_definitions]
        diags = check(workload, tables, functions)
    msgs = repserver.messages(results, sizing, workload, sites)
    cap = repserver.capacity(msgs, workload, sizing) if workload is not None else None
    changed, upd = mssql_replication.workload_updates(workload)
    articles = mssql_replication.articles(
        results, texts or {}, sizing, changed, upd, published_only=published_only
    )
    comparisons = []
    for a in articles:
        rates = workload.table(a.table.name) if workload is not None else None
        count = round(rates.updates * 86_400) if rates is not None and rates.updates else 1_000_000
        comparisons.append(mssql_replication.compare(a, count, sizing))
    logs = sql_remote.publications(
        results, sizing, workload.table if workload is not None else (lambda name: None)
    )
    findings = replication_findings(results, sizing, msgs, articles, logs)
    report = Report(msgs, cap, tuple(articles), tuple(comparisons), tuple(logs), tuple(findings))
    return report, diags
