"""Play at a distance (issue 12): two devices (two Apps on their own storage) play one game by
exchanging links. Each keeps exactly one save of it; an older link changes nothing, a forked
one is refused as an update and may become a separate save; Wongar-like hidden hands show only
the device's own player."""

import html
import random
import re

from rituels.app import remote, takeback
from rituels.app.storage import MemoryStorage
from rituels.engine import link as codec
from rituels.engine.history import replay
from rituels.engine.record import game_id_of, is_game_id, local_seats
from rituels.engine.state import CHANCE
from apphelpers import form_for, html_text, play_human_turn, run_timers, sent_link, start_remote


def device(make_app):
    return make_app(MemoryStorage())


def saves_of(app, gid):
    return [e for e in app.saves.list() if game_id_of(app.saves.read(e["id"])[0]) == gid]


def join(app, link, seats):
    app.navigate(link)
    app.click({"cmd": "remote-join", "form": {f"remote-seat-{i}": True for i in seats}})
    run_timers(app)
    return app.session


def test_set_up_gives_an_id_and_the_game_waits_for_the_device_elsewhere(fake_game, make_app):
    a = device(make_app)
    s = start_remote(a)
    gid = game_id_of(s.record)
    assert is_game_id(gid) and local_seats(s.record) == {0}
    play_human_turn(a)
    run_timers(a)
    assert s.remote_actor() == 1 and not a.yours()
    text = html_text(a)
    assert "À envoyer à Bob" in text
    assert "La partie attend l’appareil de Bob." in text
    assert 'data-action' not in a.render()                 # nothing to click for Bob here
    link = sent_link(a)
    record, info = codec.decode(link)
    assert info.remote == gid and record["actions"] == s.record["actions"]


def test_a_whole_game_by_links_keeps_one_save_per_device(fake_game, make_app):
    a, b = device(make_app), device(make_app)
    s = start_remote(a)
    gid = game_id_of(s.record)
    play_human_turn(a, "go1")
    first = sent_link(a)
    b.navigate(first)
    text = html_text(b)
    assert "Qui joue sur cet appareil" in text and 'name="remote-seat-1"' in b.render()
    b.click({"cmd": "remote-join", "form": {}})             # nothing ticked: refused
    assert not b.saves.list() and "Cochez au moins une place" in html_text(b)
    sb = join(b, first, [1])
    assert local_seats(sb.record) == {1} and b.yours()
    links = [first]
    current = b
    for _ in range(40):
        if current.session.state.is_terminal():
            break
        play_human_turn(current, "go2")
        run_timers(current)
        links.append(sent_link(current))
        other = a if current is b else b
        other.navigate(links[-1])
        run_timers(other)
        current = other
    assert a.session.state.is_terminal() and b.session.state.is_terminal()
    assert a.session.record["actions"] == b.session.record["actions"]
    assert len(a.saves.list()) == len(b.saves.list()) == 1
    assert len(saves_of(a, gid)) == len(saves_of(b, gid)) == 1
    # The end came by link to this device: nothing more to send.
    assert remote.recipients(current.session) == []


def test_an_older_link_changes_nothing(fake_game, make_app):
    a, b = device(make_app), device(make_app)
    start_remote(a)
    play_human_turn(a, "go1")
    first = sent_link(a)
    join(b, first, [1])
    play_human_turn(b, "go1")
    a.navigate(sent_link(b))
    run_timers(a)
    play_human_turn(a, "go1")
    before = dict(a.storage.data)
    moves = list(a.session.record["actions"])
    a.navigate(first)
    assert a.storage.data == before and a.session.record["actions"] == moves
    assert "Ce lien est plus ancien que votre partie — vous avez déjà 2 coups de plus." \
        in html_text(a)


def test_a_forked_link_is_refused_and_may_be_kept_apart(fake_game, make_app):
    a, b, c = device(make_app), device(make_app), device(make_app)
    start_remote(a)
    play_human_turn(a, "go1")
    first = sent_link(a)
    join(b, first, [1])
    join(c, first, [1])          # Bob opened the link on a second device too
    play_human_turn(b, "go1")
    play_human_turn(c, "go2")
    a.navigate(sent_link(b))
    before = dict(a.storage.data)
    a.navigate(sent_link(c))
    assert a.storage.data == before
    text = html_text(a)
    assert "Ce lien s’écarte" in text
    assert "coup n° 4" in text and "Bob plays go1" in text and "Bob plays go2" in text
    a.click({"cmd": "remote-fork-keep"})
    assert len(a.saves.list()) == 2
    kept = a.session.record
    assert game_id_of(kept) is None and kept["meta"]["variant_of"]
    gid = game_id_of(b.session.record)
    assert len(saves_of(a, gid)) == 1


def test_a_link_of_another_table_with_the_same_id_opens_as_an_ordinary_link(fake_game, make_app):
    a = device(make_app)
    s = start_remote(a)
    play_human_turn(a, "go1")
    other = dict(s.record, seats=[{"name": "Ada", "bot": None}, {"name": "Eve", "bot": None}])
    before = dict(a.storage.data)
    a.navigate(codec.fragment(codec.encode(other)))
    assert a.storage.data == before
    assert "pas la même table" in html_text(a) and 'data-cmd="link-replay"' in a.render()


