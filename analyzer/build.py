"""Lower one parsed sqlglot statement to IR objects (parse -> IR).

This is the only module that reads sqlglot trees; everything after it reads the
IR.  It is generic over dialects: grammars express their syntax with sqlglot's
own nodes or the ones in :mod:`grammars.nodes`, and anything unrecognised is
kept as text in ``options``/``extra`` rather than dropped.

Text of sub-expressions (defaults, check conditions, partition expressions) is
taken from the source via the spans the grammar's parser records, so the IR
shows what the user wrote.

>>> import grammars
>>> from sqlglot.errors import ErrorLevel
>>> g = grammars.get("tsql")
>>> sql = "CREATE TABLE dbo.t (id int NOT NULL PRIMARY KEY, note ntext NULL)"
>>> tree = g.dialect().parse(sql, error_level=ErrorLevel.RAISE)[0]
>>> table = build(tree, Context(path="x.sql", grammar=g, text=sql, offset=0, index=None))
>>> [(c.name, c.type.name, c.type.family, c.nullable) for c in table.columns]
[('id', 'INT', 'integer', False), ('note', 'NTEXT', 'nclob', True)]
>>> str(table.name), table.primary_key.columns
('dbo.t', ('id',))
"""

from __future__ import annotations

import functools
import re
import typing as t
from dataclasses import dataclass, replace

from sqlglot import exp
from sqlglot.tokenizer_core import Token

import grammars
from analyzer import types
from analyzer.ir import (
    Article,
    Column,
    ColumnReplication,
    Compression,
    Computed,
    Constraint,
    ConstraintKind,
    DataType,
    FunctionReplicationDefinition,
    Identity,
    Index,
    LobAttributeRdareas,
    PartitionLevel,
    Publication,
    PublicationChange,
    QualifiedName,
    RdareaPartition,
    ReplicatedColumn,
    ReplicationDefinition,
    ReplicationDefinitionChange,
    ReplicationMarking,
    RowPartitioning,
    Span,
    Subscription,
    Table,
    TableChange,
    TableOptions,
    UserType,
    new_column,
)
from analyzer.records import record
from grammars import nodes
from grammars import nodes as ms_nodes  # SQL Server's, in grammars.nodes (D108)
from grammars import nodes as td_nodes  # Teradata's, in grammars.nodes (D108)
from grammars.base import Grammar

if t.TYPE_CHECKING:
    from analyzer.source import LineIndex


class BuildError(ValueError):
    """The statement parsed but cannot be lowered (e.g. a CREATE TABLE with no columns)."""


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
        if isinstance(word, str) and _WORD.fullmatch(word):
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
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_$#@.]*")

#: Nodes whose sqlglot token offsets cover their whole source text.
_LEAVES = (exp.Literal, exp.National, exp.Identifier, exp.Var, exp.Null, exp.Boolean)


def build(
    tree: exp.Expr, ctx: Context
) -> Table | UserType | Index | Replicated | tuple[TableChange, ...]:
    """Lower a CREATE TABLE or CREATE TYPE tree to a :class:`Table` or :class:`UserType`
    (or a replication statement of the Sybase grammar to its IR record, :func:`replication`;
    an ``ALTER TABLE ... ADD`` constraint to one :class:`TableChange` per constraint, a
    ``CREATE INDEX`` to one, :func:`table_changes`)."""
    if isinstance(tree, _REPLICATION_NODES):
        return replication(tree, ctx)
    if isinstance(tree, nodes.CreateAliasType):
        return _alias_type(tree, ctx)
    if isinstance(tree, nodes.CreateAbstractType):  # HiRDB
        return _abstract_type(tree, ctx)
    if isinstance(tree, nodes.CreateHirdbIndex):
        return _hirdb_index(tree, ctx)
    if isinstance(tree, exp.Alter):
        return table_changes(tree, ctx)
    kind = str(tree.args.get("kind", "")).upper() if isinstance(tree, exp.Create) else ""
    if kind == "TABLE":
        return _table(tree, ctx)  # type: ignore[arg-type]
    if kind == "TYPE":
        raise NotStored(
            "create type as table", "a table type describes parameters, not stored rows"
        )
    if kind.endswith("INDEX") and isinstance(tree, exp.Create) and isinstance(tree.this, exp.Index):
        return table_changes(tree, ctx)
    raise BuildError(f"not a CREATE TABLE or CREATE TYPE statement: {type(tree).__name__}")


# ------------------------------------------------------------------------ names


def _ident(node: t.Any) -> str:
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


def _names(nodes_: t.Iterable[t.Any] | None) -> tuple[str, ...]:
    if nodes_ is None:
        return ()
    if isinstance(nodes_, exp.Schema):
        nodes_ = nodes_.expressions
    elif isinstance(nodes_, (exp.Tuple, exp.Paren)):
        nodes_ = nodes_.expressions if isinstance(nodes_, exp.Tuple) else [nodes_.this]
    elif isinstance(nodes_, exp.Expr):
        nodes_ = [nodes_]
    return tuple(_ident(n) for n in nodes_)


def qualified(table: exp.Expr) -> QualifiedName:
    """``QualifiedName`` of a sqlglot ``Table`` (or ``Schema`` wrapping one)."""
    if isinstance(table, exp.Schema):
        table = table.this
    if not isinstance(table, exp.Table):
        return QualifiedName(name=_ident(table))
    return QualifiedName(
        name=str(table.name),
        schema=table.args["db"].name if table.args.get("db") else None,
        catalog=table.args["catalog"].name if table.args.get("catalog") else None,
    )


# ------------------------------------------------------------------------ types


def data_type(node: exp.Expr | None, ctx: Context) -> DataType:
    """The IR type of a sqlglot ``DataType``, read from its declared source text."""
    if node is None:
        return DataType(declared="", name="", family="other")
    meta = node._meta
    declared = meta.get("declared") if meta else None
    if declared is None:
        declared = ctx.sql(node) or ""
    return _read_type(declared, ctx.grammar.name)


@functools.lru_cache(maxsize=8192)
def _read_type(declared: str, grammar: str) -> DataType:
    # Memoised: schemas repeat a handful of type spellings thousands of times,
    # and DataType is immutable, so sharing the instances is safe.
    return types.read_type(declared, grammars.get(grammar).type_families)


def _alias_type(tree: nodes.CreateAliasType, ctx: Context) -> UserType:
    nullable = tree.args.get("nullable")
    return UserType(
        name=qualified(tree.this),
        dialect=ctx.grammar.name,
        base=data_type(tree.args.get("kind"), ctx),
        nullable=nullable if isinstance(nullable, bool) else None,
        span=ctx.span(tree),
    )


# ---------------------------------------------------------------------- columns


