"""The audit's type mappings: the migration guides' statements per source/target pair,
properties of the classes (hypothesis), exact mappings round-tripping, limits, complexity
and the ``[audit]`` config table."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grammars
from analyzer.audit import TARGETS
from analyzer.audit.domains import Domain, losses
from analyzer.audit.engine import audit, complexity, document
from analyzer.audit.mapping import Mapped, map_column
from analyzer.audit.mappings import spec
from analyzer.config import ConfigError, audit_from_mapping, from_mapping
from analyzer.core import Options, analyze_bytes
from analyzer.ir import Column
from analyzer.settings import SizingSettings
from analyzer.types import read_type

# The pairs of EXPECTED below. These rows are ddlaudit's own decisions, derived from the
# two data type references (the domains), not statements of any migration guide: the
# guides' rows are quoted in analyzer/audit/guides/*.toml and compared in
# tests/test_audit_guides.py.
SSMA = "ASE -> SQL Server"
SCT = "SQL Server -> PostgreSQL"
GBQ = "Teradata -> BigQuery"
SNOW = "Teradata / SQL Server -> Snowflake"
SYN = "Teradata -> SQL Server"


def mapped(
    dialect: str, declared: str, target: str, charset: str | None = None, **kw: object
) -> Mapped:
    dt = read_type(declared, grammars.get(dialect).type_families)
    collation = kw.get("collation")
    case = kw.get("case_specific")
    column = Column(
        "c",
        1,
        dt,
        bool(kw.get("nullable", True)),
        True,
        character_set=charset,
        collation=collation if isinstance(collation, str) else None,
        case_specific=case if isinstance(case, bool) else None,
    )
    return map_column(column, dialect, spec(target))


#: A binary (code point) ordering on each source platform, for the tests of lengths and
#: repertoires that are not about ordering: SQL Server's BIN2, Teradata CASESPECIFIC
#: (ASE and HiRDB sort binary by default).
BINARY: dict[str, dict[str, object]] = {
    "tsql": {"collation": "Latin1_General_100_BIN2"},
    "teradata": {"case_specific": True},
}


#: (pair, source dialect, declared type, target, target type, class, losses): what ddlaudit
#: decides from the domains (docs/audit.md, "How a mapping class is decided").
EXPECTED: list[tuple[str, str, str, str, str | None, str, tuple[str, ...]]] = [
    # ASE -> SQL Server
    (SSMA, "sybase", "bigdatetime", "mssql", "DATETIME2(6)", "exact", ()),
    (SSMA, "sybase", "bigtime", "mssql", "TIME(6)", "exact", ()),
    (SSMA, "sybase", "unichar(10)", "mssql", "NCHAR(10)", "exact", ()),
    (SSMA, "sybase", "univarchar(40)", "mssql", "NVARCHAR(40)", "exact", ()),
    (SSMA, "sybase", "unitext", "mssql", "NVARCHAR(MAX)", "widened", ()),
    (SSMA, "sybase", "text", "mssql", "VARCHAR(MAX)", "widened", ()),
    (SSMA, "sybase", "image", "mssql", "VARBINARY(MAX)", "exact", ()),
    (SSMA, "sybase", "timestamp", "mssql", "ROWVERSION", "exact", ()),
    (SSMA, "sybase", "unsigned tinyint", "mssql", "TINYINT", "exact", ()),
    (SSMA, "sybase", "unsigned smallint", "mssql", "INT", "widened", ()),
    (SSMA, "sybase", "unsigned int", "mssql", "BIGINT", "widened", ()),
    (SSMA, "sybase", "unsigned bigint", "mssql", "DECIMAL(20)", "widened", ()),
    (SSMA, "sybase", "money", "mssql", "MONEY", "exact", ()),
    (SSMA, "sybase", "smallmoney", "mssql", "SMALLMONEY", "exact", ()),
    (SSMA, "sybase", "datetime", "mssql", "DATETIME", "exact", ()),
    (SSMA, "sybase", "smalldatetime", "mssql", "SMALLDATETIME", "exact", ()),
    (SSMA, "sybase", "date", "mssql", "DATE", "exact", ()),
    (SSMA, "sybase", "time", "mssql", "TIME(3)", "exact", ()),
    (SSMA, "sybase", "tinyint", "mssql", "TINYINT", "exact", ()),
    (SSMA, "sybase", "numeric(18,4)", "mssql", "DECIMAL(18, 4)", "exact", ()),
    (SSMA, "sybase", "real", "mssql", "REAL", "exact", ()),
    (SSMA, "sybase", "double precision", "mssql", "FLOAT", "exact", ()),
    (SSMA, "sybase", "varchar(100)", "mssql", "VARCHAR(100)", "exact", ()),
    (SSMA, "sybase", "binary(8)", "mssql", "BINARY(8)", "exact", ()),
    (SSMA, "sybase", "nvarchar(10)", "mssql", "NVARCHAR(10)", "widened", ()),
    # SQL Server -> PostgreSQL: PostgreSQL's character types hold no U+0000 (8.3); text
    # at most 1 GB (3 bytes of UTF-8 per UTF-16 unit of nvarchar(max))
    (SCT, "tsql", "tinyint", "postgres", "SMALLINT", "widened", ()),
    (SCT, "tsql", "smallint", "postgres", "SMALLINT", "exact", ()),
    (SCT, "tsql", "int", "postgres", "INTEGER", "exact", ()),
    (SCT, "tsql", "bigint", "postgres", "BIGINT", "exact", ()),
    (SCT, "tsql", "bit", "postgres", "BOOLEAN", "exact", ()),
    (SCT, "tsql", "money", "postgres", "NUMERIC(19, 4)", "widened", ()),
    (SCT, "tsql", "smallmoney", "postgres", "NUMERIC(10, 4)", "widened", ()),
    (SCT, "tsql", "decimal(18,2)", "postgres", "NUMERIC(18, 2)", "exact", ()),
    (SCT, "tsql", "float", "postgres", "DOUBLE PRECISION", "exact", ()),
    (SCT, "tsql", "real", "postgres", "REAL", "exact", ()),
    (SCT, "tsql", "datetime", "postgres", "TIMESTAMP(3)", "widened", ()),
    (SCT, "tsql", "smalldatetime", "postgres", "TIMESTAMP(0)", "widened", ()),
    (SCT, "tsql", "datetime2(7)", "postgres", "TIMESTAMP(6)", "lossy", ("fraction",)),
    (SCT, "tsql", "datetime2(3)", "postgres", "TIMESTAMP(3)", "widened", ()),
    (
        SCT,
        "tsql",
        "datetimeoffset(7)",
        "postgres",
        "TIMESTAMPTZ(6)",
        "lossy",
        ("fraction", "time zone"),
    ),
    (SCT, "tsql", "datetimeoffset(3)", "postgres", "TIMESTAMPTZ(3)", "lossy", ("time zone",)),
    (SCT, "tsql", "date", "postgres", "DATE", "widened", ()),
    (SCT, "tsql", "time(7)", "postgres", "TIME(6)", "lossy", ("fraction",)),
    (SCT, "tsql", "uniqueidentifier", "postgres", "UUID", "exact", ()),
    (SCT, "tsql", "varbinary(100)", "postgres", "BYTEA", "widened", ()),
    (SCT, "tsql", "nvarchar(max)", "postgres", "TEXT", "lossy", ("U+0000", "length")),
    (SCT, "tsql", "ntext", "postgres", "TEXT", "lossy", ("U+0000", "length")),
    (SCT, "tsql", "xml", "postgres", "XML", "exact", ()),
    (SCT, "tsql", "rowversion", "postgres", "BYTEA", "lossy", ("row versioning",)),
    (SCT, "tsql", "sql_variant", "postgres", None, "unsupported", ("type",)),
    (SCT, "tsql", "hierarchyid", "postgres", None, "unsupported", ("type",)),
    (SCT, "tsql", "nchar(10)", "postgres", "CHAR(10)", "lossy", ("U+0000",)),
    (SCT, "tsql", "nvarchar(50)", "postgres", "VARCHAR(50)", "lossy", ("U+0000",)),
    (SCT, "tsql", "varchar(50)", "postgres", "VARCHAR(50)", "lossy", ("U+0000",)),
    # Teradata -> BigQuery
    (GBQ, "teradata", "BYTEINT", "bigquery", "INT64", "widened", ()),
    (GBQ, "teradata", "SMALLINT", "bigquery", "INT64", "widened", ()),
    (GBQ, "teradata", "INTEGER", "bigquery", "INT64", "widened", ()),
    (GBQ, "teradata", "BIGINT", "bigquery", "INT64", "exact", ()),
    (GBQ, "teradata", "DECIMAL(10,2)", "bigquery", "NUMERIC(10, 2)", "exact", ()),
    (GBQ, "teradata", "DECIMAL(38,10)", "bigquery", "BIGNUMERIC(38, 10)", "exact", ()),
    (GBQ, "teradata", "DECIMAL(38,0)", "bigquery", "BIGNUMERIC(38)", "exact", ()),
    (GBQ, "teradata", "FLOAT", "bigquery", "FLOAT64", "exact", ()),
    (GBQ, "teradata", "VARCHAR(100)", "bigquery", "STRING(100)", "lossy", ("binary ordering",)),
    (GBQ, "teradata", "CHAR(10)", "bigquery", "STRING(10)", "lossy", ("binary ordering",)),
    (GBQ, "teradata", "CLOB", "bigquery", "STRING", "widened", ()),
    (GBQ, "teradata", "VARBYTE(100)", "bigquery", "BYTES(100)", "exact", ()),
    (GBQ, "teradata", "BYTE(16)", "bigquery", "BYTES(16)", "widened", ()),
    (GBQ, "teradata", "BLOB", "bigquery", "BYTES", "widened", ()),
    (GBQ, "teradata", "DATE", "bigquery", "DATE", "exact", ()),
    (GBQ, "teradata", "TIME(6)", "bigquery", "TIME", "lossy", ("leap seconds",)),
    (GBQ, "teradata", "TIMESTAMP(6)", "bigquery", "DATETIME", "lossy", ("leap seconds",)),
    (
        GBQ,
        "teradata",
        "TIMESTAMP(6) WITH TIME ZONE",
        "bigquery",
        "TIMESTAMP",
        "lossy",
        ("leap seconds", "time zone"),
    ),
    (
        GBQ,
        "teradata",
        "TIME(6) WITH TIME ZONE",
        "bigquery",
        "TIME",
        "lossy",
        ("leap seconds", "time zone"),
    ),
    (GBQ, "teradata", "INTERVAL DAY(2) TO SECOND(6)", "bigquery", "INTERVAL", "widened", ()),
    (GBQ, "teradata", "PERIOD(DATE)", "bigquery", "RANGE<DATE>", "exact", ()),
    (GBQ, "teradata", "JSON", "bigquery", "JSON", "lossy", ("key order", "duplicate keys")),
    # Teradata and SQL Server -> Snowflake
    (SNOW, "teradata", "BYTEINT", "snowflake", "INTEGER", "widened", ()),
    (SNOW, "teradata", "DECIMAL(18,2)", "snowflake", "NUMBER(18, 2)", "exact", ()),
    (SNOW, "teradata", "TIMESTAMP(6)", "snowflake", "TIMESTAMP_NTZ(6)", "lossy", ("leap seconds",)),
    (
        SNOW,
        "teradata",
        "TIMESTAMP(6) WITH TIME ZONE",
        "snowflake",
        "TIMESTAMP_TZ(6)",
        "lossy",
        ("leap seconds",),
    ),
    (SNOW, "teradata", "INTERVAL DAY(2)", "snowflake", "VARCHAR(3)", "lossy", ("typing",)),
    (SNOW, "teradata", "PERIOD(DATE)", "snowflake", "VARCHAR(24)", "lossy", ("typing",)),
    (SNOW, "teradata", "CLOB", "snowflake", "VARCHAR", "lossy", ("length",)),
    (SNOW, "teradata", "BLOB", "snowflake", "BINARY", "lossy", ("length",)),
    (SNOW, "teradata", "JSON", "snowflake", "VARIANT", "lossy", ("key order", "duplicate keys")),
    (SNOW, "tsql", "uniqueidentifier", "snowflake", "VARCHAR(36)", "widened", ()),
    (SNOW, "tsql", "datetimeoffset(7)", "snowflake", "TIMESTAMP_TZ(7)", "exact", ()),
    (SNOW, "tsql", "money", "snowflake", "NUMBER(19, 4)", "widened", ()),
    (SNOW, "tsql", "bit", "snowflake", "BOOLEAN", "exact", ()),
    # Teradata -> SQL Server: an unconstrained NUMBER stays decimal (D156)
    (SYN, "teradata", "BYTEINT", "mssql", "SMALLINT", "widened", ()),
    (SYN, "teradata", "PERIOD(DATE)", "mssql", "VARCHAR(24)", "lossy", ("typing",)),
    (SYN, "teradata", "INTERVAL YEAR(2) TO MONTH", "mssql", "VARCHAR(6)", "lossy", ("typing",)),
    (
        SYN,
        "teradata",
        "TIMESTAMP(6) WITH TIME ZONE",
        "mssql",
        "DATETIMEOFFSET(6)",
        "lossy",
        ("leap seconds",),
    ),
    (SYN, "teradata", "TIMESTAMP(6)", "mssql", "DATETIME2(6)", "lossy", ("leap seconds",)),
    (SYN, "teradata", "VARCHAR(100)", "mssql", "VARCHAR(100)", "lossy", ("binary ordering",)),
    (SYN, "teradata", "NUMBER", "mssql", "DECIMAL(38, 18)", "lossy", ("range", "precision")),
    (SYN, "teradata", "NUMBER(*,2)", "mssql", "DECIMAL(38, 2)", "exact", ()),
    (SYN, "teradata", "BYTE(10)", "mssql", "BINARY(10)", "exact", ()),
    (SYN, "teradata", "XML", "mssql", "XML", "exact", ()),
    (SYN, "teradata", "JSON", "mssql", "NVARCHAR(MAX)", "lossy", ("typing",)),
    # HiRDB (no vendor guide: both data type references)
    (
        "HiRDB SQL Reference",
        "hirdb",
        "MVARCHAR(100)",
        "postgres",
        "VARCHAR(100)",
        "lossy",
        ("U+0000",),
    ),
    ("HiRDB SQL Reference", "hirdb", "NCHAR(10)", "postgres", "CHAR(10)", "lossy", ("U+0000",)),
    ("HiRDB SQL Reference", "hirdb", "SMALLINT ARRAY[10]", "postgres", "SMALLINT[]", "widened", ()),
    (
        "HiRDB SQL Reference",
        "hirdb",
        "SMALLINT ARRAY[10]",
        "bigquery",
        "ARRAY<INT64>",
        "lossy",
        ("null elements",),
    ),
    ("HiRDB SQL Reference", "hirdb", "SMALLINT ARRAY[10]", "mssql", None, "unsupported", ("type",)),
    ("HiRDB SQL Reference", "hirdb", "INTERVAL YEAR TO DAY", "postgres", "INTERVAL", "widened", ()),
    ("HiRDB SQL Reference", "hirdb", "DECIMAL(15,2)", "postgres", "NUMERIC(15, 2)", "exact", ()),
    ("HiRDB SQL Reference", "hirdb", "SMALLFLT", "postgres", "REAL", "exact", ()),
    ("HiRDB SQL Reference", "hirdb", "MCHAR(10)", "mssql", "NCHAR(10)", "widened", ()),
    ("HiRDB SQL Reference", "hirdb", "BLOB(1M)", "mssql", "VARBINARY(MAX)", "widened", ()),
    # To HiRDB: decision D50 (BIGINT -> DECIMAL(19), bit -> SMALLINT), Table 1-2 lengths
    ("D50", "tsql", "bigint", "hirdb", "DECIMAL(19)", "widened", ()),
    ("D50", "tsql", "bit", "hirdb", "SMALLINT", "widened", ()),
    ("D50", "tsql", "nvarchar(max)", "hirdb", "BLOB", "lossy", ("typing",)),
    ("D50", "tsql", "datetime", "hirdb", "TIMESTAMP(4)", "widened", ()),
    ("D50", "sybase", "time", "hirdb", "TIME", "lossy", ("fraction",)),
    # To Teradata (D18: BYTE(16) for uuid) and to ASE (D45)
    ("D18", "tsql", "uniqueidentifier", "teradata", "BYTE(16)", "widened", ()),
    ("D18", "tsql", "nvarchar(50)", "teradata", "VARCHAR(50)", "lossy", ("linguistic ordering",)),
    (
        "D18",
        "tsql",
        "datetimeoffset(7)",
        "teradata",
        "TIMESTAMP(6) WITH TIME ZONE",
        "lossy",
        ("fraction", "offset range"),
    ),
    (
        "D45",
        "tsql",
        "nvarchar(40)",
        "ase",
        "UNIVARCHAR(40)",
        "lossy",
        ("case-insensitive ordering and comparison", "linguistic ordering"),
    ),
    ("D45", "tsql", "uniqueidentifier", "ase", "BINARY(16)", "widened", ()),
    ("D45", "tsql", "datetimeoffset(7)", "ase", "BIGDATETIME", "lossy", ("fraction", "time zone")),
    ("D45", "tsql", "varchar(5000)", "ase", "TEXT", "lossy", ("comparison and ordering",)),
    ("D45", "tsql", "xml", "ase", "UNITEXT", "lossy", ("typing",)),
]


@pytest.mark.parametrize(
    ("guide", "dialect", "declared", "target", "expected", "mapping", "lost"),
    EXPECTED,
    ids=[f"{g[1]}:{g[2]}->{g[3]}" for g in EXPECTED],
)
def test_expected_mappings(
    guide: str,
    dialect: str,
    declared: str,
    target: str,
    expected: str | None,
    mapping: str,
    lost: tuple[str, ...],
) -> None:
    m = mapped(dialect, declared, target)
    assert (m.target.text if m.target else None, m.mapping, m.loses) == (expected, mapping, lost), (
        guide
    )


def test_unicode_character_set_on_teradata() -> None:
    m = mapped("teradata", "VARCHAR(100)", "mssql", charset="UNICODE", case_specific=True)
    assert (m.target and m.target.text, m.mapping) == ("NVARCHAR(100)", "exact")
    m = mapped("tsql", "nvarchar(100)", "teradata")
    assert m.target is not None and m.target.charset == "UNICODE"


def test_ase_bit_cannot_hold_null() -> None:
    nullable = mapped("tsql", "bit", "ase", nullable=True)
    not_null = mapped("tsql", "bit", "ase", nullable=False)
    assert (nullable.target and nullable.target.text, nullable.mapping) == ("TINYINT", "widened")
    assert (not_null.target and not_null.target.text, not_null.mapping) == ("BIT", "exact")


def test_ase_column_limit_follows_page_size() -> None:
    dt = read_type("varchar(4000)", grammars.get("tsql").type_families)
    column = Column("c", 1, dt, True, True)
    small = map_column(column, "tsql", spec("ase"))
    sizing = SizingSettings()
    big = replace(sizing, ase=replace(sizing.ase, page_size=8192))
    large = map_column(column, "tsql", spec("ase", big))
    assert small.target is not None and small.target.text == "TEXT"
    assert large.target is not None and large.target.text == "VARCHAR(4000)"


# ------------------------------------------------------------------ properties

_TYPES = {
    "tsql": st.one_of(
        st.sampled_from(
            [
                "tinyint",
                "smallint",
                "int",
                "bigint",
                "bit",
                "money",
                "smallmoney",
                "float",
                "real",
                "date",
                "datetime",
                "smalldatetime",
                "uniqueidentifier",
                "text",
                "ntext",
                "image",
                "xml",
                "nvarchar(max)",
                "varchar(max)",
                "varbinary(max)",
                "rowversion",
            ]
        ),
        st.builds(lambda p, s: f"decimal({p},{min(s, p)})", st.integers(1, 38), st.integers(0, 38)),
        st.builds("varchar({})".format, st.integers(1, 8000)),
        st.builds("nchar({})".format, st.integers(1, 4000)),
        st.builds("varbinary({})".format, st.integers(1, 8000)),
        st.builds("datetime2({})".format, st.integers(0, 7)),
        st.builds("datetimeoffset({})".format, st.integers(0, 7)),
        st.builds("time({})".format, st.integers(0, 7)),
    ),
    "sybase": st.one_of(
        st.sampled_from(
            [
                "unsigned int",
                "unsigned bigint",
                "unsigned smallint",
                "bigdatetime",
                "bigtime",
                "time",
                "unitext",
                "text",
                "image",
                "timestamp",
                "money",
                "bit",
            ]
        ),
        # 2K pages (the default): a column holds at most 1,948 bytes, 974 UTF-16 characters
        st.builds("univarchar({})".format, st.integers(1, 974)),
        st.builds("numeric({})".format, st.integers(1, 38)),
    ),
    "teradata": st.one_of(
        st.sampled_from(
            [
                "BYTEINT",
                "INTEGER",
                "NUMBER",
                "FLOAT",
                "DATE",
                "CLOB",
                "BLOB",
                "JSON",
                "PERIOD(DATE)",
                "PERIOD(TIMESTAMP(6))",
                "INTERVAL DAY(4) TO SECOND(6)",
                "INTERVAL YEAR(2) TO MONTH",
                "TIME(6) WITH TIME ZONE",
            ]
        ),
        st.builds("VARCHAR({})".format, st.integers(1, 64000)),
        st.builds("VARBYTE({})".format, st.integers(1, 64000)),
        st.builds("TIMESTAMP({})".format, st.integers(0, 6)),
        st.builds("TIMESTAMP({}) WITH TIME ZONE".format, st.integers(0, 6)),
        st.builds(lambda p, s: f"DECIMAL({p},{min(s, p)})", st.integers(1, 38), st.integers(0, 38)),
    ),
    "hirdb": st.one_of(
        st.sampled_from(
            [
                "SMALLFLT",
                "INTEGER",
                "DATE",
                "TIME",
                "BLOB(1M)",
                "INTERVAL YEAR TO DAY",
                "INTERVAL HOUR TO SECOND",
            ]
        ),
        st.builds("MVARCHAR({})".format, st.integers(1, 32000)),
        st.builds("NVARCHAR({})".format, st.integers(1, 16000)),
        st.builds("SMALLINT ARRAY[{}]".format, st.integers(1, 30000)),
        st.builds("TIMESTAMP({})".format, st.sampled_from([0, 2, 4, 6])),
    ),
}

_CASES = st.one_of(*(st.tuples(st.just(d), s, st.sampled_from(TARGETS)) for d, s in _TYPES.items()))


def _check_fits(src: Domain, dst: Domain) -> None:
    """What "every value fits" means, checked field by field (not through ``losses``)."""
    if src.kind == "int" and dst.kind == "int":
        assert dst.lo <= src.lo and src.hi <= dst.hi  # type: ignore[operator]
    if src.kind == dst.kind == "decimal" and not dst.floating:
        assert (dst.scale or 0) >= (src.scale or 0)
        assert (dst.precision or 0) - (dst.scale or 0) >= (src.precision or 0) - (src.scale or 0)
    if src.kind == dst.kind and src.kind in ("char", "binary") and dst.length is not None:
        assert src.length is not None and dst.length >= src.length
    if src.kind == dst.kind and src.kind in ("time", "timestamp"):
        assert (dst.fraction or 0) >= (src.fraction or 0)
        assert dst.tz or not src.tz
    if src.kind == dst.kind == "float":
        assert (dst.bits or 0) >= (src.bits or 0)


@settings(max_examples=300, deadline=None)
@given(_CASES)
def test_classes_hold(case: tuple[str, str, str]) -> None:
    dialect, declared, target = case
    m = mapped(dialect, declared, target)
    assert m.mapping in ("exact", "widened", "lossy", "unsupported")
    if m.mapping == "unsupported":
        assert m.loses
        return
    assert m.target is not None and m.source is not None
    if m.mapping in ("exact", "widened"):
        assert not m.loses
        _check_fits(m.source, m.target.domain)
    if m.mapping == "exact":
        _check_fits(m.target.domain, m.source)  # and back: the same values
    if m.mapping == "lossy":
        assert m.loses and m.reason.count("loses") == 1


_GRAMMAR = {"mssql": "tsql", "ase": "sybase", "teradata": "teradata", "hirdb": "hirdb"}
_PLATFORM = {v: k for k, v in _GRAMMAR.items()}


@settings(max_examples=200, deadline=None)
@given(_CASES.filter(lambda c: c[2] in _GRAMMAR))
def test_exact_round_trips(case: tuple[str, str, str]) -> None:
    """An exact mapping read back in the target's grammar maps back exactly to a type of
    the same domain on the source's platform."""
    dialect, declared, target = case
    m = mapped(dialect, declared, target, nullable=False)  # NOT NULL both ways (ASE bit)
    if m.mapping != "exact":
        return
    assert m.target is not None
    grammar = _GRAMMAR[target]
    dt = read_type(m.target.text, grammars.get(grammar).type_families)
    # the collation the target DDL writes is read back with the type
    collation = m.target.collation
    specific = None if grammar != "teradata" or collation is None else collation == "CASESPECIFIC"
    back = map_column(
        Column(
            "c",
            1,
            dt,
            False,
            True,
            character_set=m.target.charset,
            collation=collation if grammar == "tsql" else None,
            case_specific=specific,
        ),
        grammar,
        spec(_PLATFORM[dialect]),
    )
    assert back.target is not None and m.source is not None

    def values(d: Domain) -> Domain:  # NOT NULL is the column's, not the type's
        return replace(d, semantics=None) if d.kind == "bool" else d

    if m.source.ordering == "none":
        # a LOB never compared (SQL Server text / ntext, ASE text / unitext, D178) comes
        # back as the platform's type that compares (VARCHAR(MAX): text is deprecated):
        # the same values, the comparisons added
        assert back.mapping == "widened" and not back.loses, (declared, back)
        assert replace(back.target.domain, ordering="none") == values(m.source)
        return
    assert back.mapping == "exact", (declared, m.target.text, back)
    assert values(back.target.domain) == values(m.source)


