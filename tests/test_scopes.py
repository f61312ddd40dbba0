"""Link scopes (docs/decisions.md D77): which files form one database, and linking that
stays inside a scope and costs O(objects) per scope.

* how a file's scope is decided: ``[scopes]`` globs, project markers (``ddlaudit.toml``,
  ``.ddlaudit.toml``, ``*.sqlproj``), PATH arguments, standard input;
* every command lists its input that way (``parse``/``size``/``replication`` through
  ``analyze_paths``, ``lint``, ``graph``, ``scan``'s listing);
* ``sp_primarykey`` / ``sp_setreptable`` / ``ALTER TABLE`` / replication definitions of one
  copy of a schema never reach another copy;
* 100 copies give exactly 100 times the findings of one;
* a property: linking each scope alone equals linking the whole run with scopes;
* linearity without timing: index builds, table shapes and lookups counted;
* a Spark scan of two scopes gives the one-process datasets.
"""

from __future__ import annotations

import importlib
import os
import pickle
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer import workflow
from analyzer.cli import main
from analyzer.config import Config, ConfigError, LintSettings, from_mapping, load
from analyzer.core import Options, analyze_paths
from analyzer.ir import FileResult
from analyzer.passes.link_replication import (
    ReplicationContext,
    ScopeLinks,
    replication_context,
    scope_links,
)
from analyzer.passes.resolve_user_types import UserTypes
from analyzer.rows import DATASETS, column_rows, diagnostic_rows, file_row, table_rows
from analyzer.rules.selection import resolve
from analyzer.scopes import assign, is_marker, scope_of

#: the module of the link pass's context and lookups (``analyzer.passes.link_replication``
#: is also the pass function's name)
link = importlib.import_module("analyzer.passes.link_context")
SYBASE = Options(dialect="sybase")

TABLES = """create table authors (au_id varchar(11) not null, name varchar(40) null)
go
create table titles (title_id varchar(6) not null, au_id varchar(11) not null)
go
"""
#: What one copy of the schema declares after its tables (procedures, ALTER TABLE, RCL).
KEYS = """sp_primarykey authors, au_id
go
sp_setreptable authors, true
go
sp_foreignkey titles, authors, au_id
go
"""
ALTER = "alter table titles add constraint pk_titles primary key (title_id)\ngo\n"
REPDEF = (
    "create replication definition authors_rd with primary at DS.db with all tables named "
    "'authors' (au_id varchar(11), name varchar(30)) primary key (au_id)\ngo\n"
)
COPY = {"tables.sql": TABLES, "keys.sql": KEYS, "alter.sql": ALTER, "repdef.sql": REPDEF}


def write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def copies(root: Path, count: int, files: dict[str, str] = COPY) -> list[Path]:
    """``count`` copies of ``files``, each in a directory with a ``ddlaudit.toml`` marker."""
    made = []
    for i in range(count):
        where = root / f"db{i:03d}"
        write(where, {**files, "ddlaudit.toml": ""})
        made.append(where)
    return made


def by_path(results: list[FileResult]) -> dict[str, FileResult]:
    return {Path(r.path).relative_to(Path(r.path).parents[1]).as_posix(): r for r in results}


# ------------------------------------------------------------------ configuration


def test_scopes_table_is_validated() -> None:
    config = from_mapping({"scopes": {"envs/prod/**": "prod", "**/*.sql": "rest"}}, "x.toml")
    assert config.scope_map == (("envs/prod/**", "prod"), ("**/*.sql", "rest"))
    assert config.scope_for("envs/prod/a/t.sql") == "prod"  # first match wins
    assert config.scope_for("/abs/envs/prod/t.sql") == "prod"  # below any prefix
    assert config.scope_for("other/t.sql") == "rest"
    assert Config().scope_for("t.sql") is None
    with pytest.raises(ConfigError, match=r"x.toml: \[scopes\] must be a table"):
        from_mapping({"scopes": "prod"}, "x.toml")
    with pytest.raises(ConfigError, match=r"\[scopes\] 'envs/\*\*' = 3: expected a scope name"):
        from_mapping({"scopes": {"envs/**": 3}}, "x.toml")
    with pytest.raises(ConfigError, match=r"\[scopes\] 'envs/\*\*' = ' '"):
        from_mapping({"scopes": {"envs/**": " "}}, "x.toml")
    with pytest.raises(ConfigError, match=r"\[scopes\] 'a' = \{"):
        from_mapping({"scopes": {"a": {"name": "x"}}}, "x.toml")


