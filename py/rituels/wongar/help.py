"""Wongar's rules for players (FR/EN), illustrated with the pictures the game itself draws."""

from __future__ import annotations

import random

from rituels.engine.state import sample_chance
from rituels.viewkit import ViewContext, esc
from rituels.wongar import data as D
from rituels.wongar import pictures as pic
from rituels.wongar.mapview import map_svg, time_svg
from rituels.wongar.rules import WongarState
from rituels.wongar.words import type_name

AREA_CARDS = ("disc", "triple", "four", "ancestor", "elder", "ancestor_elder", "scorpion")


def _opening():
    """A 4-player game just after set-up and the first duty (a fixed sample of the draws),
    to show the map as it looks in play."""
    rng = random.Random(2000)
    state = WongarState(4, {})
    while state.phase != "turn":
        state.apply(sample_chance(state, rng))
    return state


def _p(ctx: ViewContext, key: str) -> str:
    return f"<p>{esc(ctx.t(key))}</p>"


def _h(ctx: ViewContext, key: str) -> str:
    return f"<h3>{esc(ctx.t(key))}</h3>"


def _small(body: str, w: int = 40, h: int = 40, label: str = "") -> str:
    return pic.svg(w, h, body, css="wg-help-pic", label=label,
                   role="img" if label else "presentation")


def _tokens_row(ctx: ViewContext) -> str:
    """The three token shapes in each player colour, with the players' chips."""
    out = []
    for p in range(len(pic.PLAYER_FILL)):
        body = pic.player_chip(p, "ABCDE"[p], 2, 10, 24) + "".join(
            pic.token(kind, 46 + 34 * t, 22, 28, pic.PLAYER_FILL[p], pic.PLAYER_INK[p], str(t + 1))
            for t, kind in enumerate(D.TOKEN_TYPES))
        out.append(_small(body, 136, 44))
    kinds = ", ".join(type_name(ctx, t, 2) for t in range(len(D.TOKEN_TYPES)))
    return (f'<figure><div class="wg-help-row">{"".join(out)}</div>'
            f'<figcaption>{esc(kinds)}</figcaption></figure>')


def _figures_row(ctx: ViewContext) -> str:
    items = [(pic.figure("ancestor", 20, 40, 40), ctx.t("wongar.figure.ancestor")),
             (pic.figure("elder", 20, 40, 40), ctx.t("wongar.figure.elder")),
             (pic.boomerang(0, 0, 40), ctx.t("wongar.hold.boomerang")),
             (pic.scorpion(0, 0, 40), ctx.t("wongar.card.scorpion"))]
    pictures = "".join(_small(body, label=label) for body, label in items)
    return f'<div class="wg-help-row">{pictures}</div>'


def _cards_table(ctx: ViewContext) -> str:
    rows = []
    for kind in AREA_CARDS:
        card = _small(pic.area_card(kind, 2, 2, 36, 50), 40, 54, ctx.t(f"wongar.card.{kind}"))
        if kind == "disc":  # the three token cards share one line
            card = "".join(_small(pic.area_card(k, 2, 2, 36, 50), 40, 54, ctx.t(f"wongar.card.{k}"))
                           for k in D.TOKEN_TYPES)
        rows.append(_card_line(card, ctx.t(f"wongar.help.card.{kind}")))
    return "".join(rows)


def _ritual_table(ctx: ViewContext) -> str:
    tokens = "".join(_small(pic.ritual_card(k, 2, 2, 36, 50), 40, 54, ctx.t(f"wongar.ritual.{k}"))
                     for k in D.TOKEN_TYPES)
    double = _small(pic.ritual_card("double", 2, 2, 36, 50), 40, 54, ctx.t("wongar.ritual.double"))
    return (_card_line(tokens, ctx.t("wongar.help.ritual.token"))
            + _card_line(double, ctx.t("wongar.help.ritual.double")))


def _card_line(pictures: str, text: str) -> str:
    return (f'<div class="wg-help-card"><div class="wg-help-pics">{pictures}</div>'
            f'<p>{esc(text)}</p></div>')


def help_page(ctx: ViewContext) -> str:
    parts = [
        f'<h2>{esc(ctx.t("wongar.help.title"))}</h2>', _p(ctx, "wongar.help.intro"),
        _p(ctx, "wongar.help.reconstructed"),
        _h(ctx, "wongar.help.map.title"),
        # (focusable: on a phone the picture scrolls sideways in its figure)
        f'<figure tabindex="0">{map_svg(_opening(), ctx)}'
        f'<figcaption>{esc(ctx.t("wongar.help.map.caption"))}</figcaption></figure>', _p(ctx, "wongar.help.map.text"),
        _h(ctx, "wongar.help.material.title"), _p(ctx, "wongar.help.material.text"),
        _tokens_row(ctx), _figures_row(ctx), _p(ctx, "wongar.help.figures"),
        _h(ctx, "wongar.help.setup.title"), _p(ctx, "wongar.help.setup.text"),
        _h(ctx, "wongar.help.round.title"), _p(ctx, "wongar.help.round.duty"),
        _p(ctx, "wongar.help.round.privilege"), _p(ctx, "wongar.help.round.turns"),
        _h(ctx, "wongar.help.cards.title"), _cards_table(ctx),
        _h(ctx, "wongar.help.ceremony.title"), _p(ctx, "wongar.help.ceremony.text"),
        _ritual_table(ctx), _p(ctx, "wongar.help.scoring.text"),
        f'<figure tabindex="0">{time_svg(None, ctx)}'
        f'<figcaption>{esc(ctx.t("wongar.help.time.caption"))}</figcaption></figure>',
        _h(ctx, "wongar.help.end.title"), _p(ctx, "wongar.help.end.text"),
        _p(ctx, "wongar.help.advanced"),
        _h(ctx, "wongar.help.app.title"), _p(ctx, "wongar.help.app.text"),
    ]
    return f'<article class="wg-help" lang="{esc(ctx.lang)}">{"".join(parts)}</article>'
