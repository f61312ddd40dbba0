"""How rules are checked: the contexts a check is handed, and findings from diagnostics.

A rule's check runs at one of three levels (``Rule.level``):

* ``source``: one file right after parsing, before the passes, with its decoded text
  (quoting, comments: what the IR does not keep), :class:`SourceContext`;
* ``file``: one file after the passes, the sizing passes (``Column.storage`` for the
  table's platform) and its estimates, :class:`FileContext`;
* ``scope``: every file of one scope (the files that form one database: what a
  foreign key or a duplicate table is resolved against), :class:`ScopeContext`.

Everything the earlier stages report as a :class:`~analyzer.ir.Diagnostic` becomes a
:class:`~analyzer.rules.registry.Finding` of the rule with the same code
(:func:`from_diagnostic`), its subject (table / column) found from its span.

>>> from analyzer.core import Options, analyze_bytes
>>> r = analyze_bytes("t.sql", b"CREATE TABLE t (a int, b nosuchtype)", Options(dialect="tsql"))
>>> [(f.code, f.subject) for f in (from_diagnostic(d, r) for d in r.diagnostics)]
[('T001', 't/b')]
"""

from __future__ import annotations

import bisect
import re
import typing as t
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field

from analyzer.estimators import TableEstimate
from analyzer.ir import (
    Column,
    Diagnostic,
    FileResult,
    QualifiedName,
    Severity,
    Span,
    Table,
    field_setter,
)
from analyzer.names import (
    Defined,
    Key,
    Place,
    Redefinition,
    compared,
    key,
    matches,
    nearest,
    replay,
)
from analyzer.passes.link_context import FileNames, file_names, signature, table_shape
from analyzer.records import record
from analyzer.rules.registry import Finding, Rule
from analyzer.settings import SizingSettings

if t.TYPE_CHECKING:
    from analyzer.graph.model import Schema


