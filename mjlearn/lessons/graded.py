"""Questions with more than one good answer, graded by the coach: what to pass, what to throw, which line.

Each checker takes everything it needs as arguments (the rack, the card...),
so an exercise cell works after a kernel restart. It reads the answer as
people write it (:mod:`mjlearn.lessons.reading`), grades it ``"good"``, ``"fine"``
or ``"costly"`` by the coach's chances, and explains: which tile a line
needed, which rule a pass broke. A wrong answer never shows the best one.

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> rack = "FF 222B 444B 666B 8B N S"
>>> check_pass("n s f", rack, card)
Right! That pass keeps 2468 #1 in reach (23.9% to finish it in 18 draws, counting the 3 tiles you get back).
>>> check_pass("N 2B 4B", rack, card)
Not yet. You passed 2B and 4B, which 2468 #1 needs. That pass leaves 2468 #1 at 6.8% (the best pass keeps 23.9%).
>>> check_pass("N S J", "FF 222B 444B 666B N S J", card)
Not yet. You passed a joker: jokers may never be passed in the Charleston.
>>> check_discard("N", rack, card)
Right! Keeps 2468 #1 in reach (24.5% in 12 draws); FF 222B 444B 666B 888B has no N.
>>> check_line("2468 #1", rack, card)
Right! 2468 #1 is 2 tiles away; no live line is nearer.

A live discard: call it (for what, with how many jokers) or let it go?

>>> check_call("let it go", "FF 222B 444B 66B 88B N", "8B", card)
Not yet. Letting it go leaves 2468 #1 at 24.2% in 12 draws; the best answer gives 61.0%.
>>> check_call("pung", "FF 222B 444B 66B 88B N", "8B", card)
Right! Calling a pung of 8B brings 2468 #1 from 24.2% to 61.0% in 12 draws (then throw N).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..errors import ArgumentError
from ..tiles import COPIES, Tile, tile_token
from ..wording import counted, listed
from .checks import Check, _line, not_yet, partial, read_answer, right
from .reading import CALL_SIZES, read_call, read_line, read_tiles

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..analysis.chances import LineChances
    from ..analysis.position import ExposureLike
    from ..card import Card, Line
    from ..hands import Hand, HandLike
    from ..resources import CardLike
    from ..rules.charleston import Charleston
    from ..rules.game import Game
    from ..rules.ruleset import Ruleset

__all__ = ["check_pass", "check_discard", "check_line", "grade_passes", "PassGrade", "GOOD", "FINE", "NEGLIGIBLE",
           "line_name", "percent", "nearest_lines", "check_safe_discard", "SAFE_FACTOR", "SAFE_MARGIN", "check_call",
           "CallGrade", "grade_calls", "call_label"]

GOOD = 0.9
"""An answer whose chance is at least this share of the best answer's is "good"."""
FINE = 0.6
"""At least this share (and less than :data:`GOOD`) is "fine"; less is "costly"."""
NEGLIGIBLE = 1e-4
"""Below this chance for the best pass, passes are graded by the distance to the nearest line. (Not
higher: with jokers on the rack the nearest line is often one they cannot help, Singles and Pairs, and a
small chance of a line with groups is the better plan.)"""


def line_name(line: Line) -> str:
    """How people name a line: its section and number, ``"2468 #1"``."""
    line = _line(line)
    return f"{line.category} #{line.number}"


def percent(p: float) -> str:
    """A chance for people: ``"23.9%"``; small ones with two figures, ``"0.033%"``; ``"under 0.001%"``.

    >>> percent(0.239), percent(0.00033), percent(0.0)
    ('23.9%', '0.033%', 'under 0.001%')
    """
    from ..analysis.arguments import amount_argument

    p = amount_argument("p", p)
    if p >= 0.01:
        return f"{p:.1%}"
    return f"{float(f'{p * 100:.2g}'):g}%" if p >= 0.00001 else "under 0.001%"


def _card(card: CardLike) -> Card:
    """The card of an exercise: a Card, a bundled card's name or a ``.mjcl`` path (:func:`~mjlearn.resources.as_card`)."""
    from ..resources import as_card

    return as_card(card)


def _game(game: object, name: str = "game") -> Game:
    """``game`` if it is a :class:`~mjlearn.rules.Game`, else an :class:`~mjlearn.errors.ArgumentError` naming
    the argument (every helper of the lessons that takes a game checks it here)."""
    from ..analysis.arguments import instance_argument
    from ..rules.game import Game

    return instance_argument(name, game, Game, "a Game")


def _charleston(charleston: object) -> Charleston:
    """``charleston`` if it is a :class:`~mjlearn.rules.Charleston`, else an
    :class:`~mjlearn.errors.ArgumentError` naming it."""
    from ..analysis.arguments import instance_argument
    from ..rules.charleston import Charleston

    return instance_argument("charleston", charleston, Charleston, "a Charleston (mjlearn.rules.Charleston)")


