"""The scan's two paths write the same datasets (D110): whole scopes analysed in one task
(one pass, no shuffle) and the two-phase path (phase 1, a shuffle of the files with their
scope's link pieces, phase 2, the scope step), forced with :class:`Budget`.

The tree has three scopes with what crosses files inside a scope: an alias type defined
in one file and used in another, a table defined twice (C002), suppressions used and
unused, a dangling link and an empty file (D005, D003), a Replication Server scope
(replication definitions, subscriptions, function replication), a ``[lint] workload``
checked against every table of the run, and a PATH that does not exist (a listing
problem, scope ``""``).  Every dataset of the three runs (all one pass, all two-phase,
mixed) must hold the same rows; the packing of scopes into partitions is checked
without Spark.
"""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspark", reason="pyspark is not installed: pip install -e '.[spark]'")

from analyzer.config import load
from analyzer.core import Options
from analyzer.rows import DATASETS, SCOPE_DATASETS, read_order
from analyzer.spark import worker
from analyzer.spark.scan import Budget, Listing, list_inputs, run_scan, split_listing

ROOT = Path(__file__).resolve().parents[1]

TREE: dict[str, str] = {
    "a/types.sql": "CREATE TYPE dbo.Amount FROM decimal(19,4) NOT NULL;\nGO\n",
    "a/orders.sql": "CREATE TABLE dbo.orders (\n    id int NOT NULL PRIMARY KEY,\n"
    "    amount dbo.Amount,\n    note varchar(10) NULL,\n    note varchar(20) NULL\n)\nGO\n"
    "CREATE TABLE dbo.lines (id int NOT NULL, o int NULL REFERENCES dbo.orders (id),\n"
    "    q int NULL REFERENCES dbo.nowhere (id)) -- ddlaudit: ignore[K001]\nGO\n",
    "a/again.sql": "CREATE TABLE dbo.orders (id int NOT NULL PRIMARY KEY)\nGO\n",
    "b/events.sql": "CREATE MULTISET TABLE sales.events, NO FALLBACK (\n"
    "    ev_ts TIMESTAMP(6) NOT NULL,\n    kind CHAR(10) CHARACTER SET LATIN\n"
    ") PRIMARY INDEX (ev_ts); -- ddlaudit: ignore[C001]\n",
    "b/empty.sql": "",
    "workload.yaml": "tables:\n  missing_table: {updates: 10}\n"
    "  orders: {updates: 5, changed_columns: [note]}\n",
    "ddlaudit.toml": '[lint]\nworkload = "workload.yaml"\n',
}
MISSING = "not-there"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    root = tmp_path / "tree"
    for rel, text in TREE.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "b" / "gone.sql").symlink_to("nowhere.sql")
    shutil.copytree(ROOT / "fixtures" / "replication", root / "rep")
    for scope in ("a", "b", "rep"):  # a scope each (PATHs alone are one: D167)
        (root / scope / "ddlaudit.toml").touch()
    monkeypatch.chdir(root)
    yield root


PATHS = ["a", "b", "rep", MISSING]


def rows(spark: Any, out: Path, dataset: str) -> Counter[tuple[Any, ...]]:
    """A dataset's rows by name, without the timing column."""
    keep = [c for c in read_order(dataset) if c != "analysis_ms"]
    frame = spark.read.parquet(str(out / dataset)).select(*keep)
    return Counter(tuple(r) for r in frame.collect())


@pytest.mark.spark
def test_one_pass_two_phase_and_mixed_scans_write_the_same_datasets(spark: Any, tree: Path) -> None:
    options = Options(config=load("ddlaudit.toml"))
    budgets = {
        "one_pass": Budget(bytes=1 << 40, files=1 << 30, fair_share=False),
        "two_phase": Budget(files=0),
        "mixed": Budget(files=2, fair_share=False),  # a (3 files) and b two-phase, rep not
    }
    written: dict[str, dict[str, Counter[tuple[Any, ...]]]] = {}
    for name, budget in budgets.items():
        out = tree.parent / name
        summary = run_scan(PATHS, str(out), options=options, progress=False, budget=budget)
        written[name] = {d: rows(spark, out, d) for d in (*DATASETS, *SCOPE_DATASETS)}
        assert summary.files == 10 + 1, name  # 10 listed files and the missing PATH
    for name in ("two_phase", "mixed"):
        for dataset, found in written["one_pass"].items():
            assert written[name][dataset] == found, (name, dataset)
    # Not vacuous: what crosses files and the run-level pieces are all there.
    one = written["one_pass"]
    codes = {r[1] for r in one["findings"]}
    assert {"C001", "C002", "L001", "D003", "D005", "R056", "R057"} <= codes
    columns = [dict(zip(read_order("columns"), r, strict=False)) for r in one["columns"]]
    (amount,) = [c for c in columns if c["name"] == "amount" and c["file"] == "a/orders.sql"]
    assert (amount["precision"], amount["user_type"]) == (19, "dbo.Amount")  # from types.sql
    assert one["replication"] and one["edges"] and one["nodes"]
    assert any(MISSING in r[0] for r in one["files"])


