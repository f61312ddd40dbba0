"""Replication findings: rules the lint will report (its issue assigns the codes).

Each finding has a provisional ``name`` (the lint issue turns names into codes), a
severity, a message that says what to do, a span and, where the finding is about bytes,
the bytes at stake:

* ``replication-without-primary-key``: a replicated table (Replication Server, SQL Server
  article, SQL Remote article) without a primary key: Replication Server and SQL Remote
  cannot address rows, SQL Server refuses the article;
* ``minimal-columns-not-used``: a wide table whose updates are narrow, replicated without
  ``replicate minimal columns``; the bytes each update would save inbound (precise
  update against minimal-columns update, Design Guide "Message Sizes");
* ``update-command-costlier``: a wide SQL Server article whose update command (CALL, or
  SCALL, the default) sends more bytes per update than the other would for the workload's
  changed columns; both command sizes and their ratio (command model, D66; seed
  ``mssql-replication-call-vs-scall.txt``: 1,000,000 one-column updates took 576,256 KB
  with CALL, 183,328 KB with SCALL);
* ``lob-in-replicated-table``: text / image / (max) columns in a replicated table (not in
  RowWidth; replicated apart, ``max text repl size``);
* ``subscription-column-missing`` / ``subscription-column-unsuitable``: a SQL Remote for ASE
  article whose subscription column is not a column of the table, is an expression, or
  cannot hold the comma-separated list of the publication's subscription values.

"Wide" and "narrow" are ``[size.replication] wide_columns`` and ``narrow_update_fraction``
(D69).

>>> f = Finding("replication-without-primary-key", Severity.WARNING, "t has no key")
>>> f.name in NAMES
True
"""

from __future__ import annotations

import typing as t
from collections.abc import Mapping, Sequence

from analyzer.ir import FileResult, ReplicationDefinition, Severity, Span, Table
from analyzer.records import record
from analyzer.settings import SizingSettings

if t.TYPE_CHECKING:  # annotations only: the rules import NAMES without the estimators (D108)
    from analyzer.estimators.mssql_replication import ArticleCommands
    from analyzer.estimators.repserver import Messages
    from analyzer.estimators.sql_remote import ArticleCheck, ArticleLog
    from analyzer.workload import Workload

#: name -> what it means.
NAMES: dict[str, str] = {
    "replication-without-primary-key": "a replicated table has no primary key",
    "minimal-columns-not-used": "a wide table with narrow updates does not use minimal columns",
    "update-command-costlier": "a SQL Server article's update command costs more than the other",
    "lob-in-replicated-table": "a replicated table has text, image or (max) columns",
    "subscription-column-missing": "a SQL Remote subscription column is not in the table",
    "subscription-column-unsuitable": "a SQL Remote subscription column cannot hold its values",
}


@record
class Finding:
    """One rule broken by the input (provisional ``name``; codes come with the lint)."""

    name: str
    severity: Severity
    message: str
    span: Span | None = None
    table: str | None = None
    #: The bytes at stake (saving per update, extra bytes per update), when there are.
    bytes: int | None = None


def _repserver(msgs: Messages, sizing: SizingSettings) -> list[Finding]:
    rep = sizing.replication
    out = []
    for m in msgs.tables:
        name = m.table.name
        if not m.primary_key:
            out.append(
                Finding(
                    "replication-without-primary-key",
                    Severity.WARNING,
                    f"replicated table {name} has no primary key: declare one (or sp_primarykey) "
                    "so Replication Server can find the replicate rows",
                    m.span,
                    name,
                )
            )
        narrow = m.row_width and m.row_width_changed <= rep.narrow_update_fraction * m.row_width
        if not m.minimal_columns and m.num_columns >= rep.wide_columns and narrow:
            saving = m.message("update", "precise").inbound - m.message("update", "minimal").inbound
            if saving > 0:
                out.append(
                    Finding(
                        "minimal-columns-not-used",
                        Severity.INFO,
                        f"{name}: {m.num_columns} columns, updates change {m.row_width_changed} "
                        f"of {m.row_width} bytes; 'replicate minimal columns' would save "
                        f"{saving} bytes per update inbound",
                        m.span,
                        name,
                        saving,
                    )
                )
        lobs = [c.name for c in m.columns if c.lob]
        if lobs:
            out.append(_lob(name, lobs, m.span))
    return out


def _lob(table: str, columns: Sequence[str], span: Span | None) -> Finding:
    return Finding(
        "lob-in-replicated-table",
        Severity.INFO,
        f"replicated table {table} has text/image/(max) column(s) {', '.join(columns)}: "
        "replicated apart from the row and not in the message sizes",
        span,
        table,
    )


def _mssql(articles: Sequence[ArticleCommands], sizing: SizingSettings) -> list[Finding]:
    rep = sizing.replication
    out = []
    for a in articles:
        name = a.table.name
        if not a.primary_key:
            out.append(
                Finding(
                    "replication-without-primary-key",
                    Severity.WARNING,
                    f"article {name} has no primary key: transactional replication needs one",
                    a.span,
                    name,
                )
            )
        costlier = _update_command_costlier(a, rep.wide_columns)
        if costlier is not None:
            out.append(costlier)
        if a.lob_columns:
            out.append(_lob(name, a.lob_columns, a.span))
    return out


