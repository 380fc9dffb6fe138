"""Fuzz the MJCL parser and the tile notation with inputs made from real card text.

Each input starts from real text (the bundled cards' lines and the worked examples of
the MJCL semantics page, or concrete hands of the bundled cards) and is then mutated:
characters inserted, deleted or replaced, codes duplicated, lines spliced, digits of
other scripts, combining marks, lone surrogates, right-to-left marks, emoji and NUL
put in, huge numbers appended; a few inputs are not text at all. Every input must be
accepted or refused with a documented mjlearn error whose line and column (or
position) lie inside the text; anything else is counted and shown.

    python tools/fuzz_mjcl.py                 # 20,000 card inputs and 20,000 hand strings, seed 12
    python tools/fuzz_mjcl.py --cards 2000 --hands 2000 --seed 7

The same generators feed the property tests in ``tests/test_fuzz_mjcl.py``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

import mjlearn as mj
from mjlearn.errors import MJCLError, MjlearnError, NotationError
from mjlearn.resources import card_path

# The worked examples of the MJCL semantics page (mjcl-semantics.md).
SEMANTICS_LINES = [
    "FF 222 444 666 888",
    "FF 1111 NEWS DDDD INEWS",
    "FF 1111 NEWS DDDD L",
    "FF 11111 NN r22222 UQ12",
    "FF 11 333 r5555 b777 Vo",
    "FF 1111 a22 b1111 DD *2",
    "FFF NNNN EEEE DDD >2WS",
    "44 11 r11 b11 FFFF SS Ye",
    "11 3 5 7 9 1111 r1111 H01234",
    "333 6666 r666 9999 #",
    "NN EEE WWW SS 1111 L ~",
    "FF 1111 NN r11 b1111 !369 L",
    "FF 2222 4444 r6666 | FF 6666 8888 r2222",
    "FFF 111 r111 NNN EE | FFF 222 r222 SSS WW PNS",
    "22 444 r44 666 8888",
    "FF 1111 r1111 b1111 L",
]

# Characters a mutation may put in: MJCL's own, then other scripts' digits, combining
# marks, a lone surrogate, bidi marks, emoji, NUL, odd spaces and line breaks, quotes.
MJCL_CHARS = "TIAPKQZLUV*>YH#~!oeXC|()+-=x/ 0123456789DGRFNEWSgrbmcda\"\t"
NOTATION_CHARS = "123456789BCDbcdRG0NEWSFJ "
UNICODE_BITS = [
    "\u0663", "\u0e53", "\uff13", "\u09e9", "\U0001d7d1",  # digits of other scripts
    "\u0301", "\u0308\u0308",  # combining marks
    "\ud800", "\udfff",  # lone surrogates
    "\u202e", "\u200f", "\u2067",  # right-to-left
    "\U0001f004", "\U0001f600",  # emoji (one is a mah jongg tile)
    "\x00", "\u00a0", "\u2028", "\x85", "\r", "\ufeff", "\u201c", "\u201d", "\u00bd", "\u2155",
]
WRONG_TYPES: list[object] = [None, 0, 25, -1, 2.5, b"FF 222 444 666 888", bytearray(b"FF"), ["FF"], ("F",), {"F": 1}, object()]


def seed_cards() -> list[str]:
    """The bundled cards' text."""
    return [card_path(name).read_text(encoding="utf-8") for name in mj.list_cards()]


def seed_lines() -> list[str]:
    """Every line of the bundled cards and the semantics page's examples."""
    lines = [line for text in seed_cards() for line in text.splitlines() if line.strip()]
    return lines + SEMANTICS_LINES


def seed_hands() -> list[str]:
    """Concrete hands (and racks) written in the tile notation, from the bundled cards."""
    hands = [str(hand) for _, hand in mj.load_card("basic1").iter_hands()]
    return hands + [str(mj.Hand(h).naturals) for h in hands[:40]]


def huge_number(rng: random.Random) -> str:
    return rng.choice(["100001", "99999999999999999999", str(2**64), "9" * rng.choice([50, 900, 5000, 20000]), "0" * 3000 + "7"])


def mutate(text: str, rng: random.Random, pool: list[str], alphabet: str) -> str:
    """``text`` after one random mutation."""
    kind = rng.randrange(9)
    at = rng.randint(0, len(text))
    if kind == 0:  # insert characters
        return text[:at] + "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3))) + text[at:]
    if kind == 1:  # delete a slice
        return text[:at] + text[at + rng.randint(1, 4) :]
    if kind == 2 and text:  # replace a character
        at = min(at, len(text) - 1)
        return text[:at] + rng.choice(alphabet) + text[at + 1 :]
    if kind == 3:  # unicode
        return text[:at] + rng.choice(UNICODE_BITS) + text[at:]
    if kind == 4:  # duplicate a token (codes above all), joined or apart
        tokens = text.split() or [text]
        token = rng.choice(tokens)
        joiner = rng.choice(["", " "])
        return text + " " + joiner.join([token] * rng.choice([2, 3, 31, 1000, 2000]))
    if kind == 5:  # splice with another piece of real text
        other = rng.choice(pool)
        return text[:at] + other[rng.randint(0, len(other)) :]
    if kind == 6:  # a huge value or bonus
        return text + rng.choice([" X", " C", " +", "+", " X "]) + huge_number(rng)
    if kind == 7:  # swap two lines, or repeat one
        lines = text.split("\n")
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        if rng.random() < 0.5:
            lines[i], lines[j] = lines[j], lines[i]
        else:
            lines.insert(i, lines[j])
        return "\n".join(lines)
    return text.upper() if rng.random() < 0.5 else text.lower()


