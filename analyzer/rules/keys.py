"""Key rules (``K``): primary keys, and foreign keys resolved across the files of a scope.

What counts as a table's key (K001), per platform:

* every platform: a ``PRIMARY KEY`` constraint (column or table level);
* Sybase ASE: also a key declared by ``sp_primarykey`` (recorded in syskeys only; D34);
* Teradata: also a ``UNIQUE PRIMARY INDEX`` (enforced unique; the row's hash identity);
* HiRDB: also a ``UNIQUE CLUSTER KEY`` (enforced unique, NOT NULL assumed).

A ``UNIQUE`` constraint or index alone is not a key here: the message suggests promoting
one on NOT NULL columns.  Foreign keys (K003-K006) are resolved with
:meth:`~analyzer.rules.engine.ScopeContext.lookup`: one index look-up per reference, so a
scope costs O(tables + constraints).

Keys added by ``ALTER TABLE ... ADD CONSTRAINT`` and unique indexes of ``CREATE INDEX``
are in the IR (the link pass applies them, D76).  An ``ALTER TABLE`` / ``CREATE INDEX``
of a form ddlaudit recognises but could not read stays a skipped statement; a key it may
add is invisible, so the rules that would report a missing key (K001, K004's implied key,
K006) stay quiet on a table its own file alters that way after creating it.

>>> from analyzer.core import analyze_bytes
>>> from analyzer.rules.engine import FileContext
>>> r = analyze_bytes("t.sql", b"CREATE TABLE t (a int NULL PRIMARY KEY, b int)")
>>> [(f.code, f.column) for f in nullable_primary_key_column(FileContext(r))]
[('K002', 'a')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from analyzer.core import NOT_READ
from analyzer.ir import (
    Column,
    Constraint,
    ConstraintKind,
    FileResult,
    Severity,
    Span,
    Table,
)
from analyzer.records import record
from analyzer.rules.engine import FileContext, ScopeContext
from analyzer.rules.registry import Family, Finding, Rule

FAMILY = Family("K", "keys", "Primary keys, and foreign keys resolved across a scope's files.")

#: Skipped statements that may add a key the IR cannot see (the build does not lower them).
_ALTERS = frozenset({"alter table"})
ALTERS_OR_INDEXES = frozenset({"alter table", "create index"})


# ------------------------------------------------------------------ helpers


def _temporary(table: Table) -> bool:
    """Teradata VOLATILE / GLOBAL TEMPORARY, SQL Server / ASE ``#t``, ASE ``tempdb..t``."""
    if table.options.temporary:
        return True
    parts = (table.name.catalog, table.name.schema)
    return any(p is not None and p.lower() == "tempdb" for p in parts)


def _no_primary_index(table: Table) -> bool:
    return any(i.kind == "no_primary_index" for i in table.indexes)


def _head(table: Table) -> Span | None:
    """The table's span up to its first column: ``CREATE TABLE name (``, not the body."""
    span = table.span
    first = table.columns[0].span if table.columns else None
    if span is None or first is None or not span.start < first.start <= span.end:
        return span
    return Span(
        span.file, span.line, span.column, first.line, first.column, span.start, first.start
    )


def _last_skipped(result: FileResult, kinds: frozenset[str]) -> int:
    """Offset of the last statement of ``kinds`` in ``result`` that ddlaudit took for a key
    change but could not read (-1: none).  Other skipped ALTERs (columns, defaults, DROP,
    CHECK CONSTRAINT) add no key."""
    return max(
        (s.span.start for s in result.skipped if s.kind in kinds and s.reason.startswith(NOT_READ)),
        default=-1,
    )


def _altered_later(table: Table, last: int) -> bool:
    # ``last`` is _last_skipped(result, ...): one scan per file, O(1) per table.
    return table.span is not None and table.span.start < last


def _label(key: Constraint) -> str:
    """How a message names a foreign key: its name, else its columns."""
    return key.name if key.name else f"({', '.join(key.columns)})"


def _subject(table: Table, key: Constraint, column: str | None = None) -> str:
    what = f"constraint:{key.name}" if key.name else f"fk:{','.join(key.columns).lower()}"
    return f"{table.name}/{what}" + (f"/{column}" if column else "")


def _path(result: FileResult, span: Span | None) -> str:
    # An sp_primarykey / sp_foreignkey may sit in another file than its table.
    return span.file if span is not None else result.path


def _declared_primary_key(table: Table) -> Constraint | None:
    """The PRIMARY KEY constraint, not an ``sp_primarykey`` (which builds no index)."""
    return next(
        (
            c
            for c in table.constraints
            if c.kind is ConstraintKind.PRIMARY_KEY and c.declared_by is None
        ),
        None,
    )


class _Columns:
    """Each table's columns by lower-case name, built once per table a check looks at
    (``Table.column`` scans; a table referenced by many keys would be scanned each time)."""

    def __init__(self) -> None:
        self._by_table: dict[int, dict[str, Column]] = {}

    def get(self, table: Table, name: str) -> Column | None:
        index = self._by_table.get(id(table))
        if index is None:
            index = {}
            for c in table.columns:
                index.setdefault(c.name.lower(), c)
            self._by_table[id(table)] = index
        return index.get(name.lower())


