"""Which indexes a SQL Server or ASE table has, in the order they are sized (D107).

Shared by :mod:`analyzer.estimators.mssql_index` and :mod:`analyzer.estimators.ase_index`
(D145): the clustered index first (a PRIMARY KEY is clustered unless it says NONCLUSTERED or
another index is CLUSTERED; :func:`analyzer.estimators.mssql.clustered_key`), then every other
PRIMARY KEY / UNIQUE constraint, then the indexes of CREATE INDEX.

>>> from analyzer.ir import *
>>> int_ = DataType("int", "INT", "integer")
>>> t = Table(QualifiedName("t"), "tsql", (Column("id", 1, int_, False, True),),
...           constraints=(Constraint(ConstraintKind.PRIMARY_KEY, ("id",)),))
>>> [(s.name, s.kind, s.columns, s.source) for s in indexes(t)]
[('primary key', 'clustered', ('id',), 'primary key constraint')]
"""

from __future__ import annotations

from analyzer.estimators import mssql
from analyzer.ir import ConstraintKind, Span, Table
from analyzer.records import record


@record
class IndexSpec:
    """One index of a table as SQL Server builds it (D107)."""

    name: str
    kind: str
    columns: tuple[str, ...]
    unique: bool
    fill_factor: int | None
    source: str
    included: tuple[str, ...] = ()
    span: Span | None = None


def indexes(table: Table) -> tuple[IndexSpec, ...]:
    """The indexes of ``table`` on SQL Server (D107): the clustered one first (a PRIMARY KEY
    is clustered unless it says NONCLUSTERED or another index is CLUSTERED), then every other
    PRIMARY KEY / UNIQUE constraint (nonclustered unless CLUSTERED), then CREATE INDEX.
    ASE ``sp_primarykey``-style keys (``declared_by``) build no index."""
    key = mssql.clustered_key(table)
    out: list[IndexSpec] = []
    taken = False
    if key is not None:
        out.append(
            IndexSpec(key.name, "clustered", key.columns, key.unique, key.fill_factor, "clustered")
        )
    for c in table.constraints:
        if c.kind not in (ConstraintKind.PRIMARY_KEY, ConstraintKind.UNIQUE) or c.declared_by:
            continue
        name = c.name or c.kind.value.replace("_", " ")
        if key is not None and not taken and c.columns == key.columns and name == key.name:
            taken = True
            out[0] = IndexSpec(
                key.name,
                "clustered",
                key.columns,
                key.unique,
                key.fill_factor,
                f"{c.kind.value.replace('_', ' ')} constraint",
                span=c.span,
            )
            continue
        source = f"{c.kind.value.replace('_', ' ')} constraint"
        out.append(
            IndexSpec(name, "nonclustered", c.columns, True, c.fill_factor, source, (), c.span)
        )
    for ix in table.indexes:
        if key is not None and not taken and ix.kind == "clustered" and ix.columns == key.columns:
            taken = True
            out[0] = IndexSpec(
                key.name,
                "clustered",
                key.columns,
                key.unique,
                key.fill_factor,
                "index",
                span=ix.span,
            )
            continue
        included = ix.included
        source = "create index" if ix.table is not None else "index"
        out.append(
            IndexSpec(
                ix.name or ix.kind,
                ix.kind,
                ix.columns,
                ix.unique,
                ix.fill_factor,
                source,
                included,
                ix.span,
            )
        )
    return tuple(out)
