"""The Cthulhu Dice views: clickables are exactly the legal actions, names are escaped, both
languages render every position, log lines and results say what happened."""

import json
import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rituels.cthulhu_dice import view
from rituels.viewkit import ViewContext

from .helpers import play, position, start

EVIL = "<img src=x onerror=alert(1)>"
NAMES = ["Alice", "Bob", "Chloé", "Dan", "Eve", "Fay", "Gus", "Hal"]


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text."""

    def __init__(self, markup):
        super().__init__()
        self.tags, self.text = [], []
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)

    def actions(self):
        return {a["data-action"] for _, a in self.tags if "data-action" in a}


NB = "\u202f"   # the narrow no-break space of French typography ("Alice : ...")


def ctx(lang="fr", players=4, interactive=True, names=None, animate=True, local=(0,)):
    """Alice (player 0) is the person at the screen unless ``local`` says otherwise."""
    return ViewContext(lang=lang, names=list(names or NAMES[:players]), interactive=interactive,
                       animate=animate, local=tuple(local))


def positions():
    """Positions of every phase, both modes, several table sizes."""
    rng = random.Random(3)
    for players, options in ((4, {}), (2, {}), (3, {"three": "two_seats"}),
                             (5, {"mode": "cthulhu"}), (2, {"mode": "cthulhu"})):
        for _ in range(3):
            state = start(players, **options)
            while not state.is_terminal():
                yield players, state.clone()
                state.apply(state.sample(rng) if state.phase == "roll"
                            else rng.choice(state.legal_actions()))
            yield players, state


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_clickables_are_exactly_the_legal_actions(lang):
    seen = set()
    for players, state in positions():
        page = Elements(view.render(state, ctx(lang, players)))
        legal = set() if state.is_chance() or state.is_terminal() else {
            state.action_to_str(a) for a in state.legal_actions()}
        assert page.actions() == legal
        seen.add(state.phase)
        for tag, a in page.tags:
            if "data-action" in a and tag != "button":
                assert a["role"] == "button" and a["tabindex"] == "0" and a["aria-label"]
        # A spectator (or a bot's turn) gets nothing clickable.
        assert "data-action" not in view.render(state, ctx(lang, players, interactive=False))
    assert seen == {"victim", "roll", "eye", "gift", "over"}


def test_victims_are_clickable_seats_and_cthulhu_in_the_variant():
    state = position([3, 0, 3, 3], pool=15, mode="cthulhu")
    page = Elements(view.render(state, ctx()))
    seats = {a["data-action"]: a for t, a in page.tags if t == "g" and "data-action" in a}
    assert set(seats) == {"v3", "v4", "vC"}
    # The accessible name starts with the visible text ("label in name"), then the verb.
    assert seats["v3"]["aria-label"] == "Chloé 3 jetons — attaquer"
    assert seats["vC"]["aria-label"] == f"Cthulhu{NB}: 15 jetons — attaquer"


def test_long_names_shrink_then_are_cut_but_labels_keep_them_whole():
    names = ["Alice", "Bartholomew", "Maximilien-Alexandre de la Tour", "Dan"]
    page = view.render(start(), ctx(names=names))
    assert 'font-size="13.5">Bartholomew<' in page
    assert ">Maximilien-A…<" in page
    label = "Maximilien-A… 3 jetons — attaquer (Maximilien-Alexandre de la Tour)"
    assert f'aria-label="{label}"' in page


def test_eye_offers_four_buttons():
    state = play(start(), "v2 O")
    page = Elements(view.render(state, ctx("en")))
    buttons = [a["data-action"] for t, a in page.tags if t == "button"]
    assert buttons == ["eY", "eT", "eE", "eC"]
    assert "The Eye: choose the result" in "".join(page.text)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_player_names_are_escaped_everywhere(lang):
    names = [EVIL, "Bob", "Chloé", "Dan"]
    state = start(4, mode="cthulhu")
    outputs = []
    for text in "v2 Y g3 T".split():
        before = state.clone()
        play(state, text)
        c = ctx(lang, names=names)
        outputs += view.describe(before, text, state, c)
        outputs += [view.render(state, c), view.status(state, c)]
    final = position([3, 0, 0, 0], pool=9)
    outputs.append(view.result(final, ctx(lang, names=names)))
    markup = "".join(o for o in outputs if "<svg" in o)
    assert EVIL not in markup and "&lt;img src=x onerror=alert(1)&gt;" in markup
    # Log lines and sentences are plain text (the app sets them as text): the name as typed.
    assert any(EVIL in o for o in outputs if "<svg" not in o)


def test_seats_of_one_person_are_numbered():
    state = start(2)
    page = Elements(view.render(state, ctx(players=2)))
    text = "".join(page.text)
    assert "Alice (1)" in text and "Alice (2)" in text and "Bob (2)" in text
    # Alice plays two seats: her prompt says which one acts.
    assert view.status(state, ctx(players=2)) == f"Alice (1), à vous{NB}: choisissez une victime"


def test_two_places_each_show_the_name_whole_a_numbered_disc_and_a_note():
    # Issue 42: « Nyarlathotep (2) » was cut to « Nyarlathote… » in the seat.
    names = ["Joueur 1", "Nyarlathotep"]
    page = view.render(start(2), ctx(players=2, names=names))
    names_shown = re.findall(r'class="cd-name"[^>]*>([^<]*)<', page)
    assert names_shown == ["Joueur 1", "Nyarlathotep", "Joueur 1", "Nyarlathotep"]
    assert page.count('class="cd-place"') == 4
    discs = re.findall(r'font-weight="bold">([12])<', page)
    assert discs == ["1", "1", "2", "2"]
    assert 'aria-label="Nyarlathotep place 2 3 jetons — attaquer"' in page
    assert f"Chacun joue 2 places, de sa couleur et numérotées{NB}: on gagne" in page
    # one place each: no disc, no note
    page = view.render(start(4), ctx())
    assert 'class="cd-place"' not in page and "cd-places" not in page


def test_the_mad_badge_holds_its_word_in_every_language():
    # German « WAHNSINNIG » ran out of its 54-unit badge.
    state = position([5, 0, 2, 1], pool=4)
    for lang in ("fr", "en", "it", "de"):
        page = view.render(state, ctx(lang))
        width = float(re.search(r'class="cd-badge" x="[\d.]+" y="[\d.]+" width="([\d.]+)"',
                                page).group(1))
        word = view.ViewContext(lang=lang).t("cthulhu.mad").upper()
        fitted = re.search(r'textLength="(\d+)"[^>]*>' + word + "<", page)
        shown = int(fitted.group(1)) if fitted else view.BADGE_CHAR_W * len(word)
        assert shown <= width - 10 and width <= view.SEAT_W - 8, (lang, width, shown)
    assert "textLength" in view.render(state, ctx("de")).split("WAHNSINNIG")[0][-200:]


def test_tokens_are_drawn_and_counted_and_mad_seats_marked():
    state = position([5, 0, 2, 1], pool=4)
    for lang, badge in (("fr", "FOU"), ("en", "MAD")):
        markup = view.render(state, ctx(lang))
        page = Elements(markup)
        groups = re.split(r'<g id="cd-seat-\d+" class="cd-seat', markup)[1:]
        drawn = [g.count('fill="#e9c46a"') for g in groups]
        assert drawn == [5, 0, 2, 1]
        assert "cd-mad" in groups[1] and badge in groups[1]
        assert "cd-mad" not in groups[0]
        text = "".join(page.text)
        assert ("5 jetons" if lang == "fr" else "5 tokens") in text


def test_the_die_shows_the_last_roll_and_animates_only_right_after_it():
    state = play(start(), "v2 T")
    assert "cd-rolling" in view.render(state, ctx())
    assert "cd-rolling" not in view.render(state, ctx(animate=False))
    assert "Tentacule (Alice)" in view.render(state, ctx())
    play(state, "Y")
    play(state, "v3")                        # not a roll: the die stays still
    assert "cd-rolling" not in view.render(state, ctx())


def test_describe_tells_what_happened():
    state = start()
    lines = []
    for text in "v2 T Y".split():
        before = state.clone()
        play(state, text)
        lines += view.describe(before, text, state, ctx())
    assert lines == ["Alice choisit Bob comme victime.",
                     f"Alice lance contre Bob{NB}: Tentacule — Alice prend 1 jeton à Bob.",
                     f"Bob riposte contre Alice{NB}: Signe jaune — Alice perd 1 jeton au profit "
                     "de Cthulhu."]


def test_describe_madness_and_the_end():
    state = position([3, 1, 0, 0], pool=8)
    lines = []
    for text in "v2 Y Y".split():
        before = state.clone()
        play(state, text)
        lines += view.describe(before, text, state, ctx("en"))
    assert lines[1:] == ["Alice rolls against Bob: Yellow Sign — Bob loses 1 token to Cthulhu.",
                         "Bob goes mad!",
                         "Bob rolls back against Alice: Yellow Sign — Alice loses 1 token to "
                         "Cthulhu.",
                         "Alice wins: the last sane one at the table!"]


def test_describe_the_variant():
    state = start(4, mode="cthulhu")
    lines = []
    for text in "vC Y g3 O T".split():
        before = state.clone()
        play(state, text)
        lines += view.describe(before, text, state, ctx())
    assert lines == ["Alice choisit Cthulhu comme victime.",
                     f"Alice lance contre Cthulhu{NB}: Signe jaune — Alice choisit qui reçoit "
                     "le jeton.",
                     "Alice donne le jeton de Cthulhu à Chloé.",
                     f"Cthulhu riposte contre Alice{NB}: Œil — Cthulhu relance le dé.",
                     f"Cthulhu riposte contre Alice{NB}: Tentacule — Alice perd 1 jeton au "
                     "profit de Cthulhu."]


def test_results():
    assert view.result(play(position([1, 1, 0, 0], pool=10), "v2 C Y"), ctx()) == (
        f"Cthulhu l’emporte{NB}: tout le monde a sombré dans la folie.")
    drained = play(position([4, 3, 3, 3], pool=1, mode="cthulhu"), "vC T E")
    assert view.result(drained, ctx("en")) == "Cthulhu has no token left: everyone wins!"
    rich = play(position([9, 3, 3, 3], pool=6, mode="cthulhu"), "v2 T E")
    assert view.result(rich, ctx()) == f"Alice l’emporte avec 10 jetons de santé mentale{NB}!"
    two = play(position([1, 2, 0, 1], pool=8, players=2), "v2 Y Y")
    assert view.result(two, ctx(players=2)) == (
        f"Bob l’emporte{NB}: dernier sain d’esprit à la table{NB}!")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_position_renders_in_both_languages_without_missing_text(lang):
    for players, state in positions():
        c = ctx(lang, players)
        out = [view.render(state, c), view.status(state, c), view.roll_label(state, c)]
        if state.is_terminal():
            out.append(view.result(state, c))
        assert not any("cthulhu." in o for o in out), out


def test_help_and_thumbnail():
    for lang in ("fr", "en"):
        page = view.help_page(ViewContext(lang=lang))
        assert page.count('<svg class="cd-face"') == 10       # both face lists
        assert "cthulhu." not in page
    assert "Signe des Anciens" in view.help_page(ViewContext(lang="fr"))
    assert "Elder Sign" in view.help_page(ViewContext(lang="en"))
    assert view.thumbnail().startswith("<svg") and "cthulhu." not in view.thumbnail()


def test_catalogues_have_the_same_keys():
    root = Path(view.__file__).parents[1] / "i18n"
    fr = json.loads((root / "fr" / "cthulhu_dice.json").read_text(encoding="utf-8"))
    en = json.loads((root / "en" / "cthulhu_dice.json").read_text(encoding="utf-8"))
    assert set(fr) == set(en)
    assert all(k.startswith("cthulhu.") for k in fr)


def test_status_speaks_to_the_person_at_the_screen_and_of_the_others():
    state = start()
    assert view.status(state, ctx()) == f"À vous{NB}: choisissez une victime"
    assert view.status(state, ctx("en")) == "Your turn: choose a victim"
    # Two people at the device: the prompt names who is meant.
    assert view.status(state, ctx(local=(0, 1))) == f"Alice, à vous{NB}: choisissez une victime"
    # Alice is a bot here (or this is a replay): third person, what is awaited.
    assert view.status(state, ctx(local=(1,))) == "Alice choisit une victime…"
    assert view.status(state, ctx(local=())) == "Alice choisit une victime…"
    play(state, "v2")
    assert view.status(state, ctx("en")) == "Your turn: roll the die against Bob"
    assert view.status(state, ctx("en", local=(1,))) == "Alice rolls against Bob"
    assert view.roll_label(state, ctx()) == "Lancer le dé contre Bob"
    play(state, "Y")
    assert view.status(state, ctx(local=(1,))) == f"À vous{NB}: ripostez contre Alice"
    play(state, "O")
    assert view.status(state, ctx("en")) == "Bob rolled the Eye and is choosing a result…"
    assert view.status(state, ctx(local=(1,))) == (
        f"À vous{NB}: l’Œil{NB}! choisissez un résultat")


def test_eye_buttons_say_what_each_result_would_do_here():
    # Bob counter-rolls against his attacker Alice and gets the Eye: a Tentacle would let
    # Alice (the caster) take a token from him -- the trap the preview warns about.
    state = play(start(), "v2 Y O")
    c = ctx(local=(1,))
    assert view.preview(state, c, ("eye", "T")) == "Alice vous prend 1 jeton"
    assert view.preview(state, c, ("eye", "Y")) == (
        "Alice perd 1 jeton au profit de Cthulhu")
    assert view.preview(state, c, ("eye", "E")) == "vous reprenez 1 jeton à Cthulhu"
    assert view.preview(state, c, ("eye", "C")) == (
        "chacun perd 1 jeton au profit de Cthulhu, vous compris")
    page = Elements(view.render(state, c))
    labels = [a.get("aria-label") for t, a in page.tags if a.get("data-action") == "eT"]
    assert labels == [f"Tentacule{NB}: Alice vous prend 1 jeton"]
    # Madness and its cure are said; a Tentacle against a mad victim does nothing.
    edge = play(position([1, 1, 3, 3], pool=0), "v2 Y O")   # Bob, now mad, rolls back
    en = ctx("en", local=(1,))
    assert view.preview(edge, en, ("eye", "Y")) == (
        "Alice loses 1 token to Cthulhu, Alice goes mad")
    assert view.preview(edge, en, ("eye", "E")) == (
        "you take back 1 token from Cthulhu, you regain sanity")
    assert view.preview(edge, en, ("eye", "T")) == "no effect"


def test_standings_rank_winners_first_then_by_tokens():
    two = play(position([1, 2, 0, 1], pool=8, players=2), "v2 Y Y")
    table = Elements(view.standings(two, ctx(players=2)))
    rows = [d.strip() for d in table.text if d.strip()]
    # Bob's two seats are the sane ones: they won and share rank 1; Alice's seats follow.
    assert rows == ["Classement", "Rang", "Joueur", "Jetons", "État",
                    "1", "Bob (1)", "1", "sain d’esprit",
                    "1", "Bob (2)", "1", "sain d’esprit",
                    "3", "Alice (1)", "0", "fou",
                    "3", "Alice (2)", "0", "fou"]
    # Everyone mad: Cthulhu heads the table with his tokens, the players share rank 2.
    lost = play(position([1, 1, 0, 0], pool=10), "v2 C Y")
    rows = [d.strip() for d in Elements(view.standings(lost, ctx("en"))).text if d.strip()]
    assert rows[5:12] == ["1", "Cthulhu", "12", "2", "Alice", "0", "mad"]


def test_every_option_and_choice_has_a_label_in_both_languages():
    from rituels.cthulhu_dice.game import GAME
    from rituels.i18n import catalogue
    for lang in ("fr", "en"):
        texts = catalogue(lang)
        for opt in GAME.options:
            assert opt.label in texts
            for choice in opt.choices:
                assert f"{opt.label}.{choice}" in texts


def test_the_last_move_is_marked_until_the_next():
    state = play(start(), "v2")
    page = view.render(state, ctx())
    assert 'id="cd-seat-1" class="cd-seat cd-victim last-move"' in page   # Bob, chosen
    assert page.count("last-move") == 1
    play(state, "T")            # Alice's Tentacle: a token from Bob to Alice
    page = view.render(state, ctx())
    assert view.touched(state) == {0, 1}
    assert 'id="cd-seat-0" class="cd-seat cd-caster last-move"' in page
    play(state, "C")            # Bob's Cthulhu: everyone loses one to the centre
    assert view.touched(state) == {0, 1, 2, 3, view.CTHULHU}
    assert 'id="cd-cthulhu" class="cd-cthulhu last-move"' in view.render(state, ctx())


def test_last_turn_says_whom_they_attacked_and_the_dice():
    state = start()
    steps = []
    for text in "v2 T Y".split():
        before = state.clone()
        play(state, text)
        steps.append((before, text, state.clone()))
    assert (view.last_turn(0, steps, ctx()) ==
            f"Alice{NB}: attaque Bob{NB}: Tentacule, Bob riposte{NB}: Signe jaune")
    assert (view.last_turn(0, steps, ctx("en")) ==
            "Alice: attacks Bob: Tentacle, Bob rolls back: Yellow Sign")
    # the victim chosen, the die not rolled yet
    assert view.last_turn(0, steps[:1], ctx("en")) == "Alice: attacks Bob"
