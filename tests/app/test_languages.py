"""Four languages at the table (issue 29): a link opens in the receiver's language, and the
Italian and German screens carry no French."""

from rituels.app.storage import MemoryStorage
from test_controller import html_text, play_human_turn, run_timers
from test_remote import sent_link, start_remote


def test_a_link_opens_in_the_language_of_the_device_that_opens_it(fake_game, make_app):
    sender = make_app(MemoryStorage(), "fr-FR")
    start_remote(sender)
    play_human_turn(sender)
    run_timers(sender)
    link = sent_link(sender)
    assert "À envoyer à Bob" in html_text(sender)
    for browser, words in (("it-IT", "Una partita a distanza"), ("de-DE", "Eine Fernpartie"),
                           ("en-GB", "game")):
        receiver = make_app(MemoryStorage(), browser)
        receiver.navigate(link)
        assert receiver.lang == browser[:2]
        assert words in html_text(receiver)
        assert "Rejoindre" not in html_text(receiver)


def test_the_picker_offers_four_languages_and_remembers_the_choice(fake_game, make_app):
    storage = MemoryStorage()
    app = make_app(storage, "en-US")
    page = app.render()
    for code, name in (("fr", "Français"), ("en", "English"), ("it", "Italiano"),
                       ("de", "Deutsch")):
        assert f'data-lang="{code}"' in page and f'title="{name}"' in page
    app.click({"cmd": "lang", "lang": "it"})
    assert "Nuova partita" in app.render() and 'aria-pressed="true"' in app.render()
    assert make_app(storage, "de-DE").lang == "it"
