"""Index sizing (``ddlaudit size --indexes``): one :class:`IndexEstimate` per index.

Each platform sizes its indexes by its own procedure (docs/estimators/):

* SQL Server (:mod:`analyzer.estimators.mssql_index`): "Estimate the Size of a Clustered
  Index" and "Estimate the Size of a Nonclustered Index";
* Sybase ASE (:mod:`analyzer.estimators.ase_index`): Performance and Tuning, "Calculating
  table and clustered index sizes for allpages-locked tables", steps 3-5 and 7-12, and
  "Calculating the sizes of data-only-locked tables", steps 4-8;
* Teradata (:mod:`analyzer.estimators.teradata_index`): Database Design, "Sizing a Unique
  Secondary Index Subtable" and "Sizing a Nonunique Secondary Index Subtable" (with the
  distinct values and AMPs of ``[size.teradata]``, else the rowID part as a lower bound);
* HiRDB (:mod:`analyzer.estimators.hirdb_index`): listed, not sized (the formulas are not
  in the sources at hand);

Which indexes a table has: those created by ``CREATE INDEX`` (lowered into the table by the
link pass, D76) and those its PRIMARY KEY and UNIQUE constraints imply, per platform (D107;
for SQL Server and ASE :mod:`analyzer.estimators.index_specs`).  The platform modules load on
first use and import the result type from :mod:`analyzer.estimators.index_estimate`, not from
here, so that nothing imports in a circle (D145).

>>> from analyzer.core import Options, analyze_bytes
>>> from analyzer import passes
>>> from analyzer.settings import SizingSettings
>>> s = SizingSettings(rows=1_000_000)
>>> ddl = b"CREATE TABLE t (id int NOT NULL PRIMARY KEY, code char(8) NOT NULL UNIQUE)"
>>> r = passes.run(passes.run(analyze_bytes("t.sql", ddl, Options(dialect="tsql"))),
...                passes.SIZING_RULES, sizing=s)
>>> [(e.index, e.kind, e.leaf_row_bytes, e.pages) for e in estimate_indexes(r, s)]
[('primary key', 'clustered', 19, 2604), ('unique', 'nonclustered', 16, 2234)]
"""

from __future__ import annotations

import typing as t
from dataclasses import replace

from analyzer.estimators.index_estimate import IndexEstimate, IndexEstimator
from analyzer.ir import FileResult, Index
from analyzer.settings import SizingSettings

__all__ = [
    "INDEX_ESTIMATORS",
    "IndexEstimate",
    "IndexEstimator",
    "estimate_indexes",
    "file_indexes",
    "platforms",
]


def _mssql() -> IndexEstimator:
    from analyzer.estimators import mssql_index

    return mssql_index.estimate


def _ase() -> IndexEstimator:
    from analyzer.estimators import ase_index

    return ase_index.estimate


def _hirdb() -> IndexEstimator:
    from analyzer.estimators import hirdb_index

    return hirdb_index.estimate


def _teradata() -> IndexEstimator:
    from analyzer.estimators import teradata_index

    return teradata_index.estimate


#: platform -> loader of its index estimator (modules load on first use).
INDEX_ESTIMATORS: dict[str, t.Callable[[], IndexEstimator]] = {
    "mssql": _mssql,
    "ase": _ase,
    "teradata": _teradata,
    "hirdb": _hirdb,
}


def estimate_indexes(result: FileResult, sizing: SizingSettings) -> tuple[IndexEstimate, ...]:
    """Every index of every table of ``result`` (already through the sizing passes)."""
    out: list[IndexEstimate] = []
    # HiRDB's CREATE INDEX stays in the file (FileResult.indexes): give it to its table
    own: dict[str, list[Index]] = {}
    for ix in result.indexes:
        if ix.table is not None:
            own.setdefault(ix.table.name.lower(), []).append(ix)
    for table in result.tables:
        loader = INDEX_ESTIMATORS.get(sizing.platform_for(table.dialect))
        if loader is None:
            continue
        extra = tuple(x for x in own.get(table.name.name.lower(), ()) if x not in table.indexes)
        if extra:
            table = replace(table, indexes=table.indexes + extra)
        out.extend(loader()(table, result.path, sizing))
    return tuple(out)


def file_indexes(result: FileResult, sizing: SizingSettings) -> tuple[IndexEstimate, ...]:
    """What ``ddlaudit size --indexes`` reports for one file (after the sizing passes,
    with the scope's links applied): everything comes from the IR (SQL Server ``INCLUDE``
    columns are ``Index.included``, schema 1.5), so a Spark task reads no file again.
    ``analyzer.rows.index_rows`` of the result is the ``indexes`` dataset."""
    return estimate_indexes(result, sizing)


def platforms() -> tuple[str, ...]:
    """The platforms whose indexes are sized."""
    return tuple(INDEX_ESTIMATORS)
