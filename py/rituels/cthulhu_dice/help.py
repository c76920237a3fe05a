"""The rules page for players (FR/EN), illustrated with the table's own die faces."""

from __future__ import annotations

from rituels.cthulhu_dice.pictures import face_icon
from rituels.cthulhu_dice.rules import FACE_COUNT, FACES
from rituels.viewkit import ViewContext, esc

# The plain sections between the die and the variant, in reading order.
_CLASSIC_SECTIONS = ("turn", "mad", "end", "people")


def _section(ctx: ViewContext, name: str, body: str = "") -> str:
    return (f'<h3>{esc(ctx.t(f"cthulhu.help.{name}.title"))}</h3>'
            + (body or f'<p>{esc(ctx.t(f"cthulhu.help.{name}.text"))}</p>'))


def _faces(ctx: ViewContext, prefix: str) -> str:
    """One line per face: its picture, name, count on the die and what it does."""
    items = []
    for f in FACES:
        name = ctx.t(f"cthulhu.face.{f}")
        items.append(f'<li>{face_icon(f, 40)}<span><strong>{esc(name)}</strong> '
                     f'{esc(ctx.t("cthulhu.help.count", n=FACE_COUNT[f]))} '
                     f'{esc(ctx.t(f"{prefix}.{f}"))}</span></li>')
    return f'<ul class="cd-help-faces">{"".join(items)}</ul>'


def page(ctx: ViewContext) -> str:
    die = (f'<p>{esc(ctx.t("cthulhu.help.die.text"))}</p>'
           + _faces(ctx, "cthulhu.help.face"))
    variant = (f'<p>{esc(ctx.t("cthulhu.help.variant.text"))}</p>'
               f'<p>{esc(ctx.t("cthulhu.help.cthulhu_faces"))}</p>'
               + _faces(ctx, "cthulhu.help.cface")
               + f'<p>{esc(ctx.t("cthulhu.help.variant.win"))}</p>')
    parts = [f'<p class="cd-help-intro">{esc(ctx.t("cthulhu.help.intro"))}</p>',
             _section(ctx, "die", die)]
    parts += [_section(ctx, name) for name in _CLASSIC_SECTIONS]
    parts += [_section(ctx, "variant", variant), _section(ctx, "screen")]
    return f'<section class="cd-help">{"".join(parts)}</section>'
