"""Which lines a hand wins with: ``card.match(hand, exposures)``.

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> wins = card.match("FF 222B 444B 666B 88B J")
>>> [(w.category, w.number, w.value) for w in wins]
[('2468', 1, 25)]
>>> str(wins[0].realised), wins[0].group_fills[-1]
('FF 222B 444B 666B 888B', GroupFill(tile='8B', size=3, jokers=1, exposed=False))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from ..card import Line
from ..hands import ConcreteHand, HandLike
from ..resources import as_card
from ..engine.compiled import counts_of
from .position import Exposure, ExposureLike, read_position

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card

__all__ = ["Win", "Wins", "GroupFill", "match"]


class GroupFill(NamedTuple):
    """A group of 3 or more in a win: its tile, size, how many jokers stand in it, and whether it is exposed."""

    tile: str
    size: int
    jokers: int
    exposed: bool


class Win(Line):
    """A line the player wins with; it is that :class:`~mjlearn.card.Line` (equal to it), plus

    ``realised``: the concrete hand the tiles make, ``group_fills``: for each
    group of 3 or more, where the jokers sit, and ``exposed``: the exposures.
    """

    __slots__ = ("realised", "group_fills", "exposed")

    realised: ConcreteHand
    group_fills: tuple[GroupFill, ...]
    exposed: tuple[Exposure, ...]

    @classmethod
    def of(cls, line: Line, realised: ConcreteHand, group_fills, exposed) -> "Win":
        win = cls.__new__(cls)
        for slot in Line.__slots__:
            setattr(win, slot, getattr(line, slot))
        win.realised = realised
        win.group_fills = tuple(group_fills)
        win.exposed = tuple(exposed)
        return win

    @property
    def jokers_used(self) -> int:
        return sum(fill.jokers for fill in self.group_fills)

    @property
    def jokerless(self) -> bool:
        return self.jokers_used == 0

    def __repr__(self) -> str:
        jokers = f", {self.jokers_used} joker{'s' if self.jokers_used != 1 else ''}" if self.jokers_used else ", no jokers"
        return f"<Win {self.category} #{self.number} ({self.value}): {self.realised}{jokers}>"

    def _repr_html_(self) -> str:
        from ..render.html import wins_html

        return wins_html([self])


class Wins(list):
    """The result of :func:`match`: a plain list of :class:`Win` that shows as a table in notebooks."""

    def _repr_html_(self) -> str:
        from ..render.html import wins_html

        return wins_html(self)


def match(card: "Card", hand: HandLike, exposures: Iterable[ExposureLike] = (), ruleset=None) -> Wins:
    """The lines a rack (with its exposures, 14 tiles in all) wins with, highest value first.

    Jokers stand only in groups of 3 or more; each exposure must be one whole
    group of the line (same tile, same size); a concealed line allows no
    exposure. Lines of equal value keep card order. ``ruleset`` (default
    NMJL; a name or a :class:`~mjlearn.rules.Ruleset`) can widen which hands
    count: MAHJ-X lets runs go downwards.
    """
    from .closest import nearest_hands

    from .arguments import ruleset_argument

    card = as_card(card)
    ruleset = ruleset_argument(ruleset)
    rack_hand, parsed = read_position(hand, exposures, sizes=(14,))
    compiled = card.compiled(ruleset)
    rack = counts_of(rack_hand)
    lines, distance, nearest, _ = nearest_hands(compiled, rack, parsed)
    winners = np.flatnonzero(distance == 0)
    order = sorted(winners, key=lambda i: (-compiled.line_value[lines[i]], lines[i]))
    wins = Wins()
    for i in order:
        line = compiled.lines[lines[i]]
        realised = compiled.hands[int(nearest[i])]
        wins.append(Win.of(line, realised, _place_jokers(realised, rack_hand.counts, parsed), parsed))
    return wins


def _place_jokers(hand: ConcreteHand, rack: tuple[int, ...], exposures: tuple[Exposure, ...]) -> list[GroupFill]:
    """Where the jokers of a winning rack sit, group by group in card order."""
    spare = [n - s for n, s in zip(rack, hand.natural_counts())]  # naturals left for groups of 3+
    waiting = [e for e in exposures if not e.is_wild]
    wild = [e for e in exposures if e.is_wild]
    groups = [(tile, size) for tile, size in hand.tile_groups() if size >= 3]
    # a wild exposure stands for a group of its size that no exposure of that tile takes, the one the
    # rack can least supply itself
    wild_for: dict[int, Exposure] = {}
    for w in wild:
        free = [i for i, (tile, size) in enumerate(groups) if size == w.size and i not in wild_for
                and not any(e.tile == tile and e.size == size for e in waiting)]
        if free:
            wild_for[min(free, key=lambda i: (spare[groups[i][0]], i))] = w
    fills = []
    for i, (tile, size) in enumerate(groups):
        if i in wild_for:
            fills.append(GroupFill(tile.notation, size, size, True))
            continue
        exposure = next((e for e in waiting if e.tile == tile and e.size == size), None)
        if exposure is not None:
            waiting.remove(exposure)
            fills.append(GroupFill(tile.notation, size, exposure.jokers, True))
            continue
        naturals = min(spare[tile], size)
        spare[tile] -= naturals
        fills.append(GroupFill(tile.notation, size, size - naturals, False))
    return fills
