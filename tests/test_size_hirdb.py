"""HiRDB sizing: Table 17-1 data lengths, row length, rows per page and table storage pages.

The manual's STOCK example (Installation and Design Guide 17.1.2(7)) states its row
length, 28 bytes, and nothing else as text; the page figures below it are images, so
the page counts here are regression values of ddlaudit's reconstruction (D51-D54),
checked by hand in docs/research/hirdb-pages.md §3.4.
"""

from __future__ import annotations

import dataclasses

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer import passes
from analyzer.cli import main
from analyzer.core import Options, analyze_bytes
from analyzer.estimators import TableEstimate, estimate_file
from analyzer.ir import Column, DataType, FileResult, QualifiedName, Table, TableOptions
from analyzer.settings import HirdbSettings, SizingSettings, with_rdareas
from analyzer.worksheet import Worksheet

STOCK = (
    "CREATE {fix}TABLE STOCK (PCODE CHAR(5), PNAME NCHAR(4), STANDARD CHAR(3),"
    " PRICE INTEGER, QUANTITY INTEGER, COST INTEGER) IN RU01 PCTFREE = (30, 40);"
)
#: The example's conditions: 10,000 rows, page length 8,192, segment 100 pages.
STOCK_SIZING = with_rdareas(SizingSettings(rows=10_000), [("RU01", 8192, 100)])


def sized(ddl: str, sizing: SizingSettings, dialect: str = "hirdb") -> FileResult:
    result = passes.run(analyze_bytes("t.sql", ddl.encode(), Options(dialect=dialect)))
    return passes.run(result, passes.SIZING_RULES, sizing=sizing)


def estimates(
    ddl: str, sizing: SizingSettings | None = None, dialect: str = "hirdb"
) -> list[TableEstimate]:
    sizing = sizing or SizingSettings()
    return list(estimate_file(sized(ddl, sizing, dialect), sizing))


def one(ddl: str, sizing: SizingSettings | None = None) -> TableEstimate:
    (e,) = estimates(ddl, sizing)
    return e


def storage(ddl: str, sizing: SizingSettings | None = None) -> dict[str, tuple[int, str]]:
    table = sized(ddl, sizing or SizingSettings()).tables[0]
    return {c.name: (c.storage.data_length, c.storage.category) for c in table.columns if c.storage}


def figure(e: TableEstimate, name: str) -> int | float:
    return next(f.value for f in e.figures if f.name == name)


# ---------------------------------------------------------------- worked example


def test_stock_row_length_is_28_fix_and_not_fix() -> None:
    for fix in ("", "FIX "):
        e = one(STOCK.format(fix=fix), STOCK_SIZING)
        assert e.row_bytes == 28
        assert e.worksheets[0].steps[0].terms[1].value == 8  # PNAME: 2 x 4 (NCHAR)


def test_stock_pages_reconstruction_regression() -> None:
    # docs/research/hirdb-pages.md §3.4: non-FIX 48-byte row cost, 118 rows/page, P = 85;
    # FIX 36, 158 rows/page, Q = 64; both 2 segments of 100 pages (40 % free).
    plain = one(STOCK.format(fix=""), STOCK_SIZING)
    fix = one(STOCK.format(fix="FIX "), STOCK_SIZING)
    assert (plain.rows_per_page, plain.worksheets[2].value("(1)(a)")) == (118, 118)
    assert [s.value for s in plain.worksheets[2].steps if s.label == "P"] == [85]
    assert [s.value for s in fix.worksheets[2].steps if s.label == "Q"] == [64]
    assert fix.rows_per_page == 158
    assert plain.pages == fix.pages == 200
    assert plain.table_bytes == 200 * 8192
    assert plain.reconstruction and "reconstruction" in plain.reconstruction


def test_stock_pages_without_the_segment_rounding() -> None:
    s = dataclasses.replace(
        STOCK_SIZING, hirdb=dataclasses.replace(STOCK_SIZING.hirdb, segment_round=False)
    )
    # ceil(85 x 100 / 60) = 142, ceil(64 x 100 / 60) = 107 (research §3.4, last column)
    assert one(STOCK.format(fix=""), s).pages == 142
    assert one(STOCK.format(fix="FIX "), s).pages == 107


