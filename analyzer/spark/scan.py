"""``ddlaudit scan``: analyse a repository of DDL on Spark and write Parquet datasets.

The driver selects the files (the same discovery, include and exclude globs and
scopes as ``ddlaudit lint``: ``[scopes]``, project markers, else each PATH; D77), Spark
reads them with its
``binaryFile`` source, and each partition runs the workflow layer
(:mod:`analyzer.workflow` through :mod:`analyzer.spark.worker`) with ``[lint]``'s
selection, so the findings are ``lint``'s.  Output: five Parquet datasets under
``out/`` whose schemas come from :mod:`analyzer.rows` (docs/output-schema.md)::

    out/files  out/tables  out/columns  out/diagnostics  out/findings
    out/nodes  out/edges  out/replication  (out/audit with --audit-to,
    out/indexes with --indexes)

Every dataset is partitioned by the dialect of the row's file (``rows.PARTITION_COLUMNS``,
D112). Two paths, chosen per scope on the driver from the listing (D110):

* **one pass** (scopes within the :class:`Budget`, most repositories' scopes): whole
  scopes are packed into partitions by bytes; each task reads its files and runs, per
  scope, what ``lint`` runs in one process (phase 1, the scope's links, phase 2, the
  scope step), emitting the rows of every dataset; they are converted to the JVM once,
  cached by one job on every core, and each dataset is a projection of the cache (D111);
* **two phases** (a scope too large for one task, remote roots, ``--incremental``):

  1. phase 1 over every file (decode, parse, IR, source rules, suppression comments),
     persisted; the driver collects only the paths (and, with a workload, what its
     check needs of the tables);
  2. files Spark did not deliver (empty files, which ``binaryFile`` skips; files
     that vanished or became unreadable; files over :data:`MAX_FILE_BYTES`) are
     settled on the driver, so no selected file is ever missing from ``files``;
  3. each file travels with its small link piece (alias types, tables, keys, changes,
     replication objects) in a shuffle keyed by ``(scope, group)``: a group receives its
     files and the piece of every file of the scope (a large scope is spread over a few
     groups, balanced by the driver from the listing), gathers the scope's links there
     and runs phase 2 (passes, estimates, file rules, flatten), persisted;
  4. its output is grouped by scope, where each scope's task runs the scope rules and
     replication findings and finishes every finding (severity, selection,
     suppressions, fingerprints), the graph, replication and audit rows;
  5. the records of phase 2 become one nested DataFrame, persisted, from which
     ``files``, ``tables``, ``columns`` and ``diagnostics`` are projections.

Each dataset is written once, from the union of both paths' frames; the workload's own
findings are checked on the driver; the summary is counted back from the written
datasets.
"""

from __future__ import annotations

import importlib.util
import math
import os
import pickle
import re
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from functools import partial, reduce
from types import TracebackType
from typing import Any

from pyspark import SparkContext, StorageLevel
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql import types as T

from analyzer import workflow
from analyzer.config import Config
from analyzer.core import Options
from analyzer.ir import Column, FileResult, Table
from analyzer.passes.link_context import ReplicationContext, merge_contexts
from analyzer.records import record
from analyzer.rows import (
    DATASETS,
    FILE_DATASETS,
    OPTIONAL_DATASETS,
    PARTITION_COLUMNS,
    SCOPE_DATASETS,
    Field,
    Row,
)
from analyzer.rules.registry import Rule
from analyzer.rules.selection import Selection, resolve
from analyzer.scopes import scope_of
from analyzer.settings import SizingSettings
from analyzer.source import _matches
from analyzer.spark import incremental as increment
from analyzer.spark import parts as direct
from analyzer.spark import worker
from analyzer.spark.session import Session, get_session, java_problem
from analyzer.workflow import Prepared

#: Larger files are not handed to Spark (``binaryFile`` fails the whole job
#: above 2 GiB); they get a D005 diagnostic instead.  No DDL script is this big.
MAX_FILE_BYTES = worker.MAX_FILE_BYTES

#: Output files per dataset: one Parquet part per this many input files (at
#: least one), so a small scan does not leave hundreds of tiny parts.
FILES_PER_PART = 5000

_SPARK_TYPES: dict[str, T.DataType] = {
    "string": T.StringType(),
    "int": T.IntegerType(),
    "long": T.LongType(),
    "bool": T.BooleanType(),
}
_URI = worker.URI
_GLOB_CHARS = re.compile(r"([\\\[\]{}*?])")


class SparkUnavailable(RuntimeError):
    """Spark cannot run here: no Java 17+, or the JVM failed to start."""


def struct_type(fields: Sequence[Field]) -> T.StructType:
    """The Spark schema of a dataset defined in :mod:`analyzer.rows`."""
    return T.StructType([T.StructField(f.name, _SPARK_TYPES[f.type], f.nullable) for f in fields])


