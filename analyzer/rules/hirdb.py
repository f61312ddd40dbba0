"""HiRDB rules (``H``): statements HiRDB would reject but whose meaning is clear.

The table is kept in the IR and an error points at the offending text
(docs/decisions.md D23).  ``H001``-``H006`` and ``H008`` are reported by the HiRDB
grammar (:mod:`grammars.hirdb`, listed in the statement's ``meta["diagnostics"]`` and
turned into diagnostics by :mod:`analyzer.parse`); ``H007`` by the
``resolve_user_types`` pass.  The manual sections are those of
``../shared/reference/hirdb.md`` (HiRDB V8/V9 SQL Reference, CREATE TABLE; V8/V9
Installation and Design Guide; V10 Description).

>>> [r.code for r in RULES]
['H001', 'H002', 'H003', 'H004', 'H005', 'H006', 'H007', 'H008']
"""

from __future__ import annotations

from analyzer.ir import Severity
from analyzer.rules.registry import Family, Rule

FAMILY = Family(
    "H",
    "hirdb",
    "HiRDB: statements HiRDB would reject but whose meaning is clear; the table is kept.",
)

_HIRDB = ("hirdb",)
_SQL_REFERENCE = "HiRDB V8 SQL Reference: CREATE TABLE"

REPETITION_WITHOUT_COUNT = Rule(
    "H001",
    "repetition-without-count",
    "hirdb",
    Severity.ERROR,
    "a repetition column has no ARRAY[n] element count",
    what="Reports a repetition column written without its maximum number of elements "
    "(`type ARRAY`, `ARRAY[]`) or with a count that is not a positive integer "
    "(`ARRAY[0]`). The finding points at `ARRAY`; the column is kept with `element_count` "
    "null.",
    why="HiRDB's column definition is `data-type ARRAY[maximum-number-of-elements]`: the "
    "count belongs to the syntax, so HiRDB rejects the statement. Without it ddlaudit "
    "cannot size the column either: a repetition column's data length depends on its "
    "number of elements (Installation and Design Guide 17.1.2 (5)).",
    example="CREATE TABLE staff (\n    staff_no INTEGER NOT NULL,\n"
    "    qualification NVARCHAR(20) ARRAY\n) IN RU01;",
    fix="Give the maximum number of elements:\n\n"
    "CREATE TABLE staff (\n    staff_no INTEGER NOT NULL,\n"
    "    qualification NVARCHAR(20) ARRAY[10]\n) IN RU01;",
    references=(
        "HiRDB V10 SQL Reference (JA) 3.17.1 CREATE TABLE: column definition "
        '"データ型〔ARRAY [最大要素数]〕"',
        "HiRDB V8 Installation and Design Guide 17.1.2 (5): data lengths of repetition columns",
        "ddlaudit docs/decisions.md: D23 (What HiRDB rejects but ddlaudit still reads)",
    ),
    platforms=_HIRDB,
    reported_by="grammar",
    dialect="hirdb",
)

FIX_VARIABLE_COLUMN = Rule(
    "H002",
    "fix-variable-column",
    "hirdb",
    Severity.ERROR,
    "a FIX table has a variable-length, BLOB or ADT column",
    what="Reports a column of a FIX table (`CREATE [SHARE] FIX TABLE`) that is VARCHAR, "
    "NVARCHAR, MVARCHAR, BLOB or of an abstract data type. The finding points at the "
    "column's type.",
    why='"The FIX option is incompatible with the following data types: VARCHAR, '
    'NVARCHAR, MVARCHAR, BLOB, Abstract data type." HiRDB rejects the statement. A FIX '
    "table's rows all have one length (which is what saves its 2 bytes per column, Design "
    "Guide 13.7), and a variable-length column contradicts it.",
    example="CREATE FIX TABLE stock (\n    pcode CHAR(4),\n    pname VARCHAR(17),\n"
    "    quantity INTEGER\n) IN RU01;",
    fix="Declare the fixed-length type of the maximum length (CHAR, NCHAR, MCHAR), or drop "
    "FIX:\n\nCREATE FIX TABLE stock (\n    pcode CHAR(4),\n    pname CHAR(17),\n"
    "    quantity INTEGER\n) IN RU01;",
    references=(
        f'{_SQL_REFERENCE}, "1) [SHARE] FIX"',
        'HiRDB V8 Installation and Design Guide 13.7 (FIX tables: "The physical row length '
        'is 2 bytes shorter per column")',
        "ddlaudit docs/decisions.md: D23",
    ),
    platforms=_HIRDB,
    reported_by="grammar",
    dialect="hirdb",
)

