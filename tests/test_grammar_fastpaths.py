"""The parser shortcuts of ``SpanParserMixin`` give sqlglot's own trees, node for node.

``FAST_PATHS`` reads a column's plain name and declines a non-constraint without
sqlglot's chain of calls.  Both rest on premises about the parser classes below the
mixin; those are checked here per grammar, then every fixture statement and a set of
generated benchmark statements are parsed both ways and compared, node types, args,
meta (spans, declared types) and comments included.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlglot import exp
from sqlglot.errors import ErrorLevel
from sqlglot.parser import Parser
from sqlglot.tokenizer_core import TokenType

import grammars
from grammars.base import SpanParserMixin
from tests.corpus import bench_module, fixture_statements


@pytest.mark.parametrize("dialect", grammars.names())
def test_premises_hold_for_every_grammar(dialect: str) -> None:
    parser = grammars.get(dialect).dialect.parser_class
    below = super(SpanParserMixin, parser)
    # Declining a non-constraint is only sqlglot's own answer if these are sqlglot's.
    assert below._parse_constraint is Parser._parse_constraint
    assert parser._parse_unnamed_constraint is Parser._parse_unnamed_constraint
    # A plain name is read by _parse_id_var after _parse_primary and _parse_function
    # decline it: they must be sqlglot's (Teradata's _parse_function only adds a case
    # for a following "(", which the shortcut leaves to sqlglot).
    assert parser._parse_field is Parser._parse_field
    assert parser._parse_primary is Parser._parse_primary
    assert parser._parse_function_call is Parser._parse_function_call
    assert parser._parse_paren is Parser._parse_paren
    for token_type in (TokenType.VAR, TokenType.IDENTIFIER):
        assert token_type not in parser.PRIMARY_PARSERS
        assert token_type not in parser.PLACEHOLDER_PARSERS
        assert token_type not in parser.NO_PAREN_FUNCTIONS
        assert token_type not in parser.RESERVED_TOKENS


def _slow(dialect: str) -> type[Parser]:
    parser = grammars.get(dialect).dialect.parser_class
    return type("Slow" + parser.__name__, (parser,), {"FAST_PATHS": False})


def _parse(dialect: str, sql: str, fast: bool) -> list[exp.Expr | None] | str:
    d = grammars.get(dialect).dialect()
    parser_class = d.parser_class if fast else _slow(dialect)
    try:
        tokens = d.tokenize(sql)
        return parser_class(error_level=ErrorLevel.RAISE, dialect=d).parse(tokens, sql)
    except Exception as err:  # both ways must fail alike
        return f"{type(err).__name__}: {err}"


def _same(a: exp.Expr | None, b: exp.Expr | None) -> bool:
    if a is None or b is None:
        return a is b
    if a != b:
        return False
    for x, y in zip(a.walk(), b.walk(), strict=True):
        if type(x) is not type(y) or (x._meta or {}) != (y._meta or {}):
            return False
        if (x.comments or []) != (y.comments or []):
            return False
    return True


def _check(dialect: str, sql: str) -> None:
    fast = _parse(dialect, sql, True)
    slow = _parse(dialect, sql, False)
    if isinstance(fast, str) or isinstance(slow, str):
        assert fast == slow, sql[:300]
        return
    assert len(fast) == len(slow)
    for a, b in zip(fast, slow, strict=True):
        assert _same(a, b), sql[:300]


def test_fixture_statements_parse_the_same_both_ways() -> None:
    checked = 0
    for _name, dialect, sql in fixture_statements():
        if grammars.get(dialect).statement_kind(sql) is not None:
            _check(dialect, sql)
            checked += 1
    assert checked > 100


def test_benchmark_statements_parse_the_same_both_ways(tmp_path: Path) -> None:
    bench = bench_module()
    files = [*bench.generate(60, 11, tmp_path), *bench.generate_hirdb(30, 11, tmp_path)]
    for f in files:
        for sql in f.statements:
            _check(f.dialect, sql)


@pytest.mark.parametrize(
    "sql",
    [
        'CREATE TABLE t (case int, next int, [select] int, "q" int)',
        "CREATE TABLE t (a int, CONSTRAINT pk PRIMARY KEY (a), CHECK (a > 0), INDEX ix (a))",
        "CREATE TABLE t (period int, PERIOD FOR SYSTEM_TIME (a, b))",
        "CREATE TABLE t ('x' int)",
        "CREATE TABLE t (a.b int)",
        "CREATE TABLE t (a",
        "CREATE TABLE t (unique int)",
    ],
)
def test_edge_cases_parse_the_same_both_ways(sql: str) -> None:
    for dialect in ("tsql", "teradata", "hirdb", "sybase"):
        _check(dialect, sql)
