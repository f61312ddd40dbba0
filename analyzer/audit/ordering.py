"""How a character column's values compare and sort (its *ordering*), read from a
collation, and what a target's DDL can write to keep it (decision D178).

An ordering is one of :data:`ORDERINGS`:

* ``binary``: code point (byte) order, every difference significant: SQL Server ``_BIN``
  / ``_BIN2`` collations, ASE's binary sort order (its default: "All character sets have
  binary order as the default", Configuration Guide, Available Sort Orders), Teradata
  CASESPECIFIC, HiRDB, PostgreSQL ``"C"``, Snowflake without a collation ("strings are
  compared according to the Unicode codes", Collation support), BigQuery without one
  ("Z would come before a", Collation);
* ``upper``: the values compared and sorted in binary order once upper-cased: Teradata NOT
  CASESPECIFIC (Teradata mode's default), Snowflake ``COLLATE 'upper'``;
* ``cs_as``, ``ci_as``, ``cs_ai``, ``ci_ai``: a linguistic (dictionary) order, case- and
  accent-sensitive or -insensitive: SQL Server ``_CS_AS`` ... ``_CI_AI``, ASE ``dict``,
  ``nocase``, ``noaccent``, PostgreSQL ICU collations, Snowflake ``'en'``, ``'en-ci'``,
  ``'en-ci-ai'``, BigQuery ``'und:ci'``.

``none`` marks a LOB that is never compared or sorted (SQL Server text / ntext, ASE text /
unitext, Teradata CLOB). Two columns of one ordering hold the same values as equal and
sort them alike; the fine detail of two vendors' linguistic tables (Windows sort tables,
ICU) is not modelled.

>>> read("mssql", "SQL_Latin1_General_CP1_CI_AS"), read("teradata", "NOT CASESPECIFIC")
('ci_as', 'upper')
>>> spell("snowflake", "ci_as"), spell("postgres", "ci_as"), spell("bigquery", "upper")
('en-ci', 'case_insensitive', None)
>>> lost("ci_as", "binary")
['case-insensitive ordering and comparison', 'linguistic ordering']
>>> settle("upper", "postgres", "en_US.UTF-8", True)
('ci_as', 'case_insensitive')
"""

from __future__ import annotations

from analyzer.config import DEFAULT_COLLATIONS

ORDERINGS = ("binary", "upper", "cs_as", "ci_as", "cs_ai", "ci_ai")

#: How each ordering reads in a reason.
DESCRIPTIONS = {
    "binary": "binary order",
    "upper": "binary order of the upper-cased values",
    "cs_as": "case- and accent-sensitive linguistic order",
    "ci_as": "case-insensitive, accent-sensitive linguistic order",
    "cs_ai": "case-sensitive, accent-insensitive linguistic order",
    "ci_ai": "case- and accent-insensitive linguistic order",
    "none": "no comparison or order (a LOB)",
}

#: ASE sort order names (Configuration Guide, "Selecting the Default Sort Order").
_ASE = {
    "BINARY": "binary",
    "BIN_UTF8": "binary",
    "UTF8BIN": "binary",
    "DICT": "cs_as",
    "DICTIONARY": "cs_as",
    "ALTDICT": "cs_as",
    "NOCASE": "ci_as",
    "NOCASEP": "ci_as",
    "NOCASEPREF": "ci_as",
    "ALTNOCSP": "ci_as",
    "NOACCENT": "ci_ai",
    "NOACCENTS": "ci_ai",
    "ALTNOACC": "ci_ai",
}

#: PostgreSQL collations ddlaudit writes, with the statement that makes each one that is
#: not predefined (PostgreSQL 16 docs, 24.2.2.4 Nondeterministic Collations and 24.2.3.2
#: ICU Collations: ``case_insensitive`` 'und-u-ks-level2', ``ignore_accent_case``
#: 'und-u-ks-level1', ``ignore_accents`` 'und-u-ks-level1-kc-true').
POSTGRES: dict[str, tuple[str, str | None]] = {
    "binary": ("C", None),
    "cs_as": ("und-x-icu", None),
    "ci_as": ("case_insensitive", "und-u-ks-level2"),
    "ci_ai": ("ignore_accent_case", "und-u-ks-level1"),
    "cs_ai": ("ignore_accents", "und-u-ks-level1-kc-true"),
}

_SPELLINGS: dict[str, dict[str, str]] = {
    "mssql": {
        "binary": "Latin1_General_100_BIN2",
        "cs_as": "Latin1_General_100_CS_AS",
        "ci_as": "Latin1_General_100_CI_AS",
        "cs_ai": "Latin1_General_100_CS_AI",
        "ci_ai": "Latin1_General_100_CI_AI",
    },
    "teradata": {"binary": "CASESPECIFIC", "upper": "NOT CASESPECIFIC"},
    "postgres": {k: v[0] for k, v in POSTGRES.items()},
    "snowflake": {
        "binary": "utf8",
        "upper": "upper",
        "cs_as": "en",
        "ci_as": "en-ci",
        "cs_ai": "en-ai",
        "ci_ai": "en-ci-ai",
    },
    "bigquery": {"ci_as": "und:ci"},
}


