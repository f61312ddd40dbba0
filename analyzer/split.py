"""Splitting a DDL script into statements, without parsing it.

:func:`split_statements` cuts a decoded script at statement ends and keeps exact
character offsets, so every later span maps back to the file.

The rules:

* A statement ends at ``;`` and, when ``batch_separator`` (T-SQL / Sybase
  ``isql``), at a ``GO`` line: ``GO`` alone on its line in any case, with
  optional blanks around it, an optional count (``GO 5``: the batch runs 5
  times, recorded as ``repeat`` on every statement of the batch; 0 counts as
  1), an optional ``;`` and an optional trailing ``-- comment``.  ``GO``
  anywhere else (inside a line, as part of a name) is ordinary text.
* Nothing inside a single-quoted string (``''`` escapes a quote), a
  double-quoted or ``[bracketed]`` identifier (``""`` / ``]]`` escapes), a
  ``--`` comment or a ``/* */`` comment (nested, as in T-SQL) ends a
  statement.
* A routine (``CREATE [OR REPLACE | OR ALTER] [PUBLIC]``, ``ALTER`` or ``REPLACE``
  followed by ``PROCEDURE``, ``PROC``, ``TRIGGER``, ``FUNCTION`` or ``MACRO``)
  has ``;`` inside its body.  If the file has ``GO`` lines (and
  ``batch_separator``), the routine runs to the next ``GO`` line (or the end
  of the file), as ``isql``/``sqlcmd`` send it.  Otherwise it ends at the first
  ``;`` outside every ``BEGIN ... END`` block and every parenthesis: ``BEGIN``
  and ``CASE`` open a block, ``END`` (and ``END CASE``) closes one, except ``END IF``,
  ``END LOOP``, ``END WHILE``, ``END FOR`` and ``END REPEAT`` (followed by an
  optional label and ``;``), which close statements that never opened a
  block; ``BEGIN TRAN[SACTION]``, ``BEGIN DISTRIBUTED``, ``BEGIN WORK``,
  ``BEGIN DIALOG``, ``BEGIN CONVERSATION`` and ``BEGIN QUERY`` open nothing.
  Counting parentheses is what ends a Teradata macro,
  ``CREATE MACRO m AS ( ...; ...; );``, at the ``;`` after its closing ``)``.
* A statement's text runs from its first to its last character of code:
  surrounding whitespace and comments, and the terminator, are left out
  (comments inside are kept).  Empty and comment-only statements are dropped.
* A string or quoted identifier that is never closed runs to the first ``;``
  or the end of its line, and a block comment that is never closed to the next ``GO`` line
  (``batch_separator``) or the end of the file; both stay in their statement
  (the comment as code), so the parser reports them, and the statements after
  them are kept.  Nothing raises.
* A DOS end-of-file mark (Ctrl-Z) at the end of the text is not a statement.
* A line holding only ``/`` (blanks around it allowed) ends a statement in every
  dialect, as SQL*Plus reads it and multi-database test suites write it; a routine
  followed by such a line runs to it, as to a ``GO`` line (terminator ``"/"``;
  docs/decisions.md D98).  A ``/`` with anything else on its line is a division.
* ``dot_commands`` (Teradata): a line whose first non-blank character is ``.``
  followed by a BTEQ command word (:data:`BTEQ_COMMANDS`) is a statement of its own,
  ending at the end of its line whatever it holds (``;``, quotes); it ends the
  statement or routine open before it (terminator ``"line"``; D97).

Cutting batches (:func:`batch_statements`): T-SQL and ASE need no terminator, so a
``GO`` batch may hold several statements; a control-flow statement (``IF``,
``WHILE``, ``BEGIN ... END``) is read with its body and ``ELSE`` (:func:`block_end`)
and the statements after it are cut too (D99).  :func:`create_table_inside` finds a
CREATE TABLE hidden in a statement that is skipped (diagnostic P007).

Speed: one compiled regular expression matches, in turn, a ``GO`` line, a
comment, a ``;`` or a whole run of code with its quoted parts, so Python only
sees a few matches per statement and ``re`` does the character work; routine
bodies without ``GO`` use a second expression for the tokens that count there.
A 50 MB script splits in a couple of seconds.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import replace

from analyzer.records import record
from grammars.profile import Grammar, fold_case

__all__ = [
    "BTEQ_COMMANDS",
    "BTEQ_DIALECT",
    "Statement",
    "batch_statements",
    "block_end",
    "create_table_inside",
    "embedded_statements",
    "split_statements",
    "statement_label",
]


@record
class Statement:
    """One statement: ``text == source[start:end]``, without its terminator.

    ``terminator`` is ``";"``, ``"GO"`` or ``""`` (end of file); ``repeat`` is
    the count of the ``GO n`` that ends the statement's batch (1 otherwise).
    """

    text: str
    start: int
    end: int
    repeat: int = 1
    terminator: str = ""


# Strings and quoted identifiers run to their closing quote (across lines); one
# that is never closed runs to the first ";" or the end of its line, so that it
# takes only its own statement down (possessive: an unclosed quote is given up on
# in one pass).
_QUOTED = (
    r"'[^']*+(?:''[^']*+)*+'|'[^;\r\n]*+"
    r'|"[^"]*+(?:""[^"]*+)*+"|"[^;\r\n]*+'
    r"|\[[^\]]*+(?:\]\][^\]]*+)*+\]|\[[^;\r\n]*+"
)
# A block comment with no nested "/*" is matched whole; otherwise the bare
# "/*" alternative matches and the nesting is counted in Python.
_COMMENTS = r"--[^\r\n]*|/\*[^*/]*(?:(?:\*(?!/)|/(?!\*))[^*/]*)*\*/|/\*"
# A GO line, matched from the line break before it (or from the start of the
# text); only the GO line proper names its count.
_BLANKS = r"[^\S\r\n]"


def _go_line(count: str) -> str:
    return (
        rf"{_BLANKS}*+[Gg][Oo](?:{_BLANKS}++{count})?{_BLANKS}*+;?{_BLANKS}*+(?:--[^\r\n]*+)?"
        r"(?=[\r\n]|\Z)"
    )


_GO_TAIL = _go_line(r"\d+")
_GO_COUNTED = _go_line(r"(?P<count>\d+)")
_GO_LINE = rf"(?P<go>[\r\n]{_GO_COUNTED})"
_NEXT_GO = rf"[\r\n]{_GO_TAIL}"

# The main scanners match, one after the other, a GO line, a comment, ";" or
# a run of code (quoted parts included) up to the next of those: Python sees a
# handful of matches per statement, and sre does the character work.
# A line holding only "/" ends a statement in every dialect (SQL*Plus style, as
# multi-database test suites write their scripts: docs/decisions.md D98).
_SLASH_TAIL = rf"{_BLANKS}*+/{_BLANKS}*+(?=[\r\n]|\Z)"
_SLASH_LINE = rf"(?P<slash>(?:[\r\n]|\A){_SLASH_TAIL})"

#: The dialect whose scripts are BTEQ scripts, with dot commands (``dot_commands``).
BTEQ_DIALECT = "teradata"

#: The BTEQ commands a Teradata script may hold, written ``.WORD`` at the start of a
#: line (Teradata "Basic Teradata Query Reference", BTEQ Commands): each ends at the end
#: of its line, ``;`` or not (docs/decisions.md D97).
BTEQ_COMMANDS = frozenset(
    {
        *("abort", "autokeyretrieve", "compile", "decimaldigits", "defaults", "echoreq"),
        *("else", "elseif", "endif", "errorlevel", "errorout", "exit", "export", "foldline"),
        *("footing", "format", "formchar", "fullyear", "goto", "hang", "heading", "help"),
        *("if", "import", "indicdata", "label", "largedatamode", "logdata", "logmech"),
        *("logoff", "logon", "maxerror", "messageout", "notify", "null", "omit", "os"),
        *("pack", "pagebreak", "pagelength", "quiet", "quit", "recordmode", "remark"),
        *("repeat", "repeatstop", "retcancel", "retlimit", "retry", "rtitle", "run"),
        *("separator", "session", "sessions", "set", "show", "sidetitles", "skipdouble"),
        *("skipline", "suppress", "tdp", "timemsg", "titledashes", "tso", "tworespbufs"),
        *("underline", "width"),
    }
)
_DOT_TAIL = (
    rf"{_BLANKS}*+\.(?i:{'|'.join(sorted(BTEQ_COMMANDS, key=lambda w: (-len(w), w)))})"
    r"(?![\w$#@])"
)
_DOT_LINE = rf"(?P<dot>(?:[\r\n]|\A){_DOT_TAIL}[^\r\n]*+)"


@functools.cache
def _scanner(go: bool, dot: bool) -> re.Pattern[str]:
    """The main scanner: the line tokens (GO, "/", BTEQ dot commands) that apply, a
    comment, ";" or a run of code that stops before the line break of a line token."""
    lines = [_SLASH_LINE]
    tails = [_SLASH_TAIL]
    if go:
        lines.insert(0, _GO_LINE)
        tails.append(_GO_TAIL)
    if dot:
        lines.append(_DOT_LINE)
        tails.append(_DOT_TAIL)
    return re.compile(
        rf"{'|'.join(lines)}|{_COMMENTS}|;"
        rf"|(?:[^'\"\[\-/;\r\n]++|{_QUOTED}|-(?!-)|/(?!\*)|[\r\n](?!{'|'.join(tails)}))++"
    )


# Only what matters, to look for a GO or "/" line ahead: every alternative starts
# with a literal, so sre skips everything else with a C-level character-set scan.
_TOKENS_GO = rf"{_QUOTED}|{_COMMENTS}|\n(?:{_GO_TAIL}|{_SLASH_TAIL})|\r(?:{_GO_TAIL}|{_SLASH_TAIL})"


def _word(word: str) -> str:
    """``word`` in any case, as alternatives that each start with a literal."""
    rest = "".join(f"[{c.upper()}{c.lower()}]" for c in word[1:])
    boundary = r"(?![\w@#$])"
    return f"{word[0].upper()}{rest}{boundary}|{word[0].lower()}{rest}{boundary}"


# Inside a routine body (no GO in the file): blocks and parentheses count, and
# code between tokens is found as the gap between matches.
@functools.cache
def _body_tokens(dot: bool) -> re.Pattern[str]:
    """The routine-body scanner; a "/" line (and a dot command) ends the body too."""
    lines = f"{_SLASH_LINE}|{_DOT_LINE}|" if dot else f"{_SLASH_LINE}|"
    return re.compile(
        rf"{lines}{_QUOTED}|{_COMMENTS}|;|\(|\)|"
        + "|".join(_word(w) for w in ("begin", "end", "case"))
    )


_COMMENT_DELIMITERS = r"/\*|\*/"

# Possessive: a failed match must not retry every split of a run of blanks.
_SEP = r"(?:\s++|--[^\r\n]*+|/\*(?:[^*]|\*(?!/))*+\*/)++"
_ROUTINE_HEAD = re.compile(
    rf"(?:CREATE(?:{_SEP}OR{_SEP}(?:REPLACE|ALTER))?|ALTER|REPLACE){_SEP}"
    rf"(?:PUBLIC{_SEP})?(?:PROCEDURE|PROC|TRIGGER|FUNCTION|MACRO)(?![\w@#$])",
    re.IGNORECASE,
)
_BEGIN_NO_BLOCK = (
    r"(?i)\s+(?:TRAN|TRANSACTION|DISTRIBUTED|WORK|DIALOG|CONVERSATION|QUERY)(?![\w@#$])"
)
_END_NO_BLOCK = r"(?i)\s+(?:IF|LOOP|WHILE|FOR|REPEAT)(?:\s+\w+)?\s*;"
_END_CASE = r"(?i)\s+CASE(?![\w@#$])"
_WORD_CHARS = frozenset("_@#$.")

_NORMAL, _ROUTINE_TO_GO, _ROUTINE_BODY = range(3)


def _block_comment_end(text: str, pos: int) -> int:
    """End of the (nested) block comment whose ``/*`` ends at ``pos``; -1 if unterminated."""
    depth = 1
    search = re.compile(_COMMENT_DELIMITERS).search
    while True:
        m = search(text, pos)
        if m is None:
            return -1
        pos = m.end()
        if text[m.start()] == "/":
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return pos


def _go_after(text: str, pos: int) -> bool:
    """Whether a ``GO`` line follows ``pos`` outside strings and comments."""
    search = re.compile(_TOKENS_GO).search
    while (m := search(text, pos)) is not None:
        if text[m.start()] in "\r\n":
            return True
        pos = m.end()
        if pos - m.start() == 2 and text.startswith("/*", m.start()):
            pos = _block_comment_end(text, pos)
            if pos < 0:
                return False
    return False


def split_statements(
    text: str, *, batch_separator: bool = True, dot_commands: bool = False
) -> list[Statement]:
    """Split ``text`` into statements (see the module docstring for the rules).

    ``dot_commands``: the file is a Teradata script, in which a BTEQ command
    (:data:`BTEQ_COMMANDS`, ``.LABEL x``) is a statement of its own line.

    >>> [s.text for s in split_statements("create table a (x int); /* ; */ drop table b;")]
    ['create table a (x int)', 'drop table b']
    >>> script = "insert t values (1)\\nGO 3\\n"
    >>> [(s.text, s.repeat, s.terminator) for s in split_statements(script)]
    [('insert t values (1)', 3, 'GO')]
    >>> body = "create procedure p as begin select 1; select 2; end;\\ncreate table t (x int);"
    >>> [s.text[:22] for s in split_statements(body)]
    ['create procedure p as ', 'create table t (x int)']
    >>> bteq = ".LABEL retry\\nCREATE TABLE t (x INT);\\n/\\n"
    >>> [(s.text, s.terminator) for s in split_statements(bteq, dot_commands=True)]
    [('.LABEL retry', 'line'), ('CREATE TABLE t (x INT)', ';')]
    """
    out: list[Statement] = []
    n = len(text)
    scan = _scanner(batch_separator, dot_commands)
    pattern = scan
    body = False  # scanning a routine body with _body_tokens (compiled when one is met)
    pos = 0
    first = last = -1  # first and last+1 code characters of the open statement
    batch = 0  # index in ``out`` of the current batch's first statement
    mode = _NORMAL
    depth = parens = 0  # BEGIN/CASE blocks and parentheses, in a routine body
    file_has_go: bool | None = None if batch_separator else False
    seen_go = False
    if batch_separator and (go := re.match(_GO_COUNTED, text)) is not None:
        seen_go = True
        pos = go.end()

    restart = True
    while restart:
        # finditer is restarted (with another pattern, or after a nested
        # comment it must not look inside) by setting ``restart``.
        restart = False
        for m in pattern.finditer(text, pos):
            token = m.start()
            if token < pos:
                continue  # skipped over (the CASE of an END CASE)
            end = m.end()
            char = text[token]
            line = m.lastgroup  # "go", "slash", "dot" or None
            # Code runs from ``pos`` to ``run``, blanks around it included: a
            # whole match of the main scanners, or the gap before a body token.
            if (
                body
                or line is not None
                or (
                    char in ";-/"
                    and (char == ";" or text.startswith("--" if char == "-" else "/*", token))
                )
            ):
                run = token
            else:
                run = end
            if run > pos:
                chunk = text[pos:run]
                stripped = chunk.rstrip()
                if stripped:
                    if first < 0:
                        first = pos + len(chunk) - len(chunk.lstrip())
                        head = _ROUTINE_HEAD.match(text, first)
                        if head is not None:
                            if file_has_go is None:
                                file_has_go = seen_go or _go_after(text, first)
                            if not file_has_go:
                                # Rescan the body with the block-counting scanner.
                                mode, depth, parens = _ROUTINE_BODY, 0, 0
                                pattern, body = _body_tokens(dot_commands), True
                                pos = last = head.end()
                                restart = True
                                break
                            mode = _ROUTINE_TO_GO
                    last = pos + len(stripped)
                pos = run
                if run == end:
                    continue
            pos = end
            if line == "slash" or line == "dot":
                # A "/" line, or a BTEQ command line: ends the open statement (a
                # routine's too); the command is a statement of its own.
                if first >= 0:
                    out.append(
                        Statement(text[first:last], first, last, 1, "/" if line == "slash" else "")
                    )
                    first = last = -1
                if line == "dot":
                    at = text.index(".", token)
                    command = text[at:end].rstrip()
                    out.append(Statement(command, at, at + len(command), 1, "line"))
                if mode != _NORMAL:
                    mode = _NORMAL
                    if body:
                        pattern, body = scan, False
                        restart = True
                        break
            elif char == ";":
                if mode == _NORMAL or (mode == _ROUTINE_BODY and depth <= 0 and parens <= 0):
                    if first >= 0:
                        out.append(Statement(text[first:last], first, last, 1, ";"))
                        first = last = -1
                    if mode == _ROUTINE_BODY:
                        mode = _NORMAL
                        pattern, body = scan, False
                        restart = True
                        break
                # In a routine, ";" is neither the end nor code (a final one is dropped).
            elif char == "-":
                pass  # line comment
            elif char == "/":
                if end - token == 2:  # "/*" of a comment with a nested one
                    end = _block_comment_end(text, end)
                    if end < 0:
                        # Unterminated: keep it as code so that the parser reports it,
                        # up to the next GO line (isql and sqlcmd end the batch there
                        # whatever it holds) or the end of the text.
                        go = re.compile(_NEXT_GO).search(text, token) if batch_separator else None
                        end = go.start() if go is not None else n
                        last = _trimmed(text, end)  # not the "\r" of a CRLF before GO
                        if first < 0:
                            first = token
                    pos = end
                    restart = True
                    break
            elif m.lastgroup == "go":
                # A GO line: ends the statement and the batch.
                seen_go = True
                if first >= 0:
                    out.append(Statement(text[first:last], first, last, 1, "GO"))
                    first = last = -1
                count = int(m.group("count") or 1)
                if count > 1:
                    out[batch:] = [replace(s, repeat=count) for s in out[batch:]]
                batch = len(out)
                mode = _NORMAL
            else:
                # In a routine body: strings, quoted identifiers, words and parentheses.
                if first < 0:
                    first = token
                last = end
                if char == "(":
                    parens += 1
                elif char == ")":
                    parens -= 1
                elif char in "'\"[":
                    pass
                elif token > 0 and (text[token - 1].isalnum() or text[token - 1] in _WORD_CHARS):
                    pass  # the end of a longer name (append, t.end)
                elif char in "Bb":
                    if re.compile(_BEGIN_NO_BLOCK).match(text, end) is None:
                        depth += 1
                elif char in "Cc":
                    depth += 1
                elif re.compile(_END_NO_BLOCK).match(text, end) is None:
                    depth = max(depth - 1, 0)
                    end_case = re.compile(_END_CASE).match(text, end)
                    if end_case is not None:
                        pos = last = end_case.end()  # not a new CASE

    if pos < n:
        # Only in a routine body: the code after the last token.
        chunk = text[pos:]
        stripped = chunk.rstrip()
        if stripped:
            if first < 0:
                first = pos + len(chunk) - len(chunk.lstrip())
            last = pos + len(stripped)
    if first >= 0:
        # Blanks at the end of an unterminated quote or comment are not kept,
        # nor a DOS end-of-file mark (Ctrl-Z) after the last statement.
        code = text[first:last]
        while (trimmed := code.rstrip().rstrip("\x1a")) != code:
            code = trimmed
        if code:
            out.append(Statement(code, first, first + len(code), 1, ""))
    return out


# ------------------------------------------------------ labelling and cutting batches

_WORD = re.compile(r"[A-Za-z_#@][\w#@$]*")
_COMMENT = re.compile(r"\A(?:\s+|--[^\n]*|/\*.*?\*/)+", re.DOTALL)
_VERBS_WITH_OBJECT = {"create", "alter", "drop", "replace", "truncate"}
_MODIFIERS = {
    "or",
    "replace",
    "set",
    "multiset",
    "volatile",
    "global",
    "temporary",
    "unique",
    "clustered",
    "nonclustered",
    "recursive",
    "materialized",
}


def statement_label(text: str) -> str:
    """A short lower-case label for a statement: ``use``, ``create procedure``, ``if``,
    ``.label`` (a BTEQ command).

    >>> statement_label("  -- note\\nCREATE OR REPLACE PROCEDURE p AS ...")
    'create procedure'
    """
    body = _COMMENT.sub("", text, count=1)
    words = _WORD.findall(body[:200])
    if not words:
        return "unknown"
    if body.startswith(".") and body[1:2].isalpha():
        return f".{str(words[0]).lower()}"  # a BTEQ command: ".logon", ".label"
    first: str = words[0].lower()
    if first in _VERBS_WITH_OBJECT:
        for word in words[1:]:
            low = str(word).lower()
            if low not in _MODIFIERS:
                return f"{first} {low}"
    if first in ("exec", "execute") and len(words) > 1:
        return f"exec {str(words[1]).lower()}"
    return first


#: Control-flow statements whose body may hold DDL (SSMS deploy scripts wrap tables in
#: ``IF NOT EXISTS (...) BEGIN CREATE TABLE ... END``).
BLOCK_LABELS = frozenset({"if", "begin", "else", "while"})
_EMBEDDED_HEAD = re.compile(r"\bcreate\s+(?:table|type)\b", re.IGNORECASE)
_BLOCK_TAIL = r"(?i)(?:\s|;|\bend\b)+\Z"


def embedded_statements(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of the CREATE TABLE / TYPE statements inside a control-flow block.

    Each runs from its ``CREATE`` to the end of its statement as T-SQL and ASE read
    it without ``;``: the ``END`` or ``ELSE`` of the enclosing block, or the next
    statement keyword opening a line, outside parentheses (:func:`_simple_end`).
    Heads inside string literals (dynamic SQL in ``EXEC('...')``) and comments are
    not statements.

    >>> t = "IF NOT EXISTS (SELECT 1) BEGIN CREATE TABLE a (x int) END"
    >>> [t[a:b] for a, b in embedded_statements(t)]
    ['CREATE TABLE a (x int)']
    >>> t = "IF 1 = 1 BEGIN\\n CREATE TABLE a (x int)\\n CREATE INDEX i ON a (x)\\nEND"
    >>> [t[a:b] for a, b in embedded_statements(t)]
    ['CREATE TABLE a (x int)']
    """
    if _EMBEDDED_HEAD.search(text) is None:
        return []
    tokens = _flow_tokens(text)
    spans = []
    for i, tok in enumerate(tokens[:-1]):
        if tok.word == "create" and tokens[i + 1].word in ("table", "type"):
            j = _simple_end(tokens, i)
            spans.append((tok.start, _trimmed(text, tokens[j - 1].end)))
    return spans


