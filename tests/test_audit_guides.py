"""The audit against the vendors' migration guides, row by row (analyzer/audit/guides).

For each guide, a table with one column per quoted row (the row's example type) is
audited to the guide's target: every column's type agrees with the guide's, or the audit
output says, naming the guide row, why ddlaudit differs. The guide rows are quotations;
nothing here restates what the audit prints as a guide statement."""

from __future__ import annotations

import pytest

from analyzer import passes
from analyzer.audit.engine import audit, document
from analyzer.audit.guides import _all, _canonical, guides, same_type
from analyzer.core import Options, analyze_bytes
from analyzer.settings import SizingSettings

GUIDES = _all()

#: The seven published tables issue 29 names, by the name the guide files give them.
SEVEN = {
    "Google Cloud, Teradata SQL translation guide",
    "Snowflake SnowConvert: Teradata data types",
    "Snowflake SnowConvert: Transact (SQL Server) data types",
    "Microsoft SSMA for SAP ASE (SybaseToSQL): default type mapping",
    "Microsoft, Azure Synapse migration guide for Teradata: Teradata data type mapping",
    "AWS DMS Schema Conversion: SQL Server to PostgreSQL data type rules",
    "Huawei Cloud DRS: Microsoft SQL Server to PostgreSQL data type mapping",
}


def test_the_seven_guides_are_there() -> None:
    assert {g.guide for g in GUIDES} == SEVEN
    for g in GUIDES:
        assert g.url.startswith("https://") and g.section and g.had and g.rows


def _audited(g_index: int) -> list[dict[str, object]]:
    g = GUIDES[g_index]
    ddl = "CREATE TABLE all_types (" + ", ".join(
        f"c{i} {r.source_type}" for i, r in enumerate(g.rows)
    )
    result = passes.run(analyze_bytes("t.sql", (ddl + ")").encode(), Options(dialect=g.source)))
    assert not [d for d in result.diagnostics if d.severity.value == "error"]
    doc = document(audit([result], g.target, SizingSettings()), "test")
    columns: list[dict[str, object]] = doc["tables"][0]["columns"]
    assert len(columns) == len(g.rows)
    return columns


def _segment(verdict: object, name: str) -> str:
    """The sentence of a column's ``guide`` that speaks for the guide ``name``."""
    assert isinstance(verdict, list)
    found = [s for s in verdict if name in s]
    assert len(found) == 1, (name, verdict)
    return found[0]


@pytest.mark.parametrize("index", range(len(GUIDES)), ids=[g.guide for g in GUIDES])
def test_every_row_agrees_or_differs_with_a_reason(index: int) -> None:
    g = GUIDES[index]
    for row, column in zip(g.rows, _audited(index), strict=True):
        written = column["target_type"]
        verdict = _segment(column["guide"], g.guide)
        assert row.quote in verdict and g.url in verdict and g.section in verdict
        agrees = written is None and row.target_type == "---"
        if agrees or (written is not None and same_type(g.target, row.target_type, str(written))):
            assert verdict.startswith("agrees with"), (row.quote, written)
            assert not row.differs, f"stale reason: {row.quote} now agrees ({written})"
        else:
            assert verdict.startswith("differs from"), (row.quote, written)
            assert row.differs, f"no reason recorded for {row.quote} -> {written}"
            assert verdict.endswith(row.differs)


@pytest.mark.parametrize("index", range(len(GUIDES)), ids=[g.guide for g in GUIDES])
def test_rows_are_read_from_their_quotes(index: int) -> None:
    """Each row's guide type is in its quotation (the guide's words, not ddlaudit's)."""
    g = GUIDES[index]
    for row in g.rows:
        if row.target_type == "---":
            assert any(x in row.quote.lower() for x in ("not supported", "n't supported", "---")), (
                row.quote
            )
            continue
        name, params = _canonical("none", row.target_type)
        quote = row.quote.upper().replace(" ", "")
        assert all(word in quote for word in name.split()), (row.quote, row.target_type)
        placeholder = any(x in quote for x in ("[*]", "(N)", "(P)"))
        assert params is None or placeholder or params in quote.replace("][", ","), row


def test_counts_per_pair() -> None:
    """Rows per guide, and how many differ with a reason (docs/audit.md, "Guides")."""
    counts = {(g.guide, len(g.rows), sum(1 for r in g.rows if r.differs)) for g in GUIDES}
    assert sum(n for _, n, _ in counts) >= 160
    assert all(d < n for _, n, d in counts)


@pytest.mark.parametrize(
    ("target", "guide", "audited", "same"),
    [
        ("postgres", "INT2", "SMALLINT", True),
        ("postgres", "TIMESTAMP(3) WITH TIME ZONE", "TIMESTAMPTZ(3)", True),
        ("postgres", "TIMESTAMP WITHOUT TIME ZONE", "TIMESTAMP(3)", True),
        ("postgres", "NUMERIC(1,0)", "BOOLEAN", False),
        ("postgres", "TIME(6)", "TIMESTAMP(6)", False),
        ("postgres", "BYTEA(8)", "BYTEA", False),
        ("snowflake", "NUMBER(38, 4)", "NUMBER(19, 4)", False),
        ("snowflake", "TINYINT", "INTEGER", True),
        ("snowflake", "VARCHAR(20)", "VARCHAR(21)", False),
        ("mssql", "numeric[20][0]", "DECIMAL(20)", True),
        ("mssql", "float[53]", "FLOAT", True),
        ("mssql", "TINYINT", "SMALLINT", False),
        ("bigquery", "NUMERIC", "NUMERIC(18, 2)", True),
        ("bigquery", "NUMERIC", "BIGNUMERIC(38, 2)", False),
    ],
)
def test_same_type(target: str, guide: str, audited: str, same: bool) -> None:
    assert same_type(target, guide, audited) is same


def test_a_pair_without_a_guide_says_nothing() -> None:
    assert guides("hirdb", "postgres") == ()
    result = passes.run(
        analyze_bytes("t.sql", b"CREATE TABLE t (a INTEGER)", Options(dialect="hirdb"))
    )
    doc = document(audit([result], "postgres", SizingSettings()), "test")
    assert doc["tables"][0]["columns"][0]["guide"] == []  # type: ignore[index]


def test_docs_count_the_rows() -> None:
    """docs/audit.md's guide table gives each guide's rows and differences as they are."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "audit.md").read_text("utf-8")
    section = text[text.index("### Guides") : text.index("Where a guide and the domains")]
    documented = sorted((int(a), int(b)) for a, b in re.findall(r"\| (\d+) \| (\d+) \|\n", section))
    actual = sorted((len(g.rows), sum(1 for r in g.rows if r.differs)) for g in GUIDES)
    assert documented == actual
