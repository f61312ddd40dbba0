"""T-SQL (SQL Server) grammar: sqlglot's ``tsql`` dialect extended for real DDL.

Adds what sqlglot 30.30 rejects or loses (see docs/grammars.md).
"""

from __future__ import annotations

from sqlglot.dialects.tsql import TSQL
from sqlglot.parsers.tsql import TSQLParser

from grammars.base import Grammar, SpanParserMixin, evidence


class DdlauditTSQL(TSQL):
    class Tokenizer(TSQL.Tokenizer):
        pass

    class Parser(SpanParserMixin, TSQLParser):
        pass


TYPE_FAMILIES: dict[str, str] = {}

GRAMMAR = Grammar(
    name="tsql",
    description="Microsoft SQL Server Transact-SQL",
    dialect=DdlauditTSQL,
    evidence=(
        evidence(r"\[dbo\]\.", 5, "[dbo]. qualified name"),
        evidence(r"\bidentity\s*\(\s*\d+\s*,\s*\d+\s*\)", 3, "IDENTITY(seed, increment)"),
        evidence(r"\bnvarchar\s*\(\s*max\s*\)", 4, "NVARCHAR(MAX)"),
    ),
    type_families=TYPE_FAMILIES,
)
