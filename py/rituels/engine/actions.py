"""A game's action vocabulary: each verb's rule, notation writer and reader, in one place.

Actions stay plain values on the hot paths: a verb-first tuple (``("m", die, src, count)``) or,
for an action without arguments, the bare verb itself (``"roll"``). Each game declares
``VOCABULARY`` (verb -> ``Verb``) once; its ``apply`` dispatches on ``verb(action)`` with a dict
lookup, its ``action_to_str`` / ``str_to_action`` go through ``write`` / ``read``, and its views
and bots test ``verb(action)`` instead of decoding the shape again.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from rituels.engine.state import NotationError


class Verb(NamedTuple):
    """One verb of a game: ``apply(state, action)`` plays it, ``write(action)`` gives its
    notation, ``read(state, text)`` gives the action that ``text`` notes, or None when the text
    is not this verb's (a malformed argument of this verb raises NotationError), and
    ``describe`` (optional) says it in words."""
    name: str
    apply: Callable[[Any, Any], None]
    write: Callable[[Any], str]
    read: Callable[[Any, str], Any]
    describe: Callable[..., Any] | None = None


def verb(action: Any) -> str:
    """The verb of an action: the head of a tuple, or the bare string itself."""
    return action if action.__class__ is str else action[0]


def bare(name: str, apply: Callable[[Any, Any], None]) -> Verb:
    """A verb without arguments: the action and its notation are the verb's name."""
    return Verb(name, apply, _same, lambda state, text: text if text == name else None)


def _same(action: str) -> str:
    return action


def vocabulary(*verbs: Verb) -> dict[str, Verb]:
    """The table verb -> Verb, in the given order (``read`` tries the verbs in that order)."""
    table = {v.name: v for v in verbs}
    if len(table) != len(verbs):
        raise ValueError("a verb is declared twice")
    return table


def write(table: dict[str, Verb], action: Any) -> str:
    """The notation of ``action``; ValueError when it is none of the table's verbs."""
    try:
        entry = table[verb(action)]
    except (KeyError, TypeError, IndexError):
        raise ValueError(f"not an action: {action!r}") from None
    return entry.write(action)


def read(table: dict[str, Verb], state: Any, text: str, game: str) -> Any:
    """The action that ``text`` notes in ``state``; NotationError when no verb reads it."""
    if not isinstance(text, str) or not text:
        raise NotationError("empty action")
    for entry in table.values():
        action = entry.read(state, text)
        if action is not None:
            return action
    raise NotationError(f"not a {game} action: {text!r}")
