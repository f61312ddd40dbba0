"""The domain of a source column, per source dialect (its vendor's data type reference).

* SQL Server: "Data types (Transact-SQL)": int family ranges; decimal precision 1-38
  (default 18, 0); float(n) 24 or 53 bits; money ±922,337,203,685,477.5807 (4 decimals);
  char/varchar up to 8,000 bytes, nchar/nvarchar 4,000 byte-pairs, (max) 2^31-1 bytes;
  date 0001-9999; datetime 1753-9999 rounded to .000/.003/.007 s; smalldatetime
  1900-2079 to the minute; time/datetime2/datetimeoffset(n) n <= 7 (default 7).
* Sybase ASE: Reference Manual: Building Blocks, "Datatypes": the unsigned integers;
  float(p) below 16 is 4 bytes (24 bits); datetime 1753-9999 at 1/300 s; bigdatetime /
  bigtime microseconds; unichar/univarchar UTF-16; text/unitext/image 2^31-1 bytes;
  bit NOT NULL only.
* Teradata: SQL Data Types and Literals: BYTEINT -128..127; DECIMAL default (5,0);
  NUMBER without precision a floating decimal of 38 digits; TIME/TIMESTAMP(n) n <= 6
  (default 6); CHARACTER SET LATIN / UNICODE / KANJISJIS / GRAPHIC; VARCHAR up to
  64,000 bytes; CLOB 2,097,088,000 bytes; PERIOD(...); INTERVAL types.
* HiRDB: SQL Reference 1.2 "Data types": DECIMAL default (15,0), up to 38 digits; CHAR
  30,000 bytes, VARCHAR 32,000 bytes, NCHAR 15,000 and NVARCHAR 16,000 characters,
  MCHAR / MVARCHAR (mixed single- and multi-byte, lengths in bytes); BINARY and BLOB up
  to 2,147,483,647 bytes; TIMESTAMP(p) p 0, 2, 4 or 6; repetition columns ``ARRAY[n]``.

>>> from analyzer.ir import Column, DataType
>>> c = Column("c", 1, DataType("money", "MONEY", "money"), True, True)
>>> d = source_domain(c, "tsql")
>>> d.kind, d.precision, d.scale, d.hi, d.semantics
('decimal', 19, 4, 922337203685477, 'money')
"""

from __future__ import annotations

from analyzer.audit.domains import Domain
from analyzer.ir import Column, DataType

_GB2 = 2**31 - 1

_INTS: dict[str, tuple[int, int]] = {
    "BYTEINT": (-128, 127),
    "TINYINT": (0, 255),
    "SMALLINT": (-(2**15), 2**15 - 1),
    "INT": (-(2**31), 2**31 - 1),
    "INTEGER": (-(2**31), 2**31 - 1),
    "RS_ADDRESS": (-(2**31), 2**31 - 1),
    "BIGINT": (-(2**63), 2**63 - 1),
    "UNSIGNED TINYINT": (0, 255),
    "UNSIGNED SMALLINT": (0, 2**16 - 1),
    "UNSIGNED INT": (0, 2**32 - 1),
    "UNSIGNED INTEGER": (0, 2**32 - 1),
    "UNSIGNED BIGINT": (0, 2**64 - 1),
}

#: Default DECIMAL precision when none is written.
_DECIMAL_DEFAULT = {"tsql": 18, "sybase": 18, "teradata": 5, "hirdb": 15}

#: (min_year, max_year, fraction digits) of timestamp types that are not parametrised.
_TIMESTAMPS = {
    "DATETIME": (1753, 9999, 3),
    "SMALLDATETIME": (1900, 2079, 0),
    "BIGDATETIME": (1, 9999, 6),
}

#: Time zone offsets a value can carry, in minutes: Teradata Data Types and Literals,
#: TIME / TIMESTAMP WITH TIME ZONE, "TIMEZONE_HOUR -12.59 +14.00"; SQL Server
#: datetimeoffset, "Time zone offset range -14:00 through +14:00".
_OFFSETS = {"teradata": (-(12 * 60 + 59), 14 * 60), "tsql": (-14 * 60, 14 * 60)}

#: Teradata character sets (International Character Set Support).
_TERADATA_CHARSETS = {
    "LATIN": "single",
    "UNICODE": "unicode",
    "GRAPHIC": "unicode",
    "KANJISJIS": "multi",
    "KANJI1": "multi",
}


