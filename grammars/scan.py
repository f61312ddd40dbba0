"""A fast, exact path through sqlglot's tokenizer for the tokens DDL is made of.

sqlglot's pure-Python tokenizer walks the text one character at a time and is
about a quarter of ddlaudit's parse time.  :class:`FastScanMixin` puts one regular
expression in front of it for the plain tokens that make up nearly all of a
``CREATE TABLE`` (words, numbers, quoted strings and names, punctuation,
comments) and hands every other token to sqlglot's own scanning methods, with
their state set to the same point, so the token list is **identical** to
sqlglot's: type, text, line, column, offsets and attached comments
(``tests/test_scan.py`` checks this differentially, by hypothesis and on every
fixture and benchmark statement).

Where sqlglot's own position bookkeeping departs from the text (a multi-word
keyword such as ``PRIMARY KEY`` written across a line break does not count that
line; a lone carriage return counts as a line break in some places and not in
others), the whole statement goes to sqlglot's tokenizer instead, so those
quirks are kept too.  docs/decisions.md D1 has the measurements.

>>> from grammars.tsql import DdlauditTSQL
>>> tokens = DdlauditTSQL().tokenize("CREATE TABLE [t] (a int) -- note")
>>> [(t.token_type.name, t.text, t.line, t.col) for t in tokens][:3]
[('CREATE', 'CREATE', 1, 6), ('TABLE', 'TABLE', 1, 12), ('IDENTIFIER', 't', 1, 16)]
>>> tokens[-1].comments
[' note']
"""

from __future__ import annotations

import functools
import re
import typing as t

from sqlglot.tokenizer_core import Token, TokenizerCore, TokenType
from sqlglot.tokens import Tokenizer

from analyzer.records import record

_DIGITS = frozenset("0123456789")
_LONE_CR = re.compile(r"\r(?!\n)")
_SPACE = re.compile(r"\s+")


def _trie_keys(trie: t.Mapping[t.Any, t.Any], prefix: str = "") -> t.Iterator[str]:
    for key, sub in trie.items():
        if key == 0:
            yield prefix
        else:
            yield from _trie_keys(sub, prefix + key)


# Token kinds: the group numbers of ScanTable.master; 5 and up are quoted names,
# one group per identifier delimiter.
_WORD, _NUMBER, _STRING, _SINGLE = 1, 2, 3, 4


def _key_pattern(key: str) -> str:
    """A regex matching where sqlglot's keyword walk completes ``key``.

    The walk compares ASCII letters without case and reads a run of whitespace
    as the key's one space.
    """
    parts = []
    for c in key:
        if c == " ":
            parts.append(r"\s+")
        elif "A" <= c <= "Z":
            parts.append(f"[{c}{c.lower()}]")
        else:
            parts.append(re.escape(c))
    return "".join(parts)


@functools.cache
def _segment(source: str) -> re.Pattern[str]:
    """A segment's regex (:attr:`ScanTable.segments`), compiled on first use; cached as
    the evidence patterns are (``grammars.profile.compiled``), a lookup faster than
    ``re.compile``'s own cache in the scanner's loop."""
    return re.compile(source)


