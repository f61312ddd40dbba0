"""Link replication statements to the tables they describe, and check them.

Sybase install scripts declare keys and replication marks with system procedures after the
``create table``, and Replication Server / SQL Remote definitions name tables the scripts
create (perhaps in another file).  This pass, run after :mod:`resolve_user_types`:

* applies ``sp_primarykey`` / ``sp_foreignkey`` / ``sp_commonkey`` (ASE Reference Manual,
  "sp_primarykey": recorded in syskeys, no index, not enforced) to the table's constraints, the
  foreign key's referenced columns being the referenced table's key;
* applies the keys and check constraints ``ALTER TABLE ... ADD`` adds, and the indexes of
  ``CREATE INDEX`` (SQL Server, ASE, Teradata), to the table's constraints and indexes as
  if the CREATE TABLE had declared them; one on a table not in the input stays unapplied,
  without a diagnostic (docs/decisions.md D76);
* folds ``sp_setreplicate`` / ``sp_setreptable`` / ``sp_setrepcol`` / ``sp_add_remote_table``
  into ``Table.replication``;
* applies ``alter replication definition`` clauses to their definition (and ``alter [applied
  | request] function replication definition`` clauses to function definitions: an added
  parameter changes the function's message size), then links each
  replication definition to its primary table and checks its column list against the table:
  a column the table lacks, a type that disagrees, key or searchable columns outside the
  list, a primary key other than the table's;
* builds SQL Remote for ASE publications from ``sp_add_article`` / ``sp_add_article_col`` and
  links every article to its table;
* links subscriptions to their replication definition or publication;
* warns when an ``sp_addtype`` type (or a keyed / marked table) is used before the script
  defines it.

Tables, changes and definitions of the other files of the same scope arrive in
``replication`` (a :class:`ReplicationContext` built by :func:`replication_context` over the
scope's files, as ``user_types`` does for alias types; docs/decisions.md, D6, D31 and D77).
The context indexes its objects by name once (:class:`ContextIndex`), so linking a file
costs the objects of the names it uses, not the scope's: a run links in time linear in its
files.  Nothing is dropped: an unresolved statement stays in the IR with ``resolved`` /
``applied`` False and a diagnostic.

>>> from analyzer.ir import *
>>> t = Table(QualifiedName("authors"), "sybase",
...           (Column("au_id", 1, DataType("varchar(11)", "VARCHAR", "varchar", 11), False, True),))
>>> key = Constraint(ConstraintKind.PRIMARY_KEY, ("au_id",), declared_by="sp_primarykey")
>>> r = FileResult("f.sql", "sybase", "utf-8", tables=(t,),
...                table_changes=(TableChange("sp_primarykey", QualifiedName("authors"), key),))
>>> out = link_replication(r)
>>> out.tables[0].primary_key.declared_by, out.table_changes[0].applied
('sp_primarykey', True)
"""

from __future__ import annotations

import typing as t
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field, replace

from analyzer.ir import (
    Article,
    ConstraintKind,
    DataType,
    Diagnostic,
    FileResult,
    FunctionReplicationDefinition,
    Publication,
    PublicationChange,
    QualifiedName,
    ReplicatedColumn,
    ReplicationDefinition,
    ReplicationDefinitionChange,
    ReplicationMarking,
    Severity,
    Span,
    Subscription,
    Table,
    TableChange,
    UserType,
)
from analyzer.passes.resolve_user_types import UserTypes, types_for
from analyzer.records import record

# ----------------------------------------------------------------------- context


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


def _shape(table: Table, path: str) -> TableShape:
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
        tables=tuple(_shape(t, result.path) for t in result.tables),
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


def _replication_free(result: FileResult) -> bool:
    return not (
        result.table_changes
        or result.replication_definitions
        or result.replication_definition_changes
        or result.function_replication_definitions
        or result.subscriptions
        or result.publications
        or result.publication_changes
    )


# ------------------------------------------------------------------------ lookup


