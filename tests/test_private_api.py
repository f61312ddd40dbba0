"""The package uses no private CPython API (issue 30 item 1; D137): no underscore module of
the standard library (``_sre``, ``_sha2``, ``re._parser``), no underscore name taken from a
standard module (``sys._getframe``, ``dataclasses._HAS_DEFAULT_FACTORY``)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(p for folder in ("analyzer", "grammars") for p in (ROOT / folder).rglob("*.py"))


def _private(dotted: str) -> bool:
    parts = dotted.split(".")
    top = parts[0].lstrip("_")
    if parts[0] not in sys.stdlib_module_names and top not in sys.stdlib_module_names:
        return False
    return any(p.startswith("_") and not p.startswith("__") for p in parts)


def private_uses(text: str) -> list[str]:
    """What ``text`` takes from the standard library's private names, as ``line: name``.

    >>> private_uses("import re._parser\\nfrom dataclasses import _MISSING_TYPE\\nimport os")
    ['1: re._parser', '2: dataclasses._MISSING_TYPE']
    >>> private_uses("import sys as s\\ns._getframe(1)\\nx._private")
    ['2: sys._getframe']
    """
    found: list[str] = []
    modules: dict[str, str] = {}  # local name -> standard module
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{node.lineno}: {alias.name}")
                modules[alias.asname or alias.name.split(".")[0]] = (
                    alias.name if alias.asname else alias.name.split(".")[0]
                )
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                dotted = f"{node.module}.{alias.name}"
                if _private(dotted):
                    found.append(f"{node.lineno}: {dotted}")
                else:
                    modules[alias.asname or alias.name] = dotted
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and _private(f"{modules[node.value.id]}.{node.attr}")
        ):
            found.append(f"{node.lineno}: {modules[node.value.id]}.{node.attr}")
        elif (  # importlib.import_module("_sha2")
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and _private(node.args[0].value)
        ):
            found.append(f"{node.lineno}: {node.args[0].value}")
    return sorted(set(found), key=lambda s: int(s.split(":")[0]))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_private_cpython_api(path: Path) -> None:
    assert private_uses(path.read_text(encoding="utf-8")) == []


def test_the_check_sees_what_the_removed_modules_used() -> None:
    # what grammars/rx.py, analyzer/records.py and analyzer/rules/engine.py took before
    used = (
        "import re\nimport sys\nimport dataclasses\nimport importlib\n"
        "code = re._compiler._code(p, 0)\nframe = sys._getframe(1)\n"
        "x = dataclasses._HAS_DEFAULT_FACTORY\nimport _sre\n"
        "sha = importlib.import_module('_sha256').sha256\n"
    )
    assert [u.split(": ")[1] for u in private_uses(used)] == [
        "re._compiler",
        "sys._getframe",
        "dataclasses._HAS_DEFAULT_FACTORY",
        "_sre",
        "_sha256",
    ]
