"""The T-SQL grammar: SQL Server DDL parses whole, into typed nodes, and round-trips.

Every construct is checked for its AST shape (``Create``, never ``Command``), the
node class the lowering reads, the values it keeps (CLUSTERED flag, key column
order, declared type text) and that ``.sql(dialect=...)`` gives back T-SQL that
parses to the same tree.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlglot import exp
from sqlglot.errors import ErrorLevel, ParseError

import grammars
from grammars import nodes
from grammars.base import Grammar
from grammars.tsql import TYPE_FAMILIES, DdlauditTSQL

GRAMMAR: Grammar = grammars.get("tsql")
DIALECT = GRAMMAR.dialect()
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "tsql"

#: The seed's TableA, verbatim (seed: mssql-replication-call-vs-scall.txt).
TABLE_A = (
    "CREATE TABLE [dbo].[TableA]( [TableA_ID] [int] NOT NULL, [Col1] [nvarchar](100) NULL, "
    "[Col2] [nvarchar](100) NULL, [Col3] bigint NULL, [Col4] int NULL, [Col5] int NULL, "
    "[Col6] int NULL, [Col7] datetime NULL, [Col8] int NULL, [Col9] bigint NULL, "
    "[Col10] [nvarchar](max) NULL, PRIMARY KEY CLUSTERED ( [TableA_ID] ASC )WITH "
    "(PAD_INDEX = OFF, STATISTICS_NORECOMPUTE = OFF, IGNORE_DUP_KEY = OFF, "
    "ALLOW_ROW_LOCKS = ON, ALLOW_PAGE_LOCKS = ON) ON [PRIMARY] ) ON [PRIMARY]"
)

#: TableD as SSMS scripts it.  The seed prints no CREATE TABLE for TableD; the columns
#: come from its replication procedure sp_MSupd_dboTableD (@c1 int, @c2 nvarchar(100),
#: @c3 nvarchar(200), @pkc1 int), the only TableD DDL facts in the seed.
TABLE_D = """CREATE TABLE [dbo].[TableD](
\t[TableD_ID] [int] NOT NULL,
\t[TableD_text] [nvarchar](100) NULL,
\t[text2] [nvarchar](200) NULL,
PRIMARY KEY CLUSTERED 
(
\t[TableD_ID] ASC
)WITH (PAD_INDEX = OFF, STATISTICS_NORECOMPUTE = OFF, IGNORE_DUP_KEY = OFF, \
ALLOW_ROW_LOCKS = ON, ALLOW_PAGE_LOCKS = ON) ON [PRIMARY]
) ON [PRIMARY]"""  # noqa: W291 - SSMS writes the trailing blank after CLUSTERED

FAMILY_VOCABULARY = frozenset(
    (
        *("integer", "decimal", "float", "money", "bit", "boolean", "number"),
        *("char", "varchar", "clob", "nchar", "nvarchar", "nclob"),
        *("binary", "varbinary", "blob", "date", "time", "timestamp", "interval", "period"),
        *("json", "xml", "uuid", "rowversion", "spatial", "variant", "hierarchy", "udt"),
        *("array", "other"),
    )
)


# ---------------------------------------------------------------------- helpers


def parse(sql: str) -> exp.Expr:
    """Parse one statement strictly; it must come back as exactly one tree."""
    trees = DIALECT.parse(sql, error_level=ErrorLevel.RAISE)
    assert len(trees) == 1 and trees[0] is not None
    tree = trees[0]
    assert not isinstance(tree, exp.Command), f"fell back to Command: {sql}"
    return tree


def create(sql: str) -> exp.Create:
    tree = parse(sql)
    assert isinstance(tree, exp.Create), type(tree).__name__
    return tree


def columns(tree: exp.Create) -> dict[str, exp.ColumnDef]:
    return {c.name: c for c in tree.this.expressions if isinstance(c, exp.ColumnDef)}


def elements(tree: exp.Create) -> list[exp.Expr]:
    """The table-level items that are not column definitions."""
    return [e for e in tree.this.expressions if not isinstance(e, exp.ColumnDef)]


def kinds(column: exp.ColumnDef) -> list[exp.Expr]:
    return [c.args["kind"] for c in column.constraints]


def kind_of(column: exp.ColumnDef, cls: type[exp.Expr]) -> exp.Expr:
    found = [k for k in kinds(column) if isinstance(k, cls)]
    assert len(found) == 1, f"{cls.__name__} in {[type(k).__name__ for k in kinds(column)]}"
    return found[0]


def key_columns(node: exp.Expr) -> list[tuple[str, bool | None]]:
    """(name, desc) for each key column of a key or index node, in order."""
    result = []
    # UNIQUE keeps its columns in a Schema (sqlglot's convention), the others directly
    items = (
        node.this.expressions if isinstance(node, exp.UniqueColumnConstraint) else node.expressions
    )
    for item in items:
        assert isinstance(item, exp.Ordered) and isinstance(item.this, exp.Column)
        result.append((item.this.name, item.args.get("desc")))
    return result


def options(params: exp.Expr | None) -> dict[str, str]:
    assert isinstance(params, exp.IndexParameters)
    return {p.name.upper(): p.args["value"].name for p in params.args["with_storage"]}


def properties(tree: exp.Create) -> list[exp.Expr]:
    props = tree.args.get("properties")
    return list(props.expressions) if props else []


def assert_round_trip(tree: exp.Expr) -> str:
    sql = tree.sql(dialect=DdlauditTSQL)
    again = DIALECT.parse(sql, error_level=ErrorLevel.RAISE)
    assert again == [tree], sql
    return sql


def batches(path: Path) -> list[str]:
    """The non-empty GO batches of an SSMS script, leading comments stripped."""
    text = path.read_text(encoding="utf-8")
    result = []
    for batch in re.split(r"(?im)^[ \t]*GO[ \t]*$", text):
        body = re.sub(r"\A(?:\s*(?:--[^\n]*\n|/\*.*?\*/))*", "", batch, flags=re.S).strip()
        if body:
            result.append(body)
    return result


# ------------------------------------------------------------ seed: TableA, TableD


def test_seed_table_a_verbatim() -> None:
    tree = create(TABLE_A)
    table = tree.this.this
    assert (table.db, table.name) == ("dbo", "TableA")
    cols = columns(tree)
    assert list(cols) == ["TableA_ID", *(f"Col{i}" for i in range(1, 11))]
    declared = {name: c.args["kind"].meta["declared"] for name, c in cols.items()}
    assert declared["TableA_ID"] == "[int]"
    assert declared["Col1"] == declared["Col2"] == "[nvarchar](100)"
    assert declared["Col3"] == "bigint" and declared["Col7"] == "datetime"
    assert declared["Col10"] == "[nvarchar](max)"
    assert kind_of(cols["TableA_ID"], exp.NotNullColumnConstraint).args.get("allow_null") is None
    assert kind_of(cols["Col10"], exp.NotNullColumnConstraint).args["allow_null"] is True

    (pk,) = elements(tree)
    assert type(pk) is nodes.IndexedPrimaryKey
    assert pk.args["clustered"] is True
    assert key_columns(pk) == [("TableA_ID", False)]
    assert options(pk.args["include"]) == {
        "PAD_INDEX": "OFF",
        "STATISTICS_NORECOMPUTE": "OFF",
        "IGNORE_DUP_KEY": "OFF",
        "ALLOW_ROW_LOCKS": "ON",
        "ALLOW_PAGE_LOCKS": "ON",
    }
    assert pk.args["include"].args["on"].name == "PRIMARY"
    (on,) = properties(tree)
    assert isinstance(on, exp.OnProperty) and on.this.name == "PRIMARY"
    assert TABLE_A[slice(*pk.meta["span"])].startswith("PRIMARY KEY CLUSTERED")
    assert TABLE_A[slice(*pk.meta["span"])].endswith("ON [PRIMARY]")
    assert_round_trip(tree)


def test_seed_table_d() -> None:
    tree = create(TABLE_D)
    cols = columns(tree)
    assert [(n, c.args["kind"].meta["declared"]) for n, c in cols.items()] == [
        ("TableD_ID", "[int]"),
        ("TableD_text", "[nvarchar](100)"),
        ("text2", "[nvarchar](200)"),
    ]
    (pk,) = elements(tree)
    assert isinstance(pk, nodes.IndexedPrimaryKey) and pk.args["clustered"] is True
    assert key_columns(pk) == [("TableD_ID", False)]
    assert_round_trip(tree)


def test_seed_fixture_holds_table_a_verbatim() -> None:
    assert TABLE_A in (FIXTURES / "seed_tables.sql").read_text(encoding="utf-8")


# ------------------------------------------------------------ table-level constraints


def test_named_nonclustered_primary_key_with_fillfactor() -> None:
    tree = create(
        "CREATE TABLE t (a int NOT NULL, b int NOT NULL, CONSTRAINT [PK_x] PRIMARY KEY "
        "NONCLUSTERED (b DESC, a) WITH (FILLFACTOR = 90) ON [PRIMARY])"
    )
    (constraint,) = elements(tree)
    assert isinstance(constraint, exp.Constraint) and constraint.name == "PK_x"
    (pk,) = constraint.expressions
    assert isinstance(pk, nodes.IndexedPrimaryKey) and isinstance(pk, exp.PrimaryKey)
    assert pk.args["clustered"] is False
    assert key_columns(pk) == [("b", True), ("a", None)]
    params = pk.args["include"]
    assert params.args["with_storage"][0].args["value"].to_py() == 90
    assert params.args["on"].name == "PRIMARY"
    assert_round_trip(tree)


def test_primary_key_without_clustering_keeps_it_unsaid() -> None:
    tree = create("CREATE TABLE t (a int NOT NULL, PRIMARY KEY (a))")
    (pk,) = elements(tree)
    assert isinstance(pk, nodes.IndexedPrimaryKey)
    assert pk.args.get("clustered") is None and pk.args.get("include") is None
    assert_round_trip(tree)


def test_legacy_unwrapped_fillfactor() -> None:
    tree = create(
        "CREATE TABLE [dbo].[Orders] ([OrderID] [int] NOT NULL, CONSTRAINT [PK_Orders] "
        "PRIMARY KEY  CLUSTERED ([OrderID]) WITH  FILLFACTOR = 90  ON [PRIMARY])"
    )
    (pk,) = elements(tree)[0].expressions
    assert pk.args["clustered"] is True
    assert options(pk.args["include"]) == {"FILLFACTOR": "90"}
    assert "WITH (FILLFACTOR=90) ON [PRIMARY]" in assert_round_trip(tree)


@pytest.mark.parametrize(
    ("sql", "clustered", "cols"),
    [
        ("UNIQUE (a, b)", None, [("a", None), ("b", None)]),
        ("UNIQUE CLUSTERED (b DESC)", True, [("b", True)]),
        ("CONSTRAINT [UQ] UNIQUE NONCLUSTERED (a ASC, b)", False, [("a", False), ("b", None)]),
    ],
)
def test_table_unique(sql: str, clustered: bool | None, cols: list[tuple[str, bool]]) -> None:
    tree = create(f"CREATE TABLE t (a int, b int, {sql})")
    (item,) = elements(tree)
    unique = item.expressions[0] if isinstance(item, exp.Constraint) else item
    assert type(unique) is nodes.IndexedUniqueConstraint
    assert unique.args.get("clustered") is clustered
    assert key_columns(unique) == cols
    assert_round_trip(tree)


def test_table_foreign_key_with_actions() -> None:
    tree = create(
        "CREATE TABLE t (a int, b int, CONSTRAINT [FK_t] FOREIGN KEY (a, b) "
        "REFERENCES [dbo].[p] ([x], [y]) ON DELETE CASCADE ON UPDATE NO ACTION "
        "NOT FOR REPLICATION)"
    )
    (constraint,) = elements(tree)
    (fk,) = constraint.expressions
    assert isinstance(fk, exp.ForeignKey)
    assert [i.name for i in fk.expressions] == ["a", "b"]
    ref = fk.args["reference"]
    assert (ref.this.this.db, ref.this.this.name) == ("dbo", "p")
    assert [i.name for i in ref.this.expressions] == ["x", "y"]
    assert ref.args["options"] == [
        "ON DELETE CASCADE",
        "ON UPDATE NO ACTION",
        "NOT FOR REPLICATION",
    ]
    assert_round_trip(tree)


def test_table_checks() -> None:
    tree = create(
        "CREATE TABLE t (a int, CHECK (a > 0), CONSTRAINT [CK] CHECK NOT FOR REPLICATION "
        "(([a]<=(10))))"
    )
    plain, named = elements(tree)
    assert type(plain) is exp.CheckColumnConstraint
    assert isinstance(plain.this, exp.GT)
    (nfr,) = named.expressions
    assert type(nfr) is nodes.NotForReplicationCheck
    assert isinstance(nfr, exp.CheckColumnConstraint) and nfr.find(exp.LTE) is not None
    assert "CHECK NOT FOR REPLICATION" in assert_round_trip(tree)


def test_inline_indexes() -> None:
    tree = create(
        "CREATE TABLE t (a int NOT NULL, b int, c int INDEX [IX_c] NONCLUSTERED, "
        "INDEX [IX_ab] UNIQUE NONCLUSTERED (a DESC, b) INCLUDE (c) WHERE b > 0 "
        "WITH (FILLFACTOR = 80, DATA_COMPRESSION = ROW ON PARTITIONS (1, 3 TO 5)) ON [IDX], "
        "INDEX [CCI] CLUSTERED COLUMNSTORE)"
    )
    column_index = kind_of(columns(tree)["c"], nodes.InlineIndex)
    assert column_index.name == "IX_c" and column_index.args["clustered"] is False
    assert not column_index.expressions
    ix, cci = elements(tree)
    assert isinstance(ix, nodes.InlineIndex) and isinstance(ix, exp.IndexColumnConstraint)
    assert (ix.name, ix.args["unique"], ix.args["clustered"]) == ("IX_ab", True, False)
    assert key_columns(ix) == [("a", True), ("b", None)]
    params = ix.args["include"]
    assert [i.name for i in params.args["include"]] == ["c"]
    assert isinstance(params.args["where"], exp.Where)
    compression = params.args["with_storage"][1]
    assert isinstance(compression, nodes.CompressionProperty)
    assert compression.args["value"].name == "ROW"
    assert [p.sql() for p in compression.args["partitions"]] == ["1", "3 TO 5"]
    assert params.args["on"].name == "IDX"
    assert (cci.args["clustered"], cci.args["columnstore"]) == (True, True)
    assert_round_trip(tree)


def test_period_for_system_time() -> None:
    tree = create(
        "CREATE TABLE t (a int PRIMARY KEY, s datetime2 GENERATED ALWAYS AS ROW START HIDDEN "
        "NOT NULL, e datetime2 GENERATED ALWAYS AS ROW END NOT NULL, PERIOD FOR SYSTEM_TIME "
        "(s, e)) WITH (SYSTEM_VERSIONING = ON (HISTORY_TABLE = dbo.h))"
    )
    start = kind_of(columns(tree)["s"], exp.GeneratedAsRowColumnConstraint)
    assert start.args["start"] is True and start.args["hidden"] is True
    assert isinstance(elements(tree)[0], exp.PeriodForSystemTimeConstraint)
    (versioning,) = properties(tree)
    assert isinstance(versioning, exp.WithSystemVersioningProperty)
    assert versioning.this.name == "h"
    assert_round_trip(tree)


# ------------------------------------------------------------ column-level constraints

_COLUMN_PK = nodes.IndexedPrimaryKeyColumnConstraint


@pytest.mark.parametrize(
    ("sql", "cls", "clustered"),
    [
        ("a int CONSTRAINT pk PRIMARY KEY", _COLUMN_PK, None),
        ("a int CONSTRAINT pk PRIMARY KEY CLUSTERED", _COLUMN_PK, True),
        ("a int PRIMARY KEY NONCLUSTERED NOT NULL", _COLUMN_PK, False),
        ("a int UNIQUE", nodes.IndexedUniqueConstraint, None),
        ("a int NOT NULL UNIQUE CLUSTERED", nodes.IndexedUniqueConstraint, True),
    ],
)
def test_column_keys(sql: str, cls: type[exp.Expr], clustered: bool | None) -> None:
    tree = create(f"CREATE TABLE t ({sql})")
    key = kind_of(columns(tree)["a"], cls)
    assert key.args.get("clustered") is clustered
    if cls is nodes.IndexedUniqueConstraint:
        assert key.this is None
    assert_round_trip(tree)


def test_column_primary_key_index_options() -> None:
    tree = create(
        "CREATE TABLE t (a uniqueidentifier NOT NULL PRIMARY KEY NONCLUSTERED HASH "
        "WITH (BUCKET_COUNT = 1024), b int PRIMARY KEY WITH FILLFACTOR = 80 ON [IDX])"
    )
    cols = columns(tree)
    hashed = kind_of(cols["a"], nodes.IndexedPrimaryKeyColumnConstraint)
    assert (hashed.args["clustered"], hashed.args["hash"]) == (False, True)
    assert options(hashed.args["include"]) == {"BUCKET_COUNT": "1024"}
    legacy = kind_of(cols["b"], nodes.IndexedPrimaryKeyColumnConstraint)
    assert options(legacy.args["include"]) == {"FILLFACTOR": "80"}
    assert legacy.args["include"].args["on"].name == "IDX"
    assert_round_trip(tree)


def test_column_constraint_name_is_kept() -> None:
    tree = create("CREATE TABLE t (a int CONSTRAINT [PK_t] PRIMARY KEY CLUSTERED)")
    (constraint,) = columns(tree)["a"].constraints
    assert constraint.this.name == "PK_t"


@pytest.mark.parametrize(
    ("sql", "cls"),
    [
        ("a int FOREIGN KEY REFERENCES t2(c)", exp.ForeignKey),
        ("a int REFERENCES [dbo].[t2] ([c]) ON DELETE CASCADE", exp.Reference),
    ],
)
def test_column_references(sql: str, cls: type[exp.Expr]) -> None:
    tree = create(f"CREATE TABLE t ({sql})")
    node = kind_of(columns(tree)["a"], cls)
    reference = node if isinstance(node, exp.Reference) else node.args["reference"]
    assert reference.this.this.name == "t2"
    assert [i.name for i in reference.this.expressions] == ["c"]
    assert_round_trip(tree)


def test_column_default_identity_collate_nullability_any_order() -> None:
    tree = create(
        "CREATE TABLE t ("
        "a datetime CONSTRAINT df DEFAULT (getdate()) NOT NULL, "
        "b int NOT NULL IDENTITY(1,1) NOT FOR REPLICATION, "
        "c varchar(10) NULL COLLATE Latin1_General_CI_AS, "
        "d varchar(10) COLLATE Latin1_General_CI_AS NOT NULL, "
        "e int IDENTITY)"
    )
    cols = columns(tree)
    default = cols["a"].constraints[0]
    assert default.this.name == "df"
    assert isinstance(default.args["kind"], exp.DefaultColumnConstraint)
    identity = kind_of(cols["b"], exp.GeneratedAsIdentityColumnConstraint)
    assert (identity.args["start"].to_py(), identity.args["increment"].to_py()) == (1, 1)
    assert [type(k) for k in kinds(cols["b"])] == [
        exp.NotNullColumnConstraint,
        exp.GeneratedAsIdentityColumnConstraint,
        exp.NotForReplicationColumnConstraint,
    ]
    for name, allow_null in (("c", True), ("d", None)):
        assert kind_of(cols[name], exp.NotNullColumnConstraint).args.get("allow_null") is allow_null
        assert kind_of(cols[name], exp.CollateColumnConstraint).this.name == "Latin1_General_CI_AS"
    kind_of(cols["e"], exp.AutoIncrementColumnConstraint)
    assert_round_trip(tree)


def test_column_check_not_for_replication() -> None:
    tree = create("CREATE TABLE t (a int CHECK (a > 0), b int CHECK NOT FOR REPLICATION (b > 0))")
    cols = columns(tree)
    assert type(kind_of(cols["a"], exp.CheckColumnConstraint)) is exp.CheckColumnConstraint
    kind_of(cols["b"], nodes.NotForReplicationCheck)
    assert_round_trip(tree)


# --------------------------------------------------------- SQL Server column features


def test_rowversion_and_timestamp() -> None:
    tree = create("CREATE TABLE t (a rowversion, b timestamp NOT NULL, c [timestamp] NULL)")
    declared = {n: c.args["kind"].meta["declared"] for n, c in columns(tree).items()}
    assert declared == {"a": "rowversion", "b": "timestamp", "c": "[timestamp]"}
    assert all(c.args["kind"].this == exp.DType.ROWVERSION for c in columns(tree).values())
    assert "b timestamp NOT NULL" in assert_round_trip(tree)


def test_bare_timestamp_column() -> None:
    sql = "CREATE TABLE t (a int, timestamp)"
    tree = create(sql)
    column = columns(tree)["timestamp"]
    assert column.args["kind"].this == exp.DType.ROWVERSION
    assert column.args["kind"].meta["declared"] == "timestamp"
    assert sql[slice(*column.meta["span"])] == "timestamp"
    assert_round_trip(tree)


def test_filestream_rowguidcol_sparse_column_set() -> None:
    tree = create(
        "CREATE TABLE t (id uniqueidentifier ROWGUIDCOL NOT NULL DEFAULT (newsequentialid()), "
        "body varbinary(max) FILESTREAM NULL, q tinyint SPARSE NULL, "
        "cs xml COLUMN_SET FOR ALL_SPARSE_COLUMNS)"
    )
    cols = columns(tree)
    kind_of(cols["id"], nodes.RowGuidColColumnConstraint)
    kind_of(cols["body"], nodes.FileStreamColumnConstraint)
    kind_of(cols["q"], nodes.SparseColumnConstraint)
    option = kind_of(cols["cs"], nodes.ColumnOption)
    assert (option.this.name, option.args["value"].name) == ("COLUMN_SET", "FOR ALL_SPARSE_COLUMNS")
    assert_round_trip(tree)


def test_masked_and_encrypted_kept_as_text() -> None:
    tree = create(
        "CREATE TABLE t (a varchar(20) MASKED WITH (FUNCTION = 'partial(1,\"X\",1)') NULL, "
        "b int ENCRYPTED WITH (COLUMN_ENCRYPTION_KEY = k, ENCRYPTION_TYPE = DETERMINISTIC, "
        "ALGORITHM = 'AEAD_AES_256_CBC_HMAC_SHA_256') NOT NULL)"
    )
    cols = columns(tree)
    masked = kind_of(cols["a"], nodes.ColumnOption)
    assert masked.this.name == "MASKED"
    assert masked.args["value"].name == "WITH (FUNCTION = 'partial(1,\"X\",1)')"
    assert kind_of(cols["b"], nodes.ColumnOption).this.name == "ENCRYPTED"
    assert_round_trip(tree)


def test_computed_columns() -> None:
    tree = create(
        "CREATE TABLE t (a int, b int, c AS (a+b) PERSISTED NOT NULL, d AS a*2, "
        "e AS (a+1) PERSISTED CONSTRAINT [UQ_e] UNIQUE)"
    )
    cols = columns(tree)
    c = kind_of(cols["c"], exp.ComputedColumnConstraint)
    assert (c.args["persisted"], c.args["not_null"]) == (True, True)
    assert cols["c"].args.get("kind") is None
    d = kind_of(cols["d"], exp.ComputedColumnConstraint)
    assert not d.args.get("persisted") and isinstance(d.this, exp.Mul)
    kind_of(cols["e"], nodes.IndexedUniqueConstraint)
    assert_round_trip(tree)


def test_typed_xml() -> None:
    tree = create(
        "CREATE TABLE t (a xml(CONTENT dbo.Schema1) NULL, b [xml](DOCUMENT [dbo].[S]), c xml)"
    )
    cols = columns(tree)
    for name, kind, declared in (
        ("a", "CONTENT", "xml(CONTENT dbo.Schema1)"),
        ("b", "DOCUMENT", "[xml](DOCUMENT [dbo].[S])"),
    ):
        dtype = cols[name].args["kind"]
        assert dtype.this == exp.DType.XML and dtype.meta["declared"] == declared
        (collection,) = dtype.expressions
        assert isinstance(collection, nodes.XmlSchemaCollection)
        assert collection.args["kind"] == kind
    assert cols["b"].args["kind"].expressions[0].this.name == "S"
    assert_round_trip(tree)


# ------------------------------------------------------------------- table options


def test_textimage_filestream_on() -> None:
    tree = create(
        "CREATE TABLE t (a varbinary(max) FILESTREAM, g uniqueidentifier ROWGUIDCOL NOT NULL "
        "UNIQUE) ON [PRIMARY] TEXTIMAGE_ON [LOBS] FILESTREAM_ON fs_group"
    )
    on, textimage, filestream = properties(tree)
    assert isinstance(on, exp.OnProperty) and on.this.name == "PRIMARY"
    assert isinstance(textimage, nodes.TextImageOnProperty) and textimage.this.name == "LOBS"
    assert isinstance(filestream, nodes.FileStreamOnProperty)
    assert filestream.this.name == "fs_group"
    assert_round_trip(tree)


def test_partition_scheme() -> None:
    tree = create("CREATE TABLE t (a int, d date) ON ps_scheme([d])")
    (on,) = properties(tree)
    assert isinstance(on, exp.OnProperty) and isinstance(on.this, exp.Schema)
    assert on.this.this.name == "ps_scheme"
    assert [c.name for c in on.this.expressions] == ["d"]
    assert_round_trip(tree)


def test_data_compression() -> None:
    tree = create(
        "CREATE TABLE t (a int) WITH (DATA_COMPRESSION = PAGE ON PARTITIONS (1 TO 3), "
        "DATA_COMPRESSION = ROW ON PARTITIONS (4), XML_COMPRESSION = ON)"
    )
    page, row, xml = properties(tree)
    for prop, value in ((page, "PAGE"), (row, "ROW"), (xml, "ON")):
        assert isinstance(prop, nodes.CompressionProperty) and isinstance(prop, exp.Property)
        assert prop.args["value"].name == value
    assert isinstance(page.args["partitions"][0], exp.PartitionRange)
    assert xml.name == "XML_COMPRESSION" and xml.args.get("partitions") is None
    assert "ON PARTITIONS (1 TO 3)" in assert_round_trip(tree)


def test_memory_optimized_options() -> None:
    tree = create(
        "CREATE TABLE t (a int NOT NULL PRIMARY KEY NONCLUSTERED) WITH (DATA_COMPRESSION = ROW, "
        "MEMORY_OPTIMIZED = ON, DURABILITY = SCHEMA_ONLY)"
    )
    compression, memory, durability = properties(tree)
    assert isinstance(compression, nodes.CompressionProperty)
    assert (memory.name, memory.args["value"].name) == ("MEMORY_OPTIMIZED", "ON")
    assert (durability.name, durability.args["value"].name) == ("DURABILITY", "SCHEMA_ONLY")
    assert_round_trip(tree)


# ---------------------------------------------------------------------- CREATE TYPE


@pytest.mark.parametrize(
    ("sql", "declared", "nullable"),
    [
        ("CREATE TYPE [dbo].[Name] FROM nvarchar(50) NOT NULL", "nvarchar(50)", False),
        ("CREATE TYPE [dbo].[Name] FROM [nvarchar](50) NULL", "[nvarchar](50)", True),
        ("CREATE TYPE Code FROM char(3)", "char(3)", None),
        ("CREATE TYPE dbo.Amount FROM decimal(19, 4) NOT NULL", "decimal(19, 4)", False),
    ],
)
def test_create_alias_type(sql: str, declared: str, nullable: bool | None) -> None:
    assert GRAMMAR.statement_kind(sql) == "type"
    tree = parse(sql)
    assert isinstance(tree, nodes.CreateAliasType)
    assert isinstance(tree.this, exp.Table)
    assert tree.args["kind"].meta["declared"] == declared
    assert tree.args.get("nullable") is nullable
    assert sql[slice(*tree.meta["span"])] == sql
    assert_round_trip(tree)


def test_create_table_type() -> None:
    tree = create(
        "CREATE TYPE [dbo].[Readings] AS TABLE([SensorID] [int] NOT NULL, [ReadAt] "
        "[datetime2](3) NOT NULL, INDEX [IX] NONCLUSTERED ([ReadAt] DESC), PRIMARY KEY "
        "NONCLUSTERED HASH ([SensorID]) WITH (BUCKET_COUNT = 4096)) WITH (MEMORY_OPTIMIZED = ON)"
    )
    assert tree.kind == "TYPE" and isinstance(tree.this, exp.Schema)
    assert tree.this.this.name == "Readings"
    assert list(columns(tree)) == ["SensorID", "ReadAt"]
    index, pk = elements(tree)
    assert isinstance(index, nodes.InlineIndex)
    assert isinstance(pk, nodes.IndexedPrimaryKey) and pk.args["hash"] is True
    assert "AS TABLE" in assert_round_trip(tree)


# ---------------------------------------------------------------------------- types

#: (declared text, DType, parameters as written back by sqlglot)
TYPES = [
    ("[int]", exp.DType.INT, []),
    ("int", exp.DType.INT, []),
    ("integer", exp.DType.INT, []),
    ("[nvarchar](100)", exp.DType.NVARCHAR, ["100"]),
    ("[nvarchar](max)", exp.DType.NVARCHAR, ["MAX"]),
    ("nvarchar(MAX)", exp.DType.NVARCHAR, ["MAX"]),
    ("varchar(max)", exp.DType.VARCHAR, ["MAX"]),
    ("[varchar] (50)", exp.DType.VARCHAR, ["50"]),
    ("varbinary(max)", exp.DType.VARBINARY, ["MAX"]),
    ("ntext", exp.DType.TEXT, []),
    ("[ntext]", exp.DType.TEXT, []),
    ("text", exp.DType.TEXT, []),
    ("image", exp.DType.IMAGE, []),
    ("real", exp.DType.FLOAT, []),
    ("float(24)", exp.DType.FLOAT, ["24"]),
    ("[float](53)", exp.DType.FLOAT, ["53"]),
    ("float", exp.DType.FLOAT, []),
    ("double precision", exp.DType.DOUBLE, []),
    ("decimal(38,10)", exp.DType.DECIMAL, ["38", "10"]),
    ("[decimal](18, 2)", exp.DType.DECIMAL, ["18", "2"]),
    ("dec(5,2)", exp.DType.DECIMAL, ["5", "2"]),
    ("numeric", exp.DType.DECIMAL, []),
    ("[numeric](18, 0)", exp.DType.DECIMAL, ["18", "0"]),
    ("money", exp.DType.MONEY, []),
    ("smallmoney", exp.DType.SMALLMONEY, []),
    ("bit", exp.DType.BIT, []),
    ("tinyint", exp.DType.UTINYINT, []),
    ("smallint", exp.DType.SMALLINT, []),
    ("bigint", exp.DType.BIGINT, []),
    ("uniqueidentifier", exp.DType.UUID, []),
    ("datetime", exp.DType.DATETIME, []),
    ("datetime2(7)", exp.DType.DATETIME2, ["7"]),
    ("[datetime2](3)", exp.DType.DATETIME2, ["3"]),
    ("smalldatetime", exp.DType.SMALLDATETIME, []),
    ("date", exp.DType.DATE, []),
    ("time(3)", exp.DType.TIME, ["3"]),
    ("time", exp.DType.TIME, []),
    ("datetimeoffset(7)", exp.DType.TIMESTAMPTZ, ["7"]),
    ("sql_variant", exp.DType.VARIANT, []),
    ("xml", exp.DType.XML, []),
    ("hierarchyid", exp.DType.USERDEFINED, []),
    ("geography", exp.DType.GEOGRAPHY, []),
    ("geometry", exp.DType.GEOMETRY, []),
    ("sysname", exp.DType.USERDEFINED, []),
    ("[sysname]", exp.DType.USERDEFINED, []),
    ("char(10)", exp.DType.CHAR, ["10"]),
    ("nchar(10)", exp.DType.NCHAR, ["10"]),
    ("binary(8)", exp.DType.BINARY, ["8"]),
    ("varbinary(16)", exp.DType.VARBINARY, ["16"]),
    ("rowversion", exp.DType.ROWVERSION, []),
    ("timestamp", exp.DType.ROWVERSION, []),
    ("dbo.MyType", exp.DType.USERDEFINED, []),
    ("[dbo].[MyType]", exp.DType.USERDEFINED, []),
    ("MyType", exp.DType.USERDEFINED, []),
    ("character varying(10)", exp.DType.VARCHAR, ["10"]),
    ("national character varying(10)", exp.DType.NVARCHAR, ["10"]),
    ("national char(5)", exp.DType.NCHAR, ["5"]),
    ("binary varying(5)", exp.DType.VARBINARY, ["5"]),
]


@pytest.mark.parametrize(("declared", "dtype", "params"), TYPES)
def test_declared_type_text(declared: str, dtype: exp.DType, params: list[str]) -> None:
    sql = f"CREATE TABLE t (c {declared} NOT NULL, d int)"
    tree = create(sql)
    kind = columns(tree)["c"].args["kind"]
    assert kind.meta["declared"] == declared
    assert sql[slice(*kind.meta["span"])] == declared
    assert kind.this == dtype
    assert [p.sql(dialect=DdlauditTSQL) for p in kind.expressions] == params
    assert f"c {declared} NOT NULL" in assert_round_trip(tree)


def _type_name(declared: str) -> str:
    """Upper-case name, brackets stripped, no arguments (TYPE_FAMILIES' key)."""
    name = re.sub(r"\(.*\)", "", declared).replace("[", "").replace("]", "")
    return " ".join(name.upper().split())


@pytest.mark.parametrize("declared", [d for d, _, _ in TYPES if "MyType" not in d])
def test_every_system_type_has_a_family(declared: str) -> None:
    assert TYPE_FAMILIES[_type_name(declared)] in FAMILY_VOCABULARY


def test_type_families() -> None:
    assert set(TYPE_FAMILIES.values()) <= FAMILY_VOCABULARY
    assert all(key == key.upper() and "[" not in key for key in TYPE_FAMILIES)
    expected = {
        "DATETIME": "timestamp",
        "NTEXT": "nclob",
        "IMAGE": "blob",
        "TIMESTAMP": "rowversion",
        "ROWVERSION": "rowversion",
        "SYSNAME": "nvarchar",
        "UNIQUEIDENTIFIER": "uuid",
        "SQL_VARIANT": "variant",
        "TEXT": "clob",
        "REAL": "float",
        "MONEY": "money",
        "HIERARCHYID": "hierarchy",
        "GEOGRAPHY": "spatial",
        "XML": "xml",
        "BIT": "bit",
        "TINYINT": "integer",
    }
    assert {k: TYPE_FAMILIES[k] for k in expected} == expected
    assert GRAMMAR.type_families is TYPE_FAMILIES


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("sql", "parts", "temporary"),
    [
        ("CREATE TABLE [dbo].[T] ([a] [int])", ("", "dbo", "T"), False),
        ("CREATE TABLE [Order Details] (a int)", ("", "", "Order Details"), False),
        ("CREATE TABLE db.dbo.t (a int)", ("db", "dbo", "t"), False),
        ("CREATE TABLE [Staging].[dbo].[t] (a int)", ("Staging", "dbo", "t"), False),
        ("CREATE TABLE #t (a int)", ("", "", "t"), True),
        ('CREATE TABLE "dbo"."T" ("a" int)', ("", "dbo", "T"), False),
    ],
)
def test_table_names(sql: str, parts: tuple[str, str, str], temporary: bool) -> None:
    tree = create(sql)
    table = tree.this.this
    assert (table.catalog, table.db, table.name) == parts
    assert any(isinstance(p, exp.TemporaryProperty) for p in properties(tree)) is temporary
    assert_round_trip(tree)


