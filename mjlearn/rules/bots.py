"""Bots: a seeded, deterministic policy that plays a whole game of American Mah Jongg.

A :class:`Bot` aims at the nearest *live* line of the card (one whose hands
can still be made, given the tiles out of play) and plays it by the
distances of the position engine (:mod:`mjlearn.engine`; "tiles away" as
:mod:`mjlearn.engine.tiles_away` specifies it). The bot only decides: every
distance, liveness and ranking it reads comes from the engine's public names.

- **Charleston**: it passes the tiles its three nearest lines leave unused (the
  tiles of :func:`mjlearn.analysis.advice.nearest_lines_pass`, which ranks lines
  by tiles missing; not those of the coach's :func:`mjlearn.analysis.suggest_pass`,
  which ranks them by their chances; never a joker, never blind),
  offers in a negotiated swap only the tiles that every line near its best
  leaves unused (0-3: the more settled its target, the more it offers), and
  votes for a second Charleston when its best line is more than 4 tiles away.
- **Play**: it declares Mah Jongg as soon as its tiles win; otherwise it
  discards the tile whose loss keeps its nearest lines nearest (the tiles its
  target leaves unused, preferring those that its next lines do not need
  either), a joker only when every natural tile is in use. It calls a
  discard for Mah Jongg when the tile completes a win, and for an exposure
  only when its target line has a group of 3 or more of that tile and is not
  concealed, and the call brings it nearer (jokers make up what its naturals
  lack). On its turn it swaps a natural for an exposed joker when that does
  not take it further from its target. After discarding a joker under MAHJ-X it always
  takes the extra pick (rule 6 lets it; :meth:`Game.decline_pick` would pass).

>>> import mjlearn as mj
>>> game = run_game(mj.load_card("basic1"), seed=3)
>>> game.phase
'over'

Speed: the bots never build a DataFrame in play. Every decision is a few
vector operations over the card's concrete hands (a
:class:`~mjlearn.engine.views.Position` in a :class:`~mjlearn.engine.views.View`):
the distance from a rack to every hand is a sum of precomputed 0/1 rows (one
per tile held), and the racks one discard away differ from it by one row each.
With numba installed (``mjlearn[fast]``) a discard's candidates are ranked by a
compiled loop, and a rack's distances too; both engines give the same games
(:data:`mjlearn.engine.loops.engine` chooses). A turn is decided in one look
(``Bot._turn_look``): a rack one tile from the last rack the bot looked at (a natural
tile or a joker) in one compiled call of the engine (its distances, whether it
wins, its discard), any other from its position and the ranking; a call the
glance at a discard cannot let go is weighed from the position the glance found
(``Bot._plain_call``); and the game's
draw, discard and Charleston pass take the bots' moves with their checks read
inline (``Game._trusted_draw``, ``_trusted_discard``, ``_trusted_pass_tiles``). On a turn with no
exposed joker of a tile the seat holds, the exchange look is skipped and the tiles seen are not counted.
:func:`run_game` plays four :class:`Bot` players' Charleston a step at a time: the four choices (each from
its own rack, which no move changes until the step is resolved), then the four moves at once
(``Game._trusted_charleston_step``): the same moves as seat by seat. Its loop plays unchecked (:func:`~mjlearn.engine.checks.trusted_play`) and reads
:meth:`Bot.act`'s choice of move inline for a :class:`Bot` or a :class:`~mjlearn.rules.CoachBot` itself, with
no method set on the player: ``answer_call``, the draw or ``discard_move``, as ``act`` would call them; the
moves check their seat by the thread's trust flag read inline (:data:`~mjlearn.engine.checks.TRUST`, not a
call of :func:`~mjlearn.engine.checks.trusting`). Any other player (a subclass, one's own) is asked ``act`` with
the checks on, since it may hand the bots' methods racks the compiled loops must not read.
"""

from __future__ import annotations

import random
from itertools import compress
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..engine import (FAR, JOKER, NATURAL_KINDS, NO_TILE, OFFSET, BotEngine, Exposure, Position, View, as_counts,
                      available_counts, available_tiles, call_options, discard_ranks, engine_for, exposure_key,
                      seat_exposures, seen_argument, step_from)
from ..engine.checks import TRUST, checked_exposures, checked_table, trusted_play
from ..errors import ArgumentError, RuleError
from ..hands import as_hand
from ..resources import as_card
from ..tiles import COPIES, Tile, as_tile
from .arguments import game_seat_arg
from .ruleset import NMJL, Ruleset, as_ruleset
from .setup import SEATS, seed_or_fresh
from .game import Game as _Game

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card
    from .game import Game

__all__ = ["Bot", "BotEngine", "View", "available_tiles", "call_options", "discard_ranks", "engine_for",
           "fast_suggest_pass", "make_bots", "play_move", "play_turn", "answer_call", "charleston_move", "run_game"]

