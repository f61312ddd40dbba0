"""The type of a computed column declared without one, where it can be inferred safely.

A SQL Server ``AS expr PERSISTED`` column (ASE ``AS expr MATERIALIZED``) stores its
values: it migrates as data when its type is known. sqlglot's type annotation
(``sqlglot.optimizer.annotate_types``) gives the expression's type from the table's
column types; ddlaudit keeps it only where the result cannot be mis-sized: an explicit
``CAST`` / ``CONVERT`` (the type is written), or a result type without a length,
precision or scale of its own (integers, bit, float, date and time, uniqueidentifier).
SQL Server sizes ``decimal`` and string results by its own rules ("Precision, scale, and
length (Transact-SQL)": ``p1 + p2 + 1`` for a product), which sqlglot does not follow, so
those stay unsupported.

>>> from analyzer.ir import Column, Computed, DataType, Table, QualifiedName
>>> q = Column("qty", 1, DataType("int", "INT", "integer"), True, True)
>>> c = Column("twice", 2, DataType("", "", "udt"), True, True,
...            computed=Computed("qty * 2", persisted=True))
>>> infer(c, Table(QualifiedName(None, None, "t"), "tsql", (q, c)))
'INTEGER'
"""

from __future__ import annotations

import typing as t

from analyzer.ir import Column, Table

#: Result types sqlglot infers that carry no length, precision or scale of their own.
SAFE = frozenset(
    {
        "INT",
        "INTEGER",
        "BIGINT",
        "SMALLINT",
        "TINYINT",
        "BIT",
        "FLOAT",
        "REAL",
        "DATE",
        "DATETIME",
        "SMALLDATETIME",
        "UNIQUEIDENTIFIER",
    }
)

#: The sqlglot dialect each source dialect's expressions are read in.
_DIALECTS = {"tsql": "tsql", "sybase": "tsql"}


def infer(column: Column, table: Table) -> str | None:
    """The declared type ``column``'s stored values have (as the source dialect writes
    it), or None when it is not computed and persisted or cannot be inferred safely."""
    computed = column.computed
    dialect = _DIALECTS.get(table.dialect)
    if computed is None or not computed.persisted or dialect is None:
        return None
    import sqlglot
    from sqlglot import exp
    from sqlglot.errors import SqlglotError
    from sqlglot.optimizer.annotate_types import annotate_types
    from sqlglot.optimizer.qualify import qualify

    schema: dict[str, object] = {
        "t": {c.name: c.type.declared for c in table.columns if c.type.declared}
    }
    try:
        tree = sqlglot.parse_one(f"SELECT {computed.expression} AS x FROM t", read=dialect)
        tree = qualify(tree, schema=schema, dialect=dialect)
        typed = annotate_types(tree, schema=schema, dialect=dialect)
    except (SqlglotError, ValueError, KeyError):
        return None
    select = t.cast(exp.Select, typed)
    node = select.selects[0]
    value = node.this if isinstance(node, exp.Alias) else node
    while isinstance(value, exp.Paren):
        value = value.this
    kind = value.type
    if kind is None or kind.this in (exp.DataType.Type.UNKNOWN, exp.DataType.Type.NULL):
        return None
    written: str = kind.sql(dialect=dialect)
    if isinstance(value, exp.Cast) or written.split("(")[0].upper() in SAFE:
        return written
    return None


__all__ = ["SAFE", "infer"]
