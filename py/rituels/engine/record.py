"""Game records: the one saved form of a game (saves, links, replays, undo all use it).

A record is JSON::

    {"format": 1, "game": "cthulhu-dice", "options": {...},
     "seats": [{"name": "Alice", "bot": null}, {"name": "Nyarlathotep", "bot": "strong"}],
     "actions": ["v2", "Y", ...], "meta": {...}}

``seats`` are the people and bots at the table in turn order (index = player index of the
protocol); ``actions`` are every decision and chance outcome in notation, in order. Replaying
re-runs each action through the rules, so a record can never hold an illegal game.
"""

from __future__ import annotations

from typing import Any

from rituels.engine.game import GAME_IDS, Game, get_game
from rituels.engine.safeinput import (InputError, clean_text, clean_title, read_json, text_problem,
                                      visible_form)
from rituels.engine.state import GameState, IllegalAction, NotationError

FORMAT = 1
MAX_NAME = 40
MAX_ACTIONS = 20000
MAX_DEFAULT = 16              # a seat's default-name number (docs/records.md)
MAX_NOTATION = 200             # characters of one action's notation
MAX_RECORD_CHARS = 5_000_000   # a record of the longest game is far smaller
MAX_META_TEXT = 200


class RecordError(ValueError):
    """A record that cannot be read or replayed. ``index`` is the failing action's index
    (None when the record's frame is wrong); ``code`` is an i18n key for the app."""

    def __init__(self, reason: str, index: int | None = None, code: str = "record.invalid",
                 action: str | None = None):
        self.reason = reason
        self.index = index
        self.code = code
        self.action = action
        where = f"action {index} ({action!r}): " if index is not None else ""
        super().__init__(where + reason)


def parse_record_text(text: Any, max_chars: int = MAX_RECORD_CHARS) -> Any:
    """Outside JSON text (a file, a stored save) parsed through the bounded reader; the
    frame is not checked yet (see :func:`check_record`). RecordError if it cannot be read."""
    try:
        return read_json(text, max_chars=max_chars)
    except InputError as exc:
        raise RecordError(exc.reason, code=exc.code) from None


def _clean_meta(meta: Any) -> dict[str, Any]:
    """Metadata is free-form but shown on screen: keep plain values only, and a usable title."""
    out: dict[str, Any] = {}
    if not isinstance(meta, dict):
        return out
    for key, value in meta.items():
        if not isinstance(key, str) or len(key) > 40 or text_problem(key):
            continue
        if key == "title":
            value = clean_title(value)
            if value:
                out[key] = value
        elif value is None or isinstance(value, (bool, int)):
            out[key] = value
        elif isinstance(value, str) and len(value) <= MAX_META_TEXT and not text_problem(value):
            out[key] = value
    return out


def shown_action(text: str) -> str:
    """A recorded action as an error message may quote it (short, printable)."""
    if len(text) > 24 or text_problem(text):
        return ascii(text[:24])
    return text


# --- games played at a distance (one record per device, links carry it back and forth) ------
# meta["remote"]: the game id every device's save of that game shares (also in its link);
# meta["mine"]: the seats played on this device ("0,2"); the other people are elsewhere.
GAME_ID_CHARS = "abcdefghijkmnpqrstuvwxyz23456789"   # no look-alikes (l/1, o/0)
GAME_ID_LEN = 12


def new_game_id(bits: int) -> str:
    """A game id from random bits (the caller's generator: ids need no crypto strength,
    only to differ between two friends' games)."""
    return "".join(GAME_ID_CHARS[(bits >> (5 * i)) & 31] for i in range(GAME_ID_LEN))


def is_game_id(value: Any) -> bool:
    return (isinstance(value, str) and len(value) == GAME_ID_LEN
            and all(c in GAME_ID_CHARS for c in value))


def game_id_of(record: dict[str, Any]) -> str | None:
    """The record's remote game id, or None for a game played at one device."""
    value = record.get("meta", {}).get("remote")
    return value if is_game_id(value) else None


def local_seats(record: dict[str, Any]) -> frozenset[int]:
    """The people played on this device: every person unless the game is remote, then the
    seats of ``meta["mine"]`` (an unreadable list: none, so nothing is played by mistake)."""
    people = {i for i, s in enumerate(record["seats"]) if s["bot"] is None}
    if game_id_of(record) is None:
        return frozenset(people)
    mine = set()
    for part in str(record["meta"].get("mine", "")).split(","):
        if part.isascii() and part.isdigit() and int(part) in people:
            mine.add(int(part))
    return frozenset(mine)


def seats_text(seats: Any) -> str:
    """``meta["mine"]`` for a set of seats."""
    return ",".join(str(i) for i in sorted(seats))


# Older format -> function upgrading a record of that format by one version.
MIGRATIONS: dict[int, Any] = {}


