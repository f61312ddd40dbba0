"""``audit --jobs N`` (docs/cli.md): the parse and the per-table audit in a process pool
give the same bytes as one process, in every format and for ``--emit-ddl``, with the
same diagnostics and exit status; the run's replication objects reach every worker."""

from __future__ import annotations

import json
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from analyzer.audit import audit, document
from analyzer.config import load
from analyzer.core import Options, analyze_paths
from analyzer.reporters.markdown import CONTROLS
from analyzer.scopes import assign

ROOT = Path(__file__).resolve().parent.parent

#: Scope db1 (Sybase): alias types in one file used in another; a Replication Server
#: definition, its subscription and a SQL Remote publication each in a file of their
#: own, about tables of tables.sql; a file with no dialect evidence; one that does not
#: parse.  Scope db2 (T-SQL): its own ``authors`` (the definition is not about it),
#: an alias type across files, and enough files to spread over the workers.
FILES = {
    "db1/ddlaudit.toml": "# one database\n",
    "db1/a_types.sql": "sp_addtype custid_t, 'varchar(11)', 'not null'\ngo\n"
    "sp_addtype amount_t, 'numeric(12,2)', 'null'\ngo\n",
    "db1/b_tables.sql": """create table authors (
    au_id     custid_t,
    au_lname  varchar(40) not null,
    balance   amount_t,
    photo     image       null,
    contract  bit         not null
)
go
sp_primarykey authors, au_id
go
sp_setreptable authors, true
go
create table titles (
    title_id  varchar(6)  not null,
    title     varchar(80) not null,
    price     money       null,
    pubdate   datetime    not null,
    primary key (title_id)
)
go
""",
    "db1/c_repdefs.sql": """create replication definition authors_rd
with primary at PDS.pubs2
with all tables named 'authors'
(au_id varchar(11), au_lname varchar(40), contract bit)
primary key (au_id)
go
""",
    "db1/d_subs.sql": "create subscription authors_ny for authors_rd\n"
    "with replicate at NY_DS.pubs2\ngo\n",
    "db1/e_pubs.sql": "sp_create_publication TitleData\ngo\nsp_add_article TitleData, titles\ngo\n",
    "db1/f_plain.sql": "CREATE TABLE plain_t (a int NOT NULL, b varchar(10));\n",
    "db1/g_broken.sql": "create table (((\ngo\n",
    "db2/ddlaudit.toml": "# another database\n",
    "db2/a_types.sql": "CREATE TYPE dbo.code_t FROM varchar(12) NOT NULL\nGO\n",
    "db2/b_authors.sql": "CREATE TABLE dbo.authors (au_id dbo.code_t PRIMARY KEY, "
    "notes nvarchar(max), doc xml, at datetimeoffset(7))\nGO\n",
}
for _i in range(8):
    FILES[f"db2/t{_i}.sql"] = (
        f"CREATE TABLE dbo.t{_i} (id int IDENTITY(1,1) NOT NULL PRIMARY KEY, "
        f"code dbo.code_t, amount money NULL, total AS (amount * {_i + 2}) PERSISTED, "
        f"Name varchar({20 + _i}) NULL, NAME nvarchar(30) NULL, blob varbinary(max), "
        f"at datetime2(3) NOT NULL DEFAULT (sysdatetime()))\nGO\n"
    )


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    top = tmp_path_factory.mktemp("auditjobs")
    for name, text in FILES.items():
        path = top / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return top


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "from analyzer.cli import main; main()", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)


def run(tree: Path, out: Path, jobs: str, *args: str) -> tuple[int, str, bytes]:
    done = cli("audit", str(tree), "--jobs", jobs, "-o", str(out), *args)
    return done.returncode, done.stderr, out.read_bytes()


@pytest.mark.parametrize(
    ("target", "fmt"),
    [("postgres", "text"), ("postgres", "json"), ("mssql", "markdown"), ("mssql", "json"),
     ("teradata", "text"), ("postgres", "html")],
)  # fmt: skip
def test_jobs_two_is_jobs_one(tree: Path, tmp_path: Path, target: str, fmt: str) -> None:
    one = run(tree, tmp_path / "1.out", "1", "--to", target, "--format", fmt)
    two = run(tree, tmp_path / "2.out", "2", "--to", target, "--format", fmt)
    assert one[0] == 1  # the file that does not parse is an error
    assert "g_broken.sql" in one[1] and len(one[2]) > 2000
    assert one == two


