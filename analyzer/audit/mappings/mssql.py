"""SQL Server as a target: its types (SQL Server docs, "Data types (Transact-SQL)").

Pairs: Sybase ASE follows Microsoft's SSMA for SAP ASE (SybaseToSQL) default type
mapping ("Mapping SAP ASE data types", Project Settings (Type Mapping)); Teradata follows
Microsoft's "Teradata to Azure Synapse / SQL migration: data types" guide (PERIOD and
INTERVAL are not supported; use two columns or DATEDIFF); HiRDB has no vendor guide and
follows the data type references of both sides.
"""

from __future__ import annotations

from analyzer.audit.mapping import Entry, TargetSpec
from analyzer.settings import SizingSettings

_D = "SQL Server docs"
_GB2 = 2**31 - 1

ENTRIES: tuple[Entry, ...] = (
    Entry("int", "TINYINT", lo=0, hi=255, citation=f"{_D}, int, bigint, smallint, and tinyint"),
    Entry("int", "SMALLINT", lo=-(2**15), hi=2**15 - 1, citation=f"{_D}, int family"),
    Entry("int", "INT", lo=-(2**31), hi=2**31 - 1, citation=f"{_D}, int family"),
    Entry("int", "BIGINT", lo=-(2**63), hi=2**63 - 1, citation=f"{_D}, int family"),
    Entry("bool", "BIT", citation=f"{_D}, bit: 1, 0 or NULL"),
    Entry(
        "decimal",
        "SMALLMONEY",
        max_precision=10,
        max_scale=4,
        hi=214748,
        semantics="money",
        citation=f"{_D}, money and smallmoney: -214,748.3648 to 214,748.3647",
    ),
    Entry(
        "decimal",
        "MONEY",
        max_precision=19,
        max_scale=4,
        hi=922337203685477,
        semantics="money",
        citation=f"{_D}, money: -922,337,203,685,477.5808 to 922,337,203,685,477.5807",
    ),
    Entry(
        "decimal",
        "DECIMAL",
        shape="decimal",
        max_precision=38,
        max_scale=38,
        citation=f"{_D}, decimal and numeric: precision 1-38",
    ),
    Entry("float", "REAL", bits=24, citation=f"{_D}, float and real: real is float(24)"),
    Entry("float", "FLOAT", bits=53, citation=f"{_D}, float and real: float(53) default"),
    Entry(
        "char",
        "CHAR",
        shape="length",
        max_length=8000,
        repertoire="single",
        fixed=True,
        unit="byte",
        citation=f"{_D}, char and varchar: n 1-8,000 bytes",
    ),
    Entry(
        "char",
        "VARCHAR",
        shape="length",
        max_length=8000,
        repertoire="single",
        unit="byte",
        citation=f"{_D}, char and varchar: n 1-8,000 bytes",
    ),
    Entry(
        "char",
        "NCHAR",
        shape="length",
        max_length=4000,
        fixed=True,
        unit="utf16",
        citation=f"{_D}, nchar and nvarchar: n 1-4,000 byte-pairs",
    ),
    Entry(
        "char",
        "NVARCHAR",
        shape="length",
        max_length=4000,
        unit="utf16",
        citation=f"{_D}, nchar and nvarchar: n 1-4,000 byte-pairs",
    ),
    Entry(
        "char",
        "VARCHAR",
        shape="max",
        max_length=_GB2,
        repertoire="single",
        lob=True,
        unit="byte",
        citation=f"{_D}, char and varchar: max is 2^31-1 bytes",
    ),
    Entry(
        "char",
        "NVARCHAR",
        shape="max",
        max_length=2**30 - 1,
        lob=True,
        unit="utf16",
        citation=f"{_D}, nchar and nvarchar: max is 2^30-1 byte-pairs",
    ),
    Entry(
        "binary",
        "BINARY",
        shape="length",
        max_length=8000,
        fixed=True,
        citation=f"{_D}, binary and varbinary: n 1-8,000",
    ),
    Entry(
        "binary",
        "VARBINARY",
        shape="length",
        max_length=8000,
        citation=f"{_D}, binary and varbinary: n 1-8,000",
    ),
    Entry(
        "binary",
        "VARBINARY",
        shape="max",
        max_length=_GB2,
        lob=True,
        citation=f"{_D}, binary and varbinary: max is 2^31-1 bytes",
    ),
    Entry(
        "date",
        "DATE",
        min_year=1,
        max_year=9999,
        citation=f"{_D}, date: 0001-01-01 through 9999-12-31",
    ),
    Entry(
        "time",
        "TIME",
        shape="fraction",
        max_fraction=7,
        citation=f"{_D}, time: fractional seconds scale 0-7 (100 ns)",
    ),
    Entry(
        "timestamp",
        "SMALLDATETIME",
        max_fraction=0,
        min_year=1900,
        max_year=2079,
        citation=f"{_D}, smalldatetime: 1900-01-01 through 2079-06-06, to the minute",
    ),
    Entry(
        "timestamp",
        "DATETIME",
        max_fraction=3,
        min_year=1753,
        max_year=9999,
        citation=f"{_D}, datetime: 1753-9999, rounded to .000, .003 or .007 s",
    ),
    Entry(
        "timestamp",
        "DATETIME2",
        shape="fraction",
        max_fraction=7,
        min_year=1,
        max_year=9999,
        citation=f"{_D}, datetime2: 0001-9999, scale 0-7",
    ),
    Entry(
        "timestamp",
        "DATETIMEOFFSET",
        shape="fraction",
        max_fraction=7,
        tz=True,
        offsets=(-14 * 60, 14 * 60),
        min_year=1,
        max_year=9999,
        citation=f"{_D}, datetimeoffset: datetime2 with a time zone offset -14:00 to +14:00",
    ),
    Entry("uuid", "UNIQUEIDENTIFIER", citation=f"{_D}, uniqueidentifier: a 16-byte GUID"),
    Entry(
        "rowversion",
        "ROWVERSION",
        citation=f"{_D}, rowversion: automatically generated binary numbers",
    ),
    Entry("xml", "XML", citation=f"{_D}, xml (Transact-SQL)"),
    Entry(
        "spatial",
        "GEOMETRY",
        semantics="planar",
        citation=f"{_D}, Spatial Data: geometry (planar, flat-earth)",
    ),
    Entry(
        "spatial",
        "GEOGRAPHY",
        semantics="geodesic",
        citation=f"{_D}, Spatial Data: geography (ellipsoidal, round-earth)",
    ),
    Entry("variant", "SQL_VARIANT", semantics="sql_variant", citation=f"{_D}, sql_variant"),
    Entry("hierarchy", "HIERARCHYID", citation=f"{_D}, hierarchyid"),
)

GUIDES = (
    (
        "sybase",
        "Microsoft SQL Server Migration Assistant for SAP ASE (SybaseToSQL): Project "
        "Settings (Type Mapping), default data type mapping",
    ),
    (
        "teradata",
        "Microsoft, Azure Synapse Analytics migration guide for Teradata: Data type "
        "mapping (PERIOD and INTERVAL not supported)",
    ),
    ("hirdb", "No vendor guide: HiRDB SQL Reference 1.2 Data types; SQL Server data types"),
    ("tsql", "Same platform: SQL Server data types"),
)


def spec(sizing: SizingSettings) -> TargetSpec:
    return TargetSpec(
        "mssql",
        "SQL Server",
        "tsql",
        "tsql",
        "mssql",
        ENTRIES,
        GUIDES,
        "SQL Server docs, Data types (Transact-SQL)",
    )
