"""The schema graph of one scope as a networkx ``MultiDiGraph``.

Nodes are tables (``kind`` ``table``; attributes ``name``, ``file``, ``line``,
``dialect``) and replication objects (``kind`` ``replication_definition``,
``function_replication_definition``, ``publication``, ``subscription``).  Edges are typed
(``kind``: ``foreign_key``, ``sp_foreignkey``, ``common_key``, ``replicates``,
``subscribes``, ``publishes``) with ``columns``, ``ref_columns``, ``name``, ``file`` and
``line``; keys point child to parent.  Unresolved references are not nodes: they are in
``graph.graph["missing"]`` (and :attr:`SchemaGraph.missing`).  The graph is frozen.

networkx is imported here only, inside the functions: its import costs about 200 ms, which
``ddlaudit lint`` does not pay (its checks use :mod:`analyzer.graph.index`; docs/graph.md).

>>> from analyzer.core import analyze_bytes
>>> from analyzer.rules.engine import scope_context
>>> r = analyze_bytes("t.sql", b"CREATE TABLE p (id int PRIMARY KEY)\\n"
...     b"CREATE TABLE c (id int, p_id int CONSTRAINT fk_c REFERENCES p (id))")
>>> g = build_graph([r], scope_context("t.sql", [r]).lookup).graph
>>> [(a, b, d["kind"], d["name"], d["columns"]) for a, b, d in g.edges(data=True)]
[('c', 'p', 'foreign_key', 'fk_c', ('p_id',))]
>>> g.nodes["p"]["line"], g.nodes["p"]["dialect"]
(1, 'tsql')
"""

from __future__ import annotations

import importlib
import typing as t
from collections.abc import Sequence

from analyzer.graph.index import Lookup, schema_index
from analyzer.graph.model import Missing, Schema
from analyzer.ir import FileResult
from analyzer.records import record


@record
class SchemaGraph:
    """A scope's :class:`~analyzer.graph.model.Schema` and the same as networkx graph."""

    schema: Schema
    #: ``networkx.MultiDiGraph`` (frozen); typed Any: networkx ships no type hints.
    graph: t.Any

    @property
    def missing(self) -> tuple[Missing, ...]:
        return self.schema.missing


def _networkx() -> t.Any:
    # Imported when called, never with the module: the lint must not pay ~200 ms for it.
    # Any: networkx ships no type hints (types-networkx would be one more dependency).
    return importlib.import_module("networkx")


def to_networkx(schema: Schema) -> SchemaGraph:
    """``schema`` as a frozen networkx ``MultiDiGraph`` (see the module docstring)."""
    nx = _networkx()

    graph = nx.MultiDiGraph(missing=schema.missing)
    for node in schema.nodes:
        graph.add_node(
            node.id,
            kind=node.kind,
            name=node.name,
            file=node.file,
            line=node.line,
            dialect=node.dialect,
        )
    for edge in schema.edges:
        graph.add_edge(
            edge.source,
            edge.target,
            kind=edge.kind,
            columns=edge.columns,
            ref_columns=edge.ref_columns,
            name=edge.name,
            file=edge.file,
            line=edge.line,
            optional=edge.optional,
        )
    return SchemaGraph(schema, nx.freeze(graph))


def build_graph(results: Sequence[FileResult], lookup: Lookup) -> SchemaGraph:
    """The schema graph of the scope made of ``results`` (after the passes), references
    resolved with ``lookup`` (``ScopeContext.lookup``)."""
    return to_networkx(schema_index(results, lookup))


def neighbourhood(graph: SchemaGraph, node: str, depth: int) -> Schema:
    """The part of the schema within ``depth`` edges of ``node``, either direction."""
    nx = _networkx()

    near = nx.ego_graph(graph.graph, node, radius=depth, undirected=True)
    return graph.schema.restrict(near.nodes)
