"""Hitachi HiRDB grammar (Version 8-10 SQL Reference): tables, abstract data types and indexes.

HiRDB keeps much of its storage layout in ``CREATE TABLE`` (HiRDB V8 SQL Reference,
"CREATE TABLE (Define table)"; V9/V10 3.17.1), and all of it changes how many pages a
table takes (V8 Installation and Design Guide 17.1.2).  sqlglot has no HiRDB dialect;
this grammar starts from sqlglot's default ``Dialect`` (plain ISO SQL: HiRDB's types and
expressions are ISO ones, and no other dialect's quirks get in the way) and adds:

* ``CREATE [SHARE] [FIX] [GLOBAL TEMPORARY] TABLE [auth.]name (...)``
  (:class:`~grammars.nodes.FixTableProperty`, ``GlobalProperty``, ``ON COMMIT ... ROWS``);
* storage: ``IN rd`` / ``IN (rd)`` (:class:`~grammars.nodes.RdareaProperty`), key-range
  partitioning with storage conditions ``IN ((rd1) c <= 10, (rd2))`` or boundary values
  ``PARTITIONED BY c IN ((rd1) 10, (rd2))``, ``[FIX] HASH [fn] BY c, ... IN (rd, ...)``
  and matrix ``PARTITIONED BY MULTIDIM (...) IN (...)``
  (:class:`~grammars.nodes.RowPartitionProperty`);
* table options ``PCTFREE = n`` / ``PCTFREE = (unused, free pages)``
  (:class:`~grammars.nodes.PctFreeProperty`), ``LOCK ROW | PAGE``
  (:class:`~grammars.nodes.LockSchemeProperty`), ``SUPPRESS DECIMAL``, ``NO SPLIT``,
  ``WITHOUT ROLLBACK``, ``WITH PROGRAM`` (:class:`~grammars.nodes.TableFlagProperty`),
  ``[UNIQUE] CLUSTER KEY (...)`` (:class:`~grammars.nodes.ClusterKey`) and table
  constraints after the options;
* types ``MCHAR``, ``MVARCHAR``, ``SMALLFLT``, ``LARGE DEC[IMAL]``, ``NATIONAL CHAR[ACTER]``,
  ``BLOB(n K|M|G)``, ``INTERVAL YEAR TO DAY`` / ``HOUR TO SECOND``, abstract data types
  (any other name) and repetition columns ``type ARRAY[n]``, each kept as declared;
* column options ``SUPPRESS``, ``NO SPLIT``, ``RECOVERY [ALL|PARTIAL|NO]``, LOB ``IN ...``,
  ``ALLOCATE (attr IN ..., ...)``, ``CHARACTER SET [MASTER.]name``, ``WITH DEFAULT`` and
  ``DEFAULT CURRENT DATE | TIME | TIMESTAMP [(p)] | USER``;
* ``CREATE TYPE name [UNDER super] (attribute, ...)`` (:class:`~grammars.nodes.CreateAbstractType`)
  and ``CREATE [UNIQUE] INDEX ... ON t (...) [IN ...] [PCTFREE = n] ...``
  (:class:`~grammars.nodes.CreateHirdbIndex`), kept for index sizing.

What HiRDB itself rejects but leaves the statement readable (a repetition column without
its element count, a FIX table with a variable-length, LOB or abstract-data-type column,
PCTFREE out of range, ...) is not a parse error: the tree is kept and the problem goes in
``meta["diagnostics"]`` as ``(code, severity, message, start, end, expected)``, which
:mod:`analyzer.parse` reports (codes H001-H049, docs/diagnostics.md).

>>> tree = DdlauditHiRDB().parse("CREATE FIX TABLE s (a CHAR(5)) IN RU01 PCTFREE = (30, 40)")[0]
>>> [type(p).__name__ for p in tree.args["properties"].expressions]
['FixTableProperty', 'RdareaProperty', 'PctFreeProperty']
"""

from __future__ import annotations

import re
import typing as t

from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.generator import Generator as BaseGenerator
from sqlglot.parser import Parser as BaseParser
from sqlglot.tokenizer_core import Token, TokenType
from sqlglot.tokens import Tokenizer as BaseTokenizer

from grammars import nodes
from grammars.base import SpanParserMixin
from grammars.profiles.hirdb import PROFILE
from grammars.scan import FastScanMixin

#: ``CREATE [UNIQUE] INDEX`` heads: analysed (kept for index sizing), not skipped.
CREATE_INDEX = re.compile(r"\s*create\s+(?:unique\s+)?index\b", re.IGNORECASE)

#: Hash functions of HiRDB hash partitioning (V8 SQL Reference, CREATE TABLE).
HASH_FUNCTIONS = frozenset({*(f"HASH{i}" for i in range(7)), *(f"HASH{c}" for c in "ABCDEF")})

