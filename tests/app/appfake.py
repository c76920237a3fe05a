"""A tiny game used to drive the app's controller in tests, independent of the real games'
progress: a race to 6 with a secret card each (hidden information), a set-up deal by the
table (chance without owner) and a roll owned by the player who chose to roll.

Each turn the player to move picks "go1", "go2" or "roll"; "roll" opens a chance node
("d1".."d3") owned by that player. A card is selected first with data-select (a two-step
choice) to show the selection mechanism: the view offers "pick" then the moves.
"""

from __future__ import annotations

from fractions import Fraction

from rituels.engine.bots import Bot, RandomBot
from rituels.engine.game import Game
from rituels.engine.state import CHANCE, TERMINAL, GameState, NotationError
from rituels.viewkit import attrs, esc

GOAL = 6


class FakeState(GameState):
    game_id = "fake-race"

    def __init__(self, n: int):
        self.num_players = n
        self.pos = [0] * n
        self.secret: list[int | None] = [None] * n
        self.turn = 0
        self.rolling = False

    def current_player(self) -> int:
        if max(self.pos) >= GOAL:
            return TERMINAL
        if None in self.secret or self.rolling:
            return CHANCE
        return self.turn

    def chance_owner(self):
        return self.turn if self.rolling else None

    def chance_outcomes(self):
        if self.rolling:
            return [(f"d{k}", Fraction(1, 3)) for k in (1, 2, 3)]
        return [("s0", Fraction(1, 2)), ("s1", Fraction(1, 2))]

    def legal_actions(self):
        if self.is_chance():
            return [a for a, _ in self.chance_outcomes()]
        return ["go1", "go2", "roll"]

    def apply(self, a):
        if a.startswith("s"):
            self.secret[self.secret.index(None)] = int(a[1])
        elif a == "roll":
            self.rolling = True
        else:
            self.pos[self.turn] += int(a[-1])
            self.rolling = False
            self.turn = (self.turn + 1) % self.num_players

    def clone(self):
        c = FakeState(self.num_players)
        c.pos, c.secret, c.turn, c.rolling = list(self.pos), list(self.secret), self.turn, self.rolling
        return c

    def action_to_str(self, a):
        return a

    def str_to_action(self, text):
        if text in ("go1", "go2", "roll", "d1", "d2", "d3", "s0", "s1"):
            return text
        raise NotationError(text)

    def winners(self):
        return [p for p in range(self.num_players) if self.pos[p] >= GOAL]

    def to_json(self):
        return {"pos": self.pos, "secret": self.secret, "turn": self.turn}


class SlowBot(Bot):
    """Thinks over several yields (as real search bots do), then moves 2."""

    level = "strong"

    def think(self, state, player):
        for _ in range(5):
            yield None
        return "go2"


GAME = Game(id="fake-race", min_players=2, max_players=4, new_state=lambda n, o: FakeState(n),
            bots={"easy": RandomBot, "strong": SlowBot}, hidden_information=True,
            default_players=2, view="rituels.fake_race.view")


# --- the view (rituels.fake_race.view) -------------------------------------------------------
def render(state, ctx):
    out = []
    for p in range(state.num_players):
        secret = state.secret[p] if p == ctx.viewer else "?"
        out.append(f'<p class="seat">{esc(ctx.name(p))}: {state.pos[p]} secret={secret}</p>')
    if ctx.interactive:
        if not ctx.selection:
            out.append(f'<button{attrs(data_select="pick")}>pick</button>')
        else:
            out.extend(f'<button{attrs(data_action=a)}>{a}</button>'
                       for a in state.legal_actions())
    return "".join(out)


def status(state, ctx):
    if state.is_chance():
        return f"{ctx.name(state.chance_owner())} rolls"
    return f"{ctx.name(state.current_player())} to move"


def describe(before, action, after, ctx):
    if action.startswith("s"):
        return ["a card is dealt"]
    who = before.turn
    return [f"{ctx.name(who)} plays {action}"]


def result(state, ctx):
    return "Race over: " + ", ".join(ctx.name(p) for p in state.winners())


def help_page(ctx):
    return "<p>Run to six.</p>"


def thumbnail():
    return '<svg viewBox="0 0 10 10"></svg>'
