"""The schema diff of one scope: tables matched across the sides, and what changed.

Tables match by qualified name (case-insensitive), then by bare name when exactly one
table on each side has it (``orders`` and ``dbo.orders``: the owner DDL leaves to the
deploying user, as the lint's references resolve).  What is left is matched as a
*probable rename* when the columns are alike: the similarity of two tables is the
Jaccard index of their ``(column name, declared type)`` sets, and a pair at or above the
threshold (``--rename-similarity``, default :data:`RENAME_SIMILARITY`) is a rename, best
pairs first (docs/decisions.md D85).

>>> from analyzer.ir import Column, DataType, QualifiedName, Table
>>> def t(name, *cols):
...     return Placed(Table(QualifiedName(name, "dbo"), "tsql", tuple(
...         Column(c, i, DataType("int", "INT", "integer"), True, False)
...         for i, c in enumerate(cols, 1))), "a.sql")
>>> pairs = match_tables([t("a", "x", "y"), t("old", "p", "q", "r", "s")],
...                      [t("a", "x", "z"), t("new", "p", "q", "r", "s", "u")])
>>> [(p.status, p.before and str(p.before.table.name), str(p.after.table.name)) for p in pairs]
[('changed', 'dbo.a', 'dbo.a'), ('renamed', 'dbo.old', 'dbo.new')]
>>> [(c.kind, c.object) for c in table_changes(pairs[0])]
[('column_added', 'z'), ('column_dropped', 'y')]
"""

from __future__ import annotations

import re
import typing as t
from collections.abc import Callable, Iterable, Sequence

from analyzer.diff.model import Change, Placed, ScopeState, TablePair
from analyzer.ir import (
    Column,
    Constraint,
    ConstraintKind,
    DataType,
    Index,
    Table,
    to_dict,
)

_ARG_BLANKS = re.compile(r"\s*[(,)]\s*")

#: The default similarity (Jaccard index of column name and type sets) of a rename.
RENAME_SIMILARITY = 0.8


# ------------------------------------------------------------------ matching


def _signature(table: Table) -> frozenset[tuple[str, str]]:
    return frozenset((c.name.lower(), type_text(c.type)) for c in table.columns)


def similarity(a: Table, b: Table) -> float:
    """Jaccard index of the ``(column, type)`` sets of ``a`` and ``b`` (1.0: the same)."""
    x, y = _signature(a), _signature(b)
    union = x | y
    return len(x & y) / len(union) if union else 0.0


def _first(tables: Iterable[Placed]) -> dict[str, Placed]:
    out: dict[str, Placed] = {}
    for p in tables:
        # a table defined twice: its first definition (C002); two dialects' tables of one
        # name are two databases' (an ASE and a SQL Server script side by side)
        out.setdefault(f"{p.table.dialect}\0{p.key}", p)
    return out


def match_tables(
    before: Sequence[Placed], after: Sequence[Placed], threshold: float = RENAME_SIMILARITY
) -> list[TablePair]:
    """Every table of either side, paired: HEAD's order, then BASE's dropped tables."""
    old, new = _first(before), _first(after)
    pairs: dict[str, TablePair] = {}
    left = dict(old)
    for key, p in new.items():
        if key in left:
            pairs[key] = TablePair(left.pop(key), p)
    # Bare names: one unmatched table of that name on each side.
    unmatched = [k for k in new if k not in pairs]
    for key in unmatched:
        bare = new[key].table.name.name.lower()
        olds = [k for k, q in left.items() if q.table.name.name.lower() == bare]
        news = [k for k in unmatched if new[k].table.name.name.lower() == bare]
        if len(olds) == 1 and len(news) == 1:
            pairs[key] = TablePair(left.pop(olds[0]), new[key])
    # Probable renames, best similarity first.
    candidates = sorted(
        (
            (similarity(o.table, n.table), ko, kn)
            for ko, o in left.items()
            for kn, n in new.items()
            if kn not in pairs
        ),
        key=lambda c: (-c[0], c[1], c[2]),
    )
    for score, ko, kn in candidates:
        if score >= threshold and ko in left and kn not in pairs:
            pairs[kn] = TablePair(left.pop(ko), new[kn], renamed=True, similarity=round(score, 4))
    out = [pairs.get(k) or TablePair(None, p) for k, p in new.items()]
    out.extend(TablePair(p, None) for p in left.values())
    return out


