"""The spread path of a scan: a scope too large for one task, over every core (D191).

The commonest large repository is one database: thousands of files in one scope.  The
one-pass path gives a scope to one task; this path cuts it into chunks of files (in
listing order, about equal bytes, a multiple of the cores) and runs three jobs, each
task reading and writing the run's local output directory itself, as one-pass tasks do
(D130; the path needs that: a local ``--out`` and task writes):

1. **phase 1** per chunk: each file read, decoded, parsed, its IR built and its source
   rules checked (:func:`~analyzer.spark.worker.read_and_analyse`); the prepared file is
   spilled under ``out`` (its result packed, :func:`analyzer.ir.pack`) and the task
   returns only what the scope's links need of it (a pickled link piece: tables, types,
   keys, changes, replication objects), its dialect and whether it fell back (D167);
2. on the **driver**, per scope: the dialect settled as ``lint`` settles it (the few
   files that fell back are read again here for their pieces), the pieces merged into
   the scope's :class:`~analyzer.passes.link_context.ScopeLinks`, broadcast;
3. **phase 2** per chunk: each file read back from the spill (or read again in its
   scope's dialect), checked against the scope's links
   (:func:`~analyzer.spark.worker.check`), its ``files`` ... ``diagnostics`` and
   ``indexes`` rows written as Parquet parts; its scope member (the checked file without
   its estimates) spilled;
4. the **scope step**, one task per scope: the scope's members read back in listing order
   and :func:`~analyzer.spark.worker.finish_members` run on them (scope rules,
   replication findings, the findings finished, the graph, the replication figures, the
   audit), their rows written.

The functions are the one-pass path's, in the same order on the same inputs, so the rows
are the same (``tests/test_spark_spread.py``).  What a task holds: one chunk's files one
at a time and the scope's links; the scope step holds the scope's checked files
(docs/spark.md, "Memory").

>>> [len(c.files) for c in plan_chunks([("s", [("/a", "a", 0, 10), ("/b", "b", 1, 10),
...     ("/c", "c", 2, 10), ("/d", "d", 3, 10)])], cores=1, chunk_bytes=1 << 20)]
[2, 2]
"""

from __future__ import annotations

import itertools
import os
import pickle
import shutil
import typing as t
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import field, replace
from typing import Any

from analyzer import workflow
from analyzer.collector import collect_less, paused
from analyzer.core import Options
from analyzer.ir import Diagnostic, FileResult, Severity, pack, unpack
from analyzer.passes.link_context import ScopeLinks, merge_links, scope_links
from analyzer.records import record
from analyzer.rows import finding_rows
from analyzer.rules.engine import with_fingerprints
from analyzer.rules.registry import Rule
from analyzer.scope_dialect import FALLBACK_CODE, quieted, settle
from analyzer.settings import SizingSettings
from analyzer.spark import parts as direct
from analyzer.spark import worker
from analyzer.workflow import Checked, Prepared

#: Where a spilled item is: file, offset, length.
Where = tuple[str, int, int]

#: What phase 1 returns per file: scope, order, reported path, dialect, fell back (P003),
#: the pickled link piece, the pickled workload piece (None without a workload), where,
#: and whether the file calls ``sp_addarticle`` (its text is kept for the scope step).
FirstRow = tuple[str, int, str, str | None, bool, bytes, bytes | None, Where, bool]


@record
class Chunk:
    """Files of one scope analysed by one task of each phase, in listing order; ``settled``:
    results made without reading (the listing's problems, scope ``""``)."""

    scope: str
    files: tuple[worker.Listed, ...]
    settled: tuple[FileResult, ...] = ()