@record
class ScanTable:
    """What the fast path needs to know of one tokenizer class, computed once per class."""

    master: re.Pattern[str]
    keywords: t.Mapping[str, TokenType]
    single: t.Mapping[str, TokenType]
    #: Upper-case words that begin a multi-word or operator keyword or a prefixed
    #: string (``PRIMARY KEY``, ``NOT=``, ``N'``), with a regex of those keys:
    #: where one matches, sqlglot's keyword walk decides.  The regexes are kept as their
    #: source and compiled where a file has the word (:func:`_segment`): a file uses a
    #: few of the tens to hundreds a grammar has.
    segments: t.Mapping[str, str]
    #: ``keywords`` and ``segments`` in one lookup for the scanner's hot loop: an
    #: upper-case key of either to ``(keywords' type or VAR, segments' regex or None)``.
    words: t.Mapping[str, tuple[TokenType, str | None]]
    #: Identifier delimiters, start to end.
    identifiers: t.Mapping[str, str]
    commands: frozenset[TokenType]
    command_prefix: frozenset[TokenType]
    dash_comments: bool
    block_comments: bool
    nested_comments: bool

    @classmethod
    def of(cls, tokenizer: type[Tokenizer]) -> ScanTable:
        """The table of ``tokenizer`` (its sqlglot configuration, nothing else)."""
        single = dict(tokenizer.SINGLE_TOKENS)
        var_single = set(tokenizer.VAR_SINGLE_TOKENS)
        keys = list(_trie_keys(tokenizer._KEYWORD_TRIE))
        roots = {key[0] for key in keys if key}
        # sqlglot's _scan_var ends a word at whitespace or at these.
        stops = sorted(c for c in single if c not in var_single)
        by_segment: dict[str, list[str]] = {}
        for key in keys:
            if key and (key[0].isalpha() or key[0] == "_"):
                end = next((i for i, c in enumerate(key) if c.isspace() or c in stops), len(key))
                by_segment.setdefault(key[:end].upper(), []).append(key)
        segments = {
            segment: "|".join(_key_pattern(k) for k in sorted(found, key=len))
            for segment, found in by_segment.items()
        }
        quotes = tokenizer._QUOTES
        identifiers = tokenizer._IDENTIFIERS
        comments = tokenizer._COMMENTS
        stop_class = "".join(re.escape(c) for c in stops)
        # Each alternative matches only a token sqlglot ends at the same place: the
        # lookaheads reject what its scanners would read on (a word into ``$`` or
        # ``@``, a number into a decimal point, exponent or suffix, a doubled quote).
        string = r"(?!)"
        if (
            quotes.get("'") == "'"
            and "'" not in identifiers
            and "'" in tokenizer._STRING_ESCAPES
            and "\\" not in tokenizer._STRING_ESCAPES
            and [k for k in keys if k.startswith("'")] == ["'"]
        ):
            string = r"'[^']*'(?!')"
        plain = sorted(
            c
            for c in single
            if c not in roots and c not in quotes and c not in identifiers and c not in _DIGITS
        )
        alternatives = [
            rf"[A-Za-z_][A-Za-z0-9_]*(?=[\s{stop_class}]|\Z)",
            r"[0-9]+(?:\.[0-9]*)?(?![0-9._A-Za-z]|[^\x00-\x7f])",
            string,
            "[" + "".join(re.escape(c) for c in plain) + "]" if plain else r"(?!)",
        ]
        for opening, closing in identifiers.items():
            if (
                len(opening) == 1
                and len(closing) == 1
                and not tokenizer._IDENTIFIER_ESCAPES - {closing}
            ):
                o, c = re.escape(opening), re.escape(closing)
                alternatives.append(f"{o}[^{c}]*{c}(?!{c})")
        master = re.compile(r"\s*(?:" + "|".join(f"({alt})" for alt in alternatives) + ")")
        keywords = dict(tokenizer.KEYWORDS)
        return cls(
            master=master,
            keywords=keywords,
            single=single,
            segments=segments,
            words={
                key: (keywords.get(key, TokenType.VAR), segments.get(key))
                for key in {*keywords, *segments}
            },
            identifiers=dict(identifiers),
            commands=frozenset(tokenizer.COMMANDS),
            command_prefix=frozenset(tokenizer.COMMAND_PREFIX_TOKENS),
            dash_comments=comments.get("--", 0) is None
            and [k for k in keys if k.startswith("--")] == ["--"]
            and not tokenizer.DASH_COMMENT_REQUIRES_BOUNDARY,
            block_comments=comments.get("/*") == "*/"
            and all(k in ("/*", "/*+") for k in keys if k.startswith("/*")),
            nested_comments=tokenizer.NESTED_COMMENTS,
        )


