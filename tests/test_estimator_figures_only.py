"""Estimators asked for figures only (``explain=False``, what the lint asks) give the
estimate the worksheets give, without the worksheets.

Teradata computes its row sizes without making the packed64 and aligned-row worksheets,
SQL Server its row at declared maximums without that worksheet: every figure, size, limit
and diagnostic must be those of the full estimate, on every fixture table (sized for the
platform) and on generated tables, under the settings that change them, with or without
a row count.  ASE and HiRDB leave out their row worksheets too (D122:
tests/test_lint_speed_identity.py).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from analyzer import passes
from analyzer.core import Options, analyze_bytes
from analyzer.estimators import estimate_file, mssql, teradata
from analyzer.ir import Table
from analyzer.settings import SizingSettings, TeradataSettings
from analyzer.source import read_path
from analyzer.workflow import LINT, check_file, prepare
from tests.test_estimator_speed_identity import FIXTURES, _teradata_tables, sized

FIXTURE_ROOT = Path(__file__).resolve().parents[1] / "fixtures"

SETTINGS = [
    TeradataSettings(presence_rule=rule, row_format=fmt)
    for rule in ("exact", "procedure")
    for fmt in ("packed64", "aligned")
]


@pytest.mark.parametrize("td", SETTINGS, ids=lambda td: f"{td.presence_rule}-{td.row_format}")
@pytest.mark.parametrize("rows", [None, 2_500_000])
def test_teradata_figures_only_is_the_full_estimate(td: TeradataSettings, rows: int | None) -> None:
    sizing = SizingSettings(platform="teradata", teradata=td, rows=rows)
    tables = _teradata_tables()
    assert len(tables) > 100
    sizes = set()
    for table in tables:
        full = teradata.estimate(table, "t.sql", sizing)
        fast = teradata.estimate(table, "t.sql", sizing, explain=False)
        # The row worksheets are left out; the table-size worksheet (rows) is what the
        # figures of a row count come from, made either way.
        assert [w.title for w in fast.worksheets] == (["table size"] if rows else [])
        assert fast == dataclasses.replace(full, worksheets=full.worksheets[4:])
        sizes.add((full.row_bytes, full.max_row_bytes))
    assert len(sizes) > 50  # tables of every shape, not one row size over and over


def test_a_figure_differs_when_the_row_does() -> None:
    """The comparison above can fail: a wider column changes the figures-only row."""
    sizing = SizingSettings(platform="teradata")
    narrow, wide = (
        sized_table(f"CREATE TABLE t (a INTEGER NOT NULL, b VARCHAR({n}))".encode(), sizing)
        for n in (10, 90)
    )
    one = teradata.estimate(narrow, "t.sql", sizing, explain=False)
    other = teradata.estimate(wide, "t.sql", sizing, explain=False)
    assert one.row_bytes != other.row_bytes
    assert one.figures != other.figures


def sized_table(ddl: bytes, sizing: SizingSettings) -> Table:
    result = passes.run(analyze_bytes("t.sql", ddl, Options(dialect="teradata")))
    return passes.run(result, passes.SIZING_RULES, sizing=sizing).tables[0]


@pytest.mark.parametrize("name", ["teradata", "tsql", "sybase", "hirdb"])
def test_lint_estimates_are_the_explained_ones_without_row_worksheets(name: str) -> None:
    """What the lint's file step estimates (:func:`analyzer.workflow.check_file`) is
    ``size``'s estimate: the same figures and diagnostics for every fixture table."""
    sizing = SizingSettings()
    compared = 0
    for path in sorted((FIXTURES / name).rglob("*.sql")):
        full = estimate_file(sized(path, sizing), sizing)
        prepared = prepare(read_path(str(path)), str(path), Options(), sizing)
        checked = check_file(prepared, LINT, sizing)
        got = checked.estimates
        assert len(got) == len(full)
        for a, b in zip(got, full, strict=True):
            assert dataclasses.replace(a, worksheets=()) == dataclasses.replace(b, worksheets=())
            if b.platform == "mssql":  # all but the row at declared maximums
                assert a.worksheets == (b.worksheets[0], *b.worksheets[2:])
            elif b.platform in ("ase", "hirdb"):  # all but the two row worksheets (D122)
                assert a.worksheets == b.worksheets[2:]
            elif b.platform != "teradata":
                assert a.worksheets == b.worksheets
            compared += 1
    assert compared > 3


@pytest.mark.parametrize("rows", [None, 40_000])
@pytest.mark.parametrize("max_row_bytes", [8060, 900])
def test_mssql_figures_only_is_the_full_estimate(rows: int | None, max_row_bytes: int) -> None:
    """Every fixture table sized as SQL Server (heaps, clustered keys unique or not,
    sparse columns, row-overflow at a lowered limit)."""
    base = SizingSettings(platform="mssql", rows=rows)
    sizing = dataclasses.replace(
        base, mssql=dataclasses.replace(base.mssql, max_row_bytes=max_row_bytes)
    )
    tables = [
        t for p in sorted(FIXTURES.rglob("*.sql")) for t in sized(p, sizing).tables if t.columns
    ]
    assert len(tables) > 300
    shapes = set()
    for table in tables:
        full = mssql.estimate(table, "t.sql", sizing)
        fast = mssql.estimate(table, "t.sql", sizing, explain=False)
        assert full.worksheets[1].title.endswith(" at declared maximums")
        assert fast == dataclasses.replace(
            full, worksheets=(full.worksheets[0], *full.worksheets[2:])
        )
        key = mssql.clustered_key(table)
        shapes.add((key is not None and not key.unique, bool(full.diagnostics)))
    # nonunique clustered keys (the uniqueifier) and diagnostics, both ways
    assert {k for k, _ in shapes} == {True, False} == {d for _, d in shapes}


def _replication_inputs(folder: str) -> tuple[list[Any], dict[str, str]]:
    from analyzer.core import analyze_paths
    from analyzer.estimators.replicated import source_texts
    from analyzer.workflow import REPLICATION, after_parse

    sizing = SizingSettings()
    results, _ = analyze_paths([str(FIXTURE_ROOT / folder)], Options())
    results = [passes.run(r, after_parse(REPLICATION), sizing=sizing) for r in results]
    return results, source_texts(results, None, None)


@pytest.mark.parametrize("workload", [None, "workload.yaml", "three_sites.yaml"])
@pytest.mark.parametrize("folder", ["replication", "tsql", "sybase"])
def test_scan_replication_figures_are_the_built_reports(folder: str, workload: str | None) -> None:
    """The scan's replication rows from :func:`figures` equal those of the full report."""
    from analyzer.reporters.replication import build, figures
    from analyzer.rows import replication_rows
    from analyzer.workload import load

    loaded = load(str(FIXTURE_ROOT / "replication" / workload))[0] if workload else None
    sizing = SizingSettings()
    results, texts = _replication_inputs(folder)
    report, _ = build(results, sizing, loaded, None, texts)
    msgs, articles, logs = figures(results, sizing, loaded, texts)
    full = replication_rows(
        "s", report.messages.tables, report.messages.functions, report.articles,
        report.sql_remote,
    )  # fmt: skip
    assert replication_rows("s", msgs.tables, msgs.functions, articles, logs) == full
    kinds = {(row[3], row[4]) for row in full}
    if folder == "replication":  # not vacuous: every kind of row is compared
        assert {("repserver", "table"), ("mssql", "article"), ("sql_remote", "article")} <= kinds
    if folder == "tsql":
        assert len([k for k in kinds if k[0] == "mssql"]) and len(full) > 30
