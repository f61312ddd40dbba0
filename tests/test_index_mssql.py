"""SQL Server index sizes (``size --indexes``): Microsoft's "Estimate the Size of a Nonclustered
Index" and "Estimate the Size of a Clustered Index", step by step (D106, D107)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer import passes
from analyzer.core import Options, analyze_bytes
from analyzer.estimators.indexes import IndexEstimate, estimate_indexes
from analyzer.estimators.mssql_index import nonleaf
from analyzer.settings import MssqlSettings, SizingSettings
from analyzer.worksheet import Worksheet


def sized(ddl: str, rows: int | None = 1_000_000) -> dict[str, IndexEstimate]:
    s = SizingSettings(rows=rows)
    r = analyze_bytes("t.sql", ddl.encode(), Options(dialect="tsql"))
    r = passes.run(passes.run(r), passes.SIZING_RULES, sizing=s)
    return {e.index: e for e in estimate_indexes(r, s)}


HEAP = """CREATE TABLE h (a int NOT NULL, b varchar(20) NULL, c char(10) NOT NULL)
GO
CREATE INDEX ix_c ON h (c)
GO
"""


def test_the_pages_own_non_leaf_example() -> None:
    """Step 3.2: Num_Leaf_Pages 1000, Index_Rows_Per_Page 25: "Non-leaf_Levels = 1 + log(25)
    (1000 / 25) = 3"; "1000/(25^3) + 1000/(25^2) + 1000/(25^1) = 1 + 2 + 40 = 43"."""
    ws = nonleaf(Worksheet("x", "y"), MssqlSettings(), 1000, 25)
    assert ws.value("3.1") == 3 and ws.value("3.2") == 43
    assert [tm.value for tm in ws.steps[1].terms] == [40, 2, 1]
    assert ws.value("3.3") == 43 * 8192


def test_nonunique_index_over_a_heap_step_by_step() -> None:
    e = sized(HEAP)["ix_c"]
    (ws,) = e.worksheets
    # Step 1.2: key c char(10); 1.3 the heap RID: +1 column, +1 variable column, +8 bytes
    assert (ws.value("1.2a"), ws.value("1.2b"), ws.value("1.2c"), ws.value("1.2d")) == (1, 10, 0, 0)
    assert (ws.value("1.3a"), ws.value("1.3b"), ws.value("1.3c"), ws.value("1.3d")) == (2, 10, 1, 8)
    # 1.4 no nullable key column: 0; 1.5 2 + 1 x 2 + 8 = 12; 1.6 10 + 12 + 0 + 1 + 6 = 29
    assert (ws.value("1.4"), ws.value("1.5"), ws.value("1.6")) == (0, 12, 29)
    assert ws.value("1.7") == 8096 // 31 == 261
    # Step 2: no included columns; the locator is already in (nonunique): no step 2.2
    assert ws.value("2.1a") == 2 and "2.2a" not in {s.step for s in ws.steps}
    # 2.3 2 + (2 + 7) / 8 = 3; 2.4 12; 2.5 10 + 12 + 3 + 1 = 26; 2.6 8096 / 28 = 289
    assert (ws.value("2.3"), ws.value("2.4"), ws.value("2.5"), ws.value("2.6")) == (3, 12, 26, 289)
    assert ws.value("2.7") == 0  # fill factor 100
    # 2.8 ceil(1,000,000 / 289) = 3,461; 3.1 2 levels; 3.2 ceil(3461/261) + ceil(3461/261^2)
    assert (ws.value("2.8"), ws.value("3.1"), ws.value("3.2")) == (3461, 2, 14 + 1)
    assert ws.value("4") == 8192 * (3461 + 15) == 28_475_392
    assert (e.pages, e.index_bytes, e.row_locator) == (3476, 28_475_392, "heap RID")
    assert all(s.additive for s in ws.steps if s.step in ("1.6", "2.5", "4"))


