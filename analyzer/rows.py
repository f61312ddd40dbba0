"""Flatten a :class:`~analyzer.ir.FileResult` into plain rows for tabular outputs.

The Spark pipeline (``analyzer/spark``) writes seven Parquet datasets, ``files``,
``tables``, ``columns``, ``diagnostics`` (one file's result each), ``findings``
(``ddlaudit lint``'s, :func:`finding_rows`) and ``nodes`` / ``edges`` (each scope's
schema graph, :func:`graph_rows`); their schemas are defined here as
pure data (:class:`Field` tuples) so this module imports without pyspark and the
schema, the rows and ``docs/output-schema.md`` cannot drift apart: the docs are
checked against :func:`markdown_table` by the tests.  ``scan`` writes every dataset
partitioned by a dialect column (:data:`PARTITION_COLUMNS`); readers select columns by
name (:func:`read_order`).

A row is a tuple in schema order holding only ``str``, ``int``, ``bool`` or
``None``, which is what Spark's ``createDataFrame`` converts cheapest.

>>> from analyzer.ir import Column, DataType, FileResult, QualifiedName, Table
>>> col = Column(name="id", position=1, nullable=False, nullable_explicit=True,
...     type=DataType(declared="int", name="INT", family="integer"))
>>> table = Table(name=QualifiedName("orders", "dbo"), dialect="tsql", columns=(col,))
>>> result = FileResult(path="a.sql", dialect="tsql", encoding="utf-8", tables=(table,))
>>> row = dict(zip(names(TABLES), table_rows(result)[0]))
>>> row["qualified_name"], row["column_count"], row["nullable_count"]
('dbo.orders', 1, 0)
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from analyzer.estimators import TableEstimate
from analyzer.estimators.indexes import IndexEstimate
from analyzer.ir import (
    Column,
    ConstraintKind,
    Diagnostic,
    FileResult,
    Severity,
    Span,
    Table,
    TableOptions,
    to_dict,
)
from analyzer.jsontext import dumps
from analyzer.records import record

if TYPE_CHECKING:
    from analyzer.graph.model import Edge, Missing, Node, Schema

    #: One scope's nodes, edges and unresolved references, each with its ordinal.
    _Parts = tuple[list[tuple[int, Node]], list[tuple[int, Edge]], list[tuple[int, Missing]]]
    from analyzer.rules.registry import Finding

T = TypeVar("T")

#: Row values are limited to these Python types (plus None) so every consumer,
#: Spark included, can take them without conversion.
Value = str | int | bool | None
Row = tuple[Value, ...]

#: The simple column types a dataset may use, with the Python type of a value.
PY_TYPES: dict[str, type] = {"string": str, "int": int, "long": int, "bool": bool}

#: Value ranges of the integer types (Spark IntegerType / LongType, Parquet INT32 / INT64).
INT_RANGES: dict[str, tuple[int, int]] = {
    "int": (-(2**31), 2**31 - 1),
    "long": (-(2**63), 2**63 - 1),
}


@record
class Field:
    """One column of an output dataset: name, simple type, nullability, meaning."""

    name: str
    type: str
    nullable: bool
    doc: str


def _f(name: str, type_: str, doc: str, *, nullable: bool = True) -> Field:
    return Field(name, type_, nullable, doc)


def _span_fields(what: str) -> tuple[Field, ...]:
    return (
        _f("line", "int", f"1-based line where the {what} starts"),
        _f("column", "int", f"1-based character column where the {what} starts"),
        _f("end_line", "int", f"line just past the {what}'s end"),
        _f("end_column", "int", f"character column just past the {what}'s end (exclusive)"),
    )


FILE = _f("file", "string", "source path as given to the scan (root-relative)", nullable=False)

FILES: tuple[Field, ...] = (
    FILE,
    _f("dialect", "string", "dialect the file was read as (`tsql`, `teradata`, ...); null if none"),
    _f("dialect_evidence", "string", "JSON array of the reasons for the dialect choice"),
    _f("encoding", "string", "codec the file was decoded with; null if undecodable"),
    _f("encoding_evidence", "string", "why that codec was chosen (BOM, forced, detected ...)"),
    _f("bytes", "long", "file size in bytes; null when the file could not be read"),
    _f(
        "analysis_ms",
        "long",
        "wall-clock milliseconds the core spent on the file (null if unknown)",
    ),
    _f("statements", "int", "statements found in the file", nullable=False),
    _f("tables", "int", "tables analysed (rows in `tables`)", nullable=False),
    _f("columns", "int", "columns over all tables (rows in `columns`)", nullable=False),
    _f("user_types", "int", "user-defined / alias types declared", nullable=False),
    _f("skipped", "int", "statements recognised but not analysed", nullable=False),
    _f("errors", "int", "diagnostics of severity `error`", nullable=False),
    _f("warnings", "int", "diagnostics of severity `warning`", nullable=False),
    _f("infos", "int", "diagnostics of severity `info`", nullable=False),
    _f("ok", "bool", "true when the file has no error diagnostic", nullable=False),
)

TABLES: tuple[Field, ...] = (
    FILE,
    _f("dialect", "string", "dialect of the table's DDL", nullable=False),
    _f("encoding", "string", "codec the file was decoded with"),
    _f("catalog", "string", "catalog / database part of the name, if written"),
    _f("schema", "string", "schema / owner part of the name, if written"),
    _f("table", "string", "table name (identifier quotes removed)", nullable=False),
    _f("qualified_name", "string", "`[catalog.][schema.]table` as written", nullable=False),
    _f("column_count", "int", "number of columns", nullable=False),
    _f("nullable_count", "int", "columns that accept NULL", nullable=False),
    _f(
        "variable_length_count",
        "int",
        "columns of a variable-length type (VARCHAR, NVARCHAR, VARBINARY, VARBYTE, "
        "VARGRAPHIC, LOBs, TEXT/IMAGE, XML, JSON ...)",
        nullable=False,
    ),
    _f("computed_count", "int", "computed columns (`AS expr`)", nullable=False),
    _f("identity_count", "int", "identity / generated-number columns", nullable=False),
    _f("primary_key", "string", "primary key columns, comma-separated; null if none"),
    _f("primary_key_name", "string", "name of the primary key constraint, if named"),
    _f(
        "constraint_count",
        "int",
        "PRIMARY KEY, UNIQUE, FOREIGN KEY and CHECK constraints",
        nullable=False,
    ),
    _f("foreign_key_count", "int", "foreign key constraints", nullable=False),
    _f("index_count", "int", "indexes declared with the table", nullable=False),
    _f(
        "primary_index",
        "string",
        "Teradata primary index (or primary AMP index) columns, comma-separated; "
        "empty string for NO PRIMARY INDEX; null when not declared",
    ),
    _f(
        "partition_levels",
        "int",
        "levels of the partitioning expression (0 if none)",
        nullable=False,
    ),
    _f("set_semantics", "string", "Teradata `SET` / `MULTISET`, if declared"),
    _f("temporary", "string", "temporary-table kind (`VOLATILE`, `GLOBAL TEMPORARY` ...), if any"),
    _f(
        "options",
        "string",
        "JSON object of the table options that differ from their defaults "
        "(see `TableOptions` in docs/ir.md); unrecognised options under `extra`",
        nullable=False,
    ),
    *_span_fields("CREATE TABLE statement"),
    *(
        _f(name, type_, doc)
        for name, type_, doc in (
            (
                "platform",
                "string",
                "platform the table was sized for (`ddlaudit size`); null if none",
            ),
            (
                "row_bytes",
                "long",
                "row size per the platform's procedure, with the run's fill/averages",
            ),
            ("max_row_bytes", "long", "row size with every column at its declared maximum"),
            ("row_limit", "long", "the platform's maximum row size"),
            (
                "rows_per_page",
                "long",
                "rows per page (Teradata: per data block); needs `[size] rows`",
            ),
            ("pages", "long", "pages (Teradata: data blocks) for `[size] rows` rows"),
            ("table_bytes", "long", "table size in bytes for `[size] rows` rows"),
            (
                "row_width",
                "long",
                "Replication Server RowWidth: the sum of the columns' ASCII widths "
                "(text/image/(max) not counted; docs/estimators/repserver.md)",
            ),
        )
    ),
)

COLUMNS: tuple[Field, ...] = (
    FILE,
    _f("dialect", "string", "dialect of the table's DDL", nullable=False),
    _f("schema", "string", "schema / owner of the table, if written"),
    _f("table", "string", "table name", nullable=False),
    _f(
        "qualified_table",
        "string",
        "`[catalog.][schema.]table` the column belongs to",
        nullable=False,
    ),
    _f("position", "int", "1-based position in the table", nullable=False),
    _f("name", "string", "column name (identifier quotes removed)", nullable=False),
    _f("declared_type", "string", "data type exactly as written (`nvarchar(max)`)", nullable=False),
    _f(
        "type_name", "string", "upper-case type name without arguments (`NVARCHAR`)", nullable=False
    ),
    _f("family", "string", "type family (`integer`, `varchar`, `clob`, ...)", nullable=False),
    _f("length", "long", "declared length in the type's unit (K/M/G applied); null if none"),
    _f("precision", "int", "declared precision (interval: leading-field precision)"),
    _f("scale", "int", "declared scale (time types: fractional-seconds precision)"),
    _f("is_max", "bool", "length is `MAX`", nullable=False),
    _f("with_time_zone", "bool", "time type declared `WITH TIME ZONE`", nullable=False),
    _f(
        "variable_length",
        "bool",
        "the type is variable-length (see `tables.variable_length_count`)",
        nullable=False,
    ),
    _f("nullable", "bool", "the column accepts NULL", nullable=False),
    _f(
        "nullable_explicit",
        "bool",
        "NULL / NOT NULL was written (not a dialect default)",
        nullable=False,
    ),
    _f("default", "string", "DEFAULT expression as written"),
    _f("is_identity", "bool", "identity / GENERATED ... AS IDENTITY column", nullable=False),
    _f("identity_seed", "string", "identity seed / START WITH, as written"),
    _f("identity_increment", "string", "identity increment / INCREMENT BY, as written"),
    _f("is_computed", "bool", "computed column (`AS expr`)", nullable=False),
    _f("computed_persisted", "bool", "computed column is PERSISTED (stored)", nullable=False),
    _f("computed_expression", "string", "the computed column's expression"),
    _f("character_set", "string", "CHARACTER SET (Teradata LATIN / UNICODE ...), if declared"),
    _f("collation", "string", "COLLATE name, if declared"),
    _f(
        "case_specific",
        "bool",
        "Teradata CASESPECIFIC (true) / NOT CASESPECIFIC (false); null if unset",
    ),
    _f(
        "compressed",
        "bool",
        "any COMPRESS clause (bare, value list or algorithmic)",
        nullable=False,
    ),
    _f(
        "compression_value_count",
        "int",
        "number of multi-value-compression literals (NULL included)",
        nullable=False,
    ),
    _f("sparse", "bool", "SQL Server SPARSE column", nullable=False),
    _f("filestream", "bool", "SQL Server FILESTREAM column", nullable=False),
    _f("rowguidcol", "bool", "SQL Server ROWGUIDCOL column", nullable=False),
    _f("user_type", "string", "user-defined / alias type the column was declared with"),
    _f(
        "derived_from",
        "string",
        "a derived table's column (CREATE TABLE AS, SELECT INTO): where its type came from "
        "(`orders.amount`, `CAST`, `literal`, `copy of <table>`); null if declared or untyped",
    ),
    *_span_fields("column definition"),
    _f("storage_platform", "string", "platform the column was sized for; null if not sized"),
    _f("storage_type", "string", "the type as the platform stores it (mapped if needed)"),
    _f("storage_category", "string", "row area: `fixed`, `char`, `variable`, `lob`, ..."),
    _f("data_length", "long", "bytes in the row as sized (average / fill / maximum)"),
    _f("max_data_length", "long", "bytes in the row at the declared maximum"),
    _f("alignment", "int", "Teradata aligned-row alignment in bytes"),
    _f("presence_bits", "int", "Teradata presence bits (nullability + compression)"),
    _f("ascii_width", "int", "width in Replication Server's ASCII messages (RowWidth part)"),
    _f(
        "ascii_width_basis",
        "string",
        "`manual`, `derived`, `setting`, `lob` or `unknown` (docs/estimators/repserver.md)",
    ),
)

DIAGNOSTICS: tuple[Field, ...] = (
    FILE,
    _f("dialect", "string", "dialect the file was read as; null if undetermined"),
    _f("code", "string", "stable diagnostic code (docs/diagnostics.md)", nullable=False),
    _f("severity", "string", "`error`, `warning` or `info`", nullable=False),
    _f("message", "string", "human-readable description", nullable=False),
    _f("expected", "string", "what the parser expected at that point, if known"),
    *_span_fields("offending text"),
    _f("source_line", "string", "text of the offending source line"),
)

FINDINGS: tuple[Field, ...] = (
    _f(
        "file",
        "string",
        "file the finding is in: a scanned file (`files.file`), the `[lint] workload` "
        "file, or `<input>` when it is about no file",
        nullable=False,
    ),
    _f("code", "string", "rule code (`ddlaudit rules`; docs/rules/)", nullable=False),
    _f("rule", "string", "rule name (`duplicate-column`); null for a code without a rule"),
    _f(
        "severity",
        "string",
        "`error`, `warning` or `info`, with `[lint] severity` applied",
        nullable=False,
    ),
    _f("message", "string", "human-readable description", nullable=False),
    *_span_fields("finding"),
    _f("table", "string", "qualified name of the table the finding is about, if any"),
    _f("column_name", "string", "name of the column the finding is about, if any"),
    _f(
        "subject",
        "string",
        "object path the fingerprint is made of (`dbo.orders/amount`); empty when none",
        nullable=False,
    ),
    _f("bytes", "long", "bytes at stake when the finding is about size (saving, excess)"),
    _f(
        "fingerprint",
        "string",
        "line-independent fingerprint, as in `ddlaudit lint` reports and baselines",
        nullable=False,
    ),
    _f(
        "dialect",
        "string",
        "dialect the finding's file was read as (`files.dialect`); null for the workload "
        "file, `<input>` and files read as no dialect (partition column)",
    ),
)

SCOPE = _f(
    "scope",
    "string",
    "link scope the row belongs to (docs/decisions.md D77: `[scopes]` name, project "
    "marker directory, else the PATH argument)",
    nullable=False,
)

SCOPE_ORDINAL = _f(
    "scope_ordinal",
    "int",
    "listing position of the scope's first file: `ddlaudit graph` lists scopes in this order",
    nullable=False,
)

NODES: tuple[Field, ...] = (
    FILE,
    SCOPE,
    _f(
        "id",
        "string",
        "node id, unique in its scope: a table's qualified name as first defined (with "
        "its database when another database of the scope has a table written alike: "
        "docs/graph.md); a replication object's name (`#2`, `#3` appended on a clash)",
        nullable=False,
    ),
    _f(
        "kind",
        "string",
        "`table`, `replication_definition`, `function_replication_definition`, "
        "`publication` or `subscription`",
        nullable=False,
    ),
    _f(
        "name",
        "string",
        "the object's name as written (a table's with its database as its `id` has it)",
        nullable=False,
    ),
    _f("line", "int", "1-based line of the definition (0 when unknown)", nullable=False),
    _f("dialect", "string", "dialect of a table's DDL; null for replication objects"),
    _f(
        "ordinal",
        "int",
        "0-based position of the node in its scope (files in listing order, then position "
        "in the file): the order `ddlaudit graph` lists them in",
        nullable=False,
    ),
    SCOPE_ORDINAL,
)

EDGES: tuple[Field, ...] = (
    _f("file", "string", "file holding the key or reference", nullable=False),
    SCOPE,
    _f(
        "kind",
        "string",
        "`foreign_key`, `sp_foreignkey`, `common_key` (keys, child to parent), "
        "`replicates`, `subscribes`, `publishes` (replication object to what it serves)",
        nullable=False,
    ),
    _f("source", "string", "`nodes.id` of the referencing node", nullable=False),
    _f(
        "target",
        "string",
        "`nodes.id` of the referenced node; when `resolved` is false, the reference as "
        "written (no node of the scope has it)",
        nullable=False,
    ),
    _f(
        "resolved",
        "bool",
        "false for a reference to a table or object the scope does not define (the "
        "`missing` list of `ddlaudit graph`)",
        nullable=False,
    ),
    _f("columns", "string", "JSON array of the referencing columns (`[]` when none)"),
    _f("ref_columns", "string", "JSON array of the referenced columns (`[]` when none)"),
    _f("name", "string", "constraint or object name, if any"),
    _f("line", "int", "1-based line of the key or reference (0 when unknown)", nullable=False),
    _f(
        "optional",
        "bool",
        "a foreign key whose referencing columns all allow NULL (a load may defer it)",
        nullable=False,
    ),
    _f(
        "ordinal",
        "int",
        "0-based position of the edge in its scope (resolved edges first, then the "
        "unresolved references, each in file order)",
        nullable=False,
    ),
    SCOPE_ORDINAL,
    _f(
        "dialect",
        "string",
        "dialect the edge's `file` was read as (`files.dialect`; partition column)",
    ),
)

#: Every dataset by the directory name it is written under.
DATASETS: dict[str, tuple[Field, ...]] = {
    "files": FILES,
    "tables": TABLES,
    "columns": COLUMNS,
    "diagnostics": DIAGNOSTICS,
    "findings": FINDINGS,
    "nodes": NODES,
    "edges": EDGES,
}

#: The datasets made per scope, after linking (:func:`graph_rows`).
GRAPH_DATASETS: tuple[str, ...] = ("nodes", "edges")

AUDIT: tuple[Field, ...] = (
    FILE,
    SCOPE,
    _f("table", "string", "qualified name of the table the column belongs to", nullable=False),
    _f("table_line", "int", "1-based line of the table's CREATE TABLE"),
    _f("column", "string", "column name", nullable=False),
    _f("line", "int", "1-based line of the column's definition"),
    _f("source_dialect", "string", "dialect the table's DDL was read as", nullable=False),
    _f("source_type", "string", "the column's type as declared", nullable=False),
    _f(
        "target",
        "string",
        "audit target (`scan --audit-to`): `mssql`, `ase`, `teradata`, `hirdb`, `postgres`, "
        "`snowflake` or `bigquery`",
        nullable=False,
    ),
    _f("target_type", "string", "the type on the target (written by sqlglot); null if none"),
    _f(
        "mapping",
        "string",
        "`exact`, `widened`, `lossy` or `unsupported` (docs/audit.md)",
        nullable=False,
    ),
    _f(
        "loses",
        "string",
        "what a `lossy` mapping loses, comma-separated (`range`, `precision`, `length`, "
        "`time zone`, `repertoire`, ...); empty otherwise",
        nullable=False,
    ),
    _f("reason", "string", "why the mapping has that class, citing the guide", nullable=False),
)

INDEXES: tuple[Field, ...] = (
    FILE,
    _f("table", "string", "qualified name of the indexed table", nullable=False),
    _f("platform", "string", "platform the index is sized for (`mssql`, ...)", nullable=False),
    _f("index", "string", "index or constraint name (the kind when unnamed)", nullable=False),
    _f(
        "kind",
        "string",
        "`clustered`, `nonclustered`, or another kind listed without figures "
        "(docs/estimators/mssql-indexes.md)",
        nullable=False,
    ),
    _f("unique", "bool", "whether the index is unique", nullable=False),
    _f(
        "source",
        "string",
        "what made the index: `primary key constraint`, `unique constraint`, `create index`, "
        "`clustered`, `index` (docs/decisions.md D107)",
        nullable=False,
    ),
    _f("key_columns", "string", "key columns, comma-separated, in key order", nullable=False),
    _f(
        "included_columns",
        "string",
        "INCLUDE columns, comma-separated; empty if none",
        nullable=False,
    ),
    _f("fill_factor", "int", "fill factor applied to the leaf level (percent)"),
    _f("leaf_row_bytes", "int", "leaf row size (a clustered index: the data row)"),
    _f("leaf_rows_per_page", "int", "leaf rows stored per page after the fill factor"),
    _f("index_row_bytes", "int", "row size of the levels above the leaf"),
    _f("index_rows_per_page", "int", "index rows per page above the leaf"),
    _f("rows", "long", "row count the pages are for (`--rows`); null if none"),
    _f("leaf_pages", "long", "leaf pages; null without a row count"),
    _f("nonleaf_levels", "int", "levels above the leaf; null without a row count"),
    _f("nonleaf_pages", "long", "pages above the leaf; null without a row count"),
    _f("pages", "long", "leaf + non-leaf pages; null without a row count"),
    _f("index_bytes", "long", "bytes of those pages; null without a row count"),
    _f(
        "row_locator",
        "string",
        "a nonclustered index's row locator: `heap RID` or `clustering key`",
    ),
    _f("note", "string", "why an index has no figures, or what they mean; null if nothing to say"),
    _f("line", "int", "1-based line of the statement or constraint that declares the index"),
    _f(
        "dialect",
        "string",
        "dialect the row's `file` was read as (`files.dialect`; partition column)",
    ),
)

#: Datasets a scan writes only when asked: ``audit`` with ``scan --audit-to TARGET``,
#: ``indexes`` (index sizes, :func:`index_rows`) with ``scan --indexes``.
OPTIONAL_DATASETS: dict[str, tuple[Field, ...]] = {"audit": AUDIT, "indexes": INDEXES}

#: The datasets made from one file's result alone (:func:`flatten`); ``findings`` also
#: need the file's scope and the run's selection and suppressions (:func:`finding_rows`).
FILE_DATASETS: tuple[str, ...] = ("files", "tables", "columns", "diagnostics")

#: Type names (upper case, no arguments) that are stored variable-length, and the
#: families that always are; a type counts when either matches.
VARIABLE_LENGTH_NAMES = frozenset(
    {
        "VARCHAR", "NVARCHAR", "VARBINARY", "VARBYTE", "VARGRAPHIC", "LONG VARCHAR",
        "LONG VARGRAPHIC", "CHAR VARYING", "CHARACTER VARYING", "NATIONAL CHAR VARYING",
        "NATIONAL CHARACTER VARYING", "BINARY VARYING", "TEXT", "NTEXT", "IMAGE", "UNITEXT",
        "UNIVARCHAR", "CLOB", "NCLOB", "BLOB", "DBCLOB", "CHARACTER LARGE OBJECT",
        "BINARY LARGE OBJECT", "XML", "JSON", "SQL_VARIANT", "SYSNAME", "MVARCHAR",
        "NVARCHAR2", "VARCHAR2", "HIERARCHYID", "GEOMETRY", "GEOGRAPHY", "ST_GEOMETRY",
        "BLOB LOCATOR",
    }
)  # fmt: skip
VARIABLE_LENGTH_FAMILIES = frozenset(
    {"varchar", "nvarchar", "varbinary", "varbyte", "vargraphic", "clob", "nclob", "blob",
     "json", "xml", "text", "image", "lob", "variant", "spatial"}
)  # fmt: skip


def names(fields: Sequence[Field]) -> tuple[str, ...]:
    """The column names of a dataset, in order."""
    return tuple(f.name for f in fields)


def is_variable_length(column: Column) -> bool:
    """Whether the column's type is stored variable-length (``(MAX)`` always is)."""
    t = column.type
    return t.is_max or t.name in VARIABLE_LENGTH_NAMES or t.family in VARIABLE_LENGTH_FAMILIES