def test_losses_named() -> None:
    ts7 = Domain("timestamp", fraction=7, tz=True, min_year=1, max_year=9999)
    assert losses(ts7, Domain("timestamp", fraction=6, min_year=1, max_year=9999)) == (
        "fraction",
        "time zone",
    )
    assert losses(Domain("char", length=10, repertoire="unicode"), Domain("char", length=5)) == (
        "repertoire",
        "length",
    )


# ------------------------------------------------------------------ tables


def _run(ddl: bytes, dialect: str, target: str, **sizing: object) -> dict[str, object]:
    from analyzer import passes

    result = passes.run(analyze_bytes("t.sql", ddl, Options(dialect=dialect)))
    report = audit([result], target, SizingSettings(**sizing))  # type: ignore[arg-type]
    return document(report, "test")


def test_same_platform_sizes_alike() -> None:
    """On its own platform a table's target row is its source row (same estimator)."""
    ddl = (
        b"CREATE TABLE t (a int NOT NULL, b nvarchar(100) NULL, c decimal(19,4) NOT NULL,"
        b" d datetime2(3) NULL, e varbinary(max) NULL)"
    )
    doc = _run(ddl, "tsql", "mssql", rows=1000)
    tb = doc["tables"][0]  # type: ignore[index]
    assert tb["source_row_bytes"] == tb["target_row_bytes"] > 0
    assert tb["target_pages"] is not None and tb["target_rows_per_page"] is not None


