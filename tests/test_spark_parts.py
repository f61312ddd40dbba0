"""One-pass tasks write their own Parquet parts with pyarrow (D130).

The JVM writer (``spark.ddlaudit.taskWrites = false``) is the reference: a scan of the
fixtures writes the same rows, the same partition directories and files Spark reads with
the same schema either way. Without Spark: the part files' layout, Spark's schema
metadata, partition-value escaping, row groups, a failed task leaving nothing a reader
takes, and the empty dataset.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyarrow", reason="pyarrow is not installed: pip install -e '.[spark]'")
pytest.importorskip("pyspark", reason="pyspark is not installed: pip install -e '.[spark]'")

import pyarrow.parquet as pq

from analyzer.rows import DATASETS, OPTIONAL_DATASETS, SCOPE_DATASETS, read_order
from analyzer.spark import parts
from analyzer.spark.scan import BudgetError, run_scan, struct_type

ROOT = Path(__file__).resolve().parents[1]
ALL = {**DATASETS, **SCOPE_DATASETS, **OPTIONAL_DATASETS}


def visible_files(root: Path) -> list[str]:
    return sorted(
        str(p.relative_to(root))
        for p in root.rglob("*")
        if p.is_file() and not p.name.startswith((".", "_"))
    )


def test_spark_metadata_is_what_spark_writes_for_every_dataset() -> None:
    for fields in ALL.values():  # pyspark sorts the keys; the JVM does not (below)
        assert json.loads(parts.spark_metadata(fields)) == json.loads(struct_type(fields).json())


def test_partition_values_are_escaped_as_spark_escapes_them() -> None:
    assert parts.escape_partition("sybase") == "sybase"
    assert parts.escape_partition(None) == parts.NULL_PARTITION
    assert parts.escape_partition("") == parts.NULL_PARTITION
    assert parts.escape_partition("x:y\n%") == "x%3Ay%0A%25"


_FILLER = {"string": "x", "int": 0, "long": 0, "bool": False}


def _row(name: str, **values: Any) -> tuple[Any, ...]:
    """A row of ``name``: ``values``, the rest null, or a filler where null is not allowed."""
    return tuple(values.get(f.name, None if f.nullable else _FILLER[f.type]) for f in ALL[name])


def _edge(scope: str, dialect: str | None, resolved: bool) -> tuple[Any, ...]:
    return _row("edges", scope=scope, dialect=dialect, resolved=resolved)


def test_a_task_writes_one_file_per_partition_value_in_row_groups(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parts, "ROW_GROUP", 3)
    rows = [_edge(f"s{i}", "tsql" if i % 3 else None, i % 2 == 0) for i in range(10)]
    writer = parts.PartWriter(str(tmp_path), "00007-run")
    writer.add("edges", rows)
    writer.close()
    assert visible_files(tmp_path) == [
        f"edges/dialect={parts.NULL_PARTITION}/part-00007-run.snappy.parquet",
        "edges/dialect=tsql/part-00007-run.snappy.parquet",
    ]
    tsql = pq.ParquetFile(tmp_path / "edges/dialect=tsql/part-00007-run.snappy.parquet")
    assert tsql.metadata.num_row_groups == 2  # 6 rows, flushed every 3: bounded memory
    assert tsql.metadata.num_rows == 6
    table = tsql.read()
    kept = [f for f in DATASETS["edges"] if f.name != "dialect"]
    assert table.column_names == [f.name for f in kept]
    assert table.column("scope").to_pylist() == [f"s{i}" for i in range(10) if i % 3]
    metadata = tsql.schema_arrow.metadata[parts.SPARK_METADATA_KEY.encode()]
    assert json.loads(metadata) == json.loads(struct_type(kept).json())
    assert not [p for p in tmp_path.rglob(".*")]  # no temporary file left


def test_a_failed_task_leaves_no_file_a_reader_takes(tmp_path: Path) -> None:
    class Boom(Exception):
        pass

    def task(packs: Any) -> Iterator[Any]:
        files = [_row("files", dialect="tsql", ok=True)]
        yield files, *([],) * 9, None
        raise Boom

    writing = parts.WritingPass(task, ("files",), str(tmp_path), "run")  # type: ignore[arg-type]
    with pytest.raises(Boom):
        list(writing(0, []))
    assert list(tmp_path.rglob("*.parquet*")) == []


def test_a_task_reports_counts_and_workload_pieces(tmp_path: Path) -> None:
    def task(packs: Any) -> Iterator[Any]:
        files, edges = [_row("files", dialect="tsql", ok=True)], [_edge("s", "tsql", False)]
        yield files, [], [], [], [], [], edges, [], [], [], b"piece"

    writing = parts.WritingPass(task, ("files", "edges"), str(tmp_path), "r")  # type: ignore[arg-type]
    (report,) = writing(3, [])
    assert report == ({("files", "ok"): 1, ("edges", "unresolved"): 1}, [b"piece"])
    assert visible_files(tmp_path) == [
        "edges/dialect=tsql/part-00003-r.snappy.parquet",
        "files/dialect=tsql/part-00003-r.snappy.parquet",
    ]


def test_an_empty_dataset_is_one_schema_only_file(tmp_path: Path) -> None:
    parts.finish(str(tmp_path), ["replication"])
    assert visible_files(tmp_path) == ["replication/part-00000-empty.snappy.parquet"]
    assert (tmp_path / "replication" / "_SUCCESS").exists()
    schema = pq.read_schema(tmp_path / "replication" / "part-00000-empty.snappy.parquet")
    assert schema.names == list(read_order("replication"))


def _rows(spark: Any, out: Path, dataset: str) -> Counter[tuple[Any, ...]]:
    keep = [c for c in read_order(dataset) if c != "analysis_ms"]
    frame = spark.read.parquet(str(out / dataset)).select(*keep)
    return Counter(tuple(r) for r in frame.collect())


def _layout(root: Path) -> set[str]:
    """The partition directories (and unpartitioned files) of a written scan."""
    return {str(p.parent.relative_to(root)) for p in root.rglob("*.parquet") if p.parent != root}


@pytest.fixture
def task_writes(spark: Any) -> Iterator[Any]:
    yield spark
    spark.conf.unset("spark.ddlaudit.taskWrites")


@pytest.mark.spark
def test_task_writes_equal_the_jvm_writer_on_the_fixtures(task_writes: Any, tmp_path: Path) -> None:
    spark = task_writes
    summaries = {}
    for setting in ("false", "true"):
        spark.conf.set("spark.ddlaudit.taskWrites", setting)
        out = tmp_path / setting
        summaries[setting] = run_scan(
            [str(ROOT / "fixtures")], str(out), progress=False, indexes=True,
            audit_to="postgres",
        )  # fmt: skip
    jvm, tasks = tmp_path / "false", tmp_path / "true"
    same = {"seconds": 0, "out": "", "datasets": None}
    assert {**summaries["true"].to_dict(), **same} == {**summaries["false"].to_dict(), **same}
    assert [n for n, _ in summaries["true"].datasets] == [n for n, _ in summaries["false"].datasets]
    names = [*DATASETS, *SCOPE_DATASETS, "audit", "indexes"]
    for name in names:
        assert _rows(spark, tasks, name) == _rows(spark, jvm, name), name
        assert spark.read.parquet(str(tasks / name)).schema == (
            spark.read.parquet(str(jvm / name)).schema
        ), name
        assert (tasks / name / "_SUCCESS").exists()
    # Not vacuous: every dialect's partition of the file datasets, and rows in each.
    dialects = ("tsql", "sybase", "teradata", "hirdb")
    assert _layout(tasks) >= {f"tables/dialect={d}" for d in dialects}
    assert {p.split("/")[0] for p in _layout(tasks)} >= set(names) - {"replication"}
    assert sum(_rows(spark, tasks, "columns").values()) == summaries["true"].columns > 1000
    # The JVM writer wrote this run's files through its committer; the tasks' own are named
    # by partition index and run, with no temporary file left behind.
    assert all(p.name.startswith("part-0") for p in tasks.rglob("*.parquet"))
    for name in names:  # Spark's own schema metadata, byte for byte as the JVM writes it
        key = parts.SPARK_METADATA_KEY.encode()
        ours, theirs = (
            {pq.read_schema(p).metadata[key] for p in (root / name).rglob("*.parquet")}
            for root in (tasks, jvm)
        )
        assert ours == theirs, name
    assert not [p for p in tasks.rglob(".*")]


@pytest.mark.spark
def test_a_rescan_replaces_the_earlier_parts(task_writes: Any, tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "a.sql").write_text("CREATE TABLE t (a int NOT NULL)\nGO\n", encoding="utf-8")
    out = tmp_path / "out"
    run_scan([str(tree)], str(out), progress=False)
    first = visible_files(out)
    (tree / "a.sql").write_text("CREATE TABLE u (b int NOT NULL)\nGO\n", encoding="utf-8")
    run_scan([str(tree)], str(out), progress=False)
    assert len(visible_files(out)) == len(first)  # replaced, not added to
    names = [r["table"] for r in task_writes.read.parquet(str(out / "tables")).collect()]
    assert names == ["u"]


@pytest.mark.spark
def test_a_bad_task_writes_setting_stops_the_scan(task_writes: Any, tmp_path: Path) -> None:
    task_writes.conf.set("spark.ddlaudit.taskWrites", "sometimes")
    with pytest.raises(BudgetError, match="taskWrites = 'sometimes': expected true or false"):
        run_scan([str(ROOT / "fixtures" / "tsql")], str(tmp_path / "out"), progress=False)
    assert not os.path.exists(tmp_path / "out" / "tables")
