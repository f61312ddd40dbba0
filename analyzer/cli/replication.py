"""``ddlaudit replication``: Replication Server messages and queues, SQL Server
commands, SQL Remote log volume."""

from __future__ import annotations

import json
import sys
import typing as t

import click

from analyzer.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    emit,
    input_options,
    internal_error,
    jsonl_line,
    load_config,
    output_option,
    read_stdin,
    report_diagnostics,
    sizing_settings,
    stream_output,
    text_output,
)


def _jsonl(doc: dict[str, t.Any], paths: list[str]) -> t.Iterator[dict[str, t.Any]]:
    """The replication document by file: a ``file`` object per input file (in listing
    order) with the tables, articles and findings located in it, then a ``summary`` with
    what belongs to the run (functions, transaction, capacity plan, comparisons, findings
    without a place).  Every item of the document is in exactly one object."""
    parts = {
        "repserver_tables": doc["repserver"]["tables"],
        "mssql_articles": doc["mssql"]["articles"],
        "sql_remote_articles": doc["sql_remote"]["articles"],
    }
    by_path: dict[str, dict[str, list[t.Any]]] = {
        p: {k: [] for k in (*parts, "findings")} for p in paths
    }
    for key, items in parts.items():
        for item in items:
            by_path.setdefault(item["path"], {k: [] for k in (*parts, "findings")})[key].append(
                item
            )
    loose = []
    for finding in doc["findings"]:
        span = finding.get("span")
        where = by_path.get(span["file"]) if span else None
        if where is None:
            loose.append(finding)
        else:
            where["findings"].append(finding)
    for path, found in by_path.items():
        yield {"type": "file", "path": path, **found}
    yield {
        "type": "summary",
        "schema_version": doc["schema_version"],
        "repserver_functions": doc["repserver"]["functions"],
        "transaction": doc["repserver"]["transaction"],
        "capacity": doc["capacity"],
        "mssql_comparisons": doc["mssql"]["comparisons"],
        "findings": loose,
    }


@click.command()
@click.argument("paths", nargs=-1, required=True)
@input_options
@output_option
@click.option(
    "--workload",
    "workload_path",
    default=None,
    metavar="FILE",
    help="YAML workload: rates per table and function, transaction rates, sites with their "
    "selectivity, failure duration and save interval (docs/cli.md); adds the capacity plan.",
)
@click.option(
    "--sites",
    type=click.IntRange(0, 100_000),
    default=None,
    metavar="N",
    help="NumSites of every message (default: the workload's sites, else the subscriptions, "
    "else [size.replication] num_sites).",
)
@click.option(
    "--fill",
    type=float,
    default=None,
    metavar="R",
    help="Variable-length values at this ratio of their maximum (SQL Server commands, "
    "SQL Remote row images).",
)
@click.option(
    "--averages",
    "averages_path",
    default=None,
    metavar="FILE",
    help="Average bytes per column (CSV or YAML, as for 'size').",
)
@click.option(
    "--explain", is_flag=True, help="Print every worksheet and each column's ASCII width."
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "jsonl"]),
    default="text",
    show_default=True,
    help="text: tables per replicated table and article; json: the replication document; "
    "jsonl: its per-file parts, one object per file, then the run's (docs/streaming.md).",
)
def replication(
    paths: tuple[str, ...],
    dialect: str | None,
    encoding: str | None,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    config_path: str | None,
    workload_path: str | None,
    sites: int | None,
    fill: float | None,
    averages_path: str | None,
    explain: bool,
    fmt: str,
    output: str | None,
) -> None:
    """Replication sizing: Replication Server messages and queues, SQL Server commands, SQL Remote.

    Message sizes follow the Replication Server Design Guide ("Message Sizes", capacity
    planning), SQL Server commands the sp_MSins/upd/del call formats with a documented
    command model, SQL Remote the log images of marked tables; findings follow.
    """
    from analyzer import passes
    from analyzer.core import Options, analyze_paths
    from analyzer.reporters import replication as report
    from analyzer.workflow import REPLICATION, after_parse

    config = load_config(config_path, include, exclude, encoding)
    sizing = sizing_settings(config, fill=fill, averages_path=averages_path)
    workload: t.Any = None
    workload_diags: tuple[t.Any, ...] = ()
    if workload_path is not None:
        from analyzer.workload import load as load_workload

        workload, workload_diags = load_workload(workload_path)
    options = Options(dialect=dialect, encoding=encoding, config=config)
    stdin = read_stdin(paths)
    try:
        from analyzer.estimators.replicated import source_texts

        results, found = analyze_paths(list(paths), options, stdin=stdin)
        results = [passes.run(r, after_parse(REPLICATION), sizing=sizing) for r in results]
        texts = source_texts(results, options.encoding or config.encoding, stdin)
        built, checked = report.build(results, sizing, workload, sites, texts)
    except Exception as err:
        internal_error(err)
    if fmt == "json":
        emit(json.dumps(report.to_json(built), indent=2, ensure_ascii=False), output)
    elif fmt == "jsonl":
        with stream_output(output) as handle:
            for line in _jsonl(report.to_json(built), [r.path for r in results]):
                jsonl_line(handle, line)
    else:
        with text_output(output) as handle:
            report.print_text(built, explain, handle)
    errors = report_diagnostics(results, (*found, *workload_diags, *checked))
    sys.exit(EXIT_FINDINGS if errors else EXIT_OK)
