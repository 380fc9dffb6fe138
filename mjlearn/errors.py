"""Exception classes of mjlearn: every one of them, in this module.

Every error mjlearn raises is a subclass of :class:`MjlearnError` and so of
:class:`ValueError`: ``except mj.MjlearnError`` catches whatever mjlearn
refuses, and ``except ValueError`` keeps working for callers that do not care
which part of the input was wrong. Where callers expect another built-in
class, an error has it as a second base: :class:`ArgumentError` is a
:class:`TypeError`, :class:`UnknownNameError` a :class:`KeyError`,
:class:`CardNotFoundError` a :class:`LookupError`.

>>> import mjlearn as mj
>>> try:
...     mj.load_card("basic1").category("Winds")
... except KeyError as error:
...     print(type(error).__name__, "-", error)
UnknownNameError - no category 'Winds'; the card has 2468, Like Numbers, Consecutive Run, ..., Singles & Pairs

:class:`MJCLWarning` is not an error: it is the one warning class, for MJCL
text that loads but holds something its author should know about.
"""

from __future__ import annotations

__all__ = [
    "MjlearnError",
    "NotationError",
    "HandError",
    "MJCLError",
    "MJCLWarning",
    "ExpansionLimitError",
    "CardNotFoundError",
    "RuleError",
    "ArgumentError",
    "CardFileError",
    "MoveArgumentError",
    "PositionError",
    "SaveFileError",
    "AnswerError",
    "UnknownNameError",
    "RulesetError",
    "BundledDataError",
]


class MjlearnError(ValueError):
    """Base class of every error mjlearn raises."""


class NotationError(MjlearnError):
    """Text in the concrete tile notation could not be read.

    ``.text`` is the whole input and ``.position`` the 0-based index of the
    first character that could not be read.
    """

    def __init__(self, message: str, text: str = "", position: int | None = None):
        self.message = message
        self.text = text
        self.position = position
        if position is not None and text:
            message = f"{message}\n  {text}\n  {' ' * position}^"
        super().__init__(message)


class HandError(MjlearnError):
    """A collection of tiles that no Mah Jongg set can hold.

    For example a fifth natural 3 bam, a ninth joker or more than 14 tiles.
    """


class MJCLError(MjlearnError):
    """An error in Mah Jongg Card Language text.

    ``.line`` and ``.column`` are 1-based positions in the text that was parsed,
    ``.message`` says what is wrong and what was expected, and ``.source_line``
    is the offending line. ``str(error)`` shows all of it with a caret under the
    column::

        line 2, column 4: unknown code 'M'; expanders are T I A P K Q Z L U V * > Y H # ~ !
          FF M
             ^

    When a whole card holds several errors, the one raised is the first and
    ``.errors`` lists every one of them (itself included).
    """

    def __init__(self, message: str, line: int = 1, column: int = 1, source_line: str = ""):
        self.message = message
        self.line = line
        self.column = column
        self.source_line = source_line
        self.errors: list[MJCLError] = [self]
        super().__init__(self._render())

    def at_line(self, line: int) -> MJCLError:
        """The same error (same class, message, column and source line), at another line of a text.

        A line's errors do not depend on where the line stands, only their line
        number does: a card read again after lines moved reuses them this way.

        >>> error = MJCLError("unknown code 'M'", 2, 4, "FF M")
        >>> moved = error.at_line(7)
        >>> (moved.line, moved.column, type(moved).__name__), str(moved).splitlines()[0]
        ((7, 4, 'MJCLError'), "line 7, column 4: unknown code 'M'")
        """
        return _rebuild_mjcl_error(type(self), self.message, line, self.column, self.source_line)

    def _render(self) -> str:
        return _located(self.message, self.line, self.column, self.source_line)

    def __reduce__(self):  # keep errors picklable despite the custom __init__
        state = {"errors": self.errors}
        return (_rebuild_mjcl_error, (type(self), self.message, self.line, self.column, self.source_line), state)


def _located(message: str, line: int, column: int, source_line: str) -> str:
    """``line L, column C: message``, then the source line with a caret under the column."""
    head = f"line {line}, column {column}: {message}"
    if not source_line:
        return head
    # Keep tabs so the caret lines up under the same character.
    pad = "".join("\t" if ch == "\t" else " " for ch in source_line[: column - 1])
    return f"{head}\n  {source_line}\n  {pad}^"


