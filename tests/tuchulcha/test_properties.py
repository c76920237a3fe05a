"""Properties over many random games: conservation, one colour per stone, termination, the
maximum-dice rule against a brute-force enumeration of dice sequences, and the combined attacks
against a brute-force enumeration of dice-to-pawn assignments."""

import random
from itertools import combinations, permutations

import pytest

from rituels.engine import CHANCE, sample_chance
from rituels.tuchulcha import board
from rituels.tuchulcha.rules import (
    _V, MOVE, NORMAL, OVER, TUCHULCHA, TuchulchaState, _src_key,
)
from tuchulcha_setup import position, roll

GAMES = {2: 300, 3: 300, 4: 400}   # 1000 games, ~25 s of CPU
MAX_ACTIONS = 5000


def check_invariants(st: TuchulchaState) -> None:
    path = [0] * len(st.colours)
    for s, occ in enumerate(st.stones):
        if occ is None:
            continue
        colour, count = occ           # one colour per stone, by construction: check counts
        assert count > 0 and colour in st.colours
        assert not (s in st.side.passages and s not in st.seals), "a pawn rests on a passage"
        path[colour] += count
    assert path == st.path
    for c in st.colours:
        total = (st.temple[c] + st.path[c] + st.velthumena[c] + st.forest[c]
                 + st.sanctuary[c] + st.star[c])
        assert total == st.pawns, f"colour {c} has {total} pawns"
        assert min(st.temple[c], st.velthumena[c], st.forest[c], st.star[c]) >= 0
        if st.owner[c] in st.out:
            assert st.in_play(c) == 0, "a player out of the game still has pawns in play"
    for s, n in st.frozen.items():
        assert st.stones[s] and st.stones[s][1] >= n
    if st.tuchulcha is not None:
        assert st.velthumena[st.tuchulcha_colour()] == 0
    assert len(st.seals) <= len(st.side.passages)


def random_game(players: int, rng: random.Random, choose=None) -> TuchulchaState:
    """Plays one game (chance sampled, decisions by ``choose(actions)``, random by default),
    checking the invariants after every action; returns the final state."""
    choose = choose or rng.choice
    st = TuchulchaState(players)
    for _ in range(MAX_ACTIONS):
        if st.is_terminal():
            break
        actions = st.legal_actions()
        assert actions
        st.apply(sample_chance(st, rng) if st.current_player() == CHANCE else choose(actions))
        check_invariants(st)
    assert st.is_terminal(), "the game did not end"
    assert st.winners() and set(st.winners()) <= set(range(players))
    return st


@pytest.mark.parametrize("players", sorted(GAMES))
def test_random_games_keep_the_invariants_and_end(players):
    rng = random.Random(players)
    reasons = {random_game(players, rng).end_reason for _ in range(GAMES[players])}
    assert "race" in reasons
    if players > 2:
        assert "tuchulcha" in reasons


@pytest.mark.parametrize("players", sorted(GAMES))
def test_games_full_of_combined_attacks_keep_the_invariants(players):
    rng = random.Random(10 + players)
    attacks = 0

    def attack_first(actions):
        nonlocal attacks
        combined = [a for a in actions if a[0] == "A"]
        attacks += bool(combined)
        return rng.choice(combined or actions)
    for _ in range(10):
        random_game(players, rng, attack_first)
    assert attacks > 5


def best_sequence(st: TuchulchaState) -> int:
    """Brute force: the most dice any sequence of moves (single or combined) uses."""
    best = 0
    for m in st._raw_moves():
        child = st.clone()
        child._do_move(m)
        used = len(st.dice) - len(child.dice)
        got = len(st.dice) if child.phase == OVER or not child.dice else \
            used + best_sequence(child)
        best = max(best, got)
    return best


def expected_moves(st: TuchulchaState) -> set:
    """Brute force: the moves after which the most dice can still be used."""
    need = best_sequence(st)
    expected = set()
    for m in st._raw_moves():
        child = st.clone()
        child._do_move(m)
        used = len(st.dice) - len(child.dice)
        if child.phase == OVER or used + best_sequence(child) >= need:
            expected.add(m)
    return expected


def check_mystic_obligation(st: TuchulchaState) -> None:
    """At the first move of a turn: the player's pawns on mystic stones are bound to leave
    first exactly when obeying still lets the most dice be used."""
    bound = {}
    if st.player != st.tuchulcha:
        bound = {s: occ[1] for s, occ in enumerate(st.stones)
                 if occ and occ[0] in st.colours_of(st.player) and st._lay.mystic[s]}
    free, obeying = st.clone(), st.clone()
    free.must_leave, obeying.must_leave = {}, dict(bound)
    expected = bound if bound and best_sequence(obeying) == best_sequence(free) else {}
    assert st.must_leave == expected, st.summary()


