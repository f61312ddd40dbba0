"""Name resolution as the engines do it (issue 27 items 1 and 2, D168): database and
default schema qualify every name, a qualified reference matches only its object, the
nearest definition wins, drops and renames are replayed, and files that define tables
differently are two databases, never linked to each other."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from analyzer.core import Options, analyze_paths
from analyzer.ir import QualifiedName
from analyzer.names import as_read, key
from analyzer.rules.engine import scope_context
from analyzer.rules.keys import RULES as KEY_RULES
from analyzer.rules.schema import duplicate_table

TSQL = Options(dialect="tsql")


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _scope_findings(root: Path, options: Options = TSQL) -> list[tuple[str, str]]:
    results, _ = analyze_paths([str(root)], options)
    ctx = scope_context("db", results)
    found = list(duplicate_table(ctx))
    for rule in KEY_RULES:
        if rule.level == "scope" and rule.check is not None:
            found.extend(rule.check(ctx))
    return sorted((f.code, Path(f.path).parent.name) for f in found)


SAMPLES = {
    # one folder per application, no markers: what a samples repository looks like
    "aw/install.sql": (
        "CREATE TABLE [Production].[ProductModel] ([ProductModelID] int NOT NULL,"
        " CONSTRAINT [PK_PM] PRIMARY KEY ([ProductModelID]))\nGO\n"
        "CREATE TABLE [Production].[Product] ([ProductID] int NOT NULL,"
        " [ProductModelID] int NULL, CONSTRAINT [PK_P] PRIMARY KEY ([ProductID]))\nGO\n"
        "ALTER TABLE [Production].[Product] ADD CONSTRAINT [FK_P_PM] FOREIGN KEY"
        " ([ProductModelID]) REFERENCES [Production].[ProductModel] ([ProductModelID])\nGO\n"
    ),
    "north/inst.sql": (
        "CREATE TABLE [Product] ([ProductName] nvarchar(40) NOT NULL, [Id] int NOT NULL"
        " PRIMARY KEY)\nGO\nCREATE TABLE [Orders] ([OrderID] int NOT NULL PRIMARY KEY)\nGO\n"
    ),
    "other/inst.sql": (
        "CREATE TABLE dbo.Product (Code char(4) NOT NULL PRIMARY KEY)\nGO\n"
        "CREATE TABLE dbo.Orders (OrderID int NOT NULL PRIMARY KEY,"
        " Code char(4) NOT NULL REFERENCES Product (Code))\nGO\n"
    ),
}


def test_a_qualified_alter_resolves_to_its_own_schema_only(tmp_path: Path) -> None:
    _write(tmp_path, SAMPLES)
    results, _ = analyze_paths([str(tmp_path)], TSQL)
    aw = next(r for r in results if "aw" in r.path)
    (change,) = aw.table_changes
    assert change.applied and change.table_path == aw.path
    product = next(t for t in aw.tables if t.name.name == "Product")
    assert [c.name for c in product.constraints] == ["PK_P", "FK_P_PM"]
    # the other folders' Product tables (dbo) are untouched
    for r in results:
        if r is not aw:
            assert all(c.name != "FK_P_PM" for t in r.tables for c in t.constraints)


def test_two_databases_in_one_scope_give_one_finding_per_pair_of_files(tmp_path: Path) -> None:
    _write(tmp_path, SAMPLES)
    # north and other both define dbo.Product and dbo.Orders, differently: one C002;
    # other's foreign key resolves within its own file, so no key finding at all
    assert _scope_findings(tmp_path) == [("C002", "other")]
    results, _ = analyze_paths([str(tmp_path)], TSQL)
    (finding,) = duplicate_table(scope_context("db", results))
    assert "define 2 tables differently" in finding.message
    assert "not linked to each other" in finding.message


def test_a_reference_resolves_to_the_nearest_definition(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "a/t.sql": "CREATE TABLE p (id int NOT NULL)\nGO\n",
            "b/t.sql": "CREATE TABLE p (id int NOT NULL)\nGO\n",
            "b/k.sql": "ALTER TABLE p ADD CONSTRAINT pk PRIMARY KEY (id)\nGO\n",
        },
    )
    results, _ = analyze_paths([str(tmp_path)], TSQL)
    by_dir = {Path(r.path).parent.name + "/" + Path(r.path).name: r for r in results}
    assert by_dir["b/t.sql"].tables[0].primary_key is not None  # same directory
    assert by_dir["a/t.sql"].tables[0].primary_key is None


def test_a_qualified_reference_to_another_schema_is_missing(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "t.sql": "CREATE TABLE dbo.p (id int NOT NULL PRIMARY KEY)\nGO\n"
            "CREATE TABLE c (p_id int NULL REFERENCES sales.p (id))\nGO\n"
        },
    )
    assert ("K003", tmp_path.name) in _scope_findings(tmp_path)


def test_use_separates_the_databases_of_one_script(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "t.sql": "USE one\nGO\nCREATE TABLE t (a int NOT NULL PRIMARY KEY)\nGO\n"
            "USE two\nGO\nCREATE TABLE t (b char(2) NOT NULL PRIMARY KEY)\nGO\n"
            "CREATE TABLE c (b char(2) NULL REFERENCES t (b))\nGO\n"
        },
    )
    # no duplicate, and c's key finds two.t (its column b), not one.t
    assert _scope_findings(tmp_path) == []
    results, _ = analyze_paths([str(tmp_path)], TSQL)
    assert [c.kind for c in results[0].name_changes] == ["use", "use"]


def test_teradata_database_sets_the_default_database(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "t.sql": "DATABASE stage;\nCREATE TABLE t (a INTEGER NOT NULL) PRIMARY INDEX (a);\n"
            "DATABASE prod;\nCREATE TABLE t (a INTEGER NOT NULL, b INTEGER) PRIMARY INDEX (a);\n"
            "CREATE TABLE prod.u (a INTEGER NOT NULL) PRIMARY INDEX (a);\n"
        },
    )
    assert _scope_findings(tmp_path, Options(dialect="teradata")) == []


def test_drop_and_create_again_is_a_redefinition_not_a_duplicate(tmp_path: Path) -> None:
    upgrade = (
        "CREATE TABLE t (a int NOT NULL PRIMARY KEY)\nGO\n"
        "drop table t\nGO\nCREATE TABLE t (a int NOT NULL PRIMARY KEY, b int NULL)\nGO\n"
    )
    _write(tmp_path, {"up.sql": upgrade})
    assert _scope_findings(tmp_path) == []
    # without the drop the engine refuses the second CREATE TABLE (Msg 2714)
    _write(tmp_path, {"up.sql": upgrade.replace("drop table t\nGO\n", "")})
    assert _scope_findings(tmp_path) == [("C002", tmp_path.name)]


def test_a_renamed_table_is_found_by_its_new_name(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "t.sql": "CREATE TABLE old (a int NOT NULL PRIMARY KEY)\nGO\n"
            "exec sp_rename 'old', 'new'\nGO\n"
            "CREATE TABLE old (z int NOT NULL PRIMARY KEY)\nGO\n"
        },
    )
    assert _scope_findings(tmp_path) == []


def test_two_engines_scripts_side_by_side_are_two_databases(tmp_path: Path) -> None:
    # schema-sqlserver.sql and schema-sybase.sql of one product in one folder
    table = "CREATE TABLE JOB (ID BIGINT NOT NULL PRIMARY KEY, NAME VARCHAR(100) NULL)\n"
    _write(
        tmp_path,
        {
            "schema-sqlserver.sql": table + "GO\n",
            "schema-sybase.sql": table + "go\nexec sp_primarykey JOB, ID\ngo\n",
        },
    )
    assert _scope_findings(tmp_path, Options()) == []
    results, _ = analyze_paths([str(tmp_path)])
    assert sorted(r.dialect for r in results) == ["sybase", "tsql"]


def test_a_column_an_unread_alter_table_may_add_is_not_said_missing(tmp_path: Path) -> None:
    # a later script adds the columns, then the keys on them (a schema enhancement)
    _write(
        tmp_path,
        {
            "01-tables.sql": "CREATE TABLE orders (id int NOT NULL PRIMARY KEY)\nGO\n"
            "CREATE TABLE channel (id int NOT NULL PRIMARY KEY)\nGO\n",
            "05-more.sql": "ALTER TABLE orders ADD channel_id int NULL\nGO\n"
            "ALTER TABLE orders ADD CONSTRAINT fk_ch FOREIGN KEY (channel_id)"
            " REFERENCES channel (id)\nGO\n",
        },
    )
    assert _scope_findings(tmp_path) == []
    # without the ALTER that adds it, the column is missing: K004
    _write(
        tmp_path,
        {
            "05-more.sql": "ALTER TABLE orders ADD CONSTRAINT fk_ch FOREIGN KEY"
            " (channel_id) REFERENCES channel (id)\nGO\n"
        },
    )
    assert ("K004", tmp_path.name) in _scope_findings(tmp_path)


def test_a_type_mismatch_is_an_error_only_within_one_file(tmp_path: Path) -> None:
    from analyzer.rules.keys import foreign_key_type_mismatch

    parent = "CREATE TABLE p (id bigint NOT NULL PRIMARY KEY)\nGO\n"
    child = "CREATE TABLE c (p_id int NULL REFERENCES p (id))\nGO\n"
    _write(tmp_path / "one", {"t.sql": parent + child})
    _write(tmp_path / "two", {"p.sql": parent, "c.sql": child})
    for folder, severity in (("one", "error"), ("two", "warning")):
        results, _ = analyze_paths([str(tmp_path / folder)], TSQL)
        (found,) = foreign_key_type_mismatch(scope_context("db", results))
        assert found.severity.value == severity, folder


def test_a_guarded_create_table_is_never_a_duplicate(tmp_path: Path) -> None:
    # EF migration scripts: IF OBJECT_ID(...) IS NULL BEGIN CREATE TABLE ... END
    guarded = (
        "IF OBJECT_ID(N'[dbo].[migrations]') IS NULL\nBEGIN\n"
        "    CREATE TABLE [dbo].[migrations] (id nvarchar(150) NOT NULL,"
        " CONSTRAINT PK_m PRIMARY KEY (id));\nEND;\nGO\n"
    )
    _write(tmp_path, {"a.sql": guarded, "b.sql": guarded})
    assert _scope_findings(tmp_path) == []
    # unguarded, the second CREATE TABLE fails (Msg 2714)
    _write(tmp_path, {"b.sql": "CREATE TABLE [dbo].[migrations] (id nvarchar(150) NOT NULL)\nGO\n"})
    assert ("C002", tmp_path.name) in _scope_findings(tmp_path)


def test_comments_are_no_dialect_evidence(tmp_path: Path) -> None:
    sql = (
        "set quoted_identifier on\ngo\ncreate table t (id int not null, s unichar(20) null,"
        " g varbinary(16) null /*UNIQUEIDENTIFIER*/, primary key (id))\ngo\n"
        "/* SET ANSI_NULLS ON\ngo */\n"
    )
    _write(tmp_path, {"t.sql": sql})
    results, _ = analyze_paths([str(tmp_path)])
    assert results[0].dialect == "sybase"


_PART = st.one_of(st.none(), st.sampled_from(["a", "Sales", "DBO", "x y", "T"]))


@given(
    name=st.sampled_from(["t", "Orders"]),
    schema=_PART,
    catalog=_PART,
    dialect=st.sampled_from(["tsql", "sybase", "teradata", "hirdb", None]),
    database=_PART,
)
def test_as_read_is_what_key_compares(
    name: str, schema: str | None, catalog: str | None, dialect: str | None, database: str | None
) -> None:
    # the graph shows a table's name as read (D201): lower-cased, it is the name's key
    read = as_read(QualifiedName(name, schema, catalog), dialect, database)
    k = key(QualifiedName(name, schema, catalog), dialect, database)
    low = (read.catalog and read.catalog.lower(), read.schema and read.schema.lower())
    assert (*low, read.name.lower()) == (k.catalog, k.schema, k.name)
