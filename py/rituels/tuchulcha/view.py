"""Tuchulcha on screen: the board with the turn's clickable choices, the side panel, the status
sentence, the log lines and the result (contract: docs/architecture.md, "Views").

A single move is chosen in two clicks (each die moves one pawn), the first ``data-select`` step
kept in ``ctx.selection``:
1. a pawn's place, circled on the board: the token is its source as in the notation (``12``,
   ``T0``, ``S``);
2. a destination, one per remaining die, highlighted on the board with the die's value and
   listed in the panel: ``data-action="5:12x1"``.
With the set-up option ``group_moves`` a step "how many pawns" (``12x3``, numbered bubbles and
panel buttons) comes between the two when several counts are legal.
A combined attack is its own choice: the attacked stone is highlighted with "×n" (pawns arriving
together) and the panel lists each attack with its dice and sources. One attack on a stone is
one click (``data-action="3:9+1:11"``); several go through the token ``A12`` first.
A consecration with a choice of sacrifice takes the token ``C`` first. Anything stale or
tampered in the selection is ignored, so a wrong token only shows the first step again.
"""

from __future__ import annotations

from collections import Counter

from rituels.engine.actions import verb
from rituels.tuchulcha import rules
from rituels.tuchulcha.rules import TuchulchaState
from rituels.tuchulcha.board import COLOURS, GODS, MYSTIC
from rituels.tuchulcha.drawing import (
    PICK, PICKED, TARGET, CountChoice, Mark, Scene, board_svg, die_face, legend, pawn_shape,
    pawns_text,
)
from rituels.viewkit import ViewContext, attrs, esc, ranked, standings_table

roll_label = None  # (ViewModule's optional part: the app's own "Roll" label)


# --- reading the state ------------------------------------------------------------------------

def _role_colour(state: TuchulchaState, player: int | None) -> int | None:
    return state.colours_of(player)[0] if player is not None else None


def _fresh_roll(state: TuchulchaState, ctx: ViewContext) -> bool:
    """Dice just rolled and not touched yet: worth the short roll animation."""
    return ctx.animate and not state.used and not ctx.selection


def scene_of(state: TuchulchaState, ctx: ViewContext) -> Scene:
    """The board picture's inputs, read from the rules' public attributes."""
    colours = list(state.colours)
    return Scene(
        side=state.side.name,
        stones={s: held for s, held in enumerate(state.stones) if held},
        temple=[state.temple[c] for c in colours],
        velthumena=[state.velthumena[c] for c in colours],
        forest=[state.forest[c] for c in colours],
        sanctuary=[state.sanctuary[c] for c in colours],
        star=[state.star[c] for c in colours],
        seals=frozenset(state.seals),
        tuchulcha=_role_colour(state, state.tuchulcha),
        lasa=_role_colour(state, state.lasa),
        neutral=frozenset(c for c in colours if state.owner[c] is None),
        out=frozenset(c for c in colours if state.owner[c] in state.out),
        show_star=state.num_players == 4,
        dice=tuple(dice_states(state)),
        rolling=_fresh_roll(state, ctx),
        last=_last_places(state),
        hit=_hit_places(state),
        piece_ids=_piece_ids(state),
        walk=_walk(state, ctx),
    )


def _walk(state: TuchulchaState, ctx: ViewContext) -> dict:
    """The latest move, if one group went from a stone or a temple to a stone: it walks
    there stone by stone (only where moves animate: the game screen)."""
    if not ctx.animate or state.last_move is None:
        return {}
    sources, dest = state.last_move
    if len(sources) != 1 or not isinstance(dest, int) or sources[0] == rules.STAR:
        return {}
    src = sources[0]
    if isinstance(src, str) and not (src[:1] == "T" and src[1:].isdigit()):
        return {}
    return {dest: src}


def _piece_ids(state: TuchulchaState) -> dict[str, str]:
    """Pawns that just moved from a stone they emptied keep that stone's element id, so the
    page slides the same element to its new stone."""
    if state.last_move is None or not isinstance(state.last_move[1], int):
        return {}
    sources, dest = state.last_move
    for src in sources:
        if isinstance(src, int) and src != dest and state.stones[src] is None:
            return {f"s{dest}": f"tu-piece-s{src}"}
    return {}


