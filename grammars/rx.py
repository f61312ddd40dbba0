"""Regular expressions compiled ahead (start-up, D132).

``re.compile`` parses a pattern and compiles it to the regex engine's code in Python
(``re._parser``, ``re._compiler``): about a million instructions for one of the longer
patterns, and a one-file run compiles about a hundred of ours (some 0.1 G instructions,
a sixth of what bare sqlglot costs in all). :func:`compile` takes the engine's code from
``grammars/_rx.py``, written ahead by ``python -m grammars.rx`` for every pattern the
project compiles through it, and hands it to the engine as ``re`` itself does
(``_sre.compile``): the same pattern object, equal to what ``re.compile`` returns. A
pattern the table does not have, or a table written for another engine (its ``MAGIC``
and code size differ), is compiled by ``re.compile`` as before: a stale table costs time,
never behaviour. ``tests/test_rx.py`` checks every entry against ``re`` and that a
one-file run compiles nothing itself.

>>> compile(r"\\bcreate\\s", 2) == re.compile(r"\\bcreate\\s", re.IGNORECASE)
True
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]
import functools
import re
import typing as t

AnyStr = t.TypeVar("AnyStr", str, bytes)

#: What one entry holds: the pattern's final flags, its code (``array('I')`` bytes), the
#: number of groups, the group names and the name of each group by index.
Entry = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]


@functools.cache
def _table() -> dict[tuple[str | bytes, int], Entry]:
    from grammars import _rx

    if (_rx.MAGIC, _rx.CODESIZE) != (_sre.MAGIC, _sre.CODESIZE):
        return {}
    return _rx.PATTERNS


def compile(pattern: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """``re.compile(pattern, flags)``, from the code written ahead when the table has it."""
    return _made(pattern, int(flags))


@functools.cache
def _made(pattern: AnyStr, flags: int) -> re.Pattern[AnyStr]:
    entry = _table().get((pattern, flags))
    if entry is None:
        return _compiled(pattern, flags)
    final, code, groups, groupindex, indexgroup = entry
    return t.cast(
        "re.Pattern[AnyStr]",
        _sre.compile(pattern, final, _codes(code), groups, groupindex, indexgroup),
    )


def _codes(code: bytes) -> list[int]:
    from array import array

    return array("I", code).tolist()


@functools.cache
def _compiled(pattern: AnyStr, flags: int) -> re.Pattern[AnyStr]:
    # a pattern the table does not have (tests/test_rx.py: none in a one-file run)
    return re.compile(pattern, flags)


def entry(pattern: str | bytes, flags: int) -> Entry:
    """What ``re`` makes of ``pattern``: the table's entry for it."""
    from array import array

    parsed = re._parser.parse(pattern, flags)
    code = re._compiler._code(parsed, flags)  # type: ignore[attr-defined]
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    final = flags | parsed.state.flags
    packed = array("I", code).tobytes()
    return final, packed, parsed.state.groups - 1, groupindex, tuple(indexgroup)


#: Run in a new interpreter by :func:`_seen`: the table empty, every pattern that
#: :func:`compile` hands to ``re`` is noted; then the modules, the grammars, their evidence
#: and the commands over ``fixtures/`` (directories and each file).
_SEEN = """
import contextlib, importlib, io, pkgutil, re, sys, types
from pathlib import Path

empty = types.ModuleType("grammars._rx")
empty.MAGIC = empty.CODESIZE = 0
empty.PATTERNS = {}
sys.modules["grammars._rx"] = empty
seen = set()
plain = re._compile

def spy(pattern, flags):
    frame = sys._getframe(1)
    for _ in range(3):
        code = frame.f_code
        if code.co_name == "_compiled" and code.co_filename.endswith("rx.py"):
            seen.add((pattern, int(flags)))
        frame = frame.f_back
    return plain(pattern, flags)

re._compile = spy
import analyzer, grammars
from analyzer.cli import main

for package in (grammars, analyzer):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if not info.name.startswith(("analyzer.spark", "grammars._rx")):
            importlib.import_module(info.name)
for name in grammars.names():
    for evidence in grammars.get(name).evidence:
        grammars.profile.compiled(evidence.source)
fixtures = Path(sys.argv[1])
paths = [str(p) for p in sorted(fixtures.iterdir()) if p.is_dir()]
paths += [str(p) for p in sorted(fixtures.rglob("*.sql"))]
for command in (["parse", "-j", "1"], ["lint", "-j", "1"], ["size", "-j", "1"], ["replication"]):
    for path in paths:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            with contextlib.suppress(SystemExit):
                main([*command, path], standalone_mode=False)
print(repr(sorted(seen, key=lambda k: (isinstance(k[0], bytes), k))))
"""


def _seen() -> list[tuple[str | bytes, int]]:
    """Every pattern the project compiles through :func:`compile` (:data:`_SEEN`): what
    ``python -m grammars.rx`` writes the code of."""
    import ast
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", _SEEN, str(root / "fixtures")],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    seen: list[tuple[str | bytes, int]] = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    return seen


def written() -> str:
    """The text of ``grammars/_rx.py``."""
    lines = [
        '"""The regex engine\'s code of every pattern compiled through ``grammars.rx.compile``:',
        'written by ``python -m grammars.rx`` (D132); do not edit."""',
        "",
        "from __future__ import annotations",
        "",
        "from grammars.rx import Entry",
        "",
        f"MAGIC = {_sre.MAGIC}",
        f"CODESIZE = {_sre.CODESIZE}",
        "",
        "PATTERNS: dict[tuple[str | bytes, int], Entry] = {",
    ]
    for pattern, flags in _seen():
        lines.append(f"    ({pattern!r}, {flags}): {entry(pattern, flags)!r},")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    from pathlib import Path

    import grammars.rx as rx  # not __main__'s copy: the modules compile through that one

    out = Path(rx.__file__).with_name("_rx.py")
    text = rx.written()
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}: {text.count(chr(10)) - 12} patterns")


if __name__ == "__main__":
    main()
