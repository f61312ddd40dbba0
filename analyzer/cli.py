"""The ``ddlaudit`` command line.

Exit codes (docs/cli.md):

* 0: every input was read and parsed; no error diagnostics.
* 1: the run finished, but at least one error diagnostic was reported
  (a statement that does not parse, an unreadable or binary file, ...).
* 2: usage error: bad option, bad config file, unknown dialect.
* 3: environment problem: Java/Spark missing or Spark failed to start (``scan``).
* 4: internal error in ddlaudit itself (please report it).

Spark is imported only by ``scan``, so ``parse`` on a few files starts fast.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import typing as t

import click

import grammars
from analyzer import __version__
from analyzer.config import Config, ConfigError, load
from analyzer.diagnostics import render
from analyzer.ir import FileResult, Severity, Table, document
from analyzer.settings import SizingSettings
from grammars.base import COMPILED_SQLGLOT_MESSAGE, compiled_sqlglot

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_ENVIRONMENT, EXIT_INTERNAL = 0, 1, 2, 3, 4

_DIALECT = click.Choice(list(grammars.names()), case_sensitive=False)


def _config(
    path: str | None, include: tuple[str, ...], exclude: tuple[str, ...], encoding: str | None
) -> Config:
    try:
        config = load(path)
    except ConfigError as err:
        raise click.UsageError(str(err)) from None
    if include:
        config = dataclasses.replace(config, include=include)
    if exclude:
        config = dataclasses.replace(config, exclude=(*config.exclude, *exclude))
    if encoding:
        config = dataclasses.replace(config, encoding=encoding)
    return config


def _sizing(
    config: Config,
    platform: str | None = None,
    fill: float | None = None,
    rows: int | None = None,
    averages_path: str | None = None,
) -> SizingSettings:
    """The config's ``[size]`` settings with the command-line options applied and checked."""
    from analyzer.settings import SettingsError, check_fill, check_rows

    changes: dict[str, t.Any] = {}
    try:
        if platform is not None:
            changes["platform"] = platform
        if fill is not None:
            changes["fill"] = check_fill(fill)
        if rows is not None:
            changes["rows"] = check_rows(rows)
        if averages_path is not None:
            from analyzer import averages

            changes["averages"] = averages.load(averages_path)
    except SettingsError as err:
        raise click.UsageError(str(err)) from None
    return dataclasses.replace(config.sizing, **changes)


def _common(fn: t.Callable[..., t.Any]) -> t.Callable[..., t.Any]:
    """Options shared by every command that reads DDL."""
    fn = click.option(
        "--dialect",
        type=_DIALECT,
        default=None,
        help="Read every file in this dialect (default: [dialects] in the config, "
        "then detection from content).",
    )(fn)
    fn = click.option(
        "--encoding",
        default=None,
        metavar="CODEC",
        help="Decode every file with this codec (default: detect: BOM, UTF-8, "
        "Shift_JIS/cp932, cp1252, latin-1).",
    )(fn)
    fn = click.option(
        "--include",
        multiple=True,
        metavar="GLOB",
        help="Only read files matching GLOB (repeatable; default *.sql *.ddl *.tab *.rcl *.txt).",
    )(fn)
    fn = click.option(
        "--exclude", multiple=True, metavar="GLOB", help="Skip files matching GLOB (repeatable)."
    )(fn)
    fn = click.option(
        "--config",
        "config_path",
        default=None,
        metavar="FILE",
        type=click.Path(dir_okay=False),
        help="Config file (default: ddlaudit.toml, .ddlaudit.toml or [tool.ddlaudit] in "
        "pyproject.toml, searched upwards).",
    )(fn)
    return fn


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="ddlaudit")
def main() -> None:
    """Static analysis of legacy enterprise DDL (SQL Server, Teradata, Sybase ASE, HiRDB).

    Reads CREATE TABLE and related DDL and reports what the schema costs and
    what breaks.  Exit codes: 0 clean, 1 errors in the input, 2 usage error,
    3 environment problem (Java/Spark, compiled sqlglot), 4 internal error.
    """
    if compiled_sqlglot() is not None:
        click.echo(f"ddlaudit: {COMPILED_SQLGLOT_MESSAGE}", err=True)
        sys.exit(EXIT_ENVIRONMENT)


