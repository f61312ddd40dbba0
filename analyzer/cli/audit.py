"""``ddlaudit audit``: the pre-migration audit of every table for one target (docs/audit.md)."""

from __future__ import annotations

import os
import sys
import typing as t

import click

from analyzer.audit import TARGETS

if t.TYPE_CHECKING:
    from analyzer.audit.engine import TableAudit
from analyzer.cli.common import (
    EXIT_ENVIRONMENT,
    EXIT_FINDINGS,
    EXIT_OK,
    emit,
    input_options,
    internal_error,
    jobs_option,
    load_config,
    output_option,
    pool_failed,
    read_stdin,
    report_diagnostics,
    resolve_jobs,
    sizing_settings,
    stdin_first,
)
from analyzer.collector import paused


@click.command()
@click.argument("paths", nargs=-1, required=True)
@input_options
@output_option
@jobs_option
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
    jobs: int | None,
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
    from analyzer.audit import document
    from analyzer.audit.engine import Auditor
    from analyzer.core import Options
    from analyzer.pool import AuditJob, Job, PoolError, process
    from analyzer.reporters import audit as report
    from analyzer.scopes import assign

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
    # Each file parsed, linked in its scope and its tables audited in the pool's workers
    # (analyzer.pool), against the run's replication objects; the report assembled here.
    listed, found = assign(list(paths), config)
    listed = stdin_first(listed, stdin)
    wanted = AuditJob(target, config.audit, identifiers, ddl=ddl_dir is not None)
    job = Job("audit", options, sizing, stdin=stdin, audit=wanted)
    try:
        done = list(process(job, listed, resolve_jobs(jobs)))
        auditor = Auditor(target, sizing, config.audit, identifiers=identifiers)
        with paused():  # the report is a tree of acyclic objects, one per column (D194)
            audited = auditor.report((d.audit for d in done), paths)
            doc = document(audited, __version__)
    except (PoolError, KeyboardInterrupt) as err:
        pool_failed(err if str(err) else PoolError("interrupted"))
    except Exception as err:
        internal_error(err)
    results = [d.result for d in done]
    if ddl_dir is not None:
        # the report's tables are the workers' (sorted): each finds its DDL by identity
        made = {id(tb): text for d in done for tb, text in zip(d.audit.tables, d.ddl, strict=True)}
        _emit_ddl([(tb, made[id(tb)]) for tb in audited.tables], ddl_dir)
    if render is not None:
        text = render(doc)  # matplotlib's figures: left to the collector
    else:
        with paused():  # the text of that tree: strings and lists only
            if fmt == "json":
                text = report.to_json(doc)
            elif fmt == "markdown":
                text = report.to_markdown(doc, explain)
            else:
                text = report.to_text(doc, explain)
    emit(text, output)
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


def _emit_ddl(tables: list[tuple[TableAudit, str | None]], directory: str) -> None:
    """One DDL file per table in ``directory`` (created if missing), in report order."""
    from analyzer.audit.ddl import safe_file_name

    try:
        os.makedirs(directory, exist_ok=True)
        for tb, text in tables:
            if text is None:
                continue
            name = os.path.join(directory, safe_file_name(tb.table, tb.path))
            with open(name, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
    except OSError as err:
        raise click.UsageError(f"cannot write DDL to {directory}: {err.strerror}") from None
