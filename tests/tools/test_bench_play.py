"""The page benchmark keeps every part's figures when one part fails."""

from rituels.tools.bench_play import _guarded


def test_a_failing_part_gives_one_row_saying_how_and_the_others_keep_theirs():
    def broken():
        raise TimeoutError("Timeout 120000ms exceeded.\n=== logs ===")

    def silent():
        raise TimeoutError()

    rows = _guarded("wongar: bot tables", broken)
    assert rows == [("wongar: bot tables",
                     "failed: TimeoutError: Timeout 120000ms exceeded.")]
    assert _guarded("watchdog", silent) == [("watchdog", "failed: TimeoutError: ")]
    assert _guarded("pacing", lambda: [("pacing", "0.9 s")]) == [("pacing", "0.9 s")]
