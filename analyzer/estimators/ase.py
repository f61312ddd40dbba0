"""Sybase ASE row and table size: the Performance and Tuning formulas, step by step.

ASE Performance and Tuning Series: Physical Database Tuning, "Determining the Sizes of
Tables and Indexes" (12.5 "Performance and Tuning Guide", chapter 16, the same text;
``../shared/reference/replication-and-storage.md`` §5):

* "Calculating table and clustered index sizes for allpages-locked tables": step 1 the
  data row (``4 + fixed`` for fixed-length NOT NULL rows, else ``4 + fixed + variable``
  plus the adjust table ``(subtotal / 256) + 1``, the offset table ``variable columns +
  1`` and 2), step 2 data pages (``2016 / row`` rows per 2K page), steps 3-5 the
  clustered index (``5 + keys`` per index row, ``(2016 / row) - 2`` rows per page, level
  by level to the root), step 6 the OAM pages (one per 63,750 to 2,000 pages);
* "Calculating the sizes of data-only-locked tables": step 1 (``6 + fixed``, rows under 10
  bytes padded to 10, or ``8 + fixed + variable + 2 x variable columns``), step 2 data
  pages (2002 usable bytes per 2K page; the division is a reconstruction: the 2-byte row
  offset table entry of each row, decision D47), step 3 the OAM pages;
* "Page overhead" (32 bytes allpages, 46 data-only), "Number of rows per data page"
  (256 on an allpages page; 166/337/678/1361 on a data-only 2K/4K/8K/16K page), "Effects
  of space management properties" (fillfactor, reservepagegap, max_rows_per_page,
  exp_row_size) and the maximum row and column length tables by page size and locking
  scheme.

The manual's example table (100 bytes of fixed-length columns, two variable-length
columns of 50 bytes, 9,000,000 rows) takes 750,000 data pages either way:

>>> from analyzer.ir import Column, ColumnStorage, DataType, QualifiedName, Table, TableOptions
>>> from analyzer.settings import SizingSettings
>>> def col(name, category, size):
...     return Column(name, 1, DataType("x", "X", "x"), False, True,
...                   storage=ColumnStorage("ase", "x", category, size, size))
>>> cols = (col("f", "fixed", 100), col("v1", "variable", 30), col("v2", "variable", 20))
>>> s = SizingSettings(rows=9_000_000)
>>> apl = estimate(Table(QualifiedName("t"), "sybase", cols), "t.sql", s)
>>> f = {x.name: x.value for x in apl.figures}
>>> apl.row_bytes, apl.rows_per_page, f["data_pages"]
(160, 12, 750000)
>>> dol = Table(QualifiedName("t"), "sybase", cols, options=TableOptions(lock_scheme="DATAROWS"))
>>> e = estimate(dol, "t.sql", s)
>>> e.row_bytes, e.rows_per_page, e.pages
(162, 12, 750012)
"""

from __future__ import annotations

import math

from analyzer.estimators.mssql import ClusteredKey, clustered_key
from analyzer.estimators.table_estimate import Figure, TableEstimate
from analyzer.ir import Column, Diagnostic, Severity, Table
from analyzer.settings import AseSettings, SizingSettings
from analyzer.worksheet import Step, Term, Worksheet

_PT = "ASE Performance and Tuning: Physical Database Tuning, Determining the Sizes of Tables"
_APL = f"{_PT}, Calculating table and clustered index sizes for allpages-locked tables"
_DOL = f"{_PT}, Calculating the sizes of data-only-locked tables"
_LIMITS_SRC = f"{_PT}; Maximum row and column length (APL / DOL tables)"

#: (maximum row length, maximum column length) by page size: the APL and DOL tables of
#: ASE 15.7 (12.5.1 prints 8058 and 7998 for the 8K columns).
APL_LIMITS = {2048: (1962, 1948), 4096: (4010, 3988), 8192: (8096, 8068), 16384: (16298, 16228)}
DOL_LIMITS = {2048: (1964, 1954), 4096: (4012, 4002), 8192: (8108, 8098), 16384: (16300, 16290)}
_LIMITS_12_5 = {("allpages", 8192): (8096, 8058), ("dol", 8192): (8108, 7998)}

