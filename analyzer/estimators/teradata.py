"""Teradata row and table size: the Row Size Calculation procedures, step by step.

Teradata Database Design 16.10 (B035-1094-161K), "Row Size Calculation" (seed
``teradata-row-size.txt``):

* *Procedure for Packed64 Systems*, steps 1-19: SUM(a), fixed columns by sizing
  factor, SUM(n), logical size, overhead by primary index (14 NPPI / 18 PPI), variable
  column offsets, presence octets, LOB object ids, UDTs, physical size rounded to even.
* steps 20-25: the conservative aligned-row size (alignment overhead, multiple of 8).
* *Procedure To Determine the Exact Row Size for Aligned Row Systems*, steps 1-26.
* "Sizing Base Tables, Hash Indexes, and Join Indexes": typical block size, block
  overhead, table header; the block arithmetic itself is a reconstruction (the
  equations are images), flagged in the output, with every constant a setting.

The Employee example of the manual (FName averaging 14 bytes) gives logical size 64
and physical size 82:

>>> from analyzer.core import Options, analyze_bytes
>>> from analyzer import passes
>>> from analyzer.settings import SizingSettings
>>> ddl = open("fixtures/teradata/employee.sql", "rb").read()
>>> s = SizingSettings(averages=((("employee", "fname"), 14),))
>>> r = passes.run(analyze_bytes("e.sql", ddl, Options()))
>>> r = passes.run(r, passes.SIZING_RULES, sizing=s)
>>> e = estimate(r.tables[0], "e.sql", s)
>>> e.worksheets[0].value("8"), e.row_bytes
(64, 82)
"""

from __future__ import annotations

import math
from collections import Counter

from analyzer.estimators.table_estimate import Figure, TableEstimate
from analyzer.ir import Column, ColumnStorage, Diagnostic, Severity, Table
from analyzer.platforms.teradata import SPATIAL_METADATA_BYTES, extra_presence_octets
from analyzer.records import record
from analyzer.settings import SizingSettings, TeradataSettings
from analyzer.worksheet import Step, Term, Worksheet

_SOURCE = "Teradata Database Design 16.10, Row Size Calculation"
_PACKED = f"{_SOURCE}, Procedure for Packed64 Systems"
_ALIGNED = f"{_SOURCE}, Procedure To Determine the Exact Row Size for Aligned Row Systems"
_TABLE = "Teradata Database Design 16.10, Sizing Base Tables, Hash Indexes, and Join Indexes"

#: The exact aligned procedure's step 5 equation is an image (D19).
ALIGNED_RECONSTRUCTION = (
    "step 5 of the exact aligned-row procedure is an image in the manual; ddlaudit takes it "
    "as RowSize = 12 + PB (D19)"
)
#: The procedure has no overhead for 8-byte partition numbers (D13).
PPI8_RECONSTRUCTION = (
    "the procedure gives no overhead for rows with 8-byte partition numbers; ddlaudit uses "
    "the 20-byte header + 4 = 24 (D13, [size.teradata] overhead_ppi_8byte)"
)


def _sized(table: Table) -> list[Column]:
    return [c for c in table.columns if c.storage is not None]


def _compressible(column: Column) -> bool:
    comp = column.compression
    return comp is not None and (
        any(v.strip().upper() != "NULL" for v in comp.values) or comp.compress_using is not None
    )


def partition_bytes(table: Table) -> int:
    """Bytes of the partition number in the RowID: 0 (no PPI), 2 (<= 65,535 partitions), 8.

    "Things To Consider When Filling Out the Row Size Calculation Form": up to 65,535
    combined partitions use a 2-byte partition number, more an 8-byte one.
    """
    levels = [lvl for ix in table.indexes for lvl in ix.partitioning]
    if not levels:
        return 0
    combined = 1
    for lvl in levels:
        combined *= lvl.partitions or 65_535
        if combined > 65_535:
            return 8
    return 2


#: The row worksheets' titles (the figures name the worksheet they come from).
_PACKED_TITLE = "packed64 row"
_CONSERVATIVE_TITLE = "aligned row (conservative, steps 20-25)"
_EXACT_TITLE = "aligned row (exact procedure)"