def _columns(ctx: ScopeContext) -> _Columns:
    """The scope's :class:`_Columns`, shared by the rules that read columns by name (each
    table's index built once per scope, not once per rule)."""
    found: _Columns | None = ctx.shared.get("columns")
    if found is None:
        found = ctx.shared["columns"] = _Columns()
    return found


def _column_level(table: Table, key: Constraint) -> bool:
    """True for ``col type REFERENCES t``: the build gives it the column's own span."""
    return key.span is not None and any(c.span == key.span for c in table.columns)


# ------------------------------------------------------------------ K001


def _has_key(table: Table) -> bool:
    if any(c.kind is ConstraintKind.PRIMARY_KEY for c in table.constraints):
        return True
    # Teradata UPI, HiRDB UNIQUE CLUSTER KEY: enforced unique row identities.
    return any(i.unique and i.kind in ("primary_index", "cluster_key") for i in table.indexes)


def _key_hint(table: Table, platform: str) -> str:
    """What the message adds: the platform's other kinds of key, a candidate to promote."""
    other = {
        "ase": " (neither a PRIMARY KEY constraint nor sp_primarykey)",
        "teradata": " (nor a UNIQUE PRIMARY INDEX)",
        "hirdb": " (nor a UNIQUE CLUSTER KEY)",
    }.get(platform, "")
    for c in table.constraints:
        if c.kind is not ConstraintKind.UNIQUE or not c.columns:
            continue
        columns = [table.column(n) for n in c.columns]
        if all(col is not None and not col.nullable for col in columns):
            return (
                f"{other}; UNIQUE ({', '.join(c.columns)}) is on NOT NULL columns: declare it "
                "the PRIMARY KEY"
            )
    return other


def table_without_primary_key(ctx: FileContext) -> Iterator[Finding]:
    """Every permanent table with no key (see the module docstring for what counts).

    SQL Server "Publish Data and Database Objects" (transactional replication needs a
    primary key); ASE sp_primarykey; Teradata SQL DDL, CREATE TABLE, UNIQUE PRIMARY INDEX.
    """
    last = _last_skipped(ctx.result, _ALTERS)
    for table in ctx.result.tables:
        if _temporary(table) or _no_primary_index(table) or _has_key(table):
            continue
        if _altered_later(table, last):
            continue  # an ALTER TABLE after it may add the key; the IR does not keep it
        yield TABLE_WITHOUT_PRIMARY_KEY.finding(
            f"table {table.name} has no primary key{_key_hint(table, ctx.platform(table))}",
            ctx.path,
            span=_head(table),
            table=table,
        )


# ------------------------------------------------------------------ K002


def _nullable_reason(column: Column, key: Constraint, platform: str) -> str | None:
    """Why ``column`` of primary key ``key`` is a problem on ``platform``, or None."""
    if platform == "teradata" and not key.declared_by:
        # Teradata: PK columns "must all be defined as NOT NULL" (the IR reads an unsaid
        # PK column as NOT NULL, so what counts is what was written).
        if column.nullable_explicit and not column.nullable:
            return None
        how = "is declared NULL" if column.nullable_explicit else "does not say NOT NULL"
        return f"{how}; Teradata requires PRIMARY KEY columns to be defined NOT NULL"
    if not column.nullable:
        return None
    how = (
        "is declared NULL"
        if column.nullable_explicit
        else f"is nullable (its type {column.user_type} allows NULL)"
        if column.user_type
        else "is nullable (no NOT NULL)"
    )
    if key.declared_by:
        return f"{how}: {key.declared_by} keys are not enforced, so rows can store a NULL key"
    if not column.nullable_explicit:
        return None  # SQL Server, ASE and HiRDB make an unsaid PK column NOT NULL
    if platform == "mssql":
        return f"{how}; SQL Server rejects the key (Msg 8111)"
    if platform == "ase":
        return f"{how}; ASE primary key columns cannot contain a NULL value"
    return f"{how}; primary key columns are NOT NULL"


def nullable_primary_key_column(ctx: FileContext) -> Iterator[Finding]:
    """Every primary key column that is (or would be) nullable, once per column.

    SQL Server CREATE TABLE, PRIMARY KEY (unsaid columns become NOT NULL; Msg 8111); ASE
    Transact-SQL User's Guide, "Specifying unique and primary key constraints"; Teradata
    SQL DDL, CREATE TABLE, PRIMARY KEY ("must all be defined as NOT NULL").
    """
    for table in ctx.result.tables:
        platform = ctx.platform(table)
        seen: set[str] = set()
        for key in table.constraints:
            if key.kind is not ConstraintKind.PRIMARY_KEY:
                continue
            for name in key.columns:
                column = table.column(name)
                if column is None or name.lower() in seen:
                    continue
                reason = _nullable_reason(column, key, platform)
                if reason is None:
                    continue
                seen.add(name.lower())
                yield NULLABLE_PRIMARY_KEY_COLUMN.finding(
                    f"column {column.name} of {table.name} is in the primary key but {reason}",
                    ctx.path,
                    span=column.span or key.span,
                    table=table,
                    column=column,
                    related=(key.span,) if key.span is not None else (),
                )


