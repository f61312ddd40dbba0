"""The Spark side of the datasets: their schemas, frames and Parquet writes.

:func:`struct_type` is a dataset's Spark schema (from :mod:`analyzer.rows`);
:func:`record_schema` and :func:`output_schema` the nested rows the two-phase and one-pass
tasks emit; :func:`jvm_frame` turns rows already in Spark's internal form into a DataFrame
without the per-row conversion (D111); :func:`write_dataset` writes one dataset partitioned by
dialect (D112); :class:`Phases` is what the two paths hand the writes.

>>> [f.name for f in struct_type(DATASETS["files"]).fields][:2]
['file', 'dialect']
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import types as T

from analyzer.passes.link_context import ReplicationContext
from analyzer.rows import (
    DATASETS,
    FILE_DATASETS,
    OPTIONAL_DATASETS,
    PARTITION_COLUMNS,
    SCOPE_DATASETS,
    Field,
)
from analyzer.spark import incremental as increment
from analyzer.spark import worker

#: Output files per dataset: one Parquet part per this many input files (at
#: least one), so a small scan does not leave hundreds of tiny parts.
FILES_PER_PART = 5000


_SPARK_TYPES: dict[str, T.DataType] = {
    "string": T.StringType(),
    "int": T.IntegerType(),
    "long": T.LongType(),
    "bool": T.BooleanType(),
}


def struct_type(fields: Sequence[Field]) -> T.StructType:
    """The Spark schema of a dataset defined in :mod:`analyzer.rows`."""
    return T.StructType([T.StructField(f.name, _SPARK_TYPES[f.type], f.nullable) for f in fields])


def record_schema() -> T.StructType:
    """The nested row of one checked file (:data:`analyzer.spark.worker.CheckedRow`): its
    ``files`` row, its ``tables``, ``columns`` and ``diagnostics`` rows, its scope, its
    pickled scope member and its ``indexes`` rows (``scan --indexes``)."""
    return T.StructType(
        [
            T.StructField("file", struct_type(DATASETS["files"]), False),
            *(
                T.StructField(name, T.ArrayType(struct_type(DATASETS[name]), False), False)
                for name in FILE_DATASETS[1:]
            ),
            T.StructField("scope", T.StringType(), False),
            T.StructField("member", T.BinaryType(), False),
            T.StructField(
                "indexes", T.ArrayType(struct_type(OPTIONAL_DATASETS["indexes"]), False), False
            ),
        ]
    )


def output_schema() -> T.StructType:
    """The row a one-pass task emits (:data:`analyzer.spark.worker.OutputRow`): the rows of
    every dataset as arrays, and a file's pickled workload piece."""
    return T.StructType(
        [
            *(
                T.StructField(name, T.ArrayType(struct_type(dataset_fields(name)), False), False)
                for name in worker.OUTPUT_DATASETS
            ),
            T.StructField("workload", T.BinaryType(), True),
        ]
    )


def dataset_fields(dataset: str) -> tuple[Field, ...]:
    return {**DATASETS, **SCOPE_DATASETS, **OPTIONAL_DATASETS}[dataset]


def jvm_frame(spark: SparkSession, rdd: Any, schema: T.StructType) -> DataFrame:
    """A DataFrame of ``rdd``'s rows, already in Spark's internal form (tuples and lists of
    str, int, bool, bytes, None): ``createDataFrame`` without its per-row Python
    conversion, which walks every nested struct of every row again (D111)."""
    jvm: Any = spark.sparkContext._jvm
    session: Any = spark
    jrdd = jvm.SerDeUtil.toJavaArray(rdd._to_java_object_rdd())
    jdf = session._jsparkSession.applySchemaToPythonRDD(jrdd.rdd(), schema.json())
    return DataFrame(jdf, spark)


def _partitioned(dataset: str) -> str | None:
    return PARTITION_COLUMNS.get(dataset)


def write_dataset(
    spark: SparkSession, frame: DataFrame, path: str, dataset: str, parts: int | None = None
) -> None:
    """Write ``frame`` as ``dataset`` under ``path``, partitioned by its dialect (D112);
    ``parts``: coalesce to that many partitions first (None: as they are)."""
    if parts is not None:
        frame = frame.coalesce(parts)
    column = _partitioned(dataset)
    writer = frame.write.mode("overwrite")
    if column is not None:
        writer = writer.partitionBy(column)
    writer.parquet(path)
    if column is not None and not _has_data(spark, path):
        # A partitioned write of no row leaves no Parquet file, and a reader could not
        # tell the schema: an empty dataset is written as one schema-only part instead.
        empty = spark.createDataFrame([], struct_type(dataset_fields(dataset)))
        empty.coalesce(1).write.mode("overwrite").parquet(path)


def _has_data(spark: SparkSession, path: str) -> bool:
    """Whether a Parquet part file was written under ``path`` (any partition)."""
    fs, hpath = increment.hadoop_fs(spark, path)
    files = fs.listFiles(hpath, True)
    while files.hasNext():
        if files.next().getPath().getName().endswith(".parquet"):
            return True
    return False


@dataclass
class Phases:
    """What the two-phase path hands the writes: each dataset's frames, the files it
    settled and analysed, what to write the manifest from, and what to release."""

    frames: dict[str, list[DataFrame]]
    pieces: list[tuple[int, str, ReplicationContext]]
    total: int = 0
    manifest: Any = None
    release: list[Any] = field(default_factory=list)
    early: list[Any] = field(default_factory=list)
    #: The summary's counts when only the one-pass path wrote rows (else counted back).
    counts: dict[tuple[str, str], int] | None = None
    #: Names this run's files (D130: the tasks' parts), unique per run.
    run: str = field(default_factory=lambda: uuid.uuid4().hex)