def test_unique_index_over_a_nonunique_clustered_index() -> None:
    ddl = """CREATE TABLE t (a int NOT NULL, b varchar(20) NULL, c char(10) NOT NULL)
GO
CREATE CLUSTERED INDEX cx_b ON t (b)
GO
CREATE UNIQUE NONCLUSTERED INDEX ux_a ON t (a)
GO
"""
    got = sized(ddl)
    cx, ux = got["cx_b"], got["ux_a"]
    assert (cx.kind, cx.unique, ux.kind, ux.row_locator) == (
        "clustered",
        False,
        "nonclustered",
        "clustering key",
    )
    (ws,) = ux.worksheets
    # upper levels: the key alone (unique): 4 + 0 + 0 + 1 + 6 = 11
    assert ws.value("1.6") == 11 and "1.3a" not in {s.step for s in ws.steps}
    # leaf: a + clustering key b (varchar(20)) + uniqueifier (4): 3 columns, 2 variable, 24 bytes
    assert (ws.value("2.2a"), ws.value("2.2b"), ws.value("2.2c"), ws.value("2.2d")) == (3, 4, 2, 24)
    # 2 + (3 + 7) / 8 = 3; 2 + 2 x 2 + 24 = 30; 4 + 30 + 3 + 1 = 38
    assert (ws.value("2.3"), ws.value("2.4"), ws.value("2.5")) == (3, 30, 38)
    # the clustered index: its leaf is the data row with the uniqueifier (Step 1.3)
    leaf = cx.worksheets[0]
    assert leaf.value("1.3") == 20 + 4  # Max_Var_Size + uniqueifier
    # the row: 4 + 10 fixed, 2 + 2 x 2 + 24 variable, 2 + (4 + 7) / 8 bitmap, 4 header = 51
    assert cx.leaf_row_bytes == 14 + 30 + 3 + 4 == 51


def test_fill_factor_and_included_columns() -> None:
    ddl = """CREATE TABLE h (a int NOT NULL, b varchar(20) NULL, c char(10) NOT NULL)
GO
CREATE INDEX ix_c ON h (c) INCLUDE ([b]) WITH (FILLFACTOR = 80)
GO
"""
    e = sized(ddl)["ix_c"]
    (ws,) = e.worksheets
    assert e.included == ("b",) and e.fill_factor == 80
    # leaf: c 10 fixed; heap RID 8 and b 20 variable: 3 columns; 2 + 2 x 2 + 28 = 34
    assert (ws.value("2.1a"), ws.value("2.1b"), ws.value("2.1c"), ws.value("2.1d")) == (
        3,
        10,
        2,
        28,
    )
    # the upper levels do not carry included columns
    assert ws.value("1.6") == 29
    # 10 + 34 + 3 + 1 = 48; 8096 / 50 = 161; free 8096 x 20 / 100 / 50 = 32
    assert (ws.value("2.5"), ws.value("2.6"), ws.value("2.7")) == (48, 161, 32)
    assert ws.value("2.8") == -(-1_000_000 // (161 - 32))


def test_included_columns_are_in_the_ir() -> None:
    """INCLUDE columns are ``Index.included`` (schema 1.5), from CREATE INDEX and from an
    inline INDEX of CREATE TABLE: nothing is read from the file again (a Spark task need
    not see it)."""
    ddl = (
        "create table t (a int not null, b int, [c d] int, index ix_in nonclustered (b) "
        "include ([c d]))\ngo\ncreate index i on t (a) include (b, [c d]) where a > 0\ngo\n"
        "create index j on t (a)\ngo\n"
    )
    r = analyze_bytes("t.sql", ddl.encode(), Options(dialect="tsql"))
    (table,) = r.tables
    assert [(ix.name, ix.included) for ix in table.indexes] == [
        ("ix_in", ("c d",)),
        ("i", ("b", "c d")),
        ("j", ()),
    ]
    assert sized(ddl)["i"].included == ("b", "c d")


def test_constraints_imply_indexes() -> None:
    """PRIMARY KEY: clustered by default, NONCLUSTERED when it says so; UNIQUE: nonclustered
    (D107); sp_primarykey-style keys build none."""
    got = sized(
        "CREATE TABLE t (id int NOT NULL, code char(8) NOT NULL, "
        "CONSTRAINT pk PRIMARY KEY NONCLUSTERED (id), CONSTRAINT uq UNIQUE CLUSTERED (code))"
    )
    assert (got["uq"].kind, got["pk"].kind) == ("clustered", "nonclustered")
    assert got["pk"].source == "primary key constraint"
    assert list(got) == ["uq", "pk"]  # the clustered index first
    heap = sized("CREATE TABLE n (a int NOT NULL, b int NULL)")
    assert heap == {}


def test_without_rows_no_pages() -> None:
    e = sized(HEAP, rows=None)["ix_c"]
    assert (e.leaf_row_bytes, e.index_row_bytes, e.pages, e.leaf_pages) == (26, 29, None, None)


# ----------------------------------------------------------------------- properties


def _ix(rows: int, ff: int, width: int) -> IndexEstimate:
    ddl = (
        f"CREATE TABLE p (k int NOT NULL PRIMARY KEY, v varchar({width}) NULL)\nGO\n"
        f"CREATE INDEX ix ON p (v) WITH (FILLFACTOR = {ff})\nGO\n"
    )
    return sized(ddl, rows)["ix"]


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10**9), st.integers(1, 10**6), st.integers(1, 900))
def test_more_rows_never_fewer_pages(rows: int, more: int, width: int) -> None:
    a, b = _ix(rows, 100, width), _ix(rows + more, 100, width)
    assert a.pages is not None and b.pages is not None
    assert b.pages >= a.pages and b.leaf_pages >= a.leaf_pages  # type: ignore[operator]


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10**9), st.integers(1, 99), st.integers(1, 900))
def test_fill_factor_100_never_more_pages(rows: int, ff: int, width: int) -> None:
    full, part = _ix(rows, 100, width), _ix(rows, ff, width)
    assert full.pages is not None and part.pages is not None
    assert full.pages <= part.pages