#: Types a FIX table cannot hold (V8 SQL Reference, CREATE TABLE, "[SHARE] FIX").
_FIX_FORBIDDEN = frozenset(
    {"VARCHAR", "CHAR VARYING", "CHARACTER VARYING", "NVARCHAR", "MVARCHAR", "BLOB"}
)
#: Types that take no ``CHARACTER SET`` (V9 SQL Reference 1.3: mixed and national types).
_NO_CHARSET = frozenset(
    {"MCHAR", "MVARCHAR", "NCHAR", "NVARCHAR", "NATIONAL CHAR", "NATIONAL CHARACTER"}
)
_RECOVERY = ("ALL", "PARTIAL", "NO")
_ENCAPSULATION = ("PUBLIC", "PRIVATE", "PROTECTED")
_DECIMAL_WORDS = ("DEC", "DECIMAL", "NUMERIC")
#: PCTFREE ranges: unused space in a page, free pages in a segment (V10 Description 4.2.3).
PCTFREE_UNUSED = (0, 99)
PCTFREE_FREE_PAGES = (0, 50)

Note = tuple[str, str, str, int, int, str | None]


def _type_name(node: exp.DataType) -> str:
    """Upper-case declared name without arguments or ``ARRAY[n]``: ``NVARCHAR``, ``LARGE DEC``."""
    declared = node.meta.get("declared") or node.sql()
    text = re.sub(r"\bARRAY\b.*$", "", declared, flags=re.IGNORECASE | re.DOTALL)
    text = re.sub(r"\([^()]*\)", " ", text)
    text = re.sub(r"\bCHARACTER\s+SET\b.*$", "", text, flags=re.IGNORECASE | re.DOTALL)
    return " ".join(text.replace('"', "").split()).upper()


