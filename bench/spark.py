"""Spark benchmark: files/s of ``ddlaudit scan`` on local[1], local[2] and local[*] against
``ddlaudit lint`` in one process (``--jobs 1``), on the same generated tree.

    python bench/spark.py [--sizes 1000 10000] [--shape many|one|both] [--repeat 1]
                          [--out bench/results/spark.json]

Two repository shapes (``--shape``, default both), generated under
``bench/corpus/spark/`` (gitignored):

* **many databases**: bench/scale.py's tree, copies of ``fixtures/tsql``,
  ``fixtures/sybase`` and ``fixtures/teradata`` (16 files a copy), one marked scope per
  copy (D77): each scope is analysed whole by one task (the one-pass path);
* **one database of N tables**: bench/onedb.py's tree, N files of distinct tables with
  foreign keys and ALTER TABLEs across files and no project marker, so one scope: over
  the one-pass budget, it is spread over every core (D191).

``lint --jobs 2`` (the process pool on the same tree) is timed beside them.  Each
command runs in a new process, so every figure includes start-up (the JVM for
``scan``; issue 21 item 3 asks for the end-to-end figure).  With ``--repeat N`` the
commands take turns N times and the best time of each is kept.  Printed and written:
seconds, files/s and the load average before each run (the machine is shared: the
figures move with the load), the speed-up of local[2] over local[1] (target >= 1.7x),
the time of ``scan`` (local[*]) over the one-process time (target <= 0.6x at 10k
files), lint's ``-j 2`` over ``-j 1``, and files/s at 100k files **extrapolated** (not
run): a line through the two largest sizes measured (start-up plus a time per file), or
the largest size's files/s when only one was run (the first shape's).
A measurement, not a test.
"""

from __future__ import annotations

import argparse
import contextlib
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

import onedb  # noqa: E402  (bench/ is not a package)
from scale import generate  # noqa: E402

CLI = [sys.executable, "-c", "from analyzer.cli import main; main()"]
EXTRAPOLATED = 100_000


#: A cgroup v1 CPU accounting hierarchy: where writable (root on a cgroup-v1 machine), each
#: command runs in its own group and its CPU seconds, every descendant included (the JVM,
#: its launcher, the Python workers), are recorded beside the wall clock.
CPUACCT = Path("/sys/fs/cgroup/cpuacct")


def _cpu_group() -> Path | None:
    group = CPUACCT / f"ddlaudit-bench-{os.getpid()}-{time.monotonic_ns()}"
    try:
        group.mkdir(exist_ok=True)
        return group
    except OSError:
        return None


def timed(args: list[str]) -> tuple[float, float | None]:
    """Wall seconds of one command and, where a CPU group can be made, its CPU seconds."""
    group = _cpu_group()

    def enter() -> None:  # in the child, before exec: everything it starts stays in the group
        if group is not None:
            (group / "tasks").write_text(str(os.getpid()))

    start = time.perf_counter()
    proc = subprocess.run(
        [*CLI, *args], capture_output=True, text=True, check=False, preexec_fn=enter
    )
    seconds = time.perf_counter() - start
    cpu = None
    if group is not None:
        time.sleep(0.3)  # let the last descendants exit
        cpu = int((group / "cpuacct.usage").read_text()) / 1e9
        with contextlib.suppress(OSError):
            group.rmdir()
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)}: exit {proc.returncode}\n{proc.stderr[-2000:]}")
    return seconds, cpu


def commands(corpus: Path, tmp: str) -> dict[str, list[str]]:
    def scan(master: str, name: str) -> list[str]:
        return ["scan", str(corpus), "--out", f"{tmp}/{name}", "--master", master, "--no-progress"]

    return {
        "lint_one_process": ["lint", str(corpus), "--jobs", "1", "--output", f"{tmp}/l.txt"],
        "lint_two_workers": ["lint", str(corpus), "--jobs", "2", "--output", f"{tmp}/l2.txt"],
        "scan_local1": scan("local[1]", "s1"),
        "scan_local2": scan("local[2]", "s2"),
        "scan_local_all": scan("local[*]", "sa"),
    }


