"""The lint's speed paths give exactly what the plain computations give.

* ``data_length`` sizes one column per ``(platform, storage_key, basis)`` of a file (and,
  on Teradata, nullability and compression: it sets the presence bits too) and hands the
  others the same storage: :func:`test_storage_key_holds_every_input` perturbs what the
  key leaves out and asks for the same storage; the passes are compared with the plain
  passes (every column sized by its rule, presence bits set by a second walk, every
  ASCII width computed) on the fixtures and on generated DDL.
* ``Locator`` bisects spans by their start: it must find what ``locate``'s scan finds.
* S050 sums each column's presence units once: the octets and the crossing column must be
  those of ``presence_octets`` and its bisection over prefixes.
* ``FileContext.estimate`` looks estimates up by name; N001 skips short ASCII names; N002
  looks the reserved words up once a table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer import passes
from analyzer.core import Options, analyze_bytes, analyze_paths
from analyzer.estimators import TableEstimate
from analyzer.ir import (
    AsciiWidth,
    Column,
    ColumnStorage,
    Compression,
    Computed,
    DataType,
    Diagnostic,
    FileResult,
    Identity,
    QualifiedName,
    Severity,
    Span,
    Table,
    evolve,
)
from analyzer.passes.ascii_width import width
from analyzer.passes.data_length import data_length
from analyzer.passes.presence_bits import presence_bits
from analyzer.platforms import Basis, Unsupported, column_rule, names, storage_key, teradata
from analyzer.rules import identifiers as ident
from analyzer.rules.engine import FileContext, Locator, from_diagnostic, locate
from analyzer.rules.sizing import (
    _presence_units,
    presence_crossing,
    presence_octets,
    presence_octets_of,
)
from analyzer.rules.words import identifier_limit, is_reserved, reserved_words
from analyzer.settings import SizingSettings, TeradataSettings, from_mapping
from tests.corpus import bench_module

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------ the plain passes


def plain_sizing(result: FileResult, sizing: SizingSettings) -> FileResult:
    """``data_length`` then ``presence_bits`` as they were without the speed paths: each
    column sized by its platform's rule, then each Teradata column's presence bits set."""
    plain = Basis(None, sizing.fill)
    tables = []
    diagnostics = list(result.diagnostics)
    for table in result.tables:
        platform = sizing.platform_for(table.dialect)
        if platform not in names():
            diagnostics.append(
                Diagnostic(
                    "S003",
                    Severity.WARNING,
                    f"table {table.name.name}: ddlaudit cannot size tables for "
                    f"platform {platform!r} yet",
                    table.span,
                )
            )
            tables.append(table)
            continue
        rule = column_rule(platform)
        columns = []
        for column in table.columns:
            if column.computed is not None and not column.computed.persisted:
                columns.append(column)
                continue
            basis = (
                Basis(sizing.average(table.name.name, column.name), sizing.fill)
                if sizing.averages
                else plain
            )
            storage: ColumnStorage | Unsupported
            if column.computed is not None and not column.type.declared.strip():
                storage = Unsupported("the type of a persisted computed column is not declared")
            elif not column.type.declared and column.type.family == "other":
                storage = Unsupported("its type is not known (a derived column not typed: P009)")
            else:
                storage = rule(column, table, basis, sizing)
            if isinstance(storage, Unsupported):
                diagnostics.append(
                    Diagnostic(
                        "S001",
                        Severity.WARNING,
                        f"column {table.name.name}.{column.name}: {storage.message}; "
                        "the rest of the table is sized without it",
                        column.span,
                    )
                )
                columns.append(column)
            else:
                columns.append(replace(column, storage=storage))
        tables.append(replace(table, columns=tuple(columns)))
    result = replace(result, tables=tuple(tables), diagnostics=tuple(diagnostics))
    tables = []
    for table in result.tables:
        columns = []
        for column in table.columns:
            s = column.storage
            if s is not None and s.platform == "teradata":
                bits, compress = teradata.presence_bits(column)
                column = replace(
                    column, storage=replace(s, presence_bits=bits, compress_bits=compress)
                )
            columns.append(column)
        tables.append(replace(table, columns=tuple(columns)))
    return replace(result, tables=tuple(tables))


def plain_widths(result: FileResult, sizing: SizingSettings) -> FileResult:
    """``ascii_width`` on every table, each column's width computed."""
    tables = []
    diagnostics = list(result.diagnostics)
    for table in result.tables:
        columns = []
        for column in table.columns:
            found = width(column.type, table.dialect, sizing, column.character_set)
            if found is None:
                diagnostics.append(
                    Diagnostic(
                        "R050",
                        Severity.WARNING,
                        f"column {table.name.name}.{column.name}: no ASCII width is known for "
                        f"{column.type.declared}; it counts 0 in RowWidth (set "
                        f"[size.replication.ascii_widths] {column.type.name} = N)",
                        column.span,
                    )
                )
                found = AsciiWidth(0, "unknown type", "unknown")
            columns.append(replace(column, ascii_width=found))
        tables.append(replace(table, columns=tuple(columns)))
    return replace(result, tables=tuple(tables), diagnostics=tuple(diagnostics))


