"""Card notes in words, derived from a line's suits and expanders.

A printed card explains each line in parentheses: "(Any Like Nos)", "(Any 3
Suits)", "(Any 3 Consec Nos)", "(These Nos Only)". :func:`line_notes` writes
those notes from the MJCL in the card's own words; a line's own notes, where it
has any, are shown instead:

>>> from mjlearn.mjcl import parse_line_spec
>>> line_notes(parse_line_spec("FF 1111 NEWS r1111 L"))
['Any 2 Suits', 'Any Like Nos']
>>> line_notes(parse_line_spec("FFF 1111 r2222 b333 Va"))
['Any 3 Suits', 'Any 3 Consec Nos']
>>> line_notes(parse_line_spec("FF 2222 + 4444 = 6666 T"))
['Any 1 Suit', 'These Nos Only']
>>> line_notes(parse_line_spec("FF 2222 + 4444 = 6666 T (Any 1 Suit, These Nos)"))
['Any 1 Suit, These Nos']
>>> line_notes(parse_line_spec("FF NN 1111 r1111 DD L ANEWS"))
['Any 2 Suits', 'Matching Dragon', 'Any Like Nos', 'Any Wind']
"""

from __future__ import annotations

from .syntax import DIGITS, GROUP_SIZE_CODES, Expander, Group, LineSpec, Pattern

__all__ = ["any_suit_sets", "derived_notes", "line_notes"]

_SIZE_WORDS = {1: "Single", 2: "Pair", 3: "Pung", 4: "Kong", 5: "Quint", 6: "Sextet"}
_SUIT_NAMES = {"m": "Bams", "c": "Craks", "d": "Dots"}
_WINDS = "NEWS"
_OPPOSITE_WIND = {"N": "E", "E": "N", "S": "W", "W": "S"}  # what the ``~`` code swaps
_ODD, _EVEN, _ALL = frozenset("13579"), frozenset("2468"), frozenset(DIGITS)
# number-changing expanders: with any of them a set's digits are not the ones it shows
_NUMBERS_MOVE = set("LUVYH#")


def any_suit_sets(pattern: Pattern, expanders=()) -> set[int]:
    """Numbers (from 0) of the pattern's sets that take any suit: the ``a`` prefix, or listed by a ``*`` code.

    >>> from mjlearn.mjcl.parser import parse_line_spec
    >>> spec = parse_line_spec("FF 1111 NEWS DDDD *3")
    >>> any_suit_sets(spec.patterns[0], spec.expanders)
    {3}
    """
    chosen = {i for i, s in enumerate(pattern.sets) if s.any_suit}
    for e in expanders:
        if e.code == "*":
            chosen |= {int(d) for d in e.arg if d.isdigit() and int(d) < len(pattern.sets)}
    return chosen


def _size(n: int, plural: bool = False) -> str:
    """``Pung`` for 3 tiles (``Pungs``); a group of 0 (``Z``: any size) is a number, ``No``/``Nos``."""
    word = _SIZE_WORDS.get(n, "No")
    return word + ("s" if plural else "")


def _dragon_note(colours: set[str], dragon_colours: list[str], number_sets: bool) -> str | None:
    """How the dragons go with the suits: "Matching Dragon(s)" (the dragon of a number's suit), "Opp
    Dragon(s)" (of a suit the numbers do not use), both, or with no numbers "Any Dragon", "Any 2 Dragons"."""
    if not dragon_colours:
        return None
    if not number_sets:
        n = len(set(dragon_colours))
        return f"Any {n} Dragons" if n > 1 else "Any Dragon"
    if not colours:
        return None
    matching = [c for c in dragon_colours if c in colours]
    plural = "s" if len(dragon_colours) > 1 else ""
    if matching and len(matching) < len(dragon_colours):
        return "Matching & Opp Dragons"
    return f"Matching Dragon{plural}" if matching else f"Opp Dragon{plural}"


def _suit_note(pattern: Pattern, expanders=()) -> list[str]:
    """Suit notes: how many suits the numbers take, and matching or opposite dragons."""
    purple = any_suit_sets(pattern, expanders)
    free = [(i, s) for i, s in enumerate(pattern.sets) if i not in purple]
    number_sets = [s for s in pattern.sets if any(g.char in DIGITS for g in s.groups)]
    dragons = [s.colour for _, s in free if any(g.char == "D" for g in s.groups) and not s.suit]
    colours = {s.colour for _, s in free if any(g.char in DIGITS for g in s.groups) and not s.suit}
    fixed = {s.suit for s in number_sets if s.suit}
    notes = []
    if colours:
        n = len(colours)
        notes.append(f"Any {n} Suit{'s' if n > 1 else ''}")
    elif len(fixed) == 1 and not any(i in purple for i, s in enumerate(pattern.sets) if s in number_sets):
        notes.append(f"{_SUIT_NAMES[next(iter(fixed))]} Only")
    dragon = _dragon_note(colours, dragons, bool(number_sets))
    if dragon:
        notes.append(dragon)
    return notes


