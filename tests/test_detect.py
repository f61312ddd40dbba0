"""Dialect choice: precedence, windowed detection, and the needle prefilter's safety."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

import grammars
from analyzer.detect import _score, choose, detect
from grammars.base import (
    evidence,
    fold_case,
    leading_literals,
    required_literals,
    required_words,
    text_words,
)

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


def test_required_literals_examples() -> None:
    assert required_literals(r"\bmergeblockratio\b") == (("mergeblockratio",),)
    assert required_literals(r"x?yz") == (("yz",),)
    assert required_literals(r"x?y") == ()  # one character: not worth a test
    assert required_literals(r"(?:no\s+)?fallback") == (("fallback",),)
    assert required_literals(r"(?:ab)+cd") == (("ab",), ("cd",))
    assert required_literals(r"(?:ab)*cd") == (("cd",),)
    assert required_literals(r"(?=abc)\w+") == ()  # lookarounds give nothing
    assert required_literals(r"\b(?:before|after)\s+journal") == (
        ("before", "after"),
        ("journal",),
    )
    assert required_literals(r"abc|\d+") == ()  # a branch without a literal


def test_every_evidence_pattern_has_a_needle() -> None:
    # Without one, detection runs a case-insensitive regex over the whole window.
    assert [ev.label for ev in ALL_EVIDENCE if not ev.needles] == []


ALL_EVIDENCE = [ev for g in grammars.registry().values() for ev in g.evidence]
WORDS = sorted({w for ev in ALL_EVIDENCE for w in re.findall(r"[A-Za-z_]{2,}", ev.pattern.pattern)})


# No deadline: this checks matches, not speed (the first example compiles the
# patterns, which took over hypothesis's 200 ms once on a loaded machine).
@settings(deadline=None)
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
    lowered = fold_case(text)
    words = text_words(text, lowered)
    for ev in ALL_EVIDENCE:
        expected = ev.pattern.search(text) is not None
        assert ev.search(text, lowered) == expected, ev.label
        assert ev.search(text, lowered, words) == expected, ev.label


def _plain_score(text: str) -> tuple[str, tuple[str, ...]] | None:
    """Detection without any shortcut: every pattern's regex over the text."""
    best: tuple[int, str, tuple[str, ...]] | None = None
    for name, grammar in grammars.registry().items():
        matched = [ev for ev in grammar.evidence if ev.pattern.search(text)]
        score = sum(ev.weight for ev in matched)
        if score > 0 and (best is None or score > best[0]):
            best = (score, name, tuple(ev.label for ev in matched))
    return None if best is None else best[1:]


# No deadline: this checks matches, not speed (the first example compiles the
# patterns, which took over hypothesis's 200 ms once on a loaded machine).
@settings(deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(WORDS),
            st.sampled_from(WORDS).map(str.upper),
            st.sampled_from([" ", "\n", "(", ")", ",", "=", "[", "]", ".", "'", ";", "é", "ſ"]),
        ),
        max_size=40,
    )
)
def test_the_word_index_never_changes_a_detection(parts: list[str]) -> None:
    text = "".join(parts)
    choice = _score(text)
    assert (None if choice is None else (choice.dialect, choice.evidence)) == _plain_score(text)


_ATOMS = ["ab", "cd", "e", "x", "is", "ki", r"\s*", r"\s+", r"\b", r"\w", "[a-c]", "."]