FIX_REPETITION_COLUMN = Rule(
    "H003",
    "fix-repetition-column",
    "hirdb",
    Severity.ERROR,
    "a FIX table has a repetition column",
    what="Reports a repetition column (`type ARRAY[n]`) in a FIX table. The finding "
    "points at the column's type.",
    why='"A repetition column for which FIX has been specified cannot be specified." '
    "HiRDB rejects the statement: the number of elements, and so the row's length, varies "
    "from row to row.",
    example="CREATE FIX TABLE staff (\n    staff_no INTEGER,\n    phone CHAR(12) ARRAY[3]\n"
    ") IN RU01;",
    fix="Drop FIX, or store the repeated values in columns of their own (phone1, phone2, "
    "phone3) or in a child table:\n\n"
    "CREATE TABLE staff (\n    staff_no INTEGER NOT NULL,\n    phone CHAR(12) ARRAY[3]\n"
    ") IN RU01;",
    references=(f'{_SQL_REFERENCE}, "1) [SHARE] FIX"', "ddlaudit docs/decisions.md: D23"),
    platforms=_HIRDB,
    reported_by="grammar",
    dialect="hirdb",
)

PCTFREE_OUT_OF_RANGE = Rule(
    "H004",
    "pctfree-out-of-range",
    "hirdb",
    Severity.ERROR,
    "a PCTFREE percentage is outside what HiRDB accepts",
    what="Reports a PCTFREE percentage outside its range: unused space in a page outside "
    "0-99 %, free pages in a segment outside 0-50 %. `PCTFREE = (a, b)` is read as "
    "(unused space, free pages) and `PCTFREE = n` as the unused space alone (D21). The "
    "value is kept as written, never clamped; the finding points at it.",
    why="HiRDB rejects the statement, and the page count ddlaudit estimates uses both "
    "percentages (rows per page, pages per segment), so an impossible one gives a "
    "meaningless size.",
    example="CREATE TABLE stock (\n    pcode CHAR(4) NOT NULL,\n    quantity INTEGER\n"
    ") IN RU01 PCTFREE = (30, 60);",
    fix="Keep each percentage in its range (free pages: 0-50 %, 10 % when omitted):\n\n"
    "CREATE TABLE stock (\n    pcode CHAR(4) NOT NULL,\n    quantity INTEGER\n"
    ") IN RU01 PCTFREE = (30, 10);",
    references=(
        'HiRDB V10 Description (JA) 4.2.3: free pages in a segment "0〜50%", default 10 %',
        "HiRDB V9 Installation and Design Guide 14.3.2: percentage of unused space in a page",
        "ddlaudit docs/decisions.md: D21 (PCTFREE), D23",
    ),
    platforms=_HIRDB,
    reported_by="grammar",
    dialect="hirdb",
)

UNKNOWN_HASH_FUNCTION = Rule(
    "H005",
    "unknown-hash-function",
    "hirdb",
    Severity.ERROR,
    "hash partitioning names a function HiRDB does not have",
    what="Reports hash partitioning (`[FIX] HASH function BY column IN (...)`, also as a "
    "dimension of `PARTITIONED BY MULTIDIM`) that names a function other than HASH0-HASH6 "
    "and HASHA-HASHF. The finding points at the function name.",
    why="HiRDB has no other hash function, so it rejects the statement; a name such as "
    "HASH7 or HASHG is usually a typo for one of the others, and which one decides how "
    "rows spread over the RDAREAs.",
    example="CREATE TABLE orders (\n    order_no INTEGER NOT NULL,\n    amount DECIMAL(12, 2)\n"
    ") HASH HASH7 BY order_no IN (RU01, RU02);",
    fix="Name one of HiRDB's hash functions:\n\n"
    "CREATE TABLE orders (\n    order_no INTEGER NOT NULL,\n    amount DECIMAL(12, 2)\n"
    ") HASH HASH6 BY order_no IN (RU01, RU02);",
    references=(
        f'{_SQL_REFERENCE}: "[FIX] HASH [hash-function-name] BY column-name"',
        "HiRDB V8 Installation and Design Guide 13.4 (flexible and FIX hash partitioning)",
        "ddlaudit docs/decisions.md: D23",
    ),
    platforms=_HIRDB,
    reported_by="grammar",
    dialect="hirdb",
)

