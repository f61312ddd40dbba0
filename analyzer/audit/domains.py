"""What values a column can hold: its *domain*, read from a source type, and what a target
type's domain loses of it.

The audit decides a mapping class by comparing domains, never type names (docs/audit.md,
"How a mapping class is decided"):

* ``exact``: the target type is the source type (same name, same parameters);
* ``widened``: every source value fits the target (:func:`losses` is empty), perhaps in
  more bytes;
* ``lossy``: some values do not fit; :func:`losses` names what is lost (``range``,
  ``precision``, ``length``, ``time zone``, ``repertoire``, ``fraction``, ...);
* ``unsupported``: the target has no type for the domain at all.

Source domains follow each vendor's data type reference: SQL Server "Data types
(Transact-SQL)"; ASE Reference Manual: Building Blocks, "Datatypes"; Teradata SQL Data
Types and Literals; HiRDB SQL Reference 1.2 "Data types".

>>> d = Domain("int", lo=0, hi=255)
>>> losses(d, Domain("int", lo=-128, hi=127))
('range',)
>>> losses(Domain("decimal", precision=19, scale=4), Domain("decimal", precision=38, scale=4))
()
>>> losses(Domain("char", length=10, repertoire="unicode"), Domain("char", length=20))
('repertoire',)
"""

from __future__ import annotations

from analyzer.audit.ordering import lost
from analyzer.records import record

#: Character repertoires, narrowest first: a single-byte code page, a multi-byte code
#: page (Shift_JIS, EUC, an ASE national character set), Unicode (decision D79).
REPERTOIRES = ("single", "multi", "unicode")

#: What a character length counts: characters (code points), UTF-16 code units, bytes.
UNITS = ("char", "utf16", "byte")

#: Kinds a value of one can be stored in the other without loss (beyond the parameters).
_NUMERIC = frozenset({"int", "decimal", "float", "bool"})


@record
class Domain:
    """The values of a type.

    ``kind``: ``int`` (``lo``..``hi``), ``decimal`` (``precision``, ``scale``; ``floating``
    for Teradata ``NUMBER`` without precision), ``float`` (``bits`` of mantissa), ``bool``,
    ``char`` (``length`` in characters, ``repertoire``, ``fixed``, ``lob``), ``binary``
    (``length`` in bytes, ``fixed``, ``lob``), ``date``, ``time``, ``timestamp``
    (``fraction`` digits of seconds, ``tz``: the offset is kept, ``min_year``..``max_year``),
    ``interval`` (``fields`` such as ``DAY TO SECOND``, ``lead`` digits, ``fraction``),
    ``period`` and ``array`` (``inner`` element, ``count`` elements), ``uuid``,
    ``rowversion``, ``json``, ``xml``, ``spatial``, ``variant``, ``hierarchy``, ``other``.
    ``semantics`` marks behaviour beyond the values (``money``: currency arithmetic;
    ``nonnull``: ASE bit cannot be NULL).
    """

    kind: str
    lo: int | None = None
    hi: int | None = None
    precision: int | None = None
    scale: int | None = None
    floating: bool = False
    bits: int | None = None
    length: int | None = None
    repertoire: str = "single"
    fixed: bool = False
    lob: bool = False
    fraction: int | None = None
    tz: bool = False
    min_year: int | None = None
    max_year: int | None = None
    fields: str | None = None
    lead: int | None = None
    inner: Domain | None = None
    count: int | None = None
    semantics: str | None = None
    #: Elements of an array may be NULL (HiRDB repetition columns: yes; BigQuery: no).
    null_elements: bool = True
    #: What a character ``length`` counts (:data:`UNITS`): ``char`` (characters, code
    #: points), ``utf16`` (UTF-16 code units: SQL Server nchar, ASE unichar, Teradata
    #: UNICODE) or ``byte`` (bytes of the column's encoding).
    unit: str = "char"
    #: The type can hold U+0000 (PostgreSQL's character types cannot, 8.3).
    nul: bool = True
    #: Time zone offsets a ``tz`` time or timestamp holds, in minutes (None: not
    #: documented, not compared): Teradata -12:59..+14:00, SQL Server -14:00..+14:00.
    offsets: tuple[int, int] | None = None
    #: Seconds run to 61.999999 (Teradata TIME / TIMESTAMP: "accounts for leap seconds").
    leap: bool = False
    #: How strings compare and sort (:mod:`analyzer.audit.ordering`; None: not modelled).
    ordering: str | None = None


