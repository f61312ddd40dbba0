"""Foreign key cycles, the keys to create after loading to break them, and self-references.

A cycle is a strongly connected component of more than one table over the enforced
foreign keys (:mod:`analyzer.graph.dependencies`): no order loads (or creates, with
inline REFERENCES) its tables with every key in place.  For each, :func:`foreign_key_cycles`
chooses the keys to create after the load (``defer``), one at a time:

1. a key whose every column allows NULL before one with a NOT NULL column: rows can be
   loaded with NULL there and updated once the parent's rows exist, so the key may even
   stay in place; a NOT NULL key has to wait for the data;
2. then the key of the child table with the largest (keys of the cycle pointing at it)
   minus (keys of the cycle it holds), counted over the whole cycle: the table the cycle
   depends on most, placed first as the greedy feedback-arc-set ordering of Eades, Lin and
   Smyth (1993) places it, so deferring its own keys breaks the cycles through it and it
   loads first;
3. then by child, parent and key name, so the choice is stable.

When the component is still cyclic without that key, the rule runs again on what is left:
the deferred keys always leave an order (every cycle loses a key), though not always the
fewest keys (finding those is NP-hard).  Each choice costs O(V + E) of the component; real
schemas need one per cycle.

>>> from analyzer.graph.model import Edge, Node, Schema
>>> t = tuple(Node(n, "table", n, "f.sql", 1) for n in ("dept", "emp"))
>>> keys = (Edge("emp", "dept", "foreign_key", ("dept_id",), name="fk_emp_dept"),
...         Edge("dept", "emp", "foreign_key", ("manager_id",), name="fk_mgr", optional=True))
>>> [(c.tables, [k.name for k in c.defer]) for c in foreign_key_cycles(Schema(t, keys))]
[(('dept', 'emp'), ['fk_mgr'])]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from analyzer.graph.dependencies import dependencies
from analyzer.graph.model import Edge, Schema
from analyzer.graph.scc import strongly_connected
from analyzer.records import record


@record
class Cycle:
    """Tables whose enforced foreign keys form a cycle (sorted by name), every such key
    between them (schema order), and the keys to create after loading (``defer``)."""

    tables: tuple[str, ...]
    keys: tuple[Edge, ...]
    defer: tuple[Edge, ...]


Key = tuple[int, int, Edge]


def _cyclic(keys: Sequence[Key]) -> list[list[Key]]:
    """The keys of each component of more than one table of the graph ``keys`` make."""
    nodes = sorted({k[0] for k in keys} | {k[1] for k in keys})
    local = {n: i for i, n in enumerate(nodes)}
    successors: list[list[int]] = [[] for _ in nodes]
    for child, parent, _ in keys:
        successors[local[child]].append(local[parent])
    found: list[list[Key]] = []
    bucket: dict[int, int] = {}  # local node -> its component's place in ``found``
    for component in strongly_connected(successors):
        if len(component) > 1:
            bucket.update((i, len(found)) for i in component)
            found.append([])
    for key in keys:  # one pass: O(E) whatever the number of cycles
        place = bucket.get(local[key[0]])
        if place is not None and place == bucket.get(local[key[1]]):
            found[place].append(key)
    return found


def _rank(key: Key, referenced: int, names: Sequence[str]) -> tuple[bool, int, str, str, str, int]:
    """Lowest first: nullable, most referenced within the cycle, then by name."""
    child, parent, edge = key
    return (
        not edge.optional,
        -referenced,
        names[child].lower(),
        names[parent].lower(),
        edge.name or "",
        edge.line,
    )


def _defer(keys: Sequence[Key], names: Sequence[str]) -> list[Edge]:
    """The keys to create after loading, by the rule of the module docstring."""
    # Degrees over the whole cycle, once: later picks keep to the same most-referenced
    # table, which becomes the root of what is left.
    into = Counter(parent for _, parent, _ in keys)
    out_of = Counter(child for child, _, _ in keys)
    # A key's rank reads only the whole cycle's degrees: made once, not once per pick.
    rank = {key: _rank(key, into[key[0]] - out_of[key[0]], names) for key in keys}
    chosen: list[Edge] = []
    pending = [list(keys)]
    while pending:
        inner = pending.pop()
        best = min(inner, key=rank.__getitem__)
        chosen.append(best[2])
        pending.extend(_cyclic([k for k in inner if k is not best]))
    return chosen


def foreign_key_cycles(schema: Schema) -> tuple[Cycle, ...]:
    """Every foreign key cycle of ``schema`` (self-references aside), sorted by tables."""
    deps = dependencies(schema)
    out = []
    for keys in _cyclic(deps.keys):
        tables = {deps.names[k[0]] for k in keys}
        out.append(
            Cycle(
                tuple(sorted(tables, key=str.lower)),
                tuple(k[2] for k in keys),
                tuple(_defer(keys, deps.names)),
            )
        )
    return tuple(sorted(out, key=lambda c: [t.lower() for t in c.tables]))


def self_references(schema: Schema) -> tuple[Edge, ...]:
    """Every enforced foreign key from a table to itself, in schema order."""
    return dependencies(schema).self_loops
