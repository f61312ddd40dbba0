"""The reporters of ``ddlaudit lint``: text, JSON, SARIF, GitHub, Markdown, JUnit.

Reports are built directly from ``Finding``/``Rule`` objects (no engine).  Each
format is pinned by an exact rendering of one small fixed report, then attacked
with hostile input (newlines that try to start a second workflow command, HTML,
Markdown and XML metacharacters, control characters, Windows paths, paths with
spaces and ``#``) and with hypothesis-generated text.
"""

from __future__ import annotations

import json as jsonlib
import re
import xml.etree.ElementTree as ET
from urllib.parse import unquote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import ValidationError

from analyzer.ir import Severity, Span
from analyzer.reporters import github, json, junit, markdown, sarif, text
from analyzer.rules.registry import Finding, Report, Rule
from tests.sarif_schema import validate_sarif

DUP = Rule(
    "C001",
    "duplicate-column",
    "schema",
    Severity.ERROR,
    "A table declares the same column twice",
    what="Checks that no table declares a column twice.",
    why="SQL Server rejects the statement (Msg 2705).",
    example="CREATE TABLE t (a int, a int)",
    fix="CREATE TABLE t (a int, b int)",
    references=("SQL Server: Msg 2705",),
)
ROW = Rule(
    "S002",
    "row-over-limit",
    "sizing",
    Severity.WARNING,
    "A row can exceed the platform's maximum row size",
    what="Adds up the declared maximum widths of a table's columns.",
    why="Inserts or updates of long rows fail at run time.",
    example="CREATE TABLE t (a varchar(8000), b varchar(8000))",
    fix="CREATE TABLE t (a varchar(8000), b varchar(max))",
    platforms=("mssql", "ase"),
)

FIXED = Report(
    findings=(
        Finding(
            "C001",
            Severity.ERROR,
            "column a is declared twice in dbo.t",
            "db/a.sql",
            Span("db/a.sql", 3, 5, 3, 6, 40, 41),
            table="dbo.t",
            column="a",
            subject="dbo.t/a",
            source_line="    a int,",
            fingerprint="c001f00d",
        ),
        Finding(
            "S002",
            Severity.WARNING,
            "row of dbo.u can reach 16,012 bytes (limit 8,060)",
            "db/b.sql",
            Span("db/b.sql", 1, 14, 1, 19, 13, 18),
            table="dbo.u",
            subject="dbo.u",
            source_line="CREATE TABLE dbo.u (",
            bytes=7952,
            fingerprint="5002beef",
        ),
        Finding("D003", Severity.INFO, "the file holds no statements", "db/c.sql"),
    ),
    rules=(DUP, ROW),
    files=("db/a.sql", "db/b.sql", "db/c.sql"),
    root="/repo",
    suppressed=1,
    baselined=2,
    tool_version="1.2.3",
)

EMPTY = Report((), (DUP, ROW), ("a.sql", "b.sql", "c.sql", "d.sql", "e.sql"), root="/repo")

# --------------------------------------------------------------------------- exact output


def test_text_exact() -> None:
    assert text.render(FIXED) == (
        "db/a.sql:3:5: error[C001] column a is declared twice in dbo.t\n"
        "    3 |     a int,\n"
        "      |     ^\n"
        "db/b.sql:1:14: warning[S002] row of dbo.u can reach 16,012 bytes (limit 8,060)\n"
        "    1 | CREATE TABLE dbo.u (\n"
        "      |              ^^^^^\n"
        "db/c.sql: info[D003] the file holds no statements\n"
        "\n"
        "Rules:\n"
        "  C001  duplicate-column  1\n"
        "  D003                    1\n"
        "  S002  row-over-limit    1\n"
        "Severities: 1 error, 1 warning, 1 info\n"
        "Not shown: 1 suppressed, 2 in baseline\n"
        "Found 3 findings (1 error, 1 warning, 1 info) in 3 files.\n"
    )


def test_text_rules_sorted_by_count_then_code() -> None:
    span = Span("a.sql", 1, 1, 1, 2, 0, 1)
    findings = tuple(
        Finding(code, Severity.WARNING, "m", "a.sql", span) for code in ("S002", "C001", "S002")
    )
    out = text.render(Report(findings, (DUP, ROW), ("a.sql",)))
    rules = out.split("Rules:\n")[1].splitlines()[:2]
    assert rules == ["  S002  row-over-limit    2", "  C001  duplicate-column  1"]
    assert out.endswith("Found 3 findings (3 warnings) in 1 file.\n")


