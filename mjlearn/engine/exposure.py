"""An exposed group, as the engine and every layer above it read one.

:class:`Exposure` is a value: ``size`` tiles of one natural ``tile``, ``jokers`` of them jokers, or a wild
exposure of jokers only (MAHJ-X rule 4.5). It lives in the engine, the lowest layer that reads exposures;
:mod:`mjlearn.analysis.position` (where it was first written) gives the same class.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import HandError
from ..hands import Hand, HandLike
from ..tiles import NUM_KINDS, Tile

__all__ = ["Exposure"]


@dataclass(frozen=True)
class Exposure:
    """An exposed group: ``size`` (3 or more) tiles of one natural ``tile``, ``jokers`` of them jokers.

    >>> Exposure.parse("FFF"), Exposure.parse("555C J").jokers
    (Exposure('FFF'), 1)
    """

    tile: Tile
    size: int
    jokers: int = 0

    @property
    def naturals(self) -> int:
        return self.size - self.jokers

    @property
    def is_wild(self) -> bool:
        """An exposure of jokers only (MAHJ-X rule 4.5): it stands for any group of its size."""
        return self.tile == Tile.JOKER

    @classmethod
    def parse(cls, value: "Exposure | HandLike") -> "Exposure":
        """An exposure from a :class:`Hand`, notation (``"555C J"``) or an Exposure."""
        if isinstance(value, Exposure):
            return value
        hand = value if isinstance(value, Hand) else Hand(value)
        kinds = [k for k in range(NUM_KINDS - 1) if hand.counts[k]]
        if len(kinds) > 1:
            raise HandError(
                f"an exposure is one group of one tile, with jokers or not; '{hand}' holds {len(kinds)} different tiles"
            )
        if len(hand) < 3:
            raise HandError(
                f"an exposure is a pung, kong, quint or sextet (3 or more tiles); '{hand}' has {len(hand)}"
            )
        if not kinds:  # jokers only: a wild exposure (MAHJ-X)
            return cls(Tile.JOKER, len(hand), hand.jokers)
        return cls(Tile(kinds[0]), len(hand), hand.jokers)

    def counts(self) -> list[int]:
        """The exposure's tiles as 36 counts (jokers at index 35)."""
        counts = [0] * NUM_KINDS
        counts[self.tile] = self.naturals
        counts[Tile.JOKER] = self.jokers
        return counts

    def tiles(self) -> list[Tile]:
        """The exposure's tiles, naturals then jokers."""
        return [self.tile] * self.naturals + [Tile.JOKER] * self.jokers

    def _repr_html_(self) -> str:
        from ..render.html import tiles_html

        return (
            '<span title="exposed" style="display:inline-flex;padding:2px;background:#eef3ea;border-radius:4px">'
            f"{tiles_html(self.tiles())}</span>"
        )

    def __str__(self) -> str:
        return str(Hand.from_counts(self.counts()))

    def __repr__(self) -> str:
        return f"Exposure({str(self)!r})"
