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


def random_decisions(players: int, seed: int, limit: int, stride: int = 1,
                     group_moves: bool = False):
    """Every ``stride``-th decision node of one random game (chance nodes sampled), at most
    ``limit`` of them: a stride spreads the checks over the whole game, roles included."""
    rng = random.Random(seed)
    state = new_state(players, {"group_moves": group_moves})
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
@pytest.mark.parametrize("players,seed,stride,group", [
    (2, 1, 1, False), (3, 2, 2, False), (4, 0, 4, False), (4, 1, 4, False),
    (2, 1, 1, True), (4, 0, 4, True),
])
def test_clickables_are_exactly_the_legal_actions(players, seed, stride, group):
    checked = 0
    for state in random_decisions(players, seed, limit=25, stride=stride, group_moves=group):
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
    state.play(("m", 3, 31, 1))
    lines = view.describe(before, ("m", 3, 31, 1), state, ctx_for(state))
    assert lines[-1] == ("Un aruspice est entré à Velthumena\u202f: Bob n’est plus Tuchulcha et "
                         "quitte la partie.")
    state.play(("m", 1, "T0", 1))
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


def test_group_option_selection_steps_show_the_group_then_its_destinations():
    state = roll(position(4, stones={12: (0, 3), 16: (1, 2)}, group_moves=True), 4, 1)
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
    state.play(("m", 5, 12, 1))                            # a die used: the roll is old news
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


def test_group_option_log_line_of_a_hit():
    state = roll(position(4, stones={12: (0, 3), 16: (1, 2)}, group_moves=True), 4, 1)
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
    lost = roll(position(4, stones={6: (0, 2)}, group_moves=True), 2, 1)  # 8: a passage
    before = lost.clone()
    lost.play(("m", 2, 6, 2))
    assert view.describe(before, ("m", 2, 6, 2), lost, ctx_for(lost))[0].endswith(
        "; arrêtés sur le passage 8, ils se perdent dans la forêt")


def test_a_single_move_takes_two_taps():
    state = roll(position(4, stones={12: (0, 3), 13: (1, 1)}), 4, 1)
    ctx = ctx_for(state)
    first = Markup(view.render(state, ctx))
    assert set(first.values("data-select")) == {"12", "T0"} and first.values("data-action") == []
    ctx.selection = "12"
    second = Markup(view.render(state, ctx))
    assert set(second.values("data-action")) == {"4:12x1", "1:12x1"}
    assert ("Dé 1\u202f: aller à la pierre 13 (frappe 1 aruspice bleu) — pierre 13, ordinaire\u202f: "
            "1 aruspice bleu") in second.labels()


def test_a_combined_attack_is_its_own_choice_on_the_attacked_stone():
    # One blue pawn on ritual stone 12 (power 2): red pawns on 9 and 11 attack together.
    state = roll(position(4, stones={9: (0, 1), 11: (0, 1), 12: (1, 1)}), 3, 1)
    ctx = ctx_for(state)
    html = view.render(state, ctx)
    page = Markup(html)
    assert "3:9+1:11" in page.values("data-action")      # one tap, on the stone and the panel
    spoken = ("Attaque groupée\u202f: 2 aruspices rouges arrivent ensemble à la pierre 12 (dé 3 "
              "de la pierre 9, dé 1 de la pierre 11) — pierre 12, rituelle (×2)\u202f: "
              "1 aruspice bleu")
    assert spoken in page.labels()
    tag = re.search(r'data-action="3:9\+1:11".*?</g></g>', html).group(0)
    assert tag.count('class="tu-badge tu-arrivals"') == 1 and tag.count("<circle") >= 2
    assert ("2 aruspices rouges arrivent ensemble à la pierre 12 (dé 3 de la pierre 9, dé 1 de "
            "la pierre 11) (frappe 1 aruspice bleu)") in page.text
    en = Markup(view.render(state, ctx_for(state, lang="en")))
    assert ("2 red pawns move together to stone 12 (die 3 from stone 9, die 1 from stone 11) "
            "(hits 1 blue pawn)") in en.text
    before = state.clone()
    action = state.str_to_action("3:9+1:11")
    state.play(action)
    assert view.describe(before, action, state, ctx_for(state)) == [
        "Alice (rouge, Achvizr)\u202f: 2 aruspices rouges arrivent ensemble à la pierre 12 (dé 3 "
        "de la pierre 9, dé 1 de la pierre 11)\u202f; 1 aruspice bleu part dans la forêt"]
    assert view.describe(before, action, state, ctx_for(state, lang="en")) == [
        "Alice (red, Achvizr): 2 red pawns move together to stone 12 (die 3 from stone 9, "
        "die 1 from stone 11); 1 blue pawn goes to the forest"]