def _span(span: Span | None) -> tuple[int | None, int | None, int | None, int | None]:
    if span is None:
        return (None, None, None, None)
    return (span.line, span.column, span.end_line, span.end_column)


@functools.cache
def _option_defaults() -> tuple[tuple[str, Any, Any], ...]:
    """Each typed option's name, default value and that default as JSON builtins."""
    default = TableOptions()
    return tuple(
        (f.name, getattr(default, f.name), to_dict(getattr(default, f.name)))
        for f in dataclasses.fields(TableOptions)
        if f.name != "extra"
    )


def _options_json(options: TableOptions) -> str:
    # Only non-default options: a default TableOptions becomes "{}", keeping the
    # column small and making "which tables set X" a simple non-null test. An option
    # equal to its default is skipped before converting it (most are).
    out: dict[str, Any] = {}
    for name, default, as_json in _option_defaults():
        value = getattr(options, name)
        if value is default or value == default:
            continue
        converted = to_dict(value)
        if converted != as_json:
            out[name] = converted
    if options.extra:
        out["extra"] = dict(options.extra)
    return dumps(out, indent=None, sort_keys=True)


def _primary_index(table: Table) -> str | None:
    for index in table.indexes:
        if index.kind in ("primary_index", "primary_amp"):
            return ",".join(index.columns)
        if index.kind == "no_primary_index":
            return ""
    return None


