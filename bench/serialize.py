"""Serialization benchmark: ``ddlaudit parse --format json | jsonl`` against the text
summary on the same input (issue 30 item 3, D140).

    python bench/serialize.py [PATH ...] [--statements 4000] [--repeat 5] [--jobs 1]
                              [--checkout DIR ...] [--to-file]
                              [--out bench/results/serialize.json]

Inputs: the PATHs given (files or directories, e.g. a checkout of real DDL), else a
generated corpus (``bench/run.py``'s generator: T-SQL and Teradata, ``--statements``
statements, plus HiRDB and Sybase ASE install scripts).

1. **Command line.** ``ddlaudit parse PATHS --format text | json | jsonl -j JOBS`` in a
   new process each, its output to ``/dev/null`` (``--to-file``: to a file, ``-o``, where
   the disk's time to take 14 MB of JSON against 0.5 MB of text counts too), ``--repeat``
   rounds after one untimed warm-up each, all runs (each format of each checkout) taking
   turns (the order rotates every round, so that drift in a shared machine's speed hits
   them alike); each figure is the best run: wall time and the child's CPU time (user +
   system, ``resource.getrusage(RUSAGE_CHILDREN)``; the steadier on a loaded machine).
   ``--checkout DIR`` (repeatable) runs that checkout's code (its directory first on
   ``PYTHONPATH``), e.g. the main branch before this change and this one, for a
   before/after pair measured in turns.
   Target: json and jsonl each at most 1.15x the text summary.
2. **Encoding only** (this checkout): the files parsed once in this process, then best of
   ``--repeat`` of what ``parse`` does per file after parsing: the text summary, the json
   item and the jsonl line as the CLI makes them (msgspec), and for reference the walk
   ``analyzer.ir.to_dict`` did before D140 (dataclass fields through typing introspection,
   then ``json.dumps(indent=2)``), copied here.  Then the Spark ``files`` and ``tables``
   rows (``analyzer.rows``, two JSON cells: ``dialect_evidence``, ``options``), best of
   4 x ``--repeat``, as made now (msgspec) and with ``json.dumps`` in its place.

A measurement, not a test: nothing here asserts a figure.  Writes ``--out``.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import gc
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TARGET = 1.15
FORMATS = ("text", "json", "jsonl")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _corpus(statements: int, seed: int) -> list[str]:
    sys.path.insert(0, str(HERE))
    from run import generate, generate_hirdb, generate_sybase

    where = HERE / "corpus"
    files = [str(f.path) for f in generate(statements, seed, where)]
    files += [str(f.path) for f in generate_hirdb(statements // 4, seed, where)]
    files += [str(f.path) for f in generate_sybase(statements // 4, seed, where)]
    return files


def _run_cli(
    checkout: Path, paths: Sequence[str], fmt: str, jobs: int, out: Path, to_file: bool
) -> tuple[float, float]:
    """(wall seconds, child CPU seconds) of one ``ddlaudit parse`` process, writing to
    ``out`` (``to_file``) or to standard output, which is ``/dev/null``."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, "-c", "from analyzer.cli import main; main()", "parse"]
    command += [*paths, "--format", fmt, "-j", str(jobs)]
    if to_file:
        command += ["-o", str(out)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # in the output's directory: "-c" puts the working directory first on sys.path
    subprocess.run(
        command,
        env=env,
        cwd=out.parent,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def command_line(
    checkouts: Sequence[Path], paths: Sequence[str], repeat: int, jobs: int, to_file: bool
) -> list[dict[str, Any]]:
    """Best wall and CPU time of each format for each checkout, all runs taking turns."""
    runs = [(c, fmt) for c in checkouts for fmt in FORMATS]
    best = {run: [float("inf"), float("inf")] for run in runs}
    load_before = _load()
    with tempfile.TemporaryDirectory() as tmp:
        outs = {run: Path(tmp) / f"out{i}.{run[1]}" for i, run in enumerate(runs)}
        for run in runs:  # warm-up (bytecode, page cache), the output's size
            _run_cli(run[0], paths, run[1], jobs, outs[run], True)
        for i in range(repeat):
            for run in runs[i % len(runs) :] + runs[: i % len(runs)]:
                timed = _run_cli(run[0], paths, run[1], jobs, outs[run], to_file)
                for k, took in enumerate(timed):
                    best[run][k] = min(best[run][k], took)
        sizes = {run: outs[run].stat().st_size for run in runs}
    load_after = _load()
    out = []
    for checkout in checkouts:
        text_wall, text_cpu = best[(checkout, "text")]
        sink = "a file (-o)" if to_file else "/dev/null"
        print(f"command line ({checkout}), -j {jobs}, to {sink}, best of {repeat}:", flush=True)
        figures = {}
        for fmt in FORMATS:
            wall, cpu = best[(checkout, fmt)]
            size = sizes[(checkout, fmt)]
            print(
                f"  {fmt:<6} wall {wall:7.3f} s ({wall / text_wall:4.2f}x text)   "
                f"CPU {cpu:7.3f} s ({cpu / text_cpu:4.2f}x text)   {size:>11,} bytes",
                flush=True,
            )
            figures[fmt] = {
                "wall_seconds": round(wall, 4),
                "cpu_seconds": round(cpu, 4),
                "wall_ratio": round(wall / text_wall, 3),
                "cpu_ratio": round(cpu / text_cpu, 3),
                "bytes": size,
            }
        out.append({"checkout": str(checkout), "jobs": jobs, "to": sink, "runs": figures})
    print(f"target: json, jsonl <= {TARGET}x text; load average {load_before} -> {load_after}")
    return out


def _walk(obj: Any) -> Any:
    """``analyzer.ir.to_dict`` as it was before D140 (for reference only)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: _walk(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, tuple):
        return [_walk(x) for x in obj]
    return obj


def _json_dumps(obj: Any, indent: int | None = 2, sort_keys: bool = False) -> str:
    """``json.dumps`` as ``analyzer.rows`` called it before D140."""
    if isinstance(obj, tuple):
        obj = list(obj)
    return json.dumps(obj, indent=indent, ensure_ascii=False, sort_keys=sort_keys)


def _best(repeat: int, run: Callable[[], object]) -> float:
    run()
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def encoding_only(paths: Sequence[str], repeat: int) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT))
    from analyzer.cli.parse import render_json, render_jsonl, render_text
    from analyzer.core import Options, analyze_paths
    from analyzer.ir import skipped_by_kind

    results, _ = analyze_paths(list(paths), Options())
    tables = sum(len(r.tables) for r in results)

    def walk() -> None:
        for r in results:
            doc = {**_walk(r), "skipped_by_kind": skipped_by_kind(r)}
            json.dumps(doc, indent=2, ensure_ascii=False)

    from analyzer import rows

    def spark_rows() -> None:
        for r in results:
            rows.file_row(r)
            rows.table_rows(r)

    def spark_rows_json() -> None:
        encode = rows.dumps
        rows.dumps = _json_dumps  # type: ignore[assignment]
        try:
            spark_rows()
        finally:
            rows.dumps = encode

    runs = {
        "text": lambda: [render_text(r) for r in results],
        "json": lambda: [render_json(r) for r in results],
        "jsonl": lambda: [render_jsonl(r) for r in results],
        "json_before_d140": walk,
        "rows": spark_rows,
        "rows_json_dumps": spark_rows_json,
    }
    figures = {
        name: _best(repeat * 4 if "rows" in name else repeat, run) for name, run in runs.items()
    }
    print(f"encoding only, {len(results)} files, {tables} tables, best of {repeat}:")
    for name, took in figures.items():
        print(f"  {name:<17} {took:7.3f} s")
    return {"files": len(results), "tables": tables, "seconds": figures}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "paths", nargs="*", help="DDL files or directories (default: a generated corpus)"
    )
    ap.add_argument("--statements", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument(
        "--checkout",
        type=Path,
        action="append",
        help="a checkout whose code to time (repeatable, e.g. the main branch for a "
        "before/after pair; default: this one)",
    )
    ap.add_argument(
        "--to-file",
        action="store_true",
        help="write each output to a file (-o) instead of standard output on /dev/null",
    )
    ap.add_argument("--skip-encoding", action="store_true", help="only the command-line figures")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "serialize.json")
    args = ap.parse_args(argv)
    # absolute: the processes run in a temporary directory
    paths = [str(Path(p).resolve()) for p in args.paths] or _corpus(args.statements, args.seed)
    doc: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "inputs": args.paths or f"generated, {args.statements} statements, seed {args.seed}",
        "repeat": args.repeat,
        "command_line": command_line(
            [c.resolve() for c in args.checkout or [ROOT]],
            paths,
            args.repeat,
            args.jobs,
            args.to_file,
        ),
    }
    if not args.skip_encoding:
        doc["encoding_only"] = encoding_only(paths, args.repeat)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