def integer_digits(d: Domain) -> int | None:
    """Digits left of the decimal point a value of ``d`` may need (None: unbounded)."""
    if d.kind == "int" and d.lo is not None and d.hi is not None:
        return len(str(max(abs(d.lo), abs(d.hi))))
    if d.kind == "decimal" and not d.floating and d.precision is not None:
        return d.precision - (d.scale or 0)
    if d.kind == "bool":
        return 1
    return None


def max_units(d: Domain, unit: str) -> int | None:
    """The longest value of ``d`` measured in ``unit`` (None: unbounded).

    A single-byte code page has one byte, one UTF-16 unit and one character per character.
    Otherwise: a character (code point) is at most 2 UTF-16 units and 4 bytes of UTF-8
    (Unicode Standard 3.9, D91/D92); a UTF-16 unit is at most one character and 3 bytes
    of UTF-8 (a surrogate pair: 2 units, 4 bytes); a byte at most one of either. A
    multi-byte code page character (Shift_JIS, EUC) is one BMP code point of at most 3
    bytes.

    >>> max_units(Domain("char", length=10, repertoire="unicode", unit="utf16"), "char")
    10
    >>> max_units(Domain("char", length=10, repertoire="unicode"), "utf16")
    20
    """
    n = d.length
    if n is None or d.unit == unit or d.repertoire == "single":
        return n
    if d.unit == "char":
        if unit == "utf16":
            return n if d.repertoire == "multi" else 2 * n
        return 3 * n if d.repertoire == "multi" else 4 * n
    if d.unit == "utf16":
        return n if unit == "char" else 3 * n
    return n  # bytes: at most one character or one UTF-16 unit each


def _chars_fit(src: Domain, dst: Domain) -> bool:
    """Every value of ``src`` is no longer than ``dst`` allows, in ``dst``'s unit."""
    return not _longer(max_units(src, dst.unit), dst.length)


def _int_range_fits(src: Domain, dst: Domain) -> bool:
    lo, hi = (0, 1) if src.kind == "bool" else (src.lo, src.hi)
    if lo is None or hi is None:
        return False
    if dst.kind == "int":
        return dst.lo is not None and dst.hi is not None and dst.lo <= lo and hi <= dst.hi
    if dst.kind == "decimal":
        if dst.floating:
            return True
        digits = (dst.precision or 0) - (dst.scale or 0)
        top: int = 10**digits - 1 if dst.hi is None else min(dst.hi, 10**digits - 1)
        return bool(max(abs(lo), abs(hi)) <= top)
    if dst.kind == "float":
        return bool(max(abs(lo), abs(hi)) <= 2 ** (dst.bits or 53))
    if dst.kind == "bool":
        return lo >= 0 and hi <= 1
    return False


def _over_hi(src: Domain, dst: Domain) -> bool:
    """A decimal target bounded below its digits (money) cannot hold the source's largest."""
    if dst.hi is None:
        return False
    if src.hi is not None:
        return src.hi > dst.hi
    digits = integer_digits(src)
    return digits is None or 10**digits - 1 > dst.hi


def _numeric(src: Domain, dst: Domain) -> list[str]:
    out: list[str] = []
    if src.kind in ("int", "bool"):
        if not _int_range_fits(src, dst):
            out.append("range")
        return out
    if src.kind == "decimal":
        if dst.kind == "decimal":
            if dst.floating:
                if src.floating and (src.precision or 38) > (dst.precision or 38):
                    out.append("precision")
                return out
            if src.floating:
                return ["range", "precision"]
            need = integer_digits(src) or 0
            if need > (dst.precision or 0) - (dst.scale or 0) or _over_hi(src, dst):
                out.append("range")
            if (src.scale or 0) > (dst.scale or 0):
                out.append("precision")
            return out
        if dst.kind in ("int", "bool"):
            if src.floating or (src.scale or 0) > 0:
                out.append("precision")
            digits = integer_digits(src)
            if digits is None or not _int_range_fits(
                Domain("int", lo=-(10**digits - 1), hi=10**digits - 1), dst
            ):
                out.append("range")
            return out
        if dst.kind == "float":
            # A binary float holds about log10(2**bits) significant decimal digits.
            digits = 15 if (dst.bits or 53) >= 53 else 6
            if src.floating or (src.precision or 38) > digits:
                out.append("precision")
            return out
    if src.kind == "float":
        if dst.kind == "float":
            if (src.bits or 53) > (dst.bits or 53):
                out += ["precision", "range"]
            return out
        return ["precision", "range"]
    return ["range"]


def _repertoire_lost(src: Domain, dst: Domain) -> bool:
    return REPERTOIRES.index(src.repertoire) > REPERTOIRES.index(dst.repertoire)


