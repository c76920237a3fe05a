"""Tuchulcha positions from data: the validating inverse of ``TuchulchaState.to_json``."""

from __future__ import annotations

from typing import Any

from rituels.engine.position import (
    boolean, built, choice, int_list, integer, keys, maybe_int, need)
from rituels.tuchulcha import board
from rituels.tuchulcha.rules import (
    DISCARD, END, MOVE, OVER, ROLL, ROLL3, SETUP, START, STAR, THIRD, VELTHUMENA,
    TuchulchaState, side_for)

_PHASES = (SETUP, START, ROLL, THIRD, ROLL3, DISCARD, MOVE, END, OVER)
_FACES = board.DIE_FACES


def _stone_map(value: Any, what: str, loop: int) -> dict[int, int]:
    need(isinstance(value, dict), f"{what} is not an object")
    out = {}
    for k, v in value.items():
        need(isinstance(k, (str, int)) and str(k).isdigit() and int(k) < loop,
             f"{what}: {k!r} is not a stone")
        out[int(k)] = integer(v, f"{what}[{k}]", 1)
    return out


def _place(value: Any, st: TuchulchaState, what: str):
    if value == STAR or value == VELTHUMENA:
        return value
    if isinstance(value, str) and value[:1] == "T" and value[1:].isdigit():
        need(int(value[1:]) < st.side.temples, f"{what}: no temple {value}")
        return value
    return integer(value, what, 0, st.side.loop - 1)


