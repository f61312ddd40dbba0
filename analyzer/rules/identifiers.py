"""Identifier rules (``N``): names a platform rejects, and opt-in naming style.

N001 and N002 are ``source`` rules: they read the statement text to see how a name was
written (``[name]``, ``"name"``, ``#temp``) and point at the name itself.  The limits
and reserved-word lists are :mod:`analyzer.rules.words`'.  N101 and N102 are style
rules, off by default.

Bytes (ASE, HiRDB limits) are counted in the script's own encoding when it is a legacy
code page (a Shift_JIS script for a ``sjis`` server counts 2 bytes a kanji), else in
UTF-8: the server's character set is not in the DDL, and a deploy script is normally
written in it (ddlaudit's choice; no manual says which client character set a script uses).

>>> from analyzer.core import analyze_bytes
>>> from analyzer.rules.engine import SourceContext
>>> text = "CREATE TABLE t (\\"key\\" int, [user] int, select_count int, [order] int, user int)"
>>> r = analyze_bytes("t.sql", text.encode())
>>> [f.column for f in reserved_word_identifier(SourceContext(r, text))]
['user']
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from analyzer.ir import Column, Severity, Span, Table
from analyzer.rules.engine import FileContext, SourceContext
from analyzer.rules.registry import Family, Finding, Rule
from analyzer.rules.words import IdentifierLimit, identifier_limit, is_reserved, reserved_words

FAMILY = Family("N", "identifiers", "Names a platform rejects, and opt-in naming style.")

_PLATFORM_NAMES = {
    "mssql": "SQL Server",
    "ase": "SAP ASE",
    "teradata": "Teradata",
    "hirdb": "HiRDB",
}

#: Where each platform's reserved-word list comes from (analyzer/rules/data/reserved/).
_LIST_SOURCES = {
    "mssql": 'Microsoft "Reserved Keywords (Transact-SQL)"',
    "ase": 'ASE Reference Manual: Building Blocks, "Reserved Words"',
    "teradata": 'Teradata SQL Fundamentals, "Restricted Words" (SQLRestrictedWords category R)',
    "hirdb": 'HiRDB SQL Reference, appendix "Reserved Words"',
}

#: SQL Server "Database Identifiers": local temporary table names are at most 116 characters.
_MSSQL_LOCAL_TEMP = 116


# ------------------------------------------------------------------ source text helpers


def _sub_span(ctx: SourceContext, base: Span, start: int, end: int) -> Span:
    """The span of ``text[start:end]``, a part of ``base`` (no full-text line scan)."""
    text = ctx.text

    def position(offset: int) -> tuple[int, int]:
        segment = text[base.start : offset]
        breaks = segment.count("\n") + segment.count("\r") - segment.count("\r\n")
        if not breaks:
            return base.line, base.column + len(segment)
        line_start = max(segment.rfind("\n"), segment.rfind("\r")) + 1
        return base.line + breaks, len(segment) - line_start + 1

    line, column = position(start)
    end_line, end_column = position(end)
    return Span(base.file, line, column, end_line, end_column, start, end)


# Compiled where used (re's cache): only the rules that read a name as written need them.
_HEAD = r"(?is)\s*(?:CT\b|.*?\bTABLE\b)"
_SPACE_OR_COMMENT = r"(?s)(?:\s+|--[^\n]*|/\*.*?\*/)*"
_BARE = r"[^\s.\"\[(;,]*"


def _part_end(text: str, pos: int) -> int:
    """End of the name part starting at ``pos``: ``[a]]b]``, ``"a""b"`` or bare."""
    if pos < len(text) and text[pos] in '["':
        close = "]" if text[pos] == "[" else '"'
        end = pos + 1
        while True:
            end = text.find(close, end)
            if end < 0:
                return len(text)
            if text.startswith(close * 2, end):
                end += 2  # a doubled quote is part of the name
                continue
            return end + 1
    match = re.compile(_BARE).match(text, pos)
    return match.end() if match else pos


def _table_name_at(ctx: SourceContext, table: Table) -> tuple[int, int] | None:
    """Offsets of the table's own name (the last part, as written) in its statement."""
    span = table.span
    if span is None:
        return None
    head = re.compile(_HEAD).match(ctx.text, span.start, span.end)
    if head is None:
        return None
    pos = head.end()
    while True:
        skip = re.compile(_SPACE_OR_COMMENT).match(ctx.text, pos)
        start = skip.end() if skip else pos
        end = _part_end(ctx.text, start)
        after = re.compile(_SPACE_OR_COMMENT).match(ctx.text, end)
        nxt = after.end() if after else end
        if nxt < span.end and ctx.text[nxt] == ".":
            pos = nxt + 1  # a qualifier: db.owner.name, tempdb..name
            continue
        written = _unquote(ctx.text[start:end]).lstrip("#")
        # Only trust what was found if it is the name the IR has.
        return (start, end) if written.lower() == table.name.name.lower() else None


