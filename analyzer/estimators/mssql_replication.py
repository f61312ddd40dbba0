"""SQL Server transactional replication: the commands each article sends and what they cost.

Sources (``../shared/reference/replication-and-storage.md`` §4; seed
``mssql-replication-call-vs-scall.txt``):

* sql-docs, "Transactional Articles - Specify How Changes Are Propagated": the parameters of
  the generated ``sp_MSins_`` / ``sp_MSupd_`` / ``sp_MSdel_`` calls.  CALL insert ``c1..cn``;
  CALL update ``c1..cn, pkc1..pkck``; CALL delete ``pkc1..pkck``; SCALL update (the default)
  ``c1..cn`` with only the changed columns valued, ``pkc1..pkck`` and a ``@bitmap``; MCALL
  update every column, the keys and the bitmap; XCALL update the before image ``c1..cn``
  then the after image, XCALL delete the before image ("the before image values for text
  and image columns are expected to be NULL").  Only CALL sends inserts (SCALL and MCALL are
  "for updates only", XCALL "for updates and deletes"): another ``@ins_cmd`` / ``@del_cmd``
  syntax falls back to the default.
* The bitmap is ``binary(floor(ncols / 8) + 1)``: Microsoft's own generated procedures have
  ``binary(2)`` for 8 and for 9 columns (``ceil(ncols / 8)`` would give 1 for 8).
* ``MSrepl_commands.command varbinary(1024)`` with ``partial_command bit``: a longer command
  takes several rows.

The binary encoding of a command is not published, so its size is a model (decision D66,
docs/estimators/mssql-replication.md): ``header + per parameter (overhead + value bytes)``,
a NULL parameter carrying no value bytes, value bytes as SQL Server stores the type.  The
header (80) is calibrated on the seed's SCALL measurement (1,000,000 single-int updates
of TableA: 183,328 KB); the per-parameter overhead (3: a type byte and a 2-byte length) is
an assumption.  Each row of MSrepl_commands adds 51 bytes besides ``command`` (its other
columns and the row overhead of "Estimate the Size of a Clustered Index"), rows fill 8,096
bytes a page, and the clustered index adds its non-leaf pages.

>>> bitmap_bytes(8), bitmap_bytes(9), bitmap_bytes(7), bitmap_bytes(16)
(2, 2, 1, 3)
"""

from __future__ import annotations

import math
import re
import typing as t
from collections.abc import Sequence

from analyzer.ir import Column, FileResult, QualifiedName, Span, Table
from analyzer.platforms import Basis
from analyzer.records import record
from analyzer.settings import SizingSettings
from analyzer.worksheet import Step, Term, Worksheet

if t.TYPE_CHECKING:  # annotations only: YAML loads with a workload (D108)
    from analyzer.workload import Workload

_DOCS = "sql-docs, Transactional Articles - Specify How Changes Are Propagated"
_MODEL = "ddlaudit command model (D66), MSrepl_commands and Estimate the Size of a Clustered Index"
SYNTAXES = ("CALL", "SCALL", "MCALL", "XCALL")


def bitmap_bytes(ncols: int) -> int:
    """Bytes of the SCALL / MCALL ``@bitmap``: ``floor(ncols / 8) + 1``."""
    return ncols // 8 + 1


@record
class Parameter:
    """One parameter of a replication procedure call.

    ``role``: ``column`` (after image), ``before`` (XCALL before image), ``key`` (original
    primary key value) or ``bitmap``.  ``null`` is True when the command passes NULL
    (SCALL: a column the update did not change; XCALL: a text / image before image).
    """

    name: str
    role: str
    column: str | None
    declared: str
    value_bytes: int
    null: bool = False


@record
class Command:
    """One replicated command: its call, its size, and its rows in MSrepl_commands."""

    operation: str
    syntax: str
    procedure: str
    parameters: tuple[Parameter, ...]
    command_bytes: int
    rows: int
    #: Without steps when sized for figures only (``explain=False``: the scan's rows).
    worksheet: Worksheet

    @property
    def call(self) -> str:
        """The call as ``sp_browsereplcmds`` shows it (NULL where no value is sent)."""
        args = ",".join("NULL" if p.null else p.name for p in self.parameters)
        return f"{{{self.syntax} [{self.procedure}] ({args})}}"


