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

The NUSI equation needs the number of distinct values and of AMPs, which DDL does not say:
NUSIs are listed with the part the DDL fixes (8 bytes of base-table rowID per row, 10 for
a PPI table) and no total (D107).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from analyzer.estimators.indexes import IndexEstimate
from analyzer.ir import ConstraintKind, Index, Span, Table
from analyzer.settings import SizingSettings
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


def estimate(
    table: Table, path: str, sizing: SizingSettings, texts: Mapping[str, str]
) -> tuple[IndexEstimate, ...]:
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
        rowid = 10 if ppi else 8
        ws = Worksheet(title, _NUSI).add(
            Step(
                "N1",
                "Index Value Size",
                "the number of index data bytes",
                sum(size for _, size in sized),
                tuple(Term(n, s) for n, s in sized),
            ),
            Step(
                "N2",
                "Base table rowID per row",
                "Cardinality x 8 (nonpartitioned primary index) or x 10 (PPI)",
                rowid,
            ),
        )
        if rows is not None:
            ws = ws.add(
                Step(
                    "N3",
                    "Base table rowIDs (lower bound)",
                    f"Cardinality x {rowid} = {rows:,} x {rowid}",
                    rows * rowid * (2 if fallback else 1),
                    note="doubled for fallback" if fallback else None,
                )
            )
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
                rows=rows,
                row_locator=f"base table rowIDs, {rowid} bytes each",
                worksheets=(ws,),
                note="the NUSI equation needs NumDistinct and NumAmps, which DDL does not say: "
                "only the rowID bytes are given (lower bound)",
                span=span,
            )
        )
    return tuple(out)
