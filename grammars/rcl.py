"""Replication Server RCL and SQL Anywhere publications, read beside Sybase ASE scripts.

Replication definitions are fed to Replication Server, not ASE, but they live in the same
install scripts, are batched with ``go`` and describe the ASE tables the scripts create, so
the :mod:`grammars.sybase` grammar routes these statements here (docs/decisions.md, D30):

* ``create replication definition`` (Replication Server Reference Manual, "create replication
  definition"): ``with primary at ds.db``, ``with all tables named`` / ``with primary | replicate
  table named``, the column list with RCL datatypes (``rs_address``, ``identity``,
  ``timestamp``, ``map to``, ``computed``, ``quoted``, ``references``), ``primary key``,
  ``searchable columns``,
  ``send standby``, ``replicate minimal | all columns``, ``replicate_if_changed``,
  ``always_replicate``, ``replicate SQLDML``, ``with | without dynamic sql``;
* ``alter replication definition`` with one clause ("alter replication definition"), and
  ``alter [applied | request] function replication definition`` (its ``deliver as``, ``with
  replicate function named``, ``add`` parameters, ``add searchable parameters``, ``send
  standby``), both lowered to ``ReplicationDefinitionChange``;
* ``create [applied | request] function replication definition`` ("create function replication
  definition", "create applied function replication definition");
* ``create | define subscription ... for ... with replicate at ds.db [where ...]``
  ("create subscription", "define subscription");
* ``create publication``: SQL Anywhere's ``CREATE PUBLICATION p (TABLE t [(cols)] [WHERE c]
  [SUBSCRIBE BY e], ...)`` (SQL Remote) and Replication Server's ``create publication p with
  primary at ds.db``.

A small recursive-descent parser over sqlglot's tokens (the T-SQL tokenizer the Sybase grammar
uses) builds the nodes in :mod:`grammars.nodes`; every error is a ``ParseError`` with a line
and column, like sqlglot's own.

>>> from grammars import sybase
>>> sql = "create replication definition rd with primary at DS.pubs2 (a int) primary key (a)"
>>> tree = parse(sql, sybase.DdlauditSybase().tokenize(sql))
>>> tree.name, tree.args["server"], tree.args["primary_key"]
('rd', 'DS', ['a'])
"""

from __future__ import annotations

import re
import typing as t

from sqlglot import exp
from sqlglot.errors import ParseError
from sqlglot.tokenizer_core import Token, TokenType

from grammars import nodes
from grammars.procargs import parse_error

#: Statement heads this module parses (the Sybase grammar's ``"replication"`` statements).
HEAD = re.compile(
    r"""\s*(?:
        (?:create|alter)\s+(?:(?:applied|request)\s+)?(?:function\s+)?replication\s+definition\b
        | (?:create|define)\s+subscription\b
        | create\s+publication\b
    )""",
    re.IGNORECASE | re.VERBOSE,
)

#: RCL statements this module does not parse, as (pattern, what they are): the IR has no
#: place for them, so they are skipped with a diagnostic (P008) saying they are not
#: analysed.  A database replication definition (multi-site availability, MSA:
#: Replication Server Reference Manual, "create database replication definition") sends
#: a whole database's tables, or those its ``replicate tables in (...)`` lists; an article
#: ("create article", "alter article", "drop article") adds a replication definition to
#: a publication.
NOT_ANALYSED = (
    (
        re.compile(
            r"\s*(?:create|alter|drop)\s+database\s+replication\s+definition\b", re.IGNORECASE
        ),
        "database replication definition (MSA)",
    ),
    (re.compile(r"\s*(?:create|alter|drop)\s+article\b", re.IGNORECASE), "article"),
)


def not_analysed(text: str) -> str | None:
    """What an RCL statement ddlaudit does not analyse is (:data:`NOT_ANALYSED`), or None.

    >>> not_analysed("create database replication definition r with primary at DS.db")
    'database replication definition (MSA)'
    >>> not_analysed("create replication definition r with primary at DS.db (a int)") is None
    True
    """
    for pattern, what in NOT_ANALYSED:
        if pattern.match(text):
            return what
    return None


# ------------------------------------------------------------------------- tokens


