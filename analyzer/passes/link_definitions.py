"""Replication Server definitions in the link pass: ``alter`` clauses applied, tables checked.

``alter replication definition`` clauses apply to their definition, and ``alter [applied |
request] function replication definition`` clauses to function definitions (an added
parameter changes the function's message size).  Each replication definition is then linked
to its primary table and its column list checked against the table (Replication Server
Reference Manual, "create replication definition", "Datatypes"): a column the table lacks
(R002), a type that disagrees (R003), columns left out (R004), key or searchable columns
outside the list (R005), a primary key other than the table's (R006), a table not in the
input (R001), a definition given twice (R013), an ``alter`` of no definition (R009).
:func:`link_definitions` is run by :func:`analyzer.passes.link_replication.link_replication`.

>>> from analyzer.ir import *
>>> from analyzer.passes.link_context import file_tables, replication_context
>>> int_ = DataType("int", "INT", "integer")
>>> t = Table(QualifiedName("authors"), "sybase", (Column("au_id", 1, int_, False, True),))
>>> char4 = DataType("char(4)", "CHAR", "char", 4)
>>> d = ReplicationDefinition("authors_rd", "DS", "pubs2", QualifiedName("authors"),
...     QualifiedName("authors"), (ReplicatedColumn("au_id", char4),), primary_key=("au_id",))
>>> r = FileResult("f.sql", "sybase", "utf-8", tables=(t,), replication_definitions=(d,))
>>> diags = []
>>> out = link_definitions(r, file_tables(r, replication_context([r]).index), {}, diags)
>>> out.replication_definitions[0].resolved, [d.code for d in diags]
(True, ['R003'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from analyzer.ir import (
    DataType,
    Diagnostic,
    FileResult,
    FunctionReplicationDefinition,
    QualifiedName,
    ReplicatedColumn,
    ReplicationDefinition,
    ReplicationDefinitionChange,
    Severity,
    UserType,
)
from analyzer.passes.link_context import Tables, has
from analyzer.passes.link_tables import declared_key

#: The clauses of ``alter [applied | request] function replication definition``.
FUNCTION_ACTIONS = frozenset(
    {
        "deliver_as",
        "replicate_function",
        "add_parameters",
        "add_searchable_parameters",
        "send_standby_parameters",
    }
)


def link_definitions(
    result: FileResult, tables: Tables, types: Mapping[str, UserType], diags: list[Diagnostic]
) -> FileResult:
    """``result`` with its ``alter`` clauses checked and marked applied, and its replication
    definitions and function replication definitions altered by the scope's clauses, linked
    and checked; diagnostics go to ``diags``.  ``types`` are the alias types by name that
    another file's table may still use."""
    index = tables.index
    # alter [function] replication definition: applied to the definitions of this file
    definition_names = index.definitions
    function_names = index.functions
    alters = []
    for alter in result.replication_definition_changes:
        of_function = alter.action in FUNCTION_ACTIONS
        applied = alter.name.lower() in (function_names if of_function else definition_names)
        if not applied:
            what = "function replication definition" if of_function else "replication definition"
            diags.append(
                Diagnostic(
                    "R009",
                    Severity.WARNING,
                    f"alter {what} {alter.name}: no such {what} in the input",
                    alter.span,
                )
            )
        alters.append(replace(alter, applied=applied))
    definitions = []
    seen: set[str] = set()
    for defn in result.replication_definitions:
        if defn.name.lower() in seen:
            diags.append(
                Diagnostic(
                    "R013",
                    Severity.WARNING,
                    f"replication definition {defn.name} is defined more than once",
                    defn.span,
                )
            )
        seen.add(defn.name.lower())
        if not defn.alterations:  # not yet applied (the pass may run twice)
            for alter in index.definition_changes.get(defn.name.lower(), ()):
                if alter.action not in FUNCTION_ACTIONS:
                    defn = _alter(defn, alter)
        definitions.append(_check_definition(defn, tables, types, diags))
    functions = []
    for function in result.function_replication_definitions:
        for alter in index.definition_changes.get(function.name.lower(), ()):
            if alter.action in FUNCTION_ACTIONS:
                function = _alter_function(function, alter)
        functions.append(function)
        params = [p.name for p in function.parameters]
        for name in function.searchable_parameters:
            if not has(params, name):
                diags.append(
                    Diagnostic(
                        "R005",
                        Severity.ERROR,
                        f"searchable parameter {name} of function replication definition "
                        f"{function.name} is not one of its parameters",
                        function.span,
                    )
                )
    return replace(
        result,
        replication_definitions=tuple(definitions),
        replication_definition_changes=tuple(alters),
        function_replication_definitions=tuple(functions),
    )


