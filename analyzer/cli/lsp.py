"""``ddlaudit lsp``: the Language Server over standard input and output (docs/editors.md)."""

from __future__ import annotations

import sys

import click

from analyzer.cli.common import EXIT_ENVIRONMENT, EXIT_OK, internal_error


@click.command()
@click.option(
    "--stdio",
    is_flag=True,
    help="Talk over standard input and output (the only transport; accepted because "
    "editors pass it).",
)
def lsp(stdio: bool) -> None:
    """Run the Language Server for .sql, .ddl, .btq, .bteq and .rcl files over stdio.

    Diagnostics on open and on change (the lint's findings, with the workspace's
    ddlaudit.toml and scopes), hover figures for tables and columns, and quick fixes.
    Exit 0 after the client's shutdown and exit, 1 when it exits (or closes the pipe)
    without a shutdown.  Needs the lsp extra: pip install 'ddlaudit[lsp]' (exit 3
    without it).
    """
    from analyzer.lsp import INSTALL_HINT, available

    if not available():
        click.echo(f"ddlaudit: {INSTALL_HINT}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    from analyzer.lsp.server import serve

    try:
        status = serve()
    except KeyboardInterrupt:
        sys.exit(EXIT_OK)
    except Exception as err:
        internal_error(err)
    sys.exit(status)


__all__ = ["lsp"]
