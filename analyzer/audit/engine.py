"""The audit of a run's tables for one target: per column, per table, and the summary.

For every table: each column's mapping (:func:`analyzer.audit.mapping.map_column`); the
table sized on its own platform and, for the four sized targets, the *target table* (the
same table with the audited types, read as the target's dialect) through the same sizing
passes and estimator ``ddlaudit size`` runs; the target's limits; the constructs and
replication that do not carry over; the manual actions; and its complexity
(docs/audit.md, "Complexity").
"""

from __future__ import annotations

import typing as t
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from analyzer import passes
from analyzer.audit import constructs as cons
from analyzer.audit import guides
from analyzer.audit import limits as lim
from analyzer.audit.ddl import type_sql
from analyzer.audit.mapping import MAPPINGS, Mapped, TargetSpec, map_column
from analyzer.audit.mappings import SIZED
from analyzer.audit.mappings import spec as make_spec
from analyzer.config import AUDIT_WEIGHTS, AuditSettings
from analyzer.estimators import TableEstimate, estimate_file
from analyzer.ir import (
    Column,
    ConstraintKind,
    FileResult,
    Publication,
    ReplicationDefinition,
    Subscription,
    Table,
    TableOptions,
    evolve,
)
from analyzer.records import record
from analyzer.settings import DIALECT_PLATFORM, SizingSettings
from analyzer.types import read_type

#: The run's replication definitions, subscriptions and publications (of every file).
Objects = tuple[Sequence[ReplicationDefinition], Sequence[Subscription], Sequence[Publication]]

FORMULA = (
    "complexity(table) = table + exact*E + widened*W + lossy*L + unsupported*U "
    "+ limit*X + reserved*R + construct*C + replication*P"
)


@record
class ColumnAudit:
    name: str
    line: int | None
    source_type: str
    target_type: str | None
    mapping: str
    loses: tuple[str, ...]
    reason: str
    #: What the pair's migration guides say of the type and whether the audit agrees, or
    #: why it differs, one sentence per guide (analyzer/audit/guides).
    guide: tuple[str, ...] = ()


@record
class Action:
    object: str
    line: int | None
    action: str
    severity: str


@record
class TableAudit:
    """The audit of one table (the ``tables`` entries of docs/audit-json.md)."""

    table: str
    scope: str
    path: str
    line: int | None
    source_dialect: str
    source_platform: str
    source_row_bytes: int | None
    target_row_bytes: int | None
    target_rows_per_page: int | None
    target_pages: int | None
    complexity: float
    columns: tuple[ColumnAudit, ...]
    limits: tuple[lim.Limit, ...]
    constructs: tuple[cons.Construct, ...]
    replication: tuple[cons.ReplicationLoss, ...]
    actions: tuple[Action, ...]
    #: The source table and its columns' mappings (for ``--emit-ddl``; not in the JSON).
    source: Table | None = None
    mapped: tuple[Mapped, ...] = ()

    @property
    def status(self) -> str:
        """``unsupported``, ``lossy`` or ``clean``: the worst of its columns."""
        classes = {c.mapping for c in self.columns}
        if "unsupported" in classes:
            return "unsupported"
        return "lossy" if "lossy" in classes else "clean"


@record
class AuditReport:
    target: str
    spec: TargetSpec
    sized: bool
    rows: int | None
    paths: tuple[str, ...]
    dialects: tuple[str, ...]
    tables: tuple[TableAudit, ...]
    weights: tuple[tuple[str, float], ...] = AUDIT_WEIGHTS
    #: The identifier policy of the DDL (``--identifiers``: fold or preserve).
    identifiers: str = "fold"

    def counts(self) -> dict[str, int]:
        found = Counter(c.mapping for tb in self.tables for c in tb.columns)
        return {m: found.get(m, 0) for m in MAPPINGS}


def complexity(
    counts: Mapping[str, int], weights: Sequence[tuple[str, float]] = AUDIT_WEIGHTS
) -> float:
    """``table`` plus each weight times its count (:data:`FORMULA`), two decimals.

    >>> complexity({"lossy": 2, "unsupported": 1, "limit": 1})
    10.0
    """
    w = dict(weights)
    total = w.get("table", 0.0) + sum(w.get(k, 0.0) * n for k, n in counts.items())
    return round(total, 2)