def test_row_over_limit_and_reserved_word() -> None:
    ddl = b"CREATE TABLE [user] (a varchar(1900) NOT NULL, b varchar(1900) NOT NULL)"
    doc = _run(ddl, "tsql", "teradata")
    limits = {x["limit"]: x for x in doc["tables"][0]["limits"]}  # type: ignore[index]
    assert "reserved word" in limits
    doc = _run(ddl, "tsql", "ase")
    limits = {x["limit"]: x for x in doc["tables"][0]["limits"]}  # type: ignore[index]
    assert limits["row size"]["exceeded"] and limits["row size"]["value"] > 3800
    assert doc["summary"]["limits_exceeded"] >= 2  # type: ignore[index]


def test_teradata_constructs() -> None:
    ddl = (
        b"CREATE SET TABLE s.t, FALLBACK (a INTEGER NOT NULL, p PERIOD(DATE))"
        b" UNIQUE PRIMARY INDEX (a);"
    )
    doc = _run(ddl, "teradata", "snowflake")
    tb = doc["tables"][0]  # type: ignore[index]
    kinds = {k["construct"] for k in tb["constructs"]}
    assert {"SET table", "primary index", "fallback"} <= kinds
    # the PERIOD is kept as its literal in VARCHAR(24) (D159): lossy, typing
    assert [(c["mapping"], c["loses"]) for c in tb["columns"]] == [
        ("widened", []),
        ("lossy", ["typing"]),
    ]
    assert any(a["severity"] == "warning" and "PERIOD" in a["action"] for a in tb["actions"])
    doc = _run(ddl, "teradata", "teradata")
    assert doc["tables"][0]["constructs"] == []  # type: ignore[index]


