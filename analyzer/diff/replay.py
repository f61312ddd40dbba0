"""Migration replay: column changes and drops of later files applied to earlier tables.

The IR keeps ``ALTER TABLE ... ADD`` of keys and ``CREATE INDEX`` (the link pass applies
them) but records ``ALTER TABLE ... ADD <column>``, ``DROP [COLUMN]``, ``ALTER COLUMN``
(SQL Server), ``MODIFY`` (Sybase ASE) and ``DROP TABLE`` as skipped statements.  A
migration folder's schema is its files replayed in listing order, so the diff replays
them (docs/decisions.md D84): each skipped ``alter table`` / ``drop table`` statement of a
scope is read from its text and applied to the scope's table of that name.

A column definition is parsed by the file's own grammar: the statement's columns are
read as ``CREATE TABLE t (<definition>)`` placed at the same character offsets, so every
column keeps its span in the migration file.  What the replay cannot read (a clause it
does not know) leaves the table as it is: the lint still reports the statement.

>>> _items("ADD a int NOT NULL, b char(2) DEFAULT ('x,y'), CONSTRAINT c CHECK (a > 0)", 0)
[(0, 'ADD a int NOT NULL'), (20, "b char(2) DEFAULT ('x,y')"), (47, 'CONSTRAINT c CHECK (a > 0)')]
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from analyzer.diff.model import Placed
from analyzer.ir import Column, FileResult, QualifiedName, Skipped, Table
from analyzer.records import record
from analyzer.source import LineIndex

_ALTER = re.compile(
    r"^\s*alter\s+table\s+(?:only\s+)?(?P<name>(?:\[[^\]]*\]|\"[^\"]*\"|[^\s\"\[(])+)\s+",
    re.IGNORECASE,
)
_DROP_TABLE = re.compile(
    r"^\s*drop\s+table\s+(?:if\s+exists\s+)?(?P<names>.+?)\s*;?\s*$", re.I | re.S
)
_ACTION = re.compile(
    r"^(?P<verb>add\s+column|add|drop\s+column|drop|alter\s+column|modify\s+column|modify)\b\s*",
    re.IGNORECASE,
)
_NOT_COLUMN = re.compile(
    r"^(constraint|primary|unique|foreign|check|index|default\s+\w+\s+for|period|partition)\b",
    re.IGNORECASE,
)
_PREFIX = "CREATE TABLE t ("


@record
class Step:
    """One replayed change: ``add`` / ``modify`` a column, ``drop`` a column, ``drop_table``."""

    action: str
    table: QualifiedName
    column: Column | None = None
    name: str | None = None
    #: where the statement starts in its file (statement order within the file)
    start: int = 0


def qualified(text: str) -> QualifiedName:
    """``[db].[dbo].[t]`` / ``"s"."t"`` / ``s.t`` as a :class:`QualifiedName`."""
    parts = [p.strip().strip('[]"`') for p in re.findall(r'\[[^\]]*\]|"[^"]*"|[^.]+', text.strip())]
    parts = [p for p in parts if p]
    if not parts:
        return QualifiedName(text)
    name = parts[-1]
    schema = parts[-2] if len(parts) >= 2 else None
    catalog = parts[-3] if len(parts) >= 3 else None
    return QualifiedName(name, schema, catalog)


def _items(text: str, offset: int) -> list[tuple[int, str]]:
    """``text`` split at top-level commas: ``(offset of the item, item)``, trimmed."""
    out: list[tuple[int, str]] = []
    depth, start, quote = 0, 0, ""
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append((start, text[start:i]))
            start = i + 1
    out.append((start, text[start:]))
    trimmed = []
    for at, item in out:
        lead = len(item) - len(item.lstrip())
        if item.strip():
            trimmed.append((offset + at + lead, item.strip()))
    return trimmed


def _column(
    text: str, start: int, definition: str, dialect: str, index: LineIndex, path: str
) -> Column | None:
    """The column ``definition`` (at offset ``start`` of ``text``) as the grammar reads it,
    with its span in ``text``."""
    from analyzer.core import Options, analyze_bytes

    if start < len(_PREFIX):
        return None
    body = definition.rstrip().rstrip(";")
    synthetic = " " * (start - len(_PREFIX)) + _PREFIX + body + ")"
    result = analyze_bytes(
        path, synthetic.encode("utf-8", "surrogatepass"), Options(dialect=dialect)
    )
    if not result.tables or len(result.tables[0].columns) != 1:
        return None
    column = result.tables[0].columns[0]
    span = column.span
    if span is not None and span.end <= len(text):
        column = replace(column, span=index.span(path, span.start, span.end))
    return column


def steps(result: FileResult, text: str) -> list[Step]:
    """The replayable changes of one file's skipped statements, in order."""
    if result.dialect is None:
        return []
    index = LineIndex(text)
    out: list[Step] = []
    for skipped in result.skipped:
        out.extend(_statement(skipped, text, result.dialect, index, result.path))
    return out


