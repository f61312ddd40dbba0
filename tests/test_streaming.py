"""Streamed outputs (docs/streaming.md): ``--format json`` written file by file is the
document the in-memory run builds, byte for byte; ``--format jsonl`` is one object per
file, in listing order, then a summary; ``--output`` on every command."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import shutil
import typing as t
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.cli.common import json_item, write_document
from analyzer.config import load
from analyzer.core import Options, analyze_paths
from analyzer.ir import document, file_dict

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("sybase", "tsql", "teradata", "replication")


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Fixtures in two marked scopes (one database each) and one unmarked directory."""
    top = tmp_path_factory.mktemp("stream")
    for i, sources in enumerate((SOURCES[:2], SOURCES[2:], SOURCES[:1])):
        db = top / f"db{i}"
        for source in sources:
            shutil.copytree(ROOT / "fixtures" / source, db / source)
        if i < 2:
            (db / "ddlaudit.toml").write_text("# one database\n")
    return top


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_write_document_is_json_dumps() -> None:
    items = [{"a": "x\ny", "b": [1, {"c": None}], "é": []}, {}, [1, 2]]
    for n in range(len(items) + 1):
        out = io.StringIO()
        written = write_document(
            out, {"v": "1", "w": {"x": 1}}, "k", (json_item(i) for i in items[:n])
        )
        expected = json.dumps(
            {"v": "1", "w": {"x": 1}, "k": items[:n]}, indent=2, ensure_ascii=False
        )
        assert (written, out.getvalue()) == (n, expected + "\n")


def test_parse_json_and_text_are_the_in_memory_document(tree: Path, tmp_path: Path) -> None:
    from analyzer.cli.parse import _text

    results, _ = analyze_paths([str(tree)], Options(config=load(None)))
    assert len(results) > 20
    for fmt, expected in (
        ("json", json.dumps(document(results), indent=2, ensure_ascii=False) + "\n"),
        ("text", _text(results) + "\n"),
    ):
        out = tmp_path / f"parse.{fmt}"
        code, _ = run("parse", str(tree), "--format", fmt, "--jobs", "1", "-o", str(out))
        assert code == 1  # the fixtures hold broken statements on purpose
        assert read(out) == expected


def test_parse_jsonl_one_object_per_file_in_listing_order(tree: Path, tmp_path: Path) -> None:
    results, _ = analyze_paths([str(tree)], Options(config=load(None)))
    out = tmp_path / "parse.jsonl"
    run("parse", str(tree), "--format", "jsonl", "-j", "1", "-o", str(out))
    lines = [json.loads(line) for line in read(out).splitlines()]
    assert all("type" in line for line in lines)
    files = [line for line in lines if line["type"] == "file"]
    assert [f["path"] for f in files] == [r.path for r in results]
    assert [{k: v for k, v in f.items() if k != "type"} for f in files] == [
        json.loads(json.dumps(file_dict(r))) for r in results
    ]
    assert lines[-1]["type"] == "summary" and lines[-1]["files"] == len(results)
    assert lines[-1]["errors"] > 0


def test_size_json_csv_text_are_the_in_memory_report(tree: Path, tmp_path: Path) -> None:
    from analyzer import passes
    from analyzer.estimators import estimate_file
    from analyzer.reporters import size as report
    from analyzer.workflow import SIZE, after_parse

    config = load(None)
    results, _ = analyze_paths([str(tree)], Options(config=config))
    results = [passes.run(r, after_parse(SIZE), sizing=config.sizing) for r in results]
    estimates = [e for r in results for e in estimate_file(r, config.sizing)]
    text = io.StringIO()
    report.print_text(results, estimates, True, text)
    expected = {
        "json": json.dumps(report.to_json(results, estimates), indent=2, ensure_ascii=False) + "\n",
        "csv": report.to_csv(estimates),
        "text": text.getvalue(),
    }
    for fmt, want in expected.items():
        out = tmp_path / f"size.{fmt}"
        extra = ["--explain"] if fmt == "text" else []
        run("size", str(tree), "--format", fmt, "-j", "1", "-o", str(out), *extra)
        assert read(out) == want, fmt
    out = tmp_path / "size.jsonl"
    run("size", str(tree), "--format", "jsonl", "-j", "1", "-o", str(out))
    lines = [json.loads(line) for line in read(out).splitlines()]
    assert [x["path"] for x in lines[:-1]] == [r.path for r in results]
    tables = [tb for x in lines[:-1] for tb in x["tables"]]
    assert tables == json.loads(expected["json"])["tables"]
    assert lines[-1]["type"] == "summary"


def _lint_reference(tree: Path) -> tuple[str, object]:
    from analyzer import __version__
    from analyzer.reporters import json as lint_json
    from analyzer.rules.selection import resolve
    from analyzer.workflow import lint

    config = load(None)
    found = lint(
        [str(tree)],
        Options(config=config),
        config.sizing,
        resolve(config.lint),
        root=os.getcwd(),
        tool_version=__version__,
    )
    return lint_json.render(found.report), found


def test_lint_json_is_the_in_memory_report(tree: Path, tmp_path: Path) -> None:
    expected, _ = _lint_reference(tree)
    out = tmp_path / "lint.json"
    code, _ = run("lint", str(tree), "--format", "json", "-j", "1", "-o", str(out))
    assert code == 1
    assert read(out) == expected


