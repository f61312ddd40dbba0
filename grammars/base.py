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
import re._constants as sre_constants  # type: ignore[import-not-found]  # no stubs; stable since 3.11
import re._parser as sre_parse  # type: ignore[import-not-found]
import typing as t
from dataclasses import dataclass

from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import ParseError
from sqlglot.parser import Parser
from sqlglot.tokenizer_core import Token

#: Statement heads every grammar analyses unless it says otherwise.
CREATE_TABLE = re.compile(
    r"""\A\s*create\s+
        (?:or\s+replace\s+)?
        (?:(?:set|multiset|volatile|global\s+temporary|temporary|temp|share|fix)\s+)*
        table\b""",
    re.IGNORECASE | re.VERBOSE,
)
CREATE_TYPE = re.compile(r"\A\s*create\s+type\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Evidence:
    """A content pattern that points at a dialect, with its weight in detection.

    ``needle`` is a lower-case literal the pattern cannot match without; detection
    runs the regex only where the needle occurs (a substring test is ~100x faster
    than a case-insensitive regex scan that finds nothing).
    """

    pattern: re.Pattern[str]
    weight: int
    label: str
    needle: str | None = None

    def search(self, head: str, lowered: str) -> bool:
        """Whether the pattern occurs in ``head`` (``lowered`` is ``head.lower()``)."""
        if self.needle is not None and self.needle not in lowered:
            return False
        return self.pattern.search(head) is not None


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


def required_literal(pattern: str) -> str | None:
    """The longest run of literal characters every match of ``pattern`` must contain.

    Only the pattern's top-level sequence is considered (alternatives and
    optional parts never yield a needle), so the answer is always safe.

    >>> required_literal(r"\\bON\\s+\\[PRIMARY\\]")
    '[primary]'
    >>> required_literal(r"\\bdatetime2\\b|\\bdatetimeoffset\\b")
    'datetime'
    >>> required_literal(r"(?:a|b)c") is None
    True
    """
    try:
        parsed = sre_parse.parse(pattern)
    except (re.error, RecursionError):
        return None
    best = ""
    run: list[str] = []
    for op, arg in parsed.data:
        if op is sre_constants.LITERAL:
            run.append(chr(arg))
            continue
        if op is sre_constants.AT:
            continue  # zero-width: \b, ^, $ do not break a literal run
        best = max(best, "".join(run), key=len)
        run = []
    best = max(best, "".join(run), key=len)
    return best.lower() if len(best) >= 3 else None


def evidence(pattern: str, weight: int, label: str) -> Evidence:
    """Build an :class:`Evidence` from a case-insensitive regular expression."""
    return Evidence(
        re.compile(pattern, re.IGNORECASE | re.MULTILINE), weight, label, required_literal(pattern)
    )


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

    def _parse(
        self,
        parse_method: t.Callable[[Parser], exp.Expr | None],
        raw_tokens: list[Token],
        sql: str | None = None,
    ) -> list[exp.Expr | None]:
        self._retreats_left = 1000 + self.RETREATS_PER_TOKEN * len(raw_tokens)
        try:
            return super()._parse(parse_method, raw_tokens, sql)
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
        super()._retreat(index)

    def _parse_types(
        self,
        check_func: bool = False,
        schema: bool = False,
        allow_identifiers: bool = True,
        with_collation: bool = False,
    ) -> exp.Expr | None:
        first = self._curr
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

    def _parse_constraint(self) -> t.Any:
        first = self._curr
        result = super()._parse_constraint()
        if result is not None and first is not None and self._prev is not None:
            result.meta["span"] = _span(first, self._prev)
        return result

    def _parse_property_before(self) -> t.Any:
        first = self._curr
        result = super()._parse_property_before()
        if isinstance(result, exp.Expr) and first is not None and self._prev is not None:
            result.meta["span"] = _span(first, self._prev)
        return result

    def _parse_property(self) -> t.Any:
        first = self._curr
        result = super()._parse_property()
        if isinstance(result, exp.Expr) and first is not None and self._prev is not None:
            result.meta.setdefault("span", _span(first, self._prev))
        return result

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
