"""T-SQL (SQL Server) grammar: sqlglot's ``tsql`` dialect extended for real DDL.

sqlglot 30.30 rejects or flattens much of what SSMS scripts contain.  This grammar adds:

* keys with their index: ``PRIMARY KEY`` / ``UNIQUE`` ``[CLUSTERED | NONCLUSTERED] [HASH]``
  with ``WITH (...)`` and ``ON filegroup | scheme(col)``, at table and column level
  (:class:`~grammars.nodes.IndexedPrimaryKey` and friends), inline ``INDEX`` definitions,
  ``CHECK NOT FOR REPLICATION`` and ``... REFERENCES ... NOT FOR REPLICATION``;
* column options ``FILESTREAM``, ``ROWGUIDCOL``, ``SPARSE``, ``COLUMN_SET FOR
  ALL_SPARSE_COLUMNS``, ``MASKED WITH (...)``, ``ENCRYPTED WITH (...)``, and the bare
  ``timestamp`` column (a column named and typed ``timestamp``);
* table options ``TEXTIMAGE_ON``, ``FILESTREAM_ON``, ``DATA_COMPRESSION`` / ``XML_COMPRESSION``
  ``[ON PARTITIONS (...)]`` and ``SYSTEM_VERSIONING`` anywhere in ``WITH (...)``;
* ``CREATE TYPE name FROM base [NULL | NOT NULL]`` (:class:`~grammars.nodes.CreateAliasType`)
  and ``CREATE TYPE name AS TABLE (...)`` (``Create(kind="TYPE", this=Schema)``);
* types ``xml(CONTENT schema_collection)`` and the ISO synonyms ``national char varying``,
  ``binary varying`` ...;
* ``ALTER TABLE t WITH NOCHECK ADD ...`` and an unnamed ``ADD CHECK (...)`` (ALTER TABLE
  (Transact-SQL), ``table_constraint``), read with ``CREATE INDEX`` as table changes
  (``Grammar.changes``, docs/decisions.md D76);
* SQL Server 2016-2022 tables: ``GENERATED ALWAYS AS TRANSACTION_ID | SEQUENCE_NUMBER START |
  END [HIDDEN]``, ``LEDGER = ON (...)``, ``SYSTEM_VERSIONING`` sharing the ``WITH (...)`` list,
  graph tables ``AS NODE`` / ``AS EDGE`` and ``CONNECTION (a TO b) [ON DELETE ...]``;
  Azure Synapse / PDW ``DISTRIBUTION``, ``CLUSTERED COLUMNSTORE INDEX`` / ``HEAP`` /
  ``CLUSTERED INDEX (...)``, ``PARTITION (c RANGE LEFT | RIGHT FOR VALUES (...))``, and
  ``PRIMARY KEY NONCLUSTERED (...) NOT ENFORCED`` (issue 20, docs/grammars.md);
* a CREATE TABLE that is the body of an IF / ELSE / WHILE ends at the block's ELSE / END
  (docs/decisions.md D100);
* strictness: a ``CREATE TABLE`` / ``CREATE TYPE`` that cannot be parsed whole is a parse
  error, never a silent ``exp.Command``.

The generator writes every added node back as T-SQL, and data types as declared.
"""

from __future__ import annotations

import typing as t

from sqlglot import exp
from sqlglot.dialects.tsql import TSQL
from sqlglot.errors import ErrorLevel
from sqlglot.generators.tsql import TSQLGenerator
from sqlglot.parser import OPTIONS_TYPE
from sqlglot.parsers.tsql import TSQLParser
from sqlglot.tokenizer_core import Token, TokenType

from grammars import nodes
from grammars.base import FOREIGN_KEYWORDS, KEY_CHANGES, SpanParserMixin
from grammars.nodes import (
    DistributionProperty,
    EdgeConnectionConstraint,
    GeneratedAlwaysColumnConstraint,
    GraphTableProperty,
    LedgerProperty,
    PlainColumnDef,
    RangePartitionProperty,
    TableIndexProperty,
)
from grammars.procargs import SP_ADDTYPE, Arg, parse_error, procedure_args
from grammars.profiles.tsql import PROFILE
from grammars.scan import FastScanMixin

#: Statement heads that must parse whole (see ``_parse_as_command``).
_STRICT_CREATES = frozenset({"TABLE", "TYPE"})


#: A key column's plain name, and the order words after it.
_KEY_NAMES = frozenset({TokenType.VAR, TokenType.IDENTIFIER})
_KEY_ORDERS = frozenset({TokenType.ASC, TokenType.DESC})

#: Words that end the body of an ``IF`` / ``ELSE`` / ``WHILE`` around a CREATE TABLE.
_BLOCK_TAIL = frozenset({"ELSE", "END"})

_error = parse_error


def _table_shaped(kind: exp.Expr | None) -> bool:
    """Whether a constraint read after a column names its own columns: a PRIMARY KEY,
    UNIQUE or FOREIGN KEY with a column list, which is a table constraint."""
    if isinstance(kind, nodes.IndexedPrimaryKey | nodes.IndexedUniqueConstraint):
        return bool(kind.args.get("expressions") or kind.args.get("this"))
    return isinstance(kind, exp.ForeignKey) and bool(kind.args.get("expressions"))


def _hoist_table_constraints(schema: exp.Schema, sql: str) -> None:
    """Move the table constraints written after a column without a separating comma
    (``[Name] varchar(10) NOT NULL CONSTRAINT PK_X PRIMARY KEY CLUSTERED ([Id])``) out of
    the column, to the table level where a comma would have put them.

    SQL Server and ASE read a key with its own column list as a table constraint
    wherever it stands in the list (CREATE TABLE (Transact-SQL), ``< table_constraint >``;
    ASE Reference Manual: Commands, create table); generated and hand-written scripts
    rely on it. The column's span then ends before the first such constraint.
    """
    items: list[exp.Expr] = []
    moved = False
    for item in schema.expressions:
        items.append(item)
        if isinstance(item, PlainColumnDef) or not isinstance(item, exp.ColumnDef):
            continue  # a plain column carries no constraint of this kind
        kept: list[exp.Expr] = []
        hoisted: list[exp.Expr] = []
        for constraint in item.args.get("constraints") or ():
            kind = constraint.args.get("kind")
            if "span" not in constraint.meta or not _table_shaped(kind):
                kept.append(constraint)
                continue
            name = constraint.args.get("this")
            node = kind if name is None else exp.Constraint(this=name, expressions=[kind])
            node.meta["span"] = constraint.meta["span"]
            hoisted.append(node)
        if not hoisted:
            continue
        moved = True
        item.set("constraints", kept or None)
        span = item.meta.get("span")
        if span is not None:
            end = hoisted[0].meta["span"][0]
            item.meta["span"] = (span[0], len(sql[:end].rstrip()))
        items.extend(hoisted)
    if moved:
        schema.set("expressions", items)


