"""The Spark pipeline behind ``ddlaudit scan`` (the only package that imports pyspark).

``run_scan`` reads a repository of DDL with Spark's ``binaryFile`` source, runs the
pure-Python core (the ``SCAN`` workflow of :mod:`analyzer.workflow`) in its tasks and
writes the ``files``, ``tables``, ``columns``, ``diagnostics``, ``findings``, ``nodes``
and ``edges`` Parquet datasets (docs/output-schema.md); :mod:`analyzer.spark.graph` reads
the schema graph back.

Attributes resolve lazily so that :mod:`analyzer.spark.worker`, which Spark
tasks import, does not pull in the driver-side code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from analyzer.spark.scan import ScanSummary, SparkUnavailable, run_scan

__all__ = ["ScanSummary", "SparkUnavailable", "run_scan"]


def __getattr__(name: str) -> object:
    if name in __all__:
        from analyzer.spark import scan

        return getattr(scan, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
