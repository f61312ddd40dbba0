r"""The two-phase path of a scan (scopes over the one-pass budget, remote roots,
``--incremental``; D110).

:func:`run_two_phase` reads the files with Spark's ``binaryFile`` source and runs phase 1 per
file; the driver settles what Spark did not deliver; each file then travels with its
scope's link pieces in one shuffle keyed by ``(scope, group)`` to phase 2, and a second
shuffle by scope runs the scope rules and finishes the findings (see :mod:`analyzer.spark.scan`).

>>> print(_hadoop_path("/data/a[1].sql"))  # Spark reads load() paths as globs
file:///data/a\[1\].sql
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from pyspark import StorageLevel
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from analyzer.core import Options
from analyzer.ir import Diagnostic, FileResult, Severity
from analyzer.rows import (
    FILE_DATASETS,
    Row,
)
from analyzer.rules.registry import Rule
from analyzer.scope_dialect import FALLBACK_CODE, settle
from analyzer.spark import incremental as increment
from analyzer.spark import worker
from analyzer.spark.listing import (
    Listing,
    LocalNames,
    Places,
    RemotePlace,
    RemoteSelection,
    settle_on_driver,
)
from analyzer.spark.writing import (
    FILES_PER_PART,
    Phases,
    dataset_fields,
    record_schema,
    struct_type,
)
from analyzer.workflow import Prepared

_GLOB_CHARS = re.compile(r"([\\\[\]{}*?])")


def _hadoop_path(absolute: str) -> str:
    # Spark treats load() paths as globs: escape the metacharacters a file name may hold.
    return "file://" + _GLOB_CHARS.sub(r"\\\1", absolute)


def _reader(spark: SparkSession) -> Any:
    # A file that vanishes or cannot be read between listing and reading must not
    # fail the job; the driver settles it (see settle_on_driver).
    return (
        spark.read.format("binaryFile")
        .option("ignoreMissingFiles", "true")
        .option("ignoreCorruptFiles", "true")
    )


def _load_local(spark: SparkSession, absolute: Sequence[str]) -> DataFrame | None:
    """The ``binaryFile`` frame of the listed local files, or None when none is left.

    ``load`` checks that every path it is given exists, so one file removed between
    the listing and this call would fail the scan (PATH_NOT_FOUND): such files are
    dropped and the load retried; the driver then settles them (D005).  Files that
    vanish later, while the tasks read, are covered by ``ignoreMissingFiles``.
    """
    from pyspark.errors import AnalysisException

    paths = list(absolute)
    for _ in range(3):
        if not paths:
            return None
        try:
            frame: DataFrame = _reader(spark).load([_hadoop_path(a) for a in paths])
            return frame
        except AnalysisException as err:
            if err.getCondition() != "PATH_NOT_FOUND":
                raise
            paths = [a for a in paths if os.path.exists(a)]
    frame = _reader(spark).load([_hadoop_path(a) for a in paths])
    return frame


def _tagged(name: str, row: tuple[str, Row]) -> bool:
    return row[0] == name


def _untagged(row: tuple[str, Row]) -> Row:
    return row[1]


def _settle_dialects(
    sc: Any,
    spark_read: Any,
    listing: Listing,
    places: dict[str, tuple[str, int]],
    options: Options,
    source_rules: tuple[Rule, ...],
    phases: Phases,
) -> Any:
    """Phase 1 with each scope's dialect settled as ``lint`` settles it (D167): the driver
    collects each file's outline (path, scope, dialect, P003), reads again here the local
    files that fell back in a scope that settled on a dialect (they are few: grant and
    index scripts), and takes the P003 off all but the first of an undecided scope's.
    A remote file that fell back keeps its P003 (the driver cannot read it)."""
    outlines = spark_read.map(worker.outline).collect()
    if not any(fell for _, _, _, fell in outlines):
        return spark_read
    local = {shown: absolute for absolute, shown in listing.local}
    by_scope: dict[str, list[FileResult]] = {}
    for path, scope, dialect, fell in sorted(outlines, key=lambda o: places.get(o[0], ("", 0))):
        notes = (Diagnostic(FALLBACK_CODE, Severity.WARNING, ""),) if fell else ()
        by_scope.setdefault(scope, []).append(FileResult(path, dialect, None, diagnostics=notes))
    again: list[worker.Analysed] = []
    quiet: set[str] = set()
    for scope, files in by_scope.items():

        def redo(
            i: int, dialect: str, files: list[FileResult] = files, scope: str = scope
        ) -> FileResult:
            path = files[i].path
            if path in local:
                scoped = replace(options, scope_dialect=dialect)
                place = places.get(path, (scope, 0))
                again.append(settle_on_driver(local[path], path, None, scoped, place, source_rules))
            return files[i]

        def hush(item: FileResult) -> FileResult:
            quiet.add(item.path)
            return item

        settle(files, redo, hush)
    if not again and not quiet:
        return spark_read
    read_again = sc.broadcast({item.result.path for item in again})
    hushed = sc.broadcast(quiet)
    phases.release.extend((read_again.unpersist, hushed.unpersist))
    kept = spark_read.filter(worker.Kept(read_again)).map(worker.Quieted(hushed))
    return kept.union(sc.parallelize(again, 1)) if again else kept


def run_two_phase(
    spark: SparkSession,
    listing: Listing,
    places: dict[str, tuple[str, int]],
    options: Options,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    run: worker.RunSettings,
    source_rules: tuple[Rule, ...],
    file_rules: tuple[Rule, ...],
    phases: Phases,
    incremental: bool,
    out: str,
) -> int | None:
    """The two-phase path (scopes over the one-pass budget, remote roots, incremental
    scans): phase 1 per file, a shuffle of the files with their scope's link pieces,
    phase 2, then the scope step; adds its frames to ``phases``; returns how many files
    phase 1 analysed with ``incremental``."""
    sc = spark.sparkContext
    sizing = run.sizing
    names = sc.broadcast({absolute: shown for absolute, shown in listing.local})
    placed = sc.broadcast(places)
    phases.release.append(names.unpersist)
    phases.release.append(placed.unpersist)
    analyse = partial(worker.analyze_partition, options=options, sizing=sizing, rules=source_rules)
    phase1 = []
    to_read = listing.local
    plan = None
    if incremental:  # files whose bytes did not change reuse their phase 1 (D95)
        plan = increment.plan(
            spark, out, listing.local, places, increment.run_key(options, source_rules)
        )
        to_read = tuple((a, s) for a, s in listing.local if s not in plan.reuse)
        reused = sc.broadcast(plan.reuse)
        if plan.previous is not None:
            stored = spark.read.schema(increment.MANIFEST_SCHEMA).parquet(plan.previous)
            phase1.append(
                stored.select("file", "state").rdd.mapPartitions(increment.Reused(reused, placed))
            )
    frame = _load_local(spark, [a for a, _ in to_read]) if to_read else None
    if frame is not None:
        local = partial(analyse, display=LocalNames(names), place=Places(placed))
        phase1.append(frame.select("path", "content").rdd.mapPartitions(local))
    for i, root in enumerate(listing.remote):
        frame = _reader(spark).option("recursiveFileLookup", "true").load(root)
        remote = partial(
            analyse,
            display=RemoteSelection(root, include, exclude),
            place=RemotePlace(root, len(places) + i, options.config),
        )
        phase1.append(frame.select("path", "content").rdd.mapPartitions(remote))
    spark_read = sc.union(phase1) if phase1 else sc.emptyRDD()
    spark_read.persist(StorageLevel.MEMORY_AND_DISK)
    phases.release.append(spark_read.unpersist)
    phases.early.append(spark_read.unpersist)

    spark_read = _settle_dialects(sc, spark_read, listing, places, options, source_rules, phases)
    # Only the paths come back (and, with a workload, what its check needs of each file).
    named = worker.workload_names(run.workload)
    seen = spark_read.map(partial(worker.seen, named=named)).collect()
    seen_paths = {path for path, _ in seen}

    # Files Spark did not deliver, and listing problems, are settled here.
    settled = [worker.Analysed(Prepared(r), None, None) for r in listing.problems]
    pending = [(a, s, None) for a, s in listing.local if s not in seen_paths]
    for absolute, shown, size in (*listing.settle, *pending):
        place = places.get(shown, ("", 0))
        item = settle_on_driver(absolute, shown, size, options, place, source_rules)
        settled.append(item)
        seen.append(worker.seen(item, named))
    analysed = spark_read.union(sc.parallelize(settled, 1)) if settled else spark_read
    total = len(seen_paths) + len(settled)
    phases.total += total
    phases.pieces.extend(p for _, p in seen if p is not None)

    # Links per scope (D77): each file's small link piece travels, in the one shuffle of
    # phase 2, to every group of its scope, where the scope's links are gathered and its
    # files checked; a large scope is spread over groups; nothing global on the driver.
    here = {s for _, s in listing.local} | {s for _, s, _ in listing.settle}
    counts: dict[str, int] = {}
    for shown, scope in listing.scopes:
        if shown in here:
            counts[scope] = counts.get(scope, 0) + 1
    if listing.problems:
        counts[""] = counts.get("", 0) + len(listing.problems)
    parallelism = max(1, sc.defaultParallelism)
    salts, assigned, used = worker.plan_groups(counts, parallelism)
    partitions = parallelism if listing.remote else used
    salting = worker.Salting(
        sc.broadcast(salts), sc.broadcast(assigned), min(parallelism, worker.MAX_SALTS)
    )
    phases.release.append(salting.salts.unpersist)
    phases.release.append(salting.partitions.unpersist)
    keyed = analysed.flatMap(salting.keyed)
    grouped = keyed.groupByKey(partitions, salting.partition)
    checked = grouped.flatMap(
        partial(worker.check_group, sizing=sizing, rules=file_rules, indexing=run.indexing)
    )
    # Persisted in the JVM: the findings read the scope members, the writes the records.
    nested = spark.createDataFrame(checked, record_schema(), verifySchema=False)
    nested.persist(StorageLevel.MEMORY_AND_DISK)
    phases.release.append(nested.unpersist)
    parts = max(1, min(checked.getNumPartitions(), math.ceil(total / FILES_PER_PART)))
    scopes = set(counts) | set(listing.remote)
    tasks = max(1, min(len(scopes), sc.defaultParallelism))
    members = nested.select("scope", "member").rdd.map(worker.keyed_member)
    # One pass per scope gives its findings and its schema graph, tagged by dataset;
    # kept (small next to the files) so that each dataset's write reads it once.
    tagged = members.groupByKey(tasks).flatMap(partial(worker.finish_group, run=run))
    tagged.persist(StorageLevel.MEMORY_AND_DISK)
    phases.release.append(tagged.unpersist)
    for name in (*worker.TAGS, "audit"):
        frame = spark.createDataFrame(
            tagged.filter(partial(_tagged, name)).map(_untagged),
            struct_type(dataset_fields(name)),
            verifySchema=False,
        )
        phases.frames.setdefault(name, []).append(frame.coalesce(tasks))
    for name in (*FILE_DATASETS, *(["indexes"] if run.indexing is not None else [])):
        if name == "files":
            frame = nested.select("file.*")
        else:
            frame = nested.select(F.explode(name).alias("r")).select("r.*")
        phases.frames.setdefault(name, []).append(frame.coalesce(parts))
    if plan is not None:
        hashes = sc.broadcast(plan.hashes)
        rows = analysed.map(increment.ManifestRow(hashes, reused, plan.key))
        phases.manifest = (
            spark.createDataFrame(rows, increment.MANIFEST_SCHEMA, verifySchema=False),
            plan.next_path(out),
            parts,
        )
        return total - len(plan.reuse)
    return None