class _ColumnFields(t.TypedDict, total=False):
    """The :class:`Column` fields a column's constraints set, and only those.

    Most columns set none or one, so passing just these to ``Column`` (the rest
    keep their defaults) saves binding a score of keywords per column.
    """

    default: str | None
    identity: Identity | None
    computed: Computed | None
    character_set: str | None
    collation: str | None
    case_specific: bool | None
    uppercase: bool
    compression: Compression | None
    sparse: bool
    filestream: bool
    rowguidcol: bool
    options: tuple[tuple[str, str], ...]
    suppress: bool
    no_split: bool
    recovery: str | None
    lob_rdareas: tuple[str, ...]
    attribute_rdareas: tuple[LobAttributeRdareas, ...]
    generated: str | None
    hidden: bool


@dataclass(slots=True)
class _ColumnFacts:
    """Mutable accumulator used while walking one column's constraints.

    ``nullable`` is an explicit NULL / NOT NULL; :func:`_column` moves ``options``
    into ``fields`` once the column is read.
    """

    fields: _ColumnFields
    nullable: bool | None = None
    not_for_replication: bool = False
    options: list[tuple[str, str]] | None = None

    def option(self, key: str, value: str) -> None:
        if self.options is None:
            self.options = []
        self.options.append((key, value))


def _literal(node: t.Any, ctx: Context) -> str:
    if isinstance(node, exp.Expr):
        return ctx.sql(node) or ""
    return str(node)


def _compression(kind: exp.CompressColumnConstraint, ctx: Context) -> Compression:
    value = kind.this
    if value is None:
        return Compression(bare=True)
    items = value if isinstance(value, list) else [value]
    flat: list[str] = []
    for item in items:
        if isinstance(item, (exp.Tuple, exp.Paren)):
            inner = item.expressions if isinstance(item, exp.Tuple) else [item.this]
            flat.extend(_literal(i, ctx) for i in inner)
        else:
            flat.append(_literal(item, ctx))
    return Compression(values=tuple(flat))


def _column_constraint(
    kind: exp.Expr,
    name: str | None,
    column: str,
    facts: _ColumnFacts,
    constraints: list[Constraint],
    indexes: list[Index],
    ctx: Context,
    span: Span | None,
) -> None:
    """Fold one column constraint into ``facts``, ``constraints`` or ``indexes``."""
    if isinstance(kind, exp.NotNullColumnConstraint):
        facts.nullable = bool(kind.args.get("allow_null"))
    elif isinstance(kind, exp.DefaultColumnConstraint):
        facts.fields["default"] = _literal(kind.this, ctx)
    elif isinstance(kind, exp.GeneratedAsIdentityColumnConstraint):
        always = kind.args.get("this")
        facts.fields["identity"] = Identity(
            seed=_literal(kind.args["start"], ctx) if kind.args.get("start") else None,
            increment=_literal(kind.args["increment"], ctx) if kind.args.get("increment") else None,
            always=always if isinstance(always, bool) and ctx.grammar.name != "tsql" else None,
        )
    elif isinstance(kind, exp.AutoIncrementColumnConstraint):
        facts.fields["identity"] = Identity()
    elif isinstance(kind, exp.NotForReplicationColumnConstraint):
        facts.not_for_replication = True
    elif isinstance(kind, exp.ComputedColumnConstraint):
        facts.fields["computed"] = Computed(
            expression=_literal(kind.this, ctx), persisted=bool(kind.args.get("persisted"))
        )
        if kind.args.get("not_null"):
            facts.nullable = False
    elif isinstance(kind, exp.CharacterSetColumnConstraint):
        facts.fields["character_set"] = _ident(kind.this).upper()
    elif isinstance(kind, exp.CollateColumnConstraint):
        facts.fields["collation"] = _ident(kind.this)
    elif isinstance(kind, exp.CaseSpecificColumnConstraint):
        facts.fields["case_specific"] = not bool(kind.args.get("not_"))
    elif isinstance(kind, exp.UppercaseColumnConstraint):
        facts.fields["uppercase"] = True
    elif isinstance(kind, nodes.AlgorithmicCompressColumnConstraint):
        values = kind.args.get("values")
        base = (
            _compression(exp.CompressColumnConstraint(this=values), ctx)
            if values is not None
            else Compression()
        )
        facts.fields["compression"] = replace(
            base,
            compress_using=_literal(kind.args.get("compress"), ctx)
            if kind.args.get("compress")
            else None,
            decompress_using=_literal(kind.args.get("decompress"), ctx)
            if kind.args.get("decompress")
            else None,
        )
    elif isinstance(kind, exp.CompressColumnConstraint):
        facts.fields["compression"] = _compression(kind, ctx)
    elif isinstance(kind, nodes.SparseColumnConstraint):
        facts.fields["sparse"] = True
    elif isinstance(kind, nodes.FileStreamColumnConstraint):
        facts.fields["filestream"] = True
    elif isinstance(kind, nodes.RowGuidColColumnConstraint):
        facts.fields["rowguidcol"] = True
    elif isinstance(kind, nodes.WithDefaultColumnConstraint):
        facts.option("with_default", "true")
    elif isinstance(kind, nodes.NamedColumnConstraint):
        facts.option("named", _literal(kind.this, ctx))
    elif isinstance(kind, nodes.ColumnOption):
        value = kind.args.get("value")
        facts.option(_literal(kind.this, ctx).lower(), _literal(value, ctx) if value else "true")
    elif isinstance(kind, nodes.SuppressColumnConstraint):
        facts.fields["suppress"] = True
    elif isinstance(kind, nodes.NoSplitColumnConstraint):
        facts.fields["no_split"] = True
    elif isinstance(kind, nodes.RecoveryColumnConstraint):
        facts.fields["recovery"] = _ident(kind.this).upper()
    elif isinstance(kind, nodes.LobRdareaColumnConstraint):
        facts.fields["lob_rdareas"] = _names(kind.expressions)
    elif isinstance(kind, nodes.AllocateColumnConstraint):
        facts.fields["attribute_rdareas"] = tuple(
            LobAttributeRdareas(_ident(item.this), _names(item.expressions))
            for item in kind.expressions
        )
    elif isinstance(kind, nodes.ClusterKey):
        columns = _names(kind.expressions) if kind.expressions else (column,)
        indexes.append(
            Index("cluster_key", columns, unique=bool(kind.args.get("unique")), span=span)
        )
    elif isinstance(kind, exp.DateFormatColumnConstraint):
        facts.option("format", _literal(kind.this, ctx))
    elif isinstance(kind, exp.TitleColumnConstraint):
        facts.option("title", _literal(kind.this, ctx))
    elif isinstance(kind, exp.InlineLengthColumnConstraint):
        facts.option("inline_length", _literal(kind.this, ctx))
    elif isinstance(kind, exp.PrimaryKeyColumnConstraint):
        constraints.append(Constraint(ConstraintKind.PRIMARY_KEY, (column,), name=name, span=span))
    elif isinstance(kind, exp.UniqueColumnConstraint):
        constraints.append(Constraint(ConstraintKind.UNIQUE, (column,), name=name, span=span))
    elif isinstance(kind, (exp.ClusteredColumnConstraint, exp.NonClusteredColumnConstraint)):
        clustered = isinstance(kind, exp.ClusteredColumnConstraint)
        if constraints and constraints[-1].kind in (
            ConstraintKind.PRIMARY_KEY,
            ConstraintKind.UNIQUE,
        ):
            constraints[-1] = replace(constraints[-1], clustered=clustered)
    elif isinstance(kind, exp.Reference):
        ref_table, ref_columns = _reference(kind)
        constraints.append(
            Constraint(
                ConstraintKind.FOREIGN_KEY,
                (column,),
                name=name,
                ref_table=ref_table,
                ref_columns=ref_columns,
                span=span,
            )
        )
    elif isinstance(kind, exp.CheckColumnConstraint):
        constraints.append(
            Constraint(
                ConstraintKind.CHECK,
                (column,),
                name=name,
                expression=_literal(kind.this, ctx),
                span=span,
            )
        )
    elif isinstance(kind, exp.GeneratedAsRowColumnConstraint):
        # SQL Server GENERATED ALWAYS AS ROW START | END [HIDDEN] (temporal tables)
        facts.fields["generated"] = "row start" if kind.args.get("start") else "row end"
        if kind.args.get("hidden"):
            facts.fields["hidden"] = True
    elif isinstance(kind, ms_nodes.GeneratedAlwaysColumnConstraint):
        edge = "start" if kind.args.get("start") else "end"
        facts.fields["generated"] = f"{kind.name.lower()} {edge}"
        if kind.args.get("hidden"):
            facts.fields["hidden"] = True
    elif isinstance(kind, td_nodes.BetweenConstraint):
        low, high = _literal(kind.this, ctx), _literal(kind.expression, ctx)
        constraints.append(
            Constraint(
                ConstraintKind.CHECK,
                (column,),
                name=name,
                expression=f"{column} BETWEEN {low} AND {high}",
                span=span,
            )
        )
    elif isinstance(kind, td_nodes.TemporalColumnConstraint):
        facts.fields["generated"] = kind.name.lower()
    else:
        facts.option(type(kind).__name__, _literal(kind, ctx))


