"""A game of American Mah Jongg under a :class:`Ruleset`: the Charleston, then play to Mah Jongg or a wall game.

The game is a state machine. Each move is a method; a move the rules do not
allow raises :class:`~mjlearn.errors.RuleError` naming the rule, and leaves
the game exactly as it was. Every move is recorded (``moves``), so a game can
be replayed from its seed; ``log`` (and :meth:`Game.log_table`) tells the
story.

Play: the player whose turn it is draws (East starts by discarding under
NMJL, since East was dealt 14), then discards. The other players may call the
discard: for an exposure (a pung, kong, quint or sextet of that tile, jokers
allowed, never for a single or pair) or for Mah Jongg (which may use it
anywhere). Mah Jongg beats an exposure; otherwise the nearest player in turn
order wins the call. A discarded joker cannot be called. On their turn a
player may exchange a natural for a joker in any exposure. A false Mah Jongg,
or exposures that no line of the card can use, make a hand dead: it plays no
further. When the wall runs out, the game is a wall game.

``legal_moves(seat)`` lists what a seat may do now (:mod:`mjlearn.rules.moves`)
and ``play(move)`` makes a :class:`~mjlearn.rules.moves.Move`; ``snapshot()``
is the whole state as a value. Every argument of every move is checked first
(:mod:`mjlearn.rules.arguments`).

>>> import mjlearn as mj
>>> game = Game(mj.load_card("basic1"), seed=3)
>>> game.phase, [len(r) for r in game.racks]
('charleston', [14, 13, 13, 13])
>>> game.skip_charleston()
>>> game.phase, game.turn
('discard', 0)
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field, replace
from functools import wraps
from operator import sub
from typing import TYPE_CHECKING

from ..engine.exposure import Exposure
from ..errors import ArgumentError, MoveArgumentError, RuleError
from ..engine.liveness import LiveHands, available_counts, shared_live_hands
from ..hands import Hand
from ..resources import as_card
from ..tiles import COPIES, NUM_KINDS, Tile
from ..wording import counted
from .charleston import Charleston, Event, _event, events_table
from .ruleset import NMJL, Ruleset, ruleset as as_ruleset
from .arguments import int_arg, seat_arg, tile_arg, tiles_arg
from .setup import SEATS, Deal, deal_tiles, fresh_seed, seed_or_fresh

if TYPE_CHECKING:  # pragma: no cover
    from .position import TablePosition
    import numpy
    import pandas

    from ..card import Card
    from .moves import Move
    from .scoring import Payout

__all__ = ["Game", "ExposedGroup", "GameResult", "GameState"]

_JOKER = int(Tile.JOKER)
_AFTER = tuple(tuple((seat + step) % 4 for step in (1, 2, 3)) for seat in range(4))
"""The other seats in turn order after each seat: who may call its discard."""


ExposedGroup = Exposure
"""A group on the table: ``size`` tiles of ``tile``, ``jokers`` of them jokers (an
:class:`~mjlearn.analysis.position.Exposure`; the game replaces it when it changes)."""


@dataclass(frozen=True)
class GameResult:
    """How a game ended: the winner (or ``None`` for a wall game), how, and the payout."""

    winner: int | None
    how: str
    discarder: int | None = None
    wins: tuple = ()
    payout: "Payout | None" = None
    dead: tuple = field(default=(), repr=False)
    """The seats whose hands were dead when the game ended (a dead hand still pays)."""

    def __str__(self) -> str:
        """How the game ended, in words, then the payout's explanation.

        >>> print(GameResult(None, "wall", dead=(2,)))
        wall game: the wall ran out before anyone won; dead hands: West
        """
        if self.winner is None:
            headline = "wall game: the wall ran out before anyone won"
        elif self.discarder is not None:
            headline = f"{SEATS[self.winner]} wins on {SEATS[self.discarder]}'s discard"
        else:
            headline = f"{SEATS[self.winner]} wins ({self.how})"
        if self.dead:
            headline += "; dead hands: " + ", ".join(SEATS[seat] for seat in self.dead)
        lines = [headline]
        if self.payout is not None and self.winner is not None:
            lines += self.payout.explain()
        elif self.payout is not None and self.payout.items:
            lines += self.payout.explain()
        return "\n".join(lines)


@dataclass(frozen=True)
class GameState:
    """Everything a game is at one moment (compare two with ``==``): what :meth:`Game.snapshot` returns.

    A refused move leaves a game whose snapshot equals the one taken before it.
    """

    racks: tuple
    exposures: tuple
    discards: tuple
    wall: tuple
    phase: str
    turn: int
    dead: frozenset
    result: "GameResult | None"
    log: tuple
    moves: tuple
    turns: int
    claims: tuple
    changed: frozenset
    disputes: tuple
    last_action: str
    called_from: int | None
    just_called: int | None
    extra_pick: bool
    charleston: tuple
    exposed_at_call: tuple | None = None
    """The exposures the player whose turn it is showed when the discard they called was thrown (or ``None``)."""


def _regroup(tile: Tile, naturals: int, jokers: int) -> Exposure:
    """An exposure of ``naturals`` ``tile`` and ``jokers`` jokers; jokers only make it wild (MAHJ-X rule 4.5)."""
    if not naturals:
        return Exposure(Tile.JOKER, jokers, jokers)
    return Exposure(tile, naturals + jokers, jokers)


_GROUPS = {3: "pung", 4: "kong", 5: "quint", 6: "sextet"}
_PASS = ("pass",)
_ONE_TILE = tuple((tile,) for tile in Tile)
"""``_ONE_TILE[tile]`` is ``(tile,)``: the tiles of a draw's or a discard's line in the log, made once (a tuple
that holds a :class:`Tile` stays with the garbage collector; a game logs some 130 of them)."""
_TURN_LABELS = tuple(f"turn {turns}" for turns in range(1000))  # (Game._label: a label per event, 180 a game)

_TILE_LISTS = frozenset({"tiles", "add", "remove"})
"""The move arguments that are lists of tiles (``pass_tiles``' tiles, ``amend``'s add and remove)."""


def _recorded(given: dict) -> dict:
    """The arguments of an accepted move as :attr:`Game.moves` records them: a tile as a :class:`Tile` and a
    list of tiles as a list of Tiles, however they were written (``"5C"``, ``"1B 2B 3B"``, a tuple...), so
    that the same move is recorded the same way, and a game saved and loaded records what it did."""
    for key, value in given.items():
        if key == "tile":
            if type(value) is not Tile:
                given[key] = tile_arg(value)
        elif key in _TILE_LISTS:
            if type(value) is not list or any(type(tile) is not Tile for tile in value):
                given[key] = tiles_arg(value, key, 6)
    return given


def _move(method):
    """A player's move: recorded for replay, and undone completely if it breaks a rule.

    After the move the table is settled (:meth:`Game._settle`): a hand that
    died on its own turn passes the turn on, so the game never waits for a
    dead hand.
    """

    signature = inspect.signature(method)
    parameters = list(signature.parameters.values())[1:]
    shown = str(signature.replace(parameters=parameters))
    names = tuple(p.name for p in parameters)
    required = tuple(p.name for p in parameters if p.default is inspect.Parameter.empty)
    plain = all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in parameters)

    def arguments(args: tuple, kwargs: dict) -> dict:
        """The arguments given, by name in the method's order (as ``signature.bind`` records them)."""
        if plain and len(args) <= len(names) and not any(k in names[:len(args)] for k in kwargs) \
                and all(k in names for k in kwargs):
            given = dict(zip(names, args))
            if kwargs:
                given.update(kwargs)
                given = {name: given[name] for name in names if name in given}
            if all(name in given for name in required):
                return given
        try:
            bound = signature.bind(None, *args, **kwargs)
        except TypeError as error:
            raise MoveArgumentError("the arguments", f"{args!r} {kwargs!r}",
                                    f"those of {method.__name__}{shown} ({error})") from None
        return dict(list(bound.arguments.items())[1:])

    @wraps(method)
    def wrapper(self: "Game", *args, **kwargs):
        if self.phase == "over":
            raise RuleError("the game is over")
        if plain and not kwargs and len(args) == len(names):  # every argument given by position
            given = dict(zip(names, args))
        else:
            given = arguments(args, kwargs)
        saved = self._undo_point()
        try:
            value = method(self, *args, **kwargs)
            self._settle()
        except Exception:
            self._rewind(saved)
            raise
        self.moves.append((method.__name__, _recorded(given)))
        return value

    name = method.__name__
    tiles = any(n == "tile" or n in _TILE_LISTS for n in names)  # (no tile argument: nothing for _recorded to do)

    def trusted(self: "Game", *args):
        """The move for a player whose moves are legal by construction (:meth:`Game._trusted`): the same
        checks, log and record, every argument given by position, without the undo point."""
        if self.phase == "over":
            raise RuleError("the game is over")
        value = method(self, *args)
        self._settle()
        self.moves.append((name, _recorded(dict(zip(names, args))) if tiles else dict(zip(names, args))))
        return value

    wrapper.trusted = trusted
    return wrapper


