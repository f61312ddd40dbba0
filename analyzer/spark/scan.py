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

The modules (D147): :mod:`~analyzer.spark.listing` (what the driver selects),
:mod:`~analyzer.spark.planning` (the one-pass budget and packing),
:mod:`~analyzer.spark.one_pass`, :mod:`~analyzer.spark.two_phase`,
:mod:`~analyzer.spark.writing` (schemas, frames, Parquet writes),
:mod:`~analyzer.spark.summary` and :mod:`~analyzer.spark.progress`; this one opens the
session and runs them in order (:func:`run_scan`).
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from functools import reduce

from pyspark.sql import DataFrame, SparkSession

from analyzer import workflow
from analyzer.core import Options
from analyzer.ir import Column, Table
from analyzer.passes.link_context import ReplicationContext, merge_contexts
from analyzer.records import record
from analyzer.rows import (
    DATASETS,
    FILE_DATASETS,
    SCOPE_DATASETS,
)
from analyzer.rules.selection import Selection, resolve
from analyzer.settings import SizingSettings
from analyzer.spark import incremental as increment
from analyzer.spark import parts as direct
from analyzer.spark import worker
from analyzer.spark.listing import (
    MAX_FILE_BYTES,
    Listing,
    LocalNames,
    RemoteSelection,
    list_inputs,
    local_path,
    settle_on_driver,
)
from analyzer.spark.one_pass import run_one_pass, run_one_pass_writing
from analyzer.spark.planning import (
    Budget,
    BudgetError,
    scope_files,
    split_listing,
    task_writes,
)
from analyzer.spark.progress import StageProgress
from analyzer.spark.session import Session, get_session, java_problem
from analyzer.spark.spread import Chunk, plan_chunks, run_spread
from analyzer.spark.summary import ScanSummary, summarise
from analyzer.spark.two_phase import run_two_phase
from analyzer.spark.writing import Phases, dataset_fields, struct_type, write_dataset

__all__ = [
    "MAX_FILE_BYTES",
    "Budget",
    "BudgetError",
    "Lint",
    "Listing",
    "LocalNames",
    "RemoteSelection",
    "ScanSummary",
    "SparkUnavailable",
    "list_inputs",
    "open_session",
    "run_scan",
    "settle_on_driver",
    "split_listing",
    "struct_type",
    "task_writes",
    "workload_tables",
]


class SparkUnavailable(RuntimeError):
    """Spark cannot run here: no Java 17+, or the JVM failed to start."""


@record
class Lint:
    """The lint side of a scan: the resolved ``[lint]`` selection and the workload file."""

    selection: Selection
    workload_path: str | None = None


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


def _scan(
    session: Session,
    sql: Callable[[], SparkSession],
    listing: Listing,
    out: str,
    options: Options,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    progress: StageProgress,
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
        options.config.audit,
    )
    phases = Phases({}, [])
    wanted = [
        *DATASETS, *SCOPE_DATASETS, *(["audit"] if audit_to is not None else []),
        *(["indexes"] if indexes else []),
    ]  # fmt: skip
    local_out = local_path(out)
    large = bool(rest.local or rest.settle or rest.problems)
    # A scope over the budget is spread over every core where the tasks write their own
    # parts (D191); remote roots and incremental scans keep the two-phase path.
    spreading = (
        large and not rest.remote and not incremental and local_out is not None
        and task_writes(session)
    )  # fmt: skip
    two_phase = (large and not spreading) or bool(rest.remote) or incremental
    writing = (bool(packs) or spreading) and not two_phase and local_out is not None
    writing = writing and task_writes(session)
    progress.phase(f"analysing {len(listing.local) + len(listing.settle)} files")
    if packs:
        task = worker.OnePass(
            options, sizing, source_rules, file_rules, run, worker.workload_names(workload),
            run.indexing,
        )  # fmt: skip
        if writing and local_out is not None:
            run_one_pass_writing(sc, packs, task, phases, local_out, tuple(wanted))
        else:
            run_one_pass(sql(), packs, task, phases)
    if spreading and local_out is not None:
        if not packs:
            direct.clear(local_out, tuple(wanted))
        chunks = plan_chunks(list(scope_files(rest).items()), parallelism, chosen.pack_bytes)
        if rest.problems:  # what belongs to no scope: its rows, its scope step
            chunks.append(Chunk("", (), rest.problems))
        counted, pieces = run_spread(
            sc, chunks, options, sizing, source_rules, file_rules, run,
            worker.workload_names(workload), local_out, phases.run,
        )  # fmt: skip
        phases.counts = dict(Counter(phases.counts or {}) + counted)
        phases.pieces.extend(pieces)
        phases.total += sum(len(c.files) + len(c.settled) for c in chunks)
    analysed: int | None = None
    if two_phase:
        phases.counts = None  # the two-phase rows are counted back from the datasets
        analysed = run_two_phase(sql(), rest, places, options, include, exclude, run,
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
        frame = spark.createDataFrame(
            extra, struct_type(dataset_fields("findings")), verifySchema=False
        )
        phases.frames.setdefault("findings", []).append(frame)

    order = ["findings", *(n for n in wanted if n != "findings" and n not in FILE_DATASETS),
             *FILE_DATASETS]  # fmt: skip
    written: dict[str, str] = {}
    try:
        for i, name in enumerate(order):
            progress.phase(f"checking {phases.total} files" if i == 0 else f"writing {name}")
            found = phases.frames.get(name) or [
                spark.createDataFrame([], struct_type(dataset_fields(name)))
            ]
            write_dataset(spark, reduce(DataFrame.unionByName, found), f"{out}/{name}", name)
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


def open_session(master: str | None, conf: Sequence[tuple[str, str]] = ()) -> Session:
    if SparkSession.getActiveSession() is None and "PYSPARK_GATEWAY_PORT" not in os.environ:
        problem = java_problem()
        if problem is not None:
            raise SparkUnavailable(f"{problem}; scripts/ensure-java installs it on Debian/Ubuntu")
    try:
        return get_session(master, conf)
    except Exception as err:
        raise SparkUnavailable(f"Spark failed to start: {type(err).__name__}: {err}") from err


def run_scan(
    paths: Sequence[str],
    out: str,
    *,
    master: str | None = None,
    conf: Sequence[tuple[str, str]] = (),
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
    ``local[*]``; ``conf``: more settings for it, as spark-submit's ``--conf``) and stops
    it at the end.  Raises :class:`SparkUnavailable` when
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
    target = out if local_path(out) is None else os.path.abspath(local_path(out) or out)
    if progress:
        # The JVM takes seconds to start; say so before the terminal goes quiet.
        print(f"ddlaudit scan: {len(listing.local) + len(listing.settle)} files; starting Spark",
              file=sys.stderr, flush=True)  # fmt: skip
    session = open_session(master, conf)
    sql = _ScanSql(session)
    try:
        with StageProgress(session.context, progress) as bar:
            written, analysed, counts = _scan(
                session, sql, listing, target, options, inc, exc, bar, lint, audit_to,
                incremental, budget, indexes,
            )  # fmt: skip
            bar.phase("counting")
            summary = summarise(sql, written, out, time.perf_counter() - start, counts)
            return replace(summary, reanalysed=analysed)
    finally:
        sql.close()
        session.close()