def _statement(
    skipped: Skipped, text: str, dialect: str, index: LineIndex, path: str
) -> list[Step]:
    kind = skipped.kind.lower()
    span = skipped.span
    statement = text[span.start : span.end]
    if kind == "drop table":
        m = _DROP_TABLE.match(statement)
        if m is None:
            return []
        names = [n for _, n in _items(m.group("names"), 0)]
        return [Step("drop_table", qualified(n), start=span.start) for n in names if n]
    if kind != "alter table":
        return []
    m = _ALTER.match(statement)
    if m is None:
        return []
    table = qualified(m.group("name"))
    out: list[Step] = []
    verb = ""
    body_start = span.start + m.end()
    for at, item in _items(statement[m.end() :].rstrip().rstrip(";"), body_start):
        found = _ACTION.match(item)
        if found is not None:
            verb = " ".join(found.group("verb").lower().split()).replace(" column", "")
            at += found.end()
            item = item[found.end() :]
        if not verb or not item or _NOT_COLUMN.match(item):
            continue
        if verb == "drop":
            name = qualified(re.sub(r"^if\s+exists\s+", "", item, flags=re.I)).name
            out.append(Step("drop", table, name=name, start=span.start))
        elif verb in ("add", "alter", "modify"):
            column = _column(text, at, item, dialect, index, path)
            if column is not None:
                out.append(
                    Step("add" if verb == "add" else "modify", table, column, start=span.start)
                )
    return out


def apply(tables: Sequence[Placed], changes: Sequence[tuple[str, Step]]) -> list[Placed]:
    """``tables`` with ``changes`` (``(path, step)``, in order) applied; a change to a table
    the scope does not define is left out (the lint reports unresolved references)."""
    current = list(tables)

    def find(name: QualifiedName) -> int | None:
        key = str(name).lower()
        hits = [i for i, p in enumerate(current) if p.key == key]
        if not hits:
            hits = [
                i for i, p in enumerate(current) if p.table.name.name.lower() == name.name.lower()
            ]
            if len(hits) != 1:
                return None
        return hits[0]

    for _, step in changes:
        at = find(step.table)
        if at is None:
            continue
        placed = current[at]
        table = placed.table
        if step.action == "drop_table":
            del current[at]
            continue
        columns = list(table.columns)
        names = [c.name.lower() for c in columns]
        if step.action == "drop" and step.name is not None:
            if step.name.lower() in names:
                del columns[names.index(step.name.lower())]
        elif step.column is not None:
            new = step.column
            if new.name.lower() in names:  # ALTER COLUMN / MODIFY / Teradata ADD of a column
                i = names.index(new.name.lower())
                columns[i] = replace(new, position=columns[i].position)
            elif step.action == "add":
                columns.append(new)
        columns = [replace(c, position=i) for i, c in enumerate(columns, 1)]
        current[at] = Placed(_with_columns(table, columns), placed.path)
    return current


def _with_columns(table: Table, columns: list[Column]) -> Table:
    return replace(table, columns=tuple(columns))


def teardown(result: FileResult, found: Sequence[Step], defined: Sequence[Placed]) -> bool:
    """Whether a file is a teardown script (``schema-drop.sql`` beside ``schema.sql``): it
    defines and changes no table, and drops every table ``defined`` so far (a migration
    that drops one table of several is a step, not a teardown). Such a script is not a
    migration step (issue 27)."""
    if result.tables or not found or any(s.action != "drop_table" for s in found):
        return False
    dropped = {str(s.table).lower() for s in found} | {s.table.name.lower() for s in found}
    return bool(defined) and all(
        p.key in dropped or p.table.name.name.lower() in dropped for p in defined
    )


def replay_scope(results: Sequence[FileResult], texts: Mapping[str, str]) -> list[Placed]:
    """The tables a scope's files leave when they run in order, as a deployment runs them:
    the files in listing order, each file's CREATE TABLE, DROP TABLE and ALTER TABLE column
    changes in statement order. A DROP followed by a CREATE is a redefinition (the new one
    counts); a table created twice without a DROP keeps its first definition (C002's); a
    teardown script's drops are left out (:func:`teardown`); the tables of two dialects are
    two databases (a DROP or ALTER of one never touches the other's).

    >>> from analyzer.core import analyze_bytes
    >>> sql = "create table t (a int)\\ngo\\ndrop table t\\ngo\\ncreate table t (a int, b int)\\n"
    >>> r = analyze_bytes("up.sql", sql.encode())
    >>> [[c.name for c in p.table.columns] for p in replay_scope([r], {"up.sql": sql})]
    [['a', 'b']]
    """
    current: dict[tuple[str, str], Placed] = {}  # (dialect, key), in creation order
    for result in results:
        found = steps(result, texts[result.path]) if result.path in texts else []
        mine = [p for (d, _), p in current.items() if d == (result.dialect or "")]
        if teardown(result, found, mine):
            found = []
        events: list[tuple[int, int, Table | Step]] = [
            (t.span.start if t.span is not None else 0, 1, t) for t in result.tables
        ]
        events.extend((s.start, 0, s) for s in found)
        dialect = result.dialect or ""
        for _, _, event in sorted(events, key=lambda e: (e[0], e[1])):
            if isinstance(event, Table):
                placed = Placed(event, result.path)
                current.setdefault((dialect, placed.key), placed)
                continue
            mine = [p for (d, _), p in current.items() if d == dialect]
            changed = apply(mine, [(result.path, event)])
            if changed != mine:
                current = {k: p for k, p in current.items() if k[0] != dialect}
                current.update(((dialect, p.key), p) for p in changed)
    return list(current.values())


__all__ = ["Step", "apply", "qualified", "replay_scope", "steps", "teardown"]
