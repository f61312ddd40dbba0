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


# ------------------------------------------ Reference Manual variants (15.5 - 15.7.1)


@pytest.mark.parametrize(
    "sql",
    [
        # column-level references (create replication definition, 15.5+)
        "create replication definition sales_rd with primary at DS.db (stor_id char(4),"
        " title_id varchar(6) references titles (title_id), ord int references dbo.ords)"
        " primary key (stor_id)",
        # alter columns with ... [quoted | not quoted]; the older "alter columns c not quoted"
        "alter replication definition pubs_rep alter columns with pub_name as pn not quoted",
        "alter replication definition pubs_rep alter columns pub_name not quoted",
        "alter replication definition pubs_rep alter columns with pub_id references null",
        "alter replication definition pubs_rep alter replicate table name quoted",
        "alter replication definition pubs_rep alter replicate table name not quoted",
        # the Administration Guide's example spells it "with DSI suspended"
        "alter replication definition pubs_rep alter columns with pub_name as pub_name_set"
        " with DSI_suspended",
        "alter function replication definition titles_frep add @notes varchar(200),"
        " @pubdate datetime, @contract bit",
        "alter function replication definition titles_frep add searchable parameters @type,"
        " @pubdate",
        "alter function replication definition titles_frep deliver as 'newtitles'",
        "alter applied function replication definition titles_frep with replicate function"
        " named 'newtitles' with DSI suspended",
        "alter request function replication definition titles_frep send standby"
        " replication definition parameters with DSI_suspended",
    ],
)
def test_reference_manual_variants_parse(sql: str) -> None:
    result = analyze(sql)
    assert [d for d in result.diagnostics if d.code == "P001"] == []
    assert result.replication_definitions or result.replication_definition_changes


def test_references_is_not_read_as_a_datatype() -> None:
    sql = (
        "create replication definition s with primary at DS.db"
        " (a int, b char references t (x), c varchar(6) references dbo.u) primary key (a)"
    )
    tree = parse(sql)
    b, c = tree.expressions[1:]
    assert (b.args["kind"].meta["declared"], b.args["references"]) == ("char", "t (x)")
    assert (c.args["kind"].meta["declared"], c.args["references"]) == ("varchar(6)", "dbo.u")
    (change,) = analyze(
        "alter replication definition s alter columns with b references null"
    ).replication_definition_changes
    assert change.columns[0].type is None  # not a datatype named "references null"


def test_function_alters_are_changes_applied_to_the_function() -> None:
    sql = (
        "create function replication definition f with primary at DS.db (@a int)\ngo\n"
        "alter function replication definition f add @b char(3)\ngo\n"
        "alter applied function replication definition f add searchable parameters @b\ngo\n"
        "alter request function replication definition f deliver as 'g'\ngo\n"
        "alter function replication definition nosuch add @x int\ngo\n"
    )
    from analyzer import passes

    result = analyze(sql)
    actions = [(c.name, c.action, c.applied) for c in result.replication_definition_changes]
    assert actions == [
        ("f", "add_parameters", True),
        ("f", "add_searchable_parameters", True),
        ("f", "deliver_as", True),
        ("nosuch", "add_parameters", False),
    ]
    (f,) = result.function_replication_definitions
    assert [p.name for p in f.parameters] == ["@a", "@b"]
    assert (f.searchable_parameters, f.deliver_as) == (("@b",), "g")
    assert [d.code for d in result.diagnostics] == ["R009"]
    assert "alter function replication definition nosuch" in result.diagnostics[0].message
    # the pass is idempotent: running it again adds nothing twice
    again = passes.run(result, passes.REPLICATION_RULES)
    assert again.function_replication_definitions == result.function_replication_definitions


@pytest.mark.parametrize(
    ("sql", "message", "col"),
    [
        ("alter function replication definition f frobnicate", "Expected DELIVER AS", 41),
        ("alter applied replication definition f add @a int", "Expected FUNCTION", 15),
        # a stray word after a type is not swallowed into an unknown type name "int sometimes"
        ("alter function replication definition f add @a int sometimes", "Unexpected text", 52),
        (
            "create function replication definition f with primary at D.b (@a int x)",
            "Expecting ,",
            70,
        ),
        ("alter replication definition r alter replicate table name maybe", "NOT QUOTED", 59),
        (
            "create replication definition r with primary at DS.db (a int references)"
            " primary key (a)",
            "referenced table",
            72,
        ),
    ],
)
def test_new_clauses_errors_have_line_and_column(sql: str, message: str, col: int) -> None:
    """``col``: where the offending token starts (sqlglot's own ``col`` is its last character)."""
    with pytest.raises(ParseError, match=message) as info:
        parse(sql)
    error = info.value.errors[0]
    assert (error["line"], error["col"] - len(error["highlight"]) + 1) == (1, col)
    # and in a file they are diagnostics with file:line:column, never a traceback
    (diag,) = [d for d in analyze(sql + "\ngo\n").diagnostics if d.code == "P001"]
    assert diag.span is not None and (diag.span.line, diag.span.column) == (1, col)
