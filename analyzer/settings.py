"""Sizing settings: every constant a vendor formula needs that the DDL does not say.

The defaults are the manuals' (or, where a manual is silent, the choice recorded in
docs/decisions.md under the entry named beside the field). They are overridden by the
``[size]`` table of ``ddlaudit.toml`` (one sub-table per platform) and by command-line
options (``--platform``, ``--fill``, ``--rows``, ``--averages``).  Frozen and picklable:
the settings travel to Spark tasks.

>>> s = from_mapping({"teradata": {"row_format": "aligned"}, "fill": 0.5}, "ddlaudit.toml")
>>> s.teradata.row_format, s.fill, s.teradata.lob_oid_bytes
('aligned', 0.5, 40)
>>> from_mapping({"fill": 2}, "x")
Traceback (most recent call last):
...
analyzer.settings.SettingsError: x: [size] fill = 2: expected a ratio in (0, 1]
"""

from __future__ import annotations

import dataclasses
import re
import typing as t

from analyzer.records import record


class SettingsError(ValueError):
    """A sizing setting is unknown or out of range; the message names the key."""


PLATFORMS = ("teradata", "hirdb", "mssql", "ase")

#: The platform a dialect's tables are sized for when ``--platform`` is not given.
DIALECT_PLATFORM: dict[str, str] = {
    "teradata": "teradata",
    "hirdb": "hirdb",
    "tsql": "mssql",
    "sybase": "ase",
}


@record
class TeradataSettings:
    """Teradata Database Design 16.10, "Row Size Calculation" and "Sizing Base Tables"."""

    #: ``packed64`` (fresh systems) or ``aligned`` (upgraded systems); both are always
    #: computed, this picks the headline figure.
    row_format: str = "packed64"
    #: Release for the maximum row size check: before 16.0 rows are at most 64,256 bytes.
    release: str = "16.10"
    #: Server character set of a CHAR/VARCHAR column without CHARACTER SET (the user's
    #: DEFAULT CHARACTER SET, which DDL does not show). Decision D11.
    default_character_set: str = "LATIN"
    #: LOB/XML object id in the row: 40 in the 16.10 procedure step 14 (39 in the
    #: 15.00/17.x Row Size Calculation Form). Decision D12.
    lob_oid_bytes: int = 40
    #: Row overhead of the procedure's step 9: 14 (NPPI), 18 (PPI with 2-byte partition
    #: numbers). The 8-byte-partition overhead is not documented: 20-byte header + 4
    #: (reconstruction, decision D13).
    overhead_nppi: int = 14
    overhead_ppi: int = 18
    overhead_ppi_8byte: int = 24
    #: The 2 bytes "every row that has a variable portion" needs beside its offsets.
    #: Decision D10 (this is what makes the Employee example 82).
    variable_portion_bytes: int = 2
    #: Presence bits: ``exact`` (bits per compressed column from its value count) or
    #: ``procedure`` (step 13: (compressed + nullable) / 8). Decision D14.
    presence_rule: str = "exact"
    #: Bytes assumed for a NUMBER value when no average is given (max 18). Decision D15.
    number_bytes: int = 18
    #: Maximum row size from 16.0 ("1 MB"; the exact figure is not documented, D16).
    max_row_bytes_large: int = 1_048_576
    max_row_bytes_small: int = 64_256
    #: DBS Control's MaxDecimal (general field 13; 0, 15, 18 or 38; default 0): the
    #: precision of DECIMAL results of arithmetic, SUM and ANSI-mode COUNT in derived
    #: tables (SQL Functions, Expressions, and Predicates, "DECIMAL Result Data Type").
    max_decimal: int = 0
    #: The session's transaction mode for derived tables: ``teradata`` (BTET, BTEQ's
    #: default: COUNT is INTEGER) or ``ansi`` (COUNT is DECIMAL(p,0) by MaxDecimal).
    transaction_mode: str = "teradata"
    #: Table sizing ("Sizing Base Tables"): AMPs, maximum data block in bytes
    #: (PermDBSize 254 sectors x 512), block overhead 72 + 2, table header 512 per AMP.
    amps: int = 1
    max_block_bytes: int = 254 * 512
    block_fill: float = 0.75
    block_overhead: int = 74
    row_pointer_bytes: int = 2
    table_header_bytes: int = 512
    #: NUSI subtables (``size --indexes``, D116): distinct values of an index's column set,
    #: ``[size.teradata.nusi_distinct] "db.t.col1,col2" = N`` as ((table, columns), N), and
    #: the bytes of a NUSI subtable row beside its value and its base-table rowIDs.
    nusi_distinct: tuple[tuple[tuple[str, str], int], ...] = ()
    nusi_row_overhead: int = 20


