"""What a scope's replication step reads before it runs any estimator: the replicated
tables (:func:`replicated_tables`) and the texts of the T-SQL files that publish
articles (:func:`source_texts`).

Apart from the estimators (``repserver``, ``mssql_replication``, ``sql_remote``) so that
a lint over files that replicate nothing finds so without importing them (start-up, D128).
"""

from __future__ import annotations

from collections.abc import Sequence

from analyzer.ir import FileResult, ReplicationDefinition, Table
from analyzer.passes.link_context import ARTICLE_CALLS


def _definitions_by_table(
    results: Sequence[FileResult],
) -> dict[str, list[ReplicationDefinition]]:
    out: dict[str, list[ReplicationDefinition]] = {}
    for r in results:
        for d in r.replication_definitions:
            name = (d.table or d.primary_table).name.lower()
            out.setdefault(name, []).append(d)
    return out


def _marked_for_repserver(table: Table) -> bool:
    """Marked with sp_setreplicate / sp_setreptable; sp_add_remote_table alone is SQL Remote."""
    mark = table.replication
    if mark is None or not mark.replicated:
        return False
    return any(p != "sp_add_remote_table" for p in mark.marked_by)


def replicated_tables(
    results: Sequence[FileResult],
) -> list[tuple[str, Table, ReplicationDefinition | None]]:
    """(path, table, definition) of every replicated table.

    A table is replicated when a replication definition names it or it is marked
    (``sp_setreplicate`` / ``sp_setreptable``; ``sp_add_remote_table`` alone marks it for
    SQL Remote); a marked table without a definition is sized from the table and its key.
    A definition whose table is not in the input is left out (R001 already says so).
    """
    defs = _definitions_by_table(results)
    out: list[tuple[str, Table, ReplicationDefinition | None]] = []
    for r in results:
        for table in r.tables:
            found = defs.get(table.name.name.lower(), [])
            if found:
                out.extend((r.path, table, d) for d in found)
            elif _marked_for_repserver(table):
                out.append((r.path, table, None))
    return out


def source_texts(
    results: Sequence[FileResult], encoding: str | None = None, stdin: bytes | None = None
) -> dict[str, str]:
    """The decoded text of every T-SQL file that calls ``sp_addarticle`` / ``sp_changearticle``.

    Only those files are read again (the IR keeps the calls as skipped statements, with
    their spans into the decoded text).
    """
    from analyzer.source import decode, read_path

    out = {}
    for r in results:
        if not any(s.kind in ARTICLE_CALLS for s in r.skipped):
            continue
        if r.path == "<stdin>":
            decoded = decode(stdin or b"", r.path, encoding)
        else:
            decoded = read_path(r.path, encoding)
        if decoded.source is not None:
            out[r.path] = decoded.source.text
    return out
