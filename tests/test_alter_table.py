"""ALTER TABLE ... ADD constraints and CREATE INDEX as table changes (docs/decisions.md D76).

SQL Server, ASE and Teradata scripts declare keys after the table; the build lowers them
to ``TableChange`` records and the link pass applies them to ``Table.constraints`` /
``Table.indexes``, in the same file or another file of the run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer import passes
from analyzer.core import Options, analyze_bytes, analyze_paths
from analyzer.ir import (
    SCHEMA_VERSION,
    ConstraintKind,
    FileResult,
    Span,
    Table,
    TableChange,
    document,
    from_dict,
    to_dict,
)
from analyzer.rules import keys
from analyzer.rules.engine import FileContext, scope_context
from analyzer.settings import SizingSettings

#: An SSMS "Generate Scripts" output: keys by ALTER TABLE, a unique key by CREATE INDEX.
SSMS = """\
/****** Object:  Table [dbo].[Customer]    Script Date: 11/4/2021 10:12:33 AM ******/
SET ANSI_NULLS ON
GO
CREATE TABLE [dbo].[Customer](
\t[CustomerID] [int] IDENTITY(1,1) NOT NULL,
\t[Code] [char](8) NOT NULL,
\t[Name] [nvarchar](50) NOT NULL
) ON [PRIMARY]
GO
CREATE TABLE [dbo].[Orders](
\t[OrderID] [int] IDENTITY(1,1) NOT NULL,
\t[CustomerID] [int] NOT NULL,
\t[CustomerCode] [char](8) NULL
) ON [PRIMARY]
GO
ALTER TABLE [dbo].[Customer] ADD  CONSTRAINT [PK_Customer] PRIMARY KEY CLUSTERED \n(
\t[CustomerID] ASC
)WITH (PAD_INDEX = OFF, STATISTICS_NORECOMPUTE = OFF, IGNORE_DUP_KEY = OFF, ONLINE = OFF, \
ALLOW_ROW_LOCKS = ON, ALLOW_PAGE_LOCKS = ON) ON [PRIMARY]
GO
ALTER TABLE [dbo].[Orders] ADD  CONSTRAINT [PK_Orders] PRIMARY KEY CLUSTERED \n(
\t[OrderID] ASC
)WITH (FILLFACTOR = 80) ON [PRIMARY]
GO
CREATE UNIQUE NONCLUSTERED INDEX [UX_Customer_Code] ON [dbo].[Customer]
(
\t[Code] ASC
)WITH (PAD_INDEX = OFF, SORT_IN_TEMPDB = OFF, DROP_EXISTING = OFF) ON [PRIMARY]
GO
ALTER TABLE [dbo].[Customer] ADD  CONSTRAINT [DF_Customer_Name]  DEFAULT (N'') FOR [Name]
GO
ALTER TABLE [dbo].[Orders]  WITH CHECK ADD  CONSTRAINT [FK_Orders_Customer] \
FOREIGN KEY([CustomerID])
REFERENCES [dbo].[Customer] ([CustomerID])
GO
ALTER TABLE [dbo].[Orders] CHECK CONSTRAINT [FK_Orders_Customer]
GO
ALTER TABLE [dbo].[Orders]  WITH NOCHECK ADD  CONSTRAINT [FK_Orders_Code] \
FOREIGN KEY([CustomerCode])
REFERENCES [dbo].[Customer] ([Code])
GO
"""


def _line(sql: str, text: str) -> int:
    """The 1-based line of the first ``text`` in ``sql``."""
    return sql[: sql.index(text)].count("\n") + 1


def _analyze(sql: str, dialect: str, path: str = "t.sql") -> FileResult:
    return analyze_bytes(path, sql.encode("utf-8"), Options(dialect=dialect))


def _table(result: FileResult, name: str) -> Table:
    return next(t for t in result.tables if t.name.name == name)


def _text(sql: str, span: Span | None) -> str:
    assert span is not None
    return sql[span.start : span.end]


def _run(tmp_path: Path, files: dict[str, str], dialect: str) -> list[FileResult]:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    results, _ = analyze_paths([str(tmp_path)], Options(dialect=dialect))
    return results


# ------------------------------------------------------------------ SQL Server, one file


def test_ssms_keys_and_unique_index_reach_the_tables() -> None:
    r = _analyze(SSMS, "tsql")
    assert r.ok and not r.diagnostics
    customer, orders = _table(r, "Customer"), _table(r, "Orders")
    assert [(c.kind, c.name, c.columns, c.clustered) for c in customer.constraints] == [
        (ConstraintKind.PRIMARY_KEY, "PK_Customer", ("CustomerID",), True)
    ]
    assert customer.primary_key is not None and customer.primary_key.declared_by is None
    (index,) = customer.indexes
    assert (index.kind, index.name, index.columns, index.unique) == (
        "nonclustered",
        "UX_Customer_Code",
        ("Code",),
        True,
    )
    assert index.table is not None and str(index.table) == "dbo.Customer"
    fks = [c for c in orders.constraints if c.kind is ConstraintKind.FOREIGN_KEY]
    assert [(c.name, c.columns, str(c.ref_table), c.ref_columns) for c in fks] == [
        ("FK_Orders_Customer", ("CustomerID",), "dbo.Customer", ("CustomerID",)),
        ("FK_Orders_Code", ("CustomerCode",), "dbo.Customer", ("Code",)),  # WITH NOCHECK
    ]
    pk = orders.primary_key
    assert pk is not None and (pk.name, pk.fill_factor) == ("PK_Orders", 80)
    # the changes are in the IR too, applied to the table of this file
    assert [(c.procedure, str(c.table), c.applied, c.table_path) for c in r.table_changes] == [
        ("alter table", "dbo.Customer", True, "t.sql"),
        ("alter table", "dbo.Orders", True, "t.sql"),
        ("create index", "dbo.Customer", True, "t.sql"),
        ("alter table", "dbo.Orders", True, "t.sql"),
        ("alter table", "dbo.Orders", True, "t.sql"),
    ]


def test_other_alter_table_forms_stay_skipped() -> None:
    r = _analyze(SSMS, "tsql")
    # DEFAULT ... FOR and CHECK CONSTRAINT are not read; the SETs are not DDL
    assert [(s.kind, s.span.line) for s in r.skipped] == [
        ("set", 2),
        ("alter table", _line(SSMS, "ALTER TABLE [dbo].[Customer] ADD  CONSTRAINT [DF_")),
        ("alter table", _line(SSMS, "ALTER TABLE [dbo].[Orders] CHECK CONSTRAINT")),
    ]


def test_spans_point_at_the_constraint_and_the_index() -> None:
    r = _analyze(SSMS, "tsql")
    customer, orders = _table(r, "Customer"), _table(r, "Orders")
    pk = customer.constraints[0]
    assert _text(SSMS, pk.span).startswith("CONSTRAINT [PK_Customer] PRIMARY KEY CLUSTERED")
    assert _text(SSMS, pk.span).endswith("ON [PRIMARY]")
    line = _line(SSMS, "CONSTRAINT [PK_Customer]")
    assert pk.span is not None and (pk.span.line, pk.span.column) == (line, 35)
    fk = next(c for c in orders.constraints if c.name == "FK_Orders_Customer")
    assert _text(SSMS, fk.span) == (
        "CONSTRAINT [FK_Orders_Customer] FOREIGN KEY([CustomerID])\n"
        "REFERENCES [dbo].[Customer] ([CustomerID])"
    )
    index = customer.indexes[0]
    assert _text(SSMS, index.span).startswith("CREATE UNIQUE NONCLUSTERED INDEX [UX_Customer_Code]")
    assert _text(SSMS, index.span).endswith("ON [PRIMARY]")
    # a change spans its whole statement
    change = r.table_changes[3]
    assert _text(SSMS, change.span).startswith("ALTER TABLE [dbo].[Orders]  WITH CHECK ADD")


def test_several_constraints_in_one_alter_table() -> None:
    sql = (
        "CREATE TABLE p (id int NOT NULL PRIMARY KEY)\nGO\n"
        "CREATE TABLE t (a int NOT NULL, b int NULL, c int NULL)\nGO\n"
        "ALTER TABLE t ADD CONSTRAINT u1 UNIQUE NONCLUSTERED (a, b), CONSTRAINT ck CHECK (b > 0),\n"
        "    FOREIGN KEY (c) REFERENCES p (id)\nGO\n"
        "ALTER TABLE t ADD CHECK (c <> 0)\nGO\n"
    )
    r = _analyze(sql, "tsql")
    t = _table(r, "t")
    assert [(c.kind.value, c.name, c.columns, c.expression) for c in t.constraints] == [
        ("unique", "u1", ("a", "b"), None),
        ("check", "ck", (), "b > 0"),
        ("foreign_key", None, ("c",), None),
        ("check", None, (), "c <> 0"),
    ]
    assert [_text(sql, c.span) for c in t.constraints] == [
        "CONSTRAINT u1 UNIQUE NONCLUSTERED (a, b)",
        "CONSTRAINT ck CHECK (b > 0)",
        "FOREIGN KEY (c) REFERENCES p (id)",
        "CHECK (c <> 0)",
    ]
    # one change per constraint, each spanning the one statement
    assert len(r.table_changes) == 4
    assert r.table_changes[0].span == r.table_changes[2].span
    assert t.constraints[0].clustered is False


@pytest.mark.parametrize(
    ("statement", "kind"),
    [
        ("ALTER TABLE t ADD d int NULL", "alter table"),
        ("ALTER TABLE t ADD CONSTRAINT df DEFAULT 0 FOR a", "alter table"),
        ("ALTER TABLE t NOCHECK CONSTRAINT ALL", "alter table"),
        ("ALTER TABLE t DROP CONSTRAINT u1", "alter table"),
        ("ALTER TABLE t ALTER COLUMN a bigint NOT NULL", "alter table"),
        ("ALTER TABLE t SET (LOCK_ESCALATION = AUTO)", "alter table"),
        ("ALTER TABLE t ENABLE TRIGGER tr", "alter table"),
        ("ALTER TABLE t ADD CONSTRAINT pk PRIMARY KEY (a), d int NULL", "alter table"),
        ("CREATE NONCLUSTERED COLUMNSTORE INDEX cs ON t (a)", "create columnstore"),
        ("CREATE XML INDEX x ON t (a)", "create xml"),
    ],
)
def test_forms_not_read_are_skipped_whole(statement: str, kind: str) -> None:
    sql = f"CREATE TABLE t (a int NOT NULL)\nGO\n{statement}\nGO\n"
    r = _analyze(sql, "tsql")
    assert r.ok and not r.diagnostics
    assert not r.table_changes and r.tables[0].constraints == ()
    assert [(s.kind, s.span.line) for s in r.skipped] == [(kind, 3)]


def test_a_batch_of_alters_is_cut_into_statements() -> None:
    sql = (
        "CREATE TABLE t (a int NOT NULL, b int NOT NULL)\nGO\n"
        "ALTER TABLE t ADD CONSTRAINT pk PRIMARY KEY (a)\n"
        "ALTER TABLE t ADD CONSTRAINT u UNIQUE (b)\n"
        "ALTER TABLE t NOCHECK CONSTRAINT u\nGO\n"
    )
    r = _analyze(sql, "tsql")
    assert [c.name for c in r.tables[0].constraints] == ["pk", "u"]
    assert [(s.kind, s.span.line) for s in r.skipped] == [("alter table", 5)]


# ------------------------------------------------------------------ another file


def test_keys_added_in_another_file(tmp_path: Path) -> None:
    tables, keys_sql = SSMS.split("ALTER TABLE [dbo].[Customer] ADD  CONSTRAINT [PK_Customer]")
    keys_sql = "ALTER TABLE [dbo].[Customer] ADD  CONSTRAINT [PK_Customer]" + keys_sql
    a, b = _run(tmp_path, {"a_tables.sql": tables, "b_keys.sql": keys_sql}, "tsql")
    assert not a.table_changes and [len(t.constraints) for t in a.tables] == [1, 3]
    customer = _table(a, "Customer")
    assert customer.primary_key is not None and customer.primary_key.name == "PK_Customer"
    span = customer.primary_key.span
    assert span is not None and Path(span.file).name == "b_keys.sql"
    assert [i.name for i in customer.indexes] == ["UX_Customer_Code"]
    # the other file keeps its changes, applied to the table of the first
    assert b.tables == () and all(c.applied for c in b.table_changes)
    assert {Path(c.table_path or "").name for c in b.table_changes} == {"a_tables.sql"}
    assert not a.diagnostics and not b.diagnostics


def test_an_alter_before_its_table_in_another_file_still_applies(tmp_path: Path) -> None:
    files = {
        "a.sql": "ALTER TABLE t ADD CONSTRAINT pk PRIMARY KEY (a)\nGO\n",
        "b.sql": "CREATE TABLE t (a int NOT NULL)\nGO\n",
    }
    a, b = _run(tmp_path, files, "tsql")
    assert a.table_changes[0].applied and b.tables[0].primary_key is not None


# ------------------------------------------------------------------ unknown table


@pytest.mark.parametrize("dialect", ["tsql", "sybase", "teradata"])
def test_a_table_not_in_the_input_gets_no_diagnostic(dialect: str) -> None:
    sql = (
        "ALTER TABLE elsewhere ADD CONSTRAINT pk PRIMARY KEY (a);\n"
        "CREATE UNIQUE INDEX ux ON elsewhere (b);\n"
        if dialect != "teradata"
        else "ALTER TABLE db.elsewhere ADD CONSTRAINT pk PRIMARY KEY (a);\n"
        "CREATE UNIQUE INDEX ux (b) ON db.elsewhere;\n"
    )
    r = _analyze(sql, dialect)
    assert [(c.procedure, c.applied, c.table_path) for c in r.table_changes] == [
        ("alter table", False, None),
        ("create index", False, None),
    ]
    # unlike sp_primarykey (R007): an ALTER of a table created elsewhere is routine (D76)
    assert r.diagnostics == () and r.skipped == ()


def test_sp_primarykey_on_an_unknown_table_still_warns() -> None:
    r = _analyze("exec sp_primarykey elsewhere, a\ngo\n", "sybase")
    assert [d.code for d in r.diagnostics] == ["R007"]


# ------------------------------------------------------------------ ASE


def test_ase_alter_table_and_create_index() -> None:
    sql = (
        "create table publishers (pub_id char(4) not null, name varchar(40) null)\ngo\n"
        "create table titles (title_id char(6) not null, pub_id char(4) null)\ngo\n"
        "alter table publishers add constraint pk_pub primary key clustered (pub_id)\n"
        "    with max_rows_per_page = 0, reservepagegap = 0 on 'default'\ngo\n"
        "create unique nonclustered index ux_title on titles (title_id)\n"
        "    with ignore_dup_key, fillfactor = 80\ngo\n"
        "exec sp_foreignkey titles, publishers, pub_id\ngo\n"
        "create index ix_pub on titles (pub_id) with sorted_data\ngo\n"
    )
    r = _analyze(sql, "sybase")
    assert not r.diagnostics
    publishers, titles = _table(r, "publishers"), _table(r, "titles")
    pk = publishers.primary_key
    assert pk is not None and (pk.name, pk.clustered, pk.declared_by) == ("pk_pub", True, None)
    assert [(i.kind, i.name, i.unique, i.fill_factor) for i in titles.indexes] == [
        ("nonclustered", "ux_title", True, 80),
        ("nonclustered", "ix_pub", False, None),
    ]
    # sp_foreignkey references the key the ALTER TABLE declared (D34, D76)
    (fk,) = titles.constraints
    assert (fk.declared_by, fk.ref_columns) == ("sp_foreignkey", ("pub_id",))


def test_ase_index_forms_not_read_stay_skipped() -> None:
    sql = (
        "create table t (a int not null)\ngo\n"
        "create nonclustered index ix on t (a) local index\ngo\n"
    )
    r = _analyze(sql, "sybase")
    assert not r.diagnostics and not r.table_changes
    (skipped,) = r.skipped
    assert skipped.kind == "create index" and "does not read" in skipped.reason


# ------------------------------------------------------------------ Teradata


TERADATA = """\
CREATE MULTISET TABLE sales.customer (
    customer_id INTEGER NOT NULL,
    code CHAR(8) NOT NULL
) PRIMARY INDEX (customer_id);
CREATE MULTISET TABLE sales.orders (
    order_id INTEGER NOT NULL,
    customer_id INTEGER,
    code CHAR(8)
) PRIMARY INDEX (order_id);
ALTER TABLE sales.customer ADD CONSTRAINT pk_customer PRIMARY KEY (customer_id);
ALTER TABLE sales.orders ADD PRIMARY KEY (order_id),
  ADD CONSTRAINT fk_customer FOREIGN KEY (customer_id) REFERENCES sales.customer (customer_id);
