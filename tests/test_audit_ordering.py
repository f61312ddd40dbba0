"""A character column's ordering is part of its mapping class (decision D178).

The test reads both sides itself, from the vendors' words, not through
analyzer/audit/ordering.py: the source's collation (declared, or the platform's default
as its manual gives it) and the ordering the emitted DDL gives the target (its COLLATE
clause, the ``CREATE COLLATION`` it writes, or the target's default). Each is modelled as
a comparison of two strings; for every ``exact`` or ``widened`` string mapping the two
comparisons agree on generated strings (hypothesis), and for every mapping that says it
loses an ordering some pair of strings compares differently.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer import passes
from analyzer.audit import TARGETS
from analyzer.audit.ddl import create_table
from analyzer.audit.engine import audit, document
from analyzer.config import ConfigError, audit_from_mapping
from analyzer.core import Options, analyze_bytes
from analyzer.settings import SizingSettings

Compare = Callable[[str, str], int]

# ------------------------------------------------------------------ the vendors' words


def _binary(a: str, b: str) -> int:
    """Code point order: SQL Server BIN2 ("sorts by Unicode code points"), ASE binary
    ("numeric byte-value of each character"), Snowflake's default ("compared according to
    the Unicode codes"), BigQuery's default ("Z would come before a"), PostgreSQL "C"."""
    return (a > b) - (a < b)


def _upper(a: str, b: str) -> int:
    """Teradata NOT CASESPECIFIC (SnowConvert, Teradata mode: string comparisons become
    ``RTRIM(UPPER(expression))``) and Snowflake's 'upper' (converted to upper case before
    the comparison)."""
    return _binary(a.upper(), b.upper())


def _linguistic(case: bool, accent: bool) -> Compare:
    """A dictionary order: letters first, then accents, then case, each level kept only
    when the collation is sensitive to it ("Dictionary order recognizes the various
    accented forms of a letter and sorts them after the unaccented form", ASE)."""

    def key(s: str) -> tuple[object, ...]:
        nfd = unicodedata.normalize("NFD", s)
        letters = "".join(c for c in nfd if not unicodedata.combining(c)).casefold()
        out: tuple[object, ...] = (letters,)
        if accent:
            out += (tuple(unicodedata.combining(c) and ord(c) for c in nfd),)
        if case:
            out += (tuple(c.islower() for c in s),)
        return out

    def compare(a: str, b: str) -> int:
        ka, kb = key(a), key(b)
        return (ka > kb) - (ka < kb)

    return compare


def _sql_server(name: str) -> Compare:
    parts = name.upper().split("_")
    if "BIN" in parts or "BIN2" in parts:
        return _binary
    return _linguistic("CS" in parts, "AS" in parts)


#: What each platform compares with when a column declares nothing: SQL Server setup's
#: "SQL collation is selected by default for English-language locales"
#: (SQL_Latin1_General_CP1_CI_AS); ASE "All character sets have binary order as the
#: default"; Teradata mode's "Default attribute for character comparisons: NOT
#: CASESPECIFIC"; HiRDB character code order; PostgreSQL a libc en_US.UTF-8 database
#: (case- and accent-sensitive); Snowflake and BigQuery binary.
DEFAULTS: dict[str, Compare] = {
    "mssql": _linguistic(False, True),
    "ase": _binary,
    "teradata": _upper,
    "hirdb": _binary,
    "postgres": _linguistic(True, True),
    "snowflake": _binary,
    "bigquery": _binary,
}

#: ICU locales of PostgreSQL's nondeterministic collations (PostgreSQL 16, 24.2.3.2):
#: level 2 ignores case, level 1 case and accents, level1-kc-true accents only.
_ICU = {
    "und-u-ks-level2": _linguistic(False, True),
    "und-u-ks-level1": _linguistic(False, False),
    "und-u-ks-level1-kc-true": _linguistic(True, False),
}


def _snowflake(spec: str) -> Compare:
    """Snowflake collation specifications: 'utf8', 'upper', 'en[-ci][-ai]'."""
    spec = spec.lower()
    if spec in ("", "utf8"):
        return _binary
    if spec == "upper":
        return _upper
    parts = spec.split("-")
    return _linguistic("ci" not in parts, "ai" not in parts)


def _target(target: str, written: str, ddl: str) -> Compare:
    """The comparison a target column gets from its emitted type and DDL."""
    if target == "teradata":
        if written.upper().endswith(" NOT CASESPECIFIC"):
            return _upper
        if written.upper().endswith(" CASESPECIFIC"):
            return _binary
        return DEFAULTS["teradata"]
    found = re.search(r"\sCOLLATE\s+(.+)$", written)
    if found is None:
        return DEFAULTS[target]
    name = found.group(1).strip().strip("'\"")
    if target == "mssql":
        return _sql_server(name)
    if target == "snowflake":
        return _snowflake(name)
    if target == "bigquery":
        assert name == "und:ci", name  # BigQuery's case-insensitive collation
        return _linguistic(False, True)
    assert target == "postgres", target
    if name == "C":
        return _binary
    if name.endswith("-x-icu"):
        return _linguistic(True, True)
    made = re.search(rf"CREATE COLLATION IF NOT EXISTS \"{name}\" .*locale = '([^']+)'", ddl)
    assert made is not None, f"no CREATE COLLATION for {name} in {ddl}"
    return _ICU[made.group(1)]


