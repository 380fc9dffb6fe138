"""A coach that uses MAHJ-X's rule 5 (amending exposures), and other MAHJ-X variants, for the duplicate arena.

Not part of mjlearn: subclasses screened and not kept.

:class:`AmendingCoach` is :class:`~mjlearn.rules.CoachBot` with three additions, under a ruleset that allows
amending exposures (``ruleset.amend_exposures``, MAHJ-X) only:

1. **Amend at its turn.** Before its discard it tries each amendment the rack can make now (one exposure grown
   to a pung, kong or quint with the rack's tiles or jokers, or shrunk with its jokers taken back first) and
   makes the one whose rack, after its best discard, is worth the most, if that beats the exposures as they are
   by ``margin`` (the worth of :meth:`~mjlearn.rules.CoachBot.discard_scores`, objective ``"worth"``).
2. **A pung called to be amended later.** A discard of a tile of which the rack holds two (with its jokers)
   where the near hands need a kong or quint of it: the coach calls a pung if the rack with that exposure taken
   at its planned size (the tiles it still owes counted as in the exposure) is worth, times the chance of
   drawing the owed tiles (the tile or a joker) in the draws left, more than the rack now by the call margin,
   its best chance likewise not lower: the call the rule's rationale describes.
3. **Discards by the plan.** While a pung so called is short of its planned size, each discard is chosen with
   the exposure at its planned size, where that (times the chance of the owed tiles) is worth more than the pung.

``functools.partial(AmendingCoach, plan_calls=False)`` etc. switch parts off. :class:`OfferingCoach` tries the coach's
own offers in the negotiated swaps across, :class:`LooserCallCoach` calls that lower the best chance, and
:data:`VARIANTS` holds the call margins tried under MAHJ-X too (the
figures: docs/rules.md, "Tried later ... not kept"). Screen them against the coach on the same deals with::

    PYTHONPATH=$PWD:$PWD/benchmarks .venv/bin/python benchmarks/amend_coach.py --deals 300 --variants coach,amend
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import functools
import math
import time

import numpy as np

from mjlearn.engine import Exposure
from mjlearn.engine.compiled import exposure_key
from mjlearn.engine.liveness import available_counts, available_tiles
from mjlearn.rules import NMJL, Bot, CoachBot, duplicate_arena
from mjlearn.tiles import Tile

JOKER = int(Tile.JOKER)


def _sibling(name: str):
    """The script ``name``.py beside this one, loaded as a module (this folder is no package)."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parent / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_measure = _sibling("measure_amendments")  # (its amendments(): each way to amend one exposure)


def owed_chance(unseen: int, outs: int, draws: int, owed: int) -> float:
    """The chance of drawing at least ``owed`` of ``outs`` tiles among ``unseen`` in ``draws`` draws."""
    if owed <= 0:
        return 1.0
    draws = min(draws, unseen)
    if outs < owed or draws < owed or unseen <= 0:
        return 0.0
    total = math.comb(unseen, draws)
    missed = sum(math.comb(outs, k) * math.comb(unseen - outs, draws - k) for k in range(owed))
    return max(0.0, 1.0 - missed / total)


