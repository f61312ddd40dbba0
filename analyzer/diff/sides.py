"""The two sides of a diff: a git revision, the working tree, or a directory.

A git revision is read without checking anything out: ``git ls-tree -r -z`` lists its
blobs and one ``git cat-file --batch`` process streams them into a temporary directory,
which the lint workflow then reads like any other (docs/decisions.md D84).  Only files an
``--include`` glob matches and project markers (``ddlaudit.toml``, ``*.sqlproj``: they
decide the scopes) are written.  The working tree is the files ``git ls-files -c -o
--exclude-standard`` lists (tracked and untracked, ``.gitignore`` respected), copied the
same way; a directory is read in place.

Every path a side reports is relative to its root (the repository's top level for git,
the directory given otherwise), so one file has the same name, and its findings the
same fingerprints, on both sides.
"""

from __future__ import annotations

import fnmatch
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Sequence

from analyzer.records import record

#: What a git-revision or working-tree side is called in reports.
WORKING_TREE = "working tree"


class DiffError(Exception):
    """A side cannot be read; ``exit_code`` is the CLI's (2 usage, 3 environment)."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code


@record
class Side:
    """One side of the diff: ``label`` as the user named it, ``root`` the directory its
    files are read from, ``display`` what a reported path is prefixed with (the
    directory argument in two-directory mode, else nothing: paths are repository
    relative), ``temporary`` when ``root`` was made for the run (removed by
    :func:`cleanup`)."""

    label: str
    root: str
    display: str = ""
    temporary: bool = False

    def shown(self, relative: str) -> str:
        """A root-relative path as reports show it (``/`` separators)."""
        rel = relative.replace(os.sep, "/")
        return f"{self.display.rstrip('/')}/{rel}" if self.display else rel


def _git(args: Sequence[str], cwd: str, data: bytes | None = None) -> bytes:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, input=data, capture_output=True, check=False)
    except FileNotFoundError:
        raise DiffError("git is not installed (needed to read revisions)", 3) from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise DiffError(message[-1] if message else f"git {args[0]} failed")
    return done.stdout


def repository(cwd: str) -> str:
    """The top level of the git repository holding ``cwd``; :class:`DiffError` if none."""
    try:
        out = _git(["rev-parse", "--show-toplevel"], cwd)
    except DiffError as err:
        if err.exit_code == 3:
            raise
        raise DiffError(
            f"{os.path.abspath(cwd)} is not in a git repository: give BASE and HEAD as two "
            "directories, or run ddlaudit diff inside the repository"
        ) from None
    return out.decode("utf-8", "surrogateescape").strip()


def resolve(repo: str, revision: str) -> str:
    """The commit ``revision`` names; :class:`DiffError` (exit 2) when it names none."""
    if revision.startswith("-"):
        raise DiffError(f"bad revision {revision!r}: a revision does not start with '-'")
    try:
        out = _git(
            ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{revision}^{{commit}}"], repo
        )
    except DiffError as err:
        if err.exit_code == 3:
            raise
        raise DiffError(
            f"bad revision {revision!r}: no such commit, branch or tag in {repo}"
        ) from None
    return out.decode("ascii").strip()


def wanted(relative: str, include: Sequence[str], limits: Sequence[str]) -> bool:
    """Whether a repository file is written to a side: under a PATH limit, and matched by
    an include glob (as :func:`analyzer.source.discover` matches: the relative path or the
    basename, case-insensitively) or a project marker."""
    from analyzer.scopes import is_marker

    if limits and not any(
        relative == lim or relative.startswith(lim.rstrip("/") + "/") or lim in ("", ".")
        for lim in limits
    ):
        return False
    name = relative.rsplit("/", 1)[-1]
    if is_marker(name):
        return True
    low, base = relative.lower(), name.lower()
    return any(
        fnmatch.fnmatchcase(low, g.lower()) or fnmatch.fnmatchcase(base, g.lower()) for g in include
    )


def _tree(repo: str, commit: str) -> Iterator[tuple[str, str]]:
    """``(blob sha, path)`` of every regular file of ``commit`` (symlinks and submodules
    are not DDL)."""
    out = _git(["ls-tree", "-r", "-z", "--full-tree", commit], repo)
    for entry in out.split(b"\0"):
        if not entry:
            continue
        meta, _, path = entry.partition(b"\t")
        mode, kind, sha = meta.split(b" ")
        if kind == b"blob" and mode in (b"100644", b"100755"):
            yield sha.decode("ascii"), path.decode("utf-8", "surrogateescape")


def _blobs(repo: str, shas: Sequence[str]) -> Iterator[bytes]:
    """The contents of ``shas``, in order, from one ``git cat-file --batch``."""
    if not shas:
        return
    out = _git(["cat-file", "--batch"], repo, ("\n".join(shas) + "\n").encode("ascii"))
    at = 0
    for _ in shas:
        nl = out.index(b"\n", at)
        header = out[at:nl].split(b" ")
        if len(header) != 3:
            raise DiffError(f"git cat-file: unexpected answer {out[at:nl]!r}", 3)
        size = int(header[2])
        yield out[nl + 1 : nl + 1 + size]
        at = nl + 1 + size + 1  # the content is followed by a newline


def _write(root: str, relative: str, data: bytes) -> None:
    target = os.path.join(root, *relative.split("/"))
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as handle:
        handle.write(data)


def revision_side(repo: str, revision: str, include: Sequence[str], limits: Sequence[str]) -> Side:
    """A temporary directory holding ``revision``'s files that :func:`wanted` keeps."""
    commit = resolve(repo, revision)
    listed = [(sha, path) for sha, path in _tree(repo, commit) if wanted(path, include, limits)]
    root = tempfile.mkdtemp(prefix="ddlaudit-diff-")
    try:
        for (_, path), data in zip(listed, _blobs(repo, [s for s, _ in listed]), strict=True):
            _write(root, path, data)
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    return Side(revision, root, temporary=True)


