"""The scope step on reduced files (:func:`analyzer.rules.scope_input.scope_input`, D202):
the same scope findings, schema graph and rows as on the whole checked files, for every
fixture folder and the bench's one-database shape; a fraction of the bytes."""

from __future__ import annotations

import gc
import tracemalloc
from dataclasses import dataclass
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


@dataclass(frozen=True)
class _Scope:
    """One scope's checked files and the links they were checked against."""

    results: list[FileResult]
    links: ScopeLinks


def _checked(paths: list[str]) -> _Scope:
    options, sizing = Options(), SizingSettings()
    prepared = [prepare(read(p, options), p, options, sizing, RULES, "s") for p in paths]
    prepared = settle_prepared(prepared, options, sizing, RULES)
    links = scope_links_of(prepared)["s"]
    results = [
        check_file(p, LINT, sizing, links.user_types, links.replication, RULES).result
        for p in prepared
    ]
    return _Scope(results, links)


def _columns(results: list[FileResult]) -> int:
    return sum(len(tb.columns) for r in results for tb in r.tables)


def _same_scope_step(scope: _Scope) -> tuple[int, float]:
    """The scope step on the whole files, on files reduced without the links (every
    column kept) and with them (D203) gives equal findings and graph rows; returns how
    many findings, and the share of the columns the reduced files keep."""
    results = scope.results
    sizing = SizingSettings()
    full_found = check_scope("s", results, sizing, RULES)
    full_graph = schema_index(results, scope_context("s", results).lookup)
    slim = [scope_input(r) for r in results]
    slimmer = [scope_input(r, scope.links) for r in results]
    assert _columns(slim) == _columns(results)
    for reduced in (slim, slimmer):
        assert check_scope("s", reduced, sizing, RULES) == full_found
        graph = schema_index(reduced, scope_context("s", reduced).lookup)
        assert graph_rows("s", graph, 0, {}) == graph_rows("s", full_graph, 0, {})
    return len(full_found), _columns(slimmer) / max(1, _columns(results))


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_fixture_folder_as_one_scope_gives_the_same_scope_step(folder: Path) -> None:
    paths = sorted(str(p) for p in folder.glob("*.sql"))
    _same_scope_step(_checked(paths))


def test_every_fixture_as_one_scope_gives_the_same_scope_step() -> None:
    """Every fixture in one scope: tables of every dialect, keys across folders,
    duplicates (C002), replication objects, CTAS, HiRDB standalone indexes."""
    paths = sorted(str(p) for p in (ROOT / "fixtures").rglob("*.sql"))
    found, _ = _same_scope_step(_checked(paths))
    assert found > 50  # the scope rules have work to do


def _wide(name: str, parent: str | None) -> str:
    """A table of the bench corpus's kind: a key, 30 columns, a foreign key to the
    primary key of ``parent``."""
    columns = ",\n".join(
        f"  c{i} {('varchar(40)', 'decimal(12,2)', 'int', 'datetime')[i % 4]} NULL"
        for i in range(30)
    )
    key = f",\n  {parent}_id int NULL REFERENCES dbo.{parent} (id)" if parent else ""
    return f"CREATE TABLE dbo.{name} (\n  id int NOT NULL PRIMARY KEY,\n{columns}{key}\n)\nGO\n"


def test_the_links_leave_out_the_columns_no_key_names(tmp_path: Path) -> None:
    """The bench's one-database shape (tables of 30 columns and a foreign key to the
    previous table's primary key): the scope step reads two or three columns a table."""
    paths = []
    for i in range(4):
        path = tmp_path / f"t{i}.sql"
        path.write_text(_wide(f"t{i}", f"t{i - 1}" if i else None), encoding="utf-8")
        paths.append(str(path))
    scope = _checked(paths)
    _, kept = _same_scope_step(scope)
    names = [[c.name for c in tb.columns] for r in scope.results for tb in r.tables]
    slim = [scope_input(r, scope.links) for r in scope.results]
    assert [[c.name for c in tb.columns] for r in slim for tb in r.tables] == [
        [n for n in table if n == "id" or n.endswith("_id")] for table in names
    ]
    assert kept < 0.1


