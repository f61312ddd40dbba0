"""Syntax rules (``P``): statements the grammars cannot read, and the dialect they are read in.

All are reported by the parsing stage (:mod:`analyzer.detect` chooses the dialect,
:mod:`analyzer.parse` parses a statement, :mod:`analyzer.build` lowers it to the IR);
none has a check of its own.  What each grammar reads is in docs/grammars.md, how the
dialect is chosen in docs/decisions.md D4.

>>> [r.code for r in RULES]
['P001', 'P002', 'P003', 'P004', 'P005', 'P006', 'P007', 'P008', 'P009', 'P010', 'P900']
"""

from __future__ import annotations

from analyzer.ir import Severity
from analyzer.rules.registry import Family, Rule

FAMILY = Family(
    "P",
    "syntax",
    "Parsing: statements the grammars cannot read or represent, and the dialect files are read in.",
)

SYNTAX_ERROR = Rule(
    "P001",
    "syntax-error",
    "syntax",
    Severity.ERROR,
    "the statement does not parse",
    what="Reports a statement that does not parse in its file's dialect. The finding "
    "points at the token where parsing failed and says what was expected there. The "
    "statement is left out of the results; the other statements of the file are analysed.",
    why='The platform rejects the statement too (SQL Server and ASE Msg 102 "Incorrect '
    'syntax near ...", Teradata 3706 "Syntax error"), so the deployment script stops or '
    "skips it. Either way the table is missing from ddlaudit's results: its size, its "
    "columns and every reference to it go unchecked. When the statement does run on the "
    "platform, the file is probably read in the wrong dialect (P003) or the grammar lacks "
    "the syntax (docs/grammars.md).",
    example="CREATE TABLE [dbo].[orders] (\n    id int NOT NULL\n    total money NULL\n)",
    fix="Correct the statement (here, the comma missing after the first column):\n\n"
    "CREATE TABLE [dbo].[orders] (\n    id int NOT NULL,\n    total money NULL\n)",
    references=(
        "SQL Server: Database engine error 102, \"Incorrect syntax near '%.*ls'\"",
        'Teradata Messages: 3706, "Syntax error: %VSTR"',
        "ddlaudit docs/grammars.md (what each grammar reads beyond sqlglot)",
    ),
    reported_by="parse",
)

UNSUPPORTED_SYNTAX = Rule(
    "P002",
    "unsupported-syntax",
    "syntax",
    Severity.ERROR,
    "the grammar does not understand part of the statement",
    what="Reports a statement of a kind ddlaudit analyses (CREATE TABLE, CREATE TYPE, "
    "replication statements) on which the grammar gave up without a syntax error: sqlglot "
    "fell back to an opaque `Command`. The finding points at the first token the grammar "
    "could not use; the statement is left out of the results.",
    why="The statement may well be valid on the platform: this is a gap in ddlaudit's "
    "grammar, not necessarily an error in the DDL. But what the statement defines is "
    "missing from the results: a type whose columns then get T001 and no size, a table "
    "that is neither sized nor checked.",
    example="CREATE TYPE euro AS DECIMAL(8, 2) FINAL;",
    fix="When the statement is valid, report it to ddlaudit and suppress the finding for "
    "that statement meanwhile; otherwise correct it. Declaring the column with the "
    "type's base type is read:\n\n"
    "CREATE MULTISET TABLE sales.prices (\n    item_id INTEGER NOT NULL,\n"
    "    amount DECIMAL(8, 2)\n) PRIMARY INDEX (item_id);",
    references=(
        "Teradata SQL Data Definition Language: CREATE TYPE (Distinct Form)",
        "sqlglot: Parser._warn_unsupported (\"Falling back to parsing as a 'Command'\")",
        "ddlaudit docs/decisions.md: D1 (how the grammars extend sqlglot)",
    ),
    reported_by="parse",
    dialect="teradata",
)

