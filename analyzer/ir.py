"""The common intermediate representation (IR) of every dialect ddlaudit reads.

Everything downstream of parsing (passes, estimators, rules, reporters, the Spark
pipeline) sees only these frozen dataclasses, never a sqlglot tree.  The IR keeps
each data type exactly as declared (``declared``), because sqlglot normalises
types in ways that change byte counts (BYTEINT -> SMALLINT, NTEXT -> TEXT, ...).

JSON serialisation is versioned by :data:`SCHEMA_VERSION`; the schema is
documented in ``docs/ir.md``.  :func:`to_dict` / :func:`from_dict` round-trip
every IR object exactly.

>>> col = Column(name="id", position=1, type=DataType(declared="int", name="INT",
...     family="integer"), nullable=False, nullable_explicit=True)
>>> from_dict(Column, to_dict(col)) == col
True
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import typing as t
from dataclasses import dataclass, field
from typing import Any, TypeVar

from analyzer.records import pickled, record

#: Version of the JSON form of the IR.  Bump the major on any breaking change.
SCHEMA_VERSION = "1.7"


class Severity(enum.StrEnum):
    """How bad a diagnostic is; ``error`` makes the exit code non-zero."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


# Hashed in bulk (storage memo, scope indexes): generated methods, faster per call (D129).
@pickled
@dataclass(frozen=True, slots=True)
class Span:
    """A region of a source file.

    ``line``/``column`` are 1-based and point at the first character;
    ``end_line``/``end_column`` point just past the last character (SARIF
    convention).  ``start``/``end`` are 0-based character offsets into the
    decoded text, ``end`` exclusive.  Columns count characters, not bytes.
    """

    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    start: int
    end: int


# Hashed in bulk (storage memo, scope indexes): generated methods, faster per call (D129).
@pickled
@dataclass(frozen=True, slots=True)
class QualifiedName:
    """``[catalog.][schema.]name`` as written (identifier quotes removed)."""

    name: str
    schema: str | None = None
    catalog: str | None = None

    def __str__(self) -> str:
        if self.schema is None and self.catalog is None:
            return self.name  # most names: no generator, no join
        return ".".join(p for p in (self.catalog, self.schema, self.name) if p is not None)


# Hashed in bulk (storage memo, scope indexes): generated methods, faster per call (D129).
@pickled
@dataclass(frozen=True, slots=True)
class DataType:
    """A column's data type, exactly as declared plus a normalised reading.

    ``declared`` is the source text of the type (``nvarchar(max)``,
    ``CLOB(1M)``, ``INTERVAL DAY(2) TO SECOND(6)``).  ``name`` is the upper-case
    type name with single spaces and no arguments (``NVARCHAR``, ``CLOB``,
    ``INTERVAL DAY TO SECOND``): never a sqlglot substitute.  ``length`` is in
    the type's own unit (characters for character types, bytes for binary
    types) with K/M/G multipliers applied; ``is_max`` marks ``(MAX)``.
    For INTERVAL types ``precision`` is the leading-field precision and
    ``scale`` the fractional-seconds precision; for time types ``scale`` is the
    fractional-seconds precision.  ``inner`` is the element type of PERIOD(...).
    """

    declared: str
    name: str
    family: str
    length: int | None = None
    precision: int | None = None
    scale: int | None = None
    is_max: bool = False
    with_time_zone: bool = False
    inner: DataType | None = None
    element_count: int | None = None


@record
class Identity:
    """An identity / auto-number column; ``always`` is Teradata GENERATED ALWAYS."""

    seed: str | None = None
    increment: str | None = None
    always: bool | None = None
    not_for_replication: bool = False


@record
class Computed:
    """A computed column ``AS expr [PERSISTED]``; not stored unless persisted."""

    expression: str
    persisted: bool = False


@record
class Compression:
    """Column compression.

    ``values`` are the multi-value-compression literals as written (``NULL``
    included when listed); ``bare`` is a plain ``COMPRESS`` (compress NULLs);
    ``compress_using``/``decompress_using`` name the UDFs of Teradata
    algorithmic compression (ALC).
    """

    values: tuple[str, ...] = ()
    bare: bool = False
    compress_using: str | None = None
    decompress_using: str | None = None


@record
class ColumnStorage:
    """What a column costs on one platform: set by the sizing passes (``analyzer/passes``).

    ``data_length`` is the bytes the column adds to the row as sized (declared maximum,
    ``--fill`` ratio or an average from a file, see ``basis``); ``max_length`` is the
    bytes at the declared maximum. ``category`` places the column in the row the way the
    platform's sizing procedure does (``fixed``, ``char``, ``variable``, ``lob``, ...).
    ``type`` is the type as the platform stores it (``mapped`` when it was mapped from
    another dialect's type). Alignment and presence bits are Teradata's (None elsewhere).
    """

    platform: str
    type: str
    category: str
    data_length: int
    max_length: int
    basis: str = "declared maximum"
    mapped: bool = False
    alignment: int | None = None
    aligned_length: int | None = None
    presence_bits: int = 0
    compress_bits: int = 0
    source: str = ""
    note: str | None = None
    #: HiRDB: bytes a row keeps on branch pages for this column, one entry per piece the
    #: manual sizes separately (a branched VARCHAR's ei, a repetition column's
    #: esi x eni + 14 x (eni - 1), each abstract-data-type attribute's attej).
    branch: tuple[int, ...] = ()
    #: HiRDB: bytes left in the row if the column is branched because the row does not
    #: fit a page (Table 17-1 note 5: 6, BINARY 15); None when it cannot branch.
    split_length: int | None = None


