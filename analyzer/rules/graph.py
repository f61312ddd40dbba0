"""Graph rules (``G``): what the foreign keys of a scope do together.

Each check walks the scope's plain schema graph (:func:`analyzer.graph.schema_index`,
O(tables + constraints + replication objects), built once per scope and shared by the
checks: :meth:`~analyzer.rules.engine.ScopeContext.schema`) in O(V + E): no networkx, so
``ddlaudit lint`` does not pay its import (docs/graph.md).  Only declared foreign keys
count for G001 and G002 (``sp_foreignkey`` is not enforced: it blocks no load); a
reference to a table outside the scope is K003's and no edge here.

>>> from analyzer.core import analyze_bytes
>>> from analyzer.rules.engine import scope_context
>>> r = analyze_bytes("t.sql", b"CREATE TABLE emp (id int PRIMARY KEY, boss int REFERENCES emp)")
>>> [(f.code, f.table, f.line) for f in self_referencing_foreign_key(scope_context("t", [r]))]
[('G002', 'emp', 1)]
"""

from __future__ import annotations

import typing as t
from collections.abc import Iterator

from analyzer.ir import ConstraintKind, Severity, Table
from analyzer.rules.engine import ScopeContext
from analyzer.rules.registry import Family, Finding, Rule

if t.TYPE_CHECKING:
    from analyzer.graph.model import Edge

FAMILY = Family("G", "graph", "What the foreign keys of a scope do together: cycles, orphans.")


def _subject(edge: Edge) -> str:
    """The key's object path, as the K rules write it (``t/constraint:fk`` or ``t/fk:a,b``)."""
    what = f"constraint:{edge.name}" if edge.name else f"fk:{','.join(edge.columns).lower()}"
    return f"{edge.source}/{what}"


def _columns(edge: Edge) -> str:
    return ", ".join(edge.columns)


def declares_foreign_keys(ctx: ScopeContext) -> bool:
    """Whether a table of the scope has a declared foreign key (one that can be a
    ``foreign_key`` edge of :meth:`~ScopeContext.schema`, the only edges G001 and G002
    walk); worked out once per scope.  Without one (most scopes) neither rule has a
    finding, so the schema graph is not built for them."""
    found: bool | None = ctx.shared.get("declares_foreign_keys")
    if found is None:
        found = ctx.shared["declares_foreign_keys"] = any(
            key.kind is ConstraintKind.FOREIGN_KEY
            and key.declared_by != "sp_foreignkey"
            and key.ref_table is not None
            for result in ctx.results
            for table in result.tables
            for key in table.constraints
        )
    return found


def foreign_key_cycle(ctx: ScopeContext) -> Iterator[Finding]:
    """One finding per cycle of foreign keys, at the first key to create after loading."""
    # Imported here: the catalogue (``ddlaudit rules``, ``parse``) loads this module too.
    from analyzer.graph import foreign_key_cycles

    if not declares_foreign_keys(ctx):
        return
    schema = ctx.schema()
    for cycle in foreign_key_cycles(schema):
        first = cycle.defer[0]
        deferred = " and ".join(
            f"the key {e.label} of {e.source} (-> {e.target})" for e in cycle.defer
        )
        why = "its columns allow NULL" if first.optional else "no key of the cycle allows NULL"
        yield FOREIGN_KEY_CYCLE.finding(
            f"foreign keys form a cycle among {', '.join(cycle.tables)}: no order loads them "
            f"with every key in place; create {deferred} after loading ({why})",
            first.file,
            span=first.span,
            table=first.source,
            subject="cycle:" + ",".join(t.lower() for t in cycle.tables),
            related=tuple(e.span for e in cycle.keys if e.span is not None and e is not first),
        )


def self_referencing_foreign_key(ctx: ScopeContext) -> Iterator[Finding]:
    """Every declared foreign key from a table to itself."""
    from analyzer.graph import self_references

    if not declares_foreign_keys(ctx):
        return
    schema = ctx.schema()
    for edge in self_references(schema):
        columns = _columns(edge)
        if edge.optional:
            how = (
                f"load the rows with {columns} NULL and set it once the referenced rows exist, "
                "load parents before children, or create the key after loading"
            )
        else:
            verb = "are" if len(edge.columns) > 1 else "is"
            how = (
                f"{columns} {verb} NOT NULL, so every row's parent must be loaded before it (a "
                "root row references itself), or the key created after loading"
            )
        yield SELF_REFERENCING_FOREIGN_KEY.finding(
            f"foreign key {edge.label} of {edge.source} references {edge.source} itself: {how}",
            edge.file,
            span=edge.span,
            table=edge.source,
            subject=_subject(edge),
        )


