"""A file without evidence takes its scope's dialect; one P003 per undecided scope at
most (issue 27 item 4, D167), the same in one process, in the pool and in every command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.core import analyze_paths


def _files(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


ASE = {
    "tables.sql": "create table a (x int not null) lock datarows\ngo\n",
    "grants.sql": "grant select on a to public\n",
    "more.sql": "grant select on a to other\n",
}


def test_files_without_evidence_take_the_scopes_dialect(tmp_path: Path) -> None:
    _files(tmp_path, ASE)
    results, _ = analyze_paths([str(tmp_path)])
    assert {Path(r.path).name: r.dialect for r in results} == {
        "grants.sql": "sybase",
        "more.sql": "sybase",
        "tables.sql": "sybase",
    }
    assert all(d.code != "P003" for r in results for d in r.diagnostics)
    grants = next(r for r in results if r.path.endswith("grants.sql"))
    assert grants.dialect_evidence == ("scope", "the dialect of its scope's other files")


def test_an_undecided_scope_says_p003_once(tmp_path: Path) -> None:
    _files(tmp_path, {"a.sql": "grant select on a to b\n", "b.sql": "grant select on b to c\n"})
    results, _ = analyze_paths([str(tmp_path)])
    assert sum(d.code == "P003" for r in results for d in r.diagnostics) == 1


def _lint_codes(*args: str) -> list[str]:
    result = CliRunner().invoke(main, ["lint", "--format", "json", "--fail-on", "never", *args])
    assert result.exit_code == 0, result.stderr
    return [f["code"] for f in json.loads(result.stdout)["findings"]]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_lint_in_one_process_and_in_the_pool(tmp_path: Path, jobs: str) -> None:
    _files(tmp_path / "ase", ASE)
    _files(tmp_path / "none", {"a.sql": "grant a to b\n", "b.sql": "grant b to c\n"})
    for marker in ("ase", "none"):
        (tmp_path / marker / "ddlaudit.toml").write_text("")
    codes = _lint_codes(str(tmp_path), "-j", jobs)
    assert codes.count("P003") == 1  # the undecided scope, once
    result = CliRunner().invoke(main, ["parse", str(tmp_path / "ase"), "--format", "json"])
    dialects = {Path(f["path"]).name: f["dialect"] for f in json.loads(result.stdout)["files"]}
    assert set(dialects.values()) == {"sybase"}


@pytest.mark.spark
@pytest.mark.parametrize("path", ["one_pass", "two_phase"])
def test_a_scan_settles_the_scope_dialect_as_lint_does(
    spark: object, tmp_path: Path, path: str
) -> None:
    from analyzer.rows import read_order
    from analyzer.spark.scan import Budget, run_scan

    _files(tmp_path / "db", ASE)
    _files(tmp_path / "none", {"a.sql": "grant a to b\n", "b.sql": "grant b to c\n"})
    for marked in ("db", "none"):
        (tmp_path / marked / "ddlaudit.toml").write_text("")
    out = tmp_path / "out"
    budget = Budget(files=0) if path == "two_phase" else None
    paths = [str(tmp_path / "db"), str(tmp_path / "none")]
    run_scan(paths, str(out), progress=False, budget=budget)
    frame = spark.read.parquet(str(out / "files"))  # type: ignore[attr-defined]
    assert "file" in read_order("files")
    dialects = {Path(r[0]).name: r[1] for r in frame.select("file", "dialect").collect()}
    assert {k: v for k, v in dialects.items() if k not in ("a.sql", "b.sql")} == {
        "tables.sql": "sybase",
        "grants.sql": "sybase",
        "more.sql": "sybase",
    }
    findings = spark.read.parquet(str(out / "findings")).collect()  # type: ignore[attr-defined]
    assert [r["file"] for r in findings if r["code"] == "P003"] == [
        str(tmp_path / "none" / "a.sql")
    ]  # the undecided scope says it once