def card_input(rng: random.Random, lines: list[str], cards: list[str]) -> object:
    """A card (or a single hand line, or not text at all) to read."""
    roll = rng.random()
    if roll < 0.02:
        return rng.choice(WRONG_TYPES)
    if roll < 0.45:
        text = rng.choice(lines)
    elif roll < 0.50:
        text = rng.choice(cards)
    else:
        body = [rng.choice(lines) for _ in range(rng.randint(1, 6))]
        text = f"Fuzz Card{rng.choice(['', ' +10'])}\n\"Fuzz\"\n" + "\n".join(body)
    for _ in range(rng.randint(0, 4)):
        text = mutate(text, rng, lines, MJCL_CHARS)
    return text


def hand_input(rng: random.Random, hands: list[str]) -> object:
    """A string in the tile notation (or not text at all) to read as a hand."""
    roll = rng.random()
    if roll < 0.02:
        return rng.choice(WRONG_TYPES)
    if roll < 0.03:
        return rng.choice("1F ") * rng.choice([2_001, 100_000, 1_000_000])
    text = rng.choice(hands)
    for _ in range(rng.randint(0, 4)):
        text = mutate(text, rng, hands, NOTATION_CHARS)
    return text


def position_inside(error: MjlearnError, text: object) -> bool:
    """Whether the error's line and column (MJCL) or position (notation) lie inside ``text``."""
    if isinstance(error, MJCLError):
        if not isinstance(text, str):
            return (error.line, error.column) == (1, 1)
        if "\n" in text:  # a card: its lines as the parser splits them
            lines = text.removeprefix("\ufeff").splitlines() or [""]
        else:  # a single hand line: the whole text, whatever other breaks it holds
            lines = [text]
        if not 1 <= error.line <= len(lines):
            return False
        return 1 <= error.column <= len(lines[error.line - 1]) + 1
    if isinstance(error, NotationError) and error.position is not None:
        return 0 <= error.position <= len(error.text)  # the text read: the input, or one item of a list
    return True


def read_card_or_line(text: object) -> object:
    """What a user does with card text: a whole card is read, a single line expanded."""
    if isinstance(text, str) and "\n" not in text:
        return mj.parse_line(text).hands()
    return mj.parse_card(text)  # type: ignore[arg-type]


def classify(call: Callable[[object], object], value: object) -> tuple[str, float, str]:
    """``("accepted" | "refused" | "other", seconds, what happened)`` for one call."""
    start = time.perf_counter()
    try:
        call(value)
        outcome, detail = "accepted", ""
    except MjlearnError as error:
        inside = position_inside(error, value)
        outcome = "refused" if inside else "other"
        detail = "" if inside else f"position outside the text: {error!r}"[:300]
    except Exception as error:  # noqa: BLE001 - counting these is the point
        outcome, detail = "other", f"{type(error).__name__}: {error}"[:300]
    return outcome, time.perf_counter() - start, detail


def run(area: str, call: Callable[[object], object], inputs: list[object]) -> dict:
    counts = {"accepted": 0, "refused": 0, "other": 0}
    slowest, slowest_input, others = 0.0, None, []
    for value in inputs:
        outcome, seconds, detail = classify(call, value)
        counts[outcome] += 1
        if seconds > slowest:
            slowest, slowest_input = seconds, value
        if detail and len(others) < 5:
            others.append((repr(value)[:120], detail))
    return {"area": area, "inputs": len(inputs), **counts, "slowest": slowest, "slowest_input": slowest_input, "others": others}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=20_000, help="MJCL inputs (default 20,000)")
    parser.add_argument("--hands", type=int, default=20_000, help="hand strings (default 20,000)")
    parser.add_argument("--seed", type=int, default=12, help="random seed (default 12)")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    lines, cards, hands = seed_lines(), seed_cards(), seed_hands()
    card_inputs = [card_input(rng, lines, cards) for _ in range(args.cards)]
    hand_inputs = [hand_input(rng, hands) for _ in range(args.hands)]
    results = [run("MJCL cards and lines", read_card_or_line, card_inputs), run("hand notation", mj.Hand, hand_inputs)]
    print(f"seed {args.seed}")
    print(f"{'area':<22} {'inputs':>7} {'accepted':>9} {'refused':>8} {'other':>6} {'slowest':>10}")
    for r in results:
        print(f"{r['area']:<22} {r['inputs']:>7,} {r['accepted']:>9,} {r['refused']:>8,} {r['other']:>6,} {r['slowest'] * 1000:>8.1f} ms")
    for r in results:
        print(f"slowest {r['area']}: {r['slowest_input']!r}"[:200])
        for value, detail in r["others"]:
            print(f"  OTHER {value}\n    {detail}")
    return 1 if any(r["other"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
