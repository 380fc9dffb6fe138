"""Defence: how dangerous a tile is to throw, from what the table shows.

A discard can hand an opponent Mah Jongg (or an exposure that brings them
nearer). :func:`danger` answers, for one tile, opponent by opponent: which of
their lines are still possible, which of those the tile could complete or be
called for, an estimate of the chance that they win on it now, and the "hot
tile" flag of tournament play (the tile could give Mah Jongg to a hand with
two or more exposures, which costs the thrower 20 or 25 points:
:class:`mjlearn.rules.TournamentScoring`). :func:`danger_table` does the same
for every tile of a rack, safest first.

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> table = danger(card, "8B", {"South": ["222B", "44B J"], "West": []}, discards="1C 9D", hand="FF 66B 8B 3C 5C 7C 5D 6D 7D N")
>>> table[["opponent", "could_win", "hot"]].values.tolist()
[['South', True, True], ['West', True, False]]

The model, in plain words:

- **What is possible.** An opponent's possible hands are the card's hands
  that their exposures allow (each exposure one whole group; none of a
  concealed line) whose remaining tiles can still be found among the tiles
  you cannot see (152 less the discards, every exposure and your own rack),
  jokers standing only in groups of 3 or more. Their hidden rack is never
  used: only what the thrower can see.
- **Could win / could call.** The tile could complete a possible hand that
  still needs it (``could_win``), or be called for an exposure: a group of 3
  or more of it in a possible hand that may be exposed (``could_call``).
- **The estimate.** ``danger`` is ``waiting * share``: ``waiting`` is how
  often a hand with that many exposures, that late in the wall, is one tile
  from Mah Jongg (:data:`CALIBRATED_WAITING`, measured in games of bots and
  coach bots and calibrated on the wins it predicts), and ``share`` the
  chance that the tile is the one it waits for, if the opponent is equally
  likely to play each of their possible lines (each hand of a line alike)
  and to lack any one of the hand's unexposed tiles. For a rack tile the
  dangers of the opponents combine as ``1 - prod(1 - danger)``. It is an
  estimate for ranking tiles, not an exact probability.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..errors import ArgumentError, HandError
from ..hands import as_hand
from ..resources import as_card
from ..tiles import COPIES, NUM_KINDS, Tile, as_tile
from ..engine.compiled import NATURAL_KINDS, CompiledCard, exposed_counts
from ..engine.loops import compiled_loops
from ..engine.memo import Memo
from .position import Exposure

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..card import Card

__all__ = ["danger", "danger_table", "tile_dangers", "danger_each", "danger_rows", "Dangers", "OpponentLines", "opponent_lines", "waiting_chance",
           "hot_row", "TableReading", "HOT_THROW", "HOLDS_BACK", "TABLE_PRIOR", "WAITING", "CALIBRATED_WAITING", "DANGER_COLUMNS", "TABLE_COLUMNS"]

JOKER = int(Tile.JOKER)
_COPIES = np.asarray(COPIES, dtype=np.int16)

WAITING = (
    (0.006, 0.058, 0.162),
    (0.024, 0.117, 0.190),
    (0.097, 0.240, 0.304),
    (0.324, 0.519, 0.555),
)
"""How often a hand is one tile from Mah Jongg when a tile is thrown: rows by its exposures (0, 1, 2,
3 or more), columns by the wall left (more than 66 tiles, 34-66, 33 or fewer). Measured over 800
games of :class:`mjlearn.rules.Bot` players on ``basic1`` (400 NMJL, 400 MAHJ-X; about 150,000
judgements: at each discard, each other live hand): ``benchmarks/bench_arena.py --waiting``. The older
table: every ``waiting`` argument now defaults to :data:`CALIBRATED_WAITING`."""

CALIBRATED_WAITING = (
    (0.006, 0.065, 0.211),
    (0.039, 0.151, 0.308),
    (0.087, 0.279, 0.448),
    (0.335, 0.414, 0.474),
)
""":data:`WAITING` measured again over coach tables as well as Bot tables and calibrated on the wins it
predicts: the table the coach bot's defence and the tables a learner is shown use (every ``waiting``
argument's default).

