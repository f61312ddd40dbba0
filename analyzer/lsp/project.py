"""The language server's view of a workspace: its config, its scopes, and every file's
lint findings, kept between edits.

One edit re-runs only what it can change, through the lint's own phases
(:mod:`analyzer.workflow`): the edited file's phase 1 (:func:`~analyzer.workflow.prepare`:
parse, source rules, suppression comments), where only the statements whose text changed
are parsed again (:class:`analyzer.parse.TreeMemo`, D153); the scope's links (alias types,
replication context) from every member's phase 1 result; phase 2
(:func:`~analyzer.workflow.check_file`) for the edited file, and for the others only when
the links changed; then the scope step (:func:`~analyzer.workflow.scope_findings`) and
:func:`~analyzer.workflow.finish_findings` (selection, severities, suppressions) as
``ddlaudit lint`` runs them.  A scope's members are its files on disk
(:func:`analyzer.workflow.scopes`: ``[scopes]`` globs, project markers, the workspace root)
with each open buffer's text in place of its file's.

Phase 2 is the lint's (:data:`analyzer.workflow.LINT`): its passes, estimates and rules;
the estimates are kept for the hover (:mod:`analyzer.lsp.hover`).

>>> import os, tempfile
>>> root = tempfile.mkdtemp()
>>> project = Project(root)
>>> path = os.path.join(root, "t.sql")
>>> project.open(path, "CREATE TABLE dbo.t (id int NOT NULL PRIMARY KEY, a int, a int)\\nGO\\n")
>>> [f.code for f in project.findings(path)[path]]
['C001']
>>> project.open(path, "CREATE TABLE dbo.t (id int NOT NULL PRIMARY KEY, a int, b int)\\nGO\\n")
>>> project.findings(path)[path]
()
"""

from __future__ import annotations

import os
import typing as t

from analyzer.config import Config, ConfigError, load
from analyzer.core import Options
from analyzer.ir import FileResult
from analyzer.parse import TreeMemo
from analyzer.passes.data_length import StorageMemo
from analyzer.passes.link_context import ARTICLE_CALLS
from analyzer.rules.engine import Rules
from analyzer.rules.registry import Finding
from analyzer.rules.selection import Selection, SelectionError, resolve
from analyzer.scopes import scope_of
from analyzer.source import DecodeResult, SourceText, decode
from analyzer.workflow import (
    LINT,
    Checked,
    Prepared,
    check_file,
    finish_findings,
    load_workload,
    path_reporter,
    prepare,
    read,
    replication_enabled,
    scope_findings,
    scope_links_of,
    scopes,
    workload_findings,
)

if t.TYPE_CHECKING:
    from analyzer.passes.link_replication import ScopeLinks


