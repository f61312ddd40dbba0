"""Parse one statement with its grammar; turn every failure into a diagnostic.

sqlglot signals trouble three ways and all three are reported, never swallowed:
``ParseError`` (with line/column per error), ``TokenError`` (unterminated
strings and the like) and, silently, a fallback to ``exp.Command`` for syntax
it does not know.  A Command is a parse failure here, located at the first
token the parser could not use (recorded by :class:`grammars.base.SpanParserMixin`).

>>> import grammars
>>> out = parse_statement("CREATE TABLE t (a int", 0, grammars.get("tsql"), "f.sql", None)
>>> out.tree is None, out.diagnostics[0].code, out.diagnostics[0].expected
(True, 'P001', ')')
"""

from __future__ import annotations

import logging
import re
import typing as t
from dataclasses import replace

from sqlglot import exp
from sqlglot.errors import ErrorLevel, ParseError, TokenError

from analyzer.ir import Diagnostic, Severity, Span
from analyzer.records import record
from grammars.profile import Grammar

if t.TYPE_CHECKING:
    from analyzer.source import LineIndex

# sqlglot logs a warning for every Command fallback; ddlaudit reports those as
# diagnostics instead, so keep the library's logger from printing to stderr.
logging.getLogger("sqlglot").addHandler(logging.NullHandler())

# Compiled where used (re's cache): only a statement that fails to parse needs them.
_EXPECTING = r"^Expecting (.+?)\.?$"
_REQUIRED = r"^Required keyword: '([^']+)' missing"


@record
class Parsed:
    """The tree of one statement, or the diagnostics that explain why there is none."""

    tree: exp.Expr | None
    diagnostics: tuple[Diagnostic, ...] = ()


_TOKEN_REPR = (
    r"<Token token_type: TokenType\.\w+, text: (?P<text>.*?), line: \d+, col: \d+, "
    r"start: \d+, end: \d+, comments: \[.*?\]>"
)


def _plain_tokens(description: str) -> str:
    """sqlglot's message with each token's Python repr replaced by its text, quoted.

    >>> _plain_tokens("Expected table name but got <Token token_type: TokenType.LT, "
    ...               "text: <, line: 1, col: 14, start: 13, end: 13, comments: []>")
    "Expected table name but got '<'"
    """
    if "<Token " not in description:
        return description  # the pattern is compiled only for a message that needs it
    return re.sub(_TOKEN_REPR, lambda m: repr(m.group("text")), description)


def _line_start(text: str, line: int) -> int:
    """Offset of the first character of 1-based ``line`` in ``text``."""
    pos = 0
    for _ in range(line - 1):
        nxt = text.find("\n", pos)
        if nxt < 0:
            return len(text)
        pos = nxt + 1
    return pos


def _diag(
    code: str,
    message: str,
    start: int,
    end: int,
    path: str,
    index: LineIndex | None,
    expected: str | None = None,
) -> Diagnostic:
    span: Span | None = None
    source_line: str | None = None
    if index is not None:
        span = index.span(path, start, max(end, start + 1))
        source_line = index.line_text(span.line)
    return Diagnostic(code, Severity.ERROR, message, span, expected, source_line)


def _expected(description: str) -> str | None:
    m = re.match(_EXPECTING, description) or re.match(_REQUIRED, description)
    return m.group(1) if m else None


