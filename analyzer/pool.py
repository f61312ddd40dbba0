"""Files through a workflow one at a time, in listing order, in this process or a pool.

``parse``, ``size`` and ``lint`` stream their output (docs/streaming.md): each file's
report is written as soon as the file is done, so a run holds one file's IR at a time,
not the repository's.  A file's passes link it against its scope (alias types, tables,
keys and replication statements of the scope's other files: docs/decisions.md D31,
D77), so every file is read twice over, as the Spark scan does
(:mod:`analyzer.spark.worker`), with the same workflow functions:

1. *phase 1* (:func:`first`), per file: decode, parse, IR (and for ``lint`` the
   ``source`` rules and suppression comments: :func:`analyzer.workflow.prepare`).  The
   prepared file is pickled to a spill file on disk and dropped; what it gives its
   scope's links (:func:`~analyzer.passes.link_context.scope_links`: alias types,
   table shapes, keys, replication statements; small) is kept until the scope's last
   file is done, then the scope's links are spilled too;
2. *phase 2* (:func:`second`), per file in listing order: the prepared file read back,
   the workflow's passes with its scope's links, then the command's own step (the
   estimates; ``lint``: :func:`analyzer.workflow.check_file`), then ``render`` (the
   command's per-file report text, made where the file was processed).

``audit`` reads the run's replication definitions, subscriptions and publications
between the phases: the files that hold any (marked in phase 1) go through their passes
once every scope is complete, their objects are gathered in listing order and spilled
once, and phase 2 audits each file's tables against them
(:class:`~analyzer.audit.engine.Auditor`; docs/decisions.md D192).

With ``jobs > 1`` both phases run in a :class:`~concurrent.futures.ProcessPoolExecutor`
(forked workers on Linux, else spawned ones; an initializer that receives the run's
settings once, chunks of files to amortise pickling, at most a few chunks in flight so
memory stays flat); the results come back in listing order, so the output is the same
bytes as ``jobs == 1``.
Each worker writes its prepared files to its own spill file: the parent handles only
the small link pieces.  A per-file step that raises becomes a ``D900`` diagnostic on
that file (the same in both modes); a worker process that dies, or Ctrl-C, stops the
run with :class:`PoolError`.
"""

from __future__ import annotations

import contextlib
import os
import traceback
import typing as t
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from analyzer import passes
from analyzer.collector import paused
from analyzer.core import Options, analyze_source
from analyzer.diagnostics import CODES
from analyzer.ir import Diagnostic, FileResult, Severity, pack, unpack
from analyzer.passes.link_context import ScopeLinks, merge_links, scope_links
from analyzer.records import record
from analyzer.scope_dialect import FALLBACK_CODE, fell_back, quieted, settle
from analyzer.settings import SizingSettings
from analyzer.source import DecodeResult, decode, read_path

if t.TYPE_CHECKING:  # the rules and estimators are imported by the commands that use them
    import concurrent.futures as cf
    import threading

    from analyzer.audit.engine import Auditor, FileAudit, Objects
    from analyzer.config import AuditSettings
    from analyzer.estimators import TableEstimate
    from analyzer.rules.engine import Rules
    from analyzer.rules.registry import Finding, Rule
    from analyzer.rules.selection import Selection
    from analyzer.rules.suppressions import Directive
    from analyzer.workflow import LintRun, Prepared

#: The commands this module runs; each names its per-file steps (module docstring).
COMMANDS = ("parse", "size", "lint", "audit")

#: Chunks in flight per worker: enough to keep every worker busy, few enough that the
#: results waiting to be written stay a handful of files.
IN_FLIGHT = 3

#: Largest number of files in one pool task (pickling is paid per task, not per file).
MAX_CHUNK = 32


class PoolError(RuntimeError):
    """The run could not finish: a worker process died or the run was interrupted."""


@record
class Job:
    """What every file of a run is processed with; picklable (sent to each worker once).

    ``render`` (a module-level function, so it pickles by name) turns a file's phase-2
    output into what the caller writes; None returns the output itself.
    """

    command: str
    options: Options
    sizing: SizingSettings
    rules: tuple[Rule, ...] | Rules = ()
    stdin: bytes | None = None
    render: Callable[[t.Any], t.Any] | None = None
    #: ``audit``: the target and the audit's own settings.
    audit: AuditJob | None = None
    #: ``lint``: its scope step runs the replication estimators (a replication rule is
    #: enabled), and with a workload: what decides whether a checked file is shipped whole
    #: or reduced to what the scope rules read (:func:`~analyzer.workflow.scope_reads_whole`).
    replicating: bool = False
    workload: bool = False