class Project:
    """A workspace: ``root`` (None: no folder open, every file its own scope) and the
    config found from it upwards (``ddlaudit.toml``, ``.ddlaudit.toml``, ``pyproject.toml``).

    A config that does not load is reported by :attr:`problem` and the defaults apply.
    """

    def __init__(self, root: str | None, config: Config | None = None) -> None:
        self.root = os.path.abspath(root) if root else None
        self.problem: str | None = None
        if config is None:
            try:
                config = load(None, start=self.root or ".")
            except ConfigError as err:
                self.problem, config = str(err), Config()
        self.config = config
        try:
            self.selection: Selection = resolve(config.lint)
        except SelectionError as err:
            self.problem = str(err)
            self.selection = resolve(Config().lint)
        self.options = Options(config=config)
        self.sizing = config.sizing
        self.rules = Rules.of(self.selection.enabled_rules)
        self.replicating = replication_enabled(self.selection)
        self.workload, self.workload_problems = load_workload(config.lint.workload)
        self.memo = StorageMemo(self.sizing)
        self.relative = path_reporter(self.root or os.getcwd())
        #: open documents: path -> text
        self.buffers: dict[str, str] = {}
        self._listed: dict[str, str] | None = None
        #: path -> (what it was made from: the buffer's text or the file's stat, phase 1)
        self._prepared: dict[str, tuple[object, Prepared]] = {}
        self._texts: dict[str, str] = {}
        #: path -> its statements' trees, parsed again only where an edit changed them
        self._memos: dict[str, TreeMemo] = {}
        #: path -> (the phase 1 result and links it was checked with, phase 2)
        self._checked: dict[str, tuple[Prepared, ScopeLinks, Checked]] = {}
        #: scope -> the links its files were last checked with
        self._links: dict[str, ScopeLinks] = {}

    # ------------------------------------------------------------------ documents

    def open(self, path: str, text: str) -> None:
        """Open (or change) a document: its text replaces its file's in its scope."""
        self.buffers[os.path.abspath(path)] = text

    def close(self, path: str) -> None:
        """Close a document: its file on disk (if any) is read again."""
        path = os.path.abspath(path)
        self.buffers.pop(path, None)
        self._prepared.pop(path, None)
        self._checked.pop(path, None)
        self._memos.pop(path, None)

    def relist(self) -> None:
        """Forget the listing of the workspace's files (a file was saved, made or removed)."""
        self._listed = None

    # ------------------------------------------------------------------ scopes

    def listed(self) -> dict[str, str]:
        """``path -> scope`` of every file under the root, in listing order."""
        if self._listed is None:
            self._listed = {}
            if self.root is not None:
                config = self.config
                found, _ = scopes([self.root], config.include, config.exclude, config)
                self._listed = {os.path.abspath(p): s for p, s in found}
        return self._listed

    def scope(self, path: str) -> str:
        """The scope of ``path``: as listed, else as a file found under the root would be,
        else (outside the root, no root) the file alone."""
        path = os.path.abspath(path)
        found = self.listed().get(path)
        if found is not None:
            return found
        if self.root is not None and _under(path, self.root):
            return scope_of(path, self.root, self.config)
        return path

    def members(self, scope: str) -> list[str]:
        """The files of ``scope``: its listed files, then its open documents not listed."""
        listed = self.listed()
        out = [p for p, s in listed.items() if s == scope]
        out += [p for p in self.buffers if p not in listed and self.scope(p) == scope]
        return out

    # ------------------------------------------------------------------ phases

    def _key(self, path: str) -> object:
        """What phase 1 of ``path`` is made from: its buffer's text, else its file's stat."""
        text = self.buffers.get(path)
        if text is not None:
            return text
        try:
            stat = os.stat(path)
        except OSError:
            return None
        return (stat.st_mtime_ns, stat.st_size)

    def _decode(self, path: str) -> DecodeResult:
        text = self.buffers.get(path)
        if text is None:
            return read(path, self.options)
        decoded = decode(text.encode("utf-8", "surrogatepass"), path, "utf-8")
        if decoded.source is not None and decoded.source.text != text:  # a BOM dropped
            decoded = DecodeResult(SourceText(path, text, "utf-8", "editor buffer"), ())
        return decoded

    def prepared(self, path: str, scope: str) -> Prepared:
        """Phase 1 of ``path`` (made again only when its text or file changed)."""
        key = self._key(path)
        cached = self._prepared.get(path)
        if cached is not None and key is not None and cached[0] == key and cached[1].scope == scope:
            return cached[1]
        decoded = self._decode(path)
        memo = self._memos.setdefault(path, TreeMemo())
        done = prepare(decoded, path, self.options, self.sizing, self.rules, scope, memo)
        memo.turn()
        self._prepared[path] = (key, done)
        self._texts.pop(path, None)
        if decoded.source is not None:
            self._texts[path] = decoded.source.text
        return done

    def text(self, path: str) -> str | None:
        """The text ``path`` was last analysed from (its buffer's, else its file's)."""
        return self._texts.get(os.path.abspath(path))

    def checked(self, path: str) -> Checked | None:
        """Phase 2 of ``path`` as last analysed (None: not analysed yet)."""
        found = self._checked.get(os.path.abspath(path))
        return found[2] if found is not None else None

    def findings(self, path: str) -> dict[str, tuple[Finding, ...]]:
        """Analyse the scope of ``path`` and return the findings of each of its members, as
        ``ddlaudit lint`` reports them (selected, suppressed, with fingerprints)."""
        path = os.path.abspath(path)
        scope = self.scope(path)
        members = self.members(scope)
        if path not in members:
            members.append(path)
        prepared = [self.prepared(p, scope) for p in members]
        links = scope_links_of(prepared)[scope]
        before = self._links.get(scope)
        if before is not None and before == links:  # compared once, not once a file
            links = before
        self._links[scope] = links
        checked: list[Checked] = []
        for p, prep in zip(members, prepared, strict=True):
            cached = self._checked.get(p)
            if cached is not None and cached[0] is prep and cached[1] is links:
                checked.append(cached[2])
                continue
            done = check_file(
                prep, LINT, self.sizing, links.user_types, links.replication, self.rules, self.memo
            )
            self._checked[p] = (prep, links, done)
            checked.append(done)
        results: list[FileResult] = [c.result for c in checked]
        found = [f for c in checked for f in c.findings]
        found += self.workload_problems
        found += workload_findings(self.workload, results)
        # a scope with SQL Server articles: the estimators read those files' texts again,
        # handed from here (open buffers included) instead of the disk
        reads = any(s.kind in ARTICLE_CALLS for r in results for s in r.skipped)
        found += scope_findings(
            scope,
            results,
            self.sizing,
            self.rules,
            replicating=self.replicating,
            workload=self.workload,
            encoding=self.config.encoding,
            texts={p: self._texts[p] for p in members if p in self._texts} if reads else None,
        )
        marks = {c.result.path: c.directives for c in checked if c.directives}
        kept, _ = finish_findings(found, self.selection, marks, self.relative)
        kept.sort(key=Finding.sort_key)
        out: dict[str, list[Finding]] = {p: [] for p in members}
        for f in kept:
            if f.path in out:
                out[f.path].append(f)
        return {p: tuple(fs) for p, fs in out.items()}


def _under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


__all__ = ["Project"]
