"""Sybase ASE storage of one column: bytes by type, and whether the row stores it as variable.

Sources (ASE Performance and Tuning Series: Physical Database Tuning, "Determining the
Sizes of Tables and Indexes"; Reference Manual: Building Blocks, "Datatypes"; figures in
``../shared/reference/replication-and-storage.md`` §5.5):

* "Storage sizes for datatypes": char(n)/varchar(n) defined size / actual characters;
  nchar/nvarchar n x @@ncharsize; unichar/univarchar n x @@unicharsize; binary /
  varbinary; tinyint 1, smallint 2, int 4, bigint 8 (and the unsigned forms); float(p)
  "4 for default precision < 16, 8 for default precision >= 16"; real 4; double
  precision 8; money 8, smallmoney 4; datetime 8, smalldatetime 4, date 4, time 4,
  bigdatetime 8, bigtime 8; bit ("1 byte holds up to 8 bit columns"); timestamp 8;
  text/image "16 bytes" in the row (the text pointer);
* numeric/decimal(p, s): ``ceiling(precision / log 256) + 1`` bytes (Building Blocks);
* "Any columns defined as NULL are considered variable-length columns".

Categories the estimator (``analyzer.estimators.ase``) places in the row: ``fixed``,
``bit`` (packed 8 per byte), ``variable`` (variable-length types and every NULL column)
and ``lob`` (text/image/unitext: a 16-byte text pointer, stored as a variable-length
column).

>>> from analyzer.ir import DataType, Column, Table, QualifiedName
>>> from analyzer.settings import SizingSettings
>>> t = Table(QualifiedName("t"), "sybase", ())
>>> def size(declared, family, null=False, **kw):
...     name = declared.split("(")[0].upper()
...     c = Column("c", 1, DataType(declared, name, family, **kw), null, True)
...     s = column_storage(c, t, Basis(), SizingSettings())
...     return s.category, s.data_length, s.max_length
>>> size("numeric(18,4)", "decimal", precision=18, scale=4)
('fixed', 9, 9)
>>> size("nvarchar(10)", "nvarchar", length=10)
('variable', 30, 30)
>>> size("unichar(10)", "nchar", length=10)
('fixed', 20, 20)
>>> size("int", "integer", null=True)
('variable', 4, 4)
>>> size("text", "clob", null=True)
('lob', 16, 16)
"""

from __future__ import annotations

import math

from analyzer.ir import Column, ColumnStorage, DataType, Table
from analyzer.platforms import Basis, Unsupported
from analyzer.settings import AseSettings, SizingSettings

_PT = "ASE Performance and Tuning: Physical Database Tuning"
_SRC = {
    "sizes": f"{_PT}, Storage sizes for datatypes",
    "numeric": "ASE Reference Manual: Building Blocks, Exact numeric datatypes: "
    "ceiling(precision / log 256) + 1",
    "bit": "ASE Reference Manual: Building Blocks, bit: 1 byte holds up to 8 bit columns",
    "lob": f"{_PT}, Using formulas to estimate object size: use 16 (the text pointer)",
}

_FIXED = {
    "TINYINT": 1,
    "UNSIGNED TINYINT": 1,
    "SMALLINT": 2,
    "UNSIGNED SMALLINT": 2,
    "INT": 4,
    "INTEGER": 4,
    "UNSIGNED INT": 4,
    "UNSIGNED INTEGER": 4,
    "RS_ADDRESS": 4,
    "BIGINT": 8,
    "UNSIGNED BIGINT": 8,
    "REAL": 4,
    "DOUBLE PRECISION": 8,
    "MONEY": 8,
    "SMALLMONEY": 4,
    "DATETIME": 8,
    "SMALLDATETIME": 4,
    "DATE": 4,
    "TIME": 4,
    "BIGDATETIME": 8,
    "BIGTIME": 8,
    "TIMESTAMP": 8,
}

#: Default lengths of the system types ASE defines as varchar.
_SYSNAMES = {"SYSNAME": 30, "LONGSYSNAME": 255}


