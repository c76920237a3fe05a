"""Every catalogue file exists in both languages with exactly the same keys."""

import json
from pathlib import Path

import rituels.i18n as i18n

ROOT = Path(i18n.__file__).parent


def load(lang):
    return {p.name: json.loads(p.read_text(encoding="utf-8"))
            for p in sorted((ROOT / lang).glob("*.json"))}


def test_same_files_and_keys_in_french_and_english():
    fr, en = load("fr"), load("en")
    assert fr.keys() == en.keys(), "a catalogue file exists in one language only"
    for name in fr:
        only_fr = sorted(set(fr[name]) - set(en[name]))
        only_en = sorted(set(en[name]) - set(fr[name]))
        assert not only_fr and not only_en, f"{name}: fr only {only_fr}, en only {only_en}"


def test_app_keys_are_namespaced_and_nonempty():
    for lang in i18n.LANGS:
        app = load(lang)["app.json"]
        assert all(k.startswith("app.") and v.strip() for k, v in app.items())
