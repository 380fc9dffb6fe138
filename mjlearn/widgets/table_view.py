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

__all__ = ["PLACES", "event_text", "news_text", "seat_places", "table_view", "action_buttons", "safe_buttons", "rack_order",
           "call_choices", "call_problem", "wins_now", "nearest_strip", "end_banner", "STRIP_LINES"]

STRIP_LINES = 3
"""How many live lines the strip under your rack shows while the coach is closed."""

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


def _tiles_text(tiles: Sequence[Tile], words: bool = False) -> str:
    if words:
        return ", ".join(tile_words(tile) for tile in tiles)
    return " ".join(tile.notation for tile in tiles)


def tile_words(tile: Tile) -> str:
    """A tile's name as the table's sentences use it: ``"5 Bam"``, ``"North"``, ``"White Dragon"``.

    >>> tile_words(Tile.WHITE), tile_words(Tile.B5)
    ('White Dragon', '5 Bam')
    """
    return tile.long_name.removesuffix(" (soap)")


def event_text(event: Event, seat: int, words: bool = False) -> str | None:
    """A log line as ``seat`` sees it, or ``None`` for a line only its owner sees.

    ``words=True`` names the tiles in words (``"5 Bam"`` rather than ``"5B"``), as the table's log does.

    >>> from mjlearn.tiles import Tile
    >>> event_text(Event("turn 4", 2, "draws", (Tile.B5,)), seat=0)
    'West draws a tile'
    >>> event_text(Event("turn 4", 2, "draws", (Tile.B5,)), seat=2)
    'You draw 5B'
    >>> event_text(Event("turn 9", 1, "discards", (Tile.WHITE,)), seat=0, words=True)
    'South discards White Dragon'
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
        text = " ".join(part for part in (who, action, _tiles_text(event.tiles, words)) if part)
        if event.detail:
            text += f" ({event.detail})"
    text = text[:1].upper() + text[1:]
    return f"{event.step[:1].upper()}{event.step[1:]}: {text}" if charleston else text


def news_text(events: Sequence[Event], seat: int) -> list[str]:
    """What a screen reader says of these events, as ``seat`` hears them: each event in words (:func:`event_text`),
    but for the other players' draws and Charleston passes, which show no tile (their discards, calls and
    exposures say what matters).

    >>> from mjlearn.tiles import Tile
    >>> news_text([Event("turn 4", 2, "draws", (Tile.B5,)), Event("turn 4", 2, "discards", (Tile.B5,)),
    ...            Event("turn 5", 3, "draws", (Tile.C1,))], seat=3)
    ['West discards 5 Bam', 'You draw 1 Crak']
    """
    said = []
    for event in events:
        if event.seat != seat and event.action in ("draws", "passes", "receives"):
            continue
        text = event_text(event, seat, words=True)
        if text:
            said.append(text)
    return said


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


def safe_buttons(game: "Game", seat: int) -> list[dict]:
    """:func:`action_buttons` made safe for a beginner: Mah Jongg (declared, or called on a discard) only
    when the tiles win, and no call buttons (:func:`call_choices` lists the calls worth offering).

    >>> import mjlearn as mj
    >>> from mjlearn.rules import Game
    >>> game = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 444B 666B 88B 3C"},
    ...                           turn=0, phase="discard", seed=1)
    >>> [b["kind"] for b in safe_buttons(game, 0) if b["kind"] != "call_dead"]
    []
    """
    wins = wins_now(game, seat)
    return [button for button in action_buttons(game, seat)
            if button["kind"] != "call" and (button["kind"] not in ("declare_mahjongg", "call_mahjongg") or wins)]


def wins_now(game: "Game", seat: int) -> bool:
    """Whether ``seat`` has Mah Jongg now: on its turn, with the tiles it holds; while a discard is live, with
    the discard added (what :meth:`Game.declare_mahjongg <mjlearn.rules.Game.declare_mahjongg>` and the
    call for Mah Jongg check). ``False`` when the seat has no such move to make."""
    if seat in game.dead:
        return False
    rack, exposures = game.racks[seat], list(game.exposures[seat])
    if game.phase == "discard" and game.turn == seat:
        return bool(game.card.match(rack, exposures, ruleset=game.ruleset))
    if game.phase == "calls" and seat in game.waiting_for():
        tile = game.last_discard[1]
        return bool(game.card.match(rack.change(add=(tile,)), exposures, ruleset=game.ruleset))
    return False


def _after_call(game: "Game", seat: int, size: int, jokers: int):
    """The seat's exposures and the tiles it sees out of play once it has called the live discard."""
    from ..analysis.position import Exposure

    tile = game.last_discard[1]
    exposures = (*game.exposures[seat], Exposure(tile, size, jokers))
    visible = game.visible(seat)
    visible[tile] -= 1  # the discard leaves the floor for the exposure
    return exposures, visible


