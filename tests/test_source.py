"""Tests of analyzer.source: encoding detection, LineIndex and file discovery."""

from __future__ import annotations

import codecs
import importlib.util
import os
import random
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.ir import Severity, Span
from analyzer.source import DecodeResult, LineIndex, decode, discover, read_path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "encodings"


def _fixture_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_fixtures", FIXTURES / "make_fixtures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MAKE = _fixture_module()
SAMPLES = [(name, encoding, text) for name, encoding, text, _ in MAKE.SAMPLES]


def codes(result: DecodeResult) -> list[str]:
    return [d.code for d in result.diagnostics]


# ------------------------------------------------------------------ fixtures


def test_fixture_files_are_up_to_date() -> None:
    for name, data in MAKE.build().items():
        assert (FIXTURES / name).read_bytes() == data, f"rerun {FIXTURES / 'make_fixtures.py'}"


@pytest.mark.parametrize(("name", "encoding", "text"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_fixture_decodes(name: str, encoding: str, text: str) -> None:
    path = str(FIXTURES / name)
    result = read_path(path)
    assert result.source is not None
    assert result.source.path == path
    assert result.source.text == text
    assert result.source.encoding == encoding
    assert result.source.evidence
    assert codes(result) == (["D004"] if name == "mixed.sql" else [])


@pytest.mark.parametrize(
    ("name", "evidence"),
    [
        ("utf8.sql", "valid UTF-8"),
        ("utf8_bom.sql", "BOM"),
        ("utf16le_bom.sql", "BOM"),
        ("utf16le_nobom.sql", "UTF-16 NUL byte pattern"),
        ("cp932.sql", "Shift_JIS byte patterns"),
        ("eucjp.sql", "EUC-JP byte patterns"),
    ],
)
def test_evidence(name: str, evidence: str) -> None:
    source = read_path(str(FIXTURES / name)).source
    assert source is not None and source.evidence == evidence


@pytest.mark.parametrize("name", ["utf8_bom.sql", "utf16le_bom.sql", "utf16be_bom.sql"])
def test_bom_is_stripped_and_offsets_count_from_the_text(name: str) -> None:
    source = read_path(str(FIXTURES / name)).source
    assert source is not None
    assert source.text.startswith("-- ")
    index = LineIndex(source.text)
    assert index.position(0) == (1, 1)
    create = source.text.index("CREATE")
    assert index.position(create) == (2, 1)
    span = index.span(source.path, create, create + len("CREATE TABLE"))
    assert source.text[span.start : span.end] == "CREATE TABLE"
    assert (span.line, span.column, span.end_line, span.end_column) == (2, 1, 2, 13)


def test_cp932_trail_byte_backslash_is_not_lost() -> None:
    source = read_path(str(FIXTURES / "cp932.sql")).source
    assert source is not None and "ソート順" in source.text and "\\" not in source.text


# -------------------------------------------------------- encoding heuristics


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        ("-- Größe, créée, mäßig\nCREATE TABLE t (x INT);\n", "cp1252"),
        ("-- don’t\nCREATE TABLE t (x INT);\n", "cp1252"),
        ("-- “quoted” – dash … ellipsis\nCREATE TABLE t (x INT);\n", "cp1252"),
        ("CREATE TABLE Ärger (Übung INT, Ölpreis INT);\n", "cp1252"),
        ("-- 顧客番号\nCREATE TABLE T (C CHAR(1));\n", "cp932"),
        ("-- ｺｰﾄﾞ ﾏｽﾀ\nCREATE TABLE T (C CHAR(1));\n", "cp932"),
        ("-- 顧客番号 の テーブル\nCREATE TABLE T (C CHAR(1));\n", "euc_jp"),
    ],
)
def test_legacy_code_pages(text: str, encoding: str) -> None:
    result = decode(text.encode(encoding), "t.sql")
    assert result.source is not None
    assert (result.source.encoding, result.source.text) == (encoding, text)
    assert codes(result) == []


def test_latin1_is_the_last_resort() -> None:
    data = b"-- \x81 undefined in cp1252 \x8d\nCREATE TABLE t (x INT);\n"
    result = decode(data, "t.sql")
    assert result.source is not None
    assert result.source.encoding == "latin-1"
    assert result.source.evidence == "fallback"
    assert result.source.text == data.decode("latin-1")


def test_utf16_without_bom_big_endian() -> None:
    text = "CREATE TABLE t (\n    x INT -- note\n)\n"
    result = decode(text.encode("utf-16-be"), "t.sql")
    assert result.source is not None
    assert (result.source.encoding, result.source.text) == ("utf-16-be", text)


