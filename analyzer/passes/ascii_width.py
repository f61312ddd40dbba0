"""ASCII width: how many characters each column takes in a Replication Server message.

Replication Server Design Guide 15.7.1, "Message Sizes" / "Formula Components": messages
are ASCII; "RowWidth is the size of the ASCII representation of the table columns. For
example: a char(10) column uses 10 bytes, a binary(10) column uses 22 bytes" (``0x`` and
two hex digits a byte: Reference Manual, "binary datatypes"). The manuals give no other
width, so the rest are derived (decision D60) as the longest text of the type's documented
value range: ``int`` -2,147,483,648 is 11 characters, ``numeric(p,s)`` is p digits, a sign
and a point, ``money`` adds the ``$`` Replication Server outputs, ``float`` is 17
significant digits in exponent form.  Date/time types are as long as the dialect's default
text form (ASE: ``Mon dd yyyy hh:mm:ss:mmmAM``; others ISO 8601).  Text, image and (max)
columns are not in RowWidth (``lob_width``, D61).  Every width can be overridden by type name
in ``[size.replication.ascii_widths]``; a type with no width at all (spatial, sql_variant,
an unresolved user type) is an R050 warning and counts 0.

The result goes to ``Column.ascii_width``; the message estimators
(:mod:`analyzer.estimators.repserver`) add the columns up.

>>> from analyzer.ir import DataType
>>> from analyzer.settings import SizingSettings
>>> s = SizingSettings()
>>> width(DataType("char(10)", "CHAR", "char", 10), "sybase", s).width
10
>>> w = width(DataType("binary(10)", "BINARY", "binary", 10), "sybase", s)
>>> w.width, w.derivation
(22, '2 (0x) + 2 x 10 (hex digits)')
>>> width(DataType("numeric(10,2)", "NUMERIC", "decimal", precision=10, scale=2), "sybase", s).width
12
>>> width(DataType("money", "MONEY", "money"), "sybase", s).width
22
"""

from __future__ import annotations

import typing as t

from analyzer.ir import (
    AsciiWidth,
    Column,
    DataType,
    Diagnostic,
    FileResult,
    Severity,
    Table,
    evolve,
    field_setter,
)
from analyzer.passes.link_context import ReplicationContext
from analyzer.settings import SizingSettings

# Longest decimal text of each integer range (ASE Reference Manual "Range and storage
# size"; Teradata BYTEINT is signed, -128..127).
_INTEGERS: dict[str, tuple[int, str]] = {
    "TINYINT": (3, "0..255"),
    "UNSIGNED TINYINT": (3, "0..255"),
    "BYTEINT": (4, "-128..127"),
    "SMALLINT": (6, "-32,768..32,767"),
    "UNSIGNED SMALLINT": (5, "0..65,535"),
    "INT": (11, "-2,147,483,648..2,147,483,647"),
    "INTEGER": (11, "-2,147,483,648..2,147,483,647"),
    "RS_ADDRESS": (11, "int"),
    "UNSIGNED INT": (10, "0..4,294,967,295"),
    "UNSIGNED INTEGER": (10, "0..4,294,967,295"),
    "BIGINT": (20, "-9,223,372,036,854,775,808.."),
    "UNSIGNED BIGINT": (20, "0..18,446,744,073,709,551,615"),
}

#: Default (precision, scale) of DECIMAL without arguments, by dialect.
_DECIMAL_DEFAULT = {"sybase": (18, 0), "tsql": (18, 0), "teradata": (5, 0), "hirdb": (15, 0)}

_DOUBLE = (24, "sign + 17 significant digits + point + e+308")
_REAL = (15, "sign + 9 significant digits + point + e+38")

# ASE date/time: the default conversion style (Mon dd yyyy hh:mm:ss:mmmAM and its parts).
_ASE_TIMES = {
    "DATETIME": (26, "Mon dd yyyy hh:mm:ss:mmmAM"),
    "SMALLDATETIME": (19, "Mon dd yyyy hh:mmAM"),
    "BIGDATETIME": (29, "Mon dd yyyy hh:mm:ss.ffffffAM"),
    "DATE": (11, "Mon dd yyyy"),
    "TIME": (14, "hh:mm:ss:mmmAM"),
    "BIGTIME": (17, "hh:mm:ss.ffffffAM"),
}

_INTERVAL_FIELDS = ("YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND")

_LOB_FAMILIES = frozenset({"clob", "nclob", "blob", "xml", "json"})
_LOB_NAMES = frozenset({"TEXT", "IMAGE", "UNITEXT", "NTEXT", "RAWOBJECT"})


