"""SAP / Sybase ASE grammar: the T-SQL grammar with ASE's types, storage options and ``sp_addtype``.

ASE and SQL Server share their Transact-SQL ancestry, so this grammar subclasses
:mod:`grammars.tsql` and adds what ASE DDL scripts (``ddlgen``, ``defncopy``, install
scripts such as pubs2) contain and sqlglot does not read:

* types ``unichar`` / ``univarchar`` / ``unitext``, ``bigdatetime``, ``bigtime``,
  ``unsigned smallint | int | bigint`` and ``longsysname``, each kept as declared;
* table options ``lock allpages | datapages | datarows``
  (:class:`~grammars.nodes.LockSchemeProperty`), the unwrapped ``with max_rows_per_page = n,
  exp_row_size = n, reservepagegap = n, identity_gap = n, dml_logging = ...`` list (one
  plain ``exp.Property`` each), ``on segment`` / ``on 'default'`` (``exp.OnProperty``) and
  ``partition by range | hash | list | roundrobin`` (:class:`~grammars.nodes.AsePartitionProperty`);
* ``sp_addtype name, 'base type' [, 'null' | 'not null' | 'nonull' | 'identity']`` in the
  forms scripts use (``exec`` / ``execute`` / bare, ' or " quotes, parentheses, ``@name =``
  arguments), read as :class:`~grammars.nodes.CreateAliasType`;
* ``create external table`` is rejected with a parse error: proxy tables store no rows here;
* the system procedures that declare keys (``sp_primarykey``, ``sp_foreignkey``,
  ``sp_commonkey``), mark tables for replication (``sp_setreplicate``, ``sp_setreptable``,
  ``sp_setrepcol``) and define SQL Remote publications and subscriptions
  (``sp_add_remote_table``, ``sp_create_publication``, ``sp_add_article``,
  ``sp_add_article_col``, ``sp_create_subscription``, ``sp_subscription``), each read as a
  node of :mod:`grammars.nodes` (:func:`parse_procedure`), same argument forms as sp_addtype;
* Replication Server RCL and SQL Anywhere ``CREATE PUBLICATION``, parsed by :mod:`grammars.rcl`;
* ``alter table ... add constraint`` and ``create index`` with the value-less options
  ``ignore_dup_key``, ``sorted_data``, ``ignore_dup_row``, ``allow_dup_row`` (Reference
  Manual, create index), read as table changes (``Grammar.changes``, docs/decisions.md D76).

ASE columns are NOT NULL unless they say otherwise (``Grammar.default_nullable``).
"""

from __future__ import annotations

import re
import typing as t

from sqlglot import exp
from sqlglot.tokenizer_core import Token, TokenType

from grammars import nodes, rcl
from grammars.base import KEY_CHANGES, SpanParserMixin
from grammars.procargs import SP_ADDTYPE, Arg, parse_error, procedure_args
from grammars.profiles.sybase import PROFILE
from grammars.tsql import DdlauditTSQL, _DdlGenerator, _DdlParser

# Sent to the parser so it can say why an external (proxy) table is not sized.
CREATE_EXTERNAL = re.compile(r"\s*create\s+external\s+table\b", re.IGNORECASE)

#: ``with name = value`` options ASE writes without parentheses after a column list.
_WITH_OPTIONS = frozenset(
    {
        "MAX_ROWS_PER_PAGE",
        "EXP_ROW_SIZE",
        "RESERVEPAGEGAP",
        "IDENTITY_GAP",
        "DML_LOGGING",
        "COMPRESSION",
        "LOB_COMPRESSION",
        "INDEX_COMPRESSION",
        "TRANSFER",
        "LATENCY_PRIORITY",
        "ERASE_RESIDUAL_DATA",
    }
)

#: ``with name = value`` options of a key's index (``primary key (a) with ...``).
_INDEX_OPTIONS = frozenset({"FILLFACTOR", "MAX_ROWS_PER_PAGE", "RESERVEPAGEGAP", "CONSUMERS"})
#: ``create index ... with`` options that take no value (ASE Reference Manual, create index).
_INDEX_FLAGS = frozenset({"IGNORE_DUP_KEY", "SORTED_DATA", "IGNORE_DUP_ROW", "ALLOW_DUP_ROW"})