Measured over 800 games on ``basic1`` (seeds 0-199 under NMJL and under MAHJ-X, once with four
:class:`mjlearn.rules.Bot` players and once with four :class:`mjlearn.rules.CoachBot` players; 157,633
judgements of how near each other live hand is at each discard), then each row with exposures
multiplied by the wins on discards those games saw over the wins ``waiting * share`` predicted for the
tiles thrown to such hands (1.40, 1.32 and 0.90 for 1, 2 and 3 or more exposures; row 0, never weighed
by the coach, keeps its measured rate). On 400 other games (seeds 1000-1099) it predicted 172 wins on
such discards where 160 happened (:data:`WAITING`: 136), 92 against 96 at Bot tables but 80 against 64
at coach tables, whose calibrated coaches feed fewer wins (docs/analysis.md, "Defence", has the counts
and the Brier scores). ``benchmarks/bench_arena.py --waiting`` measures it. The tables a learner is shown
(:func:`danger`, :func:`danger_table`, the coach panel, the review, the lessons) used :data:`WAITING` until
the coach's danger and theirs were made one."""

DANGER_COLUMNS = ["opponent", "exposures", "lines", "could_win", "could_call", "completes", "waiting", "share",
                  "danger", "hot", "hot_row"]
"""Columns of :func:`danger`: one row per opponent."""

TABLE_COLUMNS = ["tile", "copies", "danger", "hot", "could_win", "threatens"]
"""Columns of :func:`danger_table`: one row per distinct tile of the rack."""


def waiting_chance(exposures: int, wall_left: int | None = None,
                   table: Sequence[Sequence[float]] = CALIBRATED_WAITING) -> float:
    """``table`` (:data:`CALIBRATED_WAITING`, or the older :data:`WAITING`) for a hand with ``exposures``
    exposed groups when ``wall_left`` tiles are left (``None``: the middle of the game).

    >>> waiting_chance(0, 90), waiting_chance(2, 20), waiting_chance(2, 20, WAITING)
    (0.006, 0.448, 0.304)
    """
    row = table[min(max(exposures, 0), 3)]
    if wall_left is None:
        return row[1]
    return row[0] if wall_left > 66 else row[1] if wall_left > 33 else row[2]


def hot_row(exposures: Sequence[Exposure]) -> str:
    """The tournament penalty row that throwing the winning tile to a hand with these exposures falls under.

    ``"hot_tile_three"`` (three or more exposures, or two with a quint or larger),
    ``"hot_tile_two"`` (two exposures) or ``""`` (none: fewer than two exposures).

    >>> hot_row([Exposure.parse("NNN"), Exposure.parse("5555D J")]), hot_row([Exposure.parse("NNN")])
    ('hot_tile_three', '')
    """
    if len(exposures) >= 3 or (len(exposures) == 2 and max(e.size for e in exposures) >= 5):
        return "hot_tile_three"
    return "hot_tile_two" if len(exposures) == 2 else ""


