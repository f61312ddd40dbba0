"""Words the platform does not reserve are names, whatever sqlglot makes of them (D119),
and the other third-party shapes fixed with them (D120): Teradata's ``#`` in names and
its identity options in any order."""

from __future__ import annotations

import re

import pytest
from sqlglot import exp
from sqlglot.tokens import Tokenizer

import grammars
from analyzer.core import Options, analyze_bytes
from analyzer.ir import FileResult
from analyzer.rules.words import reserved_words

#: grammar -> the platform of its reserved-word list (HiRDB has none: hirdb.txt is empty)
PLATFORMS = {"tsql": "mssql", "sybase": "ase", "teradata": "teradata"}

_WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


def _analyze(dialect: str, sql: str) -> FileResult:
    return analyze_bytes("t.sql", (sql + ";\n").encode(), Options(dialect=dialect))


def _candidates(dialect: str) -> list[str]:
    """sqlglot's keywords (its own and the grammar's tokenizer's), single words, less
    the platform's reserved words."""
    tokenizer = grammars.get(dialect).dialect.tokenizer_class
    words = {k for k in (*Tokenizer.KEYWORDS, *tokenizer.KEYWORDS) if _WORD.fullmatch(k)}
    return sorted(words - reserved_words(PLATFORMS[dialect]))


@pytest.mark.parametrize("dialect", sorted(PLATFORMS))
def test_every_unreserved_keyword_is_a_table_and_column_name(dialect: str) -> None:
    words = _candidates(dialect)
    assert len(words) > 100  # the loop covers sqlglot's keyword table, not a handful
    failures = []
    for word in words:
        for w in (word.lower(), word.upper()):
            result = _analyze(dialect, f"CREATE TABLE {w} ({w} int, b int)")
            shape = [(t.name.name, [c.name for c in t.columns]) for t in result.tables]
            if shape != [(w, [w, "b"])] or result.diagnostics:
                failures.append((w, shape, [d.message for d in result.diagnostics]))
    assert failures == []


#: Words the grammars read as keywords in context only, named by the issue that found
#: CONNECTION taking a column (SQL Graph, temporal, ledger tables).
_CONTEXT_WORDS = ("CONNECTION", "NODE", "EDGE", "LEDGER", "PERIOD", "GENERATED", "HIDDEN")


def _contextual(dialect: str) -> list[str]:
    """The single words the parser reads as constraint, property or table-item keywords
    (sqlglot's and the grammar's tables), plus :data:`_CONTEXT_WORDS`, less the
    platform's reserved words: the words that would take a column if misread."""
    parser = grammars.get(dialect).dialect.parser_class
    words = {
        w.upper()
        for table in (
            parser.CONSTRAINT_PARSERS,
            parser.PROPERTY_PARSERS,
            parser.SCHEMA_UNNAMED_CONSTRAINTS,
        )
        for w in table
        if _WORD.fullmatch(w)
    }
    return sorted((words | set(_CONTEXT_WORDS)) - reserved_words(PLATFORMS[dialect]))


@pytest.mark.parametrize("dialect", sorted(PLATFORMS))
def test_contextual_keywords_are_names_in_every_place_of_the_list(dialect: str) -> None:
    words = _contextual(dialect)
    assert "CONNECTION" in words and len(words) > 20
    failures = []
    for word in words:
        w = word.lower()
        for sql, shape in (
            (f"CREATE TABLE t (a int, {w} varchar(20) NULL, b int)", ("t", ["a", w, "b"])),
            (f"CREATE TABLE t ({w} int NOT NULL)", ("t", [w])),
            (f"CREATE TABLE {w} (a int, {w} int)", (w, ["a", w])),
        ):
            result = _analyze(dialect, sql)
            got = [(t.name.name, [c.name for c in t.columns]) for t in result.tables]
            if got != [shape] or result.diagnostics:
                failures.append((sql, got, [d.message for d in result.diagnostics]))
    assert failures == []


def test_a_graph_edge_connection_is_still_a_constraint() -> None:
    result = _analyze("tsql", "CREATE TABLE e (a int, CONNECTION (n1 TO n2)) AS EDGE")
    assert result.diagnostics == ()
    assert [c.name for c in result.tables[0].columns][-1] == "a"


@pytest.mark.parametrize(
    ("dialect", "sql", "table", "columns"),
    [
        # sqlglot's SQLite / MySQL / Spark keywords: plain words in these tokenizers
        (
            "tsql",
            "CREATE TABLE dbo.glob (qualify int NOT NULL, xor varchar(10))",
            "glob",
            ["qualify", "xor"],
        ),
        (
            "teradata",
            "CREATE TABLE db.regexp (rlike INTEGER, notnull CHAR(1))",
            "regexp",
            ["rlike", "notnull"],
        ),
        # keywords of the platform it does not reserve, in a table name
        ("tsql", "CREATE TABLE dbo.using (a int)", "using", ["a"]),
        ("sybase", "create table inner (outer int, cross int)", "inner", ["outer", "cross"]),
        ("sybase", "create table function (a int)", "function", ["a"]),
        (
            "teradata",
            "CREATE TABLE db.returning (tablesample INTEGER)",
            "returning",
            ["tablesample"],
        ),
        # a column named like a literal or a bare function
        (
            "sybase",
            "create table t (current_date datetime, true bit)",
            "t",
            ["current_date", "true"],
        ),
    ],
)
def test_keyword_names_of_the_failing_shapes(
    dialect: str, sql: str, table: str, columns: list[str]
) -> None:
    result = _analyze(dialect, sql)
    assert result.diagnostics == ()
    assert [(t.name.name, [c.name for c in t.columns]) for t in result.tables] == [(table, columns)]


