"""Replication Server message sizes and capacity planning, step by step.

Replication Server Design Guide 15.7.1 (seed ``repserver-message-sizes.txt``):

* "Message Sizes": inbound and outbound message sizes of table inserts, deletes and
  updates (the rough upper limit, the precise RowWidthChanged form, minimal columns),
  of functions, and of begin / commit (250 / 200);
* "Formula Components": InboundMsgOverhead 380, OutboundMsgOverhead 200, ColOverhead 30 a
  column (counted per operation as the page defines it), RowWidth (the ASCII widths the
  ``ascii_width`` pass sets), RowWidthChanged, NumSites x 8, ParameterWidth;
* capacity planning ("Table Volume" sum-of-values method, "Transaction Volume",
  "Database Volume", "Outbound Queue Volume", "Outbound Queue Size", "Inbound Queue Size"):
  volume = sum(message size x rate) + 450 x transaction rate; outbound volumes scaled by
  replication selectivity per site; queue size = volume x (failure duration + save
  interval); the 16K block fill as an option (D64).

Every constant is a ``[size.replication]`` setting; ``--explain`` prints the worksheets.

A table of 10 char(20) columns keyed by the first (RowWidth 200), half of the columns
changed (RowWidthChanged 100):

>>> from analyzer.ir import *
>>> cols = tuple(Column(f"c{i}", i, DataType("char(20)", "CHAR", "char", 20), False, True,
...                     ascii_width=AsciiWidth(20, "20")) for i in range(1, 11))
>>> pk = Constraint(ConstraintKind.PRIMARY_KEY, ("c1",))
>>> t = Table(QualifiedName("t"), "sybase", cols, (pk,))
>>> m = table_messages(t, "t.sql", SizingSettings())
>>> m.row_width, m.row_width_changed, m.num_columns_changed
(200, 100, 5)
>>> u = m.message("update", "precise")
>>> u.inbound, u.outbound  # 380 + (10 + 5) x 30 + 200 + 100; 200 + 200 + 100 + 1 x 8
(1130, 508)
"""

from __future__ import annotations

import functools
import math
import typing as t
from collections.abc import Sequence
from dataclasses import field

from analyzer.estimators.replicated import replicated_tables
from analyzer.ir import (
    FileResult,
    FunctionReplicationDefinition,
    QualifiedName,
    ReplicationDefinition,
    Span,
    Subscription,
    Table,
    evolve,
)
from analyzer.passes.ascii_width import is_lob, width
from analyzer.records import record
from analyzer.settings import ReplicationSettings, SizingSettings
from analyzer.worksheet import Step, Term, Worksheet

if t.TYPE_CHECKING:  # annotations only: YAML loads on demand (D108)
    from analyzer.workload import SiteLoad, TableLoad, Workload

_GUIDE = "Replication Server Design Guide 15.7.1"
_MSG = f"{_GUIDE}, Message Sizes / Formula Components"
#: NumSites' basis when nothing says where a message goes.
_UNSAID = "[size.replication] num_sites"


@record
class ColumnWidth:
    """One column (or function parameter) of a message: its ASCII width and derivation."""

    name: str
    width: int
    derivation: str
    key: bool = False
    #: text / image / (max): replicated apart from the row (``lob_width`` in RowWidth).
    lob: bool = False


@record
class Message:
    """The inbound and outbound size of one kind of message, with its worksheet."""

    operation: str
    variant: str
    inbound: int
    outbound: int
    worksheet: Worksheet


