"""Teradata storage of one column: packed64 size, aligned-row alignment and size, presence bits.

Sources (Teradata Database Design 16.10, B035-1094-161K, "Database-Level Capacity
Planning Considerations"; figures in ``../shared/reference/teradata.md`` §1-2):

* Integer, Non-INTEGER Numeric, DateTime, Period, Interval, Character, Byte Data Types
  (the tables *Data Type | Packed64 Size | Alignment | Aligned Row Size*);
* Object Identifier Columns and Row Size Calculation step 14 (LOB OID in the row);
* Presence Bits, "Number of Presence Bits Required to Represent Compressed Values".

>>> from analyzer.ir import DataType, Column, Table, QualifiedName
>>> from analyzer.settings import SizingSettings
>>> t = Table(QualifiedName("t"), "teradata", ())
>>> def size(declared, family, **kw):
...     c = Column("c", 1, DataType(declared, declared.split("(")[0], family, **kw), False, True)
...     s = column_storage(c, t, Basis(), SizingSettings())
...     return s.category, s.data_length, s.alignment, s.aligned_length
>>> size("DECIMAL(10,2)", "decimal", precision=10, scale=2)
('fixed', 8, 8, 8)
>>> size("TIMESTAMP(6)", "timestamp", precision=6)
('fixed', 10, 4, 12)
>>> size("CHAR(20)", "char", length=20)
('char', 20, 1, 20)
>>> size("VARCHAR(30)", "varchar", length=30)
('variable', 30, 1, 30)
>>> size("ST_GEOMETRY(1000)", "spatial", length=1000)
('variable', 1044, 1, 1044)
>>> size("ST_GEOMETRY", "spatial")
('lob', 84, 1, 84)
"""

from __future__ import annotations

import math

from analyzer.ir import Column, ColumnStorage, DataType, Table
from analyzer.platforms import Basis, Unsupported
from analyzer.records import record
from analyzer.settings import SizingSettings

_DD = "Teradata Database Design 16.10"
_SRC = {
    "integer": f"{_DD}, Integer Data Types",
    "numeric": f"{_DD}, Non-INTEGER Numeric Data Types",
    "datetime": f"{_DD}, DateTime Data Types",
    "period": f"{_DD}, Period Data Types",
    "interval": "Teradata Data Types and Literals, INTERVAL types: Internal Representation",
    "char": f"{_DD}, Character Data Types; Storing Character Data",
    "byte": f"{_DD}, Byte Data Types",
    "lob": f"{_DD}, Row Size Calculation step 14 (LOB object ids)",
    "json": f"{_DD} 17.10, JSON Data Type (inline storage)",
    "xml": f"{_DD} 17.10, XML Data Type (inline storage)",
    "spatial": f"{_DD}, Geospatial Data Types",
}


@record
class _Size:
    """Packed64 bytes, aligned-row alignment and aligned-row bytes of a fixed type."""

    packed: int
    align: int
    aligned: int


# Integer Data Types (Alignment | Packed64 | Aligned).
_INTEGERS = {"BYTEINT": _Size(1, 1, 1), "SMALLINT": _Size(2, 2, 2), "INTEGER": _Size(4, 4, 4)}
_INTEGERS |= {"INT": _INTEGERS["INTEGER"], "BIGINT": _Size(8, 8, 8)}

# DateTime Data Types: size does not depend on the fractional precision.
_DATETIME = {
    ("DATE", False): _Size(4, 4, 4),
    ("TIME", False): _Size(6, 4, 8),
    ("TIME", True): _Size(8, 4, 8),
    ("TIMESTAMP", False): _Size(10, 4, 12),
    ("TIMESTAMP", True): _Size(12, 4, 12),
}

# Period Data Types (alignment 2 as printed).
_PERIOD = {
    ("DATE", False): _Size(8, 2, 8),
    ("TIME", False): _Size(12, 2, 16),
    ("TIME", True): _Size(16, 2, 16),
    ("TIMESTAMP", False): _Size(20, 2, 24),
    ("TIMESTAMP", True): _Size(24, 2, 24),
}

