"""Tuchulcha's view: the clickables are exactly the legal actions, labels, escaping, languages,
both board sides, log lines and the help page."""

import json
import random
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rituels.engine import sample_chance
from rituels.tuchulcha import view
from rituels.tuchulcha.rules import MOVE, new_state
from rituels.viewkit import ViewContext
from tuchulcha_setup import position, roll

NAMES = ["Alice", "Bob", "Chloé", "Dario"]
I18N = Path(__file__).resolve().parents[2] / "py" / "rituels" / "i18n"


class Markup(HTMLParser):
    """Collects the attributes of every element and the text, to check a rendered view."""

    def __init__(self, html: str):
        super().__init__()
        self.elements: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_data(self, data):
        self.text.append(data)

    def values(self, name: str) -> list[str]:
        return [a[name] for _, a in self.elements if name in a]

    def labels(self) -> list[str]:
        return self.values("aria-label")


def ctx_for(state, lang="fr", **kw) -> ViewContext:
    return ViewContext(lang=lang, names=NAMES[: state.num_players], interactive=True, **kw)


STONE_NAME = re.compile(r"(?:pierre|stone) (\d+), ")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
TAG = re.compile(r"<(\w+)")


def clickables(html: str) -> list[tuple[str, dict]]:
    """The elements carrying data-action or data-select (a fast scan: pages are large)."""
    found, pos = [], 0
    while True:
        hits = [i for i in (html.find(" data-action=", pos), html.find(" data-select=", pos))
                if i >= 0]
        if not hits:
            return found
        at = min(hits)
        start, end = html.rfind("<", 0, at), html.find(">", at)
        tag = html[start:end]
        found.append((TAG.match(tag).group(1), dict(ATTR.findall(tag))))
        pos = end


def reachable_actions(state, ctx: ViewContext) -> set[str]:
    """Every data-action reachable by following data-select steps from an empty selection."""
    actions, seen, todo = set(), {""}, [""]
    while todo:
        ctx.selection = todo.pop()
        for tag, a in clickables(view.render(state, ctx)):
            # Every clickable is named for screen readers, by a label or its own text.
            assert tag == "button" or (a.get("role") == "button" and a.get("tabindex") == "0"
                                       and a.get("aria-label")), (tag, a)
            if "data-action" in a:
                actions.add(unescape(a["data-action"]))
            token = unescape(a.get("data-select", ""))
            if token not in seen:
                seen.add(token)
                todo.append(token)
    return actions


def legal_notations(state) -> set[str]:
    return {state.action_to_str(a) for a in state.legal_actions()}


def random_decisions(players: int, seed: int, limit: int, stride: int = 1):
    """Every ``stride``-th decision node of one random game (chance nodes sampled), at most
    ``limit`` of them: a stride spreads the checks over the whole game, roles included."""
    rng = random.Random(seed)
    state = new_state(players)
    seen = found = 0
    while not state.is_terminal() and found < limit:
        if state.is_chance():
            state.apply(sample_chance(state, rng))
            continue
        if seen % stride == 0:
            yield state
            found += 1
        seen += 1
        state.apply(rng.choice(state.legal_actions()))


# 4 players, seeds 0 and 1: games in which Tuchulcha and Lasa Vecuvia both appear.
@pytest.mark.parametrize("players,seed,stride", [(2, 1, 1), (3, 2, 2), (4, 0, 4), (4, 1, 4)])
def test_clickables_are_exactly_the_legal_actions(players, seed, stride):
    checked = 0
    for state in random_decisions(players, seed, limit=25, stride=stride):
        ctx = ctx_for(state)
        assert reachable_actions(state, ctx) == legal_notations(state), state.summary()
        checked += 1
    assert checked >= 10


def test_forced_choices_reach_every_legal_action():
    # Consecration with a choice of sacrifice (two steps), Tuchulcha's discard, the third die.
    start = position(4, velthumena={0: 2}, stones={12: (0, 1)})
    assert reachable_actions(start, ctx_for(start)) == {"roll", "C:T0x1", "C:12x1"}
    discard = roll(position(4, tuchulcha=0, velthumena={1: 1}), 6, 5, 3, 1)
    assert reachable_actions(discard, ctx_for(discard)) == {
        "discard6", "discard5", "discard3", "discard1"}
    third = roll(position(4), 4, 4, third="ask")
    assert reachable_actions(third, ctx_for(third)) == {"third", "nothird"}
    lasa = roll(position(4, tuchulcha=1, lasa=0, temple={0: 0}, star={0: 4},
                         stones={20: (1, 2)}), 3, 2)
    assert reachable_actions(lasa, ctx_for(lasa)) == legal_notations(lasa)
    assert any(n.endswith(":Sx1") for n in legal_notations(lasa))