class _DdlParser(TSQLParser):
    """sqlglot's T-SQL parser plus the DDL above; sits under ``SpanParserMixin``.

    Kept apart from the dialect's ``Parser`` so the mixin wraps these methods and
    records spans on the nodes they finally return.
    """

    SCHEMA_UNNAMED_CONSTRAINTS: t.ClassVar[set[str]] = TSQLParser.SCHEMA_UNNAMED_CONSTRAINTS | {
        "CONNECTION",
        "INDEX",
    }

    #: Where the IF / ELSE block around the CREATE TABLE being parsed goes on (a token
    #: index), while one is parsed (see ``_block_tail``).
    _block_tail_at: int | None = None

    KEY_CONSTRAINT_OPTIONS: t.ClassVar[OPTIONS_TYPE] = {
        **TSQLParser.KEY_CONSTRAINT_OPTIONS,
        "NOT": ("ENFORCED", ("FOR", "REPLICATION")),
    }

    CONSTRAINT_PARSERS: t.ClassVar[dict[str, t.Callable[[t.Any], exp.Expr | None]]] = {
        **TSQLParser.CONSTRAINT_PARSERS,
        "CHECK": lambda self: self._parse_tsql_check(),
        "COLUMN_SET": lambda self: self._parse_column_set(),
        "CONNECTION": lambda self: self._parse_edge_connection(),
        "ENCRYPTED": lambda self: self._parse_text_option("ENCRYPTED"),
        "FILESTREAM": lambda self: self.expression(nodes.FileStreamColumnConstraint()),
        "GENERATED": lambda self: self._parse_generated_always(),
        "INDEX": lambda self: self._parse_inline_index(),
        "MASKED": lambda self: self._parse_text_option("MASKED"),
        "PRIMARY KEY": lambda self: self._parse_indexed_key(primary=True),
        "ROWGUIDCOL": lambda self: self.expression(nodes.RowGuidColColumnConstraint()),
        "SPARSE": lambda self: self.expression(nodes.SparseColumnConstraint()),
        "UNIQUE": lambda self: self._parse_indexed_key(primary=False),
    }

    ALTER_PARSERS: t.ClassVar[dict[str, t.Callable[..., t.Any]]] = {
        **TSQLParser.ALTER_PARSERS,
        "WITH": lambda self: self._parse_alter_nocheck(),
    }

    PROPERTY_PARSERS: t.ClassVar[dict[str, t.Callable[..., t.Any]]] = {
        **TSQLParser.PROPERTY_PARSERS,
        # AS NODE / AS EDGE after the column list; any other AS is left to CREATE
        "AS": lambda self: self._parse_graph_table(),
        "COMPRESSION_DELAY": lambda self: self._parse_compression_delay(),
        "DATA_COMPRESSION": lambda self: self._parse_compression("DATA_COMPRESSION"),
        "FILESTREAM_ON": lambda self: self.expression(
            nodes.FileStreamOnProperty(this=self._parse_id_var(any_token=True))
        ),
        "TEXTIMAGE_ON": lambda self: self.expression(
            nodes.TextImageOnProperty(this=self._parse_id_var(any_token=True))
        ),
        "XML_COMPRESSION": lambda self: self._parse_compression("XML_COMPRESSION"),
    }

    # ------------------------------------------------------------ statements

    # CREATE TYPE ... FROM yields a CreateAliasType, outside sqlglot's Create | Command
    def _parse_create(self) -> exp.Expr:  # type: ignore[override]
        index = self._index
        if self._match_text_seq("TYPE"):  # TYPE is no keyword in T-SQL's tokenizer
            created = self._parse_create_type()
            if created is not None:
                return created
            self._retreat(index)

        cut = self._block_tail()
        if cut is None:
            create = super()._parse_create()
        else:
            # the CREATE TABLE is the body of an IF / ELSE / WHILE: parse it up to the
            # ELSE / END that closes the body (_parse_statement skips the rest)
            tokens, size = self._tokens, self._tokens_size
            self._tokens, self._tokens_size = tokens[:cut], cut
            try:
                create = super()._parse_create()
            finally:
                self._tokens, self._tokens_size = tokens, size
                self._advance(0)
            self._block_tail_at = cut
        if (
            isinstance(create, exp.Create)
            and isinstance(create.this, exp.Schema)
            and create.kind in _STRICT_CREATES
        ):
            self._check_column_types(create.this)
        return create

    def _block_tail(self) -> int | None:
        """Where the body of a control-flow block that a CREATE TABLE is ends: the first
        ``ELSE`` / ``END`` outside parentheses (CREATE TABLE has neither at that depth;
        a CASE ... END is inside a column's parentheses); None when there is none."""
        tokens = self._tokens
        if not self._curr or self._curr.token_type is not TokenType.TABLE:
            return None
        depth = 0
        for position in range(self._index, self._tokens_size):
            token = tokens[position]
            kind = token.token_type
            if kind is TokenType.L_PAREN:
                depth += 1
            elif kind is TokenType.R_PAREN:
                depth -= 1
            elif depth == 0 and kind is not TokenType.STRING and token.text.upper() in _BLOCK_TAIL:
                return position
        return None

    #: ``sp_addtype``'s parameters, in order (SQL Server: Transact-SQL Reference,
    #: sp_addtype: ``@typename, @phystype, @nulltype, @owner``).
    SP_ADDTYPE_PARAMS: t.ClassVar[tuple[str, ...]] = ("typename", "phystype", "nulltype", "owner")
    #: ``@nulltype`` values and the nullability each gives ("NULL, NOT NULL, or NONULL").
    SP_ADDTYPE_NULLTYPES: t.ClassVar[dict[str, bool]] = {
        "null": True,
        "not null": False,
        "nonull": False,
    }

    def parse(self, raw_tokens: list[Token], sql: str) -> list[exp.Expr | None]:
        head = SP_ADDTYPE.match(sql) if sql else None
        if head is not None:
            return [self._parse_sp_addtype(sql, head.start(), head.end())]
        return super().parse(raw_tokens, sql)

    def _parse_sp_addtype(self, sql: str, start: int, pos: int) -> nodes.CreateAliasType:
        start = len(sql) - len(sql[start:].lstrip())
        args, end = procedure_args(sql, pos)
        named = {a.name: a for a in args if a.name}
        positional = [a for a in args if not a.name]
        slots: dict[str, Arg] = {}
        params = self.SP_ADDTYPE_PARAMS
        for key, arg in zip(params, positional, strict=False):
            slots[key] = arg
        if len(positional) > len(params):
            extra = positional[len(params)]
            raise _error(sql, extra.start, extra.end, "Too many sp_addtype arguments")
        slots.update(named)
        unknown = sorted(set(named) - set(params))
        if unknown:
            arg = named[unknown[0]]
            raise _error(sql, arg.start, arg.end, f"Unknown sp_addtype argument @{unknown[0]}")
        if "typename" not in slots or "phystype" not in slots:
            raise _error(sql, start, pos, "sp_addtype needs a type name and a base type")
        name_arg, base_arg = slots["typename"], slots["phystype"]
        name = name_arg.text.strip().strip("[]")
        if not name:
            raise _error(sql, name_arg.start, name_arg.end, "Empty sp_addtype type name")
        kind = self._parse_base_type(sql, base_arg)
        nullable: bool | None = None
        if "nulltype" in slots:
            null_arg = slots["nulltype"]
            word = " ".join(null_arg.text.lower().split())
            nulltypes = self.SP_ADDTYPE_NULLTYPES
            if word not in nulltypes:
                *first, last = (repr(w) for w in nulltypes)
                expected = f"{', '.join(first)} or {last}"
                raise _error(
                    sql, null_arg.start, null_arg.end, f"Expected {expected}, got {null_arg.text!r}"
                )
            nullable = nulltypes[word]
        ident = exp.to_identifier(name)
        ident.meta.update({"start": name_arg.start, "end": name_arg.end - 1})
        node = nodes.CreateAliasType(this=exp.Table(this=ident), kind=kind, nullable=nullable)
        node.meta["span"] = (start, len(sql[:end].rstrip()))
        return node

    def _parse_base_type(self, sql: str, arg: Arg) -> exp.DataType:
        """Parse the base type text with this dialect; its meta points into ``sql``."""
        text = arg.text
        lead = len(text) - len(text.lstrip())
        declared = text.strip()
        if not declared:
            raise _error(sql, arg.start, max(arg.end, arg.start + 1), "Empty sp_addtype base type")
        sub = type(self)(error_level=ErrorLevel.IMMEDIATE, dialect=self.dialect)
        try:
            parsed = sub._parse(
                lambda p: p._parse_types(schema=True, allow_identifiers=True),
                self.dialect.tokenize(declared),
                declared,
            )[0]
        except Exception as err:
            errors = getattr(err, "errors", None)
            detail = errors[0].get("description") if errors else None
            detail = str(detail or err).split("\n", 1)[0]
            raise _error(
                sql, arg.start, arg.end, f"Invalid sp_addtype base type {declared!r}: {detail}"
            ) from None
        if not isinstance(parsed, exp.DataType) or parsed.meta.get("declared") != declared:
            raise _error(sql, arg.start, arg.end, f"Invalid sp_addtype base type {declared!r}")
        begin = arg.start + lead
        parsed.meta["declared"] = declared
        parsed.meta["span"] = (begin, begin + len(declared))
        return parsed

    def _parse_statement(self) -> exp.Expr | None:
        self._block_tail_at = None
        statement = super()._parse_statement()
        if self._block_tail_at is not None and self._index == self._block_tail_at:
            # ELSE ... / END of the block around the CREATE TABLE: not part of it
            self._advance(self._tokens_size - self._index)
        return statement

    def _parse_create_type(self) -> exp.Expr | None:
        """``CREATE TYPE`` after TYPE: alias type (``FROM``) or table type (``AS TABLE``)."""
        index = self._index
        name = self._parse_table_parts(schema=True)
        if name and self._match(TokenType.FROM):
            kind = self._parse_types(schema=True)
            if not isinstance(kind, exp.DataType):
                self.raise_error("Expected a base data type after FROM")
                return nodes.CreateAliasType(this=name)
            nullable: bool | None = None
            if self._match_pair(TokenType.NOT, TokenType.NULL):
                nullable = False
            elif self._match(TokenType.NULL):
                nullable = True
            return self.expression(nodes.CreateAliasType(this=name, kind=kind, nullable=nullable))
        if name and self._match_text_seq("EXTERNAL", "NAME"):
            # a CLR type (CREATE TYPE (Transact-SQL): EXTERNAL NAME assembly_name [.class_name])
            external = self._parse_table_parts()
            return self.expression(nodes.CreateAliasType(this=name, external=external))
        if name and self._match(TokenType.ALIAS) and self._match(TokenType.TABLE):
            schema = self._parse_schema(this=name)
            if not isinstance(schema, exp.Schema):
                self.raise_error("Expected ( after AS TABLE")
                return None
            create = self.expression(
                exp.Create(this=schema, kind="TYPE", properties=self._parse_properties())
            )
            self._check_column_types(schema)
            return create
        self._retreat(index)
        return None

    # ------------------------------------------------ temporal, ledger, graph, Synapse

    def _parse_generated_always(self) -> exp.Expr | None:
        """``GENERATED ALWAYS AS {TRANSACTION_ID | SEQUENCE_NUMBER} {START | END} [HIDDEN]``
        (CREATE TABLE (Transact-SQL), ``<column_definition>``, ledger tables); ROW START /
        END and identities are sqlglot's."""
        index = self._index
        if self._match_text_seq("ALWAYS", "AS") and self._match_texts(
            ("TRANSACTION_ID", "SEQUENCE_NUMBER")
        ):
            what = exp.var(self._prev.text.upper())
            start = self._match_text_seq("START")
            if not start and not self._match(TokenType.END):
                self.raise_error(f"Expected START or END after {what.name}")
            hidden = self._match_text_seq("HIDDEN") or None
            return self.expression(
                GeneratedAlwaysColumnConstraint(this=what, start=start, hidden=hidden)
            )
        self._retreat(index)
        return self._parse_generated_as_identity()

    def _parse_graph_table(self) -> exp.Expr | None:
        """``AS NODE`` / ``AS EDGE`` (CREATE TABLE (SQL Graph)); None, nothing consumed, for
        any other AS (``CREATE TABLE ... AS SELECT``, a view's or routine's body)."""
        if self._match_texts(("NODE", "EDGE")):
            return self.expression(GraphTableProperty(this=exp.var(self._prev.text.upper())))
        self._retreat(self._index - 1)
        return None

    def _parse_edge_connection(self) -> exp.Expr:
        """``CONNECTION (a TO b, ...) [ON DELETE {NO ACTION | CASCADE}]`` (CREATE TABLE
        (SQL Graph), edge constraints)."""
        pairs = self._parse_wrapped_csv(self._parse_connection_pair)
        on_delete = None
        if self._match_text_seq("ON", "DELETE"):
            if self._match_text_seq("CASCADE"):
                on_delete = exp.var("CASCADE")
            elif self._match_text_seq("NO", "ACTION"):
                on_delete = exp.var("NO ACTION")
            else:
                self.raise_error("Expected CASCADE or NO ACTION after ON DELETE")
        return self.expression(EdgeConnectionConstraint(expressions=pairs, on_delete=on_delete))

    def _parse_connection_pair(self) -> exp.Expr:
        source = self._parse_table_parts()
        if not self._match_text_seq("TO"):
            self.raise_error("Expected TO between the node tables of a CONNECTION")
        return exp.Tuple(expressions=[source, self._parse_table_parts()])

    def _parse_with_property(self) -> exp.Expr | list[exp.Expr] | None:
        # one WITH (...) list of table options, SYSTEM_VERSIONING first or not (sqlglot
        # reads "WITH (SYSTEM_VERSIONING = ...)" alone and stops at a following comma)
        if not self._match(TokenType.L_PAREN, advance=False):
            return super()._parse_with_property()
        result: list[exp.Expr] = []
        for item in self._parse_wrapped_csv(self._parse_table_option):
            if isinstance(item, list):
                result.extend(item)
            elif isinstance(item, exp.Expr):
                result.append(item)
        return result

    def _parse_table_option(self) -> exp.Expr | list[exp.Expr] | None:
        """One option of ``CREATE TABLE ... WITH (...)``: LEDGER, the Azure Synapse / PDW
        table options (CREATE TABLE (Azure Synapse Analytics), ``<table_option>``), else
        sqlglot's property readers."""
        if self._match_text_seq("CLUSTERED", "COLUMNSTORE", "INDEX"):
            order = (
                self._parse_wrapped_csv(self._parse_column)
                if self._match_text_seq("ORDER")
                else None
            )
            return self.expression(
                TableIndexProperty(this=exp.var("CLUSTERED COLUMNSTORE INDEX"), expressions=order)
            )
        curr = self._curr
        if (
            curr.token_type is TokenType.INDEX and curr.text.split()[0].upper() == "CLUSTERED"
        ):  # the tokenizer reads CLUSTERED INDEX as one INDEX token
            self._advance()
            key = self._parse_wrapped_csv(lambda: self._parse_ordered(self._parse_column))
            return self.expression(
                TableIndexProperty(this=exp.var("CLUSTERED INDEX"), expressions=key)
            )
        if self._match_text_seq("HEAP"):
            return self.expression(TableIndexProperty(this=exp.var("HEAP")))
        if self._match_text_seq("DISTRIBUTION"):
            return self._parse_distribution()
        if self._match_text_seq("PARTITION", "("):
            return self._parse_range_partition()
        if self._match_text_seq("LEDGER"):
            return self._parse_ledger()
        return self._parse_property()

    def _parse_distribution(self) -> exp.Expr:
        self._match(TokenType.EQ)
        if self._match_text_seq("HASH"):
            columns = self._parse_wrapped_csv(self._parse_column)
            return self.expression(DistributionProperty(this=exp.var("HASH"), expressions=columns))
        if not self._match_texts(("ROUND_ROBIN", "REPLICATE")):
            self.raise_error(
                "Expected HASH (column), ROUND_ROBIN or REPLICATE after DISTRIBUTION ="
            )
        return self.expression(DistributionProperty(this=exp.var(self._prev.text.upper())))

    def _parse_range_partition(self) -> exp.Expr:
        """After ``PARTITION (``: ``c RANGE [LEFT | RIGHT] FOR VALUES (v, ...))``."""
        column = self._parse_column()
        if not self._match_text_seq("RANGE"):
            self.raise_error("Expected RANGE after the partitioning column")
        side = exp.var(self._prev.text.upper()) if self._match_texts(("LEFT", "RIGHT")) else None
        if not self._match_text_seq("FOR", "VALUES"):
            self.raise_error("Expected FOR VALUES (boundary, ...)")
        values = self._parse_wrapped_csv(self._parse_bitwise)
        self._match_r_paren()
        return self.expression(RangePartitionProperty(this=column, side=side, expressions=values))

    def _parse_ledger(self) -> exp.Expr:
        """``LEDGER = ON [(option, ...)] | OFF`` (CREATE TABLE (Transact-SQL),
        ``<ledger_option>``)."""
        self._match(TokenType.EQ)
        if self._match_text_seq("OFF"):
            return self.expression(LedgerProperty(on=False))
        if not self._match(TokenType.ON):
            self.raise_error("Expected ON or OFF after LEDGER =")
        append_only = view = None
        if self._match(TokenType.L_PAREN):
            while True:
                if self._match_text_seq("APPEND_ONLY"):
                    self._match(TokenType.EQ)
                    if self._match(TokenType.ON):
                        append_only = True
                    elif self._match_text_seq("OFF"):
                        append_only = False
                    else:
                        self.raise_error("Expected ON or OFF after APPEND_ONLY =")
                elif self._match_text_seq("LEDGER_VIEW"):
                    self._match(TokenType.EQ)
                    view = self._parse_table_parts(schema=True)
                    if self._match(TokenType.L_PAREN, advance=False):
                        # the view's column names: no size effect
                        self._parse_wrapped_csv(self._parse_property)
                else:
                    self.raise_error("Expected APPEND_ONLY or LEDGER_VIEW in LEDGER = ON (...)")
                    break
                if not self._match(TokenType.COMMA):
                    break
            self._match_r_paren()
        return self.expression(LedgerProperty(on=True, append_only=append_only, view=view))

    def _parse_alter_nocheck(self) -> list[exp.Expr] | None:
        """``ALTER TABLE t WITH NOCHECK ADD ...`` (sqlglot reads only WITH CHECK there).

        ALTER TABLE (Transact-SQL): ``WITH CHECK | WITH NOCHECK`` says whether existing rows
        are validated against an added FOREIGN KEY or CHECK constraint; the constraint is the
        same either way.
        """
        if self._match_text_seq("NOCHECK", "ADD"):
            return self._parse_alter_table_add()
        return None

    def _parse_alter_table_add(self) -> list[exp.Expr]:
        # ADD CHECK (...) without a name: sqlglot would read CHECK as a column name
        curr = self._curr
        if curr and curr.token_type is TokenType.VAR and curr.text.upper() == "CHECK":
            return [
                self.expression(
                    exp.AddConstraint(expressions=self._parse_csv(self._parse_constraint))
                )
            ]
        return super()._parse_alter_table_add()

    def _check_column_types(self, schema: exp.Schema) -> None:
        """Type the bare ``timestamp`` column; reject any other column without a type.

        SQL Server reads a lone ``timestamp`` in a column list as a column named
        ``timestamp`` of type ``timestamp``; sqlglot leaves it a bare ``Identifier``.
        """
        for node in schema.expressions:
            if not isinstance(node, exp.Identifier):
                continue
            meta = node.meta
            if node.name.lower() == "timestamp":
                dtype = exp.DataType(this=exp.DType.ROWVERSION)
                dtype.meta["declared"] = node.name
                column = exp.ColumnDef(this=node.copy(), kind=dtype)
                if "start" in meta:
                    span = (meta["start"], meta["end"] + 1)
                    dtype.meta["span"] = span
                    column.meta["span"] = span
                node.replace(column)
            else:
                token = Token(
                    TokenType.VAR,
                    node.name,
                    line=meta.get("line", 1),
                    col=meta.get("col", 1),
                    start=meta.get("start", 0),
                    end=meta.get("end", 0),
                )
                self.raise_error(f"Column {node.name!r} has no data type", token)

    def _parse_as_command(self, start: Token) -> exp.Command:
        # sqlglot falls back to an opaque Command with only a warning; for the DDL
        # ddlaudit sizes that would hide a gap, so report where parsing stopped.
        if start.token_type == TokenType.CREATE and self._curr:
            position = self._find_token(start)
            head = self._tokens[position + 1] if 0 <= position < len(self._tokens) - 1 else None
            if head is not None and head.text.upper() in _STRICT_CREATES:
                self.raise_error(
                    f"Unsupported or invalid CREATE {head.text.upper()} syntax at"
                    f" {self._curr.text!r}",
                    self._curr,
                )
        return super()._parse_as_command(start)

    def _find_token(self, token: Token) -> int:
        for position in range(self._index - 1, -1, -1):
            if self._tokens[position] is token:
                return position
        return -1

    # ----------------------------------------------------------------- types

    def _parse_types(
        self,
        check_func: bool = False,
        schema: bool = False,
        allow_identifiers: bool = True,
        with_collation: bool = False,
    ) -> exp.Expr | None:
        curr = self._curr
        if self._next.token_type == TokenType.L_PAREN and (
            curr.token_type == TokenType.XML
            or (curr.token_type == TokenType.IDENTIFIER and curr.text.upper() == "XML")
        ):
            typed_xml = self._parse_typed_xml()
            if typed_xml is not None:
                return typed_xml
        return super()._parse_types(
            check_func=check_func,
            schema=schema,
            allow_identifiers=allow_identifiers,
            with_collation=with_collation,
        )

    def _parse_typed_xml(self) -> exp.DataType | None:
        """``xml([CONTENT | DOCUMENT] schema_collection)``; None (nothing consumed) otherwise."""
        index = self._index
        self._advance(2)
        kind = self._prev.text.upper() if self._match_texts(("CONTENT", "DOCUMENT")) else None
        collection = self._parse_table_parts()
        if not collection or not self._match(TokenType.R_PAREN):
            self._retreat(index)
            return None
        return exp.DataType(
            this=exp.DType.XML,
            expressions=[nodes.XmlSchemaCollection(this=collection, kind=kind)],
        )

    # ---------------------------------------------------------- constraints

    def _parse_column_constraint(self) -> exp.Expr | None:
        first = self._curr
        named = first.token_type == TokenType.CONSTRAINT
        constraint = super()._parse_column_constraint()
        # sqlglot accepts `CONSTRAINT name` with no constraint after it and returns the
        # bare name, which would pass for a constraint downstream
        if named and not isinstance(constraint, exp.ColumnConstraint):
            self.raise_error("Expected a constraint after CONSTRAINT name")
        if isinstance(constraint, exp.ColumnConstraint) and _table_shaped(constraint.args["kind"]):
            constraint.meta["span"] = (first.start, self._prev.end + 1)
        return constraint

    def _parse_schema(self, this: exp.Expr | None = None) -> exp.Expr | None:
        schema = super()._parse_schema(this)
        if isinstance(schema, exp.Schema) and schema is not this:
            _hoist_table_constraints(schema, self.sql)
        return schema

    def _parse_clustered(self) -> bool | None:
        if self._match_text_seq("CLUSTERED"):
            return True
        if self._match_text_seq("NONCLUSTERED"):
            return False
        return None

    def _parse_key_columns(self) -> list[exp.Expr] | None:
        if not self._match(TokenType.L_PAREN, advance=False):
            return None
        if getattr(self, "FAST_PATHS", False):
            plain = self._plain_key_columns()
            if plain is not None:
                return plain
        return t.cast(
            list[exp.Expr],
            self._parse_wrapped_csv(lambda: self._parse_ordered(self._parse_column)),
        )

    def _plain_key_columns(self) -> list[exp.Expr] | None:
        """``(name [ASC | DESC], ...)`` read directly: the ``Ordered(Column(Identifier))``
        nodes sqlglot's ``_parse_ordered(_parse_column)`` makes for a plain name, node for
        node; None (nothing consumed) for anything else: a comment, a dotted or called
        name, a bare function word, ``ALL``, NULLS FIRST / LAST (premises and both-ways
        comparison in tests/test_grammar_fastpaths.py).
        """
        tokens = self._tokens
        size = self._tokens_size
        if tokens[self._index].comments:
            return None
        j = self._index + 1  # past "("
        found: list[tuple[Token, bool | None]] = []
        while j + 1 < size:
            name = tokens[j]
            if (
                name.token_type not in _KEY_NAMES
                or name.comments
                or name.text.upper() in self.NO_PAREN_FUNCTION_PARSERS
                or name.text.upper() == "ALL"
            ):
                return None
            j += 1
            desc: bool | None = None
            if tokens[j].token_type in _KEY_ORDERS:
                if tokens[j].comments:
                    return None
                desc = tokens[j].token_type is TokenType.DESC  # ASC: False
                j += 1
            if j >= size or tokens[j].comments:
                return None
            found.append((name, desc))
            sep = tokens[j].token_type
            j += 1
            if sep is TokenType.R_PAREN:
                break
            if sep is not TokenType.COMMA:
                return None
        else:
            return None
        ordering = self.dialect.NULL_ORDERING
        columns: list[exp.Expr] = []
        for name, desc in found:
            ident = exp.Identifier(this=name.text, quoted=name.token_type is TokenType.IDENTIFIER)
            ident.update_positions(name)
            # _parse_ordered's nulls_first when no NULLS FIRST / LAST is written
            nulls_first = (
                (not desc and ordering == "nulls_are_small")
                or bool(desc and ordering != "nulls_are_small")
            ) and ordering != "nulls_are_last"
            columns.append(
                exp.Ordered(
                    this=exp.Column(this=ident), desc=desc, nulls_first=nulls_first, with_fill=None
                )
            )
        self._advance(j - self._index)
        return columns

    def _parse_wrapped_properties(self) -> list[exp.Expr | list[exp.Expr]]:
        # SQL Server 2000 scripts write index options unwrapped: WITH FILLFACTOR = 90
        if self._prev.token_type == TokenType.WITH and not self._match(
            TokenType.L_PAREN, advance=False
        ):
            option = self._parse_property()
            if option is None:
                self.raise_error("Expected an index option after WITH")
                return []
            return [option]
        return super()._parse_wrapped_properties()

    def _parse_index_with(self) -> list[exp.Expr] | None:
        """``WITH (option = value, ...)`` or the old ``WITH FILLFACTOR = n``, flattened."""
        if not self._match(TokenType.WITH):
            return None
        options: list[exp.Expr] = []
        for item in self._parse_wrapped_properties():
            options.extend(item if isinstance(item, list) else [item])
        return options

    def _parse_storage_target(self) -> exp.Expr | None:
        """``filegroup``, ``"default"`` or ``partition_scheme(column)``."""
        return self._parse_schema(self._parse_id_var(any_token=True))

    def _parse_index_tail(self, filtered: bool = False) -> exp.IndexParameters | None:
        """``[INCLUDE (...)] [WHERE ...] [WITH ...] [ON target]``; INCLUDE, WHERE if filtered."""
        include = where = None
        if filtered:
            include = self._parse_wrapped_id_vars() if self._match_text_seq("INCLUDE") else None
            where = self._parse_where()
        with_storage = self._parse_index_with()
        on = self._parse_storage_target() if self._match(TokenType.ON) else None
        if not (include or where or with_storage or on):
            return None
        return self.expression(
            exp.IndexParameters(include=include, where=where, with_storage=with_storage, on=on)
        )

    def _parse_indexed_key(self, primary: bool) -> exp.Expr:
        """PRIMARY KEY / UNIQUE with clustering, key columns and index options."""
        clustered = self._parse_clustered()
        hash_ = self._match_text_seq("HASH") or None
        columns = self._parse_key_columns()
        include = self._parse_index_tail()
        # Azure Synapse: PRIMARY KEY NONCLUSTERED (...) NOT ENFORCED / UNIQUE ... NOT ENFORCED
        # (the only form it accepts; no index and no size effect)
        self._match_text_seq("NOT", "ENFORCED")
        node: exp.Expr
        if not primary:
            # columns in a Schema, as sqlglot keeps them on UniqueColumnConstraint
            node = nodes.IndexedUniqueConstraint(
                this=exp.Schema(expressions=columns) if columns is not None else None,
                clustered=clustered,
                hash=hash_,
                include=include,
            )
        elif columns is None:
            node = nodes.IndexedPrimaryKeyColumnConstraint(
                clustered=clustered, hash=hash_, include=include
            )
        else:
            node = nodes.IndexedPrimaryKey(
                expressions=columns, clustered=clustered, hash=hash_, include=include
            )
        return self.expression(node)

    def _parse_inline_index(self) -> exp.Expr | None:
        """``INDEX name ...`` in a column or table definition; None when no name follows."""
        name = self._parse_id_var(any_token=False)
        if not name:
            return None
        unique = self._match(TokenType.UNIQUE) or None
        clustered = self._parse_clustered()
        hash_ = self._match_text_seq("HASH") or None
        columnstore = self._match_text_seq("COLUMNSTORE") or None
        columns = self._parse_key_columns()
        include = self._parse_index_tail(filtered=True)
        filestream_on = (
            self._parse_id_var(any_token=True) if self._match_text_seq("FILESTREAM_ON") else None
        )
        return self.expression(
            nodes.InlineIndex(
                this=name,
                expressions=columns,
                unique=unique,
                clustered=clustered,
                hash=hash_,
                columnstore=columnstore,
                include=include,
                filestream_on=filestream_on,
            )
        )

    def _parse_tsql_check(self) -> exp.Expr | None:
        not_for_replication = self._match_text_seq("NOT", "FOR", "REPLICATION")
        check = self._parse_check_constraint()
        if check is None or not not_for_replication:
            return check
        return self.expression(nodes.NotForReplicationCheck(this=check.this))

    def _parse_column_set(self) -> exp.Expr | None:
        if not self._match_text_seq("FOR", "ALL_SPARSE_COLUMNS"):
            return None
        return self.expression(
            nodes.ColumnOption(this=exp.var("COLUMN_SET"), value=exp.var("FOR ALL_SPARSE_COLUMNS"))
        )

    def _parse_text_option(self, name: str) -> exp.Expr | None:
        """``MASKED WITH (...)`` / ``ENCRYPTED WITH (...)``, kept as text (no size effect here)."""
        start = self._curr
        if not self._match(TokenType.WITH) or not self._match(TokenType.L_PAREN):
            return None
        depth = 1
        while self._curr and depth:
            if self._curr.token_type == TokenType.L_PAREN:
                depth += 1
            elif self._curr.token_type == TokenType.R_PAREN:
                depth -= 1
            self._advance()
        if depth:
            self.raise_error(f"Expecting ) to close {name} WITH (")
        return self.expression(
            nodes.ColumnOption(this=exp.var(name), value=exp.var(self._find_sql(start, self._prev)))
        )

    # ------------------------------------------------------------ properties

    def _parse_compression(self, key: str) -> exp.Expr:
        self._match(TokenType.EQ)
        value = self._parse_var(any_token=True, upper=True)
        partitions = None
        if self._match_text_seq("ON", "PARTITIONS"):
            partitions = self._parse_wrapped_csv(self._parse_partition_number)
        return self.expression(
            nodes.CompressionProperty(this=exp.var(key), value=value, partitions=partitions)
        )

    def _parse_partition_number(self) -> exp.Expr | None:
        low = self._parse_bitwise()
        if not self._match_text_seq("TO"):
            return low
        return self.expression(exp.PartitionRange(this=low, expression=self._parse_bitwise()))

    def _parse_compression_delay(self) -> exp.Expr:
        # COMPRESSION_DELAY = n [MINUTE | MINUTES]: the unit word is noise
        self._match(TokenType.EQ)
        value = self._parse_number()
        self._match_texts(("MINUTE", "MINUTES"))
        return self.expression(exp.Property(this=exp.var("COMPRESSION_DELAY"), value=value))


