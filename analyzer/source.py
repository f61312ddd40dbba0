"""Reading source files: discovery, encoding detection and offset -> line/column mapping.

Legacy DDL arrives in whatever encoding the machine that dumped it used, so
:func:`decode` detects the encoding and says why (``SourceText.evidence``).  It
never raises: a problem with the input becomes a :class:`~analyzer.ir.Diagnostic`.

Detection order (first that applies wins):

1. the ``encoding`` option, if given and it decodes the bytes (else ``D001`` and
   detection below);
2. a byte order mark: UTF-32 LE/BE, UTF-8, UTF-16 LE/BE (the BOM is removed);
3. UTF-16 without a BOM, when NUL bytes fill the odd (LE) or even (BE)
   positions of the start and not the others, as mostly-ASCII DDL does;
4. binary input (NUL bytes, or more than 10% control bytes): ``D002``, no text;
5. strict UTF-8;
6. UTF-8 lines mixed with legacy lines: decoded line by line (``D004``);
7. a legacy code page: EUC-JP or cp932 (Shift_JIS) when the high bytes follow
   their double-byte patterns, else cp1252, else latin-1 (never fails).

Character offsets into ``SourceText.text`` are exact: newlines are kept as they
are in the file, only a leading BOM is dropped.  Codes: ``D001`` encoding option
unknown or wrong, ``D002`` binary file, ``D003`` empty file, ``D004`` mixed
encodings, ``D005`` path missing or unreadable, ``D006`` invalid data in a file
otherwise in one encoding (after a UTF-16/32 BOM, or a UTF-8 file cut in the
middle of its last character) replaced with U+FFFD.

>>> result = decode("-- café\\r\\nCREATE TABLE t (x INT);".encode("cp1252"), "t.sql")
>>> result.source.encoding, result.source.text[:7]
('cp1252', '-- café')
>>> LineIndex(result.source.text).position(result.source.text.index("CREATE"))
(2, 1)
"""

from __future__ import annotations

import array
import bisect
import codecs
import fnmatch
import itertools
import os
import re
from collections.abc import Sequence
from typing import NamedTuple

from analyzer.ir import Diagnostic, Severity, Span, new_span
from analyzer.records import record

__all__ = [
    "DecodeResult",
    "LineIndex",
    "SourceText",
    "decode",
    "discover",
    "read_path",
]


@record
class SourceText:
    """A decoded source file.

    ``text`` is decoded with the BOM removed and newlines as in the file, so
    character offsets map back to it exactly.  ``encoding`` is the codec used
    (``mixed(utf-8+cp1252)`` for a file decoded line by line) and ``evidence``
    says why it was chosen.
    """

    path: str
    text: str
    encoding: str
    evidence: str


class DecodeResult(NamedTuple):
    """What :func:`decode` returns: the text (None when unreadable) and diagnostics."""

    source: SourceText | None
    diagnostics: tuple[Diagnostic, ...]


# --------------------------------------------------------------------- lines


