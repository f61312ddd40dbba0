"""The pull-request comment of ``ddlaudit diff``: Markdown from the diff JSON document.

Input is the document ``ddlaudit diff --format json`` writes (docs/diff-json.md);
output is one GitHub Flavored Markdown comment:

1. a hidden marker ``<!-- ddlaudit-diff: MARKER -->`` (``ddlaudit comment`` finds
   the bot's own comment by it and edits it instead of adding one);
2. a summary line (tables changed, added, dropped, renamed; new findings by
   severity; fixed findings);
3. a table of the tables that changed, one row per table and platform, with the
   size deltas of that platform (signed, with units);
4. the schema changes in one collapsed ``<details>`` section;
5. the new findings, one collapsed section per rule, worst rule first;
6. the fixed findings in one collapsed section;
7. a footer with the tool version, base and head.

Everything that comes from the DDL or the command line (names, paths, messages,
types, revisions) is escaped like ``analyzer/reporters/markdown.py`` does: one
line, Markdown punctuation backslash-escaped (so ``|``, backticks and
``](javascript:...)`` stay text), ``&<>`` as entities, and a word joiner after
each ``@`` so that ``@name`` pings nobody.  Links are made only from
``link_base`` (an http(s) URL given by the user) and a percent-encoded relative
path.

GitHub refuses a comment longer than 65,536 characters (decision D89): the
comment is cut at an item boundary with a note saying how much was left out, so
it stays under ``max_chars`` UTF-16 code units whatever the input.
"""

from __future__ import annotations

import re
import typing as t
from urllib.parse import quote, urlsplit

from analyzer.reporters.markdown import _html, _md

#: GitHub's limit on an issue comment body (the API answers 422 "Body is too long").
GITHUB_COMMENT_LIMIT = 65_536

DEFAULT_MARKER = "ddlaudit"
_MARKER_TEXT = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._:/+=-]{0,99}")
_SEVERITIES = ("error", "warning", "info")
_STATUS_ORDER = ("changed", "added", "dropped", "renamed")
#: (JSON field stem, column header, unit)
_SIZE_COLUMNS = (
    ("row_bytes_max", "Max row", "B"),
    ("row_bytes_avg", "Avg row", "B"),
    ("rows_per_page", "Rows/page", "rows"),
    ("pages", "Pages", "pages"),
)
_MESSAGE_KINDS = ("insert", "update", "delete")


class MarkerError(ValueError):
    """A marker that cannot sit inside an HTML comment (or is empty)."""


def marker_comment(marker: str = DEFAULT_MARKER) -> str:
    """The hidden line that identifies the bot's comment: ``<!-- ddlaudit-diff: MARKER -->``.

    >>> marker_comment("schema")
    '<!-- ddlaudit-diff: schema -->'
    """
    if not _MARKER_TEXT.fullmatch(marker) or "--" in marker:
        raise MarkerError(
            f"marker {marker!r}: expected 1-100 letters, digits, spaces or ._:/+=- "
            "starting with a letter or digit, without '--'"
        )
    return f"<!-- ddlaudit-diff: {marker} -->"


def render(
    document: dict[str, t.Any],
    *,
    marker: str = DEFAULT_MARKER,
    link_base: str | None = None,
    max_chars: int = GITHUB_COMMENT_LIMIT,
) -> str:
    """The comment body for a diff document, ending with a newline.

    ``link_base`` (e.g. ``https://github.com/o/r/blob/SHA/``) turns each
    ``path:line`` into a link to ``link_base + path + #Lline``.  ``max_chars`` is
    counted in UTF-16 code units (what GitHub's limit counts, at most; D89).
    """
    hidden = marker_comment(marker)
    base = _check_link_base(link_base)
    summary = document.get("summary") or {}
    tables = [tb for tb in document.get("tables") or () if isinstance(tb, dict)]
    new = _sorted_findings(document.get("new_findings"))
    fixed = _sorted_findings(document.get("fixed_findings"))
    head = [hidden, _headline(summary, tables, new, fixed), ""]
    head.append(
        f"Base {_code(_clip(document.get('base')))} → head {_code(_clip(document.get('head')))}"
    )
    sections = [
        *_table_section(tables, base),
        *_uncompared_section(document.get("not_compared"), base),
        *_changes_section(tables, base),
        *_new_sections(new, base),
        *_fixed_section(fixed, base),
    ]
    tool = document.get("tool") or {}
    name = _md(_clip(tool.get("name") or "ddlaudit"))
    foot = ["", f"<sub>{name} {_md(_clip(tool.get('version') or '?'))}</sub>"]
    return _assemble(head, sections, foot, max_chars)


