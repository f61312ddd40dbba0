"""Key rules K001-K006 (analyzer/rules/keys.py): inline DDL, one scope of several files."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.core import Options, analyze_bytes, analyze_paths
from analyzer.ir import (
    Column,
    Constraint,
    ConstraintKind,
    DataType,
    FileResult,
    QualifiedName,
    Span,
    Table,
)
from analyzer.rules import keys
from analyzer.rules.engine import FileContext, ScopeContext, scope_context
from analyzer.rules.registry import Finding
from analyzer.settings import SizingSettings

Check = Callable[[ScopeContext], Iterable[Finding]]


def _results(tmp_path: Path, files: dict[str, str], dialect: str) -> list[FileResult]:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    results, _ = analyze_paths([str(tmp_path)], Options(dialect=dialect))
    return results


def file_findings(
    tmp_path: Path,
    files: dict[str, str],
    dialect: str,
    check: Callable[[FileContext], Iterable[Finding]],
    sizing: SizingSettings | None = None,
) -> list[Finding]:
    results = _results(tmp_path, files, dialect)
    return [f for r in results for f in check(FileContext(r, sizing=sizing or SizingSettings()))]


def scope_findings(
    tmp_path: Path,
    files: dict[str, str],
    dialect: str,
    check: Check,
    sizing: SizingSettings | None = None,
) -> list[Finding]:
    return list(check(scope_context("db", _results(tmp_path, files, dialect), sizing)))


def lines(found: Iterable[Finding]) -> list[tuple[str, int]]:
    return sorted((Path(f.path).name, f.line) for f in found)


# ------------------------------------------------------------------ K001


def test_k001_reports_a_table_without_key_at_its_header(tmp_path: Path) -> None:
    ddl = (
        "-- log\nCREATE TABLE dbo.audit (\n    id int NOT NULL,\n    note varchar(9) NULL\n)\nGO\n"
    )
    found = file_findings(tmp_path, {"a.sql": ddl}, "tsql", keys.table_without_primary_key)
    assert [(f.code, f.table, f.line) for f in found] == [("K001", "dbo.audit", 2)]
    span = found[0].span
    assert span is not None and (span.end_line, span.end_column) == (3, 5)  # up to "id"
    assert found[0].severity.value == "warning"


def test_k001_suggests_promoting_a_unique_not_null_key(tmp_path: Path) -> None:
    ddl = "CREATE TABLE c (code char(3) NOT NULL UNIQUE, n int NULL UNIQUE)\nGO\n"
    (f,) = file_findings(tmp_path, {"a.sql": ddl}, "tsql", keys.table_without_primary_key)
    assert "UNIQUE (code) is on NOT NULL columns" in f.message


def test_k001_keys_and_skipped_tables(tmp_path: Path) -> None:
    ddl = """CREATE TABLE a (id int NOT NULL PRIMARY KEY)
GO
CREATE TABLE b (id int NOT NULL, CONSTRAINT pk_b PRIMARY KEY (id))
GO
CREATE TABLE #t (n int)
GO
CREATE TABLE c (id int NOT NULL)
GO
ALTER TABLE c ADD CONSTRAINT pk_c PRIMARY KEY (id)
GO
"""
    assert not file_findings(tmp_path, {"a.sql": ddl}, "tsql", keys.table_without_primary_key)


def test_k001_global_temporary_tables(tmp_path: Path) -> None:
    # SQL Server ##name is a global temporary table (marked so in the IR); ASE has no
    # global kind, a name starting with # is a session temporary table there.
    ddl = "CREATE TABLE ##g (n int)\nGO\nCREATE TABLE p (n int)\nGO\n"
    for dialect, kind in (("tsql", "GLOBAL TEMPORARY"), ("sybase", "TEMPORARY")):
        found = file_findings(tmp_path, {"a.sql": ddl}, dialect, keys.table_without_primary_key)
        assert [f.table for f in found] == ["p"]
        result = analyze_bytes("a.sql", ddl.encode(), Options(dialect=dialect))
        assert [t.options.temporary for t in result.tables] == [kind, None]


def test_k001_alter_table_before_the_table_does_not_hide_it(tmp_path: Path) -> None:
    ddl = "ALTER TABLE x ADD y int\nGO\nCREATE TABLE c (id int NOT NULL)\nGO\n"
    found = file_findings(tmp_path, {"a.sql": ddl}, "tsql", keys.table_without_primary_key)
    assert [f.table for f in found] == ["c"]


def test_k001_teradata_upi_counts_nupi_does_not(tmp_path: Path) -> None:
    ddl = """CREATE MULTISET TABLE s.upi (a INTEGER NOT NULL) UNIQUE PRIMARY INDEX (a);
