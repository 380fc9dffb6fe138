"""What one seat sees of a game, as plain data for the table widget.

The browser draws only what this module gives it, and it gives nothing a
player at the table could not see: the other racks are counts, the other
players' draws and Charleston passes are "a tile" and "3 tiles", and the
wall is a number. Tiles travel as codes (``int(Tile)``), as in the other
widgets.

>>> import mjlearn as mj
>>> from mjlearn.rules import Game
>>> game = Game(mj.load_card("basic1"), seed=3)
>>> game.skip_charleston()
>>> view = table_view(game, seat=1, rack=rack_order(game.racks[1].tiles()))
>>> [(s["name"], s["where"], s["tiles"]) for s in view["seats"]]
[('South', 'you', 13), ('West', 'right', 13), ('North', 'across', 13), ('East', 'left', 14)]
>>> view["status"], view["wall"]
('East to discard (or declare Mah Jongg)', 99)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..rules.charleston import Event
from ..rules.moves import Move, legal_moves
from ..rules.setup import SEATS
from ..tiles import Tile
from ._common import rack_order, win_rows

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.game import Game

__all__ = ["PLACES", "event_text", "seat_places", "table_view", "action_buttons", "rack_order"]

PLACES = ("you", "right", "across", "left")
"""Where each seat sits as seen from yours: the next player in turn is on your right."""

_HIDDEN_TILES = {"draws": "draws a tile", "receives": None}
_GROUP_WORDS = {3: "pung", 4: "kong", 5: "quint", 6: "sextet"}


def seat_places(seat: int) -> list[int]:
    """The seats in the order ``PLACES`` names them, starting with ``seat``.

    >>> seat_places(3)
    [3, 0, 1, 2]
    """
    return [(seat + ahead) % 4 for ahead in range(4)]


def _tiles_text(tiles: Sequence[Tile]) -> str:
    return " ".join(tile.notation for tile in tiles)


def event_text(event: Event, seat: int) -> str | None:
    """A log line as ``seat`` sees it, or ``None`` for a line only its owner sees.

    >>> from mjlearn.tiles import Tile
    >>> event_text(Event("turn 4", 2, "draws", (Tile.B5,)), seat=0)
    'West draws a tile'
    >>> event_text(Event("turn 4", 2, "draws", (Tile.B5,)), seat=2)
    'You draw 5B'
    """
    who = "You" if event.seat == seat else (SEATS[event.seat] if event.seat is not None else "")
    mine = event.seat == seat
    action = event.action
    if not mine and action in _HIDDEN_TILES:
        hidden = _HIDDEN_TILES[action]
        return None if hidden is None else f"{who} {hidden}"
    charleston = not event.step.startswith(("turn", "play"))
    if not mine and action == "passes":
        text = f"{who} passes {len(event.tiles)} tile{'s' if len(event.tiles) != 1 else ''}"
    else:
        if mine:
            action = _second_person(action)
        text = " ".join(part for part in (who, action, _tiles_text(event.tiles)) if part)
        if event.detail:
            text += f" ({event.detail})"
    text = text[:1].upper() + text[1:]
    return f"{event.step[:1].upper()}{event.step[1:]}: {text}" if charleston else text


def _second_person(action: str) -> str:
    """ "draws" -> "draw", "calls and exposes" -> "call and expose": the verb for "You"."""
    words = action.split()
    irregular = {"passes": "pass", "discards": "discard", "changes": "change", "amends": "amend",
                 "exchanges": "exchange", "swaps": "swap", "exposes": "expose", "picks": "pick",
                 "declines": "decline", "receives": "receive", "calls": "call", "draws": "draw", "is": "are"}
    return " ".join(irregular.get(word, word) for word in words)


def _group(exposure) -> dict:
    tiles = [int(Tile.JOKER)] * exposure.jokers if exposure.is_wild else \
        [int(exposure.tile)] * exposure.naturals + [int(Tile.JOKER)] * exposure.jokers
    return {"tiles": tiles, "wild": bool(exposure.is_wild), "text": str(exposure)}


def _result(game: "Game") -> dict | None:
    if game.result is None:
        return None
    result = game.result
    payout = result.payout
    winning = [payout.line] if payout is not None and payout.line is not None else list(result.wins[:1])
    return {
        "winner": result.winner,
        "how": result.how,
        "lines": str(result).splitlines(),
        "wins": win_rows(winning),
    }


def _charleston(game: "Game", seat: int) -> dict | None:
    if game.phase != "charleston":
        return None
    step = game.charleston.step
    return {
        "name": step.name,
        "kind": step.kind,
        "direction": step.direction,
        "to": SEATS[(seat + {"right": 1, "across": 2, "left": 3}[step.direction]) % 4],
        "blind": bool(step.blind),
        "yours": seat in game.charleston.waiting_for(),
    }


def action_buttons(game: "Game", seat: int) -> list[dict]:
    """The moves ``seat`` may make now, one button each (discards and passes are made on the rack instead).

    Each is ``{"kind", "label", "args"}``: the widget's method of that kind,
    called with ``args``. Calling a hand dead is offered as its own menu.
    """
    buttons: list[dict] = []
    for move in legal_moves(game, seat):
        label = _label(game, move)
        if label is not None:
            buttons.append({"kind": move.kind, "label": label, "args": _arguments(move)})
    return buttons


def _arguments(move: Move) -> dict:
    if move.kind == "call":
        return {"size": move.size, "jokers": move.jokers}
    if move.kind in ("exchange_joker", "reverse_swap"):
        return {"owner": move.owner, "group": move.group}
    if move.kind == "amend":
        return {"group": move.group, "add": [t.notation for t in move.add], "remove": [t.notation for t in move.remove]}
    if move.kind == "vote":
        return {"second_charleston": move.second_charleston}
    if move.kind == "call_dead":
        return {"target": move.target}
    return {}


def _label(game: "Game", move: Move) -> str | None:
    kind = move.kind
    if kind in ("discard", "pass_tiles"):
        return None  # made by picking tiles on the rack
    if kind == "draw":
        return "Draw from the wall"
    if kind == "decline_pick":
        return "Let the extra pick go"
    if kind == "declare_mahjongg":
        return "Mah Jongg!"
    if kind == "call_mahjongg":
        return "Call it for Mah Jongg"
    if kind == "pass_call":
        return "Let it go"
    if kind == "vote":
        return "Second Charleston: yes" if move.second_charleston else "Second Charleston: no"
    if kind == "call":
        jokers = f", with {move.jokers} joker{'s' if move.jokers != 1 else ''}" if move.jokers else ""
        return f"Call it for a {_GROUP_WORDS[move.size]}{jokers}"
    if kind == "exchange_joker":
        group = game.exposures[move.owner][move.group]
        return f"Take the joker from {_whose(game, move)} {group} (give {group.tile.notation})"
    if kind == "reverse_swap":
        group = game.exposures[move.owner][move.group]
        return f"Give a joker for a {group.tile.notation} of {_whose(game, move)} {group}"
    if kind == "amend":
        group = game.exposures[move.seat][move.group]
        if move.add:
            return f"Add {move.add[0].notation} to your {group}"
        return f"Take {move.remove[0].notation} from your {group}"
    if kind == "call_dead":
        return f"Call {SEATS[move.target]}'s hand dead"
    return None


def _whose(game: "Game", move: Move) -> str:
    return "your" if move.owner == move.seat else f"{SEATS[move.owner]}'s"


def table_view(game: "Game", seat: int, rack: Sequence[int], drawn: int | None = None, log_lines: int = 8) -> dict:
    """Everything the widget draws for ``seat``: your rack in ``rack``'s order, the table, your moves.

    ``drawn`` is the code of the tile you have just drawn (shown apart), if any.
    """
    seats = []
    for where, other in zip(PLACES, seat_places(seat)):
        seats.append({
            "seat": other,
            "name": SEATS[other],
            "where": where,
            "tiles": len(game.racks[other]),
            "exposures": [_group(e) for e in game.exposures[other]],
            "dead": other in game.dead,
            "turn": game.phase in ("draw", "discard") and game.turn == other,
            "waiting": other in game.waiting_for(),
        })
    events = game.charleston.log if game.phase == "charleston" else game.log
    seen = [text for text in (event_text(e, seat) for e in events) if text]
    calls = game.phase == "calls"
    return {
        "seat": seat,
        "rack": list(rack),
        "drawn": drawn,
        "seats": seats,
        "floor": [{"seat": who, "tile": int(tile)} for who, tile in game.discards],
        "last": len(game.discards) - 1 if game.discards else None,
        "callable": calls,
        "wall": game.wall_left,
        "phase": game.phase,
        "turn": game.turn,
        "yours": seat in game.waiting_for(),
        "can_discard": game.phase == "discard" and game.turn == seat and seat not in game.dead,
        "status": game.status(),
        "charleston": _charleston(game, seat),
        "buttons": action_buttons(game, seat),
        "log": seen[-log_lines:],
        "result": _result(game),
    }
