"""What a scan wrote, counted: :class:`ScanSummary` and :func:`summarise`.

The counts come from the one-pass cache when only that path wrote rows, else from the written
datasets, read back in one Spark job.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from functools import reduce
from typing import Any

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from analyzer.records import record
from analyzer.rows import (
    DATASETS,
)
from analyzer.spark.writing import dataset_fields, struct_type


@record
class ScanSummary:
    """What a scan wrote, counted back from the written Parquet datasets."""

    files: int
    tables: int
    columns: int
    errors: int
    warnings: int
    infos: int
    files_failed: int
    seconds: float
    out: str
    datasets: tuple[tuple[str, str], ...] = field(default=())
    #: ``findings`` rows by severity (not part of the exit status: ``lint`` decides that).
    finding_errors: int = 0
    finding_warnings: int = 0
    finding_infos: int = 0
    #: The schema graphs of the scopes: ``nodes`` rows, resolved and unresolved ``edges``.
    nodes: int = 0
    edges: int = 0
    unresolved: int = 0
    #: ``scan --incremental``: files phase 1 analysed in this run (the others reused).
    reanalysed: int | None = None
    #: ``scan --indexes``: the ``indexes`` rows (None: the dataset was not asked for).
    indexes: int | None = None

    @property
    def diagnostics(self) -> int:
        """All diagnostic rows."""
        return self.errors + self.warnings + self.infos

    @property
    def findings(self) -> int:
        """All ``findings`` rows."""
        return self.finding_errors + self.finding_warnings + self.finding_infos

    def path(self, dataset: str) -> str:
        """Where ``dataset`` (a key of :data:`analyzer.rows.DATASETS`) was written."""
        return dict(self.datasets)[dataset]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (for ``--format json`` style output and logs)."""
        return {
            "files": self.files,
            "tables": self.tables,
            "columns": self.columns,
            "diagnostics": {"error": self.errors, "warning": self.warnings, "info": self.infos},
            "findings": {
                "error": self.finding_errors,
                "warning": self.finding_warnings,
                "info": self.finding_infos,
            },
            "graph": {"nodes": self.nodes, "edges": self.edges, "unresolved": self.unresolved},
            "files_failed": self.files_failed,
            "seconds": round(self.seconds, 3),
            "out": self.out,
            "datasets": dict(self.datasets),
            **({} if self.reanalysed is None else {"reanalysed": self.reanalysed}),
            **({} if self.indexes is None else {"indexes": self.indexes}),
        }

    def render(self) -> str:
        """The human summary ``ddlaudit scan`` prints.

        >>> print(ScanSummary(3, 5, 40, 1, 2, 0, 1, 12.5, "out/scan",
        ...                   (("tables", "out/scan/tables"),), 0, 4, 1, 6, 3, 1).render())
        scanned 3 files in 12.5 s: 5 tables, 40 columns
        diagnostics: 1 error, 2 warnings, 0 infos; 1 file with errors
        findings: 0 errors, 4 warnings, 1 info
        graph: 6 nodes, 3 edges (1 unresolved)
        wrote out/scan: tables
        """

        def n(count: int, word: str) -> str:
            return f"{count} {word}{'' if count == 1 else 's'}"

        return "\n".join(
            [
                f"scanned {n(self.files, 'file')} in {self.seconds:.1f} s: "
                f"{n(self.tables, 'table')}, {n(self.columns, 'column')}",
                f"diagnostics: {n(self.errors, 'error')}, {n(self.warnings, 'warning')}, "
                f"{n(self.infos, 'info')}; {n(self.files_failed, 'file')} with errors",
                f"findings: {n(self.finding_errors, 'error')}, "
                f"{n(self.finding_warnings, 'warning')}, {n(self.finding_infos, 'info')}",
                f"graph: {n(self.nodes, 'node')}, {n(self.edges, 'edge')} "
                f"({self.unresolved} unresolved)",
                *([] if self.indexes is None else [f"indexes: {n(self.indexes, 'row')}"]),
                f"wrote {self.out}: {', '.join(name for name, _ in self.datasets)}",
                *(
                    []
                    if self.reanalysed is None
                    else [
                        f"incremental: {n(self.reanalysed, 'file')} analysed, "
                        f"{self.files - self.reanalysed} reused"
                    ]
                ),
            ]
        )


def _read(spark: SparkSession, written: dict[str, str], name: str) -> DataFrame:
    # The schema is known: reading it from the footers would be one more Spark job.
    return spark.read.schema(struct_type(dataset_fields(name))).parquet(written[name])


def _counted_by(dataset: str) -> Any:
    """What the summary counts a dataset's rows by (a Spark column)."""
    if dataset == "files":
        return F.when(F.col("ok"), "ok").otherwise("failed")
    if dataset in ("diagnostics", "findings"):
        return F.col("severity")
    if dataset == "edges":
        return F.when(F.col("resolved"), "resolved").otherwise("unresolved")
    return F.lit("")


def summarise(
    sql: Callable[[], SparkSession],
    written: dict[str, str],
    out: str,
    seconds: float,
    counts: dict[tuple[str, str], int] | None = None,
) -> ScanSummary:
    """The summary: ``counts`` (the one-pass rows, counted from the cache) or counted back
    from the written datasets, in one Spark job."""
    if counts is None:
        spark = sql()
        frame = reduce(
            DataFrame.unionByName,
            (
                _read(spark, written, name).select(
                    F.lit(name).alias("dataset"), _counted_by(name).alias("value")
                )
                for name in (*DATASETS, *(["indexes"] if "indexes" in written else []))
            ),
        )
        counts = {
            (row["dataset"], row["value"]): int(row["count"])
            for row in frame.groupBy("dataset", "value").count().collect()
        }

    def n(dataset: str, value: str | None = None) -> int:
        return sum(c for (d, v), c in counts.items() if d == dataset and value in (None, v))

    return ScanSummary(
        files=n("files"),
        tables=n("tables"),
        columns=n("columns"),
        errors=n("diagnostics", "error"),
        warnings=n("diagnostics", "warning"),
        infos=n("diagnostics", "info"),
        files_failed=n("files", "failed"),
        seconds=seconds,
        out=out,
        datasets=tuple(written.items()),
        finding_errors=n("findings", "error"),
        finding_warnings=n("findings", "warning"),
        finding_infos=n("findings", "info"),
        nodes=n("nodes"),
        edges=n("edges"),
        unresolved=n("edges", "unresolved"),
        indexes=n("indexes") if "indexes" in written else None,
    )
