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
from analyzer.platforms import teradata


def presence_bits(result: FileResult) -> FileResult:
    """Set ``storage.presence_bits`` / ``compress_bits`` on Teradata-sized columns."""
    tables = []
    for table in result.tables:
        columns = []
        for column in table.columns:
            storage = column.storage
            if storage is not None and storage.platform == "teradata":
                bits, compress = teradata.presence_bits(column)
                storage = evolve(storage, presence_bits=bits, compress_bits=compress)
                column = evolve(column, storage=storage)
            columns.append(column)
        tables.append(evolve(table, columns=tuple(columns)))
    return evolve(result, tables=tuple(tables))
