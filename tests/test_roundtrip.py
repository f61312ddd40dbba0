"""Property tests: generated column definitions -> DDL -> parse -> IR matches what was generated.

Checks types (exact declared name, lengths, precision, scale), nullability
(explicit and default), column order and spans (line, column, text under the span).
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.core import Options, analyze_bytes
from analyzer.ir import FileResult, from_dict, to_dict


@dataclass(frozen=True)
class Expect:
    text: str
    name: str
    length: int | None = None
    precision: int | None = None
    scale: int | None = None
    is_max: bool = False


def _fixed(text: str, name: str) -> st.SearchStrategy[Expect]:
    return st.just(Expect(text, name))


def _sized(template: str, name: str, lo: int, hi: int) -> st.SearchStrategy[Expect]:
    return st.integers(lo, hi).map(lambda n: Expect(template.format(n), name, length=n))


def _decimal(template: str, name: str, hi: int) -> st.SearchStrategy[Expect]:
    return st.integers(1, hi).flatmap(
        lambda p: st.integers(0, p).map(
            lambda s: Expect(template.format(p, s), name, precision=p, scale=s)
        )
    )


def _fraction(template: str, name: str) -> st.SearchStrategy[Expect]:
    return st.integers(0, 6).map(lambda f: Expect(template.format(f), name, scale=f))


TSQL_TYPES = st.one_of(
    *(
        _fixed(t, t.upper())
        for t in (
            "int",
            "bigint",
            "smallint",
            "tinyint",
            "bit",
            "money",
            "smallmoney",
            "real",
            "datetime",
            "smalldatetime",
            "date",
            "uniqueidentifier",
            "ntext",
            "text",
            "image",
            "xml",
            "sql_variant",
            "rowversion",
        )
    ),
    _decimal("decimal({},{})", "DECIMAL", 38),
    _decimal("numeric({},{})", "NUMERIC", 38),
    _sized("varchar({})", "VARCHAR", 1, 8000),
    _sized("nvarchar({})", "NVARCHAR", 1, 4000),
    _sized("char({})", "CHAR", 1, 8000),
    _sized("nchar({})", "NCHAR", 1, 4000),
    _sized("varbinary({})", "VARBINARY", 1, 8000),
    _sized("binary({})", "BINARY", 1, 8000),
    _sized("[nvarchar]({})", "NVARCHAR", 1, 4000),
    st.sampled_from(
        [
            Expect("nvarchar(max)", "NVARCHAR", is_max=True),
            Expect("varchar(MAX)", "VARCHAR", is_max=True),
            Expect("varbinary(max)", "VARBINARY", is_max=True),
        ]
    ),
    _fraction("datetime2({})", "DATETIME2"),
    _fraction("time({})", "TIME"),
    _fraction("datetimeoffset({})", "DATETIMEOFFSET"),
)

TERADATA_TYPES = st.one_of(
    *(
        _fixed(t, t)
        for t in (
            "BYTEINT",
            "SMALLINT",
            "INTEGER",
            "BIGINT",
            "FLOAT",
            "REAL",
            "DATE",
            "DOUBLE PRECISION",
        )
    ),
    _decimal("DECIMAL({},{})", "DECIMAL", 38),
    _decimal("NUMBER({},{})", "NUMBER", 38),
    _sized("CHAR({})", "CHAR", 1, 64000),
    _sized("VARCHAR({})", "VARCHAR", 1, 64000),
    _sized("BYTE({})", "BYTE", 1, 64000),
    _sized("VARBYTE({})", "VARBYTE", 1, 64000),
    st.integers(1, 2000).map(lambda n: Expect(f"CLOB({n}K)", "CLOB", length=n * 1024)),
    st.integers(1, 2000).map(lambda n: Expect(f"BLOB({n}M)", "BLOB", length=n * 1024 * 1024)),
    _fraction("TIME({})", "TIME"),
    _fraction("TIMESTAMP({})", "TIMESTAMP"),
    st.integers(1, 4).flatmap(
        lambda p: st.integers(0, 6).map(
            lambda f: Expect(
                f"INTERVAL DAY({p}) TO SECOND({f})", "INTERVAL DAY TO SECOND", precision=p, scale=f
            )
        )
    ),
)

NULLS = st.sampled_from([None, True, False])


def _column_names(n: int) -> st.SearchStrategy[list[str]]:
    return st.lists(
        st.from_regex(r"[a-z][a-z0-9_]{0,12}", fullmatch=True).map(lambda s: "c_" + s),
        min_size=n,
        max_size=n,
        unique_by=str.lower,
    )


@st.composite
def tables(
    draw: st.DrawFn, types: st.SearchStrategy[Expect]
) -> list[tuple[str, Expect, bool | None]]:
    n = draw(st.integers(1, 12))
    names = draw(_column_names(n))
    return [(name, draw(types), draw(NULLS)) for name in names]


def _render(columns: list[tuple[str, Expect, bool | None]], prefix: str, suffix: str) -> str:
    lines = []
    for name, typ, null in columns:
        clause = "" if null is None else (" NULL" if null else " NOT NULL")
        lines.append(f"    {name} {typ.text}{clause}")
    return prefix + "\n" + ",\n".join(lines) + "\n)" + suffix


def _check(result: FileResult, text: str, columns: list[tuple[str, Expect, bool | None]]) -> None:
    assert result.ok, result.diagnostics
    (table,) = result.tables
    assert [c.name for c in table.columns] == [name for name, _, _ in columns]
    for i, (col, (name, typ, null)) in enumerate(zip(table.columns, columns, strict=True)):
        assert col.position == i + 1
        assert col.type.declared == typ.text
        assert col.type.name == typ.name
        assert col.type.length == typ.length
        assert col.type.precision == typ.precision
        assert col.type.scale == typ.scale
        assert col.type.is_max == typ.is_max
        assert col.nullable_explicit == (null is not None)
        assert col.nullable == (True if null is None else null)
        assert col.span is not None
        assert col.span.line == i + 2  # line 1 holds CREATE TABLE
        assert col.span.column == 5
        assert text[col.span.start : col.span.end].startswith(f"{name} {typ.text}")
    # And the IR survives its JSON form.
    assert from_dict(FileResult, to_dict(result)) == result


@settings(max_examples=150, deadline=None)
@given(tables(TSQL_TYPES))
def test_tsql_columns_round_trip(columns: list[tuple[str, Expect, bool | None]]) -> None:
    text = _render(columns, "CREATE TABLE [dbo].[generated] (", "\nGO\n")
    result = analyze_bytes("gen.sql", text.encode(), Options(dialect="tsql"))
    _check(result, text, columns)


@settings(max_examples=150, deadline=None)
@given(tables(TERADATA_TYPES))
def test_teradata_columns_round_trip(columns: list[tuple[str, Expect, bool | None]]) -> None:
    text = _render(
        columns, "CREATE MULTISET TABLE db.generated, NO FALLBACK (", " NO PRIMARY INDEX;\n"
    )
    result = analyze_bytes("gen.sql", text.encode(), Options(dialect="teradata"))
    _check(result, text, columns)