def _either(items) -> str:
    """``"2, 4, 6 or 8"`` from ``"2468"`` (or from a list of strings)."""
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _numbers(pattern: Pattern) -> set[str]:
    """The number digits (1-9) a pattern's groups use; a zero (a white dragon) is not a number here."""
    return {g.char for s in pattern.sets for g in s.groups if g.char in DIGITS}


def _groups(pattern: Pattern) -> list[Group]:
    return [g for s in pattern.sets for g in s.groups]


def _kind(values) -> str | None:
    """``""`` for every number 1-9, ``"Odd"``, ``"Even"``, or None for another choice of numbers."""
    values = frozenset(values)
    return {_ALL: "", _ODD: "Odd", _EVEN: "Even"}.get(values)


def _words(*parts: str) -> str:
    return " ".join(part for part in parts if part)


def _plural_numbers(values) -> str:
    """``"3s, 6s or 9s"``."""
    return _either(f"{v}s" for v in sorted(values))


def _like_note(values) -> str:
    """Like numbers over ``values``: "Any Like Nos", "Any Like Odd Nos", "Like 3s, 6s or 9s" (as the card
    says it even where the number shows once: the note names the rule, not the count)."""
    kind = _kind(values)
    if kind is None:
        return f"Like {_plural_numbers(values)}"
    return _words("Any Like", kind, "Nos")


def _group_values_note(code: str, arg: str, pattern: Pattern) -> str:
    """``I A P K Q Z`` + values: the groups of that size showing ``arg[0]`` take each value.

    All four winds: "Any Wind"; some winds: "Pair E or W"; numbers: "Any Like Even Kongs", "Like 3s, 6s or
    9s"; one such group: "Any Even Kong".
    """
    size = GROUP_SIZE_CODES[code]
    values = list(dict.fromkeys(arg))
    count = sum(1 for g in _groups(pattern) if g.char == arg[0] and (size == 0 or g.size == size)) or 1
    if all(v in _WINDS for v in values):
        if set(values) == set(_WINDS):
            return "Any Wind" if count == 1 else "Any Like Winds"
        shown = _size(size, count > 1) if size else ""
        return _words(shown, _either(values))
    if all(v in DIGITS for v in values):
        kind = _kind(values)
        if kind is not None:
            if count > 1:
                return _words("Any Like", kind, _size(size, True) if size else "Nos")
            return _words("Any", kind, _size(size) if size else "No")
        if count > 1:
            return f"Like {_plural_numbers(values)}" if not size else f"Like {_size(size, True)} of {_plural_numbers(values)}"
        return _plural_numbers(values) if not size else f"{_size(size)} of {_plural_numbers(values)}"
    return _words(_size(size, count > 1) if size else "", _either(values))


def _set_values_note(arg: str, pattern: Pattern) -> str:
    """``>`` + set + values: the set also appears with each value. Single groups of all four winds say
    "Any Wind" ("FFFF or Any Wind" when the set shows another tile); others list the choices ("Kong E, W
    or S", "FF or DD")."""
    chosen = pattern.sets[int(arg[0])]
    if len(chosen.groups) == 1:
        group = chosen.groups[0]
        choices = list(dict.fromkeys(group.char + arg[1:]))
        winds = [c for c in choices if c in _WINDS]
        if set(winds) == set(_WINDS):
            others = [c * group.size for c in choices if c not in _WINDS]
            return _either(others + ["Any Wind"])
        if all(c in _WINDS for c in choices):
            return f"{_size(group.size)} {_either(choices)}"
    texts = [chosen.text(chosen.colour).lstrip("grbmcda")]
    texts += ["".join(value * g.size for g in chosen.groups) for value in arg[1:]]
    return _either(texts)


def _swapped_winds_note(pattern: Pattern) -> str:
    """``~``: the pattern's winds may be swapped N for E and S for W. Written with its largest wind groups:
    "N & S Pungs or E & W Pungs"."""
    winds = [g for g in _groups(pattern) if g.char in _WINDS]
    if not winds:
        return "Or Opp Winds"
    largest = max(g.size for g in winds)
    shown = sorted({g.char for g in winds if g.size == largest}, key=_WINDS.index)
    swapped = sorted((_OPPOSITE_WIND[c] for c in shown), key=_WINDS.index)
    size = _size(largest, len(shown) > 1)
    return f"{' & '.join(shown)} {size} or {' & '.join(swapped)} {size}"


def _one_pair_note(arg: str, pattern: Pattern) -> str:
    """``H`` + sets: one of the listed sets is a pair (the others singles), and later kongs of numbers match
    it: "Pair Any Odd No, Kong Matches Pair"."""
    listed = [int(d) for d in arg if d.isdigit() and int(d) < len(pattern.sets)]
    values = sorted({g.char for i in listed for g in pattern.sets[i].groups if g.char in DIGITS})
    kind = _kind(values)
    pair = _words("Pair Any", kind, "No") if kind is not None else f"Pair {_either(values)}"
    after = max(listed, default=-1)
    kongs = sum(1 for s in pattern.sets[after + 1:] for g in s.groups if g.size == 4 and g.char in DIGITS)
    if not kongs:
        return pair
    return pair + (", Kongs Match Pair" if kongs > 1 else ", Kong Matches Pair")


