"""Third-party script shapes the splitter cut wrongly (bench/coverage.py on public DDL)."""

from __future__ import annotations

from analyzer.core import Options, analyze_bytes
from analyzer.split import create_table_inside


def _tables(dialect: str, text: str) -> list[tuple[str, list[str]]]:
    result = analyze_bytes("t.sql", text.encode(), Options(dialect=dialect))
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []
    return [(t.name.name, [c.name for c in t.columns]) for t in result.tables]


def test_row_end_inside_a_begin_block_does_not_end_the_block() -> None:
    text = (
        "IF OBJECT_ID(N'dbo.t', N'U') IS NULL\n"
        "BEGIN\n"
        "    CREATE TABLE dbo.t (\n"
        "        a int NOT NULL,\n"
        "        f datetime2 GENERATED ALWAYS AS ROW START NOT NULL,\n"
        "        e datetime2 GENERATED ALWAYS AS ROW END NOT NULL,\n"
        "        PERIOD FOR SYSTEM_TIME (f, e)\n"
        "    );\n"
        "END;\n"
        "GO\n"
    )
    assert _tables("tsql", text) == [("t", ["a", "f", "e"])]


def test_a_number_after_the_last_word_stays_in_its_statement() -> None:
    text = (
        "IF OBJECT_ID('e') IS NOT NULL\n"
        "BEGIN\n"
        "    DROP TABLE e\n"
        "END\n"
        "\n"
        "CREATE TABLE e (id NUMERIC IDENTITY NOT NULL)\n"
        "LOCK DATAROWS\n"
        "WITH IDENTITY_GAP=1 -- a note\n"
        "\n"
        "CREATE UNIQUE INDEX e01u ON e(id)\n"
    )
    assert _tables("sybase", text) == [("e", ["id"])]


def test_a_column_named_like_a_statement_keyword_does_not_cut_the_batch() -> None:
    text = (
        "create table w (\nsp_code smallint NOT NULL,\nsp_year int NOT NULL\n)\nlock datarows\ngo\n"
    )
    assert _tables("sybase", text) == [("w", ["sp_code", "sp_year"])]


def test_a_create_table_behind_something_that_is_no_code_is_reported() -> None:
    text = "//create table statistic_y(\n//\tyear integer Not Null\n//)\n;\n"
    assert create_table_inside(text) is not None
    result = analyze_bytes("t.sql", text.encode(), Options(dialect="sybase"))
    assert result.tables == ()
    assert [d.code for d in result.diagnostics] == ["P007"]
