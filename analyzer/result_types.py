"""Result types of the expressions a derived table's select list computes (issue 31):
arithmetic, concatenation, CASE / COALESCE, set operations and Teradata's aggregates, each
by the platform's documented rule (quoted on each function). None where the rule is not
documented or the operands are outside it: the caller leaves the column untyped (P009).

SQL Server, "Precision, scale, and length (Transact-SQL)": for ``e1 + e2`` of decimal
operands ``p = max(s1, s2) + max(p1-s1, p2-s2) + 1``, ``s = max(s1, s2)``; "The precision
and scale for any expression that is not decimal is the precision and scale defined for
the data type of the expression" ("The int data type has a precision of 10, a length of 4,
and a scale of 0."):

>>> d = lambda t: make(t, "tsql")
>>> arithmetic("+", d("decimal(12,2)"), d("int"), "tsql").declared
'DECIMAL(13,2)'
>>> arithmetic("+", d("int"), d("bigint"), "tsql").declared  # data type precedence
'BIGINT'

Teradata, SQL Functions, Expressions, and Predicates, "DECIMAL Result Data Type": ``+`` of
``DECIMAL(m,n)`` and ``DECIMAL(k,j)`` is ``DECIMAL(min(p, 1 + max(n,j) + max(m-n, k-j)),
max(n,j))``, ``p`` by DBS Control's MaxDecimal:

>>> t = lambda s: make(s, "teradata")
>>> arithmetic("+", t("DECIMAL(12,2)"), t("DECIMAL(18,4)"), "teradata").declared
'DECIMAL(18,4)'
>>> arithmetic("*", t("SMALLINT"), t("BYTEINT"), "teradata").declared
'INTEGER'
"""

from __future__ import annotations

from collections.abc import Sequence

import grammars
from analyzer import types
from analyzer.ir import DataType

_TSQL = ("tsql",)
_CHARACTER = frozenset({"char", "varchar", "nchar", "nvarchar"})
_NUMERIC = frozenset({"integer", "decimal", "money", "float"})

#: SQL Server "Data type precedence (Transact-SQL)", highest first (the types a derived
#: column can take here; a type not listed is not typed by precedence).
_PRECEDENCE = (
    "DATETIMEOFFSET",
    "DATETIME2",
    "DATETIME",
    "SMALLDATETIME",
    "DATE",
    "TIME",
    "FLOAT",
    "REAL",
    "DECIMAL",
    "MONEY",
    "SMALLMONEY",
    "BIGINT",
    "INT",
    "SMALLINT",
    "TINYINT",
    "BIT",
    "NVARCHAR",
    "NCHAR",
    "VARCHAR",
    "CHAR",
)
#: Spellings of one precedence entry.
_SAME = {
    "NUMERIC": "DECIMAL",
    "DEC": "DECIMAL",
    "INTEGER": "INT",
    "DOUBLE PRECISION": "FLOAT",
    "CHARACTER": "CHAR",
    "CHAR VARYING": "VARCHAR",
    "CHARACTER VARYING": "VARCHAR",
    "NATIONAL CHAR": "NCHAR",
    "NATIONAL CHARACTER": "NCHAR",
    "NATIONAL CHAR VARYING": "NVARCHAR",
    "NATIONAL CHARACTER VARYING": "NVARCHAR",
}
#: Precision of SQL Server's integer and money types as decimal operands ("Precision,
#: scale, and length": int 10; tinyint 3, smallint 5, bigint 19, money 19,4 and smallmoney
#: 10,4 from each type's range, "int, bigint, smallint, and tinyint" and "money and
#: smallmoney (Transact-SQL)").
_AS_DECIMAL = {
    "TINYINT": (3, 0),
    "SMALLINT": (5, 0),
    "INT": (10, 0),
    "BIGINT": (19, 0),
    "MONEY": (19, 4),
    "SMALLMONEY": (10, 4),
}
#: Teradata character types a CASE result is read for ("THEN/ELSE Character Type
#: Expressions"; GRAPHIC and LONG VARCHAR aside).
_TD_CHARACTER = frozenset({"CHAR", "CHARACTER", "VARCHAR", "CHAR VARYING", "CHARACTER VARYING"})
#: Teradata integer types, smallest first (CASE: "the largest type of any of the
#: THEN/ELSE clause expressions").
_TD_INTEGERS = ("BYTEINT", "SMALLINT", "INTEGER", "BIGINT")
#: ASE's datatype hierarchy, the numeric types of it, highest first (Transact-SQL User's
#: Guide, "Mixed-mode arithmetic and datatype hierarchy": "floatn 1 float 2 ... real 5
#: numericn 6 numeric 7 decimaln 8 decimal 9 moneyn 10 money 11 smallmoney 12 ... intn 14
#: uintn 15 bigint 16 ubigint 17 int 18 uint 19 smallint 20 usmallint 21 tinyint 22").
_ASE_HIERARCHY = (
    "FLOAT",
    "REAL",
    "NUMERIC",
    "DECIMAL",
    "MONEY",
    "SMALLMONEY",
    "BIGINT",
    "INT",
    "SMALLINT",
    "TINYINT",
)
#: Spellings of one ASE hierarchy entry.
_ASE_SAME = {"INTEGER": "INT", "DOUBLE PRECISION": "FLOAT", "DEC": "DECIMAL"}
#: An ASE integer as a numeric operand: the digits of its range (D198).
_ASE_AS_NUMERIC = {"TINYINT": 3, "SMALLINT": 5, "INT": 10, "BIGINT": 19}


