"""Change-safety rules (``M``): what only a diff of two versions of a schema can see.

These rules check a *change*: ``ddlaudit diff BASE HEAD`` hands each check a
:class:`~analyzer.diff.model.DiffContext` (one scope's tables matched across the two
sides, both sides' files after the passes, each table's estimates), so their level is
``diff``: ``ddlaudit lint`` (one version) never runs them, ``ddlaudit rules`` lists them.

A finding points at the narrowest HEAD span (the column, the key); for what the change
removed (a dropped column or table) it points at the BASE definition and says so.

>>> [r.code for r in RULES]
['M001', 'M002', 'M003', 'M004', 'M005', 'M006', 'M007']
"""

from __future__ import annotations

import typing as t
from collections.abc import Iterator

from analyzer.ir import Column, ConstraintKind, DataType, Severity, Span
from analyzer.rules.registry import Family, Finding, Rule

# The diff model and schema load when a check runs (ddlaudit diff): lint's catalogue
# holds these rules without running them (start-up, D128).
if t.TYPE_CHECKING:
    from analyzer.diff.model import DiffContext, Placed, TablePair
    from analyzer.estimators import TableEstimate

FAMILY = Family(
    "M",
    "migration",
    "Change safety: what a change between two versions of a schema breaks (ddlaudit diff).",
)

#: A finding at a BASE span says so in its message.
BASE_NOTE = " (removed in HEAD: shown at its BASE definition)"

_MSSQL_ALTER = "SQL Server docs, ALTER TABLE (Transact-SQL)"
_ASE_ALTER = "Sybase ASE Reference Manual: Commands, alter table"
_TD_ALTER = "Teradata SQL Data Definition Language: ALTER TABLE"
_RS = (
    "Replication Server Reference Manual: create replication definition, "
    "alter replication definition"
)


def _finding(
    rule: Rule,
    message: str,
    placed: Placed,
    span: Span | None,
    column: str | None = None,
    subject: str | None = None,
) -> Finding:
    path = span.file if span is not None else placed.path
    return rule.finding(
        message, path, span=span, table=placed.table, column=column, subject=subject
    )


def _existing(ctx: DiffContext) -> Iterator[tuple[TablePair, Placed, Placed]]:
    for pair in ctx.pairs:
        if pair.before is not None and pair.after is not None:
            yield pair, pair.before, pair.after


def _added(before: Placed, after: Placed) -> list[Column]:
    from analyzer.diff.schema import column_pairs

    return [new for old, new in column_pairs(before.table, after.table) if old is None and new]


# ------------------------------------------------------------------ M001


def not_null_column_without_default(ctx: DiffContext) -> Iterator[Finding]:
    """Columns added NOT NULL, without a default, to a table BASE already had."""
    for _, before, after in _existing(ctx):
        for c in _added(before, after):
            if c.nullable or c.default is not None or c.identity is not None:
                continue
            if c.computed is not None or c.type.family == "rowversion":
                continue  # computed and timestamp columns fill themselves
            yield _finding(
                NOT_NULL_WITHOUT_DEFAULT,
                f"column {c.name} is added NOT NULL without a default to {after.table.name}, "
                "which already has rows in production: the ALTER TABLE fails on a non-empty "
                "table (give it a default, or add it NULL, fill it, then make it NOT NULL)",
                after,
                c.span,
                c.name,
            )


# ------------------------------------------------------------------ M002

_INT_BYTES = {"TINYINT": 1, "BYTEINT": 1, "SMALLINT": 2, "INT": 4, "INTEGER": 4, "BIGINT": 8}
#: Decimal digits an integer type holds (before the point).
_INT_DIGITS = {1: 3, 2: 5, 4: 10, 8: 19}
_CHARACTER = {"char", "varchar", "nchar", "nvarchar", "clob", "nclob"}
_UNICODE = {"nchar", "nvarchar", "nclob"}
_BINARY = {"binary", "varbinary", "blob"}
_EXACT = {"integer", "decimal", "number", "money", "bit"}
_TEMPORAL = {"date", "time", "timestamp"}
_MONEY = {"MONEY": (19, 4), "SMALLMONEY": (10, 4)}


