"""Teradata CREATE TABLE forms of issue 20 item 3 (SQL Data Definition Language, CREATE
TABLE): queue tables, temporal columns and PERIOD literals, column partitioning mixed with
row partitioning, the BETWEEN check shorthand, named table CHECKs, DATASET / JSON / XML /
ST_GEOMETRY with their storage options, and their sizes (Database Design; reference
teradata.md section 1)."""

from __future__ import annotations

from analyzer.core import Options, analyze_bytes
from analyzer.ir import Column, ColumnStorage, ConstraintKind, FileResult, Table
from analyzer.platforms import Basis, Unsupported
from analyzer.platforms.teradata import column_storage
from analyzer.settings import SizingSettings


def _parse(sql: str) -> FileResult:
    return analyze_bytes("t.sql", sql.encode(), Options(dialect="teradata"))


def _table(sql: str) -> Table:
    result = _parse(sql)
    assert not result.diagnostics, result.diagnostics
    assert len(result.tables) == 1, result.tables
    return result.tables[0]


def _col(table: Table, name: str) -> Column:
    column = table.column(name)
    assert column is not None, name
    return column


def _size(table: Table, name: str) -> ColumnStorage | Unsupported:
    return column_storage(_col(table, name), table, Basis(), SizingSettings())


QUEUE = """CREATE SET TABLE orders_qt, QUEUE, FALLBACK (
  qits TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
  order_id INTEGER NOT NULL,
  qty SMALLINT FORMAT '999' BETWEEN 10 AND 500,
  lvl INTEGER BETWEEN 1 AND 9
) PRIMARY INDEX (order_id);"""


def test_queue_table_and_its_qits_column() -> None:
    table = _table(QUEUE)
    assert table.options.queue and table.options.fallback is True
    qits = table.columns[0]
    assert (qits.name, qits.type.declared, qits.nullable) == ("qits", "TIMESTAMP(6)", False)
    assert qits.default == "CURRENT_TIMESTAMP(6)"


def test_between_shorthand_is_a_column_check() -> None:
    table = _table(QUEUE)
    checks = [c for c in table.constraints if c.kind is ConstraintKind.CHECK]
    assert [(c.columns, c.expression) for c in checks] == [
        (("qty",), "qty BETWEEN 10 AND 500"),
        (("lvl",), "lvl BETWEEN 1 AND 9"),
    ]
    assert ("format", "'999'") in _col(table, "qty").options


def test_named_table_check() -> None:
    table = _table("CREATE TABLE t (a INTEGER, b INTEGER, CONSTRAINT chk_ab CHECK (a < b));")
    (check,) = table.constraints
    assert (check.kind, check.name, check.expression) == (ConstraintKind.CHECK, "chk_ab", "a < b")


TEMPORAL = """CREATE MULTISET TABLE policy (
  policy_id INTEGER,
  validity PERIOD(DATE) NOT NULL AS VALIDTIME,
  recorded PERIOD(TIMESTAMP(6) WITH TIME ZONE) NOT NULL AS TRANSACTIONTIME,
  pd PERIOD(DATE) DEFAULT PERIOD '(2005-02-03, 2006-02-04)'
) PRIMARY INDEX (policy_id);"""


def test_temporal_columns_and_period_literal_default() -> None:
    table = _table(TEMPORAL)
    assert _col(table, "validity").generated == "validtime"
    assert _col(table, "recorded").generated == "transactiontime"
    assert not _col(table, "recorded").nullable
    assert _col(table, "pd").default == "PERIOD '(2005-02-03, 2006-02-04)'"


def test_period_sizes() -> None:
    # Database Design, Period Data Types: PERIOD(DATE) 8/2/8, PERIOD(TIMESTAMP WITH TZ) 24/2/24
    table = _table(TEMPORAL)
    validity, recorded = _size(table, "validity"), _size(table, "recorded")
    assert isinstance(validity, ColumnStorage) and isinstance(recorded, ColumnStorage)
    assert (validity.data_length, validity.alignment, validity.aligned_length) == (8, 2, 8)
    assert (recorded.data_length, recorded.alignment, recorded.aligned_length) == (24, 2, 24)


def test_derived_period_column() -> None:
    table = _table(
        "CREATE MULTISET TABLE t (id INTEGER, vs DATE NOT NULL, ve DATE NOT NULL,"
        " PERIOD FOR vp (vs, ve) AS VALIDTIME) PRIMARY INDEX (id);"
    )
    assert [c.name for c in table.columns] == ["id", "vs", "ve"]
    assert table.options.period == ("vp", "vs", "ve")
    assert ("period_as", "validtime") in table.options.extra


