"""JSON through msgspec (D140, D141): the text is ``json.dumps``'s, byte for byte, for
everything ddlaudit writes; the IR is encoded straight from its dataclasses and decoded
back into them; a command that writes no JSON does not load msgspec."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import typing as t
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer import passes
from analyzer.cli.common import json_item
from analyzer.cli.parse import render_json, render_jsonl
from analyzer.core import Options, analyze_bytes, analyze_paths
from analyzer.ir import (
    SCHEMA_VERSION,
    Column,
    DataType,
    FileResult,
    Severity,
    Span,
    decode,
    document,
    file_dict,
    from_dict,
    to_dict,
)
from analyzer.jsontext import dumps, item

ROOT = Path(__file__).resolve().parent.parent

# What ddlaudit's documents hold: null, booleans, integers, any text (no lone
# surrogates: no UTF-8 writer takes them), arrays and objects with text keys.
SCALARS = st.none() | st.booleans() | st.integers() | st.text()
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_dumps_is_json_dumps(value: t.Any) -> None:
    assert dumps(value) == json.dumps(value, indent=2, ensure_ascii=False)
    assert dumps(value, indent=None) == json.dumps(value, ensure_ascii=False)
    assert dumps(value, indent=None, sort_keys=True) == json.dumps(
        value, ensure_ascii=False, sort_keys=True
    )


@settings(max_examples=100, deadline=None)
@given(JSON, st.integers(0, 4))
def test_item_is_the_indented_json_dumps(value: t.Any, depth: int) -> None:
    pad = "  " * depth
    expected = pad + json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + pad)
    data = json.dumps(value, ensure_ascii=False).encode()
    assert item(data, depth) == expected == json_item(value, depth)


@settings(max_examples=200, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_floats_are_the_same_numbers(value: float) -> None:
    # D141: the shortest repr, as json's; where json writes an exponent, msgspec writes
    # it without "+" and zeros, or (between 1e-5 and 1e-4) the same digits without one
    text = dumps(value)
    assert json.loads(text) == value
    plain = json.dumps(value)
    if "e" not in plain:
        assert text == plain
    else:
        mantissa, exponent = plain.split("e")
        digits = mantissa.replace("-", "").replace(".", "").lstrip("0")
        assert text == f"{mantissa}e{int(exponent)}" or (
            "e" not in text and text.replace("-", "").replace(".", "").lstrip("0") == digits
        )


def test_float_exceptions_as_documented() -> None:
    assert (dumps(1e-07), json.dumps(1e-07)) == ("1e-7", "1e-07")
    assert (dumps(1e16), json.dumps(1e16)) == ("1e16", "1e+16")
    # JSON has no NaN: json.dumps writes an invalid token, msgspec null
    assert [dumps(x) for x in (math.nan, math.inf, -math.inf)] == ["null"] * 3


def test_what_msgspec_refuses_json_writes_as_before() -> None:
    odd = [{"p": "a\udcff.sql"}, {1.5: "x", True: "y", None: "z"}]
    for value in odd:
        assert dumps(value) == json.dumps(value, indent=2, ensure_ascii=False)
        assert json_item(value) == "    " + json.dumps(value, indent=2, ensure_ascii=False).replace(
            "\n", "\n    "
        )
    with pytest.raises(TypeError):
        dumps(object())


def _fixtures() -> list[FileResult]:
    results, _ = analyze_paths([str(ROOT / "fixtures")], Options())
    return results


def test_parse_outputs_are_the_json_dumps_of_the_ir() -> None:
    # every fixture: the json item and the jsonl line msgspec encodes from the IR are the
    # text json.dumps made of to_dict (docs/ir.md), and decode back to the same IR
    results = _fixtures()
    assert len(results) > 200
    for r in results:
        as_dict = file_dict(r)
        assert render_json(r)[0] == json_item(as_dict), r.path
        line = json.dumps({"type": "file", **as_dict}, ensure_ascii=False)
        assert render_jsonl(r)[0] == line, r.path
        assert from_dict(FileResult, json.loads(line)) == r
    text = json.dumps(document(results), ensure_ascii=False)
    assert decode(text.encode()).files == tuple(results)
    assert decode(text).schema_version == SCHEMA_VERSION


def test_a_lone_surrogate_in_a_path_is_written_as_json_did() -> None:
    # a file name read with surrogateescape: msgspec refuses it, json writes it
    path = "caf\udce9.sql"
    r = passes.run(analyze_bytes(path, b"create table t (a int)", Options(dialect="tsql")))
    as_dict = file_dict(r)
    assert as_dict["path"] == path and as_dict["tables"][0]["span"]["file"] == path
    pad = "    "
    expected = pad + json.dumps(as_dict, indent=2, ensure_ascii=False).replace("\n", "\n" + pad)
    assert render_json(r)[0] == expected
    line = json.dumps({"type": "file", **as_dict}, ensure_ascii=False)
    assert render_jsonl(r)[0] == line


def test_to_dict_is_what_json_reads() -> None:
    col = Column("a", 1, DataType("int", "INT", "integer"), True, False, options=(("k", "v"),))
    data = to_dict(col)
    assert data == json.loads(json.dumps(data))
    assert data["options"] == [["k", "v"]] and data["type"]["inner"] is None
    span = Span("a.sql", 1, 1, 1, 2, 0, 1)
    assert to_dict((span, Severity.ERROR)) == [to_dict(span), "error"]


def test_from_dict_names_a_wrong_value() -> None:
    import msgspec

    data = to_dict(Span("a.sql", 1, 1, 1, 2, 0, 1))
    with pytest.raises(msgspec.ValidationError, match=r"\$\.line"):
        from_dict(Span, {**data, "line": "one"})
    with pytest.raises(ValueError, match="severity"):
        from_dict(FileResult, {"path": "a", "dialect": None, "encoding": None,
                               "diagnostics": [{"code": "X", "severity": "fatal",
                                                "message": "m"}]})  # fmt: skip


def _modules(*args: str, tmp_path: Path) -> set[str]:
    probe = (
        "import json, sys\n"
        "from analyzer.cli import main\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-c", probe, *args, "-o", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stat().st_size > 0
    return set(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.parametrize(
    ("args", "loads"),
    [
        (("lint", "fixtures/tsql/seed_tables.sql"), False),
        (("parse", "fixtures/tsql/seed_tables.sql"), False),
        (("parse", "--format", "json", "fixtures/tsql/seed_tables.sql"), True),
        (("lint", "--format", "json", "fixtures/tsql/seed_tables.sql"), True),
    ],
)
def test_msgspec_loads_only_to_write_json(
    args: tuple[str, ...], loads: bool, tmp_path: Path
) -> None:
    assert ("msgspec" in _modules(*args, tmp_path=tmp_path)) is loads
