"""Snowflake as a target: its types (Snowflake docs, "Summary of data types").

Every integer type is NUMBER(38,0); NUMBER(p, s) p up to 38, s up to 37; FLOAT is a
double; VARCHAR up to 16,777,216 characters (16 MB; CHAR is VARCHAR without blank
padding); BINARY up to 8,388,608 bytes; DATE; TIME(9); TIMESTAMP_NTZ(9) and
TIMESTAMP_TZ(9) (keeps the offset); VARIANT, ARRAY (of VARIANT) and OBJECT; GEOGRAPHY /
GEOMETRY. No interval column type and no period.

Pairs: Teradata and SQL Server are compared with SnowConvert's data type references
(analyzer/audit/guides/teradata-snowflake.toml, tsql-snowflake.toml: NUMBER -> NUMBER(38,
18), INTERVAL -> VARCHAR(20), PERIOD(DATE) -> VARCHAR(24), JSON -> VARIANT; money ->
NUMBER(38, 4), where ddlaudit writes the narrower NUMBER(19, 4)); ASE and HiRDB have no
vendor table quoted.
"""

from __future__ import annotations

from analyzer.audit.mapping import Entry, TargetSpec
from analyzer.settings import SizingSettings

_S = "Snowflake docs, Summary of data types"
_MB16 = 16777216

ENTRIES: tuple[Entry, ...] = (
    Entry(
        "int",
        "INTEGER",
        lo=-(10**38 - 1),
        hi=10**38 - 1,
        citation=f"{_S}: INT, INTEGER, BIGINT, ... are synonymous with NUMBER(38, 0)",
    ),
    Entry("bool", "BOOLEAN", citation=f"{_S}: BOOLEAN"),
    Entry(
        "decimal",
        "NUMBER",
        shape="decimal",
        max_precision=38,
        max_scale=37,
        citation=f"{_S}: NUMBER(p, s), p 1-38, s 0-37",
    ),
    Entry("float", "FLOAT", bits=53, citation=f"{_S}: FLOAT is 64-bit double"),
    Entry(
        "char",
        "VARCHAR",
        shape="length",
        max_length=_MB16,
        note="VARCHAR lengths are characters, at most 16 MB of UTF-8",
        citation=f"{_S}: VARCHAR up to 16,777,216 characters",
    ),
    Entry("char", "VARCHAR", max_length=_MB16, lob=True, citation=f"{_S}: VARCHAR (16 MB)"),
    Entry(
        "binary",
        "BINARY",
        shape="length",
        max_length=8388608,
        citation=f"{_S}: BINARY up to 8,388,608 bytes",
    ),
    Entry("binary", "BINARY", max_length=8388608, lob=True, citation=f"{_S}: BINARY (8 MB)"),
    Entry("date", "DATE", min_year=1, max_year=9999, citation=f"{_S}: DATE"),
    Entry("time", "TIME", shape="fraction", max_fraction=9, citation=f"{_S}: TIME(0-9)"),
    Entry(
        "timestamp",
        "TIMESTAMP_NTZ",
        shape="fraction",
        max_fraction=9,
        min_year=1,
        max_year=9999,
        citation=f"{_S}: TIMESTAMP_NTZ(0-9)",
    ),
    Entry(
        "timestamp",
        "TIMESTAMP_TZ",
        shape="fraction",
        max_fraction=9,
        tz=True,
        min_year=1,
        max_year=9999,
        citation=f"{_S}: TIMESTAMP_TZ keeps the time zone offset",
    ),
    Entry(
        "array",
        "ARRAY",
        null_elements=True,
        citation=f"{_S}: ARRAY (semi-structured: elements are VARIANT)",
    ),
    Entry(
        "variant",
        "VARIANT",
        semantics="normalised",
        note="a VARIANT object keeps neither key order nor duplicate keys",
        citation=f"{_S}: VARIANT (holds JSON: PARSE_JSON); SnowConvert for Teradata: "
        "elements inside a JSON are ordered by their keys when inserted in a table",
    ),
    Entry("spatial", "GEOMETRY", semantics="planar", citation=f"{_S}: GEOMETRY (planar)"),
    Entry(
        "spatial",
        "GEOGRAPHY",
        semantics="geodesic",
        citation=f"{_S}: GEOGRAPHY (WGS 84, spherical)",
    ),
)

#: The guides write a uuid as a string (36 characters), not bytes, and JSON as VARIANT.
FALLBACK = (("uuid", ("uuid", "char", "binary")), ("json", ("variant", "char")))

GUIDES = (
    (
        "teradata",
        "Snowflake, Teradata to Snowflake migration guide; SnowConvert for Teradata: data types",
    ),
    ("tsql", "Snowflake SnowConvert for SQL Server: data types"),
    ("sybase", f"No vendor guide: ASE Building Blocks; {_S}"),
    ("hirdb", f"No vendor guide: HiRDB SQL Reference 1.2; {_S}"),
)


def spec(sizing: SizingSettings) -> TargetSpec:
    return TargetSpec(
        "snowflake", "Snowflake", "snowflake", None, None, ENTRIES, GUIDES, _S, FALLBACK
    )
