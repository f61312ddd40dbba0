"""What each command runs, in which order: the one place the CLI and Spark both call.

A command is a :class:`Workflow`: the passes after parsing (in order), whether tables
are sized (estimators) and whether rules are checked.  ``lint`` runs everything:

    decode -> split -> parse -> IR                           (analyzer.core)
    -> source rules (the text: quoting, suppression comments)   phase 1, per file
    -> passes: resolve types, link replication, data length, presence bits, ASCII width
    -> estimators -> file rules                                phase 2, per file
    -> scope rules (cross-file references), replication estimators and findings
    -> severity, selection, suppressions, fingerprints, baseline            finish

Phase 1 and 2 are per file (what a Spark task runs); the scope step needs every file
of a scope; :func:`finish` is cheap and runs where the findings are gathered.

>>> from analyzer.core import Options
>>> PARSE.passes == passes.RULES, LINT.rules, SCAN.passes == LINT.passes
(True, True, True)
"""

from __future__ import annotations

import os
import typing as t
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from analyzer import passes
from analyzer.collector import paused
from analyzer.config import Config
from analyzer.core import Options, analyze_source
from analyzer.estimators import TableEstimate, estimate_file
from analyzer.ir import Diagnostic, FileResult, Severity, Table, UserType
from analyzer.passes.data_length import StorageMemo
from analyzer.passes.link_context import (
    ReplicationContext,
    ScopeLinks,
    merge_links,
    scope_links,
)
from analyzer.records import record
from analyzer.rules import catalogue, get
from analyzer.rules.engine import (
    FileContext,
    Rules,
    ScopeContext,
    SourceContext,
    from_diagnostic,
    run_checks,
    scope_context,
    with_fingerprints,
)
from analyzer.rules.registry import Finding, Report, Rule
from analyzer.rules.selection import Selection
from analyzer.rules.sizing import superseded
from analyzer.rules.suppressions import Directive, directives
from analyzer.scope_dialect import FALLBACK_CODE, quieted, settle
from analyzer.scopes import STDIN_SCOPE, assign
from analyzer.settings import SizingSettings
from analyzer.source import DecodeResult, decode, discover, read_path
from analyzer.split import BTEQ_DIALECT, batch_statements, split_statements

if t.TYPE_CHECKING:
    from analyzer.graph.model import Schema
    from analyzer.parse import TreeMemo


@record
class Workflow:
    """What a command runs after parsing: ``passes`` in order, then the estimators
    (``estimate``), then the rules (``rules``)."""

    name: str
    passes: tuple[passes.Pass, ...]
    estimate: bool = False
    rules: bool = False
    #: ASCII widths on every table (the ``columns`` dataset of ``scan``), or only where
    #: Replication Server sends the row (what the lint's findings need).
    widths_replicated_only: bool = False


PARSE = Workflow("parse", passes.RULES)
SIZE = Workflow("size", (*passes.RULES, *passes.SIZING_RULES), estimate=True)
REPLICATION = Workflow("replication", (*passes.RULES, *passes.REPLICATION_RULES))
LINT = Workflow(
    "lint",
    (*passes.RULES, *passes.SIZING_RULES, *passes.REPLICATION_RULES),
    estimate=True,
    rules=True,
    widths_replicated_only=True,
)
#: What ``scan`` runs on every file: the lint's passes, estimators and rules, with the ASCII
#: width of every column (its ``columns`` dataset).
SCAN = replace(LINT, name="scan", widths_replicated_only=False)


def after_parse(workflow: Workflow) -> tuple[passes.Pass, ...]:
    """The workflow's passes after :data:`analyzer.passes.RULES` (which
    :func:`analyzer.core.analyze_paths` has already run)."""
    return tuple(p for p in workflow.passes if p not in passes.RULES)