DIALECT_FALLBACK = Rule(
    "P003",
    "dialect-fallback",
    "syntax",
    Severity.WARNING,
    "no dialect was given or detected; the fallback was used",
    what="Reports a file for which no dialect was given (`--dialect`), mapped (a "
    "`[dialects]` glob in ddlaudit.toml) or detected: its first 16 KiB (256 KiB when those "
    "hold none) show no dialect-specific syntax. It is read as T-SQL. The finding points at "
    "line 1.",
    why="The dialect decides the grammar, the type names, the default nullability (NULL "
    "on SQL Server, NOT NULL on ASE: D3) and the platform a table is sized for. A Sybase, "
    "Teradata or HiRDB script read as T-SQL may still parse and be analysed wrongly: an "
    "ASE column written without NULL comes out nullable, a HiRDB table is sized as a SQL "
    "Server one.",
    example="CREATE TABLE orders (\n    id int NOT NULL,\n    total decimal(12, 2) NULL\n)",
    fix="Say which dialect: `--dialect sybase`, or a `[dialects]` glob for the folder in "
    'ddlaudit.toml (`"ase/**" = "sybase"`); or let the script show it, as a generated '
    "T-SQL script does with its `GO` separators and `[dbo].` names:\n\n"
    "CREATE TABLE [dbo].[orders] (\n    id int NOT NULL,\n    total decimal(12, 2) NULL\n)\nGO",
    references=("ddlaudit docs/decisions.md: D4 (Dialect choice), D3 (Default nullability)",),
    reported_by="detect",
)

UNKNOWN_DIALECT = Rule(
    "P004",
    "unknown-dialect",
    "syntax",
    Severity.ERROR,
    "the dialect named is not one ddlaudit reads",
    what="Reports a file whose dialect, chosen by the caller, is not one ddlaudit has a "
    "grammar for (`ddlaudit dialects` lists them: hirdb, sybase, teradata, tsql). Nothing "
    "in the file is analysed. The command line and ddlaudit.toml reject an unknown name "
    "before reading any file (exit status 2), so only a program calling the library with "
    "`Options(dialect=...)` meets this finding.",
    why="Without a grammar nothing in the file can be parsed: every table in it is "
    "missing from the results.",
    example='-- read through the library with Options(dialect="mssql"), a platform\n'
    "-- name, not a dialect\nCREATE TABLE [dbo].[orders] (\n    id int NOT NULL\n)",
    fix="Name a dialect ddlaudit reads (tsql for SQL Server, sybase for ASE, teradata, "
    "hirdb), or leave the dialect to detection:\n\n"
    '-- read with Options(dialect="tsql")\nCREATE TABLE [dbo].[orders] (\n'
    "    id int NOT NULL\n)",
    references=("ddlaudit docs/decisions.md: D4 (Dialect choice)",),
    reported_by="detect",
)

NOT_LOWERED = Rule(
    "P005",
    "not-lowered",
    "syntax",
    Severity.ERROR,
    "the statement parsed but cannot be represented in the IR",
    what="Reports a CREATE TABLE that parsed but that ddlaudit cannot turn into a table: "
    "a `CREATE TABLE ... AS` whose columns cannot be known (a copy of a table, or `SELECT *` "
    "over one, that the file does not define before the statement; a query other than one "
    "SELECT: a warning, since the engine runs it), a derived table the engine refuses (a "
    "select-list expression without a name, a column name twice) and a CREATE TABLE that "
    "declares no column (errors). The finding spans the statement; the statement is left "
    "out of the results. A `CREATE TABLE ... AS` or `SELECT ... INTO` over known tables is "
    "a table with typed columns (P009 names the ones that cannot be typed).",
    why="The columns of `CREATE TABLE t AS src` come from the source table when the "
    "statement runs; when ddlaudit does not know the source (another file of the scope is "
    "not read for it yet), the table cannot be sized or checked, and references to it are "
    "not resolved.",
    example="CREATE MULTISET TABLE sales.orders_2024 AS sales.orders WITH NO DATA;",
    fix="Create the source table before the copy in the same script, or declare the columns, "
    "then fill the table with INSERT ... SELECT:\n\n"
    "CREATE MULTISET TABLE sales.orders_2024 (\n    order_id INTEGER NOT NULL,\n"
    "    amount DECIMAL(12, 2)\n) PRIMARY INDEX (order_id);\n\n"
    "INSERT INTO sales.orders_2024\n"
    "SELECT order_id, amount FROM sales.orders WHERE order_year = 2024;",
    references=(
        "Teradata SQL Data Definition Language: CREATE TABLE (AS Clause)",
        "ddlaudit docs/decisions.md: D5 (What is analysed and what is skipped), D172",
    ),
    reported_by="build",
    dialect="teradata",
)

