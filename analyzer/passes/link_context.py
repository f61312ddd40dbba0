"""What the files of a scope share for linking, and how the link pass looks it up.

The ``link_replication`` pass (:mod:`analyzer.passes.link_replication`) links a file's
replication statements against the tables, changes and definitions of every file of its
scope (docs/decisions.md D6, D31, D77).  This module holds that scope-wide part:

* :class:`ReplicationContext`: what one file contributes (:func:`file_context`: table shapes,
  key and ALTER TABLE changes, replication definitions and their ``alter`` clauses,
  publications), concatenated over a scope (:func:`replication_context`); small and
  picklable, the Spark scan ships it between its phases;
* :class:`ScopeLinks`: the scope's alias types and replication context together
  (:func:`scope_links`, :func:`merge_links`), what the passes link a file against;
* :class:`ContextIndex`: the context by name, built once on first use, so linking a file
  costs the objects of the names it uses, not the scope's;
* :class:`Tables`: the lookup a file's statements use (this file's tables first, then the
  scope's; names case-insensitive, qualifiers agreeing when both give one).

>>> from analyzer.ir import *
>>> t = Table(QualifiedName("authors", "dbo"), "sybase",
...           (Column("au_id", 1, DataType("int", "INT", "integer"), False, True),))
>>> context = replication_context([FileResult("a.sql", "sybase", "utf-8", tables=(t,))])
>>> tables = file_tables(FileResult("b.sql", "sybase", "utf-8"), context.index)
>>> tables.find(QualifiedName("AUTHORS")).path, tables.find(QualifiedName("authors", "x"))
('a.sql', None)
"""

from __future__ import annotations

import typing as t
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field

from analyzer.ir import (
    DataType,
    FileResult,
    PublicationChange,
    QualifiedName,
    ReplicationDefinitionChange,
    Table,
    TableChange,
)
from analyzer.passes.resolve_user_types import UserTypes
from analyzer.records import record


@record
class TableShape:
    """What linking needs of a table: its name, file, columns (name, type) and primary key."""

    name: QualifiedName
    path: str
    columns: tuple[tuple[str, DataType], ...]
    primary_key: tuple[str, ...] = ()
    start: int = 0


@record
class ContextIndex:
    """A :class:`ReplicationContext` by name (lower case), built once per context: what a
    lookup examines is the objects of one name, whatever the size of the scope."""

    #: bare table name -> the shapes of that name, in file order
    tables: Mapping[str, tuple[TableShape, ...]]
    #: bare name of the changed table -> its changes (sp_primarykey, ALTER TABLE ...), in order
    changes: Mapping[str, tuple[TableChange, ...]]
    #: replication definition name -> the primary tables of the definitions of that name
    definitions: Mapping[str, tuple[QualifiedName, ...]]
    #: (function) replication definition name -> its ``alter`` clauses, in order
    definition_changes: Mapping[str, tuple[ReplicationDefinitionChange, ...]]
    functions: frozenset[str]
    publications: frozenset[str]
    #: publication name -> its sp_add_article / sp_add_article_col calls, in order
    publication_changes: Mapping[str, tuple[PublicationChange, ...]]


def _grouped(pairs: Iterable[tuple[str, t.Any]]) -> dict[str, tuple[t.Any, ...]]:
    found: dict[str, list[t.Any]] = {}
    for key, item in pairs:
        found.setdefault(key, []).append(item)
    return {key: tuple(items) for key, items in found.items()}


@record
class ReplicationContext:
    """Everything of a scope's files that statements of another file may refer to (small:
    the Spark scan ships it between its phases; picklable, its index is rebuilt on use)."""

    tables: tuple[TableShape, ...] = ()
    table_changes: tuple[TableChange, ...] = ()
    definition_changes: tuple[ReplicationDefinitionChange, ...] = ()
    publication_changes: tuple[PublicationChange, ...] = ()
    #: replication definition name -> its primary table
    definitions: tuple[tuple[str, QualifiedName], ...] = ()
    functions: tuple[str, ...] = ()
    publications: tuple[str, ...] = ()
    #: Built on first use (:attr:`index`); not compared, hashed or pickled.
    _index: ContextIndex | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )

    def merge(self, other: ReplicationContext) -> ReplicationContext:
        return merge_contexts((self, other))

    @property
    def index(self) -> ContextIndex:
        """The context by name, built once (O(objects)) and kept."""
        index = self._index
        if index is None:
            index = ContextIndex(
                tables=_grouped((s.name.name.lower(), s) for s in self.tables),
                changes=_grouped((c.table.name.lower(), c) for c in self.table_changes),
                definitions=_grouped((name.lower(), table) for name, table in self.definitions),
                definition_changes=_grouped((c.name.lower(), c) for c in self.definition_changes),
                functions=frozenset(f.lower() for f in self.functions),
                publications=frozenset(p.lower() for p in self.publications),
                publication_changes=_grouped(
                    (c.publication.lower(), c) for c in self.publication_changes
                ),
            )
            object.__setattr__(self, "_index", index)
        return index

    def __reduce__(self) -> tuple[type[ReplicationContext], tuple[t.Any, ...]]:
        # the fields only: the index is rebuilt where it is used
        return ReplicationContext, tuple(getattr(self, name) for name in _CONTEXT_FIELDS)


