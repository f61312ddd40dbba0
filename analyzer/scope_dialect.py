"""A scope's dialect: the files of one database that show no dialect of their own are
read in the dialect its other files settle on (issue 27; docs/decisions.md D167).

Content detection (:mod:`analyzer.detect`) reads one file. A project's files without a
CREATE TABLE (an index script, a ``grant`` file, a post-deploy script of ``insert``
statements) carry no evidence, and each fell back to T-SQL with a P003 of its own: 73
warnings on one SSDT project whose other files are plainly T-SQL. Here a file that fell
back takes the dialect most of its scope's files were read in (detected, configured or
given); a scope where none shows one keeps the fallback and one P003, on its first such
file.

>>> from analyzer.ir import Diagnostic, FileResult, Severity
>>> p003 = Diagnostic("P003", Severity.WARNING, "no dialect given or detected")
>>> rs = [FileResult("a.sql", "sybase", None, ("LOCK DATAROWS",)),
...       FileResult("b.sql", "tsql", None, diagnostics=(p003,))]
>>> settled(rs)
'sybase'
>>> [r.dialect for r in settle(rs, lambda i, d: replace(rs[i], dialect=d), quieted)]
['sybase', 'sybase']
"""

from __future__ import annotations

import typing as t
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeVar

from analyzer.ir import FileResult

#: The diagnostic of a file read in the fallback dialect.
FALLBACK_CODE = "P003"

T = TypeVar("T")


def fell_back(result: FileResult) -> bool:
    """Whether ``result`` was read in the fallback dialect (no evidence of its own)."""
    return any(d.code == FALLBACK_CODE for d in result.diagnostics)


def settled(results: Sequence[FileResult]) -> str | None:
    """The dialect most files of a scope with a dialect of their own are read in; None
    when none has one, or when two dialects tie."""
    counts = Counter(r.dialect for r in results if r.dialect is not None and not fell_back(r))
    top = counts.most_common(2)
    if not top or (len(top) == 2 and top[0][1] == top[1][1]):
        return None
    return top[0][0]


def settle(
    items: Sequence[T],
    redo: Callable[[int, str], T],
    quiet: Callable[[T], T],
    result_of: Callable[[T], FileResult] | None = None,
) -> list[T]:
    """``items`` (one scope's phase-1 results, in listing order) with every file that
    fell back read again in the scope's settled dialect: ``redo(i, dialect)`` reads item
    ``i`` with it (``Options.scope_dialect``). Without a settled dialect, only the first
    such file keeps its P003 (``quiet`` takes it off the others). ``result_of`` gives an
    item's IR (default: the item is one).
    """
    results = [t.cast(FileResult, item) if result_of is None else result_of(item) for item in items]
    if not any(fell_back(r) for r in results):
        return list(items)
    dialect = settled(results)
    out: list[T] = []
    warned = False
    for i, (item, result) in enumerate(zip(items, results, strict=True)):
        if not fell_back(result):
            out.append(item)
        elif dialect is not None:
            out.append(redo(i, dialect))
        elif not warned:
            warned = True
            out.append(item)
        else:
            out.append(quiet(item))
    return out


def quieted(result: FileResult) -> FileResult:
    """``result`` without its P003 (the scope said it once already)."""
    kept = tuple(d for d in result.diagnostics if d.code != FALLBACK_CODE)
    return replace(result, diagnostics=kept)


__all__ = ["FALLBACK_CODE", "fell_back", "quieted", "settle", "settled"]
