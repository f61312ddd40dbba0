"""``ddlaudit dialects``: the dialects ddlaudit reads and how each is detected."""

from __future__ import annotations

import click

import grammars
from analyzer.cli.common import emit, output_option


def dialects_text() -> str:
    """One entry per dialect: its name, description and the evidence that detects it.

    >>> text = dialects_text()
    >>> "tsql" in text and "detected by:" in text
    True
    """
    lines = []
    for name, grammar in grammars.registry().items():
        labels = ", ".join(e.label for e in grammar.evidence)
        lines.append(f"{name:<10} {grammar.description}\n{'':<10} detected by: {labels}")
    return "\n".join(lines)


@click.command("dialects")
@output_option
def dialects_cmd(output: str | None) -> None:
    """List the dialects ddlaudit reads and the evidence used to detect each."""
    emit(dialects_text(), output)
