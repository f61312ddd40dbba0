"""Statements that change what later names mean, read from their text (issue 27, D168).

The IR keeps ``USE db`` (T-SQL, ASE), ``DATABASE db;`` (Teradata), ``DROP TABLE`` and
renames (``sp_rename``, Teradata ``RENAME TABLE``) as skipped statements; name resolution
(:mod:`analyzer.names`) needs what they name: the default database of the statements
after a ``USE``, a table a script drops before it creates it again.

>>> from analyzer.ir import Span
>>> at = Span("t.sql", 1, 1, 1, 9, 0, 8)
>>> name_changes("USE [pubs]", "use", at)[0].name
QualifiedName(name='pubs', schema=None, catalog=None)
>>> [str(c.name) for c in name_changes("drop table dbo.a, b", "drop table", at)]
['dbo.a', 'b']
>>> (c,) = name_changes("exec sp_rename 'dbo.old', 'new'", "exec sp_rename", at)
>>> (str(c.name), str(c.new_name))
('dbo.old', 'new')
>>> name_changes("RENAME TABLE db.a TO db.b", "rename", at)[0].new_name
QualifiedName(name='b', schema='db', catalog=None)
"""

from __future__ import annotations

import functools
import re

from analyzer.ir import NameChange, QualifiedName, Span

_PART = r'(?:\[[^\]]*\]|"[^"]*"|`[^`]*`|[^\s.,;()\'"\[\]]+)'
_NAME = rf"{_PART}(?:\s*\.\s*(?:{_PART})?)*"
#: The patterns, compiled on first use: most files have no statement that needs them.
_PATTERNS = {
    "use": (rf"^\s*(?:use|database)\s+(?P<name>{_NAME})\s*;?\s*$", re.I),
    "drop": (r"^\s*drop\s+table\s+(?:if\s+exists\s+)?(?P<names>.+?)\s*;?\s*$", re.I | re.S),
    "rename_proc": (
        r"^\s*(?:exec(?:ute)?\s+)?(?:\w+\.\.)?sp_rename\s+(?:@objname\s*=\s*)?N?'(?P<old>[^']+)'"
        r"\s*,\s*(?:@newname\s*=\s*)?N?'(?P<new>[^']+)'\s*(?:,\s*(?:@objtype\s*=\s*)?N?'?(?P<type>\w*)'?)?",
        re.I,
    ),
    "rename_table": (
        rf"^\s*rename\s+table\s+(?P<old>{_NAME})\s+(?:to|as)\s+(?P<new>{_NAME})\s*;?\s*$",
        re.I,
    ),
    "alter": (rf"^\s*alter\s+table\s+(?:only\s+)?(?P<name>{_NAME})", re.I),
    "parts": (_PART, 0),
}


@functools.cache
def _pattern(name: str) -> re.Pattern[str]:
    source, flags = _PATTERNS[name]
    return re.compile(source, flags)


#: The statement labels (:func:`~analyzer.split.statement_label`) that may change names.
NAMING_LABELS = frozenset(
    {"use", "database", "drop table", "exec sp_rename", "sp_rename", "rename", "alter table"}
)


def qualified(text: str) -> QualifiedName:
    """``[db].[dbo].[t]`` / ``"s"."t"`` / ``s.t`` / ``db..t`` as a :class:`QualifiedName`
    (quotes removed; an empty middle part, ``db..t``, is no schema).

    >>> qualified("[db]..[t]")
    QualifiedName(name='t', schema=None, catalog='db')
    >>> qualified('"S"."T"')
    QualifiedName(name='T', schema='S', catalog=None)
    """
    pieces = [p.strip() for p in text.strip().split(".")] if "[" not in text else None
    if pieces is None:
        pieces = []
        rest = text.strip()
        while rest:
            m = _pattern("parts").match(rest)
            part = m.group(0) if m else ""
            pieces.append(part)
            rest = rest[len(part) :].lstrip()
            if not rest.startswith("."):
                break
            rest = rest[1:].lstrip()
    parts = [p.strip('[]"`') for p in pieces]
    if not parts or not parts[-1]:
        return QualifiedName(text.strip())
    name = parts[-1]
    schema = (parts[-2] or None) if len(parts) >= 2 else None
    catalog = (parts[-3] or None) if len(parts) >= 3 else None
    return QualifiedName(name, schema, catalog)


def _split_names(text: str) -> list[str]:
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in '["':
            depth ^= 1
        elif ch == "," and not depth:
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return [p.strip() for p in out if p.strip()]


def name_changes(text: str, label: str, span: Span) -> list[NameChange]:
    """What a skipped statement (its ``text`` and :func:`~analyzer.split.statement_label`
    ``label``) changes of the names after it (``alter``: an ALTER TABLE the IR does not
    read, which may change the table's columns); empty for any other statement."""
    if label in ("use", "database"):
        m = _pattern("use").match(text)
        return [NameChange("use", qualified(m.group("name")), span)] if m else []
    if label == "drop table":
        m = _pattern("drop").match(text)
        if m is None:
            return []
        return [NameChange("drop", qualified(n), span) for n in _split_names(m.group("names"))]
    if label in ("exec sp_rename", "sp_rename"):
        m = _pattern("rename_proc").match(text)
        if m is None or (m.group("type") or "object").lower() != "object":
            return []  # a column or index rename leaves the table's name
        return [NameChange("rename", qualified(m.group("old")), span, qualified(m.group("new")))]
    if label == "alter table":
        # an ALTER TABLE the IR does not read (ADD / DROP / ALTER COLUMN): the table's
        # columns may differ from its CREATE TABLE's
        m = _pattern("alter").match(text)
        return [NameChange("alter", qualified(m.group("name")), span)] if m else []
    if label == "rename":
        m = _pattern("rename_table").match(text)
        if m is None:
            return []
        return [NameChange("rename", qualified(m.group("old")), span, qualified(m.group("new")))]
    return []


__all__ = ["NAMING_LABELS", "name_changes", "qualified"]
