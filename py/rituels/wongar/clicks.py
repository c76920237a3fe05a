"""What is clickable in the current decision, and where it is drawn (map or buttons).

With ``ctx.interactive`` exactly the legal actions are clickable: face-up cards (take),
highlighted areas (place, move, ritual effects), the rows of opponents in the ceremony area
(remove), the viewer's ritual cards (play) and buttons (options, triple, double, pass, effects).
One multi-step choice exists: an area that is both a "move out" and a "bring in" target of a
ritual card is a ``data-select`` (``area:<name>``); then only that area's two buttons remain.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rituels.engine.actions import verb
from rituels.viewkit import ViewContext, attrs
from rituels.wongar import data as D
from rituels.wongar import pictures as pic
from rituels.wongar.words import area_name, card_name, chips, of_area, ritual_name, type_name


@dataclass
class Target:
    value: str       # action notation (data-action) or selection token (data-select)
    label: str       # aria-label (and button text unless ``text`` is given)
    select: bool = False
    text: str = ""   # a shorter visible text for a button whose icon says the rest

    def attrs(self, svg: bool = True, named: bool = True) -> str:
        """The clickable's attributes; ``named=False`` when its own text names it."""
        kind = {"data_select": self.value} if self.select else {"data_action": self.value}
        extra = {"role": "button", "tabindex": "0"} if svg else {"type": "button"}
        return attrs(**kind, **extra, aria_label=self.label if named else None)


@dataclass
class Clicks:
    """Everything the current decision makes clickable, by where it is drawn."""
    cards: dict[int, Target] = field(default_factory=dict)      # area -> take its card
    areas: dict[int, Target] = field(default_factory=dict)      # area -> place/move/out/in
    rows: dict[int, Target] = field(default_factory=dict)       # player -> remove a token
    hand: dict[int, Target] = field(default_factory=dict)       # ritual kind -> play it
    buttons: list[tuple[Target, str]] = field(default_factory=list)  # (target, icon markup)
    # Ceremony: what each playable ritual card could reach (shown while the card is hovered
    # or focused): kind name -> areas (move out / bring in) and players (remove).
    preview_areas: dict[int, set[str]] = field(default_factory=dict)
    preview_rows: dict[int, set[str]] = field(default_factory=dict)
    selected: bool = False  # ctx.selection names one of this decision's areas


def clicks(state, ctx: ViewContext) -> Clicks:
    """The clickables of the current decision (empty unless ``ctx.interactive``)."""
    out = Clicks()
    if not ctx.interactive or state.actor() is None:
        return out
    note = state.action_to_str
    legal = state.legal_actions()
    step = state.step
    colour = pic.PLAYER_FILL[state.actor()]
    for action in legal:
        head = verb(action)
        if head == "take":
            a = action[1]
            out.cards[a] = Target(note(action), ctx.t(
                "wongar.aria.take", card=card_name(ctx, state.face_up[a]), of_area=of_area(ctx, a)))
        elif head == "opt":
            t = state.card_type
            label = ctx.t(f"wongar.opt.{action[1]}", type=type_name(ctx, t, 2),
                          one=type_name(ctx, t, 1))
            out.buttons.append((Target(note(action), label), _opt_icon(action[1], t, colour)))
        elif head in ("place", "move"):
            key = "wongar.aria.place" if head == "place" else f"wongar.aria.{step}"
            out.areas[action[1]] = Target(note(action), ctx.t(
                key, area=area_name(ctx, action[1]), type=type_name(ctx, state.place_type or 0)))
        elif head == "triple":
            t = action[1]
            out.buttons.append((Target(note(action), ctx.t("wongar.btn.triple",
                                                           type=type_name(ctx, t, 3))),
                                pic.icon(pic.token_icon(D.TOKEN_TYPES[t], 0, 0, 40, colour))))
        elif head == "play":
            # In the hand panel, and as buttons next to "pass" (the hand may be off-screen
            # on a phone).
            target = Target(note(action), ctx.t("wongar.aria.play",
                                                card=ritual_name(ctx, action[1])),
                            text=ritual_name(ctx, action[1]))
            out.hand[action[1]] = target
            out.buttons.append((target, pic.icon(pic.ritual_card(
                D.RITUAL_KINDS[action[1]], 7, 2, 26, 36))))
            _preview(state, action, out)
        elif head == "pass":
            out.buttons.append((Target(note(action), ctx.t("wongar.btn.pass")), ""))
        elif head == "double":
            t, mode = action[1], action[2]
            out.buttons.append((Target(note(action), ctx.t(
                f"wongar.btn.double_{mode}", type=type_name(ctx, t, 2))),
                pic.icon(pic.token_icon(D.TOKEN_TYPES[t], 0, 0, 40, colour))))
        elif head == "remove":
            q = action[1]
            target = Target(note(action), ctx.t(
                "wongar.btn.remove", player=ctx.name(q), type=type_name(ctx, state.effect_type)))
            out.rows[q] = target
            out.buttons.append((target, _chip_icon(q, chips(ctx, state.num_players)[q])))
    _effect_areas(state, ctx, legal, out)
    return out