_TILES = tuple(Tile)  # (_TILES[k] is Tile(k), without the enum's call: a few hundred a game)
_least = np.minimum.reduce  # (array.min() and .any() without numpy's Python wrappers: they are called often)
_some = np.logical_or.reduce

# The engine's names as this module had them (old code imports them from here; new code from mjlearn.engine).
_Position = Position
_as_counts = as_counts
_key = exposure_key
_exposures = seat_exposures
_FAR = FAR
_NO_TILE = NO_TILE
_OFFSET = OFFSET


def fast_suggest_pass(card: "Card", hand, count: int = 3, lines: int = 3, ruleset: Ruleset | str = NMJL) -> list[Tile]:
    """The bots' Charleston pass: the tiles of :func:`~mjlearn.analysis.advice.nearest_lines_pass`, in the
    same order, about 7 times faster (no DataFrame).

    It is *not* the coach's :func:`~mjlearn.analysis.suggest_pass`. Both give
    away the tiles their chosen lines use least, but they choose the lines
    differently: this pass takes the ``lines`` nearest lines (fewest tiles
    missing, jokers counted where they may stand), weighted ``lines``,
    ``lines - 1``, ... by rank, while ``suggest_pass`` ranks the lines by the
    chance of drawing their most likely hand and weighs each by that chance,
    so a rack whose jokers cannot stand in its nearest line (Singles and
    Pairs) is led elsewhere. On 200 racks of ``basic1`` dealt with
    ``deal_racks(200, rng=23)`` the two pass different tiles (or the same tiles in
    another order) for 135 racks; ``suggest_pass`` is about 80 times slower
    (2 ms a rack against 0.025 ms), too slow for the bots' every Charleston.

    >>> import mjlearn as mj
    >>> from mjlearn.analysis import suggest_pass
    >>> rack = "FF 1B 4C 5C 6C 7C 8C 9C 6D S JJ"
    >>> [t.notation for t in fast_suggest_pass("basic1", rack)], [t.notation for t in suggest_pass("basic1", rack)]
    (['6D', '1B', 'S'], ['9C', '1B', '5C'])
    """
    rack = as_hand(hand)
    card = as_card(card)
    ranked, _, _ = engine_for(card, as_ruleset(ruleset)).pass_scores(rack.counts, lines)
    if len(ranked) < count:
        from ..errors import HandError

        raise HandError(f"the rack has {len(ranked)} tiles that can go, fewer than {count}")
    return [Tile(k) for _, k, _ in ranked[:count]]


