"""The panels beside the map: the prompt, the viewer's hand, the ceremony, the last scoring,
the players, the ritual deck and the final scores.

Private information: only ``ctx.viewer``'s hand and taken cards are rendered; everybody else
is shown by counts.
"""

from __future__ import annotations

from rituels.viewkit import ViewContext, attrs, esc, part, ranked, standings_table
from rituels.wongar import data as D
from rituels.wongar import pictures as pic
from rituels.wongar.clicks import Clicks
from rituels.wongar.rules import WongarState
from rituels.wongar.words import (area_name, card_name, chips, in_ceremony, ritual_name,
                                  type_name)


def _stat(picture: str, label: str, value: object) -> str:
    """A labelled little picture followed by a number (or a word)."""
    return f'<span class="wg-stat">{pic.icon(picture, label)}{esc(value)}</span>'


def _ritual_icon(kind: str | None) -> str:
    return pic.ritual_card(kind, 7, 2, 26, 36)


def _area_card_icon(kind: str | None) -> str:
    return pic.area_card(kind, 4, 1, 32, 38)


def _section(css: str, title: str, body: str, extra: str = "") -> str:
    return (f'<section class="wg-panel {css}"{extra}><h2 class="wg-h">{esc(title)}</h2>'
            f'{body}</section>')


def _holds(state: WongarState, p: int, ctx: ViewContext) -> str:
    """The boomerang, ancestor and elder this player holds."""
    out = []
    if state.start_player == p:
        out.append(pic.icon(pic.boomerang(0, 0, 40), ctx.t("wongar.hold.boomerang")))
    if state.ancestor_holder == p:
        out.append(pic.icon(pic.figure("ancestor", 20, 40, 40), ctx.t("wongar.hold.ancestor")))
    if state.elder_holder == p:
        out.append(pic.icon(pic.figure("elder", 20, 40, 40), ctx.t("wongar.hold.elder")))
    return f'<span class="wg-holds">{"".join(out)}</span>'


def players_panel(state: WongarState, ctx: ViewContext) -> str:
    """Everyone's public side: score (with a bar), held pieces, supply, hand and card counts."""
    marks = chips(ctx, state.num_players)
    actor = state.actor()
    if actor is None and state.draws_pending:
        actor = state.drawer
    top = max(max(state.scores), 1)
    items = []
    for p in range(state.num_players):
        supply = "".join(_stat(pic.token(kind, 20, 20, 30, pic.PLAYER_FILL[p]),
                               type_name(ctx, t, 2), state.supply[p][t])
                         for t, kind in enumerate(D.TOKEN_TYPES))
        stats = (f'<span class="wg-stat-label">{esc(ctx.t("wongar.stat.supply"))}</span>{supply}'
                 + _stat(_ritual_icon(None), ctx.t("wongar.stat.hand"), state.hand_count(p))
                 + _stat(pic.area_card(None, 9, 6, 22, 30), ctx.t("wongar.stat.taken"),
                         state.taken_count(p)))
        if state.phase == "end" and state.bonus[p]:
            stats += f'<span class="wg-bonus">{esc(ctx.t("wongar.bonus", n=state.bonus[p]))}</span>'
        cls = "wg-player" + (" wg-current" if p == actor else "") + (
            " wg-winner" if state.phase == "end" and p in state.winners() else "")
        items.append(
            # The row and the stats are parts: the page keeps them while only the highlight
            # of the player to act moves.
            f'<li{attrs(class_=cls, style=f"--pc:{pic.PLAYER_FILL[p]}")}>'
            + part(f"wg-prow-{p}",
                   f'<div class="wg-prow">{pic.icon(pic.player_chip(p, marks[p], 2, 2, 36))}'
                   f'<span class="wg-pname">{esc(ctx.name(p))}</span>{_holds(state, p, ctx)}'
                   f'<span class="wg-score"><span class="visually-hidden">'
                   f'{esc(ctx.t("wongar.stat.score"))} </span>{state.scores[p]}</span></div>')
            + f'<div class="wg-bar"><span style="width:{100 * state.scores[p] / top:.0f}%">'
              f'</span></div>'
            + part(f"wg-stats-{p}", f'<div class="wg-stats">{stats}</div>') + '</li>')
    return _section("wg-players-panel", ctx.t("wongar.players"),
                    f'<ol class="wg-players">{"".join(items)}</ol>')


