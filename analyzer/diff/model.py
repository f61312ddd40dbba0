"""What the schema diff and the change-safety rules (family M) see of the two sides.

A :class:`ScopeState` is one scope of one side after the lint workflow's passes (and the
migration replay: ``ALTER TABLE ... ADD / DROP / ALTER COLUMN`` and ``DROP TABLE`` of
later files applied to the tables of earlier ones), with each table's estimates on the
platforms of the run.  A :class:`TablePair` is one table matched across the sides; a
:class:`DiffContext` is what a ``diff``-level rule's check is handed: one scope's pairs
and both states.  Plain frozen data over the IR: the rules (stage 5) read it without the
workflow that builds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from analyzer.estimators import TableEstimate
from analyzer.ir import FileResult, QualifiedName, Severity, Span, Table
from analyzer.records import record
from analyzer.rules.registry import SEVERITY_ORDER, Finding, Rule
from analyzer.settings import SizingSettings


@record
class Change:
    """One change to a table (docs/diff-json.md ``changes``): ``before`` / ``after`` as
    DDL-like text, None when the object is new or gone; ``span`` where it is (HEAD, or
    BASE for what was removed) and ``base_side`` when that span is BASE's."""

    kind: str
    object: str
    before: str | None
    after: str | None
    span: Span | None = None
    base_side: bool = False


@record
class Placed:
    """A table of a side and the file that defines it (as the side reads it)."""

    table: Table
    path: str

    @property
    def key(self) -> str:
        return str(self.table.name).lower()


@record
class Messages:
    """Replication Server message sizes of one table (the definition's ``used`` messages,
    inbound bytes)."""

    insert: int
    update: int
    delete: int


@record
class ScopeState:
    """One scope of one side: its files after the passes, its tables (first definitions,
    migrations replayed), each table's estimates by platform and its message sizes."""

    name: str
    results: tuple[FileResult, ...] = ()
    tables: tuple[Placed, ...] = ()
    #: (table key, platform) -> the estimate on that platform.
    estimates: Mapping[tuple[str, str], TableEstimate] = field(default_factory=dict)
    messages: Mapping[str, Messages] = field(default_factory=dict)

    def table(self, name: QualifiedName | str) -> Placed | None:
        key = str(name).lower()
        found = next((p for p in self.tables if p.key == key), None)
        if found is None and isinstance(name, QualifiedName):
            bare = [p for p in self.tables if p.table.name.name.lower() == name.name.lower()]
            found = bare[0] if len(bare) == 1 else None
        return found

    def estimate(self, placed: Placed, platform: str) -> TableEstimate | None:
        return self.estimates.get((placed.key, platform))


@record
class TablePair:
    """One table across the sides: ``before`` None when added, ``after`` None when
    dropped; ``renamed`` when matched by columns under another name (probable)."""

    before: Placed | None
    after: Placed | None
    renamed: bool = False
    similarity: float | None = None

    @property
    def status(self) -> str:
        if self.before is None:
            return "added"
        if self.after is None:
            return "dropped"
        return "renamed" if self.renamed else "changed"


@record
class DiffContext:
    """A ``diff``-level check's view: one scope's matched tables and both of its states
    (``base`` or ``head`` empty when the scope is new or gone), with the run's sizing
    settings and the platforms it sizes for (each table's own and every ``--platform``)."""

    scope: str
    pairs: tuple[TablePair, ...]
    base: ScopeState
    head: ScopeState
    sizing: SizingSettings = field(default_factory=SizingSettings)
    platforms: tuple[str, ...] = ()

    def platform(self, table: Table) -> str:
        return self.sizing.platform_for(table.dialect)

    def platforms_of(self, table: Table) -> tuple[str, ...]:
        own = self.platform(table)
        return (own, *(p for p in self.platforms if p != own))


@record
class SizeDelta:
    """One table on one platform, before and after (None: not on that side / not sized)."""

    platform: str
    before: TableEstimate | None
    after: TableEstimate | None
    messages_before: Messages | None = None
    messages_after: Messages | None = None


@record
class TableDiff:
    """A reported table: its pair, its changes and its sizes; ``path`` as shown."""

    scope: str
    pair: TablePair
    changes: tuple[Change, ...]
    sizes: tuple[SizeDelta, ...]
    path: str | None
    line: int | None

    @property
    def name(self) -> str:
        placed = self.pair.after or self.pair.before
        assert placed is not None
        return str(placed.table.name)


@record
class Located:
    """A reported finding and the side its path and line are on."""

    finding: Finding
    side: str  # "base" or "head"


@record
class Uncompared:
    """A table the diff cannot compare: its CREATE TABLE does not parse on ``side``
    (``base``, ``head`` or ``both``), so neither a change nor a drop is known."""

    scope: str
    table: str
    side: str
    path: str
    line: int
    reason: str


@record
class DiffResult:
    """What ``ddlaudit diff`` reports (docs/diff-json.md)."""

    base: str
    head: str
    tables: tuple[TableDiff, ...]
    new: tuple[Located, ...]
    fixed: tuple[Finding, ...]
    rules: tuple[Rule, ...]
    fail_on: Severity | None
    #: HEAD path as shown -> its lines added or changed since BASE (1-based).
    changed_lines: Mapping[str, frozenset[int]] = field(default_factory=dict)
    files: tuple[str, ...] = ()
    root: str = "."
    #: tables whose CREATE TABLE does not parse on a side: not compared (issue 27)
    uncompared: tuple[Uncompared, ...] = ()

    @property
    def failed(self) -> bool:
        if self.fail_on is None:
            return False
        floor = SEVERITY_ORDER[self.fail_on]
        return any(SEVERITY_ORDER[x.finding.severity] >= floor for x in self.new)

    def on_changed_lines(self) -> list[Finding]:
        """The new HEAD findings on a line the change added or modified (SARIF, github)."""
        out = []
        for x in self.new:
            f = x.finding
            lines = self.changed_lines.get(f.path)
            if x.side != "head" or f.span is None or not lines:
                continue
            if any(n in lines for n in range(f.span.line, max(f.span.end_line, f.span.line) + 1)):
                out.append(f)
        return out


__all__ = [
    "Change",
    "DiffContext",
    "DiffResult",
    "Located",
    "Messages",
    "Placed",
    "ScopeState",
    "SizeDelta",
    "TableDiff",
    "TablePair",
]