@record
class AuditJob:
    """What ``audit`` audits every file for (:class:`~analyzer.audit.engine.Auditor`)."""

    target: str
    settings: AuditSettings
    identifiers: str = "fold"
    #: Make each table's target DDL (``--emit-ddl``).
    ddl: bool = False


@record
class Shipped:
    """``lint``'s phase-2 output as a pool worker sends it: the checked result packed
    (:func:`analyzer.ir.pack`), unpacked by the parent only for its scope's step; the
    findings as they are."""

    path: str
    packed: bytes
    findings: tuple[Finding, ...]
    directives: tuple[Directive, ...] = ()
    scope: str = ""


@record
class Sized:
    """``size``'s phase-2 output for one file: the result after the sizing passes and its
    tables' estimates."""

    result: FileResult
    estimates: tuple[TableEstimate, ...]


@record
class Audited:
    """``audit``'s phase-2 output for one file: its path, dialect and diagnostics (the
    IR's other parts stay in the worker), its tables' audits without their source tables
    and mappings (unpickling the IR was most of the parent's time), and with
    ``AuditJob.ddl`` each table's target DDL (``--emit-ddl``), made here instead."""

    result: FileResult
    audit: FileAudit
    ddl: tuple[str | None, ...] = ()


# ---------------------------------------------------------------------- per file


def internal(err: BaseException) -> Diagnostic:
    """A ``D900`` for an exception in a per-file step, with where it was raised."""
    name = CODES["D900"][0]
    frames = traceback.extract_tb(err.__traceback__)
    where = f" (at {frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno})" if frames else ""
    return Diagnostic("D900", Severity.ERROR, f"{name}: {type(err).__name__}: {err}{where}")


def _with(result: FileResult, err: BaseException) -> FileResult:
    return replace(result, diagnostics=(*result.diagnostics, internal(err)))


def _read(path: str, job: Job) -> DecodeResult:
    """:func:`analyzer.workflow.read` (``<stdin>``: the run's standard input)."""
    encoding = job.options.encoding or job.options.config.encoding
    if path == "<stdin>":
        return decode(job.stdin or b"", path, encoding)
    return read_path(path, encoding)


def result_of(item: FileResult | Prepared) -> FileResult:
    """The IR of a phase-1 item (``lint``'s is a :class:`~analyzer.workflow.Prepared`)."""
    return item if isinstance(item, FileResult) else item.result


def first(job: Job, path: str, scope: str) -> FileResult | Prepared:
    """Phase 1 of one file; never raises (a failure is a D900 on the file).  ``lint``
    gets the workflow's :class:`~analyzer.workflow.Prepared`, the others the IR."""
    try:
        decoded = _read(path, job)
        if job.command == "lint":
            from analyzer.workflow import prepare

            return prepare(decoded, path, job.options, job.sizing, job.rules, scope)
        if decoded.source is None:
            return FileResult(path, None, None, diagnostics=decoded.diagnostics)
        return analyze_source(decoded.source, job.options, decoded.diagnostics)
    except Exception as err:  # one file must never stop the run
        failed = FileResult(path, None, None, diagnostics=(internal(err),))
        if job.command == "lint":
            from analyzer.workflow import Prepared

            return Prepared(failed, scope=scope)
        return failed


def second(
    job: Job,
    item: FileResult | Prepared,
    links: ScopeLinks,
    auditor: Auditor | None = None,
    scope: str = "",
) -> t.Any:
    """Phase 2 of one file (its scope's ``links``), then ``job.render``; never raises for
    a failure inside the workflow (a D900 on the file).  ``audit``: ``auditor`` holds the
    run's replication objects (:func:`replication_objects`), ``scope`` names the file's;
    an exception of the audit itself stops the run, as it does ``analyze_paths``'s."""
    if not isinstance(item, FileResult):  # lint
        from analyzer.rules.engine import from_diagnostic
        from analyzer.rules.scope_input import scope_input
        from analyzer.workflow import LINT, Checked, check_file, scope_reads_whole

        try:
            done = check_file(
                item, LINT, job.sizing, links.user_types, links.replication, job.rules
            )
            kept = done.result
            if not scope_reads_whole(links, replication=job.replicating, workload=job.workload):
                kept = scope_input(kept, links)  # all the scope step reads of it (D202, D203)
            out: t.Any = Checked(kept, (), done.findings, done.directives, done.scope)
        except Exception as err:
            result = _with(item.result, err)
            found = (*item.findings, from_diagnostic(result.diagnostics[-1], result))
            out = Checked(result, (), found, item.directives, item.scope)
    else:
        result, failed = _linked(item, links)
        out = result
        if job.command == "size":
            from analyzer.estimators import estimate_file
            from analyzer.workflow import SIZE, after_parse

            estimates: tuple[TableEstimate, ...] = ()
            if not failed:  # one D900 per file: a result the passes broke on is not sized
                try:
                    result = passes.run(result, after_parse(SIZE), sizing=job.sizing)
                    estimates = tuple(estimate_file(result, job.sizing))
                except Exception as err:
                    result = _with(result, err)
            out = Sized(result, estimates)
        elif job.command == "audit":
            assert auditor is not None and job.audit is not None
            out = _audited(result, auditor.file(result, scope), auditor, job.audit.ddl)
    return job.render(out) if job.render is not None else out