def private_panel(state: WongarState, ctx: ViewContext, cl: Clicks) -> str:
    """The viewer's own ritual cards (clickable to play) and the area cards they took."""
    p = ctx.viewer
    if p is None or not 0 <= p < state.num_players:
        return _play_buttons_without_hand(ctx, cl)
    cards = []
    for r, count in enumerate(state.hands[p]):
        if not count:
            continue
        picture = pic.svg(60, 84, pic.ritual_card(D.RITUAL_KINDS[r], 2, 2, 56, 80),
                          css="wg-ritual-pic", role="presentation")
        target = cl.hand.get(r)
        # Named by its own text: "(play the ritual card) Disc ×2".
        prefix = (f'<span class="visually-hidden">{esc(ctx.t("wongar.aria.play_prefix"))} </span>'
                  if target is not None else "")
        inner = (f'{picture}<span class="wg-hand-name">{prefix}{esc(ritual_name(ctx, r))}</span>'
                 f'<span class="wg-hand-n">×{count}</span>')
        tip = attrs(title=ctx.t(f"wongar.tip.ritual.{D.RITUAL_KINDS[r]}"))   # what it does
        if target is not None:
            cards.append(f'<button class="wg-hand-card wg-target"{tip}'
                         f'{target.attrs(svg=False, named=False)}>{inner}</button>')
        else:
            why = f"hand:{D.RITUAL_KINDS[r]}" if ctx.interactive else None
            cards.append(f'<div class="wg-hand-card"{tip}{attrs(data_why=why)}>{inner}</div>')
    hand = "".join(cards) or f'<p class="wg-empty">{esc(ctx.t("wongar.hand.empty"))}</p>'
    taken = "".join(_stat(_area_card_icon(kind), card_name(ctx, k), f"×{n}")
                    for k, (kind, n) in enumerate(zip(D.CARD_KINDS, state.taken[p])) if n)
    taken = taken or esc(ctx.t("wongar.taken.none"))
    return _section("wg-private", ctx.t("wongar.hand.title", player=ctx.name(p)),
                    f'<div class="wg-hand">{hand}</div><p class="wg-taken-line">'
                    f'<span>{esc(ctx.t("wongar.taken.title"))}</span> {taken}</p>',
                    f' data-viewer="{p}"')


def _play_buttons_without_hand(ctx: ViewContext, cl: Clicks) -> str:
    """Interactive but no viewer set (should not happen in hot-seat): still offer the plays."""
    if not cl.hand:
        return ""
    buttons = "".join(f'<button class="wg-btn"{t.attrs(svg=False)}>{esc(t.label)}</button>'
                      for t in cl.hand.values())
    return f'<section class="wg-panel wg-private">{buttons}</section>'


