"""Reading MJCL text: hand lines into :class:`LineSpec`, cards into :class:`CardSource`.

Every problem is an :class:`~mjlearn.errors.MJCLError` that names the line
and column (both 1-based) and says what was expected::

    >>> parse_line_spec("FF 222 444 666 88")
    Traceback (most recent call last):
    ...
    mjlearn.errors.MJCLError: line 1, column 1: 13 tiles; a hand needs 14
      FF 222 444 666 88
      ^

The parser only reads; what the expanders produce is checked when the line is
expanded (:mod:`mjlearn.mjcl.expansion`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import MJCLError
from .syntax import (
    COLOURS,
    DECORATIONS,
    DIGITS,
    EXPANDER_CODES,
    GROUP_SIZE_CODES,
    SUIT_PREFIXES,
    TILE_CHARS,
    Decoration,
    Expander,
    Group,
    LineSpec,
    Pattern,
    SetSpec,
)

__all__ = [
    "parse_line_spec",
    "parse_card_source",
    "CardSource",
    "CategorySource",
    "LineSource",
    "MAX_LINE_CHARS",
    "MAX_CODES",
    "MAX_SETS",
    "MAX_VALUE",
    "MAX_BONUS",
    "MAX_CARD_LINES",
]

HAND_TILES = 14
_EXPANDER_LIST = " ".join(EXPANDER_CODES)
_MARK = re.compile(r"[XC][0-9]*")  # ASCII digits only: int() must read them
_PREFIXES = COLOURS + SUIT_PREFIXES + "a"
_ASCII_DIGITS = "0123456789"  # str.isdigit() also accepts other scripts' digits

# Size limits (docs/mjcl.md, "Size limits"): far above any real card, and each
# refused at once, at its line and column.
MAX_LINE_CHARS = 1_000
"""Longest line of a card (any line: name, category, hand line or comment), in characters."""
MAX_CODES = 30
"""Most expander codes one hand line may hold."""
MAX_SETS = 40
"""Most set tokens one hand line may hold (a 14-tile pattern has at most 14)."""
MAX_VALUE = 100_000
"""Largest value of a hand line (``X100000``); values run from 0."""
MAX_BONUS = 100_000
"""Largest Big Card bonus (``My Card +100000``); bonuses run from 0."""
MAX_CARD_LINES = 5_000
"""Most lines (blank lines and comments included) a card may have."""


def parse_line_spec(text: str, line_no: int = 1) -> LineSpec:
    """Read one MJCL hand line.

    >>> spec = parse_line_spec("FF 1111 NEWS DDDD L")
    >>> [s.text("g") for s in spec.patterns[0].sets], spec.expanders[0].code, spec.value
    (['FF', '1111', 'NEWS', 'DDDD'], 'L', 25)
    """
    if not isinstance(text, str):
        raise MJCLError(f"text must be an MJCL line (a str), not {type(text).__name__}", line_no, 1, "")
    return _LineParser(text, line_no).parse()


class _LineParser:
    def __init__(self, text: str, line_no: int):
        self.text = text
        self.line_no = line_no
        self.colour = "g"

    def fail(self, message: str, column: int) -> MJCLError:
        return MJCLError(message, self.line_no, max(1, column), self.text)

    # -- whole line -------------------------------------------------------
    def parse(self) -> LineSpec:
        if len(self.text) > MAX_LINE_CHARS:
            raise MJCLError(
                f"a line of {len(self.text):,} characters; a line holds at most {MAX_LINE_CHARS:,}",
                self.line_no,
                MAX_LINE_CHARS + 1,
                self.text[:MAX_LINE_CHARS] + "...",
            )
        notes, masked = self._extract_notes()
        tokens = self._tokens(masked)
        if not tokens:
            raise self.fail("empty hand line; a line needs sets of tiles", 1)
        concealed, value = self._take_mark(tokens)

        patterns: list[Pattern] = []
        items: list[SetSpec | Decoration] = []
        expanders: list[Expander] = []
        pattern_column = tokens[0][1] if tokens else 1
        separator_column, separator = 0, "|"
        for token, column in tokens:
            if token in ("|", "o"):
                if expanders:
                    raise self.fail(f"'{token}' separates patterns and must come before the expanders", column)
                if not items:
                    raise self.fail(f"empty pattern before '{token}'", column)
                if patterns:
                    raise self.fail("a line holds at most two patterns", column)
                patterns.append(Pattern(tuple(items), pattern_column))
                items, self.colour = [], "g"
                separator_column, separator = column, token
                pattern_column = column + 1
                continue
            first = token[0]
            if first in EXPANDER_CODES:
                expanders.extend(self._expanders(token, column))
                if len(expanders) > MAX_CODES:
                    raise self.fail(
                        f"more than {MAX_CODES} expander codes; a line holds at most {MAX_CODES}",
                        expanders[MAX_CODES].column,
                    )
                continue
            if _MARK.fullmatch(token):
                raise self.fail(f"'{token}': the X/C mark and value come last, after the expanders", column)
            if expanders:
                if first in TILE_CHARS or first in _PREFIXES or first in DECORATIONS:
                    raise self.fail(f"set '{token}' after the expanders; sets come first", column)
                raise self._unknown_code(token, column)
            if first not in TILE_CHARS and first not in _PREFIXES and first not in DECORATIONS:
                if first.isupper() or not first.isalnum():
                    raise self._unknown_code(token, column)
            if not items:
                pattern_column = column
            items.extend(self._set_items(token, column))
            self._count_sets(patterns, items)
        if not items:
            if patterns:
                raise self.fail(f"empty pattern after '{separator}'", separator_column)
            raise self.fail("no sets of tiles before the expanders", tokens[0][1])
        patterns.append(Pattern(tuple(items), pattern_column))

        for pattern in patterns:
            if not pattern.sets:
                raise self.fail("a pattern of decorations only; it needs sets of tiles", pattern.column)
            count = pattern.tiles
            if count != HAND_TILES:
                raise self.fail(f"{count} tiles; a hand needs {HAND_TILES}", pattern.column)
        spec = LineSpec(tuple(patterns), tuple(expanders), concealed, value, tuple(notes))
        self._check_set_numbers(spec)
        self._check_restrictions(spec)
        return spec

    def _count_sets(self, patterns: list[Pattern], items: list[SetSpec | Decoration]) -> None:
        sets = [item for item in items if isinstance(item, SetSpec)]
        before = sum(len(p.sets) for p in patterns)
        if before + len(sets) > MAX_SETS:
            raise self.fail(
                f"more than {MAX_SETS} sets of tiles; a line holds at most {MAX_SETS}",
                sets[MAX_SETS - before].column,
            )

    # -- notes ------------------------------------------------------------
    def _extract_notes(self) -> tuple[list[str], str]:
        """Pull out ``(notes)``; return them and the text with notes blanked."""
        notes: list[str] = []
        chars = list(self.text)
        depth, start = 0, -1
        for i, ch in enumerate(self.text):
            if ch == "(":
                if depth == 0:
                    start = i
                depth += 1
            elif ch == ")":
                if depth == 0:
                    raise self.fail("')' without a '(' before it", i + 1)
                depth -= 1
                if depth == 0:
                    note = self.text[start + 1 : i].strip()
                    if note:
                        notes.append(" ".join(note.split()))
                    for j in range(start, i + 1):
                        chars[j] = " "
        if depth:
            raise self.fail("'(' starts a note that has no ')'", start + 1)
        return notes, "".join(chars)

    @staticmethod
    def _tokens(text: str) -> list[tuple[str, int]]:
        """Whitespace-separated tokens with 1-based columns; '|' is a token of its own."""
        tokens = []
        for match in re.finditer(r"\||[^\s|]+", text):
            tokens.append((match.group(), match.start() + 1))
        return tokens

    # -- mark and value ---------------------------------------------------
    def _take_mark(self, tokens: list[tuple[str, int]]) -> tuple[bool, int]:
        last, column = tokens[-1]
        if re.fullmatch(r"[0-9]+", last) and len(tokens) >= 2 and tokens[-2][0] in ("X", "C"):
            mark = tokens[-2][0]
            value = self._value(last, column)
            del tokens[-2:]
        elif _MARK.fullmatch(last):
            mark = last[0]
            value = self._value(last[1:], column + 1) if len(last) > 1 else 25
            del tokens[-1]
        elif re.fullmatch(r"x[0-9]*", last):
            raise self.fail("the exposed mark is an upper-case X ('x' is the multiply sign)", column)
        elif len(tokens) >= 2 and tokens[-2][0] in ("X", "C") and last.isnumeric():
            raise self.fail(f"'{last}' is not a value; write the value with digits 0-9, as in X25", column)
        else:
            return False, 25
        if not tokens:
            raise self.fail("a mark and value but no sets of tiles", column)
        return mark == "C", value

    def _value(self, digits: str, column: int) -> int:
        value, shown = _bounded(digits, MAX_VALUE)
        if value is None:
            raise self.fail(f"value {shown} is too large (at most {MAX_VALUE})", column)
        return value

    # -- sets -------------------------------------------------------------
    def _set_items(self, token: str, column: int) -> list[SetSpec | Decoration]:
        """Sets and decorations of one token. A prefix after tiles starts a new set."""
        items: list[SetSpec | Decoration] = []
        groups: list[Group] = []
        colour = suit = None
        any_suit = False
        set_column = prefix_column = column

        def close(at: int) -> None:
            nonlocal groups, colour, suit, any_suit
            if groups:
                if colour:
                    self.colour = colour
                items.append(SetSpec(tuple(groups), self.colour, suit, any_suit, set_column))
            elif colour or suit or any_suit:
                raise self.fail("a prefix with no tiles after it", prefix_column)
            groups, colour, suit, any_suit = [], None, None, False

        for i, ch in enumerate(token):
            at = column + i
            if ch in DECORATIONS:
                close(at)
                items.append(Decoration(ch, at))
            elif ch in _PREFIXES:
                if groups:
                    close(at)
                if not (colour or suit or any_suit):
                    set_column = prefix_column = at
                if ch in COLOURS:
                    if colour:
                        raise self.fail(f"two colour prefixes ('{colour}' and '{ch}') on one set", at)
                    colour = ch
                else:
                    if suit or any_suit:
                        raise self.fail(f"'{ch}': a set takes one suit prefix (m, c, d) or 'a'", at)
                    if ch == "a":
                        any_suit = True
                    else:
                        suit = ch
            elif ch in TILE_CHARS:
                if not groups and not (colour or suit or any_suit):
                    set_column = at
                if groups and groups[-1].char == ch:
                    groups[-1] = Group(ch, groups[-1].size + 1)
                else:
                    groups.append(Group(ch, 1))
            else:
                raise self.fail(self._unknown_tile_message(ch, token), at)
        close(column + len(token))
        return items

    @staticmethod
    def _unknown_tile_message(ch: str, token: str) -> str:
        hint = ""
        if ch in "fnws":
            hint = f" (tile letters are upper case: '{ch.upper()}')"
        elif ch == "o":
            hint = " ('o' separates two patterns only as a token of its own)"
        elif ch == "e":
            hint = " ('e' means even only inside an expander; East is 'E')"
        elif ch in "BMA":
            hint = " (suit and colour prefixes are lower case: m c d, g r b, a)"
        elif ch in "XC":
            hint = " (the X/C mark comes last, as its own token)"
        return (
            f"unknown tile '{ch}' in '{token}'{hint}; tiles are 1-9 D G R 0 F N E W S,"
            " prefixes g r b m c d a"
        )

    def _unknown_code(self, token: str, column: int) -> MJCLError:
        if token[0] in "XC" and len(token) > 1 and token[1] in _ASCII_DIGITS + "Oo":  # a mistyped value: X3O
            bad = next((i for i, ch in enumerate(token) if i and ch not in _ASCII_DIGITS), 1)
            return self.fail(
                f"the value after {token[0]} is a whole number; '{token[bad]}' in '{token}' is not a digit",
                column + bad,
            )
        if token[0] in "XC" and token[1:].isnumeric():  # digits of another script: X\u0663
            return self.fail(f"'{token[1:]}' is not a value; write the value with digits 0-9, as in X25", column + 1)
        return self.fail(f"unknown code '{token[0]}'; expanders are {_EXPANDER_LIST}", column)

    # -- expanders --------------------------------------------------------
    def _expanders(self, token: str, column: int) -> list[Expander]:
        """The expanders of one token. Codes may run together (``*4L``): an
        argument ends where the next expander code starts (``U``'s first
        character, a group size letter, always belongs to it)."""
        result: list[Expander] = []
        while token:  # a loop, not recursion: any number of codes run together
            code = token[0]
            if code not in EXPANDER_CODES:
                raise self._unknown_code(token, column)
            if len(result) == MAX_CODES:
                raise self.fail(f"more than {MAX_CODES} expander codes; a line holds at most {MAX_CODES}", column)
            start = 2 if code == "U" else 1
            end = next((i for i in range(start, len(token)) if token[i] in EXPANDER_CODES), len(token))
            arg = token[1:end]
            if code in "T#~":
                if arg:
                    raise self.fail(f"'{arg[0]}' does not fit {code}: {code} takes nothing after it", column + 1)
            else:
                checker = getattr(self, "_check_" + _CHECK_NAMES[code])
                checker(code, arg, column + 1)
            result.append(Expander(code, arg, column))
            token, column = token[end:], column + end
        return result

    def _bad_arg(self, code: str, arg: str, offset: int, expected: str, column: int) -> MJCLError:
        if offset >= len(arg):
            return self.fail(f"{code} needs {expected}", column + offset)
        return self.fail(f"'{arg[offset]}' does not fit {code}: {code} needs {expected}", column + offset)

    def _check_like(self, code: str, arg: str, column: int) -> None:
        expected = "a tile and what replaces it, as in INEWS or K2468"
        for i, ch in enumerate(arg):
            if ch not in TILE_CHARS:
                raise self._bad_arg(code, arg, i, expected, column)
        if len(arg) < 2:
            raise self._bad_arg(code, arg, len(arg), expected, column)

    def _check_like_numbers(self, code: str, arg: str, column: int) -> None:
        if arg not in ("", "o", "e"):
            raise self._bad_arg(code, arg, 0, "nothing, o (odd) or e (even), as in L or Lo", column)

    def _check_run(self, code: str, arg: str, column: int) -> None:
        if arg not in ("", "a", "o", "e"):
            raise self._bad_arg(code, arg, 0, "nothing, a, o (odd) or e (even), as in V or Vo", column)

    def _check_unlike(self, code: str, arg: str, column: int) -> None:
        expected = "a group size I A P K Q or Z, two different digits and maybe o or e, as in UK18"
        if not arg or arg[0] not in GROUP_SIZE_CODES:
            raise self._bad_arg(code, arg, 0, expected, column)
        for i in (1, 2):
            if i >= len(arg) or arg[i] not in DIGITS:
                raise self._bad_arg(code, arg, i, expected, column)
        if arg[1] == arg[2]:
            raise self.fail(f"U needs two different digits, not '{arg[1]}' twice", column + 2)
        if len(arg) > 4 or (len(arg) == 4 and arg[3] not in "oe"):
            raise self._bad_arg(code, arg, 3, expected, column)

    def _check_set_list(self, code: str, arg: str, column: int) -> None:
        minimum = 2 if code == "H" else 1
        expected = "set numbers (0-9, counting sets from 0)" + (", at least two, as in H01234" if code == "H" else ", as in *2")
        for i, ch in enumerate(arg):
            if ch not in "0123456789":
                raise self._bad_arg(code, arg, i, expected, column)
            if ch in arg[:i]:
                raise self.fail(f"set {ch} is listed twice", column + i)
        if len(arg) < minimum:
            raise self._bad_arg(code, arg, len(arg), expected, column)

    def _check_set_values(self, code: str, arg: str, column: int) -> None:
        expected = "a set number and its other tiles, as in >2WS"
        if not arg or arg[0] not in "0123456789":
            raise self._bad_arg(code, arg, 0, expected, column)
        for i, ch in enumerate(arg[1:], 1):
            if ch not in TILE_CHARS:
                raise self._bad_arg(code, arg, i, expected, column)
        if len(arg) < 2:
            raise self._bad_arg(code, arg, 1, expected, column)

    def _check_pair_values(self, code: str, arg: str, column: int) -> None:
        expected = "o, e or digits 1-9, as in Ye or Y369"
        if arg in ("o", "e"):
            return
        for i, ch in enumerate(arg):
            if ch not in DIGITS:
                raise self._bad_arg(code, arg, i, expected, column)
        if not arg:
            raise self._bad_arg(code, arg, 0, expected, column)

    def _check_restrict(self, code: str, arg: str, column: int) -> None:
        for i, ch in enumerate(arg):
            if ch not in DIGITS:
                raise self._bad_arg(code, arg, i, "digits 1-9, as in !369", column)
        if not arg:
            raise self._bad_arg(code, arg, 0, "digits 1-9, as in !369", column)

    # -- checks that need the patterns -------------------------------------
    def _check_restrictions(self, spec: LineSpec) -> None:
        """A ``!`` must come before an L, U, V or Y code, the codes it restricts."""
        for i, expander in enumerate(spec.expanders):
            if expander.code == "!" and not any(e.code in "LUVY" for e in spec.expanders[i + 1 :]):
                raise self.fail(
                    f"'{expander.text()}' restricts the L, U, V and Y codes after it, and none follows;"
                    " put it before them",
                    expander.column,
                )

    def _check_set_numbers(self, spec: LineSpec) -> None:
        for expander in spec.expanders:
            if expander.code not in "*>H":
                continue
            numbers = expander.arg[:1] if expander.code == ">" else expander.arg
            for offset, digit in enumerate(numbers, 1):
                index = int(digit)
                for pattern in spec.patterns:
                    sets = pattern.sets
                    if index >= len(sets):
                        raise self.fail(
                            f"set {index} does not exist; this pattern has sets 0-{len(sets) - 1}",
                            expander.column + offset,
                        )
                    chosen = sets[index]
                    if expander.code == "*" and not chosen.is_suited:
                        raise self.fail(
                            f"set {index} ('{chosen.text(chosen.colour)}') has no numbers or D to take a suit",
                            expander.column + offset,
                        )
                    if expander.code == "H" and (
                        len(chosen.groups) != 1 or chosen.groups[0].size > 2 or chosen.groups[0].char not in DIGITS
                    ):
                        raise self.fail(
                            f"H lists set {index} ('{chosen.text(chosen.colour)}'), which is not a single number or a pair",
                            expander.column + offset,
                        )
            if expander.code == "H":
                for pattern in spec.patterns:
                    pairs = sum(pattern.sets[int(d)].groups[0].size == 2 for d in numbers)
                    if pairs != 1:
                        raise self.fail(
                            f"the sets H lists must hold exactly one pair (they hold {pairs})",
                            expander.column + 1,
                        )


_CHECK_NAMES = {
    "I": "like",
    "A": "like",
    "P": "like",
    "K": "like",
    "Q": "like",
    "Z": "like",
    "L": "like_numbers",
    "U": "unlike",
    "V": "run",
    "*": "set_list",
    "H": "set_list",
    ">": "set_values",
    "Y": "pair_values",
    "!": "restrict",
}


# -- cards --------------------------------------------------------------------
@dataclass
class LineSource:
    """A hand line as read from a card file: its 1-based line number, text and syntax."""

    line_no: int
    text: str
    spec: LineSpec


@dataclass
class CategorySource:
    name: str
    page_break: bool
    line_no: int
    lines: list[LineSource] = field(default_factory=list)


@dataclass
class CardSource:
    """A card file as read, before its lines are expanded; ``errors`` lists every problem."""

    name: str = ""
    bonus: int = 0
    categories: list[CategorySource] = field(default_factory=list)
    errors: list[MJCLError] = field(default_factory=list)


_CATEGORY_OPEN = "\"\u201c"
_CATEGORY_CLOSE = "\"\u201d"
_NAME_BONUS = re.compile(r"^(.*?)\s*\+\s*([0-9]+)$")


def parse_card_source(text: str, read_line: Callable[[str, int], LineSpec] = parse_line_spec) -> CardSource:
    """Read a whole card; errors are collected, and the lines that have none are kept.

    ``read_line(text, line_no)`` reads each hand line: :func:`parse_line_spec`
    unless another is given (an editor gives one that remembers the lines it
    has read, so a keystroke reads only the line it changed).

    >>> source = parse_card_source('My Card +10\\n"2468"\\nFF 222 444 666 888')
    >>> source.name, source.bonus, source.categories[0].name, len(source.errors)
    ('My Card', 10, '2468', 0)
    """
    if not isinstance(text, str):
        raise MJCLError(f"text must be a card in MJCL (a str), not {type(text).__name__}", 1, 1, "")
    card = CardSource()
    have_name = False
    name_line = 1
    lines = text.removeprefix("\ufeff").splitlines()
    if len(lines) > MAX_CARD_LINES:
        card.errors.append(
            MJCLError(
                f"a card of {len(lines):,} lines; a card holds at most {MAX_CARD_LINES:,}",
                MAX_CARD_LINES + 1,
                1,
                _shortened(lines[MAX_CARD_LINES]),
            )
        )
        lines = lines[:MAX_CARD_LINES]
    for line_no, raw in enumerate(lines, 1):
        if len(raw) > MAX_LINE_CHARS:
            card.errors.append(
                MJCLError(
                    f"a line of {len(raw):,} characters; a line holds at most {MAX_LINE_CHARS:,}",
                    line_no,
                    MAX_LINE_CHARS + 1,
                    _shortened(raw),
                )
            )
            if not have_name:
                have_name, name_line = True, line_no
            continue
        stripped = raw.strip()
        if not stripped or stripped.startswith("//"):
            continue
        column = len(raw) - len(raw.lstrip()) + 1
        try:
            if not have_name:
                have_name, name_line = True, line_no
                if stripped[0] in _CATEGORY_OPEN:
                    # keep reading the category, so the lines after it are not misreported
                    card.errors.append(
                        MJCLError("a card starts with its name, before any category", line_no, column, raw)
                    )
                    card.categories.append(_category(stripped, line_no, column, raw, card.errors))
                    continue
                match = _NAME_BONUS.match(stripped)
                if match and match.group(1):
                    card.name, card.bonus = match.group(1), _bonus(match, line_no, column, raw)
                else:
                    card.name = stripped
            elif stripped[0] in _CATEGORY_OPEN:
                card.categories.append(_category(stripped, line_no, column, raw, card.errors))
            elif not card.categories:
                raise MJCLError(
                    'a hand line before any category; start a category with a quoted name such as "2468"',
                    line_no,
                    column,
                    raw,
                )
            else:
                card.categories[-1].lines.append(LineSource(line_no, raw, read_line(raw, line_no)))
        except MJCLError as error:
            card.errors.append(error)
    if not have_name:
        card.errors.append(MJCLError("empty card; a card starts with its name", 1, 1, lines[0] if lines else ""))
    elif not card.categories and not card.errors:
        card.errors.append(
            MJCLError('a card needs at least one category, such as "2468"', name_line, 1, lines[name_line - 1])
        )
    for category in card.categories:
        if not category.lines and not _has_error_between(card, category):
            card.errors.append(
                MJCLError(
                    f"category '{category.name}' has no hand lines",
                    category.line_no,
                    1,
                    lines[category.line_no - 1],
                )
            )
    card.errors.sort(key=lambda e: (e.line, e.column))
    return card


def _shortened(raw: str) -> str:
    return raw if len(raw) <= MAX_LINE_CHARS else raw[:MAX_LINE_CHARS] + "..."


def _bonus(match: re.Match, line_no: int, column: int, raw: str) -> int:
    """The ``+N`` after the card's name, at most :data:`MAX_BONUS` (never ``int()`` of a huge string)."""
    bonus, shown = _bounded(match.group(2), MAX_BONUS)
    if bonus is None:
        raise MJCLError(f"bonus {shown} is too large (at most {MAX_BONUS})", line_no, column + match.start(2), raw)
    return bonus


