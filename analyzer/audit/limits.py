"""A target's limits a migrated table must respect: row size, column count, index key
length, identifier length and reserved words (a column's ordering is part of its mapping
class: analyzer/audit/ordering.py).

Sources:

* row size: the target's estimator (``TableEstimate.row_limit``: SQL Server 8,060 bytes,
  ASE by page size and locking scheme, Teradata 64,256 / 1 MB, HiRDB the page length);
  BigQuery "Quotas and limits": a row of at most 100 MB;
* columns per table: SQL Server "Maximum capacity specifications" 1,024 (30,000 with
  sparse columns); ASE "Limits": 1,024; Teradata Database Limits 2,048; HiRDB SQL Reference
  (CREATE TABLE): 30,000; PostgreSQL Appendix K Limits 1,600; BigQuery 10,000;
* index key: SQL Server 900 bytes for a clustered, 1,700 for a nonclustered index (2016
  and later); ASE "maximum index row size" by page size 600 / 1,250 / 2,600 / 5,300 bytes
  (Reference Manual: Commands, create index; decision D80); Teradata 64 columns per index;
* identifiers: :func:`analyzer.rules.words.identifier_limit` for the four sized platforms;
  PostgreSQL NAMEDATALEN - 1 = 63 bytes (longer names are truncated silently, 4.1.1);
  Snowflake 255 characters; BigQuery column names 300 characters, table names 1,024;
* reserved words: :mod:`analyzer.rules.words` (data/reserved) for the four, and
  ``analyzer/audit/data/<target>.txt`` for PostgreSQL, Snowflake and BigQuery (each file
  names its source).

>>> is_reserved_on("postgres", "user"), is_reserved_on("bigquery", "name")
(True, False)
"""

from __future__ import annotations

import functools
from importlib.resources import files

from analyzer.records import record
from analyzer.rules import words

#: Columns per table (``(plain, with sparse columns)`` where they differ).
COLUMNS: dict[str, tuple[int, str]] = {
    "mssql": (1024, "SQL Server Maximum capacity specifications: 1,024 columns per table"),
    "ase": (1024, "ASE Reference Manual: Commands, create table: 1,024 columns"),
    "teradata": (2048, "Teradata Database Limits: 2,048 columns per table"),
    "hirdb": (30000, "HiRDB SQL Reference, CREATE TABLE: at most 30,000 columns"),
    "postgres": (1600, "PostgreSQL Appendix K Limits: 1,600 columns per table"),
    "bigquery": (10000, "BigQuery Quotas and limits: 10,000 columns per table"),
}
MSSQL_SPARSE_COLUMNS = 30000

#: Maximum index key (bytes) per platform; ASE by logical page size.
ASE_KEY_BYTES = {2048: 600, 4096: 1250, 8192: 2600, 16384: 5300}
MSSQL_KEY_BYTES = {"clustered": 900, "nonclustered": 1700}
TERADATA_INDEX_COLUMNS = 64

#: Identifier limits of the targets without an entry in :mod:`analyzer.rules.words`:
#: (maximum, unit, citation).
IDENTIFIERS: dict[str, tuple[int, str, str]] = {
    "postgres": (63, "bytes", "PostgreSQL 4.1.1: NAMEDATALEN - 1 = 63 bytes, longer is truncated"),
    "snowflake": (255, "characters", "Snowflake Identifier requirements: 255 characters"),
    "bigquery": (300, "characters", "BigQuery column names: at most 300 characters"),
}
BIGQUERY_TABLE_NAME = 1024


@record
class Limit:
    """One limit of the target checked for one table (``exceeded`` False: a note)."""

    limit: str
    value: int | None
    maximum: int | None
    unit: str | None
    exceeded: bool
    message: str


@functools.cache
def _reserved(target: str) -> frozenset[str]:
    if target in words.PLATFORMS:
        return words.reserved_words(target)
    text = files("analyzer.audit.data").joinpath(f"{target}.txt").read_text(encoding="utf-8")
    return frozenset(
        line.strip().upper()
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    )


def is_reserved_on(target: str, name: str) -> bool:
    """True when ``name`` unquoted is a reserved word of ``target`` (ASCII, whole name)."""
    return name.isascii() and name.upper() in _reserved(target)


def identifier_limit(target: str, kind: str = "column") -> tuple[int, str, str]:
    """(maximum, unit, citation) of a ``kind`` (``table`` / ``column``) name on ``target``."""
    if target in words.PLATFORMS:
        lim = words.identifier_limit(target)
        return lim.max_length, lim.unit, lim.citation.split(" (")[0]
    if target == "bigquery" and kind == "table":
        return BIGQUERY_TABLE_NAME, "characters", "BigQuery table names: 1,024 characters"
    return IDENTIFIERS[target]


def measure(name: str, unit: str) -> int:
    """Length of ``name`` in ``unit`` (bytes in UTF-8: the target's character set decides
    the real figure, UTF-8 is the default every target here can use)."""
    return len(name.encode("utf-8")) if unit == "bytes" else len(name)