def _hit_places(state: TuchulchaState) -> frozenset[str]:
    """The latest move's hit: its stone, and the forest or the temple the pawns went to."""
    if state.last_hit is None:
        return frozenset()
    stone, went = state.last_hit
    return frozenset((f"s{stone}", went))


def _last_places(state: TuchulchaState) -> frozenset[str]:
    if state.last_move is None:
        return frozenset()
    sources, dest = state.last_move
    places = {_source_mark_key(src) for src in sources if src != rules.STAR}
    if dest != rules.VELTHUMENA:
        places.add(f"s{dest}")
    return frozenset(places)


def _source_token(src) -> str:
    return str(src)


def _parse_source(token: str):
    if token.isascii() and token.isdigit():
        return int(token)
    return token


def _values(ctx: ViewContext, values) -> str:
    """"6, 5 et 2" (dice values or names read as a list)."""
    items = [str(v) for v in values]
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + ctx.t("tuchulcha.and") + items[-1]


def _colour_name(ctx: ViewContext, colour: int) -> str:
    return ctx.t(f"tuchulcha.colour.{COLOURS[colour]}")


def who(state: TuchulchaState, player: int, ctx: ViewContext) -> str:
    """"Alice (rouge, Achvizr)", "Alice (Tuchulcha)", "Bob (noir, Leinth)"."""
    colours = state.colours_of(player)
    if player in (state.tuchulcha, state.lasa):
        key = "tuchulcha" if player == state.tuchulcha else "lasa"
        return ctx.subject(player, ctx.t(f"tuchulcha.who.{key}", name=ctx.name(player),
                                         colour=_colour_name(ctx, colours[0])))
    role = ", ".join(
        ctx.t("tuchulcha.colour_god", colour=_colour_name(ctx, c), god=GODS[c]) for c in colours
    )
    return ctx.subject(player, ctx.t("tuchulcha.who", name=ctx.name(player), role=role))


def _place_name(ctx: ViewContext, place, form: str) -> str:
    """A place in one grammatical form: ``from`` "de la pierre 12",
    ``to`` "à la pierre 12" (French contracts "de le temple" into "du temple")."""
    if place == rules.VELTHUMENA:
        kind = "velthumena"
    elif place == rules.STAR:
        kind = "star"
    elif isinstance(place, str):
        kind = "temple"
    else:
        kind = "stone"
    return ctx.t(f"tuchulcha.{form}.{kind}", n=place)


# --- interactive choices ----------------------------------------------------------------------

def _button(label: str, *, action: str | None = None, select: str | None = None,
            main: bool = False, aria: str | None = None, pressed: bool | None = None,
            html_label: str = "") -> str:
    cls = "btn btn-primary tu-btn" if main else "btn tu-btn"
    pressed_attr = None if pressed is None else ("true" if pressed else "false")
    extra = attrs(type="button", class_=cls, data_action=action, data_select=select,
                  aria_label=aria, aria_pressed=pressed_attr)
    return f"<button{extra}>{html_label}{esc(label)}</button>"


def _source_mark_key(src) -> str:
    if src == "S":
        return "star"
    if isinstance(src, str):
        return "t" + src[1:]
    return f"s{src}"


def _dest_mark_key(dest) -> str:
    return "velthumena" if dest == "velthumena" else f"s{dest}"


class _Choice:
    """What the current selection offers: board marks and panel content."""

    def __init__(self):
        self.marks: dict[str, Mark] = {}
        self.counts: CountChoice | None = None   # "how many pawns?" on the board
        self.prompt = ""
        self.hint = ""
        self.buttons: list[str] = []


def _attacks_by_stone(state: TuchulchaState) -> dict[int, list]:
    out: dict[int, list] = {}
    for a in state.attacks():
        out.setdefault(state.move_effect(a).dest, []).append(a)
    return out