def test_text_no_findings() -> None:
    assert text.render(EMPTY) == "No findings in 5 files.\n"
    hidden = Report((), (), ("a.sql",), suppressed=2)
    assert text.render(hidden) == "Not shown: 2 suppressed\nNo findings in 1 file.\n"


def test_text_colour_only_on_request() -> None:
    assert "\x1b" not in text.render(FIXED)
    coloured = text.render(FIXED, color=True)
    assert "\x1b[1;31merror\x1b[0m[C001]" in coloured
    assert "\x1b[1;33m^^^^^\x1b[0m" in coloured
    # Same text once the colour codes are gone.
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == text.render(FIXED)


def test_json_exact() -> None:
    doc = jsonlib.loads(json.render(FIXED))
    assert doc == {
        "schema_version": "1.0",
        "tool": {"name": "ddlaudit", "version": "1.2.3"},
        "findings": [
            {
                "code": "C001",
                "name": "duplicate-column",
                "severity": "error",
                "message": "column a is declared twice in dbo.t",
                "path": "db/a.sql",
                "line": 3,
                "column": 5,
                "end_line": 3,
                "end_column": 6,
                "table": "dbo.t",
                "column_name": "a",
                "subject": "dbo.t/a",
                "fingerprint": "c001f00d",
                "bytes": None,
            },
            {
                "code": "S002",
                "name": "row-over-limit",
                "severity": "warning",
                "message": "row of dbo.u can reach 16,012 bytes (limit 8,060)",
                "path": "db/b.sql",
                "line": 1,
                "column": 14,
                "end_line": 1,
                "end_column": 19,
                "table": "dbo.u",
                "column_name": None,
                "subject": "dbo.u",
                "fingerprint": "5002beef",
                "bytes": 7952,
            },
            {
                "code": "D003",
                "name": None,
                "severity": "info",
                "message": "the file holds no statements",
                "path": "db/c.sql",
                "line": None,
                "column": None,
                "end_line": None,
                "end_column": None,
                "table": None,
                "column_name": None,
                "subject": None,
                "fingerprint": None,
                "bytes": None,
            },
        ],
        "summary": {
            "files": 3,
            "findings": 3,
            "by_severity": {"error": 1, "warning": 1, "info": 1},
            "by_rule": {"C001": 1, "D003": 1, "S002": 1},
            "suppressed": 1,
            "baselined": 2,
            "failed": True,
        },
    }
    assert json.render(FIXED).endswith("}\n")


def test_json_no_findings_and_failed_flag() -> None:
    doc = jsonlib.loads(json.render(EMPTY))
    assert doc["findings"] == []
    assert doc["summary"]["failed"] is False
    assert doc["summary"]["by_severity"] == {"error": 0, "warning": 0, "info": 0}
    only_info = Report(FIXED.findings[2:], (), ("db/c.sql",))
    assert jsonlib.loads(json.render(only_info))["summary"]["failed"] is False


def test_github_exact() -> None:
    assert github.render(FIXED) == (
        "::error file=db/a.sql,line=3,col=5,endLine=3,endColumn=6,title=C001 duplicate-column"
        "::column a is declared twice in dbo.t\n"
        "::warning file=db/b.sql,line=1,col=14,endLine=1,endColumn=19,title=S002 row-over-limit"
        "::row of dbo.u can reach 16,012 bytes (limit 8,060)\n"
        "::notice file=db/c.sql,title=D003::the file holds no statements\n"
    )
    assert github.render(EMPTY) == ""


