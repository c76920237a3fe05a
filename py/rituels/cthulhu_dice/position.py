"""Cthulhu Dice positions from data: the validating inverse of ``CthulhuDiceState.to_json``."""

from __future__ import annotations

from typing import Any

from rituels.engine.position import (
    boolean, built, choice, integer, keys, need)
from rituels.cthulhu_dice.rules import (
    CTHULHU, EYE_PICK, GIFT, MAX_SEATS, OVER, ROLL, VICTIM, FACES, CthulhuDiceState,
    seat_layout)

_ENDS = (None, "last", "target", "team", "cthulhu")


def _who(value: Any, n: int, what: str) -> int:
    if value == "cthulhu":
        return CTHULHU
    return integer(value, what, 0, n - 1)


def from_json(data: Any) -> CthulhuDiceState:
    keys(data, CthulhuDiceState.FIELDS.keys)   # the declared field list's
    mode = choice(data["mode"], ("classic", "cthulhu"), "mode")
    seats = data["seats"]
    need(isinstance(seats, list) and 2 <= len(seats) <= MAX_SEATS, "seats: 2 to 8 expected")
    n = len(seats)
    owner = []
    for i, seat in enumerate(seats):
        keys(seat, {"owner", "tokens", "took"}, f"seats[{i}]")
        owner.append(integer(seat["owner"], f"seats[{i}].owner", 0, n - 1))
    players = max(owner) + 1
    options: dict[str, Any] = {"mode": mode}
    if players == 3:
        options["three"] = "two_seats" if n == 6 else "tokens4"
    layout, start = seat_layout(players, options)
    need(tuple(owner) == layout, f"seats: owners {owner} are not a table of {players} players")
    variant = mode == "cthulhu"
    if variant:
        vic = keys(data["victory"], {"drain", "target", "last"}, "victory")
        options["win_drain"] = boolean(vic["drain"], "victory.drain")
        options["win_last"] = boolean(vic["last"], "victory.last")
        options["win_target"] = vic["target"] is not None
        if vic["target"] is not None:
            options["target"] = integer(vic["target"], "victory.target", 5, 30)
    else:
        need(data["victory"] is None, "victory: only in the Cthulhu variant")
    st = CthulhuDiceState(players, options)
    st.tokens = [integer(s["tokens"], f"seats[{i}].tokens") for i, s in enumerate(seats)]
    st.took = [boolean(s["took"], f"seats[{i}].took") for i, s in enumerate(seats)]
    need(variant or not any(st.took), "seats: 'took' is only counted in the variant")
    st.pool = integer(data["pool"], "pool")
    need(sum(st.tokens) + st.pool == st.total,
         f"tokens: {sum(st.tokens) + st.pool} in play, the table has {st.total}")
    st.turn = integer(data["turn"], "turn")
    st.phase = choice(data["phase"], (VICTIM, ROLL, EYE_PICK, GIFT, OVER), "phase")
    st.caster = integer(data["caster"], "caster", 0, n - 1)
    st.counter = boolean(data["counter"], "counter")
    victim = data["victim"]
    st.victim = None if victim is None else _who(victim, n, "victim")
    need(variant or st.victim != CTHULHU, "victim: Cthulhu is a victim only in the variant")
    if st.phase != OVER:
        need((st.victim is None) == (st.phase == VICTIM),
             "victim: set exactly when one has been chosen")
    need(st.victim != st.caster, "victim: the caster cannot be their own victim")
    if st.phase == VICTIM:
        need(not st.counter, "counter: no counter-roll before a victim is chosen")
    gift = data["gift"]
    if gift is None:
        need(st.phase != GIFT, "gift: the gift phase needs its giver and receivers")
    else:
        need(st.phase == GIFT, "gift: only in the gift phase")
        keys(gift, {"from", "to"}, "gift")
        st.gift_from = _who(gift["from"], n, "gift.from")
        to = gift["to"]
        need(isinstance(to, list) and to, "gift.to: a list of seats")
        st.gift_to = tuple(integer(s, "gift.to", 0, n - 1) for s in to)
    if st.phase == EYE_PICK:
        need(st.roller != CTHULHU, "phase: Cthulhu does not choose with the Eye")
    st.shield_until = integer(data["shield_until"], "shield_until", -1)
    last = keys(data["last"], {"face", "roller"}, "last")
    st.last_face = choice(last["face"], ("",) + FACES, "last.face")
    st.last_roller = None if last["roller"] is None else _who(last["roller"], n, "last.roller")
    end = choice(data["end"], _ENDS, "end")
    st.end = end or ""
    need((st.phase == OVER) == bool(st.end), "end: set exactly when the game is over")
    won = data["winning_seats"]
    need(isinstance(won, list), "winning_seats: a list")
    st.win_seats = tuple(integer(s, "winning_seats", 0, n - 1) for s in won)
    need(st.end or not st.win_seats, "winning_seats: only at the end")
    st.events = []
    return built(st)

