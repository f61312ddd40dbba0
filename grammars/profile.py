"""What ddlaudit knows of a dialect before it loads the dialect's grammar.

A :class:`Profile` is a dialect's name, description, detection evidence and batch
separator: everything content detection, ``--dialect`` validation and the config
need.  It imports neither sqlglot nor the grammar's Tokenizer and Parser subclasses,
so a run loads the grammar (:class:`Grammar`, in ``grammars/<name>.py``) of the
dialects it reads and no other (docs/architecture.md, "Start-up"; D108).  The
profiles are ``grammars/profiles/<name>.py``, one per dialect, each defining
``PROFILE``.

The evidence patterns are compiled, and their required literals worked out, on
first use (:func:`compiled`, :func:`literals`).
"""

from __future__ import annotations

import functools
import importlib.machinery
import importlib.util
import re
import sys
import typing as t

from analyzer.records import record
from grammars import regex_tree as tree

if t.TYPE_CHECKING:
    from sqlglot import exp
    from sqlglot.dialects.dialect import Dialect

#: Why the grammars cannot run on the compiled sqlglot build (docs/decisions.md D1).
COMPILED_SQLGLOT_MESSAGE = (
    "the compiled sqlglot build (sqlglotc) is installed: ddlaudit's grammars extend "
    "sqlglot's parser in Python, which the compiled build refuses (docs/decisions.md D1); "
    "install the pure-Python build: pip uninstall sqlglotc"
)


def compiled_sqlglot() -> str | None:
    """The file of sqlglot's parser when it is the compiled build, else None.

    Found as the import system would find it, without importing sqlglot (whose package
    import is most of a one-file run): the CLI asks before every command (D108).
    """
    module = sys.modules.get("sqlglot.parser")
    if module is not None:
        path = getattr(module, "__file__", None) or ""
    else:
        package = importlib.util.find_spec("sqlglot")
        where = package.submodule_search_locations if package is not None else None
        spec = importlib.machinery.PathFinder.find_spec("sqlglot.parser", where) if where else None
        path = (spec.origin if spec is not None else None) or ""
    return path if path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) else None


#: Statement heads every grammar analyses unless it says otherwise.
CREATE_TABLE = re.compile(
    r"""\A\s*create\s+
        (?:or\s+replace\s+)?
        (?:(?:set|multiset|volatile|global\s+temporary|temporary|temp|share|fix)\s+)*
        table\b""",
    re.IGNORECASE | re.VERBOSE,
)
CREATE_TYPE = re.compile(r"\A\s*create\s+type\b", re.IGNORECASE)

#: One part of a table or constraint name: ``[a b]``, ``"a"``, ``a`` (``db..t``: a part may
#: be empty).
_NAME_PART = r'(?:\[[^\]]*\]|"[^"]*"|[^\s.\[\]"(),;]+)'
_NAME = rf"{_NAME_PART}(?:\s*\.\s*{_NAME_PART}?)*"

#: White space or a comment between two words of a statement head.
_GAP = r"(?:\s|--[^\n]*(?:\n|\Z)|/\*(?:[^*]|\*(?!/))*\*/)"

#: ``ALTER TABLE t [WITH [NO]CHECK] ADD [CONSTRAINT n] PRIMARY KEY | UNIQUE | FOREIGN KEY |
#: CHECK``: the forms that add a key (SQL Server, ASE, Teradata); other ALTERs stay skipped.
ALTER_TABLE_ADD_KEY = re.compile(
    rf"""{_GAP}*alter{_GAP}+table{_GAP}+{_NAME}{_GAP}*
        (?:with{_GAP}+(?:no)?check{_GAP}+)?
        add{_GAP}+(?:constraint{_GAP}+{_NAME_PART}{_GAP}*)?
        (?:primary{_GAP}+key|unique|foreign{_GAP}+key|check)\b""",
    re.IGNORECASE | re.VERBOSE,
)

#: ``CREATE [UNIQUE] [CLUSTERED | NONCLUSTERED] INDEX`` (not XML, spatial, columnstore,
#: Teradata join or hash indexes).
CREATE_INDEX = re.compile(
    rf"{_GAP}*create{_GAP}+(?:unique{_GAP}+)?(?:(?:non)?clustered{_GAP}+)?index\b", re.IGNORECASE
)

#: The table changes SQL Server, ASE and Teradata scripts make after CREATE TABLE
#: (``Grammar.changes``).
KEY_CHANGES = ((ALTER_TABLE_ADD_KEY, "alter table"), (CREATE_INDEX, "create index"))