def _repertoire(column: Column, dt: DataType, dialect: str, default_charset: str) -> str:
    name, fam = dt.name.upper(), dt.family
    if dialect == "teradata":
        if name in ("GRAPHIC", "VARGRAPHIC", "LONG VARGRAPHIC"):
            return "unicode"
        charset = (column.character_set or default_charset).upper()
        return _TERADATA_CHARSETS.get(charset, "single")
    if dialect == "hirdb":
        if fam in ("nchar", "nvarchar") or name in ("NCHAR", "NVARCHAR"):
            return "unicode"
        if name in ("MCHAR", "MVARCHAR"):
            return "multi"
        return "single"
    if name in ("UNICHAR", "UNIVARCHAR", "UNITEXT"):
        return "unicode"
    if fam in ("nchar", "nvarchar", "nclob"):
        # SQL Server: UTF-16; ASE nchar: the server's national (multi-byte) set.
        return "unicode" if dialect == "tsql" else "multi"
    if dialect == "tsql" and (column.collation or "").upper().endswith("_UTF8"):
        return "unicode"
    return "single"


def _unit(column: Column, dt: DataType, dialect: str, rep: str, default_charset: str) -> str:
    """What the declared length counts: SQL Server nchar / nvarchar "byte-pairs" (UTF-16
    code units; char / varchar bytes, also under a _UTF8 collation); ASE unichar /
    univarchar / unitext UTF-16 units (@@unicharsize 2), char / varchar / text bytes,
    nchar characters; Teradata UNICODE and GRAPHIC UTF-16 units (a supplementary
    character takes two), KANJISJIS bytes, LATIN characters (one byte each); HiRDB CHAR /
    VARCHAR / MCHAR bytes, NCHAR national characters (each one BMP character, 2 bytes)."""
    fam = dt.family
    if rep == "unicode" and dialect in ("tsql", "sybase", "teradata", "hirdb"):
        if dialect == "tsql" and fam not in ("nchar", "nvarchar", "nclob"):
            return "byte"  # varchar under a _UTF8 collation: n bytes of UTF-8
        return "utf16"
    if dialect == "teradata":
        charset = (column.character_set or default_charset).upper()
        return "byte" if charset.startswith("KANJI") else "char"
    if dialect == "sybase" and fam in ("nchar", "nvarchar"):
        return "char"
    return "byte"


