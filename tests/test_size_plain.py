"""The size report's plain text made without rich (``analyzer.reporters.size._plain_text``,
D134) is what rich prints, byte for byte, wherever it is used."""

from __future__ import annotations

import io
import string

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from analyzer.core import Options, analyze_bytes
from analyzer.reporters import size as report
from analyzer.reporters.size import _literal, _plain_table, _plain_text

HEADS = ("column", "declared", "as stored", "area", "bytes", "max", "basis")
RIGHT = ("bytes", "max")


def _console(out: io.StringIO) -> Console:
    return Console(highlight=False, soft_wrap=True, width=160, file=out)


def _rich_table(title: str, heads: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    out = io.StringIO()
    grid = Table(title=escape(title), title_justify="left")
    for head in heads:
        grid.add_column(head, justify="right" if head in RIGHT else "left")
    for row in rows:
        grid.add_row(*(escape(c) for c in row))
    _console(out).print(grid)
    return out.getvalue()


words = st.text(alphabet=string.ascii_letters + string.digits + "_.,()-'/#[]", max_size=24)
cells = st.lists(words, min_size=0, max_size=4).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(
    title=cells,
    heads=st.lists(st.sampled_from(HEADS), min_size=1, max_size=7, unique=True).map(tuple),
    rows=st.lists(st.lists(cells, min_size=7, max_size=7), min_size=0, max_size=5),
)
def test_a_plain_table_is_rich_s(title: str, heads: tuple[str, ...], rows: list[list[str]]) -> None:
    cut = [tuple(r[: len(heads)]) for r in rows]
    lines = _plain_table(title, heads, RIGHT, cut)
    if lines is not None:
        assert "".join(x + "\n" for x in lines) == _rich_table(title, heads, cut)
    elif (
        cut
        and title == title.strip()
        and all(c == c.strip() and "  " not in c for r in cut for c in r)
    ):
        # a title or table too wide for the simple layout
        widths = [max(len(c) for c in col) + 2 for col in zip(heads, *cut, strict=True)]
        assert sum(widths) + len(heads) + 1 > 160 or len(title) > sum(widths) + len(heads) + 1


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=string.printable, max_size=40), markup=st.booleans())
def test_a_literal_is_printed_as_it_is(text: str, markup: bool) -> None:
    out = io.StringIO()
    _console(out).print(text if markup else escape(text))
    plain = io.StringIO()
    _console(plain).print(text, markup=False)
    if _literal(text, markup):
        assert out.getvalue() == text + "\n"
    if _literal(text, False):
        assert plain.getvalue() == text + "\n"


def test_the_fixtures_plain_text_is_rich_s() -> None:
    from pathlib import Path

    from analyzer import passes
    from analyzer.estimators import estimate_file
    from analyzer.settings import SizingSettings

    sizing = SizingSettings()
    made = 0
    for path in sorted(Path("fixtures").rglob("*.sql")):
        result = passes.run(analyze_bytes(str(path), path.read_bytes(), Options()))
        sized = passes.run(result, passes.SIZING_RULES, sizing=sizing)
        estimates = estimate_file(sized, sizing)
        plain = _plain_text([sized], estimates)
        out = io.StringIO()
        report.rich_text([sized], estimates, False, out)
        if plain is not None:
            assert plain == out.getvalue(), path
            made += bool(estimates)
    assert made > 50


def test_a_terminal_gets_rich() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert report._styled(Terminal()) and not report._styled(io.StringIO())


def test_the_edges_of_the_simple_layout() -> None:
    # a table exactly as wide as the console, one cell wider; a title as wide as the
    # table, one character wider
    for n in range(150, 160):
        for heads in (("column",), ("column", "bytes")):
            row = tuple("x" * n if h == "column" else "1" for h in heads)
            for title in ("t", "t" * (n + 4), "t" * (n + 8), "t " * (n // 2 + 4)):
                title = title.strip()
                lines = _plain_table(title, heads, RIGHT, [row])
                expected = _rich_table(title, heads, [row])
                if lines is not None:
                    assert "".join(x + "\n" for x in lines) == expected, (n, heads, title)
                else:  # rich's layout is not the simple one, or not known to be
                    assert title != "t" or n + 2 + 7 * (len(heads) - 1) + len(heads) + 1 > 160