# INTERVAL internal representations. Alignments of the SMALLINT-only forms are not
# documented: 2 (their SMALLINT fields), decision D17; DAY TO MINUTE is printed as
# "8 bytes (with 2 pad bytes)" and kept at 8.
_INTERVALS = {
    "INTERVAL YEAR": _Size(2, 2, 2),
    "INTERVAL YEAR TO MONTH": _Size(4, 2, 4),
    "INTERVAL MONTH": _Size(2, 2, 2),
    "INTERVAL DAY": _Size(2, 2, 2),
    "INTERVAL DAY TO HOUR": _Size(4, 2, 4),
    "INTERVAL DAY TO MINUTE": _Size(8, 2, 8),
    "INTERVAL DAY TO SECOND": _Size(10, 4, 12),
    "INTERVAL HOUR": _Size(2, 2, 2),
    "INTERVAL HOUR TO MINUTE": _Size(4, 2, 4),
    "INTERVAL HOUR TO SECOND": _Size(8, 4, 8),
    "INTERVAL MINUTE": _Size(2, 2, 2),
    "INTERVAL MINUTE TO SECOND": _Size(6, 4, 8),
    "INTERVAL SECOND": _Size(6, 4, 8),
}

#: Bytes per declared character by server character set (Character Data Types).
#: KANJISJIS lengths are declared in bytes.
#: "Teradata Database reserves space within the row for an additional 44 bytes of metadata
#: whether the spatial object is stored within or outside the row" (Geospatial Data Types).
SPATIAL_METADATA_BYTES = 44

BYTES_PER_CHAR = {"LATIN": 1, "UNICODE": 2, "GRAPHIC": 2, "KANJISJIS": 1, "KANJI1": 1}
_LONG_VARCHAR_CHARS = {"LATIN": 64000, "KANJI1": 64000, "UNICODE": 32000, "GRAPHIC": 32000}


def decimal_size(precision: int) -> _Size:
    """DECIMAL(n): 1-2 -> 1, 3-4 -> 2, 5-9 -> 4, 10-18 -> 8, 19-38 -> 16 bytes (alignment 4).

    >>> [decimal_size(n).packed for n in (2, 3, 9, 10, 18, 19, 38)]
    [1, 2, 4, 8, 8, 16, 16]
    """
    for limit, size in ((2, 1), (4, 2), (9, 4), (18, 8)):
        if precision <= limit:
            return _Size(size, size, size)
    return _Size(16, 4, 16)


@record
class _Type:
    """A type in Teradata's terms: its name, length or precision, and character set."""

    name: str
    length: int | None = None
    precision: int | None = None
    with_time_zone: bool = False
    charset: str | None = None
    inner: _Type | None = None
    text: str = ""


def _own(dt: DataType, column: Column) -> _Type:
    inner = _own(dt.inner, column) if dt.inner is not None else None
    return _Type(
        dt.name.upper(),
        dt.length,
        dt.precision,
        dt.with_time_zone,
        (column.character_set or "").upper() or None,
        inner,
        dt.declared,
    )


