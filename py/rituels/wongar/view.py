"""Wongar's view (docs/architecture.md, "Views"): pure functions of a
:class:`~rituels.wongar.rules.WongarState` and a :class:`~rituels.viewkit.ViewContext`.

The board is the map and the time track (:mod:`.mapview`) with the panels beside it
(:mod:`.panels`); what is clickable comes from :mod:`.clicks`, every sentence from :mod:`.words`.
"""

from __future__ import annotations

from rituels.viewkit import ViewContext, attrs, part
from rituels.wongar.clicks import clicks
from rituels.wongar.mapview import map_svg, thumbnail, time_svg
from rituels.wongar.panels import (areas_panel, ceremony_panel, deck_panel, final_panel,
                                   players_panel, private_panel, prompt_panel, standings)
from rituels.wongar.rules import WongarState
from rituels.wongar.words import describe, last_turn, result, status

__all__ = ["render", "status", "describe", "last_turn", "result", "standings", "help_page",
           "thumbnail", "roll_label"]
roll_label = None  # (ViewModule's optional part: the app's own "Roll" label)


def render(state: WongarState, ctx: ViewContext) -> str:
    cl = clicks(state, ctx)
    board = ctx.t("wongar.aria.board")
    # Each panel and the time track is a part: the page keeps those a move did not change.
    side = "".join(part(f"wg-{key}", markup) if markup else "" for key, markup in (
        ("final", final_panel(state, ctx)), ("private", private_panel(state, ctx, cl)),
        ("ceremony", ceremony_panel(state, ctx)), ("players", players_panel(state, ctx)),
        ("deck", deck_panel(state, ctx)), ("areas", areas_panel(state, ctx))))
    # .wg-root is a size container: the layout follows the room the app gives the board.
    return (f'<div class="wg-root"><div class="wg" data-game="wongar">'
            f'{prompt_panel(state, ctx, cl)}'
            # Focusable: on a phone the board scrolls sideways, also by keyboard.
            f'<div class="wg-board" tabindex="0" role="group"{attrs(aria_label=board)}>'
            f'{map_svg(state, ctx, cl)}{part("wg-time", time_svg(state.time, ctx))}</div>'
            f'<div class="wg-side">{side}</div></div></div>')


def help_page(ctx: ViewContext) -> str:
    from rituels.wongar.help import help_page as page  # the rules text lives in its own module

    return page(ctx)