class Bot:
    """A seeded, deterministic policy for one seat, built on the analysis engine.

    ``card`` and ``ruleset`` are the game's (the card a :class:`~mjlearn.Card`,
    a bundled card's name or a ``.mjcl`` path); ``seed`` breaks ties between
    equally good discards (``None``: fresh random choices). ``lines`` is how many of the nearest lines the
    Charleston and the discards look at, ``vote_above`` the distance above
    which it wants a second Charleston, ``calls`` whether it calls discards
    for exposures at all, ``exchanges`` whether it swaps for jokers, and
    ``offer_margin`` how near another line must be to unsettle its target in
    a negotiated swap (:meth:`choose_offer`).

    :meth:`act` makes the seat's next move whatever the phase; the
    ``choose_*`` methods only decide, from counts, exposures and the tiles
    in sight, and never touch a game.
    """

    _PLAYS_TRUSTED = True  # (run_game plays this class itself unchecked; not a subclass: see _plays_trusted)

    def __init__(
        self,
        card: "Card",
        ruleset: Ruleset | str = NMJL,
        seed: int | None = 0,
        lines: int = 3,
        vote_above: int = 4,
        calls: bool = True,
        exchanges: bool = True,
        offer_margin: int = 2,
    ):
        from ..analysis.arguments import count_argument, flag_argument

        self.card = card = as_card(card)
        self.ruleset = as_ruleset(ruleset)
        self.seed = seed = None if seed is None else seed_or_fresh(seed)  # (a numpy integer too)
        self.rng = random.Random(seed)
        self.lines = count_argument("lines", lines, minimum=1)
        self.vote_above = count_argument("vote_above", vote_above)
        self.calls = flag_argument("calls", calls)
        self.exchanges = flag_argument("exchanges", exchanges)
        self.offer_margin = count_argument("offer_margin", offer_margin)
        self.engine = engine_for(card, self.ruleset)
        self._positions: dict[tuple, Position] = {}
        self._views: dict[tuple, View] = {}  # exposures' key -> the engine's view (a game shows a few sets)
        self._last_position: Position | None = None
        self._last_key: tuple = ((), ())  # (exposures, their _key)

    def __repr__(self) -> str:
        return f"Bot(seed={self.seed!r}, lines={self.lines}, vote_above={self.vote_above})"

    def __getstate__(self) -> dict:
        """What pickling keeps (so that a bot goes to a process pool, or is copied): its options and its
        random generator's state, not the positions it kept from its last looks (they are built again).

        >>> import pickle, mjlearn as mj
        >>> bot = Bot(mj.load_card("basic1"), seed=7)
        >>> copy = pickle.loads(pickle.dumps(bot))
        >>> copy.seed, copy.rng.random() == bot.rng.random()
        (7, True)
        """
        state = self.__dict__.copy()
        state.update(_positions={}, _views={}, _last_position=None, _last_key=((), ()))
        return state

    # -- evaluation --------------------------------------------------------------
    def _key_of(self, exposures: Sequence[Exposure]) -> tuple[tuple[int, int], ...]:
        """:func:`_key` of the exposures, kept from the last ones (a seat's exposures seldom change)."""
        if not exposures:
            return ()
        last = self._last_key
        if last[0] == exposures:  # (the same Exposure objects: compared by identity first)
            return last[1]
        key = exposure_key(exposures)
        self._last_key = (tuple(exposures), key)
        return key

    def _position(self, counts: tuple[int, ...], key: tuple) -> Position:
        last = self._last_position
        if last is not None and last.counts is counts and last.view.key == key:  # the same rack as last time
            return last
        cache_key = (counts, key)
        position = self._positions.get(cache_key)
        if position is None:
            if len(self._positions) > 256:
                self._positions.clear()
            view = self._views.get(key)
            if view is None:  # (the engine's view, kept here: the engine's memo is read once per set of exposures)
                if len(self._views) > 64:
                    self._views.clear()
                view = self._views[key] = self.engine.view(key)
            position = self._positions[cache_key] = Position(view, counts, self._last_position)
        self._last_position = position  # the next rack is often this one with a tile more or less
        return position

    def _live_mask(self, view: View, available) -> np.ndarray:
        """Live hands of a view, updated from the last look at the same view (by any bot of the card) for
        the kinds whose count changed."""
        return self.engine.live_hands(view).mask(available)

    def best_distance(self, counts: Sequence[int], exposures: Sequence[Exposure] = (), visible=None) -> int:
        """The distance to the nearest live line (nearest of all, if none is live); 99 if no line is allowed."""
        exposures = checked_exposures(exposures)
        visible = seen_argument(visible)
        counts = as_counts(counts)
        position = self._position(counts, self._key_of(exposures))
        if visible is None or not position.view.n:
            return position.best
        penalty = self.engine.dead_far(position.view, available_counts(visible, exposures))
        if penalty is not None:  # the nearest live hand (dead ones stand FAR behind)
            return int(_least(position.distance + penalty))
        return position.best

    def wins(self, counts: Sequence[int], exposures: Sequence[Exposure] = ()) -> bool:
        """Whether the rack (14 tiles with the exposures) makes some line of the card."""
        return self._position(as_counts(counts), self._key_of(checked_exposures(exposures))).best == 0

    # -- the Charleston ----------------------------------------------------------
    def choose_pass(self, counts: Sequence[int], count: int = 3) -> list[Tile]:
        """The tiles to pass: those the nearest lines use least (as :func:`suggest_pass`); never jokers."""
        if not TRUST.on:
            from ..analysis.arguments import count_argument

            count = count_argument("count", count, maximum=13)
        return [_TILES[k] for k in self.engine.pass_kinds(counts, self.lines, count)]

    def choose_offer(self, counts: Sequence[int]) -> list[Tile]:
        """A negotiated swap's offer: 0-3 tiles, fewer the less settled the bot's target is.

        The lines that count are the nearest ``lines`` lines within
        ``offer_margin`` tiles of the nearest: the bot offers only tiles that
        all of them leave unused. A rack far ahead on one line offers that
        line's spare tiles; one torn between lines offers only what none of
        them wants.
        """
        return [_TILES[k] for k in self.engine.offer_kinds(counts, self.lines, self.offer_margin)]

    def wants_second_charleston(self, counts: Sequence[int]) -> bool:
        return self.best_distance(counts) > self.vote_above

    # -- play ----------------------------------------------------------------------
    def choose_discard(self, counts: Sequence[int], exposures: Sequence[Exposure] = (), visible=None) -> Tile:
        """The tile to throw from a 14-tile position: the one whose loss keeps the nearest lines nearest.

        Candidates are ranked by the distances of the nearest ``lines`` live
        lines once the tile is gone, then by how few of the nearest hands use
        every copy of it, then by the seeded generator. A joker goes only if
        every natural tile would cost more than it.
        """
        exposures = checked_exposures(exposures)
        visible = seen_argument(visible)
        counts = as_counts(counts)
        position = self._position(counts, self._key_of(exposures))
        view = position.view
        if not any(counts[:NATURAL_KINDS]):
            return Tile.JOKER
        if not view.n:  # no line allowed at all: throw the most plentiful tile
            kinds = compress(range(NATURAL_KINDS), counts)
            return Tile(max(kinds, key=lambda k: (counts[k], -k)))
        available = None if visible is None else available_counts(visible, exposures)
        best = self.engine.best_discards(position, available, min(self.lines, len(view.starts)))
        if best is None:
            return Tile.JOKER
        return _TILES[best[0] if len(best) == 1 else self.rng.choice(best)]

    def may_call(self, counts: Sequence[int], exposures: Sequence[Exposure], tile: Tile) -> bool:
        """Whether :meth:`choose_call` could do anything but pass (a quick look, before the table is read)."""
        exposures = checked_exposures(exposures)
        t = int(as_tile(tile))
        if t == JOKER:
            return False
        counts = as_counts(counts)
        position = self._position(counts, self._key_of(exposures))
        if not position.view.n:
            return False
        if position.best <= 1:
            return True
        return self.calls and bool(position.view.group_tiles >> t & 1) and counts[t] + counts[JOKER] >= 2

    @staticmethod
    def completes_win(position: Position, counts: Sequence[int], t: int) -> bool:
        """Whether a discard of kind ``t`` makes the rack of ``position`` (``counts``) a win."""
        if position.best > 1 or counts[t] >= COPIES[t]:  # one tile can lower the distance by one at most
            return False
        return position.wins_with(t)

    def read_call(self, counts: Sequence[int], exposures: Sequence[Exposure], tile: Tile, groups: bool = True) -> tuple:
        """The first look at a discard, shared by every call decision: ``("decided", ("mahjongg",))`` if it
        wins, ``("decided", None)`` if no exposure of it is possible, else ``("weigh", counts, position,
        groups)``: the groups of that tile that the allowed hands may still expose, ``(size, mask over the
        view's hands)`` (``None`` with ``groups=False``: the Bot reads the sizes another way, and a view's
        groups cost a build the first time, :attr:`~mjlearn.engine.views.View.groups`)."""
        exposures = checked_exposures(exposures)
        t = int(as_tile(tile))
        if t == JOKER:
            return ("decided", None)
        counts = as_counts(counts)
        position = self._position(counts, self._key_of(exposures))
        if not position.view.n:
            return ("decided", None)
        if self.completes_win(position, counts, t):
            return ("decided", ("mahjongg",))
        if not (self.calls and position.view.group_tiles >> t & 1) or counts[t] + counts[JOKER] < 2:  # an exposure takes the discard and 2 or more tiles of the rack
            return ("decided", None)
        return ("weigh", counts, position, position.view.groups[t] if groups else None)

    def choose_call(self, counts: Sequence[int], exposures: Sequence[Exposure], visible, tile: Tile):
        """What to do with a discard: ``("mahjongg",)``, ``("call", size, jokers)`` or ``None`` (pass)."""
        exposures = checked_exposures(exposures)
        visible = seen_argument(visible)
        first = self.read_call(counts, exposures, tile, groups=False)
        if first[0] != "weigh":
            return first[1]
        t = int(as_tile(tile))
        if visible is None:
            return self._weigh_call(first[1], first[2], exposures, t, None, False)
        return self._weigh_call(first[1], first[2], exposures, t, available_counts(visible, exposures), visible[t] > 0)

    def _weigh_call(self, counts: tuple[int, ...], position: Position, exposures: Sequence[Exposure], t: int,
                    available: list[int] | None, returned: bool):
        """:meth:`choose_call`'s weighing of a call of a discard of kind ``t`` that its first look could not
        decide: ``available`` are the tiles available before the call (``None``: liveness not read), ``returned``
        whether the discard counts among the tiles seen (then it leaves the table for the exposure)."""
        d0, sizes = self.engine.nearest_groups(position, available, t)  # (the groups its nearest live hands hold)
        if not sizes:
            return None
        best = None
        for size, use_jokers, rest, new in call_options(counts, exposures, t, sizes):
            if available is None:
                after = None
            else:  # (available_counts of the tiles seen less the discard, and the exposures with the new one)
                after = list(available)
                after[t] += (1 if returned else 0) - (size - use_jokers)
                after[JOKER] -= use_jokers
            # (best_distance(rest, new, seen), without building a view for exposures it may never show)
            d1 = self.engine.best_after(rest, exposure_key(new), after)
            if d1 < d0 and (best is None or (d1, use_jokers) < best[0]):
                best = ((d1, use_jokers), size, use_jokers)
        if best is None:
            return None
        return ("call", best[1], best[2])

    def choose_exchange(self, counts: Sequence[int], exposures: Sequence[Exposure], visible,
                        table: Sequence[Sequence]) -> tuple[int, int] | None:
        """A joker exchange worth making now, ``(owner, group)``, or ``None``.

        ``table`` lists every seat's exposed groups (objects with ``tile`` and
        ``jokers``). The bot gives a natural for a joker when that leaves it no
        further from its nearest live line.
        """
        exposures, table = checked_exposures(exposures), checked_table(table)
        visible = seen_argument(visible)
        counts = as_counts(counts)
        before = None
        for owner, groups in enumerate(table):
            for group, e in enumerate(groups):
                t = int(e.tile)
                if not e.jokers or t == JOKER or not counts[t]:
                    continue
                after = list(counts)
                after[t] -= 1
                after[JOKER] += 1
                if before is None:
                    before = self.best_distance(counts, exposures, visible)
                if self.best_distance(after, exposures, visible) <= before:
                    return owner, group
        return None

    # -- moves ---------------------------------------------------------------------
    def act(self, game: "Game", seat: int) -> None:
        """Make this seat's next move, whatever the phase asks for."""
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        phase = game.phase
        if phase == "calls":  # (the most frequent first)
            self.answer_call(game, seat)
        elif phase == "charleston":
            self.charleston_move(game, seat)
        elif phase == "draw":
            game._trusted_draw(seat)
        elif phase == "discard":
            self.discard_move(game, seat)
        else:
            raise RuleError(f"no move for {SEATS[seat]} when the game is {phase!r}")

    def charleston_move(self, game: "Game", seat: int) -> None:
        """Pass (or vote) in the current Charleston step."""
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        step = game.charleston.step
        counts = game.racks[seat].counts
        if step.kind == "vote":
            game._trusted("vote", seat, self.wants_second_charleston(counts))
        elif step.kind == "negotiated":
            game._trusted("pass_tiles", seat, self.choose_offer(counts))
        else:
            game._trusted_pass_tiles(seat, self.choose_pass(counts, 3))

    def answer_call(self, game: "Game", seat: int) -> None:
        """Answer the last discard: call it for Mah Jongg, for an exposure, or pass."""
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        discards = game.discards
        if seat in game.dead or not discards:
            game._trusted_pass(seat)
            return
        tile = discards[-1][1]
        counts = game.racks[seat]._counts
        exposures = tuple(game.exposures[seat])  # (seat_exposures)
        if type(self).may_call is _MAY_CALL:  # (may_call's look, inline: most discards are let go at once)
            if tile == JOKER:
                game._trusted_pass(seat)
                return
            position = self._position(counts, self._key_of(exposures))
            view = position.view
            if not view.n or (position.best > 1 and not (self.calls and view.group_tiles >> tile & 1
                                                         and counts[tile] + counts[JOKER] >= 2)):
                game._trusted_pass(seat)
                return
            cls = type(self)
            if ((cls.call_decision, cls.choose_call, cls.read_call, cls.completes_win, cls._weigh_call) == _PLAIN_CALL
                    and type(game).visible is _GAME_VISIBLE and self.__dict__.keys().isdisjoint(_CALL_HOOKS)):
                # (call_decision's look from the glance's position, unless a subclass or the bot itself has its own)
                decision = self._plain_call(game, seat, counts, exposures, tile, position)
            else:
                decision = self.call_decision(game, seat, counts, exposures, tile)
        elif not self.may_call(counts, exposures, tile):
            game._trusted_pass(seat)
            return
        else:
            decision = self.call_decision(game, seat, counts, exposures, tile)
        if decision is None:
            game._trusted_pass(seat)
        elif decision[0] == "mahjongg":
            game._trusted("call_mahjongg", seat)
        else:
            game._trusted("call", seat, decision[1], decision[2])

    def _plain_call(self, game: "Game", seat: int, counts: tuple[int, ...], exposures: tuple, tile: Tile,
                    position: Position):
        """:meth:`call_decision` (:meth:`read_call`'s first look, then :meth:`_weigh_call` with the game's tiles
        available) for a discard that :meth:`answer_call`'s glance could not let go, from the rack's position the
        glance has just found (the bot's last position, which :meth:`read_call` would find again): the same
        answer, without the look repeated."""
        t = int(tile)
        if self.completes_win(position, counts, t):
            return ("mahjongg",)
        if not (self.calls and position.view.group_tiles >> t & 1) or counts[t] + counts[JOKER] < 2:
            return None
        returned = game._discard_tally()[t] > 0 or game.visible(seat)[t] > 0
        return self._weigh_call(counts, position, exposures, t, game._available(), returned)

    def discard_move(self, game: "Game", seat: int) -> None:
        """One move of a turn with 14 tiles: a joker exchange, else Mah Jongg if the tiles win, else a discard.

        Call it again while the turn lasts (:meth:`play_turn` does).
        """
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        counts = game.racks[seat].counts
        exposures = seat_exposures(game, seat)
        visible = None
        if self.exchanges and self.ruleset.joker_exchange and any(game.exposures):  # (no exposure: nothing to take)
            rules = self.ruleset
            table = [groups if owner not in game.dead or rules.exchange_in_dead_exposures else []
                     for owner, groups in enumerate(game.exposures)]
            # (Bot.choose_exchange reads the tiles seen only for a joker it could take: when there is none, as on
            # most turns, it is not asked and the turn's look reads the game's tiles available)
            if type(self).choose_exchange is not _CHOOSE_EXCHANGE or _exchange_candidate(counts, table):
                visible = game.visible(seat)
                exchange = self.choose_exchange(counts, exposures, visible, table)
                if exchange is not None:
                    game._trusted("exchange_joker", seat, *exchange)
                    return
        cls = type(self)
        if (cls.wins, cls.discard_decision, cls.choose_discard, cls._position, cls._key_of) == _PLAIN_TURN:
            # (the win and the discard in one look of the engine, when it can)
            tile = self._turn_look(counts, exposures, game, seat, visible)
            if tile is not None:
                if tile is _WINS:
                    game._trusted("declare_mahjongg", seat)
                else:
                    game._trusted_discard(seat, tile)
                return
        if self.wins(counts, exposures):
            game._trusted("declare_mahjongg", seat)
            return
        if visible is None:
            visible = game.visible(seat)
        game._trusted_discard(seat, self.discard_decision(game, seat, counts, exposures, visible))

    def _turn_look(self, counts: tuple[int, ...], exposures: tuple, game: "Game", seat: int,
                   visible: list[int] | None) -> "Tile | object | None":
        """:meth:`wins`, then :meth:`discard_decision`'s tile, in one look: :data:`_WINS` if the rack wins, else the
        tile to throw, the same tile and the same draws of the seeded generator; ``None`` when the card allows no
        hand with these exposures (then the methods themselves decide). The tiles available are the game's
        (``Game._available``: the same counts as those of ``visible``, :meth:`Game.visible`, and the exposures)
        unless the game reads its tiles otherwise.

        A rack one tile from the last rack looked at with these exposures (a natural tile, or a joker: the
        position's sums are then the same) is looked at in one compiled call of the engine
        (:meth:`~mjlearn.engine.card_engine.BotEngine.turn_discards`); any other (a seat's first turn, a turn
        after a call or an exchange, a rack looked at before) takes its position as :meth:`wins` does, then
        :meth:`~mjlearn.engine.card_engine.BotEngine.best_discards`, the ranking :meth:`choose_discard` asks for."""
        key = self._key_of(exposures)
        last = self._last_position
        if (last is not None and last.counts is not counts and last.view.n and last.view.key == key
                and (counts, key) not in self._positions):
            step = step_from(last, counts)
            if step is None:
                step = _joker_step(last.counts, counts)
        else:
            step = None
        if visible is None and type(game).visible is _GAME_VISIBLE:
            available = game._available()
        else:
            available = available_counts(game.visible(seat) if visible is None else visible, exposures)
        if step is not None:
            view = last.view
            position, found, best = self.engine.turn_discards(last, step, counts, available,
                                                              min(self.lines, len(view.starts)))
            if len(self._positions) > 256:  # (as _position keeps it)
                self._positions.clear()
            self._positions[(counts, key)] = self._last_position = position
            if found == -2:
                return _WINS
            if found < 0:
                return Tile.JOKER
            return _TILES[best[0] if found == 1 else self.rng.choice(best)]
        position = self._position(counts, key)  # (wins' look, then choose_discard's)
        view = position.view
        if not view.n:
            return None
        if position.best == 0:
            return _WINS
        if not any(counts[:NATURAL_KINDS]):
            return Tile.JOKER
        best = self.engine.best_discards(position, available, min(self.lines, len(view.starts)))
        if best is None:
            return Tile.JOKER
        return _TILES[best[0] if len(best) == 1 else self.rng.choice(best)]

    def discard_decision(self, game: "Game", seat: int, counts, exposures, visible) -> Tile:
        """The tile :meth:`discard_move` throws (a hook: a subclass may read more of what the seat sees)."""
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        return self.choose_discard(counts, exposures, visible)

    def call_decision(self, game: "Game", seat: int, counts, exposures, tile: Tile):
        """What :meth:`answer_call` does with the discard (a hook, as :meth:`discard_decision`)."""
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        if type(self).choose_call is not _CHOOSE_CALL or type(game).visible is not _GAME_VISIBLE:
            return self.choose_call(counts, exposures, game.visible(seat), tile)
        # (choose_call with the tiles available read from the game, not from the visible tiles)
        first = self.read_call(counts, exposures, tile, groups=False)
        if first[0] != "weigh":
            return first[1]
        t = int(as_tile(tile))
        returned = game._discard_tally()[t] > 0 or game.visible(seat)[t] > 0
        return self._weigh_call(first[1], first[2], exposures, t, game._available(), returned)

    def play_turn(self, game: "Game", seat: int) -> None:
        """Play the seat's whole turn: draw if it must, then move until it has discarded or the game ends."""
        if not TRUST.on:
            seat = game_seat_arg(game, seat)
        if game.phase == "draw" and game.turn == seat:
            game._trusted_draw(seat)
        while game.phase == "discard" and game.turn == seat:
            self.discard_move(game, seat)


