"""Replication objects: the Sybase grammar's replication statements (Replication Server RCL,
SQL Remote, ASE ``sp_primarykey`` / ``sp_setreplicate`` ...; grammars/rcl.py,
grammars/sybase.py) → their IR records (:data:`Replicated`), which the link pass ties to
the tables (:mod:`analyzer.passes.link_replication`).

>>> import grammars
>>> from sqlglot.errors import ErrorLevel
>>> g = grammars.get("sybase")
>>> sql = "sp_primarykey authors, au_id"
>>> tree = g.dialect().parse(sql, error_level=ErrorLevel.RAISE)[0]
>>> change = replication(tree, Context(path="x.sql", grammar=g, text=sql, offset=0, index=None))
>>> change.procedure, str(change.table), change.constraint.columns
('sp_primarykey', 'authors', ('au_id',))
"""

from __future__ import annotations

import typing as t

from sqlglot import exp

from analyzer.build.context import Context, NotStored, data_type, qualified
from analyzer.ir import (
    Article,
    ColumnReplication,
    Constraint,
    ConstraintKind,
    FunctionReplicationDefinition,
    Publication,
    PublicationChange,
    QualifiedName,
    ReplicatedColumn,
    ReplicationDefinition,
    ReplicationDefinitionChange,
    ReplicationMarking,
    Span,
    Subscription,
    TableChange,
)
from grammars import nodes

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


REPLICATION_NODES = (
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
