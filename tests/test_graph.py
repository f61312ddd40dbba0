"""The schema graph (analyzer/graph/) and ``ddlaudit graph``: edges from every source (foreign
keys, ALTER TABLE in another file, sp_foreignkey, sp_commonkey, replication), the analyses
against networkx on random graphs, each output format read back, and the exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import networkx as nx  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.cli import main
from analyzer.cli.graph import scope_results
from analyzer.core import Options
from analyzer.graph import (
    Edge,
    Node,
    Schema,
    analyse,
    build_graph,
    components,
    foreign_key_cycles,
    load_order,
    neighbourhood,
    orphans,
    schema_index,
    self_references,
)
from analyzer.graph.scc import strongly_connected
from analyzer.rules.engine import scope_context

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def _run(*args: str, input: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def _graph_json(*args: str, input: bytes | None = None) -> Any:
    code, out, err = _run("graph", "--format", "json", *args, input=input)
    assert code == 0, err
    return json.loads(out)


def _scope(*paths: str | Path) -> Schema:
    """The schema of ``paths`` taken together as one scope."""
    scoped, _ = scope_results([str(p) for p in paths], Options())
    results = [r for _, rs in scoped for r in rs]
    return schema_index(results, scope_context("test", results).lookup)


def _write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def _keys(schema: Schema) -> list[tuple[str, str, str, tuple[str, ...], int]]:
    return [(e.source, e.target, e.kind, e.columns, e.line) for e in schema.edges]


# ------------------------------------------------------------------ random graphs


def _schema(count: int, edges: list[tuple[int, int, bool]]) -> Schema:
    nodes = tuple(Node(f"t{i}", "table", f"t{i}", "f.sql", i + 1) for i in range(count))
    keys = tuple(
        Edge(
            f"t{a}",
            f"t{b}",
            "foreign_key",
            (f"c{k}",),
            ("id",),
            f"fk{k}",
            "f.sql",
            k + 1,
            None,
            opt,
        )
        for k, (a, b, opt) in enumerate(edges)
    )
    return Schema(nodes, keys)


@st.composite
def _dags(draw: st.DrawFn) -> tuple[int, list[tuple[int, int, bool]], list[int]]:
    """A random DAG: node ``rank[i]`` is the i-th of a hidden order, every key points from a
    later node to an earlier one (child to parent); parallel keys allowed."""
    count = draw(st.integers(1, 24))
    rank = draw(st.permutations(range(count)))
    pairs = draw(
        st.lists(st.tuples(st.integers(0, count - 1), st.integers(0, count - 1)), max_size=60)
    )
    edges = [(rank[max(a, b)], rank[min(a, b)], draw(st.booleans())) for a, b in pairs if a != b]
    return count, edges, list(rank)


def _generation(order: tuple[tuple[tuple[str, ...], ...], ...]) -> dict[str, int]:
    return {name: g for g, gen in enumerate(order) for group in gen for name in group}


def _nx_generations(schema: Schema) -> list[set[str]]:
    """networkx's answer: topological generations of the reversed condensation."""
    graph = nx.DiGraph()
    graph.add_nodes_from(n.id for n in schema.tables)
    graph.add_edges_from((e.source, e.target) for e in schema.edges if e.source != e.target)
    condensed = nx.condensation(graph)
    members = condensed.graph["mapping"]
    by_component: dict[int, set[str]] = {}
    for name, component in members.items():
        by_component.setdefault(component, set()).add(name)
    return [
        set().union(*(by_component[c] for c in gen))
        for gen in nx.topological_generations(condensed.reverse(copy=True))
    ]


@settings(max_examples=150, deadline=None)
@given(_dags())
def test_dag_every_key_goes_from_a_later_generation_to_an_earlier_one(
    dag: tuple[int, list[tuple[int, int, bool]], list[int]],
) -> None:
    count, edges, _ = dag
    schema = _schema(count, edges)
    order = load_order(schema)
    gen = _generation(order)
    assert sorted(gen) == sorted(n.id for n in schema.tables)  # every table exactly once
    assert sum(len(group) for g in order for group in g) == count
    for e in schema.edges:
        assert gen[e.source] > gen[e.target], (e.source, e.target, order)
    assert foreign_key_cycles(schema) == ()
    assert [{n for group in g for n in group} for g in order] == _nx_generations(schema)
    assert analyse("s", schema).drop_order == tuple(reversed(order))


