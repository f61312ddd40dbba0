"""What every grammar shares: the :class:`Grammar` record and the span-keeping parser mixin.

A grammar is a sqlglot :class:`~sqlglot.dialects.dialect.Dialect` subclass plus the
facts ddlaudit needs around it (how to recognise the dialect in a file, which
statements it analyses).  Grammars extend sqlglot by subclassing its Tokenizer and
Parser, which needs the pure-Python sqlglot build (docs/decisions.md, D1).

:class:`SpanParserMixin` records, on the nodes the IR is built from, the exact
source text and character offsets sqlglot otherwise throws away:

* ``DataType.meta["declared"]``: the type exactly as written (``BYTEINT``, ``nvarchar(max)``),
* ``meta["span"] = (start, end)`` (0-based, end exclusive, relative to the parsed
  text) on data types, column definitions, table constraints and ``Create``.
"""

from __future__ import annotations

import importlib.machinery
import re
import re._constants as sre_constants  # type: ignore[import-not-found]  # no stubs; stable since 3.11
import re._parser as sre_parse  # type: ignore[import-not-found]
import typing as t
from dataclasses import dataclass

import sqlglot.parser
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import ParseError
from sqlglot.parser import Parser
from sqlglot.tokenizer_core import Token, TokenType

from grammars import nodes

#: Why the grammars cannot run on the compiled sqlglot build (docs/decisions.md D1).
COMPILED_SQLGLOT_MESSAGE = (
    "the compiled sqlglot build (sqlglotc) is installed: ddlaudit's grammars extend "
    "sqlglot's parser in Python, which the compiled build refuses (docs/decisions.md D1); "
    "install the pure-Python build: pip uninstall sqlglotc"
)


def compiled_sqlglot() -> str | None:
    """The file of sqlglot's parser when it is the compiled build, else None."""
    path = getattr(sqlglot.parser, "__file__", None) or ""
    return path if path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) else None


#: Statement heads every grammar analyses unless it says otherwise.
CREATE_TABLE = re.compile(
    r"""\A\s*create\s+
        (?:or\s+replace\s+)?
        (?:(?:set|multiset|volatile|global\s+temporary|temporary|temp|share|fix)\s+)*
        table\b""",
    re.IGNORECASE | re.VERBOSE,
)
CREATE_TYPE = re.compile(r"\A\s*create\s+type\b", re.IGNORECASE)

#: One part of a table or constraint name: ``[a b]``, ``"a"``, ``a`` (``db..t``: a part may
#: be empty).
_NAME_PART = r'(?:\[[^\]]*\]|"[^"]*"|[^\s.\[\]"(),;]+)'
_NAME = rf"{_NAME_PART}(?:\s*\.\s*{_NAME_PART}?)*"

#: White space or a comment between two words of a statement head.
_GAP = r"(?:\s|--[^\n]*(?:\n|\Z)|/\*(?:[^*]|\*(?!/))*\*/)"

#: ``ALTER TABLE t [WITH [NO]CHECK] ADD [CONSTRAINT n] PRIMARY KEY | UNIQUE | FOREIGN KEY |
#: CHECK``: the forms that add a key (SQL Server, ASE, Teradata); other ALTERs stay skipped.
ALTER_TABLE_ADD_KEY = re.compile(
    rf"""{_GAP}*alter{_GAP}+table{_GAP}+{_NAME}{_GAP}*
        (?:with{_GAP}+(?:no)?check{_GAP}+)?
        add{_GAP}+(?:constraint{_GAP}+{_NAME_PART}{_GAP}*)?
        (?:primary{_GAP}+key|unique|foreign{_GAP}+key|check)\b""",
    re.IGNORECASE | re.VERBOSE,
)

#: ``CREATE [UNIQUE] [CLUSTERED | NONCLUSTERED] INDEX`` (not XML, spatial, columnstore,
#: Teradata join or hash indexes).
CREATE_INDEX = re.compile(
    rf"{_GAP}*create{_GAP}+(?:unique{_GAP}+)?(?:(?:non)?clustered{_GAP}+)?index\b", re.IGNORECASE
)

#: The table changes SQL Server, ASE and Teradata scripts make after CREATE TABLE
#: (``Grammar.changes``).
KEY_CHANGES = ((ALTER_TABLE_ADD_KEY, "alter table"), (CREATE_INDEX, "create index"))


# The non-ASCII characters an IGNORECASE regex matches with an ASCII letter (sre's
# simple lower case and its extra case pairs): KELVIN SIGN, DOTTED and DOTLESS I,
# LONG S.  U+0130 is also the one character lower() turns into two.
_FOLD = str.maketrans({"\u212a": "k", "\u0130": "i", "\u0131": "i", "\u017f": "s"})


def fold_case(head: str) -> str | None:
    """``head`` in lower case, offset for offset, such that wherever a case-insensitive
    regex matches an ASCII letter the folded text has that letter in lower case;
    None if the lengths differ (then only the regex decides).

    >>> fold_case("CREATE ſET"), fold_case("KIND")
    ('create set', 'kind')
    """
    lowered = head.lower() if head.isascii() else head.translate(_FOLD).lower()
    return lowered if len(lowered) == len(head) else None


_WORDS = re.compile(r"[a-z0-9_]+")


def text_words(head: str, lowered: str | None) -> frozenset[str] | None:
    """The words (``\\w`` runs) of an ASCII ``head``, from its lower-case ``lowered``;
    None for other text (case folding and ``\\w`` outside ASCII: the scans decide).

    >>> sorted(text_words("CREATE TABLE t_1(a)", "create table t_1(a)"))
    ['a', 'create', 't_1', 'table']
    """
    if lowered is None or not head.isascii():
        return None
    return frozenset(_WORDS.findall(lowered))


