"""Cthulhu Dice views: the table (SVG + HTML), status, log lines, result, help, thumbnail.

Pure functions of the state (docs/architecture.md "Views"). Seats sit around a circle in turn
order; Cthulhu (his pool, or himself in the variant) and the die are in the centre. With
``ctx.interactive`` exactly the legal actions are clickable: victims and gift recipients are
seats (plus a row of buttons, easier on a phone), the Eye's four results are buttons.
Styles: web/games/cthulhu_dice.css (the SVG also carries its essential paint as attributes).
"""

from __future__ import annotations

import math

from rituels.cthulhu_dice import help as _help
from rituels.cthulhu_dice.pictures import (
    CTHULHU_GREEN, INK, cthulhu_head, die, face_icon, token, token_grid,
)
from rituels.cthulhu_dice.rules import (
    CTHULHU, CTHULHU_FACE, END_CTHULHU, END_LAST, END_TARGET, END_TEAM, EYE, EYE_CHOICES,
    EYE_PICK, GIFT, OVER, ROLL, TENTACLE, VICTIM, CthulhuDiceState,
)
from rituels.viewkit import ViewContext, attrs, esc, ranked, standings_table

SIZE = 400
CENTRE = SIZE / 2
RING = 148                      # radius of the circle of seats
SEAT_W, SEAT_H = 100, 66
# Text sizes in the table's units: the table is ~345 CSS px wide on a 375 px phone (0.84 px
# per unit), so 13.5 units stay at 11 CSS px or more.
FONT, SMALL_FONT = 15, 13.5
NAME_CHARS = 10                 # names fitting a seat at the normal size
LONG_NAME_CHARS = 13            # ... at a smaller size; longer ones are cut (full in labels)
# One colour per player (a player's seats share it); names and badges carry the meaning.
PLAYER_COLOURS = ("#d9534f", "#4a90d9", "#e0a526", "#5cb85c", "#a66bd3", "#e37faa",
                  "#3bbfb0", "#c98b4a")
MAD_GREY = "#7b7b7b"
BADGE_CHAR_W = 9.6              # a bold capital's mean width at SMALL_FONT (Chromium, serif)


# --- names ----------------------------------------------------------------------------------
def seat_name(state: CthulhuDiceState, ctx: ViewContext, seat: int) -> str:
    """The seat's display name: the player's name, numbered when they play several seats."""
    if seat == CTHULHU:
        return ctx.t("cthulhu.name")
    player = state.owner[seat]
    mine = state.seats_of(player)
    if len(mine) == 1:
        return ctx.name(player)
    return ctx.t("cthulhu.seat.numbered", name=ctx.name(player), k=mine.index(seat) + 1)


def _fit(name: str) -> tuple[str, int]:
    """The name as shown in a seat and its font size: smaller for long names, then cut."""
    if len(name) <= NAME_CHARS:
        return name, FONT
    if len(name) <= LONG_NAME_CHARS:
        return name, SMALL_FONT
    return name[: LONG_NAME_CHARS - 1] + "…", SMALL_FONT


def _face_name(ctx: ViewContext, letter: str) -> str:
    return ctx.t(f"cthulhu.face.{letter}")


def _seat_of_action(action: tuple) -> int:
    """The seat (or CTHULHU) a victim or gift action names."""
    return action[1]


# --- the table ------------------------------------------------------------------------------
def seat_centre(index: int, count: int) -> tuple[float, float]:
    """Seats clockwise from the top, in turn order."""
    angle = -math.pi / 2 + 2 * math.pi * index / count
    return CENTRE + RING * math.cos(angle), CENTRE + RING * math.sin(angle)


def _clickables(state: CthulhuDiceState, ctx: ViewContext) -> dict[int, tuple[str, str]]:
    """Seat (or CTHULHU) -> (notation, verb) for the legal choices a local human can click."""
    if not ctx.interactive or state.phase not in (VICTIM, GIFT):
        return {}
    verb = ctx.t("cthulhu.verb.victim" if state.phase == VICTIM else "cthulhu.verb.gift")
    return {_seat_of_action(a): (state.action_to_str(a), verb) for a in state.legal_actions()}