def test_foreign_keywords_still_parse_where_the_platform_has_them() -> None:
    # QUALIFY is Teradata's: a name only where sqlglot finds nothing else
    result = _analyze("teradata", "CREATE TABLE t (a INTEGER) PRIMARY INDEX (a)")
    assert [t.name.name for t in result.tables] == ["t"]
    tokenizer = grammars.get("teradata").dialect.tokenizer_class
    assert "QUALIFY" in tokenizer.KEYWORDS and "GLOB" not in tokenizer.KEYWORDS
    assert "USING" in grammars.get("tsql").dialect.tokenizer_class.KEYWORDS


def test_teradata_names_hold_number_signs() -> None:
    # SQL Fundamentals, "Object Names": letters, digits, $, # and _
    result = _analyze(
        "teradata",
        "CREATE SET VOLATILE TABLE #VT_DATES, NO FALLBACK, NO LOG "
        "(MONTH#NUM INTEGER, PROD$DATE DATE) PRIMARY INDEX (MONTH#NUM) ON COMMIT PRESERVE ROWS",
    )
    assert result.diagnostics == ()
    table = result.tables[0]
    assert (table.name.name, [c.name for c in table.columns]) == (
        "#VT_DATES",
        ["MONTH#NUM", "PROD$DATE"],
    )


def test_teradata_identity_options_in_any_order_with_no_maxvalue() -> None:
    result = _analyze(
        "teradata",
        "CREATE MULTISET TABLE r (run_id BIGINT GENERATED ALWAYS AS IDENTITY "
        "(START WITH 10 INCREMENT BY 2 MINVALUE 1 NO MAXVALUE NO CYCLE) NOT NULL, "
        "b INTEGER GENERATED BY DEFAULT AS IDENTITY (INCREMENT BY 5 START WITH 100 NO MINVALUE)) "
        "UNIQUE PRIMARY INDEX (run_id)",
    )
    assert result.diagnostics == ()
    run_id, b = result.tables[0].columns
    assert run_id.identity is not None and b.identity is not None
    assert (run_id.identity.seed, run_id.identity.increment, run_id.identity.always) == (
        "10",
        "2",
        True,
    )
    assert (b.identity.seed, b.identity.increment, b.identity.always) == ("100", "5", False)


def test_a_bad_teradata_identity_option_is_reported() -> None:
    result = _analyze(
        "teradata", "CREATE TABLE r (a INTEGER GENERATED ALWAYS AS IDENTITY (START WITH 1 STEP 2))"
    )
    assert result.tables == ()
    assert [d.code for d in result.diagnostics][:1] == ["P001"]
    assert "MAXVALUE" in result.diagnostics[0].message


@pytest.mark.parametrize(
    ("dialect", "sql", "qualified"),
    [
        (
            "teradata",
            "CREATE MULTISET TABLE {t2_schema}.fact, FALLBACK (a INTEGER) PRIMARY INDEX (a)",
            "{t2_schema}.fact",
        ),
        (
            "teradata",
            "CREATE TABLE DW${INSTANCE}T_TMP.trans (a INTEGER) PRIMARY INDEX (a)",
            "DW${INSTANCE}T_TMP.trans",
        ),
        (
            "tsql",
            "CREATE TABLE ${schema}.orders (id int REFERENCES ${schema}.customers (id))",
            "${schema}.orders",
        ),
        (
            "teradata",
            'CREATE TABLE "@Db".WK_T@PartId (a INTEGER) PRIMARY INDEX (a)',
            "@Db.WK_T@PartId",
        ),
        (
            "teradata",
            "CREATE TABLE db.WK_T@Part@Run (a INTEGER) PRIMARY INDEX (a)",
            "db.WK_T@Part@Run",
        ),
        (
            "sybase",
            "create table WK_T@PartId (a int not null)",
            "WK_T@PartId",
        ),
        # a placeholder opening a part: sqlglot read a parameter and named the table Part
        ("teradata", "CREATE TABLE db.@Part (a INTEGER) PRIMARY INDEX (a)", "db.@Part"),
        ("tsql", "CREATE TABLE @Db.orders (id int)", "@Db.orders"),
        ("teradata", "CREATE TABLE @T (a INTEGER) PRIMARY INDEX (a)", "@T"),
    ],
)
def test_template_placeholders_in_names(dialect: str, sql: str, qualified: str) -> None:
    # scripts filled in by a shell, BTEQ or Airflow before the platform sees them
    result = _analyze(dialect, sql)
    assert result.diagnostics == ()
    assert [str(t.name) for t in result.tables] == [qualified]


def test_a_table_variable_stays_a_parameter() -> None:
    # INSERT INTO @t: a T-SQL table variable, not a placeholder (D124)
    tree = grammars.get("tsql").dialect().parse("INSERT INTO @t (a) VALUES (1)")[0]
    assert tree is not None
    assert isinstance(tree.find(exp.Table).this, exp.Parameter)


def test_an_at_placeholder_after_a_blank_is_a_syntax_error() -> None:
    # ``WK_T @PartId`` is no name part with a placeholder (D124)
    result = _analyze("teradata", "CREATE TABLE db.WK_T @PartId (a INTEGER) PRIMARY INDEX (a)")
    assert result.tables == ()
    assert result.diagnostics and result.diagnostics[0].code == "P001"


def test_an_unclosed_placeholder_is_a_syntax_error() -> None:
    result = _analyze("teradata", "CREATE TABLE {schema.fact (a INTEGER)")
    assert result.tables == ()
    assert result.diagnostics and result.diagnostics[0].code == "P001"