def test_markdown_exact() -> None:
    assert markdown.render(FIXED) == (
        "**ddlaudit** found 3 findings (1 error, 1 warning, 1 info) in 3 files."
        " Not shown: 1 suppressed, 2 in baseline.\n"
        "\n"
        "| Rule | Name | Severity | Count |\n"
        "| --- | --- | --- | ---: |\n"
        "| C001 | duplicate\\-column | error | 1 |\n"
        "| D003 |  | info | 1 |\n"
        "| S002 | row\\-over\\-limit | warning | 1 |\n"
        "\n"
        "<details><summary>C001 duplicate-column (1)</summary>\n"
        "\n"
        "- <code>db\\/a\\.sql\\:3\\:5</code> column a is declared twice in dbo\\.t\n"
        "\n"
        "</details>\n"
        "\n"
        "<details><summary>D003 (1)</summary>\n"
        "\n"
        "- <code>db\\/c\\.sql</code> the file holds no statements\n"
        "\n"
        "</details>\n"
        "\n"
        "<details><summary>S002 row-over-limit (1)</summary>\n"
        "\n"
        "- <code>db\\/b\\.sql\\:1\\:14</code> row of dbo\\.u can reach 16\\,012 bytes"
        " \\(limit 8\\,060\\)\n"
        "\n"
        "</details>\n"
    )
    assert markdown.render(EMPTY) == "No findings in 5 files.\n"


def test_junit_exact() -> None:
    assert junit.render(FIXED) == (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<testsuites name="ddlaudit" tests="3" failures="2" errors="0">\n'
        '  <testsuite name="ddlaudit lint" tests="3" failures="2" errors="0" skipped="0">\n'
        '    <testcase name="db/a.sql" classname="db/a.sql" file="db/a.sql">\n'
        '      <failure message="C001: column a is declared twice in dbo.t" type="C001">'
        "db/a.sql:3:5: C001 column a is declared twice in dbo.t</failure>\n"
        "    </testcase>\n"
        '    <testcase name="db/b.sql" classname="db/b.sql" file="db/b.sql">\n'
        '      <failure message="S002: row of dbo.u can reach 16,012 bytes (limit 8,060)"'
        ' type="S002">db/b.sql:1:14: S002 row of dbo.u can reach 16,012 bytes (limit 8,060)'
        "</failure>\n"
        "    </testcase>\n"
        '    <testcase name="db/c.sql" classname="db/c.sql" file="db/c.sql">\n'
        "      <system-out>db/c.sql: D003 the file holds no statements</system-out>\n"
        "    </testcase>\n"
        "  </testsuite>\n"
        "</testsuites>\n"
    )


def test_sarif_exact() -> None:
    log = validate_sarif(
        sarif.render(
            FIXED,
            help_uri=lambda rule: f"https://ddlaudit.example/rules/{rule.code}",
            information_uri="https://ddlaudit.example",
        )
    )
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    assert run["invocations"] == [{"executionSuccessful": True}]
    assert run["originalUriBaseIds"] == {"%SRCROOT%": {"uri": "file:///repo/"}}
    assert run["columnKind"] == "unicodeCodePoints"
    driver = run["tool"]["driver"]
    assert {k: v for k, v in driver.items() if k != "rules"} == {
        "name": "ddlaudit",
        "version": "1.2.3",
        "semanticVersion": "1.2.3",
        "informationUri": "https://ddlaudit.example",
    }
    assert driver["rules"][0] == {
        "id": "C001",
        "name": "duplicate-column",
        "shortDescription": {"text": "A table declares the same column twice"},
        "fullDescription": {"text": "Checks that no table declares a column twice."},
        "help": {
            "text": "Checks that no table declares a column twice.\n\n"
            "Why is this bad?\nSQL Server rejects the statement (Msg 2705).\n\n"
            "Example:\n    CREATE TABLE t (a int, a int)\n\n"
            "Use instead:\n    CREATE TABLE t (a int, b int)\n\n"
            "References:\n- SQL Server: Msg 2705",
            "markdown": "## What it does\nChecks that no table declares a column twice.\n\n"
            "## Why is this bad?\nSQL Server rejects the statement (Msg 2705).\n\n"
            "## Example\n```sql\nCREATE TABLE t (a int, a int)\n```\n\n"
            "## Use instead\n```sql\nCREATE TABLE t (a int, b int)\n```\n\n"
            "## References\n- SQL Server: Msg 2705",
        },
        "helpUri": "https://ddlaudit.example/rules/C001",
        "defaultConfiguration": {"level": "error"},
        "properties": {"tags": ["schema"]},
    }
    assert driver["rules"][1]["properties"] == {"tags": ["sizing", "mssql", "ase"]}
    assert driver["rules"][1]["defaultConfiguration"] == {"level": "warning"}
    assert run["results"] == [
        {
            "ruleId": "C001",
            "ruleIndex": 0,
            "level": "error",
            "message": {"text": "column a is declared twice in dbo.t"},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": "db/a.sql", "uriBaseId": "%SRCROOT%"},
                        "region": {"startLine": 3, "startColumn": 5, "endLine": 3, "endColumn": 6},
                    }
                }
            ],
            "partialFingerprints": {"ddlaudit/v1": "c001f00d"},
        },
        {
            "ruleId": "S002",
            "ruleIndex": 1,
            "level": "warning",
            "message": {"text": "row of dbo.u can reach 16,012 bytes (limit 8,060)"},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": "db/b.sql", "uriBaseId": "%SRCROOT%"},
                        "region": {
                            "startLine": 1,
                            "startColumn": 14,
                            "endLine": 1,
                            "endColumn": 19,
                        },
                    }
                }
            ],
            "partialFingerprints": {"ddlaudit/v1": "5002beef"},
        },
        {
            # D003 is not among the run's rules: no ruleIndex, no region without a span.
            "ruleId": "D003",
            "level": "note",
            "message": {"text": "the file holds no statements"},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": "db/c.sql", "uriBaseId": "%SRCROOT%"}
                    }
                }
            ],
        },
    ]