class _HiRDBParser(BaseParser):
    """The HiRDB DDL on sqlglot's default parser; sits under ``SpanParserMixin``."""

    CONSTRAINT_PARSERS: t.ClassVar[dict[str, t.Callable[[t.Any], exp.Expr | None]]] = {
        **BaseParser.CONSTRAINT_PARSERS,
        "ALLOCATE": lambda self: self._parse_allocate(),
        "CLUSTER": lambda self: self._parse_cluster_key(unique=False),
        "DEFAULT": lambda self: self._parse_hirdb_default(),
        "IN": lambda self: self._parse_lob_rdareas(),
        "NO": lambda self: (
            self.expression(nodes.NoSplitColumnConstraint())
            if self._match_text_seq("SPLIT")
            else None
        ),
        "RECOVERY": lambda self: self._parse_recovery(),
        "SUPPRESS": lambda self: self.expression(nodes.SuppressColumnConstraint()),
        "UNIQUE": lambda self: (
            self._parse_cluster_key(unique=True)
            if self._match_text_seq("CLUSTER")
            else self._parse_unique()
        ),
        "WITH": lambda self: (
            self.expression(nodes.WithDefaultColumnConstraint())
            if self._match(TokenType.DEFAULT)
            # WITH PROGRAM is the table option after a constraint, not a constraint's
            else None
            if self._curr.text.upper() == "PROGRAM"
            else BaseParser.CONSTRAINT_PARSERS["WITH"](self)
        ),
    }

    SCHEMA_UNNAMED_CONSTRAINTS: t.ClassVar[set[str]] = BaseParser.SCHEMA_UNNAMED_CONSTRAINTS | {
        "CLUSTER"
    }

    # ------------------------------------------------------------ findings

    def reset(self) -> None:
        super().reset()
        self._notes: list[Note] = []

    def _note(
        self,
        code: str,
        message: str,
        first: Token,
        last: Token,
        severity: str = "error",
        expected: str | None = None,
    ) -> None:
        """Record a problem HiRDB rejects but that leaves the statement readable."""
        self._notes.append((code, severity, message, first.start, last.end + 1, expected))

    def _spanned(self, node: exp.Expr, first: Token) -> exp.Expr:
        node.meta["span"] = (first.start, self._prev.end + 1)
        return node

    # ------------------------------------------------------------ statements

    def _parse_create(self) -> exp.Expr:  # type: ignore[override]
        index = self._index
        if self._match(TokenType.UNIQUE) or self._match(TokenType.INDEX, advance=False):
            unique = self._prev.token_type == TokenType.UNIQUE
            if self._match(TokenType.INDEX):
                return self._parse_hirdb_index(unique)
            self._retreat(index)
        if self._match_text_seq("TYPE"):
            return self._parse_abstract_type()
        first = self._curr
        share = self._match_text_seq("SHARE")
        fix = self._match_text_seq("FIX")
        temporary = self._match_text_seq("GLOBAL", "TEMPORARY")
        if self._match(TokenType.TABLE):
            return self._parse_hirdb_table(first, share, fix, temporary)
        if share or fix or temporary:
            self.raise_error("Expecting TABLE")
        self._retreat(index)
        result: exp.Expr = super()._parse_create()
        return result

    def _parse_hirdb_table(self, first: Token, share: bool, fix: bool, temporary: bool) -> exp.Expr:
        properties: list[exp.Expr] = []
        if share or fix:
            properties.append(
                self._spanned(nodes.FixTableProperty(fix=fix or None, share=share or None), first)
            )
        if temporary:
            properties.extend((exp.GlobalProperty(), exp.TemporaryProperty()))
        name = self._parse_table_parts(schema=True)
        if not self._match(TokenType.L_PAREN, advance=False):
            self.raise_error("Expecting ( and the column definitions")
        schema = self._parse_schema(this=name)
        if not isinstance(schema, exp.Schema):
            self.raise_error("Expecting ( and the column definitions")
            return exp.Command(this="CREATE", expression=exp.Literal.string("TABLE"))
        properties.extend(self._parse_table_tail(schema))
        create = exp.Create(
            this=schema, kind="TABLE", properties=exp.Properties(expressions=properties)
        )
        if fix:
            self._check_fix(schema)
        if share and fix:
            self._check_share(properties, first)
        return self._with_notes(create)

    def _check_share(self, properties: list[exp.Expr], first: Token) -> None:
        """ "If both SHARE and FIX are specified, table data cannot be saved on a split basis
        in multiple RDAREAs" (V8 SQL Reference, CREATE TABLE)."""
        for prop in properties:
            many = isinstance(prop, nodes.RowPartitionProperty) or (
                isinstance(prop, nodes.RdareaProperty) and len(prop.expressions) > 1
            )
            if many and "span" in prop.meta:
                start, end = prop.meta["span"]
                self._notes.append(
                    (
                        "H008",
                        "error",
                        "a SHARE FIX table cannot be partitioned over several RDAREAs",
                        start,
                        end,
                        None,
                    )
                )

    def _with_notes(self, node: exp.Expr) -> exp.Expr:
        if self._notes:
            node.meta["diagnostics"] = list(self._notes)
            self._notes.clear()
        return node

    def _check_fix(self, schema: exp.Schema) -> None:
        """A FIX table holds no variable-length, LOB, abstract-data-type or repetition column."""
        for column in schema.expressions:
            kind = column.args.get("kind") if isinstance(column, exp.ColumnDef) else None
            if not isinstance(kind, exp.DataType) or "span" not in kind.meta:
                continue
            start, end = kind.meta["span"]
            name = _type_name(kind)
            what = None
            if kind.this == exp.DType.ARRAY or kind.meta.get("repetition"):
                code, what = "H003", "a repetition column"
            elif name in _FIX_FORBIDDEN:
                code, what = "H002", f"a {name} column"
            elif name not in TYPE_FAMILIES:
                code, what = "H002", f"an abstract data type column ({name})"
            if what is not None:
                self._notes.append(
                    (
                        code,
                        "error",
                        f"a FIX table cannot have {what}: {column.name}",
                        start,
                        end,
                        None,
                    )
                )

    # -------------------------------------------------------- table storage

    def _parse_table_tail(self, schema: exp.Schema) -> list[exp.Expr]:
        """Storage, table options, constraints, ON COMMIT and WITH PROGRAM, in any order."""
        properties: list[exp.Expr] = []
        while self._curr and self._curr.token_type != TokenType.SEMICOLON:
            first = self._curr
            word = first.text.upper()
            prop: exp.Expr | None = None
            if self._match(TokenType.IN):
                prop = self._parse_table_in()
            elif self._match(TokenType.PARTITION_BY):
                prop = self._parse_hirdb_partitioned_by()
            elif word in ("FIX", "HASH") and self._hash_ahead():
                prop = self._parse_hash()
            elif self._match_text_seq("PCTFREE"):
                prop = self._parse_pctfree()
            elif self._match(TokenType.LOCK):
                if not self._match_texts(("ROW", "PAGE")):
                    self.raise_error("Expecting ROW or PAGE after LOCK")
                    break
                prop = nodes.LockSchemeProperty(this=exp.var(self._prev.text.upper()))
            elif (
                self._match_text_seq("SUPPRESS", "DECIMAL")
                or self._match_text_seq("NO", "SPLIT")
                or self._match_text_seq("WITHOUT", "ROLLBACK")
                or self._match_text_seq("WITH", "PROGRAM")
            ):
                flag = " ".join(self._find_sql(first, self._prev).upper().split())
                prop = nodes.TableFlagProperty(this=exp.var(flag))
            elif self._match_text_seq("ON", "COMMIT"):
                delete = self._match(TokenType.DELETE)
                if not delete and not self._match_text_seq("PRESERVE"):
                    self.raise_error("Expecting DELETE or PRESERVE after ON COMMIT")
                if not self._match_text_seq("ROWS"):
                    self.raise_error("Expecting ROWS")
                prop = exp.OnCommitProperty(delete=delete or None)
            elif self._match_texts(self.SCHEMA_UNNAMED_CONSTRAINTS) or self._match(
                TokenType.CONSTRAINT
            ):
                # table constraints (HiRDB's "table restriction definitions") may follow
                # the options; they belong with the column list's constraints
                self._retreat(self._index - 1)
                constraint = self._parse_constraint()
                if constraint is None:
                    self.raise_error("Expecting a table constraint")
                    break
                schema.append("expressions", constraint)
                continue
            else:
                self.raise_error(
                    "Expecting a HiRDB table option (IN, PARTITIONED BY, [FIX] HASH, PCTFREE,"
                    " LOCK, SUPPRESS DECIMAL, NO SPLIT, WITHOUT ROLLBACK, CLUSTER KEY,"
                    " a constraint, ON COMMIT or WITH PROGRAM)"
                )
                break
            if prop is None:
                break
            properties.append(self._spanned(prop, first))
        return properties

    def _hash_ahead(self) -> bool:
        if self._curr.text.upper() == "HASH":
            return True
        return self._next is not None and self._next.text.upper() == "HASH"

    def _rdarea(self) -> exp.Expr:
        name = self._parse_id_var(any_token=False)
        if name is None:
            self.raise_error("Expecting an RDAREA name")
            return exp.to_identifier("?")
        return name

    def _column_name(self) -> exp.Expr | None:
        """A bare column name (``c (10, 20)`` is a column and its boundaries, not a call)."""
        name = self._parse_id_var(any_token=False)
        return exp.column(name) if name is not None else None

    def _parse_rdarea_list(self) -> list[exp.Expr]:
        """``rd``, ``(rd)``, ``(rd1, rd2)`` or ``((rd1), (rd2))``: the RDAREA names in order."""
        if not self._match(TokenType.L_PAREN):
            return [self._rdarea()]
        names: list[exp.Expr] = []
        while True:
            if self._match(TokenType.L_PAREN):
                names.extend(self._parse_rdarea_list_tail())
            else:
                names.append(self._rdarea())
            if not self._match(TokenType.COMMA):
                break
        self._match_r_paren()
        return names

    def _parse_rdarea_list_tail(self) -> list[exp.Expr]:
        # after a nested "(": names up to the matching ")"
        names = [self._rdarea()]
        while self._match(TokenType.COMMA):
            names.append(self._rdarea())
        self._match_r_paren()
        return names

    def _parse_table_in(self) -> exp.Expr | None:
        """``IN rd``, ``IN (rd)`` or key-range partitioning ``IN ((rd) cond, ..., (rd) [cond])``."""
        if not (
            self._match(TokenType.L_PAREN, advance=False)
            and self._next.token_type == TokenType.L_PAREN
        ):
            return nodes.RdareaProperty(expressions=self._parse_rdarea_list())
        self._advance()
        partitions = self._parse_csv(lambda: self._parse_rdarea_partition(condition=True))
        self._match_r_paren()
        columns: list[exp.Expr] = []
        for partition in partitions:
            for column in partition.find_all(exp.Column):
                if column.name.lower() not in {c.name.lower() for c in columns}:
                    columns.append(exp.column(column.name))
        return nodes.RowPartitionProperty(
            this=exp.var("KEY_RANGE_CONDITION"), expressions=columns, partitions=partitions
        )

    def _parse_rdarea_partition(self, condition: bool) -> exp.Expr | None:
        """``(rd) bound``: a storage condition or boundary value; the last one may have none."""
        first = self._curr
        if not self._match(TokenType.L_PAREN):
            self.raise_error("Expecting (RDAREA name)")
            return None
        name = self._rdarea()
        self._match_r_paren()
        bound = None
        if self._curr.token_type not in (TokenType.COMMA, TokenType.R_PAREN):
            start = self._curr
            bound = self._parse_disjunction() if condition else self._parse_bitwise()
            if bound is not None:
                self._spanned(bound, start)
            else:
                self.raise_error(
                    "Expecting a storage condition" if condition else "Expecting a boundary value"
                )
        return self._spanned(nodes.RdareaPartition(this=name, bound=bound), first)

    def _parse_hirdb_partitioned_by(self) -> exp.Expr | None:
        if self._match_text_seq("MULTIDIM"):
            return self._parse_multidim()
        column = self._column_name()
        if column is None:
            self.raise_error("Expecting the partitioning column after PARTITIONED BY")
            return None
        if not self._match(TokenType.IN) or not self._match(TokenType.L_PAREN):
            self.raise_error("Expecting IN ((RDAREA) boundary, ...)")
            return None
        partitions = self._parse_csv(lambda: self._parse_rdarea_partition(condition=False))
        self._match_r_paren()
        return nodes.RowPartitionProperty(
            this=exp.var("KEY_RANGE_BOUNDARY"), expressions=[column], partitions=partitions
        )

    def _parse_hash_spec(self) -> exp.Expr:
        """``[FIX] HASH [fn] BY c [, c]...`` (without the RDAREAs)."""
        first = self._curr
        fix = self._match_text_seq("FIX")
        self._match_text_seq("HASH")
        function = None
        if self._curr.text.upper() != "BY":
            function = exp.var(self._curr.text.upper())
            token = self._curr
            self._advance()
            if function.name not in HASH_FUNCTIONS:
                self._note(
                    "H005",
                    f"unknown hash function {token.text}; HiRDB has HASH0-HASH6 and HASHA-HASHF",
                    token,
                    token,
                    expected="HASH0-HASH6, HASHA-HASHF",
                )
        if not self._match_text_seq("BY"):
            self.raise_error("Expecting BY and the hash partitioning columns")
        columns = self._parse_csv(self._column_name)
        kind = "FIX_HASH" if fix else "HASH"
        return self._spanned(
            nodes.RowPartitionProperty(
                this=exp.var(kind), expressions=columns, hash_function=function
            ),
            first,
        )

    def _parse_hash(self) -> exp.Expr | None:
        spec = self._parse_hash_spec()
        if not self._match(TokenType.IN):
            self.raise_error("Expecting IN (RDAREA, ...) after the hash partitioning columns")
            return None
        names = self._parse_rdarea_list()
        spec.set("partitions", [nodes.RdareaPartition(this=n) for n in names])
        return spec

    def _parse_multidim(self) -> exp.Expr | None:
        """``MULTIDIM (c1 (b, ...), {c2 (b, ...) | [FIX] HASH fn BY c2}) IN (matrix)``."""
        if not self._match(TokenType.L_PAREN):
            self.raise_error("Expecting ( after MULTIDIM")
            return None
        dimensions = self._parse_csv(self._parse_dimension)
        self._match_r_paren()
        if not self._match(TokenType.IN):
            self.raise_error("Expecting IN and the matrix of RDAREAs")
            return None
        names = self._parse_rdarea_list()
        columns = [c for d in dimensions for c in d.expressions]
        return nodes.RowPartitionProperty(
            this=exp.var("MATRIX"),
            expressions=[c.copy() for c in columns],
            partitions=[nodes.RdareaPartition(this=n) for n in names],
            dimensions=dimensions,
        )

    def _parse_dimension(self) -> exp.Expr | None:
        if self._curr.text.upper() in ("FIX", "HASH") and self._hash_ahead():
            return self._parse_hash_spec()
        first = self._curr
        column = self._column_name()
        if column is None:
            self.raise_error("Expecting a dimension column")
            return None
        if self._match(TokenType.L_PAREN, advance=False):
            boundaries: t.Any = self._parse_wrapped_csv(self._parse_bitwise)
        else:  # a boundary-value list defined elsewhere, by name
            boundaries = [self._parse_id_var(any_token=False)]
        return self._spanned(
            nodes.RowPartitionProperty(
                this=exp.var("KEY_RANGE_BOUNDARY"), expressions=[column], boundaries=boundaries
            ),
            first,
        )

    def _parse_pctfree(self) -> exp.Expr | None:
        if not self._match(TokenType.EQ):
            self.raise_error("Expecting = after PCTFREE")
        unused = free = None
        if self._match(TokenType.L_PAREN):
            if not self._match(TokenType.COMMA, advance=False):
                unused = self._pct(PCTFREE_UNUSED, "unused space in a page")
            if self._match(TokenType.COMMA):
                free = self._pct(PCTFREE_FREE_PAGES, "free pages in a segment")
            self._match_r_paren()
        else:
            unused = self._pct(PCTFREE_UNUSED, "unused space in a page")
        return nodes.PctFreeProperty(this=unused, free_pages=free)

    def _pct(self, bounds: tuple[int, int], what: str) -> exp.Expr | None:
        token = self._curr
        number = self._parse_number()
        if number is None:
            self.raise_error(f"Expecting the PCTFREE percentage of {what}")
            return None
        low, high = bounds
        if not number.is_int or not low <= int(number.name) <= high:
            self._note(
                "H004",
                f"PCTFREE {what} must be {low}-{high} %, got {token.text}",
                token,
                token,
                expected=f"{low}-{high}",
            )
        return number

    # ------------------------------------------------------------ columns

    def _parse_types(
        self,
        check_func: bool = False,
        schema: bool = False,
        allow_identifiers: bool = True,
        with_collation: bool = False,
    ) -> exp.Expr | None:
        # LARGE DEC[IMAL] / LARGE NUMERIC: the declared text keeps LARGE (SpanParserMixin)
        large = (
            not check_func
            and self._curr.token_type == TokenType.VAR
            and self._curr.text.upper() == "LARGE"
            and self._next.text.upper() in _DECIMAL_WORDS
        )
        if large:
            self._advance()
        this = super()._parse_types(
            check_func=check_func,
            schema=schema,
            allow_identifiers=allow_identifiers,
            with_collation=with_collation,
        )
        if check_func or not isinstance(this, exp.DataType):
            return this
        if self._curr.token_type == TokenType.VAR and self._curr.text.upper() == "ARRAY":
            return self._parse_repetition(this)
        return this

    def _parse_repetition(self, element: exp.DataType) -> exp.DataType:
        """``type ARRAY[n]``: a repetition column of at most n elements."""
        first = self._curr
        self._advance()
        count = None
        if self._match(TokenType.L_BRACKET):
            count = self._parse_number()
            if not self._match(TokenType.R_BRACKET):
                self.raise_error("Expecting ]")
        if count is None or not count.is_int or int(count.name) < 1:
            self._note(
                "H001",
                "a repetition column needs its maximum number of elements: ARRAY[n]",
                first,
                self._prev,
                expected="ARRAY[n]",
            )
            element.meta["repetition"] = True
            return element
        return exp.DataType(
            this=exp.DType.ARRAY, expressions=[element], values=[count], nested=True
        )

    def _parse_user_defined_type(self, identifier: exp.Identifier) -> exp.Expr | None:
        # an abstract data type, [auth.]name; no re-parse of the name as sqlglot does
        name = identifier.name
        while self._match(TokenType.DOT):
            self._advance_any()
            name = f"{name}.{self._prev.text}"
        return exp.DataType(this=exp.DType.USERDEFINED, kind=name)

    def _parse_column_def(self, this: exp.Expr | None, *args: t.Any, **kwargs: t.Any) -> t.Any:
        result = super()._parse_column_def(this, *args, **kwargs)
        if isinstance(result, exp.ColumnDef):
            self._check_charset(result)
        return result

    def _check_charset(self, column: exp.ColumnDef) -> None:
        kind = column.args.get("kind")
        if not isinstance(kind, exp.DataType) or "span" not in kind.meta:
            return
        for constraint in column.args.get("constraints") or []:
            cs = constraint.args.get("kind")
            if isinstance(cs, exp.CharacterSetColumnConstraint):
                name = _type_name(kind)
                if name in _NO_CHARSET:
                    start, end = cs.meta.get("span", kind.meta["span"])
                    self._notes.append(
                        (
                            "H006",
                            "error",
                            f"CHARACTER SET cannot be given for {name} "
                            f"(mixed or national character data): {column.name}",
                            start,
                            end,
                            None,
                        )
                    )

    def _parse_column_constraint(self) -> exp.Expr | None:
        first = self._curr
        if self._match_pair(TokenType.CHAR, TokenType.SET) or self._match(TokenType.CHARACTER_SET):
            # CHARACTER SET [MASTER.]name: the set is the last part
            name = self._parse_var(any_token=True)
            while self._match(TokenType.DOT):
                name = self._parse_var(any_token=True)
            if name is None:
                self.raise_error("Expecting a character set name (EBCDIK, UTF16)")
            kind = self._spanned(exp.CharacterSetColumnConstraint(this=name), first)
            return self.expression(exp.ColumnConstraint(kind=kind))
        result: exp.Expr | None = super()._parse_column_constraint()
        return result

    def _parse_hirdb_default(self) -> exp.Expr:
        first = self._curr
        if first.text.upper() == "CURRENT" and self._next.text.upper() in (
            "DATE",
            "TIME",
            "TIMESTAMP",
        ):
            self._advance(2)
            if self._prev.text.upper() == "TIMESTAMP" and self._match(TokenType.L_PAREN):
                self._parse_number()
                self._match_r_paren()
            value: exp.Expr | None = exp.var(" ".join(self._find_sql(first, self._prev).split()))
            self._spanned(t.cast(exp.Expr, value), first)
        else:
            value = self._parse_bitwise()
        if value is None:
            self.raise_error("Expecting a default value")
        return self.expression(exp.DefaultColumnConstraint(this=value))

    def _parse_recovery(self) -> exp.Expr:
        mode = self._prev.text.upper() if self._match_texts(_RECOVERY) else "ALL"
        return self.expression(nodes.RecoveryColumnConstraint(this=exp.var(mode)))

    def _parse_lob_rdareas(self) -> exp.Expr:
        return self.expression(
            nodes.LobRdareaColumnConstraint(expressions=self._parse_rdarea_list())
        )

    def _parse_allocate(self) -> exp.Expr:
        def item() -> exp.Expr:
            first = self._curr
            path = [self._rdarea().name]
            while self._match(TokenType.DOT):
                self._match(TokenType.DOT)
                path.append(self._rdarea().name)
            if not self._match(TokenType.IN):
                self.raise_error("Expecting IN and the RDAREAs of the LOB attribute")
            node = nodes.AttributeRdareas(
                this=exp.var("..".join(path)), expressions=self._parse_rdarea_list()
            )
            return self._spanned(node, first)

        return self.expression(
            nodes.AllocateColumnConstraint(expressions=self._parse_wrapped_csv(item))
        )

    def _parse_cluster_key(self, unique: bool) -> exp.Expr | None:
        if not self._match_text_seq("KEY"):
            return None
        columns = (
            self._parse_wrapped_csv(self._parse_ordered)
            if self._match(TokenType.L_PAREN, advance=False)
            else []
        )
        return self.expression(nodes.ClusterKey(expressions=columns, unique=unique or None))

    # ------------------------------------------------------------ CREATE TYPE

    def _parse_abstract_type(self) -> exp.Expr:
        name = self._parse_table_parts(schema=True)
        under = self._parse_table_parts(schema=True) if self._match_text_seq("UNDER") else None
        attributes: list[exp.Expr] = []
        if self._match(TokenType.L_PAREN):
            attributes = self._parse_csv(self._parse_attribute)
            self._match_r_paren()
        node = nodes.CreateAbstractType(this=name, under=under, expressions=attributes)
        return self._with_notes(node)

    def _parse_attribute(self) -> exp.Expr | None:
        first = self._curr
        level = self._prev.text.upper() if self._match_texts(_ENCAPSULATION) else None
        if self._curr.text.upper() in ("FUNCTION", "PROCEDURE", "CONSTRUCTOR"):
            self.raise_error(
                "routine definitions inside CREATE TYPE are not analysed; define the"
                " attributes here and the routines with CREATE FUNCTION"
            )
            return None
        column = self._parse_field_def()
        if not isinstance(column, exp.ColumnDef):
            self.raise_error("Expecting an attribute definition")
            return None
        if level is not None:
            option = nodes.ColumnOption(this=exp.var("ENCAPSULATION"), value=exp.var(level))
            column.append("constraints", exp.ColumnConstraint(kind=option))
            column.meta["span"] = (first.start, column.meta.get("span", (0, self._prev.end + 1))[1])
        return column

    # ------------------------------------------------------------ CREATE INDEX

    def _parse_hirdb_index(self, unique: bool) -> exp.Expr:
        name = self._parse_table_parts(schema=True)
        if not self._match(TokenType.ON):
            self.raise_error("Expecting ON and the table name")
        table = self._parse_table_parts(schema=True)
        columns = self._parse_wrapped_csv(self._parse_ordered)
        rdareas: list[exp.Expr] = []
        pctfree = None
        options: list[exp.Expr] = []
        while self._curr and self._curr.token_type != TokenType.SEMICOLON:
            first = self._curr
            if self._match(TokenType.IN):
                rdareas = self._parse_rdarea_list()
            elif self._match_text_seq("PCTFREE"):
                self._match(TokenType.EQ)
                pctfree = self._pct(PCTFREE_UNUSED, "unused space in a page")
            elif self._match_text_seq("UNBALANCED", "SPLIT") or self._match_text_seq("EMPTY"):
                options.append(exp.var(" ".join(self._find_sql(first, self._prev).upper().split())))
            elif self._match_text_seq("EXCEPT", "VALUES"):
                self._parse_wrapped_csv(self._parse_bitwise)
                options.append(exp.var(" ".join(self._find_sql(first, self._prev).split())))
            else:
                self.raise_error(
                    "Expecting an index option"
                    " (IN, PCTFREE, UNBALANCED SPLIT, EMPTY, EXCEPT VALUES)"
                )
                break
        node = nodes.CreateHirdbIndex(
            this=name,
            table=table,
            expressions=columns,
            unique=unique or None,
            rdareas=rdareas or None,
            pctfree=pctfree,
            options=options or None,
        )
        return self._with_notes(node)


