"""Identifier rules N001, N002, N101, N102 (analyzer/rules/identifiers.py)."""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.core import Options, analyze_bytes, analyze_source
from analyzer.rules import identifiers, keys
from analyzer.rules.docs import split_fix
from analyzer.rules.engine import FileContext, SourceContext
from analyzer.rules.registry import PLATFORMS, Family, Finding, Rule
from analyzer.rules.words import identifier_limit
from analyzer.settings import AseSettings, SizingSettings, TeradataSettings
from analyzer.source import decode
from analyzer.workflow import LINT, check_file, check_scope, prepare, read

SourceCheck = Callable[[SourceContext], Iterable[Finding]]


def source(
    text: str,
    dialect: str,
    sizing: SizingSettings | None = None,
    encoding: str = "utf-8",
) -> SourceContext:
    """The source-level context of ``text`` written in ``encoding``, before the passes."""
    decoded = decode(text.encode(encoding), "t.sql", encoding)
    assert decoded.source is not None
    result = analyze_source(decoded.source, Options(dialect=dialect), decoded.diagnostics)
    assert result.tables or result.indexes, result.diagnostics
    return SourceContext(result, decoded.source.text, sizing or SizingSettings())


def run(
    check: SourceCheck,
    text: str,
    dialect: str,
    sizing: SizingSettings | None = None,
    encoding: str = "utf-8",
) -> list[Finding]:
    return list(check(source(text, dialect, sizing, encoding)))


def ase(release: str) -> SizingSettings:
    return SizingSettings(ase=AseSettings(limits_release=release))


def teradata(release: str) -> SizingSettings:
    return SizingSettings(teradata=TeradataSettings(release=release))


def written(ctx: SourceContext, f: Finding) -> str:
    assert f.span is not None
    return ctx.span_text(f.span)


# ------------------------------------------------------------------ N001

N = "c" * 128


def test_n001_sql_server_128_characters() -> None:
    ddl = (
        f"CREATE TABLE t{N} (\n    {N} int,\n    {N}x int,\n"
        f"    CONSTRAINT pk_{N} PRIMARY KEY ({N}),\n    INDEX ix_{N} ({N}x)\n)\nGO\n"
    )
    ctx = source(ddl, "tsql")
    found = list(identifiers.identifier_too_long(ctx))
    assert [(f.line, f.subject.split("/")[-1]) for f in found] == [
        (1, f"t{N}"),
        (3, f"{N}x"),
        (4, f"constraint:pk_{N}"),
        (5, f"index:ix_{N}"),
    ]
    assert written(ctx, found[0]) == f"t{N}"  # the table's name, not its statement
    assert "is 129 characters long; SQL Server allows 128" in found[0].message
    assert found[0].severity.value == "error"


def test_n001_sql_server_local_temporary_tables() -> None:
    name = "#" + "t" * 115  # 116 with the #
    assert not run(identifiers.identifier_too_long, f"CREATE TABLE {name} (a int)", "tsql")
    found = run(identifiers.identifier_too_long, f"CREATE TABLE {name}x (a int)", "tsql")
    assert len(found) == 1 and "allows 116 for a local temporary table" in found[0].message
    # A global temporary table (##) has the ordinary limit.
    assert not run(identifiers.identifier_too_long, f"CREATE TABLE #{name}x (a int)", "tsql")


def test_n001_ase_release_and_delimited_identifiers() -> None:
    ddl = "create table " + "t" * 31 + " (a int)\ngo\n"
    found = run(identifiers.identifier_too_long, ddl, "sybase", sizing=ase("12.5"))
    expected = "SAP ASE 12.5 ([size.ase] limits_release) allows 30"
    assert [f.message.split("; ")[1] for f in found] == [expected]
    assert not run(identifiers.identifier_too_long, ddl, "sybase", sizing=ase("15.7"))
    quoted = 'create table "' + "t" * 254 + '" ("' + "c" * 254 + '" int, ' + "d" * 254 + " int)"
    found = run(identifiers.identifier_too_long, quoted, "sybase", sizing=ase("15.7"))
    assert [f.column for f in found] == [None, "c" * 254]
    assert all("allows 253 for a delimited identifier" in f.message for f in found)


def test_n001_teradata_release() -> None:
    ddl = "CREATE MULTISET TABLE s." + "t" * 31 + " (a INTEGER) PRIMARY INDEX (a);"
    assert not run(identifiers.identifier_too_long, ddl, "teradata")  # 16.10: 128
    found = run(identifiers.identifier_too_long, ddl, "teradata", sizing=teradata("14.0"))
    expected = "Teradata 14.0 ([size.teradata] release) allows 30"
    assert len(found) == 1 and expected in found[0].message