def attack_text(state: TuchulchaState, ctx: ViewContext, action) -> str:
    """"2 aruspices rouges arrivent ensemble à la pierre 12 (dé 3 de la pierre 9, dé 1 de la
    pierre 11)"."""
    effect = state.move_effect(action)
    parts = ", ".join(ctx.t("tuchulcha.attack.part", die=d, src=_place_name(ctx, src, "from"))
                      for d, src in action[1])
    return ctx.t("tuchulcha.act.attack", pawns=pawns_text(ctx, effect.colour, effect.count),
                 dest=_place_name(ctx, effect.dest, "to"), sources=parts)


def _attack_button(state: TuchulchaState, ctx: ViewContext, action) -> str:
    text = attack_text(state, ctx, action)
    note = _effect_note(ctx, state.move_effect(action), state)
    if note:
        text = ctx.t("tuchulcha.with_note", text=text, note=note)
    return _button(text, action=state.action_to_str(action))


def _attack_choice(state: TuchulchaState, ctx: ViewContext, choice: _Choice,
                   by_stone: dict) -> bool:
    """Marks for the attacked stones (where no single move claims the stone) and, when one is
    picked (``A12``), its attacks in the panel (then returns True)."""
    picked = None
    if ctx.selection[:1] == "A" and ctx.selection[1:].isascii() and ctx.selection[1:].isdigit():
        picked = int(ctx.selection[1:])
    for stone, options in by_stone.items():
        key = f"s{stone}"
        if key in choice.marks:
            continue
        colour = state.move_effect(options[0]).colour
        arrivals = (colour, min(len(a[1]) for a in options))
        if len(options) == 1:
            a = options[0]
            aria = ctx.t("tuchulcha.act.attack_one", text=attack_text(state, ctx, a))
            choice.marks[key] = Mark(TARGET, {"data-action": state.action_to_str(a),
                                              "aria-label": aria}, arrivals=arrivals)
        else:
            aria = ctx.t("tuchulcha.act.attacks", n=len(options))
            choice.marks[key] = Mark(PICKED if stone == picked else TARGET,
                                     {"data-select": f"A{stone}", "aria-label": aria},
                                     arrivals=arrivals)
    if picked in by_stone:
        choice.prompt = ctx.t("tuchulcha.prompt.attack", n=picked)
        choice.buttons.extend(_attack_button(state, ctx, a) for a in by_stone[picked])
    return picked in by_stone


def _move_choice(state: TuchulchaState, ctx: ViewContext, choice: _Choice) -> None:
    sources = state.sources()
    by_stone = _attacks_by_stone(state)
    src_tok, _, count_tok = ctx.selection.partition("x")
    src = _parse_source(src_tok) if src_tok else None
    if src not in sources:
        src, count_tok = None, ""
    pick = "tuchulcha.act.pick" if state.group_moves else "tuchulcha.act.pick_one"
    for s in sources:
        choice.marks[_source_mark_key(s)] = Mark(
            PICKED if s == src else PICK,
            {"data-select": _source_token(s), "aria-label": ctx.t(pick)},
        )
    if state.must_leave:
        choice.hint = ctx.t("tuchulcha.hint.must_leave",
                            stones=", ".join(str(s) for s in sorted(state.must_leave)))
    for a in state.legal_actions():
        if verb(a) == "skip":
            choice.buttons.append(_button(ctx.t("tuchulcha.btn.skip", die=a[1]),
                                          action=state.action_to_str(a),
                                          html_label=die_face(a[1], 28)))
    if src is None:
        if state.group_moves:
            choice.prompt = ctx.t("tuchulcha.prompt.pick")
        else:
            choice.prompt = ctx.t("tuchulcha.prompt.pick_attack" if by_stone
                                  else "tuchulcha.prompt.pick_one")
        if not _attack_choice(state, ctx, choice, by_stone):
            for options in by_stone.values():
                choice.buttons.extend(_attack_button(state, ctx, a) for a in options)
        return
    moves = state.moves_from(src)
    counts = sorted({m[3] for m in moves})        # moves: ("m", die, src, count)
    count = int(count_tok) if count_tok.isdigit() else None
    if count not in counts:
        count = counts[0] if len(counts) == 1 else None
    colour = state.group_colour(src)
    if len(counts) > 1:
        choice.counts = CountChoice(_source_mark_key(src), [])
        for n in counts:
            token = f"{_source_token(src)}x{n}"
            aria = ctx.t("tuchulcha.act.count", pawns=pawns_text(ctx, colour, n))
            choice.buttons.append(_button(str(n), select=token, pressed=(n == count), aria=aria))
            mark = Mark(PICKED if n == count else PICK, {"data-select": token, "aria-label": aria})
            choice.counts.options.append((n, mark))
    if count is None:
        choice.prompt = ctx.t("tuchulcha.prompt.count")
    else:
        choice.prompt = ctx.tn("tuchulcha.prompt.target", count,
                               pawns=pawns_text(ctx, colour, count))
        for m in sorted((m for m in moves if m[3] == count), key=lambda m: m[1]):
            _add_target(state, ctx, choice, m)
    _attack_choice(state, ctx, choice, by_stone)


