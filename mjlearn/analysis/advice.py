"""What to pass or discard: the tiles the nearest lines use least.

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> [t.notation for t in suggest_pass(card, "FF 222B 444B 666B 8B N S")]
['S', 'N', '2B']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import HandError
from ..hands import Hand, HandLike
from ..tiles import Tile, parse_tiles

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card

__all__ = ["suggest_pass"]


def suggest_pass(
    card: "Card", hand: HandLike, count: int = 3, lines: int = 3, ruleset=None, keep_jokers: bool = True
) -> list[Tile]:
    """``count`` tiles to give away: those that the ``lines`` nearest lines leave unused most often.

    Each rack tile scores, for every one of the nearest lines whose nearest
    hand does not use it, that line's weight: ``lines`` for the nearest, one
    less for the next, and so on. The highest scores go (ties: the lower tile). Jokers are never suggested (they cannot be passed in the
    Charleston, and are worth keeping); ``keep_jokers=False`` allows them as
    discards.
    """
    rack = hand if isinstance(hand, Hand) else Hand(hand)
    candidates = [t for t in rack.tiles() if keep_jokers is False or t != Tile.JOKER]
    if len(candidates) < count:
        raise HandError(f"the rack has {len(candidates)} tiles that can go, fewer than {count}")
    table = card.closest(rack, n=lines, ruleset=ruleset)
    score: dict[tuple[Tile, int], int] = {}
    for rank, unused_text in enumerate(table["unused"]):
        weight = lines - rank
        unused: dict[Tile, int] = {}
        for tile in parse_tiles(unused_text):
            unused[tile] = unused.get(tile, 0) + 1
        for tile, n in unused.items():
            for copy in range(n):
                score[(tile, copy)] = score.get((tile, copy), 0) + weight
    seen: dict[Tile, int] = {}
    ranked = []
    for tile in candidates:
        copy = seen.get(tile, 0)
        seen[tile] = copy + 1
        ranked.append((-score.get((tile, copy), 0), int(tile), copy, tile))
    ranked.sort()
    return [tile for *_, tile in ranked[:count]]
