"""``ddlaudit parse``: the IR of DDL files, as a text summary or JSON (docs/ir.md)."""

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
    load_config,
    output_option,
    read_stdin,
    report_diagnostics,
)
from analyzer.ir import FileResult, Table, document


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


def _text(results: list[FileResult]) -> str:
    """The text summary: a line per file, a block per table."""
    lines: list[str] = []
    echo = lines.append
    for r in results:
        how = r.dialect_evidence[0] if r.dialect_evidence else ""
        why = ", ".join(r.dialect_evidence[1:])
        echo(
            f"{r.path}: {r.dialect or '?'} ({how}{': ' + why if why else ''}); "
            f"encoding {r.encoding or '?'} ({r.encoding_evidence or '-'}); "
            f"{r.statements} statements, {len(r.tables)} tables, {len(r.user_types)} types, "
            f"{len(r.skipped)} skipped"
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
                parts = (
                    f" partitioned by {len(ix.partitioning)} level(s)" if ix.partitioning else ""
                )
                echo(
                    f"        {unique}{ix.kind.replace('_', ' ')} ({', '.join(ix.columns)}){parts}"
                )
    return "\n".join(lines)


@click.command()
@click.argument("paths", nargs=-1, required=True)
@input_options
@output_option
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
    output: str | None,
) -> None:
    """Parse DDL files or directories (PATH '-' reads stdin) and print the IR.

    Diagnostics go to stderr as file:line:column with the offending line.
    """
    from analyzer.core import Options, analyze_paths

    config = load_config(config_path, include, exclude, encoding)
    options = Options(dialect=dialect, encoding=encoding, config=config)
    stdin = read_stdin(paths)
    try:
        results, found = analyze_paths(list(paths), options, stdin=stdin)
    except Exception as err:
        internal_error(err)
    if fmt == "json":
        emit(json.dumps(document(results), indent=2, ensure_ascii=False), output)
    elif results:
        emit(_text(results), output)
    errors = report_diagnostics(results, found)
    sys.exit(EXIT_FINDINGS if errors else EXIT_OK)
