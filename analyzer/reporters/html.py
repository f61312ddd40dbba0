"""The HTML audit report (``ddlaudit audit --format html``): one self-contained file.

:func:`render` turns the audit JSON document (docs/audit-json.md) into one HTML5 page
that needs no network when viewed: styles, the sort script, the data and the charts
are inline, and a Content-Security-Policy forbids every fetch and every script but
the page's own (by hash). Everything is rendered on the server side, so the page
reads without JavaScript; the script only sorts the tables (docs/html-report.md).

Jinja2 (autoescape on) writes the page from ``templates/audit.html.j2``; matplotlib's
SVG backend draws the charts, inlined with ids prefixed per chart. Both are imported
inside :func:`render` (they are the optional extra ``ddlaudit[html]``, D82), so other
commands start as fast as before.

Text from the DDL never reaches the page unescaped: Jinja2 escapes it in text and
attributes, :func:`script_json` in the embedded JSON, and matplotlib's SVG writer in
chart labels (mathtext off, so ``$`` is a plain character).

>>> script_json({"t": "</script><!--\\u2028"})
'{"t": "\\\\u003c/script\\\\u003e\\\\u003c!--\\\\u2028"}'
>>> chart_label("a\\nvery  long\\tname" * 4, 20)
'a very long namea v…'
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import typing as t
import warnings
from collections import Counter
from importlib import resources

if t.TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

#: The optional extra that brings Jinja2 and matplotlib (pyproject.toml).
EXTRA = "html"

#: Mapping classes in report order, with their colours (chart bars and badges).
MAPPINGS: tuple[str, ...] = ("exact", "widened", "lossy", "unsupported")
MAPPING_COLOURS = {
    "exact": "#2e7d4f",
    "widened": "#2f6db5",
    "lossy": "#d98a00",
    "unsupported": "#c0392b",
}
SOURCE_COLOUR, TARGET_COLOUR = "#9aa7b5", "#1f4e79"
SEVERITIES: tuple[str, ...] = ("error", "warning", "info")

#: Tables drawn in the row-size chart (the widest on the target first); the table of
#: tables lists all of them.
CHART_TABLES = 25
_LABEL_CHARS = 36

#: Characters HTML5 calls parse errors in text (C0/C1 controls but tab, LF, CR).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_SPACES = re.compile(r"\s+")
_SVG_ID = re.compile(r'\bid="([^"]+)"')
_SVG_REF = re.compile(r'(url\(#|xlink:href="#|href="#)([^)"]+)')
_XML_COMMENT = re.compile(r"<!--.*?-->", re.S)

_TOP_KEYS = ("schema_version", "tool", "source", "target", "sized", "rows", "summary", "tables")
_SUMMARY_KEYS = (
    "tables",
    "columns",
    "by_mapping",
    "by_object",
    "limits_exceeded",
    "constructs",
    "manual_actions",
    "complexity",
)
_TABLE_KEYS = (
    "table",
    "path",
    "line",
    "source_platform",
    "source_row_bytes",
    "target_row_bytes",
    "target_rows_per_page",
    "target_pages",
    "complexity",
    "columns",
    "limits",
    "constructs",
    "replication",
    "actions",
)
_LIST_KEYS = {
    "columns": ("name", "source_type", "target_type", "mapping", "reason"),
    "limits": ("limit", "value", "maximum", "exceeded", "message"),
    "constructs": ("construct", "detail", "action"),
    "replication": ("object", "detail", "action"),
    "actions": ("object", "action", "severity"),
}


class HtmlExtraMissing(ImportError):
    """Jinja2 or matplotlib is not installed; the CLI reports it as exit 3 (environment)."""


class AuditDocumentError(ValueError):
    """The document does not follow the audit JSON contract (docs/audit-json.md)."""


def render(document: t.Mapping[str, t.Any]) -> str:
    """The report as one HTML5 page; the same document always gives the same bytes."""
    jinja2 = _import("jinja2")
    markup = _import("markupsafe").Markup
    _import("matplotlib")
    check_document(document)
    view = _view(document)
    templates = resources.files("analyzer.reporters").joinpath("templates")
    script = templates.joinpath("audit.js").read_text(encoding="utf-8")
    env = jinja2.Environment(
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["num"] = number
    template = env.from_string(templates.joinpath("audit.html.j2").read_text(encoding="utf-8"))
    page = template.render(
        doc=document,
        view=view,
        mappings=MAPPINGS,
        colours=MAPPING_COLOURS,
        style=markup(templates.joinpath("audit.css").read_text(encoding="utf-8")),
        script=markup(script),
        script_hash=base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode(),
        data=markup(script_json(document)),
        charts={
            "row_size": markup(row_size_chart(document)),
            "mapping": markup(mapping_chart(document)),
        },
    )
    # Lone surrogates (undecodable names) cannot be written as UTF-8; controls are
    # HTML parse errors.
    page = page.encode("utf-8", "replace").decode("utf-8")
    return _CONTROL.sub("\ufffd", page)


def require() -> None:
    """Raise :class:`HtmlExtraMissing` now if :func:`render` could not run (CLI: exit 3).

    Lets a command fail before it reads any input; imports Jinja2 and matplotlib.
    """
    _import("jinja2")
    _import("markupsafe")
    _import("matplotlib")
    _import("matplotlib.figure")


def _import(name: str) -> t.Any:
    import importlib

    try:
        return importlib.import_module(name)
    except ImportError as err:
        raise HtmlExtraMissing(
            f"the HTML report needs {name}, which is not installed: pip install 'ddlaudit[{EXTRA}]'"
        ) from err


def check_document(document: t.Mapping[str, t.Any]) -> None:
    """Raise :class:`AuditDocumentError` naming the first missing key or wrong kind."""
    _need(document, _TOP_KEYS, "document")
    _need(document["summary"], _SUMMARY_KEYS, "summary")
    if not isinstance(document["tables"], list):
        raise AuditDocumentError("audit document: tables: expected a list")
    for i, table in enumerate(document["tables"]):
        where = f"tables[{i}]"
        _need(table, _TABLE_KEYS, where)
        for key, fields in _LIST_KEYS.items():
            if not isinstance(table[key], list):
                raise AuditDocumentError(f"audit document: {where}.{key}: expected a list")
            for j, item in enumerate(table[key]):
                _need(item, fields, f"{where}.{key}[{j}]")


def _need(value: t.Any, keys: t.Iterable[str], where: str) -> None:
    if not isinstance(value, t.Mapping):
        raise AuditDocumentError(f"audit document: {where}: expected an object")
    for key in keys:
        if key not in value:
            raise AuditDocumentError(f"audit document: {where}: missing key {key!r}")


def script_json(value: t.Any) -> str:
    """JSON safe inside ``<script type="application/json">``: no ``<``, ``>`` or ``&``.

    Those three only occur inside JSON strings, where ``\\u003c`` means the same, so
    neither ``</script>`` nor ``<!--`` can end or change the element; ``ensure_ascii``
    escapes U+2028/U+2029 (line ends to older JavaScript) and lone surrogates.
    """
    text = json.dumps(value, ensure_ascii=True, sort_keys=False, allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def number(value: t.Any, digits: int = 0) -> str:
    """A figure with thousands separators; ``None`` as an em dash.

    >>> number(1234567), number(3.456, 2), number(None), number(True)
    ('1,234,567', '3.46', '—', 'yes')
    """
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return f"{value:,.{digits}f}" if digits or isinstance(value, float) else f"{value:,}"
    return str(value)


def chart_label(name: str, limit: int = _LABEL_CHARS) -> str:
    """A name on one line, cut to ``limit`` characters (tick labels stay readable)."""
    text = _SPACES.sub(" ", _CONTROL.sub(" ", name)).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- the view: what the template shows, computed once -------------------------------


def _view(document: t.Mapping[str, t.Any]) -> dict[str, t.Any]:
    summary = document["summary"]
    total = sum(int(summary["by_mapping"].get(m, 0) or 0) for m in MAPPINGS)
    rows = []
    actions = []
    exceeded = []
    for i, table in enumerate(document["tables"]):
        anchor = f"table-{i + 1}"
        counts = Counter(c["mapping"] for c in table["columns"])
        source, target = table["source_row_bytes"], table["target_row_bytes"]
        rows.append(
            {
                "anchor": anchor,
                "counts": counts,
                "delta": target - source if source is not None and target is not None else None,
                "exceeded": sum(1 for limit in table["limits"] if limit["exceeded"]),
                "worst": _worst(counts),
            }
        )
        for action in table["actions"]:
            rank = SEVERITIES.index(action["severity"]) if action["severity"] in SEVERITIES else 3
            actions.append({**action, "anchor": anchor, "table": table["table"], "rank": rank})
        for limit in table["limits"]:
            if limit["exceeded"]:
                exceeded.append({**limit, "anchor": anchor, "table": table["table"]})
    actions.sort(key=lambda a: a["rank"])  # stable: document order (path, line) within a rank
    return {
        "total_columns": total,
        "percent": {
            m: (100.0 * (summary["by_mapping"].get(m, 0) or 0) / total if total else 0.0)
            for m in MAPPINGS
        },
        "rows": rows,
        "actions": actions,
        "severity_counts": Counter(a["severity"] for a in actions),
        "exceeded": exceeded,
        "target_bytes": any(tb["target_row_bytes"] is not None for tb in document["tables"]),
    }


def _worst(counts: t.Mapping[str, int]) -> str:
    """The table's outcome as ``summary.by_object`` counts it: clean, lossy or unsupported."""
    for mapping in ("unsupported", "lossy"):
        if counts.get(mapping):
            return mapping
    return "clean"


