"""Project configuration: ``ddlaudit.toml`` or ``[tool.ddlaudit]`` in ``pyproject.toml``.

Example ``ddlaudit.toml``::

    include = ["*.sql", "*.ddl"]
    exclude = ["**/generated/**"]
    encoding = "cp1252"            # optional: force a codec for every file

    [dialects]                     # per-path dialect: first matching glob wins
    "warehouse/**" = "teradata"
    "mssql/**" = "tsql"

>>> cfg = Config(dialect_map=(("warehouse/**", "teradata"),))
>>> cfg.dialect_for("warehouse/sales/orders.sql")
'teradata'
>>> cfg.dialect_for("other/x.sql") is None
True
"""

from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

import grammars
from analyzer.settings import SettingsError, SizingSettings, with_rdareas
from analyzer.settings import from_mapping as sizing_from_mapping

DEFAULT_INCLUDE = ("*.sql", "*.ddl", "*.tab", "*.rcl", "*.txt")
CONFIG_FILES = ("ddlaudit.toml", ".ddlaudit.toml", "pyproject.toml")


class ConfigError(ValueError):
    """The configuration file is malformed; the message names the file and key."""


#: HiRDB RDAREA page lengths: 4096-30720 bytes (V9 Command Reference 3.3.2, create rdarea);
#: a "multiple of 2048" rule is not documented, so only the range is enforced and the
#: sizing warns (S033) about other lengths (docs/decisions.md, D22); segments: 1-16000 pages.
PAGE_LENGTHS = (4096, 30720)
SEGMENT_SIZES = (1, 16000)


@dataclass(frozen=True, slots=True)
class Rdarea:
    """A HiRDB RDAREA's storage facts, set by the database definition utilities, not in DDL.

    ``[rdareas.RU01]`` in ddlaudit.toml: ``page_length`` in bytes, ``segment_size`` in pages.
    """

    name: str
    page_length: int
    segment_size: int


def _rdareas(value: Any, source: str) -> tuple[Rdarea, ...]:
    """Validate ``[rdareas.NAME]`` tables (``page_length``, ``segment_size``).

    >>> _rdareas({"RU01": {"page_length": 8192, "segment_size": 100}}, "x")
    (Rdarea(name='RU01', page_length=8192, segment_size=100),)
    """
    if not isinstance(value, dict):
        raise ConfigError(f"{source}: [rdareas] must hold one table per RDAREA ([rdareas.NAME])")
    found = []
    low, high = PAGE_LENGTHS
    for name, facts in value.items():
        where = f"{source}: [rdareas.{name}]"
        if not isinstance(facts, dict):
            raise ConfigError(f"{where} must be a table with page_length and segment_size")
        unknown = sorted(set(facts) - {"page_length", "segment_size"})
        if unknown:
            raise ConfigError(f"{where}: unknown key(s) {', '.join(unknown)}")
        page, segment = facts.get("page_length"), facts.get("segment_size")
        if type(page) is not int or not low <= page <= high:
            raise ConfigError(
                f"{where}: page_length must be {low}-{high} bytes"
                f" (4096, 8192, 16384, 30720, ...), got {page!r}"
            )
        if type(segment) is not int or not SEGMENT_SIZES[0] <= segment <= SEGMENT_SIZES[1]:
            raise ConfigError(
                f"{where}: segment_size must be {SEGMENT_SIZES[0]}-{SEGMENT_SIZES[1]} pages,"
                f" got {segment!r}"
            )
        found.append(Rdarea(str(name), page, segment))
    return tuple(found)


#: Frozen, so one shared default serves every Config (no new one per call).
_DEFAULT_SIZING = SizingSettings()