def quiet_ascii_widths(result: FileResult) -> FileResult:
    """Drop R050 (no known ASCII width) on tables not marked for replication.

    A type without a width matters only where Replication Server sends the row; on every
    other table it would be noise in a repository-wide run.
    """
    quiet = {
        c.span
        for tb in result.tables
        if tb.replication is None or not tb.replication.replicated
        for c in tb.columns
        if c.span is not None
    }
    if not quiet or not any(d.code == "R050" for d in result.diagnostics):
        return result
    kept = tuple(d for d in result.diagnostics if d.code != "R050" or d.span not in quiet)
    return replace(result, diagnostics=kept)


# ------------------------------------------------------------------ phase 1


@record
class Prepared:
    """Phase 1 of one file: its IR before the passes, what the source rules found, and
    its suppression comments (what needs the text; the text itself is not kept)."""

    result: FileResult
    findings: tuple[Finding, ...] = ()
    directives: tuple[Directive, ...] = ()
    scope: str = ""


def _statement_end(text: str, dialect: str | None) -> Callable[[int], int | None]:
    """``offset -> end`` of the statement starting at or after ``offset`` (split lazily)."""
    import grammars

    grammar = grammars.get(dialect) if dialect in grammars.names() else None
    ends: list[tuple[int, int]] = []

    def end(offset: int) -> int | None:
        if not ends:
            separator = grammar.batch_separator if grammar is not None else True
            bteq = grammar is not None and grammar.name == BTEQ_DIALECT  # as core splits (D97)
            for st in split_statements(text, batch_separator=separator, dot_commands=bteq):
                pieces = batch_statements(st.text, grammar) if grammar is not None else []
                if len(pieces) > 1 or (pieces and pieces[0] != (0, len(st.text))):
                    ends.extend((st.start + a, st.start + b) for a, b in pieces)
                else:
                    ends.append((st.start, st.end))
        for a, b in ends:
            if a >= offset:
                return b
            if offset < b:
                return None  # inside a statement: the comment covers its next line only
        return None

    return end


def prepare(
    decoded: DecodeResult,
    path: str,
    options: Options,
    sizing: SizingSettings,
    rules: Sequence[Rule] | Rules = (),
    scope: str = "",
    memo: TreeMemo | None = None,
) -> Prepared:
    """Phase 1 of one decoded file: parse it, run the ``source`` rules, read suppressions.

    ``rules``: the run's rules (a :class:`~analyzer.rules.engine.Rules`, split by level
    once, saves splitting them again for every file); ``memo``: the file's statement trees
    from its earlier analyses (the language server's)."""
    if decoded.source is None:
        return Prepared(FileResult(path, None, None, diagnostics=decoded.diagnostics), scope=scope)
    source = decoded.source
    result = analyze_source(source, options, decoded.diagnostics, memo)
    found: list[Finding] = []
    checks = Rules.of(rules).source
    if checks:
        found = run_checks(checks, "source", SourceContext(result, source.text, sizing), path)
    marks = directives(source.text, path, _statement_end(source.text, result.dialect))
    return Prepared(result, tuple(found), marks, scope)


def read(path: str, options: Options, stdin: bytes | None = None) -> DecodeResult:
    """Decode a file (``<stdin>``: the bytes given) with the run's encoding."""
    encoding = options.encoding or options.config.encoding
    if path == "<stdin>":
        return decode(stdin or b"", path, encoding)
    return read_path(path, encoding)


# ------------------------------------------------------------------ phase 2


@record
class Checked:
    """Phase 2 of one file: the result after the workflow's passes, its estimates and
    every finding about it so far (diagnostics, source and file rules)."""

    result: FileResult
    estimates: tuple[TableEstimate, ...]
    findings: tuple[Finding, ...]
    directives: tuple[Directive, ...] = ()
    scope: str = ""