def _table(table: object, columns: Sequence[str] = (), what: str = "a table (a pandas DataFrame)",
           name: str = "table") -> pandas.DataFrame:
    """``table`` if it is a pandas DataFrame with ``columns``, else an :class:`~mjlearn.errors.ArgumentError` that
    says the argument ``name`` must be ``what``."""
    import pandas as pd

    from ..analysis.arguments import instance_argument

    instance_argument(name, table, pd.DataFrame, what)
    absent = [column for column in columns if column not in table.columns]
    if absent:
        raise ArgumentError(f"{name} must be {what}; it has no column {absent[0]!r}")
    return table


def _grade(score: float, best: float) -> str:
    """``"good"``, ``"fine"`` or ``"costly"``: ``score`` as a share of ``best``."""
    if best <= 0 or score >= GOOD * best:
        return "good"
    return "fine" if score >= FINE * best else "costly"


# -- passes -------------------------------------------------------------------------------------------------

class PassGrade:
    """Every legal pass of ``count`` tiles from a rack, scored as the coach scores the Charleston.

    A pass's chance is that of the best line's most likely hand after it
    (:func:`~mjlearn.analysis.chances.line_chances`), drawing the tiles you get
    back and :data:`~mjlearn.analysis.advice.PASS_DRAWS` more from the tiles you
    have not seen; jokers never go. Passes are graded by their chance against
    the best pass's (:data:`GOOD`, :data:`FINE`). When even the best pass's
    chance is below :data:`NEGLIGIBLE` (a rack far from every line), chances
    cannot tell passes apart and they are graded by the distance to the
    nearest line instead: the nearest is good, one tile further fine. Build it
    with :func:`grade_passes`.
    """

    def __init__(self, card: CardLike, rack: HandLike, count: int = 3, ruleset: Ruleset | str | None = None):
        from ..analysis.advice import PASS_DRAWS
        from ..analysis.arguments import count_argument, ruleset_argument
        from ..analysis.chances import line_chances
        from ..engine.compiled import counts_of
        from ..analysis.position import read_position

        self.card = _card(card)
        self.rack, _ = read_position(rack, (), sizes=(13, 14))  # a rack in the Charleston
        self.count = count_argument("count", count, minimum=1, maximum=3)
        self.compiled = self.card.compiled(ruleset_argument(ruleset))
        self.counts = counts_of(self.rack)
        self.draws = PASS_DRAWS + self.count
        unseen = np.asarray(COPIES, dtype=np.int16) - self.counts
        natural = [t for t in self.rack.tiles() if t != Tile.JOKER]
        cache: dict = {}
        self.results: dict[tuple[int, ...], LineChances] = {}
        for chosen in sorted(set(combinations(sorted(int(t) for t in natural), self.count))):
            kept = self.counts.copy()
            for kind in chosen:
                kept[kind] -= 1
            self.results[chosen] = line_chances(self.compiled, kept, (), unseen, self.draws, samples=0, cache=cache)
        best_chance = max(self.chance(key) for key in self.results)
        self.by_distance = best_chance < NEGLIGIBLE
        self.best_pass = min(self.results, key=self._rank)
        self.best = self.chance(self.best_pass)

    def _pass(self, chosen: object) -> tuple[int, ...]:
        """``chosen`` if it is a pass of this rack (a key of :attr:`results`), else an
        :class:`~mjlearn.errors.ArgumentError` naming it."""
        from ..analysis.arguments import key_argument

        return key_argument("chosen", chosen, self.results, "a pass of this rack: a sorted tuple of its"
                            " tile codes, one of the keys of results")

    def _line(self, line: object) -> int:
        """``line`` if it is the index of one of the card's lines."""
        from ..analysis.arguments import count_argument

        return count_argument("line", line, maximum=len(self.compiled.lines) - 1)

    def chance(self, chosen: tuple[int, ...]) -> float:
        """The chance of the best line after the pass ``chosen``."""
        return float(self.results[self._pass(chosen)].p_best_hand.max())

    def distance(self, chosen: tuple[int, ...]) -> int:
        """Tiles from the nearest line after the pass ``chosen``."""
        return int(self.results[self._pass(chosen)].distance.min())

    def _rank(self, chosen: tuple[int, ...]) -> tuple[float, float, tuple[int, ...]]:
        if self.by_distance:
            return (self.distance(chosen), -self.chance(chosen), chosen)
        return (-self.chance(chosen), self.distance(chosen), chosen)

    def grade(self, chosen: tuple[int, ...]) -> str:
        """``"good"``, ``"fine"`` or ``"costly"``."""
        chosen = self._pass(chosen)
        if not self.by_distance:
            return _grade(self.chance(chosen), self.best)
        extra = self.distance(chosen) - self.distance(self.best_pass)
        return "good" if extra <= 0 else "fine" if extra == 1 else "costly"

    def target(self, chosen: tuple[int, ...]) -> int:
        """The index of the line the pass ``chosen`` plays for: the best chance (or, graded by distance,
        the nearest line, then the best chance); ties go to card order."""
        result = self.results[self._pass(chosen)]
        if self.by_distance:
            return int(np.lexsort((-result.p_best_hand, result.distance))[0])
        return int(np.argmax(result.p_best_hand))

    def needed(self, chosen: tuple[int, ...], line: int) -> list[Tile]:
        """The passed tiles that ``line``'s likeliest hand (after the best pass) would have used."""
        chosen, line = self._pass(chosen), self._line(line)
        hand = int(self.results[self.best_pass].best_hand[line])
        passed = Counter(chosen)
        return [Tile(k) for k in sorted(passed, key=lambda k: (Tile(k).is_flower is False, k))
                if self.counts[k] - passed[k] < min(int(self.counts[k]), int(self.compiled.total[hand, k]))]

    def passes(self, grade: str = "good") -> list[list[Tile]]:
        """Every pass with that grade, best first."""
        ranked = sorted(self.results, key=self._rank)
        return [[Tile(k) for k in key] for key in ranked if self.grade(key) == grade]

    def effect(self, chosen: tuple[int, ...], line: int) -> str:
        """What the pass ``chosen`` leaves of ``line``, against the best pass: a clause for people."""
        chosen, line = self._pass(chosen), self._line(line)
        name = line_name(self.compiled.lines[line])
        if self.by_distance:
            return (f"That pass leaves you {counted(self.distance(chosen), 'tile')} from the nearest line (the best"
                    f" pass leaves {self.distance(self.best_pass)}, with {name}).")
        return (f"That pass leaves {name} at {percent(float(self.results[chosen].p_best_hand[line]))}"
                f" (the best pass keeps {percent(self.best)}).")

    def check(self, answer: object, question: str = "", hint: str = "") -> Check:
        """Grade a student's pass (what :func:`check_pass` does, without scoring the passes again)."""
        tiles, early = read_answer(answer, question, read_tiles)
        if early is not None:
            return early
        refusal = _pass_refusal(tiles, self.rack, self.count)
        if refusal:
            return not_yet(question, refusal, hint)
        chosen = tuple(sorted(int(t) for t in tiles))
        grade = self.grade(chosen)
        if grade == "good":
            mine = self.target(chosen)
            name = line_name(self.compiled.lines[mine])
            result = self.results[chosen]
            if self.by_distance:
                reach = f"{counted(int(result.distance[mine]), 'tile')} away, as near as any pass leaves a line"
            else:
                reach = (f"{percent(float(result.p_best_hand[mine]))} to finish it in {self.draws} draws,"
                         f" counting the {counted(self.count, 'tile')} you get back")
            return right(question, f"That pass keeps {name} in reach ({reach}).", grade)
        target = self.target(self.best_pass)
        lost = self.needed(chosen, target)
        parts = []
        if lost:
            passed = Counter(chosen)
            names = [tile_token(int(t), passed[int(t)]) for t in lost]
            parts.append(f"You passed {listed(names)}, which {line_name(self.compiled.lines[target])} needs.")
        parts.append(self.effect(chosen, target))
        if grade == "fine":
            return Check(True, "fine", f"Fine{': ' + question if question else ''}, but a better pass exists. "
                         + " ".join(parts), grade)
        return not_yet(question, " ".join(parts), hint, grade, partial(self.overlap(chosen) / self.count))

    def overlap(self, chosen: tuple[int, ...]) -> int:
        """How many tiles the pass ``chosen`` shares with the good pass nearest to it."""
        mine = Counter(self._pass(chosen))
        return max(sum((mine & Counter(int(t) for t in good)).values()) for good in self.passes("good"))


