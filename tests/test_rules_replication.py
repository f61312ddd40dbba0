"""The replication rules: R026 (text / image columns without sp_setrepcol), R022
(update-command-costlier, generalised from call-on-wide-article), and the R family's
catalogue entries (names of the existing codes and of the replication findings)."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer import passes
from analyzer.core import Options, analyze_bytes, analyze_paths
from analyzer.diagnostics import CODES
from analyzer.estimators.mssql_replication import article_commands, articles
from analyzer.findings import NAMES, replication_findings
from analyzer.findings import Finding as ReplicationFinding
from analyzer.ir import FileResult, Severity
from analyzer.passes.link_replication import replication_context
from analyzer.rules import replication
from analyzer.rules.engine import FileContext
from analyzer.rules.registry import Finding
from analyzer.settings import ReplicationSettings, SizingSettings

ROOT = Path(__file__).resolve().parent.parent
TABLEA = ROOT / "fixtures" / "replication" / "tablea_mssql.sql"


def sybase(ddl: str) -> FileResult:
    return passes.run(analyze_bytes("r.sql", ddl.encode(), Options(dialect="sybase")))


def r026(ddl: str) -> list[Finding]:
    return list(replication.lob_without_setrepcol(FileContext(sybase(ddl))))


PIX = (
    "create table au_pix\n(au_id char(11) not null,\n pic image null,\n notes text null,\n"
    " bio unitext null,\n primary key (au_id))\ngo\n"
)


# ------------------------------------------------------------------ R026


def test_setreplicate_leaves_lobs_do_not_replicate() -> None:
    # Administration Guide: sp_setreplicate "sets the replication status of text, unitext,
    # image, and rawobject columns to do_not_replicate".
    found = r026(PIX + "sp_setreplicate au_pix, true\ngo\n")
    assert [(f.code, f.column, f.line, f.severity) for f in found] == [
        ("R026", "pic", 3, Severity.WARNING),
        ("R026", "notes", 4, Severity.WARNING),
        ("R026", "bio", 5, Severity.WARNING),
    ]
    assert found[0].span is not None and found[0].span.column == 2
    assert "sp_setreplicate left it do_not_replicate" in found[0].message
    assert "sp_setrepcol au_pix, pic," in found[0].message
    # the marking call is a related location
    assert [s.line for s in found[0].related] == [8]


def test_setreptable_leaves_lobs_always_replicate() -> None:
    # sp_setreptable "sets the replication status of text, unitext, image, or rawobject
    # columns to always_replicate": replicated, at a cost (info).
    found = r026(PIX + "sp_setreptable au_pix, true\ngo\n")
    assert {f.severity for f in found} == {Severity.INFO}
    assert "sp_setreptable left it always_replicate" in found[0].message


def test_setrepcol_by_name_or_null_sets_the_status() -> None:
    marked = PIX + "sp_setreptable au_pix, true\ngo\n"
    one = marked + "sp_setrepcol au_pix, pic, replicate_if_changed\ngo\n"
    assert [f.column for f in r026(one)] == ["notes", "bio"]
    every = marked + "sp_setrepcol au_pix, null, replicate_if_changed\ngo\n"
    assert r026(every) == []


def test_unmarked_or_unreplicated_tables_are_not_reported() -> None:
    assert r026(PIX) == []
    assert r026(PIX + "sp_setreptable au_pix, false\ngo\n") == []
    assert r026("create table t (a int not null)\ngo\nsp_setreptable t, true\ngo\n") == []


def test_sp_add_remote_table_calls_sp_setreplicate() -> None:
    found = r026(PIX + "sp_add_remote_table au_pix\ngo\n")
    assert len(found) == 3 and "sp_add_remote_table left it do_not_replicate" in found[0].message


def test_marking_in_another_file(tmp_path: Path) -> None:
    (tmp_path / "a.sql").write_text(PIX)
    (tmp_path / "b.sql").write_text("sp_setreplicate au_pix, true\ngo\n")
    results, _ = analyze_paths([str(tmp_path)], Options(dialect="sybase"))
    context = replication_context(results)
    tables = passes.run(results[0], replication=context)
    found = list(replication.lob_without_setrepcol(FileContext(tables)))
    assert [(f.path, f.column) for f in found] == [
        (str(tmp_path / "a.sql"), c) for c in ("pic", "notes", "bio")
    ]
    assert found[0].related == ()  # the call is in b.sql


# ------------------------------------------------------------------ R022


def tablea(changed: tuple[str, ...] | None, sizing: SizingSettings) -> list[ReplicationFinding]:
    text = TABLEA.read_text()
    r = analyze_bytes(str(TABLEA), text.encode(), Options())
    arts = articles([r], {str(TABLEA): text}, sizing, {"tablea": changed} if changed else None)
    return [
        f
        for f in replication_findings([r], sizing, None, arts)
        if f.name == "update-command-costlier"
    ]


def test_call_costlier_than_scall_with_both_figures_and_the_ratio() -> None:
    # The seed's TableA (11 columns, CALL) updating Col4, with Col1, Col2 and Col10 at 100
    # bytes (docs/estimators/mssql-replication.md): CALL 80 + 12 x 3 + 348 = 464, SCALL
    # 80 + 13 x 3 + 10 = 129; 464 / 129 = 3.6.
    s = SizingSettings(averages=tuple((("tablea", c), 100) for c in ("col1", "col2", "col10")))
    (f,) = tablea(("Col4",), s)
    assert f.severity is Severity.WARNING
    assert "replicates updates with CALL: 335 bytes more per update than SCALL" in f.message
    assert "when updates change Col4" in f.message
    assert "CALL sends 3.6x the bytes of SCALL per update: 464 vs 129" in f.message


def scall_article(ncols: int) -> list[tuple[str, Severity, str, int | None]]:
    cols = ", ".join(f"c{i} int NOT NULL" for i in range(1, ncols + 1))
    r = analyze_bytes("t.sql", f"CREATE TABLE t (k int NOT NULL PRIMARY KEY, {cols})".encode())
    changed = tuple(f"c{i}" for i in range(1, ncols + 1))
    a = article_commands(r.tables[0], "t.sql", SizingSettings(), changed)
    return [
        (f.name, f.severity, f.message, f.bytes)
        for f in replication_findings([r], SizingSettings(), None, [a])
        if f.name == "update-command-costlier"
    ]


def test_scall_costlier_when_updates_change_every_column() -> None:
    # k + c1..c8 (9 columns), every non-key column changed. SCALL: 9 columns + 1 key + the
    # bitmap (9 // 8 + 1 = 2 bytes) = 11 parameters x 3 = 33, values 8 x 4 + 4 + 2 = 38:
    # 80 + 33 + 38 = 151. CALL: 10 parameters x 3 = 30, values 9 x 4 + 4 = 40: 150.
    ((name, severity, message, extra),) = scall_article(8)
    assert (name, severity, extra) == ("update-command-costlier", Severity.INFO, 1)
    assert "replicates updates with SCALL: 1 byte more per update than CALL" in message
    assert "SCALL sends 1.0x the bytes of CALL per update: 151 vs 150" in message


def test_update_command_thresholds_stay_configurable() -> None:
    # 7 columns (k + c1..c6) is under [size.replication] wide_columns (8): nothing.
    assert scall_article(6) == []
    # TableD (3 columns, SCALL, updates of TableD_text) is cheaper with SCALL: nothing,
    # even with wide_columns lowered.
    narrow = SizingSettings(replication=ReplicationSettings(wide_columns=3))
    assert [f for f in tablea(None, narrow) if "TableD" in f.message] == []


def test_only_call_and_scall_are_compared() -> None:
    cols = ", ".join(f"c{i} int NOT NULL" for i in range(1, 9))
    r = analyze_bytes("t.sql", f"CREATE TABLE t (k int NOT NULL PRIMARY KEY, {cols})".encode())
    for syntax in ("MCALL", "XCALL"):
        a = article_commands(
            r.tables[0], "t.sql", SizingSettings(), ("c1",), None, ("CALL", syntax, "CALL")
        )
        names = [f.name for f in replication_findings([r], SizingSettings(), None, [a])]
        assert "update-command-costlier" not in names


# ------------------------------------------------------------------ the family


def test_replication_family_codes_names_and_stages() -> None:
    codes = [r.code for r in replication.RULES]
    assert codes == [f"R{n:03d}" for n in (*range(1, 17), *range(20, 27), *range(50, 59))]
    for rule in replication.RULES:
        assert rule.family == replication.FAMILY.name == "replication"
        assert rule.what and rule.why and rule.example and rule.fix and rule.references
        if rule.code in CODES:
            assert (rule.name, rule.summary) == CODES[rule.code]
            stage = "workload file" if "R051" <= rule.code <= "R058" else None
            assert rule.check is None and rule.reported_by != "lint"
            assert stage is None or rule.reported_by == stage
    by_name = {r.name: r for r in replication.RULES}
    # the engine maps each replication finding to its rule by name
    assert set(NAMES) == {r.name for r in replication.RULES if "R020" <= r.code <= "R025"}
    for name, meaning in NAMES.items():
        assert by_name[name].summary == meaning
        assert by_name[name].reported_by == "replication estimators"
    assert replication.LOB_WITHOUT_SETREPCOL.check is not None
    assert replication.LOB_WITHOUT_SETREPCOL.platforms == ("ase",)


@pytest.mark.parametrize("rule", [r for r in replication.RULES if r.check is not None])
def test_checked_examples_break_their_rule_and_fixes_pass(rule: object) -> None:
    from analyzer.rules.docs import split_fix
    from analyzer.rules.registry import Rule

    assert isinstance(rule, Rule) and rule.check is not None
    assert list(rule.check(FileContext(sybase(rule.example))))
    _, fixed = split_fix(rule.fix)
    assert fixed is not None
    assert list(rule.check(FileContext(sybase(fixed)))) == []
