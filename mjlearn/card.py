"""The card model: a :class:`Card` of :class:`Category` s of :class:`Line` s.

Build one from MJCL text with :func:`parse_card` (or a single line with
:func:`parse_line`); every line is expanded as it is read, so a card that
parses is a card whose every line yields hands::

    >>> import mjlearn as mj
    >>> card = mj.parse_card('''Practice +10
    ... "2468"
    ... FF 222 444 666 888
    ... 222 4444 r666 8888 X30
    ... ''')
    >>> card.name, card.bonus, card.count_hands()
    ('Practice', 10, 9)
    >>> [len(line.hands()) for line in card.lines]
    [3, 6]
    >>> mj.parse_card(card.to_mjcl()) == card
    True

A hand that needs more tiles than a set holds is not a hand of its line: it
is left out (``line.dropped`` lists it) and :func:`parse_card` warns with an
:class:`~mjlearn.errors.MJCLWarning`. Only a line left with no hand is an error.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from itertools import chain
from operator import is_
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from warnings import warn

from .errors import ArgumentError, MJCLError, MJCLWarning, UnknownNameError
from .hands import ConcreteHand
from .mjcl import DroppedHand, LineSpec, expand_line, format_line, line_expansion, parse_card_source, parse_line_spec
from .wording import counted

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterable

    import pandas

    from .engine.compiled import CompiledCard
    from .analysis.matching import Win
    from .analysis.position import ExposureLike
    from .hands import HandLike
    from .line_cache import LineCache
    from .rules.ruleset import Ruleset

__all__ = ["Card", "Category", "Line", "CardCheck", "parse_card", "parse_line", "check_card"]


class Line:
    """One line of a card: its MJCL, value, mark and the hands it stands for.

    >>> line = parse_line("FF 1111 NEWS DDDD L X25 (Any Like Nos)")
    >>> line.value, line.concealed, line.notes, len(line.hands())
    (25, False, ('Any Like Nos',), 27)
    >>> str(line.hands()[0])
    'FF 1111B NEWS GGGG'
    """

    __slots__ = ("spec", "category", "number", "line_no", "_hands", "_dropped", "_mjcl", "_reverse_hands")

    def __init__(self, spec: LineSpec, category: str = "", number: int = 1, line_no: int = 1, source: str = ""):
        self.spec = spec
        self.category = category
        self.number = number
        self.line_no = line_no
        made = line_expansion(spec, line_no, source)
        self._hands: tuple[ConcreteHand, ...] = made.hands
        self._dropped: tuple[DroppedHand, ...] = made.dropped
        self._mjcl = format_line(spec)
        self._reverse_hands: tuple[ConcreteHand, ...] | None = None

    @classmethod
    def _from_hands(cls, spec: LineSpec, hands: tuple[ConcreteHand, ...], mjcl: str, category: str = "",
                    number: int = 1, line_no: int = 1, dropped: tuple[DroppedHand, ...] = ()) -> Line:
        """A line whose hands are already known: ``hands`` (and the ``dropped`` ones) were expanded from a
        spec with the same patterns and expanders, and ``mjcl`` is ``format_line(spec)`` (nothing is
        expanded again)."""
        line = cls.__new__(cls)
        line.spec, line.category, line.number, line.line_no = spec, category, number, line_no
        line._hands, line._dropped, line._mjcl, line._reverse_hands = hands, dropped, mjcl, None
        return line

    def _placed(self, category: str, number: int, line_no: int) -> Line:
        """This line at another place in a card: the same spec and hands, not expanded again."""
        return Line._from_hands(self.spec, self._hands, self._mjcl, category, number, line_no, self._dropped)

    # -- what the line says -------------------------------------------------
    @property
    def value(self) -> int:
        return self.spec.value

    @property
    def concealed(self) -> bool:
        return self.spec.concealed

    @property
    def notes(self) -> tuple[str, ...]:
        return self.spec.notes

    @property
    def patterns(self):
        return self.spec.patterns

    @property
    def expanders(self):
        return self.spec.expanders

    @property
    def mjcl(self) -> str:
        """The line in canonical MJCL."""
        return self._mjcl

    def to_mjcl(self) -> str:
        return self.mjcl

    # -- hands ----------------------------------------------------------------
    def hands(self, reverse_runs: bool = False) -> list[ConcreteHand]:
        """The distinct concrete hands of the line (a new list each call).

        ``reverse_runs=True`` adds, for a line with a run (``V``), the runs in
        descending order, as MAHJ-X allows (its rule 7).
        """
        if not reverse_runs or not any(e.code == "V" for e in self.spec.expanders):
            return list(self._hands)
        if self._reverse_hands is None:
            self._reverse_hands = tuple(expand_line(self.spec, self.line_no, self.mjcl, reverse_runs=True))
        return list(self._reverse_hands)

    def count_hands(self, reverse_runs: bool = False) -> int:
        return len(self.hands(reverse_runs)) if reverse_runs else len(self._hands)

    @property
    def dropped(self) -> tuple[DroppedHand, ...]:
        """The hands the line's expansion made but left out, because no set can build them, each with why.

        They are no hands of the line: :meth:`hands`, :meth:`count_hands` and
        everything built on them leave them out.

        Where its green is dots, ``2026 r2026 b2026 gDD`` needs five white
        dragons (three zeros and the pair); :func:`parse_line` warns of it:

        >>> import warnings
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     line = parse_line("2026 r2026 b2026 gDD")
        >>> len(line.hands()), [(str(d.hand), d.reason) for d in line.dropped]
        (2, [('2D 0 26D 2B 0 26B 2C 0 26C 00', 'needs 5 natural 0 in singles and pairs; a set holds 4')])
        >>> [type(w.message).__name__ for w in caught]
        ['MJCLWarning']
        """
        return self._dropped

    def __len__(self) -> int:
        return len(self._hands)

    # -- identity -------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Line):
            return (self.spec, self.category, self.number) == (other.spec, other.category, other.number)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.spec, self.category, self.number))

    def __repr__(self) -> str:
        where = f"{self.category} #{self.number}: " if self.category else ""
        left_out = f", {len(self._dropped):,} left out" if self._dropped else ""
        return f"<Line {where}{self.mjcl} ({counted(len(self._hands), 'hand')}{left_out})>"

    def _repr_html_(self) -> str:
        from .render.html import line_html

        return line_html(self)


@dataclass(eq=True)
class Category:
    """A section of the card, such as "2468", with its lines in card order."""

    name: str
    lines: list[Line] = field(default_factory=list)
    page_break: bool = False
    """Whether a printed card starts a new page here (``^`` in MJCL)."""

    def count_hands(self) -> int:
        return sum(line.count_hands() for line in self.lines)

    def to_mjcl(self) -> str:
        head = f'"{"^" if self.page_break else ""}{self.name}"'
        return "\n".join([head, *(line.mjcl for line in self.lines)])

    def __repr__(self) -> str:
        return f"<Category {self.name!r}: {counted(len(self.lines), 'line')}, {counted(self.count_hands(), 'hand')}>"

    def _repr_html_(self) -> str:
        from .render.html import category_html

        return category_html(self)


@dataclass(eq=True)
class Card:
    """A card of winning hands.

    ``bonus`` is the Big Card bonus (``+N`` after the name): a hand that is not
    concealed and wins with no exposures scores that much more.
    """

    name: str
    categories: list[Category] = field(default_factory=list)
    bonus: int = 0
    _compiled: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def lines(self) -> list[Line]:
        """Every line, in card order."""
        return [line for category in self.categories for line in category.lines]

    def category(self, name: str) -> Category:
        """The category called ``name`` (:class:`~mjlearn.errors.UnknownNameError`, a ``KeyError``, if there is none)."""
        for category in self.categories:
            if category.name == name:
                return category
        raise UnknownNameError(f"no category {name!r}; the card has {', '.join(c.name for c in self.categories)}")

    def line(self, category: str, number: int) -> Line:
        """Line ``number`` (1-based) of ``category`` (:class:`~mjlearn.errors.UnknownNameError` if there is none)."""
        lines = self.category(category).lines
        whole = not isinstance(number, bool) and hasattr(type(number), "__index__")  # numpy integers too
        if not whole or not 1 <= number.__index__() <= len(lines):
            raise UnknownNameError(f"category {category!r} has lines 1-{len(lines)}, not {number!r}")
        return lines[number.__index__() - 1]

    def count_hands(self) -> int:
        """All concrete hands of the card (the sum over its lines)."""
        return sum(category.count_hands() for category in self.categories)

    def iter_hands(self) -> Iterator[tuple[Line, ConcreteHand]]:
        """Every ``(line, hand)`` of the card, in card order."""
        for line in self.lines:
            for hand in line.hands():
                yield line, hand

    def stats(self) -> "pandas.DataFrame":
        """One row per line: category, line (1-based in its category), mjcl, hands, value, concealed, notes."""
        import pandas as pd

        rows = [
            {
                "category": line.category,
                "line": line.number,
                "mjcl": line.mjcl,
                "hands": line.count_hands(),
                "value": line.value,
                "concealed": line.concealed,
                "notes": "; ".join(line.notes),
            }
            for line in self.lines
        ]
        columns = ["category", "line", "mjcl", "hands", "value", "concealed", "notes"]
        return pd.DataFrame(rows, columns=columns)

    def category_stats(self) -> "pandas.DataFrame":
        """One row per category: its name, number of lines and of hands."""
        import pandas as pd

        rows = [{"category": c.name, "lines": len(c.lines), "hands": c.count_hands()} for c in self.categories]
        return pd.DataFrame(rows, columns=["category", "lines", "hands"])

    # -- analysis (numpy, imported on first use) ----------------------------------
    def compiled(self, ruleset: "Ruleset | str | None" = None) -> "CompiledCard":
        """The card compiled into arrays for fast analysis (built once, rebuilt if the lines change).

        Under a ruleset with reverse runs (MAHJ-X) the runs also count downwards.
        """
        reverse = False
        if ruleset is not None:
            from .rules.ruleset import ruleset as as_ruleset

            reverse = as_ruleset(ruleset).reverse_runs
        cached = self._compiled.get(reverse)
        # each category's lines as they were (list == list compares Lines by identity: they have no __eq__),
        # else the line-by-line check
        if cached is None or ([category.lines for category in self.categories] != cached[2]
                              and not self._same_lines(cached[0])):
            from .engine.compiled import CompiledCard

            snapshot = [list(category.lines) for category in self.categories]
            compiled = CompiledCard(self, reverse_runs=reverse)
            cached = self._compiled[reverse] = (tuple(self.lines), compiled, snapshot)
        return cached[1]

    def _same_lines(self, lines: tuple[Line, ...]) -> bool:
        """Whether the card still holds exactly these line objects, in this order (a quick check on every call)."""
        current = chain.from_iterable([category.lines for category in self.categories])
        return sum(map(len, [category.lines for category in self.categories])) == len(lines) and all(
            map(is_, current, lines))

    def match(
        self, hand: "HandLike", exposures: "Iterable[ExposureLike]" = (), ruleset: "Ruleset | str | None" = None
    ) -> "list[Win]":
        """The lines the player wins with, highest value first (see :func:`mjlearn.analysis.match`).

        ``hand`` is the rack, ``exposures`` the exposed groups (``"FFF"``, ``"555C J"``); together 14 tiles.
        ``ruleset`` (default NMJL) decides rules that change which hands count, such as MAHJ-X's reverse runs.

        >>> card = parse_card('C\\n"2468"\\nFF 222 444 666 888\\n"369"\\nFF 333 666 999 DDD')
        >>> [(w.category, w.number, w.jokers_used) for w in card.match("FF 222B 444B 666B", ["88B J"])]
        [('2468', 1, 1)]
        """
        from .analysis.matching import match

        return match(self, hand, exposures, ruleset)

    def closest(
        self,
        hand: "HandLike",
        n: int | None = 10,
        exposures: "Iterable[ExposureLike]" = (),
        visible=None,
        dead: str = "mark",
        ruleset: "Ruleset | str | None" = None,
        partial: bool = False,
    ) -> "pandas.DataFrame":
        """The lines nearest to a rack of 13 or 14 tiles (any number up to 14 with ``partial=True``), as a DataFrame (see :func:`mjlearn.analysis.closest`).

        >>> card = parse_card('C\\n"2468"\\nFF 222 444 666 888\\n"369"\\nFF 333 666 999 DDD')
        >>> card.closest("FF 222B 444B 666B 88B")[["category", "line", "distance", "needs"]].values.tolist()
        [['2468', 1, 1, '8B'], ['369', 1, 9, '333B 999B GGG']]
        """
        from .analysis.closest import closest

        return closest(self, hand, n, exposures, visible, dead, ruleset, partial)

    def win_chances(
        self,
        hand: "HandLike",
        draws: int = 12,
        exposures: "Iterable[ExposureLike]" = (),
        visible=None,
        ruleset: "Ruleset | str | None" = None,
        samples: int = 2000,
        seed: int = 0,
    ) -> "pandas.DataFrame":
        """Each line's chance of being held within the next ``draws`` draws (see :func:`mjlearn.analysis.win_chances`).

        Assumes the tiles you have not seen (152 minus your rack, your
        exposures and ``visible``) come in random order, that you keep every
        useful tile and call nothing, and that nobody wins first. Exact where
        it can be; else bounded within 1e-4, or a seeded simulation, the error
        in ``p_win_se`` and how in ``method``.

        >>> card = parse_card('C\\n"2468"\\nFF 222 444 666 888')
        >>> [(r.line, r.outs, round(r.p_win, 6)) for r in card.win_chances("FF 222B 444B 666B 88B", draws=1).itertuples()]
        [(1, 10, 0.071942)]
        """
        from .analysis.coach_advice import win_chances

        return win_chances(self, hand, draws, exposures, visible, ruleset, samples, seed)

    def outs(
        self,
        hand: "HandLike",
        exposures: "Iterable[ExposureLike]" = (),
        visible=None,
        ruleset: "Ruleset | str | None" = None,
    ) -> "pandas.DataFrame":
        """Per line, the tiles still needed and the unseen copies of each (see :func:`mjlearn.analysis.outs`).

        >>> card = parse_card('C\\n"2468"\\nFF 222 444 666 888')
        >>> card.outs("FF 222B 444B 666B 88B", visible="8B")[["needs", "out_tiles", "outs"]].values.tolist()
        [['8B', '8B ×1, J ×8', 9]]
        """
        from .analysis.coach_advice import outs

        return outs(self, hand, exposures, visible, ruleset)

    def discard_advice(
        self,
        hand: "HandLike",
        draws: int = 12,
        exposures: "Iterable[ExposureLike]" = (),
        visible=None,
        ruleset: "Ruleset | str | None" = None,
        samples: int = 500,
        seed: int = 0,
        *,
        chances: bool = True,
    ) -> "pandas.DataFrame":
        """What to throw from a 14-tile rack, best first, with a reason (see :func:`mjlearn.analysis.discard_advice`;
        ``chances=False``: reasons without the chance figures).

        >>> card = parse_card('C\\n"2468"\\nFF 222 444 666 888')
        >>> card.discard_advice("FF 222B 444B 666B 88B N", draws=2)["tile"].tolist()[:2]
        ['N', 'F']
        """
        from .analysis.coach_advice import discard_advice

        return discard_advice(self, hand, draws, exposures, visible, ruleset, samples, seed, chances=chances)

    def to_mjcl(self) -> str:
        """The card in canonical MJCL; parsing it gives back an equal card (comments are not kept)."""
        head = f"{self.name} +{self.bonus}" if self.bonus else self.name
        return "\n\n".join([head, *(c.to_mjcl() for c in self.categories)]) + "\n"

    def __repr__(self) -> str:
        return (
            f"<Card {self.name!r}: {counted(len(self.categories), 'category')}, {counted(len(self.lines), 'line')},"
            f" {counted(self.count_hands(), 'hand')}>"
        )

    def _repr_html_(self) -> str:
        from .render.html import card_html

        return card_html(self)


@dataclass
class CardCheck:
    """What :func:`check_card` found: the card built from the lines that are right, every error, and
    every warning (lines that load without some of their hands, see :attr:`Line.dropped`).

    Warnings do not make a card wrong: ``ok`` looks at the errors only.
    """

    card: Card | None
    errors: list[MJCLError]
    warnings: list[MJCLWarning] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def check_card(text: str, cache: "LineCache | None" = None) -> CardCheck:
    """Read a card, collecting every error instead of stopping at the first.

    Lines with errors are left out of ``.card`` (which is ``None`` only when
    the text holds neither a card name nor a category), so an editor can
    still show the rest.

    ``cache`` (a :class:`~mjlearn.line_cache.LineCache`) remembers each hand
    line it reads and expands, by its text: a text read again after a small
    change reads and expands only the lines that changed. The result is the
    same as without it.

    >>> result = check_card('Demo\\n"Winds"\\nNNNN EEEE WWWW SS\\nFF NNN EEE WWW SS')
    >>> [e.line for e in result.errors], result.card.count_hands()
    ([4], 1)

    A line that loses some of its hands (more tiles than a set holds) is no
    error; ``.warnings`` says so, at its line:

    >>> result = check_card('Demo\\n"2026"\\n2026 r2026 b2026 gDD')
    >>> result.ok, result.card.count_hands(), [(w.line, w.column) for w in result.warnings]
    (True, 2, [(3, 1)])
    >>> print(result.warnings[0].message)
    1 of 3 hands needs more tiles than a set holds and is left out: '2D 0 26D 2B 0 26B 2C 0 26C 00' (needs 5 natural 0 in singles and pairs; a set holds 4)
    """
    if cache is None:
        source = parse_card_source(text)
    else:
        from .line_cache import LineCache  # it builds on this module

        if not isinstance(cache, LineCache):
            raise ArgumentError(f"cache must be a LineCache (mjlearn.line_cache) or None, not {type(cache).__name__}")
        source = parse_card_source(text, cache.read_line)
    errors = list(source.errors)
    found: list[MJCLWarning] = []
    if not source.name and not source.categories:
        return CardCheck(None, errors)
    card = Card(source.name, bonus=source.bonus)
    for category_source in source.categories:
        category = Category(category_source.name, page_break=category_source.page_break)
        for line_source in category_source.lines:
            number = len(category.lines) + 1
            try:
                if cache is None:
                    line = Line(line_source.spec, category.name, number, line_source.line_no, line_source.text)
                else:
                    line = cache.line(line_source, category.name, number)
            except MJCLError as error:
                errors.append(error)
                continue
            if line.dropped:
                found.append(_supply_warning(line, line_source.text))
            category.lines.append(line)
        card.categories.append(category)
    errors.sort(key=lambda e: (e.line, e.column))
    if cache is not None:
        cache.trim(text)
    return CardCheck(card, errors, found)


_LISTED = 3
"""How many left-out hands a warning names (it counts the rest)."""


def _supply_warning(line: Line, source: str) -> MJCLWarning:
    """The warning for a line that left out hands no set can build: how many, and the first few with why."""
    dropped = len(line.dropped)
    made = dropped + line.count_hands()
    verb = "needs more tiles than a set holds and is" if dropped == 1 else "need more tiles than a set holds and are"
    named = ", ".join(f"'{d.hand}' ({d.reason})" for d in line.dropped[:_LISTED])
    more = f", and {dropped - _LISTED:,} more" if dropped > _LISTED else ""
    return MJCLWarning(f"{dropped:,} of {made:,} hands {verb} left out: {named}{more}", line.line_no,
                       line.spec.patterns[0].column, source or line.mjcl)


_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _warn(found: MJCLWarning) -> None:
    """Issue ``found`` as from the first caller outside mjlearn: the notebook cell that called
    ``load_card`` or ``parse_card``, not a line of mjlearn."""
    level, frame = 1, sys._getframe(0)
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame, level = frame.f_back, level + 1
    warn(found, stacklevel=level)


def parse_card(text: str) -> Card:
    """Read a card written in MJCL; raise the first :class:`MJCLError` (``.errors`` has them all).

    A card that loads may still have lines that left out some hands (no set
    can build them): each such line is an :class:`~mjlearn.errors.MJCLWarning`,
    issued with :func:`warnings.warn`. A card that does not load raises its
    first error and issues no warnings (:func:`check_card` gives both).
    """
    result = check_card(text)
    if result.errors:
        first = result.errors[0]
        first.errors = list(result.errors)
        raise first
    assert result.card is not None
    for found in result.warnings:
        _warn(found)
    return result.card


def parse_line(text: str) -> Line:
    """Read and expand one MJCL hand line.

    >>> len(parse_line("FF 2222 4444 r6666 | FF 6666 8888 r2222").hands())
    12
    """
    spec = parse_line_spec(text)
    line = Line(spec, source=text)
    if line.dropped:
        _warn(_supply_warning(line, text))
    return line