CREATE MULTISET TABLE s.nupi (a INTEGER NOT NULL) PRIMARY INDEX (a);
CREATE MULTISET TABLE s.nopi (a INTEGER) NO PRIMARY INDEX;
CREATE VOLATILE TABLE v (a INTEGER) ON COMMIT PRESERVE ROWS;
CREATE GLOBAL TEMPORARY TABLE g (a INTEGER) ON COMMIT PRESERVE ROWS;
"""
    found = file_findings(tmp_path, {"a.sql": ddl}, "teradata", keys.table_without_primary_key)
    assert [(f.table, f.line) for f in found] == [("s.nupi", 2)]
    assert "nor a UNIQUE PRIMARY INDEX" in found[0].message


def test_k001_ase_sp_primarykey_in_another_file(tmp_path: Path) -> None:
    files = {
        "a.sql": "create table item (id int not null)\ngo\ncreate table tempdb..w (n int)\ngo\n",
        "b.sql": "exec sp_primarykey item, id\ngo\n",
    }
    assert not file_findings(tmp_path, files, "sybase", keys.table_without_primary_key)
    files["b.sql"] = "create table other (n int)\ngo\n"
    found = file_findings(tmp_path, files, "sybase", keys.table_without_primary_key)
    assert sorted(f.table or "" for f in found) == ["item", "other"]
    assert all("nor sp_primarykey" in f.message for f in found)


def test_k001_hirdb_unique_cluster_key(tmp_path: Path) -> None:
    ddl = (
        "CREATE TABLE T1 (A INT) UNIQUE CLUSTER KEY (A);\n"
        "CREATE TABLE T2 (A INT) CLUSTER KEY (A);\n"
    )
    found = file_findings(tmp_path, {"a.sql": ddl}, "hirdb", keys.table_without_primary_key)
    assert [f.table for f in found] == ["T2"]


# ------------------------------------------------------------------ K002


def test_k002_explicit_null_on_sql_server_only(tmp_path: Path) -> None:
    ddl = """CREATE TABLE a (
    id int NULL PRIMARY KEY,
    n int NULL
)
GO
CREATE TABLE b (x int PRIMARY KEY, y int NULL, z int, CONSTRAINT pk PRIMARY KEY (y, z))
GO
"""
    found = file_findings(tmp_path, {"a.sql": ddl}, "tsql", keys.nullable_primary_key_column)
    assert [(f.table, f.column, f.line) for f in found] == [("a", "id", 2), ("b", "y", 6)]
    assert "Msg 8111" in found[0].message and found[0].severity.value == "error"
    assert found[0].related  # the constraint


def test_k002_teradata_requires_not_null(tmp_path: Path) -> None:
    ddl = """CREATE MULTISET TABLE s.t (
    a INTEGER PRIMARY KEY,
    b INTEGER NOT NULL
) PRIMARY INDEX (b);
CREATE MULTISET TABLE s.u (a INTEGER NOT NULL, CONSTRAINT pk PRIMARY KEY (a)) PRIMARY INDEX (a);
"""
    found = file_findings(tmp_path, {"a.sql": ddl}, "teradata", keys.nullable_primary_key_column)
    assert [(f.column, f.line) for f in found] == [("a", 2)]
    assert "does not say NOT NULL" in found[0].message


def test_k002_platform_option_wins(tmp_path: Path) -> None:
    # The same SQL Server DDL checked for Teradata: the unsaid PK column is reported.
    ddl = "CREATE TABLE a (id int PRIMARY KEY)\nGO\n"
    check = keys.nullable_primary_key_column
    assert not file_findings(tmp_path, {"a.sql": ddl}, "tsql", check)
    found = file_findings(
        tmp_path, {"a.sql": ddl}, "tsql", check, SizingSettings(platform="teradata")
    )
    assert [f.column for f in found] == ["id"]


def test_k002_ase_sp_primarykey_on_nullable_columns(tmp_path: Path) -> None:
    files = {
        "types.sql": "exec sp_addtype opt_code, 'char(4)', 'null'\ngo\n",
        "t.sql": "create table p (a char(8) null, b opt_code, c int)\ngo\n"
        "exec sp_primarykey p, a, b, c\ngo\n",
    }
    found = file_findings(tmp_path, files, "sybase", keys.nullable_primary_key_column)
    assert [f.column for f in found] == ["a", "b"]
    assert "opt_code allows NULL" in found[1].message
    assert "sp_primarykey keys are not enforced" in found[0].message


def test_k002_hirdb_primary_key_is_not_null(tmp_path: Path) -> None:
    ddl = "CREATE TABLE T (A CHAR(4), PRIMARY KEY (A));\n"
    assert not file_findings(tmp_path, {"a.sql": ddl}, "hirdb", keys.nullable_primary_key_column)


# ------------------------------------------------------------------ K003


def test_k003_missing_table_cross_file_and_qualified(tmp_path: Path) -> None:
    files = {
        "a.sql": "CREATE TABLE Customer (id int NOT NULL PRIMARY KEY)\nGO\n",
        "b.sql": """CREATE TABLE dbo.orders (
    id int NOT NULL PRIMARY KEY,
    c int REFERENCES dbo.CUSTOMER (id),
    p int REFERENCES dbo.product (id),
    CONSTRAINT fk_r FOREIGN KEY (p) REFERENCES sales.region (id)
)
GO
""",
    }
    found = scope_findings(tmp_path, files, "tsql", keys.foreign_key_missing_table)
    assert [(f.line, f.subject) for f in found] == [
        (4, "dbo.orders/fk:p"),
        (5, "dbo.orders/constraint:fk_r"),
    ]
    assert "dbo.product, which no file of scope db defines" in found[0].message


def test_k003_qualified_reference_is_ambiguous_between_two_owners(tmp_path: Path) -> None:
    files = {
        "a.sql": "CREATE TABLE a.t (id int NOT NULL PRIMARY KEY)\nGO\n"
        "CREATE TABLE b.t (id int NOT NULL PRIMARY KEY)\nGO\n",
        "b.sql": "CREATE TABLE o (id int PRIMARY KEY, t int REFERENCES c.t (id))\nGO\n",
    }
    found = scope_findings(tmp_path, files, "tsql", keys.foreign_key_missing_table)
    assert [f.subject for f in found] == ["o/fk:t"]


def test_k003_sp_foreignkey_outside_the_scope(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    (one / "s.sql").write_text(
        "create table stock (item_id int not null)\ngo\nexec sp_foreignkey stock, item, item_id\n"
        "go\n"
    )
    (two / "i.sql").write_text(
        "create table item (id int not null)\ngo\nexec sp_primarykey item, id\ngo\n"
    )
    # Two marked directories are two scopes (D77; two PATHs alone are one since D167): the
    # call cannot reach the other scope's table, the link pass says so (R007) and K003 does
    # not repeat it.
    for marked in (one, two):
        (marked / "ddlaudit.toml").write_text("")
    results, _ = analyze_paths([str(one), str(two)], Options(dialect="sybase"))
    inside = [r for r in results if "one" in r.path]
    assert any(d.code == "R007" for r in inside for d in r.diagnostics)
    assert not list(keys.foreign_key_missing_table(scope_context("one", inside)))
    # Linked as one scope (their parent), checked over the first directory's files alone.
    for marked in (one, two):
        (marked / "ddlaudit.toml").unlink()
    results, _ = analyze_paths([str(tmp_path)], Options(dialect="sybase"))
    assert not any(d.code == "R007" for r in results for d in r.diagnostics)
    inside = [r for r in results if "one" in r.path]
    found = list(keys.foreign_key_missing_table(scope_context("one", inside)))
    assert [(Path(f.path).name, f.line) for f in found] == [("s.sql", 3)]
    assert "of sp_foreignkey" in found[0].message
    assert not list(keys.foreign_key_missing_table(scope_context("all", results)))


# ------------------------------------------------------------------ K004


def test_k004_missing_columns_and_counts(tmp_path: Path) -> None:
    files = {
        "a.sql": "CREATE TABLE dbo.customer (id int NOT NULL PRIMARY KEY, code char(8))\nGO\n"
        "CREATE TABLE dbo.note (body varchar(9) NULL)\nGO\n",
        "b.sql": """CREATE TABLE orders (
    id int NOT NULL PRIMARY KEY,
    c int REFERENCES customer,
    n int REFERENCES note,
    CONSTRAINT fk_a FOREIGN KEY (c) REFERENCES Customer (Customer_Id),
    CONSTRAINT fk_b FOREIGN KEY (nope) REFERENCES customer (id),
    CONSTRAINT fk_c FOREIGN KEY (id, c) REFERENCES customer (id)
)
GO
""",
    }
    found = scope_findings(tmp_path, files, "tsql", keys.foreign_key_missing_column)
    assert [(f.line, f.subject) for f in found] == [
        (4, "orders/fk:n"),
        (5, "orders/constraint:fk_a/dbo.customer.Customer_Id"),
        (6, "orders/constraint:fk_b/nope"),
        (7, "orders/constraint:fk_c#count"),
    ]
    assert "has no PRIMARY KEY constraint to imply" in found[0].message
    assert found[0].related  # the referenced table


def test_k004_ase_omitted_columns_need_a_primary_key_constraint(tmp_path: Path) -> None:
    ddl = """create table item (id int not null)
