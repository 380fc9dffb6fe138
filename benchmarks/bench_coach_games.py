"""Speed of a coach game at the table against a Bot game, timed alternately in one run (issue 25, point 6).

Target: a game of four :class:`~mjlearn.rules.CoachBot` players takes no more than 3 times a game of
four :class:`~mjlearn.rules.Bot` players on the same seeds. For each ruleset and seed the two games are
played one after the other (Bots first on even seeds, coaches first on odd ones), so that the machine's
drift falls on both alike; each side is warmed up by one untimed game first (imports, numba's compiled
loops, the card's arrays). Printed: milliseconds per game of each side, their ratio, the same ratio of the
process's CPU time (steadier on a shared machine: time spent waiting for a core is left out), and the
machine's load before and after (the ratio, not the milliseconds, is what compares across machines).

Measured (``--games 40``, shared 2-core machine, load 1.0-1.1; CPU-time ratios): after issue 25's fifth round of
the coach's speed work (with the coach's table reading), ``basic1`` 2.73 (NMJL) and 2.84-2.85 (MAHJ-X),
``practice_harbor`` 2.72 and 2.81-2.83, and with ``--games 20`` ``basic1`` 2.59-2.61 and 2.95-2.98; main before it
(09b3163), in turn on the same machine, 2.92, 3.05, 2.87-2.90 and 3.01-3.03, with 20 seeds 2.75-2.78 and 3.19-3.20
(``docs/rules.md``). After the sixth round (load 0.8-1.1, 40 seeds, in turn with main at c74b5a6): ``basic1``
2.73-2.79 (NMJL) and 2.83-2.84 (MAHJ-X), ``practice_harbor`` 2.81 and 2.87-2.88, where main gave 2.91-2.93,
3.01-3.03, 2.96 and 3.03-3.04. After the seventh (load 0.5-0.8, four runs each in turn with main at 885509a):
``basic1`` 2.77-2.79 and 2.88, ``practice_harbor`` 2.81-2.84 and 2.91-2.93, where main gave 2.80-2.91, 2.92-2.93,
2.82-2.85 and 2.93-2.96. After the eighth (load 2.2-2.5, in turn with main at d0f8e14): ``basic1`` 2.79-2.84 and
2.91-2.93, ``practice_harbor`` 2.87-2.90 and 2.95-2.99, where main gave 2.88, 2.98-2.99, 2.90-2.91 and 2.98-3.00.

``--objective`` times coaches of another discard objective (``CoachBot(objective=...)``: ``worth``, the
table's default, or the solitaire's look-ahead ``completion`` / ``single`` / ``value``).

Run: ``.venv/bin/python benchmarks/bench_coach_games.py [--games 40] [--card basic1] [--objective worth]``
"""

from __future__ import annotations

import argparse
import os
import time

import mjlearn as mj
from mjlearn.rules import MAHJX, NMJL, Bot, CoachBot, run_game

TARGET_RATIO = 3.0


def table(card, rules, seed: int, coach: bool, objective: str | None):
    if coach:
        options = {} if objective is None else {"objective": objective}
        return [CoachBot(card, rules, seed=seed * 4 + s, **options) for s in range(4)]
    return [Bot(card, rules, seed=seed * 4 + s) for s in range(4)]


def timed_game(card, rules, seed: int, coach: bool, objective: str | None) -> tuple[float, float]:
    """The game's wall-clock time and the process's CPU time during it (seconds)."""
    bots = table(card, rules, seed, coach, objective)
    start, cpu = time.perf_counter(), time.process_time()
    run_game(card, rules, seed=seed, bots=bots)
    return time.perf_counter() - start, time.process_time() - cpu


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="seeds per ruleset")
    parser.add_argument("--card", default="basic1")
    parser.add_argument("--objective", default=None, help="the coaches' discard objective (default: CoachBot's)")
    args = parser.parse_args(argv)
    card = mj.load_card(args.card)
    print(f"load before: {os.getloadavg()[0]:.2f}; {args.games} seeds per ruleset on {card.name},"
          f" coaches with objective {args.objective or 'default'}")
    for rules in (NMJL, MAHJX):
        timed_game(card, rules, 10_000, False, args.objective)  # warm up both sides
        timed_game(card, rules, 10_000, True, args.objective)
        spent = {False: [0.0, 0.0], True: [0.0, 0.0]}
        for seed in range(args.games):
            order = (False, True) if seed % 2 == 0 else (True, False)
            for coach in order:
                wall, cpu = timed_game(card, rules, seed, coach, args.objective)
                spent[coach][0] += wall
                spent[coach][1] += cpu
        bot_ms, coach_ms = (1000 * spent[c][0] / args.games for c in (False, True))
        ratio = coach_ms / bot_ms
        cpu_ratio = spent[True][1] / spent[False][1]
        print(f"{rules.name}: four-Bot game {bot_ms:.1f} ms, four-coach game {coach_ms:.1f} ms: ratio {ratio:.2f}"
              f" (target {TARGET_RATIO:.0f} or less: {'met' if ratio <= TARGET_RATIO else 'NOT met'});"
              f" on CPU time {cpu_ratio:.2f}")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
