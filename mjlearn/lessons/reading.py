"""Reading a student's answer the way people write it: tiles, numbers, yes or no, seats, card lines, choices.

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
>>> [t.notation for t in read_tiles("I'd pass the two norths and a flower.")]
['N', 'N', 'F']
>>> read_tiles("3X")
Traceback (most recent call last):
...
mjlearn.errors.AnswerError: I could not read '3X' as tiles: the numbers '3' need a suit letter B, C or D after them, found 'X'. Write tiles like 3C 7C W...

Numbers as ints, digits or words, with their units and signs:

>>> read_number(" 12 "), read_number("twelve"), read_number(308), read_number("2 tiles"), read_number("$50")
(12, 12, 308, 2, 50)
>>> read_number("-50"), read_number("minus fifty"), read_number("they lose 50 points"), read_number("fifty cents")
(-50, -50, -50, 50)

Yes or no, in a word or a sentence:

>>> [read_yes_no(a) for a in ("No.", "yes, it may", "nope", "of course", "not at all", "it can't", True)]
[False, True, False, True, False, False, True]

Seats, alone or in a sentence (a seat after "not" does not count):

>>> read_seat("North, draw"), read_seat("s"), read_seat("not East: West"), read_seat("the player on my left", me=0)
(3, 1, 2, 3)

Lines by their section and number, in every usual form, or by their MJCL:

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> read_line("2468 #1", card)
<Line 2468 #1: FF 222 444 666 888 X25 (3 hands)>
>>> [read_line(a, card).number for a in ("Like Numbers #2", "LN2", "the second like numbers line",
...                                      "#2 of like numbers", "FF 1111 NEWS r1111 L")]
[2, 2, 2, 2, 2]

And one of a teacher's options:

>>> read_choice("a dispute: the game goes on", ["dispute", "caller dead"])
0
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from itertools import islice
from typing import TYPE_CHECKING

from ..errors import AnswerError, MjlearnError
from ..tiles import Suit, Tile, parse_tiles

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Line
    from ..resources import CardLike

__all__ = ["read_tiles", "read_number", "read_line", "read_line_name", "read_yes_no", "read_seat", "read_choice",
           "read_call", "phrase", "shown_answer", "TILE_EXAMPLE", "SEAT_NAMES", "CALL_SIZES"]

TILE_EXAMPLE = "Write tiles like 3C 7C W (or 3 crak, 7 crak, west)."
SEAT_NAMES = ("East", "South", "West", "North")
"""The seats in the order of play: seat 0 is East."""
CALL_SIZES = {3: "pung", 4: "kong", 5: "quint", 6: "sextet"}
"""What a called group of 3 to 6 tiles is called."""

_MAX_SHOWN = 40
_MAX_TEXT = 300  # longer answers are not sentences a student types: read no further than this


def shown_answer(answer: object) -> str:
    """An answer as it is quoted back to the student: its text, cut to 40 characters."""
    text = answer if isinstance(answer, str) else repr(answer)
    text = " ".join(text.split())
    return text if len(text) <= _MAX_SHOWN else text[: _MAX_SHOWN - 3] + "..."


def _too_long(answer: object, what: str, example: str) -> None:
    """Refuse a text answer longer than any a student types (it is not read in part: a "not" may be at its end)."""
    if isinstance(answer, str) and len(answer) > _MAX_TEXT:
        raise _unreadable(answer, f"it is {len(answer)} characters long; write a short answer", what, example)


def _unreadable(answer: object, why: str, what: str = "tiles", example: str = TILE_EXAMPLE) -> AnswerError:
    why = why.splitlines()[0].rstrip(".") if why else ""
    because = f": {why}" if why else ""
    return AnswerError(f"I could not read {shown_answer(answer)!r} as {what}{because}. {example}")


# -- words -------------------------------------------------------------------------------------------------

_PLAIN = str.maketrans({"\u2018": "'", "\u2019": "'", "\u02bc": "'", "\u201c": '"', "\u201d": '"', "\u2212": "-",
                        "\u2013": "-", "\u2014": " - ", "\u00a0": " ", "\u00d7": " x ", "\uff03": "#"})
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def _clean(text: str) -> str:
    """Lower case, typographic quotes and dashes made plain, spaces collapsed, the quotes, brackets and
    punctuation around the whole answer taken away."""
    text = " ".join(unicodedata.normalize("NFKC", text.translate(_PLAIN)).casefold().split())
    while True:
        text = text.strip(" '\"`.,;:!?")
        if len(text) >= 2 and (text[0], text[-1]) in (("(", ")"), ("[", "]"), ("{", "}")) and (
                text.count(text[0]) == 1 and text.count(text[-1]) == 1):
            text = text[1:-1]  # one bracket around the whole answer
            continue
        return text


def _words(text: str) -> list[str]:
    """The words of a cleaned text, a possessive ``'s`` taken off (``north's`` is ``north``)."""
    return [w[:-2] if w.endswith("'s") else w for w in _WORD.findall(text)]


_NEGATIONS = {"not", "no", "never", "nope", "nah", "nay", "neither", "nor", "except", "without", "cannot", "cant",
              "dont", "doesnt", "isnt", "wont", "shouldnt", "wouldnt", "couldnt", "mustnt", "didnt", "arent",
              "wasnt", "hasnt", "havent", "none", "nothing", "nobody"}


def _negation(word: str) -> bool:
    """Whether a word denies: ``not``, ``never``, ``can't``, ``doesn't``..."""
    return word in _NEGATIONS or word.endswith("n't")


_UNSURE = {"or", "either", "maybe", "perhaps", "unsure", "idk", "dunno", "depends", "sometimes", "both"}


def _unsure(words: Sequence[str]) -> bool:
    """Whether the words hedge between answers ("North or West", "maybe", "don't know", "not sure")."""
    text = " ".join(words)
    return bool(_UNSURE.intersection(words)) or any(
        p in text for p in ("not sure", "don't know", "do not know", "dont know", "no idea", "no clue"))


_FILLERS = {"a", "an", "the", "to", "i", "think", "believe", "guess", "say", "it", "its", "is", "are", "was", "that",
            "thats", "answer", "my", "would", "be", "please", "just", "well", "ok", "okay", "so", "um", "uh", "again",
            "now", "next"}
"""Words that change nothing in a short answer: articles, "I think", "it is", "the answer is"."""


def _stem(word: str) -> str:
    """A word with a plural or verb ``s`` taken off (``draws`` is ``draw``; ``pass`` stays)."""
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def phrase(text: str) -> tuple[str, ...]:
    """The words of a short text answer that carry its meaning, for comparing two answers: lower case, no
    punctuation, no articles or "I think", plurals and verb endings taken off.

    >>> phrase("A dispute."), phrase("It's a dispute!"), phrase("to the right"), phrase("The caller is dead")
    (('dispute',), ('dispute',), ('right',), ('caller', 'dead'))
    """
    if not isinstance(text, str):
        from ..analysis.arguments import text_argument

        text_argument("text", text)
    words = _words(_clean(text).replace("&", " and "))
    return tuple(_stem(w) for w in words if w not in _FILLERS)


# -- tiles -------------------------------------------------------------------------------------------------

_SUIT_WORDS = {
    "b": Suit.BAM, "bam": Suit.BAM, "bams": Suit.BAM, "bamboo": Suit.BAM, "bamboos": Suit.BAM, "stick": Suit.BAM,
    "sticks": Suit.BAM,
    "c": Suit.CRAK, "crak": Suit.CRAK, "craks": Suit.CRAK, "crack": Suit.CRAK, "cracks": Suit.CRAK,
    "character": Suit.CRAK, "characters": Suit.CRAK, "char": Suit.CRAK, "chars": Suit.CRAK,
    "d": Suit.DOT, "dot": Suit.DOT, "dots": Suit.DOT, "circle": Suit.DOT, "circles": Suit.DOT, "ball": Suit.DOT,
    "balls": Suit.DOT,
}
_TILE_WORDS = {
    "north": Tile.NORTH, "east": Tile.EAST, "west": Tile.WEST, "south": Tile.SOUTH,
    "norths": Tile.NORTH, "easts": Tile.EAST, "wests": Tile.WEST, "souths": Tile.SOUTH,
    "green": Tile.GREEN, "red": Tile.RED, "white": Tile.WHITE, "soap": Tile.WHITE,
    "greens": Tile.GREEN, "reds": Tile.RED, "whites": Tile.WHITE, "soaps": Tile.WHITE,
    "flower": Tile.FLOWER, "flowers": Tile.FLOWER, "joker": Tile.JOKER, "jokers": Tile.JOKER,
}
_TILE_FILLERS = {"and", "a", "an", "the", "dragon", "dragons", "wind", "winds", "tile", "tiles", "of", "&", "i", "i'd",
                 "id", "i'll", "ill", "would", "will", "pass", "passing", "throw", "throwing", "discard", "discarding",
                 "give", "giving", "away", "them", "my", "then", "also", "plus", "with", "too", "please", "it", "is",
                 "it's", "its", "are", "they", "answer", "think", "say", "need", "needs", "more", "one's", "ones"}
_TILE_REFUSALS = {"keep", "keeping", "but", "except", "without", "not", "no", "don't", "dont", "never"}
_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "pair": 2, "pung": 3, "kong": 4, "quint": 5}
_NUMBERED_WORD = re.compile(r"^([1-9]+)([a-z]+)$")


def _words_to_tiles(text: str) -> list[Tile]:
    """Tiles from one string: words (``3 crak``, ``west``, ``two norths``, ``red dragon``) or the notation in
    any case."""
    text = unicodedata.normalize("NFKC", text.translate(_PLAIN)).lower()
    tokens = [t.strip("'\".!?:()[]") for t in re.split(r"[\s,;/+]+", text)]
    tokens = [t for t in tokens if t]
    tiles: list[Tile] = []
    times = 1  # "two norths": the count said before the next tile
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token in ("or", "either", "maybe"):
            raise AnswerError(f"{token!r} leaves a choice; name only the tiles you mean")
        if token in _TILE_REFUSALS:
            raise AnswerError(f"{token!r} says which tiles are not meant; name only the tiles you mean")
        if (i + 2 < len(tokens) and tokens[i + 1] == "of" and tokens[i + 2] in _SUIT_WORDS
                and (token.isdecimal() or token in _COUNT_WORDS)):
            del tokens[i + 1]  # "5 of dots"
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        joined = _NUMBERED_WORD.match(token)
        number_word = _COUNT_WORDS.get(token) if token not in ("pair", "pung", "kong", "quint") else None
        if token.isdecimal() and "0" not in token and following in _SUIT_WORDS:
            tiles += [Tile.numbered(int(d), _SUIT_WORDS[following]) for d in token] * times
            times, i = 1, i + 2
            continue
        if number_word is not None and following in _SUIT_WORDS and following not in ("b", "c", "d"):
            tiles += [Tile.numbered(number_word, _SUIT_WORDS[following])] * times
            times, i = 1, i + 2
            continue
        if token in _COUNT_WORDS or (token.isdecimal() and len(token) == 1 and token != "0"):
            times = _COUNT_WORDS.get(token) or int(token)
            i += 1
            continue
        if joined and joined.group(2) in _SUIT_WORDS:
            tiles += [Tile.numbered(int(d), _SUIT_WORDS[joined.group(2)]) for d in joined.group(1)] * times
        elif token in _TILE_WORDS:
            tiles += [_TILE_WORDS[token]] * times
        elif token in _TILE_FILLERS:
            i += 1
            continue
        else:
            tiles += parse_tiles(token.upper()) * times
        times = 1
        i += 1
    if times != 1:
        raise AnswerError(f"a count ({times}) has no tile after it")
    return tiles


def _glossed_tiles(text: str) -> list[Tile]:
    """:func:`_words_to_tiles`, a bracket that names again the tiles just before it read as a gloss, not as
    more tiles (``"white dragon (soap)"`` is one tile)."""
    tiles: list[Tile] = []
    for outside, inside in re.findall(r"([^()]*)(?:\(([^()]*)\))?", text):
        tiles += _words_to_tiles(outside)
        if inside.strip():
            glossed = _words_to_tiles(inside)
            if not (glossed and sorted(tiles[-len(glossed):]) == sorted(glossed)):
                tiles += glossed
    return tiles


def read_tiles(answer: object) -> list[Tile]:
    """The tiles of an answer: notation in any case, words, commas, a Hand, or a list of any of these.
    A count before a tile repeats it (``"two norths"``, ``"a pair of 8 bams"``); a sentence around the tiles
    is read (``"I'd pass N, S and F"``), but not one that says which tiles are not meant (``"keep N"``).

    >>> [t.notation for t in read_tiles("ff 22b")]
    ['F', 'F', '2B', '2B']
    >>> [t.notation for t in read_tiles("a pair of 8 bams")]
    ['8B', '8B']
    """
    from ..hands import Hand

    if isinstance(answer, Tile):
        return [answer]
    if isinstance(answer, Hand):
        return answer.tiles()
    if isinstance(answer, str):
        _too_long(answer, "tiles", TILE_EXAMPLE)
        try:
            return _glossed_tiles(answer)
        except MjlearnError as error:
            raise _unreadable(answer, str(error)) from None
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


# -- numbers -----------------------------------------------------------------------------------------------

_ONES = {word: n for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
    " seventeen eighteen nineteen".split())}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_ZERO = {"none", "nothing", "nil", "nought", "naught", "no"}
_MINUS = {"-", "minus", "negative", "lose", "loses", "lost", "losing", "down"}
_PLUS = {"+", "plus", "positive", "up"}
_TIMES = {"x", "*", "times"}
_NUMBER_FILLERS = _FILLERS | {
    "tile", "tiles", "point", "points", "pts", "pt", "cent", "cents", "c", "dollar", "dollars", "buck", "bucks",
    "hand", "hands", "stack", "stacks", "game", "games", "out", "outs", "joker", "jokers", "copy", "copies",
    "each", "apiece", "total", "altogether", "exactly", "only", "in", "all", "pay", "pays", "paid", "paying",
    "get", "gets", "got", "receive", "receives", "received", "score", "scores", "scored", "win", "wins", "won",
    "collect", "collects", "owe", "owes", "left", "remain", "remaining", "remains", "more", "of", "them",
    "they", "he", "she", "you", "we", "there", "will", "for", "their", "her", "his", "number", "count", "value",
    "worth", "makes", "make", "equals", "is", "are", "and", "player", "players", "other", "others", "every",
    "discarder", "thrower", "winner", "everyone", "everybody", "person", "seat", "wall", "on", "rack", "away",
    "way", "ways", "direction", "swapped", "passed", "received",
}
_NUMBER_EXAMPLE = "Write a whole number, like 12."
_MONEY = re.compile(r"\$\s*(\d+)(?:\.(\d\d))?(?!\d)")
_DECIMAL = re.compile(r"(?<![\d.])(\d+)\.(\d+)(?![\d.])")


def _number_words(words: list[str], start: int) -> tuple[int, int] | None:
    """The number spelt by the words from ``start`` (``twenty five``, ``a hundred and eight``, ``a dozen``) and
    the index after them, or ``None``."""
    total = current = 0
    last = "start"
    i = start
    while i < len(words):
        word = words[i]
        after = words[i + 1] if i + 1 < len(words) else ""
        if word in _ONES and last in ("start", "tens", "hundred", "and", "thousand") and not (
                last == "tens" and _ONES[word] >= 10) and not (last == "tens" and _ONES[word] == 0):
            current, last = current + _ONES[word], "ones"
        elif word in _TENS and last in ("start", "hundred", "and", "thousand"):
            current, last = current + _TENS[word], "tens"
        elif word in ("a", "an") and last == "start" and after in ("hundred", "thousand", "dozen"):
            current, last = 1, "a"
        elif word == "hundred" and last in ("ones", "a") and current < 100:
            current, last = current * 100, "hundred"
        elif word == "thousand" and last in ("ones", "tens", "hundred", "a"):
            total, current, last = total + current * 1000, 0, "thousand"
        elif word == "dozen" and last in ("ones", "a"):
            current, last = current * 12, "dozen"
        elif word == "and" and last in ("hundred", "thousand") and (after in _ONES or after in _TENS):
            last = "and"
        else:
            break
        i += 1
    if last in ("start", "a", "and"):
        return None
    return total + current, i


_WORKING = {"minus", "plus", "times", "x", "*", "+", "-", "double", "doubled", "twice", "triple", "half", "less",
            "take", "away", "from", "by"}


def _working(text: str) -> bool:
    """Whether a bracket after a number holds only the working that gave it (``"(152 minus 53)"``,
    ``"(double)"``): numbers, signs and units, nothing that denies or hedges."""
    words = re.findall(r"[a-z]+|\d+|[-+*]", text.replace("-", " - "))
    return bool(words) and all(w.isdecimal() or w in _WORKING or w in _NUMBER_FILLERS or w in _ONES or w in _TENS
                               or w in ("hundred", "thousand") for w in words)


def read_number(answer: object) -> int:
    """A whole number from an int, a whole float, or text as people write it: digits (``" 12 "``,
    ``"1,000"``), words (``"twenty-five"``, ``"a hundred and eight"``), units around it (``"2 tiles"``, ``"50
    points"``, ``"$50"``, ``"fifty cents"``), signs (``"-50"``, ``"minus 50"``, ``"lose 50"``), working
    (``"2 x 25 = 50"``: the number after ``=``; ``"2 x 25"``: the product). Money with its cents reads as
    cents, one point being one cent as at most tables (``"$0.50"`` is 50, ``"$1.50"`` 150). Two numbers
    without a sign between them, a range or a hedge (``"about 12"``, ``"12 or 13"``) are not read.

    >>> read_number("twenty-five"), read_number(12.0), read_number("'7'"), read_number("2 x 25 = 50")
    (25, 12, 7, 50)
    >>> read_number("about 12")
    Traceback (most recent call last):
    ...
    mjlearn.errors.AnswerError: I could not read 'about 12' as a number: 'about' is not part of a number. Write a whole number, like 12.
    """
    if isinstance(answer, bool):
        raise _unreadable(answer, "it is True or False", "a number", _NUMBER_EXAMPLE)
    if isinstance(answer, int):
        return int(answer)
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    if hasattr(answer, "__index__") and not isinstance(answer, str):  # numpy integers
        try:
            return int(answer.__index__())
        except Exception:  # noqa: BLE001 - any failure is an unreadable answer
            raise _unreadable(answer, "", "a number", _NUMBER_EXAMPLE) from None
    if not isinstance(answer, str):
        raise _unreadable(answer, "", "a number", _NUMBER_EXAMPLE)
    _too_long(answer, "a number", _NUMBER_EXAMPLE)
    odd = next((c for c in answer if unicodedata.category(c) == "No"), None)
    if odd is not None:  # a superscript, a fraction: "3²" is not 32
        raise _unreadable(answer, f"I cannot read the sign {odd!r}", "a number", _NUMBER_EXAMPLE)
    try:
        return _text_number(answer)
    except AnswerError as error:
        raise _unreadable(answer, str(error), "a number", _NUMBER_EXAMPLE) from None


def _text_number(answer: str) -> int:
    text = _clean(answer)
    while re.search(r"\d,\d{3}", text):
        text = re.sub(r"(\d),(\d{3})(?!\d)", r"\1\2", text)
    if "=" in text:
        text = text.rsplit("=", 1)[1].strip() or text
    text = re.sub(r"\(([^()]*)\)", lambda m: " " if _working(m.group(1)) else m.group(0), text)
    text = _MONEY.sub(lambda m: str(int(m.group(1)) * 100 + int(m.group(2))) if m.group(2) else m.group(1), text)
    text = re.sub(r"(\d)\s*\u00a2", r"\1 cents", text)
    decimal = _DECIMAL.search(text)
    if decimal:
        if set(decimal.group(2)) != {"0"}:
            raise AnswerError(f"{decimal.group(0)} is not a whole number")
        text = text.replace(decimal.group(0), decimal.group(1))
    text = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", text)  # twenty-five
    text = re.sub(r"(\d)([a-z]+)", r"\1 \2", text)  # 50pts, 2x
    tokens = re.findall(r"\d+|[a-z]+(?:'[a-z]+)?|[-+*]", text)
    words = [t[:-2] if t.endswith("'s") else t for t in tokens]
    if not words:
        raise AnswerError("it has no number")
    sign = 1
    numbers: list[int] = []
    operators: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word.isdecimal():
            if len(word) > 12:
                raise AnswerError("it is too long a number")
            numbers.append(int(word))
            i += 1
            continue
        spelt = _number_words(words, i)
        if spelt is not None:
            numbers.append(spelt[0])
            i = spelt[1]
            continue
        if word in _MINUS and not numbers:
            sign = -1
        elif word in _PLUS and not numbers:
            pass
        elif word in _TIMES and numbers and len(operators) < len(numbers):
            operators.append("x")
        elif word == "+" and numbers and len(operators) < len(numbers):
            operators.append("+")
        elif word in _ZERO and not numbers and all(w in _NUMBER_FILLERS or w in _ZERO for w in words):
            numbers.append(0)
        elif _negation(word):
            raise AnswerError(f"it says {word!r}")
        elif word not in _NUMBER_FILLERS:
            raise AnswerError(f"{word!r} is not part of a number")
        i += 1
    if not numbers:
        raise AnswerError("it has no number")
    if not operators and len(set(numbers)) == 1:
        numbers = numbers[:1]  # "12 (twelve)"
    if len(operators) != len(numbers) - 1:
        listed = ", ".join(str(n) for n in numbers)
        raise AnswerError(f"it has {len(numbers)} numbers ({listed}): write one")
    value = numbers[0]
    for operator, number in zip(operators, numbers[1:]):
        value = value * number if operator == "x" else value + number
    return sign * value


# -- yes or no ---------------------------------------------------------------------------------------------

_YES = {"yes", "y", "yeah", "yea", "yep", "yup", "ya", "yah", "aye", "sure", "certainly", "definitely", "absolutely",
        "indeed", "correct", "right", "true", "t", "affirmative", "ok", "okay", "yes!", "always", "course"}
_NO = {"no", "n", "nope", "nah", "nay", "never", "false", "f", "wrong", "incorrect", "negative", "not"}
_CERTAIN = {"sure", "certainly", "definitely", "absolutely", "course", "always", "indeed", "correct", "right"}
_AUXILIARIES = {"can", "may", "does", "do", "is", "are", "will", "would", "could", "should", "must", "might", "has",
                "have", "did", "was", "were", "wins", "counts", "works", "fits", "allowed"}
_STATEMENT_WORDS = {"it", "they", "you", "he", "she", "that", "this", "a", "the", "joker", "jokers", "hand", "rack",
                    "one", "we", "i", "so", "be", "indeed", "really", "still", "too", "also", "yes"}
_YES_NO_EXAMPLE = "Write yes or no."


def read_yes_no(answer: object) -> bool:
    """``True`` for yes and ``False`` for no: a bool, or a word or sentence as people write it (``"No."``,
    ``"yes, it may"``, ``"nope"``, ``"yep"``, ``"of course"``, ``"not at all"``, ``"it can't"``, ``"True"``).
    The first word decides (``"No, it can only be called until..."`` is no); an answer that says both, or
    neither (``"maybe"``, ``"yes and no"``, ``"I don't know"``, ``"yes, it cannot"``), is not read.

    >>> read_yes_no("Yes, but not in a pair"), read_yes_no("absolutely not"), read_yes_no("It may")
    (True, False, True)
    """
    if isinstance(answer, bool) or type(answer).__name__ == "bool_":
        return bool(answer)
    if not isinstance(answer, str):
        raise _unreadable(answer, f"it is not text ({type(answer).__name__})", "yes or no", _YES_NO_EXAMPLE)
    _too_long(answer, "yes or no", _YES_NO_EXAMPLE)
    text = _clean(answer)
    text = re.sub(r"^(?:(?:well|um+|uh+|oh|hmm+|i think|i'd say|i say|i guess|my answer is|answer)[\s,:]+)+", "",
                  text)
    words = [w.replace("'", "") if w.endswith("n't") else w for w in _words(text)]
    if not words:
        raise _unreadable(answer, "it says neither", "yes or no", _YES_NO_EXAMPLE)
    if _unsure(words):
        raise _unreadable(answer, "it says neither for sure", "yes or no", _YES_NO_EXAMPLE)
    if words[:2] == ["of", "course"]:
        words = words[1:]
    if words[:2] in (["no", "doubt"], ["no", "question"], ["no", "problem"], ["without", "doubt"]):
        words = ["sure", *words[2:]]  # "no doubt": a yes
    if words[0] in ("that", "thats", "it", "its", "this") and len(words) > 1 and (
            words[1] in _YES | _NO or (words[1] == "is" and len(words) > 2 and words[2] in _YES | _NO)):
        words = words[2:] if words[1] == "is" else words[1:]  # "that's right", "it is true", "it's not"
    if words == ["so"]:
        return True  # "I think so"
    first, second = words[0], (words[1] if len(words) > 1 else "")
    if first in _YES and not (first in ("t", "y") and len(words) > 1):
        if first in _CERTAIN and _negation(second):
            return False  # "certainly not", "of course not"
        rest = text.split(None, 1)[1] if " " in text else ""
        sentence = re.split(r"[.;!?]", rest)[0]
        clause = re.split(r"\b(?:but|except|unless|if|only|as long as|provided|when|because|since|though|"
                          r"although|so long as)\b", sentence)[0]
        if any(_negation(w.replace("'", "") if w.endswith("n't") else w) for w in _words(clause)):
            raise _unreadable(answer, "it says yes and then no", "yes or no", _YES_NO_EXAMPLE)
        return True
    if first in _NO and not (first in ("n", "f") and len(words) > 1):
        return False
    last = [w for w in _words(re.split(r"[,.;:!?]| - ", text)[-1]) if w not in ("so", "then", "thus", "hence")]
    if len(last) == 1 and last[0] in _YES | _NO and last[0] not in ("t", "f", "y", "n", "right", "not", "course") and (
            not any(w in _YES | _NO for w in words[:-1])):
        return last[0] in _YES  # "The joker would be in a pair, so no"
    if len(words) <= 8 and any(_negation(w) for w in words):
        return False  # "it can't", "jokers never go in a pair"
    if len(words) <= 6 and any(w in _AUXILIARIES for w in words) and all(
            w in _AUXILIARIES or w in _STATEMENT_WORDS for w in words):
        return True  # "it may", "a joker can"
    raise _unreadable(answer, "", "yes or no", _YES_NO_EXAMPLE)


# -- seats -------------------------------------------------------------------------------------------------

_SEAT_WORDS = {"east": 0, "south": 1, "west": 2, "north": 3, "dealer": 0}
_SEAT_LETTERS = {"e": 0, "s": 1, "w": 2, "n": 3}
_SEAT_EXAMPLE = "Write East, South, West or North."
_RELATIVE = [
    (re.compile(r"\b(?:my|on my|to my) right\b|\bright of me\b|\bafter me\b|\bnext player\b"), 1),
    (re.compile(r"\bacross\b|\bopposite\b"), 2),
    (re.compile(r"\b(?:my|on my|to my) left\b|\bleft of me\b|\bbefore me\b"), 3),
]
_MYSELF = re.compile(r"\b(?:me|myself)\b|^(?:i|i do|i will|i would|i take it|i get it|mine)$")


def read_seat(answer: object, me: int | None = None) -> int:
    """The seat (0 East, 1 South, 2 West, 3 North) an answer names: its number, its name in any case, its
    letter alone (``"s"``), or a sentence that names one seat (``"North, draw"``, ``"North's turn"``, ``"the
    dealer"``). A seat after ``not`` or ``except`` does not count (``"not East: West"`` is West); a sentence
    that still denies (``"North cannot"``), hedges or names two seats is not read. With ``me`` (the seat the
    student plays) ``"me"``, ``"my right"`` (the next in turn), ``"across"`` and ``"my left"`` are read too.

    >>> read_seat(" SOUTH "), read_seat(2), read_seat("It's North's turn to draw")
    (1, 2, 3)
    """
    if me is not None and not (type(me) is int and 0 <= me <= 3):  # (the check is loaded only for another value)
        from ..analysis.arguments import count_argument

        me = count_argument("me", me, 0, 3, allow_none=True)
    if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer <= 3:
        return int(answer)
    if hasattr(answer, "__index__") and not isinstance(answer, (bool, str)):
        try:
            number = int(answer.__index__())  # numpy integers
        except Exception:  # noqa: BLE001 - not a number after all
            number = -1
        if 0 <= number <= 3:
            return number
    if not isinstance(answer, str):
        raise _unreadable(answer, f"it is not a seat ({type(answer).__name__})", "a seat", _SEAT_EXAMPLE)
    _too_long(answer, "a seat", _SEAT_EXAMPLE)
    text = _clean(answer)
    if text in _SEAT_LETTERS:
        return _SEAT_LETTERS[text]
    seats = r"(?:east|south|west|north|dealer)(?:'s)?"
    sides = r"(?:left|right|across|opposite)"
    referred = bool(re.search(rf"\b{seats}\s+{sides}\b|\b{sides}\s+(?:of|from)\s+(?:the\s+)?{seats}\b", text))
    text = re.sub(rf"\b{seats}(\s+{sides})\b", r"\1", text)  # "East's left": where a seat sits, not the seat
    text = re.sub(rf"\b({sides})\s+(?:of|from)\s+(?:the\s+)?{seats}\b", r"\1", text)  # "left of East"
    words = _words(text)
    if _unsure(words):
        raise _unreadable(answer, "it names no one seat for sure", "a seat", _SEAT_EXAMPLE)
    found: list[int] = []
    denied = negated = False
    for i, word in enumerate(words):
        seat = _SEAT_WORDS.get(word, _SEAT_WORDS.get(word.removesuffix("ern")))
        before, after = words[max(0, i - 2):i], words[i + 1:i + 3]
        while any(w in _SEAT_WORDS for w in before):  # only the words since the last seat named
            before = before[1:]
        if seat is not None:
            if any(_negation(w) or w in ("but", "than", "instead") for w in before):
                negated = True
                continue  # "not North", "anyone but North"
            found.append(seat)
        elif _negation(word) and not any(w in _SEAT_WORDS for w in after):
            denied = True
    if me is not None and not found and not referred:
        relative = {(me + ahead) % 4 for pattern, ahead in _RELATIVE if pattern.search(text)}
        if not relative and _MYSELF.search(text):
            relative = {me}
        if len(relative) == 1:
            found = list(relative)
    if denied:
        raise _unreadable(answer, "it says who does not", "a seat", _SEAT_EXAMPLE)
    if len(set(found)) > 1:
        names = " and ".join(SEAT_NAMES[s] for s in sorted(set(found)))
        raise _unreadable(answer, f"it names {names}: name one", "a seat", _SEAT_EXAMPLE)
    if not found:
        relative_words = referred or _MYSELF.search(text) or any(p.search(text) for p, _ in _RELATIVE)
        why = ("name the seat itself, not where it sits" if relative_words else
               "it says only which seat is not meant" if negated else "it names no seat")
        raise _unreadable(answer, why, "a seat", _SEAT_EXAMPLE)
    return found[0]


# -- card lines --------------------------------------------------------------------------------------------

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7,
             "8th": 8, "9th": 9, "10th": 10}
_SMALL_NUMBERS = {w: n for w, n in _ONES.items() if 1 <= n <= 12}
_LINE_WORDS = {"the", "of", "in", "from", "on", "line", "lines", "section", "category", "row", "card", "hand",
               "hands", "a", "an", "my", "is", "it", "its", "it's", "answer", "i", "think", "that", "this", "top",
               "group", "no", "number", "num", "nr", "and"}
_LINE_EXAMPLE = "Name a line by its section and number, like '2468 #1'."
_NUMBER_MARK = re.compile(
    r"(?:#|\bno\.?|\bnumber|\bnum\.?|\bnr\.?|\bline)\s*(?P<n>\d{1,2}|" + "|".join(_SMALL_NUMBERS) + r")(?P<part>[ab])?\b")
_LINE_MARK = re.compile(r"(?:#|\bline)\s*(?P<n>\d{1,2}|" + "|".join(_SMALL_NUMBERS) + r")(?P<part>[ab])?\b")


_SECTION_SYNONYMS = {"nos": "number", "nums": "number", "num": "number", "no": "number", "nr": "number",
                     "consec": "consecutive", "sing": "single"}


def _section_words(name: str, keep_any: bool = False) -> tuple[str, ...]:
    """A section's name as words compared loosely: ``"Singles & Pairs"`` is ``("single", "pair")``."""
    text = re.sub(r"[&/+\-_,.:'\"()]", " ", name.casefold())
    words = (_stem(w) for w in text.split() if w not in ("and", "the") and (keep_any or w != "any"))
    return tuple(_SECTION_SYNONYMS.get(w, w) for w in words)


def _section_matches(wanted: tuple[str, ...], name: str) -> bool:
    words = _section_words(name)
    if not wanted or not words:
        return False
    if wanted == words or "".join(wanted) == "".join(words):
        return True
    initials = {"".join(w[0] for w in words), "".join(w[0] for w in _section_words(name, keep_any=True))}
    if len(words) > 1 and "".join(wanted) in initials:
        return True
    return len(wanted) == len(words) and all(
        w == s or (len(w) >= 3 and not w.isdecimal() and s.startswith(w)) for w, s in zip(wanted, words))


def read_line_name(answer: object, sections: Sequence[str]) -> tuple[str, int, str]:
    """``(section, number, part)`` named by an answer, the section one of ``sections`` (a card's section
    names) and ``part`` ``"a"``, ``"b"`` or ``""``: what :func:`read_line` reads before it looks the line up.

    >>> read_line_name("the first 2468 line", ["2468", "Like Numbers"]), read_line_name("LN 3", ["2468", "Like Numbers"])
    (('2468', 1, ''), ('Like Numbers', 3, ''))
    """
    if not (isinstance(sections, (list, tuple)) and all(isinstance(name, str) for name in sections)):
        from ..analysis.arguments import items_argument, text_argument  # (loaded only for another value)

        sections = [text_argument("each of sections", name)
                    for name in items_argument("sections", sections, "a list of the card's section names")]
    if isinstance(answer, tuple) and len(answer) == 2:
        answer = f"{answer[0]} #{answer[1]}"
    if not isinstance(answer, str):
        raise _unreadable(answer, f"it is not text ({type(answer).__name__})", "a line", _LINE_EXAMPLE)
    _too_long(answer, "a line", _LINE_EXAMPLE)
    text = re.sub(r"'s\b", "", _clean(answer).replace('"', " "))
    text = re.sub(r"\b([a-z&]{1,4})(\d{1,2})([ab])?\b", r"\1 #\2\3", text)  # LN2, SP3, CR1a
    text = re.sub(r"\b(\d{3,})[-./](\d{1,2})([ab])?\b", r"\1 #\2\3", text)  # 2468-1
    if any(_negation(w) for w in _words(text)) and not re.search(r"\bno\.?\s*\d", text):
        raise _unreadable(answer, "it says which line is not meant", "a line", _LINE_EXAMPLE)
    if re.search(r"\bor\b|\bmaybe\b", text):
        raise _unreadable(answer, "it names more than one line", "a line", _LINE_EXAMPLE)
    try:
        return _line_name(answer, text, sections, _NUMBER_MARK)
    except AnswerError:
        if not re.search(r"\b(?:number|num|no|nr)\.?\s*\d", text):
            raise
        return _line_name(answer, text, sections, _LINE_MARK)  # "like number 2": the word is the section's


def _line_name(answer: object, text: str, sections: Sequence[str], marks: re.Pattern) -> tuple[str, int, str]:
    numbers: list[tuple[int, str]] = []
    for match in marks.finditer(text):
        n = match.group("n")
        numbers.append((int(n) if n.isdecimal() else _SMALL_NUMBERS[n], match.group("part") or ""))
    text = marks.sub(" ", text)
    for word, n in _ORDINALS.items():
        if re.search(rf"\b{word}\b", text):
            numbers.append((n, ""))
            text = re.sub(rf"\b{word}\b", " ", text)
    bare = re.findall(r"(?<![\w#])(\d{1,2})([ab])?(?![\w])", text)
    numbers += [(int(n), part) for n, part in bare]
    text = re.sub(r"(?<![\w#])(\d{1,2})([ab])?(?![\w])", " ", text)
    if not numbers:
        leftover = [w for w in text.split() if w in _SMALL_NUMBERS]
        if len(leftover) == 1 and text.split()[-1] == leftover[0]:  # "2468 one"
            numbers.append((_SMALL_NUMBERS[leftover[0]], ""))
            text = text.rsplit(leftover[0], 1)[0]
    if len(set(numbers)) > 1:
        raise _unreadable(answer, "it has more than one line number", "a line", _LINE_EXAMPLE)
    words = [w for w in re.split(r"[\s,;:#()]+", text) if w]
    dropped = _LINE_WORDS if marks is _NUMBER_MARK else _LINE_WORDS - {"number", "num", "no", "nr"}
    words = [w for w in words if w not in dropped]
    wanted = _section_words(" ".join(words))
    if not numbers:
        named = [name for name in sections if _section_matches(wanted, name)]
        why = (f"{named[0]} is a section: say which of its lines" if len(named) == 1 else "it has no line number")
        raise _unreadable(answer, why, "a line", _LINE_EXAMPLE)
    if not wanted:
        raise _unreadable(answer, "it names no section", "a line", _LINE_EXAMPLE)
    named = [name for name in sections if _section_matches(wanted, name)]
    if not named:
        listed = ", ".join(sections)
        raise _unreadable(answer, f"this card has no section {' '.join(words)!r} (its sections: {listed})", "a line",
                          _LINE_EXAMPLE)
    if len(named) > 1:
        raise _unreadable(answer, f"it could be {' or '.join(named)}", "a line", _LINE_EXAMPLE)
    number, part = numbers[0]
    return named[0], number, part


def _line_by_mjcl(text: str, card_lines: Sequence[Line]) -> Line | None:
    """The line whose MJCL the text is (spaces and case aside; its value may be left out), if exactly one."""
    written = " ".join(text.upper().replace('"', " ").split())
    if len(written.split()) < 3:
        return None
    found = []
    for line in card_lines:
        mjcl = " ".join(line.mjcl.upper().split())
        bare = re.sub(r"\s+[XC]\d+$", "", mjcl)
        if written in (mjcl, bare):
            found.append(line)
    return found[0] if len(found) == 1 else None


def read_line(answer: object, card: CardLike) -> Line:
    """The card line an answer names: a Line, ``(section, number)``, or text in every usual form:
    ``"2468 #1"``, ``"2468 line 1"``, ``"2468 1"``, ``"Like Numbers #2"``, ``"like numbers 2"``, ``"LN2"``,
    ``"the first 2468 line"``, ``"#2 of like numbers"``, ``"2468 Line 1A"`` (A and B name the line's
    halves), or the line's MJCL (``"FF 222 444 666 888"``, its value optional). Sections are matched
    loosely: case, ``&``/``and``, plurals, a leading "Any", initials (``LN``, ``S&P``) and word beginnings
    (``"consec run"``), as long as one section fits. ``card`` is a Card, a bundled card's name or a
    ``.mjcl`` path."""
    from ..card import Line
    from ..resources import as_card

    card = as_card(card)
    if isinstance(answer, Line):
        found = [line for line in card.lines if line == answer or line.mjcl == answer.mjcl]
        if found:
            return found[0]
        raise _unreadable(answer, "that line is not on this card", "a line", _LINE_EXAMPLE)
    if isinstance(answer, str):
        by_mjcl = _line_by_mjcl(answer, card.lines)
        if by_mjcl is not None:
            return by_mjcl
    section, number, part = read_line_name(answer, [c.name for c in card.categories])
    category = next(c for c in card.categories if c.name == section)
    lines = category.lines
    if not 1 <= number <= len(lines):
        raise _unreadable(answer, f"{category.name} has lines 1 to {len(lines)}", "a line", _LINE_EXAMPLE)
    line = lines[number - 1]
    if part and "ab".index(part) >= len(line.patterns):
        raise _unreadable(answer, f"{category.name} #{number} has no part {part.upper()}", "a line", _LINE_EXAMPLE)
    return line


# -- a teacher's options -------------------------------------------------------------------------------------

def _within(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    """Whether the words of ``short`` appear in ``long`` in the same order (other words may come between)."""
    it = iter(long)
    return bool(short) and all(word in it for word in short)


def read_choice(answer: object, options: Sequence[str]) -> int:
    """Which of a teacher's ``options`` an answer picks (its index): the option itself in any case and
    spacing, its letter (``"b"``, ``"(b)"``, ``"option b"``) or number (``2``), or a sentence around one
    option (``"a dispute: the game goes on"``) when it names no other option and denies nothing.

    >>> read_choice("Caller dead", ["dispute", "caller dead"]), read_choice("B", ["dispute", "caller dead"])
    (1, 1)
    >>> read_choice("not a dispute", ["dispute", "caller dead"])
    Traceback (most recent call last):
    ...
    mjlearn.errors.AnswerError: I could not read 'not a dispute' as one of the options: it says 'not'. Write one of: dispute, caller dead.
    """
    if not isinstance(options, (list, tuple)):  # (the check is loaded only for another value)
        from ..analysis.arguments import items_argument

        options = items_argument("options", options, "a list of the options (texts)")
    example = f"Write one of: {', '.join(str(option) for option in options)}."
    phrases = [phrase(str(option)) for option in options]
    if isinstance(answer, int) and not isinstance(answer, bool):
        if 1 <= answer <= len(options) and not any(p == (str(answer),) for p in phrases):
            return answer - 1
        raise _unreadable(answer, f"there are options 1 to {len(options)}", "one of the options", example)
    if not isinstance(answer, str):
        raise _unreadable(answer, f"it is not text ({type(answer).__name__})", "one of the options", example)
    _too_long(answer, "one of the options", example)
    said = phrase(answer)
    exact = [i for i, p in enumerate(phrases) if p == said]
    if len(exact) == 1:
        return exact[0]
    label = re.fullmatch(r"(?:option|choice|answer)?\s*\(?([a-z]|\d{1,2})\)?", _clean(answer))
    if label and not any(len(p) == 1 and len(p[0]) <= 2 for p in phrases):
        mark = label.group(1)
        number = int(mark) if mark.isdecimal() else "abcdefghijklmnopqrstuvwxyz".index(mark) + 1
        if 1 <= number <= len(options):
            return number - 1
        raise _unreadable(answer, f"there are {len(options)} options", "one of the options", example)
    if not said:
        raise _unreadable(answer, "it is empty", "one of the options", example)
    words = _words(_clean(answer))
    denial = next((w for w in words if _negation(w)), None)
    if denial:
        raise _unreadable(answer, f"it says {denial!r}", "one of the options", example)
    if _unsure(words):
        raise _unreadable(answer, "it names more than one", "one of the options", example)
    inside = [i for i, p in enumerate(phrases) if _within(p, said)]
    if len(inside) == 1:
        extra = set(said) - set(phrases[inside[0]])
        others = {w for i, p in enumerate(phrases) if i != inside[0] for w in p} - set(phrases[inside[0]])
        if not extra & others:
            return inside[0]
    why = "it names more than one" if len(inside) > 1 else "it is none of them"
    raise _unreadable(answer, why, "one of the options", example)


# -- calls -------------------------------------------------------------------------------------------------

_SIZE_WORDS = {"pung": 3, "pungs": 3, "pong": 3, "kong": 4, "kongs": 4, "quint": 5, "quints": 5, "sextet": 6,
               "sextets": 6}
_MAHJONGG = re.compile(r"\bmah[\s-]*j+ongg?\b|\bmahjongg?\b|\bmj\b|\bmahj\b|\bmaj\b|\b(?:i|it|that)\s+wins?\b"
                       r"|\bwinn?ing\b|\bwin\b")
_LET_GO = re.compile(r"\blet(?:s|ting)?\s+(?:it|that|the tile|them)?\s*(?:go|pass)\b|\bpass(?:es)?\b|\bleave it\b"
                     r"|\bno call\b|\b(?:don'?t|do not|won'?t|will not|not|never) call\b|\bdecline\b|\bskip\b"
                     r"|\bignore\b|\bno thanks?\b|\bnot (?:take|taking) it\b|\bdon'?t take it\b"
                     r"|\bnot calling\b|\bnot call(?:ing)? it\b|\bi'?m not calling\b")
_CALL_EXAMPLE = "Say what you do: let it go, call a pung (or kong, quint) and how many jokers, or call Mah Jongg."


def read_call(answer: object) -> tuple:
    """What a student does with a live discard: ``("pass",)`` to let it go, ``("mahjongg",)`` to call it for
    Mah Jongg, or ``("call", size, jokers)`` to call it for an exposure of ``size`` (3-6) with ``jokers`` from
    the rack (``None`` when the answer does not say: the rack's own tiles go first). Read from words
    (``"let it go"``, ``"pass"``, ``"no"``, ``"Mah Jongg"``, ``"pung with a joker"``, ``"call it for a kong, 2
    jokers"``, ``"pung, no jokers"``) or the values ``"pass"``, ``"mahjongg"`` and ``(size, jokers)``. A bare
    "call it" or "yes" does not say what for, and is not read.

    >>> read_call("Let it go"), read_call("mah jongg!"), read_call("pung with one joker"), read_call("kong")
    (('pass',), ('mahjongg',), ('call', 3, 1), ('call', 4, None))
    """
    if isinstance(answer, tuple) and len(answer) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in answer):
        size, jokers = answer
        if 3 <= size <= 6 and 0 <= jokers < size:
            return ("call", size, jokers)
        raise _unreadable(answer, "a call is for 3 to 6 tiles, jokers fewer than that", "a call", _CALL_EXAMPLE)
    if isinstance(answer, tuple) and len(answer) in (1, 3) and answer and answer[0] in ("pass", "mahjongg", "call"):
        return read_call(answer[0] if len(answer) == 1 else answer[1:])
    if isinstance(answer, bool):
        raise _unreadable(answer, "say what you call it for", "a call", _CALL_EXAMPLE)
    pair = re.fullmatch(r"\(?\s*([3-6])\s*,\s*([0-5])\s*\)?", answer.strip()) if isinstance(answer, str) else None
    if pair:
        return read_call((int(pair.group(1)), int(pair.group(2))))
    if not isinstance(answer, str):
        raise _unreadable(answer, f"it is not text ({type(answer).__name__})", "a call", _CALL_EXAMPLE)
    _too_long(answer, "a call", _CALL_EXAMPLE)
    text = _clean(answer)
    words = _words(text)
    if not words:
        raise _unreadable(answer, "it is empty", "a call", _CALL_EXAMPLE)
    if _unsure(words):
        raise _unreadable(answer, "it names more than one thing to do", "a call", _CALL_EXAMPLE)
    sizes = {_SIZE_WORDS[w] for w in words if w in _SIZE_WORDS}
    group = re.search(r"\b(?:group|exposure|set) of (\d|three|four|five|six)\b|\b(\d|three|four|five|six) of a kind\b",
                      text)
    if group:
        n = group.group(1) or group.group(2)
        sizes.add(int(n) if n.isdecimal() else _ONES[n])
    mahjongg = bool(_MAHJONGG.search(text))
    jokers = None
    joker = re.search(r"\b(no|zero|0|without|one|a|an|1|two|2|three|3|four|4|five|5)\s+(?:of my\s+)?jokers?\b", text)
    if joker:
        said = joker.group(1)
        jokers = 0 if said in ("no", "zero", "0", "without") else 1 if said in ("one", "a", "an", "1") else (
            int(said) if said.isdecimal() else _ONES[said])
        text = text.replace(joker.group(0), " ")
    elif re.search(r"\bjokers?\b", text):
        if re.search(r"\bno jokers?\b|\bwithout (?:a |any )?jokers?\b|\bnatural\b", text):
            jokers = 0
        elif not sizes:
            raise _unreadable(answer, "say what you call it for", "a call", _CALL_EXAMPLE)
    let_go = _LET_GO.search(text)
    if sum((bool(sizes), mahjongg, bool(let_go))) > 1 or len(sizes) > 1:
        raise _unreadable(answer, "it says more than one thing to do", "a call", _CALL_EXAMPLE)
    rest = _words(text)
    if mahjongg:
        if any(_negation(w) for w in rest):
            raise _unreadable(answer, "it says what not to do", "a call", _CALL_EXAMPLE)
        return ("mahjongg",)
    if sizes:
        if any(_negation(w) for w in rest):
            raise _unreadable(answer, "it says what not to do", "a call", _CALL_EXAMPLE)
        size = sizes.pop()
        if jokers is not None and jokers >= size:
            raise _unreadable(answer, f"a {CALL_SIZES[size]} holds fewer than {jokers} jokers", "a call", _CALL_EXAMPLE)
        return ("call", size, jokers)
    if let_go or words[0] in ("no", "nope", "nah", "n") or words in (["not"], ["never"]):
        return ("pass",)
    if words[0] in ("call", "calling", "yes", "yep", "yeah", "take", "claim", "expose", "y"):
        raise _unreadable(answer, "say what you call it for", "a call", _CALL_EXAMPLE)
    raise _unreadable(answer, "", "a call", _CALL_EXAMPLE)
