"""docs/audit.md's per pair tables, generated from the catalogues with the spellings the
audit prints (``target_type`` of the JSON and text reports): one source of truth.

``python -m analyzer.audit.doctables`` rewrites the section of docs/audit.md between
:data:`BEGIN` and :data:`END`; ``tests/test_audit.py`` checks the file equals
:func:`tables`.

>>> print(cell("tsql", "int", "postgres"))
`INTEGER` =
"""

from __future__ import annotations

import sys
from pathlib import Path

from analyzer.audit import TARGETS
from analyzer.audit.ddl import type_sql
from analyzer.audit.mapping import Mapped, TargetType, map_column
from analyzer.audit.mappings import spec
from analyzer.ir import Column

BEGIN = "<!-- pair tables: python -m analyzer.audit.doctables -->"
END = "<!-- end of pair tables -->"

#: The class signs of the tables.
SIGNS = {"exact": "=", "widened": "+", "lossy": "~", "unsupported": "x"}

#: The source types each table lists, per dialect (as a user would declare them).
SAMPLES: dict[str, tuple[str, ...]] = {
    "tsql": (
        "tinyint",
        "int",
        "bigint",
        "bit",
        "decimal(38,10)",
        "money",
        "smallmoney",
        "float",
        "real",
        "char(10)",
        "varchar(8000)",
        "varchar(max)",
        "nchar(10)",
        "nvarchar(4000)",
        "nvarchar(max)",
        "text",
        "ntext",
        "binary(16)",
        "varbinary(max)",
        "image",
        "date",
        "time(7)",
        "datetime",
        "smalldatetime",
        "datetime2(7)",
        "datetimeoffset(7)",
        "uniqueidentifier",
        "rowversion",
        "xml",
        "sql_variant",
        "hierarchyid",
        "geometry",
        "geography",
    ),
    "sybase": (
        "tinyint",
        "unsigned smallint",
        "unsigned int",
        "unsigned bigint",
        "bit",
        "numeric(18,4)",
        "money",
        "float",
        "char(10)",
        "varchar(255)",
        "nvarchar(100)",
        "univarchar(100)",
        "text",
        "unitext",
        "varbinary(255)",
        "image",
        "date",
        "time",
        "bigtime",
        "datetime",
        "smalldatetime",
        "bigdatetime",
        "timestamp",
    ),
    "teradata": (
        "BYTEINT",
        "INTEGER",
        "BIGINT",
        "DECIMAL(18,2)",
        "NUMBER",
        "NUMBER(*,2)",
        "NUMBER(12)",
        "FLOAT",
        "CHAR(10)",
        "VARCHAR(1000)",
        "GRAPHIC(10)",
        "CLOB",
        "BYTE(16)",
        "VARBYTE(1000)",
        "BLOB",
        "DATE",
        "TIME(6)",
        "TIME(6) WITH TIME ZONE",
        "TIMESTAMP(6)",
        "TIMESTAMP(6) WITH TIME ZONE",
        "INTERVAL YEAR(2) TO MONTH",
        "INTERVAL DAY(2) TO SECOND(6)",
        "PERIOD(DATE)",
        "PERIOD(TIMESTAMP(6))",
        "JSON",
        "XML",
        "ST_GEOMETRY",
    ),
    "hirdb": (
        "SMALLINT",
        "INTEGER",
        "DECIMAL(15,2)",
        "SMALLFLT",
        "FLOAT",
        "CHAR(10)",
        "VARCHAR(1000)",
        "MCHAR(10)",
        "MVARCHAR(1000)",
        "NCHAR(10)",
        "NVARCHAR(1000)",
        "BINARY(100)",
        "BLOB(1M)",
        "DATE",
        "TIME",
        "TIMESTAMP(6)",
        "INTERVAL YEAR TO DAY",
        "INTERVAL HOUR TO SECOND",
        "SMALLINT ARRAY[10]",
        "NVARCHAR(20) ARRAY[5]",
    ),
}


