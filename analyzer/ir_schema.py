"""The JSON Schema of ``ddlaudit parse --format json`` (and of its ``jsonl`` lines),
generated from the IR's types by msgspec (D142); ``docs/ir.schema.json`` holds it and a
test checks that it is what this module generates.

    python -m analyzer.ir_schema > docs/ir.schema.json

Each IR class is a definition (``$defs``) named after it, its docstring (cleaned of
indentation) its description; enums list their values.  ``ParsedFile`` is a file as
``parse`` writes it, a ``FileResult`` plus ``skipped_by_kind``; ``JsonlLine`` is one line
of ``--format jsonl`` (a ``ParsedFile`` with ``"type": "file"``, or the summary).  The
document's ``schema_version`` is the constant :data:`analyzer.ir.SCHEMA_VERSION`: a new
version is a new schema.

>>> doc = schema()
>>> doc["properties"]["schema_version"], doc["$defs"]["Severity"]["enum"]
({'const': '1.7'}, ['error', 'info', 'warning'])
>>> doc["$defs"]["QualifiedName"]["required"]
['name']
"""

from __future__ import annotations

import inspect
import sys
import typing as t

#: Where a definition is referred to from: this document's ``$defs``.
REF = "#/$defs/{name}"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": REF.format(name=name)}


def schema() -> dict[str, t.Any]:
    """The JSON Schema (draft 2020-12) of the ``parse --format json`` document."""
    import msgspec

    from analyzer.ir import SCHEMA_VERSION, FileResult

    (_,), found = msgspec.json.schema_components((FileResult,), ref_template=REF)
    defs: dict[str, t.Any] = {}
    for name, definition in sorted(found.items()):
        if "description" in definition:  # as written in the source, on any Python
            definition = {**definition, "description": inspect.cleandoc(definition["description"])}
        defs[name] = definition
    version = {"const": SCHEMA_VERSION}
    defs["ParsedFile"] = {
        "description": "One file of the document: its FileResult and how many statements "
        "of each kind it skipped (derived from skipped), most frequent first.",
        "allOf": [_ref("FileResult")],
        "properties": {
            "skipped_by_kind": {"type": "object", "additionalProperties": {"type": "integer"}}
        },
        "required": ["skipped_by_kind"],
    }
    defs["JsonlLine"] = {
        "description": "One line of parse --format jsonl: a file as it is done, then one "
        "summary (docs/streaming.md).",
        "oneOf": [
            {
                "allOf": [_ref("ParsedFile")],
                "properties": {"type": {"const": "file"}},
                "required": ["type"],
            },
            {
                "type": "object",
                "properties": {
                    "type": {"const": "summary"},
                    "schema_version": version,
                    "files": {"type": "integer", "minimum": 0},
                    "errors": {"type": "integer", "minimum": 0},
                },
                "required": ["type", "schema_version", "files", "errors"],
            },
        ],
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"ddlaudit IR, schema {SCHEMA_VERSION}",
        "description": "The document ddlaudit parse --format json prints (docs/ir.md); "
        "generated from analyzer/ir.py by python -m analyzer.ir_schema.",
        "type": "object",
        "properties": {
            "schema_version": version,
            "files": {"type": "array", "items": _ref("ParsedFile")},
        },
        "required": ["schema_version", "files"],
        "$defs": defs,
    }


def text() -> str:
    """:func:`schema` as ``docs/ir.schema.json`` holds it: indented JSON, one final newline."""
    from analyzer.jsontext import dumps

    return dumps(schema()) + "\n"


def main() -> int:
    sys.stdout.write(text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
