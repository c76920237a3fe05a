"""Share links: a whole game record packed into a URL fragment, ``#g=<payload>``.

The payload is base64url (no padding) of::

    version (varint) · flags (1 byte) · CRC-32 (4 bytes, big-endian) · raw DEFLATE(body)

A link is written in the oldest version that can hold it (so an app not yet updated still
opens it): 2, or 3 when it carries the coach mark (flag bit 1), which older apps cannot show and
therefore refuse with "update the app" rather than open without it.

and the body is::

    varint(len(frame)) · frame (compact JSON: game, options, seats[, title])
    · varint(number of actions) · action digits (little-endian integer)

Actions are not stored as notation: at each step the decoder replays the game and knows the
list of choices (``legal_actions()``, or ``chance_outcomes()`` at a chance node), so an action
is just its index in that list. The indexes are packed as one mixed-radix integer
(``sum(index_i * prod(k_j for j < i))`` where ``k_j`` is the number of choices at step j), so a
forced move costs 0 bits and a choice among k costs log2(k) bits: tighter than any
byte-aligned varint. Decoding therefore re-runs every action through the rules; a damaged
link is caught by the CRC, by the replay, or by leftover digits, and never yields a partly
applied game. See docs/records.md.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any

from rituels.engine.game import get_game
from rituels.engine.history import History
from rituels.engine.record import (MAX_ACTIONS, RecordError, check_record, game_id_of,
                                   is_game_id, start_state)
from rituels.engine.safeinput import InputError, read_json
from rituels.engine.state import GameState

LINK_VERSION = 3   # the newest this app reads; 3: the coach flag (older apps say "update")
BASE_VERSION = 2   # written unless a newer feature is used; 2: the frame may end with a
                   # remote game's id
FRAGMENT = "#g="
FLAG_REVEALS_HIDDEN = 1
FLAG_COACH = 2     # the game was played with the coach on (meta.coach); version 3 and later
KNOWN_FLAGS = {1: FLAG_REVEALS_HIDDEN, 2: FLAG_REVEALS_HIDDEN,
               3: FLAG_REVEALS_HIDDEN | FLAG_COACH}
MAX_LINK_CHARS = 200_000        # far above any real game; refuses pasted garbage early
MAX_BODY_BYTES = 1_000_000      # decompression bomb guard
MAX_FRAME_CHARS = 20_000        # game, options, names and title: a few hundred in practice
_B64URL = re.compile(r"[A-Za-z0-9_-]*")


class LinkError(RecordError):
    """A share link that cannot be opened. ``code`` is an i18n key (``library.link_error.*`` or, for a
    bad frame inside the link, ``record.*``); ``index``/``action`` name the failing action."""

    def __init__(self, reason: str, code: str = "library.link_error.invalid", index: int | None = None,
                 action: str | None = None):
        super().__init__(reason, index, code, action)
        # Links carry no notation: name the failing move by its number (1-based, as shown).
        self.args = ((f"move {index + 1}: " if index is not None else "") + reason,)


@dataclass(frozen=True)
class LinkInfo:
    """What the app shows before opening a link, plus the replayed final position."""

    version: int
    game: str
    remote: str | None     # the id of a game played at a distance (None: an ordinary link)
    reveals_hidden: bool   # the sender chose to show every hidden hand (hidden-info games)
    coach: bool            # the game was played with the coach on
    actions: int
    finished: bool
    state: GameState       # position after every action (a fresh object, safe to keep)


# --- varints -------------------------------------------------------------------------------
def varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _read_varint(data: bytes, pos: int, what: str) -> tuple[int, int]:
    n = shift = 0
    for i in range(pos, min(len(data), pos + 5)):   # 5 bytes: up to 2**35, plenty
        n |= (data[i] & 0x7F) << shift
        if not data[i] & 0x80:
            return n, i + 1
        shift += 7
    raise LinkError(f"the {what} is cut off or unreadable", "library.link_error.damaged")


# --- encoding --------------------------------------------------------------------------------
def _choices(state: GameState) -> list:
    if state.is_chance():
        return [a for a, _ in state.chance_outcomes()]
    return state.legal_actions()


def _frame(record: dict[str, Any]) -> bytes:
    frame: list[Any] = [record["game"], record["options"],
                        [[s["name"], s["bot"]] for s in record["seats"]]]
    title = record.get("meta", {}).get("title")
    remote = game_id_of(record)
    if (isinstance(title, str) and title) or remote:
        frame.append(title if isinstance(title, str) else "")
    if remote:
        frame.append(remote)
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def encode(record: Any, reveal_hidden: bool = False) -> str:
    """The link payload (what follows ``#g=``) of a record. The record is replayed, so an
    invalid record raises RecordError here rather than producing a link that cannot open."""
    seen: list[list] = []     # the choices before each action
    history = History(record, observe=lambda state, i: seen.append(_choices(state)),
                      snapshots=False)
    record = history.record
    digits, radix = 0, 1
    for choices, action in zip(seen, history.actions):
        digits += choices.index(action) * radix
        radix *= len(choices)
    frame = _frame(record)
    body = (varint(len(frame)) + frame + varint(len(record["actions"]))
            + digits.to_bytes((digits.bit_length() + 7) // 8, "little"))
    flags = FLAG_REVEALS_HIDDEN if reveal_hidden and get_game(record["game"]).hidden_information \
        else 0
    if record.get("meta", {}).get("coach") is True:
        flags |= FLAG_COACH
    return pack(body, flags)


def pack(body: bytes, flags: int = 0, version: int | None = None) -> str:
    """The payload around a body: version (by default the oldest that knows ``flags``),
    flags, checksum, DEFLATE, base64url. Tests use it to build links whose body is hostile
    but whose checksum is right."""
    if version is None:
        version = BASE_VERSION if not flags & ~KNOWN_FLAGS[BASE_VERSION] else LINK_VERSION
    head = varint(version) + bytes([flags])
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(body) + packer.flush()
    crc = zlib.crc32(head + body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(head + crc + packed).decode("ascii").rstrip("=")


def fragment(payload: str) -> str:
    """The URL hash that opens a link payload (the app prefixes origin + pathname)."""
    return FRAGMENT + payload


# --- decoding --------------------------------------------------------------------------------
def _payload_of(text: Any) -> str:
    """Accept a bare payload, ``g=…``, ``#g=…`` or a whole URL; return the payload."""
    if not isinstance(text, str):
        raise LinkError("a link must be text", "library.link_error.empty")
    text = text.strip()
    if "#" in text:
        text = text[text.index("#") + 1:]
    if text.startswith("g="):
        text = text[2:]
    if not text:
        raise LinkError("the link holds no game", "library.link_error.empty")
    if len(text) > MAX_LINK_CHARS:
        raise LinkError(f"the link is longer than {MAX_LINK_CHARS} characters", "library.link_error.damaged")
    if not _B64URL.fullmatch(text):
        raise LinkError("the link contains characters that cannot be part of a game link",
                        "library.link_error.damaged")
    return text


def _unpack(payload: str) -> tuple[int, int, bytes]:
    """(version, flags, body) from a payload, checking version, flags and checksum."""
    if len(payload) % 4 == 1:
        raise LinkError("the link is cut off", "library.link_error.damaged")
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("the link is not valid base64url", "library.link_error.damaged") from None
    version, pos = _read_varint(raw, 0, "version number")
    if version > LINK_VERSION:
        raise LinkError(f"link format {version} is newer than this app reads ({LINK_VERSION}); "
                        "update the app to open it", "library.link_error.too_new")
    if version < 1:
        raise LinkError(f"link format {version} does not exist", "library.link_error.damaged")
    if len(raw) < pos + 5:
        raise LinkError("the link is cut off", "library.link_error.damaged")
    flags, crc, packed = raw[pos], raw[pos + 1:pos + 5], raw[pos + 5:]
    unpacker = zlib.decompressobj(-15)
    try:
        body = unpacker.decompress(packed, MAX_BODY_BYTES)
    except zlib.error:
        raise LinkError("the link is damaged (its compressed data is unreadable)",
                        "library.link_error.damaged") from None
    if not unpacker.eof:
        if len(body) >= MAX_BODY_BYTES:
            raise LinkError("the link holds far more data than any game", "library.link_error.damaged")
        raise LinkError("the link is cut off", "library.link_error.damaged")
    if zlib.crc32(raw[:pos + 1] + body).to_bytes(4, "big") != crc:
        raise LinkError("the link is damaged or was altered (checksum mismatch)", "library.link_error.checksum")
    if flags & ~KNOWN_FLAGS[version]:
        raise LinkError(f"the link has settings unknown to link format {version}",
                        "library.link_error.damaged")
    return version, flags, body


def _read_frame(body: bytes) -> tuple[dict[str, Any], int]:
    size, pos = _read_varint(body, 0, "game description")
    if pos + size > len(body):
        raise LinkError("the game description is cut off", "library.link_error.damaged")
    try:   # bounded reader: a frame nested thousands deep would kill the runtime
        frame = read_json(body[pos:pos + size], max_chars=MAX_FRAME_CHARS)
    except InputError as exc:
        code = "library.link_error.damaged" if exc.code == "library.input.not_json" else exc.code
        raise LinkError(f"the game description is unreadable: {exc.reason}", code) from None
    if not (isinstance(frame, list) and len(frame) in (3, 4, 5) and isinstance(frame[2], list)
            and all(isinstance(s, list) and len(s) == 2 for s in frame[2])):
        raise LinkError("the game description has the wrong shape", "library.link_error.damaged")
    meta = {"title": frame[3]} if len(frame) >= 4 and isinstance(frame[3], str) else {}
    if len(frame) == 5:
        if not is_game_id(frame[4]):
            raise LinkError("the game's id is unreadable", "library.link_error.damaged")
        meta["remote"] = frame[4]
    record = {"format": 1, "game": frame[0], "options": frame[1],
              "seats": [{"name": n, "bot": b} for n, b in frame[2]], "actions": [], "meta": meta}
    try:
        return check_record(record), pos + size
    except RecordError as exc:
        raise LinkError(exc.reason, exc.code) from None


def decode(text: Any) -> tuple[dict[str, Any], LinkInfo]:
    """The record a link carries, replayed through the rules, and what the app should say
    about it. Raises LinkError (a RecordError) naming what is wrong; nothing is returned
    unless every action replayed."""
    version, flags, body = _unpack(_payload_of(text))
    record, pos = _read_frame(body)
    if flags & FLAG_COACH:
        record["meta"]["coach"] = True
    count, pos = _read_varint(body, pos, "number of moves")
    if count > MAX_ACTIONS:
        raise LinkError(f"the link announces {count} moves, more than any game", "library.link_error.damaged")
    digit_bytes = body[pos:]
    if digit_bytes and digit_bytes[-1] == 0:
        raise LinkError("the moves are padded with stray data", "library.link_error.damaged")
    digits = int.from_bytes(digit_bytes, "little")
    game, state = start_state(record)
    actions = record["actions"]
    for i in range(count):
        if state.is_terminal():
            raise LinkError(f"the game was already over after {i} moves, but the link holds "
                            f"{count}", "library.link_error.after_end", index=i)
        choices = _choices(state)
        if not choices:
            raise LinkError("no move is possible here", "library.link_error.stuck", index=i)
        digits, index = divmod(digits, len(choices))
        action = choices[index]
        actions.append(state.action_to_str(action))
        state.apply(action)
    if digits:
        raise LinkError(f"the link holds more moves than the {count} announced",
                        "library.link_error.damaged")
    info = LinkInfo(version=version, game=record["game"], remote=game_id_of(record),
                    reveals_hidden=bool(flags & FLAG_REVEALS_HIDDEN) and game.hidden_information,
                    coach=bool(flags & FLAG_COACH),
                    actions=count, finished=state.is_terminal(), state=state)
    return record, info