def _alter(
    defn: ReplicationDefinition, change: ReplicationDefinitionChange
) -> ReplicationDefinition:
    names = {n.lower() for n in change.names}
    action = change.action
    columns = list(defn.columns)
    if action == "add_columns":
        columns.extend(change.columns)
    elif action == "drop_columns":
        columns = [c for c in columns if c.name.lower() not in names]
    elif action == "alter_columns":
        by_name = {c.name.lower(): c for c in change.columns}
        columns = [_alter_column(c, by_name.get(c.name.lower())) for c in columns]
    result = replace(defn, columns=tuple(columns), alterations=defn.alterations + 1)
    if action == "add_primary_key":
        result = replace(result, primary_key=(*defn.primary_key, *change.names))
    elif action == "drop_primary_key":
        result = replace(result, primary_key=_without(defn.primary_key, names))
    elif action == "add_searchable_columns":
        result = replace(result, searchable_columns=(*defn.searchable_columns, *change.names))
    elif action == "drop_searchable_columns":
        result = replace(result, searchable_columns=_without(defn.searchable_columns, names))
    elif action in ("replicate_minimal_columns", "replicate_all_columns"):
        result = replace(result, minimal_columns=action == "replicate_minimal_columns")
    elif action == "send_standby":
        result = replace(result, send_standby=change.value)
    elif action == "replicate_if_changed":
        result = replace(
            result,
            replicate_if_changed=(*defn.replicate_if_changed, *change.names),
            always_replicate=_without(defn.always_replicate, names),
        )
    elif action == "always_replicate":
        result = replace(
            result,
            always_replicate=(*defn.always_replicate, *change.names),
            replicate_if_changed=_without(defn.replicate_if_changed, names),
        )
    elif action == "replicate_table" and change.value:
        parts = change.value.split(".")
        name = QualifiedName(parts[-1], parts[-2] if len(parts) > 1 else None)
        result = replace(result, replicate_table=name)
    elif action == "alter_owner" and change.value:
        owner = change.value.split("->")[-1].strip()
        result = replace(result, primary_table=replace(defn.primary_table, schema=owner))
    elif action == "option" and change.value:
        key, _, value = change.value.partition("=")
        result = replace(result, options=(*defn.options, (key, value)))
    return result


def _alter_function(
    function: FunctionReplicationDefinition, change: ReplicationDefinitionChange
) -> FunctionReplicationDefinition:
    """One function-definition clause; idempotent (a parameter already there is not added
    again), so the pass can run twice without counting an ``add`` twice."""
    action = change.action
    if action == "add_parameters":
        have = {p.name.lower() for p in function.parameters}
        new = tuple(p for p in change.columns if p.name.lower() not in have)
        return replace(function, parameters=(*function.parameters, *new))
    if action == "add_searchable_parameters":
        have = {n.lower() for n in function.searchable_parameters}
        new_names = tuple(n for n in change.names if n.lower() not in have)
        return replace(
            function, searchable_parameters=(*function.searchable_parameters, *new_names)
        )
    if action == "deliver_as":
        return replace(function, deliver_as=change.value)
    if action == "replicate_function":
        return replace(function, replicate_function=change.value)
    if action == "send_standby_parameters":
        return replace(function, send_standby=change.value)
    return function


def _alter_column(column: ReplicatedColumn, new: ReplicatedColumn | None) -> ReplicatedColumn:
    if new is None:
        return column
    return replace(
        column,
        type=new.type or column.type,
        replicate_name=new.replicate_name or column.replicate_name,
        nullable=new.nullable if new.nullable is not None else column.nullable,
        map_to=new.map_to or column.map_to,
        quoted=new.quoted or column.quoted,
    )


def _without(names: tuple[str, ...], drop: set[str]) -> tuple[str, ...]:
    return tuple(n for n in names if n.lower() not in drop)


#: Type classes that may stand for each other in a replication definition.
_CLASSES = {
    "char": "character",
    "varchar": "character",
    "nchar": "character",
    "nvarchar": "character",
    "binary": "binary",
    "varbinary": "binary",
    "rowversion": "binary",
    "integer": "integer",
    "decimal": "exact",
    "number": "exact",
    "float": "float",
    "money": "money",
    "date": "date",
    "time": "time",
    "timestamp": "timestamp",
    "clob": "clob",
    "nclob": "nclob",
    "blob": "blob",
    "bit": "bit",
    "boolean": "bit",
}
_SAME_NAME = {"INTEGER": "INT", "RS_ADDRESS": "INT", "DEC": "DECIMAL", "CHARACTER": "CHAR"}
_NAMED_CLASSES = frozenset({"integer", "money", "timestamp", "date", "time"})