def test_n001_hirdb_bytes_in_the_scripts_encoding() -> None:
    ten = "顧客口座残高履歴表名"  # 10 kanji: 30 bytes in UTF-8, 20 in Shift_JIS
    check = identifiers.identifier_too_long
    assert not run(check, f"CREATE TABLE {ten} (ID INTEGER);\n", "hirdb")
    ddl = f"CREATE TABLE {ten}表 (ID INTEGER);\n"
    (f,) = run(check, ddl, "hirdb")
    assert "is 33 bytes (utf-8) long; HiRDB allows 30" in f.message
    # Written in Shift_JIS (cp932), the same name is 2 bytes a kanji: 22 bytes, accepted.
    assert not run(check, ddl, "hirdb", encoding="cp932")
    long_sjis = f"CREATE TABLE {ten}{ten[:6]} (ID INTEGER);\n"  # 16 kanji: 32 bytes
    (f,) = run(check, long_sjis, "hirdb", encoding="cp932")
    assert "is 32 bytes (cp932) long; HiRDB allows 30" in f.message


def test_n001_hirdb_standalone_index() -> None:
    ddl = "CREATE TABLE T (A INT);\nCREATE INDEX " + "I" * 31 + " ON T (A);\n"
    (f,) = run(identifiers.identifier_too_long, ddl, "hirdb")
    assert f.line == 2 and f.subject == "T/index:" + "I" * 31


def test_n001_platform_option_wins() -> None:
    ddl = "CREATE TABLE " + "t" * 31 + " (a int)\nGO\n"
    assert not run(identifiers.identifier_too_long, ddl, "tsql")
    found = run(identifiers.identifier_too_long, ddl, "tsql", sizing=SizingSettings("hirdb"))
    assert len(found) == 1 and "HiRDB allows 30" in found[0].message


#: (platform, dialect, release, how the release is set).
_CASES = [
    ("mssql", "tsql", None, SizingSettings()),
    ("ase", "sybase", "12.5", ase("12.5")),
    ("ase", "sybase", "15.7", ase("15.7")),
    ("teradata", "teradata", "14.0", teradata("14.0")),
    ("teradata", "teradata", "16.10", teradata("16.10")),
    ("hirdb", "hirdb", None, SizingSettings()),
]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(_CASES),
    st.sampled_from([0, 1]),
    st.text(alphabet=string.ascii_lowercase + string.digits + "_", min_size=300, max_size=300),
)
def test_n001_property_limit_passes_limit_plus_one_fails(
    case: tuple[str, str, str | None, SizingSettings], extra: int, filler: str
) -> None:
    platform, dialect, release, sizing = case
    limit = identifier_limit(platform, release).max_length
    name = ("c" + filler)[: limit + extra]
    end = ";" if dialect in ("teradata", "hirdb") else ""
    ddl = f"CREATE TABLE t (id INTEGER, {name} INTEGER){end}\n"
    found = run(identifiers.identifier_too_long, ddl, dialect, sizing=sizing)
    assert [f.column for f in found] == ([name] if extra else [])


# ------------------------------------------------------------------ N002


def test_n002_points_at_the_unquoted_name() -> None:
    ddl = "CREATE TABLE dbo.account (\n    id int,\n    User varchar(9),\n    [key] int,\n" + (
        '    "percent" int\n)\nGO\n'
    )
    ctx = source(ddl, "tsql")
    (f,) = identifiers.reserved_word_identifier(ctx)
    assert (f.line, f.column, written(ctx, f)) == (3, "User", "User")
    assert f.span is not None and f.span.column == 5
    assert 'SQL Server (Microsoft "Reserved Keywords (Transact-SQL)")' in f.message
    assert f.severity.value == "warning"


def test_n002_table_names_quoted_or_not() -> None:
    check = identifiers.reserved_word_identifier
    assert not run(check, "CREATE TABLE [dbo].[user] (id int)\nGO\n", "tsql")
    assert not run(check, 'CREATE TABLE dbo."user" (id int)\nGO\n', "tsql")
    ctx = source("CREATE TABLE\n  dbo . /* x */ key (id int)\nGO\n", "tsql")
    (f,) = identifiers.reserved_word_identifier(ctx)
    assert (f.line, f.column, f.table, written(ctx, f)) == (2, None, "dbo.key", "key")
    assert f.span is not None and f.span.column == 17


