"""SQL Server sizing: type sizes, the heap and clustered-index procedures, limits, the CLI.

The expected numbers are worked by hand from the sql-docs procedures ("Estimate the
Size of a Heap", "Estimate the Size of a Clustered Index") and the data type pages;
each test says where its figure comes from.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer import passes
from analyzer.cli import main
from analyzer.core import Options, analyze_bytes
from analyzer.estimators import TableEstimate, estimate_file
from analyzer.ir import FileResult
from analyzer.settings import MssqlSettings, SizingSettings

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def sized(
    ddl: str, dialect: str = "tsql", **kw: object
) -> tuple[FileResult, tuple[TableEstimate, ...]]:
    s = SizingSettings(**{"platform": "mssql", **kw})  # type: ignore[arg-type]
    r = passes.run(analyze_bytes("t.sql", ddl.encode(), Options(dialect=dialect)))
    r = passes.run(r, passes.SIZING_RULES, sizing=s)
    return r, estimate_file(r, s)


def one(ddl: str, dialect: str = "tsql", **kw: object) -> TableEstimate:
    return sized(ddl, dialect, **kw)[1][0]


def storage(type_sql: str, null: str = "NOT NULL", **kw: object) -> tuple[str, int, int]:
    r, _ = sized(f"CREATE TABLE t (c {type_sql} {null})", **kw)
    s = r.tables[0].columns[0].storage
    assert s is not None
    return s.category, s.data_length, s.max_length


def figures(e: TableEstimate) -> dict[str, float]:
    return {f.name: f.value for f in e.figures}


# -- data type storage sizes (sql-docs data type pages; reference §3.3) -------------------


@pytest.mark.parametrize(
    ("type_sql", "expected"),
    [
        ("tinyint", 1),
        ("smallint", 2),
        ("int", 4),
        ("bigint", 8),
        ("decimal(9,2)", 5),
        ("decimal(10,2)", 9),
        ("numeric(19,4)", 9),
        ("decimal(20,0)", 13),
        ("decimal(28,0)", 13),
        ("decimal(29,0)", 17),
        ("decimal(38,10)", 17),
        ("decimal", 9),  # default precision 18
        ("float(24)", 4),
        ("float(25)", 8),
        ("float", 8),
        ("real", 4),
        ("money", 8),
        ("smallmoney", 4),
        ("date", 3),
        ("smalldatetime", 4),
        ("datetime", 8),
        ("time(2)", 3),
        ("time(4)", 4),
        ("time", 5),
        ("datetime2(2)", 6),
        ("datetime2(3)", 7),
        ("datetime2(7)", 8),
        ("datetimeoffset(0)", 8),
        ("datetimeoffset(4)", 9),
        ("datetimeoffset", 10),
        ("uniqueidentifier", 16),
        ("char(10)", 10),
        ("nchar(10)", 20),
        ("binary(10)", 10),
        ("rowversion", 8),
    ],
)
def test_fixed_type_sizes(type_sql: str, expected: int) -> None:
    assert storage(type_sql) == ("fixed", expected, expected)


def test_variable_and_off_row_types() -> None:
    assert storage("varchar(30)") == ("variable", 30, 30)
    assert storage("nvarchar(30)") == ("variable", 60, 60)
    assert storage("varbinary(30)") == ("variable", 30, 30)
    assert storage("sysname") == ("variable", 256, 256)
    # nullable rowversion is varbinary(8) (rowversion page).
    assert storage("timestamp", "NULL") == ("variable", 8, 8)
    # "In-Row Data": a 16-byte text pointer; a (max) value beyond the row, its root.
    assert storage("text", "NULL") == ("off_row", 16, 16)
    assert storage("varchar(max)", "NULL") == ("off_row", 24, 24)
    assert storage("xml", "NULL") == ("off_row", 24, 24)
    ms = dataclasses.replace(MssqlSettings(), large_value_types_out_of_row=True)
    assert storage("varchar(max)", "NULL", mssql=ms) == ("off_row", 16, 16)


def test_fill_and_averages_change_variable_columns_only() -> None:
    assert storage("nvarchar(100)", fill=0.5) == ("variable", 100, 200)
    assert storage("int", fill=0.5) == ("fixed", 4, 4)
    avg = ((("t", "c"), 300),)
    # A (max) value averaging 300 bytes stays in the row (In-Row Data, option off).
    assert storage("varbinary(max)", "NULL", averages=avg) == ("variable", 300, 24)
    avg = ((("t", "c"), 9000),)
    assert storage("varbinary(max)", "NULL", averages=avg) == ("off_row", 24, 24)


def test_bit_columns_pack_eight_per_byte() -> None:
    # bit page: 8 or fewer bit columns -> 1 byte, 9 to 16 -> 2 bytes.
    cols = ", ".join(f"b{i} bit NOT NULL" for i in range(9))
    e = one(f"CREATE TABLE t ({cols})")
    assert e.worksheets[0].value("2b") == 2
    cols = ", ".join(f"b{i} bit NOT NULL" for i in range(8))
    assert one(f"CREATE TABLE t ({cols})").worksheets[0].value("2b") == 1


# -- the heap procedure ---------------------------------------------------------------------


def test_heap_int_char5_row_is_16_bytes() -> None:
    # 9 data bytes + 4 header + null bitmap 2 + (2 + 7) / 8 = 3: 16 bytes, the record size
    # DBCC PAGE shows for this table; 8096 / 18 = 449 rows per page.
    e = one("CREATE TABLE t1 (intSlno int NOT NULL, strName char(5) NOT NULL)", rows=500)
    assert (e.row_bytes, e.rows_per_page, e.pages, e.table_bytes) == (16, 449, 2, 16384)


def test_seed_table_a_and_d() -> None:
    # TableA: fixed 44 (int x 5, bigint x 2, datetime); variable: 2 x nvarchar(100) = 400
    # + the nvarchar(max) root 24; Null_Bitmap 2 + 18 / 8 = 4; Variable_Data_Size
    # 2 + 3 x 2 + 424 = 432; Row_Size 44 + 432 + 4 + 4 = 484.
    # TableD: 4 + (2 + 2 x 2 + 600) + (2 + 10 / 8) + 4 = 617.
    _, est = sized((FIXTURES / "tsql" / "seed_tables.sql").read_text(), rows=1_000_000)
    a, d = est
    assert (a.row_bytes, d.row_bytes) == (484, 617)
    assert a.worksheets[0].value("1.5") == 432
    # Clustered on the int key: 8096 / 486 = 16 rows per page -> 62,500 leaf pages;
    # index row 4 + 1 + 6 = 11, 8096 / 13 = 622 per page: 101 + 1 index pages.
    f = figures(a)
    assert (f["leaf_pages"], f["index_pages"], f["nonleaf_levels"]) == (62_500, 102, 2)
    assert a.table_bytes == 8192 * (62_500 + 102)


def test_nonunique_clustered_index_adds_the_uniqueifier() -> None:
    ddl = (FIXTURES / "size" / "mssql_wide.sql").read_text()
    _, est = sized(ddl, rows=100_000)
    by = {e.table.name: e for e in est}
    e = by["ByRegion"]
    leaf = e.worksheets[0]
    # Num_Cols 3 + 1, Num_Variable_Cols 1 + 1, Max_Var_Size 20 + 4: row 11 + 30 + 3 + 4.
    assert (leaf.value("1.3"), leaf.value("1.5"), e.row_bytes) == (24, 30, 48)
    # Index row: char(2) key + Variable_Key_Size 2 + 2 + 4 + 1 + 6 = 17.
    assert figures(e)["index_row_bytes"] == 17
    assert e.rows_per_page == 8096 // 50


def test_fill_factor_leaves_free_rows() -> None:
    ddl = (
        "CREATE TABLE t (id int NOT NULL, pad char(96) NOT NULL, "
        "CONSTRAINT pk PRIMARY KEY CLUSTERED (id) WITH (FILLFACTOR = 80))"
    )
    e = one(ddl, rows=10_000)
    leaf = e.worksheets[0]
    # Row 100 + 3 + 4 = 107; 8096 / 109 = 74; free 8096 x 0.2 / 109 = 14.
    assert (e.row_bytes, leaf.value("1.7"), leaf.value("1.8")) == (107, 74, 14)
    assert leaf.value("1.9") == -(-10_000 // 60)


def test_levels_formula() -> None:
    from analyzer.estimators.mssql import levels

    # 1 + log_b(N / b) rounded up.
    assert [levels(n, 100) for n in (1, 2, 100, 101, 10_000, 10_001)] == [0, 1, 1, 2, 2, 3]


# -- limits, row-overflow, sparse -----------------------------------------------------------


def test_row_overflow_candidates_and_fixed_part_over_limit() -> None:
    _, est = sized((FIXTURES / "size" / "mssql_wide.sql").read_text())
    wide = next(e for e in est if e.table.name == "Wide")
    # Sparse columns: the limit is 8,018; Notes (8,000 bytes) moves to row-overflow.
    assert wide.row_limit == 8018
    assert [d.code for d in wide.diagnostics] == ["S010"]
    assert "Notes (8,000)" in wide.diagnostics[0].message
    assert figures(wide)["row_overflow_columns"] == 1
    cols = ", ".join(f"c{i} char(1000) NOT NULL" for i in range(9))
    e = one(f"CREATE TABLE t ({cols})")
    assert [d.code for d in e.diagnostics] == ["S002"]
    assert "CREATE TABLE fails" in e.diagnostics[0].message


def test_sparse_vector() -> None:
    # "Use Sparse Columns": int 4 -> 8 bytes, nvarchar value + 4; vector header 4.
    e = one("CREATE TABLE t (id int NOT NULL, a int SPARSE NULL, b nvarchar(10) SPARSE NULL)")
    ws = e.worksheets[0]
    assert ws.value("2a") == 2 and ws.value("2c") == 1
    assert ws.value("2d") == 4 + 8 + 24
    e = one(
        "CREATE TABLE t (id int NOT NULL, a int SPARSE NULL)",
        averages=((("t", "a"), 0),),
    )
    assert e.worksheets[0].value("2d") == 0
    e = one("CREATE TABLE t (id int NOT NULL, a text SPARSE NULL)")
    assert [d.code for d in e.diagnostics] == ["S011"]


# -- other dialects on SQL Server ------------------------------------------------------------


def test_mapping_from_sybase_and_teradata() -> None:
    r, _ = sized(
        "create table t (a unichar(10) not null, b unitext null, c bigdatetime not null,"
        " d sysname not null, e float(10) not null)",
        "sybase",
    )
    got = [
        (c.storage.type, c.storage.category, c.storage.data_length)
        for c in r.tables[0].columns
        if c.storage
    ]
    assert got == [
        ("nchar(10)", "fixed", 20),
        ("nvarchar(max)", "off_row", 24),
        ("datetime2(6)", "fixed", 8),
        ("varchar(30)", "variable", 30),
        ("real", "fixed", 4),
    ]
    assert all(c.storage and c.storage.mapped for c in r.tables[0].columns)


def test_bad_type_names_column_and_type_and_the_rest_is_sized() -> None:
    ddl = (
        "CREATE TABLE t (a INTEGER NOT NULL, p PERIOD(DATE), b BYTEINT NOT NULL) PRIMARY INDEX (a);"
    )
    r, est = sized(ddl, "teradata")
    s001 = [d for d in r.diagnostics if d.code == "S001"]
    assert len(s001) == 1
    assert "t.p" in s001[0].message and "PERIOD(DATE)" in s001[0].message
    # a int 4 + b smallint 2 (BYTEINT's range does not fit tinyint): 6 + 3 + 4.
    assert est[0].row_bytes == 13


# -- properties -----------------------------------------------------------------------------

_TYPES = st.sampled_from(
    ["int", "bigint", "bit", "char(7)", "varchar(40)", "nvarchar(300)", "decimal(12,2)",
     "datetime2(3)", "varbinary(max)", "text", "uniqueidentifier", "varchar(5000)"]
)  # fmt: skip
_COLS = st.lists(st.tuples(_TYPES, st.booleans()), min_size=1, max_size=12)


def _ddl(cols: list[tuple[str, bool]]) -> str:
    body = ", ".join(f"c{i} {t} {'NULL' if n else 'NOT NULL'}" for i, (t, n) in enumerate(cols))
    return f"CREATE TABLE t ({body})"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_COLS, st.tuples(_TYPES, st.booleans()))
def test_row_never_shrinks_when_a_column_is_added(
    cols: list[tuple[str, bool]], extra: tuple[str, bool]
) -> None:
    before, after = one(_ddl(cols)), one(_ddl([*cols, extra]))
    assert after.row_bytes >= before.row_bytes
    assert after.max_row_bytes >= before.max_row_bytes


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 3999), st.integers(0, 4000))
def test_row_never_shrinks_when_a_column_is_widened(n: int, more: int) -> None:
    a = one(f"CREATE TABLE t (k int NOT NULL, v nvarchar({n}) NULL)")
    b = one(f"CREATE TABLE t (k int NOT NULL, v nvarchar({min(4000, n + more)}) NULL)")
    assert b.row_bytes >= a.row_bytes


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_COLS, st.integers(0, 10**7))
def test_rows_per_page_bounds_and_additive_worksheets(
    cols: list[tuple[str, bool]], rows: int
) -> None:
    e = one(_ddl(cols), rows=rows)
    # The smallest row is 7 bytes (no data, 3-byte bitmap, 4-byte header).
    assert 1 <= (e.rows_per_page or 0) <= 8096 // (7 + 2)
    for ws in e.worksheets:
        for step in ws.steps:
            if step.terms:
                assert step.additive, (ws.title, step)
    assert e.worksheets[0].value("5") == e.row_bytes
    assert e.pages == -(-rows // (e.rows_per_page or 1))


# -- CLI --------------------------------------------------------------------------------------


def test_cli_explain_csv_json() -> None:
    runner = CliRunner()
    seed = str(FIXTURES / "tsql" / "seed_tables.sql")
    out = runner.invoke(main, ["size", seed, "--platform", "mssql", "--explain", "--rows", "1000"])
    assert out.exit_code == 0, out.output
    assert "Estimate the Size of a Clustered Index" in out.output
    assert "Row_Size" in out.output and "484" in out.output
    out = runner.invoke(main, ["size", seed, "--format", "csv"])
    lines = out.output.strip().splitlines()
    assert lines[1].split(",")[1:6] == ["dbo.TableA", "tsql", "mssql", "484", "484"]
    out = runner.invoke(main, ["size", seed, "--format", "json", "--fill", "0.5"])
    doc = json.loads(out.output)
    table = doc["tables"][1]
    assert table["platform"] == "mssql" and table["row_bytes"] == 4 + (2 + 2 * 2 + 300) + 3 + 4
    steps = [s["step"] for s in table["worksheets"][0]["steps"]]
    assert "1.6" in steps


# -- review additions ---------------------------------------------------------------------------


def headlines_in_worksheets(e: TableEstimate) -> None:
    """Every headline figure is the value of a step of the worksheet it names (--explain)."""
    values = {s.value for ws in e.worksheets for s in ws.steps}
    for name in ("row_bytes", "rows_per_page", "pages", "table_bytes"):
        got = getattr(e, name)
        assert got is None or got in values, (name, got)
    by_title = {ws.title: ws for ws in e.worksheets}
    for f in e.figures:
        if f.worksheet is not None:
            assert f.value in {s.value for s in by_title[f.worksheet].steps}, f


def test_headline_figures_equal_worksheet_values() -> None:
    _, est = sized((FIXTURES / "tsql" / "seed_tables.sql").read_text(), rows=1_000_000)
    for e in est:
        headlines_in_worksheets(e)
    a = est[0]
    assert a.pages == 62_500 + 102 and a.rows_per_page == 16
    e = one(
        "CREATE TABLE t (id int NOT NULL, pad char(96) NOT NULL, "
        "CONSTRAINT pk PRIMARY KEY CLUSTERED (id) WITH (FILLFACTOR = 80))",
        rows=10_000,
    )
    headlines_in_worksheets(e)
    assert e.rows_per_page == 74 - 14  # rows stored per leaf page, step 1.8+


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ("page_free_bytes = 100000", "page_free_bytes = 100000: expected a value between"),
        ("page_bytes = 0", "page_bytes = 0: expected a value between"),
        ("page_free_bytes = 9000", "page_free_bytes = 9000 must be smaller than page_bytes"),
    ],
)
def test_absurd_mssql_settings_are_rejected(tmp_path: Path, toml: str, message: str) -> None:
    cfg = tmp_path / "ddlaudit.toml"
    cfg.write_text(f"[size.mssql]\n{toml}\n", encoding="utf-8")
    seed = str(FIXTURES / "tsql" / "seed_tables.sql")
    run = CliRunner().invoke(main, ["size", seed, "--config", str(cfg)])
    assert run.exit_code == 2, run.output
    assert message in run.output and "Traceback" not in run.output
