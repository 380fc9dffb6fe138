"""Hand analysis: wins, distances to every line, dead lines and odds (numpy).

The card methods :meth:`Card.match <mjlearn.card.Card.match>` and
:meth:`Card.closest <mjlearn.card.Card.closest>` are the usual way in; this
package also offers batch work over many racks::

    >>> import numpy as np, mjlearn as mj
    >>> from mjlearn.analysis import batch_distances
    >>> card = mj.load_card("basic1")
    >>> racks = np.array([mj.Hand("FF 222B 444B 666B 888B").counts, mj.Hand("NNNN EEEE WWWW S J").counts])
    >>> batch_distances(card, racks)[:, :2].tolist()  # the first two lines of the card
    [[0, 8], [13, 13]]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..engine.checks import checked_racks
from ..resources import as_card
from .advice import suggest_pass
from .chances import LineChances, line_chances
from .coach_advice import discard_advice, outs, win_chances
from .closest import closest, needs_and_unused
from ..engine.compiled import CompiledCard
from .defence import danger, danger_table
from .horizon import expected_draws, horizon_words, seat_draws
from .matching import GroupFill, Win, match
from .odds import deal_racks, odds
from .position import Exposure, read_position
from .solo import RandomDiscarder, RolloutPlayer, SoloComparison, SoloResult, deal_seed, play_solo, solo, solo_wall

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card

__all__ = [
    "CompiledCard",
    "Exposure",
    "RandomDiscarder",
    "RolloutPlayer",
    "SoloComparison",
    "SoloResult",
    "GroupFill",
    "LineChances",
    "Win",
    "batch_distances",
    "check_racks",
    "closest",
    "danger",
    "danger_table",
    "deal_racks",
    "deal_seed",
    "expected_draws",
    "horizon_words",
    "discard_advice",
    "line_chances",
    "match",
    "odds",
    "outs",
    "play_solo",
    "needs_and_unused",
    "read_position",
    "seat_draws",
    "solo",
    "solo_wall",
    "suggest_pass",
    "win_chances",
]


def check_racks(racks) -> np.ndarray:
    """Racks as an ``[N, 36]`` int16 array, refusing impossible ones (naming the first bad row):
    :func:`mjlearn.engine.checks.checked_racks`."""
    return checked_racks(racks)


def batch_distances(card: "Card", racks, ruleset=None, executor=None, progress: bool = False) -> np.ndarray:
    """Distances ``[N, lines]`` from many racks (``[N, 36]`` counts, jokers last, no exposures) to every line.

    ``executor`` (any ``concurrent.futures.Executor``) spreads the racks over
    workers in chunks: ``ThreadPoolExecutor(os.cpu_count())`` uses every core when
    numba is installed (``mjlearn[fast]``), a process pool or Dask's
    ``client.get_executor()`` works too. The result is the same. ``progress``
    shows a bar as the chunks finish.
    """
    from ..parallel import executor_argument
    from .arguments import flag_argument, ruleset_argument

    compiled = as_card(card).compiled(ruleset_argument(ruleset))
    executor = executor_argument(executor)
    return compiled.line_distances(check_racks(racks), executor=executor, progress=flag_argument("progress", progress))