def _severity_counts(diagnostics: Sequence[Diagnostic]) -> tuple[int, int, int]:
    errors = sum(1 for d in diagnostics if d.severity == Severity.ERROR)
    warnings = sum(1 for d in diagnostics if d.severity == Severity.WARNING)
    return errors, warnings, len(diagnostics) - errors - warnings


def file_row(result: FileResult, size: int | None = None, millis: int | None = None) -> Row:
    """The ``files`` row of one result, with the file's byte count and analysis time if known."""
    errors, warnings, infos = _severity_counts(result.diagnostics)
    return (
        result.path,
        result.dialect,
        dumps(result.dialect_evidence, indent=None),
        result.encoding,
        result.encoding_evidence,
        size,
        millis,
        result.statements,
        len(result.tables),
        sum(len(t.columns) for t in result.tables),
        len(result.user_types),
        len(result.skipped),
        errors,
        warnings,
        infos,
        errors == 0,
    )


def table_rows(result: FileResult, estimates: Sequence[TableEstimate] = ()) -> list[Row]:
    """One ``tables`` row per table of the result (sizing figures from ``estimates``)."""
    rows: list[Row] = []
    sized = {(e.table, e.dialect): e for e in estimates}
    for t in result.tables:
        pk = t.primary_key
        e = sized.get((t.name, t.dialect))
        rows.append(
            (
                result.path,
                t.dialect,
                result.encoding,
                t.name.catalog,
                t.name.schema,
                t.name.name,
                str(t.name),
                len(t.columns),
                sum(1 for c in t.columns if c.nullable),
                sum(1 for c in t.columns if is_variable_length(c)),
                sum(1 for c in t.columns if c.computed is not None),
                sum(1 for c in t.columns if c.identity is not None),
                ",".join(pk.columns) if pk is not None else None,
                pk.name if pk is not None else None,
                len(t.constraints),
                sum(1 for c in t.constraints if c.kind is ConstraintKind.FOREIGN_KEY),
                len(t.indexes),
                _primary_index(t),
                max((len(i.partitioning) for i in t.indexes), default=0),
                t.options.set_semantics,
                t.options.temporary,
                _options_json(t.options),
                *_span(t.span),
                *(
                    (e.platform, e.row_bytes, e.max_row_bytes, e.row_limit)
                    if e is not None
                    else (None, None, None, None)
                ),
                *(
                    (e.rows_per_page, e.pages, e.table_bytes)
                    if e is not None
                    else (None, None, None)
                ),
                _row_width(t),
            )
        )
    return rows


