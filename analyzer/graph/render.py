"""``ddlaudit graph`` output: text, JSON, Graphviz DOT and Mermaid, one or more scopes.

Names come from DDL and may hold anything a quoted identifier can: quotes, backslashes,
line breaks, spaces and dots.  DOT gets synthetic node ids (``n0``) and escaped labels;
Mermaid entity names cannot hold spaces or dots, so each table gets a safe id (``t_`` and
its name with every other character as ``_``) and keeps its real name as the entity's
alias, with Mermaid's entity codes for ``#`` and ``"``.  docs/graph.md shows each format.

>>> from analyzer.graph.analysis import analyse
>>> from analyzer.graph.model import Edge, Node, Schema
>>> t = (Node('sales."q1"', "table", 'sales."q1"', "f.sql", 1), Node("p", "table", "p", "f.sql", 2))
>>> a = analyse("db", Schema(t, (Edge('sales."q1"', "p", "foreign_key", ("p_id",), name="fk"),)))
>>> print(render([a], "mermaid"))
erDiagram
    t_sales__q1_["sales.#quot;q1#quot;"]
    t_p["p"]
    t_sales__q1_ }o--|| t_p : "fk"
<BLANKLINE>
>>> print(render([a], "dot").splitlines()[4])
    n0 [label="sales.\\"q1\\""];
"""

from __future__ import annotations

import json
import re
import typing as t
from collections.abc import Callable, Sequence

from analyzer.graph.analysis import Analysis
from analyzer.graph.model import Edge, Missing, Node, Schema
from analyzer.graph.order import Order

FORMATS = ("text", "json", "dot", "mermaid")

#: Version of the JSON document (docs/graph.md): a new key is a minor bump.
SCHEMA_VERSION = "1.0"


def render(analyses: Sequence[Analysis], fmt: str) -> str:
    """The analyses of every scope in ``fmt`` (one of :data:`FORMATS`), ending with a newline."""
    renderers: dict[str, Callable[[Sequence[Analysis]], str]] = {
        "text": _text,
        "json": _json,
        "dot": _dot,
        "mermaid": _mermaid,
    }
    return renderers[fmt](analyses)


# ------------------------------------------------------------------ text