def _table_name_of(ctx: SourceContext, i: int) -> tuple[int, int] | None:
    """:func:`_table_name_at` of the file's ``i``-th table, found once for N001 and N002."""
    found: dict[int, tuple[int, int] | None] = ctx.shared.setdefault("table_name_at", {})
    if i not in found:
        found[i] = _table_name_at(ctx, ctx.result.tables[i])
    return found[i]


def _unquote(part: str) -> str:
    if part[:1] == "[" and part[-1:] == "]":
        return part[1:-1].replace("]]", "]")
    if part[:1] == '"' and part[-1:] == '"':
        return part[1:-1].replace('""', '"')
    return part


def _quoted(written: str) -> bool:
    return written[:1] in ('"', "[")


def _column_written(ctx: SourceContext, column: Column) -> str | None:
    """The column's name as written (its span starts with it), or None if not found."""
    if column.span is None:
        return None
    start = column.span.start
    written = ctx.text[start : _part_end(ctx.text, start)]
    return written if _unquote(written).lower() == column.name.lower() else None


# ------------------------------------------------------------------ N001


def _limit(ctx: SourceContext, platform: str) -> tuple[IdentifierLimit, str | None]:
    """The platform's limit, and the release it was picked for (None: every release)."""
    release = {
        "teradata": ctx.sizing.teradata.release,
        # [size.ase] limits_release: 12.5 (30 bytes) or 15.7 (255 bytes)
        "ase": ctx.sizing.ase.limits_release,
    }.get(platform)
    return identifier_limit(platform, release), release


def _encoding(encoding: str | None) -> str:
    """The codec bytes are counted in: the script's legacy code page, else UTF-8."""
    if not encoding or encoding.lower().replace("_", "-").startswith(("utf", "ascii")):
        return "utf-8"
    return encoding


def _measure(limit: IdentifierLimit, name: str, encoding: str) -> int:
    try:
        return limit.measure(name, encoding)
    except (UnicodeEncodeError, LookupError):
        return limit.measure(name, "utf-8")


def _too_long(
    kind: str,
    name: str,
    owner: object | None,
    limit: tuple[IdentifierLimit, str | None],
    encoding: str,
    *,
    maximum: int | None = None,
    why: str = "",
) -> str | None:
    """The message when ``name`` (a ``kind`` of ``owner``) is over the limit, else None."""
    bound, release = limit
    allowed = bound.max_length if maximum is None else maximum
    if len(name) <= allowed and name.isascii():
        return None  # one byte, one character, unchanged by NFD: nothing to measure
    length = _measure(bound, name, encoding)
    if length <= allowed:
        return None
    unit = bound.unit if bound.unit == "characters" else f"bytes ({encoding})"
    where = _PLATFORM_NAMES[bound.platform] + (f" {release}" if release else "")
    # the release is a setting, not the DDL's: say which one and where it is set
    setting = _RELEASE_SETTING.get(bound.platform) if release else None
    where += f" ({setting})" if setting else ""
    of = f" of {_short(str(owner))}" if owner is not None else ""
    return f"{kind} {_short(name)}{of} is {length} {unit} long; {where} allows {allowed}{why}"


