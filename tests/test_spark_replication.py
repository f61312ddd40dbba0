"""The ``replication`` dataset of ``ddlaudit scan`` (issue 21 item 4): the same message
sizes per operation as ``ddlaudit replication --format json`` prints for the same files.

The expected rows are read from the command's JSON document (its own code path: the
reporter's ``to_json``), the actual ones from the Parquet the scan wrote.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from analyzer import rows
from analyzer.cli import main

ROOT = Path(__file__).resolve().parent.parent
REPLICATION = ROOT / "fixtures" / "replication"
DOC = ROOT / "docs" / "output-schema.md"


def test_output_schema_documents_the_replication_dataset() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "## `replication`" in text
    assert rows.markdown_table(rows.REPLICATION) in text, (
        "regenerate with: python -c 'from analyzer import rows; "
        "print(rows.markdown_table(rows.REPLICATION))'"
    )
    names = rows.names(rows.REPLICATION)
    assert names[0] == "file" and len(set(names)) == len(names)


def _expected(doc: dict[str, Any]) -> Counter[tuple[Any, ...]]:
    """(file name, system, object, operation, variant, bytes) from the command's JSON."""
    out: Counter[tuple[Any, ...]] = Counter()
    for t in doc["repserver"]["tables"]:
        for op, variant in t["used"].items():
            (msg,) = [m for m in t["messages"] if m["operation"] == op and m["variant"] == variant]
            out[(Path(t["path"]).name, "repserver", t["table"], op, variant, msg["outbound"])] += 1
    for f in doc["repserver"]["functions"]:
        m = f["message"]
        out[(Path(f["path"]).name, "repserver", f["name"], "function", m["variant"],
             m["outbound"])] += 1  # fmt: skip
    for a in doc["mssql"]["articles"]:
        used = {"insert": a["ins_cmd"], "update": a["upd_cmd"], "delete": a["del_cmd"]}
        for c in a["commands"]:
            if used[c["operation"]] == c["syntax"]:
                out[(Path(a["path"]).name, "mssql", a["table"], c["operation"], c["syntax"],
                     c["command_bytes"])] += 1  # fmt: skip
    for log in doc["sql_remote"]["articles"]:
        for op, size in log["bytes_per_operation"]:
            out[(Path(log["path"]).name, "sql_remote", log["table"], op, "row image", size)] += 1
    return out


@pytest.mark.spark
def test_replication_dataset_equals_the_replication_command(spark: Any, tmp_path: Path) -> None:
    pytest.importorskip("pyspark")
    from analyzer.core import Options
    from analyzer.spark.scan import run_scan

    result = CliRunner().invoke(main, ["replication", str(REPLICATION), "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    doc = json.loads(result.stdout)
    expected = _expected(doc)
    assert {k[1] for k in expected} == {"repserver", "mssql", "sql_remote"}

    summary = run_scan([str(REPLICATION)], str(tmp_path / "out"), options=Options(),
                       progress=False)  # fmt: skip
    written = [r.asDict() for r in spark.read.parquet(summary.path("replication")).collect()]
    for row in written:
        rows.check_row("replication", tuple(row[n] for n in rows.names(rows.REPLICATION)))
    got = Counter(
        (Path(r["file"]).name, r["system"], r["object"], r["operation"], r["variant"], r["bytes"])
        for r in written
    )
    assert got == expected
    repserver = [r for r in written if r["system"] == "repserver" and r["kind"] == "table"]
    assert all(r["inbound_bytes"] and r["outbound_bytes"] == r["bytes"] for r in repserver)
    assert any(json.loads(r["subscriptions"]) for r in repserver)  # create subscription seen
    assert all(r["scope"] and r["line"] for r in written)
