"""sqlglot expression nodes for DDL that sqlglot has no node for.

Grammars produce these; :mod:`analyzer.build` lowers them to the IR.  Where a
sqlglot node already says the same thing (``ComputedColumnConstraint``,
``CompressColumnConstraint``, ``FallbackProperty`` ...), grammars reuse it.
Every node here keeps what matters for sizing typed, never as opaque text.
"""

from __future__ import annotations

import typing as t

from sqlglot import exp
from sqlglot.tokenizer_core import Token, TokenType

# --------------------------------------------------------------------- columns


class SparseColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """SQL Server ``SPARSE``: NULLs take no space, non-NULLs take 4 extra bytes."""

    arg_types = {}


class FileStreamColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """SQL Server ``FILESTREAM`` on a varbinary(max) column: data lives in the file system."""

    arg_types = {}


class RowGuidColColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """SQL Server ``ROWGUIDCOL``."""

    arg_types = {}


class AlgorithmicCompressColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """Teradata ``COMPRESS USING f DECOMPRESS USING g`` (ALC; either order).

    ``compress``/``decompress`` are the UDF names (``Table`` or ``Identifier``);
    ``values`` holds an MVC value list when one is given with ALC.
    """

    arg_types = {"compress": False, "decompress": False, "values": False}


class WithDefaultColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """Teradata / HiRDB ``WITH DEFAULT``: the system default of the type."""

    arg_types = {}


class NamedColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """Teradata ``NAMED name``."""

    arg_types = {"this": True}


class ColumnOption(exp.Expression, exp.ColumnConstraintKind):
    """A dialect column option with no size effect, kept as ``name`` = ``value`` text."""

    arg_types = {"this": True, "value": False}


# ---------------------------------------------------------------------- tables


class MapProperty(exp.Property):
    """Teradata ``MAP = name [COLOCATE USING name]``."""

    arg_types = {"this": True, "colocate": False}


class LockSchemeProperty(exp.Property):
    """Sybase ASE ``lock allpages | datapages | datarows``: ``this`` is the scheme (Var)."""

    arg_types = {"this": True}


class TextImageOnProperty(exp.Property):
    """SQL Server ``TEXTIMAGE_ON filegroup``."""

    arg_types = {"this": True}


class FileStreamOnProperty(exp.Property):
    """SQL Server ``FILESTREAM_ON filegroup``."""

    arg_types = {"this": True}


class CaseN(exp.Expression, exp.Func):
    """Teradata ``CASE_N(cond, ... [, NO CASE [OR UNKNOWN]] [, UNKNOWN])``.

    ``expressions`` are the conditions; ``no_case`` / ``unknown`` flag the extra
    partitions; ``no_case_or_unknown`` is the combined ``NO CASE OR UNKNOWN``.
    """

    arg_types = {
        "expressions": True,
        "no_case": False,
        "unknown": False,
        "no_case_or_unknown": False,
    }
    _sql_names = ["CASE_N"]


class RangeNExtra(exp.RangeN):
    """Teradata ``RANGE_N`` with ``NO RANGE`` / ``UNKNOWN`` / ``NO RANGE OR UNKNOWN`` partitions."""

    arg_types = {
        **exp.RangeN.arg_types,
        "no_range": False,
        "unknown": False,
        "no_range_or_unknown": False,
    }


# ------------------------------------------------------------------- statements


class CreateAliasType(exp.Expression):
    """``CREATE TYPE name FROM base [NULL | NOT NULL]`` (SQL Server alias type), or
    ``CREATE TYPE name EXTERNAL NAME assembly[.class]`` (a CLR user-defined type).

    ``this`` is the type name (``Table``), ``kind`` the base ``DataType``,
    ``nullable`` is True for NULL, False for NOT NULL, absent when unsaid;
    ``external`` the assembly (and class) of a CLR type, which has no ``kind``.
    """

    arg_types = {"this": True, "kind": False, "nullable": False, "external": False}


# --- tsql
# SQL Server keys are backed by an index whose physical options decide the row and
# page sizes, so these subclasses keep them next to the columns.  They subclass the
# sqlglot node they refine, so ``isinstance(node, exp.PrimaryKey)`` and friends still hold.
# ``|`` merges keep ``arg_types`` a plain expression (sqlglot's own convention).


class IndexedPrimaryKey(exp.PrimaryKey):
    """Table-level ``PRIMARY KEY [CLUSTERED | NONCLUSTERED] [HASH] (c [ASC|DESC], ...)``.

    ``expressions``: the key columns in order, each an ``Ordered`` (``desc`` True for DESC)
    over a ``Column``; ``clustered``: True / False / absent when unsaid; ``hash``: True for
    memory-optimized HASH; ``include``: ``IndexParameters`` with ``with_storage`` (the
    ``WITH (...)`` index options as ``Property`` / :class:`CompressionProperty`) and ``on``
    (filegroup ``Identifier`` or partition scheme ``Schema``), absent when neither is given.
    """

    arg_types = exp.PrimaryKey.arg_types | {"clustered": False, "hash": False}


