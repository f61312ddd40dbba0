"""What Spark tasks run: the workflow layer (:mod:`analyzer.workflow`) over a partition.

No pyspark import here: these functions are plain Python (testable without a
JVM) that :mod:`analyzer.spark.scan` hands to ``mapPartitions``.

A scan runs ``ddlaudit lint``'s workflow (:data:`analyzer.workflow.SCAN`), so its
``files``, ``tables``, ``columns`` and ``diagnostics`` answer like ``parse`` and
``size``, and its ``findings`` like ``lint``, where alias types and replication
statements of one file resolve in every other:

1. :func:`analyze_partition` decodes each file and runs
   :func:`analyzer.workflow.prepare` (parse, IR, ``source`` rules, suppression
   comments), tagged with its scope (the PATH it was found under);
2. each file's alias types and replication context (small: :func:`link_piece`) are
   shuffled with the files of its scope, keyed by ``(scope, group)`` (a large scope is
   spread over a few groups, :class:`Salting`, each receiving every piece of the scope);
   :func:`check_group` gathers the scope's :class:`ScopeLinks` in listing order
   (:func:`gather_links`, in the task, never on the driver), runs
   :func:`analyzer.workflow.check_file` (the passes, estimates, ``file`` rules) on each
   of its files and flattens each result into one nested record (see :func:`record`),
   keeping the checked result for step 3;
3. :func:`finish_group` runs once per scope, on every file of it: the ``scope`` rules
   and replication findings, then severity, selection, suppressions and fingerprints
   (:func:`analyzer.workflow.finish_findings`: a suppression sees every finding of
   its file, the scope's included), into ``findings`` rows; and the scope's schema
   graph (:func:`analyzer.workflow.scope_graph`) into ``nodes`` and ``edges`` rows.

A scope small enough for one task (D110) runs all three steps in that task instead
(:class:`OnePass`: the same functions, in the same order, with no shuffle between them),
reading its files itself (:func:`read_and_analyse`).

Every per-file step is wrapped: an unexpected exception becomes a ``D900``
diagnostic for that file and never fails the task or loses other files.
"""

from __future__ import annotations

import pickle
import re
import time
import traceback
import typing as t
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from analyzer import workflow
from analyzer.collector import collect_less, paused
from analyzer.config import AuditSettings
from analyzer.core import Options, analyze_source
from analyzer.diagnostics import CODES
from analyzer.estimators import TableEstimate
from analyzer.ir import Diagnostic, FileResult, Severity, UserType
from analyzer.passes.link_context import (
    ARTICLE_CALLS,
    ReplicationContext,
    ScopeLinks,
    TableShape,
    merge_links,
    scope_links,
)
from analyzer.records import record as frozen_record
from analyzer.rows import (
    Row,
    audit_rows,
    column_rows,
    diagnostic_rows,
    file_row,
    finding_rows,
    graph_rows,
    index_rows,
    replication_rows,
    table_rows,
)
from analyzer.rules.engine import from_diagnostic, scope_context, with_fingerprints
from analyzer.rules.registry import Finding, Rule
from analyzer.rules.scope_input import scope_input
from analyzer.rules.selection import Selection
from analyzer.rules.suppressions import Directive
from analyzer.scope_dialect import FALLBACK_CODE, quieted, settle
from analyzer.settings import SizingSettings
from analyzer.source import decode
from analyzer.workflow import Checked, Prepared

#: One file's output: its ``files`` row and its ``tables``, ``columns`` and
#: ``diagnostics`` rows.
Record = tuple[Row, list[Row], list[Row], list[Row]]

#: One file's phase-2 row: its :data:`Record`, its scope, its pickled :class:`Member`
#: (bytes the JVM caches as they are) and its ``indexes`` rows (``scan --indexes``); the
#: shape of :func:`analyzer.spark.writing.record_schema`.
CheckedRow = tuple[Row, list[Row], list[Row], list[Row], str, bytes, list[Row]]

#: A path Spark lists itself (``hdfs://``, ``s3a://`` ...): reported as is.
URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:/")


@frozen_record
class Analysed:
    """Phase-1 output for one file: the workflow's :class:`~analyzer.workflow.Prepared`
    (IR before the passes, source findings, suppressions, scope), its size and cost.

    ``order`` is the file's place in the listing (scope rules see a scope's files in the
    order ``lint`` does); ``text`` is kept only for a file the replication estimators
    read again (:data:`ARTICLE_CALLS`), so remote files need no second read.
    """

    prepared: Prepared
    size: int | None
    millis: int | None
    order: int = 0
    text: str | None = None

    @property
    def result(self) -> FileResult:
        return self.prepared.result


def internal_error(path: str, err: BaseException, code: str = "D900") -> FileResult:
    """A result holding only an internal-error diagnostic (with where it happened)."""
    return FileResult(path, None, None, diagnostics=(_internal(err, code),))


