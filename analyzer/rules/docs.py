"""Rule documentation from the registry: ``ddlaudit rules`` and the pages of docs/rules/.

A rule's ``fix`` is prose, optionally followed by a blank line and the DDL that passes;
the DDL is shown as a code block.  ``python -m analyzer.rules.docs docs/rules`` rewrites
the pages; ``tests/test_rules_catalogue.py`` fails when they drift from the registry.

>>> from analyzer.rules import get
>>> print(rule_markdown(get("C001")).splitlines()[0])
# C001 duplicate-column
"""

from __future__ import annotations

import sys
import typing as t
from collections.abc import Sequence
from pathlib import Path

from analyzer.rules.registry import Rule

_FENCE = {"tsql": "sql", "sybase": "sql", "teradata": "sql", "hirdb": "sql", "rcl": "sql"}


def page_url(base: str, code: str) -> str:
    """A rule's page under ``[lint] docs-url`` (``docs/rules/CODE.md`` as generated): the
    SARIF ``helpUri`` and the language server's ``codeDescription.href``.

    >>> page_url("https://example.com/ddlaudit/rules/", "N002")
    'https://example.com/ddlaudit/rules/N002.md'
    """
    return f"{base.rstrip('/')}/{code}.md"


def _platforms(rule: Rule) -> str:
    return ", ".join(rule.platforms) if rule.platforms else "all"


def _default(rule: Rule) -> str:
    return "enabled by default" if rule.enabled_by_default else "opt-in"


def split_fix(fix: str) -> tuple[str, str | None]:
    """``(prose, ddl)`` of a rule's fix text: the DDL after the first blank line, if any
    (a fix whose second paragraph does not look like DDL is all prose)."""
    prose, sep, rest = fix.partition("\n\n")
    if sep and rest.lstrip()[:1].isalpha() and _looks_like_ddl(rest):
        return prose.strip(), rest.strip("\n")
    return fix.strip(), None


def _looks_like_ddl(text: str) -> bool:
    head = text.lstrip().split(None, 1)[0].lower() if text.strip() else ""
    return head in {
        "create",
        "alter",
        "drop",
        "exec",
        "execute",
        "sp_addtype",
        "replicate",
        "define",
        "--",
        "insert",
        "go",
    } or text.lstrip().startswith("--")


def rule_dict(rule: Rule) -> dict[str, t.Any]:
    """Every documented field of ``rule`` (``ddlaudit rules --format json``)."""
    return {
        "code": rule.code,
        "name": rule.name,
        "family": rule.family,
        "severity": rule.severity.value,
        "enabled_by_default": rule.enabled_by_default,
        "platforms": list(rule.platforms),
        "summary": rule.summary,
        "what": rule.what,
        "why": rule.why,
        "example": rule.example,
        "fix": rule.fix,
        "references": list(rule.references),
        "reported_by": rule.reported_by,
        "level": rule.level if rule.check is not None else None,
        "dialect": rule.dialect,
    }


def table_text(rules: Sequence[Rule]) -> str:
    """One line per rule: code, name, severity, default, platforms, summary."""
    lines = []
    for r in rules:
        flag = " " if r.enabled_by_default else "o"
        lines.append(
            f"{r.code}  {r.name:<36} {r.severity.value:<7} {flag} {_platforms(r):<20} {r.summary}"
        )
    lines.append("")
    lines.append(f"{len(rules)} rules; o = opt-in (enable with --select or --extend-select).")
    return "\n".join(lines)


def rule_text(rule: Rule) -> str:
    """One rule's page for a terminal."""
    prose, ddl = split_fix(rule.fix)
    parts = [
        f"{rule.code} {rule.name} ({rule.family}; {rule.severity.value}; {_default(rule)}; "
        f"platforms: {_platforms(rule)})",
        "",
        rule.summary,
        "",
        "What it does:",
        _indent(rule.what),
        "",
        "Why it matters:",
        _indent(rule.why),
        "",
        "Example:",
        _indent(rule.example),
        "",
        "Fix:",
        _indent(prose),
    ]
    if ddl:
        parts += ["", _indent(ddl)]
    if rule.references:
        parts += ["", "References:", *(f"  - {ref}" for ref in rule.references)]
    return "\n".join(parts)


def _indent(text: str) -> str:
    return "\n".join("  " + line if line else "" for line in text.splitlines())


def rule_markdown(rule: Rule) -> str:
    """One rule's page of docs/rules/ (ruff's layout)."""
    fence = _FENCE.get(rule.dialect, "sql")
    prose, ddl = split_fix(rule.fix)
    lines = [
        f"# {rule.code} {rule.name}",
        "",
        f"{rule.summary[:1].upper()}{rule.summary[1:]}.",
        "",
        "| Family | Severity | Default | Platforms | Reported by |",
        "|---|---|---|---|---|",
        f"| {rule.family} | {rule.severity.value} | {_default(rule)} | {_platforms(rule)} "
        f"| {rule.reported_by} |",
        "",
        "## What it does",
        "",
        rule.what,
        "",
        "## Why it matters",
        "",
        rule.why,
        "",
        "## Example",
        "",
        f"```{fence}",
        rule.example,
        "```",
        "",
        "## Fix",
        "",
        prose,
    ]
    if ddl:
        lines += ["", f"```{fence}", ddl, "```"]
    if rule.references:
        lines += ["", "## References", "", *(f"- {ref}" for ref in rule.references)]
    return "\n".join(lines) + "\n"


def index_markdown(rules: Sequence[Rule], families: Sequence[t.Any]) -> str:
    """docs/rules/README.md: every rule by family, linked to its page."""
    lines = [
        "# Rules",
        "",
        "Generated from the registry (`analyzer/rules/`) by "
        "`python -m analyzer.rules.docs docs/rules`; do not edit by hand.",
        "",
        f"{len(rules)} rules. `ddlaudit rules` lists them, `ddlaudit rules CODE` prints one. "
        "Opt-in rules run only when selected (`--select`, `--extend-select`, `[lint]`).",
    ]
    for family in families:
        members = [r for r in rules if r.family == family.name]
        if not members:
            continue
        lines += [
            "",
            f"## {family.prefix}: {family.name}",
            "",
            family.description,
            "",
            "| Code | Name | Severity | Default | Platforms | Summary |",
            "|---|---|---|---|---|---|",
        ]
        for r in members:
            lines.append(
                f"| [{r.code}]({r.code}.md) | {r.name} | {r.severity.value} | {_default(r)} "
                f"| {_platforms(r)} | {r.summary} |"
            )
    return "\n".join(lines) + "\n"


def pages() -> dict[str, str]:
    """File name -> content of every page of docs/rules/."""
    from analyzer.rules import catalogue, families

    rules = catalogue()
    out = {f"{r.code}.md": rule_markdown(r) for r in rules}
    out["README.md"] = index_markdown(rules, families())
    return out


def write(directory: str) -> list[str]:
    """Rewrite docs/rules/ (stale pages removed); returns the files written."""
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    wanted = pages()
    for old in target.glob("*.md"):
        if old.name not in wanted:
            old.unlink()
    for name, text in wanted.items():
        (target / name).write_text(text, encoding="utf-8")
    return sorted(wanted)


if __name__ == "__main__":  # pragma: no cover
    written = write(sys.argv[1] if len(sys.argv) > 1 else "docs/rules")
    print(f"wrote {len(written)} pages")
