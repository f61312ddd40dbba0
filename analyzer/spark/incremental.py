"""``scan --incremental``: reuse the phase-1 analysis of files whose bytes did not change.

Each incremental scan writes ``out/manifest`` (one row per file: its reported path,
scope, sha256 of its bytes, size, the run key, whether this run analysed it, and its
pickled phase-1 result, :class:`analyzer.spark.worker.Analysed`).  The next incremental
scan into the same ``--out`` hashes the listed files on the driver and hands Spark only
the files that are new or whose hash or scope changed; the others' phase-1 results come
back from the manifest.  Phase 2 and the scope step then run over every file as in a
full scan: a changed file can change another file's rows and findings in its scope
(alias types, keys, replication definitions it defines are linked into the others), and
re-running them from the stored parse is cheap next to parsing.  The datasets are
therefore those of a full scan (``files.analysis_ms`` of a reused file is the time its
earlier analysis took).  See docs/spark.md, D95.

The run key (ddlaudit's version, the options and config, the phase-1 rules) guards the
reuse: a scan with another key re-analyses every file.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from pyspark.sql import SparkSession
from pyspark.sql import types as T

from analyzer import __version__
from analyzer.core import Options
from analyzer.ir import SCHEMA_VERSION
from analyzer.records import record
from analyzer.rules.registry import Rule
from analyzer.spark.worker import Analysed

#: The manifest's directory under ``--out``, and the one a scan writes before the swap.
MANIFEST = "manifest"
_NEXT = "_manifest.next"

MANIFEST_SCHEMA = T.StructType(
    [
        T.StructField("file", T.StringType(), False),
        T.StructField("scope", T.StringType(), False),
        T.StructField("sha256", T.StringType(), True),
        T.StructField("bytes", T.LongType(), True),
        T.StructField("run_key", T.StringType(), False),
        T.StructField("analysed", T.BooleanType(), False),
        T.StructField("state", T.BinaryType(), False),
    ]
)


def run_key(options: Options, rules: Sequence[Rule]) -> str:
    """What phase 1 depends on besides a file's bytes: a changed key reuses nothing (the
    IR's schema version too: a stored parse of an older IR lacks the newer fields)."""
    parts = (__version__, SCHEMA_VERSION, repr(options), tuple(sorted(r.code for r in rules)))
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()[:32]


def sha256_of(path: str) -> str | None:
    """The sha256 of a local file's bytes; None when it cannot be read (re-analysed)."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def _hadoop_fs(spark: SparkSession, path: str) -> tuple[Any, Any]:
    jvm: Any = spark.sparkContext._jvm
    hpath = jvm.org.apache.hadoop.fs.Path(path)
    return hpath.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration()), hpath


#: The Hadoop FileSystem and Path of ``path`` (local, ``hdfs://`` ...).
hadoop_fs = _hadoop_fs


def exists(spark: SparkSession, path: str) -> bool:
    fs, hpath = _hadoop_fs(spark, path)
    return bool(fs.exists(hpath))


@record
class Plan:
    """What an incremental scan reuses: reported path -> sha256 of every listed local
    file, and the files whose phase-1 result comes from the previous manifest."""

    key: str
    hashes: dict[str, str | None]
    reuse: frozenset[str]
    previous: str | None  # the previous manifest's path, when one is reused

    def next_path(self, out: str) -> str:
        return f"{out}/{_NEXT}"


def plan(
    spark: SparkSession,
    out: str,
    local: Sequence[tuple[str, str]],
    scopes: dict[str, tuple[str, int]],
    key: str,
) -> Plan:
    """Hash the listed local files and find those the previous manifest can stand for
    (same hash, same scope, same run key)."""
    hashes = {shown: sha256_of(absolute) for absolute, shown in local}
    path = f"{out}/{MANIFEST}"
    if not exists(spark, path):
        return Plan(key, hashes, frozenset(), None)
    old = {
        str(r["file"]): (str(r["scope"]), r["sha256"])
        for r in spark.read.schema(MANIFEST_SCHEMA)
        .parquet(path)
        .where(f"run_key = '{key}'")
        .select("file", "scope", "sha256")
        .collect()
    }
    reuse = frozenset(
        shown
        for shown, digest in hashes.items()
        if digest is not None and old.get(shown) == (scopes.get(shown, ("", 0))[0], digest)
    )
    return Plan(key, hashes, reuse, path if reuse else None)


@record
class Reused:
    """Unpickles a manifest row's phase-1 result, keeping it only for a reused file, and
    gives it its place in this run's listing (a Broadcast of {path: (scope, order)})."""

    reuse: Any  # Broadcast of the reused paths
    places: Any

    def __call__(self, rows: Iterable[Any]) -> Iterable[Analysed]:
        reuse, places = self.reuse.value, self.places.value
        for row in rows:
            if row[0] in reuse:
                analysed: Analysed = pickle.loads(bytes(row[1]))
                yield replace(analysed, order=int(places.get(row[0], ("", 0))[1]))


@record
class ManifestRow:
    """One manifest row of a phase-1 item (in the tasks): path, scope, hash, size, key,
    whether this run analysed it, and the pickled item."""

    hashes: Any  # Broadcast of {path: sha256}
    reuse: Any  # Broadcast of the reused paths
    key: str

    def __call__(self, analysed: Analysed) -> tuple[Any, ...]:
        path = analysed.result.path
        return (
            path,
            analysed.prepared.scope,
            self.hashes.value.get(path),
            analysed.size,
            self.key,
            path not in self.reuse.value,
            pickle.dumps(analysed, pickle.HIGHEST_PROTOCOL),
        )


def swap(spark: SparkSession, out: str) -> None:
    """Replace the previous manifest by the one this scan wrote (after every write, so
    the reused rows were read from the old one first)."""
    fs, new = _hadoop_fs(spark, f"{out}/{_NEXT}")
    _, final = _hadoop_fs(spark, f"{out}/{MANIFEST}")
    if fs.exists(final):
        fs.delete(final, True)
    fs.rename(new, final)
