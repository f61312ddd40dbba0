"""BigQuery as a target: its types (Google Cloud, BigQuery "Data types"; "Parameterized
data types").

INT64; NUMERIC(P, S) with S <= 9 and P - S <= 29, BIGNUMERIC with S <= 38 and
P - S <= 38; FLOAT64; BOOL; STRING(L) / BYTES(L) (L characters / bytes, optional);
DATE 0001-9999; TIME and DATETIME with microseconds; TIMESTAMP an instant in UTC (the
offset is not kept); INTERVAL; RANGE<DATE | DATETIME | TIMESTAMP>; ARRAY<T> (no NULL
elements in a stored array); JSON; GEOGRAPHY (spherical only).

Pairs: Teradata is compared with Google's "Teradata SQL translation guide", Data types
(analyzer/audit/guides/teradata-bigquery.toml: BYTEINT/SMALLINT/INTEGER/BIGINT -> INT64,
DECIMAL -> NUMERIC when the scale <= 9 else BIGNUMERIC, CHAR/VARCHAR/CLOB -> STRING,
BYTE/VARBYTE/BLOB -> BYTES; the stored copy ends before its TIMESTAMP rows, so ddlaudit's
TIMESTAMP -> DATETIME is its own, from the domains); SQL Server, ASE and HiRDB have no
vendor table quoted.
"""

from __future__ import annotations

from analyzer.audit.mapping import Entry, TargetSpec
from analyzer.settings import SizingSettings

_B = "BigQuery docs, Data types"


ENTRIES: tuple[Entry, ...] = (
    Entry("int", "INT64", lo=-(2**63), hi=2**63 - 1, citation=f"{_B}: INT64"),
    Entry("bool", "BOOL", citation=f"{_B}: BOOL"),
    Entry(
        "decimal",
        "NUMERIC",
        shape="decimal",
        max_precision=38,
        max_scale=9,
        max_int_digits=29,
        citation=f"{_B}: NUMERIC(P, S): 0 <= S <= 9, 1 <= P - S <= 29",
    ),
    Entry(
        "decimal",
        "BIGNUMERIC",
        shape="decimal",
        max_precision=76,
        max_scale=38,
        max_int_digits=38,
        citation=f"{_B}: BIGNUMERIC(P, S): S <= 38, P - S <= 38",
    ),
    Entry(
        "decimal",
        "BIGNUMERIC",
        max_precision=76,
        max_scale=38,
        citation=f"{_B}: BIGNUMERIC, 76.76 digits, scale 38",
    ),
    Entry("float", "FLOAT64", bits=53, citation=f"{_B}: FLOAT64"),
    Entry("char", "STRING", shape="length", citation=f"{_B}: STRING(L), parameterized"),
    Entry("char", "STRING", lob=True, citation=f"{_B}: STRING"),
    Entry("binary", "BYTES", shape="length", citation=f"{_B}: BYTES(L), parameterized"),
    Entry("binary", "BYTES", lob=True, citation=f"{_B}: BYTES"),
    Entry(
        "date", "DATE", citation=f"{_B}: DATE 0001-01-01 to 9999-12-31", min_year=1, max_year=9999
    ),
    Entry("time", "TIME", max_fraction=6, citation=f"{_B}: TIME, microseconds"),
    Entry(
        "timestamp",
        "DATETIME",
        max_fraction=6,
        citation=f"{_B}: DATETIME",
        min_year=1,
        max_year=9999,
    ),
    Entry(
        "timestamp",
        "TIMESTAMP",
        max_fraction=6,
        semantics="instant",
        note="TIMESTAMP is an instant in UTC: the offset is not kept",
        citation=f"{_B}: TIMESTAMP, an absolute point in time (UTC)",
        min_year=1,
        max_year=9999,
    ),
    Entry("interval", "INTERVAL", max_fraction=6, citation=f"{_B}: INTERVAL"),
    Entry(
        "period",
        "RANGE<DATE>",
        inner_kinds=("date",),
        citation=f"{_B}: RANGE<DATE>",
        min_year=1,
        max_year=9999,
    ),
    Entry(
        "period",
        "RANGE<DATETIME>",
        inner_kinds=("timestamp",),
        max_fraction=6,
        citation=f"{_B}: RANGE<DATETIME>",
        min_year=1,
        max_year=9999,
    ),
    Entry(
        "period",
        "RANGE<TIMESTAMP>",
        inner_kinds=("timestamp",),
        max_fraction=6,
        semantics="instant",
        citation=f"{_B}: RANGE<TIMESTAMP>",
        min_year=1,
        max_year=9999,
    ),
    Entry(
        "array",
        "ARRAY",
        shape="template",
        template="ARRAY<{inner}>",
        null_elements=False,
        citation=f"{_B}: ARRAY (an array in a table cannot hold NULL elements)",
    ),
    Entry(
        "json",
        "JSON",
        semantics="normalised",
        note="JSON keeps neither key order nor duplicate keys",
        citation=f"{_B}: JSON",
    ),
    Entry(
        "spatial",
        "GEOGRAPHY",
        semantics="geodesic",
        note="GEOGRAPHY is spherical (WGS84): planar data is reprojected",
        citation=f"{_B}: GEOGRAPHY",
    ),
)

#: The guides write a uuid as a string (36 characters), not bytes.
FALLBACK = (("uuid", ("uuid", "char", "binary")),)

GUIDES = (
    ("teradata", "Google Cloud, Teradata SQL translation guide (BigQuery): data types"),
    ("tsql", "Google Cloud, SQL Server (T-SQL) translation guide (BigQuery): data types"),
    ("sybase", f"No vendor guide: ASE Building Blocks; {_B}"),
    ("hirdb", f"No vendor guide: HiRDB SQL Reference 1.2; {_B}"),
)


def spec(sizing: SizingSettings) -> TargetSpec:
    return TargetSpec("bigquery", "BigQuery", "bigquery", None, None, ENTRIES, GUIDES, _B, FALLBACK)
