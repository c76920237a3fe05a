"""What the app tests do as the page would: the new-game form the glue sends, the timers it
fires, a person's turn in the fake game, a game at a distance set up and its link read."""

import html
import re
from dataclasses import dataclass

from rituels.engine.history import replay

SEND_URL = re.compile(r'id="send-url" class="share-url" value="([^"]*)"')


def html_text(app):
    """The rendered screen with entities decoded (apostrophes are escaped in markup)."""
    return html.unescape(app.render())


def form_for(app, **fields):
    """The form fields the glue would send for the current new-game draft."""
    draft = app.draft
    form = {"count": str(draft["count"])}
    for i, seat in enumerate(draft["seats"]):
        form[f"seat-{i}-kind"] = seat["kind"]
        form[f"seat-{i}-name"] = seat["name"]
    form.update(fields)
    return form


def start(app, game="fake-race", **fields):
    app.navigate(f"#/new/{game}")
    app.click({"cmd": "start", "form": form_for(app, **fields)})
    return app.session


def run_timers(app, limit=10000):
    """Fire the timers the app asked for, like the glue's setTimeout does."""
    for _ in range(limit):
        timers = [e for e in app.take_effects() if e["type"] == "timer"]
        if not timers:
            return
        app.tick()
    raise AssertionError("the app keeps asking for timers")


def play_human_turn(app, action="go1"):
    app.click({"select": "pick"})
    app.click({"action": action})


def sent_link(app):
    """The link the send panel shows (what a person copies or shares)."""
    found = SEND_URL.search(app.render())
    assert found, "the game screen must show the link to send"
    return html.unescape(found.group(1))


def start_remote(app, **fields):
    app.navigate("#/new/fake-race")
    app.click({"cmd": "start", "form": form_for(app, **{
        "seat-0-name": "Ada", "seat-1-kind": "remote", "seat-1-name": "Bob", **fields})})
    run_timers(app)
    return app.session


@dataclass(frozen=True)
class Element:
    """One element of a screen: its tag, its attributes and the classes and ids of the
    elements it sits in (itself included)."""
    tag: str
    attrs: dict
    within: frozenset

    def classes(self):
        return set(self.attrs.get("class", "").split())


TAG = re.compile(r"<(/?)([a-zA-Z][\w:-]*)([^>]*)>")     # attribute values are escaped: no ">"
ATTR = re.compile(r'([\w:-]+)(?:="([^"]*)")?')
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


def elements(markup):
    """Every element of the markup, in document order (a regular expression over the tags:
    an HTML parser in Python takes most of a whole game's time)."""
    found, stack = [], [("", frozenset())]      # open elements: (tag, marks with their parents')
    for end, tag, rest in TAG.findall(markup):
        if end:
            while len(stack) > 1 and stack.pop()[0] != tag:   # tolerant: up to the matching tag
                pass
            continue
        attrs = {k: html.unescape(v) if "&" in v else v for k, v in ATTR.findall(rest)}
        marks = attrs.get("class", "").split() + (["#" + attrs["id"]] if "id" in attrs else [])
        within = stack[-1][1].union(marks) if marks else stack[-1][1]
        found.append(Element(tag, attrs, within))
        if tag not in VOID and not rest.endswith("/"):
            stack.append((tag, within))
    return found


CLICKS = frozenset(("data-action", "data-select", "data-cmd"))


def clickables(found):
    """Those of the ``elements`` found that the glue sends as clicks: data-action, data-select
    or data-cmd."""
    return [e for e in found if not CLICKS.isdisjoint(e.attrs)]


def keyboard_reachable(element):
    """Tab reaches it and Enter/Space clicks it: a button, or a focusable button role with
    a name (the board's SVG places)."""
    a = element.attrs
    return element.tag == "button" or (a.get("tabindex") == "0" and a.get("role") == "button"
                                       and bool(a.get("aria-label")))


LOG = re.compile(r'<ol id="log-lines"[^>]*>(.*?)</ol>', re.S)
ITEM = re.compile(r"<li[^>]*>(.*?)</li>", re.S)


def log_lines(markup):
    """The game log's lines as text, newest first (as the screen shows them)."""
    found = LOG.search(markup)
    return [html.unescape(line) for line in ITEM.findall(found.group(1))] if found else []


def fork_of(record):
    """The same table and start with another move somewhere: found by replaying the first
    legal alternative at the first decision that has one."""
    for i in range(len(record["actions"])):
        state = replay(record, upto=i).state
        if state.is_chance():
            continue
        choices = [state.action_to_str(a) for a in state.legal_actions()]
        others = [c for c in choices if c != record["actions"][i]]
        if others:
            return dict(record, actions=record["actions"][:i] + [others[0]])
    raise AssertionError("no decision with a choice")