def numeric_bytes(precision: int | None) -> int:
    """numeric(p): ``ceiling(p / log 256) + 1`` (default p 18); numeric(18,4) is 9 bytes.

    >>> [numeric_bytes(p) for p in (1, 2, 3, 9, 10, 18, 19, 38, None)]
    [2, 2, 3, 5, 6, 9, 9, 17, 9]
    """
    p = 18 if precision is None else precision
    return math.ceil(p / math.log10(256)) + 1


#: Families of the mapped string types (the sizing reads them).
_FAMILIES = {
    "CHAR": "char",
    "UNICHAR": "nchar",
    "VARCHAR": "varchar",
    "UNIVARCHAR": "nvarchar",
    "BINARY": "binary",
    "VARBINARY": "varbinary",
}


def _t(name: str, length: int | None = None, *, p: int | None = None, **kw: object) -> DataType:
    arg = None
    if length is not None:
        arg = str(length)
    elif p is not None:
        arg = str(p) + (f",{kw['scale']}" if kw.get("scale") is not None else "")
    declared = name.lower() + (f"({arg})" if arg else "")
    family = _FAMILIES.get(name, "")
    return DataType(declared, name, family, length=length, precision=p, **kw)  # type: ignore[arg-type]


def map_type(dt: DataType, column: Column, dialect: str) -> DataType | Unsupported:
    """The ASE type a SQL Server / Teradata / HiRDB type would become (decision D45).

    >>> from analyzer.ir import Column
    >>> c = Column("c", 1, DataType("x", "X", "x"), True, False)
    >>> map_type(DataType("nvarchar(40)", "NVARCHAR", "nvarchar", length=40), c, "tsql").declared
    'univarchar(40)'
    >>> map_type(DataType("varchar(max)", "VARCHAR", "varchar", is_max=True), c, "tsql").declared
    'text'
    >>> map_type(DataType("uniqueidentifier", "UNIQUEIDENTIFIER", "uuid"), c, "tsql").declared
    'binary(16)'
    """
    name, fam, n = dt.name.upper(), dt.family, dt.length
    unicode = (column.character_set or "").upper() in ("UNICODE", "GRAPHIC") or name in (
        "GRAPHIC",
        "VARGRAPHIC",
        "LONG VARGRAPHIC",
    )
    if fam == "integer":
        if name == "BYTEINT":
            return _t("SMALLINT")  # -128..127 does not fit tinyint's 0..255
        return _t("INT" if name == "INTEGER" else name)
    if fam in ("bit", "boolean"):
        return _t("BIT")
    if fam == "decimal":
        p = dt.precision if dt.precision is not None else 18
        return _t("NUMERIC", p=min(p, 38), scale=dt.scale or 0)
    if fam == "number":
        if dt.precision is None:
            return _t("DOUBLE PRECISION")
        return _t("NUMERIC", p=min(dt.precision, 38), scale=dt.scale or 0)
    if fam == "money":
        return _t(name)
    if fam == "float":
        if name in ("REAL", "SMALLFLT") or (
            name == "FLOAT" and dt.precision is not None and dt.precision <= 24
        ):
            return _t("REAL")
        return _t("DOUBLE PRECISION")
    if fam in ("char", "nchar"):
        wide = fam == "nchar" or unicode
        return _t("UNICHAR" if wide else "CHAR", n or 1)
    if fam in ("varchar", "nvarchar"):
        wide = fam == "nvarchar" or unicode
        if dt.is_max or (name.startswith("LONG ") and n is None):
            return _t("UNITEXT" if wide else "TEXT")
        if n is None and name == "SYSNAME":
            n = 128  # SQL Server's sysname is nvarchar(128)
        return _t("UNIVARCHAR" if wide else "VARCHAR", n or 1)
    if fam in ("clob", "nclob"):
        return _t("UNITEXT" if fam == "nclob" or unicode else "TEXT")
    if fam == "binary":
        return _t("BINARY", n or 1)
    if fam == "varbinary":
        if dt.is_max or (name.startswith("LONG ") and n is None):
            return _t("IMAGE")
        return _t("VARBINARY", n or 1)
    if fam == "blob":
        return _t("IMAGE")
    if fam == "rowversion":
        return _t("TIMESTAMP")
    if fam == "uuid":
        return _t("BINARY", 16)
    if fam == "date":
        return _t("DATE")
    if fam == "time":
        scale = dt.scale if dt.scale is not None else dt.precision
        return _t("TIME" if scale is not None and scale <= 3 and dialect == "tsql" else "BIGTIME")
    if fam == "timestamp":
        if name in ("DATETIME", "SMALLDATETIME"):
            return _t(name)
        return _t("BIGDATETIME")
    if fam in ("xml", "json"):
        return _t("TEXT")
    return Unsupported(f"type {dt.declared} has no Sybase ASE equivalent ddlaudit can size")