# ------------------------------------------------------------------ spans and errors


def test_spans_point_at_the_source() -> None:
    sql = "CREATE TABLE t (\n  [a] [nvarchar](10) NOT NULL,\n  CONSTRAINT pk PRIMARY KEY (a)\n)"
    tree = create(sql)
    column = columns(tree)["a"]
    assert sql[slice(*column.meta["span"])] == "[a] [nvarchar](10) NOT NULL"
    assert sql[slice(*column.args["kind"].meta["span"])] == "[nvarchar](10)"
    (constraint,) = elements(tree)
    assert sql[slice(*constraint.meta["span"])] == "CONSTRAINT pk PRIMARY KEY (a)"
    assert sql[slice(*tree.meta["span"])] == sql


@pytest.mark.parametrize(
    ("sql", "line", "col"),
    [
        ("CREATE TABLE t (a int, b varchar(10) NOT NULL", 1, 45),  # unclosed column list
        ("CREATE TABLE t (a int,\n b decimal(10,)", 2, 15),  # truncated type
        ("CREATE TABLE t (a int,\n PRIMARY KEY CLUSTERED (a WITH (FILLFACTOR = 90))", 2, 30),
        ("CREATE TABLE t (a int))", 1, 23),  # one parenthesis too many
        ("CREATE TABLE t (a int, b)", 1, 24),  # column without a type
        ("CREATE TABLE t (a int CONSTRAINT c)", 1, 35),  # constraint name, no constraint
        ("CREATE TABLE t (a int) ON [PRIMARY] BOGUS", 1, 41),  # was a silent Command
        ("CREATE TYPE x FROM", 1, 18),  # truncated alias type
        ("CREATE TYPE x FROM int NOT", 1, 26),
    ],
)
def test_broken_sql_raises_with_position(sql: str, line: int, col: int) -> None:
    # sqlglot's ``col`` is the 1-based column of the offending token's last character
    with pytest.raises(ParseError) as raised:
        DIALECT.parse(sql, error_level=ErrorLevel.RAISE)
    first = raised.value.errors[0]
    assert (first["line"], first["col"]) == (line, col), first["description"]