def losses(src: Domain, dst: Domain) -> tuple[str, ...]:
    """What values of ``src`` the target domain ``dst`` cannot hold (empty: all fit).

    >>> losses(Domain("timestamp", fraction=7, tz=True, min_year=1, max_year=9999),
    ...        Domain("timestamp", fraction=6, min_year=1, max_year=9999))
    ('fraction', 'time zone')
    >>> losses(Domain("int", lo=0, hi=1), Domain("bool"))
    ()
    """
    out: list[str] = []
    if src.kind == "bool" and dst.semantics == "nonnull" and src.semantics != "nonnull":
        out.append("NULL")
    if src.kind in _NUMERIC and dst.kind in _NUMERIC:
        out += _numeric(src, dst)
    elif src.kind == "char" and dst.kind == "char":
        if _repertoire_lost(src, dst):
            out.append("repertoire")
        if src.nul and not dst.nul:
            out.append("U+0000")
        if not _chars_fit(src, dst):
            out.append("length")
        if src.ordering is not None and dst.ordering is not None:
            out += lost(src.ordering, dst.ordering)
        if src.fixed != dst.fixed and not dst.fixed and src.fixed:
            pass  # char(n) into varchar(n): the values fit (trailing blanks kept)
        elif not src.fixed and dst.fixed:
            out.append("trailing blanks")
    elif src.kind == "binary" and dst.kind == "binary":
        if _longer(src.length, dst.length):
            out.append("length")
        if not src.fixed and dst.fixed:
            out.append("trailing zero bytes")
    elif src.kind in ("char", "binary", "json", "xml") and dst.kind == "char":
        # Text of a json / xml / binary value (hex) in a character type: every value
        # fits when the target is long enough; the type checking is lost.
        if src.kind == "binary":
            return ("typing",)
        if src.kind != "char" and _repertoire_lost(src, dst):
            out.append("repertoire")
        if src.nul and not dst.nul:
            out.append("U+0000")
        if not _chars_fit(src, dst):
            out.append("length")
        out.append("typing")
    elif src.kind in ("date", "time", "timestamp") and dst.kind in ("date", "time", "timestamp"):
        out += _temporal(src, dst)
    elif src.kind == "interval" and dst.kind == "interval":
        if not _interval_fits(src, dst):
            out.append("range")
        if (src.fraction or 0) > (dst.fraction if dst.fraction is not None else 6):
            out.append("fraction")
    elif src.kind in ("period", "array") and dst.kind == src.kind:
        if src.inner is not None and dst.inner is not None:
            out += losses(src.inner, dst.inner)
        if src.kind == "array" and src.null_elements and not dst.null_elements:
            out.append("null elements")
        longer = dst.count is not None and (src.count is None or src.count > dst.count)
        if src.kind == "array" and longer:
            out.append("length")
    elif src.kind in ("interval", "period") and dst.kind == "char":
        # the value kept as its literal: every value fits a long enough string, but the
        # type (interval arithmetic, period predicates) is lost (D159)
        if _longer(text_length(src), dst.length):
            out.append("length")
        out.append("typing")
    elif src.kind == "rowversion" and dst.kind == "binary":
        out.append("row versioning")
    elif src.kind == "uuid" and dst.kind == "binary":
        if _longer(16, dst.length):
            out.append("length")
    elif src.kind == "uuid" and dst.kind == "char":
        if _longer(36, dst.length):
            out.append("length")
    elif src.kind in ("json", "variant", "spatial") and dst.kind in ("json", "variant", "spatial"):
        out += _documents(src, dst)
    elif src.kind == dst.kind:
        pass
    elif src.kind in ("char", "json", "xml") and dst.kind == "binary":
        if _longer(src.length, dst.length):
            out.append("length")
        out.append("typing")  # character data kept as bytes (HiRDB BLOB)
    elif dst.kind == "variant":
        out.append("typing")
    else:
        out.append("type")
    return tuple(dict.fromkeys(out))


#: What a JSON document loses in a type that parses and normalises it: PostgreSQL jsonb
#: "does not preserve white space, does not preserve the order of object keys, and does
#: not keep duplicate object keys" (8.14); BigQuery JSON and Snowflake VARIANT likewise
#: (SnowConvert: "Elements inside a JSON are ordered by their keys when inserted").
_NORMALISED = ("key order", "duplicate keys")


