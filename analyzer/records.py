"""``record``: a frozen, slotted dataclass made without compiling anything at import
(start-up, D129, D131).

CPython 3.11's ``dataclass`` writes the source of each generated method and compiles
it with ``exec``: for a frozen class that is six compilations (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``), about a
millisecond per class, and a one-file run creates over a hundred classes. A class
decorated with :func:`record` (instead of ``@dataclass(frozen=True, slots=True)``) is
the same dataclass: ``dataclass`` itself collects its fields (``fields``, ``replace``,
``__match_args__`` and pickling work as before), and the methods come without ``exec``:

* ``__eq__``, ``__hash__`` and ``__repr__`` from field getters (``operator.attrgetter``,
  built once per class), with the same results as the generated ones: equality of the
  tuples of the ``compare`` fields of two objects of the same class (else
  ``NotImplemented``), the hash of the tuple of the hashed fields,
  ``Name(field=value!r, ...)`` over the ``repr`` fields with ``...`` on recursion (D129);
* ``__init__`` from ``analyzer/_inits.py``, the source ``dataclass`` would compile,
  written ahead by ``python -m analyzer.records`` and cached as bytecode like any module
  (D131); a class that module does not know yet (or knows as it was) gets the same
  function compiled here, as ``dataclass`` would;
* the frozen ``__setattr__`` / ``__delattr__`` from closures over the class and its field
  names, raising ``FrozenInstanceError`` as the generated ones do.

``__dataclass_params__`` says ``frozen=True`` and ``eq=False, repr=False`` (the three
methods are not ``dataclass``'s), ``init=False`` where the class writes its own
``__init__`` (``@record(init=False)``).

>>> @record
... class P:
...     x: int
...     y: str = "a"
>>> P(1) == P(1, "a"), P(1) == P(2), hash(P(1)) == hash((1, "a")), P(1)
(True, False, True, P(x=1, y='a'))
"""

from __future__ import annotations

import abc
import dataclasses
import importlib
import inspect
import itertools
import operator
import reprlib
import typing as t
from collections import deque
from dataclasses import MISSING, Field, FrozenInstanceError

C = t.TypeVar("C", bound=type)


def _tuple_getter(names: list[str]) -> t.Callable[[t.Any], tuple[t.Any, ...]]:
    # attrgetter gives a tuple for two names or more; the generated methods always
    # build one (a 1-tuple's hash is not its item's)
    if len(names) >= 2:
        return operator.attrgetter(*names)
    if names:
        one = operator.attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _eq_hash_repr(cls: type, fields: tuple[Field[t.Any], ...]) -> None:
    """Give ``cls`` the ``__eq__``, ``__hash__`` and ``__repr__`` ``dataclass`` would have
    generated (D129)."""
    compared = _tuple_getter([f.name for f in fields if f.compare])
    hashed = _tuple_getter([f.name for f in fields if (f.compare if f.hash is None else f.hash)])
    shown = [(f"{f.name}=", operator.attrgetter(f.name)) for f in fields if f.repr]

    def __eq__(self: t.Any, other: object) -> t.Any:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: t.Any) -> int:
        return hash(hashed(self))

    @reprlib.recursive_repr()
    def __repr__(self: t.Any) -> str:
        inner = ", ".join([label + repr(get(self)) for label, get in shown])
        return f"{self.__class__.__qualname__}({inner})"

    for method in (__eq__, __hash__, __repr__):
        # as dataclass does, a method the class body defines is kept
        if method.__name__ in vars(cls):
            continue
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)


def _frozen_methods(cls: t.Any, fields: tuple[Field[t.Any], ...]) -> None:
    """The frozen ``__setattr__`` and ``__delattr__``, as ``dataclass`` generates them
    (over the class as it was before its slots were added, as there)."""
    names = tuple(f.name for f in fields)

    def __setattr__(self: t.Any, name: str, value: t.Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: t.Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    for method in (__setattr__, __delattr__):
        if method.__name__ in vars(cls):
            raise TypeError(f"Cannot overwrite attribute {method.__name__} in class {cls.__name__}")
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)


