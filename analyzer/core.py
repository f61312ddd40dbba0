"""The pure-Python core: bytes of one file in, its :class:`~analyzer.ir.FileResult` out.

source (decode) -> split -> dialect -> parse -> build (IR) -> passes

This is what the CLI runs for a handful of files and what every Spark task runs
for its partition.  It never raises for bad input: unreadable, binary or
unparsable input becomes diagnostics, and one bad statement never loses the
others.

>>> r = analyze_bytes("t.sql", b"CREATE TABLE t (a int NOT NULL);\\nGO\\nPRINT 'done'\\n")
>>> r.dialect, [t.name.name for t in r.tables], [s.kind for s in r.skipped]
('tsql', ['t'], ['print'])
"""

from __future__ import annotations

import re
import typing as t
from collections.abc import Iterable, Sequence
from dataclasses import replace

import grammars
from analyzer import passes
from analyzer.build import (
    BuildError,
    Context,
    Derived,
    NotStored,
    Replicated,
    build,
    untyped_message,
)
from analyzer.config import Config
from analyzer.detect import choose
from analyzer.diagnostics import CODES
from analyzer.ir import (
    DerivedQuery,
    Diagnostic,
    FileResult,
    Index,
    NameChange,
    Severity,
    Skipped,
    Span,
    Table,
    UserType,
)
from analyzer.name_changes import NAMING_LABELS, name_changes
from analyzer.names import databases
from analyzer.parse import TreeMemo, database_run_on, missing_terminator, parse_statement
from analyzer.passes.link_context import scope_links
from analyzer.records import record
from analyzer.scope_dialect import quieted, settle
from analyzer.scopes import STDIN_PATH, STDIN_SCOPE, assign
from analyzer.settings import TeradataSettings
from analyzer.source import LineIndex, SourceText, decode, read_path
from analyzer.split import (
    BLOCK_LABELS,
    BTEQ_DIALECT,
    batch_statements,
    create_table_inside,
    embedded_statements,
    split_statements,
    statement_label,
)
from grammars.profile import COMPILED_SQLGLOT_MESSAGE, Grammar, compiled_sqlglot
from grammars.rcl import not_analysed


@record
class _Piece:
    """A statement to analyse: text at ``start`` .. ``end`` of the file."""

    text: str
    start: int
    end: int


#: Frozen, so one shared default serves every Options (building one costs ~15 us).
_DEFAULT_CONFIG = Config()


@record
class Options:
    """What a run was asked for; frozen and picklable (it travels to Spark tasks)."""

    dialect: str | None = None
    encoding: str | None = None
    config: Config = _DEFAULT_CONFIG
    #: The dialect of the file's scope, for a file that shows none (D167).
    scope_dialect: str | None = None


def _unknown_dialect(name: str, path: str) -> Diagnostic:
    return Diagnostic(
        "P004",
        Severity.ERROR,
        f"unknown dialect {name!r} for {path}; expected one of {', '.join(grammars.names())}",
    )


