"""The new-game dialog: player count, each seat (human or bot, and its level), names, and the
game's own options (only those that apply to the chosen count).

The draft is plain data ``{game, count, seats: [{kind, name}], options}`` kept by the app
between renders; :func:`read_form` updates it from the form fields the glue sends.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rituels.engine.game import Game, Option, get_game
from rituels.engine.record import MAX_NAME, local_seats
from rituels.engine.safeinput import visible_form
from rituels.i18n import LANGS, t
from rituels.lessons import LESSON_GAMES
from rituels.viewkit import attrs, esc

PEOPLE = ("human", "remote")   # remote: a person on another device
# Bot kinds a form may still send besides the game's levels: "easy" (the random mover, a
# developers' tool) and "strong" (older set-ups); the dialog offers only the levels.
OLD_BOTS = ("easy", "strong")
SEATS_KEY = "rituels.seats."   # + game id: the seat kinds last started, remembered


def kinds_of(game: Game) -> tuple[str, ...]:
    """What a seat may be: a person here or elsewhere, or a bot at one of the game's levels."""
    return PEOPLE + tuple(game.levels)


def first_level(game: Game) -> str:
    return game.levels[0] if game.levels else "easy"


def level_label(lang: str, game: Game, level: str) -> str:
    """« Initié (1 384) »: the level's name and its calibrated rating if any (the dialog
    shows the levels in a group named « Automates »)."""
    name = t(lang, f"rating.level.{level}")
    rating = game.ratings.get(level)
    if rating is None:
        return name
    return t(lang, "rating.level_rated", level=name, rating=round(rating.value))


def remembered_kinds(text: str | None, game: Game) -> list[str]:
    """The seat kinds stored under ``SEATS_KEY`` (JSON list), each checked; [] if unreadable."""
    import json
    if not isinstance(text, str) or len(text) > 400:
        return []
    try:
        data = json.loads(text)
    except ValueError:
        return []
    if not isinstance(data, list):
        return []
    allowed = kinds_of(game)
    return [k if k in allowed else first_level(game) for k in data[:game.max_players]
            if isinstance(k, str)]


# The bots' pace: seconds per automatic move (a player setting the app stores). "Normale"
# shows each bot step for 0.9 s, long enough to see it on the board (issue 24).
PACES = (("slow", 1.6), ("normal", 0.9), ("fast", 0.25))


def pace_name(seconds: float) -> str:
    return min(PACES, key=lambda p: abs(p[1] - seconds))[0]


def chosen_pace(draft: dict[str, Any]) -> float | None:
    """The pace picked in the dialog, or None if it was left as it was when the dialog
    opened (a finer stored value is then kept)."""
    if draft["pace"] == draft["pace_at_open"]:
        return None
    return dict(PACES)[draft["pace"]]


def default_draft(game: Game, pace_s: float = 0.9, kinds: list[str] = ()) -> dict[str, Any]:
    """A fresh draft; ``kinds``: the seat kinds remembered from the last game set up."""
    seats = [{"kind": "human" if i == 0 else first_level(game), "name": ""}
             for i in range(game.max_players)]
    for i, kind in enumerate(list(kinds)[:game.max_players]):
        seats[i]["kind"] = kind
    return {"game": game.id, "count": game.default_players, "seats": seats,
            "options": {o.key: o.default for o in game.options},
            "pace": pace_name(pace_s), "pace_at_open": pace_name(pace_s), "coach": False}


def layout_key(draft: dict[str, Any]) -> tuple:
    """What decides the dialog's markup apart from the typed names (count, seat kinds,
    options): the app re-renders the dialog only when this changes."""
    return (draft["count"], tuple(s["kind"] for s in draft["seats"]),
            tuple(sorted((k, str(v)) for k, v in draft["options"].items())))


def draft_from_record(game: Game, record: dict[str, Any], pace_s: float = 0.9
                      ) -> dict[str, Any]:
    """A draft with the seats and options of a game just played ("new game" from a game)."""
    draft = default_draft(game, pace_s)
    draft["count"] = len(record["seats"])
    here = local_seats(record)   # a game at a distance: the same people elsewhere again
    for i, seat in enumerate(record["seats"][:len(draft["seats"])]):
        bot = seat["bot"]
        if bot is not None and game.levels:   # an older game's "easy" or "strong": a level
            bot = game.level_of(bot) or first_level(game)
        kind = bot or ("human" if i in here else "remote")
        draft["seats"][i] = {"kind": kind, "name": seat["name"]}
    draft["options"].update(record.get("options") or {})
    draft["coach"] = record["meta"].get("coach") is True
    return draft


