"""The coach's discard: keep the tiles that give the best chance that *some* hand of the card completes.

A rack of 14 tiles may throw any of its kinds. Each throw leaves 13 tiles; the
hand is completed within the ``draws`` still to come when the 13 tiles and the
tiles drawn hold some hand of the card (jokers standing only in groups of 3 or
more): the player then keeps that hand's tiles and throws the rest. The chance
of that, summed over the hands without counting twice the futures in which two
of them complete, is what :func:`keep_scores` estimates for every candidate at
once, on the *same* futures:

- **Futures.** :func:`draw_futures` draws the tiles to come from the tiles the
  seat has not seen (the set less its rack, its exposures and the discards it
  saw). With one or two draws left it lists every future exactly, with its
  hypergeometric weight; with more it samples ``samples`` of them, and every
  candidate meets the same ones (common random numbers: the difference between
  two candidates is the futures in which the tile they differ by matters, not
  luck of the draw).
- **Completion in a future.** The tiles away of a multiset of any size from a
  hand (:mod:`mjlearn.engine.tiles_away`) come from the view's thermometer rows:
  the rack's tiles and the future's are added once per future, and each
  candidate takes its one tile off again. A candidate completes in a future
  when some near hand is 0 tiles away.
- **The score** (``objective``): ``"completion"``, the weighted share of
  futures in which *some* hand completes (the solitaire's score, read as if
  the player knew each future: it overrates keeping many hands open, for at the
  rack one must choose before the tiles come); ``"single"``, the chance of the
  likeliest *one* hand (no such overrating: the player commits to one hand, and
  chooses again at each draw), the share of futures in which any hand completes
  breaking its ties; ``"value"``, the expected value of the best hand completed
  (points, what the table weighs against the danger of a discard). Ties,
  common when few futures complete, go to the candidate whose futures end
  fewest tiles away on average (a tiny term that can never outweigh one future
  more).

Only hands that can still complete count: those no further than ``draws``
tiles (a throw adds at most one tile to that) and no more than ``slack`` tiles
behind the nearest live hand; the others complete in a tiny share of futures and
cost time. With ``"completion"`` this is the look-ahead of the solitaire
benchmark's rollout ceiling (:class:`mjlearn.analysis.solo.RolloutPlayer` with
``base="perfect"``), done for every candidate at once.

:class:`~mjlearn.rules.CoachBot` uses it with ``objective="completion"``,
``"single"`` or ``"value"`` (its default, ``"worth"``, is the chances-times-value
model of :mod:`mjlearn.rules.coach_bot`). Measured on the solitaire benchmark
(``docs/analysis.md``, "The figures") none of them completes clearly more hands
than the :class:`~mjlearn.rules.Bot`, and each costs 4 to 10 times the default's
time, so the default stays.

>>> import mjlearn as mj
>>> from mjlearn.engine import engine_for, Position
>>> from mjlearn.tiles import COPIES, Tile
>>> view = engine_for(mj.load_card("basic1")).view(())
>>> rack = mj.Hand("FF 222B 444B 666B 88B 3C").counts    # 2468 #1 lacks a third 8B (or a joker)
>>> unseen = np.asarray(COPIES, dtype=np.int64) - np.asarray(rack)
>>> futures, weights = draw_futures(unseen, 1, 64, np.random.default_rng(0))   # one draw left: listed exactly
>>> len(futures), round(float(weights.sum()), 6)   # each kind unseen, the joker too
(36, 1.0)
>>> kinds, chance, away, now = keep_scores(Position(view, rack), futures, weights, draws=1)
>>> [Tile(k).notation for k in kinds], [round(float(c), 4) for c in chance]
(['2B', '4B', '6B', '8B', '3C', 'F'], [0.0, 0.0, 0.0, 0.0, 0.0725, 0.0])

Only throwing the stray 3C can win at the next draw: with 10 of the 138 unseen tiles (two 8B, eight jokers).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from ..engine import JOKER, NATURAL_KINDS, NO_TILE, OFFSET
from ..errors import ArgumentError

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Position

__all__ = ["EXACT_DRAWS", "KeepScores", "OBJECTIVES", "draw_futures", "keep_choice", "keep_scores", "near_hands"]

OBJECTIVES = ("completion", "single", "value")
"""What a keep is scored by: the chance that some hand completes, or the expected value of the best one."""

EXACT_DRAWS = 2
"""With this many draws left or fewer, every future is listed with its exact weight instead of sampled."""

_OFFSETS = np.asarray(OFFSET, dtype=np.int64)
_UNION = 1e-2
_TIE = 1e-4
"""What the mean tiles away at the end of the futures counts for: it breaks ties of the chance only (the
mean is at most 14, so the term stays below one future in 700)."""


class KeepScores(NamedTuple):
    """What :func:`keep_scores` finds, per candidate throw (all in the order of ``kinds``)."""

    kinds: list[int]
    """The kinds that may be thrown."""
    score: np.ndarray
    """The chance (or expected value) of completing within the draws left."""
    away: np.ndarray
    """The mean tiles away of the nearest near hand at the end of the futures."""
    now: np.ndarray
    """The tiles away of the nearest near hand once the tile is thrown, before any draw."""


def draw_futures(unseen: Sequence[int], draws: int, samples: int, rng: np.random.Generator
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Futures of ``draws`` tiles drawn from the tiles ``unseen`` (36 counts): ``(counts [F, 36], weights [F])``,
    the weights summing to 1.

    With :data:`EXACT_DRAWS` draws or fewer every distinct future is listed
    with its exact (hypergeometric) weight; with more, ``samples`` futures are
    drawn without replacement by ``rng``, each weighing ``1 / samples``. With
    no tile left to draw (or no draw), one empty future.

    >>> unseen = [0] * 36; unseen[0], unseen[1] = 3, 1
    >>> futures, weights = draw_futures(unseen, 2, 10, np.random.default_rng(0))
    >>> [(f[:2].tolist(), round(float(w), 3)) for f, w in zip(futures, weights)]
    [([2, 0], 0.5), ([1, 1], 0.5)]
    """
    unseen = np.asarray(unseen, dtype=np.int64)
    if unseen.shape != (36,) or (unseen < 0).any():
        raise ArgumentError(f"unseen must be 36 counts, none below 0, not {unseen.tolist()}")
    total = int(unseen.sum())
    draws = min(int(draws), total)
    if draws <= 0:
        return np.zeros((1, 36), dtype=np.int64), np.ones(1)
    kinds = np.flatnonzero(unseen)
    if draws == 1:
        futures = np.zeros((len(kinds), 36), dtype=np.int64)
        futures[np.arange(len(kinds)), kinds] = 1
        return futures, unseen[kinds] / total
    if draws == 2 and EXACT_DRAWS >= 2:
        first, second = np.triu_indices(len(kinds))
        a, b = kinds[first], kinds[second]
        futures = np.zeros((len(a), 36), dtype=np.int64)
        np.add.at(futures, (np.arange(len(a)), a), 1)
        np.add.at(futures, (np.arange(len(a)), b), 1)
        ua, ub = unseen[a], unseen[b]
        ways = np.where(a == b, ua * (ua - 1) // 2, ua * ub)
        keep = ways > 0
        return futures[keep], ways[keep] / comb(total, 2)
    pool = np.repeat(np.arange(36), unseen)
    order = np.argpartition(rng.random((samples, total)), draws - 1, axis=1)[:, :draws]
    tiles = pool[order]
    futures = np.zeros((samples, 36), dtype=np.int64)
    np.add.at(futures, (np.repeat(np.arange(samples), draws), tiles.ravel()), 1)
    return futures, np.full(samples, 1.0 / samples)


def near_hands(position: "Position", draws: int, slack: int, dead: np.ndarray | None = None) -> np.ndarray:
    """The hands of ``position``'s view worth looking ahead for: at most ``draws`` tiles away from the 14-tile
    rack (a throw adds at most one tile to the distance, and each draw takes off at most one) and at most
    ``slack`` tiles behind the nearest live one. ``dead`` (``[n]``, nonzero for the hands the tiles still
    available cannot complete) leaves those out.

    >>> import mjlearn as mj
    >>> from mjlearn.engine import engine_for, Position
    >>> position = Position(engine_for(mj.load_card("basic1")).view(()), mj.Hand("FF 222B 444B 666B 88B 3C").counts)
    >>> len(near_hands(position, 1, 3)), len(near_hands(position, 6, 5)), len(near_hands(position, 8, 7))
    (1, 5, 25)
    """
    distance = position.distance
    if dead is not None:
        live = dead == 0
        if not live.any():
            return np.zeros(0, dtype=np.int64)
        nearest = int(distance[live].min())
        return np.flatnonzero(live & (distance <= min(draws, nearest + slack)))
    if not len(distance):
        return np.zeros(0, dtype=np.int64)
    return np.flatnonzero(distance <= min(draws, int(distance.min()) + slack))


def keep_scores(position: "Position", futures: np.ndarray, weights: np.ndarray, draws: int | None = None,
                near: np.ndarray | None = None, objective: str = "completion", values: np.ndarray | None = None,
                kinds: Sequence[int] | None = None) -> "KeepScores":
    """For each kind a 14-tile rack may throw: the weighted share of ``futures`` in which the 13 tiles left and
    the future's tiles hold a hand of ``near`` (``objective="completion"``), or the expected value of the best
    such hand (``"value"``, ``values`` per view hand), and the mean tiles away of the nearest of them at the
    end of the futures.

    ``position``: the 14-tile rack in its view (:class:`~mjlearn.engine.Position`); ``futures``, ``weights``:
    :func:`draw_futures`; ``near``: the view's hands to look at (default :func:`near_hands` with ``draws``
    and a slack of 3); ``kinds``: the candidates (default every kind on the rack). Returns a
    :class:`KeepScores`; with no near hand every score is 0 and every distance 99.
    """
    if objective not in OBJECTIVES:
        raise ArgumentError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
    view, counts = position.view, position.counts
    if kinds is None:
        kinds = [k for k in range(36) if counts[k]]
    kinds = list(kinds)
    if near is None:
        near = near_hands(position, 14 if draws is None else draws, 3)
    if not len(kinds) or not len(near):
        return KeepScores(kinds, np.zeros(len(kinds)), np.full(len(kinds), 99.0), np.full(len(kinds), 99.0))
    if objective == "value" and values is None:
        raise ArgumentError("objective='value' needs values: one per hand of the view")
    n, m = view.n, len(near)
    columns = np.concatenate([near, near + n])
    codes = view.codes[:, columns]  # [145, 2m]: remaining totals, then singles and pairs, then a row of zeros
    held = np.asarray(counts, dtype=np.int64)[None, :] + futures  # [F, 36]
    # each future's sums: the rack's, plus the thermometer rows of the tiles it draws (no matrix product:
    # the sums are small whole numbers, and a gather of a few rows per future is cheaper than BLAS threads)
    sums = position.sums[columns][None, :] + codes.take(_future_rows(counts, futures), axis=0).sum(axis=1, dtype=np.int16)
    remaining = view.remaining
    small_size = view.small_size[near]
    worth = np.asarray(values, dtype=np.float64)[near] if objective == "value" else None
    score = np.empty(len(kinds))
    away = np.empty(len(kinds))
    now = np.empty(len(kinds))
    rows = np.arange(len(held))
    base = position.sums[columns]
    for i, kind in enumerate(kinds):
        # the 13 tiles left, before any draw: how near the nearest of the near hands stays
        row = codes[_OFFSETS[kind] + counts[kind] - 1] if kind != JOKER else 0
        left = base - row
        gap = remaining - left[:m]
        now[i] = (gap - np.minimum(counts[JOKER] - (kind == JOKER), gap - (small_size - left[m:]))).min()
        jokers = held[:, JOKER]
        if kind == JOKER:
            part, jokers = sums, jokers - 1
        else:  # its last copy goes: one thermometer row off each future's sums
            part = sums - codes[_OFFSETS[kind] + held[rows, kind] - 1]
        missing = remaining - part[:, :m]
        in_groups = missing - (small_size - part[:, m:])
        distance = missing - np.minimum(jokers[:, None], in_groups)  # [F, m]
        done = distance <= 0
        anyone = done.any(axis=1)
        if objective == "single":
            score[i] = float((weights @ done).max()) + _UNION * float(weights @ anyone)
        elif worth is None:
            score[i] = float(weights @ anyone)
        else:
            score[i] = float(weights @ np.where(done, worth, 0.0).max(axis=1))
        away[i] = float(weights @ np.maximum(distance.min(axis=1), 0))
    return KeepScores(kinds, score, away, now)


def _future_rows(counts: Sequence[int], futures: np.ndarray) -> np.ndarray:
    """``[F, d]``: per future, the thermometer rows its natural tiles add to the rack's sums (the row of
    zeros, :data:`~mjlearn.engine.NO_TILE`, for a joker and for padding).

    >>> counts = [0] * 36; counts[0] = 1
    >>> future = np.zeros((1, 36), dtype=np.int64); future[0, 0] = 2; future[0, 35] = 1
    >>> _future_rows(counts, future).tolist()   # the 2nd and 3rd copies of the first kind, then nothing
    [[1, 2, 144]]
    """
    futures = np.asarray(futures, dtype=np.int64)
    width = max(1, int(futures.sum(axis=1).max()))
    rows = np.full((len(futures), width), NO_TILE, dtype=np.int64)
    f, k = np.nonzero(futures[:, :NATURAL_KINDS])
    if not len(f):
        return rows
    copies = futures[f, k]
    start = _OFFSETS[k] + np.asarray(counts, dtype=np.int64)[k]  # the first level the future adds
    # one entry per tile drawn: the future, its level, its column in the future's row
    each = np.repeat(np.arange(len(f)), copies)
    within = np.arange(len(each)) - np.repeat(np.cumsum(copies) - copies, copies)
    row_of = f[each]
    first_of_row = np.searchsorted(row_of, np.arange(len(futures)))
    column = np.arange(len(each)) - first_of_row[row_of]
    rows[row_of, column] = start[each] + within
    return rows


def keep_choice(kinds: Sequence[int], score: np.ndarray, away: np.ndarray) -> np.ndarray:
    """The order of preference of :func:`keep_scores`' result folded into one number per candidate: the
    score, less a tiny part of the mean tiles away (ties only).

    >>> keep_choice([1, 2], np.array([0.5, 0.5]), np.array([2.0, 1.0])).argmax()
    np.int64(1)
    """
    return np.asarray(score, dtype=np.float64) - _TIE * np.asarray(away, dtype=np.float64)