class AmendingCoach(CoachBot):
    """The coach with MAHJ-X amendments (the module docstring)."""

    def __init__(self, card, ruleset=NMJL, seed=0, grow: bool = True,
                 plan_calls: bool = True, margin: float = 0.0, plan_margin: float | None = None,
                 plan_discards: bool = True, **options):
        super().__init__(card, ruleset, seed, **options)
        self.grow = grow
        self.plan_calls = plan_calls
        self.margin = margin
        self.plan_margin = plan_margin
        self.plan_discards = plan_discards
        self._plans: dict = {}  # (id(game), seat) -> {tile: planned size}
        self._amended_turn = None

    def __getstate__(self):
        state = super().__getstate__()
        state.update(_plans={}, _amended_turn=None)
        return state

    # -- helpers -----------------------------------------------------------------------------
    def _best(self, counts, exposures, visible, draws) -> tuple[float, float]:
        kinds, scores = self.discard_scores(counts, exposures, visible, draws, objective="worth")
        if not len(scores):
            return 0.0, 0.0
        best = int(scores.argmax())
        chances = self.last_chance[1:]
        return float(scores[best]), float(chances[best]) if len(chances) > best else 0.0

    @staticmethod
    def _owed_factor(available, counts, t: int, owed: int, draws: int) -> float:
        unseen = np.asarray(available, dtype=np.int64) - np.asarray(counts, dtype=np.int64)
        unseen = np.maximum(unseen, 0)
        return owed_chance(int(unseen.sum()), int(unseen[t] + unseen[JOKER]), draws, owed)

    def _plan_of(self, game, seat) -> dict:
        return self._plans.setdefault((id(game), seat), {})

    # -- 1: amend at its turn ---------------------------------------------------------------
    def discard_move(self, game, seat):
        if self.grow and game.ruleset.amend_exposures and seat not in game.dead:
            turn = (id(game), len(game.log))
            if self._amended_turn != turn and any(not e.is_wild for e in game.exposures[seat]):
                amendment = self._turn_amendment(game, seat)
                if amendment is not None:
                    group, add, remove = amendment
                    game.amend(seat, group, add=add, remove=remove)
                    self._amended_turn = (id(game), len(game.log))
                    return
        super().discard_move(game, seat)

    def _turn_amendment(self, game, seat):
        counts = list(game.racks[seat].counts)
        exposures = tuple(game.exposures[seat])
        visible = game.visible(seat)
        draws = self._draws(game, seat)
        fixed_distance = self.engine.best_after(counts, exposure_key(exposures), available_counts(visible, exposures))
        candidates = []
        for i, rest, amended, add, remove, lack in _measure.amendments(counts, exposures):
            if lack or not self._position(tuple(rest), exposure_key(amended)).view.n:
                continue  # (only the rack's own tiles and jokers amend at the turn)
            distance = self.engine.best_after(rest, exposure_key(amended), available_counts(visible, amended))
            if distance <= fixed_distance:
                candidates.append((i, add, remove, rest, amended))
        if not candidates:
            return None
        seen = np.asarray(visible, dtype=np.int16)
        fixed, _ = self._best(counts, exposures, seen, draws)
        best = None
        for i, add, remove, rest, amended in candidates:
            worth, _ = self._best(rest, amended, seen, draws)
            if worth > fixed * (1 + self.margin) + 1e-9 and (best is None or worth > best[0]):
                best = (worth, i, add, remove)
        if best is None:
            return None
        plan = self._plan_of(game, seat)
        tile = int(exposures[best[1]].tile)
        plan.pop(tile, None)
        return best[1], best[2], best[3]

    # -- 2: a pung called to be amended later ---------------------------------------------------
    def call_decision(self, game, seat, counts, exposures, tile):
        decision = super().call_decision(game, seat, counts, exposures, tile)
        if decision is not None or not self.plan_calls or not game.ruleset.amend_exposures:
            return decision
        t = int(tile)
        if t == JOKER or counts[t] + counts[JOKER] != 2:
            return None
        first = self.read_call(counts, exposures, tile)
        if first[0] != "weigh":
            return None
        _, counts, position, groups = first
        visible = game.visible(seat)
        seen = np.array(visible, dtype=np.int16)
        near = self._near(position, available_tiles(seen, exposures))
        sizes = sorted({size for size, has in groups if 4 <= size <= 5 and has.dot(near)})
        if not sizes:
            return None
        draws = self._draws(game, seat)
        now = float(self.worth(np.array(counts, dtype=np.int16)[None], exposures, seen, draws)[0])
        chance_now = float(self.last_chance[0]) if len(self.last_chance) else 0.0
        after_seen = seen.copy()
        after_seen[t] -= 1
        naturals = min(counts[t], 2)
        jokers = 2 - naturals
        rest = list(counts)
        rest[t] -= naturals
        rest[JOKER] -= jokers
        best = None
        for size in sizes:
            planned = tuple(exposures) + (Exposure(Tile(t), size, jokers),)
            if not self._position(tuple(rest), exposure_key(planned)).view.n:
                continue
            factor = self._owed_factor(available_counts(after_seen, tuple(exposures) + (Exposure(Tile(t), 3, jokers),)),
                                       rest, t, size - 3, draws)
            worth, chance = self._best(rest, planned, after_seen, draws)
            worth, chance = worth * factor, chance * factor
            margin = self.call_margin if self.plan_margin is None else self.plan_margin
            if worth > now * (1 + margin) and chance >= chance_now and (best is None or worth > best[0]):
                best = (worth, size)
        if best is None:
            return None
        if self._given_up(game, seat, counts, exposures, visible):
            return None
        self._plan_of(game, seat)[t] = best[1]
        return ("call", 3, jokers)

    # -- 3: discards by the plan ---------------------------------------------------------------
    def discard_decision(self, game, seat, counts, exposures, visible):
        plan = self._plans.get((id(game), seat))
        if plan and self.plan_discards:
            planned, owed, tile = list(exposures), 0, None
            for i, e in enumerate(exposures):
                size = plan.get(int(e.tile))
                if size is not None and not e.is_wild and e.size < size:
                    planned[i] = Exposure(e.tile, size, e.jokers)
                    owed, tile = size - e.size, int(e.tile)
                    break
            if tile is None:
                plan.clear()
            else:
                planned = tuple(planned)
                seen = np.asarray(visible, dtype=np.int16)
                draws = self._draws(game, seat)
                if self._position(tuple(counts), exposure_key(planned)).view.n:
                    fixed, _ = self._best(counts, tuple(exposures), seen, draws)
                    worth, _ = self._best(counts, planned, seen, draws)
                    factor = self._owed_factor(available_counts(seen, exposures), counts, tile, owed, draws)
                    if worth * factor > fixed:
                        return super().discard_decision(game, seat, counts, planned, visible)
                del plan[tile]
        return super().discard_decision(game, seat, counts, exposures, visible)


