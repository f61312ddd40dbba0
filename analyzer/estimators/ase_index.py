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

"Calculating the sizes of data-only-locked tables", steps 4-8, for every index of a
data-only-locked table, clustered or not (D117):

* step 4, the index row: ``9 + fixed keys`` when every key is fixed-length and NOT NULL,
  else ``9 + fixed + variable + (variable keys x 2)``;
* step 5, ``2002 / index row`` rows a page (as the guide's example: 2002 / 35 = 57; the
  formula's own text is not in the sources held, D117), ``rows / rows a page`` leaf pages;
* step 6, each level above ``pages below / rows a page``, rounded up, to the root;
  step 7 the total; step 8 the OAM pages.

The guide's example (the same composite index, 9,000,000 rows): 9 + 4 + 20 + 2 = 35;
57 rows a page; 157,895 leaf pages; 2,771, 49 and 1 pages above; 160,716 in all:

>>> ws = dol_row(Worksheet("x", "y"), 1, 4, 1, 20, True)
>>> ws = dol_levels(ws, AseSettings(), 9_000_000, None)
>>> ws.value("4"), ws.value("5r"), ws.value("5"), ws.value("7")
(35, 57, 157895, 160716)
"""

from __future__ import annotations

import math

from analyzer.estimators import ase
from analyzer.estimators.index_estimate import IndexEstimate
from analyzer.estimators.index_specs import IndexSpec, indexes
from analyzer.estimators.mssql import ClusteredKey, clustered_key
from analyzer.ir import Table
from analyzer.records import record
from analyzer.settings import AseSettings, SizingSettings
from analyzer.worksheet import Step, Term, Worksheet

_PT = "ASE Performance and Tuning: Physical Database Tuning, Determining the Sizes of Tables"
_APL = f"{_PT}, Calculating table and clustered index sizes for allpages-locked tables"
_DOL = f"{_PT}, Calculating the sizes of data-only-locked tables"


@record
class _Keys:
    """An index's key columns as the guide's row-size steps count them."""

    count: int
    fixed: int
    variable: int
    variable_bytes: int
    variable_form: bool


def _key_step(ws: Worksheet, table: Table, spec: IndexSpec, step: str) -> tuple[Worksheet, _Keys]:
    """The "Index keys" step (fixed-length and variable-length keys; a NULL column counts
    as variable-length) of either lock scheme's procedure."""
    cols = [table.column(n) for n in spec.columns]
    keys = [c for c in cols if c is not None and c.storage is not None]
    missing = [n for n, c in zip(spec.columns, cols, strict=True) if c is None or c.storage is None]
    fixed_terms, var_terms, fixed, var = ase._areas(keys, at_max=False)
    ws = ws.add(
        Step(
            step,
            "Index keys",
            "fixed-length and variable-length (NULL columns count as variable-length) keys",
            len(keys),
            (*fixed_terms, *var_terms),
            note=f"not sized: {', '.join(missing)}" if missing else None,
        )
    )
    form = bool(var_terms) or any(c.nullable for c in keys)
    return ws, _Keys(len(keys), fixed, len(var_terms), var, form)


def _levels(leaf: int, per_page: int) -> list[Term]:
    """The pages of each level above ``leaf`` leaf pages, each level's pages divided by
    the non-leaf rows per page and rounded up, until one page (the root)."""
    terms = []
    pages, level = leaf, 1
    while pages > 1:
        pages = math.ceil(pages / per_page)
        terms.append(Term(f"level {level}", pages))
        level += 1
    return terms


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
    level_terms = _levels(leaf, per_page)
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
    ws, k = _key_step(ws, table, spec, "7k")
    ws = leaf_row(ws, k.count, k.fixed, k.variable, k.variable_bytes, k.variable_form)
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


def dol_row(
    ws: Worksheet, nkeys: int, fixed: int, nvar: int, var: int, variable_form: bool
) -> Worksheet:
    """Data-only-locked step 4: the size of the index row (leaf and non-leaf alike)."""
    if not variable_form:
        return ws.add(
            Step(
                "4",
                "Size of index row",
                "9 (overhead) + sum of fixed-length keys (fixed-length NOT NULL keys only)",
                9 + fixed,
                (Term("overhead", 9), Term(f"{nkeys} fixed-length key(s)", fixed)),
            )
        )
    return ws.add(
        Step(
            "4",
            "Size of index row",
            "9 (overhead) + fixed-length keys + variable-length keys + (variable-length keys x 2)",
            9 + fixed + var + 2 * nvar,
            (
                Term("overhead", 9),
                Term("fixed-length keys", fixed),
                Term("variable-length keys", var),
                Term(f"{nvar} variable-length key(s) x 2", 2 * nvar),
            ),
        )
    )


def dol_levels(
    ws: Worksheet, settings: AseSettings, rows: int | None, fill: int | None
) -> Worksheet:
    """Data-only-locked steps 5-7: rows a page, leaf pages, each level to the root, total."""
    row = int(ws.value("4"))
    usable = settings.page_size - settings.dol_page_header
    per_page = max(2, usable // row)
    steps = [
        Step(
            "5r",
            "Index rows per page",
            f"{usable} / index row size, rounded down = {usable} / {row} (at least 2)",
            per_page,
            note="D117: the guide's example divides 2002 by the row size (2002 / 35 = 57)",
        )
    ]
    per_leaf = per_page
    if fill and fill < 100:
        # "fillfactor ... the leaf pages" (Effects of space management properties)
        leaf_usable = usable * fill // 100
        per_leaf = max(1, leaf_usable // row)
        steps += [
            Step("5f", "Leaf bytes with fillfactor", f"{usable} x {fill}%", leaf_usable),
            Step(
                "5l",
                "Leaf rows per page with fillfactor",
                f"{leaf_usable} / {row}, rounded down",
                per_leaf,
            ),
        ]
    ws = ws.add(*steps)
    if rows is None:
        return ws
    leaf = math.ceil(rows / per_leaf)
    level_terms = _levels(leaf, per_page)
    upper = sum(int(tm.value) for tm in level_terms)
    return ws.add(
        Step(
            "5",
            "Leaf pages",
            f"rows / leaf rows per page, rounded up = {rows:,} / {per_leaf}",
            leaf,
        ),
        Step(
            "6",
            "Non-leaf pages",
            "pages of each level: pages below / index rows per page, rounded up, to the root",
            upper,
            tuple(level_terms) or (Term("the leaf page is the root", 0),),
        ),
        Step(
            "7",
            "Total index pages",
            "leaf pages + non-leaf pages",
            leaf + upper,
            (Term("leaf pages", leaf), Term("non-leaf pages", upper)),
        ),
    )


def data_only_locked(
    table: Table, path: str, spec: IndexSpec, lock: str, sizing: SizingSettings
) -> IndexEstimate:
    """Size one index of a data-only-locked table, clustered or not (steps 4-8)."""
    settings = sizing.ase
    ws = Worksheet(
        f"{table.name.name}.{spec.name}: {spec.kind} index ({lock})", f"{_DOL}, Steps 4-8"
    )
    ws, k = _key_step(ws, table, spec, "4k")
    ws = dol_row(ws, k.count, k.fixed, k.variable, k.variable_bytes, k.variable_form)
    ws = dol_levels(ws, settings, sizing.rows, spec.fill_factor)
    per_leaf = int(ws.value("5l") if any(s.step == "5l" for s in ws.steps) else ws.value("5r"))
    leaf = upper = pages = size = count = None
    if sizing.rows is not None:
        leaf, upper, total = int(ws.value("5")), int(ws.value("6")), int(ws.value("7"))
        count = len(ws.steps[-2].terms) if upper else 0
        oam_min, oam_max = ase.oam_pages(total)
        pages = total + oam_min
        size = pages * settings.page_size
        ws = ws.add(
            Step(
                "8",
                "Total pages with OAM pages",
                f"total index pages + OAM pages (minimum; maximum {total + oam_max:,})",
                pages,
                (Term("index pages", total), Term("OAM pages (minimum)", oam_min)),
            )
        )
    row = int(ws.value("4"))
    return IndexEstimate(
        path=path,
        table=table.name,
        platform="ase",
        index=spec.name,
        kind=spec.kind,
        unique=spec.unique,
        source=spec.source,
        columns=spec.columns,
        fill_factor=spec.fill_factor,
        leaf_row_bytes=row,
        leaf_rows_per_page=per_leaf,
        index_row_bytes=row,
        index_rows_per_page=int(ws.value("5r")),
        rows=sizing.rows,
        leaf_pages=leaf,
        nonleaf_levels=count,
        nonleaf_pages=upper,
        pages=pages,
        index_bytes=size,
        row_locator="row ID (in the 9 bytes of overhead)",
        worksheets=(ws,),
        note=f"{lock} table: the index has its own leaf level (steps 4-8 of the data-only-"
        "locked procedure)",
        span=spec.span,
    )


def estimate(table: Table, path: str, sizing: SizingSettings) -> tuple[IndexEstimate, ...]:
    """Every index of ``table`` on ASE (which ones: D107)."""
    lock = ase.lock_scheme(table, sizing.ase)
    key = clustered_key(table)
    out = []
    for spec in indexes(table):
        if spec.kind not in ("clustered", "nonclustered"):
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
                    note=f"{spec.kind} index: no ASE sizing procedure; not sized",
                    span=spec.span,
                )
            )
        elif ase._dol(lock):
            out.append(data_only_locked(table, path, spec, lock, sizing))
        elif spec.kind == "clustered" and key is not None:
            out.append(clustered(table, path, spec, key, sizing))
        else:
            out.append(nonclustered(table, path, spec, sizing))
    return tuple(out)
