"""Tests of analyzer.split: statement boundaries, GO batches, routine bodies."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from analyzer.split import Statement, split_statements


def texts(source: str, *, batch_separator: bool = True) -> list[str]:
    """The statement texts, checking the offsets of each on the way."""
    statements = split_statements(source, batch_separator=batch_separator)
    for s in statements:
        assert source[s.start : s.end] == s.text
        assert s.text == s.text.strip()
    return [s.text for s in statements]


# ------------------------------------------------------------------ semicolons


def test_semicolons() -> None:
    source = "create table a (x int);\ncreate table b (y int) ;  drop table c"
    statements = split_statements(source)
    assert [s.text for s in statements] == [
        "create table a (x int)",
        "create table b (y int)",
        "drop table c",
    ]
    assert [s.terminator for s in statements] == [";", ";", ""]
    assert statements[1].start == source.index("create table b")
    assert all(s.repeat == 1 for s in statements)


def test_empty_statements_are_dropped() -> None:
    assert texts(";;  ;\n;a;;b;") == ["a", "b"]


@pytest.mark.parametrize("source", ["", "   \n\t ", ";", "-- only a comment", "/* a */ ; -- b\n;"])
def test_nothing_to_split(source: str) -> None:
    assert split_statements(source) == []


def test_dos_end_of_file_mark_is_not_a_statement() -> None:
    assert texts("CREATE TABLE t (x INT);\r\n\x1a") == ["CREATE TABLE t (x INT)"]
    assert texts("CREATE TABLE t (x INT)\r\n\x1a\x1a") == ["CREATE TABLE t (x INT)"]
    assert texts("select '\x1a'") == ["select '\x1a'"]


def test_comments_around_statements_are_trimmed_and_inside_kept() -> None:
    source = "-- header ;\n/* doc */ create table t ( -- col ;\n x int /* ; */ ) -- tail ;\n;"
    assert texts(source) == ["create table t ( -- col ;\n x int /* ; */ )"]


def test_statement_is_dataclass_with_defaults() -> None:
    s = Statement("x", 0, 1)
    assert (s.repeat, s.terminator) == (1, "")


# ------------------------------------------------------- strings and comments


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("select 'a;b'; x", ["select 'a;b'", "x"]),
        ("select 'it''s; ok'; x", ["select 'it''s; ok'", "x"]),
        ("select ''; x", ["select ''", "x"]),
        ('select "a;b" from t; x', ['select "a;b" from t', "x"]),
        ('select "a"";b"; x', ['select "a"";b"', "x"]),
        ("select [a;b]; x", ["select [a;b]", "x"]),
        ("select [a]];b]; x", ["select [a]];b]", "x"]),
        ("select 1 -- c; d\n; x", ["select 1", "x"]),
        ("select 1 /* c; d */; x", ["select 1", "x"]),
        ("select 1 /* a /* b; */ c; */; x", ["select 1", "x"]),
        (
            "select 1 /* a /* b /* c */ ; */ ; */ + 2; x",
            ["select 1 /* a /* b /* c */ ; */ ; */ + 2", "x"],
        ),
        ("select '/*'; x /* '; */ ; y", ["select '/*'", "x", "y"]),
        ("select '--'; x -- ';\n; y", ["select '--'", "x", "y"]),
        ("/**/a;/*/ ; */b", ["a", "b"]),
    ],
)
def test_separators_inside_strings_and_comments(source: str, expected: list[str]) -> None:
    assert texts(source) == expected


def test_quote_inside_nested_comment_does_not_open_a_string() -> None:
    assert texts("/* it's /* x */ */ y; 'z;' ; w") == ["y", "'z;'", "w"]


@pytest.mark.parametrize(
    "source",
    [
        "create table t (x char(1) default 'a;\nGO\n",
        'create table "t;\nGO\n',
        "create table [t;\nGO\n",
    ],
)
def test_unclosed_quote_ends_at_the_semicolon_on_its_line(source: str) -> None:
    assert texts(source) == [source.split(";")[0]]


@pytest.mark.parametrize("quote", ["'", '"', "["])
@pytest.mark.parametrize("batch_separator", [True, False])
def test_unclosed_quote_keeps_the_statements_after_it(quote: str, batch_separator: bool) -> None:
    one_line = (
        "create table a (x int);\n"
        f"create table b (y char(1) default {quote}oops, z int);\n"
        "create table c (w int);\n"
    )
    assert texts(one_line, batch_separator=batch_separator) == [
        "create table a (x int)",
        f"create table b (y char(1) default {quote}oops, z int)",
        "create table c (w int)",
    ]
    multi_line = (
        f"create table b (\n  y char(1) default {quote}oops,\n  z int\n);\n"
        "create table c (w int);\n"
    )
    assert texts(multi_line, batch_separator=batch_separator) == [
        multi_line.split(";")[0],
        "create table c (w int)",
    ]


def test_closed_quotes_still_span_lines() -> None:
    source = "create table t (x varchar(9) default 'a;\nGO\nb');\ncreate table u (y int);"
    assert texts(source) == [source.split(";\ncreate")[0], "create table u (y int)"]
    assert texts("select [a\n;b] from t; select 1") == ["select [a\n;b] from t", "select 1"]


def test_unterminated_comment_is_kept_for_the_parser() -> None:
    source = "create table a (x int); /* oops ;\ncreate table b (y int);\n"
    assert texts(source) == ["create table a (x int)", source[24:].rstrip()]
    assert texts("a; /* /* */") == ["a", "/* /* */"]


def test_unterminated_comment_ends_at_the_next_go_line() -> None:
    source = "create table a (x int) /* oops\nGO\ncreate table b (y int)\nGO\n"
    assert texts(source) == ["create table a (x int) /* oops", "create table b (y int)"]
    # Without batch separators (Teradata, HiRDB) it runs to the end, as before.
    assert texts(source, batch_separator=False) == [source.rstrip()]


# ----------------------------------------------------------------------- GO


@pytest.mark.parametrize(
    ("line", "repeat"),
    [
        ("GO", 1),
        ("go", 1),
        ("Go", 1),
        ("  GO  ", 1),
        ("\tGO\t", 1),
        ("GO 3", 3),
        ("go\t12", 12),
        ("GO -- end of batch", 1),
        ("GO 2 -- twice", 2),
        ("GO;", 1),
        ("GO 0", 1),
    ],
)
def test_go_lines(line: str, repeat: int) -> None:
    for newline in ("\n", "\r\n", "\r"):
        source = f"insert t values (1){newline}{line}{newline}select 2"
        statements = split_statements(source)
        assert [s.text for s in statements] == ["insert t values (1)", "select 2"]
        assert [s.terminator for s in statements] == ["GO", ""]
        assert [s.repeat for s in statements] == [repeat, 1]


def test_go_first_and_last_line() -> None:
    assert texts("GO\nselect 1\nGO") == ["select 1"]
    assert split_statements("GO 5\nselect 1")[0].repeat == 1  # GO 5 ended an empty batch


def test_go_repeat_covers_the_whole_batch() -> None:
    source = "a;\nb;\nGO 2\nc\nGO\nd;\nGO 4\n"
    statements = split_statements(source)
    assert [(s.text, s.repeat, s.terminator) for s in statements] == [
        ("a", 2, ";"),
        ("b", 2, ";"),
        ("c", 1, "GO"),
        ("d", 4, ";"),
    ]


@pytest.mark.parametrize(
    "source",
    [
        "select 'a\nGO\nb' from t",
        'select "a\nGO\nb" from t',
        "select [a\nGO\nb] from t",
        "select 1 /* a\nGO\nb */ from t",
        "select 1 /* a /* b */\nGO\n*/ from t",
        "select 1 -- GO\nfrom t",
        "select 1 GO\nfrom t",
        "select 1\nGO x\nfrom t",
        "select 1\nGOTO lbl\nfrom t",
        "select 1\ngo_table\nfrom t",
        "select 1\nGO2\nfrom t",
        "select 1\n/* c */ GO\nfrom t",
    ],
)
def test_go_that_is_not_a_separator(source: str) -> None:
    assert texts(source) == [source]


def test_go_ignored_without_batch_separator() -> None:
    source = "select 1\nGO\nselect 2;"
    assert texts(source, batch_separator=False) == ["select 1\nGO\nselect 2"]


# ------------------------------------------------------------------ routines


def test_tsql_procedure_runs_to_go() -> None:
    proc = (
        "CREATE PROCEDURE dbo.p @x int AS\nBEGIN\n    SET NOCOUNT ON;\n"
        "    IF @x = 1 BEGIN SELECT 1; END;\n    SELECT 'GO;';\nEND"
    )
    source = f"use db;\nGO\n{proc};\nGO\ncreate table t (x int);\nGO\n"
    statements = split_statements(source)
    assert [s.text for s in statements] == ["use db", proc, "create table t (x int)"]
    assert [s.terminator for s in statements] == [";", "GO", ";"]


def test_routine_without_go_after_it_runs_to_the_end() -> None:
    source = (
        "create table a (x int)\nGO\ncreate proc p as select 1; select 2;\ncreate table b (y int);"
    )
    assert texts(source)[1] == "create proc p as select 1; select 2;\ncreate table b (y int)"


def test_tsql_procedure_without_go_counts_blocks() -> None:
    proc = (
        "CREATE OR ALTER PROCEDURE p AS\nBEGIN\n"
        "  BEGIN TRY\n    BEGIN TRANSACTION;\n"
        "    UPDATE t SET c = CASE WHEN c > 0 THEN 1 ELSE 0 END;\n"
        "    COMMIT;\n  END TRY\n  BEGIN CATCH\n    ROLLBACK;\n  END CATCH;\n"
        "  IF @@rowcount = 0\n  BEGIN\n    PRINT 'none; end';\n  END\n"
        "  WHILE @i < 10\n  BEGIN\n    SET @i = @i + 1;\n  END\nEND"
    )
    source = f"{proc};\ncreate table t (x int);"
    assert texts(source) == [proc, "create table t (x int)"]
    assert texts(source, batch_separator=False) == [proc, "create table t (x int)"]


def test_teradata_procedure() -> None:
    proc = (
        "REPLACE PROCEDURE db.p (IN n INTEGER)\nL0: BEGIN\n  DECLARE i INTEGER DEFAULT 0;\n"
        "  IF n > 0 THEN\n    SET i = 1;\n  ELSEIF n < 0 THEN\n    SET i = -1;\n  END IF;\n"
        "  CASE i WHEN 1 THEN SET i = 2; ELSE SET i = 3; END CASE;\n"
        "  SET i = CASE WHEN i > 2 THEN 0 ELSE i END;\n"
        "  L1: WHILE i < 10 DO\n    SET i = i + 1;\n  END WHILE L1;\n"
        "  L2: LOOP\n    LEAVE L2;\n  END LOOP L2;\n"
        "  FOR r AS c CURSOR FOR SELECT x FROM t DO\n    SET i = i + r.x;\n  END FOR;\n"
        "  REPEAT SET i = i - 1; UNTIL i = 0 END REPEAT;\n"
        "  BEGIN\n    DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN SET i = 0; END;\n  END;\n"
        "  SET append_end = i; -- end;\nEND L0"
    )
    source = f"{proc};\nCREATE MULTISET TABLE db.t (x INTEGER);\n"
    assert texts(source, batch_separator=False) == [proc, "CREATE MULTISET TABLE db.t (x INTEGER)"]


def test_teradata_macro_ends_after_its_parenthesis() -> None:
    macro = (
        "CREATE MACRO db.m (p INTEGER, q CHAR(3)) AS (\n  INSERT INTO t VALUES (:p, ';');\n"
        "  UPDATE t SET x = x + 1 WHERE y = :q;\n)"
    )
    source = f"{macro};\nREPLACE MACRO m2 AS (SELECT 1; SELECT 2;);\nCREATE TABLE t (x INT);"
    assert texts(source, batch_separator=False) == [
        macro,
        "REPLACE MACRO m2 AS (SELECT 1; SELECT 2;)",
        "CREATE TABLE t (x INT)",
    ]


@pytest.mark.parametrize(
    "head",
    [
        "CREATE FUNCTION f() RETURNS INT AS",
        "create or replace function f() returns int as",
        "ALTER PROC p AS",
        "CREATE TRIGGER tr ON t AFTER INSERT AS",
        "CREATE PUBLIC PROCEDURE p() ",
        "CREATE /* why not */ PROCEDURE -- here\n p AS",
    ],
)
def test_routine_heads(head: str) -> None:
    routine = f"{head} BEGIN RETURN 1; END"
    assert texts(f"{routine}; select 2;", batch_separator=False) == [routine, "select 2"]


def test_routine_without_block_ends_at_first_semicolon() -> None:
    source = "CREATE PROCEDURE p AS SELECT 1; SELECT 2;"
    assert texts(source, batch_separator=False) == ["CREATE PROCEDURE p AS SELECT 1", "SELECT 2"]


def test_not_routines() -> None:
    source = "DROP PROCEDURE p; CREATE TABLE procedure_log (x int); BEGIN TRAN; x"
    assert texts(source, batch_separator=False) == [
        "DROP PROCEDURE p",
        "CREATE TABLE procedure_log (x int)",
        "BEGIN TRAN",
        "x",
    ]


def test_long_blank_runs_stay_linear() -> None:
    # Nested quantifiers over blanks would backtrack exponentially here.
    blanks = " " * 5000
    assert texts(f"CREATE{blanks}TABLE t (x int); x") == [f"CREATE{blanks}TABLE t (x int)", "x"]
    assert texts(f"select 1\nGO{blanks}x{blanks}\nGO{blanks}\n") == [f"select 1\nGO{blanks}x"]


def test_unbalanced_routine_runs_to_the_end() -> None:
    source = "CREATE PROCEDURE p AS BEGIN SELECT 1; create table t (x int);"
    assert texts(source, batch_separator=False) == [source[:-1]]


# ---------------------------------------------------------------- properties

_CONTENT = st.lists(
    st.sampled_from(
        [*"ab ;'\"[]-/*()\n\r\t", "GO", "go", "\nGO\n", "END", "BEGIN", "CASE", "END;"]
    ),
    max_size=8,
).map("".join)


@st.composite
def _token(draw: st.DrawFn, parens: bool = True) -> str:
    kinds = ["word", "word", "word", "sq", "dq", "br", "num"] + (["paren"] if parens else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "word":
        return draw(st.sampled_from(["create", "table", "t", "x", "int", "null", "from", "N"]))
    if kind == "num":
        return str(draw(st.integers(0, 999)))
    if kind == "paren":
        return draw(st.sampled_from(["(", ")", ",", "+", "-", "/", "*", "=", "."]))
    content = draw(_CONTENT)
    if kind == "sq":
        return "'" + content.replace("'", "''") + "'"
    if kind == "dq":
        return '"' + content.replace('"', '""') + '"'
    return "[" + content.replace("]", "]]") + "]"


@st.composite
def _comment(draw: st.DrawFn) -> str:
    content = draw(_CONTENT).replace("*", "").replace("/", "")
    kind = draw(st.sampled_from(["line", "block", "nested"]))
    if kind == "line":
        return "--" + content.replace("\n", "").replace("\r", "") + "\n"
    if kind == "block":
        return "/*" + content + "*/"
    return "/* " + content + " /* ; */ " + content + " */"


@st.composite
def _statement(draw: st.DrawFn, parens: bool = True) -> str:
    """Code tokens with comments between them; starts and ends with code."""
    tokens = draw(st.lists(_token(parens), min_size=1, max_size=8))
    parts = [tokens[0]]
    for token in tokens[1:]:
        gap = draw(st.sampled_from([" ", "\n", "  ", "\t", "\r\n", "comment"]))
        # "-" and "/" next to each other would make new comment openers.
        parts.append(f" {draw(_comment())} " if gap == "comment" else gap)
        parts.append(token)
    return "".join(parts)


#: A line holding only "/": it ends a statement (docs/decisions.md D98), so the
#: generated scripts that must split as written avoid it.
_SLASH_LINE = re.compile(r"(?:\A|[\r\n])[ \t]*/[ \t]*(?=[\r\n]|\Z)")

_PADDING = st.sampled_from(["", " ", "\n", "\r\n", " -- x;\n", "/* ; */", "\n/* a /* b */ */\n"])


@settings(max_examples=200, deadline=None)
@given(data=st.data(), statements=st.lists(_statement(), min_size=1, max_size=8))
def test_split_returns_exactly_the_statements(data: st.DataObject, statements: list[str]) -> None:
    source = data.draw(_PADDING)
    expected: list[tuple[str, int, str]] = []
    batch: list[int] = []
    for i, statement in enumerate(statements):
        source += statement
        kind = data.draw(
            st.sampled_from(
                [";", "go", ";go", "end"] if i == len(statements) - 1 else [";", "go", ";go"]
            )
        )
        count = data.draw(st.integers(1, 3))
        terminator = {";": ";", "go": "GO", ";go": ";", "end": ""}[kind]
        expected.append((statement, 1, terminator))
        batch.append(len(expected) - 1)
        if kind == ";":
            source += data.draw(st.sampled_from([";", " ;", ";\n", ";;"]))
        elif kind != "end":
            go = "GO" if count == 1 else f"go {count}"
            source += (
                (";" if kind == ";go" else "")
                + data.draw(st.sampled_from(["\n", "\r\n"]))
                + go
                + "\n"
            )
            for j in batch:
                expected[j] = (expected[j][0], count, expected[j][2])
            batch = []
        source += data.draw(_PADDING)
    assume(_SLASH_LINE.search(source) is None)  # a "/" line is a terminator (D98)
    statements_found = split_statements(source)
    assert [(s.text, s.repeat, s.terminator) for s in statements_found] == expected
    for s in statements_found:
        assert source[s.start : s.end] == s.text


@st.composite
def _routine(draw: st.DrawFn) -> str:
    """A procedure or macro whose body holds ``;`` (balanced, no parentheses inside)."""
    inner = draw(st.lists(_statement(parens=False), min_size=1, max_size=3))
    body = "; ".join(inner) + ";"
    kind = draw(st.sampled_from(["proc", "nested", "macro"]))
    if kind == "proc":
        return f"REPLACE PROCEDURE p() BEGIN {body} END"
    if kind == "nested":
        return f"CREATE PROCEDURE p AS BEGIN IF x THEN {body} END IF; BEGIN {body} END; END"
    return f"CREATE MACRO m (a INT) AS ( {body} )"


@settings(max_examples=150, deadline=None)
@given(
    data=st.data(),
    statements=st.lists(st.one_of(_statement(), _routine()), min_size=1, max_size=6),
)
def test_split_keeps_routine_bodies_whole(data: st.DataObject, statements: list[str]) -> None:
    source = data.draw(_PADDING)
    for statement in statements:
        source += statement + data.draw(st.sampled_from([";", " ;", ";\n", ";;"]))
        source += data.draw(_PADDING)
    assume(_SLASH_LINE.search(source) is None)  # a "/" line is a terminator (D98)
    for batch_separator in (False, True):  # the file has no GO line: the same answer
        found = split_statements(source, batch_separator=batch_separator)
        assert [s.text for s in found] == statements
        assert all(source[s.start : s.end] == s.text for s in found)


@settings(max_examples=200, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("ab;'\"[]-/*\n\rGOo BEGINDCAS()")), max_size=60),
    st.booleans(),
)
def test_split_never_raises_and_offsets_hold(source: str, batch_separator: bool) -> None:
    previous_end = 0
    for s in split_statements(source, batch_separator=batch_separator):
        assert source[s.start : s.end] == s.text
        assert s.text and s.text == s.text.strip()
        assert s.start >= previous_end
        previous_end = s.end


# -------------------------------------------------------------------- volume


def test_large_script() -> None:
    """50 MB, ~200k statements: the count and the edges must be exact (no timing asserted)."""
    rnd = random.Random(20240607)
    templates = []
    for i in range(64):
        columns = ",\n".join(
            f"    c{j} VARCHAR({rnd.randint(1, 99)}) DEFAULT 'a;{j}' NOT NULL -- note; {j}"
            for j in range(rnd.randint(1, 4))
        )
        templates.append(f"/* t{i}; */\nCREATE TABLE [dbo].[t{i}] (\n{columns}\n);\n")
    parts: list[str] = []
    size = 0
    while size < 50_000_000:
        chunk = rnd.choice(templates)
        parts.append(chunk)
        size += len(chunk)
        if len(parts) % 1000 == 0:
            parts.append("GO\n")
    source = "".join(parts)
    statements = split_statements(source)
    expected = sum(1 for p in parts if p != "GO\n")
    assert len(statements) == expected
    assert 150_000 < expected < 300_000
    first = parts[0]
    assert statements[0].text == first[first.index("CREATE") : first.rindex(")") + 1]
    last = statements[-1]
    assert source[last.start : last.end] == last.text
    assert last.text.startswith("CREATE TABLE") and last.terminator == ";"


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["", " ", "\t", "  \t"]),
            st.sampled_from(
                [
                    "create",
                    "GRANT",
                    "Exec",
                    "execute",
                    "executed",
                    "sp_help",
                    "sp_",
                    "ſet",
                    "İf",
                    "x",
                    "[y]",
                    "(",
                    "setuser",
                    "update_date",
                    "begin",
                    "BEGİN",
                    "é",
                ]
            ),
            st.sampled_from(["", " t", "(1)", "x", "_1"]),
        ),
        max_size=6,
    ),
    st.sampled_from(["\n", "\r\n", "\r"]),
)
def test_the_line_keyword_prefilter_never_hides_a_cut(
    lines: list[tuple[str, str, str]], newline: str
) -> None:
    from analyzer.split import _LINE_STATEMENT, _may_open_statement

    text = "create table t (a int)" + "".join(newline + "".join(line) for line in lines)
    if any(m.start() > 0 for m in re.finditer(_LINE_STATEMENT, text)):
        assert _may_open_statement(text), text


# ------------------------------------------------- "/" lines and BTEQ commands (D97, D98)


@pytest.mark.parametrize("batch_separator", [True, False])
def test_slash_line_ends_a_statement(batch_separator: bool) -> None:
    source = "create table a (x int)\n/\ncreate table b (y int)\r\n  / \r\nselect 1 / 2\n/"
    statements = split_statements(source, batch_separator=batch_separator)
    assert [(s.text, s.terminator) for s in statements] == [
        ("create table a (x int)", "/"),
        ("create table b (y int)", "/"),
        ("select 1 / 2", "/"),
    ]
    assert [s.start for s in statements] == [0, 25, 55]


def test_slash_line_at_the_start_and_after_a_semicolon() -> None:
    assert texts("/\ncreate table a (x int);\n/\nselect 1") == [
        "create table a (x int)",
        "select 1",
    ]


def test_slash_line_ends_a_routine_body_without_go() -> None:
    source = "REPLACE PROCEDURE p () BEGIN SELECT 1; \n/\nCREATE TABLE t (x INT);"
    assert texts(source, batch_separator=False) == [
        "REPLACE PROCEDURE p () BEGIN SELECT 1",  # a final ";" is dropped, as at GO
        "CREATE TABLE t (x INT)",
    ]


@settings(max_examples=150, deadline=None)
@given(data=st.data(), statements=st.lists(_statement(), min_size=1, max_size=6))
def test_split_at_slash_lines(data: st.DataObject, statements: list[str]) -> None:
    source = ""
    for statement in statements:
        source += statement + data.draw(st.sampled_from(["\n/\n", "\r\n/\r\n", "\n  /\t\n"]))
        source += data.draw(_PADDING)
    assume(all(_SLASH_LINE.search(s) is None for s in statements))
    for batch_separator in (False, True):
        found = split_statements(source, batch_separator=batch_separator)
        assert [s.text for s in found] == statements
        assert all(s.terminator == "/" for s in found)
        assert all(source[s.start : s.end] == s.text for s in found)


def test_bteq_command_lines() -> None:
    source = (
        ".LOGON tdp/u,p;\nDATABASE d;\n.IF ERRORCODE <> 0 THEN .GOTO x;\n"
        "  .label x\nCREATE TABLE t (x INT);\n.remark 'a;b'\n.QUIT"
    )
    statements = split_statements(source, batch_separator=False, dot_commands=True)
    assert [(s.text, s.terminator) for s in statements] == [
        (".LOGON tdp/u,p;", "line"),
        ("DATABASE d", ";"),
        (".IF ERRORCODE <> 0 THEN .GOTO x;", "line"),
        (".label x", "line"),
        ("CREATE TABLE t (x INT)", ";"),
        (".remark 'a;b'", "line"),
        (".QUIT", "line"),
    ]
    assert statements[3].start == source.index(".label")
    # without dot_commands (other dialects) the lines are ordinary text
    assert len(split_statements(source, batch_separator=False)) == 5  # at the ";"s only


def test_statement_label_of_bteq_commands() -> None:
    from analyzer.split import statement_label

    assert statement_label(".LABEL x") == ".label"
    assert statement_label("  .IF ERRORCODE <> 0 THEN .GOTO x") == ".if"
    assert statement_label("IF x = 1 BEGIN SELECT 1 END") == "if"


def test_unterminated_comment_before_a_crlf_go_line_keeps_no_carriage_return() -> None:
    assert texts("select 1 /* a \r\nGO\nselect 2") == ["select 1 /* a", "select 2"]
