"""HiRDB storage of one column: its data length ``di`` per Table 17-1 and its branch pieces.

Sources (HiRDB Version 8 Installation and Design Guide, 17.1.2 "Calculating the number of
table storage pages", seed ``hirdb-table-pages.txt``; V9 16.1.2 is the same):

* Table 17-1 "List of data lengths" and its notes 1-5 (SUPPRESS DECIMAL, column data
  suppression, branching);
* Table 17-2 (``ei`` of branched VARCHAR / NVARCHAR / MVARCHAR), Table 17-3 (attributes of
  abstract data types), Table 17-4 (elements of repetition columns);
* 17.1.2(4) ``di = sum(ADTk) + 5``, ``ADTk = sum(attj) + 10 + 2 x m``;
  17.1.2(5) ``di = 4 + (eli + 1) x eni``.

``d`` (the "actual data length") is the run's basis: an average from ``--averages``,
``--fill`` times the declared length, or the declared length.  Types of other dialects
are mapped to the HiRDB type they would become (decision D50).

>>> from analyzer.ir import Column, DataType, QualifiedName, Table
>>> from analyzer.settings import SizingSettings
>>> t = Table(QualifiedName("t"), "hirdb", ())
>>> def size(declared, family, fill=None, **kw):
...     name = declared.split("(")[0].split(" ARRAY")[0]
...     c = Column("c", 1, DataType(declared, name, family, **kw), False, True)
...     s = column_storage(c, t, Basis(fill=fill), SizingSettings())
...     return s.category, s.data_length, s.branch
>>> size("NCHAR(4)", "nchar", length=4)
('fixed', 8, ())
>>> size("DECIMAL(9,2)", "decimal", precision=9, scale=2)
('fixed', 5, ())
>>> size("VARCHAR(100)", "varchar", length=100)
('variable', 101, ())
>>> size("VARCHAR(1000)", "varchar", length=1000)
('branch', 6, (1002,))
>>> size("VARCHAR(1000)", "varchar", fill=0.1, length=1000)
('variable', 101, ())
>>> size("SMALLINT ARRAY[10]", "integer", element_count=10)
('repetition', 34, ())
"""

from __future__ import annotations

import math
from dataclasses import replace

from analyzer.ir import Column, ColumnStorage, DataType, Table, UserType
from analyzer.platforms import Basis, Unsupported
from analyzer.records import record
from analyzer.settings import HirdbSettings, SizingSettings

_GUIDE = "HiRDB V8 Installation and Design Guide 17.1.2"
_T171 = f"{_GUIDE}, Table 17-1 List of data lengths"
_SRC = {
    "fixed": _T171,
    "decimal": f"{_T171}, note 1 (SUPPRESS DECIMAL: note 2)",
    "suppress": f"{_T171}, notes 3-4 (column data suppression)",
    "variable": f"{_T171}; Table 17-2 (branched part)",
    "binary": f"{_T171}, BINARY (note 5 for branching)",
    "lob": f"{_T171}, BLOB (data in the LOB RDAREA)",
    "repetition": f"{_GUIDE}(5) and Table 17-4 (repetition columns)",
    "adt": f"{_GUIDE}(4) and Table 17-3 (abstract data types)",
}

#: Fixed data lengths of Table 17-1 (BIGINT is not in it: decision D50).
FIXED = {
    "INTEGER": 4,
    "INT": 4,
    "SMALLINT": 2,
    "FLOAT": 8,
    "DOUBLE PRECISION": 8,
    "SMALLFLT": 4,
    "REAL": 4,
    "DATE": 4,
    "TIME": 3,
    "INTERVAL YEAR TO DAY": 5,
    "INTERVAL HOUR TO SECOND": 4,
    "BLOB": 9,
    "BINARY LARGE OBJECT": 9,
    "BIGINT": 8,
}

#: Variable-length character types: (bytes per character, largest d kept in the row).
VARIABLE = {
    "VARCHAR": (1, 255),
    "CHAR VARYING": (1, 255),
    "CHARACTER VARYING": (1, 255),
    "MVARCHAR": (1, 255),
    "NVARCHAR": (2, 127),
    "NATIONAL CHAR VARYING": (2, 127),
    "NATIONAL CHARACTER VARYING": (2, 127),
}

#: Repetition elements (Table 17-1 "Element of repetition column", Table 17-4).
_IN_ROW = {"column": 1, "element": 2, "attribute": 1}
#: Bytes a branched value leaves in the row: column (Table 17-1), element (Table 17-4 eli),
#: attribute (Table 17-3 attj).
_BRANCHED = {"column": 6, "element": 5, "attribute": 8}


