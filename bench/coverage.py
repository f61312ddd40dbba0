"""Coverage of CREATE TABLE statements: how many in a directory reach ddlaudit's IR.

    python bench/coverage.py DIR [--json OUT] [--dialect NAME] [--no-sqlglot]

For every file ddlaudit reads under DIR (its own discovery: ``*.sql``, ``*.ddl``,
``*.btq``, ...), per dialect:

* **statements**: the ``CREATE ... TABLE`` heads in the text, found by a scanner of its
  own that skips comments (``--``, nested ``/* */``), strings and quoted names; those
  inside a routine body (a ``CREATE PROCEDURE`` / ``FUNCTION`` / ``TRIGGER`` / ``MACRO``
  statement as :func:`analyzer.split.split_statements` cuts it) are counted apart
  (``in routines``): ddlaudit does not analyse routine bodies; so are those without a
  column list (``CREATE TABLE ... AS query | other_table``, ``AS query``: P005), which
  have no declared columns to reach the IR with;
* **IR**: those inside the span of a table of ``ddlaudit parse --format json`` (the
  command is run, one process per dialect group);
* **diagnosed**: not in the IR, with a diagnostic of the file between the head and the
  end of its statement (or the next head): a syntax error, P007, P008, ...;
* **silent**: neither (the issue 20 goal: none);
* **tracebacks**: P900 / D900 diagnostics (an internal error caught per statement or
  file) and runs of the command that ended with an internal error (exit code 4);
* **sqlglot**: the reference, bare ``sqlglot.parse`` of the text from the head to the end
  of its statement, read as the base dialect (``tsql`` for SQL Server and ASE,
  ``teradata``, sqlglot's generic dialect for HiRDB), counted when its first statement
  is a ``Create`` of kind ``TABLE``.

The dialect of a file is its top directory's name under DIR when that is a dialect
(``DIR/teradata/x.btq``), else ``--dialect``, else ddlaudit's detection.  Each head not in
the IR is listed with file:line:column, its class and the diagnostic.  A measurement,
not a test (tests/test_bench_coverage.py checks the counting on known statements).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import sqlglot  # noqa: E402
from sqlglot import exp  # noqa: E402

import grammars  # noqa: E402
from analyzer.source import LineIndex, discover, read_path  # noqa: E402
from analyzer.split import BTEQ_DIALECT, split_statements, statement_label  # noqa: E402

#: sqlglot's dialect for the bare-sqlglot reference column ("" is its generic one).
BASE_DIALECT = {"tsql": "tsql", "sybase": "tsql", "teradata": "teradata", "hirdb": ""}

#: Diagnostic codes of an internal error (a caught traceback).
TRACEBACK_CODES = frozenset({"P900", "D900"})

#: File-level notes that say nothing about one statement (P003: no dialect detected).
FILE_LEVEL_CODES = frozenset({"P003"})

#: The diagnostic of a CREATE TABLE without a column list (``AS query``).
AS_QUERY_CODE = "P005"

#: Statement labels (analyzer.split.statement_label) of routine bodies.
ROUTINE_WORDS = frozenset({"procedure", "proc", "function", "trigger", "macro"})

_HEAD = (
    r"\bcreate\s+(?:(?:or\s+replace|set|multiset|global|temporary|temp|volatile|local|fix"
    r"|no\s+log)\s+)*table\b"
)
# One alternation: a comment, a string or quoted name (skipped), or a CREATE TABLE head.
_SCAN = re.compile(
    r"(?P<line>--[^\n]*)"
    r"|(?P<block>/\*)"
    r"|'(?:[^']|'')*(?:'|\Z)"
    r'|"(?:[^"]|"")*(?:"|\Z)'
    r"|\[(?:[^\]]|\]\])*(?:\]|\Z)"
    rf"|(?P<head>{_HEAD})",
    re.IGNORECASE,
)
_BLOCK_MARK = re.compile(r"/\*|\*/")


def create_table_heads(text: str) -> list[int]:
    """Offsets of the ``CREATE [modifiers] TABLE`` heads of ``text`` outside comments,
    strings and quoted names.

    >>> create_table_heads("create table a (x int) -- create table b\\n/* create table c */")
    [0]
    >>> create_table_heads("exec('create table d (x int)'); CREATE MULTISET TABLE e (x int)")
    [32]
    """
    heads: list[int] = []
    pos = 0
    while True:
        m = _SCAN.search(text, pos)
        if m is None:
            return heads
        if m.group("head"):
            heads.append(m.start())
            pos = m.end()
        elif m.group("block"):
            depth, pos = 1, m.end()
            while depth:  # nested, as in T-SQL; unclosed runs to the end
                mark = _BLOCK_MARK.search(text, pos)
                if mark is None:
                    return heads
                depth += 1 if mark.group() == "/*" else -1
                pos = mark.end()
        else:
            pos = max(m.end(), m.start() + 1)


@dataclass(frozen=True, slots=True)
class Site:
    """One CREATE TABLE head and what became of it."""

    dialect: str
    file: str
    line: int
    column: int
    status: str  # ir, diagnosed, silent, routine, as_query
    diagnostic: str = ""
    sqlglot_ok: bool = False


@dataclass(slots=True)
class Counts:
    """The figures of one dialect."""

    files: int = 0
    statements: int = 0
    in_routines: int = 0
    as_query: int = 0
    ir: int = 0
    diagnosed: int = 0
    silent: int = 0
    tracebacks: int = 0
    sqlglot: int = 0
    traceback_sites: list[str] = field(default_factory=list)

    @property
    def counted(self) -> int:
        return self.statements - self.in_routines - self.as_query

    def share(self, n: int) -> float:
        return 100.0 * n / self.counted if self.counted else 100.0


def _sqlglot_reads(text: str, dialect: str) -> bool:
    logging.getLogger("sqlglot").setLevel(logging.ERROR)  # its Command fallback warnings
    try:
        trees = sqlglot.parse(text, read=BASE_DIALECT.get(dialect, "") or None)
    except Exception:  # the reference's failures are what is counted
        return False
    first = trees[0] if trees else None
    return isinstance(first, exp.Create) and str(first.args.get("kind", "")).upper() == "TABLE"


def _run_parse(paths: Sequence[str], dialect: str | None) -> tuple[list[dict[str, Any]], int]:
    """``ddlaudit parse PATHS --format json`` in a child process: its files and exit code."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "ir.json")
        argv = [sys.executable, "-c", "from analyzer.cli import main; main()", "parse"]
        argv += [*paths, "--format", "json", "--output", out]
        if dialect:
            argv += ["--dialect", dialect]
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        }
        proc = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
        try:
            with open(out, encoding="utf-8") as handle:
                files: list[dict[str, Any]] = json.load(handle)["files"]
        except (OSError, ValueError, KeyError):
            files = []
        return files, proc.returncode


