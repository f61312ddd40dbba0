"""Dialect grammars: one module per dialect, discovered automatically.

Each dialect has a profile, ``grammars/profiles/<name>.py`` defining ``PROFILE`` (a
:class:`grammars.profile.Profile`: name, description, detection evidence), and a
grammar, the module the profile names defining ``GRAMMAR`` (a
:class:`grammars.base.Grammar`: the sqlglot dialect class and what the IR builder
needs).  The CLI choices, ``--dialect`` validation, per-path config and content
detection come from the profiles, which import nothing heavy; a grammar is imported
the first time :func:`get` asks for it, so a run loads only the dialects it reads
(docs/architecture.md, "Start-up"; D108).  Adding a dialect is adding its profile and
its grammar here, and nothing else.

>>> {"teradata", "tsql"} <= set(names())
True
"""

from __future__ import annotations

import functools
import gc
import importlib
import pkgutil

from grammars.profile import Evidence, Grammar, Profile

__all__ = [
    "Evidence",
    "Grammar",
    "Profile",
    "get",
    "get_profile",
    "names",
    "profile_registry",
    "registry",
]


@functools.cache
def profile_registry() -> dict[str, Profile]:
    """Every dialect's profile by name, sorted (``_private`` modules excluded)."""
    from grammars import profiles

    found: dict[str, Profile] = {}
    for info in pkgutil.iter_modules(profiles.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{profiles.__name__}.{info.name}")
        found_profile = getattr(module, "PROFILE", None)
        if isinstance(found_profile, Profile):
            found[found_profile.name] = found_profile
    return dict(sorted(found.items()))


def names() -> tuple[str, ...]:
    """The dialect names, sorted."""
    return tuple(profile_registry())


def get_profile(name: str) -> Profile:
    """The profile of the dialect called ``name``; ``KeyError`` listing the known ones
    otherwise."""
    try:
        return profile_registry()[name.lower()]
    except KeyError:
        raise KeyError(f"unknown dialect {name!r}; known: {', '.join(names())}") from None


@functools.cache
def _load(name: str) -> Grammar:
    # A cache on a pure function of the name, as sqlglot's own Dialect registry is keyed
    # by name: importing a grammar builds its Tokenizer and Parser subclasses once per
    # process, and no registry of ours is ever mutated (D108).
    known = get_profile(name)
    # The import makes tens of thousands of objects (sqlglot's dialect, our Tokenizer and
    # Parser classes) that live as long as the process: the cyclic collector is paused
    # while it runs, and what the process holds then is frozen (gc.freeze), so that later
    # collections do not walk it again; refcounting still frees each object (D133).
    collecting = gc.isenabled()
    gc.disable()
    try:
        module = importlib.import_module(known.module)
    finally:
        gc.freeze()
        if collecting:
            gc.enable()
    grammar = getattr(module, "GRAMMAR", None)
    if not isinstance(grammar, Grammar) or grammar.name != known.name:
        raise LookupError(f"{known.module} defines no GRAMMAR named {known.name!r}")
    return grammar


def get(name: str) -> Grammar:
    """The grammar called ``name``, imported on first use; ``KeyError`` listing the
    known ones otherwise."""
    return _load(get_profile(name).name)


@functools.cache
def registry() -> dict[str, Grammar]:
    """Every grammar by name, sorted: imports them all (``ddlaudit dialects``, tests);
    a run that reads files uses :func:`get` for the dialects it meets."""
    return {name: _load(name) for name in names()}
