"""``grammars.rx``: patterns compiled from the code written ahead in ``grammars/_rx.py``
are the patterns ``re.compile`` makes (D132)."""

from __future__ import annotations

import _sre
import re
import subprocess
import sys
from pathlib import Path

import pytest

from grammars import _rx, rx

ROOT = Path(__file__).resolve().parent.parent
TSQL = "fixtures/tsql/seed_tables.sql"
TERADATA = "fixtures/teradata/employee.sql"


def test_the_table_is_for_this_engine() -> None:
    # written for another Python's regex engine, the table would be left unused (slow,
    # still right): python -m grammars.rx
    assert (_rx.MAGIC, _rx.CODESIZE) == (_sre.MAGIC, _sre.CODESIZE)
    assert len(_rx.PATTERNS) > 100


@pytest.mark.parametrize("key", sorted(_rx.PATTERNS, key=repr)[::7], ids=lambda k: str(k)[:40])
def test_an_entry_is_what_re_makes(key: tuple[str | bytes, int]) -> None:
    pattern, flags = key
    made, stock = rx._made.__wrapped__(pattern, flags), re.compile(pattern, flags)
    assert made == stock and made is not stock
    assert (made.flags, made.groups, made.groupindex) == (
        stock.flags,
        stock.groups,
        stock.groupindex,
    )


def test_every_entry_is_what_re_makes() -> None:
    wrong = [key for key, entry in _rx.PATTERNS.items() if rx.entry(*key) != entry]
    assert wrong == [], "out of date: python -m grammars.rx"


def test_a_pattern_not_written_is_compiled() -> None:
    assert rx.compile(r"not (in) the table\d", re.I) == re.compile(r"not (in) the table\d", re.I)
    assert rx.compile(b"x+", 0).pattern == b"x+"


@pytest.mark.parametrize("command", ["parse", "lint", "size"])
@pytest.mark.parametrize(
    "path", ["fixtures/tsql/seed_tables.sql", "fixtures/teradata/employee.sql"]
)
def test_a_one_file_run_compiles_no_pattern_itself(command: str, path: str) -> None:
    code = (
        "import sys\nfrom analyzer.cli import main\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "from grammars import rx\n"
        "print(rx._compiled.cache_info().currsize, rx._made.cache_info().currsize)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, command, path, "--output", "/dev/null"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    compiled, made = map(int, done.stdout.split())
    assert made > 50 and compiled == 0, "python -m grammars.rx"