go
exec sp_primarykey item, id
go
create table stock (item_id int not null references item)
go
"""
    found = scope_findings(tmp_path, {"a.sql": ddl}, "sybase", keys.foreign_key_missing_column)
    assert [f.line for f in found] == [5]


def test_k004_teradata_table_level_fk_implies_same_names(tmp_path: Path) -> None:
    ddl = """CREATE MULTISET TABLE s.store (store_id INTEGER NOT NULL PRIMARY KEY)
PRIMARY INDEX (store_id);
CREATE MULTISET TABLE s.visit (
    store_id INTEGER NOT NULL,
    shop_id INTEGER NOT NULL REFERENCES s.store,
    FOREIGN KEY (store_id) REFERENCES s.store,
    FOREIGN KEY (shop_id) REFERENCES s.store
) PRIMARY INDEX (store_id);
"""
    found = scope_findings(tmp_path, {"a.sql": ddl}, "teradata", keys.foreign_key_missing_column)
    # Column-level REFERENCES uses the primary key; table-level means the same names.
    assert [(f.line, f.subject) for f in found] == [(7, "s.visit/fk:shop_id/s.store.shop_id")]


def test_k004_sp_foreignkey_count_is_left_to_r014(tmp_path: Path) -> None:
    ddl = """create table item (a int not null, b int not null)