@dataclass(frozen=True, slots=True)
class Config:
    """Settings that apply to a run; frozen and picklable (it travels to Spark tasks)."""

    dialect_map: tuple[tuple[str, str], ...] = ()
    include: tuple[str, ...] = DEFAULT_INCLUDE
    exclude: tuple[str, ...] = ()
    encoding: str | None = None
    source: str | None = None
    #: The ``[size]`` table: sizing settings per platform (analyzer/settings.py).
    sizing: SizingSettings = _DEFAULT_SIZING
    #: HiRDB RDAREAs (``[rdareas.NAME]``): page length and segment size of each.
    rdareas: tuple[Rdarea, ...] = ()

    def dialect_for(self, path: str) -> str | None:
        """The dialect the first matching ``[dialects]`` glob assigns to ``path``."""
        if not self.dialect_map:
            return None
        posix = PurePath(path).as_posix()
        for pattern, dialect in self.dialect_map:
            if _glob_match(posix, pattern):
                return dialect
        return None

    def rdarea(self, name: str) -> Rdarea | None:
        """The ``[rdareas]`` entry called ``name`` (HiRDB names are case-insensitive), or None."""
        upper = name.upper()
        return next((r for r in self.rdareas if r.name.upper() == upper), None)


def _glob_match(path: str, pattern: str) -> bool:
    # fnmatch's "*" already crosses "/", so "**/" only needs to also match nothing.
    if fnmatch.fnmatchcase(path, pattern):
        return True
    if pattern.startswith("**/") and fnmatch.fnmatchcase(path, pattern[3:]):
        return True
    # Relative patterns also match below any prefix (paths may be absolute).
    return not pattern.startswith("/") and fnmatch.fnmatchcase(path, "*/" + pattern)


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise ConfigError(f"{where}: expected a string or a list of strings")


def from_mapping(data: dict[str, Any], source: str) -> Config:
    """Build a :class:`Config` from the parsed TOML table, validating every key."""
    known = {"dialects", "include", "exclude", "encoding", "size"}
    known.add("rdareas")  # HiRDB RDAREA facts
    unknown = sorted(set(data) - known)
    if unknown:
        raise ConfigError(f"{source}: unknown key(s) {', '.join(unknown)}; known: {sorted(known)}")
    dialects = data.get("dialects", {})
    if not isinstance(dialects, dict):
        raise ConfigError(f"{source}: [dialects] must be a table of glob = dialect")
    mapping: list[tuple[str, str]] = []
    for pattern, dialect in dialects.items():
        if not isinstance(dialect, str) or dialect.lower() not in grammars.names():
            raise ConfigError(
                f"{source}: [dialects] {pattern!r} = {dialect!r}: "
                f"expected one of {', '.join(grammars.names())}"
            )
        mapping.append((pattern, dialect.lower()))
    encoding = data.get("encoding")
    if encoding is not None and not isinstance(encoding, str):
        raise ConfigError(f"{source}: encoding must be a string")
    if "size" in data and not isinstance(data["size"], dict):
        raise ConfigError(f"{source}: [size] must be a table")
    try:
        sizing = sizing_from_mapping(data["size"], source) if "size" in data else SizingSettings()
    except SettingsError as err:
        raise ConfigError(str(err)) from None
    rdareas = _rdareas(data["rdareas"], source) if "rdareas" in data else ()
    # The sizing needs the RDAREA facts too (and travels alone to Spark tasks).
    sizing = with_rdareas(sizing, [(r.name, r.page_length, r.segment_size) for r in rdareas])
    return Config(
        rdareas=rdareas,
        sizing=sizing,
        dialect_map=tuple(mapping),
        include=_strings(data["include"], f"{source}: include")
        if "include" in data
        else DEFAULT_INCLUDE,
        exclude=_strings(data["exclude"], f"{source}: exclude") if "exclude" in data else (),
        encoding=encoding,
        source=source,
    )


def load(path: str | None = None, start: str = ".") -> Config:
    """Load ``path``, or the first config file found from ``start`` upwards; defaults if none."""
    if path is not None:
        return _load_file(Path(path))
    here = Path(start).resolve()
    for directory in (here, *here.parents):
        for name in CONFIG_FILES:
            candidate = directory / name
            if candidate.is_file():
                config = _load_file(candidate)
                if config is not None and (name != "pyproject.toml" or config.source):
                    return config
    return Config()


def _load_file(path: Path) -> Config:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    if path.name == "pyproject.toml":
        table = data.get("tool", {}).get("ddlaudit")
        if table is None:
            return Config()
        return from_mapping(table, f"{path} [tool.ddlaudit]")
    return from_mapping(data, str(path))
