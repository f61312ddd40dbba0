"""The scope step on reduced files (:func:`analyzer.rules.scope_input.scope_input`, D202):
the same scope findings, schema graph and rows as on the whole checked files, for every
fixture folder and the bench's one-database shape; a fraction of the bytes."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pytest

from analyzer.core import Options
from analyzer.graph.index import schema_index
from analyzer.ir import (
    ColumnStorage,
    FileResult,
    QualifiedName,
    ReplicationMarking,
    TableChange,
    pack,
    unpack,
)
from analyzer.passes.link_context import ReplicationContext, ScopeLinks
from analyzer.pool import Job, Shipped, process
from analyzer.rows import graph_rows
from analyzer.rules import catalogue
from analyzer.rules.engine import Rules, scope_context
from analyzer.rules.scope_input import scope_input
from analyzer.settings import SizingSettings
from analyzer.workflow import (
    LINT,
    check_file,
    check_scope,
    prepare,
    read,
    scope_links_of,
    scope_reads_whole,
    settle_prepared,
)

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = sorted(
    {p.parent for p in (ROOT / "fixtures").rglob("*.sql")},
    key=lambda p: str(p),
)
RULES = Rules.of(catalogue())


def _checked(paths: list[str]) -> list[FileResult]:
    options, sizing = Options(), SizingSettings()
    prepared = [prepare(read(p, options), p, options, sizing, RULES, "s") for p in paths]
    prepared = settle_prepared(prepared, options, sizing, RULES)
    links = scope_links_of(prepared)["s"]
    return [
        check_file(p, LINT, sizing, links.user_types, links.replication, RULES).result
        for p in prepared
    ]


def _same_scope_step(results: list[FileResult]) -> int:
    slim = [scope_input(r) for r in results]
    sizing = SizingSettings()
    full_found = check_scope("s", results, sizing, RULES)
    slim_found = check_scope("s", slim, sizing, RULES)
    assert slim_found == full_found
    full_graph = schema_index(results, scope_context("s", results).lookup)
    slim_graph = schema_index(slim, scope_context("s", slim).lookup)
    assert graph_rows("s", slim_graph, 0, {}) == graph_rows("s", full_graph, 0, {})
    return len(full_found)


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_fixture_folder_as_one_scope_gives_the_same_scope_step(folder: Path) -> None:
    paths = sorted(str(p) for p in folder.glob("*.sql"))
    _same_scope_step(_checked(paths))


def test_every_fixture_as_one_scope_gives_the_same_scope_step() -> None:
    """Every fixture in one scope: tables of every dialect, keys across folders,
    duplicates (C002), replication objects, CTAS, HiRDB standalone indexes."""
    paths = sorted(str(p) for p in (ROOT / "fixtures").rglob("*.sql"))
    assert _same_scope_step(_checked(paths)) > 50  # the scope rules have work to do


KEYS = """\
CREATE TABLE dbo.parent (id int NOT NULL PRIMARY KEY, code char(4) COLLATE Latin1_General_CS_AS
    NOT NULL, note varchar(200) DEFAULT 'x' NULL, total AS id * 2)
