"""``analyzer.records.record`` gives what ``dataclass(eq=True, repr=True)`` generates (D129)."""

from __future__ import annotations

import dataclasses
import importlib
import pickle
import pkgutil
import typing as t
from dataclasses import dataclass, field

import pytest

import analyzer
from analyzer import ir
from analyzer.records import record


def _twins(body: dict[str, t.Any], annotations: dict[str, str]) -> tuple[type[t.Any], type[t.Any]]:
    """The same class made by stock ``dataclass`` and by ``record``."""
    ns = {**body, "__annotations__": annotations}
    stock: type[t.Any] = dataclass(frozen=True, slots=True)(type("Twin", (), dict(ns)))
    ours: type[t.Any] = record(
        dataclass(frozen=True, slots=True, eq=False, repr=False)(type("Twin", (), ns))
    )
    return stock, ours


CASES: list[tuple[dict[str, t.Any], dict[str, str], list[tuple[t.Any, ...]]]] = [
    ({}, {}, [()]),
    ({}, {"a": "int"}, [(1,), (2,), (True,)]),
    ({"b": None}, {"a": "int", "b": "str | None"}, [(1, "x"), (1, None), (2, "x")]),
    (
        {"b": field(default=0, compare=False), "c": field(default=0, hash=False)},
        {"a": "int", "b": "int", "c": "int"},
        [(1, 1, 1), (1, 2, 1), (1, 1, 2)],
    ),
    ({"b": field(default="", repr=False)}, {"a": "float", "b": "str"}, [(float("nan"), "x")]),
]


@pytest.mark.parametrize(("body", "annotations", "values"), CASES)
def test_same_as_dataclass(
    body: dict[str, t.Any], annotations: dict[str, str], values: list[tuple[t.Any, ...]]
) -> None:
    stock, ours = _twins(body, annotations)
    nan = float("nan")
    pairs = [(stock(*v), ours(*v)) for v in values] + [(stock(*v), ours(*v)) for v in values]
    for s1, o1 in pairs:
        assert repr(s1) == repr(o1)
        assert hash(s1) == hash(o1)
        assert (s1.__eq__(1), o1.__eq__(1)) == (NotImplemented, NotImplemented)
        for s2, o2 in pairs:
            assert (s1 == s2) == (o1 == o2)
            assert (s1 != s2) == (o1 != o2)
    if values[0] and values[0][0] != values[0][0]:  # NaN: the tuples' identity shortcut
        same = ours(nan)
        assert same == same and stock(nan) == stock(nan)


def test_recursive_repr_and_pickle() -> None:
    stock, ours = _twins({}, {"a": "list[object]"})
    s, o = stock([]), ours([])
    s.a.append(s)
    o.a.append(o)
    assert repr(s) == repr(o) == "Twin(a=[...])"
    col = ir.Column("a", 1, ir.DataType("int", "INT", "integer"), True, False)
    assert pickle.loads(pickle.dumps(col)) == col
    assert repr(col).startswith("Column(name='a', position=1, type=DataType(declared='int'")


def _dataclasses() -> list[type]:
    classes: list[type] = []
    for info in pkgutil.walk_packages(analyzer.__path__, "analyzer."):
        if info.name.startswith("analyzer.spark"):
            continue  # pyspark is an optional extra
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and value.__module__ == info.name
                and dataclasses.is_dataclass(value)
            ):
                classes.append(value)
    return classes


def test_no_dataclass_without_equality() -> None:
    # eq=False without @record would compare by identity: every such class has record's
    classes = _dataclasses()
    assert ir.Column in classes
    for cls in classes:
        params = vars(cls)["__dataclass_params__"]
        if not params.eq:
            assert getattr(cls.__eq__, "__module__", None) == "analyzer.records", cls
            assert getattr(cls.__hash__, "__module__", None) == "analyzer.records", cls
            assert getattr(cls.__repr__, "__module__", None) == "analyzer.records", cls
