"""What a scope step reads of a checked file: the file reduced to it (decisions D202, D203).

The scope rules (K003-K006, C002, G001-G003, :mod:`analyzer.rules.keys`,
:mod:`analyzer.rules.schema`, :mod:`analyzer.rules.graph`) and the schema graph
(:func:`analyzer.graph.index.schema_index`) read a scope's files together, so the step
that runs them holds every checked file of the scope at once: on one database of
thousands of tables, every table's IR (about 63 KiB a file of the bench corpus).  Most
of a column's IR is what the passes worked out for sizing (``storage``, ``ascii_width``)
and what only the file's own rules read (defaults, identity, computed columns, options):
none of it is read by a scope step.  :func:`scope_input` keeps of a checked file:

* per table: its name, dialect, span, constraints, indexes, options and replication
  marking; per column: its name, position, type, nullability, character set, collation,
  case specificity, alias type and span (what K004-K006 compare and the graph's
  nullable foreign keys read);
* given the scope's links (D203), only the columns a scope rule may look up: those of
  the table's own keys (its foreign keys' columns, its primary key, which a foreign key
  without a column list references) and those of a name some foreign key of the scope
  references (:attr:`~analyzer.passes.link_context.ScopeLinks.referenced`); every column
  of a table whose name the scope defines more than once, or of every table when a file
  renames one (C002 compares the definitions' columns then: ``names.compared``);
* the file's skipped statements of the kinds the scope rules look for (the blocks a
  CREATE TABLE runs under a condition in, ALTER TABLE and CREATE INDEX forms not read),
  its R007 diagnostics (K003 does not repeat them), its name changes, indexes, key and
  replication changes, replication objects and alias types, as they are.

The replication estimators read whole tables: a scope step with replication to size keeps
its files whole (:func:`analyzer.workflow.scope_reads_whole` decides).

>>> from analyzer.core import analyze_bytes
>>> r = analyze_bytes("t.sql", b"CREATE TABLE t (a int DEFAULT 1 NOT NULL PRIMARY KEY)")
>>> slim = scope_input(r)
>>> slim.tables[0].columns[0].default, slim.tables[0].constraints == r.tables[0].constraints
(None, True)
>>> from analyzer.passes.link_context import scope_links
>>> r = analyze_bytes("t.sql", b"CREATE TABLE t (a int PRIMARY KEY, b int, c int)")
>>> [c.name for c in scope_input(r, scope_links([r])).tables[0].columns]
['a']
"""

from __future__ import annotations

from analyzer.ir import Column, FileResult, Table, field_setter, new_column
from analyzer.passes.link_context import ScopeLinks
from analyzer.rules.engine import BLOCKS
from analyzer.rules.keys import ALTERS_OR_INDEXES

#: Skipped statements a scope rule reads: the conditional blocks a CREATE TABLE may sit
#: in (:func:`analyzer.rules.engine.scope_context`) and the ALTER TABLE / CREATE INDEX
#: forms that may add a key ddlaudit cannot see (:mod:`analyzer.rules.keys`).
SKIPPED_READ = BLOCKS | ALTERS_OR_INDEXES

#: Diagnostics a scope rule reads: R007 (sp_foreignkey to a table not in the input, which
#: K003 does not report again).
DIAGNOSTICS_READ = frozenset({"R007"})

_with_columns = field_setter(Table, "columns")


def _column(c: Column) -> Column:
    # new_column: the slots set directly (1.7 us a column against the record's 3.1; a
    # scope step of 20,000 files reduces about 740,000 columns)
    plain = c.character_set is None and c.collation is None and c.case_specific is None
    if plain and c.user_type is None:
        return new_column(c.name, c.position, c.type, c.nullable, c.nullable_explicit, c.span, None)
    named = {
        "character_set": c.character_set,
        "collation": c.collation,
        "case_specific": c.case_specific,
        "user_type": c.user_type,
    }
    return new_column(c.name, c.position, c.type, c.nullable, c.nullable_explicit, c.span, named)


def _read(table: Table, links: ScopeLinks | None) -> tuple[Column, ...]:
    """The columns of ``table`` a scope step may read, given its scope's ``links``."""
    if links is None:
        return table.columns
    index = links.replication.index
    if index.renamed or len(index.tables.get(table.name.name.lower(), ())) > 1:
        return table.columns  # C002 may compare this definition's columns
    own = {c.lower() for k in table.constraints for c in k.columns}
    referenced = links.referenced  # not copied per table: a large schema names thousands
    return tuple(c for c in table.columns if (n := c.name.lower()) in own or n in referenced)


def _table(table: Table, links: ScopeLinks | None) -> Table:
    found: Table = _with_columns(table, tuple(_column(c) for c in _read(table, links)))
    return found


def scope_input(result: FileResult, links: ScopeLinks | None = None) -> FileResult:
    """``result`` (a checked file) reduced to what the scope rules and the schema graph
    read of it: the same findings, nodes and edges from a fraction of the memory.
    ``links``: the scope's links the file was checked against (None: every column kept)."""
    return FileResult(
        result.path,
        result.dialect,
        result.encoding,
        statements=result.statements,
        tables=tuple(_table(tb, links) for tb in result.tables),
        user_types=result.user_types,
        skipped=tuple(s for s in result.skipped if s.kind in SKIPPED_READ),
        diagnostics=tuple(d for d in result.diagnostics if d.code in DIAGNOSTICS_READ),
        replication_definitions=result.replication_definitions,
        function_replication_definitions=result.function_replication_definitions,
        subscriptions=result.subscriptions,
        publications=result.publications,
        table_changes=result.table_changes,
        replication_definition_changes=result.replication_definition_changes,
        publication_changes=result.publication_changes,
        indexes=result.indexes,
        name_changes=result.name_changes,
    )