class IndexedPrimaryKeyColumnConstraint(exp.PrimaryKeyColumnConstraint):
    """Column-level ``PRIMARY KEY [CLUSTERED | NONCLUSTERED] [HASH] [WITH ...] [ON ...]``.

    Same ``clustered`` / ``hash`` / ``include`` args as :class:`IndexedPrimaryKey`.
    """

    arg_types = exp.PrimaryKeyColumnConstraint.arg_types | {"clustered": False, "hash": False}


class IndexedUniqueConstraint(exp.UniqueColumnConstraint):
    """``UNIQUE [CLUSTERED | NONCLUSTERED] [(c [ASC|DESC], ...)] [WITH ...] [ON ...]``.

    ``this``: as in sqlglot, a ``Schema`` whose ``expressions`` are the key columns
    (``Ordered``) at table level, absent at column level; ``clustered`` / ``hash`` /
    ``include`` as in :class:`IndexedPrimaryKey`.
    """

    arg_types = exp.UniqueColumnConstraint.arg_types | {"clustered": False, "hash": False}


class InlineIndex(exp.IndexColumnConstraint):
    """SQL Server inline ``INDEX name [UNIQUE] [CLUSTERED | NONCLUSTERED] [HASH] [COLUMNSTORE]``.

    ``this``: the index name; ``expressions``: key columns (``Ordered``), absent at column
    level and for ``CLUSTERED COLUMNSTORE``; ``unique`` / ``clustered`` / ``hash`` /
    ``columnstore`` flags; ``include``: ``IndexParameters`` (``include`` columns, ``where``
    filter, ``with_storage`` options, ``on`` target); ``filestream_on``: ``Identifier``.
    """

    arg_types = exp.IndexColumnConstraint.arg_types | {
        "unique": False,
        "clustered": False,
        "hash": False,
        "columnstore": False,
        "include": False,
        "filestream_on": False,
    }


class NotForReplicationCheck(exp.CheckColumnConstraint):
    """SQL Server ``CHECK NOT FOR REPLICATION (condition)``; ``this`` is the condition."""


class CompressionProperty(exp.Property):
    """SQL Server ``DATA_COMPRESSION`` / ``XML_COMPRESSION`` table or index option.

    ``this``: ``Var`` key (``DATA_COMPRESSION`` or ``XML_COMPRESSION``); ``value``: ``Var``
    (``NONE``, ``ROW``, ``PAGE``, ``COLUMNSTORE``, ``COLUMNSTORE_ARCHIVE``, ``ON``, ``OFF``);
    ``partitions``: the ``ON PARTITIONS (...)`` list (``Literal`` or ``PartitionRange``),
    absent when the option covers every partition.
    """

    arg_types = exp.Property.arg_types | {"partitions": False}


class XmlSchemaCollection(exp.Expression):
    """Typed ``xml([CONTENT | DOCUMENT] collection)``: the one item of ``DataType.expressions``.

    ``this``: the collection name (``Table``); ``kind``: ``"CONTENT"``, ``"DOCUMENT"`` or absent.
    """

    arg_types = exp.Expression.arg_types | {"kind": False}


# --- teradata
# Shapes sqlglot cannot express: per-range EACH steps, INTERVAL precisions, ADD n and
# column partitioning.  ``|`` merges keep ``arg_types`` a plain expression, as above.


class IntervalField(exp.Expression):
    """An INTERVAL type field written with a precision: ``DAY(4)``, ``SECOND(2,3)``.

    Used in place of the unit ``Var`` of ``DataType(this=Interval(unit=...))``, alone or as
    either side of an ``IntervalSpan``.  ``this``: the unit ``Var`` (``DAY``...);
    ``precision``: leading-field precision; ``fractional``: fractional-seconds precision
    (``SECOND(2,3)`` leading, or the trailing ``SECOND(6)`` of ``DAY TO SECOND(6)``).
    """

    arg_types = exp.Expression.arg_types | {"precision": False, "fractional": False}


class RangeNRange(exp.Expression):
    """One range of a Teradata ``RANGE_N``: ``start [AND end] [EACH step]``.

    ``this``: start (``Star`` for ``*``); ``expression``: end (``Star`` for ``*``; absent
    when only a start is written); ``each``: the step (``Literal`` or ``Interval``).
    """

    arg_types = exp.Expression.arg_types | {"expression": False, "each": False}


class PartitionAdd(exp.Expression):
    """A Teradata partitioning level with ``ADD n``: ``n`` more partitions may be added later.

    ``this``: the level (``RangeNExtra``, ``CaseN``, :class:`ColumnPartition`, expression);
    ``expression``: the ``Literal`` n.
    """

    arg_types = exp.Expression.arg_types | {"expression": True}


