"""Arguments of a Transact-SQL system procedure call (``exec sp_addtype ...``,
``sp_primarykey ...``): the forms scripts use (``exec`` / ``execute`` / bare, ' or "
quotes, parentheses, ``@name =`` arguments), each argument's text and where it lies, and
parse errors shaped like sqlglot's. Shared by the T-SQL and ASE grammars and RCL; no
sqlglot parser is involved (a small module: the T-SQL grammar loads it at start-up).
"""

from __future__ import annotations

import re
import typing as t

from sqlglot.errors import ParseError

#: ``sp_addtype`` at the head of a statement (a ``"type"`` statement of the T-SQL and ASE
#: grammars).
SP_ADDTYPE = re.compile(r"\s*(?:exec(?:ute)?\s+)?sp_addtype\b", re.IGNORECASE)


def _position(sql: str, offset: int) -> tuple[int, int]:
    """1-based line and column of the character at ``offset``."""
    line = sql.count("\n", 0, offset) + 1
    return line, offset - (sql.rfind("\n", 0, offset) + 1) + 1


def parse_error(sql: str, start: int, end: int, message: str) -> ParseError:
    """A ``ParseError`` shaped like sqlglot's (``col`` is the last highlighted character)."""
    end = max(min(end, len(sql)), start + 1)
    line, col = _position(sql, end - 1)
    return ParseError.new(
        f"{message}. Line {line}, Col: {col}.",
        description=message,
        line=line,
        col=col,
        start_context=sql[max(0, start - 100) : start],
        highlight=sql[start:end],
        end_context=sql[end : end + 100],
    )


_ARG_SPACE = re.compile(r"\s*(?:--[^\n]*\n\s*|/\*.*?\*/\s*)*", re.DOTALL)
_ARG_NAME = re.compile(r"@(\w+)\s*=\s*")
_BARE = re.compile(r"[^,()'\";\s]+")


class Arg(t.NamedTuple):
    """One argument of a system procedure call: its text (quotes removed) and where it
    lies."""

    name: str | None
    text: str
    start: int
    end: int


def procedure_args(sql: str, pos: int, proc: str = "sp_addtype") -> tuple[list[Arg], int]:
    """Arguments after ``sp_addtype`` (or the system procedure ``proc``) at ``pos``."""

    def skip(at: int) -> int:
        match = _ARG_SPACE.match(sql, at)
        return match.end() if match else at

    pos = skip(pos)
    wrapped = pos < len(sql) and sql[pos] == "("
    if wrapped:
        pos = skip(pos + 1)
    args: list[Arg] = []
    while pos < len(sql) and sql[pos] not in ");":
        name = None
        named = _ARG_NAME.match(sql, pos)
        if named:
            name, pos = named.group(1).lower(), named.end()
        if sql[pos : pos + 2] in ("N'", "n'"):
            pos += 1  # a Unicode string, N'...' (SQL Server scripts write the arguments so)
        if pos < len(sql) and sql[pos] in "'\"":
            quote = sql[pos]
            end = pos + 1
            chunks: list[str] = []
            while True:
                close = sql.find(quote, end)
                if close < 0:
                    raise parse_error(sql, pos, len(sql), f"Unterminated string in {proc}")
                chunks.append(sql[end:close])
                if sql.startswith(quote * 2, close):
                    chunks.append(quote)
                    end = close + 2
                    continue
                break
            args.append(Arg(name, "".join(chunks), pos + 1, close))
            pos = close + 1
        else:
            # bare word, with a balanced (...) suffix: datetime, char(6), numeric(10, 2)
            bare = _BARE.match(sql, pos)
            if bare is None:
                raise parse_error(sql, pos, pos + 1, f"Expected an {proc} argument")
            end = bare.end()
            after = skip(end)
            if args and after < len(sql) and sql[after] == "(":
                close = sql.find(")", after)
                if close < 0:
                    raise parse_error(sql, pos, len(sql), "Expecting )")
                end = close + 1
            args.append(Arg(name, sql[pos:end], pos, end))
            pos = end
        pos = skip(pos)
        if pos < len(sql) and sql[pos] == ",":
            pos = skip(pos + 1)
        else:
            break
    if wrapped:
        if pos >= len(sql) or sql[pos] != ")":
            raise parse_error(sql, max(pos - 1, 0), pos, "Expecting )")
        pos = skip(pos + 1)
    if pos < len(sql) and sql[pos] == ";":
        pos = skip(pos + 1)
    if pos < len(sql):
        rest = sql[pos:].split("\n", 1)[0][:40]
        raise parse_error(
            sql,
            pos,
            pos + 1,
            f"Unexpected {rest!r} after {proc}: one statement per batch is analysed,"
            f" end the batch with GO after each {proc}",
        )
    return args, pos