def _length(dt: DataType) -> float | None:
    if dt.is_max or (dt.family in ("clob", "nclob", "blob") and dt.length is None):
        return float("inf")
    return float(dt.length) if dt.length is not None else None


def _digits(dt: DataType) -> tuple[int, int] | None:
    """(digits before the point, digits after) of an exact numeric type, when known."""
    name = dt.name.upper()
    if dt.family == "integer" and name in _INT_BYTES:
        return _INT_DIGITS[_INT_BYTES[name]], 0
    if name in _MONEY:
        p, s = _MONEY[name]
        return p - s, s
    if dt.family in ("decimal", "number") and dt.precision is not None:
        s = dt.scale or 0
        return dt.precision - s, s
    if dt.family == "bit":
        return 1, 0
    return None


def narrowing(old: DataType, new: DataType) -> str | None:
    """Why values of ``old`` may not fit ``new``, or None (the same or wider).

    >>> from analyzer.types import read_type as parse_type
    >>> narrowing(parse_type("varchar(50)", {}), parse_type("varchar(20)", {}))
    'length 50 -> 20'
    >>> narrowing(parse_type("decimal(10,2)", {}), parse_type("decimal(12,2)", {})) is None
    True
    """
    from analyzer.diff.schema import shown_type, type_text

    if type_text(old) == type_text(new):
        return None
    fo, fn = old.family, new.family
    if fo in _CHARACTER and fn in _CHARACTER:
        if fo in _UNICODE and fn not in _UNICODE:
            return "Unicode to a single-byte character set"
        lo, ln = _length(old), _length(new)
        if lo is not None and ln is not None and ln < lo:
            return f"length {_show(lo)} -> {_show(ln)}"
        return None
    if fo in _BINARY and fn in _BINARY:
        lo, ln = _length(old), _length(new)
        if lo is not None and ln is not None and ln < lo:
            return f"length {_show(lo)} -> {_show(ln)}"
        return None
    if fo in _EXACT and fn in _EXACT:
        do, dn = _digits(old), _digits(new)
        if do is None or dn is None:
            return None
        if dn[0] < do[0]:
            return f"{do[0]} integer digits -> {dn[0]}"
        if dn[1] < do[1]:
            return f"scale {do[1]} -> {dn[1]}"
        return None
    if fo == "float" and fn == "float":
        po, pn = old.precision or 53, new.precision or 53
        return f"float precision {po} -> {pn}" if pn < po and pn <= 24 < po else None
    if fo in _EXACT and fn == "float":
        do = _digits(old)
        return f"{sum(do)} exact digits to an approximate float" if do and sum(do) > 15 else None
    if fo in _TEMPORAL and fn in _TEMPORAL:
        if fo == "timestamp" and fn in ("date", "time"):
            return f"{shown_type(old)} to {shown_type(new)} drops part of the value"
        if fo == fn and old.scale is not None and new.scale is not None and new.scale < old.scale:
            return f"fractional seconds {old.scale} -> {new.scale}"
        if fo != fn and not (fo == "date" and fn == "timestamp"):
            return f"{shown_type(old)} to {shown_type(new)}"
        return None
    if fn in _CHARACTER:
        ln = _length(new)
        return None if ln is None or ln >= 40 else f"{shown_type(old)} to {shown_type(new)}"
    return f"type class {fo} to {fn}"


def _show(n: float) -> str:
    return "max" if n == float("inf") else str(int(n))