COMPILED_SQLGLOT = Rule(
    "P006",
    "compiled-sqlglot",
    "syntax",
    Severity.ERROR,
    "sqlglot is the compiled build; the grammars need the pure one",
    what="Reports that the compiled build of sqlglot (`sqlglotc`, which `sqlglot[c]` "
    "installs) is in ddlaudit's environment. ddlaudit's grammars subclass sqlglot's parser "
    "in Python, which compiled classes refuse. One finding per file, and nothing is "
    "parsed. The command line checks it first and exits with status 3 before reading any "
    "file, so this finding is what the library reports when called directly. It depends "
    "on the environment, never on the input.",
    why="No statement can be parsed: every table would be missing from the results.",
    example='-- any input, with sqlglotc installed (pip install "sqlglot[c]")\n'
    "CREATE TABLE [dbo].[orders] (\n    id int NOT NULL\n)",
    fix="Run `pip uninstall sqlglotc` in ddlaudit's environment (ddlaudit depends on plain "
    "`sqlglot`), or install ddlaudit in a virtual environment of its own; the DDL needs "
    "no change:\n\nCREATE TABLE [dbo].[orders] (\n    id int NOT NULL\n)",
    references=(
        'ddlaudit docs/decisions.md: D1 (How the grammars extend sqlglot: "interpreted '
        'classes cannot inherit from compiled")',
    ),
    reported_by="parse",
)

SKIPPED_CREATE_TABLE = Rule(
    "P007",
    "skipped-create-table",
    "syntax",
    Severity.WARNING,
    "a CREATE TABLE is inside a statement that is skipped",
    what="Reports a CREATE TABLE that is part of a statement ddlaudit skips as not DDL it "
    "analyses (`USE`, `SET`, `GRANT`, a BTEQ command, a table change it could not read), "
    "because nothing ends that statement before the CREATE TABLE: a missing `;` in a "
    "Teradata or HiRDB script, or both statements on one line of a T-SQL or ASE batch. The "
    "finding points at the words `CREATE ... TABLE`; the table is not analysed. A CREATE "
    "TABLE in the body of a procedure, function, trigger or macro is not reported: it "
    "creates the table when the routine runs, not when the script does. Neither is one "
    "inside a string literal (dynamic SQL).",
    why="Without this finding the table would be lost without a word: it is neither sized "
    "nor checked, and every reference to it is unresolved (R001, unresolved foreign keys). "
    'On the platform the script usually fails at that point too (Teradata 3706 "Syntax '
    'error", SQL Server Msg 102) or the first statement swallows the second.',
    example="GRANT SELECT ON sales TO reporting\nCREATE MULTISET TABLE sales.orders (\n"
    "    order_id INTEGER NOT NULL,\n    amount DECIMAL(12, 2)\n) PRIMARY INDEX (order_id);",
    fix="End the statement before the CREATE TABLE (`;`, a `GO` line in T-SQL and ASE "
    "scripts, or a line holding only `/`):\n\n"
    "GRANT SELECT ON sales TO reporting;\nCREATE MULTISET TABLE sales.orders (\n"
    "    order_id INTEGER NOT NULL,"
    "\n    amount DECIMAL(12, 2)\n) PRIMARY INDEX (order_id);",
    references=(
        "Teradata SQL Fundamentals: Statement Syntax (a request's statements are separated by "
        "semicolons)",
        "ddlaudit docs/decisions.md: D97-D99 (script formats: BTEQ commands, `/` lines, "
        "statements after a control-flow block)",
        "ddlaudit docs/scripts.md",
    ),
    reported_by="analyzer.core (statements skipped as not analysed)",
    dialect="teradata",
)

