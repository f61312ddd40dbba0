"""Per-table NumSites in Replication Server message sizes and capacity planning (D104, D105).

Design Guide 15.7.1, "Formula Components": "NumSites is the number of sites a message is
sent to"; "Outbound Queue Volume Example Calculation" (three sites, T1 / T2 / T3 with
selectivities, 7K, 15K and 9K a second) and "Outbound Queue Size" (x 21,600 s = 151MB,
324MB, 194MB).  fixtures/replication/three_sites.sql sends T2 and T3 to two of the three
sites: their outbound messages carry 2 site IDs, not 3.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer import passes
from analyzer.core import Options, analyze_bytes
from analyzer.estimators.repserver import Messages, capacity, messages, receivers
from analyzer.settings import SizingSettings
from analyzer.workload import SiteLoad, Workload, load, parse

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "replication"
SQL = FIXTURES / "three_sites.sql"
WORKLOAD = FIXTURES / "three_sites.yaml"


def _run(ddl: bytes, workload: Workload | None, sites: int | None = None) -> Messages:
    sizing = SizingSettings()
    r = analyze_bytes("three_sites.sql", ddl, Options(dialect="sybase"))
    r = passes.run(r, passes.REPLICATION_RULES, sizing=sizing)
    return messages([r], sizing, workload, sites)


def _fixture() -> tuple[Messages, Workload]:
    w, diags = load(str(WORKLOAD))
    assert diags == ()
    return _run(SQL.read_bytes(), w), w


def test_each_table_counts_its_own_sites() -> None:
    m, _ = _fixture()
    by = {t.table.name: t for t in m.tables}
    assert [(n, by[n].num_sites) for n in ("t1", "t2", "t3")] == [("t1", 3), ("t2", 2), ("t3", 2)]
    assert by["t2"].sites == ("S1_DS.db", "S2_DS.db") and by["t2"].sites_basis == "subscriptions"
    # outbound insert 200 + RowWidth + NumSites x 8: t2 is 200 + 584 + 16 = 800, not 808
    assert [by[n].used("insert").outbound for n in ("t1", "t2", "t3")] == [1000, 800, 500]
    assert by["t2"].message("insert", "all columns").worksheet.steps[-1].terms[-1].value == 16


def test_design_guide_outbound_queue_volume_example() -> None:
    """Site1 = (450*5) + (10K*0.1) + (8K*0.4) + (5K*0.2) = 7K/sec; Site2 = (450*10) +
    (10K*0.4) + (8K*0.8) + (5K*0) = 15K/sec; Site3 = (450*8) + (10K*0.4) + (8K*0) + (5K*0.2)
    = 9K/sec (the guide rounds to whole K)."""
    m, w = _fixture()
    cap = capacity(m, w, SizingSettings())
    assert [(v.table, v.outbound) for v in cap.tables] == [
        ("t1", 10_000),
        ("t2", 8_000),
        ("t3", 5_000),
    ]
    s1, s2, s3 = cap.sites
    assert s1.volume == pytest.approx(450 * 5 + 10_000 * 0.1 + 8_000 * 0.4 + 5_000 * 0.2)
    assert s2.volume == pytest.approx(450 * 10 + 10_000 * 0.4 + 8_000 * 0.8 + 5_000 * 0)
    assert s3.volume == pytest.approx(450 * 8 + 10_000 * 0.4 + 8_000 * 0 + 5_000 * 0.2)
    assert [round(s.volume / 1000) for s in (s1, s2, s3)] == [7, 15, 9]
    # "Outbound Queue Size": volume x 21,600 s; the guide's rounded volumes give 151, 324, 194MB
    for s, mb in zip((s1, s2, s3), (151, 324, 194), strict=True):
        assert s.failure_duration + s.save_interval == 21_600
        assert s.queue_bytes == pytest.approx(s.volume * 21_600)
        assert round(round(s.volume / 1000) * 1000 * 21_600 / 1e6) == mb


def test_one_site_count_for_all_would_be_wrong() -> None:
    # --sites 3 forces the old behaviour: t2's message grows by one site ID
    w, _ = load(str(WORKLOAD))
    forced = _run(SQL.read_bytes(), w, sites=3)
    t2 = next(t for t in forced.tables if t.table.name == "t2")
    assert (t2.num_sites, t2.used("insert").outbound, t2.sites_basis) == (3, 808, "--sites 3")


def test_workload_selectivity_alone_decides_without_subscriptions() -> None:
    ddl = b"\n".join(line for line in SQL.read_bytes().splitlines() if b"subscription" not in line)
    w, _ = load(str(WORKLOAD))
    m = _run(ddl, w)
    by = {t.table.name: t for t in m.tables}
    assert (by["t1"].num_sites, by["t2"].num_sites, by["t3"].num_sites) == (3, 2, 2)
    assert by["t3"].sites == ("S1_DS.db", "S3_DS.db")
    assert by["t3"].sites_basis == "workload sites with selectivity > 0"
    # and without a workload either: [size.replication] num_sites
    bare = _run(ddl, None)
    assert {t.num_sites for t in bare.tables} == {1}


def test_a_site_without_a_subscription_receives_nothing() -> None:
    # S3 gives t2 selectivity 1, but t2 has no subscription there: 0, and t2 keeps 2 sites
    text = WORKLOAD.read_text().replace("t2: 0, t3: 0.2}", "t2: 1, t3: 0.2}")
    w, diags = parse(text, "w.yaml")
    assert diags == ()
    m = _run(SQL.read_bytes(), w)
    t2 = next(t for t in m.tables if t.table.name == "t2")
    assert t2.num_sites == 2
    s3 = capacity(m, w, SizingSettings()).sites[2]
    assert s3.volume == pytest.approx(450 * 8 + 10_000 * 0.4 + 5_000 * 0.2)
    assert "no subscription at this site" in s3.worksheet.steps[0].terms[1].name


def test_subscribed_site_at_selectivity_zero_is_dropped() -> None:
    w = Workload("w", sites=(SiteLoad("S2_DS.db", selectivity=(("t2", 0.0),)),))
    m = _run(SQL.read_bytes(), w)
    t2 = next(t for t in m.tables if t.table.name == "t2")
    assert (t2.num_sites, t2.sites) == (1, ("S1_DS.db",))
    assert t2.sites_basis == "subscriptions less workload sites at selectivity 0"
    # without subscriptions: the workload's sites above 0, here none
    got = receivers("t2", "t2_rd", (), w, None, 1)
    assert (got.count, got.sites, got.basis) == (0, (), "workload sites with selectivity > 0")


def test_unknown_workload_site_is_a_note() -> None:
    w, _ = parse("sites:\n  NY: {transaction_rate: 1}\n", "w.yaml")
    m = _run(SQL.read_bytes(), w)
    cap = capacity(m, w, SizingSettings())
    assert any("NY subscribe to no replication definition" in n for n in cap.notes)
    assert cap.sites[0].volume == 450  # no table goes there


def test_cli_labels_units_and_sites() -> None:
    from analyzer.cli import main

    runner = CliRunner()
    args = ["replication", str(SQL), "--workload", str(WORKLOAD)]
    text = runner.invoke(main, args)
    assert text.exit_code == 0, text.output
    assert "NumSites 2 (subscriptions: S1_DS.db, S2_DS.db)" in text.output
    # 7,450 bytes/s = 7.3 KiB; 7,450 x 21,600 = 160,920,000 bytes = 153.5 MiB
    assert "7.3 KiB" in text.output and "153.5 MiB" in text.output
    assert "KiB = 1,024 bytes" in text.output and " KB" not in text.output.split("units:")[0]
    doc = json.loads(runner.invoke(main, [*args, "--format", "json"]).stdout)
    t2 = next(t for t in doc["repserver"]["tables"] if t["table"] == "t2")
    assert t2["num_sites"] == 2 and t2["sites"] == ["S1_DS.db", "S2_DS.db"]
    assert doc["capacity"]["sites"][0]["volume"] == 7450
