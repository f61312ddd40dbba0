"""Name resolution as the engines do it: the one place linking, the scope rules, the graph
and the commands built on them resolve a table name (issue 27 item 1; D168).

A name is read with the context its statement runs in:

* the current database: T-SQL and ASE ``USE db``, Teradata ``DATABASE db;`` (the statements
  after it in the file; :class:`~analyzer.ir.NameChange` ``use``), unless the name gives one;
* the default schema: ``dbo`` on SQL Server and ASE for a name without an owner (what a
  deploy script run by the database owner creates and finds: CREATE TABLE (Transact-SQL),
  "schema_name ... defaults to the default schema of the user"; ASE Reference Manual,
  "Identifiers": objects owned by dbo); Teradata and HiRDB say nothing in the DDL (the
  session's default database, the authorization identifier), so an unqualified name there
  matches any qualifier.

A reference matches a definition when the bare names are equal and every qualifier known
on both sides is equal: ``Production.Product`` never matches ``dbo.Product``. Of several
definitions it resolves to the nearest (:func:`nearest`): the same file (the last one
before the reference, else the first), then the same directory, then the scope in listing
order; never to a file whose tables collide with the reference's own under different
definitions
(:func:`replay`: two databases mixed in one scope).

>>> from analyzer.ir import QualifiedName as Q
>>> key(Q("Product", "Production"), "tsql")
Key(catalog=None, schema='production', name='product')
>>> key(Q("product"), "tsql", "aw")
Key(catalog='aw', schema='dbo', name='product')
>>> matches(key(Q("Product", "Production"), "tsql"), key(Q("Product"), "tsql"))
False
>>> matches(key(Q("t"), "teradata"), key(Q("t", "sales"), "teradata"))
True
"""

from __future__ import annotations

import bisect
import os
import typing as t
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from analyzer.ir import NameChange, QualifiedName
from analyzer.records import record

#: The schema (owner) of a name written without one, by dialect.
DEFAULT_SCHEMA: Mapping[str, str] = {"tsql": "dbo", "sybase": "dbo"}
#: Dialects whose ``db.table`` names a database in the schema place (Teradata).
_DATABASE_AS_SCHEMA = frozenset({"teradata"})


@record
class Key:
    """A table name as its statement's context reads it, lower case; None: not known."""

    catalog: str | None
    schema: str | None
    name: str


def _low(part: str | None) -> str | None:
    return part.lower() if part else None


def key(name: QualifiedName, dialect: str | None, database: str | None = None) -> Key:
    """``name`` read in ``dialect`` with ``database`` current (see the module docstring)."""
    if dialect in _DATABASE_AS_SCHEMA:
        return Key(None, _low(name.schema or database), name.name.lower())
    schema = name.schema or DEFAULT_SCHEMA.get(dialect or "")
    return Key(_low(name.catalog or database), _low(schema), name.name.lower())


def as_read(name: QualifiedName, dialect: str | None, database: str | None = None) -> QualifiedName:
    """``name`` with the qualifiers its context gives it, in their written case: what
    :func:`key` compares (lower case), for a reader to tell two tables apart (the schema
    graph's nodes of two databases, D201).

    >>> str(as_read(QualifiedName("Orders"), "tsql", "Sales"))
    'Sales.dbo.Orders'
    >>> t = QualifiedName("t")
    >>> str(as_read(t, "teradata", "hr")), str(as_read(t, "hirdb"))
    ('hr.t', 't')
    """
    if dialect in _DATABASE_AS_SCHEMA:
        return QualifiedName(name.name, name.schema or database)
    schema = name.schema or DEFAULT_SCHEMA.get(dialect or "")
    return QualifiedName(name.name, schema, name.catalog or database)


def _agree(a: str | None, b: str | None) -> bool:
    return a is None or b is None or a == b


def matches(reference: Key, definition: Key) -> bool:
    """Whether ``reference`` names ``definition``: equal names, known qualifiers equal."""
    return (
        reference.name == definition.name
        and _agree(reference.schema, definition.schema)
        and _agree(reference.catalog, definition.catalog)
    )


def databases(changes: Iterable[NameChange]) -> tuple[tuple[int, str], ...]:
    """``(offset, database)`` of each ``use`` of a file, in order."""
    return tuple((c.span.start, c.name.name) for c in changes if c.kind == "use")


def database_at(uses: Sequence[tuple[int, str]], offset: int | None) -> str | None:
    """The database current at ``offset`` of a file with those ``uses``.

    >>> database_at(((0, "a"), (50, "b")), 10), database_at(((0, "a"), (50, "b")), 60)
    ('a', 'b')
    """
    if not uses or offset is None:
        return None
    i = bisect.bisect_right(uses, (offset, "\uffff"))
    return uses[i - 1][1] if i else None


@record
class Place:
    """Where a name is read: its file, offset, the file's dialect and current database."""

    path: str
    start: int | None = None
    dialect: str | None = None
    database: str | None = None


T = t.TypeVar("T")


def nearest(found: Sequence[tuple[Key, Place, T]], at: Place) -> T | None:
    """Of ``found`` (in listing order), the one nearest ``at``: the same file (the last
    before ``at.start``, else the first), the same directory, else the first."""
    if not found:
        return None
    if len(found) == 1:
        return found[0][2]
    here = [e for e in found if e[1].path == at.path]
    if here:
        if at.start is not None:
            before = [e for e in here if e[1].start is not None and e[1].start <= at.start]
            if before:
                return before[-1][2]
        return here[0][2]
    folder = os.path.dirname(at.path)
    near = next((e for e in found if os.path.dirname(e[1].path) == folder), None)
    return (near or found[0])[2]


# ------------------------------------------------------------------ replay