@record
class ArticleCommands:
    """The commands of one article for every syntax, and the syntaxes the article uses."""

    path: str
    table: QualifiedName
    publication: str | None
    ins_cmd: str
    upd_cmd: str
    del_cmd: str
    columns: tuple[str, ...]
    primary_key: tuple[str, ...]
    changed_columns: tuple[str, ...]
    bitmap_bytes: int
    commands: tuple[Command, ...]
    span: Span | None = None
    #: text / ntext / image / xml / (max) columns (replicated up to ``max text repl size``).
    lob_columns: tuple[str, ...] = ()

    def command(self, operation: str, syntax: str) -> Command:
        for c in self.commands:
            if c.operation == operation and c.syntax == syntax:
                return c
        raise KeyError((operation, syntax))

    def used(self, operation: str) -> Command:
        syntax = {"insert": self.ins_cmd, "update": self.upd_cmd, "delete": self.del_cmd}
        return self.command(operation, syntax[operation])


# ------------------------------------------------------------------ value bytes


def _decimal_bytes(precision: int) -> int:
    return 5 if precision <= 9 else 9 if precision <= 19 else 13 if precision <= 28 else 17


_FIXED = {
    "TINYINT": 1,
    "SMALLINT": 2,
    "INT": 4,
    "INTEGER": 4,
    "BIGINT": 8,
    "BIT": 1,
    "REAL": 4,
    "MONEY": 8,
    "SMALLMONEY": 4,
    "DATE": 3,
    "SMALLDATETIME": 4,
    "DATETIME": 8,
    "UNIQUEIDENTIFIER": 16,
    "ROWVERSION": 8,
    "TIMESTAMP": 8,
}


_LOBS = frozenset({"clob", "nclob", "blob", "xml", "json"})
#: text / ntext / image: NULL in an XCALL before image (sql-docs, "XCALL").
_TEXT_IMAGE = frozenset({"clob", "nclob", "blob"})
#: The syntaxes each operation can use (sql-docs: SCALL and MCALL "for updates only", XCALL
#: "for updates and deletes").
_ALLOWED = {"insert": ("CALL",), "update": SYNTAXES, "delete": ("CALL", "XCALL")}


def value_bytes(column: Column, table: Table, sizing: SizingSettings) -> tuple[int, str]:
    """Bytes of the column's value in a command (SQL Server storage size; see §3.3)."""
    dt = column.type
    name = dt.name
    if name in _FIXED:
        return _FIXED[name], f"{name.lower()} {_FIXED[name]}"
    if dt.family == "decimal":
        p = dt.precision if dt.precision is not None else 18
        return _decimal_bytes(p), f"decimal({p}) {_decimal_bytes(p)}"
    if name == "FLOAT":
        n = dt.precision if dt.precision is not None else 53
        return (4 if n <= 24 else 8), f"float({n})"
    if name in ("TIME", "DATETIME2", "DATETIMEOFFSET"):
        s = dt.scale if dt.scale is not None else 7
        base = 3 if s <= 2 else 4 if s <= 4 else 5
        size = base + (3 if name != "TIME" else 0) + (2 if name == "DATETIMEOFFSET" else 0)
        return size, f"{name.lower()}({s}) {size}"
    basis = Basis(sizing.average(table.name.name, column.name), sizing.fill)
    national = dt.family in ("nchar", "nvarchar", "nclob") or name == "SYSNAME"
    per = 2 if national else 1
    if dt.is_max or dt.family in _LOBS:
        size, why = basis.apply(sizing.replication.mssql_max_value_bytes)
        return size, f"(max) {why}"
    length = dt.length if dt.length is not None else (128 if name == "SYSNAME" else 1)
    if dt.family in ("char", "nchar", "binary"):
        return length * per, f"{name.lower()}({length}) {length * per}"
    size, why = basis.apply(length * per)
    return size, f"{name.lower()}({length}) {why}"