# --------------------------------------------------------------------------- SARIF details


def test_sarif_schema_is_the_official_file() -> None:
    import hashlib

    from tests.sarif_schema import SCHEMA_PATH

    digest = hashlib.sha256(SCHEMA_PATH.read_bytes()).hexdigest()
    assert digest == "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"


def test_validator_rejects_broken_logs() -> None:
    log = jsonlib.loads(sarif.render(FIXED))
    validate_sarif(jsonlib.dumps(log))
    log["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(ValidationError, match="fatal"):
        validate_sarif(jsonlib.dumps(log))
    log = jsonlib.loads(sarif.render(FIXED))
    region = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    region["startLine"] = 0
    with pytest.raises(ValidationError):
        validate_sarif(jsonlib.dumps(log))
    log = jsonlib.loads(sarif.render(FIXED))
    del log["version"]
    with pytest.raises(ValidationError):
        validate_sarif(jsonlib.dumps(log))


def test_sarif_no_findings_validates() -> None:
    log = validate_sarif(sarif.render(EMPTY))
    assert log["runs"][0]["results"] == []
    assert [r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]] == ["C001", "S002"]
    assert "informationUri" not in log["runs"][0]["tool"]["driver"]
    assert all("helpUri" not in r for r in log["runs"][0]["tool"]["driver"]["rules"])


