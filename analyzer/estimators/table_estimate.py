"""What a table estimator returns: a :class:`TableEstimate` and its figures
(:class:`Figure`), and the estimator's signature (:class:`Estimator`).

The shared piece of table sizing (D145): :mod:`analyzer.estimators` (which picks the
estimator of a platform) and every platform's estimator (``mssql``, ``ase``, ``teradata``,
``hirdb``) import it, and nothing here imports them.

>>> from analyzer.ir import QualifiedName
>>> e = TableEstimate("f.sql", QualifiedName("t"), "tsql", "mssql", 19, 19,
...                   figures=(Figure("row_bytes", 19),))
>>> e.figures[0].unit, e.pages
('bytes', None)
"""

from __future__ import annotations

import typing as t

from analyzer.ir import Diagnostic, QualifiedName, Table
from analyzer.records import record
from analyzer.settings import SizingSettings
from analyzer.worksheet import Worksheet


@record
class Figure:
    """A named result (``row_bytes``, ``pages``, ...), its unit and the worksheet behind it."""

    name: str
    value: int | float
    unit: str = "bytes"
    worksheet: str | None = None


@record
class TableEstimate:
    """The sizing of one table on one platform.

    ``row_bytes`` is the headline row size (with the run's fill/averages);
    ``max_row_bytes`` the row at every column's declared maximum, checked against
    ``row_limit``. ``pages`` and ``table_bytes`` need a row count (``--rows``).
    """

    path: str
    table: QualifiedName
    dialect: str
    platform: str
    row_bytes: int
    max_row_bytes: int
    row_limit: int | None = None
    rows: int | None = None
    rows_per_page: int | None = None
    pages: int | None = None
    table_bytes: int | None = None
    figures: tuple[Figure, ...] = ()
    worksheets: tuple[Worksheet, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()
    #: Set when a figure comes from a reconstructed (not vendor-printed) formula.
    reconstruction: str | None = None


class Estimator(t.Protocol):
    """``estimate(table, path, sizing, explain)``: ``explain=False`` asks for the figures
    and diagnostics only; an estimator then leaves out the worksheets it can do without
    (Teradata, ASE and HiRDB: their row worksheets; SQL Server: the row at its declared
    maximums), the others are made either way."""

    def __call__(
        self, table: Table, path: str, sizing: SizingSettings, explain: bool = True
    ) -> TableEstimate: ...
