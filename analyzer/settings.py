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
import typing as t
from dataclasses import dataclass, field


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


@dataclass(frozen=True, slots=True)
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
    #: Table sizing ("Sizing Base Tables"): AMPs, maximum data block in bytes
    #: (PermDBSize 254 sectors x 512), block overhead 72 + 2, table header 512 per AMP.
    amps: int = 1
    max_block_bytes: int = 254 * 512
    block_fill: float = 0.75
    block_overhead: int = 74
    row_pointer_bytes: int = 2
    table_header_bytes: int = 512


@dataclass(frozen=True, slots=True)
class HirdbSettings:
    """HiRDB Installation and Design Guide, "Calculating the number of table storage pages"."""

    page_length: int = 4096
    segment_size: int = 10
    pctfree_unused: int = 30
    pctfree_free_pages: int = 10


@dataclass(frozen=True, slots=True)
class MssqlSettings:
    """SQL Server "Estimate the Size of a Heap / Clustered Index"."""

    page_bytes: int = 8192
    page_free_bytes: int = 8096
    max_row_bytes: int = 8060
    max_row_bytes_sparse: int = 8018
    fill_factor: int = 100


@dataclass(frozen=True, slots=True)
class AseSettings:
    """ASE Performance and Tuning: Physical Database Tuning, "Determining the size of tables"."""

    page_size: int = 2048
    ncharsize: int = 3
    unicharsize: int = 2
    lock_scheme: str = "allpages"


@dataclass(frozen=True, slots=True)
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
    teradata: TeradataSettings = field(default_factory=TeradataSettings)
    hirdb: HirdbSettings = field(default_factory=HirdbSettings)
    mssql: MssqlSettings = field(default_factory=MssqlSettings)
    ase: AseSettings = field(default_factory=AseSettings)

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
}

#: Allowed values of string settings.
_CHOICES: dict[str, tuple[str, ...]] = {
    "row_format": ("packed64", "aligned"),
    "presence_rule": ("exact", "procedure"),
    "default_character_set": ("LATIN", "UNICODE", "KANJISJIS", "GRAPHIC", "KANJI1"),
    "lock_scheme": ("allpages", "datapages", "datarows"),
}

#: Allowed ranges of numeric settings (inclusive).
_RANGES: dict[str, tuple[float, float]] = {
    "amps": (1, 1_000_000),
    "block_fill": (0.01, 1.0),
    "pctfree_unused": (0, 99),
    "pctfree_free_pages": (0, 99),
    "fill_factor": (1, 100),
    "page_size": (2048, 16384),
    "ncharsize": (1, 4),
    "unicharsize": (2, 4),
    "number_bytes": (0, 18),
    "lob_oid_bytes": (0, 64),
}


def _check(section: str, name: str, value: t.Any, current: t.Any, source: str) -> t.Any:
    where = f"{source}: [size{'.' + section if section else ''}] {name} = {value!r}"
    if isinstance(current, bool) or current is None:
        return value
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
    return dataclasses.replace(default, **values)


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