def _overhead(size: int, td: TeradataSettings) -> tuple[int, str]:
    """Step 9 for a row whose partition number takes ``size`` bytes."""
    if size == 0:
        return td.overhead_nppi, "nonpartitioned primary index (or NoPI) row"
    if size == 2:
        return td.overhead_ppi, "PPI row, 2-byte partition number"
    return td.overhead_ppi_8byte, "PPI row, 8-byte partition number (reconstruction, D13)"


def _presence(columns: list[Column], td: TeradataSettings) -> tuple[int, int, int, int]:
    """(compressed on a value, nullable, procedure octets, exact octets)."""
    compressed = sum(1 for c in columns if _compressible(c))
    nullable = sum(1 for c in columns if c.nullable)
    procedure = (compressed + nullable) // 8
    bits = sum(c.storage.presence_bits for c in columns if c.storage is not None)
    return compressed, nullable, procedure, extra_presence_octets(bits)


@record
class _Areas:
    """A table's sized columns sorted once into what the procedures count, sum and align
    (every worksheet of :func:`estimate` reads them; one walk of the columns serves all)."""

    #: (name, storage) of the variable-length (SUM(a)), CHARACTER/BYTE/GRAPHIC (SUM(n))
    #: and LOB columns.
    variable: tuple[tuple[str, ColumnStorage], ...]
    chars: tuple[tuple[str, ColumnStorage], ...]
    lobs: tuple[tuple[str, ColumnStorage], ...]
    #: Steps 4-6: count x sizing factor per fixed-length type.
    fixed_terms: tuple[Term, ...]
    fixed_total: int
    #: :func:`_presence` of the sized columns.
    presence: tuple[int, int, int, int]
    #: Alignments and aligned sizes of the fixed and char columns, not compressible (FA,
    #: FS) and compressible (CA, CS); alignments of every compressible column (steps 20b-d).
    fixed_alignments: tuple[int, ...]
    fixed_size: int
    comp_alignments: tuple[int, ...]
    comp_size: int
    any_comp_alignments: tuple[int, ...]
    #: Alignments of the variable-length and LOB columns.
    variable_alignments: tuple[int, ...]
    lob_alignments: tuple[int, ...]
    #: Growth of the fixed and char columns to their aligned sizes (step 24).
    widen: int
    partition: int


def _areas(table: Table) -> _Areas:
    variable, chars, lobs = [], [], []
    by_type: dict[tuple[str, int], int] = {}
    compressed = nullable = bits = fixed_size = comp_size = widen = 0
    fixed_al, comp_al, any_comp_al, var_al, lob_al = [], [], [], [], []
    for c in table.columns:
        s = c.storage
        if s is None:
            continue
        comp = c.compression is not None and _compressible(c)
        compressed += comp
        if c.nullable:
            nullable += 1
        bits += s.presence_bits
        align = s.alignment or 1
        if comp:
            any_comp_al.append(align)
        category = s.category
        if category == "variable":
            variable.append((c.name, s))
            var_al.append(align)
        elif category == "lob":
            lobs.append((c.name, s))
            lob_al.append(align)
        elif category in ("fixed", "char"):
            size = s.aligned_length or s.data_length
            widen += size - s.data_length
            if comp:
                comp_al.append(align)
                comp_size += size
            else:
                fixed_al.append(align)
                fixed_size += size
            if category == "char":
                chars.append((c.name, s))
            else:
                key = (s.type, s.data_length)
                by_type[key] = by_type.get(key, 0) + 1
    # steps 4-6 count by sizing factor: the type's name (DECIMAL with its precision)
    fixed: Counter[tuple[str, int]] = Counter()
    for (type_, size), n in by_type.items():
        fixed[(type_.split("(")[0] if "DECIMAL" not in type_.upper() else type_, size)] += n
    factors = sorted(fixed.items())
    procedure = (compressed + nullable) // 8
    return _Areas(
        tuple(variable),
        tuple(chars),
        tuple(lobs),
        tuple(Term(f"{n} x {name} ({size})", n * size) for (name, size), n in factors),
        sum(n * size for (_, size), n in factors),
        (compressed, nullable, procedure, extra_presence_octets(bits)),
        tuple(fixed_al),
        fixed_size,
        tuple(comp_al),
        comp_size,
        tuple(any_comp_al),
        tuple(var_al),
        tuple(lob_al),
        widen,
        partition_bytes(table),
    )


