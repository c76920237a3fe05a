"""``python3 -m rituels tutorial GAME [--check] [--lang fr]``: print each chapter's steps (the
expected action, the element pointed at, the text); with --check, replay every chapter through
the rules and exit non-zero on any step whose expected or scripted action is not legal."""

from __future__ import annotations

import argparse

from rituels.i18n import t
from rituels.lessons import LESSON_GAMES, ROLL, chapters, check


def main(args: argparse.Namespace) -> int:
    games = LESSON_GAMES if args.game == "all" else (args.game,)
    broken = 0
    for game_id in games:
        found = chapters(game_id)
        if not found:
            print(f"{game_id}: no lesson")
            broken += args.game != "all"
            continue
        for ch in found:
            problems = check(ch) if args.check else []
            mark = " BROKEN" if problems else (" ok" if args.check else "")
            print(f"{game_id} / {ch.id}: {t(args.lang, ch.title)} ({len(ch.steps)} steps){mark}")
            for n, step in enumerate(ch.steps, 1):
                what = ("roll" if step.expect == ROLL else f"play {step.expect}" if step.expect
                        else "continue")
                text = t(args.lang, step.say, name="…")
                words = len(text.split())
                print(f"  {n:2}. [{what}] {step.point or '-'} ({words} words) {text}")
            for problem in problems:
                print(f"  ! {problem}")
            broken += bool(problems)
    return 1 if broken else 0


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=LESSON_GAMES + ("all",))
    p.add_argument("--check", action="store_true",
                   help="replay every chapter through the rules; non-zero exit on a broken step")
    p.add_argument("--lang", default="fr", choices=("fr", "en"))
