"""``ir.new_column`` and ``ir.new_span`` (the IR builder's per-column and per-span
constructors) make exactly ``Column(...)`` and ``Span(...)``."""

from __future__ import annotations

import dataclasses
import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.ir import Column, DataType, Span, new_column, new_span

_TYPE = DataType(declared="int", name="INT", family="integer")
_OTHER = [f for f in dataclasses.fields(Column) if f.default is not dataclasses.MISSING]
_VALUES = st.one_of(st.none(), st.booleans(), st.text(max_size=5), st.just(("a", "b")))


@given(
    st.text(max_size=8),
    st.integers(1, 2000),
    st.booleans(),
    st.booleans(),
    st.one_of(st.none(), st.just(Span("f.sql", 1, 2, 1, 9, 1, 8))),
    st.dictionaries(st.sampled_from([f.name for f in _OTHER if f.name != "span"]), _VALUES),
)
def test_new_column_is_the_dataclass_column(
    name: str,
    position: int,
    nullable: bool,
    explicit: bool,
    span: Span | None,
    fields: dict[str, object],
) -> None:
    made = new_column(name, position, _TYPE, nullable, explicit, span, fields)
    expected = Column(
        name=name,
        position=position,
        type=_TYPE,
        nullable=nullable,
        nullable_explicit=explicit,
        span=span,
        **fields,  # type: ignore[arg-type]
    )
    assert type(made) is Column
    assert made == expected and repr(made) == repr(expected)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.name = "x"  # type: ignore[misc]


def test_new_column_rejects_unknown_fields_as_column_does() -> None:
    with pytest.raises(TypeError):
        Column(name="a", position=1, type=_TYPE, nullable=True, nullable_explicit=False, x=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        new_column("a", 1, _TYPE, True, False, None, {"x": 1})


@given(st.text(max_size=8), st.lists(st.integers(0, 10**6), min_size=6, max_size=6))
def test_new_span_is_the_dataclass_span(file: str, numbers: list[int]) -> None:
    made = new_span(file, *numbers, None)
    expected = Span(file, *numbers)
    assert type(made) is Span
    assert made == expected and repr(made) == repr(expected) and hash(made) == hash(expected)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.line = 2  # type: ignore[misc]


# ------------------------------------------------------------------ evolve


@functools.cache
def _instances() -> list[object]:
    from analyzer.core import Options, analyze_bytes
    from analyzer.passes import SIZING_RULES, run
    from analyzer.settings import SizingSettings

    r = analyze_bytes(
        "t.sql",
        b"CREATE TABLE t (a INTEGER NOT NULL, b VARCHAR(30) COMPRESS 'x', c DATE)"
        b" UNIQUE PRIMARY INDEX (a);",
        Options(dialect="teradata"),
    )
    r = run(r, SIZING_RULES, sizing=SizingSettings())
    table = r.tables[0]
    return [r, table, *table.columns, table.columns[1].storage, table.columns[0].type, table.span]


@settings(deadline=None)
@given(st.data())
def test_evolve_equals_dataclasses_replace(data: st.DataObject) -> None:
    import dataclasses

    from analyzer.ir import evolve

    for obj in _instances():
        assert obj is not None
        fields = [f.name for f in dataclasses.fields(obj)]  # type: ignore[arg-type]
        chosen = data.draw(st.lists(st.sampled_from(fields), unique=True, max_size=3))
        changes = {name: data.draw(st.sampled_from([None, 0, "x", ()])) for name in chosen}
        got = evolve(obj, **changes)
        want = dataclasses.replace(obj, **changes)  # type: ignore[type-var]
        assert got == want and type(got) is type(want)
        assert hash(got) == hash(want) if _hashable(want) else True
        with pytest.raises(dataclasses.FrozenInstanceError):
            got.__setattr__(fields[0], 1)


def _hashable(obj: object) -> bool:
    try:
        hash(obj)
    except TypeError:
        return False
    return True


def test_evolve_rejects_unknown_fields() -> None:
    from analyzer.ir import Span, evolve

    with pytest.raises(TypeError, match="no field 'nope'"):
        evolve(Span("a", 1, 1, 1, 2, 0, 1), nope=1)
