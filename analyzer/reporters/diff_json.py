"""The JSON document of ``ddlaudit diff`` (``--format json``), described in docs/diff-json.md.

The contract between the diff engine and the pull-request comment
(:mod:`analyzer.reporters.diff_markdown` renders :func:`document`): every key is always
present, ``null`` when it does not apply; finding objects are exactly the lint JSON's
(docs/lint-json.md).  Versioned by :data:`SCHEMA_VERSION` (a new key is a minor bump).
"""

from __future__ import annotations

import typing as t

from analyzer import __version__
from analyzer.diff.model import Change, DiffResult, Messages, SizeDelta, TableDiff
from analyzer.ir import Severity
from analyzer.reporters.json import _finding

SCHEMA_VERSION = "1.1"

#: The figures of a size entry: JSON name -> TableEstimate attribute.
FIGURES = (
    ("row_bytes_max", "max_row_bytes"),
    ("row_bytes_avg", "row_bytes"),
    ("rows_per_page", "rows_per_page"),
    ("pages", "pages"),
)


def document(result: DiffResult) -> dict[str, t.Any]:
    """The diff as builtins (what ``--format json`` prints, and the markdown renders)."""
    names = {r.code: r.name for r in result.rules}
    new = [x.finding for x in result.new]
    by_severity = {s.value: 0 for s in (Severity.ERROR, Severity.WARNING, Severity.INFO)}
    for f in new:
        by_severity[f.severity.value] += 1
    statuses = [tb.pair.status for tb in result.tables]
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "ddlaudit", "version": __version__},
        "base": result.base,
        "head": result.head,
        "summary": {
            "tables_added": statuses.count("added"),
            "tables_dropped": statuses.count("dropped"),
            "tables_renamed": statuses.count("renamed"),
            "tables_changed": statuses.count("changed"),
            "tables_not_compared": len(result.uncompared),
            "new_findings": len(new),
            "fixed_findings": len(result.fixed),
            "new_by_severity": by_severity,
            "failed": result.failed,
        },
        "tables": [_table(tb) for tb in result.tables],
        "not_compared": [
            {
                "scope": u.scope,
                "table": u.table,
                "side": u.side,
                "path": u.path,
                "line": u.line,
                "reason": u.reason,
            }
            for u in result.uncompared
        ],
        "new_findings": [_finding(f, names.get(f.code)) for f in new],
        "fixed_findings": [_finding(f, names.get(f.code)) for f in result.fixed],
    }


def render(result: DiffResult) -> str:
    from analyzer.jsontext import dumps  # msgspec (D140)

    text = dumps(document(result))
    return text.encode("utf-8", "backslashreplace").decode("utf-8") + "\n"


def _table(tb: TableDiff) -> dict[str, t.Any]:
    pair = tb.pair
    return {
        "scope": tb.scope,
        "table": tb.name,
        "status": pair.status,
        "renamed_from": str(pair.before.table.name) if pair.renamed and pair.before else None,
        "probable": pair.renamed,
        "path": tb.path,
        "line": tb.line,
        "changes": [_change(c) for c in tb.changes],
        "sizes": [_size(s) for s in tb.sizes],
    }


def _change(c: Change) -> dict[str, t.Any]:
    return {
        "kind": c.kind,
        "object": c.object,
        "before": c.before,
        "after": c.after,
        "path": c.span.file if c.span is not None else None,
        "line": c.span.line if c.span is not None else None,
    }


def _delta(before: int | float | None, after: int | float | None) -> int | float | None:
    return after - before if before is not None and after is not None else None


def _messages(m: Messages | None) -> dict[str, int] | None:
    return None if m is None else {"insert": m.insert, "update": m.update, "delete": m.delete}


def _size(s: SizeDelta) -> dict[str, t.Any]:
    out: dict[str, t.Any] = {"platform": s.platform}
    for name, attribute in FIGURES:
        b = getattr(s.before, attribute) if s.before is not None else None
        a = getattr(s.after, attribute) if s.after is not None else None
        out[f"{name}_before"] = b
        out[f"{name}_after"] = a
        out[f"{name}_delta"] = _delta(b, a)
    mb, ma = _messages(s.messages_before), _messages(s.messages_after)
    out["message_bytes_before"] = mb
    out["message_bytes_after"] = ma
    out["message_bytes_delta"] = (
        {op: ma[op] - mb[op] for op in ("insert", "update", "delete")} if mb and ma else None
    )
    return out


__all__ = ["SCHEMA_VERSION", "document", "render"]
