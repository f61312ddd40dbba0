"""The fast tokenizer path gives exactly sqlglot's tokens, or steps aside.

Differential: every grammar's tokenizer against sqlglot's own tokenizer core on
random text built from the pieces that make tokenizing hard, on every fixture
statement and on generated benchmark statements.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grammars
from grammars.scan import FastScanMixin, ScanTable, scan
from tests.corpus import bench_module, fixture_statements

DIALECTS = grammars.names()

Signature = list[tuple[object, ...]]


def _signature(tokens: list[object]) -> Signature:
    return [
        (t.token_type, t.text, t.line, t.col, t.start, t.end, list(t.comments))  # type: ignore[attr-defined]
        for t in tokens
    ]


def _reference(dialect: str, sql: str) -> Signature | None:
    """sqlglot's own tokens (its tokenizer core), or None when it raises."""
    d = grammars.get(dialect).dialect()
    try:
        return _signature(d.tokenizer_class(dialect=d)._core.tokenize(sql))
    except Exception:
        return None


def _fast(dialect: str, sql: str) -> Signature | None:
    d = grammars.get(dialect).dialect()
    cls = d.tokenizer_class
    tokens = scan(ScanTable.of(cls), cls(dialect=d)._core, sql)
    return None if tokens is None else _signature(tokens)


def test_every_grammar_tokenizes_through_the_fast_path() -> None:
    for name in DIALECTS:
        assert issubclass(grammars.get(name).dialect.tokenizer_class, FastScanMixin), name


# fmt: off
PIECES = [
    "CREATE", "TABLE", "create", "Table", "a", "b_1", "_x", "N", "n", "X", "x", "E",
    "PRIMARY", "KEY", "FOREIGN", "CHARACTER", "VARYING", "SET", "NOT", "NULL", "DOUBLE",
    "PRECISION", "NATIONAL", "CHAR", "ORDER", "BY", "END", "BEGIN", "COLLECT", "SHOW",
    "INT", "VARCHAR", "MAX", "COMPRESS", "USER", "DEFINED",
    " ", "  ", "\t", "\n", "\r\n", "\r", "\u3000", "\x1c", "\x0b", "\xa0",
    "'", "''", "'abc'", "N'x'", "x'1F'", "0x1F", '"', '""', '"q"', "[", "]", "]]", "[b c]",
    "--", "-- c\n", "/*", "*/", "/* c */", "/*+", "/*/", "{#", "#}",
    "0", "12", "1.5", "1.", ".5", "1e5", "1E-3", "1M", "2G", "1_000", "3x",
    "(", ")", ",", ";", ".", "=", "<", ">", "<=", ">=", "<>", "!=", "NOT=", "^=", "::",
    "-", "+", "*", "**", "/", "%", "|", "||", "@", "@@", "#", "$", ":", "?", "&", "~", "\\",
    "é", "名前", "ß", "İ", "K",
]
# fmt: on


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(DIALECTS), st.lists(st.sampled_from(PIECES), max_size=30))
def test_fast_path_matches_sqlglot_on_random_text(dialect: str, pieces: list[str]) -> None:
    sql = "".join(pieces)
    fast = _fast(dialect, sql)
    if fast is not None:
        assert fast == _reference(dialect, sql), sql


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(DIALECTS), st.text(max_size=60))
def test_fast_path_matches_sqlglot_on_any_text(dialect: str, sql: str) -> None:
    fast = _fast(dialect, sql)
    if fast is not None:
        assert fast == _reference(dialect, sql), sql


def test_tokenize_equals_sqlglot_including_its_errors() -> None:
    d = grammars.get("tsql").dialect()
    good = "CREATE TABLE t (a int, b nvarchar(10) DEFAULT 'x') -- end\n"
    assert _signature(d.tokenize(good)) == _reference("tsql", good)
    with pytest.raises(Exception) as fast_error:
        d.tokenize("CREATE TABLE t (a int DEFAULT 'unterminated)")
    with pytest.raises(Exception) as core_error:
        d.tokenizer_class(dialect=d)._core.tokenize("CREATE TABLE t (a int DEFAULT 'unterminated)")
    assert type(fast_error.value) is type(core_error.value)
    assert str(fast_error.value) == str(core_error.value)


def test_sqlglot_line_quirks_are_kept() -> None:
    # sqlglot does not count a line break inside a multi-word keyword, and counts a
    # lone carriage return only in some places: the fast path steps aside for both.
    for sql in ("CREATE TABLE t (a int PRIMARY\nKEY, b int)", "CREATE TABLE t (a int,\rb int)"):
        assert _fast("tsql", sql) is None
        d = grammars.get("tsql").dialect()
        assert _signature(d.tokenize(sql)) == _reference("tsql", sql)


def test_fixture_statements_tokenize_identically() -> None:
    statements = fixture_statements()
    assert len(statements) > 200
    fallbacks = 0
    for name, dialect, sql in statements:
        fast = _fast(dialect, sql)
        if fast is None:
            fallbacks += 1
            continue
        assert fast == _reference(dialect, sql), (name, sql[:200])
    assert fallbacks <= len(statements) // 20  # the fast path is the usual path


def test_benchmark_statements_tokenize_identically(tmp_path: Path) -> None:
    bench = bench_module()
    files = [
        *bench.generate(100, 7, tmp_path),  # type: ignore[attr-defined]
        *bench.generate_hirdb(50, 7, tmp_path),  # type: ignore[attr-defined]
        *bench.generate_sybase(50, 7, tmp_path),  # type: ignore[attr-defined]
    ]
    checked = 0
    for f in files:
        for sql in f.statements:
            fast = _fast(f.dialect, sql)
            assert fast is not None, sql[:200]  # plain DDL never needs the slow path
            assert fast == _reference(f.dialect, sql), sql[:200]
            checked += 1
    assert checked >= 200
