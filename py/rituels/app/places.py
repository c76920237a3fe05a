"""What "Mes parties" says of a game without replaying it: who won, each player's place,
and whose decision it waits for. Computed when a save is written (rituels.app.saves) and
kept in the game's index entry.

The places follow the order of each game's end table (its view's ``standings``): winners
share the first place, the others are ranked by the same keys there.
"""

from __future__ import annotations

from typing import Any

from rituels.engine.record import local_seats
from rituels.engine.state import CHANCE, TERMINAL, GameState
from rituels.viewkit import ranked


def _keys(game: str, state: Any) -> list:
    won = set(state.winners())
    n = state.num_players
    if game == "tuchulcha":
        def count(p: int) -> int:
            return sum(state.velthumena[c] for c in state.colours_of(p))
        return [(p in won, p not in state.out, count(p), state.player_in_play(p))
                for p in range(n)]
    if game == "wongar":
        return [(p in won, state.scores[p]) for p in range(n)]
    if game == "cthulhu-dice":   # a player's best seat (a seat per player except at 2 or 3)
        best = [max((state.tokens[s] for s, o in enumerate(state.owner) if o == p), default=0)
                for p in range(n)]
        return [(p in won, 0 if p in won else best[p]) for p in range(n)]
    return [(p in won,) for p in range(n)]


def places(game: str, state: GameState) -> list[int]:
    """Each player's place at the end (1 = won; equal keys share a place)."""
    out = [0] * state.num_players
    for rank, p in ranked(_keys(game, state)):
        out[p] = rank
    return out


def summary(record: dict[str, Any], state: GameState) -> dict[str, Any]:
    """The entry's fields: ``mine`` (people at this device), then at the end ``winners`` and
    ``places``, else ``turn`` ("you", "remote" or "bots") with ``waits`` (the remote seat)."""
    mine = sorted(local_seats(record))
    out: dict[str, Any] = {"mine": mine}
    player = state.current_player()
    if player == TERMINAL:
        out["winners"] = sorted(state.winners())
        out["places"] = places(record["game"], state)
        return out
    if player == CHANCE:
        player = state.chance_owner()
    seats = record["seats"]
    if player is None or not 0 <= player < len(seats) or seats[player].get("bot"):
        out["turn"] = "bots"      # a bot, or the table's own draw: the app plays it
    elif player in mine:
        out["turn"] = "you"
    else:
        out["turn"], out["waits"] = "remote", player
    return out