go
exec sp_primarykey item, a, b
go
create table stock (a int not null)
go
exec sp_foreignkey stock, item, a
go
"""
    results = _results(tmp_path, {"a.sql": ddl}, "sybase")
    assert any(d.code == "R014" for r in results for d in r.diagnostics)
    assert not list(keys.foreign_key_missing_column(scope_context("db", results)))


# ------------------------------------------------------------------ K005


def test_k005_message_names_both_types(tmp_path: Path) -> None:
    files = {
        "customer.sql": "CREATE TABLE customer (id bigint NOT NULL PRIMARY KEY)\nGO\n",
        "orders.sql": "CREATE TABLE orders (\n    id int NOT NULL PRIMARY KEY,\n"
        "    customer_id int REFERENCES customer (id)\n)\nGO\n",
    }
    (f,) = scope_findings(tmp_path, files, "tsql", keys.foreign_key_type_mismatch)
    assert "orders.customer_id int vs customer.id bigint" in f.message
    assert "Msg 1778" in f.message and (Path(f.path).name, f.line) == ("orders.sql", 3)
    assert f.related and f.related[0].file.endswith("customer.sql")


def test_k005_alias_types_resolve_across_files(tmp_path: Path) -> None:
    files = {
        "types.sql": "CREATE TYPE dbo.cust_id FROM bigint NOT NULL\nGO\n"
        "CREATE TYPE dbo.short_id FROM int NOT NULL\nGO\n",
        "customer.sql": "CREATE TABLE customer (id dbo.cust_id PRIMARY KEY)\nGO\n",
        "orders.sql": "CREATE TABLE orders (id int PRIMARY KEY,\n"
        "  a dbo.cust_id REFERENCES customer (id),\n  b bigint REFERENCES customer (id),\n"
        "  c dbo.short_id REFERENCES customer (id))\nGO\n",
    }
    (f,) = scope_findings(tmp_path, files, "tsql", keys.foreign_key_type_mismatch)
    assert f.line == 4
    assert "orders.c dbo.short_id (int) vs customer.id dbo.cust_id (bigint)" in f.message


def test_k005_defaults_lengths_and_collations(tmp_path: Path) -> None:
    files = {
        "a.sql": """CREATE TABLE t (
    a char NOT NULL UNIQUE, b decimal NOT NULL UNIQUE,
    c varchar(9) COLLATE Latin1_General_CI_AS UNIQUE, d varchar(9) UNIQUE,
    e varchar(max) NULL, id int PRIMARY KEY
)
GO
CREATE TABLE u (
    id int PRIMARY KEY,
    a char(1) REFERENCES t (a),
    b numeric(18,0) REFERENCES t (b),
    c varchar(9) REFERENCES t (c),
    d varchar(9) COLLATE Latin1_General_BIN REFERENCES t (c),
    e decimal(18,2) REFERENCES t (b),
    f varchar(10) REFERENCES t (d)
)
GO
""",
    }
    found = scope_findings(tmp_path, files, "tsql", keys.foreign_key_type_mismatch)
    assert [f.column for f in found] == ["d", "e", "f"]
    assert "(collation differs; SQL Server requires the same collation)" in found[0].message
    assert "(precision or scale differs; SQL Server rejects the key (Msg 1778))" in found[1].message
    assert "(length differs; SQL Server rejects the key (Msg 1753))" in found[2].message


def test_k005_teradata_decimal_default_and_character_set(tmp_path: Path) -> None:
    ddl = """CREATE MULTISET TABLE s.p (
    a DECIMAL NOT NULL PRIMARY KEY,
    b VARCHAR(9) CHARACTER SET LATIN NOT NULL UNIQUE
) PRIMARY INDEX (a);
CREATE MULTISET TABLE s.c (
    a DECIMAL(5,0) REFERENCES s.p (a),
    b VARCHAR(9) CHARACTER SET UNICODE REFERENCES s.p (b)
) PRIMARY INDEX (a);
"""
    found = scope_findings(tmp_path, {"a.sql": ddl}, "teradata", keys.foreign_key_type_mismatch)
    assert [(f.column, f.line) for f in found] == [("b", 7)]


_TYPES = {
    "int": "INT",
    "integer": "INT",
    "bigint": "BIGINT",
    "smallint": "SMALLINT",
    "decimal(10,2)": "D10,2",
    "numeric(10,2)": "D10,2",
    "dec(10,2)": "D10,2",
    "decimal(12,2)": "D12,2",
    "char(8)": "C8",
    "character(8)": "C8",
    "char(9)": "C9",
    "varchar(8)": "V8",
}


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(_TYPES)), st.sampled_from(sorted(_TYPES)))
def test_k005_property_same_type_iff_no_finding(child: str, parent: str) -> None:
    ddl = (
        f"CREATE TABLE p (id int PRIMARY KEY, k {parent} NOT NULL UNIQUE)\n"
        f"CREATE TABLE c (id int PRIMARY KEY, k {child} REFERENCES p (k))\n"
    )
    from analyzer.core import analyze_bytes

    result = analyze_bytes("t.sql", ddl.encode(), Options(dialect="tsql"))
    found = list(keys.foreign_key_type_mismatch(scope_context("db", [result])))
    assert bool(found) == (_TYPES[child] != _TYPES[parent])


# ------------------------------------------------------------------ K006


def test_k006_keys_a_foreign_key_may_reference(tmp_path: Path) -> None:
    ddl = """CREATE TABLE p (
    id int NOT NULL PRIMARY KEY,
    u int NOT NULL UNIQUE,
    x int NOT NULL,
    y int NOT NULL,
    z int NOT NULL,
    INDEX ux UNIQUE (y, x)
)
GO
CREATE TABLE c (
    id int PRIMARY KEY,
    a int REFERENCES p (id),
    b int REFERENCES p (u),
    c int REFERENCES p (z),
    CONSTRAINT fk_xy FOREIGN KEY (a, b) REFERENCES p (x, y),
    CONSTRAINT fk_xz FOREIGN KEY (a, b) REFERENCES p (x, z)
)
GO
"""
    found = scope_findings(tmp_path, {"a.sql": ddl}, "tsql", keys.foreign_key_not_unique_target)
    assert [(f.line, f.subject) for f in found] == [(14, "c/fk:c"), (16, "c/constraint:fk_xz")]
    assert "Msg 1776" in found[0].message and found[0].severity.value == "error"


def test_k006_create_index_later_in_the_file_is_given_the_benefit(tmp_path: Path) -> None:
    ddl = """CREATE TABLE p (id int PRIMARY KEY, code char(4) NOT NULL)
