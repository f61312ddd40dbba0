"""The link_replication pass: keys and marks applied, definitions linked and checked."""

from __future__ import annotations

from pathlib import Path

from analyzer import passes
from analyzer.core import Options, analyze_bytes, analyze_paths
from analyzer.ir import ConstraintKind, FileResult, Severity
from analyzer.passes.link_replication import link_replication, replication_context

ROOT = Path(__file__).resolve().parent.parent


def analyze(sql: str) -> FileResult:
    return analyze_bytes("l.sql", sql.encode(), Options(dialect="sybase"))


def codes(result: FileResult) -> list[str]:
    return [d.code for d in result.diagnostics]


def test_classic_keys_and_marks() -> None:
    path = ROOT / "fixtures" / "sybase" / "classic_keys_replication.sql"
    result = analyze_bytes(str(path), path.read_bytes(), Options())
    assert result.dialect == "sybase"
    assert codes(result) == []
    tables = {t.name.name: t for t in result.tables}
    keys = [(c.kind, c.columns, c.declared_by) for c in tables["titleauthor"].constraints]
    assert keys == [
        (ConstraintKind.PRIMARY_KEY, ("au_id", "title_id"), "sp_primarykey"),
        (ConstraintKind.FOREIGN_KEY, ("au_id",), "sp_foreignkey"),
        (ConstraintKind.FOREIGN_KEY, ("title_id",), "sp_foreignkey"),
    ]
    fk = tables["titleauthor"].constraints[1]
    assert (str(fk.ref_table), fk.ref_columns) == ("authors", ("au_id",))
    common = tables["titles"].constraints[-1]
    assert (common.kind, str(common.ref_table), common.ref_columns) == (
        ConstraintKind.COMMON_KEY,
        "publishers",
        ("pub_id",),
    )
    titles = tables["titles"].replication
    assert titles is not None
    assert (titles.replicated, titles.owner_on, titles.use_index) == (True, True, True)
    assert [(c.column, c.status) for c in titles.columns] == [("notes", "do_not_replicate")]
    publishers = tables["publishers"].replication
    assert publishers is not None and (publishers.replicated, publishers.never) == (False, True)
    assert tables["authors"].replication is not None
    assert tables["titleauthor"].replication is None  # sp_setreptable t only reports
    skipped = [s.kind for s in result.skipped]
    for kind in ("create default", "sp_bindefault", "create rule", "sp_bindrule", "dump"):
        assert kind in skipped
    assert "exec sp_setreptable" in skipped


def test_unresolved_and_misplaced_procedures() -> None:
    sql = (
        "sp_primarykey t, a\ngo\n"
        "create table t (a int, b text null)\ngo\n"
        "sp_primarykey nosuch, a\ngo\n"
        "sp_setrepcol t, a, always_replicate\ngo\n"
        "sp_setrepcol t, zz, always_replicate\ngo\n"
        "sp_foreignkey t, u, a\ngo\n"
    )
    result = analyze(sql)
    assert sorted(codes(result)) == ["R007", "R007", "R008", "R012", "R015"]
    applied = [(c.procedure, str(c.table), c.applied) for c in result.table_changes]
    assert applied[1] == ("sp_primarykey", "nosuch", False)
    # nothing lost: the key before the table is still applied
    assert result.tables[0].primary_key is not None


def test_type_used_before_it_is_defined() -> None:
    sql = (
        "create table t (a later_t)\ngo\n"
        "sp_addtype later_t, 'char(4)'\ngo\n"
        "sp_addtype chained, 'later2'\ngo\n"
        "sp_addtype later2, 'int'\ngo\n"
    )
    result = analyze(sql)
    warnings = [d for d in result.diagnostics if d.code == "R012"]
    assert len(warnings) == 2
    assert warnings[0].span is not None and warnings[0].span.line == 1
    assert "later_t" in warnings[0].message and "later2" in warnings[1].message
    column = result.tables[0].columns[0]
    assert (column.user_type, column.type.name) == ("later_t", "CHAR")  # still resolved
    # defined first: no warning
    ok = analyze("sp_addtype x, 'int'\ngo\ncreate table t (a x)\ngo\n")
    assert "R012" not in codes(ok)


