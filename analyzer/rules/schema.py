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
from analyzer.names import Redefinition
from analyzer.rules.engine import FileContext, ScopeContext
from analyzer.rules.registry import Family, Finding, Rule

FAMILY = Family("C", "schema", "Definitions that contradict themselves or each other.")


#: Platforms whose identifiers compare case-sensitively by default: ASE's default sort
#: order is binary, and identifiers follow the sort order (ASE Reference Manual: Building
#: Blocks, "Identifiers"; System Administration Guide, "Configuring Character Sets, Sort
#: Orders, and Languages"). SQL Server's default collations are case-insensitive.
CASE_SENSITIVE_NAMES = frozenset({"ase"})


def duplicate_column(ctx: FileContext) -> Iterator[Finding]:
    """Every column whose name an earlier column of its table already has (compared as the
    platform compares identifiers by default: :data:`CASE_SENSITIVE_NAMES`)."""
    for table in ctx.result.tables:
        seen: dict[str, int] = {}
        exact = ctx.platform(table) in CASE_SENSITIVE_NAMES
        for column in table.columns:
            key = column.name if exact else column.name.lower()
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
    """Every CREATE TABLE of a name its scope defines already, replayed as a deployment
    runs the scope's files (a DROP TABLE between the two is a redefinition, not a
    duplicate; D168): one finding per table within a file, one per pair of files."""
    tables = {
        (r.path, t.span.start): (r, t) for r in ctx.results for t in r.tables if t.span is not None
    }
    pairs: dict[tuple[str, str], list[Redefinition]] = {}
    for red in ctx.redefinitions:
        pairs.setdefault((red.first_path, red.path), []).append(red)
    for (first_path, path), reds in pairs.items():
        found = tables.get((path, reds[0].start))
        earlier = tables.get((first_path, reds[0].first_start))
        if found is None or earlier is None:
            continue
        _, table = found
        first = earlier[1]
        if first_path == path:
            for red in reds:
                here, there = tables.get((path, red.start)), tables.get((path, red.first_start))
                if here is None or there is None:
                    continue
                line = there[1].span.line if there[1].span is not None else 0
                yield DUPLICATE_TABLE.finding(
                    f"table {here[1].name} is already defined in this file (line {line}) and "
                    "not dropped since: the second CREATE TABLE fails (Msg 2714)",
                    path,
                    span=here[1].span,
                    table=here[1],
                    related=(there[1].span,) if there[1].span is not None else (),
                )
            continue
        names = ", ".join(
            str(tables[(path, r.start)][1].name) for r in reds[:5] if (path, r.start) in tables
        )
        more = f", and {len(reds) - 5} more" if len(reds) > 5 else ""
        count = f"{len(reds)} tables" if len(reds) > 1 else "a table"
        if all(r.same for r in reds):
            message = (
                f"{path} defines {count} as {first_path} does ({names}{more}): deployed "
                "together the second CREATE TABLE fails; two copies of one database? mark "
                "each folder with a ddlaudit.toml"
            )
        else:
            message = (
                f"{first_path} and {path} define {count} differently ({names}{more}): two "
                "databases? mark each folder with a ddlaudit.toml; until then their files are "
                "not linked to each other"
            )
        yield DUPLICATE_TABLE.finding(
            message,
            path,
            span=table.span,
            table=table,
            subject=f"{first_path}|{path}",
            related=(first.span,) if first.span is not None else (),
        )


DUPLICATE_COLUMN = Rule(
    "C001",
    "duplicate-column",
    "schema",
    Severity.ERROR,
    "a table declares the same column name twice",
    what="Reports a column whose name an earlier column of the same CREATE TABLE already "
    "has, compared as the platform compares identifiers by default: case-insensitively, "
    'but case-sensitively on ASE, whose default (binary) sort order makes `"Cs_Data1"` '
    'and `"cs_data1"` two names (a server installed with a case-insensitive sort order '
    "refuses them).",
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
    what="Reports a CREATE TABLE of a name (read with its database and default schema, "
    "case-insensitive) that an earlier statement of the same scope defines and no DROP "
    "TABLE or rename has removed since, replaying the scope's files in order as a "
    "deployment runs them: once per table within a file, once per pair of files (the "
    "tables they both define, counted). The scope is the files that form one database "
    "(docs/lint.md, Scopes).",
    why='The second CREATE TABLE fails on deployment (SQL Server Msg 2714 "There is '
    'already an object named ... in the database"), or, when a script drops and re-creates '
    "it, one of the two definitions is dead and reviewers read the wrong one. Two files "
    "that define tables differently are usually two databases in one folder tree: their "
    "files are not linked to each other, and a reference resolves to the nearest "
    "definition (the same file, then the same directory).",
    example="-- a.sql\nCREATE TABLE dbo.customer (id int NOT NULL PRIMARY KEY)\n"
    "-- b.sql\nCREATE TABLE dbo.customer (id int NOT NULL PRIMARY KEY, name varchar(40))",
    fix="Keep one definition per scope (change it in place, or ALTER TABLE in a later "
    "migration), or lint each database's folder as its own PATH argument.",
    references=("SQL Server: Msg 2714; Sybase ASE: Msg 2714",),
    check=duplicate_table,
    level="scope",
)

RULES: tuple[Rule, ...] = (DUPLICATE_COLUMN, DUPLICATE_TABLE)