# ---------------------------------------------------------------- Table 17-1


def test_table_17_1_fixed_lengths() -> None:
    got = storage(
        "CREATE TABLE T (A INTEGER, B SMALLINT, C DECIMAL(9,2), D LARGE DECIMAL(38),"
        " E DECIMAL, F FLOAT, G SMALLFLT, H DATE, I TIME, J TIMESTAMP(6),"
        " K INTERVAL YEAR TO DAY, L INTERVAL HOUR TO SECOND, M BLOB(64K), N MCHAR(7));"
    )
    lengths = {k: v[0] for k, v in got.items()}
    assert lengths == {
        "A": 4, "B": 2, "C": 5, "D": 20, "E": 8, "F": 8, "G": 4, "H": 4, "I": 3,
        "J": 10, "K": 5, "L": 4, "M": 9, "N": 7,
    }  # fmt: skip


def test_varchar_rules_by_actual_length_and_branching() -> None:
    ddl = (
        "CREATE TABLE T (A VARCHAR(255), B VARCHAR(256), C NVARCHAR(127), D NVARCHAR(128),"
        " E MVARCHAR(300), F VARCHAR(300) NO SPLIT, G BINARY(100), H BINARY(1000));"
    )
    got = storage(ddl)
    assert got["A"] == (256, "variable")
    assert got["B"] == (6, "branch")  # d >= 256: 6 in the row, d + 2 on a branch page
    assert got["C"] == (255, "variable")
    assert got["D"] == (6, "branch")
    assert got["E"] == (6, "branch")
    assert got["F"] == (303, "variable")  # no-split, n >= 256, not branching: d + 3
    assert got["G"] == (103, "binary")
    assert got["H"] == (1003, "binary")
    # at half fill VARCHAR(256) holds 128 bytes: back in the row as d + 1
    assert storage(ddl, SizingSettings(fill=0.5))["B"] == (129, "variable")
    table = sized(ddl, SizingSettings()).tables[0]
    branch = {c.name: c.storage.branch for c in table.columns if c.storage}
    assert branch["B"] == (258,) and branch["D"] == (258,) and branch["A"] == ()


def test_averages_give_the_actual_length() -> None:
    s = SizingSettings(averages=((("t", "a"), 40), (("t", "n"), 20)))
    got = storage("CREATE TABLE T (A VARCHAR(1000), N NVARCHAR(100));", s)
    assert got == {"A": (41, "variable"), "N": (21, "variable")}  # 20 bytes = 10 characters


def test_repetition_columns() -> None:
    # 17.1.2(5): di = 4 + (eli + 1) x eni; STAFF_TABLE of 13.15(2)
    ddl = (
        "CREATE TABLE STAFF_TABLE (NAME NVARCHAR(10), QUALIFICATION NVARCHAR(20) ARRAY[10],"
        " SEX NCHAR(1), SUPPORT SMALLINT ARRAY[10], NOTES VARCHAR(300) ARRAY[4]);"
    )
    got = storage(ddl)
    assert got["SUPPORT"] == (4 + 3 * 10, "repetition")
    assert got["QUALIFICATION"] == (4 + (2 * 20 + 2 + 1) * 10, "repetition")
    assert got["NOTES"] == (4 + (5 + 1) * 4, "repetition")  # Table 17-4: eli 5
    notes = sized(ddl, SizingSettings()).tables[0].column("NOTES")
    assert notes is not None and notes.storage is not None
    assert notes.storage.branch == ((300 + 2) * 4 + 14 * 3,)
    # --fill applies to the element count too: 5 of 10 elements
    assert storage(ddl, SizingSettings(fill=0.5))["SUPPORT"] == (4 + 3 * 5, "repetition")
    e = one(ddl, SizingSettings(rows=100))
    assert any(s.label == "repetition branch pages" for s in e.worksheets[2].steps)