class OfferingCoach(CoachBot):
    """The coach with its own offers in a negotiated swap across (MAHJ-X's across passes and the optional pass):
    ``"three"`` offers the three tiles of its own pass (:meth:`~mjlearn.rules.CoachBot.choose_pass`), so that the
    swap is as large as the other player's offer; ``"bot count"`` offers as many tiles as the ``Bot`` would, but the
    ones its own pass chooses."""

    def __init__(self, card, ruleset=NMJL, seed=0, offer: str = "three", **options):
        super().__init__(card, ruleset, seed, **options)
        self.offer = offer

    def choose_offer(self, counts):
        count = 3 if self.offer == "three" else len(super().choose_offer(counts))
        return self.choose_pass(counts, count) if count else []


class LooserCallCoach(CoachBot):
    """The coach whose calls may lower its best line's chance to ``chance_floor`` times what it was (the coach:
    1, never lower): a call that makes the rack worth more by the margin but ties it to a slightly less likely
    hand."""

    def __init__(self, card, ruleset=NMJL, seed=0, chance_floor: float = 0.9, **options):
        super().__init__(card, ruleset, seed, **options)
        self.chance_floor = chance_floor

    def _weigh_call(self, first, exposures, visible, tile, draws):
        _, counts, position, groups = first
        t = int(tile)
        seen = None if visible is None else np.array(visible, dtype=np.int16)
        near = self._near(position, None if seen is None else available_tiles(seen, exposures))
        groups = [(size, has) for size, has in groups if has.dot(near)]
        if not groups:
            return None
        best = None
        for size, use_jokers, now, chance_now, after, chance_after in self._call_options(
                counts, exposures, seen, t, [size for size, _ in groups], draws()):
            if (after > now * (1 + self.call_margin) and chance_after >= self.chance_floor * chance_now
                    and (best is None or after > best[0])):
                best = (after, size, use_jokers)
        return None if best is None else ("call", best[1], best[2])


def run(deals: int, seed: int, card: str, ruleset: str, variants: dict, workers: int) -> None:
    with (concurrent.futures.ProcessPoolExecutor(workers) if workers else contextlib.nullcontext()) as pool:
        for name, player in variants.items():
            start = time.perf_counter()
            report = duplicate_arena(card, ruleset, deals, player=player, base=Bot, seed=seed, executor=pool)
            low, high = report.difference_interval
            both, only_player, only_base, neither = report.cells
            print(f"{card} {ruleset} seeds {seed}-{seed + deals - 1} {name}: share {report.player_share:.4f} "
                  f"({both + only_player}) vs Bot {report.base_share:.4f} ({both + only_base}); ratio {report.ratio:.3f}; "
                  f"diff {report.difference:+.4f} ({low:+.4f} to {high:+.4f}); four coaches' walls "
                  f"{report.team_walls:.3f}; points {report.player_points_per_game:.2f} vs "
                  f"{report.base_points_per_game:.2f} ({time.perf_counter() - start:.0f} s)", flush=True)


VARIANTS = {
    "coach": CoachBot,
    "amend": AmendingCoach,
    "amend-at-turn only": functools.partial(AmendingCoach, plan_calls=False),
    "plan margin 0.3": functools.partial(AmendingCoach, plan_margin=0.3),
    "plan margin 0.6": functools.partial(AmendingCoach, plan_margin=0.6),
    "no plan discards": functools.partial(AmendingCoach, plan_discards=False),
    "offer three": functools.partial(OfferingCoach, offer="three"),
    "offer bot count": functools.partial(OfferingCoach, offer="bot count"),
    "chance floor 1": functools.partial(LooserCallCoach, chance_floor=1.0),
    "chance floor 0.9": functools.partial(LooserCallCoach, chance_floor=0.9),
    "chance floor 0.7": functools.partial(LooserCallCoach, chance_floor=0.7),
    "call margin 0": functools.partial(CoachBot, call_margin=0.0),
    "call margin 0.05": functools.partial(CoachBot, call_margin=0.05),
    "call margin 0.2": functools.partial(CoachBot, call_margin=0.2),
}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--card", default="basic1")
    parser.add_argument("--ruleset", default="MAHJ-X")
    parser.add_argument("--workers", type=int, default=2, help="processes of the pool (0: none, in this process)")
    parser.add_argument("--variants", default="coach,amend")
    args = parser.parse_args(argv)
    chosen = {name: VARIANTS[name] for name in args.variants.split(",")}
    run(args.deals, args.seed, args.card, args.ruleset, chosen, args.workers)


if __name__ == "__main__":
    main()
