"""Replication rules (``R``): Sybase keys and marks, RCL, SQL Remote, SQL Server articles.

R001-R016 come from the ``link_replication`` pass, R050 from the ``ascii_width`` pass,
R051-R058 from the workload file, R020-R025 from the replication estimators (the
findings of :mod:`analyzer.findings`, mapped to their rule by name); R026 is checked here,
on each file after the passes (``FileContext``).

>>> from analyzer import passes
>>> from analyzer.core import Options, analyze_bytes
>>> from analyzer.rules.engine import FileContext
>>> ddl = b"create table t (a int not null, doc text null)\\ngo\\nsp_setreplicate t, true\\ngo\\n"
>>> r = passes.run(analyze_bytes("t.sql", ddl, Options(dialect="sybase")))
>>> [(f.code, f.column, f.line) for f in lob_without_setrepcol(FileContext(r))]
[('R026', 'doc', 1)]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from analyzer.findings import NAMES
from analyzer.ir import ReplicationMarking, Severity, Span, Table
from analyzer.rules.engine import FileContext
from analyzer.rules.registry import Check, Family, Finding, Rule

FAMILY = Family(
    "R",
    "replication",
    "Replication Server, SQL Remote and SQL Server replication: definitions that do not match "
    "their tables, workload files, and what replicating a table costs.",
)

_RSREF = "Replication Server 15.7.1 Reference Manual"
_RSADMIN = "Replication Server 15.7.1 Administration Guide Volume 1"
_RSDESIGN = "Replication Server 15.7.1 Design Guide"
_PASS = "link_replication pass"
_WORKLOAD = "workload file"
_ESTIMATORS = "replication estimators"
_WORKLOAD_DOC = "docs/estimators/repserver.md (the workload file), analyzer/workload.py"

# ------------------------------------------------------------------ R026

#: ASE type families of text, unitext and image (the only columns sp_setrepcol sets).
_LOB_FAMILIES = frozenset({"clob", "nclob", "blob"})
#: The procedures that mark a table, and the status they give its text / image columns
#: (Administration Guide, "Mark Tables with text, unitext, image, or rawobject Columns";
#: sp_add_remote_table calls sp_setreplicate, D33).
_DEFAULT_STATUS = {
    "sp_setreptable": "always_replicate",
    "sp_setreplicate": "do_not_replicate",
    "sp_add_remote_table": "do_not_replicate",
}


def _marked_by(marking: ReplicationMarking) -> str | None:
    """The last call that marked the table (the one whose LOB default applies)."""
    return next((p for p in reversed(marking.marked_by) if p in _DEFAULT_STATUS), None)


def _marking_spans(ctx: FileContext, table: Table) -> tuple[Span, ...]:
    """This file's marking calls on ``table`` (SARIF related locations)."""
    return tuple(
        c.span
        for c in ctx.result.table_changes
        if c.procedure in _DEFAULT_STATUS
        and c.table.name.lower() == table.name.name.lower()
        and c.span is not None
    )


def lob_without_setrepcol(ctx: FileContext) -> Iterator[Finding]:
    """Every text / unitext / image column of a replicated ASE table without sp_setrepcol."""
    for table in ctx.result.tables:
        marking = table.replication
        if marking is None or not marking.replicated or marking.never:
            continue
        if any(c.column is None for c in marking.columns):
            continue  # sp_setrepcol t, null, status: every text / image column is set
        set_ = {c.column.lower() for c in marking.columns if c.column is not None}
        procedure = _marked_by(marking)
        if procedure is None:
            continue
        status = _DEFAULT_STATUS[procedure]
        related = _marking_spans(ctx, table)
        for column in table.columns:
            if column.type.family not in _LOB_FAMILIES or column.name.lower() in set_:
                continue
            if status == "do_not_replicate":
                effect = "its values are not replicated: the replicate table never gets them"
            else:
                effect = (
                    "ASE logs its value for replication whenever any column of the row "
                    "changes, even when it does not"
                )
            finding = LOB_WITHOUT_SETREPCOL.finding(
                f"{table.name.name}.{column.name} ({column.type.declared}) has no sp_setrepcol: "
                f"{procedure} left it {status}, so {effect}; say which status it needs "
                f"(sp_setrepcol {table.name.name}, {column.name}, "
                "{always_replicate | replicate_if_changed | do_not_replicate})",
                ctx.path,
                span=column.span,
                table=table,
                column=column,
                related=related,
            )
            # Silent data loss is a warning; always_replicate only costs log and queue.
            yield (
                finding
                if status == "do_not_replicate"
                else replace(finding, severity=Severity.INFO)
            )


# ------------------------------------------------------------------ the rules