#: Where the release a limit depends on is set (issue 27 item 6).
_RELEASE_SETTING = {
    "teradata": "[size.teradata] release",
    "ase": "[size.ase] limits_release",
}


def _short(name: str) -> str:
    # The name is the problem: show enough of it to find it, not all 200 characters.
    return name if len(name) <= 40 else name[:37] + "..."


def identifier_too_long(ctx: SourceContext) -> Iterator[Finding]:
    """Every table, column, constraint and index name longer than its platform allows.

    SQL Server "Database Identifiers" (128 characters, 116 for #local temporary tables);
    ASE Reference Manual: Building Blocks, "Identifiers" (255 bytes from 15.0, 253
    delimited; 30 bytes in 12.5); Teradata International Character Set Support, "Object
    Names" (128 characters from 14.10, 30 before); HiRDB SQL Reference 1.1.7, Table 1-2
    (30 bytes).  The numbers are :func:`analyzer.rules.words.identifier_limit`'s.
    """
    encoding = _encoding(ctx.result.encoding)
    limits: dict[str, tuple[IdentifierLimit, str | None]] = {}  # by platform: the file's
    for i, table in enumerate(ctx.result.tables):
        platform = ctx.platform(table)
        if platform not in _PLATFORM_NAMES:
            continue
        limit = limits.get(platform)
        if limit is None:
            limit = limits[platform] = _limit(ctx, platform)
        delimited = platform == "ase" and limit[0].max_length == 255
        name, span = table.name.name, table.span
        # A short ASCII name is under every limit however it is written (253 delimited,
        # 116 for a #temporary table, whose '#' must then be in the statement): its
        # written form is looked for only otherwise.
        if not (
            len(name) <= min(limit[0].max_length, 253, 116)
            and name.isascii()
            and (
                platform != "mssql" or span is None or ctx.text.find("#", span.start, span.end) < 0
            )
        ):
            at = _table_name_of(ctx, i)
            written = ctx.text[at[0] : at[1]] if at else name
            maximum, why = None, ""
            if platform == "mssql" and written.startswith("#") and not written.startswith("##"):
                name, maximum, why = written, _MSSQL_LOCAL_TEMP, " for a local temporary table"
            elif delimited and _quoted(written):
                maximum, why = 253, " for a delimited identifier"
            message = _too_long("table name", name, None, limit, encoding, maximum=maximum, why=why)
            if message:
                span = _sub_span(ctx, span, *at) if at and span else span
                yield IDENTIFIER_TOO_LONG.finding(message, ctx.path, span=span, table=table)
        # A column name this short and ASCII is under the limit whatever its quoting
        # (253 delimited, from a 255 limit): no call per column for most names.
        short = min(limit[0].max_length, 253)
        for column in table.columns:
            if len(column.name) <= short and column.name.isascii():
                continue
            quoted = (
                delimited and len(column.name) > 253 and _quoted(_column_written(ctx, column) or "")
            )
            message = _too_long(
                "column name",
                column.name,
                table.name,
                limit,
                encoding,
                maximum=253 if quoted else None,
                why=" for a delimited identifier" if quoted else "",
            )
            if message:
                yield IDENTIFIER_TOO_LONG.finding(
                    message, ctx.path, span=column.span, table=table, column=column
                )
        for constraint in table.constraints:
            if constraint.name and constraint.declared_by is None:
                message = _too_long("constraint name", constraint.name, table.name, limit, encoding)
                if message:
                    yield IDENTIFIER_TOO_LONG.finding(
                        message,
                        ctx.path,
                        span=constraint.span,
                        table=table,
                        subject=f"{table.name}/constraint:{constraint.name}",
                    )
        for index in table.indexes:
            if index.name:
                message = _too_long("index name", index.name, table.name, limit, encoding)
                if message:
                    yield IDENTIFIER_TOO_LONG.finding(
                        message,
                        ctx.path,
                        span=index.span or table.span,
                        table=table,
                        subject=f"{table.name}/index:{index.name}",
                    )
    yield from _standalone_indexes(ctx, encoding)


