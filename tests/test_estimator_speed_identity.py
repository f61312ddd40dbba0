"""The estimators' speed paths give exactly what the plain computations give.

* Worksheets are made once from a list of steps (``Worksheet.add`` copies the steps),
  and ``Term`` / ``Step`` set their slots directly: they must stay the frozen dataclasses
  they were (fields, equality, hash, repr, ``dataclasses.replace``, pickling).
* Teradata sorts a table's columns once (``_areas``) for all its worksheets: the counts,
  sums and alignments must be those of the walks each worksheet made of the columns.
* HiRDB's S031 check sizes each distinct unsuppressed column once per table:
  it must say what sizing every column of the unsuppressed table says.
* Whole worksheets of fixture tables no other test sizes (every step, term and text, as
  ``--explain`` prints them; their figures and diagnostics), as the estimators gave them
  before the speed paths.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analyzer import passes
from analyzer.core import Options, analyze_bytes
from analyzer.estimators import estimate_file, hirdb, teradata
from analyzer.ir import ColumnStorage, Diagnostic, FileResult, Severity, Table
from analyzer.platforms import Basis
from analyzer.platforms.hirdb import column_storage
from analyzer.settings import HirdbSettings, SizingSettings, TeradataSettings
from analyzer.worksheet import Step, Term, Worksheet, render
from tests.corpus import bench_module

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def sized(path: Path, sizing: SizingSettings) -> FileResult:
    result = passes.run(analyze_bytes(str(path), path.read_bytes(), Options()))
    return passes.run(result, passes.SIZING_RULES, sizing=sizing)


def generated(dialect: str, seed: int, count: int, sizing: SizingSettings) -> FileResult:
    """``count`` statements of the benchmark's generator, through the sizing passes."""
    bench = bench_module()
    make = {"hirdb": bench.hirdb_statement, "teradata": bench.teradata_statement}[dialect]
    rng = random.Random(seed)
    text = "".join(f"{make(rng, i)};\n" for i in range(count))
    result = passes.run(analyze_bytes(f"{dialect}.sql", text.encode(), Options(dialect=dialect)))
    return passes.run(result, passes.SIZING_RULES, sizing=sizing)


# ------------------------------------------------------------------ Term, Step, Worksheet


@dataclasses.dataclass(frozen=True, slots=True)
class PlainTerm:
    name: str
    value: int | float


@dataclasses.dataclass(frozen=True, slots=True)
class PlainStep:
    step: str
    label: str
    formula: str
    value: int | float
    terms: tuple[Term, ...] = ()
    note: str | None = None


def _fields(cls: type) -> list[tuple[str, object]]:
    return [(f.name, f.default) for f in dataclasses.fields(cls)]


texts = st.text(max_size=8)
numbers = st.integers(-(10**12), 10**12) | st.floats(allow_nan=False)