def _clustered(node: exp.Expr) -> bool | None:
    value = node.args.get("clustered")
    return value if isinstance(value, bool) else None


def _fill_factor(node: exp.Expr) -> int | None:
    """``WITH (FILLFACTOR = n)`` of a SQL Server key or index (``include.with_storage``)."""
    return _storage_fill_factor(node.args.get("include"))


def _storage_fill_factor(include: t.Any) -> int | None:
    """``FILLFACTOR = n`` among the ``with_storage`` options of ``IndexParameters``."""
    if not isinstance(include, exp.IndexParameters):
        return None
    for prop in include.args.get("with_storage") or []:
        if isinstance(prop, exp.Property) and _ident(prop.this).upper() == "FILLFACTOR":
            return _int(prop.args.get("value"))
    return None


def _included(params: t.Any) -> tuple[str, ...]:
    """SQL Server ``INCLUDE (c, ...)`` of an index (``IndexParameters.include``)."""
    if not isinstance(params, exp.IndexParameters):
        return ()
    return _names(params.args.get("include"))


def _inline_index(node: nodes.InlineIndex, ctx: Context, column: str | None) -> Index:
    clustered = _clustered(node)
    columns = _names(node.expressions) if node.expressions else ((column,) if column else ())
    return Index(
        kind="clustered" if clustered else "nonclustered",
        columns=columns,
        name=_ident(node.this) if node.this is not None else None,
        unique=bool(node.args.get("unique")),
        fill_factor=_fill_factor(node),
        span=ctx.span(node),
        included=_included(node.args.get("include")),
    )


def _reference(ref: exp.Reference) -> tuple[QualifiedName, tuple[str, ...]]:
    target = ref.this
    if isinstance(target, exp.Schema):
        return qualified(target.this), _names(target.expressions)
    return qualified(target), ()


def _column(
    coldef: exp.ColumnDef,
    ctx: Context,
    constraints: list[Constraint],
    indexes: list[Index],
) -> tuple[str, DataType, _ColumnFacts, Span | None]:
    """Read one column definition; the Column is built once nullability is settled."""
    args = coldef.args
    name = _ident(args.get("this"))
    span = ctx.span(coldef)
    facts = _ColumnFacts({})
    for cc in args.get("constraints") or ():
        if isinstance(cc, exp.ColumnConstraint):
            kind = cc.args["kind"]
            if type(kind) is exp.NotNullColumnConstraint:  # the commonest: skip the dispatch
                facts.nullable = bool(kind.args.get("allow_null"))
                continue
            cname = _ident(cc.this) if cc.this is not None else None
            _column_constraint(kind, cname, name, facts, constraints, indexes, ctx, span)
        else:
            _column_constraint(cc, None, name, facts, constraints, indexes, ctx, span)
    fields = facts.fields
    if facts.not_for_replication:
        identity = fields.get("identity")
        if identity is not None:
            fields["identity"] = replace(identity, not_for_replication=True)
        else:
            facts.option("not_for_replication", "true")
    if facts.options:
        fields["options"] = tuple(facts.options)
    kind = args.get("kind")
    dtype = (
        data_type(kind, ctx)
        if kind is not None
        else DataType(
            declared="", name="", family="computed" if fields.get("computed") else "other"
        )
    )
    return name, dtype, facts, span


def _plain_column(
    column: nodes.PlainColumnDef, grammar: str, ctx: Context
) -> tuple[str, DataType, _ColumnFacts, Span | None]:
    """What :func:`_column` reads from the parser's plain column, without building its
    sqlglot nodes (the attributes a plain column can have: ``grammars.nodes.PlainColumn``)."""
    plain = column.plain
    facts = _ColumnFacts({}, plain.nullable)
    if not plain.nullability_only:
        for what, *value in plain.attributes:
            if what == "casespecific":
                facts.fields["case_specific"] = not value[0]
            elif what == "character set":
                facts.fields["character_set"] = value[0].upper()
            elif what == "default":  # its source text, as _column reads it
                literal, parens = value
                facts.fields["default"] = (
                    ctx.text[parens[0][0].start : parens[0][1].end + 1]
                    if parens
                    else _token_text(literal, ctx)
                )
            elif what in ("format", "title"):  # in order, as _column's options
                facts.option(what, ctx.text[value[0].start : value[0].end + 1])
            elif what == "collate":
                facts.fields["collation"] = value[0].text
            elif what == "identity":  # as _column_constraint reads sqlglot's nodes
                facts.fields["identity"] = (
                    Identity(
                        seed=_token_text(value[0], ctx),
                        increment=_token_text(value[1], ctx),
                        always=False if grammar != "tsql" else None,
                    )
                    if value
                    else Identity()
                )
            elif what == "compress":
                values, _wrapped = value
                facts.fields["compression"] = (
                    Compression(values=tuple(_token_text(v, ctx) for v in values))
                    if values
                    else Compression(bare=True)
                )
        if facts.options:
            facts.fields["options"] = tuple(facts.options)
    return (
        column.column_name,
        _read_type(plain.declared, grammar),
        facts,
        ctx.span(column),
    )