# ------------------------------------------------------------------ generator


def _rdareas_sql(gen: BaseGenerator, names: list[exp.Expr]) -> str:
    return f"({', '.join(gen.sql(n) for n in names)})"


def _partition_sql(gen: BaseGenerator, e: exp.Expr) -> str:
    kind = e.name.upper()
    columns = gen.expressions(e, flat=True)
    partitions = e.args.get("partitions") or []
    listed = ", ".join(
        f"({gen.sql(p, 'this')}){' ' + gen.sql(p, 'bound') if p.args.get('bound') else ''}"
        for p in partitions
    )
    if kind == "KEY_RANGE_CONDITION":
        return f"IN ({listed})"
    if kind == "KEY_RANGE_BOUNDARY":
        if e.args.get("boundaries"):
            return f"{columns} ({gen.expressions(e, key='boundaries', flat=True)})"
        return f"PARTITIONED BY {columns} IN ({listed})"
    if kind == "MATRIX":
        dims = ", ".join(gen.sql(d) for d in e.args.get("dimensions") or [])
        names = [p.this for p in partitions]
        return f"PARTITIONED BY MULTIDIM ({dims}) IN {_rdareas_sql(gen, names)}"
    fn = f" {gen.sql(e, 'hash_function')}" if e.args.get("hash_function") else ""
    head = f"{'FIX ' if kind == 'FIX_HASH' else ''}HASH{fn} BY {columns}"
    names = [p.this for p in partitions]
    return f"{head} IN {_rdareas_sql(gen, names)}" if names else head


