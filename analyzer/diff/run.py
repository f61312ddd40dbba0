"""``ddlaudit diff`` in one process: both sides linted, replayed, matched, sized, checked.

1. Each side is read (:mod:`analyzer.diff.sides`) and linted with the lint's own
   :func:`analyzer.workflow.lint` (same passes, estimators, rules and scopes).
2. Each scope's tables are its files' first definitions with the migration statements
   replayed (:mod:`analyzer.diff.replay`); replayed tables go through the sizing and ASCII
   width passes again.
3. Tables are matched (:func:`analyzer.diff.schema.match_tables`), their changes listed,
   and every reported table sized on its own platform and every ``--platform``.
4. The M rules run on each scope's :class:`~analyzer.diff.model.DiffContext`; the lint's
   findings are compared by fingerprint with counts (a fingerprint HEAD has more often
   than BASE is new, docs/decisions.md D86).
"""

from __future__ import annotations

import difflib
import os
import re
import typing as t
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from analyzer import passes
from analyzer.core import Options
from analyzer.diff.model import (
    Change,
    DiffContext,
    DiffResult,
    Located,
    Messages,
    Placed,
    ScopeState,
    SizeDelta,
    TableDiff,
    TablePair,
    Uncompared,
)
from analyzer.diff.replay import replay_scope
from analyzer.diff.schema import RENAME_SIMILARITY, match_tables, replication_changes, table_changes
from analyzer.diff.sides import Side
from analyzer.estimators import TableEstimate, estimate_file
from analyzer.ir import FileResult, evolve
from analyzer.records import record
from analyzer.rules.engine import run_checks
from analyzer.rules.registry import Finding
from analyzer.rules.selection import Selection
from analyzer.scopes import run_scope
from analyzer.settings import SizingSettings
from analyzer.workflow import LintRun, lint, read


@record
class Linted:
    """One side after the lint and the replay."""

    side: Side
    run: LintRun
    states: dict[str, ScopeState]
    texts: dict[str, str]


# ------------------------------------------------------------------ one side


def _paths(side: Side, limits: Sequence[str]) -> list[str]:
    if not limits:
        return [side.root]
    found = [os.path.join(side.root, *lim.split("/")) if lim else side.root for lim in limits]
    return [p for p in found if os.path.exists(p)]


def _scope_name(scope: str, root: str) -> str:
    absolute = os.path.abspath(scope)
    if absolute == root or absolute.startswith(root.rstrip(os.sep) + os.sep):
        return os.path.relpath(absolute, root).replace(os.sep, "/")
    return scope


def _resize(table_result: FileResult, sizing: SizingSettings) -> FileResult:
    return passes.run(
        table_result,
        (*passes.SIZING_RULES, *passes.REPLICATION_RULES),
        sizing=sizing,
        replicated_only=True,
    )


def lint_side(
    side: Side,
    limits: Sequence[str],
    options: Options,
    sizing: SizingSettings,
    selection: Selection,
    tool_version: str,
) -> Linted:
    """Lint one side and build its scopes' states (tables replayed, not yet sized)."""
    run = lint(
        _paths(side, limits), options, sizing, selection, root=side.root, tool_version=tool_version
    )
    texts: dict[str, str] = {}
    members: dict[str, list[FileResult]] = {}
    # PATHs limit the files, they do not split a database: a side where one PATH does not
    # exist (a file moved from one to the other) names its run scope as the other side does
    listed = _paths(side, limits)
    default = run_scope(listed) if listed else None
    every = run_scope(
        [os.path.join(side.root, *lim.split("/")) if lim else side.root for lim in limits]
        or [side.root]
    )
    for c in run.checked:
        scope = every if c.scope == default else c.scope
        members.setdefault(_scope_name(scope, side.root), []).append(c.result)
    for path in run.report.files:
        decoded = read(path, options)
        if decoded.source is not None:
            texts[path] = decoded.source.text
    states = {}
    for scope, results in members.items():
        replayed = replay_scope(results, texts)
        same = {id(t) for r in results for t in r.tables}
        kept = []
        for p in replayed:
            if id(p.table) not in same:  # changed by the replay: sized again
                again = _resize(
                    FileResult(p.path, p.table.dialect, None, tables=(p.table,)), sizing
                )
                p = Placed(again.tables[0], p.path)
            kept.append(p)
        effective = _effective(results, kept)
        states[scope] = ScopeState(scope, tuple(effective), tuple(kept))
    return Linted(side, run, states, texts)