#: The update command an article could use instead (the two D66 sizes for every column).
_OTHER = {"CALL": "SCALL", "SCALL": "CALL"}


def _update_command_costlier(a: ArticleCommands, wide_columns: int) -> Finding | None:
    """CALL where SCALL would send less, or SCALL where CALL would: the estimator's own
    command sizes (D66) for the article's changed columns, on a wide article (D69).

    CALL sends every column; SCALL sends NULL for the columns an update leaves alone, plus
    a bitmap ("Transactional Articles - Specify How Changes Are Propagated"), so SCALL is
    the costlier only when the updates change (nearly) every column.
    """
    used = a.upd_cmd
    other = _OTHER.get(used)
    if other is None or len(a.columns) < wide_columns:
        return None
    used_bytes = a.command("update", used).command_bytes
    other_bytes = a.command("update", other).command_bytes
    extra = used_bytes - other_bytes
    if extra <= 0:
        return None
    changed = ", ".join(a.changed_columns) or "no column"
    return Finding(
        "update-command-costlier",
        # CALL on a wide table is the seed's 3x; SCALL's excess is its NULLs and bitmap.
        Severity.WARNING if used == "CALL" else Severity.INFO,
        f"article {a.table.name} ({len(a.columns)} columns) replicates updates with "
        f"{used}: {extra} byte{'s' if extra != 1 else ''} more per update than "
        f"{other} when updates change {changed}; {used} sends "
        f"{used_bytes / other_bytes:.1f}x the bytes of {other} per update: "
        f"{used_bytes} vs {other_bytes}",
        a.span,
        a.table.name,
        extra,
    )


_SUBSCRIPTION = {
    "expression": "is an expression; SQL Remote for ASE needs a column",
    "not_character": "is not a character column, so it cannot hold a comma-separated list",
    "too_narrow": "is too narrow for the comma-separated list of subscription values",
}


def _sql_remote(
    logs: Sequence[ArticleLog | ArticleCheck], results: Sequence[FileResult]
) -> list[Finding]:
    tables = {tb.name.name.lower(): tb for r in results for tb in r.tables}
    out = []
    seen: set[str] = set()
    for a in logs:
        name = a.table.name
        table = tables.get(name.lower())
        if table is not None and table.primary_key is None and name.lower() not in seen:
            seen.add(name.lower())
            out.append(
                Finding(
                    "replication-without-primary-key",
                    Severity.WARNING,
                    f"SQL Remote article {a.publication}.{name} has no primary key",
                    a.span,
                    name,
                )
            )
        sc = a.subscription
        if sc is None or sc.problem is None:
            continue
        if sc.problem == "missing":
            out.append(
                Finding(
                    "subscription-column-missing",
                    Severity.ERROR,
                    f"publication {a.publication}: subscription column {sc.expression!r} is not "
                    f"a column of {name}",
                    a.span,
                    name,
                )
            )
            continue
        detail = _SUBSCRIPTION[sc.problem]
        if sc.problem == "too_narrow":
            detail += f" ({sc.declared} holds {sc.length}; {','.join(sc.values)} needs {sc.needed})"
        out.append(
            Finding(
                "subscription-column-unsuitable",
                Severity.WARNING,
                f"publication {a.publication}: subscription column {sc.expression!r} of {name} "
                + detail,
                a.span,
                name,
                sc.needed or None,
            )
        )
    return out


def estimated_findings(
    results: Sequence[FileResult],
    sizing: SizingSettings,
    workload: Workload | None = None,
    texts: Mapping[str, str] | None = None,
    replicated: Sequence[tuple[str, Table, ReplicationDefinition | None]] | None = None,
) -> list[Finding]:
    """:func:`replication_findings` with the estimators they read run here, as
    ``ddlaudit replication`` runs them (``analyzer.reporters.replication.build``) but for
    the findings only: the message sizes without their worksheets' steps, no capacity
    plan, no CALL / SCALL comparison, no workload check (the lint checks the workload once
    for the run), no SQL Remote log volumes (each article's table sized on ASE: D122),
    SQL Server articles only where ``sp_addarticle`` says so (D67's every-table default
    is the report's what-if).  ``texts``: the T-SQL files' texts
    (:func:`~analyzer.estimators.replicated.source_texts`); ``replicated``:
    :func:`~analyzer.estimators.replicated.replicated_tables` of ``results``, when known.
    Of the tables' messages only the updates are made (the findings read no other)."""
    from analyzer.estimators import mssql_replication, repserver, sql_remote

    msgs = repserver.messages(
        results, sizing, workload, explain=False, updates_only=True, replicated=replicated
    )
    changed, upd = mssql_replication.workload_updates(workload)
    articles = mssql_replication.articles(
        results, texts or {}, sizing, changed, upd, published_only=True
    )
    # The SQL Remote findings read each article's subscription check, not its log volume.
    return replication_findings(results, sizing, msgs, articles, sql_remote.checks(results))


def replication_findings(
    results: Sequence[FileResult],
    sizing: SizingSettings,
    msgs: Messages | None = None,
    articles: Sequence[ArticleCommands] = (),
    logs: Sequence[ArticleLog | ArticleCheck] = (),
) -> list[Finding]:
    """Every replication finding of a run, in a stable order."""
    found = _repserver(msgs, sizing) if msgs is not None else []
    found += _mssql(articles, sizing)
    found += _sql_remote(logs, results)
    return found
