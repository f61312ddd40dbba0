"""SQL Server storage of one column: bytes by type and precision, and where it sits in the row.

Sources (SQL Server documentation, MicrosoftDocs/sql-docs; figures in
``../shared/reference/replication-and-storage.md`` §3):

* the data type pages: int, bigint, smallint and tinyint; decimal and numeric (5, 9, 13
  or 17 bytes by precision); float and real; money and smallmoney; bit ("If there are 8
  or fewer bit columns in a table, the columns are stored as 1 byte"); date, time,
  datetime2, datetimeoffset, smalldatetime, datetime; uniqueidentifier; char/varchar,
  nchar/nvarchar, binary/varbinary ("actual length + 2 bytes": the 2 bytes are the
  offset the heap formula counts as ``Num_Variable_Cols x 2``); rowversion;
  sql_variant (at most 8,016 bytes); hierarchyid (at most 892 bytes);
* "In-Row Data": text, ntext and image keep "a 16-byte text pointer" in the row; the
  (max) types and xml stay in the row up to 8,000 bytes when they fit, unless
  ``large value types out of row`` is on ("only a 16-byte text pointer");
* "Row-Overflow Data Exceeding 8 KB": a value moved off the row leaves a 24-byte pointer;
* "Use Sparse Columns": a non-NULL sparse value takes 4 bytes more than a nonsparse one
  (``int`` 4 -> 8, ``bit`` 0.125 -> 5), a NULL one none.

Categories the estimator (``analyzer.estimators.mssql``) places in the row: ``fixed``
(Fixed_Data_Size), ``bit`` (packed 8 per byte into Fixed_Data_Size), ``variable``
(Num_Variable_Cols, Max_Var_Size), ``off_row`` (a LOB or (max) value kept off the row:
its pointer is a variable-length column) and ``sparse`` (in the sparse vector).

>>> from analyzer.ir import DataType, Column, Table, QualifiedName
>>> from analyzer.settings import SizingSettings
>>> t = Table(QualifiedName("t"), "tsql", ())
>>> def size(declared, family, null=False, **kw):
...     name = declared.split("(")[0].upper()
...     c = Column("c", 1, DataType(declared, name, family, **kw), null, True)
...     s = column_storage(c, t, Basis(), SizingSettings())
...     return s.category, s.data_length, s.max_length
>>> size("decimal(19,4)", "decimal", precision=19, scale=4)
('fixed', 9, 9)
>>> size("datetime2(3)", "timestamp", scale=3)
('fixed', 7, 7)
>>> size("nvarchar(100)", "nvarchar", length=100)
('variable', 200, 200)
>>> size("nvarchar(max)", "nvarchar", is_max=True)
('off_row', 24, 24)
>>> size("image", "blob")
('off_row', 16, 16)
"""

from __future__ import annotations

from analyzer.ir import Column, ColumnStorage, DataType, Table
from analyzer.platforms import Basis, Unsupported
from analyzer.settings import MssqlSettings, SizingSettings

_DOCS = "SQL Server docs"
_SRC = {
    "int": f"{_DOCS}, int, bigint, smallint, and tinyint",
    "decimal": f"{_DOCS}, decimal and numeric: storage bytes by precision",
    "float": f"{_DOCS}, float and real",
    "money": f"{_DOCS}, money and smallmoney",
    "bit": f"{_DOCS}, bit: 8 or fewer bit columns are stored as 1 byte",
    "datetime": f"{_DOCS}, Date and time data types (storage size)",
    "char": f"{_DOCS}, char and varchar / nchar and nvarchar",
    "binary": f"{_DOCS}, binary and varbinary",
    "rowversion": f"{_DOCS}, rowversion: nullable is varbinary(8)",
    "uuid": f"{_DOCS}, uniqueidentifier: a 16-byte GUID",
    "variant": f"{_DOCS}, sql_variant: maximum length 8,016 bytes",
    "hierarchy": f"{_DOCS}, hierarchyid: at most 892 bytes",
    "lob": "SQL Server Books Online, In-Row Data: 16-byte text pointer",
    "max": "SQL Server Books Online, In-Row Data; Row-Overflow Data Exceeding 8 KB",
    "sparse": f"{_DOCS}, Use Sparse Columns: non-NULL values take 4 more bytes",
}