def test_complexity_formula_and_weights() -> None:
    assert complexity({"lossy": 2, "unsupported": 1}) == 1.0 + 2 * 1.0 + 4.0
    weights = audit_from_mapping({"weights": {"lossy": 10}}, "x").weights
    assert complexity({"lossy": 2}, weights) == 21.0


@pytest.mark.parametrize(
    "table",
    [
        {"weights": {"nope": 1}},
        {"weight": {}},
        {"weights": {"lossy": -1}},
        {"weights": {"lossy": "2"}},
        {"fail-on": "sometimes"},
        {"weights": []},
    ],
)
def test_audit_config_is_strict(table: dict[str, object]) -> None:
    with pytest.raises(ConfigError, match=r"\[audit"):
        from_mapping({"audit": table}, "ddlaudit.toml")


# ------------------------------------------------------------------ docs


def test_docs_tables_are_generated() -> None:
    """docs/audit.md's per pair tables are what the catalogues give, spelled as the audit
    prints them (``python -m analyzer.audit.doctables`` rewrites them)."""
    from pathlib import Path

    from analyzer.audit import doctables

    text = (Path(__file__).resolve().parent.parent / "docs" / "audit.md").read_text("utf-8")
    section = text[text.index(doctables.BEGIN) : text.index(doctables.END) + len(doctables.END)]
    assert section == doctables.tables()
    for dialect in ("tsql", "sybase", "teradata", "hirdb"):
        assert f"#### From {dialect}" in section
    assert section.count("\n| `") > 90