@record
class _Token:
    """A token of a control-flow statement: a word (lower case), a quoted part, ``(``,
    ``)`` or ``;``; ``opens_line`` when only blanks precede it on its line."""

    start: int
    end: int
    word: str
    kind: str
    opens_line: bool


_FLOW_TOKENS = re.compile(rf"{_QUOTED}|{_COMMENTS}|;|\(|\)|[A-Za-z_#@][\w#@$]*")
#: Words that begin a statement in the body of an IF or WHILE (T-SQL "Control-of-Flow
#: Language"; ASE Transact-SQL User's Guide, "Using Batches and Control-of-Flow
#: Language"): the first of them at parenthesis depth 0 ends the condition.
_BODY_WORDS = frozenset(
    {
        *("create", "alter", "drop", "grant", "revoke", "exec", "execute", "print", "use"),
        *("setuser", "checkpoint", "dump", "load", "insert", "update", "delete", "declare"),
        *("set", "if", "begin", "truncate", "select", "raiserror", "return", "while"),
        *("waitfor", "break", "continue", "goto", "throw", "merge", "deny", "dbcc"),
    }
)
_NO_BLOCK = frozenset({"tran", "transaction", "distributed", "work", "dialog", "conversation"})


def _flow_tokens(text: str) -> list[_Token]:
    """The tokens :func:`block_end` and :func:`embedded_statements` read (comments
    left out; a word after ``.`` is part of a name, not a keyword)."""
    out: list[_Token] = []
    pos = 0
    search = _FLOW_TOKENS.search
    while (m := search(text, pos)) is not None:
        # Only the gap since the previous match is looked at: linear on long lines.
        a, gap, pos = m.start(), pos, m.end()
        newline = max(text.rfind("\n", gap, a), text.rfind("\r", gap, a))
        opens_line = (newline >= 0 or gap == 0) and not text[newline + 1 : a].strip()
        char = text[a]
        if char == "-" or char == "/":
            if pos - a == 2 and text.startswith("/*", a):  # nested comment
                pos = _block_comment_end(text, pos)
                if pos < 0:
                    break
            continue
        if char in "'\"[":
            out.append(_Token(a, pos, "", "quoted", opens_line))
        elif char in "();":
            out.append(_Token(a, pos, "", char, opens_line))
        elif a > 0 and (text[a - 1].isalnum() or text[a - 1] in _WORD_CHARS):
            out.append(_Token(a, pos, "", "name", opens_line))  # t.end, x1end
        else:
            out.append(_Token(a, pos, m.group().lower(), "word", opens_line))
    return out


