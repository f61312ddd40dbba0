"""Choose a file's dialect: ``--dialect``, then the config's per-path map, then content.

Content detection scores every grammar's weighted evidence patterns over the
start of the file and keeps the labels that matched, so the choice can be
explained ("teradata: MULTISET TABLE, PRIMARY INDEX").

>>> choice = detect("CREATE MULTISET TABLE t (a INTEGER) PRIMARY INDEX (a);")
>>> choice.dialect, choice.how
('teradata', 'detected')
>>> "MULTISET TABLE" in choice.evidence
True
"""

from __future__ import annotations

from dataclasses import dataclass

import grammars
from grammars.base import fold_case, text_words

#: Windows of the file's head scanned in turn: DDL scripts show their dialect in
#: their first statements, so the wider windows are read only when the narrower
#: one holds no evidence at all (and a 50 MB file is never scanned whole).
SCAN_WINDOWS = (16 * 1024, 256 * 1024)

#: Dialect used when nothing points anywhere (a warning says so).
FALLBACK_DIALECT = "tsql"


@dataclass(frozen=True, slots=True)
class DialectChoice:
    """The dialect chosen, how (``option``, ``config``, ``detected``, ``fallback``) and why."""

    dialect: str
    how: str
    evidence: tuple[str, ...] = ()


def detect(text: str) -> DialectChoice:
    """Score each grammar's evidence over the head of ``text``; highest total wins."""
    for window in SCAN_WINDOWS:
        choice = _score(text[:window])
        if choice is not None or window >= len(text):
            break
    if choice is None:
        return DialectChoice(FALLBACK_DIALECT, "fallback", ("no dialect-specific syntax found",))
    return choice


def _score(head: str) -> DialectChoice | None:
    lowered = fold_case(head)
    words = text_words(head, lowered)
    best: tuple[int, str, tuple[str, ...]] | None = None
    for name, grammar in grammars.registry().items():
        score = 0
        labels: list[str] = []
        for ev in grammar.evidence:
            if ev.search(head, lowered, words):
                score += ev.weight
                labels.append(ev.label)
        if score > 0 and (best is None or score > best[0]):
            best = (score, name, tuple(labels))
    if best is None:
        return None
    return DialectChoice(best[1], "detected", best[2])


def choose(text: str, path: str, forced: str | None, mapped: str | None) -> DialectChoice:
    """Apply the precedence: option, then config mapping, then content detection."""
    if forced:
        return DialectChoice(forced.lower(), "option", ("--dialect",))
    if mapped:
        return DialectChoice(mapped.lower(), "config", (f"config maps {path}",))
    return detect(text)