# ------------------------------------------------------------------ foreign keys


@record
class _Reference:
    """One foreign key of one table, and the table it references (None: not in scope)."""

    result: FileResult
    table: Table
    key: Constraint
    target: tuple[FileResult, Table] | None

    @property
    def path(self) -> str:
        return _path(self.result, self.key.span)

    @property
    def related(self) -> tuple[Span, ...]:
        span = self.target[1].span if self.target is not None else None
        return (span,) if span is not None else ()


def _references(ctx: ScopeContext) -> tuple[_Reference, ...]:
    """Every foreign key of the scope with its referenced table: one look-up each, once
    per scope (K003-K006 all walk them; most scopes have none)."""
    found: tuple[_Reference, ...] | None = ctx.shared.get("references")
    if found is None:
        found = ctx.shared["references"] = tuple(
            _Reference(result, table, key, ctx.lookup(key.ref_table, key.span))
            for result in ctx.results
            for table in result.tables
            for key in table.constraints
            if key.kind is ConstraintKind.FOREIGN_KEY and key.ref_table is not None
        )
    return found


def _referenced_columns(ref: _Reference, platform: str) -> tuple[str, ...] | None:
    """The referenced columns, written or implied; None when nothing implies them."""
    key = ref.key
    if key.ref_columns:
        return key.ref_columns
    if key.declared_by or ref.target is None:
        return None  # sp_foreignkey without a key: R014's finding
    if platform == "teradata" and not _column_level(ref.table, key):
        # Teradata: a table-level FOREIGN KEY without a referenced column set means
        # columns of the same names (Database Design, table-level FOREIGN KEY rules).
        return key.columns
    primary = _declared_primary_key(ref.target[1])
    return primary.columns if primary is not None else None


def _spans(results: Iterable[FileResult], codes: frozenset[str]) -> set[Span]:
    return {d.span for r in results for d in r.diagnostics if d.code in codes and d.span}


# ------------------------------------------------------------------ K003


def foreign_key_missing_table(ctx: ScopeContext) -> Iterator[Finding]:
    """Every foreign key whose referenced table no file of the scope defines (SQL Server
    Msg 1767 "Foreign key ... references invalid table"; ASE sp_foreignkey)."""
    refs = _references(ctx)
    if not refs:
        return
    # sp_foreignkey to a table not in the input at all is already R007.
    reported = _spans(ctx.results, frozenset({"R007"}))
    for ref in refs:
        if ref.target is not None or (ref.key.declared_by and ref.key.span in reported):
            continue
        where = f" of {ref.key.declared_by}" if ref.key.declared_by else ""
        yield FOREIGN_KEY_MISSING_TABLE.finding(
            f"foreign key {_label(ref.key)}{where} of {ref.table.name} references "
            f"{ref.key.ref_table}, which no file of scope {ctx.name} defines",
            ref.path,
            span=ref.key.span,
            table=ref.table,
            subject=_subject(ref.table, ref.key),
        )


# ------------------------------------------------------------------ K004


def foreign_key_missing_column(ctx: ScopeContext) -> Iterator[Finding]:
    """Foreign key columns missing from their table or from the referenced table, an
    implied primary key that does not exist, and column counts that differ.

    SQL Server Msg 8139; ASE Transact-SQL User's Guide, "General rules for creating
    referential integrity constraints" (columns may be omitted only for a primary key
    constraint); Teradata Database Design, "Rules for Table-Level FOREIGN KEY ...
    REFERENCES Constraints Only" (omitted columns have the referencing columns' names).
    """
    refs = _references(ctx)
    if not refs:
        return
    last = {id(r): _last_skipped(r, _ALTERS) for r in ctx.results}
    # tables an ALTER TABLE the lint does not read changes (ADD column ...): their columns
    # are not known, so no column of theirs is said to be missing (D168)
    altered = {
        c.name.name.lower() for r in ctx.results for c in r.name_changes if c.kind == "alter"
    }
    cols = _columns(ctx)
    for ref in refs:
        table, key = ref.table, ref.key
        for name in key.columns:
            if cols.get(table, name) is None and table.name.name.lower() not in altered:
                yield FOREIGN_KEY_MISSING_COLUMN.finding(
                    f"foreign key {_label(key)} of {table.name} names column {name}, which "
                    f"{table.name} does not have",
                    ref.path,
                    span=key.span,
                    table=table,
                    subject=_subject(table, key, name),
                )
        if ref.target is None:
            continue  # K003
        target_file, target = ref.target
        columns = _referenced_columns(ref, ctx.platform(table))
        if columns is None:
            if not key.declared_by and not _altered_later(target, last[id(target_file)]):
                yield FOREIGN_KEY_MISSING_COLUMN.finding(
                    f"foreign key {_label(key)} of {table.name} references {target.name} "
                    f"without a column list, and {target.name} has no PRIMARY KEY constraint "
                    "to imply",
                    ref.path,
                    span=key.span,
                    table=table,
                    subject=_subject(table, key),
                    related=ref.related,
                )
            continue
        for name in columns:
            if cols.get(target, name) is None and target.name.name.lower() not in altered:
                yield FOREIGN_KEY_MISSING_COLUMN.finding(
                    f"foreign key {_label(key)} of {table.name} references {target.name}."
                    f"{name}, which {target.name} does not have",
                    ref.path,
                    span=key.span,
                    table=table,
                    subject=_subject(table, key, f"{target.name}.{name}"),
                    related=ref.related,
                )
        if len(columns) != len(key.columns) and not key.declared_by:
            yield FOREIGN_KEY_MISSING_COLUMN.finding(
                f"foreign key {_label(key)} of {table.name} has {len(key.columns)} column(s) "
                f"but references {len(columns)} of {target.name} ({', '.join(columns)})",
                ref.path,
                span=key.span,
                table=table,
                subject=_subject(table, key) + "#count",
                related=ref.related,
            )