def _regex(draw_leaf: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.recursive(
        draw_leaf,
        lambda inner: st.one_of(
            st.lists(inner, min_size=1, max_size=4).map("".join),
            st.tuples(inner, inner).map(lambda p: f"(?:{p[0]}|{p[1]})"),
            st.tuples(inner, st.sampled_from(["?", "*", "+", "{2}", "{0,2}"])).map(
                lambda p: f"(?:{p[0]}){p[1]}"
            ),
        ),
        max_leaves=8,
    )


@given(_regex(st.sampled_from(_ATOMS)), st.text(alphabet="abcdeiksxABIKS \nſKİı", max_size=30))
def test_required_literals_are_in_every_match(pattern: str, text: str) -> None:
    compiled = re.compile(pattern, re.IGNORECASE | re.MULTILINE)
    if compiled.search(text) is None:
        return
    lowered = fold_case(text)
    assert lowered is not None
    for group in required_literals(pattern):
        assert any(needle in lowered for needle in group), (pattern, text, group)


@given(
    _regex(st.sampled_from([*_ATOMS, r"^", r"(?:ab|cd)", r"(?:x|\s)"])),
    st.text(alphabet="abcdeiksxABIKS \nſKİıµ名", max_size=30),
)
def test_evidence_search_equals_the_regex(pattern: str, text: str) -> None:
    ev = evidence(pattern, 1, "random")
    lowered = fold_case(text)
    expected = ev.pattern.search(text) is not None
    assert ev.search(text, lowered) == expected, (pattern, text)
    assert ev.search(text, lowered, text_words(text, lowered)) == expected, (pattern, text)


_WORD_ATOMS = [*_ATOMS, r"\)", r"\(", "=", "_", r"\s", "$", "^", r"\B", "[ ,]", "(?:ab)?", "1"]


@settings(max_examples=400)
@given(
    _regex(st.sampled_from([*_WORD_ATOMS, r"(?:ab|cd)", r"(?:x|\s)", r"(?:e|\()"])),
    st.text(alphabet="abcdeiksx_1ABIKS \n(=,.", max_size=30),
)
def test_required_words_are_words_of_every_match(pattern: str, text: str) -> None:
    compiled = re.compile(pattern, re.IGNORECASE | re.MULTILINE)
    match = compiled.search(text)
    words = text_words(text, fold_case(text))
    assert words is not None  # ASCII text
    if match is not None:
        for group in required_words(pattern):
            assert any(word in words for word in group), (pattern, text, group)
    ev = evidence(pattern, 1, "random")
    assert ev.search(text, fold_case(text), words) == (match is not None), (pattern, text)


def test_required_words_examples() -> None:
    assert required_words(r"\bPRIMARY\s+INDEX\b") == (("primary",), ("index",))
    assert required_words(r"^\s*setuser\b") == (("setuser",),)
    assert required_words(r"\bsp_primarykey\b|\bsp_foreignkey\b") == (
        ("sp_primarykey", "sp_foreignkey"),
    )
    assert required_words(r"\bidentity\s*\(\s*-?\d+") == (("identity",),)
    assert required_words(r"\bsp_\w+") == ()  # a word that goes on
    assert required_words(r"create\s+tables?") == ()  # no edge after "table"
    assert required_words(r"(?:\bab\b)?cd") == ()  # optional
    assert required_words(r"\bab\Bcd\b") == ()  # \B is no edge
    assert text_words("CRÉATE", fold_case("CRÉATE")) is None  # not ASCII: scans decide


def test_leading_literals_examples() -> None:
    assert leading_literals(r"\bcreate\s+table") == ("create",)
    assert leading_literals(r"(?:before|after)\s+journal") == ("before", "after")
    assert leading_literals(r"(?:no\s+)?fallback") == ()  # optional start: nothing
    assert leading_literals(r"ab\bcd") == ("ab",)
    assert leading_literals(r"(?:ab|\d)c") == ()


def test_sql_server_only_evidence_outweighs_old_transact_sql_that_ase_shares() -> None:
    # a vendor's install script of a classic sample database: old Transact-SQL that both
    # platforms accept, and one statement only SQL Server has (issue 27)
    script = (
        "ALTER DATABASE pubs SET RECOVERY SIMPLE\nGO\n"
        "setuser 'dbo'\nGO\n"
        "exec sp_dboption 'pubs', 'trunc. log on chkpt.', 'true'\nGO\n"
        "execute sp_addtype id, 'varchar(11)', 'NOT NULL'\nGO\n"
        "checkpoint\nGO\n"
        "CREATE TABLE authors (au_id id)\nGO\n"
    )
    choice = detect(script)
    assert (choice.dialect, choice.how) == ("tsql", "detected")
    assert "ALTER DATABASE ... SET" in choice.evidence
    # the same old Transact-SQL with something only ASE has is ASE
    ase = script.replace("ALTER DATABASE pubs SET RECOVERY SIMPLE", "select 1") + (
        "create table t (a int) lock datarows\ngo\n"
    )
    assert detect(ase).dialect == "sybase"
    # and without either, the shared evidence still decides as before
    assert detect(script.replace("ALTER DATABASE pubs SET RECOVERY SIMPLE", "")).dialect == (
        "sybase"
    )


def test_a_unicode_literal_is_sql_server_evidence() -> None:
    assert "N'...' Unicode literal" in detect("INSERT INTO t VALUES (N'x')\nGO\n").evidence
    assert "N'...' Unicode literal" not in detect("select 'IN'\n").evidence
