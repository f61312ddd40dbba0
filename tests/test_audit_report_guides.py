"""The text and Markdown audit reports say what the vendors' guides say (issue 29): by
default each guide row the audit differs from, once, with its reason and columns; with
``--explain`` every column's guide lines, agreeing or not (the JSON's ``guide``)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from analyzer.cli import main

# Two ASE image columns and a datetime: SSMA's rows "image | image" and "datetime |
# datetime2[3]" are rows ddlaudit differs from; "int | int" one it agrees with.
DDL = """CREATE TABLE jobs (
    id int NOT NULL,
    "<b>data</b>" image NULL,
    more image NULL,
    created datetime NULL
)
"""


def _run(tmp_path: Path, *extra: str) -> str:
    source = tmp_path / "jobs.sql"
    source.write_text(DDL)
    args = ["audit", str(source), "--dialect", "sybase", "--to", "mssql", *extra]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return result.output


def test_text_lists_each_differing_guide_row_once(tmp_path: Path) -> None:
    out = _run(tmp_path)
    section = out.split("Guide rows ddlaudit differs from (2):", 1)[1]
    assert section.count('row "image | image"') == 1
    assert "SQL Server's image is deprecated" in section
    assert "columns: jobs.<b>data</b>, jobs.more" in section
    assert 'row "datetime | datetime2[3]"' in section and "columns: jobs.created" in section
    assert "https://" not in section  # concise: the URL stays in the JSON
    assert "agrees with" not in out  # agreements only with --explain


def test_explain_gives_every_column_its_guide_lines(tmp_path: Path) -> None:
    out = _run(tmp_path, "--explain")
    lines = [x.strip() for x in out.splitlines()]
    i = next(n for n, x in enumerate(lines) if x.startswith("id ") and "EXACT" in x)
    assert lines[i + 1].startswith("guide: agrees with Microsoft SSMA for SAP ASE")
    assert 'row "int | int"' in lines[i + 1]
    assert "same values" in lines[i]  # the reason of every column, not only lossy ones


def test_markdown_has_the_differences_table_escaped(tmp_path: Path) -> None:
    out = _run(tmp_path, "--format", "markdown")
    assert "### Guide rows ddlaudit differs from (2)" in out
    assert "<b>" not in out  # a column name stays text
    explained = _run(tmp_path, "--format", "markdown", "--explain")
    assert "<details><summary>Guides</summary>" in explained
    assert "agrees with Microsoft SSMA" in explained


@given(st.text() | st.integers() | st.none())
def test_a_value_on_one_line_is_what_the_slow_path_gives(value: object) -> None:
    """``_plain``'s fast path (a printable string returned as it is) gives what line
    breaks joined and controls replaced give, for any value."""
    from analyzer.reporters.audit import _plain
    from analyzer.reporters.markdown import CONTROLS

    slow = " ".join(str(value).splitlines()) if value is not None else "-"
    assert _plain(value) == CONTROLS.sub("\ufffd", slow)
