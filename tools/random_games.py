"""Play many random games under NMJL and MAHJ-X and print what the rules engine's checks found.

    python tools/random_games.py [GAMES] [--seed N] [--card basic1]

Random legal and made-up moves from every seat (:mod:`mjlearn.rules.random_play`);
after every move the tiles are counted and every refused move is checked to
have raised a RuleError and changed nothing. Issue 13 asks for 10,000 games
(the default). Exit status 1 if anything was found.
"""

from __future__ import annotations

import argparse
import sys
import time

import mjlearn as mj
from mjlearn.rules.random_play import random_games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--card", default="basic1")
    options = parser.parse_args(argv)
    start = time.perf_counter()

    def progress(tally):
        if tally.games % 500 == 0:
            print(f"  {tally.games} games, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)

    tally = random_games(mj.load_card(options.card), options.games, options.seed, progress=progress)
    print(tally.summary())
    print(f"time: {time.perf_counter() - start:.0f} s")
    for problem in tally.problems:
        print("problem:", problem)
    return 1 if tally.problems or tally.stuck or tally.other_errors or tally.unfinished else 0


if __name__ == "__main__":
    sys.exit(main())
