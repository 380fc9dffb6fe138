"""Many bot games at once: who wins, with which lines, and how often the wall runs out.

:func:`simulate` plays ``games`` complete games (Charleston included) with
four :class:`~mjlearn.rules.bots.Bot` players and sums them up in a
:class:`SimulationReport`:

>>> import mjlearn as mj
>>> report = simulate(mj.load_card("basic1"), games=4, seed=1, progress=False)
>>> report.games, len(report.records)
(4, 4)
>>> sorted(report.table().columns[:4])
['category', 'line', 'share', 'wins']

Game ``i`` is ``run_game(card, ruleset, seed=report.records.seed[i])``: any
game of a report can be replayed, move by move, from its seed.

:func:`tiles_in_game` counts every tile of a game wherever it is (racks,
exposures, discards, wall): at every step of every game it is the 152-tile set.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..analysis.stats import wilson as _wilson
from ..errors import ArgumentError
from ..resources import as_card
from ..tiles import COPIES, NUM_KINDS, Tile
from .ruleset import NMJL, Ruleset, as_ruleset
from .setup import SEATS, seed_or_fresh

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..card import Card
    from .game import Game

__all__ = ["simulate", "SimulationReport", "tiles_in_game", "game_record", "chunk_games", "RECORD_COLUMNS", "FULL_SET",
           "CHUNK_GAMES"]

FULL_SET: list[int] = list(COPIES)
"""The 152-tile set as 36 counts: what :func:`tiles_in_game` returns at every step of a game."""

RECORD_COLUMNS = ["seed", "winner", "how", "discarder", "line_index", "category", "line", "value", "score",
                  "jokerless", "exposures", "turns", "wall_left"]
"""One row per simulated game (see :func:`game_record`)."""


def tiles_in_game(game: "Game") -> list[int]:
    """Every tile of a game, wherever it lies now (racks, exposures, discards, wall), as 36 counts.

    At every step of a game this is the 152-tile set (``list(mjlearn.tiles.COPIES)``).
    """
    counts = [0] * NUM_KINDS
    for rack in game.racks:
        for kind, n in enumerate(rack.counts):
            counts[kind] += n
    for groups in game.exposures:
        for group in groups:
            counts[int(group.tile)] += group.size - group.jokers
            counts[Tile.JOKER] += group.jokers
    for _, tile in game.discards:
        counts[int(tile)] += 1
    for tile in game.wall:
        counts[int(tile)] += 1
    return counts


def game_record(game: "Game") -> tuple:
    """A finished game as one row of :data:`RECORD_COLUMNS`."""
    result = game.result
    if result is None:
        raise ArgumentError(f"game_record needs a finished game; this one is still in its {game.phase!r} phase")
    exposures = sum(len(groups) for groups in game.exposures)
    payout = result.payout
    if result.winner is None or payout is None or payout.line is None:
        return (game.seed, -1, "wall", -1, -1, "", 0, 0, 0, False, exposures, game.turns, game.wall_left)
    line = payout.line
    index = next((i for i, known in enumerate(game.card.lines) if known == line), -1)
    discarder = payout.discarder if payout.discarder is not None else -1
    return (game.seed, result.winner, result.how, discarder, index, line.category, line.number, line.value,
            payout.score, bool(line.jokerless), exposures, game.turns, game.wall_left)


def _play(card: "Card", rules: Ruleset, seeds: list[int]) -> list[tuple]:
    from .bots import run_game

    return [game_record(run_game(card, rules, seed)) for seed in seeds]


@dataclass
class SimulationReport:
    """What :func:`simulate` found. ``records`` has one row per game (:data:`RECORD_COLUMNS`).

    Shares of wins (``east_share``, ``self_drawn_share``, ``jokerless_share``,
    the ``share`` column of :meth:`table`) are fractions of the games that
    someone won; rates (``wall_rate``, the ``rate`` column) are fractions of
    all games.
    """

    card: "Card"
    ruleset: Ruleset
    seed: int
    records: "pandas.DataFrame" = field(repr=False)
    seconds: float = 0.0

    # -- the figures ------------------------------------------------------------
    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def won(self) -> "pandas.DataFrame":
        """The games someone won."""
        return self.records[self.records.winner >= 0]

    @property
    def wins(self) -> int:
        return len(self.won)

    @property
    def wall_rate(self) -> float:
        """Share of games that ended with the wall (nobody won)."""
        return 1 - self.wins / self.games if self.games else 0.0

    @property
    def wins_by_seat(self) -> list[int]:
        """Wins of East, South, West and North."""
        counts = Counter(self.won.winner.tolist())
        return [counts.get(seat, 0) for seat in range(4)]

    @property
    def east_share(self) -> float:
        """East's share of the games won."""
        return self.wins_by_seat[0] / self.wins if self.wins else 0.0

    @property
    def east_advantage(self) -> float:
        """East's share of the wins minus 1/4 (what a seat would win if the seats were equal)."""
        return self.east_share - 0.25

    @property
    def east_interval(self) -> tuple[float, float]:
        """A 95% interval (Wilson) for East's advantage."""
        low, high = _wilson(self.wins_by_seat[0], self.wins)
        return (low - 0.25, high - 0.25)

    @property
    def mean_turns(self) -> float:
        """Average game length in turns (draws and calls: each starts a turn)."""
        return float(self.records.turns.mean()) if self.games else 0.0

    @property
    def hows(self) -> dict[str, int]:
        """How the games ended: "discard", "self-drawn", "joker-exchange" or "wall", with counts."""
        return dict(Counter(self.records.how.tolist()))

    @property
    def self_drawn_share(self) -> float:
        """Share of the wins made on one's own draw (a Mah Jongg right after a joker exchange included)."""
        if not self.wins:
            return 0.0
        return float(self.won.how.isin(["self-drawn", "joker-exchange"]).mean())

    @property
    def jokerless_share(self) -> float:
        """Share of the wins that used no joker."""
        return float(self.won.jokerless.mean()) if self.wins else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("nan")

    # -- tables and text -----------------------------------------------------------
    def table(self) -> "pandas.DataFrame":
        """Wins per line of the card, most first: ``category``, ``line``, ``wins``, ``share`` (of the wins),
        ``rate`` (of all games), ``value``, ``mjcl``. Lines nobody won with are listed with 0."""
        import pandas as pd

        counts = Counter(self.won.line_index.tolist())
        rows = []
        for index, line in enumerate(self.card.lines):
            n = counts.get(index, 0)
            rows.append((line.category, line.number, n, n / self.wins if self.wins else 0.0,
                         n / self.games if self.games else 0.0, line.value, line.mjcl))
        frame = pd.DataFrame(rows, columns=["category", "line", "wins", "share", "rate", "value", "mjcl"])
        frame = frame.sort_values("wins", ascending=False, kind="stable").reset_index(drop=True)
        return frame

    @property
    def lines(self) -> "pandas.DataFrame":
        """Win rate per line: the same as :meth:`table`."""
        return self.table()

    def summary(self, top: int = 5, timing: bool = True) -> str:
        """The figures in a few lines of text; ``timing=False`` leaves out the run time (for notebooks
        whose outputs must be the same on every run)."""
        low, high = self.east_interval
        by_seat = ", ".join(f"{SEATS[s]} {n}" for s, n in enumerate(self.wins_by_seat))
        lines = [
            f"{self.games} games on {self.card.name} under {self.ruleset.name} (seed {self.seed})",
            f"wall games: {self.wall_rate:.1%}",
            f"wins by seat: {by_seat}",
            f"East's advantage: {self.east_advantage:+.3f} (95% interval {low:+.3f} to {high:+.3f})",
            f"average game: {self.mean_turns:.1f} turns",
            f"self-drawn: {self.self_drawn_share:.1%} of wins; jokerless: {self.jokerless_share:.1%} of wins",
        ]
        if self.seconds and timing:
            lines.append(f"time: {self.seconds:.1f} s ({self.games_per_second:.1f} games/s)")
        table = self.table().head(top)
        table = table[table.wins > 0]
        if len(table):
            lines.append("top winning lines:")
            for row in table.itertuples():
                lines.append(f"  {row.category} #{row.line}: {row.wins} wins ({row.share:.1%} of wins)")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()