def analyze_source(
    source: SourceText,
    options: Options = Options(),
    diagnostics: Iterable[Diagnostic] = (),
    memo: TreeMemo | None = None,
) -> FileResult:
    """Analyse decoded source text (``diagnostics`` carries the decoder's notes; ``memo``:
    the statement trees of the file's earlier analyses, :class:`analyzer.parse.TreeMemo`)."""
    diags = list(diagnostics)

    def unparsed(problem: Diagnostic) -> FileResult:
        return FileResult(
            source.path,
            None,
            source.encoding,
            encoding_evidence=source.evidence,
            diagnostics=(*diags, problem),
        )

    if compiled_sqlglot() is not None:
        # One clear error per file, not a parser crash per statement.
        return unparsed(Diagnostic("P006", Severity.ERROR, COMPILED_SQLGLOT_MESSAGE))
    choice = choose(
        source.text,
        source.path,
        options.dialect,
        options.config.dialect_for(source.path),
        options.scope_dialect,
    )
    if choice.dialect not in grammars.names():
        return unparsed(_unknown_dialect(choice.dialect, source.path))
    grammar = grammars.get(choice.dialect)
    index = LineIndex(source.text)
    if choice.how == "fallback" and source.text.strip():
        diags.append(
            Diagnostic(
                "P003",
                Severity.WARNING,
                f"no dialect given or detected; read as {grammar.name} "
                "(use --dialect or a [dialects] entry in ddlaudit.toml)",
                index.span(source.path, 0, 0),
            )
        )

    tables: list[Table] = []
    td = options.config.sizing.teradata
    waiting: list[DerivedQuery] = []  # derived tables whose sources are elsewhere (D183)
    user_types: list[UserType] = []
    indexes: list[Index] = []
    skipped: list[Skipped] = []
    renamed: list[NameChange] = []
    replicated: list[Replicated] = []
    statements = split_statements(
        source.text,
        batch_separator=grammar.batch_separator,
        dot_commands=grammar.name == BTEQ_DIALECT,  # BTEQ scripts (D97)
    )
    # A stack of (text, start, end, whole batch?): pieces of a batch and statements
    # embedded in a block are handled right after it, in file order.
    work = [(st.text, st.start, st.end, True) for st in reversed(statements)]
    while work:
        text, start, end, whole = work.pop()
        if whole and grammar.batch_separator:
            pieces = batch_statements(text, _cutting(grammar))
            # one piece short of the whole: the END of a block the split closed before it
            if len(pieces) > 1 or (pieces and pieces[0] != (0, len(text))):
                work.extend((text[a:b], start + a, start + b, False) for a, b in reversed(pieces))
                continue
        kind = grammar.statement_kind(text)
        change = grammar.change_kind(text) if kind is None else None
        if kind is None and change is None and _select_into(text, grammar.name):
            change = "select"  # read when it parses to SELECT ... INTO, else skipped as before
        if kind is None and change is None:
            label = statement_label(text)
            teradata_database = label == "database" and grammar.name == "teradata"
            run_on = database_run_on(text) if teradata_database else None
            if run_on is not None:
                # DATABASE x without its ; before the next statement: both read (D200)
                head_end, at = run_on
                word = text[at:].split(None, 1)[0]
                diags.append(_missing_terminator(word, start + at, source.path, index))
                work.append((text[at:], start + at, end, False))
                work.append((text[:head_end], start, start + head_end, False))
                continue
            inner = embedded_statements(text) if label in BLOCK_LABELS else []
            reason = (
                "control-flow block; the CREATE statements in it are analysed" if inner else None
            )
            span = index.span(source.path, start, end)
            unread = not_analysed(text)
            if unread is not None:
                reason = f"{UNREAD_REPLICATION}: {unread}"
                diags.append(_not_analysed(unread, label, span, index))
            skipped.append(Skipped(label, span, reason) if reason else Skipped(label, span))
            if label in NAMING_LABELS:
                renamed.extend(name_changes(text, label, span))
            work.extend((text[a:b], start + a, start + b, False) for a, b in reversed(inner))
            if not inner:
                diags.extend(_hidden_table(text, start, label, source.path, index))
            continue
        st = _Piece(text, start, end)
        parsed = parse_statement(st.text, st.start, grammar, source.path, index, memo)
        cut = missing_terminator(st.text, st.start, parsed, grammar)
        if cut is not None:  # two statements without the ; between them: both are read
            word = text[cut:].split(None, 1)[0]
            diags.append(_missing_terminator(word, start + cut, source.path, index))
            head = text[:cut].rstrip()
            work.append((text[cut:], start + cut, end, False))
            work.append((head, start, start + len(head), False))
            continue
        if change == "select" and parsed.tree is None:
            span = index.span(source.path, st.start, st.end)
            skipped.append(Skipped(statement_label(st.text), span))
            continue
        if change is not None and parsed.tree is None:
            # a form of ALTER TABLE / CREATE INDEX not read: skipped, as before (D76)
            span = index.span(source.path, st.start, st.end)
            why = parsed.diagnostics[0].message if parsed.diagnostics else "no statement"
            skipped.append(Skipped(change, span, f"{NOT_READ}: {why}"))
            diags.extend(_hidden_table(st.text, st.start, change, source.path, index))
            continue
        diags.extend(parsed.diagnostics)
        if parsed.tree is None:
            continue
        ctx = Context(
            source.path, grammar, st.text, st.start, index, td.max_decimal, td.transaction_mode
        )
        try:
            obj = build(parsed.tree, ctx, tables, databases(renamed) if renamed else ())
        except NotStored as err:
            span = index.span(source.path, st.start, st.end)
            why = str(err)
            skipped.append(Skipped(err.kind, span, why) if why else Skipped(err.kind, span))
            continue
        except BuildError as err:
            span = index.span(source.path, st.start, st.end)
            if err.waiting:
                waiting.append(_waiting(st, span, td))
            severity = Severity.WARNING if err.accepted else Severity.ERROR
            diags.append(
                Diagnostic("P005", severity, str(err), span, None, index.line_text(span.line))
            )
            continue
        except Exception as err:
            span = index.span(source.path, st.start, st.end)
            diags.append(
                Diagnostic(
                    "P900",
                    Severity.ERROR,
                    f"internal error lowering the statement: {type(err).__name__}: {err}",
                    span,
                    None,
                    index.line_text(span.line),
                )
            )
            continue
        if isinstance(obj, Derived):  # CREATE TABLE ... AS, SELECT ... INTO (issue 31)
            tables.append(obj.table)
            if obj.untyped:
                diags.append(_untyped(obj, st, source.path, index))
            if obj.waiting:
                waiting.append(_waiting(st, index.span(source.path, st.start, st.end), td))
        elif isinstance(obj, Table):
            tables.append(obj)
        elif isinstance(obj, Index):  # HiRDB CREATE INDEX, kept for index sizing
            indexes.append(obj)
        elif isinstance(obj, UserType):
            user_types.append(obj)
        elif isinstance(obj, tuple):  # ALTER TABLE: a change per constraint added
            replicated.extend(obj)
        else:  # replication statements, key / marking procedures, CREATE INDEX
            replicated.append(obj)

    return FileResult(
        path=source.path,
        dialect=grammar.name,
        encoding=source.encoding,
        dialect_evidence=(choice.how, *choice.evidence),
        encoding_evidence=source.evidence,
        statements=len(statements),
        tables=tuple(tables),
        user_types=tuple(user_types),
        skipped=tuple(skipped),
        diagnostics=tuple(diags),
        indexes=tuple(indexes),
        name_changes=tuple(renamed),
        derived_queries=tuple(waiting),
        **_replication_fields(replicated),
    )


