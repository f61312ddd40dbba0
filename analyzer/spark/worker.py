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
2. the driver collects every file's user types and replication context (small) and
   broadcasts them; :func:`check_partition` runs :func:`analyzer.workflow.check_file`
   (the passes, estimates, ``file`` rules) and flattens each result into one nested
   record (see :func:`record`), keeping the checked result for step 3;
3. :func:`finish_group` runs once per scope, on every file of it: the ``scope`` rules
   and replication findings, then severity, selection, suppressions and fingerprints
   (:func:`analyzer.workflow.finish_findings`: a suppression sees every finding of
   its file, the scope's included), into ``findings`` rows.

Every per-file step is wrapped: an unexpected exception becomes a ``D900``
diagnostic for that file and never fails the task or loses other files.
"""

from __future__ import annotations

import pickle
import re
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from analyzer import workflow
from analyzer.core import Options, analyze_source
from analyzer.diagnostics import CODES
from analyzer.estimators import TableEstimate
from analyzer.ir import Diagnostic, FileResult, Severity, UserType
from analyzer.passes.link_replication import ReplicationContext, file_context
from analyzer.rows import Row, column_rows, diagnostic_rows, file_row, finding_rows, table_rows
from analyzer.rules.engine import from_diagnostic, with_fingerprints
from analyzer.rules.registry import Finding, Rule
from analyzer.rules.selection import Selection
from analyzer.rules.suppressions import Directive
from analyzer.settings import SizingSettings
from analyzer.source import decode
from analyzer.workflow import Checked, Prepared

#: One file's output: its ``files`` row and its ``tables``, ``columns`` and
#: ``diagnostics`` rows.
Record = tuple[Row, list[Row], list[Row], list[Row]]

#: One file's phase-2 row: its :data:`Record`, its scope and its pickled :class:`Member`
#: (bytes the JVM caches as they are); the shape of
#: :func:`analyzer.spark.scan.record_schema`.
CheckedRow = tuple[Row, list[Row], list[Row], list[Row], str, bytes]

#: A path Spark lists itself (``hdfs://``, ``s3a://`` ...): reported as is.
URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:/")

#: Skipped statements whose text the replication estimators read again (the article
#: commands; ``analyzer.estimators.mssql_replication.source_texts``).
ARTICLE_CALLS = ("exec sp_addarticle", "exec sp_changearticle")


@dataclass(frozen=True, slots=True)
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


def user_types(analysed: Analysed) -> tuple[UserType, ...]:
    """The alias types a file defines (what the driver collects between the phases)."""
    return analysed.result.user_types


def replication_of(analysed: Analysed) -> ReplicationContext:
    """What a file contributes to the run's replication context (collected between phases)."""
    return file_context(analysed.result)


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


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Finished:
    """Phase-2 output for one file: its record (four datasets) and its scope member."""

    record: Record
    member: Member


def check(
    analysed: Analysed,
    known_types: Sequence[UserType],
    sizing: SizingSettings | None = None,
    replication: ReplicationContext | None = None,
    rules: Sequence[Rule] = (),
) -> Finished:
    """Phase 2 for one file: :func:`~analyzer.workflow.check_file` with every file's user
    types and replication context (tables, keys, replication statements), the record."""
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
    return Finished(
        record(result, analysed.size, analysed.millis, checked.estimates),
        Member(replace(checked, estimates=()), analysed.order, analysed.text),
    )


def check_partition(
    items: Iterable[Analysed],
    known_types: Callable[[], Sequence[UserType]],
    sizing: SizingSettings | None = None,
    known_replication: Callable[[], ReplicationContext] | None = None,
    rules: Sequence[Rule] = (),
) -> Iterator[CheckedRow]:
    """Phase 2 over a partition; ``known_types`` yields the broadcast user types,
    ``known_replication`` the broadcast :class:`ReplicationContext` of every file."""
    types = known_types()
    replication = known_replication() if known_replication is not None else None
    for analysed in items:
        finished = check(analysed, types, sizing, replication, rules)
        files, tables, columns, diagnostics = finished.record
        # Pickled once here: the JVM caches the bytes and only the scope step reads them.
        member = pickle.dumps(finished.member, pickle.HIGHEST_PROTOCOL)
        yield files, tables, columns, diagnostics, finished.member.checked.scope, member


def keyed_member(row: Sequence[Any]) -> tuple[str, bytes]:
    """``(scope, pickled member)`` of a phase-2 row read back from the JVM (scope and
    member columns): what the scope step groups by."""
    return str(row[0]), bytes(row[1])


# --------------------------------------------------------------------------- scopes


@dataclass(frozen=True, slots=True)
class Reported:
    """A path as a fingerprint sees it (:func:`analyzer.workflow.reported_path`) from a
    task: relative to the driver's ``root``, a relative path resolved against the
    driver's ``cwd``; a URI as is."""

    root: str
    cwd: str | None = None

    def __call__(self, path: str) -> str:
        return path if URI.match(path) else workflow.reported_path(path, self.root, self.cwd)


@dataclass(frozen=True, slots=True)
class RunSettings:
    """What the scope step needs of the run (pickled into its tasks): the resolved
    ``[lint]`` selection, the sizing, the workload (None: none), whether the
    replication estimators run, and how paths are reported."""

    selection: Selection
    sizing: SizingSettings
    workload: Any = None
    replicating: bool = False
    reported: Reported = Reported(".")


def scope_findings(scope: str, members: Sequence[Member], run: RunSettings) -> list[Finding]:
    """The ``scope`` rules and the replication findings over one scope's files (in order)."""
    results = [m.checked.result for m in members]
    out: list[Finding] = []
    try:
        out.extend(workflow.check_scope(scope, results, run.sizing, run.selection.enabled_rules))
    except Exception as err:  # one step's failure must not lose the others' findings
        out.append(_failed(scope, err))
    if run.replicating:
        texts = {m.path: m.text for m in members if m.text is not None}
        try:
            out.extend(workflow.replication_findings(results, run.sizing, run.workload, texts))
        except Exception as err:
            out.append(_failed(scope, err))
    return out


def _failed(path: str, err: BaseException) -> Finding:
    return Finding("D900", Severity.ERROR, _internal(err).message, path)


def finished_rows(
    findings: Iterable[Finding], marks: dict[str, tuple[Directive, ...]], run: RunSettings
) -> list[Row]:
    """``findings`` finished as ``lint`` finishes them, as ``findings`` rows."""
    kept, _ = workflow.finish_findings(findings, run.selection, marks, run.reported)
    return finding_rows(kept)


def finish_scope(scope: str, members: Iterable[Member], run: RunSettings) -> list[Row]:
    """The ``findings`` rows of one scope: its files' findings, the scope's, finished.

    Every finding of a file is here (its scope holds it), so suppressions and L001 see
    what ``lint`` sees.  Scope ``""`` holds what belongs to no PATH (a missing one).
    """
    ordered = sorted(members, key=lambda m: (m.order, m.path))
    try:
        found = [f for m in ordered for f in m.checked.findings]
        if scope:
            found.extend(scope_findings(scope, ordered, run))
        marks = {m.path: m.checked.directives for m in ordered if m.checked.directives}
        return finished_rows(found, marks, run)
    except Exception as err:  # a bug here must not fail the job: say so in the dataset
        return finding_rows(with_fingerprints([_failed(scope or "<input>", err)], run.reported))


def finish_group(group: tuple[str, Iterable[bytes]], run: RunSettings) -> list[Row]:
    """:func:`finish_scope` on a ``(scope, pickled members)`` pair of ``groupByKey``."""
    return finish_scope(group[0], [pickle.loads(m) for m in group[1]], run)