def _temporary(table: Table) -> bool:
    """Temporary tables (Teradata VOLATILE, ``#t``, ``tempdb..t``) are isolated by design."""
    parts = (table.name.catalog, table.name.schema)
    return bool(table.options.temporary) or any(
        p is not None and p.lower() == "tempdb" for p in parts
    )


def orphan_table(ctx: ScopeContext) -> Iterator[Finding]:
    """Every permanent table no key links to another table of a scope of two tables or more."""
    from analyzer.graph import orphans

    schema = ctx.schema()
    if len(schema.tables) < 2:
        return  # one table relates to nothing by construction
    alone = set(orphans(schema))
    # a table node is its first definition (file and span; its name for a table made
    # without a span): a later one is no node, a name of two databases two nodes (D201)
    nodes = {(n.file, n.span or n.name): n for n in schema.tables if n.id in alone}
    for result in ctx.results:
        for table in result.tables:
            node = nodes.pop((result.path, table.span or str(table.name)), None)
            if node is None or _temporary(table):
                continue
            yield ORPHAN_TABLE.finding(
                f"table {node.name} has no foreign key to or from another table of scope "
                f"{ctx.name}",
                result.path,
                span=table.span,
                table=table,
            )


FOREIGN_KEY_CYCLE = Rule(
    "G001",
    "foreign-key-cycle",
    "graph",
    Severity.WARNING,
    "declared foreign keys form a cycle between tables",
    what="Finds the strongly connected components of more than one table in the graph of "
    "declared foreign keys of a scope (CREATE TABLE and ALTER TABLE ... ADD FOREIGN KEY in "
    "any file of the scope; sp_foreignkey is not enforced and does not count), and reports "
    "each cycle once, at the key to create after loading the data, listing the tables. The "
    "key is chosen by a fixed rule (docs/graph.md): a key whose columns all allow NULL first, "
    "then the key of the table the cycle references most, then by name; when one key does "
    "not break every cycle of the group, more are named. A key from a table to itself is "
    "G002's.",
    why="No table order loads, copies or re-creates the tables of a cycle with every key in "
    "place: a bulk load or a migration tool that copies tables parents first fails on the "
    'first row (SQL Server Msg 547 "The INSERT statement conflicted with the FOREIGN KEY '
    'constraint"), a CREATE TABLE with inline REFERENCES to a table not created yet fails, '
    "and DROP TABLE fails while the other table's key references it (Msg 3726). Every "
    "deployment and load script has to disable or defer one key, which is easy to forget.",
    example="CREATE TABLE dbo.department (\n    id int NOT NULL PRIMARY KEY,\n"
    "    manager_id int NULL\n)\nGO\nCREATE TABLE dbo.employee (\n"
    "    id int NOT NULL PRIMARY KEY,\n"
    "    department_id int NOT NULL REFERENCES dbo.department (id)\n)\nGO\n"
    "ALTER TABLE dbo.department ADD CONSTRAINT fk_department_manager\n"
    "    FOREIGN KEY (manager_id) REFERENCES dbo.employee (id)",
    fix="Break the cycle: move one reference to a table of its own (it loads last), or keep "
    "the key the message names in a post-load script linted as another scope; when the load "
    "procedure already creates it after loading, suppress the finding on that key's line "
    "with the reason.\n\n"
    "CREATE TABLE dbo.department (id int NOT NULL PRIMARY KEY)\nGO\n"
    "CREATE TABLE dbo.employee (\n    id int NOT NULL PRIMARY KEY,\n"
    "    department_id int NOT NULL REFERENCES dbo.department (id)\n)\nGO\n"
    "CREATE TABLE dbo.department_manager (\n"
    "    department_id int NOT NULL PRIMARY KEY REFERENCES dbo.department (id),\n"
    "    employee_id int NOT NULL REFERENCES dbo.employee (id)\n)",
    references=(
        "SQL Server: Msg 547 (INSERT conflicted with the FOREIGN KEY constraint), Msg 3726 "
        '("Could not drop object ... because it is referenced by a FOREIGN KEY constraint"); '
        "ALTER TABLE ... NOCHECK CONSTRAINT",
        "Sybase ASE Reference Manual: create schema (tables whose referential constraints "
        "reference each other are created together), alter table",
        "P. Eades, X. Lin, W. F. Smyth, A fast and effective heuristic for the feedback arc set "
        "problem (1993): the ordering behind the key chosen (docs/graph.md)",
    ),
    check=foreign_key_cycle,
    level="scope",
)