def _same(a: str | None, b: str | None) -> bool:
    return a is None or b is None or a.lower() == b.lower()


class _Tables:
    """Tables by name: this file's first, then the other files' of the scope, from the
    scope's index (case-insensitive names; a qualifier must agree when both give one)."""

    def __init__(self, own: Sequence[TableShape], index: ContextIndex, path: str) -> None:
        self.own: dict[str, list[TableShape]] = {}
        for shape in own:
            self.own.setdefault(shape.name.name.lower(), []).append(shape)
        self.index = index
        self.path = path

    def find(self, name: QualifiedName) -> TableShape | None:
        key = name.name.lower()
        for shape in self.own.get(key, ()):
            if _same(name.schema, shape.name.schema) and _same(name.catalog, shape.name.catalog):
                return shape
        for shape in self.index.tables.get(key, ()):
            if (
                shape.path != self.path  # this file's tables are its own shapes above
                and _same(name.schema, shape.name.schema)
                and _same(name.catalog, shape.name.catalog)
            ):
                return shape
        return None

    def changes(self, name: QualifiedName) -> tuple[TableChange, ...]:
        """The scope's changes of tables of ``name``'s bare name (a superset of the changes
        of the table ``name`` finds, in order)."""
        return self.index.changes.get(name.name.lower(), ())


def _agrees(a: QualifiedName, b: QualifiedName) -> bool:
    """Two references to the same table: bare names equal, qualifiers agreeing."""
    return (
        a.name.lower() == b.name.lower()
        and _same(a.schema, b.schema)
        and _same(a.catalog, b.catalog)
    )


def _has(columns: Iterable[str], name: str) -> bool:
    low = name.lower()
    return any(c.lower() == low for c in columns)


# ------------------------------------------------------------------- diagnostics


def _diag(code: str, severity: Severity, message: str, span: Span | None) -> Diagnostic:
    return Diagnostic(code, severity, message, span)


# ------------------------------------------------------------------ table changes

#: Changes made by DDL statements (``ALTER TABLE ... ADD``, ``CREATE INDEX``), not ASE
#: procedures: their constraints are declared ones (no ``declared_by``) and the procedure
#: checks (R007, R008, R012, R014) do not apply to them (D76).
STATEMENT_CHANGES = frozenset({"alter table", "create index"})


def _fold_marking(
    current: ReplicationMarking | None, new: ReplicationMarking
) -> ReplicationMarking:
    """The marking after one more call: later calls win, sp_setrepcol statuses per column."""
    base = current or ReplicationMarking()
    columns = list(base.columns)
    for col in new.columns:
        key = (col.column or "").lower()
        columns = [c for c in columns if (c.column or "").lower() != key]
        columns.append(col)
    return ReplicationMarking(
        replicated=new.replicated if new.replicated is not None else base.replicated,
        never=new.never if new.replicated is not None else base.never,
        owner_on=new.owner_on if new.owner_on is not None else base.owner_on,
        use_index=base.use_index or new.use_index,
        marked_by=(*base.marked_by, *new.marked_by),
        columns=tuple(columns),
    )


def _declared_key(name: QualifiedName, tables: _Tables) -> tuple[str, ...]:
    """The primary key of a table: its last sp_primarykey, else its declared key.  For a
    table not in the scope, the last sp_primarykey naming it (qualifiers agreeing)."""
    shape = tables.find(name)
    changes = tables.changes(name)
    keys = [
        c.constraint.columns
        for c in changes
        if c.procedure == "sp_primarykey"
        and c.constraint is not None
        and tables.find(c.table) is shape
        and (shape is not None or _agrees(c.table, name))
    ]
    if keys:
        return keys[-1]
    if shape is None:
        return ()
    if shape.primary_key:
        return shape.primary_key
    # else a PRIMARY KEY that an ALTER TABLE adds, as Table.primary_key finds it once applied
    added = (
        c.constraint.columns
        for c in changes
        if c.procedure == "alter table"
        and c.constraint is not None
        and c.constraint.kind is ConstraintKind.PRIMARY_KEY
        and tables.find(c.table) is shape
    )
    return next(added, ())


