"""The T rules' checks: SQL Server's deprecated text / ntext / image (T002) and the
timestamp synonym of rowversion (T003), on small inline DDL.

Spans are asserted at the column (line and column of the column definition), not at
the table; the platform a table is checked for is its dialect's (tsql -> mssql,
sybase -> ase) unless ``--platform`` (``SizingSettings.platform``) says otherwise.
"""

from __future__ import annotations

import pytest

from analyzer import passes
from analyzer.core import Options, analyze_bytes
from analyzer.ir import FileResult, Severity
from analyzer.rules import types
from analyzer.rules.engine import FileContext, run_checks
from analyzer.rules.registry import Finding
from analyzer.settings import SizingSettings

CHECKS = (types.DEPRECATED_LOB_TYPE, types.DEPRECATED_TIMESTAMP_SYNONYM)


def analyze(sql: str, dialect: str = "tsql") -> FileResult:
    return analyze_bytes("t.sql", sql.encode(), Options(dialect=dialect))


def lint(sql: str, dialect: str = "tsql", platform: str | None = None) -> list[Finding]:
    """The T002 / T003 findings, as ``ddlaudit lint`` runs them: after the sizing passes."""
    sizing = SizingSettings(platform=platform)
    result = passes.run(analyze(sql, dialect), passes.SIZING_RULES, sizing=sizing)
    return run_checks(CHECKS, "file", FileContext(result, (), sizing), result.path)


def where(findings: list[Finding]) -> list[tuple[str, str | None, int, int]]:
    return [(f.code, f.column, f.line, f.span.column if f.span else 0) for f in findings]


TSQL = """CREATE TABLE [dbo].[documents] (
    id int NOT NULL,
    title text NULL,
    body ntext NULL,
    scan image NULL,
    row_ver timestamp NOT NULL
)
GO
"""


def test_deprecated_types_are_reported_at_their_columns() -> None:
    found = lint(TSQL)
    assert where(found) == [
        ("T002", "title", 3, 5),
        ("T002", "body", 4, 5),
        ("T002", "scan", 5, 5),
        ("T003", "row_ver", 6, 5),
    ]
    for f in found:
        assert f.severity is Severity.WARNING and f.path == "t.sql"
        assert f.table == "dbo.documents" and f.subject == f"dbo.documents/{f.column}"
        # the column's span, not the table's: it ends on the column's own line
        assert f.span is not None and f.span.end_line == f.span.line


def test_span_covers_the_column_definition() -> None:
    (found,) = lint("CREATE TABLE t (a int,\n  b ntext NULL)")
    assert found.span is not None
    assert (found.span.line, found.span.column, found.span.end_column) == (2, 3, 15)


@pytest.mark.parametrize(
    ("declared", "replacement"),
    [
        ("text", "varchar(max)"),
        ("TEXT", "varchar(max)"),
        ("[text]", "varchar(max)"),
        ("ntext", "nvarchar(max)"),
        ("national text", "nvarchar(max)"),
        ("image", "varbinary(max)"),
    ],
)
def test_message_names_the_replacement(declared: str, replacement: str) -> None:
    (found,) = lint(f"CREATE TABLE t (id int, c {declared} NULL)")
    assert found.code == "T002" and found.column == "c"
    assert found.message.endswith(f"use {replacement}")


@pytest.mark.parametrize(
    "column", ["ts timestamp NOT NULL", "ts TimeStamp", "ts [timestamp]", "timestamp"]
)
def test_timestamp_in_any_spelling(column: str) -> None:
    # a bare "timestamp" is a column named timestamp of type timestamp (rowversion)
    (found,) = lint(f"CREATE TABLE t (id int,\n    {column})")
    assert (found.code, found.line, found.span.column if found.span else 0) == ("T003", 2, 5)
    assert "rowversion" in found.message


def test_the_replacements_are_not_reported() -> None:
    sql = (
        "CREATE TABLE [dbo].[documents] (id int NOT NULL, title varchar(max) NULL,\n"
        "  body nvarchar(max) NULL, scan varbinary(max) NULL, row_ver rowversion NOT NULL,\n"
        "  created datetime2 NOT NULL, notes varchar(8000) NULL)"
    )
    assert lint(sql) == []


def test_alias_type_of_a_deprecated_type() -> None:
    sql = (
        "CREATE TYPE dbo.notes FROM ntext\nGO\n"
        "CREATE TABLE [dbo].[t] (id int NOT NULL,\n    remark dbo.notes NULL)\nGO\n"
    )
    (found,) = lint(sql)
    assert (found.code, found.column, found.line) == ("T002", "remark", 4)
    assert "alias type dbo.notes" in found.message and "nvarchar(max)" in found.message


ASE = """create table documents (
    id int not null,
    title text null,
    body unitext null,
    scan image null,
    row_ver timestamp
)
go
"""


def test_ase_types_are_not_deprecated() -> None:
    assert lint(ASE, "sybase") == []
    assert lint(TSQL, "tsql", platform="ase") == []  # a tsql table checked for ASE


def test_sybase_table_checked_for_sql_server() -> None:
    found = lint(ASE, "sybase", platform="mssql")
    # unitext is no SQL Server type (mapped, D40): not T002's business
    assert where(found) == [
        ("T002", "title", 3, 5),
        ("T002", "scan", 5, 5),
        ("T003", "row_ver", 6, 5),
    ]


@pytest.mark.parametrize("platform", [None, "mssql"])
@pytest.mark.parametrize(
    ("dialect", "sql"),
    [
        ("teradata", "CREATE MULTISET TABLE t (a INTEGER, b TIMESTAMP(0)) PRIMARY INDEX (a);"),
        ("hirdb", "CREATE TABLE t (a INT, b TIMESTAMP) IN RU01;"),
    ],
)
def test_iso_timestamps_are_not_rowversion(dialect: str, sql: str, platform: str | None) -> None:
    assert lint(sql, dialect, platform) == []


def test_rules_apply_to_sql_server_only() -> None:
    for rule in CHECKS:
        assert rule.platforms == ("mssql",) and rule.level == "file"
        assert rule.severity is Severity.WARNING and rule.check is not None
        assert rule.applies_to("mssql") and not rule.applies_to("ase")
        assert not rule.applies_to("teradata") and not rule.applies_to("hirdb")
    assert types.UNRESOLVED_TYPE.check is None and types.UNRESOLVED_TYPE.platforms == ()


def test_checks_run_on_a_file_that_did_not_parse() -> None:
    result = analyze("CREATE TABLE t (a int b text)")
    assert result.tables == ()
    assert run_checks(CHECKS, "file", FileContext(result), result.path) == []
