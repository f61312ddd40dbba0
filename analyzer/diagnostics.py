"""Diagnostic codes and their rendering (``file:line:column``, the line, a caret).

Codes are stable; docs/diagnostics.md lists them.  Every problem with the input
becomes a :class:`~analyzer.ir.Diagnostic`; none becomes a traceback.

>>> from analyzer.ir import Diagnostic, Severity, Span
>>> d = Diagnostic("P001", Severity.ERROR, "Expecting )", Span("a.sql", 2, 9, 2, 10, 20, 21),
...                expected=")", source_line="  x int,")
>>> print(render(d))
a.sql:2:9: error[P001] Expecting )
    2 |   x int,
      |         ^ expected )
"""

from __future__ import annotations

from analyzer.ir import Diagnostic

#: code -> (name, meaning).  Never reuse a code for something else.
CODES: dict[str, tuple[str, str]] = {
    "D001": ("bad-encoding-option", "the codec asked for is unknown or cannot decode the file"),
    "D002": ("binary-file", "the file is binary, not DDL text"),
    "D003": ("empty-file", "the file holds no statements"),
    "D004": ("mixed-encoding", "lines of the file are in different encodings"),
    "D005": ("unreadable-path", "the path does not exist or cannot be read"),
    "D006": ("invalid-bytes", "invalid bytes in an otherwise single-encoding file were replaced"),
    "D900": ("internal-error", "ddlaudit failed on this file; please report it"),
    "P001": ("syntax-error", "the statement does not parse"),
    "P002": ("unsupported-syntax", "the grammar does not understand part of the statement"),
    "P003": ("dialect-fallback", "no dialect was given or detected; the fallback was used"),
    "P004": ("unknown-dialect", "the dialect named is not one ddlaudit reads"),
    "P005": ("not-lowered", "the statement parsed but cannot be represented in the IR"),
    "P006": ("compiled-sqlglot", "sqlglot is the compiled build; the grammars need the pure one"),
    "P007": ("skipped-create-table", "a CREATE TABLE is inside a statement that is skipped"),
    "P008": ("statement-not-analysed", "a statement the IR has no place for is not analysed"),
    "P009": ("untyped-derived-column", "a column of a derived table (CREATE TABLE AS) is untyped"),
    "P010": ("missing-terminator", "two statements run together without the ; between them"),
    "P900": ("parser-crash", "the parser failed unexpectedly on this statement"),
    "T001": ("unresolved-type", "a column's type is not built in and is not defined in the input"),
    # replication (analyzer/passes/link_replication.py): Sybase keys, RCL, SQL Remote
    "R001": ("unresolved-replicated-table", "a replicated table is not in the input"),
    "R002": ("replicated-column-not-in-table", "a replicated column is not a column of its table"),
    "R003": ("replicated-type-mismatch", "a replicated column's datatype disagrees with the table"),
    "R004": ("columns-not-replicated", "a replication definition leaves out table columns"),
    "R005": ("column-not-in-definition", "a key or searchable column is not in the column list"),
    "R006": ("replication-key-differs", "a replication definition's key is not its table's"),
    "R007": ("unresolved-procedure-table", "a key or marking procedure's table is missing"),
    "R008": ("procedure-column-not-in-table", "a key or sp_setrepcol column is not in the table"),
    "R009": ("unresolved-alter-definition", "an altered replication definition is missing"),
    "R010": ("unresolved-subscription-target", "a subscription's target is not in the input"),
    "R011": ("unresolved-publication", "an article's publication is not created in the input"),
    "R012": ("used-before-defined", "a type or table is used before the script defines it"),
    "R013": ("duplicate-replication-definition", "a replication definition is defined twice"),
    "R014": ("foreign-key-without-primary-key", "sp_foreignkey's table has no matching key"),
    "R015": ("setrepcol-not-lob", "sp_setrepcol names a column not text, unitext or image"),
    "R016": ("article-without-key", "a SQL Remote article leaves out primary key columns"),
    # ddlaudit replication (ASCII widths, workload files): R050-R099
    "R050": ("unknown-ascii-width", "no Replication Server ASCII width is known for a type"),
    "R051": ("workload-unreadable", "the workload file cannot be read or is not YAML"),
    "R052": ("workload-unknown-key", "the workload file has a key ddlaudit does not know"),
    "R053": ("workload-bad-value", "a workload value has the wrong type or form"),
    "R054": ("workload-negative-rate", "a workload rate or duration is negative"),
    "R055": ("workload-selectivity-range", "a replication selectivity is outside 0..1"),
    "R056": ("workload-unknown-table", "the workload names a table not in the input"),
    "R057": ("workload-unknown-column", "the workload names a column its table lacks"),
    "R058": ("workload-unknown-function", "the workload names a function not in the input"),
    # sizing (analyzer/passes/data_length.py, analyzer/estimators/)
    "S001": ("unsized-type", "the target platform has no such type or cannot size it"),
    "S002": ("row-over-limit", "a row can exceed the platform's maximum row size"),
    "S003": ("no-sizing", "ddlaudit has no sizing for the table's platform"),
    # SQL Server and ASE sizing (analyzer/estimators/mssql.py, ase.py): S010-S029
    "S010": ("mssql-row-overflow", "SQL Server moves variable-length columns to row-overflow"),
    "S011": ("mssql-sparse-not-allowed", "a SPARSE column SQL Server does not allow"),
    "S015": ("ase-column-over-limit", "an ASE column is longer than its page size allows"),
    "S016": ("ase-property-not-applied", "an ASE space property the locking scheme ignores"),
    # HiRDB sizing (analyzer/estimators/hirdb.py): S030-S049
    "S030": ("hirdb-row-over-page", "a HiRDB row does not fit a page even after branching"),
    "S031": ("hirdb-suppress-advised-against", "SUPPRESS on a table the manual says not to"),
    "S032": ("hirdb-rdarea-defaults", "an RDAREA has no [rdareas] entry; defaults were used"),
    "S033": ("hirdb-page-length", "a HiRDB page length is not a multiple of 2048"),
    "S034": ("hirdb-row-over-pctfree", "a row does not fit the page space PCTFREE leaves"),
    # HiRDB (grammars/hirdb.py): statements HiRDB rejects that are still read whole
    "H001": ("repetition-without-count", "a repetition column has no ARRAY[n] element count"),
    "H002": ("fix-variable-column", "a FIX table has a variable-length, BLOB or ADT column"),
    "H003": ("fix-repetition-column", "a FIX table has a repetition column"),
    "H004": ("pctfree-out-of-range", "a PCTFREE percentage is outside what HiRDB accepts"),
    "H005": ("unknown-hash-function", "hash partitioning names a function HiRDB does not have"),
    "H006": ("character-set-not-allowed", "CHARACTER SET on mixed or national character data"),
    "H007": ("unresolved-supertype", "an abstract data type inherits from an undefined type"),
    "H008": ("share-fix-partitioned", "a SHARE FIX table is stored in several RDAREAs"),
}


def render(diag: Diagnostic) -> str:
    """Format a diagnostic the way compilers do, with the offending line and a caret."""
    where = "<input>"
    if diag.span is not None:
        where = f"{diag.span.file}:{diag.span.line}:{diag.span.column}"
    lines = [f"{where}: {diag.severity.value}[{diag.code}] {diag.message}"]
    if diag.span is not None and diag.source_line is not None:
        number = str(diag.span.line)
        gutter = " " * (len(number) + 4)
        lines.append(f"    {number} | {diag.source_line}")
        width = 1
        if diag.span.end_line == diag.span.line:
            width = max(1, diag.span.end_column - diag.span.column)
        width = min(width, max(1, len(diag.source_line) - diag.span.column + 1))
        caret = " " * (diag.span.column - 1) + "^" * width
        tail = f" expected {diag.expected}" if diag.expected else ""
        lines.append(f"{gutter} | {caret}{tail}")
    elif diag.expected:
        lines.append(f"    expected {diag.expected}")
    return "\n".join(lines)
