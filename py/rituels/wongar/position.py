"""Wongar positions from data: the validating inverse of ``WongarState.to_json`` (its declared
field list, ``FIELDS``, writes every attribute but the cache). Each field is checked against a
fresh state of the same table (same shape, whole numbers in range), then the counts the rules
conserve: every player's tokens (supply + bag + board) and the ritual cards (deck, discard,
hands, set aside)."""

from __future__ import annotations

from typing import Any

from rituels.engine.position import (
    boolean, built, choice, int_list, integer, keys, maybe_int, need, table)
from rituels.wongar import data as D
from rituels.wongar.rules import (
    NUM_AREAS, NUM_TYPES, PHASES, R_SCORPION, SETUP, SETUP_STEPS, STEPS, WongarState)

_NK, _NR = len(D.CARD_KINDS), len(D.RITUAL_KINDS)
_SETUP_STEPS = (None, *SETUP_STEPS)
_STEPS = (None, *STEPS)
# Fields that hold a player index or None, an area or None, a kind or None.
_PLAYER_OR_NONE = ("start_player", "round_first", "ancestor_holder", "elder_holder",
                   "turn_player", "drawer", "cer_starter")
_AREA_OR_NONE = ("card_area", "cer_area")
_TYPE_OR_NONE = ("card_type", "place_type", "effect_type")
_COUNTS = ("setup_scorpions", "scorpions_aside", "round", "setup_done", "turn_index",
           "place_left", "draw_after", "draws_pending", "cer_index", "effect_left")
_TOUCH = {"card": 1, "tok": 3, "fig": 1, "area": 1}


def _pairs(value: Any, what: str, lo_hi: tuple) -> list[tuple]:
    need(isinstance(value, list), f"{what} is not a list")
    out = []
    for i, item in enumerate(value):
        need(isinstance(item, list) and len(item) == len(lo_hi), f"{what}[{i}]: wrong shape")
        out.append(tuple(integer(v, f"{what}[{i}]", lo, hi) for v, (lo, hi) in zip(item, lo_hi)))
    return out