#: The module ``python -m analyzer.records`` writes: each class's ``__init__`` maker.
INITS = "analyzer._inits"


def init_key(cls: type) -> str:
    """The name of ``cls``'s ``__init__`` maker in :data:`INITS`."""
    module = cls.__module__.removeprefix("analyzer.").replace(".", "_")
    return f"{module}__{cls.__qualname__.replace('.', '_')}"


def _maker_parameters(fields: t.Sequence[Field[t.Any]]) -> tuple[str, ...]:
    """The maker's parameters: the setter, the factory marker, then each field's default
    (``_dflt_NAME``) or factory (``_fact_NAME``) in field order."""
    names = ["_setattr", "_HAS_DEFAULT_FACTORY"]
    for f in fields:
        if f.default_factory is not MISSING:
            names.append(f"_fact_{f.name}")
        elif f.default is not MISSING:
            names.append(f"_dflt_{f.name}")
    return tuple(names)


def _init_parameters(fields: t.Sequence[Field[t.Any]]) -> tuple[list[str], list[str]]:
    """The ``__init__`` parameters (with their default expressions): positional, keyword-only."""
    positional: list[str] = []
    keyword: list[str] = []
    for f in fields:
        if not f.init:
            continue
        if f.default_factory is not MISSING:
            text = f"{f.name}=_HAS_DEFAULT_FACTORY"
        elif f.default is not MISSING:
            text = f"{f.name}=_dflt_{f.name}"
        else:
            text = f.name
        (keyword if f.kw_only else positional).append(text)
    return positional, keyword