def map_type(dt: DataType, dialect: str) -> _Type | Unsupported:
    """The Teradata type a SQL Server / ASE / HiRDB type would become (decision D18).

    >>> map_type(DataType("nvarchar(50)", "NVARCHAR", "nvarchar", length=50), "tsql").text
    'VARCHAR(50) CHARACTER SET UNICODE'
    """
    name, fam, n = dt.name.upper(), dt.family, dt.length

    def t(
        name: str, length: int | None = None, precision: int | None = None, **kw: object
    ) -> _Type:
        text = name + (f"({length})" if length is not None else "")
        text += f"({precision})" if precision is not None else ""
        if kw.get("charset"):
            text += f" CHARACTER SET {kw['charset']}"
        return _Type(name, length, precision, text=text, **kw)  # type: ignore[arg-type]

    if fam == "integer":
        if name.startswith("UNSIGNED"):
            wider = {"UNSIGNED TINYINT": "SMALLINT", "UNSIGNED SMALLINT": "INTEGER"}
            if name in wider:
                return t(wider[name])
            if name in ("UNSIGNED INT", "UNSIGNED INTEGER"):
                return t("BIGINT")
            return t("DECIMAL", precision=20)
        return t({"TINYINT": "BYTEINT", "INT": "INTEGER"}.get(name, name))
    if fam in ("bit", "boolean"):
        return t("BYTEINT")
    if fam == "decimal":
        return t("DECIMAL", precision=dt.precision or 18)
    if fam == "money":
        return t("DECIMAL", precision=10 if name == "SMALLMONEY" else 19)
    if fam == "float":
        return t("FLOAT")
    if fam in ("char", "nchar", "varchar", "nvarchar"):
        charset = "UNICODE" if fam.startswith("n") else "LATIN"
        if dt.is_max:
            return t("CLOB", charset=charset)
        return t("VARCHAR" if "var" in fam else "CHAR", n or 1, charset=charset)
    if fam in ("clob", "nclob"):
        return t("CLOB", charset="UNICODE" if fam == "nclob" else "LATIN")
    if fam == "binary":
        return t("BYTE", n or 1)
    if fam == "varbinary":
        return t("BLOB") if dt.is_max else t("VARBYTE", n or 1)
    if fam == "blob":
        return t("BLOB")
    if fam == "rowversion":
        return t("BYTE", 8)
    if fam == "uuid":
        return t("BYTE", 16)
    if fam in ("date", "time", "timestamp"):
        tz = dt.with_time_zone or name == "DATETIMEOFFSET"
        target = {"date": "DATE", "time": "TIME", "timestamp": "TIMESTAMP"}[fam]
        return _Type(target, with_time_zone=tz, text=target + (" WITH TIME ZONE" if tz else ""))
    if fam in ("xml", "json"):
        return t(fam.upper())
    return Unsupported(f"type {dt.declared} has no Teradata equivalent ddlaudit can size")


def _storage(
    category: str, size: int, maxlen: int, align: int, aligned: int, source: str, **kw: object
) -> ColumnStorage:
    return ColumnStorage(
        platform="teradata",
        type=str(kw.pop("type_text")),
        category=category,
        data_length=size,
        max_length=maxlen,
        alignment=align,
        aligned_length=aligned,
        source=source,
        **kw,  # type: ignore[arg-type]
    )


