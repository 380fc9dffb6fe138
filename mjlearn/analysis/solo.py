"""The solitaire benchmark: how often each player completes a hand alone, on the same deals.

The game: 13 tiles dealt from the shuffled 152-tile set; then, for up to
``max(draws)`` draws, the player draws one tile; if the 14 tiles make a line
of the card, the hand is completed at that draw, else the player throws one
tile. No calls, no Charleston, no exposures, no other players. The ruleset only
decides how the card is read (which hands win); the deal is the same 152 tiles
under every ruleset.

Deal ``i`` of seed ``s`` is :func:`solo_wall` ``(s, i)``: its own shuffle, drawn
from a seed made of ``s`` and ``i`` alone, so any deal, or any subset of deals,
plays the same whatever else is played with it and however the deals are cut
into chunks. Every player meets the same deals, so their results pair: on
each deal both completed, one of them, or neither (:meth:`SoloResult.compare`).
One play to ``max(draws)`` gives every horizon at once: a hand completed at
draw 15 counts at 18 and 24 draws, not at 12.

The players (``players=``; each is reseeded at every deal, so a deal's ties
break the same way in any run):

- ``"random"``: :class:`RandomDiscarder`, throws a random tile of its rack,
  never a joker while it holds a natural: the floor of someone who knows only
  that jokers are precious.
- ``"bot"``: :class:`mjlearn.rules.Bot` (nearest lines, tiles away).
- ``"coach"``: :class:`mjlearn.rules.CoachBot` (chances of completion times value, with one draw
  of look-ahead: its default ``objective="draw"``; ``CoachBot(card, objective="worth")`` as a
  player object is the coach without it, as it plays at the table).
- ``"rollout"``: :class:`RolloutPlayer`, a Monte Carlo look-ahead over a base
  policy (the Bot by default), meant as the ceiling of practical play (measured, it is not one).
- any object with ``choose_discard(counts, exposures=(), visible=None)``
  returning a tile (``counts``: the 36 counts of the 14-tile rack, jokers last;
  ``visible``: the 36 counts of the tiles it has seen, here its own discards).
  A player whose ``choose_discard`` takes a ``draws`` argument is told how many
  draws are left after this discard (the coach's chances need it).

>>> result = solo("basic1", players=("random", "bot"), deals=100, draws=(12, 24), seed=1)
>>> result
SoloResult(card='Basic1', ruleset='NMJL', seed=1, deals=100, draws=(12, 24), players=('random', 'bot'))
>>> result.table()[["player", "draws", "completed", "share", "away"]]
   player  draws  completed  share  away
0  random     12          0   0.00  7.36
1  random     24          0   0.00  6.84
2     bot     12          0   0.00  5.11
3     bot     24          1   0.01  3.09
>>> print(result.compare("bot", "random"))
bot 1.00% vs random 0.00% at 24 draws over 100 deals: difference +1.00 points (95% interval -2.79 to +5.45),
ratio inf, McNemar p = 1 (1 deal only bot completed, 0 only random)
"""

from __future__ import annotations

import inspect
import math
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import ArgumentError, RuleError, UnknownNameError
from ..resources import as_card
from ..tiles import COPIES, NUM_KINDS, TILE_SET, Tile
from ..wording import counted, shown
from .stats import mcnemar_p, paired_interval, wilson

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..card import Card
    from ..rules.ruleset import Ruleset

__all__ = ["DRAWS", "MAX_DRAWS", "PLAYERS", "RandomDiscarder", "RolloutPlayer", "SoloComparison", "SoloResult",
           "deal_seed", "play_solo", "solo", "solo_wall"]

PLAYERS = ("random", "bot", "coach", "rollout")
"""The players :func:`solo` knows by name."""

DRAWS = (12, 18, 24)
"""The horizons of the benchmark: a short game, a normal one (18 draws a seat), a long one."""

DEAL = 13
MAX_DRAWS = len(TILE_SET) - DEAL
"""At most 139 draws: the tiles left after the deal."""

JOKER = int(Tile.JOKER)
_NATURALS = NUM_KINDS - 1


# -- the deals -----------------------------------------------------------------------

def deal_seed(seed: int, deal: int) -> int:
    """The 64-bit seed of deal ``deal`` of a benchmark seeded ``seed``: made of the two numbers alone.

    >>> deal_seed(0, 5) == deal_seed(0, 5), deal_seed(0, 5) == deal_seed(0, 6)
    (True, False)
    """
    return random.Random(f"mjlearn solo {int(seed)} {int(deal)}").getrandbits(64)