def _pick_attrs(pick: tuple[str, str] | None, visible: list[str], full_name: str = "") -> str:
    """A clickable element's attributes. Its accessible name starts with its visible text
    (WCAG "label in name"), then says what a click does (and the full name if shortened)."""
    if not pick:
        return ""
    notation, verb = pick
    label = " ".join(v for v in visible if v) + " — " + verb
    if full_name:
        label += f" ({full_name})"
    return attrs(data_action=notation, role="button", tabindex="0", aria_label=label)


def _seat(state: CthulhuDiceState, ctx: ViewContext, seat: int,
          pick: tuple[str, str] | None) -> str:
    cx, cy = seat_centre(seat, state.num_seats)
    x0, y0 = cx - SEAT_W / 2, cy - SEAT_H / 2
    n = state.tokens[seat]
    mad = n == 0
    name = seat_name(state, ctx, seat)
    colour = MAD_GREY if mad else PLAYER_COLOURS[state.owner[seat] % len(PLAYER_COLOURS)]
    # A player with several places: the name alone in the seat (« Nyarlathotep (2) » was cut
    # on a phone) and the place's number in a disc of the player's colour on its corner.
    mine = state.seats_of(state.owner[seat])
    place = mine.index(seat) + 1 if len(mine) > 1 else 0
    classes = ["cd-seat"]
    role_tag = ""
    in_turn = state.phase not in (VICTIM, OVER)
    if seat == state.caster and state.phase != OVER:
        classes.append("cd-caster")
        role_tag = ctx.t("cthulhu.tag.caster")
    elif in_turn and seat == state.victim:
        classes.append("cd-victim")
        role_tag = ctx.t("cthulhu.tag.victim")
    if mad:
        classes.append("cd-mad")
    if pick:
        classes.append("cd-pick")
    if seat in state.win_seats:
        classes.append("cd-winner")
    if seat in touched(state):
        classes.append("last-move")
    described = ctx.tn("cthulhu.seat.tokens", n, name=name) + (
        " — " + ctx.t("cthulhu.mad") if mad else "")
    shown, font = _fit(ctx.name(state.owner[seat]) if place else name)
    count = ctx.tn("cthulhu.count", n)
    badge = ctx.t("cthulhu.mad").upper() if mad else ""
    place_text = ctx.t("cthulhu.seat.place", k=place) if place else ""
    cut = shown not in (name, ctx.name(state.owner[seat]))
    pick_attrs = _pick_attrs(pick, [shown, place_text, badge, count, role_tag],
                             name if cut else "")
    if not pick and ctx.interactive:   # a tap still answers: why it does nothing (whynot.py)
        pick_attrs = attrs(data_why=f"seat:{seat}")
    # Mad seats: grey, dashed and badged (never colour alone).
    frame = attrs(fill="#3a3a3a" if mad else "#2b2733", stroke=colour, stroke_width=3,
                  stroke_dasharray="5 4" if mad else None)
    out = [f'<g{attrs(id=f"cd-seat-{seat}", class_=" ".join(classes))}{pick_attrs}>',
           f"<title>{esc(described)}</title>",
           f'<rect class="cd-frame" x="{x0:.1f}" y="{y0:.1f}" width="{SEAT_W}" height="{SEAT_H}" '
           f'rx="9"{frame}/>']
    # Shapes first, then all the words in one <text>: assistive tools then read them as
    # separate words, in the order of the clickable seat's label.
    lines = [_tspan(cx, y0 + 20, shown, 'class="cd-name" fill="#f3efe6" '
                    f'font-size="{font}"')]
    if place:
        bx, by = x0 + SEAT_W - 3, y0 + 3
        out.append(f'<circle class="cd-place" cx="{bx:.1f}" cy="{by:.1f}" r="10.5" '
                   f'fill="{colour}" stroke="#1d1a16" stroke-width="1.5"/>')
        lines.append(_tspan(bx, by + 5, str(place),
                            f'fill="#1d1a16" font-size="{SMALL_FONT}" font-weight="bold"'))
    if mad:
        # as wide as its word (German « WAHNSINNIG » ran out of a 54-unit badge), within the
        # seat; a longer word is narrowed to it
        text_w = BADGE_CHAR_W * len(badge)
        badge_w = min(SEAT_W - 8, max(54.0, text_w + 14))
        fit = (f' textLength="{badge_w - 10:.0f}" lengthAdjust="spacingAndGlyphs"'
               if text_w > badge_w - 10 else "")
        out.append(f'<rect class="cd-badge" x="{cx - badge_w / 2:.1f}" y="{y0 + 25:.1f}" '
                   f'width="{badge_w:.0f}" height="19" rx="9" fill="#1a1a1a" stroke="#e05a4f" '
                   f'stroke-width="1.5"/>')
        lines.append(_tspan(cx, y0 + 39.5, badge,
                            f'fill="#ffb3ad" font-size="{SMALL_FONT}" font-weight="bold"{fit}'))
    else:
        out.append(f'<g class="cd-tokens">{token_grid(n, cx, y0 + 27, 6, 12, 4)}</g>')
    lines.append(_tspan(cx, y0 + 61, count, 'class="cd-count" fill="#f3efe6" '
                        f'font-size="{FONT}" font-weight="bold"'))
    if role_tag:   # a pill outside the frame, never over the name nor the die's words:
        # above a seat of the table's upper half, below one of its lower half
        width = 14 + 8 * len(role_tag)
        top = y0 - 23 if cy <= CENTRE else y0 + SEAT_H + 4
        out.append(f'<rect class="cd-tag" x="{cx - width / 2:.1f}" y="{top:.1f}" '
                   f'width="{width:.1f}" height="19" rx="9.5" fill="#f6d77a"/>')
        lines.append(_tspan(cx, top + 14.5, role_tag,
                            f'fill="#1d1a16" font-size="{SMALL_FONT}" font-weight="bold"'))
    out.append(f'<text text-anchor="middle">{" ".join(lines)}</text></g>')
    return "".join(out)