_MAY_CALL = Bot.may_call  # (answer_call reads it inline unless a subclass has its own)
_WINS = object()  # (Bot._turn_look: the rack wins)
_GAME_VISIBLE = _Game.visible
_CHOOSE_CALL = Bot.choose_call
_CHOOSE_EXCHANGE = Bot.choose_exchange


_JOKER_STEP = (-1, 0)  # (no thermometer row: the sums stay as they are)


def _joker_step(before: tuple[int, ...], counts: tuple[int, ...]) -> tuple[int, int] | None:
    """The step of :meth:`~mjlearn.engine.card_engine.BotEngine.turn_discards` from a rack ``before`` to
    ``counts`` when they differ by one joker only (no row: a joker is in no thermometer sum, so the position's
    sums stay and only its distances change), else ``None``.

    >>> rack = [0] * 36; rack[4] = 2
    >>> _joker_step(tuple(rack), tuple(rack[:35] + [1])), _joker_step(tuple(rack), tuple(rack[:35] + [2]))
    ((-1, 0), None)
    """
    if counts[:JOKER] == before[:JOKER] and (counts[JOKER] - before[JOKER]) in (1, -1):
        return _JOKER_STEP
    return None


def _exchange_candidate(counts: Sequence[int], table: Sequence[Sequence]) -> bool:
    """Whether :meth:`Bot.choose_exchange` has a joker to weigh: an exposed group of ``table`` with a joker, of a
    natural tile that ``counts`` hold (else it answers ``None`` without reading anything)."""
    for groups in table:
        for e in groups:
            if e.jokers and counts[e.tile] and e.tile != JOKER:
                return True
    return False


