"""Reports of ``ddlaudit size``: a table per input table (text), JSON, CSV, and worksheets.

The JSON document is versioned (``schema_version``) and described in
docs/output-schema.md; CSV has one line per table with the headline figures.

>>> from analyzer.estimators import TableEstimate
>>> from analyzer.ir import QualifiedName
>>> e = TableEstimate("a.sql", QualifiedName("t", "db"), "teradata", "teradata", 82, 98, 1_048_576)
>>> print(to_csv([e]), end="")
path,table,dialect,platform,row_bytes,max_row_bytes,row_limit,rows,rows_per_page,pages,table_bytes,reconstruction
a.sql,db.t,teradata,teradata,82,98,1048576,,,,,
"""

from __future__ import annotations

import csv
import io
import sys
import typing as t

from analyzer.estimators import TableEstimate
from analyzer.ir import FileResult, QualifiedName, Table, to_dict
from analyzer.worksheet import render

if t.TYPE_CHECKING:  # annotations only: sized with --indexes alone (D108)
    from analyzer.estimators.indexes import IndexEstimate

SCHEMA_VERSION = "1.0"

_CSV_FIELDS = (
    "path",
    "table",
    "dialect",
    "platform",
    "row_bytes",
    "max_row_bytes",
    "row_limit",
    "rows",
    "rows_per_page",
    "pages",
    "table_bytes",
    "reconstruction",
)


def qualified(name: QualifiedName) -> str:
    return ".".join(p for p in (name.catalog, name.schema, name.name) if p)


def to_csv(estimates: t.Sequence[TableEstimate]) -> str:
    """One CSV line per table with the headline figures."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_CSV_FIELDS)
    for e in estimates:
        row = {f: getattr(e, f) for f in _CSV_FIELDS if f != "table"}
        row["table"] = qualified(e.table)
        writer.writerow(["" if row[f] is None else row[f] for f in _CSV_FIELDS])
    return out.getvalue()


def to_json(
    results: t.Sequence[FileResult],
    estimates: t.Sequence[TableEstimate],
    indexes: t.Sequence[IndexEstimate] | None = None,
) -> dict[str, t.Any]:
    """The size document: per table its figures, worksheets and per-column storage; with
    ``indexes`` (``--indexes``) each table's ``indexes``, one entry per index."""
    columns: dict[tuple[str, str], list[dict[str, t.Any]]] = {}
    for r in results:
        for table in r.tables:
            columns[(r.path, qualified(table.name))] = [
                {"name": c.name, "declared": c.type.declared, "storage": to_dict(c.storage)}
                for c in table.columns
            ]
    tables = []
    for e in estimates:
        doc = to_dict(e)
        doc["table"] = qualified(e.table)
        doc["columns"] = columns.get((e.path, qualified(e.table)), [])
        if indexes is not None:
            doc["indexes"] = [
                index_json(x) for x in indexes if x.path == e.path and x.table == e.table
            ]
        tables.append(doc)
    return {"schema_version": SCHEMA_VERSION, "tables": tables}


def index_json(e: IndexEstimate) -> dict[str, t.Any]:
    """One index of the ``indexes`` list (docs/estimators/mssql-indexes.md)."""
    doc: dict[str, t.Any] = to_dict(e)
    doc["table"] = qualified(e.table)
    return doc


def print_indexes(
    indexes: t.Sequence[IndexEstimate], explain: bool, console: t.Any, title: str
) -> None:
    """One table of index figures (``--indexes``), then the worksheets with ``explain``."""
    from rich.markup import escape
    from rich.table import Table as RichTable

    grid = RichTable(title=escape(title), title_justify="left")
    heads = (
        "index",
        "kind",
        "source",
        "key",
        "leaf row",
        "per page",
        "index row",
        "per page",
        "leaf pages",
        "levels",
        "upper pages",
        "pages",
        "bytes",
    )
    for head in heads:
        grid.add_column(head, justify="left" if head in heads[:4] else "right")
    for e in indexes:
        key = ", ".join(e.columns) + (f" INCLUDE ({', '.join(e.included)})" if e.included else "")
        grid.add_row(
            escape(e.index),
            f"{'unique ' if e.unique else ''}{e.kind}",
            escape(e.source),
            escape(key),
            _fmt(e.leaf_row_bytes),
            _fmt(e.leaf_rows_per_page),
            _fmt(e.index_row_bytes),
            _fmt(e.index_rows_per_page),
            _fmt(e.leaf_pages),
            _fmt(e.nonleaf_levels),
            _fmt(e.nonleaf_pages),
            _fmt(e.pages),
            _fmt(e.index_bytes),
        )
    console.print(grid)
    for e in indexes:
        if e.note:
            console.print(f"note: {e.index}: {e.note}", markup=False)
    if explain:
        for e in indexes:
            for ws in e.worksheets:
                console.print(render(ws), markup=False)


