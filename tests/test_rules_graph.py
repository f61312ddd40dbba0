"""Graph rules G001-G003 (analyzer/rules/graph.py): cycles, self-references and orphans of
one scope, through ``workflow.lint`` as ``ddlaudit lint`` runs them."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from analyzer.config import LintSettings
from analyzer.core import Options
from analyzer.ir import (
    Column,
    Constraint,
    ConstraintKind,
    DataType,
    FileResult,
    QualifiedName,
    Severity,
    Table,
)
from analyzer.rules import get
from analyzer.rules import graph as rules
from analyzer.rules.docs import split_fix
from analyzer.rules.engine import scope_context
from analyzer.rules.registry import Finding, Rule
from analyzer.rules.selection import resolve
from analyzer.workflow import lint


def _lint(tmp_path: Path, files: dict[str, str], *select: str) -> list[Finding]:
    """Each file written under ``tmp_path`` (one scope), linted with only ``select``."""
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    run = lint(
        [str(tmp_path)],
        Options(dialect="tsql"),
        Options().config.sizing,
        resolve(LintSettings(select=select or ("G",))),
    )
    return list(run.report.findings)


def _where(found: list[Finding]) -> list[tuple[str, str, int]]:
    return sorted((f.code, Path(f.path).name, f.line) for f in found)


DEPT = "CREATE TABLE dept (id int NOT NULL PRIMARY KEY, manager_id int NULL)\nGO\n"
EMP = (
    "CREATE TABLE emp (id int NOT NULL PRIMARY KEY,\n"
    "    dept_id int NOT NULL REFERENCES dept (id))\nGO\n"
    "ALTER TABLE dept ADD CONSTRAINT fk_manager FOREIGN KEY (manager_id) REFERENCES emp (id)\n"
    "GO\n"
)


# ------------------------------------------------------------------ G001


def test_g001_reports_a_cycle_once_at_the_key_to_defer(tmp_path: Path) -> None:
    (f,) = _lint(tmp_path, {"dept.sql": DEPT, "emp.sql": EMP}, "G001")
    assert (f.code, Path(f.path).name, f.line, f.severity) == (
        "G001",
        "emp.sql",
        4,
        Severity.WARNING,
    )
    assert f.message == (
        "foreign keys form a cycle among dept, emp: no order loads them with every key in "
        "place; create the key fk_manager (manager_id) of dept (-> emp) after loading (its "
        "columns allow NULL)"
    )
    assert f.table == "dept" and f.subject == "cycle:dept,emp"
    assert [(Path(s.file).name, s.line) for s in f.related] == [("emp.sql", 2)]


def test_g001_names_every_key_when_one_does_not_break_the_cycle(tmp_path: Path) -> None:
    ddl = "".join(
        f"CREATE TABLE {a} (id int NOT NULL PRIMARY KEY, b int NOT NULL REFERENCES {b} (id),"
        f" c int NOT NULL REFERENCES {c} (id))\nGO\n"
        for a, b, c in (("x", "y", "z"), ("y", "x", "z"), ("z", "x", "y"))
    )
    (f,) = _lint(tmp_path, {"t.sql": ddl}, "G001")
    assert "cycle among x, y, z" in f.message and "no key of the cycle allows NULL" in f.message
    assert f.message.count(" and the key ") == 2  # three keys break a complete graph of 3


def test_g001_ignores_sp_foreignkey_and_another_scopes_alter(tmp_path: Path) -> None:
    ase = (
        "create table a (id int not null, b_id int not null)\ngo\n"
        "create table b (id int not null, a_id int not null)\ngo\n"
        "sp_primarykey a, id\ngo\nsp_primarykey b, id\ngo\n"
        "sp_foreignkey a, b, b_id\ngo\nsp_foreignkey b, a, a_id\ngo\n"
    )
    (tmp_path / "ase").mkdir()
    (tmp_path / "ase" / "keys.sql").write_text(ase)
    run = lint(
        [str(tmp_path / "ase")],
        Options(dialect="sybase"),
        Options().config.sizing,
        resolve(LintSettings(select=("G",))),
    )
    assert run.report.findings == ()
    (tmp_path / "db").mkdir()
    (tmp_path / "db" / "dept.sql").write_text(DEPT + EMP.split("ALTER")[0])
    (tmp_path / "later").mkdir()
    (tmp_path / "later" / "m.sql").write_text("ALTER" + EMP.split("ALTER")[1])
    for marked in ("db", "later"):  # two scopes (two PATHs alone are one: D167)
        (tmp_path / marked / "ddlaudit.toml").write_text("")
    run = lint(
        [str(tmp_path / "db"), str(tmp_path / "later")],
        Options(dialect="tsql"),
        Options().config.sizing,
        resolve(LintSettings(select=("G001",))),
    )
    assert run.report.findings == ()


def test_g001_suppressed_on_the_deferred_keys_line(tmp_path: Path) -> None:
    emp = EMP.replace(
        "REFERENCES emp (id)\n", "REFERENCES emp (id) -- ddlaudit: ignore[G001] post-load\n"
    )
    assert _lint(tmp_path, {"dept.sql": DEPT, "emp.sql": emp}, "G001") == []


def test_g001_fingerprint_does_not_depend_on_the_key_chosen(tmp_path: Path) -> None:
    (a,) = _lint(tmp_path / "one", {"dept.sql": DEPT, "emp.sql": EMP}, "G001")
    not_null = DEPT.replace("manager_id int NULL", "manager_id int NOT NULL")
    nullable = EMP.replace("dept_id int NOT NULL", "dept_id int NULL")
    (b,) = _lint(tmp_path / "two", {"dept.sql": not_null, "emp.sql": nullable}, "G001")
    assert "create the key (dept_id) of emp" in b.message  # now emp's key is deferred
    assert a.subject == b.subject


# ------------------------------------------------------------------ G002


def test_g002_says_what_the_load_needs(tmp_path: Path) -> None:
    ddl = (
        "CREATE TABLE emp (id int NOT NULL PRIMARY KEY,\n"
        "    boss int NULL CONSTRAINT fk_boss REFERENCES emp (id))\nGO\n"
        "CREATE TABLE node (a int NOT NULL, b int NOT NULL, pa int NOT NULL, pb int NOT NULL,\n"
        "    PRIMARY KEY (a, b), FOREIGN KEY (pa, pb) REFERENCES node (a, b))\nGO\n"
    )
    found = _lint(tmp_path, {"t.sql": ddl}, "G002")
    assert _where(found) == [("G002", "t.sql", 2), ("G002", "t.sql", 5)]
    boss, node = sorted(found, key=lambda f: f.line)
    assert boss.severity is Severity.INFO
    assert boss.message.startswith("foreign key fk_boss (boss) of emp references emp itself: ")
    assert "load the rows with boss NULL" in boss.message
    assert "pa, pb are NOT NULL" in node.message and "created after loading" in node.message
    assert (boss.subject, node.subject) == ("emp/constraint:fk_boss", "node/fk:pa,pb")


def test_g002_is_not_a_cycle_and_sp_foreignkey_to_itself_is_not_reported(tmp_path: Path) -> None:
    ddl = "CREATE TABLE emp (id int NOT NULL PRIMARY KEY, boss int NULL REFERENCES emp (id))\n"
    assert _where(_lint(tmp_path / "tsql", {"t.sql": ddl})) == [("G002", "t.sql", 1)]
    ase = (
        "create table emp (id int not null, boss int null)\ngo\n"
        "sp_primarykey emp, id\ngo\nsp_foreignkey emp, emp, boss\ngo\n"
    )
    (tmp_path / "ase").mkdir()
    (tmp_path / "ase" / "k.sql").write_text(ase)
    run = lint(
        [str(tmp_path / "ase")],
        Options(dialect="sybase"),
        Options().config.sizing,
        resolve(LintSettings(select=("G",))),
    )
    assert run.report.findings == ()


# ------------------------------------------------------------------ G003


def test_g003_is_opt_in() -> None:
    rule = get("G003")
    assert rule is not None and not rule.enabled_by_default and rule.level == "scope"
    assert "G003" not in resolve(LintSettings()).enabled
    assert {"G001", "G002"} <= resolve(LintSettings()).enabled


def test_g003_reports_tables_nothing_relates(tmp_path: Path) -> None:
    ddl = (
        "CREATE TABLE a (id int NOT NULL PRIMARY KEY)\nGO\n"
        "CREATE TABLE b (id int NOT NULL PRIMARY KEY, a_id int REFERENCES a (id))\nGO\n"
        "CREATE TABLE log (id int NOT NULL)\nGO\n"
        "CREATE TABLE tree (id int PRIMARY KEY, up int REFERENCES tree (id))\nGO\n"
        "CREATE TABLE ext (id int PRIMARY KEY, x int REFERENCES elsewhere (id))\nGO\n"
        "CREATE TABLE #tmp (id int)\nGO\nCREATE TABLE tempdb..t (id int)\nGO\n"
        "CREATE TABLE log (id int NOT NULL)\nGO\n"
    )
    found = _lint(tmp_path, {"t.sql": ddl}, "G003")
    assert [(f.table, f.line) for f in found] == [("log", 5), ("tree", 7)]
    assert (
        found[0].message
        == f"table log has no foreign key to or from another table of scope {tmp_path}"
    )


def test_g003_quiet_on_a_scope_of_one_table(tmp_path: Path) -> None:
    assert _lint(tmp_path, {"t.sql": "CREATE TABLE a (id int)\n"}, "G003") == []


def test_g003_sp_commonkey_is_a_link(tmp_path: Path) -> None:
    ase = (
        "create table a (id int not null)\ngo\ncreate table b (id int not null)\ngo\n"
        "sp_commonkey a, b, id, id\ngo\n"
    )
    (tmp_path / "k.sql").write_text(ase)
    run = lint(
        [str(tmp_path)],
        Options(dialect="sybase"),
        Options().config.sizing,
        resolve(LintSettings(select=("G003",))),
    )
    assert run.report.findings == ()


def test_g003_a_name_of_two_databases_is_two_tables(tmp_path: Path) -> None:
    # D201: USE sales and USE archive each create a log; each is an orphan, shown with its
    # database; the linked tables of each database are not
    ddl = (
        "USE {db}\nGO\nCREATE TABLE log (id int NOT NULL)\nGO\n"
        "CREATE TABLE p (id int NOT NULL PRIMARY KEY)\nGO\n"
        "CREATE TABLE {child} (id int NOT NULL, p_id int REFERENCES p (id))\nGO\n"
    )
    found = _lint(
        tmp_path,
        {
            "a.sql": ddl.format(db="sales", child="c1"),
            "b.sql": ddl.format(db="archive", child="c2"),
        },
        "G003",
    )
    assert [(Path(f.path).name, f.line, f.table) for f in found] == [
        ("a.sql", 3, "log"),
        ("b.sql", 3, "log"),
    ]
    assert [f.message.split(" has ")[0] for f in found] == [
        "table sales.dbo.log",
        "table archive.dbo.log",
    ]


def test_g002_of_each_database(tmp_path: Path) -> None:
    ddl = (
        "USE {db}\nGO\n"
        "CREATE TABLE emp (id int NOT NULL PRIMARY KEY, boss int NULL REFERENCES emp (id))\nGO\n"
    )
    found = _lint(tmp_path, {"a.sql": ddl.format(db="sales"), "b.sql": ddl.format(db="hr")}, "G002")
    assert [(Path(f.path).name, f.line, f.table) for f in found] == [
        ("a.sql", 3, "sales.dbo.emp"),
        ("b.sql", 3, "hr.dbo.emp"),
    ]


# ------------------------------------------------------------------ the docs' examples


@pytest.mark.parametrize("rule", rules.RULES, ids=lambda r: r.code)
def test_each_rules_example_breaks_it_and_its_fix_does_not(tmp_path: Path, rule: Rule) -> None:
    _, fix = split_fix(rule.fix)
    assert fix is not None
    assert _lint(tmp_path / "example", {"e.sql": rule.example}, rule.code)
    assert _lint(tmp_path / "fix", {"f.sql": fix}, rule.code) == []


# ------------------------------------------------------------------ scale


def _table(i: int, parents: list[int]) -> Table:
    int_type = DataType("int", "INT", "integer")
    columns = (
        Column("id", 1, int_type, False, True),
        *(Column(f"p{k}", k + 2, int_type, False, True) for k in range(len(parents))),
    )
    keys = (
        Constraint(ConstraintKind.PRIMARY_KEY, ("id",)),
        *(
            Constraint(
                ConstraintKind.FOREIGN_KEY, (f"p{k}",), None, None, QualifiedName(f"t{p}"), ("id",)
            )
            for k, p in enumerate(parents)
        ),
    )
    return Table(QualifiedName(f"t{i}"), "tsql", columns, keys)


def test_a_large_scope_is_checked_in_linear_time() -> None:
    """20,000 tables in chains with a 2-cycle every 100 tables: a fraction of a second."""
    count = 20_000
    tables = [
        _table(i, [i - 1] if i % 100 else [i + 1] if i + 1 < count else []) for i in range(count)
    ]
    results = [FileResult("big.sql", "tsql", "utf-8", tables=tuple(tables))]
    ctx = scope_context("big", results)
    started = time.perf_counter()
    found = list(rules.foreign_key_cycle(ctx))
    found += list(rules.self_referencing_foreign_key(ctx))
    found += list(rules.orphan_table(ctx))
    elapsed = time.perf_counter() - started
    assert len([f for f in found if f.code == "G001"]) == count // 100
    assert elapsed < 10, elapsed
