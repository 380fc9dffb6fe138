"""Card notes in words, derived from a line's suits and expanders.

A printed card explains each line in parentheses: "(Any Like Nos)", "(Any 3
Suits)", "(These Nos Only)". :func:`line_notes` writes those notes from the
MJCL; a line's own notes, where it has any, are shown instead:

>>> from mjlearn.mjcl import parse_line_spec
>>> line_notes(parse_line_spec("FF 1111 NEWS r1111 L"))
['Any 2 Suits', 'Any Like Nos']
>>> line_notes(parse_line_spec("FF 2222 + 4444 = 6666 T"))
['Any 1 Suit', 'These Nos Only']
>>> line_notes(parse_line_spec("FF 2222 + 4444 = 6666 T (Any 1 Suit, These Nos)"))
['Any 1 Suit, These Nos']
>>> line_notes(parse_line_spec("FFF NNNN EEEE DDD >2WS"))
['Any Dragon', 'EEEE, WWWW or SSSS']
"""

from __future__ import annotations

from .syntax import DIGITS, GROUP_SIZE_CODES, Expander, LineSpec, Pattern

__all__ = ["any_suit_sets", "derived_notes", "line_notes"]

_SIZE_WORDS = {1: "Singles", 2: "Pairs", 3: "Pungs", 4: "Kongs", 5: "Quints", 0: "Sets"}
_SUIT_NAMES = {"m": "Bams", "c": "Craks", "d": "Dots"}
_PARITY = {"o": "Odd ", "e": "Even ", "a": "", "": ""}


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


def _suit_note(pattern: Pattern, expanders=()) -> list[str]:
    """Suit notes: how many suits the numbers take, and matching or opposite dragons."""
    purple = any_suit_sets(pattern, expanders)
    free = [(i, s) for i, s in enumerate(pattern.sets) if i not in purple]
    number_sets = [s for s in pattern.sets if any(g.char in DIGITS for g in s.groups)]
    dragon_sets = [s for _, s in free if any(g.char == "D" for g in s.groups) and not s.suit]
    colours = {s.colour for _, s in free if any(g.char in DIGITS for g in s.groups) and not s.suit}
    fixed = {s.suit for s in number_sets if s.suit}
    notes = []
    if colours:
        n = len(colours)
        notes.append(f"Any {n} Suit{'s' if n > 1 else ''}")
    elif len(fixed) == 1 and not any(i in purple for i, s in enumerate(pattern.sets) if s in number_sets):
        notes.append(f"{_SUIT_NAMES[next(iter(fixed))]} Only")
    if colours and dragon_sets:
        opposite = any(s.colour not in colours for s in dragon_sets)
        matching = len(colours) == 1 and any(s.colour in colours for s in dragon_sets)
        notes.append("Matching & Opp Dragons" if matching and opposite else "Opp Dragon" if opposite
                     else "Matching Dragon" if matching else "Dragons Match Their Suits")
    elif dragon_sets and not number_sets:
        n = len({s.colour for s in dragon_sets})
        notes.append(f"Any {n} Dragon{'s' if n > 1 else ''}" if n > 1 else "Any Dragon")
    return notes


def _either(items) -> str:
    """``"2, 4, 6 or 8"`` from ``"2468"`` (or from a list of strings)."""
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _numbers(pattern: Pattern) -> set[str]:
    """The number digits (1-9) a pattern's groups use; a zero (a white dragon) is not a number here."""
    return {g.char for s in pattern.sets for g in s.groups if g.char in "123456789"}


def _expander_note(e: Expander, pattern: Pattern) -> str | None:
    code, arg = e.code, e.arg
    if code == "T":
        return "These Nos Only"
    if code == "L":
        return f"Any Like {_PARITY[arg]}Nos"
    if code == "V":
        if len(_numbers(pattern)) == 1:  # one number throughout: it moves as like numbers, never as a run
            return f"Any Like {_PARITY[arg]}Nos"
        return f"Any {_PARITY[arg]}Run"
    if code == "U":
        return f"Any 2 Unlike {_PARITY[arg[3:]]}Nos"
    if code in "IAPKQZ":
        return f"{_SIZE_WORDS[GROUP_SIZE_CODES[code]]} of {arg[0]}: {_either(arg)}"
    if code == "*":
        return "Purple Sets Any Suit"
    if code == ">":
        chosen = pattern.sets[int(arg[0])]
        texts = [chosen.text(chosen.colour).lstrip("grbmcda")]
        texts += ["".join(value * g.size for g in chosen.groups) for value in arg[1:]]
        return _either(texts)
    if code == "Y":
        values = {"o": "Odd No", "e": "Even No"}.get(arg, "No " + _either(arg))
        return f"Later Pairs Any Like {values}"
    if code == "H":
        return "Any One Pair, Kongs Match It"
    if code == "#":
        return "Nos in Any Order"
    if code == "~":
        return "Or Opp Winds"
    if code == "!":
        return "Only " + _either(arg)
    return None


def derived_notes(spec: LineSpec) -> list[str]:
    """The notes a printed card would show for the line's suits and expanders."""
    notes: list[str] = []
    pattern = spec.patterns[0]
    notes.extend(_suit_note(pattern, spec.expanders))
    if any(s.any_suit for p in spec.patterns for s in p.sets if s.is_suited):
        notes.append("Purple Sets Any Suit")
    for e in spec.expanders:
        note = _expander_note(e, pattern)
        if note in notes:
            continue
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