def _why_marks(state: TuchulchaState, choice: _Choice) -> None:
    """Places with pawns but no action answer a tap with the reason (tuchulcha/whynot.py)."""
    keys = [f"s{i}" for i, occ in enumerate(state.stones) if occ]
    keys += [f"t{c}" for c in state.colours if state.temple[c]]
    keys += ["velthumena", "forest", "sanctuary"]
    for key in keys:
        if key not in choice.marks:
            choice.marks[key] = Mark("", {"data-why": key})


def _add_target(state: TuchulchaState, ctx: ViewContext, choice: _Choice, move) -> None:
    """One legal move: highlight its landing place (first die wins a shared place) and add a
    panel button naming the die, the destination and what the move does."""
    notation = state.action_to_str(move)
    effect = state.move_effect(move)
    dest = effect.dest
    text = _place_name(ctx, dest, "to")
    detail = _effect_note(ctx, effect, state)
    die = move[1]                                 # ("m", die, src, count)
    aria = ctx.t("tuchulcha.act.move", die=die, dest=text)
    if detail:
        aria = ctx.t("tuchulcha.with_note", text=aria, note=detail)
        text = ctx.t("tuchulcha.with_note", text=text, note=detail)
    key = _dest_mark_key(dest)
    if choice.marks.get(key, Mark("")).cls != TARGET:
        choice.marks[key] = Mark(TARGET, {"data-action": notation, "aria-label": aria},
                                 str(die))
    choice.buttons.append(_button(text, action=notation, aria=aria,
                                  html_label=die_face(die, 28)))


def _effect_note(ctx: ViewContext, effect, state=None) -> str:
    """A short note for a move's button: "frappe 2 aruspices bleus", "perdu dans la forêt",
    "pierre mystique : à quitter en premier" (not for Tuchulcha, who ignores it)."""
    notes = []
    if effect.hit:
        key = "tuchulcha.note.hit_temple" if effect.hit_to == "temple" else "tuchulcha.note.hit"
        notes.append(ctx.t(key, pawns=pawns_text(ctx, *effect.hit)))
    if effect.seal:
        notes.append(ctx.t("tuchulcha.note.seal"))
    if effect.lost:
        notes.append(ctx.tn("tuchulcha.note.lost", effect.count))
    if (state is not None and isinstance(effect.dest, int)
            and state.side.kinds[effect.dest] == MYSTIC
            and state.owner[effect.colour] != state.tuchulcha):
        notes.append(ctx.t("tuchulcha.note.mystic"))
    return ", ".join(notes)


def _sacrifice_text(state: TuchulchaState, ctx: ViewContext, action) -> str:
    """"2 de Velthumena ou de la forêt, 1 du temple" (unlisted pawns: Velthumena/forest)."""
    listed = action[1]
    rest = state.next_cost - sum(n for _, n in listed)
    parts = [ctx.t("tuchulcha.sacrifice.rest", n=rest)]
    for src, n in listed:
        parts.append(ctx.t("tuchulcha.sacrifice.from", n=n, place=_place_name(ctx, src, "from")))
    return ", ".join(parts)


