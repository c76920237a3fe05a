"""The text catalogues: one per language (``fr`` first, ``en``, ``it``, ``de``), each assembled
from the JSON files of its folder (``app.json``, ``cthulhu_dice.json``, ...). Keys are dotted and unique
across files. Views and log lines never build a sentence by hand: they call :func:`t`.
The shipped package (imported from a zip in the browser) carries each language merged into
one file by the build (:func:`merged_name`). Plural forms follow each language's CLDR
categories (:data:`PLURALS`), numbers its separators (:func:`number`). Translations are kept
complete by ``python3 -m rituels i18n`` (rituels/tools/translations.py).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

LANGS = ("fr", "en", "it", "de")
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


def _plural_fr(i: int) -> str:
    if i in (0, 1):
        return "one"
    return "many" if i % 1_000_000 == 0 else "other"


def _plural_it(i: int) -> str:
    if i == 1:
        return "one"
    return "many" if i and i % 1_000_000 == 0 else "other"


def _plural_one(i: int) -> str:
    return "one" if i == 1 else "other"


# CLDR plural categories of whole numbers, one rule per language (the plural rules of
# CLDR 44; "many" is for exact millions: "1 million de jetons"). Catalogues write ``key.one``
# and ``key.other``, and ``key.many`` only where it differs from ``other``.
PLURALS = {"fr": _plural_fr, "en": _plural_one, "it": _plural_it, "de": _plural_one}

# (group separator, decimal separator): "1 234,5" (narrow no-break space), "1,234.5",
# "1.234,5".
SEPARATORS = {"fr": ("\u202f", ","), "en": (",", "."), "it": (".", ","), "de": (".", ",")}


def plural(lang: str, n: int) -> str:
    """The CLDR plural category of the whole number ``n`` in ``lang``."""
    return PLURALS.get(lang, _plural_one)(abs(int(n)))


def number(lang: str, value: float, decimals: int = 0) -> str:
    """``value`` written as ``lang`` writes numbers (groups of three, its decimal mark)."""
    group, point = SEPARATORS.get(lang, SEPARATORS[DEFAULT_LANG])
    text = f"{value:,.{decimals}f}" if decimals else f"{round(value):,d}"
    return text.replace(",", "\0").replace(".", point).replace("\0", group)


class _Number(int):
    """An integer parameter: written with the language's group separator ("1 234")."""

    lang = DEFAULT_LANG

    def __format__(self, spec: str) -> str:
        return number(self.lang, int(self)) if not spec else format(int(self), spec)


def _number_param(lang: str, value: int) -> int:
    if -1000 < value < 1000:
        return value
    n = _Number(value)
    n.lang = lang
    return n


class _Value(str):
    """A text parameter: ``{name:de}`` in a catalogue string writes "d’Alice" or "de Bruno"."""

    def __format__(self, spec: str) -> str:
        if spec in ("de", "que"):
            return elide(spec, str(self))
        return format(str(self), spec)


class You(_Value):
    """The name of the player spoken to at the screen (``ViewContext.you``: a lesson's
    learner, the player of a retried decision or of the coach's advice). When it is the
    subject of a sentence (:data:`SUBJECTS`), :func:`t` takes the key's second-person form
    ``<key>.you`` if the catalogue has one (« Vous jouez une carte », not « Vous joue »);
    when it is another parameter ``p``, the form ``<key>.you_<p>`` (« Bruno vous choisit
    comme victime »)."""


SUBJECTS = ("who", "name", "names", "player")   # the parameter that is a sentence's subject


def _second_person(lang: str, key: str, params: dict) -> str:
    subject = next((k for k in SUBJECTS if k in params), None)
    for name, value in params.items():
        if isinstance(value, You):
            form = f"{key}.you" if name == subject else f"{key}.you_{name}"
            if form in catalogue(lang) or form in catalogue(DEFAULT_LANG):
                return form
    return key


def t(lang: str, key: str, **params) -> str:
    """The text of ``key`` in ``lang`` with ``{name}`` placeholders filled (``{name:de}``:
    "de" elided as needed); its ``.you`` form when the subject is :class:`You`. A missing
    key falls back to French, then to the key itself (visible, never a crash)."""
    if params:
        key = _second_person(lang, key, params)
    text = catalogue(lang).get(key)
    if text is None:
        text = catalogue(DEFAULT_LANG).get(key, key)
    params = {k: v if isinstance(v, _Value) else _Value(v) if isinstance(v, str) else
              _number_param(lang, v) if type(v) is int else v for k, v in params.items()}
    try:
        return text.format(**params) if params else text
    except (KeyError, IndexError, ValueError):
        return text


def tn(lang: str, key: str, n: int, **params) -> str:
    """Plural-aware: uses ``key.<category>`` by ``lang``'s CLDR rule (French counts 0 and 1
    as "one"), and ``key.other`` when the catalogue has no key of that category."""
    category = plural(lang, n)
    if category not in ("one", "other") and f"{key}.{category}" not in catalogue(lang):
        category = "other"
    return t(lang, f"{key}.{category}", n=n, **params)
