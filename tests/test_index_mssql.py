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


# ------------------------------------------------ engine-reported index records (D123)

ENGINE = MssqlSettings(index_rows="engine")


def engine_sized(
    ddl: str, rows: int | None, averages: tuple[tuple[tuple[str, str], int], ...] = ()
) -> dict[str, IndexEstimate]:
    s = SizingSettings(rows=rows, mssql=ENGINE, averages=averages)
    r = analyze_bytes("t.sql", ddl.encode(), Options(dialect="tsql"))
    r = passes.run(passes.run(r), passes.SIZING_RULES, sizing=s)
    return {e.index: e for e in estimate_indexes(r, s)}


def _levels(e: IndexEstimate) -> tuple[object, ...]:
    return (e.leaf_row_bytes, e.index_row_bytes, e.leaf_pages, e.nonleaf_levels, e.nonleaf_pages)


# sqlblogcasts.com/blogs/grumpyolddba, "Analysing Indexes Part 4 - Size does matter"
# (SQL Server 2005, sys.dm_db_index_physical_stats DETAILED, 2,000,000 rows, a 577-byte
# row; single-column indexes on a datetime, a guid and a char(20)). The post gives the
# keys and the row size, not its CREATE TABLE: this one has those keys and 577-byte rows.
GRUMPY = """CREATE TABLE g2 (id int NOT NULL, k uniqueidentifier NOT NULL, d datetime NOT NULL,
  g uniqueidentifier NOT NULL, c char(20) NOT NULL, filler char(506) NOT NULL{pk})
GO
CREATE INDEX ix_d ON g2 (d)
GO
CREATE INDEX ix_g ON g2 (g)
GO
CREATE INDEX ix_c ON g2 (c)
GO
"""


def test_engine_rows_over_a_heap_match_dm_db_index_physical_stats() -> None:
    """Step 11 of the post (the heap): leaf records 17 / 25 / 29 bytes on 4,695 / 6,689 /
    7,663 pages; level 1: 23 / 31 / 35 bytes on 15 / 28 / 36 pages; one root page each."""
    got = engine_sized(GRUMPY.format(pk=""), 2_000_000)
    assert _levels(got["ix_d"]) == (17, 23, 4695, 2, 15 + 1)
    assert _levels(got["ix_g"]) == (25, 31, 6689, 2, 28 + 1)
    assert _levels(got["ix_c"]) == (29, 35, 7663, 2, 36 + 1)
    assert got["ix_d"].row_locator == "heap RID"


def test_engine_rows_over_a_clustered_key_match_dm_db_index_physical_stats() -> None:
    """Step 12 (a compound int + guid clustered key): the clustered index 153,847 data pages
    of 577-byte rows, non-leaf records 27 bytes on 552 / 2 / 1 pages; the secondary indexes
    29 / 37 / 41-byte leaf records on 7,663 / 9,662 / 10,639 pages, 35 / 43 / 47 bytes on
    36 / 54 / 65 pages above, one root each."""
    got = engine_sized(GRUMPY.format(pk=", CONSTRAINT pk PRIMARY KEY CLUSTERED (id, k)"), 2_000_000)
    cx = got["pk"]
    assert (cx.kind, cx.leaf_row_bytes, cx.leaf_pages) == ("clustered", 577, 153_847)
    assert (cx.index_row_bytes, cx.nonleaf_levels, cx.nonleaf_pages) == (27, 3, 552 + 2 + 1)
    assert _levels(got["ix_d"]) == (29, 35, 7663, 2, 36 + 1)
    assert _levels(got["ix_g"]) == (37, 43, 9662, 2, 54 + 1)
    assert _levels(got["ix_c"]) == (41, 47, 10_639, 2, 65 + 1)


