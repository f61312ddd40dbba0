"""Sybase ASE sizing: the Performance and Tuning worked examples, limits, mapping, the CLI.

The 9,000,000-row example is the manual's ("Tables and indexes used in the formulas":
100 bytes of fixed-length columns, two variable-length columns of 50 bytes, a clustered
index on a 4-byte column), in ``fixtures/size/ase_manual_example.sql``.
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
from analyzer.estimators.ase import dol_max_rows, exp_row_size_from_max_rows, limits
from analyzer.ir import FileResult
from analyzer.platforms.ase import numeric_bytes
from analyzer.settings import AseSettings, SizingSettings

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "fixtures" / "size" / "ase_manual_example.sql"


def sized(
    ddl: str, dialect: str = "sybase", **kw: object
) -> tuple[FileResult, tuple[TableEstimate, ...]]:
    s = SizingSettings(**{"platform": "ase", **kw})  # type: ignore[arg-type]
    r = passes.run(analyze_bytes("t.sql", ddl.encode(), Options(dialect=dialect)))
    r = passes.run(r, passes.SIZING_RULES, sizing=s)
    return r, estimate_file(r, s)


def one(ddl: str, dialect: str = "sybase", **kw: object) -> TableEstimate:
    return sized(ddl, dialect, **kw)[1][0]


def figures(e: TableEstimate) -> dict[str, float]:
    return {f.name: f.value for f in e.figures}


def example() -> dict[str, TableEstimate]:
    _, est = sized(EXAMPLE.read_text(), rows=9_000_000)
    return {e.table.name: e for e in est}


# -- the manual's worked examples --------------------------------------------------------------


def test_allpages_example() -> None:
    e = example()["example_apl"]
    row = e.worksheets[0]
    # Step 1: 4 + 100 + 50 = 154; + (154 / 256) + 1 = 1; + 3 (offset table); + 2 = 160.
    assert (row.value("1s"), row.value("1a"), row.value("1o"), e.row_bytes) == (154, 1, 3, 160)
    # Step 2: 2016 / 160 = 12 rows per page; 9,000,000 / 12 = 750,000 data pages.
    f = figures(e)
    assert (e.rows_per_page, f["data_pages"]) == (12, 750_000)
    # Steps 3-5: 5 + 4 = 9-byte index rows; (2016 / 9) - 2 = 222 per page;
    # 750,000 / 222 = 3379, 3379 / 222 = 16, 16 / 222 = 1: 3396 index pages.
    ix = e.worksheets[3]
    assert (ix.value("3"), ix.value("4r"), ix.value("5")) == (9, 222, 3396)
    assert [t.value for t in ix.steps[-1].terms] == [3379, 16, 1]
    # Step 6: OAM 750,000 / 63,750 = 12 and 3396 / 63,750 = 1 (minimum): 753,409 pages.
    assert (f["index_pages"], f["oam_pages_min"], e.pages) == (3396, 13, 753_409)


def test_data_only_locked_example() -> None:
    e = example()["example_dol"]
    # Step 1: 8 + 100 + 50 + 2 x 2 = 162.
    assert e.row_bytes == 162
    # Step 2: 750,000 data pages; step 3: OAM 12 (minimum) to 375 (maximum):
    # totals 750,012 and 750,375.
    f = figures(e)
    assert (f["data_pages"], f["oam_pages_min"], f["oam_pages_max"]) == (750_000, 12, 375)
    assert e.pages == 750_012
    total = next(s for s in e.worksheets[-1].steps if s.step == "6")
    assert total.note is not None and "750,375" in total.note
    assert e.worksheets[-1].value("6b") == e.table_bytes == 750_012 * 2048
    assert e.reconstruction is not None


def test_dol_maximum_rows_per_page_table() -> None:
    # "Maximum number of data rows for a DOL data page": 166 / 337 / 678 / 1361.
    assert [dol_max_rows(p) for p in (2048, 4096, 8192, 16384)] == [166, 337, 678, 1361]
    # A table of one tinyint (a 7-byte row, padded to 10) reaches the maximum.
    ddl = "create table t (a tinyint not null) lock datarows"
    for page, most in ((2048, 166), (16384, 1361)):
        ase = dataclasses.replace(AseSettings(), page_size=page)
        e = one(ddl, ase=ase)
        assert (e.row_bytes, e.rows_per_page) == (10, most)


def test_apl_rows_per_page_cap_and_max_rows_per_page() -> None:
    ase = dataclasses.replace(AseSettings(), page_size=16384)
    assert one("create table t (a int not null) lock allpages", ase=ase).rows_per_page == 256
    e = one("create table t (a int not null) lock allpages with max_rows_per_page = 10")
    assert e.rows_per_page == 10


def test_numeric_storage() -> None:
    # Building Blocks: ceiling(precision / log 256) + 1; numeric(18,4) is 9 bytes.
    assert numeric_bytes(18) == 9
    derived = {2: 2, 4: 3, 7: 4, 9: 5, 12: 6, 14: 7, 16: 8, 19: 9, 21: 10, 24: 11, 26: 12,
               28: 13, 31: 14, 33: 15, 36: 16, 38: 17}  # fmt: skip
    assert {p: numeric_bytes(p) for p in derived} == derived
    r, _ = sized("create table t (a numeric(18,4) not null)")
    assert r.tables[0].columns[0].storage is not None
    assert r.tables[0].columns[0].storage.data_length == 9


def test_space_management_examples() -> None:
    # max_rows_per_page 10 -> exp_row_size 200 (2002 / 10) for a 300-byte row, 150 for 150.
    assert exp_row_size_from_max_rows(300, 10, 2002) == 200
    assert exp_row_size_from_max_rows(150, 10, 2002) == 150
    # reservepagegap 10: "a table of 1,000 pages grows to 1,100 pages" (12 rows per page).
    ddl = (
        EXAMPLE.read_text()
        .split("go")[0]
        .replace("lock allpages", "lock allpages with reservepagegap = 10")
    )
    e = one(ddl, rows=12_000)
    assert e.worksheets[2].value("2") == 1000
    assert figures(e)["data_pages"] == 1100


# -- limits --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("page", "lock", "expected"),
    [
        (2048, "allpages", (1962, 1948)),
        (4096, "allpages", (4010, 3988)),
        (8192, "allpages", (8096, 8068)),
        (16384, "allpages", (16298, 16228)),
        (2048, "datarows", (1964, 1954)),
        (4096, "datapages", (4012, 4002)),
        (8192, "datarows", (8108, 8098)),
        (16384, "datarows", (16300, 16290)),
    ],
)
def test_maximum_row_and_column_length(page: int, lock: str, expected: tuple[int, int]) -> None:
    assert limits(page, lock) == expected


def test_varchar_1975_on_2k_page() -> None:
    # "you can create a table whose varchar (1975 bytes) exceeds the row maximum": inserts
    # over 1962 bytes fail.
    e = one("create table t (a int not null, v varchar(1975) not null)")
    assert sorted(d.code for d in e.diagnostics) == ["S002", "S015"]
    assert e.row_limit == 1962
    ase = dataclasses.replace(AseSettings(), page_size=4096)
    assert (
        one("create table t (a int not null, v varchar(1975) not null)", ase=ase).diagnostics == ()
    )


def test_property_not_applied() -> None:
    e = one("create table t (a int not null) lock datarows with max_rows_per_page = 10")
    assert [d.code for d in e.diagnostics] == ["S016"]


# -- storage and mapping ------------------------------------------------------------------------


def test_null_columns_are_variable_and_national_sizes() -> None:
    r, _ = sized(
        "create table t (a int null, b nchar(10) not null, c unichar(10) not null,"
        " d univarchar(5) not null, e text null, f bit not null)"
    )
    got = [(c.storage.category, c.storage.data_length) for c in r.tables[0].columns if c.storage]
    assert got == [
        ("variable", 4),
        ("fixed", 30),
        ("fixed", 20),
        ("variable", 10),
        ("lob", 16),
        ("bit", 1),
    ]
    ase = dataclasses.replace(AseSettings(), ncharsize=1)
    r, _ = sized("create table t (b nchar(10) not null)", ase=ase)
    assert r.tables[0].columns[0].storage is not None
    assert r.tables[0].columns[0].storage.data_length == 10


def test_mapping_from_tsql() -> None:
    r, _ = sized(
        "CREATE TABLE t (a nvarchar(40) NOT NULL, b varchar(max) NULL, c uniqueidentifier NOT NULL,"
        " d datetime2(7) NOT NULL, e bit NOT NULL, f time(7) NOT NULL)",
        "tsql",
    )
    got = [(c.storage.type, c.storage.data_length) for c in r.tables[0].columns if c.storage]
    assert got == [
        ("univarchar(40)", 80),
        ("text", 16),
        ("binary(16)", 16),
        ("bigdatetime", 8),
        ("bit", 1),
        ("bigtime", 8),
    ]


def test_bad_type_names_column_and_type_and_the_rest_is_sized() -> None:
    r, est = sized("CREATE TABLE t (a int NOT NULL, g geography NULL, b smallint NOT NULL)", "tsql")
    s001 = [d for d in r.diagnostics if d.code == "S001"]
    assert len(s001) == 1 and "t.g" in s001[0].message and "geography" in s001[0].message
    assert est[0].row_bytes == 4 + 4 + 2


# -- properties ------------------------------------------------------------------------------

_TYPES = st.sampled_from(
    ["int", "bigint", "bit", "char(7)", "varchar(40)", "univarchar(300)", "numeric(12,2)",
     "datetime", "text", "nvarchar(20)", "varchar(600)"]
)  # fmt: skip
_COLS = st.lists(st.tuples(_TYPES, st.booleans()), min_size=1, max_size=10)
_LOCK = st.sampled_from(["allpages", "datarows"])


def _ddl(cols: list[tuple[str, bool]], lock: str) -> str:
    body = ", ".join(
        f"c{i} {t} {'null' if n and t != 'bit' else 'not null'}" for i, (t, n) in enumerate(cols)
    )
    return f"create table t ({body}) lock {lock}"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_COLS, st.tuples(_TYPES, st.booleans()), _LOCK)
def test_row_never_shrinks_when_a_column_is_added(
    cols: list[tuple[str, bool]], extra: tuple[str, bool], lock: str
) -> None:
    before, after = one(_ddl(cols, lock)), one(_ddl([*cols, extra], lock))
    assert after.row_bytes >= before.row_bytes
    assert after.max_row_bytes >= before.max_row_bytes


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 1000), st.integers(0, 900), _LOCK)
def test_row_never_shrinks_when_a_column_is_widened(n: int, more: int, lock: str) -> None:
    a = one(f"create table t (k int not null, v varchar({n}) null) lock {lock}")
    b = one(f"create table t (k int not null, v varchar({n + more}) null) lock {lock}")
    assert b.row_bytes >= a.row_bytes


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_COLS, _LOCK, st.sampled_from([2048, 4096, 8192, 16384]), st.integers(0, 10**7))
def test_rows_per_page_bounds_and_additive_worksheets(
    cols: list[tuple[str, bool]], lock: str, page: int, rows: int
) -> None:
    ase = dataclasses.replace(AseSettings(), page_size=page)
    e = one(_ddl(cols, lock), rows=rows, ase=ase)
    top = dol_max_rows(page) if lock == "datarows" else 256
    assert 1 <= (e.rows_per_page or 0) <= top
    for ws in e.worksheets:
        for step in ws.steps:
            if step.terms:
                assert step.additive, (ws.title, step)
    assert e.pages is not None and e.pages >= -(-rows // (e.rows_per_page or 1))


# -- CLI ------------------------------------------------------------------------------------------


def test_cli_explain_csv_json() -> None:
    runner = CliRunner()
    out = runner.invoke(main, ["size", str(EXAMPLE), "--explain", "--rows", "9000000"])
    assert out.exit_code == 0, out.output
    assert "Calculating table and clustered index sizes for allpages-locked tables" in out.output
    assert "753,409" in out.output
    out = runner.invoke(main, ["size", str(EXAMPLE), "--format", "csv", "--rows", "9000000"])
    lines = out.output.strip().splitlines()
    assert lines[1].split(",")[1:11] == [
        "example_apl", "sybase", "ase", "160", "160", "1962", "9000000", "12", "753409",
        str(753_409 * 2048),
    ]  # fmt: skip
    pubs = str(ROOT / "fixtures" / "sybase" / "pubs2_install.sql")
    out = runner.invoke(main, ["size", pubs, "--format", "json", "--platform", "mssql"])
    doc = json.loads(out.output)
    assert {t["platform"] for t in doc["tables"]} == {"mssql"}
    assert all(c["storage"]["mapped"] for t in doc["tables"] for c in t["columns"] if c["storage"])


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
    for e in example().values():
        headlines_in_worksheets(e)
    apl = example()["example_apl"]
    assert apl.worksheets[-1].value("6b") == apl.table_bytes == 753_409 * 2048


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ("apl_page_header = 100000", "apl_page_header = 100000: expected a value between"),
        ("dol_min_row_bytes = -1", "dol_min_row_bytes = -1: expected a value between"),
    ],
)
def test_absurd_ase_settings_are_rejected(tmp_path: Path, toml: str, message: str) -> None:
    cfg = tmp_path / "ddlaudit.toml"
    cfg.write_text(f"[size.ase]\n{toml}\n", encoding="utf-8")
    run = CliRunner().invoke(main, ["size", str(EXAMPLE), "--config", str(cfg)])
    assert run.exit_code == 2, run.output
    assert message in run.output and "Traceback" not in run.output
