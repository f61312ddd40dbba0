"""Character offsets <-> LSP positions (0-based line, character in the client's units).

ddlaudit's spans count characters of the decoded text (``Span.start`` / ``Span.end``);
the Language Server Protocol counts a position's ``character`` in the negotiated
position encoding: UTF-16 code units unless client and server agreed on ``utf-8`` or
``utf-32`` (LSP 3.17, "Position"; ``positionEncoding``).  Lines end at ``\\r\\n``, ``\\n``
or ``\\r`` in both, so the line is :class:`~analyzer.source.LineIndex`'s less one.

>>> text = "-- 𝄞 é\\nCREATE TABLE t (a int)"
>>> index = LineIndex(text)
>>> position(index, text.index("é"), "utf-16"), position(index, text.index("é"), "utf-32")
((0, 6), (0, 5))
>>> offset(index, 0, 6, "utf-16") == text.index("é"), offset(index, 1, 7, "utf-16")
(True, 14)
"""

from __future__ import annotations

from analyzer.source import LineIndex

UTF16, UTF8, UTF32 = "utf-16", "utf-8", "utf-32"


def units(text: str, encoding: str = UTF16) -> int:
    """The length of ``text`` in ``encoding``'s code units.

    >>> units("a𝄞é"), units("a𝄞é", UTF8), units("a𝄞é", UTF32)
    (4, 7, 3)
    """
    if encoding == UTF32 or text.isascii():
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def position(index: LineIndex, at: int, encoding: str = UTF16) -> tuple[int, int]:
    """The LSP ``(line, character)`` of character offset ``at`` of the indexed text."""
    line, column = index.position(at)
    prefix = index.line_text(line)[: column - 1]
    if len(prefix) < column - 1:  # inside the line terminator: count it as characters
        return line - 1, units(prefix, encoding) + (column - 1 - len(prefix))
    return line - 1, units(prefix, encoding)


def offset(index: LineIndex, line: int, character: int, encoding: str = UTF16) -> int:
    """The character offset of the LSP ``(line, character)``; a line past the end is the
    text's end and a character past the line's end is the line's end (LSP 3.17: "defaults
    back to the line length")."""
    if line >= index.line_count:
        last = index.line_count
        return index.line_start(last) + len(index.line_text(last))
    start = index.line_start(line + 1)
    text = index.line_text(line + 1)
    if encoding == UTF32 or text.isascii():
        return start + min(character, len(text))
    counted = 0
    for i, char in enumerate(text):
        if counted >= character:
            return start + i
        counted += units(char, encoding)
    return start + len(text)


__all__ = ["UTF8", "UTF16", "UTF32", "offset", "position", "units"]
