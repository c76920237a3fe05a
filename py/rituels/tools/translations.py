"""Keeps every language's catalogue complete against French, the source language.

For each language other than French it lists, file by file:
- missing keys (in fr/<file>.json, not in <lang>/<file>.json) and extra keys (the reverse);
- stale keys: the French text changed after the translation was made. Each language keeps a
  record of the French text each of its strings was translated from
  (``i18n/sources/<lang>.json``: key -> French text); a key whose record differs from the
  French of today, or has none, is stale, and the listing shows the old and the new French;
- placeholders and markup that differ from French: the same ``{names}`` (each as many times;
  the format spec, like French ``{name:de}``, may differ) and the same tags. A view may
  offer one value in two forms (Wongar's ``{of_area}``, "d’Émeu", beside ``{area}``): a
  language uses either, as often as its sentence needs;
- a language's own plural categories: a plural key (``x.one``/``x.other``) in French needs
  in each language every category its CLDR rule uses for small counts.

    python3 -m rituels i18n                 # report; exit 1 if a language is incomplete
    python3 -m rituels i18n --lang de       # one language
    python3 -m rituels i18n --todo it > todo.json
                                            # what to translate: key -> French (and the old
                                            # French and the current text when stale)
    python3 -m rituels i18n --mark it KEY…  # after translating: record the French of KEY…
                                            # (all of the language's keys without KEY)

The test tests/tools/test_translations.py fails while this command reports anything.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from rituels.i18n import DEFAULT_LANG, LANGS, plural

I18N = Path(__file__).resolve().parents[1] / "i18n"
SOURCES = "sources"
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:![rsa])?(?::[^{}]*)?\}")
_TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9-]*)")
_PLURAL = re.compile(r"^(.*)\.(zero|one|two|few|many|other)$")


@dataclass
class Report:
    lang: str
    missing: list[str] = field(default_factory=list)       # "file: key"
    extra: list[str] = field(default_factory=list)
    stale: list[tuple[str, str | None, str]] = field(default_factory=list)  # key, was, now
    mismatched: list[str] = field(default_factory=list)    # placeholders, markup, plurals

    def ok(self) -> bool:
        return not (self.missing or self.extra or self.stale or self.mismatched)

    def lines(self) -> list[str]:
        out = [f"{self.lang}: {len(self.missing)} missing, {len(self.extra)} extra, "
               f"{len(self.stale)} stale, {len(self.mismatched)} mismatched"]
        out += [f"  missing  {k}" for k in self.missing]
        out += [f"  extra    {k}" for k in self.extra]
        for key, was, now in self.stale:
            out.append(f"  stale    {key}")
            out.append(f"           was: {was!r}" if was is not None
                       else "           was: (no French recorded)")
            out.append(f"           now: {now!r}")
        out += [f"  mismatch {k}" for k in self.mismatched]
        return out


def load_files(root: Path, lang: str) -> dict[str, dict[str, str]]:
    """{file name: {key: text}} of one language's folder."""
    return {p.name: json.loads(p.read_text(encoding="utf-8"))
            for p in sorted((root / lang).glob("*.json"))}


def load_sources(root: Path, lang: str) -> dict[str, str]:
    path = root / SOURCES / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


# Two forms of one value a view passes together: a translation may use either or both.
ALTERNATES = {"of_area": "area", "of_here": "here"}


def fields(text: str) -> list[str]:
    """The placeholders' names, each as often as it appears; a value offered in two forms
    is counted once, whichever form and however often it is used."""
    names = [ALTERNATES.get(n, n) for n in _FIELD.findall(text)]
    paired = set(ALTERNATES.values())
    return sorted([n for n in names if n not in paired] + [n for n in paired if n in names])


def tags(text: str) -> list[str]:
    return sorted(_TAG.findall(text))


def plural_needs(lang: str) -> set[str]:
    """The categories ``lang`` gives to the counts a game shows (0 to 200)."""
    return {plural(lang, n) for n in range(201)}


