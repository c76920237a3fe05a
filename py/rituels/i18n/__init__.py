"""The text catalogues: one per language (``fr`` first, ``en``), each assembled from the JSON
files of its folder (``app.json``, ``cthulhu_dice.json``, ...). Keys are dotted and unique
across files. Views and log lines never build a sentence by hand: they call :func:`t`.
"""

from __future__ import annotations

import json
from pathlib import Path

LANGS = ("fr", "en")
DEFAULT_LANG = "fr"
_HERE = Path(__file__).parent
_CACHE: dict[str, dict[str, str]] = {}


def catalogue(lang: str) -> dict[str, str]:
    """All keys of one language; raises ValueError if two files define the same key."""
    if lang not in LANGS:
        lang = DEFAULT_LANG
    if lang not in _CACHE:
        merged: dict[str, str] = {}
        for path in sorted((_HERE / lang).glob("*.json")):
            for key, text in json.loads(path.read_text(encoding="utf-8")).items():
                if key in merged:
                    raise ValueError(f"{lang}: key {key!r} defined twice ({path.name})")
                merged[key] = text
        _CACHE[lang] = merged
    return _CACHE[lang]


def t(lang: str, key: str, **params) -> str:
    """The text of ``key`` in ``lang`` with ``{name}`` placeholders filled. A missing key
    falls back to French, then to the key itself (visible, never a crash)."""
    text = catalogue(lang).get(key)
    if text is None:
        text = catalogue(DEFAULT_LANG).get(key, key)
    try:
        return text.format(**params) if params else text
    except (KeyError, IndexError, ValueError):
        return text


def tn(lang: str, key: str, n: int, **params) -> str:
    """Plural-aware: uses ``key.one`` or ``key.other`` (French counts 0 and 1 as singular)."""
    one = n <= 1 if lang == "fr" else n == 1
    return t(lang, f"{key}.{'one' if one else 'other'}", n=n, **params)
