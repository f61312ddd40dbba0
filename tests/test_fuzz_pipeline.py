"""Mutation fuzzing: damaged fixtures through sizing and replication never raise.

Every fixture is cut, spliced and duplicated at random places; whatever the parser makes
of it then goes through every sizing platform and the replication report. Bad input must
give diagnostics, never an exception (which the CLI would turn into exit code 4).
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer import passes
from analyzer.core import Options, analyze_bytes
from analyzer.estimators import estimate_file
from analyzer.reporters import replication
from analyzer.settings import PLATFORMS, SizingSettings

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted(
    p
    for d in ("tsql", "teradata", "sybase", "hirdb", "rcl", "replication", "size")
    for p in (ROOT / "fixtures" / d).glob("*.sql")
)
SOURCES = [p.read_bytes() for p in FIXTURES]


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    data = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break
        a = draw(st.integers(0, len(data) - 1))
        b = draw(st.integers(a, min(len(data), a + 200)))
        how = draw(st.sampled_from(("cut", "dup", "splice")))
        if how == "cut":
            data = data[:a] + data[b:]
        elif how == "dup":
            data = data[:b] + data[a:b] + data[b:]
        else:
            other = draw(st.sampled_from(SOURCES))
            c = draw(st.integers(0, max(0, len(other) - 1)))
            data = data[:a] + other[c : c + (b - a)] + data[b:]
    return data


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged(), st.sampled_from((None, 0.3, 1.0)), st.sampled_from((None, 0, 1, 10**9)))
def test_damaged_input_never_raises(data: bytes, fill: float | None, rows: int | None) -> None:
    result = passes.run(analyze_bytes("fuzz.sql", data, Options()))
    assert not [d for d in result.diagnostics if d.code in ("D900", "P900")], result.diagnostics
    for platform in PLATFORMS:
        sizing = SizingSettings(platform=platform, fill=fill, rows=rows)
        sized = passes.run(result, passes.SIZING_RULES, sizing=sizing)
        for estimate in estimate_file(sized, sizing):
            assert estimate.row_bytes >= 0 and estimate.max_row_bytes >= 0
            # HiRDB moves a VARCHAR over 255 bytes to a branch page and SQL Server moves
            # wide values off-row, so only there can the row at its maximums be shorter.
            if platform in ("teradata", "ase"):
                assert estimate.max_row_bytes >= estimate.row_bytes
    sizing = SizingSettings(fill=fill)
    widened = passes.run(result, passes.REPLICATION_RULES, sizing=sizing)
    replication.build([widened], sizing, None, None, {"fuzz.sql": data.decode("latin-1")})