def _token_text(token: Token, ctx: Context) -> str:
    """A literal token's source text (quotes included), as ``Context.sql`` gives it."""
    return ctx.text[token.start : token.end + 1]


def _make_column(
    position: int,
    name: str,
    dtype: DataType,
    facts: _ColumnFacts,
    span: Span | None,
    nullable: bool,
) -> Column:
    # Column(name=..., **facts.fields), in about 70% of the time (one per column)
    return new_column(
        name, position, dtype, nullable, facts.nullable is not None, span, facts.fields
    )


# ------------------------------------------------------------------ constraints


def _table_constraint(node: exp.Expr, ctx: Context) -> list[Constraint]:
    """Lower a table-level constraint (named ``Constraint`` or an unnamed key)."""
    span = ctx.span(node)
    name: str | None = None
    parts: list[exp.Expr]
    if isinstance(node, exp.Constraint):
        name = _ident(node.this) if node.this is not None else None
        parts = list(node.expressions)
    else:
        parts = [node]

    kind: ConstraintKind | None = None
    columns: tuple[str, ...] = ()
    clustered: bool | None = None
    fill_factor: int | None = None
    ref_table: QualifiedName | None = None
    ref_columns: tuple[str, ...] = ()
    expression: str | None = None
    connections: tuple[tuple[str, str], ...] = ()
    on_delete: str | None = None
    for part in parts:
        if isinstance(part, exp.PrimaryKey):
            kind = ConstraintKind.PRIMARY_KEY
            columns = _names(part.expressions) or columns
            clustered, fill_factor = _clustered(part), _fill_factor(part)
        elif isinstance(part, exp.PrimaryKeyColumnConstraint):
            kind = ConstraintKind.PRIMARY_KEY
            clustered, fill_factor = _clustered(part), _fill_factor(part)
        elif isinstance(part, exp.UniqueColumnConstraint):
            kind = ConstraintKind.UNIQUE
            columns = _names(part.this) or columns
            clustered, fill_factor = _clustered(part), _fill_factor(part)
        elif isinstance(part, exp.ForeignKey):
            kind = ConstraintKind.FOREIGN_KEY
            columns = _names(part.expressions)
            ref = part.args.get("reference")
            if isinstance(ref, exp.Reference):
                ref_table, ref_columns = _reference(ref)
        elif isinstance(part, exp.Reference):
            ref_table, ref_columns = _reference(part)
        elif isinstance(part, (exp.CheckColumnConstraint, exp.Check)):
            kind = ConstraintKind.CHECK
            expression = _literal(part.this, ctx)
        elif isinstance(part, (exp.ClusteredColumnConstraint, exp.NonClusteredColumnConstraint)):
            clustered = isinstance(part, exp.ClusteredColumnConstraint)
            cols = part.this
            if cols:
                columns = _names(cols)
        elif isinstance(part, exp.IndexColumnConstraint):
            columns = columns or _names(part.expressions)
        elif isinstance(part, ms_nodes.EdgeConnectionConstraint):
            kind = ConstraintKind.CONNECTION
            connections = tuple(
                (_table_name(pair.expressions[0]), _table_name(pair.expressions[1]))
                for pair in part.expressions
            )
            action = part.args.get("on_delete")
            on_delete = _literal(action, ctx) if action is not None else None
    if kind is None:
        return []
    return [
        Constraint(
            kind,
            columns,
            name=name,
            clustered=clustered,
            ref_table=ref_table,
            ref_columns=ref_columns,
            expression=expression,
            fill_factor=fill_factor,
            span=span,
            connections=connections,
            on_delete=on_delete,
        )
    ]


def _table_name(node: exp.Expr) -> str:
    """A table name as written, brackets and quotes removed (``dbo.Person``)."""
    name = qualified(node)
    return ".".join(part for part in (name.catalog, name.schema, name.name) if part)


# ---------------------------------------------------------------------- indexes


def _partition_levels(items: t.Any, ctx: Context) -> tuple[PartitionLevel, ...]:
    if items is None:
        return ()
    if isinstance(items, exp.Expr):
        items = [items]
    flat: list[exp.Expr] = []
    for item in items:
        if isinstance(item, exp.Tuple):
            flat.extend(item.expressions)
        elif isinstance(item, exp.Paren):
            flat.append(item.this)
        elif isinstance(item, exp.Schema):
            flat.extend(item.expressions)
        else:
            flat.append(item)
    levels = []
    counter = ctx.grammar.partition_count
    for level in flat:
        inner = level.this if isinstance(level, nodes.PartitionAdd) else level
        if isinstance(inner, nodes.CaseN):
            kind = "case_n"
        elif isinstance(inner, exp.RangeN):
            kind = "range_n"
        elif isinstance(inner, nodes.ColumnPartition) or (
            isinstance(inner, (exp.Var, exp.Column, exp.Identifier))
            and inner.name.upper() == "COLUMN"
        ):
            kind = "column"
        else:
            kind = "expression"
        levels.append(
            PartitionLevel(
                kind=kind,
                expression=ctx.sql(level) or "",
                partitions=counter(level) if counter is not None else None,
            )
        )
    return tuple(levels)


def _index(node: exp.Index, ctx: Context) -> Index:
    params = node.args.get("params")
    columns: tuple[str, ...] = ()
    partitioning: tuple[PartitionLevel, ...] = ()
    if isinstance(params, exp.IndexParameters):
        columns = _names(params.args.get("columns"))
        partitioning = _partition_levels(params.args.get("partition_by"), ctx)
    if node.args.get("amp"):
        kind = "primary_amp"
    elif node.args.get("primary"):
        kind = "primary_index"
    else:
        kind = "secondary"
    return Index(
        kind=kind,
        columns=columns,
        name=_ident(node.this) if node.this is not None else None,
        unique=bool(node.args.get("unique")),
        partitioning=partitioning,
        span=ctx.span(node),
    )


# ---------------------------------------------------------------------- options

_BLOCK_UNITS = {
    "BYTES": 1,
    "BYTE": 1,
    "KBYTES": 1024,
    "KBYTE": 1024,
    "KILOBYTES": 1024,
    "KILOBYTE": 1024,
}


#: ``WITH name = n`` table options kept typed (Sybase ASE storage options).
_INT_OPTIONS = frozenset({"max_rows_per_page", "exp_row_size", "reservepagegap", "identity_gap"})


def _int(node: t.Any) -> int | None:
    try:
        return int(str(node.name if isinstance(node, exp.Expr) else node))
    except (TypeError, ValueError):
        return None