@dataclass(frozen=True, slots=True)
class Evidence:
    """A content pattern that points at a dialect, with its weight in detection.

    ``needles`` are lower-case literals the pattern cannot match without, as a
    conjunction of alternatives (see :func:`required_literals`); detection runs the
    regex only when every group has one of its strings in the text (a substring test
    is ~100x faster than a case-insensitive regex scan that finds nothing).
    ``leading`` are literals every match starts with (:func:`leading_literals`):
    the regex is then tried only where one of them occurs.  ``words`` are whole words
    every match contains (:func:`required_words`), tested first against the set of
    the text's words.
    """

    pattern: re.Pattern[str]
    weight: int
    label: str
    needles: tuple[tuple[str, ...], ...] = ()
    leading: tuple[str, ...] = ()
    words: tuple[tuple[str, ...], ...] = ()

    def search(
        self, head: str, lowered: str | None, words: t.AbstractSet[str] | None = None
    ) -> bool:
        """Whether the pattern occurs in ``head``.

        ``lowered`` is :func:`fold_case` of ``head`` (None: no shortcuts, the regex
        alone decides); ``words``, for an ASCII ``head`` only, the set of its
        lower-case words (:func:`text_words`): a set test per required word then
        replaces a scan of the text.
        """
        if lowered is None:
            return self.pattern.search(head) is not None
        if words is not None:
            for group in self.words:
                for word in group:
                    if word in words:
                        break
                else:
                    return False
        for group in self.needles:
            for needle in group:  # plain loops: detection runs this ~100 times a file
                if needle in lowered:
                    break
            else:
                return False
        if not self.leading:
            return self.pattern.search(head) is not None
        match = self.pattern.match
        for literal in self.leading:
            at = lowered.find(literal)
            while at >= 0:
                if match(head, at) is not None:
                    return True
                at = lowered.find(literal, at + 1)
        return False


@dataclass(frozen=True, slots=True)
class Grammar:
    """One dialect ddlaudit reads.

    ``dialect`` is the sqlglot dialect class that parses it; ``evidence`` feeds
    content detection; ``batch_separator`` says whether ``GO`` lines split
    batches; ``type_families`` maps an upper-case type name to its IR family
    (names not there fall back to :data:`analyzer.types.COMMON_FAMILIES`).
    """

    name: str
    description: str
    dialect: type[Dialect]
    evidence: tuple[Evidence, ...]
    type_families: t.Mapping[str, str]
    batch_separator: bool = True
    #: Nullability of a column that says neither NULL nor NOT NULL.
    default_nullable: bool = True
    #: Number of partitions one partitioning level defines, when countable.
    partition_count: t.Callable[[exp.Expr], int | None] | None = None
    #: Further statement heads this grammar analyses, as (pattern, kind): e.g. the
    #: Sybase grammar's ``sp_addtype`` calls are ``"type"`` statements.
    statements: tuple[tuple[re.Pattern[str], str], ...] = ()
    #: Statement heads read as changes to a table (``ALTER TABLE ... ADD CONSTRAINT``,
    #: ``CREATE INDEX``), as (pattern, kind).  Unlike ``statements``, one that does not
    #: parse is kept as a skipped statement, as before ddlaudit read them: their forms
    #: vary far more than the ones read (docs/decisions.md D76).
    changes: tuple[tuple[re.Pattern[str], str], ...] = ()

    def statement_kind(self, text: str) -> str | None:
        """``"table"`` or ``"type"`` when this grammar analyses the statement, else None."""
        for pattern, kind in self.statements:
            if pattern.match(text):
                return kind
        if CREATE_TABLE.match(text):
            return "table"
        if CREATE_TYPE.match(text):
            return "type"
        return None

    def change_kind(self, text: str) -> str | None:
        """``"alter table"`` or ``"create index"`` when the statement is one of the table
        changes this grammar reads (``changes``), else None."""
        for pattern, kind in self.changes:
            if pattern.match(text):
                return kind
        return None


#: Shortest literal worth a substring test.
_MIN_NEEDLE = 2


def required_literals(pattern: str) -> tuple[tuple[str, ...], ...]:
    """Literals every match of ``pattern`` contains, as groups of alternatives.

    Each group lists strings of which at least one occurs in any match; every group
    must be satisfied.  Literal runs of the top-level sequence and of mandatory
    groups each give a group of one; an alternation gives a group with one string
    per branch, or nothing when a branch has no literal.  Optional and repeated-zero
    parts give nothing, so the answer is always safe (lower case: detection
    compiles with IGNORECASE).

    >>> required_literals(r"\\bON\\s+\\[PRIMARY\\]")
    (('on',), ('[primary]',))
    >>> required_literals(r"\\bROWGUIDCOL\\b|\\bNEWSEQUENTIALID\\s*\\(")
    (('rowguidcol', 'newsequentialid'),)
    >>> required_literals(r"\\bcreate\\s+(?:share\\s+)?fix\\s+table\\b")
    (('create',), ('fix',), ('table',))
    >>> required_literals(r"\\buni(?:char|text)\\b")
    (('unichar', 'unitext'),)
    >>> required_literals(r"\\bcompress\\s+using\\b|\\bdecompress\\s+using\\b")
    (('compress', 'decompress'), ('using',))
    >>> required_literals(r"(?:a|b)c")
    ()
    """
    try:
        parsed = sre_parse.parse(pattern)
    except (re.error, RecursionError):
        return ()
    return tuple(_requirements(parsed.data))


def _requirements(items: t.Iterable[tuple[t.Any, t.Any]]) -> list[tuple[str, ...]]:
    groups: list[tuple[str, ...]] = []
    run: list[str] = []

    def flush() -> None:
        if len(run) >= _MIN_NEEDLE:
            groups.append(("".join(run).lower(),))
        run.clear()

    for op, arg in items:
        if op is sre_constants.LITERAL:
            run.append(chr(arg))
            continue
        if op is sre_constants.AT:
            continue  # zero-width: \b, ^, $ do not break a literal run
        heads = _leading_literals(arg[1]) if op is sre_constants.BRANCH and run else ()
        if heads:
            # ``uni(?:char|text)``: the run and each branch's head make one literal.
            prefix = "".join(run).lower()
            groups.append(tuple(dict.fromkeys(prefix + head for head in heads)))
            run.clear()
            continue
        flush()
        if op is sre_constants.SUBPATTERN:
            groups.extend(_requirements(arg[-1].data))
        elif op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT) and arg[0] >= 1:
            groups.extend(_requirements(arg[2].data))
        elif op is sre_constants.BRANCH:
            alternatives: list[str] = []
            per_branch = [_requirements(branch.data) for branch in arg[1]]
            for options in per_branch:
                if not options:
                    alternatives = []
                    break
                # Any one group of the branch is implied by the branch; take the
                # most selective (fewest strings, then longest).
                best = min(options, key=lambda g: (len(g), -min(map(len, g))))
                alternatives.extend(best)
            if alternatives:
                groups.append(tuple(dict.fromkeys(alternatives)))
            # A group every branch requires is required whichever branch matches.
            groups.extend(g for g in per_branch[0] if all(g in o for o in per_branch[1:]))
    flush()
    return groups


