"""The schema graph: tables, keys and replication objects of a scope, and what follows.

One module per step, as sqlglot's optimizer has one per rule:

* :mod:`~analyzer.graph.model`: :class:`Node`, :class:`Edge`, :class:`Missing`,
  :class:`Schema` (frozen, plain);
* :mod:`~analyzer.graph.index`: :func:`schema_index`, a scope's files -> :class:`Schema`;
* :mod:`~analyzer.graph.build`: :func:`build_graph`, the same as a networkx
  ``MultiDiGraph`` (networkx imported there only, when called), and :func:`neighbourhood`;
* :mod:`~analyzer.graph.scc`, :mod:`~analyzer.graph.dependencies`: Tarjan's components over
  the enforced foreign keys;
* :mod:`~analyzer.graph.cycles`: :func:`foreign_key_cycles` (with the keys to create after
  loading) and :func:`self_references`;
* :mod:`~analyzer.graph.components`: :func:`components`, :func:`orphans`;
* :mod:`~analyzer.graph.order`: :func:`load_order` (generations, parents first),
  :func:`drop_order`;
* :mod:`~analyzer.graph.analysis`: :func:`analyse`, all of them for one scope;
* :mod:`~analyzer.graph.render`: text, JSON, DOT and Mermaid (``ddlaudit graph``).

The lint's G rules (:mod:`analyzer.rules.graph`) use the plain modules only, so
``ddlaudit lint`` never imports networkx.  docs/graph.md has the details.

>>> from analyzer.core import analyze_bytes
>>> from analyzer.rules.engine import scope_context
>>> r = analyze_bytes("t.sql", b"CREATE TABLE a (id int PRIMARY KEY, b_id int REFERENCES b)\\n"
...     b"CREATE TABLE b (id int PRIMARY KEY, a_id int NOT NULL REFERENCES a)")
>>> s = schema_index([r], scope_context("t.sql", [r]).lookup)
>>> [(c.tables, [(k.source, k.target) for k in c.defer]) for c in foreign_key_cycles(s)]
[(('a', 'b'), [('a', 'b')])]
"""

from __future__ import annotations

from analyzer.graph.analysis import Analysis, analyse
from analyzer.graph.build import SchemaGraph, build_graph, neighbourhood, to_networkx
from analyzer.graph.components import components, orphans
from analyzer.graph.cycles import Cycle, foreign_key_cycles, self_references
from analyzer.graph.index import Lookup, schema_index
from analyzer.graph.model import Edge, Missing, Node, Schema
from analyzer.graph.order import Order, drop_order, load_order

__all__ = [
    "Analysis",
    "Cycle",
    "Edge",
    "Lookup",
    "Missing",
    "Node",
    "Order",
    "Schema",
    "SchemaGraph",
    "analyse",
    "build_graph",
    "components",
    "drop_order",
    "foreign_key_cycles",
    "load_order",
    "neighbourhood",
    "orphans",
    "schema_index",
    "self_references",
    "to_networkx",
]