def test_scopes_table_from_a_file(tmp_path: Path) -> None:
    (tmp_path / "ddlaudit.toml").write_text('[scopes]\n"prod/**" = "production"\n')
    assert load(str(tmp_path / "ddlaudit.toml")).scope_map == (("prod/**", "production"),)


# ------------------------------------------------------------------ which scope


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    write(
        tmp_path,
        {
            "a/ddlaudit.toml": "",
            "a/x.sql": TABLES,
            "a/sub/y.sql": TABLES,
            "b/Sales.sqlproj": "<Project />",
            "b/z.sql": TABLES,
            "c/.ddlaudit.toml": "",
            "c/v.sql": TABLES,
            "c/d/ddlaudit.toml": "",
            "c/d/w.sql": TABLES,
            "e/plain/u.sql": TABLES,
            "loose.sql": TABLES,
        },
    )
    return tmp_path


def _named(listed: list[tuple[str, str]], root: Path) -> dict[str, str]:
    def rel(p: str) -> str:
        return os.path.relpath(p, root).replace(os.sep, "/") if os.path.isabs(p) else p

    return {rel(f): rel(s) for f, s in listed}


def test_markers_start_scopes(tree: Path) -> None:
    listed, diags = assign([str(tree)])
    assert diags == ()
    assert _named(listed, tree) == {
        "a/sub/y.sql": "a",  # the nearest marker above, at or below the PATH
        "a/x.sql": "a",
        "b/z.sql": "b",  # a .sqlproj
        "c/d/w.sql": "c/d",  # the nearest marker wins
        "c/v.sql": "c",  # .ddlaudit.toml
        "e/plain/u.sql": ".",  # no marker: the PATH argument
        "loose.sql": ".",
    }
    assert dict(listed)[str(tree / "a" / "x.sql")] == str(tree / "a")  # named by its path
    assert is_marker("x.SQLPROJ") and not is_marker("pyproject.toml")


def test_path_arguments_and_markers_above_them(tree: Path) -> None:
    # a marker above the PATH argument is not looked at; the unmarked files the arguments
    # list are one database, named by the arguments' common directory (D167)
    listed, _ = assign([str(tree / "a" / "sub"), str(tree / "e")])
    assert [s for _, s in listed] == [str(tree), str(tree)]
    listed, _ = assign([str(tree / "a" / "sub")])
    assert [s for _, s in listed] == [str(tree / "a" / "sub")]
    # the argument itself holding a marker: named as given
    listed, _ = assign([str(tree / "a") + os.sep])
    assert {s for _, s in listed} == {str(tree / "a") + os.sep}
    # a file argument joins the run's scope; a file listed twice belongs to the first
    x = str(tree / "a" / "x.sql")
    listed, _ = assign([x, str(tree / "a")])
    assert listed[0] == (x, str(tree / "a")) and [f for f, _ in listed].count(x) == 1
    listed, _ = assign([x])
    assert listed == [(x, x)]
    assert scope_of(x, x) == x and scope_of(x, str(tree)) == str(tree / "a")


def test_files_passed_together_are_one_database(tmp_path: Path) -> None:
    # what a CI step passes: the changed files, each named (issue 27 item 8)
    write(tmp_path, {"a.sql": "create table t (a int not null)\ngo\n"})
    write(tmp_path, {"b.sql": "alter table t add constraint pk primary key (a)\ngo\n"})
    a, b = str(tmp_path / "a.sql"), str(tmp_path / "b.sql")
    results = {r.path: r for r in analyze_paths([a, b], SYBASE)[0]}
    assert results[a].tables[0].primary_key is not None
    # a marker still splits: b.sql in a marked directory of its own links nothing of a.sql
    (tmp_path / "own").mkdir()
    (tmp_path / "own" / "ddlaudit.toml").write_text("")
    moved = tmp_path / "own" / "b.sql"
    (tmp_path / "b.sql").rename(moved)
    results = {r.path: r for r in analyze_paths([a, str(tmp_path / "own")], SYBASE)[0]}
    assert results[a].tables[0].primary_key is None


