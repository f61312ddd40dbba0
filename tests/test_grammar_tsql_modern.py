"""SQL Server 2016-2022 and Azure Synapse CREATE TABLE forms (issue 20 item 2): temporal,
ledger and graph tables, Synapse / PDW table options, CREATE TABLE as the body of an IF.

Syntax: CREATE TABLE (Transact-SQL), CREATE TABLE (Azure Synapse Analytics), SQL Graph
Architecture, Updatable / Append-only ledger tables (Microsoft Learn).
"""

from __future__ import annotations

import pytest

from analyzer.core import Options, analyze_bytes
from analyzer.ir import Column, ConstraintKind, FileResult, Table
from analyzer.platforms import Basis
from analyzer.platforms.mssql import column_storage
from analyzer.settings import SizingSettings


def _parse(sql: str) -> FileResult:
    return analyze_bytes("t.sql", sql.encode(), Options(dialect="tsql"))


def _table(sql: str) -> Table:
    result = _parse(sql)
    assert not result.diagnostics, result.diagnostics
    assert len(result.tables) == 1, result.tables
    return result.tables[0]


def _col(table: Table, name: str) -> Column:
    column = table.column(name)
    assert column is not None, name
    return column


TEMPORAL = """CREATE TABLE dbo.Department
(
    DeptID INT NOT NULL PRIMARY KEY CLUSTERED,
    ValidFrom DATETIME2 GENERATED ALWAYS AS ROW START HIDDEN NOT NULL,
    ValidTo DATETIME2 GENERATED ALWAYS AS ROW END NOT NULL,
    PERIOD FOR SYSTEM_TIME (ValidFrom, ValidTo)
)
WITH (SYSTEM_VERSIONING = ON (HISTORY_TABLE = dbo.DepartmentHistory,
      DATA_CONSISTENCY_CHECK = ON, HISTORY_RETENTION_PERIOD = 6 MONTHS));
"""


def test_system_versioned_temporal_table() -> None:
    table = _table(TEMPORAL)
    assert [c.name for c in table.columns] == ["DeptID", "ValidFrom", "ValidTo"]
    start, end = _col(table, "ValidFrom"), _col(table, "ValidTo")
    assert (start.generated, start.hidden) == ("row start", True)
    assert (end.generated, end.hidden) == ("row end", False)
    assert not start.implicit and start.options == ()
    opts = table.options
    assert opts.system_versioning and opts.history_table == "dbo.DepartmentHistory"
    assert opts.period == ("ValidFrom", "ValidTo")
    assert dict(opts.extra) == {"data_consistency": "ON", "retention_period": "6 MONTHS"}


def test_system_versioning_shares_the_with_list() -> None:
    # sqlglot reads WITH (SYSTEM_VERSIONING = ...) alone and stopped at the comma
    table = _table(
        "CREATE TABLE a (k int NOT NULL PRIMARY KEY) WITH (SYSTEM_VERSIONING = ON "
        "(HISTORY_TABLE = [dbo].[aHistory]), DATA_COMPRESSION = PAGE, LEDGER = ON)"
    )
    assert table.options.system_versioning and table.options.history_table == "dbo.aHistory"
    assert table.options.data_compression == "PAGE"
    assert table.options.ledger == "updatable"


def test_updatable_ledger_table_gets_its_four_bigint_columns() -> None:
    table = _table("CREATE TABLE acct (id int NOT NULL, bal decimal(10,2)) WITH (LEDGER = ON)")
    names = [c.name for c in table.columns]
    assert names == [
        "id",
        "bal",
        "ledger_start_transaction_id",
        "ledger_end_transaction_id",
        "ledger_start_sequence_number",
        "ledger_end_sequence_number",
    ]
    added = table.columns[2:]
    assert all(c.implicit and c.hidden and c.type.name == "BIGINT" for c in added)
    assert [c.position for c in table.columns] == [1, 2, 3, 4, 5, 6]
    assert [c.nullable for c in added] == [False, True, False, True]
    assert added[1].generated == "transaction_id end"
    assert added[2].generated == "sequence_number start"


def test_append_only_ledger_table() -> None:
    table = _table("CREATE TABLE ev (id int NOT NULL) WITH (LEDGER = ON (APPEND_ONLY = ON))")
    assert table.options.ledger == "append_only"
    assert [c.name for c in table.columns if c.implicit] == [
        "ledger_start_transaction_id",
        "ledger_start_sequence_number",
    ]