_CONTEXT_FIELDS = (
    "tables",
    "table_changes",
    "definition_changes",
    "publication_changes",
    "definitions",
    "functions",
    "publications",
)


def table_shape(table: Table, path: str) -> TableShape:
    pk = table.primary_key
    return TableShape(
        table.name,
        path,
        tuple((c.name, c.type) for c in table.columns),
        pk.columns if pk is not None else (),
        table.span.start if table.span is not None else 0,
    )


def file_context(result: FileResult) -> ReplicationContext:
    """What one file contributes to the :class:`ReplicationContext` of a run."""
    return ReplicationContext(
        tables=tuple(table_shape(t, result.path) for t in result.tables),
        table_changes=result.table_changes,
        definition_changes=result.replication_definition_changes,
        publication_changes=result.publication_changes,
        definitions=tuple((d.name, d.primary_table) for d in result.replication_definitions),
        functions=tuple(f.name for f in result.function_replication_definitions),
        publications=tuple(p.name.name for p in result.publications),
    )


def merge_contexts(pieces: Iterable[ReplicationContext]) -> ReplicationContext:
    """The pieces' contexts concatenated, in order (linear in their total size)."""
    fields: dict[str, list[t.Any]] = {name: [] for name in _CONTEXT_FIELDS}
    for piece in pieces:
        for name in _CONTEXT_FIELDS:
            fields[name].extend(getattr(piece, name))
    return ReplicationContext(**{name: tuple(items) for name, items in fields.items()})


def replication_context(results: Iterable[FileResult]) -> ReplicationContext:
    """The :class:`ReplicationContext` of ``results`` (in the order given)."""
    return merge_contexts(file_context(r) for r in results)


@record
class ScopeLinks:
    """What the passes link a file of one scope against: the scope's alias types and its
    replication context, in the order of its files; built once per scope
    (:func:`scope_links`), indexed once on first use."""

    user_types: UserTypes = field(default_factory=UserTypes)
    replication: ReplicationContext = field(default_factory=ReplicationContext)


def scope_links(results: Iterable[FileResult]) -> ScopeLinks:
    """The :class:`ScopeLinks` of a scope's files (in the order given), O(their objects)."""
    listed = list(results)
    return ScopeLinks(
        UserTypes(ut for r in listed for ut in r.user_types), replication_context(listed)
    )


def merge_links(pieces: Iterable[ScopeLinks]) -> ScopeLinks:
    """The pieces' links concatenated, in order (per-file pieces into a scope's links)."""
    listed = list(pieces)
    return ScopeLinks(
        UserTypes(ut for p in listed for ut in p.user_types),
        merge_contexts(p.replication for p in listed),
    )


# ------------------------------------------------------------------------ lookup


def same(a: str | None, b: str | None) -> bool:
    return a is None or b is None or a.lower() == b.lower()


class Tables:
    """Tables by name: this file's first, then the other files' of the scope, from the
    scope's index (case-insensitive names; a qualifier must agree when both give one)."""

    def __init__(self, own: Sequence[TableShape], index: ContextIndex, path: str) -> None:
        self.shapes = tuple(own)  # this file's, in order
        self.own: dict[str, list[TableShape]] = {}
        for shape in own:
            self.own.setdefault(shape.name.name.lower(), []).append(shape)
        self.index = index
        self.path = path

    def find(self, name: QualifiedName) -> TableShape | None:
        key = name.name.lower()
        for shape in self.own.get(key, ()):
            if same(name.schema, shape.name.schema) and same(name.catalog, shape.name.catalog):
                return shape
        for shape in self.index.tables.get(key, ()):
            if (
                shape.path != self.path  # this file's tables are its own shapes above
                and same(name.schema, shape.name.schema)
                and same(name.catalog, shape.name.catalog)
            ):
                return shape
        return None

    def changes(self, name: QualifiedName) -> tuple[TableChange, ...]:
        """The scope's changes of tables of ``name``'s bare name (a superset of the changes
        of the table ``name`` finds, in order)."""
        return self.index.changes.get(name.name.lower(), ())


def agrees(a: QualifiedName, b: QualifiedName) -> bool:
    """Two references to the same table: bare names equal, qualifiers agreeing."""
    return (
        a.name.lower() == b.name.lower() and same(a.schema, b.schema) and same(a.catalog, b.catalog)
    )


def has(columns: Iterable[str], name: str) -> bool:
    low = name.lower()
    return any(c.lower() == low for c in columns)


def file_tables(result: FileResult, index: ContextIndex) -> Tables:
    """The lookup of this file's statements (its own table shapes, then the scope's)."""
    own = tuple(table_shape(t, result.path) for t in result.tables)
    return Tables(own, index, result.path)