class Game:
    """One game: four seats (0 East, 1 South, 2 West, 3 North), a card and a ruleset.

    ``card`` is a :class:`~mjlearn.Card`, a bundled card's name (``"basic1"``) or
    the path of a ``.mjcl`` file. The same ``seed`` deals the same game;
    ``seed=None`` (the default) deals a fresh random one, and ``game.seed``
    then holds the seed drawn for it, so the game can still be replayed and saved.
    """

    def __init__(self, card: "Card | str", ruleset: Ruleset | str = NMJL, seed: int | None = None):
        self.card = as_card(card)
        self.ruleset = as_ruleset(ruleset)
        self.seed = seed = seed_or_fresh(seed)
        self.deal = deal_tiles(self.ruleset, seed)
        """The deal played: the walls, the dice, the racks dealt (``seed=None`` draws a fresh seed,
        kept in ``seed``)."""
        self.charleston = Charleston(self.deal)
        self.racks: list[Hand] = list(self.deal.racks)
        self.exposures: list[list[ExposedGroup]] = [[], [], [], []]
        self.discards: list[tuple[int, Tile]] = []
        self.wall: list[Tile] = list(self.deal.wall)
        self.phase = "charleston"
        self.turn = 0
        self.dead: set[int] = set()
        self.result: GameResult | None = None
        self.log: list[Event] = []
        self.moves: list[tuple[str, dict]] = []
        self.turns = 0
        self._claims: dict[int, tuple] = {}
        self._allowed: dict[tuple, object] = {}  # exposures -> the hands they allow
        self._live: dict[int, list] = {}  # seat -> [its exposures, their LiveHands, what was looked at]
        self._judged: dict[int, tuple] = {}  # seat -> (its exposures at the last discard, _exposure_problem's answer)
        # (discards, length, last, counts, the set less them): see _discard_tally
        self._discard_counts: tuple = (None, 0, None, [], [])
        self._last_action: str = ""  # "draw", "call", "exchange" for the player whose turn it is
        self._called_from: int | None = None
        self._exposed_at_call: tuple | None = None  # the caller's exposures when the called discard was thrown
        self._just_called: int | None = None  # the exposure made by a call this turn (it may still be edited)
        self._changed: set[int] = set()  # seats that have changed their answer to the last discard
        self.extra_pick = False  # MAHJ-X: the player who discarded a joker may pick again, or decline
        self.disputes: list[tuple[int, int]] = []  # (caller, target): dead calls left to the end of a home game
        self.position: "TablePosition | None" = None
        """The position the game was set up from (:meth:`from_position`), or ``None`` for a dealt game."""

    # -- state ------------------------------------------------------------------
    @property
    def wall_left(self) -> int:
        return len(self.wall)

    @property
    def last_discard(self) -> tuple[int, Tile] | None:
        return self.discards[-1] if self.discards else None

    def _first_waiting(self) -> int | None:
        """``waiting_for()[0]``, or ``None`` when the game waits for nobody (what the bots' loop asks, each move)."""
        if self.phase == "calls":
            claims, dead = self._claims, self.dead
            for s in _AFTER[self.discards[-1][0]]:
                if s not in dead and s not in claims:
                    return s
            return None
        if self.phase in ("draw", "discard"):
            return self.turn
        waiting = self.waiting_for()
        return waiting[0] if waiting else None

    def waiting_for(self) -> list[int]:
        """The seats that must move now."""
        if self.phase == "calls":  # (the most frequent first)
            claims, dead = self._claims, self.dead
            return [s for s in _AFTER[self.discards[-1][0]] if s not in dead and s not in claims]
        if self.phase == "charleston":
            return self.charleston.waiting_for()
        if self.phase in ("draw", "discard"):
            return [self.turn]
        return []

    def visible(self, seat: int) -> list[int]:
        """Tiles out of play as ``seat`` sees them: the discards and the other players' exposures (36 counts)."""
        counts = self._discarded()
        for other, groups in enumerate(self.exposures):
            if other != seat:
                for group in groups:
                    jokers = group.jokers
                    counts[group.tile] += group.size - jokers  # (its naturals)
                    counts[_JOKER] += jokers
        return counts

    def _available(self) -> list[int]:
        """The tiles neither discarded nor exposed (36 counts, a new list): the tiles any seat may still get or hold,
        what :func:`~mjlearn.engine.liveness.available_counts` makes of :meth:`visible` and the seat's own
        exposures (the same for every seat: it sees the others' exposures and knows its own)."""
        self._discard_tally()
        available = list(self._discard_counts[4])
        for groups in self.exposures:
            for group in groups:
                jokers = group.jokers
                available[group.tile] -= group.size - jokers
                available[_JOKER] -= jokers
        return available

    def _discarded(self) -> list[int]:
        """The discards as 36 counts (a new list), kept up to date as discards are added."""
        return list(self._discard_tally())

    def _discard_tally(self) -> list[int]:
        """The discards as 36 counts, kept up to date as discards are added (the list kept: do not change it).

        The game adds a discard as a new ``(seat, tile)`` at the end and takes one back from the end;
        the counts kept are reused when the list, its length and its last entry are the same, and
        updated by one tile when one entry was added; otherwise they are counted again. The set less
        the discards is kept beside them, the same way (what :meth:`_available` starts from).
        """
        discards = self.discards
        size = len(discards)
        listed, counted, last, counts, left = self._discard_counts
        if listed is not discards or size != counted or (size and discards[-1] is not last):
            if listed is discards and size == counted + 1 and (counted == 0 or discards[-2] is last):
                tile = discards[-1][1]
                counts, left = list(counts), list(left)
                counts[tile] += 1
                left[tile] -= 1
            else:
                counts = [0] * NUM_KINDS
                for _, tile in discards:
                    counts[tile] += 1
                left = list(map(sub, COPIES, counts))
            self._discard_counts = (discards, size, discards[-1] if size else None, counts, left)
        return counts

    def _trusted(self, name: str, *args):
        """Make the move ``name`` (``"discard"``, ``"pass_call"``...) with ``args`` by position, as the bots
        do: the same checks, log and record as calling the method, but no undo point is taken.

        Every move checks its arguments and the rules before it changes anything, so a refused move
        leaves the game as it was either way; the undo point of the public methods guards against an
        error in the engine itself, half way through a move. The bots, whose moves are legal by
        construction, play a few hundred moves a game and skip it. A move method replaced by one that
        has no trusted form (a subclass's, a timer's) is called as it is.
        """
        move = getattr(type(self), name)
        trusted = getattr(move, "trusted", None)
        return trusted(self, *args) if trusted is not None else move(self, *args)

    def _trusted_pass(self, seat: int) -> None:
        """``_trusted("pass_call", seat)`` for a seat the game waits for, the bots' most frequent move: the same
        record and the same effect, its checks (a discard to answer, a live seat that may call it and has not
        answered yet) read inline. Anything else goes through the move, which says what is wrong."""
        claims, dead = self._claims, self.dead
        after = _AFTER[self.discards[-1][0]] if self.discards else ()
        if self.phase != "calls" or seat in claims or seat in dead or seat not in after:
            self._trusted("pass_call", seat)
            return
        claims[seat] = _PASS
        for other in after:  # (_maybe_resolve, inline)
            if other not in claims and other not in dead:
                break
        else:
            self._resolve_calls()
        if self.dead:  # (with no dead hand the table is settled already: _maybe_resolve has just run)
            self._settle()
        self.moves.append(("pass_call", {"seat": seat}))

    def _trusted_pass_tiles(self, seat: int, tiles: list[Tile]) -> None:
        """``_trusted("pass_tiles", seat, tiles, 0)`` for a list of :class:`Tile` that the Charleston takes at a
        glance (:meth:`Charleston._quick_pass`), the bots' pass: the same record and the same effect. Anything else
        goes through the move, which says what is wrong."""
        if (self.phase != "charleston" or type(seat) is not int or not 0 <= seat <= 3 or type(tiles) is not list
                or any(type(tile) is not Tile for tile in tiles) or type(self).pass_tiles is not _PASS_TILES
                or not self.charleston._quick_pass(seat, tiles)):
            self._trusted("pass_tiles", seat, tiles, 0)
            return
        self._after_charleston_move()
        self._settle()
        self.moves.append(("pass_tiles", {"seat": seat, "tiles": tiles, "blind": 0}))

    def _quick_charleston(self) -> bool:
        """Whether :meth:`_trusted_charleston_step` may take the next step of the Charleston: it is under way, no
        seat has moved in the step yet, and neither :meth:`pass_tiles` nor :meth:`vote` is replaced."""
        charleston = self.charleston
        return (self.phase == "charleston" and type(self).pass_tiles is _PASS_TILES and type(self).vote is _VOTE
                and charleston._index < len(charleston.steps) and not charleston._pending)

    def _trusted_charleston_step(self, choices: list) -> bool:
        """The four seats' moves of a Charleston step at once, as four bots make them (the racks do not change
        until the step is resolved, so each seat's choice is the same whenever it is made): ``choices[seat]`` is
        a ``bool`` in the vote, else a list of :class:`Tile` to pass, none blind. The same records and the same
        effect as ``_trusted("vote", seat, choice)`` in the vote, ``_trusted("pass_tiles", seat, choice)`` in a
        negotiated step and :meth:`_trusted_pass_tiles` in a pass, seat by seat from East: ``True``. When a
        move is not taken at a glance (:meth:`Charleston._quick_step`), or a subclass or a timer replaces a
        move, nothing changes and the answer is ``False``: then make the moves one by one."""
        if not self._quick_charleston():
            return False
        charleston = self.charleston
        kind = charleston.steps[charleston._index].kind
        if not charleston._quick_step(choices):
            return False
        moves = self.moves
        if kind == "vote":
            moves.extend([("vote", {"seat": seat, "second_charleston": choice}) for seat, choice in enumerate(choices)])
        elif kind == "negotiated":
            moves.extend([("pass_tiles", {"seat": seat, "tiles": choice}) for seat, choice in enumerate(choices)])
        else:
            moves.extend([("pass_tiles", {"seat": seat, "tiles": choice, "blind": 0})
                          for seat, choice in enumerate(choices)])
        self._after_charleston_move()
        self._settle()
        return True

    def _trusted_draw(self, seat: int) -> Tile | None:
        """``_trusted("draw", seat)`` for the seat whose turn it is to draw from a wall that holds a tile, the
        bots' draw: the same record and the same effect, its checks read inline. Anything else goes through the
        move, which says what is wrong (or ends a wall game)."""
        if (self.phase != "draw" or type(seat) is not int or seat != self.turn or seat in self.dead or not self.wall
                or type(self).draw is not _DRAW):
            return self._trusted("draw", seat)
        self.extra_pick = False
        tile = self._draw(seat)
        self._settle()
        self.moves.append(("draw", {"seat": seat}))
        return tile

    def _trusted_discard(self, seat: int, tile: Tile) -> None:
        """``_trusted("discard", seat, tile)`` for the seat whose turn it is to discard a :class:`Tile` it holds,
        the bots' discard: the same record and the same effect, its checks read inline. Anything else goes
        through the move, which says what is wrong."""
        rack = self.racks[seat] if type(seat) is int and 0 <= seat < 4 else None
        if (rack is None or self.phase != "discard" or seat != self.turn or seat in self.dead
                or type(tile) is not Tile or not rack._counts[tile] or type(self).discard is not _DISCARD):
            self._trusted("discard", seat, tile)
            return
        self._discard(seat, tile, rack)
        self._settle()
        self.moves.append(("discard", {"seat": seat, "tile": tile}))

    def tiles_held(self, seat: int) -> int:
        """How many tiles ``seat`` holds, on its rack and in its exposures."""
        return self._tiles_held(seat_arg(seat))

    def _tiles_held(self, seat: int) -> int:
        return len(self.racks[seat]) + sum(g.size for g in self.exposures[seat])

    # -- the Charleston -------------------------------------------------------------
    @_move
    def pass_tiles(self, seat: int, tiles=(), blind: int = 0) -> None:
        """Pass in the current Charleston step (see :meth:`Charleston.pass_tiles`)."""
        self._need_phase("charleston")
        self.charleston.pass_tiles(seat, tiles, blind)
        self._after_charleston_move()

    @_move
    def vote(self, seat: int, second_charleston: bool) -> None:
        """Vote on the second Charleston (NMJL): ``True`` or ``False``, nothing else."""
        self._need_phase("charleston")
        self.charleston.vote(seat, second_charleston)
        self._after_charleston_move()

    @_move
    def skip_charleston(self) -> None:
        """Start play without a Charleston (allowed only before any pass): a practice shortcut.

        Real play never skips the first Charleston (it is mandatory under NMJL
        and MAHJ-X alike); lessons skip it to reach play quickly. The skip is
        recorded in ``moves`` like any move, so :meth:`replay` reproduces it.
        """
        self._need_phase("charleston")
        if self.charleston.log or self.charleston.waiting_for() != [0, 1, 2, 3]:
            raise RuleError("the Charleston has begun; it cannot be skipped now")
        self._start_play()

    def _after_charleston_move(self) -> None:
        self.racks = list(self.charleston.racks)
        if self.charleston.done:
            self._start_play()

    def _start_play(self) -> None:
        self.log.extend(self.charleston.log)
        self.racks = list(self.charleston.racks) if self.charleston.done else list(self.deal.racks)
        self.turn = 0
        self.phase = "discard" if len(self.racks[0]) == 14 else "draw"
        self._last_action = "deal"
        self.log.append(_event("play", None, "play begins", detail=f"{SEATS[0]} {'discards' if self.phase == 'discard' else 'draws'} first"))

    # -- a turn ---------------------------------------------------------------------
    @_move
    def draw(self, seat: int) -> Tile | None:
        """Draw from the wall. With the wall empty the game is a wall game (``None``)."""
        self._need_turn(seat, "draw")
        self.extra_pick = False
        if not self.wall:
            self._end(GameResult(None, "wall"))
            self.log.append(_event(self._label(), None, "wall game"))
            return None
        return self._draw(seat)

    def _draw(self, seat: int) -> Tile:
        """The draw itself, once its checks have passed (the wall holds a tile)."""
        tile = self.wall[0]
        self.wall = self.wall[1:]  # a new list: the undo point keeps the old one (see _undo_point)
        self.racks[seat] = self.racks[seat]._plus(tile)
        self.phase = "discard"
        self._last_action = "draw"
        self._called_from = None
        self._exposed_at_call = None
        self._just_called = None
        self.turns += 1
        self.log.append(_event(self._label(), seat, "draws", _ONE_TILE[tile]))
        return tile

    @_move
    def decline_pick(self, seat: int) -> None:
        """MAHJ-X rule 6: after discarding a joker a player *may* pick again; this lets the turn pass instead."""
        self._need_turn(seat, "draw", "let a pick go")
        if not self.extra_pick:
            raise RuleError("only a player who has just discarded a joker (MAHJ-X rule 6) may decline a pick")
        self.extra_pick = False
        self.log.append(_event(self._label(), seat, "declines the extra pick"))
        self._next_turn(seat)

    @_move
    def discard(self, seat: int, tile: Tile | str) -> None:
        """Discard a tile; the others may then call it.

        Discarding ends the turn: only now are the player's exposures judged
        (MAHJ-X rule 5.6; NMJL lets the exposure just made be edited until the
        discard), and the tile count (13) checked.
        """
        self._need_turn(seat, "discard")
        if type(tile) is not Tile:
            tile = tile_arg(tile)
        rack = self.racks[seat]
        if not rack._counts[tile]:
            raise RuleError(f"{SEATS[seat]} has no {tile.notation} to discard")
        self._discard(seat, tile, rack)

    def _discard(self, seat: int, tile: Tile, rack: Hand) -> None:
        """The discard itself, once its checks have passed (``rack``, the seat's, holds ``tile``)."""
        self.racks[seat] = rack = rack._minus(tile)
        self.discards.append((seat, tile))
        self._last_action = "discard"  # the turn is over: nothing done in it counts for the next
        self._just_called = None
        self.log.append(_event(self._label(), seat, "discards", _ONE_TILE[tile]))
        exposed = self.exposures[seat]
        held = sum(rack._counts) + sum(g.size for g in exposed) if exposed else sum(rack._counts)  # (tiles_held)
        if held != 13:
            self._make_dead(seat, f"{held} tiles at the end of the turn; a hand holds 13")
        elif exposed:
            self._check_exposures(seat)
        self._check_viable()
        if self.phase == "over":
            return
        if tile == Tile.JOKER:
            if self.ruleset.joker_discard_draws_again and seat not in self.dead:
                self.phase = "draw"  # MAHJ-X: a discarded joker earns another pick (which may be declined)
                self.extra_pick = True
                self.log.append(_event(self._label(), seat, "picks again after discarding a joker"))
                return
            self._next_turn(seat)  # a discarded joker cannot be called
            return
        self._claims = {}
        self._changed = set()
        self.phase = "calls"
        if self.dead and not self._callers():  # (with no dead hand three seats may call it)
            self._resolve_calls()

    @_move
    def call(self, seat: int, size: int, jokers: int = 0) -> None:
        """Call the last discard to expose a group of ``size`` (3-6) of it, with ``jokers`` jokers from the rack.

        An answer to a discard may be changed once while others are still answering.
        """
        discarder, tile = self._need_caller(seat)
        if isinstance(size, int) and not isinstance(size, bool) and not 3 <= size <= 6:
            raise RuleError("a discard is called only for a pung, kong, quint or sextet (3-6 tiles), or for Mah Jongg")
        size = int_arg(size, "size", 3, 6, "a pung, kong, quint or sextet; a single or pair only for Mah Jongg")
        jokers = int_arg(jokers, "jokers", 0, size - 1)
        naturals = size - 1 - jokers
        rack = self.racks[seat]
        if rack.count(tile) < naturals or rack.jokers < jokers:
            held = "no joker" if not jokers else counted(jokers, "joker")
            raise RuleError(f"{SEATS[seat]} needs {naturals} {tile.notation} and {held} on the rack to expose"
                            f" a {_GROUPS[size]} of {tile.notation}")
        self._answer(seat, ("expose", size, jokers))

    @_move
    def call_mahjongg(self, seat: int) -> None:
        """Claim the last discard for Mah Jongg (checked when the calls resolve)."""
        self._need_caller(seat)
        self._answer(seat, ("mahjongg",))

    @_move
    def pass_call(self, seat: int) -> None:
        """Let the last discard go."""
        self._need_caller(seat)
        self._answer(seat, _PASS)

    @_move
    def declare_mahjongg(self, seat: int) -> GameResult | None:
        """Declare Mah Jongg on one's own turn. A false claim makes the hand dead."""
        self._need_turn(seat, "discard", "declare Mah Jongg")
        wins = self.card.match(self.racks[seat], list(self.exposures[seat]), ruleset=self.ruleset)
        if not wins:
            self._make_dead(seat, "false Mah Jongg: the tiles match no line of the card")
            return None
        if self._last_action == "exchange" and self._called_from is not None and (
                self.ruleset.exchange_win == "as turn began"):
            how, discarder = "discard", self._called_from  # the turn began with this called discard
        elif self._last_action == "exchange":
            how, discarder = "joker-exchange", None
        elif self._last_action == "call":
            how, discarder = "discard", self._called_from
        else:
            how, discarder = "self-drawn", None
        # a win on a called discard: the hot-tile penalty is judged on what was shown when it was thrown
        shown = self._exposed_at_call if how == "discard" else None
        return self._win(seat, wins, how, discarder, shown)

    @_move
    def exchange_joker(self, seat: int, owner: int, group: int) -> None:
        """On one's turn, give the natural tile of an exposure and take one of its jokers."""
        self._need_turn(seat, "discard", "exchange a joker")
        target = self._group(owner, group)
        self._need_live_exposure(owner)
        if target.is_wild:
            raise RuleError(f"{SEATS[owner]}'s exposure {target} is wild (jokers only): no joker can be taken from it")
        if not target.jokers:
            raise RuleError(f"{SEATS[owner]}'s exposure {target} holds no joker to exchange")
        if not self.racks[seat].count(target.tile):
            raise RuleError(f"{SEATS[seat]} has no {target.tile.notation} to exchange for the joker")
        self.racks[seat] = self.racks[seat].change(remove=(target.tile,), add=(Tile.JOKER,))
        self.exposures[owner][group] = replace(target, jokers=target.jokers - 1)
        self._last_action = "exchange"
        self.log.append(_event(self._label(), seat, "exchanges a joker", (target.tile,), f"from {SEATS[owner]}'s {target}"))

    @_move
    def reverse_swap(self, seat: int, owner: int, group: int) -> None:
        """MAHJ-X: on one's turn, give a joker and take a natural tile from an exposure."""
        if not self.ruleset.reverse_joker_swap:
            raise RuleError(f"reverse joker swaps are not allowed under {self.ruleset.name} rules")
        self._need_turn(seat, "discard", "swap a joker into an exposure")
        target = self._group(owner, group)
        self._need_live_exposure(owner)
        if not target.naturals:
            raise RuleError(f"{SEATS[owner]}'s exposure {target} is all jokers: it is wild, nothing can be swapped")
        if owner == seat and group == self._just_called and target.naturals == 1:
            raise RuleError("the called discard stays in the exposure it was called for")
        if not self.racks[seat].jokers:
            raise RuleError(f"{SEATS[seat]} has no joker to swap")
        self.racks[seat] = self.racks[seat].change(remove=(Tile.JOKER,), add=(target.tile,))
        self.exposures[owner][group] = _regroup(target.tile, target.naturals - 1, target.jokers + 1)
        self._last_action = "exchange"
        self.log.append(_event(self._label(), seat, "swaps a joker in", (target.tile,), f"to {SEATS[owner]}'s {target}"))

    @_move
    def amend(self, seat: int, group: int, add=(), remove=()) -> None:
        """Add tiles to or take tiles from one of one's own exposures, on one's turn.

        NMJL allows it only for the exposure just made by a call, before the
        discard that ends the turn (a pung called may become a kong; 3-6
        tiles), joker exchanges in between included. MAHJ-X allows it for any
        exposure, which may become only a pung, kong or quint (rule 5.2: 3-5
        tiles). The called discard never leaves the exposure it was called
        for; an exposure left with jokers only is wild (rule 4.5). Exposures
        are judged when the turn ends, at the discard (rule 5.6).
        """
        self._need_turn(seat, "discard", "amend an exposure")
        target = self._group(seat, group)
        add = tiles_arg(add, "add", 6)
        remove = tiles_arg(remove, "remove", 6)
        just_made = group == self._just_called
        if not self.ruleset.amend_exposures and not just_made:
            raise RuleError(
                f"under {self.ruleset.name} rules only the exposure just made can be changed, before discarding"
            )
        if not add and not remove:
            raise RuleError("an amendment adds or removes at least one tile")
        if target.is_wild:
            raise RuleError(f"the exposure {target} is wild (jokers only): it has no tile to amend")
        for t in add + remove:
            if t not in (target.tile, Tile.JOKER):
                raise RuleError(f"{t.notation} does not belong in an exposure of {target.tile.notation}")
        new_jokers = target.jokers + add.count(Tile.JOKER) - remove.count(Tile.JOKER)
        new_naturals = target.naturals + sum(t != Tile.JOKER for t in add) - sum(t != Tile.JOKER for t in remove)
        if new_jokers < 0 or new_naturals < 0:
            raise RuleError(f"the exposure {target} does not hold the tiles to take away")
        if just_made and new_naturals < 1:
            raise RuleError("the called discard stays in the exposure it was called for")
        largest = 5 if self.ruleset.amend_exposures else 6
        if not 3 <= new_jokers + new_naturals <= largest:
            if self.ruleset.amend_exposures:
                raise RuleError("an exposure may be amended only to a pung, kong or quint (MAHJ-X rule 5.2)")
            raise RuleError("an exposure is a pung, kong, quint or sextet: it cannot become a pair or single")
        try:
            self.racks[seat] = self.racks[seat].change(remove=add, add=remove)
        except ValueError:
            raise RuleError(f"{SEATS[seat]} does not hold {' '.join(t.notation for t in add)} to add") from None
        target = self.exposures[seat][group] = _regroup(target.tile, new_naturals, new_jokers)
        self.log.append(_event(self._label(), seat, "amends an exposure", tuple(add), f"now {target}"))

    # -- dead hands -------------------------------------------------------------------
    @_move
    def call_dead(self, seat: int, target: int) -> bool:
        """Call another player's hand dead (seed 003, "Dead Hands"); returns whether it is.

        The engine judges the target's exposures (and tile count) as at the end
        of a turn. Right: the target's hand is dead. Wrong: under
        ``ruleset.wrong_dead_call == "dispute"`` (NMJL home play) the call is
        recorded in ``disputes`` and settled at the end of the game, the game
        going on; under ``"caller dead"`` (tournaments, online; MAHJ-X) the
        caller's hand is dead. A seat calls a target dead at most once while
        the call stands disputed.
        """
        seat = seat_arg(seat)
        target = seat_arg(target, "target")
        if self.phase not in ("draw", "discard", "calls"):
            raise RuleError("a hand can be called dead only during play")
        if seat in self.dead:
            raise RuleError(f"{SEATS[seat]}'s hand is dead: it plays no further")
        if target == seat:
            raise RuleError("a player cannot call their own hand dead")
        if target in self.dead:
            raise RuleError(f"{SEATS[target]}'s hand is already dead")
        if self.phase == "discard" and self.turn == target:
            raise RuleError(f"{SEATS[target]}'s exposures are judged when the turn ends, at the discard")
        if (seat, target) in self.disputes:
            raise RuleError(f"{SEATS[seat]} has already called {SEATS[target]}'s hand dead; it is settled at the end")
        reason = self._hopeless(target)
        self.log.append(_event(self._label(), seat, "calls a hand dead", detail=SEATS[target]))
        if reason:
            self._make_dead(target, f"called dead by {SEATS[seat]}: {reason}")
            return True
        if self.ruleset.wrong_dead_call == "caller dead":
            self._make_dead(seat, f"called {SEATS[target]}'s live hand dead ({self.ruleset.name} rules)")
        else:
            self.disputes.append((seat, target))
            self.log.append(_event(self._label(), seat, "dead call disputed", detail="settled at the end of the game"))
        return False

    # -- legal moves -------------------------------------------------------------------
    def legal_moves(self, seat: int) -> list["Move"]:
        """Every move ``seat`` may make now (see :func:`mjlearn.rules.moves.legal_moves`)."""
        from .moves import legal_moves

        return legal_moves(self, seat)

    def play(self, move: "Move"):
        """Make a :class:`~mjlearn.rules.moves.Move` (the same as calling its method)."""
        from .moves import play

        return play(self, move)

    # -- calls ------------------------------------------------------------------------
    def _callers(self) -> list[int]:
        dead = self.dead
        return [s for s in _AFTER[self.discards[-1][0]] if s not in dead]

    def _answer(self, seat: int, claim: tuple) -> None:
        if seat in self._claims:
            if self._claims[seat] == claim:
                raise RuleError(f"{SEATS[seat]} has already given that answer")
            if seat in self._changed:
                raise RuleError(f"{SEATS[seat]} has already changed their answer once: it stands")
            self._changed.add(seat)
            self.log.append(_event(self._label(), seat, "changes their answer"))
        self._claims[seat] = claim
        self._maybe_resolve()

    def _maybe_resolve(self) -> None:
        claims, dead = self._claims, self.dead
        for seat in _AFTER[self.discards[-1][0]]:
            if seat not in claims and seat not in dead:
                return
        self._resolve_calls()

    def _resolve_calls(self) -> None:
        discarder, tile = self.discards[-1]
        for claim in self._claims.values():
            if claim is not _PASS:
                break
        else:  # (the usual end: everybody let it go)
            if self._changed:
                self._changed = set()
            self._claims = {}
            self._next_turn(discarder)
            return
        order = self._callers()
        self._changed = set()
        for seat in [s for s in order if self._claims.get(s, ("pass",))[0] == "mahjongg"]:
            exposures = list(self.exposures[seat])
            wins = self.card.match(self.racks[seat].change(add=(tile,)), exposures, ruleset=self.ruleset)
            if wins:
                self.discards.pop()
                self.racks[seat] = self.racks[seat].change(add=(tile,))
                self.log.append(_event(self._label(), seat, "calls for Mah Jongg", (tile,)))
                self._win(seat, wins, "discard", discarder, tuple(self.exposures[seat]))
                return
            self._make_dead(seat, f"false Mah Jongg on {SEATS[discarder]}'s {tile.notation}")
            if self.phase == "over":
                return
        for seat in [s for s in order if self._claims.get(s, ("pass",))[0] == "expose" and s not in self.dead]:
            _, size, jokers = self._claims[seat]
            self.discards.pop()
            naturals = size - 1 - jokers
            self.racks[seat] = self.racks[seat].change(remove=[tile] * naturals + [Tile.JOKER] * jokers)
            self._exposed_at_call = tuple(self.exposures[seat])  # what the caller showed when the tile was thrown
            self.exposures[seat].append(Exposure(tile, size, jokers))
            self.log.append(_event(self._label(), seat, "calls and exposes", (tile,), str(self.exposures[seat][-1])))
            self._claims = {}
            self.turn = seat
            self.phase = "discard"
            self._last_action = "call"
            self._called_from = discarder
            self._just_called = len(self.exposures[seat]) - 1  # judged at the discard, editable until then
            self.turns += 1
            return
        self._claims = {}
        self._next_turn(discarder)

    # -- endings and dead hands -------------------------------------------------------
    def _win(self, seat: int, wins, how: str, discarder: int | None, shown: tuple | None = None) -> GameResult:
        """End the game with ``seat``'s Mah Jongg; ``shown``: its exposures when the winning discard was thrown."""
        from .scoring import score_win

        payout = score_win(self.card, wins, seat, how, discarder, self.ruleset, exposed_at_throw=shown)
        result = GameResult(seat, how, discarder, tuple(wins), payout)
        self.log.append(_event(self._label(), seat, "Mah Jongg", detail=f"{how}: {payout.line.category} #{payout.line.number}"))
        self._end(result)
        return result

    def _end(self, result: GameResult) -> None:
        if result.winner is None and result.payout is None:  # a wall game scores too (MAHJ-X rule 8)
            from .scoring import wall_game

            result = GameResult(None, result.how, payout=wall_game(self.ruleset, sorted(self.dead)))
        self.result = replace(result, dead=tuple(sorted(self.dead)))
        self.phase = "over"

    def _make_dead(self, seat: int, reason: str) -> None:
        self.dead.add(seat)
        self.log.append(_event(self._label(), seat, "hand is dead", detail=reason))
        if len(self.dead) == 4:
            self._end(GameResult(None, "wall"))

    def _settle(self) -> None:
        """After every move: nobody waits for a dead hand, and a discard nobody may call is resolved."""
        if not self.dead:
            if self.phase == "calls":
                self._maybe_resolve()
            return
        if self.phase in ("draw", "discard") and self.turn in self.dead:
            self.extra_pick = False
            self._just_called = None
            self._next_turn(self.turn)  # a hand that died on its own turn passes the turn on
        elif self.phase == "calls":
            self._claims = {s: c for s, c in self._claims.items() if s not in self.dead}
            self._maybe_resolve()

    def _allowed_index(self, exposures: tuple) -> "numpy.ndarray":
        """The hands of the card these exposures allow (read-only), worked out once for all the games of
        the compiled card (they depend on the exposures' tiles and sizes only) and kept by each game."""
        index = self._allowed.get(exposures)
        if index is None:
            index = self._allowed[exposures] = self.card.compiled(self.ruleset).exposed_rows(exposures).hands
        return index

    def _exposure_problem(self, exposures: tuple) -> str | None:
        if not len(self._allowed_index(exposures)):
            return "no line of the card can use these exposures"
        return None

    def _check_exposures(self, seat: int) -> None:
        exposures = tuple(self.exposures[seat])
        judged = self._judged.get(seat)
        if judged is not None and judged[0] == exposures:  # (the same Exposure objects as at the last discard:
            problem = judged[1]  # compared by identity, where reading the allowed hands hashes every one)
        else:
            problem = self._exposure_problem(exposures)
            self._judged[seat] = (exposures, problem)
        if problem:
            self._make_dead(seat, problem)

    def _unviable(self, seat: int, table: tuple | None = None) -> bool:
        """Whether every hand ``seat``'s exposures allow needs tiles that are now out of play.

        Each seat's :class:`~mjlearn.engine.liveness.LiveHands` is kept while its exposures stay the
        same, and updated only for the kinds of tile seen since the last look; when all that
        happened since is one discard, by that one tile (:meth:`LiveHands.lose`: often nothing to do),
        without reading the table.
        """
        if table is None:
            table = tuple(map(tuple, self.exposures))  # (every seat's exposures, as they are now)
        exposures = table[seat]
        kept = self._live.get(seat)
        if kept is None or kept[0] != exposures:
            compiled = self.card.compiled(self.ruleset)
            rows = compiled.exposed_rows(exposures)  # (a wild exposure: a row per reading, live if one is)
            # (shared by the games of the card in this thread: the hands and what they need depend on the
            # exposures' tiles and sizes only)
            live = shared_live_hands(compiled, rows.key, lambda: LiveHands(rows.rest, rows.small))
            kept = self._live[seat] = [exposures, live, None, None, -1, None, -1]
        live = kept[1]
        discards = self.discards
        size = len(discards)
        # (the exposures on the table, the list of discards and the liveness's version at the last look)
        if kept[2] == table and kept[3] is discards and kept[6] == live.version:
            if size == kept[4] and (not size or discards[-1] is kept[5]):
                return not live.some
            if size == kept[4] + 1 and (size == 1 or discards[-2] is kept[5]) and live.seen is not None:
                live.lose(discards[-1][1])  # (one tile fewer: one step, often none)
                kept[4], kept[5], kept[6] = size, discards[-1], live.version
                return not live.some
        dead = not live.any(available_counts(self.visible(seat), exposures))
        kept[2:] = [table, discards, size, discards[-1] if size else None, live.version]
        return dead

    def _check_viable(self) -> None:
        """Players with exposures whose every possible hand needs tiles now out of play are dead.

        (A player with no exposure can always change course, so only exposures can make a hand hopeless.)
        """
        table = None
        for seat in range(4):
            if seat in self.dead or not self.exposures[seat]:
                continue
            if table is None:
                table = tuple(map(tuple, self.exposures))
            if self._unviable(seat, table):
                self._make_dead(seat, "every hand these exposures allow needs tiles that are out of play")

    def _hopeless(self, seat: int) -> str | None:
        """Why ``seat``'s hand is dead if judged now (as at the end of a turn), or ``None``."""
        held = self._tiles_held(seat)
        if held != 13 and not (self.turn == seat and self.phase == "discard"):
            return f"{held} tiles; a hand holds 13"
        if not self.exposures[seat]:
            return None
        problem = self._exposure_problem(tuple(self.exposures[seat]))
        if problem:
            return problem
        if self._unviable(seat):
            return "every hand these exposures allow needs tiles that are out of play"
        return None

    def _next_turn(self, after: int) -> None:
        for step in (1, 2, 3, 4):
            seat = (after + step) % 4
            if seat not in self.dead:
                self.turn = seat
                self.phase = "draw"
                return
        self._end(GameResult(None, "wall"))

    # -- checks ---------------------------------------------------------------------
    def _need_phase(self, phase: str) -> None:
        """Only during the Charleston (the one phase a move names this way); play has begun otherwise."""
        if self.phase != phase:
            raise RuleError("the Charleston is over: play has begun")

    def _need_turn(self, seat: int, phase: str, doing: str | None = None) -> None:
        """``seat`` may make a move of its turn's ``phase`` now (``"draw"`` or ``"discard"``); otherwise a
        :class:`RuleError` saying whose turn it is, and to do what. ``doing`` is the move in words."""
        if type(seat) is int and seat == self.turn and self.phase == phase and seat not in self.dead:
            return  # (the seat whose turn it is, in that phase: every check below passes)
        seat_arg(seat)
        doing = doing or phase
        if seat in self.dead:
            raise RuleError(f"{SEATS[seat]}'s hand is dead: it plays no further")
        if self.phase == "charleston":
            raise RuleError(f"the Charleston is under way (the {self.charleston.step_label}): nobody may {doing}"
                            " until play begins")
        if self.phase == "calls":
            waiting = ", ".join(SEATS[s] for s in self.waiting_for())
            raise RuleError(f"{SEATS[self.discards[-1][0]]}'s discard is being answered (by {waiting}):"
                            f" nobody may {doing} until then")
        if self.phase != phase or self.turn != seat:
            turn = SEATS[self.turn]
            now = "discard (or declare Mah Jongg)" if self.phase == "discard" else (
                "draw (or let the extra pick go)" if self.extra_pick else "draw")
            if self.turn != seat:
                raise RuleError(f"it is {turn}'s turn to {now}: {SEATS[seat]} cannot {doing} now")
            if self.phase == "discard":
                raise RuleError(f"{turn} has a tile to discard: it is {turn}'s turn to {now}, not to {doing}")
            raise RuleError(f"{turn} must draw first: it is {turn}'s turn to {now}, not to {doing}")

    def _need_caller(self, seat: int) -> tuple[int, Tile]:
        seat_arg(seat)
        if self.phase != "calls":
            if self.discards and self.discards[-1][1] == Tile.JOKER and self._last_action == "discard":
                raise RuleError("a discarded joker cannot be called: it is dead once it is thrown")
            raise RuleError("there is no discard to call now: a discard can be called only until the next player draws")
        if seat in self.dead:
            raise RuleError(f"{SEATS[seat]}'s hand is dead: it cannot call")
        discarder, tile = self.discards[-1]
        if seat == discarder:
            raise RuleError("a player cannot call their own discard")
        return discarder, tile

    def _need_live_exposure(self, owner: int) -> None:
        if owner in self.dead and not self.ruleset.exchange_in_dead_exposures:
            raise RuleError(
                f"tiles cannot be exchanged in an exposure of a dead hand ({self.ruleset.name}: MAHJ-X rule 4.4)"
            )

    def _group(self, owner: int, group: int) -> ExposedGroup:
        owner = seat_arg(owner, "owner")
        count = len(self.exposures[owner])
        if isinstance(group, bool) or not isinstance(group, int) or not 0 <= group < count:
            if isinstance(group, int) and not isinstance(group, bool) and not count:
                raise RuleError(f"{SEATS[owner]} has no exposure number {group}: {SEATS[owner]} has no exposures")
            if isinstance(group, int) and not isinstance(group, bool):
                raise RuleError(f"{SEATS[owner]} has no exposure number {group} (0-{count - 1})")
            raise MoveArgumentError("group", group, f"an exposure number (0-{max(count - 1, 0)})")
        return self.exposures[owner][group]

    def _label(self) -> str:
        turns = self.turns
        if turns.__class__ is int and 0 <= turns < 1000:
            return _TURN_LABELS[turns]
        return f"turn {turns}"

    # -- undo, replay, log ------------------------------------------------------------
    def snapshot(self) -> GameState:
        """The whole state of the game now, as a value (log and moves included)."""
        return self._snapshot()

    def _snapshot(self) -> GameState:
        return GameState(
            racks=tuple(self.racks),
            exposures=tuple(tuple(groups) for groups in self.exposures),
            discards=tuple(self.discards),
            wall=tuple(self.wall),
            phase=self.phase,
            turn=self.turn,
            dead=frozenset(self.dead),
            result=self.result,
            log=tuple(self.log),
            moves=tuple((name, tuple(arguments.items())) for name, arguments in self.moves),
            turns=self.turns,
            claims=tuple(sorted(self._claims.items())),
            changed=frozenset(self._changed),
            disputes=tuple(self.disputes),
            last_action=self._last_action,
            called_from=self._called_from,
            just_called=self._just_called,
            extra_pick=self.extra_pick,
            charleston=self.charleston.snapshot(),
            exposed_at_call=self._exposed_at_call,
        )

    def _undo_point(self) -> tuple:
        """What :meth:`_rewind` needs to undo the move about to be made: the state a move can change.

        Cheaper than :meth:`snapshot`: the log and the moves only grow during a move, so their
        lengths are enough; the wall is kept as it is, for a move never changes that list (a draw
        makes a new one); and the Charleston is saved only while it is under way.
        """
        exposures = self.exposures
        return (
            tuple(self.racks), (tuple(exposures[0]), tuple(exposures[1]), tuple(exposures[2]), tuple(exposures[3])),
            tuple(self.discards),
            self.wall, self.phase, self.turn, frozenset(self.dead), self.result, len(self.log),
            len(self.moves), self.turns, dict(self._claims), frozenset(self._changed), tuple(self.disputes),
            self._last_action, self._called_from, self._just_called, self.extra_pick,
            self.charleston.undo_point() if self.phase == "charleston" else None, self._exposed_at_call,
        )

    def _rewind(self, saved: tuple) -> None:
        """Put the game back as it was at :meth:`_undo_point`."""
        (racks, exposures, discards, wall, self.phase, self.turn, dead, self.result, logged, moved, self.turns,
         claims, changed, disputes, self._last_action, self._called_from, self._just_called, self.extra_pick,
         charleston, self._exposed_at_call) = saved
        self.racks = list(racks)
        self.exposures = [list(groups) for groups in exposures]
        self.discards = list(discards)
        self.wall = list(wall)
        self.dead = set(dead)
        del self.log[logged:]
        del self.moves[moved:]
        self._claims = claims
        self._changed = set(changed)
        self.disputes = list(disputes)
        if charleston is not None:
            self.charleston.rewind(charleston)

    def _restore(self, saved: GameState) -> None:
        self.racks = list(saved.racks)
        self.exposures = [list(groups) for groups in saved.exposures]
        self.discards = list(saved.discards)
        self.wall = list(saved.wall)
        self.phase, self.turn, self.result, self.turns = saved.phase, saved.turn, saved.result, saved.turns
        self.dead = set(saved.dead)
        self.log[:] = saved.log
        self.moves[:] = [(name, dict(arguments)) for name, arguments in saved.moves]
        self._claims = dict(saved.claims)
        self._changed = set(saved.changed)
        self.disputes = list(saved.disputes)
        self._last_action, self._called_from = saved.last_action, saved.called_from
        self._just_called, self.extra_pick = saved.just_called, saved.extra_pick
        self._exposed_at_call = saved.exposed_at_call
        self.charleston.restore(saved.charleston)

    @classmethod
    def replay(cls, card: "Card", ruleset: Ruleset | str, seed: int | None, moves, position=None,
               deal: Deal | None = None) -> "Game":
        """A new game with the same seed (and the same ``position`` or ``deal``, if given) and the same moves:
        the same game, step by step. A game dealt without a seed is replayed from its deal
        (``deal=game.deal``): without one, ``seed=None`` would deal another game."""
        if position is not None:
            game = cls.from_position(card, ruleset, seed=seed, **position.to_dict())
        elif deal is not None:
            game = cls.from_deal(card, ruleset, deal, seed)
        elif seed is None:
            raise ArgumentError("a game dealt without a seed is replayed from its deal: give deal=game.deal"
                                " (or position=game.position)")
        else:
            game = cls(card, ruleset, seed)
        for name, arguments in moves:
            getattr(game, name)(**arguments)
        return game

    @classmethod
    def from_deal(cls, card: "Card", ruleset: Ruleset | str, deal: Deal, seed: int | None = None) -> "Game":
        """A game of ``deal`` (a :class:`~mjlearn.rules.setup.Deal`: what a save file records, or
        :func:`~mjlearn.rules.setup.deal_from_walls`' walls built by hand) instead of a deal from ``seed``.

        The Charleston's blind passes draw from ``deal.seed`` (a seed is drawn if the deal has none).

        >>> import mjlearn as mj
        >>> from mjlearn.rules.setup import deal_tiles
        >>> game = Game.from_deal(mj.load_card("basic1"), "NMJL", deal_tiles(seed=3))
        >>> game.racks == Game(mj.load_card("basic1"), seed=3).racks, game.seed
        (True, None)
        """
        game = cls(card, ruleset, seed)
        game.seed = seed  # the game follows the deal, not a seed (None unless one was given)
        if not isinstance(deal, Deal):
            raise ArgumentError(f"deal must be a Deal (mjlearn.rules.setup.deal_tiles or deal_from_walls),"
                                f" not {type(deal).__name__}")
        if deal.ruleset != game.ruleset:
            raise RuleError(f"this deal was dealt under {deal.ruleset.name} rules, not {game.ruleset.name}")
        if deal.seed is None:
            deal = replace(deal, seed=fresh_seed())
        game.deal = deal
        game.charleston = Charleston(deal)
        game.racks = list(deal.racks)
        game.wall = list(deal.wall)
        return game

    @classmethod
    def from_position(
        cls,
        card: "Card",
        ruleset: Ruleset | str = NMJL,
        *,
        racks=None,
        exposures=None,
        discards=(),
        wall=(),
        turn: int = 0,
        phase: str = "draw",
        dead=(),
        seed: int | None = None,
    ) -> "Game":
        """A game that starts from a position instead of a deal (see :mod:`mjlearn.rules.position`).

        ``phase="calls"`` sets up the moment a discard is live: ``turn`` has just
        thrown the last of ``discards``, and the other seats call it or let it go.

        Seats whose racks are not given get random racks from the tiles left,
        and the rest of the set follows ``wall`` (the next tiles to draw),
        shuffled by ``seed`` (``None``: a fresh seed, kept in ``game.seed``).
        ``card`` is read as in :class:`Game`. An impossible position raises
        :class:`~mjlearn.errors.PositionError` naming the argument.

        Exposures are judged as at the end of their owner's last turn: a seat
        whose exposures no line of the card can use starts dead (logged with
        the reason, as in play); if that seat is the one to move, the position
        is refused.

        >>> import mjlearn as mj
        >>> card = mj.parse_card('C\\n"2468"\\nFF 222 444 666 888 X25')
        >>> game = Game.from_position(card, racks={0: "FF 222B 444B 666C 88C J"}, exposures={3: ["88D J"]},
        ...                           discards=[(1, "8D")], turn=0, phase="discard", seed=7)
        >>> game.status(), str(game.exposures[3][0]), game.wall_left
        ('East to discard (or declare Mah Jongg)', '88D J', 98)
        """
        from .position import read_table_position

        game = cls(card, ruleset, seed)
        position = read_table_position(
            game.ruleset, racks=racks, exposures=exposures, discards=discards, wall=wall,
            turn=turn, phase=phase, dead=dead, seed=game.seed,
        )
        game.position = position
        game.racks = list(position.racks)
        game.exposures = [list(groups) for groups in position.exposures]
        game.discards = list(position.discards)
        game.wall = list(position.wall)
        game.turn, game.phase, game.dead = position.turn, position.phase, set(position.dead)
        game._last_action = {"discard": "draw", "calls": "discard"}.get(position.phase, "deal")
        doing = f"{position.phase}" if position.phase != "calls" else "wait for calls on its discard"
        game.log.append(_event("play", None, "position set up", detail=f"{SEATS[position.turn]} to {doing}"))
        game._judge_position()
        if game.phase == "calls" and not game._callers():
            game._resolve_calls()  # every other hand is dead: nobody can call the tile
        return game

    def _judge_position(self) -> None:
        """Judge each hand's exposures as its owner's last discard did (a position has no turn under way).

        Every exposure on the table was judged when its owner's turn ended, and nothing another player
        does since takes away a line it allows; so a seat showing exposures that no line of the card can
        use is dead: it is marked dead at once, with the reason play logs. The seat to move cannot be
        dead, so such a position is refused. (Exposures whose every hand needs tiles now out of play
        depend on the floor, not on the exposures alone: as in play, they are judged at the next
        discard, and a lesson can have a player call such a hand dead first.)
        """
        from ..errors import PositionError

        for seat in range(4):
            if seat in self.dead or not self.exposures[seat]:
                continue
            problem = self._exposure_problem(tuple(self.exposures[seat]))
            if problem is None:
                continue
            if seat == self.turn:
                raise PositionError(f"exposures[{seat}]: {problem}, so {SEATS[seat]}'s hand is dead"
                                    f" and it cannot be {SEATS[seat]}'s turn")
            self._make_dead(seat, problem)

    def to_dict(self) -> dict:
        """The game as a save file's JSON-ready dict (see :mod:`mjlearn.rules.savefile`)."""
        from .savefile import game_to_dict

        return game_to_dict(self)

    def save(self, path) -> None:
        """Save the game (its position or seed, and its moves) to a JSON file (:mod:`mjlearn.rules.savefile`)."""
        from .savefile import save_game

        save_game(self, path)

    @classmethod
    def load(cls, path, card: "Card | None" = None) -> "Game":
        """Load a saved game by replaying it; :class:`~mjlearn.errors.SaveFileError` if the file is bad.

        ``card`` (a Card, a bundled card's name or a ``.mjcl`` path) replaces the card saved in the file.
        """
        from .savefile import load_game

        return load_game(path, None if card is None else as_card(card))

    def log_table(self) -> "pandas.DataFrame":
        """The log as a table: step, seat, action, tiles, detail."""
        return events_table(self.log)

    def status(self) -> str:
        """Where the game stands, in words: whose move it is and what it is, or how the game ended."""
        if self.phase == "over":
            return "Game over: " + ("a wall game" if self.result.winner is None
                                    else f"{SEATS[self.result.winner]} has Mah Jongg")
        if self.phase == "charleston":
            return f"The Charleston: {self.charleston.step.name}"
        if self.phase == "calls":
            seat, tile = self.last_discard
            waiting = ", ".join(SEATS[s] for s in self.waiting_for())
            return f"{SEATS[seat]} has discarded {tile.notation}; waiting for {waiting} to call it or let it go"
        doing = {"draw": "to draw", "discard": "to discard (or declare Mah Jongg)"}[self.phase]
        return f"{SEATS[self.turn]} {doing}"

    def _repr_html_(self) -> str:
        from ..render.html import game_html

        return game_html(self)

    def __repr__(self) -> str:
        state = f"over: {self.result.how}" if self.result else f"{self.phase}, {SEATS[self.turn]}"
        return f"<Game {self.ruleset.name} seed={self.seed}: {state}, {self.wall_left} tiles in the wall>"


_DRAW = Game.draw  # (the fast forms of the bots' moves stand aside when a subclass or a timer replaces a move)
_DISCARD = Game.discard
_PASS_TILES = Game.pass_tiles
_VOTE = Game.vote

MOVE_NAMES = frozenset(name for name, method in vars(Game).items()
                       if callable(method) and hasattr(method, "__wrapped__"))  # (the methods _move wraps)
"""The names of :class:`Game`'s moves, as ``game.moves`` and save files record them (``"draw"``, ``"discard"``...)."""