def grade_passes(card: CardLike, rack: HandLike, count: int = 3, ruleset: Ruleset | str | None = None) -> PassGrade:
    """All passes of ``count`` tiles from ``rack`` scored (see :class:`PassGrade`): for answer keys.

    >>> import mjlearn as mj
    >>> grades = grade_passes(mj.load_card("basic1"), "FF 222B 444B 666B 8B N S")
    >>> [" ".join(t.notation for t in p) for p in grades.passes("good")]
    ['N S F']
    """
    return PassGrade(card, rack, count, ruleset)


def _pass_refusal(tiles: list[Tile], rack: Hand, count: int) -> str:
    """Why a pass cannot be made, or ``""``."""
    if Tile.JOKER in tiles:
        return "You passed a joker: jokers may never be passed in the Charleston."
    if len(tiles) != count:
        return f"A pass is {counted(count, 'tile')}; you gave {len(tiles)}."
    for tile, n in Counter(tiles).items():
        held = rack.count(tile)
        if n > held:
            return (f"{tile.notation} is not on the rack." if not held
                    else f"You pass {n} {tile.notation} but the rack holds {held}.")
    return ""


def check_pass(answer: object, rack: HandLike, card: CardLike = "basic1", question: str = "",
               ruleset: Ruleset | str | None = None, count: int = 3, hint: str = "") -> Check:
    """Grade a Charleston pass of ``count`` tiles from ``rack``: any pass as good as the best (within
    :data:`GOOD`) is right; a "fine" one is accepted with a better one mentioned; a "costly" one is told
    which tiles its best line needed. An illegal pass (a joker, a tile not on the rack, the wrong
    number) says which rule it breaks."""
    _, early = read_answer(answer, question, read_tiles)
    if early is not None:
        return early
    return PassGrade(card, rack, count, ruleset).check(answer, question, hint)