_LOB_FAMILIES = frozenset({"clob", "nclob", "blob"})


def _check_change(
    change: TableChange, shape: TableShape, tables: _Tables, diags: list[Diagnostic]
) -> TableChange:
    """Check one of this file's calls against its table; returns it with ``ref_columns`` filled."""
    columns = {n.lower(): dtype for n, dtype in shape.columns}
    named: list[str] = []
    if change.constraint is not None:
        named = list(change.constraint.columns)
    if change.marking is not None:
        named = [c.column for c in change.marking.columns if c.column is not None]
    for column in named:
        if column.lower() not in columns:
            diags.append(
                _diag(
                    "R008",
                    Severity.WARNING,
                    f"{change.procedure} names column {column!r}, which table {shape.name} "
                    "does not have",
                    change.span,
                )
            )
        elif change.procedure == "sp_setrepcol" and columns[column.lower()].family not in (
            _LOB_FAMILIES
        ):
            diags.append(
                _diag(
                    "R015",
                    Severity.WARNING,
                    f"sp_setrepcol applies to text, unitext and image columns; "
                    f"{shape.name}.{column} is {columns[column.lower()].declared}",
                    change.span,
                )
            )
    constraint = change.constraint
    if constraint is not None and constraint.kind is ConstraintKind.FOREIGN_KEY:
        ref = constraint.ref_table
        key = _declared_key(ref, tables) if ref is not None else ()
        if ref is not None and tables.find(ref) is None:
            diags.append(
                _diag(
                    "R007",
                    Severity.WARNING,
                    f"sp_foreignkey references table {ref}, which is not in the input",
                    change.span,
                )
            )
        elif not key:
            diags.append(
                _diag(
                    "R014",
                    Severity.WARNING,
                    f"sp_foreignkey references {ref}, which has no primary key "
                    "(sp_primarykey must declare it first)",
                    change.span,
                )
            )
        elif len(key) != len(constraint.columns):
            diags.append(
                _diag(
                    "R014",
                    Severity.WARNING,
                    f"sp_foreignkey gives {len(constraint.columns)} column(s) but the key of "
                    f"{ref} has {len(key)} ({', '.join(key)})",
                    change.span,
                )
            )
        else:
            constraint = replace(constraint, ref_columns=key)
    return replace(change, constraint=constraint, applied=True, table_path=shape.path)


def _apply_to_table(table: Table, changes: Sequence[TableChange]) -> Table:
    # From the table as declared, so that running the pass again changes nothing: an ALTER
    # TABLE's constraint has no declared_by, so one already applied is known by equality.
    added = {
        c.constraint
        for c in changes
        if c.procedure in STATEMENT_CHANGES and c.constraint is not None
    }
    constraints = [c for c in table.constraints if c.declared_by is None and c not in added]
    created = {c.index for c in changes if c.index is not None}
    indexes = [i for i in table.indexes if i not in created]
    marking: ReplicationMarking | None = None
    for change in changes:
        if change.constraint is not None:
            constraints.append(change.constraint)
        if change.index is not None:
            indexes.append(change.index)
        if change.marking is not None:
            marking = _fold_marking(marking, change.marking)
    return replace(
        table, constraints=tuple(constraints), indexes=tuple(indexes), replication=marking
    )


# -------------------------------------------------------- replication definitions