def make(declared: str, dialect: str) -> DataType:
    """The IR type of ``declared`` read as ``dialect`` reads a column's type."""
    return types.read_type(declared, grammars.get(dialect).type_families)


def max_decimal_precision(digits: int, max_decimal: int) -> int:
    """Teradata's ``p`` for a DECIMAL result (SQL Functions, Expressions, and Predicates,
    "DECIMAL Result Data Type"; SUM "Return Values"): "If MaxDecimal in DBSControl is 0 or
    15 and n <= 15, then p = 15; 15 < n <= 18, p = 18; n > 18, then p = 38. If MaxDecimal
    ... is 18 and n <= 18, then p = 18; n > 18, then p = 38. If MaxDecimal ... is 38 ...
    p = 38."

    >>> [max_decimal_precision(n, 0) for n in (12, 16, 20)]
    [15, 18, 38]
    >>> [max_decimal_precision(n, 18) for n in (12, 20)], max_decimal_precision(1, 38)
    ([18, 38], 38)
    """
    if max_decimal == 38 or digits > 18:
        return 38
    if max_decimal == 18 or digits > 15:
        return 18
    return 15


def arithmetic(
    op: str, left: DataType, right: DataType, dialect: str, max_decimal: int = 0
) -> DataType | None:
    """The result type of ``left op right`` (``op`` one of ``+ - * / %``), or None.

    SQL Server ("Precision, scale, and length (Transact-SQL)"; "Data type precedence"):
    "If an operator has two expressions with different numeric data types, the rules of
    data type precedence define the data type of the result."; a decimal result by the
    page's table ("e1 * e2 | p1 + p2 + 1 | s1 + s2"; "e1 / e2 | p1 - s1 + s2 + max(6, s1 +
    p2 + 1) | max(6, s1 + p2 + 1)"; "e1 % e2 | min(p1-s1, p2 -s2) + max( s1,s2 ) | max(s1,
    s2)"), above 38 reduced as the page says (:func:`_reduced`); ``+`` of two
    strings is concatenation (:func:`concatenation`); ``datetime`` / ``smalldatetime``
    plus or minus a number is that type ("+ (Addition)": "Returns the data type of the
    argument with the higher precedence").

    Teradata (SQL Functions, Expressions, and Predicates, "Binary Arithmetic Result Data
    Types"): BYTEINT, SMALLINT and INTEGER operands give INTEGER, a BIGINT one BIGINT; a
    FLOAT operand FLOAT ("before an INTEGER value is added to a FLOAT value, the INTEGER
    value is converted to FLOAT, the data type of the result."); DECIMAL by "DECIMAL Result
    Data Type" ("DECIMAL(m,n) | DECIMAL(k,j) | + - | DECIMAL(min(p, (1+max(n,j)+max(m -n,k
    -j))),max(n,j))"; "* | DECIMAL(min(p,m +k),(n +j))"; "/ MOD | DECIMAL(p,max(n,j))")
    with ``p`` from MaxDecimal (:func:`max_decimal_precision`; two DECIMAL operands read
    with the larger of their digits, D180); ``DATE`` plus or minus an integer or decimal
    is ``DATE``. The page's "DECIMAL(m,n) | BYTEINT SMALLINT INTEGER BIGINT | + - * |
    DECIMAL(p,n)" has no ``/`` or ``MOD``; they are read as its mirror "BYTEINT SMALLINT
    INTEGER BIGINT | DECIMAL(k,j) | * / + - MOD | DECIMAL(p,j)" gives them: ``DECIMAL(p,n)``,
    ``p`` from ``m`` (D196).

    ASE (Transact-SQL User's Guide, "Mixed-mode arithmetic and datatype hierarchy"): "The
    datatype hierarchy determines the results of computations using values of different
    datatypes. The result value is assigned the datatype that is closest to the top of the
    list."; two numeric or decimal operands by "Determining precision and scale", Table 6-5
    (:func:`_ase_arithmetic`).

    >>> d = lambda t: make(t, "tsql")
    >>> arithmetic("*", d("decimal(12,2)"), d("decimal(10,4)"), "tsql").declared
    'DECIMAL(23,6)'
    >>> arithmetic("/", d("decimal(38,10)"), d("decimal(38,10)"), "tsql").declared
    'DECIMAL(38,6)'
    >>> arithmetic("+", d("money"), d("int"), "tsql").declared
    'MONEY'
    >>> t = lambda s: make(s, "teradata")
    >>> arithmetic("*", t("DECIMAL(12,2)"), t("INTEGER"), "teradata").declared
    'DECIMAL(15,2)'
    >>> arithmetic("*", t("DECIMAL(12,2)"), t("INTEGER"), "teradata", 38).declared
    'DECIMAL(38,2)'
    >>> arithmetic("%", t("DECIMAL(16,3)"), t("SMALLINT"), "teradata").declared
    'DECIMAL(18,3)'
    >>> a = lambda s: make(s, "sybase")
    >>> arithmetic("*", a("numeric(12,2)"), a("numeric(10,4)"), "sybase").declared
    'NUMERIC(23,6)'
    >>> arithmetic("+", a("smallint"), a("int"), "sybase").declared
    'INT'
    """
    if dialect in _TSQL:
        return _tsql_arithmetic(op, left, right)
    if dialect == "teradata":
        return _teradata_arithmetic(op, left, right, max_decimal)
    if dialect == "sybase":
        return _ase_arithmetic(op, left, right)
    return None