def test_term_and_step_have_their_fields() -> None:
    assert _fields(Term) == _fields(PlainTerm)
    assert _fields(Step) == _fields(PlainStep)
    assert Step.__match_args__ == PlainStep.__match_args__
    step = Step("1", "a", "b", 2)
    assert (step.terms, step.note) == ((), None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.value = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        Step("1", "a", "b")  # type: ignore[call-arg]


@given(name=texts, value=numbers, label=texts, note=st.none() | texts, n=st.integers(0, 3))
def test_term_and_step_are_the_dataclasses_they_were(
    name: str, value: int | float, label: str, note: str | None, n: int
) -> None:
    term = Term(name, value)
    assert dataclasses.astuple(term) == dataclasses.astuple(PlainTerm(name, value))
    assert repr(term) == repr(PlainTerm(name, value)).replace("PlainTerm", "Term")
    terms = (term,) * n
    step = Step(name, label, "f", value, terms, note)
    plain = PlainStep(name, label, "f", value, terms, note)
    assert dataclasses.astuple(step) == dataclasses.astuple(plain)
    assert repr(step) == repr(plain).replace("PlainStep", "Step")
    same = Step(step=name, label=label, formula="f", value=value, terms=terms, note=note)
    assert same == step and hash(same) == hash(step)
    twins: tuple[object, object] = (plain, PlainTerm(name, value))
    assert step != twins[0] and term != twins[1]  # a Step is no PlainStep
    assert dataclasses.replace(step, note="x") == Step(name, label, "f", value, terms, "x")
    assert pickle.loads(pickle.dumps(step)) == step


def test_add_appends_as_one_step_at_a_time() -> None:
    ws = Worksheet("t", "s", (Step("0", "l", "f", 1),), result_step="0", reconstruction="r")
    steps = [Step(str(i), "l", "f", i, (Term("x", i),)) for i in range(1, 4)]
    one_by_one = ws
    for s in steps:
        one_by_one = one_by_one.add(s)
    assert ws.add(*steps) == one_by_one
    assert one_by_one.steps == (ws.steps[0], *steps)
    assert (one_by_one.result_step, one_by_one.reconstruction, one_by_one.result) == ("0", "r", 1)
    assert ws.add() == ws


# ------------------------------------------------------------------ Teradata: _areas


def _plain_fixed_terms(cols: list[ColumnStorage]) -> tuple[Term, ...]:
    """Steps 4-6 as packed64 counted them, column by column."""
    fixed: Counter[tuple[str, int]] = Counter()
    for s in cols:
        if s.category == "fixed":
            name = s.type.split("(")[0] if "DECIMAL" not in s.type.upper() else s.type
            fixed[(name, s.data_length)] += 1
    return tuple(
        Term(f"{n} x {name} ({size})", n * size) for (name, size), n in sorted(fixed.items())
    )


def _teradata_tables() -> list[Table]:
    sizing = SizingSettings(platform="teradata")
    files = [sized(p, sizing) for p in sorted(FIXTURES.rglob("*.sql"))]
    files += [generated("teradata", seed, 12, sizing) for seed in (1, 2)]
    files += [generated("hirdb", 3, 12, sizing)]
    return [t for r in files for t in r.tables]


def _alignment(storages: list[ColumnStorage]) -> int:
    return max((s.alignment or 1 for s in storages), default=1)


def _aligned(storages: list[ColumnStorage]) -> int:
    return sum(s.aligned_length or s.data_length for s in storages)


@pytest.mark.parametrize("rule", ["exact", "procedure"])
def test_teradata_areas_are_the_plain_walks(rule: str) -> None:
    td = TeradataSettings(presence_rule=rule)
    tables = _teradata_tables()
    assert sum(len(t.columns) for t in tables) > 500
    for table in tables:
        cols = teradata._sized(table)
        pairs = [(c, c.storage) for c in cols if c.storage is not None]
        storages = [s for _, s in pairs]

        def named(category: str) -> list[str]:
            return [c.name for c, s in pairs if s.category == category]  # noqa: B023

        fixed = [(c, s) for c, s in pairs if s.category in ("fixed", "char")]
        comp = [s for c, s in fixed if teradata._compressible(c)]
        plain = [s for c, s in fixed if not teradata._compressible(c)]
        a = teradata._areas(table)
        assert a.presence == teradata._presence(cols, td)
        assert [n for n, _ in a.variable] == named("variable")
        assert [n for n, _ in a.lobs] == named("lob")
        assert [n for n, _ in a.chars] == named("char")
        assert a.fixed_terms == _plain_fixed_terms(storages)
        assert a.fixed_total == sum(t.value for t in a.fixed_terms)
        assert max(a.fixed_alignments, default=1) == _alignment(plain)
        assert max(a.comp_alignments, default=1) == _alignment(comp)
        assert max(a.any_comp_alignments, default=1) == _alignment(
            [s for c, s in pairs if teradata._compressible(c)]
        )
        assert max(a.variable_alignments, default=1) == _alignment(
            [s for _, s in pairs if s.category == "variable"]
        )
        assert (a.fixed_size, a.comp_size) == (_aligned(plain), _aligned(comp))
        assert a.widen == _aligned([s for _, s in fixed]) - sum(s.data_length for _, s in fixed)
        assert a.partition == teradata.partition_bytes(table)
        assert teradata.packed64(table, td, True) == teradata.packed64(table, td, True, a)
        assert teradata.aligned_exact(table, td) == teradata.aligned_exact(table, td, areas=a)


# ------------------------------------------------------------------ HiRDB: S031


def _plain_suppress_check(table: Table, sizing: SizingSettings, f: int) -> Diagnostic | None:
    """Table 17-1 notes 2-4 sizing every column of the unsuppressed table."""
    if not (table.options.suppress_decimal or any(c.suppress for c in table.columns)):
        return None
    plain = dataclasses.replace(
        table,
        options=dataclasses.replace(table.options, suppress_decimal=False),
        columns=tuple(dataclasses.replace(c, suppress=False) for c in table.columns),
    )
    total = 0
    for c in plain.columns:
        s = column_storage(c, plain, Basis(), sizing)
        total += s.data_length if isinstance(s, ColumnStorage) else 0
    limit = sizing.hirdb.suppress_limit
    if limit < total + f * 2 + 8:
        return Diagnostic(
            "S031",
            Severity.WARNING,
            f"table {table.name.name}: {limit} < {total} + {f} x 2 + 8; the manual advises "
            "against SUPPRESS DECIMAL and column data suppression for such a table "
            "(Table 17-1 notes 2-4)",
            table.span,
        )
    return None


#: An abstract data type's attributes take the run's averages (what the settings change
#: in the size of an unsuppressed column).
ADT_SUPPRESS = b"""CREATE TYPE t_ADDRESS (ZIP CHAR(7), CITY MVARCHAR(40) NO SPLIT);
CREATE TABLE STAFF (ID INTEGER NOT NULL, NOTE CHAR(30) SUPPRESS, HOME t_ADDRESS) IN RDAREA01;
"""


def test_suppress_check_is_sizing_every_column() -> None:
    tables = [
        t
        for p in sorted((FIXTURES / "rules" / "S031").glob("*.sql"))
        for t in sized(p, SizingSettings(platform="hirdb")).tables
    ]
    tables += [t for seed in (4, 5) for t in generated("hirdb", seed, 25, SizingSettings()).tables]
    adt = analyze_bytes("adt.sql", ADT_SUPPRESS, Options(dialect="hirdb"))
    tables += passes.run(passes.run(adt), passes.SIZING_RULES, sizing=SizingSettings()).tables
    suppressing = [
        t for t in tables if t.options.suppress_decimal or any(c.suppress for c in t.columns)
    ]
    assert len(suppressing) > 10
    # Runs one after the other, one an equal copy of another: the sizes of one run's
    # settings never serve another's.
    low = HirdbSettings(suppress_limit=10)
    runs = [
        SizingSettings(),
        SizingSettings(hirdb=low),
        SizingSettings(hirdb=low, averages=((("staff", "home.city"), 3),)),
        SizingSettings(hirdb=low),
    ]
    messages = set()
    for sizing in runs * 2:
        for table in tables:
            f = len(table.columns)
            expected = _plain_suppress_check(table, sizing, f)
            assert hirdb._suppress_check(table, sizing, f) == expected
            if expected is not None:
                messages.add(expected.message)
    assert len(messages) > 10
    assert any("STAFF: 10 < 66 +" in m for m in messages)
    assert any("STAFF: 10 < 103 +" in m for m in messages)


# Rendered by the estimators before the speed paths (ddlaudit size --explain).

TERADATA_DAILYSALES = """\
packed64 row  (Teradata Database Design 16.10, Row Size Calculation, Procedure for Packed64 Systems)
  step 1-3 SUM(a), variable-length columns = sum of their average bytes
           = 0
  step 4-6 Fixed-length columns = count x sizing factor per type
           = 8 (1 x BIGINT (8)) + 1 (1 x BYTEINT (1)) + 4 (1 x DATE (4)) + 8 (1 x DECIMAL(18,2) (8)) + 8 (2 x INTEGER (4)) + 2 (1 x SMALLINT (2))
           = 31
  step 7   SUM(n), CHARACTER/BYTE/GRAPHIC = sum of declared bytes
           = 1 (region_cd)
           = 1
  step 8   Logical size = fixed + SUM(n) + SUM(a)
           = 31 (fixed) + 1 (SUM(n)) + 0 (SUM(a))
           = 32
  step 9   Overhead = PPI row, 2-byte partition number
           = 18 (overhead)
           = 18
  step 10  Variable column offsets = 2 x variable columns
           = 0 (2 x 0)
           = 0
  step 10b Variable portion = 2 bytes for a row with a variable portion (D10)
           = 0 (variable portion)
           = 0
  step 11  Columns compressed on a non-null value = count
           = 3
  step 12  Nullable columns = count
           = 2
  step 13  Additional presence octets = procedure rule: (step 11 + step 12) / 8
           = 0 (octets)
           = 0
           note: procedure rule 0, exact rule 0
  step 14  LOB object ids = 0 x 40
           = 0
  step 15-16 UDTs = distinct UDTs are sized as their base type
           = 0
  step 17  Physical size = logical + overhead + offsets + portion + octets + LOBs
           = 32 (logical) + 18 (overhead) + 0 (offsets) + 0 (variable portion) + 0 (presence octets) + 0 (LOB ids)
           = 50
  step 18  Rounded up to even = physical + (physical mod 2)
           = 50 (physical) + 0 (filler)
           = 50

aligned row (conservative, steps 20-25)  (Teradata Database Design 16.10, Row Size Calculation, Procedure for Packed64 Systems)
  step 20a Alignment overhead start = 1 if step 13 is odd and one variable column, else 0
           = 0
  step 20b-d FA, CA = maximum alignment of fixed / compressible columns
           = 8 (FA), 8 (CA)
           = 8
  step 22  VA = maximum alignment of variable columns
           = 1
  step 21-23 Byte alignment overhead = step 20a + (MAX(FA,CA) - 1) + (VA - 1)
           = 0 (step 20a) + 7 (MAX(FA,CA) - 1) + 0 (VA - 1)
           = 7
  step 24  Aligned row size = step 17 + aligned type growth + overhead
           = 50 (step 17) + 0 (aligned type sizes) + 7 (alignment overhead)
           = 57
  step 25  Rounded up to a multiple of 8 = ceil(step 24 / 8) x 8
           = 57 (step 24) + 7 (padding)
           = 64

aligned row (exact procedure)  (Teradata Database Design 16.10, Row Size Calculation, Procedure To Determine the Exact Row Size for Aligned Row Systems)
  reconstruction: step 5 of the exact aligned-row procedure is an image in the manual; ddlaudit takes it as RowSize = 12 + PB (D19)
  step 1   RowSize = row header
           = 12
  step 2-4 PB = additional presence octets
           = 3 (compressed), 2 (nullable)
           = 0
  step 5   RowSize = 12 + PB (reconstruction of the equation image, D19)
           = 12 (header) + 0 (PB)
           = 12
  step 6-7 RowSize with the offset array = IF VC > 0: RowSize + (1 if RowSize is odd) + 2 x (VC + 1)
           = 12 (RowSize) + 0 (odd pad) + 0 (2 x (0 + 1))
           = 12
           note: VC = 0
  step 8-13 FA, FS, CA, CS, VA, VS = alignment and size per area
           = 21 (FS) + 11 (CS) + 0 (VS)
           = 32
           note: FA=8 CA=8 VA=1
  step 14-16 CP = FixedActual + FS
           = 16 (FixedActual) + 21 (FS)
           = 37
           note: B = 4
  step 17-21 RowSize = CompressActual + CS (- CA when B + C > MAX(FA,CA), step 21)
           = 40 (CompressActual) + 11 (CS) + 0 (step 21)
           = 51
           note: C = 3
  step 22-25 RowSize = VA_Actual + VS
           = 51 (VA_Actual) + 0 (VS)
           = 51
  step 26  Row size = rounded up to a multiple of 8
           = 51 (RowSize) + 5 (padding)
           = 56
           note: alignment overhead 12 bytes

packed64 row at declared maximums  (Teradata Database Design 16.10, Row Size Calculation, Procedure for Packed64 Systems)
  step 1-3 SUM(a), variable-length columns = sum of their average bytes
           = 0
  step 4-6 Fixed-length columns = count x sizing factor per type
           = 8 (1 x BIGINT (8)) + 1 (1 x BYTEINT (1)) + 4 (1 x DATE (4)) + 8 (1 x DECIMAL(18,2) (8)) + 8 (2 x INTEGER (4)) + 2 (1 x SMALLINT (2))
           = 31
  step 7   SUM(n), CHARACTER/BYTE/GRAPHIC = sum of declared bytes
           = 1 (region_cd)
           = 1
  step 8   Logical size = fixed + SUM(n) + SUM(a)
           = 31 (fixed) + 1 (SUM(n)) + 0 (SUM(a))
           = 32
  step 9   Overhead = PPI row, 2-byte partition number
           = 18 (overhead)
           = 18
  step 10  Variable column offsets = 2 x variable columns
           = 0 (2 x 0)
           = 0
  step 10b Variable portion = 2 bytes for a row with a variable portion (D10)
           = 0 (variable portion)
           = 0
  step 11  Columns compressed on a non-null value = count
           = 3
  step 12  Nullable columns = count
           = 2
  step 13  Additional presence octets = procedure rule: (step 11 + step 12) / 8
           = 0 (octets)
           = 0
           note: procedure rule 0, exact rule 0
  step 14  LOB object ids = 0 x 40
           = 0
  step 15-16 UDTs = distinct UDTs are sized as their base type
           = 0
  step 17  Physical size = logical + overhead + offsets + portion + octets + LOBs
           = 32 (logical) + 18 (overhead) + 0 (offsets) + 0 (variable portion) + 0 (presence octets) + 0 (LOB ids)
           = 50
  step 18  Rounded up to even = physical + (physical mod 2)
           = 50 (physical) + 0 (filler)
           = 50

table size  (Teradata Database Design 16.10, Sizing Base Tables, Hash Indexes, and Join Indexes)
  reconstruction: the block equations are images in the manual; rows per block, blocks and bytes follow from its cited parameters (typical block = ROUNDUP(max x 3/4, 512), block overhead 74, table header 512 per AMP); constants are [size.teradata] settings
  step B   Typical block size = ROUNDUP(130048 x 0.75, 512)
           = 97,792
  step R   Rows per block = floor((block - 74) / (row + 2)) = floor(97718 / 58)
           = 1684
  step N   Blocks per AMP = ceil(ceil(rows / AMPs) / rows per block) = ceil(17637 / 1684)
           = 11
           note: 123,457 rows over 7 AMP(s): 17,637 rows per AMP
  step NB  Blocks = blocks per AMP x AMPs = 11 x 7
           = 77
  step S   Bytes = AMPs x (blocks x block + table header)
           = 7,529,984 (blocks) + 3584 (table headers)
           = 7,533,568
  step F   Permanent space = no FALLBACK
           = 7,533,568 (primary) + 0 (fallback)
           = 7,533,568
"""  # noqa: E501

TERADATA_DAILYSALES_FIGURES = {
    "row_bytes_packed64": 50,
    "row_bytes_aligned_conservative": 64,
    "row_bytes_aligned_exact": 56,
    "logical_bytes": 32,
    "rows_per_block": 1684,
    "blocks": 77,
    "perm_bytes": 7533568,
}

TERADATA_DAILYSALES_DIAGNOSTICS: list[tuple[str, str]] = []

MSSQL_ORDERS = """\
clustered index leaf row  (SQL Server docs, Estimate the Size of a Clustered Index, Step 1 (leaf level))
  step 1.1 Num_Rows = rows in the table (--rows)
           = 1,000,000
  step 1.2a Num_Cols = number of columns
           = 11
  step 1.2b Fixed_Data_Size = total byte size of all fixed-length columns
           = 4 (OrderID) + 10 (CustomerID) + 4 (EmployeeID) + 8 (OrderDate) + 8 (Freight) + 3 (ShipCode) + 8 (ts)
           = 45
  step 1.2c Num_Variable_Cols = number of variable-length columns
           = 4
  step 1.2d Max_Var_Size = maximum byte size of all variable-length columns
           = 80 (ShipName (declared maximum)) + 24 (ShipPhone (declared maximum)) + 16 (Notes (declared maximum)) + 16 (Picture (declared maximum))
           = 136
  step 1.4 Null_Bitmap = 2 + ((Num_Cols + 7) / 8), integer part
           = 2 (2) + 2 ((11 + 7) / 8)
           = 4
  step 1.5 Variable_Data_Size = 2 + (Num_Variable_Cols x 2) + Max_Var_Size (0 without variable-length columns)
           = 2 (2) + 8 (4 x 2) + 136 (Max_Var_Size)
           = 146
  step 1.6 Row_Size = Fixed_Data_Size + Variable_Data_Size + Null_Bitmap + 4 (row header)
           = 45 (Fixed_Data_Size) + 146 (Variable_Data_Size) + 4 (Null_Bitmap) + 4 (row header)
           = 199
  step 1.7 Rows_Per_Page = 8096 / (Row_Size + 2), rounded down (2: the slot array entry) = 8096 / 201
           = 40
  step 1.8 Free_Rows_Per_Page = 8096 x ((100 - Fill_Factor) / 100) / (Row_Size + 2), rounded down = 8096 x 10 / 100 / 201
           = 4
           note: Fill_Factor = 90
  step 1.8+ Rows stored per leaf page = Rows_Per_Page - Free_Rows_Per_Page (at least 1)
           = 40 (Rows_Per_Page) + -4 (Free_Rows_Per_Page)
           = 36
  step 1.9 Num_Leaf_Pages = Num_Rows / (Rows_Per_Page - Free_Rows_Per_Page), rounded up = 1,000,000 / 36
           = 27,778
  step 1.10 Leaf_space_used = 8192 x Num_Leaf_Pages = 8192 x 27,778
           = 227,557,376

clustered index leaf row at declared maximums  (SQL Server docs, Estimate the Size of a Clustered Index, Step 1 (leaf level))
  step 1.2a Num_Cols = number of columns
           = 11
  step 1.2b Fixed_Data_Size = total byte size of all fixed-length columns
           = 4 (OrderID) + 10 (CustomerID) + 4 (EmployeeID) + 8 (OrderDate) + 8 (Freight) + 3 (ShipCode) + 8 (ts)
           = 45
  step 1.2c Num_Variable_Cols = number of variable-length columns
           = 4
  step 1.2d Max_Var_Size = maximum byte size of all variable-length columns
           = 80 (ShipName (max)) + 24 (ShipPhone (max)) + 16 (Notes (max)) + 16 (Picture (max))
           = 136
  step 1.4 Null_Bitmap = 2 + ((Num_Cols + 7) / 8), integer part
           = 2 (2) + 2 ((11 + 7) / 8)
           = 4
  step 1.5 Variable_Data_Size = 2 + (Num_Variable_Cols x 2) + Max_Var_Size (0 without variable-length columns)
           = 2 (2) + 8 (4 x 2) + 136 (Max_Var_Size)
           = 146
  step 1.6 Row_Size = Fixed_Data_Size + Variable_Data_Size + Null_Bitmap + 4 (row header)
           = 45 (Fixed_Data_Size) + 146 (Variable_Data_Size) + 4 (Null_Bitmap) + 4 (row header)
           = 199
  step 1.7 Rows_Per_Page = 8096 / (Row_Size + 2), rounded down (2: the slot array entry) = 8096 / 201
           = 40
  step 8060 Columns moved to row-overflow pages = widest variable-length columns first, until the row fits 8,060 bytes
           = 0

clustered index non-leaf levels  (SQL Server docs, Estimate the Size of a Clustered Index, Step 2 (index information))
  step 2.1a Num_Key_Cols = number of key columns
           = 1
  step 2.1b Fixed_Key_Size = bytes of fixed-length key columns
           = 4 (OrderID)
           = 4
  step 2.1c Num_Variable_Key_Cols = variable-length key columns
           = 0
  step 2.1d Max_Var_Key_Size = bytes of variable-length key columns
           = 0
  step 2.3 Index_Null_Bitmap = 2 + ((Num_Key_Cols + 7) / 8) if a key column is nullable, else 0
           = 0 (no nullable key column)
           = 0
  step 2.4 Variable_Key_Size = 2 + (Num_Variable_Key_Cols x 2) + Max_Var_Key_Size (0 without)
           = 0 (no variable-length key columns)
           = 0
  step 2.5 Index_Row_Size = Fixed_Key_Size + Variable_Key_Size + Index_Null_Bitmap + 1 + 6
           = 4 (Fixed_Key_Size) + 0 (Variable_Key_Size) + 0 (Index_Null_Bitmap) + 1 (row header) + 6 (child page pointer)
           = 11
  step 2.6 Index_Rows_Per_Page = 8096 / (Index_Row_Size + 2), rounded down = 8096 / 13
           = 622
  step 2.7 Non-leaf_Levels = 1 + log Index_Rows_Per_Page (Num_Leaf_Pages / Index_Rows_Per_Page), rounded up
           = 2
  step 2.8 Num_Index_Pages = sum over levels of Num_Leaf_Pages / Index_Rows_Per_Page ^ Level, each rounded up
           = 45 (level 1) + 1 (level 2)
           = 46
  step 2.9 Index_Space_Used = 8192 x Num_Index_Pages = 8192 x 46
           = 376,832

clustered index size  (SQL Server docs, Estimate the Size of a Clustered Index, Step 3)
  step 3   Clustered index size (bytes) = Leaf_Space_Used + Index_Space_used
           = 227,557,376 (Leaf_Space_Used) + 376,832 (Index_Space_Used)
           = 227,934,208
           note: PK_Orders: unique on OrderID
  step 3p  Pages = Num_Leaf_Pages + Num_Index_Pages
           = 27,778 (Num_Leaf_Pages) + 46 (Num_Index_Pages)
           = 27,824
"""  # noqa: E501

MSSQL_ORDERS_FIGURES = {
    "row_bytes": 199,
    "fixed_data_bytes": 45,
    "row_overflow_columns": 0,
    "rows_per_page": 36,
    "index_row_bytes": 11,
    "leaf_pages": 27778,
    "index_pages": 46,
    "nonleaf_levels": 2,
    "pages": 27824,
}

MSSQL_ORDERS_DIAGNOSTICS: list[tuple[str, str]] = []

ASE_ORDERS = """\
data-only-locked data row  (ASE Performance and Tuning: Physical Database Tuning, Determining the Sizes of Tables, Calculating the sizes of data-only-locked tables, Step 1: Calculate the data row size)
  step 1f  Sum of bytes in all fixed-length columns = sum
           = 6 (order_id) + 16 (customer) + 8 (placed) + 4 (qty) + 4 (total) + 8 (row_ts)
           = 46
  step 1v  Sum of bytes in all variable-length columns = sum (NULL columns are variable-length)
           = 8 (shipped (declared maximum)) + 4 (weight (declared maximum)) + 16 (comments (declared maximum))
           = 28
  step 1   Data row size = 8 (overhead) + fixed + variable + variable columns x 2
           = 8 (overhead) + 46 (fixed) + 28 (variable) + 6 (3 x 2)
           = 88
  step 1p  Stored row size = rows shorter than 10 bytes are padded (forwarded row id)
           = 88 (data row size) + 0 (padding)
           = 88

data-only-locked data row at declared maximums  (ASE Performance and Tuning: Physical Database Tuning, Determining the Sizes of Tables, Calculating the sizes of data-only-locked tables, Step 1: Calculate the data row size)
  step 1f  Sum of bytes in all fixed-length columns = sum
           = 6 (order_id) + 16 (customer) + 8 (placed) + 4 (qty) + 4 (total) + 8 (row_ts)
           = 46
  step 1v  Sum of bytes in all variable-length columns = sum (NULL columns are variable-length)
           = 8 (shipped (max)) + 4 (weight (max)) + 16 (comments (max))
           = 28
  step 1   Data row size = 8 (overhead) + fixed + variable + variable columns x 2
           = 8 (overhead) + 46 (fixed) + 28 (variable) + 6 (3 x 2)
           = 88
  step 1p  Stored row size = rows shorter than 10 bytes are padded (forwarded row id)
           = 88 (data row size) + 0 (padding)
           = 88

data pages  (ASE Performance and Tuning: Physical Database Tuning, Determining the Sizes of Tables, Calculating the sizes of data-only-locked tables, Step 2: Compute the number of data pages)
  reconstruction: the data-only rows-per-page division is not printed: usable / (row + 2), the 2-byte row offset entry (D47)
  step 2u  Bytes for user data = 2048 - 46 (page header)
           = 2048 (page) + -46 (header)
           = 2002
  step 2e  Row size with exp_row_size = max(row size, exp_row_size): space reserved for the row to grow
           = 120
  step 2r  Data rows per page = 2002 / (row size + 2), at most 166 rows, rounded down = min(2002 / 122, 166)
           = 16
  step 2n  Number of rows = rows in the table (--rows)
           = 1,000,000
  step 2   Number of data pages = rows / rows per page, rounded up = 1,000,000 / 16
           = 62,500
  step 2g  Data pages with reservepagegap = + 1 empty page per 16 (Effects of space management properties)
           = 62,500 (data pages) + 3906 (reserved empty pages)
           = 66,406

allocation overhead and total pages  (ASE Performance and Tuning: Physical Database Tuning, Determining the Sizes of Tables, Calculating the sizes of data-only-locked tables, Step 3: Calculate allocation overhead and total pages)
  step 6m  Minimum OAM pages = pages / 63,750, rounded up
           = 2 (data OAM) + 0 (index OAM)
           = 2
  step 6x  Maximum OAM pages = pages / 2,000, rounded up
           = 34 (data OAM) + 0 (index OAM)
           = 34
  step 6   Total pages (minimum OAM) = data pages + index pages + OAM pages
           = 66,406 (data pages) + 0 (index pages) + 2 (OAM pages)
           = 66,408
           note: with the maximum OAM pages 66,440
  step 6b  Bytes = total pages x page size = 66,408 x 2048
           = 136,003,584
"""  # noqa: E501

ASE_ORDERS_FIGURES = {
    "row_bytes": 88,
    "rows_per_page": 16,
    "data_pages": 66406,
    "oam_pages_min": 2,
    "oam_pages_max": 34,
    "pages": 66408,
}

ASE_ORDERS_DIAGNOSTICS: list[tuple[str, str]] = []

HIRDB_ORDERS = """\
row length  (HiRDB V8 Installation and Design Guide 17.1.2(3), Table 17-1; example (7))
  step (3) Row length = sum of di (Table 17-1)
           = 4 (ORDER_NO INTEGER) + 2 (BRANCH SMALLINT) + 6 (AMOUNT DECIMAL(11,2))
           = 12

row length at declared maximums  (HiRDB V8 Installation and Design Guide 17.1.2(3), Table 17-1; example (7))
  step (3) Row length = sum of di (Table 17-1)
           = 4 (ORDER_NO INTEGER) + 2 (BRANCH SMALLINT) + 6 (AMOUNT DECIMAL(11,2))
           = 12

FIX not specified: P and pages in RD_ORD01  (HiRDB V8 Installation and Design Guide 17.1.2(1)-(2), Table 17-1 note 5; 17.1.1 (segments))
  reconstruction: rows per page, P / Q and the page total are reconstructed (D51-D54)
  step note 5 Row length in the page (BL) = sum(di) + 2 x f + 6
           = 12 (sum(di)) + 6 (2 x 3 columns) + 6 (row header)
           = 24
  step (1)(a) Rows per page (the denominator of P) = min(255, max(1, floor((b - 48) x (100 - c) / 100 / (BL + 2))))
           = 4096 (b), 20 (c %), 3,238.4 (usable bytes), 26 (BL + slot)
           = 124
           note: reconstruction (D51): the formula is an image in the manual
  step (1)(a) P = ceil(a / rows per page) = ceil(333334 / 124)
           = 333,334 (a), 124 (rows per page)
           = 2689
           note: reconstruction (D51)
  step data Data pages = P
           = 2689 (P)
           = 2689
  step (3) h Free pages per segment = floor(g x h / 100)
           = 50 (g), 10 (h %)
           = 5
           note: reconstruction (D53)
  step (3) g Segments = ceil(data pages / (g - free)) = ceil(2689 / 45)
           = 60
           note: reconstruction (D53)
  step 17.1.1 Table storage pages = segments x g
           = 2689 (data pages) + 311 (free and unfilled segment pages)
           = 3000
           note: 17.1.1 adds ceil(Ti / e) x e per table to the RDAREA

FIX not specified: P and pages in RD_ORD02  (HiRDB V8 Installation and Design Guide 17.1.2(1)-(2), Table 17-1 note 5; 17.1.1 (segments))
  reconstruction: rows per page, P / Q and the page total are reconstructed (D51-D54)
  step note 5 Row length in the page (BL) = sum(di) + 2 x f + 6
           = 12 (sum(di)) + 6 (2 x 3 columns) + 6 (row header)
           = 24
  step (1)(a) Rows per page (the denominator of P) = min(255, max(1, floor((b - 48) x (100 - c) / 100 / (BL + 2))))
           = 4096 (b), 20 (c %), 3,238.4 (usable bytes), 26 (BL + slot)
           = 124
           note: reconstruction (D51): the formula is an image in the manual
  step (1)(a) P = ceil(a / rows per page) = ceil(333333 / 124)
           = 333,333 (a), 124 (rows per page)
           = 2689
           note: reconstruction (D51)
  step data Data pages = P
           = 2689 (P)
           = 2689
  step (3) h Free pages per segment = floor(g x h / 100)
           = 50 (g), 10 (h %)
           = 5
           note: reconstruction (D53)
  step (3) g Segments = ceil(data pages / (g - free)) = ceil(2689 / 45)
           = 60
           note: reconstruction (D53)
  step 17.1.1 Table storage pages = segments x g
           = 2689 (data pages) + 311 (free and unfilled segment pages)
           = 3000
           note: 17.1.1 adds ceil(Ti / e) x e per table to the RDAREA

FIX not specified: P and pages in RD_ORD03  (HiRDB V8 Installation and Design Guide 17.1.2(1)-(2), Table 17-1 note 5; 17.1.1 (segments))
  reconstruction: rows per page, P / Q and the page total are reconstructed (D51-D54)
  step note 5 Row length in the page (BL) = sum(di) + 2 x f + 6
           = 12 (sum(di)) + 6 (2 x 3 columns) + 6 (row header)
           = 24
  step (1)(a) Rows per page (the denominator of P) = min(255, max(1, floor((b - 48) x (100 - c) / 100 / (BL + 2))))
           = 4096 (b), 20 (c %), 3,238.4 (usable bytes), 26 (BL + slot)
           = 124
           note: reconstruction (D51): the formula is an image in the manual
  step (1)(a) P = ceil(a / rows per page) = ceil(333333 / 124)
           = 333,333 (a), 124 (rows per page)
           = 2689
           note: reconstruction (D51)
  step data Data pages = P
           = 2689 (P)
           = 2689
  step (3) h Free pages per segment = floor(g x h / 100)
           = 50 (g), 10 (h %)
           = 5
           note: reconstruction (D53)
  step (3) g Segments = ceil(data pages / (g - free)) = ceil(2689 / 45)
           = 60
           note: reconstruction (D53)
  step 17.1.1 Table storage pages = segments x g
           = 2689 (data pages) + 311 (free and unfilled segment pages)
           = 3000
           note: 17.1.1 adds ceil(Ti / e) x e per table to the RDAREA

table storage pages  (HiRDB V8 Installation and Design Guide 17.1.2(1)-(2), Table 17-1 note 5; 17.1.1 (segments))
  reconstruction: rows per page, P / Q and the page total are reconstructed (D51-D54)
  step 17.1.2 Pages of the table = sum over its RDAREAs
           = 3000 (FIX not specified: P and pages in RD_ORD01) + 3000 (FIX not specified: P and pages in RD_ORD02) + 3000 (FIX not specified: P and pages in RD_ORD03)
           = 9000
  step bytes Bytes of the table = sum over its RDAREAs of pages x page length b
           = 12,288,000 (FIX not specified: P and pages in RD_ORD01: 3000 x 4096) + 12,288,000 (FIX not specified: P and pages in RD_ORD02: 3000 x 4096) + 12,288,000 (FIX not specified: P and pages in RD_ORD03: 3000 x 4096)
           = 36,864,000
"""  # noqa: E501

HIRDB_ORDERS_FIGURES = {
    "row_length": 12,
    "branch_bytes_per_row": 0,
    "stored_bytes_per_row": 12,
    "pages[RD_ORD01]": 3000,
    "pages[RD_ORD02]": 3000,
    "pages[RD_ORD03]": 3000,
    "rows_per_page": 124,
    "pages": 9000,
    "table_bytes": 36864000,
}

HIRDB_ORDERS_DIAGNOSTICS = [
    (
        "S032",
        f"table ORDERS: RDAREA {r} has no [rdareas.{r}] entry; page length 4096 and segment "
        "size 50 assumed",
    )
    for r in ("RD_ORD01", "RD_ORD02", "RD_ORD03")
]


# ------------------------------------------------------------------ whole worksheets


CASES = {
    "teradata aligned": (
        FIXTURES / "teradata" / "sales_ppi.sql",
        "DailySales",
        SizingSettings(
            platform="teradata",
            rows=123_457,
            teradata=TeradataSettings(
                row_format="aligned", presence_rule="procedure", amps=7, release="15.0"
            ),
        ),
        (TERADATA_DAILYSALES, TERADATA_DAILYSALES_FIGURES, TERADATA_DAILYSALES_DIAGNOSTICS),
    ),
    # ShipPhone is of the sp_addtype type Phone, varchar(24) (unsized before the T-SQL
    # grammar read sp_addtype: the row was 173 bytes, 23,850 pages)
    "mssql clustered": (
        FIXTURES / "tsql" / "legacy_2000.sql",
        "Orders",
        SizingSettings(rows=1_000_000),
        (MSSQL_ORDERS, MSSQL_ORDERS_FIGURES, MSSQL_ORDERS_DIAGNOSTICS),
    ),
    "ase datarows": (
        FIXTURES / "sybase" / "datarows_partitioned.sql",
        "orders",
        SizingSettings(rows=1_000_000),
        (ASE_ORDERS, ASE_ORDERS_FIGURES, ASE_ORDERS_DIAGNOSTICS),
    ),
    "hirdb partitioned": (
        FIXTURES / "hirdb" / "partitioned.sql",
        "ORDERS",
        SizingSettings(rows=1_000_000),
        (HIRDB_ORDERS, HIRDB_ORDERS_FIGURES, HIRDB_ORDERS_DIAGNOSTICS),
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_fixture_worksheets_as_before(case: str) -> None:
    path, name, sizing, (text, figures, diagnostics) = CASES[case]
    (estimate,) = [e for e in estimate_file(sized(path, sizing), sizing) if e.table.name == name]
    assert "\n\n".join(render(ws) for ws in estimate.worksheets) + "\n" == text
    assert {f.name: f.value for f in estimate.figures} == figures
    assert [(d.code, d.message) for d in estimate.diagnostics] == diagnostics