def solo_wall(seed: int, deal: int) -> tuple[Tile, ...]:
    """The 152 tiles of deal ``deal`` in order: the first 13 are the rack, then the draws, one by one.

    >>> wall = solo_wall(0, 0)
    >>> len(wall), sorted(wall) == sorted(TILE_SET), wall == solo_wall(0, 0), wall == solo_wall(0, 1)
    (152, True, True, False)
    """
    tiles = list(TILE_SET)
    random.Random(deal_seed(seed, deal)).shuffle(tiles)
    return tuple(tiles)


# -- the players -------------------------------------------------------------------------

class RandomDiscarder:
    """Throws a tile of its rack at random (each tile alike, so a kind held twice goes twice as often),
    never a joker while it holds a natural tile.

    It is the floor of the benchmark: the share a player reaches by luck alone,
    knowing only that a joker is worth keeping (a random player that threw jokers
    too would complete fewer hands still, and nobody plays like that for long).

    >>> from mjlearn.hands import Hand
    >>> RandomDiscarder(seed=1).choose_discard(Hand("FF 222B 444B 666B 88B J").counts).notation in "F 2B 4B 6B 8B"
    True
    """

    name = "random"

    def __init__(self, seed: int | None = 0):
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "RandomDiscarder()"

    def choose_discard(self, counts: Sequence[int], exposures=(), visible=None) -> Tile:
        naturals = [k for k in range(_NATURALS) for _ in range(int(counts[k]))]
        if not naturals:
            return Tile.JOKER
        return Tile(self.rng.choice(naturals))