def fast(result: FileResult, sizing: SizingSettings) -> FileResult:
    return passes.run(result, passes.SIZING_RULES + passes.REPLICATION_RULES, sizing=sizing)


def _averages(results: Sequence[FileResult]) -> tuple[tuple[tuple[str, str], int], ...]:
    """Averages for some columns of ``results`` (and each abstract data type's attributes)."""
    out: list[tuple[tuple[str, str], int]] = []
    for r in results:
        for tb in r.tables:
            for i, c in enumerate(tb.columns):
                if i % 3 == 0:
                    out.append(((tb.name.name.lower(), c.name.lower()), i % 7))
                for level in c.adt:
                    for att in level.attributes:
                        out.append((("*", f"{c.name}.{att.name}".lower()), 3))
    out.append((("*", "name"), 5))
    return tuple(out)


SETTINGS = {
    "default": {},
    "fill": {"fill": 0.5},
    "aligned-unicode": {"teradata": {"row_format": "aligned", "default_character_set": "UNICODE"}},
    "number-bytes": {"teradata": {"number_bytes": 7, "lob_oid_bytes": 39}, "fill": 0.3},
    "ase-mssql": {
        "ase": {"ncharsize": 2, "unicharsize": 4},
        "mssql": {"large_value_types_out_of_row": True},
    },
    "widths": {"replication": {"ascii_widths": {"INT": 3, "VARCHAR": 7}, "lob_width": 5}},
    **{p: {"platform": p} for p in names()},
    **{f"{p}-fill": {"platform": p, "fill": 0.7} for p in names()},
}


@pytest.fixture(scope="module")
def fixture_results() -> list[FileResult]:
    results, _ = analyze_paths([str(ROOT / "fixtures")], Options())
    return results


@pytest.mark.parametrize("name", sorted(SETTINGS))
@pytest.mark.parametrize("averages", [False, True])
def test_fixtures_sized_as_plainly(
    fixture_results: list[FileResult], name: str, averages: bool
) -> None:
    sizing = from_mapping(SETTINGS[name], "test")
    if averages:
        sizing = replace(sizing, averages=_averages(fixture_results))
    columns = 0
    for r in fixture_results:
        assert fast(r, sizing) == plain_widths(plain_sizing(r, sizing), sizing), r.path
        columns += sum(len(tb.columns) for tb in r.tables)
    assert columns > 500  # the fixtures are all there


def test_fixtures_share_storage(fixture_results: list[FileResult]) -> None:
    """The memo is used: equal columns of a file share one storage object."""
    sized = [data_length(r, SizingSettings()) for r in fixture_results]
    storages = [c.storage for r in sized for tb in r.tables for c in tb.columns if c.storage]
    assert len({id(s) for s in storages}) < len(storages)


# Generated DDL: the benchmark's generators, a few statements of each dialect a run.
_BENCH = bench_module()
_MAKERS = {
    "tsql": _BENCH.tsql_statement,
    "teradata": _BENCH.teradata_statement,
    "hirdb": _BENCH.hirdb_statement,
    "sybase": _BENCH.sybase_statements,
}
_SEP = {"tsql": ";\n", "teradata": ";\n", "hirdb": ";\n", "sybase": "\ngo\n"}