@record
class TableMessages:
    """The messages of one replicated table (from its replication definition, else the table).

    ``minimal_columns`` says which delete / update form the definition uses; the
    headline sizes (:meth:`used`) follow it.
    """

    path: str
    table: QualifiedName
    source: str
    definition: str | None
    primary_database: str | None
    minimal_columns: bool
    num_sites: int
    columns: tuple[ColumnWidth, ...]
    primary_key: tuple[str, ...]
    row_width: int
    primary_key_width: int
    changed_columns: tuple[str, ...]
    num_columns_changed: int
    row_width_changed: int
    changed_basis: str
    messages: tuple[Message, ...] = ()
    span: Span | None = None
    #: The sites this table's messages go to (NumSites counts them), when known, and why
    #: (D104): the subscriptions, the workload's sites with selectivity > 0, ``--sites``.
    sites: tuple[str, ...] = ()
    sites_basis: str = _UNSAID
    #: The replicate sites subscribing to the definition (empty: none in the input).
    subscribed: tuple[str, ...] = ()

    @property
    def num_columns(self) -> int:
        return len(self.columns)

    def message(self, operation: str, variant: str) -> Message:
        for m in self.messages:
            if m.operation == operation and m.variant == variant:
                return m
        raise KeyError((operation, variant))

    def used(self, operation: str) -> Message:
        """The message the definition sends for ``operation`` (insert, delete, update)."""
        if operation == "insert":
            return self.message("insert", "all columns")
        if operation == "delete":
            return self.message("delete", "minimal" if self.minimal_columns else "all columns")
        return self.message("update", "minimal" if self.minimal_columns else "precise")


@record
class FunctionMessages:
    """The message of one replicated function (a function replication definition)."""

    path: str
    name: str
    primary_database: str | None
    parameters: tuple[ColumnWidth, ...]
    parameter_width: int
    num_sites: int
    message: Message
    span: Span | None = None
    sites: tuple[str, ...] = ()
    sites_basis: str = _UNSAID
    subscribed: tuple[str, ...] = ()


# ----------------------------------------------------------------------- messages


def _side(rep: ReplicationSettings, num_sites: int) -> tuple[Term, Term]:
    return Term("OutboundMsgOverhead", rep.outbound_msg_overhead), Term(
        f"NumSites x {rep.site_id_bytes}, NumSites {num_sites}", num_sites * rep.site_id_bytes
    )


def _message(
    operation: str,
    variant: str,
    title: str,
    col_overhead: tuple[str, int, tuple[Term, ...]] | None,
    inbound_data: tuple[str, tuple[Term, ...]],
    outbound_data: tuple[str, tuple[Term, ...]],
    rep: ReplicationSettings,
    num_sites: int,
    note: str | None = None,
    explain: bool = True,
) -> Message:
    """A message worksheet: ColOverhead, then inbound and outbound as the manual writes them.

    ``explain=False``: the sizes only, the worksheet its title without steps (the lint's
    findings read the sizes; ``--explain`` and the reports use the steps)."""
    _, data_terms = inbound_data
    _, out_data = outbound_data
    if not explain:  # the sums below, term by term in the same order
        total: int | float = rep.inbound_msg_overhead
        if col_overhead is not None:
            total += col_overhead[1]
        for tm in data_terms:
            total += tm.value
        out: int | float = rep.outbound_msg_overhead
        for tm in out_data:
            out += tm.value
        out += num_sites * rep.site_id_bytes
        return Message(operation, variant, int(total), int(out), Worksheet(title, _MSG))
    steps = []
    in_terms: list[Term] = [Term("InboundMsgOverhead", rep.inbound_msg_overhead)]
    in_formula = "InboundMsgOverhead"
    if col_overhead is not None:
        formula, value, terms = col_overhead
        steps.append(Step("ColOverhead", "ColOverhead", formula, value, terms))
        in_terms.append(Term("ColOverhead", value))
        in_formula += " + ColOverhead"
    data_formula = inbound_data[0]
    if data_formula:
        in_formula += " + " + data_formula
    in_terms.extend(data_terms)
    inbound = int(sum(tm.value for tm in in_terms))
    steps.append(
        Step("In", f"InboundMsgSize {operation}", in_formula, inbound, tuple(in_terms), note)
    )
    overhead, sites = _side(rep, num_sites)
    out_formula = outbound_data[0]
    out_terms = (overhead, *out_data, sites)
    outbound = int(sum(tm.value for tm in out_terms))
    steps.append(
        Step(
            "Out",
            f"OutboundMsgSize {operation}",
            "OutboundMsgOverhead + "
            + (out_formula + " + " if out_formula else "")
            + f"(NumSites*{rep.site_id_bytes})",
            outbound,
            out_terms,
        )
    )
    return Message(operation, variant, inbound, outbound, Worksheet(title, _MSG, tuple(steps)))