def simulate(
    card: "Card",
    games: int = 1000,
    ruleset: Ruleset | str = NMJL,
    seed: int | None = 0,
    progress: bool | None = None,
    workers: int = 1,
    executor=None,
) -> SimulationReport:
    """Play ``games`` complete bot games and report wins per line, wall games, East's advantage and more.

    ``card`` is a :class:`~mjlearn.Card`, the name of a bundled card or the path of a ``.mjcl`` file. The
    seeds of all the games are drawn from ``seed`` first, so the same ``seed`` gives the same report however
    the games are run; ``seed=None`` draws a fresh seed (the report's ``seed`` says which).
    ``progress`` shows a bar (tqdm: a widget in Jupyter; ``None``: for runs of 200 games or more at a
    terminal or in a notebook). ``executor`` runs chunks of games on any
    ``concurrent.futures.Executor``: a ``ProcessPoolExecutor`` for the cores of one machine, or
    ``distributed.Client(...).get_executor()`` for a Dask cluster (``docs/cluster.md``).
    ``workers`` > 1 without an executor plays the games in a pool of that many processes.
    """
    import time

    import pandas as pd

    from ..parallel import executor_argument, iter_chunks

    card, seed = as_card(card), seed_or_fresh(seed)
    rules = as_ruleset(ruleset)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ArgumentError(f"games must be a whole number, 0 or more, not {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ArgumentError(f"workers must be a whole number, 1 or more, not {workers!r}")
    executor = executor_argument(executor)
    draw = random.Random(seed)
    seeds = [draw.getrandbits(32) for _ in range(games)]
    if progress is None:
        progress = _long_run(games)
    size = chunk_games(games)
    chunks = [seeds[i : i + size] for i in range(0, games, size)]
    start = time.perf_counter()
    records: list[tuple] = []
    own = None
    if executor is None and workers > 1 and len(chunks) > 1:
        own = executor = _process_pool(workers)
    try:
        if executor is None:
            card.compiled(rules)
            function, arguments = _play, [(card, rules, part) for part in chunks]
        else:  # the card travels as its MJCL text (small); each process reads and compiles it once
            text = card.to_mjcl()
            function, arguments = _play_card_text, [(text, rules, part) for part in chunks]
        for part in iter_chunks(function, arguments, executor, progress, total=games,
                                sizes=[len(part) for part in chunks], desc=f"{rules.name} games", unit="game"):
            records.extend(part)
    finally:
        if own is not None:
            own.shutdown(cancel_futures=True)
    seconds = time.perf_counter() - start
    frame = pd.DataFrame(records, columns=RECORD_COLUMNS)
    return SimulationReport(card=card, ruleset=rules, seed=seed, records=frame, seconds=seconds)


CHUNK_GAMES = 250
"""Most games in one chunk of :func:`simulate`'s work (a chunk is one task for an executor)."""


def chunk_games(games: int) -> int:
    """Games per chunk for a run of ``games``: about 32 chunks, 1 to :data:`CHUNK_GAMES` games each.

    It depends on the number of games only, never on the executor; and since every game has its own
    seed, the records would be the same with any other size.

    >>> chunk_games(10), chunk_games(1000), chunk_games(1_000_000)
    (1, 32, 250)
    """
    return max(1, min(CHUNK_GAMES, -(-games // 32)))


def _long_run(games: int) -> bool:
    """Whether a run of ``games`` shows a progress bar by default: 200 games or more, at a terminal or in
    a notebook."""
    if games < 200:
        return False
    if sys.stderr.isatty():
        return True
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return type(shell).__name__ == "ZMQInteractiveShell"


def _process_pool(workers: int):
    """A pool of ``workers`` processes (forked where the system can: they start at once)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method))


_CARDS: dict[str, "Card"] = {}
"""Cards read from MJCL text in this process (a worker's), so that each is parsed and compiled once."""


def _play_card_text(text: str, rules: Ruleset, seeds: list[int]) -> list[tuple]:
    """:func:`_play` for a card given as MJCL text: the work of one chunk in a worker process."""
    card = _CARDS.get(text)
    if card is None:
        from ..card import parse_card

        if len(_CARDS) > 8:
            _CARDS.clear()
        card = _CARDS[text] = parse_card(text)
    return _play(card, rules, seeds)
