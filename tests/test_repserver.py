"""Replication Server message sizes and capacity planning: every formula of the seed page."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer import passes
from analyzer.core import Options, analyze_bytes, analyze_paths
from analyzer.estimators.repserver import (
    Messages,
    TableMessages,
    capacity,
    messages,
    table_messages,
)
from analyzer.ir import FileResult
from analyzer.settings import ReplicationSettings, SizingSettings
from analyzer.workload import TableLoad, Workload, parse

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "replication"

# RowWidth 63 = k int (11) + a char(10) + b char(20) + c binary(10) (22); key k (11).
HAND = """create table h (k int not null, a char(10) not null, b char(20) not null,
  c binary(10) not null, primary key (k))
go
sp_setreptable h, true
go
create function replication definition upd_price with primary at PDS.pubs2
  (@title_id varchar(6), @price money)
go
"""


def run(
    ddl: str,
    sizing: SizingSettings | None = None,
    workload: Workload | None = None,
    sites: int | None = None,
) -> tuple[FileResult, Messages]:
    sizing = sizing or SizingSettings()
    r = analyze_bytes("h.sql", ddl.encode(), Options(dialect="sybase"))
    r = passes.run(r, passes.REPLICATION_RULES, sizing=sizing)
    return r, messages([r], sizing, workload, sites)


def hand(sites: int = 3, changed: tuple[str, ...] = ("a", "c")) -> TableMessages:
    w = Workload("w", tables=(TableLoad("h", changed_columns=changed),))
    _, m = run(HAND, workload=w, sites=sites)
    return m.tables[0]


def test_terms_of_the_hand_table() -> None:
    m = hand()
    assert (m.row_width, m.primary_key_width, m.num_columns) == (63, 11, 4)
    assert (m.row_width_changed, m.num_columns_changed, m.num_sites) == (32, 2, 3)
    assert m.source == "table" and m.primary_key == ("k",)


@pytest.mark.parametrize(
    ("operation", "variant", "inbound", "outbound"),
    [
        # insert: 380 + 4 x 30 + 63; 200 + 63 + 3 x 8
        ("insert", "all columns", 563, 287),
        # delete without minimal columns: the insert formula
        ("delete", "all columns", 563, 287),
        # delete with minimal columns: 380 + 1 x 30 + 11; 200 + 11 + 24
        ("delete", "minimal", 421, 235),
        # update, rough: 380 + (4 + 2) x 30 + 63 x 2; 200 + 126 + 24
        ("update", "rough", 686, 350),
        # update, precise: 380 + 180 + 63 + 32; 200 + 63 + 32 + 24
        ("update", "precise", 655, 319),
        # update, minimal columns: 380 + (2 x 2 + 1) x 30 + 32 x 2 + 11; 200 + 64 + 11 + 24
        ("update", "minimal", 605, 299),
    ],
)
def test_every_table_formula(operation: str, variant: str, inbound: int, outbound: int) -> None:
    msg = hand().message(operation, variant)
    assert (msg.inbound, msg.outbound) == (inbound, outbound)
    # the worksheet shows every term and they add up
    assert all(s.additive for s in msg.worksheet.steps if s.step in ("In", "Out"))


def test_function_has_no_row_images_inbound() -> None:
    _, m = run(HAND, sites=2)
    f = m.functions[0]
    # ParameterWidth = varchar(6) 6 + money 22
    assert f.parameter_width == 28
    assert (f.message.inbound, f.message.outbound) == (380 + 28, 200 + 28 + 16)
    assert "not sent to the inbound queue" in (f.message.worksheet.steps[0].note or "")


def test_begin_commit_pair() -> None:
    _, m = run(HAND)
    assert m.transaction is not None
    ws = m.transaction.worksheet
    assert (ws.value("B"), ws.value("C"), ws.value("Pair")) == (250, 200, 450)


def test_changed_fraction_rounds_up() -> None:
    w = Workload("w", tables=(TableLoad("h", changed_fraction=0.3),))
    _, m = run(HAND, workload=w)
    t = m.tables[0]
    assert (t.num_columns_changed, t.row_width_changed) == (2, 19)  # ceil(1.2), ceil(18.9)


def test_overheads_are_settings() -> None:
    rep = ReplicationSettings(inbound_msg_overhead=400, outbound_msg_overhead=100, col_overhead=10)
    _, m = run(HAND, SizingSettings(replication=rep), sites=0)
    msg = m.tables[0].message("insert", "all columns")
    assert (msg.inbound, msg.outbound) == (400 + 40 + 63, 100 + 63)


def test_replication_definition_columns_and_minimal_columns() -> None:
    r = passes.run(
        analyze_bytes(
            "p.sql", (FIXTURES / "pubs_repserver.sql").read_bytes(), Options(dialect="sybase")
        ),
        passes.REPLICATION_RULES,
        sizing=SizingSettings(),
    )
    m = messages([r], SizingSettings())
    by = {t.table.name: t for t in m.tables}
    authors = by["authors"]
    assert authors.definition == "authors_rd" and not authors.minimal_columns
    # 11 + 40 + 20 + 12 + 20 + 2 + 1; two subscribing sites
    assert (authors.row_width, authors.num_sites) == (106, 2)
    assert authors.primary_database == "PDS.pubs2"
    pix = by["au_pix"]
    assert pix.minimal_columns and pix.used("update").variant == "minimal"
    assert pix.used("delete").variant == "minimal"
    # titles is marked but has no key and no definition: sized from the table
    assert by["titles"].source == "table" and by["titles"].primary_key == ()


def test_capacity_plan_by_hand() -> None:
    text = """transaction_rate: 4
