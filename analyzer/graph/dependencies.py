"""The tables of a schema as integers and the enforced foreign keys between them.

Only :data:`~analyzer.graph.model.DEPENDENCY_KINDS` edges count (declared foreign keys):
an ``sp_foreignkey`` or ``sp_commonkey`` is not enforced, so it neither orders a load nor
blocks a drop.  A key from a table to itself is kept apart (``self_loops``): no order can
put a table before itself, and G002 reports it on its own.

>>> from analyzer.graph.model import Edge, Node, Schema
>>> t = [Node(n, "table", n, "f.sql", 1) for n in "ab"]
>>> keys = (Edge("a", "b", "foreign_key"), Edge("a", "a", "foreign_key"))
>>> d = dependencies(Schema(tuple(t), keys))
>>> d.names, d.successors, len(d.self_loops)
(('a', 'b'), ((1,), ()), 1)
"""

from __future__ import annotations

from analyzer.graph.model import DEPENDENCY_KINDS, Edge, Schema
from analyzer.records import record


@record
class Dependencies:
    """``names[i]`` is table ``i``; ``keys`` are ``(child, parent, edge)`` between two
    tables, ``successors[i]`` the parents of table ``i`` (one entry per key)."""

    names: tuple[str, ...]
    keys: tuple[tuple[int, int, Edge], ...]
    successors: tuple[tuple[int, ...], ...]
    self_loops: tuple[Edge, ...]


def dependencies(schema: Schema) -> Dependencies:
    """The enforced foreign keys of ``schema`` over its tables, in schema order."""
    names = tuple(n.id for n in schema.tables)
    number = {name: i for i, name in enumerate(names)}
    keys: list[tuple[int, int, Edge]] = []
    loops: list[Edge] = []
    parents: list[list[int]] = [[] for _ in names]
    for edge in schema.edges:
        if edge.kind not in DEPENDENCY_KINDS:
            continue
        child, parent = number.get(edge.source), number.get(edge.target)
        if child is None or parent is None:
            continue
        if child == parent:
            loops.append(edge)
            continue
        keys.append((child, parent, edge))
        parents[child].append(parent)
    return Dependencies(names, tuple(keys), tuple(tuple(p) for p in parents), tuple(loops))
