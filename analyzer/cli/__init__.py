"""The ``ddlaudit`` command line: the group here, one module per command.

A command's module imports what only that command uses inside the functions that use
it (Spark, the reports, the schema graph), so that ``ddlaudit lint one.sql`` loads none
of them (docs/architecture.md, "Start-up").

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

import sys

import click

from analyzer import __version__
from analyzer.cli.audit import audit
from analyzer.cli.comment import comment
from analyzer.cli.common import EXIT_ENVIRONMENT
from analyzer.cli.dialects import dialects_cmd
from analyzer.cli.diff import diff
from analyzer.cli.graph import graph
from analyzer.cli.lint import lint
from analyzer.cli.lsp import lsp
from analyzer.cli.parse import parse
from analyzer.cli.replication import replication
from analyzer.cli.rules import rules
from analyzer.cli.scan import scan
from analyzer.cli.size import size
from analyzer.collector import collect_less
from grammars.profile import COMPILED_SQLGLOT_MESSAGE, compiled_sqlglot


class _Listed(click.Group):
    """A group that lists its commands in the order they were added (click sorts them)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)


@click.group(cls=_Listed, context_settings={"help_option_names": ["-h", "--help"]})
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


for _command in (
    parse,
    lint,
    graph,
    rules,
    size,
    replication,
    scan,
    dialects_cmd,
    comment,
    diff,
    audit,
    lsp,
):
    main.add_command(_command)

__all__ = ["compiled_sqlglot", "main"]