GO
CREATE TABLE dbo.child (
    id int NOT NULL PRIMARY KEY,
    parent_id bigint NULL REFERENCES dbo.parent (id),
    code char(4) COLLATE Latin1_General_CI_AS NULL,
    CONSTRAINT fk_code FOREIGN KEY (code) REFERENCES dbo.parent (code),
    CONSTRAINT fk_gone FOREIGN KEY (id) REFERENCES dbo.nowhere (id),
    CONSTRAINT fk_col FOREIGN KEY (id) REFERENCES dbo.parent (nosuch)
)
GO
CREATE TABLE dbo.parent (id int NOT NULL)
GO
"""


def test_the_key_rules_on_reduced_files_say_the_same(tmp_path: Path) -> None:
    """K003-K006 and C002 each find something here, on both forms alike."""
    (tmp_path / "a.sql").write_text(KEYS, encoding="utf-8")
    (tmp_path / "b.sql").write_text(
        "CREATE TABLE dbo.other (id int NOT NULL PRIMARY KEY,\n"
        "  p int NULL REFERENCES dbo.parent (id))\nGO\n"
        "ALTER TABLE dbo.other ADD CONSTRAINT uq UNIQUE (p)\nGO\n",
        encoding="utf-8",
    )
    results = _checked([str(tmp_path / "a.sql"), str(tmp_path / "b.sql")])
    codes = {f.code for f in check_scope("s", results, SizingSettings(), RULES)}
    assert {"K003", "K004", "K005", "K006", "C002"} <= codes
    _same_scope_step(results)


def _held(data: bytes) -> int:
    """Bytes allocated to hold the file ``data`` packs, read back."""
    gc.collect()
    tracemalloc.start()
    try:
        found = unpack(data)
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert found.tables
    return held


def test_a_reduced_file_takes_a_fraction_of_the_memory(tmp_path: Path) -> None:
    """The bench corpus's kind of table (30 columns, sized): the reduced form, read back,
    holds under two thirds of the whole's memory (a column's sizing is most of it)."""
    columns = ",\n".join(
        f"  c{i} {('varchar(40)', 'decimal(12,2)', 'int', 'datetime')[i % 4]} "
        f"{'NOT NULL' if i % 3 else 'NULL'}{' DEFAULT 0' if i % 4 == 2 else ''}"
        for i in range(30)
    )
    text = f"CREATE TABLE dbo.wide (\n  id int NOT NULL PRIMARY KEY,\n{columns}\n)\n"
    (tmp_path / "w.sql").write_text(text, encoding="utf-8")
    (result,) = _checked([str(tmp_path / "w.sql")])
    assert all(c.storage is not None for c in result.tables[0].columns)
    whole, reduced = _held(pack(result)), _held(pack(scope_input(result)))
    assert reduced < whole * 2 / 3, (reduced, whole)


# ------------------------------------------------------------------ where files are reduced


def _shipped_columns(
    paths: list[str], *, replicating: bool, workload: bool = False
) -> list[ColumnStorage | None]:
    """The storage of every column of ``paths`` (one scope) as ``lint -j 2``'s workers
    send them to the parent."""
    work = Job(
        "lint", Options(), SizingSettings(), RULES, replicating=replicating, workload=workload
    )
    out = list(process(work, [(p, "s") for p in paths], 2))
    assert all(isinstance(o, Shipped) for o in out)
    return [c.storage for o in out for tb in unpack(o.packed).tables for c in tb.columns]


def test_the_pool_ships_reduced_files_unless_the_step_sizes_replication(tmp_path: Path) -> None:
    """Plain tables: reduced whether or not the replication rules run (no column sized);
    with a workload (replication rules on) or in a scope with a replication definition:
    whole (the columns' sizes kept; a computed column has none)."""
    for name, text in (("a.sql", KEYS), ("b.sql", "CREATE TABLE dbo.x (id int NOT NULL)\n")):
        (tmp_path / name).write_text(text, encoding="utf-8")
    plain = [str(tmp_path / "a.sql"), str(tmp_path / "b.sql")]
    assert set(_shipped_columns(plain, replicating=True)) == {None}
    assert set(_shipped_columns(plain, replicating=False, workload=True)) == {None}
    assert set(_shipped_columns(plain, replicating=True, workload=True)) != {None}
    replicated = [*plain, str(ROOT / "fixtures" / "replication" / "pubs_repserver.sql")]
    assert set(_shipped_columns(replicated, replicating=True)) != {None}
    assert set(_shipped_columns(replicated, replicating=False)) == {None}


def test_what_makes_a_scope_step_read_whole_files() -> None:
    plain = ScopeLinks()
    marked = ScopeLinks(
        replication=ReplicationContext(
            table_changes=(
                TableChange(
                    "sp_setreptable",
                    QualifiedName("t"),
                    marking=ReplicationMarking(True, marked_by=("sp_setreptable",)),
                ),
            )
        )
    )
    keyed = ScopeLinks(
        replication=ReplicationContext(
            table_changes=(TableChange("alter table", QualifiedName("t")),)
        )
    )
    assert not scope_reads_whole(plain, replication=True)
    assert not scope_reads_whole(keyed, replication=True)  # a key change sizes nothing
    assert scope_reads_whole(marked, replication=True)
    assert not scope_reads_whole(marked, replication=False)
    assert scope_reads_whole(plain, replication=True, workload=True)
    assert scope_reads_whole(plain, replication=False, audit=True)
