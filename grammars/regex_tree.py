"""The parse tree of a regular expression, for the evidence patterns' literals (D109, D137).

:func:`grammars.profile.literals` reads which literals every match of an evidence
pattern contains from the pattern's parse tree.  ``re`` builds such a tree while it
compiles, but only through its private parser (``re._parser``), which the package does
not use: :func:`parse` reads the subset of the syntax (Python's ``re`` module
documentation, "Regular Expression Syntax") that detection's patterns are written in,
into the same shape ``re``'s parser gives, with the same simplifications (a
non-capturing group inlined, a common first item moved out of an alternation, an
alternation of single characters made one set).  What it does not read (back
references, conditionals, inline flags, ``\\N{...}``, octal escapes) raises
:class:`Unsupported`; the caller then takes no literals, and the regex alone decides.

An item is ``(op, argument)``; a sequence is a list of items.

>>> parse(r"\\bon\\s+(?:a|b)c*")  # doctest: +NORMALIZE_WHITESPACE
[('at', 'boundary'), ('literal', 111), ('literal', 110),
 ('max_repeat', (1, 4294967295, [('in', [('category', 'space')])])),
 ('in', [('literal', 97), ('literal', 98)]),
 ('max_repeat', (0, 4294967295, [('literal', 99)]))]
"""

from __future__ import annotations

import typing as t

#: Item operations (``re``'s opcode names, lower case).
LITERAL = "literal"
NOT_LITERAL = "not_literal"
ANY = "any"
AT = "at"
IN = "in"
RANGE = "range"
NEGATE = "negate"
CATEGORY = "category"
BRANCH = "branch"
SUBPATTERN = "subpattern"
ATOMIC_GROUP = "atomic_group"
ASSERT = "assert"
ASSERT_NOT = "assert_not"
MAX_REPEAT = "max_repeat"
MIN_REPEAT = "min_repeat"
POSSESSIVE_REPEAT = "possessive_repeat"

#: ``AT`` arguments.
AT_BEGINNING = "beginning"
AT_BEGINNING_STRING = "beginning_string"
AT_BOUNDARY = "boundary"
AT_NON_BOUNDARY = "non_boundary"
AT_END = "end"
AT_END_STRING = "end_string"

#: ``CATEGORY`` arguments.
CATEGORY_DIGIT = "digit"
CATEGORY_NOT_DIGIT = "not_digit"
CATEGORY_SPACE = "space"
CATEGORY_NOT_SPACE = "not_space"
CATEGORY_WORD = "word"
CATEGORY_NOT_WORD = "not_word"

#: The largest repeat count (``re``'s ``MAXREPEAT`` on 64-bit builds): an open ``*``.
MAXREPEAT = 4294967295

Item = tuple[str, t.Any]

_REPEATS = (MAX_REPEAT, MIN_REPEAT, POSSESSIVE_REPEAT)
_SPECIAL = ".\\[{()*+?^$|"
_DIGITS = "0123456789"
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_CATEGORIES: dict[str, Item] = {
    "A": (AT, AT_BEGINNING_STRING),
    "b": (AT, AT_BOUNDARY),
    "B": (AT, AT_NON_BOUNDARY),
    "d": (IN, [(CATEGORY, CATEGORY_DIGIT)]),
    "D": (IN, [(CATEGORY, CATEGORY_NOT_DIGIT)]),
    "s": (IN, [(CATEGORY, CATEGORY_SPACE)]),
    "S": (IN, [(CATEGORY, CATEGORY_NOT_SPACE)]),
    "w": (IN, [(CATEGORY, CATEGORY_WORD)]),
    "W": (IN, [(CATEGORY, CATEGORY_NOT_WORD)]),
    "Z": (AT, AT_END_STRING),
}
_ESCAPES = {"a": 7, "b": 8, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11, "\\": 92}
_HEX = {"x": 2, "u": 4, "U": 8}


class Unsupported(ValueError):
    """The pattern uses syntax :func:`parse` does not read, or is not a valid pattern."""


def parse(source: str) -> list[Item]:
    """The parse tree of ``source`` (compiled without flags), as ``re``'s parser gives it."""
    reader = _Reader(source)
    tree = reader.alternation()
    if reader.at < len(source):
        raise Unsupported("unbalanced parenthesis")
    return tree