def from_json(data: Any) -> TuchulchaState:
    keys(data, TuchulchaState.FIELDS.keys)   # the declared field list's
    n = integer(data["players"], "players", 2, 4)
    st = TuchulchaState(n, boolean(data["group_moves"], "group_moves"))
    need(data["side"] == side_for(n).name, f"side: {n} players play side {side_for(n).name}")
    need(data["pawns"] == st.pawns, f"pawns: {n} players have {st.pawns} pawns each")
    need(data["owner"] == list(st.owner), "owner: not this table's colours")
    T, loop = st.side.temples, st.side.loop
    for name in ("temple", "velthumena", "forest", "sanctuary", "star"):
        setattr(st, name, int_list(data[name], name, T, 0, st.pawns))
    stones = data["stones"]
    need(isinstance(stones, list) and len(stones) == loop, f"stones: {loop} expected")
    st.path = [0] * T
    for i, occ in enumerate(stones):
        if occ is None:
            continue
        need(isinstance(occ, list) and len(occ) == 2, f"stones[{i}]: [colour, pawns]")
        c = integer(occ[0], f"stones[{i}] colour", 0, T - 1)
        k = integer(occ[1], f"stones[{i}] pawns", 1, st.pawns)
        st.stones[i] = (c, k)
        st.path[c] += k
    for c in range(T):
        total = (st.temple[c] + st.path[c] + st.velthumena[c] + st.forest[c]
                 + st.sanctuary[c] + st.star[c])
        need(total == st.pawns, f"colour {c}: {total} pawns counted, {st.pawns} expected")
    seals = int_list(data["seals"], "seals", None, 0, loop - 1)
    need(set(seals) <= st._lay.passages, "seals: only passages are sealed")
    st.seals = frozenset(seals)
    st.tuchulcha = maybe_int(data["tuchulcha"], "tuchulcha", 0, n - 1)
    st.lasa = maybe_int(data["lasa"], "lasa", 0, n - 1)
    need(st.lasa is None or st.lasa != st.tuchulcha, "lasa: not Tuchulcha's player")
    for role, p in (("tuchulcha", st.tuchulcha), ("lasa", st.lasa)):
        need(p is None or n in (board.TUCHULCHA_PLAYERS if role == "tuchulcha"
                                else board.LASA_PLAYERS), f"{role}: not with {n} players")
    for c in range(T):
        owner = st.owner[c]
        need(not st.star[c] or (owner is not None and owner == st.lasa),
             f"star: only Lasa's pawns stand there (colour {c})")
    for i, occ in enumerate(st.stones):
        if occ and st._role_of_colour(occ[0]) == 0:   # a plain colour keeps to its route
            need(1 <= st._lay.step[occ[0]][i] <= st._lay.last_step,
                 f"stones[{i}]: not on colour {occ[0]}'s route")
    st.consecrations = integer(data["consecrations"], "consecrations")
    need(st.consecrations or st.tuchulcha is None, "consecrations: Tuchulcha was consecrated")
    st.out = frozenset(int_list(data["out"], "out", None, 0, n - 1))
    st.player = integer(data["player"], "player", 0, n - 1)
    st.first_player = maybe_int(data["first_player"], "first_player", 0, n - 1)
    st.phase = choice(data["phase"], _PHASES, "phase")
    need((st.phase == SETUP) == (st.first_player is None),
         "first_player: drawn at set-up, and only then")
    need(st.phase in (SETUP, OVER) or st.player not in st.out, "player: is out of the game")
    st.rolled = tuple(int_list(data["rolled"], "rolled", None, 1, _FACES))
    st.dice = tuple(int_list(data["dice"], "dice", None, 1, _FACES))
    need(len(st.rolled) <= board.TUCHULCHA_DICE, "rolled: too many dice")
    need(len(st.dice) <= len(st.rolled) or st.phase == OVER, "dice: more than were rolled")
    st.discarded = maybe_int(data["discarded"], "discarded", 1, _FACES)
    st.used = int_list(data["used"], "used", None, 1, _FACES)
    if st.phase in (DISCARD, THIRD):
        need(bool(st.rolled), f"phase {st.phase}: needs the rolled dice")
    if st.phase == DISCARD:
        need(len(st.rolled) == board.TUCHULCHA_DICE and st.player == st.tuchulcha,
             "discard: Tuchulcha's four dice")
    if st.phase == MOVE:
        need(bool(st.dice), "move: needs dice left")
        need(list(st.dice) == sorted(st.dice, reverse=True), "dice: highest first")
    st.frozen = _stone_map(data["frozen"], "frozen", loop)
    st.must_leave = _stone_map(data["must_leave"], "must_leave", loop)
    for name, bound in (("frozen", st.frozen), ("must_leave", st.must_leave)):
        for s, k in bound.items():
            need(st.stones[s] is not None and k <= st.stones[s][1],
                 f"{name}[{s}]: more pawns than the stone holds")
    st.passed = maybe_int(data["passed"], "passed", 0, n - 1)
    reason = data["end_reason"]
    need((reason is None) == (st.phase != OVER), "end_reason: set exactly at the end")
    need(reason is None or isinstance(reason, str), "end_reason is not a text")
    st.end_reason = reason
    last = data["last_move"]
    if last is not None:
        need(isinstance(last, list) and len(last) == 2 and isinstance(last[0], list)
             and last[0], "last_move: [sources, destination]")
        st.last_move = (tuple(_place(s, st, "last_move") for s in last[0]),
                        _place(last[1], st, "last_move"))
    winners = int_list(data["winners"], "winners", None, 0, n - 1)
    need(bool(winners) <= (st.phase == OVER), "winners: only at the end")
    st._winners = winners
    counters = int_list(data["counters"], "counters", 2)
    st._idle_turns, st._stall_turns = counters
    turn = keys(data["turn"], {"removed_by", "progress", "acted", "roll_asked", "maxleft"},
                "turn")
    st._removed_by = maybe_int(turn["removed_by"], "turn.removed_by", 0, n - 1)
    st._progress = boolean(turn["progress"], "turn.progress")
    st._acted = boolean(turn["acted"], "turn.acted")
    st._roll_asked = boolean(turn["roll_asked"], "turn.roll_asked")
    st._maxleft = integer(turn["maxleft"], "turn.maxleft", 0, board.TUCHULCHA_DICE)
    need(st.phase != MOVE or 1 <= st._maxleft <= len(st.dice),
         "turn.maxleft: the dice still to use")
    need(st.phase != END or st._removed_by == st.player, "end: only after ousting Tuchulcha")
    st._memo, st._memo_raw, st._legal = {}, {}, None
    return built(st)


def setup(players: int = 4, *, stones: dict | None = None, velthumena: dict | None = None,
          forest: dict | None = None, sanctuary: dict | None = None, player: int = 0,
          **fields: Any) -> TuchulchaState:
    """A position at the roll of ``player``'s turn, built and checked by :func:`from_json`:
    ``stones`` maps stone -> (colour, pawns), ``velthumena``, ``forest`` and ``sanctuary``
    colour -> pawns;
    each colour's temple holds the rest. Other ``to_json`` fields may be given as they are
    (lessons and tests set positions this way instead of editing a state)."""
    data = TuchulchaState(players).to_json()
    for s, (c, n) in (stones or {}).items():
        data["stones"][s] = [c, n]
    for name, counts in (("velthumena", velthumena), ("forest", forest),
                         ("sanctuary", sanctuary)):
        for c, n in (counts or {}).items():
            data[name][c] = n
    for c in range(len(data["temple"])):
        placed = sum(n for s, (cc, n) in (stones or {}).items() if cc == c)
        placed += sum(data[name][c] for name in ("velthumena", "forest", "sanctuary", "star"))
        data["temple"][c] = data["pawns"] - placed
    data.update(first_player=0, player=player, phase=ROLL)
    data.update(fields)
    return from_json(data)
