"""``ddlaudit scan --audit-to TARGET``: the ``audit`` Parquet dataset equals the columns of
the one-process audit of the same files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.rows import AUDIT, names

ROOT = Path(__file__).resolve().parent.parent
FILES = [
    ROOT / "fixtures" / "tsql" / "modern_features.sql",
    ROOT / "fixtures" / "audit" / "ase_locks.sql",
    ROOT / "fixtures" / "teradata" / "wide_types.sql",
    ROOT / "fixtures" / "hirdb" / "repetition.sql",
    ROOT / "fixtures" / "audit" / "hostile.sql",
]


@pytest.mark.spark
@pytest.mark.parametrize("target", ["mssql", "postgres"])
def test_scan_audit_dataset_equals_the_audit(spark: Any, tmp_path: Path, target: str) -> None:
    from analyzer.spark.scan import run_scan

    tree = tmp_path / "repo"
    tree.mkdir()
    for f in FILES:
        shutil.copy(f, tree / f.name)
    out = tmp_path / "out"
    summary = run_scan([str(tree)], str(out), progress=False, audit_to=target)
    assert summary.path("audit") == str(out / "audit")
    rows = spark.read.parquet(str(out / "audit")).collect()
    # Partitioned by source_dialect (D112), which comes back last: compare names as a set.
    assert rows and sorted(rows[0].asDict()) == sorted(names(AUDIT))
    assert (out / "audit" / "source_dialect=tsql").is_dir()
    scanned = sorted(
        (Path(r["file"]).name, r["table"], r["column"], r["target_type"], r["mapping"], r["loses"])
        for r in rows
    )
    result = CliRunner().invoke(
        main, ["audit", str(tree), "--to", target, "--format", "json"], catch_exceptions=False
    )
    doc = json.loads(result.stdout)
    audited = sorted(
        (
            Path(tb["path"]).name,
            tb["table"],
            c["name"],
            c["target_type"],
            c["mapping"],
            ", ".join(c["loses"]),
        )
        for tb in doc["tables"]
        for c in tb["columns"]
    )
    assert scanned == audited and len(scanned) > 40
    assert len({r["scope"] for r in rows}) == 1  # one PATH argument: one scope


def test_scan_rejects_an_unknown_audit_target(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["scan", str(FILES[0]), "--out", str(tmp_path / "o"), "--audit-to", "oracle"]
    )
    assert result.exit_code == 2 and "postgres" in result.stderr