# -- discards ------------------------------------------------------------------------------------------------

def check_discard(answer: object, rack: HandLike, card: CardLike = "basic1", question: str = "",
                  exposures: Iterable[ExposureLike] = (), visible: HandLike | None = None, draws: int = 12,
                  ruleset: Ruleset | str | None = None, hint: str = "") -> Check:
    """Grade the tile thrown from a 14-tile ``rack`` by :meth:`Card.discard_advice
    <mjlearn.card.Card.discard_advice>`: a throw whose expected value is within :data:`GOOD` of the best
    is right, and every answer hears the coach's reason for its own tile."""
    tiles, early = read_answer(answer, question, read_tiles)
    if early is not None:
        return early
    from ..hands import as_hand

    rack = as_hand(rack, "rack")
    if len(tiles) != 1 or tiles[0] not in rack:
        return _discard_refusal(tiles, question, hint)
    table = _card(card).discard_advice(rack, draws, exposures, visible, ruleset)
    return grade_discard(tiles[0], table, question, hint)


def _discard_refusal(tiles: list[Tile], question: str, hint: str) -> Check:
    if len(tiles) != 1:
        return not_yet(question, f"Throw one tile; you gave {len(tiles)}.", hint)
    return not_yet(question, f"{tiles[0].notation} is not on the rack.", hint)


def grade_discard(tile: Tile, table: pandas.DataFrame, question: str = "", hint: str = "") -> Check:
    """Grade the throw of ``tile`` (on the rack) by the coach's table of every throw
    (:meth:`Card.discard_advice <mjlearn.card.Card.discard_advice>`): what :func:`check_discard` does once
    the answer is read. With exposures no line of the card can use, the table is empty: no throw can win,
    so every throw is right."""
    from ..rules.arguments import tile_arg

    tile = tile_arg(tile, "tile")
    table = _table(table, ("tile", "ev", "distance", "reason", "category", "line", "p_win"),
                   "the coach's table of every throw (Card.discard_advice)")
    if not len(table):
        return right(question, "No line of the card can use these exposures: no throw can win, so any tile"
                               " will do (throw the safest).", "good")
    rows = table[table["tile"] == tile.notation]
    if rows.empty:
        raise ArgumentError(f"tile must be a tile of the table's rack (one of {' '.join(table['tile'])}),"
                            f" not {tile.notation!r}")
    row, best = rows.iloc[0], table.iloc[0]
    if best["ev"] > 0:
        grade = _grade(float(row["ev"]), float(best["ev"]))
    else:
        grade = "good" if row["distance"] <= best["distance"] else "costly"
    if grade == "good":
        return right(question, row["reason"], grade)
    better = (f"A better throw keeps {best['category']} #{best['line']} at {percent(float(best['p_win']))}."
              if best["ev"] > 0 else "Another throw keeps you nearer to a line.")
    why = f"Throwing {tile.notation}: {row['reason'][:1].lower()}{row['reason'][1:]} {better}"
    if grade == "fine":
        return Check(True, "fine", f"Fine{': ' + question if question else ''}, but not the best. {why}", grade)
    return not_yet(question, why, hint, grade)


# -- lines ----------------------------------------------------------------------------------------------------

def nearest_lines(card: CardLike, rack: HandLike, exposures: Iterable[ExposureLike] = (),
                  visible: HandLike | None = None,
                  ruleset: Ruleset | str | None = None) -> tuple[pandas.DataFrame, pandas.DataFrame]:
    """The lines a "which line is nearest" question accepts, and the whole :meth:`Card.closest
    <mjlearn.card.Card.closest>` table: every live line at the nearest distance of the live lines (the
    nearest dead ones when every line is dead).

    >>> import mjlearn as mj
    >>> good, _ = nearest_lines(mj.load_card("basic1"), "FF 222B 444B 666B 8B N S")
    >>> good[["category", "line", "distance"]].values.tolist()
    [['2468', 1, 2]]
    """
    table = _card(card).closest(rack, n=None, exposures=exposures, visible=visible, ruleset=ruleset)
    live = table[~table["dead"]] if (~table["dead"]).any() else table
    return live[live["distance"] == live["distance"].min()], table