def _preview(state, play: tuple, out: Clicks) -> None:
    """Record the targets a token ritual card would offer once played (a double chooses its
    type first: no preview)."""
    kind = D.RITUAL_KINDS[play[1]]
    if kind not in D.TOKEN_TYPES:
        return
    after = state.clone()
    after.apply(play)
    if after.step != "effect":
        return
    for effect in after.legal_actions():
        table = out.preview_rows if verb(effect) == "remove" else out.preview_areas
        table.setdefault(effect[1], set()).add(kind)


def _effect_areas(state, ctx: ViewContext, legal: list, out: Clicks) -> None:
    """Neighbour areas of a ritual effect. On the map: a direct action when only one of "move
    out" and "bring in" is possible there, else a selection. As buttons (they say which way):
    every such action, or only the selected area's two."""
    by_area: dict[int, list] = {}
    for action in legal:
        if verb(action) in ("out", "in"):
            by_area.setdefault(action[1], []).append(action)
    if not by_area:
        return
    t = type_name(ctx, state.effect_type)
    here, of_here = area_name(ctx, state.cer_area), of_area(ctx, state.cer_area)
    icon = pic.icon(pic.token_icon(D.TOKEN_TYPES[state.effect_type], 0, 0, 40,
                                pic.PLAYER_FILL[state.actor()]))
    chosen = [a for a in by_area if ctx.selection == f"area:{D.AREAS[a]}"]
    out.selected = bool(chosen)
    for a, actions in by_area.items():
        targets = [Target(state.action_to_str(act), ctx.t(
            f"wongar.btn.{verb(act)}", type=t, area=area_name(ctx, a), of_area=of_area(ctx, a),
            here=here, of_here=of_here)) for act in actions]
        if len(actions) == 1:
            out.areas[a] = targets[0]
        else:
            out.areas[a] = Target(f"area:{D.AREAS[a]}", ctx.t(
                "wongar.aria.choose_area", area=area_name(ctx, a)), select=True)
        if not chosen or a in chosen:
            out.buttons += [(target, icon) for target in targets]


def _chip_icon(p: int, mark: str) -> str:
    return pic.icon(pic.player_chip(p, mark, 4, 4, 32))


def _opt_icon(option: str, t: int, fill: str) -> str:
    kind = D.TOKEN_TYPES[t]
    if option == "two":
        body = pic.token_icon(kind, 0, 6, 28, fill) + pic.token_icon(kind, 22, 6, 28, fill)
    elif option == "one":
        body = pic.token_icon(kind, 0, 6, 28, fill) + pic.ritual_card(None, 26, 4, 22, 32)
    else:
        body = pic.ritual_card(None, 4, 4, 22, 32) + pic.ritual_card(None, 22, 6, 22, 32)
    return pic.icon(body, w=52, h=40)
