"""Choose the target type of a source column and decide its mapping class.

A target is a :class:`TargetSpec` (``analyzer/audit/mappings/<target>.py``): its type
catalogue (:class:`Entry`, one per type, with the largest domain the type holds and
how its parameters are written, citing the vendor's data type page) and, per source
dialect, the migration guide the pair follows.  :func:`map_column`:

1. reads the source domain (:mod:`analyzer.audit.sources`);
2. instantiates every catalogue entry of a kind that can hold it (``FALLBACK``), with the
   parameters the source needs, capped at the entry's maximum;
3. keeps the first entry that loses nothing (narrowest first, in catalogue order, after
   the shape preferences: fixed for fixed, not a LOB unless needed, the narrowest
   repertoire that holds the source), else the one that loses least;
4. gives a character column the ordering of its collation and the target the collation
   that keeps it where the target has one (:mod:`analyzer.audit.ordering`, D178);
5. classes it: ``exact`` when no value is lost either way (the domains are equal),
   ``widened`` when the target holds every source value, ``lossy`` otherwise,
   ``unsupported`` when no entry can hold the kind (docs/audit.md).

>>> from analyzer.ir import Column, DataType
>>> from analyzer.audit.mappings import spec
>>> dt = DataType("datetimeoffset(7)", "DATETIMEOFFSET", "timestamp", scale=7)
>>> c = Column("c", 1, dt, True, True)
>>> m = map_column(c, "tsql", spec("postgres"))
>>> m.target.text, m.mapping, m.loses
('TIMESTAMPTZ(6)', 'lossy', ('fraction', 'time zone'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from analyzer.audit.domains import REPERTOIRES, Domain, losses, max_units, text_length
from analyzer.audit.ordering import DESCRIPTIONS, POSTGRES, read, settle
from analyzer.audit.sources import source_domain
from analyzer.config import AuditSettings
from analyzer.ir import Column
from analyzer.records import record
from analyzer.settings import DIALECT_PLATFORM

#: Digits after the point of an unconstrained (floating) NUMBER on a fixed decimal type:
#: SnowConvert writes Teradata ``NUMBER`` as ``NUMBER(38, 18)`` (decision D156).
FLOATING_SCALE = 18

#: Source kind -> target kinds that can hold it, preferred first.
FALLBACK: dict[str, tuple[str, ...]] = {
    "int": ("int", "decimal", "float"),
    "bool": ("bool", "int"),
    "decimal": ("decimal", "float"),
    "float": ("float", "decimal"),
    "char": ("char", "binary"),
    "binary": ("binary",),
    "date": ("date", "timestamp"),
    "time": ("time",),
    "timestamp": ("timestamp",),
    "interval": ("interval", "char"),  # the guides' VARCHAR (SnowConvert), D159
    "period": ("period", "char"),
    "array": ("array",),
    "uuid": ("uuid", "binary", "char"),
    "rowversion": ("rowversion", "binary"),
    "json": ("json", "char", "binary"),
    "xml": ("xml", "char", "binary"),
    "spatial": ("spatial",),
    "variant": ("variant",),
    "hierarchy": ("hierarchy",),
}

MAPPINGS = ("exact", "widened", "lossy", "unsupported")


@record
class Entry:
    """One type of a target's catalogue: the domain it holds at its largest parameters.

    ``shape`` says how the type is written: ``plain`` (``NAME``), ``length``
    (``NAME(n)``), ``max`` (``NAME(MAX)``: the largest of a length type), ``decimal``
    (``NAME(p, s)``), ``fraction`` (``NAME(f)``), ``interval`` (Teradata's
    ``INTERVAL DAY(n) TO SECOND(f)``), ``template`` (``template`` with ``{inner}``,
    ``{n}``).  ``charset`` is the Teradata ``CHARACTER SET`` the type is written with.
    """

    kind: str
    name: str
    shape: str = "plain"
    citation: str = ""
    lo: int | None = None
    hi: int | None = None
    bits: int | None = None
    max_precision: int | None = None
    max_scale: int | None = None
    floating: bool = False
    #: Digits left of the point at most (BigQuery NUMERIC: 29, BIGNUMERIC: 38).
    max_int_digits: int | None = None
    max_length: int | None = None
    repertoire: str = "unicode"
    fixed: bool = False
    lob: bool = False
    max_fraction: int | None = None
    fraction_step: int = 1
    tz: bool = False
    min_year: int | None = None
    max_year: int | None = None
    fields: str | None = None
    max_lead: int | None = None
    template: str = ""
    inner_kinds: tuple[str, ...] = ()
    null_elements: bool = True
    max_count: int | None = None
    semantics: str | None = None
    charset: str | None = None
    note: str = ""
    #: What a character length counts (:data:`analyzer.audit.domains.UNITS`).
    unit: str = "char"
    #: The type holds U+0000 (PostgreSQL's character types do not).
    nul: bool = True
    #: Time zone offsets held, in minutes (None: not documented).
    offsets: tuple[int, int] | None = None
    #: Seconds to 61.999999 (Teradata's leap seconds).
    leap: bool = False


@record
class TargetSpec:
    """A target: its type catalogue, how it is written and sized, its limits' data.

    ``dialect`` is the sqlglot dialect that writes its type names and DDL (for ASE and
    HiRDB ddlaudit's own grammars, decision D78); ``grammar`` the ddlaudit grammar a
    table of the target is read and sized as (None: no page sizing); ``platform`` the
    estimator (None for PostgreSQL, Snowflake and BigQuery).
    """

    name: str
    title: str
    dialect: str
    grammar: str | None
    platform: str | None
    entries: tuple[Entry, ...]
    #: source dialect -> the migration guide the pair follows (docs/audit.md tables).
    guides: tuple[tuple[str, str], ...] = ()
    citation: str = ""
    #: Source kind -> target kinds, where the target's guides prefer another order than
    #: :data:`FALLBACK` (Snowflake, BigQuery: a uuid becomes a string).
    fallback: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def guide(self, source: str) -> str:
        return dict(self.guides).get(source, self.citation)


@record
class TargetType:
    """A chosen target type: ``text`` in the target's DDL (without a Teradata character
    set, which is ``charset``), the domain it holds and the catalogue entry behind it."""

    text: str
    domain: Domain
    entry: Entry
    charset: str | None = None
    #: The column's collation, kept on the same platform (``COLLATE``).
    collation: str | None = None


@record
class Mapped:
    """The audit of one column's type: its class, the target type and what is lost."""

    mapping: str
    target: TargetType | None
    loses: tuple[str, ...] = ()
    reason: str = ""
    source: Domain | None = None