def column_rows(result: FileResult) -> list[Row]:
    """One ``columns`` row per column of every table of the result."""
    rows: list[Row] = []
    for t in result.tables:
        qualified = str(t.name)
        for c in t.columns:
            ty, ident, comp, cmp = c.type, c.identity, c.computed, c.compression
            rows.append(
                (
                    result.path,
                    t.dialect,
                    t.name.schema,
                    t.name.name,
                    qualified,
                    c.position,
                    c.name,
                    ty.declared,
                    ty.name,
                    ty.family,
                    ty.length,
                    ty.precision,
                    ty.scale,
                    ty.is_max,
                    ty.with_time_zone,
                    is_variable_length(c),
                    c.nullable,
                    c.nullable_explicit,
                    c.default,
                    ident is not None,
                    ident.seed if ident is not None else None,
                    ident.increment if ident is not None else None,
                    comp is not None,
                    comp.persisted if comp is not None else False,
                    comp.expression if comp is not None else None,
                    c.character_set,
                    c.collation,
                    c.case_specific,
                    cmp is not None,
                    len(cmp.values) if cmp is not None else 0,
                    c.sparse,
                    c.filestream,
                    c.rowguidcol,
                    c.user_type,
                    c.derived_from,
                    *_span(c.span),
                    *_storage(c),
                )
            )
    return rows


