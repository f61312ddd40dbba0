"""The pre-migration audit (``ddlaudit audit --to TARGET``): docs/audit.md.

:func:`audit` audits every table of a run for one target: each column's mapping class
(exact, widened, lossy, unsupported) from the per-target catalogues in
``analyzer/audit/mappings/``, the target row size and pages from the target's own
estimator, its limits, the constructs and replication that do not carry over, the manual
actions and a complexity score; :func:`document` is its JSON (docs/audit-json.md).

Importing this package is cheap (the CLI lists :data:`TARGETS` at start-up); the engine
loads on the first call.

>>> TARGETS[:4] == tuple(sorted(SIZED, key=TARGETS.index))
True
"""

from __future__ import annotations

import typing as t

if t.TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from analyzer.audit.engine import AuditReport
    from analyzer.config import AuditSettings
    from analyzer.ir import FileResult
    from analyzer.settings import SizingSettings

#: Every target ``ddlaudit audit --to`` accepts: the four sized platforms, then the three
#: without page sizing.
TARGETS: tuple[str, ...] = (
    "mssql",
    "ase",
    "teradata",
    "hirdb",
    "postgres",
    "snowflake",
    "bigquery",
)

#: Targets the estimators size (rows per page, pages).
SIZED: frozenset[str] = frozenset({"mssql", "ase", "teradata", "hirdb"})


def audit(
    results: Sequence[FileResult],
    target: str,
    sizing: SizingSettings,
    settings: AuditSettings | None = None,
    scopes: Mapping[str, str] | None = None,
    paths: Sequence[str] = (),
    identifiers: str = "fold",
) -> AuditReport:
    """Audit every table of ``results`` for ``target`` (:func:`analyzer.audit.engine.audit`)."""
    from analyzer.audit.engine import audit as run

    return run(results, target, sizing, settings, scopes, paths, identifiers)


def document(report: AuditReport, version: str) -> dict[str, t.Any]:
    """The JSON document of ``report`` (docs/audit-json.md)."""
    from analyzer.audit.engine import document as make

    return make(report, version)


__all__ = ["SIZED", "TARGETS", "audit", "document"]
