"""What every part of the lowering reads: where the statement came from, its names, types
and source text.

:class:`Context` gives a node's file span and its text as written (the spans the grammar's
parser records, D2); :func:`qualified`, :func:`name_of` and :func:`names_of` read names
with their quotes and brackets removed; :func:`data_type` reads a type from its declared
text (:mod:`analyzer.types`).  :class:`BuildError` and :class:`NotStored` are what lowering
raises for a statement it cannot or need not store.

>>> import grammars
>>> from sqlglot import exp
>>> ctx = Context(path="x.sql", grammar=grammars.get("tsql"), text="", offset=0, index=None)
>>> qualified(exp.to_table("[dbo].[t]", dialect="tsql")), data_type(None, ctx).family
(QualifiedName(name='t', schema='dbo', catalog=None), 'other')
>>> read_type("varchar(10)", "tsql").length
10
"""

from __future__ import annotations

import functools
import re
import typing as t

from sqlglot import exp

import grammars
from analyzer import types
from analyzer.ir import DataType, QualifiedName, Span
from analyzer.records import record
from grammars.base import Grammar

if t.TYPE_CHECKING:
    from analyzer.source import LineIndex


class BuildError(ValueError):
    """The statement parsed but cannot be lowered (e.g. a CREATE TABLE with no columns).

    ``accepted``: the engine runs the statement (``CREATE TABLE ... AS SELECT``), so what
    is lost is ddlaudit's analysis, not the deployment: a warning, not an error.
    ``waiting``: a derived table's source is not in the file; the link pass may find it in
    another file of the scope (D183)."""

    def __init__(self, message: str, accepted: bool = False, waiting: bool = False) -> None:
        super().__init__(message)
        self.accepted = accepted
        self.waiting = waiting


class NotStored(ValueError):
    """The statement is valid DDL that stores no rows (a table type); record it as skipped."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind


@record
class Context:
    """Where a statement came from: ``text`` is the statement, at ``offset`` in the file."""

    path: str
    grammar: Grammar
    text: str
    offset: int
    index: LineIndex | None
    #: Teradata DBS Control MaxDecimal and the session mode, for derived columns' result
    #: types (``[size.teradata] max_decimal`` / ``transaction_mode``; D181).
    max_decimal: int = 0
    transaction_mode: str = "teradata"

    def span(self, node: exp.Expr | None) -> Span | None:
        """The file span of ``node`` (from parser-recorded meta), or None."""
        if node is None or self.index is None:
            return None
        # ``_meta``, not the ``meta`` property: that allocates a dict on every node read.
        meta = node._meta
        bounds = meta.get("span") if meta else None
        if bounds is None:
            return None
        start, end = bounds
        return self.index.span(self.path, self.offset + start, self.offset + end)

    def sql(self, node: exp.Expr | None) -> str | None:
        """The source text of ``node`` when known, else sqlglot's rendering of it."""
        if node is None:
            return None
        bounds = self._bounds(node)
        if bounds is not None:
            return self.text[bounds[0] : bounds[1]]
        word = node.this if type(node) is exp.Var else None
        if isinstance(word, str) and re.fullmatch(_WORD, word):
            return word  # what sqlglot's generator writes for it, without a generator
        try:
            return str(node.sql(dialect=self.grammar.dialect))
        except Exception:
            return str(node)

    def _bounds(self, node: exp.Expr) -> tuple[int, int] | None:
        """Statement-relative ``[start, end)`` of ``node`` in the source, when recoverable.

        Spans recorded by the grammar come first; leaf tokens carry sqlglot's own
        token offsets (inclusive end); a parenthesised expression extends its
        inner text to the enclosing parentheses.  Rendering with sqlglot's
        generator is the slow fallback and loses the user's spelling.
        """
        meta = node.meta if node._meta else None
        if meta:
            span = meta.get("span")
            if span is not None:
                return (span[0], span[1])
            if isinstance(node, _LEAVES) and "start" in meta:
                return (meta["start"], meta["end"] + 1)
        if isinstance(node, exp.Paren) and isinstance(node.this, exp.Expr):
            inner = self._bounds(node.this)
            if inner is None:
                return None
            left = self.text.rfind("(", 0, inner[0])
            right = self.text.find(")", inner[1])
            if left < 0 or right < 0:
                return None
            if self.text[left + 1 : inner[0]].strip() or self.text[inner[1] : right].strip():
                return None  # something else stands between: let the generator say it
            return (left, right + 1)
        return None


