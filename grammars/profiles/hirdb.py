"""HiRDB: what ddlaudit knows before it loads the grammar (:mod:`grammars.hirdb`).

The evidence is what content detection scores (:mod:`analyzer.detect`); D108 says why
it lives apart from the grammar.
"""

from __future__ import annotations

from grammars.profile import Profile, evidence

PROFILE = Profile(
    name="hirdb",
    description="Hitachi HiRDB Version 8-10",
    module="grammars.hirdb",
    evidence=(
        evidence(r"\bmvarchar\s*\(", 5, "MVARCHAR"),
        evidence(r"\bmchar\s*\(", 5, "MCHAR"),
        evidence(r"\bsmallflt\b", 5, "SMALLFLT"),
        evidence(r"\bpctfree\s*=", 5, "PCTFREE ="),
        evidence(r"\bcreate\s+(?:share\s+)?fix\s+table\b", 5, "FIX TABLE"),
        evidence(r"\bsuppress\s+decimal\b", 5, "SUPPRESS DECIMAL"),
        evidence(r"\bno\s+split\b", 4, "NO SPLIT"),
        evidence(r"\bwithout\s+rollback\b", 4, "WITHOUT ROLLBACK"),
        evidence(r"\)\s*in\s*\(\s*\(\s*\w+\s*\)", 5, "IN ((rdarea) ...)"),
        evidence(r"\)\s*in\s+\(?\s*[a-z_]\w*\s*\)?\s*(?:;|$|pctfree|lock)", 3, "IN rdarea"),
        evidence(r"\bhash\s+hash[0-6a-f]\s+by\b", 5, "HASH HASHn BY"),
        evidence(r"\bpartitioned\s+by\s+multidim\b", 5, "PARTITIONED BY MULTIDIM"),
        evidence(r"\barray\s*\[\s*\d+\s*\]", 3, "ARRAY[n]"),
        evidence(r"\blarge\s+dec(?:imal)?\b", 4, "LARGE DECIMAL"),
        evidence(r"\block\s+(?:row|page)\b", 2, "LOCK ROW / PAGE"),
        evidence(r"\brecovery\s+(?:all|partial|no)\b", 4, "RECOVERY ALL/PARTIAL/NO"),
        evidence(r"\bcharacter\s+set\s+(?:master\.)?(?:ebcdik|utf16)\b", 4, "CHARACTER SET EBCDIK"),
        evidence(r"\bunder\s+\w+\s*\(", 2, "CREATE TYPE ... UNDER"),
    ),
    batch_separator=False,
)
