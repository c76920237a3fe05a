""""Why not?" (issue 23): each reason the rules give for a tap that does nothing, in the
situation where the rules file says it applies (cthulhu-dice.md, tuchulcha.md)."""

from rituels.app.lessons import lesson_run
from rituels.cthulhu_dice.position import from_json as cd_from_json
from rituels.cthulhu_dice.rules import CthulhuDiceState
from rituels.cthulhu_dice.whynot import explain as cd_explain, why_not as cd_why
from rituels.tuchulcha.position import setup
from rituels.tuchulcha.whynot import explain as tu_explain, why_not as tu_why
from rituels.app.storage import MemoryStorage
from rituels.viewkit import ViewContext


def _cd(tokens, mode="classic", **fields):
    data = CthulhuDiceState(3, {"mode": mode}).to_json()
    total = sum(s["tokens"] for s in data["seats"]) + data["pool"]
    for seat, n in zip(data["seats"], tokens):
        seat["tokens"] = n
    data["pool"] = total - sum(tokens)
    data.update(fields)
    return cd_from_json(data)


def test_cthulhu_victims():
    st = _cd([2, 0, 3])
    assert cd_why(st, "seat:0") == ("self", {})                # the caster
    assert cd_why(st, "seat:1") == ("mad", {"seat": 1})        # a mad player is no victim
    assert cd_why(st, "seat:2") is None                        # a sane one is
    assert cd_why(st, "cthulhu") == ("classic", {})            # classic: never Cthulhu
    assert cd_why(_cd([2, 2, 2], "cthulhu"), "cthulhu") is None   # the variant: he may be
    ctx = ViewContext(lang="fr", names=["Ada", "Bruno", "Chloé"])
    assert cd_explain(st, "seat:1", ctx) == \
        "Bruno est fou\u202f: on ne peut pas le choisir comme victime."


def test_cthulhu_phases():
    rolling = _cd([2, 2, 2], phase="roll", victim=1)
    assert cd_why(rolling, "seat:2") == ("roll", {})
    eye = _cd([2, 2, 2], phase="eye", victim=1)
    assert cd_why(eye, "seat:1") == ("eye", {})
    over = _cd([2, 0, 0], phase="over", victim=1, counter=True, end="last",
               winning_seats=[0])
    assert cd_why(over, "seat:1") == ("over", {})
    assert cd_why(_cd([2, 2, 2]), "seat:9") == ("nothing", {})


def test_cthulhu_yellow_sign_gift():
    # Variant: seat 0's Yellow Sign took a token from seat 1; it goes to seat 2 or 3's... here
    # only seat 2 may receive it (seat 0 rolled it, seat 1 lost it).
    st = _cd([2, 2, 2], "cthulhu", phase="gift", victim=1, gift={"from": 1, "to": [2]})
    assert cd_why(st, "seat:2") is None
    assert cd_why(st, "seat:1") == ("gift_loser", {"seat": 1})
    assert cd_why(st, "seat:0") == ("gift_roller", {})
    assert cd_why(st, "cthulhu") == ("gift_cthulhu", {})
    mad = _cd([2, 2, 0], "cthulhu", phase="gift", victim=1, gift={"from": 1, "to": [0]})
    assert cd_why(mad, "seat:2") == ("gift_mad", {"seat": 2})


def _rolled(st, dice):
    st.play(st.str_to_action("d" + "".join(map(str, dice))))
    return st


def test_tuchulcha_places_that_never_move():
    st = _rolled(setup(4, stones={5: (0, 1)}), (5, 2))
    assert tu_why(st, "forest") == ("forest", {})
    assert tu_why(st, "velthumena") == ("velthumena", {})
    assert tu_why(st, "sanctuary") == ("sanctuary", {})
    assert tu_why(st, "s9") == ("empty", {})
    assert tu_why(st, "s5") is None                     # red may move it


def test_tuchulcha_not_your_colour_and_not_now():
    st = setup(4, stones={12: (1, 1)})
    assert tu_why(st, "s12") == ("not_now", {})          # dice not rolled yet
    _rolled(st, (2, 1))
    assert tu_why(st, "s12") == ("not_yours", {"colour": 1})
    assert tu_why(st, "t2") == ("not_yours", {"colour": 2})
    ctx = ViewContext(lang="en")
    assert tu_explain(st, "s12", ctx) == "These pawns are blue: not your colour."


def test_tuchulcha_mystic_stone_first():
    # Red starts the turn on mystic stone 4: it moves before any other red pawn.
    st = _rolled(setup(4, stones={4: (0, 1), 11: (0, 1)}), (2, 1))
    assert tu_why(st, "s11") == ("mystic_first", {"stone": 4})
    assert tu_why(st, "t0") == ("mystic_first", {"stone": 4})
    assert tu_why(st, "s4") is None