def packed64(
    table: Table, td: TeradataSettings, at_max: bool = False, areas: _Areas | None = None
) -> Worksheet:
    """Steps 1-19 of the packed64 procedure (``at_max``: variable columns at their maximum)."""
    a = _areas(table) if areas is None else areas
    if at_max:
        var_terms = tuple(Term(f"{name} max", s.max_length) for name, s in a.variable)
        char_terms = tuple(Term(name, s.max_length) for name, s in a.chars)
        lob_terms = tuple(Term(name, s.max_length) for name, s in a.lobs)
    else:
        var_terms = tuple(Term(f"{name} {s.basis}", s.data_length) for name, s in a.variable)
        char_terms = tuple(Term(name, s.data_length) for name, s in a.chars)
        lob_terms = tuple(Term(name, s.data_length) for name, s in a.lobs)
    sum_a = sum(tm.value for tm in var_terms)
    sum_n = sum(tm.value for tm in char_terms)
    fixed_total = a.fixed_total
    logical = int(fixed_total + sum_n + sum_a)
    overhead, why = _overhead(a.partition, td)
    nvar = len(a.variable)
    offsets = 2 * nvar
    portion = td.variable_portion_bytes if nvar else 0
    compressed, nullable, procedure, exact = a.presence
    octets = exact if td.presence_rule == "exact" else procedure
    lob_bytes = sum(tm.value for tm in lob_terms)
    spatial = len(lob_terms) - sum(1 for tm in lob_terms if tm.value == td.lob_oid_bytes)
    physical = logical + overhead + offsets + portion + octets + lob_bytes
    steps = [
        Step(
            "1-3", "SUM(a), variable-length columns", "sum of their average bytes", sum_a, var_terms
        ),
        Step(
            "4-6",
            "Fixed-length columns",
            "count x sizing factor per type",
            fixed_total,
            a.fixed_terms,
        ),
        Step("7", "SUM(n), CHARACTER/BYTE/GRAPHIC", "sum of declared bytes", sum_n, char_terms),
        Step(
            "8",
            "Logical size",
            "fixed + SUM(n) + SUM(a)",
            logical,
            (Term("fixed", fixed_total), Term("SUM(n)", sum_n), Term("SUM(a)", sum_a)),
        ),
        Step("9", "Overhead", why, overhead, (Term("overhead", overhead),)),
        Step(
            "10",
            "Variable column offsets",
            "2 x variable columns",
            offsets,
            (Term(f"2 x {nvar}", offsets),),
        ),
        Step(
            "10b",
            "Variable portion",
            "2 bytes for a row with a variable portion (D10)",
            portion,
            (Term("variable portion", portion),),
        ),
        Step("11", "Columns compressed on a non-null value", "count", compressed),
        Step("12", "Nullable columns", "count", nullable),
        Step(
            "13",
            "Additional presence octets",
            f"{td.presence_rule} rule"
            + (
                ": (step 11 + step 12) / 8"
                if td.presence_rule == "procedure"
                else ": ceil((presence bits - 7) / 8)"
            ),
            octets,
            (Term("octets", octets),),
            note=f"procedure rule {procedure}, exact rule {exact}",
        ),
        Step(
            "14",
            "LOB object ids",
            f"{len(lob_terms)} x {td.lob_oid_bytes}"
            + (f" (+ {SPATIAL_METADATA_BYTES} bytes of geospatial metadata)" if spatial else ""),
            lob_bytes,
            lob_terms,
        ),
        Step("15-16", "UDTs", "distinct UDTs are sized as their base type", 0),
        Step(
            "17",
            "Physical size",
            "logical + overhead + offsets + portion + octets + LOBs",
            physical,
            (
                Term("logical", logical),
                Term("overhead", overhead),
                Term("offsets", offsets),
                Term("variable portion", portion),
                Term("presence octets", octets),
                Term("LOB ids", lob_bytes),
            ),
        ),
        Step(
            "18",
            "Rounded up to even",
            "physical + (physical mod 2)",
            physical + physical % 2,
            (Term("physical", physical), Term("filler", physical % 2)),
        ),
    ]
    return Worksheet(
        _PACKED_TITLE + (" at declared maximums" if at_max else ""),
        _PACKED,
        tuple(steps),
        reconstruction=PPI8_RECONSTRUCTION if a.partition == 8 else None,
    )