def record_schema() -> T.StructType:
    """The nested row of one checked file (:data:`analyzer.spark.worker.CheckedRow`): its
    ``files`` row, its ``tables``, ``columns`` and ``diagnostics`` rows, its scope, its
    pickled scope member and its ``indexes`` rows (``scan --indexes``)."""
    return T.StructType(
        [
            T.StructField("file", struct_type(DATASETS["files"]), False),
            *(
                T.StructField(name, T.ArrayType(struct_type(DATASETS[name]), False), False)
                for name in FILE_DATASETS[1:]
            ),
            T.StructField("scope", T.StringType(), False),
            T.StructField("member", T.BinaryType(), False),
            T.StructField(
                "indexes", T.ArrayType(struct_type(OPTIONAL_DATASETS["indexes"]), False), False
            ),
        ]
    )


@record
class ScanSummary:
    """What a scan wrote, counted back from the written Parquet datasets."""

    files: int
    tables: int
    columns: int
    errors: int
    warnings: int
    infos: int
    files_failed: int
    seconds: float
    out: str
    datasets: tuple[tuple[str, str], ...] = field(default=())
    #: ``findings`` rows by severity (not part of the exit status: ``lint`` decides that).
    finding_errors: int = 0
    finding_warnings: int = 0
    finding_infos: int = 0
    #: The schema graphs of the scopes: ``nodes`` rows, resolved and unresolved ``edges``.
    nodes: int = 0
    edges: int = 0
    unresolved: int = 0
    #: ``scan --incremental``: files phase 1 analysed in this run (the others reused).
    reanalysed: int | None = None
    #: ``scan --indexes``: the ``indexes`` rows (None: the dataset was not asked for).
    indexes: int | None = None

    @property
    def diagnostics(self) -> int:
        """All diagnostic rows."""
        return self.errors + self.warnings + self.infos

    @property
    def findings(self) -> int:
        """All ``findings`` rows."""
        return self.finding_errors + self.finding_warnings + self.finding_infos

    def path(self, dataset: str) -> str:
        """Where ``dataset`` (a key of :data:`analyzer.rows.DATASETS`) was written."""
        return dict(self.datasets)[dataset]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (for ``--format json`` style output and logs)."""
        return {
            "files": self.files,
            "tables": self.tables,
            "columns": self.columns,
            "diagnostics": {"error": self.errors, "warning": self.warnings, "info": self.infos},
            "findings": {
                "error": self.finding_errors,
                "warning": self.finding_warnings,
                "info": self.finding_infos,
            },
            "graph": {"nodes": self.nodes, "edges": self.edges, "unresolved": self.unresolved},
            "files_failed": self.files_failed,
            "seconds": round(self.seconds, 3),
            "out": self.out,
            "datasets": dict(self.datasets),
            **({} if self.reanalysed is None else {"reanalysed": self.reanalysed}),
            **({} if self.indexes is None else {"indexes": self.indexes}),
        }

    def render(self) -> str:
        """The human summary ``ddlaudit scan`` prints.

        >>> print(ScanSummary(3, 5, 40, 1, 2, 0, 1, 12.5, "out/scan",
        ...                   (("tables", "out/scan/tables"),), 0, 4, 1, 6, 3, 1).render())
        scanned 3 files in 12.5 s: 5 tables, 40 columns
        diagnostics: 1 error, 2 warnings, 0 infos; 1 file with errors
        findings: 0 errors, 4 warnings, 1 info
        graph: 6 nodes, 3 edges (1 unresolved)
        wrote out/scan: tables
        """

        def n(count: int, word: str) -> str:
            return f"{count} {word}{'' if count == 1 else 's'}"

        return "\n".join(
            [
                f"scanned {n(self.files, 'file')} in {self.seconds:.1f} s: "
                f"{n(self.tables, 'table')}, {n(self.columns, 'column')}",
                f"diagnostics: {n(self.errors, 'error')}, {n(self.warnings, 'warning')}, "
                f"{n(self.infos, 'info')}; {n(self.files_failed, 'file')} with errors",
                f"findings: {n(self.finding_errors, 'error')}, "
                f"{n(self.finding_warnings, 'warning')}, {n(self.finding_infos, 'info')}",
                f"graph: {n(self.nodes, 'node')}, {n(self.edges, 'edge')} "
                f"({self.unresolved} unresolved)",
                *([] if self.indexes is None else [f"indexes: {n(self.indexes, 'row')}"]),
                f"wrote {self.out}: {', '.join(name for name, _ in self.datasets)}",
                *(
                    []
                    if self.reanalysed is None
                    else [
                        f"incremental: {n(self.reanalysed, 'file')} analysed, "
                        f"{self.files - self.reanalysed} reused"
                    ]
                ),
            ]
        )


# --------------------------------------------------------------------------- selection


@record
class Listing:
    """The driver's view of the input before Spark reads it."""

    #: (absolute path, reported path) of every selected local file Spark reads.
    local: tuple[tuple[str, str], ...]
    #: Selected local files settled on the driver: (absolute path, reported path, size).
    settle: tuple[tuple[str, str, int | None], ...]
    #: Non-local roots (``hdfs://``, ``s3a://`` ...) Spark lists itself.
    remote: tuple[str, ...]
    #: Results for problems found while listing (a path that does not exist ...).
    problems: tuple[FileResult, ...]
    #: (reported path, scope) of every selected local file, in listing order: its scope as
    #: ``lint`` decides it (:func:`analyzer.workflow.scopes`, D77).
    scopes: tuple[tuple[str, str], ...] = ()
    #: (reported path, bytes) of the files of ``local``, as listed (how scopes are packed).
    sizes: tuple[tuple[str, int], ...] = ()

    def places(self) -> dict[str, tuple[str, int]]:
        """Reported path -> (scope, order in the listing)."""
        return {shown: (scope, i) for i, (shown, scope) in enumerate(self.scopes)}