# -- summary -----------------------------------------------------------------


def _count_status(tables: list[dict[str, t.Any]], status: str) -> int:
    return sum(tb.get("status") == status for tb in tables)


def _headline(
    summary: dict[str, t.Any],
    tables: list[dict[str, t.Any]],
    new: list[dict[str, t.Any]],
    fixed: list[dict[str, t.Any]],
) -> str:
    """``**ddlaudit**: 3 tables changed, 1 added; 2 new findings (1 error), 1 fixed``."""
    counted = [
        (status, n)
        for status in _STATUS_ORDER
        if (n := _int(summary.get(f"tables_{status}"), _count_status(tables, status)))
    ]
    parts = [f"{n} {status}" for status, n in counted]
    if counted:
        parts[0] = f"{_plural(counted[0][1], 'table')} {counted[0][0]}"
    tables_text = ", ".join(parts) if parts else "no table changed"
    if n_lost := _int(summary.get("tables_not_compared"), 0):
        tables_text += f", {n_lost} not compared"
    n_new = _int(summary.get("new_findings"), len(new))
    by_severity = summary.get("new_by_severity") or {}
    counts = [
        _severity_count(n, sev)
        for sev in _SEVERITIES
        if (n := _int(by_severity.get(sev), sum(f.get("severity") == sev for f in new)))
    ]
    findings_text = f"{n_new} new finding{'' if n_new == 1 else 's'}" if n_new else "no new finding"
    if n_new and counts:
        findings_text += f" ({', '.join(counts)})"
    n_fixed = _int(summary.get("fixed_findings"), len(fixed))
    if n_fixed:
        findings_text += f", {n_fixed} fixed"
    # Failed (a new finding reached --fail-on), new findings below it, or clean.
    icon = ":x:" if summary.get("failed") else ":warning:" if n_new else ":white_check_mark:"
    return f"{icon} **ddlaudit**: {tables_text}; {findings_text}"


# -- the table of tables ----------------------------------------------------------


Section = tuple[list[str], list[str], list[str], str]
"""(opening lines, items, closing lines, what an item is (singular), for the truncation note)."""


def _table_section(tables: list[dict[str, t.Any]], base: str | None) -> list[Section]:
    if not tables:
        return []
    sizes = [s for tb in tables for s in _sizes(tb)]
    columns = [c for c in _SIZE_COLUMNS if any(_has(s, c[0]) for s in sizes)]
    messages = any(_has(s, "message_bytes") for s in sizes)
    scoped = len({tb.get("scope") for tb in tables}) > 1
    header = ["Table", "Status", "Platform", *(c[1] for c in columns)]
    if messages:
        header.append("Replication messages")
    opening = [
        "",
        "| " + " | ".join(header) + " |",
        "| --- | --- | --- |" + " ---: |" * len(columns) + (" --- |" if messages else ""),
    ]
    items = []
    for tb in tables:
        name = _table_name(tb, scoped, base)
        status = _status(tb)
        rows: list[dict[str, t.Any] | None] = [*_sizes(tb)] or [None]
        for i, size in enumerate(rows):
            cells = [name, status] if i == 0 else ["", ""]
            if size is None:
                cells += ["–", *("–" for _ in columns)]
                if messages:
                    cells.append("–")
            else:
                cells.append(_md(str(size.get("platform") or "?")))
                cells += [_size_cell(size, stem, unit) for stem, _, unit in columns]
                if messages:
                    cells.append(_message_cell(size))
            items.append("| " + " | ".join(cells) + " |")
    return [(opening, items, [], "table row")]


