"""The ``ddlaudit`` command line: the group here, one module per command.

Commands load on first use (:class:`LazyGroup`), so ``ddlaudit lint one.sql`` imports
the lint and nothing of Spark, sizing reports or replication reports it does not run.

Exit codes (docs/cli.md):

* 0: done; nothing reached the failing level (``lint``: ``--fail-on``; the other
  commands: no error diagnostic).
* 1: done, but the input has errors (``lint``: findings at or above ``--fail-on``).
* 2: usage error: bad option, bad config file, unknown dialect or rule code.
* 3: environment problem: Java/Spark missing or Spark failed to start (``scan``), or the
  compiled sqlglot build installed.
* 4: internal error in ddlaudit itself (please report it).
"""

from __future__ import annotations

import importlib
import sys

import click

from analyzer import __version__
from analyzer.cli.common import EXIT_ENVIRONMENT, collect_less
from grammars.profile import COMPILED_SQLGLOT_MESSAGE, compiled_sqlglot

#: command -> (module under analyzer.cli, attribute): loaded when the command runs.
COMMANDS: dict[str, tuple[str, str]] = {
    "parse": ("parse", "parse"),
    "lint": ("lint", "lint"),
    "graph": ("graph", "graph"),
    "rules": ("rules", "rules"),
    "size": ("size", "size"),
    "replication": ("replication", "replication"),
    "scan": ("scan", "scan"),
    "dialects": ("dialects", "dialects_cmd"),
    "comment": ("comment", "comment"),
    "diff": ("diff", "diff"),
    "audit": ("audit", "audit"),
    "lsp": ("lsp", "lsp"),
}


class LazyGroup(click.Group):
    """A group whose commands are imported only when listed or run."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = COMMANDS.get(cmd_name)
        if where is None:
            return None
        module = importlib.import_module(f"analyzer.cli.{where[0]}")
        command: click.Command = getattr(module, where[1])
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="ddlaudit")
def main() -> None:
    """Static analysis of legacy enterprise DDL (SQL Server, Teradata, Sybase ASE, HiRDB).

    Reads CREATE TABLE and related DDL and reports what the schema costs and
    what breaks.  Exit codes: 0 clean, 1 errors in the input (lint: findings at
    --fail-on), 2 usage error, 3 environment problem (Java/Spark, compiled
    sqlglot), 4 internal error.
    """
    if compiled_sqlglot() is not None:
        click.echo(f"ddlaudit: {COMPILED_SQLGLOT_MESSAGE}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    collect_less()


__all__ = ["COMMANDS", "LazyGroup", "compiled_sqlglot", "main"]