failure_duration: 1h
save_interval: 30m
tables:
  h: {inserts: 10, updates: 20, deletes: 5, changed_columns: [a, c]}
sites:
  R.db: {selectivity: 0.5, transaction_rate: 2}
"""
    w, diags = parse(text, "w.yaml")
    assert diags == ()
    sizing = SizingSettings()
    _, m = run(HAND, sizing, w)
    cap = capacity(m, w, sizing)
    (tv,) = cap.tables
    # inbound 563 x 10 + 655 x 20 + 563 x 5; outbound (1 site) 271 x 10 + 303 x 20 + 271 x 5
    assert (tv.inbound, tv.outbound) == (21545, 10125)
    (db,) = cap.databases
    assert db.volume == 21545 + 450 * 4
    assert db.queue_bytes is None  # no transaction duration given
    (site,) = cap.sites
    assert site.volume == 10125 * 0.5 + 450 * 2
    assert site.queue_bytes == site.volume * (3600 + 1800)
    # the 16K block fill option: one 16K block a second at half fill
    rep = ReplicationSettings(queue_block_fill=0.5)
    blocks = capacity(m, w, SizingSettings(replication=rep))
    assert blocks.sites[0].queue_bytes == 16384 * 5400


def test_capacity_of_the_fixture_workload() -> None:
    results, _ = analyze_paths([str(FIXTURES / "pubs_repserver.sql")], Options())
    sizing = SizingSettings()
    results = [passes.run(r, passes.REPLICATION_RULES, sizing=sizing) for r in results]
    from analyzer.workload import load

    w, diags = load(str(FIXTURES / "workload.yaml"))
    assert diags == ()
    m = messages(results, sizing, w)
    cap = capacity(m, w, sizing)
    assert [d.database for d in cap.databases] == ["PDS.pubs2"]
    db = cap.databases[0]
    fn = m.functions[0].message.inbound * 5
    assert db.volume == sum(v.inbound for v in cap.tables) + fn + 450 * 20
    assert db.queue_bytes == db.volume * 10
    ny, ca = cap.sites
    assert ny.transaction_rate == 5 and ca.transaction_rate == 20  # CA: inbound upper bound
    assert ca.failure_duration == 7200 and ny.failure_duration == 3600
    tables = {v.table: v for v in cap.tables}
    out_fn = m.functions[0].message.outbound * 5
    assert ny.volume == pytest.approx(tables["authors"].outbound * 0.25 + out_fn + 450 * 5)


# ----------------------------------------------------------------------- properties

widths = st.lists(st.integers(min_value=1, max_value=255), min_size=2, max_size=12)


def _table(ws: list[int]) -> str:
    cols = ", ".join(f"c{i} char({w}) not null" for i, w in enumerate(ws))
    return f"create table h ({cols}, primary key (c0))\ngo\nsp_setreptable h, true\ngo\n"


def _messages(ws: list[int], changed: list[int], sites: int) -> TableMessages:
    names = tuple(f"c{i}" for i in changed)
    w = Workload("w", tables=(TableLoad("h", changed_columns=names),))
    return run(_table(ws), workload=w, sites=sites)[1].tables[0]


@settings(max_examples=40, deadline=None)
@given(widths, st.data())
def test_minimal_update_never_larger_than_full_images(ws: list[int], data: st.DataObject) -> None:
    # updates that leave the key alone (the formula counts the key twice when it changes)
    changed = data.draw(st.lists(st.integers(1, len(ws) - 1), unique=True))
    m = _messages(ws, changed, 1)
    minimal, rough = m.message("update", "minimal"), m.message("update", "rough")
    precise = m.message("update", "precise")
    assert minimal.inbound <= precise.inbound <= rough.inbound
    assert minimal.outbound <= precise.outbound <= rough.outbound


@settings(max_examples=30, deadline=None)
@given(widths, st.integers(min_value=0, max_value=50))
def test_outbound_grows_8_bytes_per_site(ws: list[int], sites: int) -> None:
    a, b = _messages(ws, [1], sites), _messages(ws, [1], sites + 1)
    for x, y in zip(a.messages, b.messages, strict=True):
        assert y.outbound - x.outbound == 8
        assert y.inbound == x.inbound


@settings(max_examples=30, deadline=None)
@given(widths, st.integers(min_value=1, max_value=100), st.data())
def test_monotone_in_row_width(ws: list[int], extra: int, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(ws) - 1))
    wider = [w + extra if j == i else w for j, w in enumerate(ws)]
    a, b = _messages(ws, [1], 2), _messages(wider, [1], 2)
    assert b.row_width == a.row_width + extra
    for x, y in zip(a.messages, b.messages, strict=True):
        assert y.inbound >= x.inbound and y.outbound >= x.outbound


def test_table_messages_without_primary_key() -> None:
    r, _ = run("create table n (a int not null, b char(4) not null)\ngo\n")
    m = table_messages(r.tables[0], "n.sql", SizingSettings())
    assert m.primary_key_width == 0 and m.message("delete", "minimal").inbound == 380


# ------------------------------------------------------------------ findings and CLI


def test_findings_without_key_and_minimal_columns_saving() -> None:
    from analyzer.findings import replication_findings

    cols = ", ".join(f"c{i} char(20) not null" for i in range(10))
    ddl = f"create table w ({cols}, primary key (c0))\ngo\nsp_setreptable w, true\ngo\n"
    ddl += "create table n (a int not null)\ngo\nsp_setreplicate n, true\ngo\n"
    w = Workload("w", tables=(TableLoad("w", changed_columns=("c1",)),))
    r, m = run(ddl, workload=w)
    found = {(f.name, f.table): f for f in replication_findings([r], SizingSettings(), m)}
    assert ("replication-without-primary-key", "n") in found
    saving = found[("minimal-columns-not-used", "w")]
    # precise 380 + (10 + 1) x 30 + 200 + 20 against minimal 380 + (2 + 1) x 30 + 40 + 20
    assert saving.bytes == (380 + 330 + 220) - (380 + 90 + 60) == 400
    assert "400 bytes per update" in saving.message
    # a narrow table, or minimal columns already, is not a finding
    w2 = Workload("w", tables=(TableLoad("w", changed_columns=("c1",), minimal_columns=True),))
    _, m2 = run(ddl, workload=w2)
    assert not [f for f in replication_findings([r], SizingSettings(), m2) if f.bytes]


def test_cli_text_json_and_explain() -> None:
    import json

    from click.testing import CliRunner

    from analyzer.cli import main

    runner = CliRunner()
    args = ["replication", str(FIXTURES), "--workload", str(FIXTURES / "workload.yaml")]
    text = runner.invoke(main, args)
    assert text.exit_code == 0, text.output
    assert "authors" in text.output and "Capacity plan" in text.output
    assert "update-command-costlier" in text.output
    doc = json.loads(runner.invoke(main, [*args, "--format", "json"]).stdout)
    assert doc["schema_version"] == "1.0"
    authors = next(t for t in doc["repserver"]["tables"] if t["table"] == "authors")
    assert authors["row_width"] == 106 and authors["used"]["update"] == "precise"
    assert {s["site"] for s in doc["capacity"]["sites"]} == {"NY_DS.pubs2", "CA_DS.pubs2"}
    assert doc["mssql"]["articles"][0]["commands"][0]["call"].startswith("{CALL [sp_MSins_")
    explained = runner.invoke(main, [*args, "--explain", "--sites", "4"])
    assert "InboundMsgSize update = InboundMsgOverhead + ColOverhead" in explained.output
    assert "32 (NumSites x 8, NumSites 4)" in explained.output
    assert "au_lname 40 (40 characters" in explained.output


def test_cli_bad_workload_is_exit_1_with_diagnostics(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from analyzer.cli import main

    bad = tmp_path / "bad.yaml"
    bad.write_text("tables:\n  ghost: {inserts: -1}\nsites:\n  S: {selectivity: 2}\n")
    runner = CliRunner()
    result = runner.invoke(
        main, ["replication", str(FIXTURES / "pubs_repserver.sql"), "--workload", str(bad)]
    )
    assert result.exit_code == 1
    assert f"{bad}:2:20: error[R054]" in result.stderr
    assert f"{bad}:4:20: error[R055]" in result.stderr
    assert f"{bad}:2:3: error[R056]" in result.stderr
    assert "authors" in result.stdout  # the rest of the run is still reported


# --------------------------------------------------------- the manuals' own figures


def test_formula_components_example_half_the_columns() -> None:
    """Formula Components: "10 columns with a total RowWidth of 200 bytes. Half of the columns
    in the row change, giving you a RowWidthChanged measurement of approximately 100 bytes"."""
    cols = ", ".join(f"c{i} char(20) not null" for i in range(10))
    _, m = run(f"create table h ({cols}, primary key (c0))\ngo\nsp_setreptable h, true\ngo\n")
    (t,) = m.tables
    assert (t.row_width, t.row_width_changed, t.num_columns_changed) == (200, 100, 5)
    # precise update: 380 + (10 + 5) x 30 + 200 + 100; 200 + 200 + 100 + 1 x 8
    assert (t.used("update").inbound, t.used("update").outbound) == (1130, 508)