def _storage(c: Column) -> Row:
    s, w = c.storage, c.ascii_width
    widths = (w.width, w.basis) if w is not None else (None, None)
    if s is None:
        return (None, None, None, None, None, None, None, *widths)
    return (s.platform, s.type, s.category, s.data_length, s.max_length, s.alignment,
            s.presence_bits, *widths)  # fmt: skip


def _row_width(t: Table) -> int | None:
    widths = [c.ascii_width.width for c in t.columns if c.ascii_width is not None]
    return sum(widths) if widths else None


def diagnostic_rows(result: FileResult) -> list[Row]:
    """One ``diagnostics`` row per diagnostic of the result."""
    return [
        (
            result.path,
            result.dialect,
            d.code,
            str(d.severity),
            d.message,
            d.expected,
            *_span(d.span),
            d.source_line,
        )
        for d in result.diagnostics
    ]


def finding_rows(
    findings: Sequence[Finding], dialects: Mapping[str, str | None] | None = None
) -> list[Row]:
    """One ``findings`` row per finding (finished: selected, not suppressed, fingerprinted);
    ``dialects`` maps a file to the dialect it was read as (the ``dialect`` column)."""
    from analyzer.rules import get

    known = dialects or {}
    out: list[Row] = []
    for f in findings:
        rule = get(f.code)
        out.append(
            (
                f.path,
                f.code,
                rule.name if rule is not None else None,
                str(f.severity),
                f.message,
                *_span(f.span),
                f.table,
                f.column,
                f.subject,
                f.bytes,
                f.fingerprint,
                known.get(f.path),
            )
        )
    return out