# ---------------------------------------------------------------- the commands


def _procedure(kind: str, table: Table) -> str:
    owner = table.name.schema or "dbo"
    return f"sp_MS{kind}_{owner}{table.name.name}"


def _size(
    operation: str,
    syntax: str,
    procedure: str,
    params: tuple[Parameter, ...],
    sizing: SizingSettings,
    title: str,
    explain: bool = True,
) -> Command:
    rep = sizing.replication
    ws = Worksheet(title, _MODEL, reconstruction="command encoding not published (D66)")
    if not explain:  # the sums below in the same order, the worksheet without its steps
        valued_sum = sum(p.value_bytes for p in params if not p.null)
        size = int(rep.mssql_command_header + rep.mssql_param_overhead * len(params) + valued_sum)
        pieces = max(1, math.ceil(size / rep.mssql_command_chunk))
        return Command(operation, syntax, procedure, params, size, pieces, ws)
    valued = tuple(
        Term(f"{p.name} {p.column or p.role}", p.value_bytes) for p in params if not p.null
    )
    values = sum(tm.value for tm in valued)
    ws = ws.add(Step("V", "Value bytes", "sum of the non-NULL parameters' values", values, valued))
    overhead = rep.mssql_param_overhead * len(params)
    ws = ws.add(
        Step(
            "P",
            "Parameter overhead",
            f"{len(params)} parameters x {rep.mssql_param_overhead}",
            overhead,
            note=f"{sum(1 for p in params if p.null)} passed as NULL",
        )
    )
    total = int(rep.mssql_command_header + overhead + values)
    ws = ws.add(
        Step(
            "C",
            "Command bytes",
            "header + parameter overhead + values",
            total,
            (
                Term("header", rep.mssql_command_header),
                Term("parameters", overhead),
                Term("values", values),
            ),
        )
    )
    rows = max(1, math.ceil(total / rep.mssql_command_chunk))
    ws = ws.add(
        Step(
            "R",
            "MSrepl_commands rows",
            f"ceil(command / {rep.mssql_command_chunk}) (partial_command = 1 on all but the last)",
            rows,
        )
    )
    return Command(operation, syntax, procedure, params, total, rows, ws)


