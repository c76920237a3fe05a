"""Tuchulcha's two board sides as data (docs/rules/tuchulcha.md, "Boards").

The printed layout is reconstructed; every number lives here so a corrected layout changes only
this file. Stones are numbered 0..loop-1 clockwise; temple k enters at ``entries[k]``.
"""

from __future__ import annotations

from dataclasses import dataclass

# Colour order = temple order. Gods: Achvizr red, Alpan blue, Leinth black, Thalna yellow.
COLOURS = ("red", "blue", "black", "yellow")
GODS = ("Achvizr", "Alpan", "Leinth", "Thalna")

PLAIN, ENTRY, RITUAL, MYSTIC, PASSAGE = "plain", "entry", "ritual", "mystic", "passage"
MULTIPLIER = {PLAIN: 1, ENTRY: 1, RITUAL: 2, MYSTIC: 3, PASSAGE: 1}
# Offsets from a sector's entry stone; every other offset is plain.
SECTOR_PATTERN = {0: ENTRY, 2: RITUAL, 4: MYSTIC, 7: RITUAL, 8: PASSAGE}


@dataclass(frozen=True)
class Side:
    name: str
    loop: int          # stones in the closed loop
    sector: int        # stones per sector
    temples: int       # number of temples (= colours on this side)
    last_step: int     # a colour's last stone is route step ``last_step``; one more = Velthumena

    @property
    def entries(self) -> tuple[int, ...]:
        return tuple(k * self.sector for k in range(self.temples))

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(SECTOR_PATTERN.get(i % self.sector, PLAIN) for i in range(self.loop))

    @property
    def passages(self) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(self.kinds) if k == PASSAGE)

    def stone_at(self, colour: int, step: int) -> int:
        """Route step (1..last_step) of temple ``colour`` -> stone number."""
        return (self.entries[colour] + step - 1) % self.loop

    def step_of(self, colour: int, stone: int) -> int:
        """Inverse of stone_at: the route step (1..loop) of ``stone`` for that colour."""
        return (stone - self.entries[colour]) % self.loop + 1


SIDE_A = Side("A", loop=40, sector=10, temples=4, last_step=32)  # 2 or 4 players
SIDE_B = Side("B", loop=33, sector=11, temples=3, last_step=33)  # 3 players
SIDES = {"A": SIDE_A, "B": SIDE_B}
# Pawns per colour by player count: "8 each, 9 with fewer than 4 players".
PAWNS = {2: 9, 3: 9, 4: 8}


def side_for(players: int) -> Side:
    return SIDE_B if players == 3 else SIDE_A

# --- Counts and costs of the rules (docs/rules/tuchulcha.md) -----------------------------
DIE_FACES = 6
DICE = 2                  # dice rolled on a turn
THIRD_DIE_ON_DOUBLE = True
TUCHULCHA_DICE = 4        # Tuchulcha rolls four ...
TUCHULCHA_DISCARDS = 1    # ... and discards one
LASA_DICE = 2
FIRST_COST = 3            # pawns sacrificed by the first consecration to Tuchulcha
COST_STEP = 1             # each later consecration costs this many more
COST_FROM_GOAL = 2        # of which at least this many come from Velthumena and/or the forest
OTHERS_MIN_IN_PLAY = 2    # a new Tuchulcha needs every other player to have this many in play
LASA_MIN_IN_PLAY = 4      # pawns in play needed to consecrate to Lasa Vecuvia
TUCHULCHA_PLAYERS = (3, 4)
LASA_PLAYERS = (4,)
NEUTRALS_2P = (1, 3)      # 2 players: these colours are neutral; players own colours 0 and 2
# [decision] A game ends by (c) after this many full rounds in which no race progress happens
# (no ordinary pawn moves, nothing is hit, lost, sealed or sacrificed): keeps every game finite
# when only Tuchulcha and/or Lasa can still move.
STALL_ROUNDS = 20