# ------------------------------------------------------------------ the target table


def target_table(table: Table, mapped: Sequence[Mapped], spec: TargetSpec) -> Table:
    """``table`` as it would be created on ``spec``'s target: the audited types read in the
    target's grammar, the unsupported columns left out, the source's storage options
    dropped (the target's defaults apply), keys kept (a clustered key sizes an index)."""
    import grammars

    assert spec.grammar is not None
    families = grammars.get(spec.grammar).type_families
    columns: list[Column] = []
    for column, m in zip(table.columns, mapped, strict=True):
        if m.target is None:
            continue
        dt = read_type(m.target.text, families)
        collation: str | None = m.target.collation
        case: bool | None = None
        if spec.name == "teradata" and collation is not None:  # [NOT] CASESPECIFIC
            case = collation.upper() == "CASESPECIFIC"
            collation = None
        columns.append(
            evolve(
                column,
                position=len(columns) + 1,
                type=dt,
                character_set=m.target.charset,
                storage=None,
                sparse=column.sparse and spec.name == "mssql",
                computed=None,
                user_type=None,
                adt=(),
                suppress=False,
                no_split=False,
                compression=None,
                collation=collation,
                case_specific=case,
            )
        )
    kept = {c.name.lower() for c in columns}
    constraints = tuple(
        c
        for c in table.constraints
        if c.kind in (ConstraintKind.PRIMARY_KEY, ConstraintKind.UNIQUE)
        and all(x.lower() in kept for x in c.columns)
    )
    options = TableOptions()
    if spec.name == "ase" and table.dialect == "sybase":
        options = TableOptions(lock_scheme=table.options.lock_scheme)
    return Table(
        table.name,
        spec.grammar,
        tuple(columns),
        constraints,
        (),
        options,
        table.span,
        None,
    )


def _size(
    path: str, dialect: str, tables: Sequence[Table], sizing: SizingSettings
) -> tuple[list[Table], list[TableEstimate | None]]:
    """``tables`` through the sizing passes and their estimator (those with columns)."""
    todo = [tb for tb in tables if tb.columns]
    if not todo:
        return list(tables), [None] * len(tables)
    result = FileResult(path, dialect, None, tables=tuple(todo))
    sized = passes.run(result, passes.SIZING_RULES, sizing=sizing)
    estimates = estimate_file(sized, sizing)
    by_id = {id(tb): i for i, tb in enumerate(todo)}
    out_tables, out_est = [], []
    for tb in tables:
        i = by_id.get(id(tb))
        out_tables.append(sized.tables[i] if i is not None else tb)
        out_est.append(estimates[i] if i is not None and i < len(estimates) else None)
    return out_tables, out_est


# ------------------------------------------------------------------ limits


def _key_bytes(table: Table, columns: Sequence[str]) -> int | None:
    total = 0
    for name in columns:
        c = table.column(name)
        if c is None or c.storage is None:
            return None
        total += c.storage.max_length
    return total


