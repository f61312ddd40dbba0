"""The parser shortcuts of ``SpanParserMixin`` give sqlglot's own trees, node for node.

``FAST_PATHS`` reads a column's plain name, reads a plain column (name, scalar type,
NULL / NOT NULL, Teradata's CHARACTER SET and [NOT] CASESPECIFIC) whole, and declines
a non-constraint without sqlglot's chain of calls.  They rest on premises about the
parser classes below the mixin; those are checked here per grammar, then every
fixture statement, generated benchmark statements and generated column lists are
parsed both ways and compared, node types, args, meta (spans, declared types) and
comments included.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sqlglot import exp
from sqlglot.errors import ErrorLevel
from sqlglot.parser import Parser
from sqlglot.tokenizer_core import TokenType

import grammars
from analyzer.core import Options, analyze_bytes
from analyzer.ir import document
from grammars import nodes
from grammars.base import (
    _PLAIN_WORDS,
    _PROPERTY_DECLINED,
    _PROPERTY_TEXT_STARTS,
    PLAIN_TYPES,
    SpanParserMixin,
    statement_chunks,
)
from tests.corpus import ROOT, bench_module, fixture_statements


@pytest.mark.parametrize("dialect", grammars.names())
def test_premises_hold_for_every_grammar(dialect: str) -> None:
    parser = grammars.get(dialect).dialect.parser_class
    below = super(SpanParserMixin, parser)
    # Declining a non-constraint is only sqlglot's own answer if these are sqlglot's.
    assert below._parse_constraint is Parser._parse_constraint
    assert parser._parse_unnamed_constraint is Parser._parse_unnamed_constraint
    # A plain name is read by _parse_id_var after _parse_primary and _parse_function
    # decline it: they must be sqlglot's (Teradata's _parse_function only adds a case
    # for a following "(", which the shortcut leaves to sqlglot).
    assert parser._parse_field is Parser._parse_field
    assert parser._parse_primary is Parser._parse_primary
    assert parser._parse_function_call is Parser._parse_function_call
    assert parser._parse_paren is Parser._parse_paren
    # the mixin's _retreat inlines sqlglot's (moves back with _advance), nothing between
    assert below._retreat is Parser._retreat
    assert "_advance(index - self._index)" in inspect.getsource(Parser._retreat)
    for token_type in (TokenType.VAR, TokenType.IDENTIFIER):
        assert token_type not in parser.PRIMARY_PARSERS
        assert token_type not in parser.PLACEHOLDER_PARSERS
        assert token_type not in parser.NO_PAREN_FUNCTIONS
        assert token_type not in parser.RESERVED_TOKENS


def _defining(parser: type[Parser], name: str) -> set[str]:
    """The classes below the mixin that define ``name`` (reviewed for the shortcut)."""
    return {
        cls.__qualname__
        for cls in parser.__mro__[1:]
        if name in vars(cls) and cls is not SpanParserMixin
    }


@pytest.mark.parametrize("dialect", grammars.names())
def test_plain_column_premises_hold_for_every_grammar(dialect: str) -> None:
    parser = grammars.get(dialect).dialect.parser_class
    types = parser.PLAIN_COLUMN_TYPES
    # sqlglot's _parse_types builds DataType(DType[token], args) for these, nothing else
    assert types <= PLAIN_TYPES <= parser.TYPE_TOKENS
    special = (
        parser.NESTED_TYPE_TOKENS
        | parser.STRUCT_TYPE_TOKENS
        | parser.AGGREGATE_TYPE_TOKENS
        | parser.ENUM_TYPE_TOKENS
        | {TokenType.NULLABLE, TokenType.INTERVAL, TokenType.JSON, TokenType.XML}
    )
    assert not types & special
    assert not {exp.DType[tt.name] for tt in types} & set(parser.TYPE_CONVERTERS)
    # The overrides below the mixin were read: for the plain shape (type keyword first,
    # then only NULL / NOT NULL / CHARACTER SET / CASESPECIFIC up to "," or ")") each
    # hands over to sqlglot's own method.  A new override must be read and added here.
    assert _defining(parser, "_parse_column_def") <= {
        "Parser",
        "TSQLParser",  # "= default" and OUTPUT / READONLY after the constraints
        "_AseParser",  # AS / COMPUTE instead of a type
        "_HiRDBParser",  # checks a CHARACTER SET constraint (never in HiRDB's plain shape)
    }
    assert _defining(parser, "_parse_types") <= {
        "Parser",
        "_DdlParser",  # tsql: xml(...) only
        "_TeradataDDLParser",  # VAR type names, INTERVAL, JSON(...) only
        "_HiRDBParser",  # LARGE (a VAR) before, ARRAY (a VAR) after the type only
    }
    assert _defining(parser, "_parse_column_constraint") <= {
        "Parser",
        "_DdlParser",  # tsql and sybase: CONSTRAINT name without a constraint
        "_HiRDBParser",  # CHARACTER SET [MASTER.]name, before sqlglot's
    }
    assert _defining(parser, "_parse_not_constraint") <= {"Parser", "_TeradataDDLParser"}
    # the name: _parse_id_var(any_token=True) on a VAR or IDENTIFIER token makes
    # Identifier(this=text, quoted=<IDENTIFIER>) at the token's position
    assert _defining(parser, "_parse_id_var") <= {
        "Parser",
        "TSQLParser",  # a '#' or '##' first (temporary tables), never a VAR or IDENTIFIER
    }
    for name in ("_parse_identifier", "_identifier_expression", "_advance_any", "expression"):
        assert getattr(parser, name) is getattr(Parser, name), name
    assert parser._parse_placeholder is Parser._parse_placeholder
    assert TokenType.VAR not in parser.RESERVED_TOKENS
    assert not {TokenType.VAR, TokenType.IDENTIFIER} & set(parser.PLACEHOLDER_PARSERS)
    for word in ("NULL", "NOT"):
        assert parser.CONSTRAINT_PARSERS[word] is Parser.CONSTRAINT_PARSERS[word]
    # sqlglot matches NULL / NOT by their text, which these token types would hide
    assert not {TokenType.NULL, TokenType.NOT} & parser.TEXT_MATCH_EXCLUDED_TOKENS
    if parser.PLAIN_COLUMN_TERADATA_ATTRIBUTES:
        below = super(SpanParserMixin, parser)
        assert below._parse_column_constraint is Parser._parse_column_constraint
        for word in ("CASESPECIFIC", "FORMAT", "TITLE"):
            assert parser.CONSTRAINT_PARSERS[word] is Parser.CONSTRAINT_PARSERS[word]
        # FORMAT / TITLE 'x': _parse_var_or_string() gives the string's literal
        assert parser._parse_var_or_string is Parser._parse_var_or_string
        assert parser._parse_string is Parser._parse_string
        assert parser.STRING_PARSERS[TokenType.STRING] is Parser.STRING_PARSERS[TokenType.STRING]
        assert not {"CHAR", "CHARACTER", "SET"} & set(parser.CONSTRAINT_PARSERS)
    if parser.PLAIN_COLUMN_DEFAULTS:
        # DEFAULT n / 'x' / N'x': sqlglot's DEFAULT reads _parse_bitwise(), which for one
        # literal token followed by an attribute, "," or ")" makes the token's literal
        assert parser.CONSTRAINT_PARSERS["DEFAULT"] is Parser.CONSTRAINT_PARSERS["DEFAULT"]
        for token_type in (TokenType.NUMBER, TokenType.STRING, TokenType.NATIONAL_STRING):
            assert parser.PRIMARY_PARSERS[token_type] is Parser.PRIMARY_PARSERS[token_type]
        for name in ("_parse_bitwise", "_parse_term", "_parse_factor", "_parse_unary"):
            assert _defining(parser, name) <= {"Parser"}, name
        for name in ("_parse_column", "_parse_field", "_parse_primary"):
            assert _defining(parser, name) <= {"Parser"}, name
        assert _defining(parser, "_parse_type") <= {
            "Parser",
            "_TeradataDDLParser",  # PERIOD 'literal' only (a VAR then a STRING)
        }
        assert _defining(parser, "_parse_column_ops") <= {
            "Parser",
            "TeradataParser",  # "(FORMAT ...)" after: a "(" the shortcut never takes
        }
    else:
        assert dialect == "hirdb"  # its own DEFAULT parser
    if parser.PLAIN_COLUMN_DEFAULTS:
        # DEFAULT ((0)): _parse_paren makes Paren(literal) of "( literal )", through
        # sqlglot's own expression chain (no select, alias, tuple or window there)
        for name in (
            "_parse_paren",
            "_parse_select",
            "_parse_expressions",
            "_parse_expression",
            "_parse_alias",
            "_parse_assignment",
            "_parse_disjunction",
            "_parse_conjunction",
            "_parse_equality",
            "_parse_comparison",
            "_parse_range",
            "_match_r_paren",
        ):
            assert _defining(parser, name) <= {"Parser"}, name
        # _parse_select reads a "(" only when nested or a table: a nested paren is not
        assert _defining(parser, "_parse_select_query") <= {"Parser"}
        assert "(table or nested) and self._match(TokenType.L_PAREN)" in inspect.getsource(
            Parser._parse_select_query
        )
    if parser.PLAIN_COLUMN_TSQL_ATTRIBUTES or parser.PLAIN_COLUMN_COMPRESS:
        # the numbers and strings are read by _parse_bitwise, as DEFAULT's (above)
        assert parser.PLAIN_COLUMN_DEFAULTS
        for name in ("_parse_wrapped_csv", "_parse_wrapped", "_parse_csv", "_match_r_paren"):
            assert getattr(parser, name) is getattr(Parser, name), name
        # the words after an attribute are no column operator for the name before them,
        # nor an operator _parse_bitwise reads on with after a literal (but COLLATE,
        # which the shortcut checks for: _ends_literal)
        operators = {
            *parser.COLUMN_OPERATORS,
            *parser.COLUMN_POSTFIX_TOKENS,
            *parser.BITWISE,
            *parser.TERM,
            *parser.FACTOR,
            *parser.EXPONENT,
        }
        starts = {TokenType.NULL, TokenType.NOT, TokenType.DEFAULT, TokenType.VAR, TokenType.FORMAT}
        starts |= {TokenType.CHAR, TokenType.SET}
        assert not operators & (starts | {TokenType.COMMA, TokenType.R_PAREN})
        assert TokenType.COLLATE in parser.TERM
    if parser.PLAIN_COLUMN_TSQL_ATTRIBUTES:
        # COLLATE name: _parse_identifier() declines a VAR, _parse_column() makes
        # Column(Identifier) of it; IDENTITY [(n, m)]: sqlglot's _parse_auto_increment
        for word in ("COLLATE", "IDENTITY"):
            assert parser.CONSTRAINT_PARSERS[word] is Parser.CONSTRAINT_PARSERS[word], word
        for name in (
            "_parse_auto_increment",
            "_parse_identifier",
            "_parse_column_parts_fast",
            "_parse_column_reference",
            "_parse_column_ops",
        ):
            assert getattr(parser, name) is getattr(Parser, name), name
        assert TokenType.VAR in parser.IDENTIFIER_TOKENS
        assert TokenType.COLLATE not in parser.TEXT_MATCH_EXCLUDED_TOKENS
        assert not parser.COLON_IS_VARIANT_EXTRACT
        for word in ("START", "INCREMENT", "ORDER", "NOORDER"):  # read after IDENTITY
            assert word not in ("NULL", "NOT", "DEFAULT", "COLLATE", "IDENTITY")
    if parser.PLAIN_NAMED_TYPES:
        # the Teradata grammar's _parse_types reads these VAR words as _udt(name, args),
        # the arguments by sqlglot's _parse_type_size, as a plain type's
        assert _defining(parser, "_parse_named_type") == {"_TeradataDDLParser"}
        assert _defining(parser, "_parse_type_args") == {"_TeradataDDLParser"}
        source = inspect.getsource(parser._parse_named_type)
        assert 'if name in ("NUMBER", "GRAPHIC", "VARGRAPHIC"):' in source
        assert {"NUMBER", "GRAPHIC", "VARGRAPHIC"} >= parser.PLAIN_NAMED_TYPES
        assert "_parse_type_size()" in inspect.getsource(parser._parse_type_args)
    if parser.PLAIN_TYPE_UNITS:
        # n K: _parse_type_size reads K with _parse_var(any_token=True), a Var of its text
        assert parser._parse_var is Parser._parse_var
        assert parser._advance_any is Parser._advance_any
        assert parser._parse_type_size is Parser._parse_type_size
    if parser.PLAIN_COLUMN_COMPRESS:
        # COMPRESS values: the Teradata grammar's _parse_compress, values only
        assert parser.CONSTRAINT_PARSERS["COMPRESS"] is Parser.CONSTRAINT_PARSERS["COMPRESS"]
        assert _defining(parser, "_parse_compress") == {"Parser", "_TeradataDDLParser"}
        assert _defining(parser, "_parse_compress_values") == {"_TeradataDDLParser"}
        assert "ALGCOMPRESS" not in parser.CONSTRAINT_PARSERS  # read only after values
    # a type argument n is sqlglot's number literal, followed by "," or ")"
    assert parser.PRIMARY_PARSERS[TokenType.NUMBER] is Parser.PRIMARY_PARSERS[TokenType.NUMBER]
    for name in ("_parse_type_size", "_parse_atom", "_parse_var", "_parse_column"):
        assert getattr(parser, name) is getattr(Parser, name), name
    # Teradata's _parse_type reads PERIOD 'literal' (a VAR then a STRING, never a number
    # argument) and hands everything else to sqlglot's
    assert _defining(parser, "_parse_type") <= {"Parser", "_TeradataDDLParser"}
    for token_type in (TokenType.COMMA, TokenType.R_PAREN):
        assert token_type in parser.RESERVED_TOKENS
        assert token_type not in parser.PLACEHOLDER_PARSERS
        assert token_type not in parser.COLUMN_OPERATORS
        assert token_type not in parser.COLUMN_POSTFIX_TOKENS


@pytest.mark.parametrize("dialect", grammars.names())
def test_property_premises_hold_for_every_grammar(dialect: str) -> None:
    parser = grammars.get(dialect).dialect.parser_class
    # sqlglot's own property readers below the mixin, and none is keyed by "("
    assert not _defining(parser, "_parse_property") - {"Parser"}
    assert not _defining(parser, "_parse_property_before") - {"Parser"}
    assert "(" not in parser.PROPERTY_PARSERS
    assert "" not in parser.PROPERTY_PARSERS  # the text of the end-of-tokens sentinel
    # Declining a word (SpanParserMixin._starts_no_property): sqlglot's readers after
    # the property parsers are its own, their text sequences start with known words...
    for name in (
        "_parse_sequence_properties",
        "_parse_key_value_property",
        "_parse_var_from_options",
        "_parse_column",
        "_parse_column_reference",
        "_parse_column_parts_fast",
        "_parse_field",
        "_parse_primary",
        "_parse_bracket",
        "_match_text_seq",
        "_match_texts",
        "_match_pair",
    ):
        assert not _defining(parser, name) - {"Parser"}, name
    assert not _defining(parser, "_parse_column_ops") - {"Parser", "TeradataParser"}
    assert not _defining(parser, "_parse_function") - {"Parser", "TeradataParser"}
    assert not _defining(parser, "_parse_id_var") - {"Parser", "TSQLParser"}
    for method in (Parser._parse_property, Parser._parse_sequence_properties):
        starts = set(re.findall(r'_match_text_seq\("(\w+)"', inspect.getsource(method)))
        assert starts <= _PROPERTY_TEXT_STARTS | {"BY", "WITH", "NONE"}, starts
    # ...the declined words start nothing the key-value reader's column reads on with
    for token_type in _PROPERTY_DECLINED:
        assert token_type not in parser.PRIMARY_PARSERS
        assert token_type not in parser.PLACEHOLDER_PARSERS
        assert token_type not in parser.NO_PAREN_FUNCTIONS
        assert token_type not in {TokenType.DEFAULT, TokenType.CHAR, TokenType.STRING}
    # ...and the word after it is no operator, bracket, call, "=" or join marker
    for token_type in _PLAIN_WORDS:
        assert token_type not in parser.COLUMN_OPERATORS
        assert token_type not in parser.BRACKETS
        assert token_type not in {
            TokenType.L_PAREN,
            TokenType.EQ,
            TokenType.DOT,
            TokenType.JOIN_MARKER,
            TokenType.COLON,
        }


@pytest.mark.parametrize("dialect", grammars.names())
def test_key_column_premises_hold_for_every_grammar(dialect: str) -> None:
    parser = grammars.get(dialect).dialect.parser_class
    if not hasattr(parser, "_plain_key_columns"):
        return
    # (name [ASC | DESC], ...): sqlglot's _parse_ordered(_parse_column) on a plain name
    for name in (
        "_parse_ordered",
        "_parse_column",
        "_parse_column_parts_fast",
        "_parse_wrapped_csv",
        "_parse_wrapped",
        "_parse_csv",
        "_match_r_paren",
    ):
        assert getattr(parser, name) is getattr(Parser, name), name
    assert {TokenType.VAR, TokenType.IDENTIFIER} <= parser.IDENTIFIER_TOKENS
    after = {TokenType.COMMA, TokenType.R_PAREN, TokenType.ASC, TokenType.DESC}
    assert not after & (set(parser.COLUMN_OPERATORS) | set(parser.COLUMN_POSTFIX_TOKENS))
    assert TokenType.DOT not in after and not parser.COLON_IS_VARIANT_EXTRACT


def _slow(dialect: str) -> type[Parser]:
    parser = grammars.get(dialect).dialect.parser_class
    return type("Slow" + parser.__name__, (parser,), {"FAST_PATHS": False})


def _parse(dialect: str, sql: str, fast: bool) -> list[exp.Expr | None] | str:
    d = grammars.get(dialect).dialect()
    parser_class = d.parser_class if fast else _slow(dialect)
    try:
        tokens = d.tokenize(sql)
        return parser_class(error_level=ErrorLevel.RAISE, dialect=d).parse(tokens, sql)
    except Exception as err:  # both ways must fail alike
        return f"{type(err).__name__}: {err}"


def _same(a: exp.Expr | None, b: exp.Expr | None) -> bool:
    if a is None or b is None:
        return a is b
    if a != b:
        return False
    for x, y in zip(a.walk(), b.walk(), strict=True):
        if type(x) is not type(y) or (x._meta or {}) != (y._meta or {}):
            return False
        # sqlglot's == folds the case of strings: compare the plain values exactly
        if x.args.keys() != y.args.keys():
            return False
        for key, value in x.args.items():
            other = y.args[key]
            if not isinstance(value, (exp.Expr, list)) and (
                type(value) is not type(other) or value != other
            ):
                return False
        if (x.comments or []) != (y.comments or []):
            return False
    return True


def _check(dialect: str, sql: str) -> None:
    fast = _parse(dialect, sql, True)
    slow = _parse(dialect, sql, False)
    if isinstance(fast, str) or isinstance(slow, str):
        assert fast == slow, sql[:300]
        return
    assert len(fast) == len(slow)
    for a, b in zip(fast, slow, strict=True):
        assert _same(a, b), sql[:300]


def test_fixture_statements_parse_the_same_both_ways() -> None:
    checked = 0
    for _name, dialect, sql in fixture_statements():
        if grammars.get(dialect).statement_kind(sql) is not None:
            _check(dialect, sql)
            checked += 1
    assert checked > 100


def test_benchmark_statements_parse_the_same_both_ways(tmp_path: Path) -> None:
    bench = bench_module()
    files = [*bench.generate(60, 11, tmp_path), *bench.generate_hirdb(30, 11, tmp_path)]
    for f in files:
        for sql in f.statements:
            _check(f.dialect, sql)


@pytest.mark.parametrize("dialect", grammars.names())
@pytest.mark.parametrize(
    "sql", ["varchar(10) COLLATE x", "int NOT NULL", "decimal(18, 2) COLLATE y, z"]
)
def test_types_read_with_collation_the_same_both_ways(dialect: str, sql: str) -> None:
    d = grammars.get(dialect).dialect()
    trees = []
    for parser_class in (d.parser_class, _slow(dialect)):
        parser = parser_class(error_level=ErrorLevel.RAISE, dialect=d)
        parser.sql, parser._tokens = sql, d.tokenize(sql)
        parser._tokens_size, parser._index = len(parser._tokens), -1
        parser._retreats_left = 1000  # set by _parse, which this bypasses
        parser._advance()
        trees.append((parser._parse_types(with_collation=True), parser._index))
    (fast, fast_end), (slow, slow_end) = trees
    assert fast_end == slow_end
    assert _same(fast, slow)


_NAMES = ("a", "[b c]", '"Q"', "null", "[null]", "max", "casespecific", "set", "#t", "x1")
_PLAIN_TYPES = (
    "int",
    "INTEGER",
    "bigint",
    "smallint",
    "tinyint",
    "BYTEINT",
    "bit",
    "boolean",
    "decimal",
    "numeric",
    "dec",
    "money",
    "smallmoney",
    "float",
    "real",
    "double precision",
    "date",
    "datetime",
    "datetime2",
    "smalldatetime",
    "time",
    "timestamp",
    "datetimeoffset",
    "rowversion",
    "char",
    "character",
    "varchar",
    "char varying",
    "nchar",
    "nvarchar",
    "binary",
    "varbinary",
    "byte",
    "varbyte",
    "text",
    "ntext",
    "clob",
    "image",
    "blob",
    "uniqueidentifier",
    "number",
    "NUMBER",
    "graphic",
    "VARGRAPHIC",
)
_OTHER_TYPES = (
    "xml",
    "json",
    "interval",
    "long varchar",
    "sysname",
    "unsigned int",
    "graphic",
)
_PLAIN_ARGS = (
    *("", "(1)", "(10)", "( 18 , 2 )", "(18,2)", "(max)", "(MAX)", "(Max)"),
    *("(1M)", "(64K)", "(2 g)", "(10k)", "(3G, 2)"),
)
_OTHER_ARGS = (
    "(1e3)",
    "(1.5)",
    "(1, 2, 3)",
    "()",
    "(10 char)",
    "(max, 2)",
    "(2, max)",
    "(1X)",
    "(1 M M)",
    "(max K)",
    "(*)",
    "(-1)",
    "(0x1)",
    "(10",
    "(10,",
)
_PLAIN_ATTRIBUTES = (
    "NULL",
    "not null",
    "NOT NULL",
    "null",
    "CHARACTER SET LATIN",
    "character set unicode",
    "CHAR SET latin",
    "CASESPECIFIC",
    "NOT CASESPECIFIC",
    "not casespecific",
    "DEFAULT 0",
    "default 1.5",
    "DEFAULT 'x'",
    "DEFAULT ''",
    "DEFAULT N'y'",
    "DEFAULT 'it''s'",
    "DEFAULT ((0))",
    "default (1)",
    "DEFAULT ('x')",
    "DEFAULT (((2)))",
    "DEFAULT (N'z')",
    "DEFAULT ( ( 3 ) )",
    "FORMAT 'YYYY-MM-DD'",
    "format 'x(10)'",
    "TITLE 'Amount'",
    "title ''",
    "COLLATE Latin1_General_CI_AS",
    "collate x",
    "IDENTITY",
    "IDENTITY(1,1)",
    "identity (10, 5)",
    "COMPRESS ('a', 'b', 'c')",
    "compress (1,2)",
    "COMPRESS ('x')",
    "COMPRESS 'y'",
    "COMPRESS 0",
    "COMPRESS",
)
_OTHER_ATTRIBUTES = (
    "CS",
    "NOT CS",
    "DEFAULT -1",
    "DEFAULT ((((4))))",
    "DEFAULT ((0)",
    "DEFAULT (0))",
    "DEFAULT (0) + 1",
    "DEFAULT ((0)) COLLATE x",
    "DEFAULT (-1)",
    "DEFAULT (0, 1)",
    "DEFAULT ( /* c */ 0)",
    "DEFAULT (0 /* c */)",
    "DEFAULT ('a' 'b')",
    "DEFAULT (getdate())",
    "DEFAULT ((0) + (1))",
    "DEFAULT 'a' 'b'",
    "DEFAULT 1 + 2",
    "DEFAULT x'00'",
    "DEFAULT 0x1F",
    "DEFAULT getdate()",
    "DEFAULT",
    "DEFAULT 1 COLLATE x",
    "COLLATE [x]",
    "COLLATE x.y",
    "COLLATE case",
    "IDENTITY(1)",
    "IDENTITY(-1, 1)",
    "IDENTITY(1.5, 1)",
    "IDENTITY(1, 1) NOT FOR REPLICATION",
    "IDENTITY START 5",
    "COMPRESS ()",
    "COMPRESS (NULL)",
    "COMPRESS NULL",
    "COMPRESS ('a' 'b')",
    "COMPRESS ('a') ALGCOMPRESS f ALGDECOMPRESS g",
    "COMPRESS USING f DECOMPRESS USING g",
    "COMPRESS (1.5, -2)",
    "COMPRESS (N'x')",
    "PRIMARY KEY",
    "ARRAY[3]",
    "WITH TIME ZONE",
    "UNSIGNED",
    "= 1",
    "FORMAT 'YYYY'",
    "FORMAT N'x'",
    "TITLE x",
    "FORMAT",
    "TITLE 'a' 'b'",
    "CHARACTER SET",
    "NOT",
    "/* c */",
    "-- c\n",
    "[x]",
    "COMPRESS",
    "FIRST",
)


def _mostly(plain: tuple[str, ...], other: tuple[str, ...]) -> st.SearchStrategy[str]:
    """Mostly the shortcut's shapes (so it runs), sometimes what it must leave alone."""
    return st.one_of(st.sampled_from(plain), st.sampled_from(plain), st.sampled_from(other))


