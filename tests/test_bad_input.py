"""Bad input never raises and never loses the good statements around it."""

from __future__ import annotations

import random

import pytest

from analyzer.core import Options, analyze_bytes
from analyzer.ir import Severity

GOOD = "CREATE TABLE good{n} (id int NOT NULL, name varchar(20) NULL);\n"


def _codes(result_diags: tuple[object, ...]) -> list[str]:
    return [d.code for d in result_diags]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "bad",
    [
        "CREATE TABLE broken (id int NOT NULL, name varchar(20)",  # truncated
        "CREATE TABLE broken (id int NOT NULL, name varchar(20)));",  # unbalanced
        "CREATE TABLE broken (id int NOT NULL name varchar(20));",  # missing comma
        "CREATE TABLE broken (id decimal(10,;",
        "CREATE TABLE broken (id int, note varchar(10) DEFAULT 'unterminated);",
        "CREATE TABLE broken ();",
        "CREATE TABLE",
    ],
)
def test_one_bad_statement_keeps_the_others(bad: str) -> None:
    text = GOOD.format(n=1) + bad + "\nGO\n" + GOOD.format(n=2)
    result = analyze_bytes("mixed.sql", text.encode(), Options(dialect="tsql"))
    names = [t.name.name for t in result.tables]
    assert "good1" in names and "good2" in names
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert errors, "the bad statement must be reported"
    for d in errors:
        assert d.span is not None and d.span.line >= 2
        assert d.source_line is not None


def test_diagnostic_points_at_the_offending_token() -> None:
    text = "CREATE TABLE t (\n  a int,\n  b int c int\n);\n"
    result = analyze_bytes("t.sql", text.encode(), Options(dialect="tsql"))
    (d,) = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert d.span is not None and (d.span.line, d.span.column) == (3, 9)
    assert d.source_line == "  b int c int"


def test_binary_file() -> None:
    data = bytes(random.Random(7).randrange(256) for _ in range(4096)) + b"\x00\x00\x00"
    result = analyze_bytes("blob.sql", data)
    assert "D002" in _codes(result.diagnostics)
    assert result.tables == ()


def test_empty_file() -> None:
    result = analyze_bytes("empty.sql", b"")
    assert result.tables == () and result.ok


def test_mixed_encodings_report_and_go_on() -> None:
    data = "-- café\nCREATE TABLE a (x int);\n".encode() + "-- crème\n".encode("cp1252")
    data += b"CREATE TABLE b (y int);\n"
    result = analyze_bytes("mixed.sql", data, Options(dialect="tsql"))
    assert [t.name.name for t in result.tables] == ["a", "b"]
    assert "D004" in _codes(result.diagnostics)


def test_utf16_with_bom() -> None:
    text = "CREATE TABLE [dbo].[Ü] ([nom] nvarchar(10) NOT NULL)\nGO\n"
    result = analyze_bytes("u16.sql", text.encode("utf-16"))
    assert result.encoding and result.encoding.startswith("utf-16")
    assert result.tables[0].name.name == "Ü"