def plan_chunks(
    scopes: Sequence[tuple[str, Sequence[worker.Listed]]], cores: int, chunk_bytes: int
) -> list[Chunk]:
    """Each scope's files cut into chunks of about equal bytes, in listing order: at least
    two per core (the scheduler evens out what bytes do not predict), more when the bytes
    call for it, in a multiple of the cores; never more chunks than the scope has files."""
    out: list[Chunk] = []
    cores = max(1, cores)
    for scope, files in scopes:
        weights = [max(1, size or 0) for *_, size in files]
        total = sum(weights)
        count = max(2 * cores, -(-total // max(1, chunk_bytes)))
        count = min(len(files), -(-count // cores) * cores)
        made, start, seen = 0, 0, 0
        for i, weight in enumerate(weights):
            seen += weight
            if made == count - 1:
                break
            # cut at the chunk's share of bytes, or when each chunk left needs a file
            if seen * count >= total * (made + 1) or len(files) - i - 1 == count - made - 1:
                out.append(Chunk(scope, tuple(files[start : i + 1])))
                made, start = made + 1, i + 1
        if start < len(files):
            out.append(Chunk(scope, tuple(files[start:])))
    return out


def _spill_name(folder: str, phase: str, index: int) -> str:
    from pyspark import TaskContext

    context = TaskContext.get()
    attempt = context.attemptNumber() if context is not None else 0
    return os.path.join(folder, f"{phase}-{index:05d}-{attempt}")


def _stored(analysed: worker.Analysed) -> bytes:
    """A phase-1 item as the spill keeps it: its result packed (decoded in half a pickle's
    time), the rest pickled."""
    p = analysed.prepared
    rest = (p.findings, p.directives, p.scope, analysed.size, analysed.millis, analysed.order)
    return pickle.dumps((pack(p.result), rest, analysed.text), pickle.HIGHEST_PROTOCOL)


def _restored(data: bytes) -> worker.Analysed:
    packed, (findings, directives, scope, size, millis, order), text = pickle.loads(data)
    prepared = Prepared(unpack(packed), findings, directives, scope)
    return worker.Analysed(prepared, size, millis, order, text)


def _read(where: Where) -> bytes:
    path, at, length = where
    with open(path, "rb") as handle:
        handle.seek(at)
        return handle.read(length)


@record
class PhaseOne:
    """Phase 1 of a chunk (``mapPartitionsWithIndex``): read and prepare each file, spill
    it, return its :data:`FirstRow`."""

    options: Options
    source_rules: tuple[Rule, ...]
    spill: str
    named: frozenset[str] | None = None

    def __call__(self, index: int, chunks: Iterable[Chunk]) -> Iterator[FirstRow]:
        collect_less()  # as the CLI does: Spark's Python workers never run it
        path = _spill_name(self.spill, "p1", index)
        with open(path, "wb") as handle:
            at = 0
            for chunk in chunks:
                # one file at a time: a chunk's IR held at once made the collector walk
                # a growing heap (15 % of the phase at 2,500 files a chunk)
                analysed = (
                    worker.read_and_analyse(
                        a, shown, size, self.options, (chunk.scope, order), self.source_rules
                    )
                    for a, shown, order, size in chunk.files
                )
                settled = (
                    worker.Analysed(Prepared(r, scope=chunk.scope), None, None)
                    for r in chunk.settled
                )
                for item in itertools.chain(analysed, settled):
                    data = _stored(item)
                    handle.write(data)
                    yield self.row(item, (path, at, len(data)))
                    at += len(data)

    def row(self, item: worker.Analysed, where: Where) -> FirstRow:
        result = item.result
        piece = pickle.dumps(scope_links([result]), pickle.HIGHEST_PROTOCOL)
        load = worker.workload_piece(item, self.named)
        loaded = None if load is None else pickle.dumps(load, pickle.HIGHEST_PROTOCOL)
        fell = any(d.code == FALLBACK_CODE for d in result.diagnostics)
        scope = item.prepared.scope
        texted = item.text is not None
        return scope, item.order, result.path, result.dialect, fell, piece, loaded, where, texted


@record
class Settled:
    """What the driver decided between the phases: each scope's link pieces (pickled, in
    listing order), the files read again in their scope's dialect (path -> dialect), the
    files whose P003 goes (D167), where each chunk's phase-1 items are (chunk index ->
    places, in the chunk's order), and the scopes none of whose files calls
    ``sp_addarticle``: their SQL Server articles are sized file by file in phase 2
    (:func:`analyzer.spark.worker.article_rows`).

    The driver neither merges nor pickles the pieces again (bytes broadcast as they came);
    each worker process merges a scope's once, on first use (:meth:`links`): Spark keeps
    one broadcast value per worker, and the merged links with it."""

    pieces: dict[str, tuple[bytes, ...]]
    again: dict[str, str]
    quiet: frozenset[str]
    spilled: dict[int, tuple[Where, ...]]
    plain: frozenset[str] = frozenset()
    #: Merged on first use, per scope; not compared, hashed or pickled.
    _links: dict[str, ScopeLinks] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def links(self, scope: str) -> ScopeLinks:
        """The scope's links, merged from its pieces once in this process."""
        found = self._links.get(scope)
        if found is None:
            with paused():  # many acyclic objects at once (D190)
                found = merge_links([pickle.loads(p) for p in self.pieces.get(scope, ())])
            self._links[scope] = found
        return found

    def __reduce__(self) -> tuple[type[Settled], tuple[t.Any, ...]]:
        # the fields only: the merged links are made again where they are used
        return Settled, (self.pieces, self.again, self.quiet, self.spilled, self.plain)


def settle_scopes(
    rows: Sequence[tuple[int, FirstRow]],
    chunks: Sequence[Chunk],
    options: Options,
    rules: tuple[Rule, ...],
) -> Settled:
    """Per scope, in listing order: the dialect settled as ``lint`` settles it (a file that
    fell back read again here for its link piece: they are few), its pieces kept."""
    listed = {shown: (a, size) for c in chunks for a, shown, _, size in c.files}
    spilled: dict[int, list[Where]] = {}
    by_scope: dict[str, list[FirstRow]] = {}
    for index, row in rows:  # each partition's rows in its order
        spilled.setdefault(index, []).append(row[7])
    for _, row in sorted(rows, key=lambda r: (r[1][1], r[1][2])):
        by_scope.setdefault(row[0], []).append(row)
    pieces: dict[str, tuple[bytes, ...]] = {}
    again: dict[str, str] = {}
    quiet: set[str] = set()
    plain: set[str] = set()
    with paused():  # many acyclic objects at once (D190)
        for scope, members in by_scope.items():

            def redo(
                i: int, dialect: str, members: list[FirstRow] = members, scope: str = scope
            ) -> FirstRow:
                row = members[i]
                absolute, size = listed.get(row[2], (None, None))
                if absolute is None:  # a settled result: nothing to read again
                    return row
                scoped = replace(options, scope_dialect=dialect)
                item = worker.read_and_analyse(
                    absolute, row[2], size, scoped, (scope, row[1]), rules
                )
                again[row[2]] = dialect
                piece = pickle.dumps(scope_links([item.result]), pickle.HIGHEST_PROTOCOL)
                texted = item.text is not None
                return (*row[:3], item.result.dialect, False, piece, row[6], row[7], texted)

            def hush(row: FirstRow) -> FirstRow:
                quiet.add(row[2])
                return row

            def outline(row: FirstRow) -> FileResult:
                notes = (Diagnostic(FALLBACK_CODE, Severity.WARNING, ""),) if row[4] else ()
                return FileResult(row[2], row[3], None, diagnostics=notes)

            kept = settle(members, redo, hush, outline)
            pieces[scope] = tuple(row[5] for row in kept)
            if not any(row[8] for row in kept):
                plain.add(scope)
    places = {index: tuple(found) for index, found in spilled.items()}
    return Settled(pieces, again, frozenset(quiet), places, frozenset(plain))


#: What a phase-2 task returns: its rows' counts, and each scope member's scope, listing
#: order and place in the spill.
SecondReport = tuple[dict[tuple[str, str], int], list[tuple[str, int, Where]]]


@record
class PhaseTwo:
    """Phase 2 of a chunk (``mapPartitionsWithIndex``): each file read back (or read again
    in its scope's dialect), checked against its scope's links, its rows written; returns a
    :data:`SecondReport`."""

    options: Options
    sizing: SizingSettings
    source_rules: tuple[Rule, ...]
    file_rules: tuple[Rule, ...]
    indexing: worker.Indexing | None
    out: str
    run: str
    spill: str
    #: A broadcast of the :class:`Settled`.
    settled: Any
    settings: worker.RunSettings

    def __call__(self, index: int, chunks: Iterable[Chunk]) -> Iterator[SecondReport]:
        collect_less()  # as the CLI does: Spark's Python workers never run it
        decided: Settled = self.settled.value
        places = iter(decided.spilled.get(index, ()))
        writer = direct.PartWriter(self.out, f"{index:05d}-{self.run}-s2")
        counts: Counter[tuple[str, str]] = Counter()
        members: list[tuple[str, int, Where]] = []
        path = _spill_name(self.spill, "p2", index)
        try:
            with open(path, "wb") as handle:
                at = 0
                run = self.settings
                for chunk in chunks:
                    links = decided.links(chunk.scope)
                    articles = chunk.scope in decided.plain
                    whole = workflow.scope_reads_whole(
                        links,
                        replication=True,
                        workload=run.workload is not None,
                        audit=run.audit_to is not None,
                    )
                    for _ in range(len(chunk.files) + len(chunk.settled)):
                        item = self.settle(_restored(_read(next(places))), chunk, decided)
                        done = worker.check(
                            item,
                            links.user_types,
                            self.sizing,
                            links.replication,
                            self.file_rules,
                            self.indexing,
                        )
                        files, tables, columns, diagnostics = done.record
                        for name, rows in (
                            ("files", [files]),
                            ("tables", tables),
                            ("columns", columns),
                            ("diagnostics", diagnostics),
                            ("indexes", list(done.indexes)),
                        ):
                            if rows:
                                writer.add(name, rows)
                                direct.count_rows(name, rows, counts)
                        if articles:
                            found = self.articles(chunk.scope, done.member.checked.result)
                            if found:
                                name = "replication" if found[0] else "findings"
                                writer.add(name, found[1])
                                direct.count_rows(name, found[1], counts)
                        # the scope step reads no more of most files (D202)
                        data = _member(done.member if whole else worker.reduced(done.member, links))
                        handle.write(data)
                        members.append((chunk.scope, done.member.order, (path, at, len(data))))
                        at += len(data)
            writer.close()
        except BaseException:
            writer.abort()
            raise
        yield dict(counts), members

    def articles(self, scope: str, result: FileResult) -> tuple[bool, list[Any]] | None:
        """``(True, rows)``: the ``replication`` rows of the file's SQL Server articles;
        ``(False, rows)``: the ``findings`` row of their failure (D900, as the scope step
        says one); None: no row."""
        try:
            rows = worker.article_rows(scope, result, self.settings)
        except Exception as err:  # the file's other rows must not be lost
            failed = [worker.failed(scope, err)]
            return False, finding_rows(with_fingerprints(failed, self.settings.reported))
        return (True, rows) if rows else None

    def settle(self, item: worker.Analysed, chunk: Chunk, decided: Settled) -> worker.Analysed:
        """``item`` read again in its scope's dialect, or without its P003 (D167)."""
        path = item.result.path
        dialect = decided.again.get(path)
        if dialect is not None:
            absolute, size = next((a, s) for a, shown, _, s in chunk.files if shown == path)
            scoped = replace(self.options, scope_dialect=dialect)
            return worker.read_and_analyse(
                absolute, path, size, scoped, (chunk.scope, item.order), self.source_rules
            )
        if path in decided.quiet:
            prepared = item.prepared
            kept = tuple(f for f in prepared.findings if f.code != FALLBACK_CODE)
            return replace(
                item, prepared=replace(prepared, result=quieted(item.result), findings=kept)
            )
        return item


def _member(member: worker.Member) -> bytes:
    c = member.checked
    rest = (c.findings, c.directives, c.scope, member.order, member.text)
    return pickle.dumps((pack(c.result), rest), pickle.HIGHEST_PROTOCOL)


def _unmember(data: bytes) -> worker.Member:
    packed, (findings, directives, scope, order, text) = pickle.loads(data)
    return worker.Member(Checked(unpack(packed), (), findings, directives, scope), order, text)


@record
class ScopeStep:
    """The scope step of whole scopes (``mapPartitionsWithIndex`` over ``(scope, [(order,
    where)])``): the members read back in listing order, :func:`worker.finish_members`, the
    rows written; returns their counts."""

    run: worker.RunSettings
    out: str
    tag: str

    def __call__(
        self, index: int, scopes: Iterable[tuple[str, Sequence[tuple[int, Where]], bool]]
    ) -> Iterator[dict[tuple[str, str], int]]:
        collect_less()  # as the CLI does: Spark's Python workers never run it
        writer = direct.PartWriter(self.out, f"{index:05d}-{self.tag}-s3")
        counts: Counter[tuple[str, str]] = Counter()
        try:
            for scope, places, articles_too in scopes:
                by: dict[str, list[Any]] = {}
                with paused():  # the scope's members are many acyclic objects (D190, D194)
                    members = [_unmember(_read(w)) for _, w in sorted(places)]
                    found = worker.finish_members(scope, members, self.run, articles_too)
                    del members
                for name, row in found:
                    by.setdefault(name, []).append(row)
                for name, rows in by.items():
                    writer.add(name, rows)
                    direct.count_rows(name, rows, counts)
            writer.close()
        except BaseException:
            writer.abort()
            raise
        yield dict(counts)


def run_spread(
    context: Any,
    chunks: Sequence[Chunk],
    options: Options,
    sizing: SizingSettings,
    source_rules: tuple[Rule, ...],
    file_rules: tuple[Rule, ...],
    run: worker.RunSettings,
    named: frozenset[str] | None,
    out: str,
    tag: str,
) -> tuple[Counter[tuple[str, str]], list[tuple[int, str, Any]]]:
    """The three jobs and the driver's step between them (module docstring); returns the
    rows' counts and the workload pieces.  The spill (``out/_spread-<tag>``) is removed at
    the end, whatever happens."""
    spill = os.path.join(out, f"_spread-{tag}")
    os.makedirs(spill, exist_ok=True)
    counts: Counter[tuple[str, str]] = Counter()
    try:
        first = PhaseOne(options, source_rules, spill, named)
        numbered = context.parallelize(chunks, len(chunks)).mapPartitionsWithIndex(_numbered(first))
        rows: list[tuple[int, FirstRow]] = numbered.collect()
        pieces = [pickle.loads(r[6]) for _, r in rows if r[6] is not None]
        settled = settle_scopes(rows, chunks, options, source_rules)
        del rows
        shared = context.broadcast(settled)
        try:
            plain = settled.plain
            second = PhaseTwo(
                options,
                sizing,
                source_rules,
                file_rules,
                run.indexing,
                out,
                tag,
                spill,
                shared,
                run,
            )
            reports = context.parallelize(chunks, len(chunks)).mapPartitionsWithIndex(second)
            members: dict[str, list[tuple[int, Where]]] = {}
            for counted, placed in reports.collect():
                counts.update(counted)
                for scope, order, where in placed:
                    members.setdefault(scope, []).append((order, where))
        finally:
            shared.unpersist()
        scopes = [
            (scope, found, scope not in plain)
            for scope, found in sorted(members.items(), key=lambda item: -len(item[1]))
        ]
        tasks = max(1, min(len(scopes), context.defaultParallelism))
        step = ScopeStep(run, out, tag)
        for counted in context.parallelize(scopes, tasks).mapPartitionsWithIndex(step).collect():
            counts.update(counted)
        return counts, pieces
    finally:
        shutil.rmtree(spill, ignore_errors=True)


@record
class _Numbered:
    task: PhaseOne

    def __call__(self, index: int, chunks: Iterable[Chunk]) -> Iterator[tuple[int, FirstRow]]:
        for row in self.task(index, chunks):
            yield index, row


def _numbered(task: PhaseOne) -> _Numbered:
    return _Numbered(task)