def _effective(results: Sequence[FileResult], tables: Sequence[Placed]) -> list[FileResult]:
    """``results`` with their tables as replayed (what the replication estimators and the
    schema graph read)."""
    by_path: dict[str, list[Placed]] = {}
    for p in tables:
        by_path.setdefault(p.path, []).append(p)
    out = []
    for r in results:
        mine = by_path.get(r.path, [])
        if len(mine) == len(r.tables) and all(
            a.table is b for a, b in zip(mine, r.tables, strict=True)
        ):
            out.append(r)
        else:
            out.append(replace(r, tables=tuple(p.table for p in mine)))
    return out


# ------------------------------------------------------------------ sizes


def _estimates(
    placed: Placed, platforms: Sequence[str], sizing: SizingSettings
) -> dict[tuple[str, str], TableEstimate]:
    out: dict[tuple[str, str], TableEstimate] = {}
    own = sizing.platform_for(placed.table.dialect)
    single = FileResult(placed.path, placed.table.dialect, None, tables=(placed.table,))
    for platform in (own, *(p for p in platforms if p != own)):
        settings = sizing if platform == own else replace(sizing, platform=platform)
        result = (
            single if platform == own else passes.run(single, passes.SIZING_RULES, sizing=settings)
        )
        for e in estimate_file(result, settings):
            out[(placed.key, platform)] = e
    return out


def _messages(results: Sequence[FileResult], sizing: SizingSettings) -> dict[str, Messages]:
    from analyzer.estimators import repserver

    if not any(r.replication_definitions or any(t.replication for t in r.tables) for r in results):
        return {}
    found = repserver.messages(results, sizing)
    return {
        str(m.table).lower(): Messages(
            m.used("insert").inbound, m.used("update").inbound, m.used("delete").inbound
        )
        for m in found.tables
    }


def _sized(
    state: ScopeState, wanted: Sequence[Placed], platforms: Sequence[str], sizing: SizingSettings
) -> ScopeState:
    estimates: dict[tuple[str, str], TableEstimate] = {}
    for p in wanted:
        estimates.update(_estimates(p, platforms, sizing))
    return replace(state, estimates=estimates, messages=_messages(state.results, sizing))


# ------------------------------------------------------------------ findings


def compare(
    base: Sequence[Finding], head: Sequence[Finding], renamed: Mapping[str, str] | None = None
) -> tuple[list[Finding], list[Finding]]:
    """(new in HEAD, fixed since BASE) by fingerprint, counting repeats (the baseline's
    rule: a fingerprint HEAD has three times and BASE twice is new once).  ``renamed``
    maps a BASE fingerprint to the one the finding has under the table's HEAD name (a
    probable rename keeps its findings)."""
    renamed = renamed or {}
    base = [evolve(f, fingerprint=renamed.get(f.fingerprint, f.fingerprint)) for f in base]
    left = Counter(f.fingerprint for f in base)
    new = []
    for f in head:
        if left[f.fingerprint] > 0:
            left[f.fingerprint] -= 1
        else:
            new.append(f)
    right = Counter(f.fingerprint for f in head)
    fixed = []
    for f in base:
        if right[f.fingerprint] > 0:
            right[f.fingerprint] -= 1
        else:
            fixed.append(f)
    return new, fixed


def _shown(f: Finding, side: Side, text: str | None) -> Finding:
    """``f`` with its path (and span's) as reports show it, and its source line."""
    path = f.path
    if os.path.isabs(path) and (
        path == side.root or path.startswith(side.root.rstrip(os.sep) + os.sep)
    ):
        path = side.shown(os.path.relpath(path, side.root))
    span = f.span
    if span is not None:
        span = replace(span, file=path)
    line = f.source_line
    if line is None and span is not None and text is not None:
        lines = text.split("\n")
        if 0 < span.line <= len(lines):
            line = lines[span.line - 1].rstrip("\r")
    return evolve(f, path=path, span=span, source_line=line)


