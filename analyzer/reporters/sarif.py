"""SARIF 2.1.0 log of ``ddlaudit lint`` for GitHub code scanning and other SARIF viewers.

One run: ``tool.driver`` lists every rule the run had enabled (id, name, the
descriptions and help GitHub shows, default level, tags), each finding is a
result pointing into its rule by ``ruleIndex``.  Paths inside ``report.root`` are
relative URIs against ``%SRCROOT%`` (declared in ``originalUriBaseIds``), which is
what GitHub matches against the repository; paths outside it are absolute
``file:`` URIs.  Columns count characters (``columnKind: unicodeCodePoints``).
The log validates against the OASIS schema (tests/schemas/).

>>> from analyzer.ir import Severity, Span
>>> from analyzer.rules.registry import Finding, Report
>>> f = Finding("C001", Severity.WARNING, "column a is declared twice", "db/a b.sql",
...             Span("db/a b.sql", 2, 3, 2, 4, 20, 21), fingerprint="1f2e")
>>> log = json.loads(render(Report((f,), (), ("db/a b.sql",), root="/src")))
>>> result = log["runs"][0]["results"][0]
>>> result["level"], result["locations"][0]["physicalLocation"]["artifactLocation"]
('warning', {'uri': 'db/a%20b.sql', 'uriBaseId': '%SRCROOT%'})
>>> log["runs"][0]["originalUriBaseIds"]
{'%SRCROOT%': {'uri': 'file:///src/'}}
"""

from __future__ import annotations

import json
import os
import re
import typing as t
from collections.abc import Callable
from pathlib import Path, PureWindowsPath
from urllib.parse import quote

from analyzer import __version__
from analyzer.ir import Severity, Span
from analyzer.rules.registry import Finding, Report, Rule

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
#: partialFingerprints key: versioned, so a change of fingerprint recipe is a new key.
FINGERPRINT_KEY = "ddlaudit/v1"