@record
class HirdbSettings:
    """HiRDB Installation and Design Guide, "Calculating the number of table storage pages"."""

    #: Page length and segment size of an RDAREA without a ``[rdareas.NAME]`` entry: the
    #: create rdarea defaults are "<<4096 or 8192>>" and "<<1 or 50>>" (V9 Command Reference
    #: 3.3.2); 50, since a 1-page segment can keep no free pages (h). D22, D53.
    page_length: int = 4096
    segment_size: int = 50
    pctfree_unused: int = 30
    pctfree_free_pages: int = 10
    #: Storage facts of named RDAREAs: (name, page length, segment size). Filled from the
    #: ``[rdareas.NAME]`` tables of ddlaudit.toml; an RDAREA not listed uses
    #: ``page_length`` / ``segment_size`` above.
    rdareas: tuple[tuple[str, int, int], ...] = ()
    #: Reconstruction of the P / Q / page-total images (docs/research/hirdb-pages.md §3,
    #: decisions D51-D53). Bytes of page header and trailer, derived from SPN3/SPN4's
    #: ``b - 48`` and ``2853 = 255 x 11 + 48``.
    page_overhead: int = 48
    #: Row slot per row in a page (``BL > b - 50`` against ``b - 48``).
    slot_bytes: int = 2
    #: Row header and per-column bytes of a non-FIX row: ``BL = sum(di) + 2 x f + 6``
    #: (Table 17-1 note 5); a FIX row is "2 bytes shorter per column" (13.7).
    row_header_bytes: int = 6
    column_overhead: int = 2
    fix_column_overhead: int = 0
    #: Rows per page are clamped to 1..255 (17.1.2(1)(a), (2)(a)).
    max_rows_per_page: int = 255
    #: ``page`` (unused space is a share of the usable page, b - page_overhead) or
    #: ``whole`` (a share of b, as Hitachi's index-log formula applies PCTFREE). D52.
    unused_applies_to: str = "page"
    #: Free pages of a segment: ``floor`` or ``ceil`` of g x h / 100. D53.
    free_pages_rounding: str = "floor"
    #: Round each table's pages up to whole segments (17.1.1 adds ceil(Ti / e) x e). D53.
    segment_round: bool = True
    #: Branch rows (Table 17-1 note 5): a row branches when BL > b - branch_limit_overhead;
    #: PSi / ADTLS / repetition branch pages use b - 62; SPN1 b - 61; SPN3 b - 48 and
    #: 11 bytes per piece; SF the update safety factor.
    branch_limit_overhead: int = 50
    branch_page_overhead: int = 62
    spn1_page_overhead: int = 61
    spn3_piece_overhead: int = 11
    safety_factor: float = 1.3
    #: Column data suppression (Table 17-1 notes 3 and 4): trailing blanks that make
    #: suppression happen, single-byte (CHAR, MCHAR) and double-byte (NCHAR). D55.
    suppress_min_blanks: int = 4
    suppress_min_blanks_national: int = 3
    #: Maximum total data length before SUPPRESS DECIMAL / SUPPRESS should not be used:
    #: ``32717 < a + columns x 2 + 8`` (Table 17-1 notes 2-4).
    suppress_limit: int = 32717


@record
class MssqlSettings:
    """SQL Server "Estimate the Size of a Heap / Clustered Index"."""

    page_bytes: int = 8192
    page_free_bytes: int = 8096
    max_row_bytes: int = 8060
    max_row_bytes_sparse: int = 8018
    fill_factor: int = 100
    #: "In-Row Data": text/ntext/image keep a 16-byte text pointer in the row, as do the
    #: (max) types when ``large value types out of row`` is on.
    text_pointer_bytes: int = 16
    #: sp_tableoption ``large value types out of row`` (default off: (max) values stay in
    #: the row up to ``max_in_row_bytes`` when they fit).
    large_value_types_out_of_row: bool = False
    max_in_row_bytes: int = 8000
    #: In-row root of a (max) value that does not fit in the row, and the pointer left by a
    #: value moved to ROW_OVERFLOW_DATA ("maintaining a 24-byte pointer"). Decision D41.
    lob_root_bytes: int = 24
    row_overflow_pointer_bytes: int = 24
    #: "Use Sparse Columns": a non-NULL sparse value costs 4 bytes more (column id and
    #: offset); the sparse vector has a 4-byte header (complex-column header + count, D43).
    sparse_value_overhead: int = 4
    sparse_vector_header: int = 4
    #: Index rows: ``procedure`` (default; "Estimate the Size of a Nonclustered Index" as
    #: written: the heap RID as a variable-length column, a leaf null bitmap always, the
    #: uniqueifier always) or ``engine`` (the index record as the storage engine writes
    #: it, which DBCC PAGE and dm_db_index_physical_stats report: the RID fixed, a null
    #: bitmap only with a nullable column, the uniqueifier only on duplicate keys). D123.
    index_rows: str = "procedure"


