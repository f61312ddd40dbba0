"""Teradata sizing: the manual's worked examples, properties of the procedures, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer import passes
from analyzer.cli import main
from analyzer.core import Options, analyze_bytes
from analyzer.estimators import TableEstimate, estimate_file
from analyzer.ir import FileResult
from analyzer.settings import SizingSettings, TeradataSettings

ROOT = Path(__file__).resolve().parent.parent
EMPLOYEE = ROOT / "fixtures" / "teradata" / "employee.sql"


def sized(
    ddl: str | bytes, sizing: SizingSettings | None = None, dialect: str = "teradata"
) -> tuple[FileResult, tuple[TableEstimate, ...]]:
    sizing = sizing or SizingSettings()
    data = ddl.encode() if isinstance(ddl, str) else ddl
    result = passes.run(analyze_bytes("t.sql", data, Options(dialect=dialect)))
    result = passes.run(result, passes.SIZING_RULES, sizing=sizing)
    return result, estimate_file(result, sizing)


def one(ddl: str, sizing: SizingSettings | None = None, dialect: str = "teradata") -> TableEstimate:
    _, estimates = sized(ddl, sizing, dialect)
    assert len(estimates) == 1
    return estimates[0]


AVG_14 = SizingSettings(averages=((("employee", "fname"), 14),))


# --------------------------------------------------------------- worked examples


def test_employee_logical_64_physical_82() -> None:
    """Database Design 16.10, Row Size Calculation: the Employee example."""
    e = one(EMPLOYEE.read_text(), AVG_14)
    packed = e.worksheets[0]
    assert packed.value("1-3") == 14  # SUM(a): FName averages 14 bytes
    assert packed.value("4-6") == 30  # 2 DATE, 1 DECIMAL(10,2), 3 INTEGER, 1 SMALLINT
    assert packed.value("7") == 20  # SUM(n): LName CHAR(20)
    assert packed.value("8") == 64  # "For the example, the logical size is 64 bytes."
    assert packed.value("9") == 14  # nonpartitioned primary index
    assert packed.value("10") == 2  # one variable column
    assert packed.value("12") == 3  # SupEmpNum, DeptNum, JobCode
    assert packed.value("13") == 0  # "the calculation is 3/8, so the quotient is 0"
    assert packed.value("18") == 82  # "For the example, the sum is 82"
    assert e.row_bytes == 82


def test_employee_at_declared_maximum() -> None:
    e = one(EMPLOYEE.read_text())
    assert e.row_bytes == 98  # FName at 30 bytes: 82 + 16
    assert e.max_row_bytes == 98


def test_employee_aligned_exact_procedure() -> None:
    # 12 header, 2 x (1 + 1) offsets, FixedActual 16 (FA 8), FS 50, VS 14 -> 80 (multiple of 8)
    e = one(EMPLOYEE.read_text(), AVG_14)
    exact = next(w for w in e.worksheets if w.title == "aligned row (exact procedure)")
    assert exact.result == 80
    aligned = one(
        EMPLOYEE.read_text(),
        SizingSettings(averages=AVG_14.averages, teradata=TeradataSettings(row_format="aligned")),
    )
    assert aligned.row_bytes == 80


def test_noeth_uncompressed_row_is_20() -> None:
    """TeradataForum 2003: (pi integer, val smallint): 14 header + 4 + 2 = 20 bytes."""
    e = one("create table t ( pi integer, val smallint ) unique primary index (pi);")
    assert e.row_bytes == 20


def test_noeth_63_compressed_values_need_a_second_presence_octet() -> None:
    values = ", ".join(str(i) for i in range(63))
    e = one(
        f"create table t (pi integer, val smallint compress ({values})) unique primary index (pi);"
    )
    packed = e.worksheets[0]
    # 6 compress bits + 1 per nullable column = 8 > 7: one more octet (exact rule) ...
    assert packed.value("13") == 1
    assert (
        packed.steps[[s.step for s in packed.steps].index("13")].note
        == "procedure rule 0, exact rule 1"
    )
    # ... which the procedure's simple rule misses.
    proc = one(
        f"create table t (pi integer, val smallint compress ({values})) unique primary index (pi);",
        SizingSettings(teradata=TeradataSettings(presence_rule="procedure")),
    )
    assert proc.worksheets[0].value("13") == 0
    assert e.row_bytes == proc.row_bytes + 2  # 21 rounds up to 22


@pytest.mark.parametrize(
    ("nullable", "octets"), [(0, 0), (7, 0), (8, 1), (15, 1), (16, 2), (23, 2), (24, 3)]
)
def test_presence_octet_boundaries(nullable: int, octets: int) -> None:
    cols = ", ".join(f"c{i} INTEGER" for i in range(nullable))
    ddl = f"CREATE TABLE t (k INTEGER NOT NULL{', ' + cols if cols else ''}) PRIMARY INDEX (k);"
    e = one(ddl)
    assert e.worksheets[0].value("13") == octets
    assert e.worksheets[0].value("12") == nullable


def test_ppi_overhead_18_and_8_byte_partitions() -> None:
    ppi = one(
        "CREATE TABLE t (k INTEGER NOT NULL, d DATE NOT NULL) PRIMARY INDEX (k) "
        "PARTITION BY RANGE_N(d BETWEEN DATE '2020-01-01' AND DATE '2020-12-31' "
        "EACH INTERVAL '1' DAY);"
    )
    assert ppi.worksheets[0].value("9") == 18
    assert ppi.row_bytes == 18 + 8


def test_lob_object_ids_step_14() -> None:
    e = one(
        "CREATE TABLE t (k INTEGER NOT NULL, doc CLOB(1M) NOT NULL, pic BLOB NOT NULL) "
        "PRIMARY INDEX (k);"
    )
    assert e.worksheets[0].value("14") == 80
    assert e.row_bytes == 14 + 4 + 80
    e39 = one(
        "CREATE TABLE t (k INTEGER NOT NULL, doc CLOB(1M) NOT NULL) PRIMARY INDEX (k);",
        SizingSettings(teradata=TeradataSettings(lob_oid_bytes=39)),
    )
    assert e39.worksheets[0].value("14") == 39


@pytest.mark.parametrize(
    ("declared", "packed", "aligned"),
    [
        ("BYTEINT", 1, 1),
        ("SMALLINT", 2, 2),
        ("BIGINT", 8, 8),
        ("DECIMAL(2)", 1, 1),
        ("DECIMAL(4,2)", 2, 2),
        ("DECIMAL(9,2)", 4, 4),
        ("DECIMAL(18,2)", 8, 8),
        ("DECIMAL(38,2)", 16, 16),
        ("DECIMAL", 4, 4),  # DECIMAL(5,0)
        ("FLOAT", 8, 8),
        ("REAL", 8, 8),
        ("DATE", 4, 4),
        ("TIME(6)", 6, 8),
        ("TIMESTAMP(0)", 10, 12),
        ("TIME WITH TIME ZONE", 8, 8),
        ("TIMESTAMP(6) WITH TIME ZONE", 12, 12),
        ("PERIOD(DATE)", 8, 8),
        ("PERIOD(TIMESTAMP(6))", 20, 24),
        ("PERIOD(TIMESTAMP(6) WITH TIME ZONE)", 24, 24),
        ("INTERVAL DAY(2) TO SECOND(6)", 10, 12),
        ("INTERVAL MINUTE TO SECOND", 6, 8),
        ("INTERVAL YEAR TO MONTH", 4, 4),
        ("CHAR(10) CHARACTER SET UNICODE", 20, 20),
        ("CHAR(10) CHARACTER SET LATIN", 10, 10),
        ("BYTE(16)", 16, 16),
        ("GRAPHIC(5)", 10, 10),
    ],
)
def test_sizing_factors(declared: str, packed: int, aligned: int) -> None:
    result, _ = sized(f"CREATE TABLE t (c {declared} NOT NULL) NO PRIMARY INDEX;")
    storage = result.tables[0].columns[0].storage
    assert storage is not None
    assert (storage.data_length, storage.aligned_length) == (packed, aligned)


def test_unicode_default_character_set_doubles_char_bytes() -> None:
    ddl = "CREATE TABLE t (c CHAR(10) NOT NULL, v VARCHAR(10) NOT NULL) NO PRIMARY INDEX;"
    latin, _ = sized(ddl)
    uni, _ = sized(ddl, SizingSettings(teradata=TeradataSettings(default_character_set="UNICODE")))
    assert [c.storage.data_length for c in latin.tables[0].columns if c.storage] == [10, 10]
    assert [c.storage.data_length for c in uni.tables[0].columns if c.storage] == [20, 20]


# --------------------------------------------------------------- mapping and bad input


def test_tsql_table_sized_as_teradata_shows_the_mapping() -> None:
    result, (e,) = sized(
        "CREATE TABLE dbo.t (id int NOT NULL, name nvarchar(50) NOT NULL, flag bit NOT NULL, "
        "blob varbinary(max) NULL)",
        SizingSettings(platform="teradata"),
        dialect="tsql",
    )
    storage = {c.name: c.storage for c in result.tables[0].columns}
    assert storage["name"] is not None and storage["name"].mapped
    assert storage["name"].type == "VARCHAR(50) CHARACTER SET UNICODE"
    assert storage["name"].data_length == 100
    assert storage["flag"] is not None and storage["flag"].type == "BYTEINT"
    assert storage["blob"] is not None and storage["blob"].category == "lob"
    assert e.platform == "teradata" and e.dialect == "tsql"


def test_type_the_platform_lacks_is_named_and_the_rest_is_sized() -> None:
    result, (e,) = sized(
        "CREATE TABLE dbo.t (id int NOT NULL, v sql_variant NULL, n int NOT NULL)",
        SizingSettings(platform="teradata"),
        dialect="tsql",
    )
    (diag,) = [d for d in result.diagnostics if d.code == "S001"]
    assert "t.v" in diag.message and "sql_variant" in diag.message
    assert diag.span is not None and diag.span.line == 1
    assert e.row_bytes == 14 + 4 + 4 + 0  # v left out, nullable bit still within the first octet
    assert e.worksheets[0].value("4-6") == 8


def test_row_limit_before_16() -> None:
    ddl = (
        "CREATE TABLE t (k INTEGER NOT NULL, a VARCHAR(32000) CHARACTER SET UNICODE, "
        "b VARCHAR(10000)) PRIMARY INDEX (k);"
    )
    old = one(ddl, SizingSettings(teradata=TeradataSettings(release="15.10")))
    assert old.row_limit == 64_256
    assert [d.code for d in old.diagnostics] == ["S002"]
    assert "74," in old.diagnostics[0].message
    new = one(ddl)
    assert new.diagnostics == ()


def test_table_size_with_fallback_doubles() -> None:
    ddl = "CREATE TABLE t{fb} (k INTEGER NOT NULL) PRIMARY INDEX (k);"
    s = SizingSettings(rows=1_000_000, teradata=TeradataSettings(amps=10))
    plain = one(ddl.format(fb=", NO FALLBACK"), s)
    fallback = one(ddl.format(fb=", FALLBACK"), s)
    assert fallback.table_bytes == 2 * (plain.table_bytes or 0)
    assert plain.rows_per_page == (97_792 - 74) // (18 + 2)
    assert plain.reconstruction is not None


# --------------------------------------------------------------- properties

_TYPES = st.sampled_from(
    [
        "BYTEINT",
        "SMALLINT",
        "INTEGER",
        "BIGINT",
        "DECIMAL(12,2)",
        "FLOAT",
        "DATE",
        "TIME",
        "TIMESTAMP(6)",
        "CHAR(7)",
        "VARCHAR(40)",
        "VARBYTE(9)",
        "BYTE(3)",
        "CLOB(10K)",
        "PERIOD(DATE)",
        "INTERVAL DAY TO SECOND",
        "NUMBER(10)",
    ]
)
_COLUMN = st.tuples(_TYPES, st.booleans(), st.integers(0, 3))


def _ddl(columns: list[tuple[str, bool, int]]) -> str:
    parts = ["k INTEGER NOT NULL"]
    for i, (typ, nullable, compressed) in enumerate(columns):
        comp = ""
        if compressed and typ in ("INTEGER", "SMALLINT", "BIGINT", "BYTEINT"):
            comp = " COMPRESS (" + ", ".join(str(v) for v in range(compressed)) + ")"
        parts.append(f"c{i} {typ}{'' if nullable else ' NOT NULL'}{comp}")
    return f"CREATE TABLE t ({', '.join(parts)}) PRIMARY INDEX (k);"


@settings(max_examples=60, deadline=None)
@given(st.lists(_COLUMN, max_size=20), _COLUMN)
def test_adding_a_column_never_shrinks_the_row(
    columns: list[tuple[str, bool, int]], extra: tuple[str, bool, int]
) -> None:
    before = one(_ddl(columns))
    after = one(_ddl([*columns, extra]))
    assert after.row_bytes >= before.row_bytes
    for i in (0, 1, 2):
        assert after.worksheets[i].result >= before.worksheets[i].result


@settings(max_examples=60, deadline=None)
@given(st.lists(_COLUMN, max_size=25))
def test_packed64_even_aligned_multiple_of_8_terms_add_up(
    columns: list[tuple[str, bool, int]],
) -> None:
    e = one(_ddl(columns))
    packed, conservative, exact = e.worksheets[:3]
    assert packed.result % 2 == 0
    assert conservative.result % 8 == 0 and exact.result % 8 == 0
    for ws in (packed, conservative, exact):
        for step in ws.steps:
            if step.step in (
                "1-3", "4-6", "7", "8", "17", "18", "24", "25", "5", "6-7", "17-21", "22-25", "26"
            ):  # fmt: skip
                assert sum(t.value for t in step.terms) == step.value, (ws.title, step)
    assert packed.value("18") == e.row_bytes


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 500), st.integers(1, 500))
def test_widening_a_varchar_never_shrinks_the_row(a: int, b: int) -> None:
    small, large = sorted((a, b))
    ddl = "CREATE TABLE t (k INTEGER NOT NULL, v VARCHAR({n})) PRIMARY INDEX (k);"
    assert one(ddl.format(n=large)).row_bytes >= one(ddl.format(n=small)).row_bytes


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 40))
def test_presence_octets_grow_exactly_at_the_boundaries(n: int) -> None:
    cols = "".join(f", c{i} SMALLINT" for i in range(n))
    e = one(f"CREATE TABLE t (k INTEGER NOT NULL{cols}) PRIMARY INDEX (k);")
    expected = 0 if n <= 7 else (n - 7 + 7) // 8
    assert e.worksheets[0].value("13") == expected


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 1000), st.integers(1, 10**7))
def test_rows_per_block_within_bounds(width: int, rows: int) -> None:
    e = one(
        f"CREATE TABLE t (k INTEGER NOT NULL, v CHAR({width}) NOT NULL) PRIMARY INDEX (k);",
        SizingSettings(rows=rows),
    )
    assert e.rows_per_page is not None and 1 <= e.rows_per_page <= 97_792 // 2
    assert e.pages is not None and e.pages * e.rows_per_page >= rows


# --------------------------------------------------------------- CLI


def test_cli_explain_and_averages(tmp_path: Path) -> None:
    avg = tmp_path / "avg.yaml"
    avg.write_text("Employee:\n  FName: 14\n", encoding="utf-8")
    run = CliRunner().invoke(main, ["size", str(EMPLOYEE), "--averages", str(avg), "--explain"])
    assert run.exit_code == 0, run.output
    assert "step 8   Logical size" in run.output
    assert "= 82" in run.output
    assert "average 14 bytes" in run.output


def test_cli_csv_and_json(tmp_path: Path) -> None:
    avg = tmp_path / "avg.csv"
    avg.write_text("table,column,bytes\nemployee,fname,14\n", encoding="utf-8")
    run = CliRunner().invoke(
        main, ["size", str(EMPLOYEE), "--averages", str(avg), "--format", "csv"]
    )
    assert run.exit_code == 0, run.output
    _, line = run.output.strip().splitlines()
    assert line.split(",")[1:6] == ["Personnel.Employee", "teradata", "teradata", "82", "98"]
    run = CliRunner().invoke(main, ["size", str(EMPLOYEE), "--format", "json", "--rows", "1000"])
    doc = json.loads(run.output)
    assert doc["schema_version"] == "1.0"
    (table,) = doc["tables"]
    assert table["row_bytes"] == 98 and table["table"] == "Personnel.Employee"
    assert [c["name"] for c in table["columns"]][:2] == ["EmpNum", "SupEmpNum"]
    assert table["columns"][5]["storage"]["category"] == "variable"
    assert table["table_bytes"] > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rows", "-5"], "--rows = -5"),
        (["--fill", "0"], "--fill = 0.0"),
        (["--fill", "1.5"], "--fill = 1.5"),
        (["--rows", "99999999999999999999"], "--rows"),
    ],
)
def test_cli_rejects_absurd_rows_and_fill(args: list[str], message: str) -> None:
    run = CliRunner().invoke(main, ["size", str(EMPLOYEE), *args])
    assert run.exit_code == 2
    assert message in run.output
    assert "Traceback" not in run.output


def test_cli_bad_averages_file(tmp_path: Path) -> None:
    avg = tmp_path / "avg.csv"
    avg.write_text("table,column,bytes\nemployee,fname,lots\n", encoding="utf-8")
    run = CliRunner().invoke(main, ["size", str(EMPLOYEE), "--averages", str(avg)])
    assert run.exit_code == 2
    assert f"{avg}:2: bytes = 'lots'" in run.output


def test_config_size_table(tmp_path: Path) -> None:
    cfg = tmp_path / "ddlaudit.toml"
    cfg.write_text('[size.teradata]\nrow_format = "aligned"\n', encoding="utf-8")
    run = CliRunner().invoke(main, ["size", str(EMPLOYEE), "--config", str(cfg), "--format", "csv"])
    assert run.exit_code == 0, run.output
    assert run.output.strip().splitlines()[1].split(",")[4] == "96"  # aligned exact at maximums
    cfg.write_text('[size.teradata]\nrow_format = "wide"\n', encoding="utf-8")
    run = CliRunner().invoke(main, ["size", str(EMPLOYEE), "--config", str(cfg)])
    assert run.exit_code == 2
    assert "row_format = 'wide': expected one of packed64, aligned" in run.output


# --------------------------------------------------------------- review additions


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


@pytest.mark.parametrize("amps", [1, 10])
def test_headline_figures_equal_worksheet_values(amps: int) -> None:
    s = SizingSettings(rows=123_457, teradata=TeradataSettings(amps=amps))
    e = one(EMPLOYEE.read_text(), s)
    headlines_in_worksheets(e)
    table = e.worksheets[-1]
    # 123,457 rows over the AMPs, 977 rows per 97,792-byte block (98-byte rows).
    per_amp = -(-123_457 // amps)
    assert table.value("R") == (97_792 - 74) // (98 + 2) == 977
    assert table.value("N") == -(-per_amp // 977)
    assert e.pages == table.value("NB") == amps * table.value("N")


def test_st_geometry_reserves_44_bytes_of_metadata() -> None:
    """Geospatial Data Types: "Teradata Database reserves space within the row for an
    additional 44 bytes of metadata whether the spatial object is stored within or
    outside the row" (reference teradata.md §1.9)."""
    result, (e,) = sized(
        "CREATE TABLE t (k INTEGER NOT NULL, g ST_GEOMETRY(1000) NOT NULL,"
        " h ST_GEOMETRY NOT NULL) PRIMARY INDEX (k);",
        SizingSettings(averages=((("t", "g"), 200),)),
    )
    g, h = (result.tables[0].columns[i].storage for i in (1, 2))
    assert g is not None and (g.category, g.data_length, g.max_length) == ("variable", 244, 1044)
    assert h is not None and (h.category, h.data_length) == ("lob", 40 + 44)
    packed = e.worksheets[0]
    assert packed.value("1-3") == 244 and packed.value("14") == 84
    # 4 + 244 + 84 + 14 overhead + 2 offset + 2 variable portion = 350
    assert e.row_bytes == 350


