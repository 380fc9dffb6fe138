"""Every implementation of "tiles away" gives the specification's numbers, on the same positions.

The specification and its slow reference are :mod:`mjlearn.engine.tiles_away`
(:func:`~mjlearn.engine.tiles_away.reference_distance`). The same positions, per card, go through
every implementation, by each engine where there are two (numpy and numba):

- racks dealt at random (13 and 14 tiles), racks with 0 to 8 jokers, partial racks (0-12 tiles),
  near-wins (a hand of the card with a tile or two swapped);
- positions with exposures: groups of the card's hands exposed with 0 or more jokers, and (MAHJ-X
  rule 4.5) wild exposures of jokers only, the rack beside them (the card's hands as listed under NMJL:
  the specification does not depend on the ruleset);
- for the live hands, tiles seen by the player (discards, the others' exposures).

Each implementation is one parameter of :func:`test_every_implementation_gives_the_reference`; the
implementations that read no exposures (the batch kernel, a rack's distances with none) take the
positions without exposures. A failure names the first few positions and hands where they differ.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.engine import (FAR, NO_TILE, OFFSET, Exposure, LiveHands, Position, engine_for, kernel, loops,
                            reference_distance, views)
from mjlearn.engine.liveness import available_tiles
from mjlearn.tiles import COPIES, NUM_KINDS, Tile

J = int(Tile.JOKER)
TRICKY = """Tricky
"Odd groups"
FF 11 11 2222 3333 X25
FFF FFF 1111 2222 X30
111 11 2222 3333 N X25
FFFFF 11111 2222 L X40
FF NNN EEE WWW SSS C30
NN 11 11 r22 22 b33 33 C50
FF 2027 r2222 b7777 X25
"""
CARDS = ["basic1", "practice_harbor", "tricky"]
SHOW = 5


@functools.lru_cache(maxsize=None)
def card_of(name: str) -> mj.Card:
    return mj.parse_card(TRICKY) if name == "tricky" else mj.load_card(name)


@dataclass(frozen=True)
class Case:
    """A position: the rack (36 counts), the exposures, and the tiles the player sees (36 counts)."""

    what: str
    rack: tuple[int, ...]
    exposures: tuple[Exposure, ...]
    visible: tuple[int, ...]

    @property
    def key(self) -> tuple[tuple[int, int], ...]:
        return mj.engine.exposure_key(self.exposures)

    def __str__(self) -> str:
        shown = " + ".join(str(e) for e in self.exposures)
        return f"{self.what}: {mj.Hand.from_counts(list(self.rack))}{' | ' + shown if shown else ''}"


def _pool(taken: list[int]) -> list[int]:
    return [k for k in range(NUM_KINDS) for _ in range(COPIES[k] - taken[k])]


def _fill(rng: random.Random, taken: list[int], tiles: int, jokers: int | None = None) -> list[int]:
    """A rack of ``tiles`` tiles drawn from what ``taken`` leaves of the set (``jokers`` of them jokers)."""
    rack = [0] * NUM_KINDS
    if jokers is not None:
        jokers = min(jokers, COPIES[J] - taken[J], tiles)
        rack[J] = jokers
        tiles -= jokers
    pool = [k for k in _pool([t + r for t, r in zip(taken, rack)]) if jokers is None or k != J]
    for k in rng.sample(pool, tiles):
        rack[k] += 1
    return rack


def _seen(rng: random.Random, taken: list[int], count: int) -> tuple[int, ...]:
    seen = [0] * NUM_KINDS
    for k in rng.sample(_pool(taken), count):
        seen[k] += 1
    return tuple(seen)


def _exposures(rng: random.Random, compiled, wild: bool) -> list[Exposure]:
    """One or two groups that the card's hands have, with 0 or more jokers; or a wild one (jokers only)."""
    codes = sorted({int(c) for c in np.unique(compiled.group_codes) if c >= 0})
    chosen: list[Exposure] = []
    jokers = 0
    for code in rng.sample(codes, min(len(codes), rng.randint(1, 2))):
        tile, size = divmod(code, 16)
        used = rng.randint(0, min(size - 1, 2))
        if jokers + used > COPIES[J] or size - used > COPIES[tile] - sum(e.naturals for e in chosen if e.tile == tile):
            continue
        jokers += used
        chosen.append(Exposure(Tile(tile), size, used))
    if wild:
        sizes = sorted({code % 16 for code in codes})
        size = rng.choice(sizes)
        chosen = chosen[:1] + [Exposure(Tile.JOKER, size, size)]
    return chosen