def _rank(t: DataType) -> int | None:
    name = _SAME.get(t.name, t.name)
    return _PRECEDENCE.index(name) if name in _PRECEDENCE else None


def _higher(a: DataType, b: DataType) -> DataType | None:
    ra, rb = _rank(a), _rank(b)
    if ra is None or rb is None:
        return None
    return a if ra <= rb else b


def _tsql_decimal(t: DataType) -> tuple[int, int] | None:
    if t.family == "decimal":
        return (t.precision or 18, t.scale or 0)  # decimal without (p, s) is (18, 0)
    return _AS_DECIMAL.get(_SAME.get(t.name, t.name))


def _reduced(p: int, s: int, integral: int, additive: bool) -> tuple[int, int]:
    """SQL Server above 38 ("Precision, scale, and length (Transact-SQL)", the table's
    footnote and the paragraphs after it): "When a result precision is greater than 38,
    it's reduced to 38"; "In addition and subtraction operations ... Resulting scale is
    MIN(precision, 38) - max(p1 - s1, p2 - s2)"; "In multiplication and division
    operations, we need precision - scale places to store the integral part of the
    result.": "The resulting scale is reduced to min(scale, 38 - (precision-scale)) if the
    integral part is less than 32", "The scale won't be changed if it's less than 6 and if
    the integral part is greater than 32", "The scale will be set to 6 if it's greater than
    6 and if the integral part is greater than 32" (an integral part of 32: D180)."""
    if p <= 38:
        return p, s
    if additive:
        return 38, min(s, 38 - integral)
    if integral <= 32:
        return 38, min(s, 38 - integral)
    return 38, s if s < 6 else 6