def check_moves(st: TuchulchaState) -> bool:
    """The dice to use and the legal moves are brute force's."""
    assert best_sequence(st) == st._maxleft, st.summary()
    assert expected_moves(st) == set(st.legal_actions()), st.summary()
    return True


def play_checking(st: TuchulchaState, rng: random.Random, check) -> int:
    """Play ``st`` to its end at random, calling ``check(st)`` at each decision; returns how
    many checks said they checked something."""
    checked = 0
    while not st.is_terminal():
        if st.current_player() == CHANCE:
            a = sample_chance(st, rng)
        else:
            checked += bool(check(st))
            a = rng.choice(st.legal_actions())
        st.apply(a)
    return checked


def test_maximum_dice_rule_matches_brute_force():
    def check(st):
        if st.phase != MOVE:
            return False
        if not st.used:
            check_mystic_obligation(st)
        return check_moves(st)
    rng = random.Random(7)
    checked = sum(play_checking(TuchulchaState(2 + g % 3), rng, check) for g in range(6))
    assert checked > 200


def brute_combined(st: TuchulchaState) -> set:
    """Brute force: every assignment of 2+ of the dice to distinct pawns of one colour that
    all land on one stone held by another colour (not Tuchulcha's), enough of them for its
    power (pawns only for Tuchulcha)."""
    role = TUCHULCHA if st.player == st.tuchulcha else NORMAL
    tcol = st.tuchulcha_colour()
    found = set()
    for colour in st._movers[st.player]:
        places = [(f"T{colour}", st.temple[colour])] + [
            (s, occ[1] - st.frozen.get(s, 0)) for s, occ in enumerate(st.stones)
            if occ and occ[0] == colour]
        pawns = [src for src, n in places for _ in range(n)]
        for k in range(2, len(st.dice) + 1):
            for dice in combinations(st.dice, k):
                for chosen in permutations(range(len(pawns)), k):
                    parts = tuple(sorted(((d, pawns[j]) for d, j in zip(dice, chosen)),
                                         key=lambda p: (-p[0],) + _src_key(p[1])))
                    dests = {st._target(colour, src, d, role)[0] for d, src in parts}
                    dest = dests.pop()
                    if dests or dest is None or dest == _V:
                        continue
                    occ = st.stones[dest]
                    if not occ or occ[0] in (colour, tcol):
                        continue
                    power = occ[1] * (1 if role == TUCHULCHA else st._lay.mult[dest])
                    if k >= power:
                        found.add(("A", parts))
    return found


def test_combined_attacks_match_brute_force():
    rng = random.Random(11)
    checked = attacks = 0
    for g in range(24):
        st = TuchulchaState(2 + g % 3)
        while not st.is_terminal() and checked < 150 * (g + 1):
            if st.current_player() == CHANCE:
                st.apply(sample_chance(st, rng))
                continue
            if st.phase == MOVE and not st.must_leave and st.player != st.lasa:
                got = {m for m in st._raw_moves() if m[0] == "A"}
                assert got == brute_combined(st), st.summary()
                checked += 1
                attacks += bool(got)
            actions = st.legal_actions()
            combined = [a for a in actions if a[0] == "A"]
            st.apply(rng.choice(combined or actions))
    assert checked > 500 and attacks > 50


@pytest.mark.parametrize("role", ["lasa", "tuchulcha"])
def test_role_turns_match_brute_force(role):
    """The search's shortcuts on the roles' turns: Lasa's two dice (she counts empty stones
    only) and Tuchulcha's three (after the discard) give the moves brute force gives."""
    def check(st):
        return st.phase == MOVE and st.player == getattr(st, role) and check_moves(st)
    rng = random.Random(11)
    checked = sum(play_checking(TuchulchaState(3 + g % 2), rng, check) for g in range(40))
    assert checked > 100


def test_crowded_tuchulcha_turns_match_brute_force():
    """Tuchulcha's two single pawns among groups of two (which stop her): the three-dice
    shortcut must see when the other two dice's moves get in each other's way."""
    rng = random.Random(5)
    side = board.side_for(4)
    free = [s for s in range(side.loop) if s not in side.passages]
    checked = 0
    for _ in range(600):
        a, b = rng.sample(free, 2)
        stones = {a: (0, 1), b: (0, 1)}
        groups = [1, 2, 3] * (board.PAWNS[4] // 2)   # (the pawns each colour has)
        rng.shuffle(groups)
        for s in rng.sample([s for s in free if s not in (a, b)], rng.randrange(3, 12)):
            stones[s] = (groups.pop(), 2)
        st = position(4, stones=stones, tuchulcha=0, temple={0: 0},
                      sanctuary={0: board.PAWNS[4] - 2})
        dice = [rng.randint(1, 6) for _ in range(4)]
        roll(st, *dice, discard=dice[0])
        if st.phase == MOVE:
            checked += check_moves(st)
    assert checked > 400