def graph_rows(
    scope: str,
    schema: Schema,
    position: int = 0,
    dialects: Mapping[str, str | None] | None = None,
) -> tuple[list[Row], list[Row]]:
    """The ``nodes`` and ``edges`` rows of one scope's schema graph (unresolved
    references are edges with ``resolved`` false), in the schema's order; ``dialects``
    maps a file to its dialect (the edges' ``dialect`` column).

    >>> from analyzer.graph import Missing, Node, Schema
    >>> s = Schema((Node("c", "table", "c", "a.sql", 2, "tsql"),),
    ...     (), (Missing("c", "p", "foreign_key", "a.sql", 3),))
    >>> nodes, edges = graph_rows("db", s)
    >>> edges[0][:6]
    ('a.sql', 'db', 'foreign_key', 'c', 'p', False)
    >>> schemas_from_rows(nodes, edges)["db"] == s
    True
    """
    known = dialects or {}
    nodes: list[Row] = [
        (n.file, scope, n.id, n.kind, n.name, n.line, n.dialect, i, position)
        for i, n in enumerate(schema.nodes)
    ]
    edges: list[Row] = [
        (
            e.file,
            scope,
            e.kind,
            e.source,
            e.target,
            True,
            json.dumps(list(e.columns)),
            json.dumps(list(e.ref_columns)),
            e.name,
            e.line,
            e.optional,
            i,
            position,
            known.get(e.file),
        )
        for i, e in enumerate(schema.edges)
    ]
    first = len(edges)
    edges.extend(
        (
            m.file,
            scope,
            m.kind,
            m.source,
            m.target,
            False,
            "[]",
            "[]",
            None,
            m.line,
            False,
            i,
            position,
            known.get(m.file),
        )
        for i, m in enumerate(schema.missing, first)
    )
    return nodes, edges


