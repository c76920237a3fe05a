""""Mes parties": the route ``#/games`` and the ``games-*`` commands (rename, delete after a
confirmation, export, export of an unreadable save as it is, import). The markup is
rituels/screens/mygames.py.

Glue effects (web/glue.py carries them out):
- ``effects.Download(filename, "application/json", text)``: make a Blob of ``text``, an object
  URL, click a temporary ``<a download=filename>``, revoke.
- The import control is ``<input type="file" data-cmd="games-import">``: on its ``change``
  event the glue reads the chosen file as text (``File.text()``) and calls
  ``app.click({"cmd": "games-import", "text": <file text>, "filename": <name>})``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rituels.app.effects import Download, Focus
from rituels.app.registry import Feature, FeatureHost
from rituels.app.storage import StorageError
from rituels.engine.record import RecordError
from rituels.engine.safeinput import text_problem
from rituels.screens.mygames import PAGE, describe_error, export_filename, render


@dataclass
class Kept:
    """What « Mes parties » keeps in the app (``FEATURE.of(app)``)."""

    # The screen's UI state: which row is being renamed or deleted, how many games are shown.
    ui: dict[str, Any] = field(default_factory=lambda: {"renaming": None, "confirming": None})


FEATURE: Feature[Kept] = Feature("library", state=Kept)


def _ui(app: FeatureHost) -> dict[str, Any]:
    """This screen's UI state on the app: which row is being renamed or deleted."""
    return FEATURE.of(app).ui


def games_screen(app: FeatureHost) -> str:
    try:
        entries = app.saves.list()
    except StorageError:
        entries, app.saving_off = [], True
    ui = _ui(app)
    return render(app.lang, entries, renaming=ui["renaming"], confirming=ui["confirming"],
                  shown=ui.get("shown", PAGE), space=app.space)


@FEATURE.route("games")
def _games(app: FeatureHost, arg: str) -> None:
    FEATURE.of(app).ui = {"renaming": None, "confirming": None, "shown": PAGE}
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


@FEATURE.command("games-import")
def _import(app: FeatureHost, data: dict) -> None:
    try:
        save_id = app.saves.import_(data.get("text"))
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


