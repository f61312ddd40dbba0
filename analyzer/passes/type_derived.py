"""Derived tables whose query reads a table of another file of the scope, typed with the
scope's links (issue 31, D183).

Phase 1 (:func:`analyzer.core.analyze_source`) types a ``CREATE TABLE ... AS`` or ``SELECT
... INTO`` against the tables its own file defines before it. When a table it reads is not
there, the statement is kept in ``FileResult.derived_queries``: a column of that table is
untyped (its P009 names it), a copy or ``SELECT *`` of it gives no table (P005). This pass,
run with the scope's :class:`ReplicationContext` wherever the link passes run (one process,
``-j N``, the Spark scan), builds each such statement again with the tables the scope's
other files define (:class:`~analyzer.passes.link_context.Tables`: the nearest definition,
names read with each file's database): the table replaces phase 1's (or is added, in file
order), and the statement's P009 / P005 is dropped, or names what is still untyped.

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
>>> c = analyze_bytes("c.sql", b"CREATE TABLE c AS s.o WITH NO DATA;", o)
>>> [d.code for d in c.diagnostics], c.tables
(['P005'], ())
>>> c2 = type_derived(c, replication_context([a, c]))
>>> [d.code for d in c2.diagnostics], [str(t.name) for t in c2.tables], c2.derived_queries
([], ['c'], ())
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from analyzer.build import retyped, untyped_message
from analyzer.ir import (
    Column,
    DerivedQuery,
    Diagnostic,
    FileResult,
    QualifiedName,
    Severity,
    Span,
    Table,
    TableOptions,
)
from analyzer.names import databases
from analyzer.passes.link_context import ReplicationContext, Tables, TableShape, file_tables


def type_derived(result: FileResult, replication: ReplicationContext | None = None) -> FileResult:
    """``result`` with its :attr:`~analyzer.ir.FileResult.derived_queries` typed with the
    scope's other files' tables (and emptied)."""
    if replication is None or not result.derived_queries or result.dialect is None:
        return result
    scope = file_tables(result, replication.index)
    uses = databases(result.name_changes)
    tables = list(result.tables)
    diagnostics = list(result.diagnostics)
    for query in result.derived_queries:
        end = query.offset + len(query.text)
        known = [t for t in tables if t.span is not None and t.span.start < query.offset]
        lookup = _lookup(scope, result.path, result.dialect, query)
        again = retyped(query, result.path, result.dialect, known, uses, lookup)
        if again is None:
            continue
        if isinstance(again, str):  # a copy or * of a table nowhere in the scope: P005
            diagnostics = [
                replace(d, message=again) if _ours(d, query, ("P005",)) else d for d in diagnostics
            ]
            continue
        made = [i for i, t in enumerate(tables) if t.span and query.offset <= t.span.start < end]
        if made:
            tables[made[0]] = again.table
        else:
            tables.insert(len(known), again.table)
        diagnostics = _rediagnosed(diagnostics, query, untyped_message(again), again.untyped)
    return replace(result, tables=tuple(tables), diagnostics=tuple(diagnostics), derived_queries=())


def _lookup(
    scope: Tables, path: str, dialect: str, query: DerivedQuery
) -> Callable[[QualifiedName], Table | None]:
    at = Span(path, query.line, query.column, query.line, query.column, query.offset, query.offset)

    def find(name: QualifiedName) -> Table | None:
        shape = scope.find(name, at)
        if shape is None or shape.path == path:  # this file's: phase 1 saw them
            return None
        return _table(shape, dialect)

    return find


def _table(shape: TableShape, dialect: str) -> Table:
    """A table of another file as a derived table reads it: its columns' names, types,
    nullability, character sets and case specificity; for a copy, its primary index and
    options."""
    attributes = shape.attributes or tuple((True, None, None) for _ in shape.columns)
    return Table(
        name=shape.name,
        dialect=dialect,
        indexes=shape.primary_index,
        options=shape.options or TableOptions(),
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


def _rediagnosed(
    diagnostics: list[Diagnostic], query: DerivedQuery, message: str, untyped: tuple[str, ...]
) -> list[Diagnostic]:
    """The statement's P009 (a column untyped) or P005 (no table: a copy or ``*`` of a table
    not in the file) replaced: a P009 naming what is still untyped, or nothing."""
    out = []
    replaced = False
    for d in diagnostics:
        if not _ours(d, query, ("P009", "P005")):
            out.append(d)
        elif untyped and not replaced:
            out.append(replace(d, code="P009", message=message))
            replaced = True
    return out


def _ours(d: Diagnostic, query: DerivedQuery, codes: tuple[str, ...]) -> bool:
    """A warning of ``codes`` at the statement of ``query``."""
    return (
        d.code in codes
        and d.severity is Severity.WARNING
        and d.span is not None
        and d.span.start == query.offset
    )
