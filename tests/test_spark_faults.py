"""Faults at repository scale (issue 21 item 8): a Spark scan of a tree where a few
files are bad finishes, keeps every row of the good files and reports each bad one.

The tree (generated here, 200 files) holds 195 good files (T-SQL tables with foreign
keys to each other, Teradata tables) and five bad ones scattered among them: a binary
file, a UTF-16 file truncated mid-statement (and mid code unit), a 50 MB file, a
statement nesting parentheses 10,000 deep, and a file removed after the listing and
before Spark reads it (deterministic: the scan is given the listing taken before the
removal, :func:`analyzer.spark.scan.run_scan` ``listing=``).  The good files' rows are
compared with a scan of the same tree that excludes the bad files.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspark", reason="pyspark is not installed: pip install -e '.[spark]'")

from analyzer.core import Options
from analyzer.spark.scan import ScanSummary, list_inputs, run_scan

GOOD = 195
BIG = 50 << 20


def good_file(i: int) -> tuple[str, bytes]:
    if i % 3 == 2:
        return f"teradata/t{i:03}.sql", (
            f"CREATE MULTISET TABLE sales.ev{i} (\n"
            f"    ev_ts TIMESTAMP(6) NOT NULL,\n"
            f"    kind CHAR({i % 20 + 1}) CHARACTER SET LATIN\n"
            f") PRIMARY INDEX (ev_ts);\n"
        ).encode()
    parent = (
        f"    CONSTRAINT fk_{i} FOREIGN KEY (p) REFERENCES dbo.t{i - 3} (id),\n" if i >= 3 else ""
    )
    return f"tsql/d{i // 50}/t{i:03}.sql", (
        f"CREATE TABLE dbo.t{i} (\n"
        f"    id int NOT NULL,\n"
        f"    p int NULL,\n"
        f"    note varchar({i + 1}) NULL,\n"
        f"    amount decimal(19,4),\n"
        f"{parent}"
        f"    CONSTRAINT pk_{i} PRIMARY KEY (id)\n"
        f");\nGO\n"
    ).encode()


def _noise(size: int) -> bytes:
    # Deterministic incompressible bytes (a binary dump), built from a hash chain.
    block = b"".join(hashlib.sha256(str(n).encode()).digest() for n in range(2048))
    return (block * (size // len(block) + 1))[:size]


UTF16 = "\ufeffCREATE TABLE dbo.cut (a int, b varchar(10)".encode("utf-16-le")
BAD: dict[str, bytes] = {
    "tsql/d0/bad_binary.sql": _noise(64 * 1024),
    # Truncated mid-statement, and mid code unit (odd length).
    "tsql/d1/bad_utf16.sql": UTF16[:-3],
    "tsql/d2/bad_big.sql": _noise(BIG),
    "teradata/bad_nested.sql": b"CREATE TABLE dbo.deep (a int CHECK ("
    + b"(" * 10_000
    + b"1"
    + b")" * 10_000
    + b"));\nGO\n",
    "tsql/d3/bad_vanished.sql": b"CREATE TABLE dbo.gone (a int NOT NULL);\nGO\n",
}
#: The diagnostic each bad file must have (code).
EXPECTED = {
    "bad_binary.sql": "D002",
    "bad_utf16.sql": "D006",
    "bad_big.sql": "D002",
    "bad_nested.sql": "P900",
    "bad_vanished.sql": "D005",
}


@dataclass(frozen=True)
class Scans:
    root: Path
    full: Path
    good: Path
    summary: ScanSummary

    def rows(self, spark: Any, which: Path, dataset: str) -> list[dict[str, Any]]:
        return [r.asDict() for r in spark.read.parquet(str(which / dataset)).collect()]


@pytest.fixture(scope="module")
def scans(spark: Any, tmp_path_factory: pytest.TempPathFactory) -> Scans:
    base = tmp_path_factory.mktemp("faults")
    root = base / "repo"
    for rel, data in [good_file(i) for i in range(GOOD)] + list(BAD.items()):
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    options = Options()
    include, exclude = tuple(options.config.include), tuple(options.config.exclude)
    good = base / "good"
    run_scan([str(root)], str(good), options=options, exclude=(*exclude, "bad_*"), progress=False)
    listing = list_inputs([str(root)], include, exclude, options.config)
    (root / "tsql/d3/bad_vanished.sql").unlink()  # after the listing, before Spark reads it
    full = base / "full"
    summary = run_scan([str(root)], str(full), options=options, progress=False, listing=listing)
    return Scans(root, full, good, summary)


def _is_bad(path: str) -> bool:
    return Path(path).name.startswith("bad_")


def _multiset(rows: list[dict[str, Any]], drop: frozenset[str] = frozenset()) -> Counter[Any]:
    return Counter(tuple(sorted((k, v) for k, v in r.items() if k not in drop)) for r in rows)


@pytest.mark.spark
def test_scan_finishes_and_lists_every_file(spark: Any, scans: Scans) -> None:
    files = scans.rows(spark, scans.full, "files")
    assert len(files) == scans.summary.files == GOOD + len(BAD)
    assert sum(not _is_bad(f["file"]) for f in files) == GOOD


@pytest.mark.spark
def test_every_bad_file_is_reported(spark: Any, scans: Scans) -> None:
    files = {Path(f["file"]).name: f for f in scans.rows(spark, scans.full, "files")}
    codes: dict[str, set[str]] = {}
    for d in scans.rows(spark, scans.full, "diagnostics"):
        codes.setdefault(Path(d["file"]).name, set()).add(d["code"])
    for name, code in EXPECTED.items():
        assert code in codes.get(name, set()), (name, codes.get(name))
        assert files[name]["ok"] is False, (name, codes.get(name))
        assert files[name]["tables"] == 0 or name == "bad_utf16.sql"
    assert files["bad_big.sql"]["bytes"] == BIG
    assert files["bad_vanished.sql"]["bytes"] is None
    assert not any(f["ok"] is False for n, f in files.items() if n not in EXPECTED)


@pytest.mark.spark
def test_good_files_lose_no_row(spark: Any, scans: Scans) -> None:
    timing = frozenset({"analysis_ms"})
    for dataset in ("files", "tables", "columns", "diagnostics", "findings"):
        full = [r for r in scans.rows(spark, scans.full, dataset) if not _is_bad(r["file"])]
        good = scans.rows(spark, scans.good, dataset)
        assert _multiset(full, timing) == _multiset(good, timing), dataset
    assert len(scans.rows(spark, scans.good, "tables")) == GOOD
    for dataset in ("nodes", "edges"):  # the bad files add no table and no key
        full = scans.rows(spark, scans.full, dataset)
        assert _multiset(full) == _multiset(scans.rows(spark, scans.good, dataset)), dataset
    assert sum(e["resolved"] for e in scans.rows(spark, scans.good, "edges")) > 60
