"""The coach bot in seeded games: against today's Bot, four at a table, and its speed, under NMJL and MAHJ-X.

For each ruleset:

1. **Coach against three Bots.** Each seed is played four times, the coach
   bot sitting once in each seat (same deal, same other bots), so every seat
   counts equally. Printed: the coach's share of all games with its 95%
   (Wilson) interval (an even seat wins 25% of the games that someone wins,
   less the wall games), its wins by seat and by line, the Bots' wins, wall
   games, hot tiles thrown (a discard that an opponent with two or more
   exposures could win on, judged from the thrower's seat: what tournament
   play penalises if it proves to be the winning tile) and the times it
   happened (a win on a discard from a hand with two or more exposures), and
   the average game length in turns.
2. **Four coaches, and four Bots, on the same seeds**: wall-game rate (real
   tables: 7-11% by I Love Mahj's figures), wins by seat, most won lines,
   hot tiles thrown, average turns.
3. **Speed**: seconds per four-coach game over seconds per four-Bot game on
   the same seeds (target: 3 or less).

``--duplicate`` instead runs the duplicate arena (:func:`mjlearn.rules.duplicate_arena`): every deal
played with four Bots, then four times with the coach in one seat (the other three the same Bots with the
same seeds), then with four coaches; per card and ruleset the coach's win share against the Bot's in the
same seat on the same deals, their ratio, the paired difference with its 95% interval, points per game,
and the wall games of four coaches. ``--cards basic1,practice_harbor --games 1000 --workers 2`` is the
published run (its time is printed); ``--markdown FILE`` writes the table as Markdown too.

``--table-reading`` instead measures what :class:`mjlearn.analysis.defence.TableReading` tells apart: a coach's
reading of the other players (their hot throws over a blind thrower's) at its discards in the last
:data:`mjlearn.rules.coach_bot.GIVE_UP_WALL` tiles while a hot hand shows (where the give-up may fire), among three
Bots and among three coaches, with its quartiles and the share of readings that hold back
(:data:`~mjlearn.analysis.defence.HOLDS_BACK`).

``--waiting`` instead measures :data:`mjlearn.analysis.defence.WAITING`: how
often a hand is one tile from Mah Jongg when a tile is thrown, by its
exposures and the wall left, over games of four Bots.

Under MAHJ-X, whose payout is tournament points (rule 8), it also prints the
points each side scores per game (``game.result.payout.payments``): the
coach's average with its 95% interval against the Bots' average per seat,
and the average per seat at a table of four coaches and of four Bots; under
tournament scoring points, not wins, are what a player plays for.

Run: ``.venv/bin/python benchmarks/bench_arena.py [--games 500] [--card basic1] [--rulesets MAHJ-X]``, ``... --table-reading [--games 150]``
(about 8 minutes for both rulesets), or
``.venv/bin/python benchmarks/bench_arena.py --duplicate [--games 1000] [--cards basic1,practice_harbor] [--workers 2]``
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import numpy as np

import mjlearn as mj
from mjlearn.analysis.defence import tile_dangers
from mjlearn.rules import MAHJX, NMJL, Bot, CoachBot
from mjlearn.rules.bots import _exposures, available_tiles, run_game
from mjlearn.rules.simulate import _wilson, game_record
from mjlearn.tiles import Tile

TARGET_RATIO = 3.0


class Watcher:
    """Counts, during one game, the hot tiles each seat throws (judged from the thrower's seat)."""

    def __init__(self, compiled):
        self.compiled = compiled
        self.hot = Counter()
        self._discards = 0

    def __call__(self, game) -> None:
        grew = len(game.discards) > self._discards
        self._discards = len(game.discards)
        if not grew:
            return
        thrower, tile = game.discards[-1]
        if tile == Tile.JOKER:
            return
        opponents = []
        for other in range(1, 4):
            owner = (thrower + other) % 4
            groups = tuple(game.exposures[owner])
            opponents.append(groups if len(groups) >= 2 and owner not in game.dead else None)
        if all(o is None for o in opponents):
            return
        available = available_tiles(game.visible(thrower), _exposures(game, thrower))
        available = np.maximum(available - np.asarray(game.racks[thrower].counts, dtype=np.int16), 0)
        if tile_dangers(self.compiled, opponents, available, game.wall_left).hot[int(tile)]:
            self.hot[thrower] += 1


def play(card, rules, seed: int, bots) -> tuple:
    """One game: its record (:func:`game_record`), hot tiles thrown per seat, who threw the winning tile
    to a hand with two or more exposures (the tournament's hot-tile penalty; ``None`` if nobody did), and
    the points each seat scored (``game.result.payout.payments``: under MAHJ-X, tournament points)."""
    watcher = Watcher(card.compiled(rules))
    game = run_game(card, rules, seed=seed, bots=bots, on_move=watcher)
    result = game.result
    fed = (result.winner is not None and result.discarder is not None
           and len(game.exposures[result.winner]) >= 2)
    payout = result.payout
    points = tuple(payout.payments) if payout is not None else (0, 0, 0, 0)
    return game_record(game), watcher.hot, result.discarder if fed else None, points


def coach_table(card, rules, seed: int, coach_seats) -> list:
    return [CoachBot(card, rules, seed=seed * 4 + s) if s in coach_seats else Bot(card, rules, seed=seed * 4 + s)
            for s in range(4)]


def lines_text(records, wins: int, most: int = 3) -> str:
    counts = Counter(f"{r[5]} #{r[6]}" for r in records if r[1] >= 0)
    return ", ".join(f"{name} {n} ({n / wins:.0%})" for name, n in counts.most_common(most)) if wins else "-"


def against_bots(card, rules, seeds: list[int]) -> None:
    """The coach in each seat in turn against three Bots."""
    coach_wins, by_seat, bot_wins, walls, turns = 0, [0, 0, 0, 0], 0, 0, 0
    hot_coach = hot_bots = fed_by_coach = fed_by_bots = 0
    points_coach: list[int] = []  # the coach's points in each game
    points_bots = 0
    coach_records = []
    start = time.perf_counter()
    for seed in seeds:
        for seat in range(4):
            record, hot, fed, points = play(card, rules, seed, coach_table(card, rules, seed, (seat,)))
            points_coach.append(points[seat])
            points_bots += sum(points) - points[seat]
            winner = record[1]
            turns += record[11]
            walls += winner < 0
            if winner == seat:
                coach_wins += 1
                by_seat[seat] += 1
                coach_records.append(record)
            elif winner >= 0:
                bot_wins += 1
            hot_coach += hot[seat]
            hot_bots += sum(hot.values()) - hot[seat]
            if fed is not None:
                fed_by_coach += fed == seat
                fed_by_bots += fed != seat
    games = 4 * len(seeds)
    low, high = _wilson(coach_wins, games)
    won = games - walls
    print(f"coach + 3 Bots, {len(seeds)} seeds x 4 seats = {games} games ({time.perf_counter() - start:.0f} s)")
    print(f"  coach wins {coach_wins} of {games} games: {coach_wins / games:.1%} (95% interval {low:.1%} to {high:.1%});"
          f" an even seat: {won / games / 4:.1%} (25% of the {won} games won)")
    print(f"  coach's share of the games won: {coach_wins / won:.1%}" if won else "  nobody won")
    print(f"  coach wins by seat (East, South, West, North): {', '.join(map(str, by_seat))}")
    print(f"  coach's lines: {lines_text(coach_records, coach_wins)}")
    print(f"  Bots' wins {bot_wins}; wall games {walls} ({walls / games:.1%}); average game {turns / games:.1f} turns")
    print(f"  hot tiles thrown per game: coach {hot_coach / games:.2f} (one seat), Bots {hot_bots / games / 3:.2f} per seat;"
          f" wins fed to a hand with 2+ exposures: by the coach {fed_by_coach}, by the Bots {fed_by_bots / 3:.1f} per seat")
    if rules.tournament is not None:  # under tournament scoring points, not wins, are what a player plays for
        mean = float(np.mean(points_coach))
        half = 1.96 * float(np.std(points_coach, ddof=1)) / len(points_coach) ** 0.5
        print(f"  tournament points per game: coach {mean:.2f} (95% interval {mean - half:.2f} to {mean + half:.2f}),"
              f" Bots {points_bots / games / 3:.2f} per seat")


def one_kind(card, rules, seeds: list[int], coach: bool) -> list:
    """Four coaches (or four Bots) on the seeds: (record, hot, fed, points) per game."""
    return [play(card, rules, seed, coach_table(card, rules, seed, (0, 1, 2, 3) if coach else ())) for seed in seeds]


def four_of_a_kind(card, rules, seeds: list[int]) -> None:
    """Four coaches, then four Bots, on the same seeds; and the speed ratio."""
    timings = {}
    for name, coach in (("4 coaches", True), ("4 Bots", False)):
        results = one_kind(card, rules, seeds, coach)
        records = [r for r, _, _, _ in results]
        games = len(records)
        walls = sum(r[1] < 0 for r in records)
        wins = games - walls
        low, high = _wilson(walls, games)
        seats = Counter(r[1] for r in records if r[1] >= 0)
        hot = sum(sum(h.values()) for _, h, _, _ in results)
        fed = sum(f is not None for _, _, f, _ in results)
        points = sum(sum(p) for _, _, _, p in results)
        print(f"{name}, {games} games")
        print(f"  wall games {walls} ({walls / games:.1%}, 95% interval {low:.1%} to {high:.1%});"
              f" wins by seat {', '.join(str(seats.get(s, 0)) for s in range(4))}; average game"
              f" {sum(r[11] for r in records) / games:.1f} turns")
        print(f"  most won lines: {lines_text(records, wins)}")
        print(f"  hot tiles thrown per game {hot / games:.2f}; wins fed to a hand with 2+ exposures {fed}"
              + (f"; tournament points per seat per game {points / games / 4:.2f}" if rules.tournament else ""))
    timed = seeds[:100]  # the speed, without the watcher's own work
    for name, coach in (("4 coaches", True), ("4 Bots", False)):
        start = time.perf_counter()
        for seed in timed:
            run_game(card, rules, seed=seed, bots=coach_table(card, rules, seed, (0, 1, 2, 3) if coach else ()))
        timings[name] = time.perf_counter() - start
    ratio = timings["4 coaches"] / timings["4 Bots"]
    print(f"speed over {len(timed)} games: {timings['4 Bots'] / len(timed) * 1000:.0f} ms a four-Bot game,"
          f" {timings['4 coaches'] / len(timed) * 1000:.0f} ms a four-coach game")
    print(f"speed: a four-coach game takes {ratio:.2f} times a four-Bot game (target {TARGET_RATIO:.0f} or less:"
          f" {'met' if ratio <= TARGET_RATIO else 'NOT met'})")


def _stage(wall_left: int) -> int:
    return 0 if wall_left > 66 else 1 if wall_left > 33 else 2


def measure_waiting(card, games: int, first: int = 0, kinds: tuple[str, ...] = ("Bots", "coaches")) -> None:
    """How often a hand is one tile from Mah Jongg when a tile is thrown, by exposures and wall left, over
    games of four Bots and of four coaches (NMJL and MAHJ-X); and how well the danger model, with the
    table of today and with the table measured here, predicts the wins on discards.

    The calibration check: at each discard, for each other live hand that shows an exposure (the hands
    the coach weighs), the danger the model gives the thrown tile (``waiting * share``, as
    :func:`~mjlearn.analysis.defence.tile_dangers`, judged from the thrower's seat) against whether that
    hand won on it. Printed per kind of table: the predicted and the observed wins, their ratio, and the
    Brier score (mean squared error of the prediction), for the old and the new table.
    """
    from mjlearn.analysis.defence import CALIBRATED_WAITING, WAITING, opponent_lines

    tally: dict[tuple[str, int, int], list[int]] = {}
    judged: dict[str, list[tuple[int, int, float, bool]]] = {kind: [] for kind in kinds}  # (row, stage, share, won)
    for kind in kinds:
        for rules in (NMJL, MAHJX):
            judge = Bot(card, rules)
            compiled = card.compiled(rules)
            state = {"discards": 0, "pending": []}

            def on_move(game, kind=kind, judge=judge, compiled=compiled, state=state):
                grew = len(game.discards) > state["discards"]
                state["discards"] = len(game.discards)
                if game.phase == "over" and state["pending"]:  # did one of the judged hands win on the discard?
                    result = game.result
                    for entry, owner in state["pending"]:
                        judged[kind].append(entry + (result.how == "discard" and result.winner == owner,))
                    state["pending"] = []
                if not grew or game.phase == "over":
                    return
                for entry, _owner in state["pending"]:  # the last discard went without a win
                    judged[kind].append(entry + (False,))
                state["pending"] = []
                thrower, tile = game.discards[-1]
                stage = _stage(game.wall_left)
                available = None
                for seat in range(4):
                    if seat == thrower or seat in game.dead:
                        continue
                    exposures = _exposures(game, seat)
                    row = min(len(exposures), 3)
                    entry = tally.setdefault((kind, row, stage), [0, 0])
                    entry[0] += 1
                    entry[1] += judge.best_distance(game.racks[seat].counts, exposures) <= 1
                    if row and tile != Tile.JOKER:
                        if available is None:  # what the thrower could not see, less the tile thrown
                            available = available_tiles(game.visible(thrower), _exposures(game, thrower))
                            available = np.maximum(available - np.asarray(game.racks[thrower].counts, dtype=np.int16), 0)
                        share = opponent_lines(compiled, tuple(game.exposures[seat])).judge(available)[3][int(tile)]
                        state["pending"].append(((row, stage, float(share)), seat))

            for seed in range(first, first + games):
                state["discards"], state["pending"] = 0, []
                bots = coach_table(card, rules, seed, (0, 1, 2, 3) if kind == "coaches" else ())
                run_game(card, rules, seed=seed, bots=bots, on_move=on_move)
    print(f"one tile from Mah Jongg when a tile is thrown ({games} games each of NMJL and MAHJ-X per kind of table,"
          f" seeds {first}-{first + games - 1})")
    pooled = []
    for row in range(4):
        cells = []
        for stage in range(3):
            n = sum(tally.get((kind, row, stage), [0, 0])[0] for kind in kinds)
            w = sum(tally.get((kind, row, stage), [0, 0])[1] for kind in kinds)
            cells.append(w / n if n else WAITING[row][stage])
        pooled.append(cells)
    for kind in kinds:
        print(f"four {kind}: exposures | wall > 66 | 34-66 | <= 33")
        for row in range(4):
            shown = []
            for stage in range(3):
                n, w = tally.get((kind, row, stage), [0, 0])
                shown.append(f"{w / n:.3f} ({n})" if n else "-")
            print(f"  {row}{'+' if row == 3 else ' '}        | {' | '.join(shown)}")
    # the calibration factor of each exposure row: wins observed on discards over the wins the pooled table
    # predicts (Bots and coaches together); row 0 is never judged (the coach weighs exposed hands only)
    rows_all = [r for kind in kinds for r in judged[kind]]
    factors = []
    for row in range(4):
        mine = [r for r in rows_all if r[0] == row]
        predicted = sum(pooled[row][r[1]] * r[2] for r in mine)
        observed = sum(r[3] for r in mine)
        factors.append(observed / predicted if predicted > 0 and observed >= 20 else 1.0)
        if mine:
            print(f"  exposure row {row}: {len(mine)} judgements, predicted wins {predicted:.1f}, observed {observed}")
    fitted = tuple(tuple(round(pooled[row][stage] * factors[row], 3) for stage in range(3)) for row in range(4))
    print(f"pooled one-away table: {tuple(tuple(round(c, 3) for c in row) for row in pooled)}")
    print(f"row factors (observed / predicted): {[round(f, 3) for f in factors]}")
    print(f"calibrated table (pooled x factor): {fitted}")
    print("calibration on discards to hands with exposures: predicted wins, observed, observed/predicted, Brier")
    tables = (("WAITING (Bot tables)", WAITING), ("CALIBRATED_WAITING", CALIBRATED_WAITING), ("calibrated here", fitted))
    for kind in kinds:
        rows = judged[kind]
        won = np.array([r[3] for r in rows], dtype=float)
        for name, table in tables:
            predicted = np.array([table[r[0]][r[1]] * r[2] for r in rows])
            brier = float(((predicted - won) ** 2).mean()) if len(rows) else float("nan")
            print(f"  four {kind}, {name}: {len(rows)} judgements, predicted {predicted.sum():.1f},"
                  f" observed {int(won.sum())}, ratio {won.sum() / max(predicted.sum(), 1e-9):.2f}, Brier {brier:.6f}")


def table_readings(card, rules, seeds: list[int]) -> None:
    """A coach's table readings where its give-up may fire, among three Bots and among three coaches."""
    from mjlearn.analysis.defence import HOLDS_BACK, hot_row
    from mjlearn.rules.coach_bot import GIVE_UP_WALL

    class Reader(CoachBot):
        """A coach that notes its reading at each discard late in the wall while a hot hand shows."""

        def discard_decision(self, game, seat, counts, exposures, visible):
            choice = super().discard_decision(game, seat, counts, exposures, visible)
            if game.wall_left <= GIVE_UP_WALL and any(hot_row(game.exposures[o]) for o in range(4)
                                                      if o != seat and o not in game.dead):
                self.readings.append(self.table_reading(game, seat).rate)
            return choice

    found = {"three Bots": [], "three coaches": []}
    for seed in seeds:
        coach = Reader(card, rules, seed=seed)
        coach.readings = found["three Bots"]
        run_game(card, rules, seed=seed, bots=[coach] + [Bot(card, rules, seed=seed * 4 + i) for i in (1, 2, 3)])
        coaches = [Reader(card, rules, seed=seed * 4 + i) for i in range(4)]
        for one in coaches:
            one.readings = found["three coaches"]
        run_game(card, rules, seed=seed, bots=coaches)
    for kind, readings in found.items():
        values = np.array(readings)
        quartiles = ", ".join(f"{q:.2f}" for q in np.quantile(values, [0.25, 0.5, 0.75])) if len(values) else "-"
        holding = (values <= HOLDS_BACK).mean() if len(values) else float("nan")
        print(f"  {rules.name}, a coach among {kind}: {len(values)} readings, quartiles {quartiles};"
              f" {holding:.0%} hold back (at most {HOLDS_BACK})")


def duplicate(cards: list[str], rulesets: list[str], deals: int, seed: int, workers: int, markdown: str | None) -> None:
    """The duplicate arena on each card and ruleset, in a pool of ``workers`` processes; prints the table."""
    import multiprocessing
    import os
    from concurrent.futures import ProcessPoolExecutor

    from mjlearn.rules import arena_markdown, duplicate_arena

    reports = []
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    start = time.perf_counter()
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method)) if workers > 1 else _nothing() as pool:
        for name in cards:
            for ruleset in rulesets:
                report = duplicate_arena(name, ruleset, deals=deals, player=CoachBot, base=Bot, seed=seed, executor=pool)
                reports.append(report)
                print(report.summary(), flush=True)
    seconds = time.perf_counter() - start
    end_load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    import resource  # the processor time of the workers (joined when the pool closed) and of this process

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = resource.getrusage(resource.RUSAGE_SELF)
    cpu = used.ru_utime + used.ru_stime + (own.ru_utime + own.ru_stime if workers <= 1 else 0.0)
    lines = [f"{deals} deals per card and ruleset (seeds {seed}-{seed + deals - 1}), {len(reports)} arenas,"
             f" {len(reports) * deals * (6 if reports and len(reports[0].team_winner) else 5)} games:"
             f" {seconds:.0f} s ({seconds / 60:.1f} minutes) with {workers} worker process(es);"
             f" load average {load:.1f} at the start, {end_load:.1f} at the end; {cpu:.0f} s of processor time"
             f" in the workers, so about {cpu / max(workers, 1) / len(reports) if reports else 0:.0f} s an arena on"
             f" {workers} free core(s)"]
    table = arena_markdown(reports)
    print()
    print(table)
    print()
    print(lines[0])
    if markdown:
        with open(markdown, "w", encoding="utf-8") as out:
            out.write(table + "\n\n" + lines[0] + "\n")
        print(f"written to {markdown}")


