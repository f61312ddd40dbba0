"""The ``indexes`` dataset of ``scan``: ``rows.index_rows(file_indexes(result, sizing))`` on a
file taken through the scan's own workflow gives, field for field, what ``ddlaudit size
--indexes --format json`` reports for it, on every platform (D118)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from analyzer import rows, workflow
from analyzer.cli import main
from analyzer.config import load
from analyzer.core import Options
from analyzer.estimators.indexes import file_indexes

FILES = {
    "mssql.sql": """CREATE TABLE h (a int NOT NULL, b varchar(20) NULL, c char(10) NOT NULL)
GO
CREATE INDEX ix_c ON h (c) INCLUDE ([b]) WITH (FILLFACTOR = 80)
GO
CREATE TABLE dbo.t (id int NOT NULL CONSTRAINT pk_t PRIMARY KEY, code char(8) NOT NULL UNIQUE,
  v varchar(40) NULL)
GO
CREATE NONCLUSTERED COLUMNSTORE INDEX cs_t ON dbo.t (code, v)
GO
""",
    "ase.sql": """create table apl (id int not null, v varchar(20) null,
  constraint apl_pk primary key clustered (id)) lock allpages
go
create nonclustered index apl_v on apl (id, v)
go
create table dol (id int not null, v varchar(20) null) lock datarows
go
create unique clustered index dol_id on dol (id)
go
create index dol_v on dol (v) with fillfactor = 70
go
""",
    "td.sql": """CREATE MULTISET TABLE db.t, FALLBACK (a INTEGER NOT NULL, b CHAR(5), c VARCHAR(30),
  d DATE, PRIMARY KEY (a)) PRIMARY INDEX (c);
CREATE INDEX (b, d) ON db.t;
CREATE INDEX (d) ON db.t;
""",
    "hirdb.sql": """CREATE TABLE STAFF (NAME NVARCHAR(10), SEX NCHAR(1), AGE SMALLINT);
CREATE INDEX AGEIDX ON STAFF (AGE) IN (RDAREA02) PCTFREE = 20;
""",
}

DIALECTS = {"mssql.sql": "tsql", "ase.sql": "sybase", "td.sql": "teradata", "hirdb.sql": "hirdb"}

CONFIG = """[size]
rows = 250000
[size.teradata]
amps = 24
[size.teradata.nusi_distinct]
"db.t.b,d" = 1000
"""


def _as_row(doc: dict[str, Any]) -> dict[str, Any]:
    """A ``size --format json`` index object in the fields of the dataset."""
    span = doc.get("span") or {}
    out = {
        "file": doc["path"],
        "table": doc["table"],
        "key_columns": ", ".join(doc["columns"]),
        "included_columns": ", ".join(doc["included"]),
        "line": span.get("line"),
    }
    for name in rows.names(rows.INDEXES):
        out.setdefault(name, doc.get(name))
    return {name: out[name] for name in rows.names(rows.INDEXES)}


@pytest.mark.parametrize("name", sorted(FILES))
def test_dataset_rows_equal_size_json(tmp_path: Path, name: str) -> None:
    f = tmp_path / name
    f.write_text(FILES[name])
    cfg = tmp_path / "ddlaudit.toml"
    cfg.write_text(CONFIG)
    dialect = DIALECTS[name]
    got = CliRunner().invoke(
        main,
        [
            "size",
            str(f),
            "--indexes",
            "--format",
            "json",
            "--config",
            str(cfg),
            "--dialect",
            dialect,
        ],
    )
    assert got.exit_code == 0, got.output
    reported = [_as_row(ix) for t in json.loads(got.stdout)["tables"] for ix in t["indexes"]]
    assert reported, "the fixture has indexes"

    # the scan's side: the SCAN workflow on the file, the config's sizing
    config = load(str(cfg))
    options = Options(dialect=dialect, config=config)
    prepared = workflow.prepare(workflow.read(str(f), options), str(f), options, config.sizing)
    checked = workflow.check_file(prepared, workflow.SCAN, config.sizing)
    made = rows.index_rows(file_indexes(checked.result, config.sizing))
    for row in made:
        rows.check_row("indexes", row)
    as_dicts = [dict(zip(rows.names(rows.INDEXES), r, strict=True)) for r in made]
    assert as_dicts == reported


def test_every_platform_and_kind_is_covered(tmp_path: Path) -> None:
    """The fixture reaches every estimator: figures where a procedure exists, a note where
    not (HiRDB), the NUSI with and without its distinct values."""
    config_path = tmp_path / "ddlaudit.toml"
    config_path.write_text(CONFIG)
    config = load(str(config_path))
    seen = {}
    for name, text in FILES.items():
        f = tmp_path / name
        f.write_text(text)
        options = Options(dialect=DIALECTS[name], config=config)
        prepared = workflow.prepare(workflow.read(str(f), options), str(f), options, config.sizing)
        checked = workflow.check_file(prepared, workflow.SCAN, config.sizing)
        for e in file_indexes(checked.result, config.sizing):
            seen[(e.platform, e.index)] = e
    assert seen[("mssql", "ix_c")].included == ("b",) and seen[("mssql", "ix_c")].pages
    assert seen[("mssql", "pk_t")].kind == "clustered" and seen[("mssql", "unique")].pages
    assert seen[("ase", "dol_v")].fill_factor == 70 and seen[("ase", "dol_v")].pages
    assert seen[("ase", "apl_v")].pages and seen[("ase", "apl_pk")].kind == "clustered"
    assert seen[("teradata", "NUSI (b, d)")].index_bytes is not None
    assert seen[("teradata", "NUSI (d)")].index_bytes is None
    assert seen[("teradata", "primary key")].kind == "USI"
    assert seen[("hirdb", "AGEIDX")].pages is None
    # the sizing's row count reaches every figure
    assert {e.rows for e in seen.values()} == {250_000}
    assert replace(config.sizing, rows=None).rows is None
