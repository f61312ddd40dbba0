"""Times and timestamps with a time zone: the offsets and seconds each type holds, from
the manuals' own words (decision D177), and every with-zone mapping of every target
checked against them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.audit import TARGETS
from analyzer.audit.domains import Domain, losses
from tests.test_audit import mapped

# Teradata SQL Data Types and Literals, TIMESTAMP WITH TIME ZONE (and TIME WITH TIME ZONE),
# "Internal Representation": the fields' minimum and maximum values.
TERADATA_QUOTE = (
    "SECOND | 00.000000 | 61.999999 This value accounts for leap seconds that can be added "
    "to the clock. ... TIMEZONE_HOUR | -12.59 | +14.00"
)
# SQL Server, datetimeoffset (Transact-SQL): "Time zone offset range -14:00 through
# +14:00"; "ss is two digits, ranging from 00 to 59".
MSSQL_QUOTE = "Time zone offset range | -14:00 through +14:00 ... ss ... ranging from 00 to 59"
# PostgreSQL 16, 8.5 Table 8.9: time with time zone, low 00:00:00+1559, high 24:00:00-1559.
POSTGRES_QUOTE = "time [ (p) ] with time zone | 00:00:00+1559 | 24:00:00-1559"


def _minutes(text: str) -> int:
    """``-12.59`` / ``+14:00`` / ``1559`` -> minutes."""
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-").replace(".", ":")
    hours, minutes = digits.split(":") if ":" in digits else (digits[:2], digits[2:])
    return sign * (int(hours) * 60 + int(minutes))


#: (offsets in minutes, the last second) per platform, read from the quotations above.
QUOTED = {
    "teradata": ((_minutes("-12.59"), _minutes("+14.00")), 61),
    "mssql": ((_minutes("-14:00"), _minutes("+14:00")), 59),
    "postgres": ((-_minutes("1559"), _minutes("1559")), 59),
}


def test_quotations_read() -> None:
    assert "-12.59" in TERADATA_QUOTE and "+14.00" in TERADATA_QUOTE
    assert "61.999999" in TERADATA_QUOTE and "-14:00 through +14:00" in MSSQL_QUOTE
    assert QUOTED["teradata"][0] == (-779, 840) and QUOTED["mssql"][0] == (-840, 840)


def test_teradata_timestamp_with_time_zone_on_sql_server_is_not_exact() -> None:
    """The issue's bug: Teradata TIMESTAMP(6) WITH TIME ZONE -> datetimeoffset(6) was
    exact. datetimeoffset holds every offset Teradata does (-12:59..+14:00 within
    -14:00..+14:00: widened on its own) and the same 6 digits, but not a second 60 or 61,
    which Teradata's SECOND field holds: lossy, losing the leap seconds."""
    m = mapped("teradata", "TIMESTAMP(6) WITH TIME ZONE", "mssql")
    assert m.target is not None and m.target.text == "DATETIMEOFFSET(6)"
    assert (m.mapping, m.loses) == ("lossy", ("leap seconds",))
    assert "-12:59..+14:00" in m.reason and "-14:00..+14:00" in m.reason
    # the offsets alone: every Teradata offset fits, not the reverse (widened)
    teradata = _zoned(QUOTED["teradata"][0])
    mssql = _zoned(QUOTED["mssql"][0])
    assert losses(teradata, mssql) == ()
    assert losses(mssql, teradata) == ("offset range",)


def _zoned(offsets: tuple[int, int], leap: bool = False) -> Domain:
    return Domain(
        "timestamp", fraction=6, tz=True, min_year=1, max_year=9999, offsets=offsets, leap=leap
    )


def test_datetimeoffset_on_teradata_loses_offsets() -> None:
    m = mapped("tsql", "datetimeoffset(6)", "teradata")
    assert (m.mapping, m.loses) == ("lossy", ("offset range",))


_ZONED = {
    "teradata": ["TIMESTAMP({}) WITH TIME ZONE", "TIME({}) WITH TIME ZONE"],
    "tsql": ["datetimeoffset({})"],
}


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from([(d, t) for d, ts in _ZONED.items() for t in ts]),
    st.integers(0, 6),
    st.sampled_from(TARGETS),
    st.data(),
)
def test_every_zoned_claim_holds_on_quoted_values(
    case: tuple[str, str], digits: int, target: str, data: st.DataObject
) -> None:
    """For every with-zone mapping of every target: an exact or widened claim keeps an
    offset and a second drawn from the source's quoted ranges, on the target's quoted
    ranges (where the target keeps an offset at all); exact also keeps the target's."""
    dialect, template = case
    m = mapped(dialect, template.format(digits), target)
    if m.mapping not in ("exact", "widened") or m.reason.startswith("same platform"):
        return
    source = "mssql" if dialect == "tsql" else dialect
    (lo, hi), last = QUOTED[source]
    assert m.target is not None and m.target.domain.tz, "an exact claim keeps the offset"
    written = m.target.text.upper()
    if target not in QUOTED:
        return  # Snowflake documents no offset range for TIMESTAMP_TZ: not compared
    (tlo, thi), tlast = QUOTED[target]
    for offset in (lo, hi, data.draw(st.integers(lo, hi))):
        assert tlo <= offset <= thi, (written, offset)
    for second in (last, data.draw(st.integers(0, last))):
        assert second <= tlast, (written, second)
    if m.mapping == "exact":
        assert (lo, hi, last) == (tlo, thi, tlast), written