def _fmt(value: int | None) -> str:
    return "-" if value is None else f"{value:,}"


def print_text(
    results: t.Sequence[FileResult],
    estimates: t.Sequence[TableEstimate],
    explain: bool,
    file: t.TextIO | None = None,
    indexes: t.Sequence[IndexEstimate] | None = None,
) -> None:
    """Human output: with rich on a terminal, plain text otherwise; worksheets with ``explain``
    (to ``file``, default stdout).  Plain text without worksheets or indexes is made
    without rich where it is the simple layout rich would print (:func:`_plain_text`,
    D134)."""
    if not explain and indexes is None and not _styled(file):
        plain = _plain_text(results, estimates)
        if plain is not None:
            (sys.stdout if file is None else file).write(plain)
            return
    rich_text(results, estimates, explain, file, indexes)


def rich_text(
    results: t.Sequence[FileResult],
    estimates: t.Sequence[TableEstimate],
    explain: bool,
    file: t.TextIO | None = None,
    indexes: t.Sequence[IndexEstimate] | None = None,
) -> None:
    """:func:`print_text` through rich, whatever the output."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table as RichTable

    console = Console(highlight=False, soft_wrap=True, file=file)
    if not console.is_terminal:
        console = Console(highlight=False, soft_wrap=True, width=160, file=file)
    by_table = {(r.path, qualified(tb.name)): tb for r in results for tb in r.tables}
    for e in estimates:
        name = qualified(e.table)
        grid = RichTable(
            title=escape(f"{name}  [{e.platform}{_mapped(e)}]  {e.path}"),
            title_justify="left",
        )
        for head in ("column", "declared", "as stored", "area", "bytes", "max", "basis"):
            grid.add_column(head, justify="right" if head in ("bytes", "max") else "left")
        table = by_table.get((e.path, name))
        for c in table.columns if table else ():
            s = c.storage
            if s is None:
                grid.add_row(
                    escape(c.name), escape(c.type.declared), "not sized", "-", "-", "-", ""
                )
                continue
            grid.add_row(
                escape(c.name),
                escape(c.type.declared),
                escape(s.type + (" (mapped)" if s.mapped else "")),
                s.category,
                str(s.data_length),
                str(s.max_length),
                s.basis,
            )
        console.print(grid)
        line = f"row {e.row_bytes:,} bytes; at declared maximums {e.max_row_bytes:,}"
        if e.row_limit is not None:
            line += f" (limit {e.row_limit:,})"
        for f in e.figures:
            if f.name not in ("row_bytes",):
                line += f"; {f.name} {_fmt(int(f.value))}"
        console.print(line, markup=False)
        if e.reconstruction:
            console.print(f"note: reconstruction: {e.reconstruction}", markup=False)
        if explain:
            origins = derived_origins(table)
            if origins:
                console.print(origins, markup=False)
            for ws in e.worksheets:
                console.print(render(ws), markup=False)
        mine = [x for x in indexes or () if x.path == e.path and x.table == e.table]
        if mine:
            print_indexes(mine, explain, console, f"{name}: indexes [{e.platform}]")
        elif indexes is not None:
            console.print(f"{name}: no index sized on {e.platform}", markup=False)
        console.print()


def derived_origins(table: Table | None) -> str:
    """Where the columns of a derived table (``CREATE TABLE ... AS``, ``SELECT ... INTO``)
    took their types, for ``--explain``; "" for a table of declared columns.

    >>> from analyzer.ir import Column, DataType, QualifiedName
    >>> dt = DataType("INTEGER", "INTEGER", "integer")
    >>> c = Column("id", 1, dt, False, False, derived_from="s.orders.id")
    >>> u = Column("x", 2, DataType("", "", "other"), True, False)
    >>> print(derived_origins(Table(QualifiedName("t"), "teradata", (c, u))))
    column types (derived table): id from s.orders.id; x unknown (P009)
    """
    if table is None or not any(c.derived_from for c in table.columns):
        return ""
    parts = [
        f"{c.name} unknown (P009)"
        if not c.derived_from or (not c.type.declared and c.type.family == "other")
        else f"{c.name} from {c.derived_from}"
        for c in table.columns
    ]
    return "column types (derived table): " + "; ".join(parts)


def _styled(file: t.TextIO | None) -> bool:
    """Whether rich could write ``file`` otherwise than as plain text: a terminal (as
    ``rich.console.Console.is_terminal`` tells it), a notebook, an encoding other than
    UTF-8 (ASCII boxes), or an environment that decides for it (D134)."""
    import builtins
    import os

    if hasattr(builtins, "get_ipython") or sys.stdin is None:
        return True
    if getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        return True
    if any(v in os.environ for v in ("TTY_COMPATIBLE", "FORCE_COLOR", "TTY_INTERACTIVE")):
        return True
    target = sys.stdout if file is None else file
    if target is None or not (getattr(target, "encoding", None) or "utf-8").lower().startswith(
        "utf"
    ):
        return True
    isatty = getattr(target, "isatty", None)
    try:
        return isatty is None or bool(isatty())
    except ValueError:
        return True


#: The box rich's ``Table`` draws by default (``box.HEAVY_HEAD``): top, header row, the
#: line under the header, body rows, bottom; each as (left, horizontal, divider, right).
_TOP, _HEAD, _UNDER, _ROW, _BOTTOM = ("┏━┳┓", "┃ ┃┃", "┡━╇┩", "│ ││", "└─┴┘")

#: The console width rich gives a plain-text report.
_WIDTH = 160


def _literal(text: str, markup: bool) -> bool:
    """Whether rich prints ``text`` (escaped when ``markup`` is false) as it is, one cell
    per character: printable ASCII, no backslash, no ``[`` read as markup, no ``:name:``
    an emoji could replace (D134)."""
    if not (text.isascii() and text.isprintable()) or "\\" in text:
        return False
    if markup and "[" in text:
        return False
    inner = text.split(":")[1:-1]
    return all(any(c.isspace() for c in part) for part in inner) if inner else True


def _plain_table(
    title: str, heads: tuple[str, ...], right: tuple[str, ...], rows: list[tuple[str, ...]]
) -> list[str] | None:
    """The lines rich's default ``Table`` prints for these cells on a plain-text console,
    or None where its layout is not this simple one (wrapped cells or title, no rows)."""
    if not rows:
        return None
    if title != title.strip() or any(c != c.strip() or "  " in c for r in rows for c in r):
        return None  # rich strips a cell's ends and may break at its spaces
    widths = [len(h) for h in heads]
    for row in rows:
        widths = [max(w, len(c)) for w, c in zip(widths, row, strict=True)]
    inner = sum(w + 2 for w in widths)
    if inner > _WIDTH - (len(widths) + 1) or len(title) > inner + len(widths) + 1:
        return None
    ends = tuple(h in right for h in heads)

    def rule(box: str) -> str:
        return box[0] + box[2].join(box[1] * (w + 2) for w in widths) + box[3]

    def line(box: str, cells: tuple[str, ...]) -> str:
        parts = (
            f" {c.rjust(w) if end else c.ljust(w)} "
            for c, w, end in zip(cells, widths, ends, strict=True)
        )
        return box[0] + box[2].join(parts) + box[3]

    lines = [title] if title else []
    lines += [rule(_TOP), line(_HEAD, heads), rule(_UNDER)]
    lines.extend(line(_ROW, row) for row in rows)
    lines.append(rule(_BOTTOM))
    return lines


def _plain_text(
    results: t.Sequence[FileResult], estimates: t.Sequence[TableEstimate]
) -> str | None:
    """What :func:`print_text` prints through rich on a plain-text console without
    ``explain`` or indexes, made without rich; None where a table, a title or a line
    is not one it prints as it is (then rich prints it: D134)."""
    heads = ("column", "declared", "as stored", "area", "bytes", "max", "basis")
    by_table = {(r.path, qualified(tb.name)): tb for r in results for tb in r.tables}
    out: list[str] = []
    for e in estimates:
        name = qualified(e.table)
        title = f"{name}  [{e.platform}{_mapped(e)}]  {e.path}"
        if not _literal(title, False):
            return None
        rows: list[tuple[str, ...]] = []
        table = by_table.get((e.path, name))
        for c in table.columns if table else ():
            s = c.storage
            if s is None:
                row: tuple[str, ...] = (c.name, c.type.declared, "not sized", "-", "-", "-", "")
                escaped = 2
            else:
                stored = s.type + (" (mapped)" if s.mapped else "")
                row = (c.name, c.type.declared, stored, s.category)
                row += (str(s.data_length), str(s.max_length), s.basis)
                escaped = 3
            if not all(_literal(v, i >= escaped) for i, v in enumerate(row)):
                return None
            rows.append(row)
        lines = _plain_table(title, heads, ("bytes", "max"), rows)
        if lines is None:
            return None
        line = f"row {e.row_bytes:,} bytes; at declared maximums {e.max_row_bytes:,}"
        if e.row_limit is not None:
            line += f" (limit {e.row_limit:,})"
        for f in e.figures:
            if f.name not in ("row_bytes",):
                line += f"; {f.name} {_fmt(int(f.value))}"
        lines.append(line)
        if e.reconstruction:
            lines.append(f"note: reconstruction: {e.reconstruction}")
        if not all(_literal(x, False) for x in lines[-1 - bool(e.reconstruction) :]):
            return None
        lines.append("")
        out.extend(lines)
    return "".join(x + "\n" for x in out)


def _mapped(e: TableEstimate) -> str:
    return "" if e.platform == _native(e.dialect) else f", mapped from {e.dialect}"


def _native(dialect: str) -> str:
    from analyzer.settings import DIALECT_PLATFORM

    return DIALECT_PLATFORM.get(dialect, dialect)
