"""HiRDB row length, rows per page and table storage pages, FIX and non-FIX, per RDAREA.

HiRDB Version 8 Installation and Design Guide 17.1.2 "Calculating the number of table
storage pages" (seed ``hirdb-table-pages.txt``; V9 16.1.2):

* (3) the variables a (rows), b (page length), c (unused space %, default 30), di
  (Table 17-1 data lengths, :mod:`analyzer.platforms.hirdb`), ei, f (columns), g (segment
  size), h (free pages in a segment %, default 10); the row length is the sum of the di
  ((7): the STOCK table's row is 28 bytes);
* Table 17-1 note 5: a row branches when ``BL = sum(di) + 2 x f + 6 > b - 50``; the
  splittable columns branch in column order and SPN1-SPN4 pages are added;
* (1)(b) ``PSi = a x ceil(ei / (b - 62))`` for branched VARCHAR / NVARCHAR / MVARCHAR,
  (4) ADTLS for abstract-data-type attributes, (5) the branch pages of repetition columns;
* "If a table is row-partitioned, the number of pages for the table in each storage
  RDAREA must be obtained."

The formulas for P (FIX not specified), Q (FIX specified) and the page totals are
images in every edition found; they are reconstructed (docs/research/hirdb-pages.md §3,
decisions D51-D54) from the manual's own constants, the output says so, and every
constant is a ``[size.hirdb]`` setting.

The STOCK example, 10,000 rows, page 8,192, PCTFREE (30, 40), segment 100:

>>> from analyzer.core import Options, analyze_bytes
>>> from analyzer import passes
>>> from analyzer.settings import SizingSettings, HirdbSettings
>>> ddl = (b"CREATE TABLE STOCK (PCODE CHAR(5), PNAME NCHAR(4), STANDARD CHAR(3),"
...        b" PRICE INTEGER, QUANTITY INTEGER, COST INTEGER) PCTFREE = (30, 40);")
>>> s = SizingSettings(rows=10_000, hirdb=HirdbSettings(page_length=8192, segment_size=100))
>>> r = passes.run(passes.run(analyze_bytes("s.sql", ddl, Options(dialect="hirdb"))),
...                passes.SIZING_RULES, sizing=s)
>>> e = estimate(r.tables[0], "s.sql", s)
>>> e.row_bytes, e.rows_per_page, e.pages
(28, 118, 200)
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from fractions import Fraction

from analyzer.estimators.table_estimate import Figure, TableEstimate
from analyzer.ir import Column, ColumnStorage, Diagnostic, Severity, Table, evolve
from analyzer.records import record
from analyzer.settings import HirdbSettings, SizingSettings
from analyzer.worksheet import Step, Term, Worksheet

_GUIDE = "HiRDB V8 Installation and Design Guide 17.1.2"
_ROW = f"{_GUIDE}(3), Table 17-1; example (7)"
_PAGES = f"{_GUIDE}(1)-(2), Table 17-1 note 5; 17.1.1 (segments)"

#: What the output says about the reconstructed formulas.
RECONSTRUCTION = (
    "the manual prints P, Q and the page totals as images; ddlaudit uses the closest "
    "documented reconstruction: rows per page = min(255, max(1, floor((b - 48) x "
    "(100 - c) / 100 / (row + 2)))), row = sum(di) + 2 x f + 6 (FIX: sum(di) + 6), "
    "P or Q = ceil(a / rows per page), pages rounded up to whole segments of which h % "
    "stay free; the constants are [size.hirdb] settings (docs/estimators/hirdb.md, D51-D54)"
)

#: The same, on each worksheet.
SHORT = "rows per page, P / Q and the page total are reconstructed (D51-D54)"


@record
class Area:
    """One RDAREA the table is stored in: its name, page length b, segment size g, rows a."""

    name: str | None
    page_length: int
    segment_size: int
    rows: int | None
    configured: bool


def _sized(table: Table) -> list[Column]:
    return [c for c in table.columns if c.storage is not None]


def _ceil(num: Fraction | int) -> int:
    return math.ceil(num)


def areas(table: Table, hs: HirdbSettings, rows: int | None) -> list[Area]:
    """The table's RDAREAs with their page length, segment size and share of the rows.

    Rows are spread evenly, the first RDAREAs taking the remainder (decision D54): the
    DDL's storage conditions and boundary values say which rows go where, not how many.

    >>> from analyzer.ir import QualifiedName, TableOptions
    >>> t = Table(QualifiedName("t"), "hirdb", (), options=TableOptions(rdareas=("R1", "R2", "R3")))
    >>> [(a.name, a.rows) for a in areas(t, HirdbSettings(rdareas=(("R2", 8192, 50),)), 10)]
    [('R1', 4), ('R2', 3), ('R3', 3)]
    """
    names: list[str | None] = list(dict.fromkeys(table.options.rdareas)) or [None]
    known = {n.upper(): (b, g) for n, b, g in hs.rdareas}
    out = []
    for i, name in enumerate(names):
        share = None
        if rows is not None:
            share = rows // len(names) + (1 if i < rows % len(names) else 0)
        facts = known.get(name.upper()) if name else None
        b, g = facts or (hs.page_length, hs.segment_size)
        out.append(Area(name, b, g, share, facts is not None))
    return out


#: The title of the row-length worksheet (a figure names it, made or not).
_ROW_TITLE = "row length"


def row_length(table: Table, at_max: bool = False) -> Worksheet:
    """17.1.2(3): the row length, the sum of every column's di (Table 17-1)."""
    return _row_lengths(_sized(table))[1 if at_max else 0]


