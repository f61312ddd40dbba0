"""Markdown of ``ddlaudit lint`` for a pull-request comment (GitHub Flavored Markdown).

A summary line, a table of rules (code, name, severity, count; most frequent
first), then one collapsed ``<details>`` block per rule listing its findings.
Everything that comes from the input (paths, messages, names) is escaped, so a
``|`` cannot split a table cell, ``<script>`` stays text, and backticks, ``*``,
``_`` or ``[`` do not format or link; newlines become spaces.

>>> from analyzer.ir import Severity, Span
>>> from analyzer.rules.registry import Finding, Report
>>> f = Finding("C001", Severity.ERROR, "a|b <i>", "a.sql", Span("a.sql", 2, 3, 2, 4, 20, 21))
>>> print(render(Report((f,), (), ("a.sql",))), end="")
**ddlaudit** found 1 finding (1 error) in 1 file.
<BLANKLINE>
| Rule | Name | Severity | Count |
| --- | --- | --- | ---: |
| C001 |  | error | 1 |
<BLANKLINE>
<details><summary>C001 (1)</summary>
<BLANKLINE>
- <code>a\\.sql\\:2\\:3</code> a\\|b &lt;i&gt;
<BLANKLINE>
</details>
"""

from __future__ import annotations

import html
import re
from collections import Counter

from analyzer.ir import Severity
from analyzer.rules.registry import SEVERITY_ORDER, Finding, Report

#: ASCII punctuation CommonMark lets a backslash escape, less "&", "<", ">" (HTML
#: entities instead: a backslash before "&" would leave "&amp;" showing).
_PUNCTUATION = re.compile(r"""([!"#$%'()*+,\-./:;=?@\[\\\]^_`{|}~])""")
#: "@name" notifies a GitHub user even when backslash-escaped; a word joiner after
#: the "@" (invisible) stops that.
_MENTION = re.compile(r"@(?=\w)")
_NEWLINES = re.compile(r"\r\n|[\r\n\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def render(report: Report) -> str:
    """The comment body as Markdown text ending with a newline."""
    files = _count(len(report.files), "file")
    if not report.findings:
        return f"No findings in {files}.\n"
    names = {r.code: r.name for r in report.rules}
    by_rule: dict[str, list[Finding]] = {}
    for f in report.findings:
        by_rule.setdefault(f.code, []).append(f)
    order = sorted(by_rule, key=lambda code: (-len(by_rule[code]), code))
    out = [_headline(report, files), ""]
    out += ["| Rule | Name | Severity | Count |", "| --- | --- | --- | ---: |"]
    for code in order:
        worst = max((f.severity for f in by_rule[code]), key=SEVERITY_ORDER.__getitem__)
        cells = (_md(code), _md(names.get(code, "")), worst.value, str(len(by_rule[code])))
        out.append("| " + " | ".join(cells) + " |")
    for code in order:
        title = " ".join(p for p in (code, names.get(code, "")) if p)
        # Inside an HTML block GFM does no Markdown, so the summary is HTML-escaped only.
        out += ["", f"<details><summary>{_html(title)} ({len(by_rule[code])})</summary>", ""]
        out += [_item(f) for f in by_rule[code]]
        out += ["", "</details>"]
    return "\n".join(out) + "\n"


def _headline(report: Report, files: str) -> str:
    counts = Counter(f.severity for f in report.findings)
    parts = [
        _count(counts[s], s.value)
        for s in sorted(Severity, key=lambda s: -SEVERITY_ORDER[s])
        if counts[s]
    ]
    total = _count(len(report.findings), "finding")
    line = f"**ddlaudit** found {total} ({', '.join(parts)}) in {files}."
    hidden = []
    if report.suppressed:
        hidden.append(f"{report.suppressed} suppressed")
    if report.baselined:
        hidden.append(f"{report.baselined} in baseline")
    return line + (f" Not shown: {', '.join(hidden)}." if hidden else "")


def _item(f: Finding) -> str:
    where = f.path
    if f.span is not None:
        where += f":{f.span.line}:{f.span.column}"
    return f"- <code>{_md(where)}</code> {_md(f.message)}"


def _md(text: str) -> str:
    """Input text made inert in Markdown: one line, punctuation escaped, ``&<>`` as entities."""
    # Backslashes first, entities after: escaping the ";" of "&lt;" would break it.
    escaped = _PUNCTUATION.sub(r"\\\1", _one_line(text))
    return html.escape(_MENTION.sub("@\u2060", escaped), quote=False)


def _html(text: str) -> str:
    """Input text as HTML character data on one line."""
    return html.escape(_MENTION.sub("@\u2060", _one_line(text)), quote=False)


#: Unicode's general categories Cc (U+0000-U+001F, U+007F-U+009F) and Cs (surrogates)
#: but the tab, as one character class (D193; tests/test_audit_jobs.py checks it against
#: the Unicode database).
CONTROLS = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff]")


def _one_line(text: str) -> str:
    # Line breaks would end a table row or a list item; other controls (NUL, ESC)
    # and lone surrogates become U+FFFD.
    return CONTROLS.sub("\ufffd", _NEWLINES.sub(" ", text))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 or noun == "info" else f"{n} {noun}s"
