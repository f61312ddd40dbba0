"""GitHub Actions workflow commands: one annotation line per finding of ``ddlaudit lint``.

``::error file=PATH,line=L,col=C,endLine=EL,endColumn=EC,title=CODE name::message``
(``warning`` for warnings, ``notice`` for info).  Values are escaped exactly as
actions/toolkit ``packages/core/src/command.ts`` does (data: ``%``, CR, LF;
properties also ``:`` and ``,``), so a message or path holding a newline and a
second ``::warning`` stays inside its own line.  The runner turns at most 10
annotations of each level per step into annotations (the rest stay in the log);
SARIF upload has no such cap.

>>> from analyzer.ir import Severity, Span
>>> from analyzer.rules.registry import Finding, Report
>>> f = Finding("C001", Severity.WARNING, "50% of\\nrows", "a,b.sql",
...             Span("a,b.sql", 2, 3, 2, 4, 20, 21))
>>> print(render(Report((f,), (), ("a,b.sql",))), end="")
::warning file=a%2Cb.sql,line=2,col=3,endLine=2,endColumn=4,title=C001::50%25 of%0Arows
"""

from __future__ import annotations

import unicodedata

from analyzer.ir import Severity
from analyzer.rules.registry import Finding, Report

_COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def render(report: Report) -> str:
    """One workflow command line per finding, each ending with a newline."""
    names = {r.code: r.name for r in report.rules}
    return "".join(_command(f, names.get(f.code, "")) + "\n" for f in report.findings)


def _command(f: Finding, name: str) -> str:
    props: list[tuple[str, str]] = []
    if f.path:
        # The runner matches the path against the checkout: "/" separators.
        props.append(("file", f.path.replace("\\", "/")))
    span = f.span
    if span is not None and span.line >= 1:
        props.append(("line", str(span.line)))
        if span.column >= 1:
            props.append(("col", str(span.column)))
        props.append(("endLine", str(max(span.end_line, span.line))))
        if span.end_column >= 1:
            props.append(("endColumn", str(span.end_column)))
    props.append(("title", f"{f.code} {name}".strip()))
    # toolkit leaves empty values out; so do we.
    head = ",".join(f"{k}={_escape_property(v)}" for k, v in props if v)
    return f"::{_COMMANDS[f.severity]} {head}::{_escape_data(f.message)}"


def _escape_data(text: str) -> str:
    """command.ts ``escapeData``, after :func:`_visible`."""
    return _visible(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    """command.ts ``escapeProperty``, after :func:`_visible`."""
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _visible(text: str) -> str:
    """Other characters that end or garble a log line, made harmless.

    CR and LF are escaped by toolkit's rules; other C0/C1 controls, NEL and the
    Unicode line and paragraph separators (which some log viewers break lines
    on) and lone surrogates (which cannot be written as UTF-8) become U+FFFD.
    The runner only unescapes ``%25``, ``%0D``, ``%0A`` (``%3A``, ``%2C``), so
    escaping these as ``%0C`` would show literally.
    """
    out = []
    for ch in text:
        if ch in "\r\n\t":
            out.append(ch)
        elif unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp"):
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)