def _tsql_arithmetic(op: str, a: DataType, b: DataType) -> DataType | None:
    if a.family in _CHARACTER and b.family in _CHARACTER:
        return concatenation(a, b, "tsql") if op == "+" else None
    if a.family in ("timestamp",) and b.family in _NUMERIC and op in "+-":
        return a if a.name in ("DATETIME", "SMALLDATETIME") else None
    if a.family not in _NUMERIC or b.family not in _NUMERIC:
        return None
    top = _higher(a, b)
    if top is None or (op == "%" and top.family == "float"):
        return None
    if top.family == "float":
        return make("FLOAT" if "FLOAT" in (a.name, b.name) else "REAL", "tsql")
    if top.family != "decimal":
        return make(_SAME.get(top.name, top.name), "tsql")
    da, db = _tsql_decimal(a), _tsql_decimal(b)
    if da is None or db is None:
        return None
    (p1, s1), (p2, s2) = da, db
    integral = max(p1 - s1, p2 - s2)
    if op in "+-":
        p, s = _reduced(max(s1, s2) + integral + 1, max(s1, s2), integral, True)
    elif op == "*":
        p, s = _reduced(p1 + p2 + 1, s1 + s2, p1 + p2 + 1 - s1 - s2, False)
    elif op == "/":
        scale = max(6, s1 + p2 + 1)
        p, s = _reduced(p1 - s1 + s2 + scale, scale, p1 - s1 + s2, False)
    else:
        p, s = min(p1 - s1, p2 - s2) + max(s1, s2), max(s1, s2)
    return make(f"DECIMAL({p},{s})", "tsql")


def _td_decimal(t: DataType) -> tuple[int, int]:
    return (t.precision or 5, t.scale or 0)  # DECIMAL without (n, m) is DECIMAL(5,0)


def _teradata_arithmetic(op: str, a: DataType, b: DataType, max_decimal: int) -> DataType | None:
    fa, fb = a.family, b.family
    if fa == "date" and fb in ("integer", "decimal") and op in "+-":
        return a
    if fa not in ("integer", "decimal", "float") or fb not in ("integer", "decimal", "float"):
        return None
    if "float" in (fa, fb):
        return make("FLOAT", "teradata")
    if fa == fb == "integer":
        return make("BIGINT" if "BIGINT" in (a.name, b.name) else "INTEGER", "teradata")
    if fa == "integer":  # BYTEINT ... BIGINT op DECIMAL(k,j): DECIMAL(p,j), any operator
        k, j = _td_decimal(b)
        return make(f"DECIMAL({max_decimal_precision(k, max_decimal)},{j})", "teradata")
    if fb == "integer":  # DECIMAL(m,n) op BYTEINT ... BIGINT: DECIMAL(p,n); / and MOD: D196
        m, n = _td_decimal(a)
        return make(f"DECIMAL({max_decimal_precision(m, max_decimal)},{n})", "teradata")
    (m, n), (k, j) = _td_decimal(a), _td_decimal(b)
    p = max_decimal_precision(max(m, k), max_decimal)
    if op in "+-":
        return make(f"DECIMAL({min(p, 1 + max(n, j) + max(m - n, k - j))},{max(n, j)})", "teradata")
    if op == "*":
        return make(f"DECIMAL({min(p, m + k)},{min(n + j, min(p, m + k))})", "teradata")
    return make(f"DECIMAL({p},{max(n, j)})", "teradata")


def _ase_name(t: DataType) -> str:
    return _ASE_SAME.get(t.name, t.name)


