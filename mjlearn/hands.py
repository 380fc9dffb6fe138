"""Hands: multisets of tiles, and the concrete hands a card line stands for.

:class:`Hand` is what sits on a rack (or an exposure): a validated multiset of
at most 14 tiles with no more of a kind than the 152-tile set holds::

    >>> from mjlearn import Hand
    >>> h = Hand("J 88C FF 222B 444B 666C")
    >>> len(h), h.jokers, str(h)
    (14, 1, 'FF 222B 444B 666C 88C J')
    >>> Hand("22222B")
    Traceback (most recent call last):
    ...
    mjlearn.errors.HandError: 5 natural 2B; a set holds only 4 (use jokers in groups of 3 or more)

:class:`ConcreteHand` is one winning hand of a card line, with its groups
(pungs, kongs, singles ...) as the line lays them out.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from operator import index
from typing import Union

from .errors import ArgumentError, HandError
from .tiles import COPIES, NUM_KINDS, Tile, as_tile, format_tile_counts, parse_tiles
from .wording import shown

__all__ = ["Hand", "ConcreteHand", "MAX_HAND_TILES", "HandLike", "as_hand"]

MAX_HAND_TILES = 14


class Hand:
    """A multiset of at most 14 tiles that a real set can supply.

    Build it from the concrete notation, from tiles, or from another hand.
    It is immutable and hashable; ``+`` joins two hands (validated again).

    >>> Hand("NEWS") + Hand("JJ")
    Hand('N E W S JJ')
    >>> Hand("13579D").count("5D")
    1
    """

    __slots__ = ("_counts", "_hash")

    def __init__(self, tiles: "HandLike" = ""):
        if isinstance(tiles, Hand):
            counts = list(tiles._counts)
        else:
            counts = [0] * NUM_KINDS
            for tile in _kinds(tiles):  # (tiles: a list of Tile as it is, notation parsed, anything else read)
                counts[tile] += 1
        _check_counts(counts)
        self._counts: tuple[int, ...] = tuple(counts)
        self._hash = hash(self._counts)

    @classmethod
    def from_counts(cls, counts: Iterable[int]) -> "Hand":
        """A hand from 36 counts indexed by :class:`~mjlearn.tiles.Tile` (whole numbers: Python's or numpy's)."""
        try:
            counts = [index(c) for c in counts]
        except TypeError:
            raise ArgumentError(f"counts must be 36 whole numbers, one per tile kind, not {shown(counts)}") from None
        if len(counts) != NUM_KINDS:
            raise HandError(f"expected {NUM_KINDS} counts, got {len(counts)}")
        if any(c < 0 for c in counts):
            raise HandError("tile counts cannot be negative")
        hand = cls.__new__(cls)
        _check_counts(counts)
        hand._counts = tuple(counts)
        hand._hash = hash(hand._counts)
        return hand

    # -- reading ----------------------------------------------------------
    @property
    def counts(self) -> tuple[int, ...]:
        """36 counts indexed by tile kind."""
        return self._counts

    @property
    def jokers(self) -> int:
        return self._counts[Tile.JOKER]

    @property
    def naturals(self) -> "Hand":
        """The hand without its jokers."""
        counts = list(self._counts)
        counts[Tile.JOKER] = 0
        return Hand.from_counts(counts)

    def count(self, tile: Tile | str | int) -> int:
        """How many of ``tile`` the hand holds."""
        return self._counts[as_tile(tile)]

    def tiles(self) -> list[Tile]:
        """The tiles, sorted in the canonical order."""
        return [Tile(k) for k in _CANONICAL_ORDER for _ in range(self._counts[k])]

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.tiles())

    def __len__(self) -> int:
        return sum(self._counts)

    def __contains__(self, tile: object) -> bool:
        try:
            return self._counts[as_tile(tile)] > 0  # type: ignore[arg-type]
        except (ValueError, TypeError):
            return False

    # -- combining --------------------------------------------------------
    def __add__(self, other: "HandLike") -> "Hand":
        other = other if isinstance(other, Hand) else Hand(other)
        return Hand.from_counts(a + b for a, b in zip(self._counts, other._counts))

    def __sub__(self, other: "HandLike") -> "Hand":
        other = other if isinstance(other, Hand) else Hand(other)
        diff = [a - b for a, b in zip(self._counts, other._counts)]
        missing = [Tile(k).notation for k, d in enumerate(diff) if d < 0]
        if missing:
            raise HandError(f"cannot remove tiles the hand does not hold: {' '.join(missing)}")
        return Hand.from_counts(diff)

    def change(self, remove: Iterable[Tile | str | int] = (), add: Iterable[Tile | str | int] = ()) -> "Hand":
        """``self - remove + add``, fast: only the kinds that change are checked (the game moves tiles
        this way). Errors are those of ``-`` and ``+``.

        >>> Hand("NEWS JJ").change(remove=[Tile.NORTH], add=[Tile.FLOWER])
        Hand('F E W S JJ')
        >>> Hand("NEWS").change(remove=[Tile.JOKER])
        Traceback (most recent call last):
        ...
        mjlearn.errors.HandError: cannot remove tiles the hand does not hold: J
        """
        remove, add = _kinds(remove), _kinds(add)
        counts = list(self._counts)
        wrong = False  # (counts only fall while removing and only rise while adding: checked as they go)
        for kind in remove:
            counts[kind] -= 1
            if counts[kind] < 0:
                wrong = True
        for kind in add:
            counts[kind] += 1
            if counts[kind] > COPIES[kind]:
                wrong = True
        if wrong or (add and sum(counts) > MAX_HAND_TILES):
            return self - Hand(list(remove)) + Hand(list(add))  # raises the error that says what is wrong
        hand = Hand.__new__(Hand)
        hand._counts = tuple(counts)
        hand._hash = hash(hand._counts)
        return hand

    def _plus(self, tile: Tile) -> "Hand":
        """``change(add=(tile,))`` for one :class:`Tile` (a draw): the same hand, or the same error.

        >>> Hand("NEWS")._plus(Tile.JOKER) == Hand("NEWS").change(add=[Tile.JOKER])
        True
        """
        counts = list(self._counts)
        counts[tile] += 1
        if counts[tile] > COPIES[tile] or sum(counts) > MAX_HAND_TILES:
            return self.change(add=(tile,))  # raises the error that says what is wrong
        hand = _new_hand(Hand)
        hand._counts = counts = tuple(counts)
        hand._hash = hash(counts)
        return hand

    def _minus(self, tile: Tile) -> "Hand":
        """``change(remove=(tile,))`` for one :class:`Tile` (a discard): the same hand, or the same error.

        >>> Hand("NEWS")._minus(Tile.NORTH)
        Hand('E W S')
        """
        counts = list(self._counts)
        counts[tile] -= 1
        if counts[tile] < 0:
            return self.change(remove=(tile,))  # raises the error that says what is wrong
        hand = _new_hand(Hand)
        hand._counts = counts = tuple(counts)
        hand._hash = hash(counts)
        return hand

    # -- comparison and text ---------------------------------------------
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Hand):
            return self._counts == other._counts
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return format_tile_counts(self._counts)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def _repr_html_(self) -> str:
        from .render.html import hand_html

        return hand_html(self)


_new_hand = object.__new__

HandLike = Union[Hand, str, Iterable[Union[Tile, str, int]]]

# Flowers first and jokers last, as players sort a rack.
_CANONICAL_ORDER = [Tile.FLOWER, *range(34), Tile.JOKER]


def as_hand(value: object, name: str = "hand") -> Hand:
    """``value`` as a :class:`Hand`: a Hand as it is, tile notation or an iterable of tiles read.

    The one check every public call that takes a rack (or an exposed group)
    uses. Anything else is an :class:`~mjlearn.errors.ArgumentError` that names
    the argument; tiles no set holds are a :class:`~mjlearn.errors.HandError`.

    >>> as_hand("J FF 222B"), as_hand(["1B", "1B", "N"], "rack")
    (Hand('FF 222B J'), Hand('11B N'))
    >>> as_hand(None, "rack")
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: rack must be tile notation (a string such as 'FF 222B J'), a Hand or a list of tiles, not None (NoneType)
    """
    if isinstance(value, Hand):
        return value
    if isinstance(value, str):
        return Hand(value)
    if isinstance(value, (bytes, bytearray, memoryview, dict)) or not isinstance(value, Iterable):
        raise ArgumentError(f"{name} must be tile notation (a string such as 'FF 222B J'), a Hand or a list of"
                            f" tiles, not {shown(value)}")
    return Hand(value)


def _tile_items(tiles: object) -> Iterable:
    """``tiles`` as an iterable of tiles, or an :class:`ArgumentError` that names it."""
    if isinstance(tiles, (bytes, bytearray, memoryview)) or not isinstance(tiles, Iterable):
        raise ArgumentError(
            f"tiles must be tile notation (a str), a Hand or an iterable of tiles, not {type(tiles).__name__}"
        )
    return tiles


def _kinds(tiles: object) -> "list[Tile] | tuple[Tile, ...]":
    """``tiles`` as tiles: a list or tuple of :class:`Tile` as it is, notation parsed, anything else read
    tile by tile."""
    if type(tiles) in (tuple, list):
        for tile in tiles:  # type: ignore[union-attr]
            if type(tile) is not Tile:
                break
        else:
            return tiles  # type: ignore[return-value]
    if isinstance(tiles, str):
        return parse_tiles(tiles)
    return [tile if isinstance(tile, Tile) else as_tile(tile) for tile in _tile_items(tiles)]


def _check_counts(counts: list[int]) -> None:
    if sum(counts) <= MAX_HAND_TILES and all(n <= c for n, c in zip(counts, COPIES)):
        return  # the usual case, checked fast; the rest finds what is wrong
    total = sum(counts)
    if total > MAX_HAND_TILES:
        raise HandError(f"{total} tiles; a hand holds at most {MAX_HAND_TILES}")
    for kind, n in enumerate(counts):
        tile = Tile(kind)
        if n > tile.copies:
            if tile.is_joker:
                raise HandError(f"{n} jokers; a set holds only 8")
            if tile.is_flower:
                raise HandError(f"{n} flowers; a set holds only 8")
            raise HandError(
                f"{n} natural {tile.notation}; a set holds only 4 (use jokers in groups of 3 or more)"
            )


class ConcreteHand:
    """One concrete winning hand of a card line.

    It knows its groups as the line lays them out (``layout``: one tuple of
    ``(tile, size)`` groups per set of the line). Two concrete hands are equal
    when they have the same groups of 3 or more (tile and size) and the same
    tiles in singles and pairs; that is what a player must show to win, since
    jokers may stand only in groups of 3 or more.

    >>> from mjlearn import parse_line
    >>> h = parse_line("FF 222 444 r666 888").hands()[0]
    >>> str(h)
    'FF 222B 444B 666C 888C'
    >>> h.groups[:2]
    [('F', 2), ('2B', 3)]
    """

    __slots__ = ("layout", "key", "_hash", "_text")

    def __init__(self, layout: tuple[tuple[tuple[int, int], ...], ...]):
        self._text: str | None = None
        self.layout = layout
        self.key = hand_key(group for set_groups in layout for group in set_groups)
        self._hash = hash(self.key)

    # -- groups and tiles -------------------------------------------------
    @property
    def groups(self) -> list[tuple[str, int]]:
        """The groups in card order as ``(tile notation, size)`` pairs."""
        return [(_NOTATION[tile], size) for set_groups in self.layout for tile, size in set_groups]

    def tile_groups(self) -> list[tuple[Tile, int]]:
        """The groups in card order as ``(Tile, size)`` pairs."""
        return [(Tile(tile), size) for set_groups in self.layout for tile, size in set_groups]

    @property
    def counts(self) -> tuple[int, ...]:
        """How many of each tile kind the hand shows (jokers not used)."""
        counts = [0] * NUM_KINDS
        for set_groups in self.layout:
            for tile, size in set_groups:
                counts[tile] += size
        return tuple(counts)

    def joker_group_counts(self) -> tuple[int, ...]:
        """Tiles per kind in groups of 3 or more (where jokers may stand)."""
        counts = [0] * NUM_KINDS
        for set_groups in self.layout:
            for tile, size in set_groups:
                if size >= 3:
                    counts[tile] += size
        return tuple(counts)

    def natural_counts(self) -> tuple[int, ...]:
        """Tiles per kind in singles and pairs (which must be naturals)."""
        counts = [0] * NUM_KINDS
        for set_groups in self.layout:
            for tile, size in set_groups:
                if size < 3:
                    counts[tile] += size
        return tuple(counts)

    def jokers_required(self) -> int:
        """Jokers needed at the least, because the set runs out of naturals."""
        return sum(max(0, n - COPIES[k]) for k, n in enumerate(self.counts))

    def to_hand(self) -> Hand:
        """The hand as tiles, naturals wherever the set has enough, else jokers.

        >>> from mjlearn import parse_line
        >>> parse_line("1111 r1111 b1111 FF").hands()[0].to_hand()
        Hand('FF 1111B 1111C 1111D')
        """
        counts = list(self.counts)
        jokers = 0
        for kind, n in enumerate(counts):
            extra = n - COPIES[kind]
            if extra > 0:
                counts[kind] -= extra
                jokers += extra
        counts[Tile.JOKER] += jokers
        return Hand.from_counts(counts)

    def __len__(self) -> int:
        return sum(size for set_groups in self.layout for _, size in set_groups)

    # -- identity ---------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if isinstance(other, ConcreteHand):
            return self.key == other.key
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        if self._text is None:
            self._text = " ".join(token for set_groups in self.layout for token in _set_tokens(set_groups))
        return self._text

    def __repr__(self) -> str:
        return f"<ConcreteHand {self}>"

    def _repr_html_(self) -> str:
        from .render.html import concrete_hand_html

        return concrete_hand_html(self)


def hand_key(groups: Iterable[tuple[int, int]]) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The identity of a concrete hand: sorted groups of 3+ and sorted single/pair tiles."""
    big: list[tuple[int, int]] = []
    small: list[int] = []
    for tile, size in groups:
        if size >= 3:
            big.append((tile, size))
        else:
            small.extend((tile,) * size)
    big.sort()
    small.sort()
    return tuple(big), tuple(small)


_NOTATION = [t.notation for t in Tile]


def _set_tokens(set_groups: tuple[tuple[int, int], ...]) -> list[str]:
    """Tokens for one set: same-suit numbers share a suit letter, honours run together."""
    tokens: list[str] = []
    current = ""
    current_suit = -1  # suit of the open number token, or 3 for an honour token
    for tile, size in set_groups:
        if tile < 27:
            suit = tile // 9
            digits = str(tile % 9 + 1) * size
            if current_suit == suit:
                current = current[:-1] + digits + "BCD"[suit]
            else:
                if current:
                    tokens.append(current)
                current, current_suit = digits + "BCD"[suit], suit
        else:
            letters = _NOTATION[tile] * size
            if current_suit == 3:
                current += letters
            else:
                if current:
                    tokens.append(current)
                current, current_suit = letters, 3
    if current:
        tokens.append(current)
    return tokens