def ceremony_panel(state: WongarState, ctx: ViewContext) -> str:
    """During a ceremony: who takes part and who plays now, what a majority is worth and who
    would score now. Afterwards: what the last ceremony paid."""
    if not in_ceremony(state):
        return _scoring_panel(state, ctx)
    a = state.cer_area
    marks = chips(ctx, state.num_players)
    now = state.cer_player()
    people = []
    for q in state.cer_participants:
        where = "now" if q == now else "in" if q in state.cer_active else "out"
        people.append(f'<li class="wg-part wg-part-{where}">'
                      f'{pic.icon(pic.player_chip(q, marks[q], 2, 2, 36))}'
                      f'<span>{esc(ctx.name(q))}</span><span class="wg-part-status">'
                      f'{esc(ctx.t(f"wongar.part.{where}"))}</span>'
                      f'{_stat(_ritual_icon(None), ctx.t("wongar.stat.hand"), state.hand_count(q))}'
                      '</li>')
    leaders = []
    for t, kind in enumerate(D.TOKEN_TYPES):
        p = state.majority(a, t)
        fill = pic.PLAYER_FILL[p] if p is not None else pic.CREAM
        who = ctx.name(p) if p is not None else ctx.t("wongar.nobody")
        leaders.append(f'<li>{pic.icon(pic.token(kind, 20, 20, 30, fill), type_name(ctx, t, 2))}'
                       f'<span>{esc(who)}</span></li>')
    kind_text = ctx.tn("wongar.cer.kind", state.ceremony_points(),
                       card=card_name(ctx, state.cer_kind))
    return _section("wg-ceremony-panel", ctx.t("wongar.cer.title", area=area_name(ctx, a)),
                    f'<p>{esc(kind_text)}</p><ul class="wg-parts">{"".join(people)}</ul>'
                    f'<p class="wg-sub">{esc(ctx.t("wongar.cer.leaders"))}</p>'
                    f'<ul class="wg-leaders">{"".join(leaders)}</ul>')


def _scoring_panel(state: WongarState, ctx: ViewContext) -> str:
    if state.last_ceremony is None:
        return ""
    a, kind = state.last_ceremony
    items = []
    for t, p, pts in state.last_scoring:  # one line per token type that had a majority
        token = pic.token(D.TOKEN_TYPES[t], 20, 20, 30, pic.PLAYER_FILL[p])
        line = ctx.t("wongar.score.line", player=ctx.name(p), points=pts,
                     type=type_name(ctx, t, 2))
        items.append(f'<li>{pic.icon(token)}<span>{esc(line)}</span></li>')
    if not items:
        items.append(f'<li>{esc(ctx.t("wongar.score.nobody"))}</li>')
    title = ctx.t("wongar.score.title", area=area_name(ctx, a), card=card_name(ctx, kind))
    return _section("wg-scoring-panel", title, f'<ul class="wg-leaders">{"".join(items)}</ul>')


def areas_panel(state: WongarState, ctx: ViewContext) -> str:
    """The map as a table (folded): readable on a small phone and by screen readers. One row
    per area: its figures, face-up card and pile, then each player's discs/cubes/cylinders."""
    marks = chips(ctx, state.num_players)
    head = "".join(f'<th scope="col">'
                   f'{pic.icon(pic.player_chip(p, marks[p], 2, 2, 36), ctx.name(p))}</th>'
                   for p in range(state.num_players))
    rows = []
    for a in range(len(D.AREAS)):
        figures = "".join(pic.icon(pic.figure(k, 20, 40, 40), ctx.t(f"wongar.figure.{k}"))
                          for k, where in (("ancestor", state.ancestor_area),
                                           ("elder", state.elder_area)) if where == a)
        k = state.face_up[a]
        card = (pic.icon(_area_card_icon(D.CARD_KINDS[k]), card_name(ctx, k)) if k is not None
                else "")
        cells = "".join(
            "<td>" + "/".join(str(n) if n else "–" for n in state.tokens[a][p]) + "</td>"
            for p in range(state.num_players))
        rows.append(part(f"wg-row-{D.AREAS[a]}",   # a move changes one or two rows
                         f'<tr><th scope="row">{esc(area_name(ctx, a))}{figures}</th>'
                         f'<td>{card}{state.pile_size(a)}</td>{cells}</tr>'))
    legend = "/".join(type_name(ctx, t, 2) for t in range(len(D.TOKEN_TYPES)))
    return (f'<details class="wg-panel wg-areas"><summary>{esc(ctx.t("wongar.areas.title"))}'
            f'</summary><p class="wg-sub">{esc(ctx.t("wongar.areas.legend", types=legend))}</p>'
            f'<div class="wg-scroll"><table><thead><tr><th></th>'
            f'<th scope="col">{esc(ctx.t("wongar.areas.pile"))}</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div></details>')


