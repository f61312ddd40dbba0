"""``Context.sql`` takes a bare word straight from the node: what the generator writes."""

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
