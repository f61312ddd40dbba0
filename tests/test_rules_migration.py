"""The change-safety rules (M) on hand-built changes: what each reports and what it leaves
alone (the fixtures in fixtures/rules/Mnnn/ check each rule end to end)."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.config import Config, LintSettings
from analyzer.core import Options
from analyzer.diff import diff
from analyzer.rules import catalogue, get
from analyzer.rules.migration import narrowing
from analyzer.rules.selection import resolve
from analyzer.types import read_type


def _type(text: str) -> object:
    return read_type(text, {"NVARCHAR": "nvarchar", "MONEY": "money", "DATETIME2": "timestamp"})


@pytest.mark.parametrize(
    ("old", "new", "narrowed"),
    [
        ("varchar(50)", "varchar(20)", True),
        ("varchar(50)", "varchar(max)", False),
        ("varchar(max)", "varchar(8000)", True),
        ("nvarchar(10)", "varchar(10)", True),
        ("varchar(10)", "nvarchar(10)", False),
        ("int", "smallint", True),
        ("int", "bigint", False),
        ("int", "decimal(10,0)", False),
        ("int", "decimal(9,0)", True),
        ("decimal(10,2)", "decimal(12,2)", False),
        ("decimal(10,2)", "decimal(10,1)", True),
        ("decimal(10,2)", "int", True),
        ("money", "decimal(19,4)", False),
        ("money", "decimal(18,2)", True),
        ("datetime2(7)", "datetime2(3)", True),
        ("datetime2(7)", "date", True),
        ("date", "datetime2(7)", False),
        ("int", "varchar(40)", False),
        ("int", "char(5)", True),
        ("float(53)", "float(24)", True),
    ],
)
def test_narrowing(old: str, new: str, narrowed: bool) -> None:
    assert (narrowing(_type(old), _type(new)) is not None) is narrowed  # type: ignore[arg-type]


def test_m_rules_are_diff_level_and_lint_never_runs_them() -> None:
    m = [r for r in catalogue() if r.family == "migration"]
    assert [r.code for r in m] == [f"M00{i}" for i in range(1, 8)]
    assert all(r.level == "diff" and r.check is not None for r in m)
    from analyzer.workflow import lint

    root = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "M001" / "fail" / "head"
    run = lint([str(root)], Options(config=Config()), Config().sizing, resolve(LintSettings()))
    assert not [f for f in run.report.findings if f.code.startswith("M")]


def _diff(
    tmp_path: Path, base: str, head: str, dialect: str, **kw: object
) -> list[tuple[str, int]]:
    for side, text in (("base", base), ("head", head)):
        (tmp_path / side).mkdir(exist_ok=True)
        (tmp_path / side / "s.sql").write_text(text, encoding="utf-8")
    result = diff(
        str(tmp_path / "base"),
        str(tmp_path / "head"),
        selection=resolve(LintSettings(select=("M",))),
        options=Options(dialect=dialect, config=Config()),
        **kw,  # type: ignore[arg-type]
    )
    return sorted((x.finding.code, x.finding.line) for x in result.new)


def test_m003_column_of_a_replication_definition_and_a_publication(tmp_path: Path) -> None:
    base = (
        "create table acct (id int not null primary key, bal money not null,\n"
        "    memo varchar(10) null)\ngo\n"
        "create replication definition acct_rd with primary at DS.db\n"
        "with all tables named 'acct' (id int, bal money, memo varchar(10)) primary key (id)\ngo\n"
    )
    head = base.replace(",\n    memo varchar(10) null)", ")")
    assert _diff(tmp_path, base, head, "sybase") == [("M003", 2)]
    # The definition altered in the same change: nothing uses the column any more.
    fixed = head.replace(", memo varchar(10))", ")")
    assert _diff(tmp_path, base, fixed, "sybase") == []


def test_m005_only_where_the_platform_refuses_the_table(tmp_path: Path) -> None:
    base = "CREATE TABLE t (id int NOT NULL PRIMARY KEY, a char(4000) NOT NULL);\n"
    head = base.replace("a char(4000) NOT NULL", "a char(4000) NOT NULL,\n  b char(4100) NULL")
    # SQL Server: a minimum row of 8,108 bytes is Msg 1701 (refused)
    assert _diff(tmp_path, base, head, "tsql") == [("M005", 2)]
    # ASE creates a row longer than its page allows with a warning (S002): no second M005
    assert _diff(tmp_path, base, head, "tsql", platforms=("ase",)) == [("M005", 2)]
    varying = head.replace("b char(4100)", "b varchar(4100)")
    # variable-length growth moves to row-overflow pages: SQL Server accepts it
    assert _diff(tmp_path, base, varying, "tsql") == []


def test_m005_points_at_the_column_that_grew_the_row_most(tmp_path: Path) -> None:
    base = "CREATE TABLE t (id int NOT NULL PRIMARY KEY, a varchar(100) NULL);\n"
    head = base.replace(
        "a varchar(100) NULL",
        "a varchar(100) NULL,\n  status char(10) NOT NULL DEFAULT 'x',\n  big nchar(4030) NULL,"
        "\n  small int NULL",
    )
    # 8,060 fixed bytes of nchar(4030) take the minimum row over 8,060 (Msg 1701): the
    # finding is on big's line
    assert _diff(tmp_path, base, head, "tsql") == [("M005", 3)]


def test_m004_quiet_for_a_table_not_replicated(tmp_path: Path) -> None:
    base = "create table t (id int not null, k int not null, primary key (id))\ngo\n"
    head = base.replace("primary key (id)", "primary key (id, k)")
    assert _diff(tmp_path, base, head, "sybase") == []
    marked = "exec sp_setreptable 't', 'true'\ngo\n"
    assert _diff(tmp_path, base + marked, head + marked, "sybase") == [("M004", 1)]


def test_every_m_rule_documents_the_change() -> None:
    for code in ("M001", "M002", "M003", "M004", "M005", "M006", "M007"):
        rule = get(code)
        assert rule is not None and "-- BASE" in rule.example and "-- HEAD" in rule.example