def _documents(src: Domain, dst: Domain) -> list[str]:
    """JSON, variants and spatial values: what the target's semantics lose."""
    if src.kind == "json" and dst.kind in ("json", "variant"):
        if dst.semantics == "normalised" and src.semantics != "normalised":
            return list(_NORMALISED)
        return []
    if src.kind == dst.kind == "variant":
        # sql_variant keeps each value's base type, precision, scale and collation
        # (SQL_VARIANT_PROPERTY); a VARIANT keeps a JSON-like value.
        return ["base type"] if src.semantics != dst.semantics else []
    if src.kind == dst.kind == "spatial":
        if src.semantics == dst.semantics or None in (src.semantics, dst.semantics):
            return []
        # planar (geometry) coordinates read as longitude / latitude on a sphere, or
        # geodesic (geography) edges drawn as straight lines on a plane
        return ["planar coordinates" if src.semantics == "planar" else "geodesic edges"]
    return ["typing"] if dst.kind == "variant" else ["type"]


def _longer(src: int | None, dst: int | None) -> bool:
    """``src`` longer than ``dst`` (None: unbounded)."""
    if dst is None:
        return False
    return src is None or src > dst


def _temporal(src: Domain, dst: Domain) -> list[str]:
    out: list[str] = []
    has_date = {"date": True, "time": False, "timestamp": True}
    has_time = {"date": False, "time": True, "timestamp": True}
    if has_date[src.kind] and not has_date[dst.kind]:
        out.append("date")
    if has_time[src.kind] and not has_time[dst.kind]:
        out.append("time of day")
    both_times = has_time[src.kind] and has_time[dst.kind]
    if both_times and (src.fraction or 0) > (dst.fraction or 0):
        out.append("fraction")
    if both_times and src.leap and not dst.leap:
        out.append("leap seconds")
    if src.tz and not dst.tz:
        out.append("time zone")
    elif not src.tz and dst.semantics == "instant":
        out.append("time zone")  # a local time read as UTC (or the session's zone)
    elif src.tz and dst.tz and not _offsets_fit(src.offsets, dst.offsets):
        out.append("offset range")
    if has_date[src.kind] and has_date[dst.kind]:
        lo, hi = src.min_year or 1, src.max_year or 9999
        if (dst.min_year is not None and lo < dst.min_year) or (
            dst.max_year is not None and hi > dst.max_year
        ):
            out.append("range")
    return out


def _offsets_fit(src: tuple[int, int] | None, dst: tuple[int, int] | None) -> bool:
    """Every offset of ``src`` is one ``dst`` holds (an undocumented range: not compared)."""
    if src is None or dst is None:
        return True
    return dst[0] <= src[0] and src[1] <= dst[1]


#: Interval fields, largest first.
INTERVAL_FIELDS = ("YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND")


def _interval_fits(src: Domain, dst: Domain) -> bool:
    if dst.fields is None:  # any interval (PostgreSQL, BigQuery)
        return True
    if src.fields is None:
        return False
    s, d = _field_span(src.fields), _field_span(dst.fields)
    # Year-month and day-time intervals do not mix.
    if (s[0] <= 1) != (d[0] <= 1):
        return False
    if d[0] > s[0] or d[1] < s[1]:
        return False
    return d[0] < s[0] or (dst.lead or 2) >= (src.lead or 2)


def text_length(d: Domain) -> int | None:
    """Characters of the longest literal of an interval, a period or a date / time value,
    as Teradata writes it (SQL Data Types and Literals: ``-9999 23:59:59.999999``,
    ``('2024-01-01', '2024-12-31')``): how long a VARCHAR keeps every value (D159).

    >>> text_length(Domain("interval", fields="DAY TO SECOND", lead=4, fraction=6))
    21
    >>> text_length(Domain("period", inner=Domain("date")))
    24
    """
    if d.kind == "interval":
        parts = (d.fields or "DAY TO SECOND").upper().split(" TO ")
        first, last = INTERVAL_FIELDS.index(parts[0]), INTERVAL_FIELDS.index(parts[-1])
        n = 1 + (d.lead or 2) + 3 * (last - first)  # sign, lead, then -MM / HH / :MM / :SS
        if parts[-1] == "SECOND" and d.fraction:
            n += 1 + d.fraction
        return n
    if d.kind == "period" and d.inner is not None:
        inner = text_length(d.inner)
        return None if inner is None else 2 * inner + 4  # (start, end)
    zone = 6 if d.tz else 0  # +hh:mm
    fraction = 1 + d.fraction if d.fraction else 0
    if d.kind == "date":
        return 10
    if d.kind == "time":
        return 8 + fraction + zone
    if d.kind == "timestamp":
        return 19 + fraction + zone
    return None


def _field_span(fields: str) -> tuple[int, int]:
    parts = fields.upper().split(" TO ")
    first = INTERVAL_FIELDS.index(parts[0].strip())
    return first, INTERVAL_FIELDS.index(parts[-1].strip())