@record
class Length:
    """A column's (or element's, attribute's) data length and what branches off the row."""

    di: int
    category: str
    branch: tuple[int, ...] = ()
    split_length: int | None = None
    note: str | None = None


def decimal_length(precision: int | None) -> int:
    """LARGE DECIMAL(m,n): floor(m / 2) + 1 bytes, m = 15 when omitted (Table 17-1 note 1).

    >>> [decimal_length(m) for m in (1, 2, 5, 15, 38, None)]
    [1, 2, 3, 8, 20, 8]
    """
    return (precision or 15) // 2 + 1


def timestamp_length(fraction: int | None) -> int:
    """TIMESTAMP(n): 7 + n / 2 bytes (n = 0, 2, 4 or 6).

    >>> [timestamp_length(n) for n in (None, 0, 2, 6)]
    [7, 7, 8, 10]
    """
    return 7 + math.ceil((fraction or 0) / 2)


def variable_length(
    per_char: int, limit: int, d: int, n: int, no_split: bool, context: str = "column"
) -> Length:
    """VARCHAR / MVARCHAR (``per_char`` 1, ``limit`` 255) or NVARCHAR (2, 127) of ``d`` characters.

    ``context`` is ``column`` (Table 17-1 "Other", Table 17-2), ``element`` of a repetition
    column (Table 17-4) or ``attribute`` of an abstract data type (Table 17-3).

    >>> variable_length(1, 255, 300, 300, False)
    Length(di=6, category='branch', branch=(302,), split_length=None, note=None)
    >>> kept = variable_length(1, 255, 300, 300, True)
    >>> kept.di, kept.split_length
    (303, 6)
    >>> variable_length(2, 127, 200, 200, False, "element").di
    5
    >>> variable_length(1, 255, 20, 300, True, "attribute").di
    23
    """
    data = per_char * d
    if not no_split:
        if d <= limit:
            return Length(data + _IN_ROW[context], "variable")
        return Length(_BRANCHED[context], "branch", (data + 2,))
    if context == "attribute":
        return Length(data + 3, "variable")
    if n <= limit:
        return Length(data + _IN_ROW[context], "variable")
    if context == "element":
        return Length(data + 2, "variable")
    # Not branching unless the row does not fit a page (note 5): then 6 bytes stay.
    return Length(data + 3, "variable", split_length=6)


def _chars(basis: Basis, n: int, per_char: int) -> tuple[int, str]:
    """The actual length d in characters of a value declared with ``n`` characters."""
    size, how = basis.apply(n * per_char)
    return math.ceil(size / per_char), how


def _suppressed(n: int, d: int, per_char: int, min_blanks: int) -> tuple[int, str]:
    """Column data suppression (Table 17-1 notes 3 and 4) of a CHAR/MCHAR/NCHAR(n) holding d."""
    blanks = n - d
    if blanks >= min_blanks:
        # note 3: n - b + 4; note 4: 2n - 2b + 5
        extra = 4 if per_char == 1 else 5
        return per_char * (n - blanks) + extra, f"{blanks} trailing blanks suppressed"
    return per_char * n + 1, "not suppressed: 1 byte added"


@record
class _Ctx:
    """What the length of one value depends on besides its type."""

    table: Table
    sizing: SizingSettings
    column: str

    @property
    def hirdb(self) -> HirdbSettings:
        return self.sizing.hirdb


