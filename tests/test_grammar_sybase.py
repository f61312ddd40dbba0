"""Sybase ASE grammar: AST shapes, sp_addtype, table options, detection, and the core end to end."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlglot import exp
from sqlglot.errors import ErrorLevel, ParseError

import grammars
from analyzer.core import Options, analyze_bytes
from analyzer.detect import detect
from analyzer.ir import FileResult, Severity, Table
from grammars import nodes

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "sybase"
GRAMMAR = grammars.get("sybase")


def parse(sql: str) -> exp.Expr:
    trees = GRAMMAR.dialect().parse(sql, error_level=ErrorLevel.RAISE)
    assert len(trees) == 1 and trees[0] is not None
    return trees[0]


def create(sql: str) -> exp.Create:
    tree = parse(sql)
    assert isinstance(tree, exp.Create), type(tree).__name__
    return tree


def columns(tree: exp.Create) -> dict[str, exp.ColumnDef]:
    return {c.name: c for c in tree.find_all(exp.ColumnDef)}


def props(tree: exp.Create) -> list[exp.Expr]:
    properties = tree.args.get("properties")
    return list(properties.expressions) if isinstance(properties, exp.Properties) else []


def analyze(sql: str, dialect: str | None = "sybase") -> FileResult:
    return analyze_bytes("t.sql", sql.encode(), Options(dialect=dialect))


def errors(result: FileResult) -> list[str]:
    return [d.message for d in result.diagnostics if d.severity is Severity.ERROR]


def table(result: FileResult, name: str) -> Table:
    return next(t for t in result.tables if t.name.name == name)


# ----------------------------------------------------------------------- grammar


def test_registered() -> None:
    assert GRAMMAR.name == "sybase"
    assert GRAMMAR.default_nullable is False
    assert GRAMMAR.batch_separator is True
    assert GRAMMAR.statement_kind("exec sp_addtype id, 'int'") == "type"
    assert GRAMMAR.statement_kind("  EXECUTE sp_addtype id, 'int'") == "type"
    assert GRAMMAR.statement_kind("sp_addtype id, 'int'") == "type"
    assert GRAMMAR.statement_kind("sp_addtypes x") is None
    assert GRAMMAR.statement_kind("create table t (a int)") == "table"
    assert GRAMMAR.statement_kind("sp_bindrule r, 't.a'") is None


# ------------------------------------------------------------------------- types

TYPES = [
    # declared, sqlglot DType, IR name, family
    ("unichar(5)", exp.DType.NCHAR, "UNICHAR", "nchar"),
    ("univarchar(10)", exp.DType.NVARCHAR, "UNIVARCHAR", "nvarchar"),
    ("unitext", exp.DType.TEXT, "UNITEXT", "nclob"),
    ("nchar(3)", exp.DType.NCHAR, "NCHAR", "nchar"),
    ("nvarchar(30)", exp.DType.NVARCHAR, "NVARCHAR", "nvarchar"),
    ("bigdatetime", exp.DType.DATETIME64, "BIGDATETIME", "timestamp"),
    ("bigtime", exp.DType.TIME, "BIGTIME", "time"),
    ("date", exp.DType.DATE, "DATE", "date"),
    ("time", exp.DType.TIME, "TIME", "time"),
    ("datetime", exp.DType.DATETIME, "DATETIME", "timestamp"),
    ("smalldatetime", exp.DType.SMALLDATETIME, "SMALLDATETIME", "timestamp"),
    ("unsigned smallint", exp.DType.USMALLINT, "UNSIGNED SMALLINT", "integer"),
    ("unsigned int", exp.DType.UINT, "UNSIGNED INT", "integer"),
    ("UNSIGNED  BIGINT", exp.DType.UBIGINT, "UNSIGNED BIGINT", "integer"),
    ("tinyint", None, "TINYINT", "integer"),
    ("money", exp.DType.MONEY, "MONEY", "money"),
    ("smallmoney", exp.DType.SMALLMONEY, "SMALLMONEY", "money"),
    ("bit", exp.DType.BIT, "BIT", "bit"),
    ("timestamp", exp.DType.ROWVERSION, "TIMESTAMP", "rowversion"),
    ("text", exp.DType.TEXT, "TEXT", "clob"),
    ("image", exp.DType.IMAGE, "IMAGE", "blob"),
    ("numeric(18,4)", exp.DType.DECIMAL, "NUMERIC", "decimal"),
    ("float(10)", exp.DType.FLOAT, "FLOAT", "float"),
    ("double precision", exp.DType.DOUBLE, "DOUBLE PRECISION", "float"),
    ("real", None, "REAL", "float"),
    ("sysname", None, "SYSNAME", "varchar"),
    ("longsysname", None, "LONGSYSNAME", "varchar"),
]


@pytest.mark.parametrize(("declared", "dtype", "name", "family"), TYPES)
def test_type_keeps_declared_text(
    declared: str, dtype: exp.DType | None, name: str, family: str
) -> None:
    sql = f"create table t (c {declared} null)"
    kind = columns(create(sql))["c"].args["kind"]
    assert isinstance(kind, exp.DataType)
    assert kind.meta["declared"] == declared
    start, end = kind.meta["span"]
    assert sql[start:end] == declared
    if dtype is not None:
        assert kind.this == dtype
    column = analyze(sql).tables[0].columns[0]
    assert (column.type.declared, column.type.name, column.type.family) == (
        declared,
        name,
        family,
    )


def test_type_arguments_reach_the_ir() -> None:
    result = analyze(
        "create table t (a unichar(8), b numeric(18,4), c float(15), d univarchar(20))"
    )
    cols = {c.name: c.type for c in result.tables[0].columns}
    assert cols["a"].length == 8
    assert (cols["b"].precision, cols["b"].scale) == (18, 4)
    assert cols["c"].precision == 15
    assert cols["d"].length == 20


def test_identity_is_a_column_property_not_type_text() -> None:
    tree = create("create table t (id numeric(10,0) identity, n int)")
    col = columns(tree)["id"]
    assert col.args["kind"].meta["declared"] == "numeric(10,0)"
    assert any(
        isinstance(c.args.get("kind"), exp.AutoIncrementColumnConstraint)
        for c in col.args.get("constraints") or []
    )
    ir = analyze("create table t (id numeric(10,0) identity, n int)").tables[0]
    assert ir.columns[0].identity is not None
    assert ir.columns[0].nullable is False
    assert ir.columns[0].type.declared == "numeric(10,0)"


# ------------------------------------------------------------------ create table


def test_columns_constraints_and_keys() -> None:
    sql = """create table pubs2.dbo.titles (
        title_id varchar(6) not null constraint titles_pk primary key clustered,
        pub_id char(4) null references publishers(pub_id),
        price money default 0 null,
        total int null unique nonclustered,
        note varchar(20) null check (note <> ''),
        constraint ck check (price >= 0),
        unique nonclustered (pub_id, price),
        primary key nonclustered (title_id)
    )"""
    tree = create(sql)
    name = tree.this.this
    assert (name.catalog, name.db, name.name) == ("pubs2", "dbo", "titles")
    kinds = [type(c.args["kind"]) for c in columns(tree)["title_id"].args["constraints"]]
    assert exp.NotNullColumnConstraint in kinds
    assert nodes.IndexedPrimaryKeyColumnConstraint in kinds
    ir = analyze(sql).tables[0]
    pk = ir.primary_key
    assert pk is not None
    assert pk.columns == ("title_id",)
    by_name = {c.name: c for c in ir.columns}
    assert by_name["price"].default == "0"
    assert by_name["price"].nullable is True
    assert not errors(analyze(sql))


def test_db_dot_dot_name() -> None:
    tree = create("create table pubs2..authors (a int)")
    assert tree.this.this.name == "authors"
    assert tree.this.this.catalog == "pubs2"


def test_default_nullability_is_not_null() -> None:
    ir = analyze("create table t (a int, b int null, c int not null)").tables[0]
    assert [(c.nullable, c.nullable_explicit) for c in ir.columns] == [
        (False, False),
        (True, True),
        (False, True),
    ]


def test_lock_scheme_property() -> None:
    for scheme in ("allpages", "DATAPAGES", "datarows"):
        tree = create(f"create table t (a int) lock {scheme}")
        (prop,) = props(tree)
        assert isinstance(prop, nodes.LockSchemeProperty)
        assert isinstance(prop.this, exp.Var) and prop.this.name == scheme
        assert analyze(f"create table t (a int) lock {scheme}").tables[0].options.lock_scheme == (
            scheme.upper()
        )


def test_lock_requires_a_scheme() -> None:
    with pytest.raises(ParseError, match="ALLPAGES, DATAPAGES or DATAROWS"):
        parse("create table t (a int) lock rows")


def test_with_storage_options_are_plain_properties() -> None:
    sql = (
        "create table t (a int) with max_rows_per_page = 10, EXP_ROW_SIZE = 200,"
        " reservepagegap = 4, identity_gap = 1000, dml_logging = minimal"
    )
    found = [(type(p), p.this.name, p.args["value"].name) for p in props(create(sql))]
    assert found == [
        (exp.Property, "max_rows_per_page", "10"),
        (exp.Property, "EXP_ROW_SIZE", "200"),
        (exp.Property, "reservepagegap", "4"),
        (exp.Property, "identity_gap", "1000"),
        (exp.Property, "dml_logging", "minimal"),
    ]
    options = analyze(sql).tables[0].options
    assert (
        options.max_rows_per_page,
        options.exp_row_size,
        options.reservepagegap,
        options.identity_gap,
    ) == (10, 200, 4, 1000)
    assert ("dml_logging", "minimal") in options.extra


def test_on_segment_and_default() -> None:
    (prop,) = props(create("create table t (a int) on seg1"))
    assert isinstance(prop, exp.OnProperty) and prop.this.name == "seg1"
    (prop,) = props(create("create table t (a int) on 'default'"))
    assert isinstance(prop, exp.OnProperty) and prop.this.name == "default"
    assert analyze("create table t (a int) on 'default'").tables[0].options.filegroup == "default"
    assert analyze("create table t (a int) on seg1").tables[0].options.filegroup == "seg1"


def test_options_in_any_order() -> None:
    sql = "create table t (a int) lock datarows with exp_row_size = 5 on seg1"
    assert [type(p) for p in props(create(sql))] == [
        nodes.LockSchemeProperty,
        exp.Property,
        exp.OnProperty,
    ]
    options = analyze(sql).tables[0].options
    assert (options.lock_scheme, options.exp_row_size, options.filegroup) == ("DATAROWS", 5, "seg1")


def test_partition_by_range() -> None:
    sql = (
        "create table t (a int, b date) partition by range (a, b)"
        " (p1 values <= (10, '2020-01-01') on seg1, p2 values <= (MAX, MAX))"
    )
    (prop,) = props(create(sql))
    assert isinstance(prop, nodes.AsePartitionProperty)
    assert prop.this.name == "RANGE"
    assert [c.name for c in prop.expressions] == ["a", "b"]
    parts = prop.args["partitions"]
    assert [p.this.name for p in parts] == ["p1", "p2"]
    assert all(isinstance(p, nodes.AsePartition) for p in parts)
    assert parts[0].args["on"].name == "seg1"
    assert len(parts[0].expressions) == 2
    extra = dict(analyze(sql).tables[0].options.extra)
    assert extra["asepartition"].startswith("partition by range (a, b)")


@pytest.mark.parametrize(
    ("clause", "kind", "count", "parts"),
    [
        ("partition by hash (a) 4", "HASH", "4", None),
        ("partition by hash (a) 4 on (s1, s2)", "HASH", "4", None),
        ("partition by hash (a) (h1 on s1, h2 on s2)", "HASH", None, ["h1", "h2"]),
        (
            "partition by list (b) (l1 values ('x', 'y'), l2 values ('z'))",
            "LIST",
            None,
            ["l1", "l2"],
        ),
        ("partition by roundrobin 3", "ROUNDROBIN", "3", None),
        ("partition by roundrobin (r1, r2 on s2)", "ROUNDROBIN", None, ["r1", "r2"]),
    ],
)
def test_partition_kinds(
    clause: str, kind: str, count: str | None, parts: list[str] | None
) -> None:
    (prop,) = props(create(f"create table t (a int, b char(1)) {clause}"))
    assert isinstance(prop, nodes.AsePartitionProperty)
    assert prop.this.name == kind
    assert (prop.args["count"].name if prop.args.get("count") else None) == count
    listed = prop.args.get("partitions")
    assert ([p.this.name for p in listed] if listed else None) == parts


def test_ddlgen_key_index_options() -> None:
    sql = """create table sales (
        stor_id char(4) not null,
        ord_num numeric(6,0) identity not null,
     CONSTRAINT pk PRIMARY KEY NONCLUSTERED ( stor_id, ord_num )
        with max_rows_per_page = 0, reservepagegap = 0 on 'default',
     unique (ord_num) with fillfactor = 80 on seg2
    )
    lock datarows
    with exp_row_size = 1, reservepagegap = 0, identity_gap = 10
    on 'default'"""
    tree = create(sql)
    key = next(tree.find_all(nodes.IndexedPrimaryKey))
    options = key.args["include"].args["with_storage"]
    assert [(o.this.name, o.args["value"].name) for o in options] == [
        ("max_rows_per_page", "0"),
        ("reservepagegap", "0"),
    ]
    result = analyze(sql)
    assert errors(result) == []
    ir = result.tables[0]
    assert [(c.kind.name, c.clustered, c.columns, c.fill_factor) for c in ir.constraints] == [
        ("PRIMARY_KEY", False, ("stor_id", "ord_num"), None),
        ("UNIQUE", None, ("ord_num",), 80),
    ]
    assert (ir.options.lock_scheme, ir.options.exp_row_size, ir.options.identity_gap) == (
        "DATAROWS",
        1,
        10,
    )
    assert ir.options.filegroup == "default"


def test_in_row_lobs_computed_and_encrypted_columns() -> None:
    sql = (
        "create table t (a int, t1 text in row (300) null, t2 image null in row,"
        " c1 as a + 1 materialized, c2 compute a * 2 not materialized, c3 compute a,"
        " e varchar(10) null encrypt with keys.dbo.k1)"
    )
    tree = create(sql)
    assert tree.sql(dialect=GRAMMAR.dialect) == (
        "CREATE TABLE t (a int, t1 text IN ROW (300) NULL, t2 image NULL IN ROW,"
        " c1 AS a + 1 MATERIALIZED, c2 AS a * 2 NOT MATERIALIZED, c3 AS a NOT MATERIALIZED,"
        " e varchar(10) NULL ENCRYPT WITH keys.dbo.k1)"
    )
    result = analyze(sql)
    assert errors(result) == []
    cols = {c.name: c for c in result.tables[0].columns}
    assert cols["t1"].options == (("in_row", "300"),)
    assert cols["t2"].options == (("in_row", "true"),)
    computed = [(n, cols[n].computed) for n in ("c1", "c2", "c3")]
    assert [(n, c.expression, c.persisted) for n, c in computed if c is not None] == [
        ("c1", "a + 1", True),
        ("c2", "a * 2", False),
        ("c3", "a", False),
    ]
    assert cols["e"].options == (("encrypt", "keys.dbo.k1"),)


def test_create_external_table_is_rejected() -> None:
    with pytest.raises(ParseError, match=r"EXTERNAL TABLE is not sized"):
        parse("create external table t (a int) at 'srv.db.dbo.t'")


def test_broken_create_table_is_an_error_not_a_command() -> None:
    with pytest.raises(ParseError):
        parse("create table t (a int b int)")


# -------------------------------------------------------------------- sp_addtype


@pytest.mark.parametrize(
    ("sql", "name", "declared", "nullable"),
    [
        ("exec sp_addtype id, 'varchar(11)', 'not null'", "id", "varchar(11)", False),
        ('execute sp_addtype tid, "varchar(6)", "null"', "tid", "varchar(6)", True),
        ("sp_addtype empid, 'char(9)'", "empid", "char(9)", None),
        ("EXEC sp_addtype(amt, 'numeric(10, 2)', 'nonull')", "amt", "numeric(10, 2)", False),
        ('sp_addtype ("ssn", "char(11)")', "ssn", "char(11)", None),
        ("sp_addtype seq, 'numeric(10,0)', 'identity'", "seq", "numeric(10,0)", False),
        ("sp_addtype birthday, datetime, null", "birthday", "datetime", True),
        ("sp_addtype price, numeric(8, 2), 'not null';", "price", "numeric(8, 2)", False),
        ("sp_addtype 'uname', 'univarchar(40)', 'NOT  NULL'", "uname", "univarchar(40)", False),
        (
            "exec sp_addtype @typename = 'code', @phystype = 'unsigned int', @nulltype = 'null'",
            "code",
            "unsigned int",
            True,
        ),
        (
            "exec sp_addtype @phystype = 'char(2)', @typename = st",
            "st",
            "char(2)",
            None,
        ),
        ("sp_addtype x, 'It''s'", "x", "It's", None),
    ],
)
def test_sp_addtype_forms(sql: str, name: str, declared: str, nullable: bool | None) -> None:
    if declared == "It's":
        with pytest.raises(ParseError, match="Invalid sp_addtype base type"):
            parse(sql)
        return
    tree = parse(sql)
    assert isinstance(tree, nodes.CreateAliasType)
    assert isinstance(tree.this, exp.Table) and tree.this.name == name
    kind = tree.args["kind"]
    assert isinstance(kind, exp.DataType)
    assert kind.meta["declared"] == declared
    start, end = kind.meta["span"]
    assert sql[start:end] == declared  # offsets inside the quotes
    assert tree.args.get("nullable") is nullable


def test_sp_addtype_base_type_is_parsed_by_the_dialect() -> None:
    kind = parse("sp_addtype u, 'unichar(4)'").args["kind"]
    assert kind.this == exp.DType.NCHAR
    kind = parse("sp_addtype u, ' unsigned bigint '").args["kind"]
    assert kind.this == exp.DType.UBIGINT and kind.meta["declared"] == "unsigned bigint"


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        ("sp_addtype x", "type name and a base type"),
        ("sp_addtype x, ''", "Empty sp_addtype base type"),
        ("sp_addtype x, 'int int'", "Invalid sp_addtype base type"),
        ("sp_addtype x, 'varchar(10)', 'maybe'", "Expected 'null'"),
        ("sp_addtype x, 'int', 'null', 'extra'", "Too many"),
        ("sp_addtype @bogus = 'x', @phystype = 'int'", "Unknown sp_addtype argument"),
        ("sp_addtype (x, 'int'", "Expecting \\)"),
        ("exec sp_addtype a, 'int'\nexec sp_addtype b, 'int'", "one statement per batch"),
    ],
)
def test_sp_addtype_errors(sql: str, message: str) -> None:
    with pytest.raises(ParseError, match=message) as info:
        parse(sql)
    error = info.value.errors[0]
    assert error["line"] >= 1 and error["col"] >= 1


def test_sp_addtype_span_in_the_ir() -> None:
    sql = "go\nexec sp_addtype id, 'varchar(11)', 'not null'\ngo\n"
    result = analyze(sql)
    (ut,) = result.user_types
    assert (str(ut.name), ut.base.declared, ut.base.name, ut.base.length, ut.nullable) == (
        "id",
        "varchar(11)",
        "VARCHAR",
        11,
        False,
    )
    assert ut.span is not None and ut.span.line == 2
    assert sql[ut.span.start : ut.span.end] == "exec sp_addtype id, 'varchar(11)', 'not null'"


def test_generator_writes_ase() -> None:
    tree = parse("exec sp_addtype id, 'varchar(11)', 'not null'")
    assert tree.sql(dialect=GRAMMAR.dialect) == "sp_addtype id, 'varchar(11)', 'not null'"
    sql = create("create table t (a int) lock datarows partition by roundrobin 3").sql(
        dialect=GRAMMAR.dialect
    )
    assert "LOCK datarows" in sql and "PARTITION BY ROUNDROBIN 3" in sql


# --------------------------------------------------------------------- end to end


def test_pubs2_install_script() -> None:
    path = FIXTURES / "pubs2_install.sql"
    result = analyze_bytes(str(path), path.read_bytes(), Options())
    assert result.dialect == "sybase"
    assert result.dialect_evidence[0] == "detected"
    assert errors(result) == []
    assert [t.name.name for t in result.tables] == ["authors", "titles"]
    assert [str(u.name) for u in result.user_types] == ["id", "tid", "empid", "amount"]
    kinds = [s.kind for s in result.skipped]
    for kind in ("use", "setuser", "print", "if", "grant", "checkpoint", "create procedure"):
        assert kind in kinds

    authors = {c.name: c for c in table(result, "authors").columns}
    au_id = authors["au_id"]
    assert (au_id.user_type, au_id.type.name, au_id.type.length, au_id.nullable) == (
        "id",
        "VARCHAR",
        11,
        False,
    )
    assert authors["nickname"].type.family == "nvarchar"
    assert authors["phone"].default == "'UNKNOWN'"

    titles = table(result, "titles")
    cols = {c.name: c for c in titles.columns}
    assert (cols["title_id"].user_type, cols["title_id"].type.length) == ("tid", 6)
    # a column's own NULL wins over the type's NOT NULL / unsaid nullability
    assert (cols["advance"].user_type, cols["advance"].nullable) == ("amount", True)
    assert (cols["advance"].type.precision, cols["advance"].type.scale) == (10, 2)
    # the type's NULL applies when the column says nothing
    assert (cols["editor"].user_type, cols["editor"].nullable) == ("empid", True)
    # ASE default: NOT NULL
    assert cols["pubdate"].nullable is False
    assert titles.options.lock_scheme == "ALLPAGES"
    assert titles.options.filegroup == "default"


def test_datarows_partitioned_table() -> None:
    path = FIXTURES / "datarows_partitioned.sql"
    result = analyze_bytes(str(path), path.read_bytes(), Options())
    assert result.dialect == "sybase"
    assert errors(result) == []
    (orders,) = result.tables
    options = orders.options
    assert options.lock_scheme == "DATAROWS"
    assert (
        options.exp_row_size,
        options.max_rows_per_page,
        options.reservepagegap,
        options.identity_gap,
    ) == (120, 0, 16, 1000)
    assert options.filegroup == "seg_orders"
    extra = dict(options.extra)
    assert "partition by range (placed)" in extra["asepartition"]
    cols = {c.name: c for c in orders.columns}
    assert cols["order_id"].identity is not None and cols["order_id"].nullable is False
    assert (cols["customer"].type.name, cols["customer"].type.family) == ("UNICHAR", "nchar")
    assert cols["placed"].type.name == "BIGDATETIME"
    assert cols["qty"].type.name == "UNSIGNED INT"
    assert cols["row_ts"].type.family == "rowversion"
    assert cols["comments"].type.family == "nclob"
    assert cols["shipped"].nullable is True
    # sp_setreptable is no longer skipped: it marks the table (link_replication)
    assert orders.replication is not None and orders.replication.replicated is True
    assert [c.procedure for c in result.table_changes] == ["sp_setreptable"]
    assert result.table_changes[0].applied


def test_broken_statement_loses_only_itself() -> None:
    path = FIXTURES / "broken_statement.sql"
    result = analyze_bytes(str(path), path.read_bytes(), Options())
    assert result.dialect == "sybase"
    assert [t.name.name for t in result.tables] == ["person", "audit_log"]
    (error,) = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert error.code == "P001"
    assert error.span is not None and error.span.line == 13
    person = table(result, "person")
    assert person.columns[0].user_type == "ssn" and person.columns[0].type.length == 11
    assert table(result, "audit_log").options.exp_row_size == 40


# ---------------------------------------------------------------------- detection


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.sql")), ids=lambda p: p.name)
def test_detection_picks_sybase_for_fixtures(path: Path) -> None:
    assert detect(path.read_text(encoding="utf-8")).dialect == "sybase"


@pytest.mark.parametrize(
    "snippet",
    [
        "create table t (a int) lock datarows\ngo\n",
        "exec sp_addtype id, 'varchar(11)', 'not null'\ngo\n",
        "create table t (a univarchar(10) null)\ngo\n",
        "create table t (a bigdatetime)\ngo\n",
        "create table t (a int) with max_rows_per_page = 4\ngo\n",
        "create table t (a int) with exp_row_size = 4\ngo\n",
        "create table t (a int) with reservepagegap = 4\ngo\n",
        "exec sp_primarykey t, a\ngo\n",
        "exec sp_setreptable t, true\ngo\n",
        "create table t (a int) on 'default'\ngo\n",
        "setuser 'dbo'\ngo\ncreate table t (a int)\ngo\n",
        "dump tran pubs2 with truncate_only\ngo\n",
    ],
)
def test_detection_evidence(snippet: str) -> None:
    # with the shared T-SQL noise (GO lines, clustered keys, sp_ calls) around it
    text = (
        "create table k (a int not null, primary key clustered (a))\ngo\n"
        "sp_bindrule r, 'k.a'\ngo\n" + snippet
    )
    assert detect(text).dialect == "sybase"


def test_tsql_fixtures_stay_tsql() -> None:
    tsql = FIXTURES.parent / "tsql"
    for path in sorted(tsql.glob("*.sql")):
        assert detect(path.read_text(encoding="utf-8")).dialect == "tsql", path.name


# ------------------------------------------------------------------------ property

BUILTINS = st.sampled_from(
    [
        ("varchar(11)", "VARCHAR", 11),
        ("char(4)", "CHAR", 4),
        ("univarchar(20)", "UNIVARCHAR", 20),
        ("int", "INT", None),
        ("numeric(10,2)", "NUMERIC", None),
        ("bigdatetime", "BIGDATETIME", None),
    ]
)
TYPE_NULLS = st.sampled_from([None, "null", "not null", "nonull"])
COLUMN_NULLS = st.sampled_from([None, "null", "not null"])


@settings(max_examples=60, deadline=None)
@given(
    base=BUILTINS,
    chain=st.lists(TYPE_NULLS, min_size=1, max_size=6),
    column_null=COLUMN_NULLS,
    pick=st.integers(0, 5),
    primary=st.booleans(),
    quote=st.sampled_from(["'", '"']),
    head=st.sampled_from(["exec ", "execute ", ""]),
)
def test_alias_chains_resolve(
    base: tuple[str, str, int | None],
    chain: list[str | None],
    column_null: str | None,
    pick: int,
    primary: bool,
    quote: str,
    head: str,
) -> None:
    declared, name, length = base
    lines = []
    for i, null in enumerate(chain):
        target = declared if i == 0 else f"t{i - 1}"
        null_arg = f", {quote}{null}{quote}" if null else ""
        lines.append(f"{head}sp_addtype t{i}, {quote}{target}{quote}{null_arg}\ngo\n")
    level = pick % len(chain)
    null_sql = f" {column_null}" if column_null else ""
    key = ", primary key (c)" if primary else ""
    lines.append(f"create table x (c t{level}{null_sql}, d int{key})\ngo\n")
    result = analyze("".join(lines), dialect=None)
    assert result.dialect == "sybase"
    assert errors(result) == []
    (col, _) = result.tables[0].columns
    assert col.user_type == f"t{level}"
    assert (col.type.declared, col.type.name, col.type.length) == (declared, name, length)
    # expected nullability: the column's own, else a key's NOT NULL, else the nearest
    # type in the chain that says, else ASE's default NOT NULL
    if column_null is not None:
        expected = column_null == "null"
    elif primary:
        expected = False
    else:
        said = [n for n in reversed(chain[: level + 1]) if n is not None]
        expected = said[0] == "null" if said else False
    assert col.nullable is expected


def test_alias_chain_of_three_resolves() -> None:
    script = (
        "sp_addtype t0, 'varchar(11)', 'not null'\ngo\n"
        "sp_addtype t1, 't0'\ngo\n"
        "sp_addtype t2, 't1', 'null'\ngo\n"
        "create table x (c t2)\ngo\n"
    )
    col = analyze(script).tables[0].columns[0]
    assert (col.user_type, col.type.name, col.type.length, col.nullable) == (
        "t2",
        "VARCHAR",
        11,
        True,
    )


# ------------------------------------------------------------- system procedures


@pytest.mark.parametrize(
    ("sql", "procedure", "table", "columns", "ref"),
    [
        ("exec sp_primarykey titles, title_id", "sp_primarykey", "titles", ["title_id"], None),
        (
            "sp_primarykey 'dbo.ta', au_id, title_id",
            "sp_primarykey",
            "ta",
            ["au_id", "title_id"],
            None,
        ),
        ("sp_foreignkey ta, authors, au_id", "sp_foreignkey", "ta", ["au_id"], "authors"),
        (
            "sp_commonkey titles, pubs2..publishers, pub_id, pub_id",
            "sp_commonkey",
            "titles",
            ["pub_id"],
            "publishers",
        ),
        ("sp_primarykey @tabname = t, @col1 = a", "sp_primarykey", "t", ["a"], None),
    ],
)
def test_key_procedures(
    sql: str, procedure: str, table: str, columns: list[str], ref: str | None
) -> None:
    tree = parse(sql)
    assert isinstance(tree, nodes.AseKeyProcedure)
    assert (tree.args["procedure"], tree.this.name, tree.expressions) == (procedure, table, columns)
    ref_table = tree.args.get("ref_table")
    assert (ref_table.name if ref_table is not None else None) == ref


def test_marking_procedures() -> None:
    tree = parse("sp_setreptable 'authors', 'true', owner_on, use_index")
    assert isinstance(tree, nodes.AseReplicationMark)
    assert (tree.args["state"], tree.args["owner"], tree.args["use_index"]) == ("true", True, True)
    tree = parse("sp_setrepcol blurbs, NULL, always_replicate")
    assert (tree.args["status"], tree.args.get("column")) == ("always_replicate", None)
    assert isinstance(parse("sp_setrepcol blurbs"), nodes.ReportOnly)
    assert isinstance(parse("sp_setreplicate"), nodes.ReportOnly)


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        ("sp_primarykey t", "at least one column"),
        ("sp_commonkey a, b, x", "pairs"),
        ("sp_setreptable t, maybe", "Expected 'true', 'false', 'never'"),
        ("sp_setreplicate t, never", "Expected 'true', 'false'"),
        ("sp_setrepcol t, c, sometimes", "Expected 'do_not_replicate'"),
        ("sp_setreptable t, true, owner_maybe", "Expected 'owner_on'"),
        ("sp_primarykey @bogus = t, @col1 = a", "Unknown sp_primarykey argument"),
        ("sp_primarykey t, a\nsp_primarykey u, b", "one statement per batch"),
    ],
)
def test_procedure_errors(sql: str, message: str) -> None:
    with pytest.raises(ParseError, match=message) as info:
        parse(sql)
    assert info.value.errors[0]["line"] >= 1


def test_procedures_in_one_batch_are_cut() -> None:
    result = analyze(
        "create table t (a int, b int)\nsp_primarykey t, a\nsp_setreptable t, true\ngo\n"
    )
    assert errors(result) == []
    assert [c.procedure for c in result.table_changes] == ["sp_primarykey", "sp_setreptable"]
    assert result.tables[0].primary_key is not None


@pytest.mark.parametrize(
    "erase",
    ["erase residual data off", '"erase residual data" off', "ERASE  RESIDUAL DATA off"],
)
def test_ase16_ddlgen_storage_options(erase: str) -> None:
    # ddlgen of ASE 16 writes the compression options and erase residual data (words,
    # or quoted as in the Reference Manual) in one with list (D125)
    sql = (
        "create table dbo.adr (ADDRESS_ID int null, CITY varchar(55) null, POSTAL_CODE int null)"
        " lock allpages with compression = None, lob_compression = Off,"
        f" index_compression = None, {erase} on 'default'"
        " partition by roundrobin(adr_729050602 on 'default')"
    )
    found = [
        (p.this.name, p.args["value"].name) for p in props(create(sql)) if type(p) is exp.Property
    ]
    assert found == [
        ("compression", "None"),
        ("lob_compression", "Off"),
        ("index_compression", "None"),
        ("erase_residual_data", "off"),
    ]
    result = analyze(sql)
    assert errors(result) == []
    (ir,) = result.tables
    assert [(c.name, c.type.name, c.type.length, c.nullable) for c in ir.columns] == [
        ("ADDRESS_ID", "INT", None, True),
        ("CITY", "VARCHAR", 55, True),
        ("POSTAL_CODE", "INT", None, True),
    ]
    assert (ir.options.lock_scheme, ir.options.filegroup) == ("ALLPAGES", "default")
    assert ("erase_residual_data", "off") in ir.options.extra


def test_erase_residual_data_needs_on_or_off() -> None:
    with pytest.raises(ParseError, match="ON or OFF after erase residual data"):
        parse("create table t (a int) with erase residual data")
    result = analyze("create table t (a int) with index_compression, erase residual data on")
    assert errors(result) == []
    assert ("index_compression", "ON") in result.tables[0].options.extra
