"""Source rules (``D``): reading and decoding the input files.

Every rule here is reported by the reading stage (:mod:`analyzer.source`: discovery,
``read_path`` and ``decode``) or, for ``D900``, by whatever stage failed; none has a
check of its own.  The detection order the rules refer to is in the module docstring
of :mod:`analyzer.source` (BOM, UTF-16 pattern, binary, UTF-8, mixed lines, legacy
code page).

>>> [r.code for r in RULES]
['D001', 'D002', 'D003', 'D004', 'D005', 'D006', 'D900']
"""

from __future__ import annotations

from analyzer.ir import Severity
from analyzer.rules.registry import Family, Rule

FAMILY = Family(
    "D",
    "source",
    "Reading and decoding the input files: missing paths, encodings, binary and empty files.",
)

BAD_ENCODING_OPTION = Rule(
    "D001",
    "bad-encoding-option",
    "source",
    Severity.ERROR,
    "the codec asked for is unknown or cannot decode the file",
    what="Reports a file that the codec named by `--encoding` (or `encoding` in "
    "ddlaudit.toml) cannot decode, and a codec name Python does not know or that is not a "
    "text encoding (`base64`, `rot13`). The finding points at the line of the first byte "
    "the codec rejects (line 1 when the name itself is wrong). The file is then decoded "
    "as if no codec had been given (BOM, UTF-16 pattern, UTF-8, EUC-JP or Shift_JIS/cp932, "
    "cp1252, latin-1) and analysed as usual; its encoding evidence says the option failed.",
    why="The option states that every file of the run is in one encoding. A file it cannot "
    "decode is mislabelled, or the option is wrong for the repository. Detection usually "
    "recovers, but for a legacy code page it is a guess: identifiers, string literals and "
    "the character counts lengths are checked against are only as right as that guess (a "
    "cp932 HiRDB or ASE script read as cp1252 gets other table and column names).",
    example='-- ddlaudit.toml says encoding = "ascii", but this file is UTF-8\n'
    "CREATE TABLE [dbo].[orders] (\n    id int NOT NULL,\n"
    "    label varchar(40) NULL -- libellé du café\n)",
    fix='Name the codec the files are really written in (`encoding = "utf-8"`, '
    '`"cp932"`, `"cp1252"`), or drop the option and let detection choose per file; '
    "convert a file that is the odd one out to the repository's encoding:\n\n"
    '-- ddlaudit.toml: encoding = "utf-8"\nCREATE TABLE [dbo].[orders] (\n'
    "    id int NOT NULL,\n    label varchar(40) NULL -- libellé du café\n)",
    references=(
        'Python Standard Library: codecs, "Standard Encodings" (the codec names '
        "`--encoding` accepts)",
        "ddlaudit docs/cli.md: `--encoding` (the detection used when it fails)",
    ),
    reported_by="decode",
)

BINARY_FILE = Rule(
    "D002",
    "binary-file",
    "source",
    Severity.ERROR,
    "the file is binary, not DDL text",
    what="Reports a file whose bytes are not text: NUL bytes that do not follow the "
    "pattern of UTF-16 or UTF-32 text, or more than 10 % control bytes (also after a BOM "
    "or a forced `--encoding`). The file is skipped: nothing in it is analysed. A file "
    "named on the command line is read whatever its extension, so this is also what a "
    "stray archive or backup in the path gives.",
    why="A binary file among the DDL (a database backup, a zip archive, a spreadsheet "
    "export saved under a .sql name) holds no statement ddlaudit can read. The tables it "
    "may describe are missing from the results, so sizes, references and replication links "
    "that count on them are incomplete; it is an error so that a run over a whole "
    "repository does not pass while ignoring a file.",
    example="-- orders.sql is a zip archive saved under a .sql name; its first bytes:\n"
    '-- 50 4B 03 04 14 00 00 00 08 00 ...   ("PK", then NUL bytes)',
    fix='Export the DDL as text (SQL Server Management Studio "Generate Scripts", ASE '
    "`ddlgen`, Teradata `SHOW TABLE`), or keep binary files out of the run with "
    '`exclude = ["*.bak", "exports/**"]` in ddlaudit.toml:\n\n'
    "CREATE TABLE [dbo].[orders] (\n    id int NOT NULL\n)",
    references=(
        "ddlaudit analyzer/source.py, detection order step 4 (binary input: NUL bytes or "
        "more than 10 % control bytes)",
    ),
    reported_by="decode",
)

EMPTY_FILE = Rule(
    "D003",
    "empty-file",
    "source",
    Severity.INFO,
    "the file holds no statements",
    what="Reports a file that is empty or holds only white space once decoded. Nothing "
    "is analysed and the run goes on. A file of comments only is not reported (it is read, "
    "and holds nothing to analyse).",
    why="Usually harmless (a placeholder, a script a generator emptied), hence only "
    "information. But an empty file where a table's DDL is expected means a failed export "
    "or a truncated checkout, and the tables it should hold are missing from every check.",
    example="-- orders.sql: 0 bytes, or only blank lines",
    fix="Regenerate the file, delete it, or leave it out of the run (`exclude`); where "
    'empty placeholders are intended, ignore the rule (`ignore = ["D003"]` in [lint]):\n\n'
    "CREATE TABLE [dbo].[orders] (\n    id int NOT NULL\n)",
    references=("ddlaudit docs/diagnostics.md: D003",),
    reported_by="decode",
)

