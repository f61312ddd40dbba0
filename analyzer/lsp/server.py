"""``ddlaudit lsp``: the Language Server over standard input and output (pygls, D152).

What it answers (docs/editors.md):

* ``textDocument/publishDiagnostics`` after ``didOpen``, ``didChange`` (full sync),
  ``didSave`` and ``didClose``: the lint's findings of every open document of the edited
  file's scope (:class:`~analyzer.lsp.project.Project`), each with its rule ``code``,
  ``codeDescription.href`` under ``[lint] docs-url``, ``source: "ddlaudit"``, its span as
  the range and its severity; a document without findings gets an empty list (cleared).
* ``textDocument/hover``: the figures of the table or column under the cursor
  (:mod:`analyzer.lsp.hover`); the audit target is ``initializationOptions.auditTarget``.
* ``textDocument/codeAction``: quick fixes (:mod:`analyzer.lsp.actions`).

The only module that imports pygls and lsprotocol (the ``lsp`` extra).
"""

from __future__ import annotations

import os
import typing as t

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from analyzer import __version__
from analyzer.ir import Severity, Span
from analyzer.lsp import actions
from analyzer.lsp.hover import hover
from analyzer.lsp.positions import UTF16, offset, position
from analyzer.lsp.project import Project
from analyzer.rules.registry import Finding
from analyzer.source import LineIndex

#: Finding severity -> LSP DiagnosticSeverity.
SEVERITIES = {
    Severity.ERROR: lsp.DiagnosticSeverity.Error,
    Severity.WARNING: lsp.DiagnosticSeverity.Warning,
    Severity.INFO: lsp.DiagnosticSeverity.Information,
}


class DdlauditServer(LanguageServer):
    """The server and what it holds between requests: the workspace's :class:`Project`,
    the audit target, and the findings last published for each open document."""

    def __init__(self) -> None:
        super().__init__(
            "ddlaudit", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Full
        )
        self.project: Project = Project(None)
        self.target: str | None = None
        self.published: dict[str, tuple[Finding, ...]] = {}
        #: path -> the URI the client opened it by (diagnostics go back to that URI)
        self.uris: dict[str, str] = {}
        #: the client asked for a shutdown before ``exit`` (the exit status: LSP 3.17, "exit")
        self.shut_down = False

    # ------------------------------------------------------------------ positions

    @property
    def encoding(self) -> str:
        """The negotiated position encoding (``utf-16`` unless agreed otherwise)."""
        chosen = self.workspace.position_encoding
        return str(
            chosen.value if isinstance(chosen, lsp.PositionEncodingKind) else chosen or UTF16
        )

    def range_of(self, index: LineIndex, start: int, end: int) -> lsp.Range:
        encoding = self.encoding
        a, b = position(index, start, encoding), position(index, max(start, end), encoding)
        return lsp.Range(lsp.Position(*a), lsp.Position(*b))

    # ------------------------------------------------------------------ diagnostics

    def diagnostic(
        self,
        finding: Finding,
        index: LineIndex,
        length: int,
        indexes: dict[str, LineIndex] | None = None,
    ) -> lsp.Diagnostic:
        """``finding`` as an LSP diagnostic; ``indexes``: the line indexes of the files its
        related spans are in, made once for a publication."""
        span = finding.span
        start, end = (min(span.start, length), min(span.end, length)) if span else (0, 0)
        docs = self.project.config.lint.docs_url
        href = None
        if docs:
            from analyzer.rules.docs import page_url

            href = lsp.CodeDescription(page_url(docs, finding.code))
        return lsp.Diagnostic(
            range=self.range_of(index, start, end),
            message=finding.message,
            severity=SEVERITIES[finding.severity],
            code=finding.code,
            code_description=href,
            source="ddlaudit",
            related_information=self.related(finding.related, indexes or {}) or None,
        )

    def related(
        self, spans: tuple[Span, ...], indexes: dict[str, LineIndex]
    ) -> list[lsp.DiagnosticRelatedInformation]:
        out = []
        for span in spans:
            text = self.project.text(span.file)
            if text is None or span.end > len(text):
                continue
            index = indexes.get(span.file)
            if index is None:
                index = indexes[span.file] = LineIndex(text)
            where = lsp.Location(
                self.uris.get(span.file) or from_fs_path(os.path.abspath(span.file)) or span.file,
                self.range_of(index, span.start, span.end),
            )
            out.append(lsp.DiagnosticRelatedInformation(where, "see also"))
        return out

    def analyse(self, path: str) -> None:
        """Analyse ``path``'s scope and publish the findings of its open documents."""
        try:
            found = self.project.findings(path)
        except Exception as err:  # a bug of ours: said once, the server goes on
            self.window_show_message(
                lsp.ShowMessageParams(
                    lsp.MessageType.Error,
                    f"ddlaudit: internal error: {type(err).__name__}: {err}",
                )
            )
            return
        for member, findings in found.items():
            if member not in self.project.buffers:
                continue
            if self.published.get(member) == findings and member != path:
                continue  # unchanged: not sent again
            self.published[member] = findings
            text = self.project.text(member) or ""
            index = LineIndex(text)
            indexes = {member: index}
            diagnostics = [self.diagnostic(f, index, len(text), indexes) for f in findings]
            uri = self.uris.get(member) or from_fs_path(member) or member
            self.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics)
            )


