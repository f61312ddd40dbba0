"""CREATE statements inside IF / BEGIN ... END blocks are analysed, not lost."""

from __future__ import annotations

from analyzer.core import Options, analyze_bytes

SSMS = """\
IF NOT EXISTS (SELECT * FROM sys.objects WHERE object_id = OBJECT_ID(N'[dbo].[T1]'))
BEGIN
CREATE TABLE [dbo].[T1](
    [id] [int] NOT NULL,
    [name] [nvarchar](50) NULL
) ON [PRIMARY]
END
GO
IF OBJECT_ID('dbo.T2') IS NULL
    CREATE TABLE dbo.T2 (a int NOT NULL, b int NULL)
GO
IF 1 = 1
BEGIN
    CREATE TABLE dbo.T3 (a int)
    CREATE TABLE dbo.T4 (b bigint)
END
GO
IF OBJECT_ID('dbo.T5') IS NULL
    EXEC('CREATE TABLE dbo.T5 (a int)')
GO
"""


def test_tables_in_control_flow_blocks() -> None:
    result = analyze_bytes("deploy.sql", SSMS.encode(), Options(dialect="tsql"))
    assert result.ok, result.diagnostics
    assert [t.name.name for t in result.tables] == ["T1", "T2", "T3", "T4"]
    t1 = result.tables[0]
    assert t1.span is not None and (t1.span.line, t1.span.column) == (3, 1)
    assert [c.name for c in t1.columns] == ["id", "name"]
    assert t1.columns[1].span is not None and t1.columns[1].span.line == 5
    # The blocks themselves are still recorded as skipped, saying why.
    blocks = [s for s in result.skipped if s.kind == "if"]
    assert len(blocks) == 4
    assert "analysed" in blocks[0].reason
    # Dynamic SQL in a string is not a statement of the script.
    assert "analysed" not in blocks[3].reason


def test_broken_table_in_a_block_is_reported_where_it_is() -> None:
    text = "IF 1 = 1\nBEGIN\n  CREATE TABLE t (a int b int)\nEND\n"
    result = analyze_bytes("b.sql", text.encode(), Options(dialect="tsql"))
    (err,) = result.diagnostics
    assert err.code == "P001" and err.span is not None and err.span.line == 3


def test_statements_in_one_batch_without_terminators() -> None:
    text = (
        "create table a (x int not null)\ngrant select on a to public\ncreate table b (y int)\ngo\n"
    )
    result = analyze_bytes("batch.sql", text.encode(), Options(dialect="tsql"))
    assert result.ok, result.diagnostics
    assert [t.name.name for t in result.tables] == ["a", "b"]
    assert [s.kind for s in result.skipped] == ["grant"]
    b = result.tables[1]
    assert b.span is not None and b.span.line == 3


def test_several_sp_addtype_in_one_batch() -> None:
    text = (
        "exec sp_addtype id, 'varchar(11)', 'not null'\n"
        "exec sp_addtype tid, 'varchar(6)', 'not null'\n"
        "go\n"
        "create table t (a id, b tid null)\ngo\n"
    )
    result = analyze_bytes("types.sql", text.encode(), Options(dialect="sybase"))
    assert result.ok, result.diagnostics
    assert [str(u.name) for u in result.user_types] == ["id", "tid"]
    a, b = result.tables[0].columns
    assert (a.user_type, a.type.length, a.nullable) == ("id", 11, False)
    assert (b.user_type, b.type.length, b.nullable) == ("tid", 6, True)


def test_routine_bodies_are_not_cut() -> None:
    text = "create procedure p as\ncreate table #work (x int)\ninsert #work values (1)\ngo\n"
    result = analyze_bytes("proc.sql", text.encode(), Options(dialect="tsql"))
    assert result.tables == ()
    assert [s.kind for s in result.skipped] == ["create procedure"]


def test_keywords_inside_strings_do_not_cut() -> None:
    text = "create table a (x varchar(40) default '\ngrant me')\ngo\n"
    result = analyze_bytes("s.sql", text.encode(), Options(dialect="tsql"))
    assert [t.name.name for t in result.tables] == ["a"]
    assert result.skipped == ()
