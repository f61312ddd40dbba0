"""Teradata secondary index subtables (``size --indexes``): Database Design, "Sizing a Unique
Secondary Index Subtable" (USI Sizing Equation) and the rowID part of the NUSI equation."""

from __future__ import annotations

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
    assert nusi.worksheets[0].value("N3") == 1000 * 8
    assert "NumDistinct" in (nusi.note or "")


def test_without_rows_the_row_size_only() -> None:
    pk = sized(ddl(), rows=None)["primary key"]
    assert (pk.leaf_row_bytes, pk.index_bytes) == (32, None)