def test_tuchulcha_defenders_too_strong():
    # Red on 9 with 3 and 4: blue holds ritual stone 12 (1 pawn x2) and plain 13 (2 pawns).
    st = _rolled(setup(4, stones={9: (0, 1), 12: (1, 1), 13: (1, 2)}), (4, 3))
    assert tu_why(st, "s9") == ("too_strong", {"power": 2, "stone": 12})
    assert tu_explain(st, "s9", ViewContext(lang="fr")) == \
        "Pierre 12, puissance 2\u202f: il faut 2 aruspices qui arrivent ensemble."


def test_tuchulcha_pawn_cannot_be_attacked():
    # Blue is Tuchulcha (consecrated: 3 pawns in the sanctuary); his pawns on 12 and 13.
    st = setup(4, stones={9: (0, 1), 12: (1, 1), 13: (1, 1)}, sanctuary={1: 3},
               tuchulcha=1, consecrations=1)
    _rolled(st, (4, 3))
    assert tu_why(st, "s9") == ("tuchulcha", {})


def test_tuchulcha_a_die_left_unused():
    # Red: 20 and 13, the rest in Velthumena; blue 2 on 22 and 2 on 15 (power 2 each).
    # With 5 and 2, 20 goes 5 then 2 (both dice). 13 can only go 5, onto passage 18: lost,
    # and then the 2 has no move (22 too strong): that would leave a die unused.
    st = setup(4, stones={20: (0, 1), 13: (0, 1), 22: (1, 2), 15: (1, 2)},
               velthumena={0: 6})
    _rolled(st, (5, 2))
    assert tu_why(st, "s13") == ("dice_unused", {})
    assert tu_why(st, "s20") is None


def test_tuchulcha_hitter_stops():
    # Red hits the lone blue pawn on 11 from 9 with the 2: it stops for the rest of the turn.
    st = _rolled(setup(4, stones={9: (0, 1), 11: (1, 1)}, velthumena={0: 6}), (2, 1))
    st.play(st.str_to_action("2:9x1"))
    assert tu_why(st, "s11") == ("frozen", {})


def test_tuchulcha_game_over():
    st = _rolled(setup(4, stones={30: (0, 1)}, velthumena={0: 7}), (5, 2))
    st.play(st.str_to_action("5:30x1"))
    assert st.is_terminal() and tu_why(st, "s3") == ("over", {})



def test_app_answers_a_tap_in_a_real_game():
    from rituels.app.controller import App
    app = App(MemoryStorage(), "en", pace_s=0)
    app.start_game("cthulhu-dice", [{"name": "Ada", "bot": None}, {"name": "Bo", "bot": "easy"},
                                    {"name": "Cy", "bot": "easy"}], {})
    s = app.session
    assert s.human_to_decide() and s.state.caster == 0
    assert 'data-why="seat:0"' in app.render()          # the caster's own seat answers
    app.click({"why": "seat:0"})
    assert app.notices[-1]["text"] == "You cannot be your own victim."
    assert "You cannot be your own victim." in app.announcements
    assert s.record["actions"] == []                    # nothing was played


# --- Wongar (wongar.md): positions from the lesson's set table, edited through from_json ------

def _wo_step(say):
    from rituels.lessons import Lesson, chapters
    ch = chapters("wongar")[0]
    return Lesson(ch, [s.say for s in ch.steps].index("lessons.wo." + say)).state


def _wo_edit(st, edit):
    import json
    from rituels.wongar.position import from_json
    data = json.loads(json.dumps(st.to_json()))   # a copy, as a save would hold it
    edit(data)
    return from_json(data)


def _wo_ctx():
    return ViewContext(lang="en", names=["You", "Bruno", "Chloé"], viewer=0, interactive=True)


def test_wongar_taking_a_card():
    from rituels.wongar.whynot import why_not
    st = _wo_step("take")                        # the learner's turn: take a face-up card
    assert why_not(st, "card:kangaroo") is None
    assert why_not(st, "area:hand") == ("take_first", {})
    assert why_not(st, "hand:cube") == ("ritual_ceremony", {})
    assert why_not(st, "card:atlantis") == ("nothing", {})

    def taken(d):
        d["face_up"][9] = None                   # Crocodile's card already taken this round
    assert why_not(_wo_edit(st, taken), "card:crocodile") == ("no_card", {"area": 9})
    opt = _wo_step("option")                     # the card's options are buttons
    assert why_not(opt, "card:emu") == ("card_later", {})
    assert why_not(opt, "area:emu") == ("buttons_first", {})
    assert why_not(_wo_step("place"), "area:crocodile") is None   # a token goes anywhere


def test_wongar_figures_moves():
    from rituels.wongar.whynot import why_not
    st = _wo_step("move")                        # the ancestor stands on the Hand
    assert why_not(st, "area:kangaroo") is None
    assert why_not(st, "area:crocodile") == ("ancestor_far", {"area": 4})

    def elder_on_kangaroo(d):
        d["elder_area"] = 0
    st = _wo_edit(_wo_step("take"), elder_on_kangaroo)
    st.play(st.str_to_action("take:foot"))       # an elder card: one or two areas, must move
    assert why_not(st, "area:kangaroo") == ("elder_must_move", {"area": 0})
    assert why_not(st, "area:turtle") == ("elder_far", {"area": 0})   # three areas away
    assert why_not(st, "area:snake") is None     # two away (Emu, then Snake)


