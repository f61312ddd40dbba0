"""The sizing rules checked by the lint: S012 (Msg 1701), S050 (presence bytes), S051
(alignment padding), and the S family's catalogue entries."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer import passes
from analyzer.core import Options, analyze_bytes
from analyzer.diagnostics import CODES
from analyzer.estimators import estimate_file
from analyzer.ir import Severity
from analyzer.rules import sizing
from analyzer.rules.engine import FileContext, from_diagnostic
from analyzer.rules.registry import Finding
from analyzer.settings import SizingSettings, TeradataSettings

ALIGNED = SizingSettings(teradata=TeradataSettings(row_format="aligned"))


def context(ddl: str, dialect: str, s: SizingSettings | None = None) -> FileContext:
    s = s or SizingSettings()
    r = analyze_bytes("t.sql", ddl.encode(), Options(dialect=dialect))
    r = passes.run(passes.run(r), passes.SIZING_RULES, sizing=s)
    return FileContext(r, estimate_file(r, s), s)


def s012(ddl: str, s: SizingSettings | None = None) -> list[Finding]:
    return list(sizing.mssql_min_row_over_limit(context(ddl, "tsql", s)))


# ------------------------------------------------------------------ S012: Msg 1701

#: Msg 1701 as SQL Server printed it, with the DDL that produced it:
#: minimum row = fixed-length bytes + 4 (row header) + 2 (column count) + ceil(cols / 8).
PUBLISHED = [
    # jongurgul.com, "SQL Server Max Row Size 8060" (http://jongurgul.com/blog/
    # sql-server-max-row-size-8060/): 8054 + 4 + 2 + 1 = 8061, including 7.
    ("CREATE TABLE dbo.test(a CHAR(8000),b CHAR(54))", "test", 8061, 7, "b"),
    # Chad Boyd (Microsoft), "Row sizes exceeding 8060 bytes in Sql 2005"
    # (learn.microsoft.com/en-us/archive/blogs/chadboyd/row-sizes-exceeding-8060-bytes-in-
    # sql-2005): 4 + 8000 + 8000 = 16004 + 4 + 2 + 1 = 16011, including 7 (3 columns).
    (
        "create table zTest (id int not null, char1 char(8000) not null, "
        "char2 char(8000) not null)",
        "zTest",
        16011,
        7,
        "char2",
    ),
]


@pytest.mark.parametrize(("ddl", "table", "size", "overhead", "column"), PUBLISHED)
def test_msg_1701_published_figures(
    ddl: str, table: str, size: int, overhead: int, column: str
) -> None:
    (f,) = s012(ddl)
    assert (f.code, f.severity, f.column, f.bytes) == ("S012", Severity.ERROR, column, size - 8060)
    assert (
        f"Creating or altering table '{table}' failed because the minimum row size would be "
        f"{size}, including {overhead} bytes of internal overhead. This exceeds the maximum "
        "allowable table row size of 8060 bytes." in f.message
    )
    assert f.span is not None and f.span.line == 1
    assert f.subject == f.table and f.table is not None and f.table.endswith(table)


def test_msg_1701_boundary_and_what_does_not_count() -> None:
    # jongurgul.com: "Reducing the column lengths to total 8053 bytes allows the table
    # creation": 8053 + 7 = 8060.
    assert s012("CREATE TABLE dbo.test(a CHAR(8000),b CHAR(53))") == []
    # Variable-length, (max), text and sparse columns are empty in the minimum row; bit
    # columns pack 8 to a byte: 8050 + 2 (9 bits) + 4 + 2 + 2 (11 columns) = 8060.
    assert s012("CREATE TABLE t (a char(8000), b char(53), v varchar(8000), m nvarchar(max))") == []
    bits = ", ".join(f"{c} bit" for c in "cdefghijk")
    assert s012(f"CREATE TABLE t (a char(8000), b char(50), {bits})") == []
    assert s012("CREATE TABLE t (a nchar(4000), b char(100) SPARSE NULL)") == []


def test_msg_1701_null_bitmap_grows_with_the_columns() -> None:
    # Derived from the formula (no published message with 9+ columns found): 9 x 1000 +
    # 4 + 2 + ceil(9 / 8) = 9008, including 8; over from the ninth column
    # (8000 + 8 > 8060 is false, 9000 + 8 is true).
    cols = ", ".join(f"c{i} char(1000) NOT NULL" for i in range(9))
    (f,) = s012(f"CREATE TABLE t ({cols})")
    assert "minimum row size would be 9008, including 8 bytes" in f.message
    assert f.column == "c8" and f.bytes == 9008 - 8060


def test_msg_1701_keeps_the_in_row_figure_of_s002() -> None:
    ddl = "CREATE TABLE t (id int, a char(8000), b char(54), v varchar(300), w nvarchar(max))"
    ctx = context(ddl, "tsql")
    (f,) = sizing.mssql_min_row_over_limit(ctx)
    # 4 + 8000 + 54 + 4 + 2 + 1 (5 columns) = 8065; S002's in-row size adds the variable
    # part: 2 + 2 x 2 + 24 (v, 300 bytes, moved) + 24 (w's root) = 54 -> 8119.
    assert "minimum row size would be 8065, including 7" in f.message
    assert "keeps 8,119 bytes in the row" in f.message
    (s002,) = [d for e in ctx.estimates for d in e.diagnostics if d.code == "S002"]
    assert "8,119" in s002.message


def test_s012_supersedes_s002_of_the_same_table() -> None:
    # t: over by its minimum (S012 and S002); u: only its declared maximums are over
    # (8000 + 7 + 2 + 3 x 2 + 3 x 24 = 8087 in the row after row-overflow): S002 alone.
    u = "CREATE TABLE u (a char(8000), v1 varchar(100), v2 varchar(100), v3 varchar(100))"
    ctx = context(f"CREATE TABLE t (a char(8000), b char(54))\n{u}", "tsql")
    s002 = [from_diagnostic(d, ctx.result) for e in ctx.estimates for d in e.diagnostics]
    found = s002 + list(sizing.mssql_min_row_over_limit(ctx))
    assert sorted((f.code, f.table) for f in found) == [("S002", "t"), ("S002", "u"), ("S012", "t")]
    assert any(f.table == "u" and "8,087 bytes in the row" in f.message for f in s002)
    kept = sorted((f.code, f.table) for f in sizing.superseded(found))
    assert kept == [("S002", "u"), ("S012", "t")]
    # without S012 (not selected) every S002 stays
    assert sizing.superseded(s002) == s002


def test_s012_only_on_sql_server() -> None:
    ddl = "create table t (a char(8000) not null, b char(54) not null)"
    assert list(sizing.mssql_min_row_over_limit(context(ddl, "sybase"))) == []
    on_mssql = SizingSettings(platform="mssql")
    assert len(list(sizing.mssql_min_row_over_limit(context(ddl, "sybase", on_mssql)))) == 1


# ------------------------------------------------------------------ S050: presence bytes


def s050(ddl: str, s: SizingSettings | None = None) -> list[Finding]:
    return list(sizing.teradata_presence_byte_boundary(context(ddl, "teradata", s)))


EIGHT = (
    "CREATE TABLE t (\n c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER,\n"
    " c5 INTEGER, c6 INTEGER, c7 INTEGER,\n c8 INTEGER\n) PRIMARY INDEX (c1);"
)


def test_presence_byte_of_the_eighth_nullable_column() -> None:
    # Packed64, by hand (Row Size Calculation steps 8-18, Presence Bits): logical 8 x 4 =
    # 32, overhead 14, 8 nullable columns = 8 presence bits, 7 fit the first octet, so 1
    # extra octet: 32 + 14 + 1 = 47, even 48. c8 NOT NULL: 7 bits, 0 octets, 46.
    (f,) = s050(EIGHT)
    assert (f.code, f.severity, f.column, f.bytes) == ("S050", Severity.INFO, "c8", 2)
    assert f.span is not None and f.span.line == 4 and f.span.column == 2
    assert "from 7 to 8 presence bits (exact rule)" in f.message
    assert "+1 byte per row" in f.message
    assert "the packed64 row is 48 bytes, 46 with c8 NOT NULL (2 per row" in f.message


def test_presence_byte_per_table_with_rows() -> None:
    # Sizing Base Tables (reconstruction, D16), 1 AMP: typical block ROUNDUP(130048 x 3/4,
    # 512) = 97792; rows per block floor(97718 / 50) = 1954 and floor(97718 / 48) = 2035;
    # blocks ceil(1e6 / 1954) = 512 and ceil(1e6 / 2035) = 492; bytes (512 - 492) x 97792.
    (f,) = s050(EIGHT, SizingSettings(rows=1_000_000))
    assert f.bytes == (512 - 492) * 97792 == 1_955_840
    assert "1,955,840 bytes for 1,000,000 rows" in f.message


def test_presence_byte_absorbed_or_shared_is_not_reported() -> None:
    # 16 nullable: 16 bits need 2 extra octets, 15 one; 64 + 14 + 2 = 80 and 79 -> 80:
    # the even rounding absorbs the byte.
    sixteen = ", ".join(f"c{i} INTEGER" for i in range(1, 17))
    assert s050(f"CREATE TABLE t ({sixteen}) PRIMARY INDEX (c1);") == []
    # 15 nullable: the eighth column crosses into the extra octet, but without it the
    # other 14 bits still need it: no single column is the boundary.
    fifteen = ", ".join(f"c{i} INTEGER" for i in range(1, 16))
    assert s050(f"CREATE TABLE t ({fifteen}) PRIMARY INDEX (c1);") == []
    # 7 nullable fit the first octet.
    assert s050(EIGHT.replace("c8 INTEGER", "c8 INTEGER NOT NULL")) == []


COMPRESSED = (
    "CREATE TABLE t (c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER, c5 INTEGER, c6 INTEGER,"
    "\n k CHAR(2) NOT NULL COMPRESS ('a', 'b', 'c')) PRIMARY INDEX (c1);"
)


def test_compress_bits_count_by_the_estimators_rule() -> None:
    # Exact rule: 6 nullable (6 bits) + k, NOT NULL, 3 values: bit_length(3) = 2 compress
    # bits, 8 in all: 1 extra octet. 6 x 4 + 2 + 14 + 1 = 41 -> 42; without k's bits 40.
    (f,) = s050(COMPRESSED)
    assert f.column == "k" and f.bytes == 2
    assert "(2 presence bits) takes table t from 6 to 8" in f.message
    assert "with k NOT NULL and uncompressed" in f.message
    # The procedure's step 13: (1 compressed + 6 nullable) / 8 = 0 octets: nothing.
    procedure = SizingSettings(teradata=TeradataSettings(presence_rule="procedure"))
    assert s050(COMPRESSED, procedure) == []


def test_presence_byte_on_aligned_rows() -> None:
    # Aligned (exact procedure): RowSize 12 + PB; PB 1 -> 13; fixed area aligned to 4
    # -> 16 + 32 = 48, a multiple of 8. Without c8's bit: 12 + 32 = 44 -> 48. Absorbed.
    assert s050(EIGHT, ALIGNED) == []
    # With a ninth, NOT NULL SMALLINT: 16 + 34 = 50 -> 56 against 12 + 34 = 46 -> 48.
    ninth = EIGHT.replace("c8 INTEGER\n", "c8 INTEGER,\n c9 SMALLINT NOT NULL\n")
    (f,) = s050(ninth, ALIGNED)
    assert f.column == "c8" and f.bytes == 8
    assert "the aligned row is 56 bytes, 48 with c8 NOT NULL" in f.message


def test_presence_bytes_only_on_teradata() -> None:
    cols = ", ".join(f"c{i} int NULL" for i in range(1, 9))
    ddl = f"CREATE TABLE t ({cols})"
    assert list(sizing.teradata_presence_byte_boundary(context(ddl, "tsql"))) == []
    on_teradata = SizingSettings(platform="teradata")
    (f,) = sizing.teradata_presence_byte_boundary(context(ddl, "tsql", on_teradata))
    assert f.column == "c8"


# ------------------------------------------------------------------ S051: alignment padding

EMPLOYEE = """CREATE TABLE Employee (
    EmpNum INTEGER NOT NULL,
    SupEmpNum INTEGER,
    DeptNum INTEGER,
    JobCode SMALLINT,
    LName CHAR(20) NOT NULL,
    FName VARCHAR(30) NOT NULL,
    HireDate DATE NOT NULL,
    BDate DATE NOT NULL,
    SalAmt DECIMAL(10,2) NOT NULL
) UNIQUE PRIMARY INDEX (EmpNum);"""


def s051(ddl: str, s: SizingSettings = ALIGNED) -> list[Finding]:
    return list(sizing.teradata_alignment_padding(context(ddl, "teradata", s)))


def test_employee_padding_in_declared_order() -> None:
    # The Data Types tables' alignments: INTEGER 4, SMALLINT 2, CHAR(20) LATIN 1, DATE 4,
    # DECIMAL(10,2) 8. Declared order from an aligned start: EmpNum 0-4, SupEmpNum 4-8,
    # DeptNum 8-12, JobCode 12-14, LName 14-34, HireDate 36 (2 pad), BDate 40-44, SalAmt
    # 48 (4 pad): 6 pad bytes. Exact procedure (FName at its declared 30): RowSize 12,
    # offsets 2 x (1 + 1) -> 16, FA 8 -> 16, FS 50 -> 66, VS 30 -> 96 (a multiple of 8);
    # with the 6 pad bytes FS 56 -> 72 + 30 = 102 -> 104.
    (f,) = s051(EMPLOYEE)
    assert (f.code, f.severity, f.column, f.bytes) == ("S051", Severity.INFO, None, 8)
    assert f.span is not None and f.span.line == 8  # HireDate, the first padded column
    assert "need 6 pad byte(s) (2 before HireDate, 4 before SalAmt)" in f.message
    assert "ordered SalAmt, EmpNum, SupEmpNum, DeptNum, HireDate, BDate, JobCode, LName" in (
        f.message
    )
    assert "the aligned row is 104 bytes in declared order, 96 in that order" in f.message
    est = context(EMPLOYEE, "teradata", ALIGNED).estimates[0]
    assert est.row_bytes == 96  # the estimate is the order without padding


def test_padding_needs_the_aligned_format_and_a_saving() -> None:
    assert s051(EMPLOYEE, SizingSettings()) == []  # packed64 aligns nothing
    ordered = """CREATE TABLE Employee (
    SalAmt DECIMAL(10,2) NOT NULL, EmpNum INTEGER NOT NULL, SupEmpNum INTEGER,
    DeptNum INTEGER, HireDate DATE NOT NULL, BDate DATE NOT NULL, JobCode SMALLINT,
    LName CHAR(20) NOT NULL, FName VARCHAR(30) NOT NULL
) UNIQUE PRIMARY INDEX (EmpNum);"""
    assert s051(ordered) == []
    # 2 pad bytes before HireDate that the trailing pad to 8 absorbs: 16 + 38 = 54 -> 56
    # either way.
    absorbed = (
        "CREATE TABLE e (EmpNum INTEGER NOT NULL, JobCode SMALLINT, LName CHAR(20) NOT NULL,"
        " HireDate DATE NOT NULL, SalAmt DECIMAL(10,2) NOT NULL) UNIQUE PRIMARY INDEX (EmpNum);"
    )
    assert s051(absorbed) == []


def test_padding_per_table_with_rows() -> None:
    # 1 AMP: floor(97718 / (104 + 2)) = 921, floor(97718 / 98) = 997 rows a block;
    # ceil(1e6 / 921) = 1086 and ceil(1e6 / 997) = 1004 blocks: 82 x 97792 bytes.
    s = SizingSettings(rows=1_000_000, teradata=TeradataSettings(row_format="aligned"))
    (f,) = s051(EMPLOYEE, s)
    assert f.bytes == (1086 - 1004) * 97792
    assert f"{(1086 - 1004) * 97792:,} bytes for 1,000,000 rows" in f.message


ALIGNS = st.sampled_from([1, 2, 4, 8])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(ALIGNS, st.integers(1, 40)), max_size=12))
def test_suggested_order_never_pads_more(items: list[tuple[int, int]]) -> None:
    order = sizing.suggested_order(items)
    assert sorted(order) == list(range(len(items)))
    assert sum(sizing.alignment_padding([items[i] for i in order])) <= sum(
        sizing.alignment_padding(items)
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(ALIGNS, st.integers(1, 5)), max_size=12))
def test_teradata_sizes_need_no_padding_when_ordered(items: list[tuple[int, int]]) -> None:
    # Every Teradata fixed type's aligned size is a multiple of its alignment.
    fixed = [(a, a * n) for a, n in items]
    assert sum(sizing.alignment_padding([fixed[i] for i in sizing.suggested_order(fixed)])) == 0


TYPES = {
    "BYTEINT": (1, 1),
    "SMALLINT": (2, 2),
    "INTEGER": (4, 4),
    "BIGINT": (8, 8),
    "DATE": (4, 4),
    "DECIMAL(10,2)": (8, 8),
    "TIMESTAMP(0)": (4, 12),
    "CHAR(3)": (1, 3),
    "FLOAT": (8, 8),
}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(sorted(TYPES)), min_size=1, max_size=9))
def test_reported_saving_is_declared_minus_suggested(types: list[str]) -> None:
    cols = ", ".join(f"c{i} {t} NOT NULL" for i, t in enumerate(types))
    ctx = context(f"CREATE TABLE t ({cols}) PRIMARY INDEX (c0);", "teradata", ALIGNED)
    items = [TYPES[t] for t in types]
    declared = sum(sizing.alignment_padding(items))
    suggested = sum(sizing.alignment_padding([items[i] for i in sizing.suggested_order(items)]))
    found = list(sizing.teradata_alignment_padding(ctx))
    if not found:
        return
    (f,) = found
    assert f"need {declared} pad byte(s)" in f.message
    assert suggested == 0 and "they need none" in f.message
    m = re.search(r"row is (\d+) bytes in declared order, (\d+) in that order", f.message)
    assert m is not None
    assert int(m.group(2)) == ctx.estimates[0].row_bytes
    assert f.bytes == int(m.group(1)) - int(m.group(2)) > 0
    assert f.bytes % 8 == 0  # aligned rows are multiples of 8


# ------------------------------------------------------------------ the family


def test_sizing_family_matches_the_diagnostic_codes() -> None:
    codes = [r.code for r in sizing.RULES]
    assert codes == sorted(codes)
    for rule in sizing.RULES:
        assert rule.family == sizing.FAMILY.name == "sizing"
        if rule.code in CODES:
            assert (rule.name, rule.summary) == CODES[rule.code]
            assert rule.check is None and rule.reported_by != "lint"
        else:
            assert rule.code in ("S012", "S050", "S051") and rule.check is not None
        assert rule.what and rule.why and rule.example and rule.fix and rule.references
    assert sizing.MSSQL_MIN_ROW_OVER_LIMIT.severity is Severity.ERROR


@pytest.mark.parametrize("rule", [r for r in sizing.RULES if r.check is not None])
def test_examples_break_their_rule_and_fixes_pass(rule: object) -> None:
    from analyzer.rules.docs import split_fix
    from analyzer.rules.registry import Rule

    assert isinstance(rule, Rule)
    s = ALIGNED if rule.code == "S051" else SizingSettings()
    assert list(rule.check(context(rule.example, rule.dialect, s))) if rule.check else False
    _, fixed = split_fix(rule.fix)
    assert fixed is not None and rule.check is not None
    assert list(rule.check(context(fixed, rule.dialect, s))) == []