def _starts_statement(tokens: list[_Token], j: int, head: str) -> bool:
    """Whether ``tokens[j]``, at parenthesis depth 0 inside a statement that began
    with ``head``, opens the next statement: a statement keyword opening a line, as
    :func:`batch_statements` cuts (``SET`` under ``UPDATE`` is the UPDATE's)."""
    tok = tokens[j]
    if not tok.opens_line or tok.kind != "word":
        return False
    if tok.word == "set" and head == "update":
        return False
    return tok.word in _LINE_KEYWORDS or (tok.word.startswith("sp_") and len(tok.word) > 3)


def _simple_end(tokens: list[_Token], i: int) -> int:
    """Index of the token after the statement (not a block) that starts at ``tokens[i]``:
    it ends after ``;``, before the ``END`` / ``ELSE`` of its block, or before a
    statement keyword opening a line (:func:`_starts_statement`)."""
    head = tokens[i].word
    parens = cases = 0
    j = i + 1
    while j < len(tokens):
        tok = tokens[j]
        if tok.kind == "(":
            parens += 1
        elif tok.kind == ")":
            parens = max(parens - 1, 0)
        elif parens == 0:
            if tok.kind == ";":
                return j + 1
            if tok.word == "case":
                cases += 1
            elif tok.word == "end" and cases:
                cases -= 1
            elif tok.word in ("end", "else") or _starts_statement(tokens, j, head):
                return j
        j += 1
    return j