def test_docs_cells_print_what_the_json_prints() -> None:
    """A cell's type is the ``target_type`` of the JSON report of the same column."""
    from analyzer.audit.doctables import cell

    doc = _run(b"CREATE TABLE t (a datetime2(7), b nvarchar(max), c money)", "tsql", "snowflake")
    got = {c["name"]: (c["target_type"], c["mapping"]) for c in doc["tables"][0]["columns"]}  # type: ignore[index]
    for name, declared in (("a", "datetime2(7)"), ("b", "nvarchar(max)"), ("c", "money")):
        written, _ = got[name]
        assert cell("tsql", declared, "snowflake").startswith(f"`{written}` ")


# ------------------------------------------------------------------ scan rows


@pytest.mark.parametrize("target", TARGETS)
def test_rows_per_file_equal_the_one_process_audit(target: str) -> None:
    """Each file audited alone (as a Spark task would) gives the columns of the audit of
    the whole run: a column's mapping depends on its table only."""
    from pathlib import Path

    from analyzer.core import analyze_paths
    from analyzer.rows import AUDIT, audit_rows, check_row, names

    root = Path(__file__).resolve().parent.parent / "fixtures"
    paths = [
        str(root / "tsql" / "modern_features.sql"),
        str(root / "audit" / "ase_locks.sql"),
        str(root / "teradata" / "wide_types.sql"),
        str(root / "hirdb" / "repetition.sql"),
    ]
    results, _ = analyze_paths(paths, Options())
    sizing = SizingSettings()
    whole = document(audit(results, target, sizing), "test")
    expected = [
        (tb["path"], tb["table"], c["name"], c["target_type"], c["mapping"], ", ".join(c["loses"]))
        for tb in whole["tables"]
        for c in tb["columns"]
    ]
    rows = [row for r in results for row in audit_rows([r], target, sizing)]
    for row in rows:
        check_row("audit", row)
    keyed = [dict(zip(names(AUDIT), row, strict=True)) for row in rows]
    got = [
        (r["file"], r["table"], r["column"], r["target_type"], r["mapping"], r["loses"])
        for r in keyed
    ]
    assert sorted(got) == sorted(expected) and len(got) > 40


