"""bench/precision.py exports a listed repository from its mirror, lints it and reports
files, tables, findings by severity and code, P003 per scope and every error on a
deploying schema; on a corpus this test writes itself (no network, no real repository)."""

from __future__ import annotations

import dataclasses
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.corpus import ROOT

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


@pytest.fixture(scope="module")
def precision() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "ddlaudit_precision", ROOT / "bench" / "precision.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ddlaudit_precision"] = module
    spec.loader.exec_module(module)
    return module


def _git(*args: str, cwd: Path) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip()


# One T-SQL file: a parent with a key, a child whose foreign key names a column the
# parent lacks (K004, an error), a table without a key (K001, a warning); two files with
# no dialect evidence (read in their scope's dialect since D167: no P003) and a file
# outside the exported paths.
SCHEMA = """create table parent (id int not null, constraint pk_parent primary key (id))
go
create table child (id int not null primary key, pid int not null,
    constraint fk_child foreign key (pid) references parent (nope))
go
create table loose (a int null)
go
"""


@pytest.fixture()
def mirror(tmp_path: Path) -> tuple[Path, str]:
    """A bare mirror ``MIRROR/acme+db/repo`` of a two-commit repository; its head."""
    work = tmp_path / "work"
    (work / "db").mkdir(parents=True)
    _git("init", "-q", cwd=work)
    (work / "db" / "schema.sql").write_text(SCHEMA, encoding="utf-8")
    (work / "db" / "notes.sql").write_text("select 1\n", encoding="utf-8")
    (work / "db" / "more.sql").write_text("select 2\n", encoding="utf-8")
    (work / "other.sql").write_text("create table elsewhere (x int)\n", encoding="utf-8")
    _git("add", ".", cwd=work)
    _git("commit", "-qm", "one", cwd=work)
    head = _git("rev-parse", "HEAD", cwd=work)
    root = tmp_path / "mirror"
    _git("clone", "-q", "--bare", str(work), str(root / "acme+db" / "repo"), cwd=tmp_path)
    return root, head


def _list(tmp_path: Path, commit: str, deploys: str = "yes") -> Path:
    path = tmp_path / "list.toml"
    path.write_text(
        f"""[[repo]]
name = "acme"
repo = "acme/db"
commit = "{commit}"
paths = ["db"]
dialect = "tsql"
deploys = "{deploys}"
note = "test"
""",
        encoding="utf-8",
    )
    return path


def test_report_of_an_exported_repository(
    precision: ModuleType,
    mirror: tuple[Path, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root, head = mirror
    out = tmp_path / "out.json"
    corpus = tmp_path / "corpus"
    argv = ["--list", str(_list(tmp_path, head)), "--corpus", str(corpus)]
    assert precision.main([*argv, "--mirror", str(root), "--json", str(out)]) == 0
    # only the listed paths are exported
    assert (corpus / "acme" / "db" / "schema.sql").is_file()
    assert not (corpus / "acme" / "other.sql").exists()
    text = capsys.readouterr().out
    assert "files 3, tables 3; read as: tsql 3\n" in text
    assert "errors on a deploying schema (1):" in text
    assert "db/schema.sql:4 K004 foreign key fk_child of child references parent.nope" in text
    assert "P003 per scope" not in text
    assert "errors on deploying schemas 1; P003 beyond one per scope 0" in text
    [report] = __import__("json").loads(out.read_text(encoding="utf-8"))
    assert report["by_severity"]["error"] == 1
    assert report["by_code"]["K004"] == 1 and report["by_code"]["K001"] == 1
    assert report["errors"][0]["code"] == "K004"


def test_errors_listed_only_for_deploying_schemas(
    precision: ModuleType, mirror: tuple[Path, str], tmp_path: Path
) -> None:
    root, head = mirror
    [entry] = precision.load_entries(_list(tmp_path, head, deploys="no"))
    target = precision.export(entry, root, tmp_path / "corpus")
    report = precision.run_entry(entry, target, 1, 300.0)
    assert report.by_severity["error"] == 1
    assert report.errors == []


def test_missing_mirror_says_how_to_fetch_it(
    precision: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--list", str(_list(tmp_path, "0" * 40)), "--corpus", str(tmp_path / "c")]
    assert precision.main([*argv, "--mirror", str(tmp_path / "none")]) == 0
    text = capsys.readouterr().out
    assert "not measured: acme/db: no mirror at" in text
    assert "git clone --bare https://github.com/acme/db" in text
    assert "total: 0 of 1 repositories measured" in text


def test_files_read_in_another_dialect_are_counted(
    precision: ModuleType, mirror: tuple[Path, str], tmp_path: Path
) -> None:
    root, head = mirror
    [entry] = precision.load_entries(_list(tmp_path, head))
    ase = dataclasses.replace(entry, dialect="sybase")
    target = precision.export(ase, root, tmp_path / "corpus")
    report = precision.run_entry(ase, target, 1, 300.0)
    assert report.misread() == 3
    assert "read as: tsql 3 (3 not sybase)" in precision.render(report)


def test_bad_deploys_value_is_refused(precision: ModuleType, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="deploys must be yes or no"):
        precision.load_entries(_list(tmp_path, "0" * 40, deploys="maybe"))