# -- charts: matplotlib's SVG backend, inlined ---------------------------------------


def _rc(salt: str) -> dict[RcKeyType, t.Any]:
    return {
        "svg.hashsalt": f"ddlaudit-{salt}",  # clip-path ids from a fixed salt: same bytes
        "svg.fonttype": "none",  # text stays text (selectable, escaped by the writer)
        "text.parse_math": False,  # "$" in a table name is not mathtext
        "font.family": "sans-serif",
        "font.sans-serif": ["DejaVu Sans"],
        "font.size": 9.5,
        "axes.edgecolor": "#c5cdd6",
        "axes.labelcolor": "#33414e",
        "xtick.color": "#33414e",
        "ytick.color": "#33414e",
        "axes.spines.top": False,
        "axes.spines.right": False,
    }


def _svg(figure: t.Any, prefix: str) -> str:
    """The figure as an inline ``<svg>``: no prolog, comments or global style; ids prefixed."""
    out = io.StringIO()
    with warnings.catch_warnings():
        # Glyphs DejaVu Sans lacks (Japanese names): the browser draws them with its fonts.
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        figure.savefig(
            out,
            format="svg",
            metadata={"Date": None, "Creator": None, "Format": None, "Type": None},
        )
    text = out.getvalue()
    text = text[text.index("<svg") :]
    text = _XML_COMMENT.sub("", text)
    text = re.sub(r"<style[^>]*>.*?</style>", "", text, flags=re.S)
    text = _SVG_ID.sub(lambda m: f'id="{prefix}-{m.group(1)}"', text)
    text = _SVG_REF.sub(lambda m: f"{m.group(1)}{prefix}-{m.group(2)}", text)
    return text.replace(
        "<svg ", f'<svg class="chart-svg" role="img" aria-labelledby="{prefix}-title" ', 1
    ).strip()