CHARACTER_SET_NOT_ALLOWED = Rule(
    "H006",
    "character-set-not-allowed",
    "hirdb",
    Severity.ERROR,
    "CHARACTER SET on mixed or national character data",
    what="Reports `CHARACTER SET` on a column of mixed character data (MCHAR, MVARCHAR) or "
    "national character data (NCHAR, NVARCHAR). The finding points at the CHARACTER SET "
    "clause.",
    why='"A character set can be specified in any place where a character data type can '
    "be specified. A character set cannot be specified for the mixed character data type "
    'or national character data type." HiRDB rejects the statement.',
    example="CREATE TABLE customer (\n    code CHAR(8) CHARACTER SET EBCDIK,\n"
    "    kana_name NCHAR(20) CHARACTER SET EBCDIK\n) IN RU01;",
    fix="Drop CHARACTER SET from the national (or mixed) column, or declare CHAR / VARCHAR "
    "when the data really is in that character set:\n\n"
    "CREATE TABLE customer (\n    code CHAR(8) CHARACTER SET EBCDIK,\n"
    "    kana_name NCHAR(20)\n) IN RU01;",
    references=(
        "HiRDB V9 SQL Reference 1.3 (character sets)",
        "ddlaudit docs/decisions.md: D23",
    ),
    platforms=_HIRDB,
    reported_by="grammar",
    dialect="hirdb",
)

UNRESOLVED_SUPERTYPE = Rule(
    "H007",
    "unresolved-supertype",
    "hirdb",
    Severity.WARNING,
    "an abstract data type inherits from an undefined type",
    what="Reports a column of an abstract data type whose `UNDER` supertype (or one "
    "further up the chain) is not created by any file of the run, or whose chain is "
    "cyclic. The chain stops there: the attributes of the missing types are not counted. "
    "The finding points at the column.",
    why="An abstract-data-type column's data length adds up the attributes of its type "
    "and of every supertype (Installation and Design Guide 17.1.2 (4)), so the column, the "
    "row and the table come out too small; on deployment `CREATE TYPE ... UNDER` fails "
    "until the supertype exists.",
    example="CREATE TYPE t_manager UNDER t_employee (\n    bonus DECIMAL(9, 2)\n);\n\n"
    "CREATE TABLE managers (\n    id INTEGER NOT NULL,\n    person t_manager\n) IN RU01;",
    fix="Put the file that creates the supertype in the same run (types resolve across "
    "the files of one run), or create it first:\n\n"
    "CREATE TYPE t_employee (\n    name NVARCHAR(20),\n    salary DECIMAL(9, 2)\n);\n\n"
    "CREATE TYPE t_manager UNDER t_employee (\n    bonus DECIMAL(9, 2)\n);\n\n"
    "CREATE TABLE managers (\n    id INTEGER NOT NULL,\n    person t_manager\n) IN RU01;",
    references=(
        "HiRDB V8 SQL Reference: CREATE TYPE (UNDER)",
        "HiRDB V8 Installation and Design Guide 17.1.2 (4): data lengths of abstract data "
        "type columns",
        "ddlaudit docs/decisions.md: D24 (Abstract data types), D6",
    ),
    platforms=_HIRDB,
    reported_by="resolve_user_types pass",
    dialect="hirdb",
)

SHARE_FIX_PARTITIONED = Rule(
    "H008",
    "share-fix-partitioned",
    "hirdb",
    Severity.ERROR,
    "a SHARE FIX table is stored in several RDAREAs",
    what="Reports a SHARE FIX table stored in more than one RDAREA: `IN (rd1, rd2, ...)`, "
    "key-range or hash partitioning. The finding points at the storage clause.",
    why='"If both SHARE and FIX are specified, table data cannot be saved on a split basis '
    'in multiple RDAREAs." HiRDB rejects the statement.',
    example="CREATE SHARE FIX TABLE codes (\n    code CHAR(4),\n    label CHAR(20)\n"
    ") IN (RU01, RU02);",
    fix="Store the table in one RDAREA, or drop SHARE if it must be partitioned:\n\n"
    "CREATE SHARE FIX TABLE codes (\n    code CHAR(4),\n    label CHAR(20)\n) IN RU01;",
    references=(f'{_SQL_REFERENCE}, "1) [SHARE] FIX"', "ddlaudit docs/decisions.md: D23"),
    platforms=_HIRDB,
    reported_by="grammar",
    dialect="hirdb",
)

RULES: tuple[Rule, ...] = (
    REPETITION_WITHOUT_COUNT,
    FIX_VARIABLE_COLUMN,
    FIX_REPETITION_COLUMN,
    PCTFREE_OUT_OF_RANGE,
    UNKNOWN_HASH_FUNCTION,
    CHARACTER_SET_NOT_ALLOWED,
    UNRESOLVED_SUPERTYPE,
    SHARE_FIX_PARTITIONED,
)