class ColumnPartition(exp.Expression):
    """Teradata column partitioning ``COLUMN [[NO] AUTO COMPRESS] [[ALL BUT] (group, ...)]``.

    ``expressions``: the column groups, each a ``Column`` or a nested ``ColumnPartition``
    for ``[ROW | COLUMN] (a, b) [[NO] AUTO COMPRESS]`` whose ``this`` is the format ``Var``
    (``ROW`` / ``COLUMN``, absent when unsaid); ``auto_compress``: True / False when
    ``AUTO COMPRESS`` / ``NO AUTO COMPRESS`` is written; ``all_but``: ``ALL BUT``.
    """

    arg_types = exp.Expression.arg_types | {
        "this": False,
        "expressions": False,
        "auto_compress": False,
        "all_but": False,
    }


class SecondaryIndexOptions(exp.Index):
    """Teradata secondary index with ``ALL`` and / or ``ORDER BY [VALUES | HASH] [(c)]``.

    Same args as ``exp.Index`` plus ``all`` (True for ``ALL``), ``order_by`` (``Var``
    ``VALUES`` / ``HASH``, absent when unsaid) and ``order_columns`` (``Column`` list).
    """

    arg_types = exp.Index.arg_types | {"all": False, "order_by": False, "order_columns": False}


# --- sybase


class AsePartitionProperty(exp.Property):
    """Sybase ASE ``PARTITION BY RANGE | HASH | LIST | ROUNDROBIN ...`` of a table.

    ``this``: the kind (``Var``: ``RANGE``, ``HASH``, ``LIST``, ``ROUNDROBIN``);
    ``expressions``: the partitioning columns (absent for ``ROUNDROBIN`` with none);
    ``partitions``: the listed partitions (:class:`AsePartition`), or ``count``: the
    ``Literal`` number of partitions with ``on``: the segments they are spread over.
    """

    arg_types = {
        "this": True,
        "expressions": False,
        "partitions": False,
        "count": False,
        "on": False,
    }


class AsePartition(exp.Expression):
    """One partition of :class:`AsePartitionProperty`: ``[name] [VALUES [<=] (v, ...)] [ON seg]``.

    ``this``: the name (``Identifier``, absent when unnamed); ``expressions``: the
    bound (RANGE) or value list (LIST); ``on``: the segment ``Identifier``.
    """

    arg_types = {"this": False, "expressions": False, "on": False}


# --- hirdb
# HiRDB keeps its storage layout in CREATE TABLE: RDAREAs (row partitioning), FIX rows,
# PCTFREE pairs, column suppression and LOB RDAREAs all change the page count.


class FixTableProperty(exp.Property):
    """HiRDB ``CREATE [SHARE] [FIX] TABLE``: ``fix`` (fixed-length rows), ``share`` (shared)."""

    arg_types = {"fix": False, "share": False}


class RdareaProperty(exp.Property):
    """HiRDB ``IN rdarea`` / ``IN (rdarea)``: the one RDAREA that stores the table.

    ``expressions``: the RDAREA name (``Identifier``).
    """

    arg_types = {"expressions": True}


class RowPartitionProperty(exp.Property):
    """HiRDB row partitioning of a table.

    ``this``: the kind (``Var``): ``KEY_RANGE_CONDITION`` (``IN ((rd) cond, ...)``),
    ``KEY_RANGE_BOUNDARY`` (``PARTITIONED BY col IN ((rd) value, ...)``), ``HASH`` /
    ``FIX_HASH`` (``[FIX] HASH fn BY cols IN (rd, ...)``), ``MATRIX``
    (``PARTITIONED BY MULTIDIM (...) IN (...)``); ``expressions``: the partitioning
    columns; ``hash_function``: ``Var`` (``HASH6``...); ``partitions``:
    :class:`RdareaPartition` in order; ``dimensions``: the two dimensions of a matrix,
    each a ``RowPartitionProperty`` (``KEY_RANGE_BOUNDARY`` with ``boundaries``, or a hash).
    """

    arg_types = {
        "this": True,
        "expressions": False,
        "hash_function": False,
        "partitions": False,
        "boundaries": False,
        "dimensions": False,
    }


class RdareaPartition(exp.Expression):
    """One RDAREA of :class:`RowPartitionProperty`: ``this`` its name, ``bound`` what goes there.

    ``bound`` is the storage condition (``EMPLOYEE_NUMBER <= 700000``) or boundary value
    (``800000``) as parsed; absent for the RDAREA that takes the remaining rows and for hash.
    """

    arg_types = {"this": True, "bound": False}


