"""Dialect choice: precedence, windowed detection, and the needle prefilter's safety."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

import grammars
from analyzer.detect import choose, detect
from grammars.base import required_literal

TERADATA = "CREATE MULTISET TABLE t, NO FALLBACK (a BYTEINT) PRIMARY INDEX (a);"


def test_precedence_option_then_config_then_content() -> None:
    assert choose(TERADATA, "x.sql", "tsql", "teradata").how == "option"
    assert choose(TERADATA, "x.sql", None, "tsql").dialect == "tsql"
    auto = choose(TERADATA, "x.sql", None, None)
    assert (auto.dialect, auto.how) == ("teradata", "detected")
    assert "MULTISET TABLE" in auto.evidence


def test_evidence_beyond_the_first_window_is_found() -> None:
    text = "-- licence header\n" * 2000 + TERADATA  # ~36 KB of comments first
    assert len(text) > 16 * 1024
    assert detect(text).dialect == "teradata"


def test_no_evidence_falls_back_with_a_reason() -> None:
    choice = detect("CREATE TABLE t (a int);")
    assert choice.how == "fallback" and choice.evidence


def test_tsql_evidence() -> None:
    ddl = "CREATE TABLE [dbo].[T] ([id] [int] IDENTITY(1,1) NOT NULL) ON [PRIMARY]\nGO\n"
    assert detect(ddl).dialect == "tsql"


def test_required_literal_examples() -> None:
    assert required_literal(r"\bmergeblockratio\b") == "mergeblockratio"
    assert required_literal(r"x?yz") is None  # only 'yz' is required: too short
    assert required_literal(r"(?:no\s+)?fallback") == "fallback"


ALL_EVIDENCE = [ev for g in grammars.registry().values() for ev in g.evidence]
WORDS = sorted({w for ev in ALL_EVIDENCE for w in re.findall(r"[A-Za-z_]{2,}", ev.pattern.pattern)})


@given(
    st.lists(
        st.one_of(
            st.sampled_from(WORDS),
            st.sampled_from(WORDS).map(str.upper),
            st.sampled_from([" ", "\n", "(", ")", ",", "=", "[", "]", ".", "'", ";", "  "]),
        ),
        max_size=40,
    )
)
def test_needle_prefilter_never_changes_a_match(parts: list[str]) -> None:
    text = "".join(parts)
    lowered = text.lower()
    for ev in ALL_EVIDENCE:
        assert ev.search(text, lowered) == (ev.pattern.search(text) is not None), ev.label
