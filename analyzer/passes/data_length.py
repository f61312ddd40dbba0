"""Data length: what each column costs on the target platform (bytes, category, alignment).

The vendor tables live in ``analyzer/platforms/<platform>.py``; this pass picks the
platform (``--platform``, else the table's own dialect's), chooses how long a
variable-length value is taken to be (an average from ``--averages``, else ``--fill``
times the declared maximum, else the maximum: vendors size with averages), and stores
the answer on ``Column.storage``.  A type the platform cannot size becomes an S001
warning naming the column and the type; the rest of the table is still sized.

Teradata: Database Design 16.10, "Row Size Calculation" steps 2-7 and the Data Types
sizing tables; see ``analyzer.platforms.teradata``.

>>> from analyzer.core import Options, analyze_bytes
>>> from analyzer.settings import SizingSettings
>>> r = analyze_bytes("t.sql", b"CREATE TABLE t (a INTEGER, b VARCHAR(30)) PRIMARY INDEX (a);",
...                    Options(dialect="teradata"))
>>> r = data_length(r, SizingSettings(fill=0.5))
>>> [(c.name, c.storage.data_length, c.storage.basis) for c in r.tables[0].columns]
[('a', 4, 'declared maximum'), ('b', 15, 'fill 0.5')]
"""

from __future__ import annotations

from analyzer.ir import ColumnStorage, Diagnostic, FileResult, Severity, evolve
from analyzer.platforms import Basis, Unsupported, column_rule, names
from analyzer.settings import SizingSettings


def data_length(result: FileResult, sizing: SizingSettings | None = None) -> FileResult:
    """Set ``Column.storage`` for every column of every table (IR in, IR out)."""
    sizing = sizing or SizingSettings()
    plain = Basis(None, sizing.fill)
    tables = []
    diagnostics = list(result.diagnostics)
    for table in result.tables:
        platform = sizing.platform_for(table.dialect)
        if platform not in names():
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
        rule = column_rule(platform)
        columns = []
        for column in table.columns:
            if column.computed is not None and not column.computed.persisted:
                columns.append(column)  # virtual: not stored
                continue
            basis = (
                Basis(sizing.average(table.name.name, column.name), sizing.fill)
                if sizing.averages
                else plain  # no --averages: one Basis serves every column
            )
            storage: ColumnStorage | Unsupported
            if column.computed is not None and not column.type.declared.strip():
                # A persisted computed column's type comes from its expression, which
                # ddlaudit does not evaluate: say so on every platform, in one place.
                storage = Unsupported("the type of a persisted computed column is not declared")
            else:
                storage = rule(column, table, basis, sizing)
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
                columns.append(evolve(column, storage=storage))
        tables.append(evolve(table, columns=tuple(columns)))
    return evolve(result, tables=tuple(tables), diagnostics=tuple(diagnostics))
