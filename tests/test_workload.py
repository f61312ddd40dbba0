"""Workload files: what they hold, and clear diagnostics for bad ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.core import Options, analyze_bytes
from analyzer.diagnostics import CODES, render
from analyzer.ir import Table
from analyzer.workload import check, load, parse, parse_duration

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "replication" / "workload.yaml"


def tables() -> tuple[Table, ...]:
    ddl = b"create table authors (au_id varchar(11) not null, phone char(12) not null)\ngo\n"
    return analyze_bytes("a.sql", ddl, Options(dialect="sybase")).tables


def codes(text: str) -> list[tuple[str, int, int]]:
    _, diags = parse(text, "w.yaml")
    return [(d.code, d.span.line, d.span.column) for d in diags if d.span is not None]


def test_fixture_reads_cleanly() -> None:
    w, diags = load(str(FIXTURE))
    assert diags == ()
    assert (w.transaction_rate, w.failure_duration, w.save_interval) == (20, 3600, 3600)
    authors = w.table("AUTHORS")
    assert authors is not None and authors.changed_columns == ("phone", "city")
    assert w.function("upd_price") is not None and w.function("upd_price").rate == 5  # type: ignore[union-attr]
    db = w.database("pds.pubs2")
    assert db is not None and db.transaction_duration == 10
    ny, ca = w.sites
    assert ny.fraction("authors") == 0.25 and ny.fraction("titles") is None
    assert ca.fraction("titles") == 1 and ca.failure_duration == 7200


@pytest.mark.parametrize(
    ("value", "seconds"),
    [(30, 30.0), ("30s", 30.0), ("90m", 5400.0), ("2h", 7200.0), ("1d", 86400.0)],
)
def test_durations(value: object, seconds: float) -> None:
    assert parse_duration(value) == seconds


def test_negative_rates_are_errors_with_positions() -> None:
    text = "tables:\n  t:\n    inserts: -5\n    deletes: 2\n"
    assert codes(text) == [("R054", 3, 14)]
    w, _ = parse(text, "w.yaml")
    assert w.tables[0].deletes == 2 and w.tables[0].inserts == 0  # the rest is kept


def test_selectivity_outside_0_1() -> None:
    text = "sites:\n  S1: {selectivity: {t: 1.5}}\n  S2: {selectivity: -0.1}\n"
    assert [c[0] for c in codes(text)] == ["R055", "R055"]
    _, diags = parse(text, "w.yaml")
    assert "from 0 to 1" in diags[0].message


def test_unknown_keys_bad_values_and_durations() -> None:
    text = "tabels: {}\ntables:\n  t: {inserts: many, upd_cmd: FAST}\nfailure_duration: soon\n"
    found = codes(text)
    assert [c[0] for c in found] == ["R052", "R053", "R053", "R053"]
    _, diags = parse(text, "w.yaml")
    assert diags[0].expected is not None and "tables" in diags[0].expected
    assert any("expected a duration" in d.message for d in diags)


def test_not_yaml() -> None:
    _, diags = parse("tables: [\n", "w.yaml")
    assert [d.code for d in diags] == ["R051"]
    assert diags[0].span is not None and diags[0].span.file == "w.yaml"


def test_unreadable_file() -> None:
    _, diags = load("/nonexistent/workload.yaml")
    assert [d.code for d in diags] == ["R051"]


def test_unknown_table_column_and_function() -> None:
    text = (
        "tables:\n  authors: {changed_columns: [phone, fax]}\n  nosuch: {inserts: 1}\n"
        "functions:\n  nofn: 3\nsites:\n  S: {selectivity: {ghost: 0.5}}\n"
    )
    w, diags = parse(text, "w.yaml")
    assert diags == ()
    found = check(w, tables(), ["upd_price"])
    assert [d.code for d in found] == ["R057", "R056", "R058", "R056"]
    assert "'fax'" in found[0].message and found[0].expected == "au_id, phone"
    assert found[1].span is not None and found[1].span.line == 3
    rendered = render(found[1])
    assert rendered.startswith("w.yaml:3:3: error[R056]")


def test_codes_are_registered() -> None:
    for code in ("R050", "R051", "R052", "R053", "R054", "R055", "R056", "R057", "R058"):
        assert code in CODES


def test_non_finite_numbers_duplicates_and_functions_without_rate() -> None:
    text = (
        "failure_duration: .inf\n"
        "tables:\n  t: {inserts: .inf, updates: .nan}\n  T: {inserts: 2}\n"
        "functions:\n  f: {rat: 5}\n  g: {rate: 3}\n"
    )
    w, diags = parse(text, "w.yaml")
    found = [(d.code, d.span.line, d.span.column) for d in diags if d.span is not None]
    assert found == [
        ("R053", 1, 19),  # .inf seconds
        ("R053", 4, 3),  # T: the same table as t (names match case-insensitively)
        ("R053", 3, 16),  # .inf inserts
        ("R053", 3, 31),  # .nan updates
        ("R052", 6, 7),  # rat
        ("R053", 6, 6),  # f has no rate
    ]
    assert "given twice" in diags[1].message and "no rate" in diags[5].message
    assert w.failure_duration == 0 and [(f.name, f.rate) for f in w.functions] == [("g", 3)]
    assert w.tables[0].inserts == 0  # the bad value is left out, the table kept


def test_selectivity_may_name_a_replicated_function() -> None:
    """repserver.capacity scales a function's outbound volume by the site's selectivity, so
    naming a function there is not an unknown table."""
    w, _ = parse("sites:\n  S: {selectivity: {upd_price: 0.5, ghost: 1}}\n", "w.yaml")
    found = check(w, tables(), ["upd_price"])
    assert [d.code for d in found] == ["R056"] and "'ghost'" in found[0].message