def _rebuild_mjcl_error(cls, message, line, column, source_line):
    err = cls.__new__(cls)
    MJCLError.__init__(err, message, line, column, source_line)
    return err


class MJCLWarning(UserWarning):
    """MJCL text that loads, but with something its author should know about.

    A line some of whose hands need more tiles than a set holds loads without
    them (``docs/mjcl.md``, "Jokers and the 152-tile set"), and this warning
    says so. :func:`~mjlearn.card.parse_card` and :func:`~mjlearn.card.parse_line`
    issue it with :func:`warnings.warn`; :func:`~mjlearn.card.check_card` lists
    it in ``.warnings`` instead. Like :class:`MJCLError` it carries ``.line``,
    ``.column`` (1-based), ``.message`` and ``.source_line``, and ``str()``
    shows them with a caret. It is a :class:`UserWarning`, not an error: the
    text still loads.

    >>> print(MJCLWarning("1 of 3 hands needs more tiles than a set holds and is left out", 5, 1, "2026 r2026 b2026 gDD"))
    line 5, column 1: 1 of 3 hands needs more tiles than a set holds and is left out
      2026 r2026 b2026 gDD
      ^
    """

    def __init__(self, message: str, line: int = 1, column: int = 1, source_line: str = ""):
        self.message = message
        self.line = line
        self.column = column
        self.source_line = source_line
        super().__init__(_located(message, line, column, source_line))

    def __reduce__(self):
        return (type(self), (self.message, self.line, self.column, self.source_line))


class ExpansionLimitError(MJCLError):
    """A line would expand into more patterns or hands than mjlearn allows."""


class CardNotFoundError(MjlearnError, LookupError):
    """No bundled card has that name and no file has that path."""


class UnknownNameError(MjlearnError, KeyError):
    """A lookup by a name or number that finds nothing: a card's category or line, a scorecard's player.

    It is a :class:`KeyError` too, as a lookup in a dict would raise, but its
    message reads as written (a plain ``KeyError`` puts quotes round it).
    """

    def __str__(self) -> str:
        return Exception.__str__(self)


class BundledDataError(MjlearnError, FileNotFoundError):
    """mjlearn's own bundled files (the cards or the tile art) are missing: the installation is broken.

    It is a :class:`FileNotFoundError` too.
    """


class RulesetError(MjlearnError):
    """An unknown ruleset name, or a ruleset field with a value the engine does not know.

    (It is also importable from :mod:`mjlearn.rules`, where it was first defined.)
    """


class RuleError(MjlearnError):
    """A move the rules do not allow; the message names the rule. The game is left as it was."""


class CardFileError(MjlearnError):
    """A card file that cannot be read as MJCL text: not UTF-8 (the message names the file and the byte
    offset), or, when saving, a file that did not read back as a card."""


class ArgumentError(MjlearnError, TypeError):
    """A public call was given an argument of the wrong type or out of range; the message names the
    argument and what it accepts.

    It is a :class:`ValueError` like every mjlearn error, and a :class:`TypeError`
    too, so code that caught the raw ``TypeError`` keeps working.
    """


class MoveArgumentError(RuleError, ArgumentError):
    """An argument of a game move that is not one of the values it allows.

    ``.argument`` names the argument and ``.allowed`` says what it may be;
    the game is left as it was. It is both a :class:`RuleError` and an
    :class:`ArgumentError`.
    """

    def __init__(self, argument: str, value: object, allowed: str):
        self.argument = argument
        self.value = value
        self.allowed = allowed
        super().__init__(f"{argument} must be {allowed}, not {value!r}")

    def __reduce__(self):
        return (type(self), (self.argument, self.value, self.allowed))


class PositionError(RuleError):
    """A table position that cannot occur (too many of a tile, a rack of the wrong size, a bad exposure).

    The message names the argument of :meth:`~mjlearn.rules.Game.from_position` that is wrong.
    """


class SaveFileError(MjlearnError):
    """A saved game or position file that cannot be read: not JSON, not an mjlearn game, truncated, or
    from a newer version of mjlearn. The message names the file and what is wrong."""


class AnswerError(MjlearnError):
    """A student's answer to an exercise that cannot be read as what the question asks (tiles, a number,
    a card line). The message quotes the answer and says how to write it; the checkers of :mod:`mjlearn.lessons`
    show it as a friendly :class:`~mjlearn.lessons.Check`."""