def _flow_end(tokens: list[_Token], i: int) -> int | None:
    """Index of the token after the statement starting at ``tokens[i]``: a
    ``BEGIN ... END`` block, an ``IF`` / ``WHILE`` with its body (and ``ELSE``), or a
    simple statement; None when a block never ends or a condition has no body."""
    word = tokens[i].word
    n = len(tokens)
    if word == "begin" and not (i + 1 < n and tokens[i + 1].word in _NO_BLOCK):
        depth = 0
        parens = 0
        for j in range(i, n):
            kind = tokens[j].kind
            if kind == "(":
                parens += 1
            elif kind == ")":
                parens = max(parens - 1, 0)
            if parens:
                continue  # GENERATED ALWAYS AS ROW END, CASE ... END: inside a statement
            w = tokens[j].word
            if w == "case" or (
                w == "begin" and not (j + 1 < n and tokens[j + 1].word in _NO_BLOCK)
            ):
                depth += 1
            elif w == "end":
                depth -= 1
                if depth == 0:
                    k = j + 1
                    if k < n and tokens[k].word in ("try", "catch"):
                        k += 1
                    return k + 1 if k < n and tokens[k].kind == ";" else k
        return None
    if word in ("if", "while"):
        parens = 0
        j = i + 1
        while j < n:
            tok = tokens[j]
            if tok.kind == "(":
                parens += 1
            elif tok.kind == ")":
                parens = max(parens - 1, 0)
            elif parens == 0 and tok.word in _BODY_WORDS:
                break
            j += 1
        if j >= n:
            return None
        body = _flow_end(tokens, j)
        if body is not None and word == "if" and body < n and tokens[body].word == "else":
            return _flow_end(tokens, body + 1) if body + 1 < n else None
        return body
    return _simple_end(tokens, i)


