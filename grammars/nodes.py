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

    arg_types: dict[str, bool] = {}


class FileStreamColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """SQL Server ``FILESTREAM`` on a varbinary(max) column: data lives in the file system."""

    arg_types: dict[str, bool] = {}


class RowGuidColColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """SQL Server ``ROWGUIDCOL``."""

    arg_types: dict[str, bool] = {}


class AlgorithmicCompressColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """Teradata ``COMPRESS USING f DECOMPRESS USING g`` (ALC; either order).

    ``compress``/``decompress`` are the UDF names (``Table`` or ``Identifier``);
    ``values`` holds an MVC value list when one is given with ALC.
    """

    arg_types = {"compress": False, "decompress": False, "values": False}


class WithDefaultColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """Teradata / HiRDB ``WITH DEFAULT``: the system default of the type."""

    arg_types: dict[str, bool] = {}


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
