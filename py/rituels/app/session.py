"""One game being played in the app: its record, the live state, the log and who may see what.

A session is rebuilt from a record by replaying it (that is how a reload restores exactly the
same position) and grows by :meth:`Session.play`, which appends each action to the record.
"""

from __future__ import annotations

from typing import Any

from rituels.engine.game import Game, get_game
from rituels.engine.history import History
from rituels.engine.record import check_record, local_seats
from rituels.engine.state import CHANCE, turn_owner
from rituels.screens.newgame import seat_names
from rituels.viewkit import ViewContext, ViewModule, load_view

MAX_LOG = 300


def game_package(game_id: str) -> str:
    return "rituels." + game_id.replace("-", "_")


class Session:
    def __init__(self, save_id: str, record: dict[str, Any], lang: str):
        """Replay ``record``; raises RecordError if it is damaged, ImportError if the game's
        view is missing."""
        self.save_id = save_id
        self.record = check_record(record)
        self.view: ViewModule = load_view(self.record["game"])
        self.game: Game = get_game(self.record["game"])
        self.names = seat_names(self.record["game"], self.record["seats"], lang)
        self.selection = ""
        self.revealed: int | None = None   # the human who last confirmed "I am X"
        self.bots: dict[int, Any] = {}     # seat -> Bot, created when first needed
        self.rev = 0                       # stored revision this session continues
        self.synced = 0                    # actions stored at that revision
        self.lang = lang
        self.local = local_seats(self.record)   # people who play on this device
        # the record's positions; its state is the live one, grown by play()
        self.history = History(self.record, describe=self._describe, checked=True)
        self.state = self.history.state
        self.log: list[str] = self._last_lines()

    # --- who is who ---------------------------------------------------------------------
    def is_human(self, player: int | None) -> bool:
        """A person who plays on this device (people elsewhere play by link)."""
        return player in self.local

    def remote_actor(self) -> int | None:
        """The person elsewhere whose decision (or roll) the game waits for, or None."""
        actor = self.actor()
        if actor is None or self.state.is_terminal() or actor in self.local:
            return None
        if self.state.current_player() == CHANCE and self.rolls_here():
            return None
        return actor if self.record["seats"][actor]["bot"] is None else None

    def rolls_here(self) -> bool:
        """A roll nobody decides on, in the turn of a person at this device or of a bot (bots
        play on the device that holds the game; Cthulhu Dice's riposte of a victim elsewhere
        is in the attacker's turn: ``turn_owner``): this device rolls it, so a link goes out
        only when a person elsewhere must decide."""
        turn = turn_owner(self.state)
        return turn is not None and (turn in self.local
                                     or self.record["seats"][turn]["bot"] is not None)

    @property
    def humans(self) -> list[int]:
        return [p for p in range(len(self.names)) if self.is_human(p)]

    def actor(self) -> int | None:
        """The player who decides now (for a chance node: whose roll it is), or None."""
        player = self.state.current_player()
        if player == CHANCE:
            return self.state.chance_owner()
        return player if player >= 0 else None

    def private_view(self) -> bool:
        """Pass-the-device games: hidden information with two or more people at the table,
        or a game continued from a link that keeps hands hidden (meta ``handover``): the
        person at the device may not be the seat's owner, so they confirm who they are."""
        return bool(self.game.hidden_information) and (
            len(self.humans) >= 2 or self.record["meta"].get("handover") is True)

    def needs_handover(self) -> bool:
        """True when the device must be handed to the human who acts before showing the board."""
        actor = self.actor()
        return (self.private_view() and not self.state.is_terminal() and self.is_human(actor)
                and actor != self.revealed)

    def viewer(self) -> int | None:
        """Whose private information the board may show."""
        if self.private_view():
            return None if self.needs_handover() else self.revealed
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        actor = self.actor()
        return actor if self.is_human(actor) else (humans[0] if humans else None)

    def human_to_decide(self) -> bool:
        """A local human decides now (not a chance node) and may see the board."""
        player = self.state.current_player()
        return player >= 0 and self.is_human(player) and not self.needs_handover()

    def human_to_roll(self) -> bool:
        return (self.state.current_player() == CHANCE and self.is_human(self.state.chance_owner())
                and not self.needs_handover())

    # --- views ----------------------------------------------------------------------------
    def ctx(self, lang: str, interactive: bool | None = None, viewer: Any = "auto") -> ViewContext:
        return ViewContext(
            lang=lang, names=list(self.names),
            viewer=self.viewer() if viewer == "auto" else viewer,
            interactive=self.human_to_decide() if interactive is None else interactive,
            selection=self.selection, local=tuple(self.humans),
        )

    def log_ctx(self) -> ViewContext:
        """Log lines stay on screen for everyone: only a lone human's own secrets appear."""
        humans = self.humans
        viewer = humans[0] if len(humans) == 1 and not self.private_view() else None
        return ViewContext(lang=self.lang, names=list(self.names), viewer=viewer, animate=False)

    def _describe(self, before: Any, action: Any, after: Any) -> list[str]:
        return self.view.describe(before, action, after, self.log_ctx())

    def _last_lines(self) -> list[str]:
        """The log: the last MAX_LOG lines of the history's."""
        log: list[str] = []
        for lines in reversed(self.history.lines):
            if len(log) >= MAX_LOG:
                break
            log[:0] = lines
        return log[-MAX_LOG:]

    def set_lang(self, lang: str) -> None:
        """Log lines are text in one language: rebuild them by replaying the record."""
        if lang == self.lang:
            return
        self.lang = lang
        self.names = seat_names(self.record["game"], self.record["seats"], lang)
        self.history.redescribe(self._describe)
        self.log = self._last_lines()

    # --- playing --------------------------------------------------------------------------
    def play(self, action: Any) -> list[str]:
        """Apply a legal action (or chance outcome), record it, return its log lines."""
        self.history.play(action)
        self.selection = ""
        lines = self.history.lines[-1]
        self.log.extend(lines)
        del self.log[:-MAX_LOG]
        return list(lines)      # the caller's own: the history keeps its lines