def test_split_listing_keeps_scopes_whole_within_the_budget(tree: Path) -> None:
    config = load("ddlaudit.toml")
    listing = list_inputs(PATHS, config.include, config.exclude, config)
    scopes = {scope for _, scope in listing.scopes}
    assert len(scopes) == 3
    packs, rest = split_listing(listing, Budget(bytes=1 << 40, fair_share=False), 2)
    packed = [s for p in packs for s in p]
    assert {s.scope for s in packed} == {*scopes, ""}  # "" holds the missing PATH
    assert (rest.local, rest.settle, rest.problems) == ((), (), ())
    # Every listed file once, with its place in the listing (the order lint sees).
    places = listing.places()
    files = [f for s in packed for f in s.files]
    assert sorted(shown for _, shown, _, _ in files) == sorted(places)
    assert all(places[shown] == (s.scope, order) for s in packed for _, shown, order, _ in s.files)
    # files = 0: nothing in one pass; the rest keeps the whole listing order.
    packs, rest = split_listing(listing, Budget(files=0), 2)
    assert packs == [] and rest == listing


def test_a_scope_over_its_fair_share_takes_the_two_phase_path() -> None:
    """One scope of 3 MiB and ten small files in another, on 2 cores: the run's bytes per
    core are 2 MiB, so the large scope is spread over the cores by the two-phase path."""
    mib = 1 << 20
    big = [(f"/r/x/{i}.sql", f"x/{i}.sql", mib) for i in range(3)]
    small = [(f"/r/y/{i}.sql", f"y/{i}.sql", mib // 10) for i in range(10)]
    listing = Listing(
        local=tuple((a, s) for a, s, _ in (*big, *small)),
        settle=(),
        remote=(),
        problems=(),
        scopes=tuple((s, s[0]) for _, s, _ in (*big, *small)),
        sizes=tuple((s, n) for _, s, n in (*big, *small)),
    )
    packs, rest = split_listing(listing, Budget(), 2)
    assert {s.scope for p in packs for s in p} == {"y"}
    assert [s for _, s in rest.local] == [s for _, s, _ in big] and rest.scopes == listing.scopes
    packs, rest = split_listing(listing, Budget(fair_share=False), 2)  # 64 MiB: both fit
    assert {s.scope for p in packs for s in p} == {"x", "y"} and rest.local == ()
    packs, _ = split_listing(listing, Budget(files=5, fair_share=False), 2)  # y has 10 files
    assert {s.scope for p in packs for s in p} == {"x"}


def test_plan_packs_balances_bytes_and_keeps_listing_order() -> None:
    scopes = [(worker.PackScope(f"s{i}", ()), size) for i, size in enumerate([9, 1, 5, 5, 2, 8])]
    packs = worker.plan_packs(scopes, 2, 1 << 20)
    assert len(packs) == 4  # two per core
    loads = [sum(dict((s.scope, n) for s, n in scopes)[p.scope] for p in pack) for pack in packs]
    assert max(loads) - min(loads) <= 4
    for pack in packs:
        assert [s.scope for s in pack] == sorted((s.scope for s in pack), key=lambda n: int(n[1:]))
    assert sorted(s.scope for p in packs for s in p) == sorted(s.scope for s, _ in scopes)
    assert worker.plan_packs([], 2, 1) == []
    # More bytes than two per core can hold: more packs (never more than the scopes).
    assert len(worker.plan_packs(scopes, 1, 5)) == 6
    # ... in a multiple of the cores: 30 bytes at 4 a pack is 8 packs, 9 on 3 cores.
    many = [(worker.PackScope(f"m{i}", ()), 1) for i in range(30)]
    assert len(worker.plan_packs(many, 2, 4)) == 8
    assert len(worker.plan_packs(many, 3, 4)) == 9
    assert len(worker.plan_packs(many, 4, 3)) == 12
