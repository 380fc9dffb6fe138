"""Moves as values: :class:`Move`, and :func:`legal_moves`, every move a seat may make now.

A :class:`Move` names a :class:`~mjlearn.rules.game.Game` method (``kind``),
the seat that makes it, and that method's arguments; :func:`play` makes it.

What :func:`legal_moves` lists:

- Charleston vote: ``vote`` yes and no.
- Charleston pass: one move per way of filling the pass, *summarised*: ``tiles``
  holds every tile the seat may pass (its natural tiles, one entry per copy)
  and ``count`` how many of them to choose (3 less the ``blind`` ones; 0-3 in a
  negotiated swap). Pick ``count`` of ``tiles`` and play
  ``Move("pass_tiles", seat, tiles=chosen, blind=blind)``.
- A turn: ``draw`` (and ``decline_pick`` after a MAHJ-X joker discard);
  ``discard`` of each different tile, ``declare_mahjongg``, every allowed
  ``exchange_joker`` and ``reverse_swap``, and ``amend`` by one tile (added or
  removed) where allowed; amendments of several tiles at once are also played.
- A discard to answer: ``pass_call``, ``call_mahjongg`` and every ``call``
  (size and jokers) the rack allows, less the answer already given; an
  answer may be changed once while others are still answering.
- During play, ``call_dead`` against each other live hand (not the one whose
  turn is under way).

A move listed is accepted by the rules' checks of its arguments and phase; a
``declare_mahjongg`` or ``call_dead`` may still turn out wrong (and cost the
caller, as the rules say).

>>> import mjlearn as mj
>>> from mjlearn.rules import Game
>>> game = Game(mj.load_card("basic1"), seed=3)
>>> game.skip_charleston()
>>> moves = legal_moves(game, 0)
>>> sorted({m.kind for m in moves})
['call_dead', 'declare_mahjongg', 'discard']
>>> legal_moves(game, 1)[0]
Move(kind='call_dead', seat=1, target=2)
>>> game.play(Move("discard", 0, tile=moves[0].tile))
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from ..errors import MoveArgumentError, RuleError
from ..tiles import Tile

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["Move", "MOVE_KINDS", "legal_moves", "play"]

MOVE_KINDS = {
    "pass_tiles": ("tiles", "blind"),
    "vote": ("second_charleston",),
    "skip_charleston": (),
    "draw": (),
    "decline_pick": (),
    "discard": ("tile",),
    "call": ("size", "jokers"),
    "call_mahjongg": (),
    "pass_call": (),
    "declare_mahjongg": (),
    "exchange_joker": ("owner", "group"),
    "reverse_swap": ("owner", "group"),
    "amend": ("group", "add", "remove"),
    "call_dead": ("target",),
}
"""Each move's kind (a :class:`Game` method) and the :class:`Move` fields it takes besides ``seat``."""


@dataclass(frozen=True)
class Move:
    """One move: ``kind`` (a :class:`Game` method), the ``seat`` making it, and its arguments."""

    kind: str
    seat: int
    tile: Tile | None = None
    tiles: tuple = ()
    blind: int = 0
    count: int | None = None
    """Charleston passes listed by :func:`legal_moves`: how many of ``tiles`` to choose."""
    second_charleston: bool | None = None
    size: int = 0
    jokers: int = 0
    owner: int | None = None
    group: int | None = None
    add: tuple = ()
    remove: tuple = ()
    target: int | None = None

    def __repr__(self) -> str:
        shown = [f"kind={self.kind!r}", f"seat={self.seat!r}"]
        for f in fields(self)[2:]:
            value = getattr(self, f.name)
            if value != f.default:
                shown.append(f"{f.name}={value!r}")
        return f"Move({', '.join(shown)})"


def play(game: "Game", move: Move):
    """Make ``move`` on ``game``: the game method it names, with its arguments."""
    if not isinstance(move, Move):
        raise MoveArgumentError("move", move, "a Move")
    if move.kind not in MOVE_KINDS:
        raise MoveArgumentError("move.kind", move.kind, "one of " + ", ".join(MOVE_KINDS))
    if move.kind == "pass_tiles" and move.count is not None and move.count != len(move.tiles):
        raise RuleError(f"this move lists the tiles to choose from: choose {move.count} of them")
    arguments = {name: getattr(move, name) for name in MOVE_KINDS[move.kind]}
    if move.kind == "skip_charleston":
        return game.skip_charleston()
    return getattr(game, move.kind)(move.seat, **arguments)