# ------------------------------------------------------------------ instantiation


def _int_digits(d: Domain) -> int:
    if d.kind == "int" and d.lo is not None and d.hi is not None:
        return len(str(max(abs(d.lo), abs(d.hi))))
    if d.kind == "bool":
        return 1
    if d.kind == "decimal" and d.precision is not None and not d.floating:
        return d.precision - (d.scale or 0)
    return 38


#: Teradata's interval types (SQL Data Types and Literals, "INTERVAL Data Types").
TERADATA_INTERVALS = frozenset(
    {
        "YEAR",
        "YEAR TO MONTH",
        "MONTH",
        "DAY",
        "DAY TO HOUR",
        "DAY TO MINUTE",
        "DAY TO SECOND",
        "HOUR",
        "HOUR TO MINUTE",
        "HOUR TO SECOND",
        "MINUTE",
        "MINUTE TO SECOND",
        "SECOND",
    }
)


def _interval_text(src: Domain, e: Entry) -> tuple[str, Domain] | None:
    """Teradata INTERVAL written for the source's fields, lead and fraction (capped); None
    when Teradata has no interval of those fields (HiRDB's YEAR TO DAY)."""
    fields = src.fields or "DAY TO SECOND"
    if fields not in TERADATA_INTERVALS:
        return None
    parts = fields.split(" TO ")
    lead = min(src.lead or 2, e.max_lead or 4)
    frac = min(src.fraction or 0, e.max_fraction or 6)
    text = f"INTERVAL {parts[0]}({lead})"
    if len(parts) > 1:
        text += f" TO {parts[1]}"
        if parts[1] == "SECOND":
            text += f"({frac})"
    elif parts[0] == "SECOND":
        text = f"INTERVAL SECOND({lead}, {frac})"
    return text, Domain("interval", fields=fields, lead=lead, fraction=frac)


