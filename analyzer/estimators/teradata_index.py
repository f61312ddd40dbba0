"""Teradata secondary index subtables: Database Design, "Sizing a Unique Secondary Index
Subtable" and "Sizing a Nonunique Secondary Index Subtable" (docs/estimators/teradata-indexes.md).

USI Sizing Equation (packed64 and aligned row format alike): ``NPPI USI subtable size =
Row Count x (Index Value Size + 28)``, ``PPI USI subtable size = Row Count x (Index Value
Size + 30)``; Index Value Size "must include any trailing pad bytes added for alignment
purposes. All row lengths must be an even number of bytes"; "If fallback is defined for the
base table, then double the calculated result"; the database "implicitly creates a unique
secondary index on any column set specified as PRIMARY KEY or UNIQUE" (unless it is the
primary index).

A USI on an INTEGER and a CHAR(5) column (9 bytes, padded to 10) of a 1,000-row table
without partitioning: 1,000 x (10 + 28) = 38,000 bytes:

>>> usi_worksheet("t.u", (("a", 4), ("b", 5)), 1000, False, False).value("U5")
38000

"Sizing a Nonunique Secondary Index Subtable" (NUSI Sizing Equation; D116): every base
table rowID is stored once ("Cardinality x 8" for a nonpartitioned primary index table,
"Cardinality x 10" for a PPI table), plus one subtable row per distinct value per AMP that
holds it: NumDistinct x MIN(NumAmps, Rows per value) rows of IndexValueSize + the NUSI row
overhead (20 bytes: row length 2, NUSI rowID 8, spare 1, presence 1, three offsets 6,
reference array 2); doubled with FALLBACK. NumDistinct is not in DDL: it comes from
``[size.teradata.nusi_distinct]``, NumAmps from ``[size.teradata] amps`` (``--amps``).
Without NumDistinct only the rowID bytes are given, a lower bound.

1,000,000 rows, 40 distinct values on 100 AMPs (25,000 rows a value: every AMP has every
value), an INTEGER index: 8,000,000 bytes of rowIDs + 40 x 100 rows of 4 + 20 bytes:

>>> nusi_worksheet("t.n", (("a", 4),), 1_000_000, 40, 100, 20, False, False).value("N10")
8096000
"""

from __future__ import annotations

from collections.abc import Sequence

from analyzer.estimators.index_estimate import IndexEstimate
from analyzer.ir import ConstraintKind, Index, QualifiedName, Span, Table
from analyzer.settings import SizingSettings, TeradataSettings
from analyzer.worksheet import Step, Term, Worksheet

_DD = "Teradata Database Design, Database-Level Capacity Planning Considerations"
_USI = f"{_DD}, Sizing a Unique Secondary Index Subtable"
_NUSI = f"{_DD}, Sizing a Nonunique Secondary Index Subtable"


def usi_worksheet(
    title: str,
    columns: Sequence[tuple[str, int]],
    rows: int | None,
    ppi: bool,
    fallback: bool,
) -> Worksheet:
    """The USI Sizing Equation, step by step."""
    value = sum(size for _, size in columns)
    padded = value + value % 2
    overhead = 30 if ppi else 28
    ws = Worksheet(title, _USI).add(
        Step(
            "U1",
            "Index Value Size",
            "size of the column set on which the USI is defined",
            value,
            tuple(Term(name, size) for name, size in columns),
        ),
        Step(
            "U2",
            "Index Value Size with pad bytes",
            "rounded up to an even number of bytes (all row lengths are even)",
            padded,
        ),
        Step(
            "U3",
            "Block Overhead",
            "block and row headers and trailers, USI rowID, spare byte, presence bits, base "
            "table rowID: 28 (nonpartitioned primary index) or 30 (PPI)",
            overhead,
            note="PPI table" if ppi else "nonpartitioned primary index table",
        ),
        Step(
            "U4",
            "USI subtable row",
            "Index Value Size + Block Overhead",
            padded + overhead,
            (Term("Index Value Size", padded), Term("Block Overhead", overhead)),
        ),
    )
    if rows is None:
        return ws
    size = rows * (padded + overhead)
    ws = ws.add(
        Step(
            "U5",
            "USI subtable size",
            f"Row Count x (Index Value Size + {overhead}) = {rows:,} x {padded + overhead}",
            size,
        )
    )
    if fallback:
        ws = ws.add(Step("U6", "USI subtable size with fallback", "x 2 (FALLBACK)", 2 * size))
    return ws


