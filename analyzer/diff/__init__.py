"""``ddlaudit diff BASE [HEAD] [PATH...]``: what a change does to a legacy schema.

Two versions of a repository (git revisions, the working tree, or two directories) are
linted with the lint's workflow, their schemas compared scope by scope (tables added,
dropped, probably renamed, changed), every changed table sized before and after, the
change-safety rules (family ``M``) checked, and the lint's findings compared by
fingerprint (docs/diff.md, docs/diff-json.md).

:func:`diff` is the one entry point; the modules load on first use:
:mod:`~analyzer.diff.sides` (reading the sides), :mod:`~analyzer.diff.replay` (migration
statements), :mod:`~analyzer.diff.model` and :mod:`~analyzer.diff.schema` (what the M
rules read), :mod:`~analyzer.diff.run` (the run).
"""

from __future__ import annotations

import os
import typing as t
from collections.abc import Sequence

if t.TYPE_CHECKING:
    from analyzer.core import Options
    from analyzer.diff.model import DiffResult
    from analyzer.rules.selection import Selection
    from analyzer.settings import SizingSettings


def diff(
    base: str,
    head: str | None,
    paths: Sequence[str] = (),
    *,
    selection: Selection,
    options: Options | None = None,
    sizing: SizingSettings | None = None,
    platforms: Sequence[str] = (),
    rename_similarity: float | None = None,
    tool_version: str = "",
    cwd: str | None = None,
) -> DiffResult:
    """Diff ``base`` and ``head``: two directories when both are, else git revisions of
    the repository holding ``cwd`` (``head`` None: its working tree); ``paths`` (relative
    to ``cwd``) limit both sides to a subtree.  Raises
    :class:`~analyzer.diff.sides.DiffError` when a side cannot be read."""
    from analyzer.core import Options
    from analyzer.diff import sides
    from analyzer.diff.run import run_diff
    from analyzer.diff.schema import RENAME_SIMILARITY

    cwd = os.path.abspath(cwd or os.getcwd())
    options = options or Options()
    include = options.config.include
    made: list[sides.Side] = []
    try:
        if (
            head is not None
            and os.path.isdir(os.path.join(cwd, base))
            and os.path.isdir(os.path.join(cwd, head))
        ):
            old = sides.directory_side(os.path.join(cwd, base), base)
            new = sides.directory_side(os.path.join(cwd, head), head)
            limits = tuple(p.replace(os.sep, "/").strip("/") for p in paths)
            root = cwd
        else:
            repo = sides.repository(cwd)
            limits = sides.limits_in(repo, paths, cwd)
            root = repo
            old = sides.revision_side(repo, base, include, limits)
            made.append(old)
            if head is None:
                new = sides.working_tree_side(repo, include, limits)
            else:
                new = sides.revision_side(repo, head, include, limits)
            made.append(new)
        return run_diff(
            old,
            new,
            limits=limits,
            options=options,
            sizing=sizing,
            selection=selection,
            platforms=platforms,
            rename_similarity=RENAME_SIMILARITY if rename_similarity is None else rename_similarity,
            tool_version=tool_version,
            root=root,
        )
    finally:
        sides.cleanup(made)


__all__ = ["diff"]
