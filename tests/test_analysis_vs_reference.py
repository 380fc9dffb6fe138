"""The fast analysis engine agrees with the plain reference (``analysis_reference``).

For every bundled card, on seeded cases:

* random racks: 300 racks of 13 or 14 tiles drawn from the 152-tile set;
* biased racks: a concrete hand of the card with 1-4 tiles replaced by tiles
  drawn from the rest of the set (plus some with one tile dropped, 13 tiles);
* exposures: about 35 per card, 1-2 of a concrete hand's groups of 3+ exposed
  (some with jokers in them), the rest on the rack, sometimes a tile swapped.

Compared:

* ``batch_distances(card, racks)`` row by row with the reference's distance per line;
* ``card.closest(hand, n=None, exposures)``: the set of (category, line,
  distance) rows; the "hand" column names a hand of that line at that
  distance; "unused" equals the reference's for that hand; "needs" holds
  ``distance`` tiles, is what the hand lacks, and equals the reference's where
  the joker-placement rule makes it unique;
* ``card.match(hand, exposures)`` with the reference's wins (14 tiles), each
  win's ``realised`` hand at distance 0.

A failure lists the first few disagreeing cases (card, rack, exposures, line, both answers).
"""

from __future__ import annotations

import functools
import random
from collections import Counter

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.tiles import COPIES, TILE_SET, Tile, format_tile_counts

import analysis_reference as ref

J = int(Tile.JOKER)
# A small card of awkward shapes, besides the bundled cards: two pairs of one
# tile, two pungs of one tile, a pung and a pair of one tile, quints (5 of a
# kind needs a joker), a kong of flowers, concealed lines, 0 as singles.
TRICKY = """Tricky
"Odd groups"
FF 11 11 2222 3333 X25
FF 1111 2222 3333 X25
FFF FFF 1111 2222 X30
111 11 2222 3333 N X25
FFFFF 11111 2222 L X40
FFFF EEE 1111 WWW V X25
FF NNN EEE WWW SSS C30
NN 11 11 r22 22 b33 33 C50
111 111 r2222 b2222 L X35
FF 2027 r2222 b7777 X25
2027 r2027 b2027 NN C50
"""
CARD_NAMES = [*mj.list_cards(), "tricky"]
RANDOM_RACKS = 300
BIASED_RACKS = 100
EXPOSURE_CASES = 35
SHOW = 5  # disagreements shown in a failure message
QUICK_FIRST = [pytest.param(name, marks=[pytest.mark.slow] if name.startswith("practice_") else [], id=name)
               for name in CARD_NAMES]
"""The cards for the slowest comparisons: basic1 and the tricky card in the quick loop, the larger practice
cards in the slow one."""


@functools.lru_cache(maxsize=None)
def card_of(name: str) -> mj.Card:
    return mj.parse_card(TRICKY) if name == "tricky" else mj.load_card(name)


def counts_of_tiles(tiles) -> list[int]:
    counts = [0] * 36
    for t in tiles:
        counts[int(t)] += 1
    return counts


def text(counts) -> str:
    return format_tile_counts(counts)  # (needs may hold 5 of a tile: no Hand)


@functools.lru_cache(maxsize=None)
def hands_by_text(name: str) -> dict[tuple[str, int], dict[str, list]]:
    """Per (category, line number): the line's hands by their text."""
    table: dict[tuple[str, int], dict[str, list]] = {}
    for line in card_of(name).lines:
        by_text = table.setdefault((line.category, line.number), {})
        for h in line.hands():
            by_text.setdefault(str(h), []).append(h)
    return table


def exposures_text(exposures) -> list[str]:
    return [ref.exposure_text(e) for e in exposures]


# ---------------------------------------------------------------------------
# Cases (deterministic)
# ---------------------------------------------------------------------------