def _bounded(digits: str, limit: int) -> tuple[int | None, str]:
    """The number ASCII ``digits`` write, or ``None`` if it passes ``limit``; and how to show it.

    A string of thousands of digits is never given to ``int()`` (which refuses it).

    >>> _bounded("0042", 100), _bounded("9" * 5000, 100)
    ((42, '42'), (None, '999999...(5,000 digits)'))
    """
    number = digits.lstrip("0") or "0"
    shown = number if len(number) <= 12 else f"{number[:6]}...({len(number):,} digits)"
    if len(number) > len(str(limit)) or int(number) > limit:
        return None, shown
    return int(number), shown


def _category(stripped: str, line_no: int, column: int, raw: str, errors: list[MJCLError]) -> CategorySource:
    """A category line. A faulty one is reported in ``errors`` but still opens a
    category (named as well as can be read), so its lines are checked too."""
    closed = len(stripped) >= 2 and stripped[-1] in _CATEGORY_CLOSE
    if not closed:
        errors.append(
            MJCLError("a category name ends with a quote, as in \"2468\"", line_no, column + len(stripped), raw)
        )
    name = stripped[1:-1] if closed else stripped[1:]
    name = name.strip()
    page_break = name.startswith("^")
    if page_break:
        name = name[1:].strip()
    if not name and closed:
        errors.append(MJCLError("a category needs a name between the quotes", line_no, column + 1, raw))
    return CategorySource(name, page_break, line_no)


def _has_error_between(card: CardSource, category: CategorySource) -> bool:
    """Whether the category's own line, or a line of it, has an error (so it is not reported as empty too)."""
    following = [c.line_no for c in card.categories if c.line_no > category.line_no]
    end = min(following, default=10**12)
    return any(category.line_no <= e.line < end for e in card.errors)
