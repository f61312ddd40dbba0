"""Read a declared data type (its source text) into an IR :class:`~analyzer.ir.DataType`.

sqlglot normalises types (BYTEINT -> SMALLINT, NUMBER -> DECIMAL, NTEXT -> TEXT,
REAL -> FLOAT, BYTE(n) -> TINYINT(n)), and each of those changes a byte count, so
the IR is built from the text the user wrote, never from sqlglot's ``DType``.

Lengths, precisions and scales are those declared; an omitted one stays ``None``
(dialect defaults such as Teradata ``DECIMAL`` = (5,0) are applied by the sizing
passes, which know the target platform).

>>> read_type("nvarchar(max)", {}).is_max
True
>>> t = read_type("INTERVAL DAY(2) TO SECOND(6)", {})
>>> (t.name, t.family, t.precision, t.scale)
('INTERVAL DAY TO SECOND', 'interval', 2, 6)
>>> t = read_type("CLOB(1M)", {})
>>> (t.name, t.family, t.length)
('CLOB', 'clob', 1048576)
>>> read_type("PERIOD(TIMESTAMP(6) WITH TIME ZONE)", {}).inner.with_time_zone
True
>>> t = read_type("NVARCHAR(20) ARRAY[10]", {})
>>> (t.name, t.family, t.length, t.element_count)
('NVARCHAR', 'nvarchar', 20, 10)
>>> read_type("[sys].[geography]", {"GEOGRAPHY": "spatial"}).name
'GEOGRAPHY'
>>> t = read_type("LARGE DECIMAL(20,2)", {"LARGE DECIMAL": "decimal"})
>>> (t.name, t.family, t.precision, t.scale)
('LARGE DECIMAL', 'decimal', 20, 2)
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from analyzer.ir import DataType

#: Families of the standard SQL type names every dialect shares; a grammar's own
#: ``type_families`` are consulted first.
COMMON_FAMILIES: Mapping[str, str] = {
    "TINYINT": "integer",
    "SMALLINT": "integer",
    "INT": "integer",
    "INTEGER": "integer",
    "BIGINT": "integer",
    "DECIMAL": "decimal",
    "DEC": "decimal",
    "NUMERIC": "decimal",
    "FLOAT": "float",
    "REAL": "float",
    "DOUBLE PRECISION": "float",
    "DOUBLE": "float",
    "BOOLEAN": "boolean",
    "BIT": "bit",
    "CHAR": "char",
    "CHARACTER": "char",
    "VARCHAR": "varchar",
    "CHAR VARYING": "varchar",
    "CHARACTER VARYING": "varchar",
    "NCHAR": "nchar",
    "NATIONAL CHAR": "nchar",
    "NATIONAL CHARACTER": "nchar",
    "NVARCHAR": "nvarchar",
    "NATIONAL CHAR VARYING": "nvarchar",
    "NATIONAL CHARACTER VARYING": "nvarchar",
    "CLOB": "clob",
    "CHARACTER LARGE OBJECT": "clob",
    "NCLOB": "nclob",
    "TEXT": "clob",
    "BINARY": "binary",
    "VARBINARY": "varbinary",
    "BINARY VARYING": "varbinary",
    "BLOB": "blob",
    "BINARY LARGE OBJECT": "blob",
    "DATE": "date",
    "TIME": "time",
    "TIMESTAMP": "timestamp",
    "DATETIME": "timestamp",
    "JSON": "json",
    "XML": "xml",
}

_MULTIPLIERS = {"K": 1024, "M": 1024**2, "G": 1024**3}
_ARG = re.compile(r"^\s*(\*|max|\d+)\s*([KMG])?\s*$", re.IGNORECASE)
_GROUP = re.compile(r"\(([^()]*)\)")
_QUOTES = re.compile(r'[\[\]"`]')
_SPACES = re.compile(r"\s+")
_TZ = re.compile(r"\bwith\s+(local\s+)?time\s+zone\b", re.IGNORECASE)
# HiRDB repetition column ``type ARRAY[n]``; ``ARRAY[]`` (no count, H001) still names the type
_ARRAY = re.compile(r"(?:\s+|(?<=[)\]]))ARRAY\s*(?:\[\s*(\d*)\s*\])?\s*$", re.IGNORECASE)
_PERIOD = re.compile(r"^\s*period\s*\((.*)\)\s*$", re.IGNORECASE | re.DOTALL)

_NUMERIC_FAMILIES = frozenset({"decimal", "number", "float", "money"})
_FRACTION_FAMILIES = frozenset({"time", "timestamp"})


def _arg(text: str) -> tuple[int | None, bool]:
    """``(value, is_max)`` of one argument: ``10``, ``1M``, ``MAX``, ``*``."""
    m = _ARG.match(text)
    if m is None:
        return None, False
    raw, unit = m.group(1), m.group(2)
    if raw.lower() == "max":
        return None, True
    if raw == "*":
        return None, False
    return int(raw) * _MULTIPLIERS.get((unit or "").upper(), 1), False


def type_name(declared: str) -> str:
    """Upper-case name without arguments, quotes or time-zone suffix.

    >>> type_name('[nvarchar] ( 100 )')
    'NVARCHAR'
    >>> type_name('character   varying(30)')
    'CHARACTER VARYING'
    """
    text = _ARRAY.sub("", declared)
    text = _TZ.sub("", text)
    while True:
        stripped = _GROUP.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    text = _QUOTES.sub("", text)
    return _SPACES.sub(" ", text).strip().upper()


def read_type(declared: str, families: Mapping[str, str]) -> DataType:
    """Read ``declared`` (a type's exact source text) with a dialect's ``families`` map."""
    declared = declared.strip()
    period = _PERIOD.match(declared)
    if period is not None:
        inner = read_type(period.group(1), families)
        return DataType(declared=declared, name="PERIOD", family="period", inner=inner)

    element_count = None
    array = _ARRAY.search(declared)
    if array is not None and array.group(1):
        element_count = int(array.group(1))
    name = type_name(declared)
    if name.startswith("SYS."):
        # SQL Server's system types live in the sys schema: [sys].[geography] is geography
        # (CREATE TABLE (Transact-SQL), "[ type_schema_name. ] type_name")
        base = name[4:]
        if base in families or base in COMMON_FAMILIES:
            name = base
    family = families.get(name) or COMMON_FAMILIES.get(name)
    if family is None and name.startswith("INTERVAL"):
        family = "interval"
    if family is None:
        # An unknown name is a user-defined or alias type; the resolve pass maps it.
        family = "udt" if name else "other"
    with_tz = _TZ.search(declared) is not None
    groups = [g.split(",") for g in _GROUP.findall(_ARRAY.sub("", declared))]

    length = precision = scale = None
    is_max = False
    if family == "interval":
        # INTERVAL DAY(2) TO SECOND(6), INTERVAL SECOND(2,3), INTERVAL YEAR(4)
        if groups:
            precision = _arg(groups[0][0])[0]
            if len(groups[0]) > 1:
                scale = _arg(groups[0][1])[0]
        if len(groups) > 1:
            scale = _arg(groups[1][0])[0]
    elif groups:
        args = groups[0]
        first, is_max = _arg(args[0])
        second = _arg(args[1])[0] if len(args) > 1 else None
        if family in _NUMERIC_FAMILIES:
            precision, scale = first, second
        elif family in _FRACTION_FAMILIES:
            scale = first
        else:
            length = first

    return DataType(
        declared=declared,
        name=name,
        family=family,
        length=length,
        precision=precision,
        scale=scale,
        is_max=is_max,
        with_time_zone=with_tz,
        element_count=element_count,
    )