# ------------------------------------------------------------------ generator


def _clustered_sql(node: exp.Expr) -> str:
    clustered = node.args.get("clustered")
    text = "" if clustered is None else " CLUSTERED" if clustered else " NONCLUSTERED"
    return text + (" HASH" if node.args.get("hash") else "")


class _DdlGenerator(TSQLGenerator):
    """sqlglot's T-SQL generator plus the nodes the parser adds."""

    TRANSFORMS: t.ClassVar[dict[type[exp.Expr], t.Callable[..., str]]] = {
        **TSQLGenerator.TRANSFORMS,
        nodes.ColumnOption: lambda self, e: f"{self.sql(e, 'this')} {self.sql(e, 'value')}".strip(),
        nodes.CompressionProperty: lambda self, e: self.compressionproperty_sql(e),
        nodes.CreateAliasType: lambda self, e: self.createaliastype_sql(e),
        nodes.FileStreamColumnConstraint: lambda self, e: "FILESTREAM",
        nodes.FileStreamOnProperty: lambda self, e: f"FILESTREAM_ON {self.sql(e, 'this')}",
        nodes.IndexedPrimaryKey: lambda self, e: (
            f"PRIMARY KEY{_clustered_sql(e)} ({self.expressions(e, flat=True)})"
            f"{self.index_tail_sql(e)}"
        ),
        nodes.IndexedPrimaryKeyColumnConstraint: lambda self, e: (
            f"PRIMARY KEY{_clustered_sql(e)}{self.index_tail_sql(e)}"
        ),
        nodes.IndexedUniqueConstraint: lambda self, e: self.indexedunique_sql(e),
        nodes.InlineIndex: lambda self, e: self.inlineindex_sql(e),
        nodes.NotForReplicationCheck: lambda self, e: (
            f"CHECK NOT FOR REPLICATION ({self.sql(e, 'this')})"
        ),
        nodes.RowGuidColColumnConstraint: lambda self, e: "ROWGUIDCOL",
        nodes.SparseColumnConstraint: lambda self, e: "SPARSE",
        nodes.TextImageOnProperty: lambda self, e: f"TEXTIMAGE_ON {self.sql(e, 'this')}",
        GeneratedAlwaysColumnConstraint: lambda self, e: (
            f"GENERATED ALWAYS AS {self.sql(e, 'this')} {'START' if e.args.get('start') else 'END'}"
            + (" HIDDEN" if e.args.get("hidden") else "")
        ),
        LedgerProperty: lambda self, e: self.ledgerproperty_sql(e),
        GraphTableProperty: lambda self, e: f"AS {self.sql(e, 'this')}",
        DistributionProperty: lambda self, e: (
            f"DISTRIBUTION = {self.sql(e, 'this')}"
            + (f" ({self.expressions(e, flat=True)})" if e.expressions else "")
        ),
        TableIndexProperty: lambda self, e: (
            self.sql(e, "this")
            + (
                f"{' ORDER' if 'COLUMNSTORE' in e.name else ''} ({self.expressions(e, flat=True)})"
                if e.expressions
                else ""
            )
        ),
        RangePartitionProperty: lambda self, e: (
            f"PARTITION ({self.sql(e, 'this')} RANGE"
            + (f" {self.sql(e, 'side')}" if e.args.get("side") else "")
            + f" FOR VALUES ({self.expressions(e, flat=True)}))"
        ),
        EdgeConnectionConstraint: lambda self, e: (
            "CONNECTION ("
            + ", ".join(
                f"{self.sql(p.expressions[0])} TO {self.sql(p.expressions[1])}"
                for p in e.expressions
            )
            + ")"
            + (f" ON DELETE {self.sql(e, 'on_delete')}" if e.args.get("on_delete") else "")
        ),
        nodes.XmlSchemaCollection: lambda self, e: " ".join(
            part for part in (e.args.get("kind") or "", self.sql(e, "this")) if part
        ),
    }

    PROPERTIES_LOCATION = {
        **TSQLGenerator.PROPERTIES_LOCATION,
        nodes.CompressionProperty: exp.Properties.Location.POST_WITH,
        nodes.FileStreamOnProperty: exp.Properties.Location.POST_SCHEMA,
        nodes.TextImageOnProperty: exp.Properties.Location.POST_SCHEMA,
        # written inside the one WITH (...) list, see withsystemversioningproperty_sql
        exp.WithSystemVersioningProperty: exp.Properties.Location.POST_WITH,
        LedgerProperty: exp.Properties.Location.POST_WITH,
        DistributionProperty: exp.Properties.Location.POST_WITH,
        TableIndexProperty: exp.Properties.Location.POST_WITH,
        RangePartitionProperty: exp.Properties.Location.POST_WITH,
        GraphTableProperty: exp.Properties.Location.POST_EXPRESSION,
    }

    def datatype_sql(self, expression: exp.DataType) -> str:
        # sqlglot folds NTEXT into TEXT and REAL into FLOAT; the declared text is exact
        declared = expression.meta.get("declared")
        if isinstance(declared, str):
            return declared
        return super().datatype_sql(expression)

    def create_sql(self, expression: exp.Create) -> str:
        if expression.kind == "TYPE" and isinstance(expression.this, exp.Schema):
            name = self.sql(expression.this, "this")
            columns = self.schema_columns_sql(expression.this)
            properties = self.sql(expression, "properties")
            properties = f" {properties}" if properties else ""
            return f"CREATE TYPE {name} AS TABLE {columns}{properties}"
        return super().create_sql(expression)

    def createaliastype_sql(self, expression: nodes.CreateAliasType) -> str:
        if expression.args.get("external") is not None:
            name, external = self.sql(expression, "this"), self.sql(expression, "external")
            return f"CREATE TYPE {name} EXTERNAL NAME {external}"
        nullable = expression.args.get("nullable")
        null = "" if nullable is None else " NULL" if nullable else " NOT NULL"
        name, base = self.sql(expression, "this"), self.sql(expression, "kind")
        return f"CREATE TYPE {name} FROM {base}{null}"

    def withsystemversioningproperty_sql(self, expression: exp.WithSystemVersioningProperty) -> str:
        # sqlglot wraps it in its own WITH(...) when it came first; here it joins the
        # table's single WITH (...) list (PROPERTIES_LOCATION), so drop the wrapper
        sql = super().withsystemversioningproperty_sql(expression)
        return sql[5:-1] if sql.startswith("WITH(") else sql

    def ledgerproperty_sql(self, expression: LedgerProperty) -> str:
        if not expression.args.get("on"):
            return "LEDGER=OFF"
        options = []
        if expression.args.get("append_only") is not None:
            options.append(f"APPEND_ONLY={'ON' if expression.args['append_only'] else 'OFF'}")
        if expression.args.get("view") is not None:
            options.append(f"LEDGER_VIEW={self.sql(expression, 'view')}")
        return "LEDGER=ON" + (f" ({', '.join(options)})" if options else "")

    def compressionproperty_sql(self, expression: nodes.CompressionProperty) -> str:
        partitions = self.expressions(expression, key="partitions", flat=True)
        partitions = f" ON PARTITIONS ({partitions})" if partitions else ""
        return f"{self.sql(expression, 'this')}={self.sql(expression, 'value')}{partitions}"

    def index_tail_sql(self, expression: exp.Expr) -> str:
        """INCLUDE, WHERE, WITH and ON of a key or index, in T-SQL order."""
        params = expression.args.get("include")
        if not isinstance(params, exp.IndexParameters):
            return ""
        include = self.expressions(params, key="include", flat=True)
        include = f" INCLUDE ({include})" if include else ""
        where = self.sql(params, "where").strip()
        where = f" {where}" if where else ""
        options = self.expressions(params, key="with_storage", flat=True)
        options = f" WITH ({options})" if options else ""
        on = self.sql(params, "on")
        on = f" ON {on}" if on else ""
        return f"{include}{where}{options}{on}"

    def indexedunique_sql(self, expression: nodes.IndexedUniqueConstraint) -> str:
        key = expression.this
        columns = self.expressions(key, flat=True) if isinstance(key, exp.Schema) else ""
        columns = f" ({columns})" if columns else ""
        return f"UNIQUE{_clustered_sql(expression)}{columns}{self.index_tail_sql(expression)}"

    def inlineindex_sql(self, expression: nodes.InlineIndex) -> str:
        unique = " UNIQUE" if expression.args.get("unique") else ""
        columnstore = " COLUMNSTORE" if expression.args.get("columnstore") else ""
        columns = self.expressions(expression, flat=True)
        columns = f" ({columns})" if columns else ""
        filestream = self.sql(expression, "filestream_on")
        filestream = f" FILESTREAM_ON {filestream}" if filestream else ""
        return (
            f"INDEX {self.sql(expression, 'this')}{unique}{_clustered_sql(expression)}"
            f"{columnstore}{columns}{self.index_tail_sql(expression)}{filestream}"
        )


