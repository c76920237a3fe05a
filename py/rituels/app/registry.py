"""How the app's features plug in: each feature module declares one :class:`Feature` (its
routes, commands, game-menu items with their place, hooks and its own state), the app installs
the declared list (rituels/app/features.py) and dispatches; a feature sees the app only through
:class:`FeatureHost`. This module imports nothing of the app at run time, so no import circle
can form around it.

A route handles ``#/name/arg`` (``fn(app, arg)``), a command a click on ``data-cmd``
(``fn(app, data)``). Hooks: ``tick`` (called on every timer tick), ``overlay`` (markup drawn
over the current screen, such as a dialog), ``board_filter`` (app, board markup -> markup: the
coach's hint), ``status_tool`` (markup of a tool in the game's status bar), ``side`` (a panel
at the top of the log's column: the coach's answer), ``replay_extra``
(parts of the replay viewer: ``{"panel", "marks", "note", "board"}``) and ``board_click``
(app, click data -> True when it took a tap on the board: lessons, "why not?"), ``key`` (app,
key name -> True when it took a key the glue forwards: Escape, and on a screen marked
``data-keys`` the arrows, Home and End: the replay's steps). Opening a
share link (``#g=``, rituels/app/sharing.py): ``link_opened`` (app, record, link info; called
once the link is decoded: play at a distance updates its save) and ``link_part`` (app, record,
link info -> markup added to the link screen: the seats to join). Hooks of the same kind run
in the order of the installed list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Generic, Protocol, TypeVar

from rituels.screens.layout import HEADER_LINKS

if TYPE_CHECKING:   # types only: importing these at run time would circle back to the app
    import random

    from rituels.app.effects import Effect
    from rituels.app.saves import SaveStore
    from rituels.app.session import Session


Handler = Callable[["FeatureHost", Any], None]
Hook = Callable[..., Any]


class FeatureHost(Protocol):
    """What a feature may use of the app (rituels.app.controller.App)."""

    lang: str
    storage: Any                   # the injected storage (get/set/remove/keys)
    saves: SaveStore
    session: Session | None        # the game on screen, if any
    route: tuple[str, str] | None
    screen: Callable[[Any], str]   # draws the current screen
    draft: dict[str, Any] | None   # the new-game dialog being filled in
    effects: list[Effect]          # for the page, after this message (rituels.app.effects)
    announcements: list[str]       # lines for the live region
    notices: list[dict[str, str]]
    changed: bool                  # the screen must be drawn again
    saving_off: bool               # storage refused: games go on in memory
    rng: random.Random
    base_url: str                  # the page's address without its fragment ("" in tests)
    space: dict[str, Any] | None   # the browser's storage estimate, for « Mes parties »
    stored: dict[str, Any]         # what the list cannot say of the saved games' storage:
    # "unreadable" (the database refused to open), "waiting" (older saves not moved yet)
    features: dict[str, Any]       # each installed feature's state, under its name

    def t(self, key: str, **params: Any) -> str: ...
    def notice(self, key: str, kind: str = "error", **params: Any) -> None: ...
    def go(self, hash_: str) -> None: ...
    def navigate(self, hash_: str, force: bool = False) -> None: ...
    def click(self, data: dict[str, Any]) -> None: ...
    def schedule(self, seconds: float, work_s: float = 0.0) -> None: ...
    def advance(self) -> None: ...
    def playing(self) -> Session | None: ...
    def yours(self) -> bool: ...
    def open_record(self, save_id: str, record: dict[str, Any], rev: int = 0) -> None: ...
    def new_save_id(self) -> str: ...
    def save(self) -> None: ...
    def hooks(self, kind: str) -> tuple[Hook, ...]: ...   # the installed hooks of a kind


S = TypeVar("S")


@dataclass(frozen=True)
class MenuItem:
    """A button of the game menu (``data-cmd``) or a header link (``href``)."""

    label: str                                   # i18n key
    cmd: str = ""
    href: str = ""
    enabled: Callable[[Any], bool] = lambda app: True
    hint: Callable[[Any], str] = lambda app: ""   # the button's title (why it is disabled)


HOOKS = ("tick", "overlay", "board_filter", "status_tool", "side", "replay_extra",
         "board_click", "key", "link_opened", "link_part")


@dataclass
class Feature(Generic[S]):
    """One feature: declared once in its module (``FEATURE = Feature("replay", state=...)``),
    filled by the decorators below as the module defines its handlers, installed by the app.
    ``state`` makes the feature's own state, kept by the app under the feature's name
    (``FEATURE.of(app)``)."""

    name: str
    state: Callable[[], S] | None = None
    routes: dict[str, Handler] = field(default_factory=dict)
    commands: dict[str, Handler] = field(default_factory=dict)
    menu: list[tuple[int, MenuItem]] = field(default_factory=list)  # (place, item): low first
    hooks: dict[str, list[Hook]] = field(default_factory=lambda: {kind: [] for kind in HOOKS})

    def route(self, name: str) -> Callable[[Handler], Handler]:
        def register(fn: Handler) -> Handler:
            self.routes[name] = fn
            return fn
        return register

    def command(self, name: str) -> Callable[[Handler], Handler]:
        def register(fn: Handler) -> Handler:
            self.commands[name] = fn
            return fn
        return register

    def menu_item(self, place: int, item: MenuItem) -> None:
        self.menu.append((place, item))

    def hook(self, kind: str) -> Callable[[Hook], Hook]:
        def register(fn: Hook) -> Hook:
            self.hooks[kind].append(fn)
            return fn
        return register

    def of(self, app: FeatureHost) -> S:
        """This feature's state in ``app``."""
        return app.features[self.name]


@dataclass(frozen=True)
class Installed:
    """The app's tables, made from the installed features (in their declared order)."""

    routes: dict[str, Handler]
    commands: dict[str, Handler]
    nav: tuple[MenuItem, ...]
    play_menu: tuple[MenuItem, ...]
    hooks: dict[str, tuple[Hook, ...]]
    states: tuple[tuple[str, Callable[[], Any]], ...]


def install(features: tuple[Feature, ...]) -> Installed:
    """The features' tables; a route, command or feature name declared twice is a mistake."""
    routes: dict[str, Handler] = {}
    commands: dict[str, Handler] = {}
    names: set[str] = set()
    for feature in features:
        for table, own in ((routes, feature.routes), (commands, feature.commands)):
            clash = table.keys() & own.keys()
            if clash:
                raise ValueError(f"feature {feature.name} declares {sorted(clash)} again")
            table.update(own)
        if feature.name in names:
            raise ValueError(f"two features are named {feature.name}")
        names.add(feature.name)
    menu = sorted((entry for feature in features for entry in feature.menu),
                  key=lambda entry: entry[0])
    return Installed(
        routes, commands,
        nav=tuple(MenuItem(label, href=href) for label, href in HEADER_LINKS),
        play_menu=tuple(item for _, item in menu),
        hooks={kind: tuple(fn for feature in features for fn in feature.hooks[kind])
               for kind in HOOKS},
        states=tuple((f.name, f.state) for f in features if f.state is not None))
