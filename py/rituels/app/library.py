""""Mes parties": the route ``#/games`` and the ``games-*`` commands (rename, delete after a
confirmation, export, export of an unreadable save as it is, import). The markup is
rituels/screens/mygames.py.

Glue effects (web/glue.py carries them out):
- ``effects.Download(filename, "application/json", text)``: make a Blob of ``text``, an object
  URL, click a temporary ``<a download=filename>``, revoke.
- The import control is ``<input type="file" data-cmd="games-import">``: on its ``change``
  event the glue has the page put the chosen file's text in the database (store.js
  ``stage``: a backup of thousands of games never crosses MicroPython's small heap) and sends
  ``click {"cmd": "games-import", "staged": "1", "filename"}``; the Host takes the text out
  of the database into ``text`` (rituels.app.browser). Without a database the glue reads the
  file itself and sends its ``text``.

The same control takes a one-game file or a backup of every game (rituels.app.backup): a
backup is checked a slice per timer tick (the watchdog never sees a long message), then
written in one go, and reported (counts, and each bad entry). « Exporter toutes mes
parties » downloads the backup and notes its time under :data:`BACKUP_KEY`.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from rituels.app import backup
from rituels.app.backup import BACKUP_KEY
from rituels.app.effects import Download, Focus
from rituels.app.registry import Feature, FeatureHost
from rituels.app.storage import StorageError
from rituels.engine.record import MAX_RECORD_CHARS, RecordError
from rituels.engine.safeinput import InputError, read_json, text_problem
from rituels.i18n import tn
from rituels.screens.mygames import (PAGE, describe_error, export_filename, import_summary,
                                     render)

STEP_S = 0.25   # a backup's entries checked per timer tick (the page stays answerable)


@dataclass
class Kept:
    """What « Mes parties » keeps in the app (``FEATURE.of(app)``)."""

    # The screen's UI state: which row is being renamed or deleted, how many games are shown.
    ui: dict[str, Any] = field(default_factory=lambda: {"renaming": None, "confirming": None})
    job: backup.Importer | None = None    # a backup being imported
    report: backup.Summary | None = None  # the last import's, shown until « Mes parties » is left


FEATURE: Feature[Kept] = Feature("library", state=Kept)


def _ui(app: FeatureHost) -> dict[str, Any]:
    """This screen's UI state on the app: which row is being renamed or deleted."""
    return FEATURE.of(app).ui


def games_screen(app: FeatureHost) -> str:
    try:
        entries = app.saves.list()
    except StorageError:
        entries, app.saving_off = [], True
    ui, kept = _ui(app), FEATURE.of(app)
    job, report = kept.job, kept.report
    return render(app.lang, entries, renaming=ui["renaming"], confirming=ui["confirming"],
                  shown=ui.get("shown", PAGE), space=app.space, last_backup=last_backup(app),
                  importing=(job.done, job.total) if job is not None else None,
                  report=None if report is None else {"bad": [
                      (b.position, b.label, describe_error(app.lang, b.error))
                      for b in report.bad]},
                  stored=app.stored)


def last_backup(app: FeatureHost) -> str | None:
    """When the last backup was exported from this device (UTC, ISO), None if never."""
    try:
        data = read_json(app.storage.get(BACKUP_KEY), max_chars=1_000)
    except (InputError, StorageError):
        return None
    at = data.get("at") if isinstance(data, dict) else None
    return at if isinstance(at, str) and len(at) == 20 else None


@FEATURE.route("games")
def _games(app: FeatureHost, arg: str) -> None:
    FEATURE.of(app).ui = {"renaming": None, "confirming": None, "shown": PAGE}
    FEATURE.of(app).report = None
    app.screen = games_screen


@FEATURE.command("games-more")
def _more(app: FeatureHost, data: dict) -> None:
    ui = _ui(app)
    ui["shown"] = ui.get("shown", PAGE) + PAGE


def _storage_failed(app: FeatureHost) -> None:
    app.saving_off = True
    app.notice("library.games.storage_error")


@FEATURE.command("games-rename")
def _rename(app: FeatureHost, data: dict) -> None:
    _ui(app).update(renaming=str(data.get("id", "")), confirming=None)
    app.effects.append(Focus("#rename-title"))


@FEATURE.command("games-rename-cancel")
def _rename_cancel(app: FeatureHost, data: dict) -> None:
    _ui(app)["renaming"] = None


@FEATURE.command("games-rename-save")
def _rename_save(app: FeatureHost, data: dict) -> None:
    save_id = str(data.get("id") or _ui(app)["renaming"] or "")
    title = str((data.get("form") or {}).get("title", ""))
    if text_problem(title):
        app.notice("library.input.bad_text")
        return
    try:
        app.saves.rename(save_id, title)
        app.notice("library.games.renamed", kind="info")
    except KeyError:
        app.notice("app.notice.no_save")
    except StorageError:
        _storage_failed(app)
    _ui(app)["renaming"] = None