def _row_lengths(cols: list[Column]) -> tuple[Worksheet, Worksheet]:
    """:func:`row_length` as sized and at the declared maximums, in one walk."""
    terms, max_terms = [], []
    for c in cols:
        s = c.storage
        assert s is not None
        name = f"{c.name} {s.type}"
        max_terms.append(Term(name, s.max_length))
        how = name if s.basis == "declared maximum" else f"{name}, {s.basis}"
        terms.append(Term(how, s.data_length))
    return (
        Worksheet(_ROW_TITLE, _ROW, (_row_step(terms),)),
        Worksheet("row length at declared maximums", _ROW, (_row_step(max_terms),)),
    )


def _row_step(terms: list[Term]) -> Step:
    return Step(
        "(3)", "Row length", "sum of di (Table 17-1)", sum(t.value for t in terms), tuple(terms)
    )


@record
class _Branching:
    """The row after Table 17-1 note 5: its BL and the columns that branched."""

    bl: int
    branched: tuple[Column, ...]


def _branch(
    table: Table,
    hs: HirdbSettings,
    b: int,
    fix: bool,
    at_max: bool,
    cols: list[Column] | None = None,
) -> _Branching:
    cols = _sized(table) if cols is None else cols
    per_col = hs.fix_column_overhead if fix else hs.column_overhead
    fixed_part = per_col * len(table.columns) + hs.row_header_bytes
    # keyed by name: a name declared twice counts once
    if at_max:
        lengths = {c.name: c.storage.max_length for c in cols if c.storage is not None}
    else:
        lengths = {c.name: c.storage.data_length for c in cols if c.storage is not None}
    bl = sum(lengths.values()) + fixed_part
    branched = []
    # note 5: branch from the smallest column number until the row fits
    for c in cols:
        if bl <= b - hs.branch_limit_overhead:
            break
        assert c.storage is not None
        if c.storage.split_length is None:
            continue
        bl -= lengths[c.name] - c.storage.split_length
        branched.append(c)
    return _Branching(bl, tuple(branched))


