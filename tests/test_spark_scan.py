"""``run_scan`` end to end on the shared local SparkSession, plus its pure-Python parts.

One scan of a small repository (good T-SQL and Teradata, a file with one bad
statement among good ones, a binary file, an empty file, a cp1252 file, alias
types defined in another file, a name with glob characters) is shared by the
Spark tests; they read the written Parquet back with the session.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspark", reason="pyspark is not installed: pip install -e '.[spark]'")

from analyzer import workflow
from analyzer.config import Config
from analyzer.core import Options
from analyzer.ir import FileResult
from analyzer.rows import DATASETS, PARTITION_COLUMNS, names, read_order
from analyzer.spark import worker
from analyzer.spark.scan import (
    MAX_FILE_BYTES,
    LocalNames,
    RemoteSelection,
    ScanSummary,
    list_inputs,
    run_scan,
    struct_type,
)
from analyzer.spark.two_phase import _hadoop_path

TSQL = b"""-- orders
CREATE TABLE [dbo].[orders] (
    id int IDENTITY(1,1) NOT NULL,
    note nvarchar(max) NULL,
    amount dbo.Amount,
    CONSTRAINT pk_orders PRIMARY KEY (id)
);
GO
CREATE TABLE [dbo].[customers] (id int NOT NULL, name varchar(100));
GO
"""
TYPES = b"CREATE TYPE dbo.Amount FROM decimal(19,4) NOT NULL;\nGO\n"
TERADATA = b"""CREATE MULTISET TABLE sales.events, NO FALLBACK (
    ev_ts TIMESTAMP(6) NOT NULL,
    kind CHAR(10) CHARACTER SET LATIN NOT CASESPECIFIC
) PRIMARY INDEX (ev_ts);
"""
BROKEN = b"""CREATE TABLE [dbo].good1 (x int);
GO
CREATE TABLE [dbo].bad (x int, y int
GO
CREATE TABLE [dbo].good2 (z int);
GO
"""
CP1252 = "CREATE TABLE [dbo].menu (dish varchar(20) DEFAULT 'café crème');\nGO\n".encode("cp1252")
BINARY = bytes(range(256)) * 4

#: path -> content of the scanned repository; notes.md and .git/ are not selected.
REPO: dict[str, bytes] = {
    "tsql/orders.sql": TSQL,
    "tsql/types.sql": TYPES,
    "teradata/events.sql": TERADATA,
    "broken.sql": BROKEN,
    "legacy/cp1252.sql": CP1252,
    "blob.sql": BINARY,
    "empty.sql": b"",
    "odd names/a b[1].sql": b"CREATE TABLE [dbo].odd (v int);\nGO\n",
    "notes.md": b"CREATE TABLE not_scanned (a int);",
    ".git/hidden.sql": b"CREATE TABLE hidden (a int);",
}
SELECTED = sorted(p for p in REPO if p.endswith(".sql") and not p.startswith("."))


def write_repo(root: Path, files: dict[str, bytes]) -> None:
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


@dataclass(frozen=True)
class Scan:
    root: Path
    out: Path
    summary: ScanSummary

    def read(self, spark: Any, dataset: str) -> list[dict[str, Any]]:
        return [r.asDict() for r in spark.read.parquet(str(self.out / dataset)).collect()]

    def rel(self, path: str) -> str:
        return Path(path).relative_to(self.root).as_posix()


@pytest.fixture(scope="module")
def scan(spark: Any, tmp_path_factory: pytest.TempPathFactory) -> Scan:
    base = tmp_path_factory.mktemp("scan")
    root, out = base / "repo", base / "out"
    write_repo(root, REPO)
    summary = run_scan([str(root)], str(out), options=Options(), progress=False)
    return Scan(root, out, summary)


# --------------------------------------------------------------------------- Spark end to end


@pytest.mark.spark
def test_datasets_written_with_the_declared_schema(spark: Any, scan: Scan) -> None:
    """Every dataset holds the declared columns (compared by name: partitioned by dialect,
    a dataset gives that column back last) and is partitioned by its dialect column."""
    for name, fields in DATASETS.items():
        assert (scan.out / name).is_dir()
        assert scan.summary.path(name) == str(scan.out / name)
        schema = spark.read.parquet(str(scan.out / name)).schema
        expected = struct_type(fields)
        assert sorted((f.name, f.dataType) for f in schema.fields) == sorted(
            (f.name, f.dataType) for f in expected.fields
        ), name
        assert schema.fields[-1].name == PARTITION_COLUMNS[name] == "dialect", name
    dialects = {p.name for p in (scan.out / "tables").iterdir() if p.is_dir()}
    assert dialects == {"dialect=tsql", "dialect=teradata"}
    # A file read as no dialect (binary, empty) is in Hive's partition for null.
    files = {p.name for p in (scan.out / "files").iterdir() if p.is_dir()}
    assert "dialect=__HIVE_DEFAULT_PARTITION__" in files
    frame = spark.read.parquet(str(scan.out / "files")).select(*read_order("files"))
    assert tuple(frame.columns) == names(DATASETS["files"])
    assert {r["dialect"] for r in frame.collect()} == {"tsql", "teradata", None}


@pytest.mark.spark
def test_summary_counts_match_the_written_data(spark: Any, scan: Scan) -> None:
    s = scan.summary
    files = scan.read(spark, "files")
    diagnostics = scan.read(spark, "diagnostics")
    assert s.files == len(files) == len(SELECTED)
    assert s.tables == len(scan.read(spark, "tables")) == sum(f["tables"] for f in files) == 7
    assert s.columns == len(scan.read(spark, "columns")) == sum(f["columns"] for f in files)
    assert s.diagnostics == len(diagnostics)
    assert (
        s.errors
        == sum(d["severity"] == "error" for d in diagnostics)
        == sum(f["errors"] for f in files)
    )
    assert s.files_failed == sum(not f["ok"] for f in files) == 2  # broken.sql, blob.sql
    assert s.seconds > 0 and "7 tables" in s.render()


@pytest.mark.spark
def test_every_selected_file_has_one_files_row(spark: Any, scan: Scan) -> None:
    files = {scan.rel(f["file"]): f for f in scan.read(spark, "files")}
    assert sorted(files) == SELECTED  # not notes.md, not .git/, each once
    assert files["tsql/orders.sql"]["dialect"] == "tsql"
    assert files["teradata/events.sql"]["dialect"] == "teradata"
    assert files["empty.sql"]["bytes"] == 0 and files["empty.sql"]["tables"] == 0
    assert files["blob.sql"]["ok"] is False and files["blob.sql"]["bytes"] == len(BINARY)
    assert files["broken.sql"]["statements"] == 3


@pytest.mark.spark
def test_tables_rows(spark: Any, scan: Scan) -> None:
    tables = {(scan.rel(t["file"]), t["qualified_name"]): t for t in scan.read(spark, "tables")}
    assert sorted(tables) == [
        ("broken.sql", "dbo.good1"),
        ("broken.sql", "dbo.good2"),
        ("legacy/cp1252.sql", "dbo.menu"),
        ("odd names/a b[1].sql", "dbo.odd"),
        ("teradata/events.sql", "sales.events"),
        ("tsql/orders.sql", "dbo.customers"),
        ("tsql/orders.sql", "dbo.orders"),
    ]
    orders = tables[("tsql/orders.sql", "dbo.orders")]
    assert (orders["column_count"], orders["primary_key"], orders["identity_count"]) == (3, "id", 1)
    assert (orders["line"], orders["column"]) == (2, 1)
    events = tables[("teradata/events.sql", "sales.events")]
    assert (events["primary_index"], events["set_semantics"]) == ("ev_ts", "MULTISET")
    # Sized in the tasks: 14 overhead + TIMESTAMP 10 + CHAR(10) LATIN 10 (packed64).
    assert (events["platform"], events["row_bytes"], events["row_limit"]) == (
        "teradata",
        34,
        1_048_576,
    )
    assert orders["platform"] == "mssql" and orders["row_bytes"] > 0
    kind = next(
        c
        for c in scan.read(spark, "columns")
        if c["qualified_table"] == "sales.events" and c["name"] == "kind"
    )
    assert (kind["storage_category"], kind["data_length"], kind["alignment"]) == ("char", 10, 1)
    assert (kind["ascii_width"], kind["ascii_width_basis"]) == (10, "manual")


@pytest.mark.spark
def test_broken_file_keeps_its_good_tables_and_reports_the_bad_statement(
    spark: Any, scan: Scan
) -> None:
    tables = {t["table"] for t in scan.read(spark, "tables") if scan.rel(t["file"]) == "broken.sql"}
    assert tables == {"good1", "good2"}
    errors = [
        d
        for d in scan.read(spark, "diagnostics")
        if scan.rel(d["file"]) == "broken.sql" and d["severity"] == "error"
    ]
    assert errors, "the bad statement must be a diagnostic row"
    bad = errors[0]
    assert bad["code"] == "P001" and bad["line"] == 3
    assert bad["column"] is not None and 1 <= bad["column"] <= len(BROKEN.splitlines()[2]) + 1
    assert bad["end_line"] is not None and bad["end_column"] is not None
    assert bad["source_line"] == "CREATE TABLE [dbo].bad (x int, y int"


@pytest.mark.spark
def test_binary_empty_and_cp1252_files(spark: Any, scan: Scan) -> None:
    diags = {(scan.rel(d["file"]), d["code"]) for d in scan.read(spark, "diagnostics")}
    assert ("blob.sql", "D002") in diags
    assert ("empty.sql", "D003") in diags
    files = {scan.rel(f["file"]): f for f in scan.read(spark, "files")}
    assert files["legacy/cp1252.sql"]["encoding"] == "cp1252"
    (dish,) = [c for c in scan.read(spark, "columns") if c["name"] == "dish"]
    assert dish["default"] == "'café crème'"


@pytest.mark.spark
def test_alias_types_resolve_across_files(spark: Any, scan: Scan) -> None:
    (amount,) = [c for c in scan.read(spark, "columns") if c["name"] == "amount"]
    assert (amount["type_name"], amount["precision"], amount["scale"]) == ("DECIMAL", 19, 4)
    assert amount["user_type"] == "dbo.Amount" and amount["nullable"] is False


@pytest.mark.spark
def test_borrowed_session_is_left_running(spark: Any, scan: Scan) -> None:
    assert spark.range(3).count() == 3


@dataclass(frozen=True, slots=True)
class _ExplodingConfig(Config):
    """A config whose dialect lookup crashes for one file: an unexpected core failure."""

    def dialect_for(self, path: str) -> str | None:
        if "boom" in path:
            raise RuntimeError("kaboom")
        return None


@pytest.mark.spark
def test_unexpected_exception_becomes_d900_row(spark: Any, tmp_path: Path) -> None:
    from pyspark import cloudpickle as _cloudpickle

    cloudpickle: Any = _cloudpickle  # untyped

    write_repo(tmp_path / "repo", {"boom.sql": TSQL, "fine.sql": TSQL})
    # Ship this test module's config class to the Python workers by value.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        options = Options(config=_ExplodingConfig())
        summary = run_scan([str(tmp_path / "repo")], str(tmp_path / "out"), options=options,
                           progress=False)  # fmt: skip
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    diags = spark.read.parquet(str(tmp_path / "out" / "diagnostics")).collect()
    (d900,) = [d for d in diags if d["code"] == "D900"]
    assert d900["file"].endswith("boom.sql") and "kaboom" in d900["message"]
    assert summary.files == 2 and summary.tables == 2  # fine.sql is untouched


@pytest.mark.spark
def test_scan_of_nothing_writes_empty_datasets(spark: Any, tmp_path: Path) -> None:
    (tmp_path / "repo").mkdir()
    summary = run_scan([str(tmp_path / "repo")], str(tmp_path / "out"), progress=False)
    assert (summary.files, summary.tables, summary.diagnostics) == (0, 0, 0)
    assert spark.read.parquet(str(tmp_path / "out" / "columns")).count() == 0


# --------------------------------------------------------------------------- pure Python parts


def test_worker_turns_a_crash_into_d900(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(*args: object, **kwargs: object) -> FileResult:
        raise ValueError("bad luck")

    monkeypatch.setattr(workflow, "analyze_source", crash)
    monkeypatch.setattr(worker, "analyze_source", crash)  # its fallback: the parse alone
    rows = [("file:/r/a.sql", bytearray(b"CREATE TABLE t (a int);")), ("file:/r/skip.sql", b"")]
    out = list(
        worker.analyze_partition(rows, Options(), lambda uri: None if "skip" in uri else "a")
    )
    assert len(out) == 1
    (diag,) = out[0].result.diagnostics
    assert diag.code == "D900" and "ValueError: bad luck" in diag.message
    record = worker.check(out[0], ()).record
    file_row = dict(zip(names(DATASETS["files"]), record[0], strict=True))
    assert file_row["ok"] is False and record[3][0][2] == "D900"


def test_worker_ascii_widths_and_r050_only_for_replicated_tables() -> None:
    ddl = (
        b"create table rep (a int not null, b mystery_t null)\ngo\n"
        b"create table plain (c char(10) not null, d mystery_t null)\ngo\n"
        b"sp_setreptable rep, true\ngo\n"
    )
    analysed = worker.analyze_file("w.sql", ddl, Options(dialect="sybase"))
    _, tables, columns, diags = worker.check(analysed, ()).record
    by_name = {r[names(DATASETS["tables"]).index("table")]: r for r in tables}
    width = names(DATASETS["tables"]).index("row_width")
    assert by_name["rep"][width] == 11 and by_name["plain"][width] == 10  # int 11; char(10) 10
    col = names(DATASETS["columns"])
    widths = {
        (r[col.index("table")], r[col.index("name")]): r[col.index("ascii_width")] for r in columns
    }
    assert widths[("plain", "c")] == 10 and widths[("rep", "b")] == 0
    r050 = [d for d in diags if d[2] == "R050"]
    assert len(r050) == 1 and "rep.b" in str(r050[0][4])  # none for the unmarked table


def test_worker_record_survives_a_flattening_failure() -> None:
    broken = FileResult("x.sql", "tsql", "utf-8", tables=(object(),))  # type: ignore[arg-type]
    files, tables, columns, diags = worker.record(broken, 10, 1)
    assert (tables, columns) == ([], []) and diags[0][2] == "D900" and files[0] == "x.sql"


def test_list_inputs_settles_empty_and_oversized_files_on_the_driver(tmp_path: Path) -> None:
    write_repo(tmp_path, {"a.sql": b"x", "e.sql": b"", "n.md": b"x"})
    listing = list_inputs([str(tmp_path), str(tmp_path / "missing")], ("*.sql",), ())
    assert [shown for _, shown in listing.local] == [str(tmp_path / "a.sql")]
    assert [(shown, size) for _, shown, size in listing.settle] == [(str(tmp_path / "e.sql"), 0)]
    assert [r.diagnostics[0].code for r in listing.problems] == ["D005"]
    assert listing.remote == ()
    remote = list_inputs(["hdfs://nn/ddl"], ("*.sql",), ())
    assert remote.remote == ("hdfs://nn/ddl",) and remote.local == ()
    assert MAX_FILE_BYTES < 2**31  # binaryFile's hard limit


def test_path_helpers() -> None:
    assert _hadoop_path("/r/a b[1]*.sql") == "file:///r/a b\\[1\\]\\*.sql"

    @dataclass
    class Value:
        value: dict[str, str]

    names_ = LocalNames(Value({"/r/a b.sql": "r/a b.sql"}))
    assert names_("file:/r/a b.sql") == "r/a b.sql"
    assert names_("file:/r/unknown.sql") is None
    select = RemoteSelection("hdfs://nn/ddl/", ("*.sql",), ("archive/*",))
    assert select("hdfs://nn/ddl/x/A.SQL") == "hdfs://nn/ddl/x/A.SQL"
    assert select("hdfs://nn/ddl/archive/old.sql") is None
    assert select("hdfs://nn/ddl/readme.md") is None


def test_summary_render_and_dict() -> None:
    s = ScanSummary(1, 2, 3, 0, 1, 0, 0, 1.0, "out", (("files", "out/files"),))
    assert s.to_dict()["diagnostics"] == {"error": 0, "warning": 1, "info": 0}
    assert s.render().splitlines()[0] == "scanned 1 file in 1.0 s: 2 tables, 3 columns"
    s = ScanSummary(1, 2, 3, 0, 1, 0, 0, 1.0, "out", (), finding_errors=2, finding_infos=1)
    assert s.to_dict()["findings"] == {"error": 2, "warning": 0, "info": 1} and s.findings == 3
    assert "findings: 2 errors, 0 warnings, 1 info" in s.render()
