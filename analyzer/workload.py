"""Workload files (``ddlaudit replication --workload FILE``): the rates capacity planning needs.

The Replication Server Design Guide's capacity planning ("Data Volume", "Table Volume",
"Transaction Volume", "Outbound Queue Volume", "Outbound Queue Size") needs what DDL does
not say: per table the insert, update and delete rates and which columns updates change,
per function its rate, per primary database the transaction rate, per replicate site the
replication selectivity and transaction rate, and how long queues must hold messages
(failure duration, save interval).  A workload is a YAML file; rates are per second and
durations are seconds or ``30s``, ``90m``, ``2h``, ``1d``::

    transaction_rate: 20          # per primary database not listed under databases
    failure_duration: 1h
    save_interval: 1h
    databases:
      PDS.pubs2: {transaction_rate: 20, transaction_duration: 10s}
    tables:
      authors: {inserts: 10, updates: 20, deletes: 1, changed_columns: [au_lname]}
      titles: {updates: 5, changed_fraction: 0.25, upd_cmd: CALL}
    functions:
      upd_price: 5
    sites:
      RDS.pubs2: {selectivity: {authors: 0.5}, transaction_rate: 5}

Every problem is a diagnostic (R051-R058) with the file, line and column of the value,
never an exception; a bad entry is left out and the rest of the file is still used.

>>> w, diags = parse("tables:\\n  t: {inserts: 5, updates: -1}\\n", "w.yaml")
>>> w.tables[0].inserts, [(d.code, d.span.line, d.span.column) for d in diags]
(5.0, [('R054', 2, 28)])
>>> parse_duration("90m"), parse_duration(30), parse_duration("1.5h")
(5400.0, 30.0, 5400.0)
"""

from __future__ import annotations

import re
import typing as t
from pathlib import Path

import yaml

from analyzer.ir import Diagnostic, Severity, Span, Table
from analyzer.records import record

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|sec|m|min|h|hr|d)?\s*$", re.IGNORECASE)
_UNIT = {"": 1, "s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hr": 3600, "d": 86400}
_UPD_CMDS = ("CALL", "SCALL", "MCALL", "XCALL")