@settings(max_examples=200, deadline=None)
@given(_dags(), st.data())
def test_random_cycles_each_reported_once_and_the_rest_respects_the_order(
    dag: tuple[int, list[tuple[int, int, bool]], list[int]], data: st.DataObject
) -> None:
    count, edges, rank = dag
    back = data.draw(st.lists(st.tuples(st.integers(0, count - 1), st.integers(0, count - 1))))
    # keys from an earlier node to a later one close cycles; a == b is a self-reference
    extra = [(rank[min(a, b)], rank[max(a, b)], data.draw(st.booleans())) for a, b in back]
    schema = _schema(count, edges + extra)
    cycles = foreign_key_cycles(schema)

    graph = nx.MultiDiGraph()
    graph.add_nodes_from(n.id for n in schema.tables)
    graph.add_edges_from((e.source, e.target) for e in schema.edges if e.source != e.target)
    expected = sorted(sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1)
    assert sorted(sorted(c.tables) for c in cycles) == expected  # each exactly once
    in_cycle = [t for c in cycles for t in c.tables]
    assert len(in_cycle) == len(set(in_cycle))

    order = load_order(schema)
    gen = _generation(order)
    group = {name: grp for g in order for grp in g for name in grp}
    for e in schema.edges:
        if e.source == e.target:
            continue
        if group[e.source] == group[e.target]:
            assert gen[e.source] == gen[e.target]  # a cycle is condensed into one group
        else:
            assert gen[e.source] > gen[e.target]
    assert sorted(sorted(g) for gen_ in order for g in gen_ if len(g) > 1) == expected
    assert [{n for grp in g for n in grp} for g in order] == _nx_generations(schema)

    # the deferred keys break every cycle, lie in their cycle, nullable ones first
    deferred = {e for c in cycles for e in c.defer}
    rest = nx.DiGraph()
    rest.add_edges_from(
        (e.source, e.target) for e in schema.edges if e.source != e.target and e not in deferred
    )
    assert nx.is_directed_acyclic_graph(rest)
    for c in cycles:
        assert set(c.defer) <= set(c.keys)
        assert all(e.source in c.tables and e.target in c.tables for e in c.keys)
        if any(e.optional for e in c.keys):
            assert c.defer[0].optional
    assert self_references(schema) == tuple(e for e in schema.edges if e.source == e.target)

    weak = nx.Graph()
    weak.add_nodes_from(n.id for n in schema.tables)
    weak.add_edges_from((e.source, e.target) for e in schema.edges)
    assert sorted(sorted(c) for c in components(schema)) == sorted(
        sorted(c) for c in nx.connected_components(weak)
    )
    assert set(orphans(schema)) == {
        n for n in weak.nodes if not any(m != n for m in weak.neighbors(n))
    }


def test_long_chains_need_no_recursion() -> None:
    """Tarjan is iterative: a 100,000-table chain (and a cycle of them) is fine."""
    count = 100_000
    chain = [[i + 1] for i in range(count - 1)] + [[]]
    assert len(strongly_connected(chain)) == count
    chain[-1] = [0]
    assert [len(c) for c in strongly_connected(chain)] == [count]
    schema = _schema(2000, [(i + 1, i, False) for i in range(1999)])
    assert len(load_order(schema)) == 2000


def test_the_nullable_key_is_deferred_then_the_most_referenced_tables() -> None:
    # t0, t1, t2 <-> t3: every table of the cycle is as referenced as it references
    hub = [(i, 3, False) for i in range(3)] + [(3, i, False) for i in range(3)]
    (cycle,) = foreign_key_cycles(_schema(4, hub))
    assert [(e.source, e.target) for e in cycle.defer] == [("t0", "t3"), ("t1", "t3"), ("t2", "t3")]
    # one more key to t3: t3 is referenced more than it references, all its keys wait
    (cycle,) = foreign_key_cycles(_schema(4, [*hub, (0, 3, False)]))
    assert [(e.source, e.target) for e in cycle.defer] == [("t3", "t0"), ("t3", "t1"), ("t3", "t2")]
    # a nullable key comes before everything
    (cycle,) = foreign_key_cycles(_schema(4, [*hub[:-1], (3, 2, True)]))
    assert cycle.defer[0].optional and (cycle.defer[0].source, cycle.defer[0].target) == (
        "t3",
        "t2",
    )


# ------------------------------------------------------------------ edges from DDL