def touched(state: CthulhuDiceState) -> set[int]:
    """The seats (CTHULHU for the centre) the last move changed: the victim chosen, or the
    seats a token left or reached. They carry the class ``last-move`` until the next move."""
    out: set[int] = set()
    for e in state.events:
        if e[0] == "victim":
            out.add(e[2])
        elif e[0] == "move":
            out.update(e[1:3])
    return out


def _tspan(x: float, y: float, text: str, paint: str) -> str:
    return f'<tspan x="{x:.1f}" y="{y:.1f}" {paint}>{esc(text)}</tspan>'


def _centre(state: CthulhuDiceState, ctx: ViewContext, pick: tuple[str, str] | None) -> str:
    """Cthulhu with his tokens, and the die showing the last roll."""
    name = ctx.t("cthulhu.name")
    label = ctx.tn("cthulhu.pool.tokens", state.pool, name=name)
    classes = ["cd-cthulhu"]
    if pick:
        classes.append("cd-pick")
    if state.variant and state.phase not in (VICTIM, OVER) and state.victim == CTHULHU:
        classes.append("cd-victim")
    if CTHULHU in touched(state):
        classes.append("last-move")
    shield = ctx.t("cthulhu.shielded") if state.variant and state.shielded() else ""
    out = [f'<g{attrs(id="cd-cthulhu", class_=" ".join(classes))}'
           f'{_pick_attrs(pick, [label, shield]) or attrs(data_why=ctx.interactive and "cthulhu")}>',
           f"<title>{esc(label)}</title>",
           f'<circle class="cd-frame" cx="{CENTRE}" cy="{CENTRE - 35}" r="58" fill="#173026" '
           f'stroke="{CTHULHU_GREEN}" stroke-width="2"/>',
           cthulhu_head(CENTRE, CENTRE - 72, 38),
           f'<g class="cd-tokens">{token_grid(state.pool, CENTRE, CENTRE - 50, 8, 24, 4)}</g>',
           '<text text-anchor="middle" font-weight="bold">'
           + _tspan(CENTRE, CENTRE - 4, label, f'fill="#f3efe6" font-size="{FONT}"')
           + (" " + _tspan(CENTRE, CENTRE - 98, shield, 'class="cd-shield" fill="#9fd3ea" '
                           f'font-size="{SMALL_FONT}"') if shield else "")
           + "</text></g>"]
    # The die: animated only right after a roll (the last action), never in replays.
    rolled = bool(state.events) and state.events[0][0] == "roll"
    cls = "cd-die cd-rolling" if rolled and ctx.animate else "cd-die"
    if state.phase == ROLL and not rolled:
        # A roll to come, not just made: a blank die that says whose it is (the last
        # turn's face would read as this one's).
        roller = state.victim if state.counter else state.caster
        out.append(f'<g class="cd-die-tip"><title>{esc(ctx.t("lessons.tip.cd.die"))}</title>'
                   f'{die("", CENTRE, CENTRE + 55, 54, "cd-die cd-die-next")}</g>')
        caption = ctx.t("table.cthulhu.to_roll", name=seat_name(state, ctx, roller))
        out.append(f'<text x="{CENTRE}" y="{CENTRE + 99}" fill="#f3efe6" '
                   f'font-size="{SMALL_FONT}" text-anchor="middle" class="cd-die-caption">'
                   f'{esc(caption)}</text>')
        return "".join(out)
    # Its tooltip (and description for screen readers): the face and what it does.
    # (Cthulhu's own roll in the variant: his faces act otherwise, so only the face's name.)
    tip = (_face_name(ctx, state.last_face) if state.last_roller == CTHULHU and state.last_face
           else ctx.t(f"lessons.tip.cd.{state.last_face or 'die'}"))
    out.append(f'<g class="cd-die-tip"><title>{esc(tip)}</title>'
               f'{die(state.last_face, CENTRE, CENTRE + 55, 54, cls)}</g>')
    if state.last_face:
        caption = ctx.t("cthulhu.die.caption", face=_face_name(ctx, state.last_face),
                        name=seat_name(state, ctx, state.last_roller))
        out.append(f'<text x="{CENTRE}" y="{CENTRE + 99}" fill="#f3efe6" '
                   f'font-size="{SMALL_FONT}" text-anchor="middle" class="cd-die-caption">'
                   f'{esc(caption)}</text>')
    return "".join(out)