def changed_lines(before: str | None, after: str) -> frozenset[int]:
    """HEAD's lines (1-based) that a line diff says were added or modified.

    >>> sorted(changed_lines("a\\nb\\nc\\n", "a\\nB\\nc\\nd\\n"))
    [2, 4]
    """
    new = after.splitlines()
    if before is None:
        return frozenset(range(1, len(new) + 1))
    matcher = difflib.SequenceMatcher(None, before.splitlines(), new, autojunk=False)
    out: set[int] = set()
    for tag, _, _, j1, j2 in matcher.get_opcodes():
        if tag in ("replace", "insert"):
            out.update(range(j1 + 1, j2 + 1))
    return frozenset(out)


# ------------------------------------------------------------------ the run


def run_diff(
    base: Side,
    head: Side,
    *,
    limits: Sequence[str] = (),
    options: Options | None = None,
    sizing: SizingSettings | None = None,
    selection: Selection,
    platforms: Sequence[str] = (),
    rename_similarity: float = RENAME_SIMILARITY,
    tool_version: str = "",
    root: str = ".",
) -> DiffResult:
    """Diff two sides already read (:mod:`analyzer.diff.sides`); ``root`` is the directory
    the reported paths are relative to (SARIF's ``%SRCROOT%``)."""
    options = options or Options()
    sizing = sizing or SizingSettings()
    before = lint_side(base, limits, options, sizing, selection, tool_version)
    after = lint_side(head, limits, options, sizing, selection, tool_version)
    diff_rules = [r for r in selection.enabled_rules if r.level == "diff"]
    tables: list[TableDiff] = []
    migration: list[Finding] = []
    moved: list[TablePair] = []
    uncompared: list[Uncompared] = []
    broken = {"base": unparsed_tables(before), "head": unparsed_tables(after)}
    for scope in [*after.states, *(s for s in before.states if s not in after.states)]:
        old = before.states.get(scope, ScopeState(scope))
        new = after.states.get(scope, ScopeState(scope))
        pairs = match_tables(old.tables, new.tables, rename_similarity)
        pairs, lost = _comparable(scope, pairs, broken, base, head)
        uncompared.extend(lost)
        moved.extend(p for p in pairs if _moved(p, before, after))
        reported: list[tuple[TablePair, list[Change]]] = []
        for pair in pairs:
            changes = table_changes(pair) + replication_changes(pair, old, new)
            if pair.status != "changed" or changes:
                reported.append((pair, changes))
        old = _sized(old, [p.before for p, _ in reported if p.before], platforms, sizing)
        new = _sized(new, [p.after for p, _ in reported if p.after], platforms, sizing)
        for pair, changes in reported:
            tables.append(
                _table_diff(scope, pair, changes, old, new, base, head, platforms, sizing)
            )
        if diff_rules:
            ctx = DiffContext(
                scope, tuple(p for p, _ in reported), old, new, sizing, tuple(platforms)
            )
            migration.extend(run_checks(diff_rules, "diff", t.cast(t.Any, ctx), scope))
    # a renamed table's findings, and a moved file's, keep theirs under the HEAD name and file
    renames = _renamed(before, after, moved)
    new_lint, fixed_lint = compare(before.run.report.findings, after.run.report.findings, renames)
    originals = {id(f): f for f in before.run.report.findings}
    by_print = {f.fingerprint: f for f in before.run.report.findings}
    fixed_lint = [
        originals.get(id(f)) or by_print.get(_unrenamed(f.fingerprint, renames), f)
        for f in fixed_lint
    ]
    migration = _finished(migration, selection, before, after)
    located = [Located(_shown(f, head, after.texts.get(f.path)), "head") for f in new_lint]
    for f in migration:
        side, texts = (base, before.texts) if _under(f.path, base.root) else (head, after.texts)
        located.append(
            Located(_shown(f, side, texts.get(f.path)), "base" if side is base else "head")
        )
    located.sort(key=lambda x: (x.side != "head", *x.finding.sort_key()))
    fixed = sorted(
        (_shown(f, base, before.texts.get(f.path)) for f in fixed_lint), key=Finding.sort_key
    )
    old_texts = {os.path.relpath(p, base.root): t for p, t in before.texts.items()}
    changed = {}
    for path, text in after.texts.items():
        rel = os.path.relpath(path, head.root)
        changed[head.shown(rel)] = changed_lines(old_texts.get(rel), text)
    return DiffResult(
        base.label,
        head.label,
        tuple(tables),
        tuple(located),
        tuple(fixed),
        selection.enabled_rules,
        selection.fail_on,
        changed,
        tuple(head.shown(os.path.relpath(p, head.root)) for p in after.run.report.files),
        root,
        tuple(uncompared),
    )