def test_unsupported_create_table_is_never_a_silent_command() -> None:
    # sqlglot alone returns exp.Command with only a logged warning for this
    trees = DIALECT.parse("CREATE TABLE t (a int) LOCK DATAROWS", error_level=ErrorLevel.IGNORE)
    assert isinstance(trees[0], exp.Command)
    with pytest.raises(ParseError, match="Unsupported or invalid CREATE TABLE"):
        DIALECT.parse("CREATE TABLE t (a int) LOCK DATAROWS", error_level=ErrorLevel.RAISE)


# ------------------------------------------------------------------------ fixtures

FIXTURE_FILES = sorted(FIXTURES.glob("*.sql"))


def test_fixture_set() -> None:
    names = {p.name for p in FIXTURE_FILES}
    assert {"seed_tables.sql", "broken_statement.sql"} <= names
    assert 3 <= len(names) <= 6


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_fixture_ddl_parses(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    analysed, failed_lines = 0, []
    for body in batches(path):
        kind = GRAMMAR.statement_kind(body)
        if kind is None:
            continue
        analysed += 1
        try:
            tree = parse(body)
        except ParseError as error:
            first_line = text[: text.index(body)].count("\n") + 1
            failed_lines.append(first_line + error.errors[0]["line"] - 1)
            assert error.errors[0]["description"] == "Expecting )"
            continue
        alias = kind == "type" and ("FROM" in body or "sp_addtype" in body.lower())
        expected = nodes.CreateAliasType if alias else exp.Create
        assert isinstance(tree, expected), body[:80]
        assert_round_trip(tree)
    assert analysed >= 2
    # broken_statement.sql: the Territory key list is left open; WITH is on line 22
    assert failed_lines == ([22] if path.name == "broken_statement.sql" else [])


def test_seed_fixture_tables() -> None:
    bodies = [b for b in batches(FIXTURES / "seed_tables.sql") if GRAMMAR.statement_kind(b)]
    names = [create(b).this.this.name for b in bodies]
    assert names == ["TableA", "TableD"]


# ------------------------------------------------------------------------ evidence


def _score(text: str) -> int:
    return sum(e.weight for e in GRAMMAR.evidence if e.pattern.search(text))


def test_evidence_prefers_ssms_scripts() -> None:
    ssms = (FIXTURES / "sales_schema.sql").read_text(encoding="utf-8")
    sybase = (
        "create table orders (id int identity, note varchar(255) null, d datetime not null)\n"
        "lock datarows\ngo\nsp_bindrule 'r', 'orders.d'\ngo\n"
    )
    teradata = "CREATE MULTISET TABLE db.t, NO FALLBACK (a BYTEINT) PRIMARY INDEX (a);"
    assert _score(ssms) >= 30
    assert _score(sybase) <= 3
    assert _score(teradata) == 0


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("CREATE TABLE [dbo].[T] (a int)", "[dbo]. qualified name"),
        (") ON [PRIMARY]", "ON [PRIMARY] filegroup"),
        ("a int IDENTITY(1,1)", "IDENTITY(seed, increment)"),
        ("b NVARCHAR( MAX )", "(N)VARCHAR/VARBINARY(MAX)"),
        ("SET ANSI_NULLS ON", "SET ANSI_NULLS"),
        (")WITH (PAD_INDEX = OFF", "WITH (PAD_INDEX = ...)"),
        ("g uniqueidentifier", "UNIQUEIDENTIFIER"),
        ("d datetime2(7)", "DATETIME2 / DATETIMEOFFSET"),
    ],
)
def test_evidence_patterns(text: str, label: str) -> None:
    assert label in {e.label for e in GRAMMAR.evidence if e.pattern.search(text)}