def _column_line(table: Table) -> t.Iterator[str]:
    for c in table.columns:
        null = "NULL" if c.nullable else "NOT NULL"
        if not c.nullable_explicit:
            null += " (default)"
        extras = []
        if c.user_type:
            extras.append(f"alias {c.user_type}")
        if c.identity:
            extras.append("identity")
        if c.computed:
            extras.append("computed" + (" persisted" if c.computed.persisted else ""))
        if c.compression:
            extras.append("compress")
        if c.sparse:
            extras.append("sparse")
        if c.character_set:
            extras.append(f"charset {c.character_set}")
        extra = f"  [{', '.join(extras)}]" if extras else ""
        shown = c.type.declared or c.type.family
        yield f"    {c.position:>3} {c.name:<30} {shown:<28} {null}{extra}"


def _print_text(results: list[FileResult]) -> None:
    for r in results:
        how = r.dialect_evidence[0] if r.dialect_evidence else ""
        why = ", ".join(r.dialect_evidence[1:])
        click.echo(
            f"{r.path}: {r.dialect or '?'} ({how}{': ' + why if why else ''}); "
            f"encoding {r.encoding or '?'} ({r.encoding_evidence or '-'}); "
            f"{r.statements} statements, {len(r.tables)} tables, {len(r.user_types)} types, "
            f"{len(r.skipped)} skipped"
        )
        for ut in r.user_types:
            null = "" if ut.nullable is None else (" NULL" if ut.nullable else " NOT NULL")
            click.echo(f"  type {ut.name} = {ut.base.declared}{null}")
        for table in r.tables:
            click.echo(f"  table {table.name} ({len(table.columns)} columns)")
            for line in _column_line(table):
                click.echo(line)
            for con in table.constraints:
                label = con.kind.value.replace("_", " ")
                name = f" {con.name}" if con.name else ""
                cols = ", ".join(con.columns)
                ref = f" -> {con.ref_table}({', '.join(con.ref_columns)})" if con.ref_table else ""
                click.echo(f"        {label}{name} ({cols}){ref}")
            for ix in table.indexes:
                unique = "unique " if ix.unique else ""
                parts = (
                    f" partitioned by {len(ix.partitioning)} level(s)" if ix.partitioning else ""
                )
                click.echo(
                    f"        {unique}{ix.kind.replace('_', ' ')} ({', '.join(ix.columns)}){parts}"
                )


def _report_diagnostics(results: list[FileResult], extra: t.Iterable[t.Any]) -> int:
    errors = 0
    for d in (*extra, *(d for r in results for d in r.diagnostics)):
        if d.severity is Severity.ERROR:
            errors += 1
        click.echo(render(d), err=True)
    return errors