def _size(
    dt: DataType, column: Column, basis: Basis, ase: AseSettings, mapped: bool
) -> ColumnStorage | Unsupported:
    name, n = dt.name.upper(), dt.length

    def out(category: str, size: int, maxlen: int, source: str, **kw: object) -> ColumnStorage:
        # "Any columns defined as NULL are considered variable-length columns".
        if column.nullable and category == "fixed":
            category = "variable"
            kw.setdefault("note", "NULL column: stored as variable-length")
        return ColumnStorage(
            platform="ase",
            type=dt.declared,
            category=category,
            data_length=size,
            max_length=maxlen,
            mapped=mapped,
            source=source,
            **kw,  # type: ignore[arg-type]
        )

    if name in _FIXED:
        return out("fixed", _FIXED[name], _FIXED[name], _SRC["sizes"])
    if name in ("NUMERIC", "DECIMAL", "DEC"):
        size = numeric_bytes(dt.precision)
        return out("fixed", size, size, _SRC["numeric"])
    if name == "FLOAT":
        size = 4 if dt.precision is not None and dt.precision < 16 else 8
        return out("fixed", size, size, _SRC["sizes"])
    if name == "BIT":
        return out("bit", 1, 1, _SRC["bit"], basis="1 bit", note="8 bit columns share 1 byte")
    per_char = 1
    if name in ("NCHAR", "NVARCHAR") or name.startswith("NATIONAL "):
        per_char = ase.ncharsize
    elif name in ("UNICHAR", "UNIVARCHAR"):
        per_char = ase.unicharsize
    if dt.family in ("char", "nchar", "binary"):
        size = (n or 1) * per_char
        return out("fixed", size, size, _SRC["sizes"])
    if dt.family in ("varchar", "nvarchar", "varbinary") and name != "RAWOBJECT IN ROW":
        chars = n if n is not None else _SYSNAMES.get(name, 1)
        max_bytes = chars * per_char
        size, how = basis.apply(max_bytes)
        return out("variable", size, max_bytes, _SRC["sizes"], basis=how)
    if name in ("TEXT", "IMAGE", "UNITEXT", "RAWOBJECT"):
        p = ase.text_pointer_bytes
        return out("lob", p, p, _SRC["lob"], note="text pointer in the row; the value on LOB pages")
    return Unsupported(f"type {dt.declared} cannot be sized on Sybase ASE")


def column_storage(
    column: Column, table: Table, basis: Basis, settings: SizingSettings
) -> ColumnStorage | Unsupported:
    """Size ``column`` as ASE stores it (its own type, or the mapped one)."""
    if not column.type.declared:
        return Unsupported("the type of a persisted computed column is not declared")
    mapped = table.dialect != "sybase"
    dt = map_type(column.type, column, table.dialect) if mapped else column.type
    if isinstance(dt, Unsupported):
        return dt
    return _size(dt, column, basis, settings.ase, mapped)


def storage_key(column: Column, table: Table) -> tuple[object, ...]:
    """What :func:`column_storage` reads of ``column`` and ``table`` (besides the basis and
    the settings): the table's dialect, the column's type, its character set
    (``map_type``: Teradata UNICODE / GRAPHIC map to unichar) and whether it is nullable
    (``_size``: a NULL column is variable-length).  The ``data_length`` pass sizes one
    column per key (tests/test_passes_speed_identity.py)."""
    return (table.dialect, column.type, column.character_set, column.nullable)