# The non-ASCII characters an IGNORECASE regex matches with an ASCII letter (sre's
# simple lower case and its extra case pairs): KELVIN SIGN, DOTTED and DOTLESS I,
# LONG S.  U+0130 is also the one character lower() turns into two.
_FOLD = str.maketrans({"\u212a": "k", "\u0130": "i", "\u0131": "i", "\u017f": "s"})


def fold_case(head: str) -> str | None:
    """``head`` in lower case, offset for offset, such that wherever a case-insensitive
    regex matches an ASCII letter the folded text has that letter in lower case;
    None if the lengths differ (then only the regex decides).

    >>> fold_case("CREATE ſET"), fold_case("KIND")
    ('create set', 'kind')
    """
    lowered = head.lower() if head.isascii() else head.translate(_FOLD).lower()
    return lowered if len(lowered) == len(head) else None


_WORDS = re.compile(r"[a-z0-9_]+")


def text_words(head: str, lowered: str | None) -> frozenset[str] | None:
    """The words (``\\w`` runs) of an ASCII ``head``, from its lower-case ``lowered``;
    None for other text (case folding and ``\\w`` outside ASCII: the scans decide).

    >>> sorted(text_words("CREATE TABLE t_1(a)", "create table t_1(a)"))
    ['a', 'create', 't_1', 'table']
    """
    if lowered is None or not head.isascii():
        return None
    return frozenset(_WORDS.findall(lowered))


#: Flags every evidence pattern is compiled with: case-insensitive, ``^`` and ``$`` at
#: line ends.
EVIDENCE_FLAGS = re.IGNORECASE | re.MULTILINE


@functools.cache
def compiled(source: str) -> re.Pattern[str]:
    """An evidence pattern, compiled on first use.

    A cache on a pure function rather than a field of the frozen :class:`Evidence`:
    detection compiles only the patterns whose words a file has (about a tenth of
    them), and a one-file run does not pay for the rest (D108).
    """
    return re.compile(source, EVIDENCE_FLAGS)


Literals = tuple[tuple[tuple[str, ...], ...], tuple[str, ...], tuple[tuple[str, ...], ...]]


@functools.cache
def literals(source: str) -> Literals:
    """:func:`required_literals`, :func:`leading_literals` and :func:`required_words` of
    ``source``, cached as :func:`compiled` is.

    Worked out ahead for the bundled profiles' patterns (``grammars/profiles/_literals.py``,
    written by ``python -m grammars.profiles``: every run that detects a dialect needs
    them all, and parsing 90 regular expressions is most of detection's start-up, D109);
    a pattern not there is analysed here, so a stale table is slower, never wrong.

    >>> literals(r"\\bprimary\\s+index\\b")
    ((('primary',), ('index',)), ('primary',), (('primary',), ('index',)))
    """
    from grammars.profiles._literals import LITERALS

    known = LITERALS.get(source)
    return known if known is not None else analyse(source)


def analyse(source: str) -> Literals:
    """:func:`literals` from one parse of ``source`` (each of the three alone parses it
    again).

    >>> analyse(r"\\bmvarchar\\s*\\(")
    ((('mvarchar',),), ('mvarchar',), (('mvarchar',),))
    """
    try:
        data = tree.parse(source)
    except (tree.Unsupported, RecursionError):
        return (), (), ()
    return (
        tuple(_requirements(data)),
        _leading(data),
        tuple(dict.fromkeys(_words(list(data)))),
    )


@record
class Evidence:
    """A content pattern that points at a dialect, with its weight in detection.

    ``source`` is the regular expression (compiled with :data:`EVIDENCE_FLAGS` on
    first use: :attr:`pattern`).  ``needles`` are lower-case literals the pattern
    cannot match without, as a conjunction of alternatives (see
    :func:`required_literals`); detection runs the regex only when every group has
    one of its strings in the text (a substring test is ~100x faster than a
    case-insensitive regex scan that finds nothing).  ``leading`` are literals every
    match starts with (:func:`leading_literals`): the regex is then tried only where
    one of them occurs.  ``words`` are whole words every match contains
    (:func:`required_words`), tested first against the set of the text's words.
    """

    source: str
    weight: int
    label: str
    #: Whether another dialect of the family accepts it too (SQL Server and ASE share
    #: old Transact-SQL: ``GO``, ``sp_addtype``, ``setuser``): such evidence counts
    #: only after the evidence no other dialect accepts (D167).
    shared: bool = False

    @property
    def pattern(self) -> re.Pattern[str]:
        return compiled(self.source)

    @property
    def needles(self) -> tuple[tuple[str, ...], ...]:
        return literals(self.source)[0]

    @property
    def leading(self) -> tuple[str, ...]:
        return literals(self.source)[1]

    @property
    def words(self) -> tuple[tuple[str, ...], ...]:
        return literals(self.source)[2]

    def search(
        self, head: str, lowered: str | None, words: t.AbstractSet[str] | None = None
    ) -> bool:
        """Whether the pattern occurs in ``head``.

        ``lowered`` is :func:`fold_case` of ``head`` (None: no shortcuts, the regex
        alone decides); ``words``, for an ASCII ``head`` only, the set of its
        lower-case words (:func:`text_words`): a set test per required word then
        replaces a scan of the text.
        """
        if lowered is None:
            return compiled(self.source).search(head) is not None
        needles, leading, required = literals(self.source)
        if words is not None:
            for group in required:
                for word in group:
                    if word in words:
                        break
                else:
                    return False
        for group in needles:
            for needle in group:  # plain loops: detection runs this ~100 times a file
                if needle in lowered:
                    break
            else:
                return False
        if not leading:
            return compiled(self.source).search(head) is not None
        match = compiled(self.source).match
        for literal in leading:
            at = lowered.find(literal)
            while at >= 0:
                if match(head, at) is not None:
                    return True
                at = lowered.find(literal, at + 1)
        return False


