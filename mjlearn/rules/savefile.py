"""Saving a game (or a position) to a small JSON file, and loading it back by replaying it.

The file is versioned and self-contained: the card in MJCL, the ruleset's
name, the seed, the position the game started from (or ``null`` for a dealt
game) and the moves in order, tiles written in the concrete notation::

    {"format": "mjlearn-game", "version": 1, "ruleset": "NMJL", "seed": 7,
     "card": "Plain\\n\\"2468\\"\\nFF 222 444 666 888 X25\\n",
     "position": null,
     "moves": [["skip_charleston", {}], ["discard", {"seat": 0, "tile": "J"}]]}

Loading replays the moves, so the loaded game equals the saved one. A file
that is not JSON, not an mjlearn game, truncated, or written by a newer
version raises :class:`~mjlearn.errors.SaveFileError` naming the file:

>>> import json, os, tempfile
>>> import mjlearn as mj
>>> from mjlearn.rules import Game
>>> card = mj.parse_card('Plain\\n"2468"\\nFF 222 444 666 888 X25')
>>> game = Game(card, seed=7)
>>> game.skip_charleston()
>>> path = os.path.join(tempfile.mkdtemp(), "lesson.json")
>>> save_game(game, path)
>>> again = load_game(path)
>>> again.racks == game.racks and again.wall == game.wall and again.log == game.log
True
>>> with open(path, "w") as f:
...     _ = f.write(json.dumps({"format": "mjlearn-game", "version": 2}))
>>> load_game(path)
Traceback (most recent call last):
...
mjlearn.errors.SaveFileError: .../lesson.json: written by a newer mjlearn (file version 2); this mjlearn reads version 1
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..analysis.position import Exposure
from ..atomic import write_atomically
from ..errors import MjlearnError, SaveFileError
from ..hands import Hand
from ..tiles import Tile
from .ruleset import RULESETS, ruleset as as_ruleset

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card
    from .game import Game

__all__ = ["FORMAT", "VERSION", "game_to_dict", "game_from_dict", "save_game", "load_game"]

FORMAT = "mjlearn-game"
VERSION = 1


def _plain(value, where: str):
    """A move argument as JSON: tiles, hands and exposures in the concrete notation."""
    if isinstance(value, Tile):
        return value.notation
    if isinstance(value, (Hand, Exposure)):
        return str(value)
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(item, where) for item in value]
    raise SaveFileError(f"{where}: cannot save an argument of type {type(value).__name__} ({value!r})")


def game_to_dict(game: "Game") -> dict:
    """The game as the JSON-ready dict a save file holds."""
    name = game.ruleset.name
    if RULESETS.get(name.lower()) != game.ruleset:
        raise SaveFileError(f"only games under a named ruleset ({', '.join(sorted({r.name for r in RULESETS.values()}))}) can be saved, not a changed {name!r}")
    moves = [[name_, {key: _plain(arg, f"move {i + 1} ({name_})") for key, arg in args.items()}]
             for i, (name_, args) in enumerate(game.moves)]
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": name,
        "seed": game.seed,
        "card": game.card.to_mjcl(),
        "position": game.position.to_dict() if game.position is not None else None,
        "moves": moves,
    }


def _move_names() -> frozenset[str]:
    from .game import Game

    return frozenset(name for name, method in vars(Game).items() if hasattr(method, "__wrapped__"))


def game_from_dict(data, card: "Card | None" = None, source: str = "the game") -> "Game":
    """Rebuild a game from :func:`game_to_dict`'s dict by replaying it; ``source`` names it in errors."""
    from ..card import parse_card
    from .game import Game

    def bad(what: str) -> SaveFileError:
        return SaveFileError(f"{source}: {what}")

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bad(f'not an mjlearn game file (it needs "format": "{FORMAT}")')
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise bad(f"the version must be a whole number from 1, not {version!r}")
    if version > VERSION:
        raise bad(f"written by a newer mjlearn (file version {version}); this mjlearn reads version {VERSION}")
    missing = [key for key in ("ruleset", "seed", "card", "position", "moves") if key not in data]
    if missing:
        raise bad(f"missing {', '.join(missing)} (is the file truncated?)")
    seed, moves, position = data["seed"], data["moves"], data["position"]
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise bad(f"seed must be a whole number or null, not {seed!r}")
    if not isinstance(moves, list):
        raise bad(f"moves must be a list, not {type(moves).__name__}")
    if position is not None and not isinstance(position, dict):
        raise bad(f"position must be an object or null, not {type(position).__name__}")
    try:
        rules = as_ruleset(data["ruleset"]) if isinstance(data["ruleset"], str) else None
        if rules is None:
            raise bad(f"ruleset must be a name, not {data['ruleset']!r}")
        if card is None:
            if not isinstance(data["card"], str):
                raise bad("card must be the card's MJCL text")
            card = parse_card(data["card"])
        if position is None:
            game = Game(card, rules, seed)
        else:
            game = Game.from_position(card, rules, seed=seed, **position)
    except TypeError as err:
        raise bad(f"position has an unknown field ({err})") from None
    except SaveFileError:
        raise
    except MjlearnError as err:
        raise bad(str(err)) from None
    names = _move_names()
    for number, move in enumerate(moves, 1):
        if (not isinstance(move, list) or len(move) != 2 or move[0] not in names
                or not isinstance(move[1], dict)):
            raise bad(f"move {number} is not a [move name, arguments] pair of a known move: {move!r}")
        try:
            getattr(game, move[0])(**move[1])
        except TypeError as err:
            raise bad(f"move {number} ({move[0]}) has wrong arguments: {err}") from None
        except MjlearnError as err:
            raise bad(f"move {number} ({move[0]}) is refused on replay: {err}") from None
    return game


def save_game(game: "Game", path: str | os.PathLike) -> None:
    """Write the game to ``path`` as JSON, atomically (a crash never leaves half a file)."""
    write_atomically(Path(os.path.abspath(path)), json.dumps(game_to_dict(game), indent=1) + "\n")


def load_game(path: str | os.PathLike, card: "Card | None" = None) -> "Game":
    """Read a saved game and replay it. ``card`` overrides the card saved in the file."""
    source = os.fspath(path)
    try:
        with open(source, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeError) as err:
        raise SaveFileError(f"{source}: cannot be read ({err})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveFileError(f"{source}: not JSON, or truncated (line {err.lineno}, column {err.colno}: {err.msg})") from None
    return game_from_dict(data, card, source)