def _lines(sql: str, cursor: int, to: int, line: int, line_start: int) -> tuple[int, int]:
    """``line`` and ``line_start`` moved from offset ``cursor`` to ``to``."""
    if sql.find("\n", cursor, to) >= 0:
        return line + sql.count("\n", cursor, to), sql.rfind("\n", cursor, to) + 1
    return line, line_start


def _next_break(sql: str, cursor: int, n: int) -> int:
    """The first line break at or after ``cursor``, or ``n``."""
    found = sql.find("\n", cursor)
    return n if found < 0 else found


def scan(table: ScanTable, core: TokenizerCore, sql: str) -> list[Token] | None:
    """The tokens of ``sql``, exactly as ``core.tokenize(sql)`` gives them, or None.

    None means "let sqlglot tokenize the whole statement": the text has a
    construct whose position bookkeeping the fast path does not reproduce, or
    sqlglot's scanner raised (it will raise again, with its own message).
    """
    if "\r" in sql and _LONE_CR.search(sql):
        return None
    n = len(sql)
    tokens: list[Token] = []
    append = tokens.append
    pending: list[str] = []  # comments waiting for the next token
    prev_line = -1  # line of the last token added (sqlglot's _prev_token_line)
    prev_type: TokenType | None = None
    # Line bookkeeping: sqlglot's line of a character is 1 + the newlines before it
    # (the quirks where it is not make scan() return None).
    cursor = 0
    line = 1
    line_start = 0
    master = table.master.match
    words = table.words
    single = table.single
    commands = table.commands
    find = sql.find
    var = TokenType.VAR
    parameter = TokenType.PARAMETER
    semicolon = TokenType.SEMICOLON
    number = TokenType.NUMBER
    string = TokenType.STRING
    identifier = TokenType.IDENTIFIER
    # the first line break at or after ``cursor`` (n: none), so the hot path only
    # compares offsets; reset wherever ``cursor`` moves outside it
    next_break = _next_break(sql, 0, n)
    pos = 0
    while pos < n:
        m = master(sql, pos)
        if m is not None:
            kind = m.lastindex or 0  # always set: every alternative is a group
            start, pos = m.span(kind)  # each group ends the match
            last = pos - 1
            if kind == _WORD:
                text = sql[start:pos]
                entry = words.get(text.upper())
                if entry is None:
                    ttype = var
                elif entry[1] is not None and _segment(entry[1]).match(sql, start):
                    kind = 0  # a multi-word keyword, N'...' and the like: sqlglot's walk
                else:
                    ttype = var if prev_type == parameter else entry[0]
                    if (
                        ttype in commands
                        and sql[pos : pos + 1] != ";"
                        and (prev_type is None or prev_type in table.command_prefix)
                    ):
                        return None  # sqlglot reads the rest as one string: let it
            elif kind == _SINGLE:
                text = sql[start]
                ttype = single[text]
            elif kind == _NUMBER:
                if prev_type == parameter:
                    kind = 0
                else:
                    text = sql[start:pos]
                    ttype = number
            else:
                text = sql[start + 1 : last]
                ttype = string if kind == _STRING else identifier
            if kind:
                # _lines() inline: this runs for every token.
                if next_break < last:
                    line += sql.count("\n", cursor, last)
                    line_start = sql.rfind("\n", cursor, last) + 1
                    next_break = _next_break(sql, last, n)
                cursor = last
                prev_line = line
                prev_type = ttype
                if pending:
                    if ttype == semicolon and tokens:
                        tokens[-1].comments.extend(pending)
                        append(Token(ttype, text, line, last - line_start + 1, start, last))
                    else:
                        append(
                            Token(ttype, text, line, last - line_start + 1, start, last, pending)
                        )
                    pending = []
                else:
                    append(Token(ttype, text, line, last - line_start + 1, start, last))
                continue
            pos = start
        else:
            space = _SPACE.match(sql, pos)
            if space is not None:
                pos = space.end()
                if pos >= n:
                    break
        char = sql[pos]
        # Comments: sqlglot attaches one to the token before it when it starts on
        # that token's line, else to the next token.
        comment = None
        if char == "-" and table.dash_comments and sql.startswith("--", pos):
            end = pos + 2
            while end < n and sql[end] != "\n" and sql[end] != "\r":
                end += 1
            comment = sql[pos + 2 : end]
            last = end - 1
        elif (
            char == "/"
            and table.block_comments
            and sql.startswith("/*", pos)
            and not sql.startswith("/*+", pos)
        ):
            close = find("*/", pos + 2)
            if close >= 0 and not (table.nested_comments and find("/*", pos + 2, close + 1) >= 0):
                comment = sql[pos + 2 : close]
                end = close + 2
                last = close + 1
        line, line_start = _lines(sql, cursor, pos, line, line_start)
        cursor = pos
        if comment is not None:
            pending.append(comment)
            if line == prev_line:
                tokens[-1].comments.extend(pending)
                pending = []
                line, line_start = _lines(sql, cursor, last, line, line_start)
                cursor = last
                prev_line = line
            next_break = _next_break(sql, cursor, n)
            pos = end
            continue
        # Anything else: sqlglot's own scanner, set to this point.
        core.sql = sql
        core.size = n
        core.tokens = tokens
        core._comments = pending
        core._prev_token_line = prev_line
        core._start = pos
        core._current = pos + 1
        core._char = char
        core._end = pos + 1 >= n
        core._peek = "" if core._end else sql[pos + 1]
        core._line = line
        core._col = pos - line_start + 1
        try:
            if char in _DIGITS:
                core._scan_number()
            elif char in table.identifiers:
                core._scan_identifier(table.identifiers[char])
            else:
                core._scan_keywords()
        except Exception:
            return None  # sqlglot's tokenizer will raise it again, with its message
        pos = core._current
        pending = core._comments
        prev_line = core._prev_token_line
        tokens = core.tokens  # a command keyword makes sqlglot rebuild the list
        append = tokens.append
        prev_type = tokens[-1].token_type if tokens else None
        last = pos - 1
        line, line_start = _lines(sql, cursor, last, line, line_start)
        cursor = last
        next_break = _next_break(sql, cursor, n)
        if core._line != line or core._col != last - line_start + 1:
            return None  # sqlglot lost count of a line here: keep its numbers
    if tokens and pending:
        tokens[-1].comments.extend(pending)
    return tokens