def column_narrowed(ctx: DiffContext) -> Iterator[Finding]:
    """Columns retyped to a type that may not hold every BASE value."""
    from analyzer.diff.schema import column_pairs, shown_type

    for _, before, after in _existing(ctx):
        for old, new in column_pairs(before.table, after.table):
            if old is None or new is None:
                continue
            why = narrowing(old.type, new.type)
            if why is not None:
                yield _finding(
                    COLUMN_NARROWED,
                    f"column {new.name} of {after.table.name} changes from {shown_type(old.type)} "
                    f"to {shown_type(new.type)} ({why}): existing values may be truncated, "
                    "rounded or rejected",
                    after,
                    new.span,
                    new.name,
                )


# ------------------------------------------------------------------ M003


def _same(a: str, b: Placed) -> bool:
    name = b.table.name
    low = a.lower()
    return low == str(name).lower() or low.rsplit(".", 1)[-1] == name.name.lower()


def _fk_users(ctx: DiffContext, target: Placed, column: str | None) -> list[str]:
    """HEAD's foreign keys (the schema graph of the scope) that reference ``target`` (its
    ``column`` when given), from a table HEAD still has."""
    from analyzer.graph import schema_index
    from analyzer.rules.engine import scope_context

    head = ctx.head
    if not head.results:
        return []
    scope = scope_context(ctx.scope, head.results, ctx.sizing)
    graph = schema_index(head.results, scope.lookup)
    nodes = {n.id: n for n in graph.nodes}
    alive = {p.key for p in head.tables}
    out = []
    for e in graph.keys:
        node = nodes.get(e.target)
        if node is None or not _same(node.name, target) or e.kind != "foreign_key":
            continue
        source = nodes.get(e.source)
        if source is None or source.name.lower() not in alive or _same(source.name, target):
            continue
        if column is None or column.lower() in (c.lower() for c in e.ref_columns):
            out.append(f"foreign key {e.label} of {source.name}".replace("  ", " "))
    if column is None:
        for m in graph.missing:
            if m.kind == "foreign_key" and _same(m.target, target):
                source = nodes.get(m.source)
                if source is not None and source.name.lower() in alive:
                    out.append(f"a foreign key of {source.name}")
    return sorted(set(out))


def _replication_users(ctx: DiffContext, placed: Placed, column: str | None) -> list[str]:
    from analyzer.diff.schema import article_of, definitions_of, publications_of

    out = []
    for d in definitions_of(placed, ctx.head):
        names = [c.name.lower() for c in d.columns]
        if (
            column is None
            or column.lower() in names
            or column.lower() in (k.lower() for k in d.primary_key)
        ):
            out.append(f"replication definition {d.name}")
    for p in publications_of(placed, ctx.head):
        article = article_of(p, placed)
        if column is None or (
            article is not None and column.lower() in (c.lower() for c in article.columns)
        ):
            out.append(f"publication {p.name}")
    return out


def dropped_while_used(ctx: DiffContext) -> Iterator[Finding]:
    """Columns and tables dropped while HEAD still has a user of them."""
    from analyzer.diff.schema import column_pairs

    head_keys = {p.key for p in ctx.head.tables}
    for pair in ctx.pairs:
        before, after = pair.before, pair.after
        if before is None:
            continue
        if after is None:
            if before.key in head_keys:
                continue
            users = _fk_users(ctx, before, None) + _replication_users(ctx, before, None)
            if users:
                yield _finding(
                    DROPPED_WHILE_USED,
                    f"table {before.table.name} is dropped while {', '.join(users)} still "
                    f"use{'s' if len(users) == 1 else ''} it{BASE_NOTE}",
                    before,
                    before.table.span,
                )
            continue
        for old, new in column_pairs(before.table, after.table):
            if new is not None or old is None:
                continue
            users = _fk_users(ctx, after, old.name)
            low = old.name.lower()
            users += [
                f"index {i.name or ', '.join(i.columns)}"
                for i in after.table.indexes
                if low in (c.lower() for c in i.columns)
            ]
            users += [
                f"{c.kind.value.replace('_', ' ')} {c.name or ''}".strip()
                for c in after.table.constraints
                if c.kind is not ConstraintKind.CHECK and low in (x.lower() for x in c.columns)
            ]
            users += _replication_users(ctx, after, old.name)
            if users:
                yield _finding(
                    DROPPED_WHILE_USED,
                    f"column {old.name} of {after.table.name} is dropped while "
                    f"{', '.join(users)} still use{'s' if len(users) == 1 else ''} it{BASE_NOTE}",
                    before,
                    old.span,
                    old.name,
                )