_CREATE_TABLE = re.compile(
    r"\bcreate\s+(?:[a-z]+\s+){0,3}?table\s+(?P<name>(?:\[[^\]]*\]|\"[^\"]*\"|[\w$#@]+)"
    r"(?:\s*\.\s*(?:\[[^\]]*\]|\"[^\"]*\"|[\w$#@]+)){0,2})",
    re.IGNORECASE,
)
_STATEMENT_END = re.compile(r";|\n[ \t]*go[ \t]*(?:\r?\n|$)", re.IGNORECASE)


def unparsed_tables(side: Linted) -> dict[tuple[str, str], tuple[str, int, str]]:
    """``(scope, table key) -> (path, line, message)`` of each CREATE TABLE of a side that
    does not parse (P001 / P002 inside it): the diff cannot say what became of them."""
    from analyzer.name_changes import qualified

    scopes = {c.result.path: _scope_name(c.scope, side.side.root) for c in side.run.checked}
    out: dict[tuple[str, str], tuple[str, int, str]] = {}
    for c in side.run.checked:
        text = side.texts.get(c.result.path)
        if text is None:
            continue
        for d in c.result.diagnostics:
            if d.code not in ("P001", "P002") or d.span is None:
                continue
            head = text[: d.span.start]
            matches = list(_CREATE_TABLE.finditer(head))
            found = matches[-1] if matches else None
            if found is None or _STATEMENT_END.search(head, found.end()):
                continue  # the error is not inside a CREATE TABLE
            key = str(qualified(found.group("name"))).lower()
            line = head.count("\n", 0, found.start()) + 1
            scope = scopes[c.result.path]
            out.setdefault((scope, key), (c.result.path, line, d.message))
    return out


def _comparable(
    scope: str,
    pairs: Sequence[TablePair],
    broken: Mapping[str, Mapping[tuple[str, str], tuple[str, int, str]]],
    base: Side,
    head: Side,
) -> tuple[list[TablePair], list[Uncompared]]:
    """``pairs`` less the tables one side could not parse (a "dropped" table whose HEAD
    definition does not parse is not dropped), and what cannot be compared: those, and
    the tables that parse on neither side."""
    kept: list[TablePair] = []
    lost: list[Uncompared] = []
    seen: set[str] = set()

    def shown(side: Side, where: tuple[str, int, str]) -> tuple[str, int]:
        return side.shown(os.path.relpath(where[0], side.root)), where[1]

    for pair in pairs:
        # a table one side has and the other cannot parse: (the table, the broken side)
        one = pair.before if pair.after is None else pair.after if pair.before is None else None
        side, named = ("head", head) if pair.after is None else ("base", base)
        where = broken[side].get((scope, one.key)) if one is not None else None
        if one is None or where is None:
            kept.append(pair)
            continue
        seen.add(one.key)
        path, line = shown(named, where)
        why = f"its CREATE TABLE does not parse in {side.upper()}: {where[2]}"
        lost.append(Uncompared(scope, str(one.table.name), side, path, line, why))
    paired = {p.key for pair in pairs for p in (pair.before, pair.after) if p is not None}
    for side, named in (("head", head), ("base", base)):
        for (where_scope, key), where in broken[side].items():
            if where_scope != scope or key in seen or key in paired:
                continue
            seen.add(key)
            path, line = shown(named, where)
            if (scope, key) in broken["base" if side == "head" else "head"]:
                side_of, why = "both", f"its CREATE TABLE parses on neither side: {where[2]}"
            else:  # a table only this side has, and it does not parse there
                side_of = side
                why = f"its CREATE TABLE does not parse in {side.upper()}: {where[2]}"
            lost.append(Uncompared(scope, key, side_of, path, line, why))
    return kept, lost


