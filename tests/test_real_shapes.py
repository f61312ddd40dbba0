"""Shapes real SQL Server and ASE scripts use that the engines accept (issue 27): each
one was a false finding on a schema that deploys."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.core import Options, analyze_bytes
from analyzer.ir import ConstraintKind, FileResult


def _analyze(dialect: str, sql: str) -> FileResult:
    return analyze_bytes("t.sql", sql.encode(), Options(dialect=dialect))


@pytest.mark.parametrize("dialect", ["tsql", "sybase"])
def test_a_table_constraint_after_a_column_without_a_comma_is_the_tables(dialect: str) -> None:
    # CREATE TABLE (Transact-SQL): a key with its own column list is a table constraint
    sql = (
        "CREATE TABLE p (\n"
        "    Id int NOT NULL,\n"
        "    Name varchar(10) NOT NULL CONSTRAINT PK_P PRIMARY KEY CLUSTERED (Id)\n"
        "        CONSTRAINT FK_P FOREIGN KEY (Name) REFERENCES q (n) UNIQUE (Name, Id),\n"
        "    Other int NULL\n"
        ")\n"
    )
    result = _analyze(dialect, sql)
    assert result.diagnostics == ()
    (table,) = result.tables
    assert [c.name for c in table.columns] == ["Id", "Name", "Other"]
    assert [(c.kind, c.name, c.columns) for c in table.constraints] == [
        (ConstraintKind.PRIMARY_KEY, "PK_P", ("Id",)),
        (ConstraintKind.FOREIGN_KEY, "FK_P", ("Name",)),
        (ConstraintKind.UNIQUE, None, ("Name", "Id")),
    ]
    assert table.primary_key is not None and table.primary_key.span is not None
    assert name_span(sql, table.columns[1]) == "Name varchar(10) NOT NULL"
    span = table.primary_key.span
    assert sql[span.start : span.end] == "CONSTRAINT PK_P PRIMARY KEY CLUSTERED (Id)"


def name_span(sql: str, column: object) -> str:
    span = column.span  # type: ignore[attr-defined]
    return sql[span.start : span.end]


def test_a_column_level_key_without_a_list_stays_the_columns() -> None:
    result = _analyze("tsql", "CREATE TABLE p (Id int NOT NULL CONSTRAINT PK PRIMARY KEY, b int)")
    (table,) = result.tables
    assert table.primary_key is not None and table.primary_key.columns == ("Id",)


def test_no_false_key_findings_for_a_comma_less_primary_key(tmp_path: object) -> None:
    sql = (
        "CREATE TABLE dbo.Parent (Id int NOT NULL, Name varchar(10) NOT NULL"
        " CONSTRAINT PK_Parent PRIMARY KEY CLUSTERED (Id))\nGO\n"
        "CREATE TABLE dbo.Child (Id int NOT NULL PRIMARY KEY, ParentId int NOT NULL"
        " CONSTRAINT FK_C FOREIGN KEY (ParentId) REFERENCES dbo.Parent (Id))\nGO\n"
    )
    path = f"{tmp_path}/t.sql"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(sql)
    result = CliRunner().invoke(main, ["lint", path, "--dialect", "tsql", "--format", "json"])
    codes = {f["code"] for f in json.loads(result.stdout)["findings"]}
    assert codes & {"K001", "K006"} == set()


@pytest.mark.parametrize("written", ["geography", "[sys].[geography]", "sys.geometry"])
def test_sql_server_system_types_in_the_sys_schema_are_built_in(written: str) -> None:
    result = _analyze("tsql", f"CREATE TABLE t (id int NOT NULL, shape {written} NULL)")
    assert result.tables[0].columns[1].type.family == "spatial"


def test_every_statement_of_a_batch_is_analysed() -> None:
    sql = (
        "execute sp_addtype id_t, 'varchar(11)', 'NOT NULL'\n"
        "execute sp_addtype tid, 'varchar(6)', 'NOT NULL'\n"
        "execute sp_addtype empid, 'char(9)', 'NOT NULL'\n"
        "raiserror 15600 'types added'\n"
        "GO\n"
        "drop table a\n"
        "drop table b\n"
        "GO\n"
    )
    result = _analyze("sybase", sql)
    assert result.diagnostics == ()
    assert [u.name.name for u in result.user_types] == ["id_t", "tid", "empid"]
    assert [s.kind for s in result.skipped] == ["raiserror", "drop table", "drop table"]


def test_a_create_table_after_a_block_end_in_one_batch_is_analysed() -> None:
    sql = (
        "DECLARE @Reset BIT = 1;\nIF @Reset = 1\nBEGIN\n"
        "    IF OBJECT_ID(N'[dbo].[Cal]', N'U') IS NOT NULL\n    DROP TABLE [dbo].[Cal];\nEND\n\n"
        "CREATE TABLE [dbo].[Cal] ([Name] nvarchar(200) NOT NULL,"
        " CONSTRAINT [PK_Cal] PRIMARY KEY ([Name]));\nGO\n"
    )
    result = _analyze("tsql", sql)
    assert [t.name.name for t in result.tables] == ["Cal"]
    assert result.diagnostics == ()


def test_create_table_as_select_is_a_warning_not_an_error() -> None:
    # Azure Synapse CTAS runs on the engine: what is lost is the analysis (issue 27 item 6)
    sql = "CREATE TABLE stage.City WITH (DISTRIBUTION = REPLICATE) AS SELECT * FROM ext.City;\n"
    (diag,) = _analyze("tsql", sql).diagnostics
    assert (diag.code, diag.severity.value) == ("P005", "warning")
    assert _analyze("tsql", "CREATE TABLE t ();\n").diagnostics[0].severity.value == "error"


@pytest.mark.parametrize(
    ("path", "dialect"),
    [("db/tables_sybase.sql", "sybase"), ("ddl/sqlserver2008/schema.sql", "tsql")],
)
def test_a_file_name_decides_when_the_content_shows_nothing_of_its_own(
    path: str, dialect: str
) -> None:
    sql = b"CREATE TABLE job (name VARCHAR(100) NOT NULL, data IMAGE NULL)\ngo\n"
    result = analyze_bytes(path, sql)
    assert result.dialect == dialect and result.diagnostics == ()
    # content only one platform accepts still wins over the name
    ase = b"create table job (name varchar(10) not null) lock datarows\ngo\n"
    assert analyze_bytes("ddl/sqlserver/x.sql", ase).dialect == "sybase"


def test_ase_quoted_names_that_differ_in_case_are_two_columns() -> None:
    # ASE's default (binary) sort order makes identifiers case-sensitive; SQL Server's
    # default collations do not (Msg 2705 there)
    from analyzer.rules.engine import FileContext
    from analyzer.rules.schema import duplicate_column

    sql = 'create table "Mixed" (id int not null, "Cs_Data1" int null, "cs_data1" int null)\n'
    assert list(duplicate_column(FileContext(_analyze("sybase", sql)))) == []
    assert [f.code for f in duplicate_column(FileContext(_analyze("tsql", sql)))] == ["C001"]
    same = 'create table t (a int null, "A" int null, a int null)\n'
    assert [f.line for f in duplicate_column(FileContext(_analyze("sybase", same)))] == [1]


def test_a_clr_type_is_defined_and_says_why_it_is_not_sized(tmp_path: object) -> None:
    # CREATE TYPE (Transact-SQL): EXTERNAL NAME assembly_name [.class_name]
    sql = (
        "CREATE TYPE app.[Helper] EXTERNAL NAME AppClr.[AppClr.Helper];\nGO\n"
        "CREATE TABLE app.T (id INT NOT NULL PRIMARY KEY, h app.[Helper] NULL);\nGO\n"
    )
    result = _analyze("tsql", sql)
    assert result.diagnostics == ()
    (ut,) = result.user_types
    assert (str(ut.name), ut.base.family) == ("app.Helper", "clr")
    path = f"{tmp_path}/clr.sql"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(sql)
    result = CliRunner().invoke(main, ["lint", path, "--format", "json", "--fail-on", "never"])
    found = json.loads(result.stdout)["findings"]
    assert [f["code"] for f in found] == ["S001"]
    assert "CLR type" in found[0]["message"]
