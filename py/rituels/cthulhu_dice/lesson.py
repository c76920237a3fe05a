"""Cthulhu Dice lessons (data for rituels.lessons): the classic game, then "Cthulhu joue".
Texts are the keys ``lessons.cd.*`` of i18n/*/lessons.json; the learner is seat 1."""

from __future__ import annotations

from rituels.lessons import ROLL, Chapter, Step
from rituels.cthulhu_dice.position import from_json
from rituels.cthulhu_dice.rules import CthulhuDiceState


def _table(tokens: list[int], mode: str = "classic") -> CthulhuDiceState:
    """Three people with these tokens; the rest of the table's tokens in Cthulhu's pool."""
    data = CthulhuDiceState(3, {"mode": mode}).to_json()
    total = sum(seat["tokens"] for seat in data["seats"]) + data["pool"]
    for seat, n in zip(data["seats"], tokens):
        seat["tokens"] = n
    data["pool"] = total - sum(tokens)
    return from_json(data)


NAMES = ("lessons.name.you", "lessons.name.bruno", "lessons.name.chloe")
K = "lessons.cd."

CLASSIC = Chapter(
    id="classic", game="cthulhu-dice", title=K + "classic", players=3,
    options={"mode": "classic"}, names=NAMES, start=lambda: _table([2, 2, 2]),
    steps=(
        Step(K + "intro", "#cd-seat-0"),
        Step(K + "victim", "#cd-seat-1", expect="v2", hint=K + "victim_hint"),
        Step(K + "roll", ".cd-die", expect=ROLL, then=("T", "Y")),
        Step(K + "tentacle", "#cd-seat-0",
             then=("v3", "C", "E", "v1", "Y")),
        Step(K + "mad_roll", "#cd-seat-0", expect=ROLL, then=("E",)),
        Step(K + "elder", "#cd-cthulhu"),
        Step(K + "mad_victim", "#cd-seat-2", expect="v3", hint=K + "mad_victim_hint"),
        Step(K + "eye_roll", ".cd-die", expect=ROLL, then=("O",)),
        Step(K + "eye", ".cd-choices", expect="eT", hint=K + "eye_hint", then=("O", "eY")),
        Step(K + "faces", ".cd-die", then=("v3", "Y", "T")),
        Step(K + "end", "#cd-seat-0"),
    ))

VARIANT = Chapter(
    id="variant", game="cthulhu-dice", title=K + "variant", players=3,
    options={"mode": "cthulhu"}, names=NAMES, start=lambda: _table([3, 3, 3], "cthulhu"),
    steps=(
        Step(K + "v_intro", "#cd-cthulhu"),
        Step(K + "v_victim", "#cd-cthulhu", expect="vC", hint=K + "v_victim_hint"),
        Step(K + "v_roll", ".cd-die", expect=ROLL, then=("E", "Y")),
        Step(K + "v_back", "#cd-cthulhu", then=("v1", "Y")),
        Step(K + "v_gift", "#cd-seat-2"),
        Step(K + "v_goals", "#cd-cthulhu"),
    ))

CHAPTERS = (CLASSIC, VARIANT)