class RolloutPlayer:
    """A Monte Carlo look-ahead: for each discard it may make, ``samples`` random continuations of the draws
    left; it throws the tile whose continuations complete most often.

    Each continuation draws the tiles left in a random order from the tiles
    the player has *not* seen (the set less its rack and its discards), never
    from the real wall: the rollout is not clairvoyant, it knows what any
    player could know. All the candidates meet the same ``samples`` orders
    (common random numbers, so that their difference is not luck of the draw).
    ``base`` plays each continuation:

    - ``"perfect"`` (the default): a player who knows that continuation's
      order, and so completes it exactly when some hand of the card lies within
      the rack and the tiles that continuation draws (it keeps that hand's
      tiles and throws the others). This is perfect-information Monte Carlo:
      the chance of each discard is estimated as if the rest of the draws were
      then known, which overrates racks that keep many lines open, but it
      is cheap (one vector sum per continuation) and strong. Candidates: every
      kind on the rack.
    - ``"bot"``, ``"coach"`` or any player object: that policy plays each
      continuation to the end, without knowing it. Candidates: the base policy's
      own choice and the tiles whose loss leaves the rack within one tile of
      its nearest line, ``width`` in all. About ``width x samples x draws
      left`` base decisions per decision: slow, and with the few samples one
      can afford, completions (2-5% of hands) are too rare to tell the
      candidates apart (``docs/analysis.md`` gives the figures).

    The candidate whose continuations complete most wins; ties go to the one
    whose continuations end fewest tiles away, then to the Bot's choice (or
    the base policy's). When no candidate can complete in the draws left
    (every one leaves the rack further than that) the Bot's (base policy's)
    choice is taken at once.

    It was meant as a *ceiling for practical play*: what a player who weighs
    every discard against many imagined futures, far harder than anyone does
    at a table, reaches. Measured, it is no ceiling: with ``"perfect"`` it
    completes about as many hands as the Bot (``docs/analysis.md``), for it
    keeps tiles for every hand some future would complete, as if it would
    know which (strategy fusion). A clairvoyant who saw the real wall would
    complete far more.

    >>> import mjlearn as mj
    >>> from mjlearn.hands import Hand
    >>> player = RolloutPlayer(mj.load_card("basic1"), samples=8, seed=1)
    >>> player.choose_discard(Hand("FF 222B 444B 666B 88B 3C").counts, draws=3).notation   # the stray tile goes
    '3C'
    """

    name = "rollout"

    def __init__(self, card: "Card", ruleset: "Ruleset | str" = "NMJL", base: Any = "perfect", samples: int = 64,
                 width: int = 4, seed: int | None = 0):
        from .arguments import count_argument, ruleset_argument

        self.card = as_card(card)
        self.ruleset = ruleset_argument(ruleset) or "NMJL"
        if not (base in ("perfect", "bot", "coach") or callable(getattr(base, "choose_discard", None))):
            raise ArgumentError(f"base must be 'perfect', 'bot', 'coach' or a player with choose_discard, not"
                                f" {shown(base)}")
        self.base = base
        self.samples = count_argument("samples", samples, minimum=1)
        self.width = count_argument("width", width, minimum=1)
        self.rng = random.Random(seed)
        self._built: tuple | None = None  # (policy, judge, whether the policy takes draws, compiled card)

    def __repr__(self) -> str:
        base = self.base if isinstance(self.base, str) else type(self.base).__name__
        return f"RolloutPlayer(base={base!r}, samples={self.samples}, width={self.width})"

    def __getstate__(self) -> dict:  # (the built policies hold per-thread data: they are built again where it lands)
        state = dict(self.__dict__)
        state["_built"] = None
        return state

    def reseed(self, seed: int) -> None:
        """Start the look-ahead's generator and its policy's afresh from ``seed``."""
        self.rng.seed(seed)
        _reseed(self._parts()[0], seed)

    def _parts(self) -> tuple:
        if self._built is None:
            from ..rules.ruleset import as_ruleset

            name = "bot" if self.base == "perfect" else self.base
            policy = _player_from_name(name, self.card, self.ruleset) if isinstance(name, str) else name
            # a policy of the Bot's family judges the racks itself: it reads them next, from the same memo
            judge = policy if isinstance(policy, _bot_class()) else _judge(self.card, self.ruleset)
            compiled = self.card.compiled(as_ruleset(self.ruleset))
            self._built = (policy, judge, _takes_draws(policy), compiled)
        return self._built

    def choose_discard(self, counts: Sequence[int], exposures=(), visible=None, draws: int = 12) -> Tile:
        """The tile to throw from a 14-tile rack with ``draws`` draws still to come (see the class)."""
        if exposures:
            raise ArgumentError("RolloutPlayer plays concealed solitaire hands only: exposures must be empty")
        policy, judge, policy_draws, compiled = self._parts()
        rack = [int(c) for c in counts]
        seen = [0] * NUM_KINDS if visible is None else [int(v) for v in visible]
        proposal = int(policy.choose_discard(tuple(rack), (), tuple(seen), **({"draws": draws} if policy_draws else {})))
        if draws <= 0:
            return Tile(proposal)
        after = {}
        for kind in range(NUM_KINDS):
            if rack[kind]:
                rack[kind] -= 1
                after[kind] = judge.best_distance(tuple(rack))
                rack[kind] += 1
        nearest = min(after.values())
        if nearest > draws:  # nothing can complete in the draws left
            return Tile(proposal)
        others = sorted((k for k in after if k != proposal and (self.base == "perfect" or after[k] <= nearest + 1)),
                        key=lambda k: (after[k], k))
        candidates = [proposal] + (others if self.base == "perfect" else others[: self.width - 1])
        if len(candidates) == 1:
            return Tile(proposal)
        pool = [kind for kind in range(NUM_KINDS) for _ in range(COPIES[kind] - rack[kind] - seen[kind])]
        draw = random.Random(self.rng.getrandbits(64))
        orders = [draw.sample(pool, min(draws, len(pool))) for _ in range(self.samples)]
        if self.base == "perfect":
            scores = _perfect_scores(compiled, rack, candidates, orders)
        else:
            scores = self._policy_scores(policy, judge, policy_draws, rack, seen, candidates, orders)
        best = max(range(len(candidates)), key=lambda i: (scores[i], -i))
        return Tile(candidates[best])

    @staticmethod
    def _policy_scores(policy, judge, policy_draws: bool, rack: list[int], seen: list[int], candidates: list[int],
                       orders: list[list[int]]) -> list[tuple[int, int]]:
        """``(completions, -tiles away at the end)`` of each candidate, its continuations played by ``policy``
        (a candidate that can no longer reach the best completions stops early, with ``(-1, 0)``)."""
        scores: list[tuple[int, int]] = []
        top = -1
        for kind in candidates:
            rack[kind] -= 1
            seen[kind] += 1
            completions, missing = 0, 0
            for done, order in enumerate(orders):
                if completions + len(orders) - done < top:
                    completions, missing = -1, 0  # it can no longer reach the best
                    break
                distance = _continue(policy, judge, policy_draws, rack, seen, order)
                completions += distance == 0
                missing += distance
            rack[kind] += 1
            seen[kind] -= 1
            scores.append((completions, -missing))
            top = max(top, completions)
        return scores


