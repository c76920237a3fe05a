"""Tuchulcha's rules page for players and the home-screen thumbnail, drawn with the board's own
pieces (drawing.py) so the pictures match the table exactly."""

from __future__ import annotations

import math

from rituels.tuchulcha.board import COLOURS, ENTRY, GODS, MYSTIC, PASSAGE, PLAIN, RITUAL
from rituels.tuchulcha.drawing import (
    FILL, Scene, board_svg, die_body, die_face, legend, pawn_shape, pawn_token, role_ring, seal,
    star,
    stone,
)
from rituels.viewkit import ViewContext, esc


def _figure(picture: str, caption: str, view_box: str = "-40 -40 80 80", wide: bool = False) -> str:
    cls = "tu-help-figure tu-help-wide" if wide else "tu-help-figure"
    return (f'<figure class="{cls}"><svg viewBox="{view_box}" aria-hidden="true">'
            f'{picture}</svg><figcaption>{esc(caption)}</figcaption></figure>')


def _row(figures: list[str]) -> str:
    return f'<div class="tu-help-row">{"".join(figures)}</div>'


def _p(ctx: ViewContext, key: str, **params) -> str:
    return f"<p>{esc(ctx.t(key, **params))}</p>"


def _h(ctx: ViewContext, key: str) -> str:
    return f"<h2>{esc(ctx.t(key))}</h2>"


def _pawns_row(ctx: ViewContext) -> str:
    return _row([
        _figure(pawn_shape(c, 0, 0, 22),
                ctx.t("tuchulcha.help.pawn_caption", god=GODS[c],
                      colour=ctx.t(f"tuchulcha.colour.{COLOURS[c]}"),
                      shape=ctx.t(f"tuchulcha.help.shape.{c}")))
        for c in range(4)
    ])


def _stones_row(ctx: ViewContext) -> str:
    kinds = [(PLAIN, None, False, "plain"), (ENTRY, 0, False, "entry"),
             (RITUAL, None, False, "ritual"), (MYSTIC, None, False, "mystic"),
             (PASSAGE, None, False, "passage"), (PASSAGE, None, True, "sealed")]
    return _row([
        _figure(stone(kind, 0, 0, 30, ring, sealed), ctx.t(f"tuchulcha.help.stone.{name}"))
        for kind, ring, sealed, name in kinds
    ])


def _example_scene() -> Scene:
    """A game in progress for the picture of the board."""
    return Scene(side="A", id_prefix="tu-help-",
                 stones={3: (0, 2), 7: (0, 1), 12: (1, 3), 16: (2, 1), 24: (3, 2),
                         27: (2, 2), 35: (3, 1)},
                 temple=[4, 3, 4, 4], velthumena=[1, 2, 0, 0], forest=[0, 0, 1, 1],
                 sanctuary=[0, 0, 0, 0], star=[0, 0, 0, 0], seals=frozenset({18}))


def _arrow(path: str, tip: tuple[float, float], angle: float) -> str:
    ink = 'fill="none" stroke="#4a3b26" stroke-width="3.5" stroke-linecap="round"'
    x, y = tip
    return (f'<path d="{path}" {ink}/><path d="M-9,-6 L0,0 L-9,6" {ink}'
            f' transform="translate({x},{y}) rotate({angle})"/>')


def _die_at(value: int, x: float, y: float, size: float = 24) -> str:
    return die_body(value, x - size / 2, y - size / 2, size)


def _attack_example(ctx: ViewContext) -> str:
    """A combined attack: with a 3 and a 1, two red pawns from two stones arrive together on a
    ritual stone held by one blue pawn (power 2) and hit it; neither could alone."""
    xs = (-120, -70, -20, 30)
    kinds = (PLAIN, PLAIN, PLAIN, RITUAL)
    picture = "".join(stone(k, x, 0, 20) for k, x in zip(kinds, xs))
    picture += pawn_token(0, xs[0], 0, 13, 1) + pawn_token(0, xs[2], 0, 13, 1)
    picture += pawn_token(1, xs[3], 0, 13, 1)
    picture += _arrow("M-120,-24 Q-45,-86 22,-26", (22, -26), 45)
    picture += _arrow("M-20,24 Q8,62 24,26", (24, 26), -60)
    picture += _die_at(3, -45, -58) + _die_at(1, 8, 52)
    return _figure(picture, ctx.t("tuchulcha.help.attack_caption"), "-150 -92 210 176",
                   wide=True)