def deck_panel(state: WongarState, ctx: ViewContext) -> str:
    """The ritual deck's size, the face-up discards, a set-aside scorpion, the round."""
    discard = "".join(_stat(_ritual_icon(kind), ritual_name(ctx, r), n)
                      for r, (kind, n) in enumerate(zip(D.RITUAL_KINDS, state.discard)) if n)
    deck = _stat(_ritual_icon(None), ctx.t("wongar.deck.size"),
                 ctx.tn("wongar.deck.count", state.deck_size()))
    if state.scorpions_aside:
        deck += " " + _stat(_ritual_icon("scorpion"), ctx.t("wongar.deck.aside"),
                            ctx.t("wongar.deck.aside"))
    round_text = ctx.t("wongar.round", n=max(state.round, 1))
    if state.end_triggered:
        round_text += " · " + ctx.t("wongar.end." + state.end_triggered)
    return (f'<section class="wg-panel wg-deck-panel"><p>{deck}</p>'
            f'<p>{esc(ctx.t("wongar.deck.discard"))} {discard or esc(ctx.t("wongar.none"))}</p>'
            f'<p>{esc(round_text)}</p></section>')


def final_panel(state: WongarState, ctx: ViewContext) -> str:
    """At the end: the area cards each player took, by type (now revealed): they decide the
    bonuses of the standings (:func:`standings`, shown by the app's end panel)."""
    if state.phase != "end":
        return ""
    counts = state.final_card_counts()
    head = "".join(f'<th>{pic.icon(_area_card_icon(kind), card_name(ctx, t))}</th>'
                   for t, kind in enumerate(D.TOKEN_TYPES))
    rows = []
    for p in sorted(range(state.num_players), key=lambda q: -state.scores[q]):
        cells = "".join(f"<td>{n}</td>" for n in counts[p])
        rows.append(f'<tr><th scope="row">{esc(ctx.name(p))}</th>{cells}</tr>')
    return _section("wg-final", ctx.t("wongar.final.cards"),
                    f'<table><thead><tr><th></th>{head}</tr></thead>'
                    f'<tbody>{"".join(rows)}</tbody></table>')


def standings(state: WongarState, ctx: ViewContext) -> str:
    """The end table: rank, player, ceremony points, bonus, total. Winners first (they share
    rank 1), then by total; equal totals share a rank."""
    winners = set(state.winners())
    keys = [(p in winners, state.scores[p]) for p in range(state.num_players)]
    rows = []
    for rank, p in ranked(keys):
        rows.append(f'<tr><td>{rank}</td><th scope="row">{esc(ctx.name(p))}</th>'
                    f'<td>{state.scores[p] - state.bonus[p]}</td><td>+{state.bonus[p]}</td>'
                    f'<td><strong>{state.scores[p]}</strong></td></tr>')
    heads = [ctx.t(f"wongar.final.{k}") for k in ("rank", "player", "points", "bonus", "total")]
    return standings_table("wg-standings", ctx.t("wongar.final.title"), heads, rows)


def prompt_panel(state: WongarState, ctx: ViewContext, cl: Clicks) -> str:
    """How to answer the current decision, with its buttons. The app shows status() above
    the board, so the prompt does not repeat it."""
    if not ctx.interactive or state.actor() is None:
        return ""
    buttons = "".join(f'<button class="wg-btn"{target.attrs(svg=False)}>{icon}'
                      f'<span>{esc(target.text or target.label)}</span></button>'
                      for target, icon in cl.buttons)
    step = "effect_double" if state.step == "effect" and state.effect_double else state.step
    hint = ctx.t(f"wongar.hint.{step}") if step else ""
    if cl.selected:
        hint = ctx.t("wongar.hint.select")
    return (f'<section class="wg-panel wg-prompt"><p>{esc(hint)}</p>'
            f'<div class="wg-buttons">{buttons}</div></section>')