def _sized(width: int, name: str) -> str:
    return (
        f"create table {name} (k char({width}) not null, primary key (k))\ngo\n"
        f"sp_setreptable {name}, true\ngo\n"
    )


def test_design_guide_outbound_queue_examples() -> None:
    """Design Guide, "Outbound Queue Volume": tables of 20K/s and 10K/s outbound and 1K/s of
    transactions give 31K/s at selectivity 1 and (20K x 0.5) + (10K x 0.8) + 1K = 19K/s;
    "Outbound Queue Size": 18K/s x (60 min + 60 min) "= 130MB" (129.6 MB)."""
    # one site: outbound insert = 200 + RowWidth + 8; 1792 -> 2,000 and 792 -> 1,000 bytes
    ddl = _sized(1792, "a") + _sized(792, "b")
    tx = 1000 / 450  # OutboundTransactionVolume 1K/s
    text = f"""failure_duration: 1h
save_interval: 1h
tables:
  a: {{inserts: 10}}
  b: {{inserts: 10}}
sites:
  upper: {{transaction_rate: {tx!r}}}
  sel: {{selectivity: {{a: 0.5, b: 0.8}}, transaction_rate: {tx!r}}}
  q18: {{selectivity: {{a: 0.5, b: 0.7}}, transaction_rate: {tx!r}}}
"""
    w, diags = parse(text, "w.yaml")
    assert diags == ()
    sizing = SizingSettings()
    _, m = run(ddl, sizing, w, sites=1)
    assert [t.used("insert").outbound for t in m.tables] == [2000, 1000]
    cap = capacity(m, w, sizing)
    upper, sel, q18 = cap.sites
    assert upper.volume == pytest.approx(31_000)
    assert sel.volume == pytest.approx(19_000)
    assert q18.queue_bytes == pytest.approx(18_000 * 7200) and round(q18.queue_bytes / 1e6) == 130