def column_storage(
    column: Column, table: Table, basis: Basis, settings: SizingSettings
) -> ColumnStorage | Unsupported:
    """Size ``column`` as Teradata stores it (packed64 bytes, alignment, aligned bytes)."""
    mapped = table.dialect != "teradata"
    typ = map_type(column.type, table.dialect) if mapped else _own(column.type, column)
    if isinstance(typ, Unsupported):
        return typ
    td = settings.teradata
    charset = typ.charset or td.default_character_set
    bpc = BYTES_PER_CHAR.get(charset, 1)
    common = {"type_text": typ.text, "mapped": mapped}

    def fixed(s: _Size, source: str, category: str = "fixed") -> ColumnStorage:
        return _storage(category, s.packed, s.packed, s.align, s.aligned, source, **common)

    def variable(max_bytes: int, align: int, source: str, note: str | None = None) -> ColumnStorage:
        size, how = basis.apply(max_bytes)
        return _storage(
            "variable", size, max_bytes, align, size, source, basis=how, note=note, **common
        )

    # The geospatial types live in SYSUDTLIB and are often written qualified.
    name = typ.name.removeprefix("SYSUDTLIB.")
    if name in _INTEGERS:
        return fixed(_INTEGERS[name], _SRC["integer"])
    if name in ("DECIMAL", "DEC", "NUMERIC"):
        return fixed(decimal_size(typ.precision or 5), _SRC["numeric"])
    if name == "NUMBER":
        # Stored as a variable-length value of 0-18 bytes (decision D15 for the default).
        if basis.average is None and basis.fill is None:
            return _storage(
                "variable",
                td.number_bytes,
                18,
                1,
                td.number_bytes,
                _SRC["numeric"],
                basis=f"number_bytes setting {td.number_bytes}",
                **common,
            )
        return variable(18, 1, _SRC["numeric"])
    if name in ("FLOAT", "REAL", "DOUBLE PRECISION", "DOUBLE"):
        return fixed(_Size(8, 8, 8), _SRC["numeric"])
    if name in ("DATE", "TIME", "TIMESTAMP") or name.startswith(("TIME ", "TIMESTAMP ")):
        base = name.split()[0]
        tz = typ.with_time_zone or "ZONE" in name
        return fixed(_DATETIME[(base, tz and base != "DATE")], _SRC["datetime"])
    if name == "PERIOD" and typ.inner is not None:
        base = typ.inner.name.split()[0]
        key = (base, typ.inner.with_time_zone and base != "DATE")
        if key in _PERIOD:
            return fixed(_PERIOD[key], _SRC["period"])
    if name in _INTERVALS:
        return fixed(_INTERVALS[name], _SRC["interval"])
    if name in ("CHAR", "CHARACTER"):
        n = (typ.length or 1) * bpc
        return fixed(_Size(n, bpc, n), _SRC["char"], "char")
    if name == "GRAPHIC":
        n = (typ.length or 1) * 2
        return fixed(_Size(n, 2, n), _SRC["char"], "char")
    if name == "BYTE":
        n = typ.length or 1
        return fixed(_Size(n, 1, n), _SRC["byte"], "char")
    if name in ("VARCHAR", "CHAR VARYING", "CHARACTER VARYING", "LONG VARCHAR"):
        chars = typ.length if name != "LONG VARCHAR" else _LONG_VARCHAR_CHARS.get(charset, 32000)
        return variable((chars or 1) * bpc, bpc, _SRC["char"])
    if name in ("VARGRAPHIC", "LONG VARGRAPHIC"):
        chars = typ.length if name == "VARGRAPHIC" else 32000
        return variable((chars or 1) * 2, 2, _SRC["char"])
    if name in ("VARBYTE", "LONG VARBYTE"):
        return variable(typ.length or 64000 if name == "VARBYTE" else 64000, 1, _SRC["byte"])
    if name in ("BLOB", "CLOB", "BINARY LARGE OBJECT", "CHARACTER LARGE OBJECT"):
        return _lob(typ, td.lob_oid_bytes, _SRC["lob"], common)
    inline = _option_int(column, "inline_length")
    if name in ("XML", "XMLTYPE"):
        if typ.length is not None and typ.length <= (inline or 64000):
            return variable(typ.length, 1, _SRC["xml"])
        if inline is not None:
            return variable(inline, 1, _SRC["xml"], _INLINE_NOTE.format(inline))
        return _lob(typ, td.lob_oid_bytes, _SRC["xml"], common)
    if name == "JSON":
        if _option(column, "storage format") is not None:
            bpc = 1  # BSON / UBJSON: the length is in bytes
        limit = 32000 if charset == "UNICODE" and bpc == 2 else 64000
        if typ.length is not None and typ.length <= (inline or limit):
            return variable(typ.length * bpc, bpc, _SRC["json"])
        if inline is not None:
            note = _INLINE_NOTE.format(inline)
            return variable(inline * bpc, bpc, _SRC["json"], note)
        return _lob(typ, td.lob_oid_bytes, _SRC["json"], common)
    if name == "DATASET":
        return Unsupported(
            f"type {column.type.declared} cannot be sized on Teradata: the manuals give no "
            "in-row size for DATASET (docs/decisions.md D102)"
        )
    if name in ("MBR", "MBB"):
        n = 32 if name == "MBR" else 48
        return fixed(_Size(n, 8, n), _SRC["spatial"])
    if name == "ST_GEOMETRY":
        meta = SPATIAL_METADATA_BYTES
        note = f"includes {meta} bytes of metadata reserved in the row"
        if inline is not None and (typ.length is None or typ.length > inline):
            size, how = basis.apply(inline)
            return _storage(
                "variable",
                size + meta,
                inline + meta,
                1,
                size + meta,
                _SRC["spatial"],
                basis=how,
                note=f"{note}; {_INLINE_NOTE.format(inline)}",
                **common,
            )
        if typ.length is not None and typ.length <= 64000:
            size, how = basis.apply(typ.length)
            return _storage(
                "variable",
                size + meta,
                typ.length + meta,
                1,
                size + meta,
                _SRC["spatial"],
                basis=how,
                note=note,
                **common,
            )
        return _lob(typ, td.lob_oid_bytes + meta, _SRC["spatial"], common, note)
    return Unsupported(
        f"type {column.type.declared} cannot be sized on Teradata "
        "(structured UDT sizes are not documented; give a distinct type's base type)"
    )


