"""Table changes of the link pass: keys, replication marks, ALTER TABLE and CREATE INDEX.

Sybase install scripts declare keys and replication marks with system procedures after the
``create table``; this module applies them, and what ``ALTER TABLE ... ADD`` and ``CREATE
INDEX`` add, to the table they name (:func:`link_table_changes`, run by
:func:`analyzer.passes.link_replication.link_replication`):

* ``sp_primarykey`` / ``sp_foreignkey`` / ``sp_commonkey`` (ASE Reference Manual,
  "sp_primarykey": recorded in syskeys, no index, not enforced) become the table's
  constraints, the foreign key's referenced columns being the referenced table's key;
* the keys and check constraints of ``ALTER TABLE ... ADD`` and the indexes of ``CREATE
  INDEX`` (SQL Server, ASE, Teradata) join the table's constraints and indexes as if the
  CREATE TABLE had declared them; one on a table not in the input stays unapplied, without
  a diagnostic (docs/decisions.md D76);
* ``sp_setreplicate`` / ``sp_setreptable`` / ``sp_setrepcol`` / ``sp_add_remote_table``
  fold into ``Table.replication``.

Each procedure call is checked against its table (R007, R008, R012, R014, R015).

>>> from analyzer.ir import *
>>> from analyzer.passes.link_context import file_tables, replication_context
>>> t = Table(QualifiedName("authors"), "sybase",
...           (Column("au_id", 1, DataType("varchar(11)", "VARCHAR", "varchar", 11), False, True),))
>>> key = Constraint(ConstraintKind.PRIMARY_KEY, ("au_id",), declared_by="sp_primarykey")
>>> r = FileResult("f.sql", "sybase", "utf-8", tables=(t,),
...                table_changes=(TableChange("sp_primarykey", QualifiedName("authors"), key),))
>>> tables = file_tables(r, replication_context([r]).index)
>>> out = link_table_changes(r, tables, [])
>>> out.tables[0].primary_key.columns, out.table_changes[0].applied
(('au_id',), True)
>>> declared_key(QualifiedName("authors"), tables)
('au_id',)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from analyzer.ir import (
    ConstraintKind,
    Diagnostic,
    FileResult,
    QualifiedName,
    ReplicationMarking,
    Severity,
    Span,
    Table,
    TableChange,
)
from analyzer.passes.link_context import Tables, TableShape, agrees

#: Changes made by DDL statements (``ALTER TABLE ... ADD``, ``CREATE INDEX``), not ASE
#: procedures: their constraints are declared ones (no ``declared_by``) and the procedure
#: checks (R007, R008, R012, R014) do not apply to them (D76).
STATEMENT_CHANGES = frozenset({"alter table", "create index"})


def link_table_changes(result: FileResult, tables: Tables, diags: list[Diagnostic]) -> FileResult:
    """``result`` with every change of the scope that targets its tables applied to them, and
    its own changes checked and marked applied (or unresolved); diagnostics go to ``diags``.

    ``tables`` is the file's lookup (:func:`~analyzer.passes.link_context.file_tables`).
    """
    own = tables.shapes
    # this file's tables: every call of the scope that targets them
    new_tables = []
    for table, shape in zip(result.tables, own, strict=True):
        mine = [c for c in tables.changes(shape.name) if tables.find(c.table, c.span) is shape]
        new_tables.append(_apply_to_table(table, mine) if mine else table)

    # this file's calls: checked, marked applied (or unresolved)
    changes = []
    for change in result.table_changes:
        target = tables.find(change.table, change.span)
        if change.procedure in STATEMENT_CHANGES:
            # an ALTER of a table defined outside the input is common (migration folders):
            # unapplied, no diagnostic (D76); the K rules check what it adds
            applied = target is not None
            path = target.path if target is not None else None
            changes.append(replace(change, applied=applied, table_path=path))
            continue
        if target is None:
            diags.append(
                Diagnostic(
                    "R007",
                    Severity.WARNING,
                    f"{change.procedure} names table {change.table}, which is not in the input",
                    change.span,
                )
            )
            changes.append(replace(change, applied=False, table_path=None))
            continue
        if (
            target.path == result.path
            and change.span is not None
            and target.start > change.span.start
        ):
            diags.append(
                Diagnostic(
                    "R012",
                    Severity.WARNING,
                    f"{change.procedure} on {change.table} comes before the table is created",
                    change.span,
                )
            )
        changes.append(_check_change(change, target, tables, diags))
    # foreign keys of this file's tables get the referenced key too
    new_tables = [_with_ref_columns(t, tables) for t in new_tables]
    return replace(result, tables=tuple(new_tables), table_changes=tuple(changes))


def _fold_marking(
    current: ReplicationMarking | None, new: ReplicationMarking
) -> ReplicationMarking:
    """The marking after one more call: later calls win, sp_setrepcol statuses per column."""
    base = current or ReplicationMarking()
    columns = list(base.columns)
    for col in new.columns:
        key = (col.column or "").lower()
        columns = [c for c in columns if (c.column or "").lower() != key]
        columns.append(col)
    return ReplicationMarking(
        replicated=new.replicated if new.replicated is not None else base.replicated,
        never=new.never if new.replicated is not None else base.never,
        owner_on=new.owner_on if new.owner_on is not None else base.owner_on,
        use_index=base.use_index or new.use_index,
        marked_by=(*base.marked_by, *new.marked_by),
        columns=tuple(columns),
    )


def declared_key(name: QualifiedName, tables: Tables, at: Span | None = None) -> tuple[str, ...]:
    """The primary key of a table (``name`` read at ``at``): its last sp_primarykey, else
    its declared key.  For a table not in the scope, the last sp_primarykey naming it
    (qualifiers agreeing)."""
    shape = tables.find(name, at)
    changes = tables.changes(name)
    keys = [
        c.constraint.columns
        for c in changes
        if c.procedure == "sp_primarykey"
        and c.constraint is not None
        and tables.find(c.table, c.span) is shape
        and (shape is not None or agrees(c.table, name))
    ]
    if keys:
        return keys[-1]
    if shape is None:
        return ()
    if shape.primary_key:
        return shape.primary_key
    # else a PRIMARY KEY that an ALTER TABLE adds, as Table.primary_key finds it once applied
    added = (
        c.constraint.columns
        for c in changes
        if c.procedure == "alter table"
        and c.constraint is not None
        and c.constraint.kind is ConstraintKind.PRIMARY_KEY
        and tables.find(c.table, c.span) is shape
    )
    return next(added, ())


_LOB_FAMILIES = frozenset({"clob", "nclob", "blob"})


def _check_change(
    change: TableChange, shape: TableShape, tables: Tables, diags: list[Diagnostic]
) -> TableChange:
    """Check one of this file's calls against its table; returns it with ``ref_columns`` filled."""
    columns = {n.lower(): dtype for n, dtype in shape.columns}
    named: list[str] = []
    if change.constraint is not None:
        named = list(change.constraint.columns)
    if change.marking is not None:
        named = [c.column for c in change.marking.columns if c.column is not None]
    for column in named:
        if column.lower() not in columns:
            diags.append(
                Diagnostic(
                    "R008",
                    Severity.WARNING,
                    f"{change.procedure} names column {column!r}, which table {shape.name} "
                    "does not have",
                    change.span,
                )
            )
        elif change.procedure == "sp_setrepcol" and columns[column.lower()].family not in (
            _LOB_FAMILIES
        ):
            diags.append(
                Diagnostic(
                    "R015",
                    Severity.WARNING,
                    f"sp_setrepcol applies to text, unitext and image columns; "
                    f"{shape.name}.{column} is {columns[column.lower()].declared}",
                    change.span,
                )
            )
    constraint = change.constraint
    if constraint is not None and constraint.kind is ConstraintKind.FOREIGN_KEY:
        ref = constraint.ref_table
        key = declared_key(ref, tables, change.span) if ref is not None else ()
        if ref is not None and tables.find(ref, change.span) is None:
            diags.append(
                Diagnostic(
                    "R007",
                    Severity.WARNING,
                    f"sp_foreignkey references table {ref}, which is not in the input",
                    change.span,
                )
            )
        elif not key:
            diags.append(
                Diagnostic(
                    "R014",
                    Severity.WARNING,
                    f"sp_foreignkey references {ref}, which has no primary key "
                    "(sp_primarykey must declare it first)",
                    change.span,
                )
            )
        elif len(key) != len(constraint.columns):
            diags.append(
                Diagnostic(
                    "R014",
                    Severity.WARNING,
                    f"sp_foreignkey gives {len(constraint.columns)} column(s) but the key of "
                    f"{ref} has {len(key)} ({', '.join(key)})",
                    change.span,
                )
            )
        else:
            constraint = replace(constraint, ref_columns=key)
    return replace(change, constraint=constraint, applied=True, table_path=shape.path)


