"""A plain, slow, obviously-correct reference for hand analysis.

This module is the yardstick that the fast (vectorised) engine in
``mjlearn.analysis`` is tested against. Its distances are the engine's own
slow reference, :func:`mjlearn.engine.tiles_away.reference_distance` (the one
specification of "tiles away"); around it, it lists lines, wins, needs and unused
tiles with plain loops, and favours explicit loops over cleverness.

Vocabulary
----------
rack
    The tiles a player holds, not exposed: a list of 36 counts indexed by
    :class:`mjlearn.Tile` (index 35 = jokers).
exposure
    ``(tile, size, jokers)``: one exposed group of ``size`` >= 3 tiles of the
    natural ``tile``, ``jokers`` of which are jokers (at least one natural:
    an exposure is made by calling a discarded natural).
target
    One :class:`mjlearn.ConcreteHand` of a card line (14 tiles).

Rules (from the seeds and ``mjcl-semantics.md``)
-----------------------------------------------
* Groups of 3 or more (pung, kong, quint, ...) may hold jokers; singles and
  pairs hold naturals only. ``2027`` or ``NEWS`` are singles; two pairs of one
  tile are two pairs, not a kong.
* Each exposure must be matched to a distinct target group with the same tile
  and the same size (a pung of flowers exposed and a flower on the rack is not
  a kong of flowers). If the exposures cannot all be matched, the target is
  not allowed. A concealed line allows no exposure.
* Distance = tiles still missing = (14 - tiles in the matched exposures)
  - (tiles of the remaining target groups that the rack can supply).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import mjlearn as mj
import mjlearn.engine
from mjlearn.engine.tiles_away import reference_distance, reference_fill
from mjlearn.hands import ConcreteHand
from mjlearn.tiles import NUM_KINDS, Tile

JOKER = int(Tile.JOKER)
HAND_SIZE = 14

Exposure = tuple[int, int, int]  # (tile, size, jokers)


# ---------------------------------------------------------------------------
# Input helpers
# ---------------------------------------------------------------------------


def rack_from(hand_like) -> list[int]:
    """36 counts (index 35 = jokers) from a ``mj.Hand``, notation string or counts."""
    if isinstance(hand_like, mj.Hand):
        return list(hand_like.counts)
    if isinstance(hand_like, str):
        return list(mj.Hand(hand_like).counts)
    counts = [int(c) for c in hand_like]
    if len(counts) != NUM_KINDS:
        raise ValueError(f"expected {NUM_KINDS} counts, got {len(counts)}")
    return counts


def exposure_from(hand_like) -> Exposure:
    """``(tile, size, jokers)`` from an exposed group written as a hand ("FFF", "555C J")."""
    counts = rack_from(hand_like)
    jokers = counts[JOKER]
    kinds = [k for k in range(JOKER) if counts[k] > 0]
    if len(kinds) != 1:
        raise ValueError(f"an exposure holds one natural kind (plus jokers), got {hand_like!r}")
    tile = kinds[0]
    size = counts[tile] + jokers
    if size < 3:
        raise ValueError(f"an exposure is a group of 3 or more, got {hand_like!r}")
    return (tile, size, jokers)


def exposure_text(exposure: Exposure) -> str:
    """The exposure in concrete notation, as the fast API takes it ("555C J")."""
    tile, size, jokers = exposure
    counts = [0] * NUM_KINDS
    counts[tile] = size - jokers
    counts[JOKER] = jokers
    return str(mj.Hand.from_counts(counts))


def _check_exposures(exposures: Iterable[Exposure]) -> list[Exposure]:
    checked = []
    for exposure in exposures:
        tile, size, jokers = (int(x) for x in exposure)
        if not 0 <= tile < JOKER:
            raise ValueError(f"an exposure's tile must be a natural, got {tile}")
        if size < 3:
            raise ValueError(f"an exposure is a group of 3 or more, got size {size}")
        if not 0 <= jokers < size:
            raise ValueError(f"an exposure of {size} holds 0-{size - 1} jokers, got {jokers}")
        checked.append((tile, size, jokers))
    return checked


def _target_groups(hand: ConcreteHand) -> list[tuple[int, int]]:
    """The target's groups as (tile, size), in card order (a new list each call)."""
    return list(_groups_of_layout(hand.layout))


@functools.lru_cache(maxsize=None)
def _groups_of_layout(layout) -> tuple[tuple[int, int], ...]:
    # cached only for speed: the tests call this for thousands of racks
    return tuple((int(tile), int(size)) for set_groups in layout for tile, size in set_groups)