def new_record(game_id: str, seats: list[dict[str, Any]], options: dict[str, Any] | None = None,
               meta: dict[str, Any] | None = None) -> dict[str, Any]:
    game = get_game(game_id)
    record = {
        "format": FORMAT,
        "game": game_id,
        "options": game.check_options(len(seats), options),
        "seats": [{"name": s["name"], "bot": s.get("bot"),
                   **({"default": s["default"]} if "default" in s else {})} for s in seats],
        "actions": [],
        "meta": dict(meta or {}),
    }
    return check_record(record)


def check_record(record: Any) -> dict[str, Any]:
    """Validate a record's frame (not its actions), migrating older formats.
    Returns a clean copy; raises RecordError."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object", code="record.not_object")
    fmt = record.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 0:
        raise RecordError("missing or invalid format version", code="record.format")
    if fmt > FORMAT:
        raise RecordError(f"format {fmt} is newer than this app reads ({FORMAT}); "
                          "update the app to open it", code="record.too_new")
    while fmt < FORMAT:
        if fmt not in MIGRATIONS:
            raise RecordError(f"format {fmt} can no longer be read", code="record.format")
        try:  # a damaged old file must not crash its migration
            record = MIGRATIONS[fmt](dict(record))
            upgraded = record["format"]
        except (KeyError, TypeError, ValueError, AttributeError):
            raise RecordError(f"this format {fmt} record could not be upgraded",
                              code="record.format") from None
        if not isinstance(upgraded, int) or upgraded <= fmt:
            raise RecordError(f"the upgrade of format {fmt} went wrong", code="record.format")
        fmt = upgraded
    game_id = record.get("game")
    if game_id not in GAME_IDS:
        raise RecordError(f"unknown game {game_id!r}", code="record.game")
    game = get_game(game_id)
    seats = record.get("seats")
    if not isinstance(seats, list) or not seats:
        raise RecordError("seats must be a non-empty list", code="record.seats")
    clean_seats = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise RecordError(f"seat {i} is not an object", code="record.seats")
        name, bot = seat.get("name"), seat.get("bot")
        if isinstance(name, str) and text_problem(name):
            raise RecordError(f"the name of seat {i + 1} cannot be used: {text_problem(name)}",
                              code="library.input.bad_name")
        name = clean_text(name) if isinstance(name, str) else ""
        if not visible_form(name) or len(name) > MAX_NAME:
            raise RecordError(f"seat {i} needs a name of 1 to {MAX_NAME} characters",
                              code="record.seats")
        if bot is not None and (not isinstance(bot, str) or bot not in game.bots):
            raise RecordError(f"seat {i} has an unknown bot level {bot!r}", code="record.seats")
        clean = {"name": name, "bot": bot}
        # "default": n, a name left empty at set-up (the n-th person's "Joueur n", the n-th
        # bot name of the game): shown in the reader's language, ``name`` being the one
        # it was given when the game began (what older builds and links show). Optional.
        default = seat.get("default")
        if type(default) is int and 1 <= default <= MAX_DEFAULT:
            clean["default"] = default
        clean_seats.append(clean)
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("options must be an object", code="record.options")
    try:
        options = game.check_options(len(clean_seats), options)
    except ValueError as exc:
        raise RecordError(str(exc), code="record.options") from None
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("actions must be a list of strings", code="record.actions")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"more than {MAX_ACTIONS} actions", code="record.actions")
    for i, text in enumerate(actions):
        if len(text) > MAX_NOTATION:
            raise RecordError("an action is far too long", i, "record.notation",
                              shown_action(text))
    return {"format": FORMAT, "game": game_id, "options": options, "seats": clean_seats,
            "actions": list(actions), "meta": _clean_meta(record.get("meta", {}))}


def start_state(record: dict[str, Any]) -> tuple[Game, GameState]:
    game = get_game(record["game"])
    return game, game.new_state(len(record["seats"]), record["options"])


def step(state: GameState, text: str, index: int) -> Any:
    """Parse and play one recorded action on ``state``; RecordError names it on failure."""
    if state.is_terminal():
        raise RecordError("the game was already over", index, "record.after_end", text)
    try:
        action = state.str_to_action(text)
    # Outside text: a parser tripping on it in any way (int("²") is a ValueError) means
    # the action is unreadable, never a crash of the app.
    except (NotationError, ValueError, LookupError, TypeError, AttributeError) as exc:
        raise RecordError(f"unreadable action: {exc}", index, "record.notation",
                          shown_action(text)) from None
    try:
        state.play(action)
    except IllegalAction as exc:
        raise RecordError(f"illegal action: {exc}", index, "record.illegal",
                          shown_action(text)) from None
    return action


def compare(mine: list[str], theirs: list[str]) -> tuple[str, int]:
    """How one line of moves relates to another (a link's or a backup's to a save's):
    ("same"|"ahead"|"behind", count of moves one has more) or ("fork", index of the first
    differing move)."""
    common = 0
    for a, b in zip(mine, theirs):
        if a != b:
            return "fork", common
        common += 1
    if len(mine) == len(theirs):
        return "same", 0
    if len(theirs) > len(mine):
        return "ahead", len(theirs) - len(mine)
    return "behind", len(mine) - len(theirs)