# ------------------------------------------------------------------ text of objects


def type_text(dt: DataType) -> str:
    """A declared type as compared: lower case, no spaces or quotes."""
    return "".join(dt.declared.lower().replace("[", "").replace("]", "").split())


def shown_type(dt: DataType) -> str:
    """A declared type as the diff shows it: quotes and brackets gone, lower case, no
    blanks around its arguments (``[VARCHAR] (200)`` and ``varchar(200)`` read alike).

    >>> shown_type(DataType("[VARCHAR] ( 200 )", "VARCHAR", "varchar"))
    'varchar(200)'
    >>> shown_type(DataType("DECIMAL(10, 2)", "DECIMAL", "decimal"))
    'decimal(10,2)'
    """
    text = dt.declared.replace("[", "").replace("]", "").replace('"', "")
    text = _ARG_BLANKS.sub(lambda m: m.group(0).strip(), " ".join(text.split()))
    return text.lower()


def column_text(c: Column) -> str:
    """``type [NOT] NULL [DEFAULT x] [IDENTITY]`` of a column, as the diff shows it; a
    nullability the DDL does not write (the platform's default: ASE's NOT NULL) says so."""
    null = "NULL" if c.nullable else "NOT NULL"
    if not c.nullable_explicit:
        null += " (implicit)"
    parts = [shown_type(c.type), null]
    if c.default is not None:
        parts.append(f"DEFAULT {c.default}")
    if c.identity is not None:
        parts.append("IDENTITY")
    if c.computed is not None:
        parts.append(f"AS {c.computed.expression}")
    return " ".join(parts)


def constraint_text(c: Constraint) -> str:
    kind = c.kind.value.replace("_", " ").upper()
    columns = f"({', '.join(c.columns)})" if c.columns else ""
    text = f"{kind} {columns}".strip()
    if c.kind is ConstraintKind.FOREIGN_KEY and c.ref_table is not None:
        text += f" REFERENCES {c.ref_table} ({', '.join(c.ref_columns)})"
    if c.kind is ConstraintKind.CHECK and c.expression:
        text = f"CHECK ({c.expression})"
    return f"CONSTRAINT {c.name} {text}" if c.name else text


def index_text(i: Index) -> str:
    unique = "UNIQUE " if i.unique else ""
    return f"{unique}{i.kind.replace('_', ' ')} ({', '.join(i.columns)})"


def _norm(text: str | None) -> str:
    return " ".join((text or "").lower().split())


def _constraint_key(c: Constraint) -> tuple[t.Any, ...]:
    return (
        c.kind.value,
        tuple(x.lower() for x in c.columns),
        str(c.ref_table).lower() if c.ref_table else None,
        tuple(x.lower() for x in c.ref_columns),
        _norm(c.expression),
        (c.name or "").lower(),
    )


def _index_key(i: Index) -> tuple[t.Any, ...]:
    return (i.kind, tuple(x.lower() for x in i.columns), i.unique, (i.name or "").lower())


#: IR fields that say where, not what: left out when objects are compared.
_PLACES = frozenset({"span", "table_path", "resolved", "applied", "path", "alterations"})


def plain(obj: t.Any) -> t.Any:
    """An IR object as builtins without its places (spans, paths, link flags)."""

    def strip(value: t.Any) -> t.Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in _PLACES}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip(to_dict(obj))


# ------------------------------------------------------------------ changes of one table


def column_pairs(before: Table, after: Table) -> list[tuple[Column | None, Column | None]]:
    """Columns by name (case-insensitive): HEAD's order, then BASE's dropped columns."""
    old = {c.name.lower(): c for c in before.columns}
    out: list[tuple[Column | None, Column | None]] = []
    for c in after.columns:
        out.append((old.pop(c.name.lower(), None), c))
    out.extend((c, None) for c in old.values())
    return out