#: Fixed sizes of types without arguments.
_FIXED = {
    "BIGINT": (8, "int"),
    "INT": (4, "int"),
    "INTEGER": (4, "int"),
    "SMALLINT": (2, "int"),
    "TINYINT": (1, "int"),
    "MONEY": (8, "money"),
    "SMALLMONEY": (4, "money"),
    "REAL": (4, "float"),
    "DOUBLE PRECISION": (8, "float"),
    "DATE": (3, "datetime"),
    "SMALLDATETIME": (4, "datetime"),
    "DATETIME": (8, "datetime"),
    "UNIQUEIDENTIFIER": (16, "uuid"),
}

#: Largest n of varchar(n)/varbinary(n) (bytes) and nvarchar(n) (characters).
MAX_BYTES_N = 8000
MAX_CHARS_N = 4000


def decimal_bytes(precision: int | None) -> int:
    """decimal(p): 1-9 -> 5, 10-19 -> 9, 20-28 -> 13, 29-38 -> 17 bytes (default p 18).

    >>> [decimal_bytes(p) for p in (1, 9, 10, 19, 20, 28, 29, 38, None)]
    [5, 5, 9, 9, 13, 13, 17, 17, 9]
    """
    p = 18 if precision is None else precision
    for limit, size in ((9, 5), (19, 9), (28, 13)):
        if p <= limit:
            return size
    return 17


def time_bytes(name: str, scale: int | None) -> int:
    """time(n), datetime2(n), datetimeoffset(n) by fractional-seconds precision (default 7).

    >>> [time_bytes("TIME", n) for n in (0, 2, 3, 4, 5, 7, None)]
    [3, 3, 4, 4, 5, 5, 5]
    >>> [time_bytes("DATETIME2", n) for n in (2, 3, 4, 7)], time_bytes("DATETIMEOFFSET", 0)
    ([6, 7, 7, 8], 8)
    """
    n = 7 if scale is None else scale
    base = 3 if n <= 2 else 4 if n <= 4 else 5
    # datetime2 adds the 3-byte date; datetimeoffset the date and a 2-byte offset.
    return base + {"TIME": 0, "DATETIME2": 3, "DATETIMEOFFSET": 5}[name]


#: Families of the mapped string types (the sizing reads them).
_FAMILIES = {
    "CHAR": "char",
    "NCHAR": "nchar",
    "VARCHAR": "varchar",
    "NVARCHAR": "nvarchar",
    "BINARY": "binary",
    "VARBINARY": "varbinary",
}


def _t(name: str, length: int | None = None, *, p: int | None = None, **kw: object) -> DataType:
    args = []
    if kw.get("is_max"):
        args.append("max")
    elif length is not None:
        args.append(str(length))
    elif p is not None:
        args.append(str(p) + (f",{kw['scale']}" if kw.get("scale") is not None else ""))
    elif kw.get("scale") is not None:
        args.append(str(kw["scale"]))
    declared = name.lower() + (f"({args[0]})" if args else "")
    family = _FAMILIES.get(name, "")
    return DataType(declared, name, family, length=length, precision=p, **kw)  # type: ignore[arg-type]


def _string(name: str, n: int | None, chars: bool) -> DataType:
    """varchar/nvarchar/varbinary(n), or (max) when n is beyond SQL Server's limit."""
    limit = MAX_CHARS_N if chars else MAX_BYTES_N
    if n is None or n > limit:
        return _t(name, is_max=True)
    return _t(name, n)


