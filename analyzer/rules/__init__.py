"""The rule catalogue: every rule ddlaudit reports, one module per family.

Each family module defines ``FAMILY`` (its :class:`~analyzer.rules.registry.Family`)
and ``RULES`` (its rules, in code order).  :data:`FAMILIES` lists the modules in the
order the catalogue shows them; :func:`catalogue` assembles them once per call (it is
cheap and keeps no global state) and :func:`get` finds one rule.

>>> rule = get("C001")
>>> rule.name, rule.family, rule.severity.value
('duplicate-column', 'schema', 'error')
>>> get("c001") is not None
True
"""

from __future__ import annotations

import functools
import importlib
from types import ModuleType

from analyzer.rules.registry import Family, Finding, Report, Rule

__all__ = ["FAMILIES", "Family", "Finding", "Report", "Rule", "catalogue", "families", "get"]

#: The family modules, in catalogue order: the stages' own diagnostics first (source,
#: syntax, types, replication, HiRDB, sizing), then the rules only lint checks.
FAMILIES: tuple[str, ...] = (
    "source",
    "syntax",
    "types",
    "replication",
    "hirdb",
    "sizing",
    "schema",
    "keys",
    "graph",
    "identifiers",
    "suppressions",
    "migration",
)


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"analyzer.rules.{name}")


@functools.cache
def _catalogue() -> tuple[Rule, ...]:
    # Cached: rules are frozen and the modules never change during a run.
    rules: list[Rule] = []
    for name in FAMILIES:
        rules.extend(_module(name).RULES)
    return tuple(rules)


def catalogue() -> tuple[Rule, ...]:
    """Every rule, family by family, each family in code order."""
    return _catalogue()


def families() -> tuple[Family, ...]:
    """Every family, in catalogue order."""
    return tuple(_module(name).FAMILY for name in FAMILIES)


@functools.cache
def _by_code() -> dict[str, Rule]:
    return {r.code: r for r in _catalogue()}


def get(code: str) -> Rule | None:
    """The rule with ``code`` (case-insensitive), or None."""
    return _by_code().get(code.upper())
