"""Reading a student's answer the way people write it: tiles, numbers and card lines.

Each reader returns the answer as mjlearn values, or raises
:class:`~mjlearn.errors.AnswerError` with a sentence a student can act on.
The checkers of :mod:`mjlearn.lessons.checks` and :mod:`mjlearn.lessons.graded`
turn that error into a friendly :class:`~mjlearn.lessons.Check`, never a
traceback.

Tiles may be written in the notation, in lower case, with commas, with words,
or as a list:

>>> [t.notation for t in read_tiles("3c, 7c w")]
['3C', '7C', 'W']
>>> [t.notation for t in read_tiles("3 crak 7 crak west")]
['3C', '7C', 'W']
>>> [t.notation for t in read_tiles(["5D", "red dragon", "joker"])]
['5D', 'R', 'J']
>>> read_tiles("3X")
Traceback (most recent call last):
...
mjlearn.errors.AnswerError: I could not read '3X' as tiles: the numbers '3' need a suit letter B, C or D after them, found 'X'. Write tiles like 3C 7C W...

Numbers as ints, quoted digits or words; lines by their section and number:

>>> read_number(" 12 "), read_number("twelve"), read_number(308)
(12, 12, 308)
>>> import mjlearn as mj
>>> read_line("2468 #1", mj.load_card("basic1"))
<Line 2468 #1: FF 222 444 666 888 X25 (3 hands)>
>>> read_line("like numbers line 2", mj.load_card("basic1")).number
2
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import islice
from typing import TYPE_CHECKING

from ..errors import AnswerError, MjlearnError
from ..tiles import Suit, Tile, parse_tiles

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Line
    from ..resources import CardLike

__all__ = ["read_tiles", "read_number", "read_line", "shown_answer", "TILE_EXAMPLE"]

TILE_EXAMPLE = "Write tiles like 3C 7C W (or 3 crak, 7 crak, west)."

_SUIT_WORDS = {
    "b": Suit.BAM, "bam": Suit.BAM, "bams": Suit.BAM, "bamboo": Suit.BAM, "bamboos": Suit.BAM,
    "c": Suit.CRAK, "crak": Suit.CRAK, "craks": Suit.CRAK, "crack": Suit.CRAK, "cracks": Suit.CRAK,
    "character": Suit.CRAK, "characters": Suit.CRAK,
    "d": Suit.DOT, "dot": Suit.DOT, "dots": Suit.DOT, "circle": Suit.DOT, "circles": Suit.DOT,
}
_TILE_WORDS = {
    "north": Tile.NORTH, "east": Tile.EAST, "west": Tile.WEST, "south": Tile.SOUTH,
    "green": Tile.GREEN, "red": Tile.RED, "white": Tile.WHITE, "soap": Tile.WHITE,
    "flower": Tile.FLOWER, "flowers": Tile.FLOWER, "joker": Tile.JOKER, "jokers": Tile.JOKER,
}
_FILLERS = {"and", "a", "the", "dragon", "dragons", "wind", "winds", "tile", "tiles", "of", "&"}
_NUMBERED_WORD = re.compile(r"^([1-9]+)([a-z]+)$")

_NUMBER_WORDS = {word: n for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
    " seventeen eighteen nineteen twenty".split())}
_NUMBER_WORDS.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
                      "ninety": 90, "hundred": 100, "none": 0, "no": 0})
_MAX_SHOWN = 40


def shown_answer(answer: object) -> str:
    """An answer as it is quoted back to the student: its text, cut to 40 characters."""
    text = answer if isinstance(answer, str) else repr(answer)
    text = " ".join(text.split())
    return text if len(text) <= _MAX_SHOWN else text[: _MAX_SHOWN - 3] + "..."


def _unreadable(answer: object, why: str, what: str = "tiles", example: str = TILE_EXAMPLE) -> AnswerError:
    why = why.splitlines()[0].rstrip(".") if why else ""
    because = f": {why}" if why else ""
    return AnswerError(f"I could not read {shown_answer(answer)!r} as {what}{because}. {example}")


def _words_to_tiles(text: str) -> list[Tile]:
    """Tiles from one string: words (``3 crak``, ``west``, ``red dragon``) or the notation in any case."""
    tokens = [t for t in re.split(r"[\s,;/+]+", text.strip().strip("'\"[]()").lower()) if t]
    tiles: list[Tile] = []
    i = 0
    while i < len(tokens):
        token = tokens[i].strip("'\".")
        following = tokens[i + 1].strip("'\".") if i + 1 < len(tokens) else ""
        joined = _NUMBERED_WORD.match(token)
        if token.isdigit() and "0" not in token and following in _SUIT_WORDS:
            tiles += [Tile.numbered(int(d), _SUIT_WORDS[following]) for d in token]
            i += 2
            continue
        if joined and joined.group(2) in _SUIT_WORDS:
            tiles += [Tile.numbered(int(d), _SUIT_WORDS[joined.group(2)]) for d in joined.group(1)]
        elif token in _TILE_WORDS:
            tiles.append(_TILE_WORDS[token])
        elif token in _FILLERS or not token:
            pass
        else:
            tiles += parse_tiles(token.upper())
        i += 1
    return tiles


def read_tiles(answer: object) -> list[Tile]:
    """The tiles of an answer: notation in any case, words, commas, a Hand, or a list of any of these.

    >>> [t.notation for t in read_tiles("ff 22b")]
    ['F', 'F', '2B', '2B']
    """
    from ..hands import Hand

    if isinstance(answer, Tile):
        return [answer]
    if isinstance(answer, Hand):
        return answer.tiles()
    if isinstance(answer, str):
        try:
            return _words_to_tiles(answer)
        except MjlearnError as error:
            raise _unreadable(answer, str(error)) from None
        except RecursionError:  # pragma: no cover - nothing here recurses; kept as a guard
            raise _unreadable(answer, "") from None
    if isinstance(answer, (list, tuple, set, frozenset)) or (
            isinstance(answer, Iterable) and not isinstance(answer, (bytes, bytearray, dict))):
        tiles: list[Tile] = []
        try:
            items = list(islice(answer, 200))
        except Exception as error:  # noqa: BLE001 - an answer that fails to iterate is unreadable, not a crash
            raise _unreadable(answer, f"its items could not be read ({type(error).__name__})") from None
        for item in items:
            if isinstance(item, (str, Tile, Hand)):
                tiles += read_tiles(item)
            else:
                raise _unreadable(answer, f"{shown_answer(item)} is not a tile")
        return tiles
    raise _unreadable(answer, f"it is not text ({type(answer).__name__})")


def read_number(answer: object) -> int:
    """A whole number from an int, a whole float, digits in a string (``" 12 "``, ``"1,000"``) or words.

    >>> read_number("twenty-five"), read_number(12.0), read_number("'7'")
    (25, 12, 7)
    """
    example = "Write a whole number, like 12."
    if isinstance(answer, bool):
        raise _unreadable(answer, "it is True or False", "a number", example)
    if isinstance(answer, int):
        return int(answer)
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    if hasattr(answer, "__index__") and not isinstance(answer, str):  # numpy integers
        try:
            return int(answer.__index__())
        except Exception:  # noqa: BLE001 - any failure is an unreadable answer
            raise _unreadable(answer, "", "a number", example) from None
    if isinstance(answer, str):
        text = answer.strip().strip("'\"").strip().replace(",", "").replace("_", "").lower()
        if re.fullmatch(r"[+-]?\d{1,12}", text):
            return int(text)
        words = [w for w in re.split(r"[\s-]+", text) if w and w != "and"]
        if words and len(words) <= 3 and all(w in _NUMBER_WORDS for w in words):
            total = 0
            for word in words:
                value = _NUMBER_WORDS[word]
                total = total * value if value == 100 and total else total + value
            return total
    raise _unreadable(answer, "", "a number", example)


def _normal(name: str) -> str:
    """A section name compared loosely: lower case, "&" as "and", no quotes, spaces or punctuation."""
    name = name.lower().replace("&", " and ")
    return re.sub(r"[^0-9a-z]+", "", name)


_LINE_NAME = re.compile(r"^(?P<category>.*?)[\s,:]*(?:#|line|no\.?|number)?\s*(?P<number>\d{1,3})\s*(?P<part>[ab])?$")


def read_line(answer: object, card: CardLike) -> Line:
    """The card line an answer names: a Line, ``(section, number)``, or text such as ``"2468 #1"``,
    ``"Like Numbers line 2"``, ``"13579 2"`` or ``"2468 Line 1A"`` (A and B name the line's halves).
    ``card`` is a Card, a bundled card's name or a ``.mjcl`` path."""
    from ..card import Line
    from ..resources import as_card

    card = as_card(card)

    example = "Name a line by its section and number, like '2468 #1'."
    if isinstance(answer, Line):
        found = [line for line in card.lines if line == answer or line.mjcl == answer.mjcl]
        if found:
            return found[0]
        raise _unreadable(answer, "that line is not on this card", "a line", example)
    if isinstance(answer, tuple) and len(answer) == 2:
        answer = f"{answer[0]} #{answer[1]}"
    if not isinstance(answer, str):
        raise _unreadable(answer, f"it is not text ({type(answer).__name__})", "a line", example)
    text = answer.strip().strip("'\"\u201c\u201d").strip()
    match = _LINE_NAME.match(text.lower()) if len(text) <= 200 else None
    if not match:
        raise _unreadable(answer, "it has no line number", "a line", example)
    wanted = _normal(match.group("category"))
    if not wanted:
        raise _unreadable(answer, "it names no section", "a line", example)
    categories = [c for c in card.categories if _normal(c.name) == wanted]
    if not categories:
        sections = ", ".join(c.name for c in card.categories)
        raise _unreadable(answer, f"this card has no section {match.group('category').strip()!r} (its sections:"
                          f" {sections})", "a line", example)
    lines = categories[0].lines
    number = int(match.group("number"))
    if not 1 <= number <= len(lines):
        raise _unreadable(answer, f"{categories[0].name} has lines 1 to {len(lines)}", "a line", example)
    line = lines[number - 1]
    part = match.group("part")
    if part and "ab".index(part) >= len(line.patterns):
        raise _unreadable(answer, f"{categories[0].name} #{number} has no part {part.upper()}", "a line", example)
    return line