def block_end(text: str) -> int | None:
    """The end of the control-flow statement ``text`` starts with (``IF``, ``WHILE``,
    ``BEGIN ... END``, with its body and ``ELSE``), or None when it cannot be read.

    T-SQL and ASE need no terminator after a block, so a batch may go on with other
    statements (docs/decisions.md D99).

    >>> t = "IF OBJECT_ID('t') IS NOT NULL BEGIN DROP TABLE t END\\nCREATE TABLE t (x int)"
    >>> t[: block_end(t)]
    "IF OBJECT_ID('t') IS NOT NULL BEGIN DROP TABLE t END"
    >>> t = "IF OBJECT_ID('t') IS NOT NULL\\n  DROP TABLE t\\nCREATE TABLE t (x int)"
    >>> t[: block_end(t)].splitlines()
    ["IF OBJECT_ID('t') IS NOT NULL", '  DROP TABLE t']
    """
    tokens = _flow_tokens(text)
    if not tokens or tokens[0].word not in ("if", "while", "begin"):
        return None
    k = _flow_end(tokens, 0)
    if k is None:
        return None
    return _trimmed(text, tokens[k - 1].end)


_GAP_CODE = re.compile(rf"{_COMMENTS}|\S", re.IGNORECASE)


def _code_end(text: str, end: int, limit: int) -> int:
    """The end of the code from ``end`` on, before ``limit``: numbers and operators the
    flow tokens leave out (``IDENTITY_GAP=1``) are the statement's, blanks and comments
    after them are not.

    >>> t = "with identity_gap=1 -- note\\nNEXT"
    >>> t[: _code_end(t, 17, t.index("NEXT"))]
    'with identity_gap=1'
    """
    start, end = end, _trimmed(text, end)  # an unclosed quote's token ends in blanks
    for m in _GAP_CODE.finditer(text, start, limit):
        if not m.group().startswith(("--", "/*")):
            end = m.end()
    return end