def check_line(answer: object, rack: HandLike, card: CardLike = "basic1", question: str = "",
               exposures: Iterable[ExposureLike] = (), visible: HandLike | None = None,
               ruleset: Ruleset | str | None = None, hint: str = "") -> Check:
    """Which line is the rack nearest to? Any live line at the nearest distance (tiles away, jokers counted,
    the exposures allowing it; a line is dead when too few of its tiles are left unseen) is right, named as
    ``"2468 #1"``, ``"2468 line 1"``, ``("2468", 1)`` or a Line."""
    card = _card(card)
    line, early = read_answer(answer, question, read_line, card)
    if early is not None:
        return early
    good, table = nearest_lines(card, rack, exposures, visible, ruleset)
    nearest = int(good["distance"].iloc[0])
    rows = table[(table["category"] == line.category) & (table["line"] == line.number)]
    if rows.empty:
        return not_yet(question, f"Your exposures rule out {line_name(line)}.", hint, "costly")
    distance = int(rows["distance"].iloc[0])
    away = f"{line_name(line)} is {counted(distance, 'tile')} away"
    if ((good["category"] == line.category) & (good["line"] == line.number)).any():
        return right(question, f"{away}; no live line is nearer.", "good")
    if bool(rows["dead"].iloc[0]):
        return not_yet(question, f"{away} but dead: too few of the tiles it needs are left unseen.", hint,
                       "costly")
    return not_yet(question, f"{away}; the nearest live line is {counted(nearest, 'tile')} away.", hint,
                   "fine" if distance == nearest + 1 else "costly")


# -- defence --------------------------------------------------------------------------------------------------

SAFE_FACTOR = 2.0
"""A throw is as safe as the safest real tile when its danger is at most this many times that tile's ..."""
SAFE_MARGIN = 0.0005
"""... plus this much (a 0.05% chance): differences that small are noise in the coach's defence model."""


def check_safe_discard(answer: object, game: Game, seat: int | None = None, question: str = "",
                       hint: str = "") -> Check:
    """Grade a defensive throw from ``seat``'s rack (the seat whose turn it is by default) in ``game``, by
    the coach's defence model (:func:`mjlearn.rules.seat_danger`, which sees only what that seat sees).

    Right: a tile as safe as the safest real tile (within :data:`SAFE_FACTOR` and :data:`SAFE_MARGIN`),
    or a joker (never callable, always safe). Wrong: a hot tile, told whose exposures it could complete,
    or a riskier tile, told who could still use it. A wrong answer never names the safest tile.

    >>> import mjlearn as mj
    >>> from mjlearn.rules import Game
    >>> game = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 44B 6B 8B 3C 5D 7D N J"},
    ...     exposures={1: ["222C", "444C J"], 3: ["EEEE"]}, discards=[(3, "9D"), (1, "1B"), (2, "N")],
    ...     turn=0, phase="discard", seed=2)
    >>> check_safe_discard("8b", game)
    Not yet. 8B is a hot tile: it could give South Mah Jongg (South's exposures point at a line that needs it).
    >>> check_safe_discard("3 crak", game)
    Right! 3C is among the safest tiles on the rack: only West could still use it (0.015% danger).
    """
    tiles, early = read_answer(answer, question, read_tiles)
    if early is not None:
        return early
    from ..rules.coach_bot import seat_danger

    game = _game(game)
    seat = game.turn if seat is None else seat
    if len(tiles) != 1:
        return not_yet(question, f"Throw one tile; you gave {len(tiles)}.", hint)
    tile = tiles[0]
    table = seat_danger(game, seat)
    rows = table[table["tile"] == tile.notation]
    if rows.empty:
        return not_yet(question, f"{tile.notation} is not on the rack.", hint)
    row = rows.iloc[0]
    if tile == Tile.JOKER:
        return right(question, "A discarded joker can never be called, so it is always safe; but it is your most"
                               " useful tile, so throw it only when every other tile is dangerous.", "good")
    threats = [name.removesuffix(" (hot)") for name in str(row["threatens"]).split(", ") if name]
    if row["hot"]:
        hot = [name.removesuffix(" (hot)") for name in str(row["threatens"]).split(", ") if name.endswith(" (hot)")]
        who = listed(hot)
        return not_yet(question, f"{tile.notation} is a hot tile: it could give {who} Mah Jongg ({who}'s exposures"
                                 f" point at a line that needs it).", hint, "costly")
    danger = float(row["danger"])
    safest = float(table.loc[table["tile"] != Tile.JOKER.notation, "danger"].min())
    users = f"only {listed(threats)} could still use it" if threats else "no opponent's hand can use it"
    if danger <= SAFE_FACTOR * safest + SAFE_MARGIN:
        return right(question, f"{tile.notation} is among the safest tiles on the rack: {users}"
                               f" ({percent(danger)} danger).", "good")
    return not_yet(question, f"{tile.notation} is not hot, but {listed(threats)} could still use it"
                             f" ({percent(danger)} danger); safer tiles are on your rack.", hint, "costly")