def nusi_worksheet(
    title: str,
    columns: Sequence[tuple[str, int]],
    rows: int | None,
    distinct: int | None,
    amps: int,
    overhead: int,
    ppi: bool,
    fallback: bool,
) -> Worksheet:
    """The NUSI Sizing Equation, step by step (the rowID part alone without ``distinct``)."""
    value = sum(size for _, size in columns)
    padded = value + value % 2
    rowid = 10 if ppi else 8
    row = padded + overhead
    ws = Worksheet(title, _NUSI).add(
        Step(
            "N1",
            "IndexValueSize",
            "the number of index data bytes, rounded up to an even number (all row lengths "
            "are even)",
            padded,
            tuple(Term(n, s) for n, s in columns) + ((Term("pad byte", 1),) if value % 2 else ()),
        ),
        Step(
            "N2",
            "Base table rowID per row",
            "Cardinality x 8 (nonpartitioned primary index) or x 10 (PPI)",
            rowid,
            note="PPI table" if ppi else "nonpartitioned primary index table",
        ),
        Step(
            "N3",
            "NUSI subtable row",
            f"IndexValueSize + NUSI row overhead ({overhead}: row length 2, NUSI rowID 8, "
            "spare 1, presence 1, 3 offsets 6, reference array 2; D116)",
            row,
            (Term("IndexValueSize", padded), Term("NUSI row overhead", overhead)),
        ),
    )
    if rows is None:
        return ws
    ids = rows * rowid
    ws = ws.add(Step("N4", "Base table rowIDs", f"Cardinality x {rowid} = {rows:,} x {rowid}", ids))
    if distinct is None:
        if fallback:
            ws = ws.add(Step("N4f", "Base table rowIDs with fallback", "x 2 (FALLBACK)", 2 * ids))
        return ws
    given = distinct
    distinct = max(1, min(distinct, rows)) if rows else 0
    per_value = rows / distinct if distinct else 0.0
    # NumDistinct x MIN(NumAmps, Rows per value): at most one subtable row per row
    subrows = min(rows, distinct * amps)
    size = ids + subrows * row
    ws = ws.add(
        Step(
            "N5",
            "NumDistinct",
            "distinct values of the index columns ([size.teradata.nusi_distinct])",
            distinct,
            note=None if given == distinct else f"{given:,} given: at most one a row",
        ),
        Step(
            "N6",
            "Rows per value",
            f"Cardinality / NumDistinct = {rows:,} / {distinct:,}",
            round(per_value, 2),
        ),
        Step(
            "N7",
            "NumAmps",
            "AMPs of the system ([size.teradata] amps, --amps)",
            amps,
            note="the default of 1: set it to the system's AMP count" if amps == 1 else None,
        ),
        Step(
            "N8",
            "MIN(NumAmps, Rows per value)",
            "the lesser of the two: "
            + (
                "every AMP has every value"
                if amps <= per_value
                else "not every AMP has every value"
            ),
            round(min(amps, per_value), 2),
        ),
        Step(
            "N9",
            "NUSI subtable rows",
            "NumDistinct x MIN(NumAmps, Rows per value)",
            subrows,
        ),
        Step(
            "N10",
            "NUSI subtable size",
            f"Cardinality x {rowid} + NUSI subtable rows x NUSI subtable row",
            size,
            (Term("base table rowIDs", ids), Term(f"{subrows:,} rows x {row}", subrows * row)),
        ),
    )
    if fallback:
        ws = ws.add(Step("N11", "NUSI subtable size with fallback", "x 2 (FALLBACK)", 2 * size))
    return ws


def nusi_distinct(
    settings: TeradataSettings, table: QualifiedName, columns: Sequence[str]
) -> int | None:
    """The distinct values given for ``table``'s index on ``columns``
    (``[size.teradata.nusi_distinct]``: the qualified name as written, else the bare name)."""
    names = {
        ".".join(p for p in (table.catalog, table.schema, table.name) if p).lower(),
        table.name.lower(),
    }
    wanted = ",".join(c.lower() for c in columns)
    for (tab, cols), count in settings.nusi_distinct:
        if cols == wanted and tab in names:
            return count
    return None


def _primary_index(table: Table) -> tuple[str, ...] | None:
    """The primary index columns, the default one included (Primary Index Defaults: the
    PRIMARY KEY, else the first UNIQUE, when no PRIMARY INDEX clause is written)."""
    for ix in table.indexes:
        if ix.kind in ("primary_index", "primary_amp"):
            return ix.columns
        if ix.kind == "no_primary_index":
            return None
    pk = table.primary_key
    if pk is not None:
        return pk.columns
    first = next((c for c in table.constraints if c.kind == ConstraintKind.UNIQUE), None)
    return first.columns if first is not None else None