class TreeMemo:
    """The trees of the statements of one file, by grammar and statement text, kept from
    one analysis of the file to the next (``ddlaudit lsp``: an edit changes one statement,
    the others are not parsed again).

    A tree holds statement-relative offsets only (the file offset is added by the IR
    builder and :func:`parse_statement`), and nothing after parsing changes it, so the
    same text gives the same tree wherever it stands.  Only successful parses are kept;
    :meth:`turn` after each analysis keeps what that analysis used and drops the rest.

    >>> import grammars
    >>> memo, tsql = TreeMemo(), grammars.get("tsql")
    >>> a = parse_statement("CREATE TABLE t (a int)", 0, tsql, "f", None, memo)
    >>> memo.turn()
    >>> parse_statement("CREATE TABLE t (a int)", 9, tsql, "f", None, memo).tree is a.tree
    True
    """

    def __init__(self) -> None:
        self._old: dict[tuple[str, str], list[t.Any]] = {}
        self._new: dict[tuple[str, str], list[t.Any]] = {}

    def get(self, key: tuple[str, str]) -> list[t.Any] | None:
        found = self._new.get(key)
        if found is None:
            found = self._old.get(key)
            if found is not None:
                self._new[key] = found
        return found

    def put(self, key: tuple[str, str], trees: list[t.Any]) -> None:
        self._new[key] = trees

    def turn(self) -> None:
        """End an analysis: what it did not use is dropped at the end of the next."""
        self._old, self._new = self._new, {}


def parse_statement(
    text: str,
    offset: int,
    grammar: Grammar,
    path: str,
    index: LineIndex | None,
    memo: TreeMemo | None = None,
) -> Parsed:
    """Parse ``text`` (found at ``offset`` in ``path``) with ``grammar``; never raises.

    ``memo``: trees of earlier analyses of the file, reused for the same text."""
    key = (grammar.name, text)
    kept = memo.get(key) if memo is not None else None
    try:
        trees = (
            kept
            if kept is not None
            else grammar.dialect().parse(text, error_level=ErrorLevel.RAISE)
        )
    except ParseError as err:
        diags: list[Diagnostic] = []
        for e in err.errors or [{"description": str(err), "line": 1, "col": 1, "highlight": ""}]:
            line = int(e.get("line") or 1)
            col = int(e.get("col") or 1)
            highlight = str(e.get("highlight") or "")
            # sqlglot's col is the column of the offending token's last character.
            end = _line_start(text, line) + col
            start = max(_line_start(text, line), end - max(len(highlight), 1))
            description = _plain_tokens(str(e.get("description") or err))
            # sqlglot often reports the same failure twice in other words.
            previous = diags[-1].span if diags else None
            if previous is not None and previous.start == offset + start:
                continue
            diags.append(
                _diag(
                    "P001",
                    description,
                    offset + start,
                    offset + end,
                    path,
                    index,
                    _expected(description),
                )
            )
        return Parsed(None, tuple(diags))
    except TokenError as err:
        raw_start: object = getattr(err, "start", None)
        raw_end: object = getattr(err, "end", None)
        first = raw_start if isinstance(raw_start, int) else 0
        last = raw_end if isinstance(raw_end, int) else first + 1
        message = str(err).split("\n")[0] or "cannot tokenize the statement"
        return Parsed(None, (_diag("P001", message, offset + first, offset + last, path, index),))
    except RecursionError:
        return Parsed(
            None,
            (
                _diag(
                    "P900", "statement nests too deeply to parse", offset, offset + 1, path, index
                ),
            ),
        )
    except Exception as err:
        return Parsed(
            None,
            (
                _diag(
                    "P900",
                    f"parser failed: {type(err).__name__}: {err}",
                    offset,
                    offset + 1,
                    path,
                    index,
                ),
            ),
        )

    if memo is not None and kept is None:
        memo.put(key, trees)
    trees = [tr for tr in trees if tr is not None]
    if not trees:
        return Parsed(None)
    tree = trees[0]
    if isinstance(tree, exp.Command):
        stopped = tree.meta.get("stopped_at") if tree.meta else None
        start, end = stopped if stopped else (0, len(text.split(None, 1)[0]) if text else 1)
        token = text[start:end]
        return Parsed(
            None,
            (
                _diag(
                    "P002",
                    f"the {grammar.name} grammar does not understand the syntax at {token!r}",
                    offset + start,
                    offset + end,
                    path,
                    index,
                ),
            ),
        )
    return Parsed(tree, _findings(tree, offset, path, index) if tree is not None else ())


