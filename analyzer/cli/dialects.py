"""``ddlaudit dialects``: the dialects ddlaudit reads and how each is detected."""

from __future__ import annotations

import click

import grammars


@click.command("dialects")
def dialects_cmd() -> None:
    """List the dialects ddlaudit reads and the evidence used to detect each."""
    for name, grammar in grammars.registry().items():
        labels = ", ".join(e.label for e in grammar.evidence)
        click.echo(f"{name:<10} {grammar.description}\n{'':<10} detected by: {labels}")
