"""Passes over the IR, in order.  Each is a pure function: ``FileResult`` in, ``FileResult`` out.

Modelled on sqlglot's ``optimizer.RULES``: :data:`RULES` lists the passes and
:func:`run` applies them, handing each the keyword arguments it names (for
example ``user_types``, the alias types known from the whole input set).
"""

from __future__ import annotations

import inspect
import typing as t

from analyzer.ir import FileResult
from analyzer.passes.resolve_user_types import resolve_user_types

Pass = t.Callable[..., FileResult]

RULES: tuple[Pass, ...] = (resolve_user_types,)


def run(result: FileResult, rules: t.Sequence[Pass] = RULES, **kwargs: t.Any) -> FileResult:
    """Apply ``rules`` in order, passing each only the ``kwargs`` it accepts."""
    for rule in rules:
        params = inspect.signature(rule).parameters
        result = rule(result, **{k: v for k, v in kwargs.items() if k in params})
    return result
