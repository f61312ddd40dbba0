"""Strongly connected components (Tarjan, 1972), iterative, O(V + E).

Components come out in reverse topological order of the condensation: a component is
emitted after every component it reaches.  With key edges pointing child to parent, that
is parents first, which :mod:`analyzer.graph.order` uses to layer the load order in the
same pass.  Written here rather than taken from networkx, whose import costs about 200 ms
(docs/graph.md): the lint runs this on every scope.

>>> strongly_connected([[1], [2], [0], [2]])
[[2, 1, 0], [3]]
"""

from __future__ import annotations

from collections.abc import Sequence


def strongly_connected(successors: Sequence[Sequence[int]]) -> list[list[int]]:
    """The components of the graph whose node ``v`` has the edges ``v -> successors[v]``."""
    count = len(successors)
    index = [-1] * count
    low = [0] * count
    on_stack = [False] * count
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in range(count):
        if index[root] >= 0:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        work = [(root, 0)]  # (node, next successor to visit): recursion without recursion
        while work:
            node, i = work[-1]
            nexts = successors[node]
            if i < len(nexts):
                work[-1] = (node, i + 1)
                other = nexts[i]
                if index[other] < 0:
                    index[other] = low[other] = counter
                    counter += 1
                    stack.append(other)
                    on_stack[other] = True
                    work.append((other, 0))
                elif on_stack[other]:
                    low[node] = min(low[node], index[other])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack[member] = False
                    component.append(member)
                    if member == node:
                        break
                out.append(component)
    return out