def _options(create: exp.Create, ctx: Context, indexes: list[Index]) -> TableOptions:
    values: dict[str, t.Any] = {}
    journal: list[str] = []
    extra: list[tuple[str, str]] = []
    props = create.args.get("properties")
    for prop in props.expressions if isinstance(props, exp.Properties) else []:
        if isinstance(prop, exp.SetProperty):
            values["set_semantics"] = "MULTISET" if prop.args.get("multi") else "SET"
        elif isinstance(prop, exp.FallbackProperty):
            values["fallback"] = not prop.args.get("no")
        elif isinstance(prop, nodes.MapProperty):
            values["map"] = _ident(prop.this)
            if prop.args.get("colocate") is not None:
                extra.append(("colocate_using", _literal(prop.args["colocate"], ctx)))
        elif isinstance(prop, exp.DataBlocksizeProperty):
            size = _int(prop.args.get("size"))
            unit = str(prop.args.get("units") or "BYTES").upper()
            if size is not None:
                values["datablocksize"] = size * _BLOCK_UNITS.get(unit, 1)
            else:
                extra.append(("datablocksize", ctx.sql(prop) or ""))
        elif isinstance(prop, exp.FreespaceProperty):
            values["freespace"] = _int(prop.this)
        elif isinstance(prop, exp.JournalProperty):
            journal.append(ctx.sql(prop) or "")
        elif isinstance(prop, exp.ChecksumProperty):
            on = prop.args.get("on")
            values["checksum"] = "DEFAULT" if prop.args.get("default") else ("ON" if on else "OFF")
        elif isinstance(prop, exp.TemporaryProperty):
            values.setdefault("temporary", "TEMPORARY")
        elif isinstance(prop, exp.VolatileProperty):
            values["temporary"] = "VOLATILE"
        elif isinstance(prop, exp.OnCommitProperty):
            values["on_commit"] = "DELETE ROWS" if prop.args.get("delete") else "PRESERVE ROWS"
        elif isinstance(prop, exp.NoPrimaryIndexProperty):
            if not any(ix.kind == "no_primary_index" for ix in indexes):
                indexes.insert(0, Index(kind="no_primary_index"))
        elif isinstance(prop, exp.GlobalProperty):
            values["temporary"] = "GLOBAL TEMPORARY"
        elif isinstance(prop, exp.PartitionedByProperty):
            levels = _partition_levels(prop.this, ctx)
            target = next(
                (i for i, ix in enumerate(indexes) if ix.kind == "no_primary_index"), None
            )
            if target is None:
                indexes.insert(0, Index(kind="no_primary_index", partitioning=levels))
            else:
                indexes[target] = replace(indexes[target], partitioning=levels)
        elif isinstance(prop, exp.OnProperty):
            target = prop.this
            values["filegroup"] = (
                _ident(target) if isinstance(target, exp.Identifier) else ctx.sql(target)
            )
        elif isinstance(prop, nodes.LockSchemeProperty):
            values["lock_scheme"] = _ident(prop.this).upper()
        elif isinstance(prop, nodes.FixTableProperty):
            values["fix"] = bool(prop.args.get("fix"))
            values["share"] = bool(prop.args.get("share"))
        elif isinstance(prop, nodes.RdareaProperty):
            values["rdareas"] = _names(prop.expressions)
        elif isinstance(prop, nodes.RowPartitionProperty):
            values["partitioning"] = _row_partitioning(prop, ctx)
            values["rdareas"] = tuple(p.rdarea for p in values["partitioning"].partitions)
        elif isinstance(prop, nodes.PctFreeProperty):
            values["pctfree_unused"] = _int(prop.this) if prop.this is not None else None
            free = prop.args.get("free_pages")
            values["pctfree_free_pages"] = _int(free) if free is not None else None
        elif isinstance(prop, nodes.TableFlagProperty):
            values[_ident(prop.this).lower().replace(" ", "_")] = True
        elif isinstance(prop, exp.WithSystemVersioningProperty):
            values["system_versioning"] = bool(prop.args.get("on"))
            history = prop.args.get("this")
            if history is not None:
                values["history_table"] = _table_name(history)
            for key in ("data_consistency", "retention_period"):
                if prop.args.get(key) is not None:
                    extra.append((key, _literal(prop.args[key], ctx)))
        elif isinstance(prop, ms_nodes.LedgerProperty):
            if prop.args.get("on"):
                values["ledger"] = "append_only" if prop.args.get("append_only") else "updatable"
            if prop.args.get("view") is not None:
                extra.append(("ledger_view", _table_name(prop.args["view"])))
        elif isinstance(prop, ms_nodes.GraphTableProperty):
            values["graph"] = prop.name.lower()
        elif isinstance(prop, ms_nodes.DistributionProperty):
            values["distribution"] = prop.name.upper()
            values["distribution_columns"] = _names(prop.expressions)
        elif isinstance(prop, ms_nodes.TableIndexProperty):
            values["storage_index"] = ctx.sql(prop) or prop.name
        elif isinstance(prop, ms_nodes.RangePartitionProperty):
            side = prop.args.get("side")
            values["partitioning"] = RowPartitioning(
                kind=f"range {side.name.lower() if side is not None else 'left'}",
                columns=_names([prop.this]),
                boundaries=tuple(_literal(v, ctx) for v in prop.expressions),
            )
        elif isinstance(prop, td_nodes.QueueProperty):
            values["queue"] = True
        elif isinstance(prop, nodes.TextImageOnProperty):
            values["textimage_filegroup"] = _ident(prop.this)
        elif isinstance(prop, nodes.FileStreamOnProperty):
            values["filestream_filegroup"] = _ident(prop.this)
        elif isinstance(prop, nodes.CompressionProperty):
            key = _ident(prop.this).upper()
            value = _literal(prop.args.get("value"), ctx).upper()
            if prop.args.get("partitions"):
                extra.append((key.lower(), ctx.sql(prop) or value))
            elif key == "DATA_COMPRESSION":
                values["data_compression"] = value
            else:
                extra.append((key.lower(), value))
        elif type(prop) is exp.Property:
            key = _ident(prop.this).upper()
            value = _literal(prop.args.get("value"), ctx)
            if key == "DATA_COMPRESSION":
                values["data_compression"] = value.upper()
            elif key == "MEMORY_OPTIMIZED":
                values["memory_optimized"] = value.upper() == "ON"
            elif key.lower() in _INT_OPTIONS and _int(prop.args.get("value")) is not None:
                values[key.lower()] = _int(prop.args.get("value"))
            else:
                extra.append((key.lower(), value))
        else:
            name = type(prop).__name__.removesuffix("Property")
            extra.append((name.lower(), ctx.sql(prop) or ""))
    target = create.this.this if isinstance(create.this, exp.Schema) else create.this
    # ##name: SQL Server's global temporary table; ASE has no global kind (a # name is a
    # session temporary table there, whatever follows the first #).
    ident = target.this if isinstance(target, exp.Table) else None
    if isinstance(ident, exp.Identifier) and ident.args.get("global_"):
        kind = "GLOBAL TEMPORARY" if ctx.grammar.name == "tsql" else "TEMPORARY"
        values.setdefault("temporary", kind)
    return TableOptions(journal=tuple(journal), extra=tuple(extra), **values)