def _leading_literals(branches: t.Sequence[t.Any]) -> tuple[str, ...]:
    """Each branch's leading literal (lower case), or () when a branch starts otherwise."""
    heads = []
    for branch in branches:
        head = []
        for op, arg in branch.data:
            if op is not sre_constants.LITERAL:
                break
            head.append(chr(arg))
        if not head:
            return ()
        heads.append("".join(head).lower())
    return tuple(heads)


def leading_literals(pattern: str) -> tuple[str, ...]:
    """Literals (lower case) one of which starts every match of ``pattern``, or ().

    Zero-width assertions at the start (``\\b``, ``^``) are skipped: they test the
    text around a position, which ``re.match(text, pos)`` still sees.

    >>> leading_literals(r"\\bON\\s+\\[PRIMARY\\]")
    ('on',)
    >>> leading_literals(r"\\bdatablocksize\\b|\\bblockcompression\\b")
    ('datablocksize', 'blockcompression')
    >>> leading_literals(r"^\\s*GO\\s*$")
    ()
    """
    try:
        parsed = sre_parse.parse(pattern)
    except (re.error, RecursionError):
        return ()
    return _leading(parsed.data)


def _leading(items: t.Sequence[tuple[t.Any, t.Any]]) -> tuple[str, ...]:
    run: list[str] = []
    for op, arg in items:
        if op is sre_constants.AT and not run:
            continue
        if op is sre_constants.LITERAL:
            run.append(chr(arg))
            continue
        if not run:
            if op is sre_constants.SUBPATTERN:
                return _leading(arg[-1].data)
            if op is sre_constants.BRANCH:
                heads: list[str] = []
                for branch in arg[1]:
                    found = _leading(branch.data)
                    if not found:
                        return ()
                    heads.extend(found)
                return tuple(dict.fromkeys(heads))
        break
    return ("".join(run).lower(),) if len(run) >= _MIN_NEEDLE else ()


_ASCII_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_REPEATS = (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT)
_EDGES = frozenset(
    {
        sre_constants.AT_BOUNDARY,
        sre_constants.AT_BEGINNING,
        sre_constants.AT_BEGINNING_LINE,
        sre_constants.AT_BEGINNING_STRING,
        sre_constants.AT_END,
        sre_constants.AT_END_LINE,
        sre_constants.AT_END_STRING,
    }
)


def required_words(pattern: str) -> tuple[tuple[str, ...], ...]:
    """Whole words (lower case) every match of ``pattern`` contains, as groups of
    alternatives, for ASCII text: a run of literal word characters with, on each side,
    ``\\b``, ``^``/``$``, or a character that cannot be a word character (possibly
    after ``\\s*``-like parts that only match such characters).

    Detection then tests a set of the text's words instead of scanning the text for
    the literal (:meth:`Evidence.search`).  Optional parts give nothing.

    >>> required_words(r"\\bprimary\\s+index\\b")
    (('primary',), ('index',))
    >>> required_words(r"\\bmvarchar\\s*\\(")
    (('mvarchar',),)
    >>> required_words(r"\\bdatablocksize\\b|\\bblockcompression\\b")
    (('datablocksize', 'blockcompression'),)
    >>> required_words(r"\\buni(?:char|text)\\b"), required_words(r"create\\s+tables?")
    ((('unichar', 'unitext'),), ())
    """
    try:
        parsed = sre_parse.parse(pattern)
    except (re.error, RecursionError):
        return ()
    return tuple(dict.fromkeys(_words(list(parsed.data))))


def _words(items: list[tuple[t.Any, t.Any]]) -> list[tuple[str, ...]]:
    for k, (op, arg) in enumerate(items):
        if op is sre_constants.SUBPATTERN:  # a group is its content, in place
            return _words(items[:k] + list(arg[-1].data) + items[k + 1 :])
    groups: list[tuple[str, ...]] = []
    for k, (op, arg) in enumerate(items):
        if op is sre_constants.BRANCH:
            # every match takes one branch: one word of each branch, in its context
            alternatives: list[str] = []
            for branch in arg[1]:
                found = _words(items[:k] + list(branch.data) + items[k + 1 :])
                if not found:
                    break
                shortest: tuple[str, ...] = min(found, key=len)
                alternatives.extend(shortest)
            else:
                groups.append(tuple(dict.fromkeys(alternatives)))
            return groups + _words(items[:k]) + _words(items[k + 1 :])
    k = 0
    while k < len(items):
        j = k
        while (
            j < len(items)
            and items[j][0] is sre_constants.LITERAL
            and chr(items[j][1]) in _ASCII_WORD
        ):
            j += 1
        if j > k:
            if _edge(items[k - 1 :: -1] if k else []) and _edge(items[j:]):
                groups.append(("".join(chr(arg) for _, arg in items[k:j]).lower(),))
            k = j
        else:
            k += 1
    return groups


def _edge(items: t.Sequence[tuple[t.Any, t.Any]]) -> bool:
    """Whether the first of ``items`` (read outward from a word) ends the word."""
    for op, arg in items:
        if op is sre_constants.AT:
            return bool(arg in _EDGES)
        if _nonword(op, arg):
            return True
        if op in _REPEATS and arg[0] == 0 and all(_nonword(o, a) for o, a in arg[2].data):
            continue  # matches non-word characters or nothing: look past it
        return False
    return False


