"""Result types of computed columns in derived tables (issue 31): arithmetic,
concatenation, CASE / COALESCE and Teradata's aggregates, each expected value worked from
the manual's rule quoted beside it, not from ddlaudit's output.

Sources: SQL Server "Precision, scale, and length (Transact-SQL)", "Data type precedence
(Transact-SQL)", "+ (Addition)", CASE / COALESCE (Transact-SQL); Teradata SQL Functions,
Expressions, and Predicates: "Binary Arithmetic Result Data Types", "DECIMAL Result Data
Type", Concatenation Operator "Result Type and Attributes", "Rules for the CASE Expression
Result Type", SUM "Return Values", AVG "Result Type and Attributes", COUNT "Result Type and
Attributes".
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from analyzer.cli import main
from analyzer.config import Config
from analyzer.core import Options, analyze_bytes
from analyzer.ir import DataType, FileResult, Table
from analyzer.result_types import arithmetic, common, make
from analyzer.settings import SizingSettings, TeradataSettings

MS = Options(dialect="tsql")


def _td(max_decimal: int = 0, mode: str = "teradata") -> Options:
    settings = TeradataSettings(max_decimal=max_decimal, transaction_mode=mode)
    return Options(dialect="teradata", config=Config(sizing=SizingSettings(teradata=settings)))


def _table(result: FileResult, name: str) -> Table:
    [found] = [t for t in result.tables if t.name.name == name]
    return found


def _types(result: FileResult, name: str) -> dict[str, tuple[object, ...]]:
    return {
        c.name: (c.type.declared, c.nullable, c.derived_from) for c in _table(result, name).columns
    }


MS_SRC = """CREATE TABLE dbo.t (
    i int NOT NULL, b bigint NOT NULL, d decimal(12,2) NOT NULL, e decimal(10,4) NOT NULL,
    big decimal(38,10) NOT NULL, m money NOT NULL, f float NOT NULL, r real NOT NULL,
    v varchar(10) NOT NULL, n nvarchar(20) NOT NULL, c char(5) NOT NULL, dt datetime NOT NULL,
    w nvarchar(3000) NOT NULL, x varchar(6000) NOT NULL
);
GO
"""


def test_tsql_arithmetic_precision_scale_and_precedence() -> None:
    sql = MS_SRC + (
        "SELECT i + b AS ib, d + i AS di, d * e AS de, d / e AS dq, d % e AS dm,"
        " big + big AS bb_add, big * big AS bb_mul, big / big AS bb_div,"
        " m + i AS mi, f * i AS fi, r + i AS ri, r + f AS rf, -d AS neg,"
        " v + c AS vc, n + v AS nv, w + x AS wx, x + x AS xx, dt + 1 AS dt1, v + i AS bad"
        " INTO dbo.a FROM dbo.t;\nGO\n"
    )
    r = analyze_bytes("t.sql", sql.encode(), MS)
    got = _types(r, "a")
    # Quotes: "Precision, scale, and length (Transact-SQL)", its table (e1 op e2), the
    # table's footnote (*) and the two paragraphs after it, as in the page's source
    # (MicrosoftDocs/sql-docs, docs/t-sql/data-types/precision-scale-and-length-transact-sql.md).
    expected = {
        # "If an operator has two expressions with different numeric data types, the rules
        # of data type precedence define the data type of the result.": bigint > int
        "ib": ("BIGINT", True, "arithmetic"),
        # "e1 + e2 | max(s1, s2) + max(p1-s1, p2-s2) + 1 | max(s1, s2)" = 2 + 10 + 1, 2;
        # "The int data type has a precision of 10, a length of 4, and a scale of 0."
        "di": ("DECIMAL(13,2)", True, "arithmetic"),
        # "e1 * e2 | p1 + p2 + 1 | s1 + s2" = 23, 6
        "de": ("DECIMAL(23,6)", True, "arithmetic"),
        # "e1 / e2 | p1 - s1 + s2 + max(6, s1 + p2 + 1) | max(6, s1 + p2 + 1)"
        # = 12-2+4+13 = 27, 13
        "dq": ("DECIMAL(27,13)", True, "arithmetic"),
        # "e1 % e2 | min(p1-s1, p2 -s2) + max( s1,s2 ) | max(s1, s2)" = 6 + 4, 4
        "dm": ("DECIMAL(10,4)", True, "arithmetic"),
        # + gives p = 10 + 28 + 1 = 39: "When a result precision is greater than 38, it's
        # reduced to 38"; "In addition and subtraction operations, we need max(p1 - s1, p2 -
        # s2) places to store integral part of the decimal number." "Resulting scale is
        # MIN(precision, 38) - max(p1 - s1, p2 - s2)" = 38 - 28 = 10
        "bb_add": ("DECIMAL(38,10)", True, "arithmetic"),
        # * gives p = 77, s = 20: "In multiplication and division operations, we need
        # precision - scale places to store the integral part of the result." 77 - 20 = 57:
        # "The scale will be set to 6 if it's greater than 6 and if the integral part is
        # greater than 32. In this case, both integral part and scale would be reduced and
        # resulting type is decimal(38,6)."
        "bb_mul": ("DECIMAL(38,6)", True, "arithmetic"),
        # / gives p = 38-10+10+max(6, 49) = 87, s = 49; integral part 87 - 49 = 38 > 32 and
        # scale > 6: the same rule, decimal(38,6)
        "bb_div": ("DECIMAL(38,6)", True, "arithmetic"),
        "mi": ("MONEY", True, "arithmetic"),  # money > int in precedence
        "fi": ("FLOAT", True, "arithmetic"),
        "ri": ("REAL", True, "arithmetic"),
        "rf": ("FLOAT", True, "arithmetic"),  # float > real
        "neg": ("decimal(12,2)", True, "arithmetic"),
        # "When concatenating two char, varchar, binary, or varbinary expressions, the
        # length of the resulting expression is the sum of the lengths of the two source
        # expressions, up to 8,000 bytes."; varchar > char in precedence
        "vc": ("VARCHAR(15)", True, "concatenation"),
        "nv": ("NVARCHAR(30)", True, "concatenation"),  # nvarchar > varchar
        # "When concatenating two nchar or nvarchar expressions, the length of the resulting
        # expression is the sum of the lengths of the two source expressions, up to 4,000
        # byte-pairs."
        "wx": ("NVARCHAR(4000)", True, "concatenation"),
        "xx": ("VARCHAR(8000)", True, "concatenation"),
        # + (Addition): a datetime plus a number of days; "Returns the data type of the
        # argument with the higher precedence"
        "dt1": ("datetime", True, "arithmetic"),
        "bad": ("", True, None),  # a string plus a number: not typed (P009)
    }
    assert got == expected
    [p009] = [d for d in r.diagnostics if d.code == "P009"]
    assert "v + i" in p009.message and "1 column(s)" in p009.message


def test_tsql_case_and_coalesce_highest_precedence() -> None:
    sql = MS_SRC + (
        "SELECT CASE WHEN i > 0 THEN d ELSE i END AS c1, COALESCE(v, n) AS c2,"
        " CASE WHEN i > 0 THEN 'a' ELSE 'abc' END AS c3, COALESCE(d, e) AS c4,"
        " CASE WHEN i > 0 THEN f ELSE d END AS c5, CASE WHEN i > 0 THEN v END AS c6"
        " INTO dbo.k FROM dbo.t;\nGO\n"
    )
    r = analyze_bytes("t.sql", sql.encode(), MS)
    assert _types(r, "k") == {
        # CASE: "Returns the highest precedence type from the set of types in
        # result_expressions and the optional else_result_expression"; decimal by the
        # UNION row: p = max(s1, s2) + max(p1-s1, p2-s2) = 2 + 10, s = 2 (D180)
        "c1": ("DECIMAL(12,2)", True, "CASE"),
        # COALESCE "Returns the data type of expression with the highest data type
        # precedence"; the longer length; "COALESCE with non-null parameters is considered
        # to be NULL"
        "c2": ("NVARCHAR(20)", True, "COALESCE"),
        "c3": ("VARCHAR(3)", True, "CASE"),
        # p = max(2, 4) + max(10, 6) = 14, s = 4
        "c4": ("DECIMAL(14,4)", True, "COALESCE"),
        "c5": ("FLOAT", True, "CASE"),
        "c6": ("varchar(10)", True, "CASE"),  # no ELSE: NULL when nothing matches
    }
    assert not [d for d in r.diagnostics if d.code == "P009"]


TD_SRC = """CREATE TABLE s.t (
    b BYTEINT NOT NULL, sm SMALLINT NOT NULL, i INTEGER NOT NULL, bi BIGINT NOT NULL,
    d DECIMAL(12,2) NOT NULL, e DECIMAL(18,4) NOT NULL, w DECIMAL(20,2) NOT NULL,
    f FLOAT NOT NULL, dt DATE NOT NULL,
    c1 CHAR(3) CHARACTER SET LATIN NOT NULL,
    c2 CHAR(4) CHARACTER SET UNICODE CASESPECIFIC NOT NULL,
    c3 CHAR(5) CHARACTER SET LATIN NOT NULL,
    v VARCHAR(10) CHARACTER SET LATIN NOT NULL
) PRIMARY INDEX (i);
"""


def test_teradata_arithmetic_and_concatenation() -> None:
    sql = TD_SRC + (
        "CREATE TABLE s.a AS (SELECT b + sm AS bs, i * bi AS ib, d + i AS di, i * e AS ie,"
        " d + e AS de, d * e AS dme, d / e AS dde, w + d AS wd, f + i AS fi, dt + 1 AS dt1,"
        " c1 || c3 AS cc, c1 || c2 AS cu, v || c1 AS vc, d / i AS dqi, d MOD sm AS dmi,"
        " w / b AS wqb, bi / d AS bqd FROM s.t) WITH NO DATA;"
    )
    r = analyze_bytes("t.sql", sql.encode(), _td())
    # Quotes: SQL Functions, Expressions, and Predicates, "Binary Arithmetic Result Data
    # Types" and its "DECIMAL Result Data Type" (16.20, 17.10, 17.20: the same words).
    assert _types(r, "a") == {
        # BYTEINT / SMALLINT / INTEGER operands give INTEGER, BIGINT gives BIGINT (D180; the
        # page's rows for two integer operands were not retrieved, so not quoted here)
        "bs": ("INTEGER", True, "arithmetic"),
        "ib": ("BIGINT", True, "arithmetic"),
        # "DECIMAL(m,n) | BYTEINT SMALLINT INTEGER BIGINT | + - * | DECIMAL(p,n)"; "IF
        # MaxDecimal is … | AND the number of digits in the decimal operand is … | THEN p is
        # …": "0 or 15 | ≤ 15 | 15" (MaxDecimal 0, the DBS Control default; m = 12)
        "di": ("DECIMAL(15,2)", True, "arithmetic"),
        # "BYTEINT SMALLINT INTEGER BIGINT | DECIMAL(k,j) | * / + - MOD | DECIMAL(p,j)";
        # k = 18: "> 15 and ≤18 | 18"
        "ie": ("DECIMAL(18,4)", True, "arithmetic"),
        # "DECIMAL(m,n) | DECIMAL(k,j) | + - | DECIMAL(min(p, (1+max(n,j)+max(m -n,k
        # -j))),max(n,j))" = min(18, 1+4+14), 4; "the value of p ... depends on the value
        # specified for MaxDecimal in DBSControl and the number of digits in the
        # DECIMAL(m,n) and DECIMAL(k,j) operands": "0 or 15 | m and k ≤ 15 | 15", "(m or k
        # > 15) and (m and k ≤" ... (the rest of that table was not retrieved; 18 here as
        # the one-operand table gives for 18 digits, D180)
        "de": ("DECIMAL(18,4)", True, "arithmetic"),
        # "* | DECIMAL(min(p,m +k),(n +j))" = min(18, 30), 6
        "dme": ("DECIMAL(18,6)", True, "arithmetic"),
        # "/ MOD | DECIMAL(p,max(n,j))"
        "dde": ("DECIMAL(18,4)", True, "arithmetic"),
        # m = 20: p = 38 (the one-operand table's "> 18 | 38"; the two-operand rows for
        # "> 18" were not retrieved, D180); 1 + 2 + max(18, 10) = 21
        "wd": ("DECIMAL(21,2)", True, "arithmetic"),
        # "For example, before an INTEGER value is added to a FLOAT value, the INTEGER value
        # is converted to FLOAT, the data type of the result."
        "fi": ("FLOAT", True, "arithmetic"),
        # "DATE | BYTEINT SMALLINT INTEGER BIGINT | + - | DATE"
        "dt1": ("DATE", True, "arithmetic"),
        # concatenation, n the sum of the lengths: "both CHARACTER (with same server
        # character set): CHARACTER(n)"; "(with different server character sets):
        # VARCHAR(n)"; "either VARCHAR: VARCHAR(n)"
        "cc": ("CHAR(8)", True, "concatenation"),
        "cu": ("VARCHAR(7)", True, "concatenation"),
        "vc": ("VARCHAR(13)", True, "concatenation"),
        # DECIMAL / and MOD an integer: "DECIMAL(m,n) | BYTEINT SMALLINT INTEGER BIGINT"
        # lists "+ - *" only; read as the mirror row "BYTEINT SMALLINT INTEGER BIGINT |
        # DECIMAL(k,j) | * / + - MOD | DECIMAL(p,j)" (D196): DECIMAL(p,n), p from m = 12
        "dqi": ("DECIMAL(15,2)", True, "arithmetic"),
        "dmi": ("DECIMAL(15,2)", True, "arithmetic"),
        "wqb": ("DECIMAL(38,2)", True, "arithmetic"),  # m = 20: "> 18 | 38"
        "bqd": ("DECIMAL(15,2)", True, "arithmetic"),  # the row itself: DECIMAL(p,j)
    }
    cols = {c.name: c for c in _table(r, "a").columns}
    # "CHARACTER(4) CHARACTER SET UNICODE || CHARACTER(3) CHARACTER SET LATIN" gives
    # "VARCHAR(7) CHARACTER SET UNICODE"; "When either argument is a character string that
    # specifies the CASESPECIFIC attribute, the result also specifies the CASESPECIFIC
    # attribute"
    assert (cols["cu"].character_set, cols["cu"].case_specific) == ("UNICODE", True)
    assert cols["cc"].character_set == "LATIN"


def test_teradata_max_decimal_and_transaction_mode_settings() -> None:
    sql = TD_SRC + (
        "CREATE TABLE s.g AS (SELECT d + i AS di, SUM(d) AS sd, SUM(w) AS sw, SUM(b) AS sb,"
        " SUM(bi) AS sbi, AVG(i) AS ai, COUNT(*) AS n FROM s.t) WITH NO DATA;"
    )
    default = _types(analyze_bytes("t.sql", sql.encode(), _td()), "g")
    assert default == {
        "di": ("DECIMAL(15,2)", True, "arithmetic"),
        # SUM "DECIMAL(n,m): DECIMAL(p,m)": "If MaxDecimal ... is 0 or 15 and n <= 15, then
        # p = 15"; "n > 18, then p = 38"
        "sd": ("DECIMAL(15,2)", True, "SUM"),
        "sw": ("DECIMAL(38,2)", True, "SUM"),
        "sb": ("INTEGER", True, "SUM"),  # "BYTEINT or SMALLINT: INTEGER"
        "sbi": ("BIGINT", True, "SUM"),  # "Other than ...: Same as the operand"
        "ai": ("FLOAT", True, "AVG"),  # AVG "Data Type: REAL"
        "n": ("INTEGER", True, "COUNT"),  # COUNT, Teradata mode: "INTEGER"
    }
    wide = _types(analyze_bytes("t.sql", sql.encode(), _td(18, "ansi")), "g")
    # MaxDecimal 18: "n <= 18, then p = 18"; COUNT in ANSI mode: "18, then the result type
    # is DECIMAL(18,0)"
    assert (wide["di"][0], wide["sd"][0], wide["n"][0]) == (
        "DECIMAL(18,2)",
        "DECIMAL(18,2)",
        "DECIMAL(18,0)",
    )
    most = _types(analyze_bytes("t.sql", sql.encode(), _td(38, "ansi")), "g")
    assert (most["di"][0], most["sd"][0], most["n"][0]) == (
        "DECIMAL(38,2)",
        "DECIMAL(38,2)",
        "DECIMAL(38,0)",
    )


def test_teradata_case_result_type_rules() -> None:
    sql = TD_SRC + (
        "CREATE TABLE s.k AS (SELECT CASE WHEN i > 0 THEN b ELSE i END AS k1,"
        " CASE WHEN i > 0 THEN f ELSE i END AS k2, CASE WHEN i > 0 THEN d ELSE d END AS k3,"
        " COALESCE(sm, b) AS k4, CASE WHEN i > 0 THEN d ELSE 0 END AS k5,"
        " COALESCE(bi, e, sm) AS k6, CASE WHEN i > 0 THEN d ELSE e END AS k7 FROM s.t)"
        " WITH NO DATA;"
    )
    r = analyze_bytes("t.sql", sql.encode(), _td())
    # SQL Functions, Expressions, and Predicates, "Rules for the CASE Expression Result
    # Type": "THEN/ELSE Expressions Having Mixed Data Types" (IF the THEN / ELSE clause
    # expressions … | THEN …) and "THEN/ELSE Expressions Having the Same Non-Character Data
    # Type"; COALESCE: "COALESCE is a shorthand expression for the following full CASE
    # expression"
    assert _types(r, "k") == {
        # "are a mix of BYTEINT, SMALLINT, INTEGER, and BIGINT data | the resulting type is
        # the largest type of any of the THEN/ELSE clause expressions"
        "k1": ("INTEGER", True, "CASE"),
        # "contain a FLOAT (approximate numeric) and no character strings | the CASE
        # expression returns a FLOAT result."
        "k2": ("FLOAT", True, "CASE"),
        # "If all of the THEN and ELSE expressions have the same non-character data type,
        # the result of the CASE expression is that type."
        "k3": ("DECIMAL(12,2)", True, "CASE"),
        "k4": ("SMALLINT", True, "COALESCE"),
        # "are composed only of mixed DECIMAL, BYTEINT, SMALLINT, INTEGER, and BIGINT data
        # | all are implicitly converted to FLOAT and the CASE expression returns a FLOAT
        # result." (0 is a BYTEINT literal, D174)
        "k5": ("FLOAT", True, "CASE"),
        "k6": ("FLOAT", True, "COALESCE"),
        # "are composed only of DECIMAL data | the CASE expression returns a DECIMAL
        # result.", its precision and scale referred to "Binary Arithmetic Result Data
        # Types" without an operator: not typed (D180)
        "k7": ("", True, None),
    }


def test_teradata_case_over_character_expressions() -> None:
    sql = TD_SRC + (
        "CREATE TABLE s.c AS (SELECT CASE WHEN i > 0 THEN c1 ELSE c3 END AS x1,"
        " CASE WHEN i > 0 THEN c1 ELSE v END AS x2, CASE WHEN i > 0 THEN c1 ELSE c2 END AS x3,"
        " CASE WHEN i > 0 THEN 'BIG' ELSE 'SMALL' END AS x4 FROM s.t) WITH NO DATA;"
    )
    r = analyze_bytes("t.sql", sql.encode(), _td())
    # "THEN/ELSE Character Type Expressions": "the length equal to the maximum length of the
    # different character data types"; "If the data types of all of the THEN/ELSE
    # expressions are CHARACTER (or CHAR), the result data type is CHARACTER. If one or more
    # expressions are VARCHAR ..., the result data type is VARCHAR"; "if the nonliteral
    # expressions have differing character sets, then ... the Unicode character set"
    got = {
        c.name: (c.type.declared, c.character_set, c.derived_from) for c in _table(r, "c").columns
    }
    assert got == {
        "x1": ("CHAR(5)", "LATIN", "CASE"),
        "x2": ("VARCHAR(10)", "LATIN", "CASE"),
        "x3": ("CHAR(4)", "UNICODE", "CASE"),
        "x4": ("VARCHAR(5)", None, "CASE"),  # literals: "'abc'" is VARCHAR(3) (D174)
    }


def test_max_decimal_setting_is_read_and_checked(tmp_path: Path) -> None:
    (tmp_path / "t.sql").write_text(
        TD_SRC + "CREATE TABLE s.a AS (SELECT d + i AS di FROM s.t) WITH NO DATA;\n",
        encoding="utf-8",
    )
    (tmp_path / "ddlaudit.toml").write_text("[size.teradata]\nmax_decimal = 38\n", "utf-8")
    args = ["parse", str(tmp_path / "t.sql"), "--dialect", "teradata"]
    args += ["--config", str(tmp_path / "ddlaudit.toml")]
    run = CliRunner().invoke(main, args)
    assert run.exit_code == 0, run.output
    assert " di " in run.output and "DECIMAL(38,2)" in run.output
    (tmp_path / "ddlaudit.toml").write_text("[size.teradata]\nmax_decimal = 17\n", "utf-8")
    bad = CliRunner().invoke(main, args)
    assert bad.exit_code == 2
    assert "max_decimal = 17" in bad.output


def test_tsql_convert_dateadd_and_window_aggregates() -> None:
    sql = MS_SRC + (
        "SELECT CONVERT(varchar(8), dt, 112) AS k, CONVERT(bigint, i) AS j,"
        " DATEADD(day, 30, dt) AS due, COUNT(*) OVER (PARTITION BY c) AS n,"
        " SUM(d) OVER (PARTITION BY c) AS s, DATEADD(day, 1, '2020-01-01') AS lit"
        " INTO dbo.cv FROM dbo.t;\nGO\n"
    )
    r = analyze_bytes("t.sql", sql.encode(), MS)
    assert _types(r, "cv") == {
        # CAST and CONVERT, "Return types": "Returns expression, translated to data_type";
        # nullable as the expression (NOT NULL columns here)
        "k": ("varchar(8)", False, "CONVERT"),
        "j": ("bigint", False, "CONVERT"),
        # DATEADD, "Return types": "The return data type is the data type of the date
        # argument, except for string literals"
        "due": ("datetime", True, "DATEADD"),
        # COUNT "Return types": int; SUM of decimal(p, s): decimal(38, s); OVER aside
        "n": ("INT", True, "COUNT"),
        "s": ("DECIMAL(38,2)", True, "SUM"),
        "lit": ("", True, None),  # a string literal date: not typed
    }


#: Teradata integer types and their ranges (SQL Data Types and Literals: BYTEINT -128 to
#: 127, SMALLINT -32768 to 32767, INTEGER -2,147,483,648 to 2,147,483,647, BIGINT -2**63 to
#: 2**63 - 1).
TD_INT_RANGES = {
    "BYTEINT": (-(2**7), 2**7 - 1),
    "SMALLINT": (-(2**15), 2**15 - 1),
    "INTEGER": (-(2**31), 2**31 - 1),
    "BIGINT": (-(2**63), 2**63 - 1),
}
td_integers = st.sampled_from(sorted(TD_INT_RANGES)).map(lambda n: make(n, "teradata"))
td_decimals = st.integers(1, 38).flatmap(
    lambda m: st.integers(0, m).map(lambda n: make(f"DECIMAL({m},{n})", "teradata"))
)


@given(
    st.sampled_from("+-*/%"),
    td_decimals,
    td_integers,
    st.booleans(),
    st.sampled_from((0, 15, 18, 38)),
)
def test_teradata_decimal_with_an_integer_holds_the_decimal_operand(
    op: str, dec: DataType, integer: DataType, decimal_left: bool, max_decimal: int
) -> None:
    # "DECIMAL(m,n) | BYTEINT SMALLINT INTEGER BIGINT | + - * | DECIMAL(p,n)" and "BYTEINT
    # SMALLINT INTEGER BIGINT | DECIMAL(k,j) | * / + - MOD | DECIMAL(p,j)" (/ and MOD with
    # the DECIMAL on the left: D196), p by MaxDecimal: "0 or 15 | ≤ 15 | 15", "> 15 and ≤18
    # | 18", "> 18 | 38", "18 | ≤ 18 | 18", "> 18 | 38", "38 | any value | 38". So the
    # result keeps the DECIMAL's scale and has at least its integral digits, whichever side
    # and operator, and p is one of the table's values.
    left, right = (dec, integer) if decimal_left else (integer, dec)
    found = arithmetic(op, left, right, "teradata", max_decimal)
    assert found is not None and found.family == "decimal"
    assert found.scale == dec.scale
    assert found.precision is not None and dec.precision is not None
    assert found.precision - found.scale >= dec.precision - (dec.scale or 0)
    assert found.precision in (
        (18, 38) if max_decimal == 18 else (38,) if max_decimal == 38 else (15, 18, 38)
    )


@given(st.lists(st.one_of(td_integers, td_decimals), min_size=1, max_size=6), st.randoms())
def test_teradata_case_over_integers_and_decimals(branches: list[DataType], rnd: object) -> None:
    # "Rules for the CASE Expression Result Type": the same type gives that type; "are
    # composed only of mixed DECIMAL, BYTEINT, SMALLINT, INTEGER, and BIGINT data | all are
    # implicitly converted to FLOAT"; "are a mix of BYTEINT, SMALLINT, INTEGER, and BIGINT
    # data | the resulting type is the largest type": a type holding every branch's values.
    found = common(branches, "teradata")
    shuffled = list(branches)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert common(shuffled, "teradata") == found  # the order of the branches does not matter
    families = {b.family for b in branches}
    if all(b == branches[0] for b in branches):
        assert found == branches[0]
    elif families == {"integer"}:
        assert found is not None and found.name in TD_INT_RANGES
        low, high = TD_INT_RANGES[found.name]
        assert all(
            low <= TD_INT_RANGES[b.name][0] and TD_INT_RANGES[b.name][1] <= high for b in branches
        )
    elif families == {"integer", "decimal"}:
        assert found is not None and found.declared == "FLOAT"
    else:  # DECIMALs of different precision or scale: not typed (D180)
        assert found is None


ASE_SRC = """create table dbo.t (
    ti tinyint not null, si smallint not null, i int not null, bi bigint not null,
    n numeric(12,2) not null, m numeric(10,4) not null, d decimal(12,2) not null,
    big numeric(38,10) not null, mo money not null, f float not null, r real not null,
    v varchar(10) not null
)
go
"""


def test_ase_arithmetic_hierarchy_precision_and_scale() -> None:
    sql = ASE_SRC + (
        "select si * i as si_i, ti + ti as tt, n + m as nm_add, n - m as nm_sub,"
        " n * m as nm_mul, n / m as nm_div, n + i as n_i, bi * n as bi_n, d * n as d_n,"
        " mo + i as mo_i, f * n as f_n, r + i as r_i, big * big as wide, n % m as nmod,"
        " mo + n as mon, v + i as vi\ninto dbo.a from dbo.t\ngo\n"
    )
    r = analyze_bytes("t.sql", sql.encode(), Options(dialect="sybase"))
    # Transact-SQL User's Guide (15.7), "Mixed-mode arithmetic and datatype hierarchy" and
    # "Determining precision and scale", Table 6-5 "Precision and scale after arithmetic
    # operations" (the same words in the 16.0 guide's "Determine Precision and Scale").
    assert _types(r, "a") == {
        # "qty is a smallint, which has a hierarchy of 20; royalty is an int, which has a
        # hierarchy of 18. Therefore, the datatype of the result is an int."
        "si_i": ("INT", True, "arithmetic"),
        "tt": ("TINYINT", True, "arithmetic"),
        # "n1 + n2 | max(s1, s2) + max(p1 -s1, p2 - s2) + 1 | max(s1, s2)" = 4 + 10 + 1, 4;
        # "n1 - n2" the same
        "nm_add": ("NUMERIC(15,4)", True, "arithmetic"),
        "nm_sub": ("NUMERIC(15,4)", True, "arithmetic"),
        # "n1 * n2 | s1 + s2 + (p1 - s1) + (p2 - s2) + 1 | s1 + s2" = 2+4+10+6+1, 6
        "nm_mul": ("NUMERIC(23,6)", True, "arithmetic"),
        # "n1 / n2 | max(s1 + p2 + 1, 6) + p1 - s1 + s2 | max(s1 + p2 + 1, 6)" = 13+10+4, 13
        # (the 16.0 Reference Manual prints another row: D198)
        "nm_div": ("NUMERIC(27,13)", True, "arithmetic"),
        # an int counted as numeric(10,0), a bigint as numeric(19,0) (D198): 2 + 10 + 1, 2;
        # 2 + 0 + 10 + 19 + 1, 2
        "n_i": ("NUMERIC(13,2)", True, "arithmetic"),
        "bi_n": ("NUMERIC(32,2)", True, "arithmetic"),
        # "numeric 7", "decimal 9": "The result value is assigned the datatype that is
        # closest to the top of the list."
        "d_n": ("NUMERIC(25,4)", True, "arithmetic"),
        "mo_i": ("MONEY", True, "arithmetic"),  # "money 11", "int 18"
        "f_n": ("FLOAT", True, "arithmetic"),  # "float 2"
        "r_i": ("REAL", True, "arithmetic"),  # "real 5"
        # not typed (D198): 77 digits, % of numerics, money with numeric, a string
        "wide": ("", True, None),
        "nmod": ("", True, None),
        "mon": ("", True, None),
        "vi": ("", True, None),
    }
    [p009] = [d for d in r.diagnostics if d.code == "P009"]
    assert "big * big, n % m, mo + n, v + i" in p009.message


ase_numerics = st.integers(1, 38).flatmap(
    lambda p: st.integers(0, p).map(lambda s: make(f"numeric({p},{s})", "sybase"))
)


@given(st.sampled_from("+-*/"), ase_numerics, ase_numerics)
def test_ase_numeric_result_holds_its_operands(op: str, a: DataType, b: DataType) -> None:
    # Table 6-5: + - * give a numeric that holds every value of both operands' types (as
    # many integral digits and as large a scale as each), / one that holds every value of
    # the dividend's type and at least 6 decimals ("max(s1 + p2 + 1, 6)"); a result of
    # more than 38 digits is not typed (D198).
    found = arithmetic(op, a, b, "sybase")
    (p1, s1), (p2, s2) = (a.precision or 0, a.scale or 0), (b.precision or 0, b.scale or 0)
    wanted = {
        "+": max(s1, s2) + max(p1 - s1, p2 - s2) + 1,
        "-": max(s1, s2) + max(p1 - s1, p2 - s2) + 1,
        "*": p1 + p2 + 1,
        "/": max(s1 + p2 + 1, 6) + p1 - s1 + s2,
    }[op]
    if wanted > 38:
        assert found is None
        return
    assert found is not None and found.name == "NUMERIC" and found.precision == wanted
    p, s = found.precision, found.scale or 0
    holds = [(p1, s1)] if op == "/" else [(p1, s1), (p2, s2)]
    assert all(p - s >= pi - si and s >= si for pi, si in holds)
    if op == "/":
        assert s >= 6