def _role_choice(state: TuchulchaState, ctx: ViewContext, choice: _Choice, legal: list) -> None:
    """START / END: consecrations (a sacrifice is chosen in a second step), Lasa, roll, done."""
    consecrations = [a for a in legal if verb(a) == "C"]
    if ctx.selection == "C" and len(consecrations) > 1:
        choice.prompt = ctx.t("tuchulcha.prompt.sacrifice", n=state.next_cost)
        for a in consecrations:
            choice.buttons.append(_button(_sacrifice_text(state, ctx, a),
                                          action=state.action_to_str(a)))
        return
    choice.prompt = ctx.t("tuchulcha.prompt.end" if state.phase == rules.END
                          else "tuchulcha.prompt.start")
    for a in legal:
        if a in ("roll", "done"):
            choice.buttons.append(_button(ctx.t(f"tuchulcha.btn.{a}"), action=a, main=True))
    if consecrations:
        label = ctx.t("tuchulcha.btn.consecrate", n=state.next_cost)
        if len(consecrations) == 1:
            choice.buttons.append(_button(
                label, action=state.action_to_str(consecrations[0]),
                aria=ctx.t("tuchulcha.label.action", action=label,
                           place=_sacrifice_text(state, ctx, consecrations[0]))))
        else:
            choice.buttons.append(_button(label, select="C"))
    if "L" in legal:
        choice.buttons.append(_button(ctx.t("tuchulcha.btn.lasa"), action="L"))


def _choices(state: TuchulchaState, ctx: ViewContext) -> _Choice:
    choice = _Choice()
    if not ctx.interactive or state.current_player() < 0:
        return choice
    legal = state.legal_actions()
    phase = state.phase
    if phase == rules.MOVE:
        _move_choice(state, ctx, choice)
    elif phase in (rules.START, rules.END):
        _role_choice(state, ctx, choice, legal)
    elif phase == rules.THIRD:
        choice.prompt = ctx.t("tuchulcha.prompt.third")
        choice.buttons.append(_button(ctx.t("tuchulcha.btn.third"), action="third", main=True))
        choice.buttons.append(_button(ctx.t("tuchulcha.btn.nothird"), action="nothird"))
    elif phase == rules.DISCARD:
        choice.prompt = ctx.t("tuchulcha.prompt.discard")
        for a in legal:
            choice.buttons.append(_button(
                ctx.t("tuchulcha.btn.discard", die=a[1]), action=state.action_to_str(a),
                html_label=die_face(a[1], 28)))
    return choice


# --- panel ------------------------------------------------------------------------------------

def _chip(colour: int) -> str:
    return (f'<svg class="tu-chip" viewBox="-14 -14 28 28" width="24" height="24"'
            f' aria-hidden="true"><circle r="13.5" fill="#efe4cc"/>'
            f'{pawn_shape(colour, 0, 0, 9)}</svg>')


def _tag(ctx: ViewContext, key: str, extra_cls: str) -> str:
    return f'<span class="tu-tag{extra_cls}">{esc(ctx.t(key))}</span>'


def _players(state: TuchulchaState, ctx: ViewContext) -> str:
    rows = []
    turn = None if state.phase == rules.OVER else state.player
    for p in range(state.num_players):
        colours = state.colours_of(p)
        cls = "tu-player"
        if p == turn:
            cls += " tu-current"
        if p in state.out:
            cls += " tu-out"
        tags = []
        if p == state.tuchulcha:
            tags.append(_tag(ctx, "tuchulcha.role.tuchulcha", ""))
        if p == state.lasa:
            tags.append(_tag(ctx, "tuchulcha.role.lasa", " tu-tag-lasa"))
        if p in state.out:
            tags.append(_tag(ctx, "tuchulcha.tag.out", " tu-tag-neutral"))
        score = sum(state.velthumena[c] for c in colours)
        gods = ", ".join(GODS[c] for c in colours)
        rows.append(
            f'<li class="{cls}"{attrs(aria_current="true" if p == turn else None)}>'
            + "".join(_chip(c) for c in colours)
            + f'<span class="tu-player-name">{esc(ctx.name(p))}'
            f' <small>({esc(gods)})</small></span>{"".join(tags)}'
            f'<span class="tu-player-score"{attrs(title=ctx.t("tuchulcha.score_title"))}>'
            f'{esc(ctx.t("tuchulcha.score", n=score))}</span></li>'
        )
    neutral = [c for c in state.colours if state.owner[c] is None]
    if neutral:
        rows.append(
            '<li class="tu-player">' + "".join(_chip(c) for c in neutral)
            + f'<span class="tu-player-name">{esc(ctx.t("tuchulcha.neutral"))}</span>'
            + _tag(ctx, "tuchulcha.neutral_tag", " tu-tag-neutral") + "</li>"
        )
    return f'<ul class="tu-players">{"".join(rows)}</ul>'