def _path(uri: str) -> str:
    return os.path.abspath(to_fs_path(uri) or uri)


def _root(params: lsp.InitializeParams) -> str | None:
    if params.workspace_folders:
        return to_fs_path(params.workspace_folders[0].uri)
    if params.root_uri:
        return to_fs_path(params.root_uri)
    return params.root_path


def make_server() -> DdlauditServer:
    """The server with its features registered."""
    from analyzer.audit import TARGETS

    server = DdlauditServer()

    @server.feature(lsp.INITIALIZE)
    def initialize(ls: DdlauditServer, params: lsp.InitializeParams) -> None:
        ls.project = Project(_root(params))
        options = params.initialization_options
        target = options.get("auditTarget") if isinstance(options, dict) else None
        if target is not None and target not in TARGETS:
            ls.window_log_message(
                lsp.LogMessageParams(
                    lsp.MessageType.Warning,
                    f"ddlaudit: auditTarget {target!r} is not one of {', '.join(TARGETS)}",
                )
            )
            target = None
        ls.target = target

    @server.feature(lsp.INITIALIZED)
    def initialized(ls: DdlauditServer, params: lsp.InitializedParams) -> None:
        if ls.project.problem:
            ls.window_show_message(
                lsp.ShowMessageParams(
                    lsp.MessageType.Warning,
                    f"ddlaudit: {ls.project.problem} (the defaults apply)",
                )
            )

    @server.feature(lsp.SHUTDOWN)
    def shutdown(ls: DdlauditServer, params: None) -> None:
        ls.shut_down = True

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: DdlauditServer, params: lsp.DidOpenTextDocumentParams) -> None:
        path = _path(params.text_document.uri)
        ls.uris[path] = params.text_document.uri
        ls.project.open(path, params.text_document.text)
        ls.analyse(path)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: DdlauditServer, params: lsp.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        path = _path(uri)
        ls.project.open(path, ls.workspace.get_text_document(uri).source)
        ls.analyse(path)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: DdlauditServer, params: lsp.DidSaveTextDocumentParams) -> None:
        ls.project.relist()  # a new file joins its scope
        ls.analyse(_path(params.text_document.uri))

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: DdlauditServer, params: lsp.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        path = _path(uri)
        ls.project.close(path)
        ls.published.pop(path, None)
        ls.uris.pop(path, None)
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        others = [p for p in ls.project.buffers if ls.project.scope(p) == ls.project.scope(path)]
        if others:  # the file on disk replaces the buffer in the others' scope
            ls.analyse(others[0])

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: DdlauditServer, params: lsp.HoverParams) -> lsp.Hover | None:
        path = _path(params.text_document.uri)
        if ls.project.checked(path) is None:
            ls.analyse(path)
        checked, text = ls.project.checked(path), ls.project.text(path)
        if checked is None or text is None:
            return None
        index = LineIndex(text)
        at = offset(index, params.position.line, params.position.character, ls.encoding)
        shown = hover(checked, at, ls.project.sizing, ls.target)
        if shown is None:
            return None
        return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, shown))

    @server.feature(
        lsp.TEXT_DOCUMENT_CODE_ACTION,
        lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]),
    )
    def code_action(
        ls: DdlauditServer, params: lsp.CodeActionParams
    ) -> list[lsp.CodeAction] | None:
        uri = params.text_document.uri
        path = _path(uri)
        text = ls.project.text(path)
        checked = ls.project.checked(path)
        if text is None or checked is None:
            return None
        index = LineIndex(text)
        encoding = ls.encoding
        a = offset(index, params.range.start.line, params.range.start.character, encoding)
        b = offset(index, params.range.end.line, params.range.end.character, encoding)
        out: list[lsp.CodeAction] = []
        for f in ls.published.get(path, ()):
            span = f.span
            if span is None or span.end > len(text) or not (span.start <= b and a <= span.end):
                continue
            diagnostic = ls.diagnostic(f, index, len(text))
            fixes: list[tuple[str, actions.Edit, bool]] = []
            if f.code == "N002":
                quoted = actions.quote(text, span.start, span.end, checked.result.dialect)
                if quoted is not None:
                    fixes.append((f"Quote {text[span.start : span.end]}", quoted, True))
            fixes.append(
                (
                    f"Suppress {f.code} on this line",
                    actions.suppress(text, span.start, f.code),
                    False,
                )
            )
            for title, edit, preferred in fixes:
                change = lsp.TextEdit(ls.range_of(index, edit.start, edit.end), edit.text)
                out.append(
                    lsp.CodeAction(
                        title=title,
                        kind=lsp.CodeActionKind.QuickFix,
                        diagnostics=[diagnostic],
                        edit=lsp.WorkspaceEdit(changes={uri: [change]}),
                        is_preferred=preferred or None,
                    )
                )
        return out

    return server


def serve(stdin: t.BinaryIO | None = None, stdout: t.BinaryIO | None = None) -> int:
    """Run the server on standard input and output until the client says ``exit`` (or
    closes the pipe); the exit status: 0 after a ``shutdown`` request, else 1 (LSP 3.17,
    "exit")."""
    server = make_server()
    server.start_io(stdin, stdout)
    return 0 if server.shut_down else 1


__all__ = ["DdlauditServer", "make_server", "serve"]