def check_file(
    prepared: Prepared,
    workflow: Workflow,
    sizing: SizingSettings,
    user_types: Sequence[UserType] = (),
    replication: ReplicationContext | None = None,
    rules: Sequence[Rule] | Rules = (),
    storage_memo: StorageMemo | None = None,
) -> Checked:
    """Phase 2 of one file: the passes (with the run's types and replication context),
    the estimates, the ``file`` rules, and every diagnostic as a finding.

    ``storage_memo``: the data-length answers of the run's earlier files (one per run)."""
    from analyzer.rules.engine import Locator

    result = passes.run(
        prepared.result,
        workflow.passes,
        user_types=user_types,
        replication=replication,
        sizing=sizing,
        replicated_only=workflow.widths_replicated_only,
        storage_memo=storage_memo,
    )
    if passes.REPLICATION_RULES[0] in workflow.passes and any(
        d.code == "R050" for d in result.diagnostics
    ):
        result = quiet_ascii_widths(result)  # (a no-op without R050: not even called)
    # Figures and diagnostics only: a workflow's readers (file rules, scan's datasets) do
    # not print worksheets, ``size --explain`` makes its own.
    sized = workflow.estimate and result.dialect
    estimates = estimate_file(result, sizing, explain=False) if sized else ()
    found = list(prepared.findings)
    if result.diagnostics or any(e.diagnostics for e in estimates):
        locator = Locator(result)  # the file's tables indexed once for all its diagnostics
        found = [from_diagnostic(d, result, locator) for d in result.diagnostics]
        found += [from_diagnostic(d, result, locator) for e in estimates for d in e.diagnostics]
        found += prepared.findings
    if workflow.rules:
        checks = Rules.of(rules).file
        found += run_checks(checks, "file", FileContext(result, estimates, sizing), result.path)
        found = superseded(found)
    return Checked(result, estimates, tuple(found), prepared.directives, prepared.scope)


# ------------------------------------------------------------------ scope


def check_scope(
    name: str,
    results: Sequence[FileResult],
    sizing: SizingSettings,
    rules: Sequence[Rule] | Rules,
    context: ScopeContext | None = None,
) -> list[Finding]:
    """The ``scope`` rules over the files of one scope (``context``: their
    :func:`scope_context`, when the caller made it already)."""
    checks = Rules.of(rules).scope
    if not checks:
        return []
    ctx = context if context is not None else scope_context(name, results, sizing)
    return run_checks(checks, "scope", ctx, name)


def scope_graph(
    name: str, results: Sequence[FileResult], context: ScopeContext | None = None
) -> Schema:
    """The schema graph of one scope's checked files (``ddlaudit graph``'s, the ``nodes``
    and ``edges`` datasets of a scan): O(objects), networkx not imported.  ``context``:
    their :func:`scope_context`, whose graph the scope rules may have built already."""
    if context is not None:
        return context.schema()
    from analyzer.graph.index import schema_index  # only scans and graphs need it (D108)

    return schema_index(results, scope_context(name, results).lookup)


def load_workload(path: str | None) -> tuple[t.Any, list[Finding]]:
    """The workload file (None: no workload) and its own problems (R051-R055) as findings."""
    if path is None:
        return None, []
    from analyzer.workload import load

    workload, diags = load(path)
    return workload, [from_diagnostic(d) for d in diags]


def workload_findings(workload: t.Any, results: Sequence[FileResult]) -> list[Finding]:
    """What the workload names that the input lacks (R056-R058), checked once against every
    table and function of the run (a workload describes the tables it names, wherever
    they are)."""
    tables = [tb for r in results for tb in r.tables]
    functions = [f.name for r in results for f in r.function_replication_definitions]
    return check_workload(workload, tables, functions)


def check_workload(
    workload: t.Any, tables: Sequence[Table], functions: Sequence[str]
) -> list[Finding]:
    """:func:`workload_findings` from the run's tables and replicated functions' names
    (what the Spark driver holds between the phases, without every file's result)."""
    if workload is None:
        return []
    from analyzer.workload import check

    return [from_diagnostic(d) for d in check(workload, tables, functions)]


