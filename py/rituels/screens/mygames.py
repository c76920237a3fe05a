""""Mes parties": every saved game of this device, with resume, replay, rename, delete (after a
confirmation), export as a .json file and import from one.

:func:`render` is pure markup from the save list (``SaveStore.list()`` entries); the route
and the ``games-*`` commands are handled in rituels/app/library.py.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

from rituels.engine.game import GAME_IDS
from rituels.i18n import t, tn
from rituels.screens.newgame import entry_names
from rituels.viewkit import attrs, esc

if TYPE_CHECKING:   # for an annotation only
    from rituels.engine.record import RecordError


def when(lang: str, iso: str) -> str:
    """A stored UTC time "2026-11-29T13:05:00Z" as the list shows it, in local time (in the
    browser, Pyodide's localtime follows the device's time zone)."""
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d).*", iso or "")
    if not m:
        return "—"
    import calendar  # here, not at the top: its import is a tenth of the app's start in Pyodide
    try:
        local = time.localtime(calendar.timegm(tuple(int(x) for x in m.groups()) + (0, 0, 0, 0)))
    except (OverflowError, ValueError):
        return "—"
    return t(lang, "library.games.date", y=f"{local.tm_year:04d}", m=f"{local.tm_mon:02d}",
             d=f"{local.tm_mday:02d}", h=f"{local.tm_hour:02d}", min=f"{local.tm_min:02d}")


def _players(lang: str, entry: dict[str, Any]) -> str:
    bots = entry.get("bots") or []
    names = []
    for i, name in enumerate(entry_names(lang, entry)):
        bot = bots[i] if i < len(bots) else None
        names.append(t(lang, "library.games.bot_name", name=name) if bot else str(name))
    return ", ".join(names)


def _state(lang: str, entry: dict[str, Any]) -> str:
    """« Terminée — gagnante : Ada — votre place : 2 sur 4 », « À vous », « Attend Bruno (à
    distance) », « Les automates jouent »; an entry written before these fields: « Terminée »
    or « En cours »."""
    players = entry_names(lang, entry)

    def name(p: int) -> str:
        return str(players[p]) if 0 <= p < len(players) else "?"
    if not entry.get("finished"):
        turn = entry.get("turn")
        if turn == "remote" and "waits" in entry:
            return t(lang, "mygames.waits_remote", name=name(entry["waits"]))
        if turn in ("you", "bots"):
            return t(lang, f"mygames.turn_{turn}")
        return t(lang, "library.games.ongoing")
    parts = [t(lang, "library.games.finished")]
    winners = entry.get("winners")
    if winners is not None:
        if winners:
            names = t(lang, "mygames.and").join(name(p) for p in winners)
            parts.append(tn(lang, "mygames.winners", len(winners), names=names))
        else:
            parts.append(t(lang, "mygames.no_winner"))
    places, mine = entry.get("places") or [], entry.get("mine") or []
    mine = [p for p in mine if 0 <= p < len(places)]
    if len(mine) == 1:
        parts.append(t(lang, "mygames.your_place", n=places[mine[0]], of=len(places)))
    elif mine:   # several people at this device: each one's place
        parts.append(t(lang, "mygames.places", list=", ".join(
            t(lang, "mygames.place_of", name=name(p), n=places[p], of=len(places))
            for p in mine)))
    return " — ".join(parts)


def _button(label: str, cmd: str, save_id: str, cls: str = "btn btn-small", **extra: Any) -> str:
    return (f'<button type="button"{attrs(class_=cls, data_cmd=cmd, data_id=save_id, **extra)}>'
            f'{esc(label)}</button>')


def _entry(lang: str, entry: dict[str, Any], renaming: str | None, confirming: str | None
           ) -> str:
    save_id = str(entry.get("id", ""))
    game = entry.get("game")
    if entry.get("corrupt") or game not in GAME_IDS:
        return (f'<li class="save-row corrupt"><div class="save-main">'
                f'<h2 class="save-title">{esc(t(lang, "library.games.corrupt"))}</h2></div>'
                f'<div class="save-actions">'
                + _button(t(lang, "library.games.export_raw"), "games-export-raw", save_id)
                + _delete_controls(lang, save_id, confirming == save_id)
                + '</div></li>')
    game_name = t(lang, f"app.game.{game}.name")
    title = entry.get("title") or game_name
    state = _state(lang, entry)
    # What the buttons' labels name: the given title and the game, else the game and its
    # players (« Revoir — Cthulhu Dice — Cthulhu Dice » said nothing, twice).
    players = _players(lang, entry)
    label = (f"{title} — {game_name}" if entry.get("title")
             else f"{game_name} — {players}" if players else game_name)
    if renaming == save_id:
        head = (f'<form class="rename" data-submit="games-rename-save">'
                f'<label class="field"><span class="field-label">'
                f'{esc(t(lang, "library.games.rename_label"))}</span>'
                f'<input type="text" name="title" id="rename-title" autocomplete="off"'
                f'{attrs(value=entry.get("title") or "", placeholder=game_name, maxlength=60)}>'
                f'</label>'
                + _button(t(lang, "library.games.rename_save"), "games-rename-save", save_id,
                          cls="btn btn-small btn-primary", type_="submit")
                + _button(t(lang, "library.games.cancel"), "games-rename-cancel", save_id)
                + '</form>')
    else:
        head = f'<h2 class="save-title">{esc(title)}</h2>'
    facts = [   # where the game stands first: who won, or whose decision it waits for
        (t(lang, "library.games.state"), state),
        (t(lang, "library.games.players"), players),
        (t(lang, "library.games.started"), when(lang, entry.get("started", ""))),
        (t(lang, "library.games.last_move"), when(lang, entry.get("updated", ""))),
        (t(lang, "library.games.moves"), str(entry.get("moves", 0))),
    ]
    if entry.get("title"):   # the heading shows the given name: say which game it is
        facts.insert(0, (t(lang, "library.games.game"), game_name))
    marks = [t(lang, "library.games.variant")] if entry.get("variant") else []
    if entry.get("coach"):   # meta.coach: the game was set up (or played on) with the coach
        marks.append(t(lang, "mygames.coach_mark"))
    if marks:   # small, under the title: not the line the eye reads first
        head += f'<p class="save-variant">{esc(" · ".join(marks))}</p>'

    dl = "".join(f"<div><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in facts)
    resume = "" if entry.get("finished") else (
        f'<a class="btn btn-small btn-primary"{attrs(href=f"#/play/{save_id}", aria_label=t(lang, "library.games.resume") + " — " + label)}>'
        f'{esc(t(lang, "library.games.resume"))}</a>')
    actions = (
        resume
        + f'<a class="btn btn-small"{attrs(href=f"#/replay/{save_id}", aria_label=t(lang, "library.games.replay") + " — " + label)}>'
        f'{esc(t(lang, "library.games.replay"))}</a>'
        + _button(t(lang, "library.games.rename"), "games-rename", save_id,
                  aria_label=t(lang, "library.games.rename") + " — " + label)
        + _button(t(lang, "library.games.export"), "games-export", save_id,
                  aria_label=t(lang, "library.games.export") + " — " + label)
        + _delete_controls(lang, save_id, confirming == save_id, label))
    status = "finished" if entry.get("finished") else "ongoing"
    return (f'<li{attrs(class_=f"save-row {status}", data_save=save_id)}>'
            f'<div class="save-main">{head}<dl class="save-facts">{dl}</dl></div>'
            f'<div class="save-actions">{actions}</div></li>')


def _delete_controls(lang: str, save_id: str, confirming: bool, label: str = "") -> str:
    if not confirming:
        return _button(t(lang, "library.games.delete"), "games-delete", save_id,
                       cls="btn btn-small btn-danger",
                       aria_label=t(lang, "library.games.delete") + (f" — {label}" if label else ""))
    return (f'<div class="confirm" role="alertdialog" aria-labelledby="confirm-{esc(save_id)}">'
            f'<p id="confirm-{esc(save_id)}">{esc(t(lang, "library.games.delete_confirm"))}</p>'
            + _button(t(lang, "library.games.delete_yes"), "games-delete-yes", save_id,
                      cls="btn btn-small btn-danger", id=f"confirm-yes-{save_id}")
            + _button(t(lang, "library.games.cancel"), "games-delete-no", save_id)
            + '</div>')


PAGE = 50   # rows drawn at once: thousands of games open as fast as a few


def space_text(lang: str, space: dict[str, Any] | None) -> str:
    """« Espace utilisé : 1,2 Mo » (navigator.storage.estimate), or "" when unknown."""
    used = space.get("used") if isinstance(space, dict) else None
    if not isinstance(used, (int, float)) or isinstance(used, bool) or used < 0:
        return ""
    size = f"{used / 1e6:.1f} MB" if used >= 1e5 else f"{used / 1e3:.0f} kB"
    if lang == "fr":
        size = size.replace(".", ",").replace(" MB", "\u00a0Mo").replace(" kB", "\u00a0ko")
    key = "storage.space_persisted" if space.get("persisted") is True else "storage.space"
    return t(lang, key, size=size)


REPORTED = 50   # bad entries of an import listed one by one; the rest are counted


def worth_keeping(entries: list[dict[str, Any]]) -> bool:
    """Whether a backup would keep anything: a readable game with at least one move."""
    return any(e.get("moves") and not e.get("corrupt") and e.get("game") in GAME_IDS
               for e in entries)


def import_summary(lang: str, counts: dict[str, int], bad: int) -> str:
    """« 12 parties importées, 3 déjà présentes, 1 prolongée, 1 entrée illisible : … »."""
    parts = [tn(lang, f"backup.{kind}", n) for kind, n in counts.items() if n]
    if bad:
        parts.append(tn(lang, "backup.bad", bad))
    if not parts:
        return t(lang, "backup.nothing")
    return t(lang, "backup.summary_bad" if bad else "backup.summary", list=", ".join(parts))


def _backup(lang: str, entries: list[dict[str, Any]], last: str | None,
            importing: tuple[int, int] | None, report: dict[str, Any] | None) -> str:
    """The backup controls: « Exporter toutes mes parties » and when it was last done (once
    there is a game worth keeping), an import's progress, then its report."""
    out = ""
    if importing is not None:
        done, total = importing
        out += (f'<p class="import-progress" role="status">'
                f'{esc(t(lang, "backup.progress", done=done, total=total))}</p>')
    if report is not None and report["bad"]:
        items = "".join(
            f"<li>{esc(t(lang, 'backup.entry_named', n=n, label=label, reason=reason))}</li>"
            if label else f"<li>{esc(t(lang, 'backup.entry_at', n=n, reason=reason))}</li>"
            for n, label, reason in report["bad"][:REPORTED])
        rest = len(report["bad"]) - REPORTED
        more = f"<p>{esc(tn(lang, 'backup.more', rest))}</p>" if rest > 0 else ""
        out += (f'<section class="import-report" aria-labelledby="report-title">'
                f'<h2 id="report-title">{esc(t(lang, "backup.report_title"))}</h2>'
                f'<ul>{items}</ul>{more}</section>')
    if not worth_keeping(entries):
        return out
    day = when(lang, last) if last else t(lang, "backup.never")
    return out + (
        '<section class="backup" aria-labelledby="backup-title">'
        f'<h2 id="backup-title">{esc(t(lang, "backup.title"))}</h2>'
        f'<p class="backup-last">{esc(t(lang, "backup.last", when=day))}</p>'
        f'<p>{esc(t(lang, "backup.help"))}</p>'
        f'<button type="button" class="btn" data-cmd="games-export-all">'
        f'{esc(t(lang, "backup.export"))}</button></section>')


