"""``ddlaudit audit`` end to end: every source dialect to every target, the JSON contract,
``--output``, ``--emit-ddl`` files parsed back (and sized back), hostile names, bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import sqlglot
from click.testing import CliRunner

from analyzer.audit import TARGETS
from analyzer.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"

#: One fixture per source dialect, with the constructs the audit reports.
SOURCES = {
    "tsql": FIXTURES / "tsql" / "modern_features.sql",
    "sybase": FIXTURES / "audit" / "ase_locks.sql",
    "teradata": FIXTURES / "teradata" / "wide_types.sql",
    "hirdb": FIXTURES / "hirdb" / "repetition.sql",
}
HOSTILE = FIXTURES / "audit" / "hostile.sql"

_TABLE_KEYS = {
    "table",
    "scope",
    "path",
    "line",
    "source_dialect",
    "source_platform",
    "source_row_bytes",
    "target_row_bytes",
    "target_rows_per_page",
    "target_pages",
    "complexity",
    "columns",
    "limits",
    "constructs",
    "replication",
    "actions",
}
_COLUMN_KEYS = {
    "name",
    "line",
    "source_type",
    "target_type",
    "mapping",
    "loses",
    "reason",
    "guide",
}


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["audit", *args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def _check_contract(doc: dict[str, object], target: str) -> None:
    assert set(doc) == {
        "schema_version",
        "tool",
        "source",
        "target",
        "identifiers",
        "sized",
        "rows",
        "summary",
        "tables",
    }
    assert doc["target"] == target and doc["schema_version"] == "1.1"
    assert doc["identifiers"] == "fold"  # the default (D161)
    assert doc["sized"] is (target in ("mssql", "ase", "teradata", "hirdb"))
    summary = doc["summary"]
    assert isinstance(summary, dict)
    tables = doc["tables"]
    assert isinstance(tables, list) and tables
    columns = [c for tb in tables for c in tb["columns"]]
    assert summary["tables"] == len(tables) and summary["columns"] == len(columns)
    counts = {k: sum(c["mapping"] == k for c in columns) for k in summary["by_mapping"]}
    assert counts == summary["by_mapping"]
    assert sum(summary["by_object"]["tables"].values()) == len(tables)
    assert summary["manual_actions"] == sum(len(tb["actions"]) for tb in tables)
    total = round(sum(tb["complexity"] for tb in tables), 2)
    assert summary["complexity"]["total"] == total
    keys = [(tb["path"], tb["line"] or 0) for tb in tables]
    assert keys == sorted(keys)
    for tb in tables:
        assert set(tb) == _TABLE_KEYS
        for c in tb["columns"]:
            assert set(c) == _COLUMN_KEYS
            assert (c["target_type"] is None) == (c["mapping"] == "unsupported")
            assert bool(c["loses"]) == (c["mapping"] in ("lossy", "unsupported"))
        if doc["sized"]:
            assert tb["target_row_bytes"] is not None and tb["target_pages"] is not None
        else:
            assert tb["target_row_bytes"] is None and tb["target_pages"] is None


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("dialect", sorted(SOURCES))
def test_every_dialect_to_every_target(dialect: str, target: str, tmp_path: Path) -> None:
    out = tmp_path / "audit.json"
    ddl = tmp_path / "ddl"
    code, stdout, _ = run(
        str(SOURCES[dialect]),
        "--dialect",
        dialect,
        "--to",
        target,
        "--rows",
        "100000",
        "--format",
        "json",
        "--output",
        str(out),
        "--emit-ddl",
        str(ddl),
    )
    assert stdout == ""
    doc = json.loads(out.read_text(encoding="utf-8"))
    _check_contract(doc, target)
    # the input has no error diagnostics (wide_types' unknown UDT is a warning)
    assert code == 0
    files = sorted(ddl.iterdir())
    assert len(files) == len(doc["tables"])
    for f in files:
        _parse_back(f.read_text(encoding="utf-8"), target)


def _parse_back(text: str, target: str) -> None:
    """The emitted DDL parses in the target's dialect (ddlaudit's own grammars for the four
    legacy platforms, sqlglot's for the others) with the audited column types."""
    body = "\n".join(line for line in text.splitlines() if not line.startswith("--"))
    if not body.strip():
        return
    grammar = {"mssql": "tsql", "ase": "sybase", "teradata": "teradata", "hirdb": "hirdb"}
    if target in grammar:
        from analyzer.core import Options, analyze_bytes

        result = analyze_bytes("ddl.sql", text.encode(), Options(dialect=grammar[target]))
        assert result.ok, [d.message for d in result.diagnostics]
        assert len(result.tables) == 1 and result.tables[0].columns
    else:
        # a PostgreSQL file first makes the collations its columns use (D178)
        *made, tree = [x for x in sqlglot.parse(body, read=target) if x is not None]
        assert isinstance(tree, sqlglot.exp.Create)
        for statement in made:
            assert target == "postgres"
            assert statement.sql(dialect=target).startswith("CREATE COLLATION IF NOT EXISTS")


