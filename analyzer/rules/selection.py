"""Which rules a run reports, at which severity, and what fails it (``[lint]``, CLI flags).

Selectors are codes or code prefixes (``K``, ``K00``, ``K001``) or ``ALL``, as in ruff:
the rules enabled by default run unless ``select`` names others; ``extend-select`` adds,
``ignore`` removes.  When a rule matches both a selecting and an ignoring selector, the
more specific (longer) one wins, and on a tie ``ignore`` wins, so ``ignore = ["K"]``
with ``extend-select = ["K001"]`` keeps K001 alone.  Severity overrides and
per-file-ignores use the same selectors (the most specific severity wins).

>>> from analyzer.config import LintSettings
>>> s = resolve(LintSettings(select=("C",), ignore=("C002",)))
>>> sorted(s.enabled)
['C001']
>>> resolve(LintSettings(select=("Q9",)))
Traceback (most recent call last):
...
analyzer.rules.selection.SelectionError: [lint] select: no rule has the code or prefix Q9
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import field
from pathlib import PurePath

from analyzer.config import LintSettings, glob_match
from analyzer.ir import Severity
from analyzer.records import record
from analyzer.rules import catalogue
from analyzer.rules.registry import SEVERITY_ORDER, Rule


class SelectionError(ValueError):
    """A selector names no rule, or a value is out of range; the message says which."""


def _matches(selector: str, code: str) -> bool:
    return selector == "ALL" or code.startswith(selector)


def _specificity(selector: str) -> int:
    return 0 if selector == "ALL" else len(selector)


def check_selectors(selectors: Iterable[str], where: str, rules: Sequence[Rule]) -> None:
    """Raise :class:`SelectionError` naming every selector that matches no rule."""
    codes = [r.code for r in rules]
    unknown = [s for s in selectors if not any(_matches(s, c) for c in codes)]
    if unknown:
        plural = "s" if len(unknown) > 1 else ""
        raise SelectionError(
            f"{where}: no rule has the code{plural} or prefix{'es' if plural else ''} "
            f"{', '.join(unknown)}"
        )


@record
class Selection:
    """The resolved ``[lint]`` settings of a run."""

    enabled: frozenset[str]
    severity: tuple[tuple[str, Severity], ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    fail_on: Severity | None = Severity.WARNING
    rules: tuple[Rule, ...] = field(default_factory=tuple)

    def severity_of(self, code: str, default: Severity) -> Severity:
        """The configured severity of ``code`` (the most specific override), else ``default``."""
        best, level = -1, default
        for selector, value in self.severity:
            if _matches(selector, code) and _specificity(selector) >= best:  # later wins ties
                best, level = _specificity(selector), value
        return level

    def ignored_in(self, path: str, code: str) -> bool:
        """True when a ``per-file-ignores`` glob matching ``path`` names ``code``."""
        if not self.per_file_ignores:
            return False
        posix = PurePath(path).as_posix()
        return any(
            glob_match(posix, glob) and any(_matches(s, code) for s in codes)
            for glob, codes in self.per_file_ignores
        )

    def reports(self, path: str, code: str) -> bool:
        return code in self.enabled and not self.ignored_in(path, code)

    @property
    def enabled_rules(self) -> tuple[Rule, ...]:
        return tuple(r for r in self.rules if r.code in self.enabled)


def _enabled(settings: LintSettings, rules: Sequence[Rule]) -> frozenset[str]:
    positive = [*(settings.select or ()), *settings.extend_select]
    out = set()
    for rule in rules:
        # The default selection is the enabled-by-default rules, at specificity 0.
        best_on = 0 if settings.select is None and rule.enabled_by_default else -1
        for s in positive:
            if _matches(s, rule.code):
                best_on = max(best_on, _specificity(s))
        best_off = max(
            (_specificity(s) for s in settings.ignore if _matches(s, rule.code)), default=-1
        )
        if best_on >= 0 and best_on > best_off:
            out.add(rule.code)
    return frozenset(out)


def resolve(settings: LintSettings, rules: Sequence[Rule] | None = None) -> Selection:
    """Check every selector of ``settings`` against the catalogue and resolve them."""
    rules = tuple(catalogue() if rules is None else rules)
    check_selectors(settings.select or (), "[lint] select", rules)
    check_selectors(settings.extend_select, "[lint] extend-select", rules)
    check_selectors(settings.ignore, "[lint] ignore", rules)
    check_selectors((c for c, _ in settings.severity), "[lint] severity", rules)
    for glob, codes in settings.per_file_ignores:
        check_selectors(codes, f"[lint] per-file-ignores {glob!r}", rules)
    fail_on = None if settings.fail_on == "never" else Severity(settings.fail_on)
    return Selection(
        enabled=_enabled(settings, rules),
        severity=tuple((c, Severity(v)) for c, v in settings.severity),
        per_file_ignores=settings.per_file_ignores,
        fail_on=fail_on,
        rules=rules,
    )


def at_least(severity: Severity, floor: Severity) -> bool:
    return SEVERITY_ORDER[severity] >= SEVERITY_ORDER[floor]
