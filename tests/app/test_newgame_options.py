"""The set-up dialog shows an option only when the options it depends on are chosen."""

from rituels.engine import get_game
from rituels.screens import newgame


def test_cthulhu_joue_options_appear_only_in_the_variant():
    game = get_game("cthulhu-dice")
    draft = newgame.default_draft(game)
    assert draft["options"]["mode"] == "classic"
    classic = newgame.render("fr", draft)
    assert 'name="opt-mode"' in classic
    assert 'name="opt-win_drain"' not in classic and 'name="opt-target"' not in classic

    draft = newgame.read_form(draft, {"opt-mode": "cthulhu"})
    variant = newgame.render("fr", draft)
    for key in ("win_drain", "win_target", "target", "win_last"):
        assert f'name="opt-{key}"' in variant

    # The sanity target only matters while "win by reaching the target" is on.
    draft = newgame.read_form(draft, {"opt-win_target": False})
    assert 'name="opt-target"' not in newgame.render("fr", draft)
    assert 'name="opt-win_last"' in newgame.render("fr", draft)


def test_hidden_options_are_still_recorded_with_their_values():
    game = get_game("cthulhu-dice")
    draft = newgame.default_draft(game)
    seats, options = newgame.to_setup(draft, "fr")
    assert options["mode"] == "classic" and options["target"] == 10
    assert game.check_options(len(seats), options) == options


def test_two_players_at_cthulhu_dice_are_told_they_play_two_places_each():
    # Issue 42: the rule (two places each) was only on the Rules page.
    game = get_game("cthulhu-dice")
    draft = newgame.default_draft(game)
    assert "count-note" not in newgame.render("fr", draft)         # four: one place each
    draft = newgame.read_form(draft, {"count": "2"})
    for lang, words in (("fr", "chacun joue deux places"), ("en", "each plays two places"),
                        ("it", "ciascuno gioca due posti"), ("de", "spielt jeder zwei Plätze")):
        page = newgame.render(lang, draft)
        assert 'aria-describedby="count-note"' in page and words in page
    assert "count-note" not in newgame.render("fr", newgame.default_draft(get_game("wongar")))