def _alter(
    defn: ReplicationDefinition, change: ReplicationDefinitionChange
) -> ReplicationDefinition:
    names = {n.lower() for n in change.names}
    action = change.action
    columns = list(defn.columns)
    if action == "add_columns":
        columns.extend(change.columns)
    elif action == "drop_columns":
        columns = [c for c in columns if c.name.lower() not in names]
    elif action == "alter_columns":
        by_name = {c.name.lower(): c for c in change.columns}
        columns = [_alter_column(c, by_name.get(c.name.lower())) for c in columns]
    result = replace(defn, columns=tuple(columns), alterations=defn.alterations + 1)
    if action == "add_primary_key":
        result = replace(result, primary_key=(*defn.primary_key, *change.names))
    elif action == "drop_primary_key":
        result = replace(result, primary_key=_without(defn.primary_key, names))
    elif action == "add_searchable_columns":
        result = replace(result, searchable_columns=(*defn.searchable_columns, *change.names))
    elif action == "drop_searchable_columns":
        result = replace(result, searchable_columns=_without(defn.searchable_columns, names))
    elif action in ("replicate_minimal_columns", "replicate_all_columns"):
        result = replace(result, minimal_columns=action == "replicate_minimal_columns")
    elif action == "send_standby":
        result = replace(result, send_standby=change.value)
    elif action == "replicate_if_changed":
        result = replace(
            result,
            replicate_if_changed=(*defn.replicate_if_changed, *change.names),
            always_replicate=_without(defn.always_replicate, names),
        )
    elif action == "always_replicate":
        result = replace(
            result,
            always_replicate=(*defn.always_replicate, *change.names),
            replicate_if_changed=_without(defn.replicate_if_changed, names),
        )
    elif action == "replicate_table" and change.value:
        parts = change.value.split(".")
        name = QualifiedName(parts[-1], parts[-2] if len(parts) > 1 else None)
        result = replace(result, replicate_table=name)
    elif action == "alter_owner" and change.value:
        owner = change.value.split("->")[-1].strip()
        result = replace(result, primary_table=replace(defn.primary_table, schema=owner))
    elif action == "option" and change.value:
        key, _, value = change.value.partition("=")
        result = replace(result, options=(*defn.options, (key, value)))
    return result


#: The clauses of ``alter [applied | request] function replication definition``.
FUNCTION_ACTIONS = frozenset(
    {
        "deliver_as",
        "replicate_function",
        "add_parameters",
        "add_searchable_parameters",
        "send_standby_parameters",
    }
)


def _alter_function(
    function: FunctionReplicationDefinition, change: ReplicationDefinitionChange
) -> FunctionReplicationDefinition:
    """One function-definition clause; idempotent (a parameter already there is not added
    again), so the pass can run twice without counting an ``add`` twice."""
    action = change.action
    if action == "add_parameters":
        have = {p.name.lower() for p in function.parameters}
        new = tuple(p for p in change.columns if p.name.lower() not in have)
        return replace(function, parameters=(*function.parameters, *new))
    if action == "add_searchable_parameters":
        have = {n.lower() for n in function.searchable_parameters}
        new_names = tuple(n for n in change.names if n.lower() not in have)
        return replace(
            function, searchable_parameters=(*function.searchable_parameters, *new_names)
        )
    if action == "deliver_as":
        return replace(function, deliver_as=change.value)
    if action == "replicate_function":
        return replace(function, replicate_function=change.value)
    if action == "send_standby_parameters":
        return replace(function, send_standby=change.value)
    return function


def _alter_column(column: ReplicatedColumn, new: ReplicatedColumn | None) -> ReplicatedColumn:
    if new is None:
        return column
    return replace(
        column,
        type=new.type or column.type,
        replicate_name=new.replicate_name or column.replicate_name,
        nullable=new.nullable if new.nullable is not None else column.nullable,
        map_to=new.map_to or column.map_to,
        quoted=new.quoted or column.quoted,
    )


def _without(names: tuple[str, ...], drop: set[str]) -> tuple[str, ...]:
    return tuple(n for n in names if n.lower() not in drop)