def _chars(dt: DataType, dialect: str, repertoire: str) -> tuple[int | None, bool]:
    """(maximum characters, is a LOB) of a character type."""
    name, n = dt.name.upper(), dt.length
    if dt.family in ("clob", "nclob"):
        if dialect == "teradata":
            # CLOB without n is the largest: 2,097,088,000 bytes (1,048,544,000 UNICODE chars).
            top = 1048544000 if repertoire == "unicode" else 2097088000
            return (n if n is not None else top), True
        return (_GB2 // 2 if dt.family == "nclob" or repertoire == "unicode" else _GB2), True
    if dt.is_max:
        return (2**30 - 1 if dt.family == "nvarchar" else _GB2), True
    if n is None:
        if name == "SYSNAME":
            return (128 if dialect == "tsql" else 30), False
        if name == "LONGSYSNAME":
            return 255, False
        if name == "LONG VARCHAR":
            return (32000 if repertoire == "unicode" else 64000), False
        if name == "LONG VARGRAPHIC":
            return 32000, False
        return 1, False
    return n, False


def source_domain(column: Column, dialect: str, default_charset: str = "LATIN") -> Domain | None:
    """The domain of ``column`` (its type as declared in ``dialect``); None: unknown type."""
    return type_domain(column.type, column, dialect, default_charset)


def type_domain(
    dt: DataType, column: Column, dialect: str, default_charset: str = "LATIN"
) -> Domain | None:
    """The domain of ``dt`` declared on ``column`` in ``dialect``."""
    name, fam = dt.name.upper(), dt.family
    if dt.element_count is not None:
        from dataclasses import replace

        inner = type_domain(replace(dt, element_count=None), column, dialect, default_charset)
        if inner is None:
            return None
        return Domain("array", inner=inner, count=dt.element_count)
    if fam == "integer":
        if name == "IDENTITY":  # RCL identity: numeric(38,0)
            return Domain("decimal", precision=38, scale=0)
        lo, hi = _INTS.get(name, _INTS["INT"])
        return Domain("int", lo=lo, hi=hi)
    if fam in ("bit", "boolean"):
        # NOT NULL matters: ASE's bit cannot hold NULL (Building Blocks, "bit").
        return Domain("bool", semantics=None if column.nullable else "nonnull")
    if fam == "decimal":
        if name == "IDENTITY":
            return Domain("decimal", precision=38, scale=0)
        p = dt.precision if dt.precision is not None else _DECIMAL_DEFAULT.get(dialect, 18)
        return Domain("decimal", precision=p, scale=dt.scale or 0)
    if fam == "number":
        if dt.precision is None and dt.scale is not None:  # NUMBER(*, s): 38 digits
            return Domain("decimal", precision=38, scale=dt.scale)
        if dt.precision is None:
            return Domain("decimal", precision=38, floating=True)
        return Domain("decimal", precision=dt.precision, scale=dt.scale or 0)
    if fam == "money":
        p, top = (10, 214748) if name == "SMALLMONEY" else (19, 922337203685477)
        return Domain("decimal", precision=p, scale=4, hi=top, semantics="money")
    if fam == "float":
        small = name in ("REAL", "SMALLFLT")
        if name == "FLOAT" and dt.precision is not None:
            small = dt.precision < (16 if dialect == "sybase" else 25)
        if dialect == "teradata":
            small = False  # Teradata REAL / FLOAT are all 8-byte doubles
        return Domain("float", bits=24 if small else 53)
    if fam in ("char", "nchar", "varchar", "nvarchar", "clob", "nclob"):
        rep = _repertoire(column, dt, dialect, default_charset)
        length, lob = _chars(dt, dialect, rep)
        fixed = fam in ("char", "nchar")
        if dialect == "teradata" and name in ("GRAPHIC",):
            fixed = True
        unit = _unit(column, dt, dialect, rep, default_charset)
        return Domain("char", length=length, repertoire=rep, fixed=fixed, lob=lob, unit=unit)
    if fam in ("binary", "varbinary", "blob"):
        if fam == "blob" or dt.is_max or (name.startswith("LONG ") and dt.length is None):
            length = (
                dt.length if dt.length is not None and dialect in ("teradata", "hirdb") else _GB2
            )
            if dialect == "teradata" and dt.length is None and fam == "blob":
                length = 2097088000  # BLOB without n: the largest, 2,097,088,000 bytes
            if name == "LONG VARBYTE":
                length = 64000
            return Domain("binary", length=length, lob=fam == "blob" or dt.is_max)
        fixed = fam == "binary" and dialect != "hirdb"  # HiRDB BINARY is variable-length
        return Domain("binary", length=dt.length or 1, fixed=fixed)
    if fam == "date":
        return Domain("date", min_year=1, max_year=9999)
    if fam == "time":
        if dialect == "sybase":
            return Domain("time", fraction=6 if name == "BIGTIME" else 3)
        if dialect == "hirdb":
            return Domain("time", fraction=0)
        default = 7 if dialect == "tsql" else 6
        scale = dt.scale if dt.scale is not None else dt.precision
        return Domain(
            "time",
            fraction=default if scale is None else scale,
            tz=dt.with_time_zone,
            offsets=_OFFSETS.get(dialect) if dt.with_time_zone else None,
            leap=dialect == "teradata",
        )
    if fam == "timestamp":
        if name in _TIMESTAMPS:
            lo, hi, frac = _TIMESTAMPS[name]
            return Domain("timestamp", fraction=frac, min_year=lo, max_year=hi)
        default = 7 if dialect == "tsql" else 6 if dialect == "teradata" else 0
        scale = dt.scale if dt.scale is not None else dt.precision
        tz = dt.with_time_zone or name == "DATETIMEOFFSET"
        return Domain(
            "timestamp",
            fraction=default if scale is None else scale,
            tz=tz,
            min_year=1,
            max_year=9999,
            offsets=_OFFSETS.get(dialect) if tz else None,
            leap=dialect == "teradata",
        )
    if fam == "interval":
        fields = name.removeprefix("INTERVAL").strip()
        if dialect == "hirdb":
            # INTERVAL YEAR TO DAY (yyyymmdd, 8 digits), INTERVAL HOUR TO SECOND (hhmmss).
            if fields == "YEAR TO DAY":
                return Domain("interval", fields="YEAR TO DAY", lead=4, fraction=0)
            return Domain("interval", fields="HOUR TO SECOND", lead=2, fraction=0)
        seconds = dt.scale if "SECOND" in fields else 0
        return Domain(
            "interval",
            fields=fields,
            lead=dt.precision if dt.precision is not None else 2,
            fraction=6 if seconds is None else seconds,
        )
    if fam == "period" and dt.inner is not None:
        inner = type_domain(dt.inner, column, dialect, default_charset)
        return None if inner is None else Domain("period", inner=inner)
    if fam in ("json", "xml"):
        # Documents of up to 2 GB of UTF-16 (SQL Server xml), or the declared JSON(n).
        return Domain(
            fam, length=dt.length or 2**30 - 1, lob=True, repertoire="unicode", unit="utf16"
        )
    if fam == "rowversion":
        return Domain("rowversion", length=8, fixed=True)
    if fam == "uuid":
        return Domain("uuid", length=16, fixed=True)
    if fam == "spatial":
        # SQL Server geography (SQL Server docs, Spatial Data: "ellipsoidal (round-earth)
        # data") is geodesic; geometry and Teradata ST_Geometry are planar.
        return Domain("spatial", semantics="geodesic" if name == "GEOGRAPHY" else "planar")
    if fam == "variant":
        return Domain("variant", semantics="sql_variant")
    simple = {"uuid": "uuid", "hierarchy": "hierarchy"}
    if fam in simple:
        return Domain(simple[fam])
    return None
