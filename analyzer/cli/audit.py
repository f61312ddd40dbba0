"""``ddlaudit audit``: the pre-migration audit of every table for one target (docs/audit.md)."""

from __future__ import annotations

import os
import sys

import click

from analyzer.audit import TARGETS
from analyzer.cli.common import (
    EXIT_ENVIRONMENT,
    EXIT_FINDINGS,
    EXIT_OK,
    emit,
    input_options,
    internal_error,
    load_config,
    output_option,
    read_stdin,
    report_diagnostics,
    sizing_settings,
)


@click.command()
@click.argument("paths", nargs=-1, required=True)
@input_options
@output_option
@click.option(
    "--to",
    "target",
    required=True,
    type=click.Choice(list(TARGETS)),
    help="The target: mssql, ase, teradata, hirdb (types, limits, DDL and page sizing) or "
    "postgres, snowflake, bigquery (types, limits and DDL).",
)
@click.option(
    "--rows", type=int, default=None, metavar="N", help="Row count for the target's pages."
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "markdown", "html"]),
    default="text",
    show_default=True,
    help="text; json (docs/audit-json.md); markdown; html (one self-contained file).",
)
@click.option(
    "--emit-ddl",
    "ddl_dir",
    default=None,
    metavar="DIR",
    type=click.Path(file_okay=False),
    help="Write the target DDL of every table to DIR, one file per table, with a comment "
    "on every lossy or unsupported column.",
)
@click.option(
    "--identifiers",
    type=click.Choice(["fold", "preserve"]),
    default="fold",
    show_default=True,
    help="Names in the emitted DDL: fold to the target's unquoted case (PostgreSQL lower, "
    "Snowflake upper; a finding where two collide), or preserve them as declared, quoted.",
)
@click.option(
    "--explain",
    is_flag=True,
    help="text and markdown: every column's reason and what each vendor guide says of its "
    "type (by default only the guide rows ddlaudit differs from, once each).",
)
@click.option(
    "--fail-on",
    type=click.Choice(["never", "unsupported", "lossy"]),
    default=None,
    help="Exit 1 when a column maps at this class or worse (default: [audit] fail-on, else never).",
)
def audit(
    paths: tuple[str, ...],
    dialect: str | None,
    encoding: str | None,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    config_path: str | None,
    output: str | None,
    target: str,
    rows: int | None,
    fmt: str,
    ddl_dir: str | None,
    identifiers: str,
    explain: bool,
    fail_on: str | None,
) -> None:
    """Audit every table for a migration to TARGET: each column's type on the target and
    whether it is exact, widened, lossy or unsupported; row size and pages on the target;
    its limits; what does not carry over; the manual actions and a complexity score.
    """
    from analyzer import __version__
    from analyzer.audit import audit as run
    from analyzer.audit import document
    from analyzer.core import Options, analyze_paths
    from analyzer.reporters import audit as report
    from analyzer.scopes import STDIN_PATH, assign

    config = load_config(config_path, include, exclude, encoding)
    _check_collations(config.audit.collations)
    sizing = sizing_settings(config, rows=rows)
    options = Options(dialect=dialect, encoding=encoding, config=config)
    stdin = read_stdin(paths)
    render = None
    if fmt == "html":
        from analyzer.reporters import html

        try:
            html.require()  # Jinja2 and matplotlib: the extra ddlaudit[html]
        except ImportError as err:
            click.echo(f"ddlaudit: {err}", err=True)
            sys.exit(EXIT_ENVIRONMENT)
        render = html.render
    try:
        listed, _ = assign(list(paths), config)
        scopes = {p: s for p, s in listed}
        scopes.setdefault(STDIN_PATH, "-")
        results, found = analyze_paths(list(paths), options, stdin=stdin)
        audited = run(results, target, sizing, config.audit, scopes, paths, identifiers)
        doc = document(audited, __version__)
    except Exception as err:
        internal_error(err)
    if ddl_dir is not None:
        _emit_ddl(audited, ddl_dir)
    if fmt == "json":
        emit(report.to_json(doc), output)
    elif fmt == "markdown":
        emit(report.to_markdown(doc, explain), output)
    elif render is not None:
        emit(render(doc), output)
    else:
        emit(report.to_text(doc, explain), output)
    errors = report_diagnostics(results, found)
    level = fail_on or config.audit.fail_on
    failing = {"never": set(), "unsupported": {"unsupported"}, "lossy": {"lossy", "unsupported"}}
    hit = any(c["mapping"] in failing[level] for tb in doc["tables"] for c in tb["columns"])
    sys.exit(EXIT_FINDINGS if errors or hit else EXIT_OK)


def _check_collations(collations: tuple[tuple[str, str], ...]) -> None:
    """Every ``[audit.default-collation]`` name must be one ddlaudit reads (exit 2)."""
    from analyzer.audit.ordering import read

    for platform, name in collations:
        if read(platform, name) is None:
            raise click.UsageError(
                f"[audit.default-collation] {platform} = {name!r}: not a collation ddlaudit "
                "models on that platform (docs/audit.md, Ordering)"
            )


def _emit_ddl(audited: object, directory: str) -> None:
    """One DDL file per table in ``directory`` (created if missing)."""
    from analyzer.audit.ddl import create_table, safe_file_name
    from analyzer.audit.engine import AuditReport

    assert isinstance(audited, AuditReport)
    try:
        os.makedirs(directory, exist_ok=True)
        for tb in audited.tables:
            if tb.source is None:
                continue
            text = create_table(tb.source, tb.mapped, audited.spec, audited.identifiers)
            name = os.path.join(directory, safe_file_name(tb.table, tb.path))
            with open(name, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
    except OSError as err:
        raise click.UsageError(f"cannot write DDL to {directory}: {err.strerror}") from None
