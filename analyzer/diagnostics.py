"""Diagnostic codes and their rendering (``file:line:column``, the line, a caret).

Codes are stable; docs/diagnostics.md lists them.  Every problem with the input
becomes a :class:`~analyzer.ir.Diagnostic`; none becomes a traceback.

>>> from analyzer.ir import Diagnostic, Severity, Span
>>> d = Diagnostic("P001", Severity.ERROR, "Expecting )", Span("a.sql", 2, 9, 2, 10, 20, 21),
...                expected=")", source_line="  x int,")
>>> print(render(d))
a.sql:2:9: error[P001] Expecting )
    2 |   x int,
      |         ^ expected )
"""

from __future__ import annotations

from analyzer.ir import Diagnostic

#: code -> (name, meaning).  Never reuse a code for something else.
CODES: dict[str, tuple[str, str]] = {
    "D001": ("bad-encoding-option", "the codec asked for is unknown or cannot decode the file"),
    "D002": ("binary-file", "the file is binary, not DDL text"),
    "D003": ("empty-file", "the file holds no statements"),
    "D004": ("mixed-encoding", "lines of the file are in different encodings"),
    "D005": ("unreadable-path", "the path does not exist or cannot be read"),
    "D006": ("invalid-bytes", "invalid bytes in an otherwise single-encoding file were replaced"),
    "D900": ("internal-error", "ddlaudit failed on this file; please report it"),
    "P001": ("syntax-error", "the statement does not parse"),
    "P002": ("unsupported-syntax", "the grammar does not understand part of the statement"),
    "P003": ("dialect-fallback", "no dialect was given or detected; the fallback was used"),
    "P004": ("unknown-dialect", "the dialect named is not one ddlaudit reads"),
    "P005": ("not-lowered", "the statement parsed but cannot be represented in the IR"),
    "P900": ("parser-crash", "the parser failed unexpectedly on this statement"),
    "T001": ("unresolved-type", "a column's type is not built in and is not defined in the input"),
    # sizing (analyzer/passes/data_length.py, analyzer/estimators/)
    "S001": ("unsized-type", "the target platform has no such type or cannot size it"),
    "S002": ("row-over-limit", "a row can exceed the platform's maximum row size"),
    "S003": ("no-sizing", "ddlaudit has no sizing for the table's platform"),
}


def render(diag: Diagnostic) -> str:
    """Format a diagnostic the way compilers do, with the offending line and a caret."""
    where = "<input>"
    if diag.span is not None:
        where = f"{diag.span.file}:{diag.span.line}:{diag.span.column}"
    lines = [f"{where}: {diag.severity.value}[{diag.code}] {diag.message}"]
    if diag.span is not None and diag.source_line is not None:
        number = str(diag.span.line)
        gutter = " " * (len(number) + 4)
        lines.append(f"    {number} | {diag.source_line}")
        width = 1
        if diag.span.end_line == diag.span.line:
            width = max(1, diag.span.end_column - diag.span.column)
        width = min(width, max(1, len(diag.source_line) - diag.span.column + 1))
        caret = " " * (diag.span.column - 1) + "^" * width
        tail = f" expected {diag.expected}" if diag.expected else ""
        lines.append(f"{gutter} | {caret}{tail}")
    elif diag.expected:
        lines.append(f"    expected {diag.expected}")
    return "\n".join(lines)