# ------------------------------------------------------------------ K005

#: Type names that are the same type under another spelling.
_SYNONYMS = {
    "INTEGER": "INT",
    "DEC": "DECIMAL",
    # SQL Server: "numeric is functionally identical to decimal"; HiRDB: a synonym.
    "NUMERIC": "DECIMAL",
    "CHARACTER": "CHAR",
    "CHAR VARYING": "VARCHAR",
    "CHARACTER VARYING": "VARCHAR",
    "NATIONAL CHAR": "NCHAR",
    "NATIONAL CHARACTER": "NCHAR",
    "NATIONAL CHAR VARYING": "NVARCHAR",
    "NATIONAL CHARACTER VARYING": "NVARCHAR",
    "BINARY VARYING": "VARBINARY",
    "DOUBLE": "DOUBLE PRECISION",
    "CHARACTER LARGE OBJECT": "CLOB",
    "BINARY LARGE OBJECT": "BLOB",
    "LARGE DEC": "LARGE DECIMAL",
    "LARGE NUMERIC": "LARGE DECIMAL",
}

#: Families whose omitted length is 1 on every platform (``char`` = ``char(1)``).
_LENGTH_ONE = frozenset({"char", "nchar", "varchar", "nvarchar", "binary", "varbinary"})

#: DECIMAL's omitted precision: SQL Server and ASE 18, Teradata 5, HiRDB 15 (scale 0).
_DECIMAL_PRECISION = {"mssql": 18, "ase": 18, "teradata": 5, "hirdb": 15}


def _same(a: int | None, b: int | None) -> bool:
    # An omitted value whose default is not known here is not compared.
    return a is None or b is None or a == b


def _difference(a: Column, b: Column, platform: str) -> str | None:
    """What differs between FK column ``a`` and referenced column ``b``, or None."""
    ta, tb = a.type, b.type
    if _SYNONYMS.get(ta.name, ta.name) != _SYNONYMS.get(tb.name, tb.name):
        return "type"
    family = ta.family
    if ta.is_max != tb.is_max:
        return "length"
    la, lb = ta.length, tb.length
    if family in _LENGTH_ONE and not ta.is_max:
        la, lb = la or 1, lb or 1
    if not _same(la, lb):
        return "length"
    pa, pb, sa, sb = ta.precision, tb.precision, ta.scale, tb.scale
    if family == "decimal":
        default = _DECIMAL_PRECISION.get(platform)
        pa, pb = pa or default, pb or default
        sa, sb = sa or 0, sb or 0
    if not (_same(pa, pb) and _same(sa, sb)) or ta.with_time_zone != tb.with_time_zone:
        return "precision or scale"
    for x, y in ((a.collation, b.collation), (a.character_set, b.character_set)):
        if x is not None and y is not None and x.lower() != y.lower():
            return "collation"
    if None not in (a.case_specific, b.case_specific) and a.case_specific != b.case_specific:
        return "collation"
    return None


def _show(column: Column) -> str:
    """``int``, ``cust_id (numeric(10,0))``, ``varchar(10) COLLATE x``."""
    text = column.type.declared
    if column.user_type:
        text = f"{column.user_type} ({text})"
    if column.collation:
        text += f" COLLATE {column.collation}"
    if column.character_set:
        text += f" CHARACTER SET {column.character_set}"
    if column.case_specific is not None:
        text += " CASESPECIFIC" if column.case_specific else " NOT CASESPECIFIC"
    return text


#: The mismatches the platform refuses in CREATE / ALTER TABLE: errors (issue 27 item 6).
_REFUSED = frozenset(
    {
        ("mssql", "type"),
        ("mssql", "length"),
        ("mssql", "precision or scale"),
        ("hirdb", "type"),
        ("hirdb", "length"),
    }
)