def _standalone_indexes(ctx: SourceContext, encoding: str) -> Iterator[Finding]:
    """HiRDB ``CREATE INDEX`` names (the only indexes kept outside a table)."""
    if ctx.result.dialect is None or not ctx.result.indexes:
        return
    platform = ctx.sizing.platform_for(ctx.result.dialect)
    if platform not in _PLATFORM_NAMES:
        return
    limit = _limit(ctx, platform)
    for index in ctx.result.indexes:
        if not index.name or index.table is None:
            continue
        message = _too_long("index name", index.name, index.table, limit, encoding)
        if message:
            yield IDENTIFIER_TOO_LONG.finding(
                message,
                ctx.path,
                span=index.span,
                table=index.table,
                subject=f"{index.table}/index:{index.name}",
            )


# ------------------------------------------------------------------ N002


def reserved_word_identifier(ctx: SourceContext) -> Iterator[Finding]:
    """Every unquoted table or column name that is a reserved word of its platform
    (:func:`analyzer.rules.words.is_reserved`: SQL Server "Reserved Keywords
    (Transact-SQL)", ASE "Reserved Words", Teradata "Restricted Words" category R)."""
    for i, table in enumerate(ctx.result.tables):
        platform = ctx.platform(table)
        if platform not in _LIST_SOURCES:
            continue
        where = f"{_PLATFORM_NAMES[platform]} ({_LIST_SOURCES[platform]})"
        # the name's written form only for a reserved word (whether it is quoted)
        at = _table_name_of(ctx, i) if is_reserved(platform, table.name.name) else None
        bare = at is not None and not _quoted(ctx.text[at[0] : at[1]])
        if at is not None and bare and table.span:
            yield RESERVED_WORD_IDENTIFIER.finding(
                f"table name {table.name.name} is a reserved word of {where}; quote it or "
                "rename the table",
                ctx.path,
                span=_sub_span(ctx, table.span, *at),
                table=table,
            )
        words = reserved_words(platform)  # is_reserved, the list looked up once a table
        for column in table.columns:
            name = column.name
            if not (name.isascii() and name.upper() in words):
                continue
            written = _column_written(ctx, column)
            if written is None or _quoted(written):
                continue
            span = column.span
            assert span is not None  # _column_written found the name in it
            yield RESERVED_WORD_IDENTIFIER.finding(
                f"column name {column.name} of {table.name} is a reserved word of {where}; "
                "quote it or rename the column",
                ctx.path,
                span=_sub_span(ctx, span, span.start, span.start + len(written)),
                table=table,
                column=column,
            )


# ------------------------------------------------------------------ N101, N102

# Compiled where used (re's cache): both rules are off by default.
_SNAKE = r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*"
_HUNGARIAN = r"(?i)(?:tbl|tb|t)_|tbl(?=[A-Z0-9])"
_HUNGARIAN_CAMEL = r"tbl(?=[A-Z0-9])"


def _head(table: Table) -> Span | None:
    """The table's span up to its first column (file rules have no text)."""
    span = table.span
    first = table.columns[0].span if table.columns else None
    if span is None or first is None or not span.start < first.start <= span.end:
        return span
    return Span(
        span.file, span.line, span.column, first.line, first.column, span.start, first.start
    )


def non_snake_case_name(ctx: FileContext) -> Iterator[Finding]:
    """Every table or column name that is not snake_case (one case, words joined by _)."""
    for table in ctx.result.tables:
        if not re.fullmatch(_SNAKE, table.name.name):
            yield NON_SNAKE_CASE_NAME.finding(
                f"table name {table.name.name} is not snake_case",
                ctx.path,
                span=_head(table),
                table=table,
            )
        for column in table.columns:
            if not re.fullmatch(_SNAKE, column.name):
                yield NON_SNAKE_CASE_NAME.finding(
                    f"column name {column.name} of {table.name} is not snake_case",
                    ctx.path,
                    span=column.span,
                    table=table,
                    column=column,
                )