# ------------------------------------------------------------------ M004


def _replicated(ctx: DiffContext, placed: Placed) -> bool:
    from analyzer.diff.schema import definitions_of, publications_of

    marking = placed.table.replication
    if marking is not None and marking.replicated:
        return True
    return bool(definitions_of(placed, ctx.base) or publications_of(placed, ctx.base))


def _key(placed: Placed) -> tuple[str, ...]:
    pk = placed.table.primary_key
    return tuple(c.lower() for c in pk.columns) if pk is not None else ()


def replicated_key_changed(ctx: DiffContext) -> Iterator[Finding]:
    """The primary key of a table BASE replicates is changed, added or dropped."""
    for _, before, after in _existing(ctx):
        if not _replicated(ctx, before):
            continue
        old, new = _key(before), _key(after)
        if old == new:
            continue
        pk = after.table.primary_key
        span = pk.span if pk is not None and pk.span is not None else after.table.span
        said = f"({', '.join(old)})" if old else "none"
        now = f"({', '.join(new)})" if new else "none"
        yield _finding(
            REPLICATED_KEY_CHANGED,
            f"primary key of replicated table {after.table.name} changes from {said} to {now}: "
            "the replication definition's primary key, the replicate tables and the "
            "subscriptions must change with it",
            after,
            span,
            subject=f"{after.table.name}/primary-key",
        )


# ------------------------------------------------------------------ M005


def _grown(before: Placed, after: Placed) -> Column | None:
    """The column added or retyped that grew the row most at declared maximums (the first
    of equals): what a finding about the whole row points at."""
    from analyzer.diff.schema import column_pairs, type_text

    def most(c: Column | None) -> int:
        return c.storage.max_length if c is not None and c.storage is not None else 0

    found, grew = None, -1
    for old, new in column_pairs(before.table, after.table):
        if new is None or (old is not None and type_text(old.type) == type_text(new.type)):
            continue  # neither added nor retyped
        if most(new) - most(old) > grew:
            found, grew = new, most(new) - most(old)
    return found


#: Platforms that create a table whose declared maximum row is over the limit: SQL Server
#: moves variable-length values to row-overflow pages and refuses only a minimum row over
#: 8,060 bytes (Msg 1701); ASE creates it with a warning (longer inserts fail).
_ACCEPTS_LONG_ROWS = frozenset({"ase"})


def _refused(estimate: TableEstimate | None, platform: str) -> int | None:
    """The row bytes the platform refuses the table for (None: it accepts it)."""
    if estimate is None or estimate.row_limit is None or platform in _ACCEPTS_LONG_ROWS:
        return None
    if platform == "mssql":
        from analyzer.rules.sizing import mssql_minimum_row

        size = mssql_minimum_row(estimate).size
    else:
        size = estimate.max_row_bytes
    return size if size > estimate.row_limit else None


