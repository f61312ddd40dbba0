"""HiRDB grammar: types, storage, partitioning, ADTs, indexes, bad input, config, round trip."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlglot import exp
from sqlglot.errors import ErrorLevel

import grammars
from analyzer.config import ConfigError, Rdarea, load
from analyzer.core import Options, analyze_bytes, analyze_paths
from analyzer.detect import detect
from analyzer.ir import FileResult, Severity, Table, from_dict, to_dict
from grammars import nodes

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "hirdb"
GRAMMAR = grammars.get("hirdb")


def parse(sql: str) -> exp.Expr:
    trees = GRAMMAR.dialect().parse(sql, error_level=ErrorLevel.RAISE)
    assert len(trees) == 1 and trees[0] is not None
    return trees[0]


def analyze(sql: str, dialect: str | None = "hirdb") -> FileResult:
    return analyze_bytes("t.sql", sql.encode(), Options(dialect=dialect))


def table(result: FileResult, name: str | None = None) -> Table:
    if name is None:
        (only,) = result.tables
        return only
    return next(t for t in result.tables if t.name.name == name)


def codes(result: FileResult) -> list[str]:
    return [d.code for d in result.diagnostics]


# ----------------------------------------------------------------------- grammar


def test_registered() -> None:
    assert GRAMMAR.name == "hirdb"
    assert GRAMMAR.default_nullable is True
    assert GRAMMAR.batch_separator is False
    assert GRAMMAR.statement_kind("CREATE SHARE FIX TABLE t (a INT)") == "table"
    assert GRAMMAR.statement_kind("CREATE GLOBAL TEMPORARY TABLE t (a INT)") == "table"
    assert GRAMMAR.statement_kind("CREATE TYPE t (a INT)") == "type"
    assert GRAMMAR.statement_kind("CREATE UNIQUE INDEX i ON t (a)") == "index"
    assert GRAMMAR.statement_kind("CREATE VIEW v AS SELECT 1") is None
    # other grammars still skip CREATE INDEX
    assert grammars.get("tsql").statement_kind("CREATE INDEX i ON t (a)") is None


# ------------------------------------------------------------------------- types

TYPES = [
    # declared, IR name, family, length, precision, scale, element_count
    ("INTEGER", "INTEGER", "integer", None, None, None, None),
    ("SMALLINT", "SMALLINT", "integer", None, None, None, None),
    ("BIGINT", "BIGINT", "integer", None, None, None, None),
    ("DECIMAL(9,2)", "DECIMAL", "decimal", None, 9, 2, None),
    ("DEC(5)", "DEC", "decimal", None, 5, None, None),
    ("NUMERIC(7,3)", "NUMERIC", "decimal", None, 7, 3, None),
    ("LARGE DECIMAL(29,4)", "LARGE DECIMAL", "decimal", None, 29, 4, None),
    ("LARGE DEC(20)", "LARGE DEC", "decimal", None, 20, None, None),
    ("FLOAT", "FLOAT", "float", None, None, None, None),
    ("DOUBLE PRECISION", "DOUBLE PRECISION", "float", None, None, None, None),
    ("SMALLFLT", "SMALLFLT", "float", None, None, None, None),
    ("REAL", "REAL", "float", None, None, None, None),
    ("CHAR(10)", "CHAR", "char", 10, None, None, None),
    ("CHARACTER(3)", "CHARACTER", "char", 3, None, None, None),
    ("CHAR", "CHAR", "char", None, None, None, None),
    ("VARCHAR(300)", "VARCHAR", "varchar", 300, None, None, None),
    ("NCHAR(4)", "NCHAR", "nchar", 4, None, None, None),
    ("NATIONAL CHARACTER(6)", "NATIONAL CHARACTER", "nchar", 6, None, None, None),
    ("NATIONAL CHAR(2)", "NATIONAL CHAR", "nchar", 2, None, None, None),
    ("NVARCHAR(50)", "NVARCHAR", "nvarchar", 50, None, None, None),
    ("MCHAR(20)", "MCHAR", "char", 20, None, None, None),
    ("MVARCHAR(256)", "MVARCHAR", "varchar", 256, None, None, None),
    ("DATE", "DATE", "date", None, None, None, None),
    ("TIME", "TIME", "time", None, None, None, None),
    ("TIMESTAMP(6)", "TIMESTAMP", "timestamp", None, None, 6, None),
    ("INTERVAL YEAR TO DAY", "INTERVAL YEAR TO DAY", "interval", None, None, None, None),
    ("INTERVAL HOUR TO SECOND", "INTERVAL HOUR TO SECOND", "interval", None, None, None, None),
    ("BLOB(64K)", "BLOB", "blob", 64 * 1024, None, None, None),
    ("BLOB(2M)", "BLOB", "blob", 2 * 1024**2, None, None, None),
    ("BLOB(1G)", "BLOB", "blob", 1024**3, None, None, None),
    ("BLOB(5000)", "BLOB", "blob", 5000, None, None, None),
    ("BINARY(16)", "BINARY", "binary", 16, None, None, None),
    ("BOOLEAN", "BOOLEAN", "boolean", None, None, None, None),
    ("SMALLINT ARRAY[10]", "SMALLINT", "integer", None, None, None, 10),
    ("NVARCHAR(20) ARRAY[10]", "NVARCHAR", "nvarchar", 20, None, None, 10),
    ("DECIMAL(5,1) ARRAY [3]", "DECIMAL", "decimal", None, 5, 1, 3),
]


@pytest.mark.parametrize(
    ("declared", "name", "family", "length", "precision", "scale", "count"), TYPES
)
def test_type_keeps_declared_text(
    declared: str,
    name: str,
    family: str,
    length: int | None,
    precision: int | None,
    scale: int | None,
    count: int | None,
) -> None:
    sql = f"CREATE TABLE t (c {declared}) IN RD01"
    (column,) = parse(sql).find_all(exp.ColumnDef)
    kind = column.args["kind"]
    assert isinstance(kind, exp.DataType)
    assert kind.meta["declared"] == declared
    start, end = kind.meta["span"]
    assert sql[start:end] == declared
    result = analyze(sql)
    assert result.ok, result.diagnostics
    dtype = table(result).columns[0].type
    assert (dtype.declared, dtype.name, dtype.family) == (declared, name, family)
    assert (dtype.length, dtype.precision, dtype.scale) == (length, precision, scale)
    assert dtype.element_count == count


# --------------------------------------------------------------- table options


def test_seed_stock_table() -> None:
    result = analyze_bytes("stock.sql", (FIXTURES / "stock.sql").read_bytes())
    assert result.dialect == "hirdb" and result.ok
    stock = table(result, "STOCK")
    assert [(c.name, c.type.declared) for c in stock.columns] == [
        ("PCODE", "CHAR(5)"),
        ("PNAME", "NCHAR(4)"),
        ("STANDARD", "CHAR(3)"),
        ("PRICE", "INTEGER"),
        ("QUANTITY", "INTEGER"),
        ("COST", "INTEGER"),
    ]
    options = stock.options
    assert options.fix and not options.share
    assert options.rdareas == ("RU01",)
    assert (options.pctfree_unused, options.pctfree_free_pages) == (30, 40)
    # "NOT NULL is assumed for all columns of a table with FIX"
    assert not any(c.nullable for c in stock.columns)
    assert not any(c.nullable_explicit for c in stock.columns)
    other = table(result, "STOCK_VAR")
    assert not other.options.fix and other.options.lock_scheme == "ROW"
    assert [c.nullable for c in other.columns] == [False, True, True, True, True, True]


def test_share_fix_and_one_number_pctfree() -> None:
    t = table(analyze("CREATE SHARE FIX TABLE c (a CHAR(4)) IN RD PCTFREE = 0 LOCK PAGE"))
    assert t.options.fix and t.options.share
    assert (t.options.pctfree_unused, t.options.pctfree_free_pages) == (0, None)
    assert t.options.lock_scheme == "PAGE"
    t = table(analyze("CREATE TABLE c (a CHAR(4)) PCTFREE = (, 25)"))
    assert (t.options.pctfree_unused, t.options.pctfree_free_pages) == (None, 25)


def test_table_flags_constraints_and_program() -> None:
    t = table(
        analyze(
            "CREATE TABLE a.t (x INTEGER, y DEC(5), PRIMARY KEY (x)) IN (RD1) "
            "SUPPRESS DECIMAL NO SPLIT WITHOUT ROLLBACK "
            "CONSTRAINT ck CHECK (y > 0) CLUSTER KEY (y DESC) WITH PROGRAM"
        )
    )
    assert (t.name.schema, t.name.name) == ("a", "t")
    o = t.options
    assert (o.suppress_decimal, o.no_split, o.without_rollback, o.with_program) == (
        True,
        True,
        True,
        True,
    )
    assert o.rdareas == ("RD1",)
    kinds = [(c.kind.value, c.columns, c.name, c.expression) for c in t.constraints]
    assert ("primary_key", ("x",), None, None) in kinds
    assert ("check", (), "ck", "y > 0") in kinds
    assert [(i.kind, i.columns, i.unique) for i in t.indexes] == [("cluster_key", ("y",), False)]


def test_unique_cluster_key_in_the_column_list() -> None:
    t = table(analyze("CREATE TABLE t (a INT, b INT, UNIQUE CLUSTER KEY (a, b)) IN RD"))
    assert [(i.kind, i.columns, i.unique) for i in t.indexes] == [("cluster_key", ("a", "b"), True)]


def test_global_temporary() -> None:
    for commit in ("DELETE", "PRESERVE"):
        t = table(analyze(f"CREATE GLOBAL TEMPORARY TABLE g (a MCHAR(2)) ON COMMIT {commit} ROWS"))
        assert t.options.temporary == "GLOBAL TEMPORARY"
        assert t.options.on_commit == f"{commit} ROWS"


# ------------------------------------------------------------------ partitioning


def test_key_range_with_storage_conditions() -> None:
    t = table(analyze("CREATE TABLE t (k INT, v CHAR(2)) IN ((R1) k <= 10, (R2) k <= 20, (R3))"))
    p = t.options.partitioning
    assert p is not None and p.kind == "key_range_condition" and p.columns == ("k",)
    assert [(x.rdarea, x.bound) for x in p.partitions] == [
        ("R1", "k <= 10"),
        ("R2", "k <= 20"),
        ("R3", None),
    ]
    assert t.options.rdareas == ("R1", "R2", "R3")


def test_key_range_with_boundaries() -> None:
    t = table(analyze("CREATE TABLE t (k INT) PARTITIONED BY k IN ((R1) -5, (R2) 100, (R3))"))
    p = t.options.partitioning
    assert p is not None and p.kind == "key_range_boundary"
    assert [(x.rdarea, x.bound) for x in p.partitions] == [
        ("R1", "-5"),
        ("R2", "100"),
        ("R3", None),
    ]


@pytest.mark.parametrize(("fix", "kind"), [("", "hash"), ("FIX ", "fix_hash")])
def test_hash(fix: str, kind: str) -> None:
    t = table(analyze(f"CREATE TABLE t (a INT, b INT) {fix}HASH HASHB BY a, b IN (R1, R2)"))
    p = t.options.partitioning
    assert p is not None and (p.kind, p.hash_function, p.columns) == (kind, "HASHB", ("a", "b"))
    assert t.options.rdareas == ("R1", "R2")


def test_matrix() -> None:
    sql = (
        "CREATE TABLE m (d DATE, s CHAR(4)) PARTITIONED BY MULTIDIM "
        "(d ('2005-04-01'), s (100, 200)) IN ((R11, R12, R13), (R21, R22, R23))"
    )
    p = table(analyze(sql)).options.partitioning
    assert p is not None and p.kind == "matrix" and len(p.partitions) == 6
    assert [(d.kind, d.columns, d.boundaries) for d in p.dimensions] == [
        ("key_range_boundary", ("d",), ("'2005-04-01'",)),
        ("key_range_boundary", ("s",), ("100", "200")),
    ]


# ---------------------------------------------------------------- column options


def test_column_options() -> None:
    sql = """CREATE TABLE t
      (a CHAR(10) SUPPRESS,
       b MVARCHAR(300) NO SPLIT,
       c BLOB(1M) IN ((L1), (L2)) RECOVERY PARTIAL,
       d BLOB(1M) RECOVERY,
       e CHAR(3) CHARACTER SET MASTER.EBCDIK,
       f DATE NOT NULL WITH DEFAULT,
       g TIMESTAMP(3) DEFAULT CURRENT TIMESTAMP(3),
       h INTEGER UNIQUE REFERENCES other (id))
      IN ((R1) a < 'M', (R2))"""
    t = table(analyze(sql))
    a, b, c, d, e, f, g, _ = t.columns
    assert a.suppress and not a.no_split
    assert b.no_split
    assert (c.lob_rdareas, c.recovery) == (("L1", "L2"), "PARTIAL")
    assert d.recovery == "ALL"
    assert e.character_set == "EBCDIK"
    assert not f.nullable and ("with_default", "true") in f.options
    assert g.default == "CURRENT TIMESTAMP(3)"
    kinds = {(x.kind.value, x.columns) for x in t.constraints}
    assert {("unique", ("h",)), ("foreign_key", ("h",))} <= kinds
    assert a.span is not None and sql[a.span.start : a.span.end] == "a CHAR(10) SUPPRESS"


# ---------------------------------------------------------- abstract data types


ADT = """CREATE TYPE t_ADDR (ZIP CHAR(7), CITY MVARCHAR(40));
CREATE TYPE t_PERSON (PUBLIC NAME NVARCHAR(20), PRIVATE HOME t_ADDR);
CREATE TYPE t_EMP UNDER t_PERSON (EMPNO CHAR(6), PHOTO BLOB(64K));
CREATE TABLE staff (id INT, who t_EMP ALLOCATE (PHOTO IN ((L1), (L2)))) IN ((R1) id < 10, (R2));
"""


def test_abstract_data_types_with_inheritance() -> None:
    result = analyze(ADT)
    assert result.ok and codes(result) == []
    person = next(u for u in result.user_types if u.name.name == "t_PERSON")
    assert person.base.family == "adt" and person.under is None
    assert [(a.name, a.type.declared) for a in person.attributes] == [
        ("NAME", "NVARCHAR(20)"),
        ("HOME", "t_ADDR"),
    ]
    assert ("encapsulation", "PRIVATE") in person.attributes[1].options
    emp = next(u for u in result.user_types if u.name.name == "t_EMP")
    assert emp.under is not None and emp.under.name == "t_PERSON"
    who = table(result).columns[1]
    # an ADT column keeps its type; the chain (own type first) carries the attributes
    assert (who.type.declared, who.type.family, who.user_type) == ("t_EMP", "adt", "t_EMP")
    assert [u.name.name for u in who.adt] == ["t_EMP", "t_PERSON"]
    home = who.adt[1].attributes[1]
    assert home.type.family == "adt" and [u.name.name for u in home.adt] == ["t_ADDR"]
    assert [(x.attribute, x.rdareas) for x in who.attribute_rdareas] == [("PHOTO", ("L1", "L2"))]
    assert from_dict(FileResult, to_dict(result)) == result


def test_abstract_data_type_in_another_file(tmp_path: Path) -> None:
    (tmp_path / "types.sql").write_text(
        "CREATE TYPE t_X (A INTEGER, B MCHAR(4));\n", encoding="utf-8"
    )
    (tmp_path / "tables.sql").write_text(
        "CREATE TABLE t (c t_X) IN RD01 PCTFREE = 10;\n", encoding="utf-8"
    )
    results, _ = analyze_paths([str(tmp_path)], Options(dialect="hirdb"))
    by_name = {Path(r.path).name: r for r in results}
    column = by_name["tables.sql"].tables[0].columns[0]
    assert column.type.family == "adt" and [a.name for a in column.adt[0].attributes] == ["A", "B"]
    assert "T001" not in codes(by_name["tables.sql"])


def test_unknown_supertype_is_reported() -> None:
    result = analyze("CREATE TYPE t_C UNDER t_MISSING (A INT);\nCREATE TABLE t (c t_C);")
    (diag,) = result.diagnostics
    assert diag.code == "H007" and diag.severity is Severity.WARNING
    assert "t_MISSING" in diag.message
    assert table(result).columns[0].adt[0].name.name == "t_C"


def test_routines_in_create_type_are_a_clear_error() -> None:
    result = analyze("CREATE TYPE t (A INT, PUBLIC FUNCTION f (x INT) RETURNS INT)")
    assert not result.ok and "routine definitions" in result.diagnostics[0].message


# ------------------------------------------------------------------------ indexes


def test_create_index_is_kept() -> None:
    result = analyze_bytes("i.sql", (FIXTURES / "indexes.sql").read_bytes())
    assert result.ok and result.dialect == "hirdb"
    assert [s.kind for s in result.skipped] == []
    first, second, third = result.indexes
    assert (first.name, first.unique, first.columns, str(first.table)) == (
        "IX_ACCOUNT",
        True,
        ("ACCOUNT_NO",),
        "ACCOUNTS",
    )
    assert (first.rdareas, first.pctfree) == (("RD_IX01", "RD_IX02", "RD_IX03"), 30)
    assert (second.columns, second.rdareas, second.options) == (
        ("OPENED", "BRANCH"),
        ("RD_IX04",),
        ("UNBALANCED SPLIT",),
    )
    assert third.options == ("EMPTY", "EXCEPT VALUES (NULL)")


# --------------------------------------------------------------------- bad input


def test_broken_fixture_reports_each_problem_and_keeps_the_rest() -> None:
    path = FIXTURES / "broken_statement.sql"
    text = path.read_text(encoding="utf-8")
    result = analyze_bytes(str(path), path.read_bytes())
    assert result.dialect == "hirdb"
    names = [t.name.name for t in result.tables]
    # the readable statements are kept, even those HiRDB would reject
    assert names == [
        "GOOD_BEFORE",
        "NO_COUNT",
        "FIX_BLOB",
        "BAD_PCTFREE",
        "UNKNOWN_ADT",
        "BAD_HASH",
        "GOOD_AFTER",
    ]
    found = {(d.code, text[d.span.start : d.span.end]) for d in result.diagnostics if d.span}
    assert ("H001", "ARRAY[]") in found
    assert ("H002", "BLOB(1M)") in found
    assert ("H004", "100") in found and ("H004", "60") in found
    assert ("T001", "OWNER t_NOWHERE") in found
    assert ("H005", "HASH9") in found
    assert {d.code for d in result.diagnostics} >= {"P001"}
    p001 = [d for d in result.diagnostics if d.code == "P001"]
    assert [d.span.line for d in p001 if d.span] == [26, 30]
    for d in result.diagnostics:
        assert d.span is not None
        assert d.source_line is not None or d.severity is Severity.WARNING
    # the bad values are kept as written, never clamped
    bad = table(result, "BAD_PCTFREE").options
    assert (bad.pctfree_unused, bad.pctfree_free_pages) == (100, 60)
    tags = table(result, "NO_COUNT").columns[1].type
    assert (tags.name, tags.declared, tags.element_count) == (
        "VARCHAR",
        "VARCHAR(10) ARRAY[]",
        None,
    )


@pytest.mark.parametrize(
    ("sql", "code", "offending"),
    [
        ("CREATE TABLE t (a INT ARRAY)", "H001", "ARRAY"),
        ("CREATE TABLE t (a INT ARRAY[0])", "H001", "ARRAY[0]"),
        ("CREATE FIX TABLE t (a VARCHAR(5))", "H002", "VARCHAR(5)"),
        ("CREATE FIX TABLE t (a MVARCHAR(5))", "H002", "MVARCHAR(5)"),
        ("CREATE FIX TABLE t (a t_ADT)", "H002", "t_ADT"),
        ("CREATE FIX TABLE t (a INT ARRAY[3])", "H003", "INT ARRAY[3]"),
        ("CREATE TABLE t (a INT) PCTFREE = 100", "H004", "100"),
        ("CREATE TABLE t (a INT) PCTFREE = (10, 51)", "H004", "51"),
        ("CREATE TABLE t (a INT) HASH HASH7 BY a IN (R1, R2)", "H005", "HASH7"),
        ("CREATE TABLE t (a NCHAR(2) CHARACTER SET EBCDIK)", "H006", "CHARACTER SET EBCDIK"),
        ("CREATE SHARE FIX TABLE t (a INT) HASH HASH1 BY a IN (R1, R2)", "H008", None),
        ("CREATE SHARE FIX TABLE t (a INT) IN (R1, R2)", "H008", "IN (R1, R2)"),
    ],
)
def test_hirdb_rejections_are_diagnostics(sql: str, code: str, offending: str | None) -> None:
    result = analyze(sql)
    assert len(result.tables) == 1, result.diagnostics
    found = [d for d in result.diagnostics if d.code == code]
    assert found, result.diagnostics
    assert found[0].severity is Severity.ERROR and found[0].span is not None
    if offending is not None:
        assert sql[found[0].span.start : found[0].span.end] == offending


def test_valid_values_raise_nothing() -> None:
    ok = analyze(
        "CREATE SHARE FIX TABLE t (a INT, b CHAR(2), c NCHAR(3)) IN RD "
        "PCTFREE = (99, 50);\nCREATE TABLE u (a INT) FIX HASH HASHF BY a IN (R1, R2);"
    )
    assert ok.ok and ok.diagnostics == ()


@pytest.mark.parametrize(
    "sql",
    [
        "CREATE TABLE t (a INT) IN",
        "CREATE TABLE t (a INT) PCTFREE 10",
        "CREATE TABLE t (a INT) LOCK TABLE",
        "CREATE TABLE t (a INT) PARTITIONED BY a IN (R1 10)",
        "CREATE TABLE t (a INT) HASH HASH1 BY a",
        "CREATE TABLE t (a INT) COMPRESSED",
        "CREATE GLOBAL TEMPORARY TABLE t (a INT) ON COMMIT KEEP ROWS",
        "CREATE INDEX i ON t (a) PCTFREE = 10 CLUSTER",
    ],
)
def test_syntax_errors_point_into_the_statement(sql: str) -> None:
    text = "CREATE TABLE ok1 (a INT) IN RD;\n" + sql + ";\nCREATE TABLE ok2 (b INT) IN RD;\n"
    result = analyze(text)
    assert [t.name.name for t in result.tables] == ["ok1", "ok2"]
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert errors and all(d.span is not None and d.span.line == 2 for d in errors)


# ---------------------------------------------------------------------- detection


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.sql")), ids=lambda p: p.name)
def test_hirdb_fixtures_are_detected(path: Path) -> None:
    assert detect(path.read_text(encoding="utf-8")).dialect == "hirdb"


@pytest.mark.parametrize(
    "path",
    sorted(
        p for d in ("tsql", "teradata", "sybase") for p in (ROOT / "fixtures" / d).glob("*.sql")
    ),
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_other_fixtures_are_not_hirdb(path: Path) -> None:
    choice = detect(path.read_text(encoding="utf-8", errors="replace"))
    assert choice.dialect != "hirdb", choice.evidence


# ------------------------------------------------------------------------- config


def test_rdarea_config(tmp_path: Path) -> None:
    (tmp_path / "ddlaudit.toml").write_text(
        "[rdareas.RU01]\npage_length = 8192\nsegment_size = 100\n"
        "[rdareas.RD_IX01]\npage_length = 30720\nsegment_size = 1\n",
        encoding="utf-8",
    )
    config = load(start=str(tmp_path))
    assert config.rdarea("ru01") == Rdarea("RU01", 8192, 100)
    assert config.rdarea("RD_IX01") == Rdarea("RD_IX01", 30720, 1)
    assert config.rdarea("other") is None


def test_rdarea_config_in_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[tool.ddlaudit.rdareas.RU01]\npage_length = 4096\nsegment_size = 10\n",
        encoding="utf-8",
    )
    assert load(start=str(tmp_path)).rdareas == (Rdarea("RU01", 4096, 10),)


def test_rdarea_page_length_off_2048_steps_is_accepted(tmp_path: Path) -> None:
    # The manual documents only the range (D22); the sizing warns with S033 instead.
    path = tmp_path / "ddlaudit.toml"
    path.write_text("[rdareas.RU01]\npage_length = 5000\nsegment_size = 10\n", encoding="utf-8")
    config = load(str(path))
    assert config.rdareas == (Rdarea("RU01", 5000, 10),)
    assert config.sizing.hirdb.rdareas == (("RU01", 5000, 10),)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("page_length = 2048\nsegment_size = 10", "page_length must be 4096-30720"),
        ("page_length = 32768\nsegment_size = 10", "page_length must be 4096-30720"),
        ("page_length = '4096'\nsegment_size = 10", "page_length"),
        ("page_length = 4096\nsegment_size = 0", "segment_size must be 1-16000"),
        ("page_length = 4096\nsegment_size = 16001", "segment_size must be 1-16000"),
        ("page_length = 4096", "segment_size"),
        ("page_length = 4096\nsegment_size = 10\npctfree = 5", "unknown key"),
    ],
)
def test_rdarea_config_is_validated(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "ddlaudit.toml"
    path.write_text(f"[rdareas.RU01]\n{body}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        load(str(path))


# -------------------------------------------------------------------- round trip


@dataclass(frozen=True)
class Expect:
    text: str
    name: str
    family: str
    length: int | None = None
    precision: int | None = None
    scale: int | None = None
    count: int | None = None


def _sized(template: str, name: str, family: str, hi: int) -> st.SearchStrategy[Expect]:
    return st.integers(1, hi).map(lambda n: Expect(template.format(n), name, family, length=n))


def _decimal(template: str, name: str) -> st.SearchStrategy[Expect]:
    return st.integers(1, 38).flatmap(
        lambda p: st.integers(0, p).map(
            lambda s: Expect(template.format(p, s), name, "decimal", precision=p, scale=s)
        )
    )


SCALARS = st.one_of(
    st.sampled_from(
        [
            Expect("INTEGER", "INTEGER", "integer"),
            Expect("SMALLINT", "SMALLINT", "integer"),
            Expect("FLOAT", "FLOAT", "float"),
            Expect("DOUBLE PRECISION", "DOUBLE PRECISION", "float"),
            Expect("SMALLFLT", "SMALLFLT", "float"),
            Expect("REAL", "REAL", "float"),
            Expect("DATE", "DATE", "date"),
            Expect("TIME", "TIME", "time"),
            Expect("INTERVAL YEAR TO DAY", "INTERVAL YEAR TO DAY", "interval"),
            Expect("INTERVAL HOUR TO SECOND", "INTERVAL HOUR TO SECOND", "interval"),
        ]
    ),
    _decimal("DECIMAL({},{})", "DECIMAL"),
    _decimal("LARGE DECIMAL({},{})", "LARGE DECIMAL"),
    _decimal("NUMERIC({},{})", "NUMERIC"),
    _sized("CHAR({})", "CHAR", "char", 30000),
    _sized("VARCHAR({})", "VARCHAR", "varchar", 32000),
    _sized("NCHAR({})", "NCHAR", "nchar", 15000),
    _sized("NATIONAL CHARACTER({})", "NATIONAL CHARACTER", "nchar", 15000),
    _sized("NVARCHAR({})", "NVARCHAR", "nvarchar", 16000),
    _sized("MCHAR({})", "MCHAR", "char", 30000),
    _sized("MVARCHAR({})", "MVARCHAR", "varchar", 32000),
    _sized("BINARY({})", "BINARY", "binary", 32000),
    st.integers(0, 6).map(lambda p: Expect(f"TIMESTAMP({p})", "TIMESTAMP", "timestamp", scale=p)),
    st.tuples(st.integers(1, 2000), st.sampled_from(["", "K", "M", "G"])).map(
        lambda nu: Expect(
            f"BLOB({nu[0]}{nu[1]})",
            "BLOB",
            "blob",
            length=nu[0] * {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3}[nu[1]],
        )
    ),
)


@st.composite
def hirdb_types(draw: st.DrawFn) -> Expect:
    base: Expect = draw(SCALARS)
    if base.family != "blob" and draw(st.booleans()) and draw(st.booleans()):
        n = draw(st.integers(1, 30000))
        return Expect(
            f"{base.text} ARRAY[{n}]",
            base.name,
            base.family,
            base.length,
            base.precision,
            base.scale,
            count=n,
        )
    return base


OPTIONS = st.sampled_from(["", " NOT NULL", " SUPPRESS", " NO SPLIT", " NOT NULL WITH DEFAULT"])


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.from_regex(r"[A-Z][A-Z0-9_]{0,10}", fullmatch=True).map(lambda s: "C_" + s),
            hirdb_types(),
            OPTIONS,
        ),
        min_size=1,
        max_size=12,
        unique_by=lambda c: c[0],
    )
)
def test_hirdb_columns_round_trip(columns: list[tuple[str, Expect, str]]) -> None:
    lines = [f"    {name} {typ.text}{option}" for name, typ, option in columns]
    text = "CREATE TABLE ADMIN.GENERATED (\n" + ",\n".join(lines) + "\n) IN RD01 PCTFREE = 10;\n"
    result = analyze_bytes("gen.sql", text.encode(), Options(dialect="hirdb"))
    assert result.ok, result.diagnostics
    (t,) = result.tables
    assert [c.name for c in t.columns] == [name for name, _, _ in columns]
    for i, (col, (name, typ, option)) in enumerate(zip(t.columns, columns, strict=True)):
        assert col.position == i + 1
        assert (col.type.declared, col.type.name, col.type.family) == (
            typ.text,
            typ.name,
            typ.family,
        )
        assert (col.type.length, col.type.precision, col.type.scale) == (
            typ.length,
            typ.precision,
            typ.scale,
        )
        assert col.type.element_count == typ.count
        assert col.nullable == ("NOT NULL" not in option)
        assert col.suppress == (option == " SUPPRESS")
        assert col.no_split == (option == " NO SPLIT")
        assert col.span is not None and col.span.line == i + 2 and col.span.column == 5
        assert text[col.span.start : col.span.end] == f"{name} {typ.text}{option}"
    assert from_dict(FileResult, to_dict(result)) == result


def test_generator_writes_hirdb_back() -> None:
    sql = "CREATE TABLE t (a INT SUPPRESS) FIX HASH HASH1 BY a IN (R1, R2) PCTFREE = (10, 20)"
    out = parse(sql).sql(dialect=GRAMMAR.dialect)
    assert "FIX HASH HASH1 BY a IN (R1, R2)" in out and "PCTFREE = (10, 20)" in out
    assert isinstance(parse(sql).args["properties"].expressions[0], nodes.RowPartitionProperty)