class PctFreeProperty(exp.Property):
    """HiRDB ``PCTFREE = unused`` or ``PCTFREE = (unused, free_pages)``.

    ``this``: unused space in a page (%, ``Literal``), absent in ``(, n)``; ``free_pages``:
    free pages in a segment (%, ``Literal``), absent in the one-number form.
    """

    arg_types = {"this": False, "free_pages": False}


class TableFlagProperty(exp.Property):
    """A HiRDB keyword table option: ``this`` is ``SUPPRESS DECIMAL``, ``NO SPLIT``,
    ``WITHOUT ROLLBACK`` or ``WITH PROGRAM`` (``Var``)."""

    arg_types = {"this": True}


class ClusterKey(exp.Expression):
    """HiRDB ``[UNIQUE] CLUSTER KEY (c [ASC|DESC], ...)``: the table is kept in key order.

    ``expressions``: the key columns (``Ordered``); ``unique``: True for UNIQUE.
    """

    arg_types = {"expressions": True, "unique": False}


class SuppressColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """HiRDB column ``SUPPRESS``: trailing blanks are not stored (column data suppression)."""

    arg_types = {}


class NoSplitColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """HiRDB ``NO SPLIT`` on a variable-length character column (stored in one page)."""

    arg_types = {}


class RecoveryColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """HiRDB LOB ``RECOVERY [ALL | PARTIAL | NO]``: ``this`` is the mode (``Var``)."""

    arg_types = {"this": True}


class LobRdareaColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """HiRDB LOB column ``IN rd`` / ``IN (rd)`` / ``IN ((rd1), (rd2), ...)``.

    ``expressions``: the RDAREA names (``Identifier``), one per table partition.
    """

    arg_types = {"expressions": True}


class AllocateColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """HiRDB ``ALLOCATE (attr IN (...), ...)`` of an abstract-data-type column's LOB attributes.

    ``expressions``: :class:`AttributeRdareas`, one per attribute.
    """

    arg_types = {"expressions": True}


class AttributeRdareas(exp.Expression):
    """One ``attr[..attr] IN rdarea-spec`` of :class:`AllocateColumnConstraint`.

    ``this``: the attribute path (``Var``, ``a..b`` for nested attributes);
    ``expressions``: the RDAREA names (``Identifier``).
    """

    arg_types = {"this": True, "expressions": True}


class CreateAbstractType(exp.Expression):
    """HiRDB ``CREATE TYPE name [UNDER super] (attribute, ...)`` (abstract data type).

    ``this``: the type name (``Table``); ``under``: the supertype (``Table``), absent
    without UNDER; ``expressions``: the attributes, each a ``ColumnDef`` (an attribute's
    PUBLIC / PRIVATE / PROTECTED is a ``ColumnOption`` named ``ENCAPSULATION``).
    """

    arg_types = {"this": True, "under": False, "expressions": False}


class CreateHirdbIndex(exp.Expression):
    """HiRDB ``CREATE [UNIQUE] INDEX name ON table (c [ASC|DESC], ...) [IN ...] [options]``.

    ``this``: the index name (``Table``); ``table``: the indexed table (``Table``);
    ``expressions``: the key columns (``Ordered``); ``unique``; ``rdareas``: the RDAREA
    names (``Identifier``); ``pctfree``: ``Literal``; ``options``: other options (``Var``:
    ``UNBALANCED SPLIT``, ``EMPTY``, ``EXCEPT VALUES (...)``).
    """

    arg_types = {
        "this": True,
        "table": True,
        "expressions": True,
        "unique": False,
        "rdareas": False,
        "pctfree": False,
        "options": False,
    }


# --- sybase replication: Replication Server RCL, SQL Remote, ASE system procedures
# Built by grammars/rcl.py and grammars/sybase.py, lowered by analyzer/build.py.  Names
# are plain strings (identifier quotes removed); spans are in ``meta["span"]``.


class RclColumn(exp.Expression):
    """A replication definition column or function parameter:
    ``name [as replicate_name] [datatype [null | not null] [computed] [map to datatype]]
    [quoted | not quoted] [references {[owner.]table [(column)] | null}]``.

    ``this``: the name (str); ``kind`` / ``map_to``: ``DataType`` with the declared text;
    ``replicate``: the ``as`` name; ``nullable``: True / False / absent; ``references``: the
    referenced table as written (not lowered: it does not change sizes or links).
    """

    arg_types = {
        "this": True,
        "kind": False,
        "replicate": False,
        "nullable": False,
        "map_to": False,
        "computed": False,
        "quoted": False,
        "references": False,
    }