def table_limits(
    source: Table,
    sized: Table | None,
    estimate: TableEstimate | None,
    spec: TargetSpec,
    sizing: SizingSettings,
) -> list[lim.Limit]:
    """The target's limits checked for one table (docs/audit.md, "Limits")."""
    out: list[lim.Limit] = []
    target = spec.name
    if estimate is not None and estimate.row_limit is not None:
        over = estimate.max_row_bytes > estimate.row_limit
    # Reported when over, or within 10% of the limit (a note: little room to widen).
    if (
        estimate is not None
        and estimate.row_limit
        and estimate.max_row_bytes > 0.9 * estimate.row_limit
    ):
        over = estimate.max_row_bytes > estimate.row_limit
        out.append(
            lim.Limit(
                "row size",
                estimate.max_row_bytes,
                estimate.row_limit,
                "bytes",
                over,
                f"row at its declared maximum is {estimate.max_row_bytes:,} bytes on "
                f"{spec.title}; the limit is {estimate.row_limit:,}",
            )
        )
    count = len(sized.columns) if sized is not None else len(source.columns)
    if target in lim.COLUMNS:
        most, cite = lim.COLUMNS[target]
        if target == "mssql" and any(c.sparse for c in source.columns):
            most = lim.MSSQL_SPARSE_COLUMNS
        if count > most or count > most * 0.9:
            out.append(
                lim.Limit(
                    "column count",
                    count,
                    most,
                    "columns",
                    count > most,
                    f"{count} columns; {cite}",
                )
            )
    keyed = sized if sized is not None else None
    if keyed is not None and target in ("mssql", "ase"):
        keys: list[tuple[str, tuple[str, ...], bool]] = []
        for c in keyed.constraints:
            clustered = c.clustered
            if clustered is None:
                clustered = c.kind is ConstraintKind.PRIMARY_KEY
            keys.append((c.name or c.kind.value.replace("_", " "), c.columns, clustered))
        for name, cols, clustered in keys:
            size = _key_bytes(keyed, cols)
            if size is None:
                continue
            if target == "mssql":
                kind = "clustered" if clustered else "nonclustered"
                most = lim.MSSQL_KEY_BYTES[kind]
            else:
                most = lim.ASE_KEY_BYTES.get(sizing.ase.page_size, 600)
                kind = f"{sizing.ase.page_size // 1024}K page"
            if size > most:
                out.append(
                    lim.Limit(
                        "index key length",
                        size,
                        most,
                        "bytes",
                        True,
                        f"key {name} ({', '.join(cols)}) is {size:,} bytes; {spec.title} "
                        f"allows {most:,} ({kind})",
                    )
                )
    if target == "teradata":
        for index in source.indexes:
            if len(index.columns) > lim.TERADATA_INDEX_COLUMNS:
                out.append(
                    lim.Limit(
                        "index columns",
                        len(index.columns),
                        lim.TERADATA_INDEX_COLUMNS,
                        "columns",
                        True,
                        f"index of {len(index.columns)} columns; Teradata allows 64",
                    )
                )
    names = [("table", source.name.name)] + [("column", c.name) for c in source.columns]
    for kind, name in names:
        most, unit, cite = lim.identifier_limit(target, kind)
        size = lim.measure(name, unit)
        if size > most:
            out.append(
                lim.Limit(
                    "identifier length",
                    size,
                    most,
                    unit,
                    True,
                    f"{kind} name {name!r} is {size} {unit}; {cite}",
                )
            )
        if lim.is_reserved_on(target, name):
            out.append(
                lim.Limit(
                    "reserved word",
                    None,
                    None,
                    None,
                    True,
                    f"{kind} name {name!r} is a reserved word on {spec.title}: quote it "
                    "everywhere or rename it",
                )
            )
    return out


def _collisions(table: Table, spec: TargetSpec, identifiers: str) -> list[lim.Limit]:
    """Column names that become one name when folded to the target's unquoted case."""
    from analyzer.audit.ddl import fold

    if identifiers != "fold":
        return []
    seen: dict[str, list[str]] = {}
    for c in table.columns:
        seen.setdefault(fold(c.name, spec.name, identifiers), []).append(c.name)
    return [
        lim.Limit(
            "identifier case",
            len(names),
            1,
            "columns",
            True,
            f"columns {', '.join(repr(n) for n in names)} are all {folded!r} once folded to "
            f"{spec.title}'s unquoted case (--identifiers fold): rename them, or use "
            "--identifiers preserve and quote them everywhere",
        )
        for folded, names in seen.items()
        if len(names) > 1
    ]


# ------------------------------------------------------------------ actions


def _actions(
    table: Table,
    columns: Sequence[ColumnAudit],
    limits: Sequence[lim.Limit],
    constructs: Sequence[cons.Construct],
    replication: Sequence[cons.ReplicationLoss],
    spec: TargetSpec,
    line: int | None,
) -> list[Action]:
    out: list[Action] = []
    name = str(table.name)
    for c in columns:
        where = f"{name}.{c.name}"
        if c.mapping == "unsupported":
            out.append(Action(where, c.line, f"map {c.source_type} by hand: {c.reason}", "error"))
        elif c.mapping == "lossy":
            out.append(
                Action(
                    where,
                    c.line,
                    f"{c.source_type} -> {c.target_type} loses {', '.join(c.loses)}: check "
                    "the data or choose a wider type",
                    "warning",
                )
            )
    for x in limits:
        if x.exceeded:
            sev = "warning" if x.limit == "reserved word" else "error"
            out.append(Action(name, line, x.message, sev))
    for k in constructs:
        out.append(Action(name, k.line, f"{k.construct}: {k.detail}: {k.action}", k.severity))
    for r in replication:
        out.append(Action(name, r.line, f"{r.object}: {r.detail}: {r.action}", "warning"))
    return out