_PLAIN_CALL = (Bot.call_decision, Bot.choose_call, Bot.read_call, Bot.completes_win, Bot._weigh_call)
"""What a bot reads when it weighs a call as :class:`Bot` does: then :meth:`Bot.answer_call` weighs it with
:meth:`Bot._plain_call`."""

_CALL_HOOKS = frozenset({"call_decision", "choose_call", "read_call", "completes_win", "_weigh_call"})

_PLAIN_TURN = (Bot.wins, Bot.discard_decision, Bot.choose_discard, Bot._position, Bot._key_of)
"""What a bot reads on its turn when it decides as :class:`Bot` does: then :meth:`Bot._turn_look` may decide it."""


# -- whole games -----------------------------------------------------------------------

def charleston_move(game: "Game", seat: int, bot: Bot) -> None:
    """One Charleston move (a pass or a vote) for ``seat``."""
    bot.charleston_move(game, seat)


def answer_call(game: "Game", seat: int, bot: Bot) -> None:
    """``seat``'s answer to the last discard."""
    bot.answer_call(game, seat)


def play_turn(game: "Game", seat: int, bot: Bot) -> None:
    """``seat``'s whole turn: draw, exchanges, then Mah Jongg or a discard."""
    bot.play_turn(game, seat)


def play_move(game: "Game", bots: Sequence[Bot]) -> int:
    """Make the next move of the game (the first seat it waits for); returns that seat."""
    waiting = game.waiting_for()
    if not waiting:
        raise RuleError(f"the game waits for nobody (phase {game.phase!r})")
    seat = waiting[0]
    bots[seat].act(game, seat)
    return seat


