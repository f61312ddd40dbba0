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

from analyzer.collector import paused
from analyzer.ir import (
    ConstraintKind,
    DataType,
    FileResult,
    Index,
    PublicationChange,
    QualifiedName,
    ReplicationDefinitionChange,
    Span,
    Table,
    TableChange,
    TableOptions,
)
from analyzer.names import (
    Changed,
    Defined,
    Key,
    Place,
    changed,
    compared,
    database_at,
    databases,
    key,
    matches,
    nearest,
    replay,
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
    #: ``name`` as its statement's context reads it (:func:`analyzer.names.key`).
    key: Key | None = None
    #: Per column: nullable, character set, case specificity (what a derived table of
    #: another file takes from a column it selects, D183).
    attributes: tuple[tuple[bool, str | None, bool | None], ...] = ()
    #: A Teradata table's primary index (or NoPI / PA) and options: what a copy (``CREATE
    #: TABLE t AS src``) in another file takes (D173, D183).
    primary_index: tuple[Index, ...] = ()
    options: TableOptions | None = None


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
    #: path -> the file's dialect and ``USE`` statements (how its names are read)
    files: Mapping[str, FileNames]
    #: pairs of files that define a table differently: never linked to each other
    apart: frozenset[frozenset[str]]
    #: whether a file renames a table (``sp_rename``, ``RENAME TABLE``): any definition
    #: may then meet a later one of its new name
    renamed: bool = False


def _grouped(pairs: Iterable[tuple[str, t.Any]]) -> dict[str, tuple[t.Any, ...]]:
    found: dict[str, list[t.Any]] = {}
    for name, item in pairs:
        found.setdefault(name, []).append(item)
    return {name: tuple(items) for name, items in found.items()}


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
    #: Each file's dialect, ``USE`` statements, drops and renames (D168).
    files: tuple[FileNames, ...] = ()
    #: The files that call ``sp_addarticle`` / ``sp_changearticle`` (SQL Server articles,
    #: which name tables of other files; the IR keeps the calls as skipped statements).
    articles: tuple[str, ...] = ()
    #: Built on first use (:attr:`index`); not compared, hashed or pickled.
    _index: ContextIndex | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )

    def merge(self, other: ReplicationContext) -> ReplicationContext:
        return merge_contexts((self, other))

    @property
    def replicates(self) -> bool:
        """Whether the scope has anything for the replication estimators to size: a
        replication definition, a function replication definition, a publication, their
        changes, a table marked for replication or an article call (D202)."""
        return bool(
            self.definitions
            or self.functions
            or self.publications
            or self.definition_changes
            or self.publication_changes
            or self.articles
            or any(c.marking is not None for c in self.table_changes)
        )

    @property
    def index(self) -> ContextIndex:
        """The context by name, built once (O(objects)) and kept."""
        index = self._index
        if index is None:
            with paused():  # many acyclic objects at once: 1.0 -> 0.3 s at 20,000 tables
                index = self._built()
            object.__setattr__(self, "_index", index)
        return index

    def _built(self) -> ContextIndex:
        return ContextIndex(
            tables=_grouped((s.name.name.lower(), s) for s in self.tables),
            changes=_grouped((c.table.name.lower(), c) for c in self.table_changes),
            definitions=_grouped((name.lower(), table) for name, table in self.definitions),
            definition_changes=_grouped((c.name.lower(), c) for c in self.definition_changes),
            functions=frozenset(f.lower() for f in self.functions),
            publications=frozenset(p.lower() for p in self.publications),
            publication_changes=_grouped(
                (c.publication.lower(), c) for c in self.publication_changes
            ),
            files={f.path: f for f in self.files},
            apart=_apart(self.tables, self.files),
            renamed=any(c.new_key is not None for f in self.files for c in f.changes),
        )

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
    "files",
    "articles",
)


@record
class FileNames:
    """How one file's names are read: its dialect, its ``USE`` statements as ``(offset,
    database)`` and its drops and renames (:func:`analyzer.names.replay`)."""

    path: str
    dialect: str | None = None
    uses: tuple[tuple[int, str], ...] = ()
    changes: tuple[Changed, ...] = ()

    def place(self, start: int | None) -> Place:
        return Place(self.path, start, self.dialect, database_at(self.uses, start))


def file_names(result: FileResult) -> FileNames:
    """The :class:`FileNames` of ``result``."""
    uses = databases(result.name_changes)
    found = (
        changed(c, result.dialect, database_at(uses, c.span.start)) for c in result.name_changes
    )
    return FileNames(result.path, result.dialect, uses, tuple(c for c in found if c is not None))


def _apart(shapes: Sequence[TableShape], files: Sequence[FileNames]) -> frozenset[frozenset[str]]:
    """The pairs of files that define a table differently (:func:`analyzer.names.replay`)."""
    if len(files) < 2:
        return frozenset()
    defined: dict[str, list[Defined]] = {f.path: [] for f in files}
    dialects = {f.path: f.dialect for f in files}
    kept = [s for s in shapes if s.key is not None and s.path in defined]
    needed = compared(
        ((dialects[s.path], s.key) for s in kept if s.key is not None),
        (c for f in files for c in f.changes),
    )
    for shape in kept:
        assert shape.key is not None
        dialect = dialects[shape.path]
        sign = signature(shape) if needed(dialect, shape.key) else None
        defined[shape.path].append(Defined(shape.key, shape.start, sign, dialect))
    return replay((f.path, defined[f.path], f.changes) for f in files)[1]


