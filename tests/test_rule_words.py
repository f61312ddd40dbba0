"""Reserved-word lists and identifier limits (analyzer.rules.words and its data files)."""

from __future__ import annotations

import dataclasses
from importlib.resources import files

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.rules.words import (
    PLATFORMS,
    IdentifierLimit,
    identifier_limit,
    is_reserved,
    release_key,
    reserved_words,
)

#: Entries per list, pinned so an accidental edit of a data file shows up here.
COUNTS = {"mssql": 185, "ase": 217, "teradata": 480, "hirdb": 0}


def _raw(platform: str) -> str:
    return files("analyzer.rules.data.reserved").joinpath(f"{platform}.txt").read_text("utf-8")


def _split(platform: str) -> tuple[list[str], list[str]]:
    """The file's header lines and word lines; the header is the leading ``#`` block."""
    lines = _raw(platform).splitlines()
    n = 0
    while n < len(lines) and lines[n].startswith("#"):
        n += 1
    return lines[:n], lines[n:]


# -- the data files ------------------------------------------------------------------------


@pytest.mark.parametrize("platform", PLATFORMS)
def test_file_format(platform: str) -> None:
    header, words = _split(platform)
    assert header, "every list starts with a # header naming its source"
    assert _raw(platform).endswith("\n")
    assert all(w.strip() for w in words), "no blank lines"
    assert not any(w.startswith("#") for w in words), "comments only in the header"
    assert all(w == w.strip() for w in words), "no stray whitespace"
    assert all(w == w.upper() and w.isascii() for w in words), "upper-case ASCII"
    assert words == sorted(words), "sorted"
    assert len(words) == len(set(words)), "unique"
    assert frozenset(words) == reserved_words(platform)
    assert len(words) == COUNTS[platform]


@pytest.mark.parametrize("platform", ["mssql", "ase", "teradata"])
def test_lists_are_not_empty(platform: str) -> None:
    assert reserved_words(platform)


def test_hirdb_is_documented_empty() -> None:
    header, words = _split("hirdb")
    assert words == []
    text = "\n".join(header)
    assert "intentionally empty" in text and "3020-6-457-10(E)" in text
    assert not is_reserved("hirdb", "SELECT")


@pytest.mark.parametrize("platform", PLATFORMS)
def test_header_names_source_and_scope(platform: str) -> None:
    text = "\n".join(_split(platform)[0])
    assert "source" in text.lower()
    if platform != "hirdb":
        assert "Included:" in text and "Left out:" in text
        assert "future" in text.lower(), "the header says what became of future reserved words"


@pytest.mark.parametrize("platform", ["ase", "teradata"])
def test_secondary_sources_are_declared(platform: str) -> None:
    text = "\n".join(_split(platform)[0])
    assert "SECONDARY" in text and "@" in text, "repo:path@commit of the copy used"


def test_mssql_members() -> None:
    for word in ("SELECT", "TABLE", "USER", "KEY", "PERCENT", "TRY_CONVERT", "WITHIN GROUP"):
        assert is_reserved("mssql", word), word
    # Not Transact-SQL reserved keywords (NAME, TYPE, DATA, STATUS are not in the table);
    # LABEL is Azure Synapse only, ABSOLUTE is ODBC only, ALIAS only a future keyword.
    for word in ("NAME", "TYPE", "DATA", "STATUS", "LABEL", "ABSOLUTE", "ALIAS"):
        assert not is_reserved("mssql", word), word


def test_ase_members() -> None:
    for word in ("USER", "KEY", "ARITH_OVERFLOW", "SYB_IDENTITY", "SELECT"):
        assert is_reserved("ase", word), word
    # The three typos of the secondary copy are corrected, not copied.
    for word in ("DETERMINISTIC", "EXISTS", "PARTITION"):
        assert is_reserved("ase", word), word
    for word in ("DETERMNISTIC", "EXIST", "ARTITION", "NAME", "STATUS"):
        assert not is_reserved("ase", word), word


def test_teradata_members() -> None:
    for word in ("TITLE", "TYPE", "USER", "KEY", "SEL", "TD_ROWSIZE", "ZEROIFNULL"):
        assert is_reserved("teradata", word), word
    # Future reserved (F) and nonreserved (N) words are not on the R list.
    for word in ("ALIAS", "GOTO", "WAIT", "NAME", "DATA", "ARRAY"):
        assert not is_reserved("teradata", word), word


def test_reserved_words_is_cached() -> None:
    assert reserved_words("ase") is reserved_words("ase")


def test_platforms_match_the_registry() -> None:
    from analyzer.rules.registry import PLATFORMS as REGISTRY_PLATFORMS

    assert set(PLATFORMS) == set(REGISTRY_PLATFORMS)


@pytest.mark.parametrize("call", [reserved_words, lambda p: is_reserved(p, "x")])
def test_unknown_platform_raises(call: object) -> None:
    assert callable(call)
    with pytest.raises(ValueError, match="unknown platform"):
        call("oracle")


