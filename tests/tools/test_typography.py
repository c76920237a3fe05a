"""Typography of the catalogues per language (rituels.tools.typography): French narrow
no-break spaces before ; : ! ? and inside « », élision before names and the apostrophe ’;
Italian and German ’, no space before the marks and their own quotes; the fixer is idempotent
and every catalogue passes the check."""

import json

import pytest

from rituels.i18n import elide, t
from rituels.tools import typography
from rituels.tools.typography import NNBSP, fix_text, problems

N = NNBSP


@pytest.mark.parametrize("raw,fixed", [
    ("Joueurs : {n}", f"Joueurs{N}: {{n}}"),
    ("Joueurs: {n}", f"Joueurs{N}: {{n}}"),
    ("Joueurs\u00a0: {n}", f"Joueurs{N}: {{n}}"),
    ("Quoi ?! Vraiment !", f"Quoi{N}?! Vraiment{N}!"),
    ("marquées « FOU ».", f"marquées «{N}FOU{N}»."),
    ("marquées «FOU».", f"marquées «{N}FOU{N}»."),
    ("{name} : l'Œil ! choisissez", f"{{name}}{N}: l’Œil{N}! choisissez"),
    ("jusqu'à l'autel", "jusqu’à l’autel"),
    ("l'{area} d'abord", "l’{area} d’abord"),
    ("Le jeton de {victim}.", "Le jeton {victim:de}."),
    ("Nouvelle partie de {game}", "Nouvelle partie {game:de}"),
])
def test_fix_mends_spaces_and_elision(raw, fixed):
    assert fix_text(raw) == fixed
    assert problems(raw) != [] and problems(fixed) == []


@pytest.mark.parametrize("text", [
    "le {d}/{m}/{y} à {h}:{min}",        # a time between placeholders
    "à 12:30",
    "voir https://example.org",
    "De {min} à {max} joueurs",          # numbers take no élision
    "3 jetons de {n}",
    "Rien",
])
def test_fix_leaves_alone_what_is_not_a_phrase_mark(text):
    assert fix_text(text) == text and problems(text) == []


def test_elision_of_names_given_at_run_time():
    assert elide("de", "Alice") == "d’Alice"
    assert elide("de", "Ève") == "d’Ève"
    assert elide("de", "Yves") == "d’Yves"
    assert elide("de", "Hastur") == "de Hastur"     # h may be aspirated: never elided
    assert elide("de", "Bruno") == "de Bruno"
    assert elide("que", "Ithaqua") == "qu’Ithaqua"
    assert t("fr", "cthulhu.log.gift", name="Bruno", victim="Alice", to="Dan") == (
        "Bruno donne le jeton d’Alice à Dan.")
    assert t("fr", "cthulhu.log.gift", name="Alice", victim="Bruno", to="Dan") == (
        "Alice donne le jeton de Bruno à Dan.")


def test_english_strings_never_use_the_french_elision():
    assert problems("{name:de} token", "en") != []
    assert problems("Alice's token: {n}", "en") == []


def test_a_straight_apostrophe_is_wrong_in_french_only_where_the_rule_says():
    assert problems("l'autel") != [] and problems("l’autel") == []
    assert problems("the altar's", "en") == []


@pytest.mark.parametrize("lang,raw,fixed", [
    ("it", "Tocca a te : scegli dell'altare !", "Tocca a te: scegli dell’altare!"),
    ("it", 'la carta "Fuoco"', "la carta «Fuoco»"),
    ("it", "la carta « Fuoco »", "la carta «Fuoco»"),
    ("de", 'Die Karte "Feuer" : jetzt geht\'s ?', "Die Karte „Feuer“: jetzt geht’s?"),
    ("de", "Zug {n} : {name}", "Zug {n}: {name}"),
    ("de", "um {h}:{min}", "um {h}:{min}"),
])
def test_italian_and_german_rules(lang, raw, fixed):
    assert fix_text(raw, lang) == fixed
    assert problems(raw, lang) != [] or raw == fixed
    assert problems(fixed, lang) == []
    assert fix_text(fixed, lang) == fixed


def test_the_fixer_is_idempotent_on_every_catalogue_string():
    for path in typography.catalogue_files():
        lang = path.parent.name
        for text in json.loads(path.read_text(encoding="utf-8")).values():
            once = fix_text(text, lang)
            assert fix_text(once, lang) == once, (path.name, text)


def test_every_catalogue_follows_french_typography():
    """Fails on a plain, no-break or missing space before ; : ! ? or inside « », on
    "de {name}" and on a straight apostrophe in French, and on each other language's rules
    (run `python3 -m rituels.tools.typography --fix`)."""
    found = [line for path in typography.catalogue_files()
             for line in typography.check_file(path)]
    assert found == []


def test_fix_file_rewrites_in_place_and_keeps_the_layout(tmp_path):
    folder = tmp_path / "fr"
    folder.mkdir()
    path = folder / "x.json"
    path.write_text('{\n  "a": "Joueurs : {n}",\n  "b": "Rien"\n}', encoding="utf-8")
    assert typography.fix_file(path) == 1
    assert path.read_text(encoding="utf-8") == (
        '{\n  "a": "Joueurs\u202f: {n}",\n  "b": "Rien"\n}')
    assert typography.fix_file(path) == 0          # idempotent
    assert typography.main([str(path)]) == 0
