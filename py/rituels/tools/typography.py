"""The typography of the text catalogues (py/rituels/i18n/<lang>/*.json), per language.

Checks, and with ``--fix`` rewrites in place:
- French: a narrow no-break space (U+202F) before ``; : ! ?`` and inside ``« »``, in place of
  a plain or no-break space, or added where none was (lines then never wrap as "Joueurs⏎:");
  élision before a name given at run time: ``de {name}`` becomes ``{name:de}`` (the
  catalogue code writes "d’Alice" or "de Bruno"), same for ``que``; the typographic
  apostrophe ’ in place of ' ("l’autel").
- Italian and German: the apostrophe ’ ("dell’altare", "geht’s"), no space before
  ``; : ! ?``; German quotes „…“ and Italian « » (no space inside) in place of "…".
- every language but French: no French-only ``{name:de}``.
Placeholders (``{h}:{min}``, ``{name:de}``) and colons between digits are left alone. The
fix is idempotent: a second run changes nothing.

    python3 -m rituels.tools.typography          # report, exit 1 if something is wrong
    python3 -m rituels.tools.typography --fix    # rewrite the catalogues
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from rituels.i18n import LANGS

NNBSP = "\u202f"
SPACES = " \u00a0\u202f"
MARKS = ";:!?"
I18N = Path(__file__).resolve().parents[1] / "i18n"
# Parameters that carry a name (of a player, a seat, a game): they take élision.
NAME_PARAMS = ("name", "names", "victim", "target", "to", "player", "winner", "game")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_ELISION = re.compile(r"\b(de|que) \{(" + "|".join(NAME_PARAMS) + r")\}")
HOLE = "\ue000"   # stands for a placeholder while the marks are mended


def _elide(text: str) -> str:
    return _ELISION.sub(lambda m: "{" + m.group(2) + ":" + m.group(1) + "}", text)


def _fix_marks(text: str) -> str:
    """Narrow no-break spaces before ; : ! ? and inside « » (placeholders are HOLEs)."""
    out: list[str] = []
    after_quote = False
    for i, ch in enumerate(text):
        if after_quote and ch in SPACES:
            continue   # the space after « is written once
        after_quote = False
        if ch == "»" or (ch in MARKS and _needs_space(text, i)):
            while out and out[-1] in SPACES:
                out.pop()
            if out:
                out.append(NNBSP)
        out.append(ch)
        if ch == "«":
            out.append(NNBSP)
            after_quote = True
    return "".join(out)


def _needs_space(text: str, i: int) -> bool:
    """A mark that ends a phrase (not "12:30", "{h}:{min}", "?!" or a URL's "://")."""
    before = text[:i].rstrip(SPACES)
    if not before or before[-1] in MARKS or before[-1] == "«":
        return False          # "?!": one space before the group
    prev, after = before[-1], text[i + 1:i + 2]
    if text[i] == ":" and (after == "/" or (prev.isdigit() and after.isdigit())
                           or (prev == HOLE and after == HOLE)):
        return False
    return after == "" or after in SPACES or after in "»)\n" or after in MARKS


def _fix_bare(text: str) -> str:
    holders = iter(_PLACEHOLDER.findall(text))
    mended = _fix_marks(_PLACEHOLDER.sub(HOLE, text))
    return "".join(next(holders) if ch == HOLE else ch for ch in mended)


# An apostrophe inside a word, or before a placeholder ("l'{area}") or a digit ("l'8").
_APOSTROPHE = re.compile(r"(?<=\w)'(?=[\w{])")
_SPACE_BEFORE_MARK = re.compile(r"[ \u00a0\u202f]+(?=[;:!?](?:$|[\s»“)]))")
_STRAIGHT_QUOTES = re.compile(r'"([^"]*)"')
QUOTES = {"de": ("„", "“"), "it": ("«", "»")}


def _apostrophe(text: str) -> str:
    return _APOSTROPHE.sub("’", text)


def _fix_fr(text: str) -> str:
    return _apostrophe(_fix_bare(_elide(text)))


def _fix_other(text: str, lang: str) -> str:
    """Italian and German: ’, no space before ; : ! ?, their own quotes."""
    text = _SPACE_BEFORE_MARK.sub("", _apostrophe(text))
    if lang in QUOTES:
        left, right = QUOTES[lang]
        text = _STRAIGHT_QUOTES.sub(lambda m: f"{left}{m.group(1).strip()}{right}", text)
        if lang == "it":   # Italian « » take no space inside
            text = re.sub(r"«[ \u00a0\u202f]+", "«", re.sub(r"[ \u00a0\u202f]+»", "»", text))
    return text


def fix_text(text: str, lang: str = "fr") -> str:
    """The string with its language's typography mended (placeholders untouched)."""
    if lang == "fr":
        return _fix_fr(text)
    if lang in ("it", "de"):
        return _fix_other(text, lang)
    return text


def problems(text: str, lang: str = "fr") -> list[str]:
    """What is wrong with one catalogue string (empty if nothing)."""
    out = []
    if lang != "fr":
        if re.search(r"\{[a-z_]+:(de|que)\}", text):
            out.append("French élision ({name:de}) in a string of another language")
        if lang in ("it", "de"):
            if "'" in text:
                out.append("the apostrophe must be ’, not '")
            if _SPACE_BEFORE_MARK.search(text):
                out.append("no space before ; : ! ? (that is French)")
            if '"' in text:
                out.append(f"straight quotes: write {''.join(QUOTES[lang])}")
            elif _fix_other(text, lang) != text:
                out.append("no space inside « » in Italian")
        return out
    if _elide(text) != text:
        out.append("'de {name}' must be written '{name:de}' (élision: d’Alice)")
    if _fix_bare(text) != text:
        out.append("space before ; : ! ? and inside « » must be a narrow no-break space")
    if "'" in text:
        out.append("the apostrophe must be ’, not ' (l’autel)")
    return out


def catalogue_files(root: Path = I18N) -> list[Path]:
    """Every language's files (not i18n/sources/, the translation records)."""
    return sorted(p for lang in LANGS for p in (root / lang).glob("*.json"))


def check_file(path: Path) -> list[str]:
    lang = path.parent.name
    data = json.loads(path.read_text(encoding="utf-8"))
    return [f"{path.parent.name}/{path.name}: {key}: {why}: {text!r}"
            for key, text in data.items() for why in problems(text, lang)]


def fix_file(path: Path) -> int:
    """Rewrite one catalogue in place (same order, same layout); returns the number of
    strings changed."""
    lang = path.parent.name
    raw = path.read_text(encoding="utf-8")
    data = json.loads(raw)
    changed = {k: fix_text(v, lang) for k, v in data.items() if fix_text(v, lang) != v}
    if not changed:
        return 0
    # Line by line, so the file's own layout (indentation, key order) stays as it was.
    lines = raw.split("\n")
    for i, line in enumerate(lines):
        stripped = line.strip()
        if not stripped.startswith('"'):
            continue
        key = json.loads(stripped.split('": ', 1)[0] + '"')
        if key in changed:
            indent = line[:len(line) - len(line.lstrip())]
            comma = "," if stripped.endswith(",") else ""
            lines[i] = (f"{indent}{json.dumps(key, ensure_ascii=False)}: "
                        f"{json.dumps(changed[key], ensure_ascii=False)}{comma}")
    text = "\n".join(lines)
    if json.loads(text) != {**data, **changed}:   # never write a file that reads differently
        raise ValueError(f"{path}: cannot rewrite safely (one key per line expected)")
    path.write_text(text, encoding="utf-8")
    return len(changed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m rituels.tools.typography",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--fix", action="store_true", help="rewrite the catalogues")
    parser.add_argument("files", nargs="*", type=Path, help="catalogue files (default: all)")
    args = parser.parse_args(argv)
    files = args.files or catalogue_files()
    if args.fix:
        total = sum(fix_file(p) for p in files)
        print(f"typography: {total} strings mended")
    found = [line for p in files for line in check_file(p)]
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
