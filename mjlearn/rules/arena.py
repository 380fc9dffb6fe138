"""The duplicate arena: a player against the one it replaces, in the same seat, on the same deals.

:func:`duplicate_arena` plays every deal six times:

1. the **baseline** game: four ``base`` bots, exactly ``run_game(card, ruleset, seed)`` (seat ``s`` seeded
   ``seed * 4 + s``, as :func:`~mjlearn.rules.bots.make_bots` seeds them);
2. four **duplicate** games, the tested ``player`` in seat 0, 1, 2, then 3, the three other seats the
   same ``base`` bots with the same seeds as in the baseline: only that one seat's player differs;
3. one game of four ``player`` bots (seat ``s`` seeded ``seed * 4 + s``): how often they wall out.

So luck is cut out twice: each deal's tiles are the same for both, and each seat counts equally. The
figures are paired by deal and seat (``4 * deals`` pairs): did the player win from seat ``s`` of deal
``d``, did the base bot win from that seat of that deal? The difference of the two win shares gets the
paired interval of :func:`mjlearn.analysis.stats.paired_interval` (Newcombe's method 10, on the four
cells of the paired table); the points each scored from that seat (``game.result.payout.payments``:
tournament points under MAHJ-X, home-rules payments under NMJL) are compared the same way, their
difference averaged per deal over its four seats (a deal's four pairs share one baseline game, so the
deal is the unit of the interval: mean +- 1.96 standard errors over the deals).

>>> import mjlearn as mj
>>> from mjlearn.rules import Bot, CoachBot
>>> report = duplicate_arena("basic1", "NMJL", deals=2, player=CoachBot, base=Bot, seed=0)
>>> report.deals, report.pairs, report.player_name, report.base_name
(2, 8, 'CoachBot', 'Bot')
>>> same = duplicate_arena("basic1", "NMJL", deals=2, player=Bot, base=Bot, seed=0, team=False)
>>> same.difference, same.points_difference   # the same bot in every seat: nothing differs
(0.0, 0.0)

``executor`` runs chunks of deals on any ``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``, or
``distributed.Client(...).get_executor()`` for a Dask cluster; :mod:`mjlearn.parallel`); the report is
the same however the chunks run. ``benchmarks/bench_arena.py --duplicate`` prints the whole table for
two cards and both rulesets, with the time.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ..analysis.stats import Z95, paired_interval, wilson
from ..errors import ArgumentError
from ..resources import as_card
from .ruleset import NMJL, Ruleset, as_ruleset

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..card import Card
    from .bots import Bot

__all__ = ["duplicate_arena", "ArenaReport", "arena_markdown", "WALL_RANGE"]

WALL_RANGE = (0.07, 0.11)
"""The share of wall games at real tables (I Love Mahj's figures): four players should end about this many."""

BotFactory = Callable[..., "Bot"]
"""A bot class (or any callable) taking ``(card, ruleset, seed=...)``: :class:`~mjlearn.rules.Bot`,
:class:`~mjlearn.rules.CoachBot`, or a ``functools.partial`` of one with options."""


def _outcome(game) -> tuple[int, tuple[int, int, int, int]]:
    """A finished game's winner (-1 for a wall game) and the points each seat scored."""
    result = game.result
    winner = -1 if result.winner is None else int(result.winner)
    payout = result.payout
    points = tuple(int(p) for p in payout.payments) if payout is not None else (0, 0, 0, 0)
    return winner, points


def _play_deal(card: "Card", rules: Ruleset, deal: int, player: BotFactory, base: BotFactory, team: bool) -> tuple:
    """The six games of one deal (:func:`duplicate_arena`): ``(baseline, [4 duplicates], team or None)``,
    each ``(winner, points)``."""
    from .bots import run_game

    def table(seats: tuple[int, ...]) -> list:
        return [(player if s in seats else base)(card, rules, seed=deal * 4 + s) for s in range(4)]

    baseline = _outcome(run_game(card, rules, seed=deal, bots=table(())))
    duplicates = [_outcome(run_game(card, rules, seed=deal, bots=table((seat,)))) for seat in range(4)]
    together = _outcome(run_game(card, rules, seed=deal, bots=table((0, 1, 2, 3)))) if team else None
    return baseline, duplicates, together


def _play_deals(card: "Card", rules: Ruleset, deals: list[int], player: BotFactory, base: BotFactory,
                team: bool) -> list[tuple]:
    card.compiled(rules)
    return [_play_deal(card, rules, deal, player, base, team) for deal in deals]


_CARDS: dict[str, "Card"] = {}
"""Cards read from MJCL text in this process (a worker's), so that each is parsed and compiled once."""


def _play_deals_text(text: str, rules: Ruleset, deals: list[int], player: BotFactory, base: BotFactory,
                     team: bool) -> list[tuple]:
    """:func:`_play_deals` for a card given as MJCL text: the work of one chunk in a worker process."""
    card = _CARDS.get(text)
    if card is None:
        from ..card import parse_card

        if len(_CARDS) > 8:
            _CARDS.clear()
        card = _CARDS[text] = parse_card(text)
    return _play_deals(card, rules, deals, player, base, team)


def _name(factory: BotFactory) -> str:
    inner = getattr(factory, "func", factory)  # (a functools.partial names its function)
    return getattr(inner, "__name__", type(inner).__name__)


def _mean_interval(values: np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal interval (mean +- z standard errors); ``(0, 0, 0)`` if empty."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = float(values.mean())
    half = z * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
    return (mean, mean - half, mean + half)


@dataclass
class ArenaReport:
    """What :func:`duplicate_arena` found. The arrays hold every game's outcome, deal by deal:

    - ``base_winner[d]``, ``base_points[d, s]``: the baseline game of deal ``d`` (four base bots);
    - ``player_winner[d, k]``, ``player_points[d, k, s]``: the game with the player in seat ``k``;
    - ``team_winner[d]``, ``team_points[d, s]``: four players together (empty with ``team=False``).

    A winner is a seat 0-3, or -1 for a wall game.
    """

    card: "Card"
    ruleset: Ruleset
    seed: int
    player_name: str
    base_name: str
    base_winner: np.ndarray = field(repr=False)
    base_points: np.ndarray = field(repr=False)
    player_winner: np.ndarray = field(repr=False)
    player_points: np.ndarray = field(repr=False)
    team_winner: np.ndarray = field(repr=False)
    team_points: np.ndarray = field(repr=False)
    seconds: float = 0.0

    # -- the pairs -----------------------------------------------------------------
    @property
    def deals(self) -> int:
        return len(self.base_winner)

    @property
    def pairs(self) -> int:
        """Pairs of (deal, seat): 4 per deal."""
        return 4 * self.deals

    @property
    def seats(self) -> np.ndarray:
        return np.arange(4)

    @property
    def player_won(self) -> np.ndarray:
        """``[d, k]``: whether the player won from seat ``k`` of deal ``d``."""
        return self.player_winner == self.seats[None, :]

    @property
    def base_won(self) -> np.ndarray:
        """``[d, k]``: whether the base bot won from seat ``k`` of deal ``d`` (the baseline game)."""
        return self.base_winner[:, None] == self.seats[None, :]

    @property
    def cells(self) -> tuple[int, int, int, int]:
        """The paired table over the ``4 * deals`` pairs: (both won, only the player, only the base, neither)."""
        p, b = self.player_won, self.base_won
        return (int((p & b).sum()), int((p & ~b).sum()), int((~p & b).sum()), int((~p & ~b).sum()))

    @property
    def player_share(self) -> float:
        """The player's win share: of its ``4 * deals`` games (one seat each), those it won."""
        return float(self.player_won.mean()) if self.deals else 0.0

    @property
    def base_share(self) -> float:
        """The base bot's win share in the same seats on the same deals."""
        return float(self.base_won.mean()) if self.deals else 0.0

    @property
    def ratio(self) -> float:
        """``player_share / base_share`` (``nan`` if the base bot never won)."""
        return self.player_share / self.base_share if self.base_share else float("nan")

    @property
    def difference(self) -> float:
        """``player_share - base_share``."""
        return self.player_share - self.base_share

    @property
    def difference_interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`difference`, paired by deal and seat (:func:`paired_interval`)."""
        return paired_interval(*self.cells)

    @property
    def difference_by_deal(self) -> tuple[float, float]:
        """A second 95% interval of :attr:`difference`, with the deal as the unit (its four seats' mean
        difference; it allows for the four pairs of a deal sharing one baseline game)."""
        per_deal = (self.player_won.astype(float) - self.base_won).mean(axis=1)
        _, low, high = _mean_interval(per_deal)
        return (low, high)

    # -- points ------------------------------------------------------------------------
    @property
    def player_seat_points(self) -> np.ndarray:
        """``[d, k]``: the points the player scored from seat ``k`` of deal ``d``."""
        return self.player_points[:, self.seats, self.seats] if self.deals else np.zeros((0, 4))

    @property
    def base_seat_points(self) -> np.ndarray:
        """``[d, k]``: the points the base bot scored from seat ``k`` of deal ``d``."""
        return self.base_points

    @property
    def player_points_per_game(self) -> float:
        return float(self.player_seat_points.mean()) if self.deals else 0.0

    @property
    def base_points_per_game(self) -> float:
        return float(self.base_seat_points.mean()) if self.deals else 0.0

    @property
    def points_difference(self) -> float:
        return self.player_points_per_game - self.base_points_per_game

    @property
    def points_interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`points_difference`, the deal as the unit (its four seats' mean)."""
        _, low, high = _mean_interval((self.player_seat_points - self.base_seat_points).mean(axis=1))
        return (low, high)

    # -- wall games ----------------------------------------------------------------------
    @property
    def base_walls(self) -> float:
        """The share of baseline games (four base bots) that ended with the wall."""
        return float((self.base_winner < 0).mean()) if self.deals else 0.0

    @property
    def duplicate_walls(self) -> float:
        """The share of the games with the player in one seat that ended with the wall."""
        return float((self.player_winner < 0).mean()) if self.deals else 0.0

    @property
    def team_walls(self) -> float:
        """The share of the games of four players that ended with the wall (``nan`` without them)."""
        return float((self.team_winner < 0).mean()) if len(self.team_winner) else float("nan")

    @property
    def team_walls_interval(self) -> tuple[float, float]:
        """The 95% (Wilson) interval of :attr:`team_walls`."""
        return wilson(int((self.team_winner < 0).sum()), len(self.team_winner))

    @property
    def team_points_per_seat(self) -> float:
        """Four players together: the points a seat scores per game (``nan`` without them)."""
        return float(self.team_points.mean()) if len(self.team_winner) else float("nan")

    # -- text --------------------------------------------------------------------------------
    def rows(self) -> list[tuple[str, str]]:
        """The figures as ``(what, value)`` rows of text (what :meth:`summary` and :func:`arena_markdown` show)."""
        player, base = self.player_name, self.base_name
        low, high = self.difference_interval
        dlow, dhigh = self.difference_by_deal
        plow, phigh = self.points_interval
        both, only_p, only_b, neither = self.cells
        rows = [
            ("deals (seeds)", f"{self.deals} ({self.seed}-{self.seed + self.deals - 1}), {self.pairs} pairs of deal and seat"),
            (f"win share: {player}, {base} in the same seat",
             f"{self.player_share:.1%} ({int(self.player_won.sum())}), {self.base_share:.1%} ({int(self.base_won.sum())})"),
            (f"ratio {player} / {base}", f"{self.ratio:.2f}"),
            ("difference (95%, pairs; by deal)",
             f"{self.difference:+.1%} ({low:+.1%} to {high:+.1%}; {dlow:+.1%} to {dhigh:+.1%})"),
            ("pairs: both won, only the player, only the base, neither", f"{both}, {only_p}, {only_b}, {neither}"),
            (f"points per game: {player}, {base}; difference (95%, by deal)",
             f"{self.player_points_per_game:.2f}, {self.base_points_per_game:.2f};"
             f" {self.points_difference:+.2f} ({plow:+.2f} to {phigh:+.2f})"),
            (f"wall games: 4 {base}s; {player} + 3 {base}s", f"{self.base_walls:.1%}; {self.duplicate_walls:.1%}"),
        ]
        if len(self.team_winner):
            tlow, thigh = self.team_walls_interval
            rows.append((f"4 {player}s: wall games (95%); points per seat",
                         f"{self.team_walls:.1%} ({tlow:.1%} to {thigh:.1%}); {self.team_points_per_seat:.2f}"))
        return rows

    def summary(self, timing: bool = True) -> str:
        """The figures in a few lines of text; ``timing=False`` leaves out the run time."""
        head = f"duplicate arena: {self.player_name} against {self.base_name} on {self.card.name} under {self.ruleset.name}"
        if timing and self.seconds:
            head += f" ({self.seconds:.0f} s)"
        return "\n".join([head] + [f"  {what}: {value}" for what, value in self.rows()])

    def __str__(self) -> str:
        return self.summary()

    def table(self) -> "pandas.DataFrame":
        """:meth:`rows` as a DataFrame (columns ``what`` and ``value``)."""
        import pandas as pd

        return pd.DataFrame(self.rows(), columns=["what", "value"])


def arena_markdown(reports: list[ArenaReport]) -> str:
    """Reports side by side as one Markdown table, a column per card and ruleset.

    >>> from mjlearn.rules import Bot
    >>> text = arena_markdown([duplicate_arena("basic1", "NMJL", deals=1, player=Bot, base=Bot, team=False)])
    >>> text.splitlines()[0]
    '| | Basic1, NMJL |'
    """
    if isinstance(reports, ArenaReport):
        reports = [reports]
    if isinstance(reports, (str, bytes)) or not isinstance(reports, Iterable):
        raise ArgumentError(f"arena_markdown needs a list of ArenaReports (duplicate_arena's), not {reports!r}")
    reports = list(reports)
    if not reports:
        raise ArgumentError("arena_markdown needs at least one ArenaReport")
    for report in reports:
        if not isinstance(report, ArenaReport):
            raise ArgumentError(f"arena_markdown needs ArenaReports (duplicate_arena's), not {report!r}")
    names = [what for what, _ in reports[0].rows()]
    columns = [dict(report.rows()) for report in reports]
    lines = ["| | " + " | ".join(f"{r.card.name}, {r.ruleset.name}" for r in reports) + " |",
             "| --- |" + " --- |" * len(reports)]
    for name in names:
        lines.append(f"| {name} | " + " | ".join(column.get(name, "-") for column in columns) + " |")
    return "\n".join(lines)


def duplicate_arena(
    card: "Card | str",
    ruleset: Ruleset | str = NMJL,
    deals: int = 1000,
    player: BotFactory | None = None,
    base: BotFactory | None = None,
    seed: int = 0,
    executor=None,
    team: bool = True,
    progress: bool = False,
) -> ArenaReport:
    """Play ``deals`` deals in the duplicate format and compare ``player`` with ``base`` seat by seat.

    ``card`` is a :class:`~mjlearn.Card`, a bundled card's name or a ``.mjcl`` path. The deals are the
    seeds ``seed`` to ``seed + deals - 1``; deal ``d`` is played as a baseline of four ``base`` bots
    (``run_game(card, ruleset, seed=d)`` when ``base`` is :class:`~mjlearn.rules.Bot`), four times with
    ``player`` in one seat and the same ``base`` bots (same seeds) in the others, and (``team=True``)
    once with four ``player`` bots. ``player`` (default :class:`~mjlearn.rules.CoachBot`) and ``base``
    (default :class:`~mjlearn.rules.Bot`) are bot classes, or callables taking
    ``(card, ruleset, seed=...)``; with an executor they must pickle (a class, or a
    ``functools.partial`` of one). ``executor`` (a ``concurrent.futures.Executor``) plays chunks of
    deals in its workers; ``progress`` shows a bar.
    """
    from ..parallel import executor_argument, iter_chunks
    from .bots import Bot
    from .coach_bot import CoachBot
    from .simulate import chunk_games

    card, rules = as_card(card), as_ruleset(ruleset)
    player = CoachBot if player is None else player
    base = Bot if base is None else base
    for name, factory in (("player", player), ("base", base)):
        if not callable(factory):
            raise ArgumentError(f"{name} must be a bot class or a callable (card, ruleset, seed=...), not {factory!r}")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ArgumentError(f"deals must be a whole number, 1 or more, not {deals!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ArgumentError(f"seed must be a whole number, 0 or more, not {seed!r}")
    executor = executor_argument(executor)
    seeds = list(range(seed, seed + deals))
    size = chunk_games(deals)
    chunks = [seeds[i : i + size] for i in range(0, deals, size)]
    start = time.perf_counter()
    if executor is None:
        function, arguments = _play_deals, [(card, rules, part, player, base, team) for part in chunks]
    else:  # the card travels as its MJCL text; each process reads and compiles it once
        text = card.to_mjcl()
        function, arguments = _play_deals_text, [(text, rules, part, player, base, team) for part in chunks]
    played: list[tuple] = []
    for part in iter_chunks(function, arguments, executor, progress, total=deals,
                            sizes=[len(part) for part in chunks], desc=f"{rules.name} deals", unit="deal"):
        played.extend(part)
    seconds = time.perf_counter() - start
    base_winner = np.array([b[0] for b, _, _ in played], dtype=np.int64)
    base_points = np.array([b[1] for b, _, _ in played], dtype=np.int64).reshape(-1, 4)
    player_winner = np.array([[g[0] for g in d] for _, d, _ in played], dtype=np.int64).reshape(-1, 4)
    player_points = np.array([[g[1] for g in d] for _, d, _ in played], dtype=np.int64).reshape(-1, 4, 4)
    teams = [t for _, _, t in played if t is not None]
    team_winner = np.array([t[0] for t in teams], dtype=np.int64)
    team_points = np.array([t[1] for t in teams], dtype=np.int64).reshape(-1, 4)
    return ArenaReport(card=card, ruleset=rules, seed=seed, player_name=_name(player), base_name=_name(base),
                       base_winner=base_winner, base_points=base_points, player_winner=player_winner,
                       player_points=player_points, team_winner=team_winner, team_points=team_points,
                       seconds=seconds)