def test_abstract_data_types_with_inheritance() -> None:
    ddl = (
        "CREATE TYPE t_person (NAME NVARCHAR(10), AGE INTEGER);"
        "CREATE TYPE t_emp UNDER t_person (ID CHAR(6));"
        "CREATE TABLE E (A INTEGER, P t_emp, Q t_person);"
    )
    got = storage(ddl)
    person = (2 * 10 + 1) + 4 + 10 + 2 * 2  # ADT1 = sum(attj) + 10 + 2 x m
    emp = 6 + 10 + 2 * 1
    assert got["Q"] == (person + 5, "adt")
    assert got["P"] == (person + emp + 5, "adt")


def test_adt_attribute_branches_add_adtls_pages() -> None:
    ddl = "CREATE TYPE t_doc (BODY VARCHAR(1000), N INTEGER);CREATE TABLE D (X t_doc);"
    table = sized(ddl, SizingSettings()).tables[0]
    storage_x = table.columns[0].storage
    assert storage_x is not None
    assert storage_x.data_length == (8 + 4) + 10 + 2 * 2 + 5  # Table 17-3: attj 8
    assert storage_x.branch == (1002,)
    e = one(ddl, SizingSettings(rows=10))
    assert e.worksheets[2].value("(4)") == 10  # 10 x ceil(1002 / (4096 - 62))


def test_column_suppression_and_suppress_decimal() -> None:
    ddl = (
        "CREATE TABLE T (A CHAR(20) SUPPRESS, B NCHAR(10) SUPPRESS, C DECIMAL(15))"
        " SUPPRESS DECIMAL;"
    )
    at_max = storage(ddl)
    assert at_max["A"][0] == 21  # no trailing blanks: 1 byte of information added
    assert at_max["B"][0] == 21
    assert at_max["C"][0] == 15 // 2 + 2  # note 2: floor(k / 2) + 2
    half = storage(ddl, SizingSettings(fill=0.5))
    assert half["A"][0] == 20 - 10 + 4  # note 3: n - b + 4
    assert half["B"][0] == 2 * 10 - 2 * 5 + 5  # note 4: 2n - 2b + 5
    assert half["C"][0] == 8 // 2 + 2


def test_suppress_warning_on_wide_tables() -> None:
    cols = ", ".join(f"C{i} CHAR(3000) SUPPRESS" for i in range(11))
    e = one(f"CREATE TABLE W ({cols}) IN R1;", with_rdareas(SizingSettings(), [("R1", 30720, 10)]))
    assert "S031" in {d.code for d in e.diagnostics}


# ---------------------------------------------------------------- pages


def test_pctfree_changes_rows_per_page_and_pages() -> None:
    base = "CREATE TABLE T (A CHAR(100), B INTEGER){};"
    default = one(base.format(""), SizingSettings(rows=10_000))
    tight = one(base.format(" PCTFREE = (0, 0)"), SizingSettings(rows=10_000))
    assert default.rows_per_page is not None and tight.rows_per_page is not None
    assert tight.rows_per_page > default.rows_per_page
    assert tight.pages is not None and default.pages is not None and tight.pages < default.pages
    # defaults c = 30 %, h = 10 %: (4096 - 48) x 0.7 / (104 + 4 + 6 + 2) = 24 rows
    assert default.rows_per_page == 24


def test_fix_packs_more_rows_than_not_fix() -> None:
    ddl = "CREATE {}TABLE T (A INTEGER, B INTEGER, C CHAR(2), D SMALLINT);"
    plain = one(ddl.format(""))
    fix = one(ddl.format("FIX "))
    assert plain.rows_per_page is not None and fix.rows_per_page is not None
    assert fix.rows_per_page > plain.rows_per_page
    assert fix.rows_per_page == (4096 - 48) * 70 // 100 // (12 + 6 + 2)
    big = SizingSettings(hirdb=HirdbSettings(page_length=30720))
    assert one(ddl.format("FIX "), big).rows_per_page == 255  # capped