_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
#: GitHub rejects rule descriptions longer than this.
_MAX_DESCRIPTION = 1024
#: Path characters left unencoded: RFC 3986 unreserved, "/" and sub-delims.  ":" is
#: encoded, or a relative reference like "c:x.sql" would read as a URI scheme.
_SAFE = "/!$&'()*+,;=@"
_SEMVER = re.compile(
    r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(-(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(\.(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?"
    r"(\+[0-9a-zA-Z-]+(\.[0-9a-zA-Z-]+)*)?"
)
_DRIVE = re.compile(r"[A-Za-z]:/")
#: Lone surrogates other than surrogateescape's U+DC80..U+DCFF (undecodable bytes).
_UNMAPPABLE = re.compile("[\ud800-\udc7f\udd00-\udfff]")


def render(
    report: Report,
    help_uri: Callable[[Rule], str | None] | None = None,
    information_uri: str | None = None,
) -> str:
    """The SARIF log as indented JSON text ending with a newline.

    ``help_uri`` gives a rule's documentation page (``helpUri``; absolute URI or
    None); ``information_uri`` the tool's home page (``informationUri``), omitted
    when None.
    """
    rules: list[Rule] = []
    index: dict[str, int] = {}
    for rule in report.rules:
        # SARIF wants rule ids unique (rules has uniqueItems); the first one wins.
        if rule.code not in index:
            index[rule.code] = len(rules)
            rules.append(rule)
    version = report.tool_version or __version__
    driver: dict[str, t.Any] = {"name": "ddlaudit", "version": version}
    if _SEMVER.fullmatch(version):
        driver["semanticVersion"] = version
    if information_uri:
        driver["informationUri"] = information_uri
    driver["rules"] = [_rule(r, help_uri) for r in rules]
    root = os.path.abspath(report.root)
    by_code = {r.code: r for r in rules}
    run: dict[str, t.Any] = {
        "tool": {"driver": driver},
        "invocations": [{"executionSuccessful": True}],
        "originalUriBaseIds": {SRCROOT: {"uri": _directory_uri(root)}},
        "columnKind": "unicodeCodePoints",
        "results": [_result(f, index, by_code.get(f.code), root) for f in report.findings],
    }
    log = {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}
    text = json.dumps(log, indent=2, ensure_ascii=False)
    # Lone surrogates (paths read with surrogateescape) cannot be written as UTF-8;
    # "\udcxx" is their JSON escape, so the log means the same.
    return text.encode("utf-8", "backslashreplace").decode("utf-8") + "\n"


def _rule(rule: Rule, help_uri: Callable[[Rule], str | None] | None) -> dict[str, t.Any]:
    summary = rule.summary or rule.name or rule.code
    out: dict[str, t.Any] = {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": _clip(summary)},
        "fullDescription": {"text": _clip(rule.what or summary)},
        "help": {"text": _help_text(rule), "markdown": _help_markdown(rule)},
    }
    uri = help_uri(rule) if help_uri is not None else None
    if uri:
        out["helpUri"] = uri
    out["defaultConfiguration"] = {"level": _LEVELS[rule.severity]}
    tags = list(dict.fromkeys(tag for tag in (rule.family, *rule.platforms) if tag))
    out["properties"] = {"tags": tags}
    return out


def _result(f: Finding, index: dict[str, int], rule: Rule | None, root: str) -> dict[str, t.Any]:
    out: dict[str, t.Any] = {"ruleId": f.code}
    if f.code in index:
        out["ruleIndex"] = index[f.code]
    out["level"] = _LEVELS[f.severity]
    # GitHub shows the message's first sentence; never leave it empty.
    text = f.message or (rule.summary if rule is not None else "") or f.code
    out["message"] = {"text": text}
    if f.path:
        physical: dict[str, t.Any] = {"artifactLocation": _artifact_location(f.path, root)}
        region = _region(f)
        if region:
            physical["region"] = region
        out["locations"] = [{"physicalLocation": physical}]
    related = [
        {
            "id": i,
            "physicalLocation": {
                "artifactLocation": _artifact_location(span.file, root),
                "region": _span_region(span),
            },
            "message": {"text": "related definition"},
        }
        for i, span in enumerate(f.related)
        if span.line >= 1
    ]
    if related:
        out["relatedLocations"] = related
    if f.fingerprint:
        out["partialFingerprints"] = {FINGERPRINT_KEY: f.fingerprint}
    return out


def _region(f: Finding) -> dict[str, int]:
    return _span_region(f.span)


def _span_region(span: Span | None) -> dict[str, int]:
    if span is None or span.line < 1:
        return {}
    region = {"startLine": span.line}
    if span.column >= 1:
        region["startColumn"] = span.column
    end_line = max(span.end_line, span.line)
    region["endLine"] = end_line
    if span.end_column >= 1:
        end_column = span.end_column
        if end_line == span.line and span.column >= 1:
            end_column = max(end_column, span.column)
        region["endColumn"] = end_column
    return region


def _artifact_location(path: str, root: str) -> dict[str, str]:
    """``path`` as a URI: relative to ``%SRCROOT%`` inside ``root``, else absolute."""
    # Surrogates surrogateescape cannot turn back into bytes would make encoding fail.
    path = _UNMAPPABLE.sub("\ufffd", path)
    if os.sep == "/" and ("\\" in path or _DRIVE.match(path)):
        # A Windows path seen on POSIX: an absolute one cannot lie under a POSIX root
        # (as_uri encodes strict UTF-8, hence U+FFFD for undecodable bytes first); in a
        # relative one the backslashes are separators, and SARIF URIs use "/".
        windows = PureWindowsPath(
            path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        )
        if windows.is_absolute():
            return {"uri": windows.as_uri()}
        path = path.replace("\\", "/")
    full = os.path.normpath(os.path.join(root, path))
    try:
        rel = os.path.relpath(full, root)
    except ValueError:  # another drive on Windows
        rel = os.pardir
    if rel == os.pardir or rel.startswith(os.pardir + os.sep):
        return {"uri": Path(full).as_uri()}
    posix = rel.replace(os.sep, "/")
    return {"uri": _quote(posix), "uriBaseId": SRCROOT}


def _directory_uri(root: str) -> str:
    uri = Path(root).as_uri()
    return uri if uri.endswith("/") else uri + "/"


def _quote(path: str) -> str:
    # surrogateescape gives back the bytes of an undecodable file name.
    return quote(path.encode("utf-8", "surrogateescape"), safe=_SAFE)


def _clip(text: str) -> str:
    return text if len(text) <= _MAX_DESCRIPTION else text[: _MAX_DESCRIPTION - 1] + "…"


def _help_text(rule: Rule) -> str:
    parts = [rule.what or rule.summary]
    if rule.why:
        parts.append("Why is this bad?\n" + rule.why)
    if rule.example:
        parts.append("Example:\n" + _indent(rule.example))
    if rule.fix:
        parts.append("Use instead:\n" + _indent(rule.fix))
    if rule.references:
        parts.append("References:\n" + "\n".join(f"- {r}" for r in rule.references))
    return "\n\n".join(p for p in parts if p)


def _help_markdown(rule: Rule) -> str:
    parts = ["## What it does\n" + (rule.what or rule.summary)]
    if rule.why:
        parts.append("## Why is this bad?\n" + rule.why)
    if rule.example:
        parts.append("## Example\n" + _fence(rule.example))
    if rule.fix:
        parts.append("## Use instead\n" + _fence(rule.fix))
    if rule.references:
        parts.append("## References\n" + "\n".join(f"- {r}" for r in rule.references))
    return "\n\n".join(parts)


def _indent(code: str) -> str:
    return "\n".join("    " + line if line else "" for line in code.splitlines())


def _fence(code: str) -> str:
    # A fence longer than any backtick run inside, so the SQL cannot close it.
    runs = re.findall(r"`+", code)
    ticks = "`" * max(3, max((len(r) for r in runs), default=0) + 1)
    return f"{ticks}sql\n{code.rstrip()}\n{ticks}"
