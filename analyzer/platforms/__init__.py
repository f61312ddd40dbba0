"""Target platforms: how each one stores a column (its sizing factors, per the manuals).

A platform module knows one vendor's storage rules, for types of its own dialect and,
mapped, for the other dialects' types (sizing a SQL Server table as it would be on
Teradata).  It exposes ``column_storage``, that the ``data_length`` pass calls for a
column, and ``storage_key``: everything ``column_storage`` reads of the column and its
table, so that the pass sizes each distinct (key, basis) once per file and gives the
other columns with that key the same answer (a generated corpus has a few hundred
distinct columns among tens of thousands).  A change to what ``column_storage`` reads
must change ``storage_key`` with it (tests/test_passes_speed_identity.py checks the
pair).  The estimators (``analyzer/estimators``) then add the row overhead of the
vendor's procedure.

>>> sorted(PLATFORMS) == sorted(names())
True
>>> Basis(fill=0.5).apply(30)
(15, 'fill 0.5')
>>> Basis(average=14).apply(30)
(14, 'average 14 bytes')
>>> Basis().apply(30)
(30, 'declared maximum')
"""

from __future__ import annotations

import math
import typing as t

from analyzer.ir import Column, ColumnStorage, Table
from analyzer.records import record
from analyzer.settings import SizingSettings


@record
class Basis:
    """How long a variable-length value is taken to be: an average, a fill ratio or the maximum."""

    average: int | None = None
    fill: float | None = None

    def apply(self, max_bytes: int) -> tuple[int, str]:
        """Bytes of a value whose declared maximum is ``max_bytes``, and how they were chosen."""
        if self.average is not None:
            return min(self.average, max_bytes), f"average {self.average} bytes"
        if self.fill is not None:
            return math.ceil(max_bytes * self.fill), f"fill {self.fill:g}"
        return max_bytes, "declared maximum"


@record
class Unsupported:
    """The platform has no such type (or cannot size it); the message names the type."""

    message: str


class ColumnRule(t.Protocol):
    def __call__(
        self, column: Column, table: Table, basis: Basis, settings: SizingSettings
    ) -> ColumnStorage | Unsupported: ...


class StorageKey(t.Protocol):
    """What a platform's ``column_storage`` reads of a column and its table: for any basis
    and settings, columns (and tables) with equal keys are sized alike."""

    def __call__(self, column: Column, table: Table) -> t.Hashable: ...


def _teradata() -> tuple[ColumnRule, StorageKey]:
    from analyzer.platforms import teradata

    return teradata.column_storage, teradata.storage_key


def _hirdb() -> tuple[ColumnRule, StorageKey]:
    from analyzer.platforms import hirdb

    return hirdb.column_storage, hirdb.storage_key


def _mssql() -> tuple[ColumnRule, StorageKey]:
    from analyzer.platforms import mssql

    return mssql.column_storage, mssql.storage_key


def _ase() -> tuple[ColumnRule, StorageKey]:
    from analyzer.platforms import ase

    return ase.column_storage, ase.storage_key


#: platform -> loader of its ``column_storage`` and ``storage_key`` (modules load on first use).
PLATFORMS: dict[str, t.Callable[[], tuple[ColumnRule, StorageKey]]] = {
    "teradata": _teradata,
    "hirdb": _hirdb,
    "mssql": _mssql,
    "ase": _ase,
}


def names() -> tuple[str, ...]:
    return tuple(PLATFORMS)


def column_rule(platform: str) -> ColumnRule:
    """The ``column_storage`` function of ``platform``."""
    return PLATFORMS[platform]()[0]


def storage_key(platform: str) -> StorageKey:
    """The ``storage_key`` function of ``platform`` (what its ``column_storage`` reads)."""
    return PLATFORMS[platform]()[1]