def check(lang: str, root: Path | None = None) -> Report:
    root = root or I18N
    report = Report(lang)
    french, theirs = load_files(root, DEFAULT_LANG), load_files(root, lang)
    sources = load_sources(root, lang)
    fr_all = {k: v for data in french.values() for k, v in data.items()}
    for name in sorted(set(french) | set(theirs)):
        fr, other = french.get(name, {}), theirs.get(name, {})
        report.missing += [f"{name}: {k}" for k in fr if k not in other]
        report.extra += [f"{name}: {k}" for k in other if k not in fr]
        for key, text in other.items():
            if key not in fr:
                continue
            if sources.get(key) != fr[key]:
                report.stale.append((key, sources.get(key), fr[key]))
            if fields(text) != fields(fr[key]):
                report.mismatched.append(
                    f"{key}: placeholders {fields(text)} but French has {fields(fr[key])}")
            if tags(text) != tags(fr[key]):
                report.mismatched.append(f"{key}: markup {tags(text)} but French has "
                                         f"{tags(fr[key])}")
    # Plural keys: every category the language uses, once French has the word as a plural.
    other_all = {k for data in theirs.values() for k in data}
    stems = {m.group(1) for k in fr_all if (m := _PLURAL.match(k))}
    for stem in sorted(stems):
        if f"{stem}.other" not in fr_all or f"{stem}.one" not in fr_all:
            continue   # "x.other" alone is a word, not a plural
        for cat in sorted(plural_needs(lang) - {"other", "many"}):
            if f"{stem}.{cat}" not in other_all and f"{stem}.other" in other_all:
                report.mismatched.append(f"{stem}: no {stem}.{cat} (a {lang} plural category)")
    return report


def todo(lang: str, root: Path | None = None) -> dict[str, dict[str, str]]:
    """What a translator of ``lang`` has to do: key -> {"file", "fr", and, when stale,
    "was" (the French it was translated from) and "now" (the current translation)}."""
    root = root or I18N
    report = check(lang, root)
    french = load_files(root, DEFAULT_LANG)
    theirs = {k: v for data in load_files(root, lang).values() for k, v in data.items()}
    where = {k: name for name, data in french.items() for k in data}
    fr_all = {k: v for data in french.values() for k, v in data.items()}
    out: dict[str, dict[str, str]] = {}
    for line in report.missing:
        key = line.split(": ", 1)[1]
        out[key] = {"file": where[key], "fr": fr_all[key]}
    for key, was, now in report.stale:
        out[key] = {"file": where[key], "fr": now, "was": was or "", "now": theirs[key]}
    return out


def mark(lang: str, keys: list[str], root: Path | None = None) -> int:
    """Record the current French of ``keys`` (all of the language's keys if empty) as what
    their translation was made from; returns how many were recorded."""
    root = root or I18N
    french = {k: v for data in load_files(root, DEFAULT_LANG).values() for k, v in data.items()}
    theirs = {k for data in load_files(root, lang).values() for k in data}
    chosen = keys or sorted(theirs & set(french))
    unknown = [k for k in chosen if k not in french or k not in theirs]
    if unknown:
        raise KeyError(f"not translated in {lang} or not in French: {', '.join(unknown)}")
    sources = load_sources(root, lang)
    sources = {k: v for k, v in sources.items() if k in french}   # keys French dropped
    sources.update((k, french[k]) for k in chosen)
    path = root / SOURCES / f"{lang}.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(dict(sorted(sources.items())), ensure_ascii=False, indent=1)
                    + "\n", encoding="utf-8")
    return len(chosen)


def main(args: argparse.Namespace | list[str] | None = None) -> int:
    if not isinstance(args, argparse.Namespace):
        parser = argparse.ArgumentParser(prog="python3 -m rituels i18n",
                                         description=__doc__.split("\n\n")[0])
        arguments(parser)
        args = parser.parse_args(args)
    if args.mark:
        print(f"{args.mark}: recorded the French of {mark(args.mark, args.keys)} keys")
        return 0
    if args.todo:
        print(json.dumps(todo(args.todo), ensure_ascii=False, indent=1))
        print()
        return 0
    langs = [args.lang] if args.lang else [lang for lang in LANGS if lang != DEFAULT_LANG]
    reports = [check(lang) for lang in langs]
    for report in reports:
        print("\n".join(report.lines()))
    return 0 if all(r.ok() for r in reports) else 1


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=[x for x in LANGS if x != DEFAULT_LANG])
    p.add_argument("--todo", metavar="LANG", help="print, as JSON, what LANG needs translated")
    p.add_argument("--mark", metavar="LANG",
                   help="record the French that KEYs (default: all) were translated from")
    p.add_argument("keys", nargs="*", metavar="KEY")


if __name__ == "__main__":
    sys.exit(main())