GO
CREATE UNIQUE INDEX ux_p_code ON p (code)
GO
CREATE TABLE c (id int PRIMARY KEY, code char(4) REFERENCES p (code))
GO
"""
    assert not scope_findings(tmp_path, {"a.sql": ddl}, "tsql", keys.foreign_key_not_unique_target)


def test_k006_teradata_upi_and_usi(tmp_path: Path) -> None:
    ddl = """CREATE MULTISET TABLE s.p (a INTEGER NOT NULL, b INTEGER NOT NULL, c INTEGER)
UNIQUE PRIMARY INDEX (a) UNIQUE INDEX (b);
CREATE MULTISET TABLE s.c (
    a INTEGER REFERENCES s.p (a),
    b INTEGER REFERENCES s.p (b),
    c INTEGER REFERENCES s.p (c)
) PRIMARY INDEX (a);
"""
    found = scope_findings(tmp_path, {"a.sql": ddl}, "teradata", keys.foreign_key_not_unique_target)
    assert [f.line for f in found] == [6]
    assert "is not a PRIMARY KEY, UNIQUE constraint or unique index" in found[0].message


def test_k006_hirdb_primary_key_only_and_standalone_indexes(tmp_path: Path) -> None:
    ddl = """CREATE TABLE P (A INT NOT NULL, B INT NOT NULL, PRIMARY KEY (A), UNIQUE (B));