def _duel_line(state: CthulhuDiceState) -> str:
    """A dashed line from the caster to the victim while the turn is being played."""
    if state.phase in (VICTIM, OVER) or state.victim is None:
        return ""
    x1, y1 = seat_centre(state.caster, state.num_seats)
    x2, y2 = ((CENTRE, CENTRE - 35) if state.victim == CTHULHU
              else seat_centre(state.victim, state.num_seats))
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" class="cd-duel" '
            f'stroke="#f6d77a" stroke-width="3" stroke-dasharray="7 6" opacity="0.8"/>')


def _buttons(state: CthulhuDiceState, ctx: ViewContext) -> str:
    """The HTML choices under the table for a local human: the Eye, or seats as buttons."""
    if not ctx.interactive:
        return ""
    phase = state.phase
    if phase == EYE_PICK:
        items = "".join(_eye_button(state, ctx, a) for a in EYE_CHOICES)
        title = ctx.t("cthulhu.eye.prompt")
    elif phase in (VICTIM, GIFT):
        key = "cthulhu.pick.victim" if phase == VICTIM else "cthulhu.pick.gift"
        items = "".join(
            _button(state.action_to_str(a),
                    esc(ctx.t(key, name=seat_name(state, ctx, _seat_of_action(a)))))
            for a in state.legal_actions())
        title = ctx.t("cthulhu.victim.prompt" if phase == VICTIM else "cthulhu.gift.prompt")
    else:
        return ""
    return (f'<div class="cd-choices" role="group"{attrs(aria_label=title)}>'
            f'<p class="cd-choices-title">{esc(title)}</p>{items}</div>')


def _button(notation: str, inner: str, cls: str = "cd-choice", label: str | None = None) -> str:
    return (f'<button type="button"{attrs(class_=cls, data_action=notation, aria_label=label)}>'
            f'{inner}</button>')


def _eye_button(state: CthulhuDiceState, ctx: ViewContext, action: tuple) -> str:
    """One of the Eye's results, with what it would do here under its name."""
    letter = action[1]                      # ("eye", face)
    face, effect = _face_name(ctx, letter), preview(state, ctx, action)
    inner = (f'{face_icon(letter, 36)}<span class="cd-eye-text"><strong>{esc(face)}</strong>'
             f'<span class="cd-preview">{esc(effect)}</span></span>')
    return _button(state.action_to_str(action), inner, "cd-choice cd-eye",
                   ctx.t("cthulhu.eye.choice", face=face, effect=effect))


def _goals(state: CthulhuDiceState, ctx: ViewContext) -> str:
    """The variant's victory conditions in force (they are set-up options)."""
    if not state.variant:
        return ""
    goals = [ctx.t("cthulhu.goal.cthulhu")]
    if state.win_drain:
        goals.append(ctx.t("cthulhu.goal.drain"))
    if state.win_target:
        goals.append(ctx.t("cthulhu.goal.target", n=state.target))
    if state.win_last:
        goals.append(ctx.t("cthulhu.goal.last"))
    return (f'<p class="cd-goals">{esc(ctx.t("cthulhu.goal.title"))} '
            f'{esc(" · ".join(goals))}</p>')