def replication_findings(
    results: Sequence[FileResult],
    sizing: SizingSettings,
    workload: t.Any = None,
    texts: t.Mapping[str, str] | None = None,
) -> list[Finding]:
    """The replication estimators' findings (R020-R025) over the files of one scope."""
    from analyzer.estimators.replicated import replicated_tables
    from analyzer.findings import estimated_findings

    replicated = None  # worked out once, here or by the message sizes
    if (
        workload is None
        and not texts
        and not any(
            r.replication_definitions or r.function_replication_definitions or r.publications
            for r in results
        )
    ):
        replicated = replicated_tables(results)
        if not replicated:
            return []  # nothing replicated (most scopes): every estimator's answer is empty

    # The workload is checked apart (workload_findings); only published tables are articles.
    found = estimated_findings(results, sizing, workload, texts, replicated)
    if not found:
        return []
    by_name = {r.name: r for r in catalogue() if r.family == "replication"}
    out = []
    for f in found:
        rule = by_name.get(f.name)
        if rule is None:  # a finding without a rule is a bug: never drop it silently
            raise LookupError(f"replication finding {f.name!r} has no rule")
        span = f.span
        out.append(
            replace(
                rule.finding(f.message, span.file if span else "<input>", span=span, table=f.table),
                severity=f.severity,
                bytes=f.bytes,
            )
        )
    return out


def replication_enabled(selection: Selection) -> bool:
    """The replication estimators run when a rule they report is enabled."""
    return any(
        (rule := get(code)) is not None and rule.reported_by == "replication estimators"
        for code in selection.enabled
    )


def scope_reads_whole(
    links: ScopeLinks, *, replication: bool, workload: bool = False, audit: bool = False
) -> bool:
    """Whether a scope's step reads its checked files whole; if not, each file is kept
    as :func:`~analyzer.rules.scope_input.scope_input` gives it until the step (D202).

    Whole when the step sizes replication (``replication``: the replication estimators
    run, as ``lint`` with a replication rule enabled and every ``scan`` do them) and the
    scope has something to size or a workload is given (``workload``: the estimators
    read whole tables), or when it audits every column (``audit``: ``scan --audit-to``).

    >>> from analyzer.passes.link_context import ReplicationContext
    >>> plain = ScopeLinks()
    >>> scope_reads_whole(plain, replication=True), scope_reads_whole(
    ...     ScopeLinks(replication=ReplicationContext(articles=("a.sql",))), replication=True)
    (False, True)
    """
    if audit:
        return True
    return replication and (workload or links.replication.replicates)


def scope_findings(
    name: str,
    members: Sequence[FileResult],
    sizing: SizingSettings,
    rules: Sequence[Rule] | Rules,
    *,
    replicating: bool,
    workload: t.Any = None,
    encoding: str | None = None,
    stdin: bytes | None = None,
    texts: t.Mapping[str, str] | None = None,
    on_error: t.Callable[[str, Exception], Finding] | None = None,
    context: ScopeContext | None = None,
) -> list[Finding]:
    """The scope step of a lint over one scope's checked files: the ``scope`` rules,
    then, when ``replicating`` (:func:`replication_enabled`), the replication estimators'
    findings.  ``texts``: the files' texts where the caller holds them (a Spark task);
    without them the T-SQL files that publish articles are read again in ``encoding``.
    ``on_error``: makes a step's exception a finding of the scope, so that one step's
    failure loses none of the other's findings (a Spark task); without it, it is raised.
    ``context``: the members' :func:`scope_context`, made once by a caller that also
    builds their graph.

    :func:`lint`, the streamed lint (:func:`analyzer.pool.lint`) and the Spark scan
    (:func:`analyzer.spark.worker.scope_findings`) all run this: what a scope's step is
    is decided here only.
    """

    def replication() -> list[Finding]:
        got = texts
        if got is None:
            from analyzer.estimators.replicated import source_texts

            got = source_texts(members, encoding, stdin)
        return replication_findings(members, sizing, workload, got)

    steps: list[t.Callable[[], list[Finding]]] = [
        lambda: check_scope(name, members, sizing, rules, context)
    ]
    if replicating:
        steps.append(replication)
    found: list[Finding] = []
    with paused():  # the scope's IR is large and acyclic (D194)
        for step in steps:
            if on_error is None:
                found.extend(step())
                continue
            try:
                found.extend(step())
            except Exception as err:
                found.append(on_error(name, err))
    return found