def _generated(dialect: str, seed: int, count: int) -> FileResult:
    rng = random.Random(seed)
    text = _SEP[dialect].join(_MAKERS[dialect](rng, i) for i in range(count)) + _SEP[dialect]
    return passes.run(analyze_bytes(f"{dialect}.sql", text.encode(), Options(dialect=dialect)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    dialect=st.sampled_from(sorted(_MAKERS)),
    seed=st.integers(0, 10**6),
    name=st.sampled_from(sorted(SETTINGS)),
    averages=st.booleans(),
)
def test_generated_sized_as_plainly(dialect: str, seed: int, name: str, averages: bool) -> None:
    result = _generated(dialect, seed, 6)
    assert result.tables
    sizing = from_mapping(SETTINGS[name], "test")
    if averages:
        sizing = replace(sizing, averages=_averages([result]))
    assert fast(result, sizing) == plain_widths(plain_sizing(result, sizing), sizing)


def test_presence_bits_pass_sets_missing_bits(fixture_results: list[FileResult]) -> None:
    """After ``data_length`` the pass changes nothing; on storage without the bits it sets
    them as before."""
    sizing = SizingSettings(platform="teradata")
    for r in fixture_results:
        sized = data_length(r, sizing)
        assert presence_bits(sized) is sized
        bare = evolve(
            sized,
            tables=tuple(
                evolve(
                    tb,
                    columns=tuple(
                        evolve(c, storage=evolve(c.storage, presence_bits=0, compress_bits=0))
                        if c.storage is not None
                        else c
                        for c in tb.columns
                    ),
                )
                for tb in sized.tables
            ),
        )
        assert presence_bits(bare) == sized == plain_sizing(r, sizing)


# ------------------------------------------------------------------ storage keys


def _pool() -> list[tuple[Column, Table]]:
    results, _ = analyze_paths([str(ROOT / "fixtures")], Options())
    results += [_generated(d, 7, 4) for d in sorted(_MAKERS)]
    return [(c, tb) for r in results for tb in r.tables for c in tb.columns]


POOL = _pool()
_CHARSETS = (None, "LATIN", "UNICODE", "GRAPHIC", "KANJISJIS", "KANJI1")
_COMPRESSIONS = (
    None,
    Compression(("'a'", "'b'", "'c'")),
    Compression(("NULL",)),
    Compression(bare=True),
    Compression(compress_using="td_sysfnlib.lzcomp"),
)

#: Fields of a column and its table a perturbation may change, with values to try.
_SPAN = Span("x.sql", 1, 1, 1, 9, 0, 8)
COLUMN_FIELDS: dict[str, tuple[object, ...]] = {
    "name": ("a", "WHO", "CONTACT", "name"),
    "position": (1, 7),
    "nullable": (False, True),
    "nullable_explicit": (False, True),
    "default": (None, "0"),
    "identity": (None, Identity("1", "1")),
    "computed": (None, Computed("a + 1", persisted=True)),
    "character_set": _CHARSETS,
    "collation": (None, "Latin1_General_CI_AS"),
    "case_specific": (None, True, False),
    "uppercase": (False, True),
    "compression": _COMPRESSIONS,
    "sparse": (False, True),
    "filestream": (False, True),
    "rowguidcol": (False, True),
    "user_type": (None, "t_money"),
    "options": ((), (("title", "'x'"),)),
    "span": (None, _SPAN),
    "suppress": (False, True),
    "no_split": (False, True),
    "recovery": (None, "ALL"),
    "lob_rdareas": ((), ("LOB01",)),
    "adt": ((), *dict.fromkeys(c.adt for c, _ in POOL if c.adt)),
}
TABLE_FIELDS: dict[str, tuple[object, ...]] = {
    "name": (QualifiedName("t"), QualifiedName("PERSONNEL"), QualifiedName("u", "dbo")),
    "dialect": ("tsql", "teradata", "sybase", "hirdb"),
    "span": (None, _SPAN),
    "options.no_split": (False, True),
    "options.suppress_decimal": (False, True),
    "options.set_semantics": (None, "SET"),
    "options.data_compression": (None, "PAGE"),
    "options.lock_scheme": (None, "datarows"),
}


def _change(column: Column, table: Table, field: str, value: object) -> tuple[Column, Table]:
    """``column`` and ``table`` with one field (``options.x``: a table option) set."""
    if field.startswith("table."):
        name = field[len("table.") :]
        if name.startswith("options."):
            options = evolve(table.options, **{name[len("options.") :]: value})
            return column, evolve(table, options=options)
        return column, evolve(table, **{name: value})
    return evolve(column, **{field: value}), table


CHANGES = [(f, v) for f, values in COLUMN_FIELDS.items() for v in values] + [
    ("table." + f, v) for f, values in TABLE_FIELDS.items() for v in values
]


# Indices, not the objects: hypothesis hashes what it samples, and a table hashes all of it.
_pool_index = st.integers(0, len(POOL) - 1)
_change_index = st.integers(0, len(CHANGES) - 1)


@st.composite
def perturbed(draw: st.DrawFn) -> tuple[Column, Table, Column, Table]:
    """A pool column and its table, and a copy with up to four fields changed."""
    column, table = POOL[draw(_pool_index)]
    other, other_table = column, table
    for i in draw(st.lists(_change_index, max_size=4)):
        f, v = CHANGES[i]
        other, other_table = _change(other, other_table, f, v)
    return column, table, other, other_table


#: The settings and bases each pair is sized under: defaults, and everything a rule reads
#: changed (the fill, Teradata's default character set, averages of the abstract data
#: types' attributes for some column names).
_SIZINGS = [
    SizingSettings(),
    replace(
        from_mapping({"teradata": {"default_character_set": "UNICODE"}, "fill": 0.4}, "t"),
        averages=tuple(
            (("*", f"{n}.{att.name}".lower()), 2)
            for c, _ in POOL
            for level in c.adt
            for att in level.attributes
            for n in ("WHO", "name")
        ),
    ),
]
_BASES = [Basis(), Basis(average=3, fill=0.5)]


def _same_storage(
    column: Column, table: Table, other: Column, other_table: Table, platform: str
) -> None:
    """Under every settings and basis tried: equal keys, equal storage."""
    key = storage_key(platform)
    if key(column, table) != key(other, other_table):
        return
    rule = column_rule(platform)
    for sizing in _SIZINGS:
        for basis in _BASES:
            expected = rule(column, table, basis, sizing)
            assert rule(other, other_table, basis, sizing) == expected, (platform, column, other)


#: One pool column of each type per dialect (and every abstract-data-type column).
DISTINCT = list(
    {
        (tb.dialect, c.type, c.adt, c.suppress, c.no_split, tb.options.suppress_decimal): (c, tb)
        for c, tb in POOL
    }.values()
)


@pytest.mark.parametrize("platform", names())
def test_storage_key_holds_every_input(platform: str) -> None:
    """Whatever a key leaves out does not change the sizing: each distinct pool column
    with each field (of the column or its table) changed alone, wherever the key stays."""
    for column, table in DISTINCT:
        for f, v in CHANGES:
            other, other_table = _change(column, table, f, v)
            _same_storage(column, table, other, other_table, platform)


@settings(max_examples=100, deadline=None)
@given(pair=perturbed(), platform=st.sampled_from(names()))
def test_storage_key_holds_combined_changes(
    pair: tuple[Column, Table, Column, Table], platform: str
) -> None:
    """As above, several fields changed at once."""
    _same_storage(*pair, platform)


#: The fields some platform's rule (or the presence bits) reads.
_READ = {
    "nullable",
    "compression",
    "character_set",
    "sparse",
    "suppress",
    "no_split",
    "computed",
    "adt",
    "name",
    "table.options.no_split",
    "table.options.suppress_decimal",
}


@st.composite
def perturbed_results(draw: st.DrawFn) -> FileResult:
    """Tables of a few pool columns, each repeated with some fields changed: the same type
    over and over with other nullability, compression, character sets, names, ... (what
    the memo must tell apart), in tables of any dialect."""
    bases = [POOL[i] for i in draw(st.lists(_pool_index, min_size=1, max_size=3))]
    # every field can change; those some platform reads twice as often
    read = [i for i, (f, _) in enumerate(CHANGES) if f in _READ]
    indices = st.lists(_change_index | st.sampled_from(read), max_size=3)
    tables = []
    for t in range(draw(st.integers(1, 3))):
        _, table = bases[draw(st.integers(0, len(bases) - 1))]
        columns = []
        for _ in range(draw(st.integers(1, 8))):
            column, _ = bases[draw(st.integers(0, len(bases) - 1))]
            for f, v in (CHANGES[i] for i in draw(indices)):
                if not f.startswith("table."):
                    column, _ = _change(column, table, f, v)
            columns.append(column)
        table = evolve(table, name=QualifiedName(f"t{t}"), columns=tuple(columns))
        for f, v in (CHANGES[i] for i in draw(indices)):
            if f.startswith("table."):
                _, table = _change(columns[0], table, f, v)
        tables.append(table)
    return FileResult("p.sql", tables[0].dialect, "utf-8", tables=tuple(tables))


@settings(max_examples=200, deadline=None)
@given(
    result=perturbed_results(),
    sizing=st.sampled_from([*_SIZINGS, *(SizingSettings(p) for p in names())]),
)
def test_perturbed_tables_sized_as_plainly(result: FileResult, sizing: SizingSettings) -> None:
    assert fast(result, sizing) == plain_widths(plain_sizing(result, sizing), sizing)
    sized = data_length(result, sizing)
    assert presence_bits(sized) is sized  # data_length set every presence bit already


def test_storage_keys_are_hashable_and_distinct() -> None:
    """Every pool column has a key (hashable), and the keys do separate columns."""
    for platform in names():
        key = storage_key(platform)
        keys = {key(c, tb) for c, tb in POOL}
        assert 1 < len(keys) < len(POOL)


# ------------------------------------------------------------------ Locator


def _span(start: int, end: int) -> Span:
    return Span("x.sql", 1, start + 1, 1, end + 1, start, end)


@st.composite
def spanned_results(draw: st.DrawFn) -> FileResult:
    """Tables (and columns) with spans in order, overlapping, empty or missing."""
    tables = []
    at = 0
    for t in range(draw(st.integers(0, 6))):
        if draw(st.booleans()):
            at = draw(st.integers(0, at + 5))  # may step back: overlap
        start, length = at, draw(st.integers(0, 30))
        columns = []
        c_at = start
        for k in range(draw(st.integers(0, 5))):
            c_len = draw(st.integers(0, 6))
            c_start = draw(st.integers(max(0, c_at - 2), c_at + 3))
            c_span = None if draw(st.integers(0, 9)) == 0 else _span(c_start, c_start + c_len)
            columns.append(Column(f"c{k}", k + 1, DataType("int", "INT", "integer"), True, False))
            columns[-1] = evolve(columns[-1], span=c_span)
            c_at = c_start + c_len
        span = None if draw(st.integers(0, 9)) == 0 else _span(start, start + length)
        tables.append(Table(QualifiedName(f"t{t}"), "tsql", tuple(columns), span=span))
        at = start + length + draw(st.integers(0, 3))
    return FileResult("x.sql", "tsql", "utf-8", tables=tuple(tables))


@settings(max_examples=300, deadline=None)
@given(result=spanned_results(), offsets=st.lists(st.integers(-2, 220), max_size=25))
def test_locator_finds_what_the_scan_finds(result: FileResult, offsets: list[int]) -> None:
    locator = Locator(result)
    for offset in offsets:
        span = _span(offset, offset + 1) if offset >= 0 else None
        found = locator.locate(span)
        expected = locate(result, span)
        assert found[0] is expected[0] and found[1] is expected[1]
        diag = Diagnostic("S001", Severity.WARNING, "m", span)
        assert from_diagnostic(diag, result, locator) == from_diagnostic(diag, result)


# ------------------------------------------------------------------ S050, estimates, names


def _bisected(columns: list[Column], td: TeradataSettings) -> Column | None:
    """The S050 crossing column as first written: bisection over prefixes."""
    octets = presence_octets(columns, td)
    if octets == 0:
        return None
    low, high = 1, len(columns)
    while low < high:
        mid = (low + high) // 2
        if presence_octets(columns[:mid], td) == octets:
            high = mid
        else:
            low = mid + 1
    return columns[low - 1]


@st.composite
def teradata_columns(draw: st.DrawFn) -> list[Column]:
    out = []
    for k in range(draw(st.integers(0, 40))):
        c = Column(
            f"c{k}", k + 1, DataType("INTEGER", "INTEGER", "integer"), draw(st.booleans()), True
        )
        c = evolve(c, compression=draw(st.sampled_from(_COMPRESSIONS)))
        bits, compress = teradata.presence_bits(c)
        storage = ColumnStorage(
            "teradata", "INTEGER", "fixed", 4, 4, presence_bits=bits, compress_bits=compress
        )
        out.append(evolve(c, storage=storage))
    return out


@settings(max_examples=300, deadline=None)
@given(columns=teradata_columns(), rule=st.sampled_from(("exact", "procedure")))
def test_presence_crossing_as_bisected(columns: list[Column], rule: str) -> None:
    """S050's sums give the octets ``presence_octets`` counts, and its column is the
    bisection's (the first prefix with every octet); the others' octets are theirs."""
    td = TeradataSettings(presence_rule=rule)
    for n in range(len(columns) + 1):
        units = sum(_presence_units(c, td) for c in columns[:n])
        assert presence_octets_of(units, td) == presence_octets(columns[:n], td)
    found = presence_crossing(columns, td)
    crossing = _bisected(columns, td)
    if crossing is None:
        assert found is None
        return
    assert found is not None
    assert found[0] is crossing
    assert found[1] == presence_octets(columns, td)
    assert found[2] == presence_octets([c for c in columns if c is not crossing], td)


@st.composite
def estimates(draw: st.DrawFn) -> tuple[tuple[TableEstimate, ...], list[Table]]:
    names_ = [QualifiedName(n, s) for n in ("a", "b", "c") for s in (None, "dbo")]
    out = []
    for _ in range(draw(st.integers(0, 8))):
        out.append(
            TableEstimate(
                draw(st.sampled_from(("x.sql", "y.sql"))),
                draw(st.sampled_from(names_)),
                "tsql",
                "mssql",
                draw(st.integers(0, 9)),
                0,
            )
        )
    return tuple(out), [Table(n, "tsql", ()) for n in names_]


@given(found=estimates())
def test_estimate_by_name_is_the_first_in_order(
    found: tuple[tuple[TableEstimate, ...], list[Table]],
) -> None:
    estimates_, tables = found
    ctx = FileContext(FileResult("x.sql", "tsql", "utf-8"), estimates_)
    for table in tables:
        expected = next(
            (e for e in estimates_ if e.table == table.name and e.path == ctx.path), None
        )
        assert ctx.estimate(table) is expected


@given(
    name=st.text(st.characters(codec="utf-8"), min_size=1, max_size=300),
    platform=st.sampled_from(("mssql", "ase", "teradata", "hirdb")),
    release=st.sampled_from((None, "12.5", "14.0")),
)
def test_name_fast_paths(name: str, platform: str, release: str | None) -> None:
    """N001 skips a name only when ``_too_long`` finds nothing, quoted or not; N002's
    lookup is ``is_reserved``."""
    limit = identifier_limit(platform, release if platform in ("ase", "teradata") else None)
    if len(name) <= min(limit.max_length, 253) and name.isascii():
        for maximum in (None, 253):
            assert (
                ident._too_long(
                    "column name", name, "t", (limit, release), "utf-8", maximum=maximum
                )
                is None
            )
    words = reserved_words(platform)
    assert (name.isascii() and name.upper() in words) == is_reserved(platform, name)
