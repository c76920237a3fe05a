"""Wongar's words: the names of things, the status sentence, the log lines and the result.

Every text comes from the i18n catalogues (``wongar.*`` keys); these are plain text (the app
sets them as text). The log never names a ritual card someone draws: only who drew.
"""

from __future__ import annotations

from rituels.engine.actions import verb
from rituels.engine.state import CHANCE
from rituels.viewkit import ViewContext
from rituels.wongar import data as D
from rituels.wongar.rules import WongarState

CEREMONY_STEPS = ("ceremony", "double", "effect")
TOKEN_CARDS = len(D.TOKEN_TYPES)  # card kinds 0..2 are the three token cards


def area_name(ctx: ViewContext, a: int) -> str:
    return ctx.t(f"wongar.area.{D.AREAS[a]}")


def type_name(ctx: ViewContext, t: int, n: int = 1) -> str:
    return ctx.tn(f"wongar.tokens.{D.TOKEN_TYPES[t]}", n)


def of_area(ctx: ViewContext, a: int) -> str:
    """"of <area>" (French elides: "d’Émeu", "de Lézard")."""
    return ctx.t(f"wongar.of.{D.AREAS[a]}")


def card_name(ctx: ViewContext, k: int) -> str:
    return ctx.t(f"wongar.card.{D.CARD_KINDS[k]}")


def ritual_name(ctx: ViewContext, r: int) -> str:
    return ctx.t(f"wongar.ritual.{D.RITUAL_KINDS[r]}")


def chips(ctx: ViewContext, n: int) -> list[str]:
    """Each player's one-character mark (drawn with their colour so colour is never the only
    cue): the name's initial, or the seat number when two initials would clash."""
    initials = [(ctx.name(p).strip()[:1] or "?").upper() for p in range(n)]
    if len(set(initials)) < n:
        return [str(p + 1) for p in range(n)]
    return initials


def in_ceremony(state: WongarState) -> bool:
    return state.phase == "turn" and state.step in CEREMONY_STEPS


def status(state: WongarState, ctx: ViewContext) -> str:
    """One sentence: what the current player must do (or what the table is doing)."""
    if state.phase == "end":
        return result(state, ctx)
    if state.current_player() == CHANCE:
        if state.phase == "setup":
            return ctx.t("wongar.status.setup")
        if state.draws_pending:
            return ctx.tn("wongar.status.draw", state.draws_pending,
                          player=ctx.name(state.drawer))
        return ctx.t("wongar.status.duty", player=ctx.name(state.round_first),
                     of_area=of_area(ctx, state.duty_area()))
    actor = state.actor()
    step = state.step
    words: dict = {}
    key = step
    if step == "option":
        words["type"] = type_name(ctx, state.card_type, 2)
    elif step == "place":
        words.update(n=state.place_left, type=type_name(ctx, state.place_type, state.place_left))
    elif step in CEREMONY_STEPS:
        words.update(area=area_name(ctx, state.cer_area), of_area=of_area(ctx, state.cer_area))
        if step == "effect":
            t = state.effect_type
            words.update(type=type_name(ctx, t), types=type_name(ctx, t, 2),
                         card=ritual_name(ctx, t))
            if state.effect_double:
                key = "effect_double"
                words["n"] = state.effect_left
    elif step not in ("take", "triple", "move_ancestor", "move_elder"):
        return ""
    n = words.pop("n", None)      # with a count, the keys are plural: ".one" / ".other"

    # A person at this screen is spoken to ("À vous : posez un cube…"), anyone else described.
    def say(base: str, **more) -> str:
        name = f"wongar.{base}.{key}"
        return ctx.t(name, **words, **more) if n is None else ctx.tn(name, n, **words, **more)
    if ctx.is_local(actor):
        return ctx.your_turn(actor, say("you"))
    return say("status", player=ctx.name(actor))