@record
class Grammar:
    """One dialect ddlaudit reads.

    ``dialect`` is the sqlglot dialect class that parses it; ``evidence`` feeds
    content detection; ``batch_separator`` says whether ``GO`` lines split
    batches; ``type_families`` maps an upper-case type name to its IR family
    (names not there fall back to :data:`analyzer.types.COMMON_FAMILIES`).
    """

    name: str
    description: str
    dialect: type[Dialect]
    evidence: tuple[Evidence, ...]
    type_families: t.Mapping[str, str]
    batch_separator: bool = True
    #: Nullability of a column that says neither NULL nor NOT NULL.
    default_nullable: bool = True
    #: Number of partitions one partitioning level defines, when countable.
    partition_count: t.Callable[[exp.Expr], int | None] | None = None
    #: Further statement heads this grammar analyses, as (pattern, kind): e.g. the
    #: Sybase grammar's ``sp_addtype`` calls are ``"type"`` statements.
    statements: tuple[tuple[re.Pattern[str], str], ...] = ()
    #: Statement heads read as changes to a table (``ALTER TABLE ... ADD CONSTRAINT``,
    #: ``CREATE INDEX``), as (pattern, kind).  Unlike ``statements``, one that does not
    #: parse is kept as a skipped statement, as before ddlaudit read them: their forms
    #: vary far more than the ones read (docs/decisions.md D76).
    changes: tuple[tuple[re.Pattern[str], str], ...] = ()

    def statement_kind(self, text: str) -> str | None:
        """``"table"`` or ``"type"`` when this grammar analyses the statement, else None."""
        for pattern, kind in self.statements:
            if pattern.match(text):
                return kind
        if CREATE_TABLE.match(text):
            return "table"
        if CREATE_TYPE.match(text):
            return "type"
        return None

    def change_kind(self, text: str) -> str | None:
        """``"alter table"`` or ``"create index"`` when the statement is one of the table
        changes this grammar reads (``changes``), else None."""
        for pattern, kind in self.changes:
            if pattern.match(text):
                return kind
        return None


#: Shortest literal worth a substring test.
_MIN_NEEDLE = 2


def required_literals(pattern: str) -> tuple[tuple[str, ...], ...]:
    """Literals every match of ``pattern`` contains, as groups of alternatives.

    Each group lists strings of which at least one occurs in any match; every group
    must be satisfied.  Literal runs of the top-level sequence and of mandatory
    groups each give a group of one; an alternation gives a group with one string
    per branch, or nothing when a branch has no literal.  Optional and repeated-zero
    parts give nothing, so the answer is always safe (lower case: detection
    compiles with IGNORECASE).

    >>> required_literals(r"\\bON\\s+\\[PRIMARY\\]")
    (('on',), ('[primary]',))
    >>> required_literals(r"\\bROWGUIDCOL\\b|\\bNEWSEQUENTIALID\\s*\\(")
    (('rowguidcol', 'newsequentialid'),)
    >>> required_literals(r"\\bcreate\\s+(?:share\\s+)?fix\\s+table\\b")
    (('create',), ('fix',), ('table',))
    >>> required_literals(r"\\buni(?:char|text)\\b")
    (('unichar', 'unitext'),)
    >>> required_literals(r"\\bcompress\\s+using\\b|\\bdecompress\\s+using\\b")
    (('compress', 'decompress'), ('using',))
    >>> required_literals(r"(?:a|b)c")
    ()
    """
    try:
        parsed = tree.parse(pattern)
    except (tree.Unsupported, RecursionError):
        return ()
    return tuple(_requirements(parsed))


