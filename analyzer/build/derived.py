"""Tables made from other tables and queries (issue 31): Teradata ``CREATE TABLE t AS src
WITH [NO] DATA`` and ``CREATE TABLE t AS (SELECT ...) WITH [NO] DATA``, SQL Server
``SELECT ... INTO t FROM ...``, Azure Synapse ``CREATE TABLE t WITH (...) AS SELECT ...``
→ a :class:`~analyzer.ir.Table` whose columns are typed against ``known``: the tables the
same file defined before the statement (docs/decisions.md D172).

What each column's type comes from is ``Column.derived_from``: ``orders.amount`` (a column
reference carries its declared type, character set, case specificity and nullability
exactly), ``CAST`` (the declared type of the CAST), ``literal`` (the type of a string or
numeric literal on the platform), ``MAX`` / ``MIN`` (the argument's type), on SQL Server
also ``COUNT``, ``COUNT_BIG``, ``SUM``, ``AVG``, ``ISNULL``, ``CONVERT``, ``DATEADD`` (their
documented return types; an aggregate as a window function likewise),
``copy of db.src`` (the copy form), ``arithmetic``, ``concatenation``, ``CASE``,
``COALESCE``, on Teradata ``SUM``, ``AVG``, ``COUNT``, and a set operation's column (named
by the first query) by the platform's result-type rules (:mod:`analyzer.result_types`).
What the rules do not cover (other functions, operand types outside the documented
tables, an unknown source) is a column of unknown
type (``family`` ``other``, ``declared`` ``""``: S001 says it cannot be sized), named in
``Derived.untyped`` for the statement's one P009 diagnostic.

>>> import grammars
>>> from sqlglot.errors import ErrorLevel
>>> from analyzer.build.tables import create_table
>>> g = grammars.get("teradata")
>>> def tree(sql):
...     return g.dialect().parse(sql, error_level=ErrorLevel.RAISE)[0]
>>> def ctx(sql):
...     return Context(path="x.sql", grammar=g, text=sql, offset=0, index=None)
>>> src = "CREATE TABLE s.orders (id INTEGER NOT NULL, amount DECIMAL(12,2)) PRIMARY INDEX (id)"
>>> orders = create_table(tree(src), ctx(src))
>>> sql = ("CREATE TABLE o2 AS (SELECT id, amount * 2 AS a2, ZEROIFNULL(amount) AS z, "
...        "'x' AS k FROM s.orders) WITH DATA")
>>> d = derived_table(tree(sql), ctx(sql), (orders,))
>>> for c in d.table.columns:
...     print(c.name, repr(c.type.declared), c.nullable, c.derived_from)
id 'INTEGER' False s.orders.id
a2 'DECIMAL(15,2)' True arithmetic
z '' True None
k 'VARCHAR(1)' True literal
>>> d.untyped
('ZEROIFNULL(amount)',)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

from sqlglot import exp

import grammars
from analyzer import names, result_types
from analyzer.build.context import (
    BuildError,
    Context,
    data_type,
    names_of,
    qualified,
    read_type,
    statement_span,
)
from analyzer.build.indexes import table_index
from analyzer.build.options import table_options
from analyzer.ir import (
    Column,
    DataType,
    DerivedQuery,
    Index,
    QualifiedName,
    Span,
    Table,
    TableOptions,
)
from analyzer.parse import parse_statement
from analyzer.records import record
from analyzer.source import LineIndex

#: A column whose type the rules here cannot give (S001 reports it cannot be sized).
_UNKNOWN = DataType(declared="", name="", family="other")

#: Index kinds a Teradata copy takes from its source when it gives none (Teradata SQL Data
#: Definition Language, CREATE TABLE, "AS clause": the primary index is copied; secondary
#: indexes are not).
_PRIMARY_KINDS = frozenset({"primary_index", "primary_amp", "no_primary_index"})


@record
class Derived:
    """A derived table and the select-list expressions it could not type, in order."""

    table: Table
    untyped: tuple[str, ...] = ()
    #: a column is untyped because a table the query reads is not in the file: the link
    #: pass may type it (D183)
    waiting: bool = False


def derived_table(
    tree: exp.Create | exp.Select | exp.SetOperation,
    ctx: Context,
    known: Sequence[Table],
    uses: Sequence[tuple[int, str]] = (),
    lookup: Callable[[QualifiedName], Table | None] | None = None,
) -> Derived:
    """The table ``tree`` makes (a CREATE TABLE ... AS or a SELECT ... INTO), typed against
    ``known`` (the file's tables before it, in file order: the last of a name wins), names
    read with the file's ``USE`` / ``DATABASE`` statements (``uses``: offset, database;
    :func:`analyzer.names.databases`).

    ``lookup``: the tables of the scope's other files (the link pass, D183); without it a
    table whose query reads a table not in ``known`` is ``waiting`` for that pass.

    Raises :class:`BuildError` when the columns cannot be known at all (a copy of, or
    ``*`` over, a table not in ``known``: a warning, the engine runs it) or the engine
    refuses the statement (a select-list expression without a name, a name twice).
    """
    dialect = ctx.grammar.name
    missed: list[QualifiedName] = []

    def find(name: QualifiedName) -> Table | None:
        found = _resolve(name, dialect, known, uses, ctx.offset)
        if found is None and lookup is not None:
            found = lookup(name)
        if found is None:
            missed.append(name)
        return found

    def kept(derived: Derived) -> Derived:
        if not missed or not derived.untyped or lookup is not None:
            return derived
        return Derived(derived.table, derived.untyped, waiting=True)

    if isinstance(tree, (exp.Select, exp.SetOperation)):  # SQL Server / ASE SELECT ... INTO
        into = _first(tree).args["into"]
        name = qualified(into.this)
        columns, untyped = _query_columns(tree, ctx, find)
        # ``#t`` / ``##t``: read as CREATE TABLE reads the name (session or global temporary)
        props = [exp.TemporaryProperty()] if into.args.get("temporary") else []
        create = exp.Create(
            this=into.this, kind="TABLE", properties=exp.Properties(expressions=props)
        )
        options = table_options(create, ctx, [])
        return kept(Derived(_table(name, dialect, columns, options, (), ctx, tree), untyped))
    name = qualified(tree.this)
    renamed = names_of(tree.this) if isinstance(tree.this, exp.Schema) else ()
    indexes = [table_index(ix, ctx) for ix in tree.args.get("indexes") or []]
    options = table_options(tree, ctx, indexes)
    query = tree.expression
    if isinstance(query, exp.Table):  # Teradata copy: CREATE TABLE t AS src WITH [NO] DATA
        src = find(qualified(query))
        if src is None:
            raise BuildError(
                f"CREATE TABLE ... AS {_dotted(qualified(query))}: the source table is not "
                f"defined before this statement in this file {_ELSEWHERE}; the table is not "
                "analysed",
                accepted=True,
                waiting=True,
            )
        copied = tuple(
            dataclasses.replace(
                c, span=statement_span(ctx), derived_from=f"copy of {_dotted(src.name)}"
            )
            for c in src.columns
        )
        if not indexes:
            indexes = [ix for ix in src.indexes if ix.kind in _PRIMARY_KINDS]
        copied = _renamed(copied, renamed)
        untyped = tuple(f"{c.name} (of {src.name})" for c in copied if _unknown(c.type))
        return Derived(
            _table(name, dialect, copied, _merge(src.options, options), indexes, ctx, tree),
            untyped,
        )
    while isinstance(query, exp.Subquery):
        query = query.this
    if not isinstance(query, (exp.Select, exp.SetOperation)):
        raise BuildError(
            f"CREATE TABLE ... AS: a query of the form {type(query).__name__} is not typed yet;"
            " the table is not analysed",
            accepted=True,
        )
    columns, untyped = _query_columns(query, ctx, find)
    columns = list(_renamed(columns, renamed))
    return kept(Derived(_table(name, dialect, columns, options, indexes, ctx, tree), untyped))


#: Where a copy's or a ``SELECT *``'s source may be, said by phase 1 and, when the scope's
#: files did not define it either, by the link pass (D183).
_ELSEWHERE = "(a table of another file of the scope is read when the scope is analysed)"
_NOWHERE = "(nor in another file of the scope)"


def retyped(
    query: DerivedQuery,
    path: str,
    dialect: str,
    known: Sequence[Table],
    uses: Sequence[tuple[int, str]],
    lookup: Callable[[QualifiedName], Table | None],
) -> Derived | str | None:
    """The table ``query`` makes, typed with ``known`` (the file's tables before it) and
    ``lookup`` (the tables of the scope's other files, D183), its spans where the statement
    is in the file. A copy or ``SELECT *`` of a table nowhere in the scope: phase 1's
    message said again for the scope (a str); None when the statement gives no table for
    another reason (phase 1's diagnostic stands)."""
    grammar = grammars.get(dialect)
    # a line index placing the statement at its offset, line and column in the file
    before = query.offset - (query.line - 1) - (query.column - 1)
    text = " " * before + "\n" * (query.line - 1) + " " * (query.column - 1) + query.text
    index = LineIndex(text)
    parsed = parse_statement(query.text, query.offset, grammar, path, index)
    tree = parsed.tree
    if not isinstance(tree, (exp.Create, exp.Select, exp.SetOperation)):
        return None
    ctx = Context(
        path, grammar, query.text, query.offset, index, query.max_decimal, query.transaction_mode
    )
    try:
        return derived_table(tree, ctx, known, uses, lookup)
    except BuildError as err:
        return str(err).replace(_ELSEWHERE, _NOWHERE) if err.waiting else None


def untyped_message(derived: Derived) -> str:
    """The message of P009: the columns of a derived table the rules do not type."""
    shown = ", ".join(derived.untyped)
    return (
        f"{derived.table.name}: {len(derived.untyped)} column(s) of this derived table are "
        f"of unknown type and cannot be sized: {shown}. Not typed yet: the columns of tables "
        "no file of the scope defines before it, most functions, and operand types the "
        "platform's documented result-type rules do not cover (docs/rules/P009.md)"
    )


def _first(query: exp.Expr) -> exp.Expr:
    """The first SELECT of a set operation (the one ``INTO`` is written in)."""
    while isinstance(query, (exp.SetOperation, exp.Subquery)):
        query = query.this
    return query


def _query_columns(
    query: exp.Expr, ctx: Context, find: Callable[[QualifiedName], Table | None]
) -> tuple[list[Column], tuple[str, ...]]:
    """The columns of a SELECT, or of a UNION / EXCEPT / INTERSECT of them: named by the
    first query (SQL Server UNION (Transact-SQL): "The column names in the result are the
    names of the first query"), typed by :func:`_set_column`, nullable when a branch's
    column is."""
    while isinstance(query, exp.Subquery):
        query = query.this
    if isinstance(query, exp.Select):
        return _select_columns(query, ctx, find)
    if not isinstance(query, exp.SetOperation):
        raise BuildError(
            f"a query of the form {type(query).__name__} in a set operation is not typed yet;"
            " the table is not analysed",
            accepted=True,
        )
    left, untyped_l = _query_columns(query.this, ctx, find)
    right, untyped_r = _query_columns(query.expression, ctx, find)
    kind = query.key.upper()
    if len(left) != len(right):
        raise BuildError(
            f"the queries of the {kind} give {len(left)} and {len(right)} columns: the engine "
            "refuses it (SQL Server Msg 205: all queries combined using a UNION, INTERSECT or "
            "EXCEPT operator must have an equal number of expressions)"
        )
    out = [_set_column(a, b, kind, ctx.grammar.name) for a, b in zip(left, right, strict=True)]
    known_l = set(untyped_l)
    untyped = list(untyped_l)
    for a, b, c in zip(left, right, out, strict=True):
        if _unknown(c.type) and not _unknown(a.type):
            untyped.append(f"{a.name} ({kind} of {a.type.declared} and {b.type.declared})")
    if ctx.grammar.name != "teradata":  # there the first query's types decide
        untyped.extend(u for u in untyped_r if u not in known_l)
    return out, tuple(untyped)


def _set_column(a: Column, b: Column, kind: str, dialect: str) -> Column:
    """One column of a set operation. SQL Server: by data type precedence and the
    "Precision, scale, and length" UNION rule (:func:`analyzer.result_types.common`).
    Teradata: the first query's type (SQL Data Manipulation Language, set operators: the
    data type of a result column is that of the first SELECT's expression; D182). Else the
    type both give, or none."""
    if dialect == "teradata":
        found = None if _unknown(a.type) else a.type
    elif _unknown(a.type) or _unknown(b.type):
        found = None
    else:
        found = result_types.common([a.type, b.type], dialect)
    like = a if found is not None and found == a.type else _shared_like([a, b])
    origin = a.derived_from if a.derived_from == b.derived_from else kind
    return dataclasses.replace(
        a,
        type=found or _UNKNOWN,
        nullable=a.nullable or b.nullable,
        derived_from=origin if found is not None else None,
        character_set=like.character_set if like and found else None,
        collation=like.collation if like and found else None,
        case_specific=like.case_specific if like and found else None,
        uppercase=like.uppercase if like and found else False,
        user_type=a.user_type if found == a.type else None,
    )


def _renamed(columns: Sequence[Column], names_: Sequence[str]) -> tuple[Column, ...]:
    """``CREATE TABLE t (a, b) AS ...``: the column list names the query's columns in order
    (Teradata SQL Data Definition Language, CREATE TABLE ... AS, column name list)."""
    if not names_:
        return tuple(columns)
    if len(names_) != len(columns):
        raise BuildError(
            f"the column list names {len(names_)} columns and the query gives "
            f"{len(columns)}: the engine refuses the table"
        )
    return tuple(dataclasses.replace(c, name=n) for c, n in zip(columns, names_, strict=True))


def _table(
    name: QualifiedName,
    dialect: str,
    columns: Sequence[Column],
    options: TableOptions,
    indexes: Sequence[Index],
    ctx: Context,
    tree: exp.Expr,
) -> Table:
    return Table(
        name=name,
        dialect=dialect,
        columns=tuple(columns),
        indexes=tuple(indexes),
        options=options,
        span=ctx.span(tree) or statement_span(ctx),
    )


def _dotted(name: QualifiedName) -> str:
    return str(name)


def _merge(source: TableOptions, given: TableOptions) -> TableOptions:
    """The source's options with those the statement gives over them (VOLATILE, SET ...)."""
    changes = {
        f.name: getattr(given, f.name)
        for f in dataclasses.fields(TableOptions)
        if getattr(given, f.name) != f.default
    }
    return dataclasses.replace(source, **changes)


def _resolve(
    name: QualifiedName,
    dialect: str,
    known: Sequence[Table],
    uses: Sequence[tuple[int, str]],
    at: int,
) -> Table | None:
    """The last table of ``known`` that ``name``, read at offset ``at``, names
    (:func:`analyzer.names.matches`; each name with the database current where it is)."""
    ref = names.key(name, dialect, names.database_at(uses, at))
    for table in reversed(known):
        start = table.span.start if table.span is not None else None
        if names.matches(ref, names.key(table.name, dialect, names.database_at(uses, start))):
            return table
    return None


@record
class _Source:
    """A table of the FROM clause: its alias (or name), its table if known, and whether an
    outer join can give its columns NULL."""

    label: str
    name: QualifiedName | None
    table: Table | None
    outer: bool
    #: a derived table or CTE of the statement itself: its columns' origins are passed on
    inline: bool = False


def _sources(
    select: exp.Select, ctx: Context, find: Callable[[QualifiedName], Table | None]
) -> list[_Source]:
    found: list[_Source] = []
    from_ = select.args.get("from_") or select.args.get("from")
    items: list[tuple[exp.Expr, str]] = []
    if from_ is not None:
        items.append((from_.this, ""))
    for join in select.args.get("joins") or []:
        items.append((join.this, str(join.side or "").upper()))
    for node, side in items:
        if side in ("RIGHT", "FULL"):  # the tables before it may now have no match
            found = [dataclasses.replace(s, outer=True) for s in found]
        outer = side in ("LEFT", "FULL")
        if isinstance(node, exp.Table) and isinstance(node.this, exp.Identifier):
            name = qualified(node)
            label = node.alias_or_name
            table = find(name)
            inline = table is not None and table.span is None  # a CTE
            found.append(_Source(label.lower(), name, table, outer, inline))
        elif isinstance(node, exp.Subquery) and isinstance(node.this, exp.Select):
            label = node.alias_or_name
            table = _inline_table(QualifiedName(label), node.this, ctx, find)
            found.append(_Source(label.lower(), None, table, outer, True))
        else:  # a function, a VALUES list: its columns are not typed here
            found.append(_Source(node.alias_or_name.lower(), None, None, outer))
    return found


def _inline_table(
    name: QualifiedName,
    select: exp.Select,
    ctx: Context,
    find: Callable[[QualifiedName], Table | None],
) -> Table | None:
    """A derived table or CTE of the query as a table (no span); None if the engine would
    refuse it (its own error is then the engine's, not ours to guess)."""
    try:
        columns, _ = _select_columns(select, ctx, find)
    except BuildError:
        return None
    return Table(name=name, dialect=ctx.grammar.name, columns=tuple(columns))


def _select_columns(
    select: exp.Select, ctx: Context, find: Callable[[QualifiedName], Table | None]
) -> tuple[list[Column], tuple[str, ...]]:
    dialect = ctx.grammar.name
    with_ = select.args.get("with_") or select.args.get("with")
    if with_ is not None:
        find = _with_ctes(with_, ctx, find)
    sources = _sources(select, ctx, find)
    out: list[tuple[str, DataType, bool, str | None, Column | None]] = []
    spans: list[Span | None] = []
    untyped: list[str] = []
    for proj in select.expressions:
        span = ctx.span(proj) or statement_span(ctx)
        if isinstance(proj, exp.Star) or (
            isinstance(proj, exp.Column) and isinstance(proj.this, exp.Star)
        ):
            stars = _star(proj, sources)
            untyped.extend(f"{s[0]} (of {proj.sql()})" for s in stars if _unknown(s[1]))
            out.extend(stars)
            spans.extend(span for _ in stars)
            continue
        spans.append(span)
        expr = proj.this if isinstance(proj, exp.Alias) else proj
        name = proj.alias if isinstance(proj, exp.Alias) else _column_name(expr)
        if not name:
            raise BuildError(_unnamed(ctx.sql(proj) or "", dialect))
        typed = _typed(expr, sources, ctx)
        if typed is None:
            untyped.append((ctx.sql(expr) or "") + _why(expr, sources))
            out.append((name, _UNKNOWN, True, None, None))
        else:
            out.append((name, *typed))
    seen: set[str] = set()
    for name, *_ in out:
        if name.lower() in seen:
            raise BuildError(
                f"the query gives two columns the name {name!r}: the engine refuses the "
                "table (SQL Server Msg 2705: column names in each table must be unique)"
            )
        seen.add(name.lower())
    columns = [
        _column(i, name, dtype, nullable, origin, like, span)
        for i, ((name, dtype, nullable, origin, like), span) in enumerate(
            zip(out, spans, strict=True), start=1
        )
    ]
    return columns, tuple(untyped)


def _column(
    position: int,
    name: str,
    dtype: DataType,
    nullable: bool,
    origin: str | None,
    like: Column | None,
    span: Span | None,
) -> Column:
    """A derived column; one from a column reference keeps its character set, collation and
    case specificity (part of the declared type), not its default, constraints or
    compression."""
    return Column(
        name=name,
        position=position,
        type=dtype,
        nullable=nullable,
        nullable_explicit=False,
        character_set=like.character_set if like else None,
        collation=like.collation if like else None,
        case_specific=like.case_specific if like else None,
        uppercase=like.uppercase if like else False,
        user_type=like.user_type if like else None,
        derived_from=origin,
        span=span,
    )


def _column_name(expr: exp.Expr) -> str:
    """A select-list item's name without an alias: a column reference's own name."""
    return str(expr.name) if isinstance(expr, exp.Column) else ""


def _unnamed(text: str, dialect: str) -> str:
    engine = (
        "SQL Server Msg 1038: for SELECT INTO statements, verify each column has a name"
        if dialect in ("tsql", "sybase")
        else "the engine names a CREATE TABLE AS column by its alias or column name"
    )
    return f"the select-list expression {text!r} has no name ({engine}); give it AS name"


def _star(
    proj: exp.Expr, sources: list[_Source]
) -> list[tuple[str, DataType, bool, str | None, Column | None]]:
    """``*`` or ``t.*``: every column of the sources (of ``t``), in order."""
    wanted = proj.table.lower() if isinstance(proj, exp.Column) and proj.table else None
    picked = [s for s in sources if wanted is None or s.label == wanted]
    if not picked:
        raise BuildError(f"{proj.sql()}: no table {wanted!r} in the FROM clause")
    out = []
    for s in picked:
        if s.table is None:
            what = _dotted(s.name) if s.name else s.label or "a derived table"
            raise BuildError(
                f"SELECT {proj.sql()}: the columns of {what} are not known (not defined "
                f"before this statement in this file) {_ELSEWHERE}; the table is not analysed",
                accepted=True,
                waiting=s.name is not None,
            )
        for c in s.table.columns:
            if not c.hidden:  # SQL Server: HIDDEN columns are not in SELECT *
                out.append(_reference(s, c))
    return out


def _reference(s: _Source, c: Column) -> tuple[str, DataType, bool, str | None, Column | None]:
    origin = f"{_dotted(s.table.name) if s.table else s.label}.{c.name}"
    if s.inline and c.derived_from:
        origin = c.derived_from  # through a derived table or CTE: where it came from
    return (c.name, c.type, c.nullable or s.outer, origin, c)


def _typed(
    expr: exp.Expr, sources: list[_Source], ctx: Context
) -> tuple[DataType, bool, str | None, Column | None] | None:
    """The type, nullability, origin and source column of ``expr``, or None (not typed)."""
    while isinstance(expr, exp.Paren):
        expr = expr.this
    if isinstance(expr, exp.Column):
        found = _column_of(expr, sources)
        if found is None or _unknown(found[1].type):
            return None
        return _reference(*found)[1:]
    if isinstance(expr, exp.Cast) and not isinstance(expr, exp.TryCast):
        inner = _typed(expr.this, sources, ctx)
        nullable = inner[1] if inner is not None else True
        return data_type(expr.args.get("to"), ctx), nullable, "CAST", None
    if isinstance(expr, exp.Convert) and isinstance(expr.this, exp.DataType):
        # CAST and CONVERT (Transact-SQL), "Return types": "Returns expression, translated
        # to data_type" (a style changes the text, not the type)
        inner = _typed(expr.expression, sources, ctx)
        nullable = inner[1] if inner is not None else True
        return data_type(expr.this, ctx), nullable, "CONVERT", None
    if isinstance(expr, exp.Window) and isinstance(
        expr.this, (exp.Count, exp.Sum, exp.Avg, exp.Max, exp.Min)
    ):
        # an aggregate used as a window function returns the aggregate's type (SQL Server
        # COUNT / SUM / AVG / MAX / MIN, "Return types", the OVER clause aside; Teradata
        # "Window Aggregate Functions": "Result Type and Format" as the aggregate's)
        return _typed(expr.this, sources, ctx)
    literal = _literal_type(expr, ctx.grammar.name)
    if literal is not None:
        return literal, ctx.grammar.name not in ("tsql", "sybase"), "literal", None
    if isinstance(expr, (exp.Max, exp.Min)):
        # Teradata SQL Functions, Expressions, and Predicates, MAX / MIN: "the same data type
        # as the argument"; SQL Server MAX / MIN: "Returns a value same as expression".
        inner = _typed(expr.this, sources, ctx)
        if inner is None:
            return None
        return inner[0], True, expr.key.upper(), inner[3]  # NULL over no rows
    computed = _computed(expr, sources, ctx)
    if computed is not None:
        return computed
    if ctx.grammar.name == "tsql":
        return _tsql_function(expr, sources, ctx)
    if ctx.grammar.name == "teradata":
        return _teradata_aggregate(expr, sources, ctx)
    return None


#: sqlglot's arithmetic nodes and the operator each is.
_OPERATORS: dict[type[exp.Expr], str] = {
    exp.Add: "+",
    exp.Sub: "-",
    exp.Mul: "*",
    exp.Div: "/",
    exp.Mod: "%",
}

_Typed = tuple[DataType, bool, str | None, Column | None]


def _computed(expr: exp.Expr, sources: list[_Source], ctx: Context) -> _Typed | None:
    """Arithmetic, concatenation, unary minus, CASE and COALESCE by the platform's result
    type rules (:mod:`analyzer.result_types`). Nullable: SQL Server "The result of most
    expressions is considered nullable even if only nonnullable columns are present, because
    possible underflows or overflows also produce NULL results" (CREATE TABLE, computed
    columns), COALESCE "with non-null parameters is considered to be NULL" (COALESCE,
    "Comparing COALESCE and ISNULL"); Teradata's CREATE TABLE AS makes an expression's
    column nullable (D174)."""
    dialect = ctx.grammar.name
    if isinstance(expr, exp.Neg):
        inner = _typed(expr.this, sources, ctx)
        if inner is None or inner[0].family not in ("integer", "decimal", "float", "money"):
            return None
        return inner[0], True, "arithmetic", None
    op = _OPERATORS.get(type(expr))
    if op is not None or isinstance(expr, exp.DPipe):
        left = _typed(expr.this, sources, ctx)
        right = _typed(expr.expression, sources, ctx)
        if left is None or right is None:
            return None
        if isinstance(expr, exp.DPipe):
            if dialect != "teradata":
                return None
            like = _concatenated(left[3], right[3])
            found = result_types.concatenation(left[0], right[0], dialect, _same_set(left, right))
            return (found, True, "concatenation", like) if found is not None else None
        found = result_types.arithmetic(op or "+", left[0], right[0], dialect, ctx.max_decimal)
        if found is None:
            return None
        if found.family in ("char", "varchar", "nchar", "nvarchar"):
            return found, True, "concatenation", _concatenated(left[3], right[3])
        return found, True, "arithmetic", None
    if isinstance(expr, (exp.Case, exp.Coalesce)) and not expr.args.get("is_null"):
        if isinstance(expr, exp.Case):
            parts = [i.args.get("true") for i in expr.args.get("ifs") or []]
            default = expr.args.get("default")
            # a CASE without ELSE gives NULL when nothing matches: the branches decide
            parts.append(default)
            label = "CASE"
        else:
            parts = [expr.this, *expr.expressions]
            label = "COALESCE"
        branches = [
            _typed(p, sources, ctx) for p in parts if p is not None and not isinstance(p, exp.Null)
        ]
        if not branches or any(b is None for b in branches):
            return None
        typed = [b for b in branches if b is not None]
        found = result_types.common([b[0] for b in typed], dialect)
        if found is None:
            return None
        likes = [b[3] for b in typed]
        if dialect == "teradata" and found.family in ("char", "varchar"):
            return found, True, label, _case_like(likes)
        return found, True, label, _shared_like(likes)
    return None


def _same_set(left: _Typed, right: _Typed) -> bool:
    a = left[3].character_set if left[3] else None
    b = right[3].character_set if right[3] else None
    return a is None or b is None or a.upper() == b.upper()


def _concatenated(left: Column | None, right: Column | None) -> Column | None:
    """The character attributes of a Teradata concatenation (Concatenation Operator,
    "Result Type and Attributes": "When either argument is a character string that
    specifies the CASESPECIFIC attribute, the result also specifies the CASESPECIFIC
    attribute"; "Concatenating Character Strings Having Different Server Character Sets":
    "CHARACTER(4) CHARACTER SET UNICODE || CHARACTER(3) CHARACTER SET LATIN" gives
    "VARCHAR(7) CHARACTER SET UNICODE"). SQL Server: no column's collation is kept."""
    present = [c for c in (left, right) if c is not None]
    if not present:
        return None
    sets = {c.character_set.upper() for c in present if c.character_set}
    charset = sets.pop() if len(sets) == 1 else ("UNICODE" if sets else None)
    cases = [c.case_specific for c in present if c.case_specific is not None]
    case = True if True in cases else (False if cases else None)
    return dataclasses.replace(
        present[0], character_set=charset, case_specific=case, collation=None, user_type=None
    )


def _shared_like(likes: Sequence[Column | None]) -> Column | None:
    """The source column whose character attributes a CASE / COALESCE / set operation
    keeps: the first, when every column among the branches has the same ones."""
    present = [c for c in likes if c is not None]
    if not present:
        return None
    first = present[0]
    key = (first.character_set, first.collation, first.case_specific)
    if any((c.character_set, c.collation, c.case_specific) != key for c in present):
        return None
    return dataclasses.replace(first, user_type=None)


def _case_like(likes: Sequence[Column | None]) -> Column | None:
    """The character set of a Teradata CASE over character expressions ("THEN/ELSE
    Character Type Expressions"): "If all of the nonliteral expressions have the same
    character set, then ... this character set"; "if the nonliteral expressions have
    differing character sets, then ... the Unicode character set" (a literal is taken to
    translate); case specificity where every nonliteral agrees."""
    present = [c for c in likes if c is not None]
    if not present:
        return None
    sets = {c.character_set.upper() for c in present if c.character_set}
    charset = sets.pop() if len(sets) == 1 else ("UNICODE" if sets else None)
    cases = {c.case_specific for c in present}
    return dataclasses.replace(
        present[0],
        character_set=charset,
        case_specific=cases.pop() if len(cases) == 1 else None,
        collation=None,
        user_type=None,
    )


def _teradata_aggregate(expr: exp.Expr, sources: list[_Source], ctx: Context) -> _Typed | None:
    """Teradata SUM, AVG and COUNT (SQL Functions, Expressions, and Predicates): SUM by its
    "Return Values" (:func:`analyzer.result_types.teradata_sum`, MaxDecimal:
    ``[size.teradata] max_decimal``); AVG "Data Type: REAL" (FLOAT); COUNT by the session
    mode (``[size.teradata] transaction_mode``). Nullable (NULL over no rows; COUNT too,
    the column is an expression's)."""
    if isinstance(expr, exp.Count):
        count = result_types.teradata_count(ctx.transaction_mode, ctx.max_decimal)
        return count, True, "COUNT", None
    if isinstance(expr, (exp.Sum, exp.Avg)):
        inner = _typed(expr.this, sources, ctx)
        if inner is None:
            return None
        if isinstance(expr, exp.Avg):
            return read_type("FLOAT", "teradata"), True, "AVG", None
        found = result_types.teradata_sum(inner[0], ctx.max_decimal)
        return (found, True, "SUM", None) if found is not None else None
    return None


#: SQL Server SUM / AVG result types by argument type (SUM (Transact-SQL), AVG
#: (Transact-SQL), "Return types"); the decimal category is handled apart.
_SUM_TYPES = {
    "TINYINT": "INT",
    "SMALLINT": "INT",
    "INT": "INT",
    "INTEGER": "INT",
    "BIGINT": "BIGINT",
    "MONEY": "MONEY",
    "SMALLMONEY": "MONEY",
    "FLOAT": "FLOAT",
    "REAL": "FLOAT",
}


def _tsql_function(
    expr: exp.Expr, sources: list[_Source], ctx: Context
) -> tuple[DataType, bool, str | None, Column | None] | None:
    """SQL Server aggregates and ISNULL, each by its page's "Return types":
    COUNT int, COUNT_BIG bigint; SUM decimal(p, s) -> decimal(38, s); AVG decimal(p, s) ->
    decimal(38, max(s, 6)); ISNULL "the same type as check_expression", NOT NULL when the
    replacement is not nullable (COALESCE (Transact-SQL), "Comparing COALESCE and ISNULL").
    """
    dialect = ctx.grammar.name
    if isinstance(expr, exp.Count):
        name = "BIGINT" if expr.args.get("big_int") else "INT"
        return read_type(name, dialect), True, expr.sql(dialect="tsql").split("(")[0], None
    if isinstance(expr, (exp.Sum, exp.Avg)):
        inner = _typed(expr.this, sources, ctx)
        if inner is None:
            return None
        arg, label = inner[0], expr.key.upper()
        if arg.family == "decimal":
            scale = arg.scale or 0
            scale = max(scale, 6) if isinstance(expr, exp.Avg) else scale
            return read_type(f"DECIMAL(38,{scale})", dialect), True, label, None
        found = _SUM_TYPES.get(arg.name)
        return (read_type(found, dialect), True, label, None) if found else None
    if isinstance(expr, exp.DateAdd):
        # DATEADD (Transact-SQL), "Return types": "The return data type is the data type of
        # the date argument, except for string literals"
        date = _typed(expr.this, sources, ctx)
        if date is None or date[2] == "literal":
            return None
        return date[0], True, "DATEADD", None
    if isinstance(expr, exp.Coalesce) and expr.args.get("is_null"):
        check = _typed(expr.this, sources, ctx)
        rest = expr.expressions
        if check is None or len(rest) != 1:
            return None
        other = _typed(rest[0], sources, ctx)
        nullable = check[1] and (other is None or other[1])
        return check[0], nullable, "ISNULL", check[3]
    return None


def _why(expr: exp.Expr, sources: list[_Source]) -> str:
    """For a column of a table the file does not define before the statement: which."""
    while isinstance(expr, (exp.Paren, exp.Cast)):
        expr = expr.this
    if not isinstance(expr, exp.Column):
        return ""
    found = _column_of(expr, sources)
    if found is not None and found[0].table is not None:
        return f" (untyped in {found[0].table.name})"
    table = expr.table.lower() if expr.table else None
    missing = sorted(
        {
            str(s.name)
            for s in sources
            if s.table is None
            and s.name is not None
            and (table is None or s.label == table or s.name.name.lower() == table)
        }
    )
    if not missing:
        return ""
    return f" ({', '.join(missing)}: not defined before it in this file)"


def _unknown(dtype: DataType) -> bool:
    return not dtype.declared and dtype.family == "other"


def _with_ctes(
    with_: exp.Expr, ctx: Context, find: Callable[[QualifiedName], Table | None]
) -> Callable[[QualifiedName], Table | None]:
    """``find`` with the statement's common table expressions first (each sees the ones
    before it), as tables without a span."""
    ctes: dict[str, Table] = {}

    def inner(name: QualifiedName) -> Table | None:
        if name.schema is None and name.catalog is None and name.name.lower() in ctes:
            return ctes[name.name.lower()]
        return find(name)

    for cte in with_.expressions:
        if isinstance(cte, exp.CTE) and isinstance(cte.this, exp.Select):
            table = _inline_table(QualifiedName(cte.alias), cte.this, ctx, inner)
            if table is not None:
                ctes[cte.alias.lower()] = table
    return inner


def _column_of(col: exp.Column, sources: list[_Source]) -> tuple[_Source, Column] | None:
    table = col.table.lower() if col.table else None
    hits = []
    for s in sources:
        named = s.label == table or (s.name is not None and s.name.name.lower() == table)
        if table is not None and not named:
            continue
        if s.table is None:
            continue
        c = s.table.column(col.name)
        if c is not None:
            hits.append((s, c))
    return hits[0] if len(hits) == 1 else None


_EXPONENT = r"[eE]"


def _literal_type(expr: exp.Expr, dialect: str) -> DataType | None:
    """The type of a string or numeric literal.

    Teradata (SQL Data Types and Literals, "Character Literals": VARCHAR(n), n its
    characters; "Integer Literals": the smallest of BYTEINT, SMALLINT, INTEGER, BIGINT
    holding the value, else DECIMAL(n,0); "Decimal Literals": DECIMAL(n,m), n digits, m
    after the point; "Floating Point Literals": FLOAT). SQL Server (Constants (Transact-SQL);
    SELECT INTO, "the format of new_table is determined by evaluating the expressions in the
    select list"): ``'abc'`` varchar(3), ``N'abc'`` nvarchar(3), an integer int (beyond it
    numeric(n,0)), ``1.25`` numeric(3,2), ``1e3`` float.
    """
    td = dialect == "teradata"
    if isinstance(expr, exp.National):
        return read_type(f"NVARCHAR({max(len(expr.this), 1)})", dialect)
    negative = isinstance(expr, exp.Neg)
    if negative:
        expr = expr.this
    if not isinstance(expr, exp.Literal):
        return None
    text = str(expr.this)
    if expr.is_string:
        return read_type(f"VARCHAR({max(len(text), 1)})", dialect)
    if re.search(_EXPONENT, text):
        return read_type("FLOAT", dialect)
    digits = text.replace(".", "").lstrip("0") or "0"
    if "." in text:
        scale = len(text.split(".", 1)[1])
        precision = max(len(digits), scale, 1)
        return read_type(f"{'DECIMAL' if td else 'NUMERIC'}({precision},{scale})", dialect)
    value = -int(text) if negative else int(text)
    ranges = (
        (("BYTEINT", 2**7), ("SMALLINT", 2**15), ("INTEGER", 2**31), ("BIGINT", 2**63))
        if td
        else (("INT", 2**31),)
    )
    for name, bound in ranges:
        if -bound <= value < bound:
            return read_type(name, dialect)
    return read_type(f"{'DECIMAL' if td else 'NUMERIC'}({len(digits)},0)", dialect)
