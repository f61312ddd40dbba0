"""Golden IR for the fixtures: ``python -m tests.golden`` rewrites them (review the diff!).

Each ``fixtures/<dialect>/<name>.sql`` has ``<name>.ir.json`` beside it: the IR
``ddlaudit parse --format json`` prints for that file alone, with the path
relative to the repository root so the files are machine-independent.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from analyzer import passes
from analyzer.core import Options, analyze_bytes
from analyzer.ir import document

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIRS = ("tsql", "teradata", "sybase", "hirdb", "rcl", "replication")


def sources() -> list[Path]:
    """Every fixture that has (or should have) a golden IR file."""
    return sorted(p for d in GOLDEN_DIRS for p in (ROOT / "fixtures" / d).glob("*.sql"))


def golden_path(source: Path) -> Path:
    return source.with_suffix(".ir.json")


def current(source: Path) -> str:
    """The IR of ``source`` as the golden file holds it."""
    rel = source.relative_to(ROOT).as_posix()
    result = passes.run(analyze_bytes(rel, source.read_bytes(), Options()))
    return json.dumps(document([result]), indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    for source in sources():
        golden_path(source).write_text(current(source), encoding="utf-8")
        print(f"wrote {golden_path(source).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