def row_over_limit(ctx: DiffContext) -> Iterator[Finding]:
    """Tables whose row the platform accepted in BASE and refuses in HEAD (SQL Server: the
    minimum row, Msg 1701; Teradata and HiRDB: the row at declared maximums; ASE accepts a
    long row with a warning: S002's)."""
    for _, before, after in _existing(ctx):
        for platform in ctx.platforms_of(after.table):
            old = ctx.base.estimate(before, platform)
            new = ctx.head.estimate(after, platform)
            over = _refused(new, platform)
            if new is None or over is None:
                continue
            if _refused(old, platform) is not None:
                continue  # already refused in BASE: S002's / S012's business
            grown = _grown(before, after)
            was = f"{old.max_row_bytes:,}" if old is not None else "unknown"
            what = "minimum row" if platform == "mssql" else "row at declared maximums"
            yield _finding(
                ROW_OVER_LIMIT_BY_CHANGE,
                f"the change takes the {platform} {what} of {after.table.name} to {over:,} "
                f"bytes (the row at declared maximums was {was}), over the limit of "
                f"{new.row_limit:,}: the platform refuses the table",
                after,
                grown.span if grown is not None and grown.span else after.table.span,
                grown.name if grown is not None else None,
                subject=f"{after.table.name}/row:{platform}",
            )


# ------------------------------------------------------------------ M006


def presence_byte_added(ctx: DiffContext) -> Iterator[Finding]:
    """Teradata rows that need one more presence octet after the change."""
    from analyzer.diff.schema import column_pairs
    from analyzer.rules.sizing import presence_octets

    td = ctx.sizing.teradata
    for _, before, after in _existing(ctx):
        if ctx.platform(after.table) != "teradata":
            continue
        old_cols = [c for c in before.table.columns if c.storage is not None]
        new_cols = [c for c in after.table.columns if c.storage is not None]
        if not new_cols:
            continue
        old, new = presence_octets(old_cols, td), presence_octets(new_cols, td)
        if new <= old:
            continue
        changed = [
            n
            for o, n in column_pairs(before.table, after.table)
            if n is not None
            and (o is None or o.nullable != n.nullable or o.compression != n.compression)
            and (n.nullable or n.compression is not None)
        ]
        where = changed[0] if changed else None
        yield _finding(
            PRESENCE_BYTE_ADDED,
            f"the change takes every row of {after.table.name} from {old + 1} to {new + 1} "
            f"presence octets (+{new - old} byte{'s' if new - old > 1 else ''} per row)"
            + (f": {where.name} is nullable or compressed" if where is not None else ""),
            after,
            where.span if where is not None and where.span else after.table.span,
            where.name if where is not None else None,
            subject=f"{after.table.name}/presence",
        )


# ------------------------------------------------------------------ M007


def column_not_replicated(ctx: DiffContext) -> Iterator[Finding]:
    """Columns added to a table whose HEAD replication definition does not carry them."""
    from analyzer.diff.schema import definitions_of

    for _, before, after in _existing(ctx):
        definitions = definitions_of(after, ctx.head)
        if not definitions:
            continue
        for c in _added(before, after):
            missing = [
                d.name
                for d in definitions
                if c.name.lower() not in (x.name.lower() for x in d.columns)
            ]
            if missing:
                yield _finding(
                    COLUMN_NOT_REPLICATED,
                    f"column {c.name} is added to replicated table {after.table.name} but "
                    f"replication definition {', '.join(missing)} does not carry it: its "
                    "values never reach the replicate databases",
                    after,
                    c.span,
                    c.name,
                )


# ------------------------------------------------------------------ the rules

_EXAMPLE_NOTE = "-- BASE\n{base}\n-- HEAD\n{head}"