def _places(state: CthulhuDiceState, ctx: ViewContext) -> str:
    """With two people (or three, two places each), what the numbered seats are."""
    most = max(len(state.seats_of(p)) for p in set(state.owner))
    if most < 2:
        return ""
    return f'<p class="cd-goals cd-places">{esc(ctx.t("cthulhu.places.note", n=most))}</p>'


def render(state: CthulhuDiceState, ctx: ViewContext) -> str:
    picks = _clickables(state, ctx)
    seats = "".join(_seat(state, ctx, s, picks.get(s)) for s in range(state.num_seats))
    title = ctx.t("cthulhu.table.label")
    svg = (f'<svg class="cd-table" viewBox="-6 -8 {SIZE + 12} {SIZE + 14}" role="group"'
           f'{attrs(aria_label=title)} xmlns="http://www.w3.org/2000/svg" '
           f'font-family="Georgia, serif">'
           f'<ellipse cx="{CENTRE}" cy="{CENTRE}" rx="{RING + 10}" ry="{RING + 10}" '
           f'fill="#1e3b2f" stroke="#10261d" stroke-width="6"/>'
           f'{_duel_line(state)}{_centre(state, ctx, picks.get(CTHULHU))}{seats}</svg>')
    return (f'<div class="cd">{svg}{_buttons(state, ctx)}{_places(state, ctx)}'
            f'{_goals(state, ctx)}</div>')


# --- sentences ------------------------------------------------------------------------------
def _prompt(state: CthulhuDiceState, ctx: ViewContext) -> str:
    """What the person at the screen must do now, in the second person (no subject)."""
    phase = state.phase
    if phase == VICTIM:
        return ctx.t("cthulhu.prompt.victim")
    target = seat_name(state, ctx, state.rolling_target())
    if phase == ROLL:
        return ctx.t("cthulhu.prompt.counter" if state.counter else "cthulhu.prompt.roll",
                     target=target)
    if phase == EYE_PICK:
        return ctx.t("cthulhu.prompt.eye")
    return ctx.t("cthulhu.prompt.gift", target=seat_name(state, ctx, state.gift_from))


def status(state: CthulhuDiceState, ctx: ViewContext) -> str:
    phase = state.phase
    if phase == OVER:
        return result(state, ctx)
    seat = state.caster if phase == VICTIM else state.roller
    player = None if seat == CTHULHU else state.owner[seat]
    if ctx.is_local(player):
        # "À vous : …"; a person with two seats is told which one acts.
        name = seat_name(state, ctx, seat) if len(state.seats_of(player)) > 1 else None
        return ctx.your_turn(player, _prompt(state, ctx), name)
    # Someone else (a bot, or anyone in a replay): what is awaited, in the third person.
    if phase == VICTIM:
        return ctx.t("cthulhu.status.victim.wait", name=seat_name(state, ctx, state.caster))
    roller = seat_name(state, ctx, state.roller)
    target = seat_name(state, ctx, state.rolling_target())
    if phase == ROLL:
        key = "cthulhu.status.counter" if state.counter else "cthulhu.status.roll"
        return ctx.t(key, name=roller, target=target)
    if phase == EYE_PICK:
        return ctx.t("cthulhu.status.eye.wait", name=roller)
    return ctx.t("cthulhu.status.gift.wait", name=roller,
                 target=seat_name(state, ctx, state.gift_from))


def preview(state: CthulhuDiceState, ctx: ViewContext, action: tuple) -> str:
    """What choosing this Eye result would do here, said to the roller ("Dagon vous prend
    1 jeton"): the choice is played on a copy and its events are worded."""
    after = state.clone()
    after.apply(action)
    me = state.roller
    losers = [e[1] for e in after.events if e[0] == "move" and e[2] == CTHULHU]
    clauses: list[str] = []
    if action[1] == CTHULHU_FACE and len(losers) > 1:
        clauses.append(ctx.t("cthulhu.pre.all_you" if me in losers else "cthulhu.pre.all"))
    for e in after.events:
        if e[0] == "move" and not (action[1] == CTHULHU_FACE and len(losers) > 1):
            clauses.append(_move_clause(after, ctx, e[1], e[2], me))
        elif e[0] in ("mad", "sane"):
            key = f"cthulhu.pre.{e[0]}" + ("_you" if e[1] == me else "")
            clauses.append(ctx.t(key, name=seat_name(after, ctx, e[1])))
    if after.phase == GIFT:
        clauses.append(ctx.t("cthulhu.pre.gift", victim=seat_name(after, ctx, after.gift_from)))
    return ", ".join(clauses) or ctx.t("cthulhu.pre.nothing")


