"""Resolve alias / user-defined types to their base types.

SQL Server ``CREATE TYPE name FROM base [NULL | NOT NULL]`` (and, with the Sybase
grammar, ``sp_addtype``) define alias types; a column of such a type is stored
as the base type.  The column keeps the alias name in ``user_type`` and takes
the base type; when the column says neither NULL nor NOT NULL it takes the
type's nullability (SQL Server: "CREATE TYPE ... NULL | NOT NULL: specifies
whether the type can hold a null value"; a column's own NULL/NOT NULL wins).
Aliases of aliases resolve transitively.  A type that is neither built in nor
defined in the input gets a ``T001`` warning and stays unresolved.

>>> from analyzer.ir import *
>>> base = DataType(declared="nvarchar(50)", name="NVARCHAR", family="nvarchar", length=50)
>>> ut = UserType(QualifiedName("Name", "dbo"), "tsql", base, nullable=False)
>>> col = Column("n", 1, DataType(declared="dbo.Name", name="DBO.NAME", family="udt"),
...              nullable=True, nullable_explicit=False)
>>> t = Table(QualifiedName("t"), "tsql", (col,))
>>> out = resolve_user_types(FileResult("f.sql", "tsql", "utf-8", tables=(t,), user_types=(ut,)))
>>> c = out.tables[0].columns[0]
>>> c.type.name, c.type.length, c.user_type, c.nullable
('NVARCHAR', 50, 'dbo.Name', False)
"""

from __future__ import annotations

import functools
from collections import ChainMap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from analyzer.ir import (
    Column,
    Diagnostic,
    FileResult,
    Severity,
    Table,
    UserType,
)


def _keys(ut: UserType) -> tuple[str, ...]:
    full = str(ut.name).upper()
    return (full, ut.name.name.upper()) if full != ut.name.name.upper() else (full,)


def type_index(user_types: Sequence[UserType]) -> dict[str, UserType]:
    """Alias types by upper-case qualified and bare name (later definitions win)."""
    index: dict[str, UserType] = {}
    for ut in user_types:
        for key in _keys(ut):
            index[key] = ut
    return index


class UserTypes(tuple[UserType, ...]):
    """The alias types of one scope, in order, with their index built once (a tuple: the
    passes take it as ``user_types``; the index is not pickled, it is rebuilt on use).

    >>> from analyzer.ir import DataType, QualifiedName
    >>> base = DataType("int", "INT", "integer")
    >>> types = UserTypes([UserType(QualifiedName("Id", "dbo"), "tsql", base)])
    >>> sorted(types.by_name), types == tuple(types)
    (['DBO.ID', 'ID'], True)
    """

    def __new__(cls, items: Iterable[UserType] = ()) -> UserTypes:
        return super().__new__(cls, items)

    def __reduce__(self) -> tuple[type[UserTypes], tuple[tuple[UserType, ...]]]:
        return UserTypes, (tuple(self),)

    @functools.cached_property
    def by_name(self) -> dict[str, UserType]:
        """:func:`type_index` of the scope's types."""
        return type_index(self)

    @functools.cached_property
    def files(self) -> dict[str, frozenset[str]]:
        """Upper-case qualified name -> the files defining a type of that name."""
        found: dict[str, set[str]] = {}
        for ut in self:
            if ut.span is not None:
                found.setdefault(str(ut.name).upper(), set()).add(ut.span.file)
        return {name: frozenset(paths) for name, paths in found.items()}


def types_for(user_types: Sequence[UserType], own: Sequence[UserType]) -> Mapping[str, UserType]:
    """The index of ``user_types`` then ``own`` (a file's own definitions win): the same
    mapping as ``type_index((*user_types, *own))``, without rebuilding a scope's index for
    every file when ``user_types`` is a :class:`UserTypes`."""
    if isinstance(user_types, UserTypes):
        return ChainMap(type_index(own), user_types.by_name) if own else user_types.by_name
    return type_index((*user_types, *own))


def _lookup(name: str, index: Mapping[str, UserType]) -> UserType | None:
    found = index.get(name)
    if found is None and "." in name:
        found = index.get(name.rsplit(".", 1)[1])
    return found


def _resolve(name: str, index: Mapping[str, UserType]) -> UserType | None:
    """Follow alias chains to the alias whose base is a built-in type; None if unknown.

    The result carries the alias the column named (``top``) and the nullability of
    the nearest alias in the chain that states one.
    """
    top = _lookup(name, index)
    if top is None:
        return None
    seen = {str(top.name).upper()}
    current = top
    while current.base.family == "udt":
        nxt = _lookup(current.base.name, index)
        if nxt is None:
            return None
        key = str(nxt.name).upper()
        if key in seen:
            return None  # a cycle: report as unresolved
        seen.add(key)
        current = replace(
            nxt,
            name=top.name,
            nullable=current.nullable if current.nullable is not None else nxt.nullable,
        )
    return current


