"""User types: ``sp_addtype`` / ``CREATE TYPE ... FROM`` alias types and HiRDB abstract data
types → :class:`UserType` (the ``resolve_user_types`` pass resolves the columns that use
them).

>>> import grammars
>>> from sqlglot.errors import ErrorLevel
>>> g = grammars.get("tsql")
>>> sql = "CREATE TYPE dbo.code FROM char(4) NOT NULL"
>>> tree = g.dialect().parse(sql, error_level=ErrorLevel.RAISE)[0]
>>> ut = alias_type(tree, Context(path="x.sql", grammar=g, text=sql, offset=0, index=None))
>>> str(ut.name), ut.base.declared, ut.nullable
('dbo.code', 'char(4)', False)
"""

from __future__ import annotations

from analyzer.build.columns import make_column, read_column
from analyzer.build.context import Context, data_type, qualified
from analyzer.ir import Constraint, DataType, Index, UserType
from grammars import nodes


def alias_type(tree: nodes.CreateAliasType, ctx: Context) -> UserType:
    nullable = tree.args.get("nullable")
    external = tree.args.get("external")
    if external is not None:
        # a CLR type: its storage is the assembly's (family ``clr``; not sized)
        assembly = ctx.sql(external) or external.sql()
        base = DataType(declared=f"EXTERNAL NAME {assembly}", name="CLR", family="clr")
    else:
        base = data_type(tree.args.get("kind"), ctx)
    return UserType(
        name=qualified(tree.this),
        dialect=ctx.grammar.name,
        base=base,
        nullable=nullable if isinstance(nullable, bool) else None,
        span=ctx.span(tree),
    )


def abstract_type(tree: nodes.CreateAbstractType, ctx: Context) -> UserType:
    """A HiRDB abstract data type: its attributes are columns; ``base`` is the type itself."""
    constraints: list[Constraint] = []
    indexes: list[Index] = []
    read = [read_column(a, ctx, constraints, indexes) for a in tree.expressions]
    attributes = tuple(
        make_column(i, name, dtype, facts, span, facts.nullable is not False)
        for i, (name, dtype, facts, span) in enumerate(read, start=1)
    )
    name = qualified(tree.this)
    under = tree.args.get("under")
    declared = ctx.sql(tree.this) or str(name)
    return UserType(
        name=name,
        dialect=ctx.grammar.name,
        base=DataType(declared=declared, name=str(name).upper(), family="adt"),
        span=ctx.span(tree),
        attributes=attributes,
        under=qualified(under) if under is not None else None,
    )