#: Type classes that may stand for each other in a replication definition.
_CLASSES = {
    "char": "character",
    "varchar": "character",
    "nchar": "character",
    "nvarchar": "character",
    "binary": "binary",
    "varbinary": "binary",
    "rowversion": "binary",
    "integer": "integer",
    "decimal": "exact",
    "number": "exact",
    "float": "float",
    "money": "money",
    "date": "date",
    "time": "time",
    "timestamp": "timestamp",
    "clob": "clob",
    "nclob": "nclob",
    "blob": "blob",
    "bit": "bit",
    "boolean": "bit",
}
_SAME_NAME = {"INTEGER": "INT", "RS_ADDRESS": "INT", "DEC": "DECIMAL", "CHARACTER": "CHAR"}
_NAMED_CLASSES = frozenset({"integer", "money", "timestamp", "date", "time"})


def _length(dtype: DataType) -> int | None:
    return 8 if dtype.family == "rowversion" else dtype.length


def _agree(declared: DataType, table: DataType) -> bool | None:
    """Whether an RCL datatype can carry a table column's type; None when it cannot be told.

    Replication Server reads nchar / nvarchar as char / varchar of n x @@ncharsize, timestamp
    as binary(8), and ignores numeric precision (Reference Manual, "Datatypes"); user types
    and unresolved alias types are not compared.
    """
    left, right = _CLASSES.get(declared.family), _CLASSES.get(table.family)
    if left is None or right is None:
        return None
    if declared.name == "IDENTITY":
        return right in ("exact", "integer")
    if left != right:
        return False
    if left in _NAMED_CLASSES:
        return _SAME_NAME.get(declared.name, declared.name) == _SAME_NAME.get(
            table.name, table.name
        )
    if left in ("character", "binary") and table.family not in ("nchar", "nvarchar"):
        a, b = _length(declared), _length(table)
        return a is None or b is None or a == b
    return True


def _resolve_type(dtype: DataType, index: Mapping[str, UserType]) -> DataType:
    """Follow alias types (of another file's table, not resolved there yet) to a base type."""
    seen: set[str] = set()
    while dtype.family == "udt" and dtype.name not in seen:
        seen.add(dtype.name)
        found = index.get(dtype.name) or index.get(dtype.name.rsplit(".", 1)[-1])
        if found is None:
            break
        dtype = found.base
    return dtype


def _check_definition(
    defn: ReplicationDefinition,
    tables: _Tables,
    types: Mapping[str, UserType],
    diags: list[Diagnostic],
) -> ReplicationDefinition:
    listed = [c.name for c in defn.columns]
    for clause, names in (
        ("primary key", defn.primary_key),
        ("searchable columns", defn.searchable_columns),
        ("replicate_if_changed", defn.replicate_if_changed),
        ("always_replicate", defn.always_replicate),
    ):
        for name in names:
            if not _has(listed, name):
                diags.append(
                    _diag(
                        "R005",
                        Severity.ERROR,
                        f"{clause} column {name!r} of replication definition {defn.name} "
                        "is not in its column list",
                        defn.span,
                    )
                )
    shape = tables.find(defn.primary_table)
    if shape is None:
        diags.append(
            _diag(
                "R001",
                Severity.WARNING,
                f"replication definition {defn.name} replicates table {defn.primary_table}, "
                "which is not in the input; its columns are not checked",
                defn.span,
            )
        )
        return replace(defn, table=None, resolved=False, table_path=None)
    columns = {n.lower(): (n, _resolve_type(t, types)) for n, t in shape.columns}
    for column in defn.columns:
        found = columns.get(column.name.lower())
        if found is None:
            diags.append(
                _diag(
                    "R002",
                    Severity.WARNING,
                    f"column {column.name!r} of replication definition {defn.name} is not a "
                    f"column of table {shape.name}",
                    column.span or defn.span,
                )
            )
        elif column.type is not None and _agree(column.type, found[1]) is False:
            diags.append(
                _diag(
                    "R003",
                    Severity.WARNING,
                    f"column {column.name!r} of replication definition {defn.name} is declared "
                    f"{column.type.declared!r} but {shape.name}.{found[0]} is "
                    f"{found[1].declared!r}",
                    column.span or defn.span,
                )
            )
    omitted = [n for n, _ in shape.columns if not _has(listed, n)]
    if omitted:
        diags.append(
            _diag(
                "R004",
                Severity.INFO,
                f"replication definition {defn.name} leaves out column(s) "
                f"{', '.join(omitted)} of table {shape.name}",
                defn.span,
            )
        )
    key = _declared_key(shape.name, tables)
    if key and {k.lower() for k in key} != {k.lower() for k in defn.primary_key}:
        diags.append(
            _diag(
                "R006",
                Severity.WARNING,
                f"replication definition {defn.name} has primary key "
                f"({', '.join(defn.primary_key)}) but table {shape.name} is keyed on "
                f"({', '.join(key)})",
                defn.span,
            )
        )
    return replace(defn, table=shape.name, resolved=True, table_path=shape.path)