def random_racks(name: str) -> list[tuple[int, ...]]:
    rng = random.Random(f"random-{name}")
    racks = []
    for i in range(RANDOM_RACKS):
        racks.append(tuple(counts_of_tiles(rng.sample(TILE_SET, 13 + i % 2))))
    return racks


def _replace_tiles(rng: random.Random, counts: list[int], how_many: int) -> list[int] | None:
    """Swap ``how_many`` tiles of ``counts`` for tiles drawn from the rest of the set."""
    counts = list(counts)
    for _ in range(how_many):
        held = [k for k in range(36) if counts[k]]
        counts[rng.choice(held)] -= 1
        pool = [k for k in range(36) for _ in range(COPIES[k] - counts[k])]
        counts[rng.choice(pool)] += 1
    return counts


def biased_racks(name: str) -> list[tuple[int, ...]]:
    rng = random.Random(f"biased-{name}")
    hands = [h for _line, h in card_of(name).iter_hands()]
    racks = []
    while len(racks) < BIASED_RACKS:
        h = rng.choice(hands)
        counts = _replace_tiles(rng, list(h.to_hand().counts), rng.randint(1, 4))
        if rng.random() < 0.3:  # 13 tiles
            counts[rng.choice([k for k in range(36) if counts[k]])] -= 1
        racks.append(tuple(counts))
    return racks


def exposure_cases(name: str) -> list[tuple[tuple[int, ...], tuple[ref.Exposure, ...]]]:
    """(rack, exposures) built from a concrete hand: 1-2 of its groups of 3+ exposed."""
    rng = random.Random(f"exposures-{name}")
    card = card_of(name)
    hands = [h for line, h in card.iter_hands() if not line.concealed]
    cases = []
    while len(cases) < EXPOSURE_CASES:
        h = rng.choice(hands)
        rack = list(h.to_hand().counts)
        big = [(int(t), int(s)) for t, s in h.tile_groups() if s >= 3]
        if not big:
            continue
        chosen = rng.sample(big, min(len(big), rng.choice([1, 1, 2])))
        exposures = []
        # naturals of the tile that the hand's singles and pairs do not need
        spare_naturals = [rack[k] - h.natural_counts()[k] for k in range(36)]
        for tile, size in chosen:
            needed = max(0, size - spare_naturals[tile])  # jokers the rack must give
            if needed > rack[J]:
                break
            # half the time put (more) jokers in; an exposure keeps at least one natural
            jokers = max(needed, rng.randint(1, size - 1) if rng.random() < 0.5 else 0)
            naturals = size - jokers
            if naturals < 1:
                break
            # jokers come from the rack first; further jokers replace naturals of the
            # tile, which leave the rack (the player drew jokers instead of them)
            from_rack = min(rack[J], jokers)
            rack[J] -= from_rack
            rack[tile] -= size - from_rack
            spare_naturals[tile] -= size - from_rack
            exposures.append((tile, size, jokers))
        if len(exposures) != len(chosen):
            continue
        roll = rng.random()
        if roll < 0.4:
            rack = _replace_tiles(rng, rack, rng.randint(1, 2))
        elif roll < 0.6:
            rack[rng.choice([k for k in range(36) if rack[k]])] -= 1  # 13 tiles in all
        # a set holds only so many of each tile, rack and exposures together
        total = list(rack)
        for tile, size, jokers in exposures:
            total[tile] += size - jokers
            total[J] += jokers
        if any(total[k] > COPIES[k] for k in range(36)):
            continue
        cases.append((tuple(rack), tuple(exposures)))
    return cases


# ---------------------------------------------------------------------------
# Reference answers (cached: each is used by several tests)
# ---------------------------------------------------------------------------


def ref_lines(name: str, rack: tuple[int, ...], exposures: tuple = ()) -> list:
    """Per line in card order: None (not allowed) or (distance, nearest hand)."""
    return _ref_lines(name, tuple(rack), tuple(exposures))


