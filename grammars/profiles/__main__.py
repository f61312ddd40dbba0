"""``python -m grammars.profiles``: write ``grammars/profiles/_literals.py``, the
required literals of every profile's evidence patterns (:func:`grammars.profile.literals`,
D109).  ``tests/test_startup.py`` fails when the table is out of date."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grammars
from grammars.profile import analyse

HEAD = '''"""The required literals of every bundled evidence pattern: written by
``python -m grammars.profiles`` (D109); do not edit."""

from __future__ import annotations

from grammars.profile import Literals

LITERALS: dict[str, Literals] = {
'''


def table() -> str:
    """The module's text: every profile's patterns, in profile and evidence order."""
    sources = dict.fromkeys(
        ev.source for profile in grammars.profile_registry().values() for ev in profile.evidence
    )
    entries = "".join(f"    {source!r}: {analyse(source)!r},\n" for source in sources)
    return HEAD + entries + "}\n"


def main() -> None:
    out = Path(__file__).with_name("_literals.py")
    out.write_text(table(), encoding="utf-8")
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if ruff is not None:  # the project's style, so that a rewrite shows only real changes
        subprocess.run([ruff, "format", "--quiet", str(out)], check=True)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