@record
class AseSettings:
    """ASE Performance and Tuning: Physical Database Tuning, "Determining the size of tables"."""

    page_size: int = 2048
    ncharsize: int = 3
    unicharsize: int = 2
    lock_scheme: str = "allpages"
    #: Page header bytes ("Allpages | 32 | 2016", "Data-only | 46 | 2002"), the same on
    #: every server page size (the 15.7 table of usable bytes: 2002/4050/8146/16338).
    apl_page_header: int = 32
    dol_page_header: int = 46
    #: "APL data pages can have a maximum of 256 rows" (decision D46).
    apl_max_rows_per_page: int = 256
    #: "use 16 (the size of the text pointer that is stored in the row)".
    text_pointer_bytes: int = 16
    #: "If a data-only-locked table has rows shorter than 10 bytes, each row is padded to 10".
    dol_min_row_bytes: int = 10
    #: Maximum row / column length tables of this release (8K pages differ: 12.5.1 prints
    #: 8058 and 7998 where 15.x prints 8068 and 8098).
    limits_release: str = "15.7"


@record
class ReplicationSettings:
    """Replication sizing (``ddlaudit replication``): Replication Server Design Guide 15.7.1,
    "Message Sizes" / "Formula Components" and the capacity-planning pages; the SQL Server
    transactional-replication command model (docs/estimators/mssql-replication.md); SQL Remote.
    """

    #: Formula Components: InboundMsgOverhead, OutboundMsgOverhead, ColOverhead per column,
    #: bytes per site id (NumSites x 8), begin and commit messages, begin/commit pair.
    inbound_msg_overhead: int = 380
    outbound_msg_overhead: int = 200
    col_overhead: int = 30
    site_id_bytes: int = 8
    begin_bytes: int = 250
    commit_bytes: int = 200
    #: NumSites when neither subscriptions, the workload nor ``--sites`` say (D63).
    num_sites: int = 1
    #: RowWidthChanged and NumColumnsChanged when no changed columns are named: this
    #: fraction of the row, rounded up (the Design Guide's "half of the columns" example, D62).
    changed_fraction: float = 0.5
    #: ASCII widths by type name (``INT = 11``), over the derived table (D60).
    ascii_widths: tuple[tuple[str, int], ...] = ()
    #: Bytes per character of unichar / univarchar and other dialects' national types in
    #: the Replication Server character set (ASE nchar uses ``ase.ncharsize``; D60).
    national_char_bytes: int = 3
    #: RowWidth of a text / image / (max) column: not in the Design Guide (D61).
    lob_width: int = 0
    #: Stable queues are written in 16K blocks, at least one a second: with a fill ratio
    #: (0 = off) each second's volume is rounded up to whole blocks at that fill (D64).
    queue_block_bytes: int = 16384
    queue_block_fill: float = 0.0
    #: SQL Remote Message Agent maximum message (``dbremote -l``), bytes.
    sql_remote_max_message: int = 50_000
    #: SQL Server command model (D66): bytes of a command before its parameters, per
    #: parameter (NULL or not), of an MSrepl_commands row besides ``command``, the
    #: ``command varbinary(1024)`` chunk, and a (max) value's bytes when no average is given.
    mssql_command_header: int = 80
    mssql_param_overhead: int = 3
    mssql_row_overhead: int = 51
    mssql_command_chunk: int = 1024
    mssql_max_value_bytes: int = 8000
    #: Index rows per non-leaf page of MSrepl_commands' clustered index (8096 / (29 + 2)).
    mssql_index_rows_per_page: int = 261
    #: Findings (D69): a table is wide from this many columns; an update is narrow when it
    #: changes at most this fraction of RowWidth.
    wide_columns: int = 8
    narrow_update_fraction: float = 0.5

    @property
    def transaction_bytes(self) -> int:
        """The begin/commit pair added per transaction ("The total size of a begin/commit
        pair is 450 bytes"): derived, so the worksheets and the capacity plan agree."""
        return self.begin_bytes + self.commit_bytes