_BIT_OFFSET = np.concatenate([[0], np.cumsum(COPIES[:_NATURALS])[:-1]]).astype(np.int64)
"""The thermometer bit of the first copy of each natural kind (:func:`mjlearn.analysis.compiled.thermometer`)."""


def _perfect_scores(compiled, rack: list[int], candidates: list[int], orders: list[list[int]]
                    ) -> list[tuple[int, int]]:
    """``(completions, -tiles away)`` of each candidate discard when every continuation is played knowing
    its order: it completes when some hand of the card lies within the rack left and the tiles drawn.

    The distance of a multiset of any size to a hand is the card's formula (tiles of the hand it lacks,
    jokers standing in groups of 3 or more): a continuation's tiles are added to the 14 tiles of the rack
    once, and each candidate takes its tile off again (one thermometer row, or a joker).
    """
    from ..engine import thermometer

    held = np.repeat(np.asarray(rack, dtype=np.int64)[None, :], len(orders), axis=0)
    rows = np.repeat(np.arange(len(orders)), [len(o) for o in orders])
    np.add.at(held, (rows, np.concatenate(orders).astype(np.int64)), 1)
    codes = compiled.codes  # [144, 2H]: thermometers of each hand's totals, then of its singles and pairs
    hands = compiled.num_hands
    products = thermometer(held[:, :_NATURALS]) @ codes  # [K, 2H]: tiles of each hand held, of its singles and pairs
    scores = []
    for kind in candidates:
        jokers = held[:, JOKER]
        if kind == JOKER:
            part, jokers = products, jokers - 1
        else:
            part = products - codes[_BIT_OFFSET[kind] + held[:, kind] - 1]  # its last copy goes
        missing = DEAL + 1 - part[:, :hands]
        in_groups = missing - (compiled.small_size - part[:, hands:])
        away = (missing - np.minimum(jokers[:, None], in_groups)).min(axis=1)
        scores.append((int((away <= 0).sum()), -int(np.maximum(away, 0).sum())))
    return scores


def _continue(base, judge, base_draws: bool, rack: list[int], seen: list[int], order: list[int]) -> int:
    """Play ``order``'s draws from a 13-tile ``rack`` with the base policy: the tiles away at the end (0: completed)."""
    counts, visible = list(rack), list(seen)
    last = len(order) - 1
    distance = 99
    for step, tile in enumerate(order):
        counts[tile] += 1
        held = tuple(counts)
        distance = judge.best_distance(held)
        if distance == 0 or step == last:
            return distance
        options = {"draws": last - step} if base_draws else {}
        thrown = int(base.choose_discard(held, (), tuple(visible), **options))
        counts[thrown] -= 1
        visible[thrown] += 1
    return distance


def _judge(card: "Card", ruleset):
    """The Bot that says how far a rack is from the card's nearest line (0: it wins)."""
    from ..rules.bots import Bot

    return Bot(card, ruleset, seed=0)


def _bot_class() -> type:
    from ..rules.bots import Bot

    return Bot


def _player_from_name(name: str, card: "Card", ruleset):
    if name == "random":
        return RandomDiscarder()
    if name == "bot":
        from ..rules.bots import Bot

        return Bot(card, ruleset, seed=0)
    if name == "coach":
        from ..rules.coach_bot import CoachBot

        return CoachBot(card, ruleset, seed=0)
    if name == "rollout":
        return RolloutPlayer(card, ruleset)
    raise UnknownNameError(f"unknown player {name!r}; the players known by name are {', '.join(PLAYERS)}")


def _reseed(player, seed: int) -> None:
    """Make a player's choices at a deal independent of the deals it played before."""
    reseed = getattr(player, "reseed", None)
    if callable(reseed):
        reseed(seed)
    elif isinstance(getattr(player, "rng", None), random.Random):
        player.rng.seed(seed)


def _takes_draws(player) -> bool:
    """Whether ``player.choose_discard`` accepts ``draws`` (the draws left after this discard)."""
    try:
        parameters = inspect.signature(player.choose_discard).parameters
    except (TypeError, ValueError):  # (a builtin without a signature)
        return False
    return "draws" in parameters


# -- one hand ------------------------------------------------------------------------------

