"""Tables made from queries and other tables (issue 31): Teradata ``CREATE TABLE AS``
(copy and query forms), SQL Server ``SELECT ... INTO``, Azure Synapse CTAS.

Expected types come from the manuals: a column reference carries its declared type and
nullability; a CAST its declared type; literals the platform's literal types (Teradata SQL
Data Types and Literals; SQL Server Constants (Transact-SQL)); a Teradata copy takes the
primary index and not the secondary indexes (Teradata SQL Data Definition Language,
CREATE TABLE, AS clause).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.cli import main
from analyzer.core import Options, analyze_bytes
from analyzer.ir import Column, FileResult, Table, document
from grammars.base import SpanParserMixin

TD = Options(dialect="teradata")
MS = Options(dialect="tsql")

ORDERS_TD = """CREATE MULTISET TABLE sales.orders (
    order_id INTEGER NOT NULL,
    cust_id INTEGER NOT NULL,
    amount DECIMAL(12,2),
    note VARCHAR(40) CHARACTER SET UNICODE NOT CASESPECIFIC
) PRIMARY INDEX (order_id)
UNIQUE INDEX (cust_id, order_id);
CREATE TABLE sales.customers (
    cust_id INTEGER NOT NULL,
    name VARCHAR(60) CHARACTER SET LATIN NOT NULL
) UNIQUE PRIMARY INDEX (cust_id);
"""

ORDERS_MS = """CREATE TABLE dbo.orders (
    order_id int NOT NULL,
    amount decimal(12,2) NULL,
    note nvarchar(40) COLLATE Latin1_General_CI_AS NOT NULL
);
GO
"""


def _run(sql: str, options: Options) -> FileResult:
    return analyze_bytes("t.sql", sql.encode(), options)


def _table(result: FileResult, name: str) -> Table:
    found = [t for t in result.tables if t.name.name == name]
    assert len(found) == 1, [str(t.name) for t in result.tables]
    return found[0]


def _shape(c: Column) -> tuple[object, ...]:
    return (
        c.name,
        c.type.declared,
        c.type.family,
        c.type.length,
        c.type.precision,
        c.type.scale,
        c.nullable,
        c.derived_from,
    )


def _codes(result: FileResult) -> list[str]:
    return [d.code for d in result.diagnostics]


# -- item 2: Teradata copy form ----------------------------------------------------------


def test_teradata_copy_takes_columns_and_primary_index_not_secondary() -> None:
    r = _run(ORDERS_TD + "CREATE TABLE o2 AS sales.orders WITH NO DATA;", TD)
    src, copy = _table(r, "orders"), _table(r, "o2")
    assert [c.name for c in copy.columns] == ["order_id", "cust_id", "amount", "note"]
    for a, b in zip(src.columns, copy.columns, strict=True):
        assert (a.type, a.nullable, a.character_set, a.case_specific) == (
            b.type,
            b.nullable,
            b.character_set,
            b.case_specific,
        )
        assert b.derived_from == "copy of sales.orders"
    note = copy.columns[3]
    assert (note.type.declared, note.character_set, note.case_specific) == (
        "VARCHAR(40)",
        "UNICODE",
        False,
    )
    assert [(ix.kind, ix.columns) for ix in copy.indexes] == [("primary_index", ("order_id",))]
    assert "P005" not in _codes(r)


def test_teradata_copy_with_its_own_primary_index_and_statistics() -> None:
    sql = ORDERS_TD + (
        "CREATE VOLATILE TABLE o3 AS orders WITH DATA AND STATISTICS "
        "PRIMARY INDEX (cust_id) ON COMMIT PRESERVE ROWS;"
    )
    copy = _table(_run(sql, TD), "o3")
    assert [(ix.kind, ix.columns) for ix in copy.indexes] == [("primary_index", ("cust_id",))]
    assert copy.options.temporary == "VOLATILE"
    assert copy.options.set_semantics == "MULTISET"  # the source's, not given again


def test_teradata_copy_of_an_unknown_table_is_one_warning() -> None:
    r = _run("CREATE TABLE o2 AS elsewhere.orders WITH NO DATA;", TD)
    assert r.tables == ()
    [d] = r.diagnostics
    assert (d.code, d.severity.value) == ("P005", "warning")
    assert "elsewhere.orders" in d.message and "another file" in d.message


# -- item 1: query forms ------------------------------------------------------------------


def test_teradata_ctas_query_types_field_by_field() -> None:
    sql = ORDERS_TD + (
        "CREATE VOLATILE TABLE vt AS (\n"
        "  SELECT o.order_id, c.name, CAST(o.amount AS DECIMAL(18,2)) AS amt, 'abc' AS flag,\n"
        "         12 AS small, 40000 AS mid, 3000000000 AS big, 1.250 AS dec, 1e3 AS f\n"
        "  FROM sales.orders o LEFT JOIN sales.customers c ON c.cust_id = o.cust_id\n"
        ") WITH DATA PRIMARY INDEX (order_id) ON COMMIT PRESERVE ROWS;"
    )
    r = _run(sql, TD)
    vt = _table(r, "vt")
    assert [_shape(c) for c in vt.columns] == [
        ("order_id", "INTEGER", "integer", None, None, None, False, "sales.orders.order_id"),
        # the outer side of a LEFT JOIN can be NULL whatever the column says
        ("name", "VARCHAR(60)", "varchar", 60, None, None, True, "sales.customers.name"),
        ("amt", "DECIMAL(18,2)", "decimal", None, 18, 2, True, "CAST"),
        ("flag", "VARCHAR(3)", "varchar", 3, None, None, True, "literal"),
        ("small", "BYTEINT", "integer", None, None, None, True, "literal"),
        ("mid", "INTEGER", "integer", None, None, None, True, "literal"),
        ("big", "BIGINT", "integer", None, None, None, True, "literal"),
        ("dec", "DECIMAL(4,3)", "decimal", None, 4, 3, True, "literal"),
        ("f", "FLOAT", "float", None, None, None, True, "literal"),
    ]
    assert vt.columns[1].character_set == "LATIN"
    assert vt.options.temporary == "VOLATILE"
    assert [(ix.kind, ix.columns) for ix in vt.indexes] == [("primary_index", ("order_id",))]
    assert _codes(r) == []


def test_tsql_select_into_types_field_by_field() -> None:
    sql = ORDERS_MS + (
        "SELECT o.order_id, o.note, CAST(o.amount AS money) AS m, N'ab' AS k, 'xyz' AS v,\n"
        "       12.50 AS d, 7 AS i, 3000000000 AS big\n"
        "INTO dbo.new_t FROM dbo.orders AS o;\nGO\n"
    )
    r = _run(sql, MS)
    t = _table(r, "new_t")
    assert str(t.name) == "dbo.new_t"
    assert [_shape(c) for c in t.columns] == [
        ("order_id", "int", "integer", None, None, None, False, "dbo.orders.order_id"),
        ("note", "nvarchar(40)", "nvarchar", 40, None, None, False, "dbo.orders.note"),
        ("m", "money", "money", None, None, None, True, "CAST"),
        ("k", "NVARCHAR(2)", "nvarchar", 2, None, None, False, "literal"),
        ("v", "VARCHAR(3)", "varchar", 3, None, None, False, "literal"),
        ("d", "NUMERIC(4,2)", "decimal", None, 4, 2, False, "literal"),
        ("i", "INT", "integer", None, None, None, False, "literal"),
        ("big", "NUMERIC(10,0)", "decimal", None, 10, 0, False, "literal"),
    ]
    assert t.columns[1].collation == "Latin1_General_CI_AS"
    assert _codes(r) == []


def test_tsql_select_star_into_temp_table_expands() -> None:
    r = _run(ORDERS_MS + "SELECT * INTO #work FROM orders;\nGO\n", MS)
    work = _table(r, "work")
    assert work.options.temporary == "TEMPORARY"  # as CREATE TABLE #work reads it
    assert work.span is not None and work.span.line == 7
    assert [(c.name, c.type.declared, c.nullable) for c in work.columns] == [
        ("order_id", "int", False),
        ("amount", "decimal(12,2)", True),
        ("note", "nvarchar(40)", False),
    ]


def test_tsql_select_without_into_is_still_skipped() -> None:
    r = _run(ORDERS_MS + "SELECT @x = 1;\nGO\nSELECT order_id FROM dbo.orders;\nGO\n", MS)
    assert [s.kind for s in r.skipped] == ["select", "select"]
    assert [t.name.name for t in r.tables] == ["orders"]


def test_synapse_ctas_with_distribution() -> None:
    sql = ORDERS_MS + (
        "CREATE TABLE dbo.stage WITH (DISTRIBUTION = HASH(order_id), CLUSTERED COLUMNSTORE "
        "INDEX) AS SELECT o.order_id, t.amount FROM dbo.orders AS o JOIN dbo.orders t "
        "ON t.order_id = o.order_id;\nGO\n"
    )
    stage = _table(_run(sql, MS), "stage")
    assert stage.options.distribution == "HASH"
    assert stage.options.distribution_columns == ("order_id",)
    assert [_shape(c) for c in stage.columns] == [
        ("order_id", "int", "integer", None, None, None, False, "dbo.orders.order_id"),
        ("amount", "decimal(12,2)", "decimal", None, 12, 2, True, "dbo.orders.amount"),
    ]


def test_table_star_expands_only_that_table() -> None:
    sql = ORDERS_TD + (
        "CREATE TABLE j AS (SELECT c.*, o.amount FROM sales.orders o, sales.customers c) "
        "WITH NO DATA;"
    )
    j = _table(_run(sql, TD), "j")
    assert [c.name for c in j.columns] == ["cust_id", "name", "amount"]
    assert j.columns[0].derived_from == "sales.customers.cust_id"


# -- item 4: what cannot be typed ---------------------------------------------------------


def test_untyped_expressions_one_diagnostic_rest_sized(tmp_path: Path) -> None:
    sql = ORDERS_TD + (
        # expressions the documented rules do not type: a function, a concatenation of a
        # number (its length is its format's, D180), a CASE over DECIMALs that differ (D197;
        # DECIMAL / INTEGER and a CASE mixing DECIMAL and BYTEINT are typed: D196, D197)
        "CREATE TABLE agg AS (SELECT cust_id, ZEROIFNULL(amount) AS total, note || amount "
        "AS dbl, CASE WHEN amount > 0 THEN amount ELSE CAST(0 AS DECIMAL(5,1)) END AS pos "
        "FROM sales.orders) WITH DATA;"
    )
    r = _run(sql, TD)
    agg = _table(r, "agg")
    assert [(c.name, c.type.family, c.type.declared) for c in agg.columns] == [
        ("cust_id", "integer", "INTEGER"),
        ("total", "other", ""),
        ("dbl", "other", ""),
        ("pos", "other", ""),
    ]
    p009 = [d for d in r.diagnostics if d.code == "P009"]
    assert len(p009) == 1
    for text in ("ZEROIFNULL(amount)", "note || amount", "CASE WHEN amount > 0"):
        assert text in p009[0].message
    assert p009[0].span is not None and p009[0].span.line == 12
    # `size`: S001 for each untyped column, the typed one sized (INTEGER: 4 bytes)
    run = _size(tmp_path, sql)
    [est] = [e for e in run["tables"] if e["table"] == "agg"]
    assert est["worksheets"][0]["steps"][1]["terms"] == [{"name": "1 x INTEGER (4)", "value": 4}]


def test_unknown_source_columns_untyped_named() -> None:
    r = _run("CREATE TABLE t2 AS (SELECT a, b AS bee FROM nowhere.t) WITH NO DATA;", TD)
    t2 = _table(r, "t2")
    assert [(c.name, c.type.family) for c in t2.columns] == [("a", "other"), ("bee", "other")]
    [d] = [d for d in r.diagnostics if d.code == "P009"]
    assert (
        ": a (nowhere.t: not defined before it in this file), "
        "b (nowhere.t: not defined before it in this file)."
    ) in d.message


def test_star_over_unknown_table_is_p005_warning() -> None:
    r = _run("SELECT * INTO dbo.x FROM dbo.nowhere;\nGO\n", MS)
    [d] = r.diagnostics
    assert (d.code, d.severity.value) == ("P005", "warning")
    assert "dbo.nowhere" in d.message


def test_unnamed_expression_is_the_engines_error() -> None:
    r = _run(ORDERS_MS + "SELECT amount + 1 INTO dbo.bad FROM dbo.orders;\nGO\n", MS)
    [d] = r.diagnostics
    assert (d.code, d.severity.value) == ("P005", "error")
    assert "Msg 1038" in d.message and "amount + 1" in d.message
    assert [t.name.name for t in r.tables] == ["orders"]


def test_duplicate_names_are_the_engines_error() -> None:
    r = _run(ORDERS_MS + "SELECT order_id, order_id INTO dbo.dup FROM dbo.orders;\nGO\n", MS)
    [d] = r.diagnostics
    assert d.code == "P005" and "Msg 2705" in d.message


# -- end to end: a BTEQ script sized ------------------------------------------------------

BTEQ = """.LOGON tdpid/etl_user,secret
.SET ERROROUT STDOUT
DATABASE sales;
CREATE MULTISET TABLE sales.orders (
    order_id INTEGER NOT NULL,
    cust_id INTEGER NOT NULL,
    amount DECIMAL(18,2)
) PRIMARY INDEX (order_id);
CREATE MULTISET TABLE sales.customers (
    cust_id INTEGER NOT NULL,
    name VARCHAR(60) CHARACTER SET LATIN
) UNIQUE PRIMARY INDEX (cust_id);
CREATE VOLATILE TABLE vt_orders AS (
    SELECT o.order_id, c.name, o.amount
    FROM sales.orders o
    INNER JOIN sales.customers c ON c.cust_id = o.cust_id
) WITH DATA PRIMARY INDEX (order_id) ON COMMIT PRESERVE ROWS;
.IF ERRORCODE <> 0 THEN .QUIT 8
.LOGOFF
.QUIT 0
"""

#: The same table declared by hand, with the types the manual's rules give the query.
DECLARED = """CREATE VOLATILE TABLE vt_orders (
    order_id INTEGER NOT NULL,
    name VARCHAR(60) CHARACTER SET LATIN,
    amount DECIMAL(18,2)
) PRIMARY INDEX (order_id) ON COMMIT PRESERVE ROWS;
"""


def _size(tmp_path: Path, sql: str, *args: str) -> Any:
    path = tmp_path / "script.sql"
    path.write_text(sql, encoding="utf-8")
    run = CliRunner().invoke(
        main, ["size", str(path), "--dialect", "teradata", "--format", "json", *args]
    )
    assert run.exit_code == 0, run.output
    untyped = run.stderr.count("derived column not typed")
    assert untyped == sql.count(" AS total") + sql.count(" AS dbl") + sql.count(" AS pos")
    return json.loads(run.stdout)


def test_bteq_volatile_table_from_a_join_is_sized(tmp_path: Path) -> None:
    r = analyze_bytes("etl.bteq", BTEQ.encode())
    assert r.dialect == "teradata"
    assert [t.name.name for t in r.tables] == ["orders", "customers", "vt_orders"]
    assert not [d for d in r.diagnostics if d.severity.value != "info"]
    est = {e["table"]: e for e in _size(tmp_path, BTEQ)["tables"]}
    vt = est["vt_orders"]
    # Teradata Database Design, Row Size Calculation, Procedure for Packed64 Systems:
    # fixed INTEGER 4 + DECIMAL(18,2) 8 = 12; SUM(a) VARCHAR(60) LATIN at its maximum 60;
    # logical 72; + 14 row overhead (nonpartitioned PI) + 2 (one variable column offset)
    # + 2 (variable portion) + 0 presence octets (2 nullable columns <= 7 bits) = 90, even.
    assert vt["row_bytes"] == 90
    figures = {f["name"]: f["value"] for f in vt["figures"]}
    assert figures["logical_bytes"] == 72
    hand = {e["table"]: e for e in _size(tmp_path, DECLARED)["tables"]}["vt_orders"]
    assert vt["figures"] == hand["figures"]


def test_size_explain_shows_where_each_type_came_from(tmp_path: Path) -> None:
    (tmp_path / "script.sql").write_text(BTEQ, encoding="utf-8")
    run = CliRunner().invoke(main, ["size", str(tmp_path / "script.sql"), "--explain"])
    assert run.exit_code == 0, run.output
    assert (
        "column types (derived table): order_id from sales.orders.order_id; "
        "name from sales.customers.name; amount from sales.orders.amount"
    ) in run.stdout


# -- hypothesis: SELECT * has the source's columns ----------------------------------------

_TD_TYPES = (
    "INTEGER",
    "SMALLINT",
    "BYTEINT",
    "BIGINT",
    "DECIMAL(12,2)",
    "DATE",
    "TIMESTAMP(6)",
    "CHAR(10)",
    "VARCHAR(200)",
    "FLOAT",
)
_MS_TYPES = ("int", "bigint", "decimal(9,3)", "nvarchar(50)", "varchar(max)", "datetime2(3)")


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(("teradata", "tsql")),
    st.lists(st.tuples(st.integers(0, 9), st.booleans()), min_size=1, max_size=8),
)
def test_select_star_has_the_source_columns(dialect: str, cols: list[tuple[int, bool]]) -> None:
    types = _TD_TYPES if dialect == "teradata" else _MS_TYPES
    body = ",\n".join(
        f"    c{i} {types[k % len(types)]} {'NOT NULL' if nn else 'NULL'}"
        for i, (k, nn) in enumerate(cols)
    )
    if dialect == "teradata":
        sql = f"CREATE TABLE src (\n{body}\n);\nCREATE TABLE dst AS (SELECT * FROM src) WITH DATA;"
    else:
        sql = f"CREATE TABLE src (\n{body}\n);\nGO\nSELECT * INTO dst FROM src;\nGO\n"
    r = _run(sql, Options(dialect=dialect))
    src, dst = _table(r, "src"), _table(r, "dst")
    assert [(c.name, c.type, c.nullable) for c in dst.columns] == [
        (c.name, c.type, c.nullable) for c in src.columns
    ]
    assert [c.position for c in dst.columns] == list(range(1, len(cols) + 1))


# -- item 3: a derived table is a table for diff ------------------------------------------


def test_diff_sees_a_derived_column_retyped(tmp_path: Path) -> None:
    head = "CREATE TABLE s.o (id INTEGER NOT NULL, amt DECIMAL(12,2));\n"
    for side, scale in (("base", "12,2"), ("head", "18,2")):
        (tmp_path / side).mkdir()
        (tmp_path / side / "x.sql").write_text(
            head + f"CREATE TABLE w AS (SELECT id, CAST(amt AS DECIMAL({scale})) AS amt "
            "FROM s.o) WITH NO DATA;\n",
            encoding="utf-8",
        )
    run = CliRunner().invoke(
        main, ["diff", str(tmp_path / "base"), str(tmp_path / "head"), "--dialect", "teradata"]
    )
    assert run.exit_code == 0, run.output
    assert "w: changed" in run.stdout
    assert "column_retyped amt: decimal(12,2)" in run.stdout
    assert "-> decimal(18,2)" in run.stdout


def test_sources_are_read_with_the_current_database() -> None:
    sql = (
        "USE a;\nGO\nCREATE TABLE dbo.t (x int NOT NULL);\nGO\n"
        "USE b;\nGO\nSELECT * INTO dbo.copy_b FROM dbo.t;\nGO\n"
        "SELECT * INTO dbo.copy_a FROM a.dbo.t;\nGO\n"
    )
    r = _run(sql, MS)
    assert [str(t.name) for t in r.tables] == ["dbo.t", "dbo.copy_a"]
    [d] = r.diagnostics
    assert d.code == "P005" and "dbo.t" in d.message


def test_tsql_aggregates_and_isnull_documented_return_types() -> None:
    # SUM / AVG / COUNT / MAX / MIN (Transact-SQL) "Return types"; ISNULL: "the same type as
    # check_expression", not nullable with a non-null replacement.
    sql = (
        "CREATE TABLE dbo.o (id int NOT NULL, amt decimal(12,2) NULL, q smallint NOT NULL,"
        " m money NULL);\nGO\n"
        "SELECT MAX(amt) AS mx, MIN(id) AS mn, COUNT(*) AS c, COUNT_BIG(id) AS cb,"
        " SUM(amt) AS s, AVG(amt) AS av, SUM(q) AS sq, AVG(m) AS am, ISNULL(amt, 0) AS i"
        " INTO dbo.x FROM dbo.o;\nGO\n"
    )
    r = _run(sql, MS)
    assert [(c.name, c.type.declared, c.type.precision, c.type.scale, c.nullable, c.derived_from)
            for c in _table(r, "x").columns] == [
        ("mx", "decimal(12,2)", 12, 2, True, "MAX"),
        ("mn", "int", None, None, True, "MIN"),
        ("c", "INT", None, None, True, "COUNT"),
        ("cb", "BIGINT", None, None, True, "COUNT_BIG"),
        ("s", "DECIMAL(38,2)", 38, 2, True, "SUM"),
        ("av", "DECIMAL(38,6)", 38, 6, True, "AVG"),
        ("sq", "INT", None, None, True, "SUM"),
        ("am", "MONEY", None, None, True, "AVG"),
        ("i", "decimal(12,2)", 12, 2, False, "ISNULL"),
    ]  # fmt: skip
    assert _codes(r) == []


def test_teradata_max_keeps_the_character_set() -> None:
    sql = ORDERS_TD + "CREATE TABLE m AS (SELECT MAX(note) AS n FROM sales.orders) WITH DATA;"
    [n] = _table(_run(sql, TD), "m").columns
    assert (n.type.declared, n.character_set, n.case_specific, n.nullable, n.derived_from) == (
        "VARCHAR(40)",
        "UNICODE",
        False,
        True,
        "MAX",
    )


def test_teradata_column_list_names_the_query_columns() -> None:
    sql = (
        ORDERS_TD + "CREATE TABLE c1 (a, b) AS (SELECT order_id, amount FROM orders) WITH NO DATA;"
    )
    c1 = _table(_run(sql, TD), "c1")
    assert [(c.name, c.type.declared, c.derived_from) for c in c1.columns] == [
        ("a", "INTEGER", "sales.orders.order_id"),
        ("b", "DECIMAL(12,2)", "sales.orders.amount"),
    ]
    bad = _run(ORDERS_TD + "CREATE TABLE c2 (a) AS (SELECT order_id, amount FROM orders) "
               "WITH NO DATA;", TD)  # fmt: skip
    [d] = bad.diagnostics
    assert (d.code, d.severity.value) == ("P005", "error")


def test_derived_tables_and_ctes_pass_their_types_through() -> None:
    sql = ORDERS_TD + (
        "CREATE TABLE c3 AS (SELECT x.id FROM (SELECT order_id AS id FROM sales.orders) x)"
        " WITH NO DATA;\n"
        "CREATE TABLE c4 AS (WITH q AS (SELECT amount FROM sales.orders) SELECT amount FROM q)"
        " WITH NO DATA;"
    )
    r = _run(sql, TD)
    [c3] = _table(r, "c3").columns
    [c4] = _table(r, "c4").columns
    assert (c3.type.declared, c3.nullable, c3.derived_from) == (
        "INTEGER",
        False,
        "sales.orders.order_id",
    )
    assert (c4.type.declared, c4.nullable, c4.derived_from) == (
        "DECIMAL(12,2)",
        True,
        "sales.orders.amount",
    )
    assert _codes(r) == []


def test_an_untyped_column_stays_untyped_downstream() -> None:
    sql = ORDERS_MS + (
        "SELECT order_id, ABS(amount) AS dbl INTO dbo.a FROM dbo.orders;\nGO\n"
        "SELECT * INTO dbo.b FROM dbo.a;\nGO\nSELECT dbl INTO dbo.c FROM dbo.a;\nGO\n"
    )
    r = _run(sql, MS)
    assert [c.type.family for c in _table(r, "b").columns] == ["integer", "other"]
    messages = [d.message for d in r.diagnostics if d.code == "P009"]
    assert len(messages) == 3
    assert ": dbl (of *)." in messages[1] and ": dbl (untyped in dbo.a)." in messages[2]


def test_set_operations_name_from_the_first_query_type_per_platform() -> None:
    # SQL Server. "Combining Results Sets with UNION" (SQL Server 2008 R2 docs): "The
    # result set column names of a UNION are the same as the column names in the result
    # set of the first SELECT statement in the UNION." "Set Operators - UNION
    # (Transact-SQL)", Arguments: "When data types differ, the resulting data type is
    # determined based on the rules for data type precedence. When the types are the same
    # but differ in precision, scale, or length, the result is determined based on the
    # same rules for combining expressions." "Precision, scale, and length (Transact-SQL)",
    # its table: "e1 { UNION | EXCEPT | INTERSECT } e2 | max(s1, s2) + max(p1-s1, p2-s2) |
    # max(s1, s2)" (6 + 12, 6); "When comparing two expressions of the same data type but
    # different lengths by using UNION, EXCEPT, or INTERSECT, the resulting length is the
    # longer of the two expressions."
    ms = _run(
        "CREATE TABLE dbo.a (id int NOT NULL, amt decimal(12,2) NOT NULL, v varchar(10) NOT NULL);"
        "\nGO\nCREATE TABLE dbo.b (k bigint NOT NULL, amt decimal(18,6) NULL, v varchar(30) "
        "NOT NULL);\nGO\nSELECT id, amt, v INTO dbo.u FROM dbo.a UNION SELECT k, amt, v FROM "
        "dbo.b;\nGO\n",
        MS,
    )
    assert [
        (c.name, c.type.declared, c.type.precision, c.type.scale, c.type.length, c.nullable)
        for c in _table(ms, "u").columns
    ] == [
        ("id", "BIGINT", None, None, None, False),
        ("amt", "DECIMAL(18,6)", 18, 6, None, True),  # nullable: one branch is
        ("v", "VARCHAR(30)", None, None, 30, False),
    ]
    assert _codes(ms) == []
    # Teradata, SQL Data Manipulation Language, set operators, "Data Type Compatibility":
    # "The data types in the first SELECT statement determine the data types of
    # corresponding columns in the result set."; "Character types in the first SELECT
    # statement determine the length of character strings in the result set."; "The
    # character set of the expression in the first SELECT statement determines the
    # character set for the entire query." Nullable if a branch is (D182).
    td = _run(ORDERS_TD + "CREATE TABLE u AS (SELECT order_id, note FROM orders UNION ALL "
              "SELECT cust_id, name FROM customers) WITH NO DATA;", TD)  # fmt: skip
    assert [
        (c.name, c.type.declared, c.nullable, c.character_set) for c in _table(td, "u").columns
    ] == [("order_id", "INTEGER", False, None), ("note", "VARCHAR(40)", True, "UNICODE")]
    bad = _run(ORDERS_MS + "SELECT order_id INTO dbo.u FROM dbo.orders UNION "
               "SELECT order_id, note FROM dbo.orders;\nGO\n", MS)  # fmt: skip
    [d] = bad.diagnostics
    assert (d.code, d.severity.value) == ("P005", "error") and "Msg 205" in d.message


def test_a_copy_of_a_derived_table_keeps_its_untyped_columns_named() -> None:
    sql = ORDERS_TD + (
        "CREATE TABLE w AS (SELECT order_id, ZEROIFNULL(amount) AS dbl FROM orders) "
        "WITH NO DATA;\n"
        "CREATE TABLE w2 AS w WITH NO DATA;"
    )
    r = _run(sql, TD)
    w2 = _table(r, "w2")
    assert [(c.type.family, c.derived_from) for c in w2.columns] == [
        ("integer", "copy of w"),
        ("other", "copy of w"),
    ]
    messages = [d.message for d in r.diagnostics if d.code == "P009"]
    assert len(messages) == 2 and "dbl (of w)" in messages[1]


def test_derived_tables_are_the_same_without_the_parser_shortcuts() -> None:
    scripts = [
        (BTEQ, TD),
        (ORDERS_MS + "SELECT o.*, CAST(amount AS money) AS m INTO #w FROM dbo.orders o;\nGO\n", MS),
    ]
    for sql, options in scripts:
        fast = analyze_bytes("t.sql", sql.encode(), options)
        SpanParserMixin.FAST_PATHS = False
        try:
            slow = analyze_bytes("t.sql", sql.encode(), options)
        finally:
            SpanParserMixin.FAST_PATHS = True
        assert document([fast]) == document([slow])
        assert any(c.derived_from for t in fast.tables for c in t.columns)


_ASE_TYPES = ("int", "smallint", "tinyint", "numeric(10,2)", "varchar(30)", "char(4)", "datetime")
_TD_CHARSETS = ("", " CHARACTER SET LATIN", " CHARACTER SET UNICODE CASESPECIFIC")


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(("teradata", "teradata copy", "tsql", "synapse", "sybase")),
    st.lists(
        st.tuples(st.integers(0, 9), st.booleans(), st.integers(0, 2)), min_size=1, max_size=8
    ),
)
def test_select_star_and_copies_have_the_source_columns_per_dialect(
    form: str, cols: list[tuple[int, bool, int]]
) -> None:
    """Per dialect and form (Teradata query and copy, SQL Server SELECT INTO, Azure Synapse
    CTAS, ASE select into): every column of the generated source, in order, with its type,
    nullability and (Teradata) character set and case specificity."""
    dialect = form.split()[0].replace("synapse", "tsql")
    types = {"teradata": _TD_TYPES, "tsql": _MS_TYPES, "sybase": _ASE_TYPES}[dialect]
    lines = []
    for i, (k, nn, cs) in enumerate(cols):
        declared = types[k % len(types)]
        charset = _TD_CHARSETS[cs] if dialect == "teradata" and "CHAR" in declared else ""
        lines.append(f"    c{i} {declared}{charset} {'NOT NULL' if nn else 'NULL'}")
    body = ",\n".join(lines)
    sql = {
        "teradata": f"CREATE TABLE src (\n{body}\n);\nCREATE TABLE dst AS (SELECT * FROM src) "
        "WITH DATA;",
        "teradata copy": f"CREATE TABLE src (\n{body}\n);\nCREATE TABLE dst AS src WITH NO DATA;",
        "tsql": f"CREATE TABLE src (\n{body}\n);\nGO\nSELECT * INTO dst FROM src;\nGO\n",
        "synapse": f"CREATE TABLE src (\n{body}\n);\nGO\nCREATE TABLE dst WITH (DISTRIBUTION = "
        "ROUND_ROBIN) AS SELECT s.* FROM src AS s;\nGO\n",
        "sybase": f"create table src (\n{body}\n)\ngo\nselect * into dst from src\ngo\n",
    }[form]
    r = _run(sql, Options(dialect=dialect))
    src, dst = _table(r, "src"), _table(r, "dst")

    def shape(c: Column) -> tuple[object, ...]:
        return (c.name, c.type, c.nullable, c.character_set, c.case_specific, c.collation)

    assert [shape(c) for c in dst.columns] == [shape(c) for c in src.columns]
    assert [c.position for c in dst.columns] == list(range(1, len(cols) + 1))
    assert not [d for d in r.diagnostics if d.code in ("P005", "P009")]
