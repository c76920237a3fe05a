"""The screen of « Apprendre de vos erreurs » (rituels/app/retry.py): which decision of how
many, the move you played and its chance, the board of that position to choose again on,
the answer, and next / previous / try again / leave. Pure markup."""

from __future__ import annotations

from rituels.i18n import t, tn
from rituels.screens.coach import legend, pct
from rituels.viewkit import attrs, esc

__all__ = ["render", "start_button", "pct"]


def start_button(lang: str, count: int) -> str:
    """The replay's button (once the analysis found mistakes or blunders)."""
    return (f'<p class="retry-start"><button type="button" class="btn btn-primary btn-small"'
            f' data-cmd="retry-start">{esc(t(lang, "coach.retry.start"))}</button> '
            f'<span class="retry-count">{esc(tn(lang, "coach.retry.count", count))}</span></p>')


def _button(lang: str, key: str, cmd: str, *, disabled: bool = False,
            primary: bool = False) -> str:
    cls = "btn btn-small btn-primary" if primary else "btn btn-small"
    return (f'<button type="button"{attrs(class_=cls, data_cmd=cmd, disabled=disabled)}>'
            f'{esc(t(lang, key))}</button>')


def render(lang: str, *, title: str, n: int, total: int, status: str, played: str,
           played_pct: float, board: str, verdict: str = "", good: bool = False,
           best_text: str = "", selection: bool = False) -> str:
    """``board``: the game view's markup (already escaped); every other text is plain."""
    where = t(lang, "coach.retry.progress", n=n, total=total)
    ask = t(lang, "coach.retry.ask", played=played, pct=pct(lang, played_pct))
    answer = ""
    if verdict:
        cls = "retry-verdict retry-good" if good else "retry-verdict retry-worse"
        better = (f'<p>{esc(t(lang, "coach.retry.best", what=best_text))}</p>'
                  if best_text else "")
        answer = (f'<div{attrs(class_=cls)}><p id="status" tabindex="-1"><strong>'
                  f'{esc(verdict)}</strong></p>{better}{legend(lang)}</div>')
    nav = "".join([
        _button(lang, "coach.retry.prev", "retry-prev", disabled=n <= 1),
        _button(lang, "coach.retry.again", "retry-again", disabled=not verdict),
        _button(lang, "coach.retry.next", "retry-next", disabled=n >= total,
                primary=bool(verdict)),
        _button(lang, "coach.retry.leave", "retry-leave"),
    ])
    cancel = _button(lang, "app.play.cancel_selection", "retry-cancel-select") if selection else ""
    # Once answered, the answer takes the place of the question and of the game's prompt
    # (the board is then for looking): the board below hardly moves.
    question = (f'<p id="status" class="retry-ask" tabindex="-1">{esc(ask)}</p>'
                f'<p class="retry-status">{esc(status)} {cancel}</p>')
    return (
        '<div class="play retry">'
        '<div class="play-head">'
        f'<h1 id="main-title" tabindex="-1">{esc(t(lang, "coach.retry.title"))}'
        f'{" — " + esc(title) if title else ""}</h1>'
        f'<nav class="game-menu retry-menu"{attrs(aria_label=t(lang, "coach.retry.menu"))}>'
        f'{nav}</nav></div>'
        f'<section class="retry-panel" aria-live="polite">'
        f'<p class="retry-where">{esc(where)}</p>{answer or question}</section>'
        '<div class="play-body">'
        f'<section class="board"{attrs(aria_label=t(lang, "app.play.board"))}>{board}</section>'
        '</div></div>')
