"""Teradata grammar: sqlglot's ``teradata`` dialect extended for real DDL."""

from __future__ import annotations

from sqlglot.dialects.teradata import Teradata
from sqlglot.parsers.teradata import TeradataParser

from grammars.base import Grammar, SpanParserMixin, evidence


class DdlauditTeradata(Teradata):
    class Tokenizer(Teradata.Tokenizer):
        pass

    class Parser(SpanParserMixin, TeradataParser):
        pass


TYPE_FAMILIES: dict[str, str] = {}

GRAMMAR = Grammar(
    name="teradata",
    description="Teradata Database / Vantage",
    dialect=DdlauditTeradata,
    evidence=(
        evidence(r"\bmultiset\s+table\b", 5, "MULTISET TABLE"),
        evidence(r"\bprimary\s+index\b", 5, "PRIMARY INDEX"),
    ),
    type_families=TYPE_FAMILIES,
    batch_separator=False,
)
