"""Speed of complete bot games, and what the simulation finds, under NMJL and MAHJ-X.

Target (issue 16): at least 100 complete games per second on one core (Charleston included, four
:class:`~mjlearn.rules.bots.Bot` players), 5 times the ~20 games/s of before. On main before the
speed work (cf5579d) this script measured 20.6 games/s under NMJL and 15.4 under MAHJ-X (200 games
each, a busy 2-core machine); the same 40 seeded games in one process, timed alternately with the
new code on the same machine, took 42 ms a game under both rulesets (24 games/s). After the
third round of speed work (branch speed-games3: the bots' moves without undo points, numba loops
for a rack's distances and a discard's ranking) it measured 95.6 and 101.2 games/s under NMJL and
90.4 and 95.1 under MAHJ-X in two runs of 1,000 games, the 2-core machine shared with other work
(load 2.4-2.8); the round's start (main at 83b546a), run alternately with it, measured 75.1 and
71.5 (NMJL), 71.7 and 61.5 (MAHJ-X), and 85.1 and 78.1 that morning on the quiet machine. Main
after the round, from a fresh clone on the quiet machine, two runs: 102.0 and 95.0 games/s under NMJL
(ratio 1.02 and 0.95), 98.2 and 90.6 under MAHJ-X (0.98 and 0.91).

For each ruleset this prints the games per second of ``--games`` games in one process and its
ratio to the target (1 or more meets it); with ``--workers N`` also in a pool of N processes
(``simulate(..., executor=ProcessPoolExecutor(N))``) and, with ``--dask``, on a Dask LocalCluster
of N workers, checking that the records are the same; then, from a short sample of games, how
the time splits between the game engine's moves (``Game`` methods) and the bots' thinking; then
the simulation's figures: wall-game rate, East's advantage with its 95% interval, average length,
self-drawn and jokerless shares, and the lines that win most.

Run: ``.venv/bin/python benchmarks/bench_games.py [--games 1000] [--card basic1] [--workers 2] [--dask]``
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

TARGET_GAMES_PER_SECOND = 100.0
BEFORE_GAMES_PER_SECOND = {"NMJL": 20.6, "MAHJ-X": 15.4}  # main at cf5579d, this script, 200 games
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
        replacement = timed(method)
        replacement.trusted = timed(method.trusted)  # the bots' path (Game._trusted)
        setattr(Game, name, replacement)
    try:
        start = time.perf_counter()
        for seed in range(games):
            run_game(card, rules, seed=seed)
        total = time.perf_counter() - start
    finally:
        for name, method in originals.items():
            setattr(Game, name, method)
    return spent["engine"] / games, (total - spent["engine"]) / games


def parallel_runs(card, rules, report, games: int, seed: int, workers: int, dask: bool) -> None:
    """The same games in a pool of ``workers`` processes (and on a Dask LocalCluster): speed, and the same records."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as pool:
        simulate(card, min(games, 2 * workers), rules, seed=seed, progress=False, executor=pool)  # start the workers
        parallel = simulate(card, games, rules, seed=seed, progress=False, executor=pool)
    assert parallel.records.equals(report.records), "the process pool must play the same games"
    print(f"{workers} processes: {parallel.games_per_second:.1f} games/s"
          f" ({parallel.games_per_second / report.games_per_second:.2f} times one process)")
    if dask:
        import distributed

        with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster, distributed.Client(cluster) as client:
            executor = client.get_executor()
            simulate(card, min(games, 2 * workers), rules, seed=seed, progress=False, executor=executor)
            on_dask = simulate(card, games, rules, seed=seed, progress=False, executor=executor)
        assert on_dask.records.equals(report.records), "the Dask cluster must play the same games"
        print(f"Dask LocalCluster, {workers} workers: {on_dask.games_per_second:.1f} games/s"
              f" ({on_dask.games_per_second / report.games_per_second:.2f} times one process)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--card", default="basic1")
    parser.add_argument("--workers", type=int, default=1, help="also time the games in this many processes")
    parser.add_argument("--dask", action="store_true", help="and on a Dask LocalCluster of that many workers")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    card = mj.load_card(args.card)
    print(f"card {args.card!r}: {len(card.lines)} lines; {args.games} games per ruleset; target"
          f" {TARGET_GAMES_PER_SECOND:.0f} games/s on one core")
    for rules in (NMJL, MAHJX):
        card.compiled(rules)
        run_game(card, rules, seed=10**9)  # warm up: views, caches
        report = simulate(card, args.games, rules, seed=args.seed, progress=False)
        rate = report.games_per_second
        before = BEFORE_GAMES_PER_SECOND[rules.name]
        print(f"\n== {rules.name} ==")
        print(f"{args.games} games in {report.seconds:.1f} s, one process: {rate:.1f} games/s;"
              f" ratio to the target {rate / TARGET_GAMES_PER_SECOND:.2f} (1 or more meets it);"
              f" {rate / before:.1f} times the {before} games/s before")
        if args.workers > 1:
            parallel_runs(card, rules, report, args.games, args.seed, args.workers, args.dask)
        engine, bots = time_split(card, rules, games=min(100, max(args.games, 1)))
        share = engine / (engine + bots) if engine + bots else 0.0
        print(f"per game: {1000 * (engine + bots):.1f} ms = {1000 * engine:.1f} ms in Game moves ({share:.0%})"
              f" + {1000 * bots:.1f} ms bots and loop (sample of 100 games, timers on)")
        print(report.summary(top=5))


if __name__ == "__main__":
    main()