# ------------------------------------------------------------------ finish


def finish(
    findings: Iterable[Finding],
    selection: Selection,
    marks: dict[str, tuple[Directive, ...]],
    files: Sequence[str],
    *,
    root: str = ".",
    baseline: t.Any = None,
    tool_version: str = "",
    fingerprints: bool = True,
) -> tuple[Report, list[Finding]]:
    """Severity overrides, selection, suppressions, fingerprints, then the baseline.

    Returns the report and every finding before the baseline (what ``--write-baseline``
    records).  ``fingerprints=False`` (no baseline: a report that does not show them)
    leaves them unset.
    """
    shown: dict[str, str] = {}
    report_path = path_reporter(root)

    def relative(path: str) -> str:  # one abspath per file, not per finding
        if path not in shown:
            shown[path] = report_path(path)
        return shown[path]

    kept, suppressed = finish_findings(findings, selection, marks, relative, fingerprints)
    kept.sort(key=Finding.sort_key)
    hidden = 0
    reported = kept
    if baseline is not None:
        reported, hidden = baseline.filter(kept)
    report = Report(
        tuple(reported),
        selection.enabled_rules,
        tuple(files),
        root,
        suppressed,
        hidden,
        selection.fail_on,
        tool_version,
    )
    return report, kept


def finish_findings(
    findings: Iterable[Finding],
    selection: Selection,
    marks: t.Mapping[str, tuple[Directive, ...]],
    relative: Callable[[str], str],
    fingerprints: bool = True,
) -> tuple[list[Finding], int]:
    """What :func:`finish` applies before the baseline: severity overrides, selection,
    suppressions (and L001/L002 about them), fingerprints (``relative``: a path as
    reported; unless ``fingerprints`` is False); returns the findings kept, unsorted, and
    how many the suppressions hid.

    A suppression sees only its own file's findings, so running this on one file's
    findings with that file's directives gives exactly what :func:`finish` gives for
    them: the Spark scan finishes file by file.
    """
    from analyzer.ir import evolve
    from analyzer.rules import suppressions

    selected = []
    for f in findings:
        if selection.reports(f.path, f.code):
            severity = selection.severity_of(f.code, f.severity)
            # no override (the same object back): the finding as it is, not a copy
            selected.append(f if severity is f.severity else evolve(f, severity=severity))
    outcome = suppressions.apply(
        selected,
        dict(marks),
        known=lambda code: any(r.code.startswith(code) for r in selection.rules),
        # A diff-level rule (M) is checked by ``ddlaudit diff`` only: its suppressions are
        # not unused in a lint.
        enabled=lambda code: any(
            r.code.startswith(code) for r in selection.enabled_rules if r.level != "diff"
        ),
    )
    problems = [
        replace(p, severity=selection.severity_of(p.code, p.severity))
        for p in outcome.problems
        if selection.reports(p.path, p.code)
    ]
    kept = [*outcome.kept, *problems]
    return (with_fingerprints(kept, relative) if fingerprints else kept), outcome.suppressed


def reported_path(path: str, root: str, cwd: str | None = None) -> str:
    """``path`` as a fingerprint sees it: relative to ``root`` when under it (``/``
    separators), else as given; ``cwd`` is what a relative ``path`` is relative to
    (default: this process's; a Spark task passes the driver's)."""
    return path_reporter(root, cwd)(path)