def _requirements(items: t.Iterable[tuple[t.Any, t.Any]]) -> list[tuple[str, ...]]:
    groups: list[tuple[str, ...]] = []
    run: list[str] = []

    def flush() -> None:
        if len(run) >= _MIN_NEEDLE:
            groups.append(("".join(run).lower(),))
        run.clear()

    for op, arg in items:
        if op == tree.LITERAL:
            run.append(chr(arg))
            continue
        if op == tree.AT:
            continue  # zero-width: \b, ^, $ do not break a literal run
        heads = _leading_literals(arg[1]) if op == tree.BRANCH and run else ()
        if heads:
            # ``uni(?:char|text)``: the run and each branch's head make one literal.
            prefix = "".join(run).lower()
            groups.append(tuple(dict.fromkeys(prefix + head for head in heads)))
            run.clear()
            continue
        flush()
        if op == tree.SUBPATTERN:
            groups.extend(_requirements(arg[-1]))
        elif op in (tree.MAX_REPEAT, tree.MIN_REPEAT) and arg[0] >= 1:
            groups.extend(_requirements(arg[2]))
        elif op == tree.BRANCH:
            alternatives: list[str] = []
            per_branch = [_requirements(branch) for branch in arg[1]]
            for options in per_branch:
                if not options:
                    alternatives = []
                    break
                # Any one group of the branch is implied by the branch; take the
                # most selective (fewest strings, then longest).
                best = min(options, key=lambda g: (len(g), -min(map(len, g))))
                alternatives.extend(best)
            if alternatives:
                groups.append(tuple(dict.fromkeys(alternatives)))
            # A group every branch requires is required whichever branch matches.
            groups.extend(g for g in per_branch[0] if all(g in o for o in per_branch[1:]))
    flush()
    return groups


def _leading_literals(branches: t.Sequence[t.Any]) -> tuple[str, ...]:
    """Each branch's leading literal (lower case), or () when a branch starts otherwise."""
    heads = []
    for branch in branches:
        head = []
        for op, arg in branch:
            if op != tree.LITERAL:
                break
            head.append(chr(arg))
        if not head:
            return ()
        heads.append("".join(head).lower())
    return tuple(heads)


def leading_literals(pattern: str) -> tuple[str, ...]:
    """Literals (lower case) one of which starts every match of ``pattern``, or ().

    Zero-width assertions at the start (``\\b``, ``^``) are skipped: they test the
    text around a position, which ``re.match(text, pos)`` still sees.

    >>> leading_literals(r"\\bON\\s+\\[PRIMARY\\]")
    ('on',)
    >>> leading_literals(r"\\bdatablocksize\\b|\\bblockcompression\\b")
    ('datablocksize', 'blockcompression')
    >>> leading_literals(r"^\\s*GO\\s*$")
    ()
    """
    try:
        parsed = tree.parse(pattern)
    except (tree.Unsupported, RecursionError):
        return ()
    return _leading(parsed)


def _leading(items: t.Sequence[tuple[t.Any, t.Any]]) -> tuple[str, ...]:
    run: list[str] = []
    for op, arg in items:
        if op == tree.AT and not run:
            continue
        if op == tree.LITERAL:
            run.append(chr(arg))
            continue
        if not run:
            if op == tree.SUBPATTERN:
                return _leading(arg[-1])
            if op == tree.BRANCH:
                heads: list[str] = []
                for branch in arg[1]:
                    found = _leading(branch)
                    if not found:
                        return ()
                    heads.extend(found)
                return tuple(dict.fromkeys(heads))
        break
    return ("".join(run).lower(),) if len(run) >= _MIN_NEEDLE else ()


_ASCII_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_REPEATS = (tree.MAX_REPEAT, tree.MIN_REPEAT)
_EDGES = frozenset(
    {
        tree.AT_BOUNDARY,
        tree.AT_BEGINNING,
        tree.AT_BEGINNING_STRING,
        tree.AT_END,
        tree.AT_END_STRING,
    }
)