def _stored(lang: str, stored: dict[str, Any]) -> str:
    """What the list cannot show: the database refused to open, or older saves wait to be
    moved (then "no game" would be false)."""
    out = ""
    if stored.get("unreadable"):
        out += f'<p class="stored-note" role="alert">{esc(t(lang, "backup.unreadable_db"))}</p>'
    if stored.get("waiting"):
        out += (f'<p class="stored-note" role="alert">'
                f'{esc(tn(lang, "backup.waiting", stored["waiting"]))}</p>')
    return out


def render(lang: str, entries: list[dict[str, Any]], *, renaming: str | None = None,
           confirming: str | None = None, shown: int = PAGE,
           space: dict[str, Any] | None = None, last_backup: str | None = None,
           importing: tuple[int, int] | None = None, report: dict[str, Any] | None = None,
           stored: dict[str, Any] | None = None) -> str:
    notes = _stored(lang, stored or {})
    if entries:
        rest = len(entries) - shown
        more = (f'<p class="more"><button type="button" class="btn" data-cmd="games-more">'
                f'{esc(t(lang, "storage.more", n=min(rest, PAGE)))}</button></p>'
                if rest > 0 else "")
        rows = "".join(_entry(lang, e, renaming, confirming) for e in entries[:shown])
        body = f'<ul class="save-list">{rows}</ul>{more}'
        used = space_text(lang, space)
        if used:
            body += f'<p class="space-used">{esc(used)}</p>'

    elif notes:   # "no game" would be false: the notes say what is true
        body = ""
    else:
        body = f'<p class="empty">{esc(t(lang, "library.games.empty"))}</p>'
    body = notes + body + _backup(lang, entries, last_backup, importing, report)
    importer = (
        '<section class="import" aria-labelledby="import-title">'
        f'<h2 id="import-title">{esc(t(lang, "library.games.import_title"))}</h2>'
        f'<p>{esc(t(lang, "library.games.import_help"))}</p>'
        '<label class="btn file-btn">'
        f'<span>{esc(t(lang, "library.games.import"))}</span>'
        '<input type="file" class="visually-hidden" id="import-file" accept=".json,application/json"'
        ' data-cmd="games-import"></label></section>')
    return (
        '<section class="mygames">'
        f'<h1 id="main-title" tabindex="-1">{esc(t(lang, "library.games.title"))}</h1>'
        # The statistics and the rating (rituels.app.stats), worked out from these games.
        f'<p class="stats-link"><a class="btn btn-small" href="#/stats">'
        f'{esc(t(lang, "rating.stats"))}</a></p>'
        f'{body}{importer}</section>')


def export_filename(entry: dict[str, Any] | None, save_id: str) -> str:
    """``rituels-tuchulcha-2026-11-29-ab12cd34.json``: game, start date, id (ASCII only)."""
    game = (entry or {}).get("game") or "game"
    day = str((entry or {}).get("started", ""))[:10]
    safe = re.sub(r"[^a-z0-9-]+", "-", f"rituels-{game}-{day}-{save_id}".lower()).strip("-")
    return re.sub(r"-+", "-", safe) + ".json"


def describe_error(lang: str, exc: RecordError) -> str:
    """A RecordError (or LinkError) as one translated sentence, naming the action if any."""
    reason = t(lang, exc.code)
    if reason == exc.code:          # no translation for this code: the English reason
        reason = exc.reason
    if exc.index is not None and exc.action:
        return t(lang, "record.at_action", n=exc.index + 1, action=exc.action, reason=reason)
    if exc.index is not None:
        return t(lang, "library.error.at", n=exc.index + 1, reason=reason)
    return reason