def _groups(root: Path, forced: str | None) -> Iterator[tuple[list[str], str | None]]:
    """(files, dialect) groups: a top directory named as a dialect, then the rest."""
    names = set(grammars.names())
    rest: list[str] = []
    found, _ = discover([str(root)])
    by_top: dict[str, list[str]] = {}
    for path in found:
        rel = Path(path).relative_to(root)
        top = rel.parts[0] if len(rel.parts) > 1 else ""
        if top in names and not forced:
            by_top.setdefault(top, []).append(path)
        else:
            rest.append(path)
    for top in sorted(by_top):
        yield by_top[top], top
    if rest:
        yield rest, forced


def _span(item: object) -> tuple[int, int] | None:
    span = item.get("span") if isinstance(item, dict) else None
    if not isinstance(span, dict):
        return None
    return int(span["start"]), int(span["end"])


def _file_sites(entry: dict[str, Any], check_sqlglot: bool) -> tuple[list[Site], list[str]]:
    """The heads of one file of the parse document, classified; and its traceback codes."""
    path = str(entry["path"])
    dialect = str(entry.get("dialect") or "?")
    decoded = read_path(path, str(entry["encoding"]) if entry.get("encoding") else None)
    diagnostics = [d for d in entry.get("diagnostics", []) or [] if isinstance(d, dict)]
    tracebacks = [
        f"{path}:{(d.get('span') or {}).get('line', 0)}: {d['code']} {d['message']}"
        for d in diagnostics
        if d.get("code") in TRACEBACK_CODES
    ]
    if decoded.source is None:
        return [], tracebacks
    text = decoded.source.text
    heads = create_table_heads(text)
    if not heads:
        return [], tracebacks
    index = LineIndex(text)
    grammar = grammars.get(dialect) if dialect in grammars.names() else None
    statements = split_statements(
        text,
        batch_separator=grammar.batch_separator if grammar else True,
        dot_commands=dialect == BTEQ_DIALECT,
    )
    tables = [s for s in (_span(t) for t in entry.get("tables", []) or []) if s]
    diags = [
        (s, d) for d in diagnostics if d.get("code") not in FILE_LEVEL_CODES and (s := _span(d))
    ]
    sites: list[Site] = []
    for k, head in enumerate(heads):
        st = next((s for s in statements if s.start <= head < s.end), None)
        end = st.end if st else len(text)
        if k + 1 < len(heads):
            end = min(end, heads[k + 1])
        line, column = index.position(head)
        words = statement_label(st.text).split() if st else []
        if (
            st
            and len(words) > 1
            and words[0] in ("create", "alter", "replace")
            and words[1] in ROUTINE_WORDS
        ):
            sites.append(Site(dialect, path, line, column, "routine"))
            continue
        ok = check_sqlglot and _sqlglot_reads(text[head:end], dialect)
        if any(a <= head < b for a, b in tables):
            sites.append(Site(dialect, path, line, column, "ir", sqlglot_ok=ok))
            continue
        near = [d for (a, _), d in diags if head <= a < max(end, head + 1)]
        if not near and st is not None:
            near = [d for (a, _), d in diags if st.start <= a < end]
        if near:
            d = near[0]
            status = "as_query" if d["code"] == AS_QUERY_CODE else "diagnosed"
            sites.append(
                Site(dialect, path, line, column, status, f"{d['code']} {d['message']}", ok)
            )
        else:
            sites.append(Site(dialect, path, line, column, "silent", sqlglot_ok=ok))
    return sites, tracebacks