@record
class Column:
    """One column, in declaration order (``position`` is 1-based)."""

    name: str
    position: int
    type: DataType
    nullable: bool
    nullable_explicit: bool
    default: str | None = None
    identity: Identity | None = None
    computed: Computed | None = None
    character_set: str | None = None
    collation: str | None = None
    case_specific: bool | None = None
    uppercase: bool = False
    compression: Compression | None = None
    sparse: bool = False
    filestream: bool = False
    rowguidcol: bool = False
    user_type: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    span: Span | None = None
    storage: ColumnStorage | None = None
    #: HiRDB column data suppression (``SUPPRESS``) and ``NO SPLIT``.
    suppress: bool = False
    no_split: bool = False
    #: HiRDB LOB ``RECOVERY`` mode: ``ALL``, ``PARTIAL`` or ``NO``.
    recovery: str | None = None
    #: HiRDB LOB column ``IN (...)``: its RDAREAs, one per table partition.
    lob_rdareas: tuple[str, ...] = ()
    #: HiRDB ``ALLOCATE (attr IN (...))``: RDAREAs of an abstract-data-type column's LOB attributes.
    attribute_rdareas: tuple[LobAttributeRdareas, ...] = ()
    #: HiRDB abstract data type of the column and its supertypes (``UNDER``), the column's
    #: own type first; filled by the resolve pass.
    adt: tuple[UserType, ...] = ()
    #: Characters of the column's ASCII form in a Replication Server message (RowWidth);
    #: set by the ``ascii_width`` pass (``ddlaudit replication``).
    ascii_width: AsciiWidth | None = None
    #: What generates the column's values (schema 1.4): SQL Server ``GENERATED ALWAYS AS``
    #: ``row start`` / ``row end`` (system-versioned temporal tables),
    #: ``transaction_id start|end`` and ``sequence_number start|end`` (ledger tables);
    #: Teradata ``validtime`` / ``transactiontime`` (``AS VALIDTIME`` temporal columns);
    #: for the columns SQL Server adds by itself (``implicit``): ``graph_id``,
    #: ``from_obj_id``, ``from_id``, ``to_obj_id``, ``to_id`` (graph tables) and the ledger ones.
    generated: str | None = None
    #: SQL Server ``HIDDEN`` (not returned by ``SELECT *``); implicit columns are hidden.
    hidden: bool = False
    #: Not declared: a column the server adds to every row (graph internals, the ledger
    #: columns of a ledger table that declares none), sized like the declared ones.
    implicit: bool = False
    #: Where a derived table's column took its type (schema 1.7, issue 31): the source
    #: column (``sales.orders.amount``), ``CAST``, ``literal`` or ``copy of <table>``
    #: (``CREATE TABLE t AS src``, every column of a copy); None for a declared column and
    #: an untyped one.
    derived_from: str | None = None