_LOCK_SCHEMES = ("ALLPAGES", "DATAPAGES", "DATAROWS")
_PARTITION_KINDS = ("RANGE", "HASH", "LIST", "ROUNDROBIN")


# ----------------------------------------------------------------- sp_addtype


_error = parse_error


# ------------------------------------------------------- system procedures

#: ASE system procedures read as statements: name -> parameter names, in order (the names
#: ``@name =`` arguments may use).  ASE Reference Manual: Procedures (sp_primarykey,
#: sp_foreignkey, sp_commonkey, sp_setreplicate, sp_setreptable, sp_setrepcol); SQL Remote
#: Command Reference for Adaptive Server Enterprise (the SQL Remote procedures).
PROCEDURES: dict[str, tuple[str, ...]] = {
    "sp_primarykey": ("tabname", *(f"col{i}" for i in range(1, 9))),
    "sp_foreignkey": ("tabname", "pktabname", *(f"col{i}" for i in range(1, 9))),
    "sp_commonkey": ("tabaname", "tabbname", *(f"col{i}{s}" for i in range(1, 9) for s in "ab")),
    "sp_setreplicate": ("replicate_name", "setflag"),
    "sp_setreptable": ("table_name", "setflag", "owner_flag", "use_index"),
    "sp_setrepcol": ("tab_name", "column_name", "setflag", "use_index"),
    "sp_add_remote_table": ("table_name",),
    "sp_create_publication": ("publication_name",),
    # the fifth argument, the table owner, is our reading (docs/decisions.md, D33)
    "sp_add_article": (
        "publication_name",
        "table_name",
        "where_column_name",
        "subscription_column",
        "owner",
    ),
    "sp_add_article_col": ("publication_name", "table_name", "column_name"),
    "sp_create_subscription": ("publication_name", "user_name", "subscribe_by"),
    "sp_subscription": ("operation", "publication_name", "user_name", "subscribe_by"),
}

