"""``scan``'s ``findings`` dataset is ``lint``'s: same rules, configuration, scopes,
suppressions and fingerprints, run through the workflow layer in Spark tasks.

The tree has two scopes (PATHs ``a`` and ``b``): a duplicate column, a table defined
twice in ``a`` (and once more in ``b``, another scope), a suppressed duplicate, an
unused suppression, a suppression naming no rule, an empty file and a dangling link
(both settled on the driver), and a ``ddlaudit.toml`` whose ``[lint]`` ignores K001,
turns C002 into a warning and names a workload (checked against every table of the
run).  The per-file finishing helper and the scope step are also checked without Spark.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspark", reason="pyspark is not installed: pip install -e '.[spark]'")

from analyzer import workflow
from analyzer.config import Config, load
from analyzer.core import Options
from analyzer.ir import Severity, Span
from analyzer.passes.link_replication import replication_context
from analyzer.rows import FINDINGS, Row, names, read_order
from analyzer.rules import get
from analyzer.rules.registry import Finding
from analyzer.rules.selection import resolve
from analyzer.rules.suppressions import directives
from analyzer.spark import worker
from analyzer.spark.scan import list_inputs, run_scan, settle_on_driver, workload_tables

ORDERS = """CREATE TABLE dbo.orders (
    id int NOT NULL PRIMARY KEY,
    note varchar(10) NULL,
    note varchar(20) NULL
)
GO
CREATE TABLE dbo.lines (
    id int NOT NULL PRIMARY KEY,
    qty int NULL,
    qty int NULL -- ddlaudit: ignore[C001]
)
GO
CREATE TABLE dbo.ok (
    id int NOT NULL PRIMARY KEY -- ddlaudit: ignore[C001]
)
GO
"""

#: path -> content; ``a`` and ``b`` are the two PATHs (scopes) scanned.
TREE: dict[str, str] = {
    "a/orders.sql": ORDERS,
    "a/again.sql": "CREATE TABLE dbo.orders (id int NOT NULL PRIMARY KEY)\nGO\n",
    "b/orders.sql": "-- ddlaudit: file-ignore[Q123]\n"
    "CREATE TABLE dbo.orders (id int NOT NULL PRIMARY KEY, total money NULL)\nGO\n"
    "CREATE TABLE dbo.items (sku int, price money)\nGO\n",
    "b/empty.sql": "",
    # a and b are two databases (a marker each: PATHs passed together are one, D167)
    "a/.ddlaudit.toml": "",
    "b/.ddlaudit.toml": "",
    # orders is the last definition's (b/orders.sql: no note), as lint reads them in order
    "workload.yaml": "tables:\n  missing_table: {updates: 10}\n"
    "  orders: {updates: 5, changed_columns: [note]}\n",
    "ddlaudit.toml": '[lint]\nignore = ["K001"]\nseverity = { C002 = "warning" }\n'
    'workload = "workload.yaml"\n',
}
PATHS = ["a", "b"]

#: (code, file, line) of what the tree must give, so the comparison is not vacuous.
EXPECTED = {
    ("C001", "a/orders.sql", 4),  # note twice; qty's duplicate is suppressed
    ("C002", "a/orders.sql", 1),  # a/again.sql comes first in scope a; b is another scope
    ("L001", "a/orders.sql", 14),  # ignore[C001] on a line without C001
    ("L002", "b/orders.sql", 1),  # Q123 names no rule
    ("D003", "b/empty.sql", 1),
    ("D005", "b/gone.sql", 1),  # a dangling link: lint's D005, read again on the driver
    ("R056", "workload.yaml", 2),
    ("R057", "workload.yaml", 3),
}

Key = tuple[Any, ...]


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The tree, as the working directory: PATHs and fingerprints are relative to it."""
    root = tmp_path / "tree"
    for rel, text in TREE.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "b" / "gone.sql").symlink_to("nowhere.sql")
    monkeypatch.chdir(root)
    yield root


def _config() -> Config:
    return load("ddlaudit.toml")


def _lint(config: Config) -> list[Finding]:
    run = workflow.lint(
        PATHS,
        Options(config=config),
        config.sizing,
        resolve(config.lint),
        workload_path=config.lint.workload,
        root=os.getcwd(),
    )
    return list(run.report.findings)


def _relative(path: str) -> str:
    # The workload's findings name it by its absolute path ([lint] workload is resolved).
    return os.path.relpath(path) if os.path.isabs(path) else path


def _key(f: Finding) -> Key:
    """Every column of a ``findings`` row, from a lint finding."""
    span = f.span
    rule = get(f.code)
    return (
        f.path,
        f.code,
        rule.name if rule is not None else None,
        str(f.severity),
        f.message,
        *((span.line, span.column, span.end_line, span.end_column) if span else (None,) * 4),
        f.table,
        f.column,
        f.subject,
        f.bytes,
        f.fingerprint,
    )


def _expected(found: list[Key]) -> set[tuple[str, str, int]]:
    return {(k[1], _relative(k[0]), k[5] or 0) for k in found}


# --------------------------------------------------------------------------- Spark


