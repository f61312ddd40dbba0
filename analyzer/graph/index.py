"""The plain schema graph of one scope: tables, keys and replication objects, O(objects).

Keys come from ``Table.constraints`` after the link pass, so a foreign key added by
``ALTER TABLE`` in another file, an ``sp_foreignkey`` and an ``sp_commonkey`` are there
already (docs/decisions.md D34, D76).  References resolve with the scope's ``lookup``
(:meth:`analyzer.rules.engine.ScopeContext.lookup`: the name as its statement reads it,
the nearest definition), each to the node of the table found; what it does not find is a
:class:`~analyzer.graph.model.Missing`, never a node.  A table is its :func:`analyzer.names.key`
(database and default schema included): a table defined twice is one node, its first
definition (C002 reports the other); one name in two databases is two nodes, each shown
with its database (docs/decisions.md D201).

>>> from analyzer.core import analyze_bytes
>>> r = analyze_bytes("t.sql", b"CREATE TABLE p (id int PRIMARY KEY)\\n"
...     b"CREATE TABLE c (id int, p_id int REFERENCES p (id), q_id int REFERENCES q (id))")
>>> found = {str(t.name): (r, t) for t in r.tables}
>>> s = schema_index([r], lambda name, at: found.get(str(name)))
>>> [(e.source, e.target, e.kind) for e in s.edges], [(m.source, m.target) for m in s.missing]
([('c', 'p', 'foreign_key')], [('c', 'q')])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from analyzer.graph.model import Edge, Missing, Node, Schema
from analyzer.ir import (
    Constraint,
    ConstraintKind,
    FileResult,
    QualifiedName,
    Span,
    Table,
)
from analyzer.names import as_read, database_at, databases
from analyzer.names import key as name_key

#: How a scope resolves a table reference: ``ScopeContext.lookup``.
Lookup = Callable[[QualifiedName, "Span | None"], "tuple[FileResult, Table] | None"]


def _line(span: Span | None) -> int:
    return span.line if span is not None else 0


def _key_kind(key: Constraint) -> str | None:
    if key.kind is ConstraintKind.COMMON_KEY:
        return "common_key"
    if key.kind is ConstraintKind.FOREIGN_KEY:
        return "sp_foreignkey" if key.declared_by == "sp_foreignkey" else "foreign_key"
    return None


def _optional(nullable: dict[str, bool], columns: tuple[str, ...]) -> bool:
    """Every referencing column exists and allows NULL (an unknown column counts as not)."""
    return bool(columns) and all(nullable.get(name.lower(), False) for name in columns)


class _Ids:
    """Unique node ids: a replication object's id gets ``#2``, ``#3`` on a clash."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def take(self, wanted: str) -> str:
        chosen, n = wanted, 1
        while chosen in self.used:
            n += 1
            chosen = f"{wanted}#{n}"
        self.used.add(chosen)
        return chosen


#: A table as :func:`analyzer.names.key` reads it, as a plain tuple (hashed natively: a
#: ``Key`` record's hash costs more, once per table and per lookup of a large scope).
_Read = tuple[str | None, str | None, str]


def _tables(results: Sequence[FileResult]) -> list[tuple[FileResult, Table, _Read, str | None]]:
    """Every table with its key and the database current at its statement (the file's
    dialect and ``USE`` / ``DATABASE``: what ``scope_context`` keys it with and
    ``ScopeContext.lookup`` matches)."""
    out = []
    for result in results:
        uses = databases(result.name_changes) if result.name_changes else ()
        for table in result.tables:
            start = table.span.start if table.span is not None else 0
            database = database_at(uses, start) if uses else None
            k = name_key(table.name, result.dialect, database)
            out.append((result, table, (k.catalog, k.schema, k.name), database))
    return out


