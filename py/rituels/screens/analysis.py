"""The analysis panel of the replay viewer: the win-chance chart (SVG drawn here), its table,
the key moments and the progress of a running analysis. Pure functions of their arguments; the
model and commands are rituels/app/analysis.py, the numbers rituels/analysis/core.py.
"""

from __future__ import annotations

from typing import Any, Callable

from rituels.engine.game import get_game
from rituels.i18n import number, t
from rituels.viewkit import attrs, esc

# Player i's line: a colour and a marker shape, so the lines differ without colour too.
COLOURS = ("#e0715a", "#6fb3ff", "#8fc27a", "#f2c76e", "#c89bff", "#ff9f5a")
SHAPES = ("circle", "square", "triangle", "diamond", "cross", "star")
W, H = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 12, 28
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def pct(lang: str, chance: float) -> str:
    return t(lang, "analysis.pct", n=round(chance * 100))


def marker(shape: str, x: float, y: float, colour: str, r: float = 4.0) -> str:
    """One point of a line, drawn in its player's shape."""
    fill = f'fill="{colour}"'
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" {fill}/>'
    if shape == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}" {fill}/>'
    if shape == "triangle":
        pts = f"{x:.1f},{y - r - 1:.1f} {x + r + 1:.1f},{y + r:.1f} {x - r - 1:.1f},{y + r:.1f}"
    elif shape == "diamond":
        pts = f"{x:.1f},{y - r - 1:.1f} {x + r + 1:.1f},{y:.1f} {x:.1f},{y + r + 1:.1f} {x - r - 1:.1f},{y:.1f}"
    elif shape == "cross":
        return (f'<path d="M{x - r:.1f} {y - r:.1f}L{x + r:.1f} {y + r:.1f}M{x - r:.1f} {y + r:.1f}'
                f'L{x + r:.1f} {y - r:.1f}" stroke="{colour}" stroke-width="2.5"/>')
    else:
        pts = " ".join(f"{x + dx * r:.1f},{y + dy * r:.1f}" for dx, dy in
                       ((0, -1.3), (.4, -.4), (1.3, 0), (.4, .4), (0, 1.3), (-.4, .4), (-1.3, 0),
                        (-.4, -.4)))
    return f'<polygon points="{pts}" {fill}/>'


def _summary(lang: str, names: list[str], pos: int, chances: list[float]) -> str:
    parts = ", ".join(f"{name} {pct(lang, c)}" for name, c in zip(names, chances))
    return t(lang, "analysis.point", n=pos, chances=parts)


def chart(lang: str, result: Any, end: int, current: int) -> str:
    """The curve: one line per player, a focusable column per turn (its text is its label
    and tooltip; a click jumps the replay there) and the replay's position marked."""
    points, names = result.points, result.names
    width, height = W - LEFT - RIGHT, H - TOP - BOTTOM
    span = max(end, 1)

    def x(pos: int) -> float:
        return LEFT + width * pos / span

    def y(chance: float) -> float:
        return TOP + height * (1 - chance)

    grid = "".join(
        f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{y(v):.1f}" y2="{y(v):.1f}" class="an-grid"/>'
        f'<text x="{LEFT - 4}" y="{y(v) + 4:.1f}" text-anchor="end" class="an-axis">'
        f'{esc(pct(lang, v))}</text>' for v in (0, .25, .5, .75, 1))
    lines = []
    for p, name in enumerate(names):
        colour, shape = COLOURS[p % len(COLOURS)], SHAPES[p % len(SHAPES)]
        path = " ".join(f"{x(pos):.1f},{y(ch[p]):.1f}" for pos, ch in points)
        dots = "".join(marker(shape, x(pos), y(ch[p]), colour) for pos, ch in points)
        lines.append(f'<g class="an-line"{attrs(data_player=p)}><polyline points="{path}" '
                     f'fill="none" stroke="{colour}" stroke-width="2"/>{dots}</g>')
    cols = []
    for k, (pos, ch) in enumerate(points):
        left = (x(points[k - 1][0]) + x(pos)) / 2 if k else x(pos) - 4
        right = (x(pos) + x(points[k + 1][0])) / 2 if k + 1 < len(points) else x(pos) + 4
        label = _summary(lang, names, pos, ch)
        # The text shows while the column is under the pointer or focused (CSS).
        cols.append(
            f'<g class="an-pt"><rect class="an-col" role="button" tabindex="0"'
            f'{attrs(x=f"{left:.1f}", y=TOP, width=f"{max(right - left, 1):.1f}", height=height, data_cmd="replay-seek", data_to=pos, aria_label=label)}>'
            f'<title>{esc(label)}</title></rect>'
            f'<text class="an-tip" x="{LEFT + 6}" y="{TOP + 14}" aria-hidden="true">{esc(label)}</text></g>')
    cursor = (f'<line class="an-cursor" x1="{x(current):.1f}" x2="{x(current):.1f}" '
              f'y1="{TOP}" y2="{TOP + height}"/>')
    return (f'<svg class="an-chart" viewBox="0 0 {W} {H}" role="group"'
            f'{attrs(aria_label=t(lang, "analysis.chart"))}>{grid}{cursor}{"".join(lines)}'
            f'{"".join(cols)}</svg>')


