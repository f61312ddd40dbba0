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