def required_words(pattern: str) -> tuple[tuple[str, ...], ...]:
    """Whole words (lower case) every match of ``pattern`` contains, as groups of
    alternatives, for ASCII text: a run of literal word characters with, on each side,
    ``\\b``, ``^``/``$``, or a character that cannot be a word character (possibly
    after ``\\s*``-like parts that only match such characters).

    Detection then tests a set of the text's words instead of scanning the text for
    the literal (:meth:`Evidence.search`).  Optional parts give nothing.

    >>> required_words(r"\\bprimary\\s+index\\b")
    (('primary',), ('index',))
    >>> required_words(r"\\bmvarchar\\s*\\(")
    (('mvarchar',),)
    >>> required_words(r"\\bdatablocksize\\b|\\bblockcompression\\b")
    (('datablocksize', 'blockcompression'),)
    >>> required_words(r"\\buni(?:char|text)\\b"), required_words(r"create\\s+tables?")
    ((('unichar', 'unitext'),), ())
    """
    try:
        parsed = tree.parse(pattern)
    except (tree.Unsupported, RecursionError):
        return ()
    return tuple(dict.fromkeys(_words(parsed)))


def _words(items: list[tuple[t.Any, t.Any]]) -> list[tuple[str, ...]]:
    for k, (op, arg) in enumerate(items):
        if op == tree.SUBPATTERN:  # a group is its content, in place
            return _words(items[:k] + arg[-1] + items[k + 1 :])
    groups: list[tuple[str, ...]] = []
    for k, (op, arg) in enumerate(items):
        if op == tree.BRANCH:
            # every match takes one branch: one word of each branch, in its context
            alternatives: list[str] = []
            for branch in arg[1]:
                found = _words(items[:k] + branch + items[k + 1 :])
                if not found:
                    break
                shortest: tuple[str, ...] = min(found, key=len)
                alternatives.extend(shortest)
            else:
                groups.append(tuple(dict.fromkeys(alternatives)))
            return groups + _words(items[:k]) + _words(items[k + 1 :])
    k = 0
    while k < len(items):
        j = k
        while j < len(items) and items[j][0] == tree.LITERAL and chr(items[j][1]) in _ASCII_WORD:
            j += 1
        if j > k:
            if _edge(items[k - 1 :: -1] if k else []) and _edge(items[j:]):
                groups.append(("".join(chr(arg) for _, arg in items[k:j]).lower(),))
            k = j
        else:
            k += 1
    return groups


def _edge(items: t.Sequence[tuple[t.Any, t.Any]]) -> bool:
    """Whether the first of ``items`` (read outward from a word) ends the word."""
    for op, arg in items:
        if op == tree.AT:
            return bool(arg in _EDGES)
        if _nonword(op, arg):
            return True
        if op in _REPEATS and arg[0] == 0 and all(_nonword(o, a) for o, a in arg[2]):
            continue  # matches non-word characters or nothing: look past it
        return False
    return False


def _nonword(op: t.Any, arg: t.Any) -> bool:
    """Whether the item matches at least one character, never a word character."""
    if op == tree.LITERAL:
        return chr(arg) not in _ASCII_WORD and chr(arg).isascii() and not chr(arg).isalnum()
    if op == tree.IN:
        return all(
            (o == tree.CATEGORY and a == tree.CATEGORY_SPACE)
            or (o == tree.LITERAL and _nonword(o, a))
            for o, a in arg
        )
    if op in _REPEATS and arg[0] >= 1:
        body = list(arg[2])
        return bool(body) and all(_nonword(o, a) for o, a in body)
    return False


def evidence(pattern: str, weight: int, label: str, *, shared: bool = False) -> Evidence:
    """An :class:`Evidence` from a case-insensitive regular expression (compiled and
    analysed on first use); ``shared``: another dialect accepts it too."""
    return Evidence(pattern, weight, label, shared)


@record
class Profile:
    """A dialect as known before its grammar is loaded (D108).

    ``module`` is the module whose ``GRAMMAR`` reads the dialect: imported by
    :func:`grammars.get` on first use.  :meth:`grammar` builds that ``GRAMMAR``, so
    the two cannot disagree on what they share.
    """

    name: str
    description: str
    module: str
    evidence: tuple[Evidence, ...]
    #: Whether ``GO`` lines split batches.
    batch_separator: bool = True

    def grammar(
        self,
        dialect: type[Dialect],
        type_families: t.Mapping[str, str],
        *,
        default_nullable: bool = True,
        partition_count: t.Callable[[exp.Expr], int | None] | None = None,
        statements: tuple[tuple[re.Pattern[str], str], ...] = (),
        changes: tuple[tuple[re.Pattern[str], str], ...] = (),
    ) -> Grammar:
        """The :class:`Grammar` of this dialect, with this profile's name, description,
        evidence and batch separator."""
        return Grammar(
            name=self.name,
            description=self.description,
            dialect=dialect,
            evidence=self.evidence,
            type_families=type_families,
            batch_separator=self.batch_separator,
            default_nullable=default_nullable,
            partition_count=partition_count,
            statements=statements,
            changes=changes,
        )