def _bot_names(game_id: str, lang: str) -> list[str]:
    key = f"app.bots.{game_id}"
    listed = t(lang, key)
    return [n.strip() for n in listed.split(",")] if listed != key else []


def localized_names(game_id: str, names: list[str], lang: str) -> list[str]:
    """The players' names for display in ``lang``: a default name given in another language
    ("Joueur 2", "Cacatoès") is shown as the same default in this one ("Player 2",
    "Cockatoo"); names people typed stay as typed."""
    table = _other_defaults(game_id, lang)
    return [table.get(name, name) for name in names]


@lru_cache(maxsize=64)
def _other_defaults(game_id: str, lang: str) -> dict[str, str]:
    """Default names of the other languages -> the same default in ``lang`` (built once: My
    games shows every save's players through it)."""
    mine = _bot_names(game_id, lang)
    table: dict[str, str] = {}
    for other in LANGS:
        if other == lang:
            continue
        for n in range(1, 9):
            for key in ("app.newgame.player_n", "app.newgame.bot_n"):
                table.setdefault(t(other, key, n=n), t(lang, key, n=n))
        for i, name in enumerate(_bot_names(game_id, other)[:len(mine)]):
            table.setdefault(name, mine[i])
    return table


def default_name(game_id: str, bot: bool, n: int, lang: str) -> str:
    """The n-th default name (1-based) in ``lang``: "Joueur n" for a person (who plays here
    or at a distance), else the n-th bot name of the game ("Bot n" past the list)."""
    if not bot:
        return t(lang, "app.newgame.player_n", n=n)
    bot_names = _bot_names(game_id, lang)
    return bot_names[n - 1] if n <= len(bot_names) else t(lang, "app.newgame.bot_n", n=n)


def default_numbers(draft: dict[str, Any]) -> list[int]:
    """Each seat's default-name number: people and bots are counted apart."""
    numbers, humans, bots = [], 0, 0
    for seat in draft["seats"][:draft["count"]]:
        if seat["kind"] in PEOPLE:
            humans += 1
            numbers.append(humans)
        else:
            bots += 1
            numbers.append(bots)
    return numbers


def default_names(draft: dict[str, Any], lang: str) -> list[str]:
    """Names used when a seat's name is left empty: "Joueur 2", or a bot name of the game."""
    return [default_name(draft["game"], seat["kind"] not in PEOPLE, n, lang)
            for seat, n in zip(draft["seats"], default_numbers(draft))]


def seat_names(game_id: str, seats: list[dict[str, Any]], lang: str) -> list[str]:
    """The players' names shown in ``lang``: a seat marked with a default name (``default``,
    docs/records.md) in this language; an older record's names through ``localized_names``
    (a default name of another language recognised as such)."""
    names = localized_names(game_id, [s["name"] for s in seats], lang)
    return [default_name(game_id, s.get("bot") is not None, s["default"], lang)
            if type(s.get("default")) is int else name for s, name in zip(seats, names)]


def entry_names(lang: str, entry: dict[str, Any]) -> list[str]:
    """The players of a saves index entry (rituels.app.saves) as ``seat_names`` shows them."""
    players, bots = entry.get("players") or [], entry.get("bots") or []
    defaults = entry.get("defaults") or []
    seats = [{"name": str(name), "bot": bots[i] if i < len(bots) else None,
              **({"default": defaults[i]} if i < len(defaults) and defaults[i] else {})}
             for i, name in enumerate(players)]
    return seat_names(str(entry.get("game") or ""), seats, lang)


def _option_value(opt: Option, raw: Any) -> Any:
    if opt.kind == "bool":
        return raw is True or raw in ("true", "on", "1")
    if opt.kind == "int":
        try:
            value = int(str(raw).strip())
        except ValueError:
            return opt.default
        lo = opt.min if opt.min is not None else value
        hi = opt.max if opt.max is not None else value
        return min(max(value, lo), hi)
    for choice in opt.choices:
        if str(choice) == str(raw):
            return choice
    return opt.default


