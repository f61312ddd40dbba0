"""Type rules (``T``): column types that are unknown, or that the target platform deprecates.

``T001`` is reported by the ``resolve_user_types`` pass.  ``T002`` and ``T003`` are
lint checks of SQL Server's deprecated types: ``text`` / ``ntext`` / ``image``
("ntext, text, and image (Transact-SQL)") and the ``timestamp`` synonym of rowversion
("rowversion (Transact-SQL)").  They apply to a table checked for SQL Server
(``--platform mssql``, or a tsql table without ``--platform``).  Sybase ASE deprecates
none of these: its Reference Manual: Building Blocks documents text, image and unitext,
and ``timestamp``, without a deprecation notice, so ASE has no such rule.

>>> from analyzer.core import analyze_bytes
>>> from analyzer.rules.engine import FileContext
>>> r = analyze_bytes("t.sql", b"CREATE TABLE t (a int, b ntext, c timestamp)")
>>> [(f.code, f.column, f.span.column) for f in deprecated_lob_type(FileContext(r))]
[('T002', 'b', 24)]
>>> [(f.code, f.column) for f in deprecated_timestamp_synonym(FileContext(r))]
[('T003', 'c')]
"""

from __future__ import annotations

from collections.abc import Iterator

from analyzer.ir import Column, Severity, Table
from analyzer.rules.engine import FileContext
from analyzer.rules.registry import Family, Finding, Rule

FAMILY = Family(
    "T",
    "types",
    "Column types: types that are not defined anywhere, and types the platform deprecates.",
)

#: Dialects whose ``text`` / ``image`` / ``timestamp`` are SQL Server's: the T-SQL family.
#: Teradata's and HiRDB's TIMESTAMP is a date and time, and neither has text or image.
_TSQL_FAMILY = frozenset({"tsql", "sybase"})

#: Deprecated SQL Server LOB types (IR ``DataType.name``) and their replacements
#: ("ntext, text, and image (Transact-SQL)"; national text is ntext's ISO synonym).
_LOB_REPLACEMENTS: dict[str, str] = {
    "TEXT": "varchar(max)",
    "NTEXT": "nvarchar(max)",
    "NATIONAL TEXT": "nvarchar(max)",
    "IMAGE": "varbinary(max)",
}


def _mssql_columns(ctx: FileContext) -> Iterator[tuple[Table, Column]]:
    """Every column of a T-SQL-family table that is checked for SQL Server."""
    for table in ctx.result.tables:
        if table.dialect in _TSQL_FAMILY and ctx.platform(table) == "mssql":
            for column in table.columns:
                yield table, column


def _through(column: Column) -> str:
    # the fix belongs in the alias type's definition, not in the column
    return f" (through alias type {column.user_type})" if column.user_type else ""


def deprecated_lob_type(ctx: FileContext) -> Iterator[Finding]:
    """Every text, ntext or image column of a table checked for SQL Server."""
    for table, column in _mssql_columns(ctx):
        replacement = _LOB_REPLACEMENTS.get(column.type.name)
        if replacement is None:
            continue
        declared = column.type.name.lower()
        yield DEPRECATED_LOB_TYPE.finding(
            f"column {column.name} of {table.name} is {declared}{_through(column)}, which "
            f"SQL Server deprecates; use {replacement}",
            ctx.path,
            span=column.span,
            table=table,
            column=column,
        )


def deprecated_timestamp_synonym(ctx: FileContext) -> Iterator[Finding]:
    """Every column declared ``timestamp`` (rowversion's synonym) checked for SQL Server."""
    for table, column in _mssql_columns(ctx):
        # family "rowversion": T-SQL's timestamp, never an ISO date and time
        if column.type.family != "rowversion" or column.type.name != "TIMESTAMP":
            continue
        yield DEPRECATED_TIMESTAMP_SYNONYM.finding(
            f"column {column.name} of {table.name} is timestamp{_through(column)}, the "
            "deprecated synonym of rowversion; declare it rowversion",
            ctx.path,
            span=column.span,
            table=table,
            column=column,
        )


UNRESOLVED_TYPE = Rule(
    "T001",
    "unresolved-type",
    "types",
    Severity.WARNING,
    "a column's type is not built in and is not defined in the input",
    what="Reports a column whose type is neither built into its dialect nor defined in "
    "the input: no `CREATE TYPE` (SQL Server, Teradata, HiRDB) or `sp_addtype` (ASE, SQL "
    "Server) of that name in any file of the run. The column stays in its table with the "
    "declared type; its size is unknown.",
    why="The column's size, and so the row's and the table's, is unknown: estimates leave "
    "it out and the row-limit checks (S002, S010, S015, S030) can miss a row that is too "
    "wide. On deployment CREATE TABLE fails unless the type is created first (SQL Server "
    'Msg 2715 "Cannot find data type", ASE Msg 2715 "Can\'t find type").',
    example="CREATE TABLE [dbo].[orders] (\n    id int NOT NULL,\n    status order_status NULL\n)",
    fix="Put the file that defines the type in the same run (types resolve across the "
    "files of one run), or define it before the table:\n\n"
    "CREATE TYPE [dbo].[order_status] FROM varchar(10) NULL\nGO\n\n"
    "CREATE TABLE [dbo].[orders] (\n    id int NOT NULL,\n    status order_status NULL\n)",
    references=(
        "SQL Server: CREATE TYPE (Transact-SQL)",
        "Sybase ASE Reference Manual: Procedures, sp_addtype",
        "ddlaudit docs/decisions.md: D6 (Alias types across files), D24 (Abstract data types)",
    ),
    reported_by="resolve_user_types pass",
)

