"""Tuchulcha lessons (data for rituels.lessons). « La course »: four players, the learner is
red; a set position (built and checked by position.setup) where three of the learner's turns
show one die per pawn, the mystic and ritual stones, a hit, a combined attack with a double
and the third die, Velthumena without an exact roll and the race's end. The other colours'
turns are scripted (their roll, then their moves). « Les rôles »: red becomes Tuchulcha
(cost, four dice and a discard, no stopping, power = number) and is ousted when another
pawn enters Velthumena. « Lasa Vecuvia »: with blue as Tuchulcha, red becomes Lasa (the star),
skips occupied stones, seals a passage and re-enters from the star. Texts: ``lessons.tu.*``."""

from __future__ import annotations

from rituels.lessons import ROLL, Chapter, Step
from rituels.tuchulcha.position import setup

K = "lessons.tu."
NAMES = ("lessons.name.you", "lessons.name.bruno", "lessons.name.chloe", "lessons.name.dora")


def _race():
    # Red: two in the temple, a stack of two on 22, one on 29, three already in Velthumena.
    # Blue defends 23 (alone: power 1) and 27 (ritual stone: power 2); yellow's last pawn in
    # play is on 3, so the race ends when it reaches Velthumena.
    return setup(4, stones={22: (0, 2), 29: (0, 1), 23: (1, 1), 27: (1, 1), 3: (3, 1)},
                 velthumena={0: 3, 1: 1, 2: 1, 3: 2}, forest={3: 5})


RACE = Chapter(
    id="race", game="tuchulcha", title=K + "race", players=4, options={}, names=NAMES,
    start=_race,
    steps=(
        Step(K + "intro", "#tu-temple-0"),
        Step(K + "roll1", "#tu-temple-0", expect=ROLL, then=("d52",)),
        Step(K + "one_die", "#tu-temple-0", expect="5:T0x1", hint=K + "one_die_hint"),
        Step(K + "mystic", "#tu-piece-s4", expect="2:T0x1", hint=K + "mystic_hint",
             then=("d21", "2:T1x1", "1:T1x1", "d21", "2:T2x1", "1:T2x1",
                   "roll", "d21", "2:3x1", "1:5x1")),
        Step(K + "passage", ".tu-area-forest"),
        Step(K + "roll2", ".tu-area-forest", expect=ROLL, then=("d31",)),
        Step(K + "leave_mystic", "#tu-piece-s4", expect="3:4x1", hint=K + "leave_mystic_hint"),
        Step(K + "hit", "#tu-piece-s23", expect="1:22x1", hint=K + "hit_hint",
             then=("d32", "3:T1x1", "2:T1x1", "d21", "2:T2x1", "1:T2x1",
                   "roll", "d43", "3:6x1", "4:9x1")),
        Step(K + "roll3", "#tu-piece-s27", expect=ROLL, then=("d44",)),
        Step(K + "third", "#tu-piece-s27", expect="third", hint=K + "third_hint",
             then=("d5",)),
        Step(K + "together", "#tu-piece-s27", expect="5:22+4:23", hint=K + "together_hint"),
        Step(K + "velthumena", "#tu-piece-s29", expect="4:29x1", hint=K + "velthumena_hint",
             then=("d21", "2:T1x1", "1:10x1", "d21", "2:T2x1", "1:T2x1",
                   "roll", "d65", "6:13x1", "5:19x1")),
        Step(K + "end", ".tu-velthumena"),
    ))

def _demon():
    # Red may consecrate (3 in Velthumena, 1 in the forest, every other player has 2 in play);
    # blue stands alone on ritual stone 12; yellow's pawn on 20 is one die from Velthumena.
    return setup(4, stones={5: (0, 1), 21: (0, 1), 12: (1, 1), 15: (1, 1), 20: (3, 1),
                            33: (2, 2)},
                 velthumena={0: 3, 1: 1, 2: 1, 3: 2}, forest={0: 1}, phase="start")


ROLES = Chapter(
    id="roles", game="tuchulcha", title=K + "roles", players=4, options={}, names=NAMES,
    start=_demon,
    steps=(
        Step(K + "r_intro", "#tu-velthumena-0"),
        Step(K + "r_become", "#tu-velthumena-0", expect="C", hint=K + "r_become_hint"),
        Step(K + "r_roll", "#tu-temple-0", expect=ROLL, then=("d6541",)),
        Step(K + "r_discard", ".tu-dice-tray", expect="discard5", hint=K + "r_discard_hint"),
        Step(K + "r_loop", "#tu-piece-s5", expect="6:5x1", hint=K + "r_loop_hint"),
        Step(K + "r_hit", "#tu-piece-s12", expect="1:11x1", hint=K + "r_hit_hint"),
        Step(K + "r_on", "#tu-piece-s12", expect="4:12x1", hint=K + "r_on_hint",
             then=("roll", "d21", "2:15x1", "1:T1x1", "roll", "d21", "2:33x1", "1:33x1",
                   "roll", "d21", "2:20x1", "1:T3x1", "done")),
        Step(K + "r_out", ".tu-velthumena"),
    ))

def _lasa():
    # Blue is Tuchulcha (3 pawns in the sanctuary); red has 6 pawns in play, 1 in Velthumena
    # and 1 in the forest; yellow and black stand on 4 and 5, so red's pawn on 3 skips them.
    return setup(4, stones={3: (0, 1), 4: (3, 1), 5: (2, 1), 12: (0, 1), 14: (1, 1),
                            20: (1, 1), 30: (0, 1), 33: (3, 1)},
                 velthumena={0: 1, 2: 1, 3: 1}, forest={0: 1, 1: 2}, sanctuary={1: 3},
                 tuchulcha=1, consecrations=1, phase="start")


LASA = Chapter(
    id="lasa", game="tuchulcha", title=K + "lasa", players=4, options={}, names=NAMES,
    start=_lasa,
    steps=(
        Step(K + "l_intro", "#tu-temple-1"),
        Step(K + "l_become", ".tu-area-star", expect="L", hint=K + "l_become_hint"),
        Step(K + "l_roll", "#tu-temple-0", expect=ROLL, then=("d32",)),
        Step(K + "l_empty", "#tu-piece-s3", expect="3:3x1", hint=K + "l_empty_hint"),
        Step(K + "l_seal", ".tu-area-star", expect="2:Sx1", hint=K + "l_seal_hint"),
        Step(K + "l_win", "#tu-piece-s1"),
    ))

CHAPTERS = (RACE, ROLES, LASA)
