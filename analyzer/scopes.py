"""Link scopes: which files of a run form one database (docs/decisions.md, D77).

Tables, alias types, keys, table changes and replication objects link only inside their
scope, and the scope rules (duplicate tables, foreign keys, the graph) see one scope at a
time.  A file's scope is, in this order:

1. the name the first matching ``[scopes]`` glob of the config gives it
   (``"envs/prod/**" = "prod"``; globs as ``[dialects]`` matches them);
2. else the nearest directory above it, at or below the PATH argument it was found under,
   that holds a project marker (``ddlaudit.toml``, ``.ddlaudit.toml`` or a ``*.sqlproj``
   file), named by its path as the walk reaches it (``repo/db1``);
3. else the run's scope: every file the PATH arguments list outside a marked directory is
   one database (``ddlaudit lint a.sql b.sql``, what a CI step or ``git diff --name-only |
   xargs`` passes, links a.sql and b.sql), named by the arguments' common directory as
   given (``.`` when they share none), or by the one argument (D167);
4. standard input (``-``) is its own scope, ``-``.

Every command lists its input through :func:`assign`: ``parse``, ``size`` and
``replication`` (``analyzer.core.analyze_paths``), ``lint``, ``graph`` and ``scan``.

>>> import os, tempfile
>>> root = tempfile.mkdtemp()
>>> for rel in ("db1/ddlaudit.toml", "db1/t.sql", "db1/sub/u.sql", "loose.sql"):
...     path = os.path.join(root, *rel.split("/"))
...     os.makedirs(os.path.dirname(path), exist_ok=True)
...     open(path, "w").close()
>>> listed, _ = assign([root, "-"])
>>> [(os.path.relpath(f, root), os.path.relpath(s, root)) for f, s in listed[:-1]]
[('db1/sub/u.sql', 'db1'), ('db1/t.sql', 'db1'), ('loose.sql', '.')]
>>> listed[-1]
('<stdin>', '-')
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from analyzer.config import Config
from analyzer.ir import Diagnostic
from analyzer.source import discover

#: Files whose presence makes their directory one database (a project).
MARKERS = frozenset({"ddlaudit.toml", ".ddlaudit.toml"})
#: A file name ending that is a project marker too (an SSDT / Visual Studio database project).
MARKER_SUFFIX = ".sqlproj"
#: The scope of standard input.
STDIN_SCOPE = "-"
STDIN_PATH = "<stdin>"


def is_marker(name: str) -> bool:
    """Whether a file called ``name`` marks its directory as a project (one scope).

    >>> is_marker("ddlaudit.toml"), is_marker("Sales.SQLPROJ"), is_marker("pyproject.toml")
    (True, True, False)
    """
    return name in MARKERS or name.lower().endswith(MARKER_SUFFIX)


class Markers:
    """``directory -> holds a project marker?``, one listing per directory, cached."""

    def __init__(self) -> None:
        self._seen: dict[str, bool] = {}

    def __call__(self, directory: str) -> bool:
        found = self._seen.get(directory)
        if found is None:
            try:
                names = os.listdir(directory or ".")
            except OSError:
                names = []
            found = any(is_marker(n) for n in names)
            self._seen[directory] = found
        return found


def marked_scope(path: str, argument: str, markers: Callable[[str], bool]) -> str | None:
    """The nearest directory holding a project marker above ``path`` (a file found under
    the directory ``argument``), at or below ``argument``; None when there is none.

    The argument itself is named as given; a directory below it as the walk joins it.
    """
    parts = os.path.relpath(path, argument).split(os.sep)[:-1]
    if os.pardir not in parts:  # a file outside the argument has no marked scope in it
        for depth in range(len(parts), 0, -1):
            directory = os.path.join(argument, *parts[:depth])
            if markers(directory):
                return directory
        if markers(argument):
            return argument
    return None


def run_scope(paths: Sequence[str]) -> str:
    """The name of the scope of a run's unmarked files: the one PATH argument, else the
    arguments' common directory as given (``.`` when they share none).

    >>> run_scope(["db/"]), run_scope(["db/a.sql", "db/b.sql"]), run_scope(["a.sql", "b.sql"])
    ('db/', 'db', '.')
    """
    named = [p for p in paths if p != STDIN_SCOPE]
    if len(set(named)) <= 1:
        return named[0] if named else STDIN_SCOPE
    try:
        common = os.path.commonpath(named)
    except ValueError:  # absolute and relative paths mixed, or two drives
        common = ""
    if common in named and not os.path.isdir(common):
        common = os.path.dirname(common)  # one file named twice
    return common or os.curdir


def scope_of(
    path: str,
    argument: str,
    config: Config | None = None,
    markers: Callable[[str], bool] | None = None,
    default: str | None = None,
) -> str:
    """The scope of ``path``, a file found under the PATH argument ``argument``: the one
    function every command asks (the rules are in the module docstring).  ``markers``
    caches the directories' listings across calls; ``default`` is the run's scope
    (:func:`run_scope`), ``argument`` when not given."""
    if argument == STDIN_SCOPE or path == STDIN_PATH:
        return STDIN_SCOPE
    if config is not None:
        named = config.scope_for(path)
        if named is not None:
            return named
    if path != argument and os.path.isdir(argument):
        found = marked_scope(path, argument, markers or Markers())
        if found is not None:
            return found
    return argument if default is None else default


def assign(
    paths: Sequence[str],
    config: Config | None = None,
    include: Sequence[str] | None = None,
    exclude: Sequence[str] | None = None,
) -> tuple[list[tuple[str, str]], tuple[Diagnostic, ...]]:
    """``(file, scope)`` for every file under ``paths`` in listing order (a file listed
    under two arguments belongs to the first), and the discovery diagnostics; ``-`` is
    ``(<stdin>, -)`` where it stands.  ``include`` / ``exclude`` default to the config's."""
    config = config if config is not None else Config()
    include = tuple(include) if include is not None else config.include
    exclude = tuple(exclude) if exclude is not None else config.exclude
    markers = Markers()
    default = run_scope(paths)
    out: list[tuple[str, str]] = []
    diags: list[Diagnostic] = []
    seen: set[str] = set()
    for argument in paths:
        if argument == STDIN_SCOPE:
            out.append((STDIN_PATH, STDIN_SCOPE))
            continue
        files, found = discover([argument], include, exclude)
        diags.extend(found)
        for f in files:
            key = os.path.normcase(os.path.abspath(f))
            if key not in seen:
                seen.add(key)
                out.append((f, scope_of(f, argument, config, markers, default)))
    return out, tuple(diags)


__all__ = [
    "MARKERS",
    "MARKER_SUFFIX",
    "STDIN_PATH",
    "STDIN_SCOPE",
    "Markers",
    "assign",
    "is_marker",
    "marked_scope",
    "run_scope",
    "scope_of",
]