#: A LOB-stored JSON / XML / ST_GEOMETRY with INLINE LENGTH m keeps values of up to m in
#: the row (Database Design 17.10, JSON / XML Data Type: "Inline storage m"); D102.
_INLINE_NOTE = (
    "INLINE LENGTH {}: values up to that size in the row, larger ones in the LOB subtable"
)


def _option(column: Column, key: str) -> str | None:
    return next((value for k, value in column.options if k == key), None)


def _option_int(column: Column, key: str) -> int | None:
    value = _option(column, key)
    return int(value) if value is not None and value.strip().isdigit() else None


def storage_key(column: Column, table: Table) -> tuple[object, ...]:
    """What :func:`column_storage` reads of ``column`` and ``table`` (besides the basis and
    the settings): the table's dialect, the column's type (``declared`` is in the
    Unsupported message), its character set (``_own``) and its INLINE LENGTH and STORAGE
    FORMAT options.  The ``data_length`` pass sizes one column per key
    (tests/test_passes_speed_identity.py)."""
    return (
        table.dialect,
        column.type,
        column.character_set,
        _option(column, "inline_length"),
        _option(column, "storage format"),
    )


def _lob(
    typ: _Type, oid: int, source: str, common: dict[str, object], extra: str | None = None
) -> ColumnStorage:
    # The OID is stored in VARBYTE format: it lives in the variable area.
    note = "object id in the row; data in the LOB subtable" + (f"; {extra}" if extra else "")
    return _storage("lob", oid, oid, 1, oid, source, note=note, **common)


def presence_bits(column: Column) -> tuple[int, int]:
    """(presence bits, of which compress bits) the column needs: Presence Bits tables.

    A nullable column needs 1 bit; multivalue compression of k values needs
    ``bit_length(k)`` bits, ``bit_length(k + 1)`` on a nullable column (null is one of the
    compressed values, and shares the nullability bit); algorithmic compression one more.

    >>> from analyzer.ir import Compression, DataType
    >>> i = DataType("INTEGER", "INTEGER", "integer")
    >>> presence_bits(Column("a", 1, i, True, False))
    (1, 0)
    >>> presence_bits(Column("a", 1, i, True, False, compression=Compression(tuple("x" * 63))))
    (7, 6)
    >>> presence_bits(Column("a", 1, i, False, True, compression=Compression(("1", "2", "3"))))
    (2, 2)
    """
    comp = column.compression
    values = 0
    alc = False
    if comp is not None:
        values = sum(1 for v in comp.values if v.strip().upper() != "NULL")
        alc = comp.compress_using is not None
    bits = 0
    if values:
        bits = (values + 1).bit_length() if column.nullable else values.bit_length()
    elif column.nullable:
        bits = 1
    bits += 1 if alc else 0
    return bits, bits - (1 if column.nullable else 0) if bits else 0


def extra_presence_octets(bits: int) -> int:
    """Octets beyond the first: 7 usable bits in the first octet, 8 in each further one.

    >>> [extra_presence_octets(b) for b in (0, 7, 8, 15, 16, 23, 24)]
    [0, 0, 1, 1, 2, 2, 3]
    """
    return math.ceil(max(0, bits - 7) / 8)
