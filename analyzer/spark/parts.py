"""Tasks that write their own Parquet parts: the one-pass rows never reach the JVM (D130).

A one-pass task (:class:`analyzer.spark.worker.OnePass`) produces the rows of every dataset
in Python. Handing them to the JVM cost more CPU than the analysis saved by a second core
(conversion, cache, Parquet encoding: docs/spark.md), so on a filesystem every task sees
(a local path: one machine, or a shared mount) each task writes its rows itself with
pyarrow, in the layout Spark's ``partitionBy`` writer gives, and returns only counts:

    OUT/<dataset>/<column>=<value>/part-<task>-<run>.snappy.parquet
    OUT/<dataset>/_SUCCESS

``<column>`` is the dataset's partition column (``rows.PARTITION_COLUMNS``), left out of
the files as Spark leaves it; a null value is ``__HIVE_DEFAULT_PARTITION__``. Each file
carries Spark's own schema metadata (``org.apache.spark.sql.parquet.row.metadata``), so a
reader sees the types the JVM writer gives. A task writes under hidden names (a leading
``.``, which Spark's and pyarrow's readers skip) and renames its files when it has finished:
a failed attempt leaves nothing a reader takes, a retried one replaces the same names.

>>> from analyzer.rows import DATASETS
>>> spark_metadata(DATASETS["edges"][:2])
'{"type":"struct","fields":[{"name":"file","type":"string","nullable":false,"metadata":{}},{"name":"scope","type":"string","nullable":false,"metadata":{}}]}'
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from analyzer.records import record
from analyzer.rows import DATASETS, OPTIONAL_DATASETS, PARTITION_COLUMNS, SCOPE_DATASETS, Field, Row

if TYPE_CHECKING:
    from analyzer.spark.worker import OnePass, PackScope

#: Spark's names of the simple types (``DataType.typeName``), for the schema metadata.
_SPARK_NAMES = {"string": "string", "int": "integer", "long": "long", "bool": "boolean"}

#: The key under which Spark's Parquet writer stores the row schema, as JSON.
SPARK_METADATA_KEY = "org.apache.spark.sql.parquet.row.metadata"

#: A partition directory's value for null (Hive's, as Spark writes it).
NULL_PARTITION = "__HIVE_DEFAULT_PARTITION__"

#: Rows a task buffers per dataset and partition before writing them as a row group:
#: memory stays bounded by this, not by the task's input.
ROW_GROUP = 20_000

#: What one task reports to the driver: rows counted by the summary's keys
#: (``summary._counted_by``), and the pickled workload pieces of its files.
TaskReport = tuple[dict[tuple[str, str], int], list[bytes]]


def fields_of(dataset: str) -> tuple[Field, ...]:
    return {**DATASETS, **SCOPE_DATASETS, **OPTIONAL_DATASETS}[dataset]


def spark_metadata(fields: Sequence[Field]) -> str:
    """The JSON Spark's writer stores as the row schema of ``fields`` (what
    ``StructType.json()`` gives for :func:`analyzer.spark.writing.struct_type`)."""
    return json.dumps(
        {
            "type": "struct",
            "fields": [
                {
                    "name": f.name,
                    "type": _SPARK_NAMES[f.type],
                    "nullable": f.nullable,
                    "metadata": {},
                }
                for f in fields
            ],
        },
        separators=(",", ":"),
    )


def escape_partition(value: object) -> str:
    """A partition value as Spark spells it in a directory name (``escapePathName``:
    ``%XX`` for control characters and ``"#%'*/:=?\\{[]^``; null: Hive's default).

    >>> escape_partition("tsql"), escape_partition(None), escape_partition("a/b=c")
    ('tsql', '__HIVE_DEFAULT_PARTITION__', 'a%2Fb%3Dc')
    """
    if value is None or value == "":
        return NULL_PARTITION
    text = str(value)
    return "".join(
        f"%{ord(c):02X}" if ord(c) < 0x20 or c in "\"#%'*/:=?\\\x7f{[]^" else c for c in text
    )


def _arrow_schema(fields: Sequence[Field], metadata: str) -> Any:
    import pyarrow as pa

    types = {"string": pa.string(), "int": pa.int32(), "long": pa.int64(), "bool": pa.bool_()}
    return pa.schema(
        [pa.field(f.name, types[f.type], f.nullable) for f in fields],
        metadata={SPARK_METADATA_KEY: metadata},
    )


class _Dataset:
    """One dataset's files in one task: its schema without the partition column, and the
    open writer of each partition value with its buffered rows."""

    def __init__(self, out: str, name: str, tag: str) -> None:
        fields = fields_of(name)
        column = PARTITION_COLUMNS.get(name)
        self.root = os.path.join(out, name)
        self.column = column
        self.at = next((i for i, f in enumerate(fields) if f.name == column), None)
        kept = tuple(f for f in fields if f.name != column)
        self.schema = _arrow_schema(kept, spark_metadata(kept))
        self.file = f"part-{tag}.snappy.parquet"
        self.rows: dict[str, list[Row]] = {}
        self.writers: dict[str, Any] = {}
        #: Partition values seen, escaped (a handful of dialects).
        self.names: dict[object, str] = {}

    def add(self, rows: Iterable[Row]) -> None:
        at = self.at
        names = self.names
        for row in rows:
            if at is None:
                key = NULL_PARTITION
            else:
                value = row[at]
                key = names.get(value) or names.setdefault(value, escape_partition(value))
            found = self.rows.setdefault(key, [])
            found.append(row if at is None else row[:at] + row[at + 1 :])
            if len(found) >= ROW_GROUP:
                self._flush(key)

    def _where(self, key: str, hidden: bool) -> str:
        folder = (
            self.root if self.column is None else os.path.join(self.root, f"{self.column}={key}")
        )
        return os.path.join(folder, f".{self.file}.tmp" if hidden else self.file)

    def _flush(self, key: str) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        rows = self.rows.pop(key, [])
        if not rows:
            return
        columns = list(zip(*rows, strict=True))
        table = pa.Table.from_arrays(
            [pa.array(c, type=f.type) for c, f in zip(columns, self.schema, strict=True)],
            schema=self.schema,
        )
        writer = self.writers.get(key)
        if writer is None:
            path = self._where(key, hidden=True)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            writer = self.writers[key] = pq.ParquetWriter(path, self.schema, compression="snappy")
        writer.write_table(table, row_group_size=ROW_GROUP)

    def close(self) -> None:
        for key in list(self.rows):
            self._flush(key)
        for key, writer in self.writers.items():
            writer.close()
            os.replace(self._where(key, hidden=True), self._where(key, hidden=False))

    def abort(self) -> None:
        for key, writer in self.writers.items():
            try:
                writer.close()
            finally:
                with contextlib.suppress(OSError):
                    os.remove(self._where(key, hidden=True))


class PartWriter:
    """The Parquet parts of one task (``tag``: its partition and the run), one file per
    dataset and partition value, under ``out``."""

    def __init__(self, out: str, tag: str) -> None:
        self.out = out
        self.tag = tag
        self.datasets: dict[str, _Dataset] = {}

    def add(self, name: str, rows: Sequence[Row]) -> None:
        if rows:
            found = self.datasets.get(name)
            if found is None:
                found = self.datasets[name] = _Dataset(self.out, name, self.tag)
            found.add(rows)

    def close(self) -> None:
        for found in self.datasets.values():
            found.close()

    def abort(self) -> None:
        for found in self.datasets.values():
            found.abort()


def count_rows(name: str, rows: Sequence[Row], counts: Counter[tuple[str, str]]) -> None:
    """Add ``rows`` of ``name`` to ``counts`` by the summary's keys (``summary._counted_by``):
    files by ok/failed, diagnostics and findings by severity, edges by resolved."""
    if not rows:
        return
    if name in ("files", "edges", "diagnostics", "findings"):
        column = {"files": "ok", "edges": "resolved"}.get(name, "severity")
        at = [f.name for f in fields_of(name)].index(column)
        if name == "files":
            counts.update(("files", "ok" if r[at] else "failed") for r in rows)
        elif name == "edges":
            counts.update(("edges", "resolved" if r[at] else "unresolved") for r in rows)
        else:
            counts.update((name, str(r[at])) for r in rows)
    else:
        counts[(name, "")] += len(rows)


@record
class WritingPass:
    """A one-pass task that writes its rows under ``out`` (D130): Spark's
    ``mapPartitionsWithIndex`` calls it with the partition's index and its packs; it yields
    one :data:`TaskReport`."""

    task: OnePass
    datasets: tuple[str, ...]
    out: str
    run: str

    def __call__(self, index: int, packs: Iterable[Sequence[PackScope]]) -> Iterator[TaskReport]:
        from analyzer.spark.worker import OUTPUT_DATASETS

        parts = PartWriter(self.out, f"{index:05d}-{self.run}")
        counts: Counter[tuple[str, str]] = Counter()
        pieces: list[bytes] = []
        wanted = tuple(n in self.datasets for n in OUTPUT_DATASETS)
        try:
            for row in self.task(packs):
                *datasets, piece = row
                for name, keep, rows in zip(OUTPUT_DATASETS, wanted, datasets, strict=True):
                    if keep and rows:
                        parts.add(name, rows)
                        count_rows(name, rows, counts)
                if piece is not None:
                    pieces.append(piece)
            parts.close()
        except BaseException:
            parts.abort()
            raise
        yield dict(counts), pieces


def clear(out: str, datasets: Iterable[str]) -> None:
    """Remove what an earlier run left of ``datasets`` under ``out`` (the writer's
    overwrite), before the tasks write."""
    for name in datasets:
        shutil.rmtree(os.path.join(out, name), ignore_errors=True)


def write_rows(out: str, name: str, rows: Sequence[Row], tag: str) -> None:
    """Write ``rows`` of ``name`` from the driver (the workload's own findings)."""
    parts = PartWriter(out, tag)
    try:
        parts.add(name, rows)
        parts.close()
    except BaseException:
        parts.abort()
        raise


def finish(out: str, datasets: Iterable[str]) -> None:
    """Mark each dataset written (``_SUCCESS``, as Spark's committer does); a dataset no task
    wrote a row of gets one schema-only file with every column, unpartitioned, as the JVM
    writer's empty dataset (D112)."""
    import pyarrow.parquet as pq

    for name in datasets:
        root = os.path.join(out, name)
        os.makedirs(root, exist_ok=True)
        if not any(
            f.endswith(".parquet") and not f.startswith(".")
            for _, _, fs in os.walk(root)
            for f in fs
        ):
            fields = fields_of(name)
            schema = _arrow_schema(fields, spark_metadata(fields))
            pq.write_table(
                schema.empty_table(), os.path.join(root, "part-00000-empty.snappy.parquet")
            )
        with open(os.path.join(root, "_SUCCESS"), "wb"):
            pass