def parse_duration(value: object) -> float | None:
    """Seconds of a duration (a number of seconds or ``<n>s|m|h|d``); None if malformed."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    m = _DURATION.match(str(value))
    if m is None:
        return None
    return float(m.group(1)) * _UNIT[(m.group(2) or "").lower()]


@record
class TableLoad:
    """The modification rates of one table (per second) and what its updates change."""

    name: str
    inserts: float = 0.0
    updates: float = 0.0
    deletes: float = 0.0
    #: Columns updates change (RowWidthChanged); None: use ``changed_fraction``.
    changed_columns: tuple[str, ...] | None = None
    changed_fraction: float | None = None
    #: Override the replication definition's ``replicate minimal columns``.
    minimal_columns: bool | None = None
    #: SQL Server: the article's update command (CALL, SCALL, MCALL, XCALL).
    upd_cmd: str | None = None
    #: Primary database (``ds.db``) of a table without a replication definition.
    database: str | None = None
    span: Span | None = None


@record
class FunctionLoad:
    name: str
    rate: float
    span: Span | None = None


@record
class DatabaseLoad:
    """A primary database: its transaction rate and typical transaction duration (seconds)."""

    name: str
    transaction_rate: float | None = None
    transaction_duration: float | None = None
    span: Span | None = None


@record
class SiteLoad:
    """A replicate site (a direct destination): selectivity per table, rates, durations."""

    name: str
    #: (table, fraction); ``*`` for every table not named.
    selectivity: tuple[tuple[str, float], ...] = ()
    transaction_rate: float | None = None
    failure_duration: float | None = None
    save_interval: float | None = None
    span: Span | None = None

    def fraction(self, table: str) -> float | None:
        """The selectivity of ``table`` at this site (``*`` as the default), or None."""
        low = table.lower()
        default = None
        for name, value in self.selectivity:
            if name.lower() == low:
                return value
            if name == "*":
                default = value
        return default


@record
class Workload:
    path: str
    tables: tuple[TableLoad, ...] = ()
    functions: tuple[FunctionLoad, ...] = ()
    databases: tuple[DatabaseLoad, ...] = ()
    sites: tuple[SiteLoad, ...] = ()
    transaction_rate: float | None = None
    transaction_duration: float | None = None
    failure_duration: float = 0.0
    save_interval: float = 0.0

    def table(self, name: str) -> TableLoad | None:
        low = name.lower()
        return next((x for x in self.tables if x.name.lower() == low), None)

    def function(self, name: str) -> FunctionLoad | None:
        low = name.lower()
        return next((x for x in self.functions if x.name.lower() == low), None)

    def database(self, name: str) -> DatabaseLoad | None:
        low = name.lower()
        return next((x for x in self.databases if x.name.lower() == low), None)


# ----------------------------------------------------------------------- reading


class _Reader:
    """Walks the composed YAML nodes, collecting diagnostics with their positions."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.lines = text.splitlines()
        self.diags: list[Diagnostic] = []

    def span(self, node: yaml.Node) -> Span:
        a, b = node.start_mark, node.end_mark
        return Span(self.path, a.line + 1, a.column + 1, b.line + 1, b.column + 1, a.index, b.index)

    def error(self, code: str, node: yaml.Node, message: str, expected: str | None = None) -> None:
        span = self.span(node)
        line = self.lines[span.line - 1] if 0 < span.line <= len(self.lines) else None
        self.diags.append(Diagnostic(code, Severity.ERROR, message, span, expected, line))

    def mapping(self, node: yaml.Node, what: str) -> list[tuple[str, yaml.Node, yaml.Node]]:
        if isinstance(node, yaml.ScalarNode) and node.value in ("", "~", "null"):
            return []
        if not isinstance(node, yaml.MappingNode):
            self.error("R053", node, f"{what} must be a mapping", "key: value")
            return []
        out: list[tuple[str, yaml.Node, yaml.Node]] = []
        seen: set[str] = set()
        for key, value in node.value:
            if not isinstance(key, yaml.ScalarNode):
                self.error("R053", key, f"{what}: keys must be names")
                continue
            name = str(key.value)
            if name.lower() in seen:  # names match case-insensitively: one entry each
                self.error("R053", key, f"{what}: {name!r} is given twice; the first is used")
                continue
            seen.add(name.lower())
            out.append((name, key, value))
        return out

    def keys(
        self, node: yaml.Node, what: str, known: t.Collection[str]
    ) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        found = {}
        for name, key, value in self.mapping(node, what):
            if name not in known:
                self.error(
                    "R052", key, f"{what}: unknown key {name!r}", "one of " + ", ".join(known)
                )
                continue
            found[name] = (key, value)
        return found

    def number(self, node: yaml.Node, what: str) -> float | None:
        value = _scalar(node)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.error("R053", node, f"{what} = {_text(node)}: expected a number", "a number")
            return None
        if value != value or value in (float("inf"), float("-inf")):  # .nan, .inf
            self.error("R053", node, f"{what} = {_text(node)}: expected a finite number", ">= 0")
            return None
        if value < 0:
            self.error("R054", node, f"{what} = {value}: a rate cannot be negative", ">= 0")
            return None
        return float(value)

    def fraction(self, node: yaml.Node, what: str) -> float | None:
        value = _scalar(node)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.error("R053", node, f"{what} = {_text(node)}: expected a number", "0..1")
            return None
        if not 0 <= value <= 1:
            self.error("R055", node, f"{what} = {value}: expected a fraction from 0 to 1", "0..1")
            return None
        return float(value)

    def duration(self, node: yaml.Node, what: str) -> float | None:
        raw = _scalar(node)
        seconds = parse_duration(raw) if isinstance(raw, (int, float, str)) else None
        if seconds is None:
            if isinstance(raw, (int, float)) or str(raw).lstrip().startswith("-"):
                self.error("R054", node, f"{what} = {_text(node)}: cannot be negative", ">= 0")
            else:
                self.error(
                    "R053", node, f"{what} = {_text(node)}: expected a duration", "30s, 90m, 2h, 1d"
                )
            return None
        if seconds < 0:
            self.error("R054", node, f"{what} = {_text(node)}: cannot be negative", ">= 0")
            return None
        if seconds == float("inf") or seconds != seconds:
            self.error("R053", node, f"{what} = {_text(node)}: expected a finite duration")
            return None
        return seconds

    def names(self, node: yaml.Node, what: str) -> tuple[str, ...] | None:
        if not isinstance(node, yaml.SequenceNode) or not all(
            isinstance(n, yaml.ScalarNode) for n in node.value
        ):
            self.error("R053", node, f"{what}: expected a list of column names", "[a, b]")
            return None
        return tuple(str(n.value) for n in node.value)