#: OAM pages: "A single OAM page holds allocation mapping for between 2,000 and 63,750".
OAM_MOST, OAM_LEAST = 63_750, 2_000


def lock_scheme(table: Table, ase: AseSettings) -> str:
    """``allpages``, ``datapages`` or ``datarows`` (data-only): the table's, else the setting."""
    return (table.options.lock_scheme or ase.lock_scheme).lower()


def _dol(lock: str) -> bool:
    return lock in ("datapages", "datarows")


def limits(page_size: int, lock: str, release: str = "15.7") -> tuple[int, int] | None:
    """(maximum row length, maximum column length) for a page size and locking scheme.

    >>> limits(2048, "allpages"), limits(8192, "datarows"), limits(8192, "datarows", "12.5")
    ((1962, 1948), (8108, 8098), (8108, 7998))
    """
    kind = "dol" if _dol(lock) else "allpages"
    if release == "12.5" and (kind, page_size) in _LIMITS_12_5:
        return _LIMITS_12_5[(kind, page_size)]
    return (DOL_LIMITS if kind == "dol" else APL_LIMITS).get(page_size)


def dol_max_rows(page_size: int, ase: AseSettings | None = None) -> int:
    """Most rows on a data-only-locked data page: usable bytes / (10-byte minimum row + 2).

    This reproduces the manual's table "Maximum number of data rows for a DOL data page":

    >>> [dol_max_rows(p) for p in (2048, 4096, 8192, 16384)]
    [166, 337, 678, 1361]
    """
    ase = ase or AseSettings()
    return (page_size - ase.dol_page_header) // (ase.dol_min_row_bytes + 2)