class Tok(t.NamedTuple):
    """A token as this parser sees it: ``kind`` is word, string, ident, number or punct."""

    kind: str
    text: str
    start: int
    end: int  # exclusive


_WORDS = re.compile(r"[A-Za-z_#$@][\w#$@]*")
_SPACE = re.compile(r"\s+")


def tokens(sql: str, raw: t.Sequence[Token]) -> list[Tok]:
    """sqlglot's tokens re-cut for RCL: multi-word keywords split into words, ``@p`` joined.

    sqlglot reads ``PRIMARY KEY`` or ``UNSIGNED INT`` as one keyword token and ``@p`` as two;
    RCL clauses are sequences of plain words, so they are compared word by word here.
    """
    out: list[Tok] = []
    for token in raw:
        start, end = token.start, token.end + 1
        kind = token.token_type
        if kind in (TokenType.STRING, TokenType.NATIONAL_STRING):
            out.append(Tok("string", token.text, start, end))
        elif kind == TokenType.IDENTIFIER:
            out.append(Tok("ident", token.text, start, end))
        elif kind == TokenType.NUMBER:
            out.append(Tok("number", token.text, start, end))
        elif out and out[-1].text == "@" and out[-1].end == start and _WORDS.fullmatch(token.text):
            out[-1] = Tok("word", "@" + sql[start:end], out[-1].start, end)
        else:
            source = sql[start:end]
            words = list(_WORDS.finditer(source))
            if words and "".join(m.group() for m in words) == _SPACE.sub("", source):
                out.extend(
                    Tok("word", m.group(), start + m.start(), start + m.end()) for m in words
                )
            else:
                out.append(Tok("punct", source, start, end))
    return out


# ------------------------------------------------------------------------- parser

#: Words that end an RCL datatype (what may follow it in a column definition).
_TYPE_STOP = frozenset(
    {"null", "not", "map", "quoted", "computed", "identity_gap", "references", "as", "with"}
)
#: What may follow ``unsigned`` in an RCL datatype.
_UNSIGNED = frozenset({"tinyint", "smallint", "int", "integer", "bigint"})
#: Phrases that may follow a subscription's where clause.
_SUBSCRIPTION_OPTIONS = (
    ("without", "materialization"),
    ("without", "holdlock"),
    ("incrementally",),
    ("subscribe", "to", "truncate", "table"),
    ("for", "new", "articles"),
    ("use", "dump", "marker"),
    ("direct_load",),
)


