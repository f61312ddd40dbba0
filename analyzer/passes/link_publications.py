"""Publications and subscriptions in the link pass.

SQL Remote for ASE builds a publication from procedure calls (``sp_create_publication``,
then ``sp_add_article`` / ``sp_add_article_col``; SQL Remote for Adaptive Server Enterprise,
"Publishing data"): the calls are folded into the publication they name, and every
article of every publication is linked to its table and checked (a table or a column not
in the input: R001, R002; a key column left out: R016; a call for a publication the input
does not create: R011).  Subscriptions are linked to their replication definition or
publication (R010 when it is not in the input).  :func:`link_publications` is run by
:func:`analyzer.passes.link_replication.link_replication`.

>>> from analyzer.ir import *
>>> from analyzer.passes.link_context import file_tables, replication_context
>>> s = Subscription("s1", "repserver", "authors_rd", "replication_definition")
>>> r = FileResult("f.sql", "sybase", "utf-8", subscriptions=(s,))
>>> diags = []
>>> out = link_publications(r, file_tables(r, replication_context([r]).index), diags)
>>> out.subscriptions[0].resolved, [d.code for d in diags]
(False, ['R010'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from analyzer.ir import (
    Article,
    Diagnostic,
    FileResult,
    Publication,
    PublicationChange,
    QualifiedName,
    Severity,
    Subscription,
)
from analyzer.passes.link_context import ContextIndex, Tables, has


def link_publications(result: FileResult, tables: Tables, diags: list[Diagnostic]) -> FileResult:
    """``result`` with its publication calls checked and marked applied, its publications'
    articles folded and linked to their tables, and its subscriptions linked; diagnostics
    go to ``diags``."""
    index = tables.index
    # publications: SQL Remote for ASE articles arrive by procedure calls
    publication_names = index.publications
    publication_changes = []
    for added in result.publication_changes:
        applied = added.publication.lower() in publication_names
        if not applied:
            diags.append(
                Diagnostic(
                    "R011",
                    Severity.WARNING,
                    f"{added.procedure}: publication {added.publication} is not created in "
                    "the input (sp_create_publication)",
                    added.span,
                )
            )
        publication_changes.append(replace(added, applied=applied))
    publications = []
    for publication in result.publications:
        pub_changes = index.publication_changes.get(publication.name.name.lower(), ())
        if publication.kind == "sql_remote_ase":  # its articles are procedure calls
            publication = _apply_publication(replace(publication, articles=()), pub_changes)
        articles = tuple(
            _check_article(a, publication.kind, str(publication.name), tables, diags)
            for a in publication.articles
        )
        publications.append(replace(publication, articles=articles))

    subscriptions = [_link_subscription(s, index, diags) for s in result.subscriptions]
    return replace(
        result,
        publications=tuple(publications),
        publication_changes=tuple(publication_changes),
        subscriptions=tuple(subscriptions),
    )


def _check_article(
    article: Article, kind: str, publication: str, tables: Tables, diags: list[Diagnostic]
) -> Article:
    shape = tables.find(article.table)
    if shape is None:
        diags.append(
            Diagnostic(
                "R001",
                Severity.WARNING,
                f"publication {publication} publishes table {article.table}, which is not in "
                "the input",
                article.span,
            )
        )
        return replace(article, resolved=False, table_path=None)
    names = [n for n, _ in shape.columns]
    wanted = list(article.columns)
    if kind == "sql_remote_ase" and article.subscribe_by:
        wanted.append(article.subscribe_by)  # the subscription column is a column there
    for column in wanted:
        if not has(names, column):
            diags.append(
                Diagnostic(
                    "R002",
                    Severity.WARNING,
                    f"publication {publication} names column {column!r}, which table "
                    f"{shape.name} does not have",
                    article.span,
                )
            )
    missing_key = [k for k in shape.primary_key if article.columns and not has(article.columns, k)]
    if missing_key:
        diags.append(
            Diagnostic(
                "R016",
                Severity.WARNING,
                f"the article of {shape.name} in publication {publication} leaves out primary "
                f"key column(s) {', '.join(missing_key)}; SQL Remote needs every key column",
                article.span,
            )
        )
    return replace(article, resolved=True, table_path=shape.path)


def _apply_publication(
    publication: Publication, changes: Sequence[PublicationChange]
) -> Publication:
    articles = list(publication.articles)
    for change in changes:
        if change.procedure == "sp_add_article":
            articles.append(change.article)
            continue
        # sp_add_article_col: a column of the article of that table
        target = next(
            (
                i
                for i, a in enumerate(articles)
                if a.table.name.lower() == change.article.table.name.lower()
            ),
            None,
        )
        if target is None:
            articles.append(change.article)
        else:
            a = articles[target]
            articles[target] = replace(a, columns=(*a.columns, *change.article.columns))
    return replace(publication, articles=tuple(articles))


def _link_subscription(
    sub: Subscription, index: ContextIndex, diags: list[Diagnostic]
) -> Subscription:
    target = sub.target.lower()
    table: QualifiedName | None = None
    if sub.target_kind == "publication":
        resolved = target in index.publications
    elif sub.target_kind == "replication_definition":
        found = index.definitions.get(target, ())
        table = found[0] if found else None
        resolved = bool(found) or target in index.functions
    else:
        resolved = False  # database replication definitions are not read
    if not resolved:
        what = sub.target_kind.replace("_", " ")
        diags.append(
            Diagnostic(
                "R010",
                Severity.INFO,
                f"subscription {sub.name or ''} is for {what} {sub.target}, which is not in the "
                "input".replace("  ", " "),
                sub.span,
            )
        )
    return replace(sub, resolved=resolved, table=table)
