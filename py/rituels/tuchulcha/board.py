"""Tuchulcha's two board sides as data (shared/rules/tuchulcha.md, "Boards").

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
    pawns: int         # pawns per colour

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


SIDE_A = Side("A", loop=40, sector=10, temples=4, last_step=32, pawns=8)  # 2 or 4 players
SIDE_B = Side("B", loop=33, sector=11, temples=3, last_step=33, pawns=9)  # 3 players
SIDES = {"A": SIDE_A, "B": SIDE_B}


def side_for(players: int) -> Side:
    return SIDE_B if players == 3 else SIDE_A
