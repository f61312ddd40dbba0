"""Every analysis of one scope's schema graph, once: what ``ddlaudit graph`` prints.

>>> from analyzer.graph.model import Edge, Node, Schema
>>> t = tuple(Node(n, "table", n, "f.sql", 1) for n in ("c", "p"))
>>> a = analyse("db/", Schema(t, (Edge("c", "p", "foreign_key"),)))
>>> a.order
((('p',),), (('c',),))
>>> a.drop_order[0], a.cycles, a.components
((('c',),), (), (('c', 'p'),))
"""

from __future__ import annotations

from analyzer.graph.components import components, orphans
from analyzer.graph.cycles import Cycle, foreign_key_cycles, self_references
from analyzer.graph.model import Edge, Schema
from analyzer.graph.order import Order, drop_order, load_order
from analyzer.records import record


@record
class Analysis:
    """A scope's graph and what :mod:`analyzer.graph` finds in it."""

    scope: str
    schema: Schema
    cycles: tuple[Cycle, ...]
    self_references: tuple[Edge, ...]
    components: tuple[tuple[str, ...], ...]
    orphans: tuple[str, ...]
    order: Order
    drop_order: Order


def analyse(scope: str, schema: Schema) -> Analysis:
    """Cycles, self-references, components, orphans, load and drop order of ``schema``."""
    order = load_order(schema)
    return Analysis(
        scope,
        schema,
        foreign_key_cycles(schema),
        self_references(schema),
        components(schema),
        orphans(schema),
        order,
        drop_order(order),
    )