def _match_exposures(hand: ConcreteHand, exposures: Sequence[Exposure]) -> list[tuple[int, int]] | None:
    """The target groups left once each exposure takes a distinct equal group; None if impossible.

    Groups with the same (tile, size) are interchangeable, so taking the first
    free one is as good as any other choice.
    """
    remaining = _target_groups(hand)
    for tile, size, _jokers in exposures:
        for i, group in enumerate(remaining):
            if group == (tile, size):
                del remaining[i]
                break
        else:
            return None
    return remaining


# ---------------------------------------------------------------------------
# The walk: how much of a target the rack supplies (the engine's reference, in the specification's module)
# ---------------------------------------------------------------------------


def _walk(remaining: list[tuple[int, int]], rack: list[int]) -> dict:
    """:func:`mjlearn.engine.tiles_away.reference_fill`: the remaining target groups filled from the rack."""
    return reference_fill(remaining, rack)


# ---------------------------------------------------------------------------
# Public reference functions
# ---------------------------------------------------------------------------


def hand_distance(hand: ConcreteHand, rack: Sequence[int], exposures: Iterable[Exposure] = ()) -> int | None:
    """Tiles still missing to make ``hand``; None when the exposures do not fit it."""
    return _hand_distance(hand, rack_from(rack), _check_exposures(exposures))


def _hand_distance(hand: ConcreteHand, rack: list[int], exposures: list[Exposure]) -> int | None:
    # hand_distance once the inputs are checked (line_distance checks them once per line): the engine's reference
    return reference_distance(hand, rack, [mj.engine.Exposure(mj.Tile(t), size, jokers) for t, size, jokers in exposures])


def line_distance(line: mj.Line, rack: Sequence[int], exposures: Iterable[Exposure] = ()):
    """``(distance, nearest hand)`` over the line's hands (first on ties); None if not allowed."""
    rack = rack_from(rack)
    exposures = _check_exposures(exposures)
    if line.concealed and exposures:
        return None
    best = None
    for hand in line.hands():
        d = _hand_distance(hand, rack, exposures)
        if d is None:
            continue
        if best is None or d < best[0]:
            best = (d, hand)
    return best


def closest(card: mj.Card, rack: Sequence[int], exposures: Iterable[Exposure] = ()) -> list[tuple[str, int, int]]:
    """``(category, line number, distance)`` for every line the exposures allow, in card order."""
    exposures = _check_exposures(exposures)
    rows = []
    for line in card.lines:
        result = line_distance(line, rack, exposures)
        if result is not None:
            rows.append((line.category, line.number, result[0]))
    return rows


def total_tiles(rack: Sequence[int], exposures: Iterable[Exposure] = ()) -> int:
    return sum(rack_from(rack)) + sum(size for _tile, size, _jokers in _check_exposures(exposures))


def wins(card: mj.Card, rack: Sequence[int], exposures: Iterable[Exposure] = ()) -> list[tuple[str, int]]:
    """The lines the player has won: distance 0 with exactly 14 tiles in rack + exposures."""
    exposures = _check_exposures(exposures)
    if total_tiles(rack, exposures) != HAND_SIZE:
        return []
    return [(category, number) for category, number, d in closest(card, rack, exposures) if d == 0]


def needs_and_unused(hand: ConcreteHand, rack: Sequence[int], exposures: Iterable[Exposure] = ()):
    """``(needs, unused)`` as 36-count lists for making ``hand`` from ``rack`` (+ exposures).

    ``unused``: rack tiles the target does not use (surplus naturals, jokers not
    placed). ``needs``: the tiles still missing, with jokers counted as filling
    groups of 3+ (largest shortfall first, ties by lower tile index). Raises
    ValueError when the exposures do not fit the hand.
    """
    rack = rack_from(rack)
    exposures = _check_exposures(exposures)
    remaining = _match_exposures(hand, exposures)
    if remaining is None:
        raise ValueError("the exposures do not fit this hand")
    walk = _walk(remaining, rack)
    needs = [0] * NUM_KINDS
    for i, (tile, size) in enumerate(remaining):
        needs[tile] += size - walk["filled"][i]
    unused = list(walk["left"])
    return needs, unused


def supplied_counts(hand: ConcreteHand, rack: Sequence[int], exposures: Iterable[Exposure] = ()) -> list[int]:
    """Rack tiles the target uses (36 counts, jokers at 35): rack - unused."""
    rack = rack_from(rack)
    _needs, unused = needs_and_unused(hand, rack, exposures)
    return [r - u for r, u in zip(rack, unused)]
