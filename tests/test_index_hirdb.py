"""HiRDB indexes under ``size --indexes``: listed with a note, not sized (the Installation
and Design Guide's index page formulas are images in every source held; D107)."""

from __future__ import annotations

from analyzer import passes
from analyzer.core import Options, analyze_bytes
from analyzer.estimators.indexes import estimate_indexes
from analyzer.settings import SizingSettings

#: The V8 Description manual's example (../shared/reference/hirdb.md §8.2).
DDL = """CREATE TABLE STAFF_TABLE
(NAME NVARCHAR(10),
QUALIFICATION NVARCHAR(20) ARRAY[10],
SEX NCHAR(1),
FAMILY NVARCHAR(5) ARRAY[10],
RELATIONSHIP NVARCHAR(5) ARRAY[10],
SUPPORT SMALLINT ARRAY[10]);

CREATE INDEX SUPPORTIDX ON STAFF_TABLE (RELATIONSHIP,SUPPORT) IN (RDAREA02) PCTFREE = 20;
"""


def test_create_index_is_listed_not_dropped() -> None:
    s = SizingSettings(rows=1000)
    r = analyze_bytes("h.sql", DDL.encode(), Options(dialect="hirdb"))
    r = passes.run(passes.run(r), passes.SIZING_RULES, sizing=s)
    (e,) = estimate_indexes(r, s)
    assert (e.platform, e.index, e.columns) == ("hirdb", "SUPPORTIDX", ("RELATIONSHIP", "SUPPORT"))
    assert e.pages is None and e.index_bytes is None
    assert "not sized" in (e.note or "") and "RDAREA02" in (e.note or "")