@pytest.mark.parametrize("codec", ["utf-32-le", "utf-32-be"])
def test_utf32_bom(codec: str) -> None:
    text = "CREATE TABLE 顧客 (x INT);\n"
    bom = codecs.BOM_UTF32_LE if codec.endswith("le") else codecs.BOM_UTF32_BE
    result = decode(bom + text.encode(codec), "t.sql")
    assert result.source is not None
    assert (result.source.encoding, result.source.text) == (codec, text)


def test_invalid_utf16_after_bom_is_replaced() -> None:
    data = codecs.BOM_UTF16_LE + "CREATE TABLE t".encode("utf-16-le") + b"\x00\xd8" + b"x\x00"
    result = decode(data, "t.sql")
    assert result.source is not None
    assert result.source.text == "CREATE TABLE t\ufffdx"
    assert codes(result) == ["D006"]
    assert result.diagnostics[0].severity is Severity.WARNING


def test_utf8_cut_in_the_middle_of_its_last_character() -> None:
    data = "-- café\nCREATE TABLE 顧".encode()[:-1]
    result = decode(data, "t.sql")
    assert result.source is not None
    assert result.source.text == "-- café\nCREATE TABLE \ufffd"
    assert result.source.encoding == "utf-8"
    assert codes(result) == ["D006"]


# ------------------------------------------------------------ mixed encodings


def test_mixed_file_reports_the_first_legacy_line() -> None:
    path = str(FIXTURES / "mixed.sql")
    result = read_path(path)
    assert result.source is not None
    (diagnostic,) = result.diagnostics
    assert diagnostic.code == "D004" and diagnostic.severity is Severity.WARNING
    assert "line 3" in diagnostic.message and "cp1252" in diagnostic.message
    assert diagnostic.source_line == "    libellé VARCHAR(40), -- désignation"
    assert diagnostic.span is not None
    assert (diagnostic.span.file, diagnostic.span.line, diagnostic.span.column) == (path, 3, 1)
    text = result.source.text
    assert text[diagnostic.span.start : diagnostic.span.end] == diagnostic.source_line


@pytest.mark.parametrize(
    ("lines", "first_bad"),
    [
        ([("é cp1252\r\n", "cp1252"), ("é utf8\r\n", "utf-8")], 1),
        ([("é utf8\n", "utf-8"), ("a\n", "ascii"), ("é\n", "cp1252"), ("ü\n", "cp1252")], 3),
        ([("é utf8\n", "utf-8"), ("ascii\n", "ascii"), ("last é", "cp1252")], 3),
        ([("顧客 utf8\n", "utf-8"), ("顧客コード cp932\n", "cp932"), ("x\n", "ascii")], 2),
    ],
)
def test_mixed_lines(lines: list[tuple[str, str]], first_bad: int) -> None:
    data = b"".join(text.encode(codec) for text, codec in lines)
    result = decode(data, "m.sql")
    assert result.source is not None
    assert result.source.text == "".join(text for text, _ in lines)
    legacy = next(codec for _, codec in lines[first_bad - 1 :] if codec not in ("utf-8", "ascii"))
    assert result.source.encoding == f"mixed(utf-8+{legacy})"
    assert codes(result) == ["D004"]
    span = result.diagnostics[0].span
    assert span is not None and span.line == first_bad


def test_utf8_bom_with_legacy_lines_is_mixed() -> None:
    data = codecs.BOM_UTF8 + b"-- plain ascii\n-- caf\xe9\n"
    result = decode(data, "m.sql")
    assert result.source is not None
    assert result.source.text == "-- plain ascii\n-- café\n"
    assert result.source.encoding == "mixed(utf-8+cp1252)"
    assert result.source.evidence.startswith("BOM")
    assert codes(result) == ["D004"]


# ---------------------------------------------------------- encoding option


def test_encoding_option_is_used() -> None:
    data = (FIXTURES / "cp932.sql").read_bytes()
    result = decode(data, "t.sql", encoding="Shift_JIS")
    assert result.source is not None
    assert result.source.encoding == "shift_jis"
    assert result.source.evidence == "option"
    assert codes(result) == []


def test_encoding_option_with_bom() -> None:
    result = decode((FIXTURES / "utf8_bom.sql").read_bytes(), "t.sql", encoding="utf8")
    assert result.source is not None
    assert result.source.encoding == "utf-8-sig"
    assert not result.source.text.startswith("\ufeff")
    result = decode((FIXTURES / "utf16be_bom.sql").read_bytes(), "t.sql", encoding="utf-16")
    assert result.source is not None
    assert result.source.text.startswith("-- 顧客")