#: Words that open a statement of a dialect that ends statements with ``;`` (Teradata SQL
#: Fundamentals, "Statement Syntax"; HiRDB's definition SQL).
_STATEMENT_WORD = re.compile(
    r"(?i)(?:create|replace|alter|drop|rename|database|insert|update|delete|grant|revoke"
    r"|comment|collect|modify)\b"
)


def missing_terminator(text: str, offset: int, parsed: Parsed, grammar: Grammar) -> int | None:
    """Where a statement runs into the next for want of the ``;`` between them: the
    statement-relative offset of the statement word at which parsing stopped (read from
    the first diagnostic's span, so ``parsed`` needs a line index), when the text before
    it parses on its own; None otherwise, and always in a dialect whose statements need
    no ``;`` (T-SQL and ASE batches, ``batch_separator``; docs/decisions.md D185).

    >>> import grammars
    >>> from analyzer.source import LineIndex
    >>> text = "CREATE TABLE a (x INT) CREATE TABLE b (y INT)"
    >>> td, lines = grammars.get("teradata"), LineIndex(text)
    >>> missing_terminator(text, 0, parse_statement(text, 0, td, "f.sql", lines), td)
    23
    """
    if parsed.tree is not None or grammar.batch_separator or not parsed.diagnostics:
        return None
    first = parsed.diagnostics[0]
    if first.code != "P001" or first.span is None:
        return None
    at = first.span.start - offset
    head = text[:at].rstrip()
    if at <= 0 or not head or not _STATEMENT_WORD.match(text, at):
        return None
    try:
        trees = grammar.dialect().parse(head, error_level=ErrorLevel.RAISE)
    except Exception:
        return None
    if len(trees) != 1 or trees[0] is None or isinstance(trees[0], exp.Command):
        return None
    return at


#: ``DATABASE name`` and the gap after it (blanks, comments): Teradata's DATABASE statement
#: takes one database name (SQL Data Definition Language, DATABASE), so whatever follows
#: the name is another statement.
_DATABASE_HEAD = re.compile(
    r'(?is)database\s+(?P<name>"(?:[^"]|"")*"|[\w$#]+)(?=[\s/-])'
    r"(?:\s|--[^\n]*(?:\n|\Z)|/\*.*?\*/)+"
)


def database_run_on(text: str) -> tuple[int, int] | None:
    """Where a Teradata ``DATABASE x`` written without its ``;`` runs into the statement
    after it: the end of ``DATABASE x`` and the offset of the next statement word in
    ``text`` (a statement the splitter gave, which starts at its first word); None when
    ``text`` is not a DATABASE statement followed by a statement word (docs/decisions.md
    D200, as D185 for statements that parse).

    >>> database_run_on("DATABASE sales\\n-- the orders\\nCREATE TABLE t (a INT)")
    (14, 29)
    >>> database_run_on("DATABASE sales") is None, database_run_on("DATABASE x y") is None
    (True, True)
    """
    m = _DATABASE_HEAD.match(text)
    if m is None or not _STATEMENT_WORD.match(text, m.end()):
        return None
    return m.end("name"), m.end()


def _findings(
    tree: exp.Expr, offset: int, path: str, index: LineIndex | None
) -> tuple[Diagnostic, ...]:
    """Problems the grammar found in a statement it could still read (HiRDB H-codes).

    A grammar lists them in ``tree.meta["diagnostics"]`` as ``(code, severity, message,
    start, end, expected)`` with statement-relative offsets; the tree is kept.
    """
    notes = tree.meta.get("diagnostics") if tree._meta else None
    if not notes:
        return ()
    found = []
    for code, severity, message, start, end, expected in notes:
        diag = _diag(code, message, offset + start, offset + end, path, index, expected)
        found.append(replace(diag, severity=Severity(severity)))
    return tuple(found)