def _exposed_tiles(exposures) -> list[int]:
    """The tiles of the exposures, as 36 counts."""
    taken = [0] * NUM_KINDS
    for e in exposures:
        if not e.is_wild:
            taken[int(e.tile)] += e.naturals
        taken[J] += e.jokers
    return taken


@functools.lru_cache(maxsize=None)
def cases(name: str) -> tuple[Case, ...]:
    """The positions of one card (seeded: the same every run)."""
    rng = random.Random(f"tiles-away-{name}")
    compiled = card_of(name).compiled()
    found = []
    empty = [0] * NUM_KINDS
    for i in range(16):  # dealt racks, 13 and 14 tiles
        rack = _fill(rng, empty, 13 + i % 2)
        found.append(Case("dealt", tuple(rack), (), _seen(rng, rack, rng.randint(0, 40))))
    for jokers in range(9):  # 0 to 8 jokers
        rack = _fill(rng, empty, 13 + jokers % 2, jokers)
        found.append(Case(f"{jokers} jokers", tuple(rack), (), _seen(rng, rack, rng.randint(0, 40))))
    for tiles in (0, 1, 5, 9, 12):  # partial racks
        rack = _fill(rng, empty, tiles)
        found.append(Case("partial", tuple(rack), (), _seen(rng, rack, 20)))
    hands = compiled.hands
    for _ in range(8):  # near wins: a hand of the card, a tile or two swapped (some jokers in for naturals)
        counts = list(rng.choice(hands).to_hand().counts)
        for _ in range(rng.randint(0, 2)):
            counts[rng.choice([k for k in range(NUM_KINDS) if counts[k]])] -= 1
            counts[rng.choice(_pool(counts))] += 1
        found.append(Case("near win", tuple(counts), (), _seen(rng, counts, 24)))
    for i in range(12):  # exposures, jokers in them, some wild, beside a random rack
        wild = i % 3 == 2
        exposures = _exposures(rng, compiled, wild)
        taken = _exposed_tiles(exposures)
        exposed = sum(e.size for e in exposures)
        if exposed > 14:
            continue
        tiles = 14 - exposed - (i % 2) if i % 4 != 3 else rng.randint(0, 14 - exposed)
        rack = _fill(rng, taken, tiles, rng.choice([None, 0, 1, 2]))
        found.append(Case("exposures" + (" (wild)" if wild else ""), tuple(rack), tuple(exposures),
                          _seen(rng, [t + r for t, r in zip(taken, rack)], rng.randint(0, 60))))
    exposable = [h for h, hand in enumerate(hands) if not compiled.line_concealed[compiled.line_of[h]]
                 and any(size >= 3 for group in hand.layout for _, size in group)]
    for i in range(14):  # a hand's groups exposed (some all jokers: wild), the rest of it on the rack, a tile swapped
        hand = hands[rng.choice(exposable)]
        groups = [(tile, size) for group in hand.layout for tile, size in group]
        big = [g for g in range(len(groups)) if groups[g][1] >= 3]
        chosen = rng.sample(big, min(len(big), rng.randint(1, 2)))
        exposures = []
        for n, g in enumerate(chosen):
            tile, size = groups[g]
            if i % 3 == 2 and n == 0:
                exposures.append(Exposure(Tile.JOKER, size, size))
            else:
                exposures.append(Exposure(Tile(tile), size, rng.randint(0, min(size - 1, 2))))
        taken = _exposed_tiles(exposures)
        if taken[J] > COPIES[J]:
            continue
        rack = [0] * NUM_KINDS
        for g, (tile, size) in enumerate(groups):
            if g not in chosen:
                rack[tile] += size
        for _ in range(rng.randint(0, 2) if i % 4 else 0):  # a tile or two swapped (none: a win)
            rack[rng.choice([k for k in range(NUM_KINDS) if rack[k]])] -= 1
            rack[rng.choice(_pool([t + r for t, r in zip(taken, rack)]))] += 1
        if i % 5 == 4:  # one tile short: 13
            rack[rng.choice([k for k in range(NUM_KINDS) if rack[k]])] -= 1
        if any(t + r > c for t, r, c in zip(taken, rack, COPIES)):
            continue
        found.append(Case("a hand exposed" + (" (wild)" if i % 3 == 2 else ""), tuple(rack), tuple(exposures),
                          _seen(rng, [t + r for t, r in zip(taken, rack)], rng.choice([0, 20, 60, 90]))))
    return tuple(found)


