"""The cyclic garbage collector paused while a step builds or walks many acyclic objects.

A scope step holds the IR of its scope (millions of objects) and allocates as it checks:
every allocation threshold crossed starts a collection that walks the whole heap, and on
one database of 20,000 tables those walks were half of the step's time (D190, D194).
The IR, the rows and the findings hold no reference cycles, so nothing the pause keeps
alive is garbage for long: the collector is back on, in the state it was found in, when
the block ends.

>>> import gc
>>> with paused():
...     gc.isenabled()
False
>>> gc.isenabled()
True
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """The collector off for the block, then as it was (a nested pause leaves it off)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


#: Allocations between two young-generation collections of CPython's cyclic garbage
#: collector while a command runs (CPython's default is 700).
YOUNG_COLLECTIONS_EVERY = 10_000


def collect_less() -> None:
    """Let CPython's cyclic garbage collector run less often, for the rest of the process.

    The IR is frozen dataclasses and tuples that hold no reference cycles; what cycles
    there are (sqlglot's trees, with parent links) die young.  At CPython's default, a
    young collection every 700 allocations, the collector re-walks the survivors of
    every file over and over: about a quarter of a run's time, more for ``lint``, which
    keeps more.  Every 10,000 allocations it walks them far less, and cycles are still
    collected (mypy raises the threshold for the same reason, mypy/build.py).  What the
    process holds by then (the interpreter's start, click, the command's module) lives as
    long as the process: it is frozen (``gc.freeze``), so that no later collection walks
    it again; refcounting still frees each object, and a grammar's import does the same
    (``grammars._load``, D133).  The CLI's group calls this before any command and a
    Spark task at its start (Spark's Python workers never run the CLI: a phase-1 task of
    the spread spent 6 % more without it); ``bench/lint.py`` applies it to both sides it
    compares.

    >>> import gc
    >>> saved = gc.get_threshold()
    >>> collect_less(); gc.get_threshold()[0] >= YOUNG_COLLECTIONS_EVERY
    True
    >>> gc.set_threshold(*saved)
    """
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, YOUNG_COLLECTIONS_EVERY), middle, old)
    if not gc.get_freeze_count():  # once a process: commands run again in one (tests)
        gc.freeze()
