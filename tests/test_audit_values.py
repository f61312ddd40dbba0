"""The audit's classes checked on values: every ``exact`` and ``widened`` claim, where the
domain is numeric, a string length or temporal, holds for generated values of the source
type (hypothesis), measured in the target's own units: integers in the source range fit
the target's range; decimals keep every digit; strings of n UTF-16 units, bytes or
characters fit the target's length in its unit, in its repertoire, U+0000 included;
timestamps keep their year, fraction and offset. Nothing here reads ``losses``."""

from __future__ import annotations

import struct
from dataclasses import replace
from decimal import Decimal, localcontext

from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.audit import TARGETS
from analyzer.audit.doctables import SAMPLES
from analyzer.audit.domains import Domain
from analyzer.audit.mapping import Mapped
from tests.test_audit import _CASES, mapped

# ------------------------------------------------------------------ strings

#: The characters a repertoire holds, as generated (the encodings D79 assumes).
_ENCODING = {"single": "latin-1", "multi": "shift_jis", "unicode": "utf-8"}


def _in(c: str, repertoire: str) -> bool:
    try:
        c.encode(_ENCODING[repertoire])
    except UnicodeEncodeError:
        return False
    return True


def _measure(c: str, unit: str, repertoire: str) -> int:
    """Length of one character in ``unit`` of a domain of ``repertoire``."""
    if unit == "char":
        return 1
    if unit == "utf16":
        return len(c.encode("utf-16-le")) // 2
    return len(c.encode(_ENCODING[repertoire]))


#: What a target type's length counts, from the vendors' references (not the catalogues):
#: SQL Server nchar/nvarchar "byte-pairs", char/varchar bytes; ASE unichar/univarchar/
#: unitext UTF-16 (@@unicharsize 2), nchar/nvarchar characters, char/varchar/text bytes;
#: Teradata UNICODE UTF-16, LATIN one byte a character; HiRDB NCHAR/NVARCHAR national
#: characters (one BMP character each), CHAR/VARCHAR/MCHAR/MVARCHAR bytes; PostgreSQL
#: char/varchar characters, text at most 1 GB (bytes); Snowflake VARCHAR and BigQuery
#: STRING(L) characters.
_UNITS = {
    ("mssql", "NCHAR"): "utf16",
    ("mssql", "NVARCHAR"): "utf16",
    ("ase", "UNICHAR"): "utf16",
    ("ase", "UNIVARCHAR"): "utf16",
    ("ase", "UNITEXT"): "utf16",
    ("ase", "NCHAR"): "char",
    ("ase", "NVARCHAR"): "char",
    ("hirdb", "NCHAR"): "utf16",
    ("hirdb", "NVARCHAR"): "utf16",
    ("postgres", "CHAR"): "char",
    ("postgres", "VARCHAR"): "char",
    ("snowflake", "VARCHAR"): "char",
    ("bigquery", "STRING"): "char",
}


def _target_unit(target: str, m: Mapped) -> str:
    assert m.target is not None
    if target == "teradata":
        unicode = (m.target.charset or "").upper() == "UNICODE"
        return "utf16" if unicode else "char"
    return _UNITS.get((target, m.target.entry.name), "byte")


_CHARS = {
    "single": st.one_of(st.just("\x00"), st.characters(max_codepoint=255)),
    "multi": st.one_of(
        st.characters(max_codepoint=127),
        st.sampled_from("あいアイ漢字日本語ｱｲ〒"),
    ),
    "unicode": st.one_of(
        st.characters(exclude_categories=("Cs",)),
        st.characters(min_codepoint=0x10000, max_codepoint=0x10FFFF, exclude_categories=("Cs",)),
        st.just("\x00"),
    ),
}


def _string_fits(src: Domain, dst: Domain, chars: list[str]) -> None:
    """The longest string of ``src`` made of ``chars`` (each repeated as often as the
    source length allows, the measure being additive) fits ``dst``."""
    chars = [c for c in chars if _in(c, src.repertoire)]
    if not chars or src.length is None:
        return
    for c in chars:
        if not dst.nul:
            assert c != "\x00" or not src.nul, "U+0000 does not fit"
        assert _in(c, dst.repertoire), f"{c!r} is outside {dst.repertoire}"
        count = src.length // _measure(c, src.unit, src.repertoire)
        if dst.length is not None and count:
            need = count * _measure(c, dst.unit, dst.repertoire)
            assert need <= dst.length, f"{count} x {c!r} needs {need} {dst.unit}"


# ------------------------------------------------------------------ numbers


def _int_fits(v: int, dst: Domain) -> None:
    if dst.kind == "int":
        assert dst.lo is not None and dst.hi is not None and dst.lo <= v <= dst.hi
    elif dst.kind == "bool":
        assert v in (0, 1)
    elif dst.kind == "decimal" and not dst.floating:
        assert abs(v) < 10 ** ((dst.precision or 0) - (dst.scale or 0))
        assert dst.hi is None or abs(v) <= dst.hi
    elif dst.kind == "float":
        if (dst.bits or 53) >= 53:
            assert int(float(v)) == v
        else:
            assert int(struct.unpack("f", struct.pack("f", float(v)))[0]) == v


