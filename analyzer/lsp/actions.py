"""Quick fixes for findings that have one safe fix, as text edits (character offsets).

* **Quote a reserved word** (N002): the name as the finding's span gives it, delimited as
  its dialect delimits names: ``[user]`` in T-SQL and ASE, ``"user"`` in Teradata and
  HiRDB (the forms the rule's page names; D154).  Offered only when the span holds a bare
  name, so the edit cannot change anything else.
* **Add a suppression comment** (any finding with a span): ``-- ddlaudit: ignore[CODE]``
  at the end of the finding's first line (docs/lint.md, "Suppressions"), or the code added
  to the ``ignore[...]`` comment already there.

>>> text = "CREATE TABLE t (user varchar(9))\\n"
>>> quote(text, 16, 20, "tsql")
Edit(start=16, end=20, text='[user]')
>>> suppress(text, 16, "N002")
Edit(start=32, end=32, text='  -- ddlaudit: ignore[N002]')
>>> suppress("a int -- ddlaudit: ignore[T001]\\n", 0, "N002")
Edit(start=26, end=30, text='T001, N002')
"""

from __future__ import annotations

import re
from typing import NamedTuple

#: The dialects that delimit a name with square brackets; the others use double quotes.
BRACKETS = frozenset({"tsql", "sybase"})

_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_$#@]*")
#: An ``ignore[...]`` comment of the line form (what :mod:`analyzer.rules.suppressions` reads).
_IGNORE = re.compile(r"--[ \t]*ddlaudit:[ \t]*ignore\[(?P<codes>[^\]\r\n]*)\]", re.IGNORECASE)


class Edit(NamedTuple):
    """Replace ``start``..``end`` (character offsets) with ``text``."""

    start: int
    end: int
    text: str


def quote(text: str, start: int, end: int, dialect: str | None) -> Edit | None:
    """The edit that delimits the bare name at ``start``..``end`` (None: not a bare name)."""
    name = text[start:end]
    if _BARE.fullmatch(name) is None:
        return None
    quoted = f"[{name}]" if dialect in BRACKETS else f'"{name}"'
    return Edit(start, end, quoted)


def suppress(text: str, at: int, code: str) -> Edit:
    """The edit that suppresses ``code`` on the line holding offset ``at``."""
    line_start = max(text.rfind("\n", 0, at), text.rfind("\r", 0, at)) + 1
    ends = [i for i in (text.find("\n", at), text.find("\r", at)) if i >= 0]
    line_end = min(ends) if ends else len(text)
    line = text[line_start:line_end]
    found = _IGNORE.search(line)
    if found is not None and line[: found.start()].strip():
        codes = found.group("codes")
        a, b = line_start + found.start("codes"), line_start + found.end("codes")
        joined = f"{codes.strip()}, {code}" if codes.strip() else code
        return Edit(a, b, joined)
    return Edit(line_end, line_end, f"  -- ddlaudit: ignore[{code}]")


__all__ = ["BRACKETS", "Edit", "quote", "suppress"]