def _row_partitioning(prop: nodes.RowPartitionProperty, ctx: Context) -> RowPartitioning:
    """HiRDB row partitioning (key range, hash, matrix) with its RDAREAs in order."""
    hash_function = prop.args.get("hash_function")
    return RowPartitioning(
        kind=_ident(prop.this).lower(),
        columns=_names(prop.expressions),
        hash_function=_ident(hash_function) if hash_function is not None else None,
        partitions=tuple(
            RdareaPartition(
                _ident(p.this), _literal(p.args["bound"], ctx) if p.args.get("bound") else None
            )
            for p in prop.args.get("partitions") or []
        ),
        boundaries=tuple(_literal(b, ctx) for b in prop.args.get("boundaries") or []),
        dimensions=tuple(_row_partitioning(d, ctx) for d in prop.args.get("dimensions") or []),
    )


# ---------------------------------------------------------------- HiRDB types, indexes


def _abstract_type(tree: nodes.CreateAbstractType, ctx: Context) -> UserType:
    """A HiRDB abstract data type: its attributes are columns; ``base`` is the type itself."""
    constraints: list[Constraint] = []
    indexes: list[Index] = []
    read = [_column(a, ctx, constraints, indexes) for a in tree.expressions]
    attributes = tuple(
        _make_column(i, name, dtype, facts, span, facts.nullable is not False)
        for i, (name, dtype, facts, span) in enumerate(read, start=1)
    )
    name = qualified(tree.this)
    under = tree.args.get("under")
    declared = ctx.sql(tree.this) or str(name)
    return UserType(
        name=name,
        dialect=ctx.grammar.name,
        base=DataType(declared=declared, name=str(name).upper(), family="adt"),
        span=ctx.span(tree),
        attributes=attributes,
        under=qualified(under) if under is not None else None,
    )


def _cluster_key(node: nodes.ClusterKey, ctx: Context) -> Index:
    """HiRDB ``[UNIQUE] CLUSTER KEY (...)``: sized like an index (Design Guide 17.1.3)."""
    unique = bool(node.args.get("unique"))
    return Index("cluster_key", _names(node.expressions), unique=unique, span=ctx.span(node))


def _hirdb_index(tree: nodes.CreateHirdbIndex, ctx: Context) -> Index:
    pctfree = tree.args.get("pctfree")
    return Index(
        kind="secondary",
        columns=_names(tree.expressions),
        name=qualified(tree.this).name,
        unique=bool(tree.args.get("unique")),
        span=ctx.span(tree),
        table=qualified(tree.args["table"]),
        rdareas=_names(tree.args.get("rdareas")),
        pctfree=_int(pctfree) if pctfree is not None else None,
        options=tuple(_literal(o, ctx) for o in tree.args.get("options") or []),
    )


# ------------------------------------------------------------------ table changes


def table_changes(tree: exp.Alter | exp.Create, ctx: Context) -> tuple[TableChange, ...]:
    """What an ``ALTER TABLE ... ADD`` or ``CREATE INDEX`` adds to a table, as changes the
    link pass applies to it wherever it is defined (docs/decisions.md D76).

    ``ALTER TABLE t [WITH [NO]CHECK] ADD [CONSTRAINT n] PRIMARY KEY | UNIQUE | FOREIGN KEY |
    CHECK ...[, ...]`` gives one ``alter table`` change per constraint (SQL Server ALTER TABLE
    ``table_constraint``; ASE Reference Manual, alter table, ``add constraint``; Teradata SQL
    DDL, ALTER TABLE, ``ADD [CONSTRAINT]``), each constraint spanning its own text.  Any
    other action (a column, ``DEFAULT ... FOR``, ``DROP``, ...) leaves the whole statement
    skipped, as before: nothing of it is half read.
    """
    statement = _statement_span(ctx)
    if isinstance(tree, exp.Create):
        return (
            TableChange(
                "create index",
                _index_table(tree),
                index=_created_index(tree, ctx),
                span=ctx.span(tree) or statement,
            ),
        )
    if str(tree.args.get("kind") or "").upper() != "TABLE":
        raise NotStored("alter table", "not DDL ddlaudit analyses")
    table = qualified(tree.this)
    changes: list[TableChange] = []
    for action in tree.args.get("actions") or ():
        constraints = (
            [c for item in action.expressions for c in _table_constraint(item, ctx)]
            if isinstance(action, exp.AddConstraint)
            else []
        )
        if not constraints or len(constraints) < len(action.expressions):
            raise NotStored(
                "alter table",
                "an ALTER TABLE that does more than add keys and check constraints is not analysed",
            )
        changes.extend(TableChange("alter table", table, c, span=statement) for c in constraints)
    if not changes:
        raise NotStored("alter table", "not DDL ddlaudit analyses")
    return tuple(changes)


def _statement_span(ctx: Context) -> Span | None:
    if ctx.index is None:
        return None
    return ctx.index.span(ctx.path, ctx.offset, ctx.offset + len(ctx.text))


def _index_table(create: exp.Create) -> QualifiedName:
    return qualified(create.this.args["table"])


def _created_index(create: exp.Create, ctx: Context) -> Index:
    """``CREATE [UNIQUE] [CLUSTERED | NONCLUSTERED] INDEX n ON t (c, ...)`` (SQL Server, ASE)
    or Teradata ``CREATE [UNIQUE] INDEX [n] (c, ...) ON t`` (a USI / NUSI)."""
    index = create.this
    words = str(create.args.get("kind") or "").upper().split()
    params = index.args.get("params")
    if "CLUSTERED" in words:
        kind = "clustered"
    elif ctx.grammar.name == "teradata":
        kind = "secondary"  # as the table-level [UNIQUE] INDEX of CREATE TABLE
    else:
        kind = "nonclustered"  # SQL Server and ASE: nonclustered unless CLUSTERED is said
    name = index.this
    return Index(
        kind=kind,
        columns=_names(params.args.get("columns")) if params is not None else (),
        name=_ident(name) if name is not None else None,
        unique=bool(create.args.get("unique") or index.args.get("unique")),
        fill_factor=_storage_fill_factor(params),
        span=ctx.span(create) or _statement_span(ctx),
        table=_index_table(create),
        included=_included(params),
    )


# ------------------------------------------------------------------------ table


def _graph_kind(create: exp.Create) -> str | None:
    props = create.args.get("properties")
    for prop in props.expressions if isinstance(props, exp.Properties) else []:
        if isinstance(prop, ms_nodes.GraphTableProperty):
            return prop.name.lower()
    return None


def _implicit(name: str, position: int, type_name: str, nullable: bool) -> Column:
    """A column SQL Server adds to every row of the table without it being declared."""
    family = "integer"
    dtype = DataType(declared=type_name, name=type_name, family=family)
    return Column(
        name=name,
        position=position,
        type=dtype,
        nullable=nullable,
        nullable_explicit=False,
        generated=name,
        hidden=True,
        implicit=True,
    )


