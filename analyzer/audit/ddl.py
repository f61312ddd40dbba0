"""Target type names and DDL, written by sqlglot's generator (``--emit-ddl``).

The audit decides the type (:mod:`analyzer.audit.mapping`); sqlglot writes it in the
target's dialect: ``tsql``, ``teradata``, ``postgres``, ``snowflake``, ``bigquery``, and
ddlaudit's own grammars for Sybase ASE and HiRDB, which sqlglot does not have (decision
D78).  Where sqlglot's generator would change the type (it writes Teradata ``BYTEINT`` as
``SMALLINT`` and HiRDB ``NVARCHAR`` as ``VARCHAR``), the catalogue's spelling is kept as a
user-defined type node, which the generator writes as is: the round trip is checked on
the type's reading (:func:`analyzer.types.read_type`), never trusted.

>>> from analyzer.audit.mappings import spec
>>> from analyzer.audit.mapping import Entry, TargetType
>>> from analyzer.audit.domains import Domain
>>> t = TargetType("BYTEINT", Domain("int", lo=-128, hi=127), Entry("int", "BYTEINT"))
>>> type_sql(spec("teradata"), t)
'BYTEINT'
>>> safe_file_name("dbo.<img src=x>", "a.sql")[:15]
'dbo._img_src_x-'
"""

from __future__ import annotations

import functools
import hashlib
import re
import typing as t

from sqlglot import exp
from sqlglot.errors import SqlglotError

from analyzer.audit.mapping import Mapped, TargetSpec, TargetType, clause
from analyzer.audit.ordering import POSTGRES
from analyzer.ir import ConstraintKind, Table
from analyzer.types import read_type

#: Type names sqlglot's generators write for a synonym (same type, other spelling).
_SYNONYMS = {"NUMERIC": "DECIMAL", "DEC": "DECIMAL", "INTEGER": "INT", "CHARACTER": "CHAR"}

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")

#: Targets whose default nullability is not NULL (ASE: NOT NULL) or depends on a session
#: setting (SQL Server: ANSI_NULL_DFLT_ON): a nullable column says NULL.
_EXPLICIT_NULL = frozenset({"mssql", "ase"})


def dialect_of(spec: TargetSpec) -> t.Any:
    """The sqlglot dialect that writes ``spec``'s DDL: ddlaudit's grammar when there is one
    (ASE, HiRDB, and the Teradata / T-SQL grammars that read every type the catalogue has),
    else sqlglot's own dialect by name."""
    return _dialect(spec.dialect)


def _dialect(name: str) -> t.Any:
    import grammars

    if name in grammars.registry():
        return grammars.get(name).dialect
    return name


def _reading(text: str, families: t.Mapping[str, str]) -> tuple[object, ...]:
    dt = read_type(text, families)
    name = _SYNONYMS.get(dt.name, dt.name)
    return (name, dt.length, dt.precision, dt.scale, dt.is_max, dt.with_time_zone, dt.inner)


def type_node(spec: TargetSpec, target: TargetType) -> exp.DataType:
    """The sqlglot node of ``target`` in ``spec``'s dialect (see the module docstring)."""
    return _node(spec.dialect, spec.grammar, target.text).copy()


def type_sql(spec: TargetSpec, target: TargetType) -> str:
    """``target`` as sqlglot writes it in ``spec``'s dialect (with a Teradata character set)."""
    text = _written(spec.dialect, spec.grammar, target.text)
    if target.charset:
        text += f" CHARACTER SET {target.charset}"
    if target.collation:
        text += clause(spec.name, target.collation)
    return text


# A pure function of its arguments, memoised: a schema repeats a few hundred types over
# thousands of columns, and sqlglot's parser and generator are the audit's slowest step.
@functools.lru_cache(maxsize=4096)
def _written(dialect_name: str, grammar: str | None, text: str) -> str:
    node = _node(dialect_name, grammar, text)
    written: str = node.sql(dialect=_dialect(dialect_name))
    return written