@record
class SourceContext:
    """A ``source``-level check's view: one file before the passes, and its text."""

    result: FileResult
    text: str
    sizing: SizingSettings = field(default_factory=SizingSettings)
    #: What the source rules work out once per file and share (where each table's name is
    #: written: N001 and N002 both need it), by name.
    shared: dict[str, t.Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def path(self) -> str:
        return self.result.path

    def platform(self, table: Table) -> str:
        """The platform ``table`` is checked for (``--platform``, else its dialect's)."""
        return self.sizing.platform_for(table.dialect)

    def span_text(self, span: Span) -> str:
        return self.text[span.start : span.end]

    def line_text(self, span: Span) -> str:
        """The text of the span's first line."""
        start = self.text.rfind("\n", 0, span.start) + 1
        end = self.text.find("\n", span.start)
        return self.text[start : end if end >= 0 else len(self.text)].rstrip("\r")


@record
class FileContext:
    """A ``file``-level check's view: one file after the passes, sized, with its estimates."""

    result: FileResult
    estimates: tuple[TableEstimate, ...] = ()
    sizing: SizingSettings = field(default_factory=SizingSettings)
    #: The estimates by table name, in order (set from ``estimates``): the file rules ask
    #: for every table's, and a scan of them all each time is O(tables**2) per file.
    by_table: Mapping[QualifiedName, tuple[TableEstimate, ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        index: dict[QualifiedName, list[TableEstimate]] = {}
        for e in self.estimates:
            index.setdefault(e.table, []).append(e)
        object.__setattr__(self, "by_table", {k: tuple(v) for k, v in index.items()})

    @property
    def path(self) -> str:
        return self.result.path

    def platform(self, table: Table) -> str:
        return self.sizing.platform_for(table.dialect)

    def estimate(self, table: Table) -> TableEstimate | None:
        """The estimate of ``table`` (same name and span), if it was sized."""
        path = self.path
        return next((e for e in self.by_table.get(table.name, ()) if e.path == path), None)


def _key(name: QualifiedName) -> str:
    return str(name).lower()


@record
class ScopeContext:
    """A ``scope``-level check's view: every file of one scope, after the passes.

    ``tables`` indexes each table (with its file) by its qualified name and by its bare
    name, lower case, in path order; :meth:`lookup` resolves a reference.
    """

    name: str
    results: tuple[FileResult, ...]
    sizing: SizingSettings = field(default_factory=SizingSettings)
    tables: Mapping[str, tuple[tuple[FileResult, Table], ...]] = field(default_factory=dict)
    #: bare name (lower case) -> each table of that name, its file and its key, in order
    named: Mapping[str, tuple[tuple[FileResult, Table, Key], ...]] = field(default_factory=dict)
    #: path -> how the file's names are read (dialect, ``USE``, drops and renames)
    files: Mapping[str, FileNames] = field(default_factory=dict)
    #: CREATE TABLEs of a name the scope defines already (no DROP between: D168)
    redefinitions: tuple[Redefinition, ...] = ()
    #: pairs of files that define a table differently: never linked to each other
    apart: frozenset[frozenset[str]] = frozenset()
    #: What the scope rules work out once per scope and share, by name (the schema graph
    #: the G rules all walk: :meth:`schema`).
    shared: dict[str, t.Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def platform(self, table: Table) -> str:
        return self.sizing.platform_for(table.dialect)

    def schema(self) -> Schema:
        """The scope's schema graph (:func:`analyzer.graph.index.schema_index`), built
        on first use and shared by the rules of this scope."""
        found: Schema | None = self.shared.get("schema")
        if found is None:
            from analyzer.graph.index import schema_index

            found = self.shared["schema"] = schema_index(self.results, self.lookup)
        return found

    def lookup(
        self, name: QualifiedName, at: Span | None = None
    ) -> tuple[FileResult, Table] | None:
        """The table ``name`` names, read where ``at`` is (a statement of a file of the
        scope; None: no file's context), as :mod:`analyzer.names` resolves it: the
        reference's database and default schema (``REFERENCES dbo.orders`` finds ``CREATE
        TABLE orders`` on SQL Server, ``Production.Product`` never finds ``Product``), the
        nearest definition, never one of a file apart from the reference's (D168).

        Each answer is kept: the key rules and the schema graph look up the same
        references (one foreign key, one span)."""
        answers: dict[tuple[QualifiedName, Span | None], t.Any] = self.shared.setdefault(
            "lookups", {}
        )
        asked = (name, at)
        if asked in answers:
            found: tuple[FileResult, Table] | None = answers[asked]
            return found
        found = answers[asked] = self._lookup(name, at)
        return found

    def _lookup(self, name: QualifiedName, at: Span | None) -> tuple[FileResult, Table] | None:
        candidates = self.named.get(name.name.lower())
        if not candidates:
            return None
        names = self.files.get(at.file) if at is not None else None
        place = names.place(at.start) if names is not None and at is not None else Place("")
        wanted = key(name, place.dialect, place.database)
        apart = self.apart if place.path else frozenset()
        found = [
            (k, Place(r.path, t.span.start if t.span is not None else None), (r, t))
            for r, t, k in candidates
            if matches(wanted, k) and (not apart or frozenset((r.path, place.path)) not in apart)
        ]
        return nearest(found, place)


#: The statements whose CREATE TABLEs run only under a condition (split.BLOCK_LABELS).
BLOCKS = frozenset({"if", "begin", "else", "while"})


def scope_context(
    name: str, results: Sequence[FileResult], sizing: SizingSettings | None = None
) -> ScopeContext:
    """The :class:`ScopeContext` of ``results``: the table index built once, O(tables)."""
    index: dict[str, list[tuple[FileResult, Table]]] = {}
    named: dict[str, list[tuple[FileResult, Table, Key]]] = {}
    files: dict[str, FileNames] = {}
    found: list[tuple[FileResult, FileNames, list[tuple[Table, Key, int, bool]]]] = []
    for result in results:
        names = files[result.path] = file_names(result)
        blocks = [s.span for s in result.skipped if s.kind in BLOCKS]
        mine: list[tuple[Table, Key, int, bool]] = []
        for table in result.tables:
            index.setdefault(_key(table.name), []).append((result, table))
            index.setdefault("\0" + table.name.name.lower(), []).append((result, table))
            start = table.span.start if table.span is not None else 0
            place = names.place(start)
            k = key(table.name, place.dialect, place.database)
            named.setdefault(k.name, []).append((result, table, k))
            mine.append((table, k, start, any(b.start <= start < b.end for b in blocks)))
        found.append((result, names, mine))
    # a table's signature (its columns' types) only where a redefinition may read it
    needed = compared(
        ((r.dialect, k) for r, _, mine in found for _, k, _, _ in mine),
        (c for _, names, _ in found for c in names.changes),
    )
    defined = [
        (
            result.path,
            [
                Defined(
                    k,
                    start,
                    signature(table_shape(table, result.path, names))
                    if needed(result.dialect, k)
                    else None,
                    result.dialect,
                    guarded,
                )
                for table, k, start, guarded in mine
            ],
            names.changes,
        )
        for result, names, mine in found
    ]
    redefinitions, apart = replay(defined)
    return ScopeContext(
        name,
        tuple(results),
        sizing or SizingSettings(),
        {k: tuple(v) for k, v in index.items()},
        {k: tuple(v) for k, v in named.items()},
        files,
        redefinitions,
        apart,
    )


# ------------------------------------------------------------------ diagnostics -> findings


def _contains(outer: Span | None, inner: Span) -> bool:
    return outer is not None and outer.start <= inner.start < max(outer.end, outer.start + 1)


def locate(result: FileResult, span: Span | None) -> tuple[Table | None, Column | None]:
    """The table (and column) whose source ``span`` lies in, if any."""
    if span is None:
        return None, None
    for table in result.tables:
        if _contains(table.span, span):
            column = next((c for c in table.columns if _contains(c.span, span)), None)
            return table, column
    return None, None


class _Spans:
    """Objects in order, by the offset their spans start at: ``find(offset)`` is the first
    whose span contains ``offset`` (as :func:`_contains`).  A bisection when the spans
    (those that are not None) come in order without overlapping, so that at most one
    contains an offset; else a scan."""

    __slots__ = ("_ends", "_items", "_sorted", "_starts")

    def __init__(self, items: Sequence[tuple[Span | None, t.Any]]) -> None:
        spanned = [(s.start, max(s.end, s.start + 1), x) for s, x in items if s is not None]
        self._starts = [a for a, _, _ in spanned]
        self._ends = [b for _, b, _ in spanned]
        self._items = [x for _, _, x in spanned]
        self._sorted = all(self._starts[i] >= self._ends[i - 1] for i in range(1, len(spanned)))

    def find(self, offset: int) -> t.Any:
        if self._sorted:
            i = bisect.bisect_right(self._starts, offset) - 1
            return self._items[i] if i >= 0 and offset < self._ends[i] else None
        return next(
            (
                x
                for a, b, x in zip(self._starts, self._ends, self._items, strict=True)
                if a <= offset < b
            ),
            None,
        )


class Locator:
    """:func:`locate` for many spans of one result (the diagnostics of a file): the
    tables' and each table's columns' spans indexed once, each span then found by
    bisection, not by a scan of every table."""

    __slots__ = ("_columns", "_tables")

    def __init__(self, result: FileResult) -> None:
        self._tables = _Spans([(tb.span, tb) for tb in result.tables])
        self._columns: dict[int, _Spans] = {}

    def locate(self, span: Span | None) -> tuple[Table | None, Column | None]:
        """What ``locate(result, span)`` gives."""
        if span is None:
            return None, None
        table: Table | None = self._tables.find(span.start)
        if table is None:
            return None, None
        columns = self._columns.get(id(table))
        if columns is None:
            columns = self._columns[id(table)] = _Spans([(c.span, c) for c in table.columns])
        column: Column | None = columns.find(span.start)
        return table, column


def from_diagnostic(
    diag: Diagnostic, result: FileResult | None = None, locator: Locator | None = None
) -> Finding:
    """The finding of a diagnostic: same code, severity, message and span; its subject
    is the table / column the span lies in (``result``), when there is one.  ``locator``
    (``Locator(result)``) finds it faster for a file's many diagnostics."""
    if result is None:
        table, column = None, None
    elif locator is not None:
        table, column = locator.locate(diag.span)
    else:
        table, column = locate(result, diag.span)
    path = diag.span.file if diag.span is not None else (result.path if result else "<input>")
    table_name = str(table.name) if table is not None else None
    column_name = column.name if column is not None else None
    return Finding(
        diag.code,
        diag.severity,
        diag.message,
        path,
        diag.span,
        table_name,
        column_name,
        "/".join(p for p in (table_name, column_name) if p),
        diag.source_line,
        diag.expected,
    )


# ------------------------------------------------------------------ running checks


Context = SourceContext | FileContext | ScopeContext


@record
class Rules:
    """A run's rules split by level once (:meth:`of`), not filtered again for every file
    and scope: a scan of the whole catalogue per file and level was a tenth of a small
    file's lint."""

    rules: tuple[Rule, ...] = ()
    source: tuple[Rule, ...] = ()
    file: tuple[Rule, ...] = ()
    scope: tuple[Rule, ...] = ()

    @classmethod
    def of(cls, rules: Iterable[Rule] | Rules) -> Rules:
        """``rules`` split by level (a :class:`Rules` is returned as it is)."""
        if isinstance(rules, Rules):
            return rules
        every = tuple(rules)
        checked = [r for r in every if r.check is not None]
        return cls(
            every,
            tuple(r for r in checked if r.level == "source"),
            tuple(r for r in checked if r.level == "file"),
            tuple(r for r in checked if r.level == "scope"),
        )


def run_checks(rules: Iterable[Rule], level: str, ctx: Context, path: str) -> list[Finding]:
    """Every finding of the ``level`` rules in ``rules`` on ``ctx``.

    A check that fails is a bug in ddlaudit: it becomes one ``D900`` finding naming
    the rule, and the other rules still run.
    """
    out: list[Finding] = []
    for rule in rules:
        if rule.check is None or rule.level != level:
            continue
        try:
            out.extend(rule.check(ctx))
        except Exception as err:
            out.append(
                Finding(
                    "D900",
                    Severity.ERROR,
                    f"internal-error: rule {rule.code} ({rule.name}) failed: "
                    f"{type(err).__name__}: {err}",
                    path,
                )
            )
    return out


# ------------------------------------------------------------------ fingerprints

_SPACE = re.compile(r"\s+")
_NUMBER = r"\d+"


def normalise(text: str) -> str:
    """Text as a fingerprint sees it: lower case, runs of white space as one space.

    >>> normalise("  CREATE   TABLE\\tT (a INT)  ")
    'create table t (a int)'
    """
    return _SPACE.sub(" ", text).strip().lower()


def fingerprint(finding: Finding, path: str) -> str:
    """A finding's line-independent fingerprint (hex, 16 digits).

    Made of the rule, the file (as reported, relative to the root) and the object the
    finding is about (``table/column``); a finding about no object (a syntax error)
    uses the normalised text of its line instead, or its message without numbers.
    Lines inserted above leave it unchanged; a new violation of the same rule on
    another object gets a new one (docs/lint.md, "Baseline").

    >>> f = Finding("C001", Severity.ERROR, "a twice", "x.sql", subject="t/a")
    >>> from dataclasses import replace
    >>> fingerprint(f, "x.sql") == fingerprint(replace(f, message="other"), "x.sql")
    True
    """
    if finding.subject:
        what = finding.subject.lower()
    elif finding.source_line is not None:
        what = "line:" + normalise(finding.source_line)
    else:
        what = "message:" + re.sub(_NUMBER, "#", normalise(finding.message))
    data = "\0".join((finding.code, path.replace("\\", "/"), what))
    import hashlib  # where it is used: a lint without findings makes none (D138)

    digest = hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()
    return digest[:16]


def with_fingerprints(
    findings: Iterable[Finding], relative: t.Callable[[str], str]
) -> list[Finding]:
    """``findings`` with their fingerprints set (``relative`` maps a path as reported;
    called once per path: a file has many findings)."""
    shown: dict[str, str] = {}
    out = []
    for f in findings:
        path = shown.get(f.path)
        if path is None:
            path = shown[f.path] = relative(f.path)
        out.append(_with_fingerprint(f, fingerprint(f, path)))
    return out


#: ``_with_fingerprint(finding, text)``: ``evolve(finding, fingerprint=text)`` without the
#: keyword dict (a lint sets one on every finding).
_with_fingerprint: t.Callable[[Finding, str], Finding] = field_setter(Finding, "fingerprint")