@pytest.mark.spark
def test_findings_equal_lint(spark: Any, tree: Path) -> None:
    config = _config()
    out = tree.parent / "out"
    summary = run_scan(PATHS, str(out), options=Options(config=config), progress=False)
    frame = spark.read.parquet(str(out / "findings")).select(*read_order("findings"))
    found = [tuple(r) for r in frame.collect()]
    written = [r[:-1] for r in found]  # the dialect last: not a lint finding's
    lint = [_key(f) for f in _lint(config)]
    assert sorted(written, key=repr) == sorted(lint, key=repr)
    assert {r[-1] for r in found if r[0] == "a/orders.sql"} == {"tsql"}
    assert (out / "findings" / "dialect=tsql").is_dir()
    assert _expected(written) == EXPECTED
    by_code = {k[1]: k for k in written}
    assert by_code["C002"][3] == "warning"  # [lint] severity applied in the tasks
    counts = {s: sum(k[3] == s for k in written) for s in ("error", "warning", "info")}
    assert (summary.finding_errors, summary.finding_warnings, summary.finding_infos) == (
        counts["error"],
        counts["warning"],
        counts["info"],
    )
    assert summary.path("findings") == str(out / "findings")
    assert "findings: " in summary.render()


@pytest.mark.spark
def test_findings_schema_and_no_findings(spark: Any, tmp_path: Path) -> None:
    (tmp_path / "repo").mkdir()
    (tmp_path / "repo" / "fine.sql").write_text("CREATE TABLE t (id int NOT NULL PRIMARY KEY)\n")
    options = Options(dialect="tsql")  # no P003 (dialect fallback) either
    summary = run_scan([str(tmp_path / "repo")], str(tmp_path / "out"), options=options,
                       progress=False)  # fmt: skip
    frame = spark.read.parquet(str(tmp_path / "out" / "findings"))
    assert tuple(frame.columns) == names(FINDINGS)
    assert frame.count() == summary.findings == 0


# --------------------------------------------------------------------------- without Spark


def test_scope_step_without_spark_equals_lint(tree: Path) -> None:
    """The worker's phases and scope step in one process give lint's findings."""
    config = _config()
    options = Options(config=config)
    selection = resolve(config.lint)
    rules = selection.enabled_rules
    listing = list_inputs(PATHS, config.include, config.exclude)
    places = listing.places()
    analysed = [
        worker.analyze_file(
            shown, Path(absolute).read_bytes(), options, *places[shown], None, rules
        )
        for absolute, shown in listing.local
    ]
    analysed += [
        settle_on_driver(a, shown, size, options, places[shown], rules)
        for a, shown, size in listing.settle
    ]
    pieces: dict[str, list[worker.Piece]] = {}
    for item in reversed(analysed):  # the links restore the listing order
        scope, piece = worker.link_piece(item)
        pieces.setdefault(scope, []).append(piece)
    links = {scope: worker.gather_links(found) for scope, found in pieces.items()}
    members: dict[str, list[worker.Member]] = {}
    for item in reversed(analysed):  # the scope step restores the listing order
        linked = links[item.prepared.scope]
        member = worker.check(
            item, linked.user_types, config.sizing, linked.replication, rules
        ).member
        members.setdefault(member.checked.scope, []).append(member)
    cwd = os.getcwd()
    run = worker.RunSettings(
        selection,
        config.sizing,
        None,
        workflow.replication_enabled(selection),
        worker.Reported(cwd, cwd),
    )
    rows: list[Row] = []
    for scope, group in members.items():
        rows.extend(worker.finish_scope(scope, group, run))
    workload, loose = workflow.load_workload(config.lint.workload)
    context = replication_context(a.result for a in analysed)
    loose += workflow.check_workload(workload, workload_tables(context), context.functions)
    rows.extend(worker.finished_rows(loose, {}, run))
    assert sorted((r[:-1] for r in rows), key=repr) == sorted(
        (_key(f) for f in _lint(config)), key=repr
    )
    dialects = {(r[0], r[-1]) for r in rows}  # the dialect of each finding's file
    assert ("a/orders.sql", "tsql") in dialects and (config.lint.workload, None) in dialects