def test_cycle_across_files_with_an_alter_table_in_another_file(tmp_path: Path) -> None:
    _write(tmp_path, "a.sql", "CREATE TABLE a (id int NOT NULL PRIMARY KEY, x int NULL)\nGO\n")
    _write(
        tmp_path,
        "b.sql",
        """
        CREATE TABLE b (id int NOT NULL PRIMARY KEY, a_id int NOT NULL REFERENCES a (id))
        GO
        ALTER TABLE a ADD CONSTRAINT fk FOREIGN KEY (x) REFERENCES b (id)
        GO
        """,
    )
    schema = _scope(tmp_path)
    b_sql = str(tmp_path / "b.sql")
    assert sorted(_keys(schema)) == [
        ("a", "b", "foreign_key", ("x",), 3),
        ("b", "a", "foreign_key", ("a_id",), 1),
    ]
    assert {e.file for e in schema.edges} == {b_sql}
    (cycle,) = foreign_key_cycles(schema)
    assert cycle.tables == ("a", "b")
    assert [(e.name, e.source, e.target, e.file, e.line) for e in cycle.defer] == [
        ("fk", "a", "b", b_sql, 3)
    ]
    doc = _graph_json(str(tmp_path))
    (scope,) = doc["scopes"]
    assert scope["cycles"] == [["a", "b"]]
    assert scope["order"] == [["a", "b"]]
    assert [d["name"] for d in scope["defer"][0]] == ["fk"]


def test_an_alter_table_of_another_scope_adds_no_edge(tmp_path: Path) -> None:
    (tmp_path / "db").mkdir()
    (tmp_path / "migrations").mkdir()
    _write(
        tmp_path / "db",
        "t.sql",
        "CREATE TABLE a (id int PRIMARY KEY, x int NULL)\nGO\n"
        "CREATE TABLE b (id int PRIMARY KEY)\nGO\n",
    )
    _write(
        tmp_path / "migrations",
        "m.sql",
        "ALTER TABLE a ADD CONSTRAINT fk FOREIGN KEY (x) REFERENCES b (id)\nGO\n",
    )
    for marked in ("db", "migrations"):  # two scopes (two PATHs alone are one: D167)
        (tmp_path / marked / "ddlaudit.toml").write_text("")
    doc = _graph_json(str(tmp_path / "db"), str(tmp_path / "migrations"))
    db, migrations = doc["scopes"]
    assert db["edges"] == [] and db["orphans"] == ["a", "b"]
    assert migrations["nodes"] == [] and migrations["edges"] == []


def test_self_reference_and_missing_tables(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "e.sql",
        """
        CREATE TABLE emp (
            id int NOT NULL PRIMARY KEY,
            boss int NULL CONSTRAINT fk_boss REFERENCES emp (id),
            dept int NOT NULL REFERENCES dbo.dept (id)
        )
        GO
        CREATE TABLE emp (id int)
        GO
        """,
    )
    schema = _scope(path)
    assert [n.id for n in schema.nodes] == ["emp"]  # the second definition is C002's
    (loop,) = self_references(schema)
    assert (loop.name, loop.columns, loop.optional, loop.line) == ("fk_boss", ("boss",), True, 3)
    assert foreign_key_cycles(schema) == ()
    assert [(m.source, m.target, m.kind, m.line) for m in schema.missing] == [
        ("emp", "dbo.dept", "foreign_key", 4)
    ]
    assert load_order(schema) == ((("emp",),),)
    assert orphans(schema) == ()  # a key to a missing table links it


def test_sp_foreignkey_and_sp_commonkey_from_a_sybase_script() -> None:
    path = FIXTURES / "sybase" / "classic_keys_replication.sql"
    schema = _scope(path)
    assert sorted(_keys(schema)) == [
        ("titleauthor", "authors", "sp_foreignkey", ("au_id",), 42),
        ("titleauthor", "titles", "sp_foreignkey", ("title_id",), 44),
        ("titles", "publishers", "common_key", ("pub_id",), 46),
    ]
    assert {e.ref_columns for e in schema.edges} == {("au_id",), ("title_id",), ("pub_id",)}
    # not enforced: they order nothing and close no cycle, but they link the tables
    assert load_order(schema) == ((("authors",), ("publishers",), ("titleauthor",), ("titles",)),)
    assert components(schema) == (("authors", "publishers", "titleauthor", "titles"),)
    assert orphans(schema) == ()