def _column(column: Column, table: Table, index: Mapping[str, UserType]) -> Column | None:
    ut = _resolve(column.type.name, index)
    if ut is None:
        return None
    nullable = column.nullable
    pk = table.primary_key
    forced = column.identity is not None or (
        pk is not None and column.name.lower() in {c.lower() for c in pk.columns}
    )
    if not column.nullable_explicit and not forced and ut.nullable is not None:
        nullable = ut.nullable
    if ut.base.family == "adt":
        return _adt_column(column, ut, index, frozenset())
    return replace(column, type=ut.base, user_type=str(ut.name), nullable=nullable)


# HiRDB abstract data types are not aliases: the column keeps its declared type (family
# "adt") and carries the type with its supertypes, so a row's size can sum the attributes
# of every level (Installation and Design Guide 17.1.2(4): di = sum of ADTk + 5).


def adt_chain(
    ut: UserType, index: Mapping[str, UserType], seen: frozenset[str] = frozenset()
) -> tuple[UserType, ...]:
    """The abstract data type ``ut`` and its supertypes (``UNDER``), lowest first.

    Attributes that are themselves abstract data types are resolved the same way.
    The chain stops at a supertype not in ``index`` (the last type's ``under`` is then
    not None) and at a cycle.
    """
    chain: list[UserType] = []
    names = set(seen)
    current: UserType | None = ut
    while current is not None:
        key = str(current.name).upper()
        if key in names:
            break
        names.add(key)
        attributes = tuple(_adt_attribute(a, index, frozenset(names)) for a in current.attributes)
        chain.append(replace(current, attributes=attributes))
        if current.under is None:
            break
        current = _lookup(str(current.under).upper(), index)
        if current is not None and current.base.family != "adt":
            current = None
    return tuple(chain)


def _adt_column(
    column: Column, ut: UserType, index: Mapping[str, UserType], seen: frozenset[str]
) -> Column:
    chain = adt_chain(ut, index, seen)
    if not chain:  # a type containing itself: leave the column unresolved
        return column
    return replace(
        column, type=replace(column.type, family="adt"), user_type=str(ut.name), adt=chain
    )


def _adt_attribute(
    attribute: Column, index: Mapping[str, UserType], seen: frozenset[str]
) -> Column:
    if attribute.type.family != "udt":
        return attribute
    ut = _lookup(attribute.type.name, index)
    if ut is None or ut.base.family != "adt":
        return attribute
    return _adt_column(attribute, ut, index, seen)


def _missing_supertype(column: Column, table: Table) -> Diagnostic | None:
    """H007 when the column's abstract data type inherits from a type not in the input."""
    if not column.adt or column.adt[-1].under is None:
        return None
    last = column.adt[-1]
    return Diagnostic(
        "H007",
        Severity.WARNING,
        f"supertype {last.under} of abstract data type {last.name} (column "
        f"{table.name}.{column.name}) is not defined in the input, or the UNDER chain is "
        "cyclic; its attributes are not counted",
        column.span,
    )


def resolve_user_types(result: FileResult, user_types: Sequence[UserType] = ()) -> FileResult:
    """Resolve columns of alias types defined in ``result`` or given in ``user_types``."""
    if not any(c.type.family == "udt" for table in result.tables for c in table.columns):
        return result  # nothing to resolve: the same (immutable) result
    index = types_for(user_types, result.user_types)
    diagnostics: list[Diagnostic] = []
    tables = []
    for table in result.tables:
        columns = []
        changed = False
        for column in table.columns:
            if column.type.family != "udt":
                columns.append(column)
                continue
            resolved = _column(column, table, index)
            if resolved is None:
                diagnostics.append(
                    Diagnostic(
                        "T001",
                        Severity.WARNING,
                        f"type {column.type.declared!r} of column {table.name}.{column.name} "
                        "is not built in and not defined in the input; its size is unknown",
                        column.span,
                    )
                )
                columns.append(column)
            else:
                columns.append(resolved)
                changed = True
                missing = _missing_supertype(resolved, table)
                if missing is not None:
                    diagnostics.append(missing)
        tables.append(replace(table, columns=tuple(columns)) if changed else table)
    return replace(
        result,
        tables=tuple(tables),
        diagnostics=(*result.diagnostics, *diagnostics),
    )