def test_wrong_encoding_option_falls_back_to_detection() -> None:
    data = "-- ok\n-- café\n".encode()
    result = decode(data, "t.sql", encoding="ascii")
    assert result.source is not None
    assert result.source.encoding == "utf-8"
    assert result.source.evidence == "valid UTF-8 (encoding option 'ascii' failed)"
    (diagnostic,) = result.diagnostics
    assert diagnostic.code == "D001" and diagnostic.severity is Severity.ERROR
    assert "line 2" in diagnostic.message
    assert diagnostic.source_line == "-- café"
    assert diagnostic.span == Span("t.sql", 2, 1, 2, 8, 6, 13)


@pytest.mark.parametrize("encoding", ["no-such-codec", "base64", "rot13", ""])
def test_unknown_encoding_option(encoding: str) -> None:
    result = decode(b"CREATE TABLE t (x INT);", "t.sql", encoding=encoding)
    assert result.source is not None
    assert result.source.encoding == "utf-8"
    assert codes(result) == ["D001"]


# ------------------------------------------------------------ binary, empty


@pytest.mark.parametrize(
    "data",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        b"CREATE TABLE t\x00(x INT);",
        bytes(range(1, 32)) * 10,
        b"PK\x03\x04" + bytes(200),
    ],
)
def test_binary_files(data: bytes) -> None:
    result = decode(data, "x.bin")
    assert result.source is None
    assert codes(result) == ["D002"]
    assert result.diagnostics[0].severity is Severity.ERROR


def test_binary_with_encoding_option() -> None:
    assert codes(decode(b"\x00\x01\x02\x03", "x.bin", encoding="latin-1")) == ["D002"]


def test_ctrl_z_and_form_feed_are_text() -> None:
    result = decode(b"CREATE TABLE t (x INT);\f\n\x1a", "t.sql")
    assert result.source is not None and codes(result) == []


@pytest.mark.parametrize("data", [b"", b"  \r\n\t\n", codecs.BOM_UTF8, codecs.BOM_UTF16_LE])
def test_empty_files(data: bytes) -> None:
    result = decode(data, "e.sql")
    assert result.source is not None
    assert result.source.text.strip() == ""
    assert codes(result) == ["D003"]
    assert result.diagnostics[0].severity is Severity.INFO


def test_comment_only_file_is_not_empty() -> None:
    assert codes(decode(b"-- nothing here\n", "c.sql")) == []


@settings(max_examples=300, deadline=None)
@given(
    st.binary(max_size=200),
    st.sampled_from([None, "utf-8", "cp932", "utf-16", "ascii", "nope"]),
)
def test_decode_never_raises(data: bytes, encoding: str | None) -> None:
    result = decode(data, "f.sql", encoding)
    assert (result.source is None) == ("D002" in codes(result))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=["Cs", "Cc"]), max_size=80))
def test_utf8_text_round_trips(text: str) -> None:
    result = decode(text.encode("utf-8"), "f.sql")
    assert result.source is not None
    assert result.source.text == text.removeprefix("\ufeff")  # a leading U+FEFF is a BOM


# ------------------------------------------------------------------ read_path


def test_read_path_of_missing_file_and_directory(tmp_path: Path) -> None:
    for path in (str(tmp_path / "missing.sql"), str(tmp_path)):
        result = read_path(path)
        assert result.source is None
        assert codes(result) == ["D005"]
        assert result.diagnostics[0].span is not None
        assert result.diagnostics[0].span.file == path


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads everything")
def test_read_path_of_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "secret.sql"
    path.write_text("CREATE TABLE t (x INT);")
    path.chmod(0)
    assert codes(read_path(str(path))) == ["D005"]


# ------------------------------------------------------------------ LineIndex


def naive_positions(text: str) -> list[tuple[int, int]]:
    """(line, column) of every offset 0..len(text), one character at a time."""
    positions = []
    line, column = 1, 1
    for i, char in enumerate(text):
        positions.append((line, column))
        if char == "\n" or (char == "\r" and text[i + 1 : i + 2] != "\n"):
            line, column = line + 1, 1
        else:
            column += 1
    positions.append((line, column))
    return positions


