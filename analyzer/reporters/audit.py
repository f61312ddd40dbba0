"""The ``ddlaudit audit`` report as plain text, JSON (docs/audit-json.md) or Markdown.

Every report is made from the JSON document (:func:`analyzer.audit.document`), so the
three formats (and the HTML report, ``analyzer/reporters/html.py``) say the same.  Text
from the input (table and column names, types, defaults in the messages) is made one
line in the text report (control characters become U+FFFD) and inert in the Markdown
(escaped like the lint's Markdown: a ``|`` cannot split a cell, ``<script>`` stays text).

>>> doc = {"target": "postgres", "sized": False, "rows": None, "source": {"dialects": ["tsql"]},
...        "summary": {"tables": 0, "columns": 0, "by_mapping": {"exact": 0, "widened": 0,
...        "lossy": 0, "unsupported": 0}, "by_object": {"tables": {"clean": 0, "lossy": 0,
...        "unsupported": 0}}, "limits_exceeded": 0, "constructs": 0, "manual_actions": 0,
...        "complexity": {"total": 0.0, "per_table_mean": 0.0, "formula": "f"}}, "tables": []}
>>> print(to_text(doc).splitlines()[0])
ddlaudit audit: 0 tables, 0 columns (tsql) -> postgres, no page sizing
"""

from __future__ import annotations

import html
import re
import typing as t

from analyzer.reporters.markdown import CONTROLS, _md

Document = t.Mapping[str, t.Any]


def to_json(document: Document) -> str:
    """The document as indented JSON (UTF-8 text, not ASCII-escaped), encoded by msgspec
    (D140; a float's exponent is written ``1e-7``, not ``1e-07``)."""
    from analyzer.jsontext import dumps

    return dumps(document) + "\n"


def _plain(value: object) -> str:
    """Input text on one line: line breaks become spaces, other controls U+FFFD.

    >>> _plain("a\\x00b\\r\\nc\\td")
    'a\ufffdb c\\td'
    """
    if isinstance(value, str) and value.isprintable():
        # no line break, no control: nothing to replace (a large audit's million values)
        return value
    text = " ".join(str(value).splitlines()) if value is not None else "-"
    return CONTROLS.sub("\ufffd", text)


