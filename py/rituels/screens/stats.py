"""The statistics page (``#/stats``): per game, the finished games played here and the wins,
by seat count and by bot level, and the person's rating over time as an SVG chart. Pure views
of the saves' index entries and of the rating history (rituels.app.rating)."""

from __future__ import annotations

from typing import Any

from rituels.engine.game import GAME_IDS
from rituels.i18n import number, t
from rituels.viewkit import attrs, esc


def signed(lang: str, value: int) -> str:
    """« +12 », « −8 » (a true minus sign), « ±0 »."""
    if value > 0:
        return "+" + number(lang, value)
    if value < 0:
        return "\u2212" + number(lang, -value)
    return "\u00b10"


def change_line(lang: str, point: Any) -> str:
    """« Votre cote : +12 → 1 384 » for one rated game (rating.Point)."""
    return t(lang, "rating.change", delta=signed(lang, point.delta),
             rating=number(lang, round(point.after.rating)))


def tally(entries: list[dict[str, Any]], level_of: Any = None) -> dict[str, dict[str, Any]]:
    """Game id -> {"games", "wins", "counts": {n: [games, wins]}, "levels": {level: [games,
    wins]}} over the finished games with at least one person at this device (a win: one of
    them among the winners). ``level_of(game_id, bot)``: a bot's ladder level or None."""
    out: dict[str, dict[str, Any]] = {}
    for e in entries:
        mine, winners = e.get("mine") or [], e.get("winners") or []
        if not e.get("finished") or not mine or e.get("corrupt"):
            continue
        game = str(e.get("game") or "")
        row = out.setdefault(game, {"games": 0, "wins": 0, "counts": {}, "levels": {}})
        won = int(any(p in winners for p in mine))
        row["games"] += 1
        row["wins"] += won
        bots = e.get("bots") or []
        cell = row["counts"].setdefault(len(bots), [0, 0])
        cell[0] += 1
        cell[1] += won
        levels = {level_of(game, b) if level_of else b for b in bots if b}
        for level in sorted(x for x in levels if x):
            cell = row["levels"].setdefault(level, [0, 0])
            cell[0] += 1
            cell[1] += won
    return out


def chart(lang: str, points: list[Any], width: int = 320, height: int = 140) -> str:
    """The rating after each rated game (and its ±RD band) as an SVG line chart."""
    if not points:
        return ""
    values = [points[0].before] + [p.after for p in points]
    lows = [v.rating - v.rd for v in values]
    highs = [v.rating + v.rd for v in values]
    lo, hi = min(lows), max(highs)
    step = 50
    lo, hi = step * int(lo // step), step * (int(hi // step) + 1)
    left, right, top, bottom = 44, 8, 8, 20
    w, h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + (w * i / (len(values) - 1) if len(values) > 1 else w / 2)

    def y(r: float) -> float:
        return top + h * (hi - r) / (hi - lo)

    band = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(highs))
    band += " " + " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in reversed(list(enumerate(lows))))
    line = " ".join(f"{x(i):.1f},{y(v.rating):.1f}" for i, v in enumerate(values))
    ticks = []
    for r in (lo, (lo + hi) // 2, hi):
        ticks.append(f'<line class="grid"{attrs(x1=left, x2=width - right, y1=f"{y(r):.1f}", y2=f"{y(r):.1f}")}/>'
                     f'<text class="tick"{attrs(x=left - 4, y=f"{y(r) + 4:.1f}")} text-anchor="end">'
                     f'{esc(number(lang, r))}</text>')
    last = values[-1]
    title = t(lang, "rating.stats.chart")
    return (f'<svg class="rating-chart" role="img"{attrs(viewBox=f"0 0 {width} {height}", aria_label=title)}>'
            f'<title>{esc(title)}</title>{"".join(ticks)}'
            f'<polygon class="band" points="{band}"/>'
            f'<polyline class="line" points="{line}"/>'
            f'<circle class="dot"{attrs(cx=f"{x(len(values) - 1):.1f}", cy=f"{y(last.rating):.1f}", r=4)}/>'
            f'<text class="tick"{attrs(x=left, y=height - 4)}>0</text>'
            f'<text class="tick"{attrs(x=width - right, y=height - 4)} text-anchor="end">'
            f'{esc(number(lang, len(points)))}</text></svg>')


def _table(lang: str, caption: str, rows: list[tuple[str, list[int]]]) -> str:
    if not rows:
        return ""
    body = "".join(f'<tr><th scope="row">{esc(label)}</th><td>{esc(number(lang, g))}</td>'
                   f'<td>{esc(number(lang, w))}</td></tr>' for label, (g, w) in rows)
    return (f'<table class="stats-table"><caption>{esc(caption)}</caption><thead><tr><td></td>'
            f'<th scope="col">{esc(t(lang, "rating.stats.games"))}</th>'
            f'<th scope="col">{esc(t(lang, "rating.stats.wins"))}</th></tr></thead>'
            f'<tbody>{body}</tbody></table>')


def render(lang: str, tallies: dict[str, dict[str, Any]], histories: dict[str, list[Any]]
           ) -> str:
    sections = []
    for game in GAME_IDS:
        row, points = tallies.get(game), histories.get(game) or []
        if row is None and not points:
            continue
        row = row or {"games": 0, "wins": 0, "counts": {}, "levels": {}}
        name = t(lang, f"app.game.{game}.name")
        if points:
            last = points[-1].after
            rated = (f'<p class="rating-now">{esc(t(lang, "rating.stats.rating", rating=number(lang, round(last.rating)), rd=number(lang, round(last.rd))))}</p>'
                     + chart(lang, points))
        else:
            rated = f'<p class="rating-none">{esc(t(lang, "rating.stats.unrated"))}</p>'
        counts = [(t(lang, "rating.stats.count_n", n=n), row["counts"][n])
                  for n in sorted(row["counts"])]
        levels = [(t(lang, f"rating.level.{lv}"), row["levels"][lv])
                  for lv in sorted(row["levels"])]
        sections.append(
            f'<section class="stats-game"{attrs(aria_labelledby=f"stats-{game}")}>'
            f'<h2{attrs(id=f"stats-{game}")}>{esc(name)}</h2>'
            f'<p class="stats-total">{esc(t(lang, "rating.stats.total", games=row["games"], wins=row["wins"]))}</p>'
            f'{rated}<div class="stats-tables">'
            f'{_table(lang, t(lang, "rating.stats.by_count"), counts)}'
            f'{_table(lang, t(lang, "rating.stats.by_level"), levels)}</div></section>')
    body = "".join(sections) or f'<p class="empty">{esc(t(lang, "rating.stats.none"))}</p>'
    return (f'<section class="stats"><h1 id="main-title" tabindex="-1">'
            f'{esc(t(lang, "rating.stats"))}</h1>'
            f'<p class="stats-intro">{esc(t(lang, "rating.stats.intro"))}</p>{body}</section>')
