"""The rule registry's types: a :class:`Rule` (code, name, family, default severity,
platforms, docs) and a :class:`Finding` (one rule broken at one place).

Every diagnostic code ddlaudit reports (``analyzer.diagnostics.CODES``: decode, parse,
type, replication, HiRDB and sizing problems) is a rule, next to the rules only
``ddlaudit lint`` checks (duplicate columns, keys, identifiers, ...).  Rules are grouped
in families, one module each under ``analyzer/rules/`` (ruff's ``rules/<family>/``);
:mod:`analyzer.rules` assembles them into the catalogue.

>>> r = Rule("C001", "duplicate-column", "schema", Severity.ERROR,
...          "a table declares the same column twice", what="...", why="...",
...          example="CREATE TABLE t (a int, a int)", fix="CREATE TABLE t (a int, b int)",
...          references=("SQL Server: Msg 2705",))
>>> r.applies_to("mssql"), r.enabled_by_default
(True, True)
"""

from __future__ import annotations

import typing as t
from collections.abc import Iterable

from analyzer.ir import Column, QualifiedName, Severity, Span, Table
from analyzer.records import record

#: The platforms a rule can be limited to (``Rule.platforms``); () means every one.
PLATFORMS = ("mssql", "ase", "teradata", "hirdb")

#: Order of severities, lowest first (``--fail-on`` compares against it).
SEVERITY_ORDER: dict[Severity, int] = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}


@record
class Family:
    """A group of rules sharing a code prefix (``prefix`` + 3 digits)."""

    prefix: str
    name: str
    description: str


@record(init=False)
class Finding:
    """One rule broken at one place.

    ``subject`` is the object path the finding is about (``dbo.orders/amount``,
    ``dbo.orders/constraint:fk_cust``), empty when it is about no object (a syntax
    error); with ``path`` and ``code`` it makes the line-independent fingerprint
    (:func:`analyzer.rules.engine.fingerprint`).  ``source_line`` is the text of the
    span's first line, ``expected`` what a parser expected there.  ``bytes`` are the
    bytes at stake when the finding is about size (saving, excess).
    """

    code: str
    severity: Severity
    message: str
    path: str
    span: Span | None = None
    table: str | None = None
    column: str | None = None
    subject: str = ""
    source_line: str | None = None
    expected: str | None = None
    bytes: int | None = None
    fingerprint: str = ""
    #: Other places the finding concerns (the first definition of a duplicate, the
    #: referenced key of a foreign key): SARIF's ``relatedLocations``.
    related: tuple[Span, ...] = ()

    # The slots are set through their descriptors, as Term and Step do: the frozen
    # dataclass __init__ calls object.__setattr__ per field, and a lint makes a finding
    # (and a fingerprinted copy) of everything it reports.
    def __init__(
        self,
        code: str,
        severity: Severity,
        message: str,
        path: str,
        span: Span | None = None,
        table: str | None = None,
        column: str | None = None,
        subject: str = "",
        source_line: str | None = None,
        expected: str | None = None,
        bytes: int | None = None,
        fingerprint: str = "",
        related: tuple[Span, ...] = (),
    ) -> None:
        _set_code(self, code)
        _set_severity(self, severity)
        _set_message(self, message)
        _set_path(self, path)
        _set_span(self, span)
        _set_table(self, table)
        _set_column(self, column)
        _set_subject(self, subject)
        _set_source_line(self, source_line)
        _set_expected(self, expected)
        _set_bytes(self, bytes)
        _set_fingerprint(self, fingerprint)
        _set_related(self, related)

    @property
    def line(self) -> int:
        return self.span.line if self.span is not None else 0

    def sort_key(self) -> tuple[str, int, int, str]:
        span = self.span
        return (self.path, span.line if span else 0, span.column if span else 0, self.code)


(
    _set_code,
    _set_severity,
    _set_message,
    _set_path,
    _set_span,
    _set_table,
    _set_column,
    _set_subject,
    _set_source_line,
    _set_expected,
    _set_bytes,
    _set_fingerprint,
    _set_related,
) = (
    getattr(Finding, f).__set__
    for f in (
        "code",
        "severity",
        "message",
        "path",
        "span",
        "table",
        "column",
        "subject",
        "source_line",
        "expected",
        "bytes",
        "fingerprint",
        "related",
    )
)

