"""``ddlaudit diff``: git revisions, the working tree and two directories; the schema diff,
size deltas, new and fixed findings, output formats and exit codes (docs/diff.md).

Every git repository here is a throwaway one the test builds in ``tmp_path``.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.cli import main
from analyzer.config import LintSettings
from analyzer.core import Options
from analyzer.diff import diff
from analyzer.diff.run import changed_lines, compare
from analyzer.ir import Severity
from analyzer.rules.registry import Finding
from analyzer.rules.selection import resolve

ORDERS = """\
CREATE TABLE dbo.customer (
    id int NOT NULL PRIMARY KEY,
    code char(8) NULL,
    name varchar(100) NULL
);
CREATE TABLE dbo.orders (
    id int NOT NULL PRIMARY KEY,
    customer_id int NULL REFERENCES dbo.customer (id),
    amount money NULL
);
"""

ORDERS_HEAD = """\
CREATE TABLE dbo.customer (
    id int NOT NULL PRIMARY KEY,
    code char(8) NULL,
    name varchar(40) NULL
);
CREATE TABLE dbo.orders (
    id int NOT NULL PRIMARY KEY,
    customer_id int NULL REFERENCES dbo.customer (id),
    amount decimal(19,4) NULL,
    status char(1) NOT NULL
);
"""


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=repo,
        capture_output=True,
        check=True,
        text=True,
    )
    return done.stdout


def _write(root: Path, files: dict[str, str | bytes]) -> None:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def _repo(tmp_path: Path, *commits: dict[str, str | bytes | None]) -> Path:
    """A git repository with one commit per mapping (``None`` deletes the file)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    for n, files in enumerate(commits):
        for rel, content in files.items():
            if content is None:
                (repo / rel).unlink()
            else:
                _write(repo, {rel: content})
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", f"commit {n}")
    return repo


def _run(cwd: Path, *args: str) -> tuple[int, str, str]:
    old = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, ["diff", *args], catch_exceptions=False)
    finally:
        os.chdir(old)
    return result.exit_code, result.stdout, result.stderr


def _json(cwd: Path, *args: str) -> tuple[int, dict[str, Any]]:
    code, out, err = _run(cwd, *args, "--format", "json")
    assert code in (0, 1), err
    return code, json.loads(out)


def _table(doc: dict[str, Any], name: str) -> dict[str, Any]:
    return next(t for t in doc["tables"] if t["table"] == name)


# ------------------------------------------------------------------ git: state-based


def test_state_based_repository_between_two_commits(tmp_path: Path) -> None:
    repo = _repo(tmp_path, {"schema/orders.sql": ORDERS}, {"schema/orders.sql": ORDERS_HEAD})
    code, doc = _json(repo, "HEAD~1", "HEAD", "--dialect", "tsql")
    assert code == 1 and doc["summary"]["failed"] is True
    assert (doc["base"], doc["head"]) == ("HEAD~1", "HEAD")
    orders = _table(doc, "dbo.orders")
    assert orders["status"] == "changed" and orders["path"] == "schema/orders.sql"
    kinds = {(c["kind"], c["object"]): c for c in orders["changes"]}
    assert kinds[("column_added", "status")]["after"] == "char(1) NOT NULL"
    assert kinds[("column_added", "status")]["line"] == 10
    retyped = kinds[("column_retyped", "amount")]
    assert (retyped["before"], retyped["after"]) == ("money NULL", "decimal(19,4) NULL")
    codes = sorted((f["code"], f["line"]) for f in doc["new_findings"])
    assert codes == [("M001", 10), ("M002", 4)]
    assert doc["summary"]["new_by_severity"] == {"error": 1, "warning": 1, "info": 0}
    assert doc["summary"]["tables_changed"] == 2


