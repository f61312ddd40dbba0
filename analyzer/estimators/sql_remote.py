"""SQL Remote: the transaction-log volume marked tables add, the messages, the subscription column.

SQL Remote User's Guide, "Principles of SQL Remote Design" (seed ``sql-remote-design.txt``):
"When a table is marked for replication using sp_add_remote_table (which calls
sp_setreplicate), Adaptive Server Enterprise places an entire before image of the row in
the transaction log for deletes, and entire after image for inserts, and both images for
updates."  The image is the ASE data row (the ``ase`` estimator's row size, with the run's
``--fill`` / ``--averages``); text and image values are logged apart and not counted (D68).

The Message Agent "parcels the log entries up into messages no larger than a fixed
maximum size (50,000 bytes by default)" (``dbremote -l``; ``[size.replication]
sql_remote_max_message``).  "In a SQL Remote for Adaptive Server Enterprise publication,
the subscription expression must be a column.  The subscription column contains either a
single value or a comma-separated list of values": :func:`subscription_column` checks it.

>>> images("insert"), images("delete"), images("update")
(1, 1, 2)
"""

from __future__ import annotations

import math
import re
import typing as t
from collections.abc import Sequence
from dataclasses import replace

from analyzer import passes
from analyzer.ir import Article, FileResult, Publication, QualifiedName, Span, Subscription, Table
from analyzer.records import record
from analyzer.settings import SizingSettings
from analyzer.worksheet import Step, Term, Worksheet

if t.TYPE_CHECKING:  # annotations only: YAML loads on demand (D108)
    from analyzer.workload import TableLoad

_GUIDE = "SQL Remote User's Guide, Principles of SQL Remote Design"
_IDENT = re.compile(r"^\s*[\[\"]?[A-Za-z_#@][\w#@$]*[\]\"]?\s*$")
_IMAGES = {"insert": ("after",), "delete": ("before",), "update": ("before", "after")}


def images(operation: str) -> int:
    """Row images ASE logs for a marked table: after (insert), before (delete), both (update)."""
    return len(_IMAGES[operation])


@record
class SubscriptionColumn:
    """What :func:`subscription_column` found about an ASE article's subscription column.

    ``problem`` is None when the column is fine, else ``missing``, ``expression``,
    ``not_character`` or ``too_narrow``; ``needed`` is the characters the longest
    comma-separated list of the publication's subscription values takes.
    """

    article: str
    expression: str | None
    problem: str | None
    declared: str | None = None
    length: int | None = None
    needed: int = 0
    values: tuple[str, ...] = ()


@record
class ArticleLog:
    """Log volume and messages of one article of a SQL Remote publication."""

    path: str
    publication: str
    kind: str
    table: QualifiedName
    row_bytes: int
    marked: bool
    bytes_per_operation: tuple[tuple[str, int], ...]
    rows_per_message: tuple[tuple[str, int], ...]
    subscribers: int
    log_bytes_per_second: float | None
    messages_per_hour: int | None
    subscription: SubscriptionColumn | None
    worksheet: Worksheet
    span: Span | None = None


def _row_bytes(table: Table, path: str, sizing: SizingSettings) -> tuple[int, str]:
    """The ASE data row of ``table`` (the ``ase`` estimator, the run's fill / averages)."""
    from analyzer.estimators import ase

    ase_sizing = replace(sizing, platform="ase")
    r = passes.run(
        FileResult(path, table.dialect, None, tables=(table,)),
        passes.SIZING_RULES,
        sizing=ase_sizing,
    )
    estimate = ase.estimate(r.tables[0], path, ase_sizing)
    return estimate.row_bytes, f"ASE {estimate.platform} data row"


def subscription_column(
    article: Article, table: Table | None, kind: str, values: Sequence[str]
) -> SubscriptionColumn:
    """Check an article's subscription column (SQL Remote for ASE: a column, wide enough)."""
    expr = article.subscribe_by
    name = article.table.name
    if expr is None:
        return SubscriptionColumn(name, None, None)
    if kind != "sql_remote_ase":
        return SubscriptionColumn(name, expr, None)  # SQL Anywhere: any expression
    if not _IDENT.match(expr):
        return SubscriptionColumn(name, expr, "expression")
    column = table.column(expr.strip().strip('[]"')) if table is not None else None
    if column is None:
        return SubscriptionColumn(name, expr, "missing")
    distinct = tuple(dict.fromkeys(values))
    needed = sum(len(v) for v in distinct) + max(0, len(distinct) - 1)
    dt = column.type
    if dt.family not in ("char", "varchar", "nchar", "nvarchar"):
        problem = "not_character" if len(distinct) > 1 else None
        return SubscriptionColumn(name, expr, problem, dt.declared, dt.length, needed, distinct)
    length = dt.length if dt.length is not None else 1
    problem = "too_narrow" if length < needed else None
    return SubscriptionColumn(name, expr, problem, dt.declared, length, needed, distinct)