def test_n002_platforms() -> None:
    check = identifiers.reserved_word_identifier
    td = 'CREATE MULTISET TABLE s.b (id INTEGER, title VARCHAR(9), "year" INTEGER)'
    td += " PRIMARY INDEX (id);"
    assert [f.column for f in run(check, td, "teradata")] == ["title"]
    # The same column checked for SQL Server is fine; SQL Server DDL checked for Teradata is not.
    assert not run(check, "CREATE TABLE b (id int, title varchar(9))\nGO\n", "tsql")
    found = run(
        check,
        "CREATE TABLE b (id int, title varchar(9))\nGO\n",
        "tsql",
        sizing=SizingSettings("teradata"),
    )
    assert [f.column for f in found] == ["title"] and "Restricted Words" in found[0].message
    assert [f.table for f in run(check, "create table level (id int)\ngo\n", "sybase")] == ["level"]
    # HiRDB's list is not available: nothing is reported.
    assert not run(check, "CREATE TABLE USER (KEY INT);", "hirdb")


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["user", "key", "percent", "current"]),
    st.lists(st.booleans(), min_size=8, max_size=8),
    st.sampled_from(["", "[]", '""']),
)
def test_n002_property_reported_iff_unquoted(word: str, upper: list[bool], quote: str) -> None:
    name = "".join(c.upper() if u else c for c, u in zip(word, upper, strict=False))
    written_name = f"{quote[:1]}{name}{quote[1:]}"
    found = run(
        identifiers.reserved_word_identifier,
        f"CREATE TABLE t (id int, {written_name} int)\nGO\n",
        "tsql",
    )
    assert [f.column for f in found] == ([] if quote else [name])


# ------------------------------------------------------------------ N101, N102


def _file(text: str, check: Callable[[FileContext], Iterable[Finding]]) -> list[Finding]:
    return list(check(FileContext(analyze_bytes("t.sql", text.encode(), Options(dialect="tsql")))))


def test_n101_snake_case() -> None:
    ddl = (
        "CREATE TABLE dbo.OrderLine (order_id int, LINE_NO int, lineNo int, [a b] int,\n"
        "  x__y int, _z int, v2 int, Mixed_Case int)\nGO\n"
    )
    found = _file(ddl, identifiers.non_snake_case_name)
    assert [(f.column or f.table) for f in found] == [
        "dbo.OrderLine",
        "lineNo",
        "a b",
        "x__y",
        "_z",
        "Mixed_Case",
    ]


def test_n102_hungarian_prefixes() -> None:
    ddl = "\nGO\n".join(
        f"CREATE TABLE {n} (id int)"
        for n in ("tbl_a", "tblOrder", "T_ITEM", "tb_x", "tblspace", "table_x", "tea", "t1")
    )
    found = _file(ddl, identifiers.hungarian_table_prefix)
    assert [f.table for f in found] == ["tbl_a", "tblOrder", "T_ITEM", "tb_x"]
    assert "name the table for what it holds (Order)" in found[1].message


# ------------------------------------------------------------------ the catalogue entries


@pytest.mark.parametrize(
    ("family", "rules"), [(keys.FAMILY, keys.RULES), (identifiers.FAMILY, identifiers.RULES)]
)
def test_rule_docs_are_complete(family: Family, rules: tuple[Rule, ...]) -> None:
    assert [r.code for r in rules] == sorted(r.code for r in rules)
    for rule in rules:
        assert rule.code.startswith(family.prefix) and rule.family == family.name
        assert rule.summary and rule.what and rule.why and rule.example and rule.fix
        assert rule.references and rule.check is not None
        assert rule.level in ("source", "file", "scope")
        assert set(rule.platforms) <= set(PLATFORMS)
        assert dataclasses.replace(rule).name == rule.name


def test_style_rules_are_opt_in() -> None:
    enabled = {r.code: r.enabled_by_default for r in identifiers.RULES}
    assert enabled == {"N001": True, "N002": True, "N101": False, "N102": False}


def _lint_text(rule: Rule, text: str, tmp_path: Path) -> list[Finding]:
    """``ddlaudit lint`` of ``text`` in the rule's dialect with only ``rule`` enabled."""
    path = tmp_path / "example.sql"
    path.write_text(text, encoding="utf-8")
    options = Options(dialect=rule.dialect)
    sizing = SizingSettings()
    prepared = prepare(read(str(path), options), str(path), options, sizing, [rule], "x")
    checked = check_file(prepared, LINT, sizing, prepared.result.user_types, None, [rule])
    found = [*checked.findings, *check_scope("x", [checked.result], sizing, [rule])]
    return [f for f in found if f.code in (rule.code, "D900")]


@pytest.mark.parametrize("rule", [*keys.RULES, *identifiers.RULES], ids=lambda r: r.code)
def test_examples_break_the_rule_and_fixes_pass(rule: Rule, tmp_path: Path) -> None:
    broken = _lint_text(rule, rule.example, tmp_path)
    assert broken and {f.code for f in broken} == {rule.code}, broken
    _, ddl = split_fix(rule.fix)
    assert ddl is not None, f"{rule.code}: the fix shows no DDL"
    assert not _lint_text(rule, ddl, tmp_path)