def from_json(data: Any) -> WongarState:
    need(isinstance(data, dict), "position is not an object")
    n = integer(data.get("num_players"), "num_players", 3, 5)
    variant = choice(data.get("variant"), ("basic", "advanced"), "variant")
    st = WongarState(n, {"variant": variant})
    keys(data, WongarState.FIELDS.keys)   # the declared field list's
    P, A, K = n - 1, NUM_AREAS - 1, _NK - 1
    st.tokens = [table(data["tokens"][a] if isinstance(data["tokens"], list)
                       and len(data["tokens"]) == NUM_AREAS else None,
                       f"tokens[{a}]", n, NUM_TYPES) for a in range(NUM_AREAS)]
    st.supply = table(data["supply"], "supply", n, NUM_TYPES)
    st.bag = table(data["bag"], "bag", n, NUM_TYPES)
    for p in range(n):
        for t, name in enumerate(D.TOKEN_TYPES):
            total = (st.supply[p][t] + st.bag[p][t]
                     + sum(st.tokens[a][p][t] for a in range(NUM_AREAS)))
            need(total == D.SUPPLY[name],
                 f"tokens: player {p} has {total} {name}s, {D.SUPPLY[name]} expected")
    st.piles = table(data["piles"], "piles", NUM_AREAS, _NK)
    face_up = data["face_up"]
    need(isinstance(face_up, list) and len(face_up) == NUM_AREAS, "face_up: one per area")
    st.face_up = [maybe_int(k, f"face_up[{a}]", 0, K) for a, k in enumerate(face_up)]
    st.area_discard = int_list(data["area_discard"], "area_discard", NUM_AREAS)
    for name in ("ritual_removed", "deck", "discard"):
        setattr(st, name, int_list(data[name], name, _NR))
    st.hands = table(data["hands"], "hands", n, _NR)
    need(not any(h[R_SCORPION] for h in st.hands), "hands: scorpions are never held")
    for name in _COUNTS:
        setattr(st, name, integer(data[name], name))
    for r, name in enumerate(D.RITUAL_KINDS):
        total = (st.deck[r] + st.discard[r] + sum(h[r] for h in st.hands) + st.ritual_removed[r]
                 + (st.setup_scorpions + st.scorpions_aside if r == R_SCORPION else 0))
        need(total == D.RITUAL_DECK[name],
             f"ritual cards: {total} {name} cards, {D.RITUAL_DECK[name]} expected")
    slots = data["hand_slots"]
    need(isinstance(slots, list) and len(slots) == n, "hand_slots: one list per player")
    st.hand_slots = [_pairs(s, f"hand_slots[{p}]", ((1, None), (0, 31)))
                     for p, s in enumerate(slots)]
    for p in range(n):
        need(sum(c for c, _ in st.hand_slots[p]) == sum(st.hands[p]),
             f"hand_slots[{p}]: not the size of the hand")
    st.taken = table(data["taken"], "taken", n, _NK)
    st.scores = int_list(data["scores"], "scores", n)
    st.bonus = int_list(data["bonus"], "bonus", n)
    st.time = integer(data["time"], "time", 1, D.TIME_SPACES)
    for name in _PLAYER_OR_NONE:
        setattr(st, name, maybe_int(data[name], name, 0, P))
    for name in _AREA_OR_NONE:
        setattr(st, name, maybe_int(data[name], name, 0, A))
    for name in _TYPE_OR_NONE:
        setattr(st, name, maybe_int(data[name], name, 0, NUM_TYPES - 1))
    st.card_kind = maybe_int(data["card_kind"], "card_kind", 0, K)
    st.cer_kind = maybe_int(data["cer_kind"], "cer_kind", 0, K)
    st.ancestor_area = integer(data["ancestor_area"], "ancestor_area", 0, A)
    st.elder_area = integer(data["elder_area"], "elder_area", 0, A)
    end = data["end_triggered"]
    need(end is None or isinstance(end, str), "end_triggered is not a text")
    st.end_triggered = end
    st.phase = choice(data["phase"], PHASES, "phase")
    st.setup_step = choice(data["setup_step"], _SETUP_STEPS, "setup_step")
    need((st.phase == SETUP) == (st.setup_step is not None),
         "setup_step: set exactly during the set-up")
    st.step = choice(data["step"], _STEPS, "step")
    need(st.step is None or st.phase != SETUP, "step: no turn during the set-up")
    st.cer_participants = int_list(data["cer_participants"], "cer_participants", None, 0, P)
    st.cer_active = int_list(data["cer_active"], "cer_active", None, 0, P)
    need(set(st.cer_active) <= set(st.cer_participants),
         "cer_active: only participants play in a ceremony")
    st.effect_double = boolean(data["effect_double"], "effect_double")
    moved = data["effect_moved"]
    if moved is not None:
        need(isinstance(moved, list) and len(moved) == 2 and moved[0] in ("in", "out"),
             "effect_moved: [in|out, area]")
        moved = (moved[0], integer(moved[1], "effect_moved area", 0, A))
    st.effect_moved = moved
    st.last_scoring = _pairs(data["last_scoring"], "last_scoring",
                             ((0, P), (0, None), (0, None)))
    last = data["last_ceremony"]
    st.last_ceremony = None if last is None else _pairs([last], "last_ceremony",
                                                        ((0, A), (0, K)))[0]
    st.auto_passed = _pairs(data["auto_passed"], "auto_passed", ((0, P), (0, A)))
    touches = data["last_touch"]
    need(isinstance(touches, list), "last_touch is not a list")
    st.last_touch = []
    for i, t in enumerate(touches):
        need(isinstance(t, list) and t and isinstance(t[0], str) and t[0] in _TOUCH
             and len(t) == 1 + _TOUCH[t[0]],
             f"last_touch[{i}]: unknown mark")
        if t[0] == "fig":
            need(t[1] in ("ancestor", "elder"), f"last_touch[{i}]: no such figure")
            st.last_touch.append(tuple(t))
        else:
            st.last_touch.append((t[0],) + tuple(integer(v, f"last_touch[{i}]", 0, A)
                                                 for v in t[1:]))
    st._legal = None
    return built(st)