# ------------------------------------------------------------------ publications


def _check_article(
    article: Article, kind: str, publication: str, tables: _Tables, diags: list[Diagnostic]
) -> Article:
    shape = tables.find(article.table)
    if shape is None:
        diags.append(
            _diag(
                "R001",
                Severity.WARNING,
                f"publication {publication} publishes table {article.table}, which is not in "
                "the input",
                article.span,
            )
        )
        return replace(article, resolved=False, table_path=None)
    names = [n for n, _ in shape.columns]
    wanted = list(article.columns)
    if kind == "sql_remote_ase" and article.subscribe_by:
        wanted.append(article.subscribe_by)  # the subscription column is a column there
    for column in wanted:
        if not _has(names, column):
            diags.append(
                _diag(
                    "R002",
                    Severity.WARNING,
                    f"publication {publication} names column {column!r}, which table "
                    f"{shape.name} does not have",
                    article.span,
                )
            )
    missing_key = [k for k in shape.primary_key if article.columns and not _has(article.columns, k)]
    if missing_key:
        diags.append(
            _diag(
                "R016",
                Severity.WARNING,
                f"the article of {shape.name} in publication {publication} leaves out primary "
                f"key column(s) {', '.join(missing_key)}; SQL Remote needs every key column",
                article.span,
            )
        )
    return replace(article, resolved=True, table_path=shape.path)


def _apply_publication(
    publication: Publication, changes: Sequence[PublicationChange]
) -> Publication:
    articles = list(publication.articles)
    for change in changes:
        if change.procedure == "sp_add_article":
            articles.append(change.article)
            continue
        # sp_add_article_col: a column of the article of that table
        target = next(
            (
                i
                for i, a in enumerate(articles)
                if a.table.name.lower() == change.article.table.name.lower()
            ),
            None,
        )
        if target is None:
            articles.append(change.article)
        else:
            a = articles[target]
            articles[target] = replace(a, columns=(*a.columns, *change.article.columns))
    return replace(publication, articles=tuple(articles))


# ------------------------------------------------------------------ used before defined


def _defined_elsewhere(user_types: Sequence[UserType], path: str) -> t.Callable[[str], bool]:
    """``upper-case type name -> defined in a file other than path?``"""
    if isinstance(user_types, UserTypes):  # the scope's types by name, indexed once
        files = user_types.files
        return lambda key: any(f != path for f in files.get(key, ()))
    names = {str(u.name).upper() for u in user_types if u.span is not None and u.span.file != path}
    return names.__contains__