STATEMENT_NOT_ANALYSED = Rule(
    "P008",
    "statement-not-analysed",
    "syntax",
    Severity.WARNING,
    "a statement the IR has no place for is not analysed",
    what="Reports a Replication Server statement ddlaudit recognises but does not analyse, "
    "because its intermediate representation has no place for it: a database replication "
    "definition (`create | alter | drop database replication definition`, multi-site "
    "availability, MSA) and an article (`create | alter | drop article`). The statement is "
    "skipped; the finding spans it and names what it is.",
    why="A database replication definition replicates a whole database (or the tables its "
    "`replicate tables in (...)` clause lists) without a table replication definition per "
    "table, and an article adds a replication definition to a publication. ddlaudit's "
    "replication checks and capacity figures (`ddlaudit replication`) count only table and "
    "function replication definitions and subscriptions, so the tables these statements "
    "replicate are missing from them: the outbound volume and queue sizes come out too low.",
    example="create database replication definition pubs2_rep\n"
    "with primary at PDS.pubs2\nreplicate DDL\ngo",
    fix="Nothing to fix in the DDL. To have the tables in the capacity figures, also "
    "describe them with table replication definitions (or size the MSA traffic by hand), "
    "and suppress the finding for the statement:\n\n"
    "create replication definition authors_rep\nwith primary at PDS.pubs2\n"
    "with all tables named 'authors'\n(au_id varchar(11), au_lname varchar(40))\n"
    "primary key (au_id)\ngo",
    references=(
        'Replication Server Reference Manual: "create database replication definition", '
        '"create article"',
        "ddlaudit grammars/rcl.py: NOT_ANALYSED",
    ),
    reported_by="analyzer.core (statements skipped as not analysed)",
    dialect="sybase",
)

UNTYPED_DERIVED_COLUMN = Rule(
    "P009",
    "untyped-derived-column",
    "syntax",
    Severity.WARNING,
    "a column of a derived table (CREATE TABLE AS) is untyped",
    what="Reports a table made from a query (Teradata `CREATE TABLE t AS (SELECT ...) WITH "
    "[NO] DATA`, SQL Server and ASE `SELECT ... INTO t`, Azure Synapse `CREATE TABLE t WITH "
    "(...) AS SELECT ...`) with select-list expressions ddlaudit cannot type: a column of a "
    "table neither the file (before the statement) nor another file of the scope defines "
    "(D183), or an expression other than a "
    "column reference, a CAST, a literal, MAX or MIN, an aggregate, arithmetic, "
    "concatenation, CASE or COALESCE whose operand types the platform's documented "
    "result-type rules cover (docs/decisions.md D174, D180, D196-D198): other functions, "
    "a string plus a number, a Teradata CASE over DECIMALs of different precision or "
    "scale, an ASE numeric result above 38 digits. One "
    "finding per statement names them all; those columns are of unknown type (S001 says "
    "each is not sized) and the rest of the table is sized.",
    why="The table's row size comes out low by the width of each untyped column, and the "
    "type checks cannot see it. The tables an ETL script makes from queries are the ones "
    "that fill spool, tempdb and staging space.",
    example="CREATE VOLATILE TABLE vt AS (\n    SELECT order_id, ZEROIFNULL(amount) AS amt"
    " FROM sales.orders\n) WITH DATA PRIMARY INDEX (order_id) ON COMMIT PRESERVE ROWS;",
    fix="CAST the expression to the type it should have (the CAST's type is the column's "
    "type):\n\n"
    "CREATE VOLATILE TABLE vt AS (\n    SELECT order_id, CAST(ZEROIFNULL(amount) AS "
    "DECIMAL(12, 2)) AS amt FROM sales.orders\n) WITH DATA PRIMARY INDEX (order_id) ON "
    "COMMIT PRESERVE ROWS;",
    references=(
        "Teradata SQL Data Definition Language: CREATE TABLE (AS Clause)",
        'SQL Server: SELECT - INTO Clause ("The format of new_table is determined by '
        'evaluating the expressions in the select list")',
        "ddlaudit docs/decisions.md: D172-D176, D180-D183",
    ),
    reported_by="analyzer.core (tables made from a query)",
    dialect="teradata",
)

