"""What Spark tasks run: the pure-Python core over a partition of files.

No pyspark import here: these functions are plain Python (testable without a
JVM) that :mod:`analyzer.spark.scan` hands to ``mapPartitions``.

The scan runs in two phases so that it answers exactly like ``ddlaudit parse``
on the same files, where alias types defined in one file resolve columns in
every other:

1. :func:`analyze_partition` decodes, splits, parses and builds the IR of each
   file (no passes yet);
2. the driver collects every file's user types (small) and broadcasts them;
   :func:`finish_partition` runs the passes with them and flattens each result
   into one nested record (see :func:`record`).

Every per-file step is wrapped: an unexpected exception becomes a ``D900``
diagnostic for that file and never fails the task or loses other files.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from analyzer import passes
from analyzer.core import Options, analyze_source
from analyzer.diagnostics import CODES
from analyzer.estimators import TableEstimate, estimate_file
from analyzer.ir import Diagnostic, FileResult, Severity, UserType
from analyzer.passes.link_replication import ReplicationContext, file_context
from analyzer.rows import Row, column_rows, diagnostic_rows, file_row, table_rows
from analyzer.settings import SizingSettings
from analyzer.source import decode

#: One file's output: its ``files`` row and its ``tables``, ``columns`` and
#: ``diagnostics`` rows; the shape of :func:`analyzer.spark.scan.record_schema`.
Record = tuple[Row, list[Row], list[Row], list[Row]]


@dataclass(frozen=True, slots=True)
class Analysed:
    """Phase-1 output for one file: the IR before passes, plus its size and cost."""

    result: FileResult
    size: int | None
    millis: int | None


def internal_error(path: str, err: BaseException, code: str = "D900") -> FileResult:
    """A result holding only an internal-error diagnostic (with where it happened)."""
    name = CODES.get(code, ("internal-error", ""))[0]
    frames = traceback.extract_tb(err.__traceback__)
    where = f" (at {frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno})" if frames else ""
    message = f"{name}: {type(err).__name__}: {err}{where}"
    return FileResult(path, None, None, diagnostics=(Diagnostic(code, Severity.ERROR, message),))


def analyze_unresolved(path: str, data: bytes, options: Options) -> FileResult:
    """Decode and analyse one file without the passes; never raises."""
    try:
        decoded = decode(data, path, options.encoding or options.config.encoding)
        if decoded.source is None:
            return FileResult(path, None, None, diagnostics=tuple(decoded.diagnostics))
        return analyze_source(decoded.source, options, decoded.diagnostics)
    except Exception as err:  # one file must never fail the job
        return internal_error(path, err)


def analyze_file(path: str, data: bytes, options: Options) -> Analysed:
    """Phase 1 for one file, timed."""
    start = time.perf_counter()
    result = analyze_unresolved(path, data, options)
    return Analysed(result, len(data), round((time.perf_counter() - start) * 1000))


def analyze_partition(
    rows: Iterable[Sequence[Any]],
    options: Options,
    display: Callable[[str], str | None],
) -> Iterator[Analysed]:
    """Phase 1 over ``(path, content)`` rows from Spark's ``binaryFile`` source.

    ``display`` maps Spark's path (a URI) to the path reported in the output,
    or None for a file the scan does not select.
    """
    for row in rows:
        uri, content = str(row[0]), row[1]
        path = display(uri)
        if path is None:
            continue
        try:
            data = bytes(content) if content is not None else b""  # Spark hands a bytearray
            yield analyze_file(path, data, options)
        except Exception as err:
            yield Analysed(internal_error(path, err), None, None)


def user_types(analysed: Analysed) -> tuple[UserType, ...]:
    """The alias types a file defines (what the driver collects between the phases)."""
    return analysed.result.user_types


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


def finish(
    analysed: Analysed,
    known_types: Sequence[UserType],
    sizing: SizingSettings | None = None,
    replication: ReplicationContext | None = None,
) -> Record:
    """Phase 2 for one file: the passes with every file's user types (and tables, keys and
    replication statements, ``replication``), the sizing, the record."""
    estimates: tuple[TableEstimate, ...] = ()
    try:
        result = passes.run(analysed.result, user_types=known_types, replication=replication)
    except Exception as err:
        failed = internal_error(analysed.result.path, err)
        result = replace(
            analysed.result, diagnostics=(*analysed.result.diagnostics, *failed.diagnostics)
        )
    else:
        try:
            sizing = sizing or SizingSettings()
            sized = passes.run(result, passes.SIZING_RULES, sizing=sizing)
            sized = _with_ascii_widths(sized, sizing)
            estimates = estimate_file(sized, sizing)
            extra = tuple(d for e in estimates for d in e.diagnostics)
            result = replace(sized, diagnostics=(*sized.diagnostics, *extra))
        except Exception as err:  # sizing must never cost the parse results
            failed = internal_error(result.path, err)
            result = replace(result, diagnostics=(*result.diagnostics, *failed.diagnostics))
    return record(result, analysed.size, analysed.millis, estimates)


def _with_ascii_widths(result: FileResult, sizing: SizingSettings) -> FileResult:
    """Replication Server ASCII widths for the ``columns`` dataset (RowWidth in ``tables``).

    A type without a known width (R050) is reported only for tables marked for
    replication: on the others it would be noise in a repository-wide scan.
    """
    widened = passes.run(result, passes.REPLICATION_RULES, sizing=sizing)
    quiet = {
        c.span
        for t in widened.tables
        if t.replication is None or not t.replication.replicated
        for c in t.columns
        if c.span is not None
    }
    kept = tuple(d for d in widened.diagnostics if d.code != "R050" or d.span not in quiet)
    return replace(widened, diagnostics=kept)


def finish_partition(
    items: Iterable[Analysed],
    known_types: Callable[[], Sequence[UserType]],
    sizing: SizingSettings | None = None,
    known_replication: Callable[[], ReplicationContext] | None = None,
) -> Iterator[Record]:
    """Phase 2 over a partition; ``known_types`` yields the broadcast user types,
    ``known_replication`` the broadcast :class:`ReplicationContext` of every file."""
    types = known_types()
    replication = known_replication() if known_replication is not None else None
    for analysed in items:
        yield finish(analysed, types, sizing, replication)


def replication_of(analysed: Analysed) -> ReplicationContext:
    """What a file contributes to the run's replication context (collected between phases)."""
    return file_context(analysed.result)
