"""Wongar's view: clickables are exactly the legal actions, hidden hands stay hidden, text is
escaped and translated, the log never names a drawn ritual card."""

import html
import json
import random
import re
from pathlib import Path

import pytest

from rituels.engine import CHANCE, get_game, sample_chance
from rituels.viewkit import ViewContext
from rituels.wongar import data as D
from rituels.wongar import geometry, view
from rituels.wongar.rules import WongarState
from rituels.wongar.words import of_area
from wongar_helpers import ceremony, new_game, play, to_turns

I18N = Path(__file__).resolve().parents[2] / "py" / "rituels" / "i18n"
NAMES = ["Alice", "Bruno", "Chloé", "Dina", "Émile"]
ACTION = re.compile(r'data-action="([^"]*)"')
SELECT = re.compile(r'data-select="([^"]*)"')


def ctx_for(state, **kw):
    kw.setdefault("names", NAMES[: state.num_players])
    return ViewContext(**kw)


def clickable(state, ctx, seen=None) -> set[str]:
    """Every action reachable by clicking, following data-select steps (as the app does)."""
    seen = set() if seen is None else seen
    markup = view.render(state, ctx)
    found = {html.unescape(a) for a in ACTION.findall(markup)}
    for token in {html.unescape(s) for s in SELECT.findall(markup)}:
        assert token != ctx.selection, "a selected token is offered again"
        if token in seen:
            continue
        seen.add(token)
        inner = ViewContext(lang=ctx.lang, names=ctx.names, viewer=ctx.viewer,
                            interactive=True, selection=token)
        found |= clickable(state, inner, seen)
    return found


