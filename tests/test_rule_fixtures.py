"""Every rule has a failing and a passing fixture (fixtures/rules/README.md), and each
gives exactly what it promises: the failing one a finding of the rule on every line
marked ``-- expect: CODE`` (and nowhere else), the passing one none."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from analyzer.config import Config, load
from analyzer.core import Options
from analyzer.rules import catalogue, get
from analyzer.rules.registry import Finding
from analyzer.rules.selection import resolve
from analyzer.workflow import lint

ROOT = Path(__file__).resolve().parent.parent / "fixtures" / "rules"

#: Rules no input can trigger by design; each is exercised by its own test instead.
UNREACHABLE = {
    "D900": "an internal error is a bug in ddlaudit (tests/test_lint.py forces one)",
    "P004": "--dialect and [dialects] reject unknown dialects first (exit 2); only a library "
    "call with Options(dialect=...) reaches it (tests/test_lint.py)",
    "S003": "every dialect maps to a sized platform and [size] platform accepts only sized "
    "ones; only a library call reaches it (tests/test_lint.py)",
    "P006": "needs the compiled sqlglot build installed (tests/test_lint.py fakes it)",
}

_EXPECT = re.compile(r"--\s*expect:\s*([A-Z][0-9]{3}(?:\s*,\s*[A-Z][0-9]{3})*)")


def _case(code: str, kind: str) -> Path | None:
    directory = ROOT / code
    if (directory / kind).is_dir():
        return directory / kind
    found = sorted(p for p in directory.glob(f"{kind}.*") if p.is_file() or p.is_symlink())
    return found[0] if found else None


def _config(code: str, target: Path) -> Config:
    """The case's own config (``fail/ddlaudit.toml``), else the rule's, else the defaults."""
    for path in (target / "ddlaudit.toml", ROOT / code / "ddlaudit.toml"):
        if path.exists():
            return load(str(path))
    return Config()


def _run(code: str, target: Path) -> list[Finding]:
    config = _config(code, target)
    # Only the rule, plus what the fixture's config adds on purpose (extend-select).
    settings = dataclasses.replace(config.lint, select=(code,), ignore=())
    rule = get(code)
    if rule is not None and rule.level == "diff":
        # A change-safety rule's fixture is a change: ``base/`` and ``head/`` directories.
        from analyzer.diff import diff

        result = diff(
            str(target / "base"),
            str(target / "head"),
            selection=resolve(settings),
            options=Options(config=config),
            sizing=config.sizing,
        )
        return [x.finding for x in result.new if x.finding.code == code]
    run = lint(
        [str(target)],
        Options(config=config),
        config.sizing,
        resolve(settings),
        workload_path=config.lint.workload,
        root=str(ROOT),
    )
    return [f for f in run.report.findings if f.code == code]


def _expected(code: str, target: Path) -> set[tuple[str, int]]:
    files = sorted(p for p in target.rglob("*") if p.is_file()) if target.is_dir() else [target]
    out = set()
    for f in files:
        if not f.exists():
            continue
        try:
            text = f.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            m = _EXPECT.search(line)
            if m and code in [c.strip() for c in m.group(1).split(",")]:
                out.add((str(f), number))
    return out


RULES = [r.code for r in catalogue()]


def test_every_rule_has_fixtures() -> None:
    missing = [c for c in RULES if _case(c, "pass") is None]
    missing += [c for c in RULES if c not in UNREACHABLE and _case(c, "fail") is None]
    assert not missing, f"rules without fixtures: {missing}"
    strays = sorted(p.name for p in ROOT.iterdir() if p.is_dir() and p.name not in set(RULES))
    assert not strays, f"fixture directories of no rule: {strays}"


@pytest.mark.parametrize("code", RULES)
def test_failing_fixture(code: str) -> None:
    target = _case(code, "fail")
    if target is None:
        assert code in UNREACHABLE, f"{code} has no failing fixture"
        pytest.skip(UNREACHABLE[code])
    found = _run(code, target)
    assert found, f"{code}: {target} gives no finding of the rule"
    expected = _expected(code, target)
    if expected:
        got = {(f.path, f.line) for f in found}
        assert {(str(Path(p).resolve()), n) for p, n in got} == {
            (str(Path(p).resolve()), n) for p, n in expected
        }, f"{code}: findings on {sorted(got)}, markers on {sorted(expected)}"


@pytest.mark.parametrize("code", RULES)
def test_passing_fixture(code: str) -> None:
    target = _case(code, "pass")
    assert target is not None, f"{code} has no passing fixture"
    found = _run(code, target)
    assert not found, f"{code}: {target} gives {[(f.path, f.line, f.message) for f in found]}"