def _align(value: int, to: int) -> int:
    return (value + to - 1) - (value + to - 1) % to


def aligned_conservative(
    table: Table, td: TeradataSettings, packed: Worksheet, areas: _Areas | None = None
) -> Worksheet:
    """Steps 20-25: the conservative aligned-row approximation."""
    a = _areas(table) if areas is None else areas
    step13 = int(packed.value("13"))
    odd = 1 if step13 % 2 == 1 and len(a.variable) == 1 else 0
    fa = max(a.fixed_alignments, default=1)
    ca = max(a.any_comp_alignments, default=1)
    va = max(a.variable_alignments, default=1)
    overhead = odd + max(fa, ca) - 1 + va - 1
    # Step 24 adds it to the row of steps 14-17 with the aligned sizes of the types.
    widen = a.widen
    physical = int(packed.value("17"))
    total = physical + widen + overhead
    steps = (
        Step(
            "20a",
            "Alignment overhead start",
            "1 if step 13 is odd and one variable column, else 0",
            odd,
        ),
        Step(
            "20b-d",
            "FA, CA",
            "maximum alignment of fixed / compressible columns",
            max(fa, ca),
            (Term("FA", fa), Term("CA", ca)),
        ),
        Step("22", "VA", "maximum alignment of variable columns", va),
        Step(
            "21-23",
            "Byte alignment overhead",
            "step 20a + (MAX(FA,CA) - 1) + (VA - 1)",
            overhead,
            (
                Term("step 20a", odd),
                Term("MAX(FA,CA) - 1", max(fa, ca) - 1),
                Term("VA - 1", va - 1),
            ),
        ),
        Step(
            "24",
            "Aligned row size",
            "step 17 + aligned type growth + overhead",
            total,
            (
                Term("step 17", physical),
                Term("aligned type sizes", widen),
                Term("alignment overhead", overhead),
            ),
        ),
        Step(
            "25",
            "Rounded up to a multiple of 8",
            "ceil(step 24 / 8) x 8",
            _align(total, 8),
            (Term("step 24", total), Term("padding", _align(total, 8) - total)),
        ),
    )
    return Worksheet(_CONSERVATIVE_TITLE, _PACKED, steps)