@functools.lru_cache(maxsize=4096)
def _node(dialect_name: str, grammar: str | None, text: str) -> exp.DataType:
    """The node of ``text`` (callers copy it: sqlglot nodes are mutable)."""
    dialect = _dialect(dialect_name)
    try:
        node = exp.DataType.build(text, dialect=dialect)
        written = node.sql(dialect=dialect)
    except (SqlglotError, ValueError):
        return exp.DataType(this=exp.DataType.Type.USERDEFINED, kind=text)
    if _name(written) != _name(text):
        # sqlglot would print a synonym (Snowflake NUMBER as DECIMAL, TIMESTAMP_NTZ as
        # TIMESTAMPNTZ, PostgreSQL INTEGER as INT): the catalogue's (the vendor's) name is
        # kept, so the report, the DDL and the guides' rows spell the type alike.
        return exp.DataType(this=exp.DataType.Type.USERDEFINED, kind=text)
    if grammar is not None:
        import grammars

        families = grammars.get(grammar).type_families
        if _reading(written, families) == _reading(text, families):
            return node
    else:
        try:
            again = exp.DataType.build(written, dialect=dialect)
        except (SqlglotError, ValueError):
            again = None
        if again == node and node.this is not exp.DataType.Type.USERDEFINED:
            return node
    return exp.DataType(this=exp.DataType.Type.USERDEFINED, kind=text)


def _name(text: str) -> str:
    """The type name of ``text`` without its parameters, upper case, single spaces."""
    return " ".join(text.split("(", 1)[0].upper().split())


def _one_line(text: str) -> str:
    return " ".join(text.split())


#: Identifier policies (``--identifiers``): ``fold`` writes every name in the case the
#: target gives an unquoted name (PostgreSQL lower, Snowflake upper: 4.1.1; Snowflake
#: Identifier requirements), as SnowConvert's generated DDL does (names unquoted);
#: ``preserve`` writes them as declared, quoted.
IDENTIFIERS = ("fold", "preserve")

#: The case of an unquoted identifier on each target that folds one.
FOLD = {"postgres": str.lower, "snowflake": str.upper}


def fold(name: str, target: str, policy: str) -> str:
    """``name`` as the DDL writes it under ``policy`` on ``target``.

    >>> fold("OrderId", "postgres", "fold"), fold("OrderId", "snowflake", "fold")
    ('orderid', 'ORDERID')
    >>> fold("OrderId", "postgres", "preserve"), fold("OrderId", "mssql", "fold")
    ('OrderId', 'OrderId')
    """
    how = FOLD.get(target) if policy == "fold" else None
    return how(name) if how is not None else name


def unique_keys(table: Table) -> list[tuple[str, ...]]:
    """The column lists that must stay unique besides the primary key: UNIQUE constraints
    and unique indexes (a Teradata UNIQUE PRIMARY INDEX or USI, a SQL Server unique
    index), each once."""
    pk = table.primary_key
    seen = {tuple(c.lower() for c in pk.columns)} if pk is not None else set()
    out = []
    keys = [c.columns for c in table.constraints if c.kind is ConstraintKind.UNIQUE]
    keys += [i.columns for i in table.indexes if i.unique and i.columns]
    for cols in keys:
        lowered = tuple(c.lower() for c in cols)
        if lowered not in seen:
            seen.add(lowered)
            out.append(tuple(cols))
    return out


