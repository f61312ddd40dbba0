"""``grammars.regex_tree``: the parse tree the evidence literals are read from (D137)."""

from __future__ import annotations

import re

import pytest

from grammars.profile import analyse
from grammars.regex_tree import (
    ANY,
    ASSERT_NOT,
    AT,
    AT_BOUNDARY,
    BRANCH,
    CATEGORY,
    CATEGORY_SPACE,
    IN,
    LITERAL,
    MAX_REPEAT,
    MAXREPEAT,
    MIN_REPEAT,
    NEGATE,
    NOT_LITERAL,
    POSSESSIVE_REPEAT,
    RANGE,
    SUBPATTERN,
    Unsupported,
    parse,
)


def lit(text: str) -> list[tuple[str, int]]:
    return [(LITERAL, ord(c)) for c in text]


@pytest.mark.parametrize(
    ("source", "tree"),
    [
        # escapes of punctuation are the character; \b is a boundary outside a class
        (r"\(\b", [(LITERAL, ord("(")), (AT, AT_BOUNDARY)]),
        # a one-character class is the character, a negated one NOT_LITERAL
        (r"[x][^y]", [(LITERAL, ord("x")), (NOT_LITERAL, ord("y"))]),
        (r"[^a-c\s]", [(IN, [(NEGATE, None), (RANGE, (97, 99)), (CATEGORY, CATEGORY_SPACE)])]),
        # an alternation of single characters is one class
        ("a|b|[cd]", [(IN, lit("abcd"))]),
        # a first item every branch shares is moved out, the rest stays a branch
        ("ab|ac|a", [*lit("a"), (BRANCH, (None, [lit("b"), lit("c"), []]))]),
        # a non-capturing group is inlined; a capturing one is not
        ("(?:ab)c", lit("abc")),
        ("(ab)", [(SUBPATTERN, (1, 0, 0, lit("ab")))]),
        # repeats: greedy, lazy, possessive, counted; a brace that is no count is a literal
        (
            "a*b+?c?+",
            [
                (MAX_REPEAT, (0, MAXREPEAT, lit("a"))),
                (MIN_REPEAT, (1, MAXREPEAT, lit("b"))),
                (POSSESSIVE_REPEAT, (0, 1, lit("c"))),
            ],
        ),
        ("(?:ab){2,3}x{", [(MAX_REPEAT, (2, 3, lit("ab"))), *lit("x{")]),
        (".(?!z)", [(ANY, None), (ASSERT_NOT, (1, lit("z")))]),
    ],
)
def test_trees(source: str, tree: list[tuple[str, object]]) -> None:
    re.compile(source)  # a valid pattern to begin with
    assert parse(source) == tree


@pytest.mark.parametrize("source", [r"(a)\1", "(?i)a", r"(?(1)a|b)", r"\N{DASH}", "(", "a)", "*"])
def test_what_it_does_not_read(source: str) -> None:
    with pytest.raises(Unsupported):
        parse(source)


def test_a_pattern_it_does_not_read_has_no_literals() -> None:
    # the regex alone then decides (Evidence.search without shortcuts)
    assert analyse(r"(?i)\bcreate\s+table\b") == ((), (), ())
    assert analyse(r"\bcreate\s+table\b") == (
        (("create",), ("table",)),
        ("create",),
        (("create",), ("table",)),
    )
