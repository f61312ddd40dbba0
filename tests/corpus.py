"""Statements the differential tests run on: every fixture statement, and generated
benchmark statements (bench/run.py's generators, loaded without installing bench/)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from analyzer.detect import detect
from analyzer.split import split_statements

ROOT = Path(__file__).resolve().parent.parent


def fixture_statements() -> list[tuple[str, str, str]]:
    """(file name, detected dialect, statement text) for every UTF-8 fixture."""
    out = []
    for path in sorted((ROOT / "fixtures").rglob("*.sql")):
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        dialect = detect(text).dialect
        for statement in split_statements(text, batch_separator=True):
            out.append((path.name, dialect, statement.text))
    return out


def bench_module() -> ModuleType:
    """bench/run.py as a module (its corpus generators)."""
    spec = importlib.util.spec_from_file_location("ddlaudit_bench", ROOT / "bench" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ddlaudit_bench"] = module
    spec.loader.exec_module(module)
    return module
