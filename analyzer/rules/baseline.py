"""The baseline: today's findings, recorded so that only new ones are reported.

``ddlaudit lint --write-baseline FILE`` records every finding's fingerprint (rule, file,
object path or normalised line: :func:`analyzer.rules.engine.fingerprint`, never a line
number); ``--baseline FILE`` then reports only findings not in it.  Matching counts: a
fingerprint recorded twice hides two findings, so a third identical one still shows.

>>> from analyzer.ir import Severity
>>> f = Finding("C001", Severity.ERROR, "a twice", "t.sql", subject="t/a", fingerprint="ab")
>>> b = loads(dumps([f]), "b.json")
>>> new, hidden = b.filter([f, f])
>>> len(new), hidden
(1, 1)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from analyzer.records import record
from analyzer.rules.registry import Finding

SCHEMA_VERSION = "1"


class BaselineError(ValueError):
    """The baseline file cannot be read or is not one ddlaudit wrote."""


@record
class Baseline:
    """Recorded fingerprints and how many findings each stands for."""

    counts: tuple[tuple[str, int], ...]

    def filter(self, findings: Iterable[Finding]) -> tuple[list[Finding], int]:
        """The findings not in the baseline, and how many it hid."""
        left = Counter(dict(self.counts))
        new: list[Finding] = []
        hidden = 0
        for f in findings:
            if left[f.fingerprint] > 0:
                left[f.fingerprint] -= 1
                hidden += 1
            else:
                new.append(f)
        return new, hidden


def dumps(findings: Sequence[Finding]) -> str:
    """The baseline document of ``findings`` (sorted, so it diffs well in review)."""
    entries = sorted(
        (
            {
                "fingerprint": f.fingerprint,
                "code": f.code,
                "path": f.path,
                "subject": f.subject,
                "message": f.message,
            }
            for f in findings
        ),
        key=lambda e: (e["path"], e["code"], e["subject"], e["fingerprint"], e["message"]),
    )
    doc = {"schema_version": SCHEMA_VERSION, "tool": "ddlaudit", "findings": entries}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def loads(text: str, source: str) -> Baseline:
    """Read a baseline document; :class:`BaselineError` names what is wrong."""
    try:
        doc: Any = json.loads(text)
    except json.JSONDecodeError as err:
        raise BaselineError(f"{source}: not JSON: {err}") from None
    if not isinstance(doc, dict) or doc.get("tool") != "ddlaudit" or "findings" not in doc:
        raise BaselineError(f"{source}: not a ddlaudit baseline (written by --write-baseline)")
    if doc.get("schema_version") != SCHEMA_VERSION:
        raise BaselineError(
            f"{source}: baseline schema {doc.get('schema_version')!r}, expected {SCHEMA_VERSION}"
        )
    counts: Counter[str] = Counter()
    for i, entry in enumerate(doc["findings"]):
        fp = entry.get("fingerprint") if isinstance(entry, dict) else None
        if not isinstance(fp, str) or not fp:
            raise BaselineError(f"{source}: findings[{i}] has no fingerprint")
        counts[fp] += 1
    return Baseline(tuple(sorted(counts.items())))


def load(path: str) -> Baseline:
    try:
        with open(path, encoding="utf-8") as handle:
            return loads(handle.read(), path)
    except OSError as err:
        raise BaselineError(f"{path}: cannot read the baseline: {err.strerror}") from None