def _same(a: Sequence[str], b: Sequence[str] | None) -> bool:
    return b is not None and [x.lower() for x in a] == [x.lower() for x in b]


def secondary_indexes(table: Table) -> list[tuple[str, tuple[str, ...], bool, str, Span | None]]:
    """(name, columns, unique, source, span) of every secondary index (D107): USIs for PRIMARY
    KEY and UNIQUE constraints that are not the primary index, and CREATE / declared
    secondary indexes."""
    pi = _primary_index(table)
    out: list[tuple[str, tuple[str, ...], bool, str, Span | None]] = []
    for c in table.constraints:
        if c.kind not in (ConstraintKind.PRIMARY_KEY, ConstraintKind.UNIQUE) or c.declared_by:
            continue
        if _same(c.columns, pi):
            continue
        kind = c.kind.value.replace("_", " ")
        out.append((c.name or kind, c.columns, True, f"{kind} constraint", c.span))
    for ix in table.indexes:
        if ix.kind == "secondary":
            out.append(_from_index(ix))
    return out


def _from_index(ix: Index) -> tuple[str, tuple[str, ...], bool, str, Span | None]:
    source = "create index" if ix.table is not None else "table"
    name = ix.name or ("USI" if ix.unique else "NUSI") + " (" + ", ".join(ix.columns) + ")"
    return name, ix.columns, ix.unique, source, ix.span


def estimate(table: Table, path: str, sizing: SizingSettings) -> tuple[IndexEstimate, ...]:
    """Every secondary index subtable of ``table`` on Teradata."""
    rows = sizing.rows
    pi = next((ix for ix in table.indexes if ix.kind in ("primary_index", "primary_amp")), None)
    ppi = pi is not None and bool(pi.partitioning)
    fallback = table.options.fallback is True
    out = []
    for name, columns, unique, source, span in secondary_indexes(table):
        sized = []
        missing = []
        for col in columns:
            c = table.column(col)
            if c is None or c.storage is None:
                missing.append(col)
            else:
                sized.append((c.name, int(c.storage.data_length)))
        title = f"{table.name.name}.{name}: {'USI' if unique else 'NUSI'} subtable"
        if unique:
            ws = usi_worksheet(title, sized, rows, ppi, fallback)
            last = ws.steps[-1].step
            total = int(ws.value(last)) if rows is not None else None
            out.append(
                IndexEstimate(
                    path=path,
                    table=table.name,
                    platform="teradata",
                    index=name,
                    kind="USI",
                    unique=True,
                    source=source,
                    columns=columns,
                    leaf_row_bytes=int(ws.value("U4")),
                    rows=rows,
                    index_bytes=total,
                    row_locator="base table rowID (in the Block Overhead)",
                    worksheets=(ws,),
                    note=(f"not sized: {', '.join(missing)}; " if missing else "")
                    + ("fallback: doubled" if fallback else "no fallback"),
                    span=span,
                )
            )
            continue
        td = sizing.teradata
        distinct = nusi_distinct(td, table.name, columns)
        ws = nusi_worksheet(
            title, sized, rows, distinct, td.amps, td.nusi_row_overhead, ppi, fallback
        )
        rowid = 10 if ppi else 8
        last = ws.steps[-1].step
        total = int(ws.value(last)) if rows is not None and distinct is not None else None
        if distinct is None:
            note = (
                "lower bound: the NUSI Sizing Equation needs NumDistinct, not in DDL; give it "
                f'as [size.teradata.nusi_distinct] "{table.name.name}.{",".join(columns)}" = N'
            )
        else:
            note = f"NumDistinct {distinct:,}, NumAmps {td.amps}" + (
                "; fallback: doubled" if fallback else ""
            )
        if missing:
            note = f"not sized: {', '.join(missing)}; {note}"
        out.append(
            IndexEstimate(
                path=path,
                table=table.name,
                platform="teradata",
                index=name,
                kind="NUSI",
                unique=False,
                source=source,
                columns=columns,
                leaf_row_bytes=int(ws.value("N3")),
                rows=rows,
                index_bytes=total,
                row_locator=f"base table rowIDs, {rowid} bytes each",
                worksheets=(ws,),
                note=note,
                span=span,
            )
        )
    return tuple(out)