def test_engine_rows_match_dbcc_page_records() -> None:
    """DBCC PAGE record sizes published with their DDL:

    * Paul Randal, "A SQL Server DBA myth a day: (6/30) three null bitmap myths": a
      nonclustered index on an ``INT NOT NULL`` over a heap, "Length 13", "No null bitmap";
    * a UNIQUE NONCLUSTERED (int, int) constraint over a heap (sqlservercentral.com, SQL
      Server 2000): "pminlen = 17 m_slotCnt = 426", 632 rows on 2 leaf pages;
    * a "PageExamination" script: a nonunique clustered index on an IDENTITY int, non-leaf
      "Record Size = 11"; a nonclustered index on a nullable int, leaf "Row Size" 12 (the
      uniqueifier, 0, is not stored);
    * InternalsViewer's AdventureWorks Sales.SalesOrderDetail primary key (int, int),
      non-leaf "Record Size = 15".
    """
    randal = engine_sized(
        "CREATE TABLE NullTest (c1 INT NOT NULL)\nGO\n"
        "CREATE NONCLUSTERED INDEX NullTest_NC ON NullTest (c1)\nGO\n",
        1,
    )
    assert randal["NullTest_NC"].leaf_row_bytes == 13
    agents = engine_sized(
        "CREATE TABLE tbl_AgentList (CCID int NOT NULL, AgentID int NOT NULL, AgentName "
        "varchar(50) NOT NULL, DteTme datetime NOT NULL, CONSTRAINT IX_tbl_AgentList UNIQUE "
        "NONCLUSTERED (CCID, AgentID))",
        632,
    )["IX_tbl_AgentList"]
    assert (agents.leaf_row_bytes, agents.leaf_rows_per_page, agents.leaf_pages) == (17, 426, 2)
    pages = engine_sized(
        "CREATE TABLE DbccPageTest (IntCol1 INT IDENTITY, IntCol2 INT, VCharCol VARCHAR(8000),"
        " LogCol VARCHAR(max))\nGO\nCREATE CLUSTERED INDEX Dbcc_CI ON DbccPageTest (IntCol1)\n"
        "GO\nCREATE NONCLUSTERED INDEX Dbcc_NCI ON DbccPageTest (IntCol2)\nGO\n",
        4,
    )
    assert pages["Dbcc_CI"].index_row_bytes == 11
    assert pages["Dbcc_NCI"].leaf_row_bytes == 12
    detail = engine_sized(
        "CREATE TABLE SalesOrderDetail (SalesOrderID int NOT NULL, SalesOrderDetailID int "
        "IDENTITY (1, 1) NOT NULL, OrderQty smallint NOT NULL, CONSTRAINT "
        "PK_SalesOrderDetail PRIMARY KEY CLUSTERED (SalesOrderID, SalesOrderDetailID))",
        121_317,
    )
    assert detail["PK_SalesOrderDetail"].index_row_bytes == 15


def test_engine_rows_with_a_variable_key_and_a_uniqueifier() -> None:
    """Mark S. Rasmussen, "Determining the Uniquifier Column Ordinal for Clustered and
    Nonclustered Indexes" (improve.dk, 2011): a nonclustered index on ID over a nonunique
    clustered (ID, Name varchar(10)); the record of 'Mark' (4 bytes) with uniqueifier 0 is
    "Record Size = 16" (the duplicate's, 22, holds the uniqueifier: 4 bytes and an offset)."""
    ddl = """CREATE TABLE Test (ID int, Name varchar(10), FillerA varchar(8000),
  FillerB varchar(8000), Data text)
GO
CREATE CLUSTERED INDEX CX_ID_Name ON Test (ID, Name)
GO
CREATE NONCLUSTERED INDEX IX_ID ON Test (ID)
GO
"""
    got = engine_sized(ddl, 2, averages=((("test", "name"), 4),))
    assert got["IX_ID"].leaf_row_bytes == 16


def test_the_procedure_counts_more_than_the_engine_stores() -> None:
    """The default (the page as written, D106) over the same heap index: the RID as a
    variable-length column (2 + 2 + 8 instead of 8) and a leaf null bitmap (3): 24, not 17;
    each figure is at least the engine's."""
    procedure = sized(GRUMPY.format(pk=""), 2_000_000)
    engine = engine_sized(GRUMPY.format(pk=""), 2_000_000)
    assert procedure["ix_d"].leaf_row_bytes == 8 + (2 + 2 + 8) + 3 + 1 == 24
    assert procedure["ix_d"].index_row_bytes == 8 + (2 + 2 + 8) + 1 + 6 == 27
    for name in ("ix_d", "ix_g", "ix_c"):
        p, e = procedure[name], engine[name]
        assert p.leaf_row_bytes is not None and e.leaf_row_bytes is not None
        assert p.leaf_row_bytes - e.leaf_row_bytes == 4 + 3
        assert (p.pages or 0) >= (e.pages or 0)


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(1, 900),
    nullable=st.booleans(),
    unique=st.booleans(),
    clustered=st.sampled_from(["", "unique", "nonunique"]),
)
def test_engine_rows_never_exceed_the_procedure(
    width: int, nullable: bool, unique: bool, clustered: str
) -> None:
    null = "NULL" if nullable else "NOT NULL"
    ddl = f"CREATE TABLE t (a char({width}) {null}, b int NOT NULL, v varchar(30) NULL)\nGO\n"
    if clustered:
        ddl += (
            f"CREATE {'UNIQUE ' if clustered == 'unique' else ''}CLUSTERED INDEX cx ON t (b)\nGO\n"
        )
    ddl += f"CREATE {'UNIQUE ' if unique else ''}INDEX ix ON t (a, v)\nGO\n"
    p, e = sized(ddl, 100_000)["ix"], engine_sized(ddl, 100_000)["ix"]
    assert e.leaf_row_bytes is not None and p.leaf_row_bytes is not None
    assert e.index_row_bytes is not None and p.index_row_bytes is not None
    assert e.leaf_row_bytes <= p.leaf_row_bytes and e.index_row_bytes <= p.index_row_bytes
