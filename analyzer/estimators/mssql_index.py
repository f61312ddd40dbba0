"""SQL Server index sizes: Microsoft's "Estimate the Size of a Clustered Index" and "Estimate
the Size of a Nonclustered Index", step by step (docs/estimators/mssql-indexes.md).

Nonclustered index (learn.microsoft.com/sql/relational-databases/databases/
estimate-the-size-of-a-nonclustered-index):

* Step 1 (index rows above the leaf): ``Num_Key_Cols``, ``Fixed_Key_Size``,
  ``Num_Variable_Key_Cols``, ``Max_Var_Key_Size``; 1.3 the row locator of a nonunique
  index (the heap RID, 8 bytes as one more variable-length column, or the clustering key
  columns not in the key, + the uniqueifier of a nonunique clustered index); 1.4
  ``Index_Null_Bitmap = 2 + ((columns in the index row + 7) / 8)`` when a key column is
  nullable, else 0; 1.5 ``Variable_Key_Size = 2 + (Num_Variable_Key_Cols x 2) +
  Max_Var_Key_Size``; 1.6 ``Index_Row_Size = Fixed_Key_Size + Variable_Key_Size +
  Index_Null_Bitmap + 1 + 6``; 1.7 ``Index_Rows_Per_Page = 8096 / (Index_Row_Size + 2)``;
* Step 2 (leaf): the key plus included columns; 2.2 the row locator of a unique index;
  2.3 ``Leaf_Null_Bitmap = 2 + ((Num_Leaf_Cols + 7) / 8)``; 2.4 ``Variable_Leaf_Size``;
  2.5 ``Leaf_Row_Size = Fixed_Leaf_Size + Variable_Leaf_Size + Leaf_Null_Bitmap + 1``;
  2.6 ``Leaf_Rows_Per_Page``; 2.7 ``Free_Rows_Per_Page = 8096 x ((100 - Fill_Factor) /
  100) / (Leaf_Row_Size + 2)``; 2.8 ``Num_Leaf_Pages = Num_Rows / (Leaf_Rows_Per_Page -
  Free_Rows_Per_Page)``; 2.9 ``Leaf_Space_Used = 8192 x Num_Leaf_Pages``;
* Step 3 (non-leaf levels): ``Non-leaf Levels = 1 + log(Index_Rows_Per_Page)
  (Num_Leaf_Pages / Index_Rows_Per_Page)``, ``Num_Index_Pages = sum(Num_Leaf_Pages /
  Index_Rows_Per_Page ^ Level)``, each rounded up; ``Index_Space_Used``;
* Step 4: ``Leaf_Space_Used + Index_Space_used``.

The clustered index is the table itself (:mod:`analyzer.estimators.mssql`, the same
procedure's steps 1-3): its leaf rows are the data rows.

The page's own example (Step 3.2): 1,000 leaf pages and 25 index rows a page give 3
non-leaf levels and 1 + 2 + 40 = 43 pages:

>>> from analyzer.settings import MssqlSettings
>>> ws = nonleaf(Worksheet("x", "y"), MssqlSettings(), 1000, 25)
>>> ws.value("3.1"), ws.value("3.2"), [tm.value for tm in ws.steps[1].terms]
(3, 43, [40, 2, 1])
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from analyzer.estimators import mssql
from analyzer.estimators.index_estimate import IndexEstimate
from analyzer.estimators.index_specs import IndexSpec, indexes
from analyzer.ir import Column, Table
from analyzer.records import record
from analyzer.settings import MssqlSettings, SizingSettings
from analyzer.worksheet import Step, Term, Worksheet

_NCI = "SQL Server docs, Estimate the Size of a Nonclustered Index"
_CI = "SQL Server docs, Estimate the Size of a Clustered Index"


# ---------------------------------------------------------------- column groups


@record
class _Group:
    """Columns of an index row: how many, fixed bytes, variable-length count and bytes."""

    count: int = 0
    fixed: int = 0
    num_var: int = 0
    max_var: int = 0
    nullable: bool = False
    fixed_terms: tuple[Term, ...] = ()
    var_terms: tuple[Term, ...] = ()
    missing: tuple[str, ...] = ()


def _nullable(table: Table, c: Column) -> bool:
    # PRIMARY KEY columns are NOT NULL whatever the column says (CREATE TABLE, PRIMARY KEY).
    pk = table.primary_key
    in_pk = (
        pk is not None
        and pk.declared_by is None
        and any(n.lower() == c.name.lower() for n in pk.columns)
    )
    return c.nullable and not in_pk


def _group(table: Table, names: Sequence[str], what: str) -> _Group:
    fixed_terms: list[Term] = []
    var_terms: list[Term] = []
    missing: list[str] = []
    bits = 0
    nullable = False
    count = 0
    for name in names:
        c = table.column(name)
        if c is None or c.storage is None:
            missing.append(name)
            continue
        count += 1
        nullable = nullable or _nullable(table, c)
        s = c.storage
        if s.category == "bit":
            bits += 1
        elif s.category == "fixed":
            fixed_terms.append(Term(f"{what} {c.name}", s.data_length))
        else:
            var_terms.append(Term(f"{what} {c.name} ({s.basis})", s.data_length))
    if bits:
        fixed_terms.append(Term(f"{bits} bit {what} column(s), 8 per byte", math.ceil(bits / 8)))
    return _Group(
        count,
        sum(int(tm.value) for tm in fixed_terms),
        len(var_terms),
        sum(int(tm.value) for tm in var_terms),
        nullable,
        tuple(fixed_terms),
        tuple(var_terms),
        tuple(missing),
    )


def _plus(a: _Group, b: _Group) -> _Group:
    return _Group(
        a.count + b.count,
        a.fixed + b.fixed,
        a.num_var + b.num_var,
        a.max_var + b.max_var,
        a.nullable or b.nullable,
        a.fixed_terms + b.fixed_terms,
        a.var_terms + b.var_terms,
        a.missing + b.missing,
    )


def _locator(
    table: Table, spec: IndexSpec, clustered: mssql.ClusteredKey | None, engine: bool
) -> tuple[_Group, str, str]:
    """The data row locator (Step 1.3 / 2.2): the heap RID, or the clustering key columns not
    in the index key (+ the uniqueifier of a nonunique clustered index). ``engine``: as the
    record holds it (D123): the RID in the fixed-length part, no uniqueifier (stored only
    for a duplicate clustering key)."""
    if clustered is None:
        if engine:
            rid = Term("heap RID (fixed-length in the record)", 8)
            return _Group(1, 8, 0, 0, False, (rid,), ()), "heap RID", "+1 column, +8 fixed"
        rid = Term("heap RID", 8)
        return _Group(1, 0, 1, 8, False, (), (rid,)), "heap RID", "+1 column, +1 variable, +8"
    keyed = {n.lower() for n in spec.columns}
    extra = [n for n in clustered.columns if n.lower() not in keyed]
    g = _group(table, extra, "clustering key")
    why = f"clustering key columns not in the key: {', '.join(extra) or 'none'}"
    if not clustered.unique and engine:
        why += " (uniqueifier stored only for a duplicate key: not counted)"
    elif not clustered.unique:
        g = _plus(g, _Group(1, 0, 1, 4, False, (), (Term("uniqueifier", 4),)))
        why += " + uniqueifier (nonunique clustered index)"
    return g, "clustering key", why


def _group_steps(prefix: str, level: str, g: _Group, note: str | None) -> list[Step]:
    n = "Leaf" if level == "leaf" else "Key"
    return [
        Step(f"{prefix}a", f"Num_{n}_Cols", f"number of {level} row columns", g.count, note=note),
        Step(
            f"{prefix}b",
            f"Fixed_{n}_Size",
            f"total byte size of fixed-length {level} columns",
            g.fixed,
            g.fixed_terms,
        ),
        Step(f"{prefix}c", f"Num_Variable_{n}_Cols", "variable-length columns", g.num_var),
        Step(
            f"{prefix}d",
            f"Max_Var_{n}_Size",
            f"maximum byte size of variable-length {level} columns",
            g.max_var,
            g.var_terms,
        ),
    ]


def _variable(step: str, name: str, g: _Group) -> tuple[Step, int]:
    size = 2 + 2 * g.num_var + g.max_var if g.num_var else 0
    terms = (
        (Term("2", 2), Term(f"{g.num_var} x 2", 2 * g.num_var), Term("variable bytes", g.max_var))
        if g.num_var
        else (Term("no variable-length columns", 0),)
    )
    return Step(
        step, name, "2 + (variable columns x 2) + their bytes (0 without)", size, terms
    ), size


def nonleaf(ws: Worksheet, ms: MssqlSettings, leaf: int, per_page: int) -> Worksheet:
    """Step 3: the levels above the leaf, their pages and bytes."""
    count = mssql.levels(leaf, per_page)
    level_pages = tuple(
        Term(f"level {lvl}", math.ceil(leaf / per_page**lvl)) for lvl in range(1, count + 1)
    )
    pages = sum(int(tm.value) for tm in level_pages)
    return ws.add(
        Step(
            "3.1",
            "Non-leaf Levels",
            "1 + log(Index_Rows_Per_Page) (Num_Leaf_Pages / Index_Rows_Per_Page), rounded up"
            f" = 1 + log({per_page}) ({leaf:,} / {per_page})",
            count,
        ),
        Step(
            "3.2",
            "Num_Index_Pages",
            "sum over 1 <= Level <= Non-leaf Levels of Num_Leaf_Pages / Index_Rows_Per_Page ^ "
            "Level, each rounded up",
            pages,
            level_pages or (Term("no level above the leaf", 0),),
        ),
        Step(
            "3.3",
            "Index_Space_Used",
            f"{ms.page_bytes} x Num_Index_Pages = {ms.page_bytes} x {pages:,}",
            ms.page_bytes * pages,
        ),
    )


def nonclustered(
    table: Table,
    path: str,
    spec: IndexSpec,
    clustered: mssql.ClusteredKey | None,
    sizing: SizingSettings,
) -> IndexEstimate:
    """Size one nonclustered index (the page's steps 1-4)."""
    ms = sizing.mssql
    rows = sizing.rows
    engine = ms.index_rows == "engine"
    source = f"{_NCI}; records as the engine stores them (index_rows = engine, D123)"
    ws = Worksheet(f"{table.name.name}.{spec.name}: nonclustered index", source if engine else _NCI)
    if rows is not None:
        ws = ws.add(Step("1.1", "Num_Rows", "rows in the table (--rows)", rows))
    key = _group(table, spec.columns, "key")
    note = f"not sized: {', '.join(key.missing)}" if key.missing else None
    ws = ws.add(*_group_steps("1.2", "key", key, note))
    locator, locator_kind, why = _locator(table, spec, clustered, engine)
    upper = key
    if not spec.unique:
        upper = _plus(key, locator)
        ws = ws.add(*_group_steps("1.3", "key", upper, f"row locator ({locator_kind}): {why}"))
    bitmap = 2 + (upper.count + 7) // 8 if upper.nullable else 0
    ws = ws.add(
        Step(
            "1.4",
            "Index_Null_Bitmap",
            "2 + ((columns in the index row + 7) / 8), integer part, if a key column is "
            "nullable; else 0",
            bitmap,
            (Term("2", 2), Term(f"({upper.count} + 7) / 8", (upper.count + 7) // 8))
            if upper.nullable
            else (Term("no nullable key column", 0),),
        )
    )
    var_step, var_size = _variable("1.5", "Variable_Key_Size", upper)
    index_row = upper.fixed + var_size + bitmap + 1 + 6
    per_page = ms.page_free_bytes // (index_row + 2)
    ws = ws.add(
        var_step,
        Step(
            "1.6",
            "Index_Row_Size",
            "Fixed_Key_Size + Variable_Key_Size + Index_Null_Bitmap + 1 (row header) + 6 "
            "(child page ID)",
            index_row,
            (
                Term("Fixed_Key_Size", upper.fixed),
                Term("Variable_Key_Size", var_size),
                Term("Index_Null_Bitmap", bitmap),
                Term("row header", 1),
                Term("child page pointer", 6),
            ),
        ),
        Step(
            "1.7",
            "Index_Rows_Per_Page",
            f"{ms.page_free_bytes} / (Index_Row_Size + 2), rounded down"
            f" = {ms.page_free_bytes} / {index_row + 2}",
            per_page,
        ),
    )
    # Step 2: the leaf level
    included = _group(table, spec.included, "included")
    leaf = _plus(upper, included)
    inc_note = f"included: {', '.join(spec.included)}" if spec.included else "no included columns"
    if included.missing:
        inc_note += f"; not sized: {', '.join(included.missing)}"
    ws = ws.add(*_group_steps("2.1", "leaf", leaf, inc_note))
    if spec.unique:
        leaf = _plus(leaf, locator)
        ws = ws.add(*_group_steps("2.2", "leaf", leaf, f"row locator ({locator_kind}): {why}"))
    # The page counts a leaf null bitmap always; the engine writes one only when a column
    # of the record is nullable (D123).
    bitmapped = leaf.nullable or not engine
    leaf_bitmap = 2 + (leaf.count + 7) // 8 if bitmapped else 0
    ws = ws.add(
        Step(
            "2.3",
            "Leaf_Null_Bitmap",
            "2 + ((Num_Leaf_Cols + 7) / 8), integer part"
            + (", if a leaf column is nullable; else 0 (index_rows = engine)" if engine else ""),
            leaf_bitmap,
            (Term("2", 2), Term(f"({leaf.count} + 7) / 8", (leaf.count + 7) // 8))
            if bitmapped
            else (Term("no nullable leaf column", 0),),
        )
    )
    leaf_var_step, leaf_var = _variable("2.4", "Variable_Leaf_Size", leaf)
    leaf_row = leaf.fixed + leaf_var + leaf_bitmap + 1
    leaf_rpp = max(1, ms.page_free_bytes // (leaf_row + 2))
    ff = spec.fill_factor or ms.fill_factor  # FILLFACTOR 0 means 100
    free = ms.page_free_bytes * (100 - ff) // (100 * (leaf_row + 2))
    used = max(1, leaf_rpp - free)
    ws = ws.add(
        leaf_var_step,
        Step(
            "2.5",
            "Leaf_Row_Size",
            "Fixed_Leaf_Size + Variable_Leaf_Size + Leaf_Null_Bitmap + 1 (row header)",
            leaf_row,
            (
                Term("Fixed_Leaf_Size", leaf.fixed),
                Term("Variable_Leaf_Size", leaf_var),
                Term("Leaf_Null_Bitmap", leaf_bitmap),
                Term("row header", 1),
            ),
        ),
        Step(
            "2.6",
            "Leaf_Rows_Per_Page",
            f"{ms.page_free_bytes} / (Leaf_Row_Size + 2), rounded down"
            f" = {ms.page_free_bytes} / {leaf_row + 2}",
            leaf_rpp,
        ),
        Step(
            "2.7",
            "Free_Rows_Per_Page",
            f"{ms.page_free_bytes} x ((100 - Fill_Factor) / 100) / (Leaf_Row_Size + 2), "
            f"rounded down = {ms.page_free_bytes} x {100 - ff} / 100 / {leaf_row + 2}",
            free,
            note=f"Fill_Factor = {ff}; {used} row(s) stored per leaf page",
        ),
    )
    leaf_pages = levels = index_pages = pages = size = None
    if rows is not None:
        leaf_pages = math.ceil(rows / used)
        ws = ws.add(
            Step(
                "2.8",
                "Num_Leaf_Pages",
                "Num_Rows / (Leaf_Rows_Per_Page - Free_Rows_Per_Page), rounded up"
                f" = {rows:,} / {used}",
                leaf_pages,
            ),
            Step(
                "2.9",
                "Leaf_Space_Used",
                f"{ms.page_bytes} x Num_Leaf_Pages = {ms.page_bytes} x {leaf_pages:,}",
                ms.page_bytes * leaf_pages,
            ),
        )
        ws = nonleaf(ws, ms, leaf_pages, per_page)
        levels, index_pages = int(ws.value("3.1")), int(ws.value("3.2"))
        pages = leaf_pages + index_pages
        size = ms.page_bytes * pages
        ws = ws.add(
            Step(
                "4",
                "Nonclustered index size (bytes)",
                "Leaf_Space_Used + Index_Space_used",
                size,
                (
                    Term("Leaf_Space_Used", ws.value("2.9")),
                    Term("Index_Space_Used", ws.value("3.3")),
                ),
                note=f"{pages:,} pages",
            )
        )
    return IndexEstimate(
        path=path,
        table=table.name,
        platform="mssql",
        index=spec.name,
        kind="nonclustered",
        unique=spec.unique,
        source=spec.source,
        columns=spec.columns,
        included=spec.included,
        fill_factor=ff,
        leaf_row_bytes=leaf_row,
        leaf_rows_per_page=used,
        index_row_bytes=index_row,
        index_rows_per_page=per_page,
        rows=rows,
        leaf_pages=leaf_pages,
        nonleaf_levels=levels,
        nonleaf_pages=index_pages,
        pages=pages,
        index_bytes=size,
        row_locator=locator_kind,
        worksheets=(ws,),
        span=spec.span,
    )


def clustered(
    table: Table, path: str, spec: IndexSpec, key: mssql.ClusteredKey, sizing: SizingSettings
) -> IndexEstimate:
    """The clustered index: the table's leaf (data) rows and the levels above them, by the
    clustered index procedure (:mod:`analyzer.estimators.mssql`)."""
    ms = sizing.mssql
    sparse = any(c.storage is not None and c.storage.category == "sparse" for c in table.columns)
    limit = ms.max_row_bytes_sparse if sparse else ms.max_row_bytes
    row_ws = mssql.row_worksheet(table, ms, key, rows=sizing.rows, limit=limit)
    ff = key.fill_factor or ms.fill_factor
    row_ws = mssql.leaf_pages(row_ws, ms, ff, sizing.rows)
    leaf = int(row_ws.value("1.9")) if sizing.rows is not None else None
    ix = mssql.index_worksheet(table, ms, key, leaf)
    levels = index_pages = pages = size = None
    if leaf is not None:
        levels, index_pages = int(ix.value("2.7")), int(ix.value("2.8"))
        pages = leaf + index_pages
        size = ms.page_bytes * pages
    return IndexEstimate(
        path=path,
        table=table.name,
        platform="mssql",
        index=spec.name,
        kind="clustered",
        unique=key.unique,
        source=spec.source,
        columns=key.columns,
        fill_factor=ff,
        leaf_row_bytes=int(row_ws.value("1.6")),
        leaf_rows_per_page=int(row_ws.value("1.8+")),
        index_row_bytes=int(ix.value("2.5")),
        index_rows_per_page=int(ix.value("2.6")),
        rows=sizing.rows,
        leaf_pages=leaf,
        nonleaf_levels=levels,
        nonleaf_pages=index_pages,
        pages=pages,
        index_bytes=size,
        worksheets=(row_ws, ix),
        note="the leaf level is the table's data rows (the table size, not extra space)",
        span=spec.span,
    )


def estimate(table: Table, path: str, sizing: SizingSettings) -> tuple[IndexEstimate, ...]:
    """Every index of ``table`` on SQL Server."""
    key = mssql.clustered_key(table)
    out = []
    for spec in indexes(table):
        if spec.kind == "clustered" and key is not None:
            out.append(clustered(table, path, spec, key, sizing))
        elif spec.kind == "nonclustered":
            out.append(nonclustered(table, path, spec, key, sizing))
        else:
            out.append(
                IndexEstimate(
                    path,
                    table.name,
                    "mssql",
                    spec.name,
                    spec.kind,
                    spec.unique,
                    spec.source,
                    spec.columns,
                    note=f"{spec.kind} index: no Microsoft estimation procedure; not sized",
                    span=spec.span,
                )
            )
    return tuple(out)
