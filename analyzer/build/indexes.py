"""Indexes: those declared with the table, Teradata's primary index and partitioning, SQL
Server / ASE / Teradata ``CREATE INDEX`` and HiRDB's ``CREATE INDEX`` and ``CLUSTER KEY``
→ :class:`Index` (which indexes a table has for sizing: D107).

>>> import grammars
>>> from sqlglot.errors import ErrorLevel
>>> g = grammars.get("tsql")
>>> sql = "CREATE UNIQUE NONCLUSTERED INDEX ix ON dbo.t (a, b) INCLUDE (c) WITH (FILLFACTOR = 80)"
>>> tree = g.dialect().parse(sql, error_level=ErrorLevel.RAISE)[0]
>>> ix = created_index(tree, Context(path="x.sql", grammar=g, text=sql, offset=0, index=None))
>>> ix.kind, ix.name, ix.unique, ix.columns, ix.included, ix.fill_factor, str(ix.table)
('nonclustered', 'ix', True, ('a', 'b'), ('c',), 80, 'dbo.t')
"""

from __future__ import annotations

import typing as t

from sqlglot import exp

from analyzer.build.context import (
    Context,
    int_of,
    name_of,
    names_of,
    qualified,
    statement_span,
    text_of,
)
from analyzer.ir import Index, PartitionLevel, QualifiedName
from grammars import nodes


def clustered_of(node: exp.Expr) -> bool | None:
    value = node.args.get("clustered")
    return value if isinstance(value, bool) else None


def fill_factor_of(node: exp.Expr) -> int | None:
    """``WITH (FILLFACTOR = n)`` of a SQL Server key or index (``include.with_storage``)."""
    return storage_fill_factor(node.args.get("include"))


def storage_fill_factor(include: t.Any) -> int | None:
    """``FILLFACTOR = n`` among the ``with_storage`` options of ``IndexParameters``."""
    if not isinstance(include, exp.IndexParameters):
        return None
    for prop in include.args.get("with_storage") or []:
        if isinstance(prop, exp.Property) and name_of(prop.this).upper() == "FILLFACTOR":
            return int_of(prop.args.get("value"))
    return None


def included_of(params: t.Any) -> tuple[str, ...]:
    """SQL Server ``INCLUDE (c, ...)`` of an index (``IndexParameters.include``)."""
    if not isinstance(params, exp.IndexParameters):
        return ()
    return names_of(params.args.get("include"))


def inline_index(node: nodes.InlineIndex, ctx: Context, column: str | None) -> Index:
    clustered = clustered_of(node)
    columns = names_of(node.expressions) if node.expressions else ((column,) if column else ())
    return Index(
        kind="clustered" if clustered else "nonclustered",
        columns=columns,
        name=name_of(node.this) if node.this is not None else None,
        unique=bool(node.args.get("unique")),
        fill_factor=fill_factor_of(node),
        span=ctx.span(node),
        included=included_of(node.args.get("include")),
    )


def partition_levels(items: t.Any, ctx: Context) -> tuple[PartitionLevel, ...]:
    if items is None:
        return ()
    if isinstance(items, exp.Expr):
        items = [items]
    flat: list[exp.Expr] = []
    for item in items:
        if isinstance(item, exp.Tuple):
            flat.extend(item.expressions)
        elif isinstance(item, exp.Paren):
            flat.append(item.this)
        elif isinstance(item, exp.Schema):
            flat.extend(item.expressions)
        else:
            flat.append(item)
    levels = []
    counter = ctx.grammar.partition_count
    for level in flat:
        inner = level.this if isinstance(level, nodes.PartitionAdd) else level
        if isinstance(inner, nodes.CaseN):
            kind = "case_n"
        elif isinstance(inner, exp.RangeN):
            kind = "range_n"
        elif isinstance(inner, nodes.ColumnPartition) or (
            isinstance(inner, (exp.Var, exp.Column, exp.Identifier))
            and inner.name.upper() == "COLUMN"
        ):
            kind = "column"
        else:
            kind = "expression"
        levels.append(
            PartitionLevel(
                kind=kind,
                expression=ctx.sql(level) or "",
                partitions=counter(level) if counter is not None else None,
            )
        )
    return tuple(levels)


def table_index(node: exp.Index, ctx: Context) -> Index:
    params = node.args.get("params")
    columns: tuple[str, ...] = ()
    partitioning: tuple[PartitionLevel, ...] = ()
    if isinstance(params, exp.IndexParameters):
        columns = names_of(params.args.get("columns"))
        partitioning = partition_levels(params.args.get("partition_by"), ctx)
    if node.args.get("amp"):
        kind = "primary_amp"
    elif node.args.get("primary"):
        kind = "primary_index"
    else:
        kind = "secondary"
    return Index(
        kind=kind,
        columns=columns,
        name=name_of(node.this) if node.this is not None else None,
        unique=bool(node.args.get("unique")),
        partitioning=partitioning,
        span=ctx.span(node),
    )


def cluster_key(node: nodes.ClusterKey, ctx: Context) -> Index:
    """HiRDB ``[UNIQUE] CLUSTER KEY (...)``: sized like an index (Design Guide 17.1.3)."""
    unique = bool(node.args.get("unique"))
    return Index("cluster_key", names_of(node.expressions), unique=unique, span=ctx.span(node))


def index_table(create: exp.Create) -> QualifiedName:
    return qualified(create.this.args["table"])


def created_index(create: exp.Create, ctx: Context) -> Index:
    """``CREATE [UNIQUE] [CLUSTERED | NONCLUSTERED] INDEX n ON t (c, ...)`` (SQL Server, ASE)
    or Teradata ``CREATE [UNIQUE] INDEX [n] (c, ...) ON t`` (a USI / NUSI)."""
    index = create.this
    words = str(create.args.get("kind") or "").upper().split()
    params = index.args.get("params")
    if "CLUSTERED" in words:
        kind = "clustered"
    elif ctx.grammar.name == "teradata":
        kind = "secondary"  # as the table-level [UNIQUE] INDEX of CREATE TABLE
    else:
        kind = "nonclustered"  # SQL Server and ASE: nonclustered unless CLUSTERED is said
    name = index.this
    return Index(
        kind=kind,
        columns=names_of(params.args.get("columns")) if params is not None else (),
        name=name_of(name) if name is not None else None,
        unique=bool(create.args.get("unique") or index.args.get("unique")),
        fill_factor=storage_fill_factor(params),
        span=ctx.span(create) or statement_span(ctx),
        table=index_table(create),
        included=included_of(params),
    )


def hirdb_index(tree: nodes.CreateHirdbIndex, ctx: Context) -> Index:
    pctfree = tree.args.get("pctfree")
    return Index(
        kind="secondary",
        columns=names_of(tree.expressions),
        name=qualified(tree.this).name,
        unique=bool(tree.args.get("unique")),
        span=ctx.span(tree),
        table=qualified(tree.args["table"]),
        rdareas=names_of(tree.args.get("rdareas")),
        pctfree=int_of(pctfree) if pctfree is not None else None,
        options=tuple(text_of(o, ctx) for o in tree.args.get("options") or []),
    )