def legend(names: list[str]) -> str:
    items = "".join(
        f'<li><svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">'
        f'{marker(SHAPES[p % len(SHAPES)], 7, 7, COLOURS[p % len(COLOURS)])}</svg> {esc(name)}</li>'
        for p, name in enumerate(names))
    return f'<ul class="an-legend">{items}</ul>'


def table(lang: str, result: Any) -> str:
    head = "".join(f"<th scope=\"col\">{esc(n)}</th>" for n in result.names)
    rows = "".join(
        f'<tr><th scope="row">{esc(t(lang, "analysis.move", n=pos))}</th>'
        + "".join(f"<td>{esc(pct(lang, c))}</td>" for c in ch) + "</tr>"
        for pos, ch in result.points)
    return (f'<details class="an-table"><summary>{esc(t(lang, "analysis.table"))}</summary>'
            f'<table><thead><tr><th scope="col">{esc(t(lang, "analysis.when"))}</th>{head}</tr>'
            f'</thead><tbody>{rows}</tbody></table></details>')


def moments(lang: str, result: Any, what: Callable[[int], str]) -> str:
    """The key moments, each a button that jumps the replay after that turn. ``what(pos)``:
    what happened in the turn ending at ``pos`` (log text)."""
    items = []
    for pos, p, before, after in result.moments():
        text = t(lang, "analysis.moment", n=pos, what=what(pos), name=result.names[p],
                 before=pct(lang, before), after=pct(lang, after))
        items.append(f'<li><button type="button" class="log-jump"'
                     f'{attrs(data_cmd="replay-seek", data_to=pos)}>{esc(text)}</button></li>')
    if not items:
        return ""
    return (f'<h3 class="panel-title">{esc(t(lang, "analysis.moments"))}</h3>'
            f'<ol class="an-moments">{"".join(items)}</ol>')