def path_reporter(root: str, cwd: str | None = None) -> Callable[[str], str]:
    """:func:`reported_path` with ``root`` made absolute once (a lint reports every file
    of the run against one root).

    Both paths are absolute and normalised (``os.path.abspath``), so a path under the
    root is its text after the root's: what ``os.path.relpath`` gives, without splitting
    both paths into their components for every file.
    """
    base = os.path.abspath(root if cwd is None else os.path.join(cwd, root))
    prefix = base.rstrip(os.sep) + os.sep

    def reported(path: str) -> str:
        if path.startswith("<"):
            return path
        absolute = os.path.abspath(path if cwd is None else os.path.join(cwd, path))
        if absolute == base:
            return os.curdir
        if absolute.startswith(prefix):
            return absolute[len(prefix) :].replace(os.sep, "/")
        return path.replace(os.sep, "/")

    return reported


# ------------------------------------------------------------------ one process


@record
class LintRun:
    """A lint run in one process: the report, every finding before the baseline, and
    each file's checked result (for callers that also want sizes)."""

    report: Report
    findings: tuple[Finding, ...]
    checked: tuple[Checked, ...]


def scopes(
    paths: Sequence[str],
    include: Sequence[str],
    exclude: Sequence[str],
    config: Config | None = None,
) -> tuple[list[tuple[str, str]], tuple[Diagnostic, ...]]:
    """``(file, scope)`` for every file under ``paths`` (a file listed under two arguments
    belongs to the first; ``-`` is ``<stdin>``, its own scope): the config's ``[scopes]``
    globs, then project markers, then the PATH argument (:func:`analyzer.scopes.assign`,
    docs/decisions.md D77)."""
    return assign(paths, config, include, exclude)


def settle_prepared(
    prepared: Sequence[Prepared],
    options: Options,
    sizing: SizingSettings,
    rules: Sequence[Rule] | Rules = (),
    stdin: bytes | None = None,
) -> list[Prepared]:
    """``prepared`` with each file that showed no dialect read in its scope's (D167;
    :func:`analyzer.scope_dialect.settle`), one P003 at most per undecided scope."""
    out = list(prepared)
    at: dict[str, list[int]] = {}
    for i, p in enumerate(prepared):
        at.setdefault(p.scope, []).append(i)
    for where in at.values():

        def redo(j: int, dialect: str, where: list[int] = where) -> Prepared:
            p = prepared[where[j]]
            path, scoped = p.result.path, replace(options, scope_dialect=dialect)
            return prepare(read(path, scoped, stdin), path, scoped, sizing, rules, p.scope)

        def quiet(p: Prepared) -> Prepared:
            kept = tuple(f for f in p.findings if f.code != FALLBACK_CODE)
            return replace(p, result=quieted(p.result), findings=kept)

        items = [prepared[i] for i in where]
        for i, p in zip(where, settle(items, redo, quiet, lambda p: p.result), strict=True):
            out[i] = p
    return out


