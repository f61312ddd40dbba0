"""Precision benchmark (issue 27, item 5): ``ddlaudit lint`` on real repositories.

    python bench/precision.py [--repo NAME] [--corpus DIR] [--mirror DIR] [--list FILE]
                              [--jobs N] [--timeout S] [--json OUT]

Every repository in ``bench/precision.toml`` (repository, pinned commit, paths, dialect,
whether the schema deploys on its engine) is exported from a local bare mirror into
``CORPUS/NAME/`` (the blobs ``git ls-tree COMMIT -- PATHS`` lists; reused while its stamp
matches; files the mirror lacks are counted) and linted as a new user would:
``ddlaudit lint CORPUS/NAME --format json``, no options but ``-j`` (on a shared machine),
plus ``ddlaudit parse --format jsonl`` for the table count and the dialect read per file.
Per repository it prints files, tables, findings by severity and by code, P003 per scope,
and every error-level finding on a deploying schema (``file:line code message``): on those
each error is a false claim.

No network: a mirror that is absent is reported with the command that brings it
(``git clone --bare https://github.com/OWNER/NAME MIRROR/OWNER+NAME/repo``); the run goes
on with the other repositories.  The mirror layout (``MIRROR/OWNER+NAME/repo``) is the one
the corpus was built with.  A measurement, not a test (tests/test_bench_precision.py
checks the reporting on a corpus it writes itself).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from analyzer.scopes import Markers, scope_of  # noqa: E402

STAMP = ".precision-export"
MISSING = ".precision-missing"  # files the mirror lacks, one a line
SEVERITIES = ("error", "warning", "info")


class MirrorMissing(Exception):
    """The repository's bare mirror is not on this machine (the message says how to get it)."""


@dataclass(frozen=True)
class Entry:
    """One corpus entry of ``bench/precision.toml``."""

    name: str
    repo: str
    commit: str
    paths: tuple[str, ...]
    dialect: str
    deploys: bool
    note: str = ""


@dataclass
class Report:
    """What one repository's run found."""

    entry: Entry
    files: int = 0
    tables: int = 0
    dialects: Counter[str] = field(default_factory=Counter)
    by_severity: Counter[str] = field(default_factory=Counter)
    by_code: Counter[str] = field(default_factory=Counter)
    errors: list[dict[str, Any]] = field(default_factory=list)
    p003_per_scope: Counter[str] = field(default_factory=Counter)
    missing: int = 0
    seconds: float = 0.0
    exit_code: int | None = None
    problem: str = ""

    def misread(self) -> int:
        """Files read in another dialect than the entry's."""
        return sum(n for d, n in self.dialects.items() if d != self.entry.dialect)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.entry.name,
            "repo": self.entry.repo,
            "commit": self.entry.commit,
            "dialect": self.entry.dialect,
            "deploys": self.entry.deploys,
            "files": self.files,
            "tables": self.tables,
            "dialects_read": dict(sorted(self.dialects.items())),
            "files_misread": self.misread(),
            "by_severity": {s: self.by_severity.get(s, 0) for s in SEVERITIES},
            "by_code": dict(sorted(self.by_code.items())),
            "p003_per_scope": dict(sorted(self.p003_per_scope.items())),
            "errors": self.errors,
            "missing_files": self.missing,
            "seconds": round(self.seconds, 1),
            "exit_code": self.exit_code,
            "problem": self.problem,
        }