NOT_NULL_WITHOUT_DEFAULT = Rule(
    "M001",
    "not-null-column-without-default",
    "migration",
    Severity.ERROR,
    "a NOT NULL column without a default is added to an existing table",
    what="Reports a column that HEAD adds to a table BASE already has (the same table, "
    "or a probable rename) declared NOT NULL without a DEFAULT (nor IDENTITY, a computed "
    "expression or a timestamp/rowversion type, which fill themselves). In a migration "
    "folder the column comes from `ALTER TABLE ... ADD`; in a state-based repository "
    "from the edited CREATE TABLE, which a deployment turns into the same ALTER TABLE.",
    why="The table has rows: SQL Server refuses the ALTER TABLE (Msg 4901: only nullable "
    "columns, columns with a DEFAULT, identity or timestamp columns can be added to a "
    "non-empty table), Sybase ASE requires a default for a NOT NULL column it adds, and "
    "Teradata fills a NOT NULL column without a default with nothing it can store. The "
    "deployment fails in production after passing on an empty test database.",
    example=_EXAMPLE_NOTE.format(
        base="create table orders (id int not null)",
        head="create table orders (id int not null, status char(1) not null)",
    ),
    fix="Give the column a default (or add it NULL, fill it, then make it NOT NULL):\n\n"
    "create table orders (id int not null, status char(1) default 'N' not null)",
    references=(
        f"{_MSSQL_ALTER}: ADD column_definition (Msg 4901)",
        f"{_ASE_ALTER}: adding NOT NULL columns",
        f"{_TD_ALTER}: ADD column",
    ),
    check=not_null_column_without_default,
    level="diff",
    reported_by="ddlaudit diff",
)

COLUMN_NARROWED = Rule(
    "M002",
    "column-narrowed",
    "migration",
    Severity.WARNING,
    "a column is changed to a type that may not hold its values",
    what="Reports a column whose declared type changes so that some BASE values no longer "
    "fit: a shorter character or binary length (`(max)` and LOBs count as unbounded), "
    "Unicode to single-byte characters, fewer integer digits or a smaller scale (integers "
    "count the digits of their range: smallint 5, int 10, bigint 19; money is "
    "decimal(19,4)), a float of 53 bits to 24, more than 15 exact digits to a float, a "
    "timestamp to a date or time, fewer fractional seconds, or another type class "
    "(numbers to dates, to a character column shorter than 40). A type that only widens "
    "is not reported.",
    why="The platform converts existing rows when the column is altered (or when a "
    "deployment tool copies the table): values are truncated or rounded, or the ALTER "
    "fails halfway on the first one that does not fit (SQL Server Msg 8152 / 8115, ASE "
    "arithmetic overflow). Replicate databases with the old type reject rows the primary "
    "accepts.",
    example=_EXAMPLE_NOTE.format(
        base="create table customer (id int not null, name varchar(100) null)",
        head="create table customer (id int not null, name varchar(40) null)",
    ),
    fix="Keep the wider type, or check the longest value first and migrate the data in a "
    "step of its own:\n\ncreate table customer (id int not null, name varchar(100) null)",
    references=(
        f"{_MSSQL_ALTER}: ALTER COLUMN (data conversion of existing rows)",
        f"{_ASE_ALTER}: modify (datatype conversion)",
        "SQL Server docs, Data type conversion (Database Engine); Precision, scale and length",
    ),
    check=column_narrowed,
    level="diff",
    reported_by="ddlaudit diff",
)

DROPPED_WHILE_USED = Rule(
    "M003",
    "dropped-while-used",
    "migration",
    Severity.ERROR,
    "a column or table is dropped while a key, index or replication object uses it",
    what="Reports a column HEAD drops from a table while HEAD still has a foreign key "
    "referencing it (the scope's schema graph), an index or key of the table on it, a "
    "replication definition listing it, or a publication article naming it; and a table "
    "HEAD drops while another table's foreign key, a replication definition or a "
    "publication still names it. The finding points at the BASE definition of what was "
    "dropped (HEAD no longer has it) and its message says so.",
    why="The drop fails (SQL Server Msg 3726 / 5074: the object is referenced), or worse "
    "succeeds and leaves Replication Server or SQL Remote sending a column or table the "
    "primary no longer has: the DSI thread suspends at the first row.",
    example=_EXAMPLE_NOTE.format(
        base="create table customer (id int not null primary key, code char(8) null)\n"
        "create table orders (id int not null, customer_id int null\n"
        "    references customer (id))",
        head="create table orders (id int not null, customer_id int null\n"
        "    references customer (id))",
    ),
    fix="Drop the users first (the foreign key, the index, the article; alter the "
    "replication definition), in the same change:\n\ncreate table orders (id int not "
    "null, customer_id int null)",
    references=(
        f"{_MSSQL_ALTER}: DROP COLUMN (columns used in an index or constraint)",
        "SQL Server docs, DROP TABLE (Transact-SQL): a table referenced by a FOREIGN KEY",
        f"{_RS}: drop columns",
    ),
    check=dropped_while_used,
    level="diff",
    reported_by="ddlaudit diff",
)

