"""The schema graph of a scanned repository, read back from ``ddlaudit scan``'s output.

A scan writes each scope's graph as the ``nodes`` and ``edges`` Parquet datasets
(docs/output-schema.md); :func:`read_schemas` collects those rows, and only those (no
file is read again, no IR reaches the driver), into one
:class:`~analyzer.graph.Schema` per scope, on which every analysis of ``ddlaudit graph``
runs (cycles, load order, components, missing references): ``ddlaudit graph --scan OUT``.

The rows are what ``graph`` itself would build from the same files (tests/test_spark_graph.py
compares the two); spans are not stored, files and lines are.
"""

from __future__ import annotations

import os
import typing as t

from analyzer.graph import Schema
from analyzer.rows import DATASETS, GRAPH_DATASETS, read_order, schemas_from_rows
from analyzer.spark.writing import struct_type

if t.TYPE_CHECKING:
    from pyspark.sql import SparkSession


class ScanOutputError(ValueError):
    """The directory is not the output of a ``ddlaudit scan`` that wrote the graph."""


def read_schemas(
    spark: SparkSession, out: str, scopes: t.Collection[str] = ()
) -> dict[str, Schema]:
    """Each scope's schema graph from the ``nodes`` and ``edges`` datasets under ``out``
    (only ``scopes`` when given), sorted by scope, each in the order ``graph`` lists."""
    paths = {name: f"{out.rstrip('/')}/{name}" for name in GRAPH_DATASETS}
    if "://" not in out:
        absent = [p for p in paths.values() if not os.path.isdir(p)]
        if absent:
            raise ScanOutputError(
                f"{out}: no {' or '.join(os.path.basename(p) for p in absent)} dataset "
                "(the output of 'ddlaudit scan --out DIR' holds nodes/ and edges/)"
            )
    frames = {
        name: spark.read.schema(struct_type(DATASETS[name])).parquet(path)
        for name, path in paths.items()
    }
    if scopes:
        frames = {name: f.filter(f["scope"].isin(list(scopes))) for name, f in frames.items()}
    # Spark reads the part files in any order: the rows carry their ordinal.
    # Partitioned by dialect, the datasets give that column back last: read by name.
    nodes = [tuple(r) for r in frames["nodes"].select(*read_order("nodes")).collect()]
    edges = [tuple(r) for r in frames["edges"].select(*read_order("edges")).collect()]
    return schemas_from_rows(nodes, edges)


__all__ = ["ScanOutputError", "read_schemas"]
