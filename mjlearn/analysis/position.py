"""What a player holds: the rack and the exposed groups, checked together.

>>> rack, exposures = read_position("FF 222B 444B 66C", ["888C J"])
>>> len(rack), exposures[0], exposures[0].size, exposures[0].jokers
(10, Exposure('888C J'), 4, 1)
>>> read_position("FF 2222B 444B 666C", ["22B J"])
Traceback (most recent call last):
...
mjlearn.errors.HandError: the rack and exposures hold 6 natural 2B; a set holds only 4
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import gt

from ..engine.exposure import Exposure
from ..errors import ArgumentError, HandError
from ..hands import Hand, HandLike, as_hand
from ..tiles import COPIES, Tile

__all__ = ["Exposure", "read_position", "ExposureLike"]


ExposureLike = Exposure | HandLike


def read_position(
    hand: HandLike, exposures: Iterable[ExposureLike] = (), sizes: Sequence[int] | None = None
) -> tuple[Hand, tuple[Exposure, ...]]:
    """Check a rack and its exposures together and return them parsed.

    The rack and exposures together may not hold more of a tile than the set
    has, nor more than 14 tiles; ``sizes`` (for example ``(14,)`` for a win)
    lists the totals allowed.
    """
    none = isinstance(exposures, tuple) and not exposures  # the default: nothing to read
    if none and isinstance(hand, Hand):  # a Hand alone holds what a set can supply, at most 14 tiles
        rack, parsed, total = hand, (), len(hand)
    else:
        from .arguments import exposures_argument

        rack = as_hand(hand)
        parsed = () if none else tuple(Exposure.parse(e) for e in exposures_argument(exposures))
        counts = list(rack.counts)
        for exposure in parsed:
            for kind, n in enumerate(exposure.counts()):
                counts[kind] += n
        if any(map(gt, counts, COPIES)):  # name the first tile there are too many of
            kind = next(k for k, n in enumerate(counts) if n > COPIES[k])
            tile = Tile(kind)
            what = "jokers" if tile.is_joker else "flowers" if tile.is_flower else f"natural {tile.notation}"
            raise HandError(f"the rack and exposures hold {counts[kind]} {what}; a set holds only {COPIES[kind]}")
        total = sum(counts)
        if total > 14:
            raise HandError(f"the rack and exposures hold {total} tiles; a hand holds at most 14")
    if sizes is not None and (isinstance(sizes, (str, bytes)) or not isinstance(sizes, Iterable)):
        raise ArgumentError(f"sizes must be a list of the tile totals allowed (such as (14,)), not {sizes!r}")
    if sizes is not None and total not in sizes:
        wanted = " or ".join(str(s) for s in sizes)
        raise HandError(f"the rack and exposures hold {total} tiles; this needs {wanted}")
    return rack, parsed
