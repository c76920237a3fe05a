"""Fixture helpers for Wongar scenario tests: build a position, force draws, check totals."""

from __future__ import annotations

from rituels.wongar import data as D
from rituels.wongar.rules import (AREA_INDEX, CARD_INDEX, RITUAL_INDEX, TYPE_INDEX, WongarState,
                                  pile_mix)


def play(state: WongarState, *notations: str) -> WongarState:
    """Play each action (decisions and forced chance outcomes), checking legality."""
    for text in notations:
        state.play(state.str_to_action(text))
    return state


def legal(state: WongarState) -> list[str]:
    return [state.action_to_str(a) for a in state.legal_actions()]


def new_game(n: int = 4, variant: str = "basic", start: int = 0, elder: int | None = None,
             deal: tuple[str, str] = ("disc", "cube")) -> WongarState:
    """A game right after set-up: bag tokens drawn in a fixed pattern, every player dealt the
    two ``deal`` kinds, ``start`` holding boomerang and ancestor, ``elder`` (default: the next
    player) the elder."""
    elder = (start + 1) % n if elder is None else elder
    s = WongarState(n, {"variant": variant})
    while s.setup_step == "bag":
        k = s.setup_done
        p = k % n
        t = next(t for t in range(3) if s.bag[p][(t + k // n) % 3])
        play(s, f"bag:{p}:{D.TOKEN_TYPES[(t + k // n) % 3]}")
    for i in range(D.START_HAND * n):
        play(s, f"draw:{deal[i // n]}")
    return play(s, f"start:{start}", f"elderholder:{elder}")


def clear_map(s: WongarState) -> WongarState:
    """Every token on the map goes back to its owner's supply."""
    for area in s.tokens:
        for p, row in enumerate(area):
            for t, c in enumerate(row):
                s.supply[p][t] += c
                row[t] = 0
    s.changed()
    return s


def put(s: WongarState, area: str, player: int, ttype: str, count: int = 1) -> WongarState:
    """Move tokens from the supply onto the map."""
    a, t = AREA_INDEX[area], TYPE_INDEX[ttype]
    assert s.supply[player][t] >= count
    s.supply[player][t] -= count
    s.tokens[a][player][t] += count
    s.changed()
    return s


def set_hand(s: WongarState, player: int, **counts: int) -> WongarState:
    """Give ``player`` exactly these ritual cards (the old hand goes back to the deck)."""
    for r, c in enumerate(s.hands[player]):
        s.deck[r] += c
        s.hands[player][r] = 0
    for kind, c in counts.items():
        r = RITUAL_INDEX[kind]
        assert s.deck[r] >= c
        s.deck[r] -= c
        s.hands[player][r] = c
    s.changed()
    return s


def set_face_up(s: WongarState, area: str, kind: str | None) -> WongarState:
    """Put a card of ``kind`` face up on ``area`` (taken from its pile; the old one goes back)."""
    a = AREA_INDEX[area]
    if s.face_up[a] is not None:
        s.piles[a][s.face_up[a]] += 1
        s.face_up[a] = None
    if kind is not None:
        k = CARD_INDEX[kind]
        assert s.piles[a][k] > 0
        s.piles[a][k] -= 1
        s.face_up[a] = k
    s.changed()
    return s


def to_turns(s: WongarState, up: str = "disc", ritual: str = "disc", **areas: str) -> WongarState:
    """Finish the duty (turning up ``areas[name]`` or ``up`` everywhere) and the privilege draw
    (``ritual``), reaching the first player's turn."""
    while s.phase == "duty":
        a = s.duty_area()
        play(s, f"up:{areas.get(D.AREAS[a], up)}")
    while s.phase == "privilege":
        play(s, f"draw:{ritual}")
    return s


def check_accounting(s: WongarState) -> None:
    """Every token and every card is somewhere, exactly once."""
    n = s.num_players
    for p in range(n):
        for t, name in enumerate(D.TOKEN_TYPES):
            placed = sum(s.tokens[a][p][t] for a in range(len(D.AREAS)))
            assert placed + s.supply[p][t] + s.bag[p][t] == D.SUPPLY[name]
            assert min(s.tokens[a][p][t] for a in range(len(D.AREAS))) >= 0
            assert s.supply[p][t] >= 0
    mix = pile_mix(s.variant)
    for a in range(len(D.AREAS)):
        for k in range(len(D.CARD_KINDS)):
            assert s.piles[a][k] >= 0
    for k in range(len(D.CARD_KINDS)):
        total = (sum(s.piles[a][k] for a in range(len(D.AREAS)))
                 + sum(1 for f in s.face_up if f == k)
                 + sum(row[k] for row in s.taken)
                 + (sum(s.area_discard) if k == CARD_INDEX["scorpion"] else 0))
        assert total == mix[k] * len(D.AREAS), D.CARD_KINDS[k]
    for r, name in enumerate(D.RITUAL_KINDS):
        total = (s.deck[r] + s.discard[r] + sum(h[r] for h in s.hands) + s.ritual_removed[r]
                 + (s.scorpions_aside + s.setup_scorpions if name == "scorpion" else 0))
        assert total == D.RITUAL_DECK[name], name
        assert s.deck[r] >= 0 and s.discard[r] >= 0
    assert all(score >= 0 for score in s.scores)
    assert 1 <= s.time <= D.TIME_SPACES


def ceremony(taker=0, tokens=(), hands=None, time=1, start=True):
    """``taker`` (the first player) takes the ancestor card on Émeu and moves the ancestor from
    Main to Kangourou: a ceremony there (``start=False``: stop before taking the card).
    ``tokens``: (area, player, type, count); ``hands``: player -> ritual counts (others get
    none)."""
    s = to_turns(new_game(4, start=taker), emu="ancestor")
    clear_map(s)
    for area, p, t, c in tokens:
        put(s, area, p, t, c)
    for p in range(4):
        set_hand(s, p, **(hands or {}).get(p, {}))
    s.time = time
    return play(s, "take:emu", "move:kangaroo") if start else s