def _used_before_defined(
    result: FileResult, user_types: Sequence[UserType], diags: list[Diagnostic]
) -> None:
    """Warn where the script uses an alias type before its sp_addtype / CREATE TYPE."""
    elsewhere = _defined_elsewhere(user_types, result.path)
    first: dict[str, int] = {}
    for ut in result.user_types:
        if ut.span is not None:
            key = str(ut.name).upper()
            first[key] = min(first.get(key, ut.span.start), ut.span.start)

    def check(name: str, at: Span | None, where: str) -> None:
        key = name.upper()
        defined = first.get(key)
        if at is None or defined is None or defined < at.start or elsewhere(key):
            return
        diags.append(
            _diag(
                "R012",
                Severity.WARNING,
                f"type {name!r} is used by {where} before the script defines it; "
                "run the definition first",
                at,
            )
        )

    for table in result.tables:
        for column in table.columns:
            if column.user_type is not None:
                check(column.user_type, column.span, f"column {table.name}.{column.name}")
    for ut in result.user_types:
        if ut.base.family == "udt":
            check(ut.base.declared, ut.span, f"type {ut.name}")


# -------------------------------------------------------------------------- pass


def link_replication(
    result: FileResult,
    user_types: Sequence[UserType] = (),
    replication: ReplicationContext | None = None,
) -> FileResult:
    """Apply and check this file's replication statements (see the module docstring).

    ``replication`` is the context of every file of the scope (None: this file alone);
    ``user_types`` the scope's alias types (a :class:`UserTypes` is indexed once).
    """
    diags: list[Diagnostic] = []
    if result.user_types:
        _used_before_defined(result, user_types, diags)
    if replication is None:
        if _replication_free(result):
            return _with(result, diags)
        replication = replication_context([result])
    elif _replication_free(result) and not (replication.table_changes and result.tables):
        return _with(result, diags)

    index = replication.index
    own = tuple(_shape(t, result.path) for t in result.tables)
    tables = _Tables(own, index, result.path)
    types = types_for(user_types, result.user_types)

    # this file's tables: every call of the scope that targets them
    new_tables = []
    for table, shape in zip(result.tables, own, strict=True):
        mine = [c for c in tables.changes(shape.name) if tables.find(c.table) is shape]
        new_tables.append(_apply_to_table(table, mine) if mine else table)

    # this file's calls: checked, marked applied (or unresolved)
    changes = []
    for change in result.table_changes:
        target = tables.find(change.table)
        if change.procedure in STATEMENT_CHANGES:
            # an ALTER of a table defined outside the input is common (migration folders):
            # unapplied, no diagnostic (D76); the K rules check what it adds
            applied = target is not None
            path = target.path if target is not None else None
            changes.append(replace(change, applied=applied, table_path=path))
            continue
        if target is None:
            diags.append(
                _diag(
                    "R007",
                    Severity.WARNING,
                    f"{change.procedure} names table {change.table}, which is not in the input",
                    change.span,
                )
            )
            changes.append(replace(change, applied=False, table_path=None))
            continue
        if (
            target.path == result.path
            and change.span is not None
            and target.start > change.span.start
        ):
            diags.append(
                _diag(
                    "R012",
                    Severity.WARNING,
                    f"{change.procedure} on {change.table} comes before the table is created",
                    change.span,
                )
            )
        changes.append(_check_change(change, target, tables, diags))
    # foreign keys of this file's tables get the referenced key too
    new_tables = [_with_ref_columns(t, tables) for t in new_tables]

    # alter [function] replication definition: applied to the definitions of this file
    definition_names = index.definitions
    function_names = index.functions
    alters = []
    for alter in result.replication_definition_changes:
        of_function = alter.action in FUNCTION_ACTIONS
        applied = alter.name.lower() in (function_names if of_function else definition_names)
        if not applied:
            what = "function replication definition" if of_function else "replication definition"
            diags.append(
                _diag(
                    "R009",
                    Severity.WARNING,
                    f"alter {what} {alter.name}: no such {what} in the input",
                    alter.span,
                )
            )
        alters.append(replace(alter, applied=applied))
    definitions = []
    seen: set[str] = set()
    for defn in result.replication_definitions:
        if defn.name.lower() in seen:
            diags.append(
                _diag(
                    "R013",
                    Severity.WARNING,
                    f"replication definition {defn.name} is defined more than once",
                    defn.span,
                )
            )
        seen.add(defn.name.lower())
        if not defn.alterations:  # not yet applied (the pass may run twice)
            for alter in index.definition_changes.get(defn.name.lower(), ()):
                if alter.action not in FUNCTION_ACTIONS:
                    defn = _alter(defn, alter)
        definitions.append(_check_definition(defn, tables, types, diags))
    functions = []
    for function in result.function_replication_definitions:
        for alter in index.definition_changes.get(function.name.lower(), ()):
            if alter.action in FUNCTION_ACTIONS:
                function = _alter_function(function, alter)
        functions.append(function)
        params = [p.name for p in function.parameters]
        for name in function.searchable_parameters:
            if not _has(params, name):
                diags.append(
                    _diag(
                        "R005",
                        Severity.ERROR,
                        f"searchable parameter {name} of function replication definition "
                        f"{function.name} is not one of its parameters",
                        function.span,
                    )
                )

    # publications: SQL Remote for ASE articles arrive by procedure calls
    publication_names = index.publications
    publication_changes = []
    for added in result.publication_changes:
        applied = added.publication.lower() in publication_names
        if not applied:
            diags.append(
                _diag(
                    "R011",
                    Severity.WARNING,
                    f"{added.procedure}: publication {added.publication} is not created in "
                    "the input (sp_create_publication)",
                    added.span,
                )
            )
        publication_changes.append(replace(added, applied=applied))
    publications = []
    for publication in result.publications:
        pub_changes = index.publication_changes.get(publication.name.name.lower(), ())
        if publication.kind == "sql_remote_ase":  # its articles are procedure calls
            publication = _apply_publication(replace(publication, articles=()), pub_changes)
        articles = tuple(
            _check_article(a, publication.kind, str(publication.name), tables, diags)
            for a in publication.articles
        )
        publications.append(replace(publication, articles=articles))

    subscriptions = [_link_subscription(s, index, diags) for s in result.subscriptions]
    return replace(
        _with(result, diags),
        tables=tuple(new_tables),
        table_changes=tuple(changes),
        replication_definitions=tuple(definitions),
        replication_definition_changes=tuple(alters),
        function_replication_definitions=tuple(functions),
        publications=tuple(publications),
        publication_changes=tuple(publication_changes),
        subscriptions=tuple(subscriptions),
    )