def test_column_partitioning_mixed_with_range_n() -> None:
    table = _table(
        """CREATE TABLE orders_cp (
  o_orderkey INTEGER, o_custkey INTEGER, o_orderstatus CHAR(1), o_orderdate DATE,
  o_comment VARCHAR(79)
) NO PRIMARY INDEX
PARTITION BY (COLUMN ALL BUT (ROW(o_custkey, o_orderstatus) NO AUTO COMPRESS,
  COLUMN(o_comment)) AUTO COMPRESS,
  RANGE_N(o_orderdate BETWEEN DATE '2000-01-01' AND DATE '2010-12-31' EACH INTERVAL '1' MONTH));"""
    )
    levels = [lvl for ix in table.indexes for lvl in ix.partitioning]
    assert [lvl.kind for lvl in levels] == ["column", "range_n"]
    # the level as written (D2), not sqlglot's rendering of it
    assert levels[0].expression == (
        "COLUMN ALL BUT (ROW(o_custkey, o_orderstatus) NO AUTO COMPRESS,\n"
        "  COLUMN(o_comment)) AUTO COMPRESS"
    )
    assert levels[1].partitions == 132


LOBS = """CREATE TABLE docs (
  id INTEGER,
  j1 JSON(1000) INLINE LENGTH 500 CHARACTER SET LATIN,
  j2 JSON(2000) STORAGE FORMAT BSON,
  j3 JSON(100000) INLINE LENGTH 200,
  x1 XML(1000000) INLINE LENGTH 4046,
  x2 XML(300) INLINE LENGTH 500,
  g1 ST_GEOMETRY(2000) INLINE LENGTH 1000,
  d1 DATASET STORAGE FORMAT AVRO,
  d2 DATASET(5000) INLINE LENGTH 1000 STORAGE FORMAT CSV,
  d3 DATASET STORAGE FORMAT JSON WITH SCHEMA s1
) PRIMARY INDEX (id);"""


def test_lob_storage_options_are_read() -> None:
    table = _table(LOBS)
    assert ("inline_length", "500") in _col(table, "j1").options
    assert _col(table, "j1").character_set == "LATIN"
    assert ("storage format", "BSON") in _col(table, "j2").options
    assert _col(table, "d2").type.declared == "DATASET(5000)"
    assert ("with schema", "s1") in _col(table, "d3").options


def _data(table: Table, name: str) -> tuple[str, int]:
    storage = _size(table, name)
    assert isinstance(storage, ColumnStorage), storage
    return storage.category, storage.data_length


def test_inline_length_sizes() -> None:
    # teradata.md 1.9: JSON(n) / XML(n) / ST_GEOMETRY(n) INLINE LENGTH m: m inline when
    # n > m (LOB), n when n <= m (non-LOB); ST_GEOMETRY adds 44 bytes of metadata
    table = _table(LOBS)
    assert _data(table, "j1") == ("variable", 500)
    assert _data(table, "j2") == ("variable", 2000)
    assert _data(table, "j3") == ("variable", 200)
    assert _data(table, "x1") == ("variable", 4046)
    assert _data(table, "x2") == ("variable", 300)
    assert _data(table, "g1") == ("variable", 1044)


def test_dataset_is_reported_not_sized() -> None:
    table = _table(LOBS)
    storage = _size(table, "d1")
    assert isinstance(storage, Unsupported)
    assert "DATASET" in storage.message


def test_bad_between_is_a_diagnostic() -> None:
    result = _parse("CREATE TABLE t (a INTEGER BETWEEN 1 OR 9);")
    assert not result.tables
    assert any("BETWEEN" in d.message for d in result.diagnostics)


def test_column_groups_in_the_column_list() -> None:
    table = _table(
        "CREATE TABLE t6 (COLUMN(a INTEGER, b INTEGER) NO AUTO COMPRESS, c INTEGER,"
        " ROW(d INTEGER, e CHAR(10))) NO PRIMARY INDEX PARTITION BY COLUMN;"
    )
    assert [(c.name, c.position) for c in table.columns] == [
        ("a", 1),
        ("b", 2),
        ("c", 3),
        ("d", 4),
        ("e", 5),
    ]
    groups = [v for k, v in table.options.extra if k == "column_group"]
    assert groups == ["COLUMN(a INTEGER, b INTEGER) NO AUTO COMPRESS", "ROW(d INTEGER, e CHAR(10))"]


def test_show_table_queue_layout() -> None:
    table = _table(
        "CREATE MULTISET TABLE db.qt ,QUEUE ,NO FALLBACK ,NO BEFORE JOURNAL, CHECKSUM = DEFAULT\n"
        "     (\n      QITS TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),\n"
        "      id INTEGER NOT NULL)\nPRIMARY INDEX ( id );"
    )
    assert table.options.queue and table.options.fallback is False
    assert _data(table, "QITS") == ("fixed", 10)


def test_json_inline_length_counts_characters() -> None:
    table = _table(
        "CREATE TABLE t3 (j JSON(16776192) INLINE LENGTH 4096 CHARACTER SET UNICODE,"
        " j2 JSON STORAGE FORMAT UBJSON, x XML INLINE LENGTH 30000) NO PRIMARY INDEX;"
    )
    assert _data(table, "j") == ("variable", 8192)
    assert _data(table, "j2") == ("lob", SizingSettings().teradata.lob_oid_bytes)
    assert _data(table, "x") == ("variable", 30000)
