"""``Context.sql``: an expression's source text as written; a bare word straight from the node."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlglot import exp

import grammars
from analyzer.build import Context


@pytest.mark.parametrize("dialect", grammars.names())
@settings(max_examples=60, deadline=None)
@given(
    word=st.one_of(
        st.text(max_size=12), st.from_regex(r"[A-Za-z_][A-Za-z0-9_$#@.]*", fullmatch=True)
    )
)
def test_a_bare_word_reads_as_the_generator_writes_it(dialect: str, word: str) -> None:
    ctx = Context("f.sql", grammars.get(dialect), "", 0, None)
    node = exp.Var(this=word)
    assert ctx.sql(node) == node.sql(dialect=grammars.get(dialect).dialect)


@pytest.mark.parametrize(
    ("dialect", "sql", "expected"),
    [
        (
            "tsql",
            "CREATE TABLE t (a datetime DEFAULT current_timestamp, "
            "b AS (isnull(x,0)) PERSISTED, c int CHECK (c>=0), d uniqueidentifier "
            "DEFAULT (newid()), CONSTRAINT ck CHECK (c  <  10 AND d IS NOT NULL))",
            {
                "default": ["current_timestamp", "(newid())"],
                "computed": ["(isnull(x,0))"],
                "check": ["c>=0", "c  <  10 AND d IS NOT NULL"],
            },
        ),
        (
            "teradata",
            "CREATE TABLE t (a DATE DEFAULT date, b INTEGER) PRIMARY INDEX (b) "
            "PARTITION BY RANGE_N(a  BETWEEN DATE '2020-01-01' AND DATE '2020-12-31' "
            "EACH INTERVAL '1' day)",
            {
                "default": ["date"],
                "partition": [
                    "RANGE_N(a  BETWEEN DATE '2020-01-01' AND DATE '2020-12-31' "
                    "EACH INTERVAL '1' day)"
                ],
            },
        ),
    ],
)
def test_expressions_keep_their_source_text(
    dialect: str, sql: str, expected: dict[str, list[str]]
) -> None:
    # the user's spelling, never sqlglot's rendering (current_timestamp, not GETDATE())
    from analyzer.core import Options, analyze_bytes

    [table] = analyze_bytes("t.sql", sql.encode(), Options(dialect=dialect)).tables
    found = {
        "default": [c.default for c in table.columns if c.default is not None],
        "computed": [c.computed.expression for c in table.columns if c.computed is not None],
        "check": [c.expression for c in table.constraints if c.kind.value == "check"],
        "partition": [level.expression for ix in table.indexes for level in ix.partitioning or ()],
    }
    assert {k: v for k, v in found.items() if k in expected} == expected