#: What each platform does with a mismatch, by what differs.
_MISMATCH_NOTE = {
    ("mssql", "type"): "SQL Server rejects the key (Msg 1778)",
    ("mssql", "length"): "SQL Server rejects the key (Msg 1753)",
    ("mssql", "precision or scale"): "SQL Server rejects the key (Msg 1778)",
    ("mssql", "collation"): "SQL Server requires the same collation",
    ("ase", "type"): "ASE requires matching datatypes",
    ("hirdb", "type"): "HiRDB requires the primary key's data type and length",
    ("hirdb", "length"): "HiRDB requires the primary key's data type and length",
}


def foreign_key_type_mismatch(ctx: ScopeContext) -> Iterator[Finding]:
    """Every foreign key column whose type, length, precision / scale or collation
    differs from the column it references (compared position by position).

    SQL Server Msg 1778 (type) and Msg 1753 (length); ASE "General rules for creating
    referential integrity constraints" ("matching datatypes").
    """
    cols = _columns(ctx)
    for ref in _references(ctx):
        if ref.target is None:
            continue
        platform = ctx.platform(ref.table)
        target = ref.target[1]
        columns = _referenced_columns(ref, platform)
        if columns is None or len(columns) != len(ref.key.columns):
            continue  # K004
        for name, ref_name in zip(ref.key.columns, columns, strict=True):
            column, referenced = cols.get(ref.table, name), cols.get(target, ref_name)
            if column is None or referenced is None:
                continue  # K004
            what = _difference(column, referenced, platform)
            if what is None:
                continue
            note = _MISMATCH_NOTE.get((platform, what))
            yield FOREIGN_KEY_TYPE_MISMATCH.finding(
                f"foreign key {_label(ref.key)}: {ref.table.name.name}.{column.name} "
                f"{_show(column)} vs {target.name.name}.{referenced.name} {_show(referenced)} "
                f"({what} differs{'; ' + note if note else ''})",
                ref.path,
                span=ref.key.span,
                table=ref.table,
                column=column,
                subject=_subject(ref.table, ref.key, column.name),
                related=(referenced.span,) if referenced.span is not None else ref.related,
                # certain only when the key and its table are one file's (a table of another
                # file may be another version's: migrations, alternative scripts)
                severity=Severity.ERROR
                if (platform, what) in _REFUSED and ref.target[0].path == ref.path
                else None,
            )


# ------------------------------------------------------------------ K006


def _candidate_keys(
    table: Table, platform: str, standalone: dict[int, list[frozenset[str]]]
) -> list[frozenset[str]]:
    """The column sets of ``table`` a foreign key may reference on ``platform``."""
    primary = _declared_primary_key(table)
    keys = [frozenset(c.lower() for c in primary.columns)] if primary else []
    if platform == "hirdb":
        return keys  # HiRDB: "a primary key that is referenced by the foreign key"
    keys += [
        frozenset(c.lower() for c in k.columns)
        for k in table.constraints
        if k.kind is ConstraintKind.UNIQUE and k.declared_by is None
    ]
    keys += [frozenset(c.lower() for c in i.columns) for i in table.indexes if i.unique]
    keys += standalone.get(id(table), [])
    return keys


def _standalone_unique(ctx: ScopeContext) -> dict[int, list[frozenset[str]]]:
    """Unique indexes created by their own statement (HiRDB CREATE UNIQUE INDEX), by the
    ``id`` of the table they index: one look-up per index."""
    out: dict[int, list[frozenset[str]]] = {}
    for result in ctx.results:
        for index in result.indexes:
            if not index.unique or index.table is None:
                continue
            found = ctx.lookup(index.table, index.span)
            if found is not None:
                out.setdefault(id(found[1]), []).append(frozenset(c.lower() for c in index.columns))
    return out


def foreign_key_not_unique_target(ctx: ScopeContext) -> Iterator[Finding]:
    """Every declarative foreign key whose referenced columns are not a primary key,
    unique constraint or unique index of the referenced table.

    SQL Server Msg 1776; ASE "General rules for creating referential integrity
    constraints" (a unique index on the referenced columns); Teradata Database Design,
    "Rules for Column-Level Foreign Key Constraints Only"; HiRDB Version 8 Description
    5.7 (the referenced table's primary key).
    """
    refs = _references(ctx)
    if not refs:
        return
    standalone = _standalone_unique(ctx)
    last = {id(r): _last_skipped(r, ALTERS_OR_INDEXES) for r in ctx.results}
    cols = _columns(ctx)
    candidates: dict[tuple[int, str], list[frozenset[str]]] = {}
    for ref in refs:
        if ref.target is None or ref.key.declared_by:
            continue  # K003; sp_foreignkey references the sp_primarykey by construction
        target_file, target = ref.target
        platform = ctx.platform(ref.table)
        columns = _referenced_columns(ref, platform)
        if not columns or any(cols.get(target, c) is None for c in columns):
            continue  # K004
        wanted = frozenset(c.lower() for c in columns)
        known = (id(target), platform)
        if known not in candidates:  # once per referenced table, not once per key
            candidates[known] = _candidate_keys(target, platform, standalone)
        if wanted in candidates[known]:
            continue
        if _altered_later(target, last[id(target_file)]):
            continue  # an ALTER TABLE / CREATE INDEX after it may add the key
        listed = ", ".join(columns)
        if platform == "hirdb":
            why = (
                f"({listed}) is not the primary key of {target.name}, and HiRDB foreign "
                "keys reference primary keys only"
            )
        elif platform == "mssql":
            why = (
                f"there are no primary or candidate keys in {target.name} that match "
                f"({listed}) (SQL Server Msg 1776)"
            )
        else:
            why = (
                f"({listed}) is not a PRIMARY KEY, UNIQUE constraint or unique index of "
                f"{target.name}"
            )
        yield FOREIGN_KEY_NOT_UNIQUE_TARGET.finding(
            f"foreign key {_label(ref.key)} of {ref.table.name}: {why}",
            ref.path,
            span=ref.key.span,
            table=ref.table,
            subject=_subject(ref.table, ref.key),
            related=ref.related,
        )