def _local_path(path: str) -> str | None:
    """``path`` as a local filesystem path, or None for a non-local URI."""
    if path.startswith("file:"):
        return re.sub(r"^file:(//)?", "", path) or "/"
    return None if _URI.match(path) else path


def list_inputs(
    paths: Sequence[str],
    include: Sequence[str],
    exclude: Sequence[str],
    config: Config | None = None,
) -> Listing:
    """Select the files to scan (local ones through the same discovery and scopes as
    ``lint``, with ``config``'s ``[scopes]``; ``-`` is not read: a scan has no standard
    input)."""
    local_roots = [p for p in (_local_path(p) for p in paths) if p is not None and p != "-"]
    remote = tuple(p for p in paths if _local_path(p) is None)
    found, found_diags = (
        workflow.scopes(local_roots, tuple(include), tuple(exclude), config)
        if local_roots
        else ([], ())
    )
    local: list[tuple[str, str]] = []
    sizes: list[tuple[str, int]] = []
    settle: list[tuple[str, str, int | None]] = []
    for shown, _ in found:
        absolute = os.path.abspath(shown)
        try:
            size: int | None = os.stat(absolute).st_size
        except OSError:
            size = None
        if size is None or size == 0 or size > MAX_FILE_BYTES:
            settle.append((absolute, shown, size))
        else:
            local.append((absolute, shown))
            sizes.append((shown, size))
    problems = tuple(
        FileResult(d.span.file if d.span is not None else "<input>", None, None, diagnostics=(d,))
        for d in found_diags
    )
    return Listing(tuple(local), tuple(settle), remote, problems, tuple(found), tuple(sizes))


@record
class LocalNames:
    """Maps Spark's ``file:`` URI of a listed file back to the path it is reported as.

    A URI that maps to nothing (Hadoop spelt the path differently) gives None:
    the task skips the file and the driver settles it, rather than report it twice.
    """

    names: Any  # a Broadcast of {absolute path: reported path}

    def __call__(self, uri: str) -> str | None:
        shown = self.names.value.get(_local_path(uri) or uri)
        return None if shown is None else str(shown)


@record
class Places:
    """Maps a listed file's reported path to its scope and order (a Broadcast of
    :meth:`Listing.places`); an unknown path has no scope."""

    places: Any

    def __call__(self, shown: str) -> tuple[str, int]:
        scope, order = self.places.value.get(shown, ("", 0))
        return str(scope), int(order)


@record
class RemoteSelection:
    """Include/exclude globs applied in the tasks to files Spark listed under ``root``."""

    root: str
    include: tuple[str, ...]
    exclude: tuple[str, ...]

    def __call__(self, uri: str) -> str | None:
        root = self.root.rstrip("/")
        if uri == root:
            return uri  # a file named explicitly is always scanned
        rel = uri[len(root) :].lstrip("/") if uri.startswith(root) else uri
        if _matches(rel, self.include) and not _matches(rel, self.exclude):
            return uri
        return None


@record
class RemotePlace:
    """The scope of a file listed under a remote root: a ``[scopes]`` glob's, else the
    root (markers are not looked for there); ``order`` puts the root's files after the
    local ones (sorted by path among themselves)."""

    root: str
    order: int
    config: Config | None = None

    def __call__(self, uri: str) -> tuple[str, int]:
        return scope_of(uri, self.root, self.config), self.order


def settle_on_driver(
    absolute: str,
    shown: str,
    size: int | None,
    options: Options,
    place: tuple[str, int] = ("", 0),
    rules: Sequence[Rule] = (),
) -> worker.Analysed:
    """Phase 1 for a file Spark did not deliver: read it here, or say why not."""
    return worker.read_and_analyse(absolute, shown, size, options, place, rules)


