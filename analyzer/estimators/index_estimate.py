"""What an index estimator returns: :class:`IndexEstimate`, and the estimator's signature.

The shared piece of index sizing (D145): the dispatcher (:mod:`analyzer.estimators.indexes`)
and every platform's index estimator (``mssql_index``, ``ase_index``, ``teradata_index``,
``hirdb_index``) import it, and nothing here imports them.

>>> from analyzer.ir import QualifiedName
>>> e = IndexEstimate("f.sql", QualifiedName("t"), "hirdb", "ix", "index", False, "create index",
...                   ("a",))
>>> e.pages is None, e.columns
(True, ('a',))
"""

from __future__ import annotations

import typing as t

from analyzer.ir import Diagnostic, QualifiedName, Span, Table
from analyzer.records import record
from analyzer.settings import SizingSettings
from analyzer.worksheet import Worksheet


@record
class IndexEstimate:
    """The size of one index of one table on one platform.

    ``leaf_row_bytes`` / ``leaf_rows_per_page``: the leaf level (for a SQL Server clustered
    index, the data rows); ``index_row_bytes`` / ``index_rows_per_page``: the levels above
    it. Page counts need a row count (``--rows``); ``pages`` = leaf + non-leaf pages and
    ``index_bytes`` their bytes (for a clustered index, the whole table).
    """

    path: str
    table: QualifiedName
    platform: str
    index: str
    kind: str
    unique: bool
    #: Where the index comes from: ``primary key``, ``unique constraint``, ``create index``,
    #: ``table`` (declared with the table).
    source: str
    columns: tuple[str, ...]
    included: tuple[str, ...] = ()
    fill_factor: int | None = None
    leaf_row_bytes: int | None = None
    leaf_rows_per_page: int | None = None
    index_row_bytes: int | None = None
    index_rows_per_page: int | None = None
    rows: int | None = None
    leaf_pages: int | None = None
    nonleaf_levels: int | None = None
    nonleaf_pages: int | None = None
    pages: int | None = None
    index_bytes: int | None = None
    #: The row locator a nonclustered index carries: ``heap RID`` or ``clustering key``.
    row_locator: str | None = None
    worksheets: tuple[Worksheet, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()
    note: str | None = None
    span: Span | None = None


class IndexEstimator(t.Protocol):
    def __call__(
        self,
        table: Table,
        path: str,
        sizing: SizingSettings,
    ) -> tuple[IndexEstimate, ...]: ...
