"""``analyzer.records.record`` makes the class ``dataclass(frozen=True, slots=True)`` makes
(D129, D131), and ``analyzer/_inits.py`` is what ``python -m analyzer.records`` writes."""

from __future__ import annotations

import dataclasses
import importlib
import pickle
import pkgutil
import typing as t
from dataclasses import dataclass, field

import pytest

import analyzer
from analyzer import ir, records
from analyzer.records import record


def _twins(body: dict[str, t.Any], annotations: dict[str, str]) -> tuple[type[t.Any], type[t.Any]]:
    """The same class made by stock ``dataclass`` and by ``record``."""
    ns = {**body, "__annotations__": annotations}
    stock: type[t.Any] = dataclass(frozen=True, slots=True)(type("Twin", (), dict(ns)))
    ours: type[t.Any] = record(type("Twin", (), ns))
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
    (
        {"b": field(default_factory=tuple), "c": field(default=3, init=False)},
        {"a": "int", "b": "tuple[int, ...]", "c": "int"},
        [(1,), (1, (2,)), (2, ())],
    ),
    ({"b": field(default=0, kw_only=True)}, {"a": "int", "b": "int"}, [(1,), (2,)]),
    ({"__doc__": "Documented."}, {"self": "int", "object": "str"}, [(1, "x")]),
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
    _same_class(stock, ours)
    for v in values:
        s, o = stock(*v), ours(*v)
        assert o.__getstate__() == s.__getstate__()  # what pickling keeps
        again = object.__new__(ours)
        again.__setstate__(o.__getstate__())
        assert again == o
        assert repr(dataclasses.replace(s)) == repr(dataclasses.replace(o))
        assert dataclasses.asdict(s) == dataclasses.asdict(o)
        for name in ("a", "self", "zz"):
            for act in (
                lambda x, n=name: setattr(x, n, 1),  # type: ignore[misc]
                lambda x, n=name: delattr(x, n),  # type: ignore[misc]
            ):
                assert _raised(act, s) == _raised(act, o)


def _raised(act: t.Callable[[t.Any], None], obj: t.Any) -> tuple[str, str] | None:
    try:
        act(obj)
    except Exception as err:
        return type(err).__name__, str(err)
    return None


def _same_class(stock: type[t.Any], ours: type[t.Any]) -> None:
    """What the two classes tell of themselves: the same, but for the three methods."""
    import inspect

    # a factory's marker is record's own object (D137), shown as dataclass's is
    assert str(inspect.signature(stock)) == str(inspect.signature(ours))
    assert stock.__doc__ == ours.__doc__
    assert stock.__init__.__annotations__ == ours.__init__.__annotations__
    assert stock.__init__.__qualname__ == ours.__init__.__qualname__
    assert repr(stock.__init__.__defaults__) == repr(ours.__init__.__defaults__)
    assert repr(stock.__init__.__kwdefaults__) == repr(ours.__init__.__kwdefaults__)
    assert stock.__slots__ == ours.__slots__ and stock.__match_args__ == ours.__match_args__
    assert [
        (f.name, f.type, f.default, f.default_factory, f.init, f.kw_only)
        for f in dataclasses.fields(stock)
    ] == [
        (f.name, f.type, f.default, f.default_factory, f.init, f.kw_only)
        for f in dataclasses.fields(ours)
    ]
    sp, op = stock.__dataclass_params__, ours.__dataclass_params__
    for name in type(sp).__slots__:
        if name not in ("eq", "repr"):
            assert getattr(sp, name) == getattr(op, name), name
    assert (op.eq, op.repr) == (False, False)
    assert sorted(vars(stock)) == sorted(vars(ours))


def test_own_init() -> None:
    @record(init=False)
    class Own:
        """Its own __init__."""

        a: int

        def __init__(self, a: int) -> None:
            object.__setattr__(self, "a", a * 2)

    assert Own(2).a == 4 and Own(2) == Own(2) and repr(Own(1)).endswith("Own(a=2)")
    assert not vars(Own)["__dataclass_params__"].init
    assert Own.__init__.__module__ == __name__


def test_inits_are_written_ahead() -> None:
    # every record class takes its __init__ from analyzer/_inits.py (no exec at import),
    # and that file is what python -m analyzer.records writes now
    pytest.importorskip("pyspark")  # the scan's classes are written too
    from pathlib import Path

    written = Path(records.__file__).with_name("_inits.py").read_text(encoding="utf-8")
    assert written == records._written(), "out of date: python -m analyzer.records"
    classes = _dataclasses()
    made = [c for c in classes if vars(c).get("__init__").__module__ == records.INITS]
    assert ir.Column in made and len(made) > 100
    for cls in made:
        assert cls.__init__.__code__.co_filename.endswith("_inits.py"), cls


def test_a_stale_maker_is_compiled_again() -> None:
    # a class that analyzer/_inits.py has in another shape still gets dataclass's __init__
    from analyzer import _inits

    name = ir.Column.__qualname__
    shape = {"__module__": "analyzer.ir", "__qualname__": name, "__doc__": "x"}
    stale = record(type(name, (), {**shape, "__annotations__": {"a": "int"}}))
    assert hasattr(_inits, records.init_key(stale))
    assert stale(1).a == 1 and stale.__init__.__code__.co_filename == "<string>"


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


def test_the_hashed_ir_classes_pickle_as_constructor_and_values() -> None:
    """``records.pickled`` (DataType, Span, QualifiedName: D194, D202): a round trip gives
    equal objects with equal hashes, nested types included, inside a whole result."""
    from analyzer.core import analyze_bytes
    from analyzer.ir import DataType, QualifiedName, Span

    inner = DataType("int", "INT", "integer")
    values = [
        DataType("int array[3]", "ARRAY", "array", inner=inner, element_count=3),
        DataType("decimal(12,2)", "DECIMAL", "decimal", precision=12, scale=2),
        Span("a.sql", 1, 2, 3, 4, 5, 6),
        QualifiedName("t", "dbo", "db"),
        QualifiedName("t"),
    ]
    for value in values:
        again = pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
        assert again == value and hash(again) == hash(value) and type(again) is type(value)
    result = analyze_bytes(
        "t.sql", b"CREATE TABLE dbo.t (a int NOT NULL PRIMARY KEY, b varchar(9))"
    )
    assert pickle.loads(pickle.dumps(result, pickle.HIGHEST_PROTOCOL)) == result