class LineIndex:
    """Maps character offsets of a text to 1-based (line, column), in O(log n).

    Lines end at ``\\r\\n``, ``\\n`` or a lone ``\\r``; columns count characters.

    >>> index = LineIndex("ab\\r\\ncd\\ne")
    >>> index.position(0), index.position(4), index.position(8)
    ((1, 1), (2, 1), (3, 2))
    >>> index.line_text(2)
    'cd'
    >>> index.span("f.sql", 4, 6)
    Span(file='f.sql', line=2, column=1, end_line=2, end_column=3, start=4, end=6)
    """

    __slots__ = ("_starts", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        # Same-length substitutions so that a split on "\n" alone yields every
        # line start: "\r\n" -> "\0\n", then each lone "\r" -> "\n".
        flat = text.replace("\r\n", "\0\n").replace("\r", "\n") if "\r" in text else text
        lengths = map(len, flat.split("\n"))
        # Start of line k+1 = start of line k + its length + 1 (the "\n");
        # accumulate/map keep the loop in C, the array keeps it compact.  The
        # last sum is len(text) + 1, not a line start.
        starts = array.array("q", itertools.accumulate(map((1).__add__, lengths), initial=0))
        starts.pop()
        self._starts = starts

    @property
    def line_count(self) -> int:
        """Number of lines (a text ending with a newline has an empty last line)."""
        return len(self._starts)

    def position(self, offset: int) -> tuple[int, int]:
        """The 1-based (line, column) of a 0-based character offset.

        ``offset == len(text)`` (just past the end) is allowed.
        """
        if not 0 <= offset <= len(self._text):
            raise ValueError(f"offset {offset} outside 0..{len(self._text)}")
        index = bisect.bisect_right(self._starts, offset) - 1
        return index + 1, offset - self._starts[index] + 1

    def line_start(self, line: int) -> int:
        """The character offset where 1-based ``line`` starts."""
        if not 1 <= line <= len(self._starts):
            raise ValueError(f"line {line} outside 1..{len(self._starts)}")
        return self._starts[line - 1]

    def line_text(self, line: int) -> str:
        """The text of 1-based ``line`` without its line terminator."""
        start = self.line_start(line)
        end = self._starts[line] if line < len(self._starts) else len(self._text)
        # Drop the terminator: "\r\n", "\n" or "\r" (only the last line has none).
        if end > start and self._text[end - 1] == "\n":
            end -= 1
        if end > start and self._text[end - 1] == "\r" and line < len(self._starts):
            end -= 1
        return self._text[start:end]

    def span(self, path: str, start: int, end: int) -> Span:
        """The :class:`Span` of ``text[start:end]`` (``end_column`` is just past its end)."""
        if start > end:
            raise ValueError(f"span start {start} after end {end}")
        starts = self._starts
        if start < 0 or end > len(self._text):
            self.position(start)  # raises the out-of-range error
            self.position(end)
        # one bisect when the span ends on the line it starts on (most spans)
        index = bisect.bisect_right(starts, start) - 1
        line_start = starts[index]
        if index + 1 < len(starts) and end >= starts[index + 1]:
            end_index = bisect.bisect_right(starts, end, index) - 1
        else:
            end_index = index
        return new_span(  # Span(...), in about 60% of the time
            path,
            index + 1,
            start - line_start + 1,
            end_index + 1,
            end - starts[end_index] + 1,
            start,
            end,
            None,
        )


def _file_span(path: str) -> Span:
    """The span used for a whole-file problem: line 1, column 1."""
    return Span(path, 1, 1, 1, 1, 0, 0)


def _line_span(index: LineIndex, path: str, line: int) -> tuple[Span, str]:
    """The span and text of a whole line (for a diagnostic's ``source_line``)."""
    line = min(max(line, 1), index.line_count)
    start = index.line_start(line)
    content = index.line_text(line)
    return index.span(path, start, start + len(content)), content


# ------------------------------------------------------------------ decoding

_BOMS: tuple[tuple[bytes, str], ...] = (
    # UTF-32 LE before UTF-16 LE: its BOM starts with the UTF-16 LE one.
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# The byte and character patterns below are kept as sources and compiled where used
# (re's cache): only a file that is not plain UTF-8 text needs them (start-up).

#: C0 controls that never occur in text (tab, newlines, form feed and the DOS
#: end-of-file Ctrl-Z do), plus DEL.
_CONTROL_BYTES = bytes([*range(0x01, 0x09), *range(0x0E, 0x1A), *range(0x1B, 0x20), 0x7F])
_CONTROL_CHARS = "[\x00-\x08\x0e-\x19\x1b-\x1f\x7f]"
_BINARY_RATIO = 0.10

_SAMPLE = 1 << 18  # bytes looked at by the code-page heuristics

# One high-byte unit of Shift_JIS: a lead byte and its trail, or a single byte.
_SJIS_UNIT = rb"[\x81-\x9f\xe0-\xfc][\x40-\x7e\x80-\xfc]|[\x80-\xff]"
# Half-width katakana come in runs; cp1252 rarely has two such bytes in a row.
_SJIS_KANA_RUN = rb"[\xa1-\xdf]{2,}"
_HIGH_BYTES = bytes(range(0x80, 0x100))
# One EUC-JP character: JIS X 0212 (3 bytes), half-width katakana or JIS X 0208.
_EUC_UNIT = rb"\x8f[\xa1-\xfe][\xa1-\xfe]|[\x8e\xa1-\xfe][\xa1-\xfe]"

# Line classification for mixed files, on bytes.  A UTF-8 character of two or
# more bytes, exactly as Python's strict decoder accepts it (no overlongs, no
# surrogates, nothing above U+10FFFF):
_UTF8_MULTI = (
    rb"(?:[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}"
    rb"|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}"
    rb"|\xf4[\x80-\x8f][\x80-\xbf]{2})"
)
_ASCII_RUN = rb"[\x00-\x09\x0b-\x7f]*+"
# Every valid UTF-8 character of two bytes or more has this pair in it.
_UTF8_LEAD_PAIR = rb"[\xc2-\xf4][\x80-\xbf]"
# A whole line of valid UTF-8 with at least one non-ASCII character.  The
# patterns start at the "\n" before the line (a literal, found fast); the
# first line gets its own pattern.  Possessive quantifiers keep them linear.
_UTF8_LINE_BODY = _ASCII_RUN + rb"(?:" + _UTF8_MULTI + _ASCII_RUN + rb")++(?=\n|\Z)"
_UTF8_LINE = rb"\n" + _UTF8_LINE_BODY
# Consecutive lines that are not UTF-8: the longest valid prefix of each stops
# at a byte other than "\n".
_BAD_RUN_BODY = (
    rb"(?:" + _ASCII_RUN + rb"(?:" + _UTF8_MULTI + _ASCII_RUN + rb")*+[^\n][^\n]*+(?:\n|\Z))++"
)
_BAD_RUN = rb"\n" + _BAD_RUN_BODY


def _diag(code: str, severity: Severity, message: str, path: str) -> Diagnostic:
    return Diagnostic(code, severity, message, _file_span(path))


def _binary_bytes(data: bytes) -> bool:
    """NUL bytes or a high ratio of control bytes: not text in an ASCII-based encoding."""
    if b"\0" in data:
        return True
    controls = len(data) - len(data.translate(None, _CONTROL_BYTES))
    return controls > len(data) * _BINARY_RATIO


def _binary_text(text: str) -> bool:
    """The decoded-text form of :func:`_binary_bytes` (for UTF-16/32 and the option).

    Control characters are counted in a sample: binary data has them throughout.
    """
    if "\0" in text:
        return True
    sample = text[: _SAMPLE * 4]
    return len(re.findall(_CONTROL_CHARS, sample)) > len(sample) * _BINARY_RATIO


def _utf16_without_bom(data: bytes) -> str | None:
    """``utf-16-le``/``-be`` when the NUL bytes say so: mostly-ASCII DDL is half NULs."""
    sample = data[: min(len(data), 4096) & ~1]
    pairs = len(sample) // 2
    if pairs < 2:
        return None
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    if odd >= pairs * 0.3 and even <= pairs * 0.02:
        return "utf-16-le"
    if even >= pairs * 0.3 and odd <= pairs * 0.02:
        return "utf-16-be"
    return None


def _strict(data: bytes, codec: str) -> str | None:
    try:
        return data.decode(codec)
    except UnicodeDecodeError:
        return None


def _decode_legacy(data: bytes) -> tuple[str, str, str]:
    """Decode non-UTF-8 bytes with the likeliest code page: (text, codec, evidence).

    Both Japanese encodings are recognised by their common characters: kana,
    symbols and JIS level-1 kanji have lead bytes 0xA1-0xCF (0x8E: half-width
    katakana) in EUC-JP and 0x81-0x9F in Shift_JIS, where cp1252 has uppercase
    accented letters or rare punctuation.  EUC-JP when every high byte of the
    sample is part of an EUC-JP character and at least half of them are common
    ones; cp932 when at least half the high-byte units (a lead byte with its
    trail byte, or a lone byte) are Shift_JIS pairs led by 0x81-0x9F or bytes
    of half-width katakana runs; else cp1252, else latin-1.  A candidate must
    decode the whole input strictly.
    """
    sample = data[:_SAMPLE]
    if len(data) > _SAMPLE and b"\n" in sample:
        sample = sample[: sample.rindex(b"\n")]  # whole lines: no character cut in two
    high = len(sample) - len(sample.translate(None, _HIGH_BYTES))
    if high == 0:
        return data.decode("cp1252", "replace"), "cp1252", "not UTF-8"
    euc = re.findall(_EUC_UNIT, sample)
    if sum(map(len, euc)) == high:
        common = sum(1 for u in euc if 0xA1 <= u[0] <= 0xCF or u[0] == 0x8E)
        if common >= 2 and common * 2 >= len(euc):
            text = _strict(data, "euc_jp")
            if text is not None:
                return text, "euc_jp", "EUC-JP byte patterns"
    units = re.findall(_SJIS_UNIT, sample)
    core = sum(1 for u in units if len(u) == 2 and u[0] <= 0x9F)
    kana = sum(map(len, re.findall(_SJIS_KANA_RUN, sample)))
    japanese = core + kana
    if japanese >= 2 and japanese * 2 >= len(units):
        text = _strict(data, "cp932")
        if text is not None:
            return text, "cp932", "Shift_JIS byte patterns"
    text = _strict(data, "cp1252")
    if text is not None:
        return text, "cp1252", "not UTF-8, no Japanese byte patterns"
    return data.decode("latin-1"), "latin-1", "fallback"


class _Mixed(NamedTuple):
    text: str
    legacy: str
    first_bad: int  # character offset of the first line that was not UTF-8


def _has_utf8_line(data: bytes) -> bool:
    """Whether some line is valid UTF-8 and not plain ASCII."""
    if re.search(_UTF8_LEAD_PAIR, data) is None:
        return False  # quick answer for most single-byte files
    return re.match(_UTF8_LINE_BODY, data) is not None or re.search(_UTF8_LINE, data) is not None


def _bad_runs(data: bytes) -> list[tuple[int, int]]:
    """Byte ranges [start, end) of consecutive lines that are not UTF-8, newline included."""
    runs: list[tuple[int, int]] = []
    first = re.match(_BAD_RUN_BODY, data)
    if first is not None:
        runs.append((0, first.end()))
    start = runs[0][1] if runs else 0
    runs.extend((m.start() + 1, m.end()) for m in re.compile(_BAD_RUN).finditer(data, start))
    return runs


def _decode_mixed(data: bytes, *, force: bool) -> _Mixed | None:
    """Decode UTF-8 lines as UTF-8 and the other lines with a legacy code page.

    Returns None when no line is non-ASCII UTF-8 (so the file is simply not
    UTF-8), unless ``force`` (a UTF-8 BOM says the file meant to be UTF-8).
    Lines are split at ``\\n`` only (enough to tell which bytes are which).
    """
    if not force and not _has_utf8_line(data):
        return None
    runs = _bad_runs(data)
    # Runs end at a line break, so choosing the code page on all of them at
    # once and decoding them one by one agree.
    _, legacy, _ = _decode_legacy(b"".join(data[s:e] for s, e in runs))
    parts: list[str] = []
    previous = 0
    first_bad = -1
    length = 0
    for start, end in runs:
        # "replace" never triggers: the lines between runs are valid UTF-8 and
        # the joint decoding of the runs succeeded.
        good = data[previous:start].decode("utf-8", "replace")
        bad = data[start:end].decode(legacy, "replace")
        if first_bad < 0:
            first_bad = length + len(good)
        parts += (good, bad)
        length += len(good) + len(bad)
        previous = end
    parts.append(data[previous:].decode("utf-8", "replace"))
    return _Mixed("".join(parts), legacy, max(first_bad, 0))


def _option_codec(encoding: str) -> str | None:
    """The canonical name of a text codec, or None when Python has no such text codec."""
    try:
        info = codecs.lookup(encoding)
    except LookupError:
        return None
    # base64, rot13 & co. are codecs too, but not text encodings.
    if not getattr(info, "_is_text_encoding", True):
        return None
    return "latin-1" if info.name == "iso8859-1" else info.name


class _Decoded(NamedTuple):
    text: str
    codec: str


class _OptionFailure(NamedTuple):
    message: str
    line: int | None  # line of the first undecodable byte, when known


def _decode_option(data: bytes, encoding: str) -> _Decoded | _OptionFailure:
    """Decode with the user's codec: (text, codec), or why it failed."""
    codec = _option_codec(encoding)
    if codec is None:
        return _OptionFailure(
            f"unknown encoding {encoding!r}; detecting the encoding instead", None
        )
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as exc:
        # Line of the bad byte, counted in the part that did decode.
        line = LineIndex(data[: exc.start].decode(codec, "replace")).line_count
        return _OptionFailure(
            f"file is not {codec}: byte 0x{data[exc.start]:02x} at line {line} cannot be "
            f"decoded ({exc.reason}); detecting the encoding instead",
            line,
        )
    except (UnicodeError, LookupError, ValueError, TypeError) as exc:
        return _OptionFailure(
            f"encoding {encoding!r} cannot decode the file ({exc}); detecting the encoding instead",
            None,
        )
    if text.startswith("\ufeff"):
        text = text[1:]
        if codec == "utf-8":
            codec = "utf-8-sig"
    return _Decoded(text, codec)


def _finish(
    path: str, text: str, encoding: str, evidence: str, diagnostics: list[Diagnostic]
) -> DecodeResult:
    if not text or text.isspace():
        diagnostics.append(_diag("D003", Severity.INFO, "empty file", path))
    return DecodeResult(SourceText(path, text, encoding, evidence), tuple(diagnostics))


def _binary(path: str, diagnostics: list[Diagnostic]) -> DecodeResult:
    diagnostics.append(_diag("D002", Severity.ERROR, "binary file, not DDL", path))
    return DecodeResult(None, tuple(diagnostics))


def decode(data: bytes, path: str, encoding: str | None = None) -> DecodeResult:
    """Decode a file's bytes, detecting the encoding; never raises.

    ``encoding`` forces a codec; if it is unknown or fails, ``D001`` is reported
    and the encoding is detected as usual (``evidence`` says so).

    >>> decode("CREATE TABLE t (x INT)".encode("utf-16"), "t.sql").source.encoding
    'utf-16-le'
    >>> r = decode(b"\\x00\\x01\\x02binary", "x.bin")
    >>> r.source, r.diagnostics[0].code
    (None, 'D002')
    >>> r = decode(b"abc", "t.sql", encoding="no-such-codec")
    >>> r.source.encoding, r.source.evidence, r.diagnostics[0].code
    ('utf-8', "valid UTF-8 (encoding option 'no-such-codec' failed)", 'D001')
    """
    if encoding is None:
        return _detect(data, path, [], "")
    outcome = _decode_option(data, encoding)
    if isinstance(outcome, _Decoded):
        if _binary_text(outcome.text):
            return _binary(path, [])
        return _finish(path, outcome.text, outcome.codec, "option", [])
    result = _detect(data, path, [], f" (encoding option {encoding!r} failed)")
    span, source_line = _file_span(path), None
    if outcome.line is not None and result.source is not None:
        span, source_line = _line_span(LineIndex(result.source.text), path, outcome.line)
    failure = Diagnostic("D001", Severity.ERROR, outcome.message, span, source_line=source_line)
    return DecodeResult(result.source, (failure, *result.diagnostics))


def _detect(data: bytes, path: str, diagnostics: list[Diagnostic], note: str) -> DecodeResult:
    """Detection proper (no option); ``note`` is appended to the evidence."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            body = data[len(bom) :]
            if codec == "utf-8-sig":
                return _decode_utf8(body, path, diagnostics, note, bom=True)
            try:
                text = body.decode(codec)
            except UnicodeDecodeError as exc:
                text = body.decode(codec, "replace")
                diagnostics.append(
                    _diag(
                        "D006",
                        Severity.WARNING,
                        f"invalid {codec} data at byte {exc.start + len(bom)} ({exc.reason}); "
                        "replaced with U+FFFD",
                        path,
                    )
                )
            if _binary_text(text):
                return _binary(path, diagnostics)
            return _finish(path, text, codec, "BOM" + note, diagnostics)

    utf16 = _utf16_without_bom(data)
    if utf16 is not None:
        text16 = _strict(data, utf16)
        if text16 is not None and not _binary_text(text16):
            return _finish(path, text16, utf16, "UTF-16 NUL byte pattern" + note, diagnostics)

    if _binary_bytes(data):
        return _binary(path, diagnostics)
    return _decode_utf8(data, path, diagnostics, note, bom=False)


def _decode_utf8(
    data: bytes, path: str, diagnostics: list[Diagnostic], note: str, *, bom: bool
) -> DecodeResult:
    """UTF-8 (strict), else mixed UTF-8 / legacy lines, else a legacy code page."""
    if bom and _binary_bytes(data):
        return _binary(path, diagnostics)
    name = "utf-8-sig" if bom else "utf-8"
    text = _strict(data, "utf-8")
    if text is not None:
        return _finish(path, text, name, ("BOM" if bom else "valid UTF-8") + note, diagnostics)
    try:
        # Valid but for an incomplete character at the very end: a cut file.
        # A single stray byte there is as likely a cp1252 letter: not taken.
        head, used = codecs.utf_8_decode(data, "strict", False)
    except UnicodeDecodeError:
        head, used = "", -1
    if 0 <= used <= len(data) - 2:
        diagnostics.append(
            _diag(
                "D006",
                Severity.WARNING,
                f"the file ends in the middle of a UTF-8 character; its {len(data) - used} "
                "bytes were replaced with U+FFFD",
                path,
            )
        )
        evidence = ("BOM" if bom else "valid UTF-8") + ", truncated"
        return _finish(path, head + "\ufffd", name, evidence + note, diagnostics)
    mixed = _decode_mixed(data, force=bom)
    if mixed is None:
        text, codec, evidence = _decode_legacy(data)
        return _finish(path, text, codec, evidence + note, diagnostics)
    index = LineIndex(mixed.text)
    span, line_text = _line_span(index, path, index.position(mixed.first_bad)[0])
    diagnostics.append(
        Diagnostic(
            "D004",
            Severity.WARNING,
            f"mixed encodings: line {span.line} is not UTF-8 (decoded as {mixed.legacy}); "
            "UTF-8 lines were decoded as UTF-8",
            span,
            source_line=line_text,
        )
    )
    evidence = ("BOM, " if bom else "") + f"UTF-8 and {mixed.legacy} lines"
    return _finish(path, mixed.text, f"mixed(utf-8+{mixed.legacy})", evidence + note, diagnostics)


def read_path(path: str, encoding: str | None = None) -> DecodeResult:
    """Read and :func:`decode` a file; an unreadable path gives ``D005``, never an exception.

    >>> read_path("/no/such/file.sql").diagnostics[0].code
    'D005'
    """
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return DecodeResult(
            None, (_diag("D005", Severity.ERROR, f"cannot read {path}: {reason}", path),)
        )
    return decode(data, path, encoding)


# ----------------------------------------------------------------- discovery

#: Teradata BTEQ scripts (``.btq``, ``.bteq``) hold DDL between their dot commands.
DEFAULT_INCLUDE: tuple[str, ...] = (
    *("*.sql", "*.ddl", "*.tab", "*.rcl", "*.txt"),
    *("*.btq", "*.bteq"),
)


def _matches(relative: str, patterns: Sequence[str]) -> bool:
    """fnmatch against the relative path and the basename, ignoring case (.SQL is common)."""
    relative = relative.lower()
    base = relative.rsplit("/", 1)[-1]
    return any(
        fnmatch.fnmatchcase(relative, p) or fnmatch.fnmatchcase(base, p)
        for p in (p.lower() for p in patterns)
    )


def discover(
    paths: Sequence[str],
    include: Sequence[str] = DEFAULT_INCLUDE,
    exclude: Sequence[str] = (),
) -> tuple[list[str], tuple[Diagnostic, ...]]:
    """The files to read under ``paths``, in a deterministic order, and diagnostics.

    Directories are walked recursively (hidden files and directories such as
    ``.git``/``.venv`` skipped), keeping files that match an ``include`` glob
    and no ``exclude`` glob.  Globs are matched, case-insensitively, against
    the path relative to the directory given and against the basename; an
    excluded directory is not entered.  A file named explicitly is always kept
    (the user asked for it).  Each directory's files are sorted; paths keep
    the order given and a file is listed once.  ``-`` (stdin) is left to the
    caller and a missing path gives ``D005``.

    >>> discover(["/no/such/dir"])[1][0].code
    'D005'
    """
    found: list[str] = []
    seen: set[str] = set()
    diagnostics: list[Diagnostic] = []

    def walk_error(exc: OSError) -> None:
        where = str(exc.filename)
        diagnostics.append(
            _diag("D005", Severity.ERROR, f"cannot read directory {where}: {exc.strerror}", where)
        )

    def add(path: str) -> None:
        key = os.path.normcase(os.path.abspath(path))
        if key not in seen:
            seen.add(key)
            found.append(path)

    for root in paths:
        if root == "-":
            continue
        if not os.path.exists(root):
            diagnostics.append(
                _diag("D005", Severity.ERROR, f"no such file or directory: {root}", root)
            )
            continue
        if not os.path.isdir(root):
            add(root)
            continue
        files: list[str] = []
        for directory, dirnames, filenames in os.walk(root, onerror=walk_error):
            relative_dir = os.path.relpath(directory, root).replace(os.sep, "/")
            prefix = "" if relative_dir == "." else relative_dir + "/"
            dirnames[:] = sorted(
                d for d in dirnames if not d.startswith(".") and not _matches(prefix + d, exclude)
            )
            for name in filenames:
                relative = prefix + name
                if (
                    not name.startswith(".")
                    and _matches(relative, include)
                    and not _matches(relative, exclude)
                ):
                    files.append(relative)
        for relative in sorted(files):
            add(os.path.join(root, *relative.split("/")))
    return found, tuple(diagnostics)