@main.command()
@click.argument("paths", nargs=-1, required=True)
@_common
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: a summary per file and table; json: the IR (docs/ir.md).",
)
def parse(
    paths: tuple[str, ...],
    dialect: str | None,
    encoding: str | None,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    config_path: str | None,
    fmt: str,
) -> None:
    """Parse DDL files or directories (PATH '-' reads stdin) and print the IR.

    Diagnostics go to stderr as file:line:column with the offending line.
    """
    from analyzer.core import Options, analyze_paths

    config = _config(config_path, include, exclude, encoding)
    options = Options(dialect=dialect, encoding=encoding, config=config)
    stdin = sys.stdin.buffer.read() if "-" in paths else None
    try:
        results, found = analyze_paths(list(paths), options, stdin=stdin)
    except Exception as err:
        click.echo(f"ddlaudit: internal error: {type(err).__name__}: {err}", err=True)
        sys.exit(EXIT_INTERNAL)
    if fmt == "json":
        click.echo(json.dumps(document(results), indent=2, ensure_ascii=False))
    else:
        _print_text(results)
    errors = _report_diagnostics(results, found)
    sys.exit(EXIT_FINDINGS if errors else EXIT_OK)


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--out",
    "out",
    required=True,
    type=click.Path(file_okay=False),
    help="Directory for the Parquet datasets (tables, columns, diagnostics, files).",
)
@click.option(
    "--master",
    default=None,
    metavar="URL",
    help="Spark master (default local[*], or the one spark-submit gives).",
)
@click.option(
    "--progress/--no-progress",
    default=True,
    show_default=True,
    help="Show progress on stderr for long scans.",
)
@_common
def scan(
    paths: tuple[str, ...],
    out: str,
    master: str | None,
    progress: bool,
    dialect: str | None,
    encoding: str | None,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    config_path: str | None,
) -> None:
    """Scan a repository of DDL on Apache Spark and write Parquet datasets to --out.

    Every file is read by Spark and analysed by the same pure-Python core as
    'parse'; a file that cannot be read or parsed yields diagnostic rows and
    never fails the job.
    """
    from analyzer.core import Options

    config = _config(config_path, include, exclude, encoding)
    options = Options(dialect=dialect, encoding=encoding, config=config)
    try:
        from analyzer.spark.scan import SparkUnavailable, run_scan
    except ImportError as err:
        click.echo(f"ddlaudit scan needs pyspark: pip install 'ddlaudit[spark]' ({err})", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    try:
        summary = run_scan(list(paths), out, master=master, options=options, progress=progress)
    except SparkUnavailable as err:
        click.echo(f"ddlaudit scan: {err}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    click.echo(summary.render())
    sys.exit(EXIT_FINDINGS if summary.errors else EXIT_OK)


@main.command()
@click.argument("paths", nargs=-1, required=True)
@_common
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

    config = _config(config_path, include, exclude, encoding)
    sizing = _sizing(config, platform=platform, fill=fill, rows=rows, averages_path=averages_path)
    options = Options(dialect=dialect, encoding=encoding, config=config)
    stdin = sys.stdin.buffer.read() if "-" in paths else None
    try:
        results, found = analyze_paths(list(paths), options, stdin=stdin)
        results = [passes.run(r, passes.SIZING_RULES, sizing=sizing) for r in results]
        estimates = [e for r in results for e in estimate_file(r, sizing)]
    except Exception as err:
        click.echo(f"ddlaudit: internal error: {type(err).__name__}: {err}", err=True)
        sys.exit(EXIT_INTERNAL)
    if fmt == "json":
        click.echo(json.dumps(report.to_json(results, estimates), indent=2, ensure_ascii=False))
    elif fmt == "csv":
        click.echo(report.to_csv(estimates), nl=False)
    else:
        report.print_text(results, estimates, explain)
    extra = [d for e in estimates for d in e.diagnostics]
    errors = _report_diagnostics(results, (*found, *extra))
    sys.exit(EXIT_FINDINGS if errors else EXIT_OK)


@main.command()
@click.argument("paths", nargs=-1, required=True)
@_common
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
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: tables per replicated table and article; json: the replication document.",
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
) -> None:
    """Replication sizing: Replication Server messages and queues, SQL Server commands, SQL Remote.

    Message sizes follow the Replication Server Design Guide ("Message Sizes", capacity
    planning), SQL Server commands the sp_MSins/upd/del call formats with a documented
    command model, SQL Remote the log images of marked tables; findings follow.
    """
    from analyzer import passes
    from analyzer.core import Options, analyze_paths
    from analyzer.reporters import replication as report

    config = _config(config_path, include, exclude, encoding)
    sizing = _sizing(config, fill=fill, averages_path=averages_path)
    workload: t.Any = None
    workload_diags: tuple[t.Any, ...] = ()
    if workload_path is not None:
        from analyzer.workload import load as load_workload

        workload, workload_diags = load_workload(workload_path)
    options = Options(dialect=dialect, encoding=encoding, config=config)
    stdin = sys.stdin.buffer.read() if "-" in paths else None
    try:
        from analyzer.estimators.mssql_replication import source_texts

        results, found = analyze_paths(list(paths), options, stdin=stdin)
        results = [passes.run(r, passes.REPLICATION_RULES, sizing=sizing) for r in results]
        texts = source_texts(results, options.encoding or config.encoding, stdin)
        built, checked = report.build(results, sizing, workload, sites, texts)
    except Exception as err:
        click.echo(f"ddlaudit: internal error: {type(err).__name__}: {err}", err=True)
        sys.exit(EXIT_INTERNAL)
    if fmt == "json":
        click.echo(json.dumps(report.to_json(built), indent=2, ensure_ascii=False))
    else:
        report.print_text(built, explain)
    errors = _report_diagnostics(results, (*found, *workload_diags, *checked))
    sys.exit(EXIT_FINDINGS if errors else EXIT_OK)


@main.command("dialects")
def dialects_cmd() -> None:
    """List the dialects ddlaudit reads and the evidence used to detect each."""
    for name, grammar in grammars.registry().items():
        labels = ", ".join(e.label for e in grammar.evidence)
        click.echo(f"{name:<10} {grammar.description}\n{'':<10} detected by: {labels}")


if __name__ == "__main__":  # pragma: no cover
    main()