def _num(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def _headline(document: Document) -> list[str]:
    s = document["summary"]
    dialects = ", ".join(document["source"]["dialects"]) or "no dialect"
    sized = (
        f"sized, {document['rows']:,} rows"
        if document["sized"] and document["rows"]
        else "sized"
        if document["sized"]
        else "no page sizing"
    )
    by = s["by_mapping"]
    tables = s["by_object"]["tables"]
    c = s["complexity"]
    return [
        f"ddlaudit audit: {s['tables']} tables, {s['columns']} columns ({dialects}) -> "
        f"{document['target']}, {sized}",
        "Columns: "
        + ", ".join(f"{k} {by[k]}" for k in ("exact", "widened", "lossy", "unsupported")),
        "Tables: " + ", ".join(f"{k} {tables[k]}" for k in ("clean", "lossy", "unsupported")),
        f"Limits exceeded: {s['limits_exceeded']}; constructs: {s['constructs']}; "
        f"manual actions: {s['manual_actions']}",
        f"Complexity: {c['total']} in total, {c['per_table_mean']} per table",
        f"  {c['formula']}",
    ]


#: A guide verdict's URL, left out of the concise guide lines (the JSON keeps it).
_URL = re.compile(r" \(https?://[^)]*\)")


def guide_differences(document: Document) -> list[tuple[str, list[str]]]:
    """Each distinct guide row the audit differs from, once: (the verdict without its URL,
    the ``table.column`` names it concerns), in report order (docs/audit.md, "Guides").

    >>> doc = {"tables": [{"table": "t", "columns": [{"name": "c", "guide": [
    ...     'differs from G, S (https://x): row "BYTEINT | TINYINT": unsigned'],
    ...     "target_type": "SMALLINT"}]}]}
    >>> guide_differences(doc)
    [('differs from G, S: row "BYTEINT | TINYINT": unsigned', ['t.c'])]
    """
    found: dict[str, list[str]] = {}
    for tb in document["tables"]:
        for c in tb["columns"]:
            for verdict in c.get("guide", ()):
                if verdict.startswith("differs from"):
                    key = _URL.sub("", verdict, count=1)
                    found.setdefault(key, []).append(f"{tb['table']}.{c['name']}")
    return list(found.items())


def _names(names: list[str], most: int = 5) -> str:
    more = f" (+{len(names) - most} more)" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def to_text(document: Document, explain: bool = False) -> str:
    """The report as plain text: the summary, then one block per table, then each guide
    row the audit differs from (once, with its columns) and the manual actions. With
    ``explain`` every column also lists what each guide says of its type."""
    out = _headline(document)
    for tb in document["tables"]:
        out += [
            "",
            f"== {_plain(tb['table'])} ({_plain(tb['path'])}:{_num(tb['line'])}, "
            f"{tb['source_dialect']} -> {document['target']}) complexity {tb['complexity']}",
        ]
        if document["sized"]:
            out.append(
                f"   row bytes: {_num(tb['source_row_bytes'])} on {tb['source_platform']} -> "
                f"{_num(tb['target_row_bytes'])} on {document['target']}; "
                f"{_num(tb['target_rows_per_page'])} rows per page, "
                f"{_num(tb['target_pages'])} pages"
            )
        width = max([6, *(len(_plain(c["name"])) for c in tb["columns"])])
        for c in tb["columns"]:
            target = _plain(c["target_type"]) if c["target_type"] else "(none)"
            line = (
                f"   {_plain(c['name']):<{width}}  {_plain(c['source_type'])} -> {target}  "
                f"{c['mapping'].upper()}"
            )
            if c["mapping"] in ("lossy", "unsupported") or explain:
                line += f": {_plain(c['reason'])}"
            out.append(line)
            if explain:
                out += [f"   {'':<{width}}  guide: {_plain(v)}" for v in c.get("guide", ())]
        for x in tb["limits"]:
            mark = "LIMIT" if x["exceeded"] else "NOTE"
            out.append(f"   {mark} {x['limit']}: {_plain(x['message'])}")
        for k in tb["constructs"]:
            out.append(
                f"   construct {k['construct']} (line {_num(k['line'])}): "
                f"{_plain(k['detail'])}: {_plain(k['action'])}"
            )
        for r in tb["replication"]:
            what = f"{_plain(r['object'])}: {_plain(r['detail'])}: {_plain(r['action'])}"
            out.append(f"   replication {what}")
    differences = guide_differences(document)
    if differences:
        out += ["", f"Guide rows ddlaudit differs from ({len(differences)}):"]
        for verdict, names in differences:
            out += [f"  {_plain(verdict)}", f"    columns: {_plain(_names(names))}"]
    actions = [(tb, a) for tb in document["tables"] for a in tb["actions"]]
    if actions:
        out += ["", f"Manual actions ({len(actions)}):"]
        for tb, a in actions:
            out.append(
                f"  {a['severity']:<7} {_plain(tb['path'])}:{_num(a['line'])} "
                f"{_plain(a['object'])}: {_plain(a['action'])}"
            )
    return "\n".join(out) + "\n"


def to_markdown(document: Document, explain: bool = False) -> str:
    """The report as GitHub Flavored Markdown (every input string escaped); the guide
    rows the audit differs from in a table; with ``explain`` each table's guide lines."""
    s = document["summary"]
    head = _headline(document)
    # The headline and summary lines hold counts, dialect and target names only (no input).
    out = [f"**{html.escape(head[0], quote=False)}**", ""]
    out += ["| Mapping | Columns |", "| --- | ---: |"]
    out += [f"| {k} | {v} |" for k, v in s["by_mapping"].items()]
    out += ["", "| Tables | Count |", "| --- | ---: |"]
    out += [f"| {k} | {v} |" for k, v in s["by_object"]["tables"].items()]
    out += ["", head[3], "", head[4], "", f"<sub>{html.escape(s['complexity']['formula'])}</sub>"]
    for tb in document["tables"]:
        out += ["", f"### {_md(tb['table'])}", ""]
        where = f"{tb['path']}:{_num(tb['line'])}, {tb['source_dialect']} -> {document['target']}"
        line = f"{_md(where)}; complexity {tb['complexity']}"
        if document["sized"]:
            line += (
                f"; row bytes {_num(tb['source_row_bytes'])} -> {_num(tb['target_row_bytes'])}"
                f", {_num(tb['target_pages'])} pages"
            )
        out += [line, ""]
        out += ["| Column | Source type | Target type | Mapping | Loses | Reason |"]
        out += ["| --- | --- | --- | --- | --- | --- |"]
        for c in tb["columns"]:
            cells = (
                _md(c["name"]),
                _md(c["source_type"]),
                _md(c["target_type"]) if c["target_type"] else "(none)",
                c["mapping"],
                _md(", ".join(c["loses"])),
                _md(c["reason"]),
            )
            out.append("| " + " | ".join(cells) + " |")
        said = [(c, v) for c in tb["columns"] for v in c.get("guide", ())]
        if explain and said:
            out += ["", "<details><summary>Guides</summary>", ""]
            out += [f"- {_md(c['name'])}: {_md(v)}" for c, v in said]
            out += ["", "</details>"]
        notes = [f"- **{_md(x['limit'])}**: {_md(x['message'])}" for x in tb["limits"]]
        notes += [
            f"- {_md(k['construct'])}: {_md(k['detail'])}: {_md(k['action'])}"
            for k in tb["constructs"]
        ]
        notes += [
            f"- replication {_md(r['object'])}: {_md(r['detail'])}: {_md(r['action'])}"
            for r in tb["replication"]
        ]
        if notes:
            out += ["", *notes]
    differences = guide_differences(document)
    if differences:
        out += ["", f"### Guide rows ddlaudit differs from ({len(differences)})", ""]
        out += ["| Guide row and why ddlaudit differs | Columns |", "| --- | --- |"]
        out += [f"| {_md(v)} | {_md(_names(names))} |" for v, names in differences]
    actions = [(tb, a) for tb in document["tables"] for a in tb["actions"]]
    if actions:
        out += ["", f"<details><summary>Manual actions ({len(actions)})</summary>", ""]
        out += [
            f"- {a['severity']}: <code>{_md(tb['path'])}:{_num(a['line'])}</code> "
            f"{_md(a['object'])}: {_md(a['action'])}"
            for tb, a in actions
        ]
        out += ["", "</details>"]
    return "\n".join(out) + "\n"