def _columns(
    table: Table, definition: ReplicationDefinition | None, sizing: SizingSettings
) -> tuple[tuple[ColumnWidth, ...], tuple[str, ...]]:
    """The message's columns and primary key: the definition's, else the table's."""
    if definition is not None:
        key = definition.primary_key
        keys = {n.lower() for n in key}  # _has(key, name) for every column, lowered once
        out = []
        for rc in definition.columns:
            tc = table.column(rc.name)
            found = width(rc.type, "sybase", sizing) if rc.type is not None else None
            if found is None:
                found = tc.ascii_width if tc is not None else None
            w, why = (found.width, found.derivation) if found is not None else (0, "unknown")
            dtype = rc.type if rc.type is not None else (tc.type if tc is not None else None)
            out.append(ColumnWidth(rc.name, w, why, rc.name.lower() in keys, is_lob(dtype)))
        return tuple(out), key
    pk = table.primary_key
    key = pk.columns if pk is not None else ()
    keys = {n.lower() for n in key}
    out = []
    for c in table.columns:
        if c.computed is not None and not c.computed.persisted:
            continue  # virtual: not in the log, not replicated
        aw = c.ascii_width
        w, why = (aw.width, aw.derivation) if aw is not None else (0, "unknown")
        out.append(ColumnWidth(c.name, w, why, c.name.lower() in keys, is_lob(c.type)))
    return tuple(out), key


def _has(names: Sequence[str], name: str) -> bool:
    low = name.lower()
    return any(n.lower() == low for n in names)