def type_length(
    dt: DataType,
    basis: Basis,
    ctx: _Ctx,
    *,
    suppress: bool = False,
    no_split: bool = False,
    context: str = "column",
    adt: tuple[UserType, ...] = (),
) -> Length | Unsupported:
    """The Table 17-1 length of one value of HiRDB type ``dt`` (a column, element or attribute)."""
    name, fam = dt.name.upper(), dt.family
    hs = ctx.hirdb
    if name in ("LARGE DECIMAL", "LARGE DEC", "LARGE NUMERIC", "DECIMAL", "DEC", "NUMERIC"):
        size = decimal_length(dt.precision)
        if not ctx.table.options.suppress_decimal:
            return Length(size, "fixed")
        # note 2: floor(k / 2) + 2, k = significant digits stored
        digits = dt.precision or 15
        if basis.average is not None:
            return Length(min(basis.average, digits // 2 + 2), "variable", note="SUPPRESS DECIMAL")
        k = math.ceil(digits * basis.fill) if basis.fill is not None else digits
        return Length(k // 2 + 2, "variable", note=f"SUPPRESS DECIMAL, k = {k} digits")
    if name in ("CHAR", "CHARACTER", "MCHAR", "NCHAR", "NATIONAL CHAR", "NATIONAL CHARACTER"):
        per_char = 2 if fam == "nchar" else 1
        n = dt.length or 1
        if not suppress:
            return Length(per_char * n, "fixed")
        d, how = _chars(basis, n, per_char)
        blanks = hs.suppress_min_blanks if per_char == 1 else hs.suppress_min_blanks_national
        size, what = _suppressed(n, d, per_char, blanks)
        return Length(size, "variable", note=f"SUPPRESS, {how}: {what}")
    if name in VARIABLE:
        per_char, limit = VARIABLE[name]
        n = dt.length or 1
        d, _ = _chars(basis, n, per_char)
        return variable_length(per_char, limit, d, n, no_split, context)
    if name == "BINARY":
        n = dt.length or 1
        d, _ = basis.apply(n)
        if n <= 255:
            return Length(d + 3, "binary")
        return Length(d + 3, "binary", split_length=15)
    if name == "TIMESTAMP":
        return Length(timestamp_length(dt.scale), "fixed")
    if name in FIXED:
        note = "BIGINT is not in Table 17-1: 8 bytes (D50)" if name == "BIGINT" else None
        category = "lob" if name in ("BLOB", "BINARY LARGE OBJECT") else "fixed"
        return Length(FIXED[name], category, note=note)
    if fam == "adt" and adt:
        return _adt_length(adt, basis, ctx)
    if fam in ("udt", "adt"):
        return Unsupported(
            f"abstract data type {dt.declared} is not defined in the input; its attributes "
            "(17.1.2(4)) are unknown"
        )
    return Unsupported(f"type {dt.declared} is not a HiRDB type (Table 17-1 has no length for it)")


def _adt_length(chain: tuple[UserType, ...], basis: Basis, ctx: _Ctx) -> Length | Unsupported:
    """17.1.2(4): di = sum over the inheritance levels of ADTk, + 5; branch pieces attej."""
    total, pieces = 5, list[int]()
    for level in chain:
        atts = 0
        for att in level.attributes:
            avg = ctx.sizing.average(ctx.table.name.name, f"{ctx.column}.{att.name}")
            att_basis = Basis(avg, basis.fill)
            length = type_length(
                att.type,
                att_basis,
                ctx,
                suppress=att.suppress,
                no_split=att.no_split,
                context="attribute",
                adt=att.adt,
            )
            if isinstance(length, Unsupported):
                return Unsupported(f"attribute {level.name.name}.{att.name}: {length.message}")
            atts += length.di
            pieces.extend(length.branch)
        total += atts + 10 + 2 * len(level.attributes)
    return Length(total, "adt", tuple(pieces), note=f"{len(chain)} inheritance level(s)")


def _repetition(column: Column, dt: DataType, basis: Basis, ctx: _Ctx) -> Length | Unsupported:
    """17.1.2(5): di = 4 + (eli + 1) x eni; variable elements add esi x eni + 14 x (eni - 1)."""
    declared = dt.element_count or 1
    eni = max(1, math.ceil(declared * basis.fill)) if basis.fill is not None else declared
    element = type_length(
        replace(dt, element_count=None),
        basis,
        ctx,
        suppress=column.suppress,
        no_split=column.no_split,
        context="element",
        adt=column.adt,
    )
    if isinstance(element, Unsupported):
        return element
    branch = tuple(es * eni + 14 * (eni - 1) for es in element.branch)
    return Length(
        4 + (element.di + 1) * eni,
        "repetition",
        branch,
        note=f"eli {element.di} x eni {eni} of {declared} elements",
    )


def map_type(dt: DataType, dialect: str) -> DataType | Unsupported:
    """The HiRDB type a Teradata / SQL Server / ASE type would become (decision D50).

    >>> map_type(DataType("bigint", "BIGINT", "integer"), "tsql").declared
    'DECIMAL(19)'
    >>> map_type(DataType("nvarchar(max)", "NVARCHAR", "nvarchar", is_max=True), "tsql").declared
    'BLOB'
    """
    name, fam, n = dt.name.upper(), dt.family, dt.length

    def t(text: str, family: str, **kw: int | None) -> DataType:
        return DataType(text, text.split("(")[0], family, **kw)  # type: ignore[arg-type]

    if fam in ("integer", "bit", "boolean"):
        if name in ("INT", "INTEGER", "UNSIGNED SMALLINT"):
            return t("INTEGER", "integer")
        if name in ("BIGINT", "UNSIGNED INT", "UNSIGNED INTEGER"):
            return t("DECIMAL(19)", "decimal", precision=19)
        if name.startswith("UNSIGNED"):
            return t("DECIMAL(20)", "decimal", precision=20)
        return t("SMALLINT", "integer")
    if fam == "decimal":
        p = dt.precision or (5 if dialect == "teradata" else 18)
        return t(f"DECIMAL({p})", "decimal", precision=p)
    if fam == "number":
        return t("DECIMAL(38)", "decimal", precision=38)
    if fam == "money":
        p = 10 if name == "SMALLMONEY" else 19
        return t(f"DECIMAL({p})", "decimal", precision=p)
    if fam == "float":
        small = name == "REAL" or (dt.precision is not None and dt.precision <= 24)
        return t("SMALLFLT", "float") if small else t("FLOAT", "float")
    if fam in ("char", "nchar", "varchar", "nvarchar"):
        national = fam.startswith("n")
        if dt.is_max or (n or 1) > (15000 if national else 30000):
            return t("BLOB", "blob")
        head = ("N" if national else "") + ("VARCHAR" if "var" in fam else "CHAR")
        return t(f"{head}({n or 1})", fam, length=n or 1)
    if fam in ("clob", "nclob", "blob", "xml", "json") or (fam == "varbinary" and dt.is_max):
        return t("BLOB", "blob")
    if fam in ("binary", "varbinary"):
        return t(f"BINARY({n or 1})", "binary", length=n or 1)
    if fam in ("rowversion", "uuid"):
        size = 8 if fam == "rowversion" else 16
        return t(f"CHAR({size})", "char", length=size)
    if fam == "date":
        return t("DATE", "date")
    if fam == "time":
        return t("TIME", "time")
    if fam == "timestamp":
        frac = dt.scale if dt.scale is not None else (3 if name == "DATETIME" else 0)
        frac = min(6, frac + frac % 2)
        return t(f"TIMESTAMP({frac})", "timestamp", scale=frac)
    if fam == "interval":
        if any(w in name for w in ("HOUR", "MINUTE", "SECOND")):
            if "DAY" in name or "YEAR" in name or "MONTH" in name:
                return Unsupported(f"type {dt.declared} has no HiRDB interval equivalent")
            return t("INTERVAL HOUR TO SECOND", "interval")
        return t("INTERVAL YEAR TO DAY", "interval")
    return Unsupported(f"type {dt.declared} has no HiRDB equivalent ddlaudit can size")


def column_storage(
    column: Column, table: Table, basis: Basis, settings: SizingSettings
) -> ColumnStorage | Unsupported:
    """Size ``column`` as HiRDB stores it: its ``di`` and the bytes it puts on branch pages."""
    mapped = table.dialect != "hirdb"
    dt = map_type(column.type, table.dialect) if mapped else column.type
    if isinstance(dt, Unsupported):
        return dt
    ctx = _Ctx(table, settings, column.name)
    no_split = column.no_split or table.options.no_split
    if dt.element_count is not None:
        length = _repetition(replace(column, no_split=no_split), dt, basis, ctx)
        source = _SRC["repetition"]
    else:
        length = type_length(
            dt, basis, ctx, suppress=column.suppress, no_split=no_split, adt=column.adt
        )
        source = _SRC.get(length.category, _T171) if isinstance(length, Length) else ""
    if isinstance(length, Unsupported):
        return length
    at_max = Basis()
    if basis != at_max:
        full = column_storage(column, table, at_max, settings)
        max_length = full.data_length if isinstance(full, ColumnStorage) else length.di
    else:
        max_length = length.di
    how = basis.apply(1)[1] if length.category not in ("fixed", "lob") else "declared maximum"
    if dt.family == "decimal" and length.category == "fixed":
        source = _SRC["decimal"]
    if column.suppress and dt.family in ("char", "nchar"):
        source = _SRC["suppress"]
    return ColumnStorage(
        platform="hirdb",
        type=dt.declared,
        category=length.category,
        data_length=length.di,
        max_length=max_length,
        basis=how,
        mapped=mapped,
        source=source,
        note=length.note,
        branch=length.branch,
        split_length=length.split_length,
    )


def storage_key(column: Column, table: Table) -> tuple[object, ...]:
    """What :func:`column_storage` reads of ``column`` and ``table`` (besides the basis and
    the settings): the table's dialect, the column's type, ``SUPPRESS``, ``NO SPLIT`` (the
    column's and the table's), ``SUPPRESS DECIMAL`` and its abstract data types; with
    abstract data types also the table's and the column's names, which pick the
    attributes' averages (``_adt_length``).  The ``data_length`` pass sizes one column per
    key (tests/test_passes_speed_identity.py)."""
    options = table.options
    names = (table.name.name, column.name) if column.adt else None
    return (
        table.dialect,
        column.type,
        column.suppress,
        column.no_split,
        options.no_split,
        options.suppress_decimal,
        column.adt,
        names,
    )