def test_replication_left_behind() -> None:
    from pathlib import Path

    from analyzer.core import analyze_paths

    path = (
        Path(__file__).resolve().parent.parent / "fixtures" / "replication" / "pubs_repserver.sql"
    )
    results, _ = analyze_paths([str(path)], Options())
    doc = document(audit(results, "postgres", SizingSettings()), "test")
    authors = next(tb for tb in doc["tables"] if tb["table"] == "authors")
    objects = [r["object"] for r in authors["replication"]]
    assert objects == ["marking sp_setreptable", "repdef authors_rd"]
    assert "2 subscription(s)" in authors["replication"][1]["detail"]
    same = document(audit(results, "ase", SizingSettings()), "test")
    assert all(not tb["replication"] for tb in same["tables"])


# ------------------------------------------------------------------ same platform, NUMBER

_OWN = {"tsql": "mssql", "sybase": "ase", "teradata": "teradata", "hirdb": "hirdb"}


@settings(max_examples=200, deadline=None)
@given(st.one_of(*(st.tuples(st.just(d), s) for d, s in _TYPES.items())))
def test_same_platform_is_the_identity(case: tuple[str, str]) -> None:
    """Audited to its own platform a column keeps its declared type as written."""
    dialect, declared = case
    m = mapped(dialect, declared, _OWN[dialect])
    assert (m.mapping, m.loses) == ("exact", ())
    assert m.target is not None and m.target.text == declared


