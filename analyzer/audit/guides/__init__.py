"""The vendors' migration guides, row by row: one TOML file per (source, target) pair
(``<source>-<target>.toml``, several guides may cover one pair), each row quoted from its
published table with the guide's URL and section.

A row says, for one source type (``match``: its name, and where the guide splits a type
by its length, precision or fractional digits, the range it covers), the target type the
guide writes (``target_type``, for the row's example column ``source_type``). Where the
audit chooses another type, the row's ``differs`` says why ddlaudit differs; the audit
reports it per column (the ``guide`` of docs/audit-json.md). ``tests/test_audit_guides.py``
audits a table of every row's example column and checks each agrees, or differs with its
reason. A guide's stored copy cut short says which rows were had (``had``).

>>> [g.guide for g in guides("tsql", "postgres")][:1]
['AWS DMS Schema Conversion: SQL Server to PostgreSQL data type rules']
>>> same_type("postgres", "INT4", "INTEGER")
True
>>> same_type("snowflake", "NUMBER(38, 4)", "DECIMAL(38,4)")
True
>>> same_type("postgres", "CHAR(10)", 'CHAR(10) COLLATE "case_insensitive"')
True
"""

from __future__ import annotations

import functools
import re
import tomllib
from importlib.resources import files

from analyzer.ir import Column
from analyzer.records import record


@record
class Row:
    """One row of a guide's table."""

    quote: str
    match: str
    source_type: str
    target_type: str
    differs: str = ""
    #: The source lengths / precisions / scales / fractional digits the row covers
    #: (inclusive; ``(max)`` counts as 2**31 - 1).
    length: tuple[int, int] | None = None
    precision: tuple[int, int] | None = None
    scale: tuple[int, int] | None = None
    fraction: tuple[int, int] | None = None


@record
class Guide:
    """One guide's table for one (source dialect, target) pair."""

    guide: str
    url: str
    section: str
    source: str
    target: str
    had: str
    rows: tuple[Row, ...]