def _nonword(op: t.Any, arg: t.Any) -> bool:
    """Whether the item matches at least one character, never a word character."""
    if op is sre_constants.LITERAL:
        return chr(arg) not in _ASCII_WORD and chr(arg).isascii() and not chr(arg).isalnum()
    if op is sre_constants.IN:
        return all(
            (o is sre_constants.CATEGORY and a is sre_constants.CATEGORY_SPACE)
            or (o is sre_constants.LITERAL and _nonword(o, a))
            for o, a in arg
        )
    if op in _REPEATS and arg[0] >= 1:
        body = list(arg[2].data)
        return bool(body) and all(_nonword(o, a) for o, a in body)
    return False


def evidence(pattern: str, weight: int, label: str) -> Evidence:
    """Build an :class:`Evidence` from a case-insensitive regular expression."""
    return Evidence(
        re.compile(pattern, re.IGNORECASE | re.MULTILINE),
        weight,
        label,
        required_literals(pattern),
        leading_literals(pattern),
        required_words(pattern),
    )


#: Tokens sqlglot's _parse_unnamed_constraint never reads as a constraint keyword.
_NEVER_CONSTRAINTS = frozenset({TokenType.IDENTIFIER, TokenType.STRING})

#: Scalar type keywords the plain-column shortcut reads itself: sqlglot's
#: ``_parse_types`` builds ``DataType(this=DType[token], expressions, nested=False)``
#: for them, with no special case (nested, struct, enum, JSON, INTERVAL, XML, ...).
#: A grammar narrows it with ``PLAIN_COLUMN_TYPES``; tests check the premises.
PLAIN_TYPES = frozenset(
    {
        TokenType.INT,
        TokenType.BIGINT,
        TokenType.SMALLINT,
        TokenType.TINYINT,
        TokenType.UTINYINT,  # T-SQL's and ASE's tinyint
        TokenType.BIT,
        TokenType.BOOLEAN,
        TokenType.DECIMAL,
        TokenType.MONEY,
        TokenType.SMALLMONEY,
        TokenType.FLOAT,
        TokenType.DOUBLE,
        TokenType.DATE,
        TokenType.DATETIME,
        TokenType.DATETIME2,
        TokenType.SMALLDATETIME,
        TokenType.TIME,
        TokenType.TIMESTAMP,
        TokenType.TIMESTAMPTZ,
        TokenType.ROWVERSION,
        TokenType.CHAR,
        TokenType.VARCHAR,
        TokenType.NCHAR,
        TokenType.NVARCHAR,
        TokenType.BINARY,
        TokenType.VARBINARY,
        TokenType.TEXT,
        TokenType.IMAGE,
        TokenType.BLOB,
        TokenType.UUID,
    }
)

#: sqlglot's ``DType[token_type.name]`` of each plain type keyword (an enum's ``name``
#: is a Python-level property: looked up once, not per column).
_DTYPES = {token_type: exp.DType[token_type.name] for token_type in PLAIN_TYPES}

#: Tokens that end a column definition in a column list.
_COLUMN_ENDS = frozenset({TokenType.COMMA, TokenType.R_PAREN})
# a plain column's attributes (grammars.nodes.PlainColumn), shared: they are constants
_DEFAULT_LITERALS = frozenset({TokenType.NUMBER, TokenType.STRING, TokenType.NATIONAL_STRING})
_FORMAT_TITLE = frozenset({"FORMAT", "TITLE"})
_NULL = ("null",)
_NOT_NULL = ("not null",)
_CASESPECIFIC = ("casespecific", False)
_NOT_CASESPECIFIC = ("casespecific", True)

#: After a type, what sqlglot's _parse_types (or a grammar's: HiRDB's ARRAY[n]) would
#: read on with: the shortcut leaves a type followed by one of these to them.
_TYPE_CONTINUATIONS = frozenset(
    {
        TokenType.L_PAREN,
        TokenType.L_BRACKET,
        TokenType.LT,
        TokenType.ARRAY,
        TokenType.LIST,
        TokenType.WITH,
    }
)
_TYPE_CONTINUATION_WORDS = frozenset({"WITH", "WITHOUT", "UNSIGNED", "ARRAY", "LIST"})


#: Words whose property attempt :meth:`SpanParserMixin._starts_no_property` may
#: decline: a VAR (Teradata's PRIMARY), and TABLE / UNIQUE, which sqlglot asks
#: about before ``TABLE`` and ``UNIQUE PRIMARY INDEX``.
_PROPERTY_DECLINED = frozenset({TokenType.VAR, TokenType.TABLE, TokenType.UNIQUE})
#: Tokens after which a column reference ends without an operator or call.
_PLAIN_WORDS = frozenset({TokenType.VAR, TokenType.IDENTIFIER, TokenType.INDEX})
#: First words of sqlglot's _parse_property text sequences and sequence properties.
_PROPERTY_TEXT_STARTS = frozenset(
    {"COMPOUND", "PARAMETER", "NOT", "INCREMENT", "MINVALUE", "MAXVALUE", "START", "CACHE", "OWNED"}
)


def statement_chunks(tokens: list[Token]) -> list[list[Token]]:
    """sqlglot's split of a token list into statements (``Parser._parse``), by slices.

    A ``;`` ends a chunk; one that carries comments is a chunk of its own; a ``;``
    that is not the last token starts a new chunk.

    >>> from grammars.tsql import DdlauditTSQL
    >>> chunks = statement_chunks(DdlauditTSQL().tokenize("a; b; /* c */"))
    >>> [[tk.text for tk in chunk] for chunk in chunks]
    [['a'], ['b'], [';']]
    """
    semicolon = TokenType.SEMICOLON
    last = len(tokens) - 1
    chunks: list[list[Token]] = [[]]
    begin = 0
    for i in [i for i, tk in enumerate(tokens) if tk.token_type is semicolon]:
        chunks[-1].extend(tokens[begin:i])
        token = tokens[i]
        if token.comments:
            chunks.append([token])
        if i < last:
            chunks.append([])
        begin = i + 1
    chunks[-1].extend(tokens[begin:])
    return chunks