# ------------------------------------------------------------------ rules

TABLE_WITHOUT_PRIMARY_KEY = Rule(
    "K001",
    "table-without-primary-key",
    "keys",
    Severity.WARNING,
    "a permanent table has no primary key",
    what="Reports a table with no key: no PRIMARY KEY constraint, and, per platform, no "
    "sp_primarykey (Sybase ASE), no UNIQUE PRIMARY INDEX (Teradata) and no UNIQUE CLUSTER KEY "
    "(HiRDB). A UNIQUE constraint alone does not count; when one covers NOT NULL columns the "
    "message suggests declaring it the primary key. Temporary tables (Teradata VOLATILE and "
    "GLOBAL TEMPORARY, SQL Server / ASE #tables, ASE tempdb..tables), Teradata NO PRIMARY "
    "INDEX tables (staging tables by design) are not reported. A key added by ALTER TABLE "
    "... ADD [CONSTRAINT n] PRIMARY KEY in any file of the scope counts; so does one an "
    "ALTER TABLE ddlaudit could not read might add (the table is not reported). The finding "
    "points at the table's header.",
    why="Without a key, duplicate rows cannot be told apart and nothing may reference the "
    "table. Replication needs one: Replication Server replication definitions name a primary "
    "key, SQL Server transactional replication publishes only tables with a primary key, and "
    "SQL Remote articles need one to apply updates.",
    example="CREATE TABLE dbo.audit_entry (\n    entry_id int NOT NULL,\n"
    "    logged_at datetime NOT NULL,\n    note varchar(200) NULL\n)",
    fix="Declare the key:\n\nCREATE TABLE dbo.audit_entry (\n    entry_id int NOT NULL,\n"
    "    logged_at datetime NOT NULL,\n    note varchar(200) NULL,\n"
    "    CONSTRAINT pk_audit_entry PRIMARY KEY (entry_id)\n)",
    references=(
        'SQL Server: Publish Data and Database Objects, "Tables published for transactional '
        'replication must have a primary key"',
        "Sybase ASE Transact-SQL User's Guide, Creating Databases and Tables, \"Specifying "
        'unique and primary key constraints"; sp_primarykey (docs/decisions.md D34)',
        "Teradata SQL Data Definition Language, CREATE TABLE: PRIMARY KEY, UNIQUE PRIMARY INDEX",
        "HiRDB Version 8 Description 3.3.4 Primary key",
    ),
    check=table_without_primary_key,
)

NULLABLE_PRIMARY_KEY_COLUMN = Rule(
    "K002",
    "nullable-primary-key-column",
    "keys",
    Severity.ERROR,
    "a primary key column is nullable",
    what="Reports a column of a primary key that allows NULL: declared NULL on any platform; "
    "on Teradata also a column that does not say NOT NULL (Teradata columns are nullable by "
    "default and PRIMARY KEY columns must be defined NOT NULL); for an ASE sp_primarykey key "
    "any nullable column (sp_primarykey is not enforced). A PRIMARY KEY column that does not "
    "say NULL is not reported on SQL Server, ASE and HiRDB: they make it NOT NULL. The finding "
    "points at the column.",
    why='SQL Server rejects the CREATE TABLE (Msg 8111 "Cannot define PRIMARY KEY '
    'constraint on nullable column in table", then Msg 1750), as Teradata does; on ASE '
    "primary key columns cannot contain a NULL value; an sp_primarykey key over a nullable "
    "column lets rows store NULL keys, which replication and joins then cannot match.",
    example="CREATE TABLE dbo.customer (\n    id int NULL PRIMARY KEY,\n"
    "    name varchar(40) NOT NULL\n)",
    fix="Make the key columns NOT NULL:\n\nCREATE TABLE dbo.customer (\n"
    "    id int NOT NULL PRIMARY KEY,\n    name varchar(40) NOT NULL\n)",
    references=(
        'SQL Server: CREATE TABLE (Transact-SQL), PRIMARY KEY: "If nullability is not '
        "specified, all columns participating in a PRIMARY KEY constraint have their "
        'nullability set to NOT NULL"; Msg 8111',
        "Sybase ASE Transact-SQL User's Guide, \"Specifying unique and primary key "
        'constraints": "Columns with primary key constraints cannot contain a NULL value"',
        'Teradata SQL Data Definition Language, CREATE TABLE, PRIMARY KEY: "Columns '
        'specified in a PRIMARY KEY constraint must all be defined as NOT NULL"',
        "HiRDB Version 8 Description 3.3.4: primary key columns are subject to the NOT NULL "
        "constraint",
    ),
    check=nullable_primary_key_column,
)