def _with_ref_columns(table: Table, tables: _Tables) -> Table:
    """Fill an sp_foreignkey's referenced columns with the referenced table's key."""
    if not any(c.declared_by == "sp_foreignkey" and not c.ref_columns for c in table.constraints):
        return table
    constraints = []
    for c in table.constraints:
        if c.declared_by == "sp_foreignkey" and not c.ref_columns and c.ref_table is not None:
            key = _declared_key(c.ref_table, tables)
            if key and len(key) == len(c.columns):
                c = replace(c, ref_columns=key)
        constraints.append(c)
    return replace(table, constraints=tuple(constraints))


def _link_subscription(
    sub: Subscription, index: ContextIndex, diags: list[Diagnostic]
) -> Subscription:
    target = sub.target.lower()
    table: QualifiedName | None = None
    if sub.target_kind == "publication":
        resolved = target in index.publications
    elif sub.target_kind == "replication_definition":
        found = index.definitions.get(target, ())
        table = found[0] if found else None
        resolved = bool(found) or target in index.functions
    else:
        resolved = False  # database replication definitions are not read
    if not resolved:
        what = sub.target_kind.replace("_", " ")
        diags.append(
            _diag(
                "R010",
                Severity.INFO,
                f"subscription {sub.name or ''} is for {what} {sub.target}, which is not in the "
                "input".replace("  ", " "),
                sub.span,
            )
        )
    return replace(sub, resolved=resolved, table=table)


def _with(result: FileResult, diags: list[Diagnostic]) -> FileResult:
    known = set(result.diagnostics)
    new = [d for d in diags if d not in known]  # a second run adds nothing
    if not new:
        return result
    return replace(result, diagnostics=(*result.diagnostics, *new))