def load_entries(path: Path) -> list[Entry]:
    """The ``[[repo]]`` entries of a precision list, checked."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out: list[Entry] = []
    seen: set[str] = set()
    for raw in data.get("repo", []):
        deploys = str(raw["deploys"]).lower()
        if deploys not in ("yes", "no"):
            raise ValueError(f"{raw['name']}: deploys must be yes or no, not {deploys!r}")
        if raw["name"] in seen:
            raise ValueError(f"{raw['name']}: name listed twice")
        seen.add(raw["name"])
        out.append(
            Entry(
                name=raw["name"],
                repo=raw["repo"],
                commit=raw["commit"],
                paths=tuple(raw["paths"]),
                dialect=raw["dialect"],
                deploys=deploys == "yes",
                note=raw.get("note", ""),
            )
        )
    return out


def mirror_of(mirror_root: Path, repo: str) -> Path:
    """The bare git directory of ``owner/name`` under the mirror root."""
    return mirror_root / repo.replace("/", "+") / "repo"


def export(entry: Entry, mirror_root: Path, corpus: Path) -> Path:
    """``CORPUS/NAME`` holding the entry's paths at its commit (reused while the stamp
    matches); :class:`MirrorMissing` when the mirror or the commit is absent."""
    target = corpus / entry.name
    stamp = f"{entry.repo}@{entry.commit}\n" + "\n".join(entry.paths) + "\n"
    if (target / STAMP).is_file() and (target / STAMP).read_text(encoding="utf-8") == stamp:
        return target
    git_dir = mirror_of(mirror_root, entry.repo)
    how = (
        f"bring it with: git clone --bare https://github.com/{entry.repo} {git_dir} "
        f"(or the search tool's fetch github:{entry.repo})"
    )
    if not git_dir.is_dir():
        raise MirrorMissing(f"{entry.repo}: no mirror at {git_dir}; {how}")
    known = subprocess.run(
        ["git", f"--git-dir={git_dir}", "cat-file", "-e", f"{entry.commit}^{{commit}}"],
        capture_output=True,
    )
    if known.returncode != 0:
        raise MirrorMissing(f"{entry.repo}: commit {entry.commit} not in {git_dir}; {how}")
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    missing = _write_tree(git_dir, entry, target)
    (target / MISSING).write_text("".join(f"{m}\n" for m in missing), encoding="utf-8")
    (target / STAMP).write_text(stamp, encoding="utf-8")
    return target


def _write_tree(git_dir: Path, entry: Entry, target: Path) -> list[str]:
    """Write the blobs under the entry's paths at its commit into ``target``; the paths
    whose blob the mirror lacks (snapshots leave out files of 4 MiB and more)."""
    listing = subprocess.run(
        ["git", f"--git-dir={git_dir}", "ls-tree", "-r", "-z", entry.commit, "--", *entry.paths],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8", "surrogateescape")
    missing: list[str] = []
    for row in filter(None, listing.split("\0")):
        meta, name = row.split("\t", 1)
        mode, kind, sha = meta.split()
        if kind != "blob" or mode == "120000":  # submodules and symbolic links: not DDL
            continue
        blob = subprocess.run(
            ["git", f"--git-dir={git_dir}", "cat-file", "blob", sha], capture_output=True
        )
        if blob.returncode != 0:
            missing.append(name)
            continue
        out = target / name
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(blob.stdout)
    return missing


def _ddlaudit(args: Sequence[str], timeout: float) -> subprocess.CompletedProcess[str]:
    """Run this checkout's ``ddlaudit`` (the worktree first on the path)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    code = "import sys; from analyzer.cli import main; sys.exit(main())"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=str(ROOT),
    )


def summarize(
    entry: Entry,
    target: Path,
    lint_doc: dict[str, Any],
    parse_records: Sequence[dict[str, Any]],
) -> Report:
    """The report of one repository from ``lint --format json`` and ``parse --format
    jsonl`` of ``target`` (the exported folder, the one PATH argument)."""
    report = Report(entry)
    for record in parse_records:
        if record.get("type") != "file":
            continue
        report.files += 1
        report.tables += len(record.get("tables", ()))
        report.dialects[str(record.get("dialect"))] += 1
    markers = Markers()
    argument = str(target)
    for finding in lint_doc.get("findings", ()):
        severity = finding["severity"]
        code = finding["code"]
        report.by_severity[severity] += 1
        report.by_code[code] += 1
        path = str(finding.get("path") or "")
        rel = os.path.relpath(path, argument) if path else "?"
        if code == "P003":
            scope = scope_of(path, argument, markers=markers) if path else argument
            report.p003_per_scope[os.path.relpath(scope, argument)] += 1
        if severity == "error" and entry.deploys:
            report.errors.append(
                {
                    "path": rel,
                    "line": finding.get("line"),
                    "code": code,
                    "message": finding.get("message", ""),
                }
            )
    return report


def run_entry(entry: Entry, target: Path, jobs: int, timeout: float) -> Report:
    """Lint and parse one exported repository."""
    start = time.perf_counter()
    jobs_args = ["-j", str(jobs)]
    try:
        lint = _ddlaudit(["lint", str(target), "--format", "json", *jobs_args], timeout)
        parse = _ddlaudit(["parse", str(target), "--format", "jsonl", *jobs_args], timeout)
    except subprocess.TimeoutExpired:
        report = Report(entry, problem=f"timed out after {timeout:.0f} s")
        report.seconds = time.perf_counter() - start
        return report
    try:
        lint_doc = json.loads(lint.stdout)
    except json.JSONDecodeError:
        tail = (lint.stderr.strip().splitlines() or ["no output"])[-1]
        report = Report(entry, problem=f"lint exit {lint.returncode}, no JSON: {tail}")
        report.exit_code = lint.returncode
        return report
    records = [json.loads(line) for line in parse.stdout.splitlines() if line.strip()]
    report = summarize(entry, target, lint_doc, records)
    if (target / MISSING).is_file():
        report.missing = len((target / MISSING).read_text(encoding="utf-8").splitlines())
    report.exit_code = lint.returncode
    report.seconds = time.perf_counter() - start
    return report