@FEATURE.command("games-delete")
def _delete_ask(app: FeatureHost, data: dict) -> None:
    save_id = str(data.get("id", ""))
    _ui(app).update(confirming=save_id, renaming=None)
    app.effects.append(Focus(f"#confirm-yes-{save_id}"))


@FEATURE.command("games-delete-no")
def _delete_no(app: FeatureHost, data: dict) -> None:
    _ui(app)["confirming"] = None


@FEATURE.command("games-delete-yes")
def _delete_yes(app: FeatureHost, data: dict) -> None:
    save_id = str(data.get("id", ""))
    if _ui(app)["confirming"] != save_id:
        return  # only the row that asked for confirmation can be deleted
    try:
        app.saves.delete(save_id)
        app.notice("library.games.deleted", kind="info")
    except StorageError:
        _storage_failed(app)
    if app.session is not None and app.session.save_id == save_id:
        app.session = None
    _ui(app)["confirming"] = None
    app.effects.append(Focus("#main-title"))


@FEATURE.command("games-export")
def _export(app: FeatureHost, data: dict) -> None:
    _download(app, str(data.get("id", "")), raw=False)


@FEATURE.command("games-export-raw")
def _export_raw(app: FeatureHost, data: dict) -> None:
    """An unreadable save leaves as the text it holds (to repair or report it)."""
    _download(app, str(data.get("id", "")), raw=True)


def _download(app: FeatureHost, save_id: str, raw: bool) -> None:
    try:
        text = app.saves.raw(save_id) if raw else app.saves.export(save_id)
        entry = None if raw else next((e for e in app.saves.list() if e.get("id") == save_id),
                                      None)
    except KeyError:
        app.notice("app.notice.no_save")
        return
    except RecordError as exc:
        app.notice("library.games.export_error", reason=describe_error(app.lang, exc))
        return
    except StorageError:
        _storage_failed(app)
        return
    app.effects.append(Download(export_filename(entry, save_id), "application/json", text))


@FEATURE.command("games-export-all")
def _export_all(app: FeatureHost, data: dict) -> None:
    """Every game in one file; its time noted with the saves (« Dernière sauvegarde »)."""
    try:
        text, count = backup.export_all(app.saves)
    except StorageError:
        _storage_failed(app)
        return
    name = backup.filename()
    app.effects.append(Download(name, "application/json", text))
    try:
        app.storage.set(BACKUP_KEY, json.dumps(
            {"at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "games": count}))
    except StorageError:
        app.saving_off = True
    _say(app, "info", tn(app.lang, "backup.exported", count, file=name))


def _say(app: FeatureHost, kind: str, text: str) -> None:
    app.notices.append({"kind": kind, "text": text})
    app.announcements.append(text)
    app.changed = True


@FEATURE.command("games-import")
def _import(app: FeatureHost, data: dict) -> None:
    text = data.get("text")
    try:
        found = backup.read_file(text)
        games = backup.games_of(found) if backup.is_backup(found) else None
    except RecordError as exc:
        app.notice("library.games.import_error", reason=describe_error(app.lang, exc))
        return
    if games is not None:
        try:
            FEATURE.of(app).job = backup.Importer(app.saves, games)
        except StorageError:
            _storage_failed(app)
            return
        FEATURE.of(app).report = None
        app.changed = True
        app.schedule(0, STEP_S)
        return
    if isinstance(text, str) and len(text) > MAX_RECORD_CHARS:
        app.notice("library.games.import_error", reason=app.t("library.input.too_big"))
        return
    try:
        save_id = app.saves.import_(text)
    except RecordError as exc:
        app.notice("library.games.import_error", reason=describe_error(app.lang, exc))
        return
    except StorageError:   # the record could not be written: nothing was stored
        app.saving_off = True
        app.notice("library.games.import_not_saved")
        return
    app.notice("library.games.imported", kind="info")
    FEATURE.of(app).ui = {"renaming": None, "confirming": None}
    app.effects.append(Focus(f'[data-save="{save_id}"]'))


@FEATURE.hook("tick")
def _tick(app: FeatureHost) -> None:
    """A backup's import: check a slice, then write it all and report."""
    kept = FEATURE.of(app)
    job = kept.job
    if job is None:
        return
    app.changed = True
    if not job.step(STEP_S):
        app.schedule(0, STEP_S)
        return
    kept.job = None
    try:
        summary = job.apply()
    except StorageError:   # nothing of it was written
        app.saving_off = True
        app.notice("backup.not_saved")
        return
    kept.report = summary
    counts = {"imported": summary.imported, "present": summary.present,
              "extended": summary.extended, "forked": summary.forked}
    _say(app, "warning" if summary.bad else "info",
         import_summary(app.lang, counts, len(summary.bad)))
