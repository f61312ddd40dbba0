"""The ``nodes`` and ``edges`` datasets of a scan: each scope's schema graph, equal to
what ``ddlaudit graph`` builds from the same files, and readable back with only those
rows on the driver (``graph --scan``)."""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from analyzer.cli import main
from analyzer.cli.graph import scope_results
from analyzer.core import Options
from analyzer.graph import Edge, Missing, Node, Schema, analyse, foreign_key_cycles
from analyzer.rows import DATASETS, EDGES, NODES, graph_rows, names, schemas_from_rows
from analyzer.workflow import scope_graph

ROOT = Path(__file__).resolve().parent.parent


def _tree(root: Path) -> list[str]:
    """Two scopes (two marked folders): a cycle across files closed by an ALTER TABLE in
    a third file, a missing reference, sp_foreignkey and replication in the ASE one."""
    one = root / "db1"
    one.mkdir(parents=True)
    (one / "ddlaudit.toml").touch()
    (one / "a.sql").write_text(
        "CREATE TABLE a (id int PRIMARY KEY, b_id int NULL)\nGO\nCREATE TABLE lone (id int)\nGO\n",
        encoding="utf-8",
    )
    (one / "b.sql").write_text(
        "CREATE TABLE b (id int PRIMARY KEY,\n"
        "  a_id int NOT NULL CONSTRAINT fk_b_a REFERENCES a (id),\n"
        "  z_id int REFERENCES nowhere (id))\nGO\n",
        encoding="utf-8",
    )
    (one / "c.sql").write_text(
        "ALTER TABLE a ADD CONSTRAINT fk_a_b FOREIGN KEY (b_id) REFERENCES b (id)\nGO\n",
        encoding="utf-8",
    )
    two = root / "db2"
    two.mkdir()
    (two / "ddlaudit.toml").touch()
    (two / "ase.sql").write_text(
        "create table p (id int not null, primary key (id))\ngo\n"
        "create table c (id int not null, p_id int not null)\ngo\n"
        "sp_foreignkey c, p, p_id\ngo\n",
        encoding="utf-8",
    )
    # the same table names as db1: scopes must not merge them (D77)
    (two / "a.sql").write_text("CREATE TABLE a (id int PRIMARY KEY)\nGO\n", encoding="utf-8")
    rep = root / "rep"
    shutil.copytree(ROOT / "fixtures" / "replication", rep)
    (rep / "ddlaudit.toml").touch()
    return [str(one), str(two), str(rep)]


def _spanless(schema: Schema) -> Schema:
    return Schema(
        tuple(replace(n, span=None) for n in schema.nodes),
        tuple(replace(e, span=None) for e in schema.edges),
        tuple(replace(m, span=None) for m in schema.missing),
    )


def _expected(paths: list[str]) -> dict[str, Schema]:
    scoped, _ = scope_results(paths, Options())
    return {name: _spanless(scope_graph(name, results)) for name, results in scoped}


# --------------------------------------------------------------------------- no Spark


def test_rows_follow_the_dataset_schemas() -> None:
    schema = Schema(
        (Node("c", "table", "c", "a.sql", 2, "tsql"), Node("p", "table", "p", "a.sql", 1)),
        (Edge("c", "p", "foreign_key", ("p_id",), ("id",), "fk", "a.sql", 3, None, True),),
        (Missing("c", "q", "foreign_key", "b.sql", 7),),
    )
    nodes, edges = graph_rows("s", schema)
    assert [len(r) for r in nodes] == [len(NODES)] * 2
    assert [len(r) for r in edges] == [len(EDGES)] * 2
    edge = dict(zip(names(EDGES), edges[0], strict=True))
    assert edge["columns"] == '["p_id"]' and edge["optional"] is True and edge["resolved"]
    missing = dict(zip(names(EDGES), edges[1], strict=True))
    assert (missing["target"], missing["resolved"], missing["ordinal"]) == ("q", False, 1)
    assert set(DATASETS) >= {"nodes", "edges"}


_names = st.text(alphabet="abcXY_#.[] é", min_size=1, max_size=6)


@st.composite
def schemas(draw: st.DrawFn) -> Schema:
    ids = draw(st.lists(_names, min_size=1, max_size=6, unique=True))
    nodes = tuple(
        Node(i, draw(st.sampled_from(["table", "publication"])), i, "f.sql", n, None)
        for n, i in enumerate(ids)
    )
    cols = st.lists(_names, max_size=3).map(tuple)
    edges = tuple(
        Edge(
            draw(st.sampled_from(ids)),
            draw(st.sampled_from(ids)),
            draw(st.sampled_from(["foreign_key", "sp_foreignkey", "publishes"])),
            draw(cols),
            draw(cols),
            draw(st.none() | _names),
            "g.sql",
            draw(st.integers(0, 99)),
            None,
            draw(st.booleans()),
        )
        for _ in range(draw(st.integers(0, 8)))
    )
    missing = tuple(
        Missing(draw(st.sampled_from(ids)), draw(_names), "foreign_key", "h.sql", k)
        for k in range(draw(st.integers(0, 3)))
    )
    return Schema(nodes, edges, missing)


