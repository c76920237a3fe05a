"""The text catalogues: one per language (``fr`` first, ``en``), each assembled from the JSON
files of its folder (``app.json``, ``cthulhu_dice.json``, ...). Keys are dotted and unique
across files. Views and log lines never build a sentence by hand: they call :func:`t`.
The shipped package (imported from a zip in the browser) carries each language merged into
one file by the build (:func:`merged_name`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

LANGS = ("fr", "en")
DEFAULT_LANG = "fr"
_HERE = Path(__file__).parent
_CACHE: dict[str, dict[str, str]] = {}


def merged_name(lang: str) -> str:
    """The file, beside this module in the shipped package, of ``lang``'s merged catalogue."""
    return f"{lang}.json"


def catalogue(lang: str) -> dict[str, str]:
    """All keys of one language; raises ValueError if two files define the same key."""
    if lang not in LANGS:
        lang = DEFAULT_LANG
    if lang not in _CACHE:
        try:
            # Through this module's loader: a file here, or an entry of the worker's zip.
            _CACHE[lang] = json.loads(__loader__.get_data(
                os.path.join(os.path.dirname(__file__), merged_name(lang))))
            return _CACHE[lang]
        except OSError:   # from source: no merged file, the folder is read
            pass
        merged: dict[str, str] = {}
        for path in sorted((_HERE / lang).glob("*.json")):
            for key, text in json.loads(path.read_text(encoding="utf-8")).items():
                if key in merged:
                    raise ValueError(f"{lang}: key {key!r} defined twice ({path.name})")
                merged[key] = text
        _CACHE[lang] = merged
    return _CACHE[lang]


_VOWELS = "aeiouàâäéèêëîïôöùûüœæ"


def elide(word: str, text: str) -> str:
    """French élision of ``word`` ("de", "que") before a value typed or chosen at run time:
    "d’Alice", "de Bruno", "qu’Yves", "de 3" (the typographic apostrophe). Before h nothing is elided (it may be
    aspirated, "de Hastur")."""
    first = text[:1].lower()
    second = text[1:2].lower()
    vowel = first in _VOWELS or (first == "y" and second not in _VOWELS)
    return f"{word[:-1]}’{text}" if vowel and text else f"{word} {text}"


class _Value(str):
    """A text parameter: ``{name:de}`` in a catalogue string writes "d’Alice" or "de Bruno"."""

    def __format__(self, spec: str) -> str:
        if spec in ("de", "que"):
            return elide(spec, str(self))
        return format(str(self), spec)


def t(lang: str, key: str, **params) -> str:
    """The text of ``key`` in ``lang`` with ``{name}`` placeholders filled (``{name:de}``:
    "de" elided as needed). A missing key falls back to French, then to the key itself
    (visible, never a crash)."""
    text = catalogue(lang).get(key)
    if text is None:
        text = catalogue(DEFAULT_LANG).get(key, key)
    params = {k: _Value(v) if isinstance(v, str) else v for k, v in params.items()}
    try:
        return text.format(**params) if params else text
    except (KeyError, IndexError, ValueError):
        return text


def tn(lang: str, key: str, n: int, **params) -> str:
    """Plural-aware: uses ``key.one`` or ``key.other`` (French counts 0 and 1 as singular)."""
    one = n <= 1 if lang == "fr" else n == 1
    return t(lang, f"{key}.{'one' if one else 'other'}", n=n, **params)
