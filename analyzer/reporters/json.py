"""The JSON document of ``ddlaudit lint`` (``--format json``), described in docs/lint-json.md.

The document is versioned by :data:`SCHEMA_VERSION`: a new key is a minor bump, a
removed or renamed one a major bump.  Every finding key is always present (``null``
when it does not apply), so consumers need no ``get`` with defaults.

>>> from analyzer.ir import Severity, Span
>>> from analyzer.rules.registry import Finding, Report
>>> f = Finding("C001", Severity.ERROR, "column a is declared twice", "a.sql",
...             Span("a.sql", 2, 3, 2, 4, 20, 21), table="dbo.t", column="a")
>>> import json
>>> doc = json.loads(render(Report((f,), (), ("a.sql",), tool_version="0.1.0")))
>>> doc["findings"][0]["line"], doc["findings"][0]["name"], doc["summary"]["by_rule"]
(2, None, {'C001': 1})
"""

from __future__ import annotations

import typing as t

from analyzer import __version__
from analyzer.ir import Severity
from analyzer.rules.registry import Finding, Report

#: Version of the document; docs/lint-json.md describes each version's keys.
SCHEMA_VERSION = "1.0"


def render(report: Report) -> str:
    """The report as an indented JSON document (UTF-8 text ending with a newline)."""
    names = {r.code: r.name for r in report.rules}
    doc = {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "ddlaudit", "version": report.tool_version or __version__},
        "findings": [_finding(f, names.get(f.code)) for f in report.findings],
        "summary": _summary(report),
    }
    return _dumps(doc) + "\n"


def _finding(f: Finding, name: str | None) -> dict[str, t.Any]:
    span = f.span
    return {
        "code": f.code,
        "name": name,
        "severity": f.severity.value,
        "message": f.message,
        "path": f.path,
        "line": span.line if span else None,
        "column": span.column if span else None,
        "end_line": span.end_line if span else None,
        "end_column": span.end_column if span else None,
        "table": f.table,
        "column_name": f.column,
        "subject": f.subject or None,
        "fingerprint": f.fingerprint or None,
        "bytes": f.bytes,
    }


def _summary(report: Report) -> dict[str, t.Any]:
    counts = Counts()
    counts.add(report.findings)
    return counts.summary(len(report.files), report.suppressed, report.baselined, report.failed)


def finding(f: Finding, name: str | None) -> dict[str, t.Any]:
    """One finding as the document (and ``lint --format jsonl``) writes it."""
    return _finding(f, name)


class Counts:
    """The summary's counts, added file by file (``lint --format jsonl`` keeps these, not
    the findings)."""

    def __init__(self) -> None:
        self.findings = 0
        self.by_severity = {s.value: 0 for s in (Severity.ERROR, Severity.WARNING, Severity.INFO)}
        self.by_rule: dict[str, int] = {}

    def add(self, findings: t.Iterable[Finding]) -> None:
        for f in findings:
            self.findings += 1
            self.by_severity[f.severity.value] += 1
            self.by_rule[f.code] = self.by_rule.get(f.code, 0) + 1

    def summary(
        self, files: int, suppressed: int, baselined: int, failed: bool
    ) -> dict[str, t.Any]:
        """The document's ``summary`` object."""
        return {
            "files": files,
            "findings": self.findings,
            "by_severity": dict(self.by_severity),
            "by_rule": dict(sorted(self.by_rule.items())),
            "suppressed": suppressed,
            "baselined": baselined,
            "failed": failed,
        }


def _dumps(doc: dict[str, t.Any]) -> str:
    from analyzer.jsontext import dumps  # msgspec, loaded only to write JSON (D140)

    text = dumps(doc)
    # A path read with surrogateescape can hold lone surrogates, which no UTF-8
    # writer accepts; "\udcxx" is their JSON escape, so the document stays the same.
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