def measure(
    root: Path, dialect: str | None = None, check_sqlglot: bool = True
) -> tuple[dict[str, Counts], list[Site]]:
    """Counts per dialect and every head (see the module docstring)."""
    counts: dict[str, Counts] = {}
    sites: list[Site] = []
    for paths, forced in _groups(root, dialect):
        files, code = _run_parse(paths, forced)
        if code == 4 or (not files and paths):
            c = counts.setdefault(forced or "?", Counts())
            c.tracebacks += 1
            c.traceback_sites.append(f"ddlaudit parse exited {code} on {len(paths)} files")
        for entry in files:
            found, tracebacks = _file_sites(entry, check_sqlglot)
            c = counts.setdefault(str(entry.get("dialect") or "?"), Counts())
            c.files += 1
            c.tracebacks += len(tracebacks)
            c.traceback_sites.extend(tracebacks)
            for s in found:
                c.statements += 1
                if s.status == "routine":
                    c.in_routines += 1
                    continue
                if s.status == "as_query":
                    c.as_query += 1
                    continue
                setattr(c, s.status, getattr(c, s.status) + 1)
                c.sqlglot += s.sqlglot_ok
            sites.extend(found)
    return counts, sites


def report(counts: dict[str, Counts], sites: Sequence[Site], check_sqlglot: bool = True) -> str:
    """The per-dialect table, then every head that did not reach the IR."""
    head = (
        f"{'dialect':<10} {'files':>5} {'CREATE TABLE':>12} {'in routines':>11} "
        f"{'AS query':>8} {'IR':>6} "
        f"{'%':>6} {'diagnosed':>9} {'silent':>6} {'tracebacks':>10}"
    )
    if check_sqlglot:
        head += f" {'sqlglot':>7} {'%':>6}"
    lines = [head]
    for name in sorted(counts):
        c = counts[name]
        row = (
            f"{name:<10} {c.files:>5} {c.counted:>12} {c.in_routines:>11} {c.as_query:>8} "
            f"{c.ir:>6} "
            f"{c.share(c.ir):>6.1f} {c.diagnosed:>9} {c.silent:>6} {c.tracebacks:>10}"
        )
        if check_sqlglot:
            row += f" {c.sqlglot:>7} {c.share(c.sqlglot):>6.1f}"
        lines.append(row)
    misses = [s for s in sites if s.status in ("diagnosed", "silent")]
    if misses:
        lines += ["", "not in the IR:"]
        for s in misses:
            lines.append(f"{s.file}:{s.line}:{s.column}: {s.status}: {s.diagnostic or '-'}")
    problems = [t for c in counts.values() for t in c.traceback_sites]
    if problems:
        lines += ["", "tracebacks:", *problems]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument(
        "--dialect", choices=grammars.names(), help="for files outside DIR/<dialect>/"
    )
    parser.add_argument("--json", type=Path, help="also write the figures and every head as JSON")
    parser.add_argument("--no-sqlglot", action="store_true", help="skip the bare-sqlglot column")
    args = parser.parse_args(argv)
    if not args.directory.is_dir():
        parser.error(f"not a directory: {args.directory}")
    check = not args.no_sqlglot
    counts, sites = measure(args.directory, args.dialect, check)
    print(report(counts, sites, check))
    if args.json:
        doc = {
            "dialects": {
                k: {**asdict(c), "counted": c.counted, "ir_percent": round(c.share(c.ir), 2)}
                for k, c in sorted(counts.items())
            },
            "sites": [asdict(s) for s in sites],
        }
        args.json.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