def row_size_chart(document: t.Mapping[str, t.Any]) -> str:
    """Grouped horizontal bars: row bytes on the source and on the target, per table."""
    import matplotlib
    from matplotlib.figure import Figure
    from matplotlib.ticker import StrMethodFormatter

    tables = [
        tb
        for tb in document["tables"]
        if tb["source_row_bytes"] is not None or tb["target_row_bytes"] is not None
    ]
    if not tables:
        return ""
    tables.sort(key=lambda tb: -max(tb["target_row_bytes"] or 0, tb["source_row_bytes"] or 0))
    shown = tables[:CHART_TABLES]
    maximum = _row_limit(shown)
    with matplotlib.rc_context(_rc("rows")):
        height = 1.1 + 0.42 * len(shown)
        figure = Figure(figsize=(6.4, height), layout="constrained")
        ax = figure.add_subplot()
        positions = list(range(len(shown)))
        # One bar per side that has figures; a missing figure is labelled "n/a", not 0.
        series = [
            (key, name, colour)
            for key, name, colour in (
                ("source_row_bytes", "source", SOURCE_COLOUR),
                ("target_row_bytes", f"target ({document['target']})", TARGET_COLOUR),
            )
            if any(tb[key] is not None for tb in shown)
        ]
        width = 0.76 / len(series)
        for k, (key, name, colour) in enumerate(series):
            offset = (k - (len(series) - 1) / 2) * width
            values = [tb[key] for tb in shown]
            bars = ax.barh(
                [p + offset for p in positions],
                [v or 0 for v in values],
                height=width * 0.95,
                color=colour,
                label=name,
            )
            labels = ["n/a" if v is None else number(v) for v in values]
            ax.bar_label(bars, labels=labels, padding=2, fontsize=7)
        ax.set_yticks(positions, _table_labels(shown))
        ax.invert_yaxis()
        ax.set_xlabel("bytes per row (maximum)")
        ax.xaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
        ax.xaxis.grid(True, color="#e3e8ee")
        ax.set_axisbelow(True)
        if maximum is not None:
            ax.axvline(maximum, color=MAPPING_COLOURS["unsupported"], linestyle="--", linewidth=1)
            ax.annotate(
                f"row limit {number(maximum)}",
                xy=(maximum, 1),
                xycoords=("data", "axes fraction"),
                xytext=(0, 2),
                textcoords="offset points",
                ha="center",
                va="bottom",
                fontsize=7.5,
                color=MAPPING_COLOURS["unsupported"],
            )
        ax.margins(x=0.12)
        ax.legend(loc="lower left", bbox_to_anchor=(0, 1), ncols=2, frameon=False, fontsize=8)
        return _svg(figure, "chart-rows")