def random_states(n, seed, variant="basic", every=1):
    """Decision states along one random game (chance sampled, decisions random)."""
    rng = random.Random(seed)
    state = get_game("wongar").new_state(n, {"variant": variant})
    i = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        if i % every == 0:
            yield state
        i += 1
        state.apply(rng.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize("n,seed,variant", [(3, 1, "basic"), (4, 2, "advanced"), (5, 3, "basic")])
def test_clickables_are_exactly_the_legal_actions(n, seed, variant):
    steps_seen = set()
    for state in random_states(n, seed, variant, every=3):
        if state.is_terminal():
            ctx = ctx_for(state, interactive=True, viewer=0)
            assert clickable(state, ctx) == set()
            continue
        p = state.actor()
        ctx = ctx_for(state, interactive=True, viewer=p)
        legal = {state.action_to_str(a) for a in state.legal_actions()}
        assert clickable(state, ctx) == legal, (state.step, legal)
        steps_seen.add(state.step)
        # Not interactive (a bot or the other player decides): nothing is clickable.
        assert clickable(state, ctx_for(state, interactive=False, viewer=p)) == set()
    assert {"take", "place", "ceremony"} <= steps_seen


def effect_state_with_both_ways():
    """A ritual effect where one neighbour is both a "move out" and a "bring in" target."""
    for seed in range(40):
        for state in random_states(4, seed):
            if state.step == "effect":
                verbs = {}
                for a in state.legal_actions():
                    if a[0] in ("out", "in"):
                        verbs.setdefault(a[1], set()).add(a[0])
                if any(len(v) == 2 for v in verbs.values()):
                    return state
    pytest.skip("no such position in the sampled games")


def test_out_and_in_on_the_same_area_go_through_a_selection():
    state = effect_state_with_both_ways()
    ctx = ctx_for(state, interactive=True, viewer=state.actor())
    markup = view.render(state, ctx)
    tokens = set(SELECT.findall(markup))
    assert tokens and all(t.startswith("area:") for t in tokens)
    token = sorted(tokens)[0]
    area = token.split(":")[1]
    chosen = view.render(state, ctx_for(state, interactive=True, viewer=state.actor(),
                                        selection=token))
    assert f'data-action="out:{area}"' in chosen and f'data-action="in:{area}"' in chosen
    assert "wg-selected" in chosen and "wg-selected" not in markup
    # The selection narrows the buttons to that area's two ways.
    button = re.compile(r'<button class="wg-btn" data-action="((?:out|in):[a-z]+)"')
    others, narrowed = set(button.findall(markup)), set(button.findall(chosen))
    assert narrowed == {f"out:{area}", f"in:{area}"} and narrowed <= others


def hands_state():
    """Player 0 holds only disc ritual cards, player 1 only cubes and a double."""
    state = next(s for s in random_states(4, 7) if s.phase == "turn")
    state.hands[0] = [2, 0, 0, 0, 0]
    state.hands[1] = [0, 3, 0, 1, 0]
    state.taken[1] = [0, 0, 0, 1, 0, 1, 0, 0, 0]
    state.changed()
    return state


def private_panel(markup: str) -> str:
    m = re.search(r'<section class="wg-panel wg-private".*?</section>', markup, re.S)
    return m.group(0) if m else ""


def test_only_the_viewers_hand_is_rendered():
    state = hands_state()
    markup = view.render(state, ctx_for(state, viewer=0))
    panel = private_panel(markup)
    assert 'data-viewer="0"' in panel and "wg-ritual-disc" in panel
    public = re.sub(r'<section class="wg-panel wg-deck-panel".*?</section>', "", markup,
                    flags=re.S)  # the discard pile is face up: anything may show there
    for kind in ("cube", "double"):
        assert f"wg-ritual-{kind}" not in public  # not in the panel, nor anywhere else
    assert "wg-card-triple" not in panel and "wg-card-four" not in panel  # player 1's taken
    # Player 1 sees their own cards and none of player 0's.
    other = view.render(state, ctx_for(state, viewer=1))
    assert "wg-ritual-cube" in private_panel(other) and "wg-ritual-disc" not in other
    # A spectator sees no hand at all.
    assert private_panel(view.render(state, ctx_for(state, viewer=None))) == ""


def test_names_are_escaped():
    state = hands_state()
    names = ["<script>x</script>", 'A"B', "C&D", "Dina"]
    markup = view.render(state, ViewContext(names=names, viewer=0, interactive=True))
    assert "<script>" not in markup
    assert "&lt;script&gt;" in markup and "C&amp;D" in markup and 'A"B' not in markup


def test_both_languages_render_without_missing_keys():
    fr = json.loads((I18N / "fr" / "wongar.json").read_text(encoding="utf-8"))
    en = json.loads((I18N / "en" / "wongar.json").read_text(encoding="utf-8"))
    assert set(fr) == set(en) and all(k.startswith("wongar.") for k in fr)
    for lang in ("fr", "en"):
        for state in random_states(5, 11, every=7):
            ctx = ctx_for(state, lang=lang, viewer=state.actor() or 0,
                          interactive=not state.is_terminal())
            text = view.render(state, ctx) + view.status(state, ctx)
            missing = set(re.findall(r"wongar\.[a-z_.]+", text)) - {"wongar"}
            assert not missing, missing
        page = view.help_page(ViewContext(lang=lang))
        assert "<svg" in page and not re.findall(r"wongar\.[a-z_]+\.[a-z_.]+", page)
    assert view.render(state, ctx_for(state, lang="fr")) != view.render(
        state, ctx_for(state, lang="en"))


def test_a_ritual_draw_is_logged_without_its_kind():
    state = next(s for s in random_states(3, 5) if s.phase == "turn")
    state.drawer, state.draws_pending = 1, 2
    state.changed()
    assert state.current_player() == CHANCE
    for lang in ("fr", "en"):
        ctx = ctx_for(state, lang=lang)
        lines = set()
        for r in ("disc", "cube", "cylinder", "double"):
            after = state.clone()
            after.apply(("draw", D.RITUAL_KINDS.index(r)))
            lines.add(tuple(view.describe(state, ("draw", D.RITUAL_KINDS.index(r)), after, ctx)))
        assert len(lines) == 1, lines  # the same words whatever was drawn
        (line,) = next(iter(lines))
        assert "Bruno" in line


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_log_lines_are_plain_text_for_a_whole_game(lang):
    rng = random.Random(4)
    state = get_game("wongar").new_state(4, {})
    ctx = ctx_for(state, lang=lang)
    log = []
    while not state.is_terminal():
        before = state.clone()
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        lines = view.describe(before, action, state, ctx)
        assert all(isinstance(x, str) and x and "<" not in x for x in lines)
        assert not [x for x in lines if "wongar." in x], lines  # no missing catalogue key
        log += lines
    ceremony, scores = {"fr": ("Cérémonie", "marque"), "en": ("Ceremony", "scores")}[lang]
    assert any(ceremony in x for x in log) and any(scores in x for x in log)
    assert log[-1] == view.result(state, ctx)
    winners = state.winners()
    assert all(NAMES[p] in log[-1] for p in winners)


def test_final_panel_shows_area_cards_and_standings_show_bonuses():
    state = next(s for s in random_states(3, 8) if s.is_terminal())
    ctx = ctx_for(state, viewer=0)
    markup = view.render(state, ctx)
    assert 'class="wg-panel wg-final"' in markup
    # The standings (the app's end panel): rank, player, ceremony points, bonus, total.
    table = view.standings(state, ctx)
    rows = re.findall(r'<tr><td>(\d+)</td><th scope="row">([^<]*)</th><td>(\d+)</td>'
                      r'<td>\+(\d+)</td><td><strong>(\d+)</strong></td></tr>', table)
    assert len(rows) == 3
    by_name = {name: (int(rank), int(pts), int(bonus), int(total))
               for rank, name, pts, bonus, total in rows}
    for p in range(3):
        rank, pts, bonus, total = by_name[NAMES[p]]
        assert (bonus, total, pts + bonus) == (state.bonus[p], state.scores[p], total)
        assert (rank == 1) == (p in state.winners())
    assert [r[1] for r in rows][0] in {NAMES[p] for p in state.winners()}
    assert sum(state.bonus) >= 8


def test_map_picture_matches_the_rules_adjacency():
    assert geometry.check() == []
    for name in D.AREAS:
        lay = geometry.layout(name)
        box = geometry.CONTENT[name]
        assert lay.grid.h >= 5 * 30, name  # five players' rows fit in every area
        assert box.x <= lay.card.x and lay.card.x + lay.card.w <= box.x + box.w


def test_status_says_who_decides():
    for state in random_states(4, 9, every=5):
        ctx = ctx_for(state)
        sentence = view.status(state, ctx)
        assert sentence
        if state.actor() is not None:
            assert NAMES[state.actor()] in sentence


def _double_in_kangaroo():
    """Alice (0) will start a ceremony in Kangourou with a cube there and one next door on
    Main, and a double; Bruno (1) has a cylinder card but only a disc there."""
    return ceremony(0, tokens=[("kangaroo", 0, "cube", 1), ("hand", 0, "cube", 1),
                               ("kangaroo", 1, "disc", 1)],
                    hands={0: {"double": 1}, 1: {"cylinder": 1}}, start=False)


def test_an_automatic_pass_is_logged_and_statuses_say_what_to_do():
    s = _double_in_kangaroo()
    en, fr = ctx_for(s, lang="en"), ctx_for(s, lang="fr")
    # Alice is the person at this screen: she is spoken to; Bruno watching reads of her.
    you_en, you_fr = ctx_for(s, lang="en", local=(0,)), ctx_for(s, lang="fr", local=(0,))
    assert view.status(s, you_en) == ("Your turn: choose a face-up area card from any area; "
                                      "you will carry out its action.")
    assert view.status(s, en) == "Alice takes a face-up area card and carries out its action."
    play(s, "take:emu")
    assert view.status(s, you_en) == ("Your turn: lead the ancestor to a neighbouring area; a "
                                      "ceremony will take place there.")
    play(s, "move:kangaroo")
    assert view.status(s, you_en) == ("Your turn: play a ritual card in the ceremony in "
                                      "Kangaroo, or pass and leave it.")
    assert view.status(s, en) == "Ceremony in Kangaroo: Alice plays a ritual card or passes."
    play(s, "play:double")
    assert view.status(s, you_en).startswith("Your turn: choose a type for your double: put two "
                                             "of them in Kangaroo, or move two of them")
    play(s, "double:cube:act")
    assert view.status(s, you_en) == ("Your turn: move 2 of your cubes, each out of Kangaroo or "
                                      "into it from a neighbouring area.")
    assert view.status(s, you_fr) == ("À vous\u202f: déplacez 2 de vos cubes, chacun hors de "
                                      "Kangourou ou vers Kangourou depuis un territoire voisin.")
    assert view.status(s, fr) == ("Alice déplace 2 de ses cubes, chacun hors de Kangourou ou "
                                  "vers Kangourou.")
    assert "Move a cube out" in view.render(s, ctx_for(s, lang="en", viewer=0, interactive=True))
    # Bruno's cylinder card has nothing to act on (he has a disc, Alice cubes only): he passes
    # by himself when his turn in the ceremony comes, and the log says so.
    play(s, "in:hand")
    mid = s.clone()
    play(s, "out:emu")
    lines = view.describe(mid, ("out", D.AREAS.index("emu")), s, en)
    assert "Bruno has no ritual card that can act in Kangaroo and leaves the ceremony." in lines
    assert any("Bruno n’a aucune carte rituel utilisable sur Kangourou" in x
               for x in view.describe(mid, ("out", D.AREAS.index("emu")), s, fr))


def test_help_says_what_is_reconstructed_and_how_the_double_and_advanced_deal_work():
    en = view.help_page(ViewContext(lang="en"))
    assert "are reconstructions" in en
    assert "a double in addition to their two ritual cards" in en and "instead of" not in en
    assert "A double never removes" in en
    fr = view.help_page(ViewContext(lang="fr"))
    assert "reconstitutions" in fr and "un double en plus de ses deux cartes rituel" in fr
    assert "Un double ne retire jamais" in fr


PIECE = re.compile(r'<g id="(wo-[^"]+)" class="([^"]*)" style="transform:translate\(([-\d.]+)px,'
                   r'([-\d.]+)px\)"')


def pieces(state, ctx) -> dict[str, tuple[str, float, float]]:
    """Every movable piece on the board: id -> (classes, x, y)."""
    found = PIECE.findall(view.render(state, ctx))
    ids = [f[0] for f in found]
    assert len(ids) == len(set(ids)), "two pieces share an id"
    return {i: (cls, float(x), float(y)) for i, cls, x, y in found}


def test_pieces_keep_their_ids_when_they_move_and_the_last_move_is_marked():
    s = _double_in_kangaroo()
    ctx = ctx_for(s, lang="en", viewer=0)
    start = pieces(s, ctx)
    assert "wo-ancestor" in start and "wo-elder" in start and "wo-time" in start
    assert all("piece" in c.split() for c, _, _ in start.values())
    assert not [i for i, (c, _, _) in start.items() if "last-move" in c]
    play(s, "take:emu", "move:kangaroo")
    moved = pieces(s, ctx)
    # The ancestor is the same element, elsewhere, marked as the last move; so is Kangourou.
    assert moved["wo-ancestor"][1:] != start["wo-ancestor"][1:]
    assert "last-move" in moved["wo-ancestor"][0] and "last-move" not in moved["wo-elder"][0]
    assert re.search(r'class="wg-area[^"]*last-move"', view.render(s, ctx))
    play(s, "play:double", "double:cube:act", "in:hand")
    marked = {i for i, (c, _, _) in pieces(s, ctx).items() if "last-move" in c}
    assert marked == {"wo-t-kangaroo-0-cube"}  # Main's last cube left: nothing to mark there
    play(s, "out:emu")
    marked = {i for i, (c, _, _) in pieces(s, ctx).items() if "last-move" in c}
    assert marked == {"wo-t-kangaroo-0-cube", "wo-t-emu-0-cube"}


def test_a_taken_card_marks_its_pile_and_the_placed_token():
    s = to_turns(new_game(4, start=0), emu="cube")
    play(s, "take:emu")
    markup = view.render(s, ctx_for(s, viewer=0))
    assert re.search(r'<g id="wo-card-emu" class="wg-cardslot last-move"', markup)
    marked = {i for i, (c, _, _) in pieces(s, ctx_for(s, viewer=0)).items() if "last-move" in c}
    assert marked == {"wo-t-emu-0-cube"}


def test_thumbnail_is_an_svg_picture():
    pic = view.thumbnail()
    assert pic.startswith("<svg") and pic.endswith("</svg>") and 'role="img"' in pic


def test_draws_and_turn_ups_ask_nobody_for_a_click():
    # No decision in a draw or a turn-up (rules: "draws the top ritual card", "turns up"):
    # the app performs them itself, each with a log line saying who drew.
    states = list(_chance_states(4, 12))
    assert any(s.draws_pending for s in states) and any(s.phase == "duty" for s in states)
    assert all(s.chance_owner() is None for s in states)
    assert view.roll_label is None  # (ViewModule: an optional part it has not)
    draw = next(s for s in states if s.draws_pending)
    after = draw.clone()
    after.apply(next(a for a in draw.legal_actions() if a[1] != D.RITUAL_KINDS.index("scorpion")))
    ctx = ctx_for(draw, lang="en")
    assert view.describe(draw, ("draw", 0), after, ctx) == [
        f"{ctx.name(draw.drawer)} draws a ritual card."]


def test_french_elides_area_names():
    ctx = ctx_for(WongarState(4), lang="fr")
    assert of_area(ctx, D.AREAS.index("emu")) == "d’Émeu"
    assert of_area(ctx, D.AREAS.index("lizard")) == "de Lézard"


def _chance_states(n, seed):
    rng = random.Random(seed)
    state = get_game("wongar").new_state(n, {})
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            if state.phase != "setup":
                yield state.clone()
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


def test_the_ceremony_panel_shows_who_plays_and_who_passed():
    for state in random_states(4, 6):
        if state.step == "ceremony" and len(state.cer_active) < len(state.cer_participants):
            break
    else:
        pytest.skip("no ceremony with a pass in this game")
    markup = view.render(state, ctx_for(state, viewer=state.actor(), interactive=True))
    panel = re.search(r'<section class="wg-panel wg-ceremony-panel".*?</section>', markup, re.S)
    assert panel
    text = panel.group(0)
    assert text.count("wg-part-now") == 1 and "wg-part-out" in text
    assert NAMES[state.actor()] in text
    n = state.ceremony_points()
    assert f"{n} point{'s' if n > 1 else ''}." in text  # "1 point", "3 points"


def test_a_whole_game_in_the_app_by_clicking_what_the_board_offers():
    """One person against three bots through the app's model: every decision is a click on a
    clickable of the rendered page, every human draw a click on the app's draw button."""
    from rituels.app.controller import App
    from rituels.app.storage import MemoryStorage

    rng = random.Random(5)
    app = App(MemoryStorage(), "", pace_s=0, rng=random.Random(5))
    app.navigate("#/new/wongar")
    form = {"count": "4", "seat-0-kind": "human", "seat-0-name": "Ada"}
    form.update({f"seat-{i}-kind": "easy" for i in (1, 2, 3)})
    app.click({"cmd": "start", "form": form})
    session = app.session
    for _ in range(3000):
        for _ in range(10000):  # bots and table draws run on the app's timers
            if not [e for e in app.take_effects() if e["type"] == "timer"]:
                break
            app.tick()
        if session.state.is_terminal():
            break
        page = app.render()
        if session.human_to_roll():
            assert 'data-cmd="roll"' in page
            app.click({"cmd": "roll"})
            continue
        assert session.human_to_decide()
        shown = [html.unescape(a) for a in ACTION.findall(page)]
        if not shown:  # only a selection step is offered: take it, then act
            app.click({"select": html.unescape(SELECT.findall(page)[0])})
            shown = [html.unescape(a) for a in ACTION.findall(app.render())]
        app.click({"action": rng.choice(shown)})
    assert session.state.is_terminal()
    page = app.render()
    assert "wg-final" in page and "Ada" in page
    assert any("Cérémonie" in line for line in session.log)


def test_chance_moments_render_without_clickables():
    """Set-up draws, the duty's turn-ups and ritual draws: the app samples or shows its own
    draw button; the board shows the table and offers nothing to click."""
    rng = random.Random(13)
    state = get_game("wongar").new_state(3, {})
    seen = set()
    while not state.is_terminal() and len(seen) < 3:
        if state.current_player() == CHANCE:
            seen.add(state.phase)
            ctx = ctx_for(state, viewer=0, interactive=True)
            assert clickable(state, ctx) == set()
            assert view.status(state, ctx)
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert seen == {"setup", "duty", "privilege"}


def test_the_areas_table_repeats_the_map_in_text():
    state = hands_state()
    markup = view.render(state, ctx_for(state))
    table = re.search(r'<details class="wg-panel wg-areas"[^>]*>.*?</details>', markup,
                      re.S).group(0)
    rows = re.findall(r"<tr[^>]*><th scope=\"row\">.*?</tr>", table, re.S)
    assert len(rows) == len(D.AREAS)
    hand = rows[D.AREAS.index("hand")]
    assert "Main" in hand
    for a, row in enumerate(rows):  # the figures stand (by the name) where the state says
        name_cell = row.split("</th>")[0]
        assert ("wg-ancestor" in name_cell) == (a == state.ancestor_area)
        assert ("wg-elder" in name_cell) == (a == state.elder_area)
    for p in range(state.num_players):
        cell = "/".join(str(n) if n else "–" for n in state.tokens[D.AREAS.index("hand")][p])
        assert f"<td>{cell}</td>" in hand
    assert f"{state.pile_size(D.AREAS.index('hand'))}</td>" in hand


def test_last_turn_says_what_they_took_and_placed():
    s = to_turns(new_game(4, start=0), emu="cube")
    before = s.clone()
    play(s, "take:emu")
    steps = [(before, before.str_to_action("take:emu"), s.clone())]
    name = ctx_for(s).name(0)
    assert view.last_turn(0, steps, ctx_for(s)) == f"{name}\u202f: prend Cube (Émeu), cube → Émeu"
    assert (view.last_turn(0, steps, ctx_for(s, lang="en"))
            == f"{name}: takes Cube (Emu), cube → Emu")
    assert view.last_turn(0, [], ctx_for(s)) == ""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_cards_figures_and_ritual_cards_explain_themselves(lang):
    """Every board element explains itself (issue 23): a face-up area card's tooltip says what
    taking it does, each figure's what moves it and what holding it gives, each ritual card in
    the hand what it does in a ceremony (wongar.md "Area cards", "Ceremony")."""
    state = hands_state()
    ctx = ctx_for(state, viewer=0, lang=lang)
    markup = view.render(state, ctx)
    for a, k in enumerate(state.face_up):
        if k is None:
            continue
        slot = re.search(rf'<g id="wo-card-{D.AREAS[a]}"[^>]*><title>([^<]*)</title>', markup)
        assert slot, D.AREAS[a]
        assert html.unescape(slot.group(1)).endswith(ctx.t(f"wongar.tip.card.{D.CARD_KINDS[k]}"))
    for kind in ("ancestor", "elder"):
        fig = re.search(rf'<g id="wo-{kind}"[^>]*><g[^>]*><title>([^<]*)</title>', markup)
        assert fig and ctx.t(f"wongar.tip.figure.{kind}") in html.unescape(fig.group(1))
    panel = private_panel(markup)
    assert f'title="{html.escape(ctx.t("wongar.tip.ritual.disc"), quote=True)}"' in panel
    # The rules said in words: a disc card puts a disc on its own area; a double never removes.
    words = {"fr": ("un disque ici", "jamais de retrait"), "en": ("a disc here", "never removes")}
    assert words[lang][0] in ctx.t("wongar.tip.card.disc")
    assert words[lang][1] in ctx.t("wongar.tip.ritual.double")


@pytest.mark.parametrize("lang", ["fr", "en", "it", "de"])
def test_area_names_stay_on_the_map_in_every_language(lang):
    # Issue 42: German « Schildkröte » ran past the map's right edge (« Schildkröt » on a phone).
    from rituels.wongar import mapview
    state = get_game("wongar").new_state(3, {})
    page = view.render(state, ViewContext(lang=lang, names=["A", "B", "C"]))
    names = re.findall(r'<text x="([\d.]+)" y="[\d.]+" class="wg-area-name"([^>]*)>([^<]*)<', page)
    assert len(names) == len(D.AREAS)
    for x, extra, label in names:
        fitted = re.search(r'textLength="(\d+)"', extra)
        width = int(fitted.group(1)) if fitted else len(html.unescape(label)) * mapview.NAME_CHAR_W
        assert float(x) + width <= geometry.WIDTH - 8, (label, x, width)
    if lang == "de":
        assert any("Schildkröte" in label and "textLength" in extra for _, extra, label in names)