def _audited(result: FileResult, done: FileAudit, auditor: Auditor, ddl: bool) -> Audited:
    from analyzer.audit.ddl import create_table

    texts: tuple[str | None, ...] = ()
    if ddl:
        texts = tuple(
            None
            if tb.source is None
            else create_table(tb.source, tb.mapped, auditor.spec, auditor.identifiers)
            for tb in done.tables
        )
    bare = tuple(replace(tb, source=None, mapped=()) for tb in done.tables)
    light = FileResult(result.path, result.dialect, None, diagnostics=result.diagnostics)
    return Audited(light, replace(done, tables=bare), texts)


def _linked(item: FileResult, links: ScopeLinks) -> tuple[FileResult, bool]:
    """What ``analyze_paths`` runs on a file: the passes with its scope's links (on a
    failure, the file as it was with a D900); and whether they failed."""
    try:
        return passes.run(item, user_types=links.user_types, replication=links.replication), False
    except Exception as err:
        return _with(item, err), True


def replication_objects(item: FileResult, links: ScopeLinks) -> Objects:
    """``audit``: the replication definitions, subscriptions and publications of one file
    after its passes (:func:`analyzer.audit.constructs.scope_objects` of the file)."""
    result, _ = _linked(item, links)
    return result.replication_definitions, result.subscriptions, result.publications


def _replicating(result: FileResult) -> bool:
    return bool(result.replication_definitions or result.subscriptions or result.publications)


def _gathered(found: Iterable[Objects]) -> Objects:
    """The run's objects from its files' (in listing order, as ``scope_objects``)."""
    repdefs: list[t.Any] = []
    subs: list[t.Any] = []
    pubs: list[t.Any] = []
    for r, s, p in found:
        repdefs.extend(r)
        subs.extend(s)
        pubs.extend(p)
    return tuple(repdefs), tuple(subs), tuple(pubs)


def _auditor(job: Job, objects: Objects) -> Auditor:
    from analyzer.audit.engine import Auditor

    assert job.audit is not None
    run = job.audit
    return Auditor(run.target, job.sizing, run.settings, objects, run.identifiers)


# ---------------------------------------------------------------------- spill


@dataclass(slots=True)
class _Spill:
    """Append-only pickles in one file; ``(path, offset, length)`` finds one again."""

    path: str
    handle: t.BinaryIO | None = None
    size: int = 0

    def put(self, obj: t.Any) -> tuple[str, int, int]:
        import pickle  # workers and spills only: a one-file run needs none (D108)

        return self.write(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))

    def put_item(self, item: FileResult | Prepared) -> tuple[str, int, int]:
        """A phase-1 item, its IR packed (:func:`_item_bytes`); :func:`_item` reads it."""
        return self.write(_item_bytes(item))

    def write(self, data: bytes) -> tuple[str, int, int]:
        if self.handle is None:
            self.handle = open(self.path, "ab")  # noqa: SIM115 (closed by close())
        self.handle.write(data)
        at = self.size
        self.size += len(data)
        return self.path, at, len(data)

    def flush(self) -> None:
        if self.handle is not None:
            self.handle.flush()

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()
            self.handle = None


Where = tuple[str, int, int]


def _get(where: Where) -> t.Any:
    import pickle

    path, at, length = where
    with open(path, "rb") as handle:
        handle.seek(at)
        return pickle.loads(handle.read(length))