def _keyed(
    kind_added: str,
    kind_dropped: str,
    old: Sequence[t.Any],
    new: Sequence[t.Any],
    key: Callable[[t.Any], t.Any],
    text: Callable[[t.Any], str],
    label: Callable[[t.Any], str],
) -> list[Change]:
    was = {key(x): x for x in old}
    now = {key(x): x for x in new}
    out = [
        Change(kind_dropped, label(x), text(x), None, x.span, True)
        for k, x in was.items()
        if k not in now
    ]
    out += [
        Change(kind_added, label(x), None, text(x), x.span) for k, x in now.items() if k not in was
    ]
    return out


def _constraint_label(c: Constraint) -> str:
    if c.name:
        return c.name
    return f"{c.kind.value.replace('_', ' ')} ({', '.join(c.columns)})"


def _index_label(i: Index) -> str:
    return i.name or f"{i.kind.replace('_', ' ')} ({', '.join(i.columns)})"


def table_changes(pair: TablePair) -> list[Change]:
    """What changed between the two definitions of a table (none for added / dropped)."""
    if pair.before is None or pair.after is None:
        return []
    before, after = pair.before.table, pair.after.table
    out: list[Change] = []
    for old, new in column_pairs(before, after):
        if old is None and new is not None:
            out.append(Change("column_added", new.name, None, column_text(new), new.span))
        elif new is None and old is not None:
            out.append(Change("column_dropped", old.name, column_text(old), None, old.span, True))
        elif old is not None and new is not None:
            if type_text(old.type) != type_text(new.type):
                kind = "column_retyped"
            elif old.nullable != new.nullable:
                kind = "column_nullability"
            elif _norm(old.default) != _norm(new.default):
                kind = "column_default"
            else:
                continue
            out.append(Change(kind, new.name, column_text(old), column_text(new), new.span))
    keys = (
        ConstraintKind.PRIMARY_KEY,
        ConstraintKind.UNIQUE,
        ConstraintKind.FOREIGN_KEY,
        ConstraintKind.COMMON_KEY,
    )
    out += _keyed(
        "key_added",
        "key_dropped",
        [c for c in before.constraints if c.kind in keys],
        [c for c in after.constraints if c.kind in keys],
        _constraint_key,
        constraint_text,
        _constraint_label,
    )
    out += _keyed(
        "constraint_added",
        "constraint_dropped",
        [c for c in before.constraints if c.kind not in keys],
        [c for c in after.constraints if c.kind not in keys],
        _constraint_key,
        constraint_text,
        _constraint_label,
    )
    out += _keyed(
        "index_added",
        "index_dropped",
        before.indexes,
        after.indexes,
        _index_key,
        index_text,
        _index_label,
    )
    same = before.options == after.options  # cheap first: most tables keep their options
    old_opts, new_opts = ({}, {}) if same else (plain(before.options), plain(after.options))
    for name in sorted(set(old_opts) | set(new_opts)):
        if old_opts.get(name) != new_opts.get(name):
            out.append(
                Change(
                    "option_changed",
                    name,
                    _value(old_opts.get(name)),
                    _value(new_opts.get(name)),
                    after.span,
                )
            )
    if before.replication != after.replication and plain(before.replication) != plain(
        after.replication
    ):
        out.append(
            Change(
                "replication_changed",
                "marking",
                _marking(before),
                _marking(after),
                after.span,
            )
        )
    return out


def _value(value: t.Any) -> str | None:
    if value is None or value == () or value == []:
        return None
    if isinstance(value, list | dict):
        import json

        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


def _marking(table: Table) -> str | None:
    m = table.replication
    if m is None:
        return None
    state = "never" if m.never else ("replicated" if m.replicated else "not replicated")
    by = f" ({', '.join(m.marked_by)})" if m.marked_by else ""
    return state + by


# ------------------------------------------------------------------ replication objects


