"""Every fixture's IR equals its reviewed golden file (``python -m tests.golden`` updates them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden import current, golden_path, sources


@pytest.mark.parametrize("source", sources(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fixture_matches_golden_ir(source: Path) -> None:
    golden = golden_path(source)
    assert golden.exists(), f"no golden IR for {source.name}: run python -m tests.golden"
    assert current(source) == golden.read_text(encoding="utf-8")


def test_every_dialect_has_fixtures() -> None:
    dialects = {p.parent.name for p in sources()}
    assert {"tsql", "teradata"} <= dialects
