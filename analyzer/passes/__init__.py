"""Passes over the IR, in order.  Each is a pure function: ``FileResult`` in, ``FileResult`` out.

Modelled on sqlglot's ``optimizer.RULES``: :data:`RULES` lists the passes and
:func:`run` applies them, handing each the keyword arguments it names (for
example ``user_types``, the alias types known from the whole input set).
"""

from __future__ import annotations

import functools
import inspect
import typing as t

from analyzer.ir import FileResult
from analyzer.passes.ascii_width import ascii_width
from analyzer.passes.data_length import data_length
from analyzer.passes.link_replication import link_replication
from analyzer.passes.presence_bits import presence_bits
from analyzer.passes.resolve_user_types import resolve_user_types
from analyzer.passes.type_derived import type_derived

Pass = t.Callable[..., FileResult]

RULES: tuple[Pass, ...] = (type_derived, resolve_user_types, link_replication)

#: The sizing passes, run after :data:`RULES` by ``ddlaudit size`` (and ``scan``) with
#: ``sizing=`` the run's :class:`~analyzer.settings.SizingSettings`.
SIZING_RULES: tuple[Pass, ...] = (data_length, presence_bits)

#: The replication passes, run after :data:`RULES` by ``ddlaudit replication`` with
#: ``sizing=`` the run's settings: each column's Replication Server ASCII width.
REPLICATION_RULES: tuple[Pass, ...] = (ascii_width,)


@functools.cache
def _parameters(rule: Pass) -> frozenset[str]:
    # inspect.signature is slow and a pass's signature never changes.
    return frozenset(inspect.signature(rule).parameters)


@functools.cache
def _accepted(rule: Pass, names: tuple[str, ...]) -> tuple[str, ...]:
    # The ``names`` a pass accepts, in their order: worked out once per pass and call
    # shape, not by a walk of every keyword for every pass of every file.
    params = _parameters(rule)
    return tuple(n for n in names if n in params)


def run(result: FileResult, rules: t.Sequence[Pass] = RULES, **kwargs: t.Any) -> FileResult:
    """Apply ``rules`` in order, passing each only the ``kwargs`` it accepts."""
    if not kwargs:
        for rule in rules:
            result = rule(result)
        return result
    names = tuple(kwargs)
    for rule in rules:
        result = rule(result, **{k: kwargs[k] for k in _accepted(rule, names)})
    return result
