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

import re
import typing as t

from sqlglot import exp
from sqlglot.errors import ParseError
from sqlglot.parser import Parser
from sqlglot.tokenizer_core import Token, TokenType

from grammars import nodes

# What needs no sqlglot lives in grammars.profile (D108); these names stay importable
# from here, where every grammar has always found them.
from grammars.profile import ALTER_TABLE_ADD_KEY as ALTER_TABLE_ADD_KEY
from grammars.profile import COMPILED_SQLGLOT_MESSAGE as COMPILED_SQLGLOT_MESSAGE
from grammars.profile import CREATE_INDEX as CREATE_INDEX
from grammars.profile import CREATE_TABLE as CREATE_TABLE
from grammars.profile import CREATE_TYPE as CREATE_TYPE
from grammars.profile import KEY_CHANGES as KEY_CHANGES
from grammars.profile import Evidence as Evidence
from grammars.profile import Grammar as Grammar
from grammars.profile import compiled_sqlglot as compiled_sqlglot
from grammars.profile import evidence as evidence
from grammars.profile import fold_case as fold_case
from grammars.profile import leading_literals as leading_literals
from grammars.profile import required_literals as required_literals
from grammars.profile import required_words as required_words
from grammars.profile import text_words as text_words

#: What may follow an item of a CREATE TABLE's list: the next item or the list's end.
_ITEM_ENDS = frozenset(
    {
        TokenType.COMMA,
        TokenType.R_PAREN,
        TokenType.CONSTRAINT,
        TokenType.SEMICOLON,
        TokenType.SENTINEL,
    }
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

#: sqlglot keywords of other SQL dialects (SQLite, PostgreSQL, MySQL, Hive, Spark) that
#: are no keyword in SQL Server, ASE or Teradata: their tokenizers read them as plain
#: words, so they work as table and column names anywhere (D119).
FOREIGN_KEYWORDS = frozenset(
    {"GLOB", "ILIKE", "NOTNULL", "PARTITIONED_BY", "REGEXP", "RLIKE", "UNCACHE", "XOR"}
)

#: A keyword token whose text is a plain word (what an unquoted name looks like).
_NAME_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_$#@]*")

#: What a token of a templated name part may hold besides its braces.
_TEMPLATE_WORD = re.compile(r"[\w$#@]+")

#: Tokens sqlglot reads as a literal or a bare function where a column name stands
#: (``true int``, ``current_date date``): the column definition reads them as names.
_LITERAL_NAME_TOKENS = frozenset(
    {
        TokenType.TRUE,
        TokenType.FALSE,
        TokenType.CURRENT_DATE,
        TokenType.CURRENT_DATETIME,
        TokenType.CURRENT_TIME,
        TokenType.CURRENT_TIMESTAMP,
        TokenType.CURRENT_USER,
        TokenType.SESSION_USER,
    }
)


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
        if curr is not None and curr.token_type is TokenType.COMMA:
            # sqlglot's _parse_csv drops an element that parses to nothing: "a int,, b
            # int" would pass without a word, and a column lost between the commas too.
            self.raise_error("Expecting a column definition or a table constraint before ','")
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
        if (
            curr is not None
            and curr.token_type in _LITERAL_NAME_TOKENS
            and (nxt is None or nxt.token_type not in (TokenType.L_PAREN, TokenType.DOT))
        ):
            # a column named like a literal or a bare function (D119)
            named: exp.Expr | None = self._parse_column_def(self._parse_id_var(any_token=True))
            return named
        return super()._parse_field_def()

    def _parse_table_part(self, schema: bool = False) -> exp.Expr | None:
        # In a table name (CREATE / ALTER TABLE, REFERENCES, ON of an index), a keyword
        # of sqlglot's that the platform does not reserve is a name: ``CREATE TABLE
        # inner (...)`` in ASE, ``CREATE TABLE dbo.using (...)`` in SQL Server (D119).
        curr = self._curr
        if (
            schema
            and curr is not None
            and curr.token_type not in self.ID_VAR_TOKENS
            and curr.token_type is not TokenType.VAR
            and _NAME_WORD.fullmatch(curr.text)
        ):
            nxt = self._next
            prev = self._prev
            if (nxt is not None and nxt.token_type in (TokenType.L_PAREN, TokenType.DOT)) or (
                prev is not None and prev.token_type in (TokenType.DOT, TokenType.TABLE)
            ):
                self._advance()
                return self._identifier_expression(quoted=False)
        if schema and curr is not None:
            templated = self._templated_name()
            if templated is not None:
                return templated
        return super()._parse_table_part(schema)

    def _templated_name(self) -> exp.Expr | None:
        """A name part holding a template placeholder, written without blanks:
        ``{schema}``, ``DW${INSTANCE}T_TMP``, ``${DB}`` (shell, BTEQ and Airflow
        scripts fill them in before the platform sees the DDL), or ``WK_T@PartId``
        (an ``@name`` placeholder after a word, D124): one identifier, as written
        (D120).  None (nothing consumed) for anything else."""
        tokens = self._tokens
        start = self._index
        end = start
        depth = 0
        placeholder = False
        while end < self._tokens_size:
            token = tokens[end]
            if end > start and token.start != tokens[end - 1].end + 1:
                break  # a blank ends the name
            kind = token.token_type
            if kind is TokenType.L_BRACE:
                depth += 1
                placeholder = True
            elif kind is TokenType.R_BRACE:
                if not depth:
                    break
                depth -= 1
            elif not _TEMPLATE_WORD.fullmatch(token.text) or (kind is TokenType.DOT and not depth):
                break
            elif kind is TokenType.PARAMETER and self._at_placeholder(end, start):
                placeholder = True
            end += 1
        if not placeholder or depth or end == start:
            return None
        first = tokens[start]
        text = self.sql[first.start : tokens[end - 1].end + 1]
        self._advance(end - start)
        return self.expression(exp.Identifier(this=text, quoted=False), first)

    def _at_placeholder(self, i: int, start: int) -> bool:
        """Whether the ``@`` token ``i`` opens an ``@name`` placeholder in the name part
        starting at token ``start``: a word right after it, no blank between, and either
        a word right before it (``WK_T@PartId``) or, at the start of the part, a dot
        right before or after the part (``db.@Part``, ``@Db.t``) or ``TABLE`` right before
        it (``CREATE TABLE @T``); a table variable is never qualified nor created so, and
        ``INSERT INTO @t`` keeps its parameter.  Teradata, SQL Server and ASE read ``@``
        there as a parameter sign (D124)."""
        tokens = self._tokens
        size = self._tokens_size
        at = tokens[i]
        if at.text != "@" or i + 1 >= size:
            return False
        after = tokens[i + 1]
        if at.end + 1 != after.start or _NAME_WORD.fullmatch(after.text) is None:
            return False
        if i > start:
            before = tokens[i - 1]
            return before.end + 1 == at.start and _NAME_WORD.fullmatch(before.text) is not None
        before_kind = tokens[i - 1].token_type if i > 0 else None
        dot_after = i + 2 < size and tokens[i + 2].token_type is TokenType.DOT
        return before_kind in (TokenType.DOT, TokenType.TABLE) or dot_after

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
        if first is not None and first.token_type is TokenType.VAR:
            return self._parse_contextual_constraint(first)
        result = super()._parse_constraint()
        if result is not None and first is not None and self._prev is not None:
            result.meta["span"] = _span(first, self._prev)
        return result

    def _parse_contextual_constraint(self, first: Token) -> t.Any:
        """A table constraint led by a word the tokenizer does not reserve (``CONNECTION``,
        ``PERIOD``, ...), or else nothing, so that the word is read as a column name.

        Such a word is a keyword only in context: ``connection varchar(20)`` is a column
        on every platform that does not list CONNECTION among its reserved words
        (docs/decisions.md D166), so a constraint that does not parse, or does not end
        where a list item ends, gives way.
        """
        index, errors = self._index, len(self.errors)
        try:
            result = super()._parse_constraint()
        except ParseError:
            result = None
        curr = self._curr
        ended = curr is None or curr.token_type in _ITEM_ENDS
        if result is None or len(self.errors) > errors or not ended:
            del self.errors[errors:]
            self._retreat(index)
            return None
        if self._prev is not None:
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
        curr, nxt = self._curr, self._next
        if (
            curr is not None
            and nxt is not None
            and curr.token_type is TokenType.TABLE
            and nxt.token_type is TokenType.FUNCTION
            and self._index + 2 < self._tokens_size
            and self._tokens[self._index + 2].token_type in (TokenType.L_PAREN, TokenType.DOT)
        ):
            # ``CREATE TABLE function (...)``: a table named FUNCTION, not BigQuery's
            # CREATE TABLE FUNCTION, which none of these platforms has (D119)
            nxt.token_type = TokenType.VAR
        result = super()._parse_create()
        if result is not None and first is not None and self._prev is not None:
            result.meta["span"] = _span(first, self._prev)
        return result
