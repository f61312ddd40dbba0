"""The Teradata grammar: real SHOW TABLE DDL parses into typed sqlglot nodes.

Each construct is checked for the node it produces, the value it keeps and, for types,
the exact declared text; generated SQL must parse back to the same SQL.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlglot import exp
from sqlglot.errors import ErrorLevel, ParseError

from grammars import get, nodes
from grammars.teradata import TYPE_FAMILIES, DdlauditTeradata, partition_count

GRAMMAR = get("teradata")
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "teradata"
# The IR's fixed family vocabulary.
FAMILIES = {
    "integer", "decimal", "float", "money", "bit", "boolean", "char", "varchar", "clob",
    "nchar", "nvarchar", "nclob", "binary", "varbinary", "blob", "date", "time", "timestamp",
    "interval", "period", "json", "xml", "uuid", "rowversion", "spatial", "variant",
    "hierarchy", "udt", "array", "number", "other",
}  # fmt: skip

EMPLOYEE = """CREATE MULTISET TABLE db.Employee, FALLBACK, NO BEFORE JOURNAL, NO AFTER JOURNAL,
  CHECKSUM = DEFAULT, DEFAULT MERGEBLOCKRATIO{map} (EmpNum INTEGER NOT NULL, SupEmpNum INTEGER,
  DeptNum INTEGER, JobCode SMALLINT,
  LName CHAR(20) CHARACTER SET LATIN NOT CASESPECIFIC NOT NULL,
  FName VARCHAR(30) CHARACTER SET LATIN NOT CASESPECIFIC NOT NULL,
  HireDate DATE FORMAT 'YYYY-MM-DD' NOT NULL, BDate DATE FORMAT 'YYYY-MM-DD' NOT NULL,
  SalAmt DECIMAL(10,2) NOT NULL) UNIQUE PRIMARY INDEX (EmpNum)"""

EMPLOYEE_TYPES = {
    "EmpNum": "INTEGER",
    "SupEmpNum": "INTEGER",
    "DeptNum": "INTEGER",
    "JobCode": "SMALLINT",
    "LName": "CHAR(20)",
    "FName": "VARCHAR(30)",
    "HireDate": "DATE",
    "BDate": "DATE",
    "SalAmt": "DECIMAL(10,2)",
}


# ------------------------------------------------------------------- helpers


def parse(sql: str) -> exp.Create:
    tree = GRAMMAR.dialect().parse(sql, error_level=ErrorLevel.RAISE)[0]
    assert isinstance(tree, exp.Create), type(tree)
    return tree


def render(tree: exp.Expr) -> str:
    return str(tree.sql(dialect=DdlauditTeradata))


def roundtrip(sql: str) -> exp.Create:
    """Parse, regenerate, reparse: the generated Teradata must be stable."""
    tree = parse(sql)
    out = render(tree)
    assert render(parse(out)) == out
    return tree


def column(tree: exp.Create, name: str) -> exp.ColumnDef:
    for col in tree.find_all(exp.ColumnDef):
        if col.name == name:
            return col
    raise AssertionError(f"no column {name}")


def kinds(col: exp.ColumnDef) -> list[exp.Expr]:
    return [c.args["kind"] for c in col.args.get("constraints") or []]


def kind_of(col: exp.ColumnDef, cls: type) -> exp.Expr:
    found = [k for k in kinds(col) if isinstance(k, cls)]
    assert len(found) == 1, kinds(col)
    return found[0]


def props(tree: exp.Create) -> list[exp.Expr]:
    properties = tree.args.get("properties")
    return list(properties.expressions) if properties else []


def prop(tree: exp.Create, cls: type) -> exp.Expr:
    found = [p for p in props(tree) if isinstance(p, cls)]
    assert len(found) == 1, props(tree)
    return found[0]


def primary_index(tree: exp.Create) -> exp.Index:
    found = [i for i in tree.args.get("indexes") or [] if i.args.get("primary")]
    assert len(found) == 1
    return found[0]


def partition_of(tree: exp.Create) -> exp.Expr:
    (level,) = primary_index(tree).args["params"].args["partition_by"]
    return level


def one_column(type_sql: str) -> exp.ColumnDef:
    return column(roundtrip(f"CREATE TABLE t (c {type_sql}) PRIMARY INDEX (c)"), "c")


def type_key(declared: str) -> str:
    """TYPE_FAMILIES key of a declared type: upper case, single spaces, no arguments."""
    while True:
        stripped = re.sub(r"\([^()]*\)", "", declared)
        if stripped == declared:
            return " ".join(stripped.upper().split())
        declared = stripped


TOKEN = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"|--[^\n]*|/\*.*?\*/|;", re.DOTALL)
COMMENT = re.compile(r"--[^\n]*|/\*.*?\*/", re.DOTALL)


def statements(path: Path) -> list[str]:
    """Split a script on ``;`` outside quotes and comments; comments dropped."""
    text, parts, start = path.read_text(), [], 0
    for match in TOKEN.finditer(text):
        if match.group() == ";":
            parts.append(text[start : match.start()])
            start = match.end()
    parts.append(text[start:])
    return [s for s in (COMMENT.sub("", p).strip() for p in parts) if s]


def tables(path: Path) -> list[str]:
    return [s for s in statements(path) if GRAMMAR.statement_kind(s) == "table"]


# ------------------------------------------------------------ Employee DDL


@pytest.mark.parametrize("map_option", ["", ", MAP = TD_MAP1"])
def test_employee_ddl(map_option: str) -> None:
    tree = roundtrip(EMPLOYEE.format(map=map_option))
    assert tree.args["kind"] == "TABLE"
    assert tree.this.this.sql() == "db.Employee"
    assert prop(tree, exp.SetProperty).args["multi"] is True
    assert not prop(tree, exp.FallbackProperty).args.get("no")
    journals = [p for p in props(tree) if isinstance(p, exp.JournalProperty)]
    assert [(j.args.get("no"), j.args.get("before"), j.args.get("after")) for j in journals] == [
        (True, True, None),
        (True, None, True),
    ]
    assert prop(tree, exp.ChecksumProperty).args["default"] is True
    assert prop(tree, exp.MergeBlockRatioProperty).args["default"] is True
    maps = [p for p in props(tree) if isinstance(p, nodes.MapProperty)]
    assert [m.name for m in maps] == (["TD_MAP1"] if map_option else [])

    cols = list(tree.find_all(exp.ColumnDef))
    assert {c.name: c.args["kind"].meta["declared"] for c in cols} == EMPLOYEE_TYPES
    nullable = [
        c.name
        for c in cols
        if not any(isinstance(k, exp.NotNullColumnConstraint) for k in kinds(c))
    ]
    assert nullable == ["SupEmpNum", "DeptNum", "JobCode"]
    lname = column(tree, "LName")
    assert kind_of(lname, exp.CharacterSetColumnConstraint).name == "LATIN"
    assert kind_of(lname, exp.CaseSpecificColumnConstraint).args["not_"] is True
    assert kind_of(column(tree, "HireDate"), exp.DateFormatColumnConstraint).name == "YYYY-MM-DD"

    upi = primary_index(tree)
    assert upi.args["unique"] is True
    assert [c.this.name for c in upi.args["params"].args["columns"]] == ["EmpNum"]
    assert not upi.args["params"].args.get("partition_by")


def test_employee_fixture_is_show_table_output() -> None:
    (sql,) = tables(FIXTURES / "employee.sql")
    tree = roundtrip(sql)
    assert prop(tree, nodes.MapProperty).name == "TD_MAP1"
    cols = list(tree.find_all(exp.ColumnDef))
    assert {c.name: c.args["kind"].meta["declared"] for c in cols} == EMPLOYEE_TYPES
    assert tree.meta["span"] == (0, len(sql))
    fname = column(tree, "FName")
    start, end = fname.meta["span"]
    assert sql[start:end] == "FName VARCHAR(30) CHARACTER SET LATIN NOT CASESPECIFIC NOT NULL"


# ------------------------------------------------------------------- types

TYPES = [
    # declared text, sqlglot DType, USERDEFINED kind (Teradata name) or None
    ("BYTEINT", exp.DType.TINYINT, None),
    ("SMALLINT", exp.DType.SMALLINT, None),
    ("INTEGER", exp.DType.INT, None),
    ("BIGINT", exp.DType.BIGINT, None),
    ("DECIMAL(18,2)", exp.DType.DECIMAL, None),
    ("NUMERIC(5)", exp.DType.DECIMAL, None),
    ("NUMBER", exp.DType.USERDEFINED, "NUMBER"),
    ("NUMBER(10,2)", exp.DType.USERDEFINED, "NUMBER"),
    ("NUMBER(*)", exp.DType.USERDEFINED, "NUMBER"),
    ("NUMBER(*,4)", exp.DType.USERDEFINED, "NUMBER"),
    ("FLOAT", exp.DType.FLOAT, None),
    ("REAL", exp.DType.FLOAT, None),
    ("DOUBLE PRECISION", exp.DType.DOUBLE, None),
    ("DATE", exp.DType.DATE, None),
    ("TIME(6)", exp.DType.TIME, None),
    ("TIME(3) WITH TIME ZONE", exp.DType.TIMETZ, None),
    ("TIMESTAMP(0)", exp.DType.TIMESTAMP, None),
    ("TIMESTAMP(6) WITH TIME ZONE", exp.DType.TIMESTAMPTZ, None),
    ("PERIOD(DATE)", exp.DType.USERDEFINED, "PERIOD"),
    ("PERIOD(TIMESTAMP(6) WITH TIME ZONE)", exp.DType.USERDEFINED, "PERIOD"),
    ("PERIOD(TIME WITH TIME ZONE)", exp.DType.USERDEFINED, "PERIOD"),
    ("CHAR(10)", exp.DType.CHAR, None),
    ("VARCHAR(100)", exp.DType.VARCHAR, None),
    ("CHARACTER VARYING(20)", exp.DType.VARCHAR, None),
    ("LONG VARCHAR", exp.DType.USERDEFINED, "LONG VARCHAR"),
    ("LONG VARBYTE", exp.DType.USERDEFINED, "LONG VARBYTE"),
    ("LONG VARGRAPHIC", exp.DType.USERDEFINED, "LONG VARGRAPHIC"),
    ("GRAPHIC(10)", exp.DType.USERDEFINED, "GRAPHIC"),
    ("VARGRAPHIC(20)", exp.DType.USERDEFINED, "VARGRAPHIC"),
    ("CLOB", exp.DType.TEXT, None),
    ("CLOB(1M)", exp.DType.TEXT, None),
    ("CHARACTER LARGE OBJECT(5000)", exp.DType.TEXT, None),
    ("BLOB(2G)", exp.DType.BLOB, None),
    ("BINARY LARGE OBJECT(64K)", exp.DType.BLOB, None),
    ("BYTE(16)", exp.DType.BINARY, None),
    ("VARBYTE(100)", exp.DType.VARBINARY, None),
    ("JSON", exp.DType.JSON, None),
    ("JSON(16000)", exp.DType.JSON, None),
    ("XML", exp.DType.XML, None),
    ("ST_GEOMETRY", exp.DType.GEOMETRY, None),
    ("SYSUDTLIB.MyType", exp.DType.USERDEFINED, "SYSUDTLIB.MyType"),
]


@pytest.mark.parametrize(("declared", "dtype", "udt_kind"), TYPES)
def test_type_keeps_declared_text(declared: str, dtype: exp.DType, udt_kind: str | None) -> None:
    kind = one_column(declared).args["kind"]
    assert kind.meta["declared"] == declared
    assert kind.this == dtype
    assert kind.args.get("kind") == udt_kind
    key = type_key(declared)
    assert TYPE_FAMILIES.get(key, "udt") in FAMILIES


@pytest.mark.parametrize(
    ("declared", "params"),
    [
        ("DECIMAL(18,2)", ["18", "2"]),
        ("NUMBER(*,4)", ["*", "4"]),
        ("CLOB(1M)", ["1M"]),
        ("BLOB(2G)", ["2G"]),
        ("JSON(16000)", ["16000"]),
        ("BYTE(16)", ["16"]),
        ("GRAPHIC(10)", ["10"]),
    ],
)
def test_type_lengths_are_kept(declared: str, params: list[str]) -> None:
    kind = one_column(declared).args["kind"]
    assert [render(p) for p in kind.expressions] == params
    assert render(kind) == declared.replace(",", ", ")


def test_lob_size_multiplier_is_a_typed_param() -> None:
    (param,) = one_column("CLOB(1M)").args["kind"].expressions
    assert isinstance(param, exp.DataTypeParam)
    assert param.this.to_py() == 1
    assert param.args["expression"].name == "M"


def test_period_keeps_its_element_type() -> None:
    kind = one_column("PERIOD(TIMESTAMP(6) WITH TIME ZONE)").args["kind"]
    (inner,) = kind.expressions
    assert inner.this == exp.DType.TIMESTAMPTZ
    assert inner.meta["declared"] == "TIMESTAMP(6) WITH TIME ZONE"


def test_json_character_set_is_an_attribute() -> None:
    col = one_column("JSON(1000) CHARACTER SET UNICODE")
    assert col.args["kind"].meta["declared"] == "JSON(1000)"
    assert kind_of(col, exp.CharacterSetColumnConstraint).name == "UNICODE"


def test_json_storage_format_and_inline_length() -> None:
    col = one_column("JSON(64000) INLINE LENGTH 4096 STORAGE FORMAT BSON")
    assert kind_of(col, exp.InlineLengthColumnConstraint).this.to_py() == 4096
    option = kind_of(col, nodes.ColumnOption)
    assert (option.name, option.args["value"].name) == ("STORAGE FORMAT", "BSON")


INTERVALS = [
    # declared, (start unit, precision, fractional), (end unit, fractional) or None
    ("INTERVAL YEAR(4)", ("YEAR", 4, None), None),
    ("INTERVAL MONTH", ("MONTH", None, None), None),
    ("INTERVAL DAY(2) TO SECOND(6)", ("DAY", 2, None), ("SECOND", 6)),
    ("INTERVAL DAY TO SECOND(3)", ("DAY", None, None), ("SECOND", 3)),
    ("INTERVAL HOUR(3) TO MINUTE", ("HOUR", 3, None), ("MINUTE", None)),
    ("INTERVAL YEAR(2) TO MONTH", ("YEAR", 2, None), ("MONTH", None)),
    ("INTERVAL SECOND(2,3)", ("SECOND", 2, 3), None),
    ("INTERVAL MINUTE(4) TO SECOND(0)", ("MINUTE", 4, None), ("SECOND", 0)),
]


def _field(node: exp.Expr) -> tuple[str, int | None, int | None]:
    if isinstance(node, nodes.IntervalField):
        precision, fractional = node.args.get("precision"), node.args.get("fractional")
        return (
            node.name,
            precision.to_py() if precision else None,
            fractional.to_py() if fractional else None,
        )
    assert isinstance(node, exp.Var)
    return (node.name, None, None)


@pytest.mark.parametrize(("declared", "start", "end"), INTERVALS)
def test_interval_precisions(
    declared: str,
    start: tuple[str, int | None, int | None],
    end: tuple[str, int | None] | None,
) -> None:
    kind = one_column(declared).args["kind"]
    assert kind.meta["declared"] == declared
    assert render(kind) == declared.replace(",", ", ")
    unit = kind.this.args["unit"]
    if end is None:
        assert _field(unit) == start
    else:
        assert isinstance(unit, exp.IntervalSpan)
        assert _field(unit.this) == start
        name, _, fractional = _field(unit.expression)
        assert (name, fractional) == end
    assert TYPE_FAMILIES[type_key(declared)] == "interval"


def test_type_families_vocabulary() -> None:
    assert set(TYPE_FAMILIES.values()) <= FAMILIES
    assert all(k == " ".join(k.upper().split()) and "(" not in k for k in TYPE_FAMILIES)
    expected = {
        "BYTEINT": "integer",
        "NUMBER": "number",
        "BYTE": "binary",
        "VARBYTE": "varbinary",
        "LONG VARCHAR": "varchar",
        "GRAPHIC": "char",
        "CLOB": "clob",
        "INTERVAL DAY TO SECOND": "interval",
        "PERIOD": "period",
        "ST_GEOMETRY": "spatial",
        "TIMESTAMP WITH TIME ZONE": "timestamp",
        "DOUBLE PRECISION": "float",
    }
    assert {k: TYPE_FAMILIES[k] for k in expected} == expected


# ------------------------------------------------------- column attributes


def attribute(sql: str, cls: type) -> exp.Expr:
    col = column(roundtrip(f"CREATE TABLE t (a INTEGER, c {sql}) PRIMARY INDEX (a)"), "c")
    return kind_of(col, cls)


@pytest.mark.parametrize(
    ("sql", "cls", "check"),
    [
        ("CHAR(5) CHARACTER SET UNICODE", exp.CharacterSetColumnConstraint, "UNICODE"),
        ("CHAR(5) CHARACTER SET KANJISJIS", exp.CharacterSetColumnConstraint, "KANJISJIS"),
        ("CHAR(5) CHARACTER SET GRAPHIC", exp.CharacterSetColumnConstraint, "GRAPHIC"),
        ("CHAR(5) CASESPECIFIC", exp.CaseSpecificColumnConstraint, False),
        ("CHAR(5) NOT CASESPECIFIC", exp.CaseSpecificColumnConstraint, True),
        ("CHAR(5) CS", exp.CaseSpecificColumnConstraint, False),
        ("CHAR(5) NOT CS", exp.CaseSpecificColumnConstraint, True),
    ],
)
def test_character_attributes(sql: str, cls: type, check: object) -> None:
    node = attribute(sql, cls)
    if isinstance(check, bool):
        assert node.args["not_"] is check
    else:
        assert node.name == check


@pytest.mark.parametrize("sql", ["CHAR(5) UC", "CHAR(5) UPPERCASE"])
def test_uppercase(sql: str) -> None:
    attribute(sql, exp.UppercaseColumnConstraint)


def test_format_title_named() -> None:
    sql = "INTEGER FORMAT '-(10)9' TITLE 'Emp No' NAMED EmpNo"
    assert attribute(sql, exp.DateFormatColumnConstraint).name == "-(10)9"
    assert attribute(sql, exp.TitleColumnConstraint).name == "Emp No"
    named = attribute(sql, nodes.NamedColumnConstraint)
    assert isinstance(named.this, exp.Identifier) and named.name == "EmpNo"


@pytest.mark.parametrize("default", ["0", "DATE", "CURRENT_TIMESTAMP(0)", "USER", "NULL", "'N'"])
def test_default(default: str) -> None:
    node = attribute(f"CHAR(8) DEFAULT {default}", exp.DefaultColumnConstraint)
    assert node.this is not None


def test_with_default() -> None:
    col = column(parse("CREATE TABLE t (c INTEGER NOT NULL WITH DEFAULT)"), "c")
    assert [type(k) for k in kinds(col)] == [
        exp.NotNullColumnConstraint,
        nodes.WithDefaultColumnConstraint,
    ]


@pytest.mark.parametrize(
    ("sql", "values"),
    [
        ("INTEGER COMPRESS", None),
        ("INTEGER COMPRESS NOT NULL", None),
        ("INTEGER COMPRESS NULL", "NULL"),
        ("INTEGER COMPRESS 0", "0"),
        ("DECIMAL(10,2) COMPRESS 0.", "0."),
        ("INTEGER COMPRESS (0, 1, 2)", ["0", "1", "2"]),
        ("CHAR(1) COMPRESS ('A', 'B', NULL)", ["'A'", "'B'", "NULL"]),
        ("DATE COMPRESS (DATE '2020-01-01', DATE '9999-12-31')", 2),
    ],
)
def test_multi_value_compression(sql: str, values: object) -> None:
    node = attribute(sql, exp.CompressColumnConstraint)
    this = node.args.get("this")
    if values is None:
        assert this is None
    elif isinstance(values, int):
        assert len(this) == values
    elif isinstance(values, list):
        assert [render(v) for v in this] == values
    else:
        assert render(this) == values


@pytest.mark.parametrize(
    "sql",
    [
        "VARCHAR(100) COMPRESS USING TD_SYSFNLIB.LZCOMP_L DECOMPRESS USING TD_SYSFNLIB.LZDECOMP_L",
        "VARCHAR(100) DECOMPRESS USING TD_SYSFNLIB.LZDECOMP_L COMPRESS USING TD_SYSFNLIB.LZCOMP_L",
    ],
)
def test_algorithmic_compression_either_order(sql: str) -> None:
    node = attribute(sql, nodes.AlgorithmicCompressColumnConstraint)
    assert node.args["compress"].sql() == "TD_SYSFNLIB.LZCOMP_L"
    assert node.args["decompress"].sql() == "TD_SYSFNLIB.LZDECOMP_L"
    assert node.args.get("values") is None


def test_mvc_and_alc_together_stay_separate() -> None:
    sql = "CHAR(10) COMPRESS ('a', 'b') COMPRESS USING f1 DECOMPRESS USING f2"
    assert len(attribute(sql, exp.CompressColumnConstraint).this) == 2
    assert attribute(sql, nodes.AlgorithmicCompressColumnConstraint).args["compress"].name == "f1"


def test_algcompress_form_keeps_its_values() -> None:
    node = attribute(
        "CHAR(10) COMPRESS ('a', 'b') ALGCOMPRESS huffcomp ALGDECOMPRESS huffdecomp",
        nodes.AlgorithmicCompressColumnConstraint,
    )
    assert [v.name for v in node.args["values"]] == ["a", "b"]


def test_identity() -> None:
    node = attribute(
        "BIGINT GENERATED ALWAYS AS IDENTITY (START WITH 1 INCREMENT BY 1 "
        "MINVALUE -999 MAXVALUE 999 NO CYCLE)",
        exp.GeneratedAsIdentityColumnConstraint,
    )
    assert node.this is True
    assert [render(node.args[k]) for k in ("start", "increment", "minvalue", "maxvalue")] == [
        "1",
        "1",
        "-999",
        "999",
    ]
    assert node.args["cycle"] is False
    by_default = attribute(
        "INTEGER GENERATED BY DEFAULT AS IDENTITY (START WITH 10 INCREMENT BY 5)",
        exp.GeneratedAsIdentityColumnConstraint,
    )
    assert by_default.this is False


def test_keys_and_checks() -> None:
    assert attribute("INTEGER NOT NULL PRIMARY KEY", exp.PrimaryKeyColumnConstraint)
    assert attribute("INTEGER UNIQUE", exp.UniqueColumnConstraint)
    check = attribute("INTEGER CHECK (c > 0)", exp.CheckColumnConstraint)
    assert render(check.this) == "c > 0"
    tree = parse("CREATE TABLE t (c INTEGER CONSTRAINT c_pos CHECK (c > 0))")
    (constraint,) = column(tree, "c").args["constraints"]
    assert constraint.name == "c_pos"
    assert isinstance(constraint.args["kind"], exp.CheckColumnConstraint)


@pytest.mark.parametrize(
    ("sql", "option"),
    [
        ("INTEGER REFERENCES db.parent (id)", None),
        ("INTEGER REFERENCES WITH NO CHECK OPTION db.parent (id)", "WITH NO CHECK OPTION"),
        ("INTEGER REFERENCES WITH CHECK OPTION db.parent (id)", "WITH CHECK OPTION"),
    ],
)
def test_references(sql: str, option: str | None) -> None:
    ref = attribute(sql, exp.Reference)
    assert ref.this.this.sql() == "db.parent"
    assert [c.name for c in ref.this.expressions] == ["id"]
    assert (ref.args.get("options") or [None])[0] == option


def test_table_level_constraints() -> None:
    tree = roundtrip(
        "CREATE TABLE t (a INTEGER NOT NULL, b INTEGER, CONSTRAINT pk PRIMARY KEY (a), "
        "UNIQUE (b), CONSTRAINT fk FOREIGN KEY (b) REFERENCES WITH NO CHECK OPTION db.p (id))"
    )
    fk = tree.find(exp.ForeignKey)
    assert fk.args["reference"].args["options"] == ["WITH NO CHECK OPTION"]
    assert tree.find(exp.PrimaryKey) is not None


# ----------------------------------------------------------- table options


@pytest.mark.parametrize(
    ("options", "cls", "args"),
    [
        ("MAP = TD_MAP1", nodes.MapProperty, {"this": "TD_MAP1"}),
        (
            "MAP = TD_MAP2 COLOCATE USING orders_colo",
            nodes.MapProperty,
            {"this": "TD_MAP2", "colocate": "orders_colo"},
        ),
        ("NO FALLBACK", exp.FallbackProperty, {"no": True}),
        ("FALLBACK PROTECTION", exp.FallbackProperty, {"protection": True}),
        ("CHECKSUM = DEFAULT", exp.ChecksumProperty, {"default": True}),
        ("DEFAULT MERGEBLOCKRATIO", exp.MergeBlockRatioProperty, {"default": True}),
        (
            "DATABLOCKSIZE = 130560 BYTES",
            exp.DataBlocksizeProperty,
            {"size": "130560", "units": "BYTES"},
        ),
        ("DATABLOCKSIZE = 127 KBYTE", exp.DataBlocksizeProperty, {"units": "KBYTE"}),
        ("MAXIMUM DATABLOCKSIZE", exp.DataBlocksizeProperty, {"maximum": True}),
        ("FREESPACE = 10 PERCENT", exp.FreespaceProperty, {"this": "10", "percent": True}),
        ("BLOCKCOMPRESSION = MANUAL", exp.BlockCompressionProperty, {"manual": True}),
        ("NO LOG", exp.LogProperty, {"no": True}),
        ("LOG", exp.LogProperty, {}),
        ("WITH JOURNAL TABLE = db.jt", exp.WithJournalTableProperty, {"this": "db.jt"}),
    ],
)
def test_table_option(options: str, cls: type, args: dict[str, object]) -> None:
    # each option is also checked as the last one before the column list (SHOW TABLE order)
    for sql in (
        f"CREATE TABLE t, {options} (a INTEGER) PRIMARY INDEX (a)",
        f"CREATE TABLE t, NO BEFORE JOURNAL, {options}, NO AFTER JOURNAL (a INTEGER)",
    ):
        node = prop(roundtrip(sql), cls)
        for key, value in args.items():
            got = node.args.get(key)
            assert (render(got) if isinstance(got, exp.Expr) else got) == value, key


def test_with_journal_table_last_option() -> None:
    tree = roundtrip(
        "CREATE TABLE t, NO FALLBACK, DUAL BEFORE JOURNAL, WITH JOURNAL TABLE = db.jt (a INT)"
    )
    journal = prop(tree, exp.WithJournalTableProperty)
    assert (journal.this.db, journal.this.name) == ("db", "jt")
    assert [c.name for c in tree.find_all(exp.ColumnDef)] == ["a"]


@pytest.mark.parametrize(
    ("sql", "expected"),
    [
        ("CREATE SET TABLE t (a INT)", [exp.SetProperty]),
        ("CREATE MULTISET TABLE t (a INT)", [exp.SetProperty]),
        ("CREATE MULTISET VOLATILE TABLE t, NO LOG (a INT) ON COMMIT PRESERVE ROWS", [
            exp.SetProperty, exp.VolatileProperty, exp.LogProperty, exp.OnCommitProperty
        ]),
        ("CREATE SET GLOBAL TEMPORARY TABLE t (a INT) ON COMMIT PRESERVE ROWS", [
            exp.SetProperty, exp.GlobalProperty, exp.TemporaryProperty, exp.OnCommitProperty
        ]),
    ],
)  # fmt: skip
def test_table_kinds(sql: str, expected: list[type]) -> None:
    assert [type(p) for p in props(roundtrip(sql))] == expected


@pytest.mark.parametrize(
    ("sql", "expected"),
    [
        ("UNIQUE PRIMARY INDEX (a)", [(True, True, None, None)]),
        ("UNIQUE PRIMARY INDEX pk_t (a, b)", [(True, True, None, "pk_t")]),
        ("PRIMARY AMP INDEX (a)", [(None, True, True, None)]),
        (
            "PRIMARY INDEX (a) UNIQUE INDEX (b) INDEX ix_ab (a, b)",
            [(None, True, None, None), (True, None, None, None), (None, None, None, "ix_ab")],
        ),
        (
            "PRIMARY INDEX (a), INDEX (b), UNIQUE INDEX (a, b)",
            [(None, True, None, None), (None, None, None, None), (True, None, None, None)],
        ),
    ],
)
def test_indexes(sql: str, expected: list[tuple[object, ...]]) -> None:
    tree = roundtrip(f"CREATE TABLE t (a INTEGER, b INTEGER) {sql}")
    got = [
        (
            i.args.get("unique") or None,
            i.args.get("primary") or None,
            i.args.get("amp") or None,
            i.this.name if i.this else None,
        )
        for i in tree.args["indexes"]
    ]
    assert got == expected
    assert props(tree) == []  # the separating commas leave no stray property behind


def test_secondary_index_options() -> None:
    tree = roundtrip(
        "CREATE TABLE t (a INTEGER, d DATE) PRIMARY INDEX (a) "
        "INDEX ix_d ALL (a, d) ORDER BY VALUES (d), UNIQUE INDEX (d)"
    )
    _, ordered, unique = tree.args["indexes"]
    assert isinstance(ordered, nodes.SecondaryIndexOptions) and isinstance(ordered, exp.Index)
    assert (ordered.name, ordered.args["all"], ordered.args["order_by"].name) == (
        "ix_d",
        True,
        "VALUES",
    )
    assert [c.name for c in ordered.args["order_columns"]] == ["d"]
    assert [c.this.name for c in ordered.args["params"].args["columns"]] == ["a", "d"]
    assert type(unique) is exp.Index and unique.args["unique"]


def test_no_primary_index() -> None:
    tree = roundtrip("CREATE TABLE t (a INTEGER) NO PRIMARY INDEX")
    assert [type(p) for p in props(tree)] == [exp.NoPrimaryIndexProperty]
    assert not tree.args.get("indexes")


# ----------------------------------------------------------- partitioning


def test_range_n_with_extras() -> None:
    tree = roundtrip(
        "CREATE TABLE t (a INT, d DATE) PRIMARY INDEX (a) PARTITION BY RANGE_N(d BETWEEN "
        "DATE '2020-01-01' AND DATE '2020-12-31' EACH INTERVAL '1' MONTH, NO RANGE, UNKNOWN)"
    )
    level = partition_of(tree)
    assert isinstance(level, nodes.RangeNExtra) and isinstance(level, exp.RangeN)
    assert level.this.name == "d"
    (rng,) = level.expressions
    assert isinstance(rng, nodes.RangeNRange)
    assert rng.this.this.name == "2020-01-01" and rng.this.to.this == exp.DType.DATE
    assert render(rng.args["each"]) == "INTERVAL '1' MONTH"
    assert level.args.get("no_range") is True and level.args.get("unknown") is True
    assert not level.args.get("no_range_or_unknown")
    assert partition_count(level) == 14


@pytest.mark.parametrize(
    ("extras", "flags"),
    [
        ("", set()),
        (", NO RANGE", {"no_range"}),
        (", UNKNOWN", {"unknown"}),
        (", NO RANGE, UNKNOWN", {"no_range", "unknown"}),
        (", NO RANGE OR UNKNOWN", {"no_range_or_unknown"}),
    ],
)
def test_range_n_extra_flags(extras: str, flags: set[str]) -> None:
    tree = roundtrip(
        f"CREATE TABLE t (a INT) PRIMARY INDEX (a) PARTITION BY RANGE_N(a BETWEEN 1 AND 10{extras})"
    )
    level = partition_of(tree)
    got = {k for k in ("no_range", "unknown", "no_range_or_unknown") if level.args.get(k)}
    assert got == flags
    assert partition_count(level) == 1 + len(flags)


def test_range_n_several_ranges_each_with_its_step() -> None:
    level = partition_of(
        roundtrip(
            "CREATE TABLE t (a INT) PRIMARY INDEX (a) PARTITION BY RANGE_N(a BETWEEN "
            "1 AND 520 EACH 1, 521 AND 1040 EACH 4, 1041 AND *)"
        )
    )
    steps = [r.args.get("each") for r in level.expressions]
    assert [render(s) if s else None for s in steps] == ["1", "4", None]
    assert isinstance(level.expressions[2].args["expression"], exp.Star)
    assert partition_count(level) == 520 + 130 + 1


def test_case_n() -> None:
    tree = roundtrip(
        "CREATE TABLE t (a INT) PRIMARY INDEX (a) PARTITION BY "
        "CASE_N(a < 10, a >= 10 AND a < 20, NO CASE OR UNKNOWN)"
    )
    level = partition_of(tree)
    assert isinstance(level, nodes.CaseN)
    assert [render(c) for c in level.expressions] == ["a < 10", "a >= 10 AND a < 20"]
    assert level.args.get("no_case_or_unknown") is True
    assert partition_count(level) == 3


def test_multilevel_partitioning() -> None:
    (sql, _) = tables(FIXTURES / "sales_ppi.sql")
    tree = roundtrip(sql)
    level = partition_of(tree)
    assert isinstance(level, exp.Tuple)
    rangen, casen = level.expressions
    assert isinstance(rangen, nodes.RangeNExtra) and isinstance(casen, nodes.CaseN)
    assert partition_count(rangen) == 120 + 2
    assert partition_count(casen) == 4 + 1
    # the secondary index after the partitioning does not take it
    assert [bool(i.args.get("primary")) for i in tree.args["indexes"]] == [True, False]


def test_add_and_column_levels() -> None:
    level = partition_of(
        roundtrip(
            "CREATE TABLE t (a INT, d DATE) PRIMARY INDEX (a) PARTITION BY (COLUMN ADD 65533, "
            "RANGE_N(a BETWEEN 1 AND 10 EACH 1) ADD 5)"
        )
    )
    column_level, range_level = level.expressions
    assert isinstance(column_level, nodes.PartitionAdd)
    assert isinstance(column_level.this, nodes.ColumnPartition)
    assert column_level.args["expression"].to_py() == 65533
    assert partition_count(column_level) is None
    assert isinstance(range_level.this, nodes.RangeNExtra)
    assert partition_count(range_level) == 15


def test_column_partitioning_nopi() -> None:
    sql = tables(FIXTURES / "columnar_nopi.sql")[0]
    tree = roundtrip(sql)
    assert [type(p) for p in props(tree)][-2:] == [
        exp.NoPrimaryIndexProperty,
        exp.PartitionedByProperty,
    ]
    level = prop(tree, exp.PartitionedByProperty).this
    assert isinstance(level, nodes.ColumnPartition)
    assert not level.expressions and level.args.get("auto_compress") is None


def test_column_partition_groups() -> None:
    tree = roundtrip(
        "CREATE TABLE t (a INT, b INT, c INT) NO PRIMARY INDEX "
        "PARTITION BY COLUMN ALL BUT (ROW (a, b) NO AUTO COMPRESS, c)"
    )
    level = prop(tree, exp.PartitionedByProperty).this
    assert level.args["all_but"] is True
    group, single = level.expressions
    assert isinstance(group, nodes.ColumnPartition) and group.this.name == "ROW"
    assert [c.name for c in group.expressions] == ["a", "b"]
    assert group.args["auto_compress"] is False
    assert isinstance(single, exp.Column) and single.name == "c"


def test_comma_before_no_primary_index() -> None:
    sql = tables(FIXTURES / "columnar_nopi.sql")[1]
    tree = roundtrip(sql)
    assert [type(p) for p in props(tree)][-2:] == [
        exp.PartitionedByProperty,
        exp.NoPrimaryIndexProperty,
    ]
    assert partition_count(prop(tree, exp.PartitionedByProperty).this) == 366
    assert ", NO PRIMARY INDEX" in render(tree)


@pytest.mark.parametrize(
    "tail",
    [
        "PRIMARY INDEX (a) PARTITION BY RANGE_N(a BETWEEN 1 AND 10 EACH 1)",
        "PRIMARY INDEX (a) INDEX (b) PARTITION BY RANGE_N(a BETWEEN 1 AND 10 EACH 1)",
        "PARTITION BY RANGE_N(a BETWEEN 1 AND 10 EACH 1) PRIMARY INDEX (a)",
    ],
)
def test_partitioning_of_a_pi_table_is_on_the_primary_index(tail: str) -> None:
    tree = roundtrip(f"CREATE TABLE t (a INT, b INT) {tail}")
    assert isinstance(partition_of(tree), nodes.RangeNExtra)
    assert not any(isinstance(p, exp.PartitionedByProperty) for p in props(tree))
    secondary = [i for i in tree.args["indexes"] if not i.args.get("primary")]
    assert not any(i.args["params"].args.get("partition_by") for i in secondary)


@pytest.mark.parametrize(
    "tail",
    [
        "NO PRIMARY INDEX PARTITION BY RANGE_N(a BETWEEN 1 AND 10 EACH 1)",
        "PARTITION BY RANGE_N(a BETWEEN 1 AND 10 EACH 1)",
    ],
)
def test_partitioning_of_a_nopi_table_is_a_property(tail: str) -> None:
    tree = roundtrip(f"CREATE TABLE t (a INT) {tail}")
    assert partition_count(prop(tree, exp.PartitionedByProperty).this) == 10
    assert not tree.args.get("indexes")


# --------------------------------------------------------- partition_count


def _level(partitioning: str) -> exp.Expr:
    return partition_of(
        parse(f"CREATE TABLE t (a INT, d DATE) PRIMARY INDEX (a) PARTITION BY {partitioning}")
    )


@pytest.mark.parametrize(
    ("partitioning", "count"),
    [
        # ceil((100 - 1 + 1) / 7) = 15
        ("RANGE_N(a BETWEEN 1 AND 100 EACH 7)", 15),
        # 201 values in steps of 10 = 21 (the last holds only 100)
        ("RANGE_N(a BETWEEN -100 AND 100 EACH 10)", 21),
        # 10 + 9 + NO RANGE OR UNKNOWN
        ("RANGE_N(a BETWEEN 1 AND 10 EACH 1, 11 AND 100 EACH 10, NO RANGE OR UNKNOWN)", 20),
        # (*, 0), (0, 10), (10, *): three open or start-only ranges
        ("RANGE_N(a BETWEEN *, 0, 10 AND *)", 3),
        # 31 years of days with 8 leap years: 31 * 365 + 8
        ("RANGE_N(d BETWEEN DATE '2000-01-01' AND DATE '2030-12-31' EACH INTERVAL '1' DAY)", 11323),
        # 2020 is a leap year: 366 days in weeks = 53 (the last one 2 days)
        ("RANGE_N(d BETWEEN DATE '2020-01-01' AND DATE '2020-12-31' EACH INTERVAL '7' DAY)", 53),
        # 12 months + NO RANGE + UNKNOWN
        (
            "RANGE_N(d BETWEEN DATE '2020-01-01' AND DATE '2020-12-31' "
            "EACH INTERVAL '1' MONTH, NO RANGE, UNKNOWN)",
            14,
        ),
        # quarters from Feb 2020 to Jan 2021: Feb, May, Aug, Nov = 4
        ("RANGE_N(d BETWEEN DATE '2020-02-01' AND DATE '2021-01-31' EACH INTERVAL '3' MONTH)", 4),
        # 10 years + 53 weeks of 2010 (365 days)
        (
            "RANGE_N(d BETWEEN DATE '2000-01-01' AND DATE '2009-12-31' EACH INTERVAL '1' YEAR, "
            "DATE '2010-01-01' AND DATE '2010-12-31' EACH INTERVAL '7' DAY)",
            63,
        ),
        # Jan 31 + k months stays <= Dec 30 for k = 0..10
        ("RANGE_N(d BETWEEN DATE '2000-01-31' AND DATE '2000-12-30' EACH INTERVAL '1' MONTH)", 11),
        ("CASE_N(a < 10, a < 20, NO CASE OR UNKNOWN)", 3),
        ("CASE_N(a < 10, NO CASE, UNKNOWN)", 3),
        ("CASE_N(a < 10, a < 20, a < 30)", 3),
        ("RANGE_N(a BETWEEN 1 AND 10 EACH 1) ADD 5", 15),
        # not statically countable
        ("RANGE_N(d BETWEEN CURRENT_DATE AND DATE '2030-12-31' EACH INTERVAL '1' DAY)", None),
        ("RANGE_N(a BETWEEN 1 AND * EACH 10)", None),
        ("RANGE_N(d BETWEEN DATE '2020-01-01' AND DATE '2020-12-31' EACH INTERVAL '1' HOUR)", None),
        ("COLUMN", None),
        ("a MOD 10", None),
    ],
)
def test_partition_count(partitioning: str, count: int | None) -> None:
    assert partition_count(_level(partitioning)) == count


def test_partition_count_of_sqlglot_rangen_shape() -> None:
    # sqlglot's own RangeN (And ranges, one trailing EACH) counts the same way
    rangen = exp.RangeN(
        this=exp.column("a"),
        expressions=[
            exp.And(this=exp.Literal.number(1), expression=exp.Literal.number(10)),
            exp.And(this=exp.Literal.number(11), expression=exp.Literal.number(30)),
        ],
        each=exp.Literal.number(5),
    )
    assert partition_count(rangen) == 1 + 4


@given(
    start=st.integers(-10_000, 10_000),
    width=st.integers(0, 50_000),
    step=st.integers(1, 1_000),
)
def test_partition_count_integers_match_enumeration(start: int, width: int, step: int) -> None:
    end = start + width
    level = nodes.RangeNExtra(
        this=exp.column("a"),
        expressions=[
            nodes.RangeNRange(
                this=exp.Literal.number(start)
                if start >= 0
                else exp.Neg(this=exp.Literal.number(-start)),
                expression=exp.Literal.number(end)
                if end >= 0
                else exp.Neg(this=exp.Literal.number(-end)),
                each=exp.Literal.number(step),
            )
        ],
    )
    assert partition_count(level) == len(range(start, end + 1, step))


@given(
    start=st.dates(dt.date(1990, 1, 1), dt.date(2040, 12, 31)),
    days=st.integers(0, 3000),
    step=st.integers(1, 24),
    unit=st.sampled_from(["DAY", "MONTH", "YEAR"]),
)
def test_partition_count_dates_match_enumeration(
    start: dt.date, days: int, step: int, unit: str
) -> None:
    end = start + dt.timedelta(days=days)
    level = _level(
        f"RANGE_N(d BETWEEN DATE '{start}' AND DATE '{end}' EACH INTERVAL '{step}' {unit})"
    )
    count, k = 0, 0
    while True:  # partition starts: start + k * step, as calendar arithmetic
        if unit == "DAY":
            begin = start + dt.timedelta(days=k * step)
        else:
            months = k * step * (12 if unit == "YEAR" else 1)
            year, month = divmod(start.month - 1 + months, 12)
            year += start.year
            day = start.day
            while True:
                try:
                    begin = dt.date(year, month + 1, day)
                    break
                except ValueError:
                    day -= 1
        if begin > end:
            break
        count, k = count + 1, k + 1
    assert partition_count(level) == count


# -------------------------------------------------------------- fixtures


@pytest.mark.parametrize(
    "name", ["employee.sql", "sales_ppi.sql", "wide_types.sql", "columnar_nopi.sql"]
)
def test_fixture_tables_parse(name: str) -> None:
    path = FIXTURES / name
    found = tables(path)
    assert found
    for sql in found:
        tree = roundtrip(sql)
        for col in tree.find_all(exp.ColumnDef):
            declared = col.args["kind"].meta["declared"]
            assert sql[slice(*col.args["kind"].meta["span"])] == declared
            family = TYPE_FAMILIES.get(type_key(declared))
            assert family or col.args["kind"].args.get("kind", "").startswith("SYSUDTLIB.")
    # what the analyzer does not read is left alone
    others = [s for s in statements(path) if GRAMMAR.statement_kind(s) is None]
    assert any(
        s.upper().startswith(("DATABASE", "COLLECT", "GRANT", "CREATE MACRO")) for s in others
    )


def test_wide_types_fixture_nodes() -> None:
    (sql,) = tables(FIXTURES / "wide_types.sql")
    tree = roundtrip(sql)
    assert render(prop(tree, exp.WithJournalTableProperty).this) == "Legal.Contract_Jrnl"
    assert prop(tree, nodes.MapProperty).name == "TD_MAP1"
    status = column(tree, "status_cd")
    assert len(kind_of(status, exp.CompressColumnConstraint).this) == 3
    notes = column(tree, "notes_short")
    assert kind_of(notes, nodes.AlgorithmicCompressColumnConstraint).args["compress"].name == (
        "LZCOMP_L"
    )
    assert kind_of(column(tree, "party_code"), nodes.NamedColumnConstraint).name == "PartyCode"
    assert isinstance(
        kind_of(column(tree, "region_id"), nodes.WithDefaultColumnConstraint), exp.Expr
    )
    udt = column(tree, "amount_udt").args["kind"]
    assert (udt.this, udt.args["kind"]) == (exp.DType.USERDEFINED, "SYSUDTLIB.Money_t")
    assert column(tree, "scan").args["kind"].meta["declared"] == "BLOB(2G)"
    assert column(tree, "legacy_text").args["kind"].args["kind"] == "LONG VARCHAR"


def test_broken_statement_fixture() -> None:
    results: list[str] = []
    for sql in tables(FIXTURES / "broken_statement.sql"):
        try:
            results.append(parse(sql).this.this.sql())
        except ParseError as err:
            error = err.errors[0]
            assert (error["line"], error["col"]) == (5, 13)  # `created`, after the missing comma
            results.append("ParseError")
    assert results == ["Ops.Good1", "ParseError", "Ops.Good2"]


# ----------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("sql", "line", "col"),
    [
        # trailing junk: sqlglot would fall back to an opaque Command
        ("CREATE TABLE t (a INT)\nPRIMARY INDEX (a) GARBAGE here", 2, 25),
        ("CREATE TABLE t (a INT) PRIMARY INDEX (a)\nPARTITION BY RANGE_N(a 1 AND 10)", 2, 24),
        ("CREATE TABLE t (\n  c VARCHAR(10) COMPRESS USING f)", 2, 33),
        ("CREATE TABLE t (\n  c INTEGER,\n  d DECIMAL(10,2 NOT NULL)", 3, 11),
        ("CREATE TABLE t, MAP = (a INT)", 1, 23),
    ],
)  # sqlglot reports the column of the last character of the offending token
def test_broken_sql_raises_with_position(sql: str, line: int, col: int) -> None:
    with pytest.raises(ParseError) as info:
        GRAMMAR.dialect().parse(sql, error_level=ErrorLevel.RAISE)
    error = info.value.errors[0]
    assert (error["line"], error["col"]) == (line, col)


def test_non_table_statements_are_not_forced() -> None:
    dialect = GRAMMAR.dialect()
    assert isinstance(dialect.parse("DATABASE Sales")[0], exp.Use)
    assert isinstance(dialect.parse("COLLECT STATISTICS COLUMN (a) ON t")[0], exp.Command)


# --------------------------------------------------------------- evidence


def _score(text: str) -> int:
    return sum(e.weight for e in GRAMMAR.evidence if e.pattern.search(text))


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.sql")), ids=lambda p: p.name)
def test_evidence_recognises_teradata(path: Path) -> None:
    assert _score(path.read_text()) >= 15


@pytest.mark.parametrize(
    "text",
    [
        "CREATE TABLE [dbo].[t] ([id] int IDENTITY(1,1) NOT NULL, [name] nvarchar(max))\nGO",
        'CREATE TABLE public.t (id serial PRIMARY KEY, name varchar(10) COLLATE "C");',
        "CREATE TABLE t (id INT AUTO_INCREMENT, name VARCHAR(10)) "
        "ENGINE=InnoDB DEFAULT CHARSET=latin1;",
        "CREATE TABLE t (id NUMBER(10), name VARCHAR2(10 CHAR)) TABLESPACE users;",
    ],
)
def test_evidence_ignores_other_dialects(text: str) -> None:
    assert _score(text) == 0


def test_at_placeholder_name_with_column_partitioning_sizes_its_columns() -> None:
    # a BTEQ job's working table: "@Db" quoted, an ``@name`` placeholder glued to the
    # table name (filled in by the job before the platform sees it, D124), a partition
    # by a plain INTEGER column and secondary indexes
    from analyzer.core import Options, analyze_bytes

    sql = (
        'CREATE TABLE "@Db".WK_CPN@PartId (INCTV_NBR INTEGER NOT NULL, PGM_NBR INTEGER NOT NULL, '
        "CPN_CD VARCHAR(100) CHARACTER SET UNICODE NOT CASESPECIFIC NOT NULL, "
        "LOAD_ID VARCHAR(8) CHARACTER SET LATIN NOT CASESPECIFIC) "
        "PRIMARY INDEX CPN_NUPI (PGM_NBR, INCTV_NBR) PARTITION BY PGM_NBR "
        "UNIQUE INDEX (INCTV_NBR, PGM_NBR, CPN_CD) INDEX (INCTV_NBR);\n"
    )
    result = analyze_bytes("t.btq", sql.encode(), Options(dialect="teradata"))
    assert result.diagnostics == ()
    (table,) = result.tables
    assert str(table.name) == "@Db.WK_CPN@PartId"
    assert [
        (c.name, c.type.family, c.type.length, c.nullable, c.character_set) for c in table.columns
    ] == [
        ("INCTV_NBR", "integer", None, False, None),
        ("PGM_NBR", "integer", None, False, None),
        ("CPN_CD", "varchar", 100, False, "UNICODE"),
        ("LOAD_ID", "varchar", 8, True, "LATIN"),
    ]
    pi, usi, nusi = table.indexes
    assert (pi.kind, pi.name, pi.columns, pi.unique) == (
        "primary_index",
        "CPN_NUPI",
        ("PGM_NBR", "INCTV_NBR"),
        False,
    )
    assert [(p.kind, p.expression) for p in pi.partitioning] == [("expression", "PGM_NBR")]
    assert (usi.unique, usi.columns) == (True, ("INCTV_NBR", "PGM_NBR", "CPN_CD"))
    assert (nusi.unique, nusi.columns) == (False, ("INCTV_NBR",))