# --------------------------------------------------------------------------- progress


class _Progress:
    """Progress of the running Spark stages on stderr, polled from the status tracker.

    A rich bar on a terminal; otherwise (CI logs) a plain line every 15 seconds.
    """

    def __init__(self, context: SparkContext, enabled: bool) -> None:
        self._tracker = context.statusTracker()
        self._enabled = enabled
        self._label = "reading files"
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._tty = enabled and sys.stderr.isatty()

    def phase(self, label: str) -> None:
        self._label = label
        if self._enabled and not self._tty:
            print(f"ddlaudit scan: {label}", file=sys.stderr, flush=True)

    def _tasks(self) -> tuple[int, int]:
        done = total = 0
        for stage in self._tracker.getActiveStageIds():
            info = self._tracker.getStageInfo(stage)
            if info is not None:
                done += info.numCompletedTasks
                total += info.numTasks
        return done, total

    def _run_rich(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        columns = (
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("tasks"),
            TimeElapsedColumn(),
        )
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(self._label, total=None)
            while not self._stop.wait(0.5):
                done, total = self._tasks()
                bar.update(task, description=self._label, completed=done, total=total or None)

    def _run_plain(self) -> None:
        last = ""
        while not self._stop.wait(15):
            done, total = self._tasks()
            line = f"ddlaudit scan: {self._label}: {done}/{total} tasks"
            if total and line != last:
                print(line, file=sys.stderr, flush=True)
                last = line

    def __enter__(self) -> _Progress:
        if self._enabled:
            target = self._run_rich if self._tty else self._run_plain
            self._thread = threading.Thread(target=target, name="ddlaudit-progress", daemon=True)
            self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)


# --------------------------------------------------------------------------- the job


@contextmanager
def _sql_conf(spark: SparkSession, key: str, value: str) -> Iterator[None]:
    """Set a runtime SQL option for the duration of the block, then restore it."""
    old = spark.conf.get(key, None)
    spark.conf.set(key, value)
    try:
        yield
    finally:
        if old is None:
            spark.conf.unset(key)
        else:
            spark.conf.set(key, old)


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


def workload_tables(context: ReplicationContext) -> list[Table]:
    """Every table of the run as the workload check reads it (names and column names),
    from the replication context the driver holds anyway: no file's result comes back."""
    return [
        Table(
            shape.name,
            "",
            tuple(Column(n, i, ty, True, False) for i, (n, ty) in enumerate(shape.columns, 1)),
        )
        for shape in context.tables
    ]


def _tagged(name: str, row: tuple[str, Row]) -> bool:
    return row[0] == name


def _untagged(row: tuple[str, Row]) -> Row:
    return row[1]


def _partitioned(dataset: str) -> str | None:
    return PARTITION_COLUMNS.get(dataset)


def _write(
    spark: SparkSession, frame: DataFrame, path: str, dataset: str, parts: int | None = None
) -> None:
    """Write ``frame`` as ``dataset`` under ``path``, partitioned by its dialect (D112);
    ``parts``: coalesce to that many partitions first (None: as they are)."""
    if parts is not None:
        frame = frame.coalesce(parts)
    column = _partitioned(dataset)
    writer = frame.write.mode("overwrite")
    if column is not None:
        writer = writer.partitionBy(column)
    writer.parquet(path)
    if column is not None and not _has_data(spark, path):
        # A partitioned write of no row leaves no Parquet file, and a reader could not
        # tell the schema: an empty dataset is written as one schema-only part instead.
        empty = spark.createDataFrame([], struct_type(_fields(dataset)))
        empty.coalesce(1).write.mode("overwrite").parquet(path)


def _fields(dataset: str) -> tuple[Field, ...]:
    return {**DATASETS, **SCOPE_DATASETS, **OPTIONAL_DATASETS}[dataset]


def _has_data(spark: SparkSession, path: str) -> bool:
    """Whether a Parquet part file was written under ``path`` (any partition)."""
    fs, hpath = increment.hadoop_fs(spark, path)
    files = fs.listFiles(hpath, True)
    while files.hasNext():
        if files.next().getPath().getName().endswith(".parquet"):
            return True
    return False


def output_schema() -> T.StructType:
    """The row a one-pass task emits (:data:`analyzer.spark.worker.OutputRow`): the rows of
    every dataset as arrays, and a file's pickled workload piece."""
    return T.StructType(
        [
            *(
                T.StructField(name, T.ArrayType(struct_type(_fields(name)), False), False)
                for name in worker.OUTPUT_DATASETS
            ),
            T.StructField("workload", T.BinaryType(), True),
        ]
    )


