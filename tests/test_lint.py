"""``ddlaudit lint`` end to end: selection, configuration, suppressions, baseline, exit codes.

Formats are tested on their own in tests/test_reporters_lint.py; here the command's
behaviour as a CI or pre-commit user meets it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.cli import main
from analyzer.config import ConfigError, LintSettings, lint_from_mapping
from analyzer.core import Options
from analyzer.rules import catalogue
from analyzer.rules.selection import SelectionError, resolve
from analyzer.rules.suppressions import directives
from analyzer.workflow import _statement_end, lint

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

#: The new user's file of the lint issue: a duplicate column, an FK to a table that is
#: not there, an FK whose type differs from the referenced key, a 134-character name
#: and a text column.
NEW_USER = f"""CREATE TABLE customer (
    id bigint NOT NULL PRIMARY KEY,
    name varchar(40) NULL
)
GO
CREATE TABLE orders (
    id int NOT NULL PRIMARY KEY,
    customer_id int NOT NULL REFERENCES customer (id),
    region_id int NULL REFERENCES region (id),
    note text NULL,
    {"x" * 134} int NULL,
    note varchar(10) NULL
)
GO
"""


def _run(*args: str, input: bytes | None = None, cwd: Path | None = None) -> tuple[int, str, str]:
    runner = CliRunner()
    old = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        result = runner.invoke(main, list(args), input=input)
    finally:
        os.chdir(old)
    return result.exit_code, result.stdout, result.stderr


def _json(*args: str, cwd: Path | None = None) -> tuple[int, dict[str, object]]:
    code, out, err = _run("lint", "--format", "json", *args, cwd=cwd)
    assert code in (0, 1), err
    return code, json.loads(out)


def _codes(doc: dict[str, object]) -> list[str]:
    return [f["code"] for f in doc["findings"]]  # type: ignore[attr-defined,index]


def test_new_user_file_reports_every_problem(tmp_path: Path) -> None:
    (tmp_path / "schema.sql").write_text(NEW_USER)
    code, doc = _json(str(tmp_path / "schema.sql"))
    assert code == 1
    found = set(_codes(doc))
    assert {"C001", "K003", "K005", "N001", "T002"} <= found, found


def test_clean_file_exits_0(tmp_path: Path) -> None:
    (tmp_path / "ok.sql").write_text(
        "CREATE TABLE customer (\n    id int NOT NULL PRIMARY KEY,\n"
        "    name varchar(40) NULL\n)\nGO\n"
    )
    code, out, err = _run("lint", str(tmp_path / "ok.sql"))
    assert code == 0, out + err
    assert "No findings" in out


def test_select_ignore_extend_select(tmp_path: Path) -> None:
    (tmp_path / "schema.sql").write_text(NEW_USER)
    path = str(tmp_path / "schema.sql")
    _, doc = _json(path, "--select", "C001")
    assert set(_codes(doc)) == {"C001"}
    _, doc = _json(path, "--select", "C,T", "--ignore", "T002")
    assert set(_codes(doc)) == {"C001"}
    _, doc = _json(path, "--select", "C001", "--extend-select", "N001")
    assert set(_codes(doc)) == {"C001", "N001"}
    # the more specific selector wins over a prefix ignore
    _, doc = _json(path, "--ignore", "K", "--extend-select", "K005")
    assert "K005" in _codes(doc) and "K003" not in _codes(doc)


def test_unknown_code_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "a.sql").write_text("CREATE TABLE t (a int)\n")
    code, _, err = _run("lint", str(tmp_path / "a.sql"), "--select", "Q999")
    assert code == 2
    assert "Q999" in err


def test_config_lint_table(tmp_path: Path) -> None:
    (tmp_path / "legacy").mkdir()
    (tmp_path / "legacy" / "old.sql").write_text(NEW_USER)
    (tmp_path / "new.sql").write_text(NEW_USER)
    (tmp_path / "ddlaudit.toml").write_text(
        "[lint]\n"
        'extend-select = ["N101"]\n'
        'ignore = ["T002"]\n'
        'severity = { C001 = "info" }\n'
        'per-file-ignores = { "legacy/**" = ["K", "N"] }\n'
        'fail-on = "error"\n'
    )
    _code, doc = _json(".", cwd=tmp_path)
    findings = doc["findings"]
    assert not [f for f in findings if f["code"] == "T002"]  # type: ignore[index]
    assert {f["severity"] for f in findings if f["code"] == "C001"} == {"info"}  # type: ignore[index]
    legacy = [f for f in findings if "legacy" in f["path"]]  # type: ignore[index]
    assert legacy and not [f for f in legacy if f["code"][0] in "KN"]  # type: ignore[index]
    new = [f["code"] for f in findings if "legacy" not in f["path"]]  # type: ignore[index]
    assert "N001" in new
    # the CLI wins over the config
    _, doc = _json(".", "--severity", "C001=error", cwd=tmp_path)
    assert {f["severity"] for f in doc["findings"] if f["code"] == "C001"} == {"error"}  # type: ignore[index,union-attr]


@pytest.mark.parametrize(
    "table, message",
    [
        ({"selekt": ["C"]}, "unknown key(s) selekt"),
        ({"fail-on": "sometimes"}, "fail-on = 'sometimes'"),
        ({"severity": {"C001": "fatal"}}, "C001 = 'fatal'"),
        ({"select": ["C-1"]}, "not a rule code or prefix"),
        ({"per-file-ignores": ["x"]}, "per-file-ignores must be a table"),
    ],
)
def test_bad_lint_config(table: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        lint_from_mapping(table, "ddlaudit.toml")


def test_bad_config_exits_2(tmp_path: Path) -> None:
    (tmp_path / "a.sql").write_text("CREATE TABLE t (a int NOT NULL PRIMARY KEY)\n")
    (tmp_path / "ddlaudit.toml").write_text('[lint]\nselect = ["ZZ9"]\n')
    code, _, err = _run("lint", "a.sql", cwd=tmp_path)
    assert code == 2 and "ZZ9" in err


def test_fail_on(tmp_path: Path) -> None:
    (tmp_path / "a.sql").write_text(NEW_USER)
    assert _run("lint", str(tmp_path / "a.sql"), "--fail-on", "never")[0] == 0
    assert _run("lint", str(tmp_path / "a.sql"), "--select", "T002")[0] == 1  # warning
    assert _run("lint", str(tmp_path / "a.sql"), "--select", "T002", "--fail-on", "error")[0] == 0


# ------------------------------------------------------------------ suppressions


def test_suppression_forms(tmp_path: Path) -> None:
    (tmp_path / "s.sql").write_text(
        "CREATE TABLE a (x int NOT NULL PRIMARY KEY, x int) -- ddlaudit: ignore[C001]\n"
        "GO\n"
        "-- ddlaudit: ignore[C001, T002]\n"
        "CREATE TABLE b (\n"
        "    y int NOT NULL PRIMARY KEY,\n"
        "    y int NULL,\n"
        "    z text NULL\n"
        ")\n"
        "GO\n"
        "CREATE TABLE c (w int NOT NULL PRIMARY KEY, w int) -- ddlaudit: ignore\n"
        "GO\n"
        "CREATE TABLE d (v int NOT NULL PRIMARY KEY, v int)\n"
        "GO\n"
    )
    _, doc = _json(str(tmp_path / "s.sql"))
    lines = [(f["code"], f["line"]) for f in doc["findings"]]  # type: ignore[index,union-attr]
    assert lines == [("C001", 12)], lines
    assert doc["summary"]["suppressed"] == 4  # type: ignore[index]


def test_file_ignore_and_unused_suppressions(tmp_path: Path) -> None:
    (tmp_path / "f.sql").write_text(
        "-- ddlaudit: file-ignore[T002]\n"
        "CREATE TABLE a (x int NOT NULL PRIMARY KEY, n text NULL) -- ddlaudit: ignore[C001]\n"
        "GO\n"
        "CREATE TABLE b (y int NOT NULL PRIMARY KEY) -- ddlaudit: ignore[Q12]\n"
        "GO\n"
    )
    _, doc = _json(str(tmp_path / "f.sql"))
    found = [(f["code"], f["line"], f["column"]) for f in doc["findings"]]  # type: ignore[index,union-attr]
    # T002 hidden by the file-ignore; the line suppression hides nothing; Q12 is no code
    assert found == [("L001", 2, 58), ("L002", 4, 45)], found


def test_unused_suppression_of_a_rule_not_run_is_not_reported(tmp_path: Path) -> None:
    (tmp_path / "f.sql").write_text(
        "CREATE TABLE a (x int NOT NULL PRIMARY KEY) -- ddlaudit: ignore[N101]\nGO\n"
    )
    code, doc = _json(str(tmp_path / "f.sql"))
    assert doc["findings"] == [] and code == 0


def test_statement_suppression_covers_the_next_statement_only() -> None:
    text = "-- ddlaudit: ignore\nCREATE TABLE a (\n  x int,\n  x int)\n;\nCREATE TABLE b (y int)\n"
    (d,) = directives(text, "t.sql", _statement_end(text, "tsql"))
    assert (d.kind, d.first_line, d.last_line) == ("statement", 2, 4)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 5), st.sampled_from(["ignore", "file-ignore", "IGNORE"]))
def test_directives_found_after_any_blank_lines(blank: int, kind: str) -> None:
    text = "\n" * blank + f"CREATE TABLE t (a int) -- ddlaudit: {kind}[C001]\n"
    (d,) = directives(text, "t.sql")
    assert d.codes == ("C001",)
    assert d.span.line == blank + 1
    assert d.kind == ("file" if kind == "file-ignore" else "line")


# ------------------------------------------------------------------ baseline


def test_baseline_survives_lines_inserted_above_and_shows_new_violations(tmp_path: Path) -> None:
    src = tmp_path / "schema.sql"
    src.write_text(NEW_USER)
    base = tmp_path / "baseline.json"
    code, _, err = _run("lint", "schema.sql", "--write-baseline", str(base), cwd=tmp_path)
    assert code == 0 and "recorded" in err
    recorded = json.loads(base.read_text())["findings"]
    assert recorded and all(f["fingerprint"] for f in recorded)
    code, doc = _json("schema.sql", "--baseline", str(base), cwd=tmp_path)
    assert code == 0 and doc["findings"] == [], doc["findings"]
    assert doc["summary"]["baselined"] == len(recorded)  # type: ignore[index]
    # Lines inserted above: nothing resurfaces.
    src.write_text("-- a header\n-- another\nPRINT 'deploying'\nGO\n" + NEW_USER)
    code, doc = _json("schema.sql", "--baseline", str(base), cwd=tmp_path)
    assert doc["findings"] == [], doc["findings"]
    # A new violation of a rule already in the baseline still shows.
    src.write_text(NEW_USER + "CREATE TABLE extra (a int NOT NULL PRIMARY KEY, a int)\nGO\n")
    code, doc = _json("schema.sql", "--baseline", str(base), cwd=tmp_path)
    assert code == 1
    assert [(f["code"], f["table"]) for f in doc["findings"]] == [("C001", "extra")]  # type: ignore[index,union-attr]


def test_baseline_from_config_and_bad_baseline(tmp_path: Path) -> None:
    (tmp_path / "a.sql").write_text(NEW_USER)
    (tmp_path / "ddlaudit.toml").write_text('[lint]\nbaseline = "base.json"\n')
    code, _, err = _run("lint", "a.sql", cwd=tmp_path)
    assert code == 2 and "base.json" in err
    assert _run("lint", "a.sql", "--write-baseline", "base.json", cwd=tmp_path)[0] == 0
    assert _run("lint", "a.sql", cwd=tmp_path)[0] == 0
    (tmp_path / "base.json").write_text("{not json")
    code, _, err = _run("lint", "a.sql", cwd=tmp_path)
    assert code == 2 and "not JSON" in err


# ------------------------------------------------------------------ inputs and outputs


def test_stdin_and_output_file(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    code, stdout, _ = _run(
        "lint", "-", "--dialect", "tsql", "--format", "json", "--output", str(out),
        input=b"CREATE TABLE t (a int NOT NULL PRIMARY KEY, a int)\n",
    )  # fmt: skip
    assert code == 1 and stdout == ""
    doc = json.loads(out.read_text())
    assert [(f["code"], f["path"]) for f in doc["findings"]] == [("C001", "<stdin>")]


def test_text_report_has_caret_and_summary(tmp_path: Path) -> None:
    (tmp_path / "a.sql").write_text("CREATE TABLE t (\n  a int NOT NULL PRIMARY KEY,\n  A int\n)\n")
    code, out, _ = _run("lint", "a.sql", "--no-color", "--dialect", "tsql", cwd=tmp_path)
    assert code == 1
    assert "a.sql:3:3: error[C001]" in out
    assert "    3 |   A int" in out and "|   ^^^^^" in out
    assert "Found 1 finding" in out
    assert "\x1b[" not in out


def test_statistics(tmp_path: Path) -> None:
    (tmp_path / "a.sql").write_text(NEW_USER)
    code, out, _ = _run("lint", "a.sql", "--statistics", cwd=tmp_path)
    assert code == 1
    assert "C001" in out and "findings in 1 files" in out


def test_bad_input_is_a_finding_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "bad.sql").write_text(
        "CREATE TABLE t (a int,\nCREATE TABLE u (b int NOT NULL PRIMARY KEY)\n"
    )
    (tmp_path / "bin.sql").write_bytes(b"\x00\x01\x02\xff" * 20)
    code, out, err = _run("lint", ".", "--format", "json", cwd=tmp_path)
    assert "Traceback" not in out + err
    codes = _codes(json.loads(out))
    assert "P001" in codes and "D002" in codes and code == 1


def test_each_marked_directory_is_a_scope(tmp_path: Path) -> None:
    for env in ("prod", "test"):
        (tmp_path / env).mkdir()
        (tmp_path / env / "t.sql").write_text("CREATE TABLE t (a int NOT NULL PRIMARY KEY)\nGO\n")
    # the PATHs passed together are one database (D167): one C002 for the pair of files
    _, doc = _json("prod", "test", cwd=tmp_path)
    assert _codes(doc).count("C002") == 1
    _, doc = _json(".", cwd=tmp_path)
    assert _codes(doc).count("C002") == 1
    for env in ("prod", "test"):
        (tmp_path / env / "ddlaudit.toml").write_text("")
    _, doc = _json("prod", "test", cwd=tmp_path)
    assert "C002" not in _codes(doc)


def test_lint_over_the_bundled_fixtures_never_crashes() -> None:
    # fixtures/rules/ holds the rule fixtures, P900's deliberate crash among them
    dirs = [str(d) for d in sorted(FIXTURES.iterdir()) if d.is_dir() and d.name != "rules"]
    code, out, err = _run("lint", *dirs, "--format", "json", "--select", "ALL")
    assert code == 1, err
    doc = json.loads(out)
    assert not [f for f in doc["findings"] if f["code"] in ("D900", "P900")], doc["findings"]


# ------------------------------------------------------------------ rules command


def test_rules_command() -> None:
    code, out, _ = _run("rules")
    assert code == 0 and "C001  duplicate-column" in out
    code, out, _ = _run("rules", "c001")
    assert code == 0 and "What it does:" in out and "Fix:" in out
    code, out, _ = _run("rules", "--format", "json")
    rules = json.loads(out)["rules"]
    assert [r["code"] for r in rules] == [r.code for r in catalogue()]
    code, _, err = _run("rules", "X999")
    assert code == 2 and "X999" in err


def test_selection_unit() -> None:
    s = resolve(LintSettings())
    assert "C001" in s.enabled and not any(
        r.code in s.enabled for r in catalogue() if not r.enabled_by_default
    )
    assert resolve(LintSettings(select=("ALL",))).enabled == {r.code for r in catalogue()}
    with pytest.raises(SelectionError, match="Q1"):
        resolve(LintSettings(ignore=("Q1",)))


def test_workflow_lint_api(tmp_path: Path) -> None:
    (tmp_path / "a.sql").write_text(NEW_USER)
    run = lint([str(tmp_path)], Options(), Options().config.sizing, resolve(LintSettings()))
    assert run.report.failed
    assert all(f.fingerprint for f in run.report.findings)
    assert len({f.fingerprint for f in run.findings}) == len(run.findings)


def test_context_resolves_references_without_reporting_them(tmp_path: Path) -> None:
    (tmp_path / "customer.sql").write_text(
        "CREATE TABLE customer (id int NOT NULL PRIMARY KEY, a int, a int)\nGO\n"
    )
    (tmp_path / "orders.sql").write_text(
        "CREATE TABLE orders (\n    id int NOT NULL PRIMARY KEY,\n"
        "    customer_id int NOT NULL REFERENCES customer (id)\n)\nGO\n"
    )
    _, doc = _json("orders.sql", cwd=tmp_path)
    assert _codes(doc) == ["K003"]  # alone, the referenced table is missing
    code, doc = _json("orders.sql", "--context", ".", cwd=tmp_path)
    assert code == 0 and doc["findings"] == []  # customer.sql's C001 is not reported
    assert doc["summary"]["files"] == 1  # type: ignore[index]


def test_pre_commit_manifest_is_valid(tmp_path: Path) -> None:
    import shutil
    import subprocess
    import sys

    manifest = Path(__file__).resolve().parent.parent / ".pre-commit-hooks.yaml"
    exe = shutil.which("pre-commit") or str(Path(sys.executable).with_name("pre-commit"))
    done = subprocess.run(
        [exe, "validate-manifest", str(manifest)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    import yaml

    (hook,) = yaml.safe_load(manifest.read_text())
    assert hook["id"] == "ddlaudit-lint" and hook["entry"].startswith("ddlaudit lint")
    # a manifest that is wrong must fail the same check (the test can fail)
    broken = tmp_path / "broken-hooks.yaml"
    broken.write_text("- id: x\n  entry: y\n")
    bad = subprocess.run([exe, "validate-manifest", str(broken)], capture_output=True, check=False)
    assert bad.returncode != 0


def test_sarif_from_the_command_validates(tmp_path: Path) -> None:
    from tests.sarif_schema import validate_sarif

    for name in ("a.sql", "b.sql"):
        (tmp_path / name).write_text(NEW_USER)
    (tmp_path / "ddlaudit.toml").write_text('[lint]\ndocs-url = "https://docs.example.com/rules"\n')
    code, out, err = _run("lint", ".", "--format", "sarif", cwd=tmp_path)
    assert code == 1, err
    log = validate_sarif(out)
    run = log["runs"][0]
    rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
    assert rules["C001"]["helpUri"] == "https://docs.example.com/rules/C001.md"
    dup = [r for r in run["results"] if r["ruleId"] == "C002"]
    assert dup and dup[0]["relatedLocations"][0]["physicalLocation"]["artifactLocation"] == {
        "uri": "a.sql",
        "uriBaseId": "%SRCROOT%",
    }
    assert all(r["partialFingerprints"]["ddlaudit/v1"] for r in run["results"])


# ------------------------------------------------------------------ rules no input reaches


def test_unreachable_rules_are_reported_when_forced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """D900, P004, P006, S003 have no failing fixture (tests/test_rule_fixtures.py): force them."""
    import dataclasses as dc

    import analyzer.core
    from analyzer.rules import schema

    (tmp_path / "a.sql").write_text("CREATE TABLE t (a int NOT NULL PRIMARY KEY)\n")
    sizing = Options().config.sizing

    def boom(ctx: object) -> list[object]:
        raise RuntimeError("kaboom")

    broken = dc.replace(schema.DUPLICATE_COLUMN, check=boom)
    rules = tuple(broken if r.code == "C001" else r for r in catalogue())
    selection = resolve(LintSettings(select=("C001", "D900")), rules=rules)
    run = lint([str(tmp_path)], Options(), sizing, selection)
    (f,) = run.report.findings
    assert f.code == "D900" and "C001" in f.message and "kaboom" in f.message

    run = lint(
        [str(tmp_path)], Options(dialect="db2"), sizing, resolve(LintSettings(select=("P",)))
    )
    assert [f.code for f in run.report.findings] == ["P004"]

    odd = dc.replace(sizing, platform="oracle")
    run = lint([str(tmp_path)], Options(), odd, resolve(LintSettings(select=("S003",))))
    assert [f.code for f in run.report.findings] == ["S003"]

    monkeypatch.setattr(analyzer.core, "compiled_sqlglot", lambda: "/x/parser.so")
    run = lint([str(tmp_path)], Options(), sizing, resolve(LintSettings(select=("P",))))
    assert [f.code for f in run.report.findings] == ["P006"]


HOSTILE = (
    "CREATE TABLE [evil\n::warning file=x.sql,line=1::pwned] (\n"
    "    a int NOT NULL PRIMARY KEY,\n"
    "    [b|c <script>alert(1)</script>] int,\n"
    "    [b|c <script>alert(1)</script>] int,\n"
    "    [d%0A]]>\x01] int,\n"
    "    [d%0A]]>\x01] int\n"
    ")\nGO\n"
)


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github", "markdown", "junit"])
def test_hostile_names_from_the_ddl_cannot_break_any_format(tmp_path: Path, fmt: str) -> None:
    import xml.etree.ElementTree as ET

    from tests.sarif_schema import validate_sarif

    (tmp_path / "evil.sql").write_text(HOSTILE, encoding="utf-8")
    code, out, err = _run(
        "lint", "evil.sql", "--dialect", "tsql", "--format", fmt, "--select", "C001", cwd=tmp_path
    )
    assert code == 1, err
    if fmt == "github":
        lines = out.splitlines()
        assert len(lines) == 2 and all(line.startswith("::error ") for line in lines)
        assert not any("\n::warning" in line for line in lines)
    elif fmt == "markdown":
        assert "<script" not in out
        rows = [line for line in out.splitlines() if line.startswith("| C001")]
        assert rows and all(row.count(" | ") == rows[0].count(" | ") for row in rows)
    elif fmt == "sarif":
        log = validate_sarif(out)
        assert len(log["runs"][0]["results"]) == 2
    elif fmt == "json":
        assert len(json.loads(out)["findings"]) == 2
    elif fmt == "junit":
        root = ET.fromstring(out)
        assert root.find(".//failure") is not None
    else:
        assert out.count("error[C001]") == 2


def test_scan_rejects_a_bad_lint_table_before_spark(tmp_path: Path) -> None:
    (tmp_path / "a.sql").write_text("CREATE TABLE t (a int NOT NULL PRIMARY KEY)\n")
    (tmp_path / "ddlaudit.toml").write_text('[lint]\nignore = ["Q42"]\n')
    code, _, err = _run("scan", "a.sql", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert code == 2 and "Q42" in err
    assert not (tmp_path / "out").exists()
