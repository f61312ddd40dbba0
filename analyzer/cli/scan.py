"""``ddlaudit scan``: a repository on Apache Spark, to Parquet datasets."""

from __future__ import annotations

import sys

import click

from analyzer.audit import TARGETS
from analyzer.cli.common import (
    EXIT_ENVIRONMENT,
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_USAGE,
    input_options,
    load_config,
    sizing_settings,
)


@click.command()
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--out",
    "out",
    required=True,
    type=click.Path(file_okay=False),
    help="Directory for the Parquet datasets (files, tables, columns, diagnostics, findings, "
    "nodes, edges, replication; docs/output-schema.md).",
)
@click.option(
    "--master",
    default=None,
    metavar="URL",
    help="Spark master (default local[*], or the one spark-submit gives).",
)
@click.option(
    "--conf",
    "conf",
    multiple=True,
    metavar="KEY=VALUE",
    help="Spark configuration for the session ddlaudit starts, as spark-submit's --conf "
    "(repeatable; e.g. spark.ddlaudit.scopeFiles=0, docs/spark.md); a session that already "
    "exists (spark-submit's) keeps its own.",
)
@click.option(
    "--progress/--no-progress",
    default=True,
    show_default=True,
    help="Show progress on stderr for long scans.",
)
@click.option(
    "--audit-to",
    "audit_to",
    type=click.Choice(list(TARGETS)),
    default=None,
    help="Also write an audit dataset: every column audited for this target, as "
    "'ddlaudit audit --to' does (docs/audit.md).",
)
@click.option(
    "--indexes",
    is_flag=True,
    help="Also write an indexes dataset: every index sized as 'ddlaudit size --indexes' "
    "sizes it (docs/output-schema.md).",
)
@click.option(
    "--rows",
    type=int,
    default=None,
    metavar="N",
    help="Row count for the page and table sizes of the tables and indexes datasets "
    "(default: [size] rows in the config), as in 'ddlaudit size'.",
)
@click.option(
    "--incremental",
    is_flag=True,
    help="Reuse the analysis of files whose bytes (sha256) did not change since the "
    "previous --incremental scan into the same --out (out/manifest; docs/spark.md).",
)
@input_options
def scan(
    paths: tuple[str, ...],
    out: str,
    master: str | None,
    conf: tuple[str, ...],
    progress: bool,
    audit_to: str | None,
    indexes: bool,
    rows: int | None,
    incremental: bool,
    dialect: str | None,
    encoding: str | None,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    config_path: str | None,
) -> None:
    """Scan a repository of DDL on Apache Spark and write Parquet datasets to --out.

    Every file is read by Spark and analysed by the same pure-Python core and
    workflow as 'lint' (with the config's [lint] table; the findings dataset); a
    file that cannot be read or parsed yields diagnostic rows and never fails the
    job.  The exit status counts error diagnostics, not findings.
    """
    from dataclasses import replace

    from analyzer.core import Options
    from analyzer.rules.selection import SelectionError, resolve

    settings: list[tuple[str, str]] = []
    for item in conf:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{item!r}: expected KEY=VALUE", param_hint="--conf")
        settings.append((key.strip(), value))
    config = load_config(config_path, include, exclude, encoding)
    if rows is not None:
        config = replace(config, sizing=sizing_settings(config, rows=rows))
    try:
        selection = resolve(config.lint)  # a bad [lint] table fails before Spark starts
    except SelectionError as err:
        raise click.UsageError(str(err)) from None
    options = Options(dialect=dialect, encoding=encoding, config=config)
    try:
        from analyzer.spark.scan import BudgetError, SparkUnavailable, run_scan
    except ImportError as err:
        click.echo(f"ddlaudit scan needs pyspark: pip install 'ddlaudit[spark]' ({err})", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    try:
        summary = run_scan(
            list(paths),
            out,
            master=master,
            conf=tuple(settings),
            options=options,
            progress=progress,
            selection=selection,
            audit_to=audit_to,
            incremental=incremental,
            indexes=indexes,
        )
    except SparkUnavailable as err:
        click.echo(f"ddlaudit scan: {err}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    except BudgetError as err:  # a bad --conf spark.ddlaudit.scope* value
        click.echo(f"ddlaudit scan: {err}", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(summary.render())
    sys.exit(EXIT_FINDINGS if summary.errors else EXIT_OK)