@record
class SizingSettings:
    """Settings of one sizing run: the platform, the fill, the averages and each platform's."""

    #: Target platform; None sizes each table for its own dialect's platform.
    platform: str | None = None
    #: Variable-length columns at this fraction of their declared maximum (None: maximum).
    fill: float | None = None
    #: Average bytes of named columns: ((table, column), bytes); table is the bare name,
    #: lower-cased; "*" matches any table.
    averages: tuple[tuple[tuple[str, str], int], ...] = ()
    #: Rows for the table-size figures (None: row sizes only).
    rows: int | None = None
    teradata: TeradataSettings = TeradataSettings()
    hirdb: HirdbSettings = HirdbSettings()
    mssql: MssqlSettings = MssqlSettings()
    ase: AseSettings = AseSettings()
    replication: ReplicationSettings = ReplicationSettings()

    def platform_for(self, dialect: str) -> str:
        """The platform a table of ``dialect`` is sized for."""
        return self.platform or DIALECT_PLATFORM.get(dialect, dialect)

    def average(self, table: str, column: str) -> int | None:
        """The average byte count given for ``table.column`` (or ``*.column``), if any."""
        table, column = table.lower(), column.lower()
        found = None
        for (tab, col), value in self.averages:
            if col == column and tab == table:
                return value
            if col == column and tab == "*":
                found = value
        return found


_NESTED = {
    "teradata": TeradataSettings,
    "hirdb": HirdbSettings,
    "mssql": MssqlSettings,
    "ase": AseSettings,
    "replication": ReplicationSettings,
}

#: Allowed values of string settings.
_CHOICES: dict[str, tuple[str, ...]] = {
    "row_format": ("packed64", "aligned"),
    "presence_rule": ("exact", "procedure"),
    "default_character_set": ("LATIN", "UNICODE", "KANJISJIS", "GRAPHIC", "KANJI1"),
    "lock_scheme": ("allpages", "datapages", "datarows"),
    "limits_release": ("12.5", "15.7"),
    "unused_applies_to": ("page", "whole"),
    "free_pages_rounding": ("floor", "ceil"),
    "index_rows": ("procedure", "engine"),
    "transaction_mode": ("teradata", "ansi"),
}

#: Allowed ranges of numeric settings (inclusive).
_RANGES: dict[str, tuple[float, float]] = {
    "amps": (1, 1_000_000),
    # Teradata: PermDBSize / DATABLOCKSIZE 18-2047 sectors of 512 bytes (DBS Control 16.10);
    # rows at most 1 MB; the table header at most 1 MB (Database Limits).
    "max_block_bytes": (18 * 512, 2047 * 512),
    "block_overhead": (0, 4096),
    "row_pointer_bytes": (0, 16),
    "table_header_bytes": (0, 1_048_576),
    "overhead_nppi": (0, 256),
    "overhead_ppi": (0, 256),
    "overhead_ppi_8byte": (0, 256),
    "variable_portion_bytes": (0, 16),
    "max_row_bytes_large": (1, 1_048_576),
    "max_row_bytes_small": (1, 1_048_576),
    # SQL Server: 8 KB pages ("8096" free bytes, 8,060-byte rows).
    "page_bytes": (1024, 65_536),
    "page_free_bytes": (1, 65_536),
    "max_row_bytes": (1, 65_536),
    "max_row_bytes_sparse": (1, 65_536),
    "text_pointer_bytes": (0, 64),
    "lob_root_bytes": (0, 8000),
    "row_overflow_pointer_bytes": (0, 64),
    "sparse_value_overhead": (0, 64),
    "sparse_vector_header": (0, 64),
    # ASE: page headers of 32 / 46 bytes, rows padded to 10.
    "apl_page_header": (0, 1024),
    "dol_page_header": (0, 1024),
    "dol_min_row_bytes": (0, 1024),
    "block_fill": (0.01, 1.0),
    "pctfree_unused": (0, 99),
    "pctfree_free_pages": (0, 50),
    "page_length": (4096, 30720),
    "segment_size": (1, 16000),
    "page_overhead": (0, 4096),
    "slot_bytes": (0, 64),
    "row_header_bytes": (0, 256),
    "column_overhead": (0, 16),
    "fix_column_overhead": (0, 16),
    "max_rows_per_page": (1, 255),
    "branch_limit_overhead": (0, 4096),
    "branch_page_overhead": (0, 4096),
    "spn1_page_overhead": (0, 4096),
    "spn3_piece_overhead": (0, 256),
    "safety_factor": (1.0, 10.0),
    "suppress_min_blanks": (1, 30000),
    "suppress_min_blanks_national": (1, 15000),
    "suppress_limit": (1, 10**6),
    "fill_factor": (1, 100),
    "page_size": (2048, 16384),
    "ncharsize": (1, 4),
    "unicharsize": (2, 4),
    "number_bytes": (0, 18),
    "lob_oid_bytes": (0, 64),
    "apl_max_rows_per_page": (1, 256),
    "max_in_row_bytes": (0, 8000),
    "changed_fraction": (0.0, 1.0),
    "queue_block_fill": (0.0, 1.0),
    "num_sites": (0, 100_000),
    "national_char_bytes": (1, 4),
    "sql_remote_max_message": (1000, 10**9),
    "mssql_command_chunk": (1, 8000),
    "mssql_index_rows_per_page": (2, 8096),
    "wide_columns": (1, 100_000),
    "narrow_update_fraction": (0.0, 1.0),
    "nusi_row_overhead": (0, 4096),
}


