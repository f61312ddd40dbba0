"""Table changes: what ``ALTER TABLE ... ADD`` and ``CREATE INDEX`` add to a table, as
:class:`TableChange` records the link pass applies wherever the table is defined
(docs/decisions.md D76; :mod:`analyzer.passes.link_tables`).

>>> import grammars
>>> from sqlglot.errors import ErrorLevel
>>> g = grammars.get("tsql")
>>> sql = "ALTER TABLE t ADD CONSTRAINT pk PRIMARY KEY (id), CHECK (id > 0)"
>>> tree = g.dialect().parse(sql, error_level=ErrorLevel.RAISE)[0]
>>> changes = table_changes(tree, Context(path="x.sql", grammar=g, text=sql, offset=0, index=None))
>>> [(c.procedure, str(c.table), c.constraint.kind.value) for c in changes]
[('alter table', 't', 'primary_key'), ('alter table', 't', 'check')]
"""

from __future__ import annotations

from sqlglot import exp

from analyzer.build.constraints import table_constraint
from analyzer.build.context import Context, NotStored, qualified, statement_span
from analyzer.build.indexes import created_index, index_table
from analyzer.ir import TableChange


def table_changes(tree: exp.Alter | exp.Create, ctx: Context) -> tuple[TableChange, ...]:
    """What an ``ALTER TABLE ... ADD`` or ``CREATE INDEX`` adds to a table, as changes the
    link pass applies to it wherever it is defined (docs/decisions.md D76).

    ``ALTER TABLE t [WITH [NO]CHECK] ADD [CONSTRAINT n] PRIMARY KEY | UNIQUE | FOREIGN KEY |
    CHECK ...[, ...]`` gives one ``alter table`` change per constraint (SQL Server ALTER TABLE
    ``table_constraint``; ASE Reference Manual, alter table, ``add constraint``; Teradata SQL
    DDL, ALTER TABLE, ``ADD [CONSTRAINT]``), each constraint spanning its own text.  Any
    other action (a column, ``DEFAULT ... FOR``, ``DROP``, ...) leaves the whole statement
    skipped, as before: nothing of it is half read.
    """
    statement = statement_span(ctx)
    if isinstance(tree, exp.Create):
        return (
            TableChange(
                "create index",
                index_table(tree),
                index=created_index(tree, ctx),
                span=ctx.span(tree) or statement,
            ),
        )
    if str(tree.args.get("kind") or "").upper() != "TABLE":
        raise NotStored("alter table", "not DDL ddlaudit analyses")
    table = qualified(tree.this)
    changes: list[TableChange] = []
    for action in tree.args.get("actions") or ():
        constraints = (
            [c for item in action.expressions for c in table_constraint(item, ctx)]
            if isinstance(action, exp.AddConstraint)
            else []
        )
        if not constraints or len(constraints) < len(action.expressions):
            raise NotStored(
                "alter table",
                "an ALTER TABLE that does more than add keys and check constraints is not analysed",
            )
        changes.extend(TableChange("alter table", table, c, span=statement) for c in constraints)
    if not changes:
        raise NotStored("alter table", "not DDL ddlaudit analyses")
    return tuple(changes)
