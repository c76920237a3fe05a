"""Positions from data: the error and the small readers every game's ``from_json`` uses.

``get_game(id).from_json(data)`` is the validating inverse of ``state.to_json()``: it builds
the state the data describes (lessons start from set positions; tests build fixtures with it)
or raises :class:`PositionError` with the reason. Data may come from ``json.loads``, so tuples
arrive as lists and dict keys as strings: readers turn them back.
"""

from __future__ import annotations

from typing import Any


class PositionError(ValueError):
    """Data that is not a position of this game; ``reason`` says which part and why."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def need(ok: bool, reason: str) -> None:
    if not ok:
        raise PositionError(reason)


def keys(data: Any, expected: set[str] | frozenset[str], what: str = "position") -> dict:
    """A dict with exactly the keys ``expected``."""
    need(isinstance(data, dict), f"{what} is not an object")
    missing, extra = expected - set(data), set(data) - expected
    need(not missing, f"{what}: missing {sorted(missing)}")
    need(not extra, f"{what}: unknown {sorted(map(str, extra))}")
    return data


def integer(value: Any, what: str, lo: int = 0, hi: int | None = None) -> int:
    need(type(value) is int, f"{what} is not a whole number")
    need(value >= lo and (hi is None or value <= hi),
         f"{what} = {value} is out of range [{lo}, {'...' if hi is None else hi}]")
    return value


def maybe_int(value: Any, what: str, lo: int = 0, hi: int | None = None) -> int | None:
    return None if value is None else integer(value, what, lo, hi)


def boolean(value: Any, what: str) -> bool:
    need(type(value) is bool, f"{what} is not true or false")
    return value


def choice(value: Any, allowed, what: str) -> Any:
    need(isinstance(value, (str, type(None), int)) and value in allowed,
         f"{what} = {value!r} is not one of {sorted(map(str, allowed))}")
    return value


def int_list(value: Any, what: str, length: int | None = None, lo: int = 0,
             hi: int | None = None) -> list[int]:
    need(isinstance(value, list), f"{what} is not a list")
    need(length is None or len(value) == length, f"{what} should have {length} entries")
    return [integer(v, f"{what}[{i}]", lo, hi) for i, v in enumerate(value)]


def table(value: Any, what: str, rows: int, cols: int, lo: int = 0,
          hi: int | None = None) -> list[list[int]]:
    need(isinstance(value, list) and len(value) == rows, f"{what} should have {rows} rows")
    return [int_list(r, f"{what}[{i}]", cols, lo, hi) for i, r in enumerate(value)]


def built(state: Any, reason: str = "position") -> Any:
    """Refuse a position that passed the field checks but still breaks the rules engine:
    its legal actions are listed and each is tried once on a copy, so a bad position is
    refused here, not later in the page."""
    try:
        if not state.is_terminal():
            for action in state.legal_actions():
                probe = state.clone()
                probe.apply(action)
                probe.current_player()
                if not probe.is_terminal():
                    probe.legal_actions()
    except PositionError:
        raise
    except Exception as exc:  # any crash of the rules on this data is bad data
        raise PositionError(f"{reason}: the rules cannot play it ({type(exc).__name__}: "
                            f"{exc})") from None
    return state