def map_type(dt: DataType, column: Column, dialect: str) -> DataType | Unsupported:
    """The SQL Server type a Sybase ASE / Teradata / HiRDB type would become (decision D40).

    >>> from analyzer.ir import Column
    >>> c = lambda dt: Column("c", 1, dt, True, False)
    >>> map_type(DataType("unitext", "UNITEXT", "nclob"), c(None), "sybase").declared
    'nvarchar(max)'
    >>> map_type(DataType("BYTEINT", "BYTEINT", "integer"), c(None), "teradata").declared
    'smallint'
    >>> map_type(DataType("PERIOD(DATE)", "PERIOD", "period"), c(None), "teradata")
    Unsupported(message='type PERIOD(DATE) has no SQL Server equivalent ddlaudit can size')
    """
    name, fam, n = dt.name.upper(), dt.family, dt.length
    unicode = (column.character_set or "").upper() in ("UNICODE", "GRAPHIC") or name in (
        "GRAPHIC",
        "VARGRAPHIC",
        "LONG VARGRAPHIC",
    )
    if fam == "integer":
        wider = {
            "BYTEINT": "SMALLINT",  # -128..127 does not fit tinyint's 0..255
            "UNSIGNED SMALLINT": "INT",
            "UNSIGNED INT": "BIGINT",
            "UNSIGNED INTEGER": "BIGINT",
            "UNSIGNED TINYINT": "TINYINT",
        }
        if name == "UNSIGNED BIGINT":
            return _t("DECIMAL", p=20, scale=0)
        return _t(wider.get(name, "INT" if name in ("INTEGER", "RS_ADDRESS") else name))
    if fam in ("bit", "boolean"):
        return _t("BIT")
    if fam == "decimal":
        p = dt.precision if dt.precision is not None else 18
        return _t("DECIMAL", p=min(p, 38), scale=dt.scale or 0)
    if fam == "number":
        if dt.precision is None:
            return _t("FLOAT")
        return _t("DECIMAL", p=min(dt.precision, 38), scale=dt.scale or 0)
    if fam == "money":
        return _t(name)
    if fam == "float":
        if name in ("REAL", "SMALLFLT"):
            return _t("REAL")
        if name == "FLOAT" and dialect == "sybase" and dt.precision is not None:
            return _t("REAL") if dt.precision < 16 else _t("FLOAT")
        return _t("FLOAT")
    if fam in ("char", "nchar"):
        wide = fam == "nchar" or unicode
        chars = n or 1
        if chars > (MAX_CHARS_N if wide else MAX_BYTES_N):
            return _string("NVARCHAR" if wide else "VARCHAR", None, wide)
        return _t("NCHAR" if wide else "CHAR", chars)
    if fam in ("varchar", "nvarchar"):
        wide = fam == "nvarchar" or unicode
        if n is None and name == "SYSNAME" and dialect == "sybase":
            n = 30
        if n is None and name == "LONGSYSNAME":
            n = 255
        if name.startswith("LONG ") and n is None:
            return _string("NVARCHAR" if wide else "VARCHAR", None, wide)
        return _string("NVARCHAR" if wide else "VARCHAR", n or 1, wide)
    if fam in ("clob", "nclob"):
        return _t("NVARCHAR" if fam == "nclob" or unicode else "VARCHAR", is_max=True)
    if fam == "binary":
        if (n or 1) > MAX_BYTES_N:
            return _t("VARBINARY", is_max=True)
        return _t("BINARY", n or 1)
    if fam == "varbinary":
        if name.startswith("LONG ") or name == "RAWOBJECT IN ROW":
            return _t("VARBINARY", is_max=True)
        return _string("VARBINARY", n or 1, False)
    if fam == "blob":
        return _t("VARBINARY", is_max=True)
    if fam == "rowversion":
        return _t("ROWVERSION")
    if fam == "uuid":
        return _t("UNIQUEIDENTIFIER")
    if fam == "date":
        return _t("DATE")
    if fam == "time":
        # Teradata TIME(n); ASE time (1/300 s) -> time(3), bigtime (microseconds) -> time(6).
        scale = dt.scale if dt.scale is not None else dt.precision
        if dialect == "sybase":
            scale = 6 if name == "BIGTIME" else 3
        return _t("TIME", scale=6 if scale is None else scale)
    if fam == "timestamp":
        if dialect == "sybase":
            if name == "BIGDATETIME":
                return _t("DATETIME2", scale=6)
            return _t(name if name in ("DATETIME", "SMALLDATETIME") else "DATETIME")
        scale = dt.scale if dt.scale is not None else dt.precision
        target = "DATETIMEOFFSET" if dt.with_time_zone else "DATETIME2"
        return _t(target, scale=6 if scale is None else min(scale, 7))
    if fam in ("xml", "json"):
        return _t("XML") if fam == "xml" else _t("NVARCHAR", is_max=True)
    if fam == "spatial" and name not in ("MBR", "MBB"):
        return _t("GEOMETRY")
    return Unsupported(f"type {dt.declared} has no SQL Server equivalent ddlaudit can size")


