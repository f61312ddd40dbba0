"""JUnit XML of ``ddlaudit lint`` for CI test reports (GitLab ``artifacts:reports:junit``, Jenkins).

Layout: ``<testsuites name="ddlaudit">`` holds one ``<testsuite name="ddlaudit lint">``
with one ``<testcase>`` per file checked (``name`` and ``classname`` the path, as
written: dotting it would make Jenkins split ``db/orders.v2.sql`` into packages
anyway, and GitLab shows it verbatim).  A file fails when it has a finding that
reaches ``report.fail_on`` (what makes ``ddlaudit lint`` exit 1); its testcase
then holds ONE ``<failure>`` whose text lists those findings, one
``path:line:col: CODE message`` line each.  One element, not one per finding:
Jenkins (and Azure DevOps) show only a testcase's first ``<failure>``, and strict
parsers such as junitparser reject several; xunit-plugin concatenates them into
one for the same reason (jenkinsci/xunit-plugin#17, karma-junit-reporter#9).
Findings below ``fail_on`` go to the testcase's ``<system-out>`` and do not fail it.

The XML is built with ElementTree (escaping is its job) and characters XML 1.0
forbids (NUL, ESC, lone surrogates, ...) become U+FFFD, so the output always parses.

>>> from analyzer.ir import Severity, Span
>>> from analyzer.rules.registry import Finding, Report
>>> f = Finding("C001", Severity.ERROR, "a < b", "a.sql", Span("a.sql", 2, 3, 2, 4, 20, 21))
>>> print(render(Report((f,), (), ("a.sql", "b.sql"))), end="")
<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="ddlaudit" tests="2" failures="1" errors="0">
  <testsuite name="ddlaudit lint" tests="2" failures="1" errors="0" skipped="0">
    <testcase name="a.sql" classname="a.sql" file="a.sql">
      <failure message="C001: a &lt; b" type="C001">a.sql:2:3: C001 a &lt; b</failure>
    </testcase>
    <testcase name="b.sql" classname="b.sql" file="b.sql" />
  </testsuite>
</testsuites>
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from analyzer.rules.registry import SEVERITY_ORDER, Finding, Report

#: What XML 1.0 does not allow (its Char production, section 2.2).
_NEWLINE = re.compile(r"\r\n?|\n")
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def render(report: Report) -> str:
    """The JUnit document as text, with an XML declaration, ending with a newline."""
    by_file: dict[str, list[Finding]] = {path: [] for path in report.files}
    for f in report.findings:
        # A finding in a file the run did not list still gets a testcase.
        by_file.setdefault(f.path, []).append(f)
    floor = SEVERITY_ORDER[report.fail_on] if report.fail_on is not None else None

    def fails(f: Finding) -> bool:
        return floor is not None and SEVERITY_ORDER[f.severity] >= floor

    failures = sum(1 for findings in by_file.values() if any(fails(f) for f in findings))
    counts = {"tests": str(len(by_file)), "failures": str(failures), "errors": "0"}
    root = ET.Element("testsuites", {"name": "ddlaudit", **counts})
    suite = ET.SubElement(root, "testsuite", {"name": "ddlaudit lint", **counts, "skipped": "0"})
    for path, findings in by_file.items():
        name = _xml(path)
        case = ET.SubElement(suite, "testcase", {"name": name, "classname": name, "file": name})
        failing = [f for f in findings if fails(f)]
        passing = [f for f in findings if not fails(f)]
        if failing:
            first = failing[0]
            if len(failing) == 1:
                message, kind = f"{first.code}: {first.message}", first.code
            else:
                codes = list(dict.fromkeys(f.code for f in failing))
                message = f"{len(failing)} findings: {', '.join(codes)}"
                kind = ",".join(codes)
            failure = ET.SubElement(case, "failure", {"message": _xml(message), "type": _xml(kind)})
            failure.text = "\n".join(_line(f) for f in failing)
        if passing:
            ET.SubElement(case, "system-out").text = "\n".join(_line(f) for f in passing)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


def _line(f: Finding) -> str:
    where = f.path if f.span is None else f"{f.path}:{f.span.line}:{f.span.column}"
    # One line per finding: a newline in the input must not start a fake one.
    return _xml(_NEWLINE.sub(" ", f"{where}: {f.code} {f.message}"))


def _xml(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)
