"""SQL Remote: log images of marked tables, messages, and the subscription column checks."""

from __future__ import annotations

from pathlib import Path

from analyzer.core import Options, analyze_bytes
from analyzer.estimators.sql_remote import ArticleLog, images, publications
from analyzer.ir import FileResult
from analyzer.settings import ReplicationSettings, SizingSettings
from analyzer.workload import TableLoad

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "replication" / "sql_remote.sql"


def parsed(ddl: str) -> FileResult:
    return analyze_bytes("r.sql", ddl.encode(), Options(dialect="sybase"))


def logs(
    ddl: str, sizing: SizingSettings | None = None, load: TableLoad | None = None
) -> dict[str, ArticleLog]:
    found = publications([parsed(ddl)], sizing or SizingSettings(), lambda name: load)
    return {a.table.name: a for a in found}


# a fixed-length NOT NULL allpages row: 4 + 4 + 20 = 28 bytes (ASE P&T step 1)
FIXED = """create table t (k int not null, who char(20) not null, primary key (k))
go
exec sp_add_remote_table 't'
go
exec sp_create_publication 'P'
go
exec sp_add_article 'P', 't', NULL, 'who'
go
exec sp_subscription 'create', 'P', 'u1', 'east'
go
exec sp_subscription 'create', 'P', 'u2', 'west'
go
"""


def test_images_per_operation() -> None:
    assert (images("insert"), images("delete"), images("update")) == (1, 1, 2)


def test_log_bytes_and_messages_by_hand() -> None:
    a = logs(FIXED, load=TableLoad("t", inserts=10, updates=5, deletes=2))["t"]
    assert a.row_bytes == 28 and a.marked
    assert dict(a.bytes_per_operation) == {"insert": 28, "delete": 28, "update": 56}
    # 50,000-byte messages hold 1,785 inserts or 892 updates
    assert dict(a.rows_per_message) == {"insert": 1785, "delete": 1785, "update": 892}
    # 10 x 28 + 2 x 28 + 5 x 2 x 28 = 616 bytes/s; ceil(616 x 3600 / 50,000) = 45 per subscriber
    assert a.log_bytes_per_second == 616
    assert a.subscribers == 2 and a.messages_per_hour == 90


def test_max_message_is_a_setting() -> None:
    sizing = SizingSettings(replication=ReplicationSettings(sql_remote_max_message=10_000))
    a = logs(FIXED, sizing)["t"]
    assert dict(a.rows_per_message)["insert"] == 357


def test_subscription_column_wide_enough() -> None:
    a = logs(FIXED)["t"]
    assert a.subscription is not None
    # 'east,west' needs 9 characters; char(20) holds it
    assert (a.subscription.needed, a.subscription.problem) == (9, None)


def test_subscription_column_too_narrow() -> None:
    ddl = FIXED.replace("who char(20)", "who char(6)")
    a = logs(ddl)["t"]
    assert a.subscription is not None and a.subscription.problem == "too_narrow"
    assert (a.subscription.length, a.subscription.needed) == (6, 9)


def test_subscription_column_not_character_with_several_values() -> None:
    a = logs(FIXED.replace("who char(20)", "who int"))["t"]
    assert a.subscription is not None and a.subscription.problem == "not_character"


def test_subscription_column_missing_and_expression() -> None:
    found = publications([parsed(FIXTURE.read_text())], SizingSettings())
    by = {a.table.name: a for a in found}
    assert by["orders"].subscription is not None
    assert by["orders"].subscription.problem == "missing"  # 'region' is not a column
    assert by["customer"].subscription is not None
    assert by["customer"].subscription.problem is None
    expr = FIXED.replace("'P', 't', NULL, 'who'", "'P', 't', NULL, 'upper(who)'")
    a = logs(expr)["t"]
    assert a.subscription is not None and a.subscription.problem == "expression"


def test_fill_changes_the_row_image() -> None:
    ddl = FIXED.replace("who char(20) not null", "who varchar(40) not null")
    full = logs(ddl)["t"].row_bytes
    half = logs(ddl, SizingSettings(fill=0.5))["t"].row_bytes
    assert full - half == 20


def test_subscription_findings() -> None:
    from analyzer.findings import replication_findings

    r = parsed(FIXTURE.read_text())
    found = replication_findings(
        [r], SizingSettings(), None, (), publications([r], SizingSettings())
    )
    by = {(f.name, f.table) for f in found}
    assert ("subscription-column-missing", "orders") in by
    assert ("lob-in-replicated-table", "customer") not in by  # SQL Remote: no LOB finding here
    narrow = parsed(FIXED.replace("who char(20)", "who char(6)"))
    found = replication_findings(
        [narrow], SizingSettings(), None, (), publications([narrow], SizingSettings())
    )
    (f,) = [f for f in found if f.name == "subscription-column-unsuitable"]
    assert f.bytes == 9 and "east,west needs 9" in f.message


def test_sql_remote_article_without_key() -> None:
    from analyzer.findings import replication_findings

    ddl = FIXED.replace(", primary key (k)", "")
    r = parsed(ddl)
    found = replication_findings(
        [r], SizingSettings(), None, (), publications([r], SizingSettings())
    )
    assert [f.name for f in found] == ["replication-without-primary-key"]