def _rows_per_page(hs: HirdbSettings, b: int, c: int, row: int) -> tuple[int, Fraction]:
    usable = Fraction(b - hs.page_overhead if hs.unused_applies_to == "page" else b)
    usable = usable * (100 - c) / 100
    per_page = math.floor(usable / (row + hs.slot_bytes)) if row + hs.slot_bytes > 0 else 1
    return min(hs.max_rows_per_page, max(1, per_page)), usable


def pages(
    table: Table,
    hs: HirdbSettings,
    area: Area,
    c: int,
    h: int,
    cols: list[Column] | None = None,
) -> tuple[Worksheet, list[Diagnostic]]:
    """Rows per page and, given the rows, the table storage pages in one RDAREA."""
    fix = table.options.fix
    b, g, a = area.page_length, area.segment_size, area.rows
    where = f" in {area.name}" if area.name else ""
    title = ("FIX specified: Q" if fix else "FIX not specified: P") + f" and pages{where}"
    diags: list[Diagnostic] = []
    cols = _sized(table) if cols is None else cols
    f = len(table.columns)
    sum_di = sum(col.storage.data_length for col in cols if col.storage)
    per_col = hs.fix_column_overhead if fix else hs.column_overhead
    steps = [
        Step(
            "(2) row" if fix else "note 5",
            "Row length in the page (BL)",
            f"sum(di) + {per_col} x f + {hs.row_header_bytes}"
            + (" (FIX: 2 bytes per column fewer, reconstruction)" if fix else ""),
            sum_di + per_col * f + hs.row_header_bytes,
            (
                Term("sum(di)", sum_di),
                Term(f"{per_col} x {f} columns", per_col * f),
                Term("row header", hs.row_header_bytes),
            ),
        )
    ]
    branching = _branch(table, hs, b, fix, at_max=False, cols=cols)
    if branching.branched:
        steps.append(
            Step(
                "note 5",
                "BL with branched columns",
                f"columns branch in column order until BL <= b - {hs.branch_limit_overhead}",
                branching.bl,
                note="branched: " + ", ".join(col.name for col in branching.branched),
            )
        )
    bl = branching.bl
    if bl > b - hs.branch_limit_overhead:
        diags.append(
            Diagnostic(
                "S030",
                Severity.WARNING,
                f"table {table.name.name}: a row takes {bl:,} bytes in the page{where}, more "
                f"than page length {b:,} - {hs.branch_limit_overhead}; HiRDB rejects rows "
                "longer than a page (V8 Installation and Design Guide 15.3.1)",
                table.span,
            )
        )
    letter = "Q" if fix else "P"
    step = "(2)(a)" if fix else "(1)(a)"
    rpp, usable = _rows_per_page(hs, b, c, bl)
    base = "b - " + str(hs.page_overhead) if hs.unused_applies_to == "page" else "b"
    steps.append(
        Step(
            step,
            "Rows per page (the denominator of " + letter + ")",
            f"min({hs.max_rows_per_page}, max(1, floor(({base}) x (100 - c) / 100 / "
            f"(BL + {hs.slot_bytes}))))",
            rpp,
            (
                Term("b", b),
                Term("c %", c),
                Term("usable bytes", float(usable)),
                Term("BL + slot", bl + hs.slot_bytes),
            ),
            note="reconstruction (D51): the formula is an image in the manual",
        )
    )
    if rpp == 1 and math.floor(usable / (bl + hs.slot_bytes)) < 1:
        diags.append(
            Diagnostic(
                "S034",
                Severity.INFO,
                f"table {table.name.name}: a row ({bl:,} bytes) does not fit the "
                f"{100 - c} % of a {b:,}-byte page left by PCTFREE{where}; 1 row per page assumed",
                table.span,
            )
        )
    if a is None:
        return Worksheet(title, _PAGES, tuple(steps), reconstruction=SHORT), diags
    main = _ceil(Fraction(a, rpp))
    steps.append(
        Step(
            step,
            letter,
            f"ceil(a / rows per page) = ceil({a} / {rpp})",
            main,
            (Term("a", a), Term("rows per page", rpp)),
            note="reconstruction (D51)",
        )
    )
    extra = _branch_pages(table, hs, b, a, branching, cols)
    for label, name, formula, terms in extra:
        steps.append(Step(label, name, formula, sum(int(t.value) for t in terms), tuple(terms)))
    parts = [Term(letter, main)] + [
        Term(name, sum(int(t.value) for t in terms)) for _, name, _, terms in extra
    ]
    data = sum(int(t.value) for t in parts)
    steps.append(Step("data", "Data pages", " + ".join(t.name for t in parts), data, tuple(parts)))
    share = Fraction(g * h, 100)
    free = math.floor(share) if hs.free_pages_rounding == "floor" else math.ceil(share)
    free = min(free, g - 1)
    steps.append(
        Step(
            "(3) h",
            "Free pages per segment",
            f"{hs.free_pages_rounding}(g x h / 100)",
            free,
            (Term("g", g), Term("h %", h)),
            note="reconstruction (D53)",
        )
    )
    if hs.segment_round:
        segments = _ceil(Fraction(data, g - free)) if data else 0
        steps.append(
            Step(
                "(3) g",
                "Segments",
                f"ceil(data pages / (g - free)) = ceil({data} / {g - free})",
                segments,
                note="reconstruction (D53)",
            )
        )
        total = segments * g
        formula = "segments x g"
    else:
        total = _ceil(Fraction(data * g, g - free)) if data else 0
        formula = "ceil(data pages x g / (g - free))"
    steps.append(
        Step(
            "17.1.1",
            "Table storage pages",
            formula,
            total,
            (Term("data pages", data), Term("free and unfilled segment pages", total - data)),
            note="17.1.1 adds ceil(Ti / e) x e per table to the RDAREA",
        )
    )
    return Worksheet(title, _PAGES, tuple(steps), reconstruction=SHORT), diags