def _four_players(bots) -> list:
    """``bots`` as a list of 4 players, each with an ``act(game, seat)`` method (a :class:`Bot`, a
    :class:`~mjlearn.rules.CoachBot` or one's own), or an :class:`~mjlearn.errors.ArgumentError` that says which
    is not."""
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Iterable):
        raise ArgumentError(f"bots must be a list of 4 bots, one per seat, not {bots!r}")
    bots = list(bots)
    if len(bots) != 4:
        raise ArgumentError(f"bots must be 4 bots, one per seat, not {len(bots)}")
    for seat, bot in enumerate(bots):
        if not callable(getattr(bot, "act", None)):
            raise ArgumentError(f"bots[{seat}] must be a bot with an act(game, seat) method (a Bot or a CoachBot),"
                                f" not {bot!r}")
    return bots


def make_bots(card: "Card", ruleset: Ruleset | str = NMJL, seed: int | None = 0, **options) -> list[Bot]:
    """Four bots, one per seat, seeded from ``seed`` (``None``: a fresh seed)."""
    card, base = as_card(card), seed_or_fresh(seed)
    return [Bot(card, ruleset, seed=base * 4 + seat, **options) for seat in range(4)]


_ACT = Bot.act


def _plays_trusted(bot) -> bool:
    """Whether :func:`run_game` lets ``bot`` play with the checks off (:func:`~mjlearn.engine.checks.trusted_play`):
    a :class:`Bot` or a :class:`~mjlearn.rules.CoachBot` itself, with no method set on the player, which hands
    its methods only the game's own racks and tiles seen. A subclass or one's own player may hand them anything
    (a rack of 100 tiles, 37 counts), which the compiled loops would read out of bounds, so its moves are played
    with the checks on, as outside a game."""
    return type(bot).__dict__.get("_PLAYS_TRUSTED", False) and not any(callable(v) for v in vars(bot).values())


