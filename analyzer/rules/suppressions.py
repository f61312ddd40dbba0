"""Suppressions (``L``): ``-- ddlaudit: ignore[...]`` comments, and the rules about them.

Three forms, each with a list of codes or prefixes (none: every rule):

* ``... -- ddlaudit: ignore[K001]`` at the end of a line: findings reported on that line;
* ``-- ddlaudit: ignore[K001]`` alone on its line: findings in the statement that starts
  on the next line of code (its whole text, whatever line they are on);
* ``-- ddlaudit: file-ignore[K001]`` anywhere: findings anywhere in the file.

Text after the closing bracket is a free reason (``-- ddlaudit: ignore[K001] legacy``).
A suppression that hides nothing is reported (L001, like ruff's RUF100), and so is a
code in it that no rule has (L002).

>>> text = "CREATE TABLE t (a int, a int) -- ddlaudit: ignore[C001]\\n"
>>> [(d.kind, d.codes, d.first_line, d.last_line) for d in directives(text, "t.sql")]
[('line', ('C001',), 1, 1)]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from analyzer.ir import Severity, Span
from analyzer.records import record
from analyzer.rules.registry import Family, Finding, Rule

FAMILY = Family("L", "suppressions", "Suppression comments that hide nothing or name no rule.")

#: ``-- ddlaudit: ignore``, ``-- ddlaudit: ignore[A, B]``, ``-- ddlaudit: file-ignore[...]``.
#: Compiled where used (re's cache): most files hold none.
_DIRECTIVE = (
    r"(?i)--[ \t]*ddlaudit:[ \t]*(?P<kind>file-ignore|ignore)\b(?:\[(?P<codes>[^\]\r\n]*)\])?"
)


@record
class Directive:
    """One suppression comment: what it covers (lines ``first_line``..``last_line``, or
    the file) and the codes it names (() = every rule)."""

    kind: str
    codes: tuple[str, ...]
    span: Span
    first_line: int = 0
    last_line: int = 0

    def covers(self, finding: Finding) -> bool:
        if self.kind != "file":
            line = finding.line
            if not self.first_line <= line <= self.last_line:
                return False
        return self.matches(finding.code)

    def matches(self, code: str) -> bool:
        return not self.codes or any(code.startswith(c) for c in self.codes)


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def directives(
    text: str,
    path: str,
    statement_end: Callable[[int], int | None] | None = None,
) -> tuple[Directive, ...]:
    """The suppression comments of ``text``, in file order.

    ``statement_end(offset)`` gives the end offset of the statement that starts at or
    after ``offset`` (None: no statement follows); a comment alone on its line covers
    the lines from the next one to that end.  Without it, such a comment covers the
    next line only.
    """
    if "ddlaudit:" not in text and "DDLAUDIT:" not in text.upper():
        return ()
    found = []
    for m in re.finditer(_DIRECTIVE, text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        line = _line_of(text, m.start())
        column = m.start() - line_start + 1
        span = Span(path, line, column, line, column + len(m.group(0)), m.start(), m.end())
        raw = m.group("codes")
        codes = tuple(c.strip().upper() for c in raw.split(",") if c.strip()) if raw else ()
        kind = m.group("kind").lower()
        if kind == "file-ignore":
            found.append(Directive("file", codes, span))
            continue
        if text[line_start : m.start()].strip():
            found.append(Directive("line", codes, span, line, line))
            continue
        line_end = text.find("\n", m.end())
        after = len(text) if line_end < 0 else line_end + 1
        end = statement_end(after) if statement_end is not None else None
        last = _line_of(text, max(end - 1, after)) if end is not None else line + 1
        found.append(Directive("statement", codes, span, line + 1, max(last, line + 1)))
    return tuple(found)


@record
class Outcome:
    """What the suppressions of a run did: the findings kept, how many were hidden, and
    the findings about the suppressions themselves (L001, L002)."""

    kept: tuple[Finding, ...]
    suppressed: int
    problems: tuple[Finding, ...]


def apply(
    findings: Sequence[Finding],
    by_file: dict[str, tuple[Directive, ...]],
    known: Callable[[str], bool],
    enabled: Callable[[str], bool],
) -> Outcome:
    """Hide the findings a directive covers, and report directives that hid nothing.

    ``known(code)`` says a code or prefix names a rule; ``enabled(code)`` that the run
    reports it (an unused suppression of a rule not run is not reported: another run
    may select it).
    """
    used: set[tuple[str, int, str]] = set()
    kept: list[Finding] = []
    hidden = 0
    for f in findings:
        covering = [d for d in by_file.get(f.path, ()) if d.covers(f)]
        if not covering:
            kept.append(f)
            continue
        hidden += 1
        for d in covering:
            used.add((f.path, d.span.start, next((c for c in d.codes if f.code.startswith(c)), "")))
    problems: list[Finding] = []
    for path, found in by_file.items():
        for d in found:
            form = f"ddlaudit: {'file-ignore' if d.kind == 'file' else 'ignore'}"
            unknown = [c for c in d.codes if not known(c)]
            for code in unknown:
                problems.append(
                    UNKNOWN_CODE.finding(
                        f"{form}[{code}] names no rule; `ddlaudit rules` lists the codes",
                        path,
                        span=d.span,
                        subject=f"suppression:{code}",
                        source_line=None,
                    )
                )
            if not d.codes:
                if (path, d.span.start, "") not in used:
                    problems.append(_unused(path, d, form, "every rule"))
                continue
            for code in d.codes:
                if code in unknown or (path, d.span.start, code) in used:
                    continue
                if enabled(code):
                    problems.append(_unused(path, d, f"{form}[{code}]", code))
    return Outcome(tuple(kept), hidden, tuple(problems))


def _unused(path: str, d: Directive, form: str, what: str) -> Finding:
    where = {
        "line": "on this line",
        "statement": "in the statement below",
        "file": "in this file",
    }[d.kind]
    return UNUSED_SUPPRESSION.finding(
        f"unused suppression: {form} hides no finding {where}; remove it",
        path,
        span=d.span,
        subject=f"suppression:{d.kind}:{what}",
    )


def with_levels(problems: Sequence[Finding], severity: Severity | None) -> list[Finding]:
    """``problems`` at ``severity`` (a configured override), or as they are."""
    return [replace(p, severity=severity) for p in problems] if severity else list(problems)


UNUSED_SUPPRESSION = Rule(
    "L001",
    "unused-suppression",
    "suppressions",
    Severity.WARNING,
    "a suppression comment hides no finding",
    what="Reports a `-- ddlaudit: ignore[...]` or `file-ignore[...]` comment, or one code in "
    "it, that hid no finding of a rule the run checks.",
    why="Suppressions outlive the problems they were written for: once a column is fixed "
    "or a rule changes, a stale comment would silently hide the next real finding of the "
    "same rule on that line. Removing it keeps every suppression meaningful (ruff RUF100, "
    "sqlfluff's unused noqa).",
    example="CREATE TABLE orders (\n    id int NOT NULL PRIMARY KEY -- ddlaudit: ignore[K001]\n)",
    fix="Remove the comment, or the codes in it that hide nothing:\n\n"
    "CREATE TABLE orders (\n    id int NOT NULL PRIMARY KEY\n)",
    references=('docs/lint.md, "Suppressions"',),
    reported_by="lint suppressions",
)

UNKNOWN_CODE = Rule(
    "L002",
    "unknown-suppression-code",
    "suppressions",
    Severity.WARNING,
    "a suppression comment names a code no rule has",
    what="Reports a code or prefix in a `-- ddlaudit: ignore[...]` or `file-ignore[...]` "
    "comment that matches no rule of the catalogue.",
    why="A mistyped code (`K01` for `K001`, a code from another linter) suppresses nothing, "
    "so the finding it was meant to hide is still reported, or the comment is copied around "
    "without effect.",
    example="CREATE TABLE audit_log (note text NULL) -- ddlaudit: ignore[T02]",
    fix="Use a code `ddlaudit rules` lists:\n\n"
    "CREATE TABLE audit_log (note text NULL) -- ddlaudit: ignore[T002]",
    references=('docs/lint.md, "Suppressions"',),
    reported_by="lint suppressions",
)

RULES: tuple[Rule, ...] = (UNUSED_SUPPRESSION, UNKNOWN_CODE)