def _storage(
    dt: DataType, category: str, size: int, maxlen: int, source: str, mapped: bool, **kw: object
) -> ColumnStorage:
    return ColumnStorage(
        platform="mssql",
        type=dt.declared,
        category=category,
        data_length=size,
        max_length=maxlen,
        mapped=mapped,
        source=source,
        **kw,  # type: ignore[arg-type]
    )


def _off_row(
    dt: DataType, basis: Basis, ms: MssqlSettings, source: str, mapped: bool, lob: bool
) -> ColumnStorage:
    """A LOB (text/ntext/image: 16-byte pointer) or a (max) value (in row when it fits)."""
    if lob:
        return _storage(
            dt,
            "off_row",
            ms.text_pointer_bytes,
            ms.text_pointer_bytes,
            source,
            mapped,
            note="16-byte text pointer in the row; the value on LOB pages",
        )
    pointer = ms.text_pointer_bytes if ms.large_value_types_out_of_row else ms.lob_root_bytes
    in_row = not ms.large_value_types_out_of_row
    if basis.average is not None and in_row and basis.average <= ms.max_in_row_bytes:
        # In the row, like a varchar(n) value of that length (In-Row Data).
        return _storage(
            dt,
            "variable",
            basis.average,
            pointer,
            source,
            mapped,
            basis=f"average {basis.average} bytes (in row)",
            note=f"in row up to {ms.max_in_row_bytes:,} bytes; at its maximum a "
            f"{pointer}-byte pointer",
        )
    how = "declared maximum" if basis.average is None else f"average {basis.average} bytes"
    return _storage(
        dt,
        "off_row",
        pointer,
        pointer,
        source,
        mapped,
        basis=how,
        note=f"{pointer}-byte pointer in the row; the value on LOB pages",
    )