REPLICATED_KEY_CHANGED = Rule(
    "M004",
    "replicated-primary-key-changed",
    "migration",
    Severity.WARNING,
    "the primary key of a replicated table changes",
    what="Reports a table BASE marks for replication (sp_setreptable / sp_setreplicate, a "
    "replication definition of it, or a publication article) whose primary key columns "
    "HEAD changes, adds or drops.",
    why="Replication Server identifies a row at the replicate by the replication "
    "definition's primary key: a key changed only in the primary table makes updates and "
    "deletes miss or hit the wrong rows. The definition must be altered (alter "
    "replication definition ... add/drop primary key) and the replicate tables' keys "
    "changed in the same deployment, with the subscriptions quiesced.",
    example=_EXAMPLE_NOTE.format(
        base="create table acct (id int not null, branch int not null,\n"
        "    primary key (id))\nexec sp_setreptable 'acct', 'true'",
        head="create table acct (id int not null, branch int not null,\n"
        "    primary key (id, branch))\nexec sp_setreptable 'acct', 'true'",
    ),
    fix="Keep the key, or change the replication definition and the replicate tables with "
    "it (and say so in the change):\n\ncreate table acct (id int not null, branch int not "
    "null,\n    primary key (id))\nexec sp_setreptable 'acct', 'true'",
    references=(
        f"{_RS}: primary key",
        "Replication Server Administration Guide: Managing Replicated Tables, modifying "
        "replication definitions",
    ),
    check=replicated_key_changed,
    level="diff",
    reported_by="ddlaudit diff",
    dialect="sybase",
)

ROW_OVER_LIMIT_BY_CHANGE = Rule(
    "M005",
    "row-over-limit-by-change",
    "migration",
    Severity.WARNING,
    "the change takes a row over the platform's maximum row size",
    what="Reports a table the platform accepts in BASE and refuses in HEAD, on the table's "
    "own platform and every `--platform`: SQL Server's minimum row (the fixed-length part, "
    "Msg 1701: variable-length growth moves to row-overflow pages and is accepted), the row "
    "at declared maximums on Teradata (64,256 bytes or 1 MB) and HiRDB. ASE creates a table "
    "over its page's maximum with a warning, so ASE rows are S002's. The finding points at "
    "the first column the change adds or retypes.",
    why="The change is what breaks the table: the deployment fails on the CREATE or ALTER "
    "TABLE (SQL Server Msg 1701), long after the change was reviewed. A table already "
    "refused in BASE is S002's and S012's.",
    example=_EXAMPLE_NOTE.format(
        base="CREATE TABLE notes (id int NOT NULL, body char(6000) NOT NULL)",
        head="CREATE TABLE notes (id int NOT NULL, body char(6000) NOT NULL,\n"
        "    extra char(2100) NOT NULL)",
    ),
    fix="Make the new or widened column variable-length (it can then move to row-overflow "
    "pages), shorten it, or move it to a LOB:\n\nCREATE TABLE notes (id int NOT NULL, body "
    "char(6000) NOT NULL,\n    extra varchar(2100) NOT NULL)",
    references=(
        "SQL Server docs, Maximum capacity specifications (D42); Msg 1701",
        "Teradata Database Design 16.10, General Row Structure; Database Limits (D16)",
        "Sybase ASE: System Administration Guide, maximum row and column length by page "
        "size and locking scheme (docs/decisions.md D49): a longer row is created with a "
        "warning",
    ),
    check=row_over_limit,
    level="diff",
    reported_by="ddlaudit diff",
    dialect="tsql",
)