def test_wongar_ceremony_cards_and_targets():
    from rituels.wongar.whynot import explain, why_not
    st = _wo_step("play")                        # the learner opens Kangaroo's ceremony
    assert why_not(st, "area:kangaroo") == ("play_first", {})
    assert why_not(st, "hand:cube") is None
    st = _wo_step("remove")                      # a cube card played: its effect
    assert why_not(st, "row:kangaroo:1") is None                  # Bruno's cubes
    assert why_not(st, "row:kangaroo:2") == ("no_token_kind", {"player": 2, "type": 1,
                                                                "area": 0})
    assert explain(st, "row:kangaroo:2", _wo_ctx()) == \
        "Chloé has no cube here (Kangaroo): nothing to remove."
    assert why_not(st, "row:kangaroo:0") == ("own_row", {})
    assert why_not(st, "row:emu:1") == ("not_ceremony", {"area": 1, "cer": 0})
    assert why_not(st, "area:crocodile") == ("not_ceremony", {"area": 9, "cer": 0})
    assert why_not(st, "area:kangaroo") == ("pick_neighbour", {"type": 1})
    assert why_not(st, "area:emu") is None       # the learner's cube could go out there
    assert why_not(st, "hand:cube") == ("effect_first", {})

    def no_cube_here(d):
        d["tokens"][0][0][1] -= 1
        d["supply"][0][1] += 1
    st = _wo_edit(st, no_cube_here)              # nothing to move out: only bring one in
    assert why_not(st, "area:emu") == ("no_own_token", {"type": 1, "area": 1})  # none there
    assert why_not(st, "area:lizard") is None    # a cube of the learner's to bring in


def test_wongar_double_never_removes():
    from rituels.wongar.whynot import why_not

    def a_double(d):
        d["deck"][3] -= 1
        d["hands"][0][3] += 1
        d["hand_slots"][0] = [[sum(d["hands"][0]), 0]]
    st = _wo_edit(_wo_step("play"), a_double)
    for text in ("play:double", "double:cube:act"):
        st.play(st.str_to_action(text))
    assert why_not(st, "row:kangaroo:1") == ("double_no_remove", {})


def test_wongar_cards_that_would_do_nothing():
    from rituels.wongar.rules import ADJ
    from rituels.wongar.whynot import why_not
    st = _wo_step("pass")                        # Bruno's elder ceremony in the Hand (area 4)

    def nothing_near(d):
        # Every token of the learner's (supply too) goes to Crocodile, far from the Hand;
        # Chloé's cylinder in the Hand goes back to her supply; the learner gets a double
        # and a cylinder card.
        for a in [4, *ADJ[4]]:
            for t in range(3):
                d["tokens"][9][0][t] += d["tokens"][a][0][t]
                d["tokens"][a][0][t] = 0
        for t in range(3):
            d["tokens"][9][0][t] += d["supply"][0][t]
            d["supply"][0][t] = 0
        d["tokens"][4][2][2] -= 1
        d["supply"][2][2] += 1
        for r in (2, 3):
            d["deck"][r] -= 1
            d["hands"][0][r] += 1
        d["hand_slots"][0] = [[sum(d["hands"][0]), 0]]
    st = _wo_edit(st, nothing_near)
    assert st.actor() == 0 and st.step == "ceremony"
    assert why_not(st, "hand:cylinder") == ("card_useless", {"type": 2, "area": 4})
    assert why_not(st, "hand:double") == ("double_useless", {"area": 4})


def test_wongar_not_now_and_over():
    from rituels.lessons import Lesson, chapters
    from rituels.wongar.whynot import why_not
    st = _wo_step("place")
    st.play(st.str_to_action("place:hand"))      # the ritual card to draw: the table's turn
    assert st.actor() is None and why_not(st, "card:emu") == ("not_now", {})
    assert why_not(Lesson(chapters("wongar")[0], 99).state, "area:hand") == ("over", {})


def test_wongar_lesson_answers_a_tap_on_the_map():
    from rituels.app.controller import App
    app = App(MemoryStorage(), "en", pace_s=0)
    app.navigate("#/learn/wongar/first")
    app.click({"cmd": "lesson-next"})            # step 2: take Kangaroo's card
    html = app.render()
    assert 'data-why="area:hand"' in html and 'data-why="hand:cube"' in html
    assert 'data-why="card:kangaroo"' not in html  # that card can be taken
    app.click({"why": "area:hand"})
    assert lesson_run(app).message == "First take a face-up territory card."
    assert lesson_run(app).lesson.index == 1