def call_problem(game: "Game", seat: int, size: int, jokers: int) -> str | None:
    """Why calling the live discard for ``size`` tiles (``jokers`` of them jokers) would leave ``seat``'s hand
    dead, or ``None`` when some line still live can use that exposure (the calls worth offering)."""
    import numpy as np

    compiled = game.card.compiled(game.ruleset)
    exposures, visible = _after_call(game, seat, size, jokers)
    allowed = np.flatnonzero(compiled.allowed(exposures))
    group = _GROUP_WORDS[size]
    if not len(allowed):
        return f"no line of the card has room for a {group} of {tile_words(exposures[-1].tile)} beside your exposures"
    if not compiled.live(visible, exposures, allowed).any():
        return (f"every line with a {group} of {tile_words(exposures[-1].tile)} needs tiles that are already"
                f" out of play")
    return None


def call_choices(game: "Game", seat: int) -> list[dict]:
    """The calls of the live discard worth offering ``seat``: one per size (pung, kong, quint, sextet) that the
    rack can make and some line still live can use, with the rack's own tiles used before jokers.

    Each is ``{"size", "jokers", "label", "tiles"}`` (``tiles``: the exposure's codes, the discard first).

    >>> import mjlearn as mj
    >>> from mjlearn.rules import Game
    >>> game = Game.from_position(mj.load_card("basic1"), racks={1: "FF 222B 44B 666B 88B J"},
    ...                           discards=[(0, "4B")], turn=0, phase="calls", seed=1)
    >>> [(c["size"], c["jokers"], c["label"]) for c in call_choices(game, 1)]
    [(3, 0, 'a pung of 4 Bam'), (4, 1, 'a kong of 4 Bam, 1 joker')]
    """
    if game.phase != "calls" or seat not in game.waiting_for() or seat in game.dead:
        return []
    tile = game.last_discard[1]
    rack = game.racks[seat]
    choices = []
    for size in sorted(_GROUP_WORDS):
        naturals = min(rack.count(tile), size - 1)
        jokers = size - 1 - naturals
        if jokers > rack.jokers or call_problem(game, seat, size, jokers) is not None:
            continue
        label = f"a {_GROUP_WORDS[size]} of {tile_words(tile)}" + (
            f", {jokers} joker{'s' if jokers != 1 else ''}" if jokers else "")
        choices.append({"size": size, "jokers": jokers, "label": label,
                        "tiles": [int(tile)] * (naturals + 1) + [int(Tile.JOKER)] * jokers})
    return choices


