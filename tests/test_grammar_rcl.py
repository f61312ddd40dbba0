"""Replication Server RCL read by the Sybase grammar (grammars/rcl.py): trees, IR, errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlglot import exp
from sqlglot.errors import ErrorLevel, ParseError

import grammars
from analyzer.core import Options, analyze_bytes
from analyzer.detect import detect
from analyzer.ir import FileResult, ReplicationDefinition, Severity
from grammars import nodes, rcl

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "rcl"
GRAMMAR = grammars.get("sybase")


def parse(sql: str) -> exp.Expr:
    (tree,) = GRAMMAR.dialect().parse(sql, error_level=ErrorLevel.RAISE)
    assert tree is not None
    return tree


def analyze(sql: str) -> FileResult:
    return analyze_bytes("r.sql", sql.encode(), Options(dialect="sybase"))


def codes(result: FileResult) -> list[str]:
    return [d.code for d in result.diagnostics]


REPDEF = """create replication definition titles_rd
with primary at TOKYO_DS.pubs2
with all tables named dbo.'titles' quoted
(title_id varchar(6), title as rtitle varchar(80) not null, region rs_address,
 seq identity, row_ts timestamp map to varbinary(8), price numeric null map to money,
 amount unsigned int, payload rawobject in row)
primary key (title_id)
searchable columns (region, price)
send standby replication definition columns
replicate minimal columns
replicate SQLDML 'off'
replicate_if_changed (title)
always_replicate (price)
without dynamic sql"""


def test_statement_kinds() -> None:
    for head in (
        "create replication definition r",
        "alter replication definition r",
        "create function replication definition f",
        "create applied function replication definition f",
        "create request function replication definition f",
        "create subscription s",
        "define subscription s",
        "create publication p",
    ):
        assert GRAMMAR.statement_kind(head) == "replication", head
    assert GRAMMAR.statement_kind("create database replication definition d") is None
    assert GRAMMAR.statement_kind("drop replication definition r") is None


def test_repdef_tree() -> None:
    tree = parse(REPDEF)
    assert isinstance(tree, nodes.CreateReplicationDefinition)
    assert (tree.name, tree.args["server"], tree.args["database"]) == (
        "titles_rd",
        "TOKYO_DS",
        "pubs2",
    )
    assert tree.args["primary_table"].name == "titles"
    columns = tree.expressions
    assert [c.name for c in columns][:3] == ["title_id", "title", "region"]
    assert columns[1].args["replicate"] == "rtitle"
    assert columns[1].args["nullable"] is False
    declared = [c.args["kind"].meta["declared"] for c in columns]
    assert declared == [
        "varchar(6)",
        "varchar(80)",
        "rs_address",
        "identity",
        "timestamp",
        "numeric",
        "unsigned int",
        "rawobject in row",
    ]
    assert columns[4].args["map_to"].meta["declared"] == "varbinary(8)"
    start, end = columns[6].args["kind"].meta["span"]
    assert REPDEF[start:end] == "unsigned int"


def test_repdef_ir() -> None:
    (defn,) = analyze(REPDEF).replication_definitions
    assert isinstance(defn, ReplicationDefinition)
    assert (str(defn.primary_table), str(defn.replicate_table)) == ("dbo.titles", "dbo.titles")
    assert defn.primary_key == ("title_id",)
    assert defn.searchable_columns == ("region", "price")
    assert defn.send_standby == "replication definition"
    assert defn.minimal_columns is True
    assert defn.replicate_if_changed == ("title",)
    assert defn.always_replicate == ("price",)
    assert ("sqldml", "off") in defn.options and ("dynamic_sql", "off") in defn.options
    families = {c.name: (c.type.name, c.type.family) for c in defn.columns if c.type}
    assert families["region"] == ("RS_ADDRESS", "integer")
    assert families["seq"] == ("IDENTITY", "decimal")
    assert families["row_ts"] == ("TIMESTAMP", "rowversion")
    assert families["amount"] == ("UNSIGNED INT", "integer")
    assert defn.span is not None and defn.span.line == 1
    assert defn.resolved is False  # no table in this input


def test_repdef_name_names_the_table() -> None:
    sql = "create replication definition authors with primary at DS.db (a int) primary key (a)"
    (defn,) = analyze(sql).replication_definitions
    assert (str(defn.primary_table), str(defn.replicate_table)) == ("authors", "authors")
    assert defn.minimal_columns is None
    sql = (
        "create replication definition rd with primary at DS.db"
        " with replicate table named 'r_t' (a int) primary key (a) send standby"
    )
    (defn,) = analyze(sql).replication_definitions
    assert (str(defn.primary_table), str(defn.replicate_table)) == ("rd", "r_t")
    assert defn.send_standby == "all"


@pytest.mark.parametrize(
    ("clause", "action", "names", "value"),
    [
        ("add c int null, d char(2)", "add_columns", (), None),
        ("drop c, d", "drop_columns", ("c", "d"), None),
        ("alter columns with c as rc", "alter_columns", (), None),
        ("add primary key b", "add_primary_key", ("b",), None),
        ("drop primary key b", "drop_primary_key", ("b",), None),
        ("add searchable columns b, c", "add_searchable_columns", ("b", "c"), None),
        ("drop searchable columns b", "drop_searchable_columns", ("b",), None),
        ("replicate minimal columns", "replicate_minimal_columns", (), None),
        ("replicate all columns", "replicate_all_columns", (), None),
        ("send standby off", "send_standby", (), "off"),
        ("replicate_if_changed t1", "replicate_if_changed", ("t1",), None),
        ("always_replicate t1", "always_replicate", ("t1",), None),
        ("with replicate table named dbo.'x'", "replicate_table", (), "dbo.x"),
        ("alter owner from dbo to sales", "alter_owner", (), "dbo -> sales"),
        ("replicate SQLDML 'UD'", "option", (), "sqldml=UD"),
    ],
)
def test_alter_clauses(clause: str, action: str, names: tuple[str, ...], value: str) -> None:
    (change,) = analyze(f"alter replication definition rd {clause}").replication_definition_changes
    assert (change.name, change.action, change.names, change.value) == ("rd", action, names, value)


def test_alter_applies_to_the_definition() -> None:
    sql = (
        "create table t (a int, b char(2), c int null)\ngo\n"
        "create replication definition t with primary at DS.db (a int, b char(2))"
        " primary key (a)\ngo\n"
        "alter replication definition t add c int\ngo\n"
        "alter replication definition t replicate minimal columns\ngo\n"
        "alter replication definition t add searchable columns c\ngo\n"
    )
    result = analyze(sql)
    (defn,) = result.replication_definitions
    assert [c.name for c in defn.columns] == ["a", "b", "c"]
    assert (defn.minimal_columns, defn.searchable_columns, defn.alterations) == (True, ("c",), 3)
    assert all(c.applied for c in result.replication_definition_changes)
    assert defn.resolved and str(defn.table) == "t"
    assert "R004" not in codes(result)  # after the alter every column is replicated


def test_function_repdef() -> None:
    path = FIXTURES / "function_repdef.sql"
    result = analyze_bytes(str(path), path.read_bytes(), Options())
    assert result.dialect == "sybase"
    assert [d for d in result.diagnostics if d.severity is Severity.ERROR] == []
    first, applied, request = result.function_replication_definitions
    assert (first.kind, first.deliver_as) == ("function", "upd_titles")
    assert [p.name for p in first.parameters][:2] == ["@title_id", "@title"]
    assert first.parameters[0].type is not None and first.parameters[0].type.length == 6
    assert first.searchable_parameters == ("@title_id", "@title")
    assert (applied.kind, applied.primary_function, applied.replicate_function) == (
        "applied",
        "upd_price",
        "upd_price_rep",
    )
    assert applied.send_standby == "all"
    assert (request.kind, request.parameters) == ("request", ())
    (sub,) = result.subscriptions
    assert (sub.target, sub.resolved, sub.where) == ("titles_frep", True, "@type = 'business'")


def test_subscriptions() -> None:
    sql = (
        "define subscription s for publication p with primary at P.db with replicate at R.db"
        " subscribe to truncate table use dump marker"
    )
    (sub,) = analyze(sql).subscriptions
    assert (sub.kind, sub.target_kind, sub.target) == ("repserver", "publication", "p")
    assert (sub.primary_dataserver, sub.replicate_dataserver, sub.replicate_database) == (
        "P",
        "R",
        "db",
    )
    assert sub.options == ("bulk materialization", "subscribe to truncate table", "use dump marker")
    sql = (
        "create subscription s for rd with replicate at R.db"
        " where a > 1 and (b = 'x') incrementally"
    )
    (sub,) = analyze(sql).subscriptions
    assert (sub.where, sub.options) == ("a > 1 and (b = 'x')", ("incrementally",))


@pytest.mark.parametrize(
    ("sql", "message", "line", "col"),
    [
        (
            "create replication definition r with primary at DS (a int) primary key (a)",
            "Expecting .",
            1,
            52,
        ),
        (
            "create replication definition r with primary at DS.db primary key (a)",
            "Expecting \\( and the column list",
            1,
            61,
        ),
        (
            "create replication definition r with primary at DS.db (a int)\nsearchable columns (a)",
            "Expected PRIMARY KEY",
            2,
            10,
        ),
        (
            "create replication definition r with primary at DS.db (a int,) primary key (a)",
            "Expected a column name",
            1,
            62,
        ),
        (
            "create replication definition r with primary at DS.db (a int) primary key (a)"
            " replicate some columns",
            "Expected MINIMAL COLUMNS",
            1,
            92,
        ),
        (
            "create replication definition r with primary at DS.db (a int map to) primary key (a)",
            "datatype after MAP TO",
            1,
            68,
        ),
        ("alter replication definition r frobnicate", "Expected ADD, DROP", 1, 41),
        (
            "create function replication definition f with primary at DS.db (p int)",
            "parameter name",
            1,
            65,
        ),
        (
            "create subscription s for r with replicate at R.db incrementally sometimes",
            "Expected WHERE",
            1,
            74,
        ),
        ("CREATE PUBLICATION p (VIEW v)", "Expected TABLE", 1, 26),
        ("CREATE PUBLICATION p (TABLE t WHERE)", "search condition", 1, 36),
    ],
)
def test_errors_have_line_and_column(sql: str, message: str, line: int, col: int) -> None:
    with pytest.raises(ParseError, match=message) as info:
        parse(sql)
    error = info.value.errors[0]
    assert (error["line"], error["col"]) == (line, col)


def test_bad_statement_loses_only_itself() -> None:
    path = FIXTURES / "broken_repdefs.sql"
    result = analyze_bytes(str(path), path.read_bytes(), Options())
    assert result.dialect == "sybase"
    errors = [d for d in result.diagnostics if d.code == "P001"]
    assert len(errors) == 1 and errors[0].span is not None and errors[0].span.line == 29
    assert [d.name for d in result.replication_definitions] == ["stores_rd", "discounts_rd"]
    assert [t.name.name for t in result.tables] == ["stores"]
    assert [s.name for s in result.subscriptions] == ["orphan_sub"]


def test_tokens_split_keywords_and_join_parameters() -> None:
    sql = "primary key (@p, unsigned int)"
    words = [tok.text for tok in rcl.tokens(sql, GRAMMAR.dialect().tokenize(sql))]
    assert words == ["primary", "key", "(", "@p", ",", "unsigned", "int", ")"]


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.sql")), ids=lambda p: p.name)
def test_fixtures_are_detected_as_sybase(path: Path) -> None:
    assert detect(path.read_text(encoding="utf-8")).dialect == "sybase"
