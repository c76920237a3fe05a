"""Wongar's map, card mix, supply and time track as data (docs/rules/wongar.md).

The adjacency and time-track values are reconstructed [decision]; a corrected value changes only
this file.
"""

from __future__ import annotations

# Areas in reading order (left to right, top to bottom; Main before Pied) = set-up fill order.
AREAS = ("kangaroo", "emu", "snake", "lizard", "hand", "foot", "turtle",
         "echidna", "fish", "crocodile")
CENTRAL = ("hand", "foot")
_RING = ("kangaroo", "emu", "snake", "turtle", "crocodile", "fish", "echidna", "lizard")
_CENTRE_LINKS = {
    "hand": ("foot", "kangaroo", "emu", "lizard", "echidna", "fish"),
    "foot": ("hand", "emu", "snake", "turtle", "crocodile", "fish"),
}


def _adjacency() -> dict[str, frozenset[str]]:
    adj: dict[str, set[str]] = {a: set() for a in AREAS}
    for i, a in enumerate(_RING):
        b = _RING[(i + 1) % len(_RING)]
        adj[a].add(b)
        adj[b].add(a)
    for centre, others in _CENTRE_LINKS.items():
        for o in others:
            adj[centre].add(o)
            adj[o].add(centre)
    return {a: frozenset(n) for a, n in adj.items()}


ADJACENT = _adjacency()

TOKEN_TYPES = ("disc", "cube", "cylinder")
SUPPLY = {"disc": 18, "cube": 15, "cylinder": 12}
BAG_PER_TYPE = 4  # each player bags 4 of each type at set-up

# One pile per area (15 cards); the advanced variant removes 1 ancestor and 1 elder.
AREA_PILE = {"disc": 3, "cube": 2, "cylinder": 1, "triple": 1, "scorpion": 2, "four": 1,
             "ancestor": 2, "elder": 2, "ancestor_elder": 1}
ADVANCED_REMOVED = {"ancestor": 1, "elder": 1}
RITUAL_DECK = {"disc": 14, "cube": 12, "cylinder": 10, "double": 5, "scorpion": 2}
START_HAND = 2

# Time track: 12 spaces, 3 sections of 4; space 12 is the X.
TIME_SPACES = 12
TIME_SECTION = 4
CEREMONY_POINTS = {  # section (0, 1, 2) -> points per kind of card that started the ceremony
    "elder": (1, 2, 3),
    "ancestor": (2, 3, 4),
    "ancestor_elder": (3, 4, 5),
}
END_BONUS = 8


def section(space: int) -> int:
    """Time space 1..12 -> section index 0..2."""
    return (space - 1) // TIME_SECTION

# Index orders used by the rules and the view (token type t is also card kind t and ritual kind t).
CARD_KINDS = ("disc", "cube", "cylinder", "triple", "scorpion", "four", "ancestor", "elder",
              "ancestor_elder")
RITUAL_KINDS = ("disc", "cube", "cylinder", "double", "scorpion")
# Ritual draws for each option of a token area card: (extra tokens placed, ritual cards drawn).
TOKEN_CARD_OPTIONS = {"two": (2, 0), "one": (1, 1), "draw": (0, 2)}
TRIPLE_TOKENS = 3
FOUR_CARDS_DRAW = 4
DOUBLE_PLACE = 2       # tokens a double places from the supply
DOUBLE_MOVES = 2       # or: this many moves (in or out of the ceremony area) with one type
ELDER_MOVES = (1, 2)   # the elder moves one or two areas (it must move)