def table_messages(
    table: Table,
    path: str,
    sizing: SizingSettings,
    definition: ReplicationDefinition | None = None,
    load: TableLoad | None = None,
    num_sites: int | None = None,
    explain: bool = True,
    updates_only: bool = False,
    sent_to: Receivers | None = None,
) -> TableMessages:
    """Every message size of ``table`` (seed "Message Sizes"), with worksheets
    (``explain=False``: without their steps, :func:`_message`).

    ``updates_only``: only the precise and minimal-columns update messages, what the
    lint's findings read (:meth:`TableMessages.used` then fails for insert and delete).
    ``sent_to``: the table's receivers (NumSites is ``num_sites``), set on the result
    as :func:`messages` records them."""
    rep = sizing.replication
    sites = rep.num_sites if num_sites is None else num_sites
    columns, key = _columns(table, definition, sizing)
    row = sum(c.width for c in columns)
    key_cols = [c for c in columns if c.key]
    key_width = sum(c.width for c in key_cols)
    n, npk = len(columns), len(key_cols)
    changed_names = load.changed_columns if load is not None else None
    if changed_names is not None:
        chosen = [c for c in columns if _has(changed_names, c.name)]
        changed = tuple(c.name for c in chosen)
        nchanged, changed_width = len(chosen), sum(c.width for c in chosen)
        basis = "named changed columns"
    else:
        fraction = (
            load.changed_fraction
            if load is not None and load.changed_fraction is not None
            else rep.changed_fraction
        )
        changed = ()
        nchanged, changed_width = math.ceil(fraction * n), math.ceil(fraction * row)
        basis = f"fraction {fraction:g} of the columns and of RowWidth, rounded up (D62)"
    minimal = definition.minimal_columns is True if definition is not None else False
    if load is not None and load.minimal_columns is not None:
        minimal = load.minimal_columns
    name = table.name.name
    co = rep.col_overhead
    row_t, changed_t, key_t = (
        Term("RowWidth", row),
        Term("RowWidthChanged", changed_width),
        Term("PrimaryKeyWidth", key_width),
    )
    update_co = (
        f"(NumColumns + NumColumnsChanged) * {co}",
        (n + nchanged) * co,
        (Term("NumColumns", n), Term("NumColumnsChanged", nchanged), Term("per column", co)),
    )
    messages: list[Message] = []
    if not updates_only:
        messages += [
            _message(
                "insert",
                "all columns",
                f"{name}: insert (with or without minimal columns)",
                (f"NumColumns * {co}", n * co, (Term("NumColumns", n), Term("per column", co))),
                ("RowWidth", (row_t,)),
                ("RowWidth", (row_t,)),
                rep,
                sites,
                explain=explain,
            ),
            _message(
                "delete",
                "all columns",
                f"{name}: delete without minimal columns",
                (f"NumColumns * {co}", n * co, (Term("NumColumns", n), Term("per column", co))),
                ("RowWidth", (row_t,)),
                ("RowWidth", (row_t,)),
                rep,
                sites,
                explain=explain,
            ),
            _message(
                "delete",
                "minimal",
                f"{name}: delete with minimal columns",
                (
                    f"NumPrimaryKeyColumns * {co}",
                    npk * co,
                    (Term("NumPrimaryKeyColumns", npk), Term("per column", co)),
                ),
                ("PrimaryKeyWidth", (key_t,)),
                ("PrimaryKeyWidth", (key_t,)),
                rep,
                sites,
                explain=explain,
            ),
            _message(
                "update",
                "rough",
                f"{name}: update, rough upper limit",
                update_co,
                ("(RowWidth*2)", (Term("RowWidth x 2", 2 * row),)),
                ("(RowWidth*2)", (Term("RowWidth x 2", 2 * row),)),
                rep,
                sites,
                explain=explain,
            ),
        ]
    messages.append(
        _message(
            "update",
            "precise",
            f"{name}: update, precise (RowWidthChanged: {basis})",
            update_co,
            ("RowWidth + RowWidthChanged", (row_t, changed_t)),
            ("RowWidth + RowWidthChanged", (row_t, changed_t)),
            rep,
            sites,
            explain=explain,
        )
    )
    messages.append(
        _message(
            "update",
            "minimal",
            f"{name}: update with minimal columns",
            (
                f"((NumColumnsChanged*2) + NumPrimaryKeyColumns) * {co}",
                (2 * nchanged + npk) * co,
                (
                    Term("NumColumnsChanged x 2", 2 * nchanged),
                    Term("NumPrimaryKeyColumns", npk),
                    Term("per column", co),
                ),
            ),
            (
                "(RowWidthChanged*2) + PrimaryKeyWidth",
                (Term("RowWidthChanged x 2", 2 * changed_width), key_t),
            ),
            (
                "(RowWidthChanged*2) + PrimaryKeyWidth",
                (Term("RowWidthChanged x 2", 2 * changed_width), key_t),
            ),
            rep,
            sites,
            explain=explain,
        )
    )
    primary = (
        f"{definition.primary_dataserver}.{definition.primary_database}"
        if definition is not None
        else (load.database if load is not None else None)
    )
    return TableMessages(
        path=path,
        table=table.name,
        source=f"replication definition {definition.name}" if definition else "table",
        definition=definition.name if definition else None,
        primary_database=primary,
        minimal_columns=minimal,
        num_sites=sites,
        columns=columns,
        primary_key=tuple(key),
        row_width=row,
        primary_key_width=key_width,
        changed_columns=changed,
        num_columns_changed=nchanged,
        row_width_changed=changed_width,
        changed_basis=basis,
        messages=tuple(messages),
        span=definition.span if definition is not None else table.span,
        sites=sent_to.sites if sent_to is not None else (),
        sites_basis=sent_to.basis if sent_to is not None else _UNSAID,
        subscribed=sent_to.subscribed if sent_to is not None else (),
    )