def describe(before, action, after, ctx: ViewContext) -> list[str]:
    """The log lines of one action. Hidden cards never appear: a ritual draw says who drew."""
    head = verb(action)
    t = ctx.t
    lines: list[str] = []
    who = before.actor()
    name = ctx.name(who) if who is not None else ""
    if head == "bag":
        if after.phase != "setup" or after.setup_step != "bag":
            lines.append(t("wongar.log.tokens_placed"))
    elif head == "draw":
        if before.phase == "setup":
            if after.setup_step != "deal":
                lines.append(t("wongar.log.dealt", n=D.START_HAND))
        elif action[1] == D.RITUAL_KINDS.index("scorpion"):
            q = before.drawer
            lines.append(_penalty(ctx, "ritual_scorpion", before.scores[q] - after.scores[q],
                                  player=ctx.name(q), time=after.time))
        else:
            lines.append(t("wongar.log.draw", player=ctx.name(before.drawer)))
    elif head == "start":
        lines.append(t("wongar.log.start", player=ctx.name(action[1])))
    elif head == "elderholder":
        lines.append(t("wongar.log.elder", player=ctx.name(action[1])))
    elif head == "up":
        a, q = before.duty_area(), before.round_first
        if D.CARD_KINDS[action[1]] == "scorpion":
            lines.append(_penalty(ctx, "area_scorpion", before.scores[q] - after.scores[q],
                                  area=area_name(ctx, a), player=ctx.name(q), time=after.time))
        else:
            lines.append(t("wongar.log.up", area=area_name(ctx, a), card=card_name(ctx, action[1])))
    elif head == "take":
        a = action[1]
        lines.append(t("wongar.log.take", player=name, card=card_name(ctx, before.face_up[a]),
                       of_area=of_area(ctx, a)))
        if before.face_up[a] < TOKEN_CARDS and after.supply[who] != before.supply[who]:
            lines.append(t("wongar.log.place", player=name, area=area_name(ctx, a),
                           type=type_name(ctx, before.face_up[a])))
    elif head == "opt":
        lines.append(t(f"wongar.log.opt.{action[1]}", player=name,
                       type=type_name(ctx, before.card_type, 2)))
    elif head == "place":
        if after.supply[who] != before.supply[who]:
            lines.append(t("wongar.log.place", player=name, area=area_name(ctx, action[1]),
                           type=type_name(ctx, before.place_type)))
    elif head == "triple":
        lines.append(t("wongar.log.triple", player=name, type=type_name(ctx, action[1], 3)))
    elif head == "move":
        figure = "ancestor" if before.step == "move_ancestor" else "elder"
        lines.append(t(f"wongar.log.move_{figure}", player=name, area=area_name(ctx, action[1])))
    elif head == "play":
        lines.append(t("wongar.log.play", player=name, card=ritual_name(ctx, action[1])))
    elif head == "pass":
        lines.append(t("wongar.log.pass", player=name))
    elif head == "double":
        lines.append(t(f"wongar.log.double_{action[2]}", player=name,
                       type=type_name(ctx, action[1], 2), area=area_name(ctx, before.cer_area),
                       of_area=of_area(ctx, before.cer_area)))
    elif head == "remove":
        lines.append(t("wongar.log.remove", player=name, victim=ctx.name(action[1]),
                       type=type_name(ctx, before.effect_type),
                       area=area_name(ctx, before.cer_area)))
    elif head in ("out", "in"):
        lines.append(t(f"wongar.log.{head}", player=name, type=type_name(ctx, before.effect_type),
                       area=area_name(ctx, action[1]), of_area=of_area(ctx, action[1]),
                       here=area_name(ctx, before.cer_area), of_here=of_area(ctx, before.cer_area)))
    lines += _consequences(before, action, after, ctx)
    return lines


def _penalty(ctx: ViewContext, key: str, lost: int, **params) -> str:
    """A scorpion's log line; losing nothing (nobody behind) gets its own wording."""
    if lost == 0:
        return ctx.t(f"wongar.log.{key}.none", **params)
    return ctx.tn(f"wongar.log.{key}", lost, **params)


