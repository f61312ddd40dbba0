"""ASCII widths (Replication Server RowWidth) of every type of every dialect."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analyzer import passes
from analyzer.core import Options, analyze_bytes
from analyzer.ir import FileResult
from analyzer.passes.ascii_width import width
from analyzer.settings import AseSettings, ReplicationSettings, SizingSettings, from_mapping

S = SizingSettings()


def widths(ddl: str, dialect: str, sizing: SizingSettings = S) -> tuple[FileResult, dict[str, int]]:
    r = passes.run(analyze_bytes("t.sql", ddl.encode(), Options(dialect=dialect)))
    r = passes.run(r, passes.REPLICATION_RULES, sizing=sizing)
    out = {}
    for c in r.tables[0].columns:
        assert c.ascii_width is not None
        out[c.name] = c.ascii_width.width
    return r, out


def test_manual_examples() -> None:
    """Formula Components: "a char(10) column uses 10 bytes, a binary(10) column uses 22"."""
    _, w = widths("create table t (a char(10) not null, b binary(10) not null)", "sybase")
    assert w == {"a": 10, "b": 22}


SYBASE = """create table t (
  ti tinyint, si smallint, i int, bi bigint, ui unsigned int, ubi unsigned bigint,
  usi unsigned smallint, n numeric(10,2), n0 numeric(5), d decimal, m money, sm smallmoney,
  f float, f8 float(8), r real, dp double precision, b bit,
  c char(10), vc varchar(30), nc nchar(4), nvc nvarchar(5), uc unichar(3), uvc univarchar(2),
  bn binary(10), vb varbinary(4), ts timestamp,
  dt datetime, sdt smalldatetime, dd date, tt time, bdt bigdatetime, bt bigtime,
  tx text null, im image null, ut unitext null, sn sysname, lsn longsysname
)"""


def test_sybase_every_type() -> None:
    _, w = widths(SYBASE, "sybase")
    expected = {
        "ti": 3, "si": 6, "i": 11, "bi": 20, "ui": 10, "ubi": 20, "usi": 5,
        "n": 12, "n0": 6, "d": 19, "m": 22, "sm": 13,
        "f": 24, "f8": 15, "r": 15, "dp": 24, "b": 1,
        "c": 10, "vc": 30, "nc": 4 * 3, "nvc": 5 * 3, "uc": 9, "uvc": 6,
        "bn": 22, "vb": 10, "ts": 18,
        "dt": 26, "sdt": 19, "dd": 11, "tt": 14, "bdt": 29, "bt": 17,
        "tx": 0, "im": 0, "ut": 0, "sn": 30, "lsn": 255,
    }  # fmt: skip
    assert w == expected


def test_tsql_every_type() -> None:
    ddl = """CREATE TABLE t (ti tinyint, i int, d decimal(9,3), f float(24), f53 float,
      m money, c char(3), nv nvarchar(10), vm varchar(max), nvm nvarchar(max), x xml,
      g uniqueidentifier, rv rowversion, dt datetime, dt2 datetime2, dt2_3 datetime2(3),
      dto datetimeoffset, dd date, tm time(0), sdt smalldatetime, b bit, vb varbinary(8))"""
    _, w = widths(ddl, "tsql")
    assert w == {
        "ti": 3, "i": 11, "d": 11, "f": 15, "f53": 24, "m": 22, "c": 3, "nv": 30,
        "vm": 0, "nvm": 0, "x": 0, "g": 36, "rv": 18, "dt": 23, "dt2": 27, "dt2_3": 23,
        "dto": 33, "dd": 10, "tm": 8, "sdt": 19, "b": 1, "vb": 18,
    }  # fmt: skip


def test_teradata_every_type() -> None:
    ddl = """CREATE TABLE t (a BYTEINT, b INTEGER, c DECIMAL, d NUMBER, e NUMBER(12,2),
      f FLOAT, g CHAR(5) CHARACTER SET UNICODE, h VARBYTE(3), i DATE, j TIME(0),
      k TIMESTAMP(6) WITH TIME ZONE, l INTERVAL DAY(2) TO SECOND(6), m INTERVAL YEAR,
      n PERIOD(DATE), o CLOB(1M)) PRIMARY INDEX (b)"""
    _, w = widths(ddl, "teradata")
    assert w == {
        "a": 4, "b": 11, "c": 6, "d": 40, "e": 14, "f": 24, "g": 15, "h": 8, "i": 10,
        "j": 8, "k": 32, "l": 1 + 2 + 9 + 7, "m": 5, "n": 24, "o": 0,
    }  # fmt: skip


def test_hirdb_types() -> None:
    ddl = "CREATE TABLE t (a INTEGER, b DECIMAL, c MCHAR(8), d NCHAR(2), e SMALLFLT, f TIMESTAMP)"
    _, w = widths(ddl, "hirdb")
    assert w == {"a": 11, "b": 16, "c": 8, "d": 6, "e": 15, "f": 19}


def test_ncharsize_and_national_bytes_are_settings() -> None:
    sizing = SizingSettings(
        ase=AseSettings(ncharsize=2), replication=ReplicationSettings(national_char_bytes=2)
    )
    _, w = widths("create table t (a nchar(4), b unichar(4))", "sybase", sizing)
    assert w == {"a": 8, "b": 8}


def test_overrides_from_config() -> None:
    sizing = from_mapping(
        {"replication": {"ascii_widths": {"datetime": 20, "text": 100}, "lob_width": 7}}, "x.toml"
    )
    r, w = widths("create table t (a datetime, b text null, c image null)", "sybase", sizing)
    assert w == {"a": 20, "b": 100, "c": 7}
    assert r.tables[0].columns[0].ascii_width.basis == "setting"  # type: ignore[union-attr]
    assert r.tables[0].columns[2].ascii_width.basis == "lob"  # type: ignore[union-attr]


def test_unknown_type_is_a_warning_and_counts_zero() -> None:
    r, w = widths("CREATE TABLE t (a int, g geography, v sql_variant)", "tsql")
    assert w == {"a": 11, "g": 0, "v": 0}
    codes = [d.code for d in r.diagnostics]
    assert codes.count("R050") == 2
    assert "ascii_widths" in r.diagnostics[-1].message


def test_bad_override_is_a_settings_error() -> None:
    from analyzer.settings import SettingsError

    with pytest.raises(SettingsError, match="whole number"):
        from_mapping({"replication": {"ascii_widths": {"int": "eleven"}}}, "x.toml")


@given(st.integers(min_value=1, max_value=8000))
def test_binary_is_two_hex_digits_a_byte_plus_0x(n: int) -> None:
    from analyzer.ir import DataType

    w = width(DataType(f"varbinary({n})", "VARBINARY", "varbinary", n), "tsql", S)
    assert w is not None and w.width == 2 * n + 2


@given(st.integers(min_value=1, max_value=38), st.integers(min_value=0, max_value=38))
def test_numeric_is_digits_sign_and_point(p: int, s: int) -> None:
    from analyzer.ir import DataType

    s = min(s, p)
    w = width(DataType("numeric", "NUMERIC", "decimal", precision=p, scale=s), "sybase", S)
    assert w is not None and w.width == p + 1 + (1 if s else 0)
    # the longest value really has that many characters
    longest = "-" + "9" * (p - s) + ("." + "9" * s if s else "")
    assert len(longest) == w.width