# ------------------------------------------------------------------ the audit


@record
class FileAudit:
    """What one file gives the audit (:meth:`Auditor.file`): its tables' audits, and its
    dialect when it has tables (the report's ``dialects``)."""

    dialect: str | None
    tables: tuple[TableAudit, ...]


@dataclass(slots=True)
class Auditor:
    """The per-file part of :func:`audit`: what the run's settings and its replication
    objects (every file's: a definition in one file may name a table of another) give each
    file's tables.  ``seen`` only caches :func:`map_column` (a pure function of its key)."""

    target: str
    sizing: SizingSettings
    settings: AuditSettings
    objects: Objects = ((), (), ())
    identifiers: str = "fold"
    spec: TargetSpec = field(init=False)
    own: SizingSettings = field(init=False)
    on_target: SizingSettings | None = field(init=False)
    seen: dict[tuple[object, ...], Mapped] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.spec = make_spec(self.target, self.sizing)
        self.own = replace(self.sizing, platform=None)
        platform = self.spec.platform
        self.on_target = replace(self.sizing, platform=platform) if platform else None

    def file(self, result: FileResult, scope: str) -> FileAudit:
        """The audits of ``result``'s tables (after :data:`analyzer.passes.RULES`), in
        their order; ``scope`` names the file's link scope in the report."""
        dialect = result.dialect if result.tables else None
        if not result.tables or result.dialect is None:
            return FileAudit(dialect, ())
        spec, settings = self.spec, self.settings
        default_charset = self.sizing.teradata.default_character_set
        _, source_est = _size(result.path, result.dialect, result.tables, self.own)
        mapped_all = [
            [
                _mapped(_typed(c, tb), tb.dialect, spec, default_charset, self.seen, settings)
                for c in tb.columns
            ]
            for tb in result.tables
        ]
        if self.on_target is not None and spec.grammar is not None:
            targets = [
                target_table(tb, m, spec) for tb, m in zip(result.tables, mapped_all, strict=True)
            ]
            sized_targets, target_est = _size(result.path, spec.grammar, targets, self.on_target)
            sized_list: list[Table | None] = list(sized_targets)
        else:
            target_est = [None] * len(result.tables)
            sized_list = [None] * len(result.tables)
        return FileAudit(
            dialect,
            tuple(
                _table_audit(
                    tb,
                    mapped_all[i],
                    result.path,
                    scope,
                    spec,
                    self.sizing,
                    source_est[i],
                    sized_list[i],
                    target_est[i],
                    settings,
                    self.objects,
                    self.identifiers,
                )
                for i, tb in enumerate(result.tables)
            ),
        )

    def report(self, files: Iterable[FileAudit], paths: Sequence[str] = ()) -> AuditReport:
        """The report of the run's files (:meth:`file` of each, in the run's order)."""
        tables: list[TableAudit] = []
        dialects: set[str] = set()
        for done in files:
            tables.extend(done.tables)
            if done.dialect:
                dialects.add(done.dialect)
        tables.sort(key=lambda x: (x.path, x.line or 0, x.table))
        return AuditReport(
            self.target,
            self.spec,
            self.target in SIZED,
            self.sizing.rows,
            tuple(paths),
            tuple(sorted(dialects)),
            tuple(tables),
            self.settings.weights,
            self.identifiers,
        )


