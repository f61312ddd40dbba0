"""The schema graph's plain form: nodes, typed edges and unresolved references.

Everything here is a frozen dataclass over strings and tuples, so the lint's checks can
build and walk it without networkx (:mod:`analyzer.graph.build` turns it into a networkx
``MultiDiGraph`` for the ``graph`` command).  A node's ``id`` is unique in its
:class:`Schema`: a table's qualified name as first defined (with its database when
another database of the scope has a table written alike: D201), or ``kind:name`` for a
replication object (a replication definition is often called like its table).

>>> a = Node("a", "table", "a", "a.sql", 1, "tsql")
>>> b = Node("b", "table", "b", "a.sql", 2, "tsql")
>>> fk = Edge("a", "b", "foreign_key", ("b_id",), ("id",), "fk_a_b", "a.sql", 1)
>>> s = Schema((a, b), (fk,))
>>> [n.id for n in s.tables], s.keys == (fk,), fk.label
(['a', 'b'], True, 'fk_a_b (b_id)')
"""

from __future__ import annotations

from collections.abc import Iterable

from analyzer.ir import Span
from analyzer.records import record

#: Edge kinds between tables: a declared foreign key (CREATE / ALTER TABLE), an ASE
#: ``sp_foreignkey`` (syskeys only, not enforced) and an ASE ``sp_commonkey``.
KEY_KINDS = ("foreign_key", "sp_foreignkey", "common_key")

#: Edge kinds of replication: definition -> table, subscription -> definition or
#: publication, publication -> table (one per article).
REPLICATION_KINDS = ("replicates", "subscribes", "publishes")

#: The edges a load or a drop must respect: only declared foreign keys are enforced
#: (sp_foreignkey and sp_commonkey are recorded in syskeys only, docs/decisions.md D34).
DEPENDENCY_KINDS = frozenset({"foreign_key"})


@record
class Node:
    """A table (``kind`` ``table``) or a replication object (``replication_definition``,
    ``function_replication_definition``, ``publication``, ``subscription``)."""

    id: str
    kind: str
    name: str
    file: str
    line: int
    dialect: str | None = None
    span: Span | None = None


@record
class Edge:
    """One typed edge, child to parent for keys (``source`` references ``target``).

    ``columns`` are the referencing columns (an article's published columns, a
    replication definition's columns); ``ref_columns`` the referenced ones.  ``optional``
    is True for a key whose every referencing column allows NULL.
    """

    source: str
    target: str
    kind: str
    columns: tuple[str, ...] = ()
    ref_columns: tuple[str, ...] = ()
    name: str | None = None
    file: str = ""
    line: int = 0
    span: Span | None = None
    optional: bool = False

    @property
    def label(self) -> str:
        """The key's name and columns (``fk_x (a, b)``), what messages and diagrams show."""
        columns = f"({', '.join(self.columns)})" if self.columns else ""
        return " ".join(p for p in (self.name, columns) if p)

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


@record
class Missing:
    """A reference to something the scope does not define: ``source`` (a node id) names
    ``target`` (as written) with an edge of ``kind``."""

    source: str
    target: str
    kind: str
    file: str
    line: int
    span: Span | None = None


@record
class Schema:
    """The nodes, edges and unresolved references of one scope, in file order."""

    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...] = ()
    missing: tuple[Missing, ...] = ()

    @property
    def tables(self) -> tuple[Node, ...]:
        return tuple(n for n in self.nodes if n.kind == "table")

    @property
    def keys(self) -> tuple[Edge, ...]:
        """The edges between tables (foreign keys, sp_foreignkey, sp_commonkey)."""
        return tuple(e for e in self.edges if e.kind in KEY_KINDS)

    def restrict(self, ids: Iterable[str]) -> Schema:
        """The part of the schema on the nodes ``ids``: their edges and missing references."""
        keep = set(ids)
        return Schema(
            tuple(n for n in self.nodes if n.id in keep),
            tuple(e for e in self.edges if e.source in keep and e.target in keep),
            tuple(m for m in self.missing if m.source in keep),
        )
