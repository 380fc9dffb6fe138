"""What to pass in the Charleston: the tiles the lines with the best chances use least.

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> [t.notation for t in suggest_pass(card, "FF 222B 444B 666B 8B N S")]
['N', 'S', '4B']

Two jokers: the nearest line is Singles and Pairs (craks), where jokers cannot stand; the
pass keeps the jokers working towards 2468 instead (passing the odd craks):

>>> rack = "FF 1B 4C 5C 6C 7C 8C 9C 6D S JJ"
>>> card.closest(rack, n=1)[["category", "distance"]].values.tolist()
[['Singles & Pairs', 6]]
>>> [t.notation for t in suggest_pass(card, rack)], [t.notation for t in nearest_lines_pass(card, rack)]
(['9C', '1B', '5C'], ['6D', '1B', 'S'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..errors import HandError
from ..hands import Hand, HandLike, as_hand
from ..resources import as_card
from ..tiles import COPIES, Tile, parse_tiles
from .chances import line_chances
from .closest import needs_and_unused_many
from ..engine.compiled import counts_of

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card, Line

__all__ = ["suggest_pass", "pass_lines", "nearest_lines_pass", "PASS_DRAWS"]

PASS_DRAWS = 15
"""Draws the Charleston advice looks ahead: about what a player draws in a game after the Charleston."""


def pass_lines(card: "Card", hand: HandLike, lines: int = 3, ruleset=None,
               draws: int = PASS_DRAWS) -> list[tuple["Line", float, int, int]]:
    """The ``lines`` lines to aim at in the Charleston, best first: ``(line, p_win, distance, hand index)``.

    Lines are ranked by the chance of their most likely hand within ``draws``
    draws from the tiles not on the rack (see
    :func:`~mjlearn.analysis.chances.line_chances`; nothing is seen yet), then
    by distance, value and card order. Jokers count where they may stand, so a
    rack with jokers leans to lines with groups of 3 or more: Singles and Pairs
    come first only when their chance really is the best.

    >>> import mjlearn as mj
    >>> [(line.category, line.number, round(p, 4), d) for line, p, d, _ in
    ...  pass_lines(mj.load_card("basic1"), "FF 222B 444B 666B 8B N S", 2)]
    [('2468', 1, 0.3409, 2), ('Like Numbers', 1, 0.0004, 7)]
    """
    from .arguments import count_argument, ruleset_argument

    lines = count_argument("lines", lines, minimum=1)
    compiled = as_card(card).compiled(ruleset_argument(ruleset))
    rack = counts_of(as_hand(hand))
    unseen = np.asarray(COPIES, dtype=np.int16) - rack
    result = line_chances(compiled, rack, (), unseen, min(count_argument("draws", draws), int(unseen.sum())),
                          samples=0)
    index = np.arange(compiled.num_lines)
    order = np.lexsort((index, -compiled.line_value, result.distance, -result.p_best_hand))[:lines]
    return [(compiled.lines[i], float(result.p_best_hand[i]), int(result.distance[i]), int(result.best_hand[i]))
            for i in order.tolist()]


def suggest_pass(
    card: "Card", hand: HandLike, count: int = 3, lines: int = 3, ruleset=None, keep_jokers: bool = True
) -> list[Tile]:
    """``count`` tiles to give away: those the ``lines`` lines with the best chances use least.

    The lines are those of :func:`pass_lines` (their most likely hand's chance
    within :data:`PASS_DRAWS` draws). Each rack tile, copy by copy, scores for
    every such line whose hand leaves it unused that line's share of the
    chances (a line with no chance at all still counts a little, by rank). The
    highest scores go (ties: the lower tile). Jokers are never suggested (they
    cannot be passed in the Charleston, and are worth keeping);
    ``keep_jokers=False`` allows them.
    """
    from .arguments import count_argument

    card, rack, count = as_card(card), as_hand(hand), count_argument("count", count)
    candidates = [t for t in rack.tiles() if keep_jokers is False or t != Tile.JOKER]
    if len(candidates) < count:
        raise HandError(f"the rack has {len(candidates)} tiles that can go, fewer than {count}")
    chosen = pass_lines(card, rack, lines, ruleset)
    compiled = card.compiled(ruleset)
    counts = counts_of(rack)
    best = np.array([h for *_, h in chosen])
    _, unused = needs_and_unused_many(compiled.small[best].astype(np.int16), compiled.big[best].astype(np.int16),
                                      counts, int(counts[Tile.JOKER]))
    chances = np.array([p for _, p, _, _ in chosen])
    share = chances / chances.sum() if chances.sum() > 0 else np.zeros(len(chosen))
    weights = share + 1e-6 * (lines - np.arange(len(chosen)))  # the rank only breaks ties
    return _least_used(candidates, unused, weights, count)


def _least_used(candidates: list[Tile], unused: np.ndarray, weights, count: int) -> list[Tile]:
    """The ``count`` candidates (copy by copy) with the highest total weight of the targets that leave them
    unused (``unused``: ``[targets, 36]`` counts); ties go to the lower tile."""
    seen: dict[Tile, int] = {}
    ranked = []
    for tile in candidates:
        copy = seen.get(tile, 0)
        seen[tile] = copy + 1
        score = sum(w for w, row in zip(weights, unused) if row[tile] > copy)
        ranked.append((-score, int(tile), copy, tile))
    ranked.sort()
    return [tile for *_, tile in ranked[:count]]


def nearest_lines_pass(
    card: "Card", hand: HandLike, count: int = 3, lines: int = 3, ruleset=None, keep_jokers: bool = True
) -> list[Tile]:
    """The pass mjlearn suggested before the chances model: the tiles the ``lines`` *nearest* lines leave
    unused most often, weighted ``lines`` for the nearest, one less for the next... It ranks lines by tiles
    missing only, so it is blind to jokers (kept for comparison, and for the bots' fast version).

    >>> import mjlearn as mj
    >>> [t.notation for t in nearest_lines_pass(mj.load_card("basic1"), "FF 222B 444B 666B 8B N S")]
    ['S', 'N', '2B']
    """
    card, rack = as_card(card), as_hand(hand)
    candidates = [t for t in rack.tiles() if keep_jokers is False or t != Tile.JOKER]
    if len(candidates) < count:
        raise HandError(f"the rack has {len(candidates)} tiles that can go, fewer than {count}")
    table = card.closest(rack, n=lines, ruleset=ruleset)
    unused = np.array([Hand(parse_tiles(text)).counts if text else [0] * 36 for text in table["unused"]])
    return _least_used(candidates, unused.reshape(-1, 36), lines - np.arange(len(table)), count)