def test_declared_ledger_columns_are_not_added_twice() -> None:
    table = _table(
        """CREATE TABLE dbo.L2 (
    id int NOT NULL,
    ts BIGINT GENERATED ALWAYS AS TRANSACTION_ID START HIDDEN NOT NULL,
    te BIGINT GENERATED ALWAYS AS TRANSACTION_ID END HIDDEN NULL,
    ss BIGINT GENERATED ALWAYS AS SEQUENCE_NUMBER START HIDDEN NOT NULL,
    se BIGINT GENERATED ALWAYS AS SEQUENCE_NUMBER END HIDDEN NULL
) WITH (SYSTEM_VERSIONING = ON, LEDGER = ON (LEDGER_VIEW = dbo.L2_Ledger
   (TRANSACTION_ID_COLUMN_NAME = TID, OPERATION_TYPE_COLUMN_NAME = OT)))"""
    )
    assert len(table.columns) == 5 and not any(c.implicit for c in table.columns)
    assert [c.generated for c in table.columns[1:]] == [
        "transaction_id start",
        "transaction_id end",
        "sequence_number start",
        "sequence_number end",
    ]
    assert all(c.hidden for c in table.columns[1:])
    assert ("ledger_view", "dbo.L2_Ledger") in table.options.extra


def test_node_table_internal_column() -> None:
    table = _table("CREATE TABLE Person (ID INTEGER PRIMARY KEY, name VARCHAR(100)) AS NODE;")
    assert table.options.graph == "node"
    assert [(c.name, c.type.name, c.position) for c in table.columns] == [
        ("graph_id", "BIGINT", 1),
        ("ID", "INTEGER", 2),
        ("name", "VARCHAR", 3),
    ]
    assert table.columns[0].implicit and table.columns[0].hidden
    assert table.primary_key is not None and table.primary_key.columns == ("ID",)


def test_edge_table_without_user_columns() -> None:
    table = _table("CREATE TABLE likes AS EDGE")
    assert table.options.graph == "edge"
    assert [(c.name, c.type.name) for c in table.columns] == [
        ("graph_id", "BIGINT"),
        ("from_obj_id", "INT"),
        ("from_id", "BIGINT"),
        ("to_obj_id", "INT"),
        ("to_id", "BIGINT"),
    ]


def test_edge_constraint() -> None:
    table = _table(
        """CREATE TABLE bought (
     PurchaseCount INT,
     CONSTRAINT EC_BOUGHT CONNECTION (Customer TO Product, dbo.Supplier TO Product)
        ON DELETE CASCADE
) AS EDGE"""
    )
    (edge,) = [c for c in table.constraints if c.kind is ConstraintKind.CONNECTION]
    assert edge.name == "EC_BOUGHT"
    assert edge.connections == (("Customer", "Product"), ("dbo.Supplier", "Product"))
    assert edge.on_delete == "CASCADE"
    assert edge.span is not None and edge.span.line == 3


def test_graph_internals_are_sized_as_their_types() -> None:
    table = _table("CREATE TABLE likes (w int) AS EDGE")
    sizes = {
        c.name: column_storage(c, table, Basis(), SizingSettings()).data_length  # type: ignore[union-attr]
        for c in table.columns
    }
    assert sizes == {
        "graph_id": 8,
        "from_obj_id": 4,
        "from_id": 8,
        "to_obj_id": 4,
        "to_id": 8,
        "w": 4,
    }


def test_synapse_options() -> None:
    table = _table(
        """CREATE TABLE dbo.FactSales (SaleKey bigint NOT NULL, CustomerKey int NOT NULL)
WITH (DISTRIBUTION = HASH (CustomerKey), CLUSTERED COLUMNSTORE INDEX,
      PARTITION ( SaleKey RANGE RIGHT FOR VALUES (100, 200, 300) ))"""
    )
    opts = table.options
    assert (opts.distribution, opts.distribution_columns) == ("HASH", ("CustomerKey",))
    assert opts.storage_index == "CLUSTERED COLUMNSTORE INDEX"
    assert opts.partitioning is not None
    assert opts.partitioning.kind == "range right"
    assert opts.partitioning.columns == ("SaleKey",)
    assert opts.partitioning.boundaries == ("100", "200", "300")