class CreateReplicationDefinition(exp.Expression):
    """``create replication definition name with primary at ds.db ... (columns) primary key (...)``.

    ``this``: the name; ``server`` / ``database``: the primary; ``primary_table`` /
    ``replicate_table``: ``Table`` when named; ``expressions``: ``RclColumn``s;
    ``primary_key``, ``searchable``, ``if_changed``, ``always``: column names;
    ``send_standby``: str; ``minimal``: bool; ``options``: ``(key, value)`` pairs.
    """

    arg_types = {
        "this": True,
        "server": True,
        "database": True,
        "primary_table": False,
        "replicate_table": False,
        "expressions": True,
        "primary_key": True,
        "searchable": False,
        "send_standby": False,
        "minimal": False,
        "if_changed": False,
        "always": False,
        "options": False,
    }


class AlterReplicationDefinition(exp.Expression):
    """One ``alter replication definition name <clause>`` or ``alter [applied | request]
    function replication definition name <clause>``: ``action`` names the clause (see
    ``analyzer.ir.ReplicationDefinitionChange``); ``expressions``: ``RclColumn``s; ``names``:
    column or parameter names; ``value``: the clause's value (str)."""

    arg_types = {"this": True, "action": True, "expressions": False, "names": False, "value": False}


class CreateFunctionReplicationDefinition(exp.Expression):
    """``create [applied | request] function replication definition name with primary at ds.db
    [deliver as 'p'] [with ... function named 'f'] (@param datatype, ...) [searchable parameters
    (...)] [send standby ... parameters]``; ``expressions``: ``RclColumn``s."""

    arg_types = {
        "this": True,
        "kind": True,
        "server": True,
        "database": True,
        "expressions": False,
        "searchable": False,
        "deliver_as": False,
        "primary_function": False,
        "replicate_function": False,
        "send_standby": False,
    }


class CreateSubscription(exp.Expression):
    """A subscription: Replication Server ``create | define subscription`` (``kind`` ``repserver``)
    or SQL Remote ``sp_subscription create`` / ``sp_create_subscription`` (``sql_remote``).
    String args mirror ``analyzer.ir.Subscription``."""

    arg_types = {
        "this": False,
        "kind": True,
        "target": True,
        "target_kind": True,
        "primary_server": False,
        "primary_database": False,
        "replicate_server": False,
        "replicate_database": False,
        "where": False,
        "user": False,
        "subscribe_by": False,
        "options": False,
    }


class PublicationArticle(exp.Expression):
    """``TABLE t [(columns)] [WHERE cond] [SUBSCRIBE BY expr]``, or an ASE ``sp_add_article``.

    ``this``: the table (``Table``); ``expressions``: column names; ``where`` /
    ``subscribe_by``: text as written."""

    arg_types = {"this": True, "expressions": False, "where": False, "subscribe_by": False}


class CreatePublication(exp.Expression):
    """SQL Anywhere ``CREATE PUBLICATION p (TABLE ..., ...)``, ASE ``sp_create_publication p``, or
    Replication Server ``create publication p with primary at ds.db``; ``kind`` says which."""

    arg_types = {
        "this": True,
        "kind": True,
        "expressions": False,
        "server": False,
        "database": False,
        "options": False,
    }


class AseKeyProcedure(exp.Expression):
    """``sp_primarykey t, c...``, ``sp_foreignkey t, pk_t, c...``, ``sp_commonkey a, b, ca, cb...``.

    ``this``: the table (``Table``); ``procedure``: the name; ``expressions``: its columns;
    ``ref_table`` / ``ref_columns``: the other table and, for sp_commonkey, its columns."""

    arg_types = {
        "this": True,
        "procedure": True,
        "expressions": True,
        "ref_table": False,
        "ref_columns": False,
    }


class AseReplicationMark(exp.Expression):
    """``sp_setreplicate``, ``sp_setreptable``, ``sp_setrepcol``, ``sp_add_remote_table``.

    ``this``: the table (``Table``); ``state``: ``true`` / ``false`` / ``never``; ``owner``:
    bool (owner_on / owner_off); ``use_index``: bool; ``column`` / ``status``: sp_setrepcol's.
    Absent ``state`` and ``status``: the call only reports (nothing changes)."""

    arg_types = {
        "this": True,
        "procedure": True,
        "state": False,
        "owner": False,
        "use_index": False,
        "column": False,
        "status": False,
    }


class SqlRemoteArticle(exp.Expression):
    """SQL Remote for ASE ``sp_add_article pub, t [, where_col [, subscription_col [, owner]]]`` and
    ``sp_add_article_col pub, t, col``: ``this`` the publication name, ``article`` a
    ``PublicationArticle``."""

    arg_types = {"this": True, "procedure": True, "article": True}


class ReportOnly(exp.Expression):
    """A system procedure call that only reports or changes nothing ddlaudit records
    (``sp_setreptable t``, ``sp_subscription drop, ...``): ``this`` labels it, ``reason`` why."""

    arg_types = {"this": True, "reason": True}


# ------------------------------------------------------------- plain columns