def _rule(
    code: str,
    name: str,
    severity: Severity,
    summary: str,
    *,
    what: str,
    why: str,
    example: str,
    fix: str,
    references: tuple[str, ...] = (),
    platforms: tuple[str, ...] = (),
    check: Check | None = None,
    reported_by: str = "lint",
    dialect: str = "tsql",
) -> Rule:
    return Rule(
        code,
        name,
        FAMILY.name,
        severity,
        summary,
        what=what,
        why=why,
        example=example,
        fix=fix,
        references=references,
        platforms=platforms,
        check=check,
        reported_by=reported_by,
        dialect=dialect,
    )


UNRESOLVED_REPLICATED_TABLE = _rule(
    "R001",
    "unresolved-replicated-table",
    Severity.WARNING,
    "a replicated table is not in the input",
    what="Reports a replication definition, or a publication article, whose table is not "
    "created in any file of the run. It stays in the IR with `resolved = false` and its "
    "columns are not checked.",
    why="Nothing checks the definition's columns, types and key against the table, and "
    "its messages cannot be sized; often the table's script was left out of the run, or "
    "the definition names the table wrongly (`with all tables named`).",
    example="create replication definition discounts_rd\nwith primary at TOKYO_DS.pubs2\n"
    "(discounttype varchar(40), discount float)\nprimary key (discounttype)",
    fix="Lint the table's script with the definition (one PATH), or name the table the "
    "definition replicates:\n\ncreate table discounts (discounttype varchar(40) not null, "
    "discount float null)\ngo\ncreate replication definition discounts\nwith primary at "
    "TOKYO_DS.pubs2\n(discounttype varchar(40), discount float)\nprimary key (discounttype)",
    references=(
        f'{_RSREF}, create replication definition: "the replication definition name is '
        'assumed to be the name of both the primary and replicate tables"',
        "docs/decisions.md D31 (linking across files)",
    ),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

REPLICATED_COLUMN_NOT_IN_TABLE = _rule(
    "R002",
    "replicated-column-not-in-table",
    Severity.WARNING,
    "a replicated column is not a column of its table",
    what="Reports a replication definition column, a publication article column or a SQL "
    "Remote subscription column that its table does not have.",
    why="Replication Server rejects the definition at the primary (or the Replication "
    "Agent fails on the first row); a SQL Remote article cannot be created.",
    example="create table stores (stor_id char(4) not null, stor_name varchar(40) null)\n"
    "go\ncreate replication definition stores_rd\nwith primary at TOKYO_DS.pubs2\n"
    "with all tables named 'stores'\n(stor_id char(4), stor_name varchar(40), country "
    "varchar(12))\nprimary key (stor_id)",
    fix="Replicate the table's own columns:\n\ncreate replication definition stores_rd\n"
    "with primary at TOKYO_DS.pubs2\nwith all tables named 'stores'\n(stor_id char(4), "
    "stor_name varchar(40))\nprimary key (stor_id)",
    references=(f"{_RSREF}, create replication definition: column_name",),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

REPLICATED_TYPE_MISMATCH = _rule(
    "R003",
    "replicated-type-mismatch",
    Severity.WARNING,
    "a replicated column's datatype disagrees with the table",
    what="Reports a replication definition column whose RCL datatype cannot carry the "
    "table column's type: another class (character, binary, integer, exact numeric, "
    "float, money, date/time, text / image) or another length.",
    why="Replication Server converts the value to the declared datatype: a shorter or "
    "other-class type truncates or fails at the replicate (`stor_name int` on a varchar).",
    example="create table stores (stor_id char(4) not null, zip char(10) null)\ngo\n"
    "create replication definition stores_rd\nwith primary at TOKYO_DS.pubs2\n"
    "with all tables named 'stores'\n(stor_id char(4), zip char(5))\nprimary key (stor_id)",
    fix="Declare the table's own datatype:\n\ncreate replication definition stores_rd\n"
    "with primary at TOKYO_DS.pubs2\nwith all tables named 'stores'\n(stor_id char(4), "
    "zip char(10))\nprimary key (stor_id)",
    references=(
        f"{_RSREF}, create replication definition: datatype",
        "docs/decisions.md D32 (how classes and lengths are compared)",
    ),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

COLUMNS_NOT_REPLICATED = _rule(
    "R004",
    "columns-not-replicated",
    Severity.INFO,
    "a replication definition leaves out table columns",
    what="Lists the columns of the table that its replication definition leaves out. "
    "Legal: the replicate table gets only the listed columns.",
    why="A column added to the table after the definition was written is silently not "
    "replicated; the list makes that visible.",
    example="create table stores (stor_id char(4) not null, stor_name varchar(40) null, "
    "city varchar(20) null)\ngo\ncreate replication definition stores_rd\n"
    "with primary at TOKYO_DS.pubs2\nwith all tables named 'stores'\n(stor_id char(4), "
    "stor_name varchar(40))\nprimary key (stor_id)",
    fix="List every column the replicate needs (or keep the subset on purpose and "
    "ignore the rule there):\n\ncreate replication definition stores_rd\nwith primary at "
    "TOKYO_DS.pubs2\nwith all tables named 'stores'\n(stor_id char(4), stor_name "
    "varchar(40), city varchar(20))\nprimary key (stor_id)",
    references=(f"{_RSREF}, create replication definition", "docs/decisions.md D32"),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

COLUMN_NOT_IN_DEFINITION = _rule(
    "R005",
    "column-not-in-definition",
    Severity.ERROR,
    "a key or searchable column is not in the column list",
    what="Reports a primary key, searchable, replicate_if_changed or always_replicate column "
    "(or a searchable parameter of a function replication definition) that is not in the "
    "definition's own column (parameter) list.",
    why="Replication Server rejects the definition: the subscriptions and the replicate "
    "table that depend on it are never created.",
    example="create replication definition stores_rd\nwith primary at TOKYO_DS.pubs2\n"
    "(stor_id char(4), stor_name varchar(40))\nprimary key (stor_id)\n"
    "searchable columns (state)",
    fix="Add the column to the list, or search on a listed one:\n\ncreate replication "
    "definition stores_rd\nwith primary at TOKYO_DS.pubs2\n(stor_id char(4), stor_name "
    "varchar(40), state char(2))\nprimary key (stor_id)\nsearchable columns (state)",
    references=(
        f"{_RSREF}, create replication definition: primary key, searchable columns "
        '("must be included in the column list")',
    ),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

REPLICATION_KEY_DIFFERS = _rule(
    "R006",
    "replication-key-differs",
    Severity.WARNING,
    "a replication definition's key is not its table's",
    what="Reports a replication definition whose primary key is not the table's key (its "
    "declared primary key, else its `sp_primarykey`).",
    why="Replication Server finds replicate rows by the definition's key: a key that is "
    "not unique at the primary updates or deletes several replicate rows, or none.",
    example="create table stores (stor_id char(4) not null, stor_name varchar(40) null,\n"
    "    constraint stores_pk primary key (stor_id))\ngo\ncreate replication definition "
    "stores_rd\nwith primary at TOKYO_DS.pubs2\nwith all tables named 'stores'\n"
    "(stor_id char(4), stor_name varchar(40))\nprimary key (stor_name)",
    fix="Use the table's key:\n\ncreate replication definition stores_rd\nwith primary at "
    "TOKYO_DS.pubs2\nwith all tables named 'stores'\n(stor_id char(4), stor_name "
    "varchar(40))\nprimary key (stor_id)",
    references=(
        f"{_RSREF}, create replication definition: primary key",
        "docs/decisions.md D34 (keys from sp_primarykey)",
    ),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

UNRESOLVED_PROCEDURE_TABLE = _rule(
    "R007",
    "unresolved-procedure-table",
    Severity.WARNING,
    "a key or marking procedure's table is missing",
    what="Reports `sp_primarykey`, `sp_foreignkey`, `sp_commonkey`, `sp_setreptable`, "
    "`sp_setreplicate`, `sp_setrepcol` or `sp_add_remote_table` naming a table that no file "
    "of the run creates (or an `sp_foreignkey` referencing one).",
    why="ASE fails the call (the object does not exist): the key is not recorded, or the "
    "table is not marked, so it is not replicated.",
    example="create table titles (title_id char(6) not null)\ngo\nsp_setreptable title, true",
    fix="Name the table the script creates:\n\ncreate table titles (title_id char(6) not "
    "null)\ngo\nsp_setreptable titles, true",
    references=(f"{_RSREF}, sp_setreptable; ASE Reference Manual, sp_primarykey",),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

PROCEDURE_COLUMN_NOT_IN_TABLE = _rule(
    "R008",
    "procedure-column-not-in-table",
    Severity.WARNING,
    "a key or sp_setrepcol column is not in the table",
    what="Reports a column named by `sp_primarykey`, `sp_foreignkey`, `sp_commonkey` or "
    "`sp_setrepcol` that its table does not have.",
    why="ASE rejects the call, so the key (used by Replication Server and SQL Remote) or "
    "the text column's replication status is not set.",
    example="create table t (a int not null, b text null)\ngo\nsp_primarykey t, id",
    fix="Name a column of the table:\n\ncreate table t (a int not null, b text null)\ngo\n"
    "sp_primarykey t, a",
    references=("ASE Reference Manual, sp_primarykey; " + _RSREF + ", sp_setrepcol",),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

UNRESOLVED_ALTER_DEFINITION = _rule(
    "R009",
    "unresolved-alter-definition",
    Severity.WARNING,
    "an altered replication definition is missing",
    what="Reports `alter replication definition` (or `alter function replication "
    "definition`) naming a definition that no file of the run creates.",
    why="Replication Server fails the command; the change (minimal columns, a new column) "
    "the script counts on never happens.",
    example="alter replication definition no_such_rd\nreplicate minimal columns",
    fix="Alter the definition by its name (or lint the file that creates it too):\n\n"
    "alter replication definition stores_rd\nreplicate minimal columns",
    references=(f"{_RSREF}, alter replication definition",),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

UNRESOLVED_SUBSCRIPTION_TARGET = _rule(
    "R010",
    "unresolved-subscription-target",
    Severity.INFO,
    "a subscription's target is not in the input",
    what="Reports a subscription whose replication definition, function replication "
    "definition or publication is not in the run.",
    why="Often legitimate (the definition lives at another Replication Server), but a "
    "misspelt target makes `create subscription` fail.",
    example="create subscription orphan_sub\nfor no_such_rd\nwith replicate at SYDNEY_DS.pubs2",
    fix="Name a definition of the run, or lint the primary site's scripts too:\n\n"
    "create subscription stores_sub\nfor stores_rd\nwith replicate at SYDNEY_DS.pubs2",
    references=(f"{_RSREF}, create subscription",),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

UNRESOLVED_PUBLICATION = _rule(
    "R011",
    "unresolved-publication",
    Severity.WARNING,
    "an article's publication is not created in the input",
    what="Reports `sp_add_article` / `sp_add_article_col` (SQL Remote for ASE) adding to a "
    "publication that no `sp_create_publication` of the run creates.",
    why="ASE fails the call: the table is not published to the remote users.",
    example="create table Customer (cust_key char(12) not null primary key)\ngo\n"
    "sp_add_article SalesData, Customer",
    fix="Create the publication first:\n\nsp_create_publication SalesData\ngo\n"
    "sp_add_article SalesData, Customer",
    references=("SQL Remote User's Guide, Command Reference for Adaptive Server Enterprise",),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

USED_BEFORE_DEFINED = _rule(
    "R012",
    "used-before-defined",
    Severity.WARNING,
    "a type or table is used before the script defines it",
    what="Reports an alias type used (by a column or another type) before its "
    "`sp_addtype` / `CREATE TYPE` in the same file, or a key or marking procedure run "
    "before its table is created. The type still resolves.",
    why="Run top to bottom, the script fails at the first use (the type or table does not "
    "exist yet); ddlaudit reads it whole, so only the order is wrong.",
    example="create table t (a later_t)\ngo\nsp_addtype later_t, 'char(4)'",
    fix="Define first, use after:\n\nsp_addtype later_t, 'char(4)'\ngo\ncreate table t (a later_t)",
    references=("docs/decisions.md D31 (order is checked inside one file)",),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

DUPLICATE_REPLICATION_DEFINITION = _rule(
    "R013",
    "duplicate-replication-definition",
    Severity.WARNING,
    "a replication definition is defined twice",
    what="Reports a replication definition name created a second time in one file.",
    why="Replication Server rejects the second `create replication definition`; the script "
    "stops, or (run with errors ignored) the first definition stays and the second is lost.",
    example="create replication definition stores_rd with primary at DS.db\n"
    "(stor_id char(4)) primary key (stor_id)\ngo\ncreate replication definition "
    "stores_rd with primary at DS.db\n(stor_id char(4), city varchar(20)) primary key "
    "(stor_id)",
    fix="Keep one definition (and `alter replication definition` for later changes).",
    references=(f"{_RSREF}, create replication definition",),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

FOREIGN_KEY_WITHOUT_PRIMARY_KEY = _rule(
    "R014",
    "foreign-key-without-primary-key",
    Severity.WARNING,
    "sp_foreignkey's table has no matching key",
    what="Reports `sp_foreignkey` referencing a table without an `sp_primarykey` (or a "
    "declared key) of as many columns.",
    why="ASE requires the referenced table's sp_primarykey first and fails the call "
    "otherwise; the relationship documented for tools is lost.",
    example="create table au (au_id char(11) not null)\ngo\ncreate table ta (au_id "
    "char(11) not null)\ngo\nsp_foreignkey ta, au, au_id",
    fix="Declare the referenced key first:\n\nsp_primarykey au, au_id\ngo\n"
    "sp_foreignkey ta, au, au_id",
    references=("ASE Reference Manual, sp_foreignkey", "docs/decisions.md D34"),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

SETREPCOL_NOT_LOB = _rule(
    "R015",
    "setrepcol-not-lob",
    Severity.WARNING,
    "sp_setrepcol names a column not text, unitext or image",
    what="Reports `sp_setrepcol` naming a column that is not text, unitext or image.",
    why="sp_setrepcol sets the replication status of text, unitext and image columns only; "
    "ASE rejects the call, so the status the script means to set is not set.",
    example="create table t (a int not null, b text null)\ngo\nsp_setreptable t, true\ngo\n"
    "sp_setrepcol t, a, always_replicate",
    fix="Name the text / image column:\n\nsp_setrepcol t, b, always_replicate",
    references=(f"{_RSREF}, sp_setrepcol: column_name",),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

ARTICLE_WITHOUT_KEY = _rule(
    "R016",
    "article-without-key",
    Severity.WARNING,
    "a SQL Remote article leaves out primary key columns",
    what="Reports a SQL Remote article with a column subset that leaves out primary key "
    "columns of its table.",
    why="SQL Remote identifies rows at the remote database by the primary key: updates and "
    "deletes of the article cannot be applied without it.",
    example="sp_add_article SalesRepData, Customer\ngo\n"
    "sp_add_article_col SalesRepData, Customer, name",
    fix="Include every key column in the article:\n\nsp_add_article_col SalesRepData, "
    "Customer, cust_key\ngo\nsp_add_article_col SalesRepData, Customer, name",
    references=("SQL Remote User's Guide, Principles of SQL Remote Design (primary keys)",),
    platforms=("ase",),
    reported_by=_PASS,
    dialect="sybase",
)

REPLICATION_WITHOUT_PRIMARY_KEY = _rule(
    "R020",
    "replication-without-primary-key",
    Severity.WARNING,
    NAMES["replication-without-primary-key"],
    what="Reports a replicated table without a primary key: a table marked for Replication "
    "Server (`sp_setreptable`, a replication definition) without a key or "
    "`sp_primarykey`, a SQL Server article, or a SQL Remote article.",
    why="Replication Server and SQL Remote find the replicate row by its key: without one "
    "every update and delete scans the replicate table or hits the wrong rows; SQL Server "
    "refuses to publish a table without a primary key in transactional replication.",
    example="create table n (a int not null)\ngo\nsp_setreplicate n, true",
    fix="Declare a key (or `sp_primarykey`):\n\ncreate table n (a int not null, primary "
    "key (a))\ngo\nsp_setreplicate n, true",
    references=(
        f"{_RSADMIN}, Primary keys of replicated tables",
        "SQL Server docs, Publish Data and Database Objects: tables published for "
        "transactional replication must have a primary key",
    ),
    reported_by=_ESTIMATORS,
    dialect="sybase",
)

MINIMAL_COLUMNS_NOT_USED = _rule(
    "R021",
    "minimal-columns-not-used",
    Severity.INFO,
    NAMES["minimal-columns-not-used"],
    what="Reports a replicated table of at least `[size.replication] wide_columns` (8) "
    "columns whose updates change at most `narrow_update_fraction` (0.5) of RowWidth, "
    "replicated without `replicate minimal columns`, with the inbound bytes each update "
    "would save (the precise update message against the minimal-columns one).",
    why="Without minimal columns Replication Server sends every column's before and after "
    "image for each update: on wide tables with narrow updates most of the inbound queue "
    "is unchanged data.",
    example="create replication definition w_rd with primary at DS.db\n(c0 char(20), c1 "
    "char(20), c2 char(20), c3 char(20), c4 char(20),\n c5 char(20), c6 char(20), c7 "
    "char(20), c8 char(20), c9 char(20))\nprimary key (c0)",
    fix="Replicate minimal columns:\n\ncreate replication definition w_rd with primary at "
    "DS.db\n(c0 char(20), c1 char(20), c2 char(20), c3 char(20), c4 char(20),\n c5 "
    "char(20), c6 char(20), c7 char(20), c8 char(20), c9 char(20))\nprimary key (c0)\n"
    "replicate minimal columns",
    references=(
        f"{_RSDESIGN}, Message Sizes (precise and minimal-columns update messages)",
        f"{_RSADMIN}, Replicate the Minimal Set of Columns",
        "docs/decisions.md D69",
    ),
    reported_by=_ESTIMATORS,
    dialect="sybase",
)

UPDATE_COMMAND_COSTLIER = _rule(
    "R022",
    "update-command-costlier",
    Severity.WARNING,
    NAMES["update-command-costlier"],
    what="Reports a SQL Server article of at least `[size.replication] wide_columns` (8) "
    "columns whose update command, CALL or SCALL (the default when `@upd_cmd` does not "
    "say), sends more bytes per update than the other would for the workload's "
    "`changed_columns` (else the first non-key column): both command sizes, from "
    "ddlaudit's command model, and their ratio (\"CALL sends 3.6x the bytes of SCALL per "
    'update: 464 vs 129"). CALL sends every column of the row; SCALL NULL for the '
    "columns the update leaves alone, plus a bitmap, so SCALL is the costlier only when "
    "updates change (nearly) every column: CALL costlier is a warning, SCALL costlier an "
    "info.",
    why="Every command is stored in the distribution database (MSrepl_commands) and sent to "
    "each subscriber. Measured: 1,000,000 updates of one int column of a 10-column table "
    "took 576,256 KB with CALL and 183,328 KB with SCALL, 3.1 times as much.",
    example="CREATE TABLE dbo.TableA (TableA_ID int NOT NULL PRIMARY KEY, Col1 nvarchar(100) "
    "NULL,\n    Col2 nvarchar(100) NULL, Col3 bigint NULL, Col4 int NULL, Col5 int NULL,\n"
    "    Col6 int NULL, Col7 datetime NULL, Col8 int NULL, Col9 bigint NULL)\nGO\n"
    "exec sp_addarticle @publication = N'P1', @article = N'TableA',\n"
    "    @source_object = N'TableA', @upd_cmd = N'CALL [sp_MSupd_dboTableA]'",
    fix="Use the cheaper command for the updates the table gets (SCALL unless they set "
    "every column):\n\nexec sp_addarticle @publication = N'P1', @article = N'TableA',\n"
    "    @source_object = N'TableA', @upd_cmd = N'SCALL [sp_MSupd_dboTableA]'",
    references=(
        "SQL Server docs, Transactional Articles - Specify How Changes Are Propagated "
        "(CALL, SCALL parameters)",
        "Seed mssql-replication-call-vs-scall.txt: CALL = 576,256 KB, SCALL = 183,328 KB "
        "for 1,000,000 one-column updates",
        "docs/decisions.md D66 (the command model), D69",
    ),
    platforms=("mssql",),
    reported_by=_ESTIMATORS,
)

LOB_IN_REPLICATED_TABLE = _rule(
    "R023",
    "lob-in-replicated-table",
    Severity.INFO,
    NAMES["lob-in-replicated-table"],
    what="Reports a replicated table (Replication Server, SQL Server article) with text, "
    "image or (max) columns. Their values are replicated apart from the row and are not in "
    "the message sizes (RowWidth counts them `[size.replication] lob_width`, 0).",
    why="The capacity plan (queues, distribution database) leaves the LOB values out and "
    "can be far too small; SQL Server also truncates them at `max text repl size`.",
    example="create table au_pix (au_id char(11) not null primary key, pic image null)\n"
    "go\nsp_setreptable au_pix, true",
    fix="Budget for the values (`[size.replication] lob_width` or an average), or keep the "
    "LOB out of replication (sp_setrepcol ... do_not_replicate) when the replicate does "
    "not need it:\n\nsp_setrepcol au_pix, pic, do_not_replicate",
    references=(
        f"{_RSDESIGN}, Message Sizes (text / image not included)",
        "SQL Server docs, max text repl size Server Configuration Option",
        "docs/decisions.md D61",
    ),
    reported_by=_ESTIMATORS,
    dialect="sybase",
)

SUBSCRIPTION_COLUMN_MISSING = _rule(
    "R024",
    "subscription-column-missing",
    Severity.ERROR,
    NAMES["subscription-column-missing"],
    what="Reports a SQL Remote for ASE article whose subscription column (`sp_add_article`'s "
    "fourth argument) is not a column of the table.",
    why="The article cannot be created: the remote users of the publication receive "
    "nothing from the table.",
    example="sp_add_article SalesRepData, Customer, NULL, rep_id",
    fix="Name the table's subscription column:\n\nsp_add_article SalesRepData, Customer, "
    "NULL, rep_key",
    references=(
        "SQL Remote User's Guide, Principles of SQL Remote Design: \"In a SQL Remote for "
        'Adaptive Server Enterprise publication, the subscription expression must be a column"',
    ),
    platforms=("ase",),
    reported_by=_ESTIMATORS,
    dialect="sybase",
)

SUBSCRIPTION_COLUMN_UNSUITABLE = _rule(
    "R025",
    "subscription-column-unsuitable",
    Severity.WARNING,
    NAMES["subscription-column-unsuitable"],
    what="Reports a SQL Remote for ASE subscription column that is an expression, is not a "
    "character column while the publication has several subscription values, or is too "
    "short for the comma-separated list of them (`sum(len(values)) + values - 1`), with "
    "the characters needed.",
    why='"The subscription column contains either a single value or a comma-separated list '
    'of values": a column that cannot hold the list sends the rows to the wrong remote '
    "users, or to none.",
    example="create table Customer (cust_key char(12) not null primary key, rep_key "
    "char(4) not null)\ngo\nsp_add_article SalesRepData, Customer, NULL, rep_key\ngo\n"
    "sp_subscription 'create', SalesRepData, rep5, 'rep5'\ngo\n"
    "sp_subscription 'create', SalesRepData, rep6, 'rep6'",
    fix="Make the column wide enough for the list (here 'rep5,rep6': 9 characters):\n\n"
    "create table Customer (cust_key char(12) not null primary key, rep_key "
    "varchar(40) not null)",
    references=("SQL Remote User's Guide, Principles of SQL Remote Design",),
    platforms=("ase",),
    reported_by=_ESTIMATORS,
    dialect="sybase",
)

LOB_WITHOUT_SETREPCOL = _rule(
    "R026",
    "lob-without-setrepcol",
    Severity.WARNING,
    "a text, unitext or image column of a replicated table has no sp_setrepcol",
    what="Reports each text, unitext and image column of an ASE table marked for "
    "replication (`sp_setreptable`, `sp_setreplicate`, `sp_add_remote_table`) that no "
    "`sp_setrepcol` sets (neither by name nor with `null`, every column), and says the "
    "status it has by default: `sp_setreptable` marks such columns always_replicate, "
    "`sp_setreplicate` (and `sp_add_remote_table`, which calls it) do_not_replicate. A "
    "do_not_replicate column is a warning (its data is not replicated); an "
    "always_replicate one an info (it is replicated, at a cost).",
    why="do_not_replicate: the replicate rows lack the column's data, and nothing fails "
    'to say so. always_replicate: ASE logs the value for replication "when any column in '
    'the row changes", which "adds overhead for replicating text, unitext, or image '
    'columns that do not change"; replicate_if_changed reduces it but restricts '
    "autocorrection and materialization. Either way the choice is worth writing down.",
    example="create table au_pix (au_id char(11) not null primary key, pic image null)\n"
    "go\nsp_setreplicate au_pix, true",
    fix="Set the status the replicate needs:\n\ncreate table au_pix (au_id char(11) not "
    "null primary key, pic image null)\ngo\nsp_setreptable au_pix, true\ngo\n"
    "sp_setrepcol au_pix, pic, replicate_if_changed",
    references=(
        f"{_RSADMIN}, Mark Tables with text, unitext, image, or rawobject Columns: "
        '"sp_setreptable sets the replication status of text, unitext, image, or rawobject '
        'columns to always_replicate"; sp_setreplicate "sets the replication status of '
        'text, unitext, image, and rawobject columns to do_not_replicate"',
        f"{_RSREF}, sp_setrepcol (do_not_replicate, always_replicate, replicate_if_changed)",
        "docs/decisions.md D33 (sp_add_remote_table calls sp_setreplicate)",
    ),
    platforms=("ase",),
    check=lob_without_setrepcol,
    dialect="sybase",
)

UNKNOWN_ASCII_WIDTH = _rule(
    "R050",
    "unknown-ascii-width",
    Severity.WARNING,
    "no Replication Server ASCII width is known for a type",
    what="Reports a column of a table marked for replication whose type has no known "
    "Replication Server ASCII width (spatial types, sql_variant, hierarchyid, an unresolved "
    "type); it counts 0 in RowWidth. Unmarked tables are not reported.",
    why="The message sizes and the queue capacity plan leave the column out and come out "
    "too small.",
    example="create table g (id int not null primary key, v mytype null)\ngo\n"
    "sp_setreptable g, true",
    fix="Give the width in ddlaudit.toml:\n\n[size.replication.ascii_widths]\nMYTYPE = 40",
    references=(
        f"{_RSDESIGN}, Message Sizes (RowWidth: columns in ASCII)",
        "docs/decisions.md D60",
    ),
    platforms=("ase",),
    reported_by="ascii_width pass",
    dialect="sybase",
)


def _workload(
    code: str, name: str, summary: str, what: str, example: str, fix: str, why: str = ""
) -> Rule:
    return _rule(
        code,
        name,
        Severity.ERROR,
        summary,
        what=what,
        why=why
        or "ddlaudit drops the entry it cannot read, so the capacity plan and the "
        "replication findings are computed without it: silently wrong figures.",
        example=example,
        fix=fix,
        references=(_WORKLOAD_DOC,),
        reported_by=_WORKLOAD,
        dialect="sybase",
    )


WORKLOAD_UNREADABLE = _workload(
    "R051",
    "workload-unreadable",
    "the workload file cannot be read or is not YAML",
    "Reports a workload file (`--workload`, `[lint] workload`) that cannot be read or is "
    "not valid YAML, with the position of the YAML error.",
    "# workload.yaml\ntables:\n  authors: {updates: 10, changed_columns: [phone}",
    "# workload.yaml\ntables:\n  authors: {updates: 10, changed_columns: [phone]}",
    why="No workload is used at all: the capacity plan falls back to no rates.",
)

WORKLOAD_UNKNOWN_KEY = _workload(
    "R052",
    "workload-unknown-key",
    "the workload file has a key ddlaudit does not know",
    "Reports a key the workload format does not have (the expected keys are listed).",
    "# workload.yaml\ntables:\n  authors: {updates: 10, update_rate: 5}",
    "# workload.yaml\ntables:\n  authors: {updates: 10}",
)

WORKLOAD_BAD_VALUE = _workload(
    "R053",
    "workload-bad-value",
    "a workload value has the wrong type or form",
    "Reports a value of the wrong type or form: a rate that is not a finite number, a "
    "malformed duration, an unknown `upd_cmd`, a function without a rate, a table / site "
    "/ function given twice.",
    "# workload.yaml\ntables:\n  authors: {updates: many}",
    "# workload.yaml\ntables:\n  authors: {updates: 10}",
)

WORKLOAD_NEGATIVE_RATE = _workload(
    "R054",
    "workload-negative-rate",
    "a workload rate or duration is negative",
    "Reports a negative rate or duration.",
    "# workload.yaml\ntables:\n  authors: {updates: -10}",
    "# workload.yaml\ntables:\n  authors: {updates: 10}",
)

WORKLOAD_SELECTIVITY_RANGE = _workload(
    "R055",
    "workload-selectivity-range",
    "a replication selectivity is outside 0..1",
    "Reports a site's selectivity or a table's `changed_fraction` outside 0..1.",
    "# workload.yaml\nsites:\n  NY_DS.pubs2: {selectivity: {authors: 1.5}}",
    "# workload.yaml\nsites:\n  NY_DS.pubs2: {selectivity: {authors: 0.5}}",
)

WORKLOAD_UNKNOWN_TABLE = _workload(
    "R056",
    "workload-unknown-table",
    "the workload names a table not in the input",
    "Reports a table entry, or a site's selectivity, naming a table (or, in a selectivity, "
    "a replicated function) that is not in the run.",
    "# workload.yaml\ntables:\n  author: {updates: 10}",
    "# workload.yaml\ntables:\n  authors: {updates: 10}",
)

WORKLOAD_UNKNOWN_COLUMN = _workload(
    "R057",
    "workload-unknown-column",
    "the workload names a column its table lacks",
    "Reports a table's `changed_columns` naming a column the table does not have.",
    "# workload.yaml\ntables:\n  authors: {updates: 10, changed_columns: [telephone]}",
    "# workload.yaml\ntables:\n  authors: {updates: 10, changed_columns: [phone]}",
)

WORKLOAD_UNKNOWN_FUNCTION = _workload(
    "R058",
    "workload-unknown-function",
    "the workload names a function not in the input",
    "Reports a function rate for a function that no function replication definition of the "
    "run defines.",
    "# workload.yaml\nfunctions:\n  upd_prices: 5",
    "# workload.yaml\nfunctions:\n  upd_price: 5",
)

RULES: tuple[Rule, ...] = (
    UNRESOLVED_REPLICATED_TABLE,
    REPLICATED_COLUMN_NOT_IN_TABLE,
    REPLICATED_TYPE_MISMATCH,
    COLUMNS_NOT_REPLICATED,
    COLUMN_NOT_IN_DEFINITION,
    REPLICATION_KEY_DIFFERS,
    UNRESOLVED_PROCEDURE_TABLE,
    PROCEDURE_COLUMN_NOT_IN_TABLE,
    UNRESOLVED_ALTER_DEFINITION,
    UNRESOLVED_SUBSCRIPTION_TARGET,
    UNRESOLVED_PUBLICATION,
    USED_BEFORE_DEFINED,
    DUPLICATE_REPLICATION_DEFINITION,
    FOREIGN_KEY_WITHOUT_PRIMARY_KEY,
    SETREPCOL_NOT_LOB,
    ARTICLE_WITHOUT_KEY,
    REPLICATION_WITHOUT_PRIMARY_KEY,
    MINIMAL_COLUMNS_NOT_USED,
    UPDATE_COMMAND_COSTLIER,
    LOB_IN_REPLICATED_TABLE,
    SUBSCRIPTION_COLUMN_MISSING,
    SUBSCRIPTION_COLUMN_UNSUITABLE,
    LOB_WITHOUT_SETREPCOL,
    UNKNOWN_ASCII_WIDTH,
    WORKLOAD_UNREADABLE,
    WORKLOAD_UNKNOWN_KEY,
    WORKLOAD_BAD_VALUE,
    WORKLOAD_NEGATIVE_RATE,
    WORKLOAD_SELECTIVITY_RANGE,
    WORKLOAD_UNKNOWN_TABLE,
    WORKLOAD_UNKNOWN_COLUMN,
    WORKLOAD_UNKNOWN_FUNCTION,
)