@dataclass(slots=True)
class _Worker:
    """One process's state: the run's job, its spill file, the scope links last read
    (``audit``: the auditor of the run's replication objects, read once)."""

    job: Job
    spill: _Spill
    links_at: Where | None = None
    links: ScopeLinks = field(default_factory=ScopeLinks)
    audit_at: Where | None = None
    auditor: Auditor | None = None

    def scope_links(self, where: Where) -> ScopeLinks:
        if where != self.links_at:  # a chunk is mostly one scope: read its links once
            self.links, self.links_at = _merged(_get(where)), where
        return self.links

    def second(self, task: Task) -> t.Any:
        """Phase 2 of one file's ``task`` (:meth:`_Scopes.task`)."""
        at, links, quiet, extra = task
        auditor, scope = None, ""
        if extra is not None:
            objects_at, scope = extra
            if objects_at != self.audit_at:
                self.auditor, self.audit_at = _auditor(self.job, _get(objects_at)), objects_at
            auditor = self.auditor
        return second(self.job, _item(at, quiet), self.scope_links(links), auditor, scope)

    def objects(self, task: Task) -> Objects:
        at, links, quiet, _ = task
        return replication_objects(_item(at, quiet), self.scope_links(links))


#: The worker process's state, set once by :func:`_start` (the pool initializer: a
#: spawned process has nothing else to receive the run's settings with).  Each process
#: holds one; the parent never sets it.
_STATE: dict[str, _Worker] = {}


def _start(job: Job, folder: str) -> None:
    import signal  # in workers only (D108)

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _STATE["worker"] = _Worker(job, _Spill(os.path.join(folder, f"spill-{os.getpid()}")))


def _piece(item: FileResult | Prepared) -> bytes:
    """What ``item`` gives its scope's links, pickled where it is made: the parent only
    keeps the bytes, and each worker merges a scope's pieces itself (:func:`_merged`)."""
    import pickle

    return pickle.dumps(scope_links([result_of(item)]), pickle.HIGHEST_PROTOCOL)


def _merged(pieces: Sequence[bytes]) -> ScopeLinks:
    """A scope's links from its files' pieces (:func:`_piece`), in listing order."""
    import pickle

    with paused():
        return merge_links([pickle.loads(p) for p in pieces])


def _first_chunk(
    items: Sequence[tuple[str, str]],
) -> list[tuple[Where, FileResult, bytes]]:
    worker = _STATE["worker"]
    out = []
    for path, scope in items:
        prepared = first(worker.job, path, scope)
        out.append((worker.spill.put_item(prepared), _outline(prepared), _piece(prepared)))
    worker.spill.flush()
    return out


def _item_bytes(item: FileResult | Prepared) -> bytes:
    """A phase-1 item as the spill keeps it: its IR packed (written in half a pickle's
    time and read in under half: 0.20 ms a file of the one-database bench corpus against
    0.42, for about 4x the bytes on disk; D190), ``lint``'s findings and directives
    pickled."""
    import pickle

    if isinstance(item, FileResult):
        return pickle.dumps((pack(item),), pickle.HIGHEST_PROTOCOL)
    rest = (pack(item.result), item.findings, item.directives, item.scope)
    return pickle.dumps(rest, pickle.HIGHEST_PROTOCOL)


def _item(where: Where, quiet: bool) -> t.Any:
    import pickle

    from analyzer.workflow import Prepared

    path, at, length = where
    with open(path, "rb") as handle:
        handle.seek(at)
        stored = pickle.loads(handle.read(length))
    result = unpack(stored[0])
    item: FileResult | Prepared = Prepared(result, *stored[1:]) if len(stored) > 1 else result
    return _quiet(item) if quiet else item


def _second_chunk(items: Sequence[Task]) -> list[t.Any]:
    worker = _STATE["worker"]
    return [_shipped(worker.second(task)) for task in items]


def _objects_chunk(items: Sequence[Task]) -> list[Objects]:
    worker = _STATE["worker"]
    return [worker.objects(task) for task in items]


def _shipped(out: t.Any) -> t.Any:
    """A phase-2 output as a worker sends it: ``lint``'s checked result packed (the
    parent unpacks it for the scope step only), anything else as it is."""
    from analyzer.workflow import Checked

    if isinstance(out, Checked):
        return Shipped(out.result.path, pack(out.result), out.findings, out.directives, out.scope)
    return out


# ---------------------------------------------------------------------- the run