def _internal(err: BaseException, code: str = "D900") -> Diagnostic:
    name = CODES.get(code, ("internal-error", ""))[0]
    frames = traceback.extract_tb(err.__traceback__)
    where = f" (at {frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno})" if frames else ""
    return Diagnostic(code, Severity.ERROR, f"{name}: {type(err).__name__}: {err}{where}")


def _with_error(result: FileResult, err: BaseException) -> FileResult:
    """``result`` plus a D900 for ``err``: what was found before the failure is kept."""
    return replace(result, diagnostics=(*result.diagnostics, _internal(err)))


def _reads_again(result: FileResult) -> bool:
    return any(s.kind in ARTICLE_CALLS for s in result.skipped)


def prepare(
    path: str,
    data: bytes,
    options: Options,
    scope: str = "",
    sizing: SizingSettings | None = None,
    rules: Sequence[Rule] = (),
) -> tuple[Prepared, str | None]:
    """Decode and :func:`~analyzer.workflow.prepare` one file; never raises.

    Returns the prepared file and its text when the replication estimators need it.
    """
    try:
        decoded = decode(data, path, options.encoding or options.config.encoding)
        prepared = workflow.prepare(
            decoded, path, options, sizing or options.config.sizing, rules, scope
        )
    except Exception as err:  # one file must never fail the job
        return Prepared(_parsed_anyway(path, data, options, err), scope=scope), None
    source = decoded.source
    if source is None or not _reads_again(prepared.result):
        return prepared, None
    return prepared, source.text


def _parsed_anyway(path: str, data: bytes, options: Options, err: BaseException) -> FileResult:
    """The parse alone when a later phase-1 step failed (rules, suppressions), plus D900."""
    try:
        decoded = decode(data, path, options.encoding or options.config.encoding)
        if decoded.source is None:
            return _with_error(FileResult(path, None, None, diagnostics=decoded.diagnostics), err)
        return _with_error(analyze_source(decoded.source, options, decoded.diagnostics), err)
    except Exception as again:  # the parse itself failed: that is the error to report
        return internal_error(path, again)


def analyze_file(
    path: str,
    data: bytes,
    options: Options,
    scope: str = "",
    order: int = 0,
    sizing: SizingSettings | None = None,
    rules: Sequence[Rule] = (),
) -> Analysed:
    """Phase 1 for one file, timed."""
    start = time.perf_counter()
    prepared, text = prepare(path, data, options, scope, sizing, rules)
    return Analysed(prepared, len(data), round((time.perf_counter() - start) * 1000), order, text)


def unplaced(path: str) -> tuple[str, int]:
    """No scope, first in order: the default :func:`analyze_partition` ``place``."""
    return "", 0


def analyze_partition(
    rows: Iterable[Sequence[Any]],
    options: Options,
    display: Callable[[str], str | None],
    place: Callable[[str], tuple[str, int]] = unplaced,
    sizing: SizingSettings | None = None,
    rules: Sequence[Rule] = (),
) -> Iterator[Analysed]:
    """Phase 1 over ``(path, content)`` rows from Spark's ``binaryFile`` source.

    ``display`` maps Spark's path (a URI) to the path reported in the output,
    or None for a file the scan does not select; ``place`` maps that path to its
    scope and its order in the listing.
    """
    for row in rows:
        uri, content = str(row[0]), row[1]
        path = display(uri)
        if path is None:
            continue
        scope, order = place(path)
        try:
            data = bytes(content) if content is not None else b""  # Spark hands a bytearray
            yield analyze_file(path, data, options, scope, order, sizing, rules)
        except Exception as err:
            yield Analysed(Prepared(internal_error(path, err), scope=scope), None, None, order)


# --------------------------------------------------------------------------- links

#: What one file gives its scope's links: its listing order, path and own links.
Piece = tuple[int, str, ScopeLinks]


def link_piece(analysed: Analysed) -> tuple[str, Piece]:
    """``(scope, piece)``: what a file contributes to its scope's :class:`ScopeLinks`
    (alias types, tables, keys, changes, replication statements; small)."""
    result = analysed.result
    return analysed.prepared.scope, (analysed.order, result.path, scope_links([result]))


def gather_links(pieces: Iterable[Piece]) -> ScopeLinks:
    """A scope's links from its files' pieces, in listing order (what ``lint`` links each
    file of the scope against), O(objects)."""
    ordered = sorted(pieces, key=lambda p: (p[0], p[1]))
    return merge_links(links for _, _, links in ordered)


def path_of(analysed: Analysed) -> str:
    """The reported path of a phase-1 item (the driver collects these to settle the files
    Spark did not deliver)."""
    return analysed.result.path