def test_is_reserved_compares_whole_ascii_names() -> None:
    assert not is_reserved("mssql", "[SELECT]")  # delimiters are the caller's to strip
    assert not is_reserved("mssql", "SELECTED")
    assert not is_reserved("mssql", "ſelect")  # LATIN SMALL LETTER LONG S upper-cases to S
    assert not is_reserved("teradata", "ß")  # upper-cases to SS, a Teradata reserved word


# -- case-insensitivity (property) -----------------------------------------------------------

_ASCII_NAME = st.text(
    alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$#@ ",
    max_size=20,
)


@settings(max_examples=200, deadline=None)
@given(platform=st.sampled_from(PLATFORMS), name=_ASCII_NAME)
def test_is_reserved_is_case_insensitive(platform: str, name: str) -> None:
    expected = is_reserved(platform, name)
    assert is_reserved(platform, name.upper()) == expected
    assert is_reserved(platform, name.lower()) == expected
    assert is_reserved(platform, name.swapcase()) == expected


@settings(max_examples=200, deadline=None)
@given(data=st.data(), platform=st.sampled_from(["mssql", "ase", "teradata"]))
def test_listed_words_match_in_any_case(data: st.DataObject, platform: str) -> None:
    word = data.draw(st.sampled_from(sorted(reserved_words(platform))))
    flips = data.draw(st.lists(st.booleans(), min_size=len(word), max_size=len(word)))
    mixed = "".join(c.lower() if f else c for c, f in zip(word, flips, strict=True))
    assert is_reserved(platform, mixed)


# -- identifier limits -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("platform", "release", "length", "unit"),
    [
        ("mssql", None, 128, "characters"),
        ("mssql", "2008", 128, "characters"),
        ("mssql", "2019", 128, "characters"),
        ("ase", "12.5", 30, "bytes"),
        ("ase", "12.5.4", 30, "bytes"),
        ("ase", "15", 255, "bytes"),
        ("ase", "15.0", 255, "bytes"),
        ("ase", "15.7", 255, "bytes"),
        ("ase", "16.0 SP03", 255, "bytes"),
        ("ase", None, 255, "bytes"),
        ("teradata", "13.10", 30, "characters"),
        ("teradata", "14.0", 30, "characters"),
        ("teradata", "14.9", 30, "characters"),  # 14.9 < 14.10: parts compare as numbers
        ("teradata", "14.10", 128, "characters"),
        ("teradata", "16.20", 128, "characters"),
        ("teradata", "17.0", 128, "characters"),
        ("teradata", None, 128, "characters"),
        ("hirdb", None, 30, "bytes"),
        ("hirdb", "9", 30, "bytes"),
    ],
)
def test_identifier_limit_thresholds(
    platform: str, release: str | None, length: int, unit: str
) -> None:
    limit = identifier_limit(platform, release)
    assert (limit.platform, limit.max_length, limit.unit) == (platform, length, unit)


def test_limit_ranges_and_citations() -> None:
    ase_old, ase_new = identifier_limit("ase", "12.5"), identifier_limit("ase", None)
    assert (ase_old.since, ase_old.until) == (None, "15.0")
    assert (ase_new.since, ase_new.until) == ("15.0", None)
    td_old, td_new = identifier_limit("teradata", "14.0"), identifier_limit("teradata", None)
    assert (td_old.until, td_new.since) == ("14.10", "14.10")
    assert "116" in identifier_limit("mssql", None).note
    assert "253" in ase_new.note
    for platform in PLATFORMS:
        for release in (None, "1.0", "99.99"):
            limit = identifier_limit(platform, release)
            assert limit.citation and limit.unit in ("characters", "bytes")


def test_identifier_limit_errors() -> None:
    with pytest.raises(ValueError, match="unknown platform"):
        identifier_limit("db2", None)
    with pytest.raises(ValueError, match="version number"):
        identifier_limit("ase", "latest")


def test_identifier_limit_is_frozen() -> None:
    limit = identifier_limit("ase", None)
    assert isinstance(limit, IdentifierLimit)
    with pytest.raises(dataclasses.FrozenInstanceError):
        limit.max_length = 1  # type: ignore[misc]


def test_release_key_orders_teradata_releases() -> None:
    releases = ["13.0", "13.10", "14.0", "14.10", "15.0", "15.10", "16.0", "16.10", "16.20", "17.0"]
    assert sorted(releases, key=release_key) == releases
    assert release_key("15") == release_key("15.0") == (15,)


def test_measure_in_the_limits_unit() -> None:
    assert identifier_limit("ase", None).measure("é") == 2  # UTF-8 bytes by default
    assert identifier_limit("ase", None).measure("é", "latin-1") == 1
    assert identifier_limit("hirdb", None).measure("表", "shift_jis") == 2
    assert identifier_limit("mssql", None).measure("é") == 1
    assert identifier_limit("teradata", None).measure("\u00e9") == 2  # NFD: e + combining accent
    ase12 = identifier_limit("ase", "12.5")
    assert not ase12.exceeded_by("x" * 30) and ase12.exceeded_by("x" * 31)
    tera = identifier_limit("teradata", "14.10")
    assert not tera.exceeded_by("x" * 128) and tera.exceeded_by("x" * 129)
