"""``ddlaudit diff`` on the shapes real histories have (issue 27 item 7): teardown
scripts, drop and create again, two engines' scripts side by side, files moved between
PATHs, paths and types in messages, and M005 only where the engine refuses."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from analyzer.cli import main


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _diff(cwd: Path, *args: str) -> dict[str, Any]:
    old = os.getcwd()
    try:
        os.chdir(cwd)
        out = CliRunner().invoke(main, ["diff", *args, "--format", "json"]).stdout
    finally:
        os.chdir(old)
    return dict(json.loads(out))


def _dirs(tmp: Path, base: dict[str, str], head: dict[str, str]) -> dict[str, Any]:
    _write(tmp / "base", base)
    _write(tmp / "head", head)
    return _diff(tmp, "base", "head")


def _changed(doc: dict[str, Any]) -> list[tuple[str, str]]:
    return sorted((t["status"], t["table"]) for t in doc["tables"])


JOB = "CREATE TABLE job_run (id BIGINT NOT NULL PRIMARY KEY, s VARCHAR(10));\n"


def test_a_teardown_script_beside_the_schema_hides_no_change(tmp_path: Path) -> None:
    drop = "DROP TABLE job_run;\n"
    doc = _dirs(
        tmp_path,
        {
            "schema.sql": JOB,
            "schema-drop.sql": drop,
            "zz-drop.sql": drop,  # after the schema in listing order too
        },
        {
            "schema.sql": JOB.replace("VARCHAR", "NVARCHAR"),
            "schema-drop.sql": drop,
            "zz-drop.sql": drop,
        },
    )
    assert _changed(doc) == [("changed", "job_run")]


def test_drop_then_create_again_is_the_new_definition(tmp_path: Path) -> None:
    up = "CREATE TABLE t (a INT NOT NULL)\nGO\ndrop table t\nGO\nCREATE TABLE t ({cols})\nGO\n"
    doc = _dirs(
        tmp_path,
        {"up.sql": up.format(cols="a INT NOT NULL, b VARCHAR(10) NULL")},
        {"up.sql": up.format(cols="a INT NOT NULL, b VARCHAR(5) NULL, c INT NULL")},
    )
    assert _changed(doc) == [("changed", "t")]
    codes = {f["code"] for f in doc["new_findings"]}
    assert "M002" in codes  # narrowed b: the PR bot is not silent


def test_two_engines_scripts_of_one_table_are_both_compared(tmp_path: Path) -> None:
    base = "CREATE TABLE JOB_RUN (ID BIGINT NOT NULL PRIMARY KEY, STATUS VARCHAR(10) NULL)\n"
    head = base.replace("NULL)", "NULL, EXIT_CODE VARCHAR(20) NULL)")
    doc = _dirs(
        tmp_path,
        {"schema-sqlserver.sql": base + "GO\n", "schema-sybase.sql": base + "go\n"},
        {"schema-sqlserver.sql": head + "GO\n", "schema-sybase.sql": head + "go\n"},
    )
    assert [t["status"] for t in doc["tables"]] == ["changed", "changed"]


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=repo,
        check=True,
        capture_output=True,
    )


def test_a_file_moved_between_paths_is_compared_and_keeps_its_findings(tmp_path: Path) -> None:
    _git(tmp_path, "init", "-q")
    _write(
        tmp_path,
        {
            "old/tables.sql": "CREATE TABLE job (id INT NOT NULL PRIMARY KEY, data IMAGE NULL)\n"
            "GO\nCREATE TABLE note (id INT NULL)\nGO\n",
            "old/other.sql": "CREATE TABLE other (id INT NULL)\nGO\n",
        },
    )
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "one")
    (tmp_path / "new").mkdir()
    _git(tmp_path, "mv", "old/tables.sql", "new/tables.sql")
    _git(tmp_path, "commit", "-qm", "moved")
    doc = _diff(tmp_path, "HEAD~1", "HEAD", "old", "new")
    assert doc["tables"] == []  # moved, unchanged
    assert doc["new_findings"] == [] and doc["fixed_findings"] == []
    text = (tmp_path / "new" / "tables.sql").read_text().replace("IMAGE", "VARBINARY(MAX)")
    (tmp_path / "new" / "tables.sql").write_text(text)
    _git(tmp_path, "commit", "-qam", "edited")
    doc = _diff(tmp_path, "HEAD~2", "HEAD", "old", "new")
    assert _changed(doc) == [("changed", "job")]
    assert [f["code"] for f in doc["fixed_findings"]] == ["T002"]
    assert doc["new_findings"] == []


def test_messages_carry_no_temporary_path_and_types_read_normalised(tmp_path: Path) -> None:
    _git(tmp_path, "init", "-q")
    _write(tmp_path, {"t.sql": "CREATE TABLE a (id INT NOT NULL PRIMARY KEY, n [VARCHAR] (200))\n"})
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "one")
    _write(
        tmp_path,
        {
            "t.sql": "CREATE TABLE a (id INT NOT NULL PRIMARY KEY, n varchar(20), r INT NULL"
            " REFERENCES zz (id))\n"
        },
    )
    _git(tmp_path, "commit", "-qam", "two")
    doc = _diff(tmp_path, "HEAD~1", "HEAD")
    text = json.dumps(doc)
    assert "ddlaudit-diff-" not in text and "/tmp" not in text
    (table,) = doc["tables"]
    n = next(c for c in table["changes"] if c["object"] == "n")
    assert n["before"].startswith("varchar(200)") and n["after"].startswith("varchar(20)")


def test_m005_only_where_the_engine_refuses_the_table(tmp_path: Path) -> None:
    # SQL Server moves variable-length values to row-overflow pages: accepted
    base = "CREATE TABLE w (id int NOT NULL PRIMARY KEY, a varchar(4000) NULL)\nGO\n"
    doc = _dirs(
        tmp_path / "var",
        {"t.sql": base},
        {"t.sql": base.replace("NULL)", "NULL, b varchar(8000) NULL)")},
    )
    assert "M005" not in {f["code"] for f in doc["new_findings"]}
    # a fixed-length minimum row over 8,060 bytes is Msg 1701: refused
    fixed = "CREATE TABLE w (id int NOT NULL PRIMARY KEY, a char(4000) NULL)\nGO\n"
    doc = _dirs(
        tmp_path / "fixed",
        {"t.sql": fixed},
        {"t.sql": fixed.replace("NULL)", "NULL, b char(4100) NULL)")},
    )
    assert "M005" in {f["code"] for f in doc["new_findings"]}


def test_a_table_that_does_not_parse_is_said_not_compared(tmp_path: Path) -> None:
    base = "CREATE TABLE ok (a int)\nGO\nCREATE TABLE bad (a int,, b int)\nGO\n"
    base += "CREATE TABLE half (a int)\nGO\n"
    head = base.replace("b int)", "b int, c int)").replace("half (a int)", "half (a int,, x int)")
    doc = _dirs(tmp_path, {"t.sql": base}, {"t.sql": head})
    assert doc["tables"] == []  # half is not "dropped": its HEAD definition does not parse
    assert doc["summary"]["tables_not_compared"] == 2
    lost = sorted((u["table"], u["side"], u["line"]) for u in doc["not_compared"])
    assert lost == [("bad", "both", 3), ("half", "head", 5)]


def test_a_new_table_that_does_not_parse_is_said_not_compared(tmp_path: Path) -> None:
    # a table only HEAD has, whose CREATE TABLE does not parse (jBPM: id bigint numeric(19,0))
    base = "CREATE TABLE ok (a int)\nGO\n"
    head = base + "CREATE TABLE fresh (id bigint numeric(19,0) NOT NULL)\nGO\n"
    doc = _dirs(tmp_path, {"t.sql": base}, {"t.sql": head})
    assert doc["tables"] == []
    assert [(u["table"], u["side"]) for u in doc["not_compared"]] == [("fresh", "head")]
