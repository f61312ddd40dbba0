"""Derived tables whose query reads a table of another file of the scope, typed with the
scope's links (issue 31, D183).

Phase 1 (:func:`analyzer.core.analyze_source`) types a ``CREATE TABLE ... AS`` or ``SELECT
... INTO`` against the tables its own file defines before it; a column of a table it does
not find is untyped, its P009 names it, and the table keeps its query
(``Table.query``). This pass, run with the scope's :class:`ReplicationContext` as every
command and the Spark scan run the link passes, types the query again with the tables the
scope's other files define (:class:`~analyzer.passes.link_context.Tables`: the nearest
definition, names read with each file's database), replaces the table's columns (spans
kept) and its P009 (dropped when every column is typed, else naming what is left).

>>> from analyzer.core import Options, analyze_bytes
>>> from analyzer.passes.link_context import replication_context
>>> o = Options(dialect="teradata")
>>> a = analyze_bytes("a.sql", b"CREATE TABLE s.o (id INTEGER NOT NULL);", o)
>>> b = analyze_bytes("b.sql", b"CREATE TABLE w AS (SELECT id FROM s.o) WITH NO DATA;", o)
>>> [d.code for d in b.diagnostics], b.tables[0].columns[0].type.declared
(['P009'], '')
>>> b2 = type_derived(b, replication_context([a, b]))
>>> [d.code for d in b2.diagnostics], b2.tables[0].columns[0].type.declared
([], 'INTEGER')
>>> b2.tables[0].columns[0].nullable, b2.tables[0].columns[0].derived_from
(False, 's.o.id')
"""

from __future__ import annotations

from dataclasses import replace

from analyzer.build import Derived, retyped, untyped_message
from analyzer.ir import Column, Diagnostic, FileResult, QualifiedName, Span, Table
from analyzer.names import databases
from analyzer.passes.link_context import ReplicationContext, TableShape, file_tables


def type_derived(result: FileResult, replication: ReplicationContext | None = None) -> FileResult:
    """``result`` with its derived tables that read another file's tables typed."""
    if replication is None or not any(t.query is not None for t in result.tables):
        return result
    lookup_tables = file_tables(result, replication.index)
    uses = databases(result.name_changes)
    tables = list(result.tables)
    diagnostics = list(result.diagnostics)
    for i, table in enumerate(tables):
        if table.query is None:
            continue
        at = table.span

        def lookup(
            name: QualifiedName, at: Span | None = at, dialect: str = table.dialect
        ) -> Table | None:
            shape = lookup_tables.find(name, at)
            if shape is None or shape.path == result.path:  # this file's: phase 1 saw them
                return None
            return _table(shape, dialect)

        again = retyped(table, result.path, tables[:i], uses, lookup)
        if again is None:
            continue
        tables[i] = again.table
        diagnostics = _p009(diagnostics, table, again)
    return replace(result, tables=tuple(tables), diagnostics=tuple(diagnostics))


def _table(shape: TableShape, dialect: str) -> Table:
    """A table of another file as a derived table reads it: its columns' names, types,
    nullability, character sets and case specificity."""
    attributes = shape.attributes or tuple((True, None, None) for _ in shape.columns)
    return Table(
        name=shape.name,
        dialect=dialect,
        columns=tuple(
            Column(
                name=name,
                position=n,
                type=dtype,
                nullable=nullable,
                nullable_explicit=False,
                character_set=charset,
                case_specific=case,
            )
            for n, ((name, dtype), (nullable, charset, case)) in enumerate(
                zip(shape.columns, attributes, strict=True), start=1
            )
        ),
    )


def _p009(diagnostics: list[Diagnostic], table: Table, again: Derived) -> list[Diagnostic]:
    """The table's P009 replaced: dropped when every column is typed now."""
    at = table.span.start if table.span is not None else None
    out = []
    for d in diagnostics:
        ours = (
            d.code == "P009"
            and d.message.startswith(f"{table.name}: ")
            and (at is None or d.span is None or d.span.start <= at < max(d.span.end, at + 1))
        )
        if not ours:
            out.append(d)
        elif again.untyped:
            out.append(replace(d, message=untyped_message(again)))
    return out