def test_replication_edges_of_a_replication_server_script() -> None:
    schema = _scope(FIXTURES / "replication" / "pubs_repserver.sql")
    kinds = {n.id: n.kind for n in schema.nodes}
    assert kinds == {
        "authors": "table",
        "titles": "table",
        "au_pix": "table",
        "replication_definition:authors_rd": "replication_definition",
        "replication_definition:au_pix_rd": "replication_definition",
        "function_replication_definition:upd_price": "function_replication_definition",
        "subscription:authors_ny": "subscription",
        "subscription:authors_ca": "subscription",
    }
    assert [(e.source, e.target, e.kind, e.line) for e in schema.edges] == [
        ("replication_definition:authors_rd", "authors", "replicates", 36),
        ("replication_definition:au_pix_rd", "au_pix", "replicates", 44),
        ("subscription:authors_ny", "replication_definition:authors_rd", "subscribes", 56),
        ("subscription:authors_ca", "replication_definition:authors_rd", "subscribes", 59),
    ]
    assert schema.edges[1].columns == ("au_id", "pic", "format_type")
    assert schema.missing == ()
    # replication objects are not tables: no component, no order
    assert orphans(schema) == ("authors", "titles", "au_pix")


def test_publication_articles_and_a_missing_article_table() -> None:
    schema = _scope(FIXTURES / "sybase" / "sql_anywhere_publication.sql")
    assert [(e.source, e.target, e.kind, e.columns, e.line) for e in schema.edges] == [
        ("publication:SalesRepData", "Customer", "publishes", ("cust_key", "name", "rep_key"), 18),
        ("publication:SalesRepData", "Contact", "publishes", (), 19),
        ("publication:PricesOnly", "Customer", "publishes", ("cust_key", "name"), 23),
    ]
    assert [(m.source, m.target, m.kind, m.line) for m in schema.missing] == [
        ("publication:SalesRepData", "dba.Region", "publishes", 21)
    ]


def test_sql_remote_subscriptions_without_names() -> None:
    schema = _scope(FIXTURES / "sybase" / "sql_remote_ase.sql")
    subs = [(e.source, e.target) for e in schema.edges if e.kind == "subscribes"]
    assert subs == [
        ("subscription:SalesRepData/rep5", "publication:SalesRepData"),
        ("subscription:SalesRepData/rep6", "publication:SalesRepData"),
    ]


def test_build_graph_is_a_frozen_networkx_multidigraph(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "t.sql",
        """
        CREATE TABLE p (id int NOT NULL PRIMARY KEY, k int NOT NULL UNIQUE)
        GO
        CREATE TABLE c (id int NOT NULL PRIMARY KEY,
            a int NOT NULL CONSTRAINT fk_a REFERENCES p (id),
            b int NOT NULL CONSTRAINT fk_b REFERENCES p (k),
            z int NULL REFERENCES nowhere (id))
        GO
        """,
    )
    scoped, _ = scope_results([str(path)], Options())
    results = scoped[0][1]
    built = build_graph(results, scope_context("t", results).lookup)
    g = built.graph
    assert isinstance(g, nx.MultiDiGraph) and nx.is_frozen(g)
    assert g.nodes["c"] == {
        "kind": "table",
        "name": "c",
        "file": str(path),
        "line": 3,
        "dialect": "tsql",
    }
    assert sorted(
        (d["name"], d["columns"], d["ref_columns"], d["line"]) for *_, d in g.edges(data=True)
    ) == [("fk_a", ("a",), ("id",), 4), ("fk_b", ("b",), ("k",), 5)]
    assert g.number_of_edges("c", "p") == 2  # two keys, two edges
    assert (
        [m.target for m in g.graph["missing"]] == ["nowhere"] == [m.target for m in built.missing]
    )
    assert "nowhere" not in g
    assert neighbourhood(built, "p", 0).nodes == tuple(n for n in built.schema.nodes if n.id == "p")


# ------------------------------------------------------------------ two databases (D201)

#: A parent and a child in database ``{db}`` (T-SQL: ``USE {db}``), as a deploy script has them.
USE_DB = (
    "USE {db}\nGO\nCREATE TABLE orders (id int NOT NULL PRIMARY KEY)\nGO\n"
    "CREATE TABLE {child} (id int NOT NULL PRIMARY KEY,\n"
    "    order_id int NOT NULL REFERENCES orders (id))\nGO\n"
)


def _two(tmp_path: Path, a: str, b: str) -> Schema:
    _write(tmp_path, "a.sql", a)
    _write(tmp_path, "b.sql", b)
    return _scope(tmp_path)