def _sizes(table: dict[str, t.Any]) -> list[dict[str, t.Any]]:
    return [s for s in table.get("sizes") or () if isinstance(s, dict)]


def _has(size: dict[str, t.Any], stem: str) -> bool:
    return any(size.get(f"{stem}_{side}") is not None for side in ("before", "after"))


def _table_name(table: dict[str, t.Any], scoped: bool, base: str | None) -> str:
    text = _link(_code(table.get("table")), table.get("path"), table.get("line"), base)
    if scoped and table.get("scope"):
        text += f" ({_md(str(table['scope']))})"
    return text


def _status(table: dict[str, t.Any]) -> str:
    status = str(table.get("status") or "changed")
    if status == "renamed":
        text = f"renamed from {_code(table.get('renamed_from'))}"
        return text + (" (probable)" if table.get("probable") else "")
    if status == "changed":
        n = len(table.get("changes") or ())
        return f"changed ({n})" if n else "changed"
    return _md(status)


def _size_cell(size: dict[str, t.Any], stem: str, unit: str) -> str:
    """``2,130 B (+2,010 B)``; ``64 B (new)`` when only after; ``was 80 B`` when only before."""
    before, after = size.get(f"{stem}_before"), size.get(f"{stem}_after")
    delta = size.get(f"{stem}_delta")
    if after is None and before is None:
        return "–"
    if after is None:
        return f"was {_amount(before, unit)}"
    if before is None:
        return f"{_amount(after, unit)} (new)"
    if delta is None and _is_number(before) and _is_number(after):
        delta = after - before
    if delta is None:
        return _amount(after, unit)
    return f"{_amount(after, unit)} ({_signed(delta)} {_unit(delta, unit)})"


def _amount(value: t.Any, unit: str) -> str:
    return f"{_number(value)} {_unit(value, unit)}"


def _unit(value: t.Any, unit: str) -> str:
    """``rows``/``pages`` in the singular for one (``1 row``, ``-1 page``); ``B`` stays."""
    one = _is_number(value) and abs(value) == 1
    return unit[:-1] if one and unit.endswith("s") else unit


def _message_cell(size: dict[str, t.Any]) -> str:
    before = size.get("message_bytes_before") or {}
    after = size.get("message_bytes_after") or {}
    delta = size.get("message_bytes_delta") or {}
    if not isinstance(before, dict) or not isinstance(after, dict) or not isinstance(delta, dict):
        return "–"
    kinds = [k for k in _MESSAGE_KINDS if k in before or k in after]
    kinds += sorted(str(k) for k in {*before, *after} if k not in _MESSAGE_KINDS)
    parts = []
    for kind in kinds:
        cell = _size_cell(
            {"x_before": before.get(kind), "x_after": after.get(kind), "x_delta": delta.get(kind)},
            "x",
            "B",
        )
        parts.append(f"{_md(kind)} {cell}")
    return "<br>".join(parts) if parts else "–"


# -- schema changes --------------------------------------------------------------


def _changes_section(tables: list[dict[str, t.Any]], base: str | None) -> list[Section]:
    items = []
    scoped = len({tb.get("scope") for tb in tables}) > 1
    for tb in tables:
        changes = [c for c in tb.get("changes") or () if isinstance(c, dict)]
        if not changes:
            continue
        items.append(f"- {_table_name(tb, scoped, base)}")
        for ch in changes:
            kind = _md(str(ch.get("kind") or "change").replace("_", " "))
            text = f"  - {kind} {_code(ch.get('object'))}"
            before, after = ch.get("before"), ch.get("after")
            if before is not None and after is not None:
                text += f": {_code(before)} → {_code(after)}"
            elif after is not None:
                text += f": {_code(after)}"
            elif before is not None:
                text += f": was {_code(before)}"
            if ch.get("path"):
                text += " " + _link(
                    _where(ch.get("path"), ch.get("line")), ch["path"], ch.get("line"), base
                )
            items.append(text)
    if not items:
        return []
    n = sum(len(tb.get("changes") or ()) for tb in tables)
    return [(_opening(f"Schema changes ({n})"), items, _CLOSING, "schema change")]


