"""What the language server shows on hover: the figures ``ddlaudit size``, ``replication``
and ``audit`` compute for the table or column under the cursor, as Markdown.

Nothing is computed here: a table's figures are its estimator's
(:class:`~analyzer.estimators.TableEstimate`, as the lint's phase 2 made it); a column's
are what the sizing and ASCII width passes set on it (``Column.storage``,
``Column.ascii_width``: the pass run on the one table where the lint did not); SQL
Server's null bitmap is the estimator's own ``Null_Bitmap`` step; the type on an audit
target is :func:`analyzer.audit.mapping.map_column`'s.

>>> from analyzer.core import Options, analyze_bytes
>>> from analyzer.workflow import SIZE, Prepared, check_file
>>> from analyzer.settings import SizingSettings
>>> ddl = b"CREATE TABLE dbo.t (id int NOT NULL, note varchar(20) NULL)\\nGO\\n"
>>> result = analyze_bytes("t.sql", ddl, Options())
>>> checked = check_file(Prepared(result), SIZE, SizingSettings())
>>> print(hover(checked, ddl.index(b"note"), SizingSettings()))
**note** `varchar(20)` of dbo.t (mssql)
<BLANKLINE>
- storage: 20 bytes (variable; declared maximum 20)
- null bitmap: 1 bit of the row's 3-byte null bitmap (Null_Bitmap, 2 columns)
- ASCII width: 20 characters (20 characters, one byte each (manual: char(10) is 10))
"""

from __future__ import annotations

import typing as t

from analyzer.estimators import ESTIMATORS, TableEstimate
from analyzer.ir import AsciiWidth, Column, FileResult, Table
from analyzer.settings import SizingSettings

if t.TYPE_CHECKING:
    from analyzer.workflow import Checked


def _inside(span: t.Any, at: int) -> bool:
    return span is not None and span.start <= at <= span.end


def hover(
    checked: Checked, at: int, sizing: SizingSettings, target: str | None = None
) -> str | None:
    """The hover text at character offset ``at`` of a checked file: a column's when ``at``
    is in a column's definition, else its table's when ``at`` is in a CREATE TABLE; None
    elsewhere.  ``target``: the audit target whose type a column's hover names."""
    estimates = _estimates(checked)
    for i, table in enumerate(checked.result.tables):
        if not _inside(table.span, at):
            continue
        for column in table.columns:
            if not column.implicit and _inside(column.span, at):
                return column_hover(table, column, checked.result.path, sizing, target)
        return table_hover(table, estimates[i], sizing)
    return None


def _estimates(checked: Checked) -> list[TableEstimate | None]:
    """Each table's estimate (None: its platform has no estimator), in table order."""
    left = list(checked.estimates)
    out: list[TableEstimate | None] = []
    for table in checked.result.tables:
        if left and left[0].table == table.name:
            out.append(left.pop(0))
        else:
            out.append(None)
    return out


def _bytes(n: int | None) -> str:
    return "unknown" if n is None else f"{n:,} bytes"


def table_hover(table: Table, estimate: TableEstimate | None, sizing: SizingSettings) -> str:
    """A table's row size on its platform (average and declared maximum), its rows per
    page (Teradata: per block), its row limit and the margin left under it."""
    head = f"**{table.name}** ({sizing.platform_for(table.dialect)})"
    if estimate is None:
        return f"{head}\n\nno estimator for this platform: not sized"
    per = "rows per block" if estimate.platform == "teradata" else "rows per page"
    if estimate.rows_per_page is not None:
        rows = f"{estimate.rows_per_page:,}"
    else:
        rows = "needs a row count ([size] rows)"
    lines = [
        f"- row size, average: {_bytes(estimate.row_bytes)} ([size] fill and averages; "
        "none: the declared maximum)",
        f"- row size, declared maximum: {_bytes(estimate.max_row_bytes)}",
        f"- {per}: {rows}",
    ]
    if estimate.row_limit is not None:
        margin = estimate.row_limit - estimate.max_row_bytes
        lines.append(f"- row limit: {_bytes(estimate.row_limit)}")
        if margin >= 0:
            lines.append(f"- margin: {_bytes(margin)} under the limit at the declared maximum")
        else:
            lines.append(f"- margin: {_bytes(-margin)} OVER the limit at the declared maximum")
    return f"**{table.name}** ({estimate.platform})\n\n" + "\n".join(lines)