def test_migration_folder_alter_table_in_a_new_file(tmp_path: Path) -> None:
    init = (
        "CREATE TABLE dbo.orders (\n    id int NOT NULL PRIMARY KEY,\n"
        "    note varchar(200) NULL\n);\n"
    )
    later = (
        "ALTER TABLE dbo.orders ADD status char(1) NOT NULL;\n"
        "ALTER TABLE dbo.orders ALTER COLUMN note varchar(50) NULL;\n"
        "ALTER TABLE dbo.orders ADD flag bit NOT NULL DEFAULT 0;\n"
    )
    repo = _repo(
        tmp_path,
        {"db/V001__init.sql": init},
        {"db/V002__more.sql": later},
    )
    code, doc = _json(repo, "HEAD~1", "HEAD", "--dialect", "tsql")
    assert code == 1
    orders = _table(doc, "dbo.orders")
    assert orders["path"] == "db/V001__init.sql"
    changes = {(c["kind"], c["object"]): c for c in orders["changes"]}
    assert changes[("column_added", "status")]["path"] == "db/V002__more.sql"
    assert changes[("column_added", "status")]["line"] == 1
    assert changes[("column_retyped", "note")]["line"] == 2
    assert ("column_added", "flag") in changes
    new = sorted((f["code"], f["path"], f["line"]) for f in doc["new_findings"])
    assert new == [("M001", "db/V002__more.sql", 1), ("M002", "db/V002__more.sql", 2)]
    sizes = orders["sizes"][0]
    assert sizes["platform"] == "mssql"
    assert (
        sizes["row_bytes_max_delta"] == sizes["row_bytes_max_after"] - sizes["row_bytes_max_before"]
    )
    assert sizes["row_bytes_max_delta"] < 0  # note shrank by 150, status and flag add 2


def test_working_tree_includes_untracked_files(tmp_path: Path) -> None:
    repo = _repo(tmp_path, {"schema/orders.sql": ORDERS})
    _write(repo, {"schema/extra.sql": "CREATE TABLE dbo.extra (id int NOT NULL PRIMARY KEY);\n"})
    (repo / ".gitignore").write_text("ignored/\n")
    _write(repo, {"ignored/junk.sql": "CREATE TABLE dbo.junk (id int NOT NULL PRIMARY KEY);\n"})
    code, doc = _json(repo, "HEAD", "--dialect", "tsql")
    assert doc["head"] == "working tree"
    assert [(t["table"], t["status"]) for t in doc["tables"]] == [("dbo.extra", "added")]
    assert code == 0 and doc["new_findings"] == []


def test_path_limits_both_sides(tmp_path: Path) -> None:
    repo = _repo(
        tmp_path,
        {
            "a/t.sql": "CREATE TABLE a1 (id int NOT NULL PRIMARY KEY);\n",
            "b/u.sql": "CREATE TABLE b1 (id int NOT NULL PRIMARY KEY);\n",
        },
        {
            "a/t.sql": "CREATE TABLE a1 (id int NOT NULL PRIMARY KEY, x int NOT NULL);\n",
            "b/u.sql": "CREATE TABLE b1 (id int NOT NULL PRIMARY KEY, y int NULL);\n",
        },
    )
    _, doc = _json(repo, "HEAD~1", "HEAD", "b", "--dialect", "tsql")
    assert [t["table"] for t in doc["tables"]] == ["b1"]
    _, whole = _json(repo, "HEAD~1", "HEAD", "--dialect", "tsql")
    assert sorted(t["table"] for t in whole["tables"]) == ["a1", "b1"]


def test_bad_revision_and_no_repository_exit_2(tmp_path: Path) -> None:
    repo = _repo(tmp_path, {"t.sql": "CREATE TABLE t (id int NOT NULL PRIMARY KEY);\n"})
    code, _, err = _run(repo, "no-such-branch", "HEAD")
    assert code == 2 and "bad revision 'no-such-branch'" in err and "Traceback" not in err
    outside = tmp_path / "plain"
    outside.mkdir()
    code, _, err = _run(outside, "HEAD~1")
    assert code == 2 and "not in a git repository" in err


def test_undecodable_and_binary_files_are_diagnostics(tmp_path: Path) -> None:
    repo = _repo(
        tmp_path,
        {"t.sql": "CREATE TABLE t (id int NOT NULL PRIMARY KEY);\n"},
        {
            "bin.sql": b"\x00\x01\x02binary\xff\xfe\x00" * 20,
            "odd.sql": b"CREATE TABLE \xff\xfe (a int)",
        },
    )
    code, out, err = _run(repo, "HEAD~1", "HEAD", "--format", "json")
    assert code in (0, 1) and "Traceback" not in err
    doc = json.loads(out)
    assert any(f["path"] == "bin.sql" and f["code"].startswith("D") for f in doc["new_findings"])