#: ``SELECT ... INTO`` at the head of a statement (SQL Server, ASE): a table made from a query.
_SELECT_INTO = re.compile(r"(?is)\s*(?:(?:--[^\n]*\n|/\*.*?\*/)\s*)*select\b.*?\binto\b")
#: The dialects whose SELECT ... INTO creates a table.
_SELECT_INTO_DIALECTS = frozenset({"tsql", "sybase"})


def _select_into(text: str, dialect: str) -> bool:
    return dialect in _SELECT_INTO_DIALECTS and _SELECT_INTO.match(text) is not None


def _waiting(st: _Piece, span: Span, td: TeradataSettings) -> DerivedQuery:
    """The statement of a derived table a source of which is not in the file (D183)."""
    return DerivedQuery(
        st.text, st.start, span.line, span.column, td.max_decimal, td.transaction_mode
    )


def _untyped(derived: Derived, st: _Piece, path: str, index: LineIndex) -> Diagnostic:
    """P009: the columns of a derived table whose type the rules do not give."""
    span = index.span(path, st.start, st.end)
    return Diagnostic(
        "P009",
        Severity.WARNING,
        untyped_message(derived),
        span,
        None,
        index.line_text(span.line),
    )


#: Each grammar with its table changes among its statements, by name (see :func:`_cutting`).
_CUTTING: dict[str, tuple[Grammar, Grammar]] = {}


def _cutting(grammar: Grammar) -> Grammar:
    """``grammar`` with its table changes (``Grammar.changes``) among the statements that
    cut a ``GO`` batch (``split.batch_statements``): two ``ALTER TABLE ... ADD CONSTRAINT``
    lines in one batch are two statements, as two CREATE TABLEs are."""
    if not grammar.changes:
        return grammar
    found = _CUTTING.get(grammar.name)
    if found is None or found[0] is not grammar:
        found = (grammar, replace(grammar, statements=(*grammar.statements, *grammar.changes)))
        _CUTTING[grammar.name] = found
    return found[1]


def _missing_terminator(word: str, at: int, path: str, index: LineIndex) -> Diagnostic:
    """P010 at the statement ``word`` found at file offset ``at``, which follows a
    statement without the ``;`` that ends it."""
    span = index.span(path, at, at + len(word))
    return Diagnostic(
        "P010",
        Severity.ERROR,
        f"missing ; before {word.upper()}",
        span,
        ";",
        index.line_text(span.line),
    )


#: Why an RCL statement the IR has no place for is skipped (``grammars.rcl.NOT_ANALYSED``).
UNREAD_REPLICATION = "a Replication Server statement ddlaudit does not analyse"


def _not_analysed(what: str, label: str, span: Span, index: LineIndex) -> Diagnostic:
    """P008: an RCL statement skipped because the IR has no place for it."""
    return Diagnostic(
        "P008",
        Severity.WARNING,
        f"'{label}' ({what}) is not analysed: the IR has no place for it, so the tables "
        "it replicates are missing from the replication checks and capacity figures",
        span,
        None,
        index.line_text(span.line),
    )


def _hidden_table(
    text: str, start: int, label: str, path: str, index: LineIndex
) -> list[Diagnostic]:
    """P007: a CREATE TABLE inside a statement skipped as not analysed (outside routine
    bodies), which would otherwise be lost without a word (docs/decisions.md D99)."""
    found = create_table_inside(text)
    if found is None:
        return []
    span = index.span(path, start + found[0], start + found[1])
    head = index.span(path, start, start)
    return [
        Diagnostic(
            "P007",
            Severity.WARNING,
            f"this CREATE TABLE is inside the '{label}' statement that starts at line "
            f"{head.line}, column {head.column}, which is skipped: the table is not analysed",
            span,
            "the end of the statement before CREATE TABLE (';', a GO line or a '/' line)",
            index.line_text(span.line),
        )
    ]