# -- findings --------------------------------------------------------------------


def _new_sections(new: list[dict[str, t.Any]], base: str | None) -> list[Section]:
    by_rule: dict[str, list[dict[str, t.Any]]] = {}
    for f in new:
        by_rule.setdefault(str(f.get("code") or "?"), []).append(f)

    def rank(code: str) -> tuple[int, int, str]:
        worst = min(_severity_rank(f.get("severity")) for f in by_rule[code])
        return (worst, -len(by_rule[code]), code)

    sections: list[Section] = []
    for code in sorted(by_rule, key=rank):
        found = by_rule[code]
        name = next((str(f["name"]) for f in found if f.get("name")), "")
        counts = [
            _severity_count(n, sev)
            for sev in _SEVERITIES
            if (n := sum(f.get("severity") == sev for f in found))
        ]
        title = f"{code} {name}".strip() + f": {len(found)} new ({', '.join(counts)})"
        items = [_finding_item(f, base) for f in found]
        sections.append((_opening(title), items, _CLOSING, "new finding"))
    return sections


def _uncompared_section(lost: t.Any, base: str | None) -> list[Section]:
    """The tables whose CREATE TABLE does not parse on a side: the PR bot says it could not
    compare them rather than staying silent."""
    found = [u for u in lost or () if isinstance(u, dict)]
    if not found:
        return []
    items = [
        f"- {_code(_clip(u.get('table')))} "
        + (
            _link(_where(u["path"], u.get("line")), u["path"], u.get("line"), base) + " "
            if u.get("path")
            else ""
        )
        + _md(_clip(u.get("reason") or "", 2000))
        for u in found
    ]
    title = f"Not compared ({len(found)}): the CREATE TABLE does not parse"
    return [(_opening(title), items, _CLOSING, "table not compared")]


def _fixed_section(fixed: list[dict[str, t.Any]], base: str | None) -> list[Section]:
    if not fixed:
        return []
    items = [_finding_item(f, base, with_code=True) for f in fixed]
    return [(_opening(f"Fixed findings ({len(fixed)})"), items, _CLOSING, "fixed finding")]


def _finding_item(f: dict[str, t.Any], base: str | None, with_code: bool = False) -> str:
    parts = ["-"]
    if with_code:
        parts.append(f"**{_md(str(f.get('code') or '?'))}**")
    parts.append(_md(str(f.get("severity") or "?")))
    if f.get("path"):
        parts.append(_link(_where(f["path"], f.get("line")), f["path"], f.get("line"), base))
    parts.append(_md(_clip(f.get("message") or "", 2000)))
    return " ".join(parts)


def _sorted_findings(findings: t.Any) -> list[dict[str, t.Any]]:
    found = [f for f in findings or () if isinstance(f, dict)]

    def key(f: dict[str, t.Any]) -> tuple[str, int, int, str, str]:
        return (
            str(f.get("path") or ""),
            _int(f.get("line"), 0),
            _int(f.get("column"), 0),
            str(f.get("code") or ""),
            str(f.get("message") or ""),
        )

    return sorted(found, key=key)


def _severity_rank(severity: t.Any) -> int:
    return _SEVERITIES.index(severity) if severity in _SEVERITIES else len(_SEVERITIES)


# -- assembly and truncation ------------------------------------------------------

_CLOSING = ["", "</details>"]


def _opening(title: str) -> list[str]:
    # GFM does no Markdown inside an HTML block: the summary is HTML-escaped only.
    return ["", f"<details><summary>{_html(title)}</summary>", ""]


