"""Small helpers that let the beginner lessons (00, 01 and 03) show things with one function call.

A beginner lesson asks nothing of a student but calling a function: these
helpers do the loops and the formatting the lessons used to do in their
cells. Text results are :class:`Text`, which a notebook shows as plain lines.

>>> import mjlearn as mj
>>> hand_list(mj.parse_line("FF 222 444 r666 888"), limit=2)
FF 222B 444B 666C 888C
FF 222B 444B 666D 888D
... and 4 more (6 hands in all)
>>> groups(mj.parse_line("FF 1111 NEWS DDDD"))
FF 1111 NEWS DDDD X25   for example FF 1111B NEWS GGGG
   pair    Flower
   kong    1 Bam
   single  North
   single  East
   single  West
   single  South
   kong    Green Dragon
>>> try_line("FF 222 444 666 88")
line 1, column 1: 13 tiles; a hand needs 14
  FF 222 444 666 88
  ^
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import HandError, MJCLError
from ..tiles import COPIES, Suit, Tile
from ..wording import counted

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..card import Line
    from ..hands import HandLike
    from ..resources import CardLike
    from .checks import Check

__all__ = ["Text", "hand_list", "groups", "try_line", "tile_set_table", "lines_table", "check_line_name",
           "check_completes", "GROUP_NAMES"]

GROUP_NAMES = {1: "single", 2: "pair", 3: "pung", 4: "kong", 5: "quint", 6: "sextet"}
"""What players call a group of 1 to 6 identical tiles."""


@dataclass(frozen=True)
class Text:
    """Lines of text that a notebook shows as they are (no quotes, no escaped newlines).

    >>> Text("two\\nlines")
    two
    lines
    """

    text: str

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            from ..analysis.arguments import text_argument

            text_argument("text", self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


def hand_list(line: Line, limit: int | None = None) -> Text:
    """The concrete hands of ``line``, one a line (the first ``limit`` of them, and how many more).

    >>> import mjlearn as mj
    >>> hand_list(mj.parse_line("FF 2222 4444 DDDD"))
    FF 2222B 4444B GGGG
    FF 2222C 4444C RRRR
    FF 2222D 4444D 0000
    """
    from .checks import _line

    if limit is not None and type(limit) is not int:  # (the check is loaded only for another value)
        from ..analysis.arguments import whole_argument

        limit = whole_argument("limit", limit, "a whole number (or None)")
    hands = _line(line).hands()
    shown = hands if limit is None else hands[: max(0, limit)]
    rows = [str(hand) for hand in shown]
    if len(shown) < len(hands):
        rows.append(f"... and {len(hands) - len(shown)} more ({counted(len(hands), 'hand')} in all)")
    return Text("\n".join(rows))


def groups(line: Line) -> Text:
    """The groups of the line's first hand, one a line, named (pair, pung, kong...): which tiles a joker may
    fill (groups of 3 or more) and which it may not (singles and pairs)."""
    from .checks import _line

    hand = _line(line).hands()[0]
    rows = [f"{line.mjcl}   for example {hand}"]
    rows += [f"   {GROUP_NAMES[size]:7} {Tile.from_notation(tile).long_name}" for tile, size in hand.groups]
    return Text("\n".join(rows))


def try_line(text: str) -> Line | Text:
    """The line written in ``text`` (MJCL), or, when it has a mistake, the message that says what and where.

    >>> try_line("FF 222 444 666 888").count_hands()
    3
    """
    from ..card import parse_line

    try:
        return parse_line(text)
    except MJCLError as error:
        return Text(str(error).rstrip("\n"))


def tile_set_table() -> pandas.DataFrame:
    """The 152 tiles of a set, family by family: how many kinds, copies of each, tiles in the set.

    >>> table = tile_set_table()
    >>> int(table.loc["total", "in the set"]), int(table.loc["flowers", "copies of each"])
    (152, 8)
    """
    import pandas as pd

    families = {f"{suit.long_name.lower()}s 1-9": [t for t in Tile if t.suit == suit] for suit in Suit}
    families.update({
        "winds N E W S": [t for t in Tile if t.is_wind],
        "dragons G R 0": [t for t in Tile if t.is_dragon],
        "flowers": [Tile.FLOWER],
        "jokers": [Tile.JOKER],
    })
    rows: list[tuple[str, int, int | str, int]] = [
        (name, len(kinds), COPIES[kinds[0]], sum(COPIES[t] for t in kinds)) for name, kinds in families.items()]
    rows.append(("total", sum(r[1] for r in rows), "", sum(r[3] for r in rows)))
    return pd.DataFrame(rows, columns=["tiles", "kinds", "copies of each", "in the set"]).set_index("tiles")


def lines_table(card: CardLike, concealed: bool | None = None) -> pandas.DataFrame:
    """The card's lines as a table (section, line number, MJCL, value, hands); only the concealed lines with
    ``concealed=True``, only the exposed ones with ``False``.

    >>> import mjlearn as mj
    >>> lines_table(mj.load_card("basic1"), concealed=True)["line"].tolist()
    [5, 1, 2, 3, 4]
    """
    from ..resources import as_card

    stats = as_card(card).stats()
    if concealed is not None:
        stats = stats[stats["concealed"] == bool(concealed)]
    return stats[["category", "line", "mjcl", "value", "hands"]].reset_index(drop=True)


def check_line_name(answer: object, line: Line, card: CardLike = "basic1", question: str = "", hint: str = "",
                    why: str = "") -> Check:
    """What do players call ``line``? Right for its section and number written any usual way (``"2468 #2"``,
    ``"2468 line 2"``, ``"2468 2"``, ``("2468", 2)``); a wrong line is told what that line looks like, so the
    student can compare it with the one asked about.

    >>> import mjlearn as mj
    >>> garden = mj.load_card("practice_garden")
    >>> check_line_name("2468 line 2", garden.line("2468", 2), garden, "name the line").correct
    True
    >>> check_line_name("2468 #1", garden.line("2468", 2), garden)
    Not yet. 2468 #1 is another line: 2222 + 4444 = 6666 rDD X25 (Any 1 Suit, Opp Dragon).
    >>> check_line_name("2486 #1", garden.line("2468", 2), garden).status
    'unreadable'
    """
    from ..resources import as_card
    from .checks import _line, not_yet, read_answer, right
    from .graded import line_name
    from .reading import read_line

    card, line = as_card(card), _line(line)
    named, early = read_answer(answer, question, read_line, card)
    if early is not None:
        return early
    if (named.category, named.number) == (line.category, line.number):
        return right(question, why)
    return not_yet(question, f"{line_name(named)} is another line: {named.mjcl}.", hint)


def check_completes(answer: object, rack: HandLike, card: CardLike = "basic1", question: str = "",
                    exposures: Iterable[HandLike] = (), hint: str = "", why: str = "") -> Check:
    """Which tiles finish this hand? Any tiles that, added to ``rack`` (and its ``exposures``), win a line of
    the card are right: the real tiles or jokers where a joker may stand. A wrong answer hears how many
    tiles are missing, or which of its tiles the nearest line has no use for; never the tiles it needs.

    >>> check_completes("8b 8b", "FF 444B 666B 8B", exposures=["222B"]).correct
    True
    >>> check_completes("8B joker", "FF 444B 666B 8B", exposures=["222B"]).correct
    True
    >>> check_completes("8B", "FF 444B 666B 8B", exposures=["222B"])
    Not yet. The hand needs 2 more tiles; you gave 1.
    >>> check_completes("8B N", "FF 444B 666B 8B", exposures=["222B"])
    Not yet. With those tiles the hand wins no line: N is not in the hand of 2468 #1 nearest to your tiles.
    """
    from collections import Counter

    from ..analysis.arguments import exposures_argument

    from ..hands import Hand, as_hand
    from ..resources import as_card
    from ..tiles import tile_token
    from .checks import not_yet, read_answer, right
    from .graded import line_name
    from .reading import read_tiles

    card = as_card(card)
    tiles, early = read_answer(answer, question, read_tiles)
    if early is not None:
        return early
    rack = as_hand(rack, "rack")
    shown = [as_hand(e, "exposures") for e in exposures_argument(exposures)]
    missing = 14 - len(rack) - sum(len(e) for e in shown)
    if len(tiles) != missing:
        return not_yet(question, f"The hand needs {counted(missing, 'more tile')}; you gave {len(tiles)}.", hint)
    try:
        wins = card.match(Hand(list(rack.tiles()) + list(tiles)), exposures=shown)
    except HandError as error:  # a fifth copy of a tile: the answer is impossible
        return not_yet(question, f"That cannot be: {str(error).splitlines()[0]}.", hint)
    if wins:
        return right(question, why or f"That makes {line_name(wins[0])}.")
    nearest = card.closest(rack, n=1, exposures=shown, partial=True).iloc[0]
    held = Counter(rack.tiles()) + Counter(t for e in shown for t in e.tiles())
    still_needed = Counter(Hand(nearest["hand"]).tiles()) - held
    natural: list[Tile] = [t for t in tiles if t != Tile.JOKER]
    unused = Counter(natural) - still_needed
    name = f"{nearest['category']} #{nearest['line']}"
    if unused:
        listed = " and ".join(tile_token(int(t), n) for t, n in sorted(unused.items()))
        verb = "is" if sum(unused.values()) == 1 else "are"
        return not_yet(question, f"With those tiles the hand wins no line: {listed} {verb} not in the hand of"
                       f" {name} nearest to your tiles.", hint)
    return not_yet(question, "With those tiles the hand wins no line (a joker never stands in a single or a"
                   " pair).", hint)
