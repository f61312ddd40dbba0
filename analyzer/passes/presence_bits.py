"""Presence bits: the nullability and compression bits each column needs in a Teradata row.

Teradata Database Design 16.10, "Presence Bits" and "Number of Presence Bits Required
to Represent Compressed Values": a nullable column needs one bit; multivalue
compression of k values needs ``bit_length(k)`` bits (``bit_length(k + 1)`` when the
column is nullable, null being one of the compressed values); algorithmic compression
one more.  The estimator turns the total into presence octets (7 usable bits in the
first octet, 8 in the others).  Other platforms keep 0.

>>> from analyzer.core import Options, analyze_bytes
>>> from analyzer.passes.data_length import data_length
>>> r = analyze_bytes("t.sql", b"CREATE TABLE t (a INTEGER, b CHAR(2) COMPRESS ('a','b','c'))"
...                    b" PRIMARY INDEX (a);", Options(dialect="teradata"))
>>> r = presence_bits(data_length(r))
>>> [(c.name, c.storage.presence_bits, c.storage.compress_bits) for c in r.tables[0].columns]
[('a', 1, 0), ('b', 3, 2)]
"""

from __future__ import annotations

from analyzer.ir import FileResult, evolve
from analyzer.passes.data_length import with_presence_bits


def presence_bits(result: FileResult) -> FileResult:
    """Set ``storage.presence_bits`` / ``compress_bits`` on Teradata-sized columns.

    The ``data_length`` pass sets them as it sizes a Teradata column: after it this pass
    copies nothing (a table, and the result, come back as they were when every column's
    bits are already right).
    """
    tables = []
    changed = False
    for table in result.tables:
        columns = None  # a copy of table.columns once one of them changes
        for i, column in enumerate(table.columns):
            storage = column.storage
            if storage is None or storage.platform != "teradata":
                continue
            updated = with_presence_bits(storage, column)
            if updated is not storage:
                if columns is None:
                    columns = list(table.columns)
                columns[i] = evolve(column, storage=updated)
        if columns is None:
            tables.append(table)
        else:
            tables.append(evolve(table, columns=tuple(columns)))
            changed = True
    return evolve(result, tables=tuple(tables)) if changed else result
