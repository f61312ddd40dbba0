"""SQL Server row, heap and clustered-index size: the sql-docs estimation procedures, step by step.

SQL Server documentation (MicrosoftDocs/sql-docs, ``../shared/reference/
replication-and-storage.md`` §3.1-3.4):

* "Estimate the Size of a Heap", steps 1-8: ``Null_Bitmap = 2 + ((Num_Cols + 7) / 8)``,
  ``Variable_Data_Size = 2 + (Num_Variable_Cols x 2) + Max_Var_Size``, ``Row_Size =
  Fixed_Data_Size + Variable_Data_Size + Null_Bitmap + 4``, ``Rows_Per_Page = 8096 /
  (Row_Size + 2)``, ``Num_Pages = Num_Rows / Rows_Per_Page``, heap = 8192 x Num_Pages;
* "Estimate the Size of a Clustered Index", step 1 (leaf level: the uniqueifier of a
  nonunique index, ``Free_Rows_Per_Page`` by fill factor), step 2 (index rows:
  ``Index_Row_Size = Fixed_Key_Size + Variable_Key_Size + Index_Null_Bitmap + 1 + 6``,
  ``Non-leaf_Levels = 1 + log Index_Rows_Per_Page (Num_Leaf_Pages / Index_Rows_Per_Page)``,
  ``Num_Index_Pages``) and step 3 (the total);
* "Maximum capacity specifications" / "Row-Overflow Data Exceeding 8 KB": 8,060 bytes per
  row (8,018 with sparse columns); varchar, nvarchar, varbinary, sql_variant and CLR
  columns beyond it move to ROW_OVERFLOW_DATA, largest first, leaving a 24-byte pointer.

The procedures do not cover sparse columns, LOB pages or IAM pages; the LOB values off
the row are not counted (their pointer is), and sparse columns are one variable-length
column, the sparse vector (decision D43).

A table of an int and a char(5) (9 bytes of data) has a 16-byte row:

>>> from analyzer.core import Options, analyze_bytes
>>> from analyzer import passes
>>> from analyzer.settings import SizingSettings
>>> s = SizingSettings(rows=1000)
>>> r = analyze_bytes("t.sql", b"CREATE TABLE t1 (id int NOT NULL, name char(5) NOT NULL)",
...                   Options(dialect="tsql"))
>>> r = passes.run(passes.run(r), passes.SIZING_RULES, sizing=s)
>>> e = estimate(r.tables[0], "t.sql", s)
>>> e.row_bytes, e.rows_per_page, e.pages, e.table_bytes
(16, 449, 3, 24576)
"""

from __future__ import annotations

import math

from analyzer.estimators.table_estimate import Figure, TableEstimate
from analyzer.ir import Column, ConstraintKind, Diagnostic, Severity, Table
from analyzer.records import record
from analyzer.settings import MssqlSettings, SizingSettings
from analyzer.worksheet import Step, Term, Worksheet

_DOCS = "SQL Server docs"
_HEAP = f"{_DOCS}, Estimate the Size of a Heap"
_CI = f"{_DOCS}, Estimate the Size of a Clustered Index"
_LIMIT = f"{_DOCS}, Row-Overflow Data Exceeding 8 KB"
#: Types that cannot be SPARSE ("Use Sparse Columns", restrictions).
_NOT_SPARSE = ("TEXT", "NTEXT", "IMAGE", "TIMESTAMP", "ROWVERSION", "GEOGRAPHY", "GEOMETRY")


@record
class ClusteredKey:
    """The clustered index of a table: its key columns, uniqueness and fill factor."""

    columns: tuple[str, ...]
    unique: bool
    fill_factor: int | None
    name: str


