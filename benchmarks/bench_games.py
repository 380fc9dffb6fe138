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

**Against an older engine** (issue 25: Bot games at least 5 times as fast as the engine of commit
5a068e6): ``--against 5a068e6`` checks that commit out into a temporary git worktree and times the same
seeded four-Bot games (``run_game(card, ruleset, seed=s)`` for the same seeds, on ``basic1`` and
``practice_harbor``, NMJL and MAHJ-X) in fresh subprocesses, the old code and this one alternately
(old, new, new, old, ...: the machine's drift falls on both), each process warmed up by one game
first (imports, numba's compiled loops, the card's arrays). It prints each side's milliseconds per game
per round, the ratio old / new (the median over the rounds; 5 or more meets the target), the ratio of their
CPU times (each side's least over the rounds: steadier than the wall clock on a shared machine), whether the
two play the same games (the moves of every game), and the machine's load before and after.

Run: ``.venv/bin/python benchmarks/bench_games.py --against 5a068e6 [--games 100] [--rounds 3]``

After the fourth round of speed work (branch i25-speed) the ratio was 3.1-3.3 on the four cards and rulesets
(CPU time, the least of 5 runs of each side, on the 2-core machine at load 7-12; the wall-clock ratios of
this script swing widely on a machine that busy): the target is not met. docs/rules.md gives the table, what
the round changed and what is left. After the fifth round (branch i25-botspeed: a call
weighed in one compiled pass, exposures judged once while they stay the same, less Python per move) two runs
with ``--games 40 --rounds 2`` at load 2.0-2.6 gave 3.44-3.71 (CPU-time ratios 3.44-3.73), against 3.19-3.42
for main before the round, run between them: still not 5. docs/rules.md has the figures and the profile.
After the sixth round (branch i25-botspeed3: the game's liveness in one compiled pass, a Charleston pass that
reads only the tiles it passes, a Mah Jongg's exposures checked without building their count rows) one run
with ``--games 40 --rounds 2`` right after one of main (load 1.7-2.9) gave 3.73-4.04, median 3.84 (CPU-time
ratios 3.76-4.04), against 3.26-3.88, median 3.61 (CPU 3.49-3.61) for main: not 5. A fresh process spends
12-18% more a game on its 40 games than on the same games played again (rows, views and liveness met for the
first time), so these figures are those of a short run; docs/rules.md has the profile.
After the seventh round (branch i25-botspeed4: a fresh process's builds for each new set of exposures made
cheaper: views' groups on first use, rows straight from their key, a whole card's count rows in bytes) the
first 40 games take 6-11% more than the same games again (8-24% before), and three runs (this branch, main, this
branch; load 2.6-2.8) gave medians 3.88 and 3.99 (CPU-time ratios 3.82-4.05) against 3.93 (CPU 3.81-3.97) for
main: within the noise, not 5.
The eighth round (branch i25-botspeed5) measured what fast-forwarding the quiet turns of play in one compiled
call could save before building it: ``--turns`` prints, per card and ruleset, the turns of play a game, the
quiet ones (a draw, a discard, the three others letting it go at a glance: 10-21 a game, 7-17% of the time,
in runs of 1.5-1.9 turns) and the plain ones (the same with a call weighed and let go: 48-58% of the time),
with the speed-ups they bound: 1.08-1.20 with the quiet turns free, so at most 4.3-4.7 against 5a068e6 (CPU-time
ratios 3.84-4.03 that hour, load 2.5-2.7); not built. docs/rules.md has the table and the piece left (the
plain turn compiled, 1.6-1.8 at most).

The ninth round (branch i25-botspeed6: a turn's rack one tile from the last decided in one compiled call, the
game's draw, discard and Charleston pass for the bots with their checks inline, the tiles available read from
the game) made Bot games 6-8% faster: three runs with ``--games 40 --rounds 2`` alternating with two of main
(load 2.7-3.7) gave CPU-time ratios 4.07-4.40 (medians 4.21, 4.24, 4.21) against 3.85-4.10 (medians 3.93,
3.96) for main: not 5. docs/rules.md has the table and what is left.
The tenth round (branch i25-botspeed7: a turn with no exposed joker to take no longer counts the tiles seen
for the exchange look) made them some 3-5% faster: three runs alternating with two of main (load 0.5-1.3) gave
CPU-time ratios 4.14-4.59 (medians 4.25, 4.37, 4.34) against 4.04-4.25 (medians 4.10, 4.14): not 5.
The eleventh round (branch i25-botspeed8: four Bots' Charleston a step at a time, a swap's offer from the compiled
ranking's arrays, a quicker setup) made them some 2-3% faster: three runs alternating with two of main (load
1.9-2.7) gave CPU-time ratios 4.31-4.65 (medians 4.49, 4.45, 4.48) against 4.23-4.53 (medians 4.36, 4.40): not 5.
The twelfth round (branch i25-botspeed9: every turn of a Bot with an allowed hand decided in one look, a joker drawn
included; a call weighed from the glance's position) made them about 1-2% faster, under this script's noise: three
runs alternating with two of main (load 3.2-3.9) gave CPU-time ratios 4.10-4.75 (medians 4.48, 4.43, 4.49) against
4.13-4.63 (medians 4.38, 4.47): not 5.
The thirteenth round (branch i25-botspeed10: the trust flag read inline, Bot.act's choice of move read in run_game's
loop, a quick pass resolving the discard inline, the log's labels made once) took some 3% of a Bot game's
instructions: two runs around one of main (load 2.5-2.8) gave CPU-time ratios 4.33-4.74 (medians 4.55, 4.53)
against 4.29-4.59 (median 4.42): not 5.
docs/rules.md has where a game's time goes by phase and the garbage collector's share.

Run: ``.venv/bin/python benchmarks/bench_games.py --turns [--games 40]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import mjlearn as mj
from mjlearn.rules import MAHJX, NMJL
from mjlearn.rules.bots import make_bots, run_game
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


def turn_shares(card, rules, games: int = 40, seed: int = 0) -> dict:
    """How the time of four-``Bot`` games splits by kind of turn of play: what fast-forwarding the quiet
    turns in one compiled call could save at most.

    A turn is a seat's draw, its discard and the other seats' answers to it. It is *quiet* when the seat
    draws, does not win or swap for a joker, discards, and each other seat lets the tile go at a glance
    (``Bot.answer_call``'s quick look: it weighs no call), and no hand dies in it; *plain* when the same holds
    except that some seat weighs a call before letting the tile go (``Bot.call_decision`` runs and passes).
    The games are those of ``run_game(card, rules, seed=s)`` for ``games`` seeds from ``seed``, played
    move by move with a timer around each move (about 0.1 us a move); the game's time includes the deal, the
    four bots and the Charleston.

    Returns ``ms`` (a game), ``turns``, ``quiet`` and ``plain`` (turns a game), ``quiet_moves`` (their share
    of the moves), ``quiet_time`` and ``plain_time`` (shares of the games' time), ``weighed_time`` (the share
    spent weighing calls in plain turns), ``us_quiet`` (microseconds a quiet turn) and ``stretches`` (a
    :class:`~collections.Counter` of the lengths of the runs of consecutive quiet turns).
    """
    card = mj.load_card(card) if isinstance(card, str) else card
    run_game(card, rules, seed=10**9)  # warm up: imports, compiled loops, the card's arrays
    clock = time.perf_counter
    total = quiet_time = plain_time = weighed_time = 0.0
    moves = quiet_moves = turns = quiet = plain = 0
    runs: list[bool] = []
    for s in range(seed, seed + games):
        start = clock()
        bots = make_bots(card, rules, s)
        weighed: list[int] = []
        for bot in bots:  # (an instance attribute: the Bot's own inline look still runs first)
            def decision(game, seat, counts, exposures, tile, decide=bot.call_decision):
                weighed.append(seat)
                return decide(game, seat, counts, exposures, tile)
            bot.call_decision = decision
        game = Game(card, ruleset=rules, seed=s)
        turn: list[tuple[str, float, bool, bool]] = []  # (move, seconds, at a glance, no hand died)

        def close() -> None:
            nonlocal turns, quiet, plain, quiet_time, plain_time, weighed_time, quiet_moves
            if not turn:
                return
            names = [name for name, _, _, _ in turn]
            regular = (len(turn) >= 2 and names[:2] == ["draw", "discard"]
                       and all(name == "pass_call" for name in names[2:]) and all(ok for _, _, _, ok in turn))
            turns += names[0] == "draw"
            if regular:
                spent = sum(seconds for _, seconds, _, _ in turn)
                plain += 1
                plain_time += spent
                weighed_time += sum(seconds for _, seconds, glance, _ in turn if not glance)
                if all(glance for _, _, glance, _ in turn):
                    quiet += 1
                    quiet_time += spent
                    quiet_moves += len(turn)
            runs.append(regular and all(glance for _, _, glance, _ in turn))
            turn.clear()

        while game.phase != "over":
            seat = game._first_waiting()
            phase, dead = game.phase, len(game.dead)
            weighed.clear()
            began = clock()
            bots[seat].act(game, seat)
            seconds = clock() - began
            moves += 1
            if phase == "charleston":
                continue
            name = game.moves[-1][0]
            if name == "draw":
                close()
            turn.append((name, seconds, not weighed, len(game.dead) == dead and game.phase != "over"))
        close()
        runs.append(False)
        total += clock() - start
    stretches: Counter = Counter()
    length = 0
    for is_quiet in runs:
        if is_quiet:
            length += 1
        elif length:
            stretches[length] += 1
            length = 0
    return {"ms": 1000 * total / games, "turns": turns / games, "quiet": quiet / games, "plain": plain / games,
            "quiet_moves": quiet_moves / moves, "quiet_time": quiet_time / total, "plain_time": plain_time / total,
            "weighed_time": weighed_time / total, "us_quiet": 1e6 * quiet_time / max(quiet, 1),
            "stretches": stretches}


def print_turn_shares(games: int, seed: int) -> None:
    """:func:`turn_shares` for each card and ruleset of ``--against``, with the speed-ups they bound."""
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for card in AGAINST_CARDS:
        for rules in (NMJL, MAHJX):
            shares = turn_shares(card, rules, games, seed)
            stretches = shares["stretches"]
            mean = sum(k * n for k, n in stretches.items()) / max(sum(stretches.values()), 1)
            print(f"{card:16s} {rules.name:6s} {shares['ms']:.2f} ms a game, {shares['turns']:.1f} turns of play:"
                  f" {shares['quiet']:.1f} quiet ({shares['quiet_moves']:.0%} of the moves,"
                  f" {shares['quiet_time']:.0%} of the time, {shares['us_quiet']:.0f} us a turn; runs of"
                  f" {mean:.1f} on average, {stretches[1]} of {sum(stretches.values())} single),"
                  f" {shares['plain']:.1f} plain ({shares['plain_time']:.0%} of the time, weighing calls"
                  f" {shares['weighed_time']:.0%}); at most {1 / (1 - shares['quiet_time']):.2f} times as fast"
                  f" with the quiet turns free, {1 / (1 - shares['plain_time'] + shares['weighed_time']):.2f}"
                  " with the plain turns free but their weighing")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


AGAINST_TARGET = 5.0
"""Issue 25: Bot games at least 5 times as fast as the engine of commit 5a068e6."""
AGAINST_CARDS = ("basic1", "practice_harbor")
ROOT = Path(__file__).resolve().parent.parent

_TIMER = """
import hashlib, sys, time
root = sys.argv[1]
sys.path.insert(0, root)
import mjlearn as mj
from mjlearn.rules import MAHJX, NMJL
from mjlearn.rules.bots import run_game
assert mj.__file__.startswith(root), (mj.__file__, root)
card = mj.load_card(sys.argv[2])
rules = {"NMJL": NMJL, "MAHJ-X": MAHJX}[sys.argv[3]]
first, count = int(sys.argv[4]), int(sys.argv[5])
run_game(card, rules, seed=10**9)  # warm up: imports, compiled loops, the card's arrays
digest = hashlib.sha256()
start, cpu = time.perf_counter(), time.process_time()
games = [run_game(card, rules, seed=seed) for seed in range(first, first + count)]
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
for game in games:
    digest.update(repr([(name, sorted((k, str(v)) for k, v in arguments.items())) for name, arguments in game.moves]).encode())
print(seconds, cpu, digest.hexdigest())
"""


def _time_games(root: Path, card: str, rules: str, first: int, count: int) -> tuple[float, float, str]:
    """Seconds (wall clock, then the process's CPU time) for ``count`` seeded games of the code at ``root``, in a
    fresh process, and a digest of their moves."""
    env = dict(os.environ, PYTHONPATH=str(root), OMP_NUM_THREADS="1")
    out = subprocess.run([sys.executable, "-c", _TIMER, str(root), card, rules, str(first), str(count)],
                         capture_output=True, text=True, env=env, cwd=str(root), check=True).stdout.split()
    return float(out[0]), float(out[1]), out[2]


def against(commit: str, games: int, rounds: int, seed: int) -> None:
    """Time the same seeded Bot games with the code of ``commit`` and with this code, alternately (see the
    module docstring), and print the ratios."""
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory(prefix="bench-games-") as folder:
        base = Path(folder) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), commit], check=True,
                       capture_output=True)
        try:
            label = subprocess.run(["git", "-C", str(base), "log", "-1", "--format=%h %ad", "--date=short"],
                                   capture_output=True, text=True, check=True).stdout.strip()
            print(f"old: {label} (temporary worktree); new: {ROOT}; {games} games per side per round,"
                  f" seeds {seed}-{seed + games - 1}, {rounds} rounds")
            ratios, cpu_ratios = {}, {}
            for card in AGAINST_CARDS:
                for rules in ("NMJL", "MAHJ-X"):
                    times: dict[str, list[float]] = {"old": [], "new": []}
                    cpu: dict[str, list[float]] = {"old": [], "new": []}
                    digests = {}
                    for round_ in range(rounds):
                        order = ("old", "new") if round_ % 2 == 0 else ("new", "old")
                        for side in order:
                            seconds, cpu_seconds, digests[side] = _time_games(base if side == "old" else ROOT, card,
                                                                              rules, seed, games)
                            times[side].append(1000 * seconds / games)
                            cpu[side].append(1000 * cpu_seconds / games)
                    per_round = [old / new for old, new in zip(times["old"], times["new"])]
                    ratios[(card, rules)] = ratio = statistics.median(per_round)
                    cpu_ratios[(card, rules)] = cpu_ratio = min(cpu["old"]) / min(cpu["new"])
                    same = "the same games" if digests["old"] == digests["new"] else "not the same games"
                    print(f"{card:16s} {rules:6s} old {' '.join(f'{t:6.2f}' for t in times['old'])} ms/game,"
                          f" new {' '.join(f'{t:6.2f}' for t in times['new'])} ms/game; ratio"
                          f" {' '.join(f'{r:.2f}' for r in per_round)} (median {ratio:.2f}); CPU time, least of each side:"
                          f" {min(cpu['old']):.2f} / {min(cpu['new']):.2f} ms = {cpu_ratio:.2f}; {same}")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False,
                           capture_output=True)
    worst = min(ratios.values())
    print(f"CPU-time ratio (least of each side): lowest {min(cpu_ratios.values()):.2f},"
          f" median {statistics.median(cpu_ratios.values()):.2f}")
    print(f"ratio old / new: lowest {worst:.2f}, median {statistics.median(ratios.values()):.2f};"
          f" target {AGAINST_TARGET:.0f} ({'met' if worst >= AGAINST_TARGET else 'not met'} on every card and ruleset)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="games per ruleset (1000; 100 per round with --against)")
    parser.add_argument("--card", default="basic1")
    parser.add_argument("--workers", type=int, default=1, help="also time the games in this many processes")
    parser.add_argument("--dask", action="store_true", help="and on a Dask LocalCluster of that many workers")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--against", metavar="COMMIT", help="time the same Bot games against the code of COMMIT")
    parser.add_argument("--rounds", type=int, default=3, help="with --against: rounds of old and new, alternately")
    parser.add_argument("--turns", action="store_true",
                        help="how the games' time splits by kind of turn of play (quiet, plain), per card and ruleset")
    args = parser.parse_args(argv)
    if args.turns:
        print_turn_shares(args.games or 40, args.seed)
        return
    if args.against:
        against(args.against, args.games or 100, args.rounds, args.seed)
        return
    args.games = args.games or 1000

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