def function_messages(
    function: FunctionReplicationDefinition,
    path: str,
    sizing: SizingSettings,
    num_sites: int | None = None,
) -> FunctionMessages:
    """A replicated function's message: ParameterWidth, no before / after images inbound."""
    rep = sizing.replication
    sites = rep.num_sites if num_sites is None else num_sites
    params = []
    for p in function.parameters:
        found = width(p.type, "sybase", sizing) if p.type is not None else None
        w, why = (found.width, found.derivation) if found is not None else (0, "unknown type")
        params.append(ColumnWidth(p.name, w, why))
    pw = sum(p.width for p in params)
    pw_t = Term("ParameterWidth", pw)
    message = _message(
        "function",
        "replicated function",
        f"function {function.name}",
        None,
        ("ParameterWidth + (RowWidth*2)", (pw_t, Term("RowWidth x 2 (not for functions)", 0))),
        ("ParameterWidth", (pw_t,)),
        rep,
        sites,
        note="RowWidth does not apply: before and after images of replicated functions are "
        "not sent to the inbound queue",
    )
    return FunctionMessages(
        path,
        function.name,
        f"{function.primary_dataserver}.{function.primary_database}",
        tuple(params),
        pw,
        sites,
        message,
        function.span,
    )


def transaction_messages(sizing: SizingSettings) -> Message:
    """Begin and commit: 250 + 200 = 450 bytes, inbound and outbound."""
    return _transaction(sizing.replication)


@functools.cache  # a pure function of frozen settings: one worksheet a run, not a scope
def _transaction(rep: ReplicationSettings) -> Message:
    ws = Worksheet("begin / commit pair", _MSG)
    ws = ws.add(Step("B", "MsgSize begin", "inbound = outbound", rep.begin_bytes))
    ws = ws.add(Step("C", "MsgSize commit", "inbound = outbound", rep.commit_bytes))
    pair = rep.begin_bytes + rep.commit_bytes
    ws = ws.add(
        Step(
            "Pair",
            "Begin/Commit pair",
            "begin + commit",
            pair,
            (Term("begin", rep.begin_bytes), Term("commit", rep.commit_bytes)),
        )
    )
    return Message("transaction", "begin/commit", pair, pair, ws)


# ------------------------------------------------------------- replicated objects


def _subscribed_sites(subscriptions: Sequence[Subscription], target: str) -> tuple[str, ...]:
    """The distinct replicate sites (``ds.db``) subscribing to ``target``, sorted."""
    low = target.lower()
    return tuple(
        sorted(
            {
                f"{s.replicate_dataserver}.{s.replicate_database}"
                for s in subscriptions
                if s.target.lower() == low and s.replicate_dataserver
            }
        )
    )


def selectivity(site: SiteLoad, name: str, subscribed: Sequence[str]) -> tuple[float, str]:
    """ReplicationSelectivity of table (or function) ``name`` at workload ``site`` (D104).

    A site that does not subscribe to the definition receives none of it (when the input
    has subscriptions to it); else the site's selectivity for the name (``*`` as the
    default), 1 when unsaid (D65).
    """
    if subscribed and not _has(subscribed, site.name):
        return 0.0, "no subscription at this site"
    found = site.fraction(name)
    if found is None:
        return 1.0, "selectivity unsaid: 1"
    return found, f"selectivity {found:g}"


@record
class Receivers:
    """The sites one table's (or function's) messages go to: NumSites and its basis."""

    count: int
    sites: tuple[str, ...]
    basis: str
    subscribed: tuple[str, ...]