CREATE UNIQUE INDEX ux_code (code) ON sales.customer;
CREATE INDEX (code) ON sales.orders;
ALTER TABLE sales.orders ADD FOREIGN KEY (code) \
REFERENCES WITH NO CHECK OPTION sales.customer (code);
ALTER TABLE sales.orders ADD note VARCHAR(100);
"""


def test_teradata_alter_table_add_and_create_index() -> None:
    r = _analyze(TERADATA, "teradata")
    assert not r.diagnostics
    customer, orders = _table(r, "customer"), _table(r, "orders")
    assert customer.primary_key is not None and customer.primary_key.name == "pk_customer"
    assert [(i.kind, i.name, i.columns, i.unique) for i in customer.indexes] == [
        ("primary_index", None, ("customer_id",), False),
        ("secondary", "ux_code", ("code",), True),
    ]
    assert [(i.kind, i.name, i.unique) for i in orders.indexes] == [
        ("primary_index", None, False),
        ("secondary", None, False),
    ]
    assert [(c.kind.value, c.name, c.columns) for c in orders.constraints] == [
        ("primary_key", None, ("order_id",)),
        ("foreign_key", "fk_customer", ("customer_id",)),
        ("foreign_key", None, ("code",)),
    ]
    assert _text(TERADATA, orders.constraints[1].span).startswith("CONSTRAINT fk_customer")
    assert (
        _text(TERADATA, customer.indexes[1].span)
        == "CREATE UNIQUE INDEX ux_code (code) ON sales.customer"
    )
    # ADD column stays skipped
    assert [(s.kind, s.span.line) for s in r.skipped] == [("alter table", 16)]


# ------------------------------------------------------------------ the pass, the JSON


def test_running_the_passes_again_changes_nothing() -> None:
    for sql, dialect in ((SSMS, "tsql"), (TERADATA, "teradata")):
        once = _analyze(sql, dialect)
        assert passes.run(passes.run(once)) == once


def test_ir_json_round_trip() -> None:
    r = _analyze(SSMS, "tsql")
    assert from_dict(FileResult, to_dict(r)) == r
    doc = document([r])
    assert doc["schema_version"] == SCHEMA_VERSION == "1.7"
    change = doc["files"][0]["table_changes"][2]
    assert change["procedure"] == "create index" and change["index"]["name"] == "UX_Customer_Code"
    assert from_dict(TableChange, change) == r.table_changes[2]


def test_fast_and_slow_parsers_give_the_same_ir() -> None:
    from grammars.base import SpanParserMixin

    for sql, dialect in ((SSMS, "tsql"), (TERADATA, "teradata")):
        fast = _analyze(sql, dialect)
        SpanParserMixin.FAST_PATHS = False
        try:
            slow = _analyze(sql, dialect)
        finally:
            SpanParserMixin.FAST_PATHS = True
        assert document([fast]) == document([slow])


# ------------------------------------------------------------------ the key rules


def test_key_rules_see_keys_added_by_alter_table(tmp_path: Path) -> None:
    tables, keys_sql = SSMS.split("ALTER TABLE [dbo].[Customer] ADD  CONSTRAINT [PK_Customer]")
    keys_sql = "ALTER TABLE [dbo].[Customer] ADD  CONSTRAINT [PK_Customer]" + keys_sql
    keys_sql += "ALTER TABLE [dbo].[Orders] ADD CONSTRAINT fk_implied FOREIGN KEY ([CustomerID])\n"
    keys_sql += "REFERENCES [dbo].[Customer]\nGO\n"
    both, only = tmp_path / "both", tmp_path / "only"
    both.mkdir()
    only.mkdir()
    results = _run(both, {"a.sql": tables, "b.sql": keys_sql}, "tsql")
    settings = SizingSettings()
    k001 = [
        f for r in results for f in keys.table_without_primary_key(FileContext(r, sizing=settings))
    ]
    assert k001 == []  # the keys are in b.sql, the tables in a.sql
    scope = scope_context("db", results, settings)
    assert list(keys.foreign_key_missing_column(scope)) == []  # implied key: PK_Customer
    assert list(keys.foreign_key_not_unique_target(scope)) == []  # UX_Customer_Code
    # without the file of keys, the tables have none
    alone = _run(only, {"a.sql": tables}, "tsql")
    found = [
        f for r in alone for f in keys.table_without_primary_key(FileContext(r, sizing=settings))
    ]
    assert sorted(f.table or "" for f in found) == ["dbo.Customer", "dbo.Orders"]


def test_k006_still_reports_a_non_unique_target() -> None:
    sql = (
        "CREATE TABLE dbo.customer (id int NOT NULL, code char(8) NOT NULL, name char(8) NULL)\n"
        "GO\nCREATE TABLE dbo.orders (id int NOT NULL PRIMARY KEY, cname char(8) NULL)\nGO\n"
        "ALTER TABLE dbo.customer ADD CONSTRAINT pk_customer PRIMARY KEY (id)\nGO\n"
        "CREATE UNIQUE INDEX ux_code ON dbo.customer (code)\nGO\n"
        "ALTER TABLE dbo.orders WITH NOCHECK ADD CONSTRAINT fk_code FOREIGN KEY (cname)\n"
        "    REFERENCES dbo.customer (code), CONSTRAINT fk_name FOREIGN KEY (cname)\n"
        "    REFERENCES dbo.customer (name)\nGO\n"
    )
    r = _analyze(sql, "tsql")
    found = list(keys.foreign_key_not_unique_target(scope_context("db", [r], SizingSettings())))
    # fk_code references the unique index, fk_name a column that is no key
    assert [(f.code, f.line) for f in found] == [("K006", _line(sql, "CONSTRAINT fk_name"))]
    assert _text(sql, found[0].span).startswith("CONSTRAINT fk_name FOREIGN KEY")
    assert "fk_name" in found[0].message and "Msg 1776" in found[0].message


def test_comments_inside_the_statement_head_do_not_hide_the_change() -> None:
    """A comment between ADD CONSTRAINT n and FOREIGN KEY (SSMS users annotate keys)."""
    from analyzer.core import Options, analyze_bytes

    ddl = (
        b"CREATE TABLE c (id int NOT NULL PRIMARY KEY)\nGO\n"
        b"CREATE TABLE o (id int NOT NULL PRIMARY KEY, cid int NULL)\nGO\n"
        b"ALTER TABLE o ADD CONSTRAINT fk_o_c -- the customer\n"
        b"    FOREIGN KEY (cid) REFERENCES c (id)\nGO\n"
        b"CREATE /* for lookups */ UNIQUE INDEX ix_c ON c (id)\nGO\n"
    )
    r = analyze_bytes("t.sql", ddl, Options(dialect="tsql"))
    orders = next(t for t in r.tables if t.name.name == "o")
    assert [k.name for k in orders.constraints if k.kind.value == "foreign_key"] == ["fk_o_c"]
    customer = next(t for t in r.tables if t.name.name == "c")
    assert [i.name for i in customer.indexes] == ["ix_c"]
    assert not [s for s in r.skipped if s.kind in ("alter table", "create index")]