#: One of :data:`PROCEDURES` at the head of a statement (the grammar's ``"procedure"`` kind).
SYSTEM_PROCEDURE = re.compile(
    r"\s*(?:exec(?:ute)?\s+)?(" + "|".join(sorted(PROCEDURES, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)

_REPCOL_STATUS = ("do_not_replicate", "always_replicate", "replicate_if_changed")


def _table_arg(sql: str, arg: Arg) -> exp.Table:
    """A ``[db.][owner.]table`` argument (``db..table`` too) as a ``Table`` pointing into sql."""
    parts = [p.strip().strip("[]").strip('"') for p in arg.text.strip().split(".")]
    if not parts[-1] or len(parts) > 3:
        raise _error(sql, arg.start, arg.end, f"Invalid table name {arg.text!r}")
    ident = exp.to_identifier(parts[-1])
    ident.meta.update({"start": arg.start, "end": arg.end - 1})
    table = exp.Table(
        this=ident,
        db=exp.to_identifier(parts[-2]) if len(parts) > 1 and parts[-2] else None,
        catalog=exp.to_identifier(parts[-3]) if len(parts) > 2 and parts[-3] else None,
    )
    table.meta["span"] = (arg.start, arg.end)
    return table


def _flag(sql: str, arg: Arg, allowed: t.Sequence[str]) -> str:
    word = arg.text.strip().lower()
    if word not in allowed:
        expected = ", ".join(repr(a) for a in allowed)
        raise _error(sql, arg.start, arg.end, f"Expected {expected}, got {arg.text!r}")
    return word


def parse_procedure(sql: str, head: re.Match[str]) -> exp.Expr:
    """One ASE system procedure call of :data:`PROCEDURES` (``head`` matched
    :data:`SYSTEM_PROCEDURE`) as a node of :mod:`grammars.nodes`."""
    proc = head.group(1).lower()
    start = len(sql) - len(sql.lstrip())
    args, end = procedure_args(sql, head.end(), proc)
    params = PROCEDURES[proc]
    positional = [a for a in args if not a.name]
    if len(positional) > len(params):
        extra = positional[len(params)]
        raise _error(sql, extra.start, extra.end, f"Too many {proc} arguments")
    given: dict[str, Arg] = dict(zip(params, positional, strict=False))
    for arg in args:
        if arg.name:
            if arg.name not in params:
                raise _error(sql, arg.start, arg.end, f"Unknown {proc} argument @{arg.name}")
            given[arg.name] = arg
    # NULL (quoted or not) stands for an omitted argument
    values = {k: a for k, a in given.items() if a.text.strip().lower() != "null"}

    def need(*keys: str) -> list[Arg]:
        missing = [k for k in keys if k not in values]
        if missing:
            raise _error(
                sql, start, head.end(), f"{proc} needs {', '.join('@' + k for k in missing)}"
            )
        return [values[k] for k in keys]

    def columns(keys: t.Iterable[str]) -> list[str]:
        return [values[k].text.strip() for k in keys if k in values]

    node: exp.Expr
    if proc in ("sp_primarykey", "sp_foreignkey"):
        key_params = params[1:] if proc == "sp_primarykey" else params[2:]
        (keyed,) = need(params[0])
        cols = columns(key_params)
        if not cols:
            raise _error(sql, start, end, f"{proc} needs at least one column")
        ref = _table_arg(sql, need("pktabname")[0]) if proc == "sp_foreignkey" else None
        node = nodes.AseKeyProcedure(
            this=_table_arg(sql, keyed), procedure=proc, expressions=cols, ref_table=ref
        )
    elif proc == "sp_commonkey":
        first, second = need("tabaname", "tabbname")
        pairs = [(f"col{i}a", f"col{i}b") for i in range(1, 9)]
        left = [values[a].text.strip() for a, b in pairs if a in values and b in values]
        unpaired = [
            values[k]
            for a, b in pairs
            if (a in values) != (b in values)
            for k in (a, b)
            if k in values
        ]
        if unpaired:
            raise _error(
                sql, unpaired[0].start, unpaired[0].end, "sp_commonkey columns come in pairs"
            )
        if not left:
            raise _error(sql, start, end, "sp_commonkey needs at least one pair of columns")
        node = nodes.AseKeyProcedure(
            this=_table_arg(sql, first),
            procedure=proc,
            expressions=left,
            ref_table=_table_arg(sql, second),
            ref_columns=[values[b].text.strip() for a, b in pairs if b in values],
        )
    elif proc in ("sp_setreplicate", "sp_setreptable", "sp_setrepcol", "sp_add_remote_table"):
        if params[0] not in values:
            if proc == "sp_add_remote_table":
                need(params[0])
            return _report(proc, "reports the replication status; changes nothing", start, end)
        table = _table_arg(sql, values[params[0]])
        mark: dict[str, t.Any] = {"this": table, "procedure": proc}
        if proc == "sp_add_remote_table":
            mark["state"] = "true"  # it calls sp_setreplicate t, 'true'
        elif proc == "sp_setrepcol":
            if "setflag" not in values:
                return _report(proc, "reports the replication status; changes nothing", start, end)
            mark["status"] = _flag(sql, values["setflag"], _REPCOL_STATUS)
            if "column_name" in values:
                mark["column"] = values["column_name"].text.strip()
        else:
            if "setflag" not in values:
                return _report(proc, "reports the replication status; changes nothing", start, end)
            states = ("true", "false", "never") if proc == "sp_setreptable" else ("true", "false")
            mark["state"] = _flag(sql, values["setflag"], states)
            if "owner_flag" in values:
                owner = _flag(sql, values["owner_flag"], ("owner_on", "owner_off"))
                mark["owner"] = owner == "owner_on"
        if "use_index" in values:
            _flag(sql, values["use_index"], ("use_index",))
            mark["use_index"] = True
        node = nodes.AseReplicationMark(**mark)
    elif proc == "sp_create_publication":
        (name,) = need("publication_name")
        node = nodes.CreatePublication(this=_table_arg(sql, name), kind="sql_remote_ase")
    elif proc in ("sp_add_article", "sp_add_article_col"):
        keys = ("publication_name", "table_name")
        publication, table_arg = need(*keys)
        table = _table_arg(sql, table_arg)
        if "owner" in values:
            table.set("db", exp.to_identifier(values["owner"].text.strip()))
        article: dict[str, t.Any] = {"this": table}
        if proc == "sp_add_article_col":
            article["expressions"] = [need("column_name")[0].text.strip()]
        else:
            if "where_column_name" in values:
                article["where"] = values["where_column_name"].text.strip()
            if "subscription_column" in values:
                article["subscribe_by"] = values["subscription_column"].text.strip()
        node = nodes.SqlRemoteArticle(
            this=publication.text.strip(),
            procedure=proc,
            article=nodes.PublicationArticle(**article),
        )
    else:  # sp_create_subscription, sp_subscription
        if proc == "sp_subscription":
            (operation,) = need("operation")
            verb = _flag(sql, operation, ("create", "drop", "start", "stop", "synchronize"))
            if verb != "create":
                return _report(f"{proc} {verb}", "manages an existing subscription", start, end)
        publication, user = need("publication_name", "user_name")
        subscribe_by = values.get("subscribe_by")
        node = nodes.CreateSubscription(
            kind="sql_remote",
            target=publication.text.strip(),
            target_kind="publication",
            user=user.text.strip(),
            subscribe_by=subscribe_by.text if subscribe_by is not None else None,
        )
    node.meta["span"] = (start, len(sql[:end].rstrip()))
    return node


def _report(label: str, reason: str, start: int, end: int) -> exp.Expr:
    node = nodes.ReportOnly(this=f"exec {label}", reason=reason)
    node.meta["span"] = (start, end)
    return node


class _AseParser(_DdlParser):
    """The T-SQL DDL parser plus ASE table options; sits under ``SpanParserMixin``."""

    PROPERTY_PARSERS: t.ClassVar[dict[str, t.Callable[..., t.Any]]] = {
        **_DdlParser.PROPERTY_PARSERS,
        "LOCK": lambda self: self._parse_lock_scheme(),
        "ON": lambda self: self._parse_ase_on(),
        "PARTITION BY": lambda self: self._parse_ase_partition(),
        "WITH": lambda self: self._parse_ase_with(),
    }

    CONSTRAINT_PARSERS: t.ClassVar[dict[str, t.Callable[[t.Any], exp.Expr | None]]] = {
        **_DdlParser.CONSTRAINT_PARSERS,
        "ENCRYPT": lambda self: self._parse_encrypt(),
        "IN": lambda self: self._parse_in_row(),
    }

    # ------------------------------------------------------------ statements

    #: ASE Reference Manual, sp_addtype: ``typename, phystype [(length) | (precision [,
    #: scale])] [, "identity" | nulltype]``.
    SP_ADDTYPE_PARAMS: t.ClassVar[tuple[str, ...]] = ("typename", "phystype", "nulltype")
    SP_ADDTYPE_NULLTYPES: t.ClassVar[dict[str, bool]] = {
        "null": True,
        "not null": False,
        "nonull": False,
        "identity": False,
    }

    def parse(self, raw_tokens: list[Token], sql: str) -> list[exp.Expr | None]:
        # sp_addtype: the T-SQL grammar's, with ASE's parameters
        procedure = SYSTEM_PROCEDURE.match(sql) if sql else None
        if procedure is not None:
            return [parse_procedure(sql, procedure)]
        if sql and rcl.HEAD.match(sql):
            return [rcl.parse(sql, raw_tokens)]
        return super().parse(raw_tokens, sql)

    def _parse_create(self) -> exp.Expr:  # type: ignore[override]
        if self._curr and self._curr.text.upper() == "EXTERNAL":
            self.raise_error(
                "CREATE EXTERNAL TABLE is not sized: an external (proxy) table stores"
                " its rows in the remote server"
            )
            while self._curr:
                self._advance()
            return exp.Command(this="CREATE", expression=exp.Literal.string("EXTERNAL"))
        return super()._parse_create()

    # --------------------------------------------------------------- columns

    def _parse_column_def(self, this: exp.Expr | None, *args: t.Any, **kwargs: t.Any) -> t.Any:
        # ASE computed column: name {AS | COMPUTE} expr [[NOT] MATERIALIZED]; only a
        # materialized one is stored in the row (ASE's default is not materialized)
        curr = self._curr
        if curr and (curr.token_type == TokenType.ALIAS or curr.text.upper() == "COMPUTE"):
            self._advance()
            expression = self._parse_disjunction()
            if expression is None:
                self.raise_error("Expected an expression for the computed column")
            persisted = self._match_text_seq("MATERIALIZED")
            if not persisted:
                self._match_text_seq("NOT", "MATERIALIZED")
            constraints: list[exp.Expr] = [
                self.expression(
                    exp.ColumnConstraint(
                        kind=exp.ComputedColumnConstraint(this=expression, persisted=persisted)
                    )
                )
            ]
            while True:
                constraint = self._parse_column_constraint()
                if not constraint:
                    break
                constraints.append(constraint)
            if isinstance(this, exp.Column):
                this = this.this
            return self.expression(exp.ColumnDef(this=this, constraints=constraints))
        return super()._parse_column_def(this, *args, **kwargs)

    def _parse_in_row(self) -> exp.Expr | None:
        """``IN ROW [(n)]`` of an ASE text / image / unitext column (stored in the row up to n)."""
        if not self._match_text_seq("ROW"):
            return None
        size: exp.Expr = exp.var("true")
        if self._match(TokenType.L_PAREN):
            number = self._parse_number()
            if number is None:
                self.raise_error("Expected the in-row size")
            else:
                size = number
            self._match_r_paren()
        return self.expression(nodes.ColumnOption(this=exp.var("IN_ROW"), value=size))

    def _parse_encrypt(self) -> exp.Expr | None:
        """``ENCRYPT [WITH key] [DECRYPT_DEFAULT value]``: stored as varbinary, wider."""
        key: exp.Expr = exp.var("true")
        if self._match(TokenType.WITH):
            name = self._parse_table_parts()
            if name is None:
                self.raise_error("Expected a key name after ENCRYPT WITH")
            else:
                key = name
        if self._match_text_seq("DECRYPT_DEFAULT"):
            self._parse_bitwise()
        return self.expression(nodes.ColumnOption(this=exp.var("ENCRYPT"), value=key))

    # ------------------------------------------------------------ properties

    def _parse_lock_scheme(self) -> exp.Expr | None:
        if not self._match_texts(_LOCK_SCHEMES):
            self.raise_error("Expected ALLPAGES, DATAPAGES or DATAROWS after LOCK")
            return None
        return self.expression(nodes.LockSchemeProperty(this=exp.var(self._prev.text)))

    def _parse_ase_on(self) -> exp.Expr | None:
        token = self._curr
        if token is not None and token.token_type == TokenType.STRING:
            self._advance()
            ident = exp.Identifier(this=token.text, quoted=True)
            ident.meta.update({"start": token.start, "end": token.end})
            return self.expression(exp.OnProperty(this=ident))
        return self._parse_on_property()

    def _parse_ase_with(self) -> exp.Expr | list[exp.Expr] | None:
        if not self._curr or not self._ase_option_at(self._index, _WITH_OPTIONS):
            return self._parse_with_property()
        return self._parse_ase_options(_WITH_OPTIONS)

    def _erase_residual_at(self, i: int) -> int:
        """How many tokens the name of the ``erase residual data {on | off}`` option
        takes at token ``i``: 3 as ddlgen writes it (``erase residual data off``), 1 as
        the Reference Manual quotes it (``"erase residual data" on``); 0 if it is not
        there (D125)."""
        tokens = self._tokens
        if i >= self._tokens_size:
            return 0
        token = tokens[i]
        if token.token_type is TokenType.IDENTIFIER or token.token_type is TokenType.STRING:
            return 1 if " ".join(token.text.upper().split()) == "ERASE RESIDUAL DATA" else 0
        words = tokens[i : i + 3]
        if [t.text.upper() for t in words] == ["ERASE", "RESIDUAL", "DATA"]:
            return 3
        return 0

    def _ase_option_at(self, i: int, names: frozenset[str]) -> bool:
        """Whether the option at token ``i`` is one of ``names`` (``erase residual data``
        counting as ``ERASE_RESIDUAL_DATA``)."""
        if i >= self._tokens_size:
            return False
        if self._tokens[i].text.upper() in names:
            return True
        return "ERASE_RESIDUAL_DATA" in names and self._erase_residual_at(i) > 0

    def _parse_wrapped_properties(self) -> list[exp.Expr | list[exp.Expr]]:
        # a key's index options, unwrapped: ... PRIMARY KEY (a) WITH max_rows_per_page = 0,
        # reservepagegap = 0 ON 'default'
        if (
            self._prev.token_type == TokenType.WITH
            and self._curr
            and self._curr.text.upper() in _INDEX_OPTIONS | _INDEX_FLAGS
        ):
            return list(self._parse_ase_options(_INDEX_OPTIONS | _INDEX_FLAGS))
        return super()._parse_wrapped_properties()

    def _parse_ase_options(self, names: frozenset[str]) -> list[exp.Expr]:
        """``name = value [, name = value ...]`` while the names are in ``names``."""
        options: list[exp.Expr] = []
        while self._curr and self._ase_option_at(self._index, names):
            first = self._curr
            option = self._parse_ase_option()
            option.meta["span"] = (first.start, self._prev.end + 1)
            options.append(option)
            if not (
                self._match(TokenType.COMMA, advance=False)
                and self._ase_option_at(self._index + 1, names)
            ):
                break
            self._advance()
        return options

    def _parse_ase_option(self) -> exp.Expr:
        key_token = self._curr
        erase = self._erase_residual_at(self._index)
        if erase:
            # erase residual data {on | off}: the words, or one quoted name
            self._advance(erase)
            key = exp.var("erase_residual_data")
            key.meta.update({"start": key_token.start, "end": self._prev.end})
            if not self._match_texts(("ON", "OFF")):
                self.raise_error("Expected ON or OFF after erase residual data")
            return self.expression(exp.Property(this=key, value=exp.var(self._prev.text.lower())))
        self._advance()
        key = exp.var(key_token.text)
        key.meta.update({"start": key_token.start, "end": key_token.end})
        if key_token.text.upper() == "TRANSFER":
            # transfer table [on | off]
            if not self._match(TokenType.TABLE):
                self.raise_error("Expected TABLE after TRANSFER")
            key = exp.var(self._find_sql(key_token, self._prev))
            state = exp.var(self._prev.text) if self._match_texts(("ON", "OFF")) else exp.var("ON")
            return self.expression(exp.Property(this=key, value=state))
        if not self._match(TokenType.EQ):
            if key_token.text.upper() in _INDEX_FLAGS | {"INDEX_COMPRESSION"}:
                # a flag, or index_compression [= {none | page}] without its value
                return self.expression(exp.Property(this=key, value=exp.var("ON")))
            self.raise_error(f"Expected = after {key_token.text}")
        value = self._parse_number() or self._parse_string() or self._parse_var(any_token=True)
        if value is None:
            self.raise_error(f"Expected a value for {key_token.text}")
        return self.expression(exp.Property(this=key, value=value))

    def _parse_ase_partition(self) -> exp.Expr | None:
        if not self._match_texts(_PARTITION_KINDS):
            self.raise_error("Expected RANGE, HASH, LIST or ROUNDROBIN after PARTITION BY")
            return None
        kind = self._prev.text.upper()
        columns = None
        if kind != "ROUNDROBIN":  # round-robin partitioning names no columns
            if not self._match(TokenType.L_PAREN, advance=False):
                self.raise_error(f"Expected (columns) after PARTITION BY {kind}")
            columns = self._parse_wrapped_csv(self._parse_column)
        count = None
        partitions = None
        on = None
        if (
            kind in ("HASH", "ROUNDROBIN")
            and self._curr
            and self._curr.token_type == TokenType.NUMBER
        ):
            count = self._parse_number()
            if self._match(TokenType.ON):
                on = self._parse_wrapped_csv(self._parse_ase_segment)
        else:
            partitions = self._parse_wrapped_csv(lambda: self._parse_ase_partition_def(kind))
        return self.expression(
            nodes.AsePartitionProperty(
                this=exp.var(kind),
                expressions=columns,
                partitions=partitions,
                count=count,
                on=on,
            )
        )

    def _parse_ase_segment(self) -> exp.Expr | None:
        token = self._curr
        if token is not None and token.token_type == TokenType.STRING:
            self._advance()
            return exp.Identifier(this=token.text, quoted=True)
        return self._parse_id_var(any_token=True)

    def _parse_ase_partition_def(self, kind: str) -> exp.Expr | None:
        name = None
        if not (self._curr and self._curr.token_type == TokenType.VALUES):
            name = self._parse_id_var(any_token=False)
        values = None
        if kind in ("RANGE", "LIST"):
            if not self._match(TokenType.VALUES):
                self.raise_error("Expected VALUES in a partition definition")
            if kind == "RANGE" and not self._match(TokenType.LTE):
                self.raise_error("Expected <= after VALUES")
            values = self._parse_wrapped_csv(self._parse_bitwise)
        on = self._parse_ase_segment() if self._match(TokenType.ON) else None
        return self.expression(nodes.AsePartition(this=name, expressions=values, on=on))


# ------------------------------------------------------------------ generator


class _AseGenerator(_DdlGenerator):
    """The T-SQL generator writing ASE's options and ``sp_addtype``."""

    TRANSFORMS: t.ClassVar[dict[type[exp.Expr], t.Callable[..., str]]] = {
        **_DdlGenerator.TRANSFORMS,
        nodes.LockSchemeProperty: lambda self, e: f"LOCK {self.sql(e, 'this')}",
        nodes.AsePartitionProperty: lambda self, e: self.asepartition_sql(e),
        nodes.AsePartition: lambda self, e: self.asepartitiondef_sql(e),
        nodes.ColumnOption: lambda self, e: self.asecolumnoption_sql(e),
    }

    PROPERTIES_LOCATION = {
        **_DdlGenerator.PROPERTIES_LOCATION,
        nodes.LockSchemeProperty: exp.Properties.Location.POST_SCHEMA,
        nodes.AsePartitionProperty: exp.Properties.Location.POST_SCHEMA,
    }

    def asecolumnoption_sql(self, expression: nodes.ColumnOption) -> str:
        name, value = self.sql(expression, "this"), self.sql(expression, "value")
        flag = value.lower() == "true"
        if name.upper() == "IN_ROW":
            return "IN ROW" if flag else f"IN ROW ({value})"
        if name.upper() == "ENCRYPT":
            return "ENCRYPT" if flag else f"ENCRYPT WITH {value}"
        return f"{name} {value}".strip()

    def computedcolumnconstraint_sql(self, expression: exp.ComputedColumnConstraint) -> str:
        stored = "MATERIALIZED" if expression.args.get("persisted") else "NOT MATERIALIZED"
        return f"AS {self.sql(expression, 'this')} {stored}"

    def createaliastype_sql(self, expression: nodes.CreateAliasType) -> str:
        nullable = expression.args.get("nullable")
        null = "" if nullable is None else ", 'null'" if nullable else ", 'not null'"
        base = self.sql(expression, "kind").replace("'", "''")
        return f"sp_addtype {self.sql(expression, 'this')}, '{base}'{null}"

    def asepartition_sql(self, expression: nodes.AsePartitionProperty) -> str:
        columns = self.expressions(expression, flat=True)
        columns = f" ({columns})" if columns else ""
        sql = f"PARTITION BY {self.sql(expression, 'this')}{columns}"
        if expression.args.get("count") is not None:
            on = self.expressions(expression, key="on", flat=True)
            return f"{sql} {self.sql(expression, 'count')}{f' ON ({on})' if on else ''}"
        return f"{sql} ({self.expressions(expression, key='partitions', flat=True)})"

    def asepartitiondef_sql(self, expression: nodes.AsePartition) -> str:
        parts = [self.sql(expression, "this")]
        values = self.expressions(expression, flat=True)
        if values:
            parent = expression.parent
            kind = parent.name.upper() if isinstance(parent, exp.Expr) else ""
            parts.append(f"VALUES {'<= ' if kind == 'RANGE' else ''}({values})")
        on = self.sql(expression, "on")
        if on:
            parts.append(f"ON {on}")
        return " ".join(p for p in parts if p)


class DdlauditSybase(DdlauditTSQL):
    class Tokenizer(DdlauditTSQL.Tokenizer):
        KEYWORDS: t.ClassVar[dict[str, TokenType]] = {
            # ASE has no TABLESAMPLE: a plain word, a name like any (D119)
            **{k: v for k, v in DdlauditTSQL.Tokenizer.KEYWORDS.items() if k != "TABLESAMPLE"},
            "UNICHAR": TokenType.NCHAR,
            "UNIVARCHAR": TokenType.NVARCHAR,
            "UNITEXT": TokenType.TEXT,
            "BIGDATETIME": TokenType.DATETIME64,
            "BIGTIME": TokenType.TIME,
            "UNSIGNED TINYINT": TokenType.UTINYINT,
            "UNSIGNED SMALLINT": TokenType.USMALLINT,
            "UNSIGNED INT": TokenType.UINT,
            "UNSIGNED INTEGER": TokenType.UINT,
            "UNSIGNED BIGINT": TokenType.UBIGINT,
        }

    class Parser(SpanParserMixin, _AseParser):
        # COLLATE and IDENTITY reach sqlglot's own parsers here
        PLAIN_COLUMN_TSQL_ATTRIBUTES = True

    Generator = _AseGenerator


#: Upper-case type name (no arguments) -> IR type family, for ASE 15.x / 16.
TYPE_FAMILIES: dict[str, str] = {
    # exact numerics
    "TINYINT": "integer",
    "SMALLINT": "integer",
    "INT": "integer",
    "INTEGER": "integer",
    "BIGINT": "integer",
    "UNSIGNED TINYINT": "integer",
    "UNSIGNED SMALLINT": "integer",
    "UNSIGNED INT": "integer",
    "UNSIGNED INTEGER": "integer",
    "UNSIGNED BIGINT": "integer",
    "BIT": "bit",
    "DEC": "decimal",
    "DECIMAL": "decimal",
    "NUMERIC": "decimal",
    "MONEY": "money",
    "SMALLMONEY": "money",
    # approximate numerics: float(p) is 4 bytes below p 16, else 8; real 4; double 8
    "FLOAT": "float",
    "REAL": "float",
    "DOUBLE PRECISION": "float",
    # character strings
    "CHAR": "char",
    "CHARACTER": "char",
    "VARCHAR": "varchar",
    "CHAR VARYING": "varchar",
    "CHARACTER VARYING": "varchar",
    "SYSNAME": "varchar",  # varchar(30) in ASE, not SQL Server's nvarchar(128)
    "LONGSYSNAME": "varchar",  # varchar(255)
    "TEXT": "clob",
    "NCHAR": "nchar",
    "NATIONAL CHAR": "nchar",
    "NATIONAL CHARACTER": "nchar",
    "NVARCHAR": "nvarchar",
    "NATIONAL CHAR VARYING": "nvarchar",
    "NATIONAL CHARACTER VARYING": "nvarchar",
    "UNICHAR": "nchar",  # n x @@unicharsize (2)
    "UNIVARCHAR": "nvarchar",
    "UNITEXT": "nclob",
    # binary strings
    "BINARY": "binary",
    "VARBINARY": "varbinary",
    "BINARY VARYING": "varbinary",
    "IMAGE": "blob",
    # date and time
    "DATE": "date",
    "TIME": "time",
    "BIGTIME": "time",
    "DATETIME": "timestamp",
    "SMALLDATETIME": "timestamp",
    "BIGDATETIME": "timestamp",
    # ASE's timestamp is binary(8) maintained by the server, as SQL Server's rowversion
    "TIMESTAMP": "rowversion",
    # Replication Server RCL datatypes (Reference Manual, "Datatypes"): rs_address is an int
    # compared as a bitmap, identity an exact numeric, rawobject a Java column's bytes
    "RS_ADDRESS": "integer",
    "IDENTITY": "decimal",
    "RAWOBJECT": "blob",
    "RAWOBJECT IN ROW": "varbinary",
}

GRAMMAR = PROFILE.grammar(
    DdlauditSybase,
    TYPE_FAMILIES,
    default_nullable=False,
    statements=(
        (SP_ADDTYPE, "type"),
        (CREATE_EXTERNAL, "table"),
        (SYSTEM_PROCEDURE, "procedure"),
        (rcl.HEAD, "replication"),
    ),
    changes=KEY_CHANGES,
)
