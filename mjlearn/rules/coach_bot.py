"""The coach bot: a :class:`~mjlearn.rules.bots.Bot` that plays by its chances of winning, and defends.

:class:`CoachBot` makes the same moves through the same hooks as
:class:`~mjlearn.rules.bots.Bot` (``act``, ``charleston_move``,
``answer_call``, ``discard_move``, ``play_turn``), so ``run_game(bots=[...])``
seats it anywhere. Where a :class:`Bot` counts tiles away from its nearest
line, the coach bot weighs every line by its chance of being completed
before the wall runs out, times its value:

- **Chances.** The model of :mod:`mjlearn.analysis.chances`: for each hand
  of a line still alive (given the tiles its seat can see), the naturals its
  singles and pairs lack and the tiles its groups of 3 or more lack (jokers
  may fill those); the seat draws the tiles it can still expect
  (:func:`~mjlearn.analysis.horizon.seat_draws`, the horizon a learner is shown: about
  ``wall_left / live seats``) uniformly from the tiles it cannot see and keeps what is
  useful. A line's chance is that of its best hand; a rack is worth the
  expected value (chance x value) of its best line, plus a little of the next
  two (``weights``), so a rack that keeps two lines open beats one that keeps
  one. The exact :func:`~mjlearn.analysis.chances.hand_chances` costs a few
  milliseconds a rack, too slow for a bot that weighs a dozen racks per
  decision and a hundred decisions a game (``exact=True`` uses it: about 6
  times slower, and in seeded games against :class:`Bot` it won no more). So by default the bot uses a cheaper form of the same
  model: the singles and pairs kind by kind (as if independent), and the
  groups' lacking tiles drawn from their pooled outs (the unseen copies of
  their kinds and the unseen jokers). It is exact when one kind is lacking
  and slightly optimistic otherwise (``tests/test_coach_bot.py``).
- **One draw of look-ahead at the rack** (``objective="draw"``): asked for a
  discard outside a game (the solitaire benchmark, a drill), each of its best
  few discards is weighed by the worth expected after the next draw and the
  best discard then, which values the tiles that keep several hands open. In
  a game (:meth:`CoachBot.discard_decision`) it weighs the worth alone, as
  below, unless ``lookahead_at_table=True`` (a game stays quick).
- **Discards.** Among the tiles whose loss keeps its nearest live hand as
  near (as a :class:`Bot` would), the one that leaves the rack worth most,
  less the expected cost of feeding an exposed hand: per opponent with exposures the
  danger of :func:`mjlearn.analysis.defence.tile_dangers` (it grows with
  their exposures and as the wall runs down) times what a fed win costs (the
  discarder pays double under home rules). ``defence=False`` leaves that out.
- **Tournament defence** (MAHJ-X, whose rule 8 scores by tournament points,
  where nobody pays anybody): a win fed to an opponent costs the thrower the
  hot-tile penalty in full (20 or 25 points, if the opponent shows two or
  more exposures), the 10 points a wall game would pay its live hand, and
  its own hand's chances, which end with the game (:meth:`CoachBot.tournament_risk`).
  And late in the wall (:data:`GIVE_UP_WALL` tiles or fewer), when an
  opponent shows two or more exposures (a hand a hot tile would feed), at a
  table whose players hold back (below), a hand worth less than a wall
  game's 10 points is given up: the coach breaks it up and throws its
  safest tiles, playing for the wall game's 10 points rather than for a
  hand it will rarely finish. A hand given up makes no exposures either
  (:meth:`CoachBot.call_decision`); it still calls a discard that wins.
- **The Charleston.** It passes the three tiles whose loss costs its rack
  least (a small beam search over the sets of tiles: ``beam``): jokers make
  groups of 3 or more likelier, never singles and pairs, so a rack with
  jokers is not steered to Singles and Pairs.
- **Tournament rows** (MAHJ-X): a line's value counts the self-pick row
  times :data:`SELF_PICK_SHARE` and the jokerless row times the chance of
  finishing without a joker (:func:`tournament_bonuses`; ``tournament_rows=False``
  leaves them out).
- **Joker exchanges** by the same worth (:meth:`CoachBot.choose_exchange`).
- **Calls.** Mah Jongg whenever a discard completes a win; an exposure when
  the rack after the call (and its best discard) is worth more, by
  ``call_margin`` (10% under both rulesets, :data:`CALL_MARGINS`), than the
  rack without it, and the best line's chance does not fall
  (:meth:`CoachBot.call_chances`). The margin was 60% (NMJL) and 30% (MAHJ-X)
  to keep four coaches' wall games near real tables' 7-11%; the duplicate
  arena showed that it cost the coach a fifth of its lead over the ``Bot``
  (``docs/rules.md``), and the home-rules give-up below does that job instead.
- **Home-rules defence.** Under NMJL a fed win costs the danger times the
  double payment; and late in the wall with a hot hand showing, as under
  MAHJ-X, a hand worth less than :data:`HOME_GIVE_UP` of a mean line's
  value is given up (``home_give_up``).
- **Reading the table.** The coach gives a hand up only where the others
  hold back too (:meth:`CoachBot.table_reading`,
  :class:`~mjlearn.analysis.defence.TableReading`): it watches how often
  they throw tiles dangerous to the hands showing. Where they throw them
  freely, a hot hand will be fed by someone whatever the coach throws, so
  it keeps racing for its own hand (``read_table=False`` gives up whatever
  the table does).

It sees only what its seat can see: its rack, the exposures, the discards,
the dead hands and the count of tiles left in the wall.

>>> import mjlearn as mj
>>> from mjlearn.rules import Bot, run_game
>>> card = mj.load_card("basic1")
>>> game = run_game(card, seed=5, bots=[CoachBot(card, seed=5), Bot(card, seed=1), Bot(card, seed=2), Bot(card, seed=3)])
>>> game.phase
'over'
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..analysis.arguments import count_argument
from ..analysis.chances import hand_chances
from ..analysis.defence import CALIBRATED_WAITING, TableReading, danger_each, danger_rows, hot_row
from ..analysis.horizon import _seat_draws
from ..engine import (JOKER, NATURAL_KINDS, Exposure, Memo, Position, View, as_counts, available_tiles, call_options,
                      compiled_loops, exposure_key, seat_exposures, seen_argument)
from ..engine.checks import TRUST, checked_exposures, checked_racks, checked_seen, checked_table
from .arguments import game_seat_arg
from ..engine.views import FAR
from ..errors import ArgumentError
from ..tiles import COPIES, Tile, as_tile
from .bots import Bot
from .coach_policy import OBJECTIVES, KeepScores, draw_futures, keep_choice, keep_scores, near_hands
from .ruleset import NMJL, Ruleset
from .setup import SEATS

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..card import Card
    from .coach_defence import DefenceState
    from .game import Game

__all__ = ["CoachBot", "seat_danger", "tail_table", "GIVE_UP_WALL", "HOME_GIVE_UP", "CALL_MARGINS"]

DISCARD_OBJECTIVES = ("draw", "worth", *OBJECTIVES)
"""What :class:`CoachBot`'s ``objective`` may be: ``"draw"`` (the default: one draw of look-ahead over the
worth), ``"worth"`` (the worth of the rack left) or a sampled look-ahead of :mod:`mjlearn.rules.coach_policy`."""

_LOG_FACTORIAL = np.array([math.lgamma(n + 1) for n in range(sum(COPIES) + 1)])
_MAX_NEED = 15  # a hand lacks at most 14 tiles
_ROW_START = np.arange(NATURAL_KINDS) * _MAX_NEED  # where kind k's row starts in a [35, 15] table, flattened
_FAR_BEHIND = 1e6  # what a tile further from the nearest hand costs a discard, with distance_first
_NEAR_TIE = 1e-3  # what the rack's worth counts for in a given-up hand's discard: it only breaks near ties
_NO_FLOATS = np.zeros(0)  # (the compiled worth's arguments when no rack may earn the jokerless row)
_NO_INTS = np.zeros(0, dtype=np.int64)  # (the compiled discard scores' distances when they do not count)
_ONE_OF = np.eye(36, dtype=np.int16)  # one tile of each kind (what a discard takes from the rack)
_NO_TILES = np.zeros(36, dtype=np.int16)  # (no tile seen)
_TAILS: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}
"""The tables of :func:`tail_table` and their logarithms by ``(unseen, draws)``, shared by every coach bot, each
kept with the two flattened (the compiled loops' reading of them, without a ``ravel`` for each first rack)."""


def _log_choose(n: np.ndarray, k: np.ndarray) -> np.ndarray:
    """``log C(n, k)``, ``-inf`` where ``k`` is out of ``0..n``."""
    valid = (k >= 0) & (k <= n)
    n_, k_ = np.where(valid, n, 0), np.where(valid, k, 0)
    return np.where(valid, _LOG_FACTORIAL[n_] - _LOG_FACTORIAL[k_] - _LOG_FACTORIAL[n_ - k_], -np.inf)


def tail_table(unseen: int, draws: int) -> np.ndarray:
    """``[outs, needed]``: the chance of at least ``needed`` (0-14) good tiles among ``draws`` tiles drawn
    from ``unseen`` tiles of which ``outs`` (0 to ``unseen``) are good (hypergeometric).

    >>> table = tail_table(10, 3)
    >>> [round(float(table[2, n]), 4) for n in (0, 1, 2, 3)]
    [1.0, 0.5333, 0.0667, 0.0]
    """
    draws = max(0, min(draws, unseen))
    outs = np.arange(unseen + 1)[:, None]
    x = np.arange(_MAX_NEED)[None, :]
    log_pmf = _log_choose(outs, x) + _log_choose(unseen - outs, draws - x) - _log_choose(np.array(unseen), np.array(draws))
    pmf = np.exp(log_pmf)
    below = np.concatenate([np.zeros((unseen + 1, 1)), np.cumsum(pmf, axis=1)[:, :-1]], axis=1)
    return np.clip(1.0 - below, 0.0, 1.0)


def _compiled_tail_table(compiled, unseen: int, draws: int) -> np.ndarray:
    """:func:`tail_table`, with numba in two compiled loops around numpy's ``exp`` (``tail_logs``,
    ``tail_finish`` in ``mjlearn.engine._numba``): the same floats, a few times faster (a coach meets some
    hundreds of ``(unseen, draws)`` in its first games)."""
    if compiled is None:
        return tail_table(unseen, draws)
    draws = max(0, min(draws, unseen))
    pmf = np.empty((unseen + 1, _MAX_NEED))
    compiled.tail_logs(unseen, draws, _LOG_FACTORIAL, pmf)
    np.exp(pmf, out=pmf)
    table = np.empty_like(pmf)
    compiled.tail_finish(pmf, table)
    return table


def _hot_seats(game: "Game", seat: int) -> tuple[int, ...]:
    """The live opponents of ``seat`` showing a hot hand (two or more exposures: :func:`hot_row`), in turn order
    from ``seat``."""
    return tuple(other for other in ((seat + i) % 4 for i in (1, 2, 3))
                 if other not in game.dead and hot_row(game.exposures[other]))


def _best_rows(kinds: Sequence[int], scores: np.ndarray) -> list[int]:
    """The rows of ``scores`` (one per kind of ``kinds``) tied for the best, the naturals among them if any:
    :meth:`CoachBot.choose_discard` throws one of them (its seeded draw settles a tie)."""
    values = scores.tolist()
    best = max(values)  # (scores.max(), without numpy's reduction for a dozen floats)
    rows = [i for i, score in enumerate(values) if score >= best - 1e-9]
    return [i for i in rows if kinds[i] != JOKER] or rows


def _per_kind(name: str, value) -> np.ndarray | None:
    """A per-kind figure (``dangers``, ``ending``): ``None``, or 36 finite numbers, 0 or more, as floats."""
    if value is None:
        return None
    try:
        figures = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        figures = None
    if figures is None or figures.shape != (36,) or not np.isfinite(figures).all() or (figures < 0).any():
        raise ArgumentError(f"{name} must be None or 36 numbers, 0 or more, one per tile kind (as feeding_cost"
                            f" gives), not {value!r}"[:300])
    return figures


def _discard_options(draws, dangers, ending, give_up, objective):
    """:meth:`CoachBot.discard_scores`' options, checked (outside :func:`~mjlearn.rules.run_game`'s own loop,
    which gives its own): ``draws`` a whole number, ``dangers`` and ``ending`` :func:`_per_kind`, ``give_up``
    an amount or ``None``, ``objective`` one of :data:`DISCARD_OBJECTIVES` or ``None``."""
    from ..analysis.arguments import amount_argument

    if objective is not None and objective not in DISCARD_OBJECTIVES:
        raise ArgumentError(f"objective must be one of {', '.join(DISCARD_OBJECTIVES)} (or None), not {objective!r}")
    return (count_argument("draws", draws), _per_kind("dangers", dangers), _per_kind("ending", ending),
            amount_argument("give_up", give_up, allow_none=True), objective)


def _less_feeding(kinds: Sequence[int], scores: np.ndarray, left: np.ndarray, dangers: np.ndarray, ending,
                  hopeless: bool) -> np.ndarray:
    """Discard ``scores`` (one per kind of ``kinds``, ascending) less the expected cost of feeding an opponent:
    ``dangers`` per tile kind, plus, under tournament scoring, the chance ``ending`` that the discard ends
    the game times the worth ``left`` of the rack it leaves (worth nothing then). A joker is safe but
    precious: defence alone never throws it (it costs what the cheapest natural costs). A ``hopeless``
    hand's worth only breaks near ties."""
    kinds = np.asarray(kinds)
    cost = dangers[kinds]
    if ending is not None:  # a win fed now ends the game: the rack left is worth nothing then
        cost = cost + ending[kinds] * left
    if len(kinds) > 1 and kinds[-1] == JOKER:  # (the kinds ascend: the joker last, the naturals before it)
        cost[-1] = cost[:-1].min()
    return (_NEAR_TIE * scores if hopeless else scores) - cost


class _Lines:
    """A view's hands as the coach bot reads them: groups of 3+ apart from singles and pairs, and values; and,
    for the compiled chances, the kinds each hand uses (hand ``h``'s are ``used_kinds[used_ptr[h]:used_ptr[h +
    1]]``, ascending)."""

    __slots__ = ("small", "big", "value", "used_ptr", "used_kinds")

    def __init__(self, compiled, view: View):
        self.small = view.small.astype(np.int16)
        self.big = np.maximum(view.rest - self.small, 0).astype(np.int16)
        self.value = compiled.line_value[view.lines].astype(np.float64)
        used = np.flatnonzero((self.small | self.big) != 0)  # (hand by hand, kinds ascending: hand * 35 + kind)
        self.used_ptr = np.searchsorted(used, np.arange(0, NATURAL_KINDS * (len(self.small) + 1), NATURAL_KINDS))
        self.used_kinds = used % NATURAL_KINDS


COACH_LINES = Memo("coach lines", maxsize=256)
"""Per compiled card, the :class:`_Lines` of each view the coach bots read."""


class _FirstRack:
    """What :meth:`CoachBot.worth` works out once from the first rack of a call: the near hands, their
    lines, the tiles unseen, and (for the quick chances) the first rack's figures over all 35 kinds; and
    ``no_exposed_joker``: whether racks without a joker may count the jokerless row (some near hand's line
    has one, and no exposure holds a joker)."""

    __slots__ = ("lines", "near", "rack", "unseen_counts", "unseen", "value", "jokerless", "starts", "table", "rows",
                 "small", "big", "need_small", "need_big", "in_groups", "lacking", "outs", "log_small", "compiled",
                 "log_table", "flat_table", "no_exposed_joker")

    def __init__(self, bot: "CoachBot", position: Position, available: np.ndarray, rack: np.ndarray, draws: int,
                 behind: np.ndarray | None = None):
        """The first ``rack`` of ``position`` with the tiles ``available`` (the seat's liveness puts the dead hands
        behind, :meth:`CoachBot._behind`, unless ``behind`` gives each hand's distance)."""
        view = position.view
        self.lines = lines = bot._lines_of(view)
        self.rack = rack
        compiled = compiled_loops()
        if compiled is not None:  # the near hands, their lines, values and jokerless rows in one compiled call
            found, value = np.empty((3, view.n), dtype=np.int64), np.empty((2, view.n))
            jokerless_points = _NO_FLOATS if bot.jokerless_points is None else bot.jokerless_points
            if behind is None and bot._compiled_liveness(available, compiled):  # (the liveness too)
                self.unseen_counts = unseen_counts = np.empty(36, dtype=np.int16)
                m, s, unseen, jokerless = compiled.coach_first(
                    rack, available, position.distance, *bot.engine.live_arguments(view), bot.slack, view.lines,
                    lines.value, bot.self_pick_points, jokerless_points, unseen_counts, found, value)
            else:
                self.unseen_counts = unseen_counts = np.maximum(available - rack, 0)
                m, s, unseen, jokerless = compiled.coach_near(
                    bot._behind(position, available) if behind is None else behind, bot.slack, view.lines,
                    lines.value, bot.self_pick_points, jokerless_points, unseen_counts, found, value)
            self.near, self.starts, self.value = found[0, :m], found[2, :s], value[0, :m]
            self.jokerless = value[1, :m] if jokerless else None
            self.unseen = unseen
        else:  # the hands within slack of the nearest live one (or of the nearest, if none is live)
            behind = bot._behind(position, available) if behind is None else behind
            self.unseen_counts = unseen_counts = np.maximum(available - rack, 0)
            self.unseen = unseen = int(unseen_counts.sum())
            self.near = near = np.flatnonzero(behind <= int(behind.min()) + bot.slack)
            self.value = lines.value[near] + bot.self_pick_points  # (the tournament's self-pick row, in expectation)
            segment = view.lines[near]
            first_of_line = np.empty(len(segment), dtype=bool)
            first_of_line[:1] = True
            np.not_equal(segment[1:], segment[:-1], out=first_of_line[1:])
            self.starts = first_of_line.nonzero()[0]
            # the tournament's jokerless row per near hand (None: no such row, or no hand may earn it)
            jokerless = None if bot.jokerless_points is None else bot.jokerless_points[segment]
            self.jokerless = jokerless if jokerless is not None and jokerless.any() else None
        self.compiled = None
        if bot.exact:
            return
        self.table, log_table, flat_table, flat_log = bot._tail_tables(unseen, draws)
        self.compiled = compiled
        if compiled is not None:  # (the compiled loop works the first rack's figures out itself)
            self.log_table, self.flat_table = flat_log, flat_table
            return
        near = self.near
        self.rows = log_table[unseen_counts[:NATURAL_KINDS]].ravel()  # log_table[unseen_counts[k], n] at k * 15 + n
        self.small, self.big = small, big = lines.small[near], lines.big[near]  # [m, 35]
        naturals = rack[:NATURAL_KINDS]
        self.need_small = need_small = np.maximum(small - naturals, 0)
        self.need_big = need_big = np.maximum(big - np.maximum(naturals - small, 0), 0)
        self.in_groups = need_big.sum(axis=-1)  # [m]
        self.lacking = need_small.sum(axis=-1)
        self.outs = ((need_big > 0) * unseen_counts[:NATURAL_KINDS]).sum(axis=-1)
        self.log_small = self.rows.take(need_small + _ROW_START).sum(axis=-1)


#: How much more a call must make the rack worth, by ruleset name (see the module docstring).
CALL_MARGINS: dict[str, float] = {"NMJL": 0.1, "MAHJ-X": 0.1}

HOME_GIVE_UP = 0.2
"""Under home rules (NMJL), late in the wall (:data:`GIVE_UP_WALL` tiles or fewer) with a hot hand at the
table (an opponent showing two or more exposures) and other players who hold back
(:meth:`CoachBot.table_reading`), the coach gives up a hand whose worth is below this
share of the card's mean line value (a hand it is rarely going to finish) and throws its safest tiles.
Measured in the duplicate arena (``docs/rules.md``): it brings four coaches' wall games towards the 7-11%
of real tables; read by the table, it costs nothing against :class:`~mjlearn.rules.bots.Bot` players, who never
defend."""

GIVE_UP_WALL = 44
"""With this many tiles or fewer left in the wall (about the last eleven turns of each player), an opponent
showing two or more exposures and other players who hold back (:meth:`CoachBot.table_reading`), the coach
gives up a poor hand (under tournament scoring one worth less than a wall game's pay; at home one below
:data:`HOME_GIVE_UP`) and throws its safest tiles (:meth:`CoachBot.discard_scores`). It was 33 until the coach
read the table: a longer window made four coaches' wall games as frequent as real tables' but cost wins
against :class:`~mjlearn.rules.bots.Bot` players, who never hold back, and the reading takes that cost away
(``docs/rules.md``)."""


def _hot_penalties(scoring, opponents: Sequence) -> np.ndarray:
    """Per opponent (its exposures, or ``None``) the points a tournament takes from whoever throws it the
    winning tile (:func:`~mjlearn.analysis.defence.hot_row`: 0 below two exposures)."""
    rows = [hot_row(groups) if groups is not None else "" for groups in opponents]
    return np.array([-getattr(scoring, row) if row else 0 for row in rows], dtype=np.float64)


SELF_PICK_SHARE = 0.4
"""The share of wins a coach expects to pick from the wall itself (so to earn the tournament's self-pick
row): 40%, as measured in games of four ``Bot`` players under MAHJ-X (40% of the wins on ``basic1``,
37% on ``practice_harbor``, 400 games each; see
:func:`tournament_bonuses`)."""


def tournament_bonuses(compiled, ruleset: Ruleset) -> tuple[float, np.ndarray | None]:
    """What the tournament table's bonus rows add to a line's value, in expectation, for the coach's worth:
    ``(self_pick, jokerless)``. ``self_pick`` is the self-pick row times :data:`SELF_PICK_SHARE` (added to
    every line); ``jokerless`` per line of the card the jokerless row (0 for a Singles and Pairs line,
    which never earns it), counted only where a rack can still finish without a joker, times that
    chance. Under home rules, ``(0.0, None)``.

    >>> import mjlearn as mj
    >>> from mjlearn.rules import MAHJX, NMJL
    >>> card = mj.load_card("basic1")
    >>> pick, jokerless = tournament_bonuses(card.compiled(MAHJX), MAHJX)
    >>> pick, sorted(set(jokerless.tolist()))   # Basic1's Singles and Pairs lines earn no jokerless points
    (4.0, [0.0, 20.0])
    >>> tournament_bonuses(card.compiled(NMJL), NMJL)
    (0.0, None)
    """
    from .scoring import _is_singles_and_pairs

    scoring = ruleset.tournament
    if scoring is None:
        return 0.0, None
    rows = np.array([0.0 if _is_singles_and_pairs(line) else float(scoring.jokerless) for line in compiled.lines])
    return float(scoring.self_pick) * SELF_PICK_SHARE, rows


class CoachBot(Bot):
    """A seeded policy for one seat that plays by its chances of winning (see the module docstring).

    ``card``, ``ruleset`` and ``seed`` as for :class:`Bot` (its other options
    too). ``weights`` are what the best three lines count for in a rack's
    worth, ``call_margin`` how much more a call must make the rack worth
    (``None``: the ruleset's :data:`CALL_MARGINS` entry),
    ``slack`` how many tiles beyond the nearest live hand are considered,
    ``defence`` turns the danger of discards on or off (and the giving up of
    a poor hand late in the wall when a hot hand shows) and
    ``caution`` scales it; ``exact`` uses the exact chances (slower); with
    ``distance_first`` a discard keeps the nearest live hand nearest first
    and weighs chances and danger among the tiles that do (in seeded games
    against :class:`Bot` that won about 2 points more of the games); ``beam``
    is how many sets of tiles the Charleston's search keeps at each step;
    ``tournament_rows`` counts the tournament's self-pick and jokerless rows in
    a line's worth under MAHJ-X; ``waiting`` is the danger model's table
    (:data:`~mjlearn.analysis.defence.CALIBRATED_WAITING`, calibrated on coach
    and Bot tables; :data:`~mjlearn.analysis.defence.WAITING` the one before);
    ``home_give_up`` is, under home rules, the share of the card's mean line
    value below which a hand is given up late in the wall when a hot hand
    shows (:data:`HOME_GIVE_UP`; ``None``: never, as before issue 25);
    ``read_table`` gives a hand up only at a table whose other players hold
    back (:meth:`table_reading`; ``False``: whatever they do).

    ``objective`` chooses how a discard weighs the racks it leaves: ``"draw"``
    (the default: one draw of look-ahead over the worth, from the
    ``lookahead_width`` best discards; in a game only with
    ``lookahead_at_table=True``, :attr:`table_objective`), ``"worth"``
    (chances times value, as above), or a look-ahead over
    ``samples`` common futures (:mod:`mjlearn.rules.coach_policy`, the hands
    at most ``lookahead_slack`` tiles behind the nearest): ``"completion"``
    (the chance that some hand completes), ``"single"`` (the chance of the
    likeliest one hand) or ``"value"`` (the expected value of the best hand
    completed). The sampled look-aheads cost 4 to 10 times the worth's time and, on
    the solitaire benchmark, completed no clearly larger share of hands
    (``docs/analysis.md``), so they are options; the one-draw look-ahead
    completed 8-10% more than the worth alone.
    """

    _PLAYS_TRUSTED = True  # (run_game plays the coach itself unchecked, as the Bot: see bots._plays_trusted)

    def __init__(
        self,
        card: "Card",
        ruleset: Ruleset | str = NMJL,
        seed: int | None = 0,
        weights: Sequence[float] = (1.0, 0.35, 0.15),
        call_margin: float | None = None,
        slack: int = 2,
        defence: bool = True,
        caution: float = 1.0,
        exact: bool = False,
        distance_first: bool = True,
        beam: int = 3,
        objective: str = "draw",
        lookahead_at_table: bool = False,
        lookahead_width: int = 4,
        samples: int = 96,
        lookahead_slack: int = 3,
        tournament_rows: bool = True,
        waiting: Sequence[Sequence[float]] = CALIBRATED_WAITING,
        home_give_up: float | None = HOME_GIVE_UP,
        read_table: bool = True,
        **options,
    ):
        from ..analysis.arguments import amount_argument, flag_argument, waiting_argument, weights_argument

        super().__init__(card, ruleset, seed, **options)
        self.weights = weights_argument("weights", weights)
        call_margin = amount_argument("call_margin", call_margin, allow_none=True)
        if call_margin is None:
            call_margin = CALL_MARGINS.get(self.ruleset.name, CALL_MARGINS["NMJL"])
        self.call_margin = call_margin
        self.slack = count_argument("slack", slack, maximum=14)
        self.defence = flag_argument("defence", defence)
        self.caution = amount_argument("caution", caution)
        self.exact = flag_argument("exact", exact)
        self.distance_first = flag_argument("distance_first", distance_first)
        self.beam = count_argument("beam", beam, minimum=1)
        if objective not in DISCARD_OBJECTIVES:
            raise ArgumentError(f"objective must be one of {', '.join(DISCARD_OBJECTIVES)}, not {objective!r}")
        self.objective = objective
        self.lookahead_at_table = flag_argument("lookahead_at_table", lookahead_at_table)
        self.lookahead_width = count_argument("lookahead_width", lookahead_width, minimum=2)
        self.samples = count_argument("samples", samples, minimum=1)
        self.lookahead_slack = count_argument("lookahead_slack", lookahead_slack, minimum=0)
        self.last_distance = np.zeros(0, dtype=np.int16)
        self._exact_cache: dict = {}
        self._first: tuple | None = None  # (key, _FirstRack): see _first_rack
        self._kept_behind: tuple | None = None  # (position, available, distances): see _behind
        self._kept_lines: tuple | None = None  # (view, _Lines): see _lines_of
        self._kept_rows: tuple | None = None  # (opponents, danger_rows): see _threats
        self._kept_left: tuple | None = None  # (the last two (exposures, the tiles they leave, a joker among them), the
        # latest first): see _available
        self._kept_penalty: tuple | None = None  # (opponents, their hot tiles' penalties): see _tournament_risk
        self.mean_value = float(self.engine.compiled.line_value.mean()) if self.engine.compiled.num_lines else 0.0
        self.last_chance = np.zeros(0)
        self._turn: tuple | None = None  # (game, seat) of the move under way: choose_exchange's draws, if it asks
        self.waiting = waiting if waiting is CALIBRATED_WAITING else waiting_argument(waiting)
        if home_give_up is not None and (isinstance(home_give_up, bool) or not isinstance(home_give_up, (int, float))
                                         or not home_give_up >= 0):
            raise ArgumentError(f"home_give_up must be a share of a line's value (0 or more) or None, not {home_give_up!r}")
        self.home_give_up = None if home_give_up is None else float(home_give_up)
        self.read_table = flag_argument("read_table", read_table)
        self._reading: tuple | None = None  # (game, seat, TableReading): see table_reading
        self._remembered: list[tuple["Game", tuple[float, float]]] = []  # (game, its evidence): see remember_table
        self.tournament_rows = flag_argument("tournament_rows", tournament_rows)
        self.self_pick_points, self.jokerless_points = tournament_bonuses(self.engine.compiled, self.ruleset) \
            if tournament_rows else (0.0, None)

    def __repr__(self) -> str:
        return f"CoachBot(seed={self.seed!r}, weights={self.weights.tolist()}, defence={self.defence})"

    def __getstate__(self) -> dict:
        """What pickling keeps: as :meth:`Bot.__getstate__ <mjlearn.rules.Bot.__getstate__>`, and none of the
        figures kept from its last looks (the first rack's, the lines', the exact chances') nor its readings of a
        game's table (a reading belongs to the game objects it was made in, and so do the games it remembers,
        :meth:`remember_table`)."""
        state = super().__getstate__()
        state.update(_exact_cache={}, _first=None, _kept_behind=None, _kept_lines=None, _kept_rows=None,
                     _kept_left=None, _kept_penalty=None, _turn=None, _reading=None, _remembered=[])
        return state

    # -- worth of racks ----------------------------------------------------------
    def _behind(self, position: Position, available: np.ndarray) -> np.ndarray:
        """The rack's distance to each hand of its view, the hands the tiles ``available`` cannot complete
        put :data:`~mjlearn.engine.views.FAR` tiles further (or ``slack + 15``, whichever is more), or as it
        is when no hand is live: the hands within ``slack`` of its least are the nearest live ones, within
        ``slack`` of the nearest. With numba, one compiled call
        (:meth:`~mjlearn.engine.BotEngine.dead_far`) instead of a numpy step per kind whose count changed
        (:meth:`Bot._live_mask <mjlearn.rules.bots.Bot._live_mask>`): the same hands. The last answer is
        kept (a call weighs the rack as it is after :meth:`choose_call` has looked at it): do not change it."""
        seen = (available.dtype.char, available.tobytes())
        kept = self._kept_behind
        if kept is not None and kept[0] is position and kept[1] == seen:
            return kept[2]
        distance = position.distance
        if self._compiled_liveness(available):
            dead = self.engine.dead_far(position.view, available)
            behind = distance if dead is None else distance + dead
        else:
            live = self._live_mask(position.view, available)
            behind = np.where(live, distance, distance + max(FAR, self.slack + 15)) if live.any() else distance
        self._kept_behind = (position, seen, behind)
        return behind

    def _compiled_liveness(self, available: np.ndarray, compiled=None) -> bool:
        """Whether the view's liveness for the tiles ``available`` may be worked out by the compiled loops (numba
        is there, the dead hands' :data:`~mjlearn.engine.views.FAR` is beyond ``slack + 15``, and no count is below
        0): :meth:`_behind`, :meth:`_near` and the first rack of :meth:`worth` then read it so. (``compiled``: the
        compiled loops, where the caller has them already.)"""
        if compiled is None:
            compiled = compiled_loops()
        return compiled is not None and self.slack + 15 <= FAR and compiled.none_below(available, 0)

    def _near(self, position: Position, available: np.ndarray | None) -> np.ndarray:
        """Which hands of the position's view are within ``slack`` of the nearest live one (of the nearest, if none
        is live; of the nearest of all, without ``available``): :meth:`_behind`'s distances read as the first rack
        of :meth:`worth` reads them. With numba, one compiled call (``mjlearn.engine._numba.live_near``)."""
        if available is None:
            distance = position.distance
            return distance <= int(distance.min()) + self.slack
        if self._compiled_liveness(available):
            near = np.empty(position.view.n, dtype=bool)
            compiled_loops().live_near(position.distance, available, *self.engine.live_arguments(position.view), self.slack,
                               near)
            return near
        behind = self._behind(position, available)
        return behind <= int(behind.min()) + self.slack

    def _lines_of(self, view: View) -> _Lines:
        kept = self._kept_lines
        if kept is not None and kept[0] is view:  # (the view of the last call: most calls read the same one)
            return kept[1]
        compiled = self.engine.compiled  # (shared by the coach bots of the card)
        lines = COACH_LINES.get(compiled, view.key, lambda: _Lines(compiled, view))
        self._kept_lines = (view, lines)
        return lines

    def worth(self, racks: Sequence[Sequence[int]], exposures: Sequence[Exposure] = (), visible=None,
              draws: int = 20) -> np.ndarray:
        """The worth (expected value of the best lines, :attr:`weights`) of each rack of ``racks`` (36 counts
        each; all with the same ``exposures``), with ``draws`` tiles still to draw and ``visible`` tiles seen.

        The first rack decides which hands are near enough to count: pass
        racks that differ by a tile or two (a rack, and the racks one discard
        away).
        """
        exposures = checked_exposures(exposures)
        visible = seen_argument(visible)
        if TRUST.on:
            racks = np.asarray(racks, dtype=np.int16).reshape(-1, 36)
        else:
            racks, draws = checked_racks(racks, least=1), count_argument("draws", draws)
        first = self._first_rack(racks[0], exposures, visible, draws)
        if first is None:  # no hand is allowed: nothing is worth anything, and no hand is nearer than another
            self.last_chance = np.zeros(len(racks))
            self.last_distance = np.zeros(len(racks), dtype=np.int16)
            return np.zeros(len(racks))
        if first.compiled is not None:  # the same floats, in two compiled loops and numpy's exp
            return self._compiled_worth(racks, first, first.no_exposed_joker)
        # the jokerless row counts for racks that hold no joker, with no joker among their exposures
        jokerless = None
        if first.jokerless is not None and not any(e.jokers for e in exposures):
            jokerless = racks[:, JOKER] == 0
            if not jokerless.any():
                jokerless = None
        if self.exact:
            needed, chance = self._exact_chances(racks, first.lines, first.near, first.unseen_counts, draws)
            natural = None if jokerless is None else self._exact_chances(
                racks, first.lines, first.near, first.unseen_counts, draws, naturals_only=True)[1]
        else:
            needed, chance, natural = self._quick_chances(racks, first, naturals_only=jokerless is not None)
        expected = chance * first.value
        if jokerless is not None:  # + the jokerless points times the chance of completing it without a joker
            expected = expected + (natural * first.jokerless) * jokerless[:, None]
        per_line = np.maximum.reduceat(expected, first.starts, axis=1)
        top = -np.sort(-per_line, axis=1)[:, : len(self.weights)]
        self.last_distance = needed.min(axis=1)  # each rack's distance to its nearest hand that counted
        self.last_chance = chance.max(axis=1)  # each rack's best chance of completing a hand that counted
        return top @ self.weights[: top.shape[1]]

    def _compiled_worth(self, racks: np.ndarray, first: "_FirstRack", jokerless: bool) -> np.ndarray:
        """:meth:`worth` with numba: the quick chances (``coach_chances``), numpy's ``exp``, then the chances,
        the lines' best and the best lines in one more compiled loop (``mjlearn.engine._numba.coach_worth``),
        which does numpy's products, sums and maxima in numpy's order; the weights (any number of them) are
        applied by numpy's ``@`` to the best lines (as many as there are weights, or lines if fewer). The same
        floats (``tests/test_coach_fast_paths.py``). With ``jokerless`` (the exposures hold no joker) the racks
        that hold none count the jokerless row (the loop reads which)."""
        needed, small_chance, at, at_natural = self._compiled_chances(racks, first)
        count, weights = len(racks), self.weights
        if len(first.starts) < len(weights):
            weights = weights[: len(first.starts)]
        top = np.empty((count, len(weights)))  # (the numpy path's best lines, the best first)
        self.last_chance = np.empty(count)
        self.last_distance = np.empty(count, dtype=np.int64)
        first.compiled.coach_worth(small_chance, first.flat_table, at, at_natural, first.value,
                                   first.jokerless if jokerless else _NO_FLOATS, racks, needed, first.starts,
                                   weights, top, self.last_chance, self.last_distance)
        return top @ weights

    @staticmethod
    def _compiled_chances(racks: np.ndarray, first: "_FirstRack") -> tuple:
        """The quick chances' figures by the compiled loop (``coach_chances``) and numpy's ``exp``: each rack's
        tiles lacking, the singles' and pairs' chance, and where the groups' chance stands in the flattened tail
        table with the unseen jokers among the outs and without them (``[K, m]`` each)."""
        shape = (len(racks), len(first.near))
        needed, at, at_natural = np.empty(shape, np.int64), np.empty(shape, np.int64), np.empty(shape, np.int64)
        small_chance = np.empty(shape)
        lines = first.lines
        first.compiled.coach_chances(racks, lines.small, lines.big, lines.used_ptr, lines.used_kinds, first.near,
                                     first.log_table, first.unseen_counts, _MAX_NEED, needed, small_chance, at,
                                     at_natural)
        np.exp(small_chance, out=small_chance)  # (numpy's exp: the compiled loop leaves it the log)
        return needed, small_chance, at, at_natural

    def _first_rack(self, rack: np.ndarray, exposures: Sequence[Exposure], visible, draws: int) -> "_FirstRack | None":
        """What :meth:`worth` works out from the first rack (``None`` if no hand is allowed); the last one
        is kept, for the Charleston's search weighs the racks grown from the same rack three times."""
        if visible is None or type(visible) is list:
            seen_key = None if visible is None else tuple(visible)
        elif isinstance(visible, np.ndarray):
            seen_key = (visible.dtype.char, visible.tobytes())
        else:
            seen_key = tuple(np.asarray(visible).tolist())
        key = (tuple(rack.tolist()), self._key_of(exposures), seen_key, draws, self.slack, self.exact,
               tuple(exposures))
        kept = self._first  # (the exposures' jokers count too: they are not among the tiles still to come)
        if kept is not None and kept[0] == key:
            return kept[1]
        position = self._position(key[0], key[1])
        view = position.view
        if not view.n:
            return None
        # the nearest live hands (or the nearest if none is live) and what could still be drawn: the first
        # rack's tiles are not (nor what the others give up: it is thrown)
        available, joker_exposed = self._available(visible, key[6])
        first = _FirstRack(self, position, available, rack.copy(), draws)
        first.no_exposed_joker = first.jokerless is not None and not joker_exposed
        self._first = (key, first)
        return first

    def _available(self, visible, exposures: tuple) -> tuple[np.ndarray, bool]:
        """The tiles available (:func:`~mjlearn.engine.available_tiles` of ``visible``, ``None`` for none, and the
        seat's own ``exposures``: a new array) and whether those exposures hold a joker. The set less the
        exposures is kept for the last two sets of exposures asked about (the same ``Exposure`` objects, compared by
        identity first): the seat's own, and the exposures a call it weighs would make, which alternate."""
        kept = self._kept_left
        if kept is None or kept[0][0] != exposures:
            if kept is not None and kept[1] is not None and kept[1][0] == exposures:
                kept = self._kept_left = (kept[1], kept[0])
            else:
                left = (exposures, available_tiles(_NO_TILES, exposures), any(e.jokers for e in exposures))
                kept = self._kept_left = (left, None if kept is None else kept[0])
        left = kept[0]
        return (left[1].copy() if visible is None else left[1] - np.asarray(visible, dtype=np.int16)), left[2]

    def _exact_chances(self, racks: np.ndarray, lines: _Lines, near: np.ndarray, unseen_counts: np.ndarray,
                       draws: int, naturals_only: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """Each rack's tiles lacking and chance (``[K, m]``) for the ``near`` hands, by
        :func:`~mjlearn.analysis.chances.hand_chances` (``exact=True``). With ``naturals_only`` the chance
        is that of completing each hand without a joker (the jokers held and unseen left out: slightly
        optimistic, since the unseen jokers no longer take up draws)."""
        if naturals_only:
            unseen_counts = unseen_counts.copy()
            unseen_counts[JOKER] = 0
            racks = racks.copy()
            racks[:, JOKER] = 0
        small, big = lines.small[near][None], lines.big[near][None]  # [1, m, 35]
        naturals = racks[:, None, :NATURAL_KINDS]
        need_small = np.maximum(small - naturals, 0)
        need_big = np.maximum(big - np.maximum(naturals - small, 0), 0)
        in_groups = need_big.sum(axis=-1)  # [K, m]
        jokers = racks[:, JOKER][:, None]
        needed = need_small.sum(axis=-1) + in_groups - np.minimum(jokers, in_groups)
        chance = np.zeros(needed.shape)
        for j in np.unique(racks[:, JOKER]).tolist():
            rows = racks[:, JOKER] == j
            ms, mg = need_small[rows].reshape(-1, NATURAL_KINDS), need_big[rows].reshape(-1, NATURAL_KINDS)
            chance[rows] = hand_chances(ms, mg, unseen_counts, j, draws, self._exact_cache).reshape(-1, len(near))
        return needed, chance

    def _quick_chances(self, racks: np.ndarray, first: "_FirstRack", naturals_only: bool = False) -> tuple:
        """Each rack's tiles lacking and chance (``[K, m]``) for the near hands, by the cheaper model:
        singles and pairs kind by kind (as if independent), groups of 3+ from their pooled outs. With
        ``naturals_only`` a third array, the chance of completing each hand with no joker (the groups'
        lacking tiles all natural, the unseen jokers no outs); otherwise ``None`` in its place.

        The racks differ from the first by a few kinds (``changed``), so the first rack's figures are
        worked out over all 35 kinds once (:class:`_FirstRack`), and the others' from them: the counts
        (whole numbers) by adding what the changed kinds change, the singles' and pairs' log-chance (a
        sum of floats) copied where a hand lacks the same tiles as for the first rack and summed afresh
        over all 35 kinds, in the same order, where it does not: the same numbers as summing every rack
        in full. With numba, one compiled loop (``mjlearn.engine._numba.coach_chances``) does all but
        the ``exp`` and the tail table's lookup, adding the floats in numpy's order (its pairwise sum):
        the same numbers again (``tests/test_coach_fast_paths.py``).
        """
        if first.compiled is not None:  # the same whole numbers and floats, in one compiled loop
            needed, small_chance, at, at_natural = self._compiled_chances(racks, first)
            table = first.table.ravel()
            natural = small_chance * table.take(at_natural) if naturals_only else None
            chance = table.take(at)
            return needed, np.multiply(small_chance, chance, out=chance), natural
        rows, small, big, need_small, need_big = first.rows, first.small, first.big, first.need_small, first.need_big
        in_groups, lacking, outs, log_small = first.in_groups, first.lacking, first.outs, first.log_small
        outs_natural = first.unseen_counts[:NATURAL_KINDS]
        changed = np.flatnonzero((racks[1:, :NATURAL_KINDS] != first.rack[:NATURAL_KINDS]).any(axis=0)) \
            if len(racks) > 1 else ()
        if len(changed):  # the other racks: what the changed kinds change
            part_small, part_big = small[:, changed], big[:, changed]  # [m, c]
            naturals = racks[:, None, changed]  # [K, 1, c]
            ns = np.maximum(part_small - naturals, 0)  # [K, m, c]
            nb = np.maximum(part_big - np.maximum(naturals - part_small, 0), 0)
            first_ns, first_nb = need_small[:, changed], need_big[:, changed]
            in_groups = in_groups + (nb.sum(axis=-1) - first_nb.sum(axis=-1))
            lacking = lacking + (ns.sum(axis=-1) - first_ns.sum(axis=-1))
            outs_changed = outs_natural[changed]
            outs = outs + (((nb > 0) * outs_changed).sum(axis=-1) - ((first_nb > 0) * outs_changed).sum(axis=-1))
            log_small = np.repeat(log_small[None], len(racks), axis=0)
            differ = (ns != first_ns).any(axis=-1)  # [K, m]: these lack other singles and pairs
            which, hand = np.nonzero(differ)
            if len(which):
                full = need_small[hand]  # [p, 35]
                full[:, changed] = ns[which, hand]
                log_small[which, hand] = rows.take(full + _ROW_START).sum(axis=-1)
        else:
            in_groups, lacking, outs, log_small = in_groups[None], lacking[None], outs[None], log_small[None]
        jokers = racks[:, JOKER][:, None]
        needed = lacking + in_groups - np.minimum(jokers, in_groups)
        natural = None
        small_chance = np.exp(log_small)
        if naturals_only:
            natural = small_chance * first.table[np.minimum(outs, first.unseen), np.minimum(in_groups, _MAX_NEED - 1)]
        outs = outs + first.unseen_counts[JOKER]
        short = np.minimum(np.maximum(in_groups - jokers, 0), _MAX_NEED - 1)
        chance = small_chance * first.table[np.minimum(outs, first.unseen), short]
        return needed, chance, natural

    def _tail_table(self, unseen: int, draws: int) -> tuple[np.ndarray, np.ndarray]:
        """The chances of :func:`tail_table` for every count of outs (``0..unseen``) and tiles needed
        (``0..14``): the table ``[outs, needed]`` and its logarithm, built once per ``(unseen, draws)``."""
        return self._tail_tables(unseen, draws)[:2]

    @staticmethod
    def _tail_tables(unseen: int, draws: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`_tail_table`'s table and logarithm, then both flattened (views of them, kept with them)."""
        key = (unseen, draws)
        tables = _TAILS.get(key)
        if tables is None:
            if len(_TAILS) >= 1024:
                del _TAILS[next(iter(_TAILS))]  # the oldest
            table = _compiled_tail_table(compiled_loops(), unseen, draws)
            with np.errstate(divide="ignore"):
                log_table = np.log(table)
            tables = _TAILS[key] = (table, log_table, table.ravel(), log_table.ravel())
        return tables

    @staticmethod
    def _draws(game: "Game", seat: int | None = None) -> int:
        """The draws the seat can still expect (:func:`~mjlearn.analysis.horizon.seat_draws`: the horizon a
        learner is shown), at least 1."""
        return max(1, _seat_draws(game, seat))

    # -- the Charleston ----------------------------------------------------------
    def choose_pass(self, counts: Sequence[int], count: int = 3, draws: int = 24) -> list[Tile]:
        """The ``count`` tiles (never a joker) whose loss costs the rack least: a beam search that keeps
        the ``beam`` best sets of each size, so that a pair is not broken for one tile and kept for nothing.
        With numba the sets are grown, and their racks built, by a compiled loop
        (``mjlearn.engine._numba.pass_sets``), and the best kept by another (``best_first``): the same sets in
        the same order."""
        counts = as_counts(counts)
        if not TRUST.on:
            count, draws = count_argument("count", count, maximum=13), count_argument("draws", draws)
        if sum(counts[:NATURAL_KINDS]) < count:  # jokers only left: as the Bot does (it never passes them)
            return super().choose_pass(counts, count)
        rack = np.asarray(counts, dtype=np.int16)
        compiled = compiled_loops()
        if compiled is not None and count <= 12:  # the same sets, grown and their racks built in a compiled loop
            grown = np.zeros((1, 0), dtype=np.int64)
            # (every step's racks start with the rack: its first rack, found once, unless a subclass weighs racks
            # its own way)
            first = self._first_rack(rack, (), None, draws) if type(self).worth is CoachBot.worth else None
            for size in range(1, count + 1):
                found = np.empty((len(grown) * NATURAL_KINDS, size), dtype=np.int64)
                racks = np.empty((len(found) + 1, 36), dtype=np.int16)
                n = compiled.pass_sets(rack, grown, found, racks)
                if first is not None and first.compiled is not None:  # (worth, without looking for its first again)
                    worth = self._compiled_worth(racks[: n + 1], first, first.no_exposed_joker)[1:]
                else:
                    worth = self.worth(racks[: n + 1], (), None, draws)[1:]
                # the best sets, best first, ties in their order (np.argsort(-worth, kind="stable")'s first ones)
                best = np.empty(self.beam if size < count else 1, dtype=np.int64)
                grown = found[best[: compiled.best_first(worth, best)]]
            return [Tile(k) for k in grown[0].tolist()]
        held = rack[:NATURAL_KINDS].tolist()
        kinds = [k for k in range(NATURAL_KINDS) if held[k]]
        sets: list[tuple[int, ...]] = [()]
        for size in range(1, count + 1):
            found: set[tuple[int, ...]] = set()
            for chosen in sets:  # each set grown by one more of the tiles it leaves on the rack (kept sorted)
                found.update(chosen[:bisect_right(chosen, k)] + (k,) + chosen[bisect_right(chosen, k):]
                             for k in kinds if held[k] > chosen.count(k))
            grown = sorted(found)
            # the rack, then each set's rack: the rack less the set's tiles
            taken = np.bincount(np.arange(36, 36 * (len(grown) + 1), 36).repeat(size) + np.array(grown).ravel(),
                                minlength=36 * (len(grown) + 1)).reshape(-1, 36)
            worth = self.worth(rack - taken.astype(np.int16), (), None, draws)[1:]
            order = np.argsort(-worth, kind="stable")[: self.beam if size < count else 1]
            sets = [grown[i] for i in order]
        return [Tile(k) for k in sets[0]]

    def charleston_move(self, game: "Game", seat: int) -> None:
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        step = game.charleston.step
        if step.kind in ("vote", "negotiated"):
            super().charleston_move(game, seat)
        else:
            game._trusted_pass_tiles(seat, self.choose_pass(game.racks[seat].counts, 3, self._draws(game, seat)))

    # -- discards ---------------------------------------------------------------
    def discard_scores(self, counts: Sequence[int], exposures: Sequence[Exposure] = (), visible=None,
                       draws: int = 20, dangers=None, ending=None, give_up: float | None = None,
                       objective: str | None = None) -> tuple[list[int], np.ndarray]:
        """The kinds a 14-tile rack may throw and each one's score: the worth of the rack left, less the
        expected cost of feeding an opponent (``dangers``: per tile kind, as :meth:`feeding_cost` gives).

        Under tournament scoring (:meth:`tournament_risk`) ``ending`` is, per
        tile kind, the chance that throwing it ends the game with an
        opponent's win: the rack left is worth nothing then, so each discard
        also costs ``ending`` times the worth of the rack it leaves. When the
        rack is worth less than ``give_up`` points the hand is given up: the
        nearest hand no longer comes first, and the score is the cost alone
        (the safest tile first; the worth of the rack left only breaks near
        ties), or the worth alone when nobody threatens (``dangers=None``).

        >>> import mjlearn as mj
        >>> from mjlearn.hands import Hand
        >>> bot = CoachBot(mj.load_card("basic1"), "MAHJ-X")
        >>> rack = Hand("FF 222B 444B 666B 8B 3C 7D")  # one from 2468 #1 once 3C or 7D goes
        >>> cost = np.zeros(36)
        >>> cost[[int(Tile.from_notation("3C")), int(Tile.from_notation("7D"))]] = 5.0  # both dangerous
        >>> bot.choose_discard(rack.counts, dangers=cost).notation in ("3C", "7D")  # the hand comes first
        True
        >>> bot.choose_discard(rack.counts, dangers=cost, give_up=1000.0).notation in ("3C", "7D")  # given up
        False
        """
        exposures = checked_exposures(exposures)
        visible = seen_argument(visible)
        if not TRUST.on:
            draws, dangers, ending, give_up, objective = _discard_options(draws, dangers, ending, give_up, objective)
        objective = self.objective if objective is None else objective
        if objective in OBJECTIVES:
            return self._lookahead_scores(counts, exposures, visible, draws, dangers, ending, give_up)
        rack = np.asarray(as_counts(counts), dtype=np.int16)
        compiled = compiled_loops()
        if compiled is not None:  # the same kinds and racks, built in one compiled loop
            held, racks = np.empty(36, dtype=np.int64), np.empty((37, 36), dtype=np.int16)
            count = compiled.discard_racks(rack, held, racks)
            held, racks = held[:count], racks[: count + 1]
        else:
            held = rack.nonzero()[0]
            racks = np.empty((len(held) + 1, 36), dtype=np.int16)  # the rack, then the rack less each kind
            racks[0] = rack
            np.subtract(rack, _ONE_OF[held], out=racks[1:])
        kinds = held.tolist()
        worth = self.worth(racks, exposures, visible, draws)
        scores = worth[1:]
        hopeless = give_up is not None and float(worth[0]) < give_up
        distance = self.last_distance[1:] if len(self.last_distance) > 1 else None
        if objective == "draw" and distance is not None and not hopeless and draws > 1:
            scores = self._next_draw_worth(rack, held, scores, distance, exposures, visible, draws)
        nearest_first = self.distance_first and distance is not None and not hopeless
        if compiled is not None and (nearest_first or dangers is not None):  # the same floats, in one compiled loop
            finished = np.empty(len(kinds))
            compiled.discard_finish(scores, worth[1:], distance.astype(np.int64, copy=False) if nearest_first else _NO_INTS, held,
                                    _NO_FLOATS if dangers is None else np.asarray(dangers, dtype=np.float64),
                                    _NO_FLOATS if ending is None or dangers is None else np.asarray(ending, dtype=np.float64),
                                    nearest_first, hopeless, finished)
            return kinds, finished
        if nearest_first:  # keep the nearest live hand nearest first
            scores = scores - _FAR_BEHIND * (distance - distance.min())
        if dangers is not None:
            scores = _less_feeding(held, scores, worth[1:], dangers, ending, hopeless)
        return kinds, scores

    def _next_draw_worth(self, rack: np.ndarray, held: np.ndarray, scores: np.ndarray, distance: np.ndarray,
                         exposures: Sequence[Exposure], visible, draws: int) -> np.ndarray:
        """The one-draw look-ahead of ``objective="draw"``: for the kinds ``held`` that a 14-tile ``rack`` may
        throw, the worth it can expect after the next draw and the best discard then, ``sum over t of
        P(t) x max over d of worth(rack - kind + t - d)`` with ``draws - 1`` draws left (``t``: each kind
        of tile the seat has not seen, drawn in proportion to its unseen copies).

        The plain worth counts each line by its chance as if the player had to choose its hand now; the
        look-ahead lets it choose after seeing one more tile, which values the tiles that keep several
        hands open. To keep it quick it looks ahead from the :attr:`lookahead_width` best kinds by the
        plain worth among those that keep the nearest hand nearest (the others keep their ``scores``,
        below them), and after the draw weighs throwing the tile drawn or one of those kinds (the tiles
        the rack can spare); a tile no near hand wants more of is thrown straight back.
        """
        order = np.argsort(-scores, kind="stable")
        if self.distance_first:
            order = order[distance[order] == distance.min()]
        candidates = order[: self.lookahead_width]
        first = self._first_rack(rack, exposures, visible, draws)  # (kept from the worth just weighed)
        if len(candidates) < 2 or first is None or not first.unseen:
            return scores
        unseen = first.unseen_counts  # the tiles the seat has not seen: what the next draw may bring
        draws_from = np.flatnonzero(unseen)
        chance = unseen[draws_from] / first.unseen
        lines = first.lines
        wanted = np.zeros(36, dtype=bool)
        wanted[:NATURAL_KINDS] = ((lines.small[first.near] + lines.big[first.near]) > rack[:NATURAL_KINDS]).any(axis=0)
        wanted[JOKER] = bool(lines.big[first.near].any())
        useful = wanted[draws_from]
        spare = held[order[: self.lookahead_width + 1]]  # the kinds a rack after the draw may throw (or the tile drawn)
        kept_now = rack[None, :] - _ONE_OF[held[candidates]]  # [C, 36]: the racks kept, before the draw
        kept = kept_now[:, None, :] + _ONE_OF[draws_from[useful]][None, :, :]  # [C, U, 36]
        which, drawn, thrown = np.nonzero(kept[:, :, spare])
        racks = kept[which, drawn] - _ONE_OF[spare[thrown]]
        shown = self.last_distance, self.last_chance  # (what the caller reads after discard_scores: the rack's own)
        worth = self.worth(np.concatenate([rack[None, :], kept_now, racks]), exposures, visible, draws - 1)[1:]
        self.last_distance, self.last_chance = shown
        back = worth[: len(candidates)]  # the tile drawn thrown straight back
        best = np.repeat(back[:, None], int(useful.sum()), axis=1)
        np.maximum.at(best, (which, drawn), worth[len(candidates):])
        value = best @ chance[useful] + back * float(chance[~useful].sum())
        looked = np.empty_like(scores)
        looked[candidates] = value
        others = np.setdiff1d(np.arange(len(scores)), candidates)  # not looked ahead from: below, in their order
        looked[others] = float(value.min()) - 1e-6 - 1e-9 * (float(scores[candidates].max()) - scores[others])
        return looked

    def keep_chances(self, counts: Sequence[int], exposures: Sequence[Exposure] = (), visible=None,
                     draws: int = 20) -> KeepScores:
        """For each kind a 14-tile rack may throw: the chance that the 13 tiles left complete some hand of the
        card within ``draws`` draws (``objective="value"``: the expected value of the best hand completed),
        the mean tiles away at the end, and the tiles away before any draw (a
        :class:`~mjlearn.rules.coach_policy.KeepScores`).

        The futures are drawn from the tiles the seat has not seen (its rack, its exposures and ``visible``
        left out) by the seeded generator, :attr:`samples` of them (every future, exactly weighted, with two
        draws or fewer); the hands looked at are those the tiles still available can complete, at most
        ``draws`` tiles away and :attr:`lookahead_slack` behind the nearest.

        >>> import mjlearn as mj
        >>> from mjlearn.hands import Hand
        >>> bot = CoachBot(mj.load_card("basic1"))
        >>> kinds, chance, away, now = bot.keep_chances(Hand("FF 222B 444B 666B 88B 3C").counts, draws=1)
        >>> Tile(kinds[int(chance.argmax())]).notation, round(float(chance.max()), 4)   # 2 8B and 8 jokers of 138
        ('3C', 0.0725)
        """
        exposures = checked_exposures(exposures)
        visible = seen_argument(visible)
        if not TRUST.on:
            draws = count_argument("draws", draws)
        counts = as_counts(counts)
        position = self._position(counts, self._key_of(exposures))
        view = position.view
        kinds = [k for k in range(36) if counts[k]]
        if not view.n or not kinds:
            return KeepScores(kinds, np.zeros(len(kinds)), np.full(len(kinds), 99.0), np.full(len(kinds), 99.0))
        seen = [0] * 36 if visible is None else [int(v) for v in visible]
        available = available_tiles(seen, exposures)
        dead = self.engine.dead_far(view, np.maximum(available, 0).tolist())
        near = near_hands(position, draws, self.lookahead_slack, dead)
        unseen = np.maximum(available.astype(np.int64) - np.asarray(counts, dtype=np.int64), 0)
        futures, weights = draw_futures(unseen, draws, self.samples, np.random.default_rng(self.rng.getrandbits(64)))
        objective = self.objective if self.objective in OBJECTIVES else "completion"  # ("worth" and "draw": the chance some hand completes)
        values = self.engine.compiled.line_value[view.lines] if objective == "value" else None
        return keep_scores(position, futures, weights, near=near, objective=objective, values=values, kinds=kinds)

    def _lookahead_scores(self, counts, exposures, visible, draws: int, dangers, ending, give_up
                          ) -> tuple[list[int], np.ndarray]:
        """:meth:`discard_scores` by the look-ahead (:meth:`keep_chances`): each candidate's chance (times the
        card's mean line value, so that it weighs in points against ``dangers``; the expected value itself
        with ``objective="value"``), less the costs as in the other objective."""
        kinds, score, away, now = self.keep_chances(counts, exposures, visible, draws)
        if not kinds:
            return kinds, np.zeros(0)
        scale = 1.0 if self.objective == "value" else self.mean_value
        worth = keep_choice(kinds, score, away) * scale
        self.last_distance = now.astype(np.int16)
        if self.distance_first:  # keep the nearest live hand nearest first
            worth = worth - _FAR_BEHIND * (now - now.min())
        if dangers is None:
            return kinds, worth
        hopeless = give_up is not None and float(score.max() * scale) < give_up
        return kinds, _less_feeding(kinds, worth, np.maximum(score * scale, 0.0), dangers, ending, hopeless)

    def choose_discard(self, counts: Sequence[int], exposures: Sequence[Exposure] = (), visible=None,
                       draws: int = 20, dangers=None, ending=None, give_up: float | None = None,
                       objective: str | None = None) -> Tile:
        """The tile to throw: the best :meth:`discard_scores` (``objective``: :attr:`objective` unless
        given); ties go to a natural, then the seeded generator."""
        exposures = checked_exposures(exposures)
        visible = seen_argument(visible)
        kinds, scores = self.discard_scores(counts, exposures, visible, draws, dangers, ending, give_up, objective)
        if not kinds:
            return Tile.JOKER
        rows = _best_rows(kinds, scores)
        return Tile(kinds[rows[0] if len(rows) == 1 else self.rng.choice(rows)])

    def _threats(self, game: "Game", seat: int, counts: Sequence[int], visible=None, exposures=None,
                 reading: TableReading | None = None):
        """The opponents' exposures (``None`` for a dead hand or one with no exposures) and each one's danger
        per tile kind (``[3, 36]``: :func:`~mjlearn.analysis.defence.tile_dangers`' ``each``, by
        :func:`~mjlearn.analysis.defence.danger_each`) from ``seat``'s view, or ``None`` if nobody threatens.
        (``visible`` and ``exposures``, when the caller has them: ``game.visible(seat)`` and the seat's
        exposures.) The dangers are the ones the next discards are judged by: ``reading`` looks at them, or
        else the coach's own reading of ``game`` from ``seat``, if it has one (:meth:`table_reading`)."""
        dead, shown = game.dead, game.exposures
        # the exposed hands: a hand with no exposures is rarely ready, and gives no sign
        a, b, c = (seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4  # (the three written out: no generator, each look)
        opponents = (None if not shown[a] or a in dead else tuple(shown[a]),
                     None if not shown[b] or b in dead else tuple(shown[b]),
                     None if not shown[c] or c in dead else tuple(shown[c]))
        if opponents == (None, None, None):
            return None
        if visible is None:
            visible, exposures = game.visible(seat), seat_exposures(game, seat)
        available = np.maximum(self._available(visible, tuple(exposures))[0] - np.asarray(counts, dtype=np.int16), 0)
        kept = self._kept_rows  # (the opponents' lines for the compiled dangers, while their exposures stay the same:
        if kept is None or kept[0] != opponents:  # the same Exposure objects, compared by identity first)
            kept = self._kept_rows = (opponents, danger_rows(self.engine.compiled, opponents))
        each = danger_each(self.engine.compiled, opponents, available, game.wall_left, self.waiting, rows=kept[1])
        if reading is None:
            own = self._reading
            reading = own[2] if own is not None and own[0] is game and own[1] == seat else None
        if reading is not None:  # the next discards judged by these
            reading.look(each, available)
        return opponents, each

    def feeding_cost(self, game: "Game", seat: int, counts: Sequence[int]) -> np.ndarray | None:
        """Per tile kind (``[36]``) the expected points lost by throwing it now: for each opponent, the
        danger of :func:`~mjlearn.analysis.defence.tile_dangers` times what a fed win costs, in the units
        of :meth:`worth` (``None`` when defence is off or nobody threatens yet). The coach's discards use
        it under home rules; under tournament scoring they use :meth:`tournament_risk`."""
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        return self._feeding_cost(game, seat, counts)

    def _feeding_cost(self, game: "Game", seat: int, counts: Sequence[int], visible=None, exposures=None):
        """:meth:`feeding_cost` (``visible`` and ``exposures`` as for :meth:`_threats`)."""
        if not self.defence:
            return None
        threats = self._threats(game, seat, counts, visible, exposures)
        if threats is None:
            return None
        opponents, each = threats
        rules = self.ruleset
        # a win costs each payer its value, the discarder ``discarder_pays`` times; the coach's own worth
        # counts one payer's share, so a fed win costs (discarder_pays) values, plus a hot tile's penalty
        compiled = compiled_loops()
        if compiled is not None and rules.tournament is None:  # the same floats, in one compiled loop
            cost = np.empty(each.shape[1])
            compiled.feeding_sums(each, _NO_FLOATS, float(self.mean_value), float(rules.discarder_pays),
                                  float(self.caution), 0.0, cost, _NO_FLOATS)
            return cost
        cost = each * self.mean_value * rules.discarder_pays
        if rules.tournament is not None:
            cost += each * _hot_penalties(rules.tournament, opponents)[:, None]
        return cost.sum(axis=0) * self.caution / 3

    def tournament_risk(self, game: "Game", seat: int, counts: Sequence[int]) -> tuple[np.ndarray, np.ndarray] | None:
        """Under tournament scoring, per tile kind (``[36]`` each): the points a discard is expected to cost
        for certain if it feeds a win, and the chance that it ends the game so; ``None`` when defence is
        off, under home rules, or when no opponent shows an exposure.

        Nobody pays anybody under tournament scoring, so a win fed to an
        opponent costs the thrower three things: the hot-tile penalty in full
        (20 or 25 points) if the opponent shows two or more exposures; the 10
        points a wall game would have paid its live hand; and its own hand's
        chances, which end with the game (:meth:`discard_scores` charges the
        chance of ending the game times the worth of the rack left). Each is
        weighted by the opponent's danger of
        :func:`~mjlearn.analysis.defence.tile_dangers`, which grows with its
        exposures and as the wall runs down, and by ``caution``.

        >>> import mjlearn as mj
        >>> from mjlearn.rules import Game
        >>> card = mj.load_card("basic1")
        >>> game = Game(card, "MAHJ-X", seed=3)
        >>> game.skip_charleston()
        >>> CoachBot(card, "MAHJ-X").tournament_risk(game, 0, game.racks[0].counts) is None  # nobody has exposed
        True
        """
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        return self._tournament_risk(game, seat, counts)

    def _tournament_risk(self, game: "Game", seat: int, counts: Sequence[int], visible=None, exposures=None):
        """:meth:`tournament_risk` (``visible`` and ``exposures`` as for :meth:`_threats`)."""
        scoring = self.ruleset.tournament
        if not self.defence or scoring is None:
            return None
        threats = self._threats(game, seat, counts, visible, exposures)
        if threats is None:
            return None
        opponents, each = threats
        kept = self._kept_penalty  # (the hot tiles' penalties, while the opponents' exposures stay the same: the same
        if kept is None or kept[0] != opponents:  # Exposure objects, compared by identity first)
            kept = self._kept_penalty = (opponents, _hot_penalties(scoring, opponents))
        penalty = kept[1]
        compiled = compiled_loops()
        if compiled is not None:  # the same floats, in one compiled loop
            cost, ending = np.empty((2, each.shape[1]))
            compiled.feeding_sums(each, penalty, 0.0, 0.0, float(self.caution), float(scoring.wall_game_live),
                                  cost, ending)
            return cost, ending
        ending = each.sum(axis=0) * self.caution
        return (each * penalty[:, None]).sum(axis=0) * self.caution + ending * scoring.wall_game_live, ending

    def table_reading(self, game: "Game", seat: int) -> TableReading:
        """How much the other players of ``game`` hold back, as ``seat`` has read it so far
        (:class:`~mjlearn.analysis.defence.TableReading`; a new reading for a new game or seat). The coach
        notes the discards at each of its discards and judges them by the dangers it weighed last.

        >>> import mjlearn as mj
        >>> from mjlearn.rules import Bot, run_game
        >>> card = mj.load_card("basic1")
        >>> coach = CoachBot(card, seed=2)
        >>> game = run_game(card, seed=2, bots=[coach, Bot(card, seed=1), Bot(card, seed=2), Bot(card, seed=3)])
        >>> reading = coach.table_reading(game, 0)  # three Bots, who never hold back
        >>> round(reading.rate, 2), reading.holds_back()
        (0.41, False)
        """
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        reading = self._reading
        if reading is None or reading[0] is not game or reading[1] != seat:
            reading = self._reading = (game, seat, TableReading(seat, self.earlier_evidence(game)))
        return reading[2]

    def remember_table(self, game: "Game", seat: int) -> tuple[float, float]:
        """Keep what the other players threw in ``game``, as ``seat`` read it (:meth:`replay_reading`), for the
        readings of later games at the same table: a coach who sits with the same players game after game (the
        GameTable's session) starts each new game's reading from what they have thrown so far, not from
        :data:`~mjlearn.analysis.defence.TABLE_PRIOR` alone. Remembering a game again changes nothing; a reading
        of a remembered game leaves that game's own throws out of what it starts from. Returns the evidence
        kept in all (the hot throws, and those of players blind to danger).

        >>> import mjlearn as mj
        >>> from mjlearn.rules import run_game
        >>> card = mj.load_card("basic1")
        >>> coach = CoachBot(card)
        >>> first = run_game(card, seed=2)  # four Bots, who never hold back
        >>> hot, expected = coach.remember_table(first, 0)
        >>> hot > 0 and expected > 0
        True
        """
        seat = game_seat_arg(game, seat)
        if not any(kept is game for kept, _ in self._remembered):
            evidence = self.replay_reading(game, seat).evidence
            earlier = self.earlier_evidence(game)  # (the reading started from them: keep this game's own)
            self._remembered.append((game, (evidence[0] - earlier[0], evidence[1] - earlier[1])))
        return self.earlier_evidence(None)

    def remember_evidence(self, evidence: tuple[float, float]) -> None:
        """Add what the same players threw in games read elsewhere (``(hot_throws, expected)``: another coach's
        :meth:`earlier_evidence`, as the GameTable's review takes its coach's) to what later readings start
        from."""
        from ..analysis.arguments import evidence_argument

        self._remembered.append((None, evidence_argument("evidence", evidence)))

    def earlier_evidence(self, game: "Game | None" = None) -> tuple[float, float]:
        """What the readings of ``game`` start from: the evidence of the games remembered (:meth:`remember_table`,
        :meth:`remember_evidence`) other than ``game`` (``None``: all of them)."""
        hot = expected = 0.0
        for kept, (h, e) in self._remembered:
            if kept is not game or kept is None:
                hot, expected = hot + h, expected + e
        return hot, expected

    def _late_with_a_hot_hand(self, game: "Game", seat: int) -> bool:
        """Whether the coach may give up a poor hand now: defence on, :data:`GIVE_UP_WALL` tiles or fewer in
        the wall, a live opponent showing two or more exposures (a hand a hot tile would feed), and (with
        ``read_table``) a table that holds back (:meth:`table_reading`): where the others feed hot hands
        freely, giving up would not keep a hot hand from winning and would cost the coach its chances."""
        return self.defence and game.wall_left <= GIVE_UP_WALL and bool(_hot_seats(game, seat)) and (
            not self.read_table or self.table_reading(game, seat).holds_back())

    @property
    def give_up_worth(self) -> float | None:
        """The worth below which a hand is given up late with a hot hand showing at a table that holds back
        (:meth:`_late_with_a_hot_hand`): under tournament scoring a wall game's pay to a live hand, at home
        :data:`HOME_GIVE_UP` of the card's mean line value; ``None`` where nothing is given up
        (``home_give_up=None`` at home).

        >>> import mjlearn as mj
        >>> CoachBot(mj.load_card("basic1"), "MAHJ-X").give_up_worth
        10.0
        """
        scoring = self.ruleset.tournament
        if scoring is not None:
            return float(scoring.wall_game_live)
        return None if self.home_give_up is None else self.home_give_up * self.mean_value

    def _given_up(self, game: "Game", seat: int, counts, exposures, visible) -> bool:
        """Whether ``seat``'s hand (``counts``, between its turns) is given up now: late with a hot hand at a
        table that holds back, and worth less than :attr:`give_up_worth`, as its discards weigh it."""
        threshold = self.give_up_worth
        if threshold is None or not self._late_with_a_hot_hand(game, seat):
            return False
        rack = np.array(counts, dtype=np.int16)[None]
        return float(self.worth(rack, exposures, np.array(visible, dtype=np.int16), self._draws(game, seat))[0]) < threshold

    def discard_decision(self, game: "Game", seat: int, counts, exposures, visible) -> Tile:
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
            counts, exposures, visible = as_counts(counts), checked_exposures(exposures), checked_seen(visible)
        if self.read_table and self.defence:  # the others' discards since the last look, judged later
            self.table_reading(game, seat).observe(game.discards)
        visible = np.asarray(visible, dtype=np.int16)  # (converted once for the dangers and the worth)
        cost, ending = self._defence_costs(game, seat, counts, visible, exposures)
        # late in the wall, with a hot hand at the table, a hand worth little is given up (at home only where
        # some discard may feed a win)
        give_up = None
        if (self.ruleset.tournament is not None or cost is not None) and self._late_with_a_hot_hand(game, seat):
            give_up = self.give_up_worth
        return self.choose_discard(counts, exposures, visible, self._draws(game), cost, ending, give_up,
                                   self.table_objective)

    def _defence_costs(self, game: "Game", seat: int, counts, visible, exposures) -> tuple:
        """What each discard may cost ``seat`` (``(cost, ending)``, ``None`` each where nobody threatens or
        defence is off): at home :meth:`feeding_cost` and no ending, under tournament scoring
        :meth:`tournament_risk`'s cost and chance of ending the game."""
        if self.ruleset.tournament is None:
            return self._feeding_cost(game, seat, counts, visible, exposures), None
        return self._tournament_risk(game, seat, counts, visible, exposures) or (None, None)

    @property
    def table_objective(self) -> str:
        """The objective of its discards in a game (:meth:`discard_decision`): :attr:`objective`, except that
        the one-draw look-ahead (``"draw"``) is used at the table only with ``lookahead_at_table=True``."""
        return "worth" if self.objective == "draw" and not self.lookahead_at_table else self.objective

    # -- joker exchanges ----------------------------------------------------------------
    def choose_exchange(self, counts: Sequence[int], exposures: Sequence[Exposure], visible,
                        table: Sequence[Sequence], draws: int | None = None) -> tuple[int, int] | None:
        """A joker exchange worth making now, ``(owner, group)``, or ``None``: judged by the same worth as
        the discards.

        A rack that wins as it is makes no exchange (it declares; under MAHJ-X a hand without a joker
        earns the jokerless row). An exchange after which the rack wins is made at once (Mah Jongg
        follows). Otherwise the coach gives a natural for a joker only when the rack's best discard
        afterwards leaves it worth more than its best discard now: a joker helps groups of 3 or more
        only, and under MAHJ-X it costs the jokerless row. ``draws`` defaults to the draws its seat can
        still expect this turn (20 outside a game).

        >>> import mjlearn as mj
        >>> from mjlearn.hands import Hand
        >>> from mjlearn.rules.game import ExposedGroup
        >>> from mjlearn.tiles import as_tile
        >>> bot = CoachBot(mj.load_card("basic1"))
        >>> shown = [[], [ExposedGroup(as_tile("3C"), 3, 1)], [], []]   # South shows 3C 3C J
        >>> bot.choose_exchange(Hand("FF 222B 444B 666B 8B 3C 7D").counts, (), None, shown)  # 2468 #1 wants it
        (1, 0)
        """
        exposures, table = checked_exposures(exposures), checked_table(table)
        visible = seen_argument(visible)
        counts = as_counts(counts)
        if self.wins(counts, exposures):
            return None
        before = None
        best = None
        weighed: set[int] = set()
        for owner, groups in enumerate(table):
            for group, e in enumerate(groups):
                t = int(e.tile)
                if not e.jokers or t == JOKER or not counts[t] or t in weighed:
                    continue
                weighed.add(t)  # (any group of the same tile gives the same rack)
                after = list(counts)
                after[t] -= 1
                after[JOKER] += 1
                after = tuple(after)  # (a tuple: the rack's check is then as quick as for the game's own racks)
                if self.wins(after, exposures):
                    return owner, group
                if draws is None:  # (the draws left, worked out only for a joker it may take: most turns have none)
                    draws = 20 if self._turn is None else self._draws(*self._turn)
                if before is None:
                    scores = self.discard_scores(counts, exposures, visible, draws, objective="worth")[1]
                    before = float(scores.max()) if len(scores) else 0.0
                scores = self.discard_scores(after, exposures, visible, draws, objective="worth")[1]
                worth = float(scores.max()) if len(scores) else 0.0
                if worth > before + 1e-9 and (best is None or worth > best[0]):
                    best = (worth, owner, group)
        return None if best is None else (best[1], best[2])

    def discard_move(self, game: "Game", seat: int) -> None:
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        self._turn = (game, seat)  # (for choose_exchange, called from the Bot's move: the draws asked only then)
        super().discard_move(game, seat)

    # -- calls ----------------------------------------------------------------------
    def choose_call(self, counts: Sequence[int], exposures: Sequence[Exposure], visible, tile: Tile,
                    draws: int = 20):
        """``("mahjongg",)`` when the discard completes a win, ``("call", size, jokers)`` when exposing it
        makes the rack worth clearly more (``call_margin``) without lowering its best line's chance, else
        ``None``.

        The best line's chance is that of the hand likeliest to be completed in the ``draws`` left
        (:attr:`last_chance`): before the call for the rack as it is, after it for the rack with the
        exposure made and the best discard thrown. A call that lowers it is refused, whatever it adds to
        the worth (a dearer line that is less likely, say): an exposure ties the hand to fewer lines and
        tells the table what it collects, so it must at least not make Mah Jongg less likely.
        :meth:`call_chances` shows the figures.
        """
        exposures = checked_exposures(exposures)
        visible = seen_argument(visible)
        first = self.read_call(counts, exposures, tile)
        if first[0] != "weigh":
            return first[1]
        return self._weigh_call(first, exposures, visible, tile, lambda: draws)

    def _weigh_call(self, first: tuple, exposures: Sequence[Exposure], visible, tile: Tile, draws):
        """:meth:`choose_call` after its first look (``first``: :meth:`read_call`'s ``("weigh", ...)``); ``draws()``
        gives the draws left, asked only when some way of exposing is weighed."""
        _, counts, position, groups = first
        t = int(as_tile(tile))
        seen = None if visible is None else np.array(visible, dtype=np.int16)  # (a copy)
        near = self._near(position, None if seen is None else self._available(seen, tuple(exposures))[0])
        groups = [(size, has) for size, has in groups if has.dot(near)]  # only groups its near hands have (masks:
        # their dot is whether some hand is in both)
        if not groups:
            return None
        best = None
        for size, use_jokers, now, chance_now, after, chance_after in self._call_options(
                counts, exposures, seen, t, [size for size, _ in groups], draws()):
            if after > now * (1 + self.call_margin) and chance_after >= chance_now and (best is None or after > best[0]):
                best = (after, size, use_jokers)
        return None if best is None else ("call", best[1], best[2])

    def _call_options(self, counts, exposures: Sequence[Exposure], seen, t: int, sizes: Sequence[int], draws: int):
        """Per way of exposing a discard of kind ``t`` (``seen``: the tiles in sight, the discard among
        them): ``(size, jokers, worth now, best chance now, worth after, best chance after)``, after the
        call and the best discard."""
        now = chance_now = None  # (the worth now, weighed only once some way of exposing is: a fifth of the looks
        seen_now = seen          # have none whose hands the card allows)
        if seen is not None and seen[t] > 0:
            seen = seen.copy()
            seen[t] -= 1  # the discard leaves the table for our exposure
        for size, use_jokers, rest, new in call_options(counts, exposures, t, sizes):
            rest = tuple(rest)
            if not self._position(rest, exposure_key(new)).view.n:
                continue
            if now is None:
                now = float(self.worth(np.array(counts, dtype=np.int16)[None], exposures, seen_now, draws)[0])
                chance_now = float(self.last_chance[0]) if len(self.last_chance) else 0.0
            _, scores = self.discard_scores(rest, new, seen, draws, objective="worth")
            if not len(scores):
                continue
            best = int(scores.argmax())
            chances = self.last_chance[1:]
            yield (size, use_jokers, now, chance_now, float(scores[best]),
                   float(chances[best]) if len(chances) > best else 0.0)

    def call_chances(self, counts: Sequence[int], exposures: Sequence[Exposure], visible, tile: Tile,
                     draws: int = 20) -> list[dict]:
        """What :meth:`choose_call` weighs for each way of exposing ``tile``: one dict per way, with
        ``size``, ``jokers``, ``worth_now``, ``chance_now``, ``worth_after``, ``chance_after`` (the best
        line's chance before and after: a call that lowers it is refused) and ``calls`` (whether
        :meth:`choose_call` takes it). Empty when no exposure of the tile is open to the rack.

        >>> import mjlearn as mj
        >>> from mjlearn.hands import Hand
        >>> bot = CoachBot(mj.load_card("basic1"))
        >>> rack = Hand("22B 44B 66B 88B FF 3C 7D 9D")   # 2468 #1 lacks 2B, 6B and 8B: a call of 4B?
        >>> [sorted(option) for option in bot.call_chances(rack.counts, (), None, "4B")][:1]
        [['calls', 'chance_after', 'chance_now', 'jokers', 'size', 'worth_after', 'worth_now']]
        """
        exposures = checked_exposures(exposures)
        visible = seen_argument(visible)
        tile = as_tile(tile)
        first = self.read_call(counts, exposures, tile)
        if first[0] != "weigh":
            return []
        _, counts, position, groups = first
        seen = None if visible is None else np.asarray(visible, dtype=np.int16).copy()
        chosen = self.choose_call(counts, exposures, visible, tile, draws)
        options = []
        for size, use_jokers, now, chance_now, after, chance_after in self._call_options(
                counts, exposures, seen, int(tile), [size for size, _ in groups], draws):
            options.append({"size": size, "jokers": use_jokers, "worth_now": now, "chance_now": chance_now,
                            "worth_after": after, "chance_after": chance_after,
                            "calls": chosen == ("call", size, use_jokers)})
        return options

    def call_decision(self, game: "Game", seat: int, counts, exposures, tile: Tile):
        """What the coach does with a discard at the table: :meth:`choose_call`, except that a hand it has
        given up (:meth:`_given_up`: late, a hot hand showing, a table that holds back, a hand worth less
        than :attr:`give_up_worth`) makes no exposure; Mah Jongg is still called. An exposure would take
        two or more tiles out of a rack that now plays for safety, and would add a hand to the table's hot
        ones for a hand the coach no longer expects to finish."""
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        first = self.read_call(counts, exposures, tile)  # (many discards are decided at this look: no table read)
        if first[0] != "weigh":
            return first[1]
        visible = game.visible(seat)
        decision = self._weigh_call(first, exposures, visible, tile, lambda: self._draws(game, seat))
        if decision is not None and self._given_up(game, seat, first[1], exposures, visible):
            return None  # (asked only of a call it would make: most weighed discards are let go anyway)
        return decision

    # -- what its defence would do, for a seat it may not play --------------------------------
    def note_table(self, game: "Game", seat: int):
        """Read the table as the coach does at each of its discards (:meth:`discard_decision`): note the
        others' discards since the last look, then weigh the dangers now (the next discards are judged by
        them); the reading is :meth:`table_reading`'s, returned. Called at each discard of a seat the coach
        does not play (a review replaying a learner's game does), it keeps that seat's reading as the coach
        would have it, without replaying the game each time (:meth:`replay_reading`)."""
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        reading = self.table_reading(game, seat)
        reading.observe(game.discards)
        self._threats(game, seat, game.racks[seat].counts)  # (it weighs the table for the reading of game and seat)
        return reading

    def replay_reading(self, game: "Game", seat: int):
        """The reading of the table (:class:`~mjlearn.analysis.defence.TableReading`) that ``seat`` has
        by now in ``game``, as the coach reads it at its discards: its own reading where it plays that seat
        (:meth:`table_reading`), else a new one made by replaying the game from its moves, the table weighed
        at each of the seat's discards (a learner's seat, a saved game). The discards thrown since the
        seat's last discard are noted.

        >>> import mjlearn as mj
        >>> from mjlearn.rules import Bot, run_game
        >>> card = mj.load_card("basic1")
        >>> coach = CoachBot(card, seed=2)
        >>> game = run_game(card, seed=2, bots=[coach, Bot(card, seed=1), Bot(card, seed=2), Bot(card, seed=3)])
        >>> replayed, own = CoachBot(card).replay_reading(game, 0), coach.replay_reading(game, 0)
        >>> round(replayed.rate, 9) == round(own.rate, 9), replayed.holds_back()   # as the coach in that seat read it
        (True, False)
        """
        from .game import Game

        seat = game_seat_arg(game, seat)
        own = self._reading
        if own is not None and own[0] is game and own[1] == seat:
            reading = own[2]  # (noting the discards again changes nothing its next discard would not)
        else:
            reading = TableReading(seat, self.earlier_evidence(game))
            replay = Game.replay(game.card, game.ruleset, game.seed, [], position=game.position, deal=game.deal)
            for name, args in game.moves:
                if name == "discard" and args.get("seat") == seat and replay.phase == "discard":
                    reading.observe(replay.discards)  # what the coach's discard_decision does first
                    self._threats(replay, seat, replay.racks[seat].counts, reading=reading)
                getattr(replay, name)(**args)
        reading.observe(game.discards)
        return reading

    def defence_state(self, game: "Game", seat: int) -> "DefenceState":
        """Whether the coach would give ``seat``'s hand up at its discard now, and why (a
        :class:`~mjlearn.rules.coach_defence.DefenceState`): late in the wall with a hot hand showing, at a
        table that holds back (:meth:`replay_reading`), a hand worth less than the give-up threshold is given
        up, as :meth:`discard_decision` does. It reads only what ``seat`` sees, and changes nothing the coach
        decides (a coach playing ``seat`` keeps its reading).

        >>> import mjlearn as mj
        >>> from mjlearn.rules import Game
        >>> game = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 444B 666B 8B 3C N"},
        ...                           turn=0, phase="discard", seed=4)
        >>> state = CoachBot(mj.load_card("basic1")).defence_state(game, 0)
        >>> state.applies, state.late, state.verdict   # early in the wall, nobody exposed: no defence
        (False, False, '')
        """
        from .coach_defence import DefenceState

        seat = game_seat_arg(game, seat)
        late = game.wall_left <= GIVE_UP_WALL
        hot = _hot_seats(game, seat)
        draws = self._draws(game, seat)
        applies = bool(self.defence and late and hot and game.phase != "over" and seat not in game.dead)
        shown = tuple(len(game.exposures[o]) for o in hot)
        tournament = self.ruleset.tournament is not None
        if not applies:
            return DefenceState(False, late, game.wall_left, hot, draws, shown, tournament)
        counts = np.asarray(as_counts(game.racks[seat].counts), dtype=np.int16)
        worth = float(self.worth(counts[None], seat_exposures(game, seat), game.visible(seat), draws)[0])
        chance = float(self.last_chance[0]) if len(self.last_chance) else 0.0
        threshold = self.give_up_worth
        if self.read_table:
            reading = self.replay_reading(game, seat)
            rate, holds_back = float(reading.rate), reading.holds_back()
        else:
            rate, holds_back = None, True
        gives_up = threshold is not None and worth < threshold and holds_back
        throws = self._given_up_throws(game, seat, counts, draws, threshold) if gives_up else ()
        return DefenceState(True, late, game.wall_left, hot, draws, shown, tournament, rate, holds_back, worth,
                            threshold, chance, gives_up, throws[0] if throws else "", throws)

    def _given_up_throws(self, game: "Game", seat: int, counts: np.ndarray, draws: int,
                         threshold: float) -> tuple[str, ...]:
        """The tiles :meth:`discard_decision` may throw from a hand it gives up: those tied for the best of the
        same scores (the naturals among them, if any), first the one it throws, the tie settled as
        :meth:`choose_discard` settles it (by the seeded draw, which is put back: nothing the coach decides
        later changes)."""
        exposures, visible = seat_exposures(game, seat), game.visible(seat)
        cost, ending = self._defence_costs(game, seat, counts, visible, exposures)
        kinds, scores = self.discard_scores(counts, exposures, visible, draws, cost, ending, threshold,
                                            self.table_objective)
        if not kinds:
            return (Tile.JOKER.notation,)
        rows = _best_rows(kinds, scores)
        if len(rows) > 1:
            kept = self.rng.getstate()
            row = self.rng.choice(rows)
            self.rng.setstate(kept)
        else:
            row = rows[0]
        return tuple(Tile(kinds[i]).notation for i in [row] + [i for i in rows if i != row])


def seat_danger(game: "Game", seat: int) -> "pandas.DataFrame":
    """:func:`mjlearn.analysis.danger_table` for ``seat``'s rack, from what that seat can see: the other
    seats' exposures (by seat name), the discards, the dead hands and the wall left; never their racks.

    Under tournament scoring a ``penalty`` column gives the points a hot tile
    would cost if it proved to be the winning tile (the larger row when two
    opponents could win on it).

    >>> import mjlearn as mj
    >>> from mjlearn.rules import Game
    >>> game = Game(mj.load_card("basic1"), seed=3)
    >>> game.skip_charleston()
    >>> table = seat_danger(game, 0)
    >>> len(table) == len(set(game.racks[0].tiles())), float(table.danger.max()) < 0.05
    (True, True)
    """
    from ..analysis.defence import danger_table

    seat = game_seat_arg(game, seat)
    opponents = {SEATS[o]: list(game.exposures[o]) for o in range(4) if o != seat}
    table = danger_table(game.card, game.racks[seat], opponents, discards=[t for _, t in game.discards],
                         exposures=list(game.exposures[seat]), wall_left=game.wall_left,
                         dead=[SEATS[o] for o in game.dead if o != seat], ruleset=game.ruleset)
    scoring = game.ruleset.tournament
    if scoring is not None:
        rows = {SEATS[o]: hot_row(game.exposures[o]) for o in range(4) if o != seat}
        def penalty(threatens: str) -> int:
            names = [part.removesuffix(" (hot)") for part in threatens.split(", ") if part.endswith(" (hot)")]
            return min((getattr(scoring, rows[name]) for name in names), default=0)
        table["penalty"] = [penalty(text) for text in table.threatens]
    return table
