"""Memory benchmark: peak RSS and seconds of streamed outputs as the input grows.

    python bench/memory.py [--files 1000] [--runs parse:jsonl,parse:json,size:jsonl,lint:jsonl]
                           [--jobs 1] [--corpus bench/corpus/memory]

The input is N files made of copies of the bundled fixtures, a marked directory per copy
(bench/scale.py's generator: one scope per copy).  Each run is one ``ddlaudit`` process,
output to a file; its peak resident set is read with ``resource.getrusage`` on the
children (the largest child's maximum RSS; with ``--jobs N`` the parent and each worker
are separate processes, and the figure is the largest of them: the worst single process,
not their sum, which ``--jobs`` multiplies).  Target (docs/streaming.md): at most 300 MB
for 10k files with ``parse --format jsonl`` and ``json``; memory bounded by the largest
file, not the repository, shows as a peak that stays flat from 1k to 10k files.

A measurement, not a test: nothing here asserts a figure.  ``--files 10000`` takes minutes.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from scale import generate  # noqa: E402

DEFAULT_RUNS = "parse:jsonl,parse:json"


def run_once(command: str, fmt: str, tree: Path, out: Path, jobs: int) -> tuple[float, float, int]:
    """Seconds, peak RSS in MB (the largest process of the run) and output bytes of one
    ``ddlaudit`` process."""
    argv = [sys.executable, "-c", "from analyzer.cli import main; main()", command, str(tree),
            "--format", fmt, "--jobs", str(jobs), "-o", str(out)]  # fmt: skip
    if command == "lint":
        argv += ["--fail-on", "never"]
    # Each run is measured in a child of its own, so RUSAGE_CHILDREN holds that run only.
    probe = [sys.executable, "-c", PROBE, *argv]
    start = time.perf_counter()
    done = subprocess.run(probe, cwd=ROOT, capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(
            f"{command} --format {fmt} failed ({done.returncode}): {done.stderr[-2000:]}"
        )
    peak_kb = int(done.stdout.strip().splitlines()[-1])
    return took, peak_kb / 1024, out.stat().st_size


#: Runs the command and prints the peak RSS (KB) of the largest process it started.
PROBE = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", default="1000", help="comma-separated sizes (default 1000)")
    parser.add_argument("--runs", default=DEFAULT_RUNS, help="command:format,... to measure")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--corpus", type=Path, default=HERE / "corpus" / "memory")
    args = parser.parse_args(argv)
    runs = [tuple(r.split(":", 1)) for r in args.runs.split(",") if r]
    print(f"{'files':>6} {'command':<8} {'format':<6} {'jobs':>4} {'seconds':>8} "
          f"{'peak MB':>8} {'output MB':>9}")  # fmt: skip
    for size in (int(s) for s in args.files.split(",")):
        _, files = generate(size, args.corpus / f"tree{size}")
        for command, fmt in runs:
            out = args.corpus / f"out-{size}-{command}.{fmt}"
            took, peak, written = run_once(
                command, fmt, args.corpus / f"tree{size}", out, args.jobs
            )
            print(f"{files:>6} {command:<8} {fmt:<6} {args.jobs:>4} {took:>8.1f} {peak:>8.0f} "
                  f"{written / 1e6:>9.1f}", flush=True)  # fmt: skip
            os.unlink(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