def test_row_partitioning_per_rdarea() -> None:
    ddl = (
        "CREATE TABLE S (EMPLOYEE_NUMBER CHAR(6), NAME NCHAR(10))"
        " PARTITIONED BY EMPLOYEE_NUMBER IN ((RD01) '500000', (RD02));"
    )
    s = with_rdareas(SizingSettings(rows=100_001), [("RD01", 4096, 10), ("RD02", 8192, 20)])
    e = one(ddl, s)
    per = {f.name: f.value for f in e.figures if f.name.startswith("pages[")}
    assert set(per) == {"pages[RD01]", "pages[RD02]"}
    assert e.pages == sum(per.values())
    assert e.table_bytes == per["pages[RD01]"] * 4096 + per["pages[RD02]"] * 8192
    first, second = e.worksheets[2], e.worksheets[3]
    assert first.value("(1)(a)") < second.value("(1)(a)")  # larger page, more rows
    p = [s.terms[0].value for ws in (first, second) for s in ws.steps if s.label == "P"]
    assert p == [50_001, 50_000]  # rows spread evenly (D54)
    assert not [d for d in e.diagnostics if d.code == "S032"]
    unconfigured = one(ddl, SizingSettings(rows=10))
    assert [d.code for d in unconfigured.diagnostics].count("S032") == 2


def test_no_split_row_too_long_branches_with_spn() -> None:
    ddl = "CREATE TABLE B (A INTEGER, L1 VARCHAR(3000) NO SPLIT, L2 VARCHAR(3000) NO SPLIT);"
    e = one(ddl, SizingSettings(rows=1000))
    ws = e.worksheets[2]
    branched = [s for s in ws.steps if s.label == "BL with branched columns"]
    assert branched and branched[0].note == "branched: L1"
    spn = next(s for s in ws.steps if s.label == "SPN")
    # SPN1 = ceil(ceil(3003 / (4096 - 61)) x 1000 x 1.3)
    assert spn.value == 1300
    assert not [d for d in e.diagnostics if d.code == "S030"]


def test_row_longer_than_page_is_reported() -> None:
    e = one("CREATE TABLE L (A CHAR(5000));")
    s030 = [d for d in e.diagnostics if d.code == "S030"]
    assert s030 and "15.3.1" in s030[0].message
    assert e.rows_per_page == 1


def test_mapped_from_tsql() -> None:
    (e,) = estimates(
        "CREATE TABLE t (a bigint, b nvarchar(10), c datetime2(7), d bit);",
        SizingSettings(platform="hirdb"),
        dialect="tsql",
    )
    assert e.platform == "hirdb"
    # DECIMAL(19) 10 + NVARCHAR 21 + TIMESTAMP(6) 10 + SMALLINT 2
    assert e.row_bytes == 43


# ---------------------------------------------------------------- bad input


def test_type_hirdb_does_not_have_is_s001_and_the_rest_is_sized() -> None:
    ddl = "CREATE TABLE T (A INTEGER, B BOOLEAN, C CHAR(3));"
    r = sized(ddl, SizingSettings())
    s001 = [d for d in r.diagnostics if d.code == "S001"]
    assert len(s001) == 1 and "T.B" in s001[0].message and "BOOLEAN" in s001[0].message
    assert s001[0].span is not None and s001[0].span.line == 1
    (e,) = estimate_file(r, SizingSettings())
    assert e.row_bytes == 7


def test_undefined_abstract_data_type_is_s001() -> None:
    r = sized("CREATE TABLE T (A INTEGER, P t_missing);", SizingSettings())
    assert any(d.code == "S001" and "t_missing" in d.message for d in r.diagnostics)


# ---------------------------------------------------------------- properties

_TYPES = st.sampled_from(
    [
        "INTEGER", "SMALLINT", "DECIMAL({p})", "CHAR({n})", "NCHAR({n})", "VARCHAR({n})",
        "NVARCHAR({n})", "MVARCHAR({n})", "VARCHAR({n}) NO SPLIT", "BINARY({n})",
        "TIMESTAMP(2)", "SMALLINT ARRAY[{e}]", "VARCHAR({n}) ARRAY[{e}]", "CHAR({n}) SUPPRESS",
    ]
)  # fmt: skip
_COLUMN = st.builds(
    lambda t, n, p, e: t.format(n=n, p=p, e=e),
    _TYPES,
    st.integers(1, 600),
    st.integers(1, 38),
    st.integers(1, 20),
)