def _w(width: int, derivation: str, basis: str = "derived") -> AsciiWidth:
    return AsciiWidth(width, derivation, basis)


def _fraction(digits: int) -> int:
    return digits + 1 if digits > 0 else 0


def _time_iso(dtype: DataType, default_scale: int) -> AsciiWidth:
    """ISO 8601 text of a date/time type of a non-ASE dialect."""
    scale = dtype.scale if dtype.scale is not None else default_scale
    tz = 6 if dtype.with_time_zone or dtype.name == "DATETIMEOFFSET" else 0
    tz_text = " +hh:mm" if tz else ""
    if dtype.family == "date":
        return _w(10, "yyyy-mm-dd")
    if dtype.family == "time":
        return _w(8 + _fraction(scale) + tz, f"hh:mm:ss + .{scale} fraction{tz_text}")
    if dtype.name == "SMALLDATETIME":
        return _w(19, "yyyy-mm-dd hh:mm:ss")
    if dtype.name == "DATETIME" and dtype.scale is None:
        return _w(23, "yyyy-mm-dd hh:mm:ss.mmm (ODBC canonical)")
    return _w(19 + _fraction(scale) + tz, f"yyyy-mm-dd hh:mm:ss + .{scale} fraction{tz_text}")


def _interval(dtype: DataType) -> AsciiWidth:
    """Sign, the leading field's precision (default 2), 3 characters a further field."""
    words = dtype.name.split()
    fields = [w for w in words if w in _INTERVAL_FIELDS]
    first = _INTERVAL_FIELDS.index(fields[0])
    last = _INTERVAL_FIELDS.index(fields[-1])
    lead = dtype.precision if dtype.precision is not None else (4 if fields[0] == "YEAR" else 2)
    more = last - first
    seconds = fields[-1] == "SECOND"
    scale = dtype.scale if dtype.scale is not None else (6 if seconds else 0)
    total = 1 + lead + 3 * more + (_fraction(scale) if seconds else 0)
    return _w(total, f"sign + {lead} digits + 3 x {more} fields + seconds fraction {scale}")


def _characters(
    dtype: DataType, dialect: str, sizing: SizingSettings, character_set: str | None
) -> AsciiWidth:
    rep = sizing.replication
    name = dtype.name
    if name == "SYSNAME":
        length = 30 if dialect == "sybase" else 128
    elif name == "LONGSYSNAME":
        length = 255
    elif name.startswith("LONG VAR"):
        length = 32000 if "GRAPHIC" in name else 64000
    else:
        length = dtype.length if dtype.length is not None else 1
    national = dtype.family in ("nchar", "nvarchar") or (dialect == "tsql" and name == "SYSNAME")
    unicode_set = (character_set or "").upper() in ("UNICODE", "GRAPHIC") or "GRAPHIC" in name
    if dialect == "sybase" and name in ("NCHAR", "NVARCHAR", "NATIONAL CHAR", "NATIONAL CHARACTER"):
        per = sizing.ase.ncharsize
        why = "@@ncharsize"
    elif national or unicode_set:
        per = rep.national_char_bytes
        why = "national_char_bytes"
    else:
        return _w(length, f"{length} characters, one byte each (manual: char(10) is 10)", "manual")
    return _w(length * per, f"{length} characters x {per} ({why})")


def is_lob(dtype: DataType | None) -> bool:
    """Whether values of ``dtype`` are text / image / (max): replicated apart from the row."""
    if dtype is None:
        return False
    return dtype.is_max or dtype.family in _LOB_FAMILIES or dtype.name in _LOB_NAMES