def _outline(item: FileResult | Prepared) -> FileResult:
    """What settling a scope's dialect reads of a phase-1 item: its dialect and P003;
    and whether ``audit`` must read its replication objects after its passes."""
    result = result_of(item)
    fell = tuple(d for d in result.diagnostics if d.code == FALLBACK_CODE)
    return FileResult(
        result.path,
        result.dialect,
        None,
        diagnostics=fell,
        replication_definitions=result.replication_definitions,
        subscriptions=result.subscriptions,
        publications=result.publications,
    )


def _quiet(item: FileResult | Prepared) -> FileResult | Prepared:
    if isinstance(item, FileResult):
        return quieted(item)
    kept = tuple(f for f in item.findings if f.code != FALLBACK_CODE)
    return replace(item, result=quieted(item.result), findings=kept)


@dataclass(slots=True)
class _Scopes:
    """Each scope's link pieces until its last file is done, then its spilled links.

    When a scope is complete, its files that showed no dialect are read again in the one
    its other files settled on (D167), here in the parent (they are few): ``moved`` says
    where their new phase-1 items are."""

    spill: _Spill
    left: dict[str, int]
    job: Job
    #: Links every scope also sees, pickled (:func:`_piece`'s form).
    around: bytes | None = None
    pieces: dict[str, list[tuple[int, FileResult, bytes]]] = field(default_factory=dict)
    done: dict[str, Where] = field(default_factory=dict)
    moved: dict[int, Where] = field(default_factory=dict)
    #: Files whose P003 goes: their scope said it once already.
    quiet: set[int] = field(default_factory=set)
    #: ``audit``: files with replication objects (read after their passes).
    replicating: list[int] = field(default_factory=list)

    def task(self, index: int, where: Where, scope: str) -> Task:
        """Phase 2 of file ``index``: where its item is, its scope's links, whether its
        P003 goes (and, for ``audit``, set by :func:`_for_audit`: where the run's
        replication objects are, and the scope's name)."""
        return self.moved.get(index, where), self.done[scope], index in self.quiet, None

    def add(self, index: int, scope: str, outline: FileResult, piece: bytes) -> None:
        self.pieces.setdefault(scope, []).append((index, outline, piece))
        self.left[scope] -= 1
        if self.left[scope] == 0:
            members = self.pieces.pop(scope)
            if any(fell_back(o) for _, o, _ in members):
                members = self._settle(scope, members)
            if self.job.command == "audit":
                self.replicating.extend(i for i, o, _ in members if _replicating(o))
            listed = [piece for _, _, piece in members]
            if self.around is not None:
                listed.append(self.around)
            self.done[scope] = self.spill.put(tuple(listed))

    def _settle(
        self, scope: str, members: list[tuple[int, FileResult, bytes]]
    ) -> list[tuple[int, FileResult, bytes]]:
        def redo(j: int, dialect: str) -> tuple[int, FileResult, bytes]:
            index, outline, _ = members[j]
            options = replace(self.job.options, scope_dialect=dialect)
            item = first(replace(self.job, options=options), outline.path, scope)
            self.moved[index] = self.spill.put_item(item)
            return index, _outline(item), _piece(item)

        def quiet(member: tuple[int, FileResult, bytes]) -> tuple[int, FileResult, bytes]:
            index, outline, piece = member
            self.quiet.add(index)
            return index, quieted(outline), piece

        return settle(members, redo, quiet, lambda m: m[1])


#: Phase 2 of one file: its phase-1 item, its scope's links, whether its P003 goes, and
#: for ``audit`` the run's replication objects and the scope's name.
Task = tuple[Where, Where, bool, "tuple[Where, str] | None"]


def _for_audit(
    tasks: list[Task],
    listed: Sequence[tuple[str, str]],
    scopes: _Scopes,
    objects: Callable[[list[Task]], Iterable[Objects]],
) -> list[Task]:
    """``audit``: the run's replication objects gathered (``objects`` reads them from the
    files that have any, after their passes), spilled once, and named in every task."""
    marked = sorted(scopes.replicating)
    found = _gathered(objects([tasks[i] for i in marked]))
    where = scopes.spill.put(found)
    scopes.spill.flush()
    return [(*task[:3], (where, scope)) for task, (_, scope) in zip(tasks, listed, strict=True)]


