"""Sizing rules (``S``): rows a platform refuses, splits or pads, from the estimators' figures.

S001-S003 come from the ``data_length`` pass and the estimators, S010-S034 from the SQL
Server, ASE and HiRDB estimators (``check=None``: the lint reports their diagnostics).
S012, S050 and S051 are checked here, on the estimates of the file (``FileContext``):
they read the estimators' worksheets and rerun the estimators on a changed table rather
than recompute any formula.

>>> from analyzer import passes
>>> from analyzer.core import Options, analyze_bytes
>>> from analyzer.estimators import estimate_file
>>> from analyzer.rules.engine import FileContext
>>> from analyzer.settings import SizingSettings
>>> s = SizingSettings()
>>> ddl = b"CREATE TABLE test (a char(8000), b char(54))"
>>> r = analyze_bytes("t.sql", ddl, Options(dialect="tsql"))
>>> r = passes.run(passes.run(r), passes.SIZING_RULES, sizing=s)
>>> ctx = FileContext(r, estimate_file(r, s), s)
>>> [(f.code, f.column, f.bytes) for f in mssql_min_row_over_limit(ctx)]
[('S012', 'b', 1)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from analyzer.estimators import TableEstimate
from analyzer.estimators import mssql as mssql_estimator
from analyzer.estimators import teradata as teradata_estimator
from analyzer.ir import Column, Severity, Table
from analyzer.platforms.teradata import extra_presence_octets
from analyzer.records import record
from analyzer.rules.engine import FileContext
from analyzer.rules.registry import Family, Finding, Rule
from analyzer.settings import TeradataSettings
from analyzer.worksheet import Worksheet

FAMILY = Family(
    "S",
    "sizing",
    "Rows a platform refuses, moves off the row or pads: the estimators' limits and layouts.",
)

_MSSQL_LIMITS = "SQL Server docs, Maximum capacity specifications; Row-Overflow Data Exceeding 8 KB"
_TD_ROW = "Teradata Database Design 16.10, Row Size Calculation"


# ------------------------------------------------------------------ helpers


def _step(ws: Worksheet, label: str) -> int:
    """The value of the step of ``ws`` labelled ``label`` (the estimator's own figure)."""
    for s in ws.steps:
        if s.label == label:
            return int(s.value)
    raise KeyError(label)


def _term(ws: Worksheet, label: str, term: str) -> int:
    for s in ws.steps:
        if s.label == label:
            for t in s.terms:
                if t.name == term:
                    return int(t.value)
    raise KeyError((label, term))


def _row_text(rows: int | None, table_saving: int | None) -> str:
    if rows is None or table_saving is None:
        return ""
    return f"; {table_saving:,} bytes for {rows:,} rows"


@record
class MinimumRow:
    """SQL Server's minimum row: every variable-length column empty (Msg 1701).

    ``fixed`` is the estimator's Fixed_Data_Size (fixed-length columns, bit columns 8 to a
    byte), ``overhead`` its Null_Bitmap (2-byte column count + 1 bit a column) plus the
    4-byte row header: "Estimate the Size of a Heap", steps 2b, 3 and 5.
    """

    fixed: int
    overhead: int

    @property
    def size(self) -> int:
        return self.fixed + self.overhead


def mssql_minimum_row(estimate: TableEstimate) -> MinimumRow:
    """The minimum row of a SQL Server estimate, from its row worksheet (heap or leaf).

    Msg 1701's "minimum row size would be N, including M bytes of internal overhead" is
    Fixed_Data_Size + Null_Bitmap + 4 with M = Null_Bitmap + 4: ``a char(8000), b
    char(54)`` gives 8054 + 3 + 4 = 8061 including 7, as the engine prints (tests cite
    the published messages).
    """
    ws = estimate.worksheets[0]
    header = _term(ws, "Row_Size", "row header")
    return MinimumRow(_step(ws, "Fixed_Data_Size"), _step(ws, "Null_Bitmap") + header)


def _crossing_column(table: Table, overhead: int, limit: int) -> Column | None:
    """The first column, in declared order, with which the minimum row passes ``limit``."""
    fixed = bits = 0
    for c in table.columns:
        s = c.storage
        if s is None:
            continue
        if s.category == "bit":
            bits += 1
        elif s.category == "fixed":
            fixed += s.data_length
        else:
            continue
        if fixed + math.ceil(bits / 8) + overhead > limit:
            return c
    return None


def superseded(findings: Iterable[Finding]) -> list[Finding]:
    """``findings`` without the S002 of a table that also has an S012 (same file and table).

    Both say a SQL Server CREATE TABLE fails; S012 is the engine's own condition (Msg
    1701) and its message carries S002's in-row figure, so S012 stays. The lint calls
    this once the file's findings are gathered; a run without S012 keeps every S002.
    """
    found = list(findings)
    over = {(f.path, f.table) for f in found if f.code == "S012"}
    if not over:
        return found
    return [f for f in found if not (f.code == "S002" and (f.path, f.table) in over)]


# ------------------------------------------------------------------ S012


def mssql_min_row_over_limit(ctx: FileContext) -> Iterator[Finding]:
    """Every SQL Server table whose minimum row is over 8,060 bytes: Msg 1701."""
    ms = ctx.sizing.mssql
    limit = ms.max_row_bytes
    for table in ctx.result.tables:
        if ctx.platform(table) != "mssql":
            continue
        estimate = ctx.estimate(table)
        if estimate is None:
            continue
        minimum = mssql_minimum_row(estimate)
        if minimum.size <= limit:
            continue
        name = table.name.name
        column = _crossing_column(table, minimum.overhead, limit)
        _, in_row = mssql_estimator.overflow(
            table, ms, estimate.max_row_bytes, estimate.row_limit or limit
        )
        tail = (
            f"; at its declared maximums the row keeps {in_row:,} bytes in the row even with "
            "every variable-length column on row-overflow pages"
            if in_row > minimum.size
            else ""
        )
        where = f"; over the limit from column {column.name}" if column is not None else ""
        yield MSSQL_MIN_ROW_OVER_LIMIT.finding(
            f"CREATE TABLE {name} fails with Msg 1701: \"Creating or altering table '{name}' "
            f"failed because the minimum row size would be {minimum.size}, including "
            f"{minimum.overhead} bytes of internal overhead. This exceeds the maximum "
            f'allowable table row size of {limit} bytes." ({minimum.fixed:,} bytes of '
            f"fixed-length columns{where}){tail}",
            ctx.path,
            span=column.span if column is not None else table.span,
            table=table,
            column=column,
            subject=str(table.name),
            bytes=minimum.size - limit,
            related=(table.span,) if column is not None and table.span is not None else (),
        )


# ------------------------------------------------------------------ S050


def _sized(table: Table) -> list[Column]:
    return [c for c in table.columns if c.storage is not None]


def presence_octets(columns: Sequence[Column], td: TeradataSettings) -> int:
    """Presence octets beyond the first, by the estimator's own rule (step 13 / PB).

    ``[size.teradata] presence_rule`` picks the exact rule (ceil((bits - 7) / 8), "Presence
    Bits") or the procedure's ((compressed + nullable) / 8, Row Size Calculation step 13).
    """
    _, _, procedure, exact = teradata_estimator._presence(list(columns), td)
    return exact if td.presence_rule == "exact" else procedure


def _presence_units(column: Column, td: TeradataSettings) -> int:
    """What ``column`` adds to the count its rule divides: bits, or columns counted."""
    if td.presence_rule == "exact":
        return column.storage.presence_bits if column.storage is not None else 0
    return int(column.nullable) + int(teradata_estimator._compressible(column))


def presence_octets_of(units: int, td: TeradataSettings) -> int:
    """:func:`presence_octets` of columns whose :func:`_presence_units` add up to ``units``
    (the exact rule counts bits, the procedure nullable and compressed columns): what the
    S050 check uses, summing each column's units once instead of recounting every prefix.

    >>> exact, procedure = TeradataSettings(), TeradataSettings(presence_rule="procedure")
    >>> [presence_octets_of(n, exact) for n in (7, 8, 15, 16)]
    [0, 1, 1, 2]
    >>> [presence_octets_of(n, procedure) for n in (7, 8, 15, 16)]
    [0, 1, 1, 2]
    """
    return extra_presence_octets(units) if td.presence_rule == "exact" else units // 8


def presence_crossing(
    columns: Sequence[Column], td: TeradataSettings
) -> tuple[Column, int, int] | None:
    """The column whose bits, counted in declared order, take the row to its last presence
    octet (the first prefix with all of them), the row's octets beyond the first, and those
    of the other columns; None when the row needs no octet beyond the first.

    Each column's units (bits, or columns counted) are summed once: the octets of any set
    of columns are those of their units' sum (:func:`presence_octets_of`).
    """
    counts = [_presence_units(c, td) for c in columns]
    octets = presence_octets_of(sum(counts), td)
    if octets == 0:
        return None
    running, at = 0, len(columns) - 1
    for i, count in enumerate(counts):
        running += count
        if presence_octets_of(running, td) == octets:
            at = i
            break
    crossing = columns[at]
    others = sum(n for c, n in zip(columns, counts, strict=True) if c is not crossing)
    return crossing, octets, presence_octets_of(others, td)


def _without_presence(table: Table, column: Column, td: TeradataSettings) -> Table:
    """``table`` with ``column``'s presence bits taken out (NOT NULL, no compress bits)."""
    assert column.storage is not None
    storage = replace(column.storage, presence_bits=0, compress_bits=0)
    changed = replace(column, nullable=False, storage=storage)
    if td.presence_rule == "procedure":
        changed = replace(changed, compression=None)  # the procedure counts the column
    columns = tuple(changed if c is column else c for c in table.columns)
    return replace(table, columns=columns)


def teradata_presence_byte_boundary(ctx: FileContext) -> Iterator[Finding]:
    """Every Teradata table with a presence octet that one column's bits alone need."""
    td = ctx.sizing.teradata
    for table in ctx.result.tables:
        if ctx.platform(table) != "teradata":
            continue
        columns = _sized(table)
        found = presence_crossing(columns, td)
        if found is None:
            continue  # no presence octet beyond the first
        estimate = ctx.estimate(table)
        if estimate is None:
            continue
        # The column that takes the row to its last octet, when the others fit one less.
        crossing, octets, others = found
        if others != octets - 1:
            continue
        lighter = teradata_estimator.estimate(
            _without_presence(table, crossing, td), ctx.path, ctx.sizing, explain=False
        )
        saving = estimate.row_bytes - lighter.row_bytes
        if saving <= 0:
            continue  # the row's rounding (even / multiple of 8) absorbs the octet
        table_saving = None
        if estimate.table_bytes is not None and lighter.table_bytes is not None:
            table_saving = estimate.table_bytes - lighter.table_bytes
        units = _presence_units(crossing, td)
        total = sum(_presence_units(c, td) for c in columns)
        what = "presence bit" if td.presence_rule == "exact" else "counted column"
        compressed = crossing.compression is not None
        name = table.name.name
        yield TERADATA_PRESENCE_BYTE_BOUNDARY.finding(
            f"column {crossing.name} ({units} {what}{'s' if units != 1 else ''}) takes table "
            f"{name} from {total - units} to {total} {what}s ({td.presence_rule} rule), one "
            f"more presence byte in every row: +1 byte per row; the {td.row_format} row is "
            f"{estimate.row_bytes} bytes, {lighter.row_bytes} with {crossing.name} NOT NULL"
            + (" and uncompressed" if compressed else "")
            + f" ({saving} per row after rounding"
            + _row_text(ctx.sizing.rows, table_saving)
            + ")",
            ctx.path,
            span=crossing.span,
            table=table,
            column=crossing,
            bytes=table_saving if table_saving is not None else saving,
        )


# ------------------------------------------------------------------ S051


def alignment_padding(items: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Pad bytes before each ``(alignment, size)`` laid out in order from an aligned start.

    Each starts at the next multiple of its alignment (the estimator's ``_align``, the
    exact procedure's ``(FP + FA - 1) - (FP + FA - 1) MOD FA``).

    >>> alignment_padding([(4, 4), (1, 20), (4, 4), (8, 8)])
    (0, 0, 0, 4)
    """
    pads = []
    offset = 0
    for align, size in items:
        start = teradata_estimator._align(offset, max(1, align))
        pads.append(start - offset)
        offset = start + size
    return tuple(pads)


def suggested_order(items: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Indices of ``items`` in the order with least padding of the two: alignment
    descending (stable), or the declared order when sorting saves nothing.

    With sizes that are multiples of their alignments (every Teradata fixed type) and
    power-of-two alignments, the sorted order needs no padding at all.

    >>> suggested_order([(1, 2), (4, 4), (8, 8)])
    (2, 1, 0)
    """
    declared = tuple(range(len(items)))
    ordered = tuple(sorted(declared, key=lambda i: -items[i][0]))
    pad = sum(alignment_padding([items[i] for i in ordered]))
    return ordered if pad < sum(alignment_padding(items)) else declared


def _fixed_area(table: Table) -> list[Column]:
    """The fixed-length (not compressible) columns: the exact procedure's steps 8-9."""
    return [
        c
        for c in _sized(table)
        if c.storage is not None
        and c.storage.category in ("fixed", "char")
        and not teradata_estimator._compressible(c)
    ]


def _item(c: Column) -> tuple[int, int]:
    s = c.storage
    assert s is not None
    return (s.alignment or 1, s.aligned_length or s.data_length)


def _padded(table: Table, last: Column, pad: int) -> Table:
    """``table`` with ``pad`` bytes added to the fixed area (FS) through ``last``."""
    assert last.storage is not None
    grown = replace(last.storage, aligned_length=_item(last)[1] + pad)
    columns = tuple(replace(c, storage=grown) if c is last else c for c in table.columns)
    return replace(table, columns=columns)


def teradata_alignment_padding(ctx: FileContext) -> Iterator[Finding]:
    """Every Teradata table whose fixed-length columns, aligned one by one in declared
    order, need padding that an order by alignment avoids (aligned row format only)."""
    td = ctx.sizing.teradata
    if td.row_format != "aligned":
        return
    for table in ctx.result.tables:
        if ctx.platform(table) != "teradata":
            continue
        fixed = _fixed_area(table)
        items = [_item(c) for c in fixed]
        pads = alignment_padding(items)
        order = suggested_order(items)
        best = sum(alignment_padding([items[i] for i in order]))
        saved = sum(pads) - best
        if saved <= 0:
            continue
        packed = teradata_estimator.aligned_exact(table, td)
        declared = teradata_estimator.aligned_exact(_padded(table, fixed[-1], saved), td)
        saving = int(declared.result) - int(packed.result)
        if saving <= 0:
            continue  # the trailing pad to a multiple of 8 absorbs it
        table_saving = None
        if ctx.sizing.rows is not None:
            with_pad = teradata_estimator.table_size(
                table, td, int(declared.result), ctx.sizing.rows
            )
            without = teradata_estimator.table_size(table, td, int(packed.result), ctx.sizing.rows)
            table_saving = int(with_pad.result) - int(without.result)
        first = next(c for c, p in zip(fixed, pads, strict=True) if p)
        before = ", ".join(f"{p} before {c.name}" for c, p in zip(fixed, pads, strict=True) if p)
        ordered = ", ".join(fixed[i].name for i in order)
        yield TERADATA_ALIGNMENT_PADDING.finding(
            f"table {table.name.name}: aligned one by one in declared order, its fixed-length "
            f"columns need {sum(pads)} pad byte(s) ({before}); ordered {ordered} they "
            f"need {best or 'none'}: the aligned row is {int(declared.result)} bytes in "
            f"declared order, {int(packed.result)} in that order ({saving} bytes per row"
            + _row_text(ctx.sizing.rows, table_saving)
            + "); ddlaudit's estimate assumes the order without padding",
            ctx.path,
            span=first.span,
            table=table,
            subject=str(table.name),
            bytes=table_saving if table_saving is not None else saving,
        )


# ------------------------------------------------------------------ the rules

UNSIZED_TYPE = Rule(
    "S001",
    "unsized-type",
    "sizing",
    Severity.WARNING,
    "the target platform has no such type or cannot size it",
    what="Reports a column whose type the target platform does not have (a Teradata PERIOD "
    "sized for SQL Server, a sql_variant sized for Teradata), cannot be sized from the DDL "
    "(a structured UDT, a persisted computed column, whose type comes from its expression) "
    "or that is not resolved. The rest of the table is sized without the column.",
    why="Every figure of the table (row, rows per page, pages, the row-limit checks) "
    "leaves the column out, so it is low by the column's bytes; a limit a migration would "
    "hit can go unnoticed.",
    example="CREATE TABLE orders (\n    id int NOT NULL,\n    qty int NOT NULL,\n"
    "    price money NOT NULL,\n    total AS (qty * price) PERSISTED\n)",
    fix="Give the column a type ddlaudit can size, or (a computed column) leave it "
    "virtual, when nothing reads it often enough to store it:\n\nCREATE TABLE orders (\n"
    "    id int NOT NULL,\n    qty int NOT NULL,\n    price money NOT NULL,\n"
    "    total AS (qty * price)\n)",
    references=(
        "docs/decisions.md D18 (other platforms' types on Teradata), D40 (on SQL Server), "
        "D45 (on ASE), D50 (on HiRDB)",
        "SQL Server: Computed columns, PERSISTED (the type is the expression's)",
    ),
    reported_by="data_length pass",
)

ROW_OVER_LIMIT = Rule(
    "S002",
    "row-over-limit",
    "sizing",
    Severity.WARNING,
    "a row can exceed the platform's maximum row size",
    what="Reports a table whose row, at its columns' declared maximums, is longer than the "
    "platform's maximum row: Teradata 64,256 bytes before 16.0 and 1 MB from 16.0; Sybase "
    "ASE the maximum row length of the page size and locking scheme; SQL Server 8,060 "
    "bytes (8,018 with sparse columns) for the part that stays in the row after every "
    "variable-length column moved to row-overflow pages. A SQL Server table over by its "
    "minimum row is S012 instead: the lint drops the S002 of a table that has an S012 "
    "(same condition; S012's message keeps S002's in-row figure).",
    why="Inserts and updates of long rows fail at run time (ASE creates the table with a "
    "warning; Teradata refuses rows over the limit), usually years after deployment, when "
    "a value first reaches the declared length.",
    example="create table notes (\n    id int not null,\n    body varchar(1975) not null\n)",
    fix="Shorten the widest columns, move them to text / a LOB, or use a larger page size "
    "(ASE: 4K pages allow 4,010-byte rows):\n\ncreate table notes (\n    id int not null,\n"
    "    body varchar(1900) not null\n)",
    references=(
        "Sybase ASE: System Administration Guide, maximum row and column length by page "
        "size and locking scheme (docs/decisions.md D49)",
        "Teradata Database Design 16.10, General Row Structure (64,256 bytes); Database "
        "Limits (1 MB from 16.0, D16)",
        f"{_MSSQL_LIMITS} (docs/decisions.md D42)",
    ),
    reported_by="mssql, ase and teradata estimators",
    dialect="sybase",
)

NO_SIZING = Rule(
    "S003",
    "no-sizing",
    "sizing",
    Severity.WARNING,
    "ddlaudit has no sizing for the table's platform",
    what="Reports a table whose platform has no sizing in ddlaudit, so none of the S rules "
    "can check it. The command line cannot reach it today: every dialect ddlaudit reads is "
    "sized for its own platform, and `--platform` / `[size] platform` accept only the "
    "sized ones (mssql, ase, teradata, hirdb); a library caller passing another platform, "
    "or a dialect added without sizing, gets it.",
    why="The size and limit checks would be silently missing for that table.",
    example='-- sized with SizingSettings(platform="oracle") through the library API\n'
    "CREATE TABLE orders (id int NOT NULL)",
    fix="Size the table for a platform ddlaudit knows (mssql, ase, teradata, hirdb):\n\n"
    '-- ddlaudit.toml: [size] platform = "mssql"\nCREATE TABLE orders (id int NOT NULL)',
    references=("docs/estimators/ (the platforms ddlaudit sizes)",),
    reported_by="data_length pass",
)

MSSQL_ROW_OVERFLOW = Rule(
    "S010",
    "mssql-row-overflow",
    "sizing",
    Severity.WARNING,
    "SQL Server moves variable-length columns to row-overflow",
    what="Reports a SQL Server table whose row, at its declared maximums, is over 8,060 "
    "bytes (8,018 with sparse columns) and lists the varchar, nvarchar, varbinary, "
    "sql_variant and CLR columns SQL Server would move to ROW_OVERFLOW_DATA, widest first, "
    "each leaving a 24-byte pointer, until the row fits.",
    why="A row whose values move off the row costs an extra page read for every access to "
    "them, and an update that makes a value longer can move it; CREATE TABLE only warns "
    "(Msg 1708). When even the moves cannot make the row fit, S002 or S012 says so.",
    example="CREATE TABLE customer (\n    id int NOT NULL,\n    notes nvarchar(4000) NULL,\n"
    "    comment varchar(3000) NULL\n)",
    fix="Keep the declared row under 8,060 bytes (narrower columns, or the long text in "
    "its own table or an nvarchar(max) column stored out of row):\n\n"
    "CREATE TABLE customer (\n    id int NOT NULL,\n    notes nvarchar(2000) NULL,\n"
    "    comment varchar(3000) NULL\n)",
    references=(
        "SQL Server docs, Row-Overflow Data Exceeding 8 KB (the 24-byte pointer, widest "
        "column first)",
        "docs/decisions.md D42",
    ),
    platforms=("mssql",),
    reported_by="mssql estimator",
)

MSSQL_SPARSE_NOT_ALLOWED = Rule(
    "S011",
    "mssql-sparse-not-allowed",
    "sizing",
    Severity.WARNING,
    "a SPARSE column SQL Server does not allow",
    what="Reports a SPARSE column that is NOT NULL or of a type that cannot be sparse "
    "(text, ntext, image, timestamp / rowversion, geography, geometry, user-defined types). "
    "It is sized as declared.",
    why="SQL Server refuses the CREATE TABLE (Msg 1731 for a NOT NULL sparse column), so "
    "the script does not deploy.",
    example="CREATE TABLE survey (\n    id int NOT NULL,\n    answer int SPARSE NOT NULL\n)",
    fix="Make the sparse column nullable (sparse columns only save space on NULLs), or drop "
    "SPARSE:\n\nCREATE TABLE survey (\n    id int NOT NULL,\n    answer int SPARSE NULL\n)",
    references=("SQL Server docs, Use Sparse Columns: restrictions",),
    platforms=("mssql",),
    reported_by="mssql estimator",
)

MSSQL_MIN_ROW_OVER_LIMIT = Rule(
    "S012",
    "mssql-min-row-over-limit",
    "sizing",
    Severity.ERROR,
    "SQL Server refuses the table: its minimum row is over 8,060 bytes (Msg 1701)",
    what="Reports a SQL Server table whose minimum row (every variable-length column "
    "empty) is over 8,060 bytes, quoting the engine's Msg 1701 with its figures: minimum "
    "row size = Fixed_Data_Size + Null_Bitmap + 4, of which internal overhead = "
    "Null_Bitmap + 4 (4-byte row header, 2-byte column count, a NULL bit per column "
    "rounded up to bytes), the estimator's own steps 2b, 3 and 5 of 'Estimate the Size of "
    "a Heap'. Variable-length, (max) and text columns add nothing to the minimum, nor do "
    "sparse columns; bit columns count 8 to a byte. The finding points at the column "
    "with which the fixed-length part passes the limit, in declared order. It is distinct "
    "from S010 (the declared maximum moves columns off the row: a warning, the table is "
    "created) and replaces S002 for the same table (S002 says, from the declared "
    "maximums, that CREATE TABLE fails; S012 is the engine's own check, and keeps S002's "
    "in-row figure in its message).",
    why='CREATE TABLE (and ALTER TABLE ADD / ALTER COLUMN) fails: "Creating or altering '
    "table 'T' failed because the minimum row size would be N, including M bytes of "
    "internal overhead. This exceeds the maximum allowable table row size of 8060 "
    'bytes." Fixed-length columns cannot move to row-overflow pages, so the script never '
    "deploys.",
    example="CREATE TABLE test (\n    a char(8000) NOT NULL,\n    b char(54) NOT NULL\n)",
    fix="Make the long columns variable-length (they can then move to row-overflow pages) "
    "or shorten the fixed-length part to 8,060 bytes with its overhead:\n\n"
    "CREATE TABLE test (\n    a varchar(8000) NOT NULL,\n    b char(54) NOT NULL\n)",
    references=(
        "SQL Server: Msg 1701 (sys.messages), published with its figures, e.g. "
        "'test' (a char(8000), b char(54)): 8061 including 7 (jongurgul.com, SQL Server "
        "Max Row Size 8060); 'zTest' (int, char(8000), char(8000)): 16011 including 7 "
        "(Microsoft, Chad Boyd, Row sizes exceeding 8060 bytes in Sql 2005)",
        "SQL Server docs, Estimate the Size of a Heap, steps 2-5 (Null_Bitmap, Row_Size)",
        _MSSQL_LIMITS,
    ),
    platforms=("mssql",),
    check=mssql_min_row_over_limit,
)

ASE_COLUMN_OVER_LIMIT = Rule(
    "S015",
    "ase-column-over-limit",
    "sizing",
    Severity.WARNING,
    "an ASE column is longer than its page size allows",
    what="Reports a column that can hold more bytes than the maximum column length of the "
    "table's page size and locking scheme (APL 1948 / 3988 / 8068 / 16228, DOL 1954 / "
    "4002 / 8098 / 16290 on 2K / 4K / 8K / 16K pages, ASE 15.7).",
    why="ASE creates the table, but a value longer than the maximum column length cannot "
    "be stored: the insert or update fails at run time.",
    example="create table notes (\n    id int not null,\n    body varchar(1975) not null\n)",
    fix="Shorten the column to the page's maximum, use text, or a larger server page "
    "size:\n\ncreate table notes (\n    id int not null,\n    body varchar(1900) not null\n)",
    references=(
        "Sybase ASE 15.7: System Administration Guide, maximum row and column length by "
        "page size and locking scheme (docs/decisions.md D49)",
    ),
    platforms=("ase",),
    reported_by="ase estimator",
    dialect="sybase",
)

ASE_PROPERTY_NOT_APPLIED = Rule(
    "S016",
    "ase-property-not-applied",
    "sizing",
    Severity.INFO,
    "an ASE space property the locking scheme ignores",
    what="Reports `max_rows_per_page` on a data-only-locked table, or `exp_row_size` on "
    "an allpages-locked one: ASE stores the value but applies it only once the locking "
    "scheme changes.",
    why="The space management the script asks for does not happen, so the table's pages "
    "fill differently from what its author (and the size estimate) expect.",
    example="create table t (a int not null)\nlock datarows with max_rows_per_page = 10",
    fix="Use the property of the locking scheme (exp_row_size or reservepagegap for "
    "data-only locking):\n\ncreate table t (a int not null)\nlock datarows with "
    "exp_row_size = 10",
    references=(
        "Sybase ASE: Performance and Tuning, Space management properties (docs/decisions.md D48)",
    ),
    platforms=("ase",),
    reported_by="ase estimator",
    dialect="sybase",
)

HIRDB_ROW_OVER_PAGE = Rule(
    "S030",
    "hirdb-row-over-page",
    "sizing",
    Severity.WARNING,
    "a HiRDB row does not fit a page even after branching",
    what="Reports a table whose row length in the page (BL = sum(di) + 2 x f + 6, after "
    "the splittable columns branch, Table 17-1 note 5) is over the page length - 50, as "
    "sized or at the declared maximums.",
    why="HiRDB rejects rows longer than a page: inserts fail (Installation and Design "
    "Guide 15.3.1).",
    example="CREATE TABLE L (A CHAR(5000));",
    fix="Use a larger page (an RDAREA with a longer page length) or a variable-length "
    "column HiRDB can branch:\n\nCREATE TABLE L (A VARCHAR(5000));",
    references=(
        "HiRDB Version 8 Installation and Design Guide 15.3.1; Table 17-1 note 5 (branch "
        "rows, docs/decisions.md D56)",
    ),
    platforms=("hirdb",),
    reported_by="hirdb estimator",
    dialect="hirdb",
)

HIRDB_SUPPRESS_ADVISED_AGAINST = Rule(
    "S031",
    "hirdb-suppress-advised-against",
    "sizing",
    Severity.WARNING,
    "SUPPRESS on a table the manual says not to",
    what="Reports `SUPPRESS DECIMAL` or column `SUPPRESS` on a table where 32717 < a + "
    "columns x 2 + 8 (a: the data lengths without suppression).",
    why="Table 17-1 notes 2-4 advise against suppression on such tables: the row may not "
    "fit when values cannot be suppressed.",
    example="CREATE TABLE W (C0 CHAR(3000) SUPPRESS, C1 CHAR(3000) SUPPRESS, C2 CHAR(3000) "
    "SUPPRESS,\n  C3 CHAR(3000) SUPPRESS, C4 CHAR(3000) SUPPRESS, C5 CHAR(3000) SUPPRESS,\n"
    "  C6 CHAR(3000) SUPPRESS, C7 CHAR(3000) SUPPRESS, C8 CHAR(3000) SUPPRESS,\n"
    "  C9 CHAR(3000) SUPPRESS, C10 CHAR(3000) SUPPRESS) IN R1;",
    fix="Drop SUPPRESS on such a table (or split it):\n\nCREATE TABLE W (C0 CHAR(3000), "
    "C1 CHAR(3000), C2 CHAR(3000), C3 CHAR(3000),\n  C4 CHAR(3000), C5 CHAR(3000), "
    "C6 CHAR(3000), C7 CHAR(3000), C8 CHAR(3000),\n  C9 CHAR(3000), C10 CHAR(3000)) IN R1;",
    references=(
        "HiRDB Version 8 Installation and Design Guide, Table 17-1 notes 2-4 "
        "(docs/decisions.md D55)",
    ),
    platforms=("hirdb",),
    reported_by="hirdb estimator",
    dialect="hirdb",
)

HIRDB_RDAREA_DEFAULTS = Rule(
    "S032",
    "hirdb-rdarea-defaults",
    "sizing",
    Severity.INFO,
    "an RDAREA has no [rdareas] entry; defaults were used",
    what="Reports a table stored in an RDAREA that ddlaudit.toml does not describe "
    "(`[rdareas.NAME] page_length`, `segment_size`): `[size.hirdb]` page_length and "
    "segment_size were used.",
    why="Rows per page and pages depend on the RDAREA's page length; with the defaults the "
    "table's size may be off by the ratio of page lengths.",
    example="CREATE TABLE W (A CHAR(300), B CHAR(100)) IN RDX;",
    fix="Describe the RDAREA in ddlaudit.toml:\n\n[rdareas.RDX]\npage_length = 8192\n"
    "segment_size = 20",
    references=("docs/decisions.md D22 (RDAREA page length and segment size)",),
    platforms=("hirdb",),
    reported_by="hirdb estimator",
    dialect="hirdb",
)

HIRDB_PAGE_LENGTH = Rule(
    "S033",
    "hirdb-page-length",
    "sizing",
    Severity.WARNING,
    "a HiRDB page length is not a multiple of 2048",
    what="Reports a table sized with a page length (`[rdareas.NAME]` or `[size.hirdb]`) that "
    "is not a multiple of 2048.",
    why="HiRDB page lengths are 4096-30720 in steps of 2048: the setting is a typo, and the "
    "rows per page and pages computed with it describe no real RDAREA.",
    example="-- ddlaudit.toml: [size.hirdb] page_length = 5000\n"
    "CREATE TABLE W (A CHAR(300), B CHAR(100));",
    fix="Use the RDAREA's real page length:\n\n-- ddlaudit.toml: [size.hirdb] page_length "
    "= 4096\nCREATE TABLE W (A CHAR(300), B CHAR(100));",
    references=("HiRDB Version 8 System Definition, RDAREA page length",),
    platforms=("hirdb",),
    reported_by="hirdb estimator",
    dialect="hirdb",
)

HIRDB_ROW_OVER_PCTFREE = Rule(
    "S034",
    "hirdb-row-over-pctfree",
    "sizing",
    Severity.INFO,
    "a row does not fit the page space PCTFREE leaves",
    what="Reports a table whose row fits a page but not the share of it PCTFREE leaves "
    "for inserts; 1 row per page is assumed.",
    why="Each row takes a page of its own: the table is several times larger than its rows "
    "need, and the unused space setting does nothing.",
    example="CREATE TABLE W (A CHAR(3000), B CHAR(100)) PCTFREE = (40, 10);",
    fix="Lower PCTFREE's unused space, or use a larger page:\n\n"
    "CREATE TABLE W (A CHAR(3000), B CHAR(100)) PCTFREE = (10, 10);",
    references=(
        "HiRDB Version 8 Installation and Design Guide, rows per page (docs/decisions.md D21, D51)",
    ),
    platforms=("hirdb",),
    reported_by="hirdb estimator",
    dialect="hirdb",
)

TERADATA_PRESENCE_BYTE_BOUNDARY = Rule(
    "S050",
    "teradata-presence-byte-boundary",
    "sizing",
    Severity.INFO,
    "one column's presence bits add a presence byte to every Teradata row",
    what="Reports the column whose presence and compress bits take a Teradata row into one "
    "more presence octet, when the other columns' bits fit one octet less: the first column, "
    "in declared order, at which the running count needs the row's last octet (the manual "
    "does not say in which order the bits are assigned; declared order is ddlaudit's "
    "reading), reported only when without its bits the row needs one octet less. The "
    "bits and octets are the estimator's own (`[size.teradata] presence_rule`: exact, 7 "
    "usable bits in the first octet and 8 in each further one, or the procedure's "
    "(compressed + nullable) / 8). The message says the +1 byte per row and the row as "
    "sized with and without the column's bits (the estimator rerun with the column NOT "
    "NULL and without compress bits); a byte the row's rounding absorbs (to an even "
    "length, packed64; to a multiple of 8, aligned) saves nothing and is not reported. "
    "With `--rows` / `[size] rows` it gives the permanent bytes of the table too, and "
    "the finding's bytes are those (else the bytes per row). Info: the DDL is legal and "
    "the cost is a byte a row.",
    why="Each presence octet is stored in every row: on a large table one column declared "
    "nullable (or compressed on many values) without need costs one byte per row, a "
    "byte that declaring it NOT NULL (or compressing fewer values) saves.",
    example="CREATE TABLE t (\n    c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER,\n"
    "    c5 INTEGER, c6 INTEGER, c7 INTEGER,\n    c8 INTEGER\n) PRIMARY INDEX (c1);",
    fix="Declare the column NOT NULL when it never holds nulls (or compress fewer "
    "values):\n\nCREATE TABLE t (\n    c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER,\n"
    "    c5 INTEGER, c6 INTEGER, c7 INTEGER,\n    c8 INTEGER NOT NULL\n) PRIMARY INDEX (c1);",
    references=(
        "Teradata Database Design 16.10: Presence Bits; Number of Presence Bits Required "
        "to Represent Compressed Values",
        f"{_TD_ROW}, Procedure for Packed64 Systems steps 11-13 and 17-18",
        "docs/decisions.md D14 (the exact rule)",
    ),
    platforms=("teradata",),
    check=teradata_presence_byte_boundary,
    dialect="teradata",
)

TERADATA_ALIGNMENT_PADDING = Rule(
    "S051",
    "teradata-alignment-padding",
    "sizing",
    Severity.INFO,
    "a Teradata column order that needs alignment padding in the aligned row format",
    what='On aligned-row systems (`[size.teradata] row_format = "aligned"`; packed64 rows '
    "align no column, so nothing is reported there), lays out the fixed-length, not "
    "compressible columns one by one in declared order, each at a multiple of its "
    "alignment (the Data Types tables: INTEGER 4, DECIMAL(10-18) 8, TIMESTAMP 4, CHAR "
    "LATIN 1, ...; the aligned sizes the estimator uses), and reports the padding an "
    "order by alignment, widest first, avoids: the pad bytes before each column, the "
    "order, and the aligned row (the estimator's exact procedure, rerun with the pad) in "
    "declared order and in that order. Reported only when the row as stored shrinks (a "
    "saving the trailing pad to a multiple of 8 absorbs is none). Compressible columns "
    '("can be stored in any order") and variable-length columns are not reordered.',
    why="The manual's exact aligned-row procedure (and ddlaudit's estimate) packs the fixed "
    "columns with one alignment pad for the whole area; whether Teradata reorders them "
    "itself is not documented (reference teradata.md §5). Declaring them widest alignment "
    "first makes the estimate hold either way and costs nothing; in declared order the "
    "padding would be paid in every row, like PostgreSQL's (Atlas PG110).",
    example="CREATE TABLE Employee (\n    EmpNum INTEGER NOT NULL,\n    SupEmpNum INTEGER,\n"
    "    DeptNum INTEGER,\n    JobCode SMALLINT,\n    LName CHAR(20) NOT NULL,\n"
    "    FName VARCHAR(30) NOT NULL,\n    HireDate DATE NOT NULL,\n    BDate DATE NOT NULL,\n"
    "    SalAmt DECIMAL(10,2) NOT NULL\n) UNIQUE PRIMARY INDEX (EmpNum);",
    fix="Declare the fixed-length columns by alignment, widest first (here 6 pad bytes, "
    "the aligned row 104 -> 96 bytes):\n\nCREATE TABLE Employee (\n    SalAmt DECIMAL(10,2) "
    "NOT NULL,\n    EmpNum INTEGER NOT NULL,\n    SupEmpNum INTEGER,\n    DeptNum INTEGER,\n"
    "    HireDate DATE NOT NULL,\n    BDate DATE NOT NULL,\n    JobCode SMALLINT,\n"
    "    LName CHAR(20) NOT NULL,\n    FName VARCHAR(30) NOT NULL\n) UNIQUE PRIMARY INDEX "
    "(EmpNum);",
    references=(
        "Teradata Database Design 15.00, Row Structure for Aligned Row Format Systems (the "
        "pad fields); Byte Alignment",
        "Teradata Database Design 16.10: Integer, Non-INTEGER Numeric, DateTime, Period, "
        "Character and Byte Data Types (alignment and aligned size)",
        f"{_TD_ROW}, Procedure To Determine the Exact Row Size for Aligned Row Systems "
        "(docs/decisions.md D19)",
        "Atlas: Optimal data alignment in tables (PG110)",
    ),
    platforms=("teradata",),
    check=teradata_alignment_padding,
    dialect="teradata",
)

RULES: tuple[Rule, ...] = (
    UNSIZED_TYPE,
    ROW_OVER_LIMIT,
    NO_SIZING,
    MSSQL_ROW_OVERFLOW,
    MSSQL_SPARSE_NOT_ALLOWED,
    MSSQL_MIN_ROW_OVER_LIMIT,
    ASE_COLUMN_OVER_LIMIT,
    ASE_PROPERTY_NOT_APPLIED,
    HIRDB_ROW_OVER_PAGE,
    HIRDB_SUPPRESS_ADVISED_AGAINST,
    HIRDB_RDAREA_DEFAULTS,
    HIRDB_PAGE_LENGTH,
    HIRDB_ROW_OVER_PCTFREE,
    TERADATA_PRESENCE_BYTE_BOUNDARY,
    TERADATA_ALIGNMENT_PADDING,
)

__all__ = [
    "FAMILY",
    "RULES",
    "MinimumRow",
    "alignment_padding",
    "mssql_min_row_over_limit",
    "mssql_minimum_row",
    "presence_crossing",
    "presence_octets",
    "presence_octets_of",
    "suggested_order",
    "superseded",
    "teradata_alignment_padding",
    "teradata_presence_byte_boundary",
]
