"""A card's engine for the players: its views, built once and shared by every player of the card.

:func:`engine_for` gives the :class:`BotEngine` of a card under a ruleset (one
per compiled card, :data:`ENGINES`); the players of a card, in one game or
many, share its views (:data:`VIEWS`), so a set of exposures met once is
ready for every later game.

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> engine = engine_for(card)
>>> engine is engine_for(card, "NMJL"), engine.view(()).n
(True, 308)
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING

import numpy as np

from ..errors import ArgumentError
from ..resources import as_card
from .compiled import NATURAL_KINDS
from .liveness import LiveHands, shortfalls
from .memo import Memo
from . import loops
from .tiles_away import tiles_away
from .views import _OFFSETS, FAR, JOKER, NO_TILE, OFFSET, Position, View, as_counts, discard_ranks

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card
    from .compiled import CompiledCard

__all__ = ["BotEngine", "ENGINES", "VIEWS", "engine_for"]

_GROUP_SIZES: dict[int, tuple[int, ...]] = {}  # a bit mask of group sizes (bit s: size s) -> the sizes, ascending
_SHIFT = 1 << 20  # packs (distance, hand index) into one sortable integer
_LIVE_KEPT = 4096  # exposure sets whose liveness a thread keeps up to date (as many as views)

VIEWS = Memo("views", maxsize=4096)
"""Per compiled card, the :class:`~mjlearn.engine.views.View` of each set of exposures the players met."""

ENGINES = Memo("bot engines", maxsize=64)
"""The :class:`BotEngine` of the last 64 compiled cards the players used (by identity; an engine holds its
card, so these are kept by ``id`` and checked, not held weakly by the card)."""


class BotEngine:
    """Per-card data the players share: the views of each exposure set, built once.

    ``card`` is a :class:`~mjlearn.Card` (or a bundled card's name, or a ``.mjcl`` path), ``ruleset`` the
    ruleset it is compiled for (a name or a ruleset; MAHJ-X runs also count downwards).
    """

    def __init__(self, card: "Card", ruleset=None):
        self.card = card = as_card(card)
        self.compiled: "CompiledCard" = card.compiled(ruleset)
        self.ruleset = ruleset
        self._threads = threading.local()  # .live: view key -> its hands' liveness, kept up to date in this thread

    def __reduce__(self):
        """Pickled as its card and ruleset: unpickled, it is the receiving process's shared engine of that card
        (:func:`engine_for`), whose views and liveness are built there afresh (a thread's liveness cannot be
        sent).

        >>> import pickle
        >>> engine = engine_for("basic1")
        >>> copy = pickle.loads(pickle.dumps(engine))
        >>> copy.card.lines == engine.card.lines and copy.compiled.num_hands == engine.compiled.num_hands
        True
        """
        return engine_for, (self.card, self.ruleset)

    def view(self, key: tuple[tuple[int, int], ...] = ()) -> View:
        """The :class:`~mjlearn.engine.views.View` of a set of exposures' key
        (:func:`~mjlearn.engine.compiled.exposure_key`)."""
        compiled = self.compiled
        return VIEWS.get(compiled, key, lambda: View(compiled, key))

    def live_hands(self, view: View) -> LiveHands:
        """The :class:`~mjlearn.engine.liveness.LiveHands` of a view, shared by the players of the card
        that play in this thread: seats that see the same tiles find it up to date, and the others update
        only the kinds that differ. (Each thread has its own: games played at once in threads of one
        process never change each other's.)"""
        kept = getattr(self._threads, "live", None)
        if kept is None:
            kept = self._threads.live = {}
        live = kept.get(view.key)
        if live is None:
            if len(kept) > _LIVE_KEPT:
                kept.clear()
            live = kept[view.key] = LiveHands(view.rest, view.small, view.rest_t, view.small_t)
        return live

    def dead_far(self, view: View, available: Sequence[int]) -> np.ndarray | None:
        """:data:`~mjlearn.engine.views.FAR` for each of the view's hands that the tiles ``available`` (36 counts,
        none below 0) cannot complete and 0 for the others (``[n]`` int16: what puts dead hands behind in a list of
        distances; kept by the engine until the next look: do not change it), or ``None`` when no hand is
        live.

        Both engines update the view's liveness in this thread from its last look, for the kinds whose
        count changed (numpy: :meth:`live_hands`; the compiled loops keep their own, kind by kind).
        """
        compiled = loops.compiled_loops()
        if compiled is None:
            live = self.live_hands(view)
            live.mask(available)
            return live.dead_far(FAR) if live.some else None
        state = self._live_state(view)
        some = compiled.live_update(np.array(available, dtype=np.int64), *state.arguments())
        return state.penalty if some else None

    def live_arguments(self, view: View) -> tuple:
        """With numba, the arguments of the view's compiled liveness in this thread after the tiles available:
        ``(fresh, seen, short, lacking, ptr, hands, rest, small, far, penalty)``, what a compiled loop that
        brings it up to date reads and updates (``mjlearn.engine._numba.live_update``, which :meth:`dead_far`
        calls; ``coach_first`` calls it too). The loop must be called: the state counts as looked at."""
        return self._live_state(view).arguments()

    def _live_state(self, view: View) -> "_LiveState":
        """The compiled liveness of a view in this thread (as :meth:`live_hands` for numpy)."""
        kept = getattr(self._threads, "states", None)
        if kept is None:
            kept = self._threads.states = {}
        state = kept.get(view.key)
        if state is None:
            if len(kept) > _LIVE_KEPT:
                kept.clear()
            state = kept[view.key] = _LiveState(view)
        return state

    def best_discards(self, position: Position, available: Sequence[int] | None, count: int) -> list[int] | None:
        """The natural kinds a 14-tile rack (a :class:`~mjlearn.engine.views.Position` with a natural tile and
        an allowed hand) may best throw, tied (card order), or ``None`` when a joker had better go.

        Each candidate is ranked by the distances of the ``count`` nearest lines once it is gone
        (:func:`~mjlearn.engine.views.discard_ranks`; with tiles ``available``, dead hands stand
        :data:`~mjlearn.engine.views.FAR` behind), then by how few of the nearest hands (within one of the
        nearest) use every copy of it. A joker goes only if every natural tile would cost more than it.
        The compiled loops do it all in one pass; numpy step by step (the same answer).
        """
        view, counts = position.view, position.counts
        compiled = loops.compiled_loops()
        if compiled is not None:
            out = np.empty(NATURAL_KINDS, dtype=np.int64)
            live = available is not None
            state = self._live_state(view)
            tied = compiled.best_discards(np.array(counts, dtype=np.int64),
                                          np.array(available if live else counts, dtype=np.int64), live,
                                          *state.arguments(live), position.distance, position.sums, view.codes,
                                          view.small_size, view.lines, view.starts, view.remaining, view.uses_t,
                                          _OFFSETS, NO_TILE, count, out)
            return None if tied < 0 else out[:tied].tolist()
        current = position.distance
        if available is not None:
            penalty = self.dead_far(view, available)
            if penalty is not None:  # dead hands stand FAR behind
                current = current + penalty
        kinds = list(compress(range(NATURAL_KINDS), counts))
        jokers = counts[JOKER]
        bits = [OFFSET[k] + counts[k] - 1 for k in kinds]
        if jokers:
            bits.append(NO_TILE)  # the last candidate keeps the naturals and throws a joker
        ranked = discard_ranks(current, position.distance, position.sums, view, bits, jokers, count).tolist()
        if jokers and ranked[-1][0] < min(row[0] for row in ranked[:-1]):
            return None
        lowest = min(ranked[: len(kinds)])
        best = [k for k, row in zip(kinds, ranked) if row == lowest]
        if len(best) > 1:  # then the tiles that the fewest of the nearest hands use every copy of
            nearest = (current <= int(current.min()) + 1).nonzero()[0]
            held = np.array([counts[k] for k in best], dtype=np.int16)[:, None]
            uses = view.uses_t.take(best, axis=0).take(nearest, axis=1)
            wanted = np.add.reduce(uses >= held, axis=1).tolist()
            fewest = min(wanted)
            best = [k for k, w in zip(best, wanted) if w == fewest]
        return best

    def turn_discards(self, near: Position, step: tuple[int, int], counts: tuple[int, ...], available: Sequence[int],
                      count: int) -> tuple[Position, int, list[int] | None]:
        """A turn's look at a 14-tile rack ``counts`` that is ``near``'s rack with one natural tile more or fewer
        (``step``: the thermometer row and sign of :func:`~mjlearn.engine.views.step_from`; the view must allow
        some hand): its :class:`~mjlearn.engine.views.Position`, then ``-2`` if the rack wins, ``-3`` if it holds
        no natural tile, else ``len`` of what :meth:`best_discards` gives with tiles ``available`` and ``count``
        lines (``-1`` and ``None`` for a joker), and that list. The compiled loops do it in one call (the
        position, the win, the live hands and the ranking); numpy step by step, the same figures.

        >>> import mjlearn as mj
        >>> from mjlearn.engine.views import step_from
        >>> engine = engine_for(mj.load_card("basic1"))
        >>> near = Position(engine.view(()), mj.Hand("FF 222B 444B 666B 88B").counts)
        >>> rack = mj.Hand("FF 222B 444B 666B 888B").counts
        >>> engine.turn_discards(near, step_from(near, rack), rack, [4] * 35 + [8], 3)[1]   # it wins
        -2
        """
        view = near.view
        compiled = loops.compiled_loops()
        if compiled is None:
            position = Position(view, counts, near)
            if position.best == 0:
                return position, -2, None
            if not any(counts[:NATURAL_KINDS]):
                return position, -3, None
            best = self.best_discards(position, available, count)
            return position, -1 if best is None else len(best), best
        n = view.n
        sums = np.empty(2 * n, dtype=np.int16)
        distance = np.empty(n, dtype=np.int16)
        out = np.empty(NATURAL_KINDS, dtype=np.int64)
        state = self._live_state(view)
        fresh = state.fresh
        state.fresh = False
        needs = state.needs
        tied, best = compiled.turn_discards(near.sums, step[0], step[1], sums, distance,
                                            np.array(counts, dtype=np.int64), np.array(available, dtype=np.int64),
                                            fresh, state.seen, state.short, state.lacking, needs[0], needs[1],
                                            needs[2], needs[3], FAR, state.penalty, view.codes, view.small_size,
                                            view.lines, view.starts, view.remaining, view.uses_t, _OFFSETS, NO_TILE,
                                            count, out)
        position = Position._made(view, counts, sums, distance, best)
        return position, tied, out[:tied].tolist() if tied > 0 else None

    def nearest_groups(self, position: Position, available: Sequence[int] | None, tile: int) -> tuple[int, list[int]]:
        """The distance to the nearest live hands of a position (to the nearest of all when none is live or
        ``available`` is ``None``), and the sizes (ascending) of the groups of ``tile`` that those hands hold
        where their lines allow exposures: what a call of ``tile`` could expose on the way to them."""
        view = position.view
        compiled = loops.compiled_loops()
        if compiled is not None:
            live = available is not None
            state = self._live_state(view)
            nearest, found = compiled.nearest_groups(np.array(available if live else position.counts, dtype=np.int64),
                                                     live, *state.arguments(live), position.distance,
                                                     view.hand_groups, view.concealed, tile)
            sizes = _GROUP_SIZES.get(found)
            if sizes is None:
                sizes = _GROUP_SIZES[found] = tuple(size for size in range(3, 16) if found >> size & 1)
            return int(nearest), list(sizes)
        current = position.distance
        if available is not None:
            penalty = self.dead_far(view, available)
            if penalty is not None:  # the nearest live hands: dead ones stand FAR behind
                current = current + penalty
        nearest = int(current.min())
        target = current == nearest
        return nearest, sorted(size for size, has in view.groups.get(tile, ()) if (has & target).any())

    def best_after(self, counts: Sequence[int], key: tuple[tuple[int, int], ...], available: Sequence[int] | None) -> int:
        """The distance from a rack (36 counts) with exposures of ``key`` to the nearest live hand they allow (the
        nearest of all when none is live or ``available`` is ``None``; 99 when they allow none): what
        :meth:`~mjlearn.rules.Bot.best_distance` finds, straight from the exposures' rows
        (:meth:`~mjlearn.engine.compiled.CompiledCard.exposed_rows`) without a
        :class:`~mjlearn.engine.views.View`. A player weighing a call asks it of exposures it may never
        show: a view (its thermometer rows, its groups, its liveness kept up to date) costs far more to build
        than this one look. The compiled loops do it in one pass (``_numba.best_after``); numpy step by step
        gives the same distance.

        >>> import mjlearn as mj
        >>> engine = engine_for(mj.load_card("basic1"))
        >>> pung_of_8b = ((int(mj.Tile.from_notation("8B")), 3),)
        >>> engine.best_after(list(mj.Hand("FF 222B 444B 66B N").counts), pung_of_8b, None)   # (8B exposed)
        1
        """
        rows = self.compiled.exposed_rows(key)
        if not len(rows.hand):
            return 99
        compiled = loops.compiled_loops()
        if compiled is not None:  # (the same distance in one pass)
            live = available is not None
            return int(compiled.best_after(np.array(counts, dtype=np.int64), rows.rest, rows.small, rows.remaining,
                                           rows.small_size, np.array(available if live else counts, dtype=np.int64),
                                           live))
        naturals = np.asarray(counts[:NATURAL_KINDS], dtype=np.int16)
        kinds = naturals.nonzero()[0]
        held = naturals[kinds]
        placed = np.minimum(np.maximum(rows.rest[:, kinds], 0), held).sum(axis=1, dtype=np.int16)  # M_t
        placed_small = np.minimum(rows.small[:, kinds], held).sum(axis=1, dtype=np.int16)  # M_s
        distance = tiles_away(rows.remaining - counts[JOKER], placed, rows.small_size, placed_small)
        if available is not None:
            short, lacking = shortfalls(rows.rest, rows.small, np.asarray(available, dtype=np.int16))
            live = (lacking == 0) & (short <= max(available[JOKER], 0))
            if live.any():
                return int(distance[live].min())
        return int(distance.min())

    # -- the Charleston: ranked by tiles missing, fast -----------------------
    def pass_kinds(self, counts: Sequence[int], lines: int = 3, count: int = 3) -> list[int]:
        """The kinds of the first ``count`` tiles :meth:`pass_scores` ranks (the bots' Charleston pass), without
        the rest of its answer.

        >>> import mjlearn as mj
        >>> engine = engine_for(mj.load_card("basic1"))
        >>> rack = mj.Hand("FF 1B 4C 5C 6C 7C 8C 9C 6D S JJ").counts
        >>> engine.pass_kinds(rack) == [k for _, k, _ in engine.pass_scores(rack)[0][:3]]
        True
        """
        found = self._compiled_pass(counts, lines)
        if found is not None:
            rows, ranked = found[0] % 1000, found[3]
            return ranked[:min(rows, count), 1].tolist()
        return [k for _, k, _ in self.pass_scores(counts, lines)[0][:count]]

    def offer_kinds(self, counts: Sequence[int], lines: int = 3, margin: int = 2) -> list[int]:
        """The kinds of a negotiated swap's offer (the bots' :meth:`~mjlearn.rules.bots.Bot.choose_offer`): of the
        tiles :meth:`pass_scores` ranks, best first, the first three that every one of the nearest ``lines``
        lines within ``margin`` tiles of the nearest leaves unused (copy by copy), from the compiled ranking's
        arrays without :meth:`pass_scores`'s lists and masks.

        >>> import mjlearn as mj
        >>> engine = engine_for(mj.load_card("basic1"))
        >>> rack = mj.Hand("FF 1B 4C 5C 6C 7C 8C 9C 6D S JJ").counts
        >>> ranked, distances, unused = engine.pass_scores(rack)
        >>> spare = unused[distances <= distances[0] + 2].min(axis=0)
        >>> engine.offer_kinds(rack) == [k for _, k, copy in ranked if copy < spare[k]][:3]
        True
        """
        found = self._compiled_pass(counts, lines)
        if found is None:
            ranked, distances, unused = self.pass_scores(counts, lines)
            spare = unused[distances <= distances[0] + margin].min(axis=0)
            return [k for _, k, copy in ranked if copy < spare[k]][:3]
        code, chosen, unused, ranked = found
        nearest, rows = divmod(code, 1000)
        keys = chosen[:nearest].tolist()
        within = (keys[0] // _SHIFT + margin + 1) * _SHIFT  # (the keys come nearest first: the close ones lead)
        close = sum(1 for key in keys if key < within)
        spare = (unused[0] if close == 1 else unused[:close].min(axis=0)).tolist()
        kinds = []
        for _, k, copy in ranked[:rows].tolist():
            if copy < spare[k]:
                kinds.append(k)
                if len(kinds) == 3:
                    break
        return kinds

    def _compiled_pass(self, counts: Sequence[int], lines: int) -> tuple | None:
        """The compiled ranking of :meth:`pass_scores` (``None`` without numba, or with no hand on the card):
        ``(code, chosen, unused, ranked)``, where ``divmod(code, 1000)`` is ``(lines found, tiles ranked)``."""
        counts = as_counts(counts)  # (checked: the compiled loop indexes its tables by them)
        if isinstance(lines, bool) or not isinstance(lines, (int, np.integer)) or lines < 1:
            raise ArgumentError(f"lines must be a whole number from 1, not {lines!r}")
        view = self.view(())
        compiled = loops.compiled_loops()
        if compiled is None or not view.n:
            return None
        chosen = np.empty(lines, dtype=np.int64)
        unused = np.empty((lines, NATURAL_KINDS), dtype=np.int16)
        ranked = np.empty((sum(counts[:NATURAL_KINDS]), 3), dtype=np.int64)
        code = compiled.pass_scores(np.array(counts, dtype=np.int64), _OFFSETS, view.codes, view.remaining,
                                    view.small_size, view.starts, view.seg_value, view.rest, lines, chosen, unused,
                                    ranked)
        return code, chosen, unused, ranked

    def pass_scores(
        self, counts: Sequence[int], lines: int = 3
    ) -> tuple[list[tuple[int, int, int]], np.ndarray, np.ndarray]:
        """Every natural rack tile (copy by copy) ranked as :func:`~mjlearn.analysis.advice.nearest_lines_pass`
        ranks them (the bots' Charleston pass, :func:`~mjlearn.rules.bots.fast_suggest_pass`).

        Returns ``(ranked, distances, unused)``: ``ranked`` lists ``(-score,
        tile, copy)`` best first; ``distances`` are those of the nearest
        ``lines`` lines, nearest first, and ``unused`` (``[lines, 35]``) the
        rack's naturals that each of their nearest hands leaves unused.
        """
        compiled_pass = self._compiled_pass(counts, lines)
        if compiled_pass is not None:
            code, chosen, unused, ranked = compiled_pass
            found, rows = divmod(code, 1000)
            return list(map(tuple, ranked[:rows].tolist())), chosen[:found] // _SHIFT, unused[:found]
        view = self.view(())
        distance = view.distances(view.sums(counts), counts[JOKER])
        keys = distance.astype(np.int64) * _SHIFT + view.positions
        best = view.line_best(keys)
        order = np.lexsort((view.seg_line, view.seg_rank, best // _SHIFT))[:lines]
        chosen = best[order]  # (positions in the view of every hand: the card's hand numbers)
        # what each nearest hand leaves unused: the naturals beyond its rest (singles and pairs included)
        unused = np.maximum(np.asarray(counts[:NATURAL_KINDS], dtype=np.int16) - view.rest[chosen % _SHIFT], 0)
        # score of copy c of kind k: the weights of the lines whose hand leaves more than c of it unused
        weighted = list(zip(range(lines, lines - len(order), -1), unused.tolist()))
        ranked = [(-sum([w for w, row in weighted if row[k] > copy]), k, copy)
                  for k in compress(range(NATURAL_KINDS), counts) for copy in range(counts[k])]
        ranked.sort()
        return ranked, chosen // _SHIFT, unused


class _LiveState:
    """A view's liveness as the compiled loops keep it between looks (``mjlearn.engine._numba._live_update``):
    the tiles seen at the last look, and per hand what its groups and its singles and pairs lack then."""

    __slots__ = ("needs", "seen", "short", "lacking", "penalty", "fresh")

    def __init__(self, view: View):
        self.needs = view.needs
        self.seen = np.zeros(NATURAL_KINDS + 1, dtype=np.int64)
        self.short = np.zeros(view.n, dtype=np.int64)
        self.lacking = np.zeros(view.n, dtype=np.int64)
        self.penalty = np.zeros(view.n, dtype=np.int16)
        self.fresh = True

    def arguments(self, looking: bool = True) -> tuple:
        """What the compiled loops read and update; a look (``looking``) leaves the state no longer fresh."""
        fresh = self.fresh
        if looking:
            self.fresh = False
        return (fresh, self.seen, self.short, self.lacking, *self.needs, FAR, self.penalty)


def engine_for(card: "Card", ruleset=None) -> BotEngine:
    """The shared :class:`BotEngine` of a card under a ruleset (``None``: NMJL's card; rebuilt when the card's
    lines change)."""
    card = as_card(card)
    compiled = card.compiled(ruleset)
    return ENGINES.get(None, id(compiled), lambda: BotEngine(card, ruleset), lambda found: found.compiled is compiled)