def receivers(
    name: str,
    target: str | None,
    subscriptions: Sequence[Subscription],
    workload: Workload | None,
    sites: int | None,
    default: int,
) -> Receivers:
    """NumSites of one table or function (D104), the Design Guide's "number of sites a
    message is sent to" ("Formula Components").

    ``--sites`` (``sites``) for every message; else the replicate sites subscribing to the
    definition ``target``, less the workload's sites that give it selectivity 0; else the
    workload's sites whose selectivity for ``name`` is above 0; else ``default``
    (``[size.replication] num_sites``).
    """
    subscribed = _subscribed_sites(subscriptions, target) if target else ()
    if sites is not None:
        return Receivers(sites, (), f"--sites {sites}", subscribed)
    listed = workload.sites if workload is not None else ()
    if subscribed:
        dropped = {
            s.name.lower()
            for s in listed
            if _has(subscribed, s.name) and selectivity(s, name, subscribed)[0] <= 0
        }
        got = tuple(x for x in subscribed if x.lower() not in dropped)
        basis = "subscriptions" + (" less workload sites at selectivity 0" if dropped else "")
        return Receivers(len(got), got, basis, subscribed)
    if listed:
        got = tuple(s.name for s in listed if selectivity(s, name, ())[0] > 0)
        return Receivers(len(got), got, "workload sites with selectivity > 0", ())
    return Receivers(default, (), "[size.replication] num_sites", ())


@record
class Messages:
    """Every message size of a run."""

    tables: tuple[TableMessages, ...] = ()
    functions: tuple[FunctionMessages, ...] = ()
    transaction: Message | None = None


def messages(
    results: Sequence[FileResult],
    sizing: SizingSettings,
    workload: Workload | None = None,
    sites: int | None = None,
    explain: bool = True,
    updates_only: bool = False,
    replicated: Sequence[tuple[str, Table, ReplicationDefinition | None]] | None = None,
) -> Messages:
    """Message sizes of every replicated table and function of ``results`` (``explain``:
    the tables' message worksheets with their steps, :func:`table_messages`;
    ``updates_only``: the tables' update messages only, what the lint's findings read).
    ``replicated``: :func:`replicated_tables` of ``results`` when the caller has it.

    NumSites per table and function (:func:`receivers`, D104): ``sites`` (``--sites``),
    else the sites subscribing to its definition, else the workload's sites that receive
    it, else ``num_sites``.
    """
    subs = [s for r in results for s in r.subscriptions]
    default = sizing.replication.num_sites
    tables = []
    if replicated is None:
        replicated = replicated_tables(results)
    for path, table, definition in replicated:
        load = workload.table(table.name.name) if workload is not None else None
        got = receivers(
            table.name.name,
            definition.name if definition else None,
            subs,
            workload,
            sites,
            default,
        )
        tables.append(
            table_messages(
                table, path, sizing, definition, load, got.count, explain, updates_only, got
            )
        )
    functions = []
    for r in results:
        for f in r.function_replication_definitions:
            got = receivers(f.name, f.name, subs, workload, sites, default)
            fm = function_messages(f, r.path, sizing, got.count)
            functions.append(_with_receivers(fm, got))
    return Messages(tuple(tables), tuple(functions), transaction_messages(sizing))


_M = t.TypeVar("_M", TableMessages, FunctionMessages)


def _with_receivers(m: _M, got: Receivers) -> _M:
    return evolve(m, sites=got.sites, sites_basis=got.basis, subscribed=got.subscribed)


# ------------------------------------------------------------- capacity planning


@record
class TableVolume:
    """InboundTableVolume and OutboundTableVolume of one table (bytes per second)."""

    table: str
    primary_database: str
    inbound: float
    outbound: float
    worksheet: Worksheet
    #: The sites subscribing to the table's definition (selectivity 0 elsewhere, D104).
    subscribed: tuple[str, ...] = ()
    num_sites: int = 1


@record
class DatabaseVolume:
    """InboundDatabaseVolume of one primary database, and its inbound queue size."""

    database: str
    transaction_rate: float
    volume: float
    queue_bytes: float | None
    worksheet: Worksheet


@record
class SiteVolume:
    """OutboundQueueVolume of one replicate site and the outbound queue size it needs."""

    site: str
    transaction_rate: float
    volume: float
    failure_duration: float
    save_interval: float
    queue_bytes: float
    worksheet: Worksheet


@record
class Capacity:
    tables: tuple[TableVolume, ...] = ()
    databases: tuple[DatabaseVolume, ...] = ()
    sites: tuple[SiteVolume, ...] = ()
    notes: tuple[str, ...] = field(default=())


