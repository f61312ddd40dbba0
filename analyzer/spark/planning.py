"""Which scopes a scan analyses in one pass, and how they are packed (D110, D130).

A :class:`Budget` (``spark.ddlaudit.scopeBytes`` / ``scopeFiles``) says which scopes one task
analyses whole; :func:`split_listing` packs those into the one-pass partitions (by bytes,
balanced over the cores) and leaves the rest of the listing to the two-phase path;
:func:`task_writes` says whether one-pass tasks write their own Parquet parts.

>>> from analyzer.spark.listing import Listing
>>> listing = Listing((("/r/a.sql", "a.sql"),), (), (), (), (("a.sql", "r"),), (("a.sql", 10),))
>>> packs, rest = split_listing(listing, Budget(), 2)
>>> [[s.scope for s in pack] for pack in packs], rest.local
([['r']], ())
"""

from __future__ import annotations

import importlib.util
from dataclasses import replace

from analyzer.ir import FileResult
from analyzer.records import record
from analyzer.spark import worker
from analyzer.spark.listing import Listing
from analyzer.spark.session import Session


@record
class Budget:
    """Which scopes one task analyses whole, in one pass (D110): at most ``bytes`` and
    ``files``, and (``fair_share``) no more than the run's bytes per core, so one large
    scope still spreads over every core (it takes the two-phase path).  ``pack_bytes``:
    what a one-pass partition aims at.  ``files = 0`` sends every scope the two-phase way.
    Set with ``spark.ddlaudit.scopeBytes`` / ``spark.ddlaudit.scopeFiles`` (``--conf`` of
    spark-submit) or :func:`run_scan`'s ``budget``."""

    bytes: int = 64 << 20
    files: int = 20_000
    fair_share: bool = True
    pack_bytes: int = 4 << 20

    @classmethod
    def from_conf(cls, session: Session) -> Budget:
        """The budget of the Spark configuration; :class:`BudgetError` for a value that is
        not a non-negative integer (unset, empty or ``0`` bytes: the default)."""
        conf = session.context.getConf()
        default = cls()
        return cls(
            _conf_count(conf.get("spark.ddlaudit.scopeBytes"), "scopeBytes") or default.bytes,
            _conf_count(conf.get("spark.ddlaudit.scopeFiles"), "scopeFiles", default.files),
        )


class BudgetError(ValueError):
    """A ``spark.ddlaudit.scope*`` setting that is not a non-negative integer."""


def _conf_count(value: str | None, name: str, default: int = 0) -> int:
    """A budget setting's value (``default`` when unset or empty).

    >>> _conf_count(" 64 ", "scopeFiles"), _conf_count(None, "scopeFiles", 7)
    (64, 7)
    >>> _conf_count("-1", "scopeFiles")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    analyzer.spark.planning.BudgetError: spark.ddlaudit.scopeFiles = '-1': expected a ...
    """
    text = (value or "").strip()
    if not text:
        return default
    if not text.isascii() or not text.isdigit():  # int() would take '1_000', ' +5'
        raise BudgetError(f"spark.ddlaudit.{name} = {value!r}: expected a non-negative integer")
    return int(text)


#: Scopes no larger than this always fit their fair share (a small scan runs one pass).
_SHARE_FLOOR = 1 << 20


def scope_files(listing: Listing) -> dict[str, list[worker.Listed]]:
    """Each scope's local files (read or settled here), in listing order, with their
    listing order and size."""
    sizes: dict[str, int | None] = dict(listing.sizes)
    absolute = {shown: a for a, shown in listing.local}
    absolute.update((shown, a) for a, shown, _ in listing.settle)
    sizes.update((shown, size) for _, shown, size in listing.settle)
    members: dict[str, list[worker.Listed]] = {}
    for order, (shown, scope) in enumerate(listing.scopes):
        if shown in absolute:
            members.setdefault(scope, []).append((absolute[shown], shown, order, sizes.get(shown)))
    return members


def split_listing(
    listing: Listing, budget: Budget, parallelism: int
) -> tuple[list[tuple[worker.PackScope, ...]], Listing]:
    """The one-pass partitions of the scopes within ``budget``, and the listing of the rest
    (the two-phase path; its ``scopes`` keep every file, for the listing order)."""
    members = scope_files(listing)
    weight = {s: sum(size or 0 for *_, size in found) for s, found in members.items()}
    scope_of = dict(listing.scopes)
    share = max(_SHARE_FLOOR, -(-sum(weight.values()) // max(1, parallelism)))
    limit = min(budget.bytes, share) if budget.fair_share else budget.bytes
    whole = {
        scope
        for scope, found in members.items()
        if budget.files > 0 and len(found) <= budget.files and weight[scope] <= limit
    }
    chosen = [(worker.PackScope(s, tuple(members[s])), weight[s]) for s in members if s in whole]
    problems: tuple[FileResult, ...] = listing.problems
    if budget.files > 0 and problems:  # what belongs to no scope travels as scope ""
        chosen.append((worker.PackScope("", (), problems), 0))
        problems = ()
    rest = replace(
        listing,
        local=tuple((a, s) for a, s in listing.local if scope_of.get(s, "") not in whole),
        settle=tuple(e for e in listing.settle if scope_of.get(e[1], "") not in whole),
        problems=problems,
    )
    return worker.plan_packs(chosen, parallelism, budget.pack_bytes), rest


def task_writes(session: Session) -> bool:
    """Whether one-pass tasks write their own Parquet parts (D130): pyarrow is installed
    and ``spark.ddlaudit.taskWrites`` (``--conf``, or ``spark.conf.set`` in a session) is
    not ``false``; :class:`BudgetError` for anything but ``true`` or ``false``."""
    setting = (session.setting("spark.ddlaudit.taskWrites") or "true").strip()
    if setting.lower() not in ("true", "false"):
        raise BudgetError(f"spark.ddlaudit.taskWrites = {setting!r}: expected true or false")
    return setting.lower() == "true" and importlib.util.find_spec("pyarrow") is not None