def _apply_to_table(table: Table, changes: Sequence[TableChange]) -> Table:
    # From the table as declared, so that running the pass again changes nothing: an ALTER
    # TABLE's constraint has no declared_by, so one already applied is known by equality.
    added = {
        c.constraint
        for c in changes
        if c.procedure in STATEMENT_CHANGES and c.constraint is not None
    }
    constraints = [c for c in table.constraints if c.declared_by is None and c not in added]
    created = {c.index for c in changes if c.index is not None}
    indexes = [i for i in table.indexes if i not in created]
    marking: ReplicationMarking | None = None
    for change in changes:
        if change.constraint is not None:
            constraints.append(change.constraint)
        if change.index is not None:
            indexes.append(change.index)
        if change.marking is not None:
            marking = _fold_marking(marking, change.marking)
    return replace(
        table, constraints=tuple(constraints), indexes=tuple(indexes), replication=marking
    )


def _with_ref_columns(table: Table, tables: Tables) -> Table:
    """Fill an sp_foreignkey's referenced columns with the referenced table's key."""
    if not any(c.declared_by == "sp_foreignkey" and not c.ref_columns for c in table.constraints):
        return table
    constraints = []
    for c in table.constraints:
        if c.declared_by == "sp_foreignkey" and not c.ref_columns and c.ref_table is not None:
            key = declared_key(c.ref_table, tables, c.span)
            if key and len(key) == len(c.columns):
                c = replace(c, ref_columns=key)
        constraints.append(c)
    return replace(table, constraints=tuple(constraints))