def hungarian_table_prefix(ctx: FileContext) -> Iterator[Finding]:
    """Every table name that starts with a type prefix: tbl_, tb_, t_, tblName."""
    for table in ctx.result.tables:
        name = table.name.name
        match = re.match(_HUNGARIAN, name)
        # "tbl" glued to the name only counts before a capital or digit (tblCustomer, not
        # tblspace); the regex is case-insensitive, so check the glued form case-sensitively.
        if match is None or (
            not match.group().endswith("_") and not re.match(_HUNGARIAN_CAMEL, name)
        ):
            continue
        rest = name[match.end() :] or name
        yield HUNGARIAN_TABLE_PREFIX.finding(
            f"table name {name} starts with the type prefix {match.group()}; name the table "
            f"for what it holds ({rest})",
            ctx.path,
            span=_head(table),
            table=table,
        )


# ------------------------------------------------------------------ rules

IDENTIFIER_TOO_LONG = Rule(
    "N001",
    "identifier-too-long",
    "identifiers",
    Severity.ERROR,
    "a table, column, constraint or index name is longer than the platform allows",
    what="Reports a table, column, constraint or index name longer than the target platform "
    "accepts: SQL Server 128 characters (116 for a #local temporary table name, counted with "
    "its #); SAP ASE 255 bytes from 15.0 (253 for a delimited identifier) and 30 bytes before, "
    "by [size.ase] limits_release; Teradata 128 characters in Unicode normalization form D "
    "from 14.10 and 30 before, by [size.teradata] release; HiRDB 30 bytes. Bytes are counted "
    "in the script's encoding when it is a legacy code page (Shift_JIS, EUC-JP, cp1252), "
    "else in UTF-8. The platform is --platform, else the table's dialect's.",
    why='The CREATE TABLE fails on the platform (SQL Server Msg 103 "The identifier that '
    'starts with ... is too long"), or, on older releases, the name is rejected on one '
    "server and accepted on another: moving a 14.10 Teradata schema with extended object "
    "names to a system without them, or an ASE 15 schema to 12.5, breaks it.",
    example="CREATE TABLE dbo.customer_account_balance_history_snapshot_for_regulatory_"
    "reporting_and_reconciliation_purposes_retained_for_seven_years_by_branch (\n"
    "    id int NOT NULL PRIMARY KEY\n)",
    fix="Shorten the name (keep an abbreviation list so that names stay predictable):\n\n"
    "CREATE TABLE dbo.cust_acct_bal_hist_snap (\n    id int NOT NULL PRIMARY KEY\n)",
    references=(
        'SQL Server: "Database Identifiers": 1 through 128 characters, 116 for local '
        "temporary tables",
        'SAP ASE 15.0 Reference Manual: Building Blocks, "Identifiers": 255 bytes (253 '
        'delimited); ASE 12.5 Reference Manual, "Identifiers": 30 bytes',
        'Teradata International Character Set Support, "Object Names": 128 characters in '
        "Unicode normalization form D (from 14.10; 30 before)",
        'HiRDB Version 9 SQL Reference 1.1.7 "Specification of names", Table 1-2: table '
        "identifier and column name 30 bytes",
        "Bytes in the script's encoding: ddlaudit's choice (the server's character set is not "
        "in the DDL; a deploy script is normally written in it)",
    ),
    check=identifier_too_long,
    level="source",
)