def article_commands(
    table: Table,
    path: str,
    sizing: SizingSettings,
    changed: Sequence[str] | None = None,
    publication: str | None = None,
    syntaxes: tuple[str, str, str] = ("CALL", "SCALL", "CALL"),
    explain: bool = True,
) -> ArticleCommands:
    """Every command of ``table`` as an article; ``changed`` are the columns an update sets
    (default: the first non-key column); ``syntaxes`` are (ins_cmd, upd_cmd, del_cmd);
    ``explain=False``: the figures, only the commands the article uses (one per
    operation, what :meth:`ArticleCommands.used` reads), their worksheets without steps."""
    cols = [c for c in table.columns if c.computed is None or c.computed.persisted]
    pk = table.primary_key
    key = tuple(pk.columns) if pk is not None else ()
    keyset = {k.lower() for k in key}
    if changed is None:
        first = next((c.name for c in cols if c.name.lower() not in keyset), None)
        changed = (first,) if first else ()
    changed_set = {c.lower() for c in changed}
    sized = [(c, *value_bytes(c, table, sizing)) for c in cols]
    n = len(cols)

    def column_params(
        prefix: int = 0, role: str = "column", only_changed: bool = False
    ) -> list[Parameter]:
        return [
            Parameter(
                f"@c{prefix + i}",
                role,
                c.name,
                c.type.declared,
                size,
                (only_changed and c.name.lower() not in changed_set)
                or (role == "before" and c.type.family in _TEXT_IMAGE),
            )
            for i, (c, size, _) in enumerate(sized, start=1)
        ]

    by_name = {c.name.lower(): (c, size) for c, size, _ in sized}
    key_params = [
        Parameter(f"@pkc{i}", "key", k, by_name[k.lower()][0].type.declared, by_name[k.lower()][1])
        for i, k in enumerate(key, start=1)
        if k.lower() in by_name
    ]
    nbitmap = bitmap_bytes(n)
    bitmap = Parameter("@bitmap", "bitmap", None, f"binary({nbitmap})", nbitmap)
    name = table.name.name
    ins, upd, dele = (_procedure(k, table) for k in ("ins", "upd", "del"))
    ins_cmd, upd_cmd, del_cmd = syntaxes
    ins_cmd = ins_cmd if ins_cmd in _ALLOWED["insert"] else "CALL"
    upd_cmd = upd_cmd if upd_cmd in _ALLOWED["update"] else "SCALL"
    del_cmd = del_cmd if del_cmd in _ALLOWED["delete"] else "CALL"
    used = {("insert", ins_cmd), ("update", upd_cmd), ("delete", del_cmd)}
    # (operation, syntax, procedure, parameters, title) of every command, made on demand
    made: list[tuple[str, str, str, t.Callable[[], tuple[Parameter, ...]], str]] = [
        ("insert", "CALL", ins, lambda: tuple(column_params()), f"{name}: insert, CALL"),
        ("delete", "CALL", dele, lambda: tuple(key_params), f"{name}: delete, CALL"),
        (
            "delete",
            "XCALL",
            dele,
            lambda: tuple(column_params(role="before")),
            f"{name}: delete, XCALL (before image)",
        ),
        (
            "update",
            "CALL",
            upd,
            lambda: (*column_params(), *key_params),
            f"{name}: update, CALL (every column, then the keys)",
        ),
        (
            "update",
            "SCALL",
            upd,
            lambda: (*column_params(only_changed=True), *key_params, bitmap),
            f"{name}: update, SCALL (changed {', '.join(changed) or 'none'}, keys, bitmap)",
        ),
        (
            "update",
            "MCALL",
            upd,
            lambda: (*column_params(), *key_params, bitmap),
            f"{name}: update, MCALL (every column, keys, bitmap)",
        ),
        (
            "update",
            "XCALL",
            upd,
            lambda: (*column_params(role="before"), *column_params(prefix=n)),
            f"{name}: update, XCALL (before and after images)",
        ),
    ]
    # Figures only (explain=False, a scan's rows): the commands the article uses.
    commands = [
        _size(operation, syntax, procedure, params(), sizing, title, explain)
        for operation, syntax, procedure, params, title in made
        if explain or (operation, syntax) in used
    ]
    return ArticleCommands(
        path=path,
        table=table.name,
        publication=publication,
        ins_cmd=ins_cmd,
        upd_cmd=upd_cmd,
        del_cmd=del_cmd,
        columns=tuple(c.name for c in cols),
        primary_key=key,
        changed_columns=tuple(changed),
        bitmap_bytes=nbitmap,
        commands=tuple(commands),
        span=table.span,
        lob_columns=tuple(c.name for c in cols if c.type.is_max or c.type.family in _LOBS),
    )


# ------------------------------------------------------------------- storage


@record
class Storage:
    """MSrepl_commands storage of ``count`` identical commands."""

    count: int
    rows: int
    leaf_pages: int
    index_pages: int
    reserved_kb: int
    worksheet: Worksheet