#: Character columns and how they declare their ordering (docs/audit.md, "Ordering"):
#: (dialect, type, SQL Server COLLATE, Teradata CASESPECIFIC); None: the default.
ORDERED: tuple[tuple[str, str, str | None, bool | None], ...] = (
    ("tsql", "varchar(20)", None, None),
    ("tsql", "varchar(20)", "Latin1_General_100_BIN2", None),
    ("tsql", "varchar(20)", "Latin1_General_100_CS_AS", None),
    ("tsql", "varchar(20)", "Latin1_General_100_CI_AI", None),
    ("sybase", "varchar(20)", None, None),
    ("teradata", "VARCHAR(20)", None, None),
    ("teradata", "VARCHAR(20)", None, True),
    ("hirdb", "VARCHAR(20)", None, None),
)


def mapped(
    dialect: str,
    declared: str,
    target: str,
    collation: str | None = None,
    case_specific: bool | None = None,
) -> Mapped:
    """The audit of a nullable column of type ``declared`` (default settings)."""
    import grammars
    from analyzer.types import read_type

    dt = read_type(declared, grammars.get(dialect).type_families)
    column = Column("c", 1, dt, True, True, collation=collation, case_specific=case_specific)
    return map_column(column, dialect, spec(target))


def ordering_cell(
    dialect: str, declared: str, target: str, how: tuple[str | None, bool | None]
) -> str:
    """One cell of the ordering table: what the DDL writes (``-``: nothing, the target's
    default), the class sign, and the ordering lost."""
    m = mapped(dialect, declared, target, *how)
    assert m.target is not None
    written = type_sql(spec(target), m.target).removeprefix(type_sql(spec(target), _bare(m)))
    text = f"`{written.strip()}`" if written.strip() else "-"
    lost = [x for x in m.loses if "ordering" in x or "comparison" in x]
    sign = "~" if lost else "="
    return f"{text} {sign}" + (f" {', '.join(lost)}" if lost else "")


def _bare(m: Mapped) -> TargetType:
    from dataclasses import replace

    assert m.target is not None
    return replace(m.target, collation=None)


def cell(dialect: str, declared: str, target: str) -> str:
    """One cell: the target type as the audit prints it, the class sign, what is lost."""
    m = mapped(dialect, declared, target)
    written = type_sql(spec(target), m.target) if m.target is not None else "-"
    text = f"`{written}` {SIGNS[m.mapping]}"
    if m.mapping == "lossy":
        text += f" {', '.join(m.loses)}"
    return text


def tables() -> str:
    """The per pair tables (between :data:`BEGIN` and :data:`END`, both included)."""
    out = [BEGIN, ""]
    for dialect, samples in SAMPLES.items():
        out += [f"#### From {dialect}", ""]
        out.append(f"| {dialect} type | " + " | ".join(TARGETS) + " |")
        out.append("| --- " * (len(TARGETS) + 1) + "|")
        for declared in samples:
            cells = [cell(dialect, declared, target) for target in TARGETS]
            out.append(f"| `{declared}` | " + " | ".join(cells) + " |")
        out.append("")
    out += ["#### Ordering of a character column", ""]
    out.append("| source column | " + " | ".join(TARGETS) + " |")
    out.append("| --- " * (len(TARGETS) + 1) + "|")
    for dialect, declared, collation, case in ORDERED:
        label = f"{dialect} `{declared}`"
        if collation:
            label += f" `COLLATE {collation}`"
        if case is not None:
            label += " `CASESPECIFIC`" if case else " `NOT CASESPECIFIC`"
        cells = [ordering_cell(dialect, declared, t, (collation, case)) for t in TARGETS]
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    out += ["", END]
    return "\n".join(out)


def rewrite(path: Path) -> bool:
    """Replace the tables in ``path``; True when the file changed."""
    text = path.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = head + tables() + tail
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


if __name__ == "__main__":  # pragma: no cover - the maintainer's command
    docs = Path(__file__).resolve().parents[2] / "docs" / "audit.md"
    if rewrite(docs):
        sys.stdout.write(f"rewrote {docs}\n")