def _scalar(node: yaml.Node) -> t.Any:
    if not isinstance(node, yaml.ScalarNode):
        return node
    if node.style is not None:  # quoted: a string as written
        return node.value
    try:
        return yaml.safe_load(node.value)
    except yaml.YAMLError:
        return node.value


def _text(node: yaml.Node) -> str:
    return repr(node.value) if isinstance(node, yaml.ScalarNode) else f"a {type(node).__name__}"


_TOP = (
    "transaction_rate",
    "transaction_duration",
    "failure_duration",
    "save_interval",
    "databases",
    "tables",
    "functions",
    "sites",
)
_TABLE = (
    "inserts",
    "updates",
    "deletes",
    "changed_columns",
    "changed_fraction",
    "minimal_columns",
    "upd_cmd",
    "database",
)
_SITE = ("selectivity", "transaction_rate", "failure_duration", "save_interval")
_DATABASE = ("transaction_rate", "transaction_duration")


def _table(r: _Reader, name: str, key: yaml.Node, node: yaml.Node) -> TableLoad:
    what = f"tables.{name}"
    found = r.keys(node, what, _TABLE)
    values: dict[str, t.Any] = {}
    for field_name in ("inserts", "updates", "deletes"):
        if field_name in found:
            number = r.number(found[field_name][1], f"{what}.{field_name}")
            if number is not None:
                values[field_name] = number
    if "changed_columns" in found:
        values["changed_columns"] = r.names(found["changed_columns"][1], f"{what}.changed_columns")
    if "changed_fraction" in found:
        values["changed_fraction"] = r.fraction(
            found["changed_fraction"][1], f"{what}.changed_fraction"
        )
    if "minimal_columns" in found:
        raw = _scalar(found["minimal_columns"][1])
        if isinstance(raw, bool):
            values["minimal_columns"] = raw
        else:
            r.error("R053", found["minimal_columns"][1], f"{what}.minimal_columns: true or false")
    if "upd_cmd" in found:
        cmd = str(_scalar(found["upd_cmd"][1])).upper()
        if cmd in _UPD_CMDS:
            values["upd_cmd"] = cmd
        else:
            r.error(
                "R053",
                found["upd_cmd"][1],
                f"{what}.upd_cmd = {cmd!r}: not a SQL Server update command",
                ", ".join(_UPD_CMDS),
            )
    if "database" in found:
        values["database"] = str(_scalar(found["database"][1]))
    return TableLoad(name, span=r.span(key), **values)


def _site(r: _Reader, name: str, key: yaml.Node, node: yaml.Node) -> SiteLoad:
    what = f"sites.{name}"
    found = r.keys(node, what, _SITE)
    values: dict[str, t.Any] = {}
    if "selectivity" in found:
        sel = found["selectivity"][1]
        if isinstance(sel, yaml.ScalarNode):
            value = r.fraction(sel, f"{what}.selectivity")
            values["selectivity"] = () if value is None else (("*", value),)
        else:
            pairs = []
            for table, _, vnode in r.mapping(sel, f"{what}.selectivity"):
                value = r.fraction(vnode, f"{what}.selectivity.{table}")
                if value is not None:
                    pairs.append((table, value))
            values["selectivity"] = tuple(pairs)
    if "transaction_rate" in found:
        values["transaction_rate"] = r.number(
            found["transaction_rate"][1], f"{what}.transaction_rate"
        )
    for dur in ("failure_duration", "save_interval"):
        if dur in found:
            values[dur] = r.duration(found[dur][1], f"{what}.{dur}")
    return SiteLoad(name, span=r.span(key), **values)