#: The ``args`` slot of sqlglot's Expression, under PlainColumnDef's property.
_ARGS_SLOT: t.Any = exp.Expression.__dict__["args"]


class PlainColumn(t.NamedTuple):
    """What the parser read for a plain column (see ``PlainColumnDef``).

    A named tuple, not a frozen dataclass: the parser makes one per column and a tuple
    is built in a fifth of the time (positional arguments, in field order).

    ``name`` is the column name's token (a VAR or a quoted IDENTIFIER), ``params`` the
    type's argument tokens (numbers, or ``MAX``); ``attributes``
    the column's attributes in order: ``("null",)``, ``("not null",)``,
    ``("casespecific", not_)``, ``("character set", name)``, ``("default", token,
    parens)`` (a number or string, in the ``(``/``)`` token pairs of ``parens``),
    ``("format", token)``, ``("title", token)`` (Teradata, a string), ``("collate",
    name_token)``, ``("identity",)`` or ``("identity", seed, increment)`` (number tokens),
    ``("compress", value_tokens, wrapped)`` (values in parentheses, one bare value, or
    none); ``nullable`` is what the last NULL / NOT NULL says (None: neither);
    ``nullability_only`` is true when every attribute is one of those two.
    """

    name: Token
    dtype: exp.DType
    declared: str
    type_span: tuple[int, int]
    params: tuple[Token, ...]
    attributes: tuple[tuple[t.Any, ...], ...]
    nullable: bool | None
    nullability_only: bool
    #: each parameter's size unit token (Teradata ``K`` / ``M`` / ``G``), when any has one
    units: tuple[Token | None, ...] | None = None
    #: a user-defined type's name (Teradata ``NUMBER``): ``dtype`` is USERDEFINED
    named_type: str | None = None


class PlainColumnDef(exp.ColumnDef):
    """sqlglot's ``ColumnDef`` for a plain column, its children built on first use.

    The parser's plain-column shortcut (``SpanParserMixin._parse_plain_column``)
    makes one of these instead of the six to eight nodes sqlglot would: ``meta`` (the
    span) is there at once, the name, type and constraint nodes are described by
    ``plain`` (a :class:`PlainColumn`).  The first read of ``args`` (any
    walk, ``==``, hash, copy, generator, ``.kind``...) builds them, node for node what
    sqlglot builds, and the object turns into a plain ``exp.ColumnDef``: nothing
    downstream sees a difference (tests/test_grammar_fastpaths.py).  The IR builder
    reads ``plain`` directly and skips the nodes altogether.

    >>> import grammars
    >>> [create] = grammars.get("tsql").dialect().parse("CREATE TABLE t (a varchar(10) NOT NULL)")
    >>> [column] = create.this.expressions
    >>> type(column).__name__, column.plain.declared, column.plain.nullable
    ('PlainColumnDef', 'varchar(10)', False)
    >>> column.sql(), type(column).__name__
    ('a VARCHAR(10) NOT NULL', 'ColumnDef')
    """

    plain: PlainColumn

    @classmethod
    def make(cls, plain: PlainColumn) -> PlainColumnDef:
        node = cls.__new__(cls)  # no __init__: ``args`` stays unbuilt
        node.parent = None
        node.arg_key = None
        node.index = None
        node.comments = None
        node._type = None
        node._meta = None
        node._hash = None
        node.plain = plain
        return node

    @property
    def column_name(self) -> str:
        """The column's name as sqlglot's Identifier holds it (quotes removed)."""
        return self.plain.name.text

    @property  # a built-on-demand view of sqlglot's slot
    def args(self) -> dict[str, t.Any]:
        return self._build()

    @args.setter
    def args(self, value: dict[str, t.Any]) -> None:
        # __init__ (a copy, a user's PlainColumnDef(...)) gives an ordinary ColumnDef
        _ARGS_SLOT.__set__(self, value)
        self.__dict__.pop("plain", None)
        self.__class__ = exp.ColumnDef  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        # sqlglot's == compares types first: build, then compare as the ColumnDef
        self._build()
        return self == other

    def __hash__(self) -> int:
        self._build()
        return hash(self)

    def _build(self) -> dict[str, t.Any]:
        plain = self.plain
        kind = plain_data_type(
            plain.dtype,
            plain.declared,
            plain.type_span,
            plain.params,
            plain.units,
            plain.named_type,
        )
        constraints = [
            exp.ColumnConstraint(this=None, kind=_attribute(a)) for a in plain.attributes
        ]
        # what _parse_id_var(any_token=True) makes of a VAR or IDENTIFIER token
        token = plain.name
        name = exp.Identifier(this=token.text, quoted=token.token_type is TokenType.IDENTIFIER)
        name.update_positions(token)
        args = {"this": name, "kind": kind, "constraints": constraints, "position": None}
        self.args = args  # the setter: sqlglot's slot, and an exp.ColumnDef from here on
        self._set_parent("this", name)
        self._set_parent("kind", kind)
        self._set_parent("constraints", constraints)
        return args