def schemas_from_rows(
    nodes: Iterable[Sequence[Any]], edges: Iterable[Sequence[Any]]
) -> dict[str, Schema]:
    """Each scope's :class:`~analyzer.graph.Schema` from ``nodes`` and ``edges`` rows
    (tuples in dataset order, or Spark ``Row`` objects, in any order): the graph of a
    scanned repository, with no file read again, the scopes in listing order
    (``scope_ordinal``), each one's rows in ``ordinal`` order; spans are not in the
    datasets (``span`` is None), lines and files are."""
    from analyzer.graph import Edge, Missing, Node, Schema

    found: dict[str, _Parts] = {}
    positions: dict[str, int] = {}
    for file, scope, id_, kind, name, line, dialect, ordinal, position in nodes:
        positions[scope] = position
        found.setdefault(scope, ([], [], []))[0].append(
            (ordinal, Node(id_, kind, name, file, line, dialect))
        )
    for row in edges:
        (file, scope, kind, source, target, resolved, cols, refs, name, line, optional) = row[:11]
        ordinal, positions[scope] = row[11], row[12]
        parts = found.setdefault(scope, ([], [], []))
        if resolved:
            edge = Edge(
                source,
                target,
                kind,
                tuple(json.loads(cols or "[]")),
                tuple(json.loads(refs or "[]")),
                name,
                file,
                line,
                None,
                bool(optional),
            )
            parts[1].append((ordinal, edge))
        else:
            parts[2].append((ordinal, Missing(source, target, kind, file, line)))
    return {
        scope: Schema(_in_order(n), _in_order(e), _in_order(m))
        for scope, (n, e, m) in sorted(found.items(), key=lambda i: (positions[i[0]], i[0]))
    }


def _in_order(items: list[tuple[int, T]]) -> tuple[T, ...]:
    return tuple(item for _, item in sorted(items, key=lambda p: p[0]))


def audit_rows(
    results: Sequence[FileResult],
    target: str,
    sizing: Any,
    scope: str = "",
    settings: Any = None,
) -> list[Row]:
    """The ``audit`` rows of ``results`` (one scope's checked files, in listing order):
    one per column of every table, as ``ddlaudit audit --to target`` audits them (with
    the run's ``[audit]`` ``settings``: orderings and default collations)."""
    from analyzer.audit import audit

    report = audit(results, target, sizing, settings, scopes={r.path: scope for r in results})
    return [
        (
            tb.path,
            tb.scope,
            tb.table,
            tb.line,
            c.name,
            c.line,
            tb.source_dialect,
            c.source_type,
            target,
            c.target_type,
            c.mapping,
            ", ".join(c.loses),
            c.reason,
        )
        for tb in report.tables
        for c in tb.columns
    ]


def index_rows(estimates: Sequence[IndexEstimate], dialect: str | None = None) -> list[Row]:
    """The ``indexes`` rows: one per index estimate (``size --indexes``), in order;
    ``dialect``: the file's (the partition column)."""
    out: list[Row] = []
    for e in estimates:
        out.append(
            (
                e.path,
                ".".join(p for p in (e.table.catalog, e.table.schema, e.table.name) if p),
                e.platform,
                e.index,
                e.kind,
                e.unique,
                e.source,
                ", ".join(e.columns),
                ", ".join(e.included),
                e.fill_factor,
                e.leaf_row_bytes,
                e.leaf_rows_per_page,
                e.index_row_bytes,
                e.index_rows_per_page,
                e.rows,
                e.leaf_pages,
                e.nonleaf_levels,
                e.nonleaf_pages,
                e.pages,
                e.index_bytes,
                e.row_locator,
                e.note,
                e.span.line if e.span is not None else None,
                dialect,
            )
        )
    return out


def flatten(
    result: FileResult,
    size: int | None = None,
    millis: int | None = None,
    estimates: Sequence[TableEstimate] = (),
) -> dict[str, list[Row]]:
    """All rows of one result, by dataset name (:data:`FILE_DATASETS`)."""
    return {
        "files": [file_row(result, size, millis)],
        "tables": table_rows(result, estimates),
        "columns": column_rows(result),
        "diagnostics": diagnostic_rows(result),
    }


def check_row(dataset: str, row: Row) -> None:
    """Raise ``ValueError`` unless ``row`` fits the dataset (arity, types, nullability).

    >>> check_row("diagnostics", ("a.sql", None, "D001", "error", "bad", *[None] * 6))
    >>> check_row("diagnostics", (None, None, "D001", "error", "bad", *[None] * 6))
    Traceback (most recent call last):
    ...
    ValueError: diagnostics.file: null in a non-nullable field
    """
    fields = {**DATASETS, **SCOPE_DATASETS, **OPTIONAL_DATASETS}[dataset]
    if len(row) != len(fields):
        raise ValueError(f"{dataset}: row has {len(row)} values for {len(fields)} fields")
    for field, value in zip(fields, row, strict=True):
        where = f"{dataset}.{field.name}"
        if value is None:
            if not field.nullable:
                raise ValueError(f"{where}: null in a non-nullable field")
            continue
        # Exact type: bool is a subclass of int, and neither may stand for the other.
        if type(value) is not PY_TYPES[field.type]:
            raise ValueError(f"{where}: {type(value).__name__} where {field.type} expected")
        bounds = INT_RANGES.get(field.type)
        if bounds is not None and not bounds[0] <= value <= bounds[1]:  # type: ignore[operator]
            raise ValueError(f"{where}: {value} out of range for {field.type}")


def markdown_table(fields: Sequence[Field]) -> str:
    """The Markdown table documenting a dataset (embedded in docs/output-schema.md)."""
    lines = ["| column | type | nullable | meaning |", "|---|---|---|---|"]
    for f in fields:
        lines.append(f"| `{f.name}` | {f.type} | {'yes' if f.nullable else 'no'} | {f.doc} |")
    return "\n".join(lines)


# --------------------------------------------------------------------------- replication

