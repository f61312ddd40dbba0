"""Declared type text -> IR DataType: exact names, never sqlglot's substitutes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analyzer.types import read_type, type_name

CASES = [
    # declared, name, family, length, precision, scale, is_max
    ("BYTEINT", "BYTEINT", "udt", None, None, None, False),  # family comes from the grammar
    ("nvarchar(max)", "NVARCHAR", "nvarchar", None, None, None, True),
    ("[nvarchar](100)", "NVARCHAR", "nvarchar", 100, None, None, False),
    ("decimal(12, 2)", "DECIMAL", "decimal", None, 12, 2, False),
    ("CLOB(1M)", "CLOB", "clob", 1024 * 1024, None, None, False),
    ("BLOB(2G)", "BLOB", "blob", 2 * 1024**3, None, None, False),
    ("CLOB(10K)", "CLOB", "clob", 10 * 1024, None, None, False),
    ("TIMESTAMP(6) WITH TIME ZONE", "TIMESTAMP", "timestamp", None, None, 6, False),
    ("INTERVAL SECOND(2,3)", "INTERVAL SECOND", "interval", None, 2, 3, False),
    ("INTERVAL YEAR(4)", "INTERVAL YEAR", "interval", None, 4, None, False),
    ("INTERVAL DAY(2) TO SECOND(6)", "INTERVAL DAY TO SECOND", "interval", None, 2, 6, False),
    ("CHARACTER VARYING(30)", "CHARACTER VARYING", "varchar", 30, None, None, False),
    ("dbo.MyType", "DBO.MYTYPE", "udt", None, None, None, False),
    ("float(24)", "FLOAT", "float", None, 24, None, False),
]


@pytest.mark.parametrize(
    ("declared", "name", "family", "length", "precision", "scale", "is_max"), CASES
)
def test_read_type(
    declared: str,
    name: str,
    family: str,
    length: int | None,
    precision: int | None,
    scale: int | None,
    is_max: bool,
) -> None:
    t = read_type(declared, {})
    assert (t.declared, t.name, t.family, t.length, t.precision, t.scale, t.is_max) == (
        declared,
        name,
        family,
        length,
        precision,
        scale,
        is_max,
    )


def test_grammar_families_win_over_common_ones() -> None:
    assert read_type("BYTEINT", {"BYTEINT": "integer"}).family == "integer"
    assert read_type("REAL", {"REAL": "float"}).name == "REAL"  # never FLOAT


def test_number_reads_precision_when_the_grammar_says_it_is_numeric() -> None:
    t = read_type("NUMBER(10,2)", {"NUMBER": "number"})
    assert (t.name, t.precision, t.scale, t.length) == ("NUMBER", 10, 2, None)
    star = read_type("NUMBER(*,2)", {"NUMBER": "number"})
    assert (star.precision, star.scale) == (None, 2)


def test_period_keeps_its_element_type() -> None:
    t = read_type("PERIOD(TIME(3) WITH TIME ZONE)", {})
    assert t.name == "PERIOD" and t.family == "period"
    assert t.inner is not None and t.inner.name == "TIME" and t.inner.scale == 3
    assert t.inner.with_time_zone


def test_array_element_count() -> None:
    t = read_type("INTEGER ARRAY[10]", {})
    assert t.name == "INTEGER" and t.element_count == 10


@given(st.integers(1, 10**6), st.sampled_from(["", "K", "M", "G"]))
def test_length_multipliers(n: int, unit: str) -> None:
    factor = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3}[unit]
    assert read_type(f"CLOB({n}{unit})", {}).length == n * factor


@given(st.text(alphabet=" \t", max_size=3), st.sampled_from(["varchar", "VarChar", "[varchar]"]))
def test_type_name_ignores_spacing_and_quotes(space: str, spelled: str) -> None:
    assert type_name(f"{spelled}{space}({space}10{space})") == "VARCHAR"