def play_solo(player, wall: Sequence[Tile | int], draws: int, judge=None, horizons: Sequence[int] = ()
              ) -> tuple[int, list[int], int, float]:
    """Play one solitaire hand: the 13 first tiles of ``wall``, then up to ``draws`` draws.

    Returns ``(completed_at, away, decisions, seconds)``: the draw at which the
    hand was completed (0 if it was not), the tiles away after each draw of
    ``horizons`` (0 once completed), the discards the player chose, and the
    time it took to choose them. ``judge`` is a :class:`mjlearn.rules.Bot` of
    the card (it says when 14 tiles win).

    >>> import mjlearn as mj
    >>> from mjlearn.rules import Bot
    >>> judge = Bot(mj.load_card("basic1"))
    >>> completed_at, away, decisions, _ = play_solo(RandomDiscarder(), solo_wall(0, 0), 5, judge, horizons=(1, 5))
    >>> completed_at, len(away), decisions
    (0, 2, 4)
    """
    if judge is None:
        raise ArgumentError("play_solo needs a judge: a Bot of the card, e.g. mjlearn.rules.Bot(card)")
    tiles = [int(t) for t in wall]
    counts = [0] * NUM_KINDS
    for tile in tiles[:DEAL]:
        counts[tile] += 1
    visible = [0] * NUM_KINDS
    wanted = set(horizons)
    away: list[int] = []
    takes_draws = _takes_draws(player)
    decisions, seconds = 0, 0.0
    clock = time.perf_counter
    for draw in range(1, draws + 1):
        counts[tiles[DEAL - 1 + draw]] += 1
        rack = tuple(counts)
        distance = judge.best_distance(rack)
        if draw in wanted:
            away.append(distance)
        if distance == 0:
            away += [0] * sum(1 for h in horizons if h > draw)
            return draw, away, decisions, seconds
        if draw == draws:
            break
        start = clock()
        if takes_draws:
            thrown = player.choose_discard(rack, (), tuple(visible), draws=draws - draw)
        else:
            thrown = player.choose_discard(rack, (), tuple(visible))
        seconds += clock() - start
        decisions += 1
        try:
            kind = int(thrown)
        except (TypeError, ValueError):
            kind = -1
        if not 0 <= kind < NUM_KINDS or not counts[kind]:
            from ..hands import Hand

            raise RuleError(f"{type(player).__name__}.choose_discard threw {shown(thrown)}, which is not a tile of"
                            f" its rack {Hand.from_counts(list(rack))}")
        counts[kind] -= 1
        visible[kind] += 1
    return 0, away, decisions, seconds


# -- the benchmark -----------------------------------------------------------------------------