def _frame(spark: SparkSession, rdd: Any, schema: T.StructType) -> DataFrame:
    """A DataFrame of ``rdd``'s rows, already in Spark's internal form (tuples and lists of
    str, int, bool, bytes, None): ``createDataFrame`` without its per-row Python
    conversion, which walks every nested struct of every row again (D111)."""
    jvm: Any = spark.sparkContext._jvm
    session: Any = spark
    jrdd = jvm.SerDeUtil.toJavaArray(rdd._to_java_object_rdd())
    jdf = session._jsparkSession.applySchemaToPythonRDD(jrdd.rdd(), schema.json())
    return DataFrame(jdf, spark)


@record
class Budget:
    """Which scopes one task analyses whole, in one pass (D110): at most ``bytes`` and
    ``files``, and (``fair_share``) no more than the run's bytes per core, so one large
    scope still spreads over every core (it takes the two-phase path).  ``pack_bytes``:
    what a one-pass partition aims at.  ``files = 0`` sends every scope the two-phase way.
    Set with ``spark.ddlaudit.scopeBytes`` / ``spark.ddlaudit.scopeFiles`` (``--conf`` of
    spark-submit) or :func:`run_scan`'s ``budget``."""

    bytes: int = 64 << 20
    files: int = 20_000
    fair_share: bool = True
    pack_bytes: int = 4 << 20

    @classmethod
    def from_conf(cls, session: Session) -> Budget:
        """The budget of the Spark configuration; :class:`BudgetError` for a value that is
        not a non-negative integer (unset, empty or ``0`` bytes: the default)."""
        conf = session.context.getConf()
        default = cls()
        return cls(
            _conf_count(conf.get("spark.ddlaudit.scopeBytes"), "scopeBytes") or default.bytes,
            _conf_count(conf.get("spark.ddlaudit.scopeFiles"), "scopeFiles", default.files),
        )


class BudgetError(ValueError):
    """A ``spark.ddlaudit.scope*`` setting that is not a non-negative integer."""


def _conf_count(value: str | None, name: str, default: int = 0) -> int:
    """A budget setting's value (``default`` when unset or empty).

    >>> _conf_count(" 64 ", "scopeFiles"), _conf_count(None, "scopeFiles", 7)
    (64, 7)
    >>> _conf_count("-1", "scopeFiles")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    analyzer.spark.scan.BudgetError: spark.ddlaudit.scopeFiles = '-1': expected a non-negative ...
    """
    text = (value or "").strip()
    if not text:
        return default
    if not text.isascii() or not text.isdigit():  # int() would take '1_000', ' +5'
        raise BudgetError(f"spark.ddlaudit.{name} = {value!r}: expected a non-negative integer")
    return int(text)


#: Scopes no larger than this always fit their fair share (a small scan runs one pass).
_SHARE_FLOOR = 1 << 20


