"""``ddlaudit graph``: the schema graph of each scope (tables, keys, replication objects),
its cycles, load and drop order, as text, JSON, Graphviz DOT or Mermaid (docs/graph.md)."""

from __future__ import annotations

import sys
import typing as t
from collections.abc import Sequence

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

if t.TYPE_CHECKING:
    from analyzer.core import Options
    from analyzer.graph import Lookup, SchemaGraph
    from analyzer.ir import Diagnostic, FileResult

FORMATS = ("text", "json", "dot", "mermaid")


def scope_results(
    paths: Sequence[str], options: Options, stdin: bytes | None = None
) -> tuple[list[tuple[str, list[FileResult]]], tuple[Diagnostic, ...]]:
    """Each scope (docs/decisions.md D77: ``[scopes]``, project markers, PATH arguments)
    with its files after parsing and the passes, as the lint has them before sizing
    (``workflow.PARSE``: types and keys resolved within the scope, ALTER TABLE and
    sp_foreignkey applied), and the discovery diagnostics."""
    from analyzer.workflow import (
        PARSE,
        check_file,
        prepare,
        read,
        scope_links_of,
        scopes,
        settle_prepared,
    )

    config = options.config
    listed, found = scopes(paths, config.include, config.exclude, config)
    prepared = [
        prepare(read(p, options, stdin), p, options, config.sizing, (), s) for p, s in listed
    ]
    prepared = settle_prepared(prepared, options, config.sizing, (), stdin)
    links = scope_links_of(prepared)
    by_scope: dict[str, list[FileResult]] = {}
    for p in prepared:
        linked = links[p.scope]
        checked = check_file(p, PARSE, config.sizing, linked.user_types, linked.replication)
        by_scope.setdefault(p.scope, []).append(checked.result)
    return list(by_scope.items()), found


def _node(graph: SchemaGraph, lookup: Lookup, name: str) -> str | None:
    """The node ``--table`` names: a node id, else a table as a reference resolves it
    (qualified, then bare name), else a replication object's name; case-insensitive."""
    from analyzer.ir import QualifiedName

    low = name.lower()
    exact = next((n.id for n in graph.schema.nodes if n.id.lower() == low), None)
    if exact is not None:
        return exact
    parts = [p.strip().strip('[]"`') for p in name.split(".")]
    if all(parts):
        reference = QualifiedName(
            parts[-1],
            parts[-2] if len(parts) > 1 else None,
            parts[-3] if len(parts) > 2 else None,
        )
        found = lookup(reference, None)
        if found is not None:  # the node of the table's first definition (D201)
            path, span = found[0].path, found[1].span
            node = next(
                (n.id for n in graph.schema.tables if (n.file, n.span) == (path, span)), None
            )
            if node is not None:
                return node
    return next((n.id for n in graph.schema.nodes if n.name.lower() == low), None)


