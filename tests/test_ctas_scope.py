"""A derived table whose source is in another file of the scope (issue 31, D183): typed
with the scope's links in phase 2, the same through ``lint``, ``size`` and ``parse`` in one
process and with ``-j 2``, and in the Spark scan's columns dataset on both of its paths."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from analyzer.cli import main

A_SQL = """CREATE MULTISET TABLE s.orders (
    id INTEGER NOT NULL,
    amount DECIMAL(12,2),
    note VARCHAR(40) CHARACTER SET UNICODE NOT CASESPECIFIC
) PRIMARY INDEX (id);
"""
B_SQL = """CREATE VOLATILE TABLE w AS (
    SELECT o.id, o.amount * 2 AS a2, o.note, ZEROIFNULL(o.amount) AS z
    FROM s.orders o
) WITH DATA PRIMARY INDEX (id) ON COMMIT PRESERVE ROWS;
"""


def _scope(tmp_path: Path) -> Path:
    (tmp_path / "a.sql").write_text(A_SQL, encoding="utf-8")
    (tmp_path / "b.sql").write_text(B_SQL, encoding="utf-8")
    return tmp_path


def _json(args: list[str], code: int = 0) -> Any:
    run = CliRunner().invoke(main, [*args, "--dialect", "teradata", "--format", "json"])
    assert run.exit_code == code, run.output
    return json.loads(run.stdout)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_parse_types_a_column_of_another_file(tmp_path: Path, jobs: str) -> None:
    doc = _json(["parse", str(_scope(tmp_path)), "-j", jobs])
    [b] = [f for f in doc["files"] if f["path"].endswith("b.sql")]
    [w] = b["tables"]
    got = [
        (c["name"], c["type"]["declared"], c["nullable"], c["character_set"], c["derived_from"])
        for c in w["columns"]
    ]
    assert got == [
        # a column reference carries its declared type, nullability and character set
        ("id", "INTEGER", False, None, "s.orders.id"),
        # "DECIMAL(m,n) | INTEGER | * | DECIMAL(p,n)", MaxDecimal 0 and m = 12: p = 15
        ("a2", "DECIMAL(15,2)", True, None, "arithmetic"),
        ("note", "VARCHAR(40)", True, "UNICODE", "s.orders.note"),
        ("z", "", True, None, None),  # a function: still untyped
    ]
    assert w["columns"][2]["case_specific"] is False
    assert b["derived_queries"] == []  # the link pass typed it: nothing left waiting
    [p009] = [d for d in b["diagnostics"] if d["code"] == "P009"]
    assert ": ZEROIFNULL(o.amount)." in p009["message"] and "1 column(s)" in p009["message"]
    assert p009["span"]["line"] == 1


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_lint_and_size_agree(tmp_path: Path, jobs: str) -> None:
    root = str(_scope(tmp_path))
    lint = _json(["lint", root, "-j", jobs], code=1)
    codes = sorted((f["code"], Path(f["path"]).name) for f in lint["findings"])
    # one P009 (the function) and its S001; none for the columns of a.sql's table
    assert [c for c in codes if c[1] == "b.sql"] == [("P009", "b.sql"), ("S001", "b.sql")]
    size = _json(["size", root, "-j", jobs])
    est = {e["table"]: e for e in size["tables"]}
    # Row Size Calculation, packed64: INTEGER 4 + DECIMAL(15,2) 8 = 12 fixed; VARCHAR(40)
    # UNICODE at its maximum 80; logical 92 (z not sized: S001)
    figures = {f["name"]: f["value"] for f in est["w"]["figures"]}
    assert figures["logical_bytes"] == 92


C_SQL = """CREATE TABLE o_copy AS s.orders WITH NO DATA;
CREATE VOLATILE TABLE o_star AS (SELECT * FROM s.orders) WITH DATA
  ON COMMIT PRESERVE ROWS;