PRESENCE_BYTE_ADDED = Rule(
    "M006",
    "teradata-presence-byte-added",
    "migration",
    Severity.INFO,
    "the change adds a presence byte to every Teradata row",
    what="Reports a Teradata table whose row needs more presence octets in HEAD than in "
    "BASE (presence and compress bits counted as S050 and the estimator count them, "
    "`[size.teradata] presence_rule`), pointing at the first column the change adds or "
    "makes nullable or compressed.",
    why="Every row of the table grows by the byte: on a large table that is as many bytes "
    "as rows, for a column that may never hold a null.",
    example=_EXAMPLE_NOTE.format(
        base="CREATE TABLE t (\n    c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER,\n"
        "    c5 INTEGER, c6 INTEGER, c7 INTEGER\n) PRIMARY INDEX (c1);",
        head="CREATE TABLE t (\n    c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER,\n"
        "    c5 INTEGER, c6 INTEGER, c7 INTEGER,\n    c8 INTEGER\n) PRIMARY INDEX (c1);",
    ),
    fix="Declare the new column NOT NULL (with a default) when it never holds nulls:\n\n"
    "CREATE TABLE t (\n    c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER,\n"
    "    c5 INTEGER, c6 INTEGER, c7 INTEGER,\n    c8 INTEGER NOT NULL DEFAULT 0\n"
    ") PRIMARY INDEX (c1);",
    references=(
        "Teradata Database Design 16.10: Presence Bits",
        "Teradata Database Design 16.10, Row Size Calculation, steps 11-13",
        "docs/decisions.md D14 (the exact rule)",
    ),
    platforms=("teradata",),
    check=presence_byte_added,
    level="diff",
    reported_by="ddlaudit diff",
    dialect="teradata",
)

COLUMN_NOT_REPLICATED = Rule(
    "M007",
    "column-not-replicated",
    "migration",
    Severity.WARNING,
    "a column added to a replicated table is missing from its replication definition",
    what="Reports a column HEAD adds to a table that has a replication definition in HEAD "
    "whose column list does not name it.",
    why="Replication Server sends only the columns of the replication definition: the new "
    "column's values never reach the replicate databases, silently, until someone "
    "compares the copies.",
    example=_EXAMPLE_NOTE.format(
        base="create table acct (id int not null primary key, bal money not null)\n"
        "create replication definition acct_rd with primary at DS.db\n"
        "with all tables named 'acct' (id int, bal money) primary key (id)",
        head="create table acct (id int not null primary key, bal money not null,\n"
        "    branch int null)\ncreate replication definition acct_rd with primary at DS.db\n"
        "with all tables named 'acct' (id int, bal money) primary key (id)",
    ),
    fix="Add the column to the definition (alter replication definition ... add) in the "
    "same change:\n\ncreate replication definition acct_rd with primary at DS.db\nwith all "
    "tables named 'acct' (id int, bal money, branch int) primary key (id)",
    references=(f"{_RS}: add columns", "Replication Server Design Guide: replication definitions"),
    check=column_not_replicated,
    level="diff",
    reported_by="ddlaudit diff",
    dialect="sybase",
)

RULES: tuple[Rule, ...] = (
    NOT_NULL_WITHOUT_DEFAULT,
    COLUMN_NARROWED,
    DROPPED_WHILE_USED,
    REPLICATED_KEY_CHANGED,
    ROW_OVER_LIMIT_BY_CHANGE,
    PRESENCE_BYTE_ADDED,
    COLUMN_NOT_REPLICATED,
)

__all__ = ["BASE_NOTE", "FAMILY", "RULES", "narrowing"]