#: Keys of another file's ALTER TABLE to columns that are no key (K005, K006 only see
#: them as checked); a Teradata key without a column list (the same names: Database
#: Design, "Rules for Table-Level FOREIGN KEY ... REFERENCES Constraints Only").
APART = {
    "parent.sql": "CREATE TABLE dbo.parent (id int NOT NULL PRIMARY KEY, code char(4) NOT "
    "NULL, label varchar(30) NULL, note varchar(200) NULL)\nGO\n",
    "child.sql": "CREATE TABLE dbo.child (id int NOT NULL PRIMARY KEY, parent_code char(5) "
    "NULL, parent_label varchar(30) NULL, extra int NULL)\nGO\n",
    "keys.sql": "ALTER TABLE dbo.child ADD CONSTRAINT fk_code FOREIGN KEY (parent_code) "
    "REFERENCES dbo.parent (code)\nGO\nALTER TABLE dbo.child ADD CONSTRAINT fk_label FOREIGN "
    "KEY (parent_label) REFERENCES dbo.parent (label)\nGO\n",
}

TERADATA = {
    "p.sql": "CREATE MULTISET TABLE p (a INTEGER NOT NULL, b INTEGER NOT NULL, z INTEGER) "
    "UNIQUE PRIMARY INDEX (a, b);\n",
    "c.sql": "CREATE MULTISET TABLE c (k INTEGER NOT NULL, a INTEGER, b SMALLINT, y INTEGER, "
    "FOREIGN KEY (a, b) REFERENCES p) UNIQUE PRIMARY INDEX (k);\n",
}


@pytest.mark.parametrize(
    ("files", "codes", "kept"),
    [
        (APART, {"K005", "K006"}, {"parent": {"id", "code", "label"}}),
        (TERADATA, {"K005"}, {"p": {"a", "b"}}),
    ],
    ids=["alter-table-elsewhere", "teradata-same-names"],
)
def test_columns_a_key_of_another_file_names_are_kept(
    tmp_path: Path, files: dict[str, str], codes: set[str], kept: dict[str, set[str]]
) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    scope = _checked(sorted(str(tmp_path / name) for name in files))
    found = {f.code for f in check_scope("s", scope.results, SizingSettings(), RULES)}
    assert found & {"K003", "K004", "K005", "K006"} == codes
    _same_scope_step(scope)
    slim = [scope_input(r, scope.links) for r in scope.results]
    for r in slim:
        for tb in r.tables:
            if tb.name.name in kept:
                assert {c.name for c in tb.columns} == kept[tb.name.name]


def test_a_table_defined_twice_or_a_rename_keeps_every_column(tmp_path: Path) -> None:
    """C002 compares two definitions of a name by their columns (and, once a file renames
    a table, any two): those tables keep them all."""
    (tmp_path / "a.sql").write_text(
        "CREATE TABLE dbo.t (id int NOT NULL PRIMARY KEY, x int NULL)\nGO\n"
        "CREATE TABLE dbo.u (id int NOT NULL PRIMARY KEY, y int NULL)\nGO\n",
        encoding="utf-8",
    )
    (tmp_path / "b.sql").write_text(
        "CREATE TABLE dbo.t (id int NOT NULL PRIMARY KEY, x bigint NULL)\nGO\n",
        encoding="utf-8",
    )
    paths = [str(tmp_path / "a.sql"), str(tmp_path / "b.sql")]
    scope = _checked(paths)
    _same_scope_step(scope)
    slim = {(r.path, tb.name.name): len(tb.columns) for r in scope.results for tb in r.tables}
    slimmer = {
        (r.path, tb.name.name): len(tb.columns)
        for r in (scope_input(r, scope.links) for r in scope.results)
        for tb in r.tables
    }
    assert slimmer == {**slim, (paths[0], "u"): 1}
    (tmp_path / "c.sql").write_text("EXEC sp_rename 'dbo.u', 'v'\nGO\n", encoding="utf-8")
    scope = _checked([*paths, str(tmp_path / "c.sql")])
    _same_scope_step(scope)
    assert _columns([scope_input(r, scope.links) for r in scope.results]) == _columns(scope.results)


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
    scope = _checked([str(tmp_path / "a.sql"), str(tmp_path / "b.sql")])
    codes = {f.code for f in check_scope("s", scope.results, SizingSettings(), RULES)}
    assert {"K003", "K004", "K005", "K006", "C002"} <= codes
    _same_scope_step(scope)


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
    (result,) = _checked([str(tmp_path / "w.sql")]).results
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