def read_form(draft: dict[str, Any], form: dict[str, Any]) -> dict[str, Any]:
    """A new draft with the form's values (anything malformed keeps the previous value)."""
    game = get_game(draft["game"])
    out = {"game": draft["game"], "count": draft["count"],
           "seats": [dict(s) for s in draft["seats"]], "options": dict(draft["options"]),
           "pace": draft["pace"], "pace_at_open": draft["pace_at_open"],
           "coach": draft.get("coach", False)}
    if isinstance(form.get("coach"), bool):
        out["coach"] = form["coach"]
    if form.get("pace") in dict(PACES):
        out["pace"] = form["pace"]
    try:
        count = int(str(form.get("count", out["count"])))
        if game.min_players <= count <= game.max_players:
            out["count"] = count
    except ValueError:
        pass
    for i, seat in enumerate(out["seats"]):
        kind = form.get(f"seat-{i}-kind")
        if kind in kinds_of(game) or kind in OLD_BOTS:
            seat["kind"] = kind
        name = form.get(f"seat-{i}-name")
        if isinstance(name, str):
            seat["name"] = " ".join(name.split())[:MAX_NAME]
    for opt in game.options:
        field = f"opt-{opt.key}"
        if field in form:  # the glue sends checkboxes as true/false
            out["options"][opt.key] = _option_value(opt, form[field])
    return out