def article_log(
    publication: Publication,
    article: Article,
    table: Table,
    path: str,
    sizing: SizingSettings,
    subscriptions: Sequence[Subscription] = (),
    load: TableLoad | None = None,
) -> ArticleLog:
    """The log volume, message count and subscription-column check of one article."""
    rep = sizing.replication
    row, why = _row_bytes(table, path, sizing)
    marked = table.replication is not None and bool(table.replication.replicated)
    ws = Worksheet(f"{publication.name.name}.{table.name.name}: transaction log", _GUIDE)
    ws = ws.add(Step("Row", "Row image", why, row))
    per_op = []
    for op in ("insert", "delete", "update"):
        n = images(op)
        per_op.append((op, n * row))
        ws = ws.add(
            Step(
                op,
                f"Log bytes per {op}",
                f"{n} image(s) x row",
                n * row,
                tuple(Term(f"{kind} image", row) for kind in _IMAGES[op]),
            )
        )
    per_message = tuple((op, rep.sql_remote_max_message // b if b else 0) for op, b in per_op)
    subs = [s for s in subscriptions if s.target.lower() == publication.name.name.lower()]
    volume = hourly = None
    if load is not None:
        rates = (("insert", load.inserts), ("delete", load.deletes), ("update", load.updates))
        terms = tuple(
            Term(f"{rate:g} {op}s/s x {images(op)} x {row}", rate * images(op) * row)
            for op, rate in rates
        )
        volume = sum(tm.value for tm in terms)
        ws = ws.add(Step("V", "Log bytes per second", "sum(rate x images x row)", volume, terms))
        per_subscriber = math.ceil(volume * 3600 / rep.sql_remote_max_message)
        hourly = per_subscriber * max(1, len(subs))
        ws = ws.add(
            Step(
                "M",
                "Messages per hour",
                f"ceil(volume x 3600 / {rep.sql_remote_max_message:,}) x subscribers",
                hourly,
                (Term("per subscriber", per_subscriber), Term("subscribers", max(1, len(subs)))),
                note="upper bound: every subscriber receives every row",
            )
        )
    check = subscription_column(
        article, table, publication.kind, [s.subscribe_by for s in subs if s.subscribe_by]
    )
    return ArticleLog(
        path=path,
        publication=publication.name.name,
        kind=publication.kind,
        table=table.name,
        row_bytes=row,
        marked=marked,
        bytes_per_operation=tuple(per_op),
        rows_per_message=per_message,
        subscribers=len(subs),
        log_bytes_per_second=volume,
        messages_per_hour=hourly,
        subscription=check,
        worksheet=ws,
        span=article.span or publication.span,
    )


def _articles(
    results: Sequence[FileResult],
) -> t.Iterator[tuple[Publication, Article, Table, str]]:
    """``(publication, article, table, table's path)`` of every article of every SQL Remote
    publication of the run whose table is in the input."""
    tables = {tb.name.name.lower(): (r.path, tb) for r in results for tb in r.tables}
    for r in results:
        for pub in r.publications:
            if pub.kind not in ("sql_remote_ase", "sql_anywhere"):
                continue
            for article in pub.articles:
                found = tables.get(article.table.name.lower())
                if found is None:
                    continue  # the link pass reports the missing table
                path, table = found
                yield pub, article, table, path


def _subscriptions(results: Sequence[FileResult]) -> list[Subscription]:
    return [s for r in results for s in r.subscriptions if s.kind == "sql_remote"]


def publications(
    results: Sequence[FileResult],
    sizing: SizingSettings,
    loads: t.Callable[[str], TableLoad | None] = lambda name: None,
) -> list[ArticleLog]:
    """Every article of every SQL Remote publication of the run whose table is in the input."""
    subs = _subscriptions(results)
    return [
        article_log(pub, article, table, path, sizing, subs, loads(table.name.name))
        for pub, article, table, path in _articles(results)
    ]


@record
class ArticleCheck:
    """What the replication findings read of an :class:`ArticleLog`: the article, its table
    and its subscription-column check, without the log volume (no finding reads it)."""

    path: str
    publication: str
    kind: str
    table: QualifiedName
    subscription: SubscriptionColumn | None
    span: Span | None = None


def checks(results: Sequence[FileResult]) -> list[ArticleCheck]:
    """The articles of :func:`publications`, in its order, with :func:`article_log`'s
    subscription-column check but without sizing each article's table on ASE (the lint's
    findings read no row or log size: docs/decisions.md D122)."""
    subs = _subscriptions(results)
    out = []
    for pub, article, table, path in _articles(results):
        values = [s.subscribe_by for s in subs if s.target.lower() == pub.name.name.lower()]
        check = subscription_column(article, table, pub.kind, [v for v in values if v])
        span = article.span or pub.span
        out.append(ArticleCheck(path, pub.name.name, pub.kind, table.name, check, span))
    return out