def _size(
    dt: DataType, column: Column, basis: Basis, ms: MssqlSettings, mapped: bool
) -> ColumnStorage | Unsupported:
    name, n = dt.name.upper(), dt.length
    if name in _FIXED:
        size, key = _FIXED[name]
        return _storage(dt, "fixed", size, size, _SRC[key], mapped)
    if name in ("DECIMAL", "DEC", "NUMERIC"):
        size = decimal_bytes(dt.precision)
        return _storage(dt, "fixed", size, size, _SRC["decimal"], mapped)
    if name == "FLOAT":
        size = 4 if dt.precision is not None and dt.precision <= 24 else 8
        return _storage(dt, "fixed", size, size, _SRC["float"], mapped)
    if name in ("TIME", "DATETIME2", "DATETIMEOFFSET"):
        scale = dt.scale if dt.scale is not None else dt.precision
        size = time_bytes(name, scale)
        return _storage(dt, "fixed", size, size, _SRC["datetime"], mapped)
    if name == "BIT":
        return _storage(
            dt, "bit", 1, 1, _SRC["bit"], mapped, basis="1 bit", note="8 bit columns share 1 byte"
        )
    if name in ("ROWVERSION", "TIMESTAMP"):
        if column.nullable:
            return _storage(dt, "variable", 8, 8, _SRC["rowversion"], mapped)
        return _storage(dt, "fixed", 8, 8, _SRC["rowversion"], mapped)
    wide = name in ("NCHAR", "NVARCHAR", "NATIONAL CHAR", "NATIONAL CHARACTER", "SYSNAME")
    wide = wide or name.startswith("NATIONAL ")
    if dt.family in ("char", "nchar", "binary"):
        size = (n or 1) * (2 if wide else 1)
        key = "binary" if dt.family == "binary" else "char"
        return _storage(dt, "fixed", size, size, _SRC[key], mapped)
    if dt.family in ("varchar", "nvarchar", "varbinary"):
        key = "binary" if dt.family == "varbinary" else "char"
        if dt.is_max:
            return _off_row(dt, basis, ms, _SRC["max"], mapped, lob=False)
        chars = n if n is not None else (128 if name == "SYSNAME" else 1)
        max_bytes = chars * (2 if wide else 1)
        size, how = basis.apply(max_bytes)
        return _storage(dt, "variable", size, max_bytes, _SRC[key], mapped, basis=how)
    if name in ("TEXT", "NTEXT", "IMAGE", "NATIONAL TEXT"):
        return _off_row(dt, basis, ms, _SRC["lob"], mapped, lob=True)
    if name in ("XML", "JSON", "GEOGRAPHY", "GEOMETRY"):
        return _off_row(dt, basis, ms, _SRC["max"], mapped, lob=False)
    if name in ("SQL_VARIANT", "HIERARCHYID"):
        max_bytes = 8016 if name == "SQL_VARIANT" else 892
        size, how = basis.apply(max_bytes)
        key = "variant" if name == "SQL_VARIANT" else "hierarchy"
        return _storage(dt, "variable", size, max_bytes, _SRC[key], mapped, basis=how)
    if not dt.declared:
        return Unsupported("the type of a persisted computed column is not declared")
    if dt.family == "clr":
        # CLR user-defined types (CLR User-Defined Types: MaxByteSize up to 8,000 bytes,
        # or -1 for up to 2 GB): the assembly says, not the DDL
        return Unsupported(
            f"a CLR type ({dt.declared}) is as large as its assembly makes it (MaxByteSize: "
            "up to 8,000 bytes in the row, or up to 2 GB); the DDL does not say"
        )
    return Unsupported(f"type {dt.declared} cannot be sized on SQL Server")


def column_storage(
    column: Column, table: Table, basis: Basis, settings: SizingSettings
) -> ColumnStorage | Unsupported:
    """Size ``column`` as SQL Server stores it (its own T-SQL type, or the mapped one)."""
    if not column.type.declared:
        return Unsupported("the type of a persisted computed column is not declared")
    mapped = table.dialect != "tsql"
    dt = map_type(column.type, column, table.dialect) if mapped else column.type
    if isinstance(dt, Unsupported):
        return dt
    ms = settings.mssql
    storage = _size(dt, column, basis, ms, mapped)
    if isinstance(storage, Unsupported) or not column.sparse:
        return storage
    return _sparse(storage, basis, ms)


def storage_key(column: Column, table: Table) -> tuple[object, ...]:
    """What :func:`column_storage` reads of ``column`` and ``table`` (besides the basis and
    the settings): the table's dialect, the column's type, its character set
    (``map_type``: Teradata UNICODE / GRAPHIC map to national types), whether it is
    nullable (``_size``: a nullable rowversion is variable-length) and ``SPARSE``.  The
    ``data_length`` pass sizes one column per key (tests/test_passes_speed_identity.py)."""
    return (table.dialect, column.type, column.character_set, column.nullable, column.sparse)


def _sparse(storage: ColumnStorage, basis: Basis, ms: MssqlSettings) -> ColumnStorage:
    """A SPARSE column: its non-NULL value plus 4 bytes in the sparse vector (D43).

    An average of 0 bytes (``--averages``) says the column is always NULL: no bytes.
    """
    value = 1 if storage.category == "bit" else storage.data_length
    top = 1 if storage.category == "bit" else storage.max_length
    extra = ms.sparse_value_overhead
    size = 0 if basis.average == 0 else value + extra
    return ColumnStorage(
        platform="mssql",
        type=storage.type,
        category="sparse",
        data_length=size,
        max_length=top + extra,
        basis=storage.basis if basis.average != 0 else "average 0 bytes (always NULL)",
        mapped=storage.mapped,
        source=_SRC["sparse"],
        note=f"in the sparse vector: value + {extra} bytes when not NULL, 0 when NULL",
    )