def test_a_name_of_two_databases_is_two_nodes(tmp_path: Path) -> None:
    schema = _two(
        tmp_path,
        USE_DB.format(db="sales", child="items"),
        USE_DB.format(db="Archive", child="old_items"),
    )
    # the name alike in both is shown with its database; the others keep their names
    assert [(n.id, n.name, Path(n.file).name, n.line) for n in schema.nodes] == [
        ("sales.dbo.orders", "sales.dbo.orders", "a.sql", 3),
        ("items", "items", "a.sql", 5),
        ("Archive.dbo.orders", "Archive.dbo.orders", "b.sql", 3),
        ("old_items", "old_items", "b.sql", 5),
    ]
    # each key to the orders of its own database; nothing missing
    assert [(e.source, e.target, Path(e.file).name) for e in schema.edges] == [
        ("items", "sales.dbo.orders", "a.sql"),
        ("old_items", "Archive.dbo.orders", "b.sql"),
    ]
    assert schema.missing == ()
    assert components(schema) == (
        ("Archive.dbo.orders", "old_items"),
        ("items", "sales.dbo.orders"),
    )


def test_qualified_names_of_two_databases(tmp_path: Path) -> None:
    schema = _two(
        tmp_path,
        "CREATE TABLE sales.dbo.orders (id int NOT NULL PRIMARY KEY)\nGO\n"
        "CREATE TABLE sales.dbo.items (id int NOT NULL PRIMARY KEY,\n"
        "    order_id int REFERENCES sales.dbo.orders (id))\nGO\n",
        "CREATE TABLE archive.dbo.orders (id int NOT NULL PRIMARY KEY)\nGO\n"
        "CREATE TABLE archive.dbo.items (id int NOT NULL PRIMARY KEY,\n"
        "    order_id int REFERENCES archive.dbo.orders (id))\nGO\n",
    )
    assert [n.id for n in schema.nodes] == [
        "sales.dbo.orders",
        "sales.dbo.items",
        "archive.dbo.orders",
        "archive.dbo.items",
    ]
    assert [(e.source, e.target) for e in schema.edges] == [
        ("sales.dbo.items", "sales.dbo.orders"),
        ("archive.dbo.items", "archive.dbo.orders"),
    ]


@pytest.mark.parametrize("end", [";", ""])  # DATABASE x without ; reads the same (D200)
def test_teradata_database_of_each_file(tmp_path: Path, end: str) -> None:
    ddl = (
        "DATABASE {db}" + end + "\nCREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY);\n"
        "CREATE TABLE {child} (id INTEGER NOT NULL, t_id INTEGER REFERENCES t (id));\n"
    )
    for name, db, child in (("a.sql", "a", "u"), ("b.sql", "b", "v")):
        _write(tmp_path, name, ddl.format(db=db, child=child))
    scoped, _ = scope_results([str(tmp_path)], Options(dialect="teradata"))
    results = [r for _, rs in scoped for r in rs]
    schema = schema_index(results, scope_context("test", results).lookup)
    assert [n.id for n in schema.nodes] == ["a.t", "u", "b.t", "v"]
    assert [(e.source, e.target) for e in schema.edges] == [("u", "a.t"), ("v", "b.t")]


def test_one_database_keeps_todays_names(tmp_path: Path) -> None:
    # written alike in one database: one node, named as first written (a redefinition,
    # C002's); a name written two ways in one database is one table too
    schema = _two(
        tmp_path,
        "CREATE TABLE dbo.orders (id int NOT NULL PRIMARY KEY)\nGO\n",
        "CREATE TABLE orders (id int NOT NULL PRIMARY KEY)\nGO\n"
        "CREATE TABLE items (id int, order_id int REFERENCES orders (id))\nGO\n",
    )
    assert [n.id for n in schema.nodes] == ["dbo.orders", "items"]
    assert [(e.source, e.target) for e in schema.edges] == [("items", "dbo.orders")]


def test_a_key_to_a_table_defined_again_in_its_file_resolves(tmp_path: Path) -> None:
    # the reference reads the nearest definition (the second); the graph has the first
    path = _write(
        tmp_path,
        "t.sql",
        "CREATE TABLE p (id int PRIMARY KEY)\nGO\nCREATE TABLE p (id int PRIMARY KEY)\nGO\n"
        "CREATE TABLE c (id int, p_id int REFERENCES p (id))\nGO\n",
    )
    schema = _scope(path)
    assert [(n.id, n.line) for n in schema.nodes] == [("p", 1), ("c", 5)]
    assert [(e.source, e.target) for e in schema.edges] == [("c", "p")]
    assert schema.missing == ()


