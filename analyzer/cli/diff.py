"""``ddlaudit diff``: what a change does to the schema, its sizes and its findings (PRs)."""

from __future__ import annotations

import dataclasses
import os
import sys
import typing as t

import click

from analyzer.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    PLATFORM,
    emit,
    input_options,
    internal_error,
    load_config,
    output_option,
    sizing_settings,
)
from analyzer.cli.lint import _help_uri, _severities, _split

if t.TYPE_CHECKING:
    from analyzer.diff.model import DiffResult

FORMATS = ("text", "json", "markdown", "sarif", "github")


def _platforms(values: tuple[str, ...]) -> tuple[str, ...]:
    """``--platform a,b --platform c`` -> ``(a, b, c)``, each checked."""
    out: list[str] = []
    for value in values:
        for p in (v.strip().lower() for v in value.split(",")):
            if not p:
                continue
            if p not in PLATFORM.choices:
                raise click.BadParameter(
                    f"{p!r}: expected one of {', '.join(PLATFORM.choices)}",
                    param_hint="--platform",
                )
            if p not in out:
                out.append(p)
    return tuple(out)


def _sides(arguments: tuple[str, ...]) -> tuple[str, str | None, tuple[str, ...]]:
    """BASE, HEAD (None: the working tree) and the PATHs.

    Two existing directories are the two sides.  Otherwise the second argument is HEAD
    unless it is an existing file or directory (then it is the first PATH and HEAD is the
    working tree); a HEAD that names no commit is reported by the run (exit 2).
    """
    base, rest = arguments[0], arguments[1:]
    if not rest:
        return base, None, ()
    if os.path.isdir(base) and os.path.isdir(rest[0]):
        return base, rest[0], rest[1:]
    if os.path.exists(rest[0]):
        return base, None, rest
    return base, rest[0], rest[1:]


@click.command()
@click.argument("arguments", nargs=-1, required=True, metavar="BASE [HEAD] [PATH]...")
@input_options
@output_option
@click.option(
    "--platform",
    "platforms",
    multiple=True,
    metavar="NAME[,NAME]",
    help="Also size every changed table for these platforms (teradata, hirdb, mssql, ase; "
    "repeatable or comma-separated); each table is always sized on its own.",
)
@click.option(
    "--rows", type=int, default=None, metavar="N", help="Row count for the pages before and after."
)
@click.option(
    "--select",
    multiple=True,
    metavar="CODES",
    help="Only these rules (as lint: codes or prefixes, comma-separated, or ALL).",
)
@click.option(
    "--extend-select", multiple=True, metavar="CODES", help="Also these rules (codes or prefixes)."
)
@click.option("--ignore", multiple=True, metavar="CODES", help="Not these rules.")
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
    help="Exit 1 when a NEW finding is at least this severe (default: [lint] fail-on, "
    "else warning).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="text, json (docs/diff-json.md), markdown (PR comment), sarif and github "
    "(annotations, only on the lines the change added or modified).",
)
@click.option(
    "--rename-similarity",
    type=click.FloatRange(0.0, 1.0, min_open=True),
    default=None,
    metavar="R",
    help="Match a dropped and an added table as a probable rename when the Jaccard index "
    "of their (column, type) sets is at least R (default 0.8; 1 = identical columns).",
)
@click.option(
    "--color/--no-color",
    default=None,
    help="Colour the text report (default: when standard output is a terminal).",
)
def diff(
    arguments: tuple[str, ...],
    dialect: str | None,
    encoding: str | None,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    config_path: str | None,
    output: str | None,
    platforms: tuple[str, ...],
    rows: int | None,
    select: tuple[str, ...],
    extend_select: tuple[str, ...],
    ignore: tuple[str, ...],
    severities: tuple[str, ...],
    fail_on: str | None,
    fmt: str,
    rename_similarity: float | None,
    color: bool | None,
) -> None:
    """Compare two versions of a schema: BASE and HEAD git revisions of the repository
    here (HEAD omitted or a PATH: the working tree, untracked files included), or two
    directories.

    Reports tables added, dropped, probably renamed and changed (columns, keys, indexes,
    constraints, options, replication), their row, page and replication message sizes
    before and after, the change-safety rules (M) and the lint findings that are new in
    HEAD (and those fixed).  Exit 1 when a new finding reaches --fail-on, 2 on a bad
    revision or outside a repository.
    """
    from analyzer import __version__
    from analyzer.core import Options
    from analyzer.diff import diff as run_diff
    from analyzer.diff.sides import DiffError
    from analyzer.rules.selection import SelectionError, resolve

    config = load_config(config_path, include, exclude, encoding)
    settings = dataclasses.replace(
        config.lint,
        select=_split(select) if select else config.lint.select,
        extend_select=(*config.lint.extend_select, *_split(extend_select)),
        ignore=(*config.lint.ignore, *_split(ignore)),
        severity=(*config.lint.severity, *_severities(severities)),
        fail_on=fail_on or config.lint.fail_on,
    )
    try:
        selection = resolve(settings)
    except SelectionError as err:
        raise click.UsageError(str(err)) from None
    extra = _platforms(platforms)
    sizing = sizing_settings(config, rows=rows)
    options = Options(dialect=dialect, encoding=encoding, config=config)
    base, head, paths = _sides(arguments)
    try:
        result = run_diff(
            base,
            head,
            paths,
            selection=selection,
            options=options,
            sizing=sizing,
            platforms=extra,
            rename_similarity=rename_similarity,
            tool_version=__version__,
        )
    except DiffError as err:
        click.echo(f"ddlaudit diff: {err}", err=True)
        sys.exit(err.exit_code)
    except Exception as err:
        internal_error(err)
    emit(_render(result, fmt, color, output, settings.docs_url), output)
    sys.exit(EXIT_FINDINGS if result.failed else EXIT_OK)


def _render(
    result: DiffResult, fmt: str, color: bool | None, output: str | None, docs_url: str | None
) -> str:
    from analyzer.rules.registry import Report

    if fmt == "json":
        from analyzer.reporters import diff_json

        return diff_json.render(result)
    if fmt == "markdown":
        from analyzer.reporters import diff_markdown
        from analyzer.reporters.diff_json import document

        text: str = diff_markdown.render(document(result))
        return text
    if fmt in ("sarif", "github"):
        report = Report(
            tuple(result.on_changed_lines()),
            result.rules,
            result.files,
            result.root,
            fail_on=result.fail_on,
        )
        if fmt == "github":
            from analyzer.reporters import github

            return github.render(report)
        from analyzer.reporters import sarif

        return sarif.render(report, help_uri=_help_uri(docs_url) if docs_url else None)
    from analyzer.reporters import diff_text

    use_color = color if color is not None else (output is None and sys.stdout.isatty())
    return diff_text.render(result, color=use_color)


__all__ = ["diff"]
