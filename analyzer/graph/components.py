"""Weakly connected components of the tables, and orphan tables.

Two tables are connected when a key links them either way: a foreign key, an
``sp_foreignkey`` or an ``sp_commonkey`` (each documents a relationship, enforced or not).
Replication objects are not tables and do not join components.  An orphan is a table no
key links to another table and that references nothing missing: a self-reference alone
links it to nothing, and a key to a table outside the scope (K003's) is a link all the
same.  Union-find with path halving: O((V + E) α(V)).

>>> from analyzer.graph.model import Edge, Node, Schema
>>> t = tuple(Node(n, "table", n, "f.sql", 1) for n in ("c", "p", "log", "emp"))
>>> s = Schema(t, (Edge("c", "p", "foreign_key"), Edge("emp", "emp", "foreign_key")))
>>> components(s), orphans(s)
((('c', 'p'), ('emp',), ('log',)), ('log', 'emp'))
"""

from __future__ import annotations

from analyzer.graph.model import KEY_KINDS, Schema


def components(schema: Schema) -> tuple[tuple[str, ...], ...]:
    """The tables in groups linked by keys, largest first, each group sorted by name."""
    names = [n.id for n in schema.tables]
    number = {name: i for i, name in enumerate(names)}
    root = list(range(len(names)))

    def find(i: int) -> int:
        while root[i] != i:
            root[i] = root[root[i]]
            i = root[i]
        return i

    for edge in schema.keys:
        a, b = number.get(edge.source), number.get(edge.target)
        if a is not None and b is not None:
            root[find(a)] = find(b)
    groups: dict[int, list[str]] = {}
    for i, name in enumerate(names):
        groups.setdefault(find(i), []).append(name)
    sorted_groups = (tuple(sorted(g, key=str.lower)) for g in groups.values())
    return tuple(sorted(sorted_groups, key=lambda g: (-len(g), g[0].lower())))


def orphans(schema: Schema) -> tuple[str, ...]:
    """The tables no key links to another table (see the module docstring), schema order."""
    linked = {e.source for e in schema.keys if e.source != e.target}
    linked |= {e.target for e in schema.keys if e.source != e.target}
    linked |= {m.source for m in schema.missing if m.kind in KEY_KINDS}
    return tuple(n.id for n in schema.tables if n.id not in linked)
