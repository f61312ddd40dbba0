"""Table constraints: PRIMARY KEY, UNIQUE, FOREIGN KEY, CHECK and SQL Server's edge
CONNECTION → :class:`Constraint` (column-level ones are read with their column,
:mod:`analyzer.build.columns`).

>>> import grammars
>>> from sqlglot.errors import ErrorLevel
>>> g = grammars.get("tsql")
>>> sql = "CREATE TABLE t (a int, CONSTRAINT fk FOREIGN KEY (a) REFERENCES dbo.p (id))"
>>> item = g.dialect().parse(sql, error_level=ErrorLevel.RAISE)[0].this.expressions[1]
>>> [c] = table_constraint(item, Context(path="x.sql", grammar=g, text=sql, offset=0, index=None))
>>> c.kind.value, c.name, c.columns, str(c.ref_table), c.ref_columns
('foreign_key', 'fk', ('a',), 'dbo.p', ('id',))
"""

from __future__ import annotations

from sqlglot import exp

from analyzer.build.context import Context, dotted_name, name_of, names_of, qualified, text_of
from analyzer.build.indexes import clustered_of, fill_factor_of
from analyzer.ir import Constraint, ConstraintKind, QualifiedName
from grammars import nodes as ms_nodes  # SQL Server's, in grammars.nodes (D108)


def reference_of(ref: exp.Reference) -> tuple[QualifiedName, tuple[str, ...]]:
    target = ref.this
    if isinstance(target, exp.Schema):
        return qualified(target.this), names_of(target.expressions)
    return qualified(target), ()


def table_constraint(node: exp.Expr, ctx: Context) -> list[Constraint]:
    """Lower a table-level constraint (named ``Constraint`` or an unnamed key)."""
    span = ctx.span(node)
    name: str | None = None
    parts: list[exp.Expr]
    if isinstance(node, exp.Constraint):
        name = name_of(node.this) if node.this is not None else None
        parts = list(node.expressions)
    else:
        parts = [node]

    kind: ConstraintKind | None = None
    columns: tuple[str, ...] = ()
    clustered: bool | None = None
    fill_factor: int | None = None
    ref_table: QualifiedName | None = None
    ref_columns: tuple[str, ...] = ()
    expression: str | None = None
    connections: tuple[tuple[str, str], ...] = ()
    on_delete: str | None = None
    for part in parts:
        if isinstance(part, exp.PrimaryKey):
            kind = ConstraintKind.PRIMARY_KEY
            columns = names_of(part.expressions) or columns
            clustered, fill_factor = clustered_of(part), fill_factor_of(part)
        elif isinstance(part, exp.PrimaryKeyColumnConstraint):
            kind = ConstraintKind.PRIMARY_KEY
            clustered, fill_factor = clustered_of(part), fill_factor_of(part)
        elif isinstance(part, exp.UniqueColumnConstraint):
            kind = ConstraintKind.UNIQUE
            columns = names_of(part.this) or columns
            clustered, fill_factor = clustered_of(part), fill_factor_of(part)
        elif isinstance(part, exp.ForeignKey):
            kind = ConstraintKind.FOREIGN_KEY
            columns = names_of(part.expressions)
            ref = part.args.get("reference")
            if isinstance(ref, exp.Reference):
                ref_table, ref_columns = reference_of(ref)
        elif isinstance(part, exp.Reference):
            ref_table, ref_columns = reference_of(part)
        elif isinstance(part, (exp.CheckColumnConstraint, exp.Check)):
            kind = ConstraintKind.CHECK
            expression = text_of(part.this, ctx)
        elif isinstance(part, (exp.ClusteredColumnConstraint, exp.NonClusteredColumnConstraint)):
            clustered = isinstance(part, exp.ClusteredColumnConstraint)
            cols = part.this
            if cols:
                columns = names_of(cols)
        elif isinstance(part, exp.IndexColumnConstraint):
            columns = columns or names_of(part.expressions)
        elif isinstance(part, ms_nodes.EdgeConnectionConstraint):
            kind = ConstraintKind.CONNECTION
            connections = tuple(
                (dotted_name(pair.expressions[0]), dotted_name(pair.expressions[1]))
                for pair in part.expressions
            )
            action = part.args.get("on_delete")
            on_delete = text_of(action, ctx) if action is not None else None
    if kind is None:
        return []
    return [
        Constraint(
            kind,
            columns,
            name=name,
            clustered=clustered,
            ref_table=ref_table,
            ref_columns=ref_columns,
            expression=expression,
            fill_factor=fill_factor,
            span=span,
            connections=connections,
            on_delete=on_delete,
        )
    ]
