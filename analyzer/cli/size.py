"""``ddlaudit size``: data lengths, row sizes, pages, per vendor procedure."""

from __future__ import annotations

import json
import sys

import click

from analyzer.cli.common import (
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
    text_output,
)


@click.command()
@click.argument("paths", nargs=-1, required=True)
@input_options
@output_option
@click.option(
    "--platform",
    type=click.Choice(["teradata", "hirdb", "mssql", "ase"]),
    default=None,
    help="Size every table for this platform (default: [size] platform in the config, "
    "else each table's own dialect: tsql -> mssql, sybase -> ase). Types of another "
    "dialect are mapped and the mapping is shown.",
)
@click.option(
    "--rows", type=int, default=None, metavar="N", help="Row count for the page and table sizes."
)
@click.option(
    "--fill",
    type=float,
    default=None,
    metavar="R",
    help="Variable-length columns at this ratio (0 < R <= 1) of their declared maximum "
    "(default: the maximum).",
)
@click.option(
    "--averages",
    "averages_path",
    default=None,
    metavar="FILE",
    help="Average bytes per column: CSV table,column,bytes or YAML {table: {column: bytes}}; "
    "wins over --fill for the columns it names.",
)
@click.option(
    "--explain", is_flag=True, help="Print each vendor worksheet: every step, its terms and value."
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "csv"]),
    default="text",
    show_default=True,
    help="text: a table per input table; json: figures, worksheets and column storage "
    "(docs/output-schema.md); csv: one line per table.",
)
def size(
    paths: tuple[str, ...],
    dialect: str | None,
    encoding: str | None,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    config_path: str | None,
    platform: str | None,
    rows: int | None,
    fill: float | None,
    averages_path: str | None,
    explain: bool,
    fmt: str,
    output: str | None,
) -> None:
    """Size every table: data length per column, row size, rows per page, pages.

    Each figure follows the vendor's own procedure (Teradata Row Size Calculation,
    HiRDB table storage pages, SQL Server heap / clustered index estimates, ASE row
    and page sizes); --explain prints the worksheet so a DBA can check it by hand.
    """
    from analyzer import passes
    from analyzer.core import Options, analyze_paths
    from analyzer.estimators import estimate_file
    from analyzer.reporters import size as report
    from analyzer.workflow import SIZE, after_parse

    config = load_config(config_path, include, exclude, encoding)
    sizing = sizing_settings(
        config, platform=platform, fill=fill, rows=rows, averages_path=averages_path
    )
    options = Options(dialect=dialect, encoding=encoding, config=config)
    stdin = read_stdin(paths)
    try:
        results, found = analyze_paths(list(paths), options, stdin=stdin)
        results = [passes.run(r, after_parse(SIZE), sizing=sizing) for r in results]
        estimates = [e for r in results for e in estimate_file(r, sizing)]
    except Exception as err:
        internal_error(err)
    if fmt == "json":
        emit(json.dumps(report.to_json(results, estimates), indent=2, ensure_ascii=False), output)
    elif fmt == "csv":
        emit(report.to_csv(estimates), output)
    else:
        with text_output(output) as handle:
            report.print_text(results, estimates, explain, handle)
    extra = [d for e in estimates for d in e.diagnostics]
    errors = report_diagnostics(results, (*found, *extra))
    sys.exit(EXIT_FINDINGS if errors else EXIT_OK)