def schema_index(results: Sequence[FileResult], lookup: Lookup) -> Schema:
    """Every table of ``results`` (first definitions) and replication object as a node,
    every key and replication link as an edge, every unresolved reference as missing."""
    nodes: list[Node] = []
    edges: list[Edge] = []
    missing: list[Missing] = []
    ids = _Ids()
    table_ids: dict[int, str] = {}  # id(Table) -> node id, for lookup's answers
    firsts: dict[_Read, tuple[FileResult, Table, str | None]] = {}
    groups: list[tuple[_Read, Table]] = []
    for result, table, k, database in _tables(results):
        if k not in firsts:  # a second definition is C002's; its references go to the first
            firsts[k] = (result, table, database)
        groups.append((k, table))
    # a name written alike in two databases is shown with its database (D201)
    written = Counter(str(table.name).lower() for _, table, _ in firsts.values())
    node_ids: dict[_Read, str] = {}
    for k, (result, table, database) in firsts.items():
        name = str(table.name)
        if written[name.lower()] > 1:
            name = str(as_read(table.name, result.dialect, database))
        node_ids[k] = ids.take(name)
        nodes.append(
            Node(
                node_ids[k],
                "table",
                name,
                result.path,
                _line(table.span),
                table.dialect,
                table.span,
            )
        )
    for k, table in groups:
        table_ids[id(table)] = node_ids[k]

    def resolve(name: QualifiedName, at: Span | None = None) -> str | None:
        found = lookup(name, at)
        return table_ids.get(id(found[1])) if found is not None else None

    files = {r.path for r in results}
    for result, table, _ in firsts.values():
        child = table_ids[id(table)]
        nullable: dict[str, bool] | None = None  # built for tables with a key only
        for key in table.constraints:
            kind = _key_kind(key)
            if kind is None or key.ref_table is None:
                continue
            path = key.span.file if key.span is not None else result.path
            if path not in files:
                continue  # another scope's ALTER TABLE or sp_foreignkey: the link pass spans a run
            target = resolve(key.ref_table, key.span)
            if target is None:
                missing.append(
                    Missing(child, str(key.ref_table), kind, path, _line(key.span), key.span)
                )
                continue
            if nullable is None:
                nullable = {c.name.lower(): c.nullable for c in reversed(table.columns)}
            optional = kind == "foreign_key" and _optional(nullable, key.columns)
            edges.append(
                Edge(
                    child,
                    target,
                    kind,
                    key.columns,
                    key.ref_columns,
                    key.name,
                    path,
                    _line(key.span),
                    key.span,
                    optional,
                )
            )
    _replication(results, resolve, ids, nodes, edges, missing)
    return Schema(tuple(nodes), tuple(edges), tuple(missing))


def _replication(
    results: Sequence[FileResult],
    resolve: Callable[[QualifiedName, Span | None], str | None],
    ids: _Ids,
    nodes: list[Node],
    edges: list[Edge],
    missing: list[Missing],
) -> None:
    """Replication definitions, function definitions, publications and subscriptions."""
    targets: dict[tuple[str, str], str] = {}  # (kind, lower name) -> node id, first wins

    def add(kind: str, name: str, result: FileResult, span: Span | None) -> str:
        node_id = ids.take(f"{kind}:{name}")
        targets.setdefault((kind, name.lower()), node_id)
        nodes.append(Node(node_id, kind, name, result.path, _line(span), result.dialect, span))
        return node_id

    def link(
        source: str,
        name: QualifiedName,
        kind: str,
        columns: tuple[str, ...],
        span: Span | None,
        path: str,
    ) -> None:
        target = resolve(name, span)
        if target is None:
            missing.append(Missing(source, str(name), kind, path, _line(span), span))
        else:
            edges.append(Edge(source, target, kind, columns, (), None, path, _line(span), span))

    for result in results:
        for defn in result.replication_definitions:
            node = add("replication_definition", defn.name, result, defn.span)
            columns = tuple(c.name for c in defn.columns)
            link(
                node,
                defn.table or defn.primary_table,
                "replicates",
                columns,
                defn.span,
                result.path,
            )
        for function in result.function_replication_definitions:
            add("function_replication_definition", function.name, result, function.span)
        for publication in result.publications:
            node = add("publication", str(publication.name), result, publication.span)
            for article in publication.articles:
                span = article.span or publication.span
                link(node, article.table, "publishes", article.columns, span, result.path)
    for result in results:
        for sub in result.subscriptions:
            name = sub.name or f"{sub.target}/{sub.user or sub.replicate_database or '?'}"
            node = add("subscription", name, result, sub.span)
            kinds = (
                ("publication",)
                if sub.target_kind == "publication"
                else ("replication_definition", "function_replication_definition")
                if sub.target_kind == "replication_definition"
                else ()
            )
            target = next(
                (
                    targets[(k, sub.target.lower())]
                    for k in kinds
                    if (k, sub.target.lower()) in targets
                ),
                None,
            )
            line = _line(sub.span)
            if target is None:
                missing.append(Missing(node, sub.target, "subscribes", result.path, line, sub.span))
            else:
                edges.append(
                    Edge(node, target, "subscribes", (), (), None, result.path, line, sub.span)
                )
