"""Lower one parsed sqlglot statement to IR objects (parse -> IR).

This is the only package that reads sqlglot trees; everything after it reads the
IR.  It is generic over dialects: grammars express their syntax with sqlglot's
own nodes or the ones in :mod:`grammars.nodes`, and anything unrecognised is
kept as text in ``options``/``extra`` rather than dropped.

Text of sub-expressions (defaults, check conditions, partition expressions) is
taken from the source via the spans the grammar's parser records, so the IR
shows what the user wrote.

:func:`build` sends each statement to the module of its kind (docs/decisions.md D146):

* :mod:`~analyzer.build.tables`: CREATE TABLE, with :mod:`~analyzer.build.columns`,
  :mod:`~analyzer.build.constraints`, :mod:`~analyzer.build.indexes` and
  :mod:`~analyzer.build.options` for its parts;
* :mod:`~analyzer.build.user_types`: alias types and HiRDB abstract data types;
* :mod:`~analyzer.build.changes`: ``ALTER TABLE ... ADD`` and ``CREATE INDEX``;
* :mod:`~analyzer.build.replicated`: the replication statements of the Sybase grammar;
* :mod:`~analyzer.build.derived`: tables made from a query or another table (``CREATE TABLE
  ... AS``, ``SELECT ... INTO``), typed against the file's tables before them (issue 31);

:mod:`~analyzer.build.context` holds what all of them read (:class:`Context`, names, types).

>>> import grammars
>>> from sqlglot.errors import ErrorLevel
>>> g = grammars.get("tsql")
>>> sql = "CREATE TABLE dbo.t (id int NOT NULL PRIMARY KEY, note ntext NULL)"
>>> tree = g.dialect().parse(sql, error_level=ErrorLevel.RAISE)[0]
>>> table = build(tree, Context(path="x.sql", grammar=g, text=sql, offset=0, index=None))
>>> [(c.name, c.type.name, c.type.family, c.nullable) for c in table.columns]
[('id', 'INT', 'integer', False), ('note', 'NTEXT', 'nclob', True)]
>>> str(table.name), table.primary_key.columns
('dbo.t', ('id',))
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlglot import exp

from analyzer.build.changes import table_changes
from analyzer.build.context import BuildError, Context, NotStored, data_type, qualified
from analyzer.build.derived import Derived, derived_table, retyped, untyped_message
from analyzer.build.indexes import hirdb_index
from analyzer.build.replicated import REPLICATION_NODES, Replicated, replication
from analyzer.build.tables import create_table
from analyzer.build.user_types import abstract_type, alias_type
from analyzer.ir import Index, Table, TableChange, UserType
from grammars import nodes

__all__ = [
    "BuildError",
    "Context",
    "Derived",
    "NotStored",
    "Replicated",
    "build",
    "data_type",
    "qualified",
    "replication",
    "retyped",
    "table_changes",
    "untyped_message",
]


def build(
    tree: exp.Expr,
    ctx: Context,
    known: Sequence[Table] = (),
    uses: Sequence[tuple[int, str]] = (),
) -> Table | UserType | Index | Replicated | Derived | tuple[TableChange, ...]:
    """Lower a CREATE TABLE or CREATE TYPE tree to a :class:`Table` or :class:`UserType`
    (or a replication statement of the Sybase grammar to its IR record, :func:`replication`;
    an ``ALTER TABLE ... ADD`` constraint to one :class:`TableChange` per constraint, a
    ``CREATE INDEX`` to one, :func:`table_changes`; a ``CREATE TABLE ... AS`` or ``SELECT
    ... INTO`` to the :class:`Derived` table typed against ``known``, the file's tables
    before it, and ``uses``, its USE / DATABASE statements, :func:`derived_table`)."""
    if isinstance(tree, exp.Select):
        into = tree.args.get("into")
        if into is not None and isinstance(into.this, exp.Table):
            return derived_table(tree, ctx, known, uses)
        raise NotStored("select", "")  # a query (or SELECT ... INTO @variable): skipped
    if isinstance(tree, exp.SetOperation):  # SELECT ... INTO t FROM ... UNION SELECT ...
        first: exp.Expr = tree
        while isinstance(first, exp.SetOperation):
            first = first.this
        into = first.args.get("into")
        if into is not None and isinstance(into.this, exp.Table):
            return derived_table(tree, ctx, known, uses)
        raise NotStored("select", "")
    if isinstance(tree, REPLICATION_NODES):
        return replication(tree, ctx)
    if isinstance(tree, nodes.CreateAliasType):
        return alias_type(tree, ctx)
    if isinstance(tree, nodes.CreateAbstractType):  # HiRDB
        return abstract_type(tree, ctx)
    if isinstance(tree, nodes.CreateHirdbIndex):
        return hirdb_index(tree, ctx)
    if isinstance(tree, exp.Alter):
        return table_changes(tree, ctx)
    kind = str(tree.args.get("kind", "")).upper() if isinstance(tree, exp.Create) else ""
    if kind == "TABLE":
        if _derived(tree):
            return derived_table(tree, ctx, known, uses)  # type: ignore[arg-type]
        return create_table(tree, ctx)  # type: ignore[arg-type]
    if kind == "TYPE":
        raise NotStored(
            "create type as table", "a table type describes parameters, not stored rows"
        )
    if kind.endswith("INDEX") and isinstance(tree, exp.Create) and isinstance(tree.this, exp.Index):
        return table_changes(tree, ctx)
    raise BuildError(f"not a CREATE TABLE or CREATE TYPE statement: {type(tree).__name__}")


def _derived(create: exp.Expr) -> bool:
    """A CREATE TABLE ... AS (a query or a table) without column definitions (Teradata's
    ``CREATE TABLE t (a, b) AS ...`` names them only); ``CREATE TABLE likes AS EDGE`` (a SQL
    Server graph table) is a table of its own."""
    query = create.args.get("expression")
    if not isinstance(query, (exp.Query, exp.Table)):
        return False
    schema = create.this
    return not isinstance(schema, exp.Schema) or all(
        isinstance(c, (exp.Identifier, exp.Column)) for c in schema.expressions
    )