_COLUMN_LISTS = st.lists(
    st.tuples(
        st.sampled_from(_NAMES),
        _mostly(_PLAIN_TYPES, _OTHER_TYPES),
        _mostly(_PLAIN_ARGS, _OTHER_ARGS),
        st.lists(_mostly(_PLAIN_ATTRIBUTES, _OTHER_ATTRIBUTES), max_size=3),
        st.sampled_from((" ", "\n", "  ", "\t", "/* k */ ")),
    ),
    min_size=1,
    max_size=5,
)


def _table_sql(columns: list[tuple[str, str, str, list[str], str]], upper: bool) -> str:
    body = ",\n  ".join(
        gap.join([name, typ + args, *attributes]) for name, typ, args, attributes, gap in columns
    )
    sql = f"CREATE TABLE t (\n  {body}\n)"
    return sql.upper() if upper else sql


@settings(
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(_COLUMN_LISTS, st.sampled_from(grammars.names()), st.booleans())
def test_generated_columns_parse_the_same_both_ways(
    columns: list[tuple[str, str, str, list[str], str]], dialect: str, upper: bool
) -> None:
    _check(dialect, _table_sql(columns, upper))


@pytest.mark.parametrize(
    "sql",
    [
        'CREATE TABLE t (case int, next int, [select] int, "q" int)',
        "CREATE TABLE t (a int, CONSTRAINT pk PRIMARY KEY (a), CHECK (a > 0), INDEX ix (a))",
        "CREATE TABLE t (period int, PERIOD FOR SYSTEM_TIME (a, b))",
        "CREATE TABLE t ('x' int)",
        "CREATE TABLE t (a.b int)",
        "CREATE TABLE t (a",
        "CREATE TABLE t (unique int)",
        "CREATE TABLE t (a varchar(max) NULL NOT NULL null, b decimal(18, 2), c char(1))",
        "CREATE TABLE t (a CHAR(2) CHARACTER SET LATIN NOT CASESPECIFIC NOT NULL)",
        "CREATE TABLE t (a char(2) character set latin not casespecific casespecific null)",
        "CREATE TABLE t (a varchar(max) casespecific, b nvarchar(Max) NOT CASESPECIFIC)",
        "CREATE TABLE t (a int /* c */, b int -- c\n, c int)",
        "CREATE TABLE t (a int, b varchar(10",
        "CREATE TABLE t (a int",
        "CREATE TABLE t (a timestamp(6) WITH TIME ZONE, b int NOT)",
        "CREATE TABLE t (a int UNSIGNED, b bigint unsigned NOT NULL, c int(10) unsigned)",
        "CREATE TABLE t (a int ARRAY[3], b varchar(10) array[2] NOT NULL, c int LIST)",
        "CREATE TABLE t (a int NULL DEFAULT 0 NOT NULL, b varchar(10) COLLATE x NULL)",
        "CREATE TABLE t (a int DEFAULT 0 NOT NULL, b char(1) default 'x' null, c int DEFAULT 1)",
        "CREATE TABLE t (a nvarchar(9) DEFAULT N'z', b int DEFAULT 2 DEFAULT 3, c int DEFAULT",
        "CREATE TABLE t (a int DEFAULT 0 /* c */ NOT NULL, b int DEFAULT 'a' || 'b')",
        "CREATE TABLE t (a date FORMAT 'YYYY-MM-DD' TITLE 'When' NOT NULL, b int title 'n')",
        "CREATE TABLE t (a int FORMAT 'x' FORMAT 'y', b int TITLE 'z' CHARACTER SET LATIN)",
        "CREATE TABLE t (a int IDENTITY(1, 1) NOT NULL, b varchar(9) COLLATE x NULL)",
        "CREATE TABLE t (a int identity, b int IDENTITY /* c */ (1, 1), c int IDENTITY(1,",
        "CREATE TABLE t (a CHAR(2) CHARACTER SET LATIN COMPRESS ('a', 'b') NOT NULL)",
        "CREATE TABLE t (a int COMPRESS, b int COMPRESS 1 NOT NULL, c int COMPRESS (1, 2",
        "CREATE TABLE t (a int DEFAULT 1 COLLATE x, b int COMPRESS 'a' COLLATE y NULL)",
        "CREATE TABLE t (a int DEFAULT ((0)) NOT NULL, b char(1) DEFAULT ('x'), c int DEFAULT (((",
        "CREATE TABLE t (a int DEFAULT ((0)) COLLATE x, b int DEFAULT (1) /* c */ NULL)",
        "CREATE TABLE t (a NUMBER, b NUMBER(10), c number(10, 2) NOT NULL, d NUMBER(*))",
        "CREATE TABLE t (a BLOB(2M), b CLOB(64K) CHARACTER SET LATIN, c BLOB(1 G), d CLOB(1X))",
        "CREATE TABLE t (a blob(2m), b clob(64k) NOT NULL, c varbyte(10), d varchar(5))",
        # key columns (_plain_key_columns in the T-SQL and ASE grammars)
        "CREATE TABLE t (a int, CONSTRAINT pk PRIMARY KEY CLUSTERED ([a] ASC, b DESC, c))",
        "CREATE TABLE t (a int, PRIMARY KEY NONCLUSTERED (a), UNIQUE (b, [c d]), UNIQUE (e))",
        "CREATE TABLE t (a int, PRIMARY KEY (a NULLS FIRST), UNIQUE (b ASC DESC))",
        "CREATE TABLE t (a int, PRIMARY KEY (x.a), UNIQUE (all), UNIQUE (case))",
        "CREATE TABLE t (a int, PRIMARY KEY (a /* c */, b), UNIQUE ( /* d */ e))",
        "CREATE TABLE t (a int, PRIMARY KEY (a) WITH (FILLFACTOR = 90) ON [PRIMARY])",
        "CREATE TABLE t (a int, PRIMARY KEY (), UNIQUE (a,",
        "CREATE TABLE t (a int PRIMARY KEY CLUSTERED, b int UNIQUE, c int, PRIMARY KEY (f(c)))",
        # words a property reader might take, or declined (_starts_no_property)
        "CREATE MULTISET TABLE db.t, FALLBACK (a INTEGER) UNIQUE PRIMARY INDEX (a)",
        "CREATE SET TABLE t (a INTEGER) PRIMARY INDEX (a) INDEX ix (a) INDEX (a)",
        "CREATE TABLE t (a INTEGER) NO PRIMARY INDEX PARTITION BY a",
        "CREATE TABLE t, foo = 1 (a int) bar baz, qux = 2",
        "CREATE TABLE t (a int) primary index, unique primary",
        "CREATE TABLE t (a int) WITH (DATA_COMPRESSION = PAGE) ON [PRIMARY] TEXTIMAGE_ON x",
        'CREATE TABLE t (a int) x [y], z "w"',
        "CREATE TABLE t (a int) case x",
        "CREATE TABLE t (a int) unique /* c */ primary index (a)",
        "CREATE TABLE t (a int) unique primary /* c */ index (a)",
        "CREATE VOLATILE TABLE t (a int) ON COMMIT PRESERVE ROWS",
        "CREATE TABLE t (a int) increment by 1",
    ],
)
def test_edge_cases_parse_the_same_both_ways(sql: str) -> None:
    for dialect in ("tsql", "teradata", "hirdb", "sybase"):
        _check(dialect, sql)


def _sqlglot_chunks(tokens: list[object]) -> list[list[object]]:
    """The chunks sqlglot's own Parser._parse makes of ``tokens``."""
    parser = grammars.get("tsql").dialect().parser()
    seen: list[list[list[object]]] = []

    def method(self: Parser) -> None:
        if not seen:
            seen.append([list(chunk) for chunk in self._chunks])
        self._advance(self._tokens_size)  # consume the chunk: no "unexpected token"

    Parser._parse(parser, method, tokens, "")  # type: ignore[arg-type]
    return seen[0]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", ";", "; ", "/* c */", "-- d\n", " ", "b(1)"]), max_size=12))
def test_statement_chunks_are_sqlglots(pieces: list[str]) -> None:
    tokens = grammars.get("tsql").dialect().tokenize("".join(pieces))
    assert statement_chunks(tokens) == _sqlglot_chunks(tokens)
    below = super(SpanParserMixin, grammars.get("tsql").dialect.parser_class)
    assert below._parse is Parser._parse  # the one statement_chunks replaces


# ------------------------------------------------- the plain column's lazy node


def _columns(dialect: str, sql: str) -> list[exp.Expr]:
    [create] = grammars.get(dialect).dialect().parse(sql)
    assert isinstance(create, exp.Create)
    return list(create.this.expressions)


def test_a_plain_column_builds_sqlglots_nodes_on_first_use() -> None:
    sql = "CREATE TABLE t (a varchar(10) NOT NULL, b decimal(18, 2) NULL, c int)"
    fast = _columns("tsql", sql)
    assert [type(c) for c in fast] == [nodes.PlainColumnDef] * 3
    assert fast[0].plain.declared == "varchar(10)"
    assert [c.plain.nullable for c in fast] == [False, True, None]
    # a copy, ==, the generator: each builds the nodes and gives sqlglot's answer
    slow = _parse("tsql", sql, False)
    assert isinstance(slow, list) and slow[0] is not None
    slow_columns = slow[0].this.expressions
    copied = fast[0].copy()
    assert type(copied) is exp.ColumnDef and type(fast[0]) is exp.ColumnDef
    assert _same(copied, slow_columns[0]) and _same(fast[0], slow_columns[0])
    assert fast[1] == slow_columns[1] and type(fast[1]) is exp.ColumnDef
    assert fast[2].sql("tsql") == "c INTEGER" and type(fast[2]) is exp.ColumnDef
    assert fast[2].this.parent is fast[2] and fast[2].args["kind"].parent is fast[2]
    # a node made directly is an ordinary ColumnDef
    made = nodes.PlainColumnDef(this=exp.to_identifier("x"))
    assert type(made) is exp.ColumnDef and made.name == "x"


def test_the_ir_builder_reads_plain_columns_without_building_their_nodes() -> None:
    from analyzer.build import Context, build
    from analyzer.source import LineIndex

    sql = (
        "CREATE TABLE t (a CHAR(2) CHARACTER SET LATIN NOT CASESPECIFIC NOT NULL, "
        "b varchar(10) casespecific, c int)"
    )
    [create] = grammars.get("teradata").dialect().parse(sql)
    assert isinstance(create, exp.Create)
    table = build(create, Context("t.sql", grammars.get("teradata"), sql, 0, LineIndex(sql)))
    assert [type(c) for c in create.this.expressions] == [nodes.PlainColumnDef] * 3
    a, b, c = table.columns  # type: ignore[union-attr]
    assert (a.character_set, a.case_specific, a.nullable, a.nullable_explicit) == (
        "LATIN",
        False,
        False,
        True,
    )
    assert (b.case_specific, b.nullable, b.nullable_explicit) == (True, True, False)
    assert (c.type.declared, c.span.column if c.span else None) == ("int", sql.index("c int") + 1)


def _ir(dialect: str, sql: str, fast: bool) -> object:
    saved = SpanParserMixin.FAST_PATHS
    SpanParserMixin.FAST_PATHS = fast
    try:
        result = analyze_bytes("t.sql", sql.encode(), Options(dialect=dialect))
    finally:
        SpanParserMixin.FAST_PATHS = saved
    return document([result])


def test_fixture_files_give_the_same_ir_both_ways() -> None:
    checked = 0
    for path in sorted((ROOT / "fixtures").rglob("*.sql")):
        data = path.read_bytes()
        fast = analyze_bytes(path.name, data, Options())
        SpanParserMixin.FAST_PATHS = False
        try:
            slow = analyze_bytes(path.name, data, Options())
        finally:
            SpanParserMixin.FAST_PATHS = True
        assert document([fast]) == document([slow]), path
        checked += 1
    assert checked > 40


def test_benchmark_statements_give_the_same_ir_both_ways(tmp_path: Path) -> None:
    bench = bench_module()
    for f in [*bench.generate(60, 12, tmp_path), *bench.generate_hirdb(30, 12, tmp_path)]:
        assert _ir(f.dialect, f.text, True) == _ir(f.dialect, f.text, False), f.path


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(_COLUMN_LISTS, st.sampled_from(grammars.names()), st.booleans())
@example(
    [("a", "char", "(2)", ["character set unicode", "not casespecific"], " ")], "teradata", False
)
@example([("a", "int", "", ["IDENTITY(1,1)", "collate x"], " ")], "sybase", False)
@example([("a", "int", "", ["IDENTITY(1,1)", "NOT NULL"], " ")], "tsql", True)
@example([("a", "int", "", ["DEFAULT ((0))", "NOT NULL"], " ")], "tsql", False)
@example([("a", "char", "(2)", ["COMPRESS ('a', 'b')", "COMPRESS 'y'"], " ")], "teradata", False)
def test_generated_columns_give_the_same_ir_both_ways(
    columns: list[tuple[str, str, str, list[str], str]], dialect: str, upper: bool
) -> None:
    sql = _table_sql(columns, upper)
    assert _ir(dialect, sql, True) == _ir(dialect, sql, False), sql
