"""The translation workflow (rituels.tools.translations, ``python3 -m rituels i18n``): every
language is complete and up to date against French, and the checker finds what is missing,
extra, stale or mismatched."""

import json

import pytest

from rituels.i18n import LANGS
from rituels.tools import translations


def test_every_language_is_complete_and_up_to_date():
    """Fails when a key is missing or extra, when the French changed after a translation
    (run `python3 -m rituels i18n` to see what, translate, then `--mark LANG KEY…`), or when
    placeholders, markup or plural categories differ from French."""
    for lang in LANGS:
        if lang != "fr":
            report = translations.check(lang)
            assert report.ok(), "\n".join(report.lines())


def _tree(tmp_path, fr, other, sources):
    for lang, files in (("fr", fr), ("it", other)):
        (tmp_path / lang).mkdir()
        for name, data in files.items():
            (tmp_path / lang / name).write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "it.json").write_text(json.dumps(sources), "utf-8")
    return tmp_path


def test_missing_extra_stale_and_mismatched_keys_are_listed(tmp_path):
    fr = {"a.json": {"a.same": "Bonjour", "a.changed": "Coup {n}", "a.missing": "Rien",
                     "a.names": "{name} donne le jeton {victim:de}", "a.tag": "<b>x</b>",
                     "a.count.one": "{n} jeton", "a.count.other": "{n} jetons"}}
    it = {"a.json": {"a.same": "Ciao", "a.changed": "Mossa {n}", "a.extra": "In più",
                     "a.names": "{name} dà il segnalino", "a.tag": "x",
                     "a.count.other": "{n} segnalini"}}
    sources = {"a.same": "Bonjour", "a.changed": "Tour {n}", "a.names": fr["a.json"]["a.names"],
               "a.tag": "<b>x</b>", "a.count.other": "{n} jetons"}
    report = translations.check("it", _tree(tmp_path, fr, it, sources))
    assert report.missing == ["a.json: a.missing", "a.json: a.count.one"]
    assert report.extra == ["a.json: a.extra"]
    assert report.stale == [("a.changed", "Tour {n}", "Coup {n}")]
    assert any("a.names" in m and "victim" in m for m in report.mismatched)
    assert any("a.tag" in m and "markup" in m for m in report.mismatched)
    assert any("a.count: no a.count.one" in m for m in report.mismatched)
    assert not report.ok()
    todo = translations.todo("it", tmp_path)
    assert todo["a.missing"] == {"file": "a.json", "fr": "Rien"}
    assert todo["a.changed"] == {"file": "a.json", "fr": "Coup {n}", "was": "Tour {n}",
                                 "now": "Mossa {n}"}


def test_mark_records_the_french_and_clears_staleness(tmp_path):
    fr = {"a.json": {"a.x": "Coup {n}", "a.y": "Oui"}}
    it = {"a.json": {"a.x": "Mossa {n}", "a.y": "Sì"}}
    root = _tree(tmp_path, fr, it, {"a.x": "Tour {n}", "a.gone": "Ancien"})
    assert [s[0] for s in translations.check("it", root).stale] == ["a.x", "a.y"]
    assert translations.mark("it", ["a.x"], root) == 1
    assert [s[0] for s in translations.check("it", root).stale] == ["a.y"]
    translations.mark("it", [], root)
    assert translations.check("it", root).ok()
    recorded = json.loads((root / "sources" / "it.json").read_text("utf-8"))
    assert recorded == {"a.x": "Coup {n}", "a.y": "Oui"}        # a key French dropped goes
    with pytest.raises(KeyError):
        translations.mark("it", ["a.unknown"], root)


def test_a_value_offered_in_two_forms_may_be_used_in_either():
    # Wongar passes {area} and {of_area} ("d’Émeu") together: each language picks its form.
    assert translations.fields("hors {of_area} ou vers {area}") == \
        translations.fields("aus {area} hinaus oder nach {area}") == ["area"]
    assert translations.fields("{name} {n}") != translations.fields("{name}")


def test_the_command_exits_1_while_a_language_is_incomplete(tmp_path, monkeypatch, capsys):
    root = _tree(tmp_path, {"a.json": {"a.x": "Oui"}}, {"a.json": {}}, {})
    monkeypatch.setattr(translations, "I18N", root)
    assert translations.main(["--lang", "it"]) == 1
    assert "missing  a.json: a.x" in capsys.readouterr().out