FOREIGN_KEY_MISSING_TABLE = Rule(
    "K003",
    "foreign-key-missing-table",
    "keys",
    Severity.WARNING,
    "a foreign key references a table not in the scope",
    what="Reports a FOREIGN KEY / REFERENCES constraint, or an ASE sp_foreignkey, whose "
    "referenced table no file of the scope (one PATH argument) defines. Names are compared "
    "case-insensitively; a schema-qualified reference (REFERENCES dbo.customer) matches an "
    "unqualified CREATE TABLE customer when exactly one table has that name. An "
    "sp_foreignkey to a table not in the input at all is already R007 and is not reported "
    "again.",
    why="The deployment fails when the referenced table does not exist yet (SQL Server Msg "
    '1767 "Foreign key references invalid table"), or the scope is incomplete and the other '
    "key rules (K004-K006) cannot check the reference.",
    example="CREATE TABLE dbo.orders (\n    id int NOT NULL PRIMARY KEY,\n"
    "    customer_id int NOT NULL REFERENCES dbo.customer (id)\n)",
    fix="Define the referenced table in the scope (or lint the folder that holds both):\n\n"
    "CREATE TABLE dbo.customer (id int NOT NULL PRIMARY KEY)\nGO\n"
    "CREATE TABLE dbo.orders (\n    id int NOT NULL PRIMARY KEY,\n"
    "    customer_id int NOT NULL REFERENCES dbo.customer (id)\n)",
    references=(
        "SQL Server: CREATE TABLE (Transact-SQL), FOREIGN KEY REFERENCES; Msg 1767",
        "Sybase ASE Reference Manual: sp_foreignkey",
        "ddlaudit: ScopeContext.lookup resolves REFERENCES dbo.t to an unqualified "
        "CREATE TABLE t when it is the only table of that name",
    ),
    check=foreign_key_missing_table,
    level="scope",
)

FOREIGN_KEY_MISSING_COLUMN = Rule(
    "K004",
    "foreign-key-missing-column",
    "keys",
    Severity.ERROR,
    "a foreign key names a column that does not exist",
    what="Reports, for a foreign key whose table is found: a referencing column its own table "
    "does not have; a referenced column the referenced table does not have; REFERENCES t "
    "without a column list when t has no PRIMARY KEY constraint to imply (on ASE an "
    "sp_primarykey does not count: the manual allows omitting the columns only for a primary "
    "key constraint; on Teradata a table-level FOREIGN KEY without referenced columns means "
    "columns of the same names); and a referencing column count that differs from the "
    "referenced one. sp_foreignkey's missing key and count are R014's.",
    why="Every platform rejects the constraint (SQL Server Msg 1769 / 1770 for unknown "
    'columns, Msg 8139 "Number of referencing columns in foreign key differs from number of '
    'referenced columns"), so the deployment stops at that table.',
    example="CREATE TABLE dbo.customer (id int NOT NULL PRIMARY KEY)\nGO\n"
    "CREATE TABLE dbo.orders (\n    id int NOT NULL PRIMARY KEY,\n    customer_id int NOT NULL,\n"
    "    CONSTRAINT fk_orders_customer FOREIGN KEY (customer_id)\n"
    "        REFERENCES dbo.customer (customer_id)\n)",
    fix="Reference the key's real columns:\n\n"
    "CREATE TABLE dbo.customer (id int NOT NULL PRIMARY KEY)\nGO\n"
    "CREATE TABLE dbo.orders (\n    id int NOT NULL PRIMARY KEY,\n    customer_id int NOT NULL,\n"
    "    CONSTRAINT fk_orders_customer FOREIGN KEY (customer_id)\n"
    "        REFERENCES dbo.customer (id)\n)",
    references=(
        "SQL Server: CREATE TABLE (Transact-SQL), FOREIGN KEY REFERENCES; Msg 8139",
        "Sybase ASE Transact-SQL User's Guide, \"General rules for creating referential "
        'integrity constraints": column names may be omitted only for a primary key constraint',
        'Teradata Database Design, "Rules for Table-Level FOREIGN KEY ... REFERENCES '
        'Constraints Only" and "Rules for Column-Level Foreign Key Constraints Only"',
    ),
    check=foreign_key_missing_column,
    level="scope",
)

