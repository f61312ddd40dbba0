"""Link replication statements to the tables they describe, and check them.

Sybase install scripts declare keys and replication marks with system procedures after the
``create table``, and Replication Server / SQL Remote definitions name tables the scripts
create (perhaps in another file).  This pass, run after :mod:`resolve_user_types`, does in
order (one module each; docs/decisions.md D144):

* the table changes (:mod:`~analyzer.passes.link_tables`): ``sp_primarykey`` /
  ``sp_foreignkey`` / ``sp_commonkey``, the keys, checks and indexes of ``ALTER TABLE ...
  ADD`` and ``CREATE INDEX`` (D76), the ``sp_setreplicate`` family folded into
  ``Table.replication``;
* the Replication Server definitions (:mod:`~analyzer.passes.link_definitions`): ``alter
  [function] replication definition`` clauses applied, each definition linked to its primary
  table and its column list checked against it;
* the publications and subscriptions (:mod:`~analyzer.passes.link_publications`): SQL Remote
  for ASE articles from ``sp_add_article`` / ``sp_add_article_col``, every article linked to
  its table, subscriptions linked to their replication definition or publication;

and, here, warns when an ``sp_addtype`` type is used before the script defines it.

Tables, changes and definitions of the other files of the same scope arrive in
``replication`` (a :class:`ReplicationContext` built by :func:`replication_context` over the
scope's files, as ``user_types`` does for alias types; docs/decisions.md, D6, D31 and D77;
:mod:`~analyzer.passes.link_context`, whose names this module exports too).
The context indexes its objects by name once (:class:`ContextIndex`), so linking a file
costs the objects of the names it uses, not the scope's: a run links in time linear in its
files.  Nothing is dropped: an unresolved statement stays in the IR with ``resolved`` /
``applied`` False and a diagnostic.

>>> from analyzer.ir import *
>>> t = Table(QualifiedName("authors"), "sybase",
...           (Column("au_id", 1, DataType("varchar(11)", "VARCHAR", "varchar", 11), False, True),))
>>> key = Constraint(ConstraintKind.PRIMARY_KEY, ("au_id",), declared_by="sp_primarykey")
>>> r = FileResult("f.sql", "sybase", "utf-8", tables=(t,),
...                table_changes=(TableChange("sp_primarykey", QualifiedName("authors"), key),))
>>> out = link_replication(r)
>>> out.tables[0].primary_key.declared_by, out.table_changes[0].applied
('sp_primarykey', True)
"""

from __future__ import annotations

import typing as t
from collections.abc import Sequence
from dataclasses import replace

from analyzer.ir import Diagnostic, FileResult, Severity, Span, UserType
from analyzer.passes.link_context import (
    ContextIndex,
    ReplicationContext,
    ScopeLinks,
    TableShape,
    file_context,
    file_tables,
    merge_contexts,
    merge_links,
    replication_context,
    scope_links,
)
from analyzer.passes.link_definitions import link_definitions
from analyzer.passes.link_publications import link_publications
from analyzer.passes.link_tables import STATEMENT_CHANGES, link_table_changes
from analyzer.passes.resolve_user_types import UserTypes, types_for

__all__ = [
    "STATEMENT_CHANGES",
    "ContextIndex",
    "ReplicationContext",
    "ScopeLinks",
    "TableShape",
    "file_context",
    "link_replication",
    "merge_contexts",
    "merge_links",
    "replication_context",
    "scope_links",
]


def link_replication(
    result: FileResult,
    user_types: Sequence[UserType] = (),
    replication: ReplicationContext | None = None,
) -> FileResult:
    """Apply and check this file's replication statements (see the module docstring).

    ``replication`` is the context of every file of the scope (None: this file alone);
    ``user_types`` the scope's alias types (a :class:`UserTypes` is indexed once).
    """
    diags: list[Diagnostic] = []
    if result.user_types:
        _used_before_defined(result, user_types, diags)
    if replication is None:
        if _replication_free(result):
            return _with(result, diags)
        replication = replication_context([result])
    elif _replication_free(result) and not (replication.table_changes and result.tables):
        return _with(result, diags)

    index = replication.index
    tables = file_tables(result, index)
    types = types_for(user_types, result.user_types)
    result = link_table_changes(result, tables, diags)
    result = link_definitions(result, tables, types, diags)
    result = link_publications(result, tables, diags)
    return _with(result, diags)


def _replication_free(result: FileResult) -> bool:
    return not (
        result.table_changes
        or result.replication_definitions
        or result.replication_definition_changes
        or result.function_replication_definitions
        or result.subscriptions
        or result.publications
        or result.publication_changes
    )


# ------------------------------------------------------------------ used before defined


def _defined_elsewhere(user_types: Sequence[UserType], path: str) -> t.Callable[[str], bool]:
    """``upper-case type name -> defined in a file other than path?``"""
    if isinstance(user_types, UserTypes):  # the scope's types by name, indexed once
        files = user_types.files
        return lambda key: any(f != path for f in files.get(key, ()))
    names = {str(u.name).upper() for u in user_types if u.span is not None and u.span.file != path}
    return names.__contains__


def _used_before_defined(
    result: FileResult, user_types: Sequence[UserType], diags: list[Diagnostic]
) -> None:
    """Warn where the script uses an alias type before its sp_addtype / CREATE TYPE."""
    elsewhere = _defined_elsewhere(user_types, result.path)
    first: dict[str, int] = {}
    for ut in result.user_types:
        if ut.span is not None:
            key = str(ut.name).upper()
            first[key] = min(first.get(key, ut.span.start), ut.span.start)

    def check(name: str, at: Span | None, where: str) -> None:
        key = name.upper()
        defined = first.get(key)
        if at is None or defined is None or defined < at.start or elsewhere(key):
            return
        diags.append(
            Diagnostic(
                "R012",
                Severity.WARNING,
                f"type {name!r} is used by {where} before the script defines it; "
                "run the definition first",
                at,
            )
        )

    for table in result.tables:
        for column in table.columns:
            if column.user_type is not None:
                check(column.user_type, column.span, f"column {table.name}.{column.name}")
    for ut in result.user_types:
        if ut.base.family == "udt":
            check(ut.base.declared, ut.span, f"type {ut.name}")


def _with(result: FileResult, diags: list[Diagnostic]) -> FileResult:
    known = set(result.diagnostics)
    new = [d for d in diags if d not in known]  # a second run adds nothing
    if not new:
        return result
    return replace(result, diagnostics=(*result.diagnostics, *new))