def exp_row_size_from_max_rows(max_row: int, max_rows_per_page: int, usable: int) -> int:
    """exp_row_size an allpages table's max_rows_per_page becomes on a change to data-only
    locking: the smaller of the maximum row size and usable bytes / max_rows_per_page.

    >>> exp_row_size_from_max_rows(300, 10, 2002), exp_row_size_from_max_rows(150, 10, 2002)
    (200, 150)
    """
    return min(max_row, usable // max_rows_per_page)


def oam_pages(pages: int) -> tuple[int, int]:
    """(minimum, maximum) OAM pages for ``pages`` pages, each rounded up.

    >>> oam_pages(750_000), oam_pages(3396)
    ((12, 375), (1, 2))
    """
    return math.ceil(pages / OAM_MOST), math.ceil(pages / OAM_LEAST)


def _sized(table: Table) -> list[Column]:
    return [c for c in table.columns if c.storage is not None]


def _areas(
    columns: list[Column], at_max: bool
) -> tuple[tuple[Term, ...], tuple[Term, ...], int, int]:
    """(fixed-length terms, variable-length terms, their sums): bit columns packed 8 per byte."""
    fixed, var = [], []
    bits = fixed_bytes = var_bytes = 0
    for c in columns:
        s = c.storage
        assert s is not None
        category = s.category
        if category == "bit":
            bits += 1
        elif category == "fixed":
            fixed.append(Term(c.name, s.data_length))
            fixed_bytes += int(s.data_length)
        else:  # variable (NULL columns included) and lob (the text pointer)
            size = s.max_length if at_max else s.data_length
            var.append(Term(f"{c.name} ({'max' if at_max else s.basis})", size))
            var_bytes += int(size)
    if bits:
        fixed.append(Term(f"{bits} bit column(s), 8 per byte", math.ceil(bits / 8)))
        fixed_bytes += math.ceil(bits / 8)
    return tuple(fixed), tuple(var), fixed_bytes, var_bytes


def row_worksheet(table: Table, ase: AseSettings, lock: str, at_max: bool = False) -> Worksheet:
    """Step 1: the data row size of an allpages- or data-only-locked table."""
    dol = _dol(lock)
    title = f"{'data-only-locked' if dol else 'allpages-locked'} data row" + (
        " at declared maximums" if at_max else ""
    )
    source = f"{_DOL if dol else _APL}, Step 1: Calculate the data row size"
    fixed_terms, var_terms, fixed, var = _areas(_sized(table), at_max)
    nvar = len(var_terms)
    unsized = [c.name for c in table.columns if c.storage is None]
    note = f"not sized: {', '.join(unsized)}" if unsized else None
    steps = [
        Step("1f", "Sum of bytes in all fixed-length columns", "sum", fixed, fixed_terms, note),
        Step(
            "1v",
            "Sum of bytes in all variable-length columns",
            "sum (NULL columns are variable-length)",
            var,
            var_terms,
        ),
    ]
    if dol:
        if nvar == 0:
            row = 6 + fixed
            steps.append(
                Step(
                    "1",
                    "Data row size (fixed-length columns only)",
                    "6 (overhead) + fixed",
                    row,
                    (Term("overhead", 6), Term("fixed", fixed)),
                )
            )
        else:
            row = 8 + fixed + var + 2 * nvar
            steps.append(
                Step(
                    "1",
                    "Data row size",
                    "8 (overhead) + fixed + variable + variable columns x 2",
                    row,
                    (
                        Term("overhead", 8),
                        Term("fixed", fixed),
                        Term("variable", var),
                        Term(f"{nvar} x 2", 2 * nvar),
                    ),
                )
            )
        padded = max(row, ase.dol_min_row_bytes)
        steps.append(
            Step(
                "1p",
                "Stored row size",
                f"rows shorter than {ase.dol_min_row_bytes} bytes are padded (forwarded row id)",
                padded,
                (Term("data row size", row), Term("padding", padded - row)),
            )
        )
        return Worksheet(title, source, tuple(steps))
    if nvar == 0:
        steps.append(
            Step(
                "1",
                "Data row size (fixed-length columns only)",
                "4 (overhead) + fixed",
                4 + fixed,
                (Term("overhead", 4), Term("fixed", fixed)),
            )
        )
        return Worksheet(title, source, tuple(steps))
    subtotal = 4 + fixed + var
    steps.append(
        Step(
            "1s",
            "Subtotal",
            "4 (overhead) + fixed + variable",
            subtotal,
            (Term("overhead", 4), Term("fixed", fixed), Term("variable", var)),
        )
    )
    adjust = subtotal // 256 + 1
    steps.append(
        Step(
            "1a",
            "Adjust table",
            "(Subtotal / 256) + 1",
            adjust,
            (Term(f"{subtotal} / 256", subtotal // 256), Term("1", 1)),
        )
    )
    steps.append(
        Step(
            "1o",
            "Offset table",
            "number of variable-length columns + 1",
            nvar + 1,
            (Term("variable-length columns", nvar), Term("1", 1)),
        )
    )
    steps.append(
        Step(
            "1",
            "Data row size",
            "Subtotal + adjust table + offset table + 2 (overhead)",
            subtotal + adjust + nvar + 1 + 2,
            (
                Term("Subtotal", subtotal),
                Term("adjust table", adjust),
                Term("offset table", nvar + 1),
                Term("overhead", 2),
            ),
        )
    )
    return Worksheet(title, source, tuple(steps))


def _row_size(table: Table, ase: AseSettings, lock: str, at_max: bool = False) -> int:
    """The data row size of :func:`row_worksheet` (its step 1p when data-only-locked, else
    1) without the worksheet: the same sums (:func:`_areas` without its terms), in order."""
    bits = fixed = var = nvar = 0
    for c in table.columns:
        s = c.storage
        if s is None:
            continue
        category = s.category
        if category == "bit":
            bits += 1
        elif category == "fixed":
            fixed += int(s.data_length)
        else:  # variable (NULL columns included) and lob (the text pointer)
            var += int(s.max_length if at_max else s.data_length)
            nvar += 1
    if bits:
        fixed += math.ceil(bits / 8)
    if _dol(lock):
        row = 6 + fixed if nvar == 0 else 8 + fixed + var + 2 * nvar
        return max(row, ase.dol_min_row_bytes)
    if nvar == 0:
        return 4 + fixed
    subtotal = 4 + fixed + var
    return subtotal + (subtotal // 256 + 1) + nvar + 1 + 2


def _row(ws: Worksheet) -> int:
    return int(ws.value("1p") if any(s.step == "1p" for s in ws.steps) else ws.value("1"))


def data_pages(
    table: Table,
    ase: AseSettings,
    lock: str,
    row: int,
    rows: int | None,
    fill_factor: int | None,
) -> Worksheet:
    """Step 2: usable bytes, rows per page (with the space management properties), pages."""
    dol = _dol(lock)
    page = ase.page_size
    header = ase.dol_page_header if dol else ase.apl_page_header
    usable = page - header
    steps = [
        Step(
            "2u",
            "Bytes for user data",
            f"{page} - {header} (page header)",
            usable,
            (Term("page", page), Term("header", -header)),
        )
    ]
    opts = table.options
    if fill_factor and fill_factor < 100:
        # "multiply the size of the available data page (2016) by the fillfactor".
        usable = usable * fill_factor // 100
        steps.append(Step("2f", "Bytes used with fillfactor", f"usable x {fill_factor}%", usable))
    effective = row
    if dol and opts.exp_row_size is not None and opts.exp_row_size > 1:
        has_var = any(c.storage and c.storage.category != "fixed" for c in table.columns)
        if has_var:
            effective = max(row, opts.exp_row_size)
            steps.append(
                Step(
                    "2e",
                    "Row size with exp_row_size",
                    "max(row size, exp_row_size): space reserved for the row to grow",
                    effective,
                )
            )
    if dol:
        cap = dol_max_rows(page, ase)
        rpp = min(usable // (effective + 2), cap)
        formula = f"{usable} / (row size + 2), at most {cap} rows"
    else:
        cap = ase.apl_max_rows_per_page
        mrpp = opts.max_rows_per_page
        if mrpp:
            cap = min(cap, mrpp)
        rpp = min(usable // effective, cap)
        formula = f"{usable} / row size, at most {cap} rows" + (
            f" (max_rows_per_page {mrpp})" if mrpp else ""
        )
    rpp = max(1, rpp)
    divisor = effective + 2 if dol else effective
    steps.append(
        Step(
            "2r",
            "Data rows per page",
            formula + f", rounded down = min({usable} / {divisor}, {cap})",
            rpp,
        )
    )
    if rows is not None:
        steps.append(Step("2n", "Number of rows", "rows in the table (--rows)", rows))
        pages = math.ceil(rows / rpp)
        steps.append(
            Step(
                "2",
                "Number of data pages",
                f"rows / rows per page, rounded up = {rows:,} / {rpp}",
                pages,
            )
        )
        gap = opts.reservepagegap
        if gap:
            extra = pages // gap
            steps.append(
                Step(
                    "2g",
                    "Data pages with reservepagegap",
                    f"+ 1 empty page per {gap} (Effects of space management properties)",
                    pages + extra,
                    (Term("data pages", pages), Term("reserved empty pages", extra)),
                )
            )
    return Worksheet(
        "data pages",
        f"{_DOL if dol else _APL}, Step 2: Compute the number of data pages",
        tuple(steps),
        reconstruction="the data-only rows-per-page division is not printed: usable / (row + 2), "
        "the 2-byte row offset entry (D47)"
        if dol
        else None,
    )


def index_row_apl(table: Table, key: ClusteredKey) -> Worksheet:
    """APL step 3: the clustered index row (5 bytes of overhead plus the keys)."""
    ws = Worksheet(
        "clustered index rows", f"{_APL}, Step 3: Compute the size of clustered index rows"
    )
    cols = [table.column(name) for name in key.columns]
    keys = [c for c in cols if c is not None and c.storage is not None]
    fixed_terms, var_terms, fixed, var = _areas(keys, at_max=False)
    if not var_terms:
        return ws.add(
            Step(
                "3",
                "Clustered index row size",
                "5 (overhead) + sum of fixed-length keys",
                5 + fixed,
                (Term("overhead", 5), *fixed_terms),
            )
        )
    subtotal = 5 + fixed + var
    adjust = subtotal // 256 + 1
    nvar = len(var_terms)
    return ws.add(
        Step(
            "3s",
            "Subtotal",
            "5 + fixed keys + variable keys",
            subtotal,
            (Term("overhead", 5), Term("fixed", fixed), Term("variable", var)),
        ),
        Step(
            "3",
            "Clustered index row size",
            "Subtotal + (Subtotal / 256) + 1 + (variable keys + 1) + 2",
            subtotal + adjust + nvar + 1 + 2,
            (
                Term("Subtotal", subtotal),
                Term("adjust table", adjust),
                Term("offset table", nvar + 1),
                Term("overhead", 2),
            ),
        ),
    )


def index_levels_apl(
    ws: Worksheet, ase: AseSettings, data: int, fill_factor: int | None
) -> Worksheet:
    """APL steps 4-5: rows per index page and the pages of each level up to the root."""
    row = int(ws.value("3"))
    usable = ase.page_size - ase.apl_page_header
    # fillfactor 0 (default) leaves room for two rows; 100 does not ("Eliminate the -2").
    minus = 0 if fill_factor == 100 else 2
    per_page = max(2, usable // row - minus)
    level_terms = []
    pages, level = data, 0
    while True:
        pages = math.ceil(pages / per_page)
        level_terms.append(Term(f"level {level}", pages))
        level += 1
        if pages <= 1:
            break
    total = sum(int(tm.value) for tm in level_terms)
    return ws.add(
        Step(
            "4r",
            "Clustered index rows per page",
            f"({usable} / row size) - {minus} = ({usable} / {row}) - {minus} (at least 2)",
            per_page,
        ),
        Step(
            "5",
            "Clustered index pages",
            "pages of each level, rows / rows per page rounded up, to the root",
            total,
            tuple(level_terms),
        ),
    )


def _diagnostics(
    table: Table, ase: AseSettings, lock: str, max_row: int
) -> tuple[list[Diagnostic], int | None]:
    diags: list[Diagnostic] = []
    name = table.name.name
    found = limits(ase.page_size, lock, ase.limits_release)
    if found is None:
        return diags, None
    max_len, max_col = found
    kind = "a data-only-locked" if _dol(lock) else "an allpages-locked"
    # the page size is the server's, not the DDL's: say which one was assumed (issue 27)
    page_k = f"{ase.page_size // 1024}K pages ([size.ase] page_size; ASE's default is 2K)"
    if max_row > max_len:
        diags.append(
            Diagnostic(
                "S002",
                Severity.WARNING,
                f"table {name}: a row can reach {max_row:,} bytes at its declared maximums, over "
                f"the {max_len:,}-byte maximum row length of {kind} table on {page_k} "
                "(ASE creates the table with a warning; longer inserts fail)",
                table.span,
            )
        )
    for c in _sized(table):
        assert c.storage is not None
        if c.storage.max_length > max_col:
            diags.append(
                Diagnostic(
                    "S015",
                    Severity.WARNING,
                    f"column {name}.{c.name}: {c.storage.type} can hold {c.storage.max_length:,} "
                    f"bytes, over the {max_col:,}-byte maximum column length of {kind} table on "
                    f"{page_k}",
                    c.span,
                )
            )
    opts = table.options
    if _dol(lock) and opts.max_rows_per_page:
        diags.append(
            Diagnostic(
                "S016",
                Severity.INFO,
                f"table {name}: max_rows_per_page {opts.max_rows_per_page} applies only to "
                "allpages locking; ASE stores it but does not apply it",
                table.span,
            )
        )
    if not _dol(lock) and opts.exp_row_size:
        diags.append(
            Diagnostic(
                "S016",
                Severity.INFO,
                f"table {name}: exp_row_size {opts.exp_row_size} applies only to data-only "
                "locking; ASE stores it but does not apply it",
                table.span,
            )
        )
    return diags, max_len


def estimate(
    table: Table, path: str, sizing: SizingSettings, explain: bool = True
) -> TableEstimate:
    """Size ``table`` on ASE: the data row, rows per page, data pages, clustered index, OAM.

    ``explain=False`` (:class:`analyzer.estimators.Estimator`): the data row and the row at
    the declared maximums without their worksheets (:func:`_row_size`); the other
    worksheets are made either way."""
    ase = sizing.ase
    lock = lock_scheme(table, ase)
    dol = _dol(lock)
    row_title = f"{'data-only-locked' if dol else 'allpages-locked'} data row"
    worksheets: list[Worksheet] = []
    if explain:
        row_ws = row_worksheet(table, ase, lock)
        max_ws = row_worksheet(table, ase, lock, at_max=True)
        row, max_row = _row(row_ws), _row(max_ws)
        worksheets += [row_ws, max_ws]
    else:
        row, max_row = _row_size(table, ase, lock), _row_size(table, ase, lock, at_max=True)
    key = clustered_key(table)
    fill = key.fill_factor if key is not None else None
    pages_ws = data_pages(table, ase, lock, row, sizing.rows, fill)
    rows_per_page = int(pages_ws.value("2r"))
    diags, limit = _diagnostics(table, ase, lock, max_row)
    figures = [Figure("row_bytes", row, worksheet=row_title)]
    worksheets.append(pages_ws)
    if not dol and table.options.max_rows_per_page:
        usable = ase.page_size - ase.dol_page_header
        conv = exp_row_size_from_max_rows(max_row, table.options.max_rows_per_page, usable)
        figures.append(Figure("exp_row_size_if_data_only", conv))
    pages = table_bytes = None
    if sizing.rows is not None:
        data = int(pages_ws.value("2g") if table.options.reservepagegap else pages_ws.value("2"))
        figures.append(Figure("data_pages", data, "pages", pages_ws.title))
        oam_min, oam_max = oam_pages(data)
        index = idx_min = idx_max = 0
        if key is not None and not dol:
            ix = index_levels_apl(index_row_apl(table, key), ase, data, fill)
            worksheets.append(ix)
            index = int(ix.value("5"))
            idx_min, idx_max = oam_pages(index)
            figures += [
                Figure("index_row_bytes", int(ix.value("3")), worksheet=ix.title),
                Figure("index_pages", index, "pages", ix.title),
            ]
        pages = data + index + oam_min + idx_min
        table_bytes = pages * ase.page_size
        steps = (
            Step(
                "6m",
                "Minimum OAM pages",
                f"pages / {OAM_MOST:,}, rounded up",
                oam_min + idx_min,
                (Term("data OAM", oam_min), Term("index OAM", idx_min)),
            ),
            Step(
                "6x",
                "Maximum OAM pages",
                f"pages / {OAM_LEAST:,}, rounded up",
                oam_max + idx_max,
                (Term("data OAM", oam_max), Term("index OAM", idx_max)),
            ),
            Step(
                "6",
                "Total pages (minimum OAM)",
                "data pages + index pages + OAM pages",
                pages,
                (
                    Term("data pages", data),
                    Term("index pages", index),
                    Term("OAM pages", oam_min + idx_min),
                ),
                note=f"with the maximum OAM pages {data + index + oam_max + idx_max:,}"
                + ("; data-only-locked indexes: size --indexes" if dol and key else ""),
            ),
            Step(
                "6b",
                "Bytes",
                f"total pages x page size = {pages:,} x {ase.page_size}",
                table_bytes,
            ),
        )
        total = Worksheet(
            "allocation overhead and total pages",
            f"{_DOL if dol else _APL}, Step {3 if dol else 6}: Calculate allocation overhead "
            "and total pages",
            steps,
            result_step="6",
        )
        worksheets.append(total)
        figures += [
            Figure("oam_pages_min", oam_min + idx_min, "pages"),
            Figure("oam_pages_max", oam_max + idx_max, "pages"),
            Figure("pages", pages, "pages"),
        ]
    figures.insert(1, Figure("rows_per_page", rows_per_page, "rows", pages_ws.title))
    return TableEstimate(
        path=path,
        table=table.name,
        dialect=table.dialect,
        platform="ase",
        row_bytes=row,
        max_row_bytes=max_row,
        row_limit=limit,
        rows=sizing.rows,
        rows_per_page=rows_per_page,
        pages=pages,
        table_bytes=table_bytes,
        figures=tuple(figures),
        worksheets=tuple(worksheets),
        diagnostics=tuple(diags),
        reconstruction=pages_ws.reconstruction,
    )