def test_fifty_megabyte_file() -> None:
    # A data dump: 50 MB of INSERTs (split and skipped, not parsed) around a few
    # tables and one broken statement in the middle.
    row = "INSERT INTO good1 VALUES (1, 'some padding text to make the row longer');\n"
    chunk = row * (5 * 1024 * 1024 // len(row))
    bad = "CREATE TABLE broken (id int NOT NULL name varchar(20));\n"
    parts = [GOOD.format(n=i) + chunk for i in range(5)] + [bad]
    parts += [GOOD.format(n=i) + chunk for i in range(5, 10)]
    text = "".join(parts)
    assert len(text) >= 50 * 1024 * 1024
    result = analyze_bytes("big.sql", text.encode(), Options(dialect="tsql"))
    assert [t.name.name for t in result.tables] == [f"good{i}" for i in range(10)]
    (err,) = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert err.span is not None
    assert err.span.line == text[: text.index(bad)].count("\n") + 1
    assert len(result.skipped) == 10 * chunk.count("\n")


@pytest.mark.parametrize(
    "statement",
    [
        # sqlglot's option loops never advance on an unknown option: must not hang
        "CREATE TABLE dbo.t (a int) WITH (SYSTEM_VERSIONING = ON (garbage here, more junk))",
        "CREATE TABLE dbo.t (a int) WITH (DATA_DELETION = ON (nonsense))",
    ],
)
def test_statements_sqlglot_would_loop_on_give_a_syntax_error(statement: str) -> None:
    data = f"{statement}\nGO\nCREATE TABLE dbo.u (b int)\nGO\n".encode()
    result = analyze_bytes("loop.sql", data, Options(dialect="tsql"))
    assert [t.name.name for t in result.tables] == ["u"]
    (diag,) = result.diagnostics
    assert diag.code == "P001" and "no progress" in diag.message
    assert diag.span is not None and diag.span.line == 1 and diag.span.column > 40


def test_sqlglot_internal_error_on_bad_input_is_a_syntax_error_not_a_crash() -> None:
    # A truncated bracketed name makes sqlglot's Teradata parser raise AttributeError.
    data = (
        b"CREATE TABLE [dbo].[BACK\n (\n id INTEGER NOT NULL,\n"
        b" label VARCHAR(40) CHARACTER SET LATIN NOT CASESPECIFIC)\nUNIQUE PRIMARY INDEX ( id );"
    )
    result = analyze_bytes("trunc.sql", data, Options(dialect="teradata"))
    (diag,) = result.diagnostics
    assert diag.code == "P001" and "AttributeError in sqlglot" in diag.message
    assert diag.span is not None and diag.span.line > 1


@pytest.mark.parametrize("dialect", ["tsql", "teradata", "hirdb", "sybase"])
@pytest.mark.parametrize("quote", ["'", '"', "["])
def test_an_unclosed_quote_loses_only_its_own_statement(dialect: str, quote: str) -> None:
    if quote == "[" and dialect in ("teradata", "hirdb"):
        pytest.skip("no bracketed names in this dialect")
    text = (
        GOOD.format(n=1)
        + f"CREATE TABLE broken (x char(1) DEFAULT {quote}oops, y int);\n"
        + GOOD.format(n=2)
    )
    result = analyze_bytes("q.sql", text.encode(), Options(dialect=dialect))
    assert [t.name.name for t in result.tables] == ["good1", "good2"]
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert errors and all(d.span is not None and d.span.line == 2 for d in errors)


def test_compiled_sqlglot_is_one_clear_error_per_file(monkeypatch: pytest.MonkeyPatch) -> None:
    import analyzer.core

    monkeypatch.setattr(analyzer.core, "compiled_sqlglot", lambda: "/x/parser.cpython-311.so")
    result = analyze_bytes("c.sql", (GOOD.format(n=1) + GOOD.format(n=2)).encode())
    assert result.tables == ()
    assert [d.code for d in result.diagnostics] == ["P006"]
    assert "pip uninstall sqlglotc" in result.diagnostics[0].message


def test_the_pure_sqlglot_build_is_in_use() -> None:
    from grammars.base import compiled_sqlglot

    assert compiled_sqlglot() is None


@pytest.mark.parametrize("dialect", ["tsql", "sybase", "teradata", "hirdb"])
@pytest.mark.parametrize(
    "statement",
    [
        "CREATE TABLE broken (id int NULL,, name varchar(20))",
        "CREATE TABLE broken (id int NULL, name varchar(20),, PRIMARY KEY (id))",
        "CREATE TABLE broken (, id int NULL)",
    ],
)
def test_an_empty_element_between_commas_is_an_error(dialect: str, statement: str) -> None:
    """sqlglot skips an element that parses to nothing: without a diagnostic the table
    would pass as if the list were well formed."""
    text = f"{statement};\n{GOOD.format(n=1)}"
    result = analyze_bytes("commas.sql", text.encode(), Options(dialect=dialect))
    assert [t.name.name for t in result.tables] == ["good1"]
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert [d.code for d in errors] == ["P001"]
    assert errors[0].span is not None
    assert statement[errors[0].span.column - 1] == ","
    assert "before ','" in errors[0].message