_NUMBERS = frozenset({TokenType.NUMBER})
_SIZE_UNITS = frozenset({"K", "M", "G"})
_COMPRESS_LITERALS = frozenset({TokenType.NUMBER, TokenType.STRING})


def _wrapped_literal(
    tokens: list[Token], i: int, size: int
) -> tuple[tuple[Token, Token], ...] | None:
    """The parentheses, outermost first, around the one literal (number or string) at
    token ``i``: ``0``, ``(0)``, ``((0))``, ``(((0)))``; no comment on any token.  None
    for anything else."""
    opens: list[Token] = []
    k = i
    while k < size and tokens[k].token_type is TokenType.L_PAREN and len(opens) < 3:
        opens.append(tokens[k])
        k += 1
    if k >= size or tokens[k].token_type not in _DEFAULT_LITERALS:
        return None
    closes = tokens[k + 1 : k + 1 + len(opens)]
    if len(closes) < len(opens) or any(c.token_type is not TokenType.R_PAREN for c in closes):
        return None
    if any(tk.comments for tk in tokens[i : k + 1 + len(opens)]):
        return None
    return tuple(zip(opens, reversed(closes), strict=True))


def _ends_literal(tokens: list[Token], i: int, size: int) -> bool:
    """Whether ``_parse_bitwise`` stops after a literal followed by token ``i``: not
    at ``COLLATE``, a column attribute that is also an operator (``1 COLLATE x``)."""
    return i >= size or tokens[i].token_type is not TokenType.COLLATE


def _plain_literals(
    tokens: list[Token], i: int, size: int, kinds: frozenset[TokenType]
) -> tuple[Token, ...] | None:
    """The literals of ``( literal [, literal] ... )`` at token ``i`` (the "("), each of
    ``kinds`` (a NUMBER of digits only), no comment on any token; None otherwise."""
    found: list[Token] = []
    j = i + 1
    if tokens[i].comments:
        return None
    while j + 1 < size:
        literal = tokens[j]
        sep = tokens[j + 1]
        if (
            literal.token_type not in kinds
            or literal.comments
            or sep.comments
            or (
                literal.token_type is TokenType.NUMBER
                and not (literal.text.isascii() and literal.text.isdigit())
            )
        ):
            return None
        found.append(literal)
        if sep.token_type is TokenType.R_PAREN:
            return tuple(found)
        if sep.token_type is not TokenType.COMMA:
            return None
        j += 2
    return None


def _span(start: Token, end: Token) -> tuple[int, int]:
    return (start.start, end.end + 1)