def test_definition_against_its_table() -> None:
    path = ROOT / "fixtures" / "rcl" / "broken_repdefs.sql"
    result = analyze_bytes(str(path), path.read_bytes(), Options())
    by_code: dict[str, list[str]] = {}
    for d in result.diagnostics:
        by_code.setdefault(d.code, []).append(d.message)
    assert "R005" in by_code and "'state'" in by_code["R005"][0]
    assert sorted(m.split("'")[1] for m in by_code["R003"]) == ["stor_name", "zip"]
    assert "'country'" in by_code["R002"][0]
    assert "R006" in by_code
    assert "discounts_rd" in by_code["R001"][0]
    assert "R009" in by_code and "R010" in by_code
    stores, discounts = result.replication_definitions
    assert (stores.resolved, str(stores.table)) == (True, "stores")
    assert (discounts.resolved, discounts.table) == (False, None)


def test_type_agreement_rules() -> None:
    sql = (
        "create table t (a numeric(10,0) identity, b nchar(10), c int, d timestamp,"
        " e smallmoney, f datetime, g unichar(3))\ngo\n"
        "create replication definition t with primary at DS.db"
        " (a identity, b char(30), c rs_address, d varbinary(8), e money, f smalldatetime,"
        " g unichar(3)) primary key (a)\ngo\n"
    )
    result = analyze(sql)
    mismatched = sorted(d.message.split("'")[1] for d in result.diagnostics if d.code == "R003")
    assert mismatched == ["e", "f"]


def test_pass_is_idempotent() -> None:
    path = ROOT / "fixtures" / "rcl" / "pubs2_repdefs.sql"
    once = analyze_bytes(str(path), path.read_bytes(), Options())
    assert passes.run(once) == once
    assert link_replication(once) == once


def test_tables_of_another_file_resolve(tmp_path: Path) -> None:
    (tmp_path / "a_tables.sql").write_text(
        "sp_addtype code, 'char(4)'\ngo\n"
        "create table publishers (pub_id code, name varchar(40) null)\ngo\n"
    )
    (tmp_path / "b_rcl.sql").write_text(
        "create replication definition publishers with primary at DS.db"
        " (pub_id char(4), name varchar(30)) primary key (pub_id)\ngo\n"
        "sp_primarykey publishers, pub_id\ngo\n"
        "sp_setreptable publishers, true\ngo\n"
    )
    results, _ = analyze_paths([str(tmp_path)], Options(dialect="sybase"))
    tables, rcl = results
    (defn,) = rcl.replication_definitions
    assert defn.resolved and defn.table_path == str(tmp_path / "a_tables.sql")
    assert [d.code for d in rcl.diagnostics] == ["R003"]  # varchar(30) vs varchar(40)
    assert all(c.applied for c in rcl.table_changes)
    (table,) = tables.tables
    assert table.primary_key is not None and table.primary_key.declared_by == "sp_primarykey"
    assert table.replication is not None and table.replication.replicated is True
    # alone, the definition is unresolved, with a diagnostic
    alone = analyze_bytes("b.sql", (tmp_path / "b_rcl.sql").read_bytes(), Options())
    assert sorted({d.code for d in alone.diagnostics}) == ["R001", "R007"]
    assert alone.replication_definitions[0].resolved is False


def test_context_merges_in_order() -> None:
    a = analyze("create table t (a int)\ngo\n")
    b = analyze("sp_primarykey t, a\ngo\n")
    context = replication_context([a, b])
    assert [s.name.name for s in context.tables] == ["t"]
    assert [c.procedure for c in context.table_changes] == ["sp_primarykey"]
    linked = link_replication(a, replication=context)
    assert linked.tables[0].primary_key is not None
    assert all(d.severity is not Severity.ERROR for d in linked.diagnostics)