# -- the reference ---------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def reference(name: str, index: int) -> dict[int, int]:
    """Per allowed hand of the card, the reference distance of case ``index``."""
    case = cases(name)[index]
    compiled = card_of(name).compiled()
    found = {}
    for h, hand in enumerate(compiled.hands):
        distance = reference_distance(hand, case.rack, case.exposures, bool(compiled.line_concealed[compiled.line_of[h]]))
        if distance is not None:
            found[h] = distance
    return found


@functools.lru_cache(maxsize=None)
def reference_live(name: str, index: int) -> dict[int, bool]:
    """Per allowed hand, whether the tiles still available (the set less what is seen and exposed) are 0 away."""
    case = cases(name)[index]
    compiled = card_of(name).compiled()
    available = available_tiles(case.visible, case.exposures).tolist()
    return {h: reference_distance(compiled.hands[h], available, case.exposures) == 0 for h in reference(name, index)}


def reference_lines(name: str, distances: dict[int, int]) -> dict[int, int]:
    """Per line with an allowed hand, its nearest hand's distance."""
    line_of = card_of(name).compiled().line_of
    lines: dict[int, int] = {}
    for h, d in distances.items():
        lines[int(line_of[h])] = min(d, lines.get(int(line_of[h]), d))
    return lines


# -- the implementations ---------------------------------------------------------------------------------
# Each takes (card name, case) and gives ("hands", {hand: distance}), ("lines", {line: distance}),
# ("live", {hand: live}) or ("ranks", {candidate: [nearest line distances]}); None where it does not apply.


def _by_hand(index, values) -> dict[int, int]:
    """Per hand the smallest value of its rows (a wild exposure gives a hand one row per reading)."""
    found: dict[int, int] = {}
    for h, v in zip(np.asarray(index).tolist(), np.asarray(values).tolist()):
        found[h] = min(v, found.get(h, v))
    return found


def hand_distances(name, case):
    if case.exposures:
        return None
    compiled = card_of(name).compiled()
    return "hands", _by_hand(compiled.hand_index, compiled.hand_distances(np.array([case.rack]))[0])


def rack_distances(name, case):
    if case.exposures:
        return None
    compiled = card_of(name).compiled()
    return "hands", _by_hand(compiled.hand_index, compiled.rack_distances(np.array(case.rack)))


def exposed_distances(name, case):
    compiled = card_of(name).compiled()
    return "hands", _by_hand(*compiled.exposed_distances(np.array(case.rack), case.exposures))


def _exposed_rows(look):
    def exposed_rows_distances(name, case):
        """ExposedRows.distances on rows of its own: at the first look (summed directly), or the second (by the
        rows it builds then)."""
        from mjlearn.engine.compiled import ExposedRows, exposure_key

        compiled = card_of(name).compiled()
        rows = ExposedRows(compiled, exposure_key(case.exposures))
        for _ in range(look):
            found = rows.distances(np.array(case.rack))
        distance = np.minimum.reduceat(found, rows.hand_starts) if rows.readings and len(found) else found
        return "hands", _by_hand(rows.hands, distance)

    return exposed_rows_distances


def _kernel(engine):
    def line_distances(name, case):
        if case.exposures or sum(case.rack) > 14 or (engine == "numba" and "numba" not in kernel.engines()):
            return None
        compiled = card_of(name).compiled()
        found = kernel.line_distances(kernel.KernelTables.of(compiled), np.array([case.rack]), engine=engine)[0]
        return "lines", dict(enumerate(found.tolist()))

    return line_distances