def test_two_databases_through_the_command_and_the_rows(tmp_path: Path) -> None:
    from analyzer.rows import graph_rows, schemas_from_rows

    _two(
        tmp_path,
        USE_DB.format(db="sales", child="items"),
        USE_DB.format(db="archive", child="old_items"),
    )
    (scope,) = _graph_json(str(tmp_path))["scopes"]
    assert [(n["id"], n["name"]) for n in scope["nodes"]] == [
        ("sales.dbo.orders", "sales.dbo.orders"),
        ("items", "items"),
        ("archive.dbo.orders", "archive.dbo.orders"),
        ("old_items", "old_items"),
    ]
    assert [(e["from"], e["to"]) for e in scope["edges"]] == [
        ("items", "sales.dbo.orders"),
        ("old_items", "archive.dbo.orders"),
    ]
    # --table: a node id, or a reference as written (the nearest: listing order first)
    for name, kept in (
        ("archive.dbo.orders", ["archive.dbo.orders", "old_items"]),
        ("orders", ["items", "sales.dbo.orders"]),
    ):
        (near,) = _graph_json(str(tmp_path), "--table", name)["scopes"]
        assert sorted(n["id"] for n in near["nodes"]) == kept
    # the scan's nodes and edges rows carry the same ids and names
    schema = _scope(tmp_path)
    nodes, edges = graph_rows("s", schema)
    assert [(row[2], row[4]) for row in nodes] == [(n.id, n.name) for n in schema.nodes]
    back = schemas_from_rows(nodes, edges)["s"]
    assert [(e.source, e.target) for e in back.edges] == [
        (e.source, e.target) for e in schema.edges
    ]


# ------------------------------------------------------------------ formats


def _dot_tokens(text: str) -> list[str]:
    """DOT tokens, by hand: ids, quoted strings (kept quoted), ``->`` and punctuation.
    Fails on an unterminated string, a raw line break inside one, or an unknown character."""
    tokens, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch == '"':
            j = i + 1
            while text[j] != '"':
                assert text[j] not in "\r\n", "raw line break in a quoted string"
                j += 2 if text[j] == "\\" else 1
            tokens.append(text[i : j + 1])
            i = j + 1
        elif text.startswith("->", i):
            tokens.append("->")
            i += 2
        elif ch in "{}[]=;,":
            tokens.append(ch)
            i += 1
        else:
            j = i
            while j < len(text) and (text[j].isalnum() or text[j] in "_."):
                j += 1
            assert j > i, f"unexpected {ch!r} in DOT"
            tokens.append(text[i:j])
            i = j
    return tokens


def _unquote(token: str) -> str:
    assert token[0] == token[-1] == '"'
    out, i, body = [], 0, token[1:-1]
    while i < len(body):
        if body[i] == "\\":
            out.append({"n": "\n", '"': '"', "\\": "\\"}[body[i + 1]])
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


def _parse_dot(
    text: str,
) -> tuple[dict[str, dict[str, str]], list[tuple[str, str, dict[str, str]]]]:
    """Nodes (id -> attributes) and edges of a DOT digraph, checking its structure:
    balanced braces, ``;``-terminated statements, edges between declared nodes."""
    tokens = _dot_tokens(text)
    assert tokens[:3] == ["digraph", tokens[1], "{"] and tokens[-1] == "}"
    nodes: dict[str, dict[str, str]] = {}
    edges: list[tuple[str, str, dict[str, str]]] = []
    depth, i = 1, 3

    def attributes(i: int) -> tuple[dict[str, str], int]:
        out: dict[str, str] = {}
        if tokens[i] != "[":
            return out, i
        i += 1
        while tokens[i] != "]":
            key, eq, value = tokens[i : i + 3]
            assert eq == "=", tokens[i : i + 3]
            out[key] = _unquote(value) if value.startswith('"') else value
            i += 3
            if tokens[i] == ",":
                i += 1
        return out, i + 1

    while depth:
        tok = tokens[i]
        if tok == "}":
            depth -= 1
            i += 1
        elif tok == "subgraph":
            assert tokens[i + 2] == "{"
            depth += 1
            i += 3
        elif tokens[i + 1] == "=":  # graph attribute: rankdir=BT; label="..."
            assert tokens[i + 3] == ";"
            i += 4
        elif tokens[i + 1] == "->":
            attrs, j = attributes(i + 3)
            edges.append((tok, tokens[i + 2], attrs))
            assert tokens[j] == ";"
            i = j + 1
        else:
            attrs, j = attributes(i + 1)
            if tok not in ("node", "edge", "graph"):
                nodes[tok] = attrs
            assert tokens[j] == ";", tokens[i : j + 1]
            i = j + 1
    assert i == len(tokens), "text after the closing brace"
    assert all(a in nodes and b in nodes for a, b, _ in edges)
    return nodes, edges