def test_sarif_versions_rules_and_regions() -> None:
    finding = Finding(
        "C001", Severity.ERROR, "", "a.sql", Span("a.sql", 2, 7, 4, 1, 0, 30), fingerprint=""
    )
    report = Report((finding,), (DUP, DUP, ROW), ("a.sql",), tool_version="0.1.0.dev3")
    log = validate_sarif(sarif.render(report, help_uri=lambda rule: None))
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["version"] == "0.1.0.dev3"
    assert "semanticVersion" not in driver  # not SemVer 2.0
    assert [r["id"] for r in driver["rules"]] == ["C001", "S002"]  # duplicates dropped
    (result,) = run["results"]
    assert result["message"] == {"text": DUP.summary}  # never an empty message
    assert "partialFingerprints" not in result
    region = result["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 2, "startColumn": 7, "endLine": 4, "endColumn": 1}


def test_sarif_help_markdown_fence_outlasts_backticks() -> None:
    rule = Rule("X001", "x", "misc", Severity.INFO, "s", "w", "y", "SELECT ```` FROM t", "fix")
    log = validate_sarif(sarif.render(Report((), (rule,), ())))
    markdown_help = log["runs"][0]["tool"]["driver"]["rules"][0]["help"]["markdown"]
    assert "`````sql\nSELECT ```` FROM t\n`````" in markdown_help
    assert log["runs"][0]["tool"]["driver"]["rules"][0]["defaultConfiguration"] == {"level": "note"}


@pytest.mark.parametrize(
    ("path", "uri", "base"),
    [
        ("db/a.sql", "db/a.sql", True),
        ("./x/../my dir/#1 100%.sql", "my%20dir/%231%20100%25.sql", True),
        ("naïve/日本.sql", "na%C3%AFve/%E6%97%A5%E6%9C%AC.sql", True),
        ("c:x.sql", "c%3Ax.sql", True),  # not read as a URI scheme
        ("sub\\dir\\z.sql", "sub/dir/z.sql", True),
        ("/repo/db/in root.sql", "db/in%20root.sql", True),
        ("/elsewhere/out.sql", "file:///elsewhere/out.sql", False),
        ("../up.sql", "file:///up.sql", False),
        ("C:\\Users\\me\\my dir\\#1.sql", "file:///C:/Users/me/my%20dir/%231.sql", False),
        ("D:/data/x.sql", "file:///D:/data/x.sql", False),
        ("\\\\srv\\share\\q.sql", "file://srv/share/q.sql", False),
        ("\\\\", "file:////", False),  # "//": POSIX keeps a leading double slash
        ("bad\udcff.sql", "bad%FF.sql", True),
    ],
)
def test_sarif_uris(path: str, uri: str, base: bool) -> None:
    finding = Finding("C001", Severity.ERROR, "m", path, Span(path, 1, 1, 1, 2, 0, 1))
    log = validate_sarif(sarif.render(Report((finding,), (DUP,), (path,), root="/repo")))
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    expected = {"uri": uri, "uriBaseId": "%SRCROOT%"} if base else {"uri": uri}
    assert location["artifactLocation"] == expected
    assert _is_uri_reference(uri)
    if base:  # a relative reference: a ":" in its first segment would read as a scheme
        assert ":" not in uri.split("/")[0]


def test_sarif_root_uri_is_encoded_and_ends_with_slash() -> None:
    log = validate_sarif(sarif.render(Report((), (), (), root="/my repo/#x")))
    assert log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"] == {"uri": "file:///my%20repo/%23x/"}


# --------------------------------------------------------------------------- text carets


def _caret_line(source: str, span: Span) -> str:
    finding = Finding("C001", Severity.ERROR, "m", "a.sql", span, source_line=source)
    return text.render(Report((finding,), (DUP,), ("a.sql",))).splitlines()[2]


def test_text_caret_under_the_span() -> None:
    # "x" at column 11, after a tab, a non-ASCII letter and two double-width characters.
    source = "\tnaïve 日本 x,"
    assert source.index("x") + 1 == 11
    line = _caret_line(source, Span("a.sql", 7, 11, 7, 12, 0, 0))
    # The tab stays a tab (any tab size aligns), "naïve " is 6 cells, "日本" 4, " " 1.
    assert line == "      | \t" + " " * 6 + " " * 4 + " " + "^"


def test_text_caret_widths() -> None:
    source = "CREATE TABLE dbo.orders ("
    # Zero-width span: still one caret.
    assert _caret_line(source, Span("a.sql", 1, 14, 1, 14, 0, 0)) == "      | " + " " * 13 + "^"
    # Span running onto later lines: carets to the end of this line.
    assert _caret_line(source, Span("a.sql", 1, 14, 3, 2, 0, 0)).endswith(" " * 13 + "^" * 12)
    # Span past the end of the line is clipped, at least one caret.
    assert _caret_line("ab", Span("a.sql", 1, 5, 1, 9, 0, 0)) == "      |   ^"


# --------------------------------------------------------------------------- hostile input

INJECT = "\n::warning file=x.sql,line=1::pwned"
NASTY = (
    f"bad{INJECT} %0A <script>alert(1)</script> a|b `tick` **b** _i_ [l](http://x) ]]>"
    " \x00\x1b[31m\r\n naïve 日本 @someone #1"
)
HOSTILE_RULE = Rule(
    "H001", "evil|<b>name</b>`*_[x](y)", "misc", Severity.WARNING, "hostile name", "", "", "", ""
)
HOSTILE_PATHS = (
    "dir with space/#x %25.sql",
    f"a{INJECT}.sql",
    "C:\\Users\\me\\my dir\\#1 naïve.sql",
    "/elsewhere/abs file.sql",
    "bad\udcff.sql",
)


def hostile_report() -> Report:
    source = "\tcol <script> naïve 日本 `x`|y ]]>\x00"
    findings = (
        Finding(
            "C001",
            Severity.ERROR,
            NASTY,
            HOSTILE_PATHS[0],
            Span(HOSTILE_PATHS[0], 2, 2, 2, 5, 0, 0),
            table=f"dbo.t{INJECT}",
            column="<script>",
            subject=f"dbo.t/{INJECT}",
            source_line=source,
            fingerprint="f%0A:,",
        ),
        Finding("X999", Severity.INFO, "::error::inject", HOSTILE_PATHS[1]),
        Finding(
            "H001",
            Severity.WARNING,
            "a|b|c\n| --- |",
            HOSTILE_PATHS[2],
            Span(HOSTILE_PATHS[2], 1, 1, 2, 1, 0, 0),
        ),
        Finding(
            "H001",
            Severity.ERROR,
            "]]><![CDATA[x]]> & \x00\x01\x7f\x85",
            HOSTILE_PATHS[3],
            Span(HOSTILE_PATHS[3], 1, 1, 1, 1, 0, 0),
        ),
        Finding("C001", Severity.WARNING, "\u2028line\u2029sep\x0bvt\x0cff", HOSTILE_PATHS[4]),
    )
    return Report(findings, (DUP, HOSTILE_RULE), HOSTILE_PATHS, root="/repo", tool_version="1.0")


def _unescape_data(data: str) -> str:
    # The runner's unescaping of a command's message (actions/runner ActionCommand).
    return data.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def test_github_hostile_one_line_per_finding() -> None:
    report = hostile_report()
    out = github.render(report)
    lines = out.split("\n")
    assert lines[-1] == ""
    lines = lines[:-1]
    assert len(lines) == len(report.findings) == len(out.splitlines())
    for line, finding in zip(lines, report.findings, strict=True):
        assert re.match(r"::(error|warning|notice) ", line)
        assert "\r" not in line and "\x00" not in line and "\x1b" not in line
        # The properties hold no unescaped ":" or ",": the first "::" after the name ends them.
        props_end = line.index("::", 2)
        props = line[line.index(" ") + 1 : props_end]
        assert all(re.fullmatch(r"[A-Za-z]+=[^,:]*", p) for p in props.split(","))
        message = _unescape_data(line[props_end + 2 :])
        assert message.replace("\ufffd", "") == re.sub(
            r"[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f\x85\u2028\u2029\udcff]", "", finding.message
        )
    assert not any(line.startswith("::warning file=x.sql") for line in out.split("\n"))
    assert "file=a%0A%3A%3Awarning file=x.sql%2Cline=1%3A%3Apwned.sql" in lines[1]
    assert "file=C%3A/Users/me/my dir/#1 naïve.sql" in lines[2]


def _cells(row: str) -> list[str]:
    """Cells of a GFM table row, splitting on pipes no backslash escapes."""
    cells, cell, i = [], "", 0
    while i < len(row):
        if row[i] == "\\" and i + 1 < len(row):
            cell += row[i : i + 2]
            i += 2
            continue
        if row[i] == "|":
            cells.append(cell)
            cell = ""
        else:
            cell += row[i]
        i += 1
    cells.append(cell)
    return cells[1:-1]


def _check_markdown(out: str, report: Report) -> None:
    rows = [line for line in out.splitlines() if line.startswith("|")]
    assert len(rows) == 2 + len({f.code for f in report.findings})
    for row in rows:
        assert len(_cells(row)) == 4, row
    assert "<script" not in out.lower()
    tags = re.findall(r"<[^>]*>", out)
    assert set(tags) <= {"<details>", "</details>", "<summary>", "</summary>", "<code>", "</code>"}
    items = [line for line in out.splitlines() if line.startswith("- ")]
    assert len(items) == len(report.findings)
    # Nothing from the input starts a line: every line is ours.
    allowed = ("|", "- <code>", "<details>", "</details>", "**ddlaudit**", "No findings")
    assert all(line == "" or line.startswith(allowed) for line in out.splitlines())
    assert "\x00" not in out and "\x1b" not in out


def test_markdown_hostile() -> None:
    report = hostile_report()
    out = markdown.render(report)
    _check_markdown(out, report)
    assert "&lt;script&gt;alert\\(1\\)&lt;\\/script&gt;" in out
    assert "a\\|b" in out and "\\`tick\\`" in out and "\\*\\*b\\*\\*" in out
    assert "\\[l\\]\\(http\\:\\/\\/x\\)" in out
    assert "@\u2060someone" in out  # no GitHub mention
    # The rule name in the table and in the summary tag is escaped too.
    assert "| H001 | evil\\|&lt;b&gt;name&lt;\\/b&gt;\\`\\*\\_\\[x\\]\\(y\\) | error | 2 |" in out
    assert "<summary>H001 evil|&lt;b&gt;name&lt;/b&gt;`*_[x](y) (2)</summary>" in out


def test_sarif_and_json_hostile() -> None:
    report = hostile_report()
    log = validate_sarif(sarif.render(report))
    results = log["runs"][0]["results"]
    assert [r["message"]["text"] for r in results] == [f.message for f in report.findings]
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results]
    assert uris == [
        "dir%20with%20space/%23x%20%2525.sql",
        "a%0A%3A%3Awarning%20file=x.sql,line=1%3A%3Apwned.sql",
        "file:///C:/Users/me/my%20dir/%231%20na%C3%AFve.sql",
        "file:///elsewhere/abs%20file.sql",
        "bad%FF.sql",
    ]
    for uri in uris:
        assert _is_uri_reference(uri), uri
    assert unquote(uris[0]) == HOSTILE_PATHS[0]
    assert unquote(uris[4], errors="surrogateescape") == HOSTILE_PATHS[4]
    assert results[0]["partialFingerprints"] == {"ddlaudit/v1": "f%0A:,"}
    assert "ruleIndex" not in results[1]
    assert results[2]["ruleIndex"] == 1

    out = json.render(report)
    out.encode("utf-8")  # writable as UTF-8 despite the lone surrogate
    doc = jsonlib.loads(out)
    assert [f["message"] for f in doc["findings"]] == [f.message for f in report.findings]
    assert [f["path"] for f in doc["findings"]] == list(HOSTILE_PATHS)
    assert doc["findings"][0]["table"] == f"dbo.t{INJECT}"
    assert doc["findings"][0]["column_name"] == "<script>"