@record
class Redefinition:
    """A CREATE TABLE of a name its scope already defines (no DROP between them): the
    table in ``path`` at ``start`` redefines the one of ``first_path``; ``same`` when the
    two definitions agree (``signature``)."""

    key: Key
    path: str
    start: int
    first_path: str
    first_start: int
    same: bool


@record
class Defined:
    """One CREATE TABLE as :func:`replay` reads it."""

    key: Key
    start: int
    signature: t.Hashable
    #: the file's dialect: two engines' scripts of one table are two databases
    dialect: str | None = None
    #: created inside a control-flow block (``IF OBJECT_ID(...) IS NULL BEGIN CREATE TABLE
    #: ... END``): skipped when the table exists, so never a redefinition
    guarded: bool = False


@record
class Changed:
    """A ``DROP TABLE`` (``new_key`` None) or a rename at ``start`` of its file."""

    start: int
    key: Key
    new_key: Key | None = None


def changed(change: NameChange, dialect: str | None, database: str | None) -> Changed | None:
    """A file's ``drop`` or ``rename`` as :func:`replay` reads it (a rename keeps the old
    name's qualifiers where the new one gives none, as ``sp_rename`` does)."""
    if change.kind == "drop":
        return Changed(change.span.start, key(change.name, dialect, database))
    if change.kind == "rename" and change.new_name is not None:
        old = key(change.name, dialect, database)
        new = key(change.new_name, dialect, database)
        new = Key(
            new.catalog or old.catalog,
            (change.new_name.schema and new.schema) or old.schema,
            new.name,
        )
        return Changed(change.span.start, old, new)
    return None


def replay(
    files: Iterable[tuple[str, Sequence[Defined], Sequence[Changed]]],
) -> tuple[tuple[Redefinition, ...], frozenset[frozenset[str]]]:
    """Replay a scope's files in listing order, as a deployment runs them: each file's
    CREATE TABLEs (``Defined``) and drops and renames (:class:`Changed`) in offset order.
    Returns the redefinitions (a CREATE of a name defined and not dropped since, in
    another statement) and the pairs of files that define some table differently (two
    databases in one scope: never linked to each other). Files of two dialects (an ASE
    and a SQL Server script side by side) that define a table of the same name are two
    databases too, and never redefine each other's tables.

    >>> k = key(QualifiedName("t"), "tsql")
    >>> reds, apart = replay([("a.sql", [Defined(k, 0, 1)], []),
    ...                       ("b.sql", [Defined(k, 40, 2)], [Changed(0, k)]),
    ...                       ("c.sql", [Defined(k, 0, 3)], [])])
    >>> [(r.path, r.first_path, r.same) for r in reds], sorted(map(sorted, apart))
    ([('c.sql', 'b.sql', False)], [['b.sql', 'c.sql']])
    """
    current: dict[tuple[str | None, Key], tuple[str, int, t.Hashable]] = {}
    found: list[Redefinition] = []
    apart: set[frozenset[str]] = set()
    engines: dict[str, dict[str | None, set[str]]] = {}  # name -> dialect -> paths
    for path, defined, changes in files:
        events: list[tuple[int, int, t.Any]] = [(d.start, 1, d) for d in defined]
        events.extend((c.start, 0, c) for c in changes)
        for _, _, event in sorted(events, key=lambda e: (e[0], e[1])):
            if isinstance(event, Defined):
                engines.setdefault(event.key.name, {}).setdefault(event.dialect, set()).add(path)
                earlier = current.get((event.dialect, event.key))
                if earlier is not None and event.guarded:
                    continue  # IF OBJECT_ID(...) IS NULL: the engine skips it
                if earlier is not None:
                    same = earlier[2] == event.signature
                    found.append(
                        Redefinition(event.key, path, event.start, earlier[0], earlier[1], same)
                    )
                    if not same and earlier[0] != path:
                        apart.add(frozenset((earlier[0], path)))
                current[(event.dialect, event.key)] = (path, event.start, event.signature)
            else:
                for name in [n for n in current if matches(event.key, n[1])]:
                    kept = current.pop(name)
                    if event.new_key is not None:
                        current[(name[0], event.new_key)] = kept
    for by_dialect in engines.values():
        if len(by_dialect) > 1:
            groups = list(by_dialect.values())
            for i, one in enumerate(groups):
                for other in groups[i + 1 :]:
                    apart.update(frozenset((a, b)) for a in one for b in other if a != b)
    return tuple(found), frozenset(apart)


def compared(
    defined: Iterable[tuple[str | None, Key]], changes: Iterable[Changed]
) -> t.Callable[[str | None, Key], bool]:
    """Whether :func:`replay` may compare the signature of a CREATE TABLE of ``(dialect,
    key)``, given every definition and change of the scope: only a name defined twice in
    one dialect, or any name when a table is renamed (it may then meet a later
    definition).  A signature is built only where it is read: on one database of 20,000
    tables, building every one was an eighth of the scope step.

    >>> k, j = key(QualifiedName("t"), "tsql"), key(QualifiedName("u"), "tsql")
    >>> needed = compared([("tsql", k), ("tsql", k), ("tsql", j)], [])
    >>> needed("tsql", k), needed("tsql", j)
    (True, False)
    """
    if any(c.new_key is not None for c in changes):
        return lambda dialect, name: True
    counts = Counter(defined)
    return lambda dialect, name: counts[(dialect, name)] > 1


__all__ = [
    "DEFAULT_SCHEMA",
    "Changed",
    "Defined",
    "Key",
    "Place",
    "Redefinition",
    "as_read",
    "changed",
    "compared",
    "database_at",
    "databases",
    "key",
    "matches",
    "nearest",
    "replay",
]
