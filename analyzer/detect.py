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

import functools
import re
import types
import typing as t

import grammars
from analyzer.records import record
from analyzer.split import BTEQ_COMMANDS, BTEQ_DIALECT
from grammars.profile import Evidence, fold_case, text_words
from grammars.profile import evidence as make_evidence

#: Windows of the file's head scanned in turn: DDL scripts show their dialect in
#: their first statements, so the wider windows are read only when the narrower
#: one holds no evidence at all (and a 50 MB file is never scanned whole).
SCAN_WINDOWS = (16 * 1024, 256 * 1024)

#: Dialect used when nothing points anywhere (a warning says so).
FALLBACK_DIALECT = "tsql"


#: File extensions only BTEQ, Teradata's script tool, uses (docs/decisions.md D97).
BTEQ_EXTENSIONS = (".btq", ".bteq")

#: Content that points at a dialect but is not a statement of its grammar: BTEQ dot
#: commands at the start of a line (Teradata "Basic Teradata Query Reference").
SCRIPT_EVIDENCE: t.Mapping[str, tuple[Evidence, ...]] = types.MappingProxyType(
    {
        BTEQ_DIALECT: (
            make_evidence(
                rf"^[ \t]*\.(?:{'|'.join(sorted(BTEQ_COMMANDS))})(?![\w$#@])",
                5,
                "BTEQ dot commands",
            ),
        ),
    }
)


@record
class DialectChoice:
    """The dialect chosen, how (``option``, ``config``, ``detected``, ``fallback``) and why."""

    dialect: str
    how: str
    evidence: tuple[str, ...] = ()


#: Words in a file's name or its folder's that name its platform (``schema-sybase.sql``,
#: ``sqlserver2008/x.sql``): they decide where the content shows only what the dialects
#: share, or nothing (D167).
PATH_WORDS: t.Mapping[str, str] = types.MappingProxyType(
    {
        r"sql[-_ ]?server|mssql|tsql|azure[-_]?sql": "tsql",
        r"sybase|ase": "sybase",
        r"teradata|bteq": "teradata",
        r"hirdb": "hirdb",
    }
)


@functools.cache
def _path_words() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple(
        (re.compile(rf"(?<![a-z])(?:{words})(?![a-z])"), dialect)
        for words, dialect in PATH_WORDS.items()
    )


def path_hint(path: str) -> str | None:
    """The dialect a file's name and its folder's name name, if exactly one.

    >>> path_hint("ddl/sqlserver2008/jbpm-schema.sql"), path_hint("db/tables_sybase.sql")
    ('tsql', 'sybase')
    >>> path_hint("base/release.sql") is None, path_hint("sybase-to-mssql.sql") is None
    (True, True)
    """
    parts = path.replace("\\", "/").rsplit("/", 2)
    low = "/".join(parts[-2:]).lower()
    found = {dialect for pattern, dialect in _path_words() if pattern.search(low)}
    return found.pop() if len(found) == 1 else None


#: Comments, whose words are no evidence (``/* SET ANSI_NULLS ON */`` in an ASE script),
#: except SSMS's ``/****** Object: ...`` banner, which is (a block comment opening with
#: ``/**`` is kept).
_COMMENT = re.compile(r"--[^\n]*|/\*(?!\*)(?:[^*]|\*(?!/))*(?:\*/|\Z)")


def _without_comments(head: str) -> str:
    """``head`` with its comments blanked (same length, so offsets hold).

    >>> _without_comments("a /* b */ c -- d")
    'a         c     '
    """
    if "--" not in head and "/*" not in head:
        return head
    return _COMMENT.sub(lambda m: " " * len(m.group()), head)


def detect(text: str, path: str = "") -> DialectChoice:
    """Score each grammar's evidence over the head of ``text``, comments left out (and the
    platform ``path`` names, :func:`path_hint`); highest total wins."""
    for window in SCAN_WINDOWS:
        choice = _score(_without_comments(text[:window]), path)
        if choice is not None or window >= len(text):
            break
    if choice is None:
        return DialectChoice(FALLBACK_DIALECT, "fallback", ("no dialect-specific syntax found",))
    return choice


