"""Sybase (SAP) ASE as a target: its types (ASE Reference Manual: Building Blocks,
"Datatypes"), the longest column from the page size and locking scheme.

``char``/``varchar``/``binary``/``varbinary`` are limited by the maximum column length of
the server's page size and the table's locking scheme (System Administration Guide,
"maximum row and column length", the figures ``analyzer.estimators.ase.limits`` reads:
APL 1948 / 3988 / 8068 / 16228, DOL 1954 / 4002 / 8098 / 16290 bytes on 2K-16K pages).
nchar holds ``n x @@ncharsize`` bytes, unichar ``n x @@unicharsize``. ASE has no time
zone, interval, period, array, uuid, xml or json type; ``bit`` cannot be NULL.

Pairs: SQL Server follows the data type references of both sides (no vendor guide
from SQL Server to ASE); Teradata and HiRDB likewise.
"""

from __future__ import annotations

from analyzer.audit.mapping import Entry, TargetSpec
from analyzer.estimators.ase import limits
from analyzer.settings import SizingSettings

_BB = "ASE Reference Manual: Building Blocks"
_GB2 = 2**31 - 1


def entries(column_bytes: int, ncharsize: int, unicharsize: int) -> tuple[Entry, ...]:
    """ASE's types with ``column_bytes`` the longest column of the page size."""
    ints = [
        ("TINYINT", 0, 255),
        ("SMALLINT", -(2**15), 2**15 - 1),
        ("UNSIGNED SMALLINT", 0, 2**16 - 1),
        ("INT", -(2**31), 2**31 - 1),
        ("UNSIGNED INT", 0, 2**32 - 1),
        ("BIGINT", -(2**63), 2**63 - 1),
        ("UNSIGNED BIGINT", 0, 2**64 - 1),
    ]
    out = [
        Entry("int", n, lo=lo, hi=hi, citation=f"{_BB}, Exact numeric datatypes: integer types")
        for n, lo, hi in ints
    ]
    limit = f"{_BB}, Character datatypes; System Administration Guide, maximum column length"
    out += [
        Entry("bool", "BIT", semantics="nonnull", citation=f"{_BB}, bit: cannot be NULL"),
        Entry(
            "decimal",
            "SMALLMONEY",
            max_precision=10,
            max_scale=4,
            hi=214748,
            semantics="money",
            citation=f"{_BB}, Money datatypes",
        ),
        Entry(
            "decimal",
            "MONEY",
            max_precision=19,
            max_scale=4,
            hi=922337203685477,
            semantics="money",
            citation=f"{_BB}, Money datatypes",
        ),
        Entry(
            "decimal",
            "NUMERIC",
            shape="decimal",
            max_precision=38,
            max_scale=38,
            citation=f"{_BB}, Exact numeric datatypes: precision 1-38",
        ),
        Entry("float", "REAL", bits=24, citation=f"{_BB}, Approximate numeric datatypes"),
        Entry("float", "DOUBLE PRECISION", bits=53, citation=f"{_BB}, Approximate numeric"),
        Entry(
            "char",
            "CHAR",
            shape="length",
            max_length=column_bytes,
            repertoire="single",
            fixed=True,
            unit="byte",
            citation=limit,
        ),
        Entry(
            "char",
            "VARCHAR",
            shape="length",
            max_length=column_bytes,
            repertoire="single",
            unit="byte",
            citation=limit,
        ),
        Entry(
            "char",
            "NCHAR",
            shape="length",
            max_length=column_bytes // ncharsize,
            repertoire="multi",
            fixed=True,
            citation=f"{limit}: n x @@ncharsize",
        ),
        Entry(
            "char",
            "NVARCHAR",
            shape="length",
            max_length=column_bytes // ncharsize,
            repertoire="multi",
            citation=f"{limit}: n x @@ncharsize",
        ),
        Entry(
            "char",
            "UNICHAR",
            shape="length",
            max_length=column_bytes // unicharsize,
            fixed=True,
            unit="utf16",
            citation=f"{limit}: unichar n x @@unicharsize",
        ),
        Entry(
            "char",
            "UNIVARCHAR",
            shape="length",
            max_length=column_bytes // unicharsize,
            unit="utf16",
            citation=f"{limit}: univarchar n x @@unicharsize",
        ),
        Entry(
            "char",
            "TEXT",
            max_length=_GB2,
            repertoire="single",
            lob=True,
            unit="byte",
            citation=f"{_BB}, text: up to 2,147,483,647 bytes",
        ),
        Entry(
            "char",
            "UNITEXT",
            max_length=_GB2 // 2,
            lob=True,
            unit="utf16",
            citation=f"{_BB}, unitext: up to 1,073,741,823 Unicode characters (UTF-16)",
        ),
        Entry(
            "binary",
            "BINARY",
            shape="length",
            max_length=column_bytes,
            fixed=True,
            citation=f"{_BB}, Binary datatypes; maximum column length",
        ),
        Entry(
            "binary",
            "VARBINARY",
            shape="length",
            max_length=column_bytes,
            citation=f"{_BB}, Binary datatypes; maximum column length",
        ),
        Entry(
            "binary",
            "IMAGE",
            max_length=_GB2,
            lob=True,
            citation=f"{_BB}, image: up to 2,147,483,647 bytes",
        ),
        Entry("date", "DATE", min_year=1, max_year=9999, citation=f"{_BB}, date: 0001-9999"),
        Entry("time", "TIME", max_fraction=3, citation=f"{_BB}, time: 1/300 second"),
        Entry("time", "BIGTIME", max_fraction=6, citation=f"{_BB}, bigtime: microseconds"),
        Entry(
            "timestamp",
            "SMALLDATETIME",
            max_fraction=0,
            min_year=1900,
            max_year=2079,
            citation=f"{_BB}, smalldatetime: 1900-2079, to the minute",
        ),
        Entry(
            "timestamp",
            "DATETIME",
            max_fraction=3,
            min_year=1753,
            max_year=9999,
            citation=f"{_BB}, datetime: 1753-9999, 1/300 second",
        ),
        Entry(
            "timestamp",
            "BIGDATETIME",
            max_fraction=6,
            min_year=1,
            max_year=9999,
            citation=f"{_BB}, bigdatetime: 0001-9999, microseconds",
        ),
        Entry(
            "rowversion",
            "TIMESTAMP",
            citation=f"{_BB}, timestamp: varbinary(8) the server updates on every change",
        ),
    ]
    return tuple(out)


GUIDES = (
    ("tsql", "No vendor guide: SQL Server data types; ASE Reference Manual: Building Blocks"),
    ("teradata", "No vendor guide: Teradata SQL Data Types and Literals; ASE Building Blocks"),
    ("hirdb", "No vendor guide: HiRDB SQL Reference 1.2; ASE Building Blocks"),
    ("sybase", "Same platform: ASE Reference Manual: Building Blocks, Datatypes"),
)


def spec(sizing: SizingSettings) -> TargetSpec:
    ase = sizing.ase
    found = limits(ase.page_size, ase.lock_scheme, ase.limits_release)
    column_bytes = found[1] if found is not None else 1948
    return TargetSpec(
        "ase",
        "Sybase ASE",
        "sybase",
        "sybase",
        "ase",
        entries(column_bytes, ase.ncharsize, ase.unicharsize),
        GUIDES,
        f"{_BB}, Datatypes",
    )