def test_finish_findings_file_by_file_equals_finish() -> None:
    """Per file, with that file's directives, the helper gives exactly what finish gives."""
    c001, k001 = get("C001"), get("K001")
    assert c001 is not None and k001 is not None
    texts = {
        "x.sql": "CREATE TABLE t (a int,\n a int) -- ddlaudit: ignore[C001]\n",
        "y.sql": "-- ddlaudit: file-ignore[K001, C001]\nCREATE TABLE u (b int, b int)\n",
        "z.sql": "CREATE TABLE v (c int, c int)\n",
    }

    def at(path: str, line: int) -> Span:
        return Span(path, line, 1, line, 5, 0, 4)

    found = [
        c001.finding("a twice", "x.sql", span=at("x.sql", 2), table="t", column="a"),
        k001.finding("t has no key", "x.sql", span=at("x.sql", 1), table="t"),
        c001.finding("b twice", "y.sql", span=at("y.sql", 2), table="u", column="b"),
        c001.finding("c twice", "z.sql", span=at("z.sql", 1), table="v", column="c"),
    ]
    marks = {p: directives(text, p) for p, text in texts.items() if "ddlaudit:" in text}
    selection = resolve(Config().lint)
    report, whole = workflow.finish(found, selection, marks, sorted(texts))
    per_file: list[Finding] = []
    suppressed = 0
    for path in texts:
        own = {path: marks[path]} if path in marks else {}
        kept, hidden = workflow.finish_findings(
            [f for f in found if f.path == path],
            selection,
            own,
            lambda p: workflow.reported_path(p, "."),
        )
        per_file.extend(kept)
        suppressed += hidden
    assert sorted(per_file, key=Finding.sort_key) == whole
    assert suppressed == report.suppressed == 2  # x's C001 and y's C001
    # y's file-ignore names K001, which hid nothing there: L001 (a finding of y alone)
    assert [(f.code, f.path) for f in whole if f.code == "L001"] == [("L001", "y.sql")]
    assert all(f.fingerprint for f in whole)


def test_reported_paths_from_a_task() -> None:
    """Fingerprint paths in a task: relative to the driver's directory, URIs as they are."""
    reported = worker.Reported("/repo", "/repo")
    assert reported("a/x.sql") == "a/x.sql"  # relative to the driver's cwd, not the task's
    assert reported("/repo/a/x.sql") == "a/x.sql"
    assert reported("/elsewhere/x.sql") == "/elsewhere/x.sql"
    assert reported("hdfs://nn/ddl/x.sql") == "hdfs://nn/ddl/x.sql"
    assert reported("<input>") == "<input>"
    assert workflow.reported_path("a/x.sql", os.getcwd()) == "a/x.sql"


def test_workload_tables_from_the_replication_context() -> None:
    """The driver's workload check (table shapes) gives what lint's (whole results) gives."""
    from analyzer.core import analyze_bytes

    ddl = b"create table authors (au_id varchar(11) not null, phone char(12) not null)\ngo\n"
    result = analyze_bytes("a.sql", ddl, Options(dialect="sybase"))
    workload, _ = workflow.load_workload(None)
    assert workload is None and workflow.check_workload(None, [], []) == []
    from analyzer.workload import parse

    text = "tables:\n  authors: {updates: 1, changed_columns: [city]}\n  nope: {updates: 1}\n"
    workload, _ = parse(text, "w.yaml")
    context = replication_context([result])
    assert workflow.check_workload(
        workload, workload_tables(context), context.functions
    ) == workflow.workload_findings(workload, [result])
    assert [f.code for f in workflow.workload_findings(workload, [result])] == ["R057", "R056"]


def test_rules_and_selection_pickle_by_reference() -> None:
    """The selection shipped to the tasks keeps the very check functions (module-level)."""
    import pickle

    from pyspark import cloudpickle as _cloudpickle

    cloudpickle: Any = _cloudpickle  # untyped
    selection = resolve(Config().lint)
    shipped = pickle.loads(cloudpickle.dumps(selection))
    assert shipped == selection
    checks = [(a.check, b.check) for a, b in zip(selection.rules, shipped.rules, strict=True)]
    assert checks and all(a is b for a, b in checks)
    assert any(a is not None for a, _ in checks)
    assert Severity(shipped.severity_of("C002", Severity.ERROR)) == Severity.ERROR


def test_a_bad_lint_table_fails_before_spark_starts(tmp_path: Path) -> None:
    from analyzer.config import LintSettings
    from analyzer.rules.selection import SelectionError

    config = Config(lint=LintSettings(select=("Q9",)))
    with pytest.raises(SelectionError, match="Q9"):
        run_scan([str(tmp_path)], str(tmp_path / "out"), options=Options(config=config),
                 master="no-such-master", progress=False)  # fmt: skip


def test_failures_in_phase_2_and_the_scope_step_become_d900(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A crash keeps what was found before it, and says so as a D900."""
    ddl = b"CREATE TABLE t (a int, a int) -- ddlaudit: ignore[K001]\n"
    analysed = worker.analyze_file("x.sql", ddl, Options(dialect="tsql"), "repo")
    assert analysed.prepared.directives  # the suppression was read in phase 1

    def crash(*args: object, **kwargs: object) -> Any:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(workflow, "check_file", crash)
    finished = worker.check(analysed, ())
    assert finished.record[1] and finished.record[3][-1][2] == "D900"  # tables kept
    member = finished.member
    assert [f.code for f in member.checked.findings] == ["D900"]
    monkeypatch.setattr(workflow, "check_scope", crash)
    selection = resolve(Config().lint)
    run = worker.RunSettings(selection, Config().sizing, reported=worker.Reported("/r", "/r"))
    found = {(r[0], r[1]) for r in worker.finish_scope("repo", [member], run)}
    # phase 2's D900, the scope step's (about the scope), and the suppression left unused
    assert found == {("x.sql", "D900"), ("repo", "D900"), ("x.sql", "L001")}