def test_several_attacks_on_one_stone_are_a_second_step():
    # Blue on plain 13 (power 1): the 4 from 9 and the 2 from 11 may attack together, and with
    # the third die (a 4 from 9 again) three pawns may.
    state = roll(position(4, stones={9: (0, 2), 11: (0, 1), 13: (1, 1)}), 4, 4, third=2)
    ctx = ctx_for(state)
    attacks = {state.action_to_str(a) for a in state.attacks(13)}
    assert attacks == {"4:9+4:9", "4:9+2:11", "4:9+4:9+2:11"}
    first = Markup(view.render(state, ctx))
    assert "A13" in first.values("data-select")         # the stone opens the second step
    assert attacks <= set(first.values("data-action"))  # the panel lists every attack
    ctx.selection = "A13"
    picked = Markup(view.render(state, ctx))
    assert attacks <= set(picked.values("data-action"))
    assert reachable_actions(state, ctx) == legal_notations(state)


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
    # Chloé is the person at this screen: she is spoken to, in game words.
    assert view.status(state, ctx_for(state, local=(2,))) == (
        "À vous\u202f: choisissez un aruspice à déplacer (dés\u202f: 6 et 3).")
    assert view.status(state, ctx_for(state, local=(2,), lang="en")) == (
        "Your turn: choose a pawn to move (dice: 6 and 3).")
    # Two people share the device: the name comes first.
    assert view.status(state, ctx_for(state, local=(0, 2))).startswith("Chloé, à vous\u202f: ")


def test_result_sentence_of_a_finished_game():
    # Alice's last pawn on the path enters Velthumena: she has none left in play, the game
    # ends and the most pawns in Velthumena win (rules, "End of the game" c).
    state = roll(position(4, stones={31: (0, 1)}, velthumena={0: 7, 1: 2}), 3, 1)
    before = state.clone()
    state.play(("m", 3, 31, 1))
    assert state.is_terminal() and state.winners() == [0]
    ctx = ctx_for(state)
    assert view.result(state, ctx) == ("Alice n’a plus d’aruspice en jeu\u202f: la partie "
                                       "s’arrête. Alice gagne avec 8 aruspices à Velthumena.")
    assert view.status(state, ctx) == view.result(state, ctx)
    assert view.describe(before, ("m", 3, 31, 1), state, ctx)[-1] == view.result(state, ctx)
    assert view.result(state, ctx_for(state, lang="en")) == (
        "Alice has no pawn left in play: the game ends. Alice wins with 8 pawns in Velthumena.")
    # The standings: rank, player, pawns in Velthumena, still in play and in the forest.
    assert "tu-standings" not in view.render(state, ctx)     # the app's end panel shows it
    table = re.search(r'<table class="tu-standings">.*</table>', view.standings(state, ctx)).group(0)
    rows = re.findall(r"<tr><td>(\d+)</td><th scope=\"row\">([^<]*)</th><td>(\d+)</td>"
                      r"<td>(\d+)</td><td>(\d+)</td></tr>", table)
    assert [(r[0], r[1].split(" (")[0], r[2], r[3], r[4]) for r in rows] == [
        ("1", "Alice", "8", "0", "0"), ("2", "Bob", "2", "6", "0"),
        ("3", "Chloé", "0", "8", "0"), ("3", "Dario", "0", "8", "0")]