def signed(lang: str, chance: float) -> str:
    """A change of chance in points, with its sign: « +12 », « −3 »."""
    n = round(chance * 100)
    return t(lang, "luck.points", n=f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0")


def _points(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


# The rows that add up (issue 42): start + luck + own turns without their losses + the losses
# against the best choices found (the skill) + the others' decisions + the estimate's gap =
# result, each in whole points of win chance as shown, the gap taking the rounding (so the
# shown numbers add up exactly).
SUM_TERMS = ("start", "luck", "turns", "skill", "others", "gap", "result")


def sum_cells(summary: Any) -> dict[str, int]:
    """A player's summands in whole points as shown (``SUM_TERMS``); they add up exactly."""
    start, result = round(summary.initial * 100), round(summary.result * 100)
    cells = {"start": start}
    for name, value in (("luck", summary.luck), ("turns", summary.turns),
                        ("skill", summary.skill), ("others", summary.others_decisions)):
        cells[name] = round(value * 100)
    cells["gap"] = result - sum(cells.values())
    cells["result"] = result
    return cells


def summary_table(lang: str, result: Any) -> str:
    """Luck and skill per player (GNU Backgammon's definitions) as a sum that the table shows
    (``SUM_TERMS``): chance at the start + luck + own turns without their losses + the losses
    against the best choices found (the skill) + the others' decisions + the estimate's gap =
    result; then the decisions reviewed, errors by class and the average loss per decision."""
    summaries = result.summaries()
    cells = [sum_cells(s) for s in summaries]

    def term(name: str) -> Callable[[int], str]:
        if name in ("start", "result"):
            return lambda p: t(lang, "analysis.pct", n=cells[p][name])
        return lambda p: t(lang, "luck.points", n=_points(cells[p][name]))
    rows = [("start", "luck.start", term("start")), ("luck", "luck.luck", term("luck")),
            ("turns", "luck.turns", term("turns")),
            ("skill", "luck.skill", lambda p: term("skill")(p)
             if summaries[p].reviewed else "—"),
            ("others", "luck.others", term("others")), ("gap", "luck.gap", term("gap")),
            ("result", "luck.result", term("result")),
            ("", "luck.reviewed", lambda p: str(summaries[p].reviewed)),
            ("", "luck.errors", lambda p: t(lang, "luck.errors_n",
                                           b=summaries[p].errors["blunder"],
                                           m=summaries[p].errors["mistake"],
                                           i=summaries[p].errors["inaccuracy"])
             if summaries[p].reviewed else "—"),
            ("", "luck.mean_loss", lambda p: t(lang, "luck.loss_n",
                                              n=number(lang, summaries[p].mean_loss, 1))
             if summaries[p].reviewed else "—")]
    head = "".join(f'<th scope="col">{esc(n)}</th>' for n in result.names)
    body = "".join(
        f'<tr{attrs(data_term=name or None)}>'
        f'<th scope="row">{esc(t(lang, key))}</th>'
        + "".join(f"<td>{esc(cell(p))}</td>" for p in range(len(summaries))) + "</tr>"
        for name, key, cell in rows)
    return (f'<h3 class="panel-title">{esc(t(lang, "luck.title"))}</h3>'
            f'<div class="an-summary"><table><thead><tr><td></td>{head}</tr></thead>'
            f'<tbody>{body}</tbody></table></div>'
            f'<p class="an-legend-grades">{esc(t(lang, "luck.sum"))} '
            f'{esc(t(lang, "luck.explain"))}</p>')


def key_lists(lang: str, result: Any, what: Callable[[int, int], str]) -> str:
    """The two lists of key moments: the dice that decided the game and the decisions that
    did, each a button that jumps the replay there. ``what(start, end)``: the log text of
    those actions."""
    dice = []
    for index, p, luck in result.key_dice():
        text = t(lang, "luck.die", n=index + 1, what=what(index, index + 1),
                 name=result.names[p], points=signed(lang, luck))
        dice.append(f'<li><button type="button" class="log-jump"'
                    f'{attrs(data_cmd="replay-seek", data_to=index + 1)}>{esc(text)}</button></li>')
    decisions = []
    for r in result.key_decisions():
        text = t(lang, "luck.decision", n=r.index + 1, what=what(r.index, r.index + 1),
                 name=result.names[r.player], grade=t(lang, f"analysis.grade.{r.grade}"),
                 points=signed(lang, -r.loss / 100.0), best_pct=pct(lang, r.best_chance))
        decisions.append(f'<li><button type="button" class="log-jump"'
                         f'{attrs(data_cmd="replay-seek", data_to=r.index)}>{esc(text)}</button></li>')
    none = f'<p>{esc(t(lang, "luck.none"))}</p>'
    return (f'<h3 class="panel-title">{esc(t(lang, "luck.key_dice"))}</h3>'
            + (f'<ol class="an-moments an-dice">{"".join(dice)}</ol>' if dice else none)
            + f'<h3 class="panel-title">{esc(t(lang, "luck.key_decisions"))}</h3>'
            + (f'<ol class="an-moments an-decisions">{"".join(decisions)}</ol>' if decisions
               else none))


def review_note(lang: str, review: Any, chosen_text: str, best_text: str,
                before: bool = True) -> str:
    """At a reviewed decision (``before``: the board is the one the player saw, the better
    choice is highlighted on it) or just after it (a button goes back to that board)."""
    if not review.grade:
        return ""
    key = "analysis.review" if before else "analysis.review_after"
    text = t(lang, key, grade=t(lang, f"analysis.grade.{review.grade}"), chosen=chosen_text,
             chosen_pct=pct(lang, review.chosen_chance), best=best_text,
             best_pct=pct(lang, review.best_chance))
    back = "" if before else (
        f' <button type="button" class="btn btn-small"{attrs(data_cmd="replay-seek", data_to=review.index)}>'
        f'{esc(t(lang, "analysis.show_better"))}</button>')
    return f'<p class="an-review an-{review.grade}">{esc(text)}{back}</p>'


def log_mark(lang: str, grade: str) -> str:
    """The sign after a reviewed log line (its word for screen readers)."""
    if not grade:
        return ""
    return (f' <span class="an-mark an-{grade}"{attrs(title=t(lang, f"analysis.grade.{grade}"))}>'
            f'<span aria-hidden="true">{MARKS[grade]}</span><span class="visually-hidden">'
            f'{esc(t(lang, f"analysis.grade.{grade}"))}</span></span>')


def coach_mark(lang: str) -> str:
    """"Jouée avec les conseils": a game played with the coach on (link screen, replay)."""
    return f'<p class="coach-mark">{esc(t(lang, "analysis.coached"))}</p>'


def panel(lang: str, job: Any, *, end: int, current: int, what: Callable[[int], str],
          log_text: Callable[[int, int], str] | None = None) -> str:
    """The whole panel: a start button, the progress of a running analysis (with Cancel,
    the curve filling in) or the finished chart, its luck and skill table and key moments.
    ``log_text(start, end)``: the log text of actions (key moments)."""
    title = f'<h2 class="panel-title" id="an-title">{esc(t(lang, "analysis.title"))}</h2>'
    if job is None:
        body = (f'<p>{esc(t(lang, "analysis.intro"))}</p><button type="button" class="btn btn-small"'
                f' data-cmd="analysis-start">{esc(t(lang, "analysis.start"))}</button>')
    elif not job.result.done:
        done, total = job.done_steps, max(job.total, 1)
        body = (f'<p><label for="an-progress">{esc(t(lang, "analysis.running"))}</label> '
                f'<progress id="an-progress"{attrs(max=total, value=done)}>'
                f'{done}/{total}</progress> '
                f'<button type="button" class="btn btn-small" data-cmd="analysis-cancel">'
                f'{esc(t(lang, "analysis.cancel"))}</button></p>')
        if job.result.points:        # the curve fills in as it is computed
            body += legend(job.result.names) + chart(lang, job.result, end, current)
    else:
        result = job.result
        basis = ""
        if get_game(result.game_id).hidden_information:   # say whose cards it knew
            text = t(lang, "analysis.basis_public" if result.hidden else "analysis.basis_open")
            basis = f'<p class="an-basis">{esc(text)}</p>'
        at = [ch for pos, ch in result.points if pos <= current]
        now = (f'<p class="an-now" aria-live="polite">{esc(_summary(lang, result.names, current, at[-1]))}</p>'
               if at else "")
        body = (f'{basis}{legend(result.names)}'
                f'{chart(lang, result, end, current)}{now}{table(lang, result)}'
                f'{summary_table(lang, result)}'
                f'{key_lists(lang, result, log_text) if log_text else moments(lang, result, what)}'
                f'<p class="an-legend-grades">{esc(t(lang, "analysis.grades"))}</p>')
    return f'<section class="analysis" aria-labelledby="an-title">{title}{body}</section>'