@record
class _EvidenceIndex:
    """Every grammar's evidence, and which of it each word can make true.

    An evidence whose matches all contain a whole word (:attr:`Evidence.words`) is
    listed under the words of one such group: on ASCII text, where
    :meth:`Evidence.search` starts by asking the text's words for every group, one
    whose listed words are all absent cannot match and is not tried at all (most
    of ~90 patterns on a typical statement).  ``always`` are the others.
    """

    grammars: tuple[tuple[str, tuple[Evidence, ...]], ...]
    by_word: t.Mapping[str, tuple[tuple[int, int], ...]]
    vocabulary: frozenset[str]
    always: tuple[tuple[int, int], ...]


@functools.cache
def _evidence_index() -> _EvidenceIndex:
    by_word: dict[str, list[tuple[int, int]]] = {}
    always: list[tuple[int, int]] = []
    entries = tuple(
        (name, (*g.evidence, *SCRIPT_EVIDENCE.get(name, ())))
        for name, g in grammars.profile_registry().items()
    )
    for gi, (_, evidence) in enumerate(entries):
        for ei, ev in enumerate(evidence):
            if not ev.words:
                always.append((gi, ei))
                continue
            # the group with the rarest-looking words: the longest shortest word
            group = max(ev.words, key=lambda g: min(map(len, g)))
            for word in group:
                by_word.setdefault(word, []).append((gi, ei))
    return _EvidenceIndex(
        entries,
        {word: tuple(found) for word, found in by_word.items()},
        frozenset(by_word),
        tuple(always),
    )


def _score(head: str, path: str = "") -> DialectChoice | None:
    lowered = fold_case(head)
    words = text_words(head, lowered)
    index = _evidence_index()
    if words is None:  # not ASCII: every pattern is tried
        candidates = [
            (gi, ei) for gi, (_, evs) in enumerate(index.grammars) for ei in range(len(evs))
        ]
    else:
        found = set(index.always)
        by_word = index.by_word
        for word in index.vocabulary & words:
            found.update(by_word[word])
        candidates = sorted(found)  # grammar, then evidence order: labels as declared
    # (evidence no other dialect accepts, all evidence, labels): the first decides (D167)
    scores: dict[int, tuple[int, int, list[str]]] = {}
    for gi, ei in candidates:
        ev = index.grammars[gi][1][ei]
        if ev.search(head, lowered, words):
            own, score, labels = scores.get(gi) or (0, 0, [])
            labels.append(ev.label)
            scores[gi] = (own + (0 if ev.shared else ev.weight), score + ev.weight, labels)
    # the file's name is read only where the content shows nothing of its own
    hint = path_hint(path) if path and not any(own for own, _, _ in scores.values()) else None
    if hint is not None:
        # nothing only one dialect accepts: the file's name decides
        shared = next(
            (labels for gi, (_, _, labels) in scores.items() if index.grammars[gi][0] == hint), []
        )
        return DialectChoice(hint, "detected", (f"file name names {hint}", *shared))
    best: tuple[tuple[int, int], str, tuple[str, ...]] | None = None
    for gi in sorted(scores):  # registry order: the first of equal scores wins, as before
        own, score, labels = scores[gi]
        if score > 0 and (best is None or (own, score) > best[0]):
            best = ((own, score), index.grammars[gi][0], tuple(labels))
    if best is None:
        return None
    return DialectChoice(best[1], "detected", best[2])


def choose(
    text: str, path: str, forced: str | None, mapped: str | None, scope: str | None = None
) -> DialectChoice:
    """Apply the precedence: option, then config mapping, then content detection, then
    ``scope``, the dialect the file's scope settled on (D167); a ``.btq`` / ``.bteq`` file
    (:data:`BTEQ_EXTENSIONS`) is detected as Teradata.

    >>> choose("select 1;", "jobs/load.BTQ", None, None)
    DialectChoice(dialect='teradata', how='detected', evidence=('.btq file (BTEQ script)',))
    """
    if forced:
        return DialectChoice(forced.lower(), "option", ("--dialect",))
    if mapped:
        return DialectChoice(mapped.lower(), "config", (f"config maps {path}",))
    choice = detect(text, path)
    if choice.how == "fallback" and scope:
        choice = DialectChoice(scope.lower(), "scope", ("the dialect of its scope's other files",))
    suffix = next((x for x in BTEQ_EXTENSIONS if path.lower().endswith(x)), None)
    if suffix is None or BTEQ_DIALECT not in grammars.names():
        return choice
    # A BTEQ script is Teradata whatever its head shows (D97); its own evidence is kept.
    kept = choice.evidence if choice.dialect == BTEQ_DIALECT and choice.how == "detected" else ()
    return DialectChoice(BTEQ_DIALECT, "detected", (f"{suffix} file (BTEQ script)", *kept))
