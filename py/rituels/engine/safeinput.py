"""The one door for outside data: share links, imported files, anything read from storage.

JSON from outside is measured before it is parsed: ``json.loads`` of a few thousand nested
brackets overflows the JavaScript stack under Pyodide (a fatal error, not a Python exception),
so the nesting depth and size are checked on the raw text first. Text fields that reach the
screen (names, titles) are normalised (NFC, spaces collapsed) and refused when they hold lone
surrogates (they cannot be encoded, so every later render would fail) or control characters.

Every refusal is an :class:`InputError` whose ``code`` is an i18n key; the record and link
readers turn it into their own error (a RecordError), so callers handle one kind of failure.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

MAX_DEPTH = 16                 # a record nests 4 levels; the index 3
MAX_TITLE = 60
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)   # unrolled: fast on long strings
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE = re.compile("[\ud800-\udfff]")
# Bidirectional overrides and isolates can make a name display as someone else's.
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class InputError(ValueError):
    """Outside data refused before or while it was read."""

    def __init__(self, reason: str, code: str):
        super().__init__(reason)
        self.reason = reason
        self.code = code


def too_deep(text: str, max_depth: int) -> bool:
    """True when JSON text nests brackets deeper than ``max_depth`` (brackets inside strings
    do not count). Innermost pairs are removed ``max_depth`` times with C-level string
    operations: no recursion, and fast on megabytes."""
    if text.count("[") + text.count("{") <= max_depth:   # the usual case: a few brackets
        return False
    brackets = _NOT_BRACKET.sub("", _STRINGS.sub("", text))
    if re.search(r"[\[{]{%d}" % (max_depth + 1), brackets):   # the usual attack: opens only
        return True
    for _ in range(max_depth):
        if not brackets:
            return False
        brackets = brackets.replace("[]", "").replace("{}", "")
    # Pairs still left are deeper than allowed; a lone bracket is a syntax error instead.
    return "[]" in brackets or "{}" in brackets


def read_json(text: Any, *, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """Parse outside JSON text after checking its type, size and nesting depth."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("the text is not UTF-8", "library.input.not_json") from None
    if not isinstance(text, str):
        raise InputError("not text", "library.input.not_json")
    if len(text) > max_chars:
        raise InputError(f"longer than {max_chars} characters", "library.input.too_big")
    if too_deep(text, max_depth):
        raise InputError(f"nested deeper than {max_depth} levels", "library.input.too_deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise InputError("the text is not JSON", "library.input.not_json") from None


MAX_TEXT = 1_000    # longer is never a name or a title: refused before any character scan


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be shown as a name or title (None when it can)."""
    if len(value) > MAX_TEXT:
        return f"it is longer than {MAX_TEXT} characters"
    if _SURROGATE.search(value):
        return "it holds an invalid character (a lone surrogate)"
    for ch in value:
        if ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") and ch != " ":
            return f"it holds a control or unassigned character (U+{ord(ch):04X})"
    return None


# Letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern, ...), on
# top of the categories that never draw: formats (U+200B...), spaces, combining marks alone.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u034f\u17b4\u17b5\u2028\u2029")
_UNSEEN = ("Cf", "Zs", "Zl", "Zp", "Mn", "Me", "Cc")


def visible_form(value: str) -> str:
    """``value`` without the characters that draw nothing, case folded: two names that look
    the same ("Ada" and "Ada\u200b") have the same form; a name with no visible character
    has an empty one."""
    return "".join(ch for ch in unicodedata.normalize("NFC", value)
                   if ch not in _BLANK and unicodedata.category(ch) not in _UNSEEN).casefold()


def clean_text(value: str) -> str:
    """A name or title without forbidden characters: NFC, runs of white space made one
    space, trimmed."""
    return " ".join(unicodedata.normalize("NFC", value).split())


def clean_title(value: Any) -> str:
    """A game's title from anywhere (link, file, rename): cleaned, cut to ``MAX_TITLE``;
    an unusable one (not text, forbidden characters) becomes no title."""
    if not isinstance(value, str):
        return ""
    value = value[:MAX_TEXT]
    if text_problem(value):
        return ""
    return clean_text(value)[:MAX_TITLE].rstrip()


def printable(text: str) -> str:
    """Markup or text for the page with any lone surrogate replaced (a last guard: one that
    slipped through would make the page's update fail)."""
    if text.isascii() or not _SURROGATE.search(text):
        return text
    return _SURROGATE.sub("\ufffd", text)