def _span(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    assert isinstance(value, list) and len(value) == 2
    return int(value[0]), int(value[1])


@functools.cache
def _all() -> tuple[Guide, ...]:
    out: list[Guide] = []
    for entry in sorted(files(__name__).iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".toml"):
            continue
        data = tomllib.loads(entry.read_text(encoding="utf-8"))
        for g in data["guide"]:
            rows = tuple(
                Row(
                    r["quote"],
                    r["match"].upper(),
                    r["source_type"],
                    r["target_type"],
                    r.get("differs", ""),
                    _span(r.get("length")),
                    _span(r.get("precision")),
                    _span(r.get("scale")),
                    _span(r.get("fraction")),
                )
                for r in g["row"]
            )
            out.append(
                Guide(
                    g["name"],
                    g["url"],
                    g["section"],
                    g["source"],
                    g["target"],
                    g.get("had", ""),
                    rows,
                )
            )
    return tuple(out)


def guides(source: str, target: str) -> tuple[Guide, ...]:
    """The guides of the pair (source dialect, target), in file order."""
    return tuple(g for g in _all() if g.source == source and g.target == target)


def _within(value: int | None, span: tuple[int, int] | None) -> bool:
    return span is None or (value is not None and span[0] <= value <= span[1])


def key(column: Column) -> str:
    """The name a guide row matches: the type's name, ``WITH TIME ZONE`` where declared,
    and a PERIOD's element (``PERIOD(TIMESTAMP WITH TIME ZONE)``).

    >>> from analyzer.ir import DataType
    >>> t = DataType("TIME(6) WITH TIME ZONE", "TIME", "time", scale=6, with_time_zone=True)
    >>> key(Column("c", 1, t, True, True))
    'TIME WITH TIME ZONE'
    """
    dt = column.type
    name = dt.name.upper()
    if dt.inner is not None and dt.family == "period":
        inner = Column(column.name, column.position, dt.inner, True, True)
        return f"{name}({key(inner)})"
    if dt.with_time_zone and "TIME ZONE" not in name:
        name += " WITH TIME ZONE"
    return name


def rows_for(column: Column, source: str, target: str) -> list[tuple[Guide, Row]]:
    """The rows of every guide of the pair that speak of ``column``'s type (the first
    row of each guide that matches)."""
    dt = column.type
    fraction = dt.scale if dt.scale is not None else dt.precision
    length = 2**31 - 1 if dt.is_max else dt.length
    name = key(column)
    found = []
    for g in guides(source, target):
        for r in g.rows:
            if r.match != name or not _within(length, r.length):
                continue
            if not _within(dt.precision, r.precision) or not _within(dt.scale or 0, r.scale):
                continue
            if r.fraction is not None and not _within(fraction, r.fraction):
                continue
            found.append((g, r))
            break
    return found


#: Names each target treats as one type (its vendor's "synonymous with" statements):
#: Snowflake "Summary of data types" (DECIMAL, NUMERIC: synonymous with NUMBER; INT,
#: INTEGER, BIGINT, ...: NUMBER(38, 0); DOUBLE, REAL: FLOAT; CHAR, STRING, TEXT: VARCHAR;
#: VARBINARY: BINARY; DATETIME: TIMESTAMP_NTZ); BigQuery (DECIMAL: NUMERIC, BIGDECIMAL:
#: BIGNUMERIC); PostgreSQL 8.1 / 8.5 (INT2, INT4, INT8, FLOAT4, FLOAT8, BOOL, DECIMAL,
#: TIMESTAMP WITHOUT / WITH TIME ZONE); SQL Server (NUMERIC: DECIMAL; FLOAT[53]: FLOAT;
#: FLOAT[24]: REAL).
_SYNONYMS: dict[str, dict[str, str]] = {
    "snowflake": {
        "DECIMAL": "NUMBER",
        "NUMERIC": "NUMBER",
        "INT": "NUMBER(38,0)",
        "INTEGER": "NUMBER(38,0)",
        "BIGINT": "NUMBER(38,0)",
        "SMALLINT": "NUMBER(38,0)",
        "TINYINT": "NUMBER(38,0)",
        "BYTEINT": "NUMBER(38,0)",
        "DOUBLE": "FLOAT",
        "DOUBLE PRECISION": "FLOAT",
        "REAL": "FLOAT",
        "CHAR": "VARCHAR",
        "CHARACTER": "VARCHAR",
        "STRING": "VARCHAR",
        "TEXT": "VARCHAR",
        "VARBINARY": "BINARY",
        "DATETIME": "TIMESTAMP_NTZ",
    },
    "bigquery": {"DECIMAL": "NUMERIC", "BIGDECIMAL": "BIGNUMERIC"},
    "postgres": {
        "INT2": "SMALLINT",
        "INT4": "INTEGER",
        "INT": "INTEGER",
        "INT8": "BIGINT",
        "FLOAT4": "REAL",
        "FLOAT8": "DOUBLE PRECISION",
        "BOOL": "BOOLEAN",
        "DECIMAL": "NUMERIC",
        "TIMESTAMP WITHOUT TIME ZONE": "TIMESTAMP",
        "TIMESTAMP WITH TIME ZONE": "TIMESTAMPTZ",
        "TIMESTAMPTZ": "TIMESTAMPTZ",
    },
    "mssql": {"NUMERIC": "DECIMAL", "FLOAT(53)": "FLOAT", "FLOAT(24)": "REAL"},
}

_TYPE = re.compile(r"^([A-Z_][A-Z0-9_ ]*?)\s*(?:\(([^)]*)\))?\s*((?:WITH|WITHOUT) TIME ZONE)?$")


def _canonical(target: str, text: str) -> tuple[str, str | None]:
    """(name, parameters or None) of a type as the target reads it."""
    # SSMA writes decimal[18][4] for decimal(18, 4)
    text = text.upper().replace("][", ",").replace("[", "(").replace("]", ")")
    text = " ".join(text.split())
    synonyms = _SYNONYMS.get(target, {})
    if text in synonyms:
        text = synonyms[text]
    m = _TYPE.match(text)
    if m is None:
        return text, None
    name, params, tail = m.group(1).strip(), m.group(2), (m.group(3) or "").strip()
    if tail:  # TIMESTAMP(6) WITH TIME ZONE: the name is both parts
        name = f"{name} {tail}"
    name = synonyms.get(name, name)
    if "(" in name:  # a synonym with parameters: INT -> NUMBER(38,0)
        name, params = name.split("(", 1)[0], name.split("(", 1)[1].rstrip(")")
    if params is not None:
        parts = [p.strip() for p in params.split(",")]
        if len(parts) == 2 and parts[1] == "0":
            parts = parts[:1]  # (p, 0) is (p)
        params = ",".join(parts)
    return name, params


#: A collation written after the type (the guides' tables speak of types only).
_COLLATION = re.compile(r"\s+(?:COLLATE\s+.*|(?:NOT\s+)?CASESPECIFIC)$", re.IGNORECASE)


def same_type(target: str, guide: str, audited: str) -> bool:
    """The guide's type and the audited one are one type on ``target``: the same name
    (or a synonym) and, where the guide writes parameters, the same parameters."""
    g_name, g_params = _canonical(target, guide)
    a_name, a_params = _canonical(target, _COLLATION.sub("", audited))
    if g_name != a_name:
        return False
    if g_params is None or g_params == "*" or (a_params is None and g_params == "MAX"):
        return True
    return g_params == a_params


def _params(text: str) -> str | None:
    """The parameters of a type as written, normalised: ``numeric[18][4]`` and
    ``NUMERIC(18, 4)`` are both ``18,4``; None without any."""
    found = re.search(r"[\(\[](.*)[\)\]]", text)
    if found is None:
        return None
    return ",".join(p.strip() for p in re.split(r"\]\s*\[|,", found.group(1)))


def verdict(column: Column, source: str, target: str, audited: str | None) -> tuple[str, ...]:
    """What the guides of the pair say of ``column`` and whether the audit agrees, one
    sentence per guide: the ``guide`` list of docs/audit-json.md (empty when no guide row
    speaks of the type)."""
    out = []
    for g, r in rows_for(column, source, target):
        where = f'{g.guide}, {g.section} ({g.url}): row "{r.quote}"'
        # a row whose example keeps its parameters (char(10) -> CHAR(10), numeric(18,4)
        # -> numeric[18][4]: the guide's "[*]", "(n)") keeps every column's own
        guide_type = r.target_type
        if _params(r.source_type) is not None and _params(r.source_type) == _params(guide_type):
            guide_type = re.sub(r"\s*(\([^)]*\)|\[[^\]]*\])", "", guide_type)
        if audited is None and r.target_type == "---":
            out.append(f"agrees with {where}: no {target} type")
        elif audited is not None and same_type(target, guide_type, audited):
            out.append(f"agrees with {where}")
        else:
            why = r.differs or "no reason recorded"
            out.append(f"differs from {where}: {why}")
    return tuple(out)


__all__ = ["Guide", "Row", "guides", "key", "rows_for", "same_type", "verdict"]