def test_hidden_hands_show_only_this_devices_player(fake_game, make_app):
    a, b = device(make_app), device(make_app)
    start_remote(a)
    sa = a.session
    shown_a = html_text(a)
    assert f"Ada: 0 secret={sa.state.secret[0]}" in shown_a and "Bob: 0 secret=?" in shown_a
    play_human_turn(a)
    assert "Ce lien contient les mains de tous les joueurs" in html_text(a)
    sb = join(b, sent_link(a), [1])
    shown_b = html_text(b)
    assert f"Bob: 0 secret={sb.state.secret[1]}" in shown_b and "secret=?" in shown_b
    assert f"Ada: 1 secret={sb.state.secret[0]}" not in shown_b


def test_a_remote_game_needs_someone_on_this_device(fake_game, make_app):
    a = device(make_app)
    a.navigate("#/new/fake-race")
    a.click({"cmd": "start", "form": form_for(a, **{"seat-0-kind": "remote"})})
    assert a.session is None and "au moins une place" in html_text(a)


def test_the_send_button_carries_what_the_share_sheet_needs_and_results_are_said(
        fake_game, make_app):
    a = device(make_app)
    start_remote(a)
    play_human_turn(a)
    button = re.search(r'<button[^>]*data-cmd="remote-send"[^>]*>', a.render()).group(0)
    title = html.unescape(re.search(r'data-title="([^"]*)"', button).group(1))
    text = html.unescape(re.search(r'data-text="([^"]*)"', button).group(1))
    assert title.endswith(" — Rituels") and text.startswith("À vous de jouer (")
    a.click({"cmd": "remote-sent", "result": "copied"})
    assert "Lien copié" in html_text(a)
    a.click({"cmd": "remote-sent", "result": "failed"})
    assert "Copie impossible" in html_text(a)
    assert {"type": "focus", "target": "#send-url"} in a.take_effects()
    a.click({"cmd": "remote-sent", "result": "cancelled"})
    assert "Copie impossible" in html_text(a)      # a closed share sheet changes nothing
    assert codec.decode(sent_link(a))[1].remote == game_id_of(a.session.record)


def test_a_move_whose_link_has_left_the_device_cannot_be_taken_back(fake_game, make_app):
    a = device(make_app)
    start_remote(a)
    play_human_turn(a)
    moves = list(a.session.record["actions"])
    assert takeback._decision(a)[1] is not None           # not sent yet: Ada may take it back
    a.click({"cmd": "remote-sent", "result": "copied"})
    assert takeback._decision(a)[1] is None
    assert "ce coup ne peut plus être annulé" in html_text(a)
    a.click({"cmd": "undo"})
    assert a.session.record["actions"] == moves             # Bob's answer will follow on


def test_a_rematch_is_played_at_a_distance_again_with_a_new_id(fake_game, make_app):
    a = device(make_app)
    s = start_remote(a)
    a.click({"cmd": "rematch"})
    again = a.session
    assert again is not s and local_seats(again.record) == {0}
    assert is_game_id(game_id_of(again.record)) and game_id_of(again.record) != game_id_of(s.record)


def test_bots_play_on_the_device_that_has_the_game(fake_game, make_app):
    a, b = device(make_app), device(make_app)
    start_remote(a, count="3", **{"seat-2-kind": "easy", "seat-2-name": "Zed"})
    play_human_turn(a, "go1")
    run_timers(a)
    assert a.session.remote_actor() == 1 and a.session.record["actions"][-1] == "go1"
    sb = join(b, sent_link(a), [1])
    play_human_turn(b, "go1")
    run_timers(b)                       # Zed (a bot) moves here, then the game is Ada's
    assert sb.state.current_player() == 0 and sb.remote_actor() == 0
    a.navigate(sent_link(b))
    run_timers(a)
    assert a.yours() and a.session.record["actions"] == sb.record["actions"]


def test_wongar_at_a_distance_shows_only_this_devices_hand(make_app):
    a = device(make_app)
    a.navigate("#/new/wongar")
    a.click({"cmd": "start", "form": form_for(a, count="3", **{
        "seat-0-name": "Ada", "seat-1-kind": "remote", "seat-1-name": "Bob",
        "seat-2-kind": "easy"})})
    run_timers(a)
    s = a.session
    assert s.local == {0} and not s.private_view() and s.viewer() == 0
    assert s.ctx("fr").local == (0,) and s.log_ctx().viewer == 0


