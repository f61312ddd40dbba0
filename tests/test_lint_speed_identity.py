"""The lint's shortcuts give what the plain computations give (docs/lint-speed.md, D122).

Each fast path is compared with the computation it replaces, on the bundled fixtures and
on cases built to reach its edges.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from analyzer import findings
from analyzer.config import LintSettings
from analyzer.core import Options, analyze_bytes, analyze_paths
from analyzer.estimators import ase, hirdb, sql_remote
from analyzer.ir import FileResult
from analyzer.rules.engine import scope_context
from analyzer.rules.selection import resolve
from analyzer.settings import HirdbSettings, ReplicationSettings, SizingSettings, from_mapping
from analyzer.workflow import lint, path_reporter
from tests.test_estimator_speed_identity import generated, sized
from tests.test_passes_speed_identity import SETTINGS as PASS_SETTINGS

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _relpath_reported(path: str, root: str, cwd: str | None = None) -> str:
    """The fingerprint path as :func:`analyzer.workflow.reported_path` computed it before
    D122: both paths made absolute for every file, then ``os.path.relpath``."""
    if path.startswith("<"):
        return path
    absolute = os.path.abspath(path if cwd is None else os.path.join(cwd, path))
    base = os.path.abspath(root if cwd is None else os.path.join(cwd, root))
    if absolute == base or absolute.startswith(base.rstrip(os.sep) + os.sep):
        return os.path.relpath(absolute, base).replace(os.sep, "/")
    return path.replace(os.sep, "/")


PATHS = [
    "a.sql",
    "./a.sql",
    "d/e/../f.sql",
    "d//e/./f.sql",
    "../sibling/x.sql",
    "fixtures",
    ".",
    "..",
    "/",
    "/etc/x.sql",
    "/tmp",
    "/tmp/",
    "/tmp/a/b.sql",
    "/tmpx/a.sql",
    "<stdin>",
    "<input>",
    os.getcwd(),
    os.getcwd() + "/x/y.sql",
    os.getcwd() + "x.sql",
]
ROOTS = [".", "./", "..", "/", "/tmp", "/tmp/", "fixtures", "d/e/..", os.getcwd()]


@pytest.mark.parametrize("root", ROOTS)
@pytest.mark.parametrize("cwd", [None, "/tmp", "/tmp/a/", "/"])
def test_path_reporter_is_relpath(root: str, cwd: str | None) -> None:
    reported = path_reporter(root, cwd)
    for path in PATHS:
        assert reported(path) == _relpath_reported(path, root, cwd), (path, root, cwd)


def test_path_reporter_reports_relative_and_outside_paths() -> None:
    """The comparison above can fail: the three outcomes are all reached."""
    reported = path_reporter("/tmp")
    assert reported("/tmp/a/b.sql") == "a/b.sql"
    assert reported("/tmp") == "."
    assert reported("/tmpx/a.sql") == "/tmpx/a.sql"


def _results(paths: list[str]) -> list[FileResult]:
    results, _ = analyze_paths(paths, Options())
    return results


def _sql_remote_inputs() -> list[list[str]]:
    """Each fixture with a SQL Remote publication, alone, then every one in one scope."""
    found = sorted(
        str(p)
        for p in FIXTURES.rglob("*.sql")
        if "publication" in p.read_text(encoding="utf-8", errors="replace").lower()
    )
    return [[p] for p in found] + [found]


def test_sql_remote_checks_are_the_article_logs_without_volumes() -> None:
    """What the lint's findings read of SQL Remote articles (:func:`sql_remote.checks`) is
    what :func:`sql_remote.publications` gives, article for article; the findings too."""
    sizing = SizingSettings()
    compared = problems = 0
    for paths in _sql_remote_inputs():
        results = _results(paths)
        logs = sql_remote.publications(results, sizing)
        fast = sql_remote.checks(results)
        assert [(a.path, a.publication, a.kind, a.table, a.subscription, a.span) for a in logs] == [
            (c.path, c.publication, c.kind, c.table, c.subscription, c.span) for c in fast
        ]
        assert findings.replication_findings(
            results, sizing, logs=fast
        ) == findings.replication_findings(results, sizing, logs=logs)
        compared += len(fast)
        problems += sum(
            c.subscription is not None and c.subscription.problem is not None for c in fast
        )
    assert compared > 5 and problems > 0  # articles, some with a subscription-column problem


def _ase_sizing(lock: str, page_size: int, rows: int | None, fill: float | None) -> SizingSettings:
    base = SizingSettings(platform="ase", rows=rows, fill=fill)
    return dataclasses.replace(
        base, ase=dataclasses.replace(base.ase, lock_scheme=lock, page_size=page_size)
    )


@pytest.fixture(scope="module")
def fixture_files() -> list[Path]:
    return sorted(FIXTURES.rglob("*.sql"))


@pytest.mark.parametrize("lock", ["allpages", "datarows"])
@pytest.mark.parametrize(("page_size", "rows", "fill"), [(2048, None, None), (8192, 40_000, 0.5)])
def test_ase_figures_only_is_the_full_estimate(
    fixture_files: list[Path], lock: str, page_size: int, rows: int | None, fill: float | None
) -> None:
    """Every fixture table sized as ASE (the lock scheme of the run, or the table's own),
    at declared maximums or half full, with or without a row count: the figures-only
    estimate is the full one without its two row worksheets."""
    sizing = _ase_sizing(lock, page_size, rows, fill)
    tables = [t for p in fixture_files for t in sized(p, sizing).tables if t.columns]
    assert len(tables) > 300
    shapes = set()
    for table in tables:
        full = ase.estimate(table, "t.sql", sizing)
        fast = ase.estimate(table, "t.sql", sizing, explain=False)
        assert [w.title.endswith("data row") for w in full.worksheets[:2]] == [True, False]
        assert fast == dataclasses.replace(full, worksheets=full.worksheets[2:])
        variable = any(
            c.storage is not None and c.storage.category not in ("fixed", "bit")
            for c in table.columns
        )
        shapes.add((ase.lock_scheme(table, sizing.ase), variable))
    # both lock schemes met (a table's own overrides the run's), variable-length rows too
    assert {lk for lk, _ in shapes} >= {"allpages", "datarows"} and {v for _, v in shapes} == {
        True,
        False,
    }


@pytest.mark.parametrize(
    "hs",
    [
        HirdbSettings(),
        HirdbSettings(page_length=4096, rdareas=(("RU01", 8192, 50),), segment_round=False),
    ],
    ids=["default", "small-pages"],
)
@pytest.mark.parametrize(("rows", "fill"), [(None, None), (250_000, 0.5)])
def test_hirdb_figures_only_is_the_full_estimate(
    fixture_files: list[Path], hs: HirdbSettings, rows: int | None, fill: float | None
) -> None:
    """Every fixture table sized as HiRDB, plus generated HiRDB tables (RDAREAs, FIX,
    branching columns): the figures-only estimate is the full one without its two
    row-length worksheets."""
    sizing = SizingSettings(platform="hirdb", rows=rows, fill=fill, hirdb=hs)
    files = [sized(p, sizing) for p in fixture_files]
    files += [generated("hirdb", seed, 12, sizing) for seed in (3, 4)]
    tables = [t for r in files for t in r.tables if t.columns]
    assert len(tables) > 300
    differ = 0
    for table in tables:
        full = hirdb.estimate(table, "t.sql", sizing)
        fast = hirdb.estimate(table, "t.sql", sizing, explain=False)
        assert [w.title for w in full.worksheets[:2]] == [
            "row length",
            "row length at declared maximums",
        ]
        assert fast == dataclasses.replace(full, worksheets=full.worksheets[2:])
        differ += full.row_bytes != full.max_row_bytes
    # half full, rows are below their declared maximums: the two sums differ
    assert differ > 10 if fill else differ == 0


# ------------------------------------------------------------------ round 3 (D127)


@pytest.fixture(scope="module")
def linted_scopes() -> list[tuple[str, list[FileResult]]]:
    """Every scope of a lint of the fixtures, its files as the scope step sees them."""
    run = lint([str(FIXTURES)], Options(), SizingSettings(), resolve(LintSettings()))
    by_scope: dict[str, list[FileResult]] = {}
    for checked in run.checked:
        by_scope.setdefault(checked.scope, []).append(checked.result)
    return sorted(by_scope.items())


def _graph_inputs(linted: list[tuple[str, list[FileResult]]]) -> list[list[FileResult]]:
    """The fixtures' scopes, each fixture file alone, and small cases at the edges: a
    foreign key to itself, an ``sp_foreignkey`` only (no declared key), a cycle."""
    cases = [
        b"CREATE TABLE emp (id int PRIMARY KEY, boss int REFERENCES emp)",
        b"CREATE TABLE a (id int PRIMARY KEY)\nCREATE TABLE b (id int, a int)\n"
        b"EXEC sp_foreignkey b, a, a\n",
        b"CREATE TABLE a (id int PRIMARY KEY, b int REFERENCES b)\n"
        b"CREATE TABLE b (id int PRIMARY KEY, a int REFERENCES a)\n",
    ]
    out = [results for _, results in linted]
    out += [[r] for _, results in linted for r in results]
    out += [
        [analyze_bytes(f"case{i}.sql", text, Options(dialect="sybase"))]
        for i, text in enumerate(cases)
    ]
    return out


def test_graph_rules_without_declared_foreign_keys_find_nothing(
    linted_scopes: list[tuple[str, list[FileResult]]],
) -> None:
    """G001 and G002 skip the schema graph of a scope that declares no foreign key: on
    every such scope the graph has neither a cycle nor a self-reference, and on every
    scope the rules give what the graph gives."""
    from analyzer.graph import foreign_key_cycles, self_references
    from analyzer.graph.index import schema_index
    from analyzer.rules import graph

    seen = {True: 0, False: 0}
    found = 0
    for results in _graph_inputs(linted_scopes):
        ctx = scope_context("s", results)
        schema = schema_index(results, ctx.lookup)
        cycles, loops = foreign_key_cycles(schema), self_references(schema)
        declares = graph.declares_foreign_keys(ctx)
        seen[declares] += 1
        if not declares:
            assert cycles == () and loops == ()
        got = list(graph.foreign_key_cycle(ctx)) + list(graph.self_referencing_foreign_key(ctx))
        assert len(got) == len(cycles) + len(loops)
        found += len(got)
    assert seen[True] > 5 and seen[False] > 50 and found > 2


def _messages_inputs(linted: list[tuple[str, list[FileResult]]]) -> list[list[FileResult]]:
    """Every scope that replicates a table, and the replication fixtures' files alone."""
    from analyzer.estimators.repserver import replicated_tables

    out = [results for _, results in linted if replicated_tables(results)]
    out += [[r] for results in list(out) for r in results if replicated_tables([r])]
    return out


@pytest.mark.parametrize("with_workload", [False, True])
def test_update_messages_only_are_the_full_messages(
    linted_scopes: list[tuple[str, list[FileResult]]], with_workload: bool
) -> None:
    """The lint's message sizes (``updates_only``, the replicated tables worked out once)
    are the full ones (sites set through ``_with_receivers``) with the update messages
    only; the findings from either are the same."""
    from analyzer.estimators import repserver
    from analyzer.workload import load

    workload = None
    if with_workload:
        workload, _ = load(str(FIXTURES / "replication" / "workload.yaml"))
    sizing = SizingSettings()
    tables = findings_seen = 0
    for results in _messages_inputs(linted_scopes):
        full = repserver.messages(results, sizing, workload, explain=False)
        fast = repserver.messages(
            results,
            sizing,
            workload,
            explain=False,
            updates_only=True,
            replicated=repserver.replicated_tables(results),
        )
        assert len(full.tables) == len(fast.tables)
        for f, q in zip(full.tables, fast.tables, strict=True):
            assert [m.operation for m in f.messages] == ["insert", "delete", "delete"] + [
                "update"
            ] * 3
            assert q == dataclasses.replace(f, messages=f.messages[4:])
        assert fast.functions == full.functions and fast.transaction == full.transaction
        got = findings.replication_findings(results, sizing, fast)
        assert got == findings.replication_findings(results, sizing, full)
        tables += len(fast.tables)
        findings_seen += sum(f.name == "minimal-columns-not-used" for f in got)
    assert tables > 50 and findings_seen > 0


def test_transaction_messages_cached_are_built_afresh() -> None:
    from analyzer.estimators import repserver

    for sizing in (
        SizingSettings(),
        SizingSettings(replication=ReplicationSettings(begin_bytes=1)),
    ):
        assert repserver.transaction_messages(sizing) == repserver._transaction.__wrapped__(
            sizing.replication
        )


def test_key_rules_sharing_a_scope_s_references_find_what_each_finds_alone(
    linted_scopes: list[tuple[str, list[FileResult]]],
) -> None:
    """K003-K006 walk one list of the scope's foreign keys (made by the first, kept in the
    context): the same findings as each rule on a context of its own."""
    from analyzer.rules import keys

    checks = (
        keys.foreign_key_missing_table,
        keys.foreign_key_missing_column,
        keys.foreign_key_type_mismatch,
        keys.foreign_key_not_unique_target,
    )
    found = 0
    for results in _graph_inputs(linted_scopes):
        shared = scope_context("s", results)
        together = [f for check in checks for f in check(shared)]
        alone = [f for check in checks for f in check(scope_context("s", results))]
        assert together == alone
        found += len(together)
    assert found > 20


# the settings that change what a column costs on each platform (the whole set is
# tests/test_passes_speed_identity.py's, for the per-file memo)
@pytest.mark.parametrize(
    "name", ["default", "fill", "aligned-unicode", "number-bytes", "ase-mssql", "hirdb-fill"]
)
@pytest.mark.parametrize("averages", [False, True])
def test_data_length_with_the_run_s_memo_is_data_length_per_file(name: str, averages: bool) -> None:
    """The lint's data-length pass shares its answers between the files of the run
    (:class:`StorageMemo`): every fixture file and generated file, sized in turn with
    one memo, is what it is sized alone; the memo does serve later files."""
    from analyzer.passes.data_length import StorageMemo, data_length
    from tests.test_passes_speed_identity import _averages, _generated

    results = _results([str(FIXTURES)])
    results += [
        _generated(d, seed, 6) for d in ("tsql", "teradata", "hirdb", "sybase") for seed in (1, 2)
    ]
    sizing = from_mapping(PASS_SETTINGS[name], "test")
    if averages:
        sizing = dataclasses.replace(sizing, averages=_averages(results))
    memo = StorageMemo(sizing)
    seen: dict[int, str] = {}
    shared = 0
    for r in results:
        got = data_length(r, sizing, memo)
        assert got == data_length(r, sizing), r.path
        for s in (c.storage for tb in got.tables for c in tb.columns if c.storage):
            shared += seen.setdefault(id(s), r.path) != r.path
    assert shared > 100  # answers of earlier files served later ones
    # a memo of other settings is not used
    other = StorageMemo(dataclasses.replace(sizing, fill=0.25))
    r = results[0]
    assert data_length(r, sizing, other) == data_length(r, sizing) and not other.sized
