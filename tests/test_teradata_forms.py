"""Teradata forms of issue 31 item 5: the AT time zone clauses in partitioning
expressions, column partitioning with its index list, ``DATABASE x;`` as the default
database of the statements after it, and two statements run together without the ``;``
between them (P010, docs/decisions.md D184-D186).

The syntax quoted comes from the Teradata manuals named at each test; the reference
files of the project (shared seeds) say nothing about these forms.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlglot import exp

import grammars
from analyzer import passes
from analyzer.cli import main
from analyzer.core import Options, analyze_bytes, analyze_paths
from analyzer.estimators import estimate_file
from analyzer.estimators.teradata import partition_bytes
from analyzer.ir import FileResult, Index, Table
from analyzer.rules.engine import scope_context
from analyzer.rules.keys import RULES as KEY_RULES
from analyzer.rules.schema import duplicate_table
from analyzer.settings import SizingSettings
from grammars import nodes

TERADATA = Options(dialect="teradata")


def _parse(sql: str, dialect: str = "teradata") -> FileResult:
    return analyze_bytes("t.sql", sql.encode(), Options(dialect=dialect))


def _table(sql: str) -> Table:
    result = _parse(sql)
    assert not result.diagnostics, result.diagnostics
    (table,) = result.tables
    return table


def _levels(index: Index) -> list[tuple[str, str, int | None]]:
    return [(lvl.kind, lvl.expression, lvl.partitions) for lvl in index.partitioning]


def _tree(sql: str) -> exp.Expr:
    (tree,) = grammars.get("teradata").dialect().parse(sql)
    assert tree is not None
    return tree


# ------------------------------------------------------------------ (a) AT clauses
#
# SQL Date and Time Functions and Expressions, "AT LOCAL and AT TIME ZONE Time Zone
# Specifiers": "A date_time_primary can include an AT LOCAL or AT [TIME ZONE] clause only if
# the date_time_primary evaluates to a TIME or TIMESTAMP value or is the built-in function
# CURRENT_DATE or DATE."
# SQL Data Types and Literals, "TIMESTAMP to DATE Conversion", Usage Notes: the options of
# CAST(timestamp_expression AS DATE ...) are "AT LOCAL", "AT SOURCE" (WITH TIME ZONE only),
# "AT SOURCE TIME ZONE", "AT [ TIME ZONE ] expression" and "AT [ TIME ZONE ]
# time_zone_string".

TS_TABLE = (
    "CREATE TABLE ev (id INTEGER NOT NULL, ts TIMESTAMP(0) WITH TIME ZONE)\nPRIMARY INDEX (id)\n"
)


@pytest.mark.parametrize(
    ("partition", "kind", "partitions"),
    [
        (
            "RANGE_N(CAST(ts AT TIME ZONE 'GMT' AS DATE) BETWEEN DATE '2020-01-01' AND "
            "DATE '2030-12-31' EACH INTERVAL '1' MONTH)",
            "range_n",
            132,  # 11 years of months
        ),
        ("CASE_N(ts AT LOCAL < TIMESTAMP '2020-01-01 00:00:00', NO CASE)", "case_n", 2),
        (
            "CASE_N(ts AT INTERVAL '01:00' HOUR TO MINUTE < TIMESTAMP '2020-01-01 00:00:00', "
            "NO CASE, UNKNOWN)",
            "case_n",
            3,
        ),
        ("CASE_N(ts AT 'America Pacific' < TIMESTAMP '2020-01-01 00:00:00', NO CASE)", "case_n", 2),
        ("CASE_N(ts AT -8 < TIMESTAMP '2020-01-01 00:00:00', NO CASE)", "case_n", 2),
        (
            "RANGE_N(CAST(ts AS DATE AT LOCAL) BETWEEN DATE '2020-01-01' AND DATE '2020-12-31' "
            "EACH INTERVAL '1' DAY, NO RANGE)",
            "range_n",
            367,  # 366 days of 2020 and NO RANGE
        ),
        (
            "RANGE_N(CAST(ts AS DATE AT SOURCE TIME ZONE) BETWEEN DATE '2020-01-01' AND "
            "DATE '2020-12-31' EACH INTERVAL '1' MONTH)",
            "range_n",
            12,
        ),
        (
            "RANGE_N(CAST(ts AS DATE AT TIME ZONE 'Europe Central') BETWEEN DATE '2020-01-01' "
            "AND DATE '2020-12-31' EACH INTERVAL '1' MONTH)",
            "range_n",
            12,
        ),
    ],
)
def test_at_clauses_in_partitioning_expressions(partition: str, kind: str, partitions: int) -> None:
    table = _table(f"{TS_TABLE}PARTITION BY {partition};")
    (pi,) = table.indexes
    assert (pi.kind, pi.columns, pi.unique) == ("primary_index", ("id",), False)
    # the expression as written (D2), the level's kind and its partitions counted
    assert _levels(pi) == [(kind, partition, partitions)]
    assert partition_bytes(table) == 2


def test_at_clause_nodes() -> None:
    tree = _tree(
        "SELECT ts AT LOCAL, ts AT TIME ZONE 'GMT', ts AT INTERVAL '01:00' HOUR TO MINUTE,"
        " CAST(ts AS DATE AT LOCAL), CAST(ts AS DATE AT SOURCE), CAST(ts AS DATE AT -8) FROM t"
    )
    assert isinstance(tree, exp.Select)
    local, gmt, interval, *casts = tree.selects
    assert isinstance(local, nodes.AtLocal) and local.this.name == "ts"
    assert isinstance(gmt, exp.AtTimeZone) and gmt.args["zone"].name == "GMT"
    # AT without TIME ZONE takes the same zone expression (AT [TIME ZONE] expression)
    assert isinstance(interval, exp.AtTimeZone)
    assert isinstance(interval.args["zone"], exp.Interval)
    assert all(isinstance(c, exp.Cast) and c.to.this == exp.DType.DATE for c in casts)
    assert [c.args["at"].sql() for c in casts] == ["LOCAL", "SOURCE", "-8"]


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT ts AT LOCAL FROM t",
        "SELECT CAST(ts AS DATE AT LOCAL) FROM t",
        "SELECT CAST(ts AS DATE AT SOURCE TIME ZONE) FROM t",
        "SELECT CAST(ts AS DATE AT TIME ZONE 'GMT') FROM t",
        "SELECT ts AT TIME ZONE INTERVAL '01:00' HOUR TO MINUTE FROM t",
    ],
)
def test_at_clauses_are_written_back(sql: str) -> None:
    dialect = grammars.get("teradata").dialect
    assert _tree(sql).sql(dialect=dialect) == sql


def test_a_column_named_at_is_still_a_column() -> None:
    table = _table(
        "CREATE TABLE t (at INTEGER, b INTEGER) PRIMARY INDEX (b)"
        " PARTITION BY CASE_N(at < 10, NO CASE);"
    )
    assert [c.name for c in table.columns] == ["at", "b"]
    assert _levels(table.indexes[0]) == [("case_n", "CASE_N(at < 10, NO CASE)", 2)]


def test_manual_case_n_example_with_current_date() -> None:
    # SQL Data Definition Language, CREATE TABLE, "Examples: PARTITION BY", Example:
    # Partitioned NUPI Specification Defined on a CURRENT_DATE Function (quoted)
    table = _table(
        "CREATE TABLE customer (\n"
        "  cust_name              CHARACTER(8),\n"
        "  policy_number          INTEGER,\n"
        "  policy_expiration_date DATE FORMAT 'YYYY/MM/DD')\n"
        "PRIMARY INDEX (cust_name, policy_number)\n"
        "PARTITION BY CASE_N(policy_expiration_date>= CURRENT_DATE, \n"
        "                                             NO CASE);"
    )
    (pi,) = table.indexes
    assert pi.columns == ("cust_name", "policy_number")
    assert _levels(pi) == [
        (
            "case_n",
            "CASE_N(policy_expiration_date>= CURRENT_DATE, \n"
            "                                             NO CASE)",
            2,
        )
    ]


# ---------------------------------------------------------- (b) column partitioning

# SQL Data Definition Language Detailed Topics 15.10, CREATE TABLE, "Rules for Using the
# ADD Option for the Partitioning Levels of a Column-Partitioned Table", Examples (quoted):
# "Assume that o_custkey has the INTEGER data type, o_orderdate has the DATE data type, and
# there are 8 columns defined for the table. Teradata Database defines 8-byte partitioning
# because the maximum combined partition number before adding excess partitions to a level
# is 462,000 ((8+2+1)*500*84) ..."
MANUAL_CP = """PARTITION BY (COLUMN,
RANGE_N(o_custkey BETWEEN 0
AND 499999
EACH 1000),
RANGE_N(o_orderdate BETWEEN DATE '2003-01-01'
AND DATE '2009-12-31'
EACH INTERVAL '1' MONTH) )"""
# "... the partitioning specified by the preceding PARTITION BY clause is equivalent to the
# following PARTITION BY clause."
MANUAL_CP_ADD = """PARTITION BY (COLUMN ADD 10,
RANGE_N(o_custkey BETWEEN 0
AND 499999
EACH 1000)
ADD 5228668955132592,
RANGE_N(o_orderdate BETWEEN DATE '2003-01-01'
AND DATE '2009-12-31'
EACH INTERVAL '1' MONTH)
ADD 0 )"""
ORDERS8 = (
    "CREATE TABLE orders (o_orderkey INTEGER, o_custkey INTEGER, o_orderstatus CHAR(1),"
    " o_totalprice DECIMAL(13,2), o_orderdate DATE, o_orderpriority CHAR(21),"
    " o_clerk CHAR(16), o_comment VARCHAR(79))\n"
)
CUSTKEY = "RANGE_N(o_custkey BETWEEN 0\nAND 499999\nEACH 1000)"
ORDERDATE = (
    "RANGE_N(o_orderdate BETWEEN DATE '2003-01-01'\nAND DATE '2009-12-31'\nEACH INTERVAL '1' MONTH)"
)


def test_manual_column_and_row_partitioning() -> None:
    table = _table(ORDERS8 + MANUAL_CP + ";")
    (nopi,) = table.indexes
    assert (nopi.kind, nopi.columns) == ("no_primary_index", ())
    # 500 and 84 row partitions, as the manual's (8+2+1)*500*84
    assert _levels(nopi) == [
        ("column", "COLUMN", None),
        ("range_n", CUSTKEY, 500),
        ("range_n", ORDERDATE, 84),
    ]
    assert partition_bytes(table) == 8  # "Teradata Database defines 8-byte partitioning"


def test_manual_column_partitioning_with_add() -> None:
    table = _table(ORDERS8 + MANUAL_CP_ADD + ";")
    assert _levels(table.indexes[0]) == [
        ("column", "COLUMN ADD 10", None),
        ("range_n", CUSTKEY + "\nADD 5228668955132592", 500 + 5228668955132592),
        ("range_n", ORDERDATE + "\nADD 0", 84),
    ]


# PARTITION BY COLUMN (SQL Data Definition Language Syntax and Examples, CREATE TABLE,
# "PARTITION BY COLUMN"): "(COLUMN (column_name, column_name)) Indicates COLUMN format for
# the column partition." "ROW (column_name, column_name)) Indicates ROW format for the
# column partition." "AUTO COMPRESS ... AUTO COMPRESS is the default for column partitions."
# NO PRIMARY INDEX (same manual, index): "If the preceding item in the index list is a
# partitioning clause that is not part of an index clause, you must specify a COMMA
# character preceding NO PRIMARY INDEX."
ABC = "CREATE MULTISET TABLE cp (a INTEGER, b INTEGER, c INTEGER, d DATE)\n"
MONTHS = "RANGE_N(d BETWEEN DATE '2020-01-01' AND DATE '2020-12-31' EACH INTERVAL '1' MONTH)"


@pytest.mark.parametrize(
    ("clause", "indexes"),
    [
        (
            f"PARTITION BY (COLUMN ALL BUT (ROW(a,b)) AUTO COMPRESS, {MONTHS})",
            [("no_primary_index", (), False, ["COLUMN ALL BUT (ROW(a,b)) AUTO COMPRESS", MONTHS])],
        ),
        (
            "PARTITION BY COLUMN (COLUMN (a, b) NO AUTO COMPRESS, ROW(c))",
            [("no_primary_index", (), False, ["COLUMN (COLUMN (a, b) NO AUTO COMPRESS, ROW(c))"])],
        ),
        (
            "PARTITION BY COLUMN NO AUTO COMPRESS ((a, b), c AUTO COMPRESS) ADD 10",
            [
                (
                    "no_primary_index",
                    (),
                    False,
                    ["COLUMN NO AUTO COMPRESS ((a, b), c AUTO COMPRESS) ADD 10"],
                )
            ],
        ),
        (
            "PARTITION BY COLUMN, UNIQUE INDEX (a)",
            [("no_primary_index", (), False, ["COLUMN"]), ("secondary", ("a",), True, [])],
        ),
        (
            "PARTITION BY COLUMN (a, b), UNIQUE INDEX (a), INDEX (b)",
            [
                ("no_primary_index", (), False, ["COLUMN (a, b)"]),
                ("secondary", ("a",), True, []),
                ("secondary", ("b",), False, []),
            ],
        ),
        ("PARTITION BY COLUMN, NO PRIMARY INDEX", [("no_primary_index", (), False, ["COLUMN"])]),
        (
            "NO PRIMARY INDEX, PARTITION BY COLUMN ALL BUT (ROW(a,b)), UNIQUE INDEX (c)",
            [
                ("no_primary_index", (), False, ["COLUMN ALL BUT (ROW(a,b))"]),
                ("secondary", ("c",), True, []),
            ],
        ),
        ("PRIMARY AMP INDEX (a) PARTITION BY COLUMN", [("primary_amp", ("a",), False, ["COLUMN"])]),
        # a partitioning clause before the primary index is the primary index's (before,
        # it also left a no-primary-index entry holding the same partitioning)
        (
            "PARTITION BY COLUMN, PRIMARY AMP INDEX (a)",
            [("primary_amp", ("a",), False, ["COLUMN"])],
        ),
        (f"PARTITION BY {MONTHS}, PRIMARY INDEX (a)", [("primary_index", ("a",), False, [MONTHS])]),
    ],
)
def test_column_partitioning_and_the_index_list(
    clause: str, indexes: list[tuple[str, tuple[str, ...], bool, list[str]]]
) -> None:
    table = _table(f"{ABC}{clause};")
    found = [
        (ix.kind, ix.columns, ix.unique, [lvl.expression for lvl in ix.partitioning])
        for ix in table.indexes
    ]
    assert found == indexes
    levels = [lvl for ix in table.indexes for lvl in ix.partitioning]
    assert [lvl.kind for lvl in levels] == [
        "column" if lvl.expression.startswith("COLUMN") else "range_n" for lvl in levels
    ]
    assert [lvl.partitions for lvl in levels] == [
        None if lvl.kind == "column" else 12 for lvl in levels
    ]


def test_column_groups_in_the_column_list() -> None:
    # "Column grouping in the column list for a table allows for a simpler, but less
    # flexible, specification of column groupings than you can specify in a partitioning
    # level." (PARTITION BY COLUMN)
    table = _table(
        "CREATE MULTISET TABLE cg (COLUMN (a INTEGER, b INTEGER) NO AUTO COMPRESS,"
        " ROW (c VARCHAR(100)))\nNO PRIMARY INDEX\nPARTITION BY COLUMN;"
    )
    assert [(c.name, c.position) for c in table.columns] == [("a", 1), ("b", 2), ("c", 3)]
    assert [e for e in table.options.extra if e[0] == "column_group"] == [
        ("column_group", "COLUMN (a INTEGER, b INTEGER) NO AUTO COMPRESS"),
        ("column_group", "ROW (c VARCHAR(100))"),
    ]
    assert _levels(table.indexes[0]) == [("column", "COLUMN", None)]


@pytest.mark.parametrize(
    ("columns", "groups"),
    [
        (
            "((a INTEGER, b INTEGER) NO AUTO COMPRESS, c INTEGER)",
            ["(a INTEGER, b INTEGER) NO AUTO COMPRESS"],
        ),
        (
            "(k INTEGER, (a INTEGER, b INTEGER), ROW (c VARCHAR(10)), (d DATE))",
            ["(a INTEGER, b INTEGER)", "ROW (c VARCHAR(10))", "(d DATE)"],
        ),
    ],
)
def test_column_groups_without_a_format(columns: str, groups: list[str]) -> None:
    # Column Definitions (SQL Data Definition Language, CREATE TABLE): "(column_name) Group
    # the values from the specified column set of 1 or more columns into the same partition
    # of a column-partitioned table. You can specify a single column in a partition."
    # "If you do not specify either COLUMN or ROW, then Teradata Database determines which
    # format to use based on the width of the column partition value."  sqlglot takes the
    # "((" of the first form for a subquery.
    table = _table(f"CREATE MULTISET TABLE g {columns}\nNO PRIMARY INDEX\nPARTITION BY COLUMN;")
    assert [c.name for c in table.columns] == [n for n in "kabcd" if f"{n} " in columns]
    assert [e[1] for e in table.options.extra if e[0] == "column_group"] == groups
    tree = _tree(f"CREATE MULTISET TABLE g {columns} PARTITION BY COLUMN")
    formats = [g.args.get("this") for g in tree.find_all(nodes.ColumnGroup)]
    assert [f.name if f is not None else None for f in formats] == [
        "ROW" if g.startswith("ROW") else None for g in groups
    ]


def test_a_subquery_after_insert_is_still_a_subquery() -> None:
    tree = _tree("INSERT INTO t ((SELECT a FROM s))")
    assert isinstance(tree, exp.Insert) and tree.find(exp.Select) is not None


def test_a_column_partitioned_table_is_sized_as_a_row_table() -> None:
    # D186: the row size procedure is for "a typical non-column-partitioned table" (Database
    # Design, Row Size Calculation); containers and autocompression are not modelled
    sizing = SizingSettings()
    columnar, rows = (
        passes.run(passes.run(_parse(f"{ABC}{clause};")), passes.SIZING_RULES, sizing=sizing)
        for clause in ("PARTITION BY COLUMN", "NO PRIMARY INDEX")
    )
    (cp,), (nopi,) = estimate_file(columnar, sizing), estimate_file(rows, sizing)
    # a NoPI table with one partitioning level of unknown count (65,535 assumed: 2 bytes)
    assert partition_bytes(columnar.tables[0]) == 2
    assert cp.row_bytes is not None and nopi.row_bytes is not None
    assert cp.row_bytes > nopi.row_bytes  # the partition number, as for any partitioning


# ------------------------------------------------------------ (c) DATABASE x;


def _scope_findings(root: Path) -> list[tuple[str, int]]:
    results, _ = analyze_paths([str(root)], TERADATA)
    ctx = scope_context("db", results)
    found = list(duplicate_table(ctx))
    for rule in KEY_RULES:
        if rule.level == "scope" and rule.check is not None:
            found.extend(rule.check(ctx))
    return sorted((f.code, f.span.line if f.span else 0) for f in found)


def test_database_sets_the_default_database_of_later_statements(tmp_path: Path) -> None:
    # SQL Data Definition Language Syntax and Examples, DATABASE, database_name: "Name of
    # the new default database, which supersedes the default database specified in the user
    # or profile definition for the current session."  sales.t and hr.t are two tables; an
    # unqualified reference after DATABASE hr is hr.t, a qualified one sales.t.
    (tmp_path / "s.sql").write_text(
        "DATABASE sales;\n"
        "CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY, name VARCHAR(30));\n"
        "CREATE TABLE o (id INTEGER NOT NULL PRIMARY KEY, tid INTEGER REFERENCES t (id));\n"
        "DATABASE hr;\n"
        "CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY, x INTEGER);\n"
        "CREATE TABLE e (id INTEGER NOT NULL PRIMARY KEY,\n"
        "  s INTEGER REFERENCES sales.t (id),\n"
        "  h INTEGER REFERENCES t (x),\n"
        "  n VARCHAR(30) REFERENCES t (name));\n",
        encoding="utf-8",
    )
    (result,) = analyze_paths([str(tmp_path)], TERADATA)[0]
    assert [(c.kind, str(c.name)) for c in result.name_changes] == [
        ("use", "sales"),
        ("use", "hr"),
    ]
    assert [t.name.name for t in result.tables] == ["t", "o", "t", "e"]
    # no duplicate t; o's and s's keys find sales.t; h finds hr.t, whose x is no key
    # (K006; sales.t has no x at all); n names a column of sales.t through the unqualified
    # t, which is hr.t: missing (K004)
    assert _scope_findings(tmp_path) == [("K004", 9), ("K006", 8)]


def test_database_in_lint_end_to_end(tmp_path: Path) -> None:
    path = tmp_path / "s.sql"
    path.write_text(
        "DATABASE sales;\nCREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY);\n"
        "DATABASE hr;\nCREATE TABLE u (id INTEGER NOT NULL PRIMARY KEY,"
        " tid INTEGER REFERENCES t (id));\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(
        main, ["lint", str(path), "--dialect", "teradata", "--format", "json"]
    )
    found = json.loads(result.output)["findings"]
    # t is sales.t: hr has no t (K003 names the reference as written)
    assert [(f["code"], f["line"], f["table"]) for f in found] == [("K003", 4, "u")]
    sized = CliRunner().invoke(
        main, ["size", str(path), "--dialect", "teradata", "--format", "json"]
    )
    assert [t["table"] for t in json.loads(sized.output)["tables"]] == ["t", "u"]


# ------------------------------------------------------- (d) missing ; (P010)


def test_two_statements_without_a_semicolon_are_both_analysed() -> None:
    r = _parse("CREATE TABLE a (x INT)\nCREATE TABLE b (y INT);\n")
    assert [t.name.name for t in r.tables] == ["a", "b"]
    (d,) = r.diagnostics
    assert (d.code, d.severity.value, d.message) == ("P010", "error", "missing ; before CREATE")
    assert d.span is not None
    assert (d.span.file, d.span.line, d.span.column, d.span.end_column) == ("t.sql", 2, 1, 7)
    assert d.expected == ";" and d.source_line == "CREATE TABLE b (y INT);"
    # each table where it is written, its columns too
    assert [(t.span.line, t.span.column, t.span.end_column) for t in r.tables if t.span] == [
        (1, 1, 23),
        (2, 1, 23),
    ]
    assert [(c.span.line, c.span.column) for t in r.tables for c in t.columns if c.span] == [
        (1, 17),
        (2, 17),
    ]


def test_three_statements_on_one_line() -> None:
    r = _parse("CREATE TABLE a (x INT) CREATE TABLE b (y INT) CREATE TABLE c (z INT);")
    assert [t.name.name for t in r.tables] == ["a", "b", "c"]
    assert [(d.code, d.span.column) for d in r.diagnostics if d.span] == [
        ("P010", 24),
        ("P010", 47),
    ]


@pytest.mark.parametrize(
    ("second", "word", "skipped"),
    [
        ("ALTER TABLE a ADD z INTEGER;", "ALTER", ["alter table"]),
        ("DROP TABLE a;", "DROP", ["drop table"]),
        ("COLLECT STATISTICS ON a COLUMN (x);", "COLLECT", ["collect"]),
        ("INSERT INTO a VALUES (1);", "INSERT", ["insert"]),
    ],
)
def test_missing_semicolon_before_other_statements(
    second: str, word: str, skipped: list[str]
) -> None:
    r = _parse(f"CREATE TABLE a (x INT) PRIMARY INDEX (x)\n  {second}\n")
    assert [t.name.name for t in r.tables] == ["a"]
    assert [(d.code, d.message, d.span.line, d.span.column) for d in r.diagnostics if d.span] == [
        ("P010", f"missing ; before {word}", 2, 3)
    ]
    assert [s.kind for s in r.skipped] == skipped


def test_hirdb_needs_the_semicolon_too() -> None:
    r = _parse("CREATE TABLE a (x INT) CREATE TABLE b (y INT);", "hirdb")
    assert [t.name.name for t in r.tables] == ["a", "b"]
    assert [d.code for d in r.diagnostics] == ["P010"]


@pytest.mark.parametrize("dialect", ["tsql", "sybase"])
def test_not_in_dialects_without_a_terminator(dialect: str) -> None:
    # T-SQL and ASE need no ; between statements: never P010 there
    r = _parse("CREATE TABLE a (x INT) CREATE TABLE b (y INT)\nGO\n", dialect)
    assert "P010" not in [d.code for d in r.diagnostics]


@pytest.mark.parametrize(
    "sql",
    [
        # the error is not at a statement word
        "CREATE TABLE a (x INT,\nCREATE TABLE b (y INT);",
        # the text before the statement word does not parse on its own
        "CREATE TABLE a (x INT) PRIMARY INDEX\nCREATE TABLE b (y INT);",
    ],
)
def test_other_errors_stay_p001(sql: str) -> None:
    r = _parse(sql)
    codes = [d.code for d in r.diagnostics]
    assert codes and set(codes) == {"P001"}  # as before P010 existed
    assert r.tables == ()


# ------------------------------------------- (e) DATABASE x without ; (P010, D200)
#
# SQL Data Definition Language Syntax and Examples, DATABASE: "DATABASE database_name ;"
# takes one name, so what follows the name is the next statement of the request.


def test_database_without_semicolon_is_cut_at_its_name() -> None:
    r = _parse("DATABASE sales\nCREATE TABLE t (a INT);\n")
    assert [t.name.name for t in r.tables] == ["t"]
    (d,) = r.diagnostics  # no P007: the table is analysed
    assert (d.code, d.severity.value, d.message) == ("P010", "error", "missing ; before CREATE")
    assert d.span is not None
    assert (d.span.line, d.span.column, d.span.end_line, d.span.end_column) == (2, 1, 2, 7)
    assert d.expected == ";" and d.source_line == "CREATE TABLE t (a INT);"
    # the DATABASE statement is skipped at its own text and names the default database
    ((kind, span),) = [(s.kind, s.span) for s in r.skipped]
    assert kind == "database" and span is not None
    assert (span.line, span.column, span.end_line, span.end_column) == (1, 1, 1, 15)
    assert [(c.kind, str(c.name)) for c in r.name_changes] == [("use", "sales")]
    table_span = r.tables[0].span
    assert table_span is not None and (table_span.line, table_span.column) == (2, 1)


@pytest.mark.parametrize(
    ("sql", "database", "line", "column"),
    [
        # a comment between the name and the next statement
        ("DATABASE sales -- the orders\n/* v2 */ CREATE TABLE t (a INT);", "sales", 2, 10),
        ('DATABASE "Sales Db"\n\n  CREATE TABLE t (a INT);', "Sales Db", 3, 3),
        ("database sales create table t (a int);", "sales", 1, 16),
    ],
)
def test_database_without_semicolon_forms(sql: str, database: str, line: int, column: int) -> None:
    r = _parse(sql)
    assert [t.name.name for t in r.tables] == ["t"]
    assert [(d.code, d.span.line, d.span.column) for d in r.diagnostics if d.span] == [
        ("P010", line, column)
    ]
    assert [str(c.name) for c in r.name_changes] == [database]


def test_database_without_semicolon_before_two_run_together() -> None:
    r = _parse("DATABASE sales\nCREATE TABLE a (x INT)\nCREATE TABLE b (y INT);")
    assert [t.name.name for t in r.tables] == ["a", "b"]
    assert [(d.code, d.span.line) for d in r.diagnostics if d.span] == [("P010", 2), ("P010", 3)]


@pytest.mark.parametrize(
    "sql",
    [
        "DATABASE sales;\nCREATE TABLE t (a INT);\n",
        # a BTEQ command ends the DATABASE statement on its line (D97)
        "DATABASE sales\n.IF ERRORCODE <> 0 THEN .QUIT 8\nCREATE TABLE t (a INT);\n",
    ],
)
def test_database_with_its_end_is_untouched(sql: str) -> None:
    r = _parse(sql)
    assert r.diagnostics == ()
    assert [t.name.name for t in r.tables] == ["t"]
    assert [(c.kind, str(c.name)) for c in r.name_changes] == [("use", "sales")]
    span = r.skipped[0].span
    assert r.skipped[0].kind == "database" and span is not None
    assert (span.line, span.column, span.end_column) == (1, 1, 15)


def test_database_followed_by_no_statement_word_is_as_before() -> None:
    # not a DATABASE statement ddlaudit can end (two names): skipped whole, no default
    r = _parse("DATABASE sales other\nCREATE TABLE t (a INT);")
    assert r.tables == () and r.name_changes == ()
    assert [d.code for d in r.diagnostics] == ["P007"]


def test_hirdb_has_no_database_statement() -> None:
    # HiRDB qualifies a table by its authorization identifier (SQL Reference, 1.1.8
    # "Qualifying a name"); it has no DATABASE statement, so nothing is cut there
    r = _parse("DATABASE sales\nCREATE TABLE t (a INT);", "hirdb")
    assert r.tables == ()
    assert [d.code for d in r.diagnostics] == ["P007"]


_SCOPE = (
    "DATABASE sales{end}\n"
    "CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY, name VARCHAR(30));\n"
    "CREATE TABLE o (id INTEGER NOT NULL PRIMARY KEY, tid INTEGER REFERENCES t (id));\n"
    "DATABASE hr{end}\n"
    "CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY, x INTEGER);\n"
    "CREATE TABLE e (id INTEGER NOT NULL PRIMARY KEY,\n"
    "  s INTEGER REFERENCES sales.t (id),\n"
    "  h INTEGER REFERENCES t (x),\n"
    "  n VARCHAR(30) REFERENCES t (name));\n"
)


def test_database_without_semicolon_resolves_names_as_with_it(tmp_path: Path) -> None:
    ended, run_on = tmp_path / "ended", tmp_path / "run_on"
    ended.mkdir()
    run_on.mkdir()
    (ended / "s.sql").write_text(_SCOPE.format(end=";"), encoding="utf-8")
    (run_on / "s.sql").write_text(_SCOPE.format(end=""), encoding="utf-8")
    # the same keys as test_database_sets_the_default_database_of_later_statements
    assert _scope_findings(ended) == _scope_findings(run_on) == [("K004", 9), ("K006", 8)]
    (result,) = analyze_paths([str(run_on)], TERADATA)[0]
    assert [str(c.name) for c in result.name_changes] == ["sales", "hr"]
    assert [(d.code, d.span.line) for d in result.diagnostics if d.span] == [
        ("P010", 2),
        ("P010", 5),
    ]


def _lint_json(path: Path) -> list[tuple[str, int, int, str | None]]:
    linted = CliRunner().invoke(
        main, ["lint", str(path), "--dialect", "teradata", "--format", "json"]
    )
    assert linted.exit_code == 1, linted.output
    found = json.loads(linted.output)["findings"]
    return [(f["code"], f["line"], f["column"], f["table"]) for f in found]


def test_database_without_semicolon_end_to_end(tmp_path: Path) -> None:
    text = (
        "DATABASE sales{end}\nCREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY);\n"
        "DATABASE hr{end}\nCREATE TABLE u (id INTEGER NOT NULL PRIMARY KEY,"
        " tid INTEGER REFERENCES t (id));\n"
    )
    path, ended = tmp_path / "s.sql", tmp_path / "e.sql"
    path.write_text(text.format(end=""), encoding="utf-8")
    ended.write_text(text.format(end=";"), encoding="utf-8")
    # as test_database_in_lint_end_to_end (t is sales.t: hr has no t), plus the two missing ;
    assert _lint_json(ended) == [("K003", 4, 50, "u")]
    assert _lint_json(path) == [("P010", 2, 1, "t"), ("P010", 4, 1, "u"), ("K003", 4, 50, "u")]
    runner = CliRunner()
    parsed = runner.invoke(main, ["parse", str(path), "--dialect", "teradata", "--format", "json"])
    assert "P010" in parsed.stderr  # each diagnostic shown, as lint shows it
    (file,) = json.loads(parsed.stdout)["files"]
    assert [t["name"]["name"] for t in file["tables"]] == ["t", "u"]
    assert [d["code"] for d in file["diagnostics"]] == ["P010", "P010"]
