"""The other engines' element query (tools/engines.py) looks again when the page re-renders
under it: WebKit's driver reports a stale element from the query itself."""

import pytest

from rituels.tools import engines


class StaleElementReferenceException(Exception):
    """Named as Selenium's (Marionette's is StaleElementException)."""


class Scripted(engines.Engine):
    name = "scripted"

    def __init__(self, answers):
        self.answers = list(answers)
        self.queries = 0

    def _find(self, css):
        self.queries += 1
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


@pytest.fixture(autouse=True)
def no_wait(monkeypatch):
    monkeypatch.setattr(engines, "POLL_S", 0)


def test_a_query_that_meets_a_re_render_is_made_again():
    engine = Scripted([StaleElementReferenceException(), StaleElementReferenceException(),
                       ["button"]])
    assert engine.elements(".move") == ["button"]
    assert engine.queries == 3


def test_other_errors_and_a_page_that_never_settles_still_fail():
    broken = Scripted([RuntimeError("no session"), ["button"]])
    with pytest.raises(RuntimeError):
        broken.elements(".move")
    assert broken.queries == 1
    restless = Scripted([StaleElementReferenceException()] * engines.STALE_QUERIES + [["b"]])
    with pytest.raises(StaleElementReferenceException):
        restless.elements(".move")
    assert restless.queries == engines.STALE_QUERIES