def aligned_exact(
    table: Table, td: TeradataSettings, at_max: bool = False, areas: _Areas | None = None
) -> Worksheet:
    """The exact aligned-row procedure, steps 1-26 (step 5's equation is an image: D19)."""
    a = _areas(table) if areas is None else areas
    steps = []
    row, oh = 12, 0
    steps.append(Step("1", "RowSize", "row header", row))
    compressed, nullable, procedure, exact = a.presence
    pb = exact if td.presence_rule == "exact" else procedure
    steps.append(
        Step(
            "2-4",
            "PB",
            "additional presence octets",
            pb,
            (Term("compressed", compressed), Term("nullable", nullable)),
        )
    )
    row += pb
    steps.append(
        Step(
            "5",
            "RowSize",
            "12 + PB (reconstruction of the equation image, D19)",
            row,
            (Term("header", 12), Term("PB", pb)),
        )
    )
    vc = len(a.variable) + len(a.lobs)
    start = row
    pad = offsets = 0
    if vc:
        if row % 2:
            pad = 1
            row, oh = row + 1, oh + 1
        offsets = 2 * (vc + 1)
        row += offsets
    steps.append(
        Step(
            "6-7",
            "RowSize with the offset array",
            "IF VC > 0: RowSize + (1 if RowSize is odd) + 2 x (VC + 1)",
            row,
            (Term("RowSize", start), Term("odd pad", pad), Term(f"2 x ({vc} + 1)", offsets)),
            note=f"VC = {vc}",
        )
    )
    fa, fs = max(a.fixed_alignments, default=1), a.fixed_size
    ca, cs = max(a.comp_alignments, default=1), a.comp_size
    va = max(a.variable_alignments + a.lob_alignments, default=1)
    if at_max:
        vs = sum(s.max_length for _, s in a.variable) + sum(s.max_length for _, s in a.lobs)
    else:
        vs = sum(s.data_length for _, s in a.variable) + sum(s.data_length for _, s in a.lobs)
    steps.append(
        Step(
            "8-13",
            "FA, FS, CA, CS, VA, VS",
            "alignment and size per area",
            fs + cs + vs,
            (Term("FS", fs), Term("CS", cs), Term("VS", vs)),
            note=f"FA={fa} CA={ca} VA={va}",
        )
    )
    fp = row
    fixed_actual = _align(fp, fa)
    b = fixed_actual - fp
    cp = fixed_actual + fs
    steps.append(
        Step(
            "14-16",
            "CP",
            "FixedActual + FS",
            cp,
            (Term("FixedActual", fixed_actual), Term("FS", fs)),
            note=f"B = {b}",
        )
    )
    compress_actual = _align(cp, ca)
    c_pad = compress_actual - cp
    row = compress_actual + cs
    oh += b + c_pad
    adjust = 0
    if b + c_pad > max(fa, ca):
        adjust = -ca
        row, oh = row - ca, oh - ca
    steps.append(
        Step(
            "17-21",
            "RowSize",
            "CompressActual + CS (- CA when B + C > MAX(FA,CA), step 21)",
            row,
            (Term("CompressActual", compress_actual), Term("CS", cs), Term("step 21", adjust)),
            note=f"C = {c_pad}",
        )
    )
    vp = row
    va_actual = _align(vp, va)
    oh += va_actual - vp
    row = va_actual + vs
    steps.append(
        Step(
            "22-25",
            "RowSize",
            "VA_Actual + VS",
            row,
            (Term("VA_Actual", va_actual), Term("VS", vs)),
        )
    )
    final = _align(row, 8)
    oh += final - row
    steps.append(
        Step(
            "26",
            "Row size",
            "rounded up to a multiple of 8",
            final,
            (Term("RowSize", row), Term("padding", final - row)),
            note=f"alignment overhead {oh} bytes",
        )
    )
    return Worksheet(
        _EXACT_TITLE + (" at declared maximums" if at_max else ""),
        _ALIGNED,
        tuple(steps),
        reconstruction=ALIGNED_RECONSTRUCTION,
    )


def table_size(table: Table, td: TeradataSettings, row_bytes: int, rows: int) -> Worksheet:
    """Data blocks and permanent space for ``rows`` rows (reconstruction, D16)."""
    max_block = table.options.datablocksize or td.max_block_bytes
    typical = _align(math.ceil(max_block * td.block_fill), 512)
    steps = [
        Step("B", "Typical block size", f"ROUNDUP({max_block} x {td.block_fill:g}, 512)", typical)
    ]
    per_row = row_bytes + td.row_pointer_bytes
    room = typical - td.block_overhead
    if per_row > room:
        rpb, typical = 1, _align(per_row + td.block_overhead, 512)
        steps.append(
            Step(
                "B+",
                "Single-row block",
                f"ROUNDUP({row_bytes} + {td.row_pointer_bytes} + {td.block_overhead}, 512)",
                typical,
                note="a row larger than the typical block is stored in its own block",
            )
        )
    else:
        rpb = room // per_row
    steps.append(
        Step(
            "R",
            "Rows per block",
            f"floor((block - {td.block_overhead}) / (row + {td.row_pointer_bytes})) = "
            f"floor({room} / {per_row})",
            rpb,
        )
    )
    per_amp = math.ceil(rows / td.amps) if rows else 0
    blocks = math.ceil(per_amp / rpb) if per_amp else 0
    steps.append(
        Step(
            "N",
            "Blocks per AMP",
            f"ceil(ceil(rows / AMPs) / rows per block) = ceil({per_amp} / {rpb})",
            blocks,
            note=f"{rows:,} rows over {td.amps} AMP(s): {per_amp:,} rows per AMP",
        )
    )
    steps.append(
        Step(
            "NB",
            "Blocks",
            f"blocks per AMP x AMPs = {blocks} x {td.amps}",
            blocks * td.amps,
        )
    )
    data = td.amps * (blocks * typical + td.table_header_bytes)
    steps.append(
        Step(
            "S",
            "Bytes",
            "AMPs x (blocks x block + table header)",
            data,
            (
                Term("blocks", td.amps * blocks * typical),
                Term("table headers", td.amps * td.table_header_bytes),
            ),
        )
    )
    copies = 2 if table.options.fallback else 1
    steps.append(
        Step(
            "F",
            "Permanent space",
            "x 2 with FALLBACK" if copies == 2 else "no FALLBACK",
            data * copies,
            (Term("primary", data), Term("fallback", data * (copies - 1))),
        )
    )
    return Worksheet(
        "table size",
        _TABLE,
        tuple(steps),
        reconstruction="the block equations are images in the manual; rows per block, blocks "
        "and bytes follow from its cited parameters (typical block = ROUNDUP(max x 3/4, 512), "
        "block overhead 74, table header 512 per AMP); constants are [size.teradata] settings",
    )


