"""Plural categories by each language's CLDR rule, and numbers with each language's
separators (rituels.i18n)."""

import pytest

from rituels.i18n import LANGS, PLURALS, number, plural, t, tn

# CLDR 44 examples of whole numbers for each category.
CLDR = {
    "fr": {"one": [0, 1], "many": [1_000_000, 2_000_000], "other": [2, 3, 10, 17, 100, 1000]},
    "en": {"one": [1], "other": [0, 2, 3, 10, 100, 1_000_000]},
    "it": {"one": [1], "many": [1_000_000, 3_000_000], "other": [0, 2, 3, 10, 100, 1000]},
    "de": {"one": [1], "other": [0, 2, 3, 10, 100, 1_000_000]},
}


def test_one_table_per_language():
    assert set(PLURALS) == set(LANGS) == set(CLDR)


@pytest.mark.parametrize("lang", sorted(CLDR))
def test_plural_categories_follow_cldr(lang):
    for category, numbers in CLDR[lang].items():
        for n in numbers:
            assert plural(lang, n) == category, (lang, n)


def test_tn_picks_the_language_s_form_and_falls_back_from_many_to_other():
    assert tn("fr", "app.home.save_detail", 0, players="A") == "A · 0 coup"
    assert tn("it", "app.home.save_detail", 0, players="A") == "A · 0 mosse"
    assert tn("de", "app.home.save_detail", 1, players="A") == "A · 1 Zug"
    assert tn("de", "app.home.save_detail", 2, players="A") == "A · 2 Züge"
    # A million is "many" in French and Italian; the catalogues have no .many: .other.
    assert tn("it", "app.home.save_detail", 1_000_000, players="A") == "A · 1.000.000 mosse"


def test_numbers_use_each_language_s_separators():
    assert number("fr", 1234567) == "1\u202f234\u202f567"
    assert number("en", 1234567) == "1,234,567"
    assert number("it", 1234567) == "1.234.567"
    assert number("de", 1234567) == "1.234.567"
    assert number("de", 1234.5, 1) == "1.234,5" and number("en", 0.25, 2) == "0.25"
    assert number("fr", 999) == "999"


def test_integer_parameters_are_written_as_numbers_of_the_language():
    assert t("de", "analysis.move", n=12345) == "Zug 12.345"
    assert t("fr", "analysis.move", n=12345) == "Coup 12\u202f345"
    assert t("en", "analysis.move", n=42) == "Move 42"


def test_dates_follow_each_language():
    parts = dict(d="02", m="12", y="2026", h="05", min="07")
    assert t("fr", "library.games.date", **parts) == "02/12/2026 à 05:07"
    assert t("de", "library.games.date", **parts) == "02.12.2026, 05:07"
    assert t("it", "library.games.date", **parts) == "02/12/2026, 05:07"
