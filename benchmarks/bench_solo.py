"""The solitaire benchmark: how often a random player, the Bot, the coach and the rollout ceiling complete a
hand alone, on the same seeded deals (:func:`mjlearn.analysis.solo`).

For each card (``basic1``, ``practice_garden``, ``practice_harbor`` and any ``.mjcl`` path given):

1. **The table**: per player and horizon (12, 18 and 24 draws), the hands completed, the share with its
   95% (Wilson) interval, the mean draw of completion and the mean tiles away after the last draw.
2. **The coach against the Bot** at the longest horizon, on the same deals: the ratio of their shares
   (the coach's target: 1.25 or more), the difference with its 95% paired interval and the exact McNemar
   p-value (target: under 0.05).
3. **The rollout ceiling** (:class:`mjlearn.analysis.solo.RolloutPlayer`: ``--samples`` imagined futures per
   discard, each played perfectly; ``--base bot`` or ``coach`` plays them with that policy instead) on the first
   ``--rollout-deals`` deals of the same seed, with the coach and the Bot on those deals: the coach's
   target is to come within 1 point of it.
4. **Speed**: decisions a second of each player (the coach's target: 200 or more), with the time the run
   took. Nothing else depends on the machine: every other figure is the same for the same seed.

Run: ``.venv/bin/python benchmarks/bench_solo.py [--deals 2000] [--rollout-deals 300] [--seed 0]
[--workers 2] [--write] [extra.mjcl ...]`` (on a quiet core: about 20 seconds per card for the table at
2,000 deals, plus about 0.1 to 0.3 s per rollout deal). ``--write`` puts each card's figures into
``cards/solo_benchmark.json``, the long-run figures a learner's hands are scored against
(:mod:`mjlearn.analysis.solo_score`).
"""

from __future__ import annotations

import os

# One BLAS thread per process: the rollout's look-ahead is one small matrix product per decision, and with
# the BLAS library's own threads on a shared 2-core machine it ran 16 decisions a second instead of ~650
# (measured on basic1 while other work kept the load at 8-12). Set before numpy is imported.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import time  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from pathlib import Path  # noqa: E402

from mjlearn.analysis.solo import DRAWS, RolloutPlayer, SoloResult, solo  # noqa: E402
from mjlearn.analysis.solo_score import BENCHMARK_FILE, benchmark_entry  # noqa: E402

CARDS = ("basic1", "practice_garden", "practice_harbor")
PLAYERS = ("random", "bot", "coach")
TARGET_RATIO = 1.25
TARGET_P = 0.05
TARGET_CEILING = 0.01
TARGET_SPEED = 200.0


def table_text(result: SoloResult) -> list[str]:
    """The table of a result, one line per player and horizon."""
    lines = [f"{'player':>8} {'draws':>5} {'completed':>9} {'share':>7} {'95% interval':>16} {'mean draw':>9}"
             f" {'tiles away':>10}"]
    for row in result.table().itertuples():
        mean = "-" if math.isnan(row.mean_draw) else f"{row.mean_draw:.1f}"
        lines.append(f"{row.player:>8} {row.draws:>5} {row.completed:>9} {row.share:>7.2%}"
                     f" {f'{row.low:.2%}-{row.high:.2%}':>16} {mean:>9} {row.away:>10.2f}")
    return lines


def comparison_text(result: SoloResult, a: str, b: str, target: str = "") -> str:
    c = result.compare(a, b)
    low, high = c.interval
    return (f"{a}/{b} at {c.draws} draws: ratio {c.ratio:.2f}{target}, difference {100 * c.difference:+.2f} points"
            f" (95% interval {100 * low:+.2f} to {100 * high:+.2f}), McNemar p = {c.p_value:.3g}"
            f" ({c.only_a} deals only {a} completed, {c.only_b} only {b})")


def speed_text(results: Sequence[SoloResult]) -> str:
    """Decisions a second per player over the results (the coach's against its target)."""
    decisions: dict[str, int] = {}
    seconds: dict[str, float] = {}
    for result in results:
        for player, n, s in zip(result.players, result.decisions, result.seconds):
            decisions[player] = decisions.get(player, 0) + n
            seconds[player] = seconds.get(player, 0.0) + s
    parts = []
    for player in decisions:
        rate = decisions[player] / seconds[player] if seconds[player] else math.nan
        note = f" (target {TARGET_SPEED:.0f}: {rate / TARGET_SPEED:.1f}x)" if player == "coach" else ""
        parts.append(f"{player} {rate:,.0f}{note}")
    return "speed, decisions a second: " + "; ".join(parts)