@functools.lru_cache(maxsize=None)
def _ref_lines(name: str, rack: tuple[int, ...], exposures: tuple) -> list:
    return [ref.line_distance(line, list(rack), exposures) for line in card_of(name).lines]


def ref_closest(name, rack, exposures=()) -> set[tuple[str, int, int]]:
    lines = card_of(name).lines
    return {(line.category, line.number, r[0]) for line, r in zip(lines, ref_lines(name, rack, exposures)) if r}


def ref_wins(name, rack, exposures=()) -> set[tuple[str, int]]:
    if ref.total_tiles(list(rack), exposures) != 14:
        return set()
    return {(c, n) for c, n, d in ref_closest(name, rack, exposures) if d == 0}


# ---------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------


def _fail(problems: list[str], total: int) -> None:
    if problems:
        pytest.fail(f"{len(problems)} of {total} cases disagree; first ones:\n" + "\n".join(problems[:SHOW]))


def _needs_unique(hand, rack, exposures) -> bool:
    """Whether "needs" is the same however jokers are spread (no tile kind has two open groups of 3+)."""
    remaining = ref._match_exposures(hand, exposures)
    kinds = Counter(tile for tile, size in remaining if size >= 3)
    return all(n < 2 for n in kinds.values())


def check_closest(name: str, rack: tuple[int, ...], exposures: tuple = ()) -> list[str]:
    card = card_of(name)
    where = f"card={name} rack={text(rack)!r} exposures={exposures_text(exposures)}"
    table = card.closest(text(rack), n=None, exposures=exposures_text(exposures))
    fast = {(c, int(n), int(d)) for c, n, d in zip(table["category"], table["line"], table["distance"])}
    expected = ref_closest(name, rack, exposures)
    problems = []
    if fast != expected:
        for row in sorted(fast ^ expected):
            side = "fast only" if row in fast else "reference only"
            problems.append(f"{where}: closest row {row} {side}")
        return problems[:1]
    for row in table.itertuples(index=False):
        d = int(row.distance)
        candidates = hands_by_text(name)[(row.category, int(row.line))].get(row.hand, [])
        at_d = [h for h in candidates if ref.hand_distance(h, list(rack), exposures) == d]
        if not at_d:
            problems.append(f"{where}: {row.category} #{row.line}: hand {row.hand!r} is not at distance {d}")
            continue
        needs_ok = unused_ok = False
        details = ""
        for h in at_d:
            needs, unused = ref.needs_and_unused(h, list(rack), exposures)
            fast_needs = counts_of_tiles(mj.parse_tiles(row.needs))  # may hold 5 of a tile (a quint)
            # the reference leaves the jokers a hand has no place for among its unused tiles; closest shows
            # them apart (not_usable), never as unused
            fast_unused = counts_of_tiles(mj.parse_tiles(row.unused) + mj.parse_tiles(row.not_usable))
            unused_ok |= fast_unused == unused and mj.Tile.JOKER not in mj.parse_tiles(row.unused)
            if _needs_unique(h, rack, exposures):
                needs_ok |= fast_needs == needs
            else:
                # jokers may be spread otherwise, but the tiles needed are what the hand lacks
                lacks = [max(0, t - s) for t, s in zip(h.counts, ref.supplied_counts(h, list(rack), exposures))]
                # exposed groups are not lacking
                for tile, size, _j in exposures:
                    lacks[tile] -= size
                needs_ok |= sum(fast_needs) == d and all(0 <= f <= lk for f, lk in zip(fast_needs, lacks))
            details = f"needs fast={row.needs!r} ref={text(needs)!r}; unused fast={row.unused!r} ref={text(unused)!r}"
        if not (needs_ok and unused_ok):
            problems.append(f"{where}: {row.category} #{row.line} hand {row.hand!r} d={d}: {details}")
    return problems