PlainColumnDef.key = "columndef"  # dispatch (generator, hash) as sqlglot's own node


def plain_data_type(
    dtype: exp.DType,
    declared: str,
    span: tuple[int, int],
    params: t.Sequence[Token],
    units: t.Sequence[Token | None] | None = None,
    named: str | None = None,
) -> exp.DataType:
    """sqlglot's DataType for a plain type (``SpanParserMixin._scan_plain_type``): its
    arguments (number tokens, or ``MAX``, with any size unit) as sqlglot's _parse_types
    makes them, and the declared text and span the mixin records.  A ``named`` type is
    the Teradata grammar's user-defined type of that name (``NUMBER``)."""
    expressions: list[exp.Expr] | None = None
    if params:
        expressions = [
            exp.DataTypeParam(
                this=exp.Literal(this=p.text, is_string=False).update_positions(p)
                if p.token_type is TokenType.NUMBER
                else exp.Var(this="MAX"),
                expression=exp.Var(this=units[k].text)  # type: ignore[union-attr]
                if units is not None and units[k] is not None
                else None,
            )
            for k, p in enumerate(params)
        ]
    if named is not None:
        kind = exp.DataType(this=exp.DType.USERDEFINED, kind=named, expressions=expressions)
    else:
        kind = exp.DataType(this=dtype, expressions=expressions, nested=False)
    kind.meta["declared"] = declared
    kind.meta["span"] = span
    return kind


def _attribute(attribute: tuple[t.Any, ...]) -> exp.Expr:
    what = attribute[0]
    if what == "null":
        return exp.NotNullColumnConstraint(allow_null=True)
    if what == "not null":
        return exp.NotNullColumnConstraint()
    if what == "casespecific":
        return exp.CaseSpecificColumnConstraint(not_=attribute[1])
    if what in ("format", "title"):
        string = exp.Literal(this=attribute[1].text, is_string=True)
        string.update_positions(attribute[1])
        if what == "format":
            return exp.DateFormatColumnConstraint(this=string)
        return exp.TitleColumnConstraint(this=string)
    if what == "default":
        value = _literal(attribute[1])
        for opening, closing in reversed(attribute[2]):
            # _parse_paren's node: comments from the "(" (none: an empty list), and
            # the span SpanParserMixin records from "(" to ")"
            value = exp.Paren(this=value)
            value.add_comments([])
            value.meta["span"] = (opening.start, closing.end + 1)
        return exp.DefaultColumnConstraint(this=value)
    if what == "collate":
        # COLLATE's _parse_column(): a Column of the name's Identifier, at its position
        token = attribute[1]
        name = exp.Identifier(this=token.text, quoted=False).update_positions(token)
        return exp.CollateColumnConstraint(this=exp.Column(this=name))
    if what == "identity":
        if len(attribute) == 1:
            return exp.AutoIncrementColumnConstraint()
        return exp.GeneratedAsIdentityColumnConstraint(
            start=_literal(attribute[1]), increment=_literal(attribute[2]), this=False, order=None
        )
    if what == "compress":
        values = [_literal(token) for token in attribute[1]]
        # wrapped: sqlglot's list of the values; one bare value: its literal; none: None
        return exp.CompressColumnConstraint(
            this=values if attribute[2] else (values[0] if values else None)
        )
    return exp.CharacterSetColumnConstraint(this=exp.Var(this=attribute[1]))


def _literal(token: Token) -> exp.Expr:
    """sqlglot's literal for a number or string token (what ``_parse_bitwise`` reads
    for it), at its position, with the span ``SpanParserMixin._parse_bitwise`` records."""
    literal: exp.Expr
    if token.token_type is TokenType.NATIONAL_STRING:
        literal = exp.National(this=token.text)
    else:
        literal = exp.Literal(this=token.text, is_string=token.token_type is TokenType.STRING)
    literal.update_positions(token)
    literal.meta["span"] = (token.start, token.end + 1)
    return literal


# ----------------------------------------------------------- SQL Server nodes
# CREATE TABLE (Transact-SQL), CREATE TABLE (Azure Synapse Analytics): what they add
# over sqlglot's nodes; analyzer.build lowers each one to the IR.


class GeneratedAlwaysColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """``GENERATED ALWAYS AS {TRANSACTION_ID | SEQUENCE_NUMBER} {START | END} [HIDDEN]``
    (ledger tables; ``AS ROW START | END`` stays sqlglot's ``GeneratedAsRowColumnConstraint``).

    ``this``: ``Var`` ``TRANSACTION_ID`` or ``SEQUENCE_NUMBER``; ``start``: True for START.
    """

    arg_types = {"this": True, "start": False, "hidden": False}


