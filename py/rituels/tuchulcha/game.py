"""The Tuchulcha game definition: 2 to 4 players, one set-up option (the old "one die moves a
group" reading, off by default), a ladder of five bot levels
(and the random "easy" mover for developers)."""

from rituels.engine.bots import RandomBot
from rituels.engine.game import Game, Option
from rituels.tuchulcha.ladder import RATINGS
from rituels.tuchulcha.bots import StrongBot
from rituels.tuchulcha.chances import clear_error, win_chances
from rituels.tuchulcha.levels import level_bot
from rituels.tuchulcha.position import from_json
from rituels.tuchulcha.rules import GAME_ID, new_state

FIXED_LEAVES = 300   # positions a fixed-effort strong bot evaluates per decision (tests)


def fixed_effort_strong(seed: int) -> StrongBot:
    return StrongBot(seed, max_leaves=FIXED_LEAVES)


def _level(level: str):
    """Levels 1-4 (tuchulcha/levels.py: one move ahead with noise, then the planner on a count of
    leaves and sampled futures): fixed effort, no clock."""
    return lambda seed=0: level_bot(level, seed)


GAME = Game(
    id=GAME_ID,
    min_players=2,
    max_players=4,
    new_state=new_state,
    options=(Option("group_moves", "bool", False, "tuchulcha.option.group_moves"),),
    # Levels "1"-"5" are the ladder (ratings in ladder.py); "easy"/"strong" for developers.
    bots={"easy": RandomBot, "strong": StrongBot, "1": _level("1"), "2": _level("2"),
          "3": _level("3"), "4": _level("4"), "5": StrongBot},
    levels=("1", "2", "3", "4", "5"),
    ratings=RATINGS,
    fixed_effort_bots={"strong": fixed_effort_strong, "5": fixed_effort_strong},
    hidden_information=False,
    default_players=4,
    win_chances=win_chances,
    clear_error=clear_error,
    from_json=from_json,
    view="rituels.tuchulcha.view",
)