SELF_REFERENCING_FOREIGN_KEY = Rule(
    "G002",
    "self-referencing-foreign-key",
    "graph",
    Severity.INFO,
    "a declared foreign key references its own table",
    what="Reports a declared foreign key (CREATE TABLE or ALTER TABLE in any file of the "
    "scope) whose referenced table is its own table: a hierarchy (employee -> manager, "
    "account -> parent account). The message says what loading it needs: a nullable column "
    "can hold NULL for the root rows and be set after; a NOT NULL one needs every parent "
    "loaded before its children, or the key created after loading.",
    why="A row can only reference a row that exists, so a bulk load or a copy of the table in "
    "arbitrary row order fails (SQL Server Msg 547) unless it loads the hierarchy level by "
    "level, loads the column NULL and updates it, or creates the key after the load. Load "
    "order tools that order tables parents first cannot order the rows of one table.",
    example="CREATE TABLE dbo.employee (\n    id int NOT NULL PRIMARY KEY,\n"
    "    manager_id int NOT NULL REFERENCES dbo.employee (id)\n)",
    fix="Keep the hierarchy in a table of its own (it loads after the rows it links), or keep "
    "the column nullable and document the load; the finding is informational, suppress it "
    "where the hierarchy is intended.\n\n"
    "CREATE TABLE dbo.employee (id int NOT NULL PRIMARY KEY)\nGO\n"
    "CREATE TABLE dbo.employee_manager (\n"
    "    employee_id int NOT NULL PRIMARY KEY REFERENCES dbo.employee (id),\n"
    "    manager_id int NOT NULL REFERENCES dbo.employee (id)\n)",
    references=(
        "SQL Server: CREATE TABLE (Transact-SQL), FOREIGN KEY REFERENCES (a key may reference "
        "its own table); Msg 547",
        "ddlaudit: docs/graph.md (a self-reference is neither a cycle nor an edge of the load "
        "order)",
    ),
    check=self_referencing_foreign_key,
    level="scope",
)

ORPHAN_TABLE = Rule(
    "G003",
    "orphan-table",
    "graph",
    Severity.INFO,
    "a table has no foreign key to or from another table",
    what="Reports a permanent table of a scope of two tables or more that no foreign key, "
    "sp_foreignkey or sp_commonkey links to another table, either way. A key to a table "
    "outside the scope counts as a link (K003 reports it); a key to the table itself does "
    "not. Temporary tables (#t, tempdb..t, Teradata VOLATILE / GLOBAL TEMPORARY) are not "
    "reported. Opt-in: lookup, log and staging tables are often unrelated by design.",
    why="A table nothing relates to is often a leftover (a backup copy, a staging table), or "
    "its relationships are enforced by the application only, or the scope misses the files "
    "that relate it: each is worth a look when reviewing a schema or planning a migration.",
    example="CREATE TABLE dbo.customer (id int NOT NULL PRIMARY KEY)\nGO\n"
    "CREATE TABLE dbo.orders (\n    id int NOT NULL PRIMARY KEY,\n    customer_id int NOT NULL\n)",
    fix="Declare the relationship (or lint the table with the files that relate it), or drop "
    "the table if it is a leftover.\n\n"
    "CREATE TABLE dbo.customer (id int NOT NULL PRIMARY KEY)\nGO\n"
    "CREATE TABLE dbo.orders (\n    id int NOT NULL PRIMARY KEY,\n"
    "    customer_id int NOT NULL REFERENCES dbo.customer (id)\n)",
    references=(
        "ddlaudit: the weakly connected components of the schema graph (docs/graph.md)",
        "Sybase ASE Reference Manual: sp_foreignkey, sp_commonkey (relationships recorded in "
        "syskeys count as links)",
    ),
    enabled_by_default=False,
    check=orphan_table,
    level="scope",
)

RULES: tuple[Rule, ...] = (FOREIGN_KEY_CYCLE, SELF_REFERENCING_FOREIGN_KEY, ORPHAN_TABLE)