MISSING_TERMINATOR = Rule(
    "P010",
    "missing-terminator",
    "syntax",
    Severity.ERROR,
    "two statements run together without the ; between them",
    what="Reports a statement that starts where the statement before it should have ended "
    "with `;`, in a Teradata or HiRDB script: the parser stops at a statement word "
    "(`CREATE`, `ALTER`, `DROP`, `INSERT`, `COLLECT` ...) and the text before it is a "
    "complete statement. The finding points at that word; both statements are analysed "
    "(a table created by either is sized and checked). SQL Server and ASE need no `;` "
    "between statements, so it is never reported for them. A Teradata `DATABASE x` "
    "without `;` before the next statement is cut the same way (its one name ends it): "
    "the finding points at the next statement's word, `x` is the default database of "
    "what follows, and the next statement is analysed. A CREATE TABLE after another "
    "statement ddlaudit skips without parsing it (`GRANT`, `SET` ... without `;`) is P007.",
    why='The platform rejects the pair as one request (Teradata 3706 "Syntax error"), so '
    "the script stops there or goes on without both tables.",
    example="CREATE MULTISET TABLE sales.orders (\n    order_id INTEGER NOT NULL\n)"
    " PRIMARY INDEX (order_id)\nCREATE MULTISET TABLE sales.items (\n"
    "    item_id INTEGER NOT NULL\n) PRIMARY INDEX (item_id);",
    fix="End the first statement with `;`:\n\n"
    "CREATE MULTISET TABLE sales.orders (\n    order_id INTEGER NOT NULL\n)"
    " PRIMARY INDEX (order_id);\nCREATE MULTISET TABLE sales.items (\n"
    "    item_id INTEGER NOT NULL\n) PRIMARY INDEX (item_id);",
    references=(
        "Teradata SQL Fundamentals: Statement Syntax (a request's statements are separated by "
        "semicolons)",
        "Teradata SQL Data Definition Language: DATABASE (one database_name)",
        "ddlaudit docs/decisions.md: D185, D200",
    ),
    reported_by="analyzer.core (statements parsed, and DATABASE statements)",
    dialect="teradata",
)

PARSER_CRASH = Rule(
    "P900",
    "parser-crash",
    "syntax",
    Severity.ERROR,
    "the parser failed unexpectedly on this statement",
    what="Reports a statement on which parsing or lowering to the IR failed with an "
    "unexpected exception, or that nests too deeply for the parser to follow: about 40 "
    "levels of parentheses exhaust Python's default recursion limit. The finding points "
    "at the start of the statement; the statement is left out of the results and the "
    "others are analysed.",
    why="Apart from deep nesting (mostly generated expressions), it is a bug in ddlaudit. "
    "Either way the table is missing from the results.",
    example="CREATE TABLE [dbo].[orders] (\n    id int NOT NULL,\n"
    "    total money NULL CHECK ((((((((((((((((((((((((((((((((((((((((\n"
    "        total >= 0\n    ))))))))))))))))))))))))))))))))))))))))\n)",
    fix="Drop the parentheses the expression does not need; when the statement is not "
    "deeply nested, report it to ddlaudit:\n\n"
    "CREATE TABLE [dbo].[orders] (\n    id int NOT NULL,\n"
    "    total money NULL CHECK (total >= 0)\n)",
    references=(
        "Python Standard Library: sys.getrecursionlimit (default 1000 frames)",
        "ddlaudit docs/diagnostics.md: P900",
    ),
    reported_by="parse",
)

RULES: tuple[Rule, ...] = (
    SYNTAX_ERROR,
    UNSUPPORTED_SYNTAX,
    DIALECT_FALLBACK,
    UNKNOWN_DIALECT,
    NOT_LOWERED,
    COMPILED_SQLGLOT,
    SKIPPED_CREATE_TABLE,
    STATEMENT_NOT_ANALYSED,
    UNTYPED_DERIVED_COLUMN,
    MISSING_TERMINATOR,
    PARSER_CRASH,
)