def _branch_pages(
    table: Table,
    hs: HirdbSettings,
    b: int,
    a: int,
    branching: _Branching,
    cols: list[Column] | None = None,
) -> list[tuple[str, str, str, list[Term]]]:
    """PS (1)(b), ADTLS (4), repetition branch pages (5) and SPN (note 5)."""
    ps: list[Term] = []
    adtls: list[Term] = []
    rep: list[Term] = []
    room = b - hs.branch_page_overhead
    for c in _sized(table) if cols is None else cols:
        assert c.storage is not None
        for i, piece in enumerate(c.storage.branch):
            pages = a * _ceil(Fraction(piece, room)) if room > 0 else 0
            term = Term(
                f"{c.name}"
                + (f"[{i + 1}]" if len(c.storage.branch) > 1 else "")
                + f" {a} x ceil({piece} / {room})",
                pages,
            )
            {"adt": adtls, "repetition": rep}.get(c.storage.category, ps).append(term)
    sf = Fraction(str(hs.safety_factor))
    spn: list[Term] = []
    for c in branching.branched:
        assert c.storage is not None
        di = c.storage.data_length
        if c.storage.category == "binary":
            # "(b - 2853) / 255": 2853 = 255 x 11 + 48, a page of 255 pieces
            limit = b - hs.max_rows_per_page * hs.spn3_piece_overhead - hs.page_overhead
            if di > Fraction(limit, hs.max_rows_per_page):
                room3 = b - hs.page_overhead
                value = _ceil(_ceil(Fraction((di + hs.spn3_piece_overhead) * a, room3)) * sf)
                spn.append(Term(f"SPN3 {c.name}", value))
            else:
                value = _ceil(_ceil(Fraction(a, hs.max_rows_per_page)) * sf)
                spn.append(Term(f"SPN4 {c.name}", value))
        else:
            value = _ceil(_ceil(Fraction(di, b - hs.spn1_page_overhead)) * a * sf)
            spn.append(Term(f"SPN1 {c.name}", value))
    out = []
    if ps:
        out.append(("(1)(b)", "PS", f"sum of a x ceil(ei / (b - {hs.branch_page_overhead}))", ps))
    if adtls:
        out.append(
            ("(4)", "ADTLS", f"sum of a x ceil(attej / (b - {hs.branch_page_overhead}))", adtls)
        )
    if rep:
        out.append(
            (
                "(5)",
                "repetition branch pages",
                f"sum of a x ceil((esi x eni + 14 x (eni - 1)) / (b - {hs.branch_page_overhead}))",
                rep,
            )
        )
    if spn:
        out.append(("note 5", "SPN", f"SPN1 + SPN3 + SPN4 (SF {hs.safety_factor:g})", spn))
    return out