# -- calls ------------------------------------------------------------------------------------------------------

def call_label(call: tuple) -> str:
    """An answer to a live discard in words, as the options of a call question show it (and as
    :func:`~mjlearn.lessons.reading.read_call` reads it back).

    >>> call_label(("pass",)), call_label(("call", 3, 0)), call_label(("call", 4, 2)), call_label(("mahjongg",))
    ('Let it go', 'Call a pung, no joker', 'Call a kong with 2 jokers', 'Call Mah Jongg')
    """
    if not isinstance(call, tuple) or not (call in (("pass",), ("mahjongg",)) or (
            len(call) == 3 and call[0] == "call" and call[1] in tuple(CALL_SIZES)
            and not isinstance(call[2], bool) and isinstance(call[2], int) and 0 <= call[2] < call[1])):
        from ..wording import shown

        raise ArgumentError("call must be ('pass',), ('mahjongg',) or ('call', size, jokers) for a group of 3 to 6"
                            f" (as read_call gives it), not {shown(call)}")
    if call[0] == "pass":
        return "Let it go"
    if call[0] == "mahjongg":
        return "Call Mah Jongg"
    _, size, jokers = call
    name = CALL_SIZES[size]
    return f"Call a {name}, no joker" if not jokers else f"Call a {name} with {counted(jokers, 'joker')}"


def _call_words(call: tuple, tile: Tile) -> str:
    """``"calling a pung of 8B with 1 joker"``: an answer in a sentence."""
    if call[0] == "pass":
        return "letting it go"
    if call[0] == "mahjongg":
        return "calling Mah Jongg"
    _, size, jokers = call
    return f"calling a {CALL_SIZES[size]} of {tile.notation}" + (f" with {counted(jokers, 'joker')}" if jokers else "")


