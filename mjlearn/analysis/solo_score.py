"""A learner's own solitaire hands, scored against the benchmark: on the same deals, and in bands.

A learner plays solitaire hands (:class:`SoloHand`: a deal of :func:`~mjlearn.analysis.solo.solo_wall`,
the tiles they threw); :func:`score_hands` puts them beside the coach and the Bot on the *same* deals and
beside what each player reaches over that many hands in the long run:

- **the same deals**: the coach and the Bot play the learner's deals (to the same number of draws);
- **bands**: from a player's long-run figures (:class:`Strength`: its share of hands completed and the
  tiles it is still away after the last draw, over thousands of deals), the range a player of that
  strength lands in over ``n`` hands 8 times in 10 (``level``): the completed hands from the binomial
  distribution (:func:`~mjlearn.analysis.stats.binomial_range`), the mean tiles away from the normal one
  (``mean +- 1.28 sd / sqrt(n)``).

Completed hands are rare in solitaire (a few in a hundred at 24 draws: no calls, no Charleston), so
over 40 hands they tell players apart only roughly; the tiles still away after the last draw (0 for a
completed hand) tell them apart much sooner, and the verdict reads them.

The long-run figures come from ``benchmark=`` (a :class:`~mjlearn.analysis.solo.SoloResult` over many
deals), else from the figures bundled with mjlearn (``cards/solo_benchmark.json``, measured by
``benchmarks/bench_solo.py --write`` for the bundled cards), else from a run of :data:`FALLBACK_DEALS`
deals made on the spot.

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> wall = solo_wall(0, 0)   # 13 tiles dealt, then the draws: wall[13], wall[14]...
>>> hand = SoloHand.play(card, seed=0, deal=0, discards=[wall[13]], draws=2)   # throws its first draw back
>>> hand.completed_at, hand.away > 0, len(hand.discards)
(0, True, 1)
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import TYPE_CHECKING

from ..errors import ArgumentError, RuleError
from ..resources import as_card
from ..tiles import Tile, as_tile
from ..wording import counted, listed, shown
from .solo import DRAWS, MAX_DRAWS, SoloResult, play_solo, solo, solo_wall
from .stats import binomial_range

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..card import Card

__all__ = ["BENCHMARK_FILE", "FALLBACK_DEALS", "SoloHand", "SoloScore", "Strength", "benchmark_entry",
           "score_hands", "strengths"]

BENCHMARK_FILE = "solo_benchmark.json"
"""The bundled long-run figures, in the cards folder (:func:`mjlearn.resources.data_dir`)."""

FALLBACK_DEALS = 400
"""Deals played on the spot for a card with no bundled figures (and no ``benchmark=``)."""

NAMES = {"random": "a random player", "bot": "the Bot", "coach": "the coach", "rollout": "the rollout ceiling"}
"""How the players are named in sentences."""


def _name(player: str) -> str:
    return NAMES.get(player, player)


# -- a learner's hand -------------------------------------------------------------------------

class _Script:
    """A player that throws the tiles it is given, in order (a learner's hand replayed)."""

    def __init__(self, discards: Sequence[Tile]):
        self.discards = list(discards)
        self.thrown = 0

    def choose_discard(self, counts, exposures=(), visible=None) -> Tile:
        if self.thrown >= len(self.discards):
            raise ArgumentError(f"the hand stops after {counted(self.thrown, 'discard')}, but it is neither"
                                f" completed nor at its last draw")
        tile = self.discards[self.thrown]
        if not counts[int(tile)]:
            raise RuleError(f"discard {self.thrown + 1} is {tile.notation}, which is not on the rack then")
        self.thrown += 1
        return tile


@dataclass(frozen=True)
class SoloHand:
    """One solitaire hand a learner played: deal ``deal`` of seed ``seed`` (:func:`solo_wall`), played to
    ``draws`` draws, the tiles thrown in order; ``completed_at`` is the draw that completed it (0: not
    completed) and ``away`` the tiles it was still away after its last draw (0 when completed).

    Make one with :meth:`play` (which replays the deal and checks every discard).
    """

    seed: int
    deal: int
    draws: int
    discards: tuple[Tile, ...]
    completed_at: int
    away: int

    @classmethod
    def play(cls, card: "Card | str", seed: int, deal: int, discards: Iterable[Tile | str], draws: int = 24,
             ruleset: str = "NMJL") -> "SoloHand":
        """The hand a learner made on deal ``deal`` by throwing ``discards`` (tiles or their notation), replayed
        to check it: every discard must be on the rack, and the hand must end (completed, or at its last draw)
        just after the last one. A :class:`~mjlearn.errors.RuleError` or
        :class:`~mjlearn.errors.ArgumentError` says which discard is wrong.

        >>> import mjlearn as mj
        >>> wall = solo_wall(3, 1)
        >>> SoloHand.play("basic1", 3, 1, discards=[wall[13]], draws=2).discards == (wall[13],)
        True
        >>> SoloHand.play("basic1", 3, 1, discards=[], draws=2)
        Traceback (most recent call last):
        ...
        mjlearn.errors.ArgumentError: the hand stops after 0 discards, but it is neither completed nor at its last draw
        """
        from ..rules.bots import Bot
        from .arguments import count_argument

        card = as_card(card)
        draws = count_argument("draws", draws, minimum=1, maximum=MAX_DRAWS)
        deal = count_argument("deal", deal)
        thrown = tuple(as_tile(t) for t in discards)
        script = _Script(thrown)
        completed_at, away, decisions, _ = play_solo(script, solo_wall(seed, deal), draws, Bot(card, ruleset),
                                                     horizons=(draws,))
        if decisions != len(thrown):
            raise ArgumentError(f"the hand ended after {counted(decisions, 'discard')}, but {len(thrown)} were given")
        final = 0 if completed_at else away[0]
        return cls(int(seed), deal, draws, thrown, completed_at, final)

    def as_dict(self) -> dict:
        """The hand as plain JSON values (:meth:`from_dict` reads it back)."""
        return {"seed": self.seed, "deal": self.deal, "draws": self.draws,
                "discards": [t.notation for t in self.discards], "completed_at": self.completed_at, "away": self.away}

    @classmethod
    def from_dict(cls, data: Mapping, card: "Card | str | None" = None, ruleset: str = "NMJL") -> "SoloHand":
        """A hand from :meth:`as_dict`'s values; with ``card`` it is replayed and checked (:meth:`play`)."""
        try:
            seed, deal, draws, discards = data["seed"], data["deal"], data["draws"], data["discards"]
        except (KeyError, TypeError):
            raise ArgumentError(f"a solo hand needs seed, deal, draws and discards, not {shown(data)}") from None
        if card is not None:
            return cls.play(card, seed, deal, discards, draws, ruleset)
        return cls(int(seed), int(deal), int(draws), tuple(as_tile(t) for t in discards), int(data["completed_at"]),
                   int(data["away"]))


# -- long-run figures and bands --------------------------------------------------------------

@dataclass(frozen=True)
class Strength:
    """A player's long-run figures at one horizon: over ``deals`` deals it completed ``completed`` hands and
    ended ``away_mean`` tiles away on average after the last draw (standard deviation ``away_sd``)."""

    player: str
    draws: int
    deals: int
    completed: int
    away_mean: float
    away_sd: float

    @property
    def share(self) -> float:
        return self.completed / self.deals if self.deals else 0.0

    def band(self, hands: int, level: float = 0.8) -> tuple[int, int, float, float]:
        """Where a player of this strength lands over ``hands`` hands, ``level`` of the time: the hands it
        completes (low, high) and its mean tiles away (low, high).

        >>> Strength("coach", 24, 20000, 800, 2.9, 1.4).band(40)
        (0, 3, 2.62, 3.18)
        """
        low, high = binomial_range(hands, self.share, level)
        half = NormalDist().inv_cdf((1 + level) / 2) * self.away_sd / math.sqrt(hands) if hands else 0.0
        return low, high, round(max(0.0, self.away_mean - half), 2), round(self.away_mean + half, 2)


def _strengths_of(result: SoloResult, draws: int) -> dict[str, Strength]:
    h = result.draws.index(draws)
    found = {}
    for p, player in enumerate(result.players):
        away = result.away[p, h].astype(float)
        sd = float(away.std(ddof=1)) if len(away) > 1 else 0.0
        found[player] = Strength(player, draws, result.deals, int(result.completed(player, draws).sum()),
                                 round(float(away.mean()), 4), round(sd, 4))
    return found


def _fingerprint(card: "Card") -> str:
    """What identifies a card's figures: its MJCL text (so an edited card never reads another's)."""
    return hashlib.sha256(card.to_mjcl().encode()).hexdigest()[:16]


def benchmark_entry(result: SoloResult, note: str = "") -> dict:
    """A result's long-run figures as an entry of :data:`BENCHMARK_FILE` (``benchmarks/bench_solo.py --write``)."""
    return {
        "card": result.card.name, "fingerprint": _fingerprint(result.card), "ruleset": result.ruleset.name,
        "seed": result.seed, "deals": result.deals, "note": note,
        "players": {player: {str(d): [s.completed, s.away_mean, s.away_sd]
                             for d in result.draws for s in [_strengths_of(result, d)[player]]}
                    for player in result.players},
    }


def _bundled(card: "Card", ruleset: str, draws: int) -> dict[str, Strength] | None:
    from ..resources import data_dir

    path = data_dir("cards") / BENCHMARK_FILE
    if not path.is_file():
        return None
    entries = json.loads(path.read_text(encoding="utf-8"))["entries"]
    key = _fingerprint(card)
    for entry in entries:
        if entry["fingerprint"] == key and entry["ruleset"] == ruleset:
            found = {}
            for player, horizons in entry["players"].items():
                if str(draws) in horizons:
                    completed, mean, sd = horizons[str(draws)]
                    found[player] = Strength(player, draws, entry["deals"], completed, mean, sd)
            return found or None
    return None


def strengths(card: "Card | str", draws: int = 24, ruleset: str = "NMJL", benchmark: SoloResult | None = None,
              players: Sequence[str] = ("random", "bot", "coach")) -> dict[str, Strength]:
    """Each player's long-run :class:`Strength` at ``draws`` draws: from ``benchmark`` (a result over many
    deals), else the bundled figures, else :data:`FALLBACK_DEALS` deals played now (seed 0)."""
    from ..rules.ruleset import as_ruleset

    card = as_card(card)
    rules = as_ruleset(ruleset).name
    if benchmark is not None:
        if not isinstance(benchmark, SoloResult):
            raise ArgumentError(f"benchmark must be a SoloResult (mjlearn.analysis.solo), not {shown(benchmark)}")
        if draws not in benchmark.draws:
            raise ArgumentError(f"the benchmark measured {benchmark.draws} draws, not {draws}")
        return _strengths_of(benchmark, draws)
    found = _bundled(card, rules, draws)
    if found is not None and all(p in found for p in players):
        return {p: found[p] for p in players}
    measured = solo(card, players=tuple(players), deals=FALLBACK_DEALS, draws=sorted({draws, *DRAWS}), seed=0,
                    ruleset=rules)
    return _strengths_of(measured, draws)


# -- the score -------------------------------------------------------------------------------

@dataclass(frozen=True)
class SoloScore:
    """A learner's hands beside the players' on the same deals and the players' bands (:func:`score_hands`).

    ``same_deals`` maps each player to ``(completed, mean tiles away)`` on the learner's deals;
    ``strengths`` to its long-run :class:`Strength`.
    """

    card: str
    draws: int
    hands: int
    completed: int
    away: float
    same_deals: dict[str, tuple[int, float]] = field(repr=False)
    strengths: dict[str, Strength] = field(repr=False)
    level: float = 0.8

    @property
    def share(self) -> float:
        return self.completed / self.hands if self.hands else 0.0

    def bands(self) -> "pandas.DataFrame":
        """Per player: its long-run ``share`` and ``away``, and where it lands over this many hands ``level``
        of the time: ``completed_low``/``completed_high`` (hands) and ``away_low``/``away_high``."""
        import pandas as pd

        rows = []
        for player, strength in self.strengths.items():
            low, high, near, far = strength.band(self.hands, self.level)
            rows.append((player, strength.share, strength.away_mean, low, high, near, far))
        return pd.DataFrame(rows, columns=["player", "share", "away", "completed_low", "completed_high",
                                           "away_low", "away_high"])

    def sentence(self) -> str:
        """The learner's hands and the players' on the same deals, in one sentence."""
        you = (f"Your {counted(self.hands, 'hand')} of {self.draws} draws: {self.completed} completed ({self.share:.0%}),"
               f" {self.away:.1f} tiles away on average after the last draw.")
        others = [f"{_name(p)} {'completed ' if i == 0 else ''}{n} ({n / self.hands:.0%}, {away:.1f} tiles away)"
                  for i, (p, (n, away)) in enumerate(self.same_deals.items())]
        if not others:
            return you
        return you + " On the same deals " + listed(others) + "."

    def band_sentence(self) -> str:
        """Where each player lands over this many hands, 8 times in 10 (``level``)."""
        parts = []
        for row in self.bands().itertuples():
            hands = f"{row.completed_low}" if row.completed_low == row.completed_high else \
                f"{row.completed_low} to {row.completed_high}"
            parts.append(f"{_name(row.player)} completes {hands} and ends {row.away_low:.1f} to {row.away_high:.1f}"
                         f" tiles away")
        times = round(self.level * 10)
        return f"Over {counted(self.hands, 'hand')}, {times} times in 10 " + listed(parts) + "."

    def verdict(self) -> str:
        """Where the learner's mean tiles away stands among the players' long-run ones."""
        ranked = sorted(self.strengths.values(), key=lambda s: s.away_mean)  # nearest (strongest) first
        if not ranked:
            return ""
        if self.away <= ranked[0].away_mean:
            return f"You ended as near as {_name(ranked[0].player)} does, or nearer."
        for better, worse in zip(ranked, ranked[1:]):
            if self.away <= worse.away_mean:
                return f"You ended between {_name(worse.player)} and {_name(better.player)}."
        return f"You ended further away than {_name(ranked[-1].player)} does: keep the tiles your line needs."

    def __str__(self) -> str:
        return " ".join(part for part in (self.sentence(), self.band_sentence(), self.verdict()) if part)


def score_hands(card: "Card | str", hands: Iterable[SoloHand | Mapping], ruleset: str = "NMJL",
                benchmark: SoloResult | None = None, players: Sequence[str] = ("coach", "bot"),
                bands: Sequence[str] = ("coach", "bot", "random"), level: float = 0.8) -> SoloScore:
    """Score a learner's solitaire hands: beside ``players`` on the same deals, and in the ``bands`` of the
    players' long-run figures (:func:`strengths`) for that many hands.

    ``hands`` are :class:`SoloHand` (or their :meth:`SoloHand.as_dict`), all played to the same number of
    draws. The players play the learner's deals to that number of draws.

    >>> import mjlearn as mj
    >>> card = mj.load_card("basic1")
    >>> wall = solo_wall(0, 0)
    >>> hand = SoloHand.play(card, 0, 0, discards=[wall[13]], draws=2)
    >>> score = score_hands(card, [hand], players=("bot",), bands=())
    >>> score.hands, score.same_deals["bot"][0]
    (1, 0)
    """
    card = as_card(card)
    played = [h if isinstance(h, SoloHand) else SoloHand.from_dict(h) for h in hands]
    if not played:
        raise ArgumentError("score_hands needs at least one hand")
    horizons = {h.draws for h in played}
    if len(horizons) > 1:
        raise ArgumentError(f"the hands were played to different numbers of draws ({sorted(horizons)}): score"
                            f" each number apart")
    if not 0 < level < 1:
        raise ArgumentError(f"level must be between 0 and 1, not {shown(level)}")
    draws = horizons.pop()
    same: dict[str, list] = {p: [0, 0.0] for p in players}
    if players:
        by_seed: dict[int, list[int]] = {}
        for hand in played:
            deals = by_seed.setdefault(hand.seed, [])
            if hand.deal not in deals:
                deals.append(hand.deal)
        for seed, deals in by_seed.items():
            result = solo(card, players=tuple(players), deals=deals, draws=draws, seed=seed, ruleset=ruleset)
            counts = {hand_deal: sum(1 for h in played if (h.seed, h.deal) == (seed, hand_deal)) for hand_deal in deals}
            weights = [counts[d] for d in deals]  # a deal played twice by the learner counts twice for them too
            for p, player in enumerate(result.players):
                done = result.completed(player, draws)
                same[player][0] += int(sum(w for w, c in zip(weights, done) if c))
                same[player][1] += float(sum(w * a for w, a in zip(weights, result.away[p, 0])))
    n = len(played)
    found = strengths(card, draws, ruleset, benchmark, tuple(bands)) if bands else {}
    return SoloScore(card=card.name, draws=draws, hands=n, completed=sum(1 for h in played if h.completed_at),
                     away=round(sum(h.away for h in played) / n, 4),
                     same_deals={p: (int(c), round(a / n, 4)) for p, (c, a) in same.items()},
                     strengths={p: found[p] for p in bands if p in found}, level=level)
