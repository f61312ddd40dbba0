"""Real script formats (issue 20 items 1 and 4, docs/scripts.md, D97-D99): BTEQ dot
commands, T-SQL / ASE batches whose statements follow a control-flow block without
``;`` or ``GO``, ``/`` lines, and no statement skipped silently (P007, P008, the
skipped counts)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.cli.parse import _file_text
from analyzer.core import Options, analyze_bytes
from analyzer.detect import choose, detect
from analyzer.ir import FileResult, Span, file_dict, skipped_by_kind
from analyzer.source import DEFAULT_INCLUDE, discover
from analyzer.split import (
    BTEQ_COMMANDS,
    batch_statements,
    block_end,
    create_table_inside,
    split_statements,
)

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "scripts"


def run(text: str, path: str = "s.sql", dialect: str | None = None) -> FileResult:
    return analyze_bytes(path, text.encode(), Options(dialect=dialect))


def where(span: Span | None) -> tuple[int, int, int, int]:
    assert span is not None
    return span.line, span.column, span.end_line, span.end_column


def tables(r: FileResult) -> list[tuple[str, tuple[int, int, int, int]]]:
    return [(t.name.name, where(t.span)) for t in r.tables]


def skipped(r: FileResult) -> list[tuple[str, tuple[int, int, int, int]]]:
    return [(s.kind, where(s.span)) for s in r.skipped]


def codes(r: FileResult) -> list[tuple[str, tuple[int, int, int, int]]]:
    return [(d.code, where(d.span)) for d in r.diagnostics]


# ------------------------------------------------------------------------- BTEQ

#: One line of each kind of BTEQ command, as scripts write them (with and without ";",
#: with ";" and quotes inside).
DOT_LINES = [
    ".LOGON tdpid/dbc,secret;",
    ".LOGON tdpid/dbc",
    ".LOGOFF",
    ".QUIT;",
    ".QUIT 8",
    ".EXIT",
    ".LABEL retry_orders",
    ".GOTO retry_orders",
    ".IF ERRORCODE <> 0 THEN .GOTO done;",
    ".IF ACTIVITYCOUNT = 0 THEN .QUIT 12",
    ".ELSEIF ERRORCODE = 3807 THEN .REMARK 'absent; fine'",
    ".ELSE",
    ".ENDIF",
    ".EXPORT REPORT FILE = /tmp/out.txt;",
    ".EXPORT RESET",
    ".IMPORT VARTEXT ',' FILE = data.csv",
    ".SET WIDTH 254;",
    ".SET ERROROUT STDOUT",
    ".SET SESSION TRANSACTION BTET",
    ".WIDTH 200",
    ".RUN FILE = setup.btq;",
    ".OS rm -f /tmp/out.txt",
    ".REMARK 'step 2; create the tables'",
    ".SHOW CONTROLS",
    ".SESSIONS 4",
    ".ERRORLEVEL (3807) SEVERITY 0",
    ".MAXERROR 1",
    ".REPEAT 3",
    ".HANG 5",
    ".ECHOREQ OFF",
    ".TITLEDASHES OFF",
    "  .label indented_and_lower_case",
]


@pytest.mark.parametrize("line", DOT_LINES)
def test_statement_after_every_dot_command_reaches_the_ir(line: str) -> None:
    text = f"{line}\nCREATE MULTISET TABLE sales.orders (\n    id INTEGER\n) PRIMARY INDEX (id);\n"
    r = run(text, "load.btq")
    assert r.dialect == "teradata"
    assert tables(r) == [("orders", (2, 1, 4, 21))]
    command = "." + line.strip()[1:].split()[0].rstrip(";").lower()
    at = line.index(".") + 1
    assert skipped(r) == [(command, (1, at, 1, len(line.rstrip()) + 1))]
    assert not [d for d in r.diagnostics if d.code.startswith("P")]


def test_a_long_bteq_script_keeps_every_table_at_its_line() -> None:
    lines: list[str] = []
    expected = []
    for i, command in enumerate(DOT_LINES):
        lines.append(command)
        lines.append(f"CREATE TABLE t{i} (x INTEGER)")  # ";" on the next line
        expected.append((f"t{i}", (len(lines), 1, len(lines), 27 + len(str(i)))))
        lines.append(";")
    r = run("\n".join(lines) + "\n", "job.bteq")
    assert tables(r) == expected
    assert r.statements == 2 * len(DOT_LINES)
    assert sum(skipped_by_kind(r).values()) == len(DOT_LINES)


def test_the_label_bug_of_issue_20() -> None:
    """A CREATE TABLE after a ``.LABEL`` line was skipped with the label, silently."""
    text = ".LABEL step1\nCREATE MULTISET TABLE a (x INTEGER) PRIMARY INDEX (x);\n"
    r = run(text, "step.sql", "teradata")
    assert tables(r) == [("a", (2, 1, 2, 54))]
    assert skipped(r) == [(".label", (1, 1, 1, 13))]


def test_dot_command_ends_an_unterminated_statement() -> None:
    text = "DATABASE sales\n.IF ERRORCODE <> 0 THEN .QUIT 8\nCREATE TABLE a (x INTEGER);"
    statements = split_statements(text, batch_separator=False, dot_commands=True)
    assert [(s.text, s.terminator) for s in statements] == [
        ("DATABASE sales", ""),
        (".IF ERRORCODE <> 0 THEN .QUIT 8", "line"),
        ("CREATE TABLE a (x INTEGER)", ";"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "SELECT *\nFROM sales\n.orders;",  # a name continued on the next line
        "SELECT 1\n.5;",  # a number
        "SELECT '\n.LABEL x\n';",  # inside a string
        "SELECT 1 /*\n.QUIT\n*/ + 1;",  # inside a comment
        "SELECT 1 .QUIT;",  # not at the start of its line
    ],
)
def test_what_is_not_a_dot_command(text: str) -> None:
    statements = split_statements(text, batch_separator=False, dot_commands=True)
    assert [s.text for s in statements] == [text[:-1]]


def test_dot_commands_only_in_teradata_scripts() -> None:
    text = ".LABEL x\nCREATE TABLE a (x int);"
    assert len(split_statements(text, batch_separator=True)) == 1
    assert len(split_statements(text, batch_separator=False, dot_commands=True)) == 2


def test_dot_command_ends_a_routine_body() -> None:
    text = (
        "REPLACE PROCEDURE p ()\nBEGIN\n  DELETE FROM t;\nEND\n.IF ERRORCODE <> 0 THEN .QUIT\n"
        "CREATE TABLE a (x INTEGER);"
    )
    found = split_statements(text, batch_separator=False, dot_commands=True)
    assert [s.text.split("\n")[0] for s in found] == [
        "REPLACE PROCEDURE p ()",
        ".IF ERRORCODE <> 0 THEN .QUIT",
        "CREATE TABLE a (x INTEGER)",
    ]


def test_bteq_files_are_discovered_by_default(tmp_path: Path) -> None:
    assert {"*.btq", "*.bteq"} <= set(DEFAULT_INCLUDE)
    for name in ("a.btq", "b.BTEQ", "c.sql", "d.sh"):
        (tmp_path / name).write_text("SELECT 1;")
    found, diags = discover([str(tmp_path)])
    assert [Path(p).name for p in found] == ["a.btq", "b.BTEQ", "c.sql"]
    assert diags == ()


def test_bteq_files_are_detected_as_teradata() -> None:
    choice = choose("CREATE TABLE t (x int);", "jobs/load.btq", None, None)
    assert (choice.dialect, choice.how, choice.evidence) == (
        "teradata",
        "detected",
        (".btq file (BTEQ script)",),
    )
    # the extension does not override the option or the config
    assert choose("x", "a.bteq", "tsql", None).dialect == "tsql"
    assert choose("x", "a.bteq", None, "hirdb").dialect == "hirdb"


def test_dot_commands_are_teradata_evidence() -> None:
    choice = detect(".LOGON tdp/u,p\nCREATE TABLE t (x int);\n.LOGOFF\n")
    assert (choice.dialect, choice.how, choice.evidence) == (
        "teradata",
        "detected",
        ("BTEQ dot commands",),
    )
    r = run(".LOGON tdp/u,p\nSELECT 1;\n", "s.sql")
    assert r.dialect_evidence == ("detected", "BTEQ dot commands")
    # a dot at the start of a line in another script is no evidence
    assert detect("SELECT a\n.b FROM t").how == "fallback"


def test_bteq_command_list() -> None:
    for word in ("logon", "logoff", "label", "goto", "if", "export", "set", "quit", "run"):
        assert word in BTEQ_COMMANDS


# ------------------------------------------------ T-SQL / ASE batches after a block

INSTALL = """\
IF OBJECT_ID('dbo.orders') IS NOT NULL BEGIN DROP TABLE dbo.orders END
CREATE TABLE dbo.orders (id int NOT NULL)
CREATE INDEX ix_orders ON dbo.orders (id)
PRINT 'created orders'
SET ANSI_NULLS ON
EXEC sp_addextendedproperty 'x', 'y'
CREATE TABLE [dbo].[lines] (id int NOT NULL)
GO
IF OBJECT_ID('dbo.t2') IS NOT NULL
    DROP TABLE dbo.t2