def test_lint_jsonl_files_hold_every_finding_of_the_document(tree: Path, tmp_path: Path) -> None:
    expected, found = _lint_reference(tree)
    doc = json.loads(expected)
    out = tmp_path / "lint.jsonl"
    code, _ = run("lint", str(tree), "--format", "jsonl", "-j", "1", "-o", str(out))
    assert code == 1
    lines = [json.loads(line) for line in read(out).splitlines()]
    assert {line["type"] for line in lines} <= {"file", "run", "summary"}
    files = [line["path"] for line in lines if line["type"] == "file"]
    assert files == list(found.report.files)  # type: ignore[attr-defined]
    streamed = [f for line in lines if line["type"] != "summary" for f in line["findings"]]

    def key(f: dict[str, object]) -> str:
        return json.dumps(f, sort_keys=True)

    assert sorted(map(key, streamed)) == sorted(map(key, doc["findings"]))
    assert lines[-1]["type"] == "summary"
    assert {k: lines[-1][k] for k in doc["summary"]} == doc["summary"]
    for line in lines:  # each file's findings in the document's order
        if line["type"] == "file":
            assert all(f["path"] == line["path"] for f in line["findings"])


def test_lint_jsonl_suppressions_and_baseline_per_file(tmp_path: Path) -> None:
    (tmp_path / "a.sql").write_text(
        "CREATE TABLE t (a int NULL) -- ddlaudit: ignore[K001]\nGO\n"
        "CREATE TABLE u (b int NULL)\nGO\n"
    )
    (tmp_path / "b.sql").write_text("CREATE TABLE v (c int NULL)\nGO\n")
    base = tmp_path / "base.json"
    code, _ = run("lint", str(tmp_path / "a.sql"), "--write-baseline", str(base))
    assert code == 0
    out = tmp_path / "out.jsonl"
    run("lint", str(tmp_path), "--format", "jsonl", "--baseline", str(base), "-o", str(out))
    lines = {x.get("path"): x for x in map(json.loads, read(out).splitlines())}
    a, b = lines[str(tmp_path / "a.sql")], lines[str(tmp_path / "b.sql")]
    assert a["findings"] == [] and a["baselined"] > 0 and a["suppressed"] == 1
    assert b["findings"] and b["baselined"] == 0
    assert lines[None]["type"] == "summary"
    assert lines[None]["baselined"] == a["baselined"]


def test_replication_jsonl_and_output(tree: Path, tmp_path: Path) -> None:
    out = tmp_path / "repl.json"
    run("replication", str(tree), "--format", "json", "-o", str(out))
    doc = json.loads(read(out))
    out_l = tmp_path / "repl.jsonl"
    run("replication", str(tree), "--format", "jsonl", "-o", str(out_l))
    lines = [json.loads(line) for line in read(out_l).splitlines()]
    assert all("type" in line for line in lines) and lines[-1]["type"] == "summary"
    tables = [t for line in lines if line["type"] == "file" for t in line["repserver_tables"]]
    assert sorted(map(json.dumps, tables)) == sorted(map(json.dumps, doc["repserver"]["tables"]))
    assert lines[-1]["capacity"] == doc["capacity"]


@pytest.mark.parametrize(
    "command", ["parse", "size", "lint", "replication", "rules", "graph", "diff", "audit"]
)
def test_every_command_takes_output(command: str) -> None:
    code, text = run(command, "--help")
    assert code == 0 and "--output" in text


def test_streamed_output_to_stdout_matches_file(tree: Path, tmp_path: Path) -> None:
    out = tmp_path / "p.jsonl"
    run("parse", str(tree / "db0"), "--format", "jsonl", "-o", str(out))
    _, printed = run("parse", str(tree / "db0"), "--format", "jsonl")
    # CliRunner mixes stderr in: the JSON lines are the lines that parse
    assert [x for x in printed.splitlines() if x.startswith("{")] == read(out).splitlines()


def test_dataclasses_stay_frozen() -> None:
    from analyzer.pool import FileFindings, Job, Sized

    classes: tuple[type, ...] = (FileFindings, Job, Sized)
    for cls in classes:
        assert dataclasses.is_dataclass(cls) and vars(cls)["__dataclass_params__"].frozen
        assert "__slots__" in vars(cls)


def _copies(top: Path, n: int) -> list[tuple[str, str]]:
    from analyzer.scopes import assign

    for i in range(n):
        for source in ("tsql", "sybase"):
            shutil.copytree(ROOT / "fixtures" / source, top / f"db{i}" / source)
        (top / f"db{i}" / "ddlaudit.toml").write_text("# one database\n")
    listed, _ = assign([str(top)], load(None))
    return listed


@pytest.mark.parametrize("command", ["parse", "lint"])
def test_memory_does_not_grow_with_the_repository(tmp_path: Path, command: str) -> None:
    """Traced peak of a streamed run over 2 and over 8 copies of the fixtures: a run that
    kept every file's IR would peak about 4 times higher on 8."""
    import gc
    import tracemalloc

    from analyzer.pool import Job, process

    config = load(None)
    rules: tuple[t.Any, ...] = ()
    if command == "lint":
        from analyzer.rules.selection import resolve

        rules = tuple(resolve(config.lint).enabled_rules)
    job = Job(command, Options(config=config), config.sizing, rules)
    peaks = []
    for n in (2, 8):
        listed = _copies(tmp_path / f"n{n}", n)
        tracemalloc.start()
        live = []
        for _ in process(job, listed, jobs=1):
            # what the run holds as each file comes out, not garbage awaiting the
            # collector (whose thresholds other tests may have raised)
            gc.collect()
            live.append(tracemalloc.get_traced_memory()[0])
        tracemalloc.stop()
        assert len(live) == len(listed)
        peaks.append(max(live))
    assert peaks[1] < 1.5 * peaks[0], peaks