def dice_states(state: TuchulchaState) -> list[tuple[int, str]]:
    """This turn's dice in roll order, each marked "", "used" or "discarded"."""
    if state.phase not in (rules.THIRD, rules.ROLL3, rules.DISCARD, rules.MOVE, rules.END):
        return []
    rolled = list(state.rolled)
    marks = [""] * len(rolled)
    if state.discarded is not None and state.discarded in rolled:
        marks[rolled.index(state.discarded)] = "discarded"
    left = Counter(state.dice)
    for i, v in enumerate(rolled):
        if marks[i]:
            continue
        if left[v]:
            left[v] -= 1
        elif state.phase in (rules.MOVE, rules.END):
            marks[i] = "used"
    return list(zip(rolled, marks))


def _dice(state: TuchulchaState, ctx: ViewContext) -> str:
    dice = dice_states(state)
    if not dice:
        return ""
    cls = "tu-dice tu-rolling" if _fresh_roll(state, ctx) else "tu-dice"
    label = ctx.t("tuchulcha.dice_label", dice=", ".join(str(v) for v, _ in dice))
    slots = "".join(
        f'<span class="tu-die-slot">{die_face(v, 40, f"tu-die tu-die-{how}" if how else "tu-die")}'
        f'</span>' for v, how in dice
    )
    return f'<div class="{cls}" role="img"{attrs(aria_label=label)}>{slots}</div>'


def render(state: TuchulchaState, ctx: ViewContext) -> str:
    choice = _choices(state, ctx)
    if ctx.interactive:
        _why_marks(state, choice)
    scene = scene_of(state, ctx)
    board = board_svg(scene, ctx, choice.marks, counts=choice.counts)
    turn = [_dice(state, ctx)]
    if choice.prompt:
        turn.append(f'<p class="tu-prompt">{esc(choice.prompt)}</p>')
    if choice.hint:
        turn.append(f'<p class="tu-hint">{esc(choice.hint)}</p>')
    if choice.buttons:
        turn.append(f'<div class="tu-choices">{"".join(choice.buttons)}</div>')
    board += legend(scene, ctx)
    return (f'<div class="tu"><div class="tu-layout">{board}'
            f'<div class="tu-turn">{"".join(turn)}</div>{_players(state, ctx)}</div></div>')


def standings(state: TuchulchaState, ctx: ViewContext) -> str:
    """The end-of-game table: rank, player, pawns in Velthumena, still in play (end (c)'s
    tie-break) and in the forest. Winners come first, then players still in the game by pawns
    in Velthumena and then in play, then those out of it."""
    winners = set(state.winners())

    def count(p, where):
        return sum(getattr(state, where)[c] for c in state.colours_of(p))

    keys = [(p in winners, p not in state.out, count(p, "velthumena"), state.player_in_play(p))
            for p in range(state.num_players)]
    rows = []
    for rank, p in ranked(keys):
        name = ctx.name(p)
        if p in state.out:
            name = ctx.t("tuchulcha.with_note", text=name, note=ctx.t("tuchulcha.standings.out"))
        rows.append(f'<tr><td>{rank}</td><th scope="row">{esc(name)}</th>'
                    f'<td>{count(p, "velthumena")}</td><td>{state.player_in_play(p)}</td>'
                    f'<td>{count(p, "forest")}</td></tr>')
    heads = [ctx.t(f"tuchulcha.standings.{k}")
             for k in ("rank", "player", "velthumena", "in_play", "forest")]
    return standings_table("tu-standings", ctx.t("tuchulcha.standings.caption"), heads, rows)


# --- sentences --------------------------------------------------------------------------------