def _stored(columns: list[str], fill: float | None) -> tuple[int, int | None]:
    ddl = "CREATE TABLE P (" + ", ".join(f"C{i} {c}" for i, c in enumerate(columns)) + ");"
    e = one(ddl, SizingSettings(fill=fill))
    return int(figure(e, "stored_bytes_per_row")), e.rows_per_page


@settings(max_examples=60, deadline=None)
@given(st.lists(_COLUMN, min_size=1, max_size=6), _COLUMN, st.sampled_from([None, 0.3, 1.0]))
def test_a_row_never_shrinks_when_a_column_is_added(
    columns: list[str], extra: str, fill: float | None
) -> None:
    before, rpp = _stored(columns, fill)
    after, _ = _stored([*columns, extra], fill)
    assert after > before
    assert rpp is not None and 1 <= rpp <= 255


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["CHAR", "NCHAR", "VARCHAR", "NVARCHAR", "MVARCHAR", "BINARY"]),
    st.integers(1, 1000),
    st.integers(1, 500),
    st.sampled_from([None, 0.5]),
)
def test_a_row_never_shrinks_when_a_column_is_widened(
    kind: str, n: int, more: int, fill: float | None
) -> None:
    narrow, _ = _stored([f"{kind}({n})", "INTEGER"], fill)
    wide, _ = _stored([f"{kind}({n + more})", "INTEGER"], fill)
    assert wide >= narrow