def test_end_of_turn_consecration_after_ousting_tuchulcha():
    # Alice's pawn enters Velthumena: Tuchulcha (Bob) is out, and at the end of her turn she
    # may consecrate (cost 4 after one consecration) or end the turn ("Tuchulcha" rules).
    state = roll(position(4, tuchulcha=1, consecrations=1, stones={31: (0, 1)},
                          velthumena={0: 2}), 3, 1)
    before = state.clone()
    state.play((3, 31, 1))
    lines = view.describe(before, (3, 31, 1), state, ctx_for(state))
    assert lines[-1] == ("Un aruspice est entré à Velthumena\u202f: Bob n'est plus Tuchulcha et "
                         "quitte la partie.")
    state.play((1, "T0", 1))
    assert state.phase == "end"
    ctx = ctx_for(state)
    assert reachable_actions(state, ctx) == legal_notations(state)
    ctx.selection = ""
    assert "Finir le tour" in Markup(view.render(state, ctx)).text
    assert view.status(state, ctx) == (
        "Alice (rouge, Achvizr) peut se consacrer à Tuchulcha (4 aruspices) ou finir son tour.")


def test_nothing_is_clickable_for_spectators_or_at_chance_nodes():
    state = roll(position(4, stones={12: (0, 3)}), 5, 2)
    page = Markup(view.render(state, ViewContext(names=NAMES)))
    assert page.values("data-action") == [] and page.values("data-select") == []
    chance = position(4, velthumena={0: 1})          # no role change: the roll is chance
    assert chance.is_chance()
    page = Markup(view.render(chance, ctx_for(chance)))
    assert page.values("data-action") == [] and page.values("data-select") == []


def test_selection_steps_show_the_group_then_its_destinations():
    state = roll(position(4, stones={12: (0, 3), 16: (1, 2)}), 4, 1)
    ctx = ctx_for(state)
    first = Markup(view.render(state, ctx))
    assert "12" in first.values("data-select") and "T0" in first.values("data-select")
    assert first.values("data-action") == []
    ctx.selection = "12"
    counts = Markup(view.render(state, ctx))
    assert {"12x1", "12x2", "12x3"} <= set(counts.values("data-select"))
    ctx.selection = "12x3"
    targets = Markup(view.render(state, ctx))
    assert set(targets.values("data-action")) == {"4:12x3", "1:12x3"}
    assert ("Dé 4\u202f: aller à la pierre 16 (frappe 2 aruspices bleus) — pierre 16, "
            "ordinaire\u202f: 2 aruspices bleus") in targets.labels()
    for junk in ("99x7", "12x", "x3", "12x99", "C", "T9x2", "Sx1", "12x3x4", "<b>", "-1"):
        ctx.selection = junk                          # stale or tampered: first step again
        page = Markup(view.render(state, ctx))
        assert page.values("data-action") == [], junk


def test_fresh_dice_roll_animated_except_in_replays():
    state = roll(position(4, stones={12: (0, 3)}), 5, 2)
    assert "tu-rolling" in view.render(state, ctx_for(state))
    assert "tu-rolling" not in view.render(state, ctx_for(state, animate=False))
    state.play((5, 12, 1))                            # a die used: the roll is old news
    assert "tu-rolling" not in view.render(state, ctx_for(state))
    tray = re.search(r'class="tu-area tu-dice-tray"[^>]*aria-label="([^"]*)"',
                     view.render(state, ctx_for(state)))
    assert tray and tray.group(1) == "Dés\u202f: 2"


def test_every_stone_and_group_has_a_spoken_label():
    state = position(4, stones={2: (0, 3), 14: (1, 1)}, forest={2: 2}, seals={8})
    page = Markup(view.render(state, ctx_for(state)))
    labels = page.labels()
    assert "pierre 2, rituelle (×2)\u202f: 3 aruspices rouges" in labels
    assert "pierre 14, mystique (×3)\u202f: 1 aruspice bleu" in labels
    assert "pierre 8, passage scellé\u202f: vide" in labels
    assert "pierre 10, entrée du temple bleu\u202f: vide" in labels
    assert "Forêt\u202f: 2 aruspices noirs" in labels
    assert "temple rouge (Achvizr)\u202f: 5 aruspices rouges" in labels
    assert sum(1 for x in labels if x.startswith("pierre ")) == 40
    en = Markup(view.render(state, ctx_for(state, lang="en"))).labels()
    assert "stone 2, ritual (×2): 3 red pawns" in en


