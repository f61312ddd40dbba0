"""PostgreSQL as a target: its types (PostgreSQL 16 documentation, Chapter 8 "Data
Types"), with a UTF8 database (decision D79).

smallint / integer / bigint; numeric(p, s) up to 1,000 digits, unconstrained numeric a
floating decimal; real / double precision; boolean; char(n) / varchar(n) up to
10,485,760 characters, text up to 1 GB; bytea up to 1 GB; date 4713 BC - 5874897 AD;
time(p) / timestamp(p) with p 0-6; ``timestamp with time zone`` stores the instant in UTC
and not the offset (8.5.1.3); ``time with time zone`` keeps it; interval of any fields;
daterange / tsrange / tstzrange (8.17, ``[)`` by default, as Teradata PERIOD); arrays of
any element type (declared sizes are not enforced, 8.15.1); uuid; xml; jsonb.

Pairs: SQL Server is compared with AWS DMS Schema Conversion's data type rules and Huawei
Cloud DRS's table (analyzer/audit/guides/tsql-postgres.toml: AWS writes bit as
NUMERIC(1,0), ddlaudit BOOLEAN); ASE, Teradata and HiRDB have no vendor table quoted.
"""

from __future__ import annotations

from analyzer.audit.mapping import Entry, TargetSpec
from analyzer.settings import SizingSettings

_P = "PostgreSQL 16 docs"
_GB = 2**30 - 1


ENTRIES: tuple[Entry, ...] = (
    Entry("int", "SMALLINT", lo=-(2**15), hi=2**15 - 1, citation=f"{_P}, 8.1.1 Integer Types"),
    Entry("int", "INTEGER", lo=-(2**31), hi=2**31 - 1, citation=f"{_P}, 8.1.1 Integer Types"),
    Entry("int", "BIGINT", lo=-(2**63), hi=2**63 - 1, citation=f"{_P}, 8.1.1 Integer Types"),
    Entry("bool", "BOOLEAN", citation=f"{_P}, 8.6 Boolean Type"),
    Entry(
        "decimal",
        "NUMERIC",
        shape="decimal",
        max_precision=1000,
        max_scale=1000,
        citation=f"{_P}, 8.1.2 Arbitrary Precision Numbers: precision up to 1000",
    ),
    Entry(
        "decimal",
        "NUMERIC",
        max_precision=1000,
        floating=True,
        citation=f"{_P}, 8.1.2: numeric without precision stores any scale",
    ),
    Entry("float", "REAL", bits=24, citation=f"{_P}, 8.1.3 Floating-Point Types"),
    Entry("float", "DOUBLE PRECISION", bits=53, citation=f"{_P}, 8.1.3 Floating-Point Types"),
    Entry(
        "char",
        "CHAR",
        shape="length",
        max_length=10485760,
        fixed=True,
        nul=False,
        citation=f"{_P}, 8.3 Character Types: n up to 10,485,760 characters",
    ),
    Entry(
        "char",
        "VARCHAR",
        shape="length",
        max_length=10485760,
        nul=False,
        citation=f"{_P}, 8.3 Character Types: n up to 10,485,760 characters",
    ),
    Entry(
        "char",
        "TEXT",
        max_length=_GB,
        lob=True,
        unit="byte",
        nul=False,
        note="text holds at most 1 GB of UTF-8 and no U+0000 (NUL)",
        citation=f"{_P}, 8.3: the longest string is about 1 GB; NUL cannot be stored",
    ),
    Entry("binary", "BYTEA", max_length=_GB, citation=f"{_P}, 8.4 Binary Data Types (1 GB)"),
    Entry("date", "DATE", min_year=-4713, max_year=5874897, citation=f"{_P}, 8.5 Date/Time Types"),
    Entry("time", "TIME", shape="fraction", max_fraction=6, citation=f"{_P}, 8.5: time(p) 0-6"),
    Entry(
        "time",
        "TIME",
        shape="fraction",
        max_fraction=6,
        tz=True,
        offsets=(-(15 * 60 + 59), 15 * 60 + 59),
        template="TIME({f}) WITH TIME ZONE",
        citation=f"{_P}, 8.5, Table 8.9: time with time zone keeps the offset, "
        "00:00:00+1559 to 24:00:00-1559",
    ),
    Entry(
        "timestamp",
        "TIMESTAMP",
        shape="fraction",
        max_fraction=6,
        citation=f"{_P}, 8.5: timestamp(p) 0-6",
        min_year=-4713,
        max_year=294276,
    ),
    Entry(
        "timestamp",
        "TIMESTAMPTZ",
        shape="fraction",
        max_fraction=6,
        semantics="instant",
        note="timestamptz keeps the instant in UTC, not the offset",
        citation=f"{_P}, 8.5.1.3: timestamp with time zone is stored in UTC",
        min_year=-4713,
        max_year=294276,
    ),
    Entry(
        "interval",
        "INTERVAL",
        max_fraction=6,
        citation=f"{_P}, 8.5: interval, any fields, microseconds",
    ),
    Entry(
        "period",
        "DATERANGE",
        inner_kinds=("date",),
        min_year=-4713,
        max_year=5874897,
        citation=f"{_P}, 8.17 Range Types: daterange, [) bounds",
    ),
    Entry(
        "period",
        "TSRANGE",
        inner_kinds=("timestamp",),
        max_fraction=6,
        citation=f"{_P}, 8.17 Range Types: tsrange",
        min_year=-4713,
        max_year=294276,
    ),
    Entry(
        "period",
        "TSTZRANGE",
        inner_kinds=("timestamp",),
        max_fraction=6,
        semantics="instant",
        citation=f"{_P}, 8.17 Range Types: tstzrange",
        min_year=-4713,
        max_year=294276,
    ),
    Entry(
        "array",
        "ARRAY",
        shape="template",
        template="{inner}[]",
        citation=f"{_P}, 8.15 Arrays (declared sizes are not enforced)",
    ),
    Entry("uuid", "UUID", citation=f"{_P}, 8.12 UUID Type"),
    Entry("xml", "XML", citation=f"{_P}, 8.13 XML Type"),
    Entry(
        "json",
        "JSONB",
        semantics="normalised",
        note="jsonb keeps neither key order nor duplicate keys",
        citation=f"{_P}, 8.14 JSON Types: jsonb does not preserve the order of object keys "
        "and does not keep duplicate object keys",
    ),
)

GUIDES = (
    (
        "tsql",
        "AWS DMS Schema Conversion, SQL Server data type rules; Huawei Cloud DRS, SQL Server "
        "to PostgreSQL (analyzer/audit/guides/tsql-postgres.toml)",
    ),
    ("sybase", f"No vendor guide: ASE Reference Manual: Building Blocks; {_P}, Chapter 8"),
    ("teradata", f"No vendor guide: Teradata SQL Data Types and Literals; {_P}, Chapter 8"),
    ("hirdb", f"No vendor guide: HiRDB SQL Reference 1.2; {_P}, Chapter 8"),
)


def spec(sizing: SizingSettings) -> TargetSpec:
    return TargetSpec(
        "postgres", "PostgreSQL", "postgres", None, None, ENTRIES, GUIDES, f"{_P}, Chapter 8"
    )