RESERVED_WORD_IDENTIFIER = Rule(
    "N002",
    "reserved-word-identifier",
    "identifiers",
    Severity.WARNING,
    "a table or column name is an unquoted reserved word",
    what="Reports a table or column name that is a reserved word of the target platform and "
    'is written without quotes ([user] and "user" are fine; user is not). The lists: SQL '
    'Server\'s "Reserved Keywords (Transact-SQL)", ASE\'s "Reserved Words", Teradata\'s '
    "restricted words of category R. HiRDB's list is not available to ddlaudit yet, so no "
    "HiRDB name is reported. The finding points at the name.",
    why="The platform rejects the statement (a syntax error at the name), or accepts it only "
    "where quoted identifiers are on; every later query has to quote the name too. A word "
    "reserved by the target platform but not by the source one is a classic migration break.",
    example="CREATE TABLE dbo.account (\n    id int NOT NULL PRIMARY KEY,\n"
    "    user varchar(30) NOT NULL\n)",
    fix="Rename the column (or quote it everywhere):\n\nCREATE TABLE dbo.account (\n"
    "    id int NOT NULL PRIMARY KEY,\n    user_name varchar(30) NOT NULL\n)",
    references=(
        'SQL Server: "Reserved Keywords (Transact-SQL)"',
        'SAP ASE Reference Manual: Building Blocks, "Reserved Words"',
        'Teradata SQL Fundamentals, "Restricted Words" (SQLRestrictedWords, category R)',
        'HiRDB SQL Reference 1.1.7 (2) "What to do if a name conflicts with an SQL reserved word"',
    ),
    check=reserved_word_identifier,
    level="source",
)

NON_SNAKE_CASE_NAME = Rule(
    "N101",
    "non-snake-case-name",
    "identifiers",
    Severity.INFO,
    "style: a table or column name is not snake_case",
    what="Style rule, off by default. Reports a table or column name that is not snake_case: "
    "letters of one case (customer_id or CUSTOMER_ID), digits, and single underscores between "
    "words; no camelCase, PascalCase, spaces, leading digits or other characters. Both cases "
    "pass because the platforms compare names case-insensitively by default: the convention "
    "is about how words are separated. The convention is fixed (rules take no settings).",
    why="Mixed conventions make names hard to guess in queries; camelCase names lose their "
    "word boundaries on platforms that fold or display names in upper case (Teradata, HiRDB), "
    "and names with spaces must be quoted everywhere.",
    example="CREATE TABLE dbo.CustomerOrder (\n    OrderId int NOT NULL PRIMARY KEY,\n"
    "    [Order Date] datetime NOT NULL\n)",
    fix="Rename the table and columns in snake_case:\n\n"
    "CREATE TABLE dbo.customer_order (\n    order_id int NOT NULL PRIMARY KEY,\n"
    "    order_date datetime NOT NULL\n)",
    references=(
        "ddlaudit style convention (no vendor rule; a fixed convention, rules take no settings)",
    ),
    enabled_by_default=False,
    check=non_snake_case_name,
)

HUNGARIAN_TABLE_PREFIX = Rule(
    "N102",
    "hungarian-table-prefix",
    "identifiers",
    Severity.INFO,
    "style: a table name starts with a type prefix (tbl_, t_)",
    what="Style rule, off by default. Reports a table name that starts with a prefix saying "
    "it is a table: tbl_, tb_ or t_ (any case), or tbl glued to a capital or digit "
    "(tblCustomer).",
    why="Every table is a table: the prefix adds nothing, hides the name's first real word "
    "from sorted lists, and lies once the table becomes a view.",
    example="CREATE TABLE dbo.tbl_customer (\n    id int NOT NULL PRIMARY KEY\n)",
    fix="Name the table for what it holds:\n\nCREATE TABLE dbo.customer (\n"
    "    id int NOT NULL PRIMARY KEY\n)",
    references=(
        "ddlaudit style convention (no vendor rule; a fixed convention, rules take no settings)",
    ),
    enabled_by_default=False,
    check=hungarian_table_prefix,
)

RULES: tuple[Rule, ...] = (
    IDENTIFIER_TOO_LONG,
    RESERVED_WORD_IDENTIFIER,
    NON_SNAKE_CASE_NAME,
    HUNGARIAN_TABLE_PREFIX,
)