def _move_clause(state: CthulhuDiceState, ctx: ViewContext, src: int, dst: int,
                 me: int) -> str:
    if dst == CTHULHU:
        return ctx.t("cthulhu.pre.lose_you") if src == me else ctx.t(
            "cthulhu.pre.lose", name=seat_name(state, ctx, src))
    if src == CTHULHU:
        return ctx.t("cthulhu.pre.gain_you") if dst == me else ctx.t(
            "cthulhu.pre.gain", name=seat_name(state, ctx, dst))
    if dst == me:
        return ctx.t("cthulhu.pre.take_you", victim=seat_name(state, ctx, src))
    if src == me:
        return ctx.t("cthulhu.pre.taken_you", name=seat_name(state, ctx, dst))
    return ctx.t("cthulhu.pre.take", name=seat_name(state, ctx, dst),
                 victim=seat_name(state, ctx, src))


def roll_label(state: CthulhuDiceState, ctx: ViewContext) -> str:
    """The text of the app's roll button (asked at chance nodes only)."""
    if state.phase != ROLL:
        return ""
    key = "cthulhu.roll.counter" if state.counter else "cthulhu.roll.cast"
    return ctx.t(key, target=seat_name(state, ctx, state.rolling_target()))


def _effects(state: CthulhuDiceState, ctx: ViewContext, face: str) -> list[str]:
    """The token moves and other consequences of one result, as clauses."""
    events = state.events
    losses = [e for e in events if e[0] == "move" and e[2] == CTHULHU and e[1] != CTHULHU]
    if face == CTHULHU_FACE and len(losses) > 1:
        return [ctx.t("cthulhu.fx.all")]
    out = []
    for e in events:
        kind = e[0]
        if kind == "move":
            src, dst = (seat_name(state, ctx, s) for s in e[1:3])
            if e[2] == CTHULHU:
                out.append(ctx.t("cthulhu.fx.lose", name=src))
            elif e[1] == CTHULHU:
                out.append(ctx.t("cthulhu.fx.take_cthulhu", name=dst))
            elif face == TENTACLE:
                out.append(ctx.t("cthulhu.fx.take", name=dst, victim=src))
            else:
                out.append(ctx.t("cthulhu.fx.give", name=src, to=dst))
        elif kind in ("nothing", "reroll", "shield"):
            out.append(ctx.t(f"cthulhu.fx.{kind}"))
    return out


def describe(before: CthulhuDiceState, action: tuple, after: CthulhuDiceState,
             ctx: ViewContext) -> list[str]:
    events = after.events
    if not events:
        return []
    head = events[0]
    lines: list[str] = []
    if head[0] == "victim":
        lines.append(ctx.t("cthulhu.log.victim", name=seat_name(after, ctx, head[1]),
                           victim=seat_name(after, ctx, head[2])))
    elif head[0] in ("roll", "eye"):
        face = head[-1]
        roller = seat_name(after, ctx, head[1])
        if head[0] == "roll":
            key = "cthulhu.log.counter" if before.counter else "cthulhu.log.roll"
            line = ctx.t(key, name=roller, target=seat_name(after, ctx, head[2]),
                         face=_face_name(ctx, face))
        else:
            line = ctx.t("cthulhu.log.eye", name=roller, face=_face_name(ctx, face))
        effects = _effects(after, ctx, face)
        if head[0] == "roll" and face == EYE and head[1] != CTHULHU:
            effects = [ctx.t("cthulhu.fx.eye", name=roller)]
        elif after.phase == GIFT:
            effects = [ctx.t("cthulhu.fx.gift", name=roller)]
        # A full stop, so lines read apart when shown together (the replay joins them).
        lines.append(line + (" — " + ", ".join(effects) if effects else "") + ".")
    else:  # a gift: the first event is the move
        src, dst = (seat_name(after, ctx, s) for s in head[1:3])
        lines.append(ctx.t("cthulhu.log.gift", name=seat_name(after, ctx, before.roller),
                           victim=src, to=dst))
    for e in events:
        if e[0] in ("mad", "sane"):
            lines.append(ctx.t(f"cthulhu.log.{e[0]}", name=seat_name(after, ctx, e[1])))
        elif e[0] == "end":
            lines.append(result(after, ctx))
    return lines


