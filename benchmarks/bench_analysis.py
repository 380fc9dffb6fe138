"""Speed of the hand analysis, each figure beside the pure-Python reference run in the same process.

Targets (issue 3), on the largest bundled card:
  - ``closest`` for one rack: median <= 0.1 ms (issue 16; it was 1 ms; see also ``bench_click.py``)
  - distances for a batch of 100,000 racks: <= 10 s
  - odds over 100,000 deals: <= 15 s
  - compiled card: < 5 MB per 1,000 concrete hands

The reference (``tests/analysis_reference.py``) walks every concrete hand in
Python; it is timed on a sample and scaled, and the printed ratio is
reference time / fast time (how many times faster the vectorised engine is).

Run: ``.venv/bin/python benchmarks/bench_analysis.py``
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

import mjlearn as mj
from mjlearn.analysis import batch_distances, deal_racks, odds

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import analysis_reference as reference  # noqa: E402


def timed(action, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    largest = max(mj.list_cards(), key=lambda name: mj.load_card(name).count_hands())
    card = mj.load_card(largest)
    compiled = card.compiled()
    print(f"card {largest!r}: {len(card.lines)} lines, {compiled.num_hands} concrete hands")

    size_per_1000 = compiled.nbytes / compiled.num_hands * 1000 / 1e6
    print(f"compiled card: {compiled.nbytes / 1e6:.2f} MB, {size_per_1000:.2f} MB per 1,000 hands"
          f" (target < 5 MB: ratio {size_per_1000 / 5:.2f})")

    racks = deal_racks(200, rng=1)
    hands = [mj.Hand.from_counts(r.tolist()) for r in racks]
    for h in hands:  # one untimed pass: steady state, as in a widget after its first click
        card.closest(h)
    fast = [timed(lambda h=h: card.closest(h), 1)[0] for h in hands]
    ref = [timed(lambda r=r: reference.closest(card, r.tolist()), 1)[0] for r in racks[:20]]
    fast_ms, ref_ms = statistics.median(fast) * 1000, statistics.median(ref) * 1000
    print(f"closest, one rack: median {fast_ms:.3f} ms (target <= 0.1 ms: ratio {fast_ms / 0.1:.2f});"
          f" reference {ref_ms:.1f} ms, {ref_ms / fast_ms:.0f}x slower")

    batch = deal_racks(100_000, rng=2)
    start = time.perf_counter()
    batch_distances(card, batch)
    batch_s = time.perf_counter() - start
    sample = 50
    start = time.perf_counter()
    for r in batch[:sample]:
        reference.closest(card, r.tolist())
    ref_batch_s = (time.perf_counter() - start) / sample * len(batch)
    print(f"batch of 100,000 racks: {batch_s:.2f} s (target <= 10 s: ratio {batch_s / 10:.2f});"
          f" reference (scaled from {sample}) {ref_batch_s:.0f} s, {ref_batch_s / batch_s:.0f}x slower")

    start = time.perf_counter()
    odds(card, deals=100_000, seed=3, progress=False)
    odds_s = time.perf_counter() - start
    print(f"odds over 100,000 deals: {odds_s:.2f} s (target <= 15 s: ratio {odds_s / 15:.2f});"
          f" reference would take about {ref_batch_s:.0f} s ({ref_batch_s / odds_s:.0f}x)")
    agree = np.array_equal(
        batch_distances(card, batch[:sample]),
        np.array([[d for _, _, d in reference.closest(card, r.tolist())] for r in batch[:sample]]),
    )
    print(f"fast and reference distances agree on the sample: {agree}")


if __name__ == "__main__":
    main()
