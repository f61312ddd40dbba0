"""``ddlaudit scan --indexes``: the ``indexes`` dataset equals, row for row, what ``ddlaudit
size --indexes`` reports for the same paths (D118), on both paths of the scan (one pass and
two-phase, D110); without ``--indexes`` there is no such dataset.  And a bad
``spark.ddlaudit.scope*`` setting is a usage error (exit 2), not a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from analyzer import rows
from analyzer.cli import main

pytest.importorskip("pyspark", reason="pyspark is not installed: pip install -e '.[spark]'")

from analyzer.config import load
from analyzer.core import Options
from analyzer.spark.planning import _conf_count
from analyzer.spark.scan import Budget, BudgetError, run_scan

ROWS = 1_000_000

#: One scope (one PATH, no project markers): the T-SQL indexes, one with INCLUDE, are
#: created in another file than their tables; an ASE data-only-locked table; Teradata USI
#: and NUSI; a HiRDB index (listed, not sized).
TREE = {
    "mssql_tables.sql": """CREATE TABLE h (a int NOT NULL, b varchar(20) NULL, c char(10) NOT NULL)
GO
CREATE TABLE dbo.t (id int NOT NULL CONSTRAINT pk_t PRIMARY KEY, code char(8) NOT NULL UNIQUE,
  v varchar(40) NULL)
GO
""",
    "mssql_indexes.sql": """CREATE INDEX ix_c ON h (c) INCLUDE ([b]) WITH (FILLFACTOR = 80)
GO
CREATE NONCLUSTERED INDEX ix_v ON dbo.t (v) INCLUDE (code)
GO
""",
    "ase.sql": """create table dol (id int not null, v varchar(20) null) lock datarows
go
create unique clustered index dol_id on dol (id)
go
create index dol_v on dol (v) with fillfactor = 70
go
""",
    "td.sql": """CREATE MULTISET TABLE db.t, FALLBACK (a INTEGER NOT NULL, b CHAR(5), c VARCHAR(30),
  d DATE, PRIMARY KEY (a)) PRIMARY INDEX (c);
CREATE UNIQUE INDEX (b) ON db.t;
CREATE INDEX (b, d) ON db.t;
""",
    "hirdb.sql": """CREATE TABLE STAFF (NAME NVARCHAR(10), SEX NCHAR(1), AGE SMALLINT);
CREATE INDEX AGEIDX ON STAFF (AGE) IN (RDAREA02) PCTFREE = 20;
""",
}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    for name, text in TREE.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


def _size_rows(tree: Path) -> Counter[tuple[Any, ...]]:
    """The rows ``size --indexes --rows N --format json`` gives, in the dataset's fields."""
    got = CliRunner().invoke(
        main, ["size", str(tree), "--indexes", "--rows", str(ROWS), "--format", "json"]
    )
    assert got.exit_code == 0, got.output
    out: Counter[tuple[Any, ...]] = Counter()
    for table in json.loads(got.stdout)["tables"]:
        for ix in table["indexes"]:
            span = ix.get("span") or {}
            known = {
                "file": ix["path"],
                "table": ix["table"],
                "key_columns": ", ".join(ix["columns"]),
                "included_columns": ", ".join(ix["included"]),
                "line": span.get("line"),
                "dialect": table["dialect"],  # the file's (the table's) dialect
            }
            out[tuple(known.get(n, ix.get(n)) for n in rows.read_order("indexes"))] += 1
    return out


def _scanned(spark: Any, out: Path) -> Counter[tuple[Any, ...]]:
    frame = spark.read.parquet(str(out / "indexes")).select(*rows.read_order("indexes"))
    return Counter(tuple(r) for r in frame.collect())


@pytest.mark.spark
def test_scan_indexes_equal_size_indexes_on_both_paths(spark: Any, tree: Path) -> None:
    expected = _size_rows(tree)
    # Not vacuous: every platform, the INCLUDE read from the other file, figures at N rows.
    by_name = {r[3]: dict(zip(rows.read_order("indexes"), r, strict=True)) for r in expected}
    assert {r[2] for r in expected} == {"mssql", "ase", "teradata", "hirdb"}
    assert by_name["ix_c"]["included_columns"] == "b"
    assert by_name["ix_c"]["file"].endswith("mssql_tables.sql")
    assert by_name["ix_v"]["included_columns"] == "code" and by_name["ix_v"]["pages"]
    assert by_name["dol_v"]["fill_factor"] == 70 and by_name["dol_v"]["pages"]
    assert {"USI (b)", "NUSI (b, d)", "AGEIDX"} <= set(by_name)
    assert by_name["pk_t"]["rows"] == ROWS

    # The command line (default budget: this small scope takes the one pass).
    cli_out = tree.parent / "cli"
    args = ["--out", str(cli_out), "--indexes", "--rows", str(ROWS), "--no-progress"]
    got = CliRunner().invoke(main, ["scan", str(tree), *args])
    assert got.exit_code == 0, got.output
    assert f"indexes: {sum(expected.values())} rows" in got.stdout
    assert _scanned(spark, cli_out) == expected
    assert (cli_out / "indexes" / "dialect=tsql").is_dir()

    # Both paths forced, from Python: the same rows, and the summary counts them.
    config = load(None)
    options = Options(config=replace(config, sizing=replace(config.sizing, rows=ROWS)))
    budgets = {
        "one_pass": Budget(bytes=1 << 40, files=1 << 30, fair_share=False),
        "two_phase": Budget(files=0),
    }
    for name, budget in budgets.items():
        out = tree.parent / name
        summary = run_scan(
            [str(tree)], str(out), options=options, progress=False, budget=budget, indexes=True
        )
        assert _scanned(spark, out) == expected, name
        assert summary.indexes == sum(expected.values()), name
        assert summary.to_dict()["indexes"] == summary.indexes
        assert summary.path("indexes") == str(out / "indexes")