def _width_table(where: str, value: t.Any) -> tuple[tuple[str, int], ...]:
    """``[size.replication.ascii_widths]``: type name -> characters (a whole number >= 0)."""
    if not isinstance(value, dict):
        raise SettingsError(f"{where}: expected a table of TYPE = width")
    out = []
    for name, width in value.items():
        if isinstance(width, bool) or not isinstance(width, int) or width < 0:
            raise SettingsError(f"{where}: {name} = {width!r}: expected a whole number >= 0")
        out.append((" ".join(str(name).upper().split()), width))
    return tuple(out)


def _distinct_table(where: str, value: t.Any) -> tuple[tuple[tuple[str, str], int], ...]:
    """``[size.teradata.nusi_distinct]``: "TABLE.COLUMNS" -> distinct values (D116).

    TABLE is the name as written (``db.t`` or ``t``), COLUMNS the index columns in order,
    comma-separated; both lower-cased, blanks dropped.

    >>> _distinct_table("x", {"DB.T.b, d": 40})
    ((('db.t', 'b,d'), 40),)
    """
    if not isinstance(value, dict):
        raise SettingsError(f'{where}: expected a table of "TABLE.COLUMNS" = distinct values')
    out = []
    for key, count in value.items():
        name = "".join(str(key).split()).lower()
        table, _, columns = name.rpartition(".")
        if not table or not columns or "" in columns.split(","):
            raise SettingsError(f'{where}: {key!r}: expected "TABLE.COLUMN[,COLUMN...]"')
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise SettingsError(f"{where}: {key!r} = {count!r}: expected a whole number >= 1")
        out.append(((table, columns), count))
    return tuple(out)


#: Settings that are tables of their own (name -> validator).
_TABLES = {"ascii_widths": _width_table, "nusi_distinct": _distinct_table}


