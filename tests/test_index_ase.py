"""Sybase ASE index sizes (``size --indexes``): Performance and Tuning, "Calculating table and
clustered index sizes for allpages-locked tables", steps 3-5 and 7-12 (D107), and
"Calculating the sizes of data-only-locked tables", steps 4-8 (D117)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer import passes
from analyzer.core import Options, analyze_bytes
from analyzer.estimators.indexes import IndexEstimate, estimate_indexes
from analyzer.settings import SizingSettings

#: "Tables and indexes used in the formulas": 100 bytes of fixed-length columns, 50 bytes of
#: variable-length ones, a clustered index on a 4-byte column and a composite nonclustered
#: index on a 4-byte fixed-length and a 20-byte variable-length column; 9,000,000 rows.
EXAMPLE = """create table example_apl (
    id      int       not null,
    fixed96 char(96)  not null,
    var30   varchar(30) not null,
    var20   varchar(20) not null,
    constraint example_apl_pk primary key clustered (id)
) lock allpages
go
create nonclustered index example_nc on example_apl (id, var20)
go
"""


def sized(ddl: str, rows: int | None = 9_000_000) -> dict[str, IndexEstimate]:
    s = SizingSettings(rows=rows)
    r = analyze_bytes("t.sql", ddl.encode(), Options(dialect="sybase"))
    r = passes.run(passes.run(r), passes.SIZING_RULES, sizing=s)
    return {e.index: e for e in estimate_indexes(r, s)}


def test_the_guides_nonclustered_example_step_by_step() -> None:
    """Step 7: 9 + 4 + 20 + 2 = 35 Subtotal, + (35 / 256) + 1 = 36; step 8: 2016 / 36 = 56
    rows a page, 9,000,000 / 56 = 160,715 leaf pages; step 9: 36 + 4 = 40; step 10:
    (2016 / 40) - 2 = 48 non-leaf rows a page, four levels up to the root."""
    e = sized(EXAMPLE)["example_nc"]
    (ws,) = e.worksheets
    assert (ws.value("7s"), ws.value("7")) == (35, 36)
    assert (ws.value("8r"), ws.value("8")) == (56, 160_715)
    assert (ws.value("9"), ws.value("10r")) == (40, 48)
    # Each level rounded up, as the ASE 12.5.1 and 15.7 guides print them (160715 / 48 = 3349,
    # 3349 / 48 = 70, 70 / 48 = 2, 2 / 48 = 1); the older Transact-SQL appendix with the
    # same example truncates two of them (3,348 and 69: 164,135 in all).
    levels = [tm.value for tm in ws.steps[[s.step for s in ws.steps].index("10")].terms]
    assert levels == [3349, 70, 2, 1] and e.nonleaf_levels == 4
    assert ws.value("11") == 160_715 + 3349 + 70 + 2 + 1 == 164_137
    # Step 12: one OAM page per 63,750 pages at least
    assert ws.value("12") == 164_137 + 3 == e.pages
    assert e.index_bytes == e.pages * 2048


def test_the_guides_clustered_index() -> None:
    """Steps 3-5: 5 + 4 = 9; (2016 / 9) - 2 = 222 rows a page; the data pages are the leaf."""
    e = sized(EXAMPLE)["example_apl_pk"]
    assert (e.kind, e.leaf_row_bytes, e.leaf_rows_per_page, e.leaf_pages) == (
        "clustered",
        160,
        12,
        750_000,
    )
    assert (e.index_row_bytes, e.index_rows_per_page, e.nonleaf_pages) == (9, 222, 3396)


def test_fixed_not_null_keys_use_the_short_formula() -> None:
    e = sized(EXAMPLE.replace("(id, var20)", "(id, fixed96)"))["example_nc"]
    (ws,) = e.worksheets
    assert ws.value("7") == 7 + 4 + 96 and "7s" not in {s.step for s in ws.steps}
    # a NULL column counts as variable-length: the long formula
    null = sized(
        EXAMPLE.replace("fixed96 char(96)  not null", "fixed96 char(96) null").replace(
            "(id, var20)", "(fixed96)"
        )
    )["example_nc"]
    assert null.worksheets[0].value("7s") == 9 + 0 + 96 + 2


def test_fillfactor_on_leaf_and_non_leaf() -> None:
    full = sized(EXAMPLE.replace("(id, var20)", "(id, var20) with fillfactor = 100"))["example_nc"]
    # fillfactor 100 "eliminates the -2": 2016 / 40 = 50
    assert full.index_rows_per_page == 50
    half = sized(EXAMPLE.replace("(id, var20)", "(id, var20) with fillfactor = 50"))["example_nc"]
    assert half.leaf_rows_per_page == 1008 // 36 == 28


DOL = EXAMPLE.replace("lock allpages", "lock datarows")


def test_the_guides_data_only_locked_example_step_by_step() -> None:
    """Data-only-locked steps 4-7 on the same composite index: index row 9 + 4 + 20 + 2 = 35
    ("Number of variable-length keys * 2"); 57 rows a page; levels 157,895 (leaf), 2,771,
    49 and 1: "Total number of 2K pages used 160716"."""
    e = sized(DOL)["example_nc"]
    (ws,) = e.worksheets
    assert ws.value("4") == 35 == e.leaf_row_bytes == e.index_row_bytes
    assert ws.value("5r") == 57 == e.leaf_rows_per_page == e.index_rows_per_page
    assert ws.value("5") == 157_895 == e.leaf_pages
    levels = [tm.value for tm in ws.steps[[s.step for s in ws.steps].index("6")].terms]
    assert levels == [2771, 49, 1] and e.nonleaf_levels == 3
    assert ws.value("7") == 160_716
    # Step 8: + 160,716 / 63,750 rounded up OAM pages at least
    assert e.pages == 160_716 + 3 and e.index_bytes == e.pages * 2048


def test_data_only_locked_clustered_index_has_its_own_leaf_level() -> None:
    """Step 4 is "for clustered and nonclustered indexes on data-only-locked tables": the
    clustered index on the 4-byte id has 9 + 4 = 13-byte rows, one per data row."""
    e = sized(DOL)["example_apl_pk"]
    assert (e.kind, e.leaf_row_bytes, e.leaf_rows_per_page) == ("clustered", 13, 2002 // 13)
    assert e.leaf_pages == -(-9_000_000 // 154)
    assert "datarows" in (e.note or "")


def test_data_only_locked_fillfactor_applies_to_the_leaf() -> None:
    half = sized(DOL.replace("(id, var20)", "(id, var20) with fillfactor = 50"))["example_nc"]
    assert half.leaf_rows_per_page == 1001 // 35 == 28 and half.index_rows_per_page == 57
    assert half.leaf_pages == -(-9_000_000 // 28)


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10**9), st.integers(1, 99), st.integers(0, 99), st.integers(1, 255))
def test_dol_larger_fillfactor_never_more_pages(
    rows: int, fill: int, more: int, width: int
) -> None:
    ddl = DOL.replace("varchar(20)", f"varchar({width})")
    higher = min(100, fill + more)
    a = sized(ddl.replace("(id, var20)", f"(id, var20) with fillfactor = {fill}"), rows)
    b = sized(ddl.replace("(id, var20)", f"(id, var20) with fillfactor = {higher}"), rows)
    pa, pb = a["example_nc"].pages, b["example_nc"].pages
    assert pa is not None and pb is not None and pb <= pa


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10**9), st.integers(1, 10**6), st.integers(1, 255))
def test_dol_more_rows_never_fewer_pages(rows: int, more: int, width: int) -> None:
    ddl = DOL.replace("varchar(20)", f"varchar({width})")
    a, b = sized(ddl, rows)["example_nc"], sized(ddl, rows + more)["example_nc"]
    assert a.pages is not None and b.pages is not None and b.pages >= a.pages


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10**9), st.integers(1, 10**6), st.integers(1, 255))
def test_more_rows_never_fewer_pages(rows: int, more: int, width: int) -> None:
    ddl = EXAMPLE.replace("varchar(20)", f"varchar({width})")
    a, b = sized(ddl, rows)["example_nc"], sized(ddl, rows + more)["example_nc"]
    assert a.pages is not None and b.pages is not None and b.pages >= a.pages


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10**9), st.integers(1, 99), st.integers(0, 99), st.integers(1, 255))
def test_apl_larger_fillfactor_never_more_pages(
    rows: int, fill: int, more: int, width: int
) -> None:
    ddl = EXAMPLE.replace("varchar(20)", f"varchar({width})")
    higher = min(100, fill + more)
    a = sized(ddl.replace("(id, var20)", f"(id, var20) with fillfactor = {fill}"), rows)
    b = sized(ddl.replace("(id, var20)", f"(id, var20) with fillfactor = {higher}"), rows)
    pa, pb = a["example_nc"].pages, b["example_nc"].pages
    assert pa is not None and pb is not None and pb <= pa