# ---------------------------------------------------------------------- properties

_TYPE_POOL = [d for d, _, _ in TYPES]
_CONSTRAINT_POOL = [
    "NULL",
    "NOT NULL",
    "SPARSE",
    "ROWGUIDCOL",
    "DEFAULT ((0))",
    "CONSTRAINT [DF_x] DEFAULT (getdate())",
    "IDENTITY(1,1)",
    "NOT FOR REPLICATION",
    "COLLATE Latin1_General_CI_AS",
    "UNIQUE NONCLUSTERED",
    "CHECK ([c0]>(0))",
]


@st.composite
def _table_sql(draw: st.DrawFn) -> tuple[str, list[tuple[str, str, int]]]:
    count = draw(st.integers(min_value=1, max_value=6))
    specs, parts = [], []
    for i in range(count):
        declared = draw(st.sampled_from(_TYPE_POOL))
        constraints = draw(st.lists(st.sampled_from(_CONSTRAINT_POOL), max_size=3, unique=True))
        # COLLATE goes first: after DEFAULT x it would collate the default expression
        constraints.sort(key=lambda c: not c.startswith("COLLATE"))
        name = draw(st.sampled_from([f"c{i}", f"[c{i}]", f'"c{i}"']))
        gap = draw(st.sampled_from([" ", "  ", "\n\t"]))
        parts.append(f"{name}{gap}{declared} {' '.join(constraints)}".rstrip())
        specs.append((f"c{i}", declared, len(constraints)))
    key = draw(st.sampled_from(["", ", PRIMARY KEY CLUSTERED ([c0] ASC)", ", UNIQUE (c0)"]))
    suffix = draw(st.sampled_from(["", " ON [PRIMARY]", " ON [PRIMARY] TEXTIMAGE_ON [PRIMARY]"]))
    return f"CREATE TABLE [dbo].[t] ({', '.join(parts)}{key}){suffix}", specs