class LedgerProperty(exp.Property):
    """``LEDGER = ON [(APPEND_ONLY = ON | OFF, LEDGER_VIEW = v [(...)])]`` or ``LEDGER = OFF``.

    ``on``: the ledger is on; ``append_only``: True / False when written; ``view``: the
    ledger view's name (``Table``).
    """

    arg_types = {"on": True, "append_only": False, "view": False}


class GraphTableProperty(exp.Property):
    """``AS NODE`` / ``AS EDGE`` (SQL Graph): ``this`` is the ``Var`` NODE or EDGE."""

    arg_types = {"this": True}


class DistributionProperty(exp.Property):
    """Azure Synapse / PDW ``DISTRIBUTION = HASH (c, ...) | ROUND_ROBIN | REPLICATE``.

    ``this``: ``Var`` HASH, ROUND_ROBIN or REPLICATE; ``expressions``: the hash columns.
    """

    arg_types = {"this": True, "expressions": False}


class TableIndexProperty(exp.Property):
    """Azure Synapse / PDW ``CLUSTERED COLUMNSTORE INDEX [ORDER (c, ...)]``, ``HEAP`` or
    ``CLUSTERED INDEX (c [ASC | DESC], ...)``.

    ``this``: ``Var`` with the kind as written in upper case; ``expressions``: the
    clustered index key (``Ordered``) or the columnstore ``ORDER`` columns.
    """

    arg_types = {"this": True, "expressions": False}


class RangePartitionProperty(exp.Property):
    """Azure Synapse / PDW ``PARTITION (c RANGE [LEFT | RIGHT] FOR VALUES (v, ...))``.

    ``this``: the partitioning ``Column``; ``side``: ``LEFT`` (the default) or ``RIGHT``;
    ``expressions``: the boundary values (none: one partition).
    """

    arg_types = {"this": True, "side": False, "expressions": False}


class EdgeConnectionConstraint(exp.Expression, exp.ColumnConstraintKind):
    """Edge constraint ``CONNECTION (a TO b, ...) [ON DELETE {NO ACTION | CASCADE}]``.

    ``expressions``: one ``Tuple(from, to)`` of ``Table`` names per connection;
    ``on_delete``: ``Var`` ``CASCADE`` or ``NO ACTION`` when written.
    """

    arg_types = {"expressions": True, "on_delete": False}


# ------------------------------------------------------------ Teradata nodes
# SQL Data Definition Language, CREATE TABLE: what sqlglot has no node for;
# analyzer.build lowers each one to the IR.


class TemporalColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """``AS VALIDTIME`` / ``AS TRANSACTIONTIME`` of a temporal table's PERIOD column
    (CREATE TABLE, "Temporal table column attributes"); ``this``: the ``Var``."""

    arg_types = {"this": True}


class PeriodForConstraint(exp.Expression):
    """``PERIOD FOR name (start, end) [AS VALIDTIME | AS TRANSACTIONTIME]``: a derived
    period column over two DATE / TIMESTAMP columns; ``this``: the period's name,
    ``expressions``: the start and end columns, ``temporal``: the ``Var``, when written."""

    arg_types = {"this": True, "expressions": True, "temporal": False}


class QueueProperty(exp.Property):
    """The ``QUEUE`` table option: a queue table, whose first column is the QITS
    (``TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6)``)."""

    arg_types = {}


class BetweenConstraint(exp.Expression, exp.ColumnConstraintKind):
    """The Teradata CHECK shorthand ``BETWEEN low AND high`` after a column's type or
    attributes (``qty SMALLINT FORMAT '999' BETWEEN 10 AND 500``): a column CHECK."""

    arg_types = {"this": True, "expression": True}


class ColumnGroup(exp.Expression):
    """``[COLUMN | ROW] (c1 t1, ...) [[NO] AUTO COMPRESS]`` in the column list: a column
    partition of a column-partitioned table defined with its columns (CREATE TABLE,
    "column_partition_definition"); ``this``: ``Var`` COLUMN or ROW, absent when unsaid
    (the system chooses the format), ``expressions``: the ``ColumnDef``s,
    ``auto_compress``: True / False when written."""

    arg_types = {"this": False, "expressions": True, "auto_compress": False}


class PeriodLiteral(exp.Expression):
    """A ``PERIOD '(begin, end)'`` literal (Teradata Data Types and Literals, Period
    Literals); ``this``: the string ``Literal``."""

    arg_types = {"this": True}


class AtLocal(exp.Expression):
    """Teradata ``date_time_primary AT LOCAL``: the value in the session's time zone (SQL
    Date and Time Functions and Expressions, "AT LOCAL and AT TIME ZONE Time Zone
    Specifiers"); ``AT [TIME ZONE] zone`` is sqlglot's ``AtTimeZone``.  ``this``: the
    primary."""

    arg_types = {"this": True}