def read(platform: str, name: str) -> str | None:
    """The ordering of collation ``name`` as ``platform`` spells it (None: not modelled)."""
    text = name.strip().strip("'\"").strip()
    up = text.upper()
    if platform == "mssql":
        parts = up.split("_")
        if "BIN" in parts or "BIN2" in parts:
            return "binary"
        case = "ci" if "CI" in parts else "cs" if "CS" in parts else None
        accent = "ai" if "AI" in parts else "as" if "AS" in parts else None
        return f"{case}_{accent}" if case and accent else None
    if platform == "ase":
        return _ASE.get(up)
    if platform == "teradata":
        words = " ".join(up.split())
        return {"CASESPECIFIC": "binary", "CS": "binary"}.get(words) or {
            "NOT CASESPECIFIC": "upper",
            "NOT CS": "upper",
        }.get(words)
    if platform == "hirdb":
        return "binary" if up == "BINARY" else None
    if platform == "postgres":
        if up in ("C", "POSIX", "UCS_BASIC"):
            return "binary"
        for ordering, (spelled, _) in POSTGRES.items():
            if text == spelled:
                return ordering
        return "cs_as" if ("." in text or text.endswith("-x-icu")) else None
    if platform == "snowflake":
        return _snowflake(text.lower())
    if platform == "bigquery":
        return {"": "binary", "binary": "binary", "und:ci": "ci_as"}.get(text.lower())
    return None


def _snowflake(spec: str) -> str | None:
    """Snowflake's collation specification: ``locale[-ci|-cs][-ai|-as]``, ``upper``,
    ``utf8`` (Collation support, "Collation specification"); others not modelled."""
    if spec in ("", "utf8"):
        return "binary"
    if spec == "upper":
        return "upper"
    parts = spec.split("-")
    if not parts[0] or parts[0] in ("utf8", "upper", "lower"):
        return None
    rest = set(parts[1:])
    if not rest <= {"ci", "cs", "ai", "as"}:
        return None  # punctuation, first-letter, trim specifiers: not modelled
    case = "ci" if "ci" in rest else "cs"
    accent = "ai" if "ai" in rest else "as"
    return f"{case}_{accent}"


def spell(target: str, ordering: str) -> str | None:
    """The collation ``target``'s DDL writes for ``ordering`` (None: it has none: ASE and
    HiRDB have one sort order per server, no column collation)."""
    return _SPELLINGS.get(target, {}).get(ordering)


def lost(src: str, dst: str) -> list[str]:
    """What a column of ordering ``src`` loses in one of ordering ``dst``: the ``loses``
    names of docs/audit.md."""
    if src == dst or src == "none":
        return []
    if dst == "none":
        return ["comparison and ordering"]  # a LOB the target never compares or sorts
    out = []
    ci = {"upper", "ci_as", "ci_ai"}
    ai = {"cs_ai", "ci_ai"}
    if (src in ci) != (dst in ci):
        what = "insensitive" if src in ci else "sensitive"
        out.append(f"case-{what} ordering and comparison")
    if (src in ai) != (dst in ai):
        what = "insensitive" if src in ai else "sensitive"
        out.append(f"accent-{what} ordering and comparison")
    binary = {"binary", "upper"}
    if (src in binary) != (dst in binary):
        out.append("binary ordering" if src in binary else "linguistic ordering")
    elif not out:
        out.append("ordering")  # binary vs upper-cased binary: case rules aside
    return out


def _weight(losses: list[str]) -> float:
    """Comparison (which values are equal: unique keys, joins) before sort order."""
    return sum(0.5 if x.endswith(" ordering") else 1.0 for x in losses)


def settle(source: str, target: str, default: str, keep: bool) -> tuple[str | None, str | None]:
    """(the ordering a column of ``source`` ordering gets on ``target``, the collation the
    DDL writes for it or None): the target's ``default`` collation when it has the
    source's ordering; else, with ``keep``, the target's spelling of it, or of the
    ordering that loses least; without ``keep`` the default (``[audit] ordering``)."""
    base = read(target, default)
    if base == source or not keep:
        return base, None
    spelled = spell(target, source)
    if spelled is not None:
        return source, spelled
    options: list[tuple[str | None, str | None]] = [(base, None)]
    options += [(o, spell(target, o)) for o in ORDERINGS if spell(target, o) and o != base]
    best = min(options, key=lambda o: _weight(lost(source, o[0])) if o[0] else 9.0)
    return best


__all__ = [
    "DEFAULT_COLLATIONS",
    "DESCRIPTIONS",
    "ORDERINGS",
    "POSTGRES",
    "lost",
    "read",
    "settle",
    "spell",
]