@settings(max_examples=150, deadline=None)
@given(_table_sql())
def test_generated_tables_keep_columns_and_declared_types(
    case: tuple[str, list[tuple[str, str, int]]],
) -> None:
    sql, specs = case
    tree = create(sql)
    cols = columns(tree)
    assert list(cols) == [name for name, _, _ in specs]
    for name, declared, constraint_count in specs:
        kind = cols[name].args["kind"]
        assert kind.meta["declared"] == declared
        assert sql[slice(*kind.meta["span"])] == declared
        assert len(cols[name].constraints) == constraint_count
    assert_round_trip(tree)


def test_sp_addtype_makes_alias_types_in_sql_server() -> None:
    """SQL Server's sp_addtype (Transact-SQL Reference: ``@typename, @phystype [,
    @nulltype] [, @owner]``; deprecated, still in old install scripts) declares an alias
    type as CREATE TYPE ... FROM does: a column of it is sized, not a udt."""
    from analyzer.core import Options, analyze_bytes

    ddl = (
        "EXEC sp_addtype ssn, 'varchar(11)', 'NOT NULL'\nGO\n"
        "exec sp_addtype @typename = birthday, @phystype = datetime, @nulltype = 'NULL',"
        " @owner = 'dbo'\nGO\n"
        "CREATE TABLE dbo.person (id int NOT NULL, s ssn, b birthday)\nGO\n"
    )
    result = analyze_bytes("t.sql", ddl.encode(), Options(dialect="tsql"))
    assert not result.diagnostics
    assert [(ty.name.name, ty.nullable) for ty in result.user_types] == [
        ("ssn", False),
        ("birthday", True),
    ]
    (table,) = result.tables
    s, b = table.columns[1], table.columns[2]
    assert (s.type.name, s.type.length, s.nullable, s.user_type) == ("VARCHAR", 11, False, "ssn")
    assert (b.type.name, b.nullable, b.user_type) == ("DATETIME", True, "birthday")
    assert GRAMMAR.statement_kind("exec sp_addtype id, 'int'") == "type"


def test_sp_addtype_identity_is_ase_only() -> None:
    """'identity' is an ASE nulltype; SQL Server's are NULL, NOT NULL and NONULL: a
    file:line:column error naming them, the other statements kept."""
    from analyzer.core import Options, analyze_bytes

    ddl = "exec sp_addtype x, 'int', 'identity'\ngo\nCREATE TABLE t (a int)\ngo\n"
    result = analyze_bytes("t.sql", ddl.encode(), Options(dialect="tsql"))
    (d,) = result.diagnostics
    assert d.code == "P001" and d.span is not None and (d.span.line, d.span.column) == (1, 28)
    assert "'null', 'not null' or 'nonull'" in d.message
    assert [t.name.name for t in result.tables] == ["t"]
