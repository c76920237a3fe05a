"""What every game view shares: the view context and safe markup helpers.

Views are pure functions ``state, ctx -> markup``. Every clickable element carries either
``data-action="<notation of a legal action>"`` (the app plays it) or ``data-select="<token>"``
(the app stores the token in ``ctx.selection`` and renders again: multi-step choices). The app
makes such elements keyboard-operable; views give them an ``aria-label``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from rituels.i18n import You, t as _t, tn as _tn


def esc(value: object) -> str:
    """Escape any text (names typed by users included) for HTML/SVG text and attributes."""
    # html.escape(quote=True)'s replacements, without importing the html package: its entity
    # table made up a fifth of the app's module loading at start-up in Pyodide.
    return (str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def attrs(**values: object) -> str:
    """` key="value"` pairs, escaped; ``data_action`` -> ``data-action``; None/False omitted."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f' {name}="{esc(name if value is True else value)}"')
    return "".join(out)


# Marks around a part of the page (see part()); rituels.app.parts reads them.
PART_OPEN, PART_CLOSE, PART_END = "<!--part:", "<!--/part:", "-->"


def part(key: str, markup: str) -> str:
    """``markup`` (one element, given the id ``key`` here) as a part of the page: when the page
    already shows exactly this markup, the worker sends a placeholder instead and the page keeps
    its element (rituels.app.parts), so big unchanged pieces of a board are neither sent,
    parsed nor compared again. ``key`` is an id: letters, digits, ``-`` and ``_``."""
    cut = markup.index(">")   # the end of the start tag (attribute values are escaped)
    if markup[cut - 1] == "/":
        cut -= 1
    return (f"{PART_OPEN}{key}{PART_END}{markup[:cut]} id=\"{key}\"{markup[cut:]}"
            f"{PART_CLOSE}{key}{PART_END}")


def ranked(keys: list) -> list[tuple[int, int]]:
    """(rank, index) pairs, best first, for the end tables: a bigger sort key is better and
    equal keys share a rank (ties keep their order)."""
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    return [(1 + sum(1 for k in keys if k > keys[i]), i) for i in order]


def standings_table(css_class: str, caption: str, heads: list[str], rows: list[str]) -> str:
    """An end table: caption, column heads and the rows' markup (escaped here: the texts)."""
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in heads)
    return (f'<table class="{css_class}"><caption>{esc(caption)}</caption>'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


@dataclass
class ViewContext:
    lang: str = "fr"
    names: list[str] = field(default_factory=list)  # player names, index = player
    viewer: int | None = None      # whose private information may be shown (None: nobody's)
    interactive: bool = False      # a local human is to decide: render the legal clickables
    selection: str = ""            # UI-local partial choice (from data-select clicks)
    animate: bool = True           # False in the replay viewer / tests: no roll animation
    local: tuple[int, ...] = ()    # players who are people at this device: prompts say "you"
    you: int | None = None         # the player the log's sentences speak to (« vous jouez »)

    def t(self, key: str, **params) -> str:
        return _t(self.lang, key, **params)

    def tn(self, key: str, n: int, **params) -> str:
        return _tn(self.lang, key, n, **params)

    def name(self, player: int) -> str:
        return self.subject(player, self.names[player] if 0 <= player < len(self.names)
                            else f"#{player + 1}")

    def subject(self, player: int | None, text: str) -> str:
        """``text`` naming ``player``, marked as the one spoken to if it is ``you``: a
        sentence whose subject it is then takes its second-person form (i18n.You)."""
        return You(text) if player is not None and player == self.you else text

    def is_local(self, player: int | None) -> bool:
        """The player is a person at this screen (not a bot, not the replay viewer's past)."""
        return player is not None and player in self.local

    def your_turn(self, player: int, prompt: str, name: str | None = None) -> str:
        """A prompt spoken to the person at the screen: "À vous : choisissez une victime".
        When several people share the device (or ``name`` says which of the player's seats
        acts) the name comes first: "Ada, à vous : choisissez une victime"."""
        if name is None and len(self.local) < 2:
            return self.t("app.you.prompt", prompt=prompt)
        return self.t("app.you.named", prompt=prompt,
                      name=name if name is not None else self.name(player))


def reason_text(ctx: ViewContext, prefix: str, reason: tuple[str, dict] | None,
                **named: Any) -> str | None:
    """A rules package's (code, params) reason in one sentence, ``f"{prefix}.{code}"``: each
    param given in ``named`` is first turned into words by that function (an index into a
    name, a colour number into its word). None stays None (nothing to explain)."""
    if reason is None:
        return None
    code, params = reason
    words = {k: named[k](v) if k in named else v for k, v in params.items()}
    return ctx.t(f"{prefix}.{code}", **words)


class ViewModule(Protocol):
    """What the app asks of a game's view module (named by its ``Game.view``). The optional
    parts are module attributes too, set to None by a view that has none."""

    def render(self, state: Any, ctx: ViewContext) -> str: ...
    def status(self, state: Any, ctx: ViewContext) -> str: ...
    def result(self, state: Any, ctx: ViewContext) -> str: ...
    def describe(self, before: Any, action: Any, after: Any, ctx: ViewContext) -> list[str]: ...
    def help_page(self, ctx: ViewContext) -> str: ...
    def thumbnail(self) -> str: ...

    # Optional: the end-of-game table; the label of the roll button (else "Roll");
    # the line saying what the others did since your last decision (player, steps, ctx).
    standings: Callable[[Any, ViewContext], str] | None
    roll_label: Callable[[Any, ViewContext], str] | None
    last_turn: Callable[[int, Any, ViewContext], str] | None


VIEW_PARTS = ("render", "status", "result", "describe", "help_page", "thumbnail", "standings",
              "roll_label", "last_turn")


def load_view(game_id: str) -> ViewModule:
    """The game's view module (imported lazily: the app starts without every game's code)."""
    from rituels.engine.game import get_game  # the registry imports the game on demand

    return importlib.import_module(get_game(game_id).view)