FOREIGN_KEY_TYPE_MISMATCH = Rule(
    "K005",
    "foreign-key-type-mismatch",
    "keys",
    Severity.WARNING,
    "a foreign key column's type differs from the referenced column's",
    what="Compares each foreign key column with the column it references (position by "
    "position) after alias types are resolved, and reports a different type (synonyms such "
    "as INTEGER / INT and NUMERIC / DECIMAL are the same type), length, precision or scale, "
    "or collation / character set / case specificity when both columns declare one. An "
    "omitted length is 1 and an omitted DECIMAL precision the platform's default (SQL Server "
    "and ASE 18, Teradata 5, HiRDB 15); other omitted values are not compared. The message "
    "shows both types. A finding is an error where the platform refuses the key (SQL Server: "
    "type, length, precision or scale; HiRDB: type and length) and the referenced table is "
    "defined in the key's own file (certain); a warning otherwise (a table of another file "
    "may be another version's: a migration, an alternative script).",
    why='SQL Server rejects the key (Msg 1778 "Column ... is not the same data type as '
    'referencing column ...", Msg 1753 for a different length); ASE requires matching '
    "datatypes and HiRDB the primary key's data type and length. Where a platform accepts it "
    "(Teradata), values that fit one side do not fit the other and joins convert every row.",
    example="CREATE TABLE dbo.customer (id bigint NOT NULL PRIMARY KEY)\nGO\n"
    "CREATE TABLE dbo.orders (\n    id int NOT NULL PRIMARY KEY,\n"
    "    customer_id int NOT NULL REFERENCES dbo.customer (id)\n)",
    fix="Give the foreign key column the referenced column's type:\n\n"
    "CREATE TABLE dbo.customer (id bigint NOT NULL PRIMARY KEY)\nGO\n"
    "CREATE TABLE dbo.orders (\n    id int NOT NULL PRIMARY KEY,\n"
    "    customer_id bigint NOT NULL REFERENCES dbo.customer (id)\n)",
    references=(
        "SQL Server: Msg 1778, Msg 1753",
        "Sybase ASE Transact-SQL User's Guide, \"General rules for creating referential "
        'integrity constraints": "Make sure the columns used in the references definition '
        'have matching datatypes"',
        "HiRDB: the foreign key's number of columns, data types and data lengths must match "
        "the primary key's",
    ),
    check=foreign_key_type_mismatch,
    level="scope",
)

FOREIGN_KEY_NOT_UNIQUE_TARGET = Rule(
    "K006",
    "foreign-key-not-unique-target",
    "keys",
    Severity.ERROR,
    "a foreign key references columns that are not a key",
    what="Reports a declarative foreign key whose referenced columns (as a set) are not the "
    "referenced table's PRIMARY KEY, a UNIQUE constraint or a unique index (Teradata UPI / "
    "USI, SQL Server inline UNIQUE index, HiRDB CREATE UNIQUE INDEX). On HiRDB only the "
    "primary key counts. Keys and unique indexes added by ALTER TABLE / CREATE INDEX in any "
    "file of the scope count; not reported when an ALTER TABLE or CREATE INDEX ddlaudit could "
    "not read follows the referenced table, nor for sp_foreignkey, which references the "
    "sp_primarykey by construction. Teradata Referential Constraints "
    "(WITH NO CHECK OPTION) need no declared key, but the IR does not record the option yet: "
    "declare the key UNIQUE or suppress the finding.",
    why='SQL Server rejects the key (Msg 1776 "There are no primary or candidate keys in the '
    'referenced table ... that match the referencing column list in the foreign key"), ASE '
    "requires the referenced columns to be constrained by a unique index, Teradata requires a "
    "primary key or UNIQUE alternate key, and HiRDB references primary keys only.",
    example="CREATE TABLE dbo.customer (\n    id int NOT NULL PRIMARY KEY,\n"
    "    code char(8) NOT NULL\n)\nGO\nCREATE TABLE dbo.orders (\n"
    "    id int NOT NULL PRIMARY KEY,\n"
    "    customer_code char(8) NOT NULL REFERENCES dbo.customer (code)\n)",
    fix="Declare the referenced columns unique (or reference the primary key):\n\n"
    "CREATE TABLE dbo.customer (\n    id int NOT NULL PRIMARY KEY,\n"
    "    code char(8) NOT NULL UNIQUE\n)\nGO\nCREATE TABLE dbo.orders (\n"
    "    id int NOT NULL PRIMARY KEY,\n"
    "    customer_code char(8) NOT NULL REFERENCES dbo.customer (code)\n)",
    references=(
        "SQL Server: Msg 1776",
        "Sybase ASE Transact-SQL User's Guide, \"General rules for creating referential "
        'integrity constraints": "Make sure that the referenced columns are constrained by a '
        'unique index in the referenced table"',
        'Teradata Database Design, "Rules for Column-Level Foreign Key Constraints Only"',
        'HiRDB Version 8 Description 5.7 Referential constraints: "a primary key that is '
        'referenced by the foreign key must be pre-defined"',
    ),
    check=foreign_key_not_unique_target,
    level="scope",
)

RULES: tuple[Rule, ...] = (
    TABLE_WITHOUT_PRIMARY_KEY,
    NULLABLE_PRIMARY_KEY_COLUMN,
    FOREIGN_KEY_MISSING_TABLE,
    FOREIGN_KEY_MISSING_COLUMN,
    FOREIGN_KEY_TYPE_MISMATCH,
    FOREIGN_KEY_NOT_UNIQUE_TARGET,
)