def status(state: TuchulchaState, ctx: ViewContext) -> str:
    phase = state.phase
    if phase == rules.OVER:
        return result(state, ctx)
    if phase == rules.SETUP:
        return ctx.t("tuchulcha.status.setup")
    # A person at this screen is spoken to ("À vous : lancez les dés"), anyone else described.
    local = ctx.is_local(state.player)
    words = {"dice": _values(ctx, state.dice), "n": state.next_cost}
    if not local:
        words["who"] = who(state, state.player, ctx)
    step = phase
    if phase == rules.MOVE and state.must_leave:
        step = "move_mystic"
    if local:
        return ctx.your_turn(state.player, ctx.t(f"tuchulcha.you.{step}", **words))
    return ctx.t(f"tuchulcha.status.{step}", **words)


def describe(before: TuchulchaState, action, after: TuchulchaState,
             ctx: ViewContext) -> list[str]:
    player = before.player
    someone = who(before, player, ctx) if player is not None else ""
    log = _LOG.get(verb(action))          # ("roll" says nothing: the dice will)
    lines = log(before, action, ctx, someone) if log else []
    lines.extend(_consequences(before, after, action, ctx))
    return lines


def _log_first(before, action, ctx: ViewContext, someone: str) -> list[str]:
    return [ctx.t("tuchulcha.log.first", name=ctx.name(action[1]))]


def _log_dice(before, action, ctx: ViewContext, someone: str) -> list[str]:
    key = "tuchulcha.log.third_die" if before.phase == rules.ROLL3 else "tuchulcha.log.dice"
    return [ctx.t(key, who=someone, dice=_values(ctx, action[1]))]


def _log_bare(before, action, ctx: ViewContext, someone: str) -> list[str]:
    return [ctx.t(f"tuchulcha.log.{action}", who=someone)]


def _log_die(before, action, ctx: ViewContext, someone: str) -> list[str]:
    return [ctx.t(f"tuchulcha.log.{action[0]}", who=someone, die=action[1])]


def _log_consecration(before, action, ctx: ViewContext, someone: str) -> list[str]:
    lines = [ctx.t("tuchulcha.log.consecrate", who=someone, n=before.next_cost,
                   sacrifice=_sacrifice_text(before, ctx, action))]
    # Unlisted pawns come from Velthumena first; the Velthumena pawns left go to the forest.
    in_velthumena = sum(before.velthumena[c] for c in before.colours_of(before.player))
    unlisted = before.next_cost - sum(n for _, n in action[1])
    to_forest = in_velthumena - min(unlisted, in_velthumena)
    if to_forest:
        lines.append(ctx.tn("tuchulcha.log.velthumena_lost", to_forest))
    return lines


def _log_move(before, action, ctx: ViewContext, someone: str) -> list[str]:
    return [_move_line(before, action, ctx, someone)]


# describe's line of each verb of rules.VOCABULARY.
_LOG = {"first": _log_first, "dice": _log_dice, "third": _log_bare, "nothird": _log_bare,
        "done": _log_bare, "L": _log_bare, "discard": _log_die, "skip": _log_die,
        "C": _log_consecration, "m": _log_move, "A": _log_move}


def _move_line(before, action, ctx: ViewContext, someone: str) -> str:
    effect = before.move_effect(action)
    count = effect.count
    if action[0] == "A":
        line = ctx.t("tuchulcha.log.attack", who=someone,
                     text=attack_text(before, ctx, action))
    else:
        _, die, src, _ = action
        line = ctx.t("tuchulcha.log.move", who=someone,
                     pawns=pawns_text(ctx, effect.colour, count), die=die,
                     src=_place_name(ctx, src, "from"), dest=_place_name(ctx, effect.dest, "to"))
    if effect.hit:
        key = "tuchulcha.log.hit_temple" if effect.hit_to == "temple" else "tuchulcha.log.hit"
        line = ctx.t("tuchulcha.log.and", first=line,
                     then=ctx.tn(key, effect.hit[1], pawns=pawns_text(ctx, *effect.hit)))
    if effect.seal:
        line = ctx.t("tuchulcha.log.and", first=line,
                     then=ctx.tn("tuchulcha.log.seal", count, stone=effect.dest))
    if effect.lost:
        line = ctx.t("tuchulcha.log.and", first=line,
                     then=ctx.tn("tuchulcha.log.lost", count, stone=effect.dest))
    return line


