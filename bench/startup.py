"""Start-up benchmark: one-file ``ddlaudit parse | lint | size`` in a new process against
bare sqlglot parsing the same file in a new process (issue 21 item 7).

    python bench/startup.py [--rounds 7] [--commands parse,lint,size] [--files F1,F2,...]
                            [--out bench/results/startup.json]

For each file (default: one per dialect) and each command, ``--rounds`` new processes
per side, the sides taking turns (their order rotates every round, so that drift in a
shared machine's speed hits both alike); each side's figure is its best run.  The bare
side is ``python -c "import sqlglot; sqlglot.parse(text, read=<dialect>)"``, with the
stock sqlglot dialect the file's ddlaudit grammar builds on (its dialect class's nearest
``sqlglot.dialects`` ancestor: ``tsql`` for T-SQL and Sybase ASE, ``teradata``, and
sqlglot's base dialect for HiRDB, which sqlglot does not know).  Where stock sqlglot
rejects the file, the bare side still times the import, the dialect and the parse
attempt (inside a ``try``), and the table says so (``bare parsed: no``).

Both sides run with bytecode caching on (``PYTHONDONTWRITEBYTECODE`` removed) after an
untimed warm-up, as an installed package runs, in an empty temporary directory (no config
file is found: reading one is extra work bare sqlglot does not do), with this checkout
first on ``PYTHONPATH``; output goes to ``/dev/null``.  Wall time
(``time.perf_counter`` around the process) and CPU time (user + system of the child,
``resource.getrusage(RUSAGE_CHILDREN)``) are both kept; the CPU ratio is the steadier one
on a loaded machine.  The load average is recorded before and after.

Target (issue 30 item 2): ``ratio`` at most 1.6 for a one-file ``lint``.  A measurement,
not a test: nothing here asserts a figure.  Writes every run to ``--out``.

What one start-up device buys (issue 30 item 2: a device stays only for 20 ms of wall
time or more on a one-file ``lint``):

    python bench/startup.py --device NAME [--rounds 21] [--commands lint] [--files ...]
    python bench/startup.py --against DIR [--rounds 21] [--commands lint] [--files ...]

``--device`` runs the same ``ddlaudit`` with the device on and off (:data:`DEVICES`: off
is a few lines run before the entry point that undo it, e.g. importing up front what it
imports late); ``--against`` runs this checkout against the one in ``DIR`` (a device
that is code, as another checkout of the package without it).  The two sides run in
pairs, their order swapped every round, and the table gives each side's median wall
time and the median and spread of the paired differences (off minus on, or ``DIR``
minus this checkout: positive is what this side saves).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

DEFAULT_FILES = (
    "fixtures/tsql/seed_tables.sql",
    "fixtures/teradata/employee.sql",
    "fixtures/sybase/pubs2_install.sql",
    "fixtures/hirdb/stock.sql",
)
COMMANDS = ("parse", "lint", "size")

#: The ddlaudit side: the console script's entry point (``ddlaudit = analyzer.cli:main``).
DDLAUDIT = "import sys; sys.argv[0] = 'ddlaudit'; from analyzer.cli import main; main()"

#: The bare side: import sqlglot, build the dialect, parse the file; exit 3 if sqlglot
#: rejects it (the attempt is timed all the same).
BARE = """
import sys
import sqlglot
text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
try:
    sqlglot.parse(text, read=sys.argv[2] or None)
except Exception:
    sys.exit(3)