@settings(max_examples=40, deadline=None)
@given(
    st.lists(_COLUMN, min_size=1, max_size=8),
    st.integers(0, 10**7),
    st.integers(0, 99),
    st.integers(0, 50),
    st.sampled_from([4096, 8192, 30720]),
    st.booleans(),
)
def test_rows_per_page_in_range_and_explain_terms_add_up(
    columns: list[str], rows: int, c: int, h: int, page: int, fix: bool
) -> None:
    ddl = (
        f"CREATE {'FIX ' if fix else ''}TABLE P ("
        + ", ".join(f"C{i} {col}" for i, col in enumerate(columns))
        + f") PCTFREE = ({c}, {h});"
    )
    s = SizingSettings(rows=rows, hirdb=HirdbSettings(page_length=page))
    e = one(ddl, s)
    assert e.rows_per_page is not None and 1 <= e.rows_per_page <= 255
    summary = e.worksheets[-1]
    assert summary.value("17.1.2") == summary.result == e.pages
    assert summary.value("bytes") == e.table_bytes == (e.pages or 0) * page
    pages_ws = e.worksheets[2]
    data = next(s for s in pages_ws.steps if s.step == "data")
    assert data.additive, data
    # The page total follows from the data pages, not from its own terms (which would
    # add up by construction): whole segments of g pages of which floor(g x h / 100) are
    # kept free (D53), at least one page of a segment usable.
    g = page_segment(s)
    free = min(g * h // 100, g - 1)
    assert pages_ws.value("(3) h") == free
    assert pages_ws.result == -(-int(data.value) // (g - free)) * g
    assert e.worksheets[0].steps[0].additive or e.row_bytes == 0
    assert pages_ws.result % g == 0


def page_segment(s: SizingSettings) -> int:
    return s.hirdb.segment_size


def test_stock_worksheet_steps_by_hand() -> None:
    # Each step of the STOCK worksheet, recomputed by hand (research §3.4), rather than
    # the sum of terms the estimator itself derived from the total.
    ws = one(STOCK.format(fix=""), STOCK_SIZING).worksheets[2]
    assert isinstance(ws, Worksheet)
    assert ws.value("note 5") == 28 + 2 * 6 + 6  # BL = sum(di) + 2f + 6
    assert ws.value("data") == 85  # P only: no branch pages
    assert ws.value("(3) h") == 40  # floor(100 x 40 / 100) free pages per segment
    assert ws.value("(3) g") == 2  # ceil(85 / (100 - 40)) segments
    assert ws.value("17.1.1") == 200  # 2 segments x 100 pages


# ---------------------------------------------------------------- CLI


def test_cli_size_explain(tmp_path: object) -> None:
    runner = CliRunner()
    ddl = STOCK.format(fix="")
    result = runner.invoke(
        main,
        ["size", "--platform", "hirdb", "--dialect", "hirdb", "--rows", "10000", "--explain", "-"],
        input=ddl.encode(),
    )
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "row 28 bytes" in out
    assert "step (3) Row length" in out and "step (1)(a) Rows per page" in out
    assert "reconstruction" in out
    assert "17.1.1" in out


def test_hand_built_ir_without_the_grammar() -> None:
    cols = tuple(
        Column(n, i, DataType(d, d.split("(")[0], fam, length=ln), False, True)
        for i, (n, d, fam, ln) in enumerate(
            [("A", "CHAR(5)", "char", 5), ("B", "INTEGER", "integer", None)], 1
        )
    )
    table = Table(QualifiedName("T"), "hirdb", cols, options=TableOptions(fix=True))
    r = passes.run(
        FileResult("x", "hirdb", "utf-8", tables=(table,)),
        passes.SIZING_RULES,
        sizing=SizingSettings(),
    )
    (e,) = estimate_file(r, SizingSettings())
    assert e.row_bytes == 9 and e.worksheets[2].title.startswith("FIX specified")


# ---------------------------------------------------------------- review additions


def test_headline_figures_equal_worksheet_values() -> None:
    for fix in ("", "FIX "):
        e = one(STOCK.format(fix=fix), STOCK_SIZING)
        summary = e.worksheets[-1]
        assert summary.result == summary.value("17.1.2") == e.pages == 200
        assert summary.value("bytes") == e.table_bytes == 200 * 8192
        values = {s.value for ws in e.worksheets for s in ws.steps}
        assert {e.row_bytes, e.rows_per_page} <= values


def test_staff_table_of_the_manual() -> None:
    # Installation Guide 13.15(2), verbatim (reference hirdb.md §8.2); Table 17-1, 17.1.2(5):
    # NAME NVARCHAR(10) 2 x 10 + 1; repetition NVARCHAR elements 2d + 2, 4 + (eli + 1) x eni;
    # SEX NCHAR(1) 2; SUPPORT SMALLINT ARRAY[10] 4 + 3 x 10.
    ddl = (
        "CREATE TABLE STAFF_TABLE\n(NAME NVARCHAR(10),\nQUALIFICATION NVARCHAR(20) ARRAY[10],\n"
        "SEX NCHAR(1),\nFAMILY NVARCHAR(5) ARRAY[10],\nRELATIONSHIP NVARCHAR(5) ARRAY[10],\n"
        "SUPPORT SMALLINT ARRAY[10]);"
    )
    got = {k: v[0] for k, v in storage(ddl).items()}
    assert got == {
        "NAME": 21,
        "QUALIFICATION": 4 + (42 + 1) * 10,
        "SEX": 2,
        "FAMILY": 4 + (12 + 1) * 10,
        "RELATIONSHIP": 4 + (12 + 1) * 10,
        "SUPPORT": 4 + 3 * 10,
    }
    assert one(ddl).row_bytes == 21 + 434 + 2 + 134 + 134 + 34


def test_segment_size_default_is_a_documented_one() -> None:
    # create rdarea: "storage control segment ... <<1 or 50>>" (V9 Command Reference 3.3.2).
    assert HirdbSettings().segment_size in (1, 50)
    e = one("CREATE TABLE T (A CHAR(100), B INTEGER);", SizingSettings(rows=10_000))
    # 24 rows per page -> P = 417; floor(50 x 10 / 100) = 5 free: ceil(417 / 45) x 50 = 500
    assert e.pages == 500


def test_absurd_hirdb_settings_are_rejected(tmp_path: object) -> None:
    from pathlib import Path

    cfg = Path(str(tmp_path)) / "ddlaudit.toml"
    cfg.write_text("[size.hirdb]\npage_overhead = 4096\n", encoding="utf-8")
    run = CliRunner().invoke(
        main,
        ["size", "--dialect", "hirdb", "--config", str(cfg), "-"],
        input=b"CREATE TABLE T (A INT);",
    )
    assert run.exit_code == 2, run.output
    assert "page_overhead = 4096 must be smaller than page_length = 4096" in run.output