def _ase_arithmetic(op: str, a: DataType, b: DataType) -> DataType | None:
    """ASE ``a op b`` of numeric types. The type by the datatype hierarchy (Transact-SQL
    User's Guide, "Mixed-mode arithmetic and datatype hierarchy": "qty is a smallint,
    which has a hierarchy of 20; royalty is an int, which has a hierarchy of 18. Therefore,
    the datatype of the result is an int."); a numeric or decimal one by "Determining
    precision and scale" (15.7 and 16.0), Table 6-5 "Precision and scale after arithmetic
    operations": "n1 + n2 | max(s1, s2) + max(p1 -s1, p2 - s2) + 1 | max(s1, s2)", "n1 - n2"
    the same, "n1 * n2 | s1 + s2 + (p1 - s1) + (p2 - s2) + 1 | s1 + s2", "n1 / n2 | max(s1
    + p2 + 1, 6) + p1 - s1 + s2 | max(s1 + p2 + 1, 6)" (other editions print another ``/``
    row, D198). An integer operand of a numeric one counts as the numeric of its digits;
    ``%`` of numerics, money or floats, money with numerics, a result above 38 digits and
    unsigned types are not typed (D198).

    >>> a = lambda s: make(s, "sybase")
    >>> _ase_arithmetic("/", a("numeric(10,2)"), a("numeric(5,1)")).declared
    'NUMERIC(17,8)'
    >>> _ase_arithmetic("+", a("decimal(12,2)"), a("int")).declared
    'DECIMAL(13,2)'
    >>> _ase_arithmetic("*", a("money"), a("real")).declared
    'REAL'
    """
    names = (_ase_name(a), _ase_name(b))
    if any(n not in _ASE_HIERARCHY for n in names):
        return None
    top = min(names, key=_ASE_HIERARCHY.index)
    if top in ("FLOAT", "REAL"):
        return make(top, "sybase") if op != "%" else None
    if top not in ("NUMERIC", "DECIMAL"):
        money = "MONEY" in top  # money, smallmoney: + - * / by the hierarchy; % not typed
        return make(top, "sybase") if op in "+-*/" or not money else None
    digits: list[tuple[int, int]] = []
    for t, n in zip((a, b), names, strict=True):
        if n in ("NUMERIC", "DECIMAL"):
            digits.append((t.precision or 18, t.scale or 0))  # numeric alone is (18,0)
        elif n in _ASE_AS_NUMERIC:
            digits.append((_ASE_AS_NUMERIC[n], 0))
        else:
            return None  # money with numeric: not in Table 6-5
    (p1, s1), (p2, s2) = digits
    if op in "+-":
        p, s = max(s1, s2) + max(p1 - s1, p2 - s2) + 1, max(s1, s2)
    elif op == "*":
        p, s = s1 + s2 + (p1 - s1) + (p2 - s2) + 1, s1 + s2
    elif op == "/":
        p, s = max(s1 + p2 + 1, 6) + p1 - s1 + s2, max(s1 + p2 + 1, 6)
    else:
        return None
    return make(f"{top}({p},{s})", "sybase") if p <= 38 else None


def _length(t: DataType) -> int:
    return t.length if t.length is not None else 1  # CHAR without (n) is CHAR(1)


