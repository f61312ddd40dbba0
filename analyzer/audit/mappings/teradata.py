"""Teradata as a target: its types (Teradata SQL Data Types and Literals; Database
Limits).

CHAR / VARCHAR hold up to 64,000 bytes: 64,000 LATIN or 32,000 UNICODE characters;
CLOB 2,097,088,000 bytes (LATIN) or 1,048,544,000 UNICODE characters; BYTE / VARBYTE
64,000 bytes; BLOB 2,097,088,000 bytes; DECIMAL up to 38 digits; TIME / TIMESTAMP up to
6 fractional digits, WITH TIME ZONE keeps the offset; INTERVAL leading precision up to 4;
PERIOD(DATE | TIME | TIMESTAMP). No boolean (BYTEINT 0/1), no uuid or rowversion
(BYTE(16), BYTE(8)).

Pairs: no vendor guide writes SQL Server, ASE or HiRDB to Teradata: the data type
references of both sides.
"""

from __future__ import annotations

from analyzer.audit.mapping import Entry, TargetSpec
from analyzer.settings import SizingSettings

_DT = "Teradata SQL Data Types and Literals"
_CLOB = 2097088000
#: TIME / TIMESTAMP WITH TIME ZONE: "TIMEZONE_HOUR -12.59 +14.00" (minutes); their
#: SECOND field runs to 61.999999 ("accounts for leap seconds"), with or without a zone.
_OFFSETS = (-(12 * 60 + 59), 14 * 60)


def _chars(charset: str, default: str) -> tuple[Entry, ...]:
    unicode = charset == "UNICODE"
    n = 32000 if unicode else 64000
    rep = "unicode" if unicode else "single"
    unit = "utf16" if unicode else "char"  # UNICODE is UTF-16: a surrogate pair counts 2
    # The column's CHARACTER SET is written only when it is not the system default.
    written = None if charset == default else charset
    cite = f"{_DT}, CHARACTER / VARCHAR: 64,000 bytes ({n:,} {charset} characters)"
    return (
        Entry(
            "char",
            "CHAR",
            shape="length",
            max_length=n,
            repertoire=rep,
            fixed=True,
            charset=written,
            unit=unit,
            citation=cite,
        ),
        Entry(
            "char",
            "VARCHAR",
            shape="length",
            max_length=n,
            repertoire=rep,
            charset=written,
            unit=unit,
            citation=cite,
        ),
        Entry(
            "char",
            "CLOB",
            max_length=_CLOB // 2 if unicode else _CLOB,
            repertoire=rep,
            lob=True,
            charset=written,
            unit=unit,
            citation=f"{_DT}, CLOB: 2,097,088,000 bytes",
        ),
    )


def spec(sizing: SizingSettings) -> TargetSpec:
    default = sizing.teradata.default_character_set.upper()
    entries = (
        Entry("int", "BYTEINT", lo=-128, hi=127, citation=f"{_DT}, BYTEINT: -128 to 127"),
        Entry("int", "SMALLINT", lo=-(2**15), hi=2**15 - 1, citation=f"{_DT}, SMALLINT"),
        Entry("int", "INTEGER", lo=-(2**31), hi=2**31 - 1, citation=f"{_DT}, INTEGER"),
        Entry("int", "BIGINT", lo=-(2**63), hi=2**63 - 1, citation=f"{_DT}, BIGINT"),
        Entry(
            "decimal",
            "DECIMAL",
            shape="decimal",
            max_precision=38,
            max_scale=38,
            citation=f"{_DT}, DECIMAL/NUMERIC: n 1-38",
        ),
        Entry(
            "decimal",
            "NUMBER",
            max_precision=38,
            floating=True,
            citation=f"{_DT}, NUMBER: floating decimal of up to 38 digits",
        ),
        Entry(
            "float", "FLOAT", bits=53, citation=f"{_DT}, FLOAT/REAL/DOUBLE PRECISION: IEEE 8-byte"
        ),
        *_chars("LATIN", default),
        *_chars("UNICODE", default),
        Entry(
            "binary",
            "BYTE",
            shape="length",
            max_length=64000,
            fixed=True,
            citation=f"{_DT}, BYTE: 64,000 bytes",
        ),
        Entry(
            "binary",
            "VARBYTE",
            shape="length",
            max_length=64000,
            citation=f"{_DT}, VARBYTE: 64,000 bytes",
        ),
        Entry("binary", "BLOB", max_length=_CLOB, lob=True, citation=f"{_DT}, BLOB"),
        Entry("date", "DATE", min_year=1, max_year=9999, citation=f"{_DT}, DATE: 0001-9999"),
        Entry(
            "time",
            "TIME",
            shape="fraction",
            max_fraction=6,
            leap=True,
            citation=f"{_DT}, TIME(n): n 0-6",
        ),
        Entry(
            "time",
            "TIME",
            shape="fraction",
            max_fraction=6,
            tz=True,
            offsets=_OFFSETS,
            leap=True,
            template="TIME({f}) WITH TIME ZONE",
            citation=f"{_DT}, TIME WITH TIME ZONE",
        ),
        Entry(
            "timestamp",
            "TIMESTAMP",
            shape="fraction",
            max_fraction=6,
            min_year=1,
            max_year=9999,
            leap=True,
            citation=f"{_DT}, TIMESTAMP(n): n 0-6",
        ),
        Entry(
            "timestamp",
            "TIMESTAMP",
            shape="fraction",
            max_fraction=6,
            tz=True,
            offsets=_OFFSETS,
            leap=True,
            min_year=1,
            max_year=9999,
            template="TIMESTAMP({f}) WITH TIME ZONE",
            citation=f"{_DT}, TIMESTAMP WITH TIME ZONE",
        ),
        Entry(
            "interval",
            "INTERVAL",
            shape="interval",
            max_lead=4,
            max_fraction=6,
            citation=f"{_DT}, INTERVAL types: leading precision 1-4",
        ),
        Entry(
            "period",
            "PERIOD",
            shape="template",
            template="PERIOD({inner})",
            citation=f"{_DT}, PERIOD(DATE | TIME | TIMESTAMP)",
        ),
        Entry("json", "JSON", citation=f"{_DT}, JSON data type"),
        Entry("xml", "XML", citation=f"{_DT}, XML data type"),
        Entry(
            "spatial",
            "ST_GEOMETRY",
            semantics="planar",
            citation="Teradata SQL Geospatial Types: ST_Geometry",
        ),
    )
    guides = (
        *(
            (src, f"No vendor guide: {ref}; {_DT}")
            for src, ref in (
                ("tsql", "SQL Server data types"),
                ("sybase", "ASE Reference Manual: Building Blocks"),
                ("hirdb", "HiRDB SQL Reference 1.2"),
            )
        ),
        ("teradata", f"Same platform: {_DT}"),
    )
    return TargetSpec(
        "teradata", "Teradata", "teradata", "teradata", "teradata", entries, guides, _DT
    )
