"""The one-pass path of a scan (D110): each task analyses whole scopes.

:func:`run_one_pass` runs what ``lint`` runs in one process on every scope of a partition;
the rows of every dataset are converted to the JVM once, cached by one job on every core, and
each dataset is a projection of the cache (D111). :func:`run_one_pass_writing` is the same
path where each task writes its own Parquet parts with pyarrow and only counts come back
(D130).
"""

from __future__ import annotations

import math
import pickle
from collections import Counter

from pyspark import SparkContext, StorageLevel
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from analyzer.spark import parts as direct
from analyzer.spark import worker
from analyzer.spark.writing import FILES_PER_PART, Phases, jvm_frame, output_schema


def run_one_pass(
    spark: SparkSession,
    packs: list[tuple[worker.PackScope, ...]],
    task: worker.OnePass,
    phases: Phases,
) -> None:
    """The one-pass path: each partition analyses its whole scopes (D110); its rows are
    converted to the JVM once, cached, and each dataset is a projection of the cache."""
    rdd = spark.sparkContext.parallelize(packs, len(packs)).mapPartitions(task)
    one = jvm_frame(spark, rdd, output_schema())
    one.persist(StorageLevel.MEMORY_AND_DISK)
    phases.release.append(one.unpersist)
    # One job fills the cache on every core, a partition per pack; the writes then read
    # it in few tasks (few files per dataset and dialect), never analysing twice.
    # That job also counts the rows for the summary (no read-back job when no other path
    # wrote rows).
    phases.counts = _count_cached(one)
    if task.named is not None:  # the run-level workload check needs every file's piece
        found = one.select("workload").where(F.col("workload").isNotNull()).collect()
        phases.pieces.extend(pickle.loads(bytes(r[0])) for r in found)
    files = sum(len(s.files) + len(s.settled) for p in packs for s in p)
    parts = max(1, math.ceil(files / FILES_PER_PART))
    for name in worker.OUTPUT_DATASETS:
        frame = one.select(F.explode(name).alias("r")).select("r.*")
        phases.frames.setdefault(name, []).append(frame.coalesce(parts))
    phases.total += files


def run_one_pass_writing(
    context: SparkContext,
    packs: list[tuple[worker.PackScope, ...]],
    task: worker.OnePass,
    phases: Phases,
    out: str,
    datasets: tuple[str, ...],
) -> None:
    """The one-pass path where each task writes its rows itself (D130): the JVM schedules
    the tasks and collects their counts; no row passes through it."""
    direct.clear(out, datasets)
    writing = direct.WritingPass(task, datasets, out, phases.run)
    reports = context.parallelize(packs, len(packs)).mapPartitionsWithIndex(writing)
    counts: Counter[tuple[str, str]] = Counter()
    for counted, pieces in reports.collect():
        counts.update(counted)
        if task.named is not None:
            phases.pieces.extend(pickle.loads(p) for p in pieces)
    phases.counts = dict(counts)
    phases.total += sum(len(s.files) + len(s.settled) for p in packs for s in p)


def _count_cached(one: DataFrame) -> dict[tuple[str, str], int]:
    """The summary's counts (:func:`_counted_by`'s keys) of the one-pass rows, in one job
    over the nested frame (which fills its cache)."""
    counted: dict[tuple[str, str], str] = {
        ("files", "ok"): "size(filter(files, x -> x.ok))",
        ("files", "failed"): "size(filter(files, x -> NOT x.ok))",
        **{(name, ""): f"size({name})" for name in ("tables", "columns", "nodes", "replication")},
        **{
            (name, severity): f"size(filter({name}, x -> x.severity = '{severity}'))"
            for name in ("diagnostics", "findings")
            for severity in ("error", "warning", "info")
        },
        ("edges", "resolved"): "size(filter(edges, x -> x.resolved))",
        ("indexes", ""): "size(indexes)",
        ("edges", "unresolved"): "size(filter(edges, x -> NOT x.resolved))",
    }
    keys = list(counted)
    sizes = [F.expr(counted[key]) for key in keys]
    row = one.agg(*(F.sum(e).alias(f"c{i}") for i, e in enumerate(sizes))).collect()[0]
    return {key: int(row[i] or 0) for i, key in enumerate(keys)}