@pytest.mark.parametrize(
    ("dialect", "ddl", "target", "expected"),
    [
        (
            "tsql",
            b"CREATE TABLE t (g geography, v varchar(50) COLLATE Latin1_General_100_CI_AS_SC_UTF8,"
            b" s sql_variant, h hierarchyid)",
            "mssql",
            [
                "geography",
                "varchar(50) COLLATE Latin1_General_100_CI_AS_SC_UTF8",
                "sql_variant",
                "hierarchyid",
            ],
        ),
        (
            "teradata",
            b"CREATE TABLE t (a CHAR(20) CHARACTER SET LATIN, b CHAR(20) CHARACTER SET UNICODE,"
            b" n NUMBER, p PERIOD(DATE))",
            "teradata",
            [
                "CHAR(20) CHARACTER SET LATIN",
                "CHAR(20) CHARACTER SET UNICODE",
                "NUMBER",
                "PERIOD(DATE)",
            ],
        ),
        ("sybase", b"create table t (a unitext null, b unsigned int not null)", "ase", None),
        ("hirdb", b"CREATE TABLE t (a MVARCHAR(10), b SMALLINT ARRAY[3])", "hirdb", None),
    ],
)
def test_same_platform_audit_of_a_table(
    dialect: str, ddl: bytes, target: str, expected: list[str] | None
) -> None:
    doc = _run(ddl, dialect, target)
    columns = doc["tables"][0]["columns"]  # type: ignore[index]
    assert {c["mapping"] for c in columns} == {"exact"}
    if expected is not None:
        got = [c["target_type"] for c in columns]
        assert [g.upper() for g in got] == [e.upper() for e in expected]
        # the source type carries the character set and the collation too (issue 29)
        assert [c["source_type"].upper() for c in columns] == [e.upper() for e in expected]


