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
import typing as t

from analyzer.estimators import TableEstimate
from analyzer.ir import FileResult, QualifiedName, to_dict
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
    (to ``file``, default stdout)."""
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
            for ws in e.worksheets:
                console.print(render(ws), markup=False)
        mine = [x for x in indexes or () if x.path == e.path and x.table == e.table]
        if mine:
            print_indexes(mine, explain, console, f"{name}: indexes [{e.platform}]")
        elif indexes is not None:
            console.print(f"{name}: no index sized on {e.platform}", markup=False)
        console.print()


def _mapped(e: TableEstimate) -> str:
    return "" if e.platform == _native(e.dialect) else f", mapped from {e.dialect}"


def _native(dialect: str) -> str:
    from analyzer.settings import DIALECT_PLATFORM

    return DIALECT_PLATFORM.get(dialect, dialect)