def _source(dialect: str, attributes: str) -> Compare:
    if dialect == "tsql" and "COLLATE" in attributes:
        return _sql_server(attributes.split()[-1])
    if dialect == "teradata" and attributes:
        return _upper if attributes.startswith("NOT") else _binary
    platform = {"tsql": "mssql", "sybase": "ase", "teradata": "teradata", "hirdb": "hirdb"}
    return DEFAULTS[platform[dialect]]


# ------------------------------------------------------------------ the audit


#: (dialect, character type, what the column declares of its ordering)
SOURCES = [
    ("tsql", "varchar(20)", ""),
    ("tsql", "nvarchar(20)", "COLLATE Latin1_General_100_BIN2"),
    ("tsql", "nvarchar(20)", "COLLATE Latin1_General_CS_AS"),
    ("tsql", "varchar(20)", "COLLATE Latin1_General_CI_AI"),
    ("sybase", "varchar(20)", ""),
    ("teradata", "VARCHAR(20)", ""),
    ("teradata", "VARCHAR(20) CHARACTER SET UNICODE", "CASESPECIFIC"),
    ("teradata", "VARCHAR(20)", "NOT CASESPECIFIC"),
    ("hirdb", "VARCHAR(20)", ""),
]
CASES = [(*s, t) for s in SOURCES for t in TARGETS]


def _audit(dialect: str, declared: str, attributes: str, target: str) -> tuple[dict[str, Any], str]:
    ddl = f"CREATE TABLE t (c {declared} {attributes});".encode()
    result = passes.run(analyze_bytes("t.sql", ddl, Options(dialect=dialect)))
    report = audit([result], target, SizingSettings())
    tb = report.tables[0]
    assert tb.source is not None
    text = create_table(tb.source, tb.mapped, report.spec)
    return document(report, "test")["tables"][0]["columns"][0], text


_TEXT = st.text(alphabet="aAbBeEéÉfFzZ_-[ ", max_size=4)
_ACCENT = str.maketrans("eEéÉ", "éÉeE")


@st.composite
def _pairs(draw: st.DrawFn) -> tuple[str, str]:
    """Two strings, the second often the first with its case or accents changed (the
    pairs collations disagree on)."""
    a = draw(_TEXT)
    how = draw(st.sampled_from(["other", "case", "accent", "both"]))
    if how == "other":
        return a, draw(_TEXT)
    b = a.swapcase() if how in ("case", "both") else a
    return a, (b.translate(_ACCENT) if how in ("accent", "both") else b)


_WITNESSES = ["a", "A", "b", "B", "e", "é", "É", "f", "F", "Z", "_", "[", "ab", "Ab"]


@pytest.mark.parametrize(("dialect", "declared", "attributes", "target"), CASES)
@settings(max_examples=60, deadline=None)
@given(pair=_pairs())
def test_an_ordering_kept_compares_alike(
    dialect: str, declared: str, attributes: str, target: str, pair: tuple[str, str]
) -> None:
    a, b = pair
    column, ddl = _audit(dialect, declared, attributes, target)
    if column["target_type"] is None or any("ordering" in x for x in column["loses"]):
        return  # no column, or an ordering said lost (the next test)
    # exact, widened, or lossy for another reason (U+0000): the ordering is claimed kept
    source = _source(dialect, attributes)
    dest = _target(target, column["target_type"], ddl)
    assert source(a, b) == dest(a, b), (column["target_type"], a, b)


@pytest.mark.parametrize(("dialect", "declared", "attributes", "target"), CASES)
def test_an_ordering_said_lost_is_lost(
    dialect: str, declared: str, attributes: str, target: str
) -> None:
    column, ddl = _audit(dialect, declared, attributes, target)
    if column["target_type"] is None or column["reason"].startswith("same platform"):
        return
    source = _source(dialect, attributes)
    dest = _target(target, column["target_type"], ddl)
    differ = [(a, b) for a in _WITNESSES for b in _WITNESSES if source(a, b) != dest(a, b)]
    said = [x for x in column["loses"] if "ordering" in x]
    assert bool(differ) == bool(said), (column["target_type"], said, differ[:3])


# ------------------------------------------------------------------ defaults and settings


