"""``ddlaudit lsp``: a Language Server for DDL files in editors (docs/editors.md).

:mod:`analyzer.lsp.project` keeps a workspace's lint between edits, through the phases of
:mod:`analyzer.workflow`; :mod:`analyzer.lsp.hover` and :mod:`analyzer.lsp.actions` make
the hover text and the quick fixes; :mod:`analyzer.lsp.positions` converts offsets to the
protocol's positions; :mod:`analyzer.lsp.server` is the pygls server, the only module that
needs the ``lsp`` extra (pygls, lsprotocol).

>>> INSTALL_HINT.startswith("ddlaudit lsp needs pygls")
True
"""

from __future__ import annotations

#: What ``ddlaudit lsp`` prints when the ``lsp`` extra is not installed.
INSTALL_HINT = "ddlaudit lsp needs pygls: pip install 'ddlaudit[lsp]'"


def available() -> bool:
    """Whether the ``lsp`` extra (pygls and lsprotocol) can be imported."""
    import importlib.util

    return all(importlib.util.find_spec(name) is not None for name in ("pygls", "lsprotocol"))


__all__ = ["INSTALL_HINT", "available"]