# ------------------------------------------------------------------ two directories


def _dirs(tmp_path: Path, base: dict[str, str], head: dict[str, str]) -> tuple[Path, Path]:
    b, h = tmp_path / "base", tmp_path / "head"
    b.mkdir(exist_ok=True)
    h.mkdir(exist_ok=True)
    _write(b, dict(base))
    _write(h, dict(head))
    return b, h


def test_two_directories_added_dropped_and_probable_rename(tmp_path: Path) -> None:
    log = (
        "(a int NOT NULL PRIMARY KEY, b varchar(20) NULL, c datetime NULL, d int NULL, e int NULL)"
    )
    _dirs(
        tmp_path,
        {
            "s.sql": f"CREATE TABLE dbo.old_log {log};\n"
            "CREATE TABLE dbo.gone (id int NOT NULL PRIMARY KEY);\n"
        },
        {
            "s.sql": f"CREATE TABLE dbo.event_log {log};\n"
            "CREATE TABLE dbo.fresh (code char(2) NOT NULL PRIMARY KEY);\n"
        },
    )
    code, doc = _json(tmp_path, "base", "head", "--dialect", "tsql")
    assert code == 0
    status = {t["table"]: (t["status"], t["renamed_from"], t["probable"]) for t in doc["tables"]}
    assert status == {
        "dbo.event_log": ("renamed", "dbo.old_log", True),
        "dbo.fresh": ("added", None, False),
        "dbo.gone": ("dropped", None, False),
    }
    assert _table(doc, "dbo.gone")["path"] == "base/s.sql"
    assert _table(doc, "dbo.fresh")["path"] == "head/s.sql"
    # Identical columns only: the rename is not made at a threshold it does not reach
    # once a column differs.
    (tmp_path / "head" / "s.sql").write_text(
        f"CREATE TABLE dbo.event_log {log[:-1]}, f int NULL);\n", encoding="utf-8"
    )
    _, strict = _json(tmp_path, "base", "head", "--dialect", "tsql", "--rename-similarity", "1")
    assert "renamed" not in {t["status"] for t in strict["tables"]}
    _, loose = _json(tmp_path, "base", "head", "--dialect", "tsql")
    assert _table(loose, "dbo.event_log")["status"] == "renamed"


def test_renamed_table_keeps_its_findings(tmp_path: Path) -> None:
    cols = "(a int NULL, b varchar(20) NULL, c int NULL, d int NULL)"
    _dirs(
        tmp_path,
        {"s.sql": f"CREATE TABLE old_t {cols};\n"},
        {"s.sql": f"CREATE TABLE new_t {cols};\n"},
    )
    _, doc = _json(tmp_path, "base", "head", "--dialect", "tsql")
    assert _table(doc, "new_t")["status"] == "renamed"
    assert doc["new_findings"] == [] and doc["fixed_findings"] == []


def test_keys_indexes_options_and_replication_changes(tmp_path: Path) -> None:
    base = (
        "create table acct (id int not null, branch int not null, bal money not null,\n"
        "    primary key (id))\ngo\n"
        "create index ix_branch on acct (branch)\ngo\n"
        "create replication definition acct_rd with primary at DS.db\n"
        "with all tables named 'acct' (id int, branch int, bal money) primary key (id)\ngo\n"
    )
    head = (
        "create table acct (id int not null, branch int not null, bal money not null,\n"
        "    note varchar(10) null, primary key (id, branch)) lock datarows\ngo\n"
        "create replication definition acct_rd with primary at DS.db\n"
        "with all tables named 'acct' (id int, branch int, bal money) primary key (id)\ngo\n"
    )
    _dirs(tmp_path, {"a.sql": base}, {"a.sql": head})
    code, doc = _json(tmp_path, "base", "head", "--dialect", "sybase")
    kinds = sorted(c["kind"] for c in _table(doc, "acct")["changes"])
    assert kinds == sorted(
        ["column_added", "key_added", "key_dropped", "index_dropped", "option_changed"]
    )
    assert sorted(f["code"] for f in doc["new_findings"] if f["code"].startswith("M")) == [
        "M004",
        "M007",
    ]
    assert code == 1
    sizes = _table(doc, "acct")["sizes"][0]
    assert sizes["message_bytes_before"] is not None
    assert sizes["message_bytes_delta"] == {
        op: sizes["message_bytes_after"][op] - sizes["message_bytes_before"][op]
        for op in ("insert", "update", "delete")
    }


