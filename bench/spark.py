"""Spark benchmark: files/s of ``ddlaudit scan`` on local[1] and local[2] against
``ddlaudit lint`` in one process (``--jobs 1``), on the same generated tree.

    python bench/spark.py [--sizes 1000] [--out bench/results/spark.json]

The tree is bench/scale.py's: copies of ``fixtures/tsql``, ``fixtures/sybase`` and
``fixtures/teradata`` (16 files a copy), one marked scope per copy (D77), generated
under ``bench/corpus/spark/`` (gitignored).  Each command runs in a new process, so
every figure includes start-up (the JVM for ``scan``; issue 21 item 3 asks for the
end-to-end figure).  The 100k figure is not run: at the measured files/s it is
extrapolated by the reader (the time per file is flat, bench/scale.py).  On a shared
machine the figures move with the load: the script prints the load average with each.
A measurement, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from scale import generate  # noqa: E402  (bench/ is not a package)

CLI = [sys.executable, "-c", "from analyzer.cli import main; main()"]


def timed(args: list[str]) -> float:
    start = time.perf_counter()
    proc = subprocess.run([*CLI, *args], capture_output=True, text=True, check=False)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)}: exit {proc.returncode}\n{proc.stderr[-2000:]}")
    return time.perf_counter() - start


def measure(files: int, corpus: Path) -> dict[str, object]:
    _, written = generate(files, corpus)
    figures: dict[str, object] = {"files": written}
    with tempfile.TemporaryDirectory() as tmp:
        runs = {
            "lint_one_process": ["lint", str(corpus), "--jobs", "1", "--output", f"{tmp}/l.txt"],
            "scan_local1": ["scan", str(corpus), "--out", f"{tmp}/s1", "--master", "local[1]",
                            "--no-progress"],
            "scan_local2": ["scan", str(corpus), "--out", f"{tmp}/s2", "--master", "local[2]",
                            "--no-progress"],
        }  # fmt: skip
        for name, args in runs.items():
            load = os.getloadavg()[0]
            seconds = timed(args)
            figures[name] = {
                "seconds": round(seconds, 1),
                "files_per_s": round(written / seconds, 1),
                "load_before": round(load, 2),
            }
            print(f"{written} files, {name}: {seconds:.1f} s, {written / seconds:.1f} files/s "
                  f"(load {load:.1f})", flush=True)  # fmt: skip
    s1 = figures["scan_local1"]["seconds"]  # type: ignore[index]
    s2 = figures["scan_local2"]["seconds"]  # type: ignore[index]
    one = figures["lint_one_process"]["seconds"]  # type: ignore[index]
    figures["local2_speedup_over_local1"] = round(s1 / s2, 2)
    figures["scan_local2_over_one_process"] = round(s2 / one, 2)
    print(f"local[2] / local[1] speed-up {s1 / s2:.2f}x; scan local[2] takes "
          f"{s2 / one:.2f}x the one-process time", flush=True)  # fmt: skip
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    corpus = HERE / "corpus" / "spark"
    results = {
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "sizes": [measure(int(n), corpus) for n in args.sizes.split(",")],
    }
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
