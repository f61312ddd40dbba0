"""Project configuration: ``ddlaudit.toml`` or ``[tool.ddlaudit]`` in ``pyproject.toml``.

Example ``ddlaudit.toml``::

    include = ["*.sql", "*.ddl"]
    exclude = ["**/generated/**"]
    encoding = "cp1252"            # optional: force a codec for every file

    [dialects]                     # per-path dialect: first matching glob wins
    "warehouse/**" = "teradata"
    "mssql/**" = "tsql"

    [scopes]                       # which files form one database: first matching glob wins
    "envs/prod/**" = "prod"        # (else a directory with a project marker, else each PATH)

>>> cfg = Config(dialect_map=(("warehouse/**", "teradata"),))
>>> cfg.dialect_for("warehouse/sales/orders.sql")
'teradata'
>>> cfg.dialect_for("other/x.sql") is None
True
"""

from __future__ import annotations

import fnmatch
from pathlib import Path, PurePath
from typing import Any

import grammars
from analyzer.records import record
from analyzer.settings import SettingsError, SizingSettings, with_rdareas
from analyzer.settings import from_mapping as sizing_from_mapping
from analyzer.source import DEFAULT_INCLUDE

CONFIG_FILES = ("ddlaudit.toml", ".ddlaudit.toml", "pyproject.toml")


class ConfigError(ValueError):
    """The configuration file is malformed; the message names the file and key."""


#: HiRDB RDAREA page lengths: 4096-30720 bytes (V9 Command Reference 3.3.2, create rdarea);
#: a "multiple of 2048" rule is not documented, so only the range is enforced and the
#: sizing warns (S033) about other lengths (docs/decisions.md, D22); segments: 1-16000 pages.
PAGE_LENGTHS = (4096, 30720)
SEGMENT_SIZES = (1, 16000)


@record
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


#: ``fail-on`` values: the lowest severity that fails a lint run (``never``: none does).
FAIL_ON = ("error", "warning", "info", "never")
SEVERITIES = ("error", "warning", "info")
_LINT_KEYS = (
    "select",
    "ignore",
    "extend-select",
    "severity",
    "per-file-ignores",
    "fail-on",
    "workload",
    "baseline",
    "docs-url",
)