def _length(dtype: DataType) -> int | None:
    return 8 if dtype.family == "rowversion" else dtype.length


def _agree(declared: DataType, table: DataType) -> bool | None:
    """Whether an RCL datatype can carry a table column's type; None when it cannot be told.

    Replication Server reads nchar / nvarchar as char / varchar of n x @@ncharsize, timestamp
    as binary(8), and ignores numeric precision (Reference Manual, "Datatypes"); user types
    and unresolved alias types are not compared.
    """
    left, right = _CLASSES.get(declared.family), _CLASSES.get(table.family)
    if left is None or right is None:
        return None
    if declared.name == "IDENTITY":
        return right in ("exact", "integer")
    if left != right:
        return False
    if left in _NAMED_CLASSES:
        return _SAME_NAME.get(declared.name, declared.name) == _SAME_NAME.get(
            table.name, table.name
        )
    if left in ("character", "binary") and table.family not in ("nchar", "nvarchar"):
        a, b = _length(declared), _length(table)
        return a is None or b is None or a == b
    return True


def _resolve_type(dtype: DataType, index: Mapping[str, UserType]) -> DataType:
    """Follow alias types (of another file's table, not resolved there yet) to a base type."""
    seen: set[str] = set()
    while dtype.family == "udt" and dtype.name not in seen:
        seen.add(dtype.name)
        found = index.get(dtype.name) or index.get(dtype.name.rsplit(".", 1)[-1])
        if found is None:
            break
        dtype = found.base
    return dtype


def _check_definition(
    defn: ReplicationDefinition,
    tables: Tables,
    types: Mapping[str, UserType],
    diags: list[Diagnostic],
) -> ReplicationDefinition:
    listed = [c.name for c in defn.columns]
    for clause, names in (
        ("primary key", defn.primary_key),
        ("searchable columns", defn.searchable_columns),
        ("replicate_if_changed", defn.replicate_if_changed),
        ("always_replicate", defn.always_replicate),
    ):
        for name in names:
            if not has(listed, name):
                diags.append(
                    Diagnostic(
                        "R005",
                        Severity.ERROR,
                        f"{clause} column {name!r} of replication definition {defn.name} "
                        "is not in its column list",
                        defn.span,
                    )
                )
    shape = tables.find(defn.primary_table, defn.span)
    if shape is None:
        diags.append(
            Diagnostic(
                "R001",
                Severity.WARNING,
                f"replication definition {defn.name} replicates table {defn.primary_table}, "
                "which is not in the input; its columns are not checked",
                defn.span,
            )
        )
        return replace(defn, table=None, resolved=False, table_path=None)
    columns = {n.lower(): (n, _resolve_type(t, types)) for n, t in shape.columns}
    for column in defn.columns:
        found = columns.get(column.name.lower())
        if found is None:
            diags.append(
                Diagnostic(
                    "R002",
                    Severity.WARNING,
                    f"column {column.name!r} of replication definition {defn.name} is not a "
                    f"column of table {shape.name}",
                    column.span or defn.span,
                )
            )
        elif column.type is not None and _agree(column.type, found[1]) is False:
            diags.append(
                Diagnostic(
                    "R003",
                    Severity.WARNING,
                    f"column {column.name!r} of replication definition {defn.name} is declared "
                    f"{column.type.declared!r} but {shape.name}.{found[0]} is "
                    f"{found[1].declared!r}",
                    column.span or defn.span,
                )
            )
    omitted = [n for n, _ in shape.columns if not has(listed, n)]
    if omitted:
        diags.append(
            Diagnostic(
                "R004",
                Severity.INFO,
                f"replication definition {defn.name} leaves out column(s) "
                f"{', '.join(omitted)} of table {shape.name}",
                defn.span,
            )
        )
    key = declared_key(shape.name, tables)
    if key and {k.lower() for k in key} != {k.lower() for k in defn.primary_key}:
        diags.append(
            Diagnostic(
                "R006",
                Severity.WARNING,
                f"replication definition {defn.name} has primary key "
                f"({', '.join(defn.primary_key)}) but table {shape.name} is keyed on "
                f"({', '.join(key)})",
                defn.span,
            )
        )
    return replace(defn, table=shape.name, resolved=True, table_path=shape.path)
