"""Sybase ASE index sizes: the Performance and Tuning guide's "Determining the Sizes of Tables
and Indexes", allpages-locked tables (docs/estimators/ase-indexes.md).

"Calculating table and clustered index sizes for allpages-locked tables":

* steps 3-5, the clustered index (:mod:`analyzer.estimators.ase`: ``5 + keys`` per index
  row, ``(2016 / row) - 2`` rows per page, level by level to the root);
* step 7, the leaf row of a nonclustered index: ``7 + fixed keys`` when every key is
  fixed-length and NOT NULL, else ``9 + fixed + variable + (variable keys + 1)`` = Subtotal,
  ``+ (Subtotal / 256) + 1``;
* step 8, ``2016 / leaf row`` leaf rows per page, ``rows / leaf rows per page`` leaf pages;
* step 9, the non-leaf row: ``leaf row + 4``;
* step 10, ``(2016 / non-leaf row) - 2`` non-leaf rows per page, then the pages of each
  level up to the root; step 11 the total; step 12 the OAM pages.

The guide's example ("Tables and indexes used in the formulas": a composite nonclustered
index on a 4-byte fixed-length column and a 20-byte variable-length one, 9,000,000 rows):
leaf row 9 + 4 + 20 + 2 = 35, + 1 = 36; 2016 / 36 = 56 rows a page; 160,715 leaf pages;
non-leaf row 40; (2016 / 40) - 2 = 48 rows a page:

>>> from analyzer.settings import AseSettings
>>> ws = leaf_row(Worksheet("x", "y"), 1, 4, 1, 20, True)
>>> ws.value("7s"), ws.value("7")
(35, 36)
>>> ws = levels(ws, AseSettings(), 9_000_000, None)
>>> ws.value("8r"), ws.value("8"), ws.value("9"), ws.value("10r")
(56, 160715, 40, 48)

Data-only-locked indexes (the guide's steps 4-8 for data-only-locked tables) are listed
without figures: their formulas are not in the sources this project holds (D107).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from analyzer.estimators import ase
from analyzer.estimators.indexes import IndexEstimate
from analyzer.estimators.mssql import ClusteredKey, clustered_key
from analyzer.estimators.mssql_index import IndexSpec, indexes
from analyzer.ir import Table
from analyzer.settings import AseSettings, SizingSettings
from analyzer.worksheet import Step, Term, Worksheet

_PT = "ASE Performance and Tuning: Physical Database Tuning, Determining the Sizes of Tables"
_APL = f"{_PT}, Calculating table and clustered index sizes for allpages-locked tables"


def leaf_row(
    ws: Worksheet, nkeys: int, fixed: int, nvar: int, var: int, variable_form: bool
) -> Worksheet:
    """Step 7: the size of the leaf index row."""
    if not variable_form:
        return ws.add(
            Step(
                "7",
                "Size of leaf index row",
                "7 (overhead) + sum of fixed-length keys (fixed-length NOT NULL keys only)",
                7 + fixed,
                (Term("overhead", 7), Term(f"{nkeys} fixed-length key(s)", fixed)),
            )
        )
    subtotal = 9 + fixed + var + nvar + 1
    return ws.add(
        Step(
            "7s",
            "Subtotal",
            "9 (overhead) + fixed-length keys + variable-length keys + (variable-length keys + 1)",
            subtotal,
            (
                Term("overhead", 9),
                Term("fixed-length keys", fixed),
                Term("variable-length keys", var),
                Term(f"{nvar} variable-length key(s) + 1", nvar + 1),
            ),
        ),
        Step(
            "7",
            "Size of leaf index row",
            "Subtotal + (Subtotal / 256) + 1 (overhead)",
            subtotal + subtotal // 256 + 1,
            (Term("Subtotal", subtotal), Term("(Subtotal / 256) + 1", subtotal // 256 + 1)),
        ),
    )


def levels(ws: Worksheet, settings: AseSettings, rows: int | None, fill: int | None) -> Worksheet:
    """Steps 8-11: leaf rows per page and pages, the non-leaf row, its levels and the total."""
    row = int(ws.value("7"))
    usable = settings.page_size - settings.apl_page_header
    leaf_usable = usable
    steps = []
    if fill and fill < 100:
        # "fillfactor ... the leaf pages of nonclustered indexes" (space management properties)
        leaf_usable = usable * fill // 100
        steps.append(Step("8f", "Leaf bytes with fillfactor", f"{usable} x {fill}%", leaf_usable))
    per_leaf = max(1, leaf_usable // row)
    steps.append(
        Step(
            "8r",
            "Leaf rows per page",
            f"{leaf_usable} / leaf row size, rounded down = {leaf_usable} / {row}",
            per_leaf,
        )
    )
    leaf = math.ceil(rows / per_leaf) if rows is not None else None
    if leaf is not None:
        steps.append(
            Step(
                "8",
                "Leaf pages",
                f"rows / leaf rows per page, rounded up = {rows:,} / {per_leaf}",
                leaf,
            )
        )
    nonleaf_row = row + 4
    # fillfactor 100 "eliminates the -2" as for the clustered index (ase.index_levels_apl)
    minus = 0 if fill == 100 else 2
    per_page = max(2, usable // nonleaf_row - minus)
    steps += [
        Step(
            "9",
            "Size of non-leaf row",
            "leaf row + 4",
            nonleaf_row,
            (Term("leaf row", row), Term("page pointer", 4)),
        ),
        Step(
            "10r",
            "Non-leaf rows per page",
            f"({usable} / non-leaf row) - {minus} = ({usable} / {nonleaf_row}) - {minus}"
            " (at least 2)",
            per_page,
        ),
    ]
    ws = ws.add(*steps)
    if leaf is None:
        return ws
    level_terms = []
    pages, level = leaf, 1
    while pages > 1:
        pages = math.ceil(pages / per_page)
        level_terms.append(Term(f"level {level}", pages))
        level += 1
    upper = sum(int(tm.value) for tm in level_terms)
    return ws.add(
        Step(
            "10",
            "Non-leaf pages",
            "pages of each level: pages below / non-leaf rows per page, rounded up, to the root",
            upper,
            tuple(level_terms) or (Term("the leaf page is the root", 0),),
        ),
        Step(
            "11",
            "Total index pages",
            "leaf pages + non-leaf pages",
            leaf + upper,
            (Term("leaf pages", leaf), Term("non-leaf pages", upper)),
        ),
    )


def nonclustered(table: Table, path: str, spec: IndexSpec, sizing: SizingSettings) -> IndexEstimate:
    """Size one nonclustered index of an allpages-locked table (steps 7-12)."""
    settings = sizing.ase
    ws = Worksheet(f"{table.name.name}.{spec.name}: nonclustered index", f"{_APL}, Steps 7-12")
    cols = [table.column(n) for n in spec.columns]
    keys = [c for c in cols if c is not None and c.storage is not None]
    missing = [n for n, c in zip(spec.columns, cols, strict=True) if c is None or c.storage is None]
    fixed_terms, var_terms, fixed, var = ase._areas(keys, at_max=False)
    nullable = any(c.nullable for c in keys)
    variable_form = bool(var_terms) or nullable
    ws = ws.add(
        Step(
            "7k",
            "Index keys",
            "fixed-length and variable-length (NULL columns count as variable-length) keys",
            len(keys),
            (*fixed_terms, *var_terms),
            note=f"not sized: {', '.join(missing)}" if missing else None,
        )
    )
    ws = leaf_row(ws, len(keys), fixed, len(var_terms), var, variable_form)
    ws = levels(ws, settings, sizing.rows, spec.fill_factor)
    leaf = upper = pages = size = count = None
    if sizing.rows is not None:
        leaf, upper = int(ws.value("8")), int(ws.value("10"))
        total = int(ws.value("11"))
        oam_min, oam_max = ase.oam_pages(total)
        pages = total + oam_min
        size = pages * settings.page_size
        count = len(ws.steps[-2].terms) if upper else 0
        ws = ws.add(
            Step(
                "12",
                "Total pages with OAM pages",
                f"total index pages + OAM pages (minimum; maximum {total + oam_max:,})",
                pages,
                (Term("index pages", total), Term("OAM pages (minimum)", oam_min)),
            )
        )
    return IndexEstimate(
        path=path,
        table=table.name,
        platform="ase",
        index=spec.name,
        kind="nonclustered",
        unique=spec.unique,
        source=spec.source,
        columns=spec.columns,
        fill_factor=spec.fill_factor,
        leaf_row_bytes=int(ws.value("7")),
        leaf_rows_per_page=int(ws.value("8r")),
        index_row_bytes=int(ws.value("9")),
        index_rows_per_page=int(ws.value("10r")),
        rows=sizing.rows,
        leaf_pages=leaf,
        nonleaf_levels=count,
        nonleaf_pages=upper,
        pages=pages,
        index_bytes=size,
        row_locator="row ID (in the 7 / 9 bytes of overhead)",
        worksheets=(ws,),
        span=spec.span,
    )


def clustered(
    table: Table, path: str, spec: IndexSpec, key: ClusteredKey, sizing: SizingSettings
) -> IndexEstimate:
    """The clustered index of an allpages-locked table (steps 3-5 above the data pages)."""
    settings = sizing.ase
    lock = ase.lock_scheme(table, settings)
    row_ws = ase.row_worksheet(table, settings, lock)
    row = int(
        row_ws.value("1p") if any(s.step == "1p" for s in row_ws.steps) else row_ws.value("1")
    )
    pages_ws = ase.data_pages(table, settings, lock, row, sizing.rows, key.fill_factor)
    ix = ase.index_row_apl(table, key)
    data = upper = pages = size = count = None
    if sizing.rows is not None:
        data = int(pages_ws.value("2g") if table.options.reservepagegap else pages_ws.value("2"))
        ix = ase.index_levels_apl(ix, settings, data, key.fill_factor)
        upper = int(ix.value("5"))
        count = len(ix.steps[-1].terms)
        pages = data + upper
        size = pages * settings.page_size
    per_page = None
    if any(s.step == "4r" for s in ix.steps):
        per_page = int(ix.value("4r"))
    return IndexEstimate(
        path=path,
        table=table.name,
        platform="ase",
        index=spec.name,
        kind="clustered",
        unique=key.unique,
        source=spec.source,
        columns=key.columns,
        fill_factor=key.fill_factor,
        leaf_row_bytes=row,
        leaf_rows_per_page=int(pages_ws.value("2r")),
        index_row_bytes=int(ix.value("3")),
        index_rows_per_page=per_page,
        rows=sizing.rows,
        leaf_pages=data,
        nonleaf_levels=count,
        nonleaf_pages=upper,
        pages=pages,
        index_bytes=size,
        worksheets=(pages_ws, ix),
        note="allpages-locked: the leaf level is the data pages (the table size, not extra space)",
        span=spec.span,
    )


def estimate(
    table: Table, path: str, sizing: SizingSettings, texts: Mapping[str, str]
) -> tuple[IndexEstimate, ...]:
    """Every index of ``table`` on ASE (which ones: D107)."""
    lock = ase.lock_scheme(table, sizing.ase)
    key = clustered_key(table)
    out = []
    for spec in indexes(table, texts):
        if ase._dol(lock):
            out.append(
                IndexEstimate(
                    path,
                    table.name,
                    "ase",
                    spec.name,
                    spec.kind,
                    spec.unique,
                    spec.source,
                    spec.columns,
                    fill_factor=spec.fill_factor,
                    note=f"{lock} table: the data-only-locked index steps (4-8) are not in the "
                    "sources at hand; not sized (D107)",
                    span=spec.span,
                )
            )
        elif spec.kind == "clustered" and key is not None:
            out.append(clustered(table, path, spec, key, sizing))
        else:
            out.append(nonclustered(table, path, spec, sizing))
    return tuple(out)