class CallGrade:
    """Every answer to a live discard of ``tile``, scored as the coach scores calls: let it go, call it for a
    pung, kong, quint or sextet (with any number of jokers the rack can give), or call Mah Jongg.

    ``rack`` (13 tiles with ``exposures``) is the rack of the seat that may call; ``visible`` the other
    tiles it has seen (the discards before this one, the other seats' exposures). When the tile completes a
    hand of the card, Mah Jongg is the one right answer. Otherwise each answer is scored by the chance of
    the best line after it (:func:`~mjlearn.analysis.chances.line_chances` over ``draws`` draws; after a
    call, with the exposure shown and the rack's best throw made): an exposure whose chance is below
    letting the tile go is "costly" (it shows the table your hand and ties it to fewer lines for
    nothing); the others are graded against the best answer with :data:`GOOD` and :data:`FINE`. A
    false Mah Jongg makes the hand dead, and a call the rack cannot make is refused with the rule. When no
    answer keeps even a :data:`NEGLIGIBLE` chance, answers are graded by how near they leave the nearest
    line. Build it with :func:`grade_calls`.
    """

    def __init__(self, card: CardLike, rack: HandLike, tile: Tile | str | int,
                 exposures: Iterable[ExposureLike] = (), visible: HandLike | None = None, draws: int = 12,
                 ruleset: Ruleset | str | None = None):
        from ..analysis.arguments import count_argument, ruleset_argument
        from ..analysis.chances import FAR, line_chances
        from ..analysis.closest import seen_and_unseen
        from ..engine.compiled import counts_of
        from ..analysis.position import Exposure, read_position
        from ..hands import Hand
        from ..tiles import as_tile

        self.card = _card(card)
        self.ruleset = ruleset_argument(ruleset)
        self.rack, self.exposures = read_position(rack, exposures, sizes=(13,))
        try:
            self.tile = as_tile(tile)
        except Exception:  # noqa: BLE001 - any failure is a teacher's mistyped tile
            raise ArgumentError(f"tile must be the live discard, one tile such as '8B', not {tile!r}") from None
        if self.tile == Tile.JOKER:
            raise ArgumentError("a discarded joker cannot be called: the live discard must be another tile")
        self.draws = count_argument("draws", draws, minimum=1)
        self.compiled = self.card.compiled(self.ruleset)
        counts = counts_of(self.rack)
        seen = list(_seen(visible)) + [self.tile]
        _, unseen = seen_and_unseen(seen, counts, self.exposures)  # refuses a fifth tile
        self.wins = self.card.match(Hand(list(self.rack.tiles()) + [self.tile]), list(self.exposures),
                                    ruleset=self.ruleset)
        self.calls: dict[tuple, tuple[float, int, int, Tile | None]] = {}
        """Each answer the rack can give -> (chance, distance, the line it plays for, the tile thrown after)."""
        cache: dict = {}
        allowed: dict[tuple, bool] = {}

        def best_of(rack_counts: np.ndarray, shown: tuple) -> tuple[float, int, int]:
            key = tuple((int(e.tile), e.size, e.jokers) for e in shown)
            if key not in allowed:
                allowed[key] = not shown or len(self.compiled.exposed_distances(rack_counts, shown)[0]) > 0
            if not allowed[key]:
                return 0.0, int(FAR), -1  # no line allows these exposures: the hand is dead
            result = line_chances(self.compiled, rack_counts, shown, unseen, self.draws, samples=0, cache=cache)
            distance = np.where(result.dead | ~result.allowed, FAR, result.distance)
            line = int(np.lexsort((distance, -result.p_best_hand))[0])
            if result.p_best_hand[line] <= 0:
                line = int(np.lexsort((-result.p_best_hand, distance))[0])
            return float(result.p_best_hand.max()), int(distance.min()), line

        chance, distance, line = best_of(counts, self.exposures)
        self.calls[("pass",)] = (chance, distance, line, None)
        jokers_held, naturals_held = int(counts[Tile.JOKER]), int(counts[self.tile])
        for size in CALL_SIZES:
            for jokers in range(0, min(jokers_held, size - 1) + 1):
                if size - 1 - jokers > naturals_held:
                    continue
                rest = counts.copy()
                rest[self.tile] -= size - 1 - jokers
                rest[Tile.JOKER] -= jokers
                shown = tuple(self.exposures) + (Exposure(self.tile, size, jokers),)
                options = []
                for kind in np.flatnonzero(rest):
                    after = rest.copy()
                    after[kind] -= 1
                    options.append((*best_of(after, shown), Tile(int(kind))))
                if not options:
                    continue
                self.calls[("call", size, jokers)] = max(options, key=lambda o: (o[0], -o[1], -int(o[3])))
        self.by_distance = max(chance for chance, _, _, _ in self.calls.values()) < NEGLIGIBLE
        self.best = self.best_call()

    def _score(self, call: tuple) -> tuple[float, float]:
        chance, distance, _, _ = self.calls[call]
        return (-distance, chance) if self.by_distance else (chance, -distance)

    def best_call(self) -> tuple:
        """The best answer: Mah Jongg when the tile wins; else the answer with the best chance (or, far from
        every line, the nearest), letting it go when a call gains nothing."""
        if self.wins:
            return ("mahjongg",)
        return max(self.calls, key=lambda c: (*self._score(c), c == ("pass",)))

    def answers(self) -> list[tuple]:
        """Every answer the rack can give, best first (a false Mah Jongg last)."""
        ranked = sorted(self.calls, key=lambda c: (self._score(c), c == ("pass",)), reverse=True)
        return [("mahjongg",)] + ranked if self.wins else ranked + [("mahjongg",)]

    def _answer(self, call: object) -> tuple:
        """``call`` if it is an answer the rack can give (one of :meth:`answers`), else an
        :class:`~mjlearn.errors.ArgumentError` naming it."""
        from ..analysis.arguments import key_argument

        return key_argument("call", call, {*self.calls, ("mahjongg",)}, "an answer the rack can give, one of answers() (such as"
                            " ('pass',) or ('mahjongg',))")

    def grade(self, call: tuple) -> str:
        """``"good"``, ``"fine"`` or ``"costly"`` (an answer the rack can give: see :meth:`answers`)."""
        call = self._answer(call)
        if self.wins or call == ("mahjongg",):
            return "good" if self.wins and call == ("mahjongg",) else "costly"
        if call != ("pass",) and self._score(call) < self._score(("pass",)):
            return "costly"  # the exposure lowers the chance of letting the tile go
        if self.by_distance:
            extra = self.calls[call][1] - self.calls[self.best][1]
            return "good" if extra <= 0 else "fine" if extra == 1 else "costly"
        return _grade(self.calls[call][0], self.calls[self.best][0])

    def reason(self, call: tuple) -> str:
        """What this answer does, in a sentence."""
        call = self._answer(call)
        tile = self.tile.notation
        if self.wins:
            name = line_name(self.wins[0])
            if call == ("mahjongg",):
                return f"The {tile} completes {name}: it wins."
            words = _call_words(call, self.tile)
            return f"{words[:1].upper()}{words[1:]} gives up a win: the {tile} completes {name}."
        if call == ("mahjongg",):
            return (f"The {tile} does not complete your hand, and a call for Mah Jongg with tiles that do not win"
                    " makes your hand dead.")
        chance, distance, line, thrown = self.calls[call]
        passed = self.calls[("pass",)]
        words = _call_words(call, self.tile)
        words = words[:1].upper() + words[1:]
        if line < 0:
            return f"{words} leaves exposures that no line of the card allows: your hand would be dead."
        name = line_name(self.compiled.lines[line])
        throw = f" (then throw {thrown.notation})" if thrown is not None else ""
        if self.by_distance:
            return f"{words} leaves you {counted(distance, 'tile')} from {name}{throw}."
        if call == ("pass",):
            return f"{words} leaves {name} at {percent(chance)} in {self.draws} draws."
        before = passed[0]
        if chance < before:
            return (f"{words} lowers your best chance from {percent(before)} to {percent(chance)} ({name}"
                    f"{throw}), and shows the table what you collect.")
        return f"{words} brings {name} from {percent(before)} to {percent(chance)} in {self.draws} draws{throw}."

    def check(self, answer: object, question: str = "", hint: str = "") -> Check:
        """Grade a student's answer (what :func:`check_call` does, without scoring the answers again)."""
        call, early = read_answer(answer, question, read_call)
        if early is not None:
            return early
        if call[0] == "call":
            _, size, jokers = call
            if jokers is None:  # the rack's own tiles first
                jokers = max(0, size - 1 - int(self.rack.count(self.tile)))
            call = ("call", size, jokers)
            if call not in self.calls:
                held, spare = int(self.rack.count(self.tile)), int(self.rack.jokers)
                have = (f"You hold {held or 'no'} {self.tile.notation} and {spare or 'no'}"
                        f" {'joker' if spare == 1 else 'jokers'}")
                rule = (f"a {CALL_SIZES[size]} of {self.tile.notation} takes {size - 1} from your rack"
                        f" ({size - 1 - jokers} {self.tile.notation} and {jokers or 'no'}"
                        f" {'joker' if jokers == 1 else 'jokers'})")
                return not_yet(question, f"{have}: {rule}.", hint, "costly")
        grade = self.grade(call)
        why = self.reason(call)
        if grade == "good":
            return right(question, why, grade)
        if grade == "fine":
            return Check(True, "fine", f"Fine{': ' + question if question else ''}, but a better answer exists. "
                         f"{why}", grade)
        best = self.calls.get(self.best)
        if not self.wins and best is not None and call == ("pass",):
            why = why.rstrip(".") + (f"; the best answer gives {percent(best[0])}." if not self.by_distance else
                                     f"; the best answer leaves {counted(best[1], 'tile')}.")
        credit = 0.0
        if call[0] == "call" and self.best[0] == "call" and call[1] == self.best[1]:
            credit = partial(0.5)  # the right call, with jokers the rack did not need to give
        return not_yet(question, why, hint, grade, credit)