def parse(text: str, path: str) -> tuple[Workload, tuple[Diagnostic, ...]]:
    """Read a workload from YAML ``text``; diagnostics say what was wrong and where."""
    r = _Reader(path, text)
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        span = Span(path, line, col, line, col + 1, 0, 0)
        problem = getattr(err, "problem", None) or str(err)
        diag = Diagnostic(
            "R051", Severity.ERROR, f"the workload is not valid YAML: {problem}", span
        )
        return Workload(path), (diag,)
    if root is None:
        return Workload(path), ()
    top = r.keys(root, "workload", _TOP)
    values: dict[str, t.Any] = {}
    for name in ("transaction_rate",):
        if name in top:
            values[name] = r.number(top[name][1], name)
    for name in ("transaction_duration", "failure_duration", "save_interval"):
        seconds = r.duration(top[name][1], name) if name in top else None
        if seconds is not None:
            values[name] = seconds
    if "tables" in top:
        values["tables"] = tuple(
            _table(r, name, key, node) for name, key, node in r.mapping(top["tables"][1], "tables")
        )
    if "functions" in top:
        functions = []
        for name, key, node in r.mapping(top["functions"][1], "functions"):
            if _is_scalar(node):  # upd_price: 5
                rate = r.number(node, f"functions.{name}")
            else:  # upd_price: {rate: 5}
                inner = r.keys(node, f"functions.{name}", ("rate",))
                if "rate" in inner:
                    rate = r.number(inner["rate"][1], f"functions.{name}.rate")
                else:
                    rate = None
                    if isinstance(node, yaml.MappingNode):
                        r.error("R053", node, f"functions.{name}: no rate", "rate: calls/s")
            if rate is not None:
                functions.append(FunctionLoad(name, rate, r.span(key)))
        values["functions"] = tuple(functions)
    if "databases" in top:
        dbs = []
        for name, key, node in r.mapping(top["databases"][1], "databases"):
            found = r.keys(node, f"databases.{name}", _DATABASE)
            rate = duration = None
            if "transaction_rate" in found:
                rate = r.number(found["transaction_rate"][1], f"databases.{name}.transaction_rate")
            if "transaction_duration" in found:
                duration = r.duration(
                    found["transaction_duration"][1], f"databases.{name}.transaction_duration"
                )
            dbs.append(DatabaseLoad(name, rate, duration, r.span(key)))
        values["databases"] = tuple(dbs)
    if "sites" in top:
        values["sites"] = tuple(
            _site(r, name, key, node) for name, key, node in r.mapping(top["sites"][1], "sites")
        )
    return Workload(path, **values), tuple(r.diags)


def _is_scalar(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode)


def load(path: str) -> tuple[Workload, tuple[Diagnostic, ...]]:
    """Read the workload file ``path`` (R051 when it cannot be read)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        diag = Diagnostic(
            "R051", Severity.ERROR, f"cannot read the workload file {path}: {err}", None
        )
        return Workload(path), (diag,)
    return parse(text, path)


def check(
    workload: Workload, tables: t.Sequence[Table], functions: t.Collection[str]
) -> tuple[Diagnostic, ...]:
    """Check the workload's names against the input: tables, their columns, functions."""
    diags = []
    by_name = {tb.name.name.lower(): tb for tb in tables}
    fn_names = {f.lower() for f in functions}

    def error(code: str, span: Span | None, message: str, expected: str) -> None:
        diags.append(Diagnostic(code, Severity.ERROR, message, span, expected))

    for load_ in workload.tables:
        table = by_name.get(load_.name.lower())
        if table is None:
            known = ", ".join(sorted(tb.name.name for tb in tables)) or "none in the input"
            error(
                "R056",
                load_.span,
                f"the workload names table {load_.name!r}, not in the input",
                known,
            )
            continue
        for col in load_.changed_columns or ():
            if table.column(col) is None:
                error(
                    "R057",
                    load_.span,
                    f"tables.{load_.name}.changed_columns names {col!r}, not a column of "
                    f"{table.name.name}",
                    ", ".join(c.name for c in table.columns),
                )
    for fn in workload.functions:
        if fn.name.lower() not in fn_names:
            error(
                "R058",
                fn.span,
                f"the workload names function {fn.name!r}, not a function replication definition "
                "in the input",
                ", ".join(sorted(functions)) or "none in the input",
            )
    for site in workload.sites:
        # a site's selectivity applies to functions as to tables (repserver.capacity)
        for table_name, _ in site.selectivity:
            low = table_name.lower()
            if table_name != "*" and low not in by_name and low not in fn_names:
                error(
                    "R056",
                    site.span,
                    f"sites.{site.name}.selectivity names {table_name!r}, neither a table nor "
                    "a replicated function of the input",
                    ", ".join(sorted([tb.name.name for tb in tables] + list(functions))),
                )
    return tuple(diags)
