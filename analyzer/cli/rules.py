"""``ddlaudit rules``: the rule catalogue, or one rule's documentation."""

from __future__ import annotations

import json
import sys

import click

from analyzer.cli.common import EXIT_USAGE, emit, output_option


@click.command()
@click.argument("code", required=False)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "markdown"]),
    default="text",
    show_default=True,
    help="text: a line per rule (or one rule's page); json: every field; markdown: "
    "the page docs/rules/ holds.",
)
@output_option
def rules(code: str | None, fmt: str, output: str | None) -> None:
    """List every rule (code, name, severity, default, platforms), or document CODE."""
    from analyzer.rules import catalogue, get
    from analyzer.rules.docs import rule_dict, rule_markdown, rule_text, table_text

    if code is None:
        everything = catalogue()
        if fmt == "json":
            doc = {"rules": [rule_dict(r) for r in everything]}
            emit(json.dumps(doc, indent=2, ensure_ascii=False), output)
        elif fmt == "markdown":
            emit("\n".join(rule_markdown(r) for r in everything), output)
        else:
            emit(table_text(everything), output)
        return
    rule = get(code)
    if rule is None:
        click.echo(f"ddlaudit rules: no rule {code!r}; 'ddlaudit rules' lists them", err=True)
        sys.exit(EXIT_USAGE)
    if fmt == "json":
        emit(json.dumps(rule_dict(rule), indent=2, ensure_ascii=False), output)
    elif fmt == "markdown":
        emit(rule_markdown(rule), output)
    else:
        emit(rule_text(rule), output)