def split_listing(
    listing: Listing, budget: Budget, parallelism: int
) -> tuple[list[tuple[worker.PackScope, ...]], Listing]:
    """The one-pass partitions of the scopes within ``budget``, and the listing of the rest
    (the two-phase path; its ``scopes`` keep every file, for the listing order)."""
    sizes: dict[str, int | None] = dict(listing.sizes)
    absolute = {shown: a for a, shown in listing.local}
    absolute.update((shown, a) for a, shown, _ in listing.settle)
    sizes.update((shown, size) for _, shown, size in listing.settle)
    members: dict[str, list[worker.Listed]] = {}
    for order, (shown, scope) in enumerate(listing.scopes):
        if shown in absolute:
            members.setdefault(scope, []).append((absolute[shown], shown, order, sizes.get(shown)))
    weight = {s: sum(size or 0 for *_, size in found) for s, found in members.items()}
    scope_of = dict(listing.scopes)
    share = max(_SHARE_FLOOR, -(-sum(weight.values()) // max(1, parallelism)))
    limit = min(budget.bytes, share) if budget.fair_share else budget.bytes
    whole = {
        scope
        for scope, found in members.items()
        if budget.files > 0 and len(found) <= budget.files and weight[scope] <= limit
    }
    chosen = [(worker.PackScope(s, tuple(members[s])), weight[s]) for s in members if s in whole]
    problems: tuple[FileResult, ...] = listing.problems
    if budget.files > 0 and problems:  # what belongs to no scope travels as scope ""
        chosen.append((worker.PackScope("", (), problems), 0))
        problems = ()
    rest = replace(
        listing,
        local=tuple((a, s) for a, s in listing.local if scope_of.get(s, "") not in whole),
        settle=tuple(e for e in listing.settle if scope_of.get(e[1], "") not in whole),
        problems=problems,
    )
    return worker.plan_packs(chosen, parallelism, budget.pack_bytes), rest


@record
class Lint:
    """The lint side of a scan: the resolved ``[lint]`` selection and the workload file."""

    selection: Selection
    workload_path: str | None = None


@dataclass
class _Phases:
    """What the two-phase path hands the writes: each dataset's frames, the files it
    settled and analysed, what to write the manifest from, and what to release."""

    frames: dict[str, list[DataFrame]]
    pieces: list[tuple[int, str, ReplicationContext]]
    total: int = 0
    manifest: Any = None
    release: list[Any] = field(default_factory=list)
    early: list[Any] = field(default_factory=list)
    #: The summary's counts when only the one-pass path wrote rows (else counted back).
    counts: dict[tuple[str, str], int] | None = None
    #: Names this run's files (D130: the tasks' parts), unique per run.
    run: str = field(default_factory=lambda: uuid.uuid4().hex)


def _one_pass(
    spark: SparkSession,
    packs: list[tuple[worker.PackScope, ...]],
    task: worker.OnePass,
    phases: _Phases,
) -> None:
    """The one-pass path: each partition analyses its whole scopes (D110); its rows are
    converted to the JVM once, cached, and each dataset is a projection of the cache."""
    rdd = spark.sparkContext.parallelize(packs, len(packs)).mapPartitions(task)
    one = _frame(spark, rdd, output_schema())
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


def task_writes(session: Session) -> bool:
    """Whether one-pass tasks write their own Parquet parts (D130): pyarrow is installed
    and ``spark.ddlaudit.taskWrites`` (``--conf``, or ``spark.conf.set`` in a session) is
    not ``false``; :class:`BudgetError` for anything but ``true`` or ``false``."""
    setting = (session.setting("spark.ddlaudit.taskWrites") or "true").strip()
    if setting.lower() not in ("true", "false"):
        raise BudgetError(f"spark.ddlaudit.taskWrites = {setting!r}: expected true or false")
    return setting.lower() == "true" and importlib.util.find_spec("pyarrow") is not None


def _one_pass_writing(
    context: SparkContext,
    packs: list[tuple[worker.PackScope, ...]],
    task: worker.OnePass,
    phases: _Phases,
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


def _two_phase(
    spark: SparkSession,
    listing: Listing,
    places: dict[str, tuple[str, int]],
    options: Options,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    run: worker.RunSettings,
    source_rules: tuple[Rule, ...],
    file_rules: tuple[Rule, ...],
    phases: _Phases,
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
            struct_type(_fields(name)),
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


def _scan(
    session: Session,
    sql: Callable[[], SparkSession],
    listing: Listing,
    out: str,
    options: Options,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    progress: _Progress,
    lint: Lint,
    audit_to: str | None = None,
    incremental: bool = False,
    budget: Budget | None = None,
    indexes: bool = False,
) -> tuple[dict[str, str], int | None, dict[tuple[str, str], int] | None]:
    """Run the scan and write the datasets: their paths, with ``incremental`` how many
    files phase 1 analysed (the others were reused from ``out/manifest``), and the
    summary's counts when they are known without reading the datasets back. ``sql``
    gives the SparkSession, made on first use: a scan whose tasks write their own parts
    runs on the context alone (D130)."""
    sc = session.context
    sizing: SizingSettings = options.config.sizing
    rules = lint.selection.enabled_rules
    # Each phase ships only the rules it checks (the scope step has the whole selection).
    source_rules = tuple(r for r in rules if r.level == "source")
    file_rules = tuple(r for r in rules if r.level == "file")
    parallelism = max(1, sc.defaultParallelism)
    chosen = budget if budget is not None else Budget.from_conf(session)
    if incremental:  # the manifest keeps phase-1 results: the two-phase path (D95)
        chosen = replace(chosen, files=0)
    packs, rest = split_listing(listing, chosen, parallelism)
    places = listing.places()

    # The workload's own problems, and what its check needs of each file (D74).
    workload, loose = workflow.load_workload(lint.workload_path)
    cwd = os.getcwd()  # lint reports fingerprints relative to the working directory
    run = worker.RunSettings(
        lint.selection,
        sizing,
        workload,
        workflow.replication_enabled(lint.selection),
        worker.Reported(cwd, cwd),
        audit_to,
        worker.Indexing() if indexes else None,
    )
    phases = _Phases({}, [])
    wanted = [
        *DATASETS, *SCOPE_DATASETS, *(["audit"] if audit_to is not None else []),
        *(["indexes"] if indexes else []),
    ]  # fmt: skip
    two_phase = bool(rest.local or rest.settle or rest.problems or rest.remote or incremental)
    local_out = _local_path(out)
    writing = bool(packs) and not two_phase and local_out is not None and task_writes(session)
    progress.phase(f"analysing {len(listing.local) + len(listing.settle)} files")
    if packs:
        task = worker.OnePass(
            options, sizing, source_rules, file_rules, run, worker.workload_names(workload),
            run.indexing,
        )  # fmt: skip
        if writing and local_out is not None:
            _one_pass_writing(sc, packs, task, phases, local_out, tuple(wanted))
        else:
            _one_pass(sql(), packs, task, phases)
    analysed: int | None = None
    if two_phase:
        phases.counts = None  # the two-phase rows are counted back from the datasets
        analysed = _two_phase(sql(), rest, places, options, include, exclude, run,
                              source_rules, file_rules, phases, incremental, out)  # fmt: skip

    # The workload file's findings are the run's, not a scope's: checked here against
    # every table of the run (names, and the columns of the tables it names), in listing
    # order, and finished like the others.
    if workload is not None:
        tabled = sorted(phases.pieces, key=lambda p: (p[0], p[1]))
        context = merge_contexts(piece for _, _, piece in tabled)
        loose.extend(workflow.check_workload(workload, workload_tables(context), context.functions))
    extra = worker.finished_rows(loose, {}, run)
    if phases.counts is not None:
        for row in extra:  # the severity column
            key = ("findings", str(row[3]))
            phases.counts[key] = phases.counts.get(key, 0) + 1
    if writing and local_out is not None:
        progress.phase("writing")
        if extra:
            direct.write_rows(local_out, "findings", extra, f"{len(packs):05d}-{phases.run}")
        direct.finish(local_out, wanted)
        paths = {name: f"{out}/{name}" for name in wanted}
        return paths, None, phases.counts
    spark = sql()
    if extra:
        frame = spark.createDataFrame(extra, struct_type(_fields("findings")), verifySchema=False)
        phases.frames.setdefault("findings", []).append(frame)

    order = ["findings", *(n for n in wanted if n != "findings" and n not in FILE_DATASETS),
             *FILE_DATASETS]  # fmt: skip
    written: dict[str, str] = {}
    try:
        for i, name in enumerate(order):
            progress.phase(f"checking {phases.total} files" if i == 0 else f"writing {name}")
            found = phases.frames.get(name) or [
                spark.createDataFrame([], struct_type(_fields(name)))
            ]
            _write(spark, reduce(DataFrame.unionByName, found), f"{out}/{name}", name)
            written[name] = f"{out}/{name}"
            if i == 0 and phases.manifest is not None:  # from the phase-1 cache, before it goes
                progress.phase("writing manifest")
                frame, path, parts = phases.manifest
                frame.coalesce(parts).write.mode("overwrite").parquet(path)
            if i == 0:
                for release in phases.early:
                    release()
    finally:
        for release in phases.release:
            release()
    if phases.manifest is not None:
        increment.swap(spark, out)
        written[increment.MANIFEST] = f"{out}/{increment.MANIFEST}"
    optional = {n: written[n] for n in ("audit", "indexes", increment.MANIFEST) if n in written}
    datasets = {name: written[name] for name in (*DATASETS, *SCOPE_DATASETS)}
    return {**datasets, **optional}, analysed, phases.counts


def _read(spark: SparkSession, written: dict[str, str], name: str) -> DataFrame:
    # The schema is known: reading it from the footers would be one more Spark job.
    return spark.read.schema(struct_type(_fields(name))).parquet(written[name])


def _counted_by(dataset: str) -> Any:
    """What the summary counts a dataset's rows by (a Spark column)."""
    if dataset == "files":
        return F.when(F.col("ok"), "ok").otherwise("failed")
    if dataset in ("diagnostics", "findings"):
        return F.col("severity")
    if dataset == "edges":
        return F.when(F.col("resolved"), "resolved").otherwise("unresolved")
    return F.lit("")


def _summarise(
    sql: Callable[[], SparkSession],
    written: dict[str, str],
    out: str,
    seconds: float,
    counts: dict[tuple[str, str], int] | None = None,
) -> ScanSummary:
    """The summary: ``counts`` (the one-pass rows, counted from the cache) or counted back
    from the written datasets, in one Spark job."""
    if counts is None:
        spark = sql()
        frame = reduce(
            DataFrame.unionByName,
            (
                _read(spark, written, name).select(
                    F.lit(name).alias("dataset"), _counted_by(name).alias("value")
                )
                for name in (*DATASETS, *(["indexes"] if "indexes" in written else []))
            ),
        )
        counts = {
            (row["dataset"], row["value"]): int(row["count"])
            for row in frame.groupBy("dataset", "value").count().collect()
        }

    def n(dataset: str, value: str | None = None) -> int:
        return sum(c for (d, v), c in counts.items() if d == dataset and value in (None, v))

    return ScanSummary(
        files=n("files"),
        tables=n("tables"),
        columns=n("columns"),
        errors=n("diagnostics", "error"),
        warnings=n("diagnostics", "warning"),
        infos=n("diagnostics", "info"),
        files_failed=n("files", "failed"),
        seconds=seconds,
        out=out,
        datasets=tuple(written.items()),
        finding_errors=n("findings", "error"),
        finding_warnings=n("findings", "warning"),
        finding_infos=n("findings", "info"),
        nodes=n("nodes"),
        edges=n("edges"),
        unresolved=n("edges", "unresolved"),
        indexes=n("indexes") if "indexes" in written else None,
    )


class _ScanSql:
    """The scan's SparkSession, made on first use with the scan's SQL settings, which
    :meth:`close` restores."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._settings = ExitStack()
        self._spark: SparkSession | None = None

    def __call__(self) -> SparkSession:
        if self._spark is None:
            spark = self._session.spark
            for key, value in (
                # Listing thousands of explicit paths is quicker on the driver than
                # as a Spark job with one task per path.
                ("spark.sql.sources.parallelPartitionDiscovery.threshold", "1000000"),
                # A task writes its few dialects' files side by side rather than sorting
                # its rows by dialect first (the datasets are partitioned by dialect, D112).
                ("spark.sql.maxConcurrentOutputFileWriters", "16"),
                # The one-pass cache lives for the writes only: compressing it cost a
                # third of the JVM's per-row work (D111).
                ("spark.sql.inMemoryColumnarStorage.compressed", "false"),
            ):
                self._settings.enter_context(_sql_conf(spark, key, value))
            self._spark = spark
        return self._spark

    def close(self) -> None:
        self._settings.close()


def open_session(master: str | None) -> Session:
    if SparkSession.getActiveSession() is None and "PYSPARK_GATEWAY_PORT" not in os.environ:
        problem = java_problem()
        if problem is not None:
            raise SparkUnavailable(f"{problem}; scripts/ensure-java installs it on Debian/Ubuntu")
    try:
        return get_session(master)
    except Exception as err:
        raise SparkUnavailable(f"Spark failed to start: {type(err).__name__}: {err}") from err


def run_scan(
    paths: Sequence[str],
    out: str,
    *,
    master: str | None = None,
    options: Options | None = None,
    include: Sequence[str] | None = None,
    exclude: Sequence[str] | None = None,
    progress: bool = True,
    selection: Selection | None = None,
    audit_to: str | None = None,
    listing: Listing | None = None,
    incremental: bool = False,
    budget: Budget | None = None,
    indexes: bool = False,
) -> ScanSummary:
    """Scan ``paths`` (files, directories or ``hdfs://``-style URIs) and write ``out/``.

    ``include``/``exclude`` default to the globs of ``options.config``; ``selection``
    (the rules of the ``findings``) to ``options.config.lint`` resolved, with its
    ``workload``.  Uses the active SparkSession if there is one (or the one
    ``spark-submit`` provides), else starts a quiet local one on ``master`` (default
    ``local[*]``) and stops it at the end.  Raises :class:`SparkUnavailable` when
    Spark cannot start, :class:`~analyzer.rules.selection.SelectionError` (before
    starting it) when ``[lint]`` names no rule.  ``audit_to`` (``scan --audit-to``) also
    writes ``out/audit``: one row per column audited for that target (docs/audit.md).
    ``listing`` (from :func:`list_inputs` with the same globs) replaces the listing of
    ``paths``: files may change between the two, as they may on a live tree.
    ``incremental`` (``scan --incremental``) reuses the phase 1 of files whose bytes did
    not change since the previous incremental scan into ``out`` (:mod:`.incremental`).
    ``budget`` says which scopes one task analyses whole (:class:`Budget`; default from
    the Spark configuration, D110; :class:`BudgetError` for a bad setting there).
    ``indexes`` (``scan --indexes``) also writes ``out/indexes``: one row per index, as
    ``ddlaudit size --indexes`` sizes it with ``options.config.sizing`` (D118).
    """
    start = time.perf_counter()
    options = options if options is not None else Options()
    lint = Lint(selection or resolve(options.config.lint), options.config.lint.workload)
    inc = tuple(include) if include is not None else tuple(options.config.include)
    exc = tuple(exclude) if exclude is not None else tuple(options.config.exclude)
    if listing is None:
        listing = list_inputs(paths, inc, exc, options.config)
    target = out if _local_path(out) is None else os.path.abspath(_local_path(out) or out)
    if progress:
        # The JVM takes seconds to start; say so before the terminal goes quiet.
        print(f"ddlaudit scan: {len(listing.local) + len(listing.settle)} files; starting Spark",
              file=sys.stderr, flush=True)  # fmt: skip
    session = open_session(master)
    sql = _ScanSql(session)
    try:
        with _Progress(session.context, progress) as bar:
            written, analysed, counts = _scan(
                session, sql, listing, target, options, inc, exc, bar, lint, audit_to,
                incremental, budget, indexes,
            )  # fmt: skip
            bar.phase("counting")
            summary = _summarise(sql, written, out, time.perf_counter() - start, counts)
            return replace(summary, reanalysed=analysed)
    finally:
        sql.close()
        session.close()