@pytest.mark.spark
def test_no_indexes_dataset_without_the_option(spark: Any, tree: Path) -> None:
    out = tree.parent / "plain"
    summary = run_scan([str(tree)], str(out), progress=False, budget=Budget(files=0))
    assert not (out / "indexes").exists()
    assert summary.indexes is None and "indexes:" not in summary.render()
    assert "indexes" not in dict(summary.datasets) and (out / "tables").is_dir()


def test_a_failed_index_sizing_is_a_d900_of_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The task's per-file step (:func:`worker.check` with :class:`worker.Indexing`) gives
    the rows of ``file_indexes``; when sizing fails (here: SQL Server's index estimator
    raises, a fault put in its place), the file gets a D900 and no row."""
    from analyzer.estimators import indexes as index_estimators
    from analyzer.estimators.indexes import file_indexes
    from analyzer.settings import SizingSettings
    from analyzer.spark import worker

    path = tmp_path / "inc.sql"
    ddl = "CREATE TABLE h (a int NOT NULL, b varchar(20) NULL)\nGO\n"
    path.write_text(ddl + "CREATE INDEX ix_a ON h (a) INCLUDE ([b])\nGO\n")
    sizing = SizingSettings(rows=ROWS)
    analysed = worker.analyze_file(str(path), path.read_bytes(), Options(dialect="tsql"))
    done = worker.check(analysed, (), sizing, None, (), worker.Indexing())
    result = done.member.checked.result
    assert done.indexes == tuple(rows.index_rows(file_indexes(result, sizing), "tsql"))
    assert [r[3] for r in done.indexes] == ["ix_a"] and done.indexes[0][8] == "b"

    def fault() -> Any:
        def estimate(*args: Any) -> Any:
            raise ValueError("index estimator fault")

        return estimate

    monkeypatch.setitem(index_estimators.INDEX_ESTIMATORS, "mssql", fault)
    failed, made = worker.file_index_rows(result, sizing, worker.Indexing())
    assert made == () and failed.tables == result.tables
    assert [d.code for d in failed.diagnostics] == ["D900"]
    assert "index estimator fault" in failed.diagnostics[0].message


def test_budget_settings_must_be_non_negative_integers() -> None:
    assert _conf_count("123", "scopeBytes") == 123 and _conf_count("", "scopeFiles", 5) == 5
    for bad in ("-1", "ten", "1e6", "1_000", "+3", "٣"):
        with pytest.raises(BudgetError, match=r"spark\.ddlaudit\.scopeFiles = .*non-negative"):
            _conf_count(bad, "scopeFiles")


@pytest.mark.spark
def test_a_bad_budget_setting_is_a_usage_error(tmp_path: Path, tree: Path) -> None:
    """End to end: ``ddlaudit scan`` with ``spark.ddlaudit.scopeFiles`` set to ``-1`` in
    spark-defaults.conf (what ``--conf`` sets) exits 2 naming the setting."""
    from analyzer.spark.session import java_problem

    if java_problem() is not None:
        pytest.skip(f"Spark tests need Java 17+: {java_problem()}")
    conf = tmp_path / "conf"
    conf.mkdir()
    (conf / "spark-defaults.conf").write_text("spark.ddlaudit.scopeFiles  -1\n")
    env = {**os.environ, "SPARK_CONF_DIR": str(conf)}
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from analyzer.cli import main; main()",
            "scan",
            str(tree),
            "--out",
            str(tmp_path / "o"),
            "--master",
            "local[1]",
            "--no-progress",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 2, done.stderr
    assert "spark.ddlaudit.scopeFiles = '-1': expected a non-negative integer" in done.stderr
    assert "Traceback" not in done.stderr