def clustered_key(table: Table) -> ClusteredKey | None:
    """The clustered index declared with the table, if any.

    A PRIMARY KEY is clustered unless it says NONCLUSTERED or another constraint or index
    is declared CLUSTERED (CREATE TABLE, "PRIMARY KEY constraints default to CLUSTERED").
    """
    for c in table.constraints:
        keyed = c.kind in (ConstraintKind.PRIMARY_KEY, ConstraintKind.UNIQUE)
        if keyed and c.clustered and c.declared_by is None:
            return ClusteredKey(c.columns, True, c.fill_factor, c.name or c.kind.value)
    for ix in table.indexes:
        if ix.kind == "clustered":
            return ClusteredKey(ix.columns, ix.unique, ix.fill_factor, ix.name or "clustered")
    pk = table.primary_key
    if pk is not None and pk.clustered is None and pk.declared_by is None:
        return ClusteredKey(pk.columns, True, pk.fill_factor, pk.name or "primary key")
    return None


@record
class _Counts:
    """The inputs of the heap / leaf row formula (step 2 of the heap procedure)."""

    num_cols: int
    fixed: int
    num_var: int
    max_var: int
    fixed_terms: tuple[Term, ...]
    var_terms: tuple[Term, ...]
    bits: int
    sparse: int


def _sized(table: Table) -> list[Column]:
    return [c for c in table.columns if c.storage is not None]


def _length(c: Column, at_max: bool) -> int:
    assert c.storage is not None
    return c.storage.max_length if at_max else c.storage.data_length


def _counts(columns: list[Column], ms: MssqlSettings, at_max: bool) -> _Counts:
    fixed_terms, var_terms = [], []
    bits = sparse_cols = 0
    sparse_bytes = 0
    num_cols = num_var = 0
    fixed = max_var = 0
    for c in columns:
        s = c.storage
        assert s is not None
        category = s.category
        if category == "sparse":
            sparse_cols += 1
            sparse_bytes += s.max_length if at_max else s.data_length
            continue
        num_cols += 1
        if category == "bit":
            bits += 1
        elif category == "fixed":
            fixed_terms.append(Term(c.name, s.data_length))
            fixed += int(s.data_length)
        else:  # variable, off_row: a variable-length column of the row
            num_var += 1
            size = s.max_length if at_max else s.data_length
            var_terms.append(Term(f"{c.name} ({'max' if at_max else s.basis})", size))
            max_var += int(size)
    if bits:
        fixed_terms.append(Term(f"{bits} bit column(s), 8 per byte", math.ceil(bits / 8)))
        fixed += math.ceil(bits / 8)
    sparse_vector = 0
    if sparse_bytes:
        # The sparse vector is one more variable-length column of the row (D43).
        sparse_vector = ms.sparse_vector_header + sparse_bytes
        num_cols += 1
        num_var += 1
        var_terms.append(Term(f"sparse vector ({sparse_cols} sparse columns)", sparse_vector))
        max_var += int(sparse_vector)
    return _Counts(
        num_cols,
        fixed,
        num_var,
        max_var,
        tuple(fixed_terms),
        tuple(var_terms),
        bits,
        sparse_cols,
    )


#: The title ending of a worksheet at the columns' declared maximums.
_AT_MAX = " at declared maximums"


def _max_row_size(table: Table, ms: MssqlSettings, key: ClusteredKey | None) -> int:
    """The Row_Size of :func:`row_worksheet` at the declared maximums (no row limit),
    without the worksheet: the same counts (:func:`_counts`) and sums, in order."""
    num_cols = fixed = num_var = max_var = bits = sparse_bytes = 0
    for c in table.columns:
        s = c.storage
        if s is None:
            continue
        category = s.category
        if category == "sparse":
            sparse_bytes += s.max_length
            continue
        num_cols += 1
        if category == "bit":
            bits += 1
        elif category == "fixed":
            fixed += int(s.data_length)
        else:
            num_var += 1
            max_var += int(s.max_length)
    if bits:
        fixed += math.ceil(bits / 8)
    if sparse_bytes:
        num_cols, num_var = num_cols + 1, num_var + 1
        max_var += int(ms.sparse_vector_header + sparse_bytes)
    if key is not None and not key.unique:
        num_cols, num_var, max_var = num_cols + 1, num_var + 1, max_var + 4
    bitmap = 2 + (num_cols + 7) // 8
    var_size = 2 + 2 * num_var + max_var if num_var else 0
    return fixed + var_size + bitmap + 4


