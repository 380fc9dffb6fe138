"""Speed of reading and expanding cards (MJCL parse + full expansion).

Target (issue 2): a 60-line card fully expanded in under 100 ms. Each bundled
card is read from text and expanded completely, several times; the median is
compared with the target scaled to the card's number of lines, and the ratio
(measured / budget, lower is better, < 1 meets the target) is printed. The
size guard is timed too: a runaway line must be refused well under a second.

Run: ``.venv/bin/python benchmarks/bench_mjcl.py``
"""

from __future__ import annotations

import statistics
import time

import mjlearn as mj
from mjlearn.resources import card_path

TARGET_MS_PER_60_LINES = 100.0
REPEATS = 15


def median_ms(action, repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    print(f"{'card':<18}{'lines':>6}{'hands':>8}{'median ms':>11}{'budget ms':>11}{'ratio':>7}")
    worst = 0.0
    for name in mj.list_cards():
        text = card_path(name).read_text(encoding="utf-8")
        card = mj.parse_card(text)
        lines, hands = len(card.lines), card.count_hands()
        ms = median_ms(lambda: mj.parse_card(text))
        budget = TARGET_MS_PER_60_LINES * lines / 60
        ratio = ms / budget
        worst = max(worst, ratio)
        print(f"{name:<18}{lines:>6}{hands:>8}{ms:>11.1f}{budget:>11.1f}{ratio:>7.2f}")
    print(f"worst ratio to the 100 ms per 60 lines target: {worst:.2f} ({'meets' if worst < 1 else 'MISSES'} it)")

    runaway = "a1 a2 a3 a4 a5 a6 a7 a8 a9 a1 a2 a3 a4 a5"
    def refuse():
        try:
            mj.parse_line(runaway)
        except mj.ExpansionLimitError:
            return
        raise AssertionError("runaway line was not refused")
    ms = median_ms(refuse)
    print(f"runaway line refused in {ms:.2f} ms (ratio to 1 s: {ms / 1000:.4f})")


if __name__ == "__main__":
    main()