def check_match(name: str, rack: tuple[int, ...], exposures: tuple = ()) -> list[str]:
    if ref.total_tiles(list(rack), exposures) != 14:
        return []
    card = card_of(name)
    where = f"card={name} rack={text(rack)!r} exposures={exposures_text(exposures)}"
    wins = card.match(text(rack), exposures_text(exposures))
    problems = []
    got = [(w.category, w.number) for w in wins]
    if set(got) != ref_wins(name, rack, exposures) or len(got) != len(set(got)):
        problems.append(f"{where}: match fast={sorted(got)} reference={sorted(ref_wins(name, rack, exposures))}")
    values = [w.value for w in wins]
    if values != sorted(values, reverse=True):
        problems.append(f"{where}: match not highest value first: {got} values {values}")
    for w in wins:
        if not isinstance(w, mj.Line):
            problems.append(f"{where}: match returned a {type(w).__name__}, not a Line")
        elif ref.hand_distance(w.realised, list(rack), exposures) != 0:
            problems.append(f"{where}: {w.category} #{w.number}: realised {w.realised} is not a win")
        elif w.realised not in card.line(w.category, w.number).hands():
            problems.append(f"{where}: {w.category} #{w.number}: realised {w.realised} is not a hand of the line")
    return problems


# ---------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("step", [pytest.param(1, marks=pytest.mark.slow, id="every rack"),
                                  pytest.param(10, id="every tenth rack")])
@pytest.mark.parametrize("name", CARD_NAMES)
def test_batch_distances(name, step):
    from mjlearn.analysis import batch_distances

    card = card_of(name)
    racks = (random_racks(name) + biased_racks(name))[::step]
    got = np.asarray(batch_distances(card, np.array(racks, dtype=np.int64)))
    assert got.shape == (len(racks), len(card.lines))
    problems = []
    for i, rack in enumerate(racks):
        reference = ref_lines(name, rack)
        expected = [r[0] for r in reference]
        if got[i].tolist() != expected:
            for j, line in enumerate(card.lines):
                if got[i, j] != expected[j]:
                    problems.append(
                        f"card={name} rack={text(rack)!r} line {line.category} #{line.number} ({line.mjcl}):"
                        f" fast {got[i, j]} reference {expected[j]} (nearest {reference[j][1]})"
                    )
    _fail(problems, len(racks) * len(card.lines))


@pytest.mark.parametrize("step", [pytest.param(1, marks=pytest.mark.slow, id="every rack"),
                                  pytest.param(10, id="every tenth rack")])
@pytest.mark.parametrize("name", CARD_NAMES)
def test_closest_random_racks(name, step):
    racks = random_racks(name)[::step]
    problems = [p for rack in racks for p in check_closest(name, rack)]
    _fail(problems, len(racks))


@pytest.mark.parametrize("name", QUICK_FIRST)
def test_closest_biased_racks(name):
    racks = biased_racks(name)
    problems = [p for rack in racks for p in check_closest(name, rack)]
    _fail(problems, len(racks))


@pytest.mark.parametrize("name", CARD_NAMES)
def test_closest_with_exposures(name):
    cases = exposure_cases(name)
    assert any(j for _r, es in cases for _t, _s, j in es)  # some exposures hold jokers
    assert any(len(es) == 2 for _r, es in cases)
    problems = [p for rack, exposures in cases for p in check_closest(name, rack, exposures)]
    _fail(problems, len(cases))


@pytest.mark.parametrize("name", QUICK_FIRST)
def test_match(name):
    cases = [(rack, ()) for rack in random_racks(name) + biased_racks(name)] + exposure_cases(name)
    # every concrete hand of a sample is a win of its own line
    rng = random.Random(f"match-{name}")
    for _line, h in rng.sample(list(card_of(name).iter_hands()), 60):
        cases.append((tuple(h.to_hand().counts), ()))
    assert sum(bool(ref_wins(name, rack, es)) for rack, es in cases) >= 60
    problems = [p for rack, exposures in cases for p in check_match(name, rack, exposures)]
    _fail(problems, len(cases))