@functools.cache
def scan_table(tokenizer: type) -> ScanTable:
    """:meth:`ScanTable.of` ``tokenizer``, made the first time one of its objects
    tokenizes: a grammar's module defines Tokenizer classes a run may never use (the ASE
    grammar builds on the T-SQL one), and a cache on a function of the class, as
    :func:`grammars.get` has, keeps no registry of ours."""
    return ScanTable.of(t.cast("type[Tokenizer]", tokenizer))


class FastScanMixin(Tokenizer):
    """Tokenize through :func:`scan`, falling back to sqlglot's tokenizer.

    Put it first in a grammar's Tokenizer bases:
    ``class Tokenizer(FastScanMixin, TSQL.Tokenizer)``.
    """

    def tokenize(self, sql: str) -> list[Token]:
        """The tokens of ``sql``; identical to sqlglot's (see the module docstring)."""
        core = self._core
        # Dialect-level settings the fast path does not model (none of ddlaudit's
        # dialects sets them): sqlglot's tokenizer alone then.
        if core.unescaped_sequences or not core.numbers_can_have_decimals:
            return core.tokenize(sql)
        tokens = scan(scan_table(t.cast(type, type(self))), core, sql)
        if tokens is None:
            return self._core.tokenize(sql)
        self._core.tokens = tokens
        return tokens
