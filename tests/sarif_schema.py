"""Validate SARIF logs against the official OASIS SARIF 2.1.0 schema (tests/schemas/).

GitHub's ``upload-sarif`` hardly validates what it is sent, so tests do: any test
that produces SARIF can call :func:`validate_sarif` on the text.

    from tests.sarif_schema import validate_sarif
    log = validate_sarif(text)  # the parsed log; raises jsonschema.ValidationError
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

SCHEMA_PATH = Path(__file__).parent / "schemas" / "sarif-schema-2.1.0.json"


@functools.cache
def validator() -> Any:
    """A Draft 4 validator (the schema's draft) that also checks ``format``."""
    from jsonschema import Draft4Validator

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft4Validator.check_schema(schema)
    return Draft4Validator(schema, format_checker=Draft4Validator.FORMAT_CHECKER)


def validate_sarif(text: str) -> Any:
    """Parse ``text`` as JSON, validate it as SARIF 2.1.0 and return the log.

    Raises ``json.JSONDecodeError`` for bad JSON and the most relevant
    ``jsonschema.ValidationError`` for a log the schema rejects.
    """
    from jsonschema.exceptions import best_match

    log = json.loads(text)
    error = best_match(validator().iter_errors(log))
    if error is not None:
        raise error
    return log