# ------------------------------------------------------------------------------ CLI


def test_cli_indexes_text_json_and_explain(tmp_path: Path) -> None:
    from analyzer.cli import main

    f = tmp_path / "h.sql"
    f.write_text(HEAP.replace("(c)", "(c) INCLUDE (b)"))
    runner = CliRunner()
    text = runner.invoke(main, ["size", str(f), "--indexes", "--rows", "1000000"])
    assert text.exit_code == 0, text.output
    assert "h: indexes [mssql]" in text.output and "INCLUDE (b)" in text.output
    explained = runner.invoke(main, ["size", str(f), "--indexes", "--explain"])
    assert "Estimate the Size of a Nonclustered Index" in explained.output
    assert "Leaf_Row_Size" in explained.output
    doc = json.loads(
        runner.invoke(
            main, ["size", str(f), "--indexes", "--rows", "10", "--format", "json"]
        ).stdout
    )
    (table,) = doc["tables"]
    (ix,) = table["indexes"]
    assert (ix["table"], ix["index"], ix["included"], ix["row_locator"]) == (
        "h",
        "ix_c",
        ["b"],
        "heap RID",
    )
    plain = json.loads(runner.invoke(main, ["size", str(f), "--format", "json"]).stdout)
    assert "indexes" not in plain["tables"][0]


def test_index_rows_fit_the_dataset() -> None:
    from analyzer import rows

    got = sized(HEAP.replace("(c)", "(c) INCLUDE (b)"))
    (row,) = rows.index_rows(list(got.values()))
    rows.check_row("indexes", row)
    doc = dict(zip(rows.names(rows.INDEXES), row, strict=True))
    assert (doc["index"], doc["included_columns"], doc["pages"], doc["line"]) == (
        "ix_c",
        "b",
        got["ix_c"].pages,
        3,
    )


def test_published_index_row_of_a_5_byte_key() -> None:
    """Kalen Delaney, "Get into Index Structures" (SQL Server Magazine; Inside SQL Server
    2000, "Index Space Requirements"): a clustered index on a 5-byte fixed-length character
    key has 12-byte node rows, "the key value (5 bytes), a pointer to a page (6 bytes), and 1
    byte of overhead" (Step 2.5 here: 5 + 0 + 0 + 1 + 6)."""
    got = sized("CREATE TABLE k (code char(5) NOT NULL PRIMARY KEY, v int NOT NULL)")
    assert got["primary key"].index_row_bytes == 12


def test_include_columns_of_a_create_index_in_another_file(tmp_path: Path) -> None:
    """A CREATE INDEX in another file of the scope reaches the table (D76); its INCLUDE
    columns are read from that file's text, not dropped."""
    from analyzer.cli import main

    (tmp_path / "a.sql").write_text(
        "CREATE TABLE h (a int NOT NULL, b varchar(20) NULL, c char(10) NOT NULL)\nGO\n"
    )
    (tmp_path / "b.sql").write_text("CREATE INDEX ix_c ON h (c) INCLUDE (b)\nGO\n")
    got = CliRunner().invoke(
        main, ["size", str(tmp_path), "--indexes", "--rows", "1000", "--format", "json"]
    )
    assert got.exit_code == 0, got.output
    (table,) = json.loads(got.stdout)["tables"]
    (ix,) = table["indexes"]
    assert ix["included"] == ["b"] and ix["span"]["file"].endswith("b.sql")
    # key c (10) + RID (8, variable) + included b (20, variable): 10 + (2 + 2 x 2 + 28) + 3 + 1
    assert ix["leaf_row_bytes"] == 48