def result(state: CthulhuDiceState, ctx: ViewContext) -> str:
    end = state.end
    if end == END_CTHULHU:
        return ctx.t("cthulhu.result.cthulhu")
    if end == END_TEAM:
        return ctx.t("cthulhu.result.team")
    won = state.winners()
    names = ctx.name(won[0]) if len(won) == 1 else ctx.t("cthulhu.and").join(
        ctx.name(p) for p in won)
    if end == END_TARGET:
        return ctx.tn("cthulhu.result.target", len(state.winners()), names=names,
                      target=state.target)
    if end == END_LAST:
        return ctx.t("cthulhu.result.last", names=names)
    return ""


def standings(state: CthulhuDiceState, ctx: ViewContext) -> str:
    """The end table: every seat (and Cthulhu when he wins) with rank, tokens and sanity.
    Winners first; the others by tokens; equal tokens share a rank."""
    rows = [(seat in state.win_seats, state.tokens[seat], seat_name(state, ctx, seat))
            for seat in range(state.num_seats)]
    if state.end == END_CTHULHU:
        rows.append((True, state.pool, ctx.t("cthulhu.name")))
    # Winners share the first rank whatever their tokens.
    score = [(won, 0 if won else tokens) for won, tokens, _ in rows]
    cells = []
    for rank, i in ranked(score):
        won, tokens, name = rows[i]
        sanity = ("" if name == ctx.t("cthulhu.name")
                  else ctx.t("cthulhu.end.sane") if tokens else ctx.t("cthulhu.end.mad"))
        cells.append(f'<tr{attrs(class_="cd-won" if won else None)}><td>{rank}</td>'
                     f'<th scope="row">{esc(name)}</th><td>{tokens}</td>'
                     f'<td>{esc(sanity)}</td></tr>')
    heads = [ctx.t(f"cthulhu.end.{k}") for k in ("rank", "player", "tokens", "state")]
    return standings_table("cd-standings", ctx.t("cthulhu.end.caption"), heads, cells)


def help_page(ctx: ViewContext) -> str:
    return _help.page(ctx)


def thumbnail() -> str:
    """The home screen's picture: the die showing Cthulhu, between sanity tokens."""
    tokens = "".join(token(x, y, 6) for x, y in ((16, 20), (16, 44), (104, 20), (104, 44),
                                                   (16, 68), (104, 68)))
    return (f'<svg viewBox="0 0 120 90" class="cd-thumb" aria-hidden="true" '
            f'xmlns="http://www.w3.org/2000/svg"><rect width="120" height="90" rx="10" '
            f'fill="#1e3b2f"/>{tokens}{die(CTHULHU_FACE, 60, 45, 58, "cd-thumb-die")}'
            f'<rect width="120" height="90" rx="10" fill="none" stroke="{INK}" '
            f'stroke-width="2"/></svg>')


def last_turn(player: int, steps, ctx: ViewContext) -> str:
    """The status line's summary of an opponent's turn: whom they attacked and what the
    dice said, « Bruno : attaque Ada : Tentacule, Ada riposte : Œil » (app/lastturn.py)."""
    parts, pending = [], False
    for before, _, after in steps:
        for e in after.events[:1]:
            if e[0] == "victim":     # until the roll says what came of it
                parts.append(ctx.t("table.cd.attack", victim=seat_name(after, ctx, e[2])))
                pending = True
            elif e[0] == "roll" and before.counter:
                parts.append(ctx.t("table.cd.counter", name=seat_name(after, ctx, e[1]),
                                   face=_face_name(ctx, e[-1])))
            elif e[0] == "roll":
                if pending:
                    parts.pop()
                    pending = False
                parts.append(ctx.t("table.cd.roll", victim=seat_name(after, ctx, e[2]),
                                   face=_face_name(ctx, e[-1])))
            elif e[0] == "eye":
                parts.append(ctx.t("table.cd.eye", face=_face_name(ctx, e[-1])))
    if not parts:
        return ""
    return ctx.t("table.last", name=ctx.name(player), text=", ".join(parts))