MIXED_ENCODING = Rule(
    "D004",
    "mixed-encoding",
    "source",
    Severity.WARNING,
    "lines of the file are in different encodings",
    what="Reports a file that is not valid UTF-8 as a whole although some of its lines "
    "are: the other lines are in a legacy code page (cp1252, cp932, EUC-JP). Each line is "
    "decoded on its own, UTF-8 where it is valid and the legacy code page elsewhere; the "
    "finding points at the first line that is not UTF-8.",
    why="It happens when scripts edited on machines with different settings are "
    "concatenated, or a UTF-8 header is pasted into a cp1252 script. A database client "
    "decodes a whole script with one code page (`sqlcmd -f`, ASE `isql -J`, BTEQ's "
    "session character set), so on deployment either the UTF-8 lines or the legacy ones "
    "come out garbled: in object names, defaults and CHECK literals alike, not only in "
    "comments.",
    example="-- Commandes du café        (this line is UTF-8)\n"
    "CREATE TABLE [dbo].[orders] (\n    id int NOT NULL,\n"
    "    label varchar(40) NULL -- libellé   (this line was saved in cp1252)\n)",
    fix="Convert the file to one encoding (re-save it as UTF-8 in an editor that shows "
    "the legacy lines right, or convert those lines with `iconv -f cp1252 -t utf-8`), and "
    "make the editors agree (`charset = utf-8` in .editorconfig):\n\n"
    "-- Commandes du café        (UTF-8)\nCREATE TABLE [dbo].[orders] (\n"
    "    id int NOT NULL,\n    label varchar(40) NULL -- libellé   (UTF-8)\n)",
    references=(
        "ddlaudit analyzer/source.py, detection order step 6 (UTF-8 lines mixed with legacy lines)",
        "SQL Server: sqlcmd utility, `-f codepage` (one code page for the input file)",
    ),
    reported_by="decode",
)

UNREADABLE_PATH = Rule(
    "D005",
    "unreadable-path",
    "source",
    Severity.ERROR,
    "the path does not exist or cannot be read",
    what="Reports a path given on the command line that does not exist, a file that "
    "cannot be read (permissions, a dangling symbolic link, an I/O error) and a directory "
    "the walk cannot enter. Nothing is analysed for it; the other paths are.",
    why="The run checked less than it was asked to. In CI, a mistyped path or a "
    "checkout without the generated file would otherwise pass: the tables it holds would "
    "simply be absent, and every reference to them unresolved.",
    example="-- ddlaudit lint db/tables/orders.sql, where orders.sql is a symbolic link\n"
    "-- to ../generated/orders.sql, which the build has not produced",
    fix="Correct the path, generate or check out the file, fix its permissions, or "
    "remove the dangling link:\n\nCREATE TABLE [dbo].[orders] (\n    id int NOT NULL\n)",
    references=('ddlaudit docs/cli.md: exit status 1 ("a binary or unreadable file")',),
    reported_by="read",
)

INVALID_BYTES = Rule(
    "D006",
    "invalid-bytes",
    "source",
    Severity.WARNING,
    "invalid bytes in an otherwise single-encoding file were replaced",
    what="Reports a file in one known encoding that still holds bytes the encoding "
    "cannot decode: invalid UTF-16 or UTF-32 data after a byte order mark, or a UTF-8 "
    "file that ends in the middle of a multi-byte character. The bytes are replaced with "
    "U+FFFD and the file is analysed.",
    why="The byte order mark, or the valid UTF-8 of the rest of the file, says which "
    "encoding the file is in, so the bad bytes are damage, not another encoding: a file "
    "cut by a transfer or a size limit, or a UTF-16 file that lost a byte. Whatever "
    "followed the damage, often the end of the last statement, may be missing.",
    example="-- prices.sql: UTF-8, cut after 2 of the 3 bytes of its last character\n"
    "CREATE TABLE [dbo].[prices] (\n    id int NOT NULL,\n    amount money NULL\n)\n"
    "GO\n-- amounts in \\xe2\\x82",
    fix="Transfer or export the file again (binary mode for FTP) and check that it is "
    "complete:\n\nCREATE TABLE [dbo].[prices] (\n    id int NOT NULL,\n"
    "    amount money NULL\n)\nGO\n-- amounts in €",
    references=(
        'The Unicode Standard, 3.9 Unicode Encoding Forms: "U+FFFD Substitution of '
        'Maximal Subparts"',
        "ddlaudit analyzer/source.py: `decode` (BOM and UTF-8 branches)",
    ),
    reported_by="decode",
)

INTERNAL_ERROR = Rule(
    "D900",
    "internal-error",
    "source",
    Severity.ERROR,
    "ddlaudit failed on this file; please report it",
    what="Reports that ddlaudit itself failed on a file: an unexpected exception while "
    "reading it, analysing it or running a pass on it (what that stage would have produced "
    "is lost), or in a lint rule's check (only that rule's findings are lost; the message "
    "names the rule). The rest of the run goes on.",
    why="It is a bug in ddlaudit, not a problem of the DDL. It is an error so that a run "
    "that could not check a file does not pass silently.",
    example="-- any input that makes ddlaudit fail, reported as\n"
    "-- error[D900] internal-error: rule C001 (duplicate-column) failed: KeyError: 'x'",
    fix="Report it with the file (or the smallest statement that reproduces it) and the "
    "message. Meanwhile exclude the file (`exclude`) or ignore the rule the message "
    "names; the DDL itself needs no change:\n\n"
    "CREATE TABLE [dbo].[orders] (\n    id int NOT NULL\n)",
    references=("ddlaudit docs/diagnostics.md: D900",),
    reported_by="any stage (analyzer.core, the passes, the rule engine)",
)

RULES: tuple[Rule, ...] = (
    BAD_ENCODING_OPTION,
    BINARY_FILE,
    EMPTY_FILE,
    MIXED_ENCODING,
    UNREADABLE_PATH,
    INVALID_BYTES,
    INTERNAL_ERROR,
)