@record
class _Packed:
    """The packed64 values the other procedures and the figures read: steps 8, 13, 17, 18."""

    logical: int
    octets: int
    physical: int
    result: int


def _packed_values(a: _Areas, td: TeradataSettings, at_max: bool = False) -> _Packed:
    """:func:`packed64`'s steps 8, 13, 17 and 18 without its worksheet (the same sums)."""
    if at_max:
        sum_a = sum(s.max_length for _, s in a.variable)
        sum_n = sum(s.max_length for _, s in a.chars)
        lob_bytes = sum(s.max_length for _, s in a.lobs)
    else:
        sum_a = sum(s.data_length for _, s in a.variable)
        sum_n = sum(s.data_length for _, s in a.chars)
        lob_bytes = sum(s.data_length for _, s in a.lobs)
    logical = int(a.fixed_total + sum_n + sum_a)
    overhead, _ = _overhead(a.partition, td)
    nvar = len(a.variable)
    portion = td.variable_portion_bytes if nvar else 0
    _, _, procedure, exact = a.presence
    octets = exact if td.presence_rule == "exact" else procedure
    physical = logical + overhead + 2 * nvar + portion + octets + lob_bytes
    return _Packed(logical, octets, physical, physical + physical % 2)


def _conservative_value(a: _Areas, packed: _Packed) -> int:
    """:func:`aligned_conservative`'s step 25 without its worksheet."""
    odd = 1 if packed.octets % 2 == 1 and len(a.variable) == 1 else 0
    fa = max(a.fixed_alignments, default=1)
    ca = max(a.any_comp_alignments, default=1)
    va = max(a.variable_alignments, default=1)
    total = packed.physical + a.widen + odd + max(fa, ca) - 1 + va - 1
    return _align(total, 8)


def _exact_value(a: _Areas, td: TeradataSettings, at_max: bool = False) -> int:
    """:func:`aligned_exact`'s step 26 without its worksheet (the same steps, in order)."""
    _, _, procedure, exact = a.presence
    row = 12 + (exact if td.presence_rule == "exact" else procedure)
    vc = len(a.variable) + len(a.lobs)
    if vc:
        row += row % 2 + 2 * (vc + 1)
    fa, fs = max(a.fixed_alignments, default=1), a.fixed_size
    ca, cs = max(a.comp_alignments, default=1), a.comp_size
    va = max(a.variable_alignments + a.lob_alignments, default=1)
    if at_max:
        vs = sum(s.max_length for _, s in a.variable) + sum(s.max_length for _, s in a.lobs)
    else:
        vs = sum(s.data_length for _, s in a.variable) + sum(s.data_length for _, s in a.lobs)
    fixed_actual = _align(row, fa)
    b = fixed_actual - row
    cp = fixed_actual + fs
    compress_actual = _align(cp, ca)
    row = compress_actual + cs
    if b + compress_actual - cp > max(fa, ca):
        row -= ca
    return _align(_align(row, va) + vs, 8)