def _pctfree_sql(gen: BaseGenerator, e: exp.Expr) -> str:
    unused, free = gen.sql(e, "this"), gen.sql(e, "free_pages")
    return f"PCTFREE = ({unused}, {free})" if e.args.get("free_pages") else f"PCTFREE = {unused}"


def _index_sql(gen: BaseGenerator, e: exp.Expr) -> str:
    unique = "UNIQUE " if e.args.get("unique") else ""
    sql = f"CREATE {unique}INDEX {gen.sql(e, 'this')} ON {gen.sql(e, 'table')}"
    sql += f" ({gen.expressions(e, flat=True)})"
    if e.args.get("rdareas"):
        sql += f" IN {_rdareas_sql(gen, e.args['rdareas'])}"
    if e.args.get("pctfree") is not None:
        sql += f" PCTFREE = {gen.sql(e, 'pctfree')}"
    return sql + "".join(f" {gen.sql(o)}" for o in e.args.get("options") or [])


class DdlauditHiRDB(Dialect):
    class Tokenizer(FastScanMixin, BaseTokenizer):
        KEYWORDS: t.ClassVar[dict[str, TokenType]] = {
            **BaseTokenizer.KEYWORDS,
            "NATIONAL CHARACTER": TokenType.NCHAR,
            "NATIONAL CHAR": TokenType.NCHAR,
            "SMALLFLT": TokenType.FLOAT,
            # ARRAY[n] is read by the grammar: a repetition column, not sqlglot's arrays
            "ARRAY": TokenType.VAR,
        }

    class Parser(SpanParserMixin, _HiRDBParser):
        # DEFAULT has HiRDB's own parser (_parse_hirdb_default)
        PLAIN_COLUMN_DEFAULTS = False

    class Generator(BaseGenerator):
        TRANSFORMS: t.ClassVar[dict[type[exp.Expr], t.Callable[..., str]]] = {
            **BaseGenerator.TRANSFORMS,
            nodes.FixTableProperty: lambda self, e: " ".join(
                w for w in ("SHARE", "FIX") if e.args.get(w.lower())
            ),
            nodes.CreateAbstractType: lambda self, e: (
                f"CREATE TYPE {self.sql(e, 'this')}"
                + (f" UNDER {self.sql(e, 'under')}" if e.args.get("under") else "")
                + (f" ({self.expressions(e, flat=True)})" if e.expressions else "")
            ),
            nodes.CreateHirdbIndex: _index_sql,
            nodes.RdareaProperty: lambda self, e: f"IN {_rdareas_sql(self, e.expressions)}",
            nodes.RowPartitionProperty: _partition_sql,
            nodes.PctFreeProperty: _pctfree_sql,
            nodes.LockSchemeProperty: lambda self, e: f"LOCK {self.sql(e, 'this')}",
            nodes.TableFlagProperty: lambda self, e: self.sql(e, "this"),
            nodes.ClusterKey: lambda self, e: (
                f"{'UNIQUE ' if e.args.get('unique') else ''}CLUSTER KEY"
                + (f" ({self.expressions(e, flat=True)})" if e.expressions else "")
            ),
            nodes.SuppressColumnConstraint: lambda self, e: "SUPPRESS",
            nodes.NoSplitColumnConstraint: lambda self, e: "NO SPLIT",
            nodes.RecoveryColumnConstraint: lambda self, e: f"RECOVERY {self.sql(e, 'this')}",
            nodes.LobRdareaColumnConstraint: lambda self, e: (
                f"IN {_rdareas_sql(self, e.expressions)}"
            ),
            nodes.AllocateColumnConstraint: lambda self, e: (
                f"ALLOCATE ({self.expressions(e, flat=True)})"
            ),
            nodes.AttributeRdareas: lambda self, e: (
                f"{self.sql(e, 'this')} IN {_rdareas_sql(self, e.expressions)}"
            ),
            nodes.WithDefaultColumnConstraint: lambda self, e: "WITH DEFAULT",
            nodes.ColumnOption: lambda self, e: self.sql(e, "value"),
        }

        PROPERTIES_LOCATION: t.ClassVar[dict[t.Any, t.Any]] = {
            **BaseGenerator.PROPERTIES_LOCATION,
            nodes.FixTableProperty: exp.Properties.Location.POST_CREATE,
            nodes.RdareaProperty: exp.Properties.Location.POST_SCHEMA,
            nodes.RowPartitionProperty: exp.Properties.Location.POST_SCHEMA,
            nodes.PctFreeProperty: exp.Properties.Location.POST_SCHEMA,
            nodes.LockSchemeProperty: exp.Properties.Location.POST_SCHEMA,
            nodes.TableFlagProperty: exp.Properties.Location.POST_SCHEMA,
        }