#: Why a table change the grammar could not parse is skipped (``Grammar.changes``).
#: The reason of a key change (ALTER TABLE ... ADD, CREATE INDEX) that could not be read.
NOT_READ = "a form of this statement ddlaudit does not read"


def _replication_fields(objs: Iterable[Replicated]) -> dict[str, t.Any]:
    """The FileResult fields of the replication records, by their type, in file order."""
    fields: dict[str, list[Replicated]] = {}
    for obj in objs:
        fields.setdefault(_REPLICATION_FIELDS[type(obj).__name__], []).append(obj)
    return {name: tuple(items) for name, items in fields.items()}


_REPLICATION_FIELDS = {
    "ReplicationDefinition": "replication_definitions",
    "ReplicationDefinitionChange": "replication_definition_changes",
    "FunctionReplicationDefinition": "function_replication_definitions",
    "Subscription": "subscriptions",
    "Publication": "publications",
    "TableChange": "table_changes",
    "PublicationChange": "publication_changes",
}


def _failed(path: str, diags: Iterable[Diagnostic]) -> FileResult:
    return FileResult(path, None, None, diagnostics=tuple(diags))


def _internal(path: str, err: BaseException) -> FileResult:
    name, _ = CODES["D900"]
    return _failed(
        path,
        (Diagnostic("D900", Severity.ERROR, f"{name}: {type(err).__name__}: {err}"),),
    )


def analyze_bytes(path: str, data: bytes, options: Options = Options()) -> FileResult:
    """Analyse one file's raw bytes, then run the passes on it; never raises for bad input."""
    try:
        decoded = decode(data, path, options.encoding or options.config.encoding)
        if decoded.source is None:
            return _failed(path, decoded.diagnostics)
        result = analyze_source(decoded.source, options, decoded.diagnostics)
        return passes.run(result)
    except Exception as err:
        return _internal(path, err)


def analyze_path(path: str, options: Options = Options()) -> FileResult:
    """Read and analyse one file (no cross-file passes)."""
    try:
        decoded = read_path(path, options.encoding or options.config.encoding)
        if decoded.source is None:
            return _failed(path, decoded.diagnostics)
        return analyze_source(decoded.source, options, decoded.diagnostics)
    except Exception as err:
        return _internal(path, err)


def analyze_paths(
    paths: Sequence[str],
    options: Options = Options(),
    stdin: bytes | None = None,
) -> tuple[list[FileResult], tuple[Diagnostic, ...]]:
    """Analyse files and directories (``-`` is ``stdin``), then run the passes, linking
    each file within its scope (:mod:`analyzer.scopes`, docs/decisions.md D77).

    Alias types, tables, keys and replication objects of any file of a scope resolve in
    every other of that scope, as a deploy script set would; each scope's index is built
    once.  Returns the results (standard input first, then the files in listing order)
    and the discovery diagnostics.
    """
    listed, found_diags = assign(paths, options.config)
    results: list[FileResult] = []
    scope_names: list[str] = []
    if "-" in paths and stdin is not None:
        decoded = decode(stdin, STDIN_PATH, options.encoding or options.config.encoding)
        if decoded.source is None:
            results.append(_failed(STDIN_PATH, decoded.diagnostics))
        else:
            results.append(analyze_source(decoded.source, options, decoded.diagnostics))
        scope_names.append(STDIN_SCOPE)
    for path, scope in listed:
        if path != STDIN_PATH:
            results.append(analyze_path(path, options))
            scope_names.append(scope)
    # a file without evidence takes its scope's dialect (D167)
    at: dict[str, list[int]] = {}
    for i, scope in enumerate(scope_names):
        at.setdefault(scope, []).append(i)
    for scope, where in at.items():
        if scope == STDIN_SCOPE:
            continue

        def redo(j: int, dialect: str, where: list[int] = where) -> FileResult:
            return analyze_path(results[where[j]].path, replace(options, scope_dialect=dialect))

        for i, r in zip(where, settle([results[i] for i in where], redo, quieted), strict=True):
            results[i] = r
    # alias types, tables, key and replication statements of each scope (D31, D77)
    members: dict[str, list[FileResult]] = {}
    for r, scope in zip(results, scope_names, strict=True):
        members.setdefault(scope, []).append(r)
    links = {scope: scope_links(rs) for scope, rs in members.items()}
    del members
    resolved = []
    for r, scope in zip(results, scope_names, strict=True):
        linked = links[scope]
        try:
            resolved.append(
                passes.run(r, user_types=linked.user_types, replication=linked.replication)
            )
        except Exception as err:
            resolved.append(
                replace(r, diagnostics=(*r.diagnostics, *_internal(r.path, err).diagnostics))
            )
    return resolved, found_diags