def _position(engine):
    def position(name, case):
        view = engine_for(card_of(name)).view(case.key)
        with _loops(engine) as available:
            if not available:
                return None
            found = Position(view, case.rack)
            fresh = found.distance.tolist()
            step = _one_tile_away(case.rack)  # the same rack, its sums kept from a rack a tile away
            if step is not None:
                stepped = Position(view, case.rack, Position(view, step))
                assert stepped.distance.tolist() == fresh and stepped.best == found.best
            assert found.best == (min(fresh) if fresh else 99)
        return "hands", _by_hand(view.index, fresh)

    return position


def view_distances(name, case):
    """:meth:`View.distances` from :meth:`View.sums` (the numpy formula, several racks at once)."""
    view = engine_for(card_of(name)).view(case.key)
    sums = np.stack([view.sums(case.rack), view.sums(case.rack)])
    both = view.distances(sums, np.array([case.rack[J], case.rack[J]]))
    assert both[0].tolist() == both[1].tolist() == view.distances(sums[0], case.rack[J]).tolist()
    return "hands", _by_hand(view.index, both[0])


def chances_complete(name, case):
    """The chance model's test of a finished hand: 0 away (as a predicate), per row."""
    from mjlearn.analysis.chances import _complete, _targets

    targets = _targets(card_of(name).compiled(), case.exposures)
    complete = _complete(np.array([case.rack]), targets.small, targets.groups, targets.remaining)[0]
    zero = {}
    for h, c in zip(targets.hand.tolist(), complete.tolist()):
        zero[h] = zero.get(h, False) or c
    return "zero", zero


def _one_tile_away(rack):
    kinds = [k for k in range(J) if rack[k]]
    if not kinds:
        return None
    fewer = list(rack)
    fewer[kinds[0]] -= 1
    return tuple(fewer)


class _loops:
    """Run with the bots' loops of one engine (``"numpy"`` or ``"numba"``); gives whether it is there."""

    def __init__(self, engine):
        self.engine = engine

    def __enter__(self):
        self.before = loops.engine
        loops.engine = self.engine
        return self.engine == "numpy" or loops.compiled_loops() is not None

    def __exit__(self, *exc):
        loops.engine = self.before


def _live(implementation):
    def live(name, case):
        compiled = card_of(name).compiled()
        view = engine_for(card_of(name)).view(case.key)
        available = available_tiles(case.visible, case.exposures)
        if implementation == "LiveHands":
            mask = LiveHands(view.rest, view.small).mask(available)
        elif implementation == "LiveHands, step by step":  # a look with a tile more of 3 kinds, then each lost
            hands = LiveHands(view.rest, view.small)
            lost = [k for k in range(NUM_KINDS) if available[k] > 0][:3]
            more = available.copy()
            more[lost] += 1
            hands.mask(more)
            for k in lost:
                hands.lose(k)
            mask = hands.live
        elif implementation.startswith("BotEngine.dead_far"):  # FAR for the dead, None when none is live
            with _loops(implementation.rpartition(" ")[2]) as there:
                if not there:
                    return None
                penalty = engine_for(card_of(name)).dead_far(view, available.tolist())
            mask = np.zeros(view.n, dtype=bool) if penalty is None else penalty == 0
            assert penalty is None or set(penalty.tolist()) <= {0, FAR}
        else:  # CompiledCard.live
            full = compiled.live(np.array(case.visible), case.exposures)
            return "live", {h: bool(full[h]) for h in set(view.index.tolist())}
        found: dict[int, bool] = {}
        for h, v in zip(view.index.tolist(), mask.tolist()):
            found[h] = found.get(h, False) or v
        return "live", found

    return live


