"""The audit's targets: one module per target with its type catalogue and, per source
dialect, the migration guide the pair follows (docs/audit.md has the tables).

Each module defines ``spec(sizing) -> TargetSpec``: the catalogue can depend on the
sizing settings (ASE's longest char column depends on the page size and locking scheme,
Teradata's character set default on ``[size.teradata]``).

>>> TARGETS
('mssql', 'ase', 'teradata', 'hirdb', 'postgres', 'snowflake', 'bigquery')
>>> spec("postgres").dialect
'postgres'
"""

from __future__ import annotations

import importlib

from analyzer.audit import SIZED, TARGETS
from analyzer.audit.mapping import TargetSpec
from analyzer.settings import SizingSettings

__all__ = ["SIZED", "TARGETS", "spec"]


def spec(target: str, sizing: SizingSettings | None = None) -> TargetSpec:
    """The :class:`TargetSpec` of ``target`` under ``sizing`` (default settings if None)."""
    if target not in TARGETS:
        raise ValueError(f"unknown target {target!r}; expected one of {', '.join(TARGETS)}")
    module = importlib.import_module(f"analyzer.audit.mappings.{target}")
    made: TargetSpec = module.spec(sizing or SizingSettings())
    return made