def test_scopes_globs_win_and_stdin_is_its_own(tree: Path) -> None:
    config = Config(scope_map=(("*/a/**", "alpha"), ("*/b/*", "alpha")))
    listed, _ = assign(["-", str(tree / "a"), str(tree / "b"), str(tree / "c")], config)
    named = _named(listed, tree)
    assert named.pop("<stdin>") == "-"
    assert named == {
        "a/sub/y.sql": "alpha",
        "a/x.sql": "alpha",
        "b/z.sql": "alpha",  # two PATHs, one scope by name
        "c/d/w.sql": "c/d",
        "c/v.sql": "c",
    }
    assert workflow.scopes(["-"], (), ()) == ([("<stdin>", "-")], ())


def test_every_command_lists_scopes_the_same_way(tree: Path) -> None:
    config = Config(scope_map=(("*/b/*", "bee"),))
    expected, _ = assign([str(tree)], config)
    options = Options(dialect="sybase", config=config)
    assert workflow.scopes([str(tree)], config.include, config.exclude, config)[0] == expected
    from analyzer.cli.graph import scope_results

    scoped, _ = scope_results([str(tree)], options)
    want: dict[str, list[str]] = {}
    for f, s in expected:
        want.setdefault(s, []).append(f)
    assert {name: [r.path for r in rs] for name, rs in scoped} == want
    run = workflow.lint([str(tree)], options, config.sizing, resolve(LintSettings()))
    assert {c.result.path: c.scope for c in run.checked} == dict(expected)
    pytest.importorskip("pyspark", reason="pyspark is not installed")
    from analyzer.spark.scan import list_inputs

    listing = list_inputs([str(tree)], config.include, config.exclude, config)
    assert list(listing.scopes) == expected


# ------------------------------------------------------------------ nothing crosses copies


def test_keys_markings_and_changes_stay_in_their_copy(tmp_path: Path) -> None:
    one, two = copies(tmp_path, 2)
    for name in ("keys.sql", "alter.sql", "repdef.sql"):
        (two / name).unlink()  # the second copy: the same tables, nothing else
    results = by_path(analyze_paths([str(tmp_path)], SYBASE)[0])
    mine = {t.name.name: t for t in results["db000/tables.sql"].tables}
    theirs = {t.name.name: t for t in results["db001/tables.sql"].tables}
    key = mine["authors"].primary_key
    assert key is not None and key.declared_by == "sp_primarykey"
    assert mine["authors"].replication is not None and mine["authors"].replication.replicated
    assert mine["authors"].replication.marked_by == ("sp_setreptable",)  # once, not per copy
    assert mine["titles"].primary_key is not None and mine["titles"].primary_key.name == "pk_titles"
    assert theirs["authors"].primary_key is None and theirs["authors"].replication is None
    assert theirs["titles"].primary_key is None and theirs["titles"].constraints == ()
    keys = results["db000/keys.sql"]
    assert all(c.applied and c.table_path == str(one / "tables.sql") for c in keys.table_changes)
    (defn,) = results["db000/repdef.sql"].replication_definitions
    assert defn.resolved and defn.table_path == str(one / "tables.sql")
    # the same through the lint: the second copy's tables have no key (K001), the first's do
    run = workflow.lint([str(tmp_path)], SYBASE, Options().config.sizing, resolve(LintSettings()))
    k001 = sorted(Path(f.path).parent.name for f in run.report.findings if f.code == "K001")
    assert k001 == ["db001", "db001"]