def scope_links_of(
    prepared: Sequence[Prepared], extra: Sequence[Prepared] = ()
) -> dict[str, ScopeLinks]:
    """Each scope's :class:`ScopeLinks` (its files in listing order, then ``extra``: the
    context files, which join every scope), built once per scope: O(objects)."""
    members: dict[str, list[FileResult]] = {}
    for p in prepared:
        members.setdefault(p.scope, []).append(p.result)
    if not extra:
        return {scope: scope_links(results) for scope, results in members.items()}
    around = scope_links(p.result for p in extra)  # the context files' objects, once
    return {
        scope: merge_links((scope_links(results), around)) for scope, results in members.items()
    }


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
    context: Sequence[str] = (),
) -> LintRun:
    """``ddlaudit lint`` in one process: every phase over ``paths``, then :func:`finish`.

    ``context`` names files or directories read only to resolve references (the rest of
    the repository when a pre-commit hook passes the changed files): they join every
    scope, and their own findings are not reported.
    """
    rules = Rules.of(selection.enabled_rules)
    include, exclude = options.config.include, options.config.exclude
    listed, found = scopes(paths, include, exclude, options.config)
    prepared = [prepare(read(p, options, stdin), p, options, sizing, rules, s) for p, s in listed]
    prepared = settle_prepared(prepared, options, sizing, rules, stdin)
    extra: list[Prepared] = []
    if context:
        named = {os.path.normcase(os.path.abspath(p)) for p, _ in listed}
        around, _ = discover(context, include, exclude)
        extra = [
            prepare(read(p, options), p, options, sizing)
            for p in around
            if os.path.normcase(os.path.abspath(p)) not in named
        ]
    # Each scope links its own files (then the context files) only: D77.  The context
    # files serve every scope: they are linked once, with every file of the run (as before
    # there were scopes), and join each scope's rules.
    links = scope_links_of(prepared, extra)
    every = scope_links(p.result for p in (*prepared, *extra)) if extra else None
    # Each file's IR before the passes is dropped once checked, and its estimates once its
    # file rules have run: the run holds one copy of every file, not three (a smaller heap
    # is also less for the garbage collector to walk).
    checked: list[Checked] = []
    memo = StorageMemo(sizing)
    for i, p in enumerate(prepared):
        linked = links[p.scope]
        done = check_file(p, LINT, sizing, linked.user_types, linked.replication, rules, memo)
        checked.append(Checked(done.result, (), done.findings, done.directives, done.scope))
        prepared[i] = Prepared(FileResult(p.result.path, None, None), scope=p.scope)
    around_results = [
        check_file(p, LINT, sizing, every.user_types, every.replication).result
        for p in extra
        if every is not None
    ]
    del prepared, links
    findings = [from_diagnostic(d) for d in found]
    for c in checked:
        findings.extend(c.findings)
    workload, problems = load_workload(workload_path)
    findings.extend(problems)
    findings.extend(workload_findings(workload, [c.result for c in checked]))
    by_scope: dict[str, list[FileResult]] = {}
    for c in checked:
        by_scope.setdefault(c.scope, []).append(c.result)
    replicating = replication_enabled(selection)
    encoding = options.encoding or options.config.encoding
    shown = path_reporter(root)  # a scope's name in messages: as its files' paths are shown
    for name, members in by_scope.items():
        members = [*members, *around_results]
        findings.extend(
            scope_findings(
                shown(name) if name != STDIN_SCOPE else name,
                members,
                sizing,
                rules,
                replicating=replicating,
                workload=workload,
                encoding=encoding,
                stdin=stdin,
            )
        )
    if extra:
        quiet = {r.path for r in around_results}
        findings = [f for f in findings if f.path not in quiet]
    marks = {c.result.path: c.directives for c in checked if c.directives}
    report, kept = finish(
        findings,
        selection,
        marks,
        [p for p, _ in listed],
        root=root,
        baseline=baseline,
        tool_version=tool_version,
    )
    return LintRun(report, tuple(kept), tuple(checked))


def with_source_lines(
    findings: Sequence[Finding], options: Options, stdin: bytes | None = None
) -> list[Finding]:
    """``findings`` with ``source_line`` filled from their files (read once each), for
    the text report's caret lines."""
    lines: dict[str, list[str] | None] = {}
    out = []
    for f in findings:
        if f.source_line is not None or f.span is None:
            out.append(f)
            continue
        if f.path not in lines:
            decoded = read(f.path, options, stdin)
            lines[f.path] = decoded.source.text.split("\n") if decoded.source else None
        text = lines[f.path]
        if text is not None and 0 < f.span.line <= len(text):
            f = replace(f, source_line=text[f.span.line - 1].rstrip("\r"))
        out.append(f)
    return out


__all__ = [
    "LINT",
    "PARSE",
    "REPLICATION",
    "SCAN",
    "SIZE",
    "Checked",
    "LintRun",
    "Prepared",
    "Severity",
    "Workflow",
    "check_file",
    "check_scope",
    "check_workload",
    "finish",
    "finish_findings",
    "lint",
    "load_workload",
    "path_reporter",
    "prepare",
    "quiet_ascii_widths",
    "read",
    "replication_enabled",
    "replication_findings",
    "reported_path",
    "scope_findings",
    "scope_graph",
    "scope_links_of",
    "scopes",
    "with_source_lines",
    "workload_findings",
]
