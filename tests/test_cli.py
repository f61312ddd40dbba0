"""The ddlaudit command line: output formats, stdin, exit codes, diagnostics on stderr."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer import __version__
from analyzer.cli import main
from analyzer.ir import SCHEMA_VERSION, FileResult, from_dict

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _run(*args: str, input: bytes | None = None) -> tuple[int, str, str]:
    runner = CliRunner()
    result = runner.invoke(main, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def test_version() -> None:
    code, out, _ = _run("--version")
    assert code == 0 and __version__ in out


def test_parse_text_summary() -> None:
    code, out, err = _run("parse", str(FIXTURES / "tsql" / "seed_tables.sql"))
    assert code == 0, err
    assert "table dbo.TableA (11 columns)" in out
    assert "[nvarchar](max)" in out


def test_parse_json_is_the_versioned_ir() -> None:
    code, out, _ = _run("parse", "--format", "json", str(FIXTURES / "teradata" / "employee.sql"))
    assert code == 0
    doc = json.loads(out)
    assert doc["schema_version"] == SCHEMA_VERSION
    result = from_dict(FileResult, doc["files"][0])
    employee = result.tables[0]
    assert employee.name.name == "Employee"
    assert [c.name for c in employee.columns][:3] == ["EmpNum", "SupEmpNum", "DeptNum"]


def test_stdin_with_dialect() -> None:
    ddl = b"CREATE TABLE t (a BYTEINT NOT NULL, b NUMBER(10,2));"
    code, out, _ = _run("parse", "-", "--dialect", "teradata", "--format", "json", input=ddl)
    assert code == 0
    (table,) = json.loads(out)["files"][0]["tables"]
    assert [c["type"]["name"] for c in table["columns"]] == ["BYTEINT", "NUMBER"]


def test_broken_statement_exit_1_and_caret_diagnostic() -> None:
    code, out, err = _run("parse", str(FIXTURES / "tsql" / "broken_statement.sql"))
    assert code == 1
    assert "broken_statement.sql:22:1: error[P001]" in err
    assert "^" in err and "expected )" in err
    assert "Traceback" not in err + out
    # The good tables of the same file are still reported.
    assert "table dbo." in out


def test_bad_config_is_a_usage_error(tmp_path: Path) -> None:
    cfg = tmp_path / "bad.toml"
    cfg.write_text('[dialects]\n"*.sql" = "db2"\n', encoding="utf-8")
    code, _, err = _run("parse", "--config", str(cfg), str(FIXTURES / "tsql"))
    assert code == 2
    assert "db2" in err


def test_unknown_dialect_option_is_a_usage_error() -> None:
    code, _, _ = _run("parse", "--dialect", "oracle", str(FIXTURES))
    assert code == 2


def test_missing_path_is_reported_not_raised(tmp_path: Path) -> None:
    code, _, err = _run("parse", str(tmp_path / "nope.sql"))
    assert code == 1
    assert "D005" in err


def test_dialects_lists_every_grammar(tmp_path: Path) -> None:
    code, out, _ = _run("dialects")
    assert code == 0 and "tsql" in out and "teradata" in out
    target = tmp_path / "dialects.txt"
    code, quiet, _ = _run("dialects", "--output", str(target))
    assert code == 0 and quiet == "" and target.read_text(encoding="utf-8") == out


def test_compiled_sqlglot_exits_3_before_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    import analyzer.cli

    monkeypatch.setattr(analyzer.cli, "compiled_sqlglot", lambda: "/x/parser.cpython-311.so")
    code, out, err = _run("parse", str(FIXTURES / "tsql" / "seed_tables.sql"))
    assert code == 3 and out == ""
    assert "sqlglotc" in err and "D1" in err
    code, out, _ = _run("--version")  # --version and --help still answer
    assert code == 0 and __version__ in out