def _any_suit_note(pattern: Pattern, expanders) -> str | None:
    """The sets that take any suit (``a`` prefix or ``*``): "Kong 7s Any Suit", "Pair Any Suit" where
    the numbers move, "Kong 2s & Pung 7s Any Suit"."""
    chosen = sorted(any_suit_sets(pattern, expanders))
    if not chosen:
        return None
    moving = any(e.code in _NUMBERS_MOVE for e in expanders)
    parts = []
    for i in chosen:
        s = pattern.sets[i]
        if len(s.groups) != 1:
            parts.append("".join(g.text() for g in s.groups))
            continue
        g = s.groups[0]
        if g.char == "D":
            parts.append(f"Dragon {_size(g.size)}")
        elif g.char in DIGITS and not moving:
            parts.append(f"{_size(g.size)} {g.char}s")
        else:
            parts.append(_size(g.size))
    return " & ".join(parts) + " Any Suit"


def _expander_note(e: Expander, pattern: Pattern, restrict: frozenset | None) -> str | None:
    """The note for one expander; ``restrict`` holds the numbers a ``!`` code left (or None)."""
    code, arg = e.code, e.arg

    def allowed(values):
        return sorted(set(values) & restrict) if restrict is not None else sorted(values)

    parity = {"o": _ODD, "e": _EVEN}
    if code == "T":
        return "These Nos Only"
    if code in "LV" and (code == "L" or len(_numbers(pattern)) == 1):
        # a run with one number throughout moves as like numbers, never as a run
        return _like_note(allowed(parity.get(arg, _ALL)))
    if code == "V":
        kind = {"o": "Odd", "e": "Even"}.get(arg, "")
        return _words(f"Any {len(_numbers(pattern))} Consec", kind, "Nos")
    if code == "U":
        values = allowed(parity.get(arg[3:], _ALL))
        kind = _kind(values)
        return _words("Any 2 Non-Matching", kind, "Nos") if kind is not None else f"Any 2 of {_either(values)}"
    if code in "IAPKQZ":
        return _group_values_note(code, arg, pattern)
    if code == ">":
        return _set_values_note(arg, pattern)
    if code == "Y":
        values = allowed(parity.get(arg, arg))
        kind = _kind(values)
        return _words("Any Like", kind, "Pairs") if kind is not None else f"Like Pairs of {_plural_numbers(values)}"
    if code == "H":
        return _one_pair_note(arg, pattern)
    if code == "#":
        return " ".join(sorted(_numbers(pattern))) + " in Any Order"
    if code == "~":
        return _swapped_winds_note(pattern)
    return None


def derived_notes(spec: LineSpec) -> list[str]:
    """The notes a printed card would show for the line's suits and expanders, in the card's words.

    >>> from mjlearn.mjcl import parse_line_spec
    >>> derived_notes(parse_line_spec("11111 NNNN 22222 UQ12e"))
    ['Any 1 Suit', 'Any 2 Non-Matching Even Nos']
    >>> derived_notes(parse_line_spec("NNN 1111 r1111 SSS L ~"))
    ['Any 2 Suits', 'Any Like Nos', 'N & S Pungs or E & W Pungs']
    >>> derived_notes(parse_line_spec("FF 2222 0000 a7777"))
    ['Any 1 Suit', 'Kong 7s Any Suit']
    """
    notes: list[str] = []
    pattern = spec.patterns[0]
    notes.extend(_suit_note(pattern, spec.expanders))
    purple = _any_suit_note(pattern, spec.expanders)
    if purple:
        notes.append(purple)
    restrict: frozenset | None = None
    for i, e in enumerate(spec.expanders):
        if e.code == "!":
            restrict = frozenset(d for d in e.arg if d in DIGITS)
            one_number = len(_numbers(pattern)) == 1  # a V then moves as like numbers, which take the restriction
            if not any(later.code in "LUY" or (later.code == "V" and one_number) for later in spec.expanders[i + 1:]):
                notes.append("Only " + _either(sorted(restrict)))  # no later choice of numbers to fold it into
            continue
        note = _expander_note(e, pattern, restrict)
        if note:
            notes.append(note)
    return _unique(notes)


def line_notes(spec: LineSpec) -> list[str]:
    """The notes to show: the line's own notes when it has any (its author's words win),
    else the derived ones."""
    return _unique(list(spec.notes)) if spec.notes else derived_notes(spec)


def _unique(notes: list[str]) -> list[str]:
    seen: set[str] = set()
    result = []
    for note in notes:
        key = note.casefold()
        if key not in seen:
            seen.add(key)
            result.append(note)
    return result