CREATE TABLE o_mine (k INTEGER NOT NULL) PRIMARY INDEX (k);
"""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_copy_and_a_star_of_another_files_table(tmp_path: Path, jobs: str) -> None:
    root = _scope(tmp_path)
    (root / "c.sql").write_text(C_SQL, encoding="utf-8")
    doc = _json(["parse", str(root), "-j", jobs])
    [c] = [f for f in doc["files"] if f["path"].endswith("c.sql")]
    # in file order, the phase-1 table after them kept
    assert [t["name"]["name"] for t in c["tables"]] == ["o_copy", "o_star", "o_mine"]
    source = [("id", "INTEGER", False), ("amount", "DECIMAL(12,2)", True)]
    source.append(("note", "VARCHAR(40)", True))
    for table, origin in zip(c["tables"][:2], ("copy of s.orders", "s.orders."), strict=True):
        got = [(x["name"], x["type"]["declared"], x["nullable"]) for x in table["columns"]]
        assert got == source
        assert all(x["derived_from"].startswith(origin) for x in table["columns"])
        assert table["columns"][2]["character_set"] == "UNICODE"
    # the copy takes the source's primary index (Teradata CREATE TABLE ... AS, D173)
    assert [(ix["kind"], ix["columns"]) for ix in c["tables"][0]["indexes"]] == [
        ("primary_index", ["id"])
    ]
    assert c["tables"][0]["span"]["line"] == 1 and c["tables"][1]["span"]["line"] == 2
    assert [d["code"] for d in c["diagnostics"]] == []  # phase 1's P005 warnings are gone


def test_a_source_no_file_defines_stays_untyped(tmp_path: Path) -> None:
    (tmp_path / "b.sql").write_text(B_SQL.replace("s.orders", "s.nowhere"), encoding="utf-8")
    doc = _json(["parse", str(tmp_path)])
    [b] = doc["files"]
    assert [c["type"]["family"] for c in b["tables"][0]["columns"]] == ["other"] * 4
    [p009] = [d for d in b["diagnostics"] if d["code"] == "P009"]
    assert "4 column(s)" in p009["message"]


@pytest.mark.spark
def test_spark_scan_types_it_as_parse_does_on_both_paths(spark: Any, tmp_path: Path) -> None:
    pytest.importorskip("pyspark", reason="pyspark is not installed: pip install -e '.[spark]'")
    from analyzer.core import Options
    from analyzer.spark.scan import Budget, run_scan

    (tmp_path / "repo").mkdir()
    root = _scope(tmp_path / "repo")
    expected = {
        ("w", "id", "INTEGER", False, "s.orders.id"),
        ("w", "a2", "DECIMAL(15,2)", True, "arithmetic"),
        ("w", "note", "VARCHAR(40)", True, "s.orders.note"),
        ("w", "z", "", True, None),
    }
    budgets = {
        "one_pass": Budget(bytes=1 << 40, files=1 << 30, fair_share=False),
        "two_phase": Budget(files=0),
    }
    for name, budget in budgets.items():
        out = tmp_path / name
        options = Options(dialect="teradata")
        run_scan([str(root)], str(out), options=options, progress=False, budget=budget)
        frame = spark.read.parquet(str(out / "columns"))
        got = {
            (r.table, r.name, r.declared_type, r.nullable, r.derived_from)
            for r in frame.collect()
            if r.table == "w"
        }
        assert got == expected, name
        codes = [r.code for r in spark.read.parquet(str(out / "diagnostics")).collect()]
        assert codes.count("P009") == 1, name


def test_a_copy_of_a_table_nowhere_in_the_scope_says_so(tmp_path: Path) -> None:
    root = _scope(tmp_path)
    (root / "c.sql").write_text("CREATE TABLE c1 AS s.nowhere WITH NO DATA;\n", "utf-8")
    doc = _json(["parse", str(root)])
    [c] = [f for f in doc["files"] if f["path"].endswith("c.sql")]
    [d] = c["diagnostics"]
    assert (d["code"], d["severity"]) == ("P005", "warning")
    assert "s.nowhere" in d["message"] and "nor in another file of the scope" in d["message"]
    assert c["tables"] == [] and c["derived_queries"] == []