def _bots_charleston(game: "Game", bots: Sequence[Bot]) -> None:
    """The Charleston of four :class:`Bot` players (their own methods), a step at a time: the four seats'
    choices from their racks, then their moves at once (:meth:`Game._trusted_charleston_step`). The racks change
    only when a step is resolved, so this makes the same moves as :meth:`Bot.charleston_move` seat by seat from
    East, and the same game. It stops at the end of the Charleston, or where the game takes the moves only one
    by one (:meth:`Game._quick_charleston`, :meth:`Game._trusted_charleston_step`); :func:`run_game`'s loop plays
    on from there."""
    charleston = game.charleston
    while game._quick_charleston():
        kind = charleston.steps[charleston._index].kind
        racks = game.racks
        if kind == "vote":
            choices = [bot.wants_second_charleston(racks[seat].counts) for seat, bot in enumerate(bots)]
        elif kind == "negotiated":
            choices = [bot.choose_offer(racks[seat].counts) for seat, bot in enumerate(bots)]
        else:
            choices = [bot.choose_pass(racks[seat].counts, 3) for seat, bot in enumerate(bots)]
        if not game._trusted_charleston_step(choices):
            return


def run_game(
    card: "Card",
    ruleset: Ruleset | str = NMJL,
    seed: int | None = 0,
    bots: Sequence[Bot] | None = None,
    on_move: Callable[["Game"], None] | None = None,
    max_moves: int = 10_000,
) -> "Game":
    """Play a whole game (Charleston included) with four bots and return the finished :class:`Game`.

    ``card`` is a :class:`~mjlearn.Card`, a bundled card's name or a ``.mjcl``
    path. The same ``seed`` plays the same game; ``seed=None`` plays a fresh
    random one (its seed is ``game.seed``). ``bots`` defaults to four
    :class:`Bot` seeded from ``seed``; ``on_move`` is called with the game
    after every move (for checks and displays).
    """
    from ..analysis.arguments import count_argument
    from .game import Game

    card, seed = as_card(card), seed_or_fresh(seed)
    rules = as_ruleset(ruleset)
    max_moves = count_argument("max_moves", max_moves, minimum=1)
    if on_move is not None and not callable(on_move):
        raise ArgumentError(f"on_move must be a function of the game (or None), not {on_move!r}")
    bots = _four_players(bots) if bots is not None else make_bots(card, rules, seed)
    game = Game(card, ruleset=rules, seed=seed)
    if on_move is not None:
        on_move(game)
        for _ in range(max_moves):
            if game.phase == "over":
                return game
            play_move(game, bots)
            on_move(game)
    else:  # (the players are given the game's own racks and tiles seen: mjlearn.engine.checks.trusted_play)
        with trusted_play():
            # (only mjlearn's own players, as they are, play unchecked and inline: the others' moves with the
            # checks on, through their act)
            acting = [_plays_trusted(bot) for bot in bots]
            if all(acting) and all(type(bot) is Bot for bot in bots):  # (four Bots as they are: their choices
                _bots_charleston(game, bots)  # do not touch the game, so a step's four are made, then played)
            first_waiting = game._first_waiting
            for _ in range(max_moves):  # (play_move's steps, inline: a game makes a few hundred moves)
                phase = game.phase
                if phase == "over":
                    return game
                seat = first_waiting()
                if seat is None:
                    play_move(game, bots)  # (raises: the game waits for nobody)
                if not acting[seat]:
                    TRUST.on = False
                    try:
                        bots[seat].act(game, seat)
                    finally:
                        TRUST.on = True
                elif phase == "calls":
                    bots[seat].answer_call(game, seat)
                elif phase == "draw":
                    game._trusted_draw(seat)
                elif phase == "discard":
                    bots[seat].discard_move(game, seat)
                else:
                    bots[seat].act(game, seat)
    raise RuleError(f"the game did not end within {max_moves} moves (phase {game.phase!r})")
