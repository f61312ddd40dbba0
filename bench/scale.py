"""Scale benchmark: files/s of ``ddlaudit lint`` (one process) as the input grows.

    python bench/scale.py [--sizes 1000,10000] [--shape many|one] [--repeat 1]
                          [--out bench/results/scale.json]

The input is N files made of copies of ``fixtures/tsql``, ``fixtures/sybase`` and
``fixtures/teradata`` (16 files a copy), each copy in its own directory holding a
``ddlaudit.toml`` project marker: one scope (database) per copy, as a repository with a
folder per database or per environment has (docs/decisions.md, D77).  Each size is linted
by the ``ddlaudit`` command in one process, output to a file,
and the script prints the files per second and the time per file at each size: with
linking per scope and indexes by name, the time per file stays flat (linear growth), and
the findings grow exactly with the copies.  Generated under ``bench/corpus/scale/``
(gitignored); a 10k run takes a few minutes on 2 cores.  A measurement, not a test:
tests/test_scopes.py checks the linearity without timing.

``--shape one`` measures the other common repository instead: one database of N tables
(bench/onedb.py: N files of distinct tables with foreign keys and ALTER TABLEs across
files, one scope), where the scope's links and scope rules grow with N.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import onedb  # noqa: E402  (bench/ is not a package)

ROOT = HERE.parent
SOURCES = ("tsql", "sybase", "teradata")


def copy_files() -> list[Path]:
    """The fixture files of one copy."""
    return sorted(p for d in SOURCES for p in (ROOT / "fixtures" / d).glob("*.sql"))


def generate(files: int, where: Path) -> tuple[int, int]:
    """At least ``files`` files as copies of the fixtures, one marked directory each;
    returns (copies, files written)."""
    per_copy = copy_files()
    copies = max(1, math.ceil(files / len(per_copy)))
    if where.exists():
        shutil.rmtree(where)
    for i in range(copies):
        copy = where / f"db{i:05d}"
        for source in per_copy:
            target = copy / source.parent.name / source.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        (copy / "ddlaudit.toml").write_text("# a project marker: this directory is one database\n")
    return copies, copies * len(per_copy)


def lint_once(tree: Path, out: Path) -> tuple[float, int]:
    """Seconds of one ``ddlaudit lint`` process over ``tree`` and its number of findings."""
    command = [sys.executable, "-c", "from analyzer.cli import main; main()", "lint", str(tree),
               "--format", "json", "--fail-on", "never", "-o", str(out)]  # fmt: skip
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"ddlaudit lint failed ({done.returncode}): {done.stderr[-2000:]}")
    return took, len(json.loads(out.read_text(encoding="utf-8"))["findings"])


def measure(files: int, repeat: int, corpus: Path, shape: str = "many") -> dict[str, object]:
    tree = corpus / f"{shape}{files}"
    if shape == "one":
        copies, written = 1, onedb.generate(files, tree)
    else:
        copies, written = generate(files, tree)
    out = corpus / f"n{files}.json"
    best = float("inf")
    findings = 0
    for _ in range(repeat):
        took, findings = lint_once(tree, out)
        best = min(best, took)
    rate = written / best
    print(
        f"{written:>6} files ({copies:>4} copies): {best:8.2f} s   {rate:7.1f} files/s   "
        f"{best / written * 1000:6.2f} ms/file   {findings} findings "
        f"({findings / copies:.1f} a copy)",
        flush=True,
    )
    return {
        "files": written,
        "copies": copies,
        "seconds": round(best, 3),
        "files_per_second": round(rate, 1),
        "ms_per_file": round(best / written * 1000, 3),
        "findings": findings,
        "findings_per_copy": round(findings / copies, 3),
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--sizes", default="1000,10000", help="comma-separated file counts")
    ap.add_argument("--repeat", type=int, default=1, help="best of N runs per size")
    ap.add_argument(
        "--shape",
        choices=("many", "one"),
        default="many",
        help="many databases (a scope per copy) or one database of N tables",
    )
    ap.add_argument("--out", type=Path, default=HERE / "results" / "scale.json")
    ap.add_argument("--keep", action="store_true", help="keep the generated trees")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    corpus = HERE / "corpus" / "scale"
    corpus.mkdir(parents=True, exist_ok=True)
    rows = [measure(n, args.repeat, corpus, args.shape) for n in sizes]
    if len(rows) > 1:
        first, last = rows[0], rows[-1]
        growth = float(str(last["ms_per_file"])) / float(str(first["ms_per_file"]))
        print(f"time per file at {last['files']} files / at {first['files']}: {growth:.2f}x "
              "(1.0 is linear)")  # fmt: skip
    if not args.keep:
        shutil.rmtree(corpus, ignore_errors=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    doc = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "shape": args.shape,
        "runs": rows,
    }
    args.out.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