def _roles_row(ctx: ViewContext) -> str:
    tuchulcha = pawn_token(2, 0, 0, 20, 3) + role_ring("tuchulcha", 0, 0, 20)
    lasa = pawn_token(1, 0, 0, 20, 2) + role_ring("lasa", 0, 0, 20)
    return _row([
        _figure(tuchulcha, ctx.t("tuchulcha.help.tuchulcha_caption")),
        _figure(lasa, ctx.t("tuchulcha.help.lasa_caption")),
        _figure(seal(0, 0, 30), ctx.t("tuchulcha.help.seal_caption")),
    ])


def _dice_row(ctx: ViewContext) -> str:
    return (f'<div class="tu-help-row tu-help-dice">{die_face(5, 44)}{die_face(2, 44)}'
            f'<p>{esc(ctx.t("tuchulcha.help.dice_example"))}</p></div>')


def help_page(ctx: ViewContext) -> str:
    scene = _example_scene()
    board = board_svg(scene, ctx, cls="tu-board tu-help-board") + legend(scene, ctx)
    parts = [
        _p(ctx, "tuchulcha.help.intro"),
        _h(ctx, "tuchulcha.help.goal.title"), _p(ctx, "tuchulcha.help.goal.text"),
        _h(ctx, "tuchulcha.help.board.title"),
        f'<figure class="tu-help-board-figure">{board}<figcaption>'
        f'{esc(ctx.t("tuchulcha.help.board.caption"))}</figcaption></figure>',
        _p(ctx, "tuchulcha.help.board.text"), _p(ctx, "tuchulcha.help.board.sides"),
        _p(ctx, "tuchulcha.help.board.reconstructed"),
        _pawns_row(ctx), _p(ctx, "tuchulcha.help.pawns.text"),
        _h(ctx, "tuchulcha.help.stones.title"), _stones_row(ctx),
        _p(ctx, "tuchulcha.help.stones.text"),
        _h(ctx, "tuchulcha.help.turn.title"), _p(ctx, "tuchulcha.help.turn.roll"),
        _dice_row(ctx), _p(ctx, "tuchulcha.help.turn.max"), _p(ctx, "tuchulcha.help.turn.mystic"),
        _p(ctx, "tuchulcha.help.turn.variant"),
        _h(ctx, "tuchulcha.help.hit.title"), _p(ctx, "tuchulcha.help.hit.text"),
        _row([_attack_example(ctx)]), _p(ctx, "tuchulcha.help.hit.together"),
        _p(ctx, "tuchulcha.help.hit.passage"),
        _h(ctx, "tuchulcha.help.roles.title"), _roles_row(ctx),
        _p(ctx, "tuchulcha.help.roles.tuchulcha"), _p(ctx, "tuchulcha.help.roles.tuchulcha2"),
        _p(ctx, "tuchulcha.help.roles.lasa"), _p(ctx, "tuchulcha.help.roles.lasa2"),
        _h(ctx, "tuchulcha.help.end.title"), _p(ctx, "tuchulcha.help.end.text"),
        _h(ctx, "tuchulcha.help.two.title"), _p(ctx, "tuchulcha.help.two.text"),
        _h(ctx, "tuchulcha.help.app.title"), _p(ctx, "tuchulcha.help.app.text"),
    ]
    return f'<div class="tu-help" lang="{esc(ctx.lang)}">{"".join(parts)}</div>'


def thumbnail() -> str:
    """A small picture for the home screen: the ring of stones, the altar, four pawns."""
    ring = []
    for k in range(20):
        a = 2 * math.pi * k / 20
        x, y = 50 + 36 * math.sin(a), 50 - 36 * math.cos(a)
        fill = {2: "#e3c48e", 4: "#c5b3d6", 8: "#a9c3a6"}.get(k % 10, "#d8cdb6")
        ring.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5.2" fill="{fill}"'
                    f' stroke="#5e5140" stroke-width="0.9"/>')
    pawns = "".join(
        pawn_shape(c, 50 + 22 * math.sin(a), 50 - 22 * math.cos(a), 5.2)
        for c, a in enumerate((0.5, 2.1, 3.6, 5.2))
    )
    return (
        '<svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">'
        '<rect width="100" height="100" rx="14" fill="#e2cb9b"/>'
        '<circle cx="50" cy="50" r="36" fill="none" stroke="#f0e2c0" stroke-width="15"/>'
        + "".join(ring)
        + '<circle cx="50" cy="50" r="12" fill="#f3d98f" stroke="#7d5f2e" stroke-width="2"/>'
        + star(50, 50, 6, FILL[3], "#7a5a08") + pawns + "</svg>"
    )