def row_worksheet(
    table: Table,
    ms: MssqlSettings,
    key: ClusteredKey | None,
    at_max: bool = False,
    rows: int | None = None,
    limit: int | None = None,
) -> Worksheet:
    """The row of the heap (steps 1-6) or of the clustered index leaf (steps 1.1-1.7)."""
    heap = key is None
    n = {
        "cols": "2" if heap else "1.2",
        "bitmap": "3" if heap else "1.4",
        "var": "4" if heap else "1.5",
        "row": "5" if heap else "1.6",
        "rpp": "6" if heap else "1.7",
    }
    title = ("heap row" if heap else "clustered index leaf row") + (_AT_MAX if at_max else "")
    steps = []
    if rows is not None:
        steps.append(Step("1" if heap else "1.1", "Num_Rows", "rows in the table (--rows)", rows))
    c = _counts(_sized(table), ms, at_max)
    unsized = [col.name for col in table.columns if col.storage is None]
    note = f"not sized: {', '.join(unsized)}" if unsized else None
    steps.append(Step(n["cols"] + "a", "Num_Cols", "number of columns", c.num_cols, note=note))
    steps.append(
        Step(
            n["cols"] + "b",
            "Fixed_Data_Size",
            "total byte size of all fixed-length columns",
            c.fixed,
            c.fixed_terms,
        )
    )
    steps.append(
        Step(n["cols"] + "c", "Num_Variable_Cols", "number of variable-length columns", c.num_var)
    )
    steps.append(
        Step(
            n["cols"] + "d",
            "Max_Var_Size",
            "maximum byte size of all variable-length columns",
            c.max_var,
            c.var_terms,
        )
    )
    num_cols, num_var, max_var = c.num_cols, c.num_var, c.max_var
    if key is not None and not key.unique:
        num_cols, num_var, max_var = num_cols + 1, num_var + 1, max_var + 4
        steps.append(
            Step(
                "1.3",
                "Uniqueifier (nonunique clustered index)",
                "Num_Cols + 1, Num_Variable_Cols + 1, Max_Var_Size + 4",
                max_var,
                (Term("Max_Var_Size", c.max_var), Term("uniqueifier", 4)),
                note=f"Num_Cols = {num_cols}, Num_Variable_Cols = {num_var}",
            )
        )
    bitmap = 2 + (num_cols + 7) // 8
    steps.append(
        Step(
            n["bitmap"],
            "Null_Bitmap",
            "2 + ((Num_Cols + 7) / 8), integer part",
            bitmap,
            (Term("2", 2), Term(f"({num_cols} + 7) / 8", (num_cols + 7) // 8)),
        )
    )
    var_size = 2 + 2 * num_var + max_var if num_var else 0
    steps.append(
        Step(
            n["var"],
            "Variable_Data_Size",
            "2 + (Num_Variable_Cols x 2) + Max_Var_Size (0 without variable-length columns)",
            var_size,
            (Term("2", 2), Term(f"{num_var} x 2", 2 * num_var), Term("Max_Var_Size", max_var))
            if num_var
            else (Term("no variable-length columns", 0),),
        )
    )
    row = c.fixed + var_size + bitmap + 4
    steps.append(
        Step(
            n["row"],
            "Row_Size",
            "Fixed_Data_Size + Variable_Data_Size + Null_Bitmap + 4 (row header)",
            row,
            (
                Term("Fixed_Data_Size", c.fixed),
                Term("Variable_Data_Size", var_size),
                Term("Null_Bitmap", bitmap),
                Term("row header", 4),
            ),
        )
    )
    if limit is not None and row > limit:
        # Over the limit the widest variable columns live on row-overflow pages (D42).
        moved, in_row = overflow(table, ms, row, limit, at_max)
        terms = tuple(
            Term(
                f"{c.name} moved, pointer left", ms.row_overflow_pointer_bytes - _length(c, at_max)
            )
            for c in moved
        )
        steps.append(
            Step(
                n["row"] + "+",
                "In-row size after row-overflow",
                "Row_Size - moved columns + 24-byte pointers (Row-Overflow Data Exceeding 8 KB)",
                in_row,
                (Term("Row_Size", row), *terms),
            )
        )
        row = in_row
    rpp = max(1, ms.page_free_bytes // (row + 2))
    steps.append(
        Step(
            n["rpp"],
            "Rows_Per_Page",
            f"{ms.page_free_bytes} / (Row_Size + 2), rounded down (2: the slot array entry)"
            f" = {ms.page_free_bytes} / {row + 2}",
            rpp,
            note="at least 1: a longer row moves columns to row-overflow pages"
            if ms.page_free_bytes // (row + 2) == 0
            else None,
        )
    )
    return Worksheet(title, _HEAP if heap else f"{_CI}, Step 1 (leaf level)", tuple(steps))


def heap_pages(ws: Worksheet, ms: MssqlSettings, rows: int) -> Worksheet:
    """Heap steps 1, 7 and 8: pages and bytes for ``rows`` rows."""
    rpp = int(ws.value("6"))
    pages = math.ceil(rows / rpp)
    return ws.add(
        Step(
            "7",
            "Num_Pages",
            f"Num_Rows / Rows_Per_Page, rounded up = {rows:,} / {rpp}",
            pages,
        ),
        Step(
            "8",
            "Heap size (bytes)",
            f"{ms.page_bytes} x Num_Pages = {ms.page_bytes} x {pages:,}",
            ms.page_bytes * pages,
        ),
    )


def leaf_pages(ws: Worksheet, ms: MssqlSettings, fill_factor: int, rows: int | None) -> Worksheet:
    """Clustered index steps 1.8-1.10: free rows by fill factor, leaf pages and bytes."""
    row, rpp = int(ws.value("1.6")), int(ws.value("1.7"))
    free = ms.page_free_bytes * (100 - fill_factor) // (100 * (row + 2))
    used = max(1, rpp - free)
    steps = [
        Step(
            "1.8",
            "Free_Rows_Per_Page",
            f"{ms.page_free_bytes} x ((100 - Fill_Factor) / 100) / (Row_Size + 2), rounded down"
            f" = {ms.page_free_bytes} x {100 - fill_factor} / 100 / {row + 2}",
            free,
            note=f"Fill_Factor = {fill_factor}",
        ),
        Step(
            "1.8+",
            "Rows stored per leaf page",
            "Rows_Per_Page - Free_Rows_Per_Page (at least 1)",
            used,
            (Term("Rows_Per_Page", rpp), Term("Free_Rows_Per_Page", used - rpp)),
        ),
    ]
    if rows is not None:
        pages = math.ceil(rows / used)
        steps.append(
            Step(
                "1.9",
                "Num_Leaf_Pages",
                f"Num_Rows / (Rows_Per_Page - Free_Rows_Per_Page), rounded up = {rows:,} / {used}",
                pages,
            )
        )
        steps.append(
            Step(
                "1.10",
                "Leaf_space_used",
                f"{ms.page_bytes} x Num_Leaf_Pages = {ms.page_bytes} x {pages:,}",
                ms.page_bytes * pages,
            )
        )
    return ws.add(*steps)


def levels(leaf_pages: int, per_page: int) -> int:
    """``1 + log(per_page)(leaf_pages / per_page)`` rounded up, in integers: the smallest L
    with per_page ** L >= leaf_pages (0 for a single leaf page, the root).

    >>> levels(3379, 222), levels(1, 222), levels(222, 222), levels(223, 222)
    (2, 0, 1, 2)
    """
    count, reach = 0, 1
    while reach < leaf_pages:
        reach *= per_page
        count += 1
    return count


def index_worksheet(
    table: Table, ms: MssqlSettings, key: ClusteredKey, leaf: int | None
) -> Worksheet:
    """Clustered index step 2: the index row, levels above the leaf and their pages."""
    cols = [table.column(name) for name in key.columns]
    missing = [
        name for name, c in zip(key.columns, cols, strict=True) if c is None or c.storage is None
    ]
    keys = [c for c in cols if c is not None and c.storage is not None]
    fixed_terms, var_terms = [], []
    bits = 0
    for c in keys:
        assert c.storage is not None
        if c.storage.category == "bit":
            bits += 1
        elif c.storage.category == "fixed":
            fixed_terms.append(Term(c.name, c.storage.data_length))
        else:
            var_terms.append(Term(c.name, c.storage.data_length))
    if bits:
        fixed_terms.append(Term(f"{bits} bit key column(s)", math.ceil(bits / 8)))
    num_keys, num_var = len(keys), len(var_terms)
    fixed = sum(int(tm.value) for tm in fixed_terms)
    max_var = sum(int(tm.value) for tm in var_terms)
    note = f"key columns not sized: {', '.join(missing)}" if missing else None
    steps = [
        Step("2.1a", "Num_Key_Cols", "number of key columns", num_keys, note=note),
        Step(
            "2.1b", "Fixed_Key_Size", "bytes of fixed-length key columns", fixed, tuple(fixed_terms)
        ),
        Step("2.1c", "Num_Variable_Key_Cols", "variable-length key columns", num_var),
        Step(
            "2.1d",
            "Max_Var_Key_Size",
            "bytes of variable-length key columns",
            max_var,
            tuple(var_terms),
        ),
    ]
    if not key.unique and ms.index_rows == "engine":
        steps.append(
            Step(
                "2.2",
                "Uniqueifier (nonunique index)",
                "stored only in the rows of a duplicate key (index_rows = engine): not counted",
                max_var,
                (Term("Max_Var_Key_Size", max_var), Term("uniqueifier", 0)),
            )
        )
    elif not key.unique:
        num_keys, num_var, max_var = num_keys + 1, num_var + 1, max_var + 4
        steps.append(
            Step(
                "2.2",
                "Uniqueifier (nonunique index)",
                "Num_Key_Cols + 1, Num_Variable_Key_Cols + 1, Max_Var_Key_Size + 4",
                max_var,
                (Term("Max_Var_Key_Size", max_var - 4), Term("uniqueifier", 4)),
            )
        )
    nullable = any(c.nullable for c in keys)
    bitmap = 2 + (num_keys + 7) // 8 if nullable else 0
    steps.append(
        Step(
            "2.3",
            "Index_Null_Bitmap",
            "2 + ((Num_Key_Cols + 7) / 8) if a key column is nullable, else 0",
            bitmap,
            (Term("2", 2), Term(f"({num_keys} + 7) / 8", (num_keys + 7) // 8))
            if nullable
            else (Term("no nullable key column", 0),),
        )
    )
    var_size = 2 + 2 * num_var + max_var if num_var else 0
    steps.append(
        Step(
            "2.4",
            "Variable_Key_Size",
            "2 + (Num_Variable_Key_Cols x 2) + Max_Var_Key_Size (0 without)",
            var_size,
            (Term("2", 2), Term(f"{num_var} x 2", 2 * num_var), Term("Max_Var_Key_Size", max_var))
            if num_var
            else (Term("no variable-length key columns", 0),),
        )
    )
    row = fixed + var_size + bitmap + 1 + 6
    steps.append(
        Step(
            "2.5",
            "Index_Row_Size",
            "Fixed_Key_Size + Variable_Key_Size + Index_Null_Bitmap + 1 + 6",
            row,
            (
                Term("Fixed_Key_Size", fixed),
                Term("Variable_Key_Size", var_size),
                Term("Index_Null_Bitmap", bitmap),
                Term("row header", 1),
                Term("child page pointer", 6),
            ),
        )
    )
    per_page = ms.page_free_bytes // (row + 2)
    steps.append(
        Step(
            "2.6",
            "Index_Rows_Per_Page",
            f"{ms.page_free_bytes} / (Index_Row_Size + 2), rounded down"
            f" = {ms.page_free_bytes} / {row + 2}",
            per_page,
        )
    )
    title, source = "clustered index non-leaf levels", f"{_CI}, Step 2 (index information)"
    if leaf is None:
        return Worksheet(title, source, tuple(steps))
    count = levels(leaf, per_page)
    steps.append(
        Step(
            "2.7",
            "Non-leaf_Levels",
            "1 + log Index_Rows_Per_Page (Num_Leaf_Pages / Index_Rows_Per_Page), rounded up",
            count,
        )
    )
    level_pages = tuple(
        Term(f"level {lvl}", math.ceil(leaf / per_page**lvl)) for lvl in range(1, count + 1)
    )
    pages = sum(int(tm.value) for tm in level_pages)
    steps.append(
        Step(
            "2.8",
            "Num_Index_Pages",
            "sum over levels of Num_Leaf_Pages / Index_Rows_Per_Page ^ Level, each rounded up",
            pages,
            level_pages or (Term("no level above the leaf", 0),),
        )
    )
    steps.append(
        Step(
            "2.9",
            "Index_Space_Used",
            f"{ms.page_bytes} x Num_Index_Pages = {ms.page_bytes} x {pages:,}",
            ms.page_bytes * pages,
        )
    )
    return Worksheet(title, source, tuple(steps))


def overflow(
    table: Table, ms: MssqlSettings, max_row: int, limit: int, at_max: bool = True
) -> tuple[list[Column], int]:
    """Variable columns moved to ROW_OVERFLOW_DATA, largest first, until the row fits.

    Returns the columns moved and the in-row size left (over the limit when even moving
    every candidate does not make the row fit: the fixed part is too large).
    """
    if max_row <= limit:
        return [], max_row  # the row fits: nothing moves
    candidates = sorted(
        (
            c
            for c in _sized(table)
            if c.storage is not None
            and c.storage.category == "variable"
            and _length(c, at_max) > ms.row_overflow_pointer_bytes
        ),
        key=lambda c: -_length(c, at_max),
    )
    moved = []
    row = max_row
    for c in candidates:
        if row <= limit:
            break
        assert c.storage is not None
        row -= _length(c, at_max) - ms.row_overflow_pointer_bytes
        moved.append(c)
    return moved, row


def _diagnostics(
    table: Table, ms: MssqlSettings, max_row: int, limit: int, sparse: bool
) -> tuple[list[Diagnostic], list[Column]]:
    diags: list[Diagnostic] = []
    moved, in_row = overflow(table, ms, max_row, limit)
    name = table.name.name
    if in_row > limit:
        diags.append(
            Diagnostic(
                "S002",
                Severity.WARNING,
                f"table {name}: the row takes {in_row:,} bytes in the row even with every "
                f"variable-length column on row-overflow pages, over SQL Server's {limit:,}-byte "
                f"limit{' (with sparse columns)' if sparse else ''}: CREATE TABLE fails",
                table.span,
            )
        )
    elif moved:
        listed = ", ".join(f"{c.name} ({c.storage.max_length:,})" for c in moved if c.storage)
        diags.append(
            Diagnostic(
                "S010",
                Severity.WARNING,
                f"table {name}: a row can reach {max_row:,} bytes at its declared maximums, over "
                f"{limit:,}; SQL Server moves the widest variable-length columns to row-overflow "
                f"pages (a {ms.row_overflow_pointer_bytes}-byte pointer each): {listed}",
                table.span,
            )
        )
    for c in table.columns:
        if c.sparse and (
            not c.nullable or c.type.name.upper() in _NOT_SPARSE or c.type.family == "udt"
        ):
            why = "NOT NULL" if not c.nullable else f"of type {c.type.declared}"
            diags.append(
                Diagnostic(
                    "S011",
                    Severity.WARNING,
                    f"column {name}.{c.name}: a SPARSE column cannot be {why} "
                    "(Use Sparse Columns, restrictions); sized as declared",
                    c.span,
                )
            )
    return diags, moved


def estimate(
    table: Table, path: str, sizing: SizingSettings, explain: bool = True
) -> TableEstimate:
    """Size ``table`` on SQL Server: the heap, or the clustered index when there is one.

    ``explain=False``: without the worksheet of the row at its declared maximums (its
    size computed as :func:`_max_row_size`); the row worksheet, which the S012 rule reads,
    and the others are made either way."""
    ms = sizing.mssql
    key = clustered_key(table)
    sparse = any(c.storage is not None and c.storage.category == "sparse" for c in table.columns)
    limit = ms.max_row_bytes_sparse if sparse else ms.max_row_bytes
    row_ws = row_worksheet(table, ms, key, rows=sizing.rows, limit=limit)
    row_step = "5" if key is None else "1.6"
    row = int(row_ws.value(row_step))
    max_ws = row_worksheet(table, ms, key, at_max=True) if explain else None
    max_row = int(max_ws.value(row_step)) if max_ws is not None else _max_row_size(table, ms, key)
    diags, moved_cols = _diagnostics(table, ms, max_row, limit, sparse)
    moved = len(moved_cols)
    worksheets = [row_ws]
    max_title = ("heap row" if key is None else "clustered index leaf row") + _AT_MAX
    if max_ws is not None:
        max_ws = max_ws.add(
            Step(
                "8060",
                "Columns moved to row-overflow pages",
                f"widest variable-length columns first, until the row fits {limit:,} bytes",
                moved,
                tuple(Term(c.name, 1) for c in moved_cols),
            )
        )
        worksheets.append(max_ws)
    figures = [
        Figure("row_bytes", row, worksheet=row_ws.title),
        Figure("fixed_data_bytes", int(row_ws.value("2b" if key is None else "1.2b"))),
        Figure("row_overflow_columns", moved, "columns", worksheet=max_title),
    ]
    rows_per_page = int(row_ws.value("6" if key is None else "1.7"))
    pages = table_bytes = None
    if key is None:
        if sizing.rows is not None:
            row_ws = heap_pages(row_ws, ms, sizing.rows)
            worksheets[0] = row_ws
            pages, table_bytes = int(row_ws.value("7")), int(row_ws.value("8"))
        figures.append(Figure("rows_per_page", rows_per_page, "rows", row_ws.title))
    else:
        ff = key.fill_factor or ms.fill_factor  # FILLFACTOR 0 means 100
        row_ws = leaf_pages(row_ws, ms, ff, sizing.rows)
        worksheets[0] = row_ws
        rows_per_page = int(row_ws.value("1.8+"))
        figures.append(Figure("rows_per_page", rows_per_page, "rows", row_ws.title))
        leaf = int(row_ws.value("1.9")) if sizing.rows is not None else None
        ix = index_worksheet(table, ms, key, leaf)
        worksheets.append(ix)
        figures.append(Figure("index_row_bytes", int(ix.value("2.5")), worksheet=ix.title))
        if leaf is not None:
            index_pages = int(ix.value("2.8"))
            pages = leaf + index_pages
            leaf_bytes, index_bytes = int(row_ws.value("1.10")), int(ix.value("2.9"))
            table_bytes = leaf_bytes + index_bytes
            total = Worksheet("clustered index size", f"{_CI}, Step 3", result_step="3").add(
                Step(
                    "3",
                    "Clustered index size (bytes)",
                    "Leaf_Space_Used + Index_Space_used",
                    table_bytes,
                    (Term("Leaf_Space_Used", leaf_bytes), Term("Index_Space_Used", index_bytes)),
                    note=f"{key.name}: {'unique' if key.unique else 'nonunique'} on "
                    f"{', '.join(key.columns)}",
                )
            )
            total = total.add(
                Step(
                    "3p",
                    "Pages",
                    "Num_Leaf_Pages + Num_Index_Pages",
                    pages,
                    (Term("Num_Leaf_Pages", leaf), Term("Num_Index_Pages", index_pages)),
                )
            )
            worksheets.append(total)
            figures += [
                Figure("leaf_pages", leaf, "pages"),
                Figure("index_pages", index_pages, "pages"),
                Figure("nonleaf_levels", int(ix.value("2.7")), "levels"),
            ]
    if pages is not None:
        figures.append(Figure("pages", pages, "pages"))
    return TableEstimate(
        path=path,
        table=table.name,
        dialect=table.dialect,
        platform="mssql",
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
    )