def replication_changes(pair: TablePair, base: ScopeState, head: ScopeState) -> list[Change]:
    """Replication definitions, subscriptions and publications of the table that changed
    (added, removed or altered), matched by name."""
    out: list[Change] = []
    if not _replicating(base) and not _replicating(head):
        return out
    for kind, collect, name in (
        ("replication_changed", _definitions, lambda d: d.name),
        ("subscription_changed", _subscriptions, lambda s: s.name or s.target),
        ("publication_changed", _publications, lambda p: str(p.name)),
    ):
        was = {name(x).lower(): x for x in collect(pair.before, base)} if pair.before else {}
        now = {name(x).lower(): x for x in collect(pair.after, head)} if pair.after else {}
        for key in sorted(set(was) | set(now)):
            old, new = was.get(key), now.get(key)
            if plain(old) == plain(new):
                continue
            label = name(new if new is not None else old)
            # Only this table's article of a publication counts (the others are their own).
            if (
                kind == "publication_changed"
                and old is not None
                and new is not None
                and plain(_article(old, pair.before)) == plain(_article(new, pair.after))
            ):
                continue
            out.append(
                Change(
                    kind,
                    label,
                    _describe(old),
                    _describe(new),
                    new.span if new is not None else old.span if old is not None else None,
                    new is None,
                )
            )
    return out


def _replicating(state: ScopeState) -> bool:
    """Whether the scope has any replication object (else no table has one to compare)."""
    return any(
        r.replication_definitions or r.subscriptions or r.publications for r in state.results
    )


def _matches(name: t.Any, placed: Placed | None) -> bool:
    if placed is None or name is None:
        return False
    table = placed.table.name
    text = str(name).lower()
    return text == str(table).lower() or (
        text.rsplit(".", 1)[-1] == table.name.lower() and ("." not in text or table.schema is None)
    )


def _definitions(placed: Placed | None, state: ScopeState) -> list[t.Any]:
    return [
        d
        for r in state.results
        for d in r.replication_definitions
        if _matches(d.table if d.table is not None else d.primary_table, placed)
    ]


def _subscriptions(placed: Placed | None, state: ScopeState) -> list[t.Any]:
    names = {d.name.lower() for d in _definitions(placed, state)}
    pubs = {str(p.name).lower() for p in _publications(placed, state)}
    return [
        s
        for r in state.results
        for s in r.subscriptions
        if s.target.lower() in names or s.target.lower() in pubs or _matches(s.table, placed)
    ]


def _publications(placed: Placed | None, state: ScopeState) -> list[t.Any]:
    return [
        p
        for r in state.results
        for p in r.publications
        if any(_matches(a.table, placed) for a in p.articles)
    ]


def _article(publication: t.Any, placed: Placed | None) -> t.Any:
    return next((a for a in publication.articles if _matches(a.table, placed)), None)


def _describe(obj: t.Any) -> str | None:
    if obj is None:
        return None
    columns = getattr(obj, "columns", None)
    if columns is not None:
        names = [c.name for c in columns]
        key = getattr(obj, "primary_key", ())
        text = f"{len(names)} columns ({', '.join(names)})"
        return text + (f", primary key ({', '.join(key)})" if key else "")
    articles = getattr(obj, "articles", None)
    if articles is not None:
        return ", ".join(
            f"{a.table}" + (f" ({', '.join(a.columns)})" if a.columns else "") for a in articles
        )
    target = getattr(obj, "target", None)
    where = getattr(obj, "replicate_database", None)
    return f"to {target}" + (f" at {where}" if where else "")


def definitions_of(placed: Placed | None, state: ScopeState) -> list[t.Any]:
    """The replication definitions of ``placed``'s table in ``state``."""
    return _definitions(placed, state)


def publications_of(placed: Placed | None, state: ScopeState) -> list[t.Any]:
    """The publications with an article of ``placed``'s table in ``state``."""
    return _publications(placed, state)


def article_of(publication: t.Any, placed: Placed | None) -> t.Any:
    return _article(publication, placed)


__all__ = [
    "RENAME_SIMILARITY",
    "Change",
    "article_of",
    "column_pairs",
    "column_text",
    "constraint_text",
    "definitions_of",
    "index_text",
    "match_tables",
    "plain",
    "publications_of",
    "replication_changes",
    "similarity",
    "table_changes",
    "type_text",
]
