"""sqlglot expression nodes for DDL that sqlglot has no node for.

Grammars produce these; :mod:`analyzer.build` lowers them to the IR.  Where a
sqlglot node already says the same thing (``ComputedColumnConstraint``,
``CompressColumnConstraint``, ``FallbackProperty`` ...), grammars reuse it.
Every node here keeps what matters for sizing typed, never as opaque text.
"""

from __future__ import annotations

from sqlglot import exp

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
    """``CREATE TYPE name FROM base [NULL | NOT NULL]`` (SQL Server alias type).

    ``this`` is the type name (``Table``), ``kind`` the base ``DataType``,
    ``nullable`` is True for NULL, False for NOT NULL, absent when unsaid.
    """

    arg_types = {"this": True, "kind": True, "nullable": False}


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