@pytest.mark.parametrize(
    ("declared", "size"),
    [("MBR", 32), ("MBB", 48), ("SYSUDTLIB.MBR", 32), ("SYSUDTLIB.MBB", 48)],
)
def test_mbr_and_mbb(declared: str, size: int) -> None:
    # Geospatial Data Types 16.10: MBR 4 x DOUBLE PRECISION, MBB 6 x DOUBLE PRECISION,
    # also when written with their database, SYSUDTLIB.
    result, _ = sized(f"CREATE TABLE t (c {declared} NOT NULL) NO PRIMARY INDEX;")
    storage = result.tables[0].columns[0].storage
    assert storage is not None and storage.data_length == size


def test_aligned_row_format_is_flagged_as_a_reconstruction() -> None:
    e = one(EMPLOYEE.read_text())
    assert e.reconstruction is None  # packed64 rows, no table size: every step is the manual's
    aligned = one(
        EMPLOYEE.read_text(), SizingSettings(teradata=TeradataSettings(row_format="aligned"))
    )
    assert aligned.reconstruction is not None and "D19" in aligned.reconstruction
    exact = next(w for w in aligned.worksheets if w.title == "aligned row (exact procedure)")
    assert exact.reconstruction is not None


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('release = "banana"', "release = 'banana': expected a release number"),
        ("max_block_bytes = 0", "max_block_bytes = 0: expected a value between 9216 and"),
        ("block_overhead = 10000000", "block_overhead = 10000000: expected a value between"),
        ("table_header_bytes = -1", "table_header_bytes = -1"),
    ],
)
def test_absurd_teradata_settings_are_rejected(tmp_path: Path, toml: str, message: str) -> None:
    cfg = tmp_path / "ddlaudit.toml"
    cfg.write_text(f"[size.teradata]\n{toml}\n", encoding="utf-8")
    run = CliRunner().invoke(main, ["size", str(EMPLOYEE), "--config", str(cfg)])
    assert run.exit_code == 2, run.output
    assert message in run.output and "Traceback" not in run.output


@pytest.mark.parametrize("platform", ["teradata", "hirdb", "mssql", "ase"])
def test_persisted_computed_column_is_named_on_every_platform(platform: str) -> None:
    result, (e,) = sized(
        "CREATE TABLE dbo.t (id int NOT NULL, c AS (id * 2) PERSISTED, n int NOT NULL)",
        SizingSettings(platform=platform),
        dialect="tsql",
    )
    (diag,) = [d for d in result.diagnostics if d.code == "S001"]
    assert "t.c" in diag.message and "persisted computed column" in diag.message
    assert [c.name for c in result.tables[0].columns if c.storage is not None] == ["id", "n"]
    assert e.row_bytes > 0


def test_sysudtlib_mbr_is_built_in() -> None:
    result, (e,) = sized("CREATE TABLE t (k INTEGER NOT NULL, b SYSUDTLIB.MBR) PRIMARY INDEX (k);")
    assert [d.code for d in result.diagnostics] == []
    assert result.tables[0].columns[1].type.family == "spatial"
    assert e.row_bytes == 14 + 4 + 32 + 0  # one nullable column: no extra presence octet
