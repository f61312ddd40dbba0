"""JSON text as ``json.dumps(obj, ensure_ascii=False)`` writes it, encoded by msgspec (D140).

msgspec encodes builtins, enums and dataclasses (the IR, ``analyzer.records.record``
classes) in C; ``msgspec.json.format`` then lays the text out with ``json.dumps``'s
separators: two-space indentation, or one line with ``", "`` and ``": "``.  The bytes
are the same as ``json.dumps``'s for everything ddlaudit writes (strings, integers,
booleans, null, arrays, objects with string keys, in insertion order), with two
exceptions in floats (D141): an exponent is written without ``+`` and leading zeros
(``1e-07`` becomes ``1e-7``, the same number), and NaN or infinities, which JSON has no
token for (``json.dumps`` writes the invalid ``NaN``, ``Infinity``), become ``null``.
What msgspec refuses (a lone surrogate from a path read with ``surrogateescape``, a key
that is neither a string nor a number) is written by ``json.dumps`` itself, so the text,
or the error, is what it was.

msgspec is imported on the first call: a command that writes no JSON never loads it.

>>> import json
>>> doc = {"b": [1, "é", None], "a": {"x": True, "y": []}}
>>> dumps(doc) == json.dumps(doc, indent=2, ensure_ascii=False)
True
>>> dumps(doc, indent=None) == json.dumps(doc, ensure_ascii=False)
True
>>> dumps(doc, indent=None, sort_keys=True)
'{"a": {"x": true, "y": []}, "b": [1, "é", null]}'
"""

from __future__ import annotations

import functools
import typing as t

if t.TYPE_CHECKING:
    import msgspec

#: What msgspec refuses where ``json.dumps`` may not (written by ``json`` then, as before).
REFUSED = (TypeError, UnicodeEncodeError)


@functools.cache
def encoder(sort_keys: bool = False) -> msgspec.json.Encoder:
    """The compact encoder (``{"a":1}``), made once; ``sort_keys`` sorts object keys
    (dict keys and dataclass fields alike)."""
    import msgspec

    return msgspec.json.Encoder(order="sorted" if sort_keys else None)


def encode(obj: t.Any, sort_keys: bool = False) -> bytes:
    """``obj`` as compact UTF-8 JSON (no spaces); raises what msgspec raises."""
    return encoder(sort_keys).encode(obj)


def layout(data: bytes, indent: int | None = 2) -> str:
    """Compact JSON ``data`` laid out as ``json.dumps`` would with ``indent`` (None: one
    line with ``", "`` and ``": "``)."""
    import msgspec

    return msgspec.json.format(data, indent=0 if indent is None else indent).decode("utf-8")


def dumps(obj: t.Any, indent: int | None = 2, sort_keys: bool = False) -> str:
    """``json.dumps(obj, indent=indent, ensure_ascii=False, sort_keys=sort_keys)``, through
    msgspec (floats: see the module's docstring)."""
    try:
        data = encode(obj, sort_keys)
    except REFUSED:
        import json

        return json.dumps(obj, indent=indent, ensure_ascii=False, sort_keys=sort_keys)
    return layout(data, indent)


def item(data: bytes, depth: int = 2) -> str:
    """Compact JSON ``data`` as it appears in a ``json.dumps(..., indent=2)`` document at
    ``depth`` (an array item of a top-level key is at depth 2), without the line break
    before its first indent: laid out inside ``depth`` arrays, which are cut off again
    (``depth`` lines of ``[`` before it, of ``]`` after it).

    >>> print(item(b'{"a":[1]}', 1))
      {
        "a": [
          1
        ]
      }
    """
    import msgspec

    cut = depth * (depth + 1)  # the lines "[", "  [", ...: 2 + 4 + ... characters
    text = msgspec.json.format(b"[" * depth + data + b"]" * depth, indent=2)
    return text[cut : len(text) - cut].decode("utf-8")