def grade_calls(card: CardLike, rack: HandLike, tile: Tile | str | int, exposures: Iterable[ExposureLike] = (),
                visible: HandLike | None = None, draws: int = 12,
                ruleset: Ruleset | str | None = None) -> CallGrade:
    """Every answer to a live discard of ``tile`` scored (see :class:`CallGrade`): for answer keys.

    >>> import mjlearn as mj
    >>> grades = grade_calls(mj.load_card("basic1"), "FF 222B 444B 66B 88B N", "8B")
    >>> [call_label(c) for c in grades.answers()], grades.grade(("pass",))
    (['Call a pung, no joker', 'Let it go', 'Call Mah Jongg'], 'costly')
    """
    return CallGrade(card, rack, tile, exposures, visible, draws, ruleset)


def check_call(answer: object, rack: HandLike, tile: Tile | str | int, card: CardLike = "basic1",
               question: str = "", exposures: Iterable[ExposureLike] = (), visible: HandLike | None = None,
               draws: int = 12, ruleset: Ruleset | str | None = None, hint: str = "") -> Check:
    """Grade what a student does with a live discard of ``tile``: let it go, call it for a pung, kong, quint
    or sextet (and with how many jokers), or call Mah Jongg (see :class:`CallGrade`). The answer is read as
    people say it (:func:`~mjlearn.lessons.reading.read_call`: ``"let it go"``, ``"pung with a joker"``,
    ``"Mah Jongg"``); every answer hears what it does to the best line's chance, a wrong one never which
    answer is best."""
    _, early = read_answer(answer, question, read_call)
    if early is not None:
        return early
    return CallGrade(card, rack, tile, exposures, visible, draws, ruleset).check(answer, question, hint)


def _seen(visible: HandLike | None) -> list[Tile]:
    """Tiles seen, from notation, a Hand or an iterable of tiles."""
    from ..hands import Hand
    from ..tiles import as_tile, parse_tiles

    from ..analysis.arguments import items_argument

    if visible is None:
        return []
    if isinstance(visible, str):
        return parse_tiles(visible)
    if isinstance(visible, Hand):
        return visible.tiles()
    items = items_argument("visible", visible, "the tiles seen (notation such as '8B 5D', a Hand or a list of tiles)")
    return [t for item in items for t in (parse_tiles(item) if isinstance(item, str) else [as_tile(item)])]