def _trimmed(text: str, end: int) -> int:
    """``end`` less the blanks before it (an unclosed quote runs to its line's end)."""
    while end > 0 and text[end - 1].isspace():
        end -= 1
    return end


#: Keywords that start a statement when they open a line of a T-SQL / ASE batch
#: (and any ``sp_...`` procedure name).
_LINE_KEYWORDS = frozenset(
    {
        *("create", "alter", "drop", "grant", "revoke", "exec", "execute", "print", "use"),
        *("setuser", "checkpoint", "dump", "load", "insert", "update", "delete", "declare"),
        *("set", "if", "begin", "truncate", "raiserror", "commit", "rollback", "dbcc"),
        *("while", "return", "waitfor", "reconfigure", "sp_configure"),
    }
)
#: Statements the schema replays though they define nothing (D84): a batch holding
#: them is cut so that each is read (``drop table x`` then ``drop table y``).
_REPLAYED = frozenset({"drop table", "alter table", "use", "sp_rename", "exec sp_rename"})
_LINE_STATEMENT = r"(?im)^[ \t]*(?:" + "|".join(sorted(_LINE_KEYWORDS)) + r"|sp_\w+)\b"
#: The first word of every line but the first: a cheap test that no line can match
#: ``_LINE_STATEMENT`` (on text where lower() folds as IGNORECASE does: fold_case).
_LINE_FIRST_WORD = re.compile(r"\n[ \t]*(\w+)")
_ROUTINE = re.compile(r"(?:create|alter) (?:procedure|proc|trigger|function|view)\b")