def test_result_of_a_tie_broken_by_pawns_in_play():
    # Alice empties her play with 5 in Velthumena, like Chloé, who still has 3 pawns in play:
    # Chloé wins (rules, "End of the game" c, tie-break), and the sentence says why.
    state = roll(position(4, stones={29: (0, 1)}, velthumena={0: 4, 2: 5}, forest={0: 3}), 6, 1)
    state.play(state.str_to_action("6:29x1"))
    assert state.winners() == [2]
    ctx = ctx_for(state)
    assert view.result(state, ctx).endswith(
        "À égalité à Velthumena (5) avec Alice\u202f: Chloé gagne avec 3 aruspices encore en jeu.")
    assert view.result(state, ctx_for(state, lang="en")).endswith(
        "Tied in Velthumena (5) with Alice: Chloé wins with 3 pawns still in play.")
    table = view.standings(state, ctx)
    first = re.search(r"<tr><td>1</td><th scope=\"row\">([^<]*)</th>", table).group(1)
    assert first.startswith("Chloé")
    assert re.search(r"<tr><td>2</td><th scope=\"row\">Alice", table)


def test_the_last_move_stays_marked_until_the_next():
    state = roll(position(4, stones={9: (0, 1), 11: (0, 1), 12: (1, 1)}), 3, 1)
    state.play(state.str_to_action("3:9+1:11"))
    assert state.last_move == ((9, 11), 12)
    state.play(("dice", (2, 1)))                      # Bob rolls: still Alice's move marked
    marked = re.findall(r'<g class="tu-place[^"]*last-move"[^>]*aria-label="(?:[^"]*— )?'
                        r'(pierre \d+)', view.render(state, ctx_for(state)))
    assert marked == ["pierre 9", "pierre 11", "pierre 12"]
    state.play(("m", 2, "T1", 1))
    assert state.last_move == (("T1",), 11)