def _moved(pair: TablePair, before: Linted, after: Linted) -> bool:
    """A table renamed, or defined in another file (relative to its side) than before."""
    if pair.renamed:
        return True
    if pair.before is None or pair.after is None:
        return False
    old = os.path.relpath(pair.before.path, before.side.root)
    return old != os.path.relpath(pair.after.path, after.side.root)


def _renamed(before: Linted, after: Linted, pairs: Sequence[TablePair]) -> dict[str, str]:
    """BASE fingerprint -> the fingerprint of the same finding on the renamed table (its
    HEAD name and file)."""
    from analyzer.rules.engine import fingerprint

    names = {}
    moved: dict[str, str] = {}  # a BASE file -> the HEAD file its tables are in (moved)
    for pair in pairs:
        if pair.before is not None and pair.after is not None:
            rel = os.path.relpath(pair.after.path, after.side.root).replace(os.sep, "/")
            names[str(pair.before.table.name).lower()] = (str(pair.after.table.name), rel)
            moved.setdefault(pair.before.path, rel)
    out = {}
    for f in before.run.report.findings:
        if f.table is None or f.table.lower() not in names or not f.subject:
            # a finding about no table of a moved file moves with the file
            where = f.path if os.path.isabs(f.path) else os.path.join(before.side.root, f.path)
            to = moved.get(where)
            if to is not None:
                out[f.fingerprint] = fingerprint(f, to)
            continue
        new, rel = names[f.table.lower()]
        subject = new + f.subject[len(f.table) :]
        out[f.fingerprint] = fingerprint(evolve(f, subject=subject), rel)
    return out


def _unrenamed(printed: str, renames: Mapping[str, str]) -> str:
    return next((old for old, new in renames.items() if new == printed), printed)


def _under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _finished(
    found: Sequence[Finding], selection: Selection, before: Linted, after: Linted
) -> list[Finding]:
    """Selection, severity overrides and suppression comments applied to the M findings,
    fingerprints set (relative to their side's root)."""
    from analyzer.rules import suppressions as sup
    from analyzer.rules.engine import with_fingerprints

    kept = []
    for f in found:
        if selection.reports(f.path, f.code):
            severity = selection.severity_of(f.code, f.severity)
            kept.append(f if severity is f.severity else evolve(f, severity=severity))
    marks = {
        c.result.path: c.directives
        for c in (*before.run.checked, *after.run.checked)
        if c.directives
    }
    outcome = sup.apply(kept, marks, known=lambda code: True, enabled=lambda code: False)

    def relative(path: str) -> str:
        for side in (after.side, before.side):
            if _under(path, side.root):
                return os.path.relpath(path, side.root).replace(os.sep, "/")
        return path

    return with_fingerprints(outcome.kept, relative)


def _table_diff(
    scope: str,
    pair: TablePair,
    changes: list[Change],
    old: ScopeState,
    new: ScopeState,
    base: Side,
    head: Side,
    platforms: Sequence[str],
    sizing: SizingSettings,
) -> TableDiff:
    where, side = (pair.after, head) if pair.after is not None else (pair.before, base)
    assert where is not None
    table = where.table
    sizes = []
    own = sizing.platform_for(table.dialect)
    for platform in (own, *(p for p in platforms if p != own)):
        b = old.estimate(pair.before, platform) if pair.before else None
        a = new.estimate(pair.after, platform) if pair.after else None
        mb = old.messages.get(pair.before.key) if pair.before and platform == own else None
        ma = new.messages.get(pair.after.key) if pair.after and platform == own else None
        sizes.append(SizeDelta(platform, b, a, mb, ma))
    shown_changes = tuple(
        replace(
            c,
            span=replace(c.span, file=_show_path(c.span.file, base if c.base_side else head))
            if c.span is not None
            else None,
        )
        for c in changes
    )
    span = table.span
    return TableDiff(
        scope,
        pair,
        shown_changes,
        tuple(sizes),
        _show_path(span.file if span else where.path, side),
        span.line if span else None,
    )


def _show_path(path: str, side: Side) -> str:
    if _under(path, side.root):
        return side.shown(os.path.relpath(path, side.root))
    return path


__all__ = [
    "changed_lines",
    "compare",
    "lint_side",
    "run_diff",
]