def _may_open_statement(text: str) -> bool:
    """False only when no line after the first opens with a ``_LINE_STATEMENT`` keyword
    (a set test on each line's first word, ~7x faster than the regex scan).

    >>> _may_open_statement("create table a (x int,\\n  y int)")
    False
    >>> _may_open_statement("create table a (x int)\\n  GRANT select on a to b")
    True
    """
    lowered = fold_case(text)
    if lowered is None:
        return True  # case folding changes the length: let the regex decide
    firsts = set(_LINE_FIRST_WORD.findall(lowered))
    return not firsts.isdisjoint(_LINE_KEYWORDS) or any(
        w.startswith("sp_") and len(w) > 3 for w in firsts
    )


def batch_statements(text: str, grammar: Grammar) -> list[tuple[int, int]]:
    """Cut a ``GO`` batch holding several statements without ``;`` into them.

    T-SQL and ASE need no terminator, so ``create table ...`` followed by
    ``grant ...`` on the next line, or several ``exec sp_addtype`` lines, form
    one batch.  The batch is cut where a statement keyword opens a line outside
    a string literal, but only when that yields DDL to analyse; routine bodies
    (procedures, triggers, functions, views) are never cut.

    >>> import grammars
    >>> t = "create table a (x int)\\ngrant select on a to public"
    >>> [t[a:b] for a, b in batch_statements(t, grammars.get("tsql"))]
    ['create table a (x int)', 'grant select on a to public']
    >>> t = "drop table a\\ndrop table b"
    >>> [t[a:b] for a, b in batch_statements(t, grammars.get("tsql"))]
    ['drop table a', 'drop table b']
    """
    label = statement_label(text)
    if _ROUTINE.match(label):
        return []  # routine bodies stay whole
    if label in BLOCK_LABELS:
        return _flow_pieces(text)  # the block, then what follows it (D99)
    if not _may_open_statement(text):
        return []  # no line opens with a statement keyword: nothing to cut
    cuts: list[int] = []
    quotes = 0
    last = 0
    opened: list[tuple[int, int]] | None = None  # parenthesis depths, computed if needed
    for m in re.finditer(_LINE_STATEMENT, text):
        quotes += text.count("'", last, m.start())  # incremental: linear in the batch
        last = m.start()
        if m.start() > 0 and quotes % 2 == 0:
            if opened is None:
                opened = _paren_depths(text)
            if _depth_at(opened, m.start()) == 0:  # not a column named sp_x, set, ...
                cuts.append(m.start())
    if not cuts:
        return []
    pieces = []
    for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True):
        piece = text[a:b]
        lead = len(piece) - len(piece.lstrip())
        body = piece.strip()
        tail = re.search(_BLOCK_TAIL, body)  # the END / ; closing an enclosing block
        body = body[: tail.start()] if tail else body
        if body:
            pieces.append((a + lead, a + lead + len(body)))
    if not any(
        grammar.statement_kind(text[a : min(b, a + 300)])
        or statement_label(text[a : min(b, a + 200)]) in _REPLAYED
        for a, b in pieces
    ):
        return []
    if any(statement_label(text[a : min(b, a + 200)]) in BLOCK_LABELS for a, b in pieces):
        return _flow_pieces(text) or pieces  # a block keeps its body (D99)
    return pieces


