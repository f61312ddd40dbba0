"""Average column lengths from a file (``--averages``): vendors size with averages.

CSV with a header ``table,column,bytes`` (``table`` may be ``*`` for every table), or
YAML ``{table: {column: bytes}}``.  Names are matched case-insensitively on the bare
table name.

>>> parse_csv("table,column,bytes\\nemployee,FName,14\\n*,comment,100\\n", "avg.csv")
((('employee', 'fname'), 14), (('*', 'comment'), 100))
>>> parse_yaml("employee:\\n  fname: 14\\n", "avg.yaml")
((('employee', 'fname'), 14),)
>>> parse_csv("table,column,bytes\\nt,c,-1\\n", "avg.csv")
Traceback (most recent call last):
...
analyzer.settings.SettingsError: avg.csv:2: bytes = '-1': expected a whole number >= 0
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import yaml

from analyzer.settings import SettingsError

Averages = tuple[tuple[tuple[str, str], int], ...]


def _bytes(value: object, where: str) -> int:
    text = str(value).strip()
    if not text.isdigit():
        raise SettingsError(f"{where}: bytes = {value!r}: expected a whole number >= 0")
    return int(text)


def parse_csv(text: str, source: str) -> Averages:
    reader = csv.DictReader(io.StringIO(text))
    need = {"table", "column", "bytes"}
    if reader.fieldnames is None or not need <= {f.strip().lower() for f in reader.fieldnames}:
        raise SettingsError(f"{source}:1: expected a header with the columns table,column,bytes")
    out = []
    for number, row in enumerate(reader, start=2):
        row = {k.strip().lower(): (v or "").strip() for k, v in row.items() if k}
        if not row["table"] or not row["column"]:
            raise SettingsError(f"{source}:{number}: table and column must not be empty")
        out.append(
            (
                (row["table"].lower(), row["column"].lower()),
                _bytes(row["bytes"], f"{source}:{number}"),
            )
        )
    return tuple(out)


def parse_yaml(text: str, source: str) -> Averages:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise SettingsError(f"{source}: invalid YAML: {err}") from None
    if not isinstance(data, dict):
        raise SettingsError(f"{source}: expected a mapping of table: {{column: bytes}}")
    out = []
    for table, columns in data.items():
        if not isinstance(columns, dict):
            raise SettingsError(f"{source}: {table}: expected a mapping of column: bytes")
        for column, value in columns.items():
            out.append(
                (
                    (str(table).lower(), str(column).lower()),
                    _bytes(value, f"{source}: {table}.{column}"),
                )
            )
    return tuple(out)


def load(path: str) -> Averages:
    """Read an averages file; CSV unless its name ends in .yaml / .yml."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise SettingsError(f"{path}: cannot read: {err}") from None
    if path.lower().endswith((".yaml", ".yml")):
        return parse_yaml(text, path)
    return parse_csv(text, path)
