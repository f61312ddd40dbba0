"""Estimators: row sizes, rows per page or block, and table sizes, per vendor procedure.

An estimator reads a table whose columns the sizing passes have annotated
(``Column.storage``) and fills the vendor's worksheet (:mod:`analyzer.worksheet`).
One module per platform; :data:`ESTIMATORS` lists them and :func:`estimate_file`
applies the right one to every table of a file.  The platform modules load on first use
and import what they return from :mod:`analyzer.estimators.table_estimate`, not from here,
so that nothing imports in a circle (D145).

>>> from analyzer.core import Options, analyze_bytes
>>> from analyzer import passes
>>> from analyzer.settings import SizingSettings
>>> ddl = (b"CREATE TABLE t (a INTEGER NOT NULL, b CHAR(20) NOT NULL, c VARCHAR(30))"
...        b" UNIQUE PRIMARY INDEX (a);")
>>> r = passes.run(analyze_bytes("t.sql", ddl, Options(dialect="teradata")))
>>> s = SizingSettings()
>>> est = estimate_file(passes.run(r, passes.SIZING_RULES, sizing=s), s)
>>> est[0].platform, est[0].row_bytes
('teradata', 72)
"""

from __future__ import annotations

import typing as t

from analyzer.estimators.table_estimate import Estimator, Figure, TableEstimate
from analyzer.ir import FileResult
from analyzer.settings import SizingSettings

__all__ = ["ESTIMATORS", "Estimator", "Figure", "TableEstimate", "estimate_file"]


def _teradata() -> Estimator:
    from analyzer.estimators import teradata

    return teradata.estimate


def _mssql() -> Estimator:
    from analyzer.estimators import mssql

    return mssql.estimate


def _ase() -> Estimator:
    from analyzer.estimators import ase

    return ase.estimate


def _hirdb() -> Estimator:
    from analyzer.estimators import hirdb

    return hirdb.estimate


#: platform -> loader of its estimator (modules load on first use).
ESTIMATORS: dict[str, t.Callable[[], Estimator]] = {
    "teradata": _teradata,
    "hirdb": _hirdb,
    "mssql": _mssql,
    "ase": _ase,
}


def estimate_file(
    result: FileResult, sizing: SizingSettings, explain: bool = True
) -> tuple[TableEstimate, ...]:
    """Estimate every table of ``result`` (already through the sizing passes).

    Tables of a platform without an estimator are left out; the ``data_length`` pass
    has already said so with an S003 diagnostic.  ``explain=False``: the figures and
    diagnostics are what matter, not the worksheets (:class:`Estimator`).
    """
    out = []
    # dialect -> its estimator (None: none for its platform), looked up once a file
    found: dict[str, Estimator | None] = {}
    for table in result.tables:
        dialect = table.dialect
        if dialect in found:
            estimator = found[dialect]
        else:
            loader = ESTIMATORS.get(sizing.platform_for(dialect))
            estimator = found[dialect] = loader() if loader is not None else None
        if estimator is not None:
            out.append(estimator(table, result.path, sizing, explain))
    return tuple(out)
