"""Expanding an MJCL line into its distinct concrete hands.

The rules are those of ``mjcl-semantics.md`` (and ``docs/mjcl.md``):
expanders run left to right, each on every pattern the previous ones made;
then the colours of suited sets map to distinct suits in every injective way
and any-suit sets take each suit; hands are de-duplicated by their groups of
3+ (tile, size) and the tiles of their singles and pairs.

Before any step generates patterns or hands, the number it would generate is
counted; a line that would pass :data:`EXPANSION_LIMIT` stops at once with an
:class:`~mjlearn.errors.ExpansionLimitError`.

A concrete hand that needs more naturals of a tile in its singles and pairs
than the 152-tile set holds, or more than its 8 jokers, cannot be built: it is
left out of the line (:func:`line_expansion` says which and why), and only a
line left with no hand at all is an error.

>>> from mjlearn.mjcl import parse_line_spec
>>> len(expand_line(parse_line_spec("FF 1111 NEWS DDDD L")))
27
>>> made = line_expansion(parse_line_spec("2026 r2026 b2026 gDD"))
>>> len(made.hands), [(str(d.hand), d.reason) for d in made.dropped]
(2, [('2D 0 26D 2B 0 26B 2C 0 26C 00', 'needs 5 natural 0 in singles and pairs; a set holds 4')])
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain, permutations, product
from math import factorial, perm
from typing import Callable, NamedTuple

from ..errors import ExpansionLimitError, MJCLError
from ..hands import ConcreteHand
from ..tiles import COPIES, Tile
from .syntax import DIGITS, GROUP_SIZE_CODES, SUITED_CHARS, Expander, LineSpec, Pattern

__all__ = ["expand_line", "line_expansion", "LineExpansion", "DroppedHand", "EXPANSION_LIMIT"]

EXPANSION_LIMIT = 200_000
"""Most patterns, or hands, that one line may generate before de-duplication."""

# Internal pattern: a tuple of sets; a set is (mode, tag, groups) with mode
# "c" (colour, tag = colour letter), "f" (fixed suit, tag = suit 0-2) or
# "a" (any suit, tag None), and groups a tuple of (char, size).
_Group = tuple[str, int]
_Set = tuple[str, object, tuple[_Group, ...]]
_Pat = tuple[_Set, ...]

_ODD = (1, 3, 5, 7, 9)
_EVEN = (2, 4, 6, 8)
_ALL = tuple(range(1, 10))
_HONOUR_TILE = {"G": Tile.GREEN, "R": Tile.RED, "0": Tile.WHITE, "F": Tile.FLOWER,
                "N": Tile.NORTH, "E": Tile.EAST, "W": Tile.WEST, "S": Tile.SOUTH}
_OPPOSITE_WINDS = {"N": "E", "E": "N", "S": "W", "W": "S"}
_SIZE_NAMES = {1: "single", 2: "pair", 3: "pung", 4: "kong", 5: "quint", 0: "group"}


class _Expansion:
    """State while one line expands: where errors point, and the value restriction."""

    def __init__(self, line_no: int, source: str):
        self.line_no = line_no
        self.source = source
        self.restrict: frozenset[int] | None = None

    def fail(self, message: str, column: int, cls: type[MJCLError] = MJCLError) -> MJCLError:
        return cls(message, self.line_no, max(1, column), self.source)

    def values(self, base: tuple[int, ...]) -> tuple[int, ...]:
        if self.restrict is None:
            return base
        return tuple(v for v in base if v in self.restrict)


class DroppedHand(NamedTuple):
    """A concrete hand a line's expansion made but left out: no 152-tile set can build it.

    ``reason`` says what it lacks, as in ``"needs 5 natural 0 in singles and pairs; a set holds 4"``.
    """

    hand: ConcreteHand
    reason: str


class LineExpansion(NamedTuple):
    """What expanding a line gives: its hands (the ones a set can build) and those it left out."""

    hands: tuple[ConcreteHand, ...]
    dropped: tuple[DroppedHand, ...]


def expand_line(
    spec: LineSpec, line_no: int = 1, source: str = "", reverse_runs: bool = False
) -> list[ConcreteHand]:
    """The distinct concrete hands of a line that a set can build, in the order they are first made.

    ``reverse_runs`` (MAHJ-X rule 7) lets a line with a run (``V``) also run
    downwards: each base pattern is mirrored (its lowest and highest digits
    swap places) before the codes apply, so ``1 22 333 4444 5555 V`` also
    gives ``7 66 555 4444 3333``.

    >>> from mjlearn.mjcl import parse_line_spec
    >>> spec = parse_line_spec("1 22 333 4444 5555 V")
    >>> len(expand_line(spec)), len(expand_line(spec, reverse_runs=True))
    (15, 30)
    """
    return list(line_expansion(spec, line_no, source, reverse_runs).hands)


def line_expansion(
    spec: LineSpec, line_no: int = 1, source: str = "", reverse_runs: bool = False
) -> LineExpansion:
    """Expand a line: the hands a set can build, and the ones it cannot (with why), each in the order made.

    A line none of whose hands a set can build is an :class:`~mjlearn.errors.MJCLError`
    at its first pattern, naming the first hand and the tile it lacks.

    >>> from mjlearn.mjcl import parse_line_spec
    >>> made = line_expansion(parse_line_spec("a1111 a1111 a1111 11"))
    >>> len(made.hands), [(str(d.hand), d.reason) for d in made.dropped]  # doctest: +NORMALIZE_WHITESPACE
    (27, [('1111B 1111B 1111B 11B', 'needs 10 jokers; a set holds 8'),
          ('1111C 1111C 1111C 11C', 'needs 10 jokers; a set holds 8'),
          ('1111D 1111D 1111D 11D', 'needs 10 jokers; a set holds 8')])
    """
    state = _Expansion(line_no, source or spec.text())
    patterns = expand_patterns(spec, state, reverse_runs)
    total = sum(_suit_ways(p) for p in patterns)
    if total > EXPANSION_LIMIT:
        raise state.fail(
            f"this line would make {total:,} hands ({_plural(len(patterns), 'pattern')} in every suit);"
            f" the limit is {EXPANSION_LIMIT:,}",
            spec.patterns[0].column,
            ExpansionLimitError,
        )
    hands: dict[object, ConcreteHand] = {}
    dropped: dict[object, DroppedHand] = {}
    # Many layouts repeat a hand (the same groups in another order or suit assignment): the sorted
    # groups, quick to make, catch most repeats before the hand itself is made. Equal sorted groups
    # make equal hands; a hand is still made for each new sorted groups, in the order met.
    seen: set[tuple[tuple[int, int], ...]] = set()
    for pattern in patterns:
        check = not _always_possible(pattern)
        for layout in _suit_layouts(pattern):
            groups = tuple(sorted(chain.from_iterable(layout)))
            if groups in seen:
                continue
            seen.add(groups)
            hand = ConcreteHand(layout)
            key = hand.key
            if key in hands or key in dropped:
                continue
            reason = _shortage(hand) if check else None
            if reason is None:
                hands[key] = hand
            else:
                dropped[key] = DroppedHand(hand, reason)
    if not hands:
        first = next(iter(dropped.values()))
        raise state.fail(f"hand '{first.hand}' {first.reason}", spec.patterns[0].column)
    return LineExpansion(tuple(hands.values()), tuple(dropped.values()))


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def expand_patterns(spec: LineSpec, state: _Expansion, reverse_runs: bool = False) -> list[_Pat]:
    base = [_internal(p) for p in spec.patterns]
    if reverse_runs and any(e.code == "V" for e in spec.expanders):
        base += [_mirrored(p) for p in base]
    patterns = list(dict.fromkeys(base))
    for expander in spec.expanders:
        code = expander.code
        if code == "T":
            continue
        if code == "!":
            state.restrict = frozenset(int(d) for d in expander.arg)
            continue
        apply = _APPLY[code]
        made = sum(apply(expander, p, state, True) for p in patterns)
        if made > EXPANSION_LIMIT:
            raise state.fail(
                f"'{expander.text()}' would make {made:,} patterns; the limit is {EXPANSION_LIMIT:,}",
                expander.column,
                ExpansionLimitError,
            )
        _check_applies(expander, patterns, state)
        patterns = list(dict.fromkeys(q for p in patterns for q in apply(expander, p, state, False)))
        if not patterns:
            raise state.fail(
                f"'{expander.text()}' leaves no hand (the values allowed by '!' do not fit)", expander.column
            )
        for pattern in patterns:
            size = sum(s for _, _, groups in pattern for _, s in groups)
            if size != 14:
                raise state.fail(f"'{expander.text()}' makes a pattern of {size} tiles; a hand needs 14",
                                  expander.column)
    return patterns


def _mirrored(pattern: _Pat) -> _Pat:
    """The pattern with its numbers in reverse order: digit d becomes lowest + highest - d (0 stays)."""
    digits = _digits(pattern)
    if not digits:
        return pattern
    total = digits[0] + digits[-1]
    return _remap(pattern, lambda i, c, n: str(total - int(c)) if c in DIGITS else c)


def _internal(pattern: Pattern) -> _Pat:
    sets = []
    for s in pattern.sets:
        groups = tuple((g.char, g.size) for g in s.groups)
        if s.any_suit:
            sets.append(("a", None, groups))
        elif s.suit:
            sets.append(("f", "mcd".index(s.suit), groups))
        else:
            sets.append(("c", s.colour, groups))
    return tuple(sets)


def _remap(pattern: _Pat, change: Callable[[int, str, int], str]) -> _Pat:
    """A copy of ``pattern`` whose group characters are ``change(set_index, char, size)``."""
    return tuple(
        (mode, tag, tuple((change(i, c, n), n) for c, n in groups))
        for i, (mode, tag, groups) in enumerate(pattern)
    )


def _digits(pattern: _Pat) -> list[int]:
    return sorted({int(c) for _, _, groups in pattern for c, _ in groups if c in DIGITS})


def _size_matches(code: str, size: int) -> bool:
    wanted = GROUP_SIZE_CODES[code]
    return wanted == 0 or wanted == size


# -- expanders -------------------------------------------------------------
# Each takes (expander, pattern, state, count_only) and returns either the
# number of patterns it would make from ``pattern`` or the patterns.


def _like(e: Expander, p: _Pat, state: _Expansion, count_only: bool):
    if count_only:
        return len(e.arg)
    first = e.arg[0]
    return [
        _remap(p, lambda i, c, n, new=new: new if c == first and _size_matches(e.code, n) else c)
        for new in e.arg
    ]


def _like_numbers(e: Expander, p: _Pat, state: _Expansion, count_only: bool):
    values = state.values(_EVEN if e.arg == "e" else _ODD if e.arg == "o" else _ALL)
    if count_only:
        return len(values)
    digit = "2" if e.arg == "e" else "1"
    return [_remap(p, lambda i, c, n, v=str(v): v if c == digit else c) for v in values]


def _unlike(e: Expander, p: _Pat, state: _Expansion, count_only: bool):
    size_code, d1, d2, parity = e.arg[0], e.arg[1], e.arg[2], e.arg[3:]
    values = state.values(_EVEN if parity == "e" else _ODD if parity == "o" else _ALL)
    if count_only:
        return len(values) * (len(values) - 1)

    def change(i, c, n, a, b):
        if _size_matches(size_code, n):
            if c == d1:
                return a
            if c == d2:
                return b
        return c

    return [
        _remap(p, lambda i, c, n, a=str(a), b=str(b): change(i, c, n, a, b))
        for a in values
        for b in values
        if a != b
    ]


def _run_shifts(e: Expander, p: _Pat, state: _Expansion) -> list[int]:
    digits = _digits(p)
    step = 2 if e.arg in ("o", "e") else 1
    shifts = []
    for k in range(0, 10 - max(digits, default=9), step):
        if state.restrict is None or all(d + k in state.restrict for d in digits):
            shifts.append(k)
    return shifts


def _run(e: Expander, p: _Pat, state: _Expansion, count_only: bool):
    shifts = _run_shifts(e, p, state)
    if count_only:
        return len(shifts)
    return [_remap(p, lambda i, c, n, k=k: str(int(c) + k) if c in DIGITS else c) for k in shifts]


def _any_suit(e: Expander, p: _Pat, state: _Expansion, count_only: bool):
    if count_only:
        return 1
    chosen = {int(d) for d in e.arg}
    return [tuple(("a", None, groups) if i in chosen else (mode, tag, groups)
                  for i, (mode, tag, groups) in enumerate(p))]


def _set_values(e: Expander, p: _Pat, state: _Expansion, count_only: bool):
    if count_only:
        return len(e.arg)  # the pattern itself plus one per value after the set number
    index, values = int(e.arg[0]), e.arg[1:]
    return [p] + [_remap(p, lambda i, c, n, v=v: v if i == index else c) for v in values]


def _numbered_pairs(p: _Pat) -> list[tuple[int, int]]:
    return [(i, j) for i, (_, _, groups) in enumerate(p) for j, (c, n) in enumerate(groups)
            if n == 2 and c in DIGITS]


def _pair_values(e: Expander, p: _Pat, state: _Expansion, count_only: bool):
    base = _EVEN if e.arg == "e" else _ODD if e.arg == "o" else tuple(sorted({int(d) for d in e.arg}))
    values = state.values(base)
    if count_only:
        return len(values)
    later = set(_numbered_pairs(p)[1:])
    result = []
    for v in values:
        result.append(tuple(
            (mode, tag, tuple((str(v) if (i, j) in later else c, n) for j, (c, n) in enumerate(groups)))
            for i, (mode, tag, groups) in enumerate(p)
        ))
    return result


def _pair_rotation(e: Expander, p: _Pat, state: _Expansion, count_only: bool):
    listed = [int(d) for d in e.arg]
    if count_only:
        return len(listed)
    last = max(listed)
    result = []
    for chosen in listed:
        pair_digit = p[chosen][2][0][0]
        sets = []
        for i, (mode, tag, groups) in enumerate(p):
            if i in listed:
                groups = ((groups[0][0], 2 if i == chosen else 1),)
            elif i > last:
                groups = tuple((pair_digit if n == 4 and c in DIGITS else c, n) for c, n in groups)
            sets.append((mode, tag, groups))
        result.append(tuple(sets))
    return result


def _permute_digits(e: Expander, p: _Pat, state: _Expansion, count_only: bool):
    digits = [str(d) for d in _digits(p)]
    if count_only:
        return factorial(len(digits))
    result = []
    for order in permutations(digits):
        mapping = dict(zip(digits, order))
        result.append(_remap(p, lambda i, c, n, m=mapping: m.get(c, c)))
    return result


def _opposite_winds(e: Expander, p: _Pat, state: _Expansion, count_only: bool):
    if count_only:
        return 2
    return [p, _remap(p, lambda i, c, n: _OPPOSITE_WINDS.get(c, c))]


_APPLY = {
    "I": _like, "A": _like, "P": _like, "K": _like, "Q": _like, "Z": _like,
    "L": _like_numbers,
    "U": _unlike,
    "V": _run,
    "*": _any_suit,
    ">": _set_values,
    "Y": _pair_values,
    "H": _pair_rotation,
    "#": _permute_digits,
    "~": _opposite_winds,
}


def _check_applies(e: Expander, patterns: list[_Pat], state: _Expansion) -> None:
    """Refuse an expander that has nothing to act on in some pattern."""
    code = e.code
    if code in "IAPKQZ":
        # A pattern without such a group stays as it is; only a line where no
        # pattern has one is an error.
        if not any(c == e.arg[0] and _size_matches(code, n) for p in patterns for _, _, gs in p for c, n in gs):
            kind = _SIZE_NAMES[GROUP_SIZE_CODES[code]]
            raise state.fail(f"{code} finds no {kind} of '{e.arg[0]}' to replace", e.column)
        return
    for p in patterns:
        groups = [(c, n) for _, _, gs in p for c, n in gs]
        if code == "L":
            digit = "2" if e.arg == "e" else "1"
            if not any(c == digit for c, _ in groups):
                raise state.fail(f"'{e.text()}' needs the digit {digit} in the pattern", e.column)
        elif code == "U":
            for digit in e.arg[1:3]:
                if not any(c == digit and _size_matches(e.arg[0], n) for c, n in groups):
                    kind = _SIZE_NAMES[GROUP_SIZE_CODES[e.arg[0]]]
                    raise state.fail(f"'{e.text()}' finds no {kind} of {digit} to change", e.column)
        elif code == "V":
            if not _digits(p):
                raise state.fail("V needs numbers 1-9 in the pattern to run", e.column)
        elif code == "Y":
            if len(_numbered_pairs(p)) < 2:
                raise state.fail("Y needs at least two pairs of numbers (the first keeps its number)", e.column)
        elif code == "#":
            if not _digits(p):
                raise state.fail("# needs numbers 1-9 in the pattern to permute", e.column)
        elif code == "~":
            if not any(c in _OPPOSITE_WINDS for c, _ in groups):
                raise state.fail("~ needs winds in the pattern to swap", e.column)


# -- suits -------------------------------------------------------------------
def _suited(groups: tuple[_Group, ...]) -> bool:
    return any(c in SUITED_CHARS for c, _ in groups)


def _colours(pattern: _Pat) -> list[str]:
    seen: list[str] = []
    for mode, tag, groups in pattern:
        if mode == "c" and tag not in seen and _suited(groups):
            seen.append(tag)  # type: ignore[arg-type]
    return seen


def _suit_ways(pattern: _Pat) -> int:
    any_sets = sum(1 for mode, _, groups in pattern if mode == "a" and _suited(groups))
    return perm(3, len(_colours(pattern))) * 3**any_sets


def _tile(char: str, suit: int | None) -> int:
    if char in DIGITS:
        return suit * 9 + int(char) - 1  # type: ignore[operator]
    if char == "D":
        return Tile.GREEN + suit  # type: ignore[operator]
    return _HONOUR_TILE[char]


@lru_cache(maxsize=4_096)
def _set_versions(mode: str, tag: object, groups: tuple[_Group, ...]) -> tuple[str, object, tuple]:
    """A set's concrete groups: ("fixed", None, (groups,)), or per suit ("colour", colour, three
    versions) or ("any", None, three versions). Sets recur across a line's patterns: made once."""
    if not _suited(groups) or mode == "f":
        suit = tag if mode == "f" else None
        return ("fixed", None, (tuple((_tile(c, suit), n) for c, n in groups),))  # type: ignore[arg-type]
    per_suit = tuple(tuple((_tile(c, s), n) for c, n in groups) for s in range(3))
    return ("colour", tag, per_suit) if mode == "c" else ("any", None, per_suit)