def _same(a: Item, b: Item) -> bool:
    # re's parser compares the first items of an alternation's branches as tuples, whose
    # nested sequences are objects equal only to themselves
    return a[0] == b[0] and a[0] in (LITERAL, NOT_LITERAL, ANY, AT, IN) and a[1] == b[1]


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.at = 0
        self.groups = 0

    def peek(self) -> str | None:
        return self.source[self.at] if self.at < len(self.source) else None

    def take(self) -> str:
        if self.at >= len(self.source):
            raise Unsupported("unexpected end of pattern")
        char = self.source[self.at]
        self.at += 1
        return char

    def match(self, text: str) -> bool:
        if self.source.startswith(text, self.at):
            self.at += len(text)
            return True
        return False

    def alternation(self) -> list[Item]:
        branches = [self.sequence()]
        while self.match("|"):
            branches.append(self.sequence())
        if len(branches) == 1:
            return branches[0]
        made: list[Item] = []
        while all(branches) and all(_same(b[0], branches[0][0]) for b in branches[1:]):
            made.append(branches[0][0])
            for branch in branches:
                del branch[0]
        chars: list[Item] = []
        for branch in branches:
            if len(branch) != 1:
                break
            op, arg = branch[0]
            if op == LITERAL:
                chars.append((op, arg))
            elif op == IN and arg[0][0] != NEGATE:
                chars.extend(arg)
            else:
                break
        else:
            made.append((IN, list(dict.fromkeys(chars))))
            return made
        made.append((BRANCH, (None, branches)))
        return made

    def sequence(self) -> list[Item]:
        items: list[Item] = []
        while (char := self.peek()) is not None and char not in "|)":
            self.at += 1
            if char == "\\":
                items.append(self.escape())
            elif char not in _SPECIAL:
                items.append((LITERAL, ord(char)))
            elif char == "[":
                items.append(self.char_set())
            elif char in "*+?{":
                self.repeat(char, items)
            elif char == ".":
                items.append((ANY, None))
            elif char == "(":
                items.append(self.group())
            elif char == "^":
                items.append((AT, AT_BEGINNING))
            else:  # "$"
                items.append((AT, AT_END))
        for k in range(len(items) - 1, -1, -1):  # non-capturing groups inlined
            op, arg = items[k]
            if op == SUBPATTERN and arg[0] is None:
                items[k : k + 1] = arg[3]
        return items

    def escape(self) -> Item:
        char = self.take()
        if char in _CATEGORIES:
            op, arg = _CATEGORIES[char]
            return (op, list(arg) if op == IN else arg)
        return (LITERAL, self.escaped(char))

    def escaped(self, char: str) -> int:
        """The code of the character ``\\char`` stands for (``\\b`` outside a set is
        taken before)."""
        if char in _ESCAPES:
            return _ESCAPES[char]
        if char in _HEX:
            digits = self.source[self.at : self.at + _HEX[char]]
            if len(digits) != _HEX[char] or not all(c in "0123456789abcdefABCDEF" for c in digits):
                raise Unsupported(f"bad escape \\{char}")
            self.at += len(digits)
            return int(digits, 16)
        if char in _ASCII_LETTERS or char in _DIGITS:
            raise Unsupported(f"escape \\{char}")
        return ord(char)

    def set_item(self, char: str) -> Item:
        if char != "\\":
            return (LITERAL, ord(char))
        char = self.take()
        if char in _CATEGORIES:
            op, arg = _CATEGORIES[char]
            if op != IN:
                raise Unsupported(f"bad escape \\{char}")
            return t.cast(Item, arg[0])
        return (LITERAL, self.escaped(char))

    def char_set(self) -> Item:
        negate = self.match("^")
        items: list[Item] = []
        while True:
            char = self.take()
            if char == "]" and items:
                break
            first = self.set_item(char)
            if self.match("-"):
                that = self.take()
                if that == "]":
                    items.extend([first, (LITERAL, ord("-"))])
                    break
                last = self.set_item(that)
                if first[0] != LITERAL or last[0] != LITERAL or last[1] < first[1]:
                    raise Unsupported("bad character range")
                items.append((RANGE, (first[1], last[1])))
            else:
                items.append(first)
        items = list(dict.fromkeys(items))
        if len(items) == 1 and items[0][0] == LITERAL:
            return (NOT_LITERAL, items[0][1]) if negate else items[0]
        return (IN, [(NEGATE, None), *items] if negate else items)

    def repeat(self, char: str, items: list[Item]) -> None:
        if char == "?":
            low, high = 0, 1
        elif char == "*":
            low, high = 0, MAXREPEAT
        elif char == "+":
            low, high = 1, MAXREPEAT
        else:  # "{": a count, or a literal brace
            start = self.at
            lo = hi = ""
            while (c := self.peek()) is not None and c in _DIGITS:
                lo += self.take()
            if self.match(","):
                while (c := self.peek()) is not None and c in _DIGITS:
                    hi += self.take()
            else:
                hi = lo
            if start == self.at or not self.match("}"):
                self.at = start
                items.append((LITERAL, ord("{")))
                return
            low = int(lo) if lo else 0
            high = int(hi) if hi else MAXREPEAT
            if high < low or high > MAXREPEAT:
                raise Unsupported("bad repeat count")
        if not items or items[-1][0] == AT:
            raise Unsupported("nothing to repeat")
        op, arg = items[-1]
        if op in _REPEATS:
            raise Unsupported("multiple repeat")
        body = arg[3] if op == SUBPATTERN and arg[0] is None else [items[-1]]
        if self.match("?"):
            kind = MIN_REPEAT
        elif self.match("+"):
            kind = POSSESSIVE_REPEAT
        else:
            kind = MAX_REPEAT
        items[-1] = (kind, (low, high, body))

    def group(self) -> Item:
        if not self.match("?"):
            self.groups += 1
            return self.closed(SUBPATTERN, self.groups)
        char = self.take()
        if char == ":":
            return self.closed(SUBPATTERN, None)
        if char == ">":
            return self.closed(ATOMIC_GROUP, None)
        if char == "P" and self.match("<"):
            end = self.source.find(">", self.at)
            if end < 0 or not self.source[self.at : end].isidentifier():
                raise Unsupported("bad group name")
            self.at = end + 1
            self.groups += 1
            return self.closed(SUBPATTERN, self.groups)
        if char in "=!" or (char == "<" and self.peek() in ("=", "!")):
            direction = 1
            if char == "<":
                direction, char = -1, self.take()
            return self.closed(ASSERT if char == "=" else ASSERT_NOT, direction)
        raise Unsupported(f"group (?{char}")

    def closed(self, op: str, label: int | None) -> Item:
        inner = self.alternation()
        if not self.match(")"):
            raise Unsupported("missing ), unterminated subpattern")
        if op == SUBPATTERN:
            return (op, (label, 0, 0, inner))
        if op == ATOMIC_GROUP:
            return (op, inner)
        return (op, (label, inner))