def to_setup(draft: dict[str, Any], lang: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Seats and options for ``new_record``; ValueError when the set-up is not valid."""
    game = get_game(draft["game"])
    defaults = default_names(draft, lang)
    numbers = default_numbers(draft)
    seats = []
    for i, seat in enumerate(draft["seats"][:draft["count"]]):
        name = seat["name"].strip() or defaults[i]
        if not visible_form(name):   # only invisible characters: it would show as nothing
            raise ValueError(t(lang, "storage.name_invisible"))
        seats.append({"name": name, "bot": None if seat["kind"] in PEOPLE else seat["kind"],
                      "remote": seat["kind"] == "remote"})
        if not seat["name"].strip():   # a default name: shown in each reader's language
            seats[-1]["default"] = numbers[i]
    names = [visible_form(s["name"]) for s in seats]   # "Ada" and "Ada\u200b" look alike
    twice = sorted({s["name"] for s in seats if names.count(visible_form(s["name"])) > 1})
    if twice:  # the log and the board name players: two alike would be confusing
        raise ValueError(t(lang, "app.newgame.same_name", name=twice[0]))
    kinds = [s["kind"] for s in draft["seats"][:draft["count"]]]
    if "remote" in kinds and "human" not in kinds:   # someone must play here first
        raise ValueError(t(lang, "remote.setup.needs_local"))
    options = {o.key: draft["options"].get(o.key, o.default) for o in game.options
               if o.applies_to(draft["count"])}
    return seats, options


def _options(values: list[tuple[str, str]], current: str) -> str:
    return "".join(
        f'<option{attrs(value=value, selected=str(value) == str(current))}>{esc(text)}</option>'
        for value, text in values)


def _select(name: str, label: str, values: list[tuple[str, str]], current: str,
            extra_class: str = "", hide_label: bool = False, note: str = "",
            groups: list[tuple[str, list[tuple[str, str]]]] = ()) -> str:
    """A labelled select; ``note``: a line under it that says what the choice means (also
    its description for screen readers); ``groups``: (label, values) shown as optgroups
    after ``values``."""
    options = _options(values, current) + "".join(
        f'<optgroup{attrs(label=label_)}>{_options(vals, current)}</optgroup>'
        for label_, vals in groups if vals)
    label_class = "visually-hidden" if hide_label else "field-label"
    note_id = f"{name}-note" if note else None
    return (f'<label class="field{extra_class}"><span class="{label_class}">{esc(label)}</span>'
            f'<select{attrs(name=name, id=name, aria_describedby=note_id)}>{options}</select>'
            + (f'<span class="field-note"{attrs(id=note_id)}>{esc(note)}</span>' if note else "")
            + '</label>')


def count_note(lang: str, game_id: str, count: int) -> str:
    """What a player count means when it is not one place each (Cthulhu Dice at two: two
    places each), said before the game starts; "" for the usual one place each."""
    key = f"app.newgame.count_note.{game_id}.{count}"
    text = t(lang, key)
    return "" if text == key else text


def _option_field(lang: str, opt: Option, value: Any) -> str:
    label = t(lang, opt.label)
    field = f"opt-{opt.key}"
    if opt.kind == "bool":
        return (f'<label class="check"><input type="checkbox"{attrs(name=field, id=field, checked=bool(value))}>'
                f'<span>{esc(label)}</span></label>')
    if opt.kind == "int":
        return (f'<label class="field"><span class="field-label">{esc(label)}</span>'
                f'<input type="number" inputmode="numeric"'
                f'{attrs(name=field, id=field, value=value, min=opt.min, max=opt.max)}></label>')
    choices = [(str(c), t(lang, f"{opt.label}.{c}")) for c in opt.choices]
    return _select(field, label, choices, value)


def render(lang: str, draft: dict[str, Any] | None, errors: list[str] = (),
           dev: bool = False) -> str:
    """The dialog; ``dev`` (a browser test's seam is on, rituels.app.testseam): the seats
    also offer the developers' bots, "easy" (the random mover) and "strong" (older set-ups)."""
    if draft is None:
        return ""
    problems = "".join(f'<p class="notice notice-error">{esc(e)}</p>' for e in errors)
    game = get_game(draft["game"])
    game_name = t(lang, f"app.game.{game.id}.name")
    counts = [(str(n), str(n)) for n in range(game.min_players, game.max_players + 1)]
    kinds = [(k, t(lang, f"app.newgame.kind.{k}")) for k in PEOPLE]
    levels = ([(k, level_label(lang, game, k)) for k in game.levels]
              + ([(k, t(lang, f"app.newgame.kind.{k}")) for k in OLD_BOTS] if dev else []))
    defaults = default_names(draft, lang)
    rows = []
    for i, seat in enumerate(draft["seats"][:draft["count"]]):
        n = i + 1
        rows.append(
            '<li class="seat">'
            f'<span class="seat-n" aria-hidden="true">{n}</span>'
            f'<label class="field seat-name"><span class="visually-hidden">'
            f'{esc(t(lang, "app.newgame.name_of", n=n))}</span>'
            f'<input type="text" autocomplete="off" spellcheck="false"'
            f'{attrs(name=f"seat-{i}-name", id=f"seat-{i}-name", value=seat["name"], placeholder=defaults[i], maxlength=MAX_NAME)}>'
            '</label>'
            + _select(f"seat-{i}-kind", t(lang, "app.newgame.kind_of", n=n), kinds, seat["kind"],
                      " seat-kind", hide_label=True,
                      groups=[(t(lang, "rating.bots"), levels)])
            + '</li>')
    options = [opt for opt in game.options
               if opt.applies_to(draft["count"]) and opt.shown_with(draft["options"])]
    options_markup = ""
    if options:
        fields = "".join(_option_field(lang, o, draft["options"].get(o.key, o.default))
                         for o in options)
        options_markup = (f'<fieldset class="options"><legend>{esc(t(lang, "app.newgame.options"))}'
                          f'</legend>{fields}</fieldset>')
    pace_markup = ""
    if any(seat["kind"] not in PEOPLE for seat in draft["seats"][:draft["count"]]):
        paces = [(name, t(lang, f"app.newgame.pace.{name}")) for name, _ in PACES]
        pace_markup = _select("pace", t(lang, "app.newgame.pace"), paces, draft["pace"],
                              " pace")
    # The coach (rituels/app/analysis.py): off by default, remembered per game.
    coach = (f'<label class="check"><input type="checkbox"'
             f'{attrs(name="coach", id="coach", checked=bool(draft.get("coach")))}>'
             f'<span>{esc(t(lang, "analysis.coach_option"))}</span></label>')
    return (
        '<div class="overlay">'
        '<div class="dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title">'
        '<form class="newgame" data-submit="start" novalidate>'
        f'<h2 id="dialog-title" tabindex="-1">{esc(t(lang, "app.newgame.title", game=game_name))}</h2>'
        f'{problems}'
        # A newcomer may want the guided game first (rituels/app/lessons.py).
        + (f'<p class="newgame-learn"><a{attrs(class_="btn btn-small", href="#/learn/" + draft["game"])}>'
           f'{esc(t(lang, "lessons.learn"))}</a></p>' if draft["game"] in LESSON_GAMES else "")
        + _select("count", t(lang, "app.newgame.count"), counts, str(draft["count"]),
                  note=count_note(lang, game.id, draft["count"]))
        + f'<fieldset class="seats"><legend>{esc(t(lang, "app.newgame.seats"))}</legend>'
        f'<ol class="seat-list">{"".join(rows)}</ol></fieldset>'
        f'{pace_markup}{options_markup}{coach}'
        '<div class="dialog-actions">'
        f'<button type="button" class="btn" data-cmd="close" data-escape>{esc(t(lang, "app.newgame.cancel"))}</button>'
        f'<button type="submit" class="btn btn-primary" data-cmd="start">{esc(t(lang, "app.newgame.start"))}</button>'
        '</div></form></div></div>'
    )