CREATE TABLE C (A INT, B INT, PRIMARY KEY (A),
  FOREIGN KEY (A) REFERENCES P (A),
  FOREIGN KEY (B) REFERENCES P (B));
CREATE TABLE Q (A INT NOT NULL, PRIMARY KEY (A));
CREATE TABLE D (A INT, B INT, PRIMARY KEY (A), FOREIGN KEY (B) REFERENCES Q (B));
"""
    files = {"a.sql": ddl, "b.sql": "CREATE UNIQUE INDEX IX_Q ON Q (B);\n"}
    ddl_q = ddl.replace("CREATE TABLE Q (A INT NOT NULL,", "CREATE TABLE Q (A INT NOT NULL, B INT,")
    files["a.sql"] = ddl_q
    found = scope_findings(tmp_path, files, "hirdb", keys.foreign_key_not_unique_target)
    assert [f.line for f in found] == [4, 6]
    assert "HiRDB foreign keys reference primary keys only" in found[0].message
    # Checked for SQL Server, the UNIQUE constraint and the standalone unique index count.
    mssql = SizingSettings(platform="mssql")
    assert not scope_findings(tmp_path, files, "hirdb", keys.foreign_key_not_unique_target, mssql)


# ------------------------------------------------------------------ cost


def _table(i: int, path: str) -> Table:
    span = Span(path, i + 1, 1, i + 1, 40, i * 40, i * 40 + 39)
    typ = DataType("int", "INT", "integer")
    cols = (Column("id", 1, typ, False, True, span=span), Column("p", 2, typ, True, True))
    pk = Constraint(ConstraintKind.PRIMARY_KEY, ("id",), span=span)
    fk = Constraint(
        ConstraintKind.FOREIGN_KEY,
        ("p",),
        ref_table=QualifiedName(f"t{i - 1}"),
        ref_columns=("id",),
    )
    return Table(QualifiedName(f"t{i}"), "tsql", cols, (pk, fk) if i else (pk,), span=span)


def test_scope_checks_are_linear() -> None:
    # 20,000 tables, each referencing the previous: index look-ups, no pairwise scans.
    results = [
        FileResult(
            f"f{n}.sql",
            "tsql",
            "utf-8",
            tables=tuple(_table(i, f"f{n}.sql") for i in range(n * 2000, n * 2000 + 2000)),
        )
        for n in range(10)
    ]
    ctx = scope_context("db", results)
    start = time.perf_counter()
    for check in (
        keys.foreign_key_missing_table,
        keys.foreign_key_missing_column,
        keys.foreign_key_type_mismatch,
        keys.foreign_key_not_unique_target,
    ):
        assert not list(check(ctx))
    assert time.perf_counter() - start < 5
