"""How often MAHJ-X's rule 5 (amending exposures) could help the coach, in seeded games.

The coach (and the engine's distances and chances under it) treats an exposure as fixed to its size: after a pung
of 5B is called, every hand that needs a kong of 5B is out of reach, and a call for a kong the rack cannot fill yet
is never made, although MAHJ-X lets a player add a tile or a joker to an exposure (or take one back) on a later
turn. This script plays the coach against three ``Bot``s (the duplicate arena's seat games: deal ``d``, the coach
in seat ``d % 4``) and four coaches together, and counts, at every turn of a coach:

- **turns with an exposure**: its own non-wild exposures;
- **revived**: turns where some amendment (one exposure grown to a pung, kong or quint with tiles or jokers of
  the rack, or with tiles still to draw, or shrunk with its jokers taken back) leaves the rack strictly nearer a
  live hand than the exposures as they are (:meth:`~mjlearn.engine.card_engine.BotEngine.best_after`), split into
  amendments the rack can make now and those that need a draw first;
- **calls**: discards the coach could call (2 or more of the tile with its jokers) where the nearest live hands
  hold a group of that tile only larger than the rack can fill now: a pung called to be amended later.

and, per game, whether it had a revived turn (and whether a coach won it) or a pung-for-later call refused.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/measure_amendments.py --deals 300 --card basic1 --ruleset MAHJ-X
"""

from __future__ import annotations

import argparse
import collections
import time


import mjlearn as mj
from mjlearn.engine import Exposure
from mjlearn.engine.compiled import exposure_key
from mjlearn.engine.liveness import available_counts
from mjlearn.rules import Bot, CoachBot
from mjlearn.rules.bots import run_game
from mjlearn.tiles import Tile

JOKER = int(Tile.JOKER)

STATS: collections.Counter = collections.Counter()


def amendments(counts, exposures):
    """Each way to amend one of ``exposures`` to another size of pung, kong or quint (MAHJ-X rule 5) with the
    rack's ``counts``: ``(index, the rack after, the exposures after, tiles added, tiles taken back, tiles
    lacking)``. A group grown takes the tile from the rack first, then jokers; what neither gives is lacking
    (still to draw). A group shrunk gives its jokers back first and keeps at least one natural."""
    for i, e in enumerate(exposures):
        if e.is_wild:
            continue
        t = int(e.tile)
        for size in (3, 4, 5):
            if size == e.size:
                continue
            rest = list(counts)
            if size > e.size:
                grow = size - e.size
                naturals = min(rest[t], grow)
                jokers = min(rest[JOKER], grow - naturals)
                lack = grow - naturals - jokers
                rest[t] -= naturals
                rest[JOKER] -= jokers
                new = Exposure(Tile(t), size, e.jokers + jokers)
                add, remove = (Tile(t),) * naturals + (Tile.JOKER,) * jokers, ()
            else:
                shrink = e.size - size
                jokers = min(e.jokers, shrink)
                naturals = shrink - jokers
                if e.naturals - naturals < 1:
                    continue
                rest[JOKER] += jokers
                rest[t] += naturals
                lack = 0
                new = Exposure(Tile(t), size, e.jokers - jokers)
                add, remove = (), (Tile.JOKER,) * jokers + (Tile(t),) * naturals
            yield i, rest, exposures[:i] + (new,) + exposures[i + 1:], add, remove, lack


def amended_distances(engine, counts, exposures, visible):
    """``(fixed, best now, best with a draw)``: the distance to the nearest live hand with the exposures as they
    are, and the least over one exposure amended with the rack's tiles only, or with tiles still to draw (each
    tile still to draw counted as one tile lacking)."""
    counts = list(counts)
    fixed = engine.best_after(counts, exposure_key(exposures), available_counts(visible, exposures))
    now = later = 99
    for _, rest, amended, _, _, lack in amendments(counts, exposures):
        distance = engine.best_after(rest, exposure_key(amended), available_counts(visible, amended)) + lack
        if lack:
            later = min(later, distance)
        else:
            now = min(now, distance)
    return fixed, now, later


class MeasuringCoach(CoachBot):
    """The coach, unchanged, noting at each discard and each call it weighs what an amendment would change."""

    def discard_decision(self, game, seat, counts, exposures, visible):
        live = tuple(e for e in exposures if not e.is_wild)
        if live:
            STATS["turns with an exposure"] += 1
            fixed, now, later = amended_distances(self.engine, counts, tuple(exposures), visible)
            if now < fixed:
                STATS["revived now"] += 1
                game._revived = True
            elif later < fixed:
                STATS["revived with a draw"] += 1
                game._revived = True
        else:
            STATS["turns without"] += 1
        return super().discard_decision(game, seat, counts, exposures, visible)

    def call_decision(self, game, seat, counts, exposures, tile):
        decision = super().call_decision(game, seat, counts, exposures, tile)
        t = int(tile)
        if t != JOKER and counts[t] + counts[JOKER] >= 2 and decision != ("mahjongg",):
            STATS["call looks"] += 1
            if decision is not None:
                STATS["calls made"] += 1
                STATS[f"calls of size {decision[1]}"] += 1
            position = self._position(tuple(counts), self._key_of(exposures))
            if position.view.n:
                available = available_counts(game.visible(seat), exposures)
                nearest, sizes = self.engine.nearest_groups(position, available, t)
                fill = counts[t] + counts[JOKER] + 1
                if sizes and min(sizes) > fill:
                    STATS["only a larger group than the rack fills"] += 1
                    if decision is None:
                        STATS["... and not called"] += 1
                        game._pung_for_later = True
                elif sizes and max(sizes) > fill:
                    STATS["a larger group too"] += 1
        return decision


def play(card, ruleset, deals, seed):
    for deal in range(seed, seed + deals):
        seat = deal % 4
        for together in (False, True):
            bots = [(MeasuringCoach if together or s == seat else Bot)(card, ruleset, seed=deal * 4 + s)
                    for s in range(4)]
            game = run_game(card, ruleset, seed=deal, bots=bots)
            kind = "four coaches" if together else "coach + 3 Bots"
            winner = game.result.winner
            STATS[f"{kind}: games"] += 1
            if getattr(game, "_revived", False):
                STATS[f"{kind}: games with a revived turn"] += 1
                if winner is not None and (together or winner == seat):
                    STATS[f"{kind}: ... won by a coach"] += 1
            if getattr(game, "_pung_for_later", False):
                STATS[f"{kind}: games with a pung-for-later call refused"] += 1
            if not together:
                STATS["coach + 3 Bots: coach's exposures"] += len(game.exposures[seat])
                STATS["coach + 3 Bots: coach won"] += winner == seat


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--card", default="basic1")
    parser.add_argument("--ruleset", default="MAHJ-X")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    card = mj.load_card(args.card)
    start = time.perf_counter()
    play(card, args.ruleset, args.deals, args.seed)
    print(f"{args.card}, {args.ruleset}, deals {args.seed}-{args.seed + args.deals - 1} "
          f"({time.perf_counter() - start:.0f} s)")
    for name, value in sorted(STATS.items()):
        print(f"  {name}: {value}")


if __name__ == "__main__":
    main()
