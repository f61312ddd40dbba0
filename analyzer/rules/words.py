"""The data behind two identifier rules: each platform's reserved words and its maximum
identifier length.

* :func:`reserved_words` / :func:`is_reserved`: the words a platform does not accept as an
  unquoted (undelimited) identifier, read from ``analyzer/rules/data/reserved/<platform>.txt``
  (one upper-case word per line, ``#`` comment header naming the source).
* :func:`identifier_limit`: the longest table / column name a platform release accepts, as an
  :class:`IdentifierLimit` (length, unit, the releases it applies to, the manual it comes from).

Manual sections implemented (full citations in the data-file headers, in ``_LIMITS`` below and
in ``docs/identifiers.md``):

* SQL Server: "Reserved Keywords (Transact-SQL)" (first table); "Database Identifiers"
  (1 through 128 characters, 116 for local temporary tables).
* SAP ASE: Reference Manual: Building Blocks, "Reserved Words" (list taken from a secondary
  copy, see ``ase.txt``); "Identifiers" (255 bytes from 15.0, 30 bytes before).
* Teradata: SQL Fundamentals, "Restricted Words" (category R of SQLRestrictedWords, 17.10);
  International Character Set Support, "Object Names" (128 characters in Unicode
  normalization form D from 14.10, 30 characters before).
* HiRDB: SQL Reference 1.1.7 "Specification of names", Table 1-2 (table identifier and column
  name: 30 bytes).  The reserved-word appendix was not available: ``hirdb.txt`` is empty.

>>> is_reserved("mssql", "user"), is_reserved("mssql", "name")
(True, False)
>>> is_reserved("teradata", "Title")
True
>>> identifier_limit("ase", "12.5").max_length, identifier_limit("ase", "15.7").max_length
(30, 255)
>>> lim = identifier_limit("teradata", "14.10")
>>> lim.max_length, lim.unit, lim.since
(128, 'characters', '14.10')
>>> identifier_limit("teradata", "14.0").max_length
30
>>> lim.exceeded_by("x" * 129), identifier_limit("hirdb", None).measure("表名")
(True, 6)
"""

from __future__ import annotations

import functools
import re
import unicodedata
from importlib.resources import files
from typing import Literal

from analyzer.records import record

__all__ = [
    "PLATFORMS",
    "IdentifierLimit",
    "identifier_limit",
    "is_reserved",
    "release_key",
    "reserved_words",
]

#: The platforms with a reserved-word list and an identifier limit (the same names as
#: ``analyzer.rules.registry.PLATFORMS``).
PLATFORMS: tuple[str, ...] = ("mssql", "ase", "teradata", "hirdb")

#: The package holding ``<platform>.txt``.
_DATA_PACKAGE = "analyzer.rules.data.reserved"

Unit = Literal["characters", "bytes"]


def _platform(platform: str) -> str:
    """``platform`` normalised (lower case, stripped); ValueError if it is not one we know."""
    key = platform.strip().lower()
    if key not in PLATFORMS:
        raise ValueError(f"unknown platform {platform!r}; expected one of {', '.join(PLATFORMS)}")
    return key


@functools.cache
def reserved_words(platform: str) -> frozenset[str]:
    """The platform's reserved words, upper case (empty for HiRDB: see ``hirdb.txt``).

    >>> "SELECT" in reserved_words("ase")
    True
    >>> reserved_words("hirdb")
    frozenset()
    >>> reserved_words("oracle")
    Traceback (most recent call last):
    ...
    ValueError: unknown platform 'oracle'; expected one of mssql, ase, teradata, hirdb
    """
    resource = files(_DATA_PACKAGE).joinpath(f"{_platform(platform)}.txt")
    text = resource.read_text(encoding="utf-8")
    return frozenset(
        line.strip()
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    )


def is_reserved(platform: str, name: str) -> bool:
    """True if ``name``, written unquoted, is one of the platform's reserved words.

    Case-insensitive in the SQL sense (ASCII letters); every listed word is ASCII, so a name
    with any non-ASCII character is never reserved (``"ſelect"`` is not ``SELECT``).  The name
    is compared whole: strip brackets or quotes first, a delimited name is never a problem.

    >>> is_reserved("ase", "Key"), is_reserved("ase", "keys"), is_reserved("hirdb", "select")
    (True, False, False)
    """
    words = reserved_words(platform)
    return name.isascii() and name.upper() in words