class DdlauditTSQL(TSQL):
    class Tokenizer(FastScanMixin, TSQL.Tokenizer):
        # ISO synonyms SQL Server accepts; the trie keeps single words working
        KEYWORDS: t.ClassVar[dict[str, TokenType]] = {
            # other dialects' keywords are plain words here, names like any (D119)
            **{
                k: v
                for k, v in TSQL.Tokenizer.KEYWORDS.items()
                if k not in FOREIGN_KEYWORDS and k not in ("LATERAL", "QUALIFY")
            },
            "BINARY VARYING": TokenType.VARBINARY,
            "NATIONAL CHAR": TokenType.NCHAR,
            "NATIONAL CHAR VARYING": TokenType.NVARCHAR,
            "NATIONAL CHARACTER": TokenType.NCHAR,
            "NATIONAL CHARACTER VARYING": TokenType.NVARCHAR,
            "NATIONAL TEXT": TokenType.TEXT,
        }

    class Parser(SpanParserMixin, _DdlParser):
        # COLLATE and IDENTITY reach sqlglot's own parsers here
        PLAIN_COLUMN_TSQL_ATTRIBUTES = True

    Generator = _DdlGenerator


#: Upper-case type name (brackets stripped, no arguments) -> IR type family.
TYPE_FAMILIES: dict[str, str] = {
    # exact numerics
    "BIGINT": "integer",
    "INT": "integer",
    "INTEGER": "integer",
    "SMALLINT": "integer",
    "TINYINT": "integer",
    "BIT": "bit",
    "DEC": "decimal",
    "DECIMAL": "decimal",
    "NUMERIC": "decimal",
    "MONEY": "money",
    "SMALLMONEY": "money",
    # approximate numerics: float(1..24) is 4 bytes, float(25..53) 8; REAL is float(24)
    "FLOAT": "float",
    "REAL": "float",
    "DOUBLE PRECISION": "float",
    # character strings
    "CHAR": "char",
    "CHARACTER": "char",
    "VARCHAR": "varchar",
    "CHAR VARYING": "varchar",
    "CHARACTER VARYING": "varchar",
    "TEXT": "clob",
    "NCHAR": "nchar",
    "NATIONAL CHAR": "nchar",
    "NATIONAL CHARACTER": "nchar",
    "NVARCHAR": "nvarchar",
    "NATIONAL CHAR VARYING": "nvarchar",
    "NATIONAL CHARACTER VARYING": "nvarchar",
    "SYSNAME": "nvarchar",  # nvarchar(128) NOT NULL
    "NTEXT": "nclob",
    "NATIONAL TEXT": "nclob",
    # binary strings
    "BINARY": "binary",
    "VARBINARY": "varbinary",
    "BINARY VARYING": "varbinary",
    "IMAGE": "blob",
    # date and time
    "DATE": "date",
    "TIME": "time",
    "DATETIME": "timestamp",
    "DATETIME2": "timestamp",
    "SMALLDATETIME": "timestamp",
    "DATETIMEOFFSET": "timestamp",
    # SQL Server's TIMESTAMP is the 8-byte row version, not a date-time
    "TIMESTAMP": "rowversion",
    "ROWVERSION": "rowversion",
    # other
    "UNIQUEIDENTIFIER": "uuid",
    "SQL_VARIANT": "variant",
    "XML": "xml",
    "JSON": "json",  # SQL Server 2025 / Azure SQL
    "HIERARCHYID": "hierarchy",
    "GEOGRAPHY": "spatial",
    "GEOMETRY": "spatial",
    "VECTOR": "other",  # SQL Server 2025 vector(n) of float32: no family fits
}

GRAMMAR = PROFILE.grammar(
    DdlauditTSQL,
    TYPE_FAMILIES,
    statements=((SP_ADDTYPE, "type"),),
    changes=KEY_CHANGES,
)
