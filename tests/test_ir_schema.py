"""The JSON Schema of the IR (docs/ir.schema.json, D142): the documented file is what
``python -m analyzer.ir_schema`` generates from the types, and what ``ddlaudit parse``
prints is valid against it."""

from __future__ import annotations

import copy
import json
import typing as t
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from analyzer.cli import main
from analyzer.ir import SCHEMA_VERSION
from analyzer.ir_schema import schema, text

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTED = ROOT / "docs" / "ir.schema.json"
#: Fixture folders that together use every part of the IR.
SOURCES = ("tsql", "teradata", "sybase", "hirdb", "rcl", "replication", "encodings")


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    documented = json.loads(DOCUMENTED.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(documented)
    return Draft202012Validator(documented)


def _parse(*args: str) -> str:
    paths = [str(ROOT / "fixtures" / s) for s in SOURCES]
    result = CliRunner().invoke(main, ["parse", *paths, *args])
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def test_the_documented_schema_is_the_generated_one() -> None:
    # regenerate with: python -m analyzer.ir_schema > docs/ir.schema.json
    assert DOCUMENTED.read_text(encoding="utf-8") == text()


def test_the_schema_is_of_this_version() -> None:
    doc = schema()
    assert doc["properties"]["schema_version"] == {"const": SCHEMA_VERSION}
    assert doc["title"].endswith(SCHEMA_VERSION)
    assert f"schema version {SCHEMA_VERSION}" in (ROOT / "docs" / "ir.md").read_text()


@pytest.fixture(scope="module")
def parsed() -> dict[str, t.Any]:
    doc: dict[str, t.Any] = json.loads(_parse("--format", "json"))
    return doc


def test_parse_json_is_valid(validator: Draft202012Validator, parsed: dict[str, t.Any]) -> None:
    doc = parsed
    assert len(doc["files"]) > 30
    assert [e.message for e in validator.iter_errors(doc)] == []


def test_parse_jsonl_lines_are_valid(validator: Draft202012Validator) -> None:
    defs = validator.schema["$defs"]
    line = Draft202012Validator({"$defs": defs, "$ref": "#/$defs/JsonlLine"})
    lines = [json.loads(x) for x in _parse("--format", "jsonl").splitlines()]
    assert lines[-1]["type"] == "summary" and len(lines) > 30
    for obj in lines:
        assert [e.message for e in line.iter_errors(obj)] == [], obj.get("path")


def _broken(doc: dict[str, t.Any], change: str) -> dict[str, t.Any]:
    doc = copy.deepcopy(doc)
    first = doc["files"][0]
    column = next(f for f in doc["files"] if f["tables"])["tables"][0]["columns"][0]
    if change == "version":
        doc["schema_version"] = "1.4"
    elif change == "position":
        column["position"] = "1"
    elif change == "severity":
        first["diagnostics"] = [{"code": "P001", "severity": "fatal", "message": "m"}]
    elif change == "skipped_by_kind":
        del first["skipped_by_kind"]
    elif change == "required":
        del column["type"]
    elif change == "kind":
        first["tables"] = [
            {**t, "constraints": [{"kind": "primary"}]} for t in first["tables"]
        ] or [{"name": {"name": "t"}, "dialect": "tsql", "columns": [], "constraints": [
            {"kind": "primary"}]}]  # fmt: skip
    return doc


@pytest.mark.parametrize(
    "change", ["version", "position", "severity", "skipped_by_kind", "required", "kind"]
)
def test_the_schema_rejects_a_wrong_document(
    validator: Draft202012Validator, parsed: dict[str, t.Any], change: str
) -> None:
    assert validator.is_valid(parsed)
    assert not validator.is_valid(_broken(parsed, change))