def working_tree_side(repo: str, include: Sequence[str], limits: Sequence[str]) -> Side:
    """A temporary copy of the working tree's tracked and untracked (not ignored) files."""
    out = _git(["ls-files", "-z", "-c", "-o", "--exclude-standard", "--full-name"], repo)
    root = tempfile.mkdtemp(prefix="ddlaudit-diff-")
    try:
        seen: set[str] = set()
        for raw in out.split(b"\0"):
            path = raw.decode("utf-8", "surrogateescape")
            if not path or path in seen or not wanted(path, include, limits):
                continue
            seen.add(path)
            source = os.path.join(repo, *path.split("/"))
            if os.path.isfile(source) and not os.path.islink(source):  # deleted: not there
                with open(source, "rb") as handle:
                    _write(root, path, handle.read())
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    return Side(WORKING_TREE, root, temporary=True)


def directory_side(path: str, label: str | None = None) -> Side:
    """A directory read in place; its reports name files under it as ``label`` (the
    argument as given) names it."""
    shown = (label or path).replace(os.sep, "/")
    return Side(label or path, os.path.abspath(path), display=shown)


def cleanup(sides: Sequence[Side]) -> None:
    for side in sides:
        if side.temporary:
            shutil.rmtree(side.root, ignore_errors=True)


def limits_in(repo: str, paths: Sequence[str], cwd: str) -> tuple[str, ...]:
    """The PATH arguments (relative to ``cwd``) as paths relative to the repository."""
    out = []
    for p in paths:
        rel = os.path.relpath(os.path.abspath(os.path.join(cwd, p)), repo).replace(os.sep, "/")
        if rel == ".." or rel.startswith("../"):
            raise DiffError(f"{p}: outside the repository {repo}")
        out.append("" if rel == "." else rel)
    return tuple(out)


__all__ = [
    "WORKING_TREE",
    "DiffError",
    "Side",
    "cleanup",
    "directory_side",
    "limits_in",
    "repository",
    "resolve",
    "revision_side",
    "wanted",
    "working_tree_side",
]