def test_emit_ddl_is_the_same(tree: Path, tmp_path: Path) -> None:
    made = []
    for jobs in ("1", "2"):
        ddl = tmp_path / f"ddl{jobs}"
        code, err, _ = run(tree, tmp_path / f"{jobs}.json", jobs, "--to", "postgres",
                           "--format", "json", "--emit-ddl", str(ddl))  # fmt: skip
        files = {p.name: p.read_bytes() for p in sorted(ddl.iterdir())}
        made.append((code, err, files))
    assert len(made[0][2]) == 12  # every table: 3 of db1, 9 of db2
    assert made[0] == made[1]


def test_replication_objects_of_other_files_reach_every_table(tree: Path, tmp_path: Path) -> None:
    """The definition (c_repdefs.sql) and the publication (e_pubs.sql) are about tables
    of b_tables.sql, audited in a worker that did not read them; db2's ``authors`` is
    another table (the definition resolved in db1's scope)."""
    code, _, text = run(tree, tmp_path / "2.json", "2", "--to", "postgres", "--format", "json")
    assert code == 1
    tables = {(tb["path"].rsplit("/", 2)[-2], tb["table"]): tb for tb in json.loads(text)["tables"]}
    authors = [r["object"] for r in tables[("db1", "authors")]["replication"]]
    assert "repdef authors_rd" in authors
    assert any(
        "1 subscription(s)" in r["detail"] for r in tables[("db1", "authors")]["replication"]
    )
    assert [r["object"] for r in tables[("db1", "titles")]["replication"]] == [
        "publication TitleData"
    ]
    assert tables[("db2", "dbo.authors")]["replication"] == []
    # the alias types resolved across files: db1's from sp_addtype, db2's from CREATE TYPE
    au_id = tables[("db1", "authors")]["columns"][0]
    assert au_id["source_type"].lower().startswith("varchar(11)"), au_id
    code_col = next(c for c in tables[("db2", "dbo.t0")]["columns"] if c["name"] == "code")
    assert code_col["source_type"].lower().startswith("varchar(12)"), code_col
    # the file without dialect evidence took its scope's (D167)
    assert tables[("db1", "plain_t")]["source_dialect"] == "sybase"


def test_the_pool_gives_what_the_engine_gives(tree: Path, tmp_path: Path) -> None:
    """The CLI's pool run (-j 2) reports what :func:`analyzer.audit.audit` reports of
    ``analyze_paths``'s results (the callers that keep the whole run: LSP, scan)."""
    config = load(None)
    results, _ = analyze_paths([str(tree)], Options(config=config))
    listed, _ = assign([str(tree)], config)
    whole = audit(results, "mssql", config.sizing, config.audit, dict(listed), [str(tree)])
    expected = document(whole, "x")
    _, _, text = run(tree, tmp_path / "2.json", "2", "--to", "mssql", "--format", "json")
    got = json.loads(text)
    got["tool"]["version"] = "x"
    assert got == json.loads(json.dumps(expected))
    assert any(tb["replication"] for tb in got["tables"])


def test_controls_are_the_unicode_categories() -> None:
    """The text report's replacement set is Unicode's Cc and Cs but the tab (checked on
    every code point against the Unicode database)."""
    for code in range(sys.maxunicode + 1):
        ch = chr(code)
        want = unicodedata.category(ch) in ("Cc", "Cs") and ch != "\t"
        assert (CONTROLS.fullmatch(ch) is not None) == want, hex(code)


def test_standard_input_with_files(tree: Path, tmp_path: Path) -> None:
    """``-`` beside a directory: standard input first (its own scope), as before."""
    script = (ROOT / "fixtures" / "sybase" / "pubs2_install.sql").read_bytes()
    runs = []
    for jobs in ("1", "2"):
        command = [sys.executable, "-c", "from analyzer.cli import main; main()", "audit", "-",
                   str(tree), "--to", "mssql", "--format", "json", "--jobs", jobs]  # fmt: skip
        done = subprocess.run(command, cwd=ROOT, input=script, capture_output=True, timeout=600)
        runs.append((done.returncode, done.stderr, done.stdout))
    assert runs[0] == runs[1]
    tables = json.loads(runs[0][2])["tables"]
    scopes = {tb["scope"] for tb in tables if tb["path"] == "<stdin>"}
    assert scopes == {"-"}
