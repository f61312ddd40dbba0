"""Teradata: what ddlaudit knows before it loads the grammar (:mod:`grammars.teradata`).

The evidence is what content detection scores (:mod:`analyzer.detect`); D108 says why
it lives apart from the grammar.
"""

from __future__ import annotations

from grammars.profile import Profile, evidence

PROFILE = Profile(
    name="teradata",
    description="Teradata Database / Vantage",
    module="grammars.teradata",
    evidence=(
        evidence(
            r"\bmultiset\s+(?:(?:global\s+temporary|volatile)\s+)?table\b", 5, "MULTISET TABLE"
        ),
        evidence(
            r"\bcreate\s+set\s+(?:(?:global\s+temporary|volatile)\s+)?table\b", 4, "SET TABLE"
        ),
        evidence(r"\bcreate\s+volatile\s+table\b", 3, "CREATE VOLATILE TABLE"),
        evidence(r"\bprimary\s+(?:amp\s+)?index\b", 5, "PRIMARY INDEX"),
        evidence(r",\s*(?:no\s+)?fallback\b", 4, "[NO] FALLBACK table option"),
        evidence(r"\bmap\s*=\s*td_\w+", 5, "MAP = TD_MAP"),
        evidence(r"\b(?:before|after)\s+journal\b", 4, "BEFORE / AFTER JOURNAL"),
        evidence(r"\bmergeblockratio\b", 5, "MERGEBLOCKRATIO"),
        evidence(r"\bdatablocksize\b|\bblockcompression\b", 4, "DATABLOCKSIZE / BLOCKCOMPRESSION"),
        evidence(r"\bchecksum\s*=\s*(?:default|on|off)\b", 3, "CHECKSUM = ..."),
        evidence(r"\b(?:not\s+)?casespecific\b", 4, "[NOT] CASESPECIFIC"),
        evidence(
            r"\bcharacter\s+set\s+(?:latin|unicode|kanjisjis|graphic)\b", 3, "CHARACTER SET LATIN"
        ),
        evidence(r"\b(?:range_n|case_n)\s*\(", 5, "RANGE_N / CASE_N"),
        evidence(r"\bbyteint\b", 4, "BYTEINT"),
        evidence(r"\bvarbyte\b|\bvargraphic\b", 3, "VARBYTE / VARGRAPHIC"),
        evidence(r"\bperiod\s*\(\s*(?:date|time|timestamp)\b", 4, "PERIOD(...)"),
        evidence(r"\bsysudtlib\.", 5, "SYSUDTLIB."),
        evidence(r"\bcompress\s+using\b|\bdecompress\s+using\b", 4, "ALC COMPRESS USING"),
        evidence(r"\bwith\s+no\s+check\s+option\b", 3, "REFERENCES WITH NO CHECK OPTION"),
        evidence(r"^\s*collect\s+stat(?:istic)?s?\b", 4, "COLLECT STATISTICS"),
        evidence(r"^\s*(?:create|replace)\s+macro\b", 5, "CREATE / REPLACE MACRO"),
        evidence(r"^\s*replace\s+(?:procedure|view|function)\b", 3, "REPLACE PROCEDURE / VIEW"),
        evidence(r"^\s*database\s+\w+\s*;", 2, "DATABASE x;"),
        evidence(r"\blocking\s+(?:row|table|database)\b", 3, "LOCKING ROW / TABLE"),
        evidence(r"\bon\s+commit\s+preserve\s+rows\b", 1, "ON COMMIT PRESERVE ROWS"),
        evidence(r"\bformat\s+'[^']*'", 1, "FORMAT '...'"),
    ),
    batch_separator=False,
)
