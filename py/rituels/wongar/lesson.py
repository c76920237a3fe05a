"""Wongar lesson (data for rituels.lessons): three players, the learner (seat 0) holds the
ancestor, Bruno the elder; the time marker on space 11 (section III). Round 1: the learner
takes a disc card and places, Bruno's elder card starts a ceremony where Bruno removes a
token and the learner passes. Round 2: a scorpion turned up costs points and moves the time
marker to the X (the last round); the learner's ancestor card starts a ceremony where a
cube card and two ties (ancestor holder, then nearest) decide; then the final count of the
territory cards. Texts: ``lessons.wo.*``."""

from __future__ import annotations

from rituels.lessons import Chapter, Step
from rituels.wongar import data as D
from rituels.wongar.position import from_json
from rituels.wongar.rules import AREA_INDEX, CARD_INDEX, WongarState

K = "lessons.wo."
NAMES = ("lessons.name.you", "lessons.name.bruno", "lessons.name.chloe")

# Seats' tokens [disc, cube, cylinder] per area (the rest stay in the supply).
_TOKENS = {
    "kangaroo": ([1, 1, 0], [0, 2, 1], [2, 0, 1]),
    "hand": ([0, 1, 0], [1, 0, 0], [0, 0, 1]),
    "emu": ([0, 0, 1], [1, 0, 0], [0, 1, 0]),
    "snake": ([1, 0, 0], [0, 0, 1], [1, 0, 0]),
    "lizard": ([0, 1, 0], [1, 0, 0], [0, 0, 1]),
    "foot": ([1, 0, 0], [0, 1, 0], [1, 0, 0]),
    "turtle": ([0, 0, 1], [1, 0, 0], [0, 1, 0]),
}
_FACE_UP = {"kangaroo": "disc", "emu": "ancestor", "snake": "triple", "lizard": "cube",
            "hand": "four", "foot": "elder", "turtle": "cylinder", "echidna": "disc",
            "fish": "cube", "crocodile": "ancestor_elder"}
_HANDS = ([0, 1, 0, 0, 0], [1, 0, 0, 0, 0], [0, 0, 0, 0, 0])


def _start() -> WongarState:
    d = WongarState(3, {"variant": "basic"}).to_json()
    tokens = [[[0, 0, 0] for _ in range(3)] for _ in D.AREAS]
    for name, seats in _TOKENS.items():
        tokens[AREA_INDEX[name]] = [list(s) for s in seats]
    supply = [[D.SUPPLY[t] - sum(tokens[a][p][i] for a in range(len(D.AREAS)))
               for i, t in enumerate(D.TOKEN_TYPES)] for p in range(3)]
    piles = [list(row) for row in d["piles"]]
    face_up = [None] * len(D.AREAS)
    for name, kind in _FACE_UP.items():
        a, k = AREA_INDEX[name], CARD_INDEX[kind]
        face_up[a] = k
        piles[a][k] -= 1
    deck = list(D.RITUAL_DECK.values())
    for hand in _HANDS:
        deck = [c - h for c, h in zip(deck, hand)]
    d.update(
        tokens=tokens, supply=supply, bag=[[0, 0, 0]] * 3, piles=piles, face_up=face_up,
        hands=[list(h) for h in _HANDS], deck=deck, setup_scorpions=0,
        hand_slots=[[[sum(h), 0]] if sum(h) else [] for h in _HANDS],
        scores=[6, 4, 4], time=11, round=1, start_player=0, round_first=0,
        ancestor_holder=0, elder_holder=1, ancestor_area=AREA_INDEX["hand"],
        elder_area=AREA_INDEX["foot"], phase="turn", setup_step=None, setup_done=6,
        step="take", turn_index=0, turn_player=0, last_touch=[])
    return from_json(d)


WONGAR = Chapter(
    id="first", game="wongar", title=K + "first", players=3, options={"variant": "basic"},
    names=NAMES, start=_start,
    steps=(
        Step(K + "intro", ".wg-map"),
        Step(K + "take", "#wo-card-kangaroo", expect="take:kangaroo", hint=K + "take_hint"),
        Step(K + "option", ".wg-private", expect="opt:one", hint=K + "option_hint"),
        Step(K + "place", ".wg-map", expect="place:hand", hint=K + "place_hint",
             then=("draw:cube",)),
        Step(K + "ritual", ".wg-hand",
             then=("take:foot", "move:hand", "play:disc", "remove:0")),
        Step(K + "figures", "#wo-elder"),
        Step(K + "pass", ".wg-ceremony-panel", expect="pass", hint=K + "pass_hint",
             then=("take:lizard", "opt:draw", "draw:disc", "draw:cylinder",
                   "up:scorpion", "up:disc", "up:cube", "up:cylinder", "draw:disc")),
        Step(K + "scorpion", ".wg-time"),
        Step(K + "time", ".wg-time"),
        Step(K + "ancestor", "#wo-card-emu", expect="take:emu", hint=K + "ancestor_hint"),
        Step(K + "move", "#wo-ancestor", expect="move:kangaroo", hint=K + "move_hint"),
        Step(K + "play", ".wg-hand", expect="play:cube", hint=K + "play_hint"),
        Step(K + "remove", ".wg-ceremony-panel", expect="remove:1", hint=K + "remove_hint",
             then=("pass", "pass")),
        Step(K + "alone", ".wg-ceremony-panel", expect="pass", hint=K + "alone_hint"),
        Step(K + "ties", ".wg-players-panel",
             then=("take:turtle", "opt:draw", "draw:disc", "draw:disc",
                   "take:fish", "opt:draw", "draw:cube", "draw:cube")),
        Step(K + "final", ".wg-final"),
    ))

CHAPTERS = (WONGAR,)