_LINE_TEXT = st.lists(
    st.sampled_from(["a", "b", " ", "é", "日本", "\U0001f600", "\n", "\r\n", "\r", "\t"]),
    max_size=40,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(_LINE_TEXT)
def test_line_index_matches_naive(text: str) -> None:
    index = LineIndex(text)
    expected = naive_positions(text)
    assert [index.position(i) for i in range(len(text) + 1)] == expected
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    assert index.line_count == len(lines)
    assert [index.line_text(n) for n in range(1, len(lines) + 1)] == lines


@settings(max_examples=200, deadline=None)
@given(_LINE_TEXT, st.data())
def test_span_end_is_exclusive(text: str, data: st.DataObject) -> None:
    index = LineIndex(text)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    span = index.span("f.sql", start, end)
    assert (span.start, span.end, span.file) == (start, end, "f.sql")
    assert (span.line, span.column) == index.position(start)
    assert (span.end_line, span.end_column) == index.position(end)
    if end > start and text[end - 1] not in "\r\n":
        # The last character sits on end_line, just before end_column.
        assert index.position(end - 1) == (span.end_line, span.end_column - 1)


def test_line_index_edges() -> None:
    index = LineIndex("ab\r\ncd\n")
    assert index.position(2) == (1, 3)  # the "\r"
    assert index.position(3) == (1, 4)  # the "\n" of "\r\n"
    assert index.position(7) == (3, 1)  # just past the final newline
    assert index.line_text(1) == "ab" and index.line_text(3) == ""
    assert index.span("f", 0, 2) == Span("f", 1, 1, 1, 3, 0, 2)
    assert index.span("f", 4, 4) == Span("f", 2, 1, 2, 1, 4, 4)
    for bad in (-1, 8):
        with pytest.raises(ValueError):
            index.position(bad)
    with pytest.raises(ValueError):
        index.line_text(4)
    for start, end in ((3, 2), (-1, 2), (0, 8)):
        with pytest.raises(ValueError):
            index.span("f", start, end)
    empty = LineIndex("")
    assert empty.position(0) == (1, 1) and empty.line_text(1) == ""


# ------------------------------------------------------------------ discover


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for relative in [
        "a.sql",
        "B.DDL",
        "notes.md",
        "z.txt",
        "sub/c.sql",
        "sub/skip_me.sql",
        "sub/deep/d.tab",
        "legacy/old.sql",
        ".git/hooks.sql",
        ".venv/lib/x.sql",
        ".hidden.sql",
    ]:
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("CREATE TABLE t (x INT);")
    return tmp_path


def rel(root: Path, paths: list[str]) -> list[str]:
    return [Path(p).relative_to(root).as_posix() for p in paths]


def test_discover_recurses_sorted_and_skips_hidden(tree: Path) -> None:
    found, diagnostics = discover([str(tree)])
    assert diagnostics == ()
    assert rel(tree, found) == [
        "B.DDL",
        "a.sql",
        "legacy/old.sql",
        "sub/c.sql",
        "sub/deep/d.tab",
        "sub/skip_me.sql",
        "z.txt",
    ]
    assert discover([str(tree)])[0] == found  # deterministic


def test_discover_include_and_exclude(tree: Path) -> None:
    found, _ = discover([str(tree)], include=["*.sql"], exclude=["skip_*", "legacy"])
    assert rel(tree, found) == ["a.sql", "sub/c.sql"]
    found, _ = discover([str(tree)], include=["sub/*"], exclude=["sub/deep/*"])
    assert rel(tree, found) == ["sub/c.sql", "sub/skip_me.sql"]
    # exclude wins over include
    found, _ = discover([str(tree)], include=["*.sql"], exclude=["*.sql"])
    assert found == []


def test_discover_explicit_files_missing_paths_and_stdin(tree: Path) -> None:
    notes = str(tree / "notes.md")
    missing = str(tree / "nope")
    found, diagnostics = discover([notes, "-", missing, str(tree / "sub"), str(tree / "sub/c.sql")])
    assert found[0] == notes  # named explicitly: kept although *.md is not included
    assert rel(tree, found) == ["notes.md", "sub/c.sql", "sub/deep/d.tab", "sub/skip_me.sql"]
    (diagnostic,) = diagnostics
    assert diagnostic.code == "D005" and diagnostic.severity is Severity.ERROR
    assert missing in diagnostic.message


# -------------------------------------------------------------------- volume


def test_large_legacy_file() -> None:
    """50 MB of cp1252 DDL decodes exactly; the line index agrees (no timing asserted)."""
    rnd = random.Random(1252)
    words = ["société", "numéro", "prénom", "größe", "crème", "données", "x", "id"]
    lines = [
        f"    {rnd.choice(words)}_{i} VARCHAR({rnd.randint(1, 99)}), -- {rnd.choice(words)}\r\n"
        for i in range(500)
    ]
    block = "CREATE TABLE t (\r\n" + "".join(lines) + ");\r\n"
    text = block * (50_000_000 // len(block) + 1)
    result = decode(text.encode("cp1252"), "big.sql")
    assert result.source is not None
    assert result.source.encoding == "cp1252"
    assert result.source.text == text
    index = LineIndex(result.source.text)
    assert index.line_count == text.count("\n") + 1
    last_create = text.rindex("CREATE")
    assert index.position(last_create) == (text.count("\n", 0, last_create) + 1, 1)