#: A bare word (``PAGE``, ``Latin1_General_CI_AS``): a Var the generator writes as is.
_WORD = r"[A-Za-z_][A-Za-z0-9_$#@.]*"


#: Nodes whose sqlglot token offsets cover their whole source text.
_LEAVES = (exp.Literal, exp.National, exp.Identifier, exp.Var, exp.Null, exp.Boolean)


def name_of(node: t.Any) -> str:
    """The plain name of an identifier-ish node (quotes and brackets removed)."""
    if type(node) is exp.Identifier:  # the common case, without the generic walk
        name = node.args.get("this")
        if type(name) is str:
            return name
    while isinstance(node, (exp.Ordered, exp.Column, exp.Paren)) and not isinstance(
        node, exp.Identifier
    ):
        if isinstance(node, exp.Column) and node.args.get("table") is None:
            return str(node.name)
        node = node.this
    if isinstance(node, exp.Expr):
        return str(node.name)
    return str(node)


def names_of(nodes_: t.Iterable[t.Any] | None) -> tuple[str, ...]:
    if nodes_ is None:
        return ()
    if isinstance(nodes_, exp.Schema):
        nodes_ = nodes_.expressions
    elif isinstance(nodes_, (exp.Tuple, exp.Paren)):
        nodes_ = nodes_.expressions if isinstance(nodes_, exp.Tuple) else [nodes_.this]
    elif isinstance(nodes_, exp.Expr):
        nodes_ = [nodes_]
    return tuple(name_of(n) for n in nodes_)


def qualified(table: exp.Expr) -> QualifiedName:
    """``QualifiedName`` of a sqlglot ``Table`` (or ``Schema`` wrapping one)."""
    if isinstance(table, exp.Schema):
        table = table.this
    if not isinstance(table, exp.Table):
        return QualifiedName(name=name_of(table))
    return QualifiedName(
        name=str(table.name),
        schema=table.args["db"].name if table.args.get("db") else None,
        catalog=table.args["catalog"].name if table.args.get("catalog") else None,
    )


def dotted_name(node: exp.Expr) -> str:
    """A table name as written, brackets and quotes removed (``dbo.Person``)."""
    name = qualified(node)
    return ".".join(part for part in (name.catalog, name.schema, name.name) if part)


def text_of(node: t.Any, ctx: Context) -> str:
    if isinstance(node, exp.Expr):
        return ctx.sql(node) or ""
    return str(node)


def int_of(node: t.Any) -> int | None:
    try:
        return int(str(node.name if isinstance(node, exp.Expr) else node))
    except (TypeError, ValueError):
        return None


def statement_span(ctx: Context) -> Span | None:
    if ctx.index is None:
        return None
    return ctx.index.span(ctx.path, ctx.offset, ctx.offset + len(ctx.text))


def data_type(node: exp.Expr | None, ctx: Context) -> DataType:
    """The IR type of a sqlglot ``DataType``, read from its declared source text."""
    if node is None:
        return DataType(declared="", name="", family="other")
    meta = node._meta
    declared = meta.get("declared") if meta else None
    if declared is None:
        declared = ctx.sql(node) or ""
    return read_type(declared, ctx.grammar.name)


@functools.lru_cache(maxsize=8192)
def read_type(declared: str, grammar: str) -> DataType:
    # Memoised: schemas repeat a handful of type spellings thousands of times,
    # and DataType is immutable, so sharing the instances is safe.
    return types.read_type(declared, grammars.get(grammar).type_families)