def _count(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


def _order_lines(order: Order) -> list[str]:
    return [
        f"  {i}. " + ", ".join(g[0] if len(g) == 1 else f"[{', '.join(g)}] (cycle)" for g in gen)
        for i, gen in enumerate(order, 1)
    ]


def _edge_line(e: Edge) -> str:
    ref = f" -> ({', '.join(e.ref_columns)})" if e.ref_columns else ""
    what = " ".join(p for p in (e.kind, e.label) if p)
    return f"  {e.source} -> {e.target}  {what}{ref}  {e.where}"


def _scope_text(a: Analysis) -> list[str]:
    s = a.schema
    tables = s.tables
    keys = s.keys
    others = len(s.nodes) - len(tables)
    out = [
        f"scope {a.scope}: {_count(len(tables), 'table')}, {_count(len(keys), 'key')}, "
        f"{_count(others, 'replication object')}, {len(s.missing)} missing"
    ]
    linked = [c for c in a.components if len(c) > 1]
    out.append(f"components ({len(linked)} of linked tables, {_count(len(a.orphans), 'orphan')}):")
    out += [f"  {i}. {', '.join(c)}" for i, c in enumerate(linked, 1)]
    if a.orphans:
        out.append(f"  orphans: {', '.join(a.orphans)}")
    out.append(f"cycles ({len(a.cycles)}):")
    for c in a.cycles:
        defer = "; ".join(f"{e.source} {e.label} -> {e.target} ({e.where})" for e in c.defer)
        out.append(f"  {', '.join(c.tables)}: create after loading: {defer}")
    if a.self_references:
        out.append(f"self-references ({len(a.self_references)}):")
        out += [_edge_line(e) for e in a.self_references]
    out.append("load order (parents first):")
    out += _order_lines(a.order)
    out.append("drop order (children first):")
    out += _order_lines(a.drop_order)
    out.append(f"edges ({len(s.edges)}):")
    out += [_edge_line(e) for e in s.edges]
    out.append(f"missing ({len(s.missing)}):")
    out += [f"  {m.source} -> {m.target}  {m.kind}  {m.file}:{m.line}" for m in s.missing]
    return out


def _text(analyses: Sequence[Analysis]) -> str:
    blocks = ["\n".join(_scope_text(a)) for a in analyses]
    return "\n\n".join(blocks) + "\n" if blocks else "no input\n"


# ------------------------------------------------------------------ JSON


def _node(n: Node) -> dict[str, t.Any]:
    return {
        "id": n.id,
        "name": n.name,
        "kind": n.kind,
        "file": n.file,
        "line": n.line,
        "dialect": n.dialect,
    }


def _edge(e: Edge) -> dict[str, t.Any]:
    return {
        "from": e.source,
        "to": e.target,
        "kind": e.kind,
        "name": e.name,
        "columns": list(e.columns),
        "ref_columns": list(e.ref_columns),
        "file": e.file,
        "line": e.line,
    }


def _missing(m: Missing) -> dict[str, t.Any]:
    return {"from": m.source, "to": m.target, "kind": m.kind, "file": m.file, "line": m.line}


def _flat(order: Order) -> list[list[str]]:
    return [[name for group in gen for name in group] for gen in order]


def document(analysis: Analysis) -> dict[str, t.Any]:
    """One scope's JSON object (docs/graph.md)."""
    s = analysis.schema
    return {
        "scope": analysis.scope,
        "nodes": [_node(n) for n in s.nodes],
        "edges": [_edge(e) for e in s.edges],
        "missing": [_missing(m) for m in s.missing],
        "components": [list(c) for c in analysis.components],
        "orphans": list(analysis.orphans),
        "cycles": [list(c.tables) for c in analysis.cycles],
        "defer": [[_edge(e) for e in c.defer] for c in analysis.cycles],
        "self_references": [_edge(e) for e in analysis.self_references],
        "order": _flat(analysis.order),
        "drop_order": _flat(analysis.drop_order),
    }


def _json(analyses: Sequence[Analysis]) -> str:
    doc = {"schema_version": SCHEMA_VERSION, "scopes": [document(a) for a in analyses]}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


# ------------------------------------------------------------------ DOT


def _quoted(text: str) -> str:
    """A DOT quoted string (escString): backslash, quote and line breaks escaped."""
    text = text.replace("\\", "\\\\").replace('"', '\\"')
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\n")
    return f'"{text}"'


_DOT_EDGE = {
    "foreign_key": "",
    "sp_foreignkey": ", style=dashed",
    "common_key": ", style=dotted, dir=none",
}
_DOT_REPLICATION = ", style=dashed, color=gray40, fontcolor=gray40"


def _dot_scope(a: Analysis, prefix: str, indent: str) -> list[str]:
    ids = {n.id: f"{prefix}n{i}" for i, n in enumerate(a.schema.nodes)}
    out = []
    for n in a.schema.nodes:
        if n.kind == "table":
            out.append(f"{indent}{ids[n.id]} [label={_quoted(n.name)}];")
        else:
            label = _quoted(f"{n.name}\n({n.kind.replace('_', ' ')})")
            out.append(f"{indent}{ids[n.id]} [label={label}, shape=ellipse, style=dashed];")
    for e in a.schema.edges:
        style = _DOT_EDGE.get(e.kind, _DOT_REPLICATION)
        label = e.label if e.kind in _DOT_EDGE else e.kind
        if e.kind == "publishes" and e.columns:  # an article of some columns only
            label += f" ({', '.join(e.columns)})"
        out.append(f"{indent}{ids[e.source]} -> {ids[e.target]} [label={_quoted(label)}{style}];")
    return out


def _dot(analyses: Sequence[Analysis]) -> str:
    out = [
        'digraph "ddlaudit" {',
        "    rankdir=BT;",
        "    node [shape=box];",
        "    edge [fontsize=10];",
    ]
    if len(analyses) == 1:
        out += _dot_scope(analyses[0], "", "    ")
    else:
        for i, a in enumerate(analyses):
            out.append(f"    subgraph cluster_{i} {{")
            out.append(f"        label={_quoted(a.scope)};")
            out += _dot_scope(a, f"s{i}", "        ")
            out.append("    }")
    out.append("}")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------ Mermaid

_UNSAFE = re.compile(r"[^A-Za-z0-9_]")

#: Relationship of each key kind: many children to one parent; not enforced: dashed.
_MERMAID_EDGE = {
    "foreign_key": "}o--||",
    "sp_foreignkey": "}o..||",
    "common_key": "}o..o{",
}


def _mermaid_text(text: str) -> str:
    """Text inside Mermaid quotes: ``#`` and ``"`` as entity codes, one line."""
    return " ".join(text.replace("#", "#35;").replace('"', "#quot;").splitlines())


def _mermaid_label(e: Edge) -> str:
    if e.kind == "foreign_key":
        return e.name or f"({', '.join(e.columns)})"
    return e.label if e.kind == "sp_foreignkey" else f"common key ({', '.join(e.columns)})"


def _mermaid_scope(schema: Schema, prefix: str, used: set[str]) -> list[str]:
    ids: dict[str, str] = {}
    out = []
    for n in schema.tables:
        base = f"{prefix}t_{_UNSAFE.sub('_', n.name)}"
        chosen, k = base, 1
        while chosen in used:
            k += 1
            chosen = f"{base}_{k}"
        used.add(chosen)
        ids[n.id] = chosen
        out.append(f'    {chosen}["{_mermaid_text(n.name)}"]')
    for e in schema.keys:
        relation = _MERMAID_EDGE[e.kind]
        label = _mermaid_text(_mermaid_label(e))
        out.append(f'    {ids[e.source]} {relation} {ids[e.target]} : "{label}"')
    return out


def _mermaid(analyses: Sequence[Analysis]) -> str:
    out = ["erDiagram"]
    used: set[str] = set()
    for i, a in enumerate(analyses):
        prefix = f"s{i}_" if len(analyses) > 1 else ""
        out += _mermaid_scope(a.schema, prefix, used)
    return "\n".join(out) + "\n"