class _nothing:
    """No executor: the deals run in this process."""

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="seeds per arena (the coach-against-Bots arena"
                        " plays each seed four times; default 500, and 1000 deals with --duplicate)")
    parser.add_argument("--card", default="basic1")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--rulesets", default="NMJL,MAHJ-X")
    parser.add_argument("--waiting", action="store_true", help="measure the WAITING table (over four Bots and four"
                        " coaches) and the danger model's calibration instead")
    parser.add_argument("--table-reading", action="store_true", help="measure how the coach's table reading tells"
                        " Bots from coaches (--games seeds, default 150) instead")
    parser.add_argument("--duplicate", action="store_true", help="run the duplicate arena instead (default 1000 deals)")
    parser.add_argument("--cards", default="basic1,practice_harbor", help="cards of the duplicate arena")
    parser.add_argument("--workers", type=int, default=2, help="processes of the duplicate arena's pool")
    parser.add_argument("--markdown", default=None, help="write the duplicate arena's table to this file")
    args = parser.parse_args(argv)

    if args.duplicate:
        duplicate(args.cards.split(","), args.rulesets.split(","), args.games or 1000, args.seed, args.workers,
                  args.markdown)
        return
    card = mj.load_card(args.card)
    if args.table_reading:
        for name in args.rulesets.split(","):
            table_readings(card, mj.rules.as_ruleset(name), list(range(args.seed, args.seed + (args.games or 150))))
        return
    args.games = args.games or 500
    if args.waiting:
        measure_waiting(card, args.games, args.seed)
        return
    seeds = list(range(args.seed, args.seed + args.games))
    print(f"card {args.card!r}: {len(card.lines)} lines; seeds {seeds[0]} to {seeds[-1]}")
    for name in args.rulesets.split(","):
        rules = mj.rules.as_ruleset(name)
        card.compiled(rules)
        run_game(card, rules, seed=10**9, bots=coach_table(card, rules, 10**9, (0, 1, 2, 3)))  # warm up
        print(f"\n== {rules.name} ==")
        against_bots(card, rules, seeds)
        four_of_a_kind(card, rules, seeds)


if __name__ == "__main__":
    main()