#: The internal columns of a graph table (SQL Graph Architecture: a node's ``$node_id`` and
#: an edge's ``$edge_id`` combine the table's object id with "an internally generated bigint
#: value"; ``$from_id`` / ``$to_id`` name a node by its table's object id (int) and its graph
#: id (bigint), as ``NODE_ID_FROM_PARTS (object_id int, graph_id bigint)`` takes them).  The
#: ``$..._id`` pseudo-columns themselves are computed JSON, not stored (docs/decisions.md D101).
_GRAPH_COLUMNS = {
    "node": (("graph_id", "BIGINT"),),
    "edge": (
        ("graph_id", "BIGINT"),
        ("from_obj_id", "INT"),
        ("from_id", "BIGINT"),
        ("to_obj_id", "INT"),
        ("to_id", "BIGINT"),
    ),
}

#: The GENERATED ALWAYS columns SQL Server adds to a ledger table that declares none
#: (Updatable ledger tables / Append-only ledger tables, "... table schema": bigint,
#: default names), with their nullability (the END ones are NULL while the row is current).
_LEDGER_COLUMNS = {
    "updatable": (
        ("ledger_start_transaction_id", False),
        ("ledger_end_transaction_id", True),
        ("ledger_start_sequence_number", False),
        ("ledger_end_sequence_number", True),
    ),
    "append_only": (
        ("ledger_start_transaction_id", False),
        ("ledger_start_sequence_number", False),
    ),
}


def _with_implicit_columns(
    columns: tuple[Column, ...], options: TableOptions
) -> tuple[Column, ...]:
    """``columns`` with the graph internals first and the default ledger columns last."""
    graph = _GRAPH_COLUMNS.get(options.graph or "", ())
    ledger: tuple[tuple[str, bool], ...] = ()
    if options.ledger and not any(
        c.generated and c.generated.startswith("transaction_id") for c in columns
    ):
        ledger = _LEDGER_COLUMNS[options.ledger]
    if not graph and not ledger:
        return columns
    head = [_implicit(name, i, kind, False) for i, (name, kind) in enumerate(graph, start=1)]
    body = [replace(c, position=c.position + len(head)) for c in columns]
    tail = []
    for i, (name, nullable) in enumerate(ledger, start=len(head) + len(body) + 1):
        edge, what = name.removeprefix("ledger_").split("_", 1)  # start, transaction_id
        tail.append(replace(_implicit(name, i, "BIGINT", nullable), generated=f"{what} {edge}"))
    return (*head, *body, *tail)


def _table(create: exp.Create, ctx: Context) -> Table:
    schema = create.this
    graph = _graph_kind(create)
    if not isinstance(schema, exp.Schema) and graph is not None:
        # CREATE TABLE likes AS EDGE: no user columns, only the graph internals
        schema = exp.Schema(this=schema, expressions=[])
    if not isinstance(schema, exp.Schema):
        raise BuildError("CREATE TABLE without a column list (CREATE TABLE ... AS is not sized)")
    constraints: list[Constraint] = []
    inline: list[Index] = []
    pending: list[tuple[str, DataType, _ColumnFacts, Span | None]] = []
    period: tuple[str, ...] = ()
    period_as: str | None = None
    grammar = ctx.grammar.name
    items = schema.expressions
    groups = [g for g in items if isinstance(g, td_nodes.ColumnGroup)]
    if groups:  # Teradata COLUMN (...) / ROW (...) in the column list: its columns, in order
        items = [
            c
            for g in items
            for c in (g.expressions if isinstance(g, td_nodes.ColumnGroup) else [g])
        ]
    for item in items:
        if type(item) is nodes.PlainColumnDef:
            pending.append(_plain_column(item, grammar, ctx))
        elif isinstance(item, exp.ColumnDef):
            pending.append(_column(item, ctx, constraints, inline))
        elif isinstance(item, nodes.InlineIndex):
            inline.append(_inline_index(item, ctx, None))
        elif isinstance(item, nodes.ClusterKey):
            inline.append(_cluster_key(item, ctx))
        elif isinstance(item, exp.PeriodForSystemTimeConstraint):
            period = (_ident(item.this), _ident(item.expression))
        elif isinstance(item, td_nodes.PeriodForConstraint):
            period = (_ident(item.this), *_names(item.expressions))
            if item.args.get("temporal") is not None:
                period_as = item.args["temporal"].name.lower()
        else:
            if isinstance(item, exp.Constraint):  # HiRDB: ... CHECK (...) CLUSTER KEY (...)
                keys = [p for p in item.expressions if isinstance(p, nodes.ClusterKey)]
                inline.extend(_cluster_key(k, ctx) for k in keys)
            constraints.extend(_table_constraint(item, ctx))
    if not pending and graph is None:
        raise BuildError("CREATE TABLE declares no columns")

    indexes = [_index(ix, ctx) for ix in create.args.get("indexes") or []] + inline
    options = _options(create, ctx, indexes)
    pk = _primary_key_columns(constraints)
    columns = tuple(
        # HiRDB: "NOT NULL is assumed for all columns of a table with FIX" (SQL Reference)
        _make_column(
            i, name, dtype, facts, span, _nullable(name, facts, pk, ctx.grammar) and not options.fix
        )
        for i, (name, dtype, facts, span) in enumerate(pending, start=1)
    )
    if period:
        options = replace(options, period=period)
    if groups:
        found = tuple(("column_group", ctx.sql(g) or "") for g in groups)
        options = replace(options, extra=(*options.extra, *found))
    if period_as:  # Teradata PERIOD FOR p (s, e) AS VALIDTIME | TRANSACTIONTIME
        options = replace(options, extra=(*options.extra, ("period_as", period_as)))
    columns = _with_implicit_columns(columns, options)
    return Table(
        name=qualified(schema.this),
        dialect=ctx.grammar.name,
        columns=columns,
        constraints=tuple(constraints),
        indexes=tuple(indexes),
        options=options,
        span=ctx.span(create),
    )


def _primary_key_columns(constraints: list[Constraint]) -> frozenset[str]:
    return frozenset(
        name.lower()
        for c in constraints
        if c.kind is ConstraintKind.PRIMARY_KEY
        for name in c.columns
    )


def _nullable(name: str, facts: _ColumnFacts, pk: frozenset[str], grammar: Grammar) -> bool:
    """Apply the dialect's default nullability (docs/decisions.md, D3).

    An explicit NULL / NOT NULL wins.  Otherwise primary-key and identity
    columns are NOT NULL (every dialect here enforces it) and the rest take the
    grammar's default (``Grammar.default_nullable``: NULL for SQL Server and
    Teradata, NOT NULL for Sybase ASE).
    """
    if facts.nullable is not None:
        return facts.nullable
    if name.lower() in pk or facts.fields.get("identity") is not None:
        return False
    return grammar.default_nullable