REPLICATION: tuple[Field, ...] = (
    FILE,
    SCOPE,
    _f("line", "int", "1-based line of the definition, article or table (null when unknown)"),
    _f(
        "system",
        "string",
        "`repserver` (Replication Server), `mssql` (SQL Server transactional replication) "
        "or `sql_remote` (SQL Remote)",
        nullable=False,
    ),
    _f(
        "kind",
        "string",
        "`table` or `function` (a replication definition or a replicated table), "
        "`article` (SQL Server, SQL Remote)",
        nullable=False,
    ),
    _f("object", "string", "qualified table name, or the function's name", nullable=False),
    _f(
        "definition",
        "string",
        "replication definition (repserver) or publication (mssql, sql_remote); null when "
        "the table replicates without one (mssql: every table is sized as an article, D67)",
    ),
    _f("primary_database", "string", "primary database of the definition, if given"),
    _f(
        "subscriptions",
        "string",
        "JSON array of the replicate sites subscribing to the definition (repserver; `[]` "
        "when none in the input); null for the other systems",
    ),
    _f(
        "num_sites",
        "int",
        "NumSites of the message (repserver, D104) or subscribers (sql_remote); null for mssql",
    ),
    _f(
        "operation",
        "string",
        "`insert`, `update`, `delete`, or `function` (a function replication definition)",
        nullable=False,
    ),
    _f(
        "variant",
        "string",
        "the form the definition uses: repserver `all columns`, `minimal`, `precise`; mssql "
        "the command syntax (`CALL`, `SCALL`, `XCALL`, `SQL`); sql_remote `row image`",
        nullable=False,
    ),
    _f(
        "bytes",
        "long",
        "bytes of one such message: repserver outbound message, mssql command, sql_remote "
        "log bytes per operation",
        nullable=False,
    ),
    _f("inbound_bytes", "long", "repserver: inbound queue message bytes"),
    _f("outbound_bytes", "long", "repserver: outbound queue message bytes"),
    _f("command_rows", "int", "mssql: rows of `MSrepl_commands` one command takes"),
    _f(
        "dialect",
        "string",
        "dialect the row's `file` was read as (`files.dialect`; partition column)",
    ),
)

#: Datasets made per scope besides ``findings`` and the graph (``ddlaudit replication``'s
#: figures): always written by ``scan``; see docs/output-schema.md.
SCOPE_DATASETS: dict[str, tuple[Field, ...]] = {"replication": REPLICATION}

#: The column each dataset ``scan`` writes is partitioned by (Hive-style directories,
#: ``OUT/tables/dialect=tsql/``; a null value is ``__HIVE_DEFAULT_PARTITION__``): the
#: dialect of the row's file.  A partitioned dataset read back with
#: ``spark.read.parquet`` has that column last: read columns by name
#: (:func:`read_order`), not by position.  docs/output-schema.md, D112.
PARTITION_COLUMNS: dict[str, str] = {
    **{name: "dialect" for name in (*DATASETS, *SCOPE_DATASETS)},
    "audit": "source_dialect",
    "indexes": "dialect",
}


def read_order(dataset: str) -> tuple[str, ...]:
    """The declared column names of a written dataset: what a reader selects to get its
    rows in schema order whatever order the partitioned files give them back in."""
    return names({**DATASETS, **SCOPE_DATASETS, **OPTIONAL_DATASETS}[dataset])


def replication_rows(
    scope: str,
    tables: Sequence[Any],
    functions: Sequence[Any] = (),
    articles: Sequence[Any] = (),
    logs: Sequence[Any] = (),
    dialects: Mapping[str, str | None] | None = None,
) -> list[Row]:
    """The ``replication`` rows of one scope, as ``ddlaudit replication`` computes them:
    Replication Server table messages (:class:`analyzer.estimators.repserver.TableMessages`,
    the variant the definition uses per operation, Design Guide "Message Sizes"), function
    messages, SQL Server article commands (the syntax the article uses per operation) and
    SQL Remote log bytes per operation; ``dialects`` maps a file to its dialect."""
    known = dialects or {}
    out: list[Row] = []
    for m in tables:
        line = m.span.line if m.span is not None else None
        subs = dumps(m.subscribed, indent=None)
        for op in ("insert", "update", "delete"):
            msg = m.used(op)
            out.append(
                (m.path, scope, line, "repserver", "table", _qualified(m.table), m.definition,
                 m.primary_database, subs, m.num_sites, op, msg.variant, msg.outbound,
                 msg.inbound, msg.outbound, None, known.get(m.path))
            )  # fmt: skip
    for f in functions:
        line = f.span.line if f.span is not None else None
        subs = dumps(f.subscribed, indent=None)
        msg = f.message
        out.append(
            (f.path, scope, line, "repserver", "function", f.name, f.name, f.primary_database,
             subs, f.num_sites, "function", msg.variant, msg.outbound, msg.inbound,
             msg.outbound, None, known.get(f.path))
        )  # fmt: skip
    for a in articles:
        line = a.span.line if a.span is not None else None
        for op in ("insert", "update", "delete"):
            cmd = a.used(op)
            out.append(
                (a.path, scope, line, "mssql", "article", _qualified(a.table), a.publication,
                 None, None, None, op, cmd.syntax, cmd.command_bytes, None, None, cmd.rows,
                 known.get(a.path))
            )  # fmt: skip
    for log in logs:
        line = log.span.line if log.span is not None else None
        for op, size in log.bytes_per_operation:
            out.append(
                (log.path, scope, line, "sql_remote", "article", _qualified(log.table),
                 log.publication, None, None, log.subscribers, op, "row image", size,
                 None, None, None, known.get(log.path))
            )  # fmt: skip
    return out


def _qualified(name: Any) -> str:
    # ``[catalog.][schema.]name``, as ``ddlaudit replication`` prints a table.
    return str(name)
