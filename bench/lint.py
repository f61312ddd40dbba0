"""Lint benchmark: ``ddlaudit lint`` against ``ddlaudit parse`` on the same input.

    python bench/lint.py [--statements 4000] [--repeat 3] [--seed 1]

The lint runs everything ``parse`` does, then sizing (data lengths, presence bits, the
estimators), ASCII widths, the replication estimators, every enabled rule, suppressions and
fingerprints.  The target (lint issue): lint costs at most 1.3x parse.

Inputs: the bundled ``fixtures/`` and a generated corpus (``bench/run.py``'s generator:
T-SQL and Teradata, plus HiRDB and Sybase ASE install scripts), each timed best of
``--repeat`` in one process, the two taking turns, garbage collected before each run.
Both run under the garbage-collection policy the CLI sets for every command
(``analyzer.cli.common.collect_less``); ``--default-gc`` keeps CPython's default instead.
Writes ``bench/results/lint.json``.  A measurement, not a test.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from run import generate, generate_hirdb, generate_sybase  # noqa: E402

from analyzer.cli.common import collect_less  # noqa: E402
from analyzer.config import LintSettings  # noqa: E402
from analyzer.core import Options, analyze_paths  # noqa: E402
from analyzer.rules.selection import resolve  # noqa: E402
from analyzer.settings import SizingSettings  # noqa: E402
from analyzer.workflow import lint  # noqa: E402

TARGET = 1.3


def _timed(run: Callable[[], object]) -> float:
    gc.collect()
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def paired(repeat: int, a: Callable[[], object], b: Callable[[], object]) -> tuple[float, float]:
    """Best of ``repeat`` for each, taking turns (a b, b a, ...) after one warm-up each."""
    a()
    b()
    best_a = best_b = float("inf")
    for i in range(repeat):
        order = ((0, a), (1, b)) if i % 2 == 0 else ((1, b), (0, a))
        for which, run in order:
            took = _timed(run)
            if which == 0:
                best_a = min(best_a, took)
            else:
                best_b = min(best_b, took)
    return best_a, best_b


def measure(name: str, paths: Sequence[str], repeat: int) -> dict[str, object]:
    options = Options()
    selection = resolve(LintSettings())
    sizing = SizingSettings()

    def parse() -> object:
        return analyze_paths(list(paths), options)

    def linted() -> object:
        return lint(list(paths), options, sizing, selection)

    parse_s, lint_s = paired(repeat, parse, linted)
    findings = len(lint(list(paths), options, sizing, selection).report.findings)
    ratio = lint_s / parse_s
    print(
        f"{name:<10} parse {parse_s:7.3f} s   lint {lint_s:7.3f} s   lint/parse {ratio:4.2f}x "
        f"(target <= {TARGET})   {findings} findings",
        flush=True,
    )
    return {
        "input": name,
        "parse_seconds": round(parse_s, 4),
        "lint_seconds": round(lint_s, 4),
        "ratio": round(ratio, 3),
        "findings": findings,
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--statements", type=int, default=4000)
    ap.add_argument("--hirdb-statements", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=HERE / "results" / "lint.json")
    ap.add_argument(
        "--default-gc", action="store_true", help="keep CPython's default GC thresholds"
    )
    args = ap.parse_args(argv)
    if not args.default_gc:
        collect_less()  # as the CLI does for every command
    print(f"gc thresholds {gc.get_threshold()}", flush=True)
    corpus = HERE / "corpus"
    files = [str(f.path) for f in generate(args.statements, args.seed, corpus)]
    files += [str(f.path) for f in generate_hirdb(args.hirdb_statements, args.seed, corpus)]
    files += [str(f.path) for f in generate_sybase(args.hirdb_statements, args.seed, corpus)]
    rows = [
        measure("fixtures", [str(HERE.parent / "fixtures")], args.repeat),
        measure("corpus", files, args.repeat),
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    doc = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "gc_thresholds": list(gc.get_threshold()),
        "runs": rows,
    }
    args.out.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
