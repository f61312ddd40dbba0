"""analyzer/rows.py: IR -> flat rows for the Parquet datasets (no Spark needed)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer import passes, rows
from analyzer.estimators import estimate_file
from analyzer.ir import (
    Column,
    Compression,
    Computed,
    Constraint,
    ConstraintKind,
    DataType,
    Diagnostic,
    FileResult,
    Identity,
    Index,
    PartitionLevel,
    QualifiedName,
    Severity,
    Skipped,
    Span,
    Table,
    TableOptions,
    UserType,
)
from analyzer.rules.registry import Finding
from analyzer.settings import SizingSettings

DOC = Path(__file__).resolve().parents[1] / "docs" / "output-schema.md"


def span(line: int, column: int = 1, end_column: int = 10) -> Span:
    return Span("x.sql", line, column, line, end_column, line * 100, line * 100 + 9)


def dtype(declared: str, name: str, family: str, **kw: object) -> DataType:
    return DataType(declared=declared, name=name, family=family, **kw)  # type: ignore[arg-type]


TSQL_TABLE = Table(
    name=QualifiedName("orders", "dbo", "sales"),
    dialect="tsql",
    columns=(
        Column(
            "id",
            1,
            dtype("int", "INT", "integer"),
            nullable=False,
            nullable_explicit=True,
            identity=Identity("1", "1"),
            span=span(2),
        ),
        Column(
            "note",
            2,
            dtype("nvarchar(max)", "NVARCHAR", "nvarchar", is_max=True),
            nullable=True,
            nullable_explicit=False,
            collation="Latin1_General_CI_AS",
            sparse=True,
            span=span(3),
        ),
        Column(
            "total",
            3,
            dtype("decimal(18,2)", "DECIMAL", "decimal", precision=18, scale=2),
            nullable=True,
            nullable_explicit=True,
            computed=Computed("qty * price", True),
            span=span(4),
        ),
        Column(
            "guid",
            4,
            dtype("uniqueidentifier", "UNIQUEIDENTIFIER", "uuid"),
            nullable=False,
            nullable_explicit=True,
            default="newid()",
            rowguidcol=True,
            filestream=False,
            user_type="dbo.Guid",
            span=span(5),
        ),
        Column(
            "doc",
            5,
            dtype("varbinary(max)", "VARBINARY", "varbinary", is_max=True),
            nullable=True,
            nullable_explicit=True,
            filestream=True,
            derived_from="copy of dbo.docs",  # as a derived table's column (issue 31)
            span=span(6),
        ),
    ),
    constraints=(
        Constraint(ConstraintKind.PRIMARY_KEY, ("id",), name="pk_orders", clustered=True),
        Constraint(
            ConstraintKind.FOREIGN_KEY, ("guid",), ref_table=QualifiedName("g"), ref_columns=("id",)
        ),
        Constraint(ConstraintKind.CHECK, expression="total > 0"),
    ),
    indexes=(Index("nonclustered", ("guid",), name="ix_guid"),),
    options=TableOptions(filegroup="PRIMARY", data_compression="PAGE", extra=(("LEDGER", "OFF"),)),
    span=Span("x.sql", 1, 1, 7, 3, 0, 300),
)

TERADATA_TABLE = Table(
    name=QualifiedName("events", "dw"),
    dialect="teradata",
    columns=(
        Column(
            "ev_ts", 1,
            dtype("TIMESTAMP(6) WITH TIME ZONE", "TIMESTAMP", "timestamp", scale=6,
                  with_time_zone=True),
            nullable=False, nullable_explicit=True,
        ),
        Column(
            "kind", 2, dtype("CHAR(10)", "CHAR", "char", length=10), nullable=True,
            nullable_explicit=False, character_set="LATIN", case_specific=False,
            uppercase=True, compression=Compression(("'A'", "'B'", "NULL")),
        ),
        Column(
            "payload", 3, dtype("BLOB(2G)", "BLOB", "blob", length=2 * 1024**3),
            nullable=True, nullable_explicit=False, compression=Compression(bare=True),
        ),
    ),
    indexes=(
        Index(
            "primary_index", ("ev_ts", "kind"),
            partitioning=(
                PartitionLevel("range_n", "RANGE_N(ev_ts ...)", 365),
                PartitionLevel("case_n", "CASE_N(kind = 'A', NO CASE)", 2),
            ),
        ),
    ),
    options=TableOptions(set_semantics="MULTISET", fallback=False, journal=("NO BEFORE",),
                         temporary="VOLATILE"),
)  # fmt: skip

RESULT = FileResult(
    path="repo/x.sql",
    dialect="tsql",
    encoding="cp1252",
    dialect_evidence=("detected", "[dbo]. qualified name"),
    encoding_evidence="detected: cp1252 (0x80-0x9f bytes)",
    statements=4,
    tables=(TSQL_TABLE, TERADATA_TABLE),
    user_types=(UserType(QualifiedName("Guid", "dbo"), "tsql", dtype("uniqueidentifier",
                "UNIQUEIDENTIFIER", "uuid"), nullable=False),),
    skipped=(Skipped("use", span(20)),),
    diagnostics=(
        Diagnostic("P001", Severity.ERROR, "Expecting )", span(9, 5, 6), ")", "  a int,,"),
        Diagnostic("T001", Severity.WARNING, "type 'x' unresolved", span(10)),
        Diagnostic("D900", Severity.INFO, "no span"),
    ),
)  # fmt: skip


#: Finished findings: one about a column (with its bytes at stake), one about no place.
FINDINGS = (
    Finding("S010", Severity.WARNING, "row too wide", "repo/x.sql", span(3, 5, 20),
            "sales.dbo.orders", "id", "sales.dbo.orders/id", bytes=120,
            fingerprint="0123456789abcdef"),
    Finding("D900", Severity.ERROR, "internal-error: boom", "<input>",
            fingerprint="fedcba9876543210"),
)  # fmt: skip


def as_dicts(dataset: str, result: FileResult = RESULT) -> list[dict[str, object]]:
    return [dict(zip(rows.names(rows.DATASETS[dataset]), r, strict=True)) for r in
            rows.flatten(result, 1234, 56)[dataset]]  # fmt: skip


# --------------------------------------------------------------------------- schema


def test_schema_names_are_unique_snake_case_with_simple_types() -> None:
    for name, fields in rows.DATASETS.items():
        names = rows.names(fields)
        assert len(set(names)) == len(names), name
        for f in fields:
            assert re.fullmatch(r"[a-z][a-z0-9_]*", f.name), f.name
            assert f.type in rows.PY_TYPES, f
            assert f.doc, f"{name}.{f.name} has no description"
        assert fields[0].name == "file" and not fields[0].nullable


def test_flatten_covers_every_file_dataset() -> None:
    assert set(rows.flatten(RESULT)) == set(rows.FILE_DATASETS)
    assert set(rows.DATASETS) == {*rows.FILE_DATASETS, "findings", *rows.GRAPH_DATASETS}


def _produced(dataset: str) -> list[rows.Row]:
    # Sized as Teradata with a row count, so the sizing columns are filled too.
    sizing = SizingSettings(platform="teradata", rows=1000)
    sized = passes.run(RESULT, passes.SIZING_RULES, sizing=sizing)
    sized = passes.run(sized, passes.REPLICATION_RULES, sizing=sizing)
    if dataset == "findings":
        return rows.finding_rows(FINDINGS, {"repo/x.sql": "tsql"})
    if dataset in rows.GRAPH_DATASETS:
        from analyzer.core import analyze_bytes
        from analyzer.workflow import scope_graph

        text = (
            b"CREATE TABLE p (id int PRIMARY KEY)\n"
            b"CREATE TABLE c (id int, p_id int NULL CONSTRAINT fk_c REFERENCES p (id),\n"
            b"  q_id int REFERENCES nowhere (id))\n"
        )
        result = analyze_bytes("g.sql", text)
        schema = scope_graph("scope", [result])
        nodes, edges = rows.graph_rows("scope", schema, 0, {"g.sql": result.dialect})
        return nodes if dataset == "nodes" else edges
    return rows.flatten(sized, 1234, 56, estimate_file(sized, sizing))[dataset]


@pytest.mark.parametrize("dataset", list(rows.DATASETS))
def test_rows_match_schema_and_fill_every_column(dataset: str) -> None:
    """Every row fits the schema, and the rich example fills every column at least once."""
    produced = _produced(dataset)
    assert produced
    for row in produced:
        rows.check_row(dataset, row)
    fields = rows.DATASETS[dataset]
    for i, f in enumerate(fields):
        assert any(r[i] is not None for r in produced), f"{dataset}.{f.name} never filled"


def test_check_row_rejects_wrong_types_and_arity() -> None:
    good = rows.file_row(RESULT)
    with pytest.raises(ValueError, match="values for"):
        rows.check_row("files", good[:-1])
    bad = list(good)
    bad[rows.names(rows.FILES).index("ok")] = 1  # int where bool expected
    with pytest.raises(ValueError, match=r"files\.ok: int where bool"):
        rows.check_row("files", tuple(bad))
    bad = list(good)
    bad[rows.names(rows.FILES).index("statements")] = True  # bool is not an int here
    with pytest.raises(ValueError, match="bool where int"):
        rows.check_row("files", tuple(bad))
    bad[rows.names(rows.FILES).index("statements")] = 2**31
    with pytest.raises(ValueError, match="out of range for int"):
        rows.check_row("files", tuple(bad))


# --------------------------------------------------------------------------- values


def test_files_row() -> None:
    (row,) = as_dicts("files")
    assert row == {
        "file": "repo/x.sql",
        "dialect": "tsql",
        "dialect_evidence": json.dumps(["detected", "[dbo]. qualified name"]),
        "encoding": "cp1252",
        "encoding_evidence": "detected: cp1252 (0x80-0x9f bytes)",
        "bytes": 1234,
        "analysis_ms": 56,
        "statements": 4,
        "tables": 2,
        "columns": 8,
        "user_types": 1,
        "skipped": 1,
        "errors": 1,
        "warnings": 1,
        "infos": 1,
        "ok": False,
    }


def test_tables_rows() -> None:
    tsql, td = as_dicts("tables")
    assert (tsql["catalog"], tsql["schema"], tsql["table"]) == ("sales", "dbo", "orders")
    assert tsql["qualified_name"] == "sales.dbo.orders"
    assert (tsql["column_count"], tsql["nullable_count"], tsql["variable_length_count"]) == (
        5,
        3,
        2,
    )
    assert (tsql["computed_count"], tsql["identity_count"]) == (1, 1)
    assert (tsql["primary_key"], tsql["primary_key_name"]) == ("id", "pk_orders")
    assert (tsql["constraint_count"], tsql["foreign_key_count"], tsql["index_count"]) == (3, 1, 1)
    assert tsql["primary_index"] is None and tsql["partition_levels"] == 0
    assert json.loads(str(tsql["options"])) == {
        "filegroup": "PRIMARY",
        "data_compression": "PAGE",
        "extra": {"LEDGER": "OFF"},
    }
    assert (tsql["line"], tsql["column"], tsql["end_line"], tsql["end_column"]) == (1, 1, 7, 3)

    assert td["qualified_name"] == "dw.events" and td["catalog"] is None
    assert td["primary_key"] is None and td["primary_index"] == "ev_ts,kind"
    assert td["partition_levels"] == 2 and td["variable_length_count"] == 1
    assert (td["set_semantics"], td["temporary"]) == ("MULTISET", "VOLATILE")
    assert json.loads(str(td["options"])) == {
        "set_semantics": "MULTISET",
        "fallback": False,
        "journal": ["NO BEFORE"],
        "temporary": "VOLATILE",
    }
    assert td["line"] is None  # no span: nulls, not zeros


def test_no_primary_index_is_empty_string_and_default_options_empty_object() -> None:
    table = Table(QualifiedName("t"), "teradata", (), indexes=(Index("no_primary_index"),))
    (row,) = as_dicts("tables", FileResult("f", "teradata", "utf-8", tables=(table,)))
    assert row["primary_index"] == "" and row["options"] == "{}"


def test_columns_rows() -> None:
    cols = as_dicts("columns")
    assert [c["position"] for c in cols] == [1, 2, 3, 4, 5, 1, 2, 3]
    ident, note, total, guid, doc, ts, kind, payload = cols
    assert ident["qualified_table"] == "sales.dbo.orders" and ident["table"] == "orders"
    assert (ident["is_identity"], ident["identity_seed"], ident["identity_increment"]) == (
        True, "1", "1",
    )  # fmt: skip
    assert note["is_max"] and note["variable_length"] and note["sparse"]
    assert note["collation"] == "Latin1_General_CI_AS" and not note["nullable_explicit"]
    assert (total["precision"], total["scale"], total["is_computed"]) == (18, 2, True)
    assert total["computed_persisted"] and total["computed_expression"] == "qty * price"
    assert (guid["default"], guid["rowguidcol"], guid["user_type"]) == ("newid()", True, "dbo.Guid")
    assert doc["filestream"] and doc["variable_length"]
    assert ts["with_time_zone"] and ts["scale"] == 6 and ts["schema"] == "dw"
    assert ts["declared_type"] == "TIMESTAMP(6) WITH TIME ZONE" and ts["type_name"] == "TIMESTAMP"
    assert (kind["character_set"], kind["case_specific"]) == ("LATIN", False)
    assert (kind["compressed"], kind["compression_value_count"]) == (True, 3)
    assert not kind["variable_length"] and kind["length"] == 10
    assert payload["compressed"] and payload["compression_value_count"] == 0
    assert payload["length"] == 2 * 1024**3  # over 2^31: the field is a long
    assert (ident["line"], ident["column"]) == (2, 1) and ts["line"] is None


def test_diagnostics_rows() -> None:
    p001, t001, d900 = as_dicts("diagnostics")
    assert p001 == {
        "file": "repo/x.sql",
        "dialect": "tsql",
        "code": "P001",
        "severity": "error",
        "message": "Expecting )",
        "expected": ")",
        "line": 9,
        "column": 5,
        "end_line": 9,
        "end_column": 6,
        "source_line": "  a int,,",
    }
    assert t001["severity"] == "warning" and d900["line"] is None


def test_failed_file_has_one_row_and_no_tables() -> None:
    failed = FileResult(
        "bin.sql", None, None, diagnostics=(Diagnostic("D002", Severity.ERROR, "binary"),)
    )
    out = rows.flatten(failed)
    assert [len(out[k]) for k in ("files", "tables", "columns", "diagnostics")] == [1, 0, 0, 1]
    rows.check_row("files", out["files"][0])
    assert dict(zip(rows.names(rows.FILES), out["files"][0], strict=True))["ok"] is False


def test_findings_rows() -> None:
    named = rows.names(rows.FINDINGS)
    found = rows.finding_rows(FINDINGS, {"repo/x.sql": "tsql"})
    column, nowhere = (dict(zip(named, r, strict=True)) for r in found)
    assert column == {
        "file": "repo/x.sql",
        "code": "S010",
        "rule": "mssql-row-overflow",
        "severity": "warning",
        "message": "row too wide",
        "line": 3,
        "column": 5,
        "end_line": 3,
        "end_column": 20,
        "table": "sales.dbo.orders",
        "column_name": "id",
        "subject": "sales.dbo.orders/id",
        "bytes": 120,
        "fingerprint": "0123456789abcdef",
        "dialect": "tsql",
    }
    assert (nowhere["rule"], nowhere["line"], nowhere["subject"]) == ("internal-error", None, "")
    assert nowhere["dialect"] is None  # <input> is no file
    assert [r[-1] for r in rows.finding_rows(FINDINGS)] == [None, None]  # no dialects known


def test_every_written_dataset_is_partitioned_by_a_dialect_column() -> None:
    """D112: each dataset ``scan`` writes names its partition column, one of its own."""
    written = {*rows.DATASETS, *rows.SCOPE_DATASETS, *rows.OPTIONAL_DATASETS}
    assert set(rows.PARTITION_COLUMNS) == written
    for name, column in rows.PARTITION_COLUMNS.items():
        assert column in rows.read_order(name) and "dialect" in column, name
    assert rows.read_order("files") == rows.names(rows.FILES)


# --------------------------------------------------------------------------- generic property

_text = st.text(max_size=8)
_ints = st.integers(min_value=0, max_value=2**31 - 1)
_longs = st.integers(min_value=0, max_value=2**62)
_span = st.builds(Span, _text, _ints, _ints, _ints, _ints, _ints, _ints)
_types = st.builds(
    DataType, _text, _text, _text, st.none() | _longs, st.none() | _ints, st.none() | _ints,
    st.booleans(), st.booleans(),
)  # fmt: skip
_columns = st.builds(
    Column, _text, _ints, _types, st.booleans(), st.booleans(), st.none() | _text,
    st.none() | st.builds(Identity, st.none() | _text, st.none() | _text),
    st.none() | st.builds(Computed, _text, st.booleans()),
    character_set=st.none() | _text, case_specific=st.none() | st.booleans(),
    compression=st.none() | st.builds(Compression, st.lists(_text, max_size=3).map(tuple)),
    span=st.none() | _span,
)  # fmt: skip
_tables = st.builds(
    Table, st.builds(QualifiedName, _text, st.none() | _text, st.none() | _text), _text,
    st.lists(_columns, max_size=4).map(tuple),
    st.lists(st.builds(Constraint, st.sampled_from(ConstraintKind),
                       st.lists(_text, max_size=2).map(tuple)), max_size=2).map(tuple),
    st.lists(st.builds(Index, st.sampled_from(["primary_index", "secondary", "no_primary_index"]),
                       st.lists(_text, max_size=2).map(tuple)), max_size=2).map(tuple),
    span=st.none() | _span,
)  # fmt: skip
_results = st.builds(
    FileResult, _text, st.none() | _text, st.none() | _text,
    st.lists(_text, max_size=2).map(tuple), st.none() | _text, _ints,
    st.lists(_tables, max_size=3).map(tuple),
    diagnostics=st.lists(st.builds(Diagnostic, _text, st.sampled_from(Severity), _text,
                                   st.none() | _span, st.none() | _text, st.none() | _text),
                         max_size=3).map(tuple),
)  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_results, st.none() | _longs, st.none() | _longs)
def test_any_result_flattens_to_schema_conforming_rows(
    result: FileResult, size: int | None, millis: int | None
) -> None:
    out = rows.flatten(result, size, millis)
    for dataset, produced in out.items():
        for row in produced:
            rows.check_row(dataset, row)
    assert len(out["tables"]) == len(result.tables)
    assert len(out["columns"]) == sum(len(t.columns) for t in result.tables)
    assert len(out["diagnostics"]) == len(result.diagnostics)


# --------------------------------------------------------------------------- docs


def test_output_schema_doc_matches_the_schema() -> None:
    """docs/output-schema.md embeds :func:`rows.markdown_table` of every dataset verbatim."""
    text = DOC.read_text(encoding="utf-8")
    for name, fields in {**rows.DATASETS, **rows.OPTIONAL_DATASETS}.items():
        assert f"## `{name}`" in text, f"no section for {name}"
        assert rows.markdown_table(fields) in text, (
            f"the {name} table in {DOC.name} is stale; regenerate it with: python -c "
            f"'from analyzer import rows; print(rows.markdown_table(rows.DATASETS[\"{name}\"]))'"
        )


def _options_json_by_definition(options: TableOptions) -> str:
    """The ``options`` column as defined: every non-default typed option, then ``extra``."""
    from analyzer.ir import to_dict

    default = to_dict(TableOptions())
    current = to_dict(options)
    out = {k: v for k, v in current.items() if k != "extra" and v != default[k]}
    if options.extra:
        out["extra"] = dict(options.extra)
    return json.dumps(out, sort_keys=True, ensure_ascii=False)


def test_options_column_equals_its_definition_on_every_fixture_table() -> None:
    from analyzer.core import Options, analyze_path

    root = Path(__file__).resolve().parents[1] / "fixtures"
    seen = set()
    for path in sorted(root.rglob("*.sql")):
        for table in analyze_path(str(path), Options()).tables:
            got = rows._options_json(table.options)
            assert got == _options_json_by_definition(table.options), (path, table.name)
            seen.add(got)
    assert len(seen) > 20  # not vacuous: many different option sets