def concatenation(
    left: DataType, right: DataType, dialect: str, same_character_set: bool = True
) -> DataType | None:
    """The type of a string concatenation (SQL Server ``+``, Teradata ``||``), or None.

    SQL Server ("Precision, scale, and length"): "When two char, varchar, binary, or
    varbinary expressions are concatenated, the length of the resulting expression is the
    sum of the lengths of the two source expressions, up to 8,000 bytes"; "When two nchar
    or nvarchar expressions are concatenated, the length ... up to 4,000 byte-pairs"; the
    type by precedence; a ``(max)`` operand gives ``(max)`` (the sum is not bounded then).

    Teradata ("Concatenation Operator", "Result Type and Attributes"; n the sum of the
    lengths): "either VARCHAR: VARCHAR(n)"; "both CHARACTER (with same server character
    set): CHARACTER(n)"; "CHARACTER (with different server character sets): VARCHAR(n)".

    >>> d = lambda t: make(t, "tsql")
    >>> concatenation(d("varchar(10)"), d("char(5)"), "tsql").declared
    'VARCHAR(15)'
    >>> concatenation(d("nvarchar(3000)"), d("varchar(2000)"), "tsql").declared
    'NVARCHAR(4000)'
    >>> t = lambda s: make(s, "teradata")
    >>> concatenation(t("CHAR(3)"), t("CHAR(4)"), "teradata").declared
    'CHAR(7)'
    >>> concatenation(t("CHAR(3)"), t("CHAR(4)"), "teradata", False).declared
    'VARCHAR(7)'
    """
    if left.family not in _CHARACTER or right.family not in _CHARACTER:
        return None
    n = _length(left) + _length(right)
    if dialect in _TSQL:
        top = _higher(left, right)
        if top is None:
            return None
        name = _SAME.get(top.name, top.name)
        if left.is_max or right.is_max:
            return make(f"{name}(MAX)", dialect)
        return make(f"{name}({min(n, 4000 if name.startswith('N') else 8000)})", dialect)
    if dialect != "teradata":
        return None
    fixed = left.family == right.family == "char" and same_character_set
    return make(f"{'CHAR' if fixed else 'VARCHAR'}({n})", dialect)


def common(branches: Sequence[DataType], dialect: str) -> DataType | None:
    """The type of CASE / COALESCE over ``branches`` (the THEN / ELSE expressions, the
    arguments) and of a set operation's column on SQL Server, or None.

    SQL Server: CASE (Transact-SQL) "Returns the highest precedence type from the set of
    types in result_expressions and the optional else_result_expression"; COALESCE
    "Returns the data type of expression with the highest data type precedence"; "Set
    Operators - UNION (Transact-SQL)": "When data types differ, the resulting data type is
    determined based on the rules for data type precedence."; "Precision, scale, and
    length (Transact-SQL)": "the resulting length is the longer of the two expressions",
    "e1 { UNION | EXCEPT | INTERSECT } e2 | max(s1, s2) + max(p1-s1, p2-s2) | max(s1, s2)"
    (the same rule read for CASE and COALESCE, D180).

    Teradata (SQL Functions, Expressions, and Predicates, "Rules for the CASE Expression
    Result Type"; COALESCE: "COALESCE is a shorthand expression for the following full CASE
    expression"): "If all of the THEN and ELSE expressions have the same non-character data
    type, the result of the CASE expression is that type."; "THEN/ELSE Expressions Having
    Mixed Data Types": "contain a FLOAT (approximate numeric) and no character strings |
    the CASE expression returns a FLOAT result."; "are composed only of mixed DECIMAL,
    BYTEINT, SMALLINT, INTEGER, and BIGINT data | all are implicitly converted to FLOAT and
    the CASE expression returns a FLOAT result." (D197); "are a mix of BYTEINT, SMALLINT,
    INTEGER, and BIGINT data | the resulting type is the largest type of any of the
    THEN/ELSE clause expressions"; all character ("THEN/ELSE Character Type Expressions"):
    "the length equal to the maximum length of the different character data types", "If
    the data types of all of the THEN/ELSE expressions are CHARACTER (or CHAR), the result
    data type is CHARACTER. If one or more expressions are VARCHAR ..., the result data type
    is VARCHAR". Other mixes (DECIMALs of different precision or scale, character with
    numeric) are not typed (D180).

    >>> d = lambda t: make(t, "tsql")
    >>> common([d("varchar(10)"), d("nvarchar(4)"), d("char(20)")], "tsql").declared
    'NVARCHAR(20)'
    >>> common([d("decimal(12,2)"), d("int")], "tsql").declared
    'DECIMAL(12,2)'
    >>> t = lambda s: make(s, "teradata")
    >>> common([t("SMALLINT"), t("BYTEINT"), t("INTEGER")], "teradata").declared
    'INTEGER'
    >>> common([t("CHAR(3)"), t("VARCHAR(5)")], "teradata").declared
    'VARCHAR(5)'
    >>> common([t("DECIMAL(12,2)"), t("BYTEINT")], "teradata").declared
    'FLOAT'
    """
    if not branches:
        return None
    first = branches[0]
    if all(b == first for b in branches):
        return first
    if dialect in _TSQL:
        return _tsql_common(branches)
    if dialect != "teradata":
        return None
    families = {b.family for b in branches}
    if all(b.name in _TD_CHARACTER for b in branches):
        fixed = families == {"char"}
        return make(
            f"{'CHAR' if fixed else 'VARCHAR'}({max(_length(b) for b in branches)})", dialect
        )
    if "float" in families and families <= {"float", "integer", "decimal"}:
        return make("FLOAT", dialect)
    integers = [b for b in branches if b.family == "integer"]
    if any(b.name not in _TD_INTEGERS for b in integers):
        return None
    if families == {"integer"}:
        return make(max((b.name for b in integers), key=_TD_INTEGERS.index), dialect)
    if families == {"integer", "decimal"}:
        return make("FLOAT", dialect)
    return None