def test_junit_hostile() -> None:
    report = hostile_report()
    out = junit.render(report)
    out.encode("utf-8")
    root = ET.fromstring(out.encode("utf-8"))
    assert root.tag == "testsuites"
    (suite,) = root
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == [p.replace("\udcff", "\ufffd") for p in HOSTILE_PATHS]
    failure = cases[0].find("failure")
    assert failure is not None
    # The attribute keeps the message, newlines included; forbidden characters are U+FFFD.
    assert failure.get("message") == "C001: " + NASTY.replace("\x00", "\ufffd").replace(
        "\x1b", "\ufffd"
    )
    assert failure.text is not None
    assert "<script>alert(1)</script>" in failure.text and "]]>" in failure.text
    assert failure.text.count("\n") == 0  # one line per finding
    assert cases[1].find("failure") is None  # info: below fail_on, in system-out
    system_out = cases[1].find("system-out")
    assert system_out is not None and system_out.text is not None
    assert "::error::inject" in system_out.text
    abs_failure = cases[3].find("failure")
    assert abs_failure is not None and abs_failure.text is not None
    assert "]]><![CDATA[x]]> & \ufffd\ufffd\x7f\x85" in abs_failure.text
    # Four files have a finding at or above fail_on (warning); the info one passes.
    assert suite.get("failures") == "4" and suite.get("tests") == "5"


