"""``ddlaudit lint``: every rule of the catalogue over DDL files, for CI and pre-commit."""

from __future__ import annotations

import dataclasses
import importlib
import os
import sys
import typing as t
from collections import Counter

import click

from analyzer.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_USAGE,
    PLATFORM,
    emit,
    input_options,
    internal_error,
    jobs_option,
    jsonl_line,
    load_config,
    output_option,
    pool_failed,
    read_stdin,
    resolve_jobs,
    sizing_settings,
    stream_output,
)

if t.TYPE_CHECKING:
    from analyzer.pool import FileFindings
    from analyzer.rules.registry import Report, Rule
    from analyzer.workflow import LintRun

FORMATS = ("text", "json", "jsonl", "sarif", "github", "markdown", "junit")


def _split(values: tuple[str, ...]) -> tuple[str, ...]:
    """``--select A,B --select C`` -> ``(A, B, C)``, upper case."""
    return tuple(v.strip().upper() for value in values for v in value.split(",") if v.strip())


def _severities(values: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    out = []
    for value in values:
        code, sep, level = value.partition("=")
        if not sep or level.strip().lower() not in ("error", "warning", "info"):
            raise click.BadParameter(
                f"{value!r}: expected CODE=LEVEL with LEVEL error, warning or info",
                param_hint="--severity",
            )
        out.append((code.strip().upper(), level.strip().lower()))
    return tuple(out)


def _help_uri(base: str) -> t.Callable[[Rule], str]:
    """A rule's page under ``[lint] docs-url`` (docs/rules/CODE.md, as generated)."""
    from analyzer.rules.docs import page_url

    return lambda rule: page_url(base, rule.code)


def _statistics(report: Report) -> str:
    """Findings per rule, most first (ruff's ``--statistics``)."""
    counts = Counter(f.code for f in report.findings)
    names = {r.code: r.name for r in report.rules}
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    lines = [f"{n:>6}  {code:<5} {names.get(code, '')}" for code, n in rows]
    lines.append(f"{len(report.findings):>6}  findings in {len(report.files)} files")
    return "\n".join(lines)


def _jsonl(
    handle: t.TextIO,
    events: t.Iterable[FileFindings | LintRun],
    fail_on: t.Any,
    names: dict[str, str],
) -> bool:
    """``lint --format jsonl``: a ``file`` object per listed file (its findings as the
    JSON document writes them) as soon as its scope is done, a ``run`` object for
    findings about no listed file (when there are any), then the ``summary``; returns
    whether the run failed (a finding reached ``fail_on``)."""
    from analyzer import __version__
    from analyzer.pool import FileFindings
    from analyzer.reporters.json import SCHEMA_VERSION, Counts, finding
    from analyzer.rules.registry import SEVERITY_ORDER

    counts = Counts()
    files = suppressed = baselined = 0
    failed = False
    floor = SEVERITY_ORDER[fail_on] if fail_on is not None else None
    for event in events:
        if not isinstance(event, FileFindings):
            continue
        counts.add(event.findings)
        files += event.listed
        suppressed += event.suppressed
        baselined += event.baselined
        if floor is not None:
            failed = failed or any(SEVERITY_ORDER[f.severity] >= floor for f in event.findings)
        if event.listed or event.findings:
            head: dict[str, t.Any] = {"type": "file" if event.listed else "run"}
            if event.listed:
                head["path"] = event.path
            jsonl_line(
                handle,
                {
                    **head,
                    "findings": [finding(f, names.get(f.code)) for f in event.findings],
                    "suppressed": event.suppressed,
                    "baselined": event.baselined,
                },
            )
    tool = {"name": "ddlaudit", "version": __version__}
    summary = counts.summary(files, suppressed, baselined, failed)
    jsonl_line(
        handle, {"type": "summary", "schema_version": SCHEMA_VERSION, "tool": tool, **summary}
    )
    return failed


def _from_report(run: LintRun) -> t.Iterator[FileFindings]:
    """:class:`FileFindings` from a whole run's report (``--context`` runs in memory)."""
    from analyzer.pool import FileFindings

    report = run.report
    by_path: dict[str, list[t.Any]] = {}
    for f in report.findings:
        by_path.setdefault(f.path, []).append(f)
    for path in report.files:
        yield FileFindings(path, tuple(by_path.pop(path, ())))
    rest = tuple(f for found in by_path.values() for f in found)
    yield FileFindings("", rest, report.suppressed, report.baselined, listed=False)


@click.command()
@click.argument("paths", nargs=-1, required=True)
@input_options
@output_option
@jobs_option
@click.option(
    "--platform",
    type=PLATFORM,
    default=None,
    help="Check every table against this platform's limits and rules (default: [size] "
    "platform in the config, else each table's own: tsql -> mssql, sybase -> ase).",
)
@click.option(
    "--select",
    multiple=True,
    metavar="CODES",
    help="Only these rules: codes or prefixes, comma-separated, or ALL "
    "(replaces the config's select; default: the rules enabled by default).",
)
@click.option(
    "--extend-select", multiple=True, metavar="CODES", help="Also these rules (codes or prefixes)."
)
@click.option(
    "--ignore",
    multiple=True,
    metavar="CODES",
    help="Not these rules (adds to the config's ignore).",
)
@click.option(
    "--severity",
    "severities",
    multiple=True,
    metavar="CODE=LEVEL",
    help="Report a rule (or prefix) at error, warning or info (repeatable).",
)
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "info", "never"]),
    default=None,
    help="Exit 1 when a finding is at least this severe (default: [lint] fail-on, else warning).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="text (file:line:col: CODE message, source line, summary), json (docs/lint-json.md), "
    "sarif (SARIF 2.1.0), github (workflow annotations), markdown (PR comment), junit.",
)
@click.option(
    "--baseline",
    "baseline_path",
    default=None,
    metavar="FILE",
    help="Report only findings not recorded in FILE (default: [lint] baseline).",
)
@click.option(
    "--write-baseline",
    default=None,
    metavar="FILE",
    help="Record today's findings in FILE and exit 0 (adopt ddlaudit on a legacy repository).",
)
@click.option(
    "--workload",
    "workload_path",
    default=None,
    metavar="FILE",
    help="Replication workload (YAML, as for 'replication'): enables the capacity findings.",
)
@click.option(
    "--context",
    "context_paths",
    multiple=True,
    metavar="PATH",
    help="Also read PATH (repeatable) to resolve references, without reporting its "
    "findings: 'ddlaudit lint --context . changed.sql' in a pre-commit hook.",
)
@click.option("--statistics", is_flag=True, help="Print only the number of findings per rule.")
@click.option(
    "--color/--no-color",
    default=None,
    help="Colour the text report (default: when standard output is a terminal).",
)
def lint(
    paths: tuple[str, ...],
    dialect: str | None,
    encoding: str | None,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    config_path: str | None,
    output: str | None,
    platform: str | None,
    select: tuple[str, ...],
    extend_select: tuple[str, ...],
    ignore: tuple[str, ...],
    severities: tuple[str, ...],
    fail_on: str | None,
    fmt: str,
    baseline_path: str | None,
    write_baseline: str | None,
    workload_path: str | None,
    context_paths: tuple[str, ...],
    statistics: bool,
    color: bool | None,
    jobs: int | None,
) -> None:
    """Check DDL files or directories (PATH '-' reads stdin) against the rule catalogue.

    Parses, sizes and checks replication like 'parse', 'size' and 'replication', then
    reports every finding of the enabled rules ('ddlaudit rules' lists them).  Files
    link and references resolve within their scope: a [scopes] glob's, else the nearest
    directory with a ddlaudit.toml, .ddlaudit.toml or *.sqlproj marker, else the PATH.
    Suppress a finding with '-- ddlaudit: ignore[CODE]' on its line; exit 1 when a
    finding reaches --fail-on.
    """
    from analyzer import __version__
    from analyzer.core import Options
    from analyzer.pool import FileFindings, PoolError
    from analyzer.rules.baseline import BaselineError, dumps, load
    from analyzer.rules.selection import SelectionError, resolve
    from analyzer.workflow import lint as run_lint
    from analyzer.workflow import with_source_lines

    config = load_config(config_path, include, exclude, encoding)
    settings = config.lint
    settings = dataclasses.replace(
        settings,
        select=_split(select) if select else settings.select,
        extend_select=(*settings.extend_select, *_split(extend_select)),
        ignore=(*settings.ignore, *_split(ignore)),
        severity=(*settings.severity, *_severities(severities)),
        fail_on=fail_on or settings.fail_on,
    )
    try:
        selection = resolve(settings)
    except SelectionError as err:
        raise click.UsageError(str(err)) from None
    sizing = sizing_settings(config, platform=platform)
    baseline = None
    chosen = baseline_path or settings.baseline
    if chosen is not None and write_baseline is None:
        try:
            baseline = load(chosen)
        except BaselineError as err:
            raise click.UsageError(str(err)) from None
    options = Options(dialect=dialect, encoding=encoding, config=config)
    stdin = read_stdin(paths)
    per_file = fmt == "jsonl" and not statistics and write_baseline is None
    run: LintRun | None = None
    try:
        if context_paths:  # the context files' IR serves every scope: one run in memory
            run = run_lint(
                list(paths),
                options,
                sizing,
                selection,
                stdin=stdin,
                workload_path=workload_path or settings.workload,
                baseline=baseline,
                root=os.getcwd(),
                tool_version=__version__,
                context=context_paths,
            )
            events: t.Iterable[t.Any] = _from_report(run) if per_file else ()
        else:
            from analyzer.pool import lint as lint_files

            events = lint_files(
                list(paths),
                options,
                sizing,
                selection,
                stdin=stdin,
                workload_path=workload_path or settings.workload,
                baseline=baseline,
                root=os.getcwd(),
                tool_version=__version__,
                jobs=resolve_jobs(jobs),
                per_file=per_file,
                # the text, GitHub, Markdown and JUnit reports and --statistics show no
                # fingerprint: without a baseline they are not made (nor hashlib loaded)
                fingerprints=fmt in ("json", "jsonl", "sarif")
                or chosen is not None
                or write_baseline is not None,
            )
        if per_file:
            names = {r.code: r.name for r in selection.enabled_rules}
            with stream_output(output) as handle:
                failed = _jsonl(handle, events, selection.fail_on, names)
            sys.exit(EXIT_FINDINGS if failed else EXIT_OK)
        for event in events:
            if not isinstance(event, FileFindings):
                run = event
    except (PoolError, KeyboardInterrupt) as err:
        pool_failed(err if str(err) else PoolError("interrupted"))
    except Exception as err:
        internal_error(err)
    if run is None:  # the lint always ends with its run: a bug otherwise
        internal_error(RuntimeError("the lint run ended without its report"))
    if write_baseline is not None:
        emit(dumps(run.findings), write_baseline)
        click.echo(f"ddlaudit: recorded {len(run.findings)} findings in {write_baseline}", err=True)
        sys.exit(EXIT_OK)
    report = run.report
    if statistics:
        emit(_statistics(report), output)
    elif fmt == "text":
        from analyzer.reporters import text

        report = dataclasses.replace(
            report, findings=tuple(with_source_lines(report.findings, options, stdin))
        )
        use_color = color if color is not None else (output is None and sys.stdout.isatty())
        emit(text.render(report, color=use_color), output)
    elif fmt == "sarif":
        from analyzer.reporters import sarif

        base = settings.docs_url
        emit(sarif.render(report, help_uri=_help_uri(base) if base else None), output)
    else:
        module = importlib.import_module(f"analyzer.reporters.{fmt}")
        emit(module.render(report), output)
    sys.exit(EXIT_FINDINGS if report.failed else EXIT_OK)


__all__ = ["EXIT_USAGE", "lint"]
