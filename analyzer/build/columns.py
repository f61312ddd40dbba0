"""Columns: a column definition and its column constraints → the fields of a :class:`Column`.

:func:`read_column` reads sqlglot's ``ColumnDef`` (NULL / NOT NULL, DEFAULT, IDENTITY,
computed columns, collation and character set, Teradata COMPRESS / FORMAT / TITLE, SQL
Server SPARSE / FILESTREAM / ROWGUIDCOL / GENERATED ALWAYS, HiRDB LOB RDAREAs, ...; column
keys, references and checks go to the table's constraints), :func:`read_plain_column` the
grammar's plain column (``grammars.nodes.PlainColumnDef``) without building its nodes;
:func:`make_column` makes the :class:`Column` once :func:`column_nullable` has settled the
dialect's default nullability (docs/decisions.md D3).

>>> import grammars
>>> from sqlglot.errors import ErrorLevel
>>> g = grammars.get("tsql")
>>> sql = "CREATE TABLE t (id int IDENTITY(1, 1) NOT NULL, code char(4) DEFAULT 'x')"
>>> coldefs = g.dialect().parse(sql, error_level=ErrorLevel.RAISE)[0].this.expressions
>>> ctx = Context(path="x.sql", grammar=g, text=sql, offset=0, index=None)
>>> name, dtype, facts, span = read_column(coldefs[1], ctx, [], [])
>>> name, dtype.declared, facts.fields["default"], column_nullable(name, facts, frozenset(), g)
('code', 'char(4)', "'x'", True)
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass, replace

from sqlglot import exp
from sqlglot.tokenizer_core import Token

from analyzer.build.constraints import reference_of
from analyzer.build.context import Context, data_type, name_of, names_of, read_type, text_of
from analyzer.ir import (
    Column,
    Compression,
    Computed,
    Constraint,
    ConstraintKind,
    DataType,
    Identity,
    Index,
    LobAttributeRdareas,
    Span,
    new_column,
)
from grammars import nodes
from grammars import nodes as ms_nodes  # SQL Server's, in grammars.nodes (D108)
from grammars import nodes as td_nodes  # Teradata's, in grammars.nodes (D108)
from grammars.base import Grammar


class ColumnFields(t.TypedDict, total=False):
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
class ColumnFacts:
    """Mutable accumulator used while walking one column's constraints.

    ``nullable`` is an explicit NULL / NOT NULL; :func:`read_column` moves ``options``
    into ``fields`` once the column is read.
    """

    fields: ColumnFields
    nullable: bool | None = None
    not_for_replication: bool = False
    options: list[tuple[str, str]] | None = None

    def option(self, key: str, value: str) -> None:
        if self.options is None:
            self.options = []
        self.options.append((key, value))


def _compression(kind: exp.CompressColumnConstraint, ctx: Context) -> Compression:
    value = kind.this
    if value is None:
        return Compression(bare=True)
    items = value if isinstance(value, list) else [value]
    flat: list[str] = []
    for item in items:
        if isinstance(item, (exp.Tuple, exp.Paren)):
            inner = item.expressions if isinstance(item, exp.Tuple) else [item.this]
            flat.extend(text_of(i, ctx) for i in inner)
        else:
            flat.append(text_of(item, ctx))
    return Compression(values=tuple(flat))


def _column_constraint(
    kind: exp.Expr,
    name: str | None,
    column: str,
    facts: ColumnFacts,
    constraints: list[Constraint],
    indexes: list[Index],
    ctx: Context,
    span: Span | None,
) -> None:
    """Fold one column constraint into ``facts``, ``constraints`` or ``indexes``."""
    if isinstance(kind, exp.NotNullColumnConstraint):
        facts.nullable = bool(kind.args.get("allow_null"))
    elif isinstance(kind, exp.DefaultColumnConstraint):
        facts.fields["default"] = text_of(kind.this, ctx)
    elif isinstance(kind, exp.GeneratedAsIdentityColumnConstraint):
        always = kind.args.get("this")
        facts.fields["identity"] = Identity(
            seed=text_of(kind.args["start"], ctx) if kind.args.get("start") else None,
            increment=text_of(kind.args["increment"], ctx) if kind.args.get("increment") else None,
            always=always if isinstance(always, bool) and ctx.grammar.name != "tsql" else None,
        )
    elif isinstance(kind, exp.AutoIncrementColumnConstraint):
        facts.fields["identity"] = Identity()
    elif isinstance(kind, exp.NotForReplicationColumnConstraint):
        facts.not_for_replication = True
    elif isinstance(kind, exp.ComputedColumnConstraint):
        facts.fields["computed"] = Computed(
            expression=text_of(kind.this, ctx), persisted=bool(kind.args.get("persisted"))
        )
        if kind.args.get("not_null"):
            facts.nullable = False
    elif isinstance(kind, exp.CharacterSetColumnConstraint):
        facts.fields["character_set"] = name_of(kind.this).upper()
    elif isinstance(kind, exp.CollateColumnConstraint):
        facts.fields["collation"] = name_of(kind.this)
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
            compress_using=text_of(kind.args.get("compress"), ctx)
            if kind.args.get("compress")
            else None,
            decompress_using=text_of(kind.args.get("decompress"), ctx)
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
        facts.option("named", text_of(kind.this, ctx))
    elif isinstance(kind, nodes.ColumnOption):
        value = kind.args.get("value")
        facts.option(text_of(kind.this, ctx).lower(), text_of(value, ctx) if value else "true")
    elif isinstance(kind, nodes.SuppressColumnConstraint):
        facts.fields["suppress"] = True
    elif isinstance(kind, nodes.NoSplitColumnConstraint):
        facts.fields["no_split"] = True
    elif isinstance(kind, nodes.RecoveryColumnConstraint):
        facts.fields["recovery"] = name_of(kind.this).upper()
    elif isinstance(kind, nodes.LobRdareaColumnConstraint):
        facts.fields["lob_rdareas"] = names_of(kind.expressions)
    elif isinstance(kind, nodes.AllocateColumnConstraint):
        facts.fields["attribute_rdareas"] = tuple(
            LobAttributeRdareas(name_of(item.this), names_of(item.expressions))
            for item in kind.expressions
        )
    elif isinstance(kind, nodes.ClusterKey):
        columns = names_of(kind.expressions) if kind.expressions else (column,)
        indexes.append(
            Index("cluster_key", columns, unique=bool(kind.args.get("unique")), span=span)
        )
    elif isinstance(kind, exp.DateFormatColumnConstraint):
        facts.option("format", text_of(kind.this, ctx))
    elif isinstance(kind, exp.TitleColumnConstraint):
        facts.option("title", text_of(kind.this, ctx))
    elif isinstance(kind, exp.InlineLengthColumnConstraint):
        facts.option("inline_length", text_of(kind.this, ctx))
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
        ref_table, ref_columns = reference_of(kind)
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
                expression=text_of(kind.this, ctx),
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
        low, high = text_of(kind.this, ctx), text_of(kind.expression, ctx)
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
        facts.option(type(kind).__name__, text_of(kind, ctx))


def read_column(
    coldef: exp.ColumnDef,
    ctx: Context,
    constraints: list[Constraint],
    indexes: list[Index],
) -> tuple[str, DataType, ColumnFacts, Span | None]:
    """Read one column definition; the Column is built once nullability is settled."""
    args = coldef.args
    name = name_of(args.get("this"))
    span = ctx.span(coldef)
    facts = ColumnFacts({})
    for cc in args.get("constraints") or ():
        if isinstance(cc, exp.ColumnConstraint):
            kind = cc.args["kind"]
            if type(kind) is exp.NotNullColumnConstraint:  # the commonest: skip the dispatch
                facts.nullable = bool(kind.args.get("allow_null"))
                continue
            cname = name_of(cc.this) if cc.this is not None else None
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


def read_plain_column(
    column: nodes.PlainColumnDef, grammar: str, ctx: Context
) -> tuple[str, DataType, ColumnFacts, Span | None]:
    """What :func:`read_column` reads from the parser's plain column, without building its
    sqlglot nodes (the attributes a plain column can have: ``grammars.nodes.PlainColumn``)."""
    plain = column.plain
    facts = ColumnFacts({}, plain.nullable)
    if not plain.nullability_only:
        for what, *value in plain.attributes:
            if what == "casespecific":
                facts.fields["case_specific"] = not value[0]
            elif what == "character set":
                facts.fields["character_set"] = value[0].upper()
            elif what == "default":  # its source text, as read_column reads it
                literal, parens = value
                facts.fields["default"] = (
                    ctx.text[parens[0][0].start : parens[0][1].end + 1]
                    if parens
                    else _token_text(literal, ctx)
                )
            elif what in ("format", "title"):  # in order, as read_column's options
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
        read_type(plain.declared, grammar),
        facts,
        ctx.span(column),
    )


def _token_text(token: Token, ctx: Context) -> str:
    """A literal token's source text (quotes included), as ``Context.sql`` gives it."""
    return ctx.text[token.start : token.end + 1]


def make_column(
    position: int,
    name: str,
    dtype: DataType,
    facts: ColumnFacts,
    span: Span | None,
    nullable: bool,
) -> Column:
    # Column(name=..., **facts.fields), in about 70% of the time (one per column)
    return new_column(
        name, position, dtype, nullable, facts.nullable is not None, span, facts.fields
    )


def column_nullable(name: str, facts: ColumnFacts, pk: frozenset[str], grammar: Grammar) -> bool:
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