def test_design_guide_inbound_queue_is_volume_times_transaction_duration() -> None:
    """Design Guide, "Inbound Queue Size": InboundDatabaseVolume x TransactionDuration (not the
    outbound FailureDuration + SaveInterval)."""
    w, _ = parse(
        "transaction_rate: 2\ntransaction_duration: 30s\nfailure_duration: 1h\n"
        "tables:\n  a: {inserts: 1}\n",
        "w.yaml",
    )
    _, m = run(_sized(1792, "a"), workload=w)
    (db,) = capacity(m, w, SizingSettings()).databases
    # inbound insert 380 + 30 + 1792 = 2,202; + 450 x 2
    assert db.volume == 2202 + 900
    assert db.queue_bytes == (2202 + 900) * 30


def test_alter_function_replication_definition_changes_the_message() -> None:
    """alter function replication definition ... add @notes varchar(200), @pubdate datetime,
    @contract bit (the Reference Manual's example): ParameterWidth grows by 200 + 26 + 1."""
    ddl = HAND + (
        "alter function replication definition upd_price add @notes varchar(200), "
        "@pubdate datetime, @contract bit\ngo\n"
    )
    _, m = run(ddl, sites=1)
    (f,) = m.functions
    assert f.parameter_width == 28 + 200 + 26 + 1
    assert (f.message.inbound, f.message.outbound) == (380 + 255, 200 + 255 + 8)