def render(report: Report) -> str:
    """The text block of one repository."""
    e = report.entry
    head = f"== {e.name} ({e.repo}@{e.commit[:10]}, {e.dialect}, deploys: "
    lines = [head + ("yes" if e.deploys else "no") + ")"]
    if report.problem:
        lines.append(f"   not measured: {report.problem}")
        return "\n".join(lines)
    read = ", ".join(f"{d} {n}" for d, n in sorted(report.dialects.items()))
    misread = report.misread()
    if misread:
        read += f" ({misread} not {e.dialect})"
    absent = f" ({report.missing} absent from the mirror)" if report.missing else ""
    lines.append(f"   files {report.files}{absent}, tables {report.tables}; read as: {read or '-'}")
    sev = ", ".join(f"{s} {report.by_severity.get(s, 0)}" for s in SEVERITIES)
    lines.append(f"   findings: {sev}  ({report.seconds:.1f} s, exit {report.exit_code})")
    if report.by_code:
        codes = ", ".join(f"{c} {n}" for c, n in sorted(report.by_code.items()))
        lines.append(f"   by code: {codes}")
    if report.p003_per_scope:
        scopes = ", ".join(f"{s} {n}" for s, n in sorted(report.p003_per_scope.items()))
        lines.append(f"   P003 per scope: {scopes}")
    if report.errors:
        lines.append(f"   errors on a deploying schema ({len(report.errors)}):")
        for err in report.errors:
            lines.append(f"     {err['path']}:{err['line']} {err['code']} {err['message']}")
    return "\n".join(lines)


def totals(reports: Sequence[Report]) -> str:
    """One line over every measured repository."""
    measured = [r for r in reports if not r.problem]
    errors = sum(len(r.errors) for r in measured)
    sev: Counter[str] = Counter()
    for r in measured:
        sev.update(r.by_severity)
    parts = ", ".join(f"{s} {sev.get(s, 0)}" for s in SEVERITIES)
    # issue 27's targets: no error on a deploying schema, P003 at most once per scope
    extra_p003 = sum(n - 1 for r in measured for n in r.p003_per_scope.values())
    return (
        f"total: {len(measured)} of {len(reports)} repositories measured; "
        f"files {sum(r.files for r in measured)}, tables {sum(r.tables for r in measured)}; "
        f"findings {parts}; errors on deploying schemas {errors}; "
        f"P003 beyond one per scope {extra_p003}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", type=Path, default=HERE / "precision.toml")
    parser.add_argument("--repo", action="append", default=[], help="entry name (repeatable)")
    parser.add_argument("--corpus", type=Path, default=HERE / "results" / "precision-corpus")
    parser.add_argument(
        "--mirror",
        type=Path,
        default=Path(os.environ.get("DDLAUDIT_MIRROR", "mirrors")),
        help="bare mirrors as MIRROR/OWNER+NAME/repo (default $DDLAUDIT_MIRROR or ./mirrors)",
    )
    parser.add_argument("--jobs", "-j", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=1200.0, help="seconds per command")
    parser.add_argument("--json", type=Path, help="also write the reports as JSON here")
    args = parser.parse_args(argv)
    entries = load_entries(args.list)
    if args.repo:
        unknown = sorted(set(args.repo) - {e.name for e in entries})
        if unknown:
            parser.error(f"not in {args.list}: {', '.join(unknown)}")
        entries = [e for e in entries if e.name in args.repo]
    reports: list[Report] = []
    for entry in entries:
        try:
            target = export(entry, args.mirror, args.corpus)
        except MirrorMissing as exc:
            report = Report(entry, problem=str(exc))
        else:
            report = run_entry(entry, target, args.jobs, args.timeout)
        reports.append(report)
        print(render(report), flush=True)
    print(totals(reports))
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        doc = [r.as_json() for r in reports]
        args.json.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