def _table_labels(tables: t.Sequence[t.Mapping[str, t.Any]]) -> list[str]:
    """Table names for tick labels; a name shown twice (two files) gets its file and line."""
    names = [str(tb["table"]) for tb in tables]
    seen = Counter(names)
    return [
        chart_label(name)
        if seen[name] == 1
        else f"{chart_label(name, _LABEL_CHARS - 20)} ({chart_label(_file(tb), 18)})"
        for name, tb in zip(names, tables, strict=True)
    ]


def _file(table: t.Mapping[str, t.Any]) -> str:
    base = str(table["path"]).replace("\\", "/").rsplit("/", 1)[-1]
    return base if table["line"] is None else f"{base}:{table['line']}"


def _row_limit(tables: t.Sequence[t.Mapping[str, t.Any]]) -> float | None:
    """The target's row-size maximum when every table states the same one."""
    maxima = {
        limit["maximum"]
        for tb in tables
        for limit in tb["limits"]
        if limit["limit"] == "row size" and isinstance(limit["maximum"], int | float)
    }
    return maxima.pop() if len(maxima) == 1 else None


def mapping_chart(document: t.Mapping[str, t.Any]) -> str:
    """Horizontal bars: columns per mapping class, with the share of all columns."""
    import matplotlib
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    by_mapping = document["summary"]["by_mapping"]
    counts = [int(by_mapping.get(m, 0) or 0) for m in MAPPINGS]
    total = sum(counts)
    with matplotlib.rc_context(_rc("mapping")):
        figure = Figure(figsize=(6.4, 2.6), layout="constrained")
        ax = figure.add_subplot()
        bars = ax.barh(list(MAPPINGS), counts, color=[MAPPING_COLOURS[m] for m in MAPPINGS])
        labels = [f"{number(c)} ({100.0 * c / total:.0f}%)" if total else "0" for c in counts]
        ax.bar_label(bars, labels=labels, padding=3, fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel("columns")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.xaxis.grid(True, color="#e3e8ee")
        ax.set_axisbelow(True)
        ax.margins(x=0.15)
        return _svg(figure, "chart-mapping")


__all__ = [
    "EXTRA",
    "MAPPINGS",
    "AuditDocumentError",
    "HtmlExtraMissing",
    "chart_label",
    "check_document",
    "mapping_chart",
    "number",
    "render",
    "require",
    "row_size_chart",
    "script_json",
]