def _chunks(items: Sequence[t.Any], size: int) -> list[Sequence[t.Any]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def _ordered(
    pool: cf.ProcessPoolExecutor,
    fn: Callable[[t.Any], list[t.Any]],
    chunks: Iterable[t.Any],
    window: int,
) -> Iterator[t.Any]:
    """``fn`` over ``chunks`` in the pool, results in order, at most ``window`` pending."""
    pending: deque[cf.Future[list[t.Any]]] = deque()
    for chunk in chunks:
        pending.append(pool.submit(fn, chunk))
        if len(pending) >= window:
            yield from pending.popleft().result()
    while pending:
        yield from pending.popleft().result()


def _chunk_size(files: int, jobs: int) -> int:
    return max(1, min(MAX_CHUNK, files // (jobs * 4) or 1))


def process(
    job: Job,
    listed: Sequence[tuple[str, str]],
    jobs: int = 1,
    around: ScopeLinks | None = None,
    start: str | None = None,
) -> Iterator[t.Any]:
    """Each file of ``listed`` (``(path, scope)`` in listing order) through both phases;
    yields the phase-2 output (rendered) of each file, in listing order.

    ``around``: links every scope also sees.  One file, or ``jobs == 1``, runs in this
    process (one file without a spill: the pre-commit case).  ``start``: the pool's start
    method (default: :func:`_start_method`).
    """
    if not listed:
        return
    if len(listed) == 1:
        path, scope = listed[0]
        prepared = first(job, path, scope)
        pieces = [scope_links([result_of(prepared)])]
        links = merge_links([*pieces, around] if around is not None else pieces)
        if job.command == "audit":
            assert isinstance(prepared, FileResult)
            auditor = _auditor(job, _gathered([replication_objects(prepared, links)]))
            yield second(job, prepared, links, auditor, scope)
            return
        yield second(job, prepared, links)
        return
    import tempfile

    left: dict[str, int] = {}
    for _, scope in listed:
        left[scope] = left.get(scope, 0) + 1
    with tempfile.TemporaryDirectory(prefix="ddlaudit-") as folder:
        import pickle

        shared = None if around is None else pickle.dumps(around, pickle.HIGHEST_PROTOCOL)
        scopes = _Scopes(_Spill(os.path.join(folder, "links")), left, job, shared)
        try:
            if jobs <= 1:
                yield from _in_process(job, listed, scopes, folder)
            else:
                yield from _in_pool(job, listed, scopes, folder, jobs, start)
        finally:
            scopes.spill.close()


def _in_process(
    job: Job, listed: Sequence[tuple[str, str]], scopes: _Scopes, folder: str
) -> Iterator[t.Any]:
    spill = _Spill(os.path.join(folder, "spill"))
    try:
        at = []
        for i, (path, scope) in enumerate(listed):
            prepared = first(job, path, scope)
            at.append(spill.put_item(prepared))
            scopes.add(i, scope, _outline(prepared), _piece(prepared))
            del prepared
        spill.flush()
        scopes.spill.flush()
        worker = _Worker(job, spill)
        tasks = [scopes.task(i, w, s) for i, (w, (_, s)) in enumerate(zip(at, listed, strict=True))]
        del at
        if job.command == "audit":
            tasks = _for_audit(tasks, listed, scopes, lambda todo: map(worker.objects, todo))
        for task in tasks:
            yield worker.second(task)
    finally:
        spill.close()


def _in_pool(
    job: Job,
    listed: Sequence[tuple[str, str]],
    scopes: _Scopes,
    folder: str,
    jobs: int,
    start: str | None = None,
) -> Iterator[t.Any]:
    import concurrent.futures as cf
    import multiprocessing

    size = _chunk_size(len(listed), jobs)
    window = jobs * IN_FLIGHT
    before = frozenset(multiprocessing.active_children())
    pool = cf.ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context(start or _start_method()),
        initializer=_start,
        initargs=(job, folder),
    )
    try:
        _launch(pool, jobs)
        at: list[Where] = []
        found = _ordered(pool, _first_chunk, _chunks(listed, size), window)
        for i, ((where, outline, piece), (_, scope)) in enumerate(zip(found, listed, strict=True)):
            at.append(where)
            scopes.add(i, scope, outline, piece)
        scopes.spill.flush()
        tasks = [scopes.task(i, w, s) for i, (w, (_, s)) in enumerate(zip(at, listed, strict=True))]
        del at
        if job.command == "audit":

            def objects(todo: list[Task]) -> Iterator[Objects]:
                return _ordered(pool, _objects_chunk, _chunks(todo, size), window)

            tasks = _for_audit(tasks, listed, scopes, objects)
        yield from _ordered(pool, _second_chunk, _chunks(tasks, size), window)
        pool.shutdown(wait=True)
    except cf.process.BrokenProcessPool as err:
        raise PoolError(f"a worker process died ({err}); no output is complete") from None
    except KeyboardInterrupt:
        raise PoolError("interrupted") from None
    finally:
        _stop(pool, before)


def _nothing() -> None:
    """The task that makes the pool start its workers (:func:`_launch`)."""


def _launch(pool: cf.ProcessPoolExecutor, jobs: int) -> None:
    """The pool's workers started with Ctrl-C held back until each is registered.

    A forked worker is recorded in the pool a few statements after ``fork`` returns; a
    Ctrl-C handled in between left it out of the pool, so :func:`_stop` did not end it,
    and it waited for ever on the task queue's lock that a stopped sibling held (and
    kept the run's stderr open: the hang ``tests/test_jobs.py`` saw). The workers keep
    the blocked signal: a terminal's Ctrl-C reaches the whole process group, and the
    parent ends them (:func:`_stop`) instead of each dying on its own traceback."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):  # Windows: no fork, no such window
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        # forks every worker in this thread (spawned ones: one per task until all run)
        for _ in range(jobs):
            pool.submit(_nothing)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a held Ctrl-C is raised here


def _start_method() -> str:
    """``fork`` from a single-threaded Linux process (the workers inherit the imported
    modules instead of importing them again: about 0.4 s of CPU each), else ``spawn``;
    the run's settings reach the workers through the initializer either way."""
    import sys
    import threading

    return "fork" if sys.platform == "linux" and threading.active_count() == 1 else "spawn"


def _stop(pool: cf.ProcessPoolExecutor, before: t.AbstractSet[t.Any] | None = None) -> None:
    """Shut the pool down without waiting for running tasks (Ctrl-C, a dead worker, or a
    consumer that stopped reading): its processes are ended, none is left behind.
    ``before``: this process's children before the pool; any other child started since
    is the pool's too (a worker a Ctrl-C kept out of the pool's own list, :func:`_launch`,
    where the signal reached another thread)."""
    import multiprocessing

    processes: list[t.Any] = list((pool._processes or {}).values())
    if before is not None:
        processes += [
            p for p in multiprocessing.active_children() if p not in before and p not in processes
        ]
    # Private attributes (typeshed mistypes the thread): read before shutdown clears them.
    manager = t.cast("threading.Thread | None", pool._executor_manager_thread)
    results = t.cast(t.Any, pool._result_queue)
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        if p.is_alive():
            p.terminate()
    for p in processes:
        p.join(timeout=5)
    # A worker ended in the middle of sending a result leaves the pool's manager thread
    # waiting for the rest of the message for ever, and the interpreter joins that thread
    # at exit (the hang of a Ctrl-C). This process holds the last open write end of the
    # result pipe: closing it turns the wait into EOF, which the thread treats as a broken
    # pool and ends.
    if results is not None:
        with contextlib.suppress(OSError):
            results._writer.close()
    if manager is not None and manager.ident is not None:  # Ctrl-C may come before it starts
        manager.join(timeout=10)


# ---------------------------------------------------------------------- lint


@record
class FileFindings:
    """What ``lint --format jsonl`` writes for one file: its findings after severity,
    selection, suppressions, fingerprints and the baseline, sorted; ``listed`` is False
    for findings about no listed file (discovery, the workload: written last)."""

    path: str
    findings: tuple[Finding, ...]
    suppressed: int = 0
    baselined: int = 0
    listed: bool = True


def lint(
    paths: Sequence[str],
    options: Options,
    sizing: SizingSettings,
    selection: Selection,
    *,
    stdin: bytes | None = None,
    workload_path: str | None = None,
    baseline: t.Any = None,
    root: str = ".",
    tool_version: str = "",
    jobs: int = 1,
    per_file: bool = False,
    fingerprints: bool = True,
) -> Iterator[FileFindings | LintRun]:
    """:func:`analyzer.workflow.lint` file by file (no ``--context``: that run keeps its
    context files' IR for every scope and stays in :mod:`analyzer.workflow`).

    Holds each scope's checked files until its last one is done (the ``scope`` rules and
    the replication estimators read the scope's files together), then only findings.
    With ``per_file``, yields a :class:`FileFindings` per listed file in listing order as
    soon as its scope is done, then one for the findings about no listed file; last (in
    both modes), the :class:`~analyzer.workflow.LintRun`, whose report is what
    :func:`analyzer.workflow.lint` reports (its ``checked`` is empty).
    ``fingerprints=False``: the report's findings have none (:func:`~analyzer.workflow.finish`;
    the ``per_file`` ones always have theirs).
    """
    from analyzer.rules.engine import Rules, from_diagnostic
    from analyzer.rules.registry import Finding
    from analyzer.workflow import (
        LintRun,
        check_workload,
        finish,
        finish_findings,
        load_workload,
        replication_enabled,
        reported_path,
        scope_findings,
        scopes,
    )

    rules = Rules.of(selection.enabled_rules)  # split by level once for the run
    listed, found = scopes(paths, options.config.include, options.config.exclude, options.config)
    workload, problems = load_workload(workload_path)
    named = None if workload is None else {str(w.name).lower() for w in workload.tables}
    tables: list[t.Any] = []
    functions: list[str] = []
    replicating = replication_enabled(selection)
    left: dict[str, int] = {}
    for _, scope in listed:
        left[scope] = left.get(scope, 0) + 1
    # a scope's checked files until its last one is done
    members: dict[str, list[FileResult]] = {}
    pending: dict[str, list[Finding]] = {}  # a file's findings until its scope is done
    ready: dict[str, list[Finding]] = {}
    elsewhere: list[Finding] = []  # scope findings about no file of the scope
    marks: dict[str, tuple[Directive, ...]] = {}
    shown: dict[str, str] = {}

    def relative(path: str) -> str:
        if path not in shown:
            shown[path] = reported_path(path, root)
        return shown[path]

    next_out = 0
    raw: list[Finding] = [from_diagnostic(d) for d in found]
    whole = workload is not None  # the replication estimators read a workload's tables
    job = Job("lint", options, sizing, rules, stdin, replicating=replicating, workload=whole)
    for checked in process(job, listed, jobs):
        shipped = isinstance(checked, Shipped)
        path = checked.path if shipped else checked.result.path
        scope = checked.scope
        if checked.directives:
            marks[path] = checked.directives
        if shipped:
            with paused():  # read now, while the workers check the scope's other files
                member = unpack(checked.packed)
        else:
            member = checked.result
        if named is not None:
            tables.extend(tb for tb in member.tables if tb.name.name.lower() in named)
            functions.extend(f.name for f in member.function_replication_definitions)
        members.setdefault(scope, []).append(member)
        pending[path] = list(checked.findings)
        left[scope] -= 1
        if left[scope]:
            continue
        with paused():  # the scope's IR, read and checked, is acyclic (D190, D194)
            done = members.pop(scope)
            found_here = scope_findings(
                scope,
                done,
                sizing,
                rules,
                replicating=replicating,
                workload=workload,
                encoding=options.encoding or options.config.encoding,
                stdin=stdin,
            )
            own = [r.path for r in done]
            del done  # freed before the collector is back (it would walk them all)
        owned = set(own)
        for f in found_here:
            (pending[f.path] if f.path in owned else elsewhere).append(f)
        for path in own:
            ready[path] = pending.pop(path)
        while next_out < len(listed) and listed[next_out][0] in ready:
            out_path = listed[next_out][0]
            next_out += 1
            file_findings = ready.pop(out_path)
            if not per_file:
                raw.extend(file_findings)
                continue
            own_marks = {out_path: marks[out_path]} if out_path in marks else {}
            kept, suppressed = finish_findings(file_findings, selection, own_marks, relative)
            kept.sort(key=Finding.sort_key)
            hidden = 0
            if baseline is not None:
                kept, hidden = baseline.filter(kept)
            yield FileFindings(out_path, tuple(kept), suppressed, hidden)
    raw.extend(problems)
    raw.extend(check_workload(workload, tables, functions))
    raw.extend(elsewhere)
    if per_file:
        kept, suppressed = finish_findings(raw, selection, {}, relative)
        kept.sort(key=Finding.sort_key)
        hidden = 0
        if baseline is not None:
            kept, hidden = baseline.filter(kept)
        yield FileFindings("", tuple(kept), suppressed, hidden, listed=False)
        return
    report, kept = finish(
        raw,
        selection,
        marks,
        [p for p, _ in listed],
        root=root,
        baseline=baseline,
        tool_version=tool_version,
        fingerprints=fingerprints,
    )
    yield LintRun(report, tuple(kept), ())


__all__ = [
    "COMMANDS",
    "AuditJob",
    "Audited",
    "FileFindings",
    "Job",
    "PoolError",
    "Sized",
    "first",
    "internal",
    "lint",
    "process",
    "replication_objects",
    "second",
]
