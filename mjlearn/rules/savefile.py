"""Saving a game (or a position) to a small JSON file, and loading it back by replaying it.

The file is versioned and self-contained: the card in MJCL, the ruleset's
name, the seed, the position the game started from (``null`` for a dealt
game), the deal (``null`` for a position), how many moves were made, their
checksum and the moves in order, tiles written in the concrete notation::

    {"format": "mjlearn-game", "version": 2, "ruleset": "NMJL", "seed": 7,
     "card": "Plain\\n\\"2468\\"\\nFF 222 444 666 888 X25\\n",
     "position": null,
     "deal": {"seed": 7, "dice": [3, 5], "walls": ["4C 1D F 9B ...", "...", "...", "..."]},
     "move_count": 2, "moves_sha256": "9c0e...",
     "moves": [["skip_charleston", {}], ["discard", {"seat": 0, "tile": "J"}]]}

The deal is the four walls as built (East, South, West, North; each a row of
stacks from its right end, top tile then bottom) and the dice, with the seed
that draws the Charleston's blind passes: a game dealt without a seed reloads
exactly. ``moves_sha256`` is the SHA-256 of the moves written canonically
(:func:`moves_checksum`), so a move list cut short or changed is refused
rather than loaded as another game. Files of version 1 (no deal, no count,
no checksum) are still read.

Loading replays the moves, so the loaded game equals the saved one
(:meth:`Game.snapshot <mjlearn.rules.Game.snapshot>` included). A file that
is not JSON, not an mjlearn game, truncated, damaged, or written by a newer
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
>>> again.snapshot() == game.snapshot()
True
>>> with open(path, "w") as f:
...     _ = f.write(json.dumps({"format": "mjlearn-game", "version": 3}))
>>> load_game(path)
Traceback (most recent call last):
...
mjlearn.errors.SaveFileError: .../lesson.json: written by a newer mjlearn (file version 3); this mjlearn reads versions 1-2
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..analysis.position import Exposure
from ..atomic import write_atomically
from ..errors import MjlearnError, SaveFileError
from ..hands import Hand
from ..tiles import Tile
from .ruleset import RULESETS, ruleset as as_ruleset
from .setup import deal_from_walls

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card
    from .game import Game

__all__ = ["FORMAT", "VERSION", "game_to_dict", "game_from_dict", "save_game", "load_game", "moves_checksum"]

FORMAT = "mjlearn-game"
VERSION = 2
"""The version this mjlearn writes; it reads every version from 1 (version 1 had no deal, count or checksum)."""

_REQUIRED = {1: ("ruleset", "seed", "card", "position", "moves"),
             2: ("ruleset", "seed", "card", "position", "deal", "move_count", "moves_sha256", "moves")}
_SHA256 = re.compile(r"[0-9a-f]{64}")


def moves_checksum(moves: list) -> str:
    """The SHA-256 (hexadecimal) of a save file's move list written canonically: JSON with sorted keys,
    no spaces, ASCII only, so the same moves give the same checksum however the file is laid out.

    >>> moves_checksum([["skip_charleston", {}]]) == moves_checksum([ ["skip_charleston",  {} ] ])
    True
    """
    canonical = json.dumps(moves, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _walls_text(walls) -> list[str]:
    """The walls as built, one string each: every stack's top tile then its bottom one, from the right end."""
    return [" ".join(tile.notation for stack in wall for tile in stack) for wall in walls]


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
    deal = None
    if game.position is None:
        deal = {"seed": game.deal.seed, "dice": list(game.deal.dice), "walls": _walls_text(game.deal.walls)}
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": name,
        "seed": game.seed,
        "card": game.card.to_mjcl(),
        "position": game.position.to_dict() if game.position is not None else None,
        "deal": deal,
        "move_count": len(moves),
        "moves_sha256": moves_checksum(moves),
        "moves": moves,
    }


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
        raise bad(f"written by a newer mjlearn (file version {version}); this mjlearn reads versions 1-{VERSION}")
    missing = [key for key in _REQUIRED[version] if key not in data]
    if missing:
        raise bad(f"missing {', '.join(missing)} (is the file truncated?)")
    seed, moves, position = data["seed"], data["moves"], data["position"]
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise bad(f"seed must be a whole number or null, not {seed!r}")
    if not isinstance(moves, list):
        raise bad(f"moves must be a list, not {type(moves).__name__}")
    if position is not None and not isinstance(position, dict):
        raise bad(f"position must be an object or null, not {type(position).__name__}")
    if version >= 2:
        _check_moves(data, bad)
    try:
        rules = as_ruleset(data["ruleset"]) if isinstance(data["ruleset"], str) else None
        if rules is None:
            raise bad(f"ruleset must be a name, not {data['ruleset']!r}")
        if card is None:
            if not isinstance(data["card"], str):
                raise bad("card must be the card's MJCL text")
            card = parse_card(data["card"])
        if position is not None:
            if version >= 2 and data["deal"] is not None:
                raise bad("deal: a game set up from a position records no deal (the position has every tile)")
            game = Game.from_position(card, rules, seed=seed, **position)
            if version >= 2:
                _check_position(game, position, bad)
        elif version >= 2:
            game = Game.from_deal(card, rules, _read_deal(data["deal"], rules, bad), seed)
        elif seed is None:
            raise bad("saved without a seed by an older mjlearn (file version 1), which did not record the deal:"
                      " the game cannot be rebuilt")
        else:
            game = Game(card, rules, seed)
    except TypeError as err:
        raise bad(f"position has an unknown field ({err})") from None
    except SaveFileError:
        raise
    except MjlearnError as err:
        raise bad(str(err)) from None
    from .game import MOVE_NAMES as names
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