def instantiate(e: Entry, src: Domain, spec: TargetSpec) -> TargetType | None:
    """``e`` with the parameters ``src`` needs (capped at the entry's maximum), or None
    when the entry cannot take the source at all (a PERIOD of another element kind)."""
    k = e.kind
    if k == "int":
        return TargetType(e.name, Domain("int", lo=e.lo, hi=e.hi), e)
    if k == "bool":
        return TargetType(e.name, Domain("bool", semantics=e.semantics), e)
    if k == "float":
        return TargetType(e.name, Domain("float", bits=e.bits), e)
    if k == "decimal":
        if e.shape == "plain":
            dom = Domain(
                "decimal",
                precision=e.max_precision,
                scale=e.max_scale,
                floating=e.floating,
                hi=e.hi,
                semantics=e.semantics,
            )
            return TargetType(e.name, dom, e)
        top, top_scale = e.max_precision or 38, e.max_scale if e.max_scale is not None else 38
        scale = 0 if src.kind in ("int", "bool") else min(src.scale or 0, top_scale)
        if src.floating:
            # An unconstrained NUMBER: 38 digits with FLOATING_SCALE of them after the
            # point, as SnowConvert writes Teradata NUMBER (NUMBER(38, 18)); decision D156.
            scale = min(top_scale, FLOATING_SCALE)
            lead = min(38, e.max_int_digits or 38, top - scale)
            precision = lead + scale
            text = f"{e.name}({precision}, {scale})"
            return TargetType(text, Domain("decimal", precision=precision, scale=scale), e)
        if src.kind == "float":
            scale = min(top_scale, top // 2)
        digits = _int_digits(src)
        if e.max_int_digits is not None:
            digits = min(digits, e.max_int_digits)
        precision = max(1, min(top, digits + scale))
        if precision - scale < digits and scale > 0:  # keep the integer digits first
            scale = max(0, precision - digits)
        text = f"{e.name}({precision}, {scale})" if scale else f"{e.name}({precision})"
        return TargetType(text, Domain("decimal", precision=precision, scale=scale), e)
    if k in ("char", "binary"):
        need: int | None = src.length
        if k == "char" and src.kind in ("char", "json", "xml"):
            need = max_units(src, e.unit)  # the source's longest value in the entry's unit
        elif k == "char" and src.kind in ("interval", "period"):
            need = text_length(src)
        if src.kind == "uuid":
            need = 36 if k == "char" else 16
        elif src.kind == "rowversion":
            need = 8
        if e.lob or e.shape in ("plain", "max"):
            text = f"{e.name}(MAX)" if e.shape == "max" else e.name
            rep = e.repertoire if k == "char" else "single"
            dom = Domain(
                k,
                length=e.max_length,
                repertoire=rep,
                fixed=e.fixed,
                lob=e.lob,
                unit=e.unit if k == "char" else "char",
                nul=e.nul,
            )
            return TargetType(text, dom, e, e.charset)
        n = e.max_length if need is None or (e.max_length and need > e.max_length) else need
        n = max(n or 1, 1)
        rep = e.repertoire if k == "char" else "single"
        unit = e.unit if k == "char" else "char"  # binary lengths are bytes by kind
        dom = Domain(k, length=n, repertoire=rep, fixed=e.fixed, unit=unit, nul=e.nul)
        return TargetType(f"{e.name}({n})", dom, e, e.charset)
    if k in ("date", "time", "timestamp"):
        frac = e.max_fraction
        text = e.name
        if e.shape == "fraction" and e.max_fraction is not None:
            want = src.fraction if src.fraction is not None else e.max_fraction
            frac = min(e.max_fraction, want)
            step = e.fraction_step
            frac = min(e.max_fraction, -(-frac // step) * step)
            text = f"{e.name}({frac})"
            if e.template:
                text = e.template.format(f=frac)
        dom = Domain(
            k,
            fraction=frac,
            tz=e.tz,
            min_year=e.min_year,
            max_year=e.max_year,
            semantics=e.semantics,
            offsets=e.offsets if e.tz else None,
            leap=e.leap,
        )
        return TargetType(text, dom, e)
    if k == "interval":
        if e.shape == "interval":
            written = _interval_text(src, e) if src.fields is not None else None
            if written is None:
                return None
            return TargetType(written[0], written[1], e)
        dom = Domain("interval", fields=e.fields, lead=e.max_lead, fraction=e.max_fraction)
        return TargetType(e.name, dom, e)
    if k in ("period", "array"):
        if src.inner is None or (e.inner_kinds and src.inner.kind not in e.inner_kinds):
            return None
        if k == "period" and e.shape == "plain":
            inner_entry = Entry(
                src.inner.kind,
                "",
                max_fraction=e.max_fraction,
                tz=e.tz,
                min_year=e.min_year,
                max_year=e.max_year,
                semantics=e.semantics,
                offsets=e.offsets,
                leap=e.leap,
            )
            inner = instantiate(inner_entry, src.inner, spec)
            assert inner is not None
            return TargetType(e.name, Domain("period", inner=inner.domain), e)
        if e.shape == "plain":  # an untyped ARRAY (Snowflake): elements are VARIANT
            return TargetType(e.name, Domain("array", inner=Domain("variant")), e)
        inner_mapped = choose(src.inner, spec, element=True)
        if inner_mapped is None:
            return None
        count = src.count if e.max_count is None else min(src.count or 1, e.max_count)
        text = e.template.format(inner=inner_mapped.text, n=count)
        dom = Domain(
            k,
            inner=inner_mapped.domain,
            count=e.max_count if k == "array" else None,
            null_elements=e.null_elements,
        )
        return TargetType(text, dom, e, inner_mapped.charset)
    plain = _PLAIN.get(k) or Domain(k)
    return TargetType(e.name, replace(plain, semantics=e.semantics), e)


#: Domains of the types without parameters that have a fixed size.
_PLAIN = {
    "rowversion": Domain("rowversion", length=8, fixed=True),
    "uuid": Domain("uuid", length=16, fixed=True),
    # documents: as the sources read them (analyzer/audit/sources.py), 2 GB of UTF-16
    "xml": Domain("xml", length=2**30 - 1, lob=True, repertoire="unicode", unit="utf16"),
    "json": Domain("json", length=2**30 - 1, lob=True, repertoire="unicode", unit="utf16"),
}


def _penalty(src: Domain, t: TargetType) -> float:
    """How far ``t``'s shape is from the source's, among types that hold it equally well."""
    e, d = t.entry, t.domain
    p = 0.0
    if d.kind in ("char", "binary"):
        # the shape of any string-like source (a uuid, a rowversion, a document too)
        if e.fixed != src.fixed:
            p += 1
        if e.lob != src.lob:
            p += 2
        if d.kind == "char" and src.kind == "char":
            gap = REPERTOIRES.index(e.repertoire) - REPERTOIRES.index(src.repertoire)
            p += 0.5 * max(gap, 0)
    if d.kind in ("time", "timestamp") and e.tz and not src.tz:
        p += 1.5
    tz = src.inner.tz if src.kind == "period" and src.inner is not None else src.tz
    if d.kind in ("time", "timestamp", "period") and e.semantics == "instant" and tz:
        p -= 0.5  # UTC keeps the instant where the offset cannot be kept
    if d.kind == "decimal":
        if (e.semantics == "money") != (src.semantics == "money"):
            p += 1
        if e.floating and not src.floating:
            p += 1
    if d.kind == "bool" and e.semantics == "nonnull" and src.semantics != "nonnull":
        p += 1
    return p


#: How bad a loss is when no candidate is lossless: the least bad candidate wins (losing
#: characters beyond a length beats losing the repertoire of every value).
LOSS_WEIGHTS: dict[str, float] = {
    "trailing blanks": 0.5,
    "trailing zero bytes": 0.5,
    "U+0000": 0.25,  # a NUL character is rare in text
    "leap seconds": 0.25,  # a second 60 or 61 is rare in data
    "key order": 0.2,  # a document's meaning does not depend on either (RFC 8259, 4)
    "duplicate keys": 0.2,
    "typing": 0.5,
    "range": 1.5,
    "repertoire": 2.0,
    "time zone": 1.5,
    "date": 2.0,
    "time of day": 2.0,
    "type": 3.0,
}


def severity(loss: str, src: Domain, dst: Domain) -> float:
    """How bad one loss is (:data:`LOSS_WEIGHTS`); a length cut to less than half the
    source's (a LOB into a varchar) is worse than a LOB a little shorter than another."""
    if loss == "length" and dst.length is not None and src.length is not None:
        return 2.5 if dst.length * 2 < src.length else 1.0
    if loss == "typing" and dst.kind == "binary":
        return 1.5  # characters kept as bytes
    return LOSS_WEIGHTS.get(loss, 1.0)


def _capacity(d: Domain) -> float:
    """How much a domain holds, to prefer the larger of two equally lossy candidates."""
    for value in (d.bits, d.precision, d.length, d.fraction, d.hi):
        if value is not None:
            return float(value)
    return 0.0


def choose(src: Domain, spec: TargetSpec, element: bool = False) -> TargetType | None:
    """The target type that holds ``src`` best (None: no entry can hold its kind)."""
    best: tuple[tuple[float, ...], TargetType] | None = None
    kinds = dict(spec.fallback).get(src.kind) or FALLBACK.get(src.kind, (src.kind,))
    for rank, kind in enumerate(kinds):
        for order, e in enumerate(spec.entries):
            if e.kind != kind or (element and e.kind in ("array", "period")):
                continue
            t = instantiate(e, src, spec)
            if t is None:
                continue
            lost = losses(src, t.domain)
            weight = sum(severity(x, src, t.domain) for x in lost)
            size = -_capacity(t.domain) if lost else 0.0
            key: tuple[float, ...] = (weight, float(rank), _penalty(src, t), size, float(order))
            if src.floating:
                # An unconstrained NUMBER stays decimal where the target has a decimal
                # type: its values are exact decimals, not binary fractions (D156).
                key = (float(rank), *key)
            if best is None or key < best[0]:
                best = (key, t)
    return None if best is None else best[1]


# ------------------------------------------------------------------ description


def describe(d: Domain) -> str:
    """A short description of a domain, for the reason of a mapping.

    >>> describe(Domain("int", lo=-128, hi=127)), describe(Domain("decimal", precision=9, scale=2))
    ('integers -128..127', 'decimal(9,2)')
    """
    k = d.kind
    if k == "int":
        return f"integers {d.lo}..{d.hi}"
    if k == "bool":
        return "0/1" + (" NOT NULL" if d.semantics == "nonnull" else "")
    if k == "decimal":
        if d.floating:
            return f"floating decimal of {d.precision} digits"
        text = f"decimal({d.precision},{d.scale or 0})"
        if d.hi is not None:
            text += f" within ±{d.hi:,}"
        return text
    if k == "float":
        return f"{d.bits}-bit mantissa float"
    if k in ("char", "binary"):
        unit = "characters" if k == "char" else "bytes"
        size = "unbounded" if d.length is None else f"{d.length:,} {unit}"
        rep = f" {d.repertoire}" if k == "char" else ""
        how = "LOB" if d.lob else "fixed" if d.fixed else "varying"
        order = f" in {DESCRIPTIONS[d.ordering]}" if d.ordering else ""
        return f"{how}{rep} {size}{order}"
    if k in ("time", "timestamp", "date"):
        text = k
        if k != "date":
            text += f" with {d.fraction} fractional digits"
        if k != "time" and d.min_year is not None:
            text += f", years {d.min_year}-{d.max_year}"
        if d.tz:
            text += ", time zone offset"
            if d.offsets is not None:
                text += f" {_offset(d.offsets[0])}..{_offset(d.offsets[1])}"
        if d.leap and k != "date":
            text += ", seconds to 61.999999"
        return text
    if k == "interval":
        return f"interval {d.fields or 'of any fields'}"
    if k in ("period", "array") and d.inner is not None:
        count = f"[{d.count}]" if d.count else ""
        return f"{k}{count} of {describe(d.inner)}"
    return k


def _offset(minutes: int) -> str:
    """``-779`` -> ``-12:59``."""
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def identity(column: Column, src: Domain | None) -> Mapped:
    """``column`` audited to its own platform: its type, character set and collation as
    written, every value kept (docs/audit.md, "Same platform").

    >>> from analyzer.ir import DataType
    >>> c = Column("g", 1, DataType("geography", "GEOGRAPHY", "spatial"), True, True)
    >>> m = identity(c, None)
    >>> m.mapping, m.target.text
    ('exact', 'geography')
    """
    dt = column.type
    domain = src or Domain("other")
    entry = Entry(domain.kind, dt.name, note="same platform")
    collation = column.collation
    if column.case_specific is not None:  # Teradata's [NOT] CASESPECIFIC, as written
        collation = "CASESPECIFIC" if column.case_specific else "NOT CASESPECIFIC"
    written = [x for x in (column.character_set, collation) if x]
    extra = f" ({', '.join(written)})" if written else ""
    return Mapped(
        "exact",
        TargetType(dt.declared, domain, entry, column.character_set, collation),
        (),
        f"same platform: {dt.declared}{extra} as declared",
        src,
    )


def source_collation(column: Column, dialect: str, collations: Mapping[str, str]) -> str:
    """The collation deciding ``column``'s ordering: its own (SQL Server ``COLLATE``,
    Teradata ``[NOT] CASESPECIFIC``), else its platform's default (``[audit.default-
    collation]``: ASE and HiRDB have one sort order per server).

    >>> from analyzer.ir import DataType
    >>> c = Column("c", 1, DataType("varchar(5)", "VARCHAR", "varchar", 5), True, True)
    >>> source_collation(c, "tsql", {"mssql": "SQL_Latin1_General_CP1_CI_AS"})
    'SQL_Latin1_General_CP1_CI_AS'
    """
    platform = DIALECT_PLATFORM.get(dialect, dialect)
    if dialect == "teradata" and column.case_specific is not None:
        return "CASESPECIFIC" if column.case_specific else "NOT CASESPECIFIC"
    if dialect == "tsql" and column.collation:
        return column.collation
    return collations.get(platform, "")


def _ordered(
    column: Column,
    dialect: str,
    src: Domain,
    target: TargetType,
    spec: TargetSpec,
    settings: AuditSettings,
) -> tuple[Domain, TargetType, str]:
    """The source and target domains with their orderings, the target with the collation
    its DDL writes, and what the reason says of it (decision D178)."""
    if src.kind != "char":
        return src, target, ""
    collations = dict(settings.collations)
    platform = DIALECT_PLATFORM.get(dialect, dialect)
    name = source_collation(column, dialect, collations)
    ordering = read(platform, name)
    if column.type.family in ("clob", "nclob"):
        # SQL Server text / ntext, ASE text / unitext and Teradata CLOB values are never
        # compared or sorted (SQL Server docs, ntext, text, and image; ASE Building Blocks;
        # Teradata SQL Data Types, CLOB): nothing to keep, a target that compares holds more
        ordering = "none"
    if name == collations.get(platform) and not column.collation:
        name = f"{name} ({platform} default, [audit.default-collation])"
    if ordering is None:
        return src, target, f"; the ordering of {name or 'its collation'} is not modelled"
    src = replace(src, ordering=ordering)
    if target.domain.kind != "char":
        return src, target, ""
    default = collations.get(spec.name, "")
    got: str | None
    written: str | None
    if target.entry.lob and spec.name in ("ase", "teradata"):
        got, written = "none", None  # ASE text / unitext, Teradata CLOB: never compared
    elif ordering == "none":
        got, written = read(spec.name, default), None
    else:
        got, written = settle(ordering, spec.name, default, settings.ordering == "keep")
    target = replace(target, domain=replace(target.domain, ordering=got), collation=written)
    if written is None:
        return src, target, ""
    how = "keeps" if got == ordering else "comes nearest to"
    text = f"; {clause(spec.name, written).strip()} {how} the ordering of {name}"
    if spec.name == "postgres" and written in NONDETERMINISTIC:
        # PostgreSQL 16, 24.2.2.4: pattern matching is not supported on them (before 18)
        text += " (a nondeterministic collation: LIKE on the column needs PostgreSQL 18)"
    return src, target, text


#: The PostgreSQL collations ddlaudit writes that are nondeterministic.
NONDETERMINISTIC = frozenset(name for name, locale in POSTGRES.values() if locale)


def clause(target: str, collation: str) -> str:
    """The column clause that gives ``collation`` on ``target``: ``COLLATE name`` (SQL
    Server), ``COLLATE "name"`` (PostgreSQL), ``COLLATE 'spec'`` (Snowflake, BigQuery),
    Teradata's ``[NOT] CASESPECIFIC`` attribute.

    >>> clause("snowflake", "en-ci"), clause("teradata", "CASESPECIFIC")
    (" COLLATE 'en-ci'", ' CASESPECIFIC')
    """
    if target == "teradata" and read("teradata", collation) is not None:
        return f" {collation}"
    if target == "postgres":
        return f' COLLATE "{collation}"'
    if target in ("snowflake", "bigquery"):
        return f" COLLATE '{collation}'"
    return f" COLLATE {collation}"


def map_column(
    column: Column,
    dialect: str,
    spec: TargetSpec,
    default_charset: str = "LATIN",
    settings: AuditSettings | None = None,
) -> Mapped:
    """The audit of ``column`` (declared in ``dialect``) on ``spec``'s target; ``settings``
    give the platforms' default collations and whether the DDL keeps an ordering."""
    src = source_domain(column, dialect, default_charset)
    declared = column.type.declared or "(undeclared)"
    if DIALECT_PLATFORM.get(dialect) == spec.name and column.type.declared:
        return identity(column, src)
    if src is None:
        what = "user-defined or unknown type" if column.type.family == "udt" else "type"
        return Mapped(
            "unsupported",
            None,
            ("type",),
            f"{what} {declared}: no {spec.title} type ddlaudit can map (manual mapping)",
        )
    target = choose(src, spec)
    if target is None:
        return Mapped(
            "unsupported",
            None,
            ("type",),
            f"{spec.title} has no type for {describe(src)} ({declared})",
            src,
        )
    src, target, kept = _ordered(column, dialect, src, target, spec, settings or AuditSettings())
    lost = losses(src, target.domain)
    note = f"; {target.entry.note}" if target.entry.note else ""
    note += kept
    if lost:
        reason = f"{describe(src)} -> {describe(target.domain)}: loses {', '.join(lost)}{note}"
        return Mapped("lossy", target, lost, reason, src)
    # NOT NULL is the column's, kept on the target: a nullable target type loses nothing.
    if not [x for x in losses(target.domain, src) if x != "NULL"]:
        return Mapped("exact", target, (), f"same values: {describe(src)}{note}", src)
    return Mapped(
        "widened",
        target,
        (),
        f"every value fits: {describe(src)} -> {describe(target.domain)}{note}",
        src,
    )


__all__ = [
    "FALLBACK",
    "MAPPINGS",
    "Entry",
    "Mapped",
    "TargetSpec",
    "TargetType",
    "choose",
    "clause",
    "describe",
    "identity",
    "instantiate",
    "map_column",
]