def create_table(
    table: Table, mapped: t.Sequence[Mapped], spec: TargetSpec, identifiers: str = "fold"
) -> str:
    """``CREATE TABLE`` of ``table`` on the target with the audited types, a comment on
    every lossy column, and the unsupported columns listed (and left out) in a leading
    comment, as SQL text ending with ``;`` and a newline. Names follow ``identifiers``
    (:data:`IDENTIFIERS`); unique keys and unique indexes become UNIQUE constraints (a
    Teradata target keeps a UNIQUE PRIMARY INDEX as one)."""
    dialect = dialect_of(spec)

    def _ident(name: str) -> exp.Identifier:
        return exp.to_identifier(fold(name, spec.name, identifiers), quoted=True)

    columns: list[exp.Expression] = []
    left_out: list[str] = []
    collations: list[str] = []
    for column, m in zip(table.columns, mapped, strict=True):
        if m.target is None:
            left_out.append(f"{column.name} {column.type.declared}: {m.reason}")
            continue
        constraints: list[exp.ColumnConstraint] = []
        if m.target.charset:
            constraints.append(
                exp.ColumnConstraint(
                    kind=exp.CharacterSetColumnConstraint(this=exp.Var(this=m.target.charset))
                )
            )
        if m.target.collation:
            constraints.append(exp.ColumnConstraint(kind=_collate(spec.name, m.target.collation)))
            if spec.name == "postgres":
                made = _made_collation(m.target.collation)
                if made and made not in collations:
                    collations.append(made)
        if column.sparse and spec.name == "mssql":
            from grammars.nodes import SparseColumnConstraint

            constraints.append(exp.ColumnConstraint(kind=SparseColumnConstraint()))
        if not column.nullable:
            constraints.append(exp.ColumnConstraint(kind=exp.NotNullColumnConstraint()))
        elif spec.name in _EXPLICIT_NULL:
            constraints.append(
                exp.ColumnConstraint(kind=exp.NotNullColumnConstraint(allow_null=True))
            )
        node = exp.ColumnDef(
            this=_ident(column.name), kind=type_node(spec, m.target), constraints=constraints
        )
        if m.mapping == "lossy":
            node.add_comments([_one_line(f"LOSSY: {column.type.declared}: {m.reason}")])
        columns.append(node)
    pk = table.primary_key
    kept = {c.name.lower() for c, m in zip(table.columns, mapped, strict=True) if m.target}
    if pk is not None and spec.name != "bigquery" and all(c.lower() in kept for c in pk.columns):
        columns.append(exp.PrimaryKey(expressions=[_ident(c) for c in pk.columns]))
    notes: list[str] = []
    upi = next((i for i in table.indexes if i.kind == "primary_index" and i.unique), None)
    suffix = ""
    for cols in unique_keys(table):
        if not all(c.lower() in kept for c in cols):
            continue
        if spec.name == "teradata" and upi is not None and cols == upi.columns:
            names = ", ".join(_ident(c).sql(dialect=dialect) for c in cols)
            suffix = f"\nUNIQUE PRIMARY INDEX ({names})"
        elif spec.name == "bigquery":  # BigQuery has no UNIQUE constraint
            notes.append(f"-- UNIQUE ({', '.join(cols)}) not declared: BigQuery has none")
        else:
            columns.append(
                exp.UniqueColumnConstraint(this=exp.Schema(expressions=[_ident(c) for c in cols]))
            )
            if spec.name == "snowflake":
                notes.append(f"-- UNIQUE ({', '.join(cols)}): Snowflake does not enforce it")
    name = exp.Table(
        this=_ident(table.name.name),
        db=_ident(table.name.schema) if table.name.schema else None,
        catalog=_ident(table.name.catalog) if table.name.catalog else None,
    )
    create = exp.Create(kind="TABLE", this=exp.Schema(this=name, expressions=columns))
    head = [f"-- {table.name} on {spec.title}, from {table.dialect} (ddlaudit audit)"]
    if spec.name in FOLD:
        case = "folded to the case of unquoted names" if identifiers == "fold" else "as declared"
        head.append(f"-- identifiers: {case} (--identifiers {identifiers})")
    head += [f"-- UNSUPPORTED, left out: {_one_line(x)}" for x in left_out]
    head += notes
    if not columns:
        head.append("-- no column of this table has a type on the target")
        return "\n".join(head) + "\n"
    text = create.sql(dialect=dialect, pretty=True) + suffix
    if collations:
        text = "\n".join(collations) + "\n" + text
    lock = table.options.lock_scheme
    if spec.name == "ase" and table.dialect == "sybase" and lock:
        # The lock scheme carries over ASE to ASE (sqlglot has no node for it).
        text += f"\nLOCK {lock.upper()}"
    return "\n".join(head) + "\n" + text + ";\n"


def _collate(target: str, collation: str) -> exp.Expression:
    """The column constraint of ``collation`` (see :func:`analyzer.audit.mapping.clause`)."""
    if target == "teradata" and collation.upper() in ("CASESPECIFIC", "NOT CASESPECIFIC"):
        return exp.CaseSpecificColumnConstraint(not_=collation.upper().startswith("NOT"))
    if target in ("snowflake", "bigquery"):
        return exp.CollateColumnConstraint(this=exp.Literal.string(collation))
    if target == "postgres":
        return exp.CollateColumnConstraint(this=exp.to_identifier(collation, quoted=True))
    return exp.CollateColumnConstraint(this=exp.Var(this=collation))


def _made_collation(name: str) -> str | None:
    """The ``CREATE COLLATION`` a PostgreSQL collation ddlaudit writes needs (None: it is
    predefined): a nondeterministic ICU collation (24.2.2.4)."""
    for spelled, locale in POSTGRES.values():
        if spelled == name and locale is not None:
            return (
                f'CREATE COLLATION IF NOT EXISTS "{name}" '
                f"(provider = icu, locale = '{locale}', deterministic = false);"
            )
    return None


def safe_file_name(table: str, path: str) -> str:
    """A file name for a table's DDL that no table name can turn into a path, a device or
    a hidden file: letters, digits, ``._-`` only, at most 80 of them, then a hash of the
    source path and the exact name (two tables never share a file)."""
    stem = _UNSAFE.sub("_", table).strip("._-")[:80] or "table"
    digest = hashlib.sha256(f"{path}\0{table}".encode()).hexdigest()[:10]
    return f"{stem}-{digest}.sql"