def audit(
    results: Sequence[FileResult],
    target: str,
    sizing: SizingSettings,
    settings: AuditSettings | None = None,
    scopes: Mapping[str, str] | None = None,
    paths: Sequence[str] = (),
    identifiers: str = "fold",
) -> AuditReport:
    """Audit every table of ``results`` (after :data:`analyzer.passes.RULES`) for ``target``.

    ``sizing`` is the run's ``[size]`` settings (``rows``, fill, averages, page sizes);
    the source tables are sized on their own platforms, the target tables on the target.
    The run's replication objects are every file's (:func:`analyzer.audit.constructs.
    scope_objects`); each file is then audited on its own (:meth:`Auditor.file`, what
    ``audit --jobs`` runs in its workers) and the report assembled (:meth:`Auditor.report`).
    """
    repdefs, subs, pubs = cons.scope_objects(results)
    auditor = Auditor(
        target, sizing, settings or AuditSettings(), (repdefs, subs, pubs), identifiers
    )
    found = (auditor.file(r, (scopes or {}).get(r.path, r.path)) for r in results)
    return auditor.report(found, paths)


def _mapped(
    column: Column,
    dialect: str,
    spec: TargetSpec,
    charset: str,
    seen: dict[tuple[object, ...], Mapped],
    settings: AuditSettings | None = None,
) -> Mapped:
    """:func:`map_column`, once per distinct (dialect, type, what else it reads)."""
    key = (
        dialect,
        column.type,
        column.character_set,
        column.nullable,
        column.collation,
        column.case_specific,
    )
    found = seen.get(key)
    if found is None:
        found = seen[key] = map_column(column, dialect, spec, charset, settings)
    return found


def source_type(column: Column) -> str:
    """The column's type as declared, with its ``CHARACTER SET`` and ``COLLATE`` (two
    Teradata CHAR(20) columns of LATIN and UNICODE are different types).

    >>> from analyzer.ir import DataType
    >>> c = Column("c", 1, DataType("CHAR(20)", "CHAR", "char", 20), True, True,
    ...            character_set="UNICODE")
    >>> source_type(c)
    'CHAR(20) CHARACTER SET UNICODE'
    """
    text = column.type.declared or "(computed)"
    if column.character_set:
        text += f" CHARACTER SET {column.character_set}"
    if column.case_specific is not None:
        text += " CASESPECIFIC" if column.case_specific else " NOT CASESPECIFIC"
    if column.collation:
        text += f" COLLATE {column.collation}"
    return text


def _typed(column: Column, table: Table) -> Column:
    """A persisted computed column without a declared type, with the type its values have
    where it can be inferred (:mod:`analyzer.audit.computed`), else the column itself."""
    if column.computed is None or column.type.declared:
        return column
    from analyzer.audit.computed import infer

    written = infer(column, table)
    if written is None:
        return column
    import grammars

    families = grammars.get(table.dialect).type_families
    return evolve(column, type=read_type(written, families))


def _type_only(spec: TargetSpec, m: Mapped) -> str | None:
    """The target type as written, without the collation (what a guide row compares)."""
    if m.target is None:
        return None
    return type_sql(spec, replace(m.target, collation=None))


def _column_line(column: Column) -> int | None:
    return column.span.line if column.span is not None else None


def _table_audit(
    tb: Table,
    mapped: Sequence[Mapped],
    path: str,
    scope: str,
    spec: TargetSpec,
    sizing: SizingSettings,
    source_est: TableEstimate | None,
    sized: Table | None,
    target_est: TableEstimate | None,
    settings: AuditSettings,
    objects: Objects,
    identifiers: str = "fold",
) -> TableAudit:
    line = tb.span.line if tb.span is not None else None
    columns = []
    for column, m in zip(tb.columns, mapped, strict=True):
        if column.computed is not None and not column.type.declared and m.target is not None:
            m = replace(
                m,
                reason=f"{m.reason}; computed AS ({column.computed.expression}) PERSISTED: "
                "its stored values migrate as data; recreate the expression as a "
                f"{spec.title} generated column",
            )
        elif column.computed is not None and not column.type.declared:
            m = Mapped(
                "unsupported",
                None,
                ("type",),
                "computed column without a declared type: rewrite the expression "
                f"({column.computed.expression}) as a {spec.title} generated column or view",
            )
        written = type_sql(spec, m.target) if m.target is not None else None
        columns.append(
            ColumnAudit(
                column.name,
                _column_line(column),
                source_type(column),
                written,
                m.mapping,
                m.loses,
                m.reason,
                guides.verdict(column, tb.dialect, spec.name, _type_only(spec, m)),
            )
        )
    limits = table_limits(tb, sized, target_est, spec, sizing)
    limits += _collisions(tb, spec, identifiers)
    found = cons.constructs(tb, mapped, spec)
    repl = cons.replication(tb, path, spec, *objects)
    actions = _actions(tb, columns, limits, found, repl, spec, line)
    counts = Counter(c.mapping for c in columns)
    counts_all: dict[str, int] = dict(counts)
    counts_all["limit"] = sum(1 for x in limits if x.exceeded and x.limit != "reserved word")
    counts_all["reserved"] = sum(1 for x in limits if x.limit == "reserved word")
    counts_all["construct"] = len(found)
    counts_all["replication"] = len(repl)
    return TableAudit(
        str(tb.name),
        scope,
        path,
        line,
        tb.dialect,
        DIALECT_PLATFORM.get(tb.dialect, tb.dialect),
        source_est.row_bytes if source_est is not None else None,
        target_est.row_bytes if target_est is not None else None,
        target_est.rows_per_page if target_est is not None else None,
        target_est.pages if target_est is not None else None,
        complexity(counts_all, settings.weights),
        tuple(columns),
        tuple(limits),
        tuple(found),
        tuple(repl),
        tuple(actions),
        tb,
        tuple(mapped),
    )


