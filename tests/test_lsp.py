"""``ddlaudit lsp``: the language server driven over a real stdio pipe with JSON-RPC framing
(bench/lsp.py's :class:`Client`), its figures checked against ``size`` and ``audit``, its
findings against ``lint``; and the pieces below it (positions, quick fixes, the tree memo).
Every wait is bounded: a hung server fails its test."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import typing as t
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.lsp import actions
from analyzer.lsp.positions import UTF8, UTF16, UTF32, offset, position
from analyzer.lsp.project import Project
from analyzer.source import LineIndex

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("pygls")


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_lsp", ROOT / "bench" / "lsp.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_lsp"] = module
    spec.loader.exec_module(module)
    return module


BENCH = _bench()

#: A T-SQL table: a reserved word (N002) after non-ASCII text on its line (a character
#: outside the BMP: two UTF-16 code units), a foreign key to a table in another file.
CHILD = (
    "CREATE TABLE dbo.child (\n"
    "    id int NOT NULL PRIMARY KEY,\n"
    "    /* ünï 𝄞 */ user varchar(30) NOT NULL,\n"
    "    note varchar(40) NULL,\n"
    "    parent_id int NOT NULL REFERENCES dbo.parent (id)\n"
    ")\n"
    "GO\n"
)
PARENT = "CREATE TABLE dbo.parent (id int NOT NULL PRIMARY KEY)\nGO\n"
DOCS = "https://example.com/ddlaudit/rules"


def _run(cwd: Path, *args: str) -> tuple[int, str]:
    here = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, list(args))
    finally:
        os.chdir(here)
    return result.exit_code, result.stdout


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    (tmp_path / "ddlaudit.toml").write_text(f'[lint]\ndocs-url = "{DOCS}"\n', encoding="utf-8")
    (tmp_path / "parent.sql").write_text(PARENT, encoding="utf-8")
    return tmp_path


@pytest.fixture
def start() -> t.Iterator[t.Callable[..., t.Any]]:
    started: list[t.Any] = []

    def make(root: Path, options: t.Any = None, capabilities: t.Any = None) -> t.Any:
        client = BENCH.Client(cwd=root, timeout=90)
        started.append(client)
        client.answer = client.initialize(root, options, capabilities)
        return client

    yield make
    for client in started:
        if client.proc.poll() is None:
            client.proc.kill()
            client.proc.wait(10)


def _open(client: t.Any, path: Path, text: str) -> tuple[str, list[dict[str, t.Any]]]:
    uri = path.resolve().as_uri()
    item = {"uri": uri, "languageId": "sql", "version": 1, "text": text}
    client.notify("textDocument/didOpen", {"textDocument": item})
    return uri, client.diagnostics(uri)


def _change(client: t.Any, uri: str, text: str, version: int) -> list[dict[str, t.Any]]:
    params = {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}
    client.notify("textDocument/didChange", params)
    diagnostics: list[dict[str, t.Any]] = client.diagnostics(uri)
    return diagnostics


def _apply(text: str, edits: list[dict[str, t.Any]]) -> str:
    """Apply LSP text edits (UTF-16 positions) to ``text``, last first."""
    index = LineIndex(text)

    def at(p: dict[str, int]) -> int:
        return offset(index, p["line"], p["character"], UTF16)

    for edit in sorted(edits, key=lambda e: at(e["range"]["start"]), reverse=True):
        a, b = at(edit["range"]["start"]), at(edit["range"]["end"])
        text = text[:a] + edit["newText"] + text[b:]
    return text


# ------------------------------------------------------------------ over stdio


def test_diagnostics_on_open_and_change_cleared_when_fixed(workspace: Path, start: t.Any) -> None:
    client = start(workspace)
    path = workspace / "child.sql"
    uri, found = _open(client, path, CHILD)
    n002 = [d for d in found if d["code"] == "N002"]
    assert len(n002) == 1
    d = n002[0]
    assert d["source"] == "ddlaudit"
    assert d["severity"] == 2  # warning
    assert d["codeDescription"]["href"] == f"{DOCS}/N002.md"
    line = CHILD.splitlines()[2]
    before = line[: line.index("user")]
    # the range is the name's, in UTF-16 code units: 𝄞 counts two
    assert d["range"]["start"] == {"line": 2, "character": len(before) + 1}
    assert d["range"]["end"] == {"line": 2, "character": len(before) + 1 + len("user")}
    # the foreign key resolves against parent.sql on disk: the scope applies
    assert not [x for x in found if x["code"] == "K003"]
    fixed = _change(client, uri, CHILD.replace(" user ", " user_name "), 2)
    assert not [x for x in fixed if x["code"] == "N002"]
    again = _change(client, uri, CHILD, 3)
    assert [x["code"] for x in again if x["code"] == "N002"] == ["N002"]
    assert client.stop() == 0


def test_utf8_positions_when_the_client_asks(workspace: Path, start: t.Any) -> None:
    """A client offering only UTF-8 gets it (LSP 3.17 ``positionEncodings``), and the
    range counts bytes: ü, ï 2 each, 𝄞 4."""
    client = start(workspace, None, {"general": {"positionEncodings": ["utf-8"]}})
    assert client.answer["capabilities"]["positionEncoding"] == "utf-8"
    _, found = _open(client, workspace / "child.sql", CHILD)
    d = next(x for x in found if x["code"] == "N002")
    line = CHILD.splitlines()[2]
    before = line[: line.index("user")]
    assert d["range"]["start"] == {"line": 2, "character": len(before.encode("utf-8"))}
    assert len(before.encode("utf-8")) == len(before) + 1 + 1 + 3
    assert client.stop() == 0


def test_a_broken_config_is_shown_and_the_defaults_apply(tmp_path: Path, start: t.Any) -> None:
    (tmp_path / "ddlaudit.toml").write_text("[lint\n", encoding="utf-8")
    client = start(tmp_path)
    shown = client.wait(lambda m: m.get("method") == "window/showMessage")
    assert shown["params"]["type"] == 2  # warning
    assert "invalid TOML" in shown["params"]["message"]
    _, found = _open(client, tmp_path / "child.sql", CHILD)
    assert "N002" in {d["code"] for d in found}
    assert "codeDescription" not in found[0]
    assert client.stop() == 0


def test_related_spans_are_related_information(tmp_path: Path, start: t.Any) -> None:
    """C001's first definition (SARIF's relatedLocations) is the diagnostic's
    relatedInformation, in the same document."""
    client = start(tmp_path)
    text = "CREATE TABLE dbo.t (\n    a int NOT NULL PRIMARY KEY,\n    a int NULL\n)\nGO\n"
    uri, found = _open(client, tmp_path / "t.sql", text)
    c001 = next(d for d in found if d["code"] == "C001")
    assert c001["range"]["start"]["line"] == 2
    (related,) = c001["relatedInformation"]
    assert related["location"]["uri"] == uri
    assert related["location"]["range"]["start"] == {"line": 1, "character": 4}
    assert client.stop() == 0


def test_findings_are_the_lint_s(workspace: Path, start: t.Any) -> None:
    """The config's [lint] selection applies, and the findings are ``ddlaudit lint``'s."""
    config = workspace / "ddlaudit.toml"
    config.write_text(config.read_text() + 'ignore = ["N002"]\nextend-select = ["N101"]\n')
    path = workspace / "child.sql"
    path.write_text(CHILD, encoding="utf-8")
    client = start(workspace)
    _, found = _open(client, path, CHILD)
    status, out = _run(workspace, "lint", ".", "--format", "json")
    assert status in (0, 1), out
    findings = json.loads(out)["findings"]
    linted = [(f["code"], f["line"]) for f in findings if f["path"].endswith("child.sql")]
    shown = [(d["code"], d["range"]["start"]["line"] + 1) for d in found]
    assert sorted(shown) == sorted(linted)
    assert "N002" not in {c for c, _ in shown}
    assert client.stop() == 0


def test_open_buffers_replace_their_files_in_the_scope(workspace: Path, start: t.Any) -> None:
    client = start(workspace)
    child_uri, found = _open(client, workspace / "child.sql", CHILD)
    assert not [d for d in found if d["code"] == "K003"]
    parent_uri, _ = _open(client, workspace / "parent.sql", PARENT)
    # the parent renamed in its buffer, not saved: the child's foreign key is broken now
    _change(client, parent_uri, PARENT.replace("dbo.parent", "dbo.parent2"), 2)
    child = client.diagnostics(child_uri)
    assert [d["code"] for d in child if d["code"] == "K003"] == ["K003"]
    # closed unsaved: the file on disk is the parent again
    client.notify("textDocument/didClose", {"textDocument": {"uri": parent_uri}})
    assert client.diagnostics(parent_uri) == []
    assert not [d for d in client.diagnostics(child_uri) if d["code"] == "K003"]
    assert client.stop() == 0


def _hover(client: t.Any, uri: str, line: int, character: int) -> str:
    answer = client.request(
        "textDocument/hover",
        {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
    )
    assert answer is not None
    assert answer["contents"]["kind"] == "markdown"
    value: str = answer["contents"]["value"]
    return value


def _figure(text: str, label: str) -> int:
    found = re.search(re.escape(label) + r": ([\d,]+)", text)
    assert found is not None, f"{label!r} not in {text!r}"
    return int(found.group(1).replace(",", ""))


def test_hover_figures_are_size_s_and_audit_s(workspace: Path, start: t.Any) -> None:
    path = workspace / "child.sql"
    path.write_text(CHILD, encoding="utf-8")
    client = start(workspace, {"auditTarget": "postgres"})
    uri, _ = _open(client, path, CHILD)
    status, out = _run(workspace, "size", "child.sql", "--format", "json")
    assert status == 0, out
    sized = json.loads(out)["tables"][0]
    table = _hover(client, uri, 0, len("CREATE TABLE dbo.ch"))
    assert table.startswith("**dbo.child** (mssql)")
    assert _figure(table, "row size, average") == sized["row_bytes"]
    assert _figure(table, "row size, declared maximum") == sized["max_row_bytes"]
    assert _figure(table, "rows per page") == sized["rows_per_page"]
    assert _figure(table, "row limit") == sized["row_limit"] == 8060
    assert _figure(table, "margin") == sized["row_limit"] - sized["max_row_bytes"]
    note_line = CHILD.splitlines().index("    note varchar(40) NULL,")
    column = _hover(client, uri, note_line, 6)
    storage = next(c for c in sized["columns"] if c["name"] == "note")["storage"]
    assert column.startswith("**note** `varchar(40)` of dbo.child")
    assert _figure(column, "storage") == storage["data_length"]
    bitmap = next(
        s["value"]
        for w in sized["worksheets"]
        for s in w["steps"]
        if s["label"] == "Null_Bitmap" and "declared" not in w["title"]
    )
    assert f"1 bit of the row's {bitmap}-byte null bitmap" in column
    assert _figure(column, "ASCII width") == 40  # varchar(40): n characters (Design Guide)
    status, out = _run(workspace, "audit", "child.sql", "--to", "postgres", "--format", "json")
    audited = next(c for c in json.loads(out)["tables"][0]["columns"] if c["name"] == "note")
    assert f"on postgres: `{audited['target_type']}` ({audited['mapping']}" in column
    assert client.stop() == 0


def test_hover_teradata_presence_bits_and_rows_per_block(tmp_path: Path, start: t.Any) -> None:
    (tmp_path / "ddlaudit.toml").write_text("[size]\nrows = 100000\n", encoding="utf-8")
    ddl = (
        "CREATE MULTISET TABLE sales.item (\n"
        "    item_id INTEGER NOT NULL,\n"
        "    label VARCHAR(50) CHARACTER SET LATIN,\n"
        "    price DECIMAL(9,2)\n"
        ") PRIMARY INDEX (item_id);\n"
    )
    path = tmp_path / "item.sql"
    path.write_text(ddl, encoding="utf-8")
    client = start(tmp_path)
    uri, _ = _open(client, path, ddl)
    status, out = _run(tmp_path, "size", "item.sql", "--format", "json")
    assert status == 0, out
    sized = json.loads(out)["tables"][0]
    table = _hover(client, uri, 0, 30)
    assert table.startswith("**sales.item** (teradata)")
    assert _figure(table, "rows per block") == sized["rows_per_page"]
    assert _figure(table, "row size, declared maximum") == sized["max_row_bytes"]
    column = _hover(client, uri, 2, 6)
    storage = next(c for c in sized["columns"] if c["name"] == "label")["storage"]
    assert _figure(column, "presence bits") == storage["presence_bits"] + storage["compress_bits"]
    assert storage["presence_bits"] == 1  # a nullable column: one presence bit
    assert _figure(column, "storage") == storage["data_length"]
    assert client.stop() == 0


def _actions(client: t.Any, uri: str, diagnostic: dict[str, t.Any]) -> list[dict[str, t.Any]]:
    found: list[dict[str, t.Any]] = client.request(
        "textDocument/codeAction",
        {
            "textDocument": {"uri": uri},
            "range": diagnostic["range"],
            "context": {"diagnostics": [diagnostic]},
        },
    )
    return found


def test_code_actions_quote_and_suppress(workspace: Path, start: t.Any) -> None:
    client = start(workspace)
    uri, found = _open(client, workspace / "child.sql", CHILD)
    n002 = next(d for d in found if d["code"] == "N002")
    offered = {a["title"]: a for a in _actions(client, uri, n002)}
    assert set(offered) >= {"Quote user", "Suppress N002 on this line"}
    quote = offered["Quote user"]
    assert quote["kind"] == "quickfix" and quote["isPreferred"] is True
    quoted = _apply(CHILD, quote["edit"]["changes"][uri])
    assert "/* ünï 𝄞 */ [user] varchar(30)" in quoted
    after = _change(client, uri, quoted, 2)
    assert not [d for d in after if d["code"] == "N002"]
    # back to the bare name, then the suppression comment instead
    found = _change(client, uri, CHILD, 3)
    n002 = next(d for d in found if d["code"] == "N002")
    suppress = next(a for a in _actions(client, uri, n002) if a["title"].startswith("Suppress"))
    suppressed = _apply(CHILD, suppress["edit"]["changes"][uri])
    assert "user varchar(30) NOT NULL,  -- ddlaudit: ignore[N002]\n" in suppressed
    after = _change(client, uri, suppressed, 4)
    assert not [d for d in after if d["code"] in ("N002", "L001")]
    assert client.stop() == 0


def test_without_the_extra_an_install_hint_and_exit_3(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['pygls'] = None; sys.argv = ['ddlaudit', 'lsp']\n"
        "from analyzer.cli import main; main()"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 3
    assert done.stderr.strip() == "ddlaudit: ddlaudit lsp needs pygls: pip install 'ddlaudit[lsp]'"


def test_exit_without_shutdown_is_status_1(tmp_path: Path, start: t.Any) -> None:
    """LSP 3.17 "exit": 0 after a shutdown request, else 1."""
    client = start(tmp_path)
    client.notify("exit", None)
    assert client.proc.wait(30) == 1


# ------------------------------------------------------------------ below the server


@pytest.mark.parametrize(
    ("encoding", "expected"), [(UTF16, (1, 5)), (UTF8, (1, 8)), (UTF32, (1, 4))]
)
def test_positions_count_the_negotiated_units(encoding: str, expected: tuple[int, int]) -> None:
    """Before " a int": two spaces, é (U+00E9: 1 UTF-16 unit, 2 UTF-8 bytes) and 𝄞
    (U+1D11E, outside the BMP: a surrogate pair, 4 UTF-8 bytes); \r\n ends line 0."""
    text = "CREATE TABLE t (\r\n  é𝄞 a int)"
    index = LineIndex(text)
    at = text.index(" a int")
    assert position(index, at, encoding) == expected
    assert offset(index, *expected, encoding) == at


def test_positions_past_the_end_are_clamped() -> None:
    index = LineIndex("ab\ncd")
    assert offset(index, 0, 99) == 2  # the line's end
    assert offset(index, 9, 0) == 5  # the text's end
    assert position(index, 5) == (1, 2)


def test_quote_only_a_bare_name() -> None:
    assert actions.quote("x [user] y", 2, 8, "tsql") is None
    assert actions.quote("user", 0, 4, "teradata") == actions.Edit(0, 4, '"user"')
    assert actions.quote("user", 0, 4, "sybase") == actions.Edit(0, 4, "[user]")


def test_suppress_adds_to_an_existing_comment() -> None:
    text = "CREATE TABLE t (\n  user int -- ddlaudit: ignore[K001] legacy\r\n)"
    edit = actions.suppress(text, text.index("user"), "N002")
    fixed = text[: edit.start] + edit.text + text[edit.end :]
    assert "-- ddlaudit: ignore[K001, N002] legacy\r\n" in fixed


def test_the_tree_memo_gives_a_fresh_analysis_s_result(tmp_path: Path) -> None:
    """After edits, a file analysed with the trees of its earlier versions is what a
    fresh analysis of its text gives, finding for finding and field for field."""
    path = str(tmp_path / "big.sql")
    text = BENCH.document(300, 3)
    edited = text.replace("(\n", "(\n    user int NULL,\n", 2)
    kept = Project(str(tmp_path))
    for version in (text, edited, edited + "\n-- a comment\n", text):
        kept.open(path, version)
        found = kept.findings(path)
        fresh = Project(str(tmp_path))
        fresh.open(path, version)
        assert found == fresh.findings(path)
        first, second = kept.checked(path), fresh.checked(path)
        assert first is not None and second is not None
        assert first.result == second.result
        assert first.estimates == second.estimates


FIXTURES = sorted(
    p
    for p in (ROOT / "fixtures").rglob("*")
    if p.suffix.lower() in (".sql", ".ddl", ".btq", ".bteq", ".rcl", ".tab")
)


def test_the_tree_memo_on_every_fixture() -> None:
    """Every fixture (every dialect and grammar extension), analysed again with its trees
    after a line is inserted above it (every offset and line moves), is its fresh
    analysis: trees hold statement-relative offsets and nothing changes them."""
    from analyzer.core import Options, analyze_source
    from analyzer.parse import TreeMemo
    from analyzer.source import SourceText, read_path

    class Counting(TreeMemo):
        hits = 0

        def get(self, key: tuple[str, str]) -> list[t.Any] | None:
            found = super().get(key)
            Counting.hits += found is not None
            return found

    assert len(FIXTURES) > 100
    for path in FIXTURES:
        decoded = read_path(str(path))
        if decoded.source is None:
            continue
        source = decoded.source
        memo = Counting()
        analyze_source(source, Options(), decoded.diagnostics, memo)
        memo.turn()
        moved = SourceText(source.path, "-- moved\n" + source.text, source.encoding, "")
        again = analyze_source(moved, Options(), decoded.diagnostics, memo)
        fresh = analyze_source(moved, Options(), decoded.diagnostics)
        assert again == fresh, path
    assert Counting.hits > 500  # the trees were reused, not parsed again


def test_a_scope_s_other_files_are_checked_again_only_when_the_links_change(
    tmp_path: Path,
) -> None:
    """An alias type edited in one buffer resizes a column of another file of the scope;
    an edit that changes no link leaves the other file's check as it was."""
    types = tmp_path / "types.sql"
    types.write_text("CREATE TYPE dbo.Amount FROM decimal(9,2) NOT NULL\nGO\n")
    orders = tmp_path / "orders.sql"
    orders.write_text(
        "CREATE TABLE dbo.orders (id int NOT NULL PRIMARY KEY, total dbo.Amount)\nGO\n"
    )
    project = Project(str(tmp_path))
    project.open(str(orders), orders.read_text())
    project.findings(str(orders))

    def total() -> int:
        checked = project.checked(str(orders))
        assert checked is not None
        storage = checked.result.tables[0].columns[1].storage
        assert storage is not None
        return storage.data_length

    first = project.checked(str(orders))
    assert total() == 5  # decimal(9,2): 5 bytes (SQL Server "decimal and numeric")
    project.open(str(types), "CREATE TYPE dbo.Amount FROM decimal(19,2) NOT NULL\nGO\n")
    project.findings(str(types))
    second = project.checked(str(orders))
    assert second is not first and total() == 9  # precision 10-19: 9 bytes
    project.open(str(types), "CREATE TYPE dbo.Amount FROM decimal(19,2) NOT NULL\nGO\n-- x\n")
    project.findings(str(types))
    assert project.checked(str(orders)) is second