def _ranks(engine):
    def ranks(name, case):
        """The nearest line distances once each tile is thrown, for 14 tiles (dead hands FAR behind)."""
        if sum(case.rack) + sum(e.size for e in case.exposures) != 14 or not any(case.rack[:J]):
            return None
        view = engine_for(card_of(name)).view(case.key)
        if not view.n:
            return None
        with _loops(engine) as available:
            if not available:
                return None
            position = Position(view, case.rack)
            live = LiveHands(view.rest, view.small).mask(available_tiles(case.visible, case.exposures))
            current = position.distance + np.where(live, 0, FAR).astype(np.int16)
            kinds = [k for k in range(J) if case.rack[k]]
            bits = [OFFSET[k] + case.rack[k] - 1 for k in kinds] + ([NO_TILE] if case.rack[J] else [])
            count = min(3, len(view.starts))
            ranked = views.ranks_engine()(current, position.distance, position.sums, view, bits, case.rack[J], count)
        thrown = kinds + ([J] if case.rack[J] else [])
        return "ranks", {k: row for k, row in zip(thrown, ranked.tolist())}

    return ranks


def _pass(engine):
    def pass_scores(name, case):
        """The Charleston's nearest lines (nearest, then the higher value, then card order): their distances."""
        if case.exposures or not any(case.rack):
            return None
        with _loops(engine) as there:
            if not there:
                return None
            _, distances, _ = engine_for(card_of(name)).pass_scores(case.rack, 3)
        return "pass", distances.tolist()

    return pass_scores


def _wins_with(engine):
    def wins_with(name, case):
        """For each natural kind the set still has, whether one more of it makes the rack 0 away from a hand."""
        view = engine_for(card_of(name)).view(case.key)
        if not view.n:
            return None
        kinds = [k for k in range(J) if case.rack[k] + _exposed_tiles(case.exposures)[k] < COPIES[k]]
        with _loops(engine) as there:
            if not there:
                return None
            position = Position(view, case.rack)
            return "wins with", {k: position.wins_with(k) for k in kinds}

    return wins_with


def _nearest_groups(engine):
    def nearest_groups(name, case):
        """The nearest live distance, and for each tile on the rack the sizes of its groups in the nearest hands."""
        view = engine_for(card_of(name)).view(case.key)
        if not view.n:
            return None
        available = available_tiles(case.visible, case.exposures).tolist()
        with _loops(engine) as there:
            if not there:
                return None
            position = Position(view, case.rack)
            found = {k: mj.engine.engine_for(card_of(name)).nearest_groups(position, available, k)
                     for k in range(J) if case.rack[k]}
        return "nearest groups", found

    return nearest_groups


IMPLEMENTATIONS = {
    "CompiledCard.hand_distances": hand_distances,
    "CompiledCard.rack_distances": rack_distances,
    "CompiledCard.exposed_distances": exposed_distances,
    "ExposedRows.distances, first look": _exposed_rows(1),
    "ExposedRows.distances, rows built": _exposed_rows(2),
    "kernel, numpy": _kernel("numpy"),
    "kernel, numba": _kernel("numba"),
    "Position, numpy": _position("numpy"),
    "Position, numba": _position("numba"),
    "View.distances": view_distances,
    "discard_ranks, numpy": _ranks("numpy"),
    "discard_ranks, numba": _ranks("numba"),
    "LiveHands": _live("LiveHands"),
    "LiveHands, step by step": _live("LiveHands, step by step"),
    "CompiledCard.live": _live("CompiledCard.live"),
    "BotEngine.dead_far, numpy": _live("BotEngine.dead_far, numpy"),
    "BotEngine.dead_far, numba": _live("BotEngine.dead_far, numba"),
    "chances' finished hands": chances_complete,
    "pass_scores, numpy": _pass("numpy"),
    "pass_scores, numba": _pass("numba"),
    "Position.wins_with, numpy": _wins_with("numpy"),
    "Position.wins_with, numba": _wins_with("numba"),
    "BotEngine.nearest_groups, numpy": _nearest_groups("numpy"),
    "BotEngine.nearest_groups, numba": _nearest_groups("numba"),
}


