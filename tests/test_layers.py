"""The pipeline reads bottom-up (docs/architecture.md): no module imports a later stage.

Every ``import`` in the package, at module level or inside a function (lazy imports
count), is checked against the stage order below.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Stage of each module prefix, lowest first; the longest matching prefix decides.
STAGES: dict[str, int] = {
    "grammars": 0,
    "analyzer.ir": 1,
    "analyzer.ir_schema": 1,
    # the garbage collector paused around steps that build many acyclic objects (D194)
    "analyzer.collector": 1,
    "analyzer.split": 1,
    "analyzer.source": 2,
    "analyzer.settings": 2,
    "analyzer.config": 2,
    "analyzer.scopes": 2,
    "analyzer.detect": 2,
    "analyzer.name_changes": 2,
    "analyzer.names": 2,
    "analyzer.scope_dialect": 2,
    "analyzer.diagnostics": 2,
    "analyzer.types": 2,
    # result types of computed derived columns (issue 31), read by build and passes
    "analyzer.result_types": 2,
    "analyzer.worksheet": 2,
    "analyzer.averages": 2,
    "analyzer.workload": 2,
    "analyzer.platforms": 3,
    "analyzer.build": 3,
    "analyzer.parse": 3,
    "analyzer.passes": 3,
    "analyzer.core": 4,
    "analyzer.estimators": 4,
    "analyzer.findings": 5,
    "analyzer.rules": 5,
    "analyzer.audit": 5,
    "analyzer.graph": 5,
    "analyzer.reporters": 6,
    "analyzer.publish": 6,
    "analyzer.rows": 6,
    "analyzer.workflow": 7,
    # files through the workflow in listing order, in this process or a process pool
    "analyzer.pool": 7,
    # ddlaudit diff: lints both sides with the workflow; its plain model and schema diff
    # are what the M rules (analyzer.rules.migration) read.
    "analyzer.diff": 7,
    "analyzer.diff.model": 5,
    "analyzer.diff.schema": 5,
    # ddlaudit lsp: the language server keeps a workspace's lint through the workflow's phases
    "analyzer.lsp": 7,
    "analyzer.spark": 8,
    "analyzer.cli": 9,
    # spark-submit's driver program: runs the command line (docs/spark.md)
    "analyzer.spark.submit": 10,
    "analyzer": 0,  # the package itself (__version__)
}


def _stage(module: str) -> int | None:
    best = None
    for prefix, stage in STAGES.items():
        matches = module == prefix or module.startswith(prefix + ".")
        if matches and (best is None or len(prefix) > len(best[0])):
            best = (prefix, stage)
    return best[1] if best else None


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.lineno, node.module))
            out.extend((node.lineno, f"{node.module}.{a.name}") for a in node.names)
    return out


FILES = sorted(p for d in ("analyzer", "grammars") for p in (ROOT / d).rglob("*.py"))

#: Packages whose modules import one another in one direction only (issue 30, D144-D147):
#: shared pieces live in a module both sides import, lazy imports included.
NO_CIRCLES = ("analyzer.passes", "analyzer.build", "analyzer.estimators", "analyzer.spark")


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_import_reaches_back_up(path: Path) -> None:
    own = _stage(_module_name(path))
    assert own is not None, f"{path}: no stage in tests/test_layers.py STAGES"
    bad = []
    for line, name in _imports(path):
        if not (name.startswith("analyzer") or name.startswith("grammars")):
            continue
        stage = _stage(name)
        if stage is not None and stage > own and name != "analyzer":
            bad.append(f"line {line}: {name} (stage {stage} > {own})")
    assert not bad, f"{_module_name(path)} imports a later stage: {bad}"


def _module_imports(path: Path, modules: set[str]) -> set[str]:
    """The package's modules ``path`` imports (``from p import m`` of a module ``p.m`` is
    an import of ``p.m``, not of the package ``p``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            inner = {f"{node.module}.{a.name}" for a in node.names} & modules
            found.update(inner if len(inner) == len(node.names) else {node.module, *inner})
    return found & modules


@pytest.mark.parametrize("package", NO_CIRCLES)
def test_no_import_circle(package: str) -> None:
    paths = {_module_name(p): p for p in FILES}
    inside = {m for m in paths if m == package or m.startswith(package + ".")}
    edges = {m: _module_imports(paths[m], inside) - {m} for m in inside}
    # depth-first search for a path back to where it started
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(module: str, trail: list[str]) -> list[str] | None:
        state[module] = 1
        for target in sorted(edges[module]):
            if state.get(target) == 1:
                return [*trail, module, target]
            if target not in state and (found := visit(target, [*trail, module])):
                return found
        state[module] = 2
        return None

    circles = [c for m in sorted(inside) if m not in state and (c := visit(m, []))]
    assert not circles, f"import circle: {' -> '.join(circles[0])}"