@pytest.mark.parametrize("target", ["mssql", "ase", "teradata", "hirdb"])
def test_emitted_ddl_sizes_as_audited(target: str, tmp_path: Path) -> None:
    """``ddlaudit size`` of the emitted DDL gives the audit's target row bytes: the target
    row is the table with the audited types, sized by the same estimator."""
    ddl = tmp_path / "ddl"
    _, stdout, _ = run(
        str(SOURCES["tsql"]),
        str(SOURCES["sybase"]),
        "--to",
        target,
        "--format",
        "json",
        "--emit-ddl",
        str(ddl),
    )
    doc = json.loads(stdout)
    grammar = {"mssql": "tsql", "ase": "sybase", "teradata": "teradata", "hirdb": "hirdb"}
    result = CliRunner().invoke(
        main, ["size", str(ddl), "--dialect", grammar[target], "--format", "json"]
    )
    sized = json.loads(result.stdout)
    rows = {t["table"]: t["row_bytes"] for t in sized["tables"]}
    audited = {t["table"]: t["target_row_bytes"] for t in doc["tables"]}
    assert rows and set(rows) == set(audited)
    assert rows == audited


def test_text_and_markdown(tmp_path: Path) -> None:
    code, text, _ = run(str(SOURCES["teradata"]), "--to", "bigquery")
    assert code == 0 and text.startswith("ddlaudit audit: 1 tables")
    assert "valid_period  PERIOD(DATE) -> RANGE<DATE>  EXACT" in text
    out = tmp_path / "r.md"
    code, stdout, _ = run(
        str(SOURCES["teradata"]), "--to", "mssql", "--format", "markdown", "-o", str(out)
    )
    md = out.read_text(encoding="utf-8")
    # PERIOD on SQL Server: its literal in VARCHAR(24), as the Synapse guide allows (D159)
    assert stdout == "" and "| valid\\_period | PERIOD\\(DATE\\) | VARCHAR\\(24\\) | lossy |" in md


def test_fail_on(tmp_path: Path) -> None:
    code, _, _ = run(str(SOURCES["hirdb"]), "--to", "mssql", "--fail-on", "unsupported")
    assert code == 1
    code, _, _ = run(str(SOURCES["hirdb"]), "--to", "postgres", "--fail-on", "unsupported")
    assert code == 0
    config = tmp_path / "ddlaudit.toml"
    config.write_text('[audit]\nfail-on = "lossy"\n[audit.weights]\nunsupported = 10\n')
    code, stdout, _ = run(
        str(SOURCES["hirdb"]), "--to", "mssql", "--config", str(config), "--format", "json"
    )
    doc = json.loads(stdout)
    table = doc["tables"][0]  # 4 unsupported repetition columns, each also a construct
    assert code == 1 and len(table["constructs"]) == 4
    assert table["complexity"] == 1.0 + 4 * 10.0 + 4 * 1.0
    assert "unsupported=10" in doc["summary"]["complexity"]["formula"]


# ------------------------------------------------------------------ hostile names


def test_hostile_names_json_round_trip() -> None:
    _, stdout, _ = run(str(HOSTILE), "--to", "postgres", "--format", "json")
    doc = json.loads(stdout)
    names = {tb["table"] for tb in doc["tables"]}
    assert names == {"a|b", "<img src=x onerror=alert(1)>", "..\\..\\etc\\passwd"}
    cols = {c["name"] for tb in doc["tables"] for c in tb["columns"]}
    assert "</script><script>alert(2)</script>" in cols and "`tick`" in cols


def test_hostile_names_markdown() -> None:
    _, md, _ = run(str(HOSTILE), "--to", "bigquery", "--format", "markdown")
    assert "<img" not in md and "<script>" not in md and "</script>" not in md
    for line in md.splitlines():
        if line.startswith("| ") and "onerror" not in line:
            continue
        if line.startswith("| "):  # a cell with the name has the table's six columns
            assert len(re.findall(r"(?<!\\)\|", line)) == 7
    assert "### a\\|b" in md and "\\`tick\\`" in md


def test_hostile_names_text_one_line_per_column() -> None:
    code, text, _ = run(str(HOSTILE), "--to", "mssql")
    assert code == 0
    assert any(
        line.startswith("   </script><script>alert(2)</script>") for line in text.splitlines()
    )


