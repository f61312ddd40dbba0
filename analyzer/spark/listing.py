"""The files a scan reads, chosen on the driver, and how its tasks name and place them.

:func:`list_inputs` selects the files with the same discovery, include and exclude globs and
scopes as ``ddlaudit lint`` (D77) into a :class:`Listing`: the local files Spark reads, those
the driver settles itself (:func:`settle_on_driver`: empty, unreadable or over
:data:`MAX_FILE_BYTES`), the remote roots Spark lists, and each file's scope and order.
:class:`LocalNames`, :class:`Places`, :class:`RemoteSelection` and :class:`RemotePlace` travel
to the tasks and map what Spark delivers back to a reported path and its scope.

>>> local_path("file:///data/x.sql"), local_path("hdfs://nn/ddl"), local_path("ddl/x.sql")
('/data/x.sql', None, 'ddl/x.sql')
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import Any

from analyzer import workflow
from analyzer.config import Config
from analyzer.core import Options
from analyzer.ir import FileResult
from analyzer.records import record
from analyzer.rules.registry import Rule
from analyzer.scopes import scope_of
from analyzer.source import _matches
from analyzer.spark import worker

#: Larger files are not handed to Spark (``binaryFile`` fails the whole job
#: above 2 GiB); they get a D005 diagnostic instead.  No DDL script is this big.
MAX_FILE_BYTES = worker.MAX_FILE_BYTES


_URI = worker.URI


@record
class Listing:
    """The driver's view of the input before Spark reads it."""

    #: (absolute path, reported path) of every selected local file Spark reads.
    local: tuple[tuple[str, str], ...]
    #: Selected local files settled on the driver: (absolute path, reported path, size).
    settle: tuple[tuple[str, str, int | None], ...]
    #: Non-local roots (``hdfs://``, ``s3a://`` ...) Spark lists itself.
    remote: tuple[str, ...]
    #: Results for problems found while listing (a path that does not exist ...).
    problems: tuple[FileResult, ...]
    #: (reported path, scope) of every selected local file, in listing order: its scope as
    #: ``lint`` decides it (:func:`analyzer.workflow.scopes`, D77).
    scopes: tuple[tuple[str, str], ...] = ()
    #: (reported path, bytes) of the files of ``local``, as listed (how scopes are packed).
    sizes: tuple[tuple[str, int], ...] = ()

    def places(self) -> dict[str, tuple[str, int]]:
        """Reported path -> (scope, order in the listing)."""
        return {shown: (scope, i) for i, (shown, scope) in enumerate(self.scopes)}


def local_path(path: str) -> str | None:
    """``path`` as a local filesystem path, or None for a non-local URI."""
    if path.startswith("file:"):
        return re.sub(r"^file:(//)?", "", path) or "/"
    return None if _URI.match(path) else path


def list_inputs(
    paths: Sequence[str],
    include: Sequence[str],
    exclude: Sequence[str],
    config: Config | None = None,
) -> Listing:
    """Select the files to scan (local ones through the same discovery and scopes as
    ``lint``, with ``config``'s ``[scopes]``; ``-`` is not read: a scan has no standard
    input)."""
    local_roots = [p for p in (local_path(p) for p in paths) if p is not None and p != "-"]
    remote = tuple(p for p in paths if local_path(p) is None)
    found, found_diags = (
        workflow.scopes(local_roots, tuple(include), tuple(exclude), config)
        if local_roots
        else ([], ())
    )
    local: list[tuple[str, str]] = []
    sizes: list[tuple[str, int]] = []
    settle: list[tuple[str, str, int | None]] = []
    for shown, _ in found:
        absolute = os.path.abspath(shown)
        try:
            size: int | None = os.stat(absolute).st_size
        except OSError:
            size = None
        if size is None or size == 0 or size > MAX_FILE_BYTES:
            settle.append((absolute, shown, size))
        else:
            local.append((absolute, shown))
            sizes.append((shown, size))
    problems = tuple(
        FileResult(d.span.file if d.span is not None else "<input>", None, None, diagnostics=(d,))
        for d in found_diags
    )
    return Listing(tuple(local), tuple(settle), remote, problems, tuple(found), tuple(sizes))


@record
class LocalNames:
    """Maps Spark's ``file:`` URI of a listed file back to the path it is reported as.

    A URI that maps to nothing (Hadoop spelt the path differently) gives None:
    the task skips the file and the driver settles it, rather than report it twice.
    """

    names: Any  # a Broadcast of {absolute path: reported path}

    def __call__(self, uri: str) -> str | None:
        shown = self.names.value.get(local_path(uri) or uri)
        return None if shown is None else str(shown)


@record
class Places:
    """Maps a listed file's reported path to its scope and order (a Broadcast of
    :meth:`Listing.places`); an unknown path has no scope."""

    places: Any

    def __call__(self, shown: str) -> tuple[str, int]:
        scope, order = self.places.value.get(shown, ("", 0))
        return str(scope), int(order)


@record
class RemoteSelection:
    """Include/exclude globs applied in the tasks to files Spark listed under ``root``."""

    root: str
    include: tuple[str, ...]
    exclude: tuple[str, ...]

    def __call__(self, uri: str) -> str | None:
        root = self.root.rstrip("/")
        if uri == root:
            return uri  # a file named explicitly is always scanned
        rel = uri[len(root) :].lstrip("/") if uri.startswith(root) else uri
        if _matches(rel, self.include) and not _matches(rel, self.exclude):
            return uri
        return None


@record
class RemotePlace:
    """The scope of a file listed under a remote root: a ``[scopes]`` glob's, else the
    root (markers are not looked for there); ``order`` puts the root's files after the
    local ones (sorted by path among themselves)."""

    root: str
    order: int
    config: Config | None = None

    def __call__(self, uri: str) -> tuple[str, int]:
        return scope_of(uri, self.root, self.config), self.order


def settle_on_driver(
    absolute: str,
    shown: str,
    size: int | None,
    options: Options,
    place: tuple[str, int] = ("", 0),
    rules: Sequence[Rule] = (),
) -> worker.Analysed:
    """Phase 1 for a file Spark did not deliver: read it here, or say why not."""
    return worker.read_and_analyse(absolute, shown, size, options, place, rules)