@dataclass(frozen=True)
class SoloComparison:
    """Two players on the same deals at one horizon (:meth:`SoloResult.compare`).

    ``both``, ``only_a``, ``only_b`` and ``neither`` count the deals each
    completed; the difference of the shares has a 95% interval for paired
    shares (:func:`~mjlearn.analysis.stats.paired_interval`) and the exact
    McNemar p-value (:func:`~mjlearn.analysis.stats.mcnemar_p`): the chance of
    discordant deals split at least this unevenly if the players were equally strong.
    """

    a: str
    b: str
    draws: int
    both: int
    only_a: int
    only_b: int
    neither: int

    @property
    def deals(self) -> int:
        return self.both + self.only_a + self.only_b + self.neither

    @property
    def share_a(self) -> float:
        return (self.both + self.only_a) / self.deals if self.deals else 0.0

    @property
    def share_b(self) -> float:
        return (self.both + self.only_b) / self.deals if self.deals else 0.0

    @property
    def difference(self) -> float:
        """``share_a - share_b``."""
        return self.share_a - self.share_b

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`difference`."""
        return paired_interval(self.both, self.only_a, self.only_b, self.neither)

    @property
    def p_value(self) -> float:
        """The exact two-sided McNemar p-value."""
        return mcnemar_p(self.only_a, self.only_b)

    @property
    def ratio(self) -> float:
        """``share_a / share_b`` (``inf`` when only A completed any; ``nan`` when neither did)."""
        if self.share_b:
            return self.share_a / self.share_b
        return math.inf if self.share_a else math.nan

    def __str__(self) -> str:
        low, high = self.interval
        return (f"{self.a} {self.share_a:.2%} vs {self.b} {self.share_b:.2%} at {self.draws} draws over {self.deals}"
                f" deals: difference {100 * self.difference:+.2f} points (95% interval {100 * low:+.2f} to"
                f" {100 * high:+.2f}), ratio {self.ratio:.2f}, McNemar p = {self.p_value:.3g}"
                f" ({counted(self.only_a, 'deal')} only {self.a} completed, {self.only_b} only {self.b})")


@dataclass(frozen=True, eq=False)
class SoloResult:
    """What :func:`solo` measured: per player and deal, the draw that completed the hand.

    ``completed_at`` is ``[players, deals]`` (0: not completed within
    ``max(draws)``), ``away`` is ``[players, horizons, deals]``: the tiles away
    after each horizon's draw (0 once completed). ``decisions`` and
    ``seconds`` are per player the discards it chose and the time it took
    (all chunks added: they vary from run to run, nothing else does).
    """

    card: "Card"
    ruleset: "Ruleset"
    seed: int
    players: tuple[str, ...]
    draws: tuple[int, ...]
    deal_indices: tuple[int, ...] = field(repr=False)
    completed_at: np.ndarray = field(repr=False)
    away: np.ndarray = field(repr=False)
    decisions: tuple[int, ...] = field(repr=False)
    seconds: tuple[float, ...] = field(repr=False)

    def __repr__(self) -> str:
        return (f"SoloResult(card={self.card.name!r}, ruleset={self.ruleset.name!r}, seed={self.seed}, "
                f"deals={self.deals}, draws={self.draws}, players={self.players})")

    @property
    def deals(self) -> int:
        return len(self.deal_indices)

    def _row(self, player: str) -> int:
        if player not in self.players:
            raise UnknownNameError(f"no player {player!r} in this result; it has {', '.join(self.players)}")
        return self.players.index(player)

    def _horizon(self, draws: int | None) -> int:
        if draws is None:
            return max(self.draws)
        if draws not in self.draws:
            raise ArgumentError(f"draws must be one of the horizons measured, {self.draws}, not {shown(draws)}")
        return int(draws)

    def completed(self, player: str, draws: int | None = None) -> np.ndarray:
        """Per deal, whether ``player`` completed its hand within ``draws`` draws (the longest horizon by default)."""
        at = self.completed_at[self._row(player)]
        return (at > 0) & (at <= self._horizon(draws))

    def share(self, player: str, draws: int | None = None) -> float:
        """The share of the deals ``player`` completed within ``draws`` draws."""
        return float(self.completed(player, draws).mean()) if self.deals else 0.0

    def table(self) -> "pandas.DataFrame":
        """One row per player and horizon: ``player``, ``draws``, ``completed`` (deals), ``share``, its 95%
        interval ``low`` and ``high`` (Wilson), ``mean_draw`` (the mean draw of completion of the hands
        completed, ``nan`` if none was) and ``away`` (the mean tiles away after that draw, 0 for a hand
        completed)."""
        import pandas as pd

        rows = []
        for p, player in enumerate(self.players):
            for h, draws in enumerate(self.draws):
                done = self.completed(player, draws)
                n = int(done.sum())
                low, high = wilson(n, self.deals)
                mean_draw = float(self.completed_at[p][done].mean()) if n else math.nan
                away = float(self.away[p, h].mean()) if self.deals else math.nan
                rows.append((player, draws, n, n / self.deals if self.deals else 0.0, low, high, mean_draw, away))
        return pd.DataFrame(rows, columns=["player", "draws", "completed", "share", "low", "high", "mean_draw", "away"])

    def compare(self, a: str, b: str, draws: int | None = None) -> SoloComparison:
        """``a`` against ``b`` on the same deals at ``draws`` draws (the longest horizon by default)."""
        horizon = self._horizon(draws)
        done_a, done_b = self.completed(a, horizon), self.completed(b, horizon)
        return SoloComparison(a, b, horizon, int((done_a & done_b).sum()), int((done_a & ~done_b).sum()),
                              int((~done_a & done_b).sum()), int((~done_a & ~done_b).sum()))

    def speed(self) -> "pandas.DataFrame":
        """Per player the discards it chose, the seconds it took, and ``per_second`` (decisions a second)."""
        import pandas as pd

        rows = [(player, n, s, n / s if s else math.nan) for player, n, s in
                zip(self.players, self.decisions, self.seconds)]
        return pd.DataFrame(rows, columns=["player", "decisions", "seconds", "per_second"])

    def summary(self) -> str:
        """The table in a few lines of text (no timings: the same text for the same seed)."""
        lines = [f"{self.deals} solitaire deals on {self.card.name} under {self.ruleset.name} (seed {self.seed})"]
        for row in self.table().itertuples():
            mean = "" if math.isnan(row.mean_draw) else f", mean draw {row.mean_draw:.1f}"
            lines.append(f"  {row.player:>8} {row.draws:>3} draws: {row.share:6.2%} ({row.low:.2%}-{row.high:.2%})"
                         f"{mean}, {row.away:.2f} tiles away")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()


def _deal_indices(deals) -> tuple[int, ...]:
    if isinstance(deals, (bool, np.bool_)):
        raise ArgumentError(f"deals must be a number of deals or a list of deal numbers, not {shown(deals)}")
    if isinstance(deals, (int, np.integer)):
        if deals < 0:
            raise ArgumentError(f"deals must be 0 or more, not {deals}")
        return tuple(range(int(deals)))
    if isinstance(deals, Iterable) and not isinstance(deals, (str, bytes)):
        indices = list(deals)
        if any(isinstance(i, (bool, np.bool_)) or not isinstance(i, (int, np.integer)) or i < 0 for i in indices):
            raise ArgumentError(f"deal numbers must be whole numbers, 0 or more, not {shown(indices)}")
        if len(set(indices)) != len(indices):
            raise ArgumentError("deal numbers must not repeat: each deal is played once per player")
        return tuple(int(i) for i in indices)
    raise ArgumentError(f"deals must be a number of deals or a list of deal numbers, not {shown(deals)}")


def _horizons(draws) -> tuple[int, ...]:
    values = [draws] if isinstance(draws, (int, np.integer)) and not isinstance(draws, bool) else draws
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ArgumentError(f"draws must be a number of draws or a list of them, not {shown(draws)}")
    values = list(values)
    if not values or any(isinstance(d, (bool, np.bool_)) or not isinstance(d, (int, np.integer))
                         or not 1 <= d <= MAX_DRAWS for d in values):
        raise ArgumentError(f"draws must be whole numbers from 1 to {MAX_DRAWS}, not {shown(draws)}")
    return tuple(sorted({int(d) for d in values}))


def _players(players) -> tuple[tuple[str, ...], list]:
    """Names and specs (a name of :data:`PLAYERS` or a player object) of the players to measure."""
    if isinstance(players, str):
        players = (players,)
    if isinstance(players, Mapping):
        items = [(str(name), spec) for name, spec in players.items()]
    elif isinstance(players, Iterable):
        items = []
        for spec in players:
            if isinstance(spec, str):
                items.append((spec, spec))
            else:
                name = getattr(spec, "name", None)
                items.append((name if isinstance(name, str) else type(spec).__name__, spec))
    else:
        raise ArgumentError(f"players must be names ({', '.join(PLAYERS)}) or player objects, not {shown(players)}")
    if not items:
        raise ArgumentError("players must name at least one player")
    for name, spec in items:
        if isinstance(spec, str):
            if spec not in PLAYERS:
                raise UnknownNameError(f"unknown player {spec!r}; the players known by name are {', '.join(PLAYERS)}")
        elif not callable(getattr(spec, "choose_discard", None)):
            raise ArgumentError(f"player {name!r} has no choose_discard(counts, exposures=(), visible=None): "
                                f"{shown(spec)}")
    names = [name for name, _ in items]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ArgumentError(f"two players are called {twice[0]!r}; give them names with a dict {{name: player}}")
    return tuple(names), [spec for _, spec in items]


_CARDS: dict[str, "Card"] = {}
"""Cards read from MJCL text in this process (a worker's), each parsed and compiled once."""


def _card_of(card) -> "Card":
    if not isinstance(card, str):
        return card
    found = _CARDS.get(card)
    if found is None:
        from ..card import parse_card

        if len(_CARDS) > 8:
            _CARDS.clear()
        found = _CARDS[card] = parse_card(card)
    return found


def _play_chunk(card, ruleset, seed: int, indices: Sequence[int], specs: Sequence, horizons: Sequence[int]):
    """The work of one chunk: every player on deals ``indices``. ``card`` may be MJCL text (in a worker);
    a player object comes pickled (bytes) when the chunks run on an executor."""
    import pickle

    card = _card_of(card)
    judge = _judge(card, ruleset)
    players = [pickle.loads(spec) if isinstance(spec, bytes) else
               _player_from_name(spec, card, ruleset) if isinstance(spec, str) else spec for spec in specs]
    horizon = max(horizons)
    completed = np.zeros((len(players), len(indices)), dtype=np.int16)
    away = np.zeros((len(players), len(horizons), len(indices)), dtype=np.int16)
    decisions = [0] * len(players)
    seconds = [0.0] * len(players)
    for column, deal in enumerate(indices):
        wall = solo_wall(seed, deal)
        tie_seed = deal_seed(seed, deal)
        for row, player in enumerate(players):
            _reseed(player, tie_seed)
            at, far, n, s = play_solo(player, wall, horizon, judge, horizons)
            completed[row, column] = at
            away[row, :, column] = far
            decisions[row] += n
            seconds[row] += s
    return completed, away, decisions, seconds


def chunk_deals(deals: int) -> int:
    """Deals per chunk of :func:`solo`'s work: about 32 chunks, 1 to 100 deals each (it depends on the
    number of deals only; every deal has its own seed, so any size gives the same result).

    >>> chunk_deals(10), chunk_deals(2000), chunk_deals(20000)
    (1, 63, 100)
    """
    return max(1, min(100, -(-deals // 32)))


def solo(
    card: "Card | str",
    players: Any = ("random", "bot", "coach"),
    deals: int | Iterable[int] = 2000,
    draws: int | Iterable[int] = DRAWS,
    seed: int | None = 0,
    ruleset: "Ruleset | str" = "NMJL",
    executor=None,
    progress: bool | None = None,
) -> SoloResult:
    """Play every player alone on the same seeded deals and measure how many hands each completes.

    ``card``: a :class:`~mjlearn.Card`, a bundled card's name or a ``.mjcl``
    path. ``players``: names of :data:`PLAYERS`, player objects, or a dict
    ``{name: player}`` (see the module docstring). ``deals``: how many deals
    (deals 0 to ``deals - 1``) or which deal numbers. ``draws``: the horizons
    (each hand is played to the longest). ``seed``: the deals' seed
    (``None``: a fresh one, kept in the result). ``executor``: a
    ``concurrent.futures`` executor or Dask's ``client.get_executor()``
    (:mod:`mjlearn.parallel`): the deals run there in chunks, with the same
    result. ``progress``: a bar (``None``: for 200 deals or more at a terminal
    or in a notebook).

    A player object given with an executor must pickle (each chunk gets its
    own copy); the players named by a string are built in each chunk.

    >>> import mjlearn as mj
    >>> result = solo("basic1", players=("bot",), deals=[3, 7], draws=12, seed=2)
    >>> result.deal_indices, result.draws, result.completed_at.shape
    ((3, 7), (12,), (1, 2))
    """
    import pickle

    from ..parallel import executor_argument, iter_chunks
    from ..rules.ruleset import as_ruleset
    from ..rules.setup import seed_or_fresh
    from ..rules.simulate import _long_run
    from .arguments import ruleset_argument

    card = as_card(card)
    rules = as_ruleset(ruleset_argument(ruleset) or "NMJL")
    seed = seed_or_fresh(seed)
    names, specs = _players(players)
    indices = _deal_indices(deals)
    horizons = _horizons(draws)
    executor = executor_argument(executor)
    if progress is None:
        progress = _long_run(len(indices))
    size = chunk_deals(len(indices))
    chunks = [indices[i: i + size] for i in range(0, len(indices), size)]
    if executor is None:
        card.compiled(rules)
        sent: Any = card
        built = [_player_from_name(s, card, rules) if isinstance(s, str) else s for s in specs]
    else:  # the card travels as its MJCL text; each player object as its own pickled copy
        sent = card.to_mjcl()
        built = []
        for name, spec in zip(names, specs):
            if isinstance(spec, str):
                built.append(spec)
                continue
            try:
                built.append(pickle.dumps(spec))
            except Exception as error:  # noqa: BLE001 (any reason it cannot travel)
                raise ArgumentError(f"player {name!r} cannot be sent to the executor ({error}); give it by name"
                                    f" ({', '.join(PLAYERS)}) or run without an executor") from None
    completed = np.zeros((len(names), len(indices)), dtype=np.int16)
    away = np.zeros((len(names), len(horizons), len(indices)), dtype=np.int16)
    decisions = [0] * len(names)
    seconds = [0.0] * len(names)
    arguments = [(sent, rules, seed, part, built, horizons) for part in chunks]
    start = 0
    for done, far, n, s in iter_chunks(_play_chunk, arguments, executor, progress, total=len(indices),
                                       sizes=[len(part) for part in chunks], desc="solitaire deals", unit="deal"):
        width = done.shape[1]
        completed[:, start: start + width] = done
        away[:, :, start: start + width] = far
        decisions = [a + b for a, b in zip(decisions, n)]
        seconds = [a + b for a, b in zip(seconds, s)]
        start += width
    return SoloResult(card=card, ruleset=rules, seed=seed, players=names, draws=horizons, deal_indices=indices,
                      completed_at=completed, away=away, decisions=tuple(decisions), seconds=tuple(seconds))