@pytest.mark.parametrize(
    ("target", "written"),
    [
        ("mssql", "DECIMAL(38, 18)"),
        ("ase", "NUMERIC(38, 18)"),
        ("hirdb", "DECIMAL(38, 18)"),
        ("postgres", "NUMERIC"),
        ("snowflake", "NUMBER(38, 18)"),
        ("bigquery", "BIGNUMERIC"),
    ],
)
def test_unconstrained_number_stays_decimal(target: str, written: str) -> None:
    """Teradata NUMBER is a decimal of 38 digits: it stays decimal, with 18 of them after
    the point where the type needs a scale (D156, SnowConvert's NUMBER(38, 18))."""
    from analyzer.audit.ddl import type_sql

    m = mapped("teradata", "NUMBER", target)
    assert m.target is not None and m.target.domain.kind == "decimal"
    assert type_sql(spec(target), m.target) == written
    star = mapped("teradata", "NUMBER(*,4)", target)
    assert star.target is not None and star.target.domain.kind == "decimal"
    assert star.target.domain.scale in (4, None) or target == "postgres"


def test_persisted_computed_column_with_an_inferable_type() -> None:
    """A PERSISTED computed column stores its values: with a type sqlglot infers safely
    (integers, an explicit CAST) it is mapped as that type; a product of decimals (sized
    by SQL Server's own rules) or a column that is not persisted stays unsupported."""
    ddl = (
        b"CREATE TABLE t (qty int, price decimal(10,2), a AS (qty * 2) PERSISTED,"
        b" b AS (qty * price) PERSISTED, c AS (CAST(price AS decimal(12,2))) PERSISTED,"
        b" d AS (qty + 1))"
    )
    doc = _run(ddl, "tsql", "postgres")
    got = {c["name"]: (c["target_type"], c["mapping"]) for c in doc["tables"][0]["columns"]}  # type: ignore[index]
    assert got["a"] == ("INTEGER", "exact")
    assert got["c"] == ("NUMERIC(12, 2)", "exact")
    assert got["b"] == (None, "unsupported") and got["d"] == (None, "unsupported")


@pytest.mark.parametrize(
    ("dialect", "declared", "target", "written", "lost"),
    [
        # PostgreSQL text: at most 1 GB, no U+0000 (8.3); nvarchar(max) is 2^30-1 UTF-16 units
        ("tsql", "nvarchar(max)", "postgres", "TEXT", ("U+0000", "length")),
        ("tsql", "ntext", "postgres", "TEXT", ("U+0000", "length")),
        # jsonb / BigQuery JSON / VARIANT keep neither key order nor duplicate keys
        ("teradata", "JSON", "postgres", "JSONB", ("key order", "duplicate keys")),
        ("teradata", "JSON", "bigquery", "JSON", ("key order", "duplicate keys")),
        ("teradata", "JSON", "snowflake", "VARIANT", ("key order", "duplicate keys")),
        # sql_variant keeps each value's base type; VARIANT does not
        ("tsql", "sql_variant", "snowflake", "VARIANT", ("base type",)),
        # planar coordinates are not longitude / latitude on a sphere
        ("tsql", "geometry", "bigquery", "GEOGRAPHY", ("planar coordinates",)),
        ("teradata", "ST_GEOMETRY", "bigquery", "GEOGRAPHY", ("planar coordinates",)),
    ],
)
def test_issue_29_lossy_cases(
    dialect: str, declared: str, target: str, written: str, lost: tuple[str, ...]
) -> None:
    m = mapped(dialect, declared, target)
    assert (m.target and m.target.text, m.mapping, m.loses) == (written, "lossy", lost)


def test_nvarchar_counts_utf16_units() -> None:
    """nvarchar(n) -> n characters is widened (not exact); the same unit is exact."""
    assert mapped("tsql", "nvarchar(50)", "bigquery").mapping == "widened"
    # univarchar: UTF-16 (a binary collation: ASE sorts binary by default)
    assert mapped("tsql", "nvarchar(50)", "ase", **BINARY["tsql"]).mapping == "exact"
    geography = mapped("tsql", "geography", "snowflake")
    assert (geography.target and geography.target.text, geography.mapping) == (
        "GEOGRAPHY",
        "exact",
    )