def _consequences(before, after, action, ctx: ViewContext) -> list[str]:
    """What changed besides the action itself: roles lost, players out, no move, the end."""
    lines = []
    if before.tuchulcha is not None and after.tuchulcha is None and action != "done":
        lines.append(ctx.t("tuchulcha.log.tuchulcha_out", name=ctx.name(before.tuchulcha)))
    for p in sorted(set(after.out) - set(before.out)):
        if p != before.tuchulcha or after.tuchulcha is not None:
            lines.append(ctx.t("tuchulcha.log.out", name=ctx.name(p)))
    moved = rules.is_move(action)
    if (not moved and after.passed is not None and after.passed == before.player
            and after.passed != before.passed):
        lines.append(ctx.t("tuchulcha.log.no_move", name=ctx.name(before.player)))
    if after.phase == rules.OVER and before.phase != rules.OVER:
        lines.append(result(after, ctx))
    return lines


def result(state: TuchulchaState, ctx: ViewContext) -> str:
    winners = state.winners()
    names = ctx.name(winners[0]) if len(winners) == 1 else _values(
        ctx, [ctx.name(p) for p in winners])
    reason = state.end_reason
    if reason in ("tuchulcha", "lasa"):
        return ctx.t(f"tuchulcha.result.{reason}", name=names)
    if not winners:
        return ctx.t("tuchulcha.result.nobody")
    def home(p):
        return sum(state.velthumena[c] for c in state.colours_of(p))

    best = home(winners[0])
    # End (c)'s tie-break: equal counts in Velthumena, decided by pawns still in play.
    level = [p for p in state.in_game() if p not in winners and home(p) == best]
    if len(winners) > 1:
        text = ctx.tn("tuchulcha.result.shared", best, name=names)
    elif level:
        text = ctx.tn("tuchulcha.result.tiebreak", state.player_in_play(winners[0]),
                      name=names, v=best,
                      others=_values(ctx, [ctx.name(p) for p in level]))
    else:
        text = ctx.tn("tuchulcha.result.race", best, name=names)
    if reason in ("stuck", "stall"):
        text = ctx.t(f"tuchulcha.result.{reason}") + " " + text
    elif reason == "race":     # (c): say whose last pawn left play
        empty = [p for p in state.in_game() if state.player_in_play(p) == 0]
        if empty:
            text = ctx.tn("tuchulcha.result.race_reason", len(empty),
                          name=_values(ctx, [ctx.name(p) for p in empty])) + " " + text
    return text


def help_page(ctx: ViewContext) -> str:
    from rituels.tuchulcha.help import help_page as page
    return page(ctx)


def thumbnail() -> str:
    from rituels.tuchulcha.help import thumbnail as thumb
    return thumb()


def _short_place(ctx: ViewContext, place) -> str:
    if isinstance(place, int):
        return str(place)
    kind = ("velthumena" if place == rules.VELTHUMENA else "star" if place == rules.STAR
            else "temple")
    return ctx.t(f"table.tu.place.{kind}")


def last_turn(player: int, steps, ctx: ViewContext) -> str:
    """The status line's summary of an opponent's turn: « Larth : 31 → 36, 32 → 37, frappe
    1 rouge » (app/lastturn.py)."""
    parts = []
    for before, action, _ in steps:
        if not rules.is_move(action):
            continue
        effect = before.move_effect(action)
        srcs = effect.src if action[0] == "A" else (effect.src,)
        parts.append(ctx.t("table.tu.move", src=" + ".join(_short_place(ctx, s) for s in srcs),
                           dest=_short_place(ctx, effect.dest)))
        if effect.hit:
            parts.append(ctx.tn("table.tu.hit", effect.hit[1],
                                colour=_colour_name(ctx, effect.hit[0])))
    text = ", ".join(parts) if parts else ctx.t("table.tu.no_move")
    return ctx.t("table.last", name=ctx.name(player), text=text)