def workload_names(workload: Any) -> frozenset[str] | None:
    """The tables (lower-case bare names) whose columns the workload check reads; None
    without a workload."""
    if workload is None:
        return None
    return frozenset(str(load.name).lower() for load in workload.tables)


def workload_piece(
    analysed: Analysed, named: frozenset[str] | None
) -> tuple[int, str, ReplicationContext] | None:
    """What the run-level workload check (D74) needs of a file: its tables' names, the
    columns of the tables the workload names, its replicated functions; None without a
    workload."""
    if named is None:
        return None
    result = analysed.result
    tables = tuple(
        TableShape(
            t.name,
            result.path,
            tuple((c.name, c.type) for c in t.columns) if t.name.name.lower() in named else (),
        )
        for t in result.tables
    )
    functions = tuple(f.name for f in result.function_replication_definitions)
    return analysed.order, result.path, ReplicationContext(tables=tables, functions=functions)


def seen(
    analysed: Analysed, named: frozenset[str] | None = None
) -> tuple[str, tuple[int, str, ReplicationContext] | None]:
    """What the driver collects of a phase-1 item: its path and its workload piece."""
    return path_of(analysed), workload_piece(analysed, named)


def outline(analysed: Analysed) -> tuple[str, str, str | None, bool]:
    """What the driver needs to settle a scope's dialect (D167): the file's path, scope,
    dialect, and whether it fell back (P003)."""
    result = analysed.result
    fell = any(d.code == FALLBACK_CODE for d in result.diagnostics)
    return result.path, analysed.prepared.scope, result.dialect, fell


@frozen_record
class Quieted:
    """A phase-1 item with its P003 taken off when its path is in ``paths`` (a broadcast:
    its scope said P003 once already, D167)."""

    paths: Any

    def __call__(self, item: Analysed) -> Analysed:
        if item.result.path not in self.paths.value:
            return item
        kept = tuple(f for f in item.prepared.findings if f.code != FALLBACK_CODE)
        prepared = replace(item.prepared, result=quieted(item.result), findings=kept)
        return replace(item, prepared=prepared)


@frozen_record
class Kept:
    """Whether a phase-1 item stays (its path is not among those read again)."""

    paths: Any

    def __call__(self, item: Analysed) -> bool:
        return item.result.path not in self.paths.value


#: Phase-2 groups per scope at most: a scope's links are shipped to each of its groups.
MAX_SALTS = 32


def stable_hash(text: str) -> int:
    """A hash that is the same in every process (Python's ``hash`` of a str is not)."""
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


@frozen_record
class Salting:
    """How phase 2 spreads a scope's files over groups, so one large scope keeps every
    core busy: ``salts`` maps a scope to its number of groups (a scope not in it, a remote
    root's, gets ``default``), ``partitions`` a ``(scope, group)`` key to its partition
    (balanced on the driver by file counts; others are hashed)."""

    salts: Any  # a Broadcast (or a plain dict in tests) of {scope: groups}
    partitions: Any  # a Broadcast (or a dict) of {(scope, group): partition}
    default: int = 1

    def _get(self, holder: Any) -> dict[Any, int]:
        value = holder.value if hasattr(holder, "value") else holder
        return t.cast(dict[Any, int], value)

    def groups(self, scope: str) -> int:
        return self._get(self.salts).get(scope, self.default)

    def key(self, analysed: Analysed) -> tuple[str, int]:
        """The ``(scope, group)`` of a file: round robin by listing order in a listed
        scope, by a hash of the path otherwise."""
        scope = analysed.prepared.scope
        known = self._get(self.salts).get(scope)
        count = known if known is not None else self.default
        spread = analysed.order if known is not None else stable_hash(analysed.result.path)
        return scope, spread % max(1, count)

    def partition(self, key: tuple[str, int]) -> int:
        """``partitionFunc`` of the phase-2 shuffle (Spark takes it modulo the partitions)."""
        found = self._get(self.partitions).get(key)
        return found if found is not None else stable_hash(key[0]) + key[1]

    def keyed_file(self, analysed: Analysed) -> tuple[tuple[str, int], tuple[str, Any]]:
        return self.key(analysed), ("F", analysed)

    def keyed_pieces(self, analysed: Analysed) -> list[tuple[tuple[str, int], tuple[str, Any]]]:
        """The file's link piece, for every group of its scope (each group links its files
        against the whole scope)."""
        scope, piece = link_piece(analysed)
        return [((scope, i), ("P", piece)) for i in range(max(1, self.groups(scope)))]

    def keyed(self, analysed: Analysed) -> list[tuple[tuple[str, int], tuple[str, Any]]]:
        """The file and its link pieces in one pass: the phase-1 cache is read (and each
        item unpickled) once for the phase-2 shuffle, not once for each."""
        return [self.keyed_file(analysed), *self.keyed_pieces(analysed)]


