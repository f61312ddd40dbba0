"""Teradata secondary index subtables (``size --indexes``): Database Design, "Sizing a Unique
Secondary Index Subtable" (USI Sizing Equation) and "Sizing a Nonunique Secondary Index
Subtable" (NUSI Sizing Equation, with NumDistinct and NumAmps from the config, D116)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer import passes
from analyzer.core import Options, analyze_bytes
from analyzer.estimators.indexes import IndexEstimate, estimate_indexes
from analyzer.settings import SizingSettings


def sized(ddl: str, rows: int | None = 1000) -> dict[str, IndexEstimate]:
    s = SizingSettings(rows=rows)
    r = analyze_bytes("t.sql", ddl.encode(), Options(dialect="teradata"))
    r = passes.run(passes.run(r), passes.SIZING_RULES, sizing=s)
    return {e.index: e for e in estimate_indexes(r, s)}


BASE = (
    "CREATE MULTISET TABLE db.t{fallback} (a INTEGER NOT NULL, b CHAR(5), c VARCHAR(30), "
    "d DATE{keys}) PRIMARY INDEX (c){ppi};\n"
)


def ddl(fallback: str = "", keys: str = ", PRIMARY KEY (a), UNIQUE (b)", ppi: str = "") -> str:
    return BASE.format(fallback=fallback, keys=keys, ppi=ppi)


def test_usi_sizing_equation_nppi() -> None:
    """NPPI USI subtable size = Row Count x (Index Value Size + 28); the value padded to an
    even number of bytes: INTEGER 4 -> 4 (32 a row), CHAR(5) 5 -> 6 (34 a row)."""
    got = sized(ddl())
    pk, uq = got["primary key"], got["unique"]
    assert (pk.kind, pk.leaf_row_bytes, pk.index_bytes) == ("USI", 32, 1000 * (4 + 28))
    assert (uq.leaf_row_bytes, uq.index_bytes) == (34, 1000 * (6 + 28))
    assert uq.worksheets[0].value("U1") == 5 and uq.worksheets[0].value("U2") == 6


def test_ppi_and_fallback() -> None:
    ppi = sized(
        ddl(
            ppi=" PARTITION BY RANGE_N(d BETWEEN DATE '2020-01-01' AND DATE '2020-12-31' "
            "EACH INTERVAL '1' MONTH)"
        )
    )
    assert ppi["primary key"].index_bytes == 1000 * (4 + 30)  # PPI: + 30
    fb = sized(ddl(fallback=", FALLBACK"))
    assert fb["primary key"].index_bytes == 2 * 1000 * (4 + 28)  # "double the calculated result"


def test_the_primary_index_is_no_usi() -> None:
    """A PRIMARY KEY on the primary index columns is the UPI, not a USI; without a PRIMARY
    INDEX clause the PRIMARY KEY becomes the primary index (Primary Index Defaults)."""
    got = sized(ddl(keys=", PRIMARY KEY (c)"))
    assert "primary key" not in got
    default = sized(
        "CREATE TABLE db.u (a INTEGER NOT NULL, b CHAR(5) NOT NULL, PRIMARY KEY (a), UNIQUE (b));"
    )
    assert list(default) == ["unique"]


def test_nusi_gives_the_rowid_part_only() -> None:
    got = sized(ddl(keys="") + "CREATE INDEX (b, d) ON db.t;\n")
    (nusi,) = got.values()
    assert (nusi.kind, nusi.index_bytes) == ("NUSI", None)
    assert nusi.worksheets[0].value("N4") == 1000 * 8
    assert "NumDistinct" in (nusi.note or "")


def test_without_rows_the_row_size_only() -> None:
    pk = sized(ddl(), rows=None)["primary key"]
    assert (pk.leaf_row_bytes, pk.index_bytes) == (32, None)


def nusi(
    ddl_text: str,
    rows: int | None,
    distinct: tuple[tuple[tuple[str, str], int], ...],
    amps: int = 1,
) -> IndexEstimate:
    from analyzer.settings import TeradataSettings

    s = SizingSettings(rows=rows, teradata=TeradataSettings(amps=amps, nusi_distinct=distinct))
    r = analyze_bytes("t.sql", ddl_text.encode(), Options(dialect="teradata"))
    r = passes.run(passes.run(r), passes.SIZING_RULES, sizing=s)
    (e,) = [e for e in estimate_indexes(r, s) if e.kind == "NUSI"]
    return e


NUSI_DDL = ddl(keys="") + "CREATE INDEX (b, d) ON db.t;\n"


def test_nusi_sizing_equation_when_every_amp_has_every_value() -> None:
    """1,000 rows, 10 values (100 rows a value) on 4 AMPs: MIN(4, 100) = 4 subtable rows a
    value; IndexValueSize CHAR(5) + DATE = 9, padded to 10; row 10 + 20 = 30 bytes:
    1,000 x 8 + 10 x 4 x 30 = 9,200 bytes."""
    e = nusi(NUSI_DDL, 1000, ((("db.t", "b,d"), 10),), amps=4)
    (ws,) = e.worksheets
    assert (ws.value("N1"), ws.value("N3"), ws.value("N4")) == (10, 30, 8000)
    assert (ws.value("N5"), ws.value("N6"), ws.value("N7"), ws.value("N8")) == (10, 100, 4, 4)
    assert ws.value("N9") == 40 and e.index_bytes == 9200 == ws.value("N10")
    assert e.leaf_row_bytes == 30 and "NumAmps 4" in (e.note or "")


def test_nusi_when_some_amps_miss_some_values() -> None:
    """200 AMPs, 100 rows a value: MIN(200, 100) = 100, one subtable row per base row:
    1,000 x 8 + 1,000 x 30 = 38,000; the bare table name matches too."""
    e = nusi(NUSI_DDL, 1000, ((("t", "b,d"), 10),), amps=200)
    assert e.index_bytes == 38_000 and e.worksheets[0].value("N9") == 1000


def test_nusi_ppi_and_fallback() -> None:
    ppi = (
        " PARTITION BY RANGE_N(d BETWEEN DATE '2020-01-01' AND DATE '2020-12-31' "
        "EACH INTERVAL '1' MONTH)"
    )
    text = ddl(fallback=", FALLBACK", keys="", ppi=ppi) + "CREATE INDEX (b, d) ON db.t;\n"
    e = nusi(text, 1000, ((("db.t", "b,d"), 10),), amps=4)
    # rowIDs of a PPI table are 10 bytes; FALLBACK doubles the result
    assert e.index_bytes == 2 * (1000 * 10 + 40 * 30)


def test_nusi_without_distinct_values_says_which_input_is_missing() -> None:
    e = nusi(NUSI_DDL, 1000, ((("db.t", "b"), 10),), amps=4)  # another column set
    assert e.index_bytes is None and e.worksheets[0].value("N4") == 8000
    assert "nusi_distinct" in (e.note or "") and '"t.b,d"' in (e.note or "")


def test_nusi_settings_from_the_config_and_amps_option(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from analyzer.cli import main

    f = tmp_path / "t.sql"
    f.write_text(NUSI_DDL)
    cfg = tmp_path / "ddlaudit.toml"
    cfg.write_text('[size.teradata]\namps = 4\n[size.teradata.nusi_distinct]\n"db.t.b, d" = 10\n')
    runner = CliRunner()
    args = ["size", str(f), "--indexes", "--rows", "1000", "--format", "json"]
    doc = json.loads(runner.invoke(main, [*args, "--config", str(cfg)]).stdout)
    (ix,) = doc["tables"][0]["indexes"]
    assert (ix["kind"], ix["index_bytes"]) == ("NUSI", 9200)
    more = json.loads(runner.invoke(main, [*args, "--config", str(cfg), "--amps", "200"]).stdout)
    assert more["tables"][0]["indexes"][0]["index_bytes"] == 38_000
    for bad in (
        '[size.teradata.nusi_distinct]\n"db.t.b" = 0\n',
        '[size.teradata.nusi_distinct]\n"nocolumns" = 3\n',
        "[size.teradata]\nnusi_amps = 4\n",
    ):
        cfg.write_text(bad)
        got = runner.invoke(main, [*args, "--config", str(cfg)])
        assert got.exit_code == 2, (bad, got.output)
    assert runner.invoke(main, [*args, "--amps", "0"]).exit_code == 2


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 10**9),
    st.integers(0, 10**6),
    st.integers(1, 10**7),
    st.integers(0, 10**6),
    st.integers(1, 5000),
    st.integers(0, 5000),
)
def test_nusi_monotone(
    rows: int, more_rows: int, distinct: int, more_distinct: int, amps: int, more_amps: int
) -> None:
    """More rows, more distinct values or more AMPs never make a smaller NUSI."""
    from analyzer.estimators.teradata_index import nusi_worksheet

    def size(r: int, d: int, a: int) -> int:
        return int(nusi_worksheet("x", (("c", 7),), r, d, a, 20, False, False).value("N10"))

    base = size(rows, distinct, amps)
    assert size(rows + more_rows, distinct, amps) >= base
    assert size(rows, distinct + more_distinct, amps) >= base
    assert size(rows, distinct, amps + more_amps) >= base
    assert base >= rows * 8  # never below the rowID lower bound