def _paren_depths(text: str) -> list[tuple[int, int]]:
    """``(offset, depth after it)`` at each parenthesis outside quotes and comments."""
    out: list[tuple[int, int]] = []
    depth = 0
    for tok in _flow_tokens(text):
        if tok.kind == "(":
            depth += 1
        elif tok.kind == ")":
            depth = max(depth - 1, 0)
        else:
            continue
        out.append((tok.start, depth))
    return out


def _depth_at(depths: list[tuple[int, int]], offset: int) -> int:
    """The parenthesis depth at ``offset`` (see :func:`_paren_depths`)."""
    i = bisect.bisect_left(depths, (offset, -1))
    return depths[i - 1][1] if i else 0


def _flow_pieces(text: str) -> list[tuple[int, int]]:
    """A batch holding a control-flow statement, cut by reading its statements in turn
    (:func:`_flow_end`): a block with its body and ``ELSE`` is one piece, whose CREATE
    statements go to :func:`embedded_statements`, and each statement after it is
    another (D99).  Nothing when the batch is one statement; a block that never ends
    runs to the end of the batch.

    >>> t = "IF OBJECT_ID('t') IS NOT NULL\\n  DROP TABLE t\\nCREATE TABLE t (x int)\\nPRINT 'ok'"
    >>> [t[a:b] for a, b in _flow_pieces(t)][1:]
    ['CREATE TABLE t (x int)', "PRINT 'ok'"]
    """
    tokens = _flow_tokens(text)
    pieces = []
    i = 0
    while i < len(tokens):
        j = _flow_end(tokens, i)
        if j is None:
            pieces.append((tokens[i].start, len(text.rstrip())))
            break
        last = j - 1 if j - 1 > i and tokens[j - 1].kind == ";" else j  # ";" is no part
        limit = tokens[last].start if last < len(tokens) else len(text)
        pieces.append((tokens[i].start, _code_end(text, tokens[last - 1].end, limit)))
        i = j
    return pieces if len(pieces) > 1 else []


_CREATE_TABLE_ANYWHERE = re.compile(r"\bcreate\s", re.IGNORECASE)


def create_table_inside(text: str) -> tuple[int, int] | None:
    """``(start, end)`` of the words ``CREATE ... TABLE`` of the first CREATE TABLE
    inside ``text`` (past its first word), outside strings and comments; None when
    there is none, or when ``text`` is a routine (procedure, function, trigger, macro),
    whose body may create tables when it runs.

    >>> t = "DATABASE sales\\nCREATE MULTISET TABLE a (x INT)"
    >>> t[slice(*create_table_inside(t))]
    'CREATE MULTISET TABLE'
    >>> create_table_inside("EXEC ('CREATE TABLE a (x int)')") is None
    True
    """
    if _CREATE_TABLE_ANYWHERE.search(text, 1) is None:
        return None
    body = _COMMENT.match(text)
    if _ROUTINE_HEAD.match(text, body.end() if body else 0) is not None:
        return None
    tokens = _flow_tokens(text)
    # past the first word, unless the text starts with something that is no statement
    # (``//create table``: the grammar did not take it for one)
    first = 0 if tokens and _GAP_CODE.search(_COMMENT.sub("", text[: tokens[0].start])) else 1
    for i, tok in enumerate(tokens[first:], first):
        if tok.word != "create":
            continue
        j = i + 1
        while j < len(tokens) and tokens[j].word in _MODIFIERS:
            j += 1
        if j + 1 < len(tokens) and tokens[j].word == "table":
            after = tokens[j + 1]
            if (i and tokens[i - 1].word in _PERMISSIONS) or after.word in _PERMISSIONS:
                continue  # GRANT CREATE TABLE TO ...: a permission
            if after.kind in ("word", "quoted"):
                return tok.start, tokens[j].end
    return None


#: Words around ``CREATE TABLE`` when it names a permission, not a statement.
_PERMISSIONS = frozenset({"grant", "revoke", "deny", "to", "from"})