def test_size_deltas_equal_the_size_command_on_each_side(tmp_path: Path) -> None:
    _dirs(tmp_path, {"o.sql": ORDERS}, {"o.sql": ORDERS_HEAD})
    _, doc = _json(
        tmp_path,
        "base",
        "head",
        "--dialect",
        "tsql",
        "--platform",
        "teradata,ase",
        "--rows",
        "100000",
    )
    runner = CliRunner()

    def sized(side: str, platform: str | None) -> dict[str, Any]:
        args = [
            "size",
            str(tmp_path / side),
            "--dialect",
            "tsql",
            "--rows",
            "100000",
            "--format",
            "json",
        ]
        if platform:
            args += ["--platform", platform]
        out = runner.invoke(main, args, catch_exceptions=False).stdout
        return {t["table"]: t for t in json.loads(out)["tables"]}

    checked = 0
    for table in doc["tables"]:
        for s in table["sizes"]:
            platform = None if s["platform"] == "mssql" else s["platform"]
            before, after = sized("base", platform), sized("head", platform)
            for ours, theirs in (
                ("row_bytes_max", "max_row_bytes"),
                ("row_bytes_avg", "row_bytes"),
                ("rows_per_page", "rows_per_page"),
                ("pages", "pages"),
            ):
                b = before[table["table"]][theirs]
                a = after[table["table"]][theirs]
                assert (s[f"{ours}_before"], s[f"{ours}_after"]) == (b, a), (
                    table["table"],
                    s["platform"],
                    ours,
                )
                assert s[f"{ours}_delta"] == a - b
                checked += 1
    assert [s["platform"] for s in doc["tables"][0]["sizes"]] == ["mssql", "teradata", "ase"]
    assert checked == 2 * 3 * 4


# ------------------------------------------------------------------ findings


def _f(code: str, fp: str) -> Finding:
    return Finding(code, Severity.WARNING, "m", "a.sql", fingerprint=fp)


def test_a_finding_repeated_more_often_in_head_is_new() -> None:
    new, fixed = compare([_f("C001", "x"), _f("K001", "y")], [_f("C001", "x"), _f("C001", "x")])
    assert [f.fingerprint for f in new] == ["x"] and [f.fingerprint for f in fixed] == ["y"]


def test_fail_on_and_fixed_findings(tmp_path: Path) -> None:
    _dirs(
        tmp_path,
        {"t.sql": "CREATE TABLE t (a int NULL);\n"},
        {"t.sql": "CREATE TABLE t (a int NOT NULL PRIMARY KEY);\n"},
    )
    code, doc = _json(tmp_path, "base", "head", "--dialect", "tsql")
    assert code == 0 and [f["code"] for f in doc["fixed_findings"]] == ["K001"]
    assert doc["fixed_findings"][0]["path"] == "base/t.sql"
    (tmp_path / "head" / "t.sql").write_text("CREATE TABLE t (a int NULL, b int NOT NULL);\n")
    assert _run(tmp_path, "base", "head", "--dialect", "tsql")[0] == 1
    assert _run(tmp_path, "base", "head", "--dialect", "tsql", "--fail-on", "never")[0] == 0
    assert _run(tmp_path, "base", "head", "--dialect", "tsql", "--ignore", "M001")[0] == 0
    code, _, err = _run(tmp_path, "base", "head", "--select", "Q9")
    assert code == 2 and "Q9" in err