CREATE TABLE dbo.t2 (id int NOT NULL)
GO
"""


@pytest.mark.parametrize("dialect", ["tsql", "sybase"])
def test_statements_after_a_block_in_one_batch(dialect: str) -> None:
    r = run(INSTALL, "install.sql", dialect)
    assert tables(r) == [
        ("orders", (2, 1, 2, 42)),
        ("lines", (7, 1, 7, 45)),
        ("t2", (11, 1, 11, 38)),
    ]
    assert skipped(r) == [
        ("if", (1, 1, 1, 71)),
        ("print", (4, 1, 4, 23)),
        ("set", (5, 1, 5, 18)),
        ("exec sp_addextendedproperty", (6, 1, 6, 37)),
        ("if", (9, 1, 10, 22)),
    ]
    (change,) = r.table_changes
    assert change.procedure == "create index" and where(change.span) == (3, 1, 3, 42)
    assert not [d for d in r.diagnostics if d.severity == "error"]


@pytest.mark.parametrize(
    ("text", "block"),
    [
        ("IF x = 1 BEGIN PRINT 'a' END\nPRINT 'b'", "IF x = 1 BEGIN PRINT 'a' END"),
        (
            "IF EXISTS (SELECT 1 FROM t WHERE a IN (SELECT b FROM u))\n  DROP TABLE t\nGRANT x",
            "IF EXISTS (SELECT 1 FROM t WHERE a IN (SELECT b FROM u))\n  DROP TABLE t",
        ),
        (
            "IF @x IS NULL BEGIN SELECT 1 END ELSE BEGIN SELECT 2 END\nCREATE TABLE t (x int)",
            "IF @x IS NULL BEGIN SELECT 1 END ELSE BEGIN SELECT 2 END",
        ),
        (
            "IF @x = 1\n  PRINT 'a'\nELSE IF @x = 2\n  PRINT 'b'\nELSE\n  PRINT 'c'\nUSE db",
            "IF @x = 1\n  PRINT 'a'\nELSE IF @x = 2\n  PRINT 'b'\nELSE\n  PRINT 'c'",
        ),
        (
            "IF 1 = 1 BEGIN SELECT CASE WHEN a = 1 THEN 'x' END FROM t END\nPRINT 'b'",
            "IF 1 = 1 BEGIN SELECT CASE WHEN a = 1 THEN 'x' END FROM t END",
        ),
        (
            "IF 1 = 1 BEGIN BEGIN TRAN\n UPDATE t\n SET a = 1\n COMMIT END\nPRINT 'b'",
            "IF 1 = 1 BEGIN BEGIN TRAN\n UPDATE t\n SET a = 1\n COMMIT END",
        ),
        (
            "IF 1 = 1\n  UPDATE t\n  SET a = 'END'\nPRINT 'b'",  # SET of the UPDATE
            "IF 1 = 1\n  UPDATE t\n  SET a = 'END'",
        ),
        (
            "WHILE @i < 3 BEGIN SET @i = @i + 1 END\nCREATE TABLE t (x int)",
            "WHILE @i < 3 BEGIN SET @i = @i + 1 END",
        ),
        (
            "BEGIN TRY DROP TABLE t END TRY BEGIN CATCH PRINT 'x' END CATCH\nPRINT 'b'",
            "BEGIN TRY DROP TABLE t END TRY",
        ),
        ("IF x = 1 DROP TABLE t; CREATE TABLE t (x int)", "IF x = 1 DROP TABLE t;"),
        ("BEGIN TRAN\nCREATE TABLE t (x int)", "BEGIN TRAN"),  # not a block: a statement
        ("IF (x.end = 1) /* BEGIN */ PRINT 'a'\nPRINT 'b'", "IF (x.end = 1) /* BEGIN */ PRINT 'a'"),
    ],
)
def test_block_end(text: str, block: str) -> None:
    assert text[: block_end(text)] == block


@pytest.mark.parametrize(
    "text",
    [
        "IF x = 1 BEGIN PRINT 'a'",  # never ends
        "IF x = 1",  # no body
        "PRINT 'a'",  # not control flow
        "",
    ],
)
def test_block_end_none(text: str) -> None:
    assert block_end(text) is None


def test_block_running_to_the_end_of_the_batch_is_not_cut() -> None:
    import grammars

    text = "IF OBJECT_ID('t') IS NULL\nBEGIN\n  CREATE TABLE t (x int)\n  PRINT 'made'\nEND"
    assert batch_statements(text, grammars.get("tsql")) == []


def test_create_table_and_index_in_one_block() -> None:
    """Each CREATE inside a block ends where its statement does: the CREATE INDEX after
    it is no longer parsed as part of the table (P001 before)."""
    text = (
        "IF NOT EXISTS (SELECT * FROM sys.tables WHERE name = 'a')\nBEGIN\n"
        "    CREATE TABLE dbo.a (x int NOT NULL)\n"
        "    CREATE INDEX ix_a ON dbo.a (x)\n"
        "    PRINT 'a created'\nEND\nGO\n"
    )
    r = run(text, "a.sql", "tsql")
    assert tables(r) == [("a", (3, 5, 3, 40))]
    assert codes(r) == []


# ---------------------------------------------------------------------- "/" lines


@pytest.mark.parametrize("dialect", ["tsql", "sybase", "teradata", "hirdb"])
def test_slash_lines_end_statements_in_every_dialect(dialect: str) -> None:
    text = "CREATE TABLE a (x INTEGER)\n/\nCREATE TABLE b (\n  y INTEGER\n)\n  /  \nSELECT 1\n/"
    r = run(text, "suite.sql", dialect)
    assert tables(r) == [("a", (1, 1, 1, 27)), ("b", (3, 1, 5, 2))]
    assert skipped(r) == [("select", (7, 1, 7, 9))]
    assert r.statements == 3
    found = split_statements(text, batch_separator=dialect in ("tsql", "sybase"))
    assert [s.terminator for s in found] == ["/", "/", "/"]


@pytest.mark.parametrize(
    "text",
    [
        "SELECT 4\n/ 2",  # a division: "/" is not alone on its line
        "SELECT a /\n b",
        "SELECT '\n/\n'",  # in a string
        "SELECT 1 /*\n/\n*/ + 1",  # in a comment
    ],
)
def test_what_is_not_a_slash_line(text: str) -> None:
    assert [s.text for s in split_statements(text)] == [text]


def test_routine_runs_to_its_slash_line() -> None:
    text = "CREATE PROCEDURE p AS\nSELECT 1;\nSELECT 2;\n/\nCREATE TABLE t (x int)\n/\n"
    r = run(text, "p.sql", "tsql")
    assert skipped(r) == [("create procedure", (1, 1, 3, 9))]
    assert tables(r) == [("t", (5, 1, 5, 23))]


# ------------------------------------------------------------- no silent loss


def test_create_table_inside_a_skipped_statement_is_reported() -> None:
    # a DATABASE x without ; is cut at its name instead (P010, D200: tests/test_teradata_forms.py)
    r = run(
        "GRANT SELECT ON sales TO u\nCREATE MULTISET TABLE a (x INTEGER);\n", "a.sql", "teradata"
    )
    assert r.tables == ()
    assert skipped(r) == [("grant", (1, 1, 2, 36))]
    (d,) = r.diagnostics
    assert (d.code, d.severity.value) == ("P007", "warning")
    assert where(d.span) == (2, 1, 2, 22)
    assert "'grant' statement that starts at line 1, column 1" in d.message
    assert d.source_line == "CREATE MULTISET TABLE a (x INTEGER);"


def test_create_table_on_the_line_of_another_statement() -> None:
    r = run("USE sales CREATE TABLE a (x int)\nGO\n", "a.sql", "tsql")
    assert codes(r) == [("P007", (1, 11, 1, 23))]


@pytest.mark.parametrize(
    "text",
    [
        "CREATE PROCEDURE p AS CREATE TABLE #t (x int)",  # a routine body
        "EXEC ('CREATE TABLE t (x int)')",  # dynamic SQL
        "PRINT 'x' -- CREATE TABLE t (x int)",  # a comment
        "GRANT CREATE TABLE TO public",  # a permission, not a statement
    ],
)
def test_create_table_not_reported(text: str) -> None:
    r = run(text + "\nGO\n", "a.sql", "tsql")
    assert [d.code for d in r.diagnostics] == []
    assert len(r.skipped) == 1


def test_grant_create_table_is_a_permission() -> None:
    assert create_table_inside("GRANT CREATE TABLE TO public") is None


def test_msa_and_articles_are_reported() -> None:
    text = (
        "create database replication definition pubs2_rep\nwith primary at PDS.pubs2\n"
        "replicate DDL\ngo\n"
        "create article titles_art for pubs2_pub\nwith primary at PDS.pubs2\n"
        "with replication definition titles_rep\ngo\n"
        "drop article titles_art for pubs2_pub with primary at PDS.pubs2 drop subscriptions\n"
        "go\n"
    )
    r = run(text, "rs.rcl", "sybase")
    assert codes(r) == [
        ("P008", (1, 1, 3, 14)),
        ("P008", (5, 1, 7, 39)),
        ("P008", (9, 1, 9, 83)),
    ]
    assert [s.reason.split(": ")[-1] for s in r.skipped] == [
        "database replication definition (MSA)",
        "article",
        "article",
    ]
    assert "'create database' (database replication definition (MSA)) is not analysed" in (
        r.diagnostics[0].message
    )


def test_skipped_statements_are_counted_by_kind() -> None:
    text = ".LOGON t/u,p\n.LABEL a\nDATABASE d;\n.LABEL b\nCREATE TABLE t (x INTEGER);\n.QUIT\n"
    r = run(text, "job.btq")
    assert skipped_by_kind(r) == {".label": 2, ".logon": 1, ".quit": 1, "database": 1}
    assert file_dict(r)["skipped_by_kind"] == skipped_by_kind(r)
    json.dumps(file_dict(r))
    first = _file_text(r).splitlines()[0]
    assert first.endswith(
        "6 statements, 1 tables, 0 types, 5 skipped (.label 2, .logon 1, .quit 1, database 1)"
    )


def test_no_skipped_statement_no_count() -> None:
    r = run("CREATE TABLE t (x INTEGER);", "t.sql", "teradata")
    assert skipped_by_kind(r) == {}
    assert _file_text(r).splitlines()[0].endswith("0 skipped")


# ------------------------------------------------------------------- fixtures


def test_fixture_scripts() -> None:
    """fixtures/scripts: every CREATE TABLE of the real-world formats reaches the IR."""
    expected = {
        "bteq_load.btq": ["mart_orders", "mart_order_lines", "mart_customers"],
        "install_ase.sql": ["shelf_titles", "shelf_authors"],
        "install_tsql.sql": ["shop_orders", "shop_order_lines", "shop_audit_log"],
        "suite_slash.sql": ["suite_widgets", "suite_gadgets"],
    }
    for name, names in expected.items():
        path = FIXTURES / name
        r = analyze_bytes(f"fixtures/scripts/{name}", path.read_bytes())
        assert [t.name.name for t in r.tables] == names, name
        assert [d.code for d in r.diagnostics if d.severity == "error"] == [], name
        assert not [d for d in r.diagnostics if d.code == "P007"], name


def test_a_block_later_in_a_batch_keeps_its_body() -> None:
    """The second ``if`` of the ASE script is cut with its ``drop table`` body, not
    into two pieces at the line that opens with ``drop``."""
    r = analyze_bytes("install_ase.sql", (FIXTURES / "install_ase.sql").read_bytes())
    assert r.dialect == "sybase"
    assert tables(r) == [("shelf_titles", (6, 1, 10, 16)), ("shelf_authors", (15, 1, 18, 2))]
    assert skipped(r) == [
        ("if", (2, 1, 5, 4)),
        ("print", (12, 1, 12, 29)),
        ("if", (13, 1, 14, 29)),
    ]
    assert [c.procedure for c in r.table_changes] == ["create index", "sp_primarykey"]
    assert where(r.table_changes[0].span) == (11, 1, 11, 74)


def test_bteq_fixture_summary_as_docs_scripts_shows_it() -> None:
    r = analyze_bytes("fixtures/scripts/bteq_load.btq", (FIXTURES / "bteq_load.btq").read_bytes())
    assert (
        _file_text(r)
        .splitlines()[0]
        .endswith(
            "20 statements, 3 tables, 0 types, 17 skipped (.if 3, .export 2, .set 2, drop table 2, "
            ".label 1, .logoff 1, .logon 1, .os 1, .quit 1, .remark 1, database 1, select 1)"
        )
    )
    assert tables(r) == [
        ("mart_orders", (14, 1, 19, 27)),
        ("mart_order_lines", (23, 1, 28, 27)),
        ("mart_customers", (35, 1, 38, 37)),
    ]


@pytest.mark.parametrize("fmt", ["json", "jsonl", "text"])
def test_parse_command_counts_skipped_statements(tmp_path: Path, fmt: str) -> None:
    from click.testing import CliRunner

    from analyzer.cli import main

    (tmp_path / "job.btq").write_text(".LOGON t/u,p\n.LABEL a\nCREATE TABLE t (x INTEGER);\n")
    (tmp_path / "notes.md").write_text("not read")
    result = CliRunner().invoke(main, ["parse", str(tmp_path), "--format", fmt])
    assert result.exit_code == 0, result.output
    if fmt == "json":
        (file,) = json.loads(result.stdout)["files"]
        assert file["skipped_by_kind"] == {".label": 1, ".logon": 1}
        assert file["dialect_evidence"][:2] == ["detected", ".btq file (BTEQ script)"]
    elif fmt == "jsonl":
        file = json.loads(result.stdout.splitlines()[0])
        assert file["skipped_by_kind"] == {".label": 1, ".logon": 1}
    else:
        assert "3 statements, 1 tables, 0 types, 2 skipped (.label 1, .logon 1)" in result.stdout


_FLOW_WORDS = ["IF", "ELSE", "BEGIN", "END", "WHILE", "CASE", "TRAN", "CREATE TABLE t (x int)"]
_FLOW_PARTS = [*_FLOW_WORDS, "PRINT 'a'", "x = 1", "(", ")", ";", "'", "--c", "/*", "*/", "\n"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_FLOW_PARTS), max_size=25), st.sampled_from(["tsql", "sybase"]))
def test_cutting_batches_with_blocks_never_raises(parts: list[str], dialect: str) -> None:
    import grammars

    text = " ".join(parts)
    previous = 0
    for a, b in batch_statements(text, grammars.get(dialect)):
        assert previous <= a < b <= len(text)
        assert text[a:b] == text[a:b].strip()
        previous = b
    end = block_end(text)
    assert end is None or 0 < end <= len(text)
    run(text, "f.sql", dialect)  # and the core keeps going


def test_create_table_inside_an_unread_table_change_is_reported() -> None:
    text = "ALTER TABLE a ADD CONSTRAINT pk PRIMARY KEY (x)\nCREATE TABLE c (x INTEGER);\n"
    r = run(text, "c.sql", "teradata")
    assert skipped(r) == [("alter table", (1, 1, 2, 27))]
    assert codes(r) == [("P007", (2, 1, 2, 13))]


def test_statement_suppression_in_a_bteq_script_covers_the_statement(tmp_path: Path) -> None:
    """The lint places statement suppressions by the statements core splits: in a BTEQ
    script a dot command is a statement of its own line (D97), so a suppression after
    ``.LABEL`` covers the whole CREATE TABLE that follows (split at ``;`` only, the
    comment would sit inside a statement and cover one line)."""
    from analyzer.config import LintSettings
    from analyzer.rules.selection import resolve
    from analyzer.settings import SizingSettings
    from analyzer.workflow import lint

    script = tmp_path / "load.btq"
    script.write_text(
        ".LOGON tdpid/user,pass;\n"
        ".LABEL again\n"
        "-- ddlaudit: ignore[C001]\n"
        "CREATE TABLE t1 (\n"
        "  id INTEGER NOT NULL,\n"
        "  id INTEGER NOT NULL)\n"
        "UNIQUE PRIMARY INDEX (id);\n"
        ".LABEL other\n"
        "CREATE TABLE t2 (\n"
        "  id INTEGER NOT NULL,\n"
        "  id INTEGER NOT NULL)\n"
        "UNIQUE PRIMARY INDEX (id);\n"
        ".QUIT\n",
        encoding="utf-8",
    )
    run = lint([str(script)], Options(), SizingSettings(), resolve(LintSettings()))
    found = [(f.code, f.span.line if f.span else None) for f in run.report.findings]
    assert ("C001", 11) in found  # t2's is kept
    assert ("C001", 6) not in found
    assert "L001" not in [c for c, _ in found]