_CAP = f"{_GUIDE}, Data Volume (Queue Disk Space Requirements)"


def _blocks(volume: float, rep: ReplicationSettings) -> tuple[float, str | None]:
    """Round a per-second volume up to whole 16K blocks at the block fill (D64)."""
    if rep.queue_block_fill <= 0 or volume <= 0:
        return volume, None
    per_block = rep.queue_block_bytes * rep.queue_block_fill
    blocks = math.ceil(volume / per_block)
    return float(blocks * rep.queue_block_bytes), (
        f"{blocks} block(s) of {rep.queue_block_bytes} a second at fill {rep.queue_block_fill:g}"
    )


def _table_volume(m: TableMessages, load: TableLoad, primary: str) -> TableVolume:
    ws = Worksheet(f"{m.table.name}: table volume ({m.source})", f"{_CAP}, Table Volume")
    rates = (("insert", load.inserts), ("update", load.updates), ("delete", load.deletes))
    values = {}
    for queue in ("inbound", "outbound"):
        terms = tuple(
            Term(
                f"{getattr(m.used(op), queue)} ({op} {m.used(op).variant}) x {rate:g}/s",
                getattr(m.used(op), queue) * rate,
            )
            for op, rate in rates
        )
        values[queue] = sum(tm.value for tm in terms)
        label = "InboundTableVolume" if queue == "inbound" else "OutboundTableVolume"
        ws = ws.add(
            Step(
                "In" if queue == "inbound" else "Out",
                label,
                "sum(MsgSize x ChangeRate) over insert, update, delete",
                values[queue],
                terms,
            )
        )
    return TableVolume(
        m.table.name,
        primary,
        values["inbound"],
        values["outbound"],
        ws,
        m.subscribed,
        m.num_sites,
    )