@click.command()
@click.argument("paths", nargs=-1)
@input_options
@output_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="text (components, cycles, load order, edges, missing), json (docs/graph.md), "
    "dot (Graphviz), mermaid (erDiagram).",
)
@click.option(
    "--table",
    "table",
    default=None,
    metavar="NAME",
    help="Show only the neighbourhood of this table (or replication object): what is "
    "within --depth edges of it, either direction.",
)
@click.option(
    "--depth",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help="How many edges from --table the neighbourhood reaches.",
)
@click.option(
    "--scan",
    "scan_out",
    default=None,
    metavar="DIR",
    help="Read the graph from the nodes and edges datasets of 'ddlaudit scan --out DIR' "
    "instead of DDL files (Spark local mode, or --master; only those rows reach the "
    "driver). Takes no PATH.",
)
@click.option(
    "--master",
    default=None,
    metavar="URL",
    help="With --scan: the Spark master (default local[*]).",
)
def graph(
    paths: tuple[str, ...],
    dialect: str | None,
    encoding: str | None,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    config_path: str | None,
    output: str | None,
    fmt: str,
    table: str | None,
    depth: int,
    scan_out: str | None,
    master: str | None,
) -> None:
    """The schema graph of DDL files or directories (PATH '-' reads stdin).

    Tables are nodes and keys are edges, child to parent (FOREIGN KEY / REFERENCES,
    ALTER TABLE, sp_foreignkey, sp_commonkey), with replication definitions,
    subscriptions and publications; prints components, foreign key cycles (and the key
    to create after loading), load order (parents first), drop order and references
    to tables not in the scope.  Scopes are those of 'lint' ([scopes], project
    markers, else each PATH).  Exit 1 when the input has errors, 2 for an unknown
    --table, 3 when Spark cannot start (--scan).
    """
    if scan_out is not None:
        if paths:
            raise click.UsageError("--scan reads a scan's output: give no PATH with it")
        text = _from_scan(scan_out, master, fmt, table, depth)
        emit(text, output)
        sys.exit(EXIT_OK)
    if not paths:
        raise click.UsageError("give at least one PATH (or --scan DIR)")
    if master is not None:
        raise click.UsageError("--master goes with --scan")
    from analyzer.core import Options
    from analyzer.graph import analyse, build_graph, neighbourhood
    from analyzer.graph.render import render
    from analyzer.rules.engine import scope_context

    config = load_config(config_path, include, exclude, encoding)
    options = Options(dialect=dialect, encoding=encoding, config=config)
    stdin = read_stdin(paths)
    try:
        scoped, found = scope_results(list(paths), options, stdin)
        analyses = []
        for name, results in scoped:
            lookup = scope_context(name, results).lookup
            built = build_graph(results, lookup)
            schema = built.schema
            if table is not None:
                node = _node(built, lookup, table)
                if node is None:
                    continue
                schema = neighbourhood(built, node, depth)
            analyses.append(analyse(name, schema))
        if table is not None and not analyses:
            raise click.BadParameter(
                f"no table or replication object {table!r} in {', '.join(paths)}",
                param_hint="--table",
            )
        text = render(analyses, fmt)
    except click.ClickException:
        raise
    except Exception as err:
        internal_error(err)
    emit(text, output)
    errors = report_diagnostics([r for _, results in scoped for r in results], found)
    sys.exit(EXIT_FINDINGS if errors else EXIT_OK)


def _from_scan(out: str, master: str | None, fmt: str, table: str | None, depth: int) -> str:
    """``graph --scan OUT``: the analyses of each scope's graph as a scan wrote it."""
    from analyzer.cli.common import EXIT_ENVIRONMENT
    from analyzer.graph import analyse, neighbourhood, to_networkx
    from analyzer.graph.render import render

    try:
        from analyzer.spark.graph import ScanOutputError, read_schemas
        from analyzer.spark.scan import SparkUnavailable, open_session
    except ImportError as err:  # pyspark missing from this installation
        click.echo(f"ddlaudit: error: --scan needs pyspark: {err}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    try:
        session = open_session(master)
    except SparkUnavailable as err:
        click.echo(f"ddlaudit: error: {err}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    try:
        schemas = read_schemas(session.spark, out)
    except ScanOutputError as err:
        raise click.BadParameter(str(err), param_hint="--scan") from None
    finally:
        session.close()
    analyses = []
    for name, schema in schemas.items():
        if table is not None:
            low = table.lower()
            node = next((n.id for n in schema.nodes if n.id.lower() == low), None)
            node = node or next((n.id for n in schema.nodes if n.name.lower() == low), None)
            if node is None:
                continue
            schema = neighbourhood(to_networkx(schema), node, depth)
        analyses.append(analyse(name, schema))
    if table is not None and not analyses:
        raise click.BadParameter(
            f"no table or replication object {table!r} in {out}", param_hint="--table"
        )
    return render(analyses, fmt)


__all__ = ["FORMATS", "graph", "scope_results"]