def _slot_constructor(cls: type[T], leading: tuple[str, ...]) -> t.Callable[..., T]:
    """A constructor for the frozen slots dataclass ``cls``: the ``leading`` fields
    positionally (in that order), then a mapping of other fields (the rest take their
    defaults).

    It gives the object ``cls(**fields)`` gives, setting each slot through its descriptor
    (the dataclass ``__init__`` calls ``object.__setattr__`` per field, about twice the
    time); the IR builder makes one per column.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    names = [f.name for f in fields]
    assert set(leading) <= set(names)
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_names": frozenset(names)}
    lines = [
        f"def make({', '.join(leading)}, extra):",
        "    if extra and not extra.keys() <= _names:",
        "        raise TypeError(f'unknown fields: {sorted(extra.keys() - _names)}')",
        "    obj = _new(_cls)",
    ]
    for f in fields:
        env[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.name in leading:
            value = f.name
        else:
            assert f.default is not dataclasses.MISSING, f.name  # no default_factory
            env[f"_default_{f.name}"] = f.default
            value = f"extra.get({f.name!r}, _default_{f.name}) if extra else _default_{f.name}"
        lines.append(f"    _set_{f.name}(obj, {value})")
    lines.append("    return obj")
    exec("\n".join(lines), env)  # generated once per class, like dataclasses' own methods
    make: t.Callable[..., T] = env["make"]
    return make


def _evolver(cls: type[T]) -> t.Callable[..., T]:
    """``dataclasses.replace`` for the frozen slots dataclass ``cls``, without ``__init__``.

    It copies every slot through its descriptor, then sets the changed ones: about a
    fifth of ``replace``'s time (which builds a keyword dict and calls ``__init__``,
    one ``object.__setattr__`` per field); the passes make one per sized column.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = ["def evolve(obj, changes):", "    new = _new(_cls)"]
    for f in fields:
        env[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        lines.append(f"    _set_{f.name}(new, obj.{f.name})")
    env["_setters"] = {f.name: getattr(cls, f.name).__set__ for f in fields}
    lines += [
        "    for name, value in changes.items():",
        "        try:",
        "            setter = _setters[name]",
        "        except KeyError:",
        "            raise TypeError(f'{_cls.__name__} has no field {name!r}') from None",
        "        setter(new, value)",
        "    return new",
    ]
    exec("\n".join(lines), env)  # generated once per class, like dataclasses' own methods
    make: t.Callable[..., T] = env["evolve"]
    return make


@functools.cache
def _evolver_of(cls: type) -> t.Callable[..., Any]:
    return _evolver(cls)


def evolve(obj: T, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)`` for IR objects, about five times faster.

    >>> c = Column("a", 1, DataType("int", "INT", "integer"), True, False)
    >>> evolve(c, nullable=False) == dataclasses.replace(c, nullable=False)
    True
    """
    result: T = _evolver_of(t.cast(type, type(obj)))(obj, changes)
    return result


def field_setter(cls: type, name: str) -> t.Callable[[t.Any, t.Any], t.Any]:
    """``lambda obj, value: evolve(obj, name=value)`` for the frozen slots dataclass
    ``cls``, generated like :func:`evolve`'s copier but for one field: no
    keyword dict to walk (a fifth less time; the sizing passes copy every column)."""
    env: dict[str, t.Any] = {"_new": object.__new__, "_cls": cls}
    lines = ["def setter(obj, value):", "    new = _new(_cls)"]
    for f in dataclasses.fields(cls):
        env[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        lines.append(f"    _set_{f.name}(new, {'value' if f.name == name else 'obj.' + f.name})")
    lines.append("    return new")
    exec("\n".join(lines), env)  # once, at import
    setter: t.Callable[[t.Any, t.Any], t.Any] = env["setter"]
    return setter


#: ``new_span(file, line, column, end_line, end_column, start, end, None)``: the ``Span(...)``
#: of those (every column, constraint and table has one; ``LineIndex.span`` makes them).
new_span = _slot_constructor(
    Span, ("file", "line", "column", "end_line", "end_column", "start", "end")
)

#: ``new_column(name, position, type, nullable, nullable_explicit, span, fields)``: the
#: ``Column(...)`` with those and the ``fields`` mapping (``analyzer.build``'s hot path).
new_column = _slot_constructor(
    Column, ("name", "position", "type", "nullable", "nullable_explicit", "span")
)


@record
class AsciiWidth:
    """A column's width in Replication Server's ASCII messages, and how it was derived.

    ``basis`` is ``manual`` (the Design Guide's own figure: char(n) = n, binary(n) = 2n + 2),
    ``derived`` (the longest rendering of the type's documented value range, decision D60),
    ``setting`` (``[size.replication.ascii_widths]``) or ``lob`` (text / image / (max): not
    counted in RowWidth unless ``lob_width`` says so, D61).
    """

    width: int
    derivation: str
    basis: str = "derived"


@record
class LobAttributeRdareas:
    """HiRDB ``ALLOCATE (attr[..attr] IN (rd, ...))``: where one LOB attribute is stored."""

    attribute: str
    rdareas: tuple[str, ...] = ()


class ConstraintKind(enum.StrEnum):
    PRIMARY_KEY = "primary_key"
    UNIQUE = "unique"
    FOREIGN_KEY = "foreign_key"
    CHECK = "check"
    #: Sybase ASE ``sp_commonkey``: columns frequently joined between two tables (not enforced).
    COMMON_KEY = "common_key"
    #: SQL Server edge constraint ``CONNECTION (a TO b, ...)`` of a graph edge table.
    CONNECTION = "connection"


@record
class Constraint:
    """A primary key, unique, foreign key or check constraint (column- or table-level)."""

    kind: ConstraintKind
    columns: tuple[str, ...] = ()
    name: str | None = None
    clustered: bool | None = None
    ref_table: QualifiedName | None = None
    ref_columns: tuple[str, ...] = ()
    expression: str | None = None
    fill_factor: int | None = None
    span: Span | None = None
    #: The ASE system procedure that declared the key (``sp_primarykey``, ``sp_foreignkey``,
    #: ``sp_commonkey``): recorded in syskeys only, no index and not enforced.
    declared_by: str | None = None
    #: ``CONNECTION``: the (from node table, to node table) pairs, names as written, and
    #: ``ON DELETE`` (``CASCADE`` / ``NO ACTION``) when written.
    connections: tuple[tuple[str, str], ...] = ()
    on_delete: str | None = None


@record
class PartitionLevel:
    """One level of a (possibly multilevel) partitioning expression.

    ``kind`` is ``range_n``, ``case_n``, ``column`` or ``expression``;
    ``partitions`` is the number of partitions the level defines when it can be
    counted statically (RANGE_N with constant bounds and EACH, CASE_N arms,
    NO RANGE / UNKNOWN partitions included), else None.
    """

    kind: str
    expression: str
    partitions: int | None = None


@record
class Index:
    """An index declared with the table.

    ``kind``: ``primary_index`` (Teradata PI), ``primary_amp``, ``no_primary_index``,
    ``secondary`` (Teradata USI/NUSI), ``clustered``/``nonclustered`` (SQL Server).
    """

    kind: str
    columns: tuple[str, ...] = ()
    name: str | None = None
    unique: bool = False
    partitioning: tuple[PartitionLevel, ...] = ()
    fill_factor: int | None = None
    span: Span | None = None
    #: The indexed table, for an index created by its own statement (HiRDB ``CREATE INDEX``).
    table: QualifiedName | None = None
    #: HiRDB: the index's RDAREAs (``IN ...``), ``PCTFREE`` (unused space in a page, %)
    #: and other options as written (``UNBALANCED SPLIT``, ``EMPTY``, ``EXCEPT VALUES (NULL)``).
    rdareas: tuple[str, ...] = ()
    pctfree: int | None = None
    options: tuple[str, ...] = ()
    #: SQL Server ``INCLUDE (...)``: nonkey columns stored at the leaf (schema 1.5).
    included: tuple[str, ...] = ()


@record
class RdareaPartition:
    """One RDAREA of a HiRDB row-partitioned table.

    ``bound`` is what sends rows there, as written: the storage condition
    (``EMPLOYEE_NUMBER<=700000``) or boundary value (``800000``); None for the
    RDAREA that takes the remaining rows and for hash and matrix partitioning.
    """

    rdarea: str
    bound: str | None = None


@record
class RowPartitioning:
    """HiRDB row partitioning: how a table's rows are spread over RDAREAs.

    ``kind``: ``key_range_condition`` (``IN ((rd) cond, ...)``), ``key_range_boundary``
    (``PARTITIONED BY c IN ((rd) value, ...)``), ``hash`` / ``fix_hash``
    (``[FIX] HASH fn BY c IN (...)``) or ``matrix`` (``PARTITIONED BY MULTIDIM``);
    ``partitions`` in order (a matrix's row by row); ``dimensions``: a matrix's two
    dimensions, each a boundary dimension (``boundaries``) or a hash one.
    """

    kind: str
    columns: tuple[str, ...] = ()
    hash_function: str | None = None
    partitions: tuple[RdareaPartition, ...] = ()
    boundaries: tuple[str, ...] = ()
    dimensions: tuple[RowPartitioning, ...] = ()


@record
class TableOptions:
    """Table options that matter for size, typed; everything else goes to ``extra``.

    Teradata: ``set_semantics`` (SET / MULTISET), ``fallback``, ``map``,
    ``datablocksize`` (bytes), ``freespace`` (percent), ``journal``,
    ``checksum``, ``temporary`` (VOLATILE / GLOBAL TEMPORARY).
    SQL Server: ``filegroup``, ``textimage_filegroup``, ``filestream_filegroup``,
    ``data_compression``, ``memory_optimized``.
    Sybase ASE: ``lock_scheme`` (ALLPAGES / DATAPAGES / DATAROWS), ``max_rows_per_page``,
    ``exp_row_size``, ``reservepagegap``, ``identity_gap``; ``filegroup`` holds the segment.
    """

    set_semantics: str | None = None
    fallback: bool | None = None
    map: str | None = None
    datablocksize: int | None = None
    freespace: int | None = None
    journal: tuple[str, ...] = ()
    checksum: str | None = None
    temporary: str | None = None
    on_commit: str | None = None
    filegroup: str | None = None
    textimage_filegroup: str | None = None
    filestream_filegroup: str | None = None
    data_compression: str | None = None
    memory_optimized: bool = False
    lock_scheme: str | None = None
    max_rows_per_page: int | None = None
    exp_row_size: int | None = None
    reservepagegap: int | None = None
    identity_gap: int | None = None
    extra: tuple[tuple[str, str], ...] = ()
    #: HiRDB ``CREATE [SHARE] [FIX] TABLE``.
    fix: bool = False
    share: bool = False
    #: HiRDB RDAREAs storing the rows, in order (every partition's, for a partitioned table).
    rdareas: tuple[str, ...] = ()
    partitioning: RowPartitioning | None = None
    #: HiRDB ``PCTFREE = (unused, free pages)``: unused space in a page and free pages
    #: in a segment, percent as written; None when not written (HiRDB's defaults apply).
    pctfree_unused: int | None = None
    pctfree_free_pages: int | None = None
    #: HiRDB ``SUPPRESS DECIMAL``, ``NO SPLIT``, ``WITHOUT ROLLBACK``, ``WITH PROGRAM``.
    suppress_decimal: bool = False
    no_split: bool = False
    without_rollback: bool = False
    with_program: bool = False
    #: SQL Server system-versioned temporal table (schema 1.4): ``SYSTEM_VERSIONING = ON``,
    #: its ``HISTORY_TABLE``; ``period``: the ``PERIOD FOR SYSTEM_TIME`` (start, end)
    #: columns, or Teradata's ``PERIOD FOR name (start, end)`` (name, start, end).
    system_versioning: bool = False
    history_table: str | None = None
    period: tuple[str, ...] = ()
    #: SQL Server ledger table: ``updatable`` or ``append_only``.
    ledger: str | None = None
    #: SQL Server graph table: ``node`` or ``edge``.
    graph: str | None = None
    #: Azure Synapse / PDW: ``HASH``, ``ROUND_ROBIN`` or ``REPLICATE`` and the hash columns;
    #: the table's own index (``CLUSTERED COLUMNSTORE INDEX``, ``HEAP``, ``CLUSTERED INDEX``).
    distribution: str | None = None
    distribution_columns: tuple[str, ...] = ()
    storage_index: str | None = None
    #: Teradata queue table (``QUEUE`` option): its first column is the QITS.
    queue: bool = False


@record
class DerivedQuery:
    """A statement making a table from a query or a table (issue 31, D183) that reads a
    table its file does not define before it: kept for the scope's link pass
    (``analyzer.passes.type_derived``), which types it with the other files' tables.
    ``text`` is the statement, at ``offset`` (``line``, ``column``) in the file;
    ``max_decimal`` and ``transaction_mode`` the Teradata settings it was read with."""

    text: str
    offset: int
    line: int
    column: int
    max_decimal: int = 0
    transaction_mode: str = "teradata"


@record
class Table:
    """A table: its qualified ``name``, ordered ``columns``, constraints, indexes, options."""

    name: QualifiedName
    dialect: str
    columns: tuple[Column, ...]
    constraints: tuple[Constraint, ...] = ()
    indexes: tuple[Index, ...] = ()
    options: TableOptions = field(default_factory=TableOptions)
    span: Span | None = None
    #: How the table is marked for replication (Sybase ASE ``sp_setreptable`` & co.), if at all.
    replication: ReplicationMarking | None = None

    def column(self, name: str) -> Column | None:
        """The column called ``name`` (case-insensitive), or None."""
        low = name.lower()
        return next((c for c in self.columns if c.name.lower() == low), None)

    @property
    def primary_key(self) -> Constraint | None:
        return next((c for c in self.constraints if c.kind is ConstraintKind.PRIMARY_KEY), None)


@record
class UserType:
    """An alias / user-defined type (``CREATE TYPE x FROM ...``, ``sp_addtype``)."""

    name: QualifiedName
    dialect: str
    base: DataType
    nullable: bool | None = None
    span: Span | None = None
    #: HiRDB abstract data type (``base.family == "adt"``): its own attributes, in order,
    #: and the supertype it inherits from (``UNDER``).
    attributes: tuple[Column, ...] = ()
    under: QualifiedName | None = None


@record
class Skipped:
    """A statement recognised but not analysed (``use``, ``grant``, procedures, ...)."""

    kind: str
    span: Span
    reason: str = "not DDL ddlaudit analyses"


@record
class NameChange:
    """A statement that changes what later names mean (issue 27, D168): ``use`` (T-SQL
    and ASE ``USE db``, Teradata ``DATABASE db;``: the default database of the statements
    after it in the file), ``drop`` (``DROP TABLE name``), ``rename`` (``sp_rename``,
    ``RENAME TABLE``: ``name`` becomes ``new_name``) or ``alter`` (an ALTER TABLE of
    columns the IR does not read). Names as written."""

    kind: str
    name: QualifiedName
    span: Span
    new_name: QualifiedName | None = None


@record
class Diagnostic:
    """A problem with the input, tied to a place in it.

    ``code`` is stable (see docs/diagnostics.md); ``expected`` says what the
    parser was looking for; ``source_line`` is the offending line's text.
    """

    code: str
    severity: Severity
    message: str
    span: Span | None = None
    expected: str | None = None
    source_line: str | None = None


# --------------------------------------------- replication (ASE, Replication Server, SQL Remote)


@record
class ColumnReplication:
    """ASE ``sp_setrepcol``: how a text / unitext / image column is replicated.

    ``status`` is ``always_replicate``, ``replicate_if_changed`` or ``do_not_replicate``;
    ``column`` None means every text, unitext and image column of the table.
    """

    column: str | None
    status: str
    span: Span | None = None


@record
class ReplicationMarking:
    """How a primary ASE table is marked for replication.

    ``replicated``: ``sp_setreplicate`` / ``sp_setreptable`` true or false, ``sp_add_remote_table``
    (true); ``never`` is ``sp_setreptable t, never``.  ``owner_on`` is ``owner_on`` / ``owner_off``;
    ``use_index`` an index on text pages.  ``marked_by`` lists the procedures applied, in order;
    ``columns`` the ``sp_setrepcol`` statuses (only those the script sets).
    """

    replicated: bool | None = None
    never: bool = False
    owner_on: bool | None = None
    use_index: bool = False
    marked_by: tuple[str, ...] = ()
    columns: tuple[ColumnReplication, ...] = ()


@record
class TableChange:
    """A statement that changes a table defined elsewhere in the input.

    ``procedure`` is an ASE system procedure: ``sp_primarykey``, ``sp_foreignkey``,
    ``sp_commonkey`` (``constraint`` set), ``sp_setreplicate``, ``sp_setreptable``,
    ``sp_setrepcol`` or ``sp_add_remote_table`` (``marking`` set: what this one call says);
    or ``alter table`` (SQL Server, ASE, Teradata ``ALTER TABLE ... ADD`` a key or check
    constraint: ``constraint`` set, one change per constraint added) or ``create index``
    (``index`` set).  The link pass applies it to ``table`` and sets ``applied``;
    ``table_path`` is the file that defines the table.
    """

    procedure: str
    table: QualifiedName
    constraint: Constraint | None = None
    marking: ReplicationMarking | None = None
    applied: bool = False
    table_path: str | None = None
    span: Span | None = None
    #: The index a ``create index`` adds (SQL Server, ASE, Teradata; HiRDB's stay in
    #: ``FileResult.indexes``).
    index: Index | None = None


@record
class ReplicatedColumn:
    """A column of a replication definition, or a parameter of a function replication definition.

    ``type`` is the RCL datatype as declared (``rs_address``, ``identity``, ``timestamp`` ...;
    None when omitted); ``map_to`` the published datatype; ``replicate_name`` the ``as`` name.
    """

    name: str
    type: DataType | None = None
    replicate_name: str | None = None
    nullable: bool | None = None
    map_to: DataType | None = None
    computed: bool = False
    quoted: bool = False
    span: Span | None = None


@record
class ReplicationDefinition:
    """A Replication Server table replication definition (``create replication definition``).

    ``primary_table`` / ``replicate_table`` are the tables named by ``with all tables named``,
    ``with primary table named`` / ``with replicate table named``, else the definition's own
    name (Replication Server Reference Manual: "the replication definition name is assumed to be
    the name of both the primary and replicate tables").  ``minimal_columns`` is True for
    ``replicate minimal columns``, False for ``replicate all columns``, None when unsaid.
    ``send_standby`` is ``all``, ``replication definition`` or ``off``.  ``table`` is the
    name of the input table it was linked to (``resolved``), found in ``table_path``.
    """

    name: str
    primary_dataserver: str
    primary_database: str
    primary_table: QualifiedName
    replicate_table: QualifiedName
    columns: tuple[ReplicatedColumn, ...] = ()
    primary_key: tuple[str, ...] = ()
    searchable_columns: tuple[str, ...] = ()
    send_standby: str | None = None
    minimal_columns: bool | None = None
    replicate_if_changed: tuple[str, ...] = ()
    always_replicate: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()
    table: QualifiedName | None = None
    resolved: bool = False
    table_path: str | None = None
    alterations: int = 0
    span: Span | None = None


@record
class ReplicationDefinitionChange:
    """One ``alter replication definition`` clause, applied to the definition by the link pass.

    ``action``: ``add_columns``, ``alter_columns``, ``drop_columns``, ``add_primary_key``,
    ``drop_primary_key``, ``add_searchable_columns``, ``drop_searchable_columns``,
    ``replicate_minimal_columns``, ``replicate_all_columns``, ``send_standby``,
    ``replicate_if_changed``, ``always_replicate``, ``replicate_table``, ``alter_owner`` or
    ``option``; for ``alter [applied | request] function replication definition``:
    ``add_parameters``, ``add_searchable_parameters``, ``deliver_as``, ``replicate_function``
    or ``send_standby_parameters``.  ``columns`` / ``names`` / ``value`` carry what the clause
    says.
    """

    name: str
    action: str
    columns: tuple[ReplicatedColumn, ...] = ()
    names: tuple[str, ...] = ()
    value: str | None = None
    applied: bool = False
    span: Span | None = None


@record
class FunctionReplicationDefinition:
    """``create [applied | request] function replication definition`` for a stored procedure."""

    name: str
    kind: str
    primary_dataserver: str
    primary_database: str
    parameters: tuple[ReplicatedColumn, ...] = ()
    searchable_parameters: tuple[str, ...] = ()
    deliver_as: str | None = None
    primary_function: str | None = None
    replicate_function: str | None = None
    send_standby: str | None = None
    span: Span | None = None


@record
class Subscription:
    """A subscription: Replication Server (``create`` / ``define subscription``) or SQL Remote.

    Replication Server: ``target`` names the replication definition (``target_kind``
    ``replication_definition``), function replication definition, ``publication`` or
    ``database_replication_definition``; ``replicate_dataserver`` / ``replicate_database`` the
    destination, ``where`` the row selection as written.  SQL Remote (``sp_subscription
    create``, ``sp_create_subscription``): ``target`` is the publication, ``user`` the remote
    user, ``subscribe_by`` the subscription value.  ``resolved`` says the target is in the input.
    """

    name: str | None
    kind: str
    target: str
    target_kind: str
    primary_dataserver: str | None = None
    primary_database: str | None = None
    replicate_dataserver: str | None = None
    replicate_database: str | None = None
    where: str | None = None
    user: str | None = None
    subscribe_by: str | None = None
    options: tuple[str, ...] = ()
    resolved: bool = False
    table: QualifiedName | None = None
    span: Span | None = None


@record
class Article:
    """One table of a publication: its columns (empty: all), row filter and subscription value.

    ``where`` is the WHERE condition (SQL Anywhere) or the where column (SQL Remote for ASE);
    ``subscribe_by`` the SUBSCRIBE BY expression or the ASE subscription column.
    """

    table: QualifiedName
    columns: tuple[str, ...] = ()
    where: str | None = None
    subscribe_by: str | None = None
    resolved: bool = False
    table_path: str | None = None
    span: Span | None = None


@record
class Publication:
    """A publication: SQL Anywhere ``CREATE PUBLICATION``, SQL Remote for ASE
    ``sp_create_publication`` (articles added by ``sp_add_article`` / ``sp_add_article_col``), or a
    Replication Server ``create publication ... with primary at``.  ``kind`` is ``sql_anywhere``,
    ``sql_remote_ase`` or ``repserver``.
    """

    name: QualifiedName
    kind: str
    articles: tuple[Article, ...] = ()
    primary_dataserver: str | None = None
    primary_database: str | None = None
    options: tuple[str, ...] = ()
    span: Span | None = None


@record
class PublicationChange:
    """SQL Remote for ASE ``sp_add_article`` / ``sp_add_article_col``: adds to a publication.

    The link pass applies it to the publication (``applied``); ``article`` is the article
    added, or for ``sp_add_article_col`` the table with the one column added.
    """

    procedure: str
    publication: str
    article: Article
    applied: bool = False
    span: Span | None = None


@record
class FileResult:
    """Everything ddlaudit learnt from one source file."""

    path: str
    dialect: str | None
    encoding: str | None
    dialect_evidence: tuple[str, ...] = ()
    encoding_evidence: str | None = None
    statements: int = 0
    tables: tuple[Table, ...] = ()
    user_types: tuple[UserType, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()
    replication_definitions: tuple[ReplicationDefinition, ...] = ()
    function_replication_definitions: tuple[FunctionReplicationDefinition, ...] = ()
    subscriptions: tuple[Subscription, ...] = ()
    publications: tuple[Publication, ...] = ()
    table_changes: tuple[TableChange, ...] = ()
    replication_definition_changes: tuple[ReplicationDefinitionChange, ...] = ()
    publication_changes: tuple[PublicationChange, ...] = ()
    #: Indexes created by their own statement (HiRDB ``CREATE INDEX``), in file order.
    indexes: tuple[Index, ...] = ()
    #: ``USE``, ``DATABASE``, ``DROP TABLE`` and renames, in file order (D168).
    name_changes: tuple[NameChange, ...] = ()
    #: Derived tables whose query reads a table the file does not define before it, for
    #: the link pass; empty after it (D183).
    derived_queries: tuple[DerivedQuery, ...] = ()

    @property
    def ok(self) -> bool:
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)


# --------------------------------------------------------------------------- JSON
# Encoded and decoded by msgspec (D140), imported on use: it reads the dataclasses'
# fields and type hints itself, in C.

T = TypeVar("T")


def to_dict(obj: Any) -> Any:
    """Convert an IR object (or tuple of them) to JSON-ready builtins: what
    ``json.loads`` gives for its JSON (objects as dicts in field order, enums as their
    values, tuples as lists).

    Fields at their default value are kept, so the JSON is self-describing.

    >>> to_dict(QualifiedName("t", "dbo"))
    {'name': 't', 'schema': 'dbo', 'catalog': None}
    """
    import msgspec

    from analyzer.jsontext import encode

    try:
        return msgspec.json.decode(encode(obj))
    except UnicodeEncodeError:  # a lone surrogate (a path read with surrogateescape)
        return _lists(msgspec.to_builtins(obj))


def _lists(value: Any) -> Any:
    # msgspec.to_builtins keeps tuples; JSON's builtins are lists
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_lists(v) for v in value]
    return value


def from_dict(cls: type[T], data: Any) -> T:
    """Rebuild an IR object of type ``cls`` from :func:`to_dict` output (or parsed IR
    JSON); a missing field takes its default, an unknown key is ignored, a value of the
    wrong type raises ``msgspec.ValidationError`` (a ``ValueError``) naming its place.

    >>> from_dict(QualifiedName, {"name": "t", "schema": "dbo"})
    QualifiedName(name='t', schema='dbo', catalog=None)
    """
    import msgspec

    result: T = msgspec.convert(data, cls)
    return result


def pack(result: FileResult) -> bytes:
    """``result`` as bytes for another process (the pool's workers, a scan's tasks):
    msgpack by msgspec, which decodes it about twice as fast as a pickle (D190), or a
    pickle where msgspec refuses it (a lone surrogate: a path read with
    ``surrogateescape``).  :func:`unpack` reads either.

    >>> r = FileResult("a.sql", "tsql", "utf-8", tables=(Table(QualifiedName("t"), "tsql", ()),))
    >>> unpack(pack(r)) == r, unpack(pack(FileResult("\\udcff.sql", None, None))).path
    (True, '\\udcff.sql')
    """
    try:
        data: bytes = _packer().encode(result)
        return b"m" + data
    except UnicodeEncodeError:
        import pickle

        return b"p" + pickle.dumps(result, pickle.HIGHEST_PROTOCOL)


def unpack(data: bytes) -> FileResult:
    """The :class:`FileResult` :func:`pack` gave ``data`` for."""
    if data[:1] == b"p":
        import pickle

        found: FileResult = pickle.loads(data[1:])
        return found
    decoded: FileResult = _unpacker().decode(memoryview(data)[1:])
    return decoded


@functools.cache
def _packer() -> Any:
    import msgspec

    return msgspec.msgpack.Encoder()


@functools.cache
def _unpacker() -> Any:
    import msgspec

    return msgspec.msgpack.Decoder(FileResult)


@record
class Document:
    """``ddlaudit parse --format json`` read back: its version and files, typed."""

    schema_version: str
    files: tuple[FileResult, ...] = ()


def decode(data: bytes | str) -> Document:
    """The JSON text of ``ddlaudit parse --format json`` as a typed :class:`Document`,
    decoded by msgspec straight into the IR (no intermediate dicts); raises
    ``msgspec.DecodeError`` (a ``ValueError``) for text that is not such a document.

    >>> doc = decode('{"schema_version": "1.7", "files": [{"path": "a.sql", '
    ...     '"dialect": "tsql", "encoding": "utf-8", "skipped_by_kind": {}}]}')
    >>> doc.files[0] == FileResult("a.sql", "tsql", "utf-8")
    True
    """
    import msgspec

    return msgspec.json.decode(data, type=Document)


def skipped_by_kind(result: FileResult) -> dict[str, int]:
    """How many statements of each kind (``Skipped.kind``) the file skipped, the most
    frequent first (then by kind), so that no statement is skipped silently.

    >>> r = FileResult("a.sql", "tsql", "utf-8", skipped=(
    ...     Skipped("use", Span("a.sql", 1, 1, 1, 6, 0, 5)),
    ...     Skipped("print", Span("a.sql", 2, 1, 2, 9, 6, 14)),
    ...     Skipped("use", Span("a.sql", 3, 1, 3, 6, 15, 20))))
    >>> skipped_by_kind(r)
    {'use': 2, 'print': 1}
    """
    counts: dict[str, int] = {}
    for s in result.skipped:
        counts[s.kind] = counts.get(s.kind, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def file_dict(result: FileResult) -> dict[str, Any]:
    """One file of ``ddlaudit parse --format json`` / ``jsonl``: its IR (:func:`to_dict`)
    and (schema 1.4) ``skipped_by_kind``, derived from ``skipped``."""
    return {**to_dict(result), "skipped_by_kind": skipped_by_kind(result)}


def file_json(result: FileResult, head: bytes = b"") -> bytes:
    """:func:`file_dict` as compact JSON, encoded straight from the IR by msgspec (D140),
    after the members ``head`` (``b'"type":"file",'`` for JSON Lines) if given; raises
    ``UnicodeEncodeError`` for a lone surrogate (then :func:`file_dict` and ``json`` it).

    >>> file_json(FileResult("a.sql", "tsql", "utf-8"), b'"type":"file",')[:46]
    b'{"type":"file","path":"a.sql","dialect":"tsql"'
    >>> file_json(FileResult("a.sql", "tsql", "utf-8"))[-24:]
    b'[],"skipped_by_kind":{}}'
    """
    from analyzer.jsontext import encode

    body = encode(result)  # "{...}": a FileResult always has fields
    kinds = encode(skipped_by_kind(result))
    return b"".join((b"{", head, body[1:-1], b',"skipped_by_kind":', kinds, b"}"))


def document(results: tuple[FileResult, ...] | list[FileResult]) -> dict[str, Any]:
    """The versioned JSON document ``ddlaudit parse --format json`` prints."""
    return {
        "schema_version": SCHEMA_VERSION,
        "files": [file_dict(r) for r in results],
    }
