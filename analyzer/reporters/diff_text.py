"""The text report of ``ddlaudit diff``: the changed tables with their size deltas, then
the new findings as the lint prints them (``file:line:col: CODE message`` with the source
line), then the fixed ones and a summary line."""

from __future__ import annotations

from analyzer.diff.model import DiffResult, SizeDelta
from analyzer.reporters.diff_json import document
from analyzer.rules.registry import Report


def _signed(n: int | float | None) -> str:
    if n is None:
        return "-"
    return f"{n:+,}" if n else "0"


def _figure(before: int | None, after: int | None) -> str:
    if before is None and after is None:
        return "-"
    b = "-" if before is None else f"{before:,}"
    a = "-" if after is None else f"{after:,}"
    delta = _signed(after - before) if before is not None and after is not None else ""
    return f"{b} -> {a}" + (f" ({delta})" if delta else "")


def _size_line(s: SizeDelta) -> str:
    def pair(attribute: str) -> tuple[int | None, int | None]:
        b = getattr(s.before, attribute) if s.before is not None else None
        a = getattr(s.after, attribute) if s.after is not None else None
        return b, a

    parts = [
        f"row max {_figure(*pair('max_row_bytes'))}",
        f"avg {_figure(*pair('row_bytes'))}",
        f"rows/page {_figure(*pair('rows_per_page'))}",
    ]
    pages = pair("pages")
    if pages != (None, None):
        parts.append(f"pages {_figure(*pages)}")
    mb, ma = s.messages_before, s.messages_after
    if mb is not None or ma is not None:
        for op in ("insert", "update", "delete"):
            parts.append(f"{op} message {_figure(getattr(mb, op, None), getattr(ma, op, None))}")
    return f"    {s.platform}: " + "; ".join(parts)


def render(result: DiffResult, color: bool = False) -> str:
    """The report as text (``color``: ANSI colours as the lint's text report)."""
    from analyzer.reporters import text

    lines = [f"ddlaudit diff {result.base} .. {result.head}", ""]
    for tb in result.tables:
        pair = tb.pair
        status = pair.status
        if pair.renamed and pair.before is not None:
            status += f" from {pair.before.table.name} (probable, similarity {pair.similarity})"
        where = f"{tb.path}:{tb.line}" if tb.line else (tb.path or "")
        scope = "" if tb.scope in (".", "") else f"[{tb.scope}] "
        lines.append(f"{scope}{tb.name}: {status}  {where}")
        for c in tb.changes:
            at = f"  ({c.span.file}:{c.span.line})" if c.span is not None else ""
            lines.append(f"  {c.kind} {c.object}: {c.before or '-'} -> {c.after or '-'}{at}")
        lines.extend(_size_line(s) for s in tb.sizes)
    for u in result.uncompared:
        scope = "" if u.scope in (".", "") else f"[{u.scope}] "
        lines.append(f"{scope}{u.table}: not compared  {u.path}:{u.line}  ({u.reason})")
    if result.tables or result.uncompared:
        lines.append("")
    if result.new:
        body = text.render(
            Report(
                tuple(x.finding for x in result.new),
                result.rules,
                result.files,
                fail_on=result.fail_on,
            ),
            color=color,
        )
        lines.append("New findings:")
        lines.extend(body.rstrip("\n").splitlines())
        lines.append("")
    if result.fixed:
        lines.append("Fixed findings:")
        lines.extend(f"{f.path}:{f.line}: {f.code} {f.message}" for f in result.fixed)
        lines.append("")
    s = document(result)["summary"]
    lines.append(
        f"{s['tables_added']} added, {s['tables_dropped']} dropped, {s['tables_renamed']} "
        f"renamed, {s['tables_changed']} changed tables"
        + (f", {s['tables_not_compared']} not compared" if s["tables_not_compared"] else "")
        + f"; {s['new_findings']} new findings, "
        f"{s['fixed_findings']} fixed" + ("; failed" if s["failed"] else "")
    )
    return "\n".join(lines) + "\n"


__all__ = ["render"]