def width(
    dtype: DataType,
    dialect: str,
    sizing: SizingSettings,
    character_set: str | None = None,
) -> AsciiWidth | None:
    """The ASCII width of a value of ``dtype`` (None: the type has no known text form)."""
    rep = sizing.replication
    for name, chars in rep.ascii_widths:
        if name == dtype.name:
            return _w(chars, f"[size.replication.ascii_widths] {name}", "setting")
    family, name = dtype.family, dtype.name
    if is_lob(dtype):
        return _w(rep.lob_width, "text/image/(max): not in RowWidth (lob_width)", "lob")
    if name in _INTEGERS:
        chars, span = _INTEGERS[name]
        return _w(chars, f"longest of {span}")
    if family == "decimal" or (family == "number" and dtype.precision is not None):
        p0, s0 = _DECIMAL_DEFAULT.get(dialect, (18, 0))
        p = dtype.precision if dtype.precision is not None else p0
        s = dtype.scale if dtype.scale is not None else (s0 if dtype.precision is None else 0)
        return _w(p + 1 + (1 if s > 0 else 0), f"{p} digits + sign" + (" + point" if s else ""))
    if family == "number":
        return _w(40, "38 digits + sign + point (NUMBER, floating scale)")
    if family == "money":
        if name == "SMALLMONEY":
            return _w(13, "$ + sign + 6 digits + point + 4 decimals")
        return _w(22, "$ + sign + 15 digits + point + 4 decimals")
    if family == "float":
        real = name in ("REAL", "SMALLFLT") and dialect != "teradata"
        if name == "FLOAT" and dtype.precision is not None and dialect in ("sybase", "tsql"):
            real = dtype.precision < (16 if dialect == "sybase" else 25)
        chars, why = _REAL if real else _DOUBLE
        return _w(chars, why)
    if family == "bit":
        return _w(1, "0 or 1")
    if family == "boolean":
        return _w(5, "false")
    if family in ("char", "varchar", "nchar", "nvarchar"):
        return _characters(dtype, dialect, sizing, character_set)
    if family in ("binary", "varbinary"):
        n = dtype.length if dtype.length is not None else 1
        if name == "LONG VARBYTE":
            n = 64000
        return _w(2 + 2 * n, f"2 (0x) + 2 x {n} (hex digits)", "manual")
    if family == "rowversion":
        return _w(18, "replicated as binary(8): 2 + 2 x 8", "manual")
    if family in ("date", "time", "timestamp"):
        if dialect == "sybase" and name in _ASE_TIMES:
            chars, form = _ASE_TIMES[name]
            return _w(chars, form)
        default_scale = {"tsql": 7, "teradata": 6}.get(dialect, 0)
        return _time_iso(dtype, default_scale)
    if family == "interval":
        return _interval(dtype)
    if family == "period" and dtype.inner is not None:
        inner = width(dtype.inner, dialect, sizing)
        if inner is None:
            return None
        return _w(2 * inner.width + 4, f"('{inner.width}', '{inner.width}') bounds")
    if family == "uuid":
        return _w(36, "8-4-4-4-12 hex digits")
    return None


#: ``_with_width(column, width)``: the column with ``ascii_width`` set (one field copied in).
_with_width: t.Callable[[Column, AsciiWidth], Column] = field_setter(Column, "ascii_width")


def _column(
    column: Column, table: Table, found: AsciiWidth | None
) -> tuple[Column, Diagnostic | None]:
    """``column`` with its width ``found`` (None: an R050 and a width of 0)."""
    if found is not None:
        return _with_width(column, found), None
    diag = Diagnostic(
        "R050",
        Severity.WARNING,
        f"column {table.name.name}.{column.name}: no ASCII width is known for "
        f"{column.type.declared}; it counts 0 in RowWidth (set [size.replication.ascii_widths] "
        f"{column.type.name} = N)",
        column.span,
    )
    return _with_width(column, AsciiWidth(0, "unknown type", "unknown")), diag


def ascii_width(
    result: FileResult,
    sizing: SizingSettings | None = None,
    replicated_only: bool = False,
    replication: ReplicationContext | None = None,
) -> FileResult:
    """Set ``Column.ascii_width`` on every column of every table (IR in, IR out).

    ``replicated_only`` (the lint): only on the tables Replication Server sends, those
    marked for replication or named by a replication definition of the run
    (``replication``, else this file's), as ``replicated.replicated_tables`` picks them.
    """
    sizing = sizing or SizingSettings()
    diagnostics = list(result.diagnostics)
    named: frozenset[str] = frozenset()
    if replicated_only:
        pairs = (
            replication.definitions
            if replication is not None
            else tuple((d.name, d.primary_table) for d in result.replication_definitions)
        )
        named = frozenset(table.name.lower() for _, table in pairs)
        if not any(
            table.replication is not None or table.name.name.lower() in named
            for table in result.tables
        ):
            return result  # nothing replicated here (most files): nothing to set
    tables = []
    # (type, dialect, character set) -> its width: all that width() reads of a column
    # and its table (the settings are the run's), worked out once per file.
    widths: dict[tuple[DataType, str, str | None], AsciiWidth | None] = {}
    for table in result.tables:
        if replicated_only and table.replication is None and table.name.name.lower() not in named:
            tables.append(table)
            continue
        columns = []
        for column in table.columns:
            key = (column.type, table.dialect, column.character_set)
            if key in widths:
                found = widths[key]
            else:
                found = widths[key] = width(
                    column.type, table.dialect, sizing, column.character_set
                )
            new, diag = _column(column, table, found)
            columns.append(new)
            if diag is not None:
                diagnostics.append(diag)
        tables.append(evolve(table, columns=tuple(columns)))
    return evolve(result, tables=tuple(tables), diagnostics=tuple(diagnostics))
