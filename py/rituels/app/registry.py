"""Where the app's features plug in: routes, commands, header links, the game menu, timer
hooks and overlays. Feature modules (library, replay, sharing, takeback) register into these
at import; the controller imports them and dispatches. This module imports nothing of the
app, so no import circle can form around it.

``ROUTES[name] = fn(app, arg)`` (``#/name/arg``), ``COMMANDS[cmd] = fn(app, data)`` (clicks on
``data-cmd``), ``NAV`` (header links), ``PLAY_MENU`` (the game menu), ``TICKS`` (called on every
timer tick), ``BOARD_FILTERS`` and ``STATUS_TOOLS`` (the coach's mark and button) and ``OVERLAYS`` (markup drawn over the current screen, such as a dialog).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from rituels.screens.layout import HEADER_LINKS

Handler = Callable[[Any, Any], None]


@dataclass(frozen=True)
class MenuItem:
    """A button of the game menu (``data-cmd``) or a header link (``href``)."""

    label: str                                   # i18n key
    cmd: str = ""
    href: str = ""
    enabled: Callable[[Any], bool] = lambda app: True
    hint: Callable[[Any], str] = lambda app: ""   # the button's title (why it is disabled)


ROUTES: dict[str, Handler] = {}
COMMANDS: dict[str, Handler] = {}
# The header (screens.layout.HEADER_LINKS: static, for the first paint too).
NAV: list[MenuItem] = [MenuItem(label, href=href) for label, href in HEADER_LINKS]
PLAY_MENU: list[MenuItem] = [
    MenuItem("app.menu.new", cmd="new-game"),
    MenuItem("app.menu.rules", cmd="rules"),
    MenuItem("library.games.nav", href="#/games"),
    MenuItem("app.menu.home", href="#/"),
]
TICKS: list[Callable[[Any], None]] = []
# Functions (app, board markup) -> markup applied to the game's board (the coach's hint).
BOARD_FILTERS: list[Callable[[Any, str], str]] = []
# Functions (app) -> markup of a tool in the game's status bar (the coach's button).
STATUS_TOOLS: list[Callable[[Any], str]] = []
# Extra parts of the replay viewer (analysis): fn(app) -> {"panel", "marks", "note", "board"}.
REPLAY_EXTRAS: list[Callable[[Any], dict]] = []
OVERLAYS: list[Callable[[Any], str]] = []
# Functions (app, click data) -> True when they took a tap on the board (lessons, "why not").
BOARD_CLICKS: list[Callable[[Any, dict], bool]] = []


def route(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        ROUTES[name] = fn
        return fn
    return register


def command(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        COMMANDS[name] = fn
        return fn
    return register