def _check_moves(data: dict, bad) -> None:
    """A version 2 file's move list against the count and the checksum saved with it."""
    count, checksum, moves = data["move_count"], data["moves_sha256"], data["moves"]
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise bad(f"move_count must be a whole number, not {count!r}")
    if not isinstance(checksum, str) or not _SHA256.fullmatch(checksum):
        raise bad(f"moves_sha256 must be a SHA-256 in hexadecimal (64 digits 0-9, a-f), not {checksum!r}")
    if count != len(moves):
        cut = "cut short" if len(moves) < count else "longer than saved"
        raise bad(f"the file records {count} moves but lists {len(moves)}: the move list is {cut}")
    if moves_checksum(moves) != checksum:
        raise bad("the moves do not match their checksum (moves_sha256): the move list was changed after it was saved")


def _read_deal(deal, rules, bad):
    """A version 2 file's deal: the walls as built and the dice, checked (:func:`~mjlearn.rules.setup.deal_from_walls`)."""
    if not isinstance(deal, dict):
        raise bad("deal: a dealt game (no position) records its deal: an object with seed, dice and walls")
    missing = [key for key in ("seed", "dice", "walls") if key not in deal]
    if missing:
        raise bad(f"deal: missing {', '.join(missing)}")
    seed, walls = deal["seed"], deal["walls"]
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise bad(f"deal: the seed must be a whole number or null, not {seed!r}")
    if not isinstance(walls, list) or len(walls) != 4 or not all(isinstance(w, str) for w in walls):
        raise bad("deal: the walls must be a list of 4 strings of tiles (East, South, West, North)")
    dice = deal["dice"]
    try:
        return deal_from_walls(rules, walls, tuple(dice) if isinstance(dice, list) else dice, seed)
    except MjlearnError as err:
        raise bad(f"deal: {err}") from None


def _check_position(game: "Game", position: dict, bad) -> None:
    """A version 2 file's position lists every tile (its racks and wall as saved): nothing is dealt at random."""
    wall = position.get("wall", ())
    if len(wall) != len(game.position.wall):
        raise bad(f"position: the wall lists {len(wall)} tiles; the position leaves {len(game.position.wall)} to draw"
                  " (is the file cut short?)")
    for key, value in game.position.to_dict().items():
        if position.get(key, value) != value:
            raise bad(f"position: {key} is not as mjlearn saved it ({position.get(key)!r}): is the file damaged?")


def _check_path(path):
    """``path`` if it names a file (a str or a path), else a :class:`~mjlearn.errors.SaveFileError` that says so."""
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes) or not str(os.fspath(path)).strip():
        raise SaveFileError(f"a save file is named by a file name (a str or Path), not {path!r}")
    return path


def save_game(game: "Game", path: str | os.PathLike) -> None:
    """Write the game to ``path`` as JSON, atomically (a crash never leaves half a file)."""
    _check_path(path)
    write_atomically(Path(os.path.abspath(path)), json.dumps(game_to_dict(game), indent=1) + "\n")


def load_game(path: str | os.PathLike, card: "Card | None" = None) -> "Game":
    """Read a saved game and replay it. ``card`` overrides the card saved in the file."""
    source = os.fspath(_check_path(path))
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