def _decimal_fits(v: Decimal, dst: Domain) -> None:
    with localcontext() as ctx:
        ctx.prec = 100  # 38 digits and more, exactly
        _decimal_fits_exactly(v, dst)


def _decimal_fits_exactly(v: Decimal, dst: Domain) -> None:
    if dst.kind == "decimal" and not dst.floating:
        assert v == v.quantize(Decimal(1).scaleb(-(dst.scale or 0)))
        assert abs(v) < Decimal(10) ** ((dst.precision or 0) - (dst.scale or 0))
        assert dst.hi is None or abs(v) <= dst.hi + 1
    elif dst.kind == "float":
        # A double keeps any decimal of 15 significant digits (DBL_DIG), a single 6.
        if (dst.bits or 53) >= 53:
            assert Decimal(repr(float(v))) == v
        else:
            single = struct.unpack("f", struct.pack("f", float(v)))[0]
            assert Decimal(f"{single:.6g}") == v


def _decimals(src: Domain) -> st.SearchStrategy[Decimal]:
    p, s = src.precision or 38, src.scale or 0
    top = 10**p - 1
    if src.hi is not None:
        top = min(top, src.hi * 10**s + 10**s - 1)
    return st.integers(-top, top).map(lambda n: Decimal(f"{n}e-{s}"))  # exact: no context


# ------------------------------------------------------------------ temporal


def _temporal_fits(src: Domain, dst: Domain, year: int, digits: int) -> None:
    if src.kind != "time":
        assert dst.kind in ("date", "timestamp")
        assert dst.min_year is None or dst.min_year <= year
        assert dst.max_year is None or year <= dst.max_year
    if src.kind != "date":
        assert dst.kind in ("time", "timestamp")
        assert digits <= (dst.fraction or 0), f"{digits} fractional digits"
    if src.tz:
        assert dst.tz, "the offset is not kept"


# ------------------------------------------------------------------ the property


def _claims(m: Mapped) -> bool:
    return m.mapping in ("exact", "widened") and m.source is not None and m.target is not None


def _check(dialect: str, declared: str, target: str, data: st.DataObject) -> None:
    m = mapped(dialect, declared, target)
    if not _claims(m):
        return
    assert m.source is not None and m.target is not None
    src, dst = m.source, m.target.domain
    if m.reason.startswith("same platform"):
        return  # the identity: the declared type itself
    if src.kind == "int" and src.lo is not None and src.hi is not None:
        for v in (src.lo, src.hi, data.draw(st.integers(src.lo, src.hi))):
            _int_fits(v, dst)
    elif src.kind == "decimal" and not src.floating:
        _decimal_fits(data.draw(_decimals(src)), dst)
    elif src.kind == "char" and dst.kind == "char":
        chars = data.draw(st.lists(_CHARS[src.repertoire], min_size=1, max_size=4))
        # PostgreSQL 8.3: "the character with code zero cannot be stored"
        dst = replace(dst, unit=_target_unit(target, m), nul=target != "postgres")
        _string_fits(src, dst, chars)
    elif src.kind in ("date", "time", "timestamp"):
        year = data.draw(st.integers(src.min_year or 1, src.max_year or 9999))
        _temporal_fits(src, dst, year, src.fraction or 0)


@settings(max_examples=400, deadline=None)
@given(_CASES, st.data())
def test_every_value_of_an_exact_or_widened_mapping_fits(
    case: tuple[str, str, str], data: st.DataObject
) -> None:
    _check(*case, data)


_PAIRS = [(d, x, t) for d, xs in SAMPLES.items() for x in xs for t in TARGETS]


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_every_documented_pair_holds_on_values(data: st.DataObject) -> None:
    """Every cell of docs/audit.md's tables, each with values drawn afresh."""
    for dialect, declared, target in _PAIRS:
        _check(dialect, declared, target, data)


@given(st.integers(1, 4000), st.lists(_CHARS["unicode"], min_size=1, max_size=3))
def test_n_utf16_units_fit_n_characters_not_the_reverse(n: int, chars: list[str]) -> None:
    """nvarchar(n) counts UTF-16 units: every value fits n characters (PostgreSQL
    VARCHAR(n), Snowflake VARCHAR(n)); n characters may need 2n UTF-16 units."""
    units = Domain("char", length=n, repertoire="unicode", unit="utf16")
    chars_dom = Domain("char", length=n, repertoire="unicode", unit="char")
    _string_fits(units, chars_dom, chars)
    supplementary = [c for c in chars if ord(c) > 0xFFFF]
    if supplementary:
        need = n * _measure(supplementary[0], "utf16", "unicode")
        assert need == 2 * n > units.length  # type: ignore[operator]


def test_nvarchar_to_varchar_classes() -> None:
    """The classes the property above supports, on three targets."""
    assert mapped("tsql", "nvarchar(50)", "snowflake").mapping == "widened"
    binary = {"collation": "Latin1_General_100_BIN2"}  # Teradata CASESPECIFIC: binary too
    assert mapped("tsql", "nvarchar(50)", "teradata", **binary).mapping == "exact"  # UTF-16
    assert mapped("tsql", "nvarchar(50)", "postgres").loses == ("U+0000",)
