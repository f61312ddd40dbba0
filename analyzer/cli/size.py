"""``ddlaudit size``: data lengths, row sizes, pages, per vendor procedure."""

from __future__ import annotations

import functools
import sys
import typing as t

import click

from analyzer.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
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
    stdin_first,
    stream_output,
    write_document,
)

if t.TYPE_CHECKING:
    from analyzer.pool import Sized

#: Rendered diagnostics with whether each is an error.
Diags = tuple[tuple[str, bool], ...]

#: What a worker sends back for one file: the report pieces (JSON items, CSV rows, text),
#: the estimates' diagnostics and the file's own (printed in that order, as before).
Piece = tuple[tuple[str, ...], Diags, Diags]


def _diags(diagnostics: t.Iterable[t.Any]) -> Diags:
    from analyzer.diagnostics import render
    from analyzer.ir import Severity

    return tuple((render(d), d.severity is Severity.ERROR) for d in diagnostics)


def _piece(sized: Sized, pieces: t.Iterable[str]) -> Piece:
    extra = _diags(d for e in sized.estimates for d in e.diagnostics)
    return tuple(pieces), extra, _diags(sized.result.diagnostics)


#: ``--indexes``: the sizing settings; None without ``--indexes``.
IndexRun = t.Any


def _indexes(run: IndexRun, sized: Sized) -> t.Any:
    """The index estimates of one file (``--indexes``), or None."""
    if run is None:
        return None
    from analyzer.estimators.indexes import file_indexes

    return file_indexes(sized.result, run)


def render_json(run: IndexRun, sized: Sized) -> Piece:
    from analyzer.cli.common import json_item
    from analyzer.reporters.size import to_json

    tables = to_json([sized.result], sized.estimates, _indexes(run, sized))["tables"]
    return _piece(sized, (json_item(doc) for doc in tables))


def render_jsonl(run: IndexRun, sized: Sized) -> Piece:
    import json

    from analyzer.reporters.size import to_json

    tables = to_json([sized.result], sized.estimates, _indexes(run, sized))["tables"]
    line = {"type": "file", "path": sized.result.path, "tables": tables}
    return _piece(sized, (json.dumps(line, ensure_ascii=False),))


def render_csv(sized: Sized) -> Piece:
    from analyzer.reporters.size import to_csv

    rows = to_csv(sized.estimates).split("\n", 1)[1]  # without the header
    return _piece(sized, (rows,) if rows else ())


def render_text(explain: bool, run: IndexRun, sized: Sized) -> Piece:
    import io

    from analyzer.reporters.size import print_text

    out = io.StringIO()
    print_text([sized.result], sized.estimates, explain, out, _indexes(run, sized))
    return _piece(sized, (out.getvalue(),) if sized.estimates else ())


@click.command()
@click.argument("paths", nargs=-1, required=True)
@input_options
@output_option
@jobs_option
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
    "--indexes",
    is_flag=True,
    help="Size every index too (CREATE INDEX, and the indexes PRIMARY KEY and UNIQUE imply) "
    "by the vendor's procedure: SQL Server and ASE (allpages- and data-only-locked) leaf and "
    "non-leaf rows, levels and pages; Teradata USI subtables, and NUSI subtables when "
    "[size.teradata.nusi_distinct] gives their distinct values (else a lower bound); HiRDB "
    "indexes listed, not sized.",
)
@click.option(
    "--amps",
    type=click.IntRange(1, 1_000_000),
    default=None,
    metavar="N",
    help="Teradata: AMPs of the system (default: [size.teradata] amps, else 1), for the table "
    "sizes and the NUSI Sizing Equation (with [size.teradata.nusi_distinct]).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "jsonl", "csv"]),
    default="text",
    show_default=True,
    help="text: a table per input table; json: figures, worksheets and column storage "
    "(docs/output-schema.md); jsonl: the same tables, one object per file as it is done "
    "(docs/streaming.md); csv: one line per table.",
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
    indexes: bool,
    amps: int | None,
    fmt: str,
    output: str | None,
    jobs: int | None,
) -> None:
    """Size every table: data length per column, row size, rows per page, pages.

    Each figure follows the vendor's own procedure (Teradata Row Size Calculation,
    HiRDB table storage pages, SQL Server heap / clustered index estimates, ASE row
    and page sizes); --explain prints the worksheet so a DBA can check it by hand.
    """
    from analyzer.core import Options
    from analyzer.diagnostics import render
    from analyzer.ir import Severity
    from analyzer.pool import Job, PoolError, process
    from analyzer.reporters import size as report
    from analyzer.scopes import assign

    config = load_config(config_path, include, exclude, encoding)
    sizing = sizing_settings(
        config, platform=platform, fill=fill, rows=rows, averages_path=averages_path
    )
    if amps is not None:
        from dataclasses import replace

        sizing = replace(sizing, teradata=replace(sizing.teradata, amps=amps))
    options = Options(dialect=dialect, encoding=encoding, config=config)
    stdin = read_stdin(paths)
    listed, found = assign(list(paths), config)
    listed = stdin_first(listed, stdin)
    # A terminal gets rich's own width: the text is made here, not in a worker.
    here = fmt == "text" and (output is None or output == "-") and sys.stdout.isatty()
    run: IndexRun = sizing if indexes else None
    renders: dict[str, t.Callable[[t.Any], Piece] | None] = {
        "json": functools.partial(render_json, run),
        "jsonl": functools.partial(render_jsonl, run),
        "csv": render_csv,
        "text": None if here else functools.partial(render_text, explain, run),
    }
    job = Job("size", options, sizing, stdin=stdin, render=renders[fmt])
    # Diagnostics after the report, as before: the discovery's, the estimates', the files'.
    later: list[tuple[str, bool]] = []
    own: list[tuple[str, bool]] = []

    def written(outputs: t.Iterable[t.Any]) -> t.Iterator[str]:
        for out in outputs:
            if here:
                report.print_text([out.result], out.estimates, explain, None, _indexes(run, out))
                out = _piece(out, ())
            pieces, extra, diags = out
            later.extend(extra)
            own.extend(diags)
            yield from pieces

    try:
        with stream_output(output) as handle:
            pieces = written(process(job, listed, resolve_jobs(jobs)))
            if fmt == "json":
                head = {"schema_version": report.SCHEMA_VERSION}
                write_document(handle, head, "tables", pieces)
            elif fmt == "jsonl":
                count = 0
                for text in pieces:
                    handle.write(text + "\n")
                    handle.flush()
                    count += 1
                summary = {"type": "summary", "schema_version": report.SCHEMA_VERSION}
                errors = sum(error for _, error in (*later, *own))
                jsonl_line(handle, {**summary, "files": count, "errors": errors})
            elif fmt == "csv":
                handle.write(report.to_csv(()))
                for text in pieces:
                    handle.write(text)
            else:
                for text in pieces:
                    handle.write(text)
    except (PoolError, KeyboardInterrupt) as err:
        pool_failed(err if str(err) else PoolError("interrupted"))
    except Exception as err:
        internal_error(err)
    errors = 0
    for d in found:
        click.echo(render(d), err=True)
        errors += d.severity is Severity.ERROR
    for line, error in (*later, *own):
        click.echo(line, err=True)
        errors += error
    sys.exit(EXIT_FINDINGS if errors else EXIT_OK)