def maker_source(cls: type, fields: t.Sequence[Field[t.Any]] | None = None) -> str:
    """The source of ``cls``'s ``__init__`` maker: the function ``dataclass`` compiles for a
    frozen slotted class (``_init_fn``), taking its defaults and factories as arguments."""
    if fields is None:
        fields = dataclasses.fields(cls)
    self_name = "__dataclass_self__" if any(f.name == "self" for f in fields) else "self"
    clash = [f.name for f in fields if f.name in ("_setattr", "_HAS_DEFAULT_FACTORY")]
    if clash:  # the maker's own names
        raise TypeError(f"{cls.__name__}: a record cannot have a field named {clash[0]}")
    positional, keyword = _init_parameters(fields)
    params = [self_name, *positional, *(["*", *keyword] if keyword else [])]
    body: list[str] = []
    for f in fields:
        if f.default_factory is not MISSING:
            value = f"_fact_{f.name}()"
            if f.init:
                value += f" if {f.name} is _HAS_DEFAULT_FACTORY else {f.name}"
        elif f.init:
            value = f.name
        elif f.default is not MISSING:
            value = f"_dflt_{f.name}"
        else:
            continue
        body.append(f"_setattr({self_name}, {f.name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append(f"{self_name}.__post_init__()")
    lines = [f"def {init_key(cls)}({', '.join(_maker_parameters(fields))}):"]
    lines.append("    def __init__(")
    lines.extend(f"        {p}," for p in params)
    lines.append("    ):")
    lines.extend(f"        {b}" for b in body or ["pass"])
    lines.append("")
    lines.append("    return __init__")
    return "\n".join(lines) + "\n"


def _fresh(init: t.Any, cls: type, fields: t.Sequence[Field[t.Any]]) -> bool:
    """Whether the ``__init__`` a written maker made still fits ``cls``."""
    inner = init.__code__
    positional, keyword = _init_parameters(fields)
    names = [p.partition("=")[0] for p in (*positional, *keyword)]
    count = inner.co_argcount + inner.co_kwonlyargcount
    return (
        list(inner.co_varnames[1:count]) == names
        and inner.co_kwonlyargcount == len(keyword)
        and ("__post_init__" in inner.co_names) == hasattr(cls, "__post_init__")
    )


class _Factory:
    """The default ``__init__`` shows for a field a factory fills, as ``dataclass``'s own
    marker shows it (``<factory>``: signature and docstring alike). Ours, not
    ``dataclasses``' private one (no private CPython API, D137)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"


_HAS_DEFAULT_FACTORY = _Factory()


def _init(cls: type, fields: tuple[Field[t.Any], ...]) -> t.Callable[..., None]:
    """``cls``'s ``__init__``: made by its written maker, or compiled here when
    ``analyzer/_inits.py`` does not have it as it is now."""
    args: list[t.Any] = [object.__setattr__, _HAS_DEFAULT_FACTORY]
    for f in fields:
        if f.default_factory is not MISSING:
            args.append(f.default_factory)
        elif f.default is not MISSING:
            args.append(f.default)
    written = importlib.import_module(INITS)
    maker = getattr(written, init_key(cls), None)
    init = None
    if maker is not None:
        code = maker.__code__
        if code.co_varnames[: code.co_argcount] == _maker_parameters(fields):
            init = maker(*args)
    if init is None or not _fresh(init, cls, fields):
        namespace: dict[str, t.Any] = {"__name__": INITS}
        exec(maker_source(cls, fields), namespace)  # as dataclass does; D131
        init = namespace[init_key(cls)](*args)
    annotations: dict[str, t.Any] = {f.name: f.type for f in fields if f.init}
    annotations["return"] = None
    init.__annotations__ = annotations
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return t.cast(t.Callable[..., None], init)


def _consume(items: t.Iterable[t.Any]) -> None:
    deque(items, maxlen=0)


def _state(names: tuple[str, ...]) -> tuple[t.Callable[..., t.Any], t.Callable[..., None]]:
    """``__getstate__`` and ``__setstate__`` over a class's field ``names``, fixed once per
    class: ``dataclass(slots=True)``'s pair calls ``fields()`` for every object pickled,
    which was a quarter of a pickled IR's cost (the pool's spill and results, D189)."""
    if len(names) == 1:
        (only,) = names

        def getstate(self: t.Any) -> list[t.Any]:
            return [getattr(self, only)]

    else:
        get = operator.attrgetter(*names) if names else (lambda self: ())

        def getstate(self: t.Any) -> list[t.Any]:
            return list(get(self))  # a list, as dataclass(slots=True) gives

    put = object.__setattr__  # the class is frozen

    def setstate(self: t.Any, state: t.Sequence[t.Any]) -> None:
        # the loop runs in C (map, consumed by a zero-length deque)
        _consume(map(put, itertools.repeat(self), names, state))

    return getstate, setstate


def pickled(cls: C) -> C:
    """``cls`` (made by ``dataclass(frozen=True, slots=True)``, every field an ``__init__``
    parameter) pickled as its constructor and its fields' values: dataclass's
    ``__getstate__`` / ``__setstate__`` call ``fields()`` for every object, and a scope's
    link pieces hold a DataType per column (D194); the constructor's call reads back in
    two thirds of a ``__setstate__``'s time (600,000 DataTypes: 0.76 s against 1.18 s, D202).

    >>> import pickle
    >>> from analyzer.ir import DataType
    >>> t = DataType("varchar(10)", "VARCHAR", "character", length=10)
    >>> pickle.loads(pickle.dumps(t)) == t, t.__reduce__()[0] is DataType
    (True, True)
    """
    fields = dataclasses.fields(cls)
    if not all(f.init for f in fields):
        raise TypeError(f"{cls.__name__}: every field must be an __init__ parameter")
    get = _tuple_getter([f.name for f in fields])

    def reduce(self: t.Any) -> tuple[type, tuple[t.Any, ...]]:
        return cls, get(self)

    made: t.Any = cls
    made.__reduce__ = reduce
    return cls


def _slotted(cls: type, fields: tuple[Field[t.Any], ...]) -> t.Any:
    """``cls`` made again with ``__slots__``, as ``dataclass(slots=True)`` does."""
    if "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__} already specifies __slots__")
    names = tuple(f.name for f in fields)
    namespace = dict(cls.__dict__)
    inherited = {s for base in cls.__mro__[1:-1] for s in _slots_of(base)}
    namespace["__slots__"] = tuple(n for n in names if n not in inherited)
    for name in names:
        namespace.pop(name, None)
    namespace.pop("__dict__", None)
    namespace.pop("__weakref__", None)
    qualname = cls.__qualname__
    made: t.Any = type(cls)(cls.__name__, cls.__bases__, namespace)
    made.__qualname__ = qualname
    getstate, setstate = _state(names)
    if "__getstate__" not in namespace:
        made.__getstate__ = getstate
    if "__setstate__" not in namespace:
        made.__setstate__ = setstate
    return made


def _slots_of(cls: type) -> tuple[str, ...]:
    slots = cls.__dict__.get("__slots__")
    if slots is None:
        return ()
    if isinstance(slots, str):
        return (slots,)
    if hasattr(slots, "__next__"):
        raise TypeError(f"Slots of '{cls.__name__}' cannot be determined")
    return tuple(slots)


def _make(cls: type, init: bool) -> t.Any:
    documented = bool(cls.__doc__)
    if not documented:
        cls.__doc__ = "-"  # dataclass writes it from the signature, once __init__ is set
    # fields, defaults, __dataclass_fields__ and __match_args__: dataclass's own; with
    # nothing to generate it compiles nothing
    made: t.Any = dataclasses.dataclass(init=False, repr=False, eq=False, frozen=False)(cls)
    fields = dataclasses.fields(made)
    params = vars(made)["__dataclass_params__"]
    params.init, params.frozen = init, True
    if init and "__init__" not in vars(made):
        made.__init__ = _init(made, fields)
    _eq_hash_repr(made, fields)
    _frozen_methods(made, fields)
    if not documented:
        try:
            text = str(inspect.signature(made)).replace(" -> None", "")
        except (TypeError, ValueError):
            text = ""
        made.__doc__ = made.__name__ + text
    made = _slotted(made, fields)
    abc.update_abstractmethods(made)
    return made


@t.overload
def record(cls: C, /) -> C: ...


@t.overload
def record(*, init: bool = True) -> t.Callable[[C], C]: ...


@t.dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, Field))
def record(cls: C | None = None, /, *, init: bool = True) -> C | t.Callable[[C], C]:
    """Make ``cls`` the dataclass ``@dataclass(frozen=True, slots=True)`` would (with
    ``init=False`` when the class writes its own ``__init__``), compiling nothing."""

    def wrap(cls: C) -> C:
        return t.cast(C, _make(cls, init))

    return wrap if cls is None else wrap(cls)


def _written() -> str:
    """The text of ``analyzer/_inits.py``: the maker of every record class of ``analyzer``
    and ``grammars`` that takes dataclass's ``__init__``."""
    import pkgutil

    import analyzer
    import grammars

    makers: dict[str, str] = {}
    packages = ((analyzer.__path__, "analyzer."), (grammars.__path__, "grammars."))
    infos = [i for path, prefix in packages for i in pkgutil.walk_packages(path, prefix)]
    for info in infos:
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if not (isinstance(value, type) and value.__module__ == info.name):
                continue
            init = vars(value).get("__init__")
            if getattr(init, "__module__", None) == INITS:
                key = init_key(value)
                assert makers.get(key, maker_source(value)) == maker_source(value), key
                makers[key] = maker_source(value)
    head = (
        '"""The ``__init__`` of every ``record`` class (analyzer/records.py, D131): the source\n'
        "``dataclass`` would compile at import, written ahead by ``python -m analyzer.records``;\n"
        'do not edit."""\n'
    )
    return head + "".join(f"\n\n{makers[k]}" for k in sorted(makers))


def main() -> None:
    from pathlib import Path

    import analyzer.records as records  # not __main__'s copy: the classes use that one

    out = Path(records.__file__).with_name("_inits.py")
    out.write_text(records._written(), encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
