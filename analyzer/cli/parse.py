"""``ddlaudit parse``: the IR of DDL files, as a text summary or JSON (docs/ir.md)."""

from __future__ import annotations

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
    stdin_first,
    stream_output,
    write_document,
)
from analyzer.ir import FileResult, Table, skipped_by_kind


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


def _file_text(r: FileResult) -> str:
    """The text summary of one file: a line, then a block per table."""
    lines: list[str] = []
    echo = lines.append
    how = r.dialect_evidence[0] if r.dialect_evidence else ""
    why = ", ".join(r.dialect_evidence[1:])
    echo(
        f"{r.path}: {r.dialect or '?'} ({how}{': ' + why if why else ''}); "
        f"encoding {r.encoding or '?'} ({r.encoding_evidence or '-'}); "
        f"{r.statements} statements, {len(r.tables)} tables, {len(r.user_types)} types, "
        f"{len(r.skipped)} skipped{_by_kind(r)}"
    )
    for ut in r.user_types:
        null = "" if ut.nullable is None else (" NULL" if ut.nullable else " NOT NULL")
        echo(f"  type {ut.name} = {ut.base.declared}{null}")
    for table in r.tables:
        echo(f"  table {table.name} ({len(table.columns)} columns)")
        for line in _column_line(table):
            echo(line)
        for con in table.constraints:
            label = con.kind.value.replace("_", " ")
            name = f" {con.name}" if con.name else ""
            cols = ", ".join(con.columns)
            ref = f" -> {con.ref_table}({', '.join(con.ref_columns)})" if con.ref_table else ""
            echo(f"        {label}{name} ({cols}){ref}")
        for ix in table.indexes:
            unique = "unique " if ix.unique else ""
            parts = f" partitioned by {len(ix.partitioning)} level(s)" if ix.partitioning else ""
            echo(f"        {unique}{ix.kind.replace('_', ' ')} ({', '.join(ix.columns)}){parts}")
    return "\n".join(lines)


def _by_kind(r: FileResult) -> str:
    """`` (use 2, print 1)``: the skipped statements by kind, most frequent first."""
    counts = skipped_by_kind(r)
    return f" ({', '.join(f'{k} {n}' for k, n in counts.items())})" if counts else ""


def _text(results: list[FileResult]) -> str:
    """The text summary: a line per file, a block per table."""
    return "\n".join(_file_text(r) for r in results)


#: What a worker sends back for one file: its report text and its diagnostics (rendered,
#: with whether each is an error).
Piece = tuple[str, tuple[tuple[str, bool], ...]]


def _diagnostics(r: FileResult) -> tuple[tuple[str, bool], ...]:
    from analyzer.diagnostics import render
    from analyzer.ir import Severity

    return tuple((render(d), d.severity is Severity.ERROR) for d in r.diagnostics)


def render_text(r: FileResult) -> Piece:
    return _file_text(r), _diagnostics(r)


def render_json(r: FileResult) -> Piece:
    """One file of the ``json`` document, encoded straight from the IR (D140)."""
    from analyzer.ir import file_dict, file_json
    from analyzer.jsontext import item

    try:
        text = item(file_json(r))
    except UnicodeEncodeError:  # a lone surrogate: json writes it as before
        from analyzer.cli.common import json_item

        text = json_item(file_dict(r))
    return text, _diagnostics(r)


def render_jsonl(r: FileResult) -> Piece:
    """One ``jsonl`` line: ``{"type": "file", ...the file...}``."""
    from analyzer.ir import file_dict, file_json
    from analyzer.jsontext import dumps, layout

    try:
        text = layout(file_json(r, b'"type":"file",'), indent=None)
    except UnicodeEncodeError:
        text = dumps({"type": "file", **file_dict(r)}, indent=None)
    return text, _diagnostics(r)


RENDER = {"text": render_text, "json": render_json, "jsonl": render_jsonl}


@click.command()
@click.argument("paths", nargs=-1, required=True)
@input_options
@output_option
@jobs_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "jsonl"]),
    default="text",
    show_default=True,
    help="text: a summary per file and table; json: the IR (docs/ir.md); jsonl: one "
    "object per file as it is done, then a summary (docs/streaming.md).",
)
def parse(
    paths: tuple[str, ...],
    dialect: str | None,
    encoding: str | None,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    config_path: str | None,
    fmt: str,
    output: str | None,
    jobs: int | None,
) -> None:
    """Parse DDL files or directories (PATH '-' reads stdin) and print the IR.

    Diagnostics go to stderr as file:line:column with the offending line.
    """
    from analyzer.core import Options
    from analyzer.diagnostics import render
    from analyzer.ir import SCHEMA_VERSION, Severity
    from analyzer.pool import Job, PoolError, process
    from analyzer.scopes import assign

    config = load_config(config_path, include, exclude, encoding)
    options = Options(dialect=dialect, encoding=encoding, config=config)
    stdin = read_stdin(paths)
    listed, found = assign(list(paths), config)
    listed = stdin_first(listed, stdin)
    job = Job("parse", options, config.sizing, stdin=stdin, render=RENDER[fmt])
    errors = 0
    for d in found:
        click.echo(render(d), err=True)
        errors += d.severity is Severity.ERROR

    def written(pieces: t.Iterable[Piece]) -> t.Iterator[str]:
        nonlocal errors
        for text, diags in pieces:
            yield text
            for line, error in diags:  # as each file is written, in listing order
                click.echo(line, err=True)
                errors += error

    try:
        with stream_output(output) as handle:
            pieces = written(process(job, listed, resolve_jobs(jobs)))
            if fmt == "json":
                write_document(handle, {"schema_version": SCHEMA_VERSION}, "files", pieces)
            elif fmt == "jsonl":
                count = 0
                for text in pieces:
                    handle.write(text + "\n")
                    handle.flush()
                    count += 1
                summary = {"type": "summary", "schema_version": SCHEMA_VERSION}
                jsonl_line(handle, {**summary, "files": count, "errors": errors})
            else:
                for text in pieces:
                    handle.write(text + "\n")
    except (PoolError, KeyboardInterrupt) as err:
        pool_failed(err if str(err) else PoolError("interrupted"))
    except Exception as err:
        internal_error(err)
    sys.exit(EXIT_FINDINGS if errors else EXIT_OK)