def test_junit_layout() -> None:
    span = Span("a.sql", 1, 1, 1, 2, 0, 1)
    findings = (
        Finding("C001", Severity.ERROR, "one", "a.sql", span),
        Finding("S002", Severity.WARNING, "two", "a.sql", span),
        Finding("C001", Severity.ERROR, "three", "a.sql", span),
        Finding("C001", Severity.ERROR, "unlisted file", "z.sql"),
    )
    root = ET.fromstring(junit.render(Report(findings, (DUP,), ("a.sql", "b.sql"))))
    cases = root.findall("testsuite/testcase")
    assert [c.get("name") for c in cases] == ["a.sql", "b.sql", "z.sql"]
    (failure,) = cases[0].findall("failure")  # one element for all of the file's findings
    assert failure.get("message") == "3 findings: C001, S002"
    assert failure.get("type") == "C001,S002"
    assert failure.text == "a.sql:1:1: C001 one\na.sql:1:1: S002 two\na.sql:1:1: C001 three"
    assert cases[1].find("failure") is None
    assert root.get("failures") == "2" and root.get("tests") == "3"
    # Nothing fails without a fail_on; everything is still reported.
    lenient = Report(findings, (DUP,), ("a.sql",), fail_on=None)
    root = ET.fromstring(junit.render(lenient))
    assert root.get("failures") == "0"
    assert root.find("testsuite/testcase/failure") is None
    assert len(root.findall("testsuite/testcase/system-out")) == 2