def _suppress_check(table: Table, sizing: SizingSettings, f: int) -> Diagnostic | None:
    """Table 17-1 notes 2-4: no SUPPRESS DECIMAL / SUPPRESS when 32717 < a + f x 2 + 8."""
    from analyzer.platforms import Basis
    from analyzer.platforms.hirdb import column_storage, storage_key

    suppressing = table.options.suppress_decimal or any(c.suppress for c in table.columns)
    if not suppressing:
        return None
    plain = evolve(
        table,
        options=evolve(table.options, suppress_decimal=False),
        columns=tuple(evolve(c, suppress=False) if c.suppress else c for c in table.columns),
    )
    # each distinct column once, by storage key as the data_length pass sizes them
    sized: dict[Hashable, int] = {}
    total = 0
    for c in plain.columns:
        key = storage_key(c, plain)
        di = sized.get(key)
        if di is None:
            s = column_storage(c, plain, Basis(), sizing)
            di = sized[key] = s.data_length if isinstance(s, ColumnStorage) else 0
        total += di
    limit = sizing.hirdb.suppress_limit
    if limit < total + f * 2 + 8:
        return Diagnostic(
            "S031",
            Severity.WARNING,
            f"table {table.name.name}: {limit} < {total} + {f} x 2 + 8; the manual advises "
            "against SUPPRESS DECIMAL and column data suppression for such a table "
            "(Table 17-1 notes 2-4)",
            table.span,
        )
    return None