def capacity(msgs: Messages, workload: Workload, sizing: SizingSettings) -> Capacity:
    """The Design Guide's capacity plan for ``workload`` (rates per second)."""
    rep = sizing.replication
    notes = []
    volumes: list[TableVolume] = []
    for m in msgs.tables:
        load = workload.table(m.table.name)
        if load is None:
            continue
        primary = m.primary_database or load.database or "primary"
        volumes.append(_table_volume(m, load, primary))
    fn_volumes: list[tuple[str, str, float, float, Term, Term]] = []
    for f in msgs.functions:
        fload = workload.function(f.name)
        if fload is None:
            continue
        primary = f.primary_database or "primary"
        fn_volumes.append(
            (
                f.name,
                primary,
                f.message.inbound * fload.rate,
                f.message.outbound * fload.rate,
                Term(
                    f"{f.message.inbound} (function {f.name}) x {fload.rate:g}/s",
                    f.message.inbound * fload.rate,
                ),
                Term(
                    f"{f.message.outbound} (function {f.name}) x {fload.rate:g}/s",
                    f.message.outbound * fload.rate,
                ),
            )
        )
    # -- inbound, per primary database
    names = sorted({v.primary_database for v in volumes} | {f[1] for f in fn_volumes})
    databases = []
    for db in names:
        dbload = workload.database(db)
        rate = (
            dbload.transaction_rate
            if dbload is not None and dbload.transaction_rate is not None
            else workload.transaction_rate or 0.0
        )
        tx = rep.transaction_bytes * rate
        terms = [
            Term(f"{v.table} InboundTableVolume", v.inbound)
            for v in volumes
            if v.primary_database == db
        ]
        terms += [f[4] for f in fn_volumes if f[1] == db]
        terms.append(Term(f"{rep.transaction_bytes} x {rate:g} tran/s", tx))
        volume = sum(tm.value for tm in terms)
        ws = Worksheet(f"inbound database volume: {db}", f"{_CAP}, Database Volume")
        ws = ws.add(
            Step(
                "IDV",
                "InboundDatabaseVolume",
                f"sum(InboundTableVolume) + {rep.transaction_bytes} x InboundTransactionRate",
                volume,
                tuple(terms),
            )
        )
        duration = (
            dbload.transaction_duration
            if dbload is not None and dbload.transaction_duration is not None
            else workload.transaction_duration
        )
        queue = None
        if duration is not None:
            effective, why = _blocks(volume, rep)
            queue = effective * duration
            ws = ws.add(
                Step(
                    "IQS",
                    "InboundQueueSize",
                    "InboundDatabaseVolume x TransactionDuration",
                    queue,
                    (Term("volume / s", effective), Term("seconds", duration)),
                    note=why,
                )
            )
        databases.append(DatabaseVolume(db, rate, volume, queue, ws))
    # -- outbound, per site
    fn_subscribed = {f.name: f.subscribed for f in msgs.functions}
    known = {x.lower() for m in msgs.tables for x in m.subscribed}
    known |= {x.lower() for f in msgs.functions for x in f.subscribed}
    strangers = [s.name for s in workload.sites if known and s.name.lower() not in known]
    if strangers:
        notes.append(
            f"workload site(s) {', '.join(strangers)} subscribe to no replication definition "
            "of the input: only tables without subscriptions are sent there (D104)"
        )
    sites = []
    inbound_rate = workload.transaction_rate or sum(d.transaction_rate for d in databases)
    for site in workload.sites:
        terms = []
        for v in volumes:
            sel, why = selectivity(site, v.table, v.subscribed)
            terms.append(
                Term(
                    f"{v.table} {v.outbound:g} (NumSites {v.num_sites}) x {sel:g} ({why})",
                    v.outbound * sel,
                )
            )
        for fv in fn_volumes:
            sel, why = selectivity(site, fv[0], fn_subscribed.get(fv[0], ()))
            terms.append(Term(f"function {fv[0]} {fv[3]:g} x {sel:g} ({why})", fv[3] * sel))
        rate = site.transaction_rate if site.transaction_rate is not None else inbound_rate
        terms.append(
            Term(f"{rep.transaction_bytes} x {rate:g} tran/s", rep.transaction_bytes * rate)
        )
        volume = sum(tm.value for tm in terms)
        ws = Worksheet(f"outbound queue: {site.name}", f"{_CAP}, Outbound Queue Volume / Size")
        ws = ws.add(
            Step(
                "OQV",
                "OutboundQueueVolume",
                "sum(OutboundTableVolume x ReplicationSelectivity) + "
                f"{rep.transaction_bytes} x OutboundTransactionRate",
                volume,
                tuple(terms),
                note=None
                if site.transaction_rate is not None
                else "no OutboundTransactionRate: the inbound rate, the manual's upper bound",
            )
        )
        failure = (
            site.failure_duration
            if site.failure_duration is not None
            else workload.failure_duration
        )
        save = site.save_interval if site.save_interval is not None else workload.save_interval
        effective, why = _blocks(volume, rep)
        queue = effective * (failure + save)
        ws = ws.add(
            Step(
                "OQS",
                "OutboundQueueSize",
                "OutboundQueueVolume x (FailureDuration + SaveInterval)",
                queue,
                (
                    Term("volume / s", effective),
                    Term("FailureDuration s", failure),
                    Term("SaveInterval s", save),
                ),
                note=why,
            )
        )
        sites.append(SiteVolume(site.name, rate, volume, failure, save, queue, ws))
    if not workload.sites:
        notes.append("the workload names no sites: no outbound queue sizes")
    return Capacity(tuple(volumes), tuple(databases), tuple(sites), tuple(notes))


def all_worksheets(msgs: Messages, cap: Capacity | None) -> t.Iterator[Worksheet]:
    for m in msgs.tables:
        yield from (x.worksheet for x in m.messages)
    for f in msgs.functions:
        yield f.message.worksheet
    if msgs.transaction is not None:
        yield msgs.transaction.worksheet
    if cap is not None:
        yield from (v.worksheet for v in cap.tables)
        yield from (d.worksheet for d in cap.databases)
        yield from (s.worksheet for s in cap.sites)