def plan_groups(
    counts: dict[str, int], parallelism: int, max_salts: int = MAX_SALTS
) -> tuple[dict[str, int], dict[tuple[str, int], int], int]:
    """The groups of each listed scope (``counts``: its files) and a balanced partition
    for each group (largest first onto the least loaded of ``parallelism`` partitions);
    returns (groups per scope, partition per group, partitions used).

    >>> plan_groups({"a": 10, "b": 1}, 2)
    ({'a': 2, 'b': 1}, {('a', 0): 0, ('a', 1): 1, ('b', 0): 0}, 2)
    """
    parallelism = max(1, parallelism)
    total = sum(counts.values())
    chunk = max(1, -(-total // parallelism))  # files per partition when balanced
    salts = {scope: max(1, min(max_salts, -(-n // chunk))) for scope, n in counts.items()}
    groups = sorted(
        ((counts[scope] / n, scope, i) for scope, n in salts.items() for i in range(n)),
        key=lambda g: (-g[0], g[1], g[2]),
    )
    used = max(1, min(parallelism, len(groups)))
    load = [0.0] * used
    partitions: dict[tuple[str, int], int] = {}
    for size, scope, i in groups:
        target = min(range(used), key=lambda p: (load[p], p))
        partitions[(scope, i)] = target
        load[target] += size
    return salts, partitions, used


# --------------------------------------------------------------------------- phase 2


def record(
    result: FileResult,
    size: int | None = None,
    millis: int | None = None,
    estimates: Sequence[TableEstimate] = (),
) -> Record:
    """The nested record of one finished result; a failure to flatten becomes D900."""
    try:
        return (
            file_row(result, size, millis),
            table_rows(result, estimates),
            column_rows(result),
            diagnostic_rows(result),
        )
    except Exception as err:
        failed = internal_error(result.path, err)
        return (file_row(failed, size, millis), [], [], diagnostic_rows(failed))


@frozen_record
class Member:
    """What the scope step needs of one checked file: the workflow's
    :class:`~analyzer.workflow.Checked` without its estimates (the record holds them),
    its listing order and, for an article file, its text."""

    checked: Checked
    order: int = 0
    text: str | None = None

    @property
    def path(self) -> str:
        return self.checked.result.path


def reduced(member: Member, links: ScopeLinks) -> Member:
    """``member`` with its checked file reduced to what a scope step without replication
    or audit reads of it, given the ``links`` it was checked against
    (:func:`~analyzer.rules.scope_input.scope_input`, D202, D203)."""
    checked = member.checked
    result = scope_input(checked.result, links)
    return replace(member, checked=replace(checked, result=result))


@frozen_record
class Finished:
    """Phase-2 output for one file: its record (four datasets), its scope member and its
    ``indexes`` rows (``scan --indexes``; empty without)."""

    record: Record
    member: Member
    indexes: tuple[Row, ...] = ()


@frozen_record
class Indexing:
    """``scan --indexes``: size every index of each checked file as ``ddlaudit size
    --indexes`` does, from the IR alone (D118)."""


def file_index_rows(
    result: FileResult, sizing: SizingSettings, indexing: Indexing
) -> tuple[FileResult, tuple[Row, ...]]:
    """The ``indexes`` rows of one checked file (``rows.index_rows(file_indexes(...))``,
    D118); a failure becomes a D900 diagnostic of the file and no row."""
    from analyzer.estimators.indexes import file_indexes

    try:
        estimates = file_indexes(result, sizing)
        return result, tuple(index_rows(estimates, result.dialect))
    except Exception as err:  # the index sizes must never cost the file's other rows
        return _with_error(result, err), ()


def check(
    analysed: Analysed,
    known_types: Sequence[UserType],
    sizing: SizingSettings | None = None,
    replication: ReplicationContext | None = None,
    rules: Sequence[Rule] = (),
    indexing: Indexing | None = None,
) -> Finished:
    """Phase 2 for one file: :func:`~analyzer.workflow.check_file` with its scope's alias
    types and replication context (tables, keys, replication statements), the record, and
    with ``indexing`` the file's ``indexes`` rows."""
    prepared = analysed.prepared
    try:
        checked = workflow.check_file(
            prepared, workflow.SCAN, sizing or SizingSettings(), known_types, replication, rules
        )
    except Exception as err:  # the passes must never cost the parse results
        failed = _with_error(prepared.result, err)
        found = (*(from_diagnostic(d, failed) for d in failed.diagnostics), *prepared.findings)
        checked = Checked(failed, (), found, prepared.directives, prepared.scope)
    result = checked.result
    # The datasets count the estimators' diagnostics with the file's own.
    extra = tuple(d for e in checked.estimates for d in e.diagnostics)
    if extra:
        result = replace(result, diagnostics=(*result.diagnostics, *extra))
    indexes: tuple[Row, ...] = ()
    if indexing is not None:  # on the checked result: the scope's links applied
        result, indexes = file_index_rows(result, sizing or SizingSettings(), indexing)
    return Finished(
        record(result, analysed.size, analysed.millis, checked.estimates),
        Member(replace(checked, estimates=()), analysed.order, analysed.text),
        indexes,
    )


def checked_row(finished: Finished) -> CheckedRow:
    """A phase-2 row: the record and the scope member, pickled once here (the JVM caches
    the bytes and only the scope step reads them)."""
    files, tables, columns, diagnostics = finished.record
    member = pickle.dumps(finished.member, pickle.HIGHEST_PROTOCOL)
    scope = finished.member.checked.scope
    return files, tables, columns, diagnostics, scope, member, list(finished.indexes)


def check_group(
    group: tuple[Any, Iterable[tuple[str, Any]]],
    sizing: SizingSettings | None = None,
    rules: Sequence[Rule] = (),
    indexing: Indexing | None = None,
) -> Iterator[CheckedRow]:
    """Phase 2 over one ``(scope, group)`` of the phase-2 shuffle: its files (``("F",
    analysed)``) checked against the links gathered from the pieces of every file of the
    scope (``("P", piece)``); ``indexing``: also their ``indexes`` rows."""
    pieces: list[Piece] = []
    files: list[Analysed] = []
    for tag, value in group[1]:
        if tag == "P":
            pieces.append(value)
        else:
            files.append(value)
    if not files:
        return
    links = gather_links(pieces)
    for analysed in files:
        yield checked_row(
            check(analysed, links.user_types, sizing, links.replication, rules, indexing)
        )


def check_partition(
    items: Iterable[Analysed],
    links: ScopeLinks,
    sizing: SizingSettings | None = None,
    rules: Sequence[Rule] = (),
) -> Iterator[CheckedRow]:
    """Phase 2 over items of one scope whose links are known (tests, small runs)."""
    for analysed in items:
        yield checked_row(check(analysed, links.user_types, sizing, links.replication, rules))


def keyed_member(row: Sequence[Any]) -> tuple[str, bytes]:
    """``(scope, pickled member)`` of a phase-2 row read back from the JVM (scope and
    member columns): what the scope step groups by."""
    return str(row[0]), bytes(row[1])


# --------------------------------------------------------------------------- scopes


@frozen_record
class Reported:
    """A path as a fingerprint sees it (:func:`analyzer.workflow.reported_path`) from a
    task: relative to the driver's ``root``, a relative path resolved against the
    driver's ``cwd``; a URI as is."""

    root: str
    cwd: str | None = None

    def __call__(self, path: str) -> str:
        return path if URI.match(path) else workflow.reported_path(path, self.root, self.cwd)


@frozen_record
class RunSettings:
    """What the scope step needs of the run (pickled into its tasks): the resolved
    ``[lint]`` selection, the sizing, the workload (None: none), whether the
    replication estimators run, and how paths are reported."""

    selection: Selection
    sizing: SizingSettings
    workload: Any = None
    replicating: bool = False
    reported: Reported = Reported(".")
    #: ``scan --audit-to``: the audit target of the ``audit`` dataset (None: no audit).
    audit_to: str | None = None
    #: ``scan --indexes``: each checked file's ``indexes`` rows (None: none).
    indexing: Indexing | None = None
    #: The ``[audit]`` table (orderings, default collations) the ``audit`` rows follow.
    audit: AuditSettings | None = None


def scope_findings(
    scope: str, members: Sequence[Member], run: RunSettings, context: Any = None
) -> list[Finding]:
    """The ``scope`` rules and the replication findings over one scope's files (in order):
    :func:`analyzer.workflow.scope_findings` with the texts the task holds, each step's
    failure a D900 of the scope (one step's failure must not lose the others' findings);
    ``context``: the members' scope context when made already."""
    return workflow.scope_findings(
        scope,
        [m.checked.result for m in members],
        run.sizing,
        run.selection.enabled_rules,
        replicating=run.replicating,
        workload=run.workload,
        texts={m.path: m.text for m in members if m.text is not None},
        on_error=failed,
        context=context,
    )


def failed(path: str, err: BaseException) -> Finding:
    """A D900 finding about ``path`` (a scope) for a step that raised ``err``."""
    return Finding("D900", Severity.ERROR, _internal(err).message, path)


def finished_rows(
    findings: Iterable[Finding],
    marks: dict[str, tuple[Directive, ...]],
    run: RunSettings,
    dialects: t.Mapping[str, str | None] | None = None,
) -> list[Row]:
    """``findings`` finished as ``lint`` finishes them, as ``findings`` rows (``dialects``:
    each file's dialect, their ``dialect`` column)."""
    kept, _ = workflow.finish_findings(findings, run.selection, marks, run.reported)
    return finding_rows(kept, dialects)


def dialects_of(members: Iterable[Member]) -> dict[str, str | None]:
    """Each member file's dialect (the ``dialect`` column of the per-scope datasets)."""
    return {m.path: m.checked.result.dialect for m in members}


def finish_scope(
    scope: str, members: Iterable[Member], run: RunSettings, context: Any = None
) -> list[Row]:
    """The ``findings`` rows of one scope: its files' findings, the scope's, finished.

    Every finding of a file is here (its scope holds it), so suppressions and L001 see
    what ``lint`` sees.  Scope ``""`` holds what belongs to no PATH (a missing one).
    """
    ordered = sorted(members, key=lambda m: (m.order, m.path))
    try:
        found = [f for m in ordered for f in m.checked.findings]
        if scope:
            found.extend(scope_findings(scope, ordered, run, context))
        marks = {m.path: m.checked.directives for m in ordered if m.checked.directives}
        return finished_rows(found, marks, run, dialects_of(ordered))
    except Exception as err:  # a bug here must not fail the job: say so in the dataset
        return finding_rows(with_fingerprints([failed(scope or "<input>", err)], run.reported))


def graph_scope(
    scope: str, members: Iterable[Member], context: Any = None
) -> tuple[list[Row], list[Row]]:
    """The ``nodes`` and ``edges`` rows of one scope: its schema graph, as ``ddlaudit
    graph`` builds it from the same files (listing order: the first definition wins);
    ``context``: the members' scope context, whose graph the scope rules built."""
    if not scope:
        return [], []  # what belongs to no PATH has no schema
    ordered = sorted(members, key=lambda m: (m.order, m.path))
    schema = workflow.scope_graph(scope, [m.checked.result for m in ordered], context)
    return graph_rows(scope, schema, ordered[0].order if ordered else 0, dialects_of(ordered))


#: Tags of :func:`finish_group`'s rows: the dataset each belongs to.
TAGS = ("findings", "nodes", "edges", "replication")


def replication_scope(
    scope: str, members: Iterable[Member], run: RunSettings, articles_too: bool = True
) -> list[Row]:
    """The ``replication`` rows of one scope: ``ddlaudit replication``'s message sizes
    (:func:`analyzer.reporters.replication.build` over the scope's files, in order, with
    the run's workload; every table of a T-SQL file is sized as an article, D67).
    ``articles_too=False``: without the SQL Server articles (:func:`article_rows` gave
    them file by file)."""
    from analyzer.reporters.replication import figures

    if not scope:
        return []
    ordered = sorted(members, key=lambda m: (m.order, m.path))
    texts = {m.path: m.text for m in ordered if m.text is not None}
    msgs, articles, logs = figures(
        [m.checked.result for m in ordered], run.sizing, run.workload, texts, articles_too
    )
    return replication_rows(
        scope, msgs.tables, msgs.functions, articles, logs, dialects_of(ordered)
    )  # fmt: skip


def article_rows(scope: str, result: FileResult, run: RunSettings) -> list[Row]:
    """The ``replication`` rows of one checked file's SQL Server articles, where no file of
    its scope calls ``sp_addarticle`` (:func:`analyzer.reporters.replication.file_articles`):
    the rows :func:`replication_scope` gives them (D191)."""
    from analyzer.reporters.replication import file_articles

    if not scope or result.dialect != "tsql":
        return []
    found = file_articles(result, run.sizing, run.workload)
    return replication_rows(scope, (), (), found, (), {result.path: result.dialect})


def audit_scope(scope: str, members: Iterable[Member], run: RunSettings) -> list[Row]:
    """The ``audit`` rows of one scope (``scan --audit-to``): one per column, as
    ``ddlaudit audit`` audits the same files (:func:`analyzer.rows.audit_rows`)."""
    if run.audit_to is None or not scope:
        return []
    ordered = sorted(members, key=lambda m: (m.order, m.path))
    results = [m.checked.result for m in ordered]
    return audit_rows(results, run.audit_to, run.sizing, scope, run.audit)


def finish_group(group: tuple[str, Iterable[bytes]], run: RunSettings) -> list[tuple[str, Row]]:
    """:func:`finish_members` on a ``(scope, pickled members)`` pair of ``groupByKey``."""
    return finish_members(group[0], [pickle.loads(m) for m in group[1]], run)


def finish_members(
    scope: str, members: list[Member], run: RunSettings, articles_too: bool = True
) -> list[tuple[str, Row]]:
    """The scope step: :func:`finish_scope`, :func:`graph_scope`, :func:`replication_scope`
    and :func:`audit_scope` over one scope's members, each row tagged with its dataset
    (:data:`TAGS`, ``audit``); ``articles_too``: see :func:`replication_scope`."""
    with paused():  # the scope's IR is large and acyclic (D194)
        return _finish_members(scope, members, run, articles_too)


def _finish_members(
    scope: str, members: list[Member], run: RunSettings, articles_too: bool
) -> list[tuple[str, Row]]:
    context = None
    if scope:
        try:  # made once for the scope rules and the graph (the same index, O(tables))
            ordered = sorted(members, key=lambda m: (m.order, m.path))
            results = [m.checked.result for m in ordered]
            context = scope_context(scope, results, run.sizing)
        except Exception:  # each step below makes its own and reports its failure
            context = None
    found = finish_scope(scope, members, run, context)
    try:
        nodes, edges = graph_scope(scope, members, context)
    except Exception as err:  # a bug here must not fail the job: a D900 about the scope
        nodes, edges = [], []
        found.extend(finding_rows(with_fingerprints([failed(scope, err)], run.reported)))
    try:
        replicated = replication_scope(scope, members, run, articles_too)
    except Exception as err:  # likewise for the replication figures
        replicated = []
        found.extend(finding_rows(with_fingerprints([failed(scope, err)], run.reported)))
    try:
        audited = audit_scope(scope, members, run)
    except Exception as err:  # likewise for the audit
        audited = []
        found.extend(finding_rows(with_fingerprints([failed(scope, err)], run.reported)))
    return [
        *(("findings", r) for r in found),
        *(("nodes", r) for r in nodes),
        *(("edges", r) for r in edges),
        *(("replication", r) for r in replicated),
        *(("audit", r) for r in audited),
    ]


# --------------------------------------------------------------------------- one pass

#: Larger files are not analysed (Spark's ``binaryFile`` fails the whole job above
#: 2 GiB); they get a D005 diagnostic instead.  No DDL script is this big.
MAX_FILE_BYTES = 1 << 30


def too_large(path: str, size: int) -> FileResult:
    """The D005 result of a file over :data:`MAX_FILE_BYTES`."""
    name = CODES["D005"][0]
    message = f"{name}: the file is {size} bytes, over the {MAX_FILE_BYTES}-byte limit of a scan"
    return FileResult(path, None, None, diagnostics=(Diagnostic("D005", Severity.ERROR, message),))


def read_and_analyse(
    absolute: str,
    shown: str,
    size: int | None,
    options: Options,
    place: tuple[str, int] = ("", 0),
    rules: Sequence[Rule] = (),
) -> Analysed:
    """Phase 1 for a file read here (a one-pass task, or the driver for a file Spark did
    not deliver): its bytes, or why they cannot be read (D005, as ``lint`` says it)."""
    scope, order = place

    def unread(result: FileResult, size: int | None) -> Analysed:
        return Analysed(Prepared(result, scope=scope), size, None, order)

    if size is not None and size > MAX_FILE_BYTES:
        return unread(too_large(shown, size), size)
    try:
        with open(absolute, "rb") as handle:
            data = handle.read()
    except OSError as err:
        # The D005 every other command gives (workflow.read): same message and place.
        decoded = workflow.read(shown, options)
        name = CODES["D005"][0]
        diags = decoded.diagnostics if decoded.source is None else ()
        diags = diags or (
            Diagnostic("D005", Severity.ERROR, f"{name}: cannot read {shown}: {err.strerror}"),
        )
        return unread(FileResult(shown, None, None, diagnostics=diags), None)
    if len(data) > MAX_FILE_BYTES:
        return unread(too_large(shown, len(data)), len(data))
    try:
        return analyze_file(shown, data, options, scope, order, rules=rules)
    except Exception as err:  # one file must never fail the task (as analyze_partition)
        return unread(internal_error(shown, err), None)


#: One listed file of a one-pass scope: absolute path, reported path, listing order, size.
Listed = tuple[str, str, int, int | None]


@frozen_record
class PackScope:
    """A whole scope analysed by one task: its listed files (in listing order) and the
    listing problems that belong to it (scope ``""``: a PATH that does not exist ...)."""

    scope: str
    files: tuple[Listed, ...]
    settled: tuple[FileResult, ...] = ()


#: The row a one-pass task emits (:func:`analyzer.spark.writing.output_schema`): the rows of
#: every dataset (``files`` ... ``indexes``), and the pickled workload piece of a file.
OutputRow = tuple[
    list[Row], list[Row], list[Row], list[Row], list[Row], list[Row], list[Row], list[Row],
    list[Row], list[Row], bytes | None,
]  # fmt: skip

#: The datasets of an :data:`OutputRow`, in its order.
OUTPUT_DATASETS = (
    "files", "tables", "columns", "diagnostics", "findings", "nodes", "edges", "replication",
    "audit", "indexes",
)  # fmt: skip


@frozen_record
class OnePass:
    """What a one-pass task runs on each scope of its partition: what ``lint`` runs in one
    process (read, phase 1, the scope's links, phase 2, the scope step), with no shuffle
    and nothing kept between the phases but the scope's own objects (D110).

    The rows are those of the two-phase path (:func:`analyze_partition`,
    :func:`check_group`, :func:`finish_group`) for the same files: the same functions run,
    in the same order; only where they run differs.
    """

    options: Options
    sizing: SizingSettings
    source_rules: tuple[Rule, ...]
    file_rules: tuple[Rule, ...]
    run: RunSettings
    #: The tables whose columns the run's workload check reads (None: no workload).
    named: frozenset[str] | None = None
    #: ``scan --indexes``: each file's ``indexes`` rows (None: none).
    indexing: Indexing | None = None

    def __call__(self, packs: Iterable[Sequence[PackScope]]) -> Iterator[OutputRow]:
        collect_less()  # as the CLI does: Spark's Python workers never run it
        for pack in packs:
            for scoped in pack:
                yield from self.scope_rows(scoped)

    def settle(self, scoped: PackScope, analysed: list[Analysed]) -> list[Analysed]:
        """The scope's files that show no dialect read in the one its other files settle
        on, one P003 at most (D167), as ``lint`` does: the task holds the whole scope."""

        def redo(i: int, dialect: str) -> Analysed:
            absolute, shown, order, size = scoped.files[i]
            options = replace(self.options, scope_dialect=dialect)
            place = (scoped.scope, order)
            return read_and_analyse(absolute, shown, size, options, place, self.source_rules)

        def quiet(item: Analysed) -> Analysed:
            kept = tuple(f for f in item.prepared.findings if f.code != FALLBACK_CODE)
            prepared = replace(item.prepared, result=quieted(item.result), findings=kept)
            return replace(item, prepared=prepared)

        return settle(analysed, redo, quiet, lambda item: item.result)

    def scope_rows(self, scoped: PackScope) -> Iterator[OutputRow]:
        """One row per file (its ``files`` ... ``diagnostics`` and ``indexes`` rows), then
        one for the scope (its ``findings``, ``nodes``, ``edges``, ``replication``, ``audit``
        rows)."""
        scope = scoped.scope
        analysed = [
            read_and_analyse(absolute, shown, size, self.options, (scope, order), self.source_rules)
            for absolute, shown, order, size in scoped.files
        ]
        analysed = self.settle(scoped, analysed)
        analysed += [Analysed(Prepared(r, scope=scope), None, None) for r in scoped.settled]
        links = gather_links(link_piece(a)[1] for a in analysed)
        members: list[Member] = []
        for item in analysed:
            done = check(
                item, links.user_types, self.sizing, links.replication, self.file_rules,
                self.indexing,
            )  # fmt: skip
            files, tables, columns, diagnostics = done.record
            piece = workload_piece(item, self.named)
            workload = None if piece is None else pickle.dumps(piece, pickle.HIGHEST_PROTOCOL)
            indexes = list(done.indexes)
            yield [files], tables, columns, diagnostics, [], [], [], [], [], indexes, workload
            members.append(done.member)
        del analysed
        by: dict[str, list[Row]] = {name: [] for name in OUTPUT_DATASETS}
        for tag, row in finish_members(scope, members, self.run):
            by[tag].append(row)
        yield ([], [], [], [], by["findings"], by["nodes"], by["edges"], by["replication"],
               by["audit"], [], None)  # fmt: skip


def plan_packs(
    scopes: Sequence[tuple[PackScope, int]], parallelism: int, pack_bytes: int
) -> list[tuple[PackScope, ...]]:
    """Whole scopes (with their bytes) packed into partitions of about equal bytes: at
    least two per core (the scheduler evens out what bytes do not predict), more when
    the bytes call for it, in a multiple of the cores (13 equal packs on 2 cores would
    leave one core idle for the last); largest scope first onto the lightest partition,
    each partition's scopes in listing order.

    >>> a, b, c = (PackScope(n, ()) for n in "abc")
    >>> [[s.scope for s in p] for p in plan_packs([(a, 5), (b, 3), (c, 2)], 1, 100)]
    [['a'], ['b', 'c']]
    """
    if not scopes:
        return []
    total = sum(size for _, size in scopes)
    cores = max(1, parallelism)
    count = max(2 * cores, -(-total // max(1, pack_bytes)))
    count = -(-count // cores) * cores
    count = max(1, min(count, len(scopes)))
    load = [0] * count
    packs: list[list[tuple[int, PackScope]]] = [[] for _ in range(count)]
    ranked = sorted(enumerate(scopes), key=lambda item: (-item[1][1], item[0]))
    for position, (scoped, size) in ranked:
        target = min(range(count), key=lambda p: (load[p], p))
        packs[target].append((position, scoped))
        load[target] += size
    return [tuple(s for _, s in sorted(p, key=lambda i: i[0])) for p in packs if p]