def legal_moves(game: "Game", seat: int) -> list[Move]:
    """Every move ``seat`` may make now (Charleston passes summarised; see the module's docstring)."""
    from .arguments import seat_arg

    seat = seat_arg(seat)
    if game.phase == "over":
        return []
    if game.phase == "charleston":
        return _charleston_moves(game, seat)
    if seat in game.dead:
        return []
    moves: list[Move] = []
    if game.phase == "calls":
        moves += _answers(game, seat)
    elif game.turn == seat and game.phase == "draw":
        moves.append(Move("draw", seat))
        if game.extra_pick:
            moves.append(Move("decline_pick", seat))
    elif game.turn == seat and game.phase == "discard":
        moves += _turn_moves(game, seat)
    for target in range(4):
        if target != seat and target not in game.dead and not (game.phase == "discard" and game.turn == target) \
                and (seat, target) not in game.disputes:
            moves.append(Move("call_dead", seat, target=target))
    return moves


def _charleston_moves(game: "Game", seat: int) -> list[Move]:
    charleston = game.charleston
    if seat not in charleston.waiting_for():
        return []
    step = charleston.step
    if step.kind == "vote":
        return [Move("vote", seat, second_charleston=True), Move("vote", seat, second_charleston=False)]
    tiles = tuple(t for t in charleston.racks[seat].tiles() if t != Tile.JOKER)
    if step.kind == "negotiated":
        return [Move("pass_tiles", seat, tiles=tiles, count=n) for n in range(min(3, len(tiles)) + 1)]
    blinds = range(4) if step.blind else range(1)
    return [Move("pass_tiles", seat, tiles=tiles, blind=b, count=3 - b) for b in blinds if 3 - b <= len(tiles)]


def _answers(game: "Game", seat: int) -> list[Move]:
    discarder, tile = game.last_discard
    if seat == discarder or seat not in game._callers():
        return []
    given = game._claims.get(seat)
    if given is not None and seat in game._changed:
        return []
    rack = game.racks[seat]
    options = [(Move("pass_call", seat), ("pass",)), (Move("call_mahjongg", seat), ("mahjongg",))]
    for size in range(3, 7):
        for jokers in range(size):
            if rack.count(tile) >= size - 1 - jokers and rack.jokers >= jokers:
                options.append((Move("call", seat, size=size, jokers=jokers), ("expose", size, jokers)))
    return [move for move, claim in options if claim != given]


def _turn_moves(game: "Game", seat: int) -> list[Move]:
    rack = game.racks[seat]
    rules = game.ruleset
    moves = [Move("discard", seat, tile=t) for t in sorted(set(rack.tiles()))]
    moves.append(Move("declare_mahjongg", seat))
    for owner in range(4):
        if owner in game.dead and not rules.exchange_in_dead_exposures:
            continue
        for group, e in enumerate(game.exposures[owner]):
            if rules.joker_exchange and not e.is_wild and e.jokers and rack.count(e.tile):
                moves.append(Move("exchange_joker", seat, owner=owner, group=group))
            if rules.reverse_joker_swap and e.naturals and rack.jokers and not (
                owner == seat and group == game._just_called and e.naturals == 1
            ):
                moves.append(Move("reverse_swap", seat, owner=owner, group=group))
    largest = 5 if rules.amend_exposures else 6
    for group, e in enumerate(game.exposures[seat]):
        just_made = group == game._just_called
        if e.is_wild or not (rules.amend_exposures or just_made):
            continue
        for t in (e.tile, Tile.JOKER):
            if e.size < largest and rack.count(t):
                moves.append(Move("amend", seat, group=group, add=(t,)))
            held = e.jokers if t == Tile.JOKER else e.naturals
            floor = 1 if just_made and t != Tile.JOKER else 0
            if e.size > 3 and held > floor:
                moves.append(Move("amend", seat, group=group, remove=(t,)))
    return moves