def test_text_hostile() -> None:
    report = hostile_report()
    out = text.render(report)
    assert "\x1b" not in out and "\x00" not in out and "\r" not in out
    lines = out.splitlines()
    heads = [line for line in lines if re.search(r": (error|warning|info)\[", line)]
    assert len(heads) == len(report.findings)
    # The first finding's message is on one line with its controls shown as pictures.
    assert heads[0].startswith("dir with space/#x %25.sql:2:2: error[C001] bad\u240a::warning")
    assert "\u2400\u241b[31m\u240d\u240a" in heads[0]
    # Its caret sits under columns 2-4 of the source line, after the kept tab.
    source_at = lines.index(heads[0]) + 1
    assert lines[source_at] == "    2 | \tcol <script> naïve 日本 `x`|y ]]>\u2400"
    assert lines[source_at + 1] == "      | \t^^^"
    assert f"a{INJECT}.sql".replace("\n", "\u240a") + ": info[X999] ::error::inject" in out
    assert "bad\ufffd.sql: warning[C001] \ufffdline\ufffdsep\u240bvt\u240cff" in out
    out.encode("utf-8")


# --------------------------------------------------------------------------- properties

ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=40)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(ANY_TEXT, ANY_TEXT), min_size=1, max_size=4))
def test_github_property_one_command_per_finding(items: list[tuple[str, str]]) -> None:
    findings = tuple(
        Finding("C001", Severity.WARNING, message, path, Span(path, 1, 1, 1, 2, 0, 1))
        for message, path in items
    )
    out = github.render(Report(findings, (DUP,), ()))
    lines = out.split("\n")[:-1]
    assert out.endswith("\n")
    assert len(lines) == len(findings) == len(out.splitlines())
    assert all(line.startswith("::warning ") for line in lines)
    out.encode("utf-8")


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(ANY_TEXT, ANY_TEXT, ANY_TEXT), min_size=1, max_size=3))
def test_other_formats_property(items: list[tuple[str, str, str]]) -> None:
    findings = tuple(
        Finding("C001", Severity.ERROR, message, path, Span(path, 1, 1, 1, 2, 0, 1), table=table)
        for message, path, table in items
    )
    report = Report(findings, (DUP,), tuple(dict.fromkeys(p for _, p, _ in items)))
    _check_markdown(markdown.render(report), report)
    ET.fromstring(junit.render(report).encode("utf-8"))
    log = validate_sarif(sarif.render(report))
    for result, (_, path, _) in zip(log["runs"][0]["results"], items, strict=True):
        if not path:  # no file, no location
            assert "locations" not in result
            continue
        uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert _is_uri_reference(uri), uri
    doc = jsonlib.loads(json.render(report))
    assert [f["message"] for f in doc["findings"]] == [m for m, _, _ in items]
    out = text.render(report)
    out.encode("utf-8")
    assert len([line for line in out.splitlines() if "error[C001]" in line]) == len(items)


def _is_uri_reference(uri: str) -> bool:
    """RFC 3986 URI-reference characters only, and every "%" starts an escape."""
    if not re.fullmatch(r"[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*", uri):
        return False
    if re.search(r"%(?![0-9A-Fa-f]{2})", uri):
        return False
    # A relative reference must not look like a scheme (a ":" in its first segment).
    first = uri.split("/", 1)[0]
    return ":" not in first or bool(re.fullmatch(r"[A-Za-z][A-Za-z0-9+.\-]*:.*", uri))