_RELEASE = re.compile(r"\s*[vV]?(\d+(?:\.\d+)*)")


def release_key(release: str) -> tuple[int, ...]:
    """A release string as a tuple of ints for comparison, trailing zeros dropped.

    Each dot-separated part compares as a number, so Teradata's 14.10 comes after 14.9 and
    "15" equals "15.0"; anything after the leading number ("16.0 SP03") is ignored.

    >>> release_key("14.10") > release_key("14.9"), release_key("15") == release_key("15.0.0")
    (True, True)
    >>> release_key("16.0 SP03")
    (16,)
    """
    match = _RELEASE.match(release)
    if match is None:
        raise ValueError(f"release {release!r} does not start with a version number")
    parts = [int(p) for p in match.group(1).split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


@record
class IdentifierLimit:
    """The longest table or column name one platform release accepts.

    ``since`` is the first release the limit applies to and ``until`` the first release it no
    longer applies to (both None when the manual gives it for every release covered).
    ``normal_form`` is the Unicode normal form the length is counted in, when the manual names
    one; ``note`` carries the manual's exceptions (other object kinds, temporary tables).
    """

    platform: str
    max_length: int
    unit: Unit
    citation: str
    since: str | None = None
    until: str | None = None
    normal_form: Literal["NFD"] | None = None
    note: str = ""

    def applies_to(self, release: str) -> bool:
        """True if ``release`` is in ``[since, until)``."""
        key = release_key(release)
        if self.since is not None and key < release_key(self.since):
            return False
        return self.until is None or key < release_key(self.until)

    def measure(self, name: str, encoding: str = "utf-8") -> int:
        """``name``'s length in this limit's unit.

        Bytes are counted in ``encoding``: the server's character set decides the real count
        (a multibyte name is longer in bytes than in characters), UTF-8 is only the default.
        """
        if self.unit == "bytes":
            return len(name.encode(encoding))
        if self.normal_form is not None:
            name = unicodedata.normalize(self.normal_form, name)
        return len(name)

    def exceeded_by(self, name: str, encoding: str = "utf-8") -> bool:
        """True if ``name`` is longer than :attr:`max_length` (see :meth:`measure`)."""
        return self.measure(name, encoding) > self.max_length


_MSSQL_IDENTIFIERS = (
    'Microsoft, "Database Identifiers": "Both regular and delimited identifiers must contain '
    "from 1 through 128 characters. For local temporary tables, the identifier can have a "
    'maximum of 116 characters." (MicrosoftDocs/sql-docs:docs/relational-databases/databases/'
    'database-identifiers.md@0ace37f25347ddccb2e1840b461fd1d7d969864a); sysname "is '
    'functionally equivalent to nvarchar(128)" ("nchar and nvarchar (Transact-SQL)", '
    "docs/t-sql/data-types/nchar-and-nvarchar-transact-sql.md)"
)
_ASE_15 = (
    'SAP ASE 15.0 Reference Manual: Building Blocks, "Identifiers": "The limit for the length '
    "of object names or identifiers is 255 bytes for regular identifiers, and 253 bytes for "
    'delimited identifiers" (infocenter-archive.sybase.com/help/topic/com.sybase.help.ase_15.0.'
    'blocks/html/blocks/blocks265.htm); ASE 15.7 Transact-SQL Users Guide, "Identifiers", '
    "Table 1-4 Byte limits for identifiers (infocenter.sybase.com/help/topic/com.sybase."
    "infocenter.dc32300.1570/html/sqlug/X61724.htm)"
)
_ASE_12 = (
    'Sybase ASE 12.5 Reference Manual, "Identifiers": "Adaptive Server identifiers can be a '
    'maximum of 30 bytes in length, whether single-byte or multibyte characters are used" '
    "(infocenter-archive.sybase.com/help/topic/com.sybase.dc36271_36272_36273_36274_1250/html/"
    "refman/X28346.htm)"
)
_TERADATA_EON = (
    'Teradata Database International Character Set Support 15.10, "About Object Names": '
    '"Object name length: A maximum of 128 characters when expressed in UNICODE normalization '
    'form D" (docs.teradata.com/r/yKxpuYv1DGjVp_g62SgwBw/_NxV4wFqQpMGWns~vjrehA; same text in '
    "17.20 and VantageCloud Lake); the 14.10 start: Teradata Warehouse Miner User Guide "
    'Volume 1 (B035-2300, November 2018), "Teradata Object Names": "Beginning with Teradata '
    "14.10, a system option is available in the DBS Control Record to allow object names to "
    'have up to 128 Unicode characters rather than the usual 30 characters"'
)
_TERADATA_30 = (
    'Teradata Warehouse Miner User Guide Volume 1 (B035-2300, November 2018), "Teradata Object '
    'Names": before 14.10 object names have "the usual 30 characters of the default character '
    'set" (docs.teradata.com/r/Teradata-Warehouse-MinerTM-User-Guide-Volume-1Introduction-and-'
    "Profiling/November-2018/Using-Teradata-Warehouse-Miner/Tips-for-Using-TWM/Teradata-Object-"
    "Names)"
)
_HIRDB = (
    'Hitachi, HiRDB Version 9 SQL Reference (3020-6-457-10(E)), 1.1.7 "Specification of names", '
    "Table 1-2 Characters in names and maximum numbers of characters: table identifier 30 bytes, "
    "column name 30 bytes (itpfdoc.hitachi.co.jp/manuals/3020/3020645710e/); the same in the "
    "Version 8 edition's Table 1-2 (itpfdoc.hitachi.co.jp/manuals/3020/3020635700e/)"
)

#: Every limit, newest first per platform; :func:`identifier_limit` picks the one whose
#: ``[since, until)`` holds the release.
_LIMITS: tuple[IdentifierLimit, ...] = (
    IdentifierLimit(
        "mssql",
        128,
        "characters",
        _MSSQL_IDENTIFIERS,
        note="local temporary table names (#name): at most 116 characters",
    ),
    IdentifierLimit(
        "ase",
        255,
        "bytes",
        _ASE_15,
        since="15.0",
        note=(
            "delimited identifiers: 253 bytes; database, login, user, cursor, server and "
            "some other names stay at 30 bytes (Table 1-4); a temporary table name keeps its "
            "first 238 bytes and gets a 17-byte suffix"
        ),
    ),
    IdentifierLimit("ase", 30, "bytes", _ASE_12, until="15.0"),
    IdentifierLimit(
        "teradata",
        128,
        "characters",
        _TERADATA_EON,
        since="14.10",
        normal_form="NFD",
        note=(
            "from 14.10 the 128-character names are a DBS Control option (extended object "
            "names); a system that has not enabled it keeps the 30-character limit"
        ),
    ),
    IdentifierLimit("teradata", 30, "characters", _TERADATA_30, until="14.10"),
    IdentifierLimit(
        "hirdb",
        30,
        "bytes",
        _HIRDB,
        note="authorization identifiers (the schema qualifier): 8 bytes",
    ),
)


@functools.cache  # a pure function of two strings: asked for per table of every file
def identifier_limit(platform: str, release: str | None = None) -> IdentifierLimit:
    """The table / column name limit of ``platform`` at ``release`` (None: the newest).

    Releases compare as tuples of ints (:func:`release_key`).  SQL Server and HiRDB have one
    limit for every release the cited manuals cover, so their ``release`` is only validated.

    >>> identifier_limit("mssql", "2019").max_length, identifier_limit("hirdb", "9").unit
    (128, 'bytes')
    >>> identifier_limit("ase", "15.0").max_length, identifier_limit("ase", "12.5.4").until
    (255, '15.0')
    """
    key = _platform(platform)
    candidates = [limit for limit in _LIMITS if limit.platform == key]
    if release is None:
        return candidates[0]
    for limit in candidates:
        if limit.applies_to(release):
            return limit
    raise ValueError(f"no identifier limit for {platform!r} release {release!r}")  # not reached
