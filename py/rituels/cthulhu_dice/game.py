"""The Cthulhu Dice game definition: player counts, set-up options, bots."""

from rituels.engine.bots import RandomBot
from rituels.engine.game import Game, Option
from rituels.cthulhu_dice.ladder import RATINGS
from rituels.cthulhu_dice.bots import StrongBot, level_bot
from rituels.cthulhu_dice.position import from_json
from rituels.cthulhu_dice.rules import GAME_ID, new_state

_VARIANT = (("mode", "cthulhu"),)  # options that only matter when Cthulhu plays

OPTIONS = (
    Option("mode", "choice", "classic", "cthulhu.opt.mode", choices=("classic", "cthulhu")),
    # Three people: 4 tokens per seat, or two seats each (6 seats).
    Option("three", "choice", "tokens4", "cthulhu.opt.three", choices=("tokens4", "two_seats"),
           players=(3,)),
    # "Cthulhu joue" victory conditions, each on/off (ignored in the classic game).
    Option("win_drain", "bool", True, "cthulhu.opt.win_drain", when=_VARIANT),
    Option("win_target", "bool", True, "cthulhu.opt.win_target", when=_VARIANT),
    Option("target", "int", 10, "cthulhu.opt.target", min=5, max=30,
           when=_VARIANT + (("win_target", True),)),
    Option("win_last", "bool", True, "cthulhu.opt.win_last", when=_VARIANT),
)


def _level(level: str):
    """Levels 1-4 (cthulhu_dice/bots.py: this turn's exact expectation, picked with noise)."""
    return lambda seed=0: level_bot(level, seed)


GAME = Game(
    id=GAME_ID,
    min_players=2,
    max_players=8,
    new_state=new_state,
    options=OPTIONS,
    # Levels "1"-"4" are placeholders until the ladder is built (issue 43).
    bots={"easy": RandomBot, "strong": StrongBot, "1": _level("1"), "2": _level("2"),
          "3": _level("3"), "4": _level("4"), "5": StrongBot},
    levels=("1", "2", "3", "4", "5"),
    ratings=RATINGS,
    hidden_information=False,
    default_players=4,
    from_json=from_json,
    view="rituels.cthulhu_dice.view",
)
