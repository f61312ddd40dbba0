"""bench/coverage.py counts CREATE TABLE statements, and where each one went, correctly."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.corpus import ROOT


@pytest.fixture(scope="module")
def coverage() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "ddlaudit_coverage", ROOT / "bench" / "coverage.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ddlaudit_coverage"] = module
    spec.loader.exec_module(module)
    return module


def test_heads_skip_comments_strings_and_quoted_names(coverage: ModuleType) -> None:
    text = (
        "/* outer /* create table nested */ still comment create table c1 (a int) */\n"
        "-- create table c2 (a int)\n"
        "exec('create table dyn (a int)')\n"
        'select "create table q" from [create table b]\n'
        "CREATE TABLE one (a int)\n"
        "create  multiset\n volatile TABLE two (a int)\n"
        "CREATE GLOBAL TEMPORARY TABLE three (a int)\n"
        "create tablespace ts\n"
    )
    heads = coverage.create_table_heads(text)
    assert [text[h:].split("(")[0].split()[-1] for h in heads] == ["one", "two", "three"]


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_counts_on_a_tree_of_known_statements(coverage: ModuleType, tmp_path: Path) -> None:
    _write(
        tmp_path / "tsql" / "install.sql",
        "CREATE TABLE dbo.good (id int NOT NULL)\n"
        "GO\n"
        "/* CREATE TABLE commented (id int) */\n"
        "EXEC('CREATE TABLE dynamic (id int)')\n"
        "GO\n"
        "CREATE PROCEDURE dbo.p AS\n"
        "    CREATE TABLE #work (id int)\n"
        "GO\n"
        "CREATE TABLE dbo.bad (id int\n"
        "GO\n"
        "IF OBJECT_ID('dbo.inner_t') IS NULL\n"
        "BEGIN\n"
        "    CREATE TABLE dbo.inner_t (id int)\n"
        "END\n"
        "GO\n",
    )
    _write(
        tmp_path / "teradata" / "load.btq",
        ".LOGON tdp/etl,secret;\n"
        ".LABEL again\n"
        "CREATE MULTISET TABLE db.m (a INTEGER) PRIMARY INDEX (a);\n"
        ".QUIT 0\n",
    )
    counts, sites = coverage.measure(tmp_path)
    tsql = counts["tsql"]
    assert (tsql.files, tsql.statements, tsql.in_routines, tsql.counted) == (1, 4, 1, 3)
    assert (tsql.ir, tsql.diagnosed, tsql.silent, tsql.tracebacks) == (2, 1, 0, 0)
    assert tsql.sqlglot <= 2  # the broken one is no table for sqlglot either
    bad = next(s for s in sites if s.status == "diagnosed")
    assert (Path(bad.file).name, bad.line, bad.column) == ("install.sql", 9, 1)
    assert bad.diagnostic.startswith("P001")
    teradata = counts["teradata"]
    assert (teradata.counted, teradata.ir, teradata.silent) == (1, 1, 0)
    text = coverage.report(counts, sites)
    assert "install.sql:9:1: diagnosed: P001" in text
    assert text.splitlines()[0].split()[:3] == ["dialect", "files", "CREATE"]


def test_a_head_without_table_or_diagnostic_is_silent(coverage: ModuleType, tmp_path: Path) -> None:
    sql = tmp_path / "a.sql"
    _write(sql, "CREATE TABLE t (a int)\nGO\nCREATE TABLE u (a int)\n")
    # the document of `ddlaudit parse` for this file, as if the first table had been lost
    entry = {
        "path": str(sql),
        "dialect": "tsql",
        "encoding": "utf-8",
        "tables": [{"span": {"start": 26, "end": 48}}],
        "diagnostics": [],
    }
    sites, tracebacks = coverage._file_sites(entry, False)
    assert [(s.line, s.status) for s in sites] == [(1, "silent"), (3, "ir")]
    assert tracebacks == []


def test_fixtures_have_no_silent_skip(coverage: ModuleType) -> None:
    counts, sites = coverage.measure(ROOT / "fixtures", check_sqlglot=False)
    assert {"tsql", "sybase", "teradata", "hirdb"} <= set(counts)
    assert [s for s in sites if s.status == "silent"] == []
    # the only internal error is the fixture of P900 itself
    problems = [p for c in counts.values() for p in c.traceback_sites]
    assert all("rules/P900/" in p for p in problems), problems
    for name in ("tsql", "sybase", "teradata", "hirdb"):
        assert counts[name].ir >= 0.9 * counts[name].counted, name