def estimate(
    table: Table, path: str, sizing: SizingSettings, explain: bool = True
) -> TableEstimate:
    """Size ``table`` on HiRDB: row length, rows per page and pages in every RDAREA.

    ``explain=False`` (:class:`analyzer.estimators.Estimator`): the row lengths without
    their worksheets (the sums of :func:`row_length`'s terms, in order); the page
    worksheets are made either way."""
    hs = sizing.hirdb
    c = (
        table.options.pctfree_unused
        if table.options.pctfree_unused is not None
        else hs.pctfree_unused
    )
    h = (
        table.options.pctfree_free_pages
        if table.options.pctfree_free_pages is not None
        else hs.pctfree_free_pages
    )
    f = len(table.columns)
    cols = _sized(table)
    worksheets: list[Worksheet] = []
    if explain:
        row_ws, max_ws = _row_lengths(cols)
        worksheets += [row_ws, max_ws]
        row, at_max = int(row_ws.result), int(max_ws.result)
    else:
        row = int(sum(col.storage.data_length for col in cols if col.storage))
        at_max = int(sum(col.storage.max_length for col in cols if col.storage))
    area_worksheets: list[Worksheet] = []
    diags: list[Diagnostic] = []
    figures = [Figure("row_length", row, worksheet=_ROW_TITLE)]
    branch = sum(sum(col.storage.branch) for col in cols if col.storage)
    figures.append(Figure("branch_bytes_per_row", branch))
    figures.append(Figure("stored_bytes_per_row", row + branch))
    per_area = areas(table, hs, sizing.rows)
    limits = []
    total_pages = 0
    table_bytes = 0
    rows_per_page = None
    for area in per_area:
        if area.page_length % 2048:
            diags.append(
                Diagnostic(
                    "S033",
                    Severity.WARNING,
                    f"table {table.name.name}: page length {area.page_length} is not a multiple "
                    "of 2048 (HiRDB page lengths are 4096-30720 in steps of 2048)",
                    table.span,
                )
            )
        if area.name and not area.configured:
            diags.append(
                Diagnostic(
                    "S032",
                    Severity.INFO,
                    f"table {table.name.name}: RDAREA {area.name} has no [rdareas.{area.name}] "
                    f"entry; page length {area.page_length} and segment size "
                    f"{area.segment_size} assumed",
                    table.span,
                )
            )
        ws, found = pages(table, hs, area, c, h, cols)
        area_worksheets.append(ws)
        diags.extend(found)
        rpp = int(ws.value("(2)(a)" if table.options.fix else "(1)(a)"))
        rows_per_page = rpp if rows_per_page is None else min(rows_per_page, rpp)
        per_col = hs.fix_column_overhead if table.options.fix else hs.column_overhead
        limits.append(
            area.page_length - hs.branch_limit_overhead - per_col * f - hs.row_header_bytes
        )
        worst = _branch(table, hs, area.page_length, table.options.fix, at_max=True, cols=cols)
        if worst.bl > area.page_length - hs.branch_limit_overhead and not any(
            d.code == "S030" for d in found
        ):
            diags.append(
                Diagnostic(
                    "S030",
                    Severity.WARNING,
                    f"table {table.name.name}: at its declared maximums a row takes "
                    f"{worst.bl:,} bytes in the page"
                    + (f" in {area.name}" if area.name else "")
                    + f", more than page length {area.page_length:,} - "
                    f"{hs.branch_limit_overhead}; HiRDB rejects rows longer than a page "
                    "(V8 Installation and Design Guide 15.3.1)",
                    table.span,
                )
            )
        if area.rows is not None:
            total_pages += int(ws.result)
            table_bytes += int(ws.result) * area.page_length
            label = area.name or "table"
            figures.append(Figure(f"pages[{label}]", int(ws.result), "pages", ws.title))
    suppress = _suppress_check(table, sizing, f)
    if suppress is not None:
        diags.append(suppress)
    pages_total: int | None = None
    if sizing.rows is not None:
        summary = Worksheet(
            "table storage pages", _PAGES, reconstruction=SHORT, result_step="17.1.2"
        )
        terms = tuple(Term(ws.title, int(ws.result)) for ws in area_worksheets)
        summary = summary.add(
            Step("17.1.2", "Pages of the table", "sum over its RDAREAs", total_pages, terms)
        )
        summary = summary.add(
            Step(
                "bytes",
                "Bytes of the table",
                "sum over its RDAREAs of pages x page length b",
                table_bytes,
                tuple(
                    Term(
                        f"{ws.title}: {int(ws.result)} x {area.page_length}",
                        int(ws.result) * area.page_length,
                    )
                    for ws, area in zip(area_worksheets, per_area, strict=True)
                ),
            )
        )
        area_worksheets.append(summary)
        pages_total = total_pages
        figures += [
            Figure("rows_per_page", rows_per_page or 0, "rows"),
            Figure("pages", total_pages, "pages", summary.title),
            Figure("table_bytes", table_bytes, worksheet=summary.title),
        ]
    elif rows_per_page is not None:
        figures.append(Figure("rows_per_page", rows_per_page, "rows"))
    return TableEstimate(
        path=path,
        table=table.name,
        dialect=table.dialect,
        platform="hirdb",
        row_bytes=row,
        max_row_bytes=at_max,
        row_limit=min(limits) if limits else None,
        rows=sizing.rows,
        rows_per_page=rows_per_page,
        pages=pages_total,
        table_bytes=table_bytes if sizing.rows is not None else None,
        figures=tuple(figures),
        worksheets=(*worksheets, *area_worksheets),
        diagnostics=tuple(diags),
        reconstruction=RECONSTRUCTION,
    )