def test_the_same_copies_as_path_arguments(tmp_path: Path) -> None:
    one, two = copies(tmp_path, 2)
    (two / "keys.sql").unlink()
    for marker in (one / "ddlaudit.toml", two / "ddlaudit.toml"):
        marker.unlink()  # no markers: the two PATH arguments are one scope (D167)
    results = by_path(analyze_paths([str(one), str(two)], SYBASE)[0])
    assert {t.name.name: t.primary_key is not None for t in results["db001/tables.sql"].tables} == {
        "authors": False,
        "titles": True,  # its own ALTER TABLE
    }
    # one PATH over both: one scope, and each copy's calls key the nearest same-named
    # table, their own directory's (D168)
    results = by_path(analyze_paths([str(tmp_path)], SYBASE)[0])
    assert results["db000/keys.sql"].table_changes[0].table_path == str(one / "tables.sql")


def test_stdin_is_its_own_scope(tmp_path: Path) -> None:
    write(tmp_path, {"t.sql": TABLES})
    results, _ = analyze_paths(["-", str(tmp_path)], SYBASE, stdin=KEYS.encode())
    stdin, tables = results
    assert stdin.path == "<stdin>"
    assert {d.code for d in stdin.diagnostics} == {"R007"}  # authors, titles: not in its scope
    assert all(t.primary_key is None for t in tables.tables)


def test_parse_command_links_per_scope(tmp_path: Path) -> None:
    copies(tmp_path, 2)
    (tmp_path / "db001" / "keys.sql").unlink()
    result = CliRunner().invoke(main, ["parse", str(tmp_path), "--dialect", "sybase"])
    assert result.exit_code == 0, result.stderr
    keyed = [line for line in result.stdout.splitlines() if "primary key (au_id)" in line]
    assert len(keyed) == 1  # only the first copy's authors


# ------------------------------------------------------------------ 100 copies


def _codes(run: workflow.LintRun) -> Counter[str]:
    return Counter(f.code for f in run.report.findings)


def test_one_hundred_copies_give_one_hundred_times_the_findings(tmp_path: Path) -> None:
    sizing, selection = Options().config.sizing, resolve(LintSettings())
    copies(tmp_path / "one", 1)
    one = workflow.lint([str(tmp_path / "one")], SYBASE, sizing, selection)
    copies(tmp_path / "many", 100)
    many = workflow.lint([str(tmp_path / "many")], SYBASE, sizing, selection)
    assert one.report.findings  # R003, K005 ...: not vacuous
    assert len(many.report.findings) == 100 * len(one.report.findings)
    assert _codes(many) == Counter({code: 100 * n for code, n in _codes(one).items()})
    # each copy's findings are the first copy's, in its own files
    first = sorted((Path(f.path).name, f.code, f.message) for f in one.report.findings)
    for i in (0, 57, 99):
        found = [f for f in many.report.findings if f"db{i:03d}" in f.path]
        assert sorted((Path(f.path).name, f.code, f.message) for f in found) == first


# ------------------------------------------------------------------ property

NAMES = ("t1", "t2", "dbo.t1", "t3")
STATEMENT = st.one_of(
    st.sampled_from(NAMES).map(lambda n: f"create table {n} (a int not null, b int null)"),
    st.sampled_from(NAMES).map(lambda n: f"sp_primarykey {n}, a"),
    st.sampled_from(NAMES).map(lambda n: f"sp_setreptable {n}, true"),
    st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES)).map(
        lambda p: f"sp_foreignkey {p[0]}, {p[1]}, b"
    ),
    st.sampled_from(NAMES).map(lambda n: f"alter table {n} add primary key (b)"),
    st.sampled_from(NAMES).map(
        lambda n: (
            f"create replication definition rd_{n.replace('.', '_')} with primary at "
            f"DS.db with all tables named '{n.split('.')[-1]}' (a int, b int) primary key (a)"
        )
    ),
    st.sampled_from(("rd_t1", "rd_t3")).map(
        lambda n: f"alter replication definition {n} add c int"
    ),
    st.sampled_from(("ut1", "ut2")).map(lambda n: f"sp_addtype {n}, 'char(4)'"),
    st.sampled_from(NAMES).map(lambda n: f"create table {n} (a ut1 not null, b ut2 null)"),
)
FILE = st.lists(STATEMENT, min_size=1, max_size=5).map(lambda s: "".join(f"{x}\ngo\n" for x in s))
#: scopes of files: a scope is a directory db<i> holding files f<j>.sql
TREE = st.lists(st.lists(FILE, min_size=1, max_size=3), min_size=1, max_size=3)


