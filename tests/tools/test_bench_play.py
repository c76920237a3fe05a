"""The page benchmark keeps every part's figures when one part fails."""

from rituels.tools.bench_play import _guarded


def test_a_failing_part_gives_one_row_saying_how_and_the_others_keep_theirs():
    def broken(_):
        raise TimeoutError("Timeout 120000ms exceeded.\n=== logs ===")

    rows = _guarded("wongar: bot tables", broken, None)
    assert rows == [("wongar: bot tables",
                     "failed: TimeoutError: Timeout 120000ms exceeded.")]
    assert _guarded("pacing", lambda arg: [("pacing", f"{arg} s")], 0.9) == [("pacing", "0.9 s")]