class _Parser:
    """Recursive descent over :func:`tokens` of one statement."""

    def __init__(self, sql: str, toks: list[Tok]) -> None:
        self.sql = sql
        self.toks = toks
        self.i = 0

    # --------------------------------------------------------------- cursor

    def peek(self, k: int = 0) -> Tok | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def word(self, k: int = 0) -> str:
        tok = self.peek(k)
        return tok.text.lower() if tok is not None and tok.kind == "word" else ""

    def at(self, *words: str) -> bool:
        return all(self.word(k) == w for k, w in enumerate(words))

    def accept(self, *words: str) -> bool:
        if self.at(*words):
            self.i += len(words)
            return True
        return False

    def expect(self, *words: str) -> None:
        if not self.accept(*words):
            raise self.error(f"Expected {' '.join(words).upper()}")

    def is_punct(self, text: str, k: int = 0) -> bool:
        tok = self.peek(k)
        return tok is not None and tok.kind == "punct" and tok.text == text

    def accept_punct(self, text: str) -> bool:
        if self.is_punct(text):
            self.i += 1
            return True
        return False

    def expect_punct(self, text: str) -> None:
        if not self.accept_punct(text):
            raise self.error(f"Expecting {text}")

    def error(self, message: str, tok: Tok | None = None) -> ParseError:
        tok = tok or self.peek()
        if tok is None:  # at the end: point at the last token
            last = self.toks[-1] if self.toks else Tok("punct", "", 0, 1)
            return parse_error(self.sql, last.start, last.end, f"{message}, got the end")
        return parse_error(self.sql, tok.start, tok.end, f"{message}, got {tok.text!r}")

    def done(self) -> bool:
        while self.is_punct(";"):
            self.i += 1
        return self.peek() is None

    # ---------------------------------------------------------------- names

    def name(self, what: str, parameter: bool = False) -> Tok:
        """An identifier (bare, "quoted" or [bracketed]); ``@name`` only when ``parameter``."""
        tok = self.peek()
        if tok is None or tok.kind not in ("word", "ident", "string"):
            raise self.error(f"Expected {what}")
        if tok.kind == "word" and tok.text.startswith("@") != parameter:
            raise self.error(f"Expected {what}")
        self.i += 1
        return tok

    def qualified(self, what: str) -> exp.Table:
        """``[[db.]owner.]name`` where each part may be quoted or a 'string' (RCL table names)."""
        first = self.name(what)
        parts = [first]
        while self.is_punct(".") or self.is_punct(".."):
            gap = self.peek()
            self.i += 1
            if gap is not None and gap.text == "..":
                parts.append(Tok("word", "", gap.start, gap.start))
            parts.append(self.name(what))
        if len(parts) > 3:
            raise self.error(f"Expected {what}", parts[3])
        names = [p.text for p in parts]
        ident = exp.to_identifier(names[-1])
        ident.meta.update({"start": parts[-1].start, "end": parts[-1].end - 1})
        table = exp.Table(
            this=ident,
            db=exp.to_identifier(names[-2]) if len(names) > 1 and names[-2] else None,
            catalog=exp.to_identifier(names[-3]) if len(names) > 2 else None,
        )
        table.meta["span"] = (first.start, parts[-1].end)
        return table

    def server_database(self) -> tuple[str, str]:
        """``data_server.database``."""
        server = self.name("a data server name").text
        self.expect_punct(".")
        return server, self.name("a database name").text

    def name_list(self, what: str, parameter: bool = False, wrapped: bool = True) -> list[str]:
        """``(a, b, ...)`` (or the bare list ``a, b`` of ``alter replication definition``)."""
        if wrapped:
            self.expect_punct("(")
        names = [self.name(what, parameter).text]
        while self.accept_punct(","):
            names.append(self.name(what, parameter).text)
        if wrapped:
            self.expect_punct(")")
        return names

    def text_until(self, stop: t.Callable[[], bool]) -> tuple[str, int, int] | None:
        """Source text from here to where ``stop`` holds at depth 0 (or the end)."""
        first = self.peek()
        depth = 0
        while (tok := self.peek()) is not None:
            if depth == 0 and (stop() or tok.text == ")" or tok.text == ";"):
                break
            if tok.kind == "punct" and tok.text == "(":
                depth += 1
            elif tok.kind == "punct" and tok.text == ")":
                depth -= 1
            self.i += 1
        if first is None or self.i == 0 or self.toks[self.i - 1].end <= first.start:
            return None
        end = self.toks[self.i - 1].end
        return self.sql[first.start : end], first.start, end

    # --------------------------------------------------------------- columns

    def data_type(self) -> exp.DataType | None:
        """An RCL datatype: one word, or one of the multi-word names (``unsigned int``,
        ``rawobject in row``, ``double precision``), then ``(n[, m])``.  Only those names take
        a second word, so a stray word after a type is an error at that word rather than part
        of an unknown type name."""
        first = self.peek()
        if first is None or first.kind != "word" or first.text.lower() in _TYPE_STOP:
            return None
        head = self.word()
        self.i += 1
        if head == "unsigned" and self.word() in _UNSIGNED:
            self.i += 1
        elif head == "rawobject":
            self.accept("in", "row")
        elif head == "double":
            self.accept("precision")
        if self.accept_punct("("):
            while not self.accept_punct(")"):
                if self.peek() is None:
                    raise self.error("Expecting )")
                self.i += 1
        last = self.toks[self.i - 1]
        declared = self.sql[first.start : last.end]
        node = exp.DataType(this=exp.DType.USERDEFINED, kind=declared)
        node.meta["declared"] = declared
        node.meta["span"] = (first.start, last.end)
        return node

    def column(self, parameter: bool = False) -> nodes.RclColumn:
        what = "a parameter name (@name)" if parameter else "a column name"
        name = self.name(what, parameter)
        args: dict[str, t.Any] = {"this": name.text}
        if self.accept("as"):
            args["replicate"] = self.name("a replicate column name").text
        kind = self.data_type()
        if kind is not None:
            args["kind"] = kind
        if self.accept("null"):
            args["nullable"] = True
        elif self.accept("not", "null"):
            args["nullable"] = False
        if self.accept("computed"):
            args["computed"] = True
        if self.accept("map", "to"):
            published = self.data_type()
            if published is None:
                raise self.error("Expected a datatype after MAP TO")
            args["map_to"] = published
        if self.accept("quoted"):
            args["quoted"] = True
        elif self.accept("not", "quoted"):  # alter columns with c [as r] not quoted
            args["quoted"] = False
        if self.accept("references"):
            args["references"] = self.references()
        node = nodes.RclColumn(**args)
        node.meta["span"] = (name.start, self.toks[self.i - 1].end)
        return node

    def references(self) -> str:
        """``references {[owner.]table [(column)] | null}`` (Reference Manual, "create | alter
        replication definition"): the referenced table, kept as written."""
        if self.accept("null"):
            return "null"
        first = self.peek()
        table = self.qualified("a referenced table name")
        if self.accept_punct("("):
            self.name("a referenced column name")
            self.expect_punct(")")
        start = first.start if first is not None else table.meta["span"][0]
        return self.sql[start : self.toks[self.i - 1].end]

    def column_list(self, parameter: bool = False) -> list[nodes.RclColumn]:
        self.expect_punct("(")
        if parameter and self.accept_punct(")"):
            return []  # a procedure without parameters
        columns = [self.column(parameter)]
        while self.accept_punct(","):
            columns.append(self.column(parameter))
        if not self.accept_punct(")"):
            raise self.error("Expecting , or ) in the column list")
        return columns

    def table_named(self) -> exp.Table:
        table = self.qualified("a table name")
        self.accept("quoted")
        return table

    # ---------------------------------------------------------- statements

    def statement(self) -> exp.Expr:
        if self.accept("alter"):
            kind = "function"
            if self.at("applied") or self.at("request"):
                kind = self.word()
                self.i += 1
                self.expect("function")
            elif not self.accept("function"):
                self.expect("replication", "definition")
                return self.alter_repdef()
            self.expect("replication", "definition")
            return self.alter_function_repdef(kind)
        verb = self.word()
        self.i += 1  # create | define (HEAD matched)
        if verb == "define" or self.at("subscription"):
            self.expect("subscription")
            return self.subscription(verb)
        if self.accept("publication"):
            return self.publication()
        kind = "table"
        if self.at("applied") or self.at("request"):
            kind = self.word()
            self.i += 1
        if self.accept("function"):
            kind = "function" if kind == "table" else kind
            self.expect("replication", "definition")
            return self.function_repdef(kind)
        self.expect("replication", "definition")
        return self.repdef()

    def repdef(self) -> nodes.CreateReplicationDefinition:
        name = self.name("a replication definition name").text
        self.expect("with", "primary", "at")
        server, database = self.server_database()
        args: dict[str, t.Any] = {"this": name, "server": server, "database": database}
        options: list[tuple[str, str]] = []
        if self.accept("with", "all", "tables", "named"):
            table = self.table_named()
            args["primary_table"], args["replicate_table"] = table, table.copy()
        else:
            if self.accept("with", "primary", "table", "named"):
                args["primary_table"] = self.table_named()
            if self.accept("with", "replicate", "table", "named"):
                args["replicate_table"] = self.table_named()
        if not self.is_punct("("):
            raise self.error("Expecting ( and the column list")
        args["expressions"] = self.column_list()
        if not self.accept("primary", "key"):
            raise self.error("Expected PRIMARY KEY (columns)")
        args["primary_key"] = self.name_list("a primary key column")
        while not self.done():
            if self.accept("searchable", "columns"):
                args["searchable"] = self.name_list("a searchable column")
            elif self.accept("send", "standby"):
                args["send_standby"] = self.standby("columns")
            elif self.accept("replicate", "minimal", "columns"):
                args["minimal"] = True
            elif self.accept("replicate", "all", "columns"):
                args["minimal"] = False
            elif self.at("replicate"):
                options.append(self.replicate_option())
            elif self.accept("replicate_if_changed"):
                args["if_changed"] = self.name_list("a column")
            elif self.accept("always_replicate"):
                args["always"] = self.name_list("a column")
            elif self.accept("with", "dynamic", "sql"):
                options.append(("dynamic_sql", "on"))
            elif self.accept("without", "dynamic", "sql"):
                options.append(("dynamic_sql", "off"))
            else:
                raise self.error(
                    "Expected SEARCHABLE COLUMNS, SEND STANDBY, REPLICATE MINIMAL | ALL COLUMNS,"
                    " REPLICATE_IF_CHANGED or ALWAYS_REPLICATE"
                )
        if options:
            args["options"] = options
        return nodes.CreateReplicationDefinition(**args)

    def standby(self, noun: str) -> str:
        """``send standby [off | {all | replication definition} columns|parameters]``."""
        if self.accept("off"):
            return "off"
        value = "all"
        if self.accept("replication", "definition"):
            value = "replication definition"
        elif self.accept("all"):
            value = "all"
        elif not self.at(noun):
            return value  # bare "send standby": all columns
        self.expect(noun)
        return value

    def replicate_option(self) -> tuple[str, str]:
        """``replicate SQLDML ['off']`` or ``replicate 'options'``."""
        self.expect("replicate")
        if self.accept("sqldml"):
            tok = self.peek()
            if tok is not None and tok.kind == "string":
                self.i += 1
                return ("sqldml", tok.text)
            return ("sqldml", "on")
        tok = self.peek()
        if tok is None or tok.kind != "string":
            raise self.error("Expected MINIMAL COLUMNS, ALL COLUMNS, SQLDML or 'options'")
        self.i += 1
        return ("sqldml", tok.text)

    def alter_repdef(self) -> nodes.AlterReplicationDefinition:
        name = self.name("a replication definition name").text
        args: dict[str, t.Any] = {"this": name}
        if self.accept("with", "replicate", "table", "named"):
            table = self.table_named()
            args.update(action="replicate_table", value=".".join(p.name for p in table.parts))
        elif self.accept("alter"):
            if self.accept("columns"):
                # "alter columns with c ..." and the older "alter columns c {quoted | not quoted}"
                self.accept("with")
                args.update(action="alter_columns", expressions=self.bare_columns())
            elif self.accept("replicate", "table", "name"):
                if self.accept("quoted"):
                    quoted = "on"
                else:
                    self.expect("not", "quoted")
                    quoted = "off"
                args.update(action="option", value=f"quoted_replicate_table={quoted}")
            else:
                self.accept("primary")
                self.expect("owner", "from")
                old = self.name("an owner").text
                self.expect("to")
                args.update(action="alter_owner", value=f"{old} -> {self.name('an owner').text}")
        elif self.accept("add", "primary", "key"):
            args.update(action="add_primary_key", names=self.name_list("a column", wrapped=False))
        elif self.accept("drop", "primary", "key"):
            args.update(action="drop_primary_key", names=self.name_list("a column", wrapped=False))
        elif self.accept("add", "searchable", "columns"):
            names = self.name_list("a column", wrapped=False)
            args.update(action="add_searchable_columns", names=names)
        elif self.accept("drop", "searchable", "columns"):
            names = self.name_list("a column", wrapped=False)
            args.update(action="drop_searchable_columns", names=names)
        elif self.accept("add"):
            args.update(action="add_columns", expressions=self.bare_columns())
        elif self.accept("drop"):
            args.update(action="drop_columns", names=self.name_list("a column", wrapped=False))
        elif self.accept("send", "standby"):
            args.update(action="send_standby", value=self.standby("columns"))
        elif self.accept("replicate", "minimal", "columns"):
            args.update(action="replicate_minimal_columns")
        elif self.accept("replicate", "all", "columns"):
            args.update(action="replicate_all_columns")
        elif self.at("replicate"):
            key, value = self.replicate_option()
            args.update(action="option", value=f"{key}={value}")
        elif self.accept("replicate_if_changed"):
            names = self.name_list("a column", wrapped=False)
            args.update(action="replicate_if_changed", names=names)
        elif self.accept("always_replicate"):
            args.update(action="always_replicate", names=self.name_list("a column", wrapped=False))
        elif self.accept("with", "dynamic", "sql"):
            args.update(action="option", value="dynamic_sql=on")
        elif self.accept("without", "dynamic", "sql"):
            args.update(action="option", value="dynamic_sql=off")
        elif self.at("references"):
            found = self.text_until(lambda: False)
            args.update(action="option", value=found[0] if found else "references")
        else:
            raise self.error(
                "Expected ADD, DROP, ALTER, SEND STANDBY, REPLICATE, REPLICATE_IF_CHANGED,"
                " ALWAYS_REPLICATE or WITH REPLICATE TABLE NAMED"
            )
        self.dsi_suspended()
        if not self.done():
            raise self.error("Unexpected text after the ALTER REPLICATION DEFINITION clause")
        return nodes.AlterReplicationDefinition(**args)

    def dsi_suspended(self) -> None:
        """``with DSI_suspended`` (one example of the manual spells it ``with DSI suspended``)."""
        if not self.accept("with", "dsi_suspended"):
            self.accept("with", "dsi", "suspended")

    def alter_function_repdef(self, kind: str) -> nodes.AlterReplicationDefinition:
        """``alter [applied | request] function replication definition name {deliver as 'p' |
        with replicate function named 'f' | add @p type, ... | add searchable parameters @p,
        ... | send standby {all | replication definition} parameters} [with DSI_suspended]``."""
        name = self.name("a function replication definition name").text
        args: dict[str, t.Any] = {"this": name}
        if self.accept("deliver", "as"):
            args.update(action="deliver_as", value=self.name("a procedure name").text)
        elif self.accept("with", "replicate", "function", "named"):
            args.update(action="replicate_function", value=self.name("a function name").text)
        elif self.accept("add", "searchable", "parameters"):
            names = self.name_list("a parameter (@name)", parameter=True, wrapped=False)
            args.update(action="add_searchable_parameters", names=names)
        elif self.accept("add"):
            params = [self.column(parameter=True)]
            while self.accept_punct(","):
                params.append(self.column(parameter=True))
            args.update(action="add_parameters", expressions=params)
        elif self.accept("send", "standby"):
            args.update(action="send_standby_parameters", value=self.standby("parameters"))
        else:
            raise self.error(
                "Expected DELIVER AS, WITH REPLICATE FUNCTION NAMED, ADD or SEND STANDBY"
            )
        self.dsi_suspended()
        if not self.done():
            head = "" if kind == "function" else kind.upper() + " "
            raise self.error(
                f"Unexpected text after the ALTER {head}FUNCTION REPLICATION DEFINITION clause"
            )
        return nodes.AlterReplicationDefinition(**args)

    def bare_columns(self) -> list[nodes.RclColumn]:
        columns = [self.column()]
        while self.accept_punct(","):
            columns.append(self.column())
        return columns

    def function_repdef(self, kind: str) -> nodes.CreateFunctionReplicationDefinition:
        name = self.name("a function replication definition name").text
        self.expect("with", "primary", "at")
        server, database = self.server_database()
        args: dict[str, t.Any] = {
            "this": name,
            "kind": kind,
            "server": server,
            "database": database,
        }
        while not self.is_punct("("):
            if self.accept("deliver", "as"):
                args["deliver_as"] = self.name("a procedure name").text
            elif self.accept("with", "all", "functions", "named"):
                function = self.name("a function name").text
                args["primary_function"] = args["replicate_function"] = function
            elif self.accept("with", "primary", "function", "named"):
                args["primary_function"] = self.name("a function name").text
            elif self.accept("with", "replicate", "function", "named"):
                args["replicate_function"] = self.name("a function name").text
            else:
                raise self.error("Expecting ( and the parameter list")
        args["expressions"] = self.column_list(parameter=True)
        while not self.done():
            if self.accept("searchable", "parameters"):
                args["searchable"] = self.name_list("a parameter (@name)", parameter=True)
            elif self.accept("send", "standby"):
                args["send_standby"] = self.standby("parameters")
            else:
                raise self.error("Expected SEARCHABLE PARAMETERS or SEND STANDBY")
        return nodes.CreateFunctionReplicationDefinition(**args)

    def subscription(self, verb: str) -> nodes.CreateSubscription:
        name = self.name("a subscription name").text
        self.expect("for")
        args: dict[str, t.Any] = {"this": name, "kind": "repserver"}
        if self.accept("publication"):
            args["target_kind"] = "publication"
        elif self.accept("database", "replication", "definition"):
            args["target_kind"] = "database_replication_definition"
        else:
            args["target_kind"] = "replication_definition"
        args["target"] = self.name("a replication definition or publication name").text
        if self.accept("with", "primary", "at"):
            args["primary_server"], args["primary_database"] = self.server_database()
        self.expect("with", "replicate", "at")
        args["replicate_server"], args["replicate_database"] = self.server_database()

        def option_ahead() -> bool:
            return any(self.at(*phrase) for phrase in _SUBSCRIPTION_OPTIONS)

        if self.accept("where"):
            found = self.text_until(option_ahead)
            if found is None:
                raise self.error("Expected a search condition after WHERE")
            args["where"] = found[0]
        options = ["bulk materialization"] if verb == "define" else []
        while not self.done():
            phrase = next((p for p in _SUBSCRIPTION_OPTIONS if self.accept(*p)), None)
            if phrase is None:
                raise self.error(
                    "Expected WHERE, WITHOUT MATERIALIZATION, INCREMENTALLY or SUBSCRIBE TO"
                    " TRUNCATE TABLE"
                )
            options.append(" ".join(phrase))
            if phrase == ("direct_load",) and self.accept("user"):
                # the login is not recorded (nor its password)
                self.name("a user name")
                self.expect("password")
                self.name("a password")
        if options:
            args["options"] = options
        return nodes.CreateSubscription(**args)

    def publication(self) -> nodes.CreatePublication:
        name = self.qualified("a publication name")
        if self.accept("with", "primary", "at"):
            server, database = self.server_database()
            if not self.done():
                raise self.error("Unexpected text after the publication's primary database")
            return nodes.CreatePublication(
                this=name, kind="repserver", server=server, database=database
            )
        options: list[str] = []
        if self.accept("for", "download", "only"):
            options.append("for download only")
        elif self.accept("with", "scripted", "upload"):
            options.append("with scripted upload")
        self.expect_punct("(")
        articles = [self.article()]
        while self.accept_punct(","):
            articles.append(self.article())
        self.expect_punct(")")
        if not self.done():
            raise self.error("Unexpected text after the publication's articles")
        return nodes.CreatePublication(
            this=name, kind="sql_anywhere", expressions=articles, options=options or None
        )

    def article(self) -> nodes.PublicationArticle:
        first = self.peek()
        if not self.accept("table"):
            raise self.error("Expected TABLE (an article of the publication)")
        args: dict[str, t.Any] = {"this": self.qualified("a table name")}
        if self.is_punct("("):
            args["expressions"] = self.name_list("a column")
        if self.accept("where"):
            found = self.text_until(lambda: self.at("subscribe", "by") or self.is_punct(","))
            if found is None:
                raise self.error("Expected a search condition after WHERE")
            args["where"] = found[0]
        if self.accept("subscribe", "by"):
            found = self.text_until(lambda: self.is_punct(","))
            if found is None:
                raise self.error("Expected an expression after SUBSCRIBE BY")
            args["subscribe_by"] = found[0]
        node = nodes.PublicationArticle(**args)
        if first is not None:
            node.meta["span"] = (first.start, self.toks[self.i - 1].end)
        return node


def parse(sql: str, raw: t.Sequence[Token]) -> exp.Expr:
    """Parse one RCL / publication statement (its head matched :data:`HEAD`)."""
    parser = _Parser(sql, tokens(sql, raw))
    tree = parser.statement()
    if not parser.done():
        raise parser.error("Unexpected text after the statement")
    first = parser.toks[0] if parser.toks else None
    if first is not None:
        last = parser.toks[parser.i - 1] if parser.i else first
        tree.meta["span"] = (first.start, last.end)
    return tree