def estimate(
    table: Table, path: str, sizing: SizingSettings, explain: bool = True
) -> TableEstimate:
    """Size ``table`` on Teradata: packed64, aligned (both procedures), limit and table size.

    ``explain=False``: the same figures and diagnostics without the row worksheets (what
    the lint reads; ``--explain`` and the reports print the worksheets)."""
    td = sizing.teradata
    areas = _areas(table)
    aligned_fmt = td.row_format == "aligned"
    if not explain:
        return _estimate(table, path, sizing, areas, (), *_row_values(areas, td))
    packed = packed64(table, td, areas=areas)
    conservative = aligned_conservative(table, td, packed, areas)
    exact = aligned_exact(table, td, areas=areas)
    at_max = packed64(table, td, at_max=True, areas=areas)
    row = int(exact.result if aligned_fmt else packed.result)
    max_row = int(
        aligned_exact(table, td, at_max=True, areas=areas).result if aligned_fmt else at_max.result
    )
    figures = (
        Figure("row_bytes_packed64", int(packed.result), worksheet=packed.title),
        Figure(
            "row_bytes_aligned_conservative", int(conservative.result), worksheet=conservative.title
        ),
        Figure("row_bytes_aligned_exact", int(exact.result), worksheet=exact.title),
        Figure("logical_bytes", int(packed.value("8")), worksheet=packed.title),
    )
    worksheets = (packed, conservative, exact, at_max)
    return _estimate(table, path, sizing, areas, worksheets, row, max_row, figures)


def _row_values(a: _Areas, td: TeradataSettings) -> tuple[int, int, tuple[Figure, ...]]:
    """(row, row at declared maximums, the row figures) from the procedures' values, with
    the worksheet titles :func:`estimate` names."""
    aligned_fmt = td.row_format == "aligned"
    packed = _packed_values(a, td)
    exact = _exact_value(a, td)
    row = exact if aligned_fmt else packed.result
    max_row = _exact_value(a, td, True) if aligned_fmt else _packed_values(a, td, True).result
    figures = (
        Figure("row_bytes_packed64", packed.result, worksheet=_PACKED_TITLE),
        Figure(
            "row_bytes_aligned_conservative",
            _conservative_value(a, packed),
            worksheet=_CONSERVATIVE_TITLE,
        ),
        Figure("row_bytes_aligned_exact", exact, worksheet=_EXACT_TITLE),
        Figure("logical_bytes", packed.logical, worksheet=_PACKED_TITLE),
    )
    return row, max_row, figures


def _estimate(
    table: Table,
    path: str,
    sizing: SizingSettings,
    areas: _Areas,
    row_sheets: tuple[Worksheet, ...],
    row: int,
    max_row: int,
    row_figures: tuple[Figure, ...],
) -> TableEstimate:
    """The estimate of ``table`` from its row sizes (and their worksheets, if made): the
    limit, the table size."""
    td = sizing.teradata
    aligned_fmt = td.row_format == "aligned"
    small = td.release.split(".")[0].isdigit() and int(td.release.split(".")[0]) < 16
    limit = td.max_row_bytes_small if small else td.max_row_bytes_large
    diags: list[Diagnostic] = []
    if max_row > limit:
        diags.append(
            Diagnostic(
                "S002",
                Severity.WARNING,
                f"table {table.name.name}: a row can reach {max_row:,} bytes at its declared "
                f"maximums, over Teradata {td.release}'s {limit:,}-byte row limit ([size.teradata] "
                "release)",
                table.span,
            )
        )
    figures = list(row_figures)
    worksheets = list(row_sheets)
    rows_per_page = pages = table_bytes = None
    reconstructions = []
    if areas.partition == 8:
        reconstructions.append(PPI8_RECONSTRUCTION)
    if aligned_fmt:
        reconstructions.append(ALIGNED_RECONSTRUCTION)
    if sizing.rows is not None:
        ts = table_size(table, td, row, sizing.rows)
        worksheets.append(ts)
        rows_per_page, pages, table_bytes = (
            int(ts.value("R")),
            int(ts.value("NB")),
            int(ts.result),
        )
        reconstructions.append(str(ts.reconstruction))
        figures += [
            Figure("rows_per_block", rows_per_page, "rows"),
            Figure("blocks", pages, "blocks"),
            Figure("perm_bytes", table_bytes),
        ]
    return TableEstimate(
        path=path,
        table=table.name,
        dialect=table.dialect,
        platform="teradata",
        row_bytes=row,
        max_row_bytes=max_row,
        row_limit=limit,
        rows=sizing.rows,
        rows_per_page=rows_per_page,
        pages=pages,
        table_bytes=table_bytes,
        figures=tuple(figures),
        worksheets=tuple(worksheets),
        diagnostics=tuple(diags),
        reconstruction="; ".join(reconstructions) or None,
    )