#: Upper-case type name -> IR family, for HiRDB V8-V10 (V8 SQL Reference 1.2.1).
#: Any other name is an abstract data type (``CREATE TYPE``), resolved by the passes.
TYPE_FAMILIES: dict[str, str] = {
    "INTEGER": "integer",
    "INT": "integer",
    "SMALLINT": "integer",
    "BIGINT": "integer",
    "DECIMAL": "decimal",
    "DEC": "decimal",
    "NUMERIC": "decimal",
    "LARGE DECIMAL": "decimal",
    "LARGE DEC": "decimal",
    "LARGE NUMERIC": "decimal",
    "FLOAT": "float",
    "DOUBLE PRECISION": "float",
    "SMALLFLT": "float",
    "REAL": "float",
    "CHAR": "char",
    "CHARACTER": "char",
    "VARCHAR": "varchar",
    "CHAR VARYING": "varchar",
    "CHARACTER VARYING": "varchar",
    "NCHAR": "nchar",
    "NATIONAL CHAR": "nchar",
    "NATIONAL CHARACTER": "nchar",
    "NVARCHAR": "nvarchar",
    # mixed character strings (single- and multi-byte characters): lengths in bytes
    "MCHAR": "char",
    "MVARCHAR": "varchar",
    "DATE": "date",
    "TIME": "time",
    "TIMESTAMP": "timestamp",
    "INTERVAL YEAR TO DAY": "interval",
    "INTERVAL HOUR TO SECOND": "interval",
    "BLOB": "blob",
    "BINARY LARGE OBJECT": "blob",
    "BINARY": "binary",
    "BOOLEAN": "boolean",
}

GRAMMAR = PROFILE.grammar(
    DdlauditHiRDB,
    TYPE_FAMILIES,
    default_nullable=True,
    statements=((CREATE_INDEX, "index"),),
)