def expected(name: str, index: int, kind: str, found: dict):
    """What the reference says for the kind of answer an implementation gives."""
    distances = reference(name, index)
    if kind == "hands":
        return distances
    if kind == "lines":
        return reference_lines(name, distances)
    if kind == "zero":
        return {h: d == 0 for h, d in distances.items()}
    if kind == "live":
        return reference_live(name, index)
    compiled = card_of(name).compiled()
    if kind == "wins with":  # only hands one away can be completed by one tile
        case = cases(name)[index]
        close = [h for h, d in distances.items() if d <= 1]
        wins = {}
        for k in found:
            rack = list(case.rack)
            rack[k] += 1
            wins[k] = any(reference_distance(compiled.hands[h], rack, case.exposures) == 0 for h in close)
        return wins
    if kind == "nearest groups":  # the nearest live hands (all, if none is live); their groups of that tile
        live = reference_live(name, index)
        pool = [h for h in distances if live[h]] or list(distances)
        nearest = min(distances[h] for h in pool)
        groups = {}
        for k in found:
            sizes = {size for h in pool if distances[h] == nearest and not compiled.line_concealed[compiled.line_of[h]]
                     for group in compiled.hands[h].layout for tile, size in group if tile == k and size >= 3}
            groups[k] = (nearest, sorted(sizes))
        return groups
    if kind == "pass":
        values = card_of(name).compiled().line_value
        lines = reference_lines(name, distances)
        return [lines[line] for line in sorted(lines, key=lambda line: (lines[line], -values[line], line))][:3]
    # ranks: per candidate, the rack less that tile; each line as near as its nearest hand, dead ones FAR behind
    case = cases(name)[index]
    live = reference_live(name, index)
    compiled = card_of(name).compiled()
    ranked = {}
    for k, row in found.items():
        rack = list(case.rack)
        rack[k] -= 1
        lines: dict[int, int] = {}
        for h in distances:
            d = reference_distance(compiled.hands[h], rack, case.exposures) + (0 if live[h] else FAR)
            line = int(compiled.line_of[h])
            lines[line] = min(d, lines.get(line, d))
        ranked[k] = sorted(lines.values())[: len(row)]
    return ranked


def _implementation_cases():
    """Every implementation on every card; the discard ranks' Python reference on the largest card is
    the slow part (a reference distance per hand and candidate), so that pair runs in the slow loop."""
    for implementation in IMPLEMENTATIONS:
        for name in CARDS:
            slow = implementation.startswith("discard_ranks") and name == "practice_harbor"
            yield pytest.param(implementation, name, marks=[pytest.mark.slow] if slow else [],
                               id=f"{implementation}-{name}")


@pytest.mark.parametrize(("implementation", "name"), list(_implementation_cases()))
def test_every_implementation_gives_the_reference(implementation, name):
    if implementation.endswith("numba"):
        from mjlearn.engine import kernel

        if "numba" not in kernel.engines():
            pytest.skip("numba is not installed (or switched off): the numpy engines are the ones tested")
    compared, wrong = 0, []
    for index, case in enumerate(cases(name)):
        answer = IMPLEMENTATIONS[implementation](name, case)
        if answer is None:
            continue
        kind, found = answer
        want = expected(name, index, kind, found)
        compared += 1
        if found != want:
            differ = [(key, found.get(key), want.get(key)) for key in sorted(set(found) | set(want))
                      if found.get(key) != want.get(key)]
            wrong.append(f"{case}: (hand or line, found, reference) {differ[:4]}")
    assert compared >= 8, f"{implementation} took only {compared} positions"
    assert not wrong, f"{len(wrong)} positions differ, the first:\n" + "\n".join(wrong[:SHOW])


def test_the_cases_cover_what_the_specification_names():
    """Every kind of position is there: 13 and 14 tiles, 0-8 jokers, partial racks, exposures with jokers, wild ones."""
    for name in CARDS:
        found = cases(name)
        sizes = {sum(c.rack) + sum(e.size for e in c.exposures) for c in found}
        assert {13, 14} <= sizes and min(sizes) <= 5
        assert {c.rack[J] for c in found} >= set(range(9))
        assert any(e.jokers and not e.is_wild for c in found for e in c.exposures)
        assert any(e.is_wild for c in found for e in c.exposures)
        assert any(0 in reference(name, i).values() for i in range(len(found)))  # some position is a win


def test_a_wrong_implementation_is_caught():
    """The comparison can fail: a distance one off for one hand is reported."""
    name, index = "basic1", 0
    case = cases(name)[index]
    kind, found = rack_distances(name, case)
    found = dict(found)
    first = next(iter(found))
    found[first] += 1
    assert found != expected(name, index, kind, found)