def _consequences(before, action, after, ctx: ViewContext) -> list[str]:
    """What followed by itself: a ceremony opening, its scoring, the end coming, a new round."""
    t = ctx.t
    lines = []
    # A ceremony opens with a figure's move or an ancestor/elder card; when nobody can play a
    # ritual card it is over (scored) within the same action.
    started = not in_ceremony(before) and (
        in_ceremony(after) or (after.last_ceremony is not None
                                and verb(action) in ("move", "take")
                                and (verb(action) == "move" or before.face_up[action[1]]
                                     == D.CARD_KINDS.index("ancestor_elder"))))
    if started:
        a, kind = (after.cer_area, after.cer_kind) if in_ceremony(after) else after.last_ceremony
        n, first = after.num_players, before.actor()
        players = [q for q in ((first + i) % n for i in range(n)) if any(after.tokens[a][q])]
        names = ", ".join(ctx.name(q) for q in players)
        lines.append(t("wongar.log.ceremony", area=area_name(ctx, a), card=card_name(ctx, kind),
                       players=names or t("wongar.nobody")))
    for q, a in after.auto_passed:  # decided by nobody: said, so nobody wonders where they went
        lines.append(t("wongar.log.auto_pass", player=ctx.name(q), area=area_name(ctx, a)))
    if (started or in_ceremony(before)) and not in_ceremony(after):
        a = after.last_ceremony[0]
        for ty, p, pts in after.last_scoring:
            lines.append(ctx.tn("wongar.log.score", pts, player=ctx.name(p),
                                type=type_name(ctx, ty, 2), area=area_name(ctx, a)))
        if not after.last_scoring:
            lines.append(t("wongar.log.score_none", area=area_name(ctx, a)))
    if after.end_triggered and not before.end_triggered:
        lines.append(t(f"wongar.log.end_{after.end_triggered}"))
    if after.round > before.round and before.round > 0:
        lines.append(t("wongar.log.round", n=after.round, player=ctx.name(after.round_first)))
    if after.phase == "end" and before.phase != "end":
        for p in range(after.num_players):
            if after.bonus[p]:
                lines.append(t("wongar.log.bonus", player=ctx.name(p), n=after.bonus[p]))
        lines.append(result(after, ctx))
    return lines


def result(state: WongarState, ctx: ViewContext) -> str:
    """The end-of-game sentence (scores include the 8-point bonuses)."""
    won = state.winners()
    if not won:
        return ""
    scores = ", ".join(f"{ctx.name(p)} {state.scores[p]}"
                       for p in sorted(range(state.num_players), key=lambda q: -state.scores[q]))
    if len(won) == 1:
        return ctx.t("wongar.result.one", player=ctx.name(won[0]), points=state.scores[won[0]],
                     scores=scores)
    return ctx.t("wongar.result.tie", players=ctx.t("wongar.and").join(ctx.name(p) for p in won),
                 points=state.scores[won[0]], scores=scores)


def last_turn(player: int, steps, ctx: ViewContext) -> str:
    """The status line's summary of an opponent's turn: what they took, placed, played
    (app/lastturn.py)."""
    t = ctx.t
    parts = []
    for before, action, after in steps:
        head, who = verb(action), before.actor()
        if head == "take":
            a = action[1]
            parts.append(t("table.wo.take", card=card_name(ctx, before.face_up[a]),
                           area=area_name(ctx, a)))
            if before.face_up[a] < TOKEN_CARDS and after.supply[who] != before.supply[who]:
                parts.append(t("table.wo.place", type=type_name(ctx, before.face_up[a]),
                               area=area_name(ctx, a)))
        elif head == "place" and after.supply[who] != before.supply[who]:
            parts.append(t("table.wo.place", type=type_name(ctx, before.place_type),
                           area=area_name(ctx, action[1])))
        elif head == "play":
            parts.append(t("table.wo.play", card=ritual_name(ctx, action[1])))
        elif head == "move":
            figure = "ancestor" if before.step == "move_ancestor" else "elder"
            parts.append(t(f"table.wo.move_{figure}", area=area_name(ctx, action[1])))
        elif head == "pass":
            parts.append(t("table.wo.pass"))
    if not parts:
        return ""
    return t("table.last", name=ctx.name(player), text=", ".join(parts))