"""


@dataclass(frozen=True, slots=True)
class Row:
    """One command on one file: best wall and CPU seconds of each side, and the ratios."""

    command: str
    file: str
    dialect: str
    sqlglot_read: str
    bare_parsed: bool
    bare_wall: float
    bare_cpu: float
    ddlaudit_wall: float
    ddlaudit_cpu: float
    ratio_wall: float
    ratio_cpu: float


def base_dialect(dialect: str) -> str:
    """The stock sqlglot dialect ddlaudit's grammar ``dialect`` builds on ('' for sqlglot's
    base dialect)."""
    import grammars

    for klass in grammars.get(dialect).dialect.__mro__:
        module = klass.__module__
        if module.startswith("sqlglot.dialects."):
            name = module.rsplit(".", 1)[1]
            return "" if name == "dialect" else name
    return ""


def detected(path: str) -> str:
    """The dialect ddlaudit reads ``path`` as (what a run without ``--dialect`` uses)."""
    from analyzer.core import analyze_bytes

    result = analyze_bytes(path, (ROOT / path).read_bytes())
    if result.dialect is None:
        raise SystemExit(f"{path}: ddlaudit chose no dialect")
    return result.dialect


def timed(argv: Sequence[str], env: dict[str, str], cwd: str) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user + system) and exit code of one new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def ddlaudit_argv(command: str, path: str, prelude: str = "") -> list[str]:
    return [sys.executable, "-c", prelude + DDLAUDIT, command, path]


#: Start-up devices that can be switched off from outside: name -> (decision, what the
#: device is, the code run before the entry point that switches it off).  Those issue 30
#: removed (D136-D138) were measured the same way: ``lazy-commands``, every module of
#: ``analyzer.cli.COMMANDS`` imported first; ``lazy-lint-imports``, ``import rich.cells,
#: hashlib, json`` first.
DEVICES: dict[str, tuple[str, str, str]] = {
    "lazy-grammars": (
        "D108",
        "a grammar imported the first time a file is read in its dialect",
        "import grammars; grammars.registry()\n",
    ),
    "gc-freeze": (
        "D133",
        "the collector paused while a grammar loads, start-up frozen (gc.freeze)",
        "import gc; gc.freeze = lambda: None; gc.disable = lambda: None\n",
    ),
    "plain-size": (
        "D134",
        "the plain-text size table written without rich",
        "import analyzer.reporters.size as s; s._plain_text = lambda *a: None\n",
    ),
}


@dataclass(frozen=True, slots=True)
class Pair:
    """One command on one file, two ways (``on`` and ``off``): median wall seconds of
    each, the median, lowest and highest of the paired differences off - on, and the
    median paired difference of CPU seconds (user + system; steadier on a loaded machine)."""

    command: str
    file: str
    rounds: int
    on_wall: float
    off_wall: float
    gain: float
    gain_min: float
    gain_max: float
    cpu_gain: float


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def compare(
    files: Sequence[str],
    commands: Sequence[str],
    rounds: int,
    on: tuple[str, dict[str, str]],
    off: tuple[str, dict[str, str]],
    cwd: str,
) -> list[Pair]:
    """Paired runs of ``on`` and ``off`` (each a prelude and an environment), their
    order swapped every round, after an untimed warm-up of each."""
    pairs: list[Pair] = []
    for path in files:
        where = str(ROOT / path)
        for command in commands:
            sides = [(ddlaudit_argv(command, where, p), env) for p, env in (on, off)]
            for argv, env in sides:
                code = timed(argv, env, cwd)[2]
                if code not in (0, 1):
                    raise SystemExit(f"ddlaudit {command} {path} failed with exit {code}")
            walls: tuple[list[float], list[float]] = ([], [])
            cpus: tuple[list[float], list[float]] = ([], [])
            for k in range(rounds):
                for side in (0, 1) if k % 2 == 0 else (1, 0):
                    wall, cpu, _ = timed(*sides[side], cwd)
                    walls[side].append(wall)
                    cpus[side].append(cpu)
            gains = [b - a for a, b in zip(*walls, strict=True)]
            cpu_gains = [b - a for a, b in zip(*cpus, strict=True)]
            pairs.append(
                Pair(
                    command,
                    path,
                    rounds,
                    round(median(walls[0]), 4),
                    round(median(walls[1]), 4),
                    round(median(gains), 4),
                    round(min(gains), 4),
                    round(max(gains), 4),
                    round(median(cpu_gains), 4),
                )
            )
    return pairs


def pair_table(pairs: Sequence[Pair], on: str, off: str) -> str:
    head = f"{'command':<8} {'file':<36} {on:>9} {off:>9} {'gain ms':>8} {'min..max ms':>16}"
    lines = [head, "-" * len(head)]
    for p in pairs:
        spread = f"{p.gain_min * 1000:.0f}..{p.gain_max * 1000:.0f}"
        lines.append(
            f"{p.command:<8} {p.file:<36} {p.on_wall:>9.3f} {p.off_wall:>9.3f} "
            f"{p.gain * 1000:>8.1f} {spread:>16} {p.cpu_gain * 1000:>11.1f}"
        )
    return "\n".join(lines)


def measure(
    files: Sequence[str], commands: Sequence[str], rounds: int, env: dict[str, str], cwd: str
) -> list[Row]:
    rows: list[Row] = []
    for path in files:
        dialect = detected(path)
        read = base_dialect(dialect)
        where = str(ROOT / path)
        sides = {"bare": [sys.executable, "-c", BARE, where, read]}
        sides.update({c: ddlaudit_argv(c, where) for c in commands})
        codes: dict[str, int] = {}
        for name, argv in sides.items():  # warm-up: bytecode written, caches filled
            codes[name] = timed(argv, env, cwd)[2]
            if name != "bare" and codes[name] not in (0, 1):
                raise SystemExit(f"ddlaudit {name} {path} failed with exit {codes[name]}")
        best = {name: (float("inf"), float("inf")) for name in sides}
        order = list(sides)
        for k in range(rounds):
            for name in order[k % len(order) :] + order[: k % len(order)]:
                wall, cpu, _ = timed(sides[name], env, cwd)
                best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
        bare_wall, bare_cpu = best["bare"]
        for command in commands:
            wall, cpu = best[command]
            rows.append(
                Row(
                    command,
                    path,
                    dialect,
                    read or "(base)",
                    codes["bare"] == 0,
                    round(bare_wall, 4),
                    round(bare_cpu, 4),
                    round(wall, 4),
                    round(cpu, 4),
                    round(wall / bare_wall, 2),
                    round(cpu / bare_cpu, 2) if bare_cpu else float("nan"),
                )
            )
    return rows


def table(rows: Sequence[Row]) -> str:
    head = (
        f"{'command':<8} {'file':<36} {'read=':<9} {'parsed':<6} "
        f"{'bare s':>7} {'ddlaudit s':>10} {'ratio':>6}   {'bare cpu':>8} "
        f"{'ddl cpu':>8} {'ratio':>6}"
    )
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(
            f"{r.command:<8} {r.file:<36} {r.sqlglot_read:<9} "
            f"{'yes' if r.bare_parsed else 'no':<6} {r.bare_wall:>7.3f} {r.ddlaudit_wall:>10.3f} "
            f"{r.ratio_wall:>6.2f}   {r.bare_cpu:>8.3f} {r.ddlaudit_cpu:>8.3f} {r.ratio_cpu:>6.2f}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="new processes per side (best of)")
    parser.add_argument("--commands", default=",".join(COMMANDS))
    parser.add_argument("--files", default=",".join(DEFAULT_FILES))
    parser.add_argument("--out", default=None, help="default bench/results/startup*.json")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--device", choices=sorted(DEVICES), help="compare the device on/off")
    which.add_argument("--against", metavar="DIR", help="compare with the checkout in DIR")
    args = parser.parse_args(argv)
    commands = [c for c in args.commands.split(",") if c]
    unknown = sorted(set(commands) - set(COMMANDS))
    if unknown:
        parser.error(f"unknown command(s) {', '.join(unknown)}; expected {', '.join(COMMANDS)}")
    files = [f for f in args.files.split(",") if f]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])

    if args.device or args.against:
        paired_main(args, files, commands, env)
        return
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="ddlaudit-startup-") as cwd:
        rows = measure(files, commands, max(1, args.rounds), env, cwd)
    load_after = os.getloadavg()

    import sqlglot

    print(table(rows))
    worst = max(r.ratio_cpu for r in rows)
    lint = [r.ratio_wall for r in rows if r.command == "lint"]
    print(
        f"\nbest of {args.rounds} per side; target lint wall ratio <= 1.6"
        f"{f' (worst {max(lint):.2f})' if lint else ''}; worst CPU ratio {worst:.2f}; "
        f"load average {' '.join(f'{x:.2f}' for x in load_before)} before, "
        f"{' '.join(f'{x:.2f}' for x in load_after)} after ({os.cpu_count()} cores)"
    )
    if not all(r.bare_parsed for r in rows):
        print(
            "bare parsed 'no': stock sqlglot rejects that file; its time is the import, the "
            "dialect and the parse attempt up to the error"
        )
    out = Path(args.out or HERE / "results" / "startup.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "benchmark": "startup",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "python": platform.python_version(),
        "sqlglot": sqlglot.__version__,
        "cores": os.cpu_count(),
        "rounds": args.rounds,
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
        "rows": [asdict(r) for r in rows],
    }
    out.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")


def paired_main(
    args: argparse.Namespace, files: Sequence[str], commands: Sequence[str], env: dict[str, str]
) -> None:
    """``--device`` / ``--against``: paired runs, this checkout's side first."""
    if args.device:
        decision, what, prelude = DEVICES[args.device]
        on, off = ("", env), (prelude, env)
        names, title = ("on", "off"), f"{args.device} ({decision}): {what}"
    else:
        other = Path(args.against).resolve()
        other_env = dict(
            env, PYTHONPATH=os.pathsep.join([str(other), *env["PYTHONPATH"].split(os.pathsep)[1:]])
        )
        on, off = ("", env), ("", other_env)
        names, title = ("this", "other"), f"this checkout against {other}"
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="ddlaudit-startup-") as cwd:
        pairs = compare(files, commands, max(1, args.rounds), on, off, cwd)
    load_after = os.getloadavg()
    print(title)
    print(pair_table(pairs, f"{names[0]} s", f"{names[1]} s"))
    print(
        f"\nmedians of {args.rounds} pairs (wall); gain = {names[1]} - {names[0]}, paired; "
        f"load average {' '.join(f'{x:.2f}' for x in load_before)} before, "
        f"{' '.join(f'{x:.2f}' for x in load_after)} after ({os.cpu_count()} cores)"
    )
    out = Path(args.out or HERE / "results" / f"startup-{args.device or 'against'}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "benchmark": "startup-pairs",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "python": platform.python_version(),
        "compare": title,
        "rounds": args.rounds,
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
        "pairs": [asdict(p) for p in pairs],
    }
    out.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")


if __name__ == "__main__":
    main()
