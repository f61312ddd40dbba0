"""SQL Remote DDL: ASE system procedures and SQL Anywhere CREATE PUBLICATION read into the IR."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer import passes
from analyzer.core import Options, analyze_bytes
from analyzer.ir import FileResult

ROOT = Path(__file__).resolve().parent.parent
ASE = ROOT / "fixtures" / "sybase" / "sql_remote_ase.sql"
SQLA = ROOT / "fixtures" / "sybase" / "sql_anywhere_publication.sql"


def run(data: bytes | str, dialect: str | None = None) -> FileResult:
    raw = data.encode() if isinstance(data, str) else data
    return passes.run(analyze_bytes("r.sql", raw, Options(dialect=dialect)))


def test_ase_publication_articles_and_subscription_column() -> None:
    r = run(ASE.read_bytes())
    assert r.dialect == "sybase"
    (pub,) = r.publications
    assert (pub.name.name, pub.kind) == ("SalesRepData", "sql_remote_ase")
    rep, cust = pub.articles
    assert (rep.table.name, rep.columns, rep.subscribe_by, rep.resolved) == (
        "SalesRep",
        (),
        None,
        True,
    )
    # sp_add_article publication, table, where column (NULL), subscription column
    assert cust.table.name == "Customer" and cust.where is None and cust.subscribe_by == "rep_key"
    # sp_add_article_col narrows the article to the columns added, in order
    assert cust.columns == ("cust_key", "name", "rep_key")
    assert r.diagnostics == ()


def test_ase_subscriptions_and_remote_tables() -> None:
    r = run(ASE.read_bytes())
    subs = [(s.kind, s.target, s.user, s.subscribe_by, s.resolved) for s in r.subscriptions]
    assert subs == [
        ("sql_remote", "SalesRepData", "rep5", "rep5", True),  # sp_subscription create
        ("sql_remote", "SalesRepData", "rep6", "rep6", True),  # sp_create_subscription
    ]
    for table in r.tables:
        assert table.replication is not None and table.replication.replicated
        assert table.replication.marked_by == ("sp_add_remote_table",)
    # sp_subscription start changes no definition: recorded as skipped, with its span
    (start,) = [s for s in r.skipped if "sp_subscription" in s.kind]
    assert start.kind == "exec sp_subscription start" and start.span.line == 42


def test_sql_anywhere_create_publication() -> None:
    r = run(SQLA.read_bytes())
    assert r.dialect == "sybase"
    sales, prices = r.publications
    assert sales.kind == "sql_anywhere" and prices.options == ("for download only",)
    cust, contact, region = sales.articles
    assert cust.columns == ("cust_key", "name", "rep_key")
    assert cust.where == "active = 1" and cust.subscribe_by == "rep_key"
    assert contact.subscribe_by is not None and contact.subscribe_by.startswith("(SELECT rep_key")
    assert (region.table.schema, region.table.name, region.resolved) == ("dba", "Region", False)
    (diag,) = r.diagnostics
    assert diag.code == "R001" and "dba.Region" in diag.message
    assert diag.span is not None and (diag.span.line, diag.span.column) == (21, 5)


def test_article_for_a_table_in_another_file_resolves_across_files(tmp_path: Path) -> None:
    from analyzer.core import analyze_paths

    (tmp_path / "tables.sql").write_text(
        "create table Region (region_key char(4) not null, name varchar(30) not null)\ngo\n",
        encoding="utf-8",
    )
    (tmp_path / "pubs.sql").write_text(
        "sp_create_publication P1\ngo\nsp_add_article P1, Region\ngo\n", encoding="utf-8"
    )
    results, _ = analyze_paths([str(tmp_path)], Options(dialect="sybase"))
    pubs = next(r for r in results if r.path.endswith("pubs.sql"))
    (pub,) = pubs.publications
    assert pub.articles[0].resolved
    assert pub.articles[0].table_path is not None and pub.articles[0].table_path.endswith(
        "tables.sql"
    )


@pytest.mark.parametrize(
    "script",
    [
        "sp_add_article P9, Nowhere\ngo\n",
        "sp_add_article_col P9, Nowhere, c\ngo\n",
    ],
)
def test_article_for_an_unknown_publication_or_table_is_diagnosed(script: str) -> None:
    r = run("create table t (a int not null)\ngo\n" + script, dialect="sybase")
    assert r.tables[0].name.name == "t"  # the table is kept
    assert r.diagnostics, "an article of a publication that does not exist must be reported"
    assert all(d.span is not None for d in r.diagnostics)


def test_bad_create_publication_is_a_parse_error_and_the_rest_survives() -> None:
    r = run(
        "create table t (a int not null);\n"
        "CREATE PUBLICATION p (TABLE t (a) SUBSCRIBE BY);\n"
        "create table u (b int not null);\n",
        dialect="sybase",
    )
    assert [t.name.name for t in r.tables] == ["t", "u"]
    errors = [d for d in r.diagnostics if d.code == "P001"]
    assert errors and errors[0].span is not None and errors[0].span.line == 2
