"""The HTML audit report (analyzer/reporters/html.py; docs/html-report.md).

Static checks of the rendered file (self-contained, escaped, deterministic, ids unique)
and checks in headless Chromium (``@pytest.mark.browser``: no console error, no request,
no dialog, a non-blank screenshot, sorting by click and by keyboard, hostile names inert).
"""

from __future__ import annotations

import copy
import html.parser
import io
import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from analyzer.reporters import html as report
from tests.browser import open_page

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "audit"
SIZED = DATA / "ase-to-mssql.json"
UNSIZED = DATA / "teradata-to-postgres.json"

HOSTILE_TABLE = "<img src=x onerror=alert(1)>"
HOSTILE_COLUMN = "</script><script>alert(2)</script>"
HOSTILE_INDEX = 5


def load(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def hostile() -> dict[str, Any]:
    """The sized document with hostile names, types, reasons, paths and comments."""
    document = load(SIZED)
    table = document["tables"][HOSTILE_INDEX]
    assert table["table"] == "sales.dbo.orders"  # it has columns, actions and constructs
    table["table"] = HOSTILE_TABLE
    table["path"] = "db/\"'><svg onload=alert(3)>.sql"
    column = table["columns"][0]
    column["name"] = HOSTILE_COLUMN
    column["source_type"] = "int<!--"
    column["reason"] = "default '<b onmouseover=alert(4)>x</b>' \u2028 & $x$ --> ]]>"
    table["columns"][1]["name"] = "a$b$c <iframe src=javascript:alert(5)>"
    table["actions"][0]["object"] = HOSTILE_TABLE
    table["actions"][0]["action"] = "<script>alert(6)</script>"
    table["constructs"][0]["detail"] = "lock datarows <style>body{display:none}</style>"
    document["source"]["paths"] = ["<a href=javascript:alert(7)>db</a>"]
    document["summary"]["complexity"]["formula"] = "</p><script>alert(8)</script>"
    return document


def write(tmp_path: Path, document: dict[str, Any], name: str = "audit.html") -> Path:
    path = tmp_path / name
    path.write_text(report.render(document), encoding="utf-8", newline="\n")
    return path


class _Collector(html.parser.HTMLParser):
    """Tags, ids, URL-valued attributes and script bodies of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: Counter[str] = Counter()
        self.ids: list[str] = []
        self.urls: list[tuple[str, str, str]] = []
        self.handlers: list[str] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        for name, value in attrs:
            if name == "id" and value is not None:
                self.ids.append(value)
            if name in {"src", "href", "xlink:href", "action", "srcset", "poster", "data"}:
                self.urls.append((tag, name, value or ""))
            if name.startswith("on"):
                self.handlers.append(f"{tag} {name}")
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts.append(data)


def collect(page: str) -> _Collector:
    parser = _Collector()
    parser.feed(page)
    parser.close()
    return parser


def embedded_json(page: str) -> Any:
    match = re.search(r'<script id="audit-data" type="application/json">(.*?)</script>', page, re.S)
    assert match, "no embedded audit data"
    return json.loads(match.group(1))


# -- static checks ----------------------------------------------------------------------


def test_page_is_one_self_contained_html5_file() -> None:
    page = report.render(load(SIZED))
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert page.endswith("</html>\n")
    parsed = collect(page)
    # Nothing to fetch: every URL is a fragment or data: (the favicon); CSS has no url().
    assert all(v.startswith(("#", "data:")) for _, _, v in parsed.urls), parsed.urls
    assert not re.search(r"url\((?!#)", page)
    assert "@import" not in page and '<link rel="stylesheet"' not in page
    assert "default-src 'none'" in page
    assert parsed.tags["script"] == 2 and parsed.tags["style"] == 1
    assert parsed.tags["svg"] == 2  # the two charts, inline
    assert not parsed.handlers  # no inline event handlers anywhere
    duplicates = [i for i, n in Counter(parsed.ids).items() if n > 1]
    assert not duplicates, duplicates


def test_page_shows_every_table_column_limit_and_action() -> None:
    document = load(SIZED)
    page = report.render(document)
    text = collect(page)
    assert text.tags["article"] == len(document["tables"])
    for table in document["tables"]:
        assert f">{table['table']}<" in page
        for column in table["columns"]:
            assert f"<code>{column['name']}</code>" in page
    for table in document["tables"]:
        for action in table["actions"]:
            assert action["action"].replace("'", "&#39;") in page
    assert "9,240 bytes" in page and "exceeded" in page  # audit_log's row-size limit
    assert document["summary"]["complexity"]["formula"] in page
    # Content-Security-Policy allows the page's script by its hash: the hash must match.
    script = collect(page).scripts[-1]
    import base64
    import hashlib

    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"'sha256-{digest}'" in page


def test_unsized_target_says_so_and_draws_source_rows() -> None:
    document = load(UNSIZED)
    page = report.render(document)
    assert "no page sizing" in page
    assert "not given (no page counts)" in page
    # target_row_bytes is null: the chart still has the source bars, labelled per table.
    chart = report.row_size_chart(document)
    assert "retail.sales_fact" in chart and "retail.item" in chart


def test_same_document_renders_byte_identical_html_across_processes() -> None:
    document = load(SIZED)
    first = report.render(document)
    assert report.render(copy.deepcopy(document)) == first
    code = (
        "import json, sys; from analyzer.reporters.html import render; "
        f"sys.stdout.buffer.write(render(json.load(open({str(SIZED)!r}))).encode())"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, check=True, cwd=ROOT, env=env
    ).stdout.decode()
    assert other == first


def test_hostile_names_are_escaped_everywhere() -> None:
    document = hostile()
    page = report.render(document)
    parsed = collect(page)
    assert parsed.tags["script"] == 2 and parsed.tags["style"] == 1
    for tag in ("img", "iframe", "a href=javascript", "b"):
        assert tag not in parsed.tags or tag == "a"
    assert not parsed.handlers
    assert all(v.startswith(("#", "data:")) for _, _, v in parsed.urls), parsed.urls
    # The JSON block cannot end early or open a comment; it parses back to the document.
    data = page.split('<script id="audit-data" type="application/json">', 1)[1]
    data = data.split("</script>", 1)[0]
    assert "<" not in data and ">" not in data and "&" not in data and "\u2028" not in data
    assert embedded_json(page) == document
    # Text and attributes carry the names escaped.
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;" in page
    assert "db/&#34;&#39;&gt;&lt;svg onload=alert(3)&gt;.sql" in page
    # Chart labels: matplotlib's SVG writer escapes; "$" is no mathtext.
    chart = report.row_size_chart(document)
    assert "&lt;img src=x onerror=alert(1)&gt;" in chart and "<img" not in chart


def test_script_json_escapes_what_could_end_the_element() -> None:
    value = {"a": "</script><!--<script>", "b": "\u2028\u2029", "c": "&amp;", "d": "\udc80"}
    text = report.script_json(value)
    assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}
    assert text.isascii()
    assert json.loads(text) == value


def test_chart_labels_are_one_short_line() -> None:
    assert report.chart_label("a\nb\x00c\u2028d") == "a b c d"
    assert len(report.chart_label("x" * 200)) == 36


def test_document_missing_a_key_is_a_clear_error() -> None:
    document = load(SIZED)
    del document["tables"][2]["columns"][1]["mapping"]
    with pytest.raises(
        report.AuditDocumentError, match=r"tables\[2\]\.columns\[1\]: missing key 'mapping'"
    ):
        report.render(document)
    with pytest.raises(report.AuditDocumentError, match="summary: expected an object"):
        report.render({**load(SIZED), "summary": []})


@pytest.mark.parametrize("module", ["jinja2", "matplotlib"])
def test_missing_extra_names_it(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    # None in sys.modules is how Python spells "not importable": the import raises.
    monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(report.HtmlExtraMissing, match=r"pip install 'ddlaudit\[html\]'"):
        report.render(load(SIZED))
    with pytest.raises(report.HtmlExtraMissing, match=module):
        report.require()
    assert issubclass(report.HtmlExtraMissing, ImportError)


def test_cli_start_up_does_not_import_the_html_libraries() -> None:
    code = (
        "import sys, analyzer.cli, analyzer.reporters.html; "
        "print(sorted(m for m in ('jinja2', 'matplotlib', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]"


def test_template_files_ship_with_the_package() -> None:
    from importlib import resources

    templates = resources.files("analyzer.reporters").joinpath("templates")
    for name in ("audit.html.j2", "audit.css", "audit.js"):
        assert templates.joinpath(name).is_file(), name


# -- in headless Chromium -----------------------------------------------------------------


def _distinct_colours(png: bytes) -> tuple[int, float, tuple[int, int]]:
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = image.getcolors(maxcolors=image.width * image.height) or []
    top = max(count for count, _ in colours)
    return len(colours), top / (image.width * image.height), image.size


def _first_column(view: Any, table_id: str) -> list[str]:
    texts: list[str] = view.page.eval_on_selector_all(
        f"#{table_id} tbody tr",
        "rows => rows.map(r => (r.cells[0].querySelector('a') || r.cells[0]).textContent.trim())",
    )
    return texts


@pytest.mark.browser
def test_browser_loads_report_clean_and_draws_it(tmp_path: Path) -> None:
    document = load(SIZED)
    path = write(tmp_path, document)
    with open_page(path) as view:
        assert view.page.title().startswith("Migration audit to mssql")
        assert view.page.locator("svg.chart-svg").count() == 2
        box = view.page.locator("svg.chart-svg").first.bounding_box()
        assert box is not None and box["width"] > 300 and box["height"] > 150
        png = view.screenshot(tmp_path / "audit.png")
        top = view.screenshot(tmp_path / "audit-top.png", full_page=False)
        assert view.problems() == []
    colours, share, (width, height) = _distinct_colours(png)
    assert width == 1280 and height > 3000, (width, height)
    assert colours > 100 and share < 0.9, (colours, share)
    colours, share, size = _distinct_colours(top)
    assert size == (1280, 900) and colours > 50 and share < 0.9, (colours, share)
    if os.environ.get("DDLAUDIT_SCREENSHOT_DIR"):  # keep them to look at (docs/html-report.md)
        out = Path(os.environ["DDLAUDIT_SCREENSHOT_DIR"])
        (out / "audit.png").write_bytes(png)
        (out / "audit-top.png").write_bytes(top)


@pytest.mark.browser
def test_browser_sorts_the_table_of_tables_by_click_and_keyboard(tmp_path: Path) -> None:
    document = load(SIZED)
    path = write(tmp_path, document)
    by_target = sorted(document["tables"], key=lambda t: t["target_row_bytes"])
    names = [t["table"] for t in by_target]
    with open_page(path) as view:
        assert _first_column(view, "tables-table") == [t["table"] for t in document["tables"]]
        header = view.page.locator("#tables-table thead th", has_text="Target bytes")
        header.locator("button").click()
        assert _first_column(view, "tables-table") == names
        assert header.get_attribute("aria-sort") == "ascending"
        header.locator("button").click()
        assert _first_column(view, "tables-table") == names[::-1]
        assert header.get_attribute("aria-sort") == "descending"
        # Keyboard: focus the Table header's button and press Enter.
        view.page.locator("#tables-table thead th", has_text="Table").first.locator(
            "button"
        ).focus()
        view.page.keyboard.press("Enter")
        assert _first_column(view, "tables-table") == sorted(
            (t["table"] for t in document["tables"]), key=str.lower
        )
        assert view.problems() == []


@pytest.mark.browser
def test_browser_runs_no_script_of_hostile_names(tmp_path: Path) -> None:
    document = hostile()
    path = write(tmp_path, document)
    with open_page(path) as view:
        page = view.page
        for button in page.locator("th button").all():  # sorting moves hostile rows too
            button.click()
        page.locator("svg.chart-svg").first.hover()
        assert view.dialogs == []
        assert page.locator("img, iframe, b, svg:not(.chart-svg) svg").count() == 0
        assert page.locator("script").count() == 2
        assert page.locator("[onerror], [onload], [onmouseover]").count() == 0
        heading = page.locator(f"#table-{HOSTILE_INDEX + 1}-title").text_content() or ""
        assert HOSTILE_TABLE in heading
        data = page.evaluate("JSON.parse(document.getElementById('audit-data').textContent)")
        assert data["tables"][HOSTILE_INDEX]["columns"][0]["name"] == HOSTILE_COLUMN
        assert view.problems() == []


@pytest.mark.browser
def test_browser_report_reads_without_javascript(tmp_path: Path) -> None:
    document = load(UNSIZED)
    path = write(tmp_path, document)
    with open_page(path, javascript=False) as view:
        assert view.page.locator("#tables-table tbody tr").count() == len(document["tables"])
        assert view.page.locator("th button").count() == 0  # the script did not run
        assert view.page.locator("svg.chart-svg").count() == 2
        assert view.problems() == []


@pytest.mark.browser
def test_browser_helper_catches_requests_dialogs_and_errors(tmp_path: Path) -> None:
    # The checks above can fail: a page that fetches, alerts and throws is caught.
    path = tmp_path / "bad.html"
    path.write_text(
        "<!DOCTYPE html><title>bad</title><img src='http://127.0.0.1:9/x.png'>"
        "<script>alert('hi'); console.error('boom'); undefinedFunction();</script>",
        encoding="utf-8",
    )
    with open_page(path) as view:
        view.page.wait_for_timeout(100)
        problems = view.problems()
    assert "dialog: alert: hi" in problems
    assert "console error: boom" in problems
    assert any(p.startswith("page error:") for p in problems)
    assert any("127.0.0.1:9" in p for p in problems if p.startswith("request outside")), problems


# -- end to end: ddlaudit audit --format html --output FILE ---------------------------------

FIXTURES = ROOT / "fixtures"
SYBASE = [
    str(FIXTURES / "sybase" / name)
    for name in ("pubs2_install.sql", "datarows_partitioned.sql", "classic_keys_replication.sql")
]
HOSTILE_DDL = """\
CREATE TABLE [<img src=x onerror=alert(1)>] (
    [</script><script>alert(2)</script>] int NOT NULL,
    amount money NULL,
    note nvarchar(200) DEFAULT '<b onmouseover=alert(3)>x</b>',
    created datetimeoffset NULL
)
GO
"""


def _audit(*args: str) -> tuple[int, str, str]:
    from click.testing import CliRunner

    from analyzer.cli import main

    result = CliRunner().invoke(main, ["audit", *args])
    return result.exit_code, result.stdout, result.stderr


def test_cli_writes_the_html_of_the_json_document(tmp_path: Path) -> None:
    out = tmp_path / "audit.html"
    code, stdout, err = _audit(
        *SYBASE, "--to", "mssql", "--rows", "1000000", "--format", "html", "--output", str(out)
    )
    assert code == 0, err
    assert stdout == ""
    page = out.read_text(encoding="utf-8")
    code, stdout, err = _audit(*SYBASE, "--to", "mssql", "--rows", "1000000", "--format", "json")
    assert code == 0, err
    document = json.loads(stdout)
    assert embedded_json(page) == document  # the page says what --format json says
    assert page == report.render(document)
    assert collect(page).tags["article"] == len(document["tables"]) > 0
    # Same-named tables of two files are told apart in the chart.
    names = [t["table"] for t in document["tables"]]
    twice = {n for n in names if names.count(n) > 1}
    for name in twice:
        assert f">{name} (" in report.row_size_chart(document)


def test_cli_html_of_a_hostile_table_is_escaped(tmp_path: Path) -> None:
    ddl = tmp_path / "hostile.sql"
    ddl.write_text(HOSTILE_DDL, encoding="utf-8")
    out = tmp_path / "hostile.html"
    code, _, err = _audit(str(ddl), "--to", "postgres", "--format", "html", "-o", str(out))
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    document = embedded_json(page)
    assert document["tables"][0]["table"] == HOSTILE_TABLE
    assert document["tables"][0]["columns"][0]["name"] == HOSTILE_COLUMN
    parsed = collect(page)
    assert parsed.tags["script"] == 2 and "img" not in parsed.tags and not parsed.handlers
    assert "&lt;img src=x onerror=alert(1)&gt;" in page


def test_cli_without_the_html_extra_exits_3(tmp_path: Path) -> None:
    # A fresh interpreter where matplotlib cannot be imported (None in sys.modules).
    code = (
        "import sys; sys.modules['matplotlib'] = None; "
        "from analyzer.cli import main; "
        f"sys.argv = ['ddlaudit', 'audit', {SYBASE[0]!r}, '--to', 'mssql', "
        f"'--format', 'html', '-o', {str(tmp_path / 'x.html')!r}]; main()"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert result.returncode == 3, result.stderr
    assert "pip install 'ddlaudit[html]'" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.browser
def test_browser_audit_of_hostile_ddl_runs_no_script(tmp_path: Path) -> None:
    ddl = tmp_path / "hostile.sql"
    ddl.write_text(HOSTILE_DDL, encoding="utf-8")
    out = tmp_path / "hostile.html"
    code, _, err = _audit(str(ddl), "--to", "postgres", "--format", "html", "--output", str(out))
    assert code == 0, err
    with open_page(out) as view:
        for button in view.page.locator("th button").all():
            button.click()
        assert view.dialogs == []
        assert view.page.locator("img, iframe, b").count() == 0
        assert view.page.locator("script").count() == 2
        assert HOSTILE_TABLE in (view.page.locator("#table-1-title").text_content() or "")
        assert view.problems() == []


@pytest.mark.browser
def test_browser_loads_the_cli_report_clean(tmp_path: Path) -> None:
    out = tmp_path / "audit.html"
    code, _, err = _audit(*SYBASE, "--to", "mssql", "--format", "html", "--output", str(out))
    assert code == 0, err
    with open_page(out) as view:
        png = view.screenshot(tmp_path / "audit.png")
        assert view.page.locator("svg.chart-svg").count() == 2
        assert view.problems() == []
    colours, share, (width, _) = _distinct_colours(png)
    assert width == 1280 and colours > 100 and share < 0.9