def test_a_link_that_plays_a_seat_of_this_device_is_refused_as_an_update(fake_game, make_app):
    """Issue 28: Ada plays here, Bob elsewhere. A link crafted elsewhere that adds Bob's turn
    and then Ada's (her rolls and moves chosen by the sender) does not update Ada's save; it
    may still be kept as a separate game."""
    import random

    from rituels.engine import sample_chance
    from rituels.engine.history import replay

    a, b = device(make_app), device(make_app)
    start_remote(a)
    play_human_turn(a, "go1")
    join(b, sent_link(a), [1])
    play_human_turn(b, "go2")
    run_timers(b)
    honest = dict(b.session.record, actions=list(b.session.record["actions"]))
    # Then the sender plays Ada's turn too.
    state = replay(honest).state
    assert state.current_player() == 0 or state.is_chance()
    crafted = list(honest["actions"])
    rng = random.Random(1)
    while not state.is_terminal() and (state.is_chance() or state.current_player() == 0):
        action = sample_chance(state, rng) if state.is_chance() else state.legal_actions()[0]
        crafted.append(state.action_to_str(action))
        state.apply(action)
    assert len(crafted) > len(honest["actions"])
    before = dict(a.storage.data)
    a.navigate(codec.fragment(codec.encode(dict(honest, actions=crafted))))
    assert a.storage.data == before, "refused: nothing written"
    text = html_text(a)
    assert "ajoute des coups d’Ada" in text or "ajoute des coups d'Ada" in text
    assert "qui joue sur cet appareil" in text
    a.click({"cmd": "remote-fork-keep"})        # kept apart, the save itself untouched
    assert len(a.saves.list()) == 2 and game_id_of(a.session.record) is None
    # The honest link (Bob's turn only) still updates the save.
    a.navigate(codec.fragment(codec.encode(honest)))
    run_timers(a)
    gid = game_id_of(honest)
    [mine] = saves_of(a, gid)
    assert a.saves.get(mine["id"])["actions"][:len(honest["actions"])] == honest["actions"]


def test_a_riposte_rolled_elsewhere_belongs_to_the_attackers_turn():
    """Cthulhu Dice: a remote caster attacks the local victim; the victim's riposte roll is
    in the caster's turn (turn_owner), so the caster's link may carry it, and the victim's
    device may roll it too (its chance_owner): either may bring it."""
    from rituels.app.remote import _owners
    from rituels.engine import get_game

    state = get_game("cthulhu-dice").start(2, {})
    caster = state.current_player()
    victim = next(a for a in state.legal_actions() if a != ("victim", -1))
    state.apply(victim)
    while state.is_chance() and state.chance_owner() == caster:
        state.apply(("roll", "Y"))   # the caster's roll: a yellow sign takes a token
    assert state.is_chance() or state.is_terminal()
    if state.is_chance():
        assert state.chance_owner() != caster
        assert _owners(state, caster) == {caster, state.chance_owner()}



def _play_here(app, rng):
    """The person at this device plays until the game waits for the other device (or ends):
    the roll button when it is their roll, else a random legal choice."""
    s = app.session
    for _ in range(200):
        run_timers(app)          # rolls nobody here decides: the app makes them
        if s.state.is_terminal() or s.remote_actor() is not None:
            return
        if s.human_to_roll():
            app.click({"cmd": "roll"})
        else:
            assert s.human_to_decide()
            app.apply(rng.choice(s.state.legal_actions()))
    raise AssertionError("the game never waited nor ended")


def test_a_remote_cthulhu_round_needs_one_link_per_persons_decision(make_app):
    """Issue 24: a roll nobody elsewhere decides on (the riposte of a victim elsewhere) is
    rolled by the device that holds the game, in the attacker's turn; a link goes out only
    when a person elsewhere must decide. Two people, no bot: Ada here, Bob elsewhere."""
    a, b = device(make_app), device(make_app)
    a.navigate("#/new/cthulhu-dice")
    a.click({"cmd": "start", "form": form_for(a, count="2", **{
        "seat-0-name": "Ada", "seat-1-kind": "remote", "seat-1-name": "Bob"})})
    run_timers(a)
    apps, here, rng = (a, b), 0, random.Random(5)
    for _ in range(200):
        _play_here(apps[here], rng)
        s = apps[here].session
        if s.state.is_terminal():
            break
        who = s.remote_actor()
        assert who == 1 - here
        # It waits for the other person's own decision or roll, never for a roll in the
        # turn of the person here.
        if s.state.current_player() == CHANCE:
            assert s.state.turn_owner() == who and s.state.chance_owner() == who
        else:
            assert s.state.current_player() == who
        link = sent_link(apps[here])
        here = 1 - here
        if apps[here] is b and b.session is None:
            join(b, link, [1])
        else:
            apps[here].navigate(link)
            run_timers(apps[here])
        got = apps[here].session
        assert got.record["actions"] == s.record["actions"]
        assert got.remote_actor() is None and (got.human_to_decide() or got.human_to_roll())
    else:
        raise AssertionError("the game did not end")
    # Ripostes of the person elsewhere happened (the game never waited for one: above).
    record = apps[here].session.record
    ripostes = [i for i in range(len(record["actions"]))
                if (st := replay(record, upto=i).state).current_player() == CHANCE
                and st.chance_owner() not in (None, st.turn_owner())]
    assert ripostes