def _write_tree(root: Path, tree: list[list[str]], marked: bool) -> list[Path]:
    scopes = []
    for i, files in enumerate(tree):
        where = root / f"db{i}"
        write(where, {f"f{j}.sql": text for j, text in enumerate(files)})
        if marked:
            (where / "ddlaudit.toml").write_text("")
        scopes.append(where)
    return scopes


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TREE)
def test_linking_each_scope_alone_equals_the_whole_run(tree: list[list[str]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        dirs = _write_tree(root, tree, marked=True)
        whole, _ = analyze_paths([str(root)], SYBASE)  # scopes by markers
        alone = [r for d in dirs for r in analyze_paths([str(d)], SYBASE)[0]]
        assert whole == alone
        as_paths, _ = analyze_paths([str(d) for d in dirs], SYBASE)  # scopes by PATH
        assert as_paths == alone
        config = Config(scope_map=tuple((f"*/{d.name}/*", d.name) for d in dirs))
        for marker in root.glob("*/ddlaudit.toml"):
            marker.unlink()
        by_glob, _ = analyze_paths([str(root)], Options(dialect="sybase", config=config))
        assert by_glob == alone


# ------------------------------------------------------------------ linear work


class _Counts:
    def __init__(self) -> None:
        self.indexes = self.finds = self.compared = self.shapes = 0


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Counts]:
    """Counts of the link pass's work: index builds, lookups, shapes compared, shapes made."""
    counts = _Counts()
    index, find, same, shape = link.ContextIndex, link.Tables.find, link.matches, link.table_shape

    def counted_index(**kwargs: Any) -> link.ContextIndex:
        counts.indexes += 1
        return index(**kwargs)

    def counted_find(self: Any, name: Any, at: Any = None) -> Any:
        counts.finds += 1
        return find(self, name, at)

    def counted_same(a: Any, b: Any) -> bool:  # a reference against one shape's name
        counts.compared += 1
        return same(a, b)

    def counted_shape(*args: Any) -> Any:
        counts.shapes += 1
        return shape(*args)

    monkeypatch.setattr(link, "ContextIndex", counted_index)
    monkeypatch.setattr(link.Tables, "find", counted_find)
    monkeypatch.setattr(link, "matches", counted_same)
    monkeypatch.setattr(link, "table_shape", counted_shape)
    yield counts


def test_link_work_is_linear_in_the_scopes(tmp_path: Path, counted: _Counts) -> None:
    # qualified names, so that a lookup compares qualifiers on the shapes it examines
    schema = {
        **COPY,
        "more.sql": "create table dbo.authors (au_id int not null)\ngo\n"
        "sp_primarykey other.authors, au_id\ngo\nsp_primarykey dbo.authors, au_id\ngo\n",
    }
    work = []
    for n in (1, 10, 40):
        copies(tmp_path / f"n{n}", n, schema)
        counted.__init__()  # type: ignore[misc]
        analyze_paths([str(tmp_path / f"n{n}")], SYBASE)
        work.append((n, counted.indexes, counted.finds, counted.compared, counted.shapes))
    (_, indexes, finds, compared, shapes), *more = work
    assert indexes == 1 and finds > 0 and compared > finds  # one index per scope
    for n, i, f, c, s in more:
        # exactly n times one copy's work: the same lookups, each comparing the same
        # number of shapes (not growing with the scopes), one index built per scope
        assert (i, f, c, s) == (n * indexes, n * finds, n * compared, n * shapes)


def test_context_and_types_pickle_without_their_indexes(tmp_path: Path) -> None:
    write(tmp_path, {"a.sql": TABLES + KEYS + "sp_addtype code, 'char(4)'\ngo\n"})
    results, _ = analyze_paths([str(tmp_path)], SYBASE)
    links = scope_links(results)
    assert isinstance(links, ScopeLinks) and links.replication.index.tables  # built
    assert links.user_types.by_name  # built
    again = pickle.loads(pickle.dumps(links))
    assert again == links and hash(again.replication) == hash(links.replication)
    assert again.replication._index is None  # not shipped: rebuilt on use
    assert again.replication.index == links.replication.index
    assert isinstance(again.user_types, UserTypes) and "by_name" not in vars(again.user_types)
    assert len(pickle.dumps(links.replication)) == len(pickle.dumps(replication_context(results)))
    assert ReplicationContext() == ReplicationContext().merge(ReplicationContext())


# ------------------------------------------------------------------ Spark


@pytest.mark.spark
def test_spark_scan_of_two_scopes_equals_the_one_process_path(spark: Any, tmp_path: Path) -> None:
    """Two scopes define the same tables; only the first has the keys, the marking, the
    ALTER TABLE and the replication definition: the scan's datasets are those of the
    one-process workflow (links per scope), and the second copy stays unkeyed."""
    from analyzer.spark.scan import run_scan

    repo = tmp_path / "repo"
    _, two = copies(repo, 2)
    for name in ("keys.sql", "alter.sql", "repdef.sql"):
        (two / name).unlink()
    write(repo, {"loose/t.sql": TABLES})  # a third scope: the PATH itself
    out = tmp_path / "out"
    options = SYBASE
    run_scan([str(repo)], str(out), options=options, progress=False)

    def read(name: str) -> list[tuple[Any, ...]]:
        from analyzer.rows import read_order  # by name: partitioned by dialect (D112)

        frame = spark.read.parquet(str(out / name)).select(*read_order(name))
        return sorted((tuple(r) for r in frame.collect()), key=repr)

    config = options.config
    selection = resolve(config.lint)
    rules = selection.enabled_rules
    listed, _ = workflow.scopes([str(repo)], config.include, config.exclude, config)
    source = [r for r in rules if r.level == "source"]
    prepared = [
        workflow.prepare(workflow.read(p, options), p, options, config.sizing, source, s)
        for p, s in listed
    ]
    links = workflow.scope_links_of(prepared)
    expected: dict[str, list[tuple[Any, ...]]] = {k: [] for k in ("files", "tables", "columns")}
    expected["diagnostics"] = []
    file_rules = [r for r in rules if r.level == "file"]
    for p in prepared:
        linked = links[p.scope]
        checked = workflow.check_file(
            p, workflow.SCAN, config.sizing, linked.user_types, linked.replication, file_rules
        )
        extra = tuple(d for e in checked.estimates for d in e.diagnostics)
        result = replace(checked.result, diagnostics=(*checked.result.diagnostics, *extra))
        size = os.path.getsize(result.path)
        row = file_row(result, size, None)
        expected["files"].append(row)
        expected["tables"].extend(table_rows(result, checked.estimates))
        expected["columns"].extend(column_rows(result))
        expected["diagnostics"].extend(diagnostic_rows(result))
    millis = [f.name for f in DATASETS["files"]].index("analysis_ms")  # a timing
    files = [r[:millis] + r[millis + 1 :] for r in read("files")]
    assert files == sorted((r[:millis] + r[millis + 1 :] for r in expected["files"]), key=repr)
    for name in ("tables", "columns", "diagnostics"):
        assert read(name) == sorted(expected[name], key=repr), name
    from tests.test_spark_findings import _key  # a findings row from a lint finding

    lint = workflow.lint([str(repo)], options, config.sizing, selection, root=os.getcwd())
    found = sorted((r[:-1] for r in read("findings")), key=repr)  # the dialect column last
    assert found == sorted((_key(f) for f in lint.report.findings), key=repr)
    assert any(f.code == "R003" for f in lint.report.findings)  # the first copy's definition
    # not vacuous: the first copy's authors is keyed by sp_primarykey, the others are not
    keyed = {
        (Path(r["file"]).parent.name, r["table"]): r["primary_key"]
        for r in spark.read.parquet(str(out / "tables")).collect()
    }
    assert keyed == {
        ("db000", "authors"): "au_id",
        ("db000", "titles"): "title_id",
        ("db001", "authors"): None,
        ("db001", "titles"): None,
        ("loose", "authors"): None,
        ("loose", "titles"): None,
    }
