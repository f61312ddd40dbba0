"""Data length: what each column costs on the target platform (bytes, category, alignment).

The vendor tables live in ``analyzer/platforms/<platform>.py``; this pass picks the
platform (``--platform``, else the table's own dialect's), chooses how long a
variable-length value is taken to be (an average from ``--averages``, else ``--fill``
times the declared maximum, else the maximum: vendors size with averages), and stores
the answer on ``Column.storage``.  A type the platform cannot size becomes an S001
warning naming the column and the type; the rest of the table is still sized.

Teradata: Database Design 16.10, "Row Size Calculation" steps 2-7 and the Data Types
sizing tables; see ``analyzer.platforms.teradata``.  A Teradata column's presence bits
(``analyzer.passes.presence_bits``' rule) are set here too, so that each column is copied
once; the ``presence_bits`` pass then finds them set.

Speed: the pass sizes one column per distinct ``(platform, storage_key, basis)`` of the
file (plus nullability and compression on Teradata, for the presence bits) and gives
every other column with that key the same storage object: ``storage_key`` is everything
the platform's ``column_storage`` reads of the column and its table, and the settings
are the run's (tests/test_passes_speed_identity.py checks both, and the pass against
the plain one).  What is left is copying each column, once.

>>> from analyzer.core import Options, analyze_bytes
>>> from analyzer.settings import SizingSettings
>>> r = analyze_bytes("t.sql", b"CREATE TABLE t (a INTEGER, b VARCHAR(30)) PRIMARY INDEX (a);",
...                    Options(dialect="teradata"))
>>> r = data_length(r, SizingSettings(fill=0.5))
>>> [(c.name, c.storage.data_length, c.storage.basis) for c in r.tables[0].columns]
[('a', 4, 'declared maximum'), ('b', 15, 'fill 0.5')]
"""

from __future__ import annotations

import typing as t
from dataclasses import field

from analyzer.ir import (
    Column,
    ColumnStorage,
    Diagnostic,
    FileResult,
    Severity,
    evolve,
    field_setter,
)
from analyzer.platforms import (
    Basis,
    ColumnRule,
    StorageKey,
    Unsupported,
    column_rule,
    names,
    storage_key,
    teradata,
)
from analyzer.records import record
from analyzer.settings import SizingSettings

Sized = ColumnStorage | Unsupported


#: ``with_storage(column, storage)``: the column with ``storage`` set.
with_storage: t.Callable[[Column, ColumnStorage], Column] = field_setter(Column, "storage")


@record
class StorageMemo:
    """What :func:`data_length` answered for the earlier files of one run, by platform and
    key: a run sizes every file with one ``sizing``, and an answer depends only on the key
    and the settings, so the files of a run share them (the lint's many small files each
    sized a column of every common type again).  Used only under the same settings."""

    sizing: SizingSettings
    sized: dict[str, dict[t.Hashable, Sized]] = field(default_factory=dict)


def data_length(
    result: FileResult,
    sizing: SizingSettings | None = None,
    storage_memo: StorageMemo | None = None,
) -> FileResult:
    """Set ``Column.storage`` for every column of every table (IR in, IR out).

    ``storage_memo``: answers shared with the run's other files (:class:`StorageMemo`)."""
    sizing = sizing or SizingSettings()
    plain = Basis(None, sizing.fill)
    averages = bool(sizing.averages)
    tables = []
    diagnostics = list(result.diagnostics)
    known = names()
    # platform -> {key: what its rule answered}; the key is the platform's storage_key,
    # the basis when averages make it differ between columns (else it is ``plain``, the
    # settings' fill), and on Teradata nullability and compression (the presence bits
    # set here).
    sized: dict[str, dict[t.Hashable, Sized]] = {}
    if storage_memo is not None and (
        storage_memo.sizing is sizing or storage_memo.sizing == sizing
    ):
        sized = storage_memo.sized
    # dialect -> (its platform's rule, storage key, presence bits?, memo), found once a
    # file; None: a platform ddlaudit cannot size.
    by_dialect: dict[str, tuple[ColumnRule, StorageKey, bool, dict[t.Hashable, Sized]] | None]
    by_dialect = {}
    for table in result.tables:
        dialect = table.dialect
        if dialect in by_dialect:
            how = by_dialect[dialect]
        else:
            platform = sizing.platform_for(dialect)
            how = by_dialect[dialect] = (
                (
                    column_rule(platform),
                    storage_key(platform),
                    platform == "teradata",
                    sized.setdefault(platform, {}),
                )
                if platform in known
                else None
            )
        if how is None:
            platform = sizing.platform_for(dialect)
            diagnostics.append(
                Diagnostic(
                    "S003",
                    Severity.WARNING,
                    f"table {table.name.name}: ddlaudit cannot size tables for "
                    f"platform {platform!r} yet",
                    table.span,
                )
            )
            tables.append(table)
            continue
        rule, key_of, presence, memo = how
        columns = []
        for column in table.columns:
            computed = column.computed
            if computed is not None and not computed.persisted:
                columns.append(column)  # virtual: not stored
                continue
            basis = (
                Basis(sizing.average(table.name.name, column.name), sizing.fill)
                if averages
                else plain  # no --averages: one Basis serves every column
            )
            storage: Sized | None
            if computed is not None and not column.type.declared.strip():
                # A persisted computed column's type comes from its expression, which
                # ddlaudit does not evaluate: say so on every platform, in one place.
                storage = Unsupported("the type of a persisted computed column is not declared")
            elif not column.type.declared and column.type.family == "other":
                # a derived table's column its query does not type (P009, issue 31)
                storage = Unsupported("its type is not known (a derived column not typed: P009)")
            else:
                key: t.Hashable = key_of(column, table)
                if presence:
                    key = (key, column.nullable, column.compression)
                if averages:
                    key = (key, basis)
                storage = memo.get(key)
                if storage is None:
                    storage = rule(column, table, basis, sizing)
                    if presence and isinstance(storage, ColumnStorage):
                        storage = with_presence_bits(storage, column)
                    memo[key] = storage
            if isinstance(storage, Unsupported):
                diagnostics.append(
                    Diagnostic(
                        "S001",
                        Severity.WARNING,
                        f"column {table.name.name}.{column.name}: {storage.message}; "
                        "the rest of the table is sized without it",
                        column.span,
                    )
                )
                columns.append(column)
            else:
                columns.append(with_storage(column, storage))
        tables.append(evolve(table, columns=tuple(columns)))
    return evolve(result, tables=tuple(tables), diagnostics=tuple(diagnostics))


def with_presence_bits(storage: ColumnStorage, column: Column) -> ColumnStorage:
    """``storage`` with the presence and compress bits ``column`` needs, when Teradata's
    (the ``presence_bits`` pass's rule, :func:`analyzer.platforms.teradata.presence_bits`)."""
    if storage.platform != "teradata":
        return storage
    bits, compress = teradata.presence_bits(column)
    if storage.presence_bits == bits and storage.compress_bits == compress:
        return storage
    return evolve(storage, presence_bits=bits, compress_bits=compress)
