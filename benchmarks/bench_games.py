"""Speed of complete bot games, and what the simulation finds, under NMJL and MAHJ-X.

Target: 1,000 complete games (Charleston included, four :class:`~mjlearn.rules.bots.Bot`
players) in 60 s or less on the project's 2-core machine.

For each ruleset this prints the time of ``--games`` games in one process (and
in ``--workers`` processes when asked), games per second and the ratio to the
target (below 1 meets it); then, from a short sample of games, how that time
splits between the game engine's moves (``Game`` methods) and the bots'
thinking; then the simulation's figures: wall-game rate, East's advantage
with its 95% interval, average length, self-drawn and jokerless shares, and
the lines that win most.

Run: ``.venv/bin/python benchmarks/bench_games.py [--games 1000] [--card basic1] [--workers 2]``
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import mjlearn as mj
from mjlearn.rules import MAHJX, NMJL
from mjlearn.rules.bots import run_game
from mjlearn.rules.game import Game
from mjlearn.rules.simulate import simulate

TARGET_SECONDS = 60.0
TARGET_GAMES = 1000
MOVES = ("pass_tiles", "vote", "draw", "discard", "call", "call_mahjongg", "pass_call", "declare_mahjongg",
         "exchange_joker")


def time_split(card, rules, games: int = 100) -> tuple[float, float]:
    """Seconds per game spent in the engine's moves, and in everything else (bots, the loop)."""
    spent = Counter()
    originals = {name: getattr(Game, name) for name in MOVES}

    def timed(method):
        def wrapper(self, *args, **kwargs):
            start = time.perf_counter()
            try:
                return method(self, *args, **kwargs)
            finally:
                spent["engine"] += time.perf_counter() - start

        return wrapper

    for name, method in originals.items():
        setattr(Game, name, timed(method))
    try:
        start = time.perf_counter()
        for seed in range(games):
            run_game(card, rules, seed=seed)
        total = time.perf_counter() - start
    finally:
        for name, method in originals.items():
            setattr(Game, name, method)
    return spent["engine"] / games, (total - spent["engine"]) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=TARGET_GAMES)
    parser.add_argument("--card", default="basic1")
    parser.add_argument("--workers", type=int, default=1, help="also time the games in this many processes")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    card = mj.load_card(args.card)
    print(f"card {args.card!r}: {len(card.lines)} lines; {args.games} games per ruleset; target"
          f" {TARGET_GAMES} games in {TARGET_SECONDS:.0f} s")
    for rules in (NMJL, MAHJX):
        card.compiled(rules)
        run_game(card, rules, seed=10**9)  # warm up: views, caches
        report = simulate(card, args.games, rules, seed=args.seed, progress=False)
        per_1000 = report.seconds / args.games * TARGET_GAMES if args.games else float("nan")
        print(f"\n== {rules.name} ==")
        print(f"{args.games} games in {report.seconds:.1f} s, one process: {report.games_per_second:.1f} games/s;"
              f" 1,000 games take {per_1000:.1f} s (ratio to target {per_1000 / TARGET_SECONDS:.2f})")
        if args.workers > 1:
            parallel = simulate(card, args.games, rules, seed=args.seed, progress=False, workers=args.workers)
            assert parallel.records.equals(report.records), "the parallel run must give the same games"
            per_1000_p = parallel.seconds / args.games * TARGET_GAMES
            print(f"{args.workers} processes: {parallel.seconds:.1f} s, {parallel.games_per_second:.1f} games/s"
                  f" (ratio to target {per_1000_p / TARGET_SECONDS:.2f})")
        engine, bots = time_split(card, rules, games=min(100, max(args.games, 1)))
        share = engine / (engine + bots) if engine + bots else 0.0
        print(f"per game: {1000 * (engine + bots):.1f} ms = {1000 * engine:.1f} ms in Game moves ({share:.0%})"
              f" + {1000 * bots:.1f} ms bots and loop (sample of 100 games, timers on)")
        print(report.summary(top=5))


if __name__ == "__main__":
    main()