HOSTILE = """
CREATE TABLE [sales.region] (id int NOT NULL PRIMARY KEY)
GO
CREATE TABLE [order "lines" #1] (
    id int NOT NULL PRIMARY KEY,
    region_id int NULL CONSTRAINT [fk "x"] REFERENCES [sales.region] (id)
)
GO
CREATE TABLE [back\\slash
new line] (id int NOT NULL PRIMARY KEY, o int NULL REFERENCES [order "lines" #1] (id))
GO
CREATE TABLE [order_lines_1] (id int NOT NULL PRIMARY KEY)
GO
"""
HOSTILE_NAMES = ["sales.region", 'order "lines" #1', "back\\slash\nnew line", "order_lines_1"]


def test_dot_reads_back_with_every_name_and_key(tmp_path: Path) -> None:
    path = _write(tmp_path, "h.sql", HOSTILE)
    code, out, err = _run("graph", str(path), "--format", "dot", "--dialect", "tsql")
    assert code == 0, err
    nodes, edges = _parse_dot(out)
    label = {n: a["label"] for n, a in nodes.items()}
    assert sorted(label.values()) == sorted(HOSTILE_NAMES)
    assert sorted((label[a], label[b], attrs["label"]) for a, b, attrs in edges) == [
        ("back\\slash\nnew line", 'order "lines" #1', "(o)"),
        ('order "lines" #1', "sales.region", 'fk "x" (region_id)'),
    ]


def test_dot_of_several_scopes_and_replication_objects(tmp_path: Path) -> None:
    paths = []
    for folder, fixture in (
        ("repserver", FIXTURES / "replication" / "pubs_repserver.sql"),
        ("classic", FIXTURES / "sybase" / "classic_keys_replication.sql"),
    ):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "ddlaudit.toml").write_text("")  # a scope each (D167)
        (tmp_path / folder / fixture.name).write_bytes(fixture.read_bytes())
        paths.append(str(tmp_path / folder))
    code, out, _ = _run("graph", "--format", "dot", *paths)
    assert code == 0
    assert out.count("subgraph cluster_") == 2
    nodes, edges = _parse_dot(out)
    assert len(nodes) == 8 + 4
    styles = {attrs["label"]: attrs.get("style") for _, _, attrs in edges}
    assert styles["(au_id)"] == "dashed"  # sp_foreignkey: not enforced
    assert styles["(pub_id)"] == "dotted"  # sp_commonkey
    assert styles["subscribes"] == "dashed"


def test_mermaid_gives_safe_ids_and_keeps_real_names_as_aliases(tmp_path: Path) -> None:
    path = _write(tmp_path, "h.sql", HOSTILE)
    code, out, err = _run("graph", str(path), "--format", "mermaid", "--dialect", "tsql")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "erDiagram"
    aliases: dict[str, str] = {}
    relations = []
    for line in lines[1:]:
        assert line.startswith("    ") and "\n" not in line
        body = line.strip()
        if "[" in body:
            entity, _, rest = body.partition("[")
            assert rest.startswith('"') and rest.endswith('"]')
            alias = rest[1:-2]
            assert '"' not in alias
            aliases[entity] = alias.replace("#quot;", '"').replace("#35;", "#")
        else:
            left, relation, right, colon, label = body.split(" ", 4)
            assert colon == ":" and label.startswith('"') and label.endswith('"')
            assert '"' not in label[1:-1]
            relations.append((left, relation, right, label[1:-1].replace("#quot;", '"')))
    for entity in aliases:  # an id Mermaid reads as one word: letters, digits, _
        assert entity[0].isalpha() and all(c.isalnum() or c == "_" for c in entity), entity
    assert len(set(aliases)) == 4
    assert sorted(aliases.values()) == sorted(n.replace("\n", " ") for n in HOSTILE_NAMES)
    names = {alias: entity for entity, alias in aliases.items()}
    assert (names['order "lines" #1'], "}o--||", names["sales.region"], 'fk "x"') in relations
    assert names['order "lines" #1'] != names["order_lines_1"]  # same safe form, distinct ids


