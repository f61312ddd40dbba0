"""Schema rules (``C``): definitions that contradict themselves or each other.

>>> from analyzer.core import analyze_bytes
>>> from analyzer.rules.engine import FileContext
>>> r = analyze_bytes("t.sql", b"CREATE TABLE t (a int, b int, A char(1))")
>>> [(f.code, f.column, f.line) for f in duplicate_column(FileContext(r))]
[('C001', 'A', 1)]
"""

from __future__ import annotations

from collections.abc import Iterator

from analyzer.ir import Severity
from analyzer.rules.engine import FileContext, ScopeContext
from analyzer.rules.registry import Family, Finding, Rule

FAMILY = Family("C", "schema", "Definitions that contradict themselves or each other.")


def duplicate_column(ctx: FileContext) -> Iterator[Finding]:
    """Every column whose name an earlier column of its table already has."""
    for table in ctx.result.tables:
        seen: dict[str, int] = {}
        for column in table.columns:
            key = column.name.lower()
            if key in seen:
                first = table.columns[seen[key]]
                yield DUPLICATE_COLUMN.finding(
                    f"column {column.name} of {table.name} is already declared at "
                    f"position {first.position}",
                    ctx.path,
                    span=column.span,
                    table=table,
                    subject=f"{table.name}/{column.name}#{column.position}",
                    column=column,
                    related=(first.span,) if first.span is not None else (),
                )
            else:
                seen[key] = column.position - 1


def duplicate_table(ctx: ScopeContext) -> Iterator[Finding]:
    """Every definition of a table after the first of the same name in one scope."""
    for key, defined in ctx.tables.items():
        if key.startswith("\0") or len(defined) < 2:
            continue
        (first_file, first), *others = defined
        where = f"{first_file.path}:{first.span.line}" if first.span else first_file.path
        for result, table in others:
            yield DUPLICATE_TABLE.finding(
                f"table {table.name} is already defined in this scope ({where}); ddlaudit "
                "checks references against the first definition",
                result.path,
                span=table.span,
                table=table,
                related=(first.span,) if first.span is not None else (),
            )


DUPLICATE_COLUMN = Rule(
    "C001",
    "duplicate-column",
    "schema",
    Severity.ERROR,
    "a table declares the same column name twice",
    what="Reports a column whose name (compared case-insensitively) an earlier column of "
    "the same CREATE TABLE already has.",
    why='Every platform rejects the statement (SQL Server Msg 2705 "Column names in each '
    'table must be unique", ASE Msg 2705, Teradata error 3560, HiRDB KFPA11xxx), so the '
    "deployment fails; when the script is generated, the second column usually hides a "
    "copy-and-paste error in the column list.",
    example="CREATE TABLE orders (\n    id int NOT NULL,\n    total money NULL,\n"
    "    ID int NULL\n)",
    fix="Rename or remove the second column:\n\nCREATE TABLE orders (\n    id int NOT NULL,\n"
    "    total money NULL,\n    customer_id int NULL\n)",
    references=(
        'SQL Server: CREATE TABLE (Transact-SQL), column_name: "Column names must be '
        'unique within a table"',
        "Teradata SQL Data Definition Language, CREATE TABLE: column names",
    ),
    check=duplicate_column,
)

DUPLICATE_TABLE = Rule(
    "C002",
    "duplicate-table",
    "schema",
    Severity.WARNING,
    "a table is defined twice in one scope",
    what="Reports every CREATE TABLE of a name (schema-qualified, case-insensitive) that an "
    "earlier file or statement of the same scope already defines. The scope is one PATH "
    "argument: the files that form one database.",
    why='The second CREATE TABLE fails on deployment (SQL Server Msg 2714 "There is '
    'already an object named ... in the database"), or, when a script drops and re-creates '
    "it, one of the two definitions is dead and reviewers read the wrong one. ddlaudit "
    "resolves references against the first definition, in path order, and never merges "
    "the two.",
    example="-- a.sql\nCREATE TABLE dbo.customer (id int NOT NULL PRIMARY KEY)\n"
    "-- b.sql\nCREATE TABLE dbo.customer (id int NOT NULL PRIMARY KEY, name varchar(40))",
    fix="Keep one definition per scope (change it in place, or ALTER TABLE in a later "
    "migration), or lint each database's folder as its own PATH argument.",
    references=("SQL Server: Msg 2714; Sybase ASE: Msg 2714",),
    check=duplicate_table,
    level="scope",
)

RULES: tuple[Rule, ...] = (DUPLICATE_COLUMN, DUPLICATE_TABLE)