@given(st.lists(schemas(), min_size=1, max_size=3), st.randoms())
def test_rows_round_trip_in_any_order(found: list[Schema], rnd: Any) -> None:
    """Rows in any order (Spark's part files) give the scopes' schemas back exactly."""
    nodes, edges = [], []
    for i, schema in enumerate(found):
        n, e = graph_rows(f"scope{len(found) - i}", schema, i)
        nodes += n
        edges += e
    rnd.shuffle(nodes)
    rnd.shuffle(edges)
    back = schemas_from_rows(nodes, edges)
    expected = {f"scope{len(found) - i}": s for i, s in enumerate(found)}
    assert back == expected
    assert list(back) == list(expected)  # in scope_ordinal order, not by name


def test_the_graph_rows_are_the_graph_commands(tmp_path: Path) -> None:
    """What the scan's scope step writes is the schema ``graph`` analyses."""
    paths = _tree(tmp_path)
    expected = _expected(paths)
    assert len(expected) == 3
    db1 = expected[paths[0]]
    (cycle,) = foreign_key_cycles(db1)
    assert cycle.tables == ("a", "b")
    assert [m.target for m in db1.missing] == ["nowhere"]
    assert {e.kind for e in expected[paths[1]].edges} == {"sp_foreignkey"}


# --------------------------------------------------------------------------- Spark


@pytest.mark.spark
def test_scan_writes_the_graph_and_graph_reads_it_back(spark: Any, tmp_path: Path) -> None:
    from analyzer.spark.graph import read_schemas
    from analyzer.spark.scan import run_scan

    # listing order is not name order: graph lists scopes in listing order
    paths = list(reversed(_tree(tmp_path / "repo")))
    out = tmp_path / "out"
    summary = run_scan(paths, str(out), progress=False)
    expected = _expected(paths)
    # displayed paths are the scan's (relative to the working directory, like parse's)
    back = read_schemas(spark, str(out))
    assert back == expected
    assert list(back) == list(expected) == paths
    assert summary.nodes == sum(len(s.nodes) for s in expected.values())
    assert summary.edges == sum(len(s.edges) + len(s.missing) for s in expected.values())
    assert summary.unresolved == sum(len(s.missing) for s in expected.values()) > 0
    # every node's file is a scanned file (the datasets join on file)
    files = {r["file"] for r in spark.read.parquet(str(out / "files")).collect()}
    assert {n.file for s in back.values() for n in s.nodes} <= files
    # one scope only, as asked
    assert read_schemas(spark, str(out), [paths[1]]) == {paths[1]: expected[paths[1]]}
    # the analyses agree, and so does the command, in every format
    for name, schema in back.items():
        assert analyse(name, schema) == analyse(name, expected[name])
    runner = CliRunner()
    for fmt in ("json", "text", "mermaid", "dot"):
        direct = runner.invoke(main, ["graph", "--format", fmt, *paths])
        scanned = runner.invoke(main, ["graph", "--format", fmt, "--scan", str(out)])
        assert direct.exit_code == 0, direct.output
        assert scanned.exit_code == 0, scanned.output
        assert scanned.stdout == direct.stdout  # the direct run also warns on stderr
    one = runner.invoke(main, ["graph", "--scan", str(out), "--format", "json", "--table", "b"])
    assert one.exit_code == 0, one.output
    doc = json.loads(one.output)
    assert {n["id"] for s in doc["scopes"] for n in s["nodes"]} >= {"a", "b"}


def test_graph_scan_diagnostics(tmp_path: Path) -> None:
    runner = CliRunner()
    both = runner.invoke(main, ["graph", "--scan", str(tmp_path), "x.sql"])
    assert both.exit_code == 2 and "give no PATH" in both.output
    none = runner.invoke(main, ["graph"])
    assert none.exit_code == 2 and "--scan DIR" in none.output
    master = runner.invoke(main, ["graph", "--master", "local[1]", str(tmp_path)])
    assert master.exit_code == 2 and "--master goes with --scan" in master.output


@pytest.mark.spark
def test_graph_scan_of_a_directory_without_datasets(spark: Any, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["graph", "--scan", str(tmp_path)])
    assert result.exit_code == 2
    assert "no nodes or edges dataset" in result.output
    assert not os.listdir(tmp_path)
