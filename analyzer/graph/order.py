"""Load order: topological generations of the condensation, parents first; drop order.

Each strongly connected component of the enforced foreign keys (a table, or the tables of
a cycle, condensed) gets a generation: 0 when it references no other component, else one
more than the highest generation it references (the longest chain of parents above it).
Loading generation by generation, parents first, satisfies every key between components;
the tables of one generation are independent of each other and may load in parallel.  A
cycle's tables share a generation and load with its deferred keys
(:func:`analyzer.graph.cycles.foreign_key_cycles`) created after.  Dropping runs the
generations backwards, children first.  Tarjan's algorithm emits parents' components
first, so one pass layers them: O(V + E).

>>> from analyzer.graph.model import Edge, Node, Schema
>>> t = tuple(Node(n, "table", n, "f.sql", 1) for n in ("orders", "customer", "a", "b"))
>>> keys = (Edge("orders", "customer", "foreign_key"), Edge("customer", "a", "foreign_key"),
...         Edge("a", "b", "foreign_key"), Edge("b", "a", "foreign_key"))
>>> load_order(Schema(t, keys))
((('a', 'b'),), (('customer',),), (('orders',),))
>>> [[list(g) for g in gen] for gen in drop_order(load_order(Schema(t, keys)))][0]
[['orders']]
"""

from __future__ import annotations

from analyzer.graph.dependencies import dependencies
from analyzer.graph.model import Schema
from analyzer.graph.scc import strongly_connected

#: Generations, parents first; each a tuple of groups (a table, or a cycle's tables),
#: each group sorted by name.
Order = tuple[tuple[tuple[str, ...], ...], ...]


def load_order(schema: Schema) -> Order:
    """The tables of ``schema`` in generations, parents first (see the module docstring)."""
    deps = dependencies(schema)
    component_of = [0] * len(deps.names)
    generation: list[int] = []
    groups: list[tuple[str, ...]] = []
    for number, members in enumerate(strongly_connected(deps.successors)):
        for member in members:
            component_of[member] = number
        # every component a member references was emitted before this one
        above = [
            generation[component_of[parent]]
            for member in members
            for parent in deps.successors[member]
            if component_of[parent] != number
        ]
        generation.append(max(above) + 1 if above else 0)
        groups.append(tuple(sorted((deps.names[m] for m in members), key=str.lower)))
    layers: list[list[tuple[str, ...]]] = [[] for _ in range(max(generation, default=-1) + 1)]
    for number, group in enumerate(groups):
        layers[generation[number]].append(group)
    return tuple(tuple(sorted(layer, key=lambda g: g[0].lower())) for layer in layers)


def drop_order(order: Order) -> Order:
    """The load order backwards: children first (a cycle's deferred keys dropped first)."""
    return tuple(reversed(order))
