"""A scope over the one-pass budget is spread over several tasks (issue 28, D191).

The spread path cuts one scope's files into chunks, runs phase 1 and phase 2 per chunk in
different tasks, merges the scope's links on the driver in between, and runs the scope
step once per scope.  Everything that crosses files must survive the cut: an alias type
defined in one chunk and used in another, foreign keys and ALTER TABLEs across chunks, a
table defined twice (C002), suppressions, a file with no dialect of its own (read again in
the scope's dialect, D167), SQL Server articles sized file by file (no file names its
articles) or by the scope step (one file calls ``sp_addarticle``).  Every dataset must hold
the rows the one-pass path writes for the same input, where one task holds the scope.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("pyspark", reason="pyspark is not installed: pip install -e '.[spark]'")

from analyzer.core import Options
from analyzer.rows import DATASETS, SCOPE_DATASETS, read_order
from analyzer.spark.scan import Budget, run_scan
from analyzer.spark.spread import plan_chunks


def _table(i: int) -> str:
    refs = f",\n    parent_id int NULL REFERENCES dbo.t{i - 1} (id)" if i > 1 else ""
    return (
        f"CREATE TABLE dbo.t{i} (\n    id int NOT NULL PRIMARY KEY,\n"
        f"    amount dbo.Amount NULL,\n    name nvarchar(40) NULL{refs}\n)\nGO\n"
    )


def _tree(root: Path, articles: bool) -> Path:
    scope = root / ("published" if articles else "plain")
    scope.mkdir(parents=True)
    (scope / "a_types.sql").write_text(
        "CREATE TYPE dbo.Amount FROM decimal(19,4) NULL\nGO\n", encoding="utf-8"
    )
    for i in range(1, 13):
        (scope / f"t{i:02d}.sql").write_text(_table(i), encoding="utf-8")
    # a table defined again, a key added to an earlier file's table, a suppression
    (scope / "u_again.sql").write_text(
        "CREATE TABLE dbo.t3 (id int NOT NULL PRIMARY KEY)\nGO\n"
        "ALTER TABLE dbo.t1 ADD CONSTRAINT fk_t1_t12 FOREIGN KEY (parent) "
        "REFERENCES dbo.t12 (id)\nGO\n"
        "CREATE TABLE dbo.loose (id int NOT NULL, x int NULL REFERENCES dbo.nowhere (id)) "
        "-- ddlaudit: ignore[K003]\nGO\n",
        encoding="utf-8",
    )
    # no dialect evidence of its own: read in the scope's (T-SQL)
    (scope / "v_plain.sql").write_text("CREATE TABLE t_plain (a int, b char(3))\n", "utf-8")
    if articles:
        (scope / "w_publish.sql").write_text(
            "exec sp_addarticle @publication = N'pub', @article = N't2', "
            "@source_object = N't2', @upd_cmd = N'CALL sp_MSupd_dbot2'\nGO\n",
            encoding="utf-8",
        )
    (scope / "ddlaudit.toml").touch()
    return scope


def rows(spark: Any, out: Path, dataset: str) -> Counter[tuple[Any, ...]]:
    keep = [c for c in read_order(dataset) if c != "analysis_ms"]
    frame = spark.read.parquet(str(out / dataset)).select(*keep)
    return Counter(tuple(r) for r in frame.collect())


@pytest.mark.spark
@pytest.mark.parametrize("articles", [False, True], ids=["plain", "published"])
def test_a_spread_scope_writes_what_one_task_writes(
    spark: Any, tmp_path: Path, articles: bool
) -> None:
    scope = _tree(tmp_path / "in", articles)
    whole = Budget(bytes=1 << 40, files=1 << 30, fair_share=False)
    spread = Budget(files=0)  # every scope over the budget: spread over the cores
    written = {}
    for name, budget in (("whole", whole), ("spread", spread)):
        out = tmp_path / name
        summary = run_scan([str(scope)], str(out), options=Options(), progress=False,
                           budget=budget)  # fmt: skip
        assert summary.files == 15 + articles
        written[name] = {d: rows(spark, out, d) for d in (*DATASETS, *SCOPE_DATASETS)}
        assert not list(out.glob("_spread-*")), "the spill is removed"
    for dataset, found in written["whole"].items():
        assert written["spread"][dataset] == found, dataset
    # the spread run had several phase-2 tasks for the one scope
    parts = {p.name.split("-")[1] for p in (tmp_path / "spread" / "files").rglob("part-*-s2*")}
    assert len(parts) >= 2
    # not vacuous: what crosses chunks is in the rows
    one = written["whole"]
    codes = Counter(r[1] for r in one["findings"])
    assert codes["C002"] == 1 and "K003" not in codes and codes["G001"] == 1
    columns = [dict(zip(read_order("columns"), r, strict=False)) for r in one["columns"]]
    amounts = [c for c in columns if c["name"] == "amount"]
    assert len(amounts) == 12 and {(c["precision"], c["user_type"]) for c in amounts} == {
        (19, "dbo.Amount")
    }
    files = [dict(zip(read_order("files"), r, strict=False)) for r in one["files"]]
    assert {f["dialect"] for f in files} == {"tsql"}  # v_plain.sql read as T-SQL
    replication = [dict(zip(read_order("replication"), r, strict=False))
                   for r in one["replication"]]  # fmt: skip
    articled = {r["object"] for r in replication if r["kind"] == "article"}
    assert articled == ({"dbo.t2"} if articles else {f"dbo.t{i}" for i in range(1, 13)} |
                        {"dbo.t3", "dbo.loose", "t_plain"})  # fmt: skip


@given(
    sizes=st.lists(st.integers(0, 10_000), min_size=1, max_size=60),
    cores=st.integers(1, 8),
    chunk=st.integers(1, 50_000),
)
def test_chunks_keep_the_listing_order_and_cover_every_file(
    sizes: list[int], cores: int, chunk: int
) -> None:
    files = [(f"/{i}", str(i), i, size) for i, size in enumerate(sizes)]
    chunks = plan_chunks([("s", files)], cores, chunk)
    assert [f for c in chunks for f in c.files] == files
    assert all(c.files and c.scope == "s" for c in chunks)
    wanted = max(2 * cores, -(-sum(max(1, s) for s in sizes) // chunk))
    wanted = -(-wanted // cores) * cores
    assert len(chunks) == min(len(files), wanted)


def test_scan_conf_must_be_key_equals_value(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from analyzer.cli import main

    got = CliRunner().invoke(
        main, ["scan", str(tmp_path), "--out", str(tmp_path / "o"), "--conf", "scopeFiles"]
    )
    assert got.exit_code == 2
    assert "'scopeFiles': expected KEY=VALUE" in got.output


def test_tasks_run_with_the_clis_collector_thresholds(tmp_path: Path) -> None:
    """Spark's Python workers are started by PySpark's daemon, never by the CLI: a task
    of the spread or the one-pass path sets the CLI's thresholds itself (D133, D203)."""
    import gc

    from analyzer.collector import YOUNG_COLLECTIONS_EVERY
    from analyzer.rules.selection import resolve
    from analyzer.settings import SizingSettings
    from analyzer.spark.spread import PhaseOne
    from analyzer.spark.worker import OnePass, Reported, RunSettings

    saved = gc.get_threshold()
    selection = resolve(Options().config.lint)
    run = RunSettings(selection, SizingSettings(), None, False, Reported("/", "/"))
    tasks = [
        lambda: list(PhaseOne(Options(), (), str(tmp_path))(0, [])),
        lambda: list(OnePass(Options(), SizingSettings(), (), (), run)([])),
    ]
    try:
        for task in tasks:
            gc.set_threshold(700, 10, 10)  # CPython's default, as a Spark worker has it
            task()
            assert gc.get_threshold()[0] >= YOUNG_COLLECTIONS_EVERY
    finally:
        gc.set_threshold(*saved)
