"""``record``: the ``__eq__``, ``__hash__`` and ``__repr__`` of a frozen dataclass
without compiling them (start-up, D129).

CPython 3.11's ``dataclass`` writes the source of each generated method and compiles
it with ``exec``; for a frozen class that is six compilations (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``), about a
millisecond per class, and a one-file run creates over a hundred classes. A class
declared ``@dataclass(frozen=True, slots=True, eq=False, repr=False)`` and then
decorated with :func:`record` gets the same three methods from field getters
(``operator.attrgetter``, built once per class), with the same results as the
generated ones: equality of the tuples of the ``compare`` fields of two objects of
the same class (else ``NotImplemented``), the hash of the tuple of the hashed fields,
``Name(field=value!r, ...)`` over the ``repr`` fields with ``...`` on recursion.
``__init__`` and the frozen ``__setattr__`` / ``__delattr__`` stay dataclass's own.

>>> import dataclasses
>>> @record
... @dataclasses.dataclass(frozen=True, slots=True, eq=False, repr=False)
... class P:
...     x: int
...     y: str = "a"
>>> P(1) == P(1, "a"), P(1) == P(2), hash(P(1)) == hash((1, "a")), P(1)
(True, False, True, P(x=1, y='a'))
"""

from __future__ import annotations

import dataclasses
import operator
import reprlib
import typing as t

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


def record(cls: C) -> C:
    """Give the frozen dataclass ``cls`` (declared with ``eq=False, repr=False``) the
    ``__eq__``, ``__hash__`` and ``__repr__`` ``dataclass`` would have generated."""
    params = vars(cls)["__dataclass_params__"]
    assert params.frozen and not params.eq and not params.repr, cls
    fields = dataclasses.fields(cls)
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
    return cls