def test_sarif_and_github_only_on_changed_lines(tmp_path: Path) -> None:
    from tests.sarif_schema import validate_sarif

    base = {
        "customer.sql": "CREATE TABLE customer (id int NOT NULL PRIMARY KEY);\n",
        "orders.sql": "CREATE TABLE orders (\n    id int NOT NULL PRIMARY KEY,\n"
        "    customer_id int NULL REFERENCES customer (id)\n);\n",
    }
    head = {
        "orders.sql": base["orders.sql"].replace(
            "PRIMARY KEY,", "PRIMARY KEY,\n    x int NOT NULL,"
        )
    }
    _dirs(tmp_path, base, head)
    _, doc = _json(tmp_path, "base", "head", "--dialect", "tsql")
    new = {(f["code"], f["path"], f["line"]) for f in doc["new_findings"]}
    # The foreign key's target is gone (an unchanged line) and x is new (a changed line).
    assert ("M001", "head/orders.sql", 3) in new
    assert any(code == "M003" and path == "base/customer.sql" for code, path, _ in new)
    assert any(line == 4 and path == "head/orders.sql" for _, path, line in new)
    code, out, _ = _run(tmp_path, "base", "head", "--dialect", "tsql", "--format", "sarif")
    log = validate_sarif(out)
    results = log["runs"][0]["results"]
    assert [
        (r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results
    ] == [("M001", 3)]
    assert code == 1
    _, out, _ = _run(tmp_path, "base", "head", "--dialect", "tsql", "--format", "github")
    assert (
        out.splitlines()
        == [line for line in out.splitlines() if "file=head/orders.sql,line=3," in line]
        and len(out.splitlines()) == 1
    )


def test_changed_lines() -> None:
    assert changed_lines(None, "a\nb\n") == frozenset({1, 2})
    assert changed_lines("a\nb\nc\n", "a\nx\nb\nc\n") == frozenset({2})
    assert changed_lines("a\nb\n", "a\nb\n") == frozenset()


def test_text_report_and_output_file(tmp_path: Path) -> None:
    _dirs(tmp_path, {"o.sql": ORDERS}, {"o.sql": ORDERS_HEAD})
    target = tmp_path / "out.txt"
    code, out, _ = _run(tmp_path, "base", "head", "--dialect", "tsql", "--output", str(target))
    text = target.read_text(encoding="utf-8")
    assert code == 1 and out == ""
    assert "dbo.orders: changed  head/o.sql:6" in text
    assert "column_added status: - -> char(1) NOT NULL" in text
    assert "head/o.sql:10:5: error[M001]" in text
    assert "mssql: row max 23 -> 25 (+2)" in text


def test_markdown_uses_the_comment_renderer_or_says_it_is_missing(tmp_path: Path) -> None:
    import importlib.util

    _dirs(tmp_path, {"o.sql": ORDERS}, {"o.sql": ORDERS_HEAD})
    code, out, err = _run(tmp_path, "base", "head", "--dialect", "tsql", "--format", "markdown")
    if importlib.util.find_spec("analyzer.reporters.diff_markdown") is None:
        assert code == 3 and "markdown renderer" in err
    else:
        assert code == 1 and "M001" in out


# ------------------------------------------------------------------ properties

_NAMES = st.sampled_from(["a", "b", "c", "d", "e", "f"])
_TYPES = st.sampled_from(["int", "bigint", "varchar(10)", "char(4)", "decimal(9,2)", "datetime"])
_TABLE = st.dictionaries(_NAMES, _TYPES, min_size=1, max_size=4)
_SCHEMA = st.dictionaries(st.sampled_from(["t1", "t2", "t3", "t4"]), _TABLE, max_size=3)


def _ddl(schema: dict[str, dict[str, str]]) -> str:
    return "".join(
        f"CREATE TABLE dbo.{t} ({', '.join(f'{c} {ty} NULL' for c, ty in cols.items())});\n"
        for t, cols in schema.items()
    )


def _diff_dirs(root: Path, a: dict[str, dict[str, str]], b: dict[str, dict[str, str]]) -> Any:
    from analyzer.config import Config
    from analyzer.core import Options

    for side, schema in (("x", a), ("y", b)):
        (root / side).mkdir(parents=True, exist_ok=True)
        (root / side / "s.sql").write_text(_ddl(schema), encoding="utf-8")
    return diff(
        str(root / "x"),
        str(root / "y"),
        selection=resolve(LintSettings()),
        options=Options(dialect="tsql", config=Config()),
        rename_similarity=1.0,
    )


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(a=_SCHEMA, b=_SCHEMA)
def test_diff_properties(tmp_path_factory: pytest.TempPathFactory, a: Any, b: Any) -> None:
    root = tmp_path_factory.mktemp("prop")
    same = _diff_dirs(root / "same", a, a)
    assert same.tables == () and same.new == () and same.fixed == ()
    forward = _diff_dirs(root / "fwd", a, b)
    backward = _diff_dirs(root / "bwd", b, a)

    def names(result: Any, status: str) -> set[str]:
        return {t.name for t in result.tables if t.pair.status == status}

    assert names(forward, "added") == names(backward, "dropped")
    assert names(forward, "dropped") == names(backward, "added")
    assert names(forward, "changed") == names(backward, "changed")


def test_suppression_comment_hides_a_change_safety_finding(tmp_path: Path) -> None:
    _dirs(
        tmp_path,
        {"t.sql": "CREATE TABLE t (a int NOT NULL PRIMARY KEY);\n"},
        {
            "t.sql": "CREATE TABLE t (a int NOT NULL PRIMARY KEY,\n"
            "    b int NOT NULL -- ddlaudit: ignore[M001] empty in every environment\n);\n"
        },
    )
    code, doc = _json(tmp_path, "base", "head", "--dialect", "tsql")
    assert code == 0 and doc["new_findings"] == []  # and no L001 from the lint of HEAD
    (tmp_path / "head" / "t.sql").write_text(
        "CREATE TABLE t (a int NOT NULL PRIMARY KEY,\n    b int NOT NULL\n);\n"
    )
    assert [
        f["code"] for f in _json(tmp_path, "base", "head", "--dialect", "tsql")[1]["new_findings"]
    ] == ["M001"]


def test_scopes_with_project_markers_are_compared_apart(tmp_path: Path) -> None:
    table = "CREATE TABLE dbo.t (id int NOT NULL PRIMARY KEY);\n"
    wider = "CREATE TABLE dbo.t (id int NOT NULL PRIMARY KEY, x int NULL);\n"
    _dirs(
        tmp_path,
        {"db1/ddlaudit.toml": "", "db1/t.sql": table, "db2/ddlaudit.toml": "", "db2/t.sql": table},
        {"db1/ddlaudit.toml": "", "db1/t.sql": table, "db2/ddlaudit.toml": "", "db2/t.sql": wider},
    )
    _, doc = _json(tmp_path, "base", "head", "--dialect", "tsql")
    assert [(t["scope"], t["table"], t["status"]) for t in doc["tables"]] == [
        ("db2", "dbo.t", "changed")
    ]


def test_message_deltas_are_the_replication_commands_figures(tmp_path: Path) -> None:
    base = (
        "create table acct (id int not null primary key, bal money not null)\ngo\n"
        "create replication definition acct_rd with primary at DS.db\n"
        "with all tables named 'acct' (id int, bal money) primary key (id)\ngo\n"
    )
    head = base.replace("bal money not null)", "bal money not null, memo varchar(30) null)")
    head = head.replace("(id int, bal money)", "(id int, bal money, memo varchar(30))")
    _dirs(tmp_path, {"a.sql": base}, {"a.sql": head})
    _, doc = _json(tmp_path, "base", "head", "--dialect", "sybase")
    changes = {(c["kind"], c["object"]): c for c in _table(doc, "acct")["changes"]}
    definition = changes[("replication_changed", "acct_rd")]
    assert "memo" not in definition["before"] and "memo" in definition["after"]
    sizes = _table(doc, "acct")["sizes"][0]

    def used(side: str) -> dict[str, int]:
        args = ["replication", str(tmp_path / side), "--dialect", "sybase", "--format", "json"]
        out = CliRunner().invoke(main, args, catch_exceptions=False).stdout
        table = json.loads(out)["repserver"]["tables"][0]
        return {
            op: next(
                m["inbound"]
                for m in table["messages"]
                if m["operation"] == op and m["variant"] == table["used"][op]
            )
            for op in ("insert", "update", "delete")
        }

    assert sizes["message_bytes_before"] == used("base")
    assert sizes["message_bytes_after"] == used("head")
    assert sizes["message_bytes_delta"]["insert"] > 0


def test_unknown_platform_is_a_usage_error(tmp_path: Path) -> None:
    _dirs(tmp_path, {"t.sql": "CREATE TABLE t (a int);\n"}, {"t.sql": "CREATE TABLE t (a int);\n"})
    code, _, err = _run(tmp_path, "base", "head", "--platform", "mssql,oracle")
    assert code == 2 and "oracle" in err


def test_migration_drop_table_still_referenced(tmp_path: Path) -> None:
    init = (
        "CREATE TABLE dbo.customer (id int NOT NULL PRIMARY KEY, code char(8) NULL);\n"
        "CREATE TABLE dbo.orders (id int NOT NULL PRIMARY KEY,\n"
        "    customer_id int NULL REFERENCES dbo.customer (id));\n"
    )
    repo = _repo(tmp_path, {"m/V001.sql": init}, {"m/V002.sql": "DROP TABLE dbo.customer;\n"})
    _, doc = _json(repo, "HEAD~1", "HEAD", "--dialect", "tsql", "--select", "M")
    assert [(t["table"], t["status"], t["path"]) for t in doc["tables"]] == [
        ("dbo.customer", "dropped", "m/V001.sql")
    ]
    [finding] = doc["new_findings"]
    assert (finding["code"], finding["path"], finding["line"]) == ("M003", "m/V001.sql", 1)
    assert "foreign key of dbo.orders" in finding["message"] and "BASE" in finding["message"]


def test_publications_and_subscriptions_of_a_table(tmp_path: Path) -> None:
    base = (
        "create table customer (id int not null primary key, name varchar(40) null,\n"
        "    memo varchar(10) null)\ngo\n"
        "sp_create_publication SalesRepData\ngo\n"
        "sp_add_article SalesRepData, customer\ngo\n"
        "sp_add_article_col SalesRepData, customer, memo\ngo\n"
        "create replication definition customer_rd with primary at DS.db\n"
        "with all tables named 'customer' (id int, name varchar(40)) primary key (id)\ngo\n"
    )
    head = base.replace("sp_add_article_col SalesRepData, customer, memo\ngo\n", "") + (
        "create subscription customer_sub for customer_rd\nwith replicate at RDS.db2\ngo\n"
    )
    _dirs(tmp_path, {"p.sql": base}, {"p.sql": head})
    _, doc = _json(tmp_path, "base", "head", "--dialect", "sybase")
    kinds = {(c["kind"], c["object"]) for c in _table(doc, "customer")["changes"]}
    assert kinds == {
        ("publication_changed", "SalesRepData"),
        ("subscription_changed", "customer_sub"),
    }


@pytest.mark.parametrize(
    ("dialect", "text", "expected"),
    [
        (
            "sybase",
            "create table t (a int not null, b varchar(10) null)\ngo\n"
            "alter table t add c int null, d char(2) default 'x' not null\ngo\n"
            "alter table t modify b varchar(5) null\ngo\nalter table t drop c\ngo\n",
            [("a", "int", 1), ("b", "varchar(5)", 5), ("d", "char(2)", 3)],
        ),
        (
            "teradata",
            "CREATE TABLE t (a INTEGER NOT NULL, b VARCHAR(10)) PRIMARY INDEX (a);\n"
            "ALTER TABLE t ADD c INTEGER, ADD d CHAR(2) NOT NULL DEFAULT 'x';\n"
            "ALTER TABLE t ADD b VARCHAR(5);\nALTER TABLE t DROP c;\n",
            [("a", "INTEGER", 1), ("b", "VARCHAR(5)", 3), ("d", "CHAR(2)", 2)],
        ),
        (
            "tsql",
            "CREATE TABLE dbo.t (a int NOT NULL, b varchar(10) NULL);\n"
            "ALTER TABLE [dbo].[t] ADD [c] int NULL;\n"
            "ALTER TABLE dbo.t ALTER COLUMN b nvarchar(10) NOT NULL;\n"
            "ALTER TABLE dbo.t ADD CONSTRAINT ck CHECK (a > 0);\n",
            [("a", "int", 1), ("b", "nvarchar(10)", 3), ("c", "int", 2)],
        ),
    ],
)
def test_migration_replay_per_dialect(
    dialect: str, text: str, expected: list[tuple[str, str, int]]
) -> None:
    from analyzer.core import analyze_bytes
    from analyzer.diff.model import Placed
    from analyzer.diff.replay import apply, steps

    result = analyze_bytes("m.sql", text.encode(), Options(dialect=dialect))
    [table] = apply(
        [Placed(result.tables[0], "m.sql")], [("m.sql", s) for s in steps(result, text)]
    )
    got = [(c.name, c.type.declared, c.span.line if c.span else 0) for c in table.table.columns]
    assert got == expected
    assert [c.position for c in table.table.columns] == [1, 2, 3]