def test_player_names_are_escaped():
    state = roll(position(4, stones={12: (0, 3)}), 5, 2)
    ctx = ViewContext(names=["<script>x</script>", "B&B", "C", "D"], interactive=True)
    html = view.render(state, ctx)
    assert "<script>" not in html and "&lt;script&gt;x&lt;/script&gt;" in html
    assert "B&amp;B" in html


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_languages_and_sides_render_without_missing_texts(lang, players):
    for state in random_decisions(players, 9, limit=25):
        ctx = ctx_for(state, lang=lang)
        page = Markup(view.render(state, ctx))
        words = " ".join(page.text + page.labels()) + view.status(state, ctx)
        assert "tuchulcha." not in words, words
        stones = {m for x in page.labels() for m in STONE_NAME.findall(x)}
        assert len(stones) == (33 if players == 3 else 40)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_log_lines_of_whole_games_are_complete_sentences(lang):
    for players, seed in ((2, 3), (3, 4), (4, 0), (4, 1)):     # 4-0, 4-1: Tuchulcha and Lasa
        rng = random.Random(seed)
        state = new_state(players)
        ctx = ctx_for(state, lang=lang)
        lines = []
        while not state.is_terminal():
            action = (sample_chance(state, rng) if state.is_chance()
                      else rng.choice(state.legal_actions()))
            before = state.clone()
            state.apply(action)
            lines += view.describe(before, action, state, ctx)
        assert lines[-1] == view.result(state, ctx)
        final = Markup(view.render(state, ctx))            # the finished board: nothing to click
        assert final.values("data-action") == [] and final.values("data-select") == []
        for line in lines:
            assert "tuchulcha." not in line and "{" not in line and "<" not in line, line


def test_catalogues_have_the_same_keys():
    fr = json.loads((I18N / "fr" / "tuchulcha.json").read_text(encoding="utf-8"))
    en = json.loads((I18N / "en" / "tuchulcha.json").read_text(encoding="utf-8"))
    assert set(fr) == set(en)
    assert all(k.startswith("tuchulcha.") for k in fr)


def test_log_line_of_a_hit():
    state = roll(position(4, stones={12: (0, 3), 16: (1, 2)}), 4, 1)
    before = state.clone()
    action = state.str_to_action("4:12x3")
    state.play(action)
    lines = view.describe(before, action, state, ctx_for(state))
    assert lines == ["Alice (rouge, Achvizr) déplace 3 aruspices rouges de la pierre 12 à la "
                     "pierre 16 (dé 4)\u202f; 2 aruspices bleus partent dans la forêt"]
    en = view.describe(before, action, state, ctx_for(state, lang="en"))
    assert en == ["Alice (red, Achvizr) moves 3 red pawns from stone 12 to stone 16 (die 4); "
                  "2 blue pawns go to the forest"]


def test_log_lines_of_a_consecration_and_a_lost_group():
    state = position(4, velthumena={0: 4}, forest={0: 1})
    before = state.clone()
    state.play(("C", ()))
    lines = view.describe(before, ("C", ()), state, ctx_for(state))
    assert lines[0].startswith("Alice (rouge, Achvizr) se consacre à Tuchulcha et sacrifie 3 ")
    assert lines[1] == "Son aruspice resté à Velthumena part dans la forêt."
    lost = roll(position(4, stones={6: (0, 2)}), 2, 1)   # stone 8 is a passage
    before = lost.clone()
    lost.play((2, 6, 2))
    assert view.describe(before, (2, 6, 2), lost, ctx_for(lost))[0].endswith(
        "; arrêtés sur le passage 8, ils se perdent dans la forêt")


def test_log_says_when_no_die_can_be_used():
    # Alice's last pawn waits in the temple; every stone a 5 or a 2 reaches is held by a
    # stronger group (stone 1: 2 pawns; stone 4, mystic: power 3): her turn passes.
    state = position(4, temple={0: 1}, velthumena={0: 7},
                     stones={1: (1, 2), 4: (2, 1), 0: (3, 2)})
    state.play("roll")
    before = state.clone()
    state.play(("dice", (5, 2)))
    assert state.player == 1
    assert view.describe(before, ("dice", (5, 2)), state, ctx_for(state)) == [
        "Alice (rouge, Achvizr) lance les dés\u202f: 5 et 2.", "Alice ne peut utiliser aucun dé."]


def test_status_names_the_player_and_what_to_do():
    state = roll(position(4, player=2, stones={25: (2, 1)}), 6, 3)
    assert view.status(state, ctx_for(state)) == (
        "Chloé (noir, Leinth) déplace ses aruspices (dés\u202f: 6 et 3).")
    assert state.phase == MOVE


def test_result_sentence_of_a_finished_game():
    # Alice's last pawn on the path enters Velthumena: she has none left in play, the game
    # ends and the most pawns in Velthumena win (rules, "End of the game" c).
    state = roll(position(4, stones={31: (0, 1)}, velthumena={0: 7, 1: 2}), 3, 1)
    before = state.clone()
    state.play((3, 31, 1))
    assert state.is_terminal() and state.winners() == [0]
    ctx = ctx_for(state)
    assert view.result(state, ctx) == "Alice gagne avec 8 aruspices à Velthumena."
    assert view.status(state, ctx) == view.result(state, ctx)
    assert view.describe(before, (3, 31, 1), state, ctx)[-1] == view.result(state, ctx)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_help_page_and_thumbnail(lang):
    page = view.help_page(ViewContext(lang=lang))
    parsed = Markup(page)
    assert page.count("<svg") >= 8 and "tuchulcha." not in " ".join(parsed.text)
    assert "Velthumena" in page
    thumb = view.thumbnail()
    assert thumb.startswith("<svg") and thumb.rstrip().endswith("</svg>")