@pytest.mark.parametrize(
    ("options", "distribution", "index"),
    [
        ("DISTRIBUTION = REPLICATE, HEAP", "REPLICATE", "HEAP"),
        (
            "DISTRIBUTION = ROUND_ROBIN, CLUSTERED INDEX (k DESC, v)",
            "ROUND_ROBIN",
            "CLUSTERED INDEX (k DESC, v)",
        ),
        (
            "CLUSTERED COLUMNSTORE INDEX ORDER (k), DISTRIBUTION = HASH(k, v)",
            "HASH",
            "CLUSTERED COLUMNSTORE INDEX ORDER (k)",
        ),
    ],
)
def test_synapse_distribution_and_index(options: str, distribution: str, index: str) -> None:
    table = _table(f"CREATE TABLE s (k int NOT NULL, v nvarchar(20)) WITH ({options})")
    assert table.options.distribution == distribution
    assert table.options.storage_index == index


def test_synapse_partition_left_by_default_and_empty() -> None:
    table = _table("CREATE TABLE s (k int) WITH (PARTITION (k RANGE FOR VALUES ()))")
    assert table.options.partitioning is not None
    assert table.options.partitioning.kind == "range left"
    assert table.options.partitioning.boundaries == ()


def test_bad_distribution_is_a_diagnostic() -> None:
    result = _parse("CREATE TABLE s (k int) WITH (DISTRIBUTION = RANDOM)")
    assert not result.tables
    assert any("ROUND_ROBIN" in d.message for d in result.diagnostics)


def test_create_table_in_if_else_reaches_the_ir() -> None:
    sql = (
        "IF NOT EXISTS (SELECT * FROM sys.tables WHERE name = 'a')\n"
        "    CREATE TABLE a (x int, y AS CASE WHEN x > 0 THEN 1 ELSE 0 END)\n"
        "ELSE\n"
        "    PRINT 'exists'\n"
    )
    result = _parse(sql)
    assert not result.diagnostics, result.diagnostics
    (table,) = result.tables
    assert [c.name for c in table.columns] == ["x", "y"]
    assert table.span is not None
    assert sql[table.span.start : table.span.end].endswith("END)")


def test_create_table_in_begin_end_blocks() -> None:
    result = _parse(
        "IF OBJECT_ID('b') IS NULL\nBEGIN\n    CREATE TABLE b (x int) ON [PRIMARY]\nEND\n"
        "ELSE\nBEGIN\n    CREATE TABLE b2 (y int)\nEND\n"
    )
    assert not result.diagnostics, result.diagnostics
    assert [t.name.name for t in result.tables] == ["b", "b2"]
    assert result.tables[0].options.filegroup == "PRIMARY"


def test_other_as_forms_are_unchanged() -> None:
    # AS after the column list is only NODE / EDGE; a CTAS with a column list stays a
    # table of those columns, without a graph kind
    table = _table("CREATE TABLE c (x int) AS SELECT 1 AS x")
    assert [c.name for c in table.columns] == ["x"]
    assert table.options.graph is None
    view = _parse("CREATE VIEW v AS SELECT 1 AS x")
    assert not view.diagnostics and not view.tables


def test_synapse_not_enforced_key() -> None:
    table = _table(
        "CREATE TABLE [dbo].[dim_Calendar] ([CalendarDate] date NOT NULL, [y] char(4),"
        " CONSTRAINT [PK_dim_Calendar] PRIMARY KEY NONCLUSTERED ([CalendarDate]) NOT ENFORCED)"
        " WITH ( DISTRIBUTION = REPLICATE, HEAP )"
    )
    assert table.primary_key is not None
    assert table.primary_key.columns == ("CalendarDate",)
    assert table.primary_key.clustered is False


def test_synapse_ctas_is_read_not_sized() -> None:
    # CREATE TABLE ... WITH (...) AS SELECT: parsed (no P001), reported as not sized (P005)
    result = _parse(
        "CREATE TABLE [synmon].[fctTrip]\nWITH\n\t(DISTRIBUTION = HASH(DateID),\n"
        "\t CLUSTERED COLUMNSTORE INDEX )\nAS\nSELECT * FROM [synmon].[fctTrip_RR];"
    )
    assert [d.code for d in result.diagnostics] == ["P005"]
