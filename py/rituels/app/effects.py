"""What the app asks of the page after a message: the effects, one small frozen dataclass each.

Features queue them in ``app.effects``; :func:`to_json` is the one place they become the plain
dicts the worker sends (``{"type": KIND, ...fields}``), and web/glue.py's ``RUNNERS`` table
carries each kind out (tests/app/test_effects.py checks that the two name the same kinds).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Timer:
    """The glue sets a timeout, then sends ``tick`` (bot slices, chance pauses, replay).
    ``budget_ms``: how long that tick may work (a bot's search, an analysis slice): the
    glue's watchdog waits that much longer for its answer before it calls the worker dead."""

    KIND: ClassVar[str] = "timer"
    ms: int
    budget_ms: int = 0


@dataclass(frozen=True, slots=True)
class Hash:
    """Go to an address (a history entry: Back returns from it)."""

    KIND: ClassVar[str] = "hash"
    hash: str


@dataclass(frozen=True, slots=True)
class ReplaceHash:
    """Say the replay's position in the address without a history entry per step."""

    KIND: ClassVar[str] = "replace-hash"
    hash: str


@dataclass(frozen=True, slots=True)
class Focus:
    """Move the keyboard focus to the first element the selector finds."""

    KIND: ClassVar[str] = "focus"
    target: str


@dataclass(frozen=True, slots=True)
class FocusNext:
    """After the page changed under the keyboard (a move, a roll, the bots' turn): the focus
    goes on to the first visible element the selector finds, without scrolling the page, if
    it was lost (on the body), rests where the app put it (``tabindex=-1``: a title, the
    status) or is on an element matching ``leaving`` (the piece just picked); never out of an
    open modal dialog. So a keyboard player is always one key from the next choice."""

    KIND: ClassVar[str] = "focus-next"
    target: str
    leaving: str = ""


@dataclass(frozen=True, slots=True)
class Sound:
    """A short sound (only "your-turn": a decision has come to a person here)."""

    KIND: ClassVar[str] = "sound"
    sound: str


@dataclass(frozen=True, slots=True)
class Reveal:
    """A decision has just come to the player at the screen: scroll it into view if off screen."""

    KIND: ClassVar[str] = "reveal"


@dataclass(frozen=True, slots=True)
class KeepClear:
    """A sheet fixed over the page (``cover``) leaves the marks it is about (``target``) in view."""

    KIND: ClassVar[str] = "keep-clear"
    target: str
    cover: str


@dataclass(frozen=True, slots=True)
class CopyLink:
    """Copy the page's address with this fragment (a game's link) to the clipboard."""

    KIND: ClassVar[str] = "copy-link"
    hash: str


@dataclass(frozen=True, slots=True)
class Download:
    """Offer a file to save (an exported game, an unreadable save's raw text)."""

    KIND: ClassVar[str] = "download"
    filename: str
    mime: str
    text: str


@dataclass(frozen=True, slots=True)
class BotTime:
    """A bot's decision time, logged as ``console.debug("rituels:bot", game, ms, level)``;
    ``level`` is the seat's bot kind ("1".."5", or an older record's "strong"/"easy"), so the
    benchmark can time each level of the ladder."""

    KIND: ClassVar[str] = "bot"
    game: str
    ms: float
    level: str


Effect = Timer | Hash | ReplaceHash | Focus | FocusNext | Sound | Reveal | KeepClear | CopyLink \
    | Download | BotTime
KINDS: tuple[str, ...] = tuple(kind.KIND for kind in Effect.__args__)


def to_json(effect: Effect) -> dict[str, Any]:
    """The effect as the glue reads it: its kind under ``type``, then its fields."""
    out: dict[str, Any] = {"type": effect.KIND}
    for field in fields(effect):
        out[field.name] = getattr(effect, field.name)
    return out
