r"""Reading a card text again after a small change: only the lines that changed are read and expanded.

A card editor checks the whole text on every keystroke, but a keystroke
changes one line. A :class:`LineCache` remembers, by its text, what each hand
line read as (its syntax, or its error) and the line it made (its hands, or
the error expanding it); a line whose sets and codes are unchanged (its value
or note edited) keeps its hands too. ``check_card(text, cache)`` gives exactly
what ``check_card(text)`` gives: the same card, and the same errors at the
same lines and columns, wherever the lines have moved.

>>> from mjlearn.card import check_card
>>> cache = LineCache()
>>> text = 'Demo\n"Winds"\nNNNN EEEE WWWW SS X25\nFF NNN EEE WWW SSS X25\nFF NNN EEE WWQ SS'
>>> result = check_card(text, cache)
>>> result.card.count_hands(), [(e.line, e.column) for e in result.errors], cache.lines_read
(2, [(5, 14)], 3)
>>> result = check_card("// a comment on top\n" + text.replace("X25", "X30"), cache)
>>> [(line.line_no, line.value) for line in result.card.lines], [(e.line, e.column) for e in result.errors]
([(4, 30), (5, 30)], [(6, 14)])
>>> cache.lines_read, cache.hands_expanded
(5, 2)
"""

from __future__ import annotations

from .card import Line
from .errors import MJCLError
from .hands import ConcreteHand
from .mjcl import DroppedHand, LineSource, LineSpec, format_line, parse_line_spec

__all__ = ["LineCache"]


class LineCache:
    """What each hand line of a card text read and expanded as, kept by the line's text.

    ``max_lines`` and ``max_hands`` bound what is kept: past either, what the
    current text does not use is dropped (a text typed a character at a time
    leaves a line behind at every keystroke).
    """

    def __init__(self, max_lines: int = 2_000, max_hands: int = 400_000):
        self.max_lines = max_lines
        self.max_hands = max_hands
        self._specs: dict[str, LineSpec | MJCLError] = {}
        self._lines: dict[str, Line | MJCLError] = {}
        self._hands: dict[tuple, tuple[tuple[ConcreteHand, ...], tuple[DroppedHand, ...]]] = {}
        self._hands_kept = 0
        self.lines_read = 0
        """How many line texts were read (parsed): a measure of the work done, for tests."""
        self.hands_expanded = 0
        """How many lines were expanded into hands."""

    def read_line(self, text: str, line_no: int) -> LineSpec:
        """:func:`~mjlearn.mjcl.parse_line_spec`, remembered: a line read before is not read again."""
        found = self._specs.get(text)
        if found is None:
            self.lines_read += 1
            try:
                found = parse_line_spec(text, line_no)
            except MJCLError as error:
                found = error
            self._specs[text] = found
        if isinstance(found, MJCLError):
            raise found.at_line(line_no)
        return found

    def line(self, source: LineSource, category: str, number: int) -> Line:
        """The :class:`~mjlearn.card.Line` of a hand line read by :meth:`read_line`, at its place in the card.

        Raises the :class:`~mjlearn.errors.MJCLError` of expanding it, as ``Line(...)`` does.
        """
        made = self._lines.get(source.text)
        if made is None:
            made = self._lines[source.text] = self._make(source, category, number)
        if isinstance(made, MJCLError):
            raise made.at_line(source.line_no)
        return made._placed(category, number, source.line_no)

    def _make(self, source: LineSource, category: str, number: int) -> Line | MJCLError:
        spec = source.spec
        key = (spec.patterns, spec.expanders)  # the hands depend on nothing else (columns, value, notes: not compared)
        known = self._hands.get(key)
        if known is not None:
            return Line._from_hands(spec, known[0], format_line(spec), category, number, source.line_no, known[1])
        self.hands_expanded += 1
        try:
            line = Line(spec, category, number, source.line_no, source.text)
        except MJCLError as error:
            return error
        self._hands[key] = (line._hands, line._dropped)
        self._hands_kept += len(line._hands) + len(line._dropped)
        return line

    def trim(self, text: str) -> None:
        """Once more is kept than ``max_lines`` or ``max_hands`` allow, forget every line ``text`` does not hold.

        :func:`~mjlearn.card.check_card` calls it after reading each text.
        """
        if len(self._specs) <= self.max_lines and self._hands_kept <= self.max_hands:
            return
        current = set(text.removeprefix("\ufeff").splitlines())
        self._specs = {raw: found for raw, found in self._specs.items() if raw in current}
        self._lines = {raw: made for raw, made in self._lines.items() if raw in current}
        self._hands = {}
        for made in self._lines.values():
            if isinstance(made, Line):
                self._hands[(made.spec.patterns, made.spec.expanders)] = (made._hands, made._dropped)
        self._hands_kept = sum(len(hands) + len(dropped) for hands, dropped in self._hands.values())
