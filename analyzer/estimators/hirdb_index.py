"""HiRDB indexes: listed for ``size --indexes``, not sized (docs/estimators/hirdb-indexes.md).

The Installation and Design Guide's "Calculating the number of index storage pages" (V8
17.1.3, V9 16.1.3) gives ``Number-of-index-storage-pages = sum(i=1..n) Pi + Pd``, with
``Pi`` from a recursion until ``Pn = 1`` (Formula 1) and ``Pd`` when a key value repeats
more than 200 times (Formula 2); both formulas are images in every copy this project holds
(../shared/reference/hirdb.md §3), so no figure is computed: each index is listed with its
RDAREAs, PCTFREE and a note, never dropped (D107).
"""

from __future__ import annotations

from analyzer.estimators.index_estimate import IndexEstimate
from analyzer.ir import Table
from analyzer.settings import SizingSettings

_NOTE = (
    "HiRDB index storage pages (Installation and Design Guide 17.1.3, Formula 1 and 2) are "
    "not in the sources at hand: not sized"
)


def estimate(table: Table, path: str, sizing: SizingSettings) -> tuple[IndexEstimate, ...]:
    """Every index of ``table`` (CREATE INDEX, lowered into the table) on HiRDB."""
    out = []
    for ix in table.indexes:
        if ix.kind in ("primary_index", "primary_amp", "no_primary_index"):
            continue  # Teradata's, on a table sized for HiRDB: no index structure
        where = f"; RDAREAs {', '.join(ix.rdareas)}" if ix.rdareas else ""
        pct = f"; PCTFREE {ix.pctfree}" if ix.pctfree is not None else ""
        out.append(
            IndexEstimate(
                path=path,
                table=table.name,
                platform="hirdb",
                index=ix.name or ", ".join(ix.columns),
                kind=ix.kind,
                unique=ix.unique,
                source="create index" if ix.table is not None else "table",
                columns=ix.columns,
                rows=sizing.rows,
                note=_NOTE + where + pct,
                span=ix.span,
            )
        )
    return tuple(out)