# ------------------------------------------------------------------ replication

#: What the Sybase grammar's replication statements lower to (FileResult fields of their own).
Replicated = (
    ReplicationDefinition
    | ReplicationDefinitionChange
    | FunctionReplicationDefinition
    | Subscription
    | Publication
    | TableChange
    | PublicationChange
)

_REPLICATION_NODES = (
    nodes.CreateReplicationDefinition,
    nodes.AlterReplicationDefinition,
    nodes.CreateFunctionReplicationDefinition,
    nodes.CreateSubscription,
    nodes.CreatePublication,
    nodes.AseKeyProcedure,
    nodes.AseReplicationMark,
    nodes.SqlRemoteArticle,
    nodes.ReportOnly,
)

_KEY_KINDS = {
    "sp_primarykey": ConstraintKind.PRIMARY_KEY,
    "sp_foreignkey": ConstraintKind.FOREIGN_KEY,
    "sp_commonkey": ConstraintKind.COMMON_KEY,
}


def _strings(value: t.Any) -> tuple[str, ...]:
    return tuple(str(v) for v in value or ())


def _text(value: t.Any) -> str | None:
    return None if value is None else str(value)


def _replicated_column(node: nodes.RclColumn, ctx: Context) -> ReplicatedColumn:
    kind, published = node.args.get("kind"), node.args.get("map_to")
    nullable = node.args.get("nullable")
    return ReplicatedColumn(
        name=str(node.this),
        type=data_type(kind, ctx) if isinstance(kind, exp.DataType) else None,
        replicate_name=_text(node.args.get("replicate")),
        nullable=nullable if isinstance(nullable, bool) else None,
        map_to=data_type(published, ctx) if isinstance(published, exp.DataType) else None,
        computed=bool(node.args.get("computed")),
        quoted=bool(node.args.get("quoted")),
        span=ctx.span(node),
    )


def _article(node: nodes.PublicationArticle, ctx: Context, span: Span | None) -> Article:
    return Article(
        table=qualified(node.this),
        columns=_strings(node.expressions),
        where=_text(node.args.get("where")),
        subscribe_by=_text(node.args.get("subscribe_by")),
        span=ctx.span(node) or span,
    )


def replication(tree: exp.Expr, ctx: Context) -> Replicated:
    """Lower an RCL, SQL Remote or ASE key / replication-marking statement (grammars/rcl.py,
    grammars/sybase.py) to its IR record; the link pass ties the records to the tables."""
    span = ctx.span(tree)
    args = tree.args
    if isinstance(tree, nodes.ReportOnly):
        raise NotStored(str(tree.this), str(args.get("reason")))
    if isinstance(tree, nodes.CreateReplicationDefinition):
        name = str(tree.this)
        primary, replicate = args.get("primary_table"), args.get("replicate_table")
        minimal = args.get("minimal")
        return ReplicationDefinition(
            name=name,
            primary_dataserver=str(args["server"]),
            primary_database=str(args["database"]),
            # the definition's name names an unnamed table (Reference Manual)
            primary_table=qualified(primary) if primary is not None else QualifiedName(name),
            replicate_table=qualified(replicate) if replicate is not None else QualifiedName(name),
            columns=tuple(_replicated_column(c, ctx) for c in tree.expressions),
            primary_key=_strings(args.get("primary_key")),
            searchable_columns=_strings(args.get("searchable")),
            send_standby=_text(args.get("send_standby")),
            minimal_columns=minimal if isinstance(minimal, bool) else None,
            replicate_if_changed=_strings(args.get("if_changed")),
            always_replicate=_strings(args.get("always")),
            options=tuple((str(k), str(v)) for k, v in args.get("options") or ()),
            span=span,
        )
    if isinstance(tree, nodes.AlterReplicationDefinition):
        return ReplicationDefinitionChange(
            name=str(tree.this),
            action=str(args["action"]),
            columns=tuple(_replicated_column(c, ctx) for c in tree.expressions),
            names=_strings(args.get("names")),
            value=_text(args.get("value")),
            span=span,
        )
    if isinstance(tree, nodes.CreateFunctionReplicationDefinition):
        return FunctionReplicationDefinition(
            name=str(tree.this),
            kind=str(args["kind"]),
            primary_dataserver=str(args["server"]),
            primary_database=str(args["database"]),
            parameters=tuple(_replicated_column(c, ctx) for c in tree.expressions),
            searchable_parameters=_strings(args.get("searchable")),
            deliver_as=_text(args.get("deliver_as")),
            primary_function=_text(args.get("primary_function")),
            replicate_function=_text(args.get("replicate_function")),
            send_standby=_text(args.get("send_standby")),
            span=span,
        )
    if isinstance(tree, nodes.CreateSubscription):
        return Subscription(
            name=_text(tree.this),
            kind=str(args["kind"]),
            target=str(args["target"]),
            target_kind=str(args["target_kind"]),
            primary_dataserver=_text(args.get("primary_server")),
            primary_database=_text(args.get("primary_database")),
            replicate_dataserver=_text(args.get("replicate_server")),
            replicate_database=_text(args.get("replicate_database")),
            where=_text(args.get("where")),
            user=_text(args.get("user")),
            subscribe_by=_text(args.get("subscribe_by")),
            options=_strings(args.get("options")),
            span=span,
        )
    if isinstance(tree, nodes.CreatePublication):
        return Publication(
            name=qualified(tree.this),
            kind=str(args["kind"]),
            articles=tuple(_article(a, ctx, span) for a in tree.expressions),
            primary_dataserver=_text(args.get("server")),
            primary_database=_text(args.get("database")),
            options=_strings(args.get("options")),
            span=span,
        )
    if isinstance(tree, nodes.SqlRemoteArticle):
        return PublicationChange(
            procedure=str(args["procedure"]),
            publication=str(tree.this),
            article=_article(args["article"], ctx, span),
            span=span,
        )
    procedure = str(args["procedure"])
    if isinstance(tree, nodes.AseKeyProcedure):
        ref = args.get("ref_table")
        constraint = Constraint(
            _KEY_KINDS[procedure],
            _strings(tree.expressions),
            ref_table=qualified(ref) if ref is not None else None,
            ref_columns=_strings(args.get("ref_columns")),
            span=span,
            declared_by=procedure,
        )
        return TableChange(procedure, qualified(tree.this), constraint=constraint, span=span)
    # AseReplicationMark: what this one call says; the link pass folds them per table
    state = args.get("state")
    owner = args.get("owner")
    status = args.get("status")
    marking = ReplicationMarking(
        replicated=None if state is None else state == "true",
        never=state == "never",
        owner_on=owner if isinstance(owner, bool) else None,
        use_index=bool(args.get("use_index")),
        marked_by=(procedure,),
        columns=(ColumnReplication(_text(args.get("column")), str(status), span),)
        if status is not None
        else (),
    )
    return TableChange(procedure, qualified(tree.this), marking=marking, span=span)
