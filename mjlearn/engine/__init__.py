"""The position engine: how far racks are from a card's hands, fast, for every layer above it.

Everything mjlearn computes about "tiles away" is computed here, to one
specification (:mod:`mjlearn.engine.tiles_away`: the definition, the formula and
the slow reference every implementation is tested against). The analysis
(tables, odds, chances), the players (:class:`~mjlearn.rules.Bot`,
:class:`~mjlearn.rules.CoachBot`), the game (dead hands) and the widgets read
it; the players only decide.

Modules, bottom to top:

- :mod:`~mjlearn.engine.tiles_away`: the specification, :func:`tiles_away`, :func:`reference_distance`;
- :mod:`~mjlearn.engine.memo`: :class:`Memo`, the named and bounded memos every layer keeps;
- :mod:`~mjlearn.engine.checks`: :func:`as_counts` and :func:`checked_seen`, the checks of the racks and the
  tiles seen that the players' public methods give the compiled loops (which run without bounds checks);
- :mod:`~mjlearn.engine.exposure`: :class:`Exposure`, an exposed group;
- :mod:`~mjlearn.engine.liveness`: :class:`LiveHands`, which hands the tiles still available can complete;
- :mod:`~mjlearn.engine.kernel`: the batch kernel, many racks to every line;
- :mod:`~mjlearn.engine.compiled`: :class:`CompiledCard`, a card as arrays, and its :class:`ExposedRows`;
- :mod:`~mjlearn.engine.views`: :class:`View` and :class:`Position`, a rack in play, :func:`discard_ranks`,
  :func:`call_options`;
- :mod:`~mjlearn.engine.card_engine`: :class:`BotEngine` and :func:`engine_for`, a card's views shared by its
  players;
- :mod:`~mjlearn.engine.loops`: which engine runs the innermost loops (numba when installed, else numpy);
  the compiled loops are in ``_numba``, imported on first use.

The engine sits between the cards (``resources``) and the analysis in the layer
order: it imports numpy (and numba, lazily), never the analysis, the rules or
anything above them (``tests/test_layers.py``). ``import mjlearn`` does not load it.

>>> import mjlearn as mj
>>> from mjlearn.engine import engine_for
>>> engine_for("basic1").view(()).n
308
"""

from __future__ import annotations

from .card_engine import ENGINES, VIEWS, BotEngine, engine_for
from .compiled import EXPOSED_ROWS, NATURAL_KINDS, THERMOMETER_BITS, CompiledCard, ExposedRows, counts_of, \
    exposed_counts, exposure_key, thermometer
from .checks import checked_seen, seen_argument
from .exposure import Exposure
from .kernel import KernelTables, line_distances
from .liveness import LiveHands, available_counts, available_tiles, shared_live_hands, shortfalls
from .loops import compiled_loops, engines
from .memo import Memo, memos
from .tiles_away import HAND_SIZE, reference_distance, reference_fill, tiles_away
from .views import FAR, JOKER, NO_TILE, OFFSET, Position, View, as_counts, call_options, discard_ranks, ranks_engine, \
    seat_exposures, step_from, thermometer_bits

__all__ = [
    "BotEngine", "CompiledCard", "ENGINES", "EXPOSED_ROWS", "ExposedRows", "Exposure", "FAR", "HAND_SIZE", "JOKER",
    "KernelTables", "LiveHands", "Memo", "NATURAL_KINDS", "NO_TILE", "OFFSET", "Position", "THERMOMETER_BITS",
    "VIEWS", "View", "as_counts", "available_counts", "available_tiles", "call_options", "checked_seen", "compiled_loops",
    "counts_of", "discard_ranks", "engine_for", "engines", "exposed_counts", "exposure_key", "line_distances",
    "memos", "ranks_engine", "reference_distance", "reference_fill", "seat_exposures", "seen_argument", "shared_live_hands",
    "shortfalls", "step_from", "thermometer", "thermometer_bits", "tiles_away",
]
