"""Lint benchmark: ``ddlaudit lint`` against ``ddlaudit parse`` on the same input.

    python bench/lint.py [--statements 4000] [--repeat 3] [--seed 1] [--inputs fixtures]

The lint runs everything ``parse`` does, then sizing (data lengths, presence bits, the
estimators), ASCII widths, the replication estimators, every enabled rule, suppressions and
fingerprints.  The target (lint issue): lint costs at most 1.3x parse.

Inputs: the bundled ``fixtures/`` and a generated corpus (``bench/run.py``'s generator:
T-SQL and Teradata, plus HiRDB and Sybase ASE install scripts), each timed best of
``--repeat`` in one process, the two taking turns, garbage collected before each run.
Each run is timed twice over: wall clock and this process's CPU time
(``time.process_time``); on a machine other processes load, the CPU-time ratio is the
steadier one (the wall clock counts the time the scheduler gave to others).  The load
average is printed before and after each input.
Both run under the garbage-collection policy the CLI sets for every command
(``analyzer.collector.collect_less``); ``--default-gc`` keeps CPython's default instead.
Writes ``bench/results/lint.json``.  A measurement, not a test.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from run import generate, generate_hirdb, generate_sybase  # noqa: E402

from analyzer.collector import collect_less  # noqa: E402
from analyzer.config import LintSettings  # noqa: E402
from analyzer.core import Options, analyze_paths  # noqa: E402
from analyzer.rules.selection import resolve  # noqa: E402
from analyzer.settings import SizingSettings  # noqa: E402
from analyzer.workflow import lint  # noqa: E402

TARGET = 1.3


def _timed(run: Callable[[], object]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) of one run."""
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - start, time.process_time() - cpu


def paired(
    repeat: int, a: Callable[[], object], b: Callable[[], object]
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Best of ``repeat`` for each, wall clock and CPU time apart, taking turns
    (a b, b a, ...) after one warm-up each: ``((wall a, cpu a), (wall b, cpu b))``."""
    a()
    b()
    best = [[float("inf")] * 2 for _ in range(2)]
    for i in range(repeat):
        order = ((0, a), (1, b)) if i % 2 == 0 else ((1, b), (0, a))
        for which, run in order:
            for k, took in enumerate(_timed(run)):
                best[which][k] = min(best[which][k], took)
    return (best[0][0], best[0][1]), (best[1][0], best[1][1])


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def measure(name: str, paths: Sequence[str], repeat: int) -> dict[str, object]:
    options = Options()
    selection = resolve(LintSettings())
    sizing = SizingSettings()

    def parse() -> object:
        return analyze_paths(list(paths), options)

    def linted() -> object:
        return lint(list(paths), options, sizing, selection)

    load_before = _load()
    (parse_s, parse_cpu), (lint_s, lint_cpu) = paired(repeat, parse, linted)
    load_after = _load()
    findings = len(lint(list(paths), options, sizing, selection).report.findings)
    ratio, cpu_ratio = lint_s / parse_s, lint_cpu / parse_cpu
    print(
        f"{name:<10} parse {parse_s:7.3f} s   lint {lint_s:7.3f} s   lint/parse {ratio:4.2f}x "
        f"(target <= {TARGET})   {findings} findings\n"
        f"{'':<10} CPU   {parse_cpu:7.3f} s   lint {lint_cpu:7.3f} s   lint/parse "
        f"{cpu_ratio:4.2f}x   load average {load_before} -> {load_after}",
        flush=True,
    )
    return {
        "input": name,
        "parse_seconds": round(parse_s, 4),
        "lint_seconds": round(lint_s, 4),
        "ratio": round(ratio, 3),
        "parse_cpu_seconds": round(parse_cpu, 4),
        "lint_cpu_seconds": round(lint_cpu, 4),
        "cpu_ratio": round(cpu_ratio, 3),
        "load_average": [load_before, load_after],
        "findings": findings,
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--statements", type=int, default=4000)
    ap.add_argument("--hirdb-statements", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--inputs",
        choices=("both", "fixtures", "corpus"),
        default="both",
        help="time the fixtures, the corpus, or both (default)",
    )
    ap.add_argument("--out", type=Path, default=HERE / "results" / "lint.json")
    ap.add_argument(
        "--default-gc", action="store_true", help="keep CPython's default GC thresholds"
    )
    args = ap.parse_args(argv)
    if not args.default_gc:
        collect_less()  # as the CLI does for every command
    print(f"gc thresholds {gc.get_threshold()}", flush=True)
    rows = []
    if args.inputs in ("both", "fixtures"):
        rows.append(measure("fixtures", [str(HERE.parent / "fixtures")], args.repeat))
    if args.inputs in ("both", "corpus"):
        corpus = HERE / "corpus"
        files = [str(f.path) for f in generate(args.statements, args.seed, corpus)]
        files += [str(f.path) for f in generate_hirdb(args.hirdb_statements, args.seed, corpus)]
        files += [str(f.path) for f in generate_sybase(args.hirdb_statements, args.seed, corpus)]
        rows.append(measure("corpus", files, args.repeat))
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
