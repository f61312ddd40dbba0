"""The rule catalogue: complete, consistent, documented, and docs/rules/ in step with it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from analyzer.diagnostics import CODES
from analyzer.findings import NAMES
from analyzer.rules import catalogue, families, get
from analyzer.rules.docs import pages, rule_markdown, split_fix
from analyzer.rules.registry import PLATFORMS

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
RULES = catalogue()


def test_every_diagnostic_code_is_a_rule_of_the_same_name() -> None:
    for code, (name, meaning) in CODES.items():
        rule = get(code)
        assert rule is not None, f"{code} has no rule"
        assert (rule.name, rule.summary) == (name, meaning), code
        assert rule.check is None, f"{code} is reported by its stage, not checked twice"


def test_every_replication_finding_is_a_rule() -> None:
    by_name = {r.name: r for r in RULES if r.family == "replication"}
    assert set(NAMES) <= set(by_name), set(NAMES) - set(by_name)
    assert all(by_name[n].reported_by == "replication estimators" for n in NAMES)


def test_at_least_forty_documented_rules_with_unique_codes_and_names() -> None:
    assert len(RULES) >= 40
    codes = [r.code for r in RULES]
    names = [r.name for r in RULES]
    assert len(set(codes)) == len(codes) and len(set(names)) == len(names)
    prefixes = {f.name: f.prefix for f in families()}
    for r in RULES:
        assert re.fullmatch(r"[A-Z][0-9]{3}", r.code), r.code
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", r.name), r.name
        assert r.code[0] == prefixes[r.family], (r.code, r.family)
        for field in ("summary", "what", "why", "example", "fix"):
            assert len(getattr(r, field).strip()) >= 10, (r.code, field)
        assert r.references, f"{r.code} cites no manual or decision"
        assert set(r.platforms) <= set(PLATFORMS), r.code
        assert r.level in ("source", "file", "scope", "diff"), r.code


def test_codes_in_order_within_each_family() -> None:
    for family in families():
        codes = [r.code for r in RULES if r.family == family.name]
        assert codes == sorted(codes), family.name


def test_style_rules_are_opt_in() -> None:
    """Naming style (N1xx) is opt-in, and so is what no schema is wrong to have (G003, an
    orphan table): default rules are ones a clean schema passes."""
    opt_in = {r.code for r in RULES if not r.enabled_by_default}
    assert {r.code for r in RULES if r.code.startswith("N1")} <= opt_in
    assert opt_in <= {r.code for r in RULES if r.code.startswith("N1")} | {"G003"}, opt_in


def test_docs_rules_are_generated_from_the_registry() -> None:
    """Regenerate with: python -m analyzer.rules.docs docs/rules"""
    wanted = pages()
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in DOCS.glob("*.md")}
    assert sorted(on_disk) == sorted(wanted), "docs/rules/ has missing or stale pages"
    drifted = [name for name, text in wanted.items() if on_disk[name] != text]
    assert not drifted, f"docs/rules/ drifted from the registry: {drifted[:5]}"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_page_has_every_section(rule: object) -> None:
    page = rule_markdown(rule)  # type: ignore[arg-type]
    for heading in ("## What it does", "## Why it matters", "## Example", "## Fix"):
        assert heading in page
    prose, _ = split_fix(rule.fix)  # type: ignore[attr-defined]
    assert prose
