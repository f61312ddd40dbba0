"""Dialect grammars: one module per dialect, discovered automatically.

Each module in this package that defines ``GRAMMAR`` (a :class:`grammars.base.Grammar`)
is a dialect ddlaudit reads: the CLI choices, ``--dialect`` validation, per-path
config and content detection all come from this registry, so adding a dialect is
adding a module here and nothing else.

>>> {"teradata", "tsql"} <= set(registry())
True
"""

from __future__ import annotations

import functools
import importlib
import pkgutil

from grammars.base import Evidence, Grammar

__all__ = ["Evidence", "Grammar", "get", "names", "registry"]


@functools.cache
def registry() -> dict[str, Grammar]:
    """Every grammar in this package by name (``base`` and ``_private`` modules excluded)."""
    found: dict[str, Grammar] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_") or info.name == "base":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        grammar = getattr(module, "GRAMMAR", None)
        if isinstance(grammar, Grammar):
            found[grammar.name] = grammar
    return dict(sorted(found.items()))


def names() -> tuple[str, ...]:
    """The dialect names, sorted."""
    return tuple(registry())


def get(name: str) -> Grammar:
    """The grammar called ``name``; ``KeyError`` listing the known ones otherwise."""
    try:
        return registry()[name.lower()]
    except KeyError:
        raise KeyError(f"unknown dialect {name!r}; known: {', '.join(names())}") from None
