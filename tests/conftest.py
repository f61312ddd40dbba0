"""The shared Spark fixture: one quiet ``local[2]`` SparkSession for the whole test run.

Starting a JVM costs seconds, so every Spark test shares this session; it is
created on first use (tests that do not ask for ``spark`` never start Java) and
stopped at the end.  Without pyspark or Java 17+ the Spark tests are skipped
with the reason, never failed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def spark() -> Iterator[Any]:
    """A SparkSession on ``local[2]`` (2 cores: the CI runner's size)."""
    pytest.importorskip("pyspark", reason="pyspark is not installed: pip install -e '.[spark]'")
    from analyzer.spark.session import get_session, java_problem

    problem = java_problem()
    if problem is not None:
        pytest.skip(f"Spark tests need Java 17+: {problem} (scripts/ensure-java installs it)")
    session = get_session("local[2]")
    yield session.spark
    session.close()
