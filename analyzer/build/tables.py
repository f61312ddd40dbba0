"""Tables: a CREATE TABLE → :class:`Table`, its columns, constraints, indexes and options
read by the modules of each (:mod:`~analyzer.build.columns`,
:mod:`~analyzer.build.constraints`, :mod:`~analyzer.build.indexes`,
:mod:`~analyzer.build.options`), and the columns SQL Server adds to graph and ledger tables
without their being declared (docs/decisions.md D101).

>>> import grammars
>>> from sqlglot.errors import ErrorLevel
>>> g = grammars.get("sybase")
>>> sql = "create table t (id int, note varchar(10) null)"
>>> tree = g.dialect().parse(sql, error_level=ErrorLevel.RAISE)[0]
>>> table = create_table(tree, Context(path="x.sql", grammar=g, text=sql, offset=0, index=None))
>>> [(c.name, c.nullable, c.nullable_explicit) for c in table.columns]  # ASE: NOT NULL default
[('id', False, False), ('note', True, True)]
"""

from __future__ import annotations

from dataclasses import replace

from sqlglot import exp

from analyzer.build.columns import (
    ColumnFacts,
    column_nullable,
    make_column,
    read_column,
    read_plain_column,
)
from analyzer.build.constraints import table_constraint
from analyzer.build.context import BuildError, Context, name_of, names_of, qualified
from analyzer.build.indexes import cluster_key, inline_index, table_index
from analyzer.build.options import table_options
from analyzer.ir import (
    Column,
    Constraint,
    ConstraintKind,
    DataType,
    Index,
    Span,
    Table,
    TableOptions,
)
from grammars import nodes
from grammars import nodes as ms_nodes  # SQL Server's, in grammars.nodes (D108)
from grammars import nodes as td_nodes  # Teradata's, in grammars.nodes (D108)


def _graph_kind(create: exp.Create) -> str | None:
    props = create.args.get("properties")
    for prop in props.expressions if isinstance(props, exp.Properties) else []:
        if isinstance(prop, ms_nodes.GraphTableProperty):
            return prop.name.lower()
    return None


def _implicit(name: str, position: int, type_name: str, nullable: bool) -> Column:
    """A column SQL Server adds to every row of the table without it being declared."""
    family = "integer"
    dtype = DataType(declared=type_name, name=type_name, family=family)
    return Column(
        name=name,
        position=position,
        type=dtype,
        nullable=nullable,
        nullable_explicit=False,
        generated=name,
        hidden=True,
        implicit=True,
    )


#: The internal columns of a graph table (SQL Graph Architecture: a node's ``$node_id`` and
#: an edge's ``$edge_id`` combine the table's object id with "an internally generated bigint
#: value"; ``$from_id`` / ``$to_id`` name a node by its table's object id (int) and its graph
#: id (bigint), as ``NODE_ID_FROM_PARTS (object_id int, graph_id bigint)`` takes them).  The
#: ``$..._id`` pseudo-columns themselves are computed JSON, not stored (docs/decisions.md D101).
_GRAPH_COLUMNS = {
    "node": (("graph_id", "BIGINT"),),
    "edge": (
        ("graph_id", "BIGINT"),
        ("from_obj_id", "INT"),
        ("from_id", "BIGINT"),
        ("to_obj_id", "INT"),
        ("to_id", "BIGINT"),
    ),
}


#: The GENERATED ALWAYS columns SQL Server adds to a ledger table that declares none
#: (Updatable ledger tables / Append-only ledger tables, "... table schema": bigint,
#: default names), with their nullability (the END ones are NULL while the row is current).
_LEDGER_COLUMNS = {
    "updatable": (
        ("ledger_start_transaction_id", False),
        ("ledger_end_transaction_id", True),
        ("ledger_start_sequence_number", False),
        ("ledger_end_sequence_number", True),
    ),
    "append_only": (
        ("ledger_start_transaction_id", False),
        ("ledger_start_sequence_number", False),
    ),
}