def test_hostile_ddl_file_names(tmp_path: Path) -> None:
    ddl = tmp_path / "out"
    code, _, _ = run(str(HOSTILE), "--to", "mssql", "--emit-ddl", str(ddl))
    assert code == 0
    files = sorted(p.name for p in ddl.iterdir())
    assert len(files) == 3
    assert all(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*-[0-9a-f]{10}\.sql", f) for f in files)
    assert [p.parent for p in ddl.rglob("*.sql")] == [ddl] * 3  # nothing escaped the DIR
    for f in ddl.iterdir():
        text = f.read_text(encoding="utf-8")
        _parse_back(text, "mssql")
    money = next(f for f in ddl.iterdir() if f.name.startswith("img"))
    assert "LOSSY" not in money.read_text() or "* /" in money.read_text()


# ------------------------------------------------------------------ bad input


def test_unknown_target_lists_the_targets() -> None:
    code, _, err = run(str(SOURCES["tsql"]), "--to", "oracle")
    assert code == 2
    for target in TARGETS:
        assert target in err


def test_bad_config_exits_2(tmp_path: Path) -> None:
    config = tmp_path / "ddlaudit.toml"
    config.write_text("[audit]\nweight = 1\n")
    code, _, err = run(str(SOURCES["tsql"]), "--to", "mssql", "--config", str(config))
    assert code == 2 and "[audit]: unknown key(s) weight" in err
    config.write_text("[audit.weights]\nlossy = -2\n")
    code, _, err = run(str(SOURCES["tsql"]), "--to", "mssql", "--config", str(config))
    assert code == 2 and "expected a number >= 0" in err


def test_broken_input_reports_and_exits_1() -> None:
    code, _, err = run(str(FIXTURES / "tsql" / "broken_statement.sql"), "--to", "postgres")
    assert code == 1 and "broken_statement.sql:" in err and "Traceback" not in err


def test_html_format_needs_the_renderer() -> None:
    try:
        import analyzer.reporters.html  # noqa: F401
    except ImportError:
        code, _, err = run(str(SOURCES["tsql"]), "--to", "mssql", "--format", "html")
        assert code == 3 and "--format html" in err
    else:
        code, out, _ = run(str(SOURCES["tsql"]), "--to", "mssql", "--format", "html")
        assert code == 0 and "<html" in out.lower()


# ------------------------------------------------------------------ DDL: keys, names


_UPI = (
    b"CREATE SET TABLE MIG.ORDERS, FALLBACK (OrderId INTEGER NOT NULL, orderid2 INTEGER,"
    b" ORDERID2 CHAR(5), p PERIOD(DATE), i INTERVAL DAY(2)) UNIQUE PRIMARY INDEX (OrderId);"
)


@pytest.mark.parametrize(
    ("target", "policy", "expected", "unique"),
    [
        ("postgres", "fold", '"mig"."orders"', 'UNIQUE (\n    "orderid"\n  )'),
        ("postgres", "preserve", '"MIG"."ORDERS"', 'UNIQUE (\n    "OrderId"\n  )'),
        ("snowflake", "fold", '"MIG"."ORDERS"', 'UNIQUE (\n    "ORDERID"\n  )'),
        ("mssql", "fold", "[MIG].[ORDERS]", "UNIQUE (\n    [OrderId]\n  )"),
        ("teradata", "fold", '"MIG"."ORDERS"', 'UNIQUE PRIMARY INDEX ("OrderId")'),
    ],
)
def test_ddl_keeps_every_column_uniqueness_and_the_naming_policy(
    tmp_path: Path, target: str, policy: str, expected: str, unique: str
) -> None:
    """Every column is in the DDL (INTERVAL / PERIOD as their literal where the target has
    no such type, D159), the UNIQUE PRIMARY INDEX stays unique, names follow
    --identifiers, and the report says which policy it used."""
    src = tmp_path / "t.sql"
    src.write_bytes(_UPI)
    out = tmp_path / "ddl"
    _, stdout, _ = run(
        str(src),
        "--dialect",
        "teradata",
        "--to",
        target,
        "--identifiers",
        policy,
        "--emit-ddl",
        str(out),
        "--format",
        "json",
    )
    doc = json.loads(stdout)
    assert doc["identifiers"] == policy
    (ddl,) = [p.read_text(encoding="utf-8") for p in out.iterdir()]
    assert f"CREATE TABLE {expected}" in ddl and unique in ddl
    body = ddl.split("CREATE TABLE", 1)[1]
    assert "UNSUPPORTED" not in ddl and body.count("\n  ") >= 5  # the five columns
    limits = [x["limit"] for x in doc["tables"][0]["limits"]]
    folds = target in ("postgres", "snowflake") and policy == "fold"
    assert ("identifier case" in limits) is folds  # orderid2 / ORDERID2 collide
