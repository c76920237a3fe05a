"""The strength bench's model of the previous build: a bot sliced on the page's main thread."""

import time

from rituels.engine.bots import Bot, Deadline, decide
from rituels.tools import bench_strength as bs
from rituels.tuchulcha.game import GAME

STEP_S = 0.005   # what one step of the fake search costs on the page clock


class FakePage:
    """A page clock that only moves when the bot works or the page takes a turn."""

    def __init__(self):
        self.work = 0.0
        self.paused = 0.0

    def __call__(self) -> float:
        return self.work + self.paused


class StepBot(Bot):
    """Searches in equal steps until its budget is spent; returns how many it made."""

    def __init__(self, budget_s: float):
        super().__init__(0)
        self.budget_s = budget_s
        self.clock = FakePage()

    def think(self, state, player):
        deadline = Deadline(self.budget_s, clock=self.clock)
        steps = 0
        while not deadline.over():
            self.clock.work += STEP_S
            steps += 1
            if deadline.yield_due():
                yield
        return steps


def test_the_current_bot_spends_its_whole_budget_searching():
    state = GAME.start(4)
    assert decide(StepBot(0.6), state, 0) == round(0.6 / STEP_S)


def test_the_sliced_bot_loses_the_page_turns_from_its_budget():
    state = GAME.start(4)
    bot = StepBot(0.6)
    steps = bs.sliced_decide(bot, state, 0, gap_s=0.0072)
    page = bot.clock
    # Its budget runs on the page clock: the search and the page's turns fill it together.
    assert abs(steps * STEP_S + page.paused - 0.6) < STEP_S + 0.0072
    # One turn of the page per app slice of at least 30 ms of search.
    slices = round(page.paused / 0.0072)
    assert slices >= 2 and steps * STEP_S >= (slices - 1) * bs.APP_SLICE_S
    assert steps < round(0.6 / STEP_S)


def test_the_page_clock_scales_cpu_time_and_adds_the_page_turns():
    clock = bs.PageClock(scale=10.0)
    c0 = clock()
    t0 = time.thread_time()
    assert sum(i * i for i in range(300_000))      # some CPU time for the clock to scale
    t1 = time.thread_time()
    clock.paused += 1.0
    assert clock() - c0 >= 10.0 * (t1 - t0) + 1.0 > 1.0
