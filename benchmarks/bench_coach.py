"""Speed and behaviour of the coach's chances model, each figure from one run.

Targets (issue 14, item 6), on ``practice_harbor`` (55 lines, 1,307 hands):
  - ``card.win_chances`` for one position: median <= 50 ms
  - ``card.discard_advice`` for one 14-tile rack: median <= 200 ms

Positions: dealt racks with 30 other tiles seen on the table, at 6, 12 (the
default) and 18 draws to come. Also printed: the time of the bare numpy call
``line_chances`` (what a bot uses) with and without simulation, the share of
lines computed exactly, the largest standard error of the simulated ones, and
how often the Charleston advice aims at Singles and Pairs on 1,200 dealt racks
of ``basic1``, by nearest line (the old pass) and by chances (the new one).

Run: ``.venv/bin/python benchmarks/bench_coach.py``
"""

from __future__ import annotations

import statistics
import time

import numpy as np

import mjlearn as mj
from mjlearn.analysis import deal_racks
from mjlearn.analysis.advice import pass_lines
from mjlearn.analysis.chances import line_chances
from mjlearn.tiles import COPIES, Tile

WIN_CHANCES_MS = 50.0
DISCARD_ADVICE_MS = 200.0
SEEN = 30


def positions(count: int, tiles: int, seed: int) -> list[tuple[mj.Hand, list[Tile]]]:
    """Racks of ``tiles`` tiles with ``SEEN`` other tiles seen, drawn from one shuffled set each."""
    rng = np.random.default_rng(seed)
    found = []
    for _ in range(count):
        wall = np.repeat(np.arange(36), COPIES)
        rng.shuffle(wall)
        rack = mj.Hand.from_counts(np.bincount(wall[:tiles], minlength=36).tolist())
        found.append((rack, [Tile(int(k)) for k in wall[tiles: tiles + SEEN]]))
    return found


def median_ms(action, items) -> float:
    times = []
    for item in items:
        start = time.perf_counter()
        action(item)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    card = mj.load_card("practice_harbor")
    compiled = card.compiled()
    print(f"card 'practice_harbor': {compiled.num_lines} lines, {compiled.num_hands} concrete hands;"
          f" positions with {SEEN} tiles seen")
    thirteen = positions(40, 13, seed=1)
    fourteen = positions(12, 14, seed=2)
    card.win_chances(thirteen[0][0], visible=thirteen[0][1])  # untimed: the card's arrays built once
    for draws in (6, 12, 18):
        win = median_ms(lambda p: card.win_chances(p[0], draws=draws, visible=p[1]), thirteen)
        advice = median_ms(lambda p: card.discard_advice(p[0], draws=draws, visible=p[1]), fourteen)
        print(f"{draws} draws: win_chances median {win:.1f} ms (target <= {WIN_CHANCES_MS:.0f} ms: ratio"
              f" {win / WIN_CHANCES_MS:.2f}); discard_advice median {advice:.1f} ms (target <="
              f" {DISCARD_ADVICE_MS:.0f} ms: ratio {advice / DISCARD_ADVICE_MS:.2f})")

    print("line_chances (numpy, no table), 13-tile racks:")
    for draws in (6, 12, 18):
        methods, worst_se, times = np.zeros(3), 0.0, {}
        for samples in (2000, 500, 0):
            spent = []
            for rack, seen in thirteen:
                counts = np.asarray(rack.counts, dtype=np.int16)
                unseen = np.asarray(COPIES, dtype=np.int16) - counts - np.bincount(seen, minlength=36)
                start = time.perf_counter()
                result = line_chances(compiled, counts, (), unseen, draws, samples=samples)
                spent.append(time.perf_counter() - start)
                if samples == 2000:
                    methods += (result.exact.sum(), (~result.exact & ~result.simulated).sum(), result.simulated.sum())
                    worst_se = max(worst_se, float(result.p_win_se.max()))
            times[samples] = statistics.median(spent) * 1000
        print(f"  {draws} draws: {times[2000]:.1f} ms (2,000 samples), {times[500]:.1f} ms (500),"
              f" {times[0]:.1f} ms (no simulation); lines exact {methods[0] / methods.sum():.0%}, bounded"
              f" {methods[1] / methods.sum():.0%}, simulated {methods[2] / methods.sum():.0%}; largest error {worst_se:.4f}")

    basic = mj.load_card("basic1")
    racks = deal_racks(1200, 13, rng=0)
    pairs = [line.category == "Singles & Pairs" for line in basic.lines]
    distances = basic.compiled().line_distances(racks)
    order = np.arange(len(pairs))
    values = basic.compiled().line_value
    nearest = [int(np.lexsort((order, -values, row))[0]) for row in distances]
    start = time.perf_counter()
    likeliest = [pass_lines(basic, mj.Hand.from_counts(r.tolist()), 1)[0][0] for r in racks]
    spent = (time.perf_counter() - start) / len(racks) * 1000
    before = np.mean([pairs[i] for i in nearest])
    after = np.mean([line.category == "Singles & Pairs" for line in likeliest])
    with_joker = racks[:, Tile.JOKER] > 0
    after_joker = np.mean([likeliest[i].category == "Singles & Pairs" for i in np.flatnonzero(with_joker)])
    before_joker = np.mean([pairs[nearest[i]] for i in np.flatnonzero(with_joker)])
    print(f"Charleston aim on 1,200 dealt racks of basic1: Singles & Pairs {before:.1%} by nearest line (old),"
          f" {after:.1%} by chances (new); racks with a joker: {before_joker:.1%} -> {after_joker:.1%};"
          f" {spent:.1f} ms per rack")


if __name__ == "__main__":
    main()