def _suit_layouts(pattern: _Pat):
    """Every layout of concrete groups the suit assignment makes from ``pattern``.

    Each set's groups are worked out once per suit; an assignment then only
    picks, per set, the version for its suit.
    """
    colours = _colours(pattern)
    table = [_set_versions(mode, tag, groups) for mode, tag, groups in pattern]
    for colour_suits in permutations(range(3), len(colours)):
        by_colour = dict(zip(colours, colour_suits))
        options = [
            (groups[by_colour[key]],) if kind == "colour" else groups  # fixed: one option; any: three
            for kind, key, groups in table
        ]
        yield from product(*options)


def _always_possible(pattern: _Pat) -> bool:
    """Whether no suit assignment of ``pattern`` can need more tiles than the set holds.

    Worst case: every digit d is one tile whatever its suit, and all dragons
    are one tile. If even then no tile passes its supply, no hand can.
    """
    small: dict[str, int] = {}
    total: dict[str, int] = {}
    for _, _, groups in pattern:
        for c, n in groups:
            kind = "D" if c in "DGR0" else c
            total[kind] = total.get(kind, 0) + n
            if n < 3:
                small[kind] = small.get(kind, 0) + n
    copies = {kind: 8 if kind == "F" else 4 for kind in total}
    return all(n <= copies[k] for k, n in small.items()) and sum(
        max(0, n - copies[k]) for k, n in total.items()
    ) <= 8


def _shortage(hand: ConcreteHand) -> str | None:
    """Why no 152-tile set can build ``hand`` (more naturals in singles and pairs, or more jokers, than
    it holds), or ``None`` if one can."""
    big, small = hand.key
    totals: dict[int, int] = {}
    for tile in small:
        totals[tile] = totals.get(tile, 0) + 1
    for tile, n in totals.items():
        if n > COPIES[tile]:
            return f"needs {n} natural {Tile(tile).notation} in singles and pairs; a set holds {COPIES[tile]}"
    for tile, size in big:
        totals[tile] = totals.get(tile, 0) + size
    jokers = sum(n - COPIES[tile] for tile, n in totals.items() if n > COPIES[tile])
    if jokers > 8:
        return f"needs {jokers} jokers; a set holds 8"
    return None
