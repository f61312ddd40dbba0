"""Start-up: what a one-file run imports (docs/architecture.md, "Start-up"; D108).

Each check runs the command in a new interpreter and lists ``sys.modules`` at the end:
what a command imports is what its start-up costs, and a module-level import added in
the wrong place shows here whatever the machine's speed.  Nothing is timed
(``bench/startup.py`` measures the seconds).
"""

from __future__ import annotations

import json
import subprocess
import sys
import typing as t
from pathlib import Path

import pytest

import grammars

ROOT = Path(__file__).resolve().parent.parent
TSQL = "fixtures/tsql/seed_tables.sql"
TERADATA = "fixtures/teradata/employee.sql"
ASE = "fixtures/sybase/pubs2_install.sql"

#: Runs the CLI in this interpreter, then prints the exit code and the modules imported.
PROBE = """
import json, sys
from analyzer.cli import main
code = 0
try:
    main(sys.argv[1:])
except SystemExit as stop:
    code = stop.code
from grammars.profile import compiled, literals
analysed = literals.cache_info().currsize + compiled.cache_info().currsize
print(json.dumps({"code": code, "modules": sorted(sys.modules), "analysed": analysed}))
"""

#: Imported only by the commands and outputs that need them.
HEAVY = ("rich", "networkx", "jinja2", "matplotlib", "pyspark", "yaml")

OTHER_GRAMMARS = {
    "tsql": ("grammars.teradata", "grammars.hirdb", "grammars.sybase"),
    "teradata": ("grammars.tsql", "grammars.hirdb", "grammars.sybase"),
}


def _probe(*args: str, tmp_path: Path) -> dict[str, t.Any]:
    out = tmp_path / "out.txt"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args, "--output", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report: dict[str, t.Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["code"] in (0, 1), done.stderr[-2000:]
    assert out.stat().st_size > 0  # the command did its work
    return report


def _modules(*args: str, tmp_path: Path) -> set[str]:
    return set(_probe(*args, tmp_path=tmp_path)["modules"])


def _loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


@pytest.mark.parametrize(
    ("command", "path", "dialect"),
    [
        (("parse",), TSQL, "tsql"),
        (("lint", "--format", "json"), TSQL, "tsql"),
        (("size", "--format", "json"), TSQL, "tsql"),
        (("parse",), TERADATA, "teradata"),
        (("size",), TERADATA, "teradata"),  # plain text made without rich (D134)
        (("size",), TSQL, "tsql"),
    ],
)
def test_a_one_file_run_loads_its_dialect_only(
    command: tuple[str, ...], path: str, dialect: str, tmp_path: Path
) -> None:
    modules = _modules(*command, path, tmp_path=tmp_path)
    assert f"grammars.{dialect}" in modules  # the probe sees what the run imported
    assert _loaded(modules, OTHER_GRAMMARS[dialect]) == []
    sqlglot_dialects = {m for m in modules if m.startswith("sqlglot.dialects.")}
    assert sqlglot_dialects == {"sqlglot.dialects.dialect", f"sqlglot.dialects.{dialect}"}
    assert _loaded(modules, HEAVY) == []


def test_a_one_file_lint_loads_no_diff(tmp_path: Path) -> None:
    # the catalogue holds the M rules; their diff model loads when ddlaudit diff runs them
    modules = _modules("lint", "--format", "json", TSQL, tmp_path=tmp_path)
    assert "analyzer.rules.migration" in modules
    assert _loaded(modules, ("analyzer.diff",)) == []


def test_a_lint_that_replicates_nothing_loads_no_replication_estimator(tmp_path: Path) -> None:
    # replicated.py tells there is nothing to size before any estimator is imported
    modules = _modules("lint", "--format", "json", TERADATA, tmp_path=tmp_path)
    assert "analyzer.estimators.replicated" in modules
    estimators = ("repserver", "mssql_replication", "sql_remote")
    assert _loaded(modules, tuple(f"analyzer.estimators.{e}" for e in estimators)) == []


def test_a_text_lint_makes_no_fingerprint(tmp_path: Path) -> None:
    # the ASE fixture has findings: only a report that shows fingerprints makes them (D187)
    text = _modules("lint", ASE, tmp_path=tmp_path)
    assert "analyzer.rules.engine" in text and "hashlib" not in text
    assert "hashlib" in _modules("lint", "--format", "json", ASE, tmp_path=tmp_path)


def test_a_forced_dialect_analyses_no_evidence(tmp_path: Path) -> None:
    forced = _probe("parse", "--dialect", "tsql", TSQL, tmp_path=tmp_path)
    assert "grammars.tsql" in forced["modules"] and forced["analysed"] == 0
    assert _probe("parse", TSQL, tmp_path=tmp_path)["analysed"] > 0  # detection does


def test_the_command_line_alone_imports_no_parser() -> None:
    # --help, rules, dialects' option checks: the CLI group and the dialect names come
    # from the profiles; sqlglot and every grammar load when a command reads a file.
    code = "import sys, analyzer.cli; print(' '.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    modules = set(done.stdout.split())
    assert "analyzer.cli.common" in modules and "grammars.profile" in modules
    assert _loaded(modules, ("sqlglot", "grammars.base", *HEAVY)) == []


def test_detection_compiles_only_the_patterns_a_file_can_match() -> None:
    code = (
        "import grammars.profile as p; from analyzer.detect import detect; "
        f"detect(open({TSQL!r}, encoding='utf-8').read()); "
        "print(p.compiled.cache_info().currsize)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    every = sum(len(p.evidence) for p in grammars.profile_registry().values())
    assert 0 < int(done.stdout) < every // 2


def test_every_grammar_is_built_from_its_profile() -> None:
    assert tuple(grammars.registry()) == grammars.names()
    for name in grammars.names():
        grammar, profile = grammars.get(name), grammars.get_profile(name)
        assert grammar.evidence is profile.evidence
        assert (grammar.name, grammar.description, grammar.batch_separator) == (
            profile.name,
            profile.description,
            profile.batch_separator,
        )
    with pytest.raises(KeyError, match="known: hirdb"):
        grammars.get("oracle")


def test_the_literals_table_is_up_to_date() -> None:
    # Detection reads every pattern's literals from the table (D109); a pattern missing
    # there is analysed at run time, slower but right.  Rewrite: python -m grammars.profiles
    from grammars.profile import analyse
    from grammars.profiles._literals import LITERALS

    sources = {ev.source for p in grammars.profile_registry().values() for ev in p.evidence}
    assert set(LITERALS) == sources, "out of date: python -m grammars.profiles"
    for source, known in LITERALS.items():
        assert known == analyse(source), f"{source!r}: python -m grammars.profiles"


def test_a_grammar_import_pauses_the_collector_and_freezes_what_it_made() -> None:
    # D133: the collector is as the caller left it, and what the import made is frozen
    code = (
        "import gc, grammars\n"
        "before = gc.get_freeze_count()\n"
        "grammars.get('tsql')\n"
        "enabled = gc.isenabled()\n"
        "gc.disable()\n"
        "grammars.get('teradata')\n"
        "print(before, enabled, gc.isenabled(), gc.get_freeze_count() > 10_000)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["0", "True", "False", "True"]
