"""Human output of ``ddlaudit lint``: one block per finding, then a summary.

A finding with a span prints like a compiler diagnostic (the house style of
:func:`analyzer.diagnostics.render`): ``path:line:col: severity[CODE] message``, the
source line and a caret line under the span; one without a span prints
``path: severity[CODE] message``.  The summary counts findings by rule (most
frequent first), by severity, what suppressions and the baseline hid, and ends
with one sentence.  Control characters in the input (an ESC in a hostile file
could drive the terminal) are shown as Unicode control pictures, one for one, so
carets stay aligned.

>>> from analyzer.ir import Severity, Span
>>> from analyzer.rules.registry import Finding, Report, Rule
>>> rule = Rule("C001", "duplicate-column", "schema", Severity.ERROR,
...             "a table declares a column twice", "", "", "", "")
>>> f = Finding("C001", Severity.ERROR, "column a is declared twice", "a.sql",
...             Span("a.sql", 2, 3, 2, 4, 20, 21), source_line="  a int,")
>>> print(render(Report((f,), (rule,), ("a.sql", "b.sql"))), end="")
a.sql:2:3: error[C001] column a is declared twice
    2 |   a int,
      |   ^
<BLANKLINE>
Rules:
  C001  duplicate-column  1
Severities: 1 error, 0 warnings, 0 info
Found 1 finding (1 error) in 2 files.
"""

from __future__ import annotations

import typing as t
import unicodedata
from collections import Counter

from rich.cells import cell_len

from analyzer.ir import Severity
from analyzer.rules.registry import SEVERITY_ORDER, Finding, Report

_RESET = "\x1b[0m"
_BOLD = "\x1b[1m"
_DIM = "\x1b[2m"
_COLOURS = {
    Severity.ERROR: "\x1b[1;31m",
    Severity.WARNING: "\x1b[1;33m",
    Severity.INFO: "\x1b[1;36m",
}
#: Bidirectional controls: shown as U+FFFD, or they reorder what the terminal shows
#: ("Trojan Source", CVE-2021-42574).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

_Paint = t.Callable[[str, str], str]


def render(report: Report, color: bool = False) -> str:
    """The findings and the summary as text ending with a newline; ANSI colour on request."""
    paint = _painter(color)
    lines: list[str] = []
    for finding in report.findings:
        lines.extend(_finding(finding, paint))
    if report.findings:
        lines.append("")
    lines.extend(_summary(report, paint))
    return "\n".join(lines) + "\n"


def _painter(color: bool) -> _Paint:
    def paint(text: str, style: str) -> str:
        return f"{style}{text}{_RESET}" if color and text else text

    return paint


def _finding(finding: Finding, paint: _Paint) -> list[str]:
    style = _COLOURS[finding.severity]
    head = f"{paint(finding.severity.value, style)}[{finding.code}] {_show(finding.message)}"
    span = finding.span
    if span is None:
        return [f"{paint(_show(finding.path) + ':', _BOLD)} {head}"]
    where = f"{_show(finding.path)}:{span.line}:{span.column}:"
    lines = [f"{paint(where, _BOLD)} {head}"]
    if finding.source_line is not None:
        source = _show(finding.source_line, keep_tabs=True)
        number = str(span.line)
        gutter = " " * len(number)
        pad, carets = _caret(source, span.column, span.line, span.end_line, span.end_column)
        lines.append(f"    {paint(number, _DIM)} | {source}")
        tail = f" expected {_show(finding.expected)}" if finding.expected else ""
        lines.append(f"    {gutter} | {pad}{paint(carets, style)}{tail}")
    return lines


def _caret(source: str, column: int, line: int, end_line: int, end_column: int) -> tuple[str, str]:
    """Padding up to the span and the carets under its part on this line.

    Widths are terminal cells (a CJK character takes two), and a tab in the
    padding stays a tab, so the carets sit under the span whatever the tab size.
    """
    start = max(column, 1) - 1
    start = min(start, len(source))
    stop = end_column - 1 if end_line == line else len(source)
    stop = min(max(stop, start), len(source))
    pad = "".join("\t" if ch == "\t" else " " * cell_len(ch) for ch in source[:start])
    return pad, "^" * max(1, cell_len(source[start:stop].replace("\t", " ")))


def _summary(report: Report, paint: _Paint) -> list[str]:
    lines: list[str] = []
    files = _count(len(report.files), "file")
    counts = _by_severity(report)
    worst_first = sorted(counts, key=lambda s: -SEVERITY_ORDER[s])
    if report.findings:
        names = {r.code: _show(r.name) for r in report.rules}
        rows = sorted(
            Counter(f.code for f in report.findings).items(), key=lambda kv: (-kv[1], kv[0])
        )
        code_w = max(len(code) for code, _ in rows)
        name_w = max(cell_len(names.get(code, "")) for code, _ in rows)
        lines.append("Rules:")
        for code, n in rows:
            name = names.get(code, "")
            name += " " * (name_w - cell_len(name))  # pad by terminal cells, not characters
            lines.append(f"  {code:<{code_w}}  {name}  {n}".rstrip())
        lines.append("Severities: " + ", ".join(_count(counts[s], s.value) for s in worst_first))
    hidden = []
    if report.suppressed:
        hidden.append(f"{report.suppressed} suppressed")
    if report.baselined:
        hidden.append(f"{report.baselined} in baseline")
    if hidden:
        lines.append("Not shown: " + ", ".join(hidden))
    if not report.findings:
        lines.append(paint(f"No findings in {files}.", _BOLD))
        return lines
    parts = ", ".join(_count(counts[s], s.value) for s in worst_first if counts[s])
    total = _count(len(report.findings), "finding")
    lines.append(paint(f"Found {total} ({parts}) in {files}.", _BOLD))
    return lines


def _by_severity(report: Report) -> dict[Severity, int]:
    counts = dict.fromkeys(Severity, 0)
    for f in report.findings:
        counts[f.severity] += 1
    return counts


def _count(n: int, noun: str) -> str:
    # "info" is a mass noun: "2 info", like "2 errors, 1 warning".
    return f"{n} {noun}" if n == 1 or noun == "info" else f"{n} {noun}s"


def _show(text: str | None, keep_tabs: bool = False) -> str:
    """``text`` on one line with every control character made visible, one for one.

    C0 controls become their control pictures (U+2400 + code), DEL U+2421; C1
    controls, lone surrogates, line or paragraph separators and bidirectional
    controls U+FFFD: one character each, so columns counted on the raw line still
    point right.
    """
    if not text:
        return ""
    out = []
    for ch in text:
        code = ord(ch)
        if ch == "\t" and keep_tabs:
            out.append(ch)
        elif code < 0x20:
            out.append(chr(0x2400 + code))
        elif code == 0x7F:
            out.append("\u2421")
        elif ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp"):
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)
