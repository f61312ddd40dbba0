"""``scan --incremental`` (issue 21 item 5): after one file of 200 changes, an
incremental rescan analyses only that file and writes the same datasets as a full scan.

The changed file defines the alias type the other T-SQL files use, so the unchanged
files' ``columns`` rows change too: reusing their parse is right only because phase 2
and the scope step run again over every file (D95).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspark", reason="pyspark is not installed: pip install -e '.[spark]'")

from analyzer.core import Options
from analyzer.rows import DATASETS, SCOPE_DATASETS
from analyzer.spark.scan import run_scan

FILES = 200
TYPES = "tsql/types.sql"


def write_tree(root: Path, amount: str) -> None:
    (root / "tsql").mkdir(parents=True, exist_ok=True)
    (root / TYPES).write_text(f"CREATE TYPE dbo.Amount FROM {amount} NOT NULL;\nGO\n")
    for i in range(1, FILES):
        sub = root / "tsql" / f"d{i % 4}"
        sub.mkdir(exist_ok=True)
        fk = (
            f",\n    CONSTRAINT fk_{i} FOREIGN KEY (p) REFERENCES dbo.t{i - 1} (id)"
            if i > 1
            else ""
        )
        (sub / f"t{i:03}.sql").write_text(
            f"CREATE TABLE dbo.t{i} (\n    id int NOT NULL PRIMARY KEY,\n    p int NULL,\n"
            f"    amount dbo.Amount,\n    note varchar({i}) NULL{fk}\n);\nGO\n"
        )


def rows(spark: Any, out: Path, dataset: str) -> Counter[tuple[Any, ...]]:
    frame = spark.read.parquet(str(out / dataset))
    keep = [c for c in frame.columns if c != "analysis_ms"]  # a timing
    return Counter(tuple(r) for r in frame.select(*keep).collect())


@pytest.mark.spark
def test_incremental_rescan_reanalyses_one_file_and_equals_a_full_scan(
    spark: Any, tmp_path: Path
) -> None:
    root, out, full = tmp_path / "repo", tmp_path / "out", tmp_path / "full"
    write_tree(root, "decimal(19,4)")
    options = Options()
    first = run_scan([str(root)], str(out), options=options, progress=False, incremental=True)
    assert first.files == FILES and first.reanalysed == FILES
    before = rows(spark, out, "columns")

    (root / TYPES).write_text("CREATE TYPE dbo.Amount FROM decimal(9,2) NOT NULL;\nGO\n")
    again = run_scan([str(root)], str(out), options=options, progress=False, incremental=True)
    assert again.reanalysed == 1 and "1 file analysed, 199 reused" in again.render()
    manifest = spark.read.parquet(str(out / "manifest")).where("analysed").collect()
    assert [Path(r["file"]).name for r in manifest] == ["types.sql"]

    run_scan([str(root)], str(full), options=options, progress=False)
    for dataset in (*DATASETS, *SCOPE_DATASETS):
        assert rows(spark, out, dataset) == rows(spark, full, dataset), dataset
    # The unchanged files' columns did change: the alias type is resolved again.
    assert rows(spark, out, "columns") != before