def measure(files: int, corpus: Path, repeat: int, shape: str = "many") -> dict[str, object]:
    if shape == "one":
        written = onedb.generate(files, corpus)
    else:
        _, written = generate(files, corpus)
    figures: dict[str, object] = {"files": written, "shape": shape}
    best: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        runs = commands(corpus, tmp)
        for turn in range(max(1, repeat)):
            order = list(runs) if turn % 2 == 0 else list(reversed(runs))
            for name in order:
                load = os.getloadavg()[0]
                seconds, cpu = timed(runs[name])
                used = "" if cpu is None else f", {cpu:.1f} CPU s"
                print(f"{written} files ({shape}), {name}: {seconds:.1f} s{used}, "
                      f"{written / seconds:.1f} files/s (load {load:.2f})", flush=True)  # fmt: skip
                if name not in best or seconds < best[name]["seconds"]:
                    best[name] = {"seconds": seconds, "load_before": load}
                    if cpu is not None:
                        best[name]["cpu_seconds"] = cpu
    for name, got in best.items():
        figures[name] = {
            "seconds": round(got["seconds"], 1),
            "files_per_s": round(written / got["seconds"], 1),
            "load_before": round(got["load_before"], 2),
            **({"cpu_seconds": round(got["cpu_seconds"], 1)} if "cpu_seconds" in got else {}),
        }
    s1, s2 = best["scan_local1"]["seconds"], best["scan_local2"]["seconds"]
    every, one = best["scan_local_all"]["seconds"], best["lint_one_process"]["seconds"]
    pool = best["lint_two_workers"]["seconds"]
    figures["local2_speedup_over_local1"] = round(s1 / s2, 2)
    figures["scan_over_one_process"] = round(every / one, 2)
    figures["lint_jobs2_speedup"] = round(one / pool, 2)
    print(f"{written} files ({shape}): local[2] / local[1] speed-up {s1 / s2:.2f}x (target "
          f">= 1.7x); scan local[*] takes {every / one:.2f}x the one-process time (target "
          f"<= 0.6x); lint -j 2 {one / pool:.2f}x -j 1 (target >= 1.7x)", flush=True)  # fmt: skip
    return figures


def extrapolate(sizes: list[dict[str, object]], target: int = EXTRAPOLATED) -> dict[str, object]:
    """Files/s at ``target`` files from the measured sizes (not run: said so)."""
    out: dict[str, object] = {"files": target, "extrapolated": True}
    names = [k for k, v in sizes[-1].items() if isinstance(v, dict)]
    for name in names:
        points = [(int(str(s["files"])), float(s[name]["seconds"])) for s in sizes]  # type: ignore[index]
        points.sort()
        if len(points) >= 2:
            (n1, t1), (n2, t2) = points[-2], points[-1]
            per_file = (t2 - t1) / (n2 - n1) if n2 != n1 else t2 / n2
            fixed = max(0.0, t2 - per_file * n2)
            seconds = fixed + max(per_file, 0.0) * target
            how = f"line through {n1} and {n2} files"
        else:
            n2, t2 = points[-1]
            seconds = t2 * target / n2
            how = f"{n2} files' files/s"
        out[name] = {"seconds": round(seconds, 1), "files_per_s": round(target / seconds, 1),
                     "from": how}  # fmt: skip
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=["1000"],
                        help="file counts (space- or comma-separated)")  # fmt: skip
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--shape", choices=("many", "one", "both"), default="both",
                        help="many databases, one database of N tables, or both")  # fmt: skip
    parser.add_argument("--out", default=str(HERE / "results" / "spark.json"))
    args = parser.parse_args(argv)
    sizes = [int(n) for part in args.sizes for n in part.split(",") if n]
    corpus = HERE / "corpus" / "spark"
    shapes = ("many", "one") if args.shape == "both" else (args.shape,)
    measured = [measure(n, corpus, args.repeat, shape) for shape in shapes for n in sizes]
    guess = extrapolate([m for m in measured if m["shape"] == shapes[0]])
    for name, value in guess.items():
        if isinstance(value, dict):
            print(f"{EXTRAPOLATED} files, {shapes[0]} (extrapolated, not run: "
                  f"{value['from']}): {name} {value['seconds']} s, "
                  f"{value['files_per_s']} files/s", flush=True)  # fmt: skip
    results = {
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "sizes": measured,
        "extrapolated": guess,
    }
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