def _tsql_common(branches: Sequence[DataType]) -> DataType | None:
    top = branches[0]
    for b in branches[1:]:
        higher = _higher(top, b)
        if higher is None:
            return None
        top = higher
    name = _SAME.get(top.name, top.name)
    families = {b.family for b in branches}
    if families <= _CHARACTER:
        if any(b.is_max for b in branches):
            return make(f"{name}(MAX)", "tsql")
        return make(f"{name}({max(_length(b) for b in branches)})", "tsql")
    if not families <= _NUMERIC:
        return top if all(b.family == top.family for b in branches) else None
    if top.family == "float":
        return make(name, "tsql")
    if top.family != "decimal":
        return make(name, "tsql")
    decimals = [_tsql_decimal(b) for b in branches]
    if any(x is None for x in decimals):
        return None
    s = max(x[1] for x in decimals if x is not None)
    integral = max(x[0] - x[1] for x in decimals if x is not None)
    p, s = _reduced(s + integral, s, integral, True)
    return make(f"DECIMAL({p},{s})", "tsql")


def teradata_sum(arg: DataType, max_decimal: int = 0) -> DataType | None:
    """Teradata SUM (SQL Functions, Expressions, and Predicates, SUM "Return Values"):
    "BYTEINT or SMALLINT: INTEGER"; "character: FLOAT"; "DECIMAL(n,m): DECIMAL(p,m)" with
    ``p`` from MaxDecimal; "Other than UDT, SMALLINT, BYTEINT, DECIMAL, or character: Same
    as the operand".

    >>> t = lambda s: make(s, "teradata")
    >>> teradata_sum(t("DECIMAL(12,2)")).declared, teradata_sum(t("BYTEINT")).declared
    ('DECIMAL(15,2)', 'INTEGER')
    """
    if arg.name in ("BYTEINT", "SMALLINT"):
        return make("INTEGER", "teradata")
    if arg.family in ("char", "varchar"):
        return make("FLOAT", "teradata")
    if arg.family == "decimal":
        n, m = _td_decimal(arg)
        return make(f"DECIMAL({max_decimal_precision(n, max_decimal)},{m})", "teradata")
    if arg.family in ("integer", "float", "number", "interval"):
        return arg
    return None


def teradata_count(transaction_mode: str = "teradata", max_decimal: int = 0) -> DataType:
    """Teradata COUNT (SQL Functions, Expressions, and Predicates, COUNT "Result Type and
    Attributes"): in Teradata mode "INTEGER"; in ANSI mode "If MaxDecimal in DBSControl is
    0 or 15, then the result type is DECIMAL(15,0) ... 18, then ... DECIMAL(18,0) ... 38,
    then ... DECIMAL(38,0)". (DBS Control's COUNT_mode, default 0, "compatibility mode",
    is the mode read here.)

    >>> teradata_count().declared, teradata_count("ansi", 18).declared
    ('INTEGER', 'DECIMAL(18,0)')
    """
    if transaction_mode == "ansi":
        p = 38 if max_decimal == 38 else 18 if max_decimal == 18 else 15
        return make(f"DECIMAL({p},0)", "teradata")
    return make("INTEGER", "teradata")
