"""HiRDB as a target: its types (HiRDB Version 9 SQL Reference, 1.2 "Data types").

CHAR up to 30,000 and VARCHAR 32,000 bytes; NCHAR 15,000 and NVARCHAR 16,000 national
characters; MCHAR 30,000 / MVARCHAR 32,000 bytes of mixed single- and multi-byte
characters; DECIMAL up to 38 digits; SMALLFLT / FLOAT; DATE; TIME (seconds); TIMESTAMP(p)
with p 0, 2, 4 or 6; INTERVAL YEAR TO DAY and HOUR TO SECOND; BINARY (variable-length)
and BLOB up to 2,147,483,647 bytes; repetition columns ``type ARRAY[n]`` (at most 30,000
elements). No character LOB (a CLOB becomes a BLOB: bytes), no BIGINT and no boolean in
the releases ddlaudit sizes (decision D50: BIGINT -> DECIMAL(19), bit -> SMALLINT).

Pairs: no vendor guide writes SQL Server, ASE or Teradata to HiRDB: the data type
references of both sides (and decision D50 for what the sizing maps).
"""

from __future__ import annotations

from analyzer.audit.mapping import Entry, TargetSpec
from analyzer.settings import SizingSettings

_R = "HiRDB SQL Reference 1.2 Data types"
_GB2 = 2**31 - 1

ENTRIES: tuple[Entry, ...] = (
    Entry("int", "SMALLINT", lo=-(2**15), hi=2**15 - 1, citation=f"{_R}, SMALLINT"),
    Entry("int", "INTEGER", lo=-(2**31), hi=2**31 - 1, citation=f"{_R}, INTEGER"),
    Entry(
        "decimal",
        "DECIMAL",
        shape="decimal",
        max_precision=38,
        max_scale=38,
        citation=f"{_R}, DECIMAL: precision 1-38",
    ),
    Entry("float", "SMALLFLT", bits=24, citation=f"{_R}, SMALLFLT (REAL)"),
    Entry("float", "FLOAT", bits=53, citation=f"{_R}, FLOAT (DOUBLE PRECISION)"),
    Entry(
        "char",
        "CHAR",
        shape="length",
        max_length=30000,
        repertoire="single",
        fixed=True,
        unit="byte",
        citation=f"{_R}, CHAR: 1-30,000 bytes",
    ),
    Entry(
        "char",
        "VARCHAR",
        shape="length",
        max_length=32000,
        repertoire="single",
        unit="byte",
        citation=f"{_R}, VARCHAR: 1-32,000 bytes",
    ),
    Entry(
        "char",
        "MCHAR",
        shape="length",
        max_length=30000,
        repertoire="multi",
        fixed=True,
        unit="byte",
        citation=f"{_R}, MCHAR: 1-30,000 bytes of mixed characters",
    ),
    Entry(
        "char",
        "MVARCHAR",
        shape="length",
        max_length=32000,
        repertoire="multi",
        unit="byte",
        citation=f"{_R}, MVARCHAR: 1-32,000 bytes of mixed characters",
    ),
    Entry(
        "char",
        "NCHAR",
        shape="length",
        max_length=15000,
        fixed=True,
        unit="utf16",  # national characters: one BMP character each
        citation=f"{_R}, NCHAR: 1-15,000 characters",
    ),
    Entry(
        "char",
        "NVARCHAR",
        shape="length",
        max_length=16000,
        unit="utf16",  # national characters: one BMP character each
        citation=f"{_R}, NVARCHAR: 1-16,000 characters",
    ),
    Entry(
        "binary",
        "BINARY",
        shape="length",
        max_length=_GB2,
        citation=f"{_R}, BINARY: variable-length, 1-2,147,483,647 bytes",
    ),
    Entry(
        "binary",
        "BLOB",
        max_length=_GB2,
        lob=True,
        citation=f"{_R}, BLOB: 1-2,147,483,647 bytes (in a LOB RDAREA)",
    ),
    Entry("date", "DATE", min_year=1, max_year=9999, citation=f"{_R}, DATE"),
    Entry("time", "TIME", max_fraction=0, citation=f"{_R}, TIME: hh:mm:ss"),
    Entry(
        "timestamp",
        "TIMESTAMP",
        shape="fraction",
        max_fraction=6,
        fraction_step=2,
        min_year=1,
        max_year=9999,
        citation=f"{_R}, TIMESTAMP(p): p 0, 2, 4 or 6",
    ),
    Entry(
        "interval",
        "INTERVAL YEAR TO DAY",
        fields="YEAR TO DAY",
        max_lead=4,
        max_fraction=0,
        citation=f"{_R}, INTERVAL YEAR TO DAY: DECIMAL(8) yyyymmdd",
    ),
    Entry(
        "interval",
        "INTERVAL HOUR TO SECOND",
        fields="HOUR TO SECOND",
        max_lead=2,
        max_fraction=0,
        citation=f"{_R}, INTERVAL HOUR TO SECOND: DECIMAL(6) hhmmss",
    ),
    Entry(
        "array",
        "ARRAY",
        shape="template",
        template="{inner} ARRAY[{n}]",
        max_count=30000,
        citation=f"{_R}; 17.1.2(5): repetition columns, at most 30,000 elements",
    ),
)

GUIDES = (
    ("tsql", f"No vendor guide: SQL Server data types; {_R}; decision D50"),
    ("sybase", f"No vendor guide: ASE Building Blocks; {_R}; decision D50"),
    ("teradata", f"No vendor guide: Teradata SQL Data Types and Literals; {_R}; decision D50"),
    ("hirdb", f"Same platform: {_R}"),
)


def spec(sizing: SizingSettings) -> TargetSpec:
    return TargetSpec("hirdb", "HiRDB", "hirdb", "hirdb", "hirdb", ENTRIES, GUIDES, _R)
