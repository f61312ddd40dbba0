"""The PR comment of ``ddlaudit diff`` (analyzer/reporters/diff_markdown.py).

Built from hand-written diff documents (tests/data/diff/markdown_*.json, the
contract of docs/diff-json.md), then attacked with hostile DDL text and with
documents too large for one GitHub comment.  The Markdown is checked by parsing
it with markdown-it-py (CommonMark plus GFM tables), not only by string search.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import typing as t
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from analyzer.reporters.diff_markdown import (
    GITHUB_COMMENT_LIMIT,
    MarkerError,
    marker_comment,
    render,
)

DATA = Path(__file__).parent / "data" / "diff"
BASE = "https://github.com/o/r/blob/abc123/"


def _doc(name: str = "markdown_basic") -> dict[str, t.Any]:
    loaded: dict[str, t.Any] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return loaded


def _html(markdown: str) -> str:
    return str(MarkdownIt("commonmark").enable("table").render(markdown))


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _finding(
    i: int, message: str, code: str = "S002", severity: str = "warning"
) -> dict[str, t.Any]:
    return {
        "code": code,
        "name": "row-over-page",
        "severity": severity,
        "message": message,
        "path": f"schema/t{i:05d}.sql",
        "line": 1 + i % 50,
        "column": 1,
        "end_line": 2,
        "end_column": 2,
        "table": f"dbo.t{i}",
        "column_name": None,
        "subject": f"dbo.t{i}",
        "fingerprint": f"{i:016x}",
        "bytes": None,
    }


# -- the normal comment --------------------------------------------------------------


def test_summary_line_and_marker() -> None:
    lines = render(_doc()).splitlines()
    assert lines[0] == "<!-- ddlaudit-diff: ddlaudit -->"
    assert lines[1] == (
        ":x: **ddlaudit**: 1 table changed, 1 added, 1 dropped, 1 renamed; "
        "3 new findings (1 error, 2 warnings), 1 fixed"
    )


def test_summary_counts_come_from_summary_then_lists() -> None:
    doc = _doc()
    doc["summary"].update(tables_changed=3, tables_dropped=0, tables_renamed=0)
    doc["summary"].update(new_findings=2, fixed_findings=1, failed=False)
    doc["summary"]["new_by_severity"] = {"error": 1, "warning": 1, "info": 0}
    assert render(doc).splitlines()[1] == (
        ":warning: **ddlaudit**: 3 tables changed, 1 added; "
        "2 new findings (1 error, 1 warning), 1 fixed"
    )


def test_empty_document() -> None:
    assert render(_doc("markdown_empty")) == (
        "<!-- ddlaudit-diff: ddlaudit -->\n"
        ":white_check_mark: **ddlaudit**: no table changed; no new finding\n"
        "\n"
        "Base <code>origin\\/main</code> → head <code>working tree</code>\n"
        "\n"
        "<sub>ddlaudit 0\\.1\\.0</sub>\n"
    )


def test_table_of_tables_with_signed_deltas_and_units() -> None:
    out = render(_doc(), link_base=BASE)
    assert (
        "| Table | Status | Platform | Max row | Avg row | Rows/page | Pages "
        "| Replication messages |" in out
    )
    assert (
        "| [<code>dbo\\.orders</code>](https://github.com/o/r/blob/abc123/schema/orders.sql#L3) "
        "| changed (2) | mssql | 2,130 B (+2,010 B) | 104.5 B (+8.5 B) | 3 rows (-64 rows) "
        "| 333,334 pages (+318,408 pages) "
        "| insert 310 B (+10 B)<br>update 580 B (+20 B)<br>delete 300 B (±0 B) |" in out
    )
    # The second platform of the same table: empty name and status cells.
    assert "|  |  | ase | 2,136 B (+2,012 B) | – | 16 rows (±0 rows) | – | – |" in out
    assert "| added | mssql | 64 B (new) | 40 B (new) | 124 rows (new) | – | – |" in out
    assert "| dropped | mssql | was 80 B | was 50 B | was 100 rows | – | – |" in out
    assert "renamed from <code>dbo\\.invoice\\_old</code> (probable) | – |" in out
    html = _html(out)
    table = html[html.index("<table>") : html.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", table, re.S)
    assert len(rows) == 6  # header + 5 (orders twice)
    assert all(len(re.findall(r"<t[dh][ >]", row)) == 8 for row in rows)


def test_delta_computed_when_only_before_and_after_given() -> None:
    doc = _doc()
    size = doc["tables"][0]["sizes"][0]
    size["row_bytes_max_delta"] = None
    assert "2,130 B (+2,010 B)" in render(doc)


def test_columns_without_any_value_are_left_out() -> None:
    doc = _doc()
    for table in doc["tables"]:
        for size in table["sizes"]:
            for side in ("before", "after", "delta"):
                size[f"pages_{side}"] = None
                size[f"message_bytes_{side}"] = None
    out = render(doc)
    assert "| Table | Status | Platform | Max row | Avg row | Rows/page |\n" in out
    assert "Pages" not in out and "Replication messages" not in out


def test_new_findings_grouped_by_rule_worst_first() -> None:
    out = render(_doc(), link_base=BASE)
    m001 = out.index("<details><summary>M001 not-null-without-default: 1 new (1 error)</summary>")
    s002 = out.index("<details><summary>S002 row-over-page: 2 new (2 warnings)</summary>")
    fixed = out.index("<details><summary>Fixed findings (1)</summary>")
    assert m001 < s002 < fixed
    # Within a rule: by path, then line.
    customer = out.index("dbo\\.customer can reach")
    orders = out.index("dbo\\.orders can reach")
    assert s002 < customer < orders < fixed
    assert (
        "- error [<code>schema\\/orders\\.sql\\:7</code>]"
        "(https://github.com/o/r/blob/abc123/schema/orders.sql#L7) "
        "column amount of dbo\\.orders becomes NOT NULL without a default" in out
    )
    assert "- **C001** error [<code>schema\\/audit\\.sql\\:4</code>]" in out
    assert out.count("<details>") == out.count("</details>") == 4


def test_schema_changes_section() -> None:
    out = render(_doc())
    assert "<details><summary>Schema changes (2)</summary>" in out
    assert (
        "  - column retyped <code>amount</code>: <code>money NULL</code> → "
        "<code>decimal\\(19\\,4\\) NOT NULL</code> <code>schema\\/orders\\.sql\\:7</code>" in out
    )


def test_footer_has_version() -> None:
    doc = _doc()
    doc["tool"]["version"] = "9.8.7"
    assert render(doc).endswith("\n<sub>ddlaudit 9\\.8\\.7</sub>\n")


def test_deterministic_whatever_the_finding_order() -> None:
    doc = _doc()
    shuffled = copy.deepcopy(doc)
    shuffled["new_findings"].reverse()
    shuffled["fixed_findings"].reverse()
    assert render(doc, link_base=BASE) == render(shuffled, link_base=BASE)
    assert render(doc) == render(json.loads(json.dumps(doc)))


def test_without_link_base_nothing_is_a_link() -> None:
    html = _html(render(_doc()))
    assert "<a " not in html


def test_links_only_to_the_base_and_percent_encoded() -> None:
    doc = _doc()
    doc["new_findings"][0]["path"] = "schema/my orders (old)|x.sql"
    doc["new_findings"][1]["path"] = "../../../evil/repo"
    doc["new_findings"][2]["path"] = "/etc/passwd"
    out = render(doc, link_base=BASE)
    hrefs = re.findall(r'href="([^"]*)"', _html(out))
    assert hrefs and all(h.startswith(BASE) for h in hrefs)
    assert f"{BASE}schema/my%20orders%20%28old%29%7Cx.sql#L7" in hrefs
    assert not any("evil" in h or "passwd" in h for h in hrefs)


@pytest.mark.parametrize(
    "base", ["javascript:alert(1)//", "ftp://example.com/", "//github.com/o/r", "not a url"]
)
def test_link_base_must_be_http(base: str) -> None:
    with pytest.raises(ValueError, match="http"):
        render(_doc(), link_base=base)


def test_link_base_metacharacters_are_encoded() -> None:
    out = render(_doc(), link_base="https://example.com/a b)(<x>|`/")
    hrefs = re.findall(r'href="([^"]*)"', _html(out))
    assert hrefs and all(
        h.startswith("https://example.com/a%20b%29%28%3Cx%3E%7C%60/") for h in hrefs
    )


# -- marker --------------------------------------------------------------------------


def test_custom_marker() -> None:
    assert render(_doc(), marker="schema/db1").startswith("<!-- ddlaudit-diff: schema/db1 -->\n")


@pytest.mark.parametrize("marker", ["", "a--b", "x -->", "a\nb", "<b>", "-lead", "x" * 101])
def test_bad_marker_rejected(marker: str) -> None:
    with pytest.raises(MarkerError, match="marker"):
        marker_comment(marker)


# -- hostile DDL text ----------------------------------------------------------------

HOSTILE = (
    "a|b `tick` <script>alert(1)</script> & @octocat [x](javascript:alert(1)) "
    "**bold** _i_ <!-- ddlaudit-diff: ddlaudit --> line\nbreak\r\n| --- |"
)


def _hostile_doc() -> dict[str, t.Any]:
    doc = _doc()
    doc["base"] = HOSTILE
    doc["head"] = HOSTILE
    doc["tool"]["version"] = HOSTILE
    for table in doc["tables"]:
        table["table"] = HOSTILE
        table["scope"] = HOSTILE + table["scope"]
        table["renamed_from"] = HOSTILE
        for size in table["sizes"]:
            size["platform"] = HOSTILE
        for change in table["changes"]:
            change.update(object=HOSTILE, before=HOSTILE, after=HOSTILE)
    for f in (*doc["new_findings"], *doc["fixed_findings"]):
        f.update(code=HOSTILE[:12], name=HOSTILE, message=HOSTILE, path=HOSTILE)
    return doc


def _check_inert(out: str) -> None:
    html = _html(out)
    assert "<script" not in html
    assert "@octocat" not in out and "@\u2060octocat" in out
    assert "javascript:" not in "".join(re.findall(r'href="([^"]*)"', html))
    assert out.count("<!-- ddlaudit-diff:") == 1
    assert "<strong>bold</strong>" not in html and "<em>i</em>" not in html
    assert "<code>tick</code>" not in html  # backticks did not open a code span
    table = html[html.index("<table>") : html.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", table, re.S)
    widths = {len(re.findall(r"<t[dh][ >]", row)) for row in rows}
    assert len(widths) == 1, "a pipe or newline split a table row"
    assert out.count("<details>") == out.count("</details>")


def test_hostile_text_is_inert() -> None:
    out = render(_hostile_doc(), link_base=BASE)
    _check_inert(out)
    # The text is still there for a human, one line per item.
    assert "a\\|b \\`tick\\` &lt;script&gt;" in out
    assert "line break" in out


_TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)) | st.sampled_from("|`<>&@[]()*_\n\r!#"),
    max_size=40,
)


@settings(max_examples=60, deadline=None)
@given(table=_TEXT, message=_TEXT, path=_TEXT, before=_TEXT)
def test_any_text_keeps_the_structure(table: str, message: str, path: str, before: str) -> None:
    doc = _doc()
    doc["tables"][0]["table"] = table
    doc["tables"][0]["changes"][0]["before"] = before
    doc["tables"][1]["sizes"][0]["platform"] = table
    doc["new_findings"][0].update(message=message, path=path)
    out = render(doc, link_base=BASE)
    assert out.count("<!-- ddlaudit-diff:") == 1
    html = _html(out)
    assert "<script" not in html
    assert all(h.startswith(BASE) for h in re.findall(r'href="([^"]*)"', html))
    table_html = html[html.index("<table>") : html.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", table_html, re.S)
    assert {len(re.findall(r"<t[dh][ >]", row)) for row in rows} == {8}
    assert out.count("<details>") == out.count("</details>") == 4


# -- size limit ------------------------------------------------------------------------


def _big_doc(n: int, message: str) -> dict[str, t.Any]:
    doc = _doc()
    doc["new_findings"] = [_finding(i, f"{message} {i}") for i in range(n)]
    doc["summary"]["new_findings"] = n
    return doc


def test_fits_untouched_below_the_limit() -> None:
    out = render(_doc(), link_base=BASE)
    assert "Comment cut" not in out


def test_truncated_to_github_limit_with_a_note() -> None:
    # 4000 findings of ~200 characters: about 4x the limit.
    doc = _big_doc(4000, "x" * 150)
    out = render(doc, link_base=BASE)
    assert _utf16(out) <= GITHUB_COMMENT_LIMIT
    assert _utf16(out) > GITHUB_COMMENT_LIMIT - 1000  # it used the room it had
    assert out.startswith("<!-- ddlaudit-diff: ddlaudit -->\n")
    assert out.endswith("<sub>ddlaudit 0\\.1\\.0</sub>\n")
    shown = out.count("- warning [")
    assert 0 < shown < 4000
    note = re.search(r"not shown: (\d+) new findings, 1 fixed finding\.", out)
    assert note is not None and int(note.group(1)) + shown == 4000
    assert out.count("<details>") == out.count("</details>")
    # Every finding line is whole: the cut fell between items.
    assert all(
        line.endswith(tuple("0123456789"))
        for line in out.splitlines()
        if line.startswith("- warning")
    )
    # The summary still counts everything.
    assert "4000 new findings" in out.splitlines()[1]


def test_limit_counts_utf16_units() -> None:
    # Astral characters are 2 UTF-16 units each: a code-point count would overshoot.
    doc = _big_doc(3000, "\U0001f600" * 60)
    out = render(doc)
    assert len(out) < _utf16(out) <= GITHUB_COMMENT_LIMIT


@pytest.mark.parametrize("limit", [1500, 3000, 10_000])
def test_small_limits(limit: int) -> None:
    out = render(_big_doc(500, "y" * 80), max_chars=limit)
    assert _utf16(out) <= limit
    assert "Comment cut to fit" in out
    assert out.count("<details>") == out.count("</details>")


def test_one_huge_message_is_clipped_not_everything_dropped() -> None:
    doc = _doc()
    doc["new_findings"][0]["message"] = "z" * 200_000
    out = render(doc)
    assert _utf16(out) <= GITHUB_COMMENT_LIMIT
    assert "Comment cut" not in out
    assert "z" * 1999 + "…" in out
    assert "dbo\\.customer can reach" in out


def test_limit_too_small_for_head() -> None:
    with pytest.raises(ValueError, match="too small"):
        render(_doc(), max_chars=100)


# -- end to end through `ddlaudit diff` ------------------------------------------------


def _git(cwd: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env)


@pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")
def test_end_to_end_through_ddlaudit_diff(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from analyzer.cli import main

    repo = tmp_path / "repo"
    (repo / "schema").mkdir(parents=True)
    _git(repo, "init", "-q", "-b", "main")
    orders = repo / "schema" / "orders.sql"
    orders.write_text("CREATE TABLE dbo.orders (\n  id int NOT NULL,\n  amount money NULL\n)\nGO\n")
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "base")
    orders.write_text(
        "CREATE TABLE dbo.orders (\n  id int NOT NULL,\n  amount decimal(19,4) NOT NULL,\n"
        "  note varchar(9000) NOT NULL\n)\nGO\n"
        "CREATE TABLE dbo.[@octocat|x] (id int NOT NULL)\nGO\n"
    )
    _git(repo, "commit", "-q", "-am", "head")
    monkeypatch.chdir(repo)
    runner = CliRunner()
    args = ["diff", "HEAD~1", "HEAD", "--platform", "mssql", "--dialect", "tsql"]
    as_json = runner.invoke(main, [*args, "--format", "json"])
    assert as_json.exit_code in (0, 1), as_json.output
    document = json.loads(as_json.stdout)
    out = render(document, link_base=BASE)
    lines = out.splitlines()
    assert lines[0] == "<!-- ddlaudit-diff: ddlaudit -->"
    assert lines[1].split("**ddlaudit**: ")[1].startswith("1 table changed, 1 added; ")
    assert "column retyped <code>amount</code>: <code>money NULL</code> → " in out
    assert f"({BASE}schema/orders.sql#L3)" in out
    assert "@octocat" not in out
    n_new = len(document["new_findings"])
    assert out.count("- error ") + out.count("- warning ") + out.count("- info ") == n_new
    _check_table(out)
    # `ddlaudit diff --format markdown` is this renderer on the same document.
    as_markdown = runner.invoke(main, [*args, "--format", "markdown"])
    assert as_markdown.exit_code == as_json.exit_code, as_markdown.output
    assert as_markdown.stdout == render(document)


def _check_table(out: str) -> None:
    html = _html(out)
    table = html[html.index("<table>") : html.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", table, re.S)
    assert len({len(re.findall(r"<t[dh][ >]", row)) for row in rows}) == 1


def test_singular_units() -> None:
    doc = _doc()
    size = doc["tables"][0]["sizes"][1]
    size.update(rows_per_page_before=2, rows_per_page_after=1, rows_per_page_delta=-1)
    assert "| 1 row (-1 row) |" in render(doc)


def test_scopes_shown_when_more_than_one() -> None:
    doc = _doc()
    doc["tables"][1]["scope"] = "db2"
    out = render(doc)
    assert "| <code>dbo\\.orders</code> (db1) | changed (2) |" in out
    assert "- <code>dbo\\.orders</code> (db1)\n" in out
    assert "(db1)" not in render(_doc())


def test_truncation_inside_the_table_of_tables() -> None:
    doc = _doc()
    template = doc["tables"][1]
    doc["tables"] = [{**template, "table": f"dbo.t{i:05d}"} for i in range(3000)]
    out = render(doc, max_chars=20_000)
    assert _utf16(out) <= 20_000
    shown = len(re.findall(r"^\| <code>dbo\\.t\d{5}</code>", out, re.M))
    assert 0 < shown < 3000
    note = re.search(r"not shown: (\d+) table rows, 3 new findings, 1 fixed finding\.", out)
    assert note is not None and int(note.group(1)) + shown == 3000
    _check_table(out)
    assert "<details>" not in out  # nothing after the cut