def test_sql_server_default_collation_decides_a_column_without_collate() -> None:
    """A SQL Server column without COLLATE has the database default, read from
    ``[audit.default-collation] mssql`` (SQL_Latin1_General_CP1_CI_AS unless set)."""
    column, ddl = _audit("tsql", "varchar(20)", "", "postgres")
    assert column["target_type"] == 'VARCHAR(20) COLLATE "case_insensitive"'
    assert "SQL_Latin1_General_CP1_CI_AS (mssql default" in column["reason"]
    assert "deterministic = false" in ddl and "und-u-ks-level2" in ddl
    assert "case-insensitive ordering and comparison" not in column["loses"]
    on_snowflake, _ = _audit("tsql", "varchar(20)", "", "snowflake")
    assert on_snowflake["target_type"] == "VARCHAR(20) COLLATE 'en-ci'"  # SnowConvert's
    assert on_snowflake["mapping"] == "widened"


def test_the_default_collation_is_a_setting() -> None:
    import grammars
    from analyzer.audit.mapping import map_column
    from analyzer.audit.mappings import spec
    from analyzer.ir import Column
    from analyzer.types import read_type

    dt = read_type("varchar(20)", grammars.get("tsql").type_families)
    column = Column("c", 1, dt, True, True)
    binary = audit_from_mapping({"default-collation": {"mssql": "Latin1_General_BIN2"}}, "x")
    m = map_column(column, "tsql", spec("postgres"), settings=binary)
    assert m.target is not None and m.target.collation == "C"
    plain = audit_from_mapping({"ordering": "default"}, "x")
    m = map_column(column, "tsql", spec("postgres"), settings=plain)
    assert m.target is not None and m.target.collation is None
    assert m.mapping == "lossy" and "case-insensitive ordering and comparison" in m.loses


def test_ase_sorts_binary_by_default() -> None:
    """ASE: "The installation procedure, by default, configures the server with the
    binary sort order": an ASE varchar keeps its order on SQL Server only with a binary
    collation, which the DDL writes."""
    column, _ = _audit("sybase", "varchar(20)", "", "mssql")
    assert column["target_type"] == "VARCHAR(20) COLLATE Latin1_General_100_BIN2"
    assert column["mapping"] == "exact"


def test_teradata_case_specificity_is_kept_on_teradata_and_snowflake() -> None:
    column, ddl = _audit("teradata", "VARCHAR(20)", "CASESPECIFIC", "snowflake")
    assert column["target_type"] == "VARCHAR(20)"  # Snowflake compares binary by default
    assert column["mapping"] == "widened" and "COLLATE" not in ddl
    # NOT CASESPECIFIC compares the upper-cased values: Snowflake's 'upper' does the same;
    # SnowConvert's 'en-ci' would sort 'É' before 'F', Teradata after 'Z' (D178)
    column, ddl = _audit("teradata", "VARCHAR(20)", "", "snowflake")
    assert column["target_type"] == "VARCHAR(20) COLLATE 'upper'" and "COLLATE 'upper'" in ddl
    column, ddl = _audit("tsql", "varchar(20)", "COLLATE Latin1_General_BIN2", "teradata")
    assert column["target_type"] == "VARCHAR(20) CASESPECIFIC" and "CASESPECIFIC" in ddl
    same, ddl = _audit("teradata", "VARCHAR(20)", "CASESPECIFIC", "teradata")
    assert same["target_type"] == "VARCHAR(20) CASESPECIFIC" and same["mapping"] == "exact"
    assert "CASESPECIFIC" in ddl and same["source_type"] == "VARCHAR(20) CASESPECIFIC"


@pytest.mark.parametrize(
    "table",
    [{"ordering": "sometimes"}, {"default-collation": {"oracle": "x"}}, {"default-collation": 3}],
)
def test_audit_ordering_settings_are_strict(table: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        audit_from_mapping(table, "x")


def test_an_unknown_default_collation_exits_2(tmp_path: object) -> None:
    from pathlib import Path

    from click.testing import CliRunner

    from analyzer.cli import main

    assert isinstance(tmp_path, Path)
    (tmp_path / "t.sql").write_text("CREATE TABLE t (c varchar(5));\n")
    (tmp_path / "ddlaudit.toml").write_text('[audit.default-collation]\nmssql = "Klingon"\n')
    args = ["audit", str(tmp_path / "t.sql"), "--to", "postgres", "--dialect", "tsql"]
    args += ["--config", str(tmp_path / "ddlaudit.toml")]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and "Klingon" in result.output


def test_scan_rows_follow_the_audit_settings() -> None:
    """``scan --audit-to`` rows are made with the run's ``[audit]`` table, as ``audit``."""
    from analyzer.rows import AUDIT, audit_rows, names

    ddl = b"CREATE TABLE t (c varchar(20));"
    result = passes.run(analyze_bytes("t.sql", ddl, Options(dialect="tsql")))
    plain = audit_from_mapping({"ordering": "default"}, "x")
    at = names(AUDIT).index("target_type")
    kept = audit_rows([result], "postgres", SizingSettings(), "s")
    left = audit_rows([result], "postgres", SizingSettings(), "s", plain)
    assert kept[0][at] == 'VARCHAR(20) COLLATE "case_insensitive"'
    assert left[0][at] == "VARCHAR(20)"