# ------------------------------------------------------------------ the document


def document(report: AuditReport, version: str) -> dict[str, t.Any]:
    """The JSON document of docs/audit-json.md (keys always present)."""
    counts = report.counts()
    statuses = Counter(tb.status for tb in report.tables)
    total = round(sum(tb.complexity for tb in report.tables), 2)
    n = len(report.tables)
    weights = ", ".join(f"{k}={v:g}" for k, v in report.weights)
    return {
        "schema_version": "1.1",
        "tool": {"name": "ddlaudit", "version": version},
        "source": {"paths": list(report.paths), "dialects": list(report.dialects)},
        "target": report.target,
        "identifiers": report.identifiers,
        "sized": report.sized,
        "rows": report.rows,
        "summary": {
            "tables": n,
            "columns": sum(len(tb.columns) for tb in report.tables),
            "by_mapping": counts,
            "by_object": {
                "tables": {k: statuses.get(k, 0) for k in ("clean", "lossy", "unsupported")}
            },
            "limits_exceeded": sum(1 for tb in report.tables for x in tb.limits if x.exceeded),
            "constructs": sum(len(tb.constructs) for tb in report.tables),
            "manual_actions": sum(len(tb.actions) for tb in report.tables),
            "complexity": {
                "total": total,
                "per_table_mean": round(total / n, 2) if n else 0.0,
                "formula": f"{FORMULA} (weights: {weights})",
            },
        },
        "tables": [_table_dict(tb) for tb in report.tables],
    }


def _table_dict(tb: TableAudit) -> dict[str, t.Any]:
    return {
        "table": tb.table,
        "scope": tb.scope,
        "path": tb.path,
        "line": tb.line,
        "source_dialect": tb.source_dialect,
        "source_platform": tb.source_platform,
        "source_row_bytes": tb.source_row_bytes,
        "target_row_bytes": tb.target_row_bytes,
        "target_rows_per_page": tb.target_rows_per_page,
        "target_pages": tb.target_pages,
        "complexity": tb.complexity,
        "columns": [
            {
                "name": c.name,
                "line": c.line,
                "source_type": c.source_type,
                "target_type": c.target_type,
                "mapping": c.mapping,
                "loses": list(c.loses),
                "reason": c.reason,
                "guide": list(c.guide),
            }
            for c in tb.columns
        ],
        "limits": [
            {
                "limit": x.limit,
                "value": x.value,
                "maximum": x.maximum,
                "unit": x.unit,
                "exceeded": x.exceeded,
                "message": x.message,
            }
            for x in tb.limits
        ],
        "constructs": [
            {"construct": k.construct, "line": k.line, "detail": k.detail, "action": k.action}
            for k in tb.constructs
        ],
        "replication": [
            {"object": r.object, "detail": r.detail, "action": r.action} for r in tb.replication
        ],
        "actions": [
            {"object": a.object, "line": a.line, "action": a.action, "severity": a.severity}
            for a in tb.actions
        ],
    }