def test_json_document_fields(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "t.sql",
        """
        CREATE TABLE p (id int NOT NULL PRIMARY KEY)
        GO
        CREATE TABLE c (id int NOT NULL PRIMARY KEY, p_id int NOT NULL REFERENCES p (id),
            q_id int NULL REFERENCES q (id))
        GO
        CREATE TABLE lonely (id int NOT NULL PRIMARY KEY)
        GO
        """,
    )
    doc = _graph_json(str(tmp_path))
    assert doc["schema_version"] == "1.0"
    (scope,) = doc["scopes"]
    assert set(scope) == {
        "scope",
        "nodes",
        "edges",
        "missing",
        "components",
        "orphans",
        "cycles",
        "defer",
        "self_references",
        "order",
        "drop_order",
    }
    assert scope["nodes"][0] == {
        "id": "p",
        "name": "p",
        "kind": "table",
        "file": str(tmp_path / "t.sql"),
        "line": 1,
        "dialect": "tsql",
    }
    assert scope["edges"] == [
        {
            "from": "c",
            "to": "p",
            "kind": "foreign_key",
            "name": None,
            "columns": ["p_id"],
            "ref_columns": ["id"],
            "file": str(tmp_path / "t.sql"),
            "line": 3,
        }
    ]
    assert scope["missing"] == [
        {"from": "c", "to": "q", "kind": "foreign_key", "file": str(tmp_path / "t.sql"), "line": 4}
    ]
    assert scope["order"] == [["lonely", "p"], ["c"]]
    assert scope["drop_order"] == [["c"], ["lonely", "p"]]
    assert scope["components"] == [["c", "p"], ["lonely"]] and scope["orphans"] == ["lonely"]
    assert scope["cycles"] == [] and scope["defer"] == [] and scope["self_references"] == []


def test_text_lists_components_cycles_order_and_missing() -> None:
    code, out, _ = _run("graph", str(FIXTURES / "rules" / "G001" / "fail"))
    assert code == 0
    assert "cycles (2):" in out
    assert "[dbo.department, dbo.employee] (cycle)" in out
    assert (
        "dbo.department, dbo.employee: create after loading: dbo.department "
        "fk_department_manager (manager_id) -> dbo.employee" in out
    )
    assert "missing (0):" in out and "load order (parents first):" in out


# ------------------------------------------------------------------ --table, exit codes

CHAIN = """
CREATE TABLE a (id int NOT NULL PRIMARY KEY, b_id int NOT NULL REFERENCES b (id));
CREATE TABLE b (id int NOT NULL PRIMARY KEY, c_id int NOT NULL REFERENCES c (id));
CREATE TABLE c (id int NOT NULL PRIMARY KEY, d_id int NOT NULL REFERENCES d (id));
CREATE TABLE d (id int NOT NULL PRIMARY KEY);
CREATE TABLE e (id int NOT NULL PRIMARY KEY);
"""


@pytest.mark.parametrize(
    ("depth", "expected"),
    [
        ("0", ["b"]),
        ("1", ["a", "b", "c"]),
        ("2", ["a", "b", "c", "d"]),
        ("9", ["a", "b", "c", "d"]),
    ],
)
def test_table_neighbourhood_within_depth(depth: str, expected: list[str]) -> None:
    doc = _graph_json(
        "-", "--dialect", "tsql", "--table", "B", "--depth", depth, input=CHAIN.encode()
    )
    (scope,) = doc["scopes"]
    assert sorted(n["id"] for n in scope["nodes"]) == expected
    assert all(e["from"] in expected and e["to"] in expected for e in scope["edges"])


def test_table_neighbourhood_in_every_format_and_default_depth() -> None:
    for fmt in ("text", "dot", "mermaid"):
        code, out, err = _run(
            "graph", "-", "--dialect", "tsql", "--table", "d", "--format", fmt, input=CHAIN.encode()
        )
        assert code == 0, err
        assert " c" in out or '"c"' in out
        assert '"b"' not in out and "t_b" not in out and " b," not in out


def _run_chain(*args: str) -> tuple[int, str, str]:
    return _run("graph", "-", "--dialect", "tsql", *args, input=CHAIN.encode())


def test_exit_codes(tmp_path: Path) -> None:
    assert _run_chain()[0] == 0
    code, _, err = _run_chain("--table", "nosuch")
    assert code == 2 and "nosuch" in err
    assert _run_chain("--depth", "-1", "--table", "a")[0] == 2
    assert _run_chain("--format", "svg")[0] == 2
    broken = FIXTURES / "tsql" / "broken_statement.sql"
    code, out, err = _run("graph", str(broken))
    assert code == 1 and "error[P001]" in err and out.startswith("scope ")
    out_file = tmp_path / "g.json"
    code, out, _ = _run_chain("--format", "json", "-o", str(out_file))
    assert code == 0 and out == "" and json.loads(out_file.read_text())["scopes"]


def test_lint_never_imports_networkx() -> None:
    code = textwrap.dedent(
        f"""
        import sys
        from click.testing import CliRunner
        from analyzer.cli import main
        result = CliRunner().invoke(main, ["lint", {str(FIXTURES / "rules" / "G001" / "fail")!r}])
        assert result.exit_code == 1, result.output
        assert "G001" in result.output
        assert "networkx" not in sys.modules
        """
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
