"""The repository shape "one database of N tables": N files of one link scope.

    python bench/onedb.py 5000 bench/corpus/onedb/n5000     # writes the files, prints a line

The commonest large repository is one database: thousands of table files under one
folder, no project markers, so ``lint`` and ``scan`` see one scope (docs/decisions.md
D77).  This module writes that shape from a fixed seed, for bench/spark.py and
bench/scale.py: ``tables/NNN/tNNNNNN.sql`` (100 files a folder), each one T-SQL
``CREATE TABLE`` of a distinct table (the realistic columns of bench/run.py's corpus:
5-60 columns, identity, computed columns, collations, defaults, keys, checks), plus
linking work across files:

* every table has an ``id`` primary key and 0-2 foreign keys to tables of *other*
  files (earlier ones: the references resolve through the scope's links);
* every fourth file also alters an earlier file's table (``ADD`` a column, ``ADD
  CONSTRAINT ... FOREIGN KEY`` to a table created before that one, one time in fifty to
  its own table: a few cycles, as real schemas have) and creates an index on it;
* ``types.sql`` holds alias types (``CREATE TYPE``) that about a tenth of the tables
  use, so the alias types of the scope are resolved too.

It is written for measuring, not checked by tests; deterministic for a seed.
"""

from __future__ import annotations

import random
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import tsql_statement  # noqa: E402  (bench/ is not a package)

ALIAS_TYPES = (("code_t", "varchar(12)"), ("money_t", "decimal(19,4)"), ("flag_t", "bit"))


def _file(rng: random.Random, i: int) -> str:
    """File ``i``: its table ``dbo.t{i}`` and, every fourth file, changes to an earlier
    file's table."""
    name = f"t{i:06d}"
    generated = tsql_statement(rng, i)
    # Keep the generated columns and table options; the name becomes the scope-wide
    # distinct one, its key an `id` column the other files reference.
    _, rest = generated.split("(\n", 1)
    body, tail = rest.rsplit("\n)", 1)
    lines = [
        line.replace(" PRIMARY KEY ", " UNIQUE ")
        for line in body.split(",\n    ")
        if "FOREIGN KEY" not in line  # it names a table outside the scope
    ]
    columns = ["id int NOT NULL"]
    keys = [f"CONSTRAINT pk_{name} PRIMARY KEY (id)"]
    if i > 1:
        for k in range(rng.choice((0, 1, 1, 2))):
            parent = rng.randint(1, i - 1)
            columns.append(f"ref{k}_id int NULL")
            target = f"dbo.t{parent:06d}"
            key = f"fk_{name}_{k} FOREIGN KEY (ref{k}_id)"
            keys.append(f"CONSTRAINT {key} REFERENCES {target} (id)")
    if rng.random() < 0.1:
        alias, _ = rng.choice(ALIAS_TYPES)
        columns.append(f"kind dbo.{alias} NULL")
    every = ",\n    ".join([*columns, *(line.strip() for line in lines), *keys])
    text = f"-- table {name}\nCREATE TABLE dbo.{name} (\n    {every}\n){tail}"
    text += "\nGO\n"
    if i > 2 and i % 4 == 0:
        # A later script alters an earlier table: a column and a key to a table created
        # before it (a parent), or, one time in fifty, to this file's table: a cycle, as
        # schemas have a few (a department's manager is an employee).
        at = rng.randint(2, i - 1)
        other = f"t{at:06d}"
        parent = name if rng.random() < 0.02 else f"t{rng.randint(1, at - 1):06d}"
        text += (
            f"ALTER TABLE dbo.{other} ADD extra_{i} int NULL\nGO\n"
            f"ALTER TABLE dbo.{other} ADD CONSTRAINT fk_{other}_x{i} "
            f"FOREIGN KEY (extra_{i}) REFERENCES dbo.{parent} (id)\nGO\n"
            f"CREATE INDEX ix_{other}_{i} ON dbo.{other} (extra_{i})\nGO\n"
        )
    return text


def generate(files: int, where: Path, seed: int = 1) -> int:
    """Write ``files`` table files (and ``types.sql``) under ``where``, replacing what was
    there; returns the number of files written."""
    if where.exists():
        shutil.rmtree(where)
    rng = random.Random(seed)
    (where / "tables").mkdir(parents=True)
    types = "".join(f"CREATE TYPE dbo.{n} FROM {b} NULL\nGO\n" for n, b in ALIAS_TYPES)
    (where / "types.sql").write_text(types, encoding="utf-8")
    for i in range(1, files):
        folder = where / "tables" / f"{i // 100:03d}"
        folder.mkdir(exist_ok=True)
        (folder / f"t{i:06d}.sql").write_text(_file(rng, i), encoding="utf-8")
    return files


if __name__ == "__main__":
    count = int(sys.argv[1])
    target = Path(sys.argv[2])
    written = generate(count, target)
    size = sum(p.stat().st_size for p in target.rglob("*.sql"))
    print(f"{written} files, {size / 1e6:.1f} MB, one scope, in {target}")