def nearest_strip(game: "Game", seat: int, lines: int = STRIP_LINES) -> list[dict]:
    """``seat``'s nearest live lines, for the strip the table shows while the coach is closed, and a dead line
    nearer than all of them (greyed: the tiles it needs are out of play): ``{"line", "distance", "dead"}``.

    >>> import mjlearn as mj
    >>> from mjlearn.rules import Game
    >>> game = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 444B 666B 8B 3C N"},
    ...                           turn=0, phase="discard", seed=1)
    >>> [(row["line"], row["distance"]) for row in nearest_strip(game, 0)][:1]
    [('2468 #1', 2)]
    """
    import numpy as np

    from ..analysis.closest import nearest_hands

    if game.phase == "over" or seat in game.dead:
        return []
    rack = game.charleston.racks[seat] if game.phase == "charleston" else game.racks[seat]
    exposures = tuple(game.exposures[seat])
    compiled = game.card.compiled(game.ruleset)
    live = compiled.live(game.visible(seat), exposures) if game.phase != "charleston" else None
    found, distance, _, dead = nearest_hands(compiled, np.asarray(rack.counts), exposures, live)
    order = np.lexsort((found, -compiled.line_value[found], distance))
    shown = [i for i in order if not dead[i]][:lines]
    if shown:
        nearer = [i for i in order if dead[i] and distance[i] < distance[shown[0]]][:1]
        shown += nearer
    return [{"line": f"{compiled.lines[found[i]].category} #{compiled.lines[found[i]].number}",
             "distance": int(distance[i]), "dead": bool(dead[i])} for i in shown]


def end_banner(game: "Game", seat: int, players: Sequence[str] | None = None) -> dict | None:
    """The banner at the end of a game as ``seat`` sees it: ``{"kind", "title", "detail", "amount"}`` (``kind``
    ``"win"``, ``"loss"`` or ``"wall"``; ``amount`` what the seat is paid, less when it pays), or ``None``
    while the game goes on. ``players`` names the player at each seat."""
    result = game.result
    if result is None:
        return None
    names = [SEATS[s] if players is None else f"{players[s]} ({SEATS[s]})" for s in range(4)]
    payout = result.payout
    amount = int(payout.payments[seat]) if payout is not None else 0
    if result.winner is None:
        return {"kind": "wall", "title": "Wall game", "amount": amount,
                "detail": "The wall ran out before anyone made Mah Jongg."}
    line = f"{payout.line.category} #{payout.line.number}" if payout is not None and payout.line is not None else ""
    if result.discarder is None:
        how = "self-drawn" if result.how == "self-drawn" else result.how
    else:
        how = "on your discard" if result.discarder == seat else f"on {names[result.discarder]}'s discard"
    if result.winner == seat:
        return {"kind": "win", "title": "You win!", "amount": amount, "detail": f"Mah Jongg {how}: {line}"}
    return {"kind": "loss", "title": f"{names[result.winner]} wins", "amount": amount,
            "detail": f"Mah Jongg {how}: {line}"}


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


def table_view(game: "Game", seat: int, rack: Sequence[int], drawn: int | None = None,
               log_lines: int | None = None) -> dict:
    """Everything the widget draws for ``seat``: your rack in ``rack``'s order, the table, your moves.

    ``drawn`` is the code of the tile you have just drawn (shown apart), if any. ``log`` is the whole game's
    log in words, oldest first (its last ``log_lines`` lines, if given; none for 0). ``buttons`` are
    :func:`safe_buttons`; ``call`` the live discard you may call, with :func:`call_choices` and whether it
    gives you Mah Jongg; ``mahjongg`` whether your tiles win now.
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
    seen: list[str] = []
    if log_lines != 0:  # (0: the caller writes the log itself)
        events = game.charleston.log if game.phase == "charleston" else game.log
        seen = [text for text in (event_text(e, seat, words=True) for e in events) if text]
    calls = game.phase == "calls"
    call = None
    if calls and seat in game.waiting_for() and seat not in game.dead:
        thrower, tile = game.last_discard
        call = {"tile": int(tile), "name": tile_words(tile), "from": SEATS[thrower],
                "choices": call_choices(game, seat), "mahjongg": wins_now(game, seat)}
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
        "buttons": safe_buttons(game, seat),
        "call": call,
        "mahjongg": game.phase == "discard" and game.turn == seat and wins_now(game, seat),
        "log": seen if log_lines is None else seen[len(seen) - log_lines:],
        "result": _result(game),
    }