class SpanParserMixin(Parser):
    """Keep declared type text and node spans (see the module docstring).

    Put it first in the bases: ``class Parser(SpanParserMixin, TSQLParser)``.
    """

    #: Backtracking allowed per token before a parse is declared stuck.  Real DDL
    #: needs at most about 2.2 (bench corpus); sqlglot has loops that never advance
    #: on some malformed input (``SYSTEM_VERSIONING = ON (x``), which must not hang a
    #: pre-commit hook or a Spark task.
    RETREATS_PER_TOKEN = 100

    #: Shortcuts that give sqlglot's own result with fewer calls (off only in the
    #: tests that compare both ways).
    FAST_PATHS = True

    #: The type keywords a plain column may have (see :meth:`_parse_plain_column`).
    PLAIN_COLUMN_TYPES: t.ClassVar[frozenset[TokenType]] = PLAIN_TYPES

    #: Teradata's ``CHARACTER SET name`` and ``[NOT] CASESPECIFIC`` in a plain column:
    #: only where sqlglot's own column-constraint parser reads them.
    PLAIN_COLUMN_TERADATA_ATTRIBUTES = False

    #: ``DEFAULT`` and one number or string in a plain column: only where sqlglot's own
    #: DEFAULT parser reads it (not HiRDB's).
    PLAIN_COLUMN_DEFAULTS = True

    #: Type words the plain column reads as sqlglot's user-defined type of that name
    #: (Teradata's NUMBER, GRAPHIC, VARGRAPHIC, which its _parse_types reads so).
    PLAIN_NAMED_TYPES: t.ClassVar[frozenset[str]] = frozenset()

    #: Teradata's ``(n K)``, ``(n M)``, ``(n G)`` type sizes in a plain type.
    PLAIN_TYPE_UNITS = False

    #: SQL Server's and ASE's ``COLLATE name`` and ``IDENTITY [(n, m)]`` in a plain
    #: column (sqlglot's own COLLATE and IDENTITY readers).
    PLAIN_COLUMN_TSQL_ATTRIBUTES = False

    #: Teradata's ``COMPRESS``, ``COMPRESS literal`` and ``COMPRESS (literal, ...)`` in
    #: a plain column (the Teradata grammar's COMPRESS reader, values only).
    PLAIN_COLUMN_COMPRESS = False

    def _parse(
        self,
        parse_method: t.Callable[[Parser], exp.Expr | None],
        raw_tokens: list[Token],
        sql: str | None = None,
    ) -> list[exp.Expr | None]:
        self._retreats_left = 1000 + self.RETREATS_PER_TOKEN * len(raw_tokens)
        try:
            if not self.FAST_PATHS:
                return super()._parse(parse_method, raw_tokens, sql)
            # sqlglot's _parse, with its token-by-token chunking done by slices
            self.reset()
            self.sql = sql or ""
            self._chunks = statement_chunks(raw_tokens)
            return self._parse_batch_statements(
                parse_method=parse_method, sep_first_statement=False
            )
        except (ParseError, RecursionError):
            raise
        except Exception as err:
            # sqlglot's own code can trip over malformed input (an AttributeError on a
            # truncated bracketed name, say): report a syntax error where the parser
            # stood, as for any other bad statement, not a parser crash.
            token = self._curr or self._prev
            if token is None:
                raise
            description = f"cannot parse the statement here ({type(err).__name__} in sqlglot)"
            raise ParseError.new(
                f"{description}. Line {token.line}, Col: {token.col}.",
                description=description,
                line=token.line,
                col=token.col,
                highlight=token.text,
            ) from err

    def _retreat(self, index: int) -> None:
        self._retreats_left -= 1
        if self._retreats_left < 0:
            # Raised on every further retreat, so no ``except ParseError`` in sqlglot
            # (speculative parses catch it) can resume the loop.
            token = self._curr or self._prev
            line, col = (token.line, token.col) if token is not None else (1, 1)
            description = "the parser makes no progress here (malformed statement)"
            raise ParseError.new(
                f"{description}. Line {line}, Col: {col}.",
                description=description,
                line=line,
                col=col,
                highlight=token.text if token is not None else "",
            )
        # sqlglot's own _retreat, inline: this runs ~100 times a statement
        if index != self._index:
            self._advance(index - self._index)

    def _parse_types(
        self,
        check_func: bool = False,
        schema: bool = False,
        allow_identifiers: bool = True,
        with_collation: bool = False,
    ) -> exp.Expr | None:
        first = self._curr
        if self.FAST_PATHS and not check_func and not with_collation:
            # a plain type followed by a token sqlglot's type parser (and the
            # grammars' own, HiRDB's ARRAY) would not go on with: built directly
            scanned = self._scan_plain_type(self._index)
            if scanned is not None:
                end, params, units, _ = scanned
                follower = self._tokens[end] if end < self._tokens_size else None
                if (
                    follower is not None
                    and follower.token_type not in _TYPE_CONTINUATIONS
                    and follower.text.upper() not in _TYPE_CONTINUATION_WORDS
                ):
                    kind = self._plain_type(self._index, end, params, units)
                    self._advance(end - self._index)
                    return kind
        result = super()._parse_types(
            check_func=check_func,
            schema=schema,
            allow_identifiers=allow_identifiers,
            with_collation=with_collation,
        )
        last = self._prev
        if (
            isinstance(result, exp.DataType)
            and first is not None
            and last is not None
            and last.end >= first.start
        ):
            result.meta["declared"] = self._find_sql(first, last)
            result.meta["span"] = _span(first, last)
        return result

    def _parse_column_def(self, this: exp.Expr | None, *args: t.Any, **kwargs: t.Any) -> t.Any:
        result = super()._parse_column_def(this, *args, **kwargs)
        if isinstance(result, exp.ColumnDef) and self._prev is not None:
            ident = result.this
            start = ident.meta.get("start") if isinstance(ident, exp.Expr) else None
            if start is not None:
                result.meta["span"] = (start, self._prev.end + 1)
        return result

    # Expressions (DEFAULT values, computed columns, CHECK conditions, partitioning):
    # the source span of the tokens each consumed, so the IR keeps their text as the
    # user wrote it (``getdate()``) instead of sqlglot's rendering (``GETDATE()``).

    def _parse_assignment(self) -> exp.Expr | None:
        return self._with_source_span(super()._parse_assignment, self._index)

    def _parse_disjunction(self) -> exp.Expr | None:
        return self._with_source_span(super()._parse_disjunction, self._index)

    def _parse_bitwise(self) -> exp.Expr | None:
        return self._with_source_span(super()._parse_bitwise, self._index)

    def _with_source_span(
        self, parse: t.Callable[[], exp.Expr | None], start: int
    ) -> exp.Expr | None:
        result = parse()
        end = self._index
        if isinstance(result, exp.Expr) and end > start:
            meta = result.meta
            if "span" not in meta:
                tokens = self._tokens
                meta["span"] = (tokens[start].start, tokens[end - 1].end + 1)
        return result

    def _parse_field_def(self) -> exp.Expr | None:
        # A column's plain name: what sqlglot's _parse_field(any_token=True) returns for
        # it, without asking the literal and function parsers first (they decline a
        # VAR or quoted name not followed by "(" that is no bare function name, such
        # as CASE; tests/test_grammar_fastpaths.py checks the premises per grammar).
        curr = self._curr
        nxt = self._next
        if (
            self.FAST_PATHS
            and curr is not None
            and nxt is not None
            and nxt.token_type is not TokenType.L_PAREN
            and (
                curr.token_type is TokenType.IDENTIFIER
                or (
                    curr.token_type is TokenType.VAR
                    and curr.text.upper() not in self.NO_PAREN_FUNCTION_PARSERS
                )
            )
            and (self._prev is None or self._prev.token_type is not TokenType.DOT)
        ):
            column: exp.Expr | None = self._parse_plain_column()
            if column is None:
                column = self._parse_column_def(self._parse_id_var(any_token=True))
            return column
        return super()._parse_field_def()

    def _scan_plain_type(
        self, i: int, named: bool = False
    ) -> tuple[int, list[Token], tuple[Token | None, ...] | None, str | None] | None:
        """Where the plain type starting at token ``i`` ends (exclusive), its arguments,
        their size units and, for a named type, its name: a ``PLAIN_COLUMN_TYPES``
        keyword (or, if ``named``, a ``PLAIN_NAMED_TYPES`` word), then ``(n)``, ``(n,
        m)`` or ``(max)``, where ``PLAIN_TYPE_UNITS`` a number may carry a ``K``, ``M``
        or ``G``; no comment on any of its tokens.  None for anything else.
        """
        tokens = self._tokens
        size = self._tokens_size
        if i >= size:
            return None
        type_token = tokens[i]
        named_type = None
        if type_token.token_type not in self.PLAIN_COLUMN_TYPES or type_token.comments:
            if not (
                named
                and type_token.token_type is TokenType.VAR
                and not type_token.comments
                and type_token.text.upper() in self.PLAIN_NAMED_TYPES
            ):
                return None
            named_type = type_token.text.upper()
        params: list[Token] = []
        units: list[Token | None] = []
        j = i + 1
        if j < size and tokens[j].token_type is TokenType.L_PAREN:
            number = TokenType.NUMBER
            j += 1
            while True:
                if j + 1 >= size:
                    return None
                arg = tokens[j]
                if arg.token_type is number:
                    if not (arg.text.isascii() and arg.text.isdigit()):
                        return None
                elif not (
                    arg.token_type is TokenType.VAR and not params and arg.text.upper() == "MAX"
                ):
                    return None
                params.append(arg)
                unit = tokens[j + 1]
                if (
                    self.PLAIN_TYPE_UNITS
                    and arg.token_type is number
                    and unit.token_type is TokenType.VAR
                    and unit.text.upper() in _SIZE_UNITS
                ):
                    # sqlglot's _parse_type_size reads it as the parameter's Var
                    units.append(unit)
                    j += 1
                    if j + 1 >= size:
                        return None
                else:
                    units.append(None)
                sep = tokens[j + 1].token_type
                j += 2
                if sep is TokenType.R_PAREN:
                    break
                if sep is not TokenType.COMMA or len(params) == 2 or arg.token_type is not number:
                    return None
            for k in range(i + 1, j):
                if tokens[k].comments:
                    return None
        return j, params, tuple(units) if any(units) else None, named_type

    def _plain_type(
        self,
        i: int,
        end: int,
        params: list[Token],
        units: tuple[Token | None, ...] | None = None,
        named: str | None = None,
    ) -> exp.DataType:
        """sqlglot's DataType for the plain type at tokens ``i`` .. ``end`` (exclusive)."""
        tokens = self._tokens
        first = tokens[i]
        last = tokens[end - 1]
        return nodes.plain_data_type(
            exp.DType.USERDEFINED if named else _DTYPES[first.token_type],
            self.sql[first.start : last.end + 1],
            (first.start, last.end + 1),
            params,
            units,
            named,
        )

    def _parse_plain_column(self) -> exp.Expr | None:
        """The commonest column, ``name type[(n[, m]) | (max)] [[NOT] NULL]...``, read
        directly: the tree sqlglot's chain of a dozen calls per token would build, node
        for node with meta; None (nothing consumed) for anything else.

        The current token is the column's plain name (see :meth:`_parse_field_def`).
        After the name and type, only ``NULL``, ``NOT NULL`` and, where
        ``PLAIN_COLUMN_TERADATA_ATTRIBUTES``, ``CHARACTER SET name`` and ``[NOT]
        CASESPECIFIC`` may follow, up to the ``,`` or ``)`` that ends the column; no
        token may carry a comment.  tests/test_grammar_fastpaths.py checks the
        premises per grammar and compares both ways on generated columns.
        """
        tokens = self._tokens
        size = self._tokens_size
        i = self._index + 1
        if tokens[i - 1].comments:
            return None
        scanned = self._scan_plain_type(i, named=True)
        if scanned is None:
            return None
        j, params, units, named_type = scanned
        last_type = j
        # the attributes, up to the end of the column
        attributes: list[tuple[t.Any, ...]] = []
        nullable: bool | None = None
        nullability_only = True
        teradata = self.PLAIN_COLUMN_TERADATA_ATTRIBUTES
        while True:
            if j >= size:
                return None
            token = tokens[j]
            token_type = token.token_type
            if token_type in _COLUMN_ENDS:
                break
            if token.comments:
                return None
            nxt = tokens[j + 1] if j + 1 < size else None
            if token_type is TokenType.NULL:
                attributes.append(_NULL)
                nullable = True
                j += 1
                continue
            if nxt is None or nxt.comments:
                return None
            if token_type is TokenType.NOT:
                if nxt.token_type is TokenType.NULL:
                    attributes.append(_NOT_NULL)
                    nullable = False
                elif (
                    teradata
                    and nxt.token_type is TokenType.VAR
                    and nxt.text.upper() == "CASESPECIFIC"
                ):
                    attributes.append(_NOT_CASESPECIFIC)
                    nullability_only = False
                else:
                    return None
                j += 2
            elif token_type is TokenType.DEFAULT and self.PLAIN_COLUMN_DEFAULTS:
                # sqlglot's DEFAULT reads _parse_bitwise(): one literal, or one in up to
                # three parentheses (SSMS writes DEFAULT ((0))), as long as nothing it
                # would read on follows (the loop takes only attributes, and COLLATE,
                # the one that is also an operator, not here)
                parens = _wrapped_literal(tokens, j + 1, size)
                if parens is None:
                    return None
                literal = tokens[j + 1 + len(parens)]
                after = j + 2 + 2 * len(parens)
                if not _ends_literal(tokens, after, size):
                    return None
                attributes.append(("default", literal, parens))
                nullability_only = False
                j = after
            elif (
                teradata
                and nxt.token_type is TokenType.STRING
                and token.text.upper() in _FORMAT_TITLE
                and token_type in (TokenType.FORMAT, TokenType.VAR)
            ):
                # FORMAT 'x' / TITLE 'x': sqlglot's _parse_var_or_string() reads the string
                attributes.append((token.text.lower(), nxt))
                nullability_only = False
                j += 2
            elif (
                token_type is TokenType.COLLATE
                and self.PLAIN_COLUMN_TSQL_ATTRIBUTES
                and nxt.token_type is TokenType.VAR
                and nxt.text.upper() not in self.NO_PAREN_FUNCTION_PARSERS
            ):
                # sqlglot's COLLATE reads _parse_column(): a column of the one name
                attributes.append(("collate", nxt))
                nullability_only = False
                j += 2
            elif (
                token_type is TokenType.VAR
                and self.PLAIN_COLUMN_TSQL_ATTRIBUTES
                and token.text.upper() == "IDENTITY"
            ):
                # IDENTITY (seed, increment) of two numbers, or a bare IDENTITY
                if nxt.token_type is TokenType.L_PAREN:
                    numbers = _plain_literals(tokens, j + 1, size, _NUMBERS)
                    if numbers is None or len(numbers) != 2:
                        return None
                    attributes.append(("identity", *numbers))
                    j += 6
                else:
                    attributes.append(("identity",))
                    j += 1
                nullability_only = False
            elif (
                token_type is TokenType.VAR
                and self.PLAIN_COLUMN_COMPRESS
                and token.text.upper() == "COMPRESS"
            ):
                nxt_type = nxt.token_type
                if nxt_type is TokenType.L_PAREN:
                    values = _plain_literals(tokens, j + 1, size, _COMPRESS_LITERALS)
                    if values is None:
                        return None
                    attributes.append(("compress", values, True))
                    j += 2 + 2 * len(values)
                elif nxt_type in _COMPRESS_LITERALS and _ends_literal(tokens, j + 2, size):
                    attributes.append(("compress", (nxt,), False))
                    j += 2
                elif nxt_type in _COLUMN_ENDS:
                    attributes.append(("compress", (), False))  # nulls only
                    j += 1
                else:
                    return None
                nullability_only = False
            elif teradata and token_type is TokenType.VAR and token.text.upper() == "CASESPECIFIC":
                attributes.append(_CASESPECIFIC)
                nullability_only = False
                j += 1
            elif (
                teradata
                and token_type is TokenType.CHAR
                and nxt.token_type is TokenType.SET
                and j + 2 < size
                and tokens[j + 2].token_type is TokenType.VAR
                and not tokens[j + 2].comments
            ):
                attributes.append(("character set", tokens[j + 2].text))
                nullability_only = False
                j += 3
            else:
                return None

        first = tokens[i]
        last = tokens[last_type - 1]
        name = tokens[i - 1]
        column = nodes.PlainColumnDef.make(
            nodes.PlainColumn(  # positional, in field order: the fast way to build it
                name,
                exp.DType.USERDEFINED if named_type else _DTYPES[first.token_type],
                self.sql[first.start : last.end + 1],
                (first.start, last.end + 1),
                tuple(params),
                tuple(attributes),
                nullable,
                nullability_only,
                units,
                named_type,
            ),
        )
        self._advance(j - self._index)
        column.meta["span"] = (name.start, tokens[j - 1].end + 1)
        return column

    def _parse_column_constraint(self) -> exp.Expr | None:
        # NULL / NOT NULL: sqlglot's own nodes without its dispatch (premises checked
        # per grammar in tests/test_grammar_fastpaths.py)
        curr = self._curr
        if self.FAST_PATHS and curr and not curr.comments:
            token_type = curr.token_type
            if token_type is TokenType.NULL:
                self._advance()
                return exp.ColumnConstraint(
                    this=None, kind=exp.NotNullColumnConstraint(allow_null=True)
                )
            nxt = self._next
            if (
                token_type is TokenType.NOT
                and nxt
                and nxt.token_type is TokenType.NULL
                and not nxt.comments
            ):
                self._advance(2)
                return exp.ColumnConstraint(this=None, kind=exp.NotNullColumnConstraint())
        result: exp.Expr | None = super()._parse_column_constraint()
        return result

    def _parse_constraint(self) -> t.Any:
        first = self._curr
        if (
            self.FAST_PATHS
            and first is not None
            and first.token_type is not TokenType.CONSTRAINT
            and (
                first.token_type in _NEVER_CONSTRAINTS
                or first.text.upper() not in self.SCHEMA_UNNAMED_CONSTRAINTS
            )
        ):
            # sqlglot's answer for a column name in a column list, without its calls.
            return None
        result = super()._parse_constraint()
        if result is not None and first is not None and self._prev is not None:
            result.meta["span"] = _span(first, self._prev)
        return result

    def _parse_property_before(self) -> t.Any:
        first = self._curr
        if self.FAST_PATHS and first.token_type is TokenType.L_PAREN:
            # the column list: none of sqlglot's words before a property is "(", so its
            # answer is None, nothing consumed (premises in tests/test_grammar_fastpaths.py)
            return None
        result = super()._parse_property_before()
        if isinstance(result, exp.Expr) and first is not None and self._prev is not None:
            result.meta["span"] = _span(first, self._prev)
        return result

    def _parse_property(self) -> t.Any:
        first = self._curr
        if self.FAST_PATHS and (not first or self._starts_no_property(first)):
            # sqlglot's answer is None, nothing consumed, after a score of failed matches
            # (it asks four times at the end of every CREATE TABLE, and before TABLE,
            # PRIMARY INDEX, UNIQUE PRIMARY INDEX in every Teradata one)
            return None
        result = super()._parse_property()
        if isinstance(result, exp.Expr) and first is not None and self._prev is not None:
            result.meta.setdefault("span", _span(first, self._prev))
        return result

    def _starts_no_property(self, first: Token) -> bool:
        """Whether sqlglot's ``_parse_property`` surely gives None at ``first``: a word
        (VAR, TABLE, UNIQUE) that no property reader takes (property parsers, CHARACTER
        SET, DEFAULT, the text sequences, sequence options), followed by a plain word,
        so the key-value reader (a column, then ``=``) reads one identifier at most
        and finds no ``=``; no comment in reach (premises in
        tests/test_grammar_fastpaths.py).
        """
        nxt = self._next
        prev = self._prev
        if (
            first.token_type not in _PROPERTY_DECLINED
            or nxt is None
            or nxt.token_type not in _PLAIN_WORDS
            or first.comments
            or nxt.comments
            or (prev is not None and prev.comments)
        ):
            return False
        upper = first.text.upper()
        return (
            upper not in self.PROPERTY_PARSERS
            and upper not in _PROPERTY_TEXT_STARTS
            and upper not in self.CREATE_SEQUENCE
            and upper not in self.NO_PAREN_FUNCTION_PARSERS
        )

    def _parse_as_command(self, start: Token) -> exp.Command:
        # sqlglot gives up silently here; remember where, so the fallback can be
        # reported as a syntax error at the first token it could not parse.
        stopped = self._curr
        result: exp.Command = super()._parse_as_command(start)
        if stopped is not None:
            result.meta["stopped_at"] = _span(stopped, stopped)
        return result

    def _parse_create(self) -> t.Any:
        first = self._prev  # the CREATE keyword was just consumed
        result = super()._parse_create()
        if result is not None and first is not None and self._prev is not None:
            result.meta["span"] = _span(first, self._prev)
        return result
