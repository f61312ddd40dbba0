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
import types
import typing
import typing as t
from dataclasses import dataclass, field
from typing import Any, TypeVar

#: Version of the JSON form of the IR.  Bump the major on any breaking change.
SCHEMA_VERSION = "1.1"


class Severity(enum.StrEnum):
    """How bad a diagnostic is; ``error`` makes the exit code non-zero."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


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


@dataclass(frozen=True, slots=True)
class QualifiedName:
    """``[catalog.][schema.]name`` as written (identifier quotes removed)."""

    name: str
    schema: str | None = None
    catalog: str | None = None

    def __str__(self) -> str:
        return ".".join(p for p in (self.catalog, self.schema, self.name) if p is not None)


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


@dataclass(frozen=True, slots=True)
class Identity:
    """An identity / auto-number column; ``always`` is Teradata GENERATED ALWAYS."""

    seed: str | None = None
    increment: str | None = None
    always: bool | None = None
    not_for_replication: bool = False


@dataclass(frozen=True, slots=True)
class Computed:
    """A computed column ``AS expr [PERSISTED]``; not stored unless persisted."""

    expression: str
    persisted: bool = False


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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


class ConstraintKind(enum.StrEnum):
    PRIMARY_KEY = "primary_key"
    UNIQUE = "unique"
    FOREIGN_KEY = "foreign_key"
    CHECK = "check"


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Table:
    """A table: its qualified ``name``, ordered ``columns``, constraints, indexes, options."""

    name: QualifiedName
    dialect: str
    columns: tuple[Column, ...]
    constraints: tuple[Constraint, ...] = ()
    indexes: tuple[Index, ...] = ()
    options: TableOptions = field(default_factory=TableOptions)
    span: Span | None = None

    def column(self, name: str) -> Column | None:
        """The column called ``name`` (case-insensitive), or None."""
        low = name.lower()
        return next((c for c in self.columns if c.name.lower() == low), None)

    @property
    def primary_key(self) -> Constraint | None:
        return next((c for c in self.constraints if c.kind is ConstraintKind.PRIMARY_KEY), None)


@dataclass(frozen=True, slots=True)
class UserType:
    """An alias / user-defined type (``CREATE TYPE x FROM ...``, ``sp_addtype``)."""

    name: QualifiedName
    dialect: str
    base: DataType
    nullable: bool | None = None
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Skipped:
    """A statement recognised but not analysed (``use``, ``grant``, procedures, ...)."""

    kind: str
    span: Span
    reason: str = "not DDL ddlaudit analyses"


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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

    @property
    def ok(self) -> bool:
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)


# --------------------------------------------------------------------------- JSON

T = TypeVar("T")


def to_dict(obj: Any) -> Any:
    """Convert an IR object (or tuple of them) to JSON-ready builtins.

    Fields at their default value are kept, so the JSON is self-describing.
    """
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_dict(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, tuple):
        return [to_dict(x) for x in obj]
    return obj


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    # Memoised: resolving string annotations is slow and the answer never changes.
    return typing.get_type_hints(cls)


def _convert(tp: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return _convert(args[0], value)
    if origin is tuple:
        items = typing.get_args(tp)
        if len(items) == 2 and items[1] is Ellipsis:
            return tuple(_convert(items[0], v) for v in value)
        return tuple(_convert(a, v) for a, v in zip(items, value, strict=True))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return from_dict(tp, value)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(value)
    return value


def from_dict(cls: type[T], data: dict[str, Any]) -> T:
    """Rebuild an IR object of type ``cls`` from :func:`to_dict` output."""
    hints = _hints(t.cast(type, cls))
    kwargs = {
        f.name: _convert(hints[f.name], data[f.name])
        for f in dataclasses.fields(cls)  # type: ignore[arg-type]
        if f.name in data
    }
    return cls(**kwargs)


def document(results: tuple[FileResult, ...] | list[FileResult]) -> dict[str, Any]:
    """The versioned JSON document ``ddlaudit parse --format json`` prints."""
    return {
        "schema_version": SCHEMA_VERSION,
        "files": [to_dict(r) for r in results],
    }