class OpponentLines:
    """The hands of a card that one opponent's exposures allow, with what each still needs.

    ``rest[h, k]`` are the tiles of kind ``k`` hand ``h`` still needs beyond
    the exposures, ``small`` those of its singles and pairs (naturals only).
    A wild exposure (jokers only) is read as each group of its size the card
    has, each reading a separate set of candidate hands.
    """

    __slots__ = ("exposures", "lines", "starts", "seg_line", "rest", "small", "callable", "weight",
                 "remaining")

    def __init__(self, compiled: CompiledCard, exposures: Sequence[Exposure]):
        self.exposures = tuple(exposures)
        index_parts, rest_parts = [], []
        for reading in compiled.wild_readings(self.exposures):
            index = np.flatnonzero(compiled.allowed(reading))
            index_parts.append(index)
            rest_parts.append(np.maximum(compiled.total[index].astype(np.int16) - exposed_counts(reading), 0))
        if len(index_parts) == 1:  # (one reading: its hands and rows as they are)
            index, rest = index_parts[0], rest_parts[0]
            self.rest = rest if len(index) else np.zeros((0, NATURAL_KINDS), np.int16)
        else:
            index = np.concatenate(index_parts)
            self.rest = np.concatenate(rest_parts).astype(np.int16) if len(index) else np.zeros((0, NATURAL_KINDS), np.int16)
        rest = self.rest
        self.small = compiled.small[index].astype(np.int16)
        self.lines = compiled.line_of[index].astype(np.int64)
        if len(index_parts) == 1:
            segments = self.lines
        else:
            segments = np.repeat(np.arange(len(index_parts)), [len(i) for i in index_parts]) * compiled.num_lines + self.lines
        if len(index):  # (where each reading's line starts)
            first = np.empty(len(index), dtype=bool)
            first[0] = True
            np.not_equal(segments[1:], segments[:-1], out=first[1:])
            self.starts = np.flatnonzero(first)
        else:
            self.starts = np.zeros(0, np.int64)
        self.seg_line = self.lines[self.starts]
        exposable = ~compiled.line_concealed[self.lines]
        self.callable = ((rest - self.small) >= 3) & exposable[:, None]
        self.remaining = 14 - sum(e.size for e in self.exposures)
        self.weight = (rest / max(self.remaining, 1)).astype(np.float32)  # the chance each tile is the one missing

    def judge(self, available: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """For tiles ``available`` to the opponent (``[36]``: unseen by the thrower), per natural kind ``t``
        as if the thrower gave up one ``t``: ``(live, wins, calls, share)``.

        ``live`` is ``[n, 35]`` (hand possible once ``t`` is thrown), ``wins`` and
        ``calls`` (``[n, 35]``) whether ``t`` could complete or be called for
        each live hand, ``share`` (``[35]``) the chance that ``t`` is the tile a
        waiting opponent waits for (see the module's model).
        """
        naturals = available[:NATURAL_KINDS].astype(np.int16)
        jokers = max(int(available[JOKER]), 0)
        rest, small = self.rest, self.small
        over = rest > naturals
        short = np.maximum(rest - naturals, 0).sum(axis=1, dtype=np.int16)
        lacking_kinds = small > naturals
        lacking = lacking_kinds.sum(axis=1, dtype=np.int16)
        eased = lacking_kinds & (small <= naturals + 1)  # one more copy of t fills what the pairs lack
        live = ((lacking[:, None] - eased) == 0) & ((short[:, None] - over) <= jokers)
        wins = live & (rest > 0)
        calls = live & self.callable
        if not len(self.starts):
            return live, wins, calls, np.zeros(NATURAL_KINDS)
        counts = np.add.reduceat(live, self.starts, axis=0).astype(np.float64)  # [segments, 35]
        sums = np.add.reduceat(np.where(wins, self.weight, 0), self.starts, axis=0)
        per_line = sums / np.maximum(counts, 1)
        live_lines = (counts > 0).sum(axis=0)
        share = per_line.sum(axis=0) / np.maximum(live_lines, 1)
        return live, wins, calls, share

    def share(self, available: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """:meth:`judge`'s ``share`` alone (``[35]``, into ``out`` when given), in one compiled loop when numba
        is there (the same floats: it adds them in numpy's order)."""
        compiled = compiled_loops()
        if out is None:
            out = np.empty(NATURAL_KINDS)
        if compiled is None or not len(self.starts):
            out[:] = self.judge(available)[3]
            return out
        compiled.opponent_shares(self.rest, self.small, self.weight, self.starts,
                                 np.asarray(available, dtype=np.int64), out)
        return out


_NO_LINES = (np.zeros((0, NATURAL_KINDS), np.int16), np.zeros((0, NATURAL_KINDS), np.int16),
             np.zeros((0, NATURAL_KINDS), np.float32), np.zeros(0, np.int64))  # (an opponent who threatens nothing)

OPPONENT_LINES = Memo("opponent lines", maxsize=1024)
"""Per compiled card, the :class:`OpponentLines` of each set of an opponent's exposures (jokers counted)."""


def opponent_lines(compiled: CompiledCard, exposures: Sequence[Exposure]) -> OpponentLines:
    """The :class:`OpponentLines` of a set of exposures, built once per card (:data:`OPPONENT_LINES`)."""
    key = tuple(sorted((int(e.tile), e.size, e.jokers) for e in exposures))
    return OPPONENT_LINES.get(compiled, key, lambda: OpponentLines(compiled, exposures))


@dataclass
class Dangers:
    """:func:`tile_dangers`: per tile kind (``[36]``, jokers last) the danger of throwing it.

    ``danger`` combines the opponents, ``hot`` says whether an opponent with
    two or more exposures could win on it; ``each`` (``[opponents, 36]``),
    ``wins`` and ``calls`` (bool, same shape) are per opponent.
    """

    danger: np.ndarray
    hot: np.ndarray
    each: np.ndarray
    wins: np.ndarray
    calls: np.ndarray


def tile_dangers(
    compiled: CompiledCard,
    opponents: Sequence[Sequence[Exposure] | None],
    available: np.ndarray,
    wall_left: int | None = None,
    waiting: Sequence[Sequence[float]] = CALIBRATED_WAITING,
) -> Dangers:
    """The fast array form of :func:`danger` (no checks, no pandas), for bots.

    ``opponents`` are each opponent's exposures (``None`` for a dead hand, which
    cannot win); ``available`` (``[36]``) the tiles the thrower cannot see: the
    set less the discards, all exposures and the thrower's own rack. ``waiting``
    is the table of :func:`waiting_chance` (:data:`CALIBRATED_WAITING`, the coach bot's and the learner's).
    """
    count = len(opponents)
    each = np.zeros((count, NUM_KINDS))
    wins = np.zeros((count, NUM_KINDS), dtype=bool)
    calls = np.zeros((count, NUM_KINDS), dtype=bool)
    hot = np.zeros(NUM_KINDS, dtype=bool)
    for o, exposures in enumerate(opponents):
        if exposures is None:
            continue
        lines = opponent_lines(compiled, exposures)
        _, can_win, can_call, share = lines.judge(available)
        wins[o, :NATURAL_KINDS] = can_win.any(axis=0)
        calls[o, :NATURAL_KINDS] = can_call.any(axis=0)
        each[o, :NATURAL_KINDS] = waiting_chance(len(exposures), wall_left, waiting) * share
        if len(exposures) >= 2:
            hot |= wins[o]
    danger = 1 - np.prod(1 - each, axis=0)
    return Dangers(danger, hot, each, wins, calls)


def danger_each(
    compiled: CompiledCard,
    opponents: Sequence[Sequence[Exposure] | None],
    available: np.ndarray,
    wall_left: int | None = None,
    waiting: Sequence[Sequence[float]] = CALIBRATED_WAITING,
    rows: tuple | None = None,
) -> np.ndarray:
    """:func:`tile_dangers`' ``each`` alone (``[opponents, 36]``, the same floats), for the coach bot's
    discards: the share of each opponent's lines (:meth:`OpponentLines.share`) times its chance of waiting,
    without the masks of the wins and calls; with numba, for three opponents or fewer, all in one compiled
    call (``mjlearn.engine._numba.opponent_dangers``), which reads the opponents' lines as :func:`danger_rows`
    gives them (``rows``: given by a caller that keeps them for the same opponents, else built).

    >>> import mjlearn as mj
    >>> from mjlearn.engine import Exposure
    >>> compiled = mj.load_card("basic1").compiled()
    >>> available = np.array(COPIES, dtype=np.int16)
    >>> opponents = [None, (Exposure.parse("NNN"), Exposure.parse("5555D")), None]
    >>> bool((danger_each(compiled, opponents, available, 40) == tile_dangers(compiled, opponents, available, 40).each).all())
    True
    """
    each = np.zeros((len(opponents), NUM_KINDS))
    available = np.asarray(available, dtype=np.int64)  # (converted once for every opponent)
    loops = compiled_loops()
    if loops is not None and len(opponents) <= 3:  # every opponent's row in one compiled call, the same floats
        if rows is None:
            rows = danger_rows(compiled, opponents)
        chances = np.zeros(3)
        for o, exposures in enumerate(opponents):
            if exposures is not None:
                chances[o] = waiting_chance(len(exposures), wall_left, waiting)
        loops.opponent_dangers(*rows, chances, available, each)
        return each
    for o, exposures in enumerate(opponents):
        if exposures is not None:  # each opponent's share written into its row, then its waiting chance
            share = opponent_lines(compiled, exposures).share(available, out=each[o, :NATURAL_KINDS])
            share *= waiting_chance(len(exposures), wall_left, waiting)
    return each


def danger_rows(compiled: CompiledCard, opponents: Sequence[Sequence[Exposure] | None]) -> tuple:
    """What :func:`danger_each`'s compiled call reads of up to three ``opponents`` (their exposures, ``None`` for
    one who threatens nothing): each one's lines (:class:`OpponentLines`' ``rest``, ``small``, ``weight`` and
    ``starts``; empty for ``None`` and past the opponents given), then which of the three are there. They depend
    on the exposures only: the coach bot keeps them while the exposures it sees stay the same.

    >>> import mjlearn as mj
    >>> from mjlearn.engine import Exposure
    >>> rows = danger_rows(mj.load_card("basic1").compiled(), [None, (Exposure.parse("NNN"),)])
    >>> len(rows), rows[-1].tolist()   # four arrays per opponent, then who is there
    (13, [0, 1, 0])
    """
    rows: list = []
    present = np.zeros(3, dtype=np.int64)
    for o in range(3):
        exposures = opponents[o] if o < len(opponents) else None
        if exposures is None:
            rows += _NO_LINES
        else:
            lines = opponent_lines(compiled, exposures)
            rows += (lines.rest, lines.small, lines.weight, lines.starts)
            present[o] = 1
    return (*rows, present)


HOT_THROW = 2.0
"""A throw is *hot* (for :class:`TableReading`) when its danger to the other hands showing is at least this many
times the mean danger of the tiles unseen."""

HOLDS_BACK = 0.35
"""A table *holds back* (:meth:`TableReading.holds_back`) when its players make at most this share of the hot
throws that players blind to danger would make. Measured on ``basic1`` (150 seeded games under each ruleset, a
coach's readings at its discards late in the wall while a hot hand shows: ``benchmarks/bench_arena.py
--table-reading``): among three other :class:`~mjlearn.rules.CoachBot` players the median reading is 0.16
(NMJL) and 0.17 (MAHJ-X), and 77-81% of readings hold back; among three :class:`~mjlearn.rules.Bot` players,
who never defend, 0.45 and 0.49, and 32-39% hold back."""

TABLE_PRIOR = (0.2, 1.0)
"""What :class:`TableReading` assumes before it has seen anything: a rate of 0.2 (a table that holds back),
worth as much as one hot throw expected."""


class TableReading:
    """How much the other players at a table hold back, read from what they throw.

    A player who defends avoids throwing a tile that could give a hand with
    exposures Mah Jongg; a player who does not throws such tiles about as
    often as any other. Each time the reader weighs the table
    (:meth:`look`, with its dangers per opponent as :func:`danger_each`
    gives them), the next discards of the other players are judged by those
    dangers: a throw is *hot* when its danger to the hands showing, other
    than the thrower's own, is at least :data:`HOT_THROW` times the mean
    danger of the tiles unseen. :attr:`rate` is how many hot throws the
    others made over how many a player blind to danger would have made (the
    share of hot tiles among those unseen, throw by throw), starting from
    :data:`TABLE_PRIOR`. Only what the reader's seat sees is used.

    The coach bot gives up a poor hand late in the wall only at a table
    that :meth:`holds_back`: where the others throw dangerous tiles freely,
    a hot hand will be fed by someone else whatever the coach throws, so
    breaking its own hand up gains little and costs its chances.

    >>> reading = TableReading(seat=0)
    >>> each = np.zeros((3, NUM_KINDS)); each[1, 4] = 0.3  # West waits, perhaps, on 5 Bam
    >>> available = np.array(COPIES, dtype=np.int16)
    >>> reading.observe([]); reading.look(each, available)
    >>> reading.observe([(1, Tile(4))])  # South throws the 5 Bam
    >>> round(reading.rate, 3), reading.holds_back()
    (1.168, False)
    """

    __slots__ = ("seat", "_hot", "_expected", "_looks", "_throws", "_seen")

    def __init__(self, seat: int, earlier: tuple[float, float] = (0.0, 0.0)):
        """A reading from ``seat``; ``earlier`` is what the same players threw in earlier games (their hot throws
        and those of players blind to danger, :attr:`evidence`), counted as if seen in this one."""
        self.seat = seat
        self._hot, self._expected = (float(x) for x in earlier)
        self._looks: list[tuple[np.ndarray, np.ndarray]] = []  # (dangers [3, 36], tiles unseen [35]) per look
        self._throws: list[tuple[int, int, int]] = []  # (look, the thrower's row, tile kind) not yet judged
        self._seen = 0

    def look(self, each: np.ndarray, available: np.ndarray) -> None:
        """Weigh the table: ``each`` the dangers per opponent (``[3, 36]``, the seat's next three in turn
        order) and ``available`` the tiles the seat cannot see (``[36]``). The discards seen next are
        judged by them."""
        self._looks.append((each, np.maximum(available[:NATURAL_KINDS], 0)))

    def observe(self, discards: Sequence[tuple[int, Tile]]) -> None:
        """Note the discards (the game's ``(seat, tile)`` list) thrown since the last call, by the other
        seats, to be judged by the last :meth:`look` (none before the first)."""
        size = len(discards)
        if size < self._seen:  # (a discard called away: the list is shorter)
            self._seen = size
        if self._looks:
            look, seat = len(self._looks) - 1, self.seat
            for thrower, tile in discards[self._seen:]:
                if thrower != seat and tile != JOKER:
                    self._throws.append((look, (thrower - seat) % 4 - 1, int(tile)))
        self._seen = size

    def _judge(self) -> None:
        """Judge the throws noted since the last time, all at once."""
        throws, self._throws = self._throws, []
        if not throws:
            return
        compiled = compiled_loops()
        if compiled is not None:  # the throws after each look in one compiled call: the same floats
            expected, mean = np.empty((2, len(throws)))
            hot, start = 0, 0
            while start < len(throws):
                look, stop = throws[start][0], start + 1
                while stop < len(throws) and throws[stop][0] == look:
                    stop += 1
                each, available = self._looks[look]
                hot += compiled.judge_throws(each, available, np.array([t[1:] for t in throws[start:stop]]),
                                             HOT_THROW, expected[start:stop], mean[start:stop])
                start = stop
            self._hot += float(hot)
            self._expected += float(expected.sum())
            return
        looks, rows, tiles = (np.array(column) for column in zip(*throws))
        each = np.stack([self._looks[i][0][:, :NATURAL_KINDS] for i in looks.tolist()])  # [n, 3, 35]
        available = np.stack([self._looks[i][1] for i in looks.tolist()]).astype(np.float64)  # [n, 35]
        picked = np.arange(len(throws))
        others = each.sum(axis=1) - each[picked, rows]  # the danger to the hands other than the thrower's
        unseen = np.maximum(available.sum(axis=1), 1.0)
        mean = (others * available).sum(axis=1) / unseen
        hot = (others >= HOT_THROW * mean[:, None]) & (mean[:, None] > 0)
        self._hot += float(hot[picked, tiles].sum())
        self._expected += float(((hot * available).sum(axis=1) / unseen).sum())

    @property
    def hot_throws(self) -> float:
        """The other players' hot throws so far."""
        self._judge()
        return self._hot

    @property
    def expected(self) -> float:
        """The hot throws that players blind to danger would have made in their place."""
        self._judge()
        return self._expected

    @property
    def evidence(self) -> tuple[float, float]:
        """``(hot_throws, expected)``: what a reading of the same players in a later game may start from
        (``TableReading(seat, earlier=...)``), added up game by game."""
        return self.hot_throws, self.expected

    @property
    def rate(self) -> float:
        """The other players' hot throws over those of players blind to danger, with :data:`TABLE_PRIOR`."""
        prior, weight = TABLE_PRIOR
        return (self.hot_throws + prior * weight) / (self.expected + weight)

    def holds_back(self) -> bool:
        """Whether the others hold back: :attr:`rate` at most :data:`HOLDS_BACK`."""
        return self.rate <= HOLDS_BACK


# -- the public calls ---------------------------------------------------------------

def _read_table(card, opponents, discards, hand, exposures, dead, ruleset):
    """Check the arguments shared by :func:`danger` and :func:`danger_table`; return the compiled card,
    the opponents' labels and exposures (``None`` if dead), the tiles unseen, and the rack."""
    from .arguments import exposures_argument, ruleset_argument
    from .closest import visible_counts
    from .position import read_position

    compiled = as_card(card).compiled(ruleset_argument(ruleset))
    if isinstance(opponents, Mapping):
        items = list(opponents.items())
    elif isinstance(opponents, (str, bytes)) or not isinstance(opponents, Iterable):
        raise ArgumentError("opponents must be a list of each opponent's exposures (or a dict from a name to"
                            f" them), not {opponents!r}")
    else:
        items = [(f"opponent {i + 1}", e) for i, e in enumerate(opponents)]
    if not 1 <= len(items) <= 3:
        raise ArgumentError(f"a table has 1 to 3 opponents, not {len(items)}")
    if isinstance(dead, str) or not isinstance(dead, Iterable):
        dead = [dead]
    labels = [label for label, _ in items]
    unknown = [name for name in dead if not any(name == label for label in labels)]
    if unknown:
        raise ArgumentError(f"dead names no opponent: {unknown!r} (the opponents: {labels!r})")
    dead_labels = [label for label in labels if any(name == label for name in dead)]
    seen = visible_counts(discards).astype(np.int16)
    parsed = []
    for label, groups in items:
        groups = tuple(Exposure.parse(e) for e in exposures_argument(groups))
        if sum(e.size for e in groups) > 14:
            raise HandError(f"{label}'s exposures hold more than 14 tiles")
        for e in groups:
            seen += np.asarray(e.counts(), dtype=np.int16)
        parsed.append((label, None if label in dead_labels else groups))
    rack = None
    if hand is not None:
        rack, own = read_position(hand, exposures)
        seen += np.asarray(rack.counts, dtype=np.int16)
        for e in own:
            seen += np.asarray(e.counts(), dtype=np.int16)
    elif exposures:
        for e in exposures_argument(exposures):
            seen += np.asarray(Exposure.parse(e).counts(), dtype=np.int16)
    over = np.flatnonzero(seen > _COPIES)
    if len(over):
        tile = Tile(int(over[0]))
        raise HandError(f"the table shows {int(seen[over[0]])} of {tile.notation} (discards, exposures and rack);"
                        f" a set holds only {COPIES[tile]}")
    return compiled, parsed, _COPIES - seen, rack


def _line_names(compiled: CompiledCard, lines: Iterable[int], most: int = 4) -> str:
    """Lines as "category #number", card order, at most ``most`` of them and a count of the rest."""
    from ..wording import counted

    unique = sorted(set(int(i) for i in lines))
    names = [f"{compiled.lines[i].category} #{compiled.lines[i].number}" for i in unique[:most]]
    if len(unique) > most:
        names.append(f"and {counted(len(unique) - most, 'more line')}")
    return ", ".join(names)


def danger(
    card: "Card",
    tile: Tile | str | int,
    opponents,
    discards=None,
    hand=None,
    exposures=(),
    wall_left: int | None = None,
    dead=(),
    ruleset=None,
    waiting: Sequence[Sequence[float]] = CALIBRATED_WAITING,
) -> "pandas.DataFrame":
    """How dangerous throwing ``tile`` is, one row per opponent (columns :data:`DANGER_COLUMNS`).

    ``opponents`` lists each opponent's exposed groups (a list of lists of
    notation such as ``"555D J"``, or a dict from a name to them);
    ``discards`` the tiles thrown so far (notation, tiles or 36 counts);
    ``hand`` and ``exposures`` your own rack and exposures (their tiles are
    seen too); ``wall_left`` the tiles left in the wall (``None``: mid-game);
    ``dead`` the names of opponents whose hands are dead (for a list of
    opponents, their names are ``"opponent 1"`` to ``"opponent 3"``); ``waiting`` the table of
    :func:`waiting_chance` (:data:`CALIBRATED_WAITING`, the one the coach bot plays by; :data:`WAITING`
    the older one). The model is in the module docstring: only what you can see counts.

    Columns: ``lines`` the opponent's possible lines, ``could_win`` and
    ``could_call`` whether the tile could complete a possible hand or be
    called for an exposure, ``completes`` the lines it could complete,
    ``waiting`` the chance the opponent is one tile from Mah Jongg, ``share``
    the chance it waits for this tile, ``danger`` their product, ``hot`` the
    tournament flag and ``hot_row`` its penalty row (:func:`hot_row`).
    """
    import pandas as pd

    from .arguments import count_argument, waiting_argument

    tile = as_tile(tile)
    wall_left = count_argument("wall_left", wall_left, allow_none=True)
    table = waiting_argument(waiting)
    compiled, parsed, available, _ = _read_table(card, opponents, discards, hand, exposures, dead, ruleset)
    t = int(tile)
    rows = []
    for label, groups in parsed:
        shown = ", ".join(str(e) for e in groups) if groups else ""
        if groups is None or t == JOKER:  # a dead hand cannot win; a discarded joker cannot be called
            rows.append((label, shown, 0, False, False, "", 0.0, 0.0, 0.0, False, ""))
            continue
        lines = opponent_lines(compiled, groups)
        live, wins, calls, share = lines.judge(available)
        possible = lines.seg_line[np.add.reduceat(live[:, t], lines.starts) > 0] if len(lines.starts) else []
        could_win = bool(wins[:, t].any())
        waiting = waiting_chance(len(groups), wall_left, table)
        row = hot_row(groups) if could_win else ""
        rows.append((label, shown, len(set(np.asarray(possible).tolist())), could_win, bool(calls[:, t].any()),
                     _line_names(compiled, lines.lines[wins[:, t]]), waiting, float(share[t]),
                     waiting * float(share[t]), bool(row), row))
    return pd.DataFrame(rows, columns=DANGER_COLUMNS)


def danger_table(
    card: "Card",
    hand,
    opponents,
    discards=None,
    exposures=(),
    wall_left: int | None = None,
    dead=(),
    ruleset=None,
    waiting: Sequence[Sequence[float]] = CALIBRATED_WAITING,
) -> "pandas.DataFrame":
    """:func:`danger` for every distinct tile of your rack, safest first (columns :data:`TABLE_COLUMNS`).

    ``danger`` combines the opponents (``1 - prod(1 - danger)``), ``hot`` is
    whether any opponent with two or more exposures could win on the tile,
    ``could_win`` how many opponents could, and ``threatens`` names them,
    most endangered first. ``waiting`` as for :func:`danger`.

    >>> import mjlearn as mj
    >>> table = danger_table(mj.load_card("basic1"), "FF 66B 8B 3C 5C 7C 5D 6D 7D N J", [["222B", "44B J"], []])
    >>> table.tile.tolist()[:2], bool(table.hot.any())
    (['J', '7D'], True)
    """
    import pandas as pd

    from .arguments import count_argument, waiting_argument

    wall_left = count_argument("wall_left", wall_left, allow_none=True)
    table = waiting_argument(waiting)
    compiled, parsed, available, rack = _read_table(card, opponents, discards, as_hand(hand), exposures, dead,
                                                    ruleset)
    found = tile_dangers(compiled, [groups for _, groups in parsed], available, wall_left, table)
    labels = [label for label, _ in parsed]
    rows = []
    for k in np.flatnonzero(np.asarray(rack.counts)).tolist():
        order = np.argsort(-found.each[:, k], kind="stable")
        who = [f"{labels[o]}{' (hot)' if found.hot[k] and len(parsed[o][1] or ()) >= 2 and found.wins[o, k] else ''}"
               for o in order if found.wins[o, k]]
        rows.append((Tile(k).notation, int(rack.counts[k]), float(found.danger[k]), bool(found.hot[k]),
                     int(found.wins[:, k].sum()), ", ".join(who)))
    table = pd.DataFrame(rows, columns=TABLE_COLUMNS)
    return table.sort_values(["danger", "could_win"], kind="stable").reset_index(drop=True)