def column_hover(
    table: Table, column: Column, path: str, sizing: SizingSettings, target: str | None
) -> str:
    """A column's storage bytes, its presence bits (Teradata) or share of the null bitmap
    (SQL Server), its ASCII width and its type on ``target``."""
    platform = sizing.platform_for(table.dialect)
    declared = column.type.declared or "(computed)"
    lines = []
    storage = column.storage
    if storage is not None:
        platform = storage.platform
        lines.append(
            f"- storage: {_bytes(storage.data_length)} ({storage.category}; declared maximum "
            f"{storage.max_length:,})"
        )
        if storage.mapped:
            lines.append(f"- stored as {storage.type} on {storage.platform}")
        if platform == "teradata":
            bits = storage.presence_bits + storage.compress_bits
            lines.append(
                f"- presence bits: {bits} ({storage.presence_bits} nullable, "
                f"{storage.compress_bits} compress)"
            )
    bitmap = _null_bitmap(table, path, sizing) if platform == "mssql" else None
    if bitmap is not None:
        size, columns = bitmap
        lines.append(
            f"- null bitmap: 1 bit of the row's {size}-byte null bitmap (Null_Bitmap, "
            f"{columns} columns)"
        )
    width = column.ascii_width or _ascii_width(table, column, path, sizing)
    if width is not None:
        lines.append(f"- ASCII width: {width.width:,} characters ({width.derivation})")
    if target is not None:
        lines.append(_on_target(table, column, target, sizing))
    head = f"**{column.name}** `{declared}` of {table.name} ({platform})"
    return head + "\n\n" + "\n".join(lines) if lines else head


def _ascii_width(
    table: Table, column: Column, path: str, sizing: SizingSettings
) -> AsciiWidth | None:
    """The ASCII width pass on this one table: the lint sets widths only on the tables
    Replication Server sends (``Workflow.widths_replicated_only``)."""
    from analyzer.passes.ascii_width import ascii_width

    alone = ascii_width(FileResult(path, table.dialect, None, tables=(table,)), sizing=sizing)
    for done in alone.tables[0].columns:
        if done.position == column.position:
            return done.ascii_width
    return None


def _null_bitmap(table: Table, path: str, sizing: SizingSettings) -> tuple[int, int] | None:
    """SQL Server's ``Null_Bitmap`` step of the table's row worksheet and its Num_Cols:
    the estimator's worksheet, asked for (``explain``) for this one table."""
    loader = ESTIMATORS.get("mssql")
    if loader is None:
        return None
    estimate = loader()(table, path, sizing, True)
    for sheet in estimate.worksheets:
        for step in sheet.steps:
            if step.label == "Null_Bitmap":
                counted = [s.value for s in sheet.steps if s.label == "Num_Cols"]
                return int(step.value), int(counted[0]) if counted else len(table.columns)
    return None


def _on_target(table: Table, column: Column, target: str, sizing: SizingSettings) -> str:
    """The column's type on the audit ``target`` and its mapping class (docs/audit.md)."""
    from analyzer.audit.ddl import type_sql
    from analyzer.audit.mapping import map_column
    from analyzer.audit.mappings import spec

    made = spec(target, sizing)
    mapped = map_column(column, table.dialect, made, sizing.teradata.default_character_set)
    if mapped.target is None:
        return f"- on {target}: no type ({mapped.mapping}: {mapped.reason})"
    return f"- on {target}: `{type_sql(made, mapped.target)}` ({mapped.mapping}: {mapped.reason})"


__all__ = ["column_hover", "hover", "table_hover"]