def storage(command: Command, count: int, sizing: SizingSettings) -> Storage:
    """Pages and KB of ``count`` commands in MSrepl_commands (clustered index, 8 KB pages)."""
    rep, ms = sizing.replication, sizing.mssql
    ws = Worksheet(
        f"MSrepl_commands: {count:,} x {command.syntax} {command.operation}",
        _MODEL,
        reconstruction="row overhead and command encoding are a model (D66)",
    )
    chunks = [rep.mssql_command_chunk] * (command.rows - 1)
    chunks.append(command.command_bytes - rep.mssql_command_chunk * (command.rows - 1))
    leaf = 0
    for i, chunk in enumerate(chunks, start=1):
        row = rep.mssql_row_overhead + chunk
        per_page = max(1, ms.page_free_bytes // (row + 2))
        pages = math.ceil(count / per_page)
        leaf += pages
        ws = ws.add(
            Step(
                f"L{i}",
                f"Leaf pages, row {i} of {command.rows}",
                f"ceil(count / floor({ms.page_free_bytes} / (row + 2)))",
                pages,
                (
                    Term("row overhead", rep.mssql_row_overhead),
                    Term("command bytes", chunk),
                    Term("rows per page", per_page),
                ),
            )
        )
    index, level = 0, leaf
    while level > 1:
        level = math.ceil(level / rep.mssql_index_rows_per_page)
        index += level
    ws = ws.add(
        Step(
            "I",
            "Index pages",
            f"sum over levels of ceil(pages / {rep.mssql_index_rows_per_page})",
            index,
        )
    )
    kb = (leaf + index) * ms.page_bytes // 1024
    ws = ws.add(
        Step(
            "KB",
            "Reserved",
            f"(leaf + index) x {ms.page_bytes} / 1024",
            kb,
            (
                Term("leaf KB", leaf * ms.page_bytes // 1024),
                Term("index KB", index * ms.page_bytes // 1024),
            ),
        )
    )
    return Storage(count, count * command.rows, leaf, index, kb, ws)


@record
class Comparison:
    """CALL vs SCALL for one update pattern: storage of each and the ratio."""

    table: str
    changed_columns: tuple[str, ...]
    count: int
    call: Storage
    scall: Storage
    call_bytes: int = 0
    scall_bytes: int = 0

    @property
    def ratio(self) -> float:
        return self.call.reserved_kb / self.scall.reserved_kb if self.scall.reserved_kb else 0.0

    @property
    def extra_bytes_per_update(self) -> int:
        return self.call_bytes - self.scall_bytes


def compare(article: ArticleCommands, count: int, sizing: SizingSettings) -> Comparison:
    """CALL vs SCALL storage for ``count`` updates of ``article.changed_columns``."""
    call, scall = article.command("update", "CALL"), article.command("update", "SCALL")
    return Comparison(
        article.table.name,
        article.changed_columns,
        count,
        storage(call, count, sizing),
        storage(scall, count, sizing),
        call.command_bytes,
        scall.command_bytes,
    )


# ------------------------------------------------------------- the articles of a run

_PARAM = re.compile(r"@(\w+)\s*=\s*(N?'(?:[^']|'')*'|[^,\s]+)", re.IGNORECASE)
_POSITIONAL = re.compile(r"^\s*exec(?:ute)?\s+\w+\s+(N?'(?:[^']|'')*')\s*,\s*(N?'(?:[^']|'')*')")


def _unquote(value: str) -> str:
    value = value.strip()
    if value[:1] in ("N", "n") and value[1:2] == "'":
        value = value[1:]
    if value[:1] == "'" and value[-1:] == "'":
        value = value[1:-1].replace("''", "'")
    return value


def article_calls(text: str) -> dict[str, str]:
    """Named (and the first two positional) arguments of ``sp_addarticle`` / ``sp_changearticle``.

    >>> article_calls("exec sp_addarticle @publication = N'P', @article = N'T', "
    ...               "@upd_cmd = N'CALL [sp_MSupd_dboT]'")["upd_cmd"]
    'CALL [sp_MSupd_dboT]'
    """
    out = {m.group(1).lower(): _unquote(m.group(2)) for m in _PARAM.finditer(text)}
    pos = _POSITIONAL.match(text)
    if pos is not None:
        out.setdefault("publication", _unquote(pos.group(1)))
        out.setdefault("article", _unquote(pos.group(2)))
    return out


@record
class ArticleDefinition:
    """What ``sp_addarticle`` (and later ``sp_changearticle`` calls) say about one article."""

    table: str
    publication: str | None = None
    ins_cmd: str = "CALL"
    upd_cmd: str = "SCALL"
    del_cmd: str = "CALL"


def _syntax(value: str | None, default: str) -> str:
    if not value:
        return default
    return value.split()[0].upper()


def article_definitions(calls: Sequence[dict[str, str]]) -> list[ArticleDefinition]:
    """Fold ``sp_addarticle`` / ``sp_changearticle`` arguments (in script order) per article."""
    found: dict[str, ArticleDefinition] = {}
    names: dict[str, str] = {}  # article -> source table
    for call in calls:
        article = call.get("article", "")
        if "property" in call:  # sp_changearticle
            key = names.get(article.lower(), article).lower()
            current = found.get(key)
            prop = call["property"].lower()
            if current is not None and prop in ("ins_cmd", "upd_cmd", "del_cmd"):
                value = _syntax(call.get("value"), getattr(current, prop))
                found[key] = _replace(current, prop, value)
            continue
        table = call.get("source_object") or call.get("source_table") or article
        names[article.lower()] = table
        found[table.lower()] = ArticleDefinition(
            table,
            call.get("publication"),
            _syntax(call.get("ins_cmd"), "CALL"),
            _syntax(call.get("upd_cmd"), "SCALL"),
            _syntax(call.get("del_cmd"), "CALL"),
        )
    return list(found.values())


def _replace(a: ArticleDefinition, prop: str, value: str) -> ArticleDefinition:
    from dataclasses import replace

    return replace(a, **{prop: value})


def calls_in(result: FileResult, text: str) -> list[dict[str, str]]:
    """The article calls of a T-SQL file (its skipped ``exec sp_addarticle`` statements)."""
    out = []
    for s in result.skipped:
        if s.kind in ("exec sp_addarticle", "exec sp_changearticle"):
            out.append(article_calls(text[s.span.start : s.span.end]))
    return out


def workload_updates(
    workload: Workload | None,
) -> tuple[dict[str, tuple[str, ...] | None], dict[str, str]]:
    """What a workload says of each table's updates, by lower-case table name: the columns
    an update changes and its ``upd_cmd`` (the ``changed`` and ``upd_cmds`` of
    :func:`articles`; D67)."""
    changed: dict[str, tuple[str, ...] | None] = {}
    upd: dict[str, str] = {}
    for load in workload.tables if workload is not None else ():
        changed[load.name.lower()] = load.changed_columns
        if load.upd_cmd:
            upd[load.name.lower()] = load.upd_cmd
    return changed, upd


def articles(
    results: Sequence[FileResult],
    texts: t.Mapping[str, str],
    sizing: SizingSettings,
    changed: t.Mapping[str, tuple[str, ...] | None] | None = None,
    upd_cmds: t.Mapping[str, str] | None = None,
    published_only: bool = False,
    explain: bool = True,
) -> list[ArticleCommands]:
    """The articles of a run: the tables ``sp_addarticle`` names, else every T-SQL table (D67).

    ``texts`` are the files' decoded texts (to read the ``sp_addarticle`` arguments);
    ``changed`` / ``upd_cmds`` come from the workload (by lower-case table name).
    ``published_only``: no article without ``sp_addarticle`` (the lint: a table nobody
    publishes gets no replication finding). ``explain=False``: the figures, the command
    worksheets without their steps (the scan's replication rows).
    """
    calls = [c for r in results if r.path in texts for c in calls_in(r, texts[r.path])]
    defs = {d.table.lower(): d for d in article_definitions(calls)}
    if published_only and not defs:
        return []
    changed = changed or {}
    upd_cmds = upd_cmds or {}
    out = []
    for r in results:
        if r.dialect != "tsql":
            continue
        for table in r.tables:
            low = table.name.name.lower()
            if defs and low not in defs:
                continue
            d = defs.get(low, ArticleDefinition(table.name.name))
            upd = upd_cmds.get(low, d.upd_cmd)
            out.append(
                article_commands(
                    table,
                    r.path,
                    sizing,
                    changed.get(low),
                    d.publication,
                    (d.ins_cmd, upd, d.del_cmd),
                    explain,
                )
            )
    return out