def signature(shape: TableShape) -> tuple[tuple[t.Any, ...], ...]:
    """What two definitions of a table must share to be the same: each column's name and
    type (case aside; the text of the declaration aside)."""
    return tuple(
        (n.lower(), d.name, d.length, d.precision, d.scale, d.is_max) for n, d in shape.columns
    )


def table_shape(table: Table, path: str, names: FileNames | None = None) -> TableShape:
    pk = table.primary_key
    start = table.span.start if table.span is not None else 0
    place = names.place(start) if names is not None else Place(path, start)
    return TableShape(
        table.name,
        path,
        tuple((c.name, c.type) for c in table.columns),
        pk.columns if pk is not None else (),
        start,
        key(table.name, place.dialect, place.database),
        tuple((c.nullable, c.character_set, c.case_specific) for c in table.columns),
        tuple(ix for ix in table.indexes if ix.kind in _PRIMARY_KINDS),
        table.options if table.dialect == "teradata" else None,
    )


#: The skipped statements of SQL Server articles (the replication estimators read their
#: text again: the IR keeps the calls as skipped statements, with their spans).
ARTICLE_CALLS = ("exec sp_addarticle", "exec sp_changearticle")

#: Index kinds a Teradata copy takes from its source (analyzer/build/derived.py, D173).
_PRIMARY_KINDS = frozenset({"primary_index", "primary_amp", "no_primary_index"})


def file_context(result: FileResult) -> ReplicationContext:
    """What one file contributes to the :class:`ReplicationContext` of a run."""
    names = file_names(result)
    return ReplicationContext(
        tables=tuple(table_shape(t, result.path, names) for t in result.tables),
        files=(names,),
        table_changes=result.table_changes,
        definition_changes=result.replication_definition_changes,
        publication_changes=result.publication_changes,
        definitions=tuple((d.name, d.primary_table) for d in result.replication_definitions),
        functions=tuple(f.name for f in result.function_replication_definitions),
        publications=tuple(p.name.name for p in result.publications),
        articles=(result.path,) if any(s.kind in ARTICLE_CALLS for s in result.skipped) else (),
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
    #: The column names (lower case) a foreign key of the scope references: its referenced
    #: columns, or its own where it names none (Teradata's same-name rule); what a scope
    #: step reads of a table's columns besides its keys' (D203).
    referenced: frozenset[str] = frozenset()


def _referenced(results: Sequence[FileResult]) -> frozenset[str]:
    """:attr:`ScopeLinks.referenced` of ``results``: every foreign key a file declares, in
    a table or as a change of another file's (``ALTER TABLE``, ``sp_foreignkey``), which
    the link pass applies to that table."""
    keys = [k for r in results for tb in r.tables for k in tb.constraints]
    keys += [c.constraint for r in results for c in r.table_changes if c.constraint is not None]
    return frozenset(
        name.lower()
        for k in keys
        if k.kind is ConstraintKind.FOREIGN_KEY
        for name in (k.ref_columns or k.columns)
    )


def scope_links(results: Iterable[FileResult]) -> ScopeLinks:
    """The :class:`ScopeLinks` of a scope's files (in the order given), O(their objects)."""
    listed = list(results)
    return ScopeLinks(
        UserTypes(ut for r in listed for ut in r.user_types),
        replication_context(listed),
        _referenced(listed),
    )


def merge_links(pieces: Iterable[ScopeLinks]) -> ScopeLinks:
    """The pieces' links concatenated, in order (per-file pieces into a scope's links)."""
    listed = list(pieces)
    return ScopeLinks(
        UserTypes(ut for p in listed for ut in p.user_types),
        merge_contexts(p.replication for p in listed),
        frozenset().union(*(p.referenced for p in listed)),
    )


# ------------------------------------------------------------------------ lookup


def same(a: str | None, b: str | None) -> bool:
    return a is None or b is None or a.lower() == b.lower()


class Tables:
    """Tables by name: this file's and the other files' of the scope, from the scope's
    index, resolved as the engines do (:mod:`analyzer.names`: the reference's database
    and default schema, the nearest definition, never a file apart from the reference's)."""

    def __init__(
        self,
        own: Sequence[TableShape],
        index: ContextIndex,
        path: str,
        names: FileNames | None = None,
    ) -> None:
        self.shapes = tuple(own)  # this file's, in order
        self.own: dict[str, list[TableShape]] = {}
        for shape in own:
            self.own.setdefault(shape.name.name.lower(), []).append(shape)
        self.index = index
        self.path = path
        self.names = names or index.files.get(path) or FileNames(path)

    def find(self, name: QualifiedName, at: Span | None = None) -> TableShape | None:
        """The table ``name`` names, read where ``at`` is (a statement of this file or of
        another file of the scope; None: this file, with no offset)."""
        low = name.name.lower()
        if at is not None and at.file != self.path:
            names = self.index.files.get(at.file) or FileNames(at.file)
        else:
            names = self.names
        place = names.place(at.start if at is not None else None)
        wanted = key(name, place.dialect, place.database)
        apart = self.index.apart
        own = self.own.get(low, ())
        found = [
            (shape.key, Place(shape.path, shape.start), shape)
            for shape in (*own, *self.index.tables.get(low, ()))
            if shape.key is not None
            and matches(wanted, shape.key)
            # this file's tables are its own shapes (the index has them as they were)
            and (shape.path != self.path or any(shape is o for o in own))
            and (not apart or frozenset((shape.path, place.path)) not in apart)
        ]
        return nearest(found, place)

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
    names = file_names(result)
    own = tuple(table_shape(t, result.path, names) for t in result.tables)
    return Tables(own, index, result.path, names)