def _assemble(head: list[str], sections: list[Section], foot: list[str], max_chars: int) -> str:
    """Head, as many section items as fit, the truncation note if any, foot.

    Cuts only between items (a table row, a list item), never inside one, and
    closes the section it cut into, so the Markdown stays well formed.
    """
    out = list(head)
    used = _size("\n".join(out)) + 1 + _size("\n".join(foot)) + 1
    omitted: list[tuple[int, str]] = []
    # Room kept for the longest possible note.
    reserve = 400
    for index, (opening, items, closing, what) in enumerate(sections):
        if omitted:
            omitted.append((len(items), what))
            continue
        fixed_cost = _lines_size(opening) + _lines_size(closing)
        if used + fixed_cost + reserve > max_chars:
            omitted.append((len(items), what))
            continue
        out += opening
        used += fixed_cost
        shown = 0
        for item in items:
            cost = _size(item) + 1
            if used + cost + reserve > max_chars:
                break
            out.append(item)
            used += cost
            shown += 1
        out += closing
        if shown < len(items):
            omitted.append((len(items) - shown, what))
            # Everything after this section is omitted too.
            for _o, later, _c, later_what in sections[index + 1 :]:
                omitted.append((len(later), later_what))
            break
    if omitted:
        totals: dict[str, int] = {}
        for n, what in omitted:
            totals[what] = totals.get(what, 0) + n
        left = ", ".join(_plural(n, what) for what, n in totals.items() if n)
        out += [
            "",
            f"> [!NOTE]\n> Comment cut to fit GitHub's limit of {max_chars:,} characters; "
            f"not shown: {left}. The full report is in the job's `ddlaudit diff` output.",
        ]
    out += foot
    text = "\n".join(out) + "\n"
    if _size(text) > max_chars:
        raise ValueError(f"max_chars={max_chars} is too small for the comment's head and foot")
    return text


def _lines_size(lines: list[str]) -> int:
    return sum(_size(line) + 1 for line in lines)


def _size(text: str) -> int:
    """Length in UTF-16 code units: never less than the code-point count (D89)."""
    return len(text.encode("utf-16-le")) // 2


# -- text helpers -----------------------------------------------------------------


def _check_link_base(link_base: str | None) -> str | None:
    if link_base is None:
        return None
    parts = urlsplit(link_base)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"link base {link_base!r}: expected an http:// or https:// URL")
    # Anything that could end a Markdown link destination is percent-encoded.
    safe = quote(link_base, safe=":/?=&%#~+,;@!$*'")
    return safe if safe.endswith("/") else safe + "/"


def _link(text: str, path: t.Any, line: t.Any, base: str | None) -> str:
    """``[text](base/path#Lline)`` when ``base`` is given and the path is a plain relative one."""
    if base is None or not isinstance(path, str) or not path:
        return text
    clean = path.replace("\\", "/")
    segments = clean.split("/")
    if clean.startswith("/") or ".." in segments or ":" in segments[0]:
        return text
    url = base + quote(clean, safe="/-._~")
    if isinstance(line, int) and not isinstance(line, bool) and line > 0:
        url += f"#L{line}"
    return f"[{text}]({url})"


def _where(path: t.Any, line: t.Any) -> str:
    where = str(path)
    if isinstance(line, int) and not isinstance(line, bool) and line > 0:
        where += f":{line}"
    return _code(where)


def _code(value: t.Any) -> str:
    """Input text in ``<code>``, escaped (a backtick code span could be broken out of)."""
    return f"<code>{_md(str(value if value is not None else '?'))}</code>"


def _clip(value: t.Any, limit: int = 200) -> str:
    """Input text cut to ``limit`` characters (one huge value must not crowd out the rest)."""
    text = str(value) if value is not None else "?"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _number(value: t.Any) -> str:
    if isinstance(value, bool) or not _is_number(value):
        return _md(str(value))
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.1f}"
    return f"{int(value):,}"


def _signed(value: t.Any) -> str:
    if isinstance(value, bool) or not _is_number(value):
        return _md(str(value))
    if value == 0:
        return "±0"
    return ("+" if value > 0 else "-") + _number(abs(value))


def _is_number(value: t.Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _int(value: t.Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _severity_count(n: int, severity: str) -> str:
    return f"{n} {severity}" if n == 1 or severity == "info" else f"{n} {severity}s"


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


__all__ = ["DEFAULT_MARKER", "GITHUB_COMMENT_LIMIT", "MarkerError", "marker_comment", "render"]