def _check(section: str, name: str, value: t.Any, current: t.Any, source: str) -> t.Any:
    where = f"{source}: [size{'.' + section if section else ''}] {name} = {value!r}"
    if isinstance(current, bool) or current is None:
        return value
    if name in _TABLES and isinstance(current, tuple):
        return _TABLES[name](where, value)
    if isinstance(current, str):
        if not isinstance(value, str):
            raise SettingsError(f"{where}: expected a string")
        choices = _CHOICES.get(name)
        if choices:
            match = {c.lower(): c for c in choices}.get(value.lower())
            if match is None:
                raise SettingsError(f"{where}: expected one of {', '.join(choices)}")
            return match
        return value
    if isinstance(current, (int, float)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise SettingsError(f"{where}: expected a number")
        if isinstance(current, int) and not isinstance(value, int):
            raise SettingsError(f"{where}: expected a whole number")
        low, high = _RANGES.get(name, (0, float("inf")))
        if not low <= value <= high:
            raise SettingsError(f"{where}: expected a value between {low} and {high}")
        return value
    raise SettingsError(f"{where}: cannot be set here")


#: Settings that must be smaller than another one of the same section: (small, large).
_BELOW = {
    "teradata": (("block_overhead", "max_block_bytes"),),
    "mssql": (
        ("page_free_bytes", "page_bytes"),
        ("max_row_bytes", "page_free_bytes"),
        ("max_row_bytes_sparse", "page_free_bytes"),
    ),
    "ase": (("apl_page_header", "page_size"), ("dol_page_header", "page_size")),
    "hirdb": (
        ("page_overhead", "page_length"),
        ("branch_limit_overhead", "page_length"),
        ("branch_page_overhead", "page_length"),
        ("spn1_page_overhead", "page_length"),
    ),
}


def _consistent(section: str, value: t.Any, source: str) -> None:
    """Reject settings that contradict each other (a page header as large as the page)."""
    for small, large in _BELOW.get(section, ()):
        a, b = getattr(value, small), getattr(value, large)
        if a >= b:
            raise SettingsError(
                f"{source}: [size.{section}] {small} = {a} must be smaller than {large} = {b}"
            )
    if section == "teradata" and value.max_decimal not in (0, 15, 18, 38):
        raise SettingsError(
            f"{source}: [size.teradata] max_decimal = {value.max_decimal}: expected 0, 15, 18 "
            "or 38 (DBS Control MaxDecimal)"
        )
    if section == "teradata" and not re.fullmatch(_RELEASE, value.release):
        raise SettingsError(
            f"{source}: [size.teradata] release = {value.release!r}: expected a release "
            "number such as '16.10'"
        )


_RELEASE = r"\d{1,2}(\.\d{1,2}){0,2}"


def _nested(cls: type[t.Any], data: t.Any, section: str, source: str) -> t.Any:
    if not isinstance(data, dict):
        raise SettingsError(f"{source}: [size.{section}] must be a table")
    default = cls()
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - names)
    if unknown:
        raise SettingsError(
            f"{source}: [size.{section}] unknown key(s) {', '.join(unknown)}; "
            f"known: {', '.join(sorted(names))}"
        )
    values = {k: _check(section, k, v, getattr(default, k), source) for k, v in data.items()}
    out = dataclasses.replace(default, **values)
    _consistent(section, out, source)
    return out


def check_fill(value: float | None, where: str = "--fill") -> float | None:
    """Validate a fill ratio: a number in (0, 1]."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1:
        raise SettingsError(f"{where} = {value!r}: expected a ratio in (0, 1]")
    return float(value)


def check_rows(value: int | None, where: str = "--rows") -> int | None:
    """Validate a row count: a whole number from 0 to 10**15."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**15:
        raise SettingsError(f"{where} = {value!r}: expected a whole number from 0 to 10**15")
    return value


def with_rdareas(
    sizing: SizingSettings, rdareas: t.Iterable[tuple[str, int, int]]
) -> SizingSettings:
    """``sizing`` with the HiRDB RDAREAs ``(name, page length, segment size)`` of ``[rdareas]``.

    >>> with_rdareas(SizingSettings(), [("RU01", 8192, 100)]).hirdb.rdareas
    (('RU01', 8192, 100),)
    """
    found = tuple((str(n), int(b), int(g)) for n, b, g in rdareas)
    if not found:
        return sizing
    return dataclasses.replace(sizing, hirdb=dataclasses.replace(sizing.hirdb, rdareas=found))


def from_mapping(data: dict[str, t.Any], source: str) -> SizingSettings:
    """Build :class:`SizingSettings` from the ``[size]`` table, validating every key."""
    known = {"platform", "fill", "rows", *_NESTED}
    unknown = sorted(set(data) - known)
    if unknown:
        raise SettingsError(
            f"{source}: [size] unknown key(s) {', '.join(unknown)}; "
            f"known: {', '.join(sorted(known))}"
        )
    platform = data.get("platform")
    if platform is not None and platform not in PLATFORMS:
        raise SettingsError(
            f"{source}: [size] platform = {platform!r}: expected one of {', '.join(PLATFORMS)}"
        )
    nested = {k: _nested(cls, data[k], k, source) for k, cls in _NESTED.items() if k in data}
    return SizingSettings(
        platform=platform,
        fill=check_fill(data.get("fill"), f"{source}: [size] fill"),
        rows=check_rows(data.get("rows"), f"{source}: [size] rows"),
        **nested,
    )