def card_report(card: str, deals: int, rollout_deals: int, seed: int = 0, draws: Sequence[int] = DRAWS,
                ruleset: str = "NMJL", samples: int = 64, width: int = 4, executor=None,
                timing: bool = True, base: str = "perfect") -> tuple[str, SoloResult, SoloResult | None]:
    """The text printed for one card, and the results it reads: the main run and the rollout's."""
    start = time.perf_counter()
    main = solo(card, players=PLAYERS, deals=deals, draws=draws, seed=seed, ruleset=ruleset, executor=executor)
    lines = [f"== {main.card.name} under {main.ruleset.name}: {main.deals} deals, seed {seed} ==", *table_text(main),
             comparison_text(main, "coach", "bot", f" (target {TARGET_RATIO}, p < {TARGET_P})"),
             comparison_text(main, "bot", "random")]
    ceiling = None
    if rollout_deals:
        rollout = RolloutPlayer(main.card, ruleset, base=base, samples=samples, width=width)
        ceiling = solo(main.card, players=("bot", "coach", rollout), deals=range(rollout_deals), draws=draws,
                       seed=seed, ruleset=ruleset, executor=executor)
        how = "each played perfectly" if base == "perfect" else f"played by the {base}, {width} candidates"
        lines += [f"-- the rollout ceiling ({samples} futures per discard, {how}) on deals 0 to"
                  f" {rollout_deals - 1} --", *[line for line in table_text(ceiling) if "rollout" in line]]
        gap = ceiling.share("rollout") - ceiling.share("coach")
        lines.append(f"coach below the ceiling at {max(ceiling.draws)} draws: {100 * gap:+.2f} points"
                     f" (target: {100 * TARGET_CEILING:.0f} point or less)")
        lines.append(comparison_text(ceiling, "rollout", "coach"))
        lines.append(comparison_text(ceiling, "rollout", "bot"))
    if timing:
        lines.append(speed_text([main] + ([ceiling] if ceiling is not None else [])))
        lines.append(f"time: {time.perf_counter() - start:.0f} s")
    return "\n".join(lines), main, ceiling


def write_entry(result: SoloResult, note: str) -> Path:
    """Put a result's figures into the bundled benchmark file, replacing the entry of the same card and ruleset."""
    path = Path(__file__).resolve().parent.parent / "cards" / BENCHMARK_FILE
    data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {
        "about": "Long-run solitaire figures per card and ruleset (mjlearn.analysis.solo_score): per player and"
                 " horizon, [hands completed, mean tiles away after the last draw, its standard deviation] over"
                 " the deals given. Written by benchmarks/bench_solo.py --write.",
        "entries": []}
    entry = benchmark_entry(result, note)
    data["entries"] = [e for e in data["entries"] if (e["fingerprint"], e["ruleset"]) !=
                       (entry["fingerprint"], entry["ruleset"])] + [entry]
    data["entries"].sort(key=lambda e: (e["card"], e["ruleset"]))
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


def bands_text(cards: Sequence[str], hands: Sequence[int] = (10, 40, 100), draws: Sequence[int] = (18, 24),
               ruleset: str = "NMJL") -> str:
    """The bands of the bundled figures as Markdown tables (docs/analysis.md): per card, horizon and number
    of hands, where each player lands 8 times in 10: hands completed, and mean tiles away at the end."""
    import mjlearn as mj
    from mjlearn.analysis.solo_score import NAMES, _bundled

    out = []
    for name in cards:
        card = mj.load_card(name)
        for horizon in draws:
            found = _bundled(card, ruleset, horizon)
            if not found:
                out.append(f"{card.name}: no bundled figures at {horizon} draws")
                continue
            deals = next(iter(found.values())).deals
            out += [f"**{card.name}, {horizon} draws** ({deals:,} deals):", "",
                    "| player | share | tiles away | " + " | ".join(f"{n} hands" for n in hands) + " |",
                    "| --- | --- | --- | " + " | ".join("---" for _ in hands) + " |"]
            for player in ("coach", "bot", "random"):
                s = found[player]
                cells = []
                for n in hands:
                    low, high, near, far = s.band(n)
                    done = f"{low}" if low == high else f"{low}-{high}"
                    cells.append(f"{done} completed, {near:.1f}-{far:.1f} away")
                out.append(f"| {NAMES[player]} | {s.share:.2%} | {s.away_mean:.2f} | " + " | ".join(cells) + " |")
            out.append("")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", nargs="*", help=".mjcl paths (or bundled names) measured after the three cards")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--rollout-deals", type=int, default=300, help="deals the rollout ceiling plays (0: none)")
    parser.add_argument("--samples", type=int, default=64, help="the rollout's imagined futures per discard")
    parser.add_argument("--base", default="perfect", choices=["perfect", "bot", "coach"],
                        help="who plays the rollout's futures (perfect: knowing each)")
    parser.add_argument("--width", type=int, default=4, help="candidate discards with --base bot or coach")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ruleset", default="NMJL")
    parser.add_argument("--draws", type=int, nargs="+", default=list(DRAWS))
    parser.add_argument("--only", action="store_true", help="measure only the cards given, not the three")
    parser.add_argument("--workers", type=int, default=1, help="processes (a pool; 1: this process)")
    parser.add_argument("--bands", action="store_true", help="print the bands of the bundled figures (Markdown)")
    parser.add_argument("--write", action="store_true",
                        help=f"write each card's figures into cards/{BENCHMARK_FILE} (the bands learners are scored by)")
    args = parser.parse_args(argv)
    cards = list(args.cards) if args.only else [*CARDS, *args.cards]
    if args.bands:
        print(bands_text(cards, ruleset=args.ruleset))
        return
    pool = None
    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(args.workers)
    try:
        for card in cards:
            started = time.perf_counter()
            text, result, _ = card_report(card, args.deals, args.rollout_deals, args.seed, args.draws, args.ruleset,
                                          args.samples, args.width, pool, base=args.base)
            print(text, flush=True)
            print()
            if args.write:
                note = (f"benchmarks/bench_solo.py --deals {args.deals} --seed {args.seed}, {time.strftime('%Y-%m-%d')},"
                        f" {time.perf_counter() - started:.0f} s with {args.workers} worker(s)")
                print(f"written to {write_entry(result, note)}")
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
