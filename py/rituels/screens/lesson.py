"""The lesson screen: the chapter's step (its text, where it points, Continue or Roll), the
real board of the game (its own view) and the log; the chapter list; the end of a chapter,
which offers a real game with the same options. Pure markup, like every screen."""

from __future__ import annotations

from typing import Any

from rituels.i18n import t
from rituels.viewkit import attrs, esc


def chooser(lang: str, game_id: str, items: list[dict[str, Any]]) -> str:
    """Chapters of one game: title, and "resume at step n" when one was left half-way."""
    game = t(lang, f"app.game.{game_id}.name")
    rows = []
    for item in items:
        label = (t(lang, "lessons.resume", n=item["resume"] + 1) if item.get("resume")
                 else t(lang, "lessons.start"))
        rows.append(
            f'<li class="lesson-chapter"><span class="lesson-chapter-title">{esc(item["title"])}'
            f'</span><a class="btn btn-primary"{attrs(href=item["href"])}>{esc(label)}</a></li>')
    body = (f'<ol class="lesson-chapters">{"".join(rows)}</ol>' if rows
            else f'<p>{esc(t(lang, "lessons.none"))}</p>')
    return (f'<section class="lesson-home" aria-labelledby="main-title">'
            f'<h1 id="main-title" tabindex="-1">{esc(t(lang, "lessons.title", game=game))}</h1>'
            f'<p>{esc(t(lang, "lessons.choose"))}</p>{body}'
            f'<p><a class="btn"{attrs(href="#/")}>{esc(t(lang, "app.menu.home"))}</a></p>'
            '</section>')


def _point_style(selector: str) -> str:
    # The element the step is about: ringed on the board (SVG shapes take the glow, HTML
    # boxes the outline). Selectors come from the lesson data, never from outside.
    if not selector or any(c in selector for c in "{}<>"):
        return ""
    return (f'<style>.lesson-board :is({selector}) {{ outline: 3px solid var(--lesson-ring); '
            f'outline-offset: 2px; filter: drop-shadow(0 0 4px var(--lesson-ring)) '
            f'drop-shadow(0 0 8px var(--lesson-ring)); }}</style>')


def render(lang: str, *, game_id: str, chapter: str, n: int, total: int, text: str,
           point: str, board: str, log: list[str], roll: bool = False, proceed: bool = False,
           message: str = "", done: dict[str, Any] | None = None) -> str:
    """``text`` is the step's (plain); ``board`` the game view's markup (already escaped);
    ``message`` the answer to the learner's last tap ("essayez plutôt …", why not)."""
    game = t(lang, f"app.game.{game_id}.name")
    if done is not None:
        actions = (f'<button type="button" class="btn btn-primary" data-cmd="lesson-real">'
                   f'{esc(t(lang, "lessons.real_game"))}</button>')
        if done.get("next"):
            actions += (f'<a class="btn"{attrs(href=done["next"][0])}>'
                        f'{esc(t(lang, "lessons.next_chapter", title=done["next"][1]))}</a>')
        panel = (f'<h2 id="lesson-step-title" class="lesson-step-title">{esc(t(lang, "lessons.done_title"))}</h2>'
                 f'<p id="status" class="lesson-text" tabindex="-1">'
                 f'{esc(t(lang, "lessons.done_text"))}</p>'
                 f'<div class="lesson-actions">{actions}</div>')
    else:
        buttons = ""
        if roll:
            buttons += (f'<button type="button" class="btn btn-primary btn-roll" '
                        f'data-cmd="lesson-roll">{esc(t(lang, "lessons.roll"))}</button>')
        if proceed:
            buttons += (f'<button type="button" class="btn btn-primary" data-cmd="lesson-next">'
                        f'{esc(t(lang, "lessons.next"))}</button>')
        panel = (f'<h2 id="lesson-step-title" class="lesson-step-title">{esc(t(lang, "lessons.step", n=n, total=total))}'
                 f'</h2><p id="status" class="lesson-text" tabindex="-1">{esc(text)}</p>'
                 f'<div class="lesson-actions">{buttons}</div>')
    said = (f'<p class="lesson-message" role="status">{esc(message)}</p>' if message
            else '<p class="lesson-message" role="status"></p>')
    log_items = "".join(f"<li>{esc(line)}</li>" for line in reversed(log[-40:]))
    return (
        f'<div class="play lesson">{_point_style(point if done is None else "")}'
        '<div class="play-head">'
        f'<h1 id="main-title" tabindex="-1">{esc(game)} — {esc(chapter)}</h1>'
        '<nav class="game-menu lesson-menu">'
        f'<button type="button" class="btn btn-small" data-cmd="lesson-restart">'
        f'{esc(t(lang, "lessons.restart"))}</button>'
        f'<a class="btn btn-small"{attrs(href="#/learn/" + game_id)}>'
        f'{esc(t(lang, "lessons.leave"))}</a></nav></div>'
        f'<section class="lesson-panel" aria-labelledby="lesson-step-title" aria-live="polite">'
        f'{panel}{said}</section>'
        '<div class="play-body">'
        f'<section class="board lesson-board" aria-label="{esc(t(lang, "lessons.board"))}">'
        f'{board}</section>'
        f'<section class="log" tabindex="0" aria-labelledby="log-title"><div class="log-head">'
        f'<h2 id="log-title" class="panel-title">{esc(t(lang, "app.play.log"))}</h2></div>'
        f'<ol class="log-lines" reversed>{log_items}</ol></section>'
        '</div></div>')