def test_pawn_elements_keep_their_id_when_they_move():
    state = roll(position(4, stones={5: (0, 1), 20: (0, 2)}), 3, 1)
    ids = re.findall(r'<g id="(tu-piece-[^"]+)" class="piece" style="transform:translate\(',
                     view.render(state, ctx_for(state)))
    assert ids == ["tu-piece-s5", "tu-piece-s20"]
    state.play(("m", 1, 5, 1))                      # the pawn leaves 5 for 6: same element
    ids = re.findall(r'<g id="(tu-piece-[^"]+)"', view.render(state, ctx_for(state)))
    assert ids == ["tu-piece-s5", "tu-piece-s20"]
    state.play(("m", 3, 20, 1))                     # one of two leaves 20: a new element on 23
    ids = re.findall(r'<g id="(tu-piece-[^"]+)"', view.render(state, ctx_for(state)))
    assert ids == ["tu-piece-s6", "tu-piece-s20", "tu-piece-s23"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_help_page_and_thumbnail(lang):
    page = view.help_page(ViewContext(lang=lang))
    parsed = Markup(page)
    assert page.count("<svg") >= 8 and "tuchulcha." not in " ".join(parsed.text)
    assert "Velthumena" in page
    thumb = view.thumbnail()
    assert thumb.startswith("<svg") and thumb.rstrip().endswith("</svg>")


@pytest.mark.parametrize("lang,facts", [
    ("fr", ["Chaque dé déplace un seul aruspice", "Attaquer ensemble", "Attaque groupée",
            "9 à 2 ou 3 joueurs", "est une reconstitution", "au moins 2 aruspices en jeu",
            "ignorer un dé qui le ferait dépasser le prochain passage non scellé",
            "moins d’aruspices en jeu que de passages encore à sceller",
            "un dé déplace un groupe"]),
    ("en", ["Each die moves a single pawn", "Attacking together", "Combined attack",
            "9 with 2 or 3 players", "is a reconstruction", "at least 2 pawns in play",
            "ignore a die that would carry it past the next unsealed passage",
            "fewer pawns in play than passages left to seal", "one die moves a group"]),
])
def test_help_page_states_the_revised_rules(lang, facts):
    text = unescape(" ".join(Markup(view.help_page(ViewContext(lang=lang))).text))
    missing = [f for f in facts if f not in text]
    assert missing == []


def test_every_pawn_stack_is_a_piece_with_an_id_of_its_own():
    # Red has pawns in its temple, Velthumena and the forest; blue on stone 12.
    state = position(4, stones={12: (1, 2)}, velthumena={0: 2}, forest={0: 1})
    markup = view.render(state, ctx_for(state))
    pieces = re.findall(r'<g id="(tu-[^"]+)" class="piece" style="transform:translate\(', markup)
    assert {"tu-temple-0", "tu-velthumena-0", "tu-forest-0", "tu-piece-s12"} <= set(pieces)
    assert len(pieces) == len(set(pieces))
    # The rules' picture of the board (shown over a game) never reuses a game piece's id.
    help_ids = set(re.findall(r' id="([^"]+)"', view.help_page(ctx_for(state))))
    assert help_ids.isdisjoint(pieces) and any(i.startswith("tu-help-") for i in help_ids)


def test_the_legend_names_the_places_whose_titles_a_phone_hides():
    state = position(4, stones={})
    legend = re.search(r'<ul class="tu-legend"[^>]*>(.*?)</ul>', view.render(state, ctx_for(state)))
    items = re.findall(r"<li>([^<]*)</li>", legend.group(1))
    assert items[0] == "Au centre\u202f: Velthumena"
    assert {"En haut à gauche\u202f: Forêt", "En haut à droite\u202f: Sanctuaire"} <= set(items)
    assert "En bas à droite\u202f: Étoile de Lasa (sceaux\u202f: 0/4)" in items
    three = position(3, stones={})
    assert "Étoile" not in view.render(three, ctx_for(three)).split('class="tu-legend"')[1]


def _turn(state, *moves):
    steps = []
    for text in moves:
        before = state.clone()
        action = state.str_to_action(text)
        state.play(action)
        steps.append((before, action, state.clone()))
    return steps


def test_last_turn_summary_in_one_line():
    # Alice (red): die 4 takes 12 onto Bob's blue pawn at 16, die 1 moves 20 on to 21.
    state = roll(position(4, stones={12: (0, 1), 16: (1, 1), 20: (0, 1)}), 4, 1)
    steps = _turn(state, "4:12x1", "1:20x1")
    assert view.last_turn(0, steps, ctx_for(state)) == "Alice\u202f: 12 → 16, frappe 1 bleu, 20 → 21"
    assert (view.last_turn(0, steps, ctx_for(state, lang="en"))
            == "Alice: 12 → 16, hits 1 blue, 20 → 21")
    # a turn with no move (the dice and a pass only) says so
    assert view.last_turn(1, [], ctx_for(state)) == "Bob\u202f: ne bouge pas"


def test_a_hit_marks_its_stone_and_the_forest():
    # Alice's die 4 takes 12 onto Bob's blue pawn at 16: it goes to the forest.
    state = roll(position(4, stones={12: (0, 1), 16: (1, 1), 20: (0, 1)}), 4, 1)
    assert "tu-hit" not in view.render(state, ctx_for(state))
    state.play(state.str_to_action("4:12x1"))
    html = view.render(state, ctx_for(state))
    hit = [dict(a) for tag, a in Markup(html).elements if "tu-hit" in dict(a).get("class", "")]
    assert len(hit) == 2
    assert any("tu-area-forest" in a["class"] for a in hit)
    assert any("16" in a.get("aria-label", "") and "tu-area" not in a["class"] for a in hit)
    state.play(state.str_to_action("1:20x1"))      # the next move hits nobody: no mark
    assert "tu-hit" not in view.render(state, ctx_for(state))


def test_badges_and_phone_numbers_keep_clear_of_boxes_symbols_and_pawns():
    from rituels.tuchulcha.drawing import _badge_spot, _numbers_on_stones
    from rituels.tuchulcha.geometry import CENTRE, LOOP_RADIUS, layout
    for side in ("A", "B"):
        geo = layout(side)
        for i in range(len(geo.stones)):
            x, y = _badge_spot(geo, i, geo.stone_r + 20)
            assert not any(b.x - 20 < x < b.x + b.w + 20 and b.y - 20 < y < b.y + b.h + 20
                           for b in geo.areas.values()), (side, i)
        nums = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" class="tu-num-in">(\d+)<',
                          _numbers_on_stones(side))
        # beside the stones, outside the loop (the symbols on them, the pawns inside), all
        # but the few at a corner, which sit on the stone's outer rim
        assert len(nums) >= len(geo.stones) - 6
        for x, y, _ in nums:
            assert ((float(x) - CENTRE) ** 2 + (float(y) - CENTRE) ** 2) ** 0.5 > (
                LOOP_RADIUS + geo.stone_r)
        assert "tu-num-in\">7<" not in _numbers_on_stones(side, frozenset({7}))  # its badge