DEPRECATED_LOB_TYPE = Rule(
    "T002",
    "deprecated-lob-type",
    "types",
    Severity.WARNING,
    "a SQL Server column is text, ntext or image, which SQL Server deprecates",
    what="Reports a column declared `text`, `ntext` (or its ISO synonym `national text`) or "
    "`image`, directly or through an alias type, in a table checked for SQL Server (a tsql "
    "table, or a sybase one with `--platform mssql`). The message names the replacement: "
    "varchar(max), nvarchar(max) or varbinary(max). Sybase ASE does not deprecate text, "
    "image or unitext (its Reference Manual: Building Blocks describes them with no "
    "deprecation notice), so a table checked for ASE is not reported; Teradata and HiRDB "
    "have no such types.",
    why='"The ntext, text, and image data types will be removed in a future version of '
    "SQL Server. Avoid using these data types in new development work, and plan to modify "
    "applications that currently use them. Use nvarchar(max), varchar(max), and "
    'varbinary(max) instead." Partial reads and writes of the old types go through '
    "READTEXT, WRITETEXT, UPDATETEXT and TEXTPTR, deprecated with them; most string "
    "functions and comparisons refuse them; and their values live off the row by default, "
    "behind a 16-byte text pointer, where a (max) value of up to 8,000 bytes stays in the "
    "row (D41).",
    example="CREATE TABLE [dbo].[documents] (\n    id int NOT NULL,\n    title text NULL,\n"
    "    body ntext NULL,\n    scan image NULL\n)",
    fix="Declare the (max) type; an existing column converts in place with ALTER TABLE "
    "... ALTER COLUMN:\n\n"
    "CREATE TABLE [dbo].[documents] (\n    id int NOT NULL,\n    title varchar(max) NULL,\n"
    "    body nvarchar(max) NULL,\n    scan varbinary(max) NULL\n)",
    references=(
        'SQL Server: ntext, text, and image (Transact-SQL), "Important" note',
        "SQL Server: Deprecated Database Engine features (text, ntext and image data types)",
        'SAP ASE Reference Manual: Building Blocks 16.0, "text, image, and unitext '
        'Datatypes" (not deprecated: no ASE rule)',
        "ddlaudit docs/decisions.md: D40 (Other dialects' types on SQL Server), D41",
    ),
    platforms=("mssql",),
    check=deprecated_lob_type,
)

DEPRECATED_TIMESTAMP_SYNONYM = Rule(
    "T003",
    "deprecated-timestamp-synonym",
    "types",
    Severity.WARNING,
    "a SQL Server column is timestamp, the deprecated synonym of rowversion",
    what="Reports a column declared `timestamp` (including the column SQL Server makes of "
    "a bare `timestamp` in the column list) in a table checked for SQL Server (a tsql "
    "table, or a sybase one with `--platform mssql`). In T-SQL, `timestamp` is no date and "
    "time but an 8-byte row version counter. Teradata and HiRDB TIMESTAMP columns, dates "
    "and times, are not concerned; nor are tables checked for Sybase ASE, where "
    "`timestamp` is current and rowversion does not exist.",
    why='"timestamp is the synonym for the rowversion data type and is subject to the '
    "behavior of data type synonyms. In DDL statements, use rowversion instead of "
    'timestamp wherever possible." and "The timestamp syntax is deprecated. This feature '
    'will be removed in a future version of SQL Server." The name also misleads readers '
    "and migration tools: an ISO SQL (or Teradata, or HiRDB) TIMESTAMP is a date and time.",
    example="CREATE TABLE [dbo].[orders] (\n    id int NOT NULL,\n"
    "    row_ver timestamp NOT NULL\n)",
    fix="Declare rowversion (it needs a column name, which a bare `timestamp` does not):"
    "\n\nCREATE TABLE [dbo].[orders] (\n    id int NOT NULL,\n"
    "    row_ver rowversion NOT NULL\n)",
    references=(
        "SQL Server: rowversion (Transact-SQL), Remarks",
        "SQL Server: Deprecated Database Engine features (timestamp syntax)",
        'SAP ASE Reference Manual: Building Blocks, "timestamp datatype" (a user-defined '
        "varbinary(8) datatype, not deprecated: no ASE rule)",
    ),
    platforms=("mssql",),
    check=deprecated_timestamp_synonym,
)

RULES: tuple[Rule, ...] = (UNRESOLVED_TYPE, DEPRECATED_LOB_TYPE, DEPRECATED_TIMESTAMP_SYNONYM)
