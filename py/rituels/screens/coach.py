"""The coach's markup: its button in the status bar, its answer under the bar (the three
best choices found, their chances and the rules' reason), and the legend of the marks drawn
on a board (rituels/boardmarks.py) by the review, the retry and the coach."""

from __future__ import annotations

from typing import Any

from rituels.i18n import t
from rituels.viewkit import attrs, esc


def pct(lang: str, chance: float) -> str:
    return t(lang, "analysis.pct", n=round(chance * 100))


def _item(lang: str, text: str, chance: float, reason: str) -> str:
    why = f' <span class="coach-why">{esc(reason)}</span>' if reason else ""
    return f'{esc(text)} — <strong>{esc(pct(lang, chance))}</strong>{why}'


def spoken(lang: str, best: tuple) -> str:
    """The best choice said to screen readers."""
    _, text, chance, reason, _ = best
    line = t(lang, "coach.best_is", what=text, pct=pct(lang, chance))
    return f"{line} {reason}" if reason else line


def coach_box(lang: str, shown: list[tuple] | None) -> str:
    """The button in the status bar (its answer: ``coach_answer``)."""
    button = (f'<button type="button" class="btn btn-small coach-btn" data-cmd="coach"'
              f'{attrs(aria_expanded="true" if shown is not None else "false")}>'
              f'{esc(t(lang, "analysis.coach"))}</button>')
    return f'<div class="coach">{button}</div>'


def coach_answer(lang: str, shown: list[tuple] | None) -> str:
    """Once asked (``shown``: (notation, text, chance, reason, marks), best first), the
    answer: on a laptop at the top of the log's column (it floated over the Journal), on a
    phone a sheet at the foot of the screen; the first choice is drawn on the board."""
    if shown is None:
        return ""
    if not shown:
        body = f'<p>{esc(t(lang, "coach.nothing"))}</p>'
    else:
        items = "".join(f'<li{attrs(data_hint=n)}>{_item(lang, text, chance, reason)}</li>'
                        for n, text, chance, reason, _ in shown)
        # the title says what the numbers are: chances of winning (issue 42)
        body = (f'<p class="coach-title">{esc(t(lang, "coach.title_chances"))}</p>'
                f'<ol class="coach-list">{items}</ol>{legend(lang, played=False)}')
    close = (f'<button type="button" class="btn btn-small coach-close" data-cmd="coach-close"'
             f'{attrs(aria_label=t(lang, "coach.close"), title=t(lang, "coach.close"))}>'
             f'<span aria-hidden="true">✕</span></button>')
    return f'<div class="coach-answer" role="status">{close}{body}</div>'


def legend(lang: str, played: bool = True) -> str:
    """What the marks on the board mean (the move played: dashed; the best: solid)."""
    items = []
    if played:
        items.append(f'<li><span class="mark-key mark-key-played" aria-hidden="true"></span>'
                     f'{esc(t(lang, "coach.legend.played"))}</li>')
    items.append(f'<li><span class="mark-key mark-key-best" aria-hidden="true"></span>'
                 f'{esc(t(lang, "coach.legend.best"))}</li>')
    return f'<ul class="mark-legend">{"".join(items)}</ul>'


def review_legend(lang: str, review: Any) -> str:
    """Under a reviewed decision's board: the two marks and their chances."""
    return (f'<ul class="mark-legend">'
            f'<li><span class="mark-key mark-key-played" aria-hidden="true"></span>'
            f'{esc(t(lang, "coach.legend.played_pct", pct=pct(lang, review.chosen_chance)))}</li>'
            f'<li><span class="mark-key mark-key-best" aria-hidden="true"></span>'
            f'{esc(t(lang, "coach.legend.best_pct", pct=pct(lang, review.best_chance)))}</li>'
            f'</ul>')