def _with_implicit_columns(
    columns: tuple[Column, ...], options: TableOptions
) -> tuple[Column, ...]:
    """``columns`` with the graph internals first and the default ledger columns last."""
    graph = _GRAPH_COLUMNS.get(options.graph or "", ())
    ledger: tuple[tuple[str, bool], ...] = ()
    if options.ledger and not any(
        c.generated and c.generated.startswith("transaction_id") for c in columns
    ):
        ledger = _LEDGER_COLUMNS[options.ledger]
    if not graph and not ledger:
        return columns
    head = [_implicit(name, i, kind, False) for i, (name, kind) in enumerate(graph, start=1)]
    body = [replace(c, position=c.position + len(head)) for c in columns]
    tail = []
    for i, (name, nullable) in enumerate(ledger, start=len(head) + len(body) + 1):
        edge, what = name.removeprefix("ledger_").split("_", 1)  # start, transaction_id
        tail.append(replace(_implicit(name, i, "BIGINT", nullable), generated=f"{what} {edge}"))
    return (*head, *body, *tail)


def create_table(create: exp.Create, ctx: Context) -> Table:
    schema = create.this
    graph = _graph_kind(create)
    if not isinstance(schema, exp.Schema) and graph is not None:
        # CREATE TABLE likes AS EDGE: no user columns, only the graph internals
        schema = exp.Schema(this=schema, expressions=[])
    if not isinstance(schema, exp.Schema):
        raise BuildError(
            "CREATE TABLE ... AS: the columns come from the query or the source table when "
            "the statement runs; the table is not analysed (not sized, linted or linked)",
            accepted=True,
        )
    constraints: list[Constraint] = []
    inline: list[Index] = []
    pending: list[tuple[str, DataType, ColumnFacts, Span | None]] = []
    period: tuple[str, ...] = ()
    period_as: str | None = None
    grammar = ctx.grammar.name
    items = schema.expressions
    groups = [g for g in items if isinstance(g, td_nodes.ColumnGroup)]
    if groups:  # Teradata COLUMN (...) / ROW (...) in the column list: its columns, in order
        items = [
            c
            for g in items
            for c in (g.expressions if isinstance(g, td_nodes.ColumnGroup) else [g])
        ]
    for item in items:
        if type(item) is nodes.PlainColumnDef:
            pending.append(read_plain_column(item, grammar, ctx))
        elif isinstance(item, exp.ColumnDef):
            pending.append(read_column(item, ctx, constraints, inline))
        elif isinstance(item, nodes.InlineIndex):
            inline.append(inline_index(item, ctx, None))
        elif isinstance(item, nodes.ClusterKey):
            inline.append(cluster_key(item, ctx))
        elif isinstance(item, exp.PeriodForSystemTimeConstraint):
            period = (name_of(item.this), name_of(item.expression))
        elif isinstance(item, td_nodes.PeriodForConstraint):
            period = (name_of(item.this), *names_of(item.expressions))
            if item.args.get("temporal") is not None:
                period_as = item.args["temporal"].name.lower()
        else:
            if isinstance(item, exp.Constraint):  # HiRDB: ... CHECK (...) CLUSTER KEY (...)
                keys = [p for p in item.expressions if isinstance(p, nodes.ClusterKey)]
                inline.extend(cluster_key(k, ctx) for k in keys)
            constraints.extend(table_constraint(item, ctx))
    if not pending and graph is None:
        raise BuildError("CREATE TABLE declares no columns")

    indexes = [table_index(ix, ctx) for ix in create.args.get("indexes") or []] + inline
    options = table_options(create, ctx, indexes)
    pk = _primary_key_columns(constraints)
    columns = tuple(
        # HiRDB: "NOT NULL is assumed for all columns of a table with FIX" (SQL Reference)
        make_column(
            i,
            name,
            dtype,
            facts,
            span,
            column_nullable(name, facts, pk, ctx.grammar) and not options.fix,
        )
        for i, (name, dtype, facts, span) in enumerate(pending, start=1)
    )
    if period:
        options = replace(options, period=period)
    if groups:
        found = tuple(("column_group", ctx.sql(g) or "") for g in groups)
        options = replace(options, extra=(*options.extra, *found))
    if period_as:  # Teradata PERIOD FOR p (s, e) AS VALIDTIME | TRANSACTIONTIME
        options = replace(options, extra=(*options.extra, ("period_as", period_as)))
    columns = _with_implicit_columns(columns, options)
    return Table(
        name=qualified(schema.this),
        dialect=ctx.grammar.name,
        columns=columns,
        constraints=tuple(constraints),
        indexes=tuple(indexes),
        options=options,
        span=ctx.span(create),
    )


def _primary_key_columns(constraints: list[Constraint]) -> frozenset[str]:
    return frozenset(
        name.lower()
        for c in constraints
        if c.kind is ConstraintKind.PRIMARY_KEY
        for name in c.columns
    )