#: A check over one file or one scope; what it is handed is the engine's context
#: (``analyzer.rules.engine.FileContext`` or ``ScopeContext``).
Check = t.Callable[[t.Any], Iterable[Finding]]


@record
class Rule:
    """A rule: identity, default behaviour and documentation.

    ``what`` (what it does), ``why`` (why it matters), ``example`` (DDL that breaks it)
    and ``fix`` (the fix, with DDL that passes) follow ruff's rule pages;
    ``references`` cite the manual sections the rule implements.  ``check`` is set on
    the rules ``ddlaudit lint`` checks itself; the others are reported by the stage
    named in ``reported_by`` (parsing, a pass, an estimator).  ``level`` says what a
    check needs: one ``file`` or a whole ``scope`` (cross-file references), or two
    versions of a scope (``diff``: the M rules, checked by ``ddlaudit diff`` only).
    """

    code: str
    name: str
    family: str
    severity: Severity
    summary: str
    what: str
    why: str
    example: str
    fix: str
    references: tuple[str, ...] = ()
    platforms: tuple[str, ...] = ()
    enabled_by_default: bool = True
    check: Check | None = None
    level: str = "file"
    reported_by: str = "lint"
    #: The example and fix are in this dialect (for fixtures and the docs' code fences).
    dialect: str = "tsql"

    def applies_to(self, platform: str | None) -> bool:
        """True when the rule concerns ``platform`` (None: any platform)."""
        return not self.platforms or platform is None or platform in self.platforms

    def finding(
        self,
        message: str,
        path: str,
        *,
        span: Span | None = None,
        table: Table | QualifiedName | str | None = None,
        column: Column | str | None = None,
        subject: str | None = None,
        bytes: int | None = None,
        source_line: str | None = None,
        related: tuple[Span, ...] = (),
        severity: Severity | None = None,
    ) -> Finding:
        """A finding of this rule at its default severity, or ``severity`` where the rule
        knows better for this case (the engine applies the config's overrides).

        ``subject`` defaults to ``table/column`` (or ``table``): the object path of the
        fingerprint; pass it for findings about a constraint (``t/constraint:fk_x``).

        >>> from analyzer.ir import QualifiedName
        >>> r = Rule("C001", "duplicate-column", "schema", Severity.ERROR, "s", what="",
        ...          why="", example="", fix="")
        >>> r.finding("a twice", "t.sql", table=QualifiedName("t", "dbo"), column="a").subject
        'dbo.t/a'
        """
        table_name = table if isinstance(table, str | None) else _table_name(table)
        column_name = column if isinstance(column, str | None) else column.name
        if subject is None:
            subject = "/".join(p for p in (table_name, column_name) if p)
        return Finding(
            self.code,
            self.severity if severity is None else severity,
            message,
            path,
            span,
            table_name,
            column_name,
            subject,
            source_line,
            None,
            bytes,
            "",
            related,
        )


def _table_name(table: Table | QualifiedName) -> str:
    return str(table.name if isinstance(table, Table) else table)


@record
class Report:
    """What a lint run hands the reporters.

    ``findings`` are what is reported (selected, not suppressed, not in the baseline),
    sorted by file, line, column and code; ``rules`` the rules the run had enabled, in
    catalogue order (SARIF's ``tool.driver.rules``); ``files`` every file checked, in
    order (JUnit has a testcase per file); ``root`` the directory paths are reported
    relative to (SARIF's ``%SRCROOT%``).  ``suppressed`` and ``baselined`` count what
    suppressions and the baseline hid; ``fail_on`` is the lowest severity that fails.
    """

    findings: tuple[Finding, ...]
    rules: tuple[Rule, ...]
    files: tuple[str, ...]
    root: str = "."
    suppressed: int = 0
    baselined: int = 0
    fail_on: Severity | None = Severity.WARNING
    tool_version: str = ""

    @property
    def failed(self) -> bool:
        """True when a finding reaches ``fail_on`` (exit status 1)."""
        if self.fail_on is None:
            return False
        floor = SEVERITY_ORDER[self.fail_on]
        return any(SEVERITY_ORDER[f.severity] >= floor for f in self.findings)