@record
class LintSettings:
    """The ``[lint]`` table: which rules run, how severe they are, what fails the run.

    Codes are kept as written (codes or prefixes: ``K``, ``K00``, ``K001``, ``ALL``);
    ``analyzer.rules.selection`` checks them against the catalogue, so this module
    needs no rule registry.  ``select`` None means the rules enabled by default.
    ``workload`` and ``baseline`` are paths relative to the config file's directory.

    >>> s = lint_from_mapping({"select": ["K", "C001"], "fail-on": "error"}, "x.toml")
    >>> s.select, s.fail_on
    (('K', 'C001'), 'error')
    """

    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    severity: tuple[tuple[str, str], ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    fail_on: str = "warning"
    workload: str | None = None
    baseline: str | None = None
    #: Where the rule pages (docs/rules/CODE.md) are served: SARIF's ``helpUri``.
    docs_url: str | None = None


def _codes(value: Any, where: str) -> tuple[str, ...]:
    codes = _strings(value, where)
    bad = [c for c in codes if not c.strip() or not c.strip().isalnum()]
    if bad:
        raise ConfigError(f"{where}: not a rule code or prefix: {', '.join(map(repr, bad))}")
    return tuple(c.strip().upper() for c in codes)


def lint_from_mapping(data: Any, source: str, base: str | None = None) -> LintSettings:
    """Validate the ``[lint]`` table (shapes and values; codes are checked by the caller).

    ``base`` is the directory relative paths (``workload``, ``baseline``) are resolved from.
    """
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: [lint] must be a table")
    unknown = sorted(set(data) - set(_LINT_KEYS))
    if unknown:
        raise ConfigError(
            f"{source}: [lint]: unknown key(s) {', '.join(unknown)}; known: {', '.join(_LINT_KEYS)}"
        )
    where = f"{source}: [lint]"
    severity: list[tuple[str, str]] = []
    raw = data.get("severity", {})
    if not isinstance(raw, dict):
        raise ConfigError(f'{where} severity must be a table of CODE = "error|warning|info"')
    for code, level in raw.items():
        if level not in SEVERITIES:
            raise ConfigError(
                f"{where} severity {code} = {level!r}: expected one of {', '.join(SEVERITIES)}"
            )
        severity.append((_codes(code, f"{where} severity")[0], level))
    ignores: list[tuple[str, tuple[str, ...]]] = []
    raw = data.get("per-file-ignores", {})
    if not isinstance(raw, dict):
        raise ConfigError(f'{where} per-file-ignores must be a table of "glob" = [codes]')
    for glob, codes in raw.items():
        ignores.append((glob, _codes(codes, f"{where} per-file-ignores {glob!r}")))
    fail_on = data.get("fail-on", "warning")
    if fail_on not in FAIL_ON:
        raise ConfigError(f"{where} fail-on = {fail_on!r}: expected one of {', '.join(FAIL_ON)}")
    paths: dict[str, str | None] = {}
    for key in ("workload", "baseline"):
        value = data.get(key)
        if value is not None and not isinstance(value, str):
            raise ConfigError(f"{where} {key} must be a path (a string)")
        if value is not None and base is not None:
            value = str(Path(base) / value)
        paths[key] = value
    docs_url = data.get("docs-url")
    if docs_url is not None and not (
        isinstance(docs_url, str) and docs_url.startswith(("https://", "http://", "file:"))
    ):
        raise ConfigError(f"{where} docs-url must be an absolute URL (https://...)")
    return LintSettings(
        docs_url=docs_url,
        select=_codes(data["select"], f"{where} select") if "select" in data else None,
        ignore=_codes(data.get("ignore", []), f"{where} ignore"),
        extend_select=_codes(data.get("extend-select", []), f"{where} extend-select"),
        severity=tuple(severity),
        per_file_ignores=tuple(ignores),
        fail_on=fail_on,
        workload=paths["workload"],
        baseline=paths["baseline"],
    )


#: Frozen, so one shared default serves every Config.
_DEFAULT_LINT = LintSettings()


#: ``[audit.weights]`` keys and their defaults: the complexity of a table is ``table`` plus
#: each weight times its count (docs/audit.md, "Complexity").
AUDIT_WEIGHTS: tuple[tuple[str, float], ...] = (
    ("table", 1.0),
    ("exact", 0.0),
    ("widened", 0.1),
    ("lossy", 1.0),
    ("unsupported", 4.0),
    ("limit", 3.0),
    ("reserved", 0.5),
    ("construct", 1.0),
    ("replication", 2.0),
)
#: ``[audit.default-collation]``: the collation a database of each platform has when a
#: column declares none (analyzer/audit/ordering.py, decision D178): SQL Server setup's
#: default for English locales ("An SQL collation is selected by default for
#: English-language locales"); ASE's binary sort order ("All character sets have binary
#: order as the default"); Teradata mode's NOT CASESPECIFIC; HiRDB's character code
#: order; a PostgreSQL database made by initdb in an en_US.UTF-8 locale; Snowflake's and
#: BigQuery's binary comparison (no collation specification).
DEFAULT_COLLATIONS: tuple[tuple[str, str], ...] = (
    ("mssql", "SQL_Latin1_General_CP1_CI_AS"),
    ("ase", "binary"),
    ("teradata", "NOT CASESPECIFIC"),
    ("hirdb", "binary"),
    ("postgres", "en_US.UTF-8"),
    ("snowflake", "utf8"),
    ("bigquery", "binary"),
)
#: ``[audit] ordering``: ``keep`` writes the collation that keeps a column's ordering
#: where the target has one; ``default`` writes none (the target's default applies).
AUDIT_ORDERING = ("keep", "default")
#: ``[audit] fail-on``: the mapping class from which ``ddlaudit audit`` exits 1.
AUDIT_FAIL_ON = ("never", "unsupported", "lossy")
_AUDIT_KEYS = ("weights", "fail-on", "ordering", "default-collation")


@record
class AuditSettings:
    """The ``[audit]`` table: the complexity weights and what fails the run.

    >>> s = audit_from_mapping({"weights": {"lossy": 2}, "fail-on": "unsupported"}, "x")
    >>> dict(s.weights)["lossy"], dict(s.weights)["table"], s.fail_on
    (2.0, 1.0, 'unsupported')
    """

    weights: tuple[tuple[str, float], ...] = AUDIT_WEIGHTS
    fail_on: str = "never"
    #: ``[audit] ordering`` (:data:`AUDIT_ORDERING`).
    ordering: str = "keep"
    #: ``[audit.default-collation]``: (platform, collation) (:data:`DEFAULT_COLLATIONS`).
    collations: tuple[tuple[str, str], ...] = DEFAULT_COLLATIONS


def audit_from_mapping(data: Any, source: str) -> AuditSettings:
    """Validate the ``[audit]`` table: unknown keys and weights are errors, as in ``[lint]``."""
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: [audit] must be a table")
    unknown = sorted(set(data) - set(_AUDIT_KEYS))
    if unknown:
        raise ConfigError(
            f"{source}: [audit]: unknown key(s) {', '.join(unknown)}; known: "
            f"{', '.join(_AUDIT_KEYS)}"
        )
    raw = data.get("weights", {})
    if not isinstance(raw, dict):
        raise ConfigError(f"{source}: [audit] weights must be a table of name = number")
    known = dict(AUDIT_WEIGHTS)
    bad = sorted(set(raw) - set(known))
    if bad:
        raise ConfigError(
            f"{source}: [audit.weights]: unknown key(s) {', '.join(bad)}; known: {', '.join(known)}"
        )
    for name, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise ConfigError(
                f"{source}: [audit.weights] {name} = {value!r}: expected a number >= 0"
            )
        known[name] = float(value)
    fail_on = data.get("fail-on", "never")
    if fail_on not in AUDIT_FAIL_ON:
        raise ConfigError(
            f"{source}: [audit] fail-on = {fail_on!r}: expected one of {', '.join(AUDIT_FAIL_ON)}"
        )
    ordering = data.get("ordering", "keep")
    if ordering not in AUDIT_ORDERING:
        raise ConfigError(
            f"{source}: [audit] ordering = {ordering!r}: expected one of "
            f"{', '.join(AUDIT_ORDERING)}"
        )
    collations = dict(DEFAULT_COLLATIONS)
    given = data.get("default-collation", {})
    if not isinstance(given, dict):
        raise ConfigError(f"{source}: [audit.default-collation] must be a table of platform = name")
    for platform, name in given.items():
        if platform not in collations or not isinstance(name, str):
            raise ConfigError(
                f"{source}: [audit.default-collation] {platform} = {name!r}: expected one of "
                f"{', '.join(collations)} = a collation name"
            )
        collations[platform] = name
    return AuditSettings(tuple(known.items()), fail_on, ordering, tuple(collations.items()))


_DEFAULT_AUDIT = AuditSettings()


@record
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
    #: The ``[lint]`` table.
    lint: LintSettings = _DEFAULT_LINT
    #: The ``[scopes]`` table: (glob, scope name), first match wins (analyzer/scopes.py).
    scope_map: tuple[tuple[str, str], ...] = ()
    #: The ``[audit]`` table (``ddlaudit audit``).
    audit: AuditSettings = _DEFAULT_AUDIT

    def scope_for(self, path: str) -> str | None:
        """The scope the first matching ``[scopes]`` glob assigns to ``path``, or None.

        >>> Config(scope_map=(("envs/prod/**", "prod"),)).scope_for("envs/prod/db/t.sql")
        'prod'
        """
        if not self.scope_map:
            return None
        posix = PurePath(path).as_posix()
        for pattern, scope in self.scope_map:
            if glob_match(posix, pattern):
                return scope
        return None

    def dialect_for(self, path: str) -> str | None:
        """The dialect the first matching ``[dialects]`` glob assigns to ``path``."""
        if not self.dialect_map:
            return None
        posix = PurePath(path).as_posix()
        for pattern, dialect in self.dialect_map:
            if glob_match(posix, pattern):
                return dialect
        return None

    def rdarea(self, name: str) -> Rdarea | None:
        """The ``[rdareas]`` entry called ``name`` (HiRDB names are case-insensitive), or None."""
        upper = name.upper()
        return next((r for r in self.rdareas if r.name.upper() == upper), None)


def glob_match(path: str, pattern: str) -> bool:
    """True when ``path`` (POSIX) matches ``pattern``; ``**/`` also matches no directory."""
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


def _scopes(value: Any, source: str) -> tuple[tuple[str, str], ...]:
    """Validate ``[scopes]``: ``"glob" = "scope name"``, in the order written.

    >>> _scopes({"envs/prod/**": "prod", "envs/test/**": "test"}, "x")
    (('envs/prod/**', 'prod'), ('envs/test/**', 'test'))
    """
    if not isinstance(value, dict):
        raise ConfigError(f'{source}: [scopes] must be a table of "glob" = "scope name"')
    found = []
    for pattern, name in value.items():
        if not str(pattern).strip():
            raise ConfigError(f"{source}: [scopes] {pattern!r}: an empty glob")
        if not isinstance(name, str) or not name.strip():
            raise ConfigError(
                f"{source}: [scopes] {pattern!r} = {name!r}: expected a scope name "
                "(a non-empty string)"
            )
        found.append((str(pattern), name.strip()))
    return tuple(found)


def from_mapping(data: dict[str, Any], source: str, base: str | None = None) -> Config:
    """Build a :class:`Config` from the parsed TOML table, validating every key.

    ``base`` is the config file's directory (relative paths in ``[lint]``).
    """
    known = {"dialects", "include", "exclude", "encoding", "size", "lint", "scopes"}
    known.add("rdareas")  # HiRDB RDAREA facts
    known.add("audit")  # ddlaudit audit
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
    lint = lint_from_mapping(data["lint"], source, base) if "lint" in data else _DEFAULT_LINT
    audit = audit_from_mapping(data["audit"], source) if "audit" in data else _DEFAULT_AUDIT
    return Config(
        audit=audit,
        scope_map=_scopes(data["scopes"], source) if "scopes" in data else (),
        lint=lint,
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
    import tomllib  # only where a config file exists (D108)

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
        return from_mapping(table, f"{path} [tool.ddlaudit]", str(path.parent))
    return from_mapping(data, str(path), str(path.parent))
