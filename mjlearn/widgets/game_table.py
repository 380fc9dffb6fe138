"""GameTable: play one seat of a whole game against three computer players.

The widget holds a :class:`~mjlearn.rules.Game` (``table.game``) and draws
what your seat sees (:mod:`mjlearn.widgets.table_view`): your rack, every
exposure, the others' racks face down, the discard floor, the wall. Every
click is a method call, so a lesson or a test plays without a browser; the
rules are the engine's, and a move they refuse changes nothing: the method
returns ``False`` and ``message`` says why.

>>> from mjlearn.widgets import GameTable
>>> table = GameTable("basic1", seed=3)
>>> table.view["charleston"]["name"], len(table.rack)
('first right', 14)
>>> table.pass_tiles(["1B", "3B", "7B"])
False
>>> table.message
'Your rack has no 1 Bam to pass.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import traitlets as t

from ..card import Card
from ..errors import ArgumentError, MjlearnError
from ..rules.game import Game
from ..rules.ruleset import Ruleset, as_ruleset
from ..rules.scoring import Scorecard
from ..rules.setup import SEATS, check_seat, seed_or_fresh
from ..tiles import Tile, as_tile
from ..wording import counted
from ._common import CardWidget, asset, open_card, rack_order, tile_faces, widget_module
from .table_players import PACES, ComputerPlayers, RecordedMoves
from .table_coach import coach_panel, hot_tile_warning
from .table_review import Decision, decision_before, review
from .table_view import table_view

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..rules.bots import Bot
    from ..rules.setup import Deal

__all__ = ["GameTable", "COMPUTER_NAMES", "YOU"]

COMPUTER_NAMES = ("Ann", "Bea", "Cy")
"""The computer players' names at a :class:`GameTable`, unless it is given others."""

YOU = "You"
"""Your name on the scorecard and at the table."""


def _computer_names(names) -> tuple[str, str, str]:
    """Three different names for the computer players, none of them "You" (nor the scorecard's "what")."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise MjlearnError(f"names must be the 3 computer players' names, not {names!r}")
    names = tuple(names)
    if len(names) != 3 or not all(isinstance(n, str) and n.strip() for n in names):
        raise MjlearnError(f"names must be 3 names (strings) for the computer players, not {names!r}")
    if len(set(names)) != 3 or YOU in names or "what" in names:
        raise MjlearnError(f"names must be 3 different names, none of them {YOU!r} or 'what': {names!r}")
    return names  # type: ignore[return-value]


def _sentence(error: Exception | str) -> str:
    text = str(error)
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


class GameTable(CardWidget):
    """One seat of a game against three computer players: the Charleston, play, calls, the score.

    - ``card``: a bundled card's name, a ``.mjcl`` path or a :class:`~mjlearn.card.Card` (``"basic1"``
      unless given).
    - ``ruleset``: ``"NMJL"`` (unless given) or ``"MAHJ-X"``; ``seat``: yours (0 East, 1 South, 2 West,
      3 North; East unless given).
    - ``seed``: the deal and the computer players' choices (the same seed, the same game);
      ``None`` (the default) deals a fresh random game, whose seed ``seed`` then shows.
    - ``position``: start from a table position instead of a deal, as the keyword
      arguments of :meth:`Game.from_position <mjlearn.rules.Game.from_position>`
      (a dict with ``racks``, ``exposures``, ``discards``, ``wall``, ``turn``, ``phase``, ``dead``).
    - ``coach``: whether the student may open the coach's panel (:meth:`show_coach`).
    - ``opponents``: a bot class (``Bot`` by default) or three bots.
    - ``moves``: replay these recorded moves (a game's ``game.moves``) instead of
      playing: each :meth:`next_move` makes the next one (see :meth:`open_saved`).
    - ``deal``: play this :class:`~mjlearn.rules.setup.Deal` instead of dealing
      from ``seed`` (:meth:`open_saved` passes a saved game's deal).
    - ``pace``: how the computer players' turns are shown: ``"step"`` (one per
      :meth:`next_move`), ``"slow"``, ``"fast"`` or ``"instant"`` (all at once).
    - ``names``: the three computer players' names, for the seats other than
      yours in the first game, East first (default ``COMPUTER_NAMES``).
    - ``question``: play on from a teacher's question (a :class:`mjlearn.lessons.Question`): the table
      starts where the question stands, with the question's card and ruleset, and you sit in its seat.
      A question asked at a game (``Question.from_game``) starts at that very moment, the same
      tiles everywhere (a live discard is still live: call it or let it go); a pass question starts the
      Charleston with its rack; any other question with a rack starts with that rack, its exposures
      and the tiles it has seen on the floor, the rest dealt from ``seed``. The table reads the
      question only through its ``to_position(seat, seed)`` (see
      :meth:`Question.to_position <mjlearn.lessons.Question.to_position>`). ``seat`` may choose the seat
      of a question written from a rack; ``card``, ``ruleset``, ``position``, ``deal`` and ``moves``
      are left out.

    A session is a run of games (:meth:`new_game`): as at a real table, East
    passes on to the next player (the one on East's right) after each game,
    under NMJL and MAHJ-X (rule 2.3) alike, so your seat changes from game
    to game while the computer players keep their places around you.
    ``players`` names everyone in seating order from the first East, and the
    ``scorecard`` has a column per player. A table set up from a ``position``
    plays it again from the same seats, and one set up from a ``question`` starts from the question again.
    """

    _esm = widget_module("game_table.js")
    _css = asset("widgets.css")

    seat = t.Int(0).tag(sync=True)
    seed = t.Int(0).tag(sync=True)
    view = t.Dict().tag(sync=True)
    """What your seat sees (:func:`~mjlearn.widgets.table_view.table_view`), redrawn after every move."""
    selected = t.List(t.Int()).tag(sync=True)
    """Places (in your rack as shown) of the tiles picked for a pass or a discard."""
    blind = t.Int(0).tag(sync=True)
    """How many tiles of the current pass go on blind (where the step allows it)."""
    pace = t.Unicode("fast").tag(sync=True)
    pending = t.Bool(False).tag(sync=True)
    """Whether a computer player's move is waiting to be shown."""
    coach_available = t.Bool(True).tag(sync=True)
    """Whether the student may open the coach (a teacher can start a table without it)."""
    coach_on = t.Bool(False).tag(sync=True)
    """Whether the coach's panel is open (:meth:`show_coach`)."""
    coach = t.Dict().tag(sync=True)
    """What the coach shows now (:func:`~mjlearn.widgets.table_coach.coach_panel`), while it is open."""
    warning = t.Unicode().tag(sync=True)
    """The coach's warning about the tile picked to discard (a hot tile), or ``""``."""
    replaying = t.Bool(False).tag(sync=True)
    """Whether the table replays recorded moves (nobody plays; "Next move" steps through them)."""
    review_rows = t.List(t.Dict()).tag(sync=True)
    """The review shown after :meth:`show_review`: one row per discard, with the rack it was made from."""

    def __init__(
        self,
        card: Card | str | Path | None = None,
        ruleset: str | Ruleset | None = None,
        seat: int | None = None,
        seed: int | None = None,
        position: Mapping[str, Any] | None = None,
        coach: bool = True,
        opponents: "Sequence[Bot] | Callable | None" = None,
        pace: str = "fast",
        moves: Sequence[tuple[str, dict]] | None = None,
        deal: "Deal | None" = None,
        names: Sequence[str] = COMPUTER_NAMES,
        question: Any = None,
    ):
        self._question = question
        self._opening: dict | None = None  # where the question starts: read once here, then at each new game
        if question is not None:
            seed = seed_or_fresh(seed)
            self._opening = self._question_start(question, card, ruleset, seat, seed, position, deal, moves)
            card, ruleset, seat = self._opening["card"], self._opening["ruleset"], self._opening["seat"]
        self._card, label = open_card("basic1" if card is None else card)
        seat = check_seat(0 if seat is None else seat, "your seat")
        names = _computer_names(names)
        rules = as_ruleset("NMJL" if ruleset is None else ruleset)
        if pace not in PACES:
            raise ArgumentError(f"pace must be one of {', '.join(PACES)}, not {pace!r}")
        if position is not None and not isinstance(position, Mapping):
            raise ArgumentError("position must be a dict of Game.from_position's arguments (racks=, exposures=, ...)")
        self._position = dict(position) if position is not None else None
        self._opponents = opponents
        self._recorded = None if moves is None else list(moves)
        self._deal = deal
        self._first_seat = seat
        self._games = 0  # games dealt before this one: East has passed on that many times
        others = iter(names)
        self.players: tuple[str, ...] = tuple(YOU if s == seat else next(others) for s in range(4))
        """Everyone at the table in seating order, starting with the first East (the scorecard's columns)."""
        self._bots_by_player = self._given_bots(opponents)
        self.scorecard = Scorecard(self.players)
        """The session's scores, one column per player and one row per finished game (kept across :meth:`new_game`)."""
        self._games_scored = 0
        self._serial = 0  # counts the views sent, so a test in the browser knows when a click has been answered
        with self._quietly():
            super().__init__(faces=tile_faces(), card_name=label, ruleset_name=rules.name, seat=seat,
                             seed=seed_or_fresh(seed), pace=pace, coach_available=bool(coach),
                             replaying=moves is not None)
        self.on_msg(self._on_click)
        self.observe(self._on_pace, names="pace")
        self._start()

    @staticmethod
    def _question_start(question: Any, card: Any, ruleset: Any, seat: int | None, seed: int, position: Any, deal: Any,
                        moves: Any) -> dict:
        """Where a table set up from ``question`` starts (its ``to_position``), refusing what cannot go with it."""
        to_position = getattr(question, "to_position", None)
        if not callable(to_position):
            raise ArgumentError(f"question must be a teacher's Question (mjlearn.lessons.Question), not"
                                f" {type(question).__name__}")
        given = [name for name, value in (("card", card), ("ruleset", ruleset), ("position", position),
                                          ("deal", deal), ("moves", moves)) if value is not None]
        if given:
            raise ArgumentError(f"a table set up from a question plays the question's card and ruleset from where"
                                f" it stands: leave {', '.join(f'{name}=' for name in given)} out")
        start = to_position(seat, seed)
        if not isinstance(start, Mapping) or not {"card", "ruleset", "seat", "position", "deal", "moves"} <= set(start):
            raise ArgumentError("question.to_position() must give card, ruleset, seat, position, deal and moves")
        return dict(start)

    # -- the game ---------------------------------------------------------------
    def _start(self) -> None:
        rules = self.ruleset
        opening: Sequence[tuple[str, dict]] = ()
        if self._question is not None:  # the question's start, worked out again for a new game's seed
            start = self._opening or self._question_start(self._question, None, None, self.seat, self.seed, None,
                                                          None, None)
            self._opening = None
            self._position, self._deal, opening = start["position"], start["deal"], start["moves"]
        if self._position is not None:
            self._game = Game.from_position(self.card, rules, seed=self.seed, **self._position)
        elif self._deal is not None:
            self._game = Game.from_deal(self.card, rules, self._deal, seed=self.seed)
        else:
            self._game = Game(self.card, rules, seed=self.seed)
        for name, arguments in opening:  # the moves made before the question was asked
            getattr(self._game, name)(**arguments)
        if self._recorded is not None:
            self._players = RecordedMoves(self._recorded)
        else:
            opponents = self._opponents
            if self._bots_by_player is not None:  # the bots given follow their players round the table
                opponents = [self._bots_by_player.get(self._player_at(s)) for s in range(4)]
            self._players = ComputerPlayers(self.card, rules, self.seat, self.seed, opponents)
        self._arrangement = rack_order(self._game.racks[self.seat].tiles())
        self._drawn: int | None = None
        self._scored = False
        self._decisions: list[Decision] = []
        self._known: tuple[int, dict] = (-1, {})  # the coach's work for one position (see _for_position)
        self.review_rows = []
        self._players.simultaneous(self._game)
        self._catch_up()
        self._show("")

    @property
    def game(self) -> Game:
        """The :class:`~mjlearn.rules.Game` being played."""
        return self._game

    @property
    def rack(self) -> list[Tile]:
        """Your rack's tiles in the order shown."""
        return [Tile(code) for code in self._arrangement]

    def new_game(self, seed: int | None = None) -> bool:
        """Deal a new game (with ``seed``, or the next seed, ``seed + 1``, if none is given): East passes on to the next player, so you
        move one seat back (South to East, East to North...). A position set up is played again, from
        the same seats; a table set up from a question starts from the question again."""
        if self.replaying:
            return self._refuse("This table replays a recorded game: open another saved game to watch it.")
        seed = self.seed + 1 if seed is None else self._whole("seed", seed)
        if seed is None:
            return False
        with self.hold_sync():
            self.seed = seed
            self._deal = None
            if self._position is None and self._question is None:
                self._games += 1
                self.seat = (self._first_seat - self._games) % 4
            self._start()
        return True

    # -- the players ------------------------------------------------------------------
    def _player_at(self, seat: int) -> int:
        """The player (a column of the scorecard) sitting at ``seat`` in this game."""
        return (seat + self._games) % 4

    def _given_bots(self, opponents) -> "dict[int, Bot] | None":
        """The bots given one by one, by player (they keep their players' places); ``None`` for a bot class."""
        if opponents is None or isinstance(opponents, type) or callable(opponents) and not hasattr(opponents, "act"):
            return None
        try:
            given = list(opponents)
        except TypeError:
            return None  # (ComputerPlayers says what is wrong)
        if len(given) == 4:
            given = [given[s] for s in range(4) if s != self._first_seat]
        if len(given) != 3:
            return None
        return dict(zip((s for s in range(4) if s != self._first_seat), given))

    @classmethod
    def open_saved(cls, path: str | Path, seat: int = 0, pace: str = "step", card: Card | None = None) -> "GameTable":
        """A table that replays a saved game (:meth:`save`, :meth:`Game.save <mjlearn.rules.Game.save>`)
        from the start, seen from ``seat``: each :meth:`next_move` (or the pace) shows the next move.

        A bad file raises :class:`~mjlearn.errors.SaveFileError` naming it. ``card`` (a Card, a bundled
        card's name or a ``.mjcl`` path) replaces the card saved in the file.
        """
        saved = Game.load(path, card)
        position = saved.position.to_dict() if saved.position is not None else None
        return cls(saved.card, saved.ruleset, seat=seat, seed=saved.seed, position=position, pace=pace,
                   moves=saved.moves, deal=saved.deal if position is None else None)

    def save(self, path: str | Path) -> bool:
        """Save the game so far to a JSON file (:meth:`Game.save <mjlearn.rules.Game.save>`); replay it later."""
        try:
            self._game.save(path)
        except (MjlearnError, OSError) as error:
            return self._refuse(_sentence(error))
        self._say(f"Saved to {path}.", "success")
        return True

    # -- your rack ----------------------------------------------------------------
    def _reconcile(self) -> None:
        """Keep your arrangement, taking out tiles that left the rack and adding new ones at the end."""
        now = Counter(int(tile) for tile in self._game.racks[self.seat].tiles())
        kept, seen = [], Counter()
        for code in self._arrangement:
            if seen[code] < now[code]:
                kept.append(code)
                seen[code] += 1
        kept += rack_order((now - seen).elements())
        self._arrangement = kept

    def sort_rack(self) -> bool:
        """Put your rack in the usual order: flowers, each suit, winds, dragons, jokers."""
        self._arrangement = rack_order(self.rack)
        self.selected = []
        self._show("Rack sorted.")
        return True

    def move_tile(self, from_index: int, to_index: int) -> bool:
        """Move the tile at place ``from_index`` of your rack to place ``to_index`` (drag and drop)."""
        start = self._whole("from_index", from_index, 0, len(self._arrangement) - 1)
        end = None if start is None else self._whole("to_index", to_index, 0, len(self._arrangement) - 1)
        if end is None:
            return False
        code = self._arrangement.pop(start)
        self._arrangement.insert(end, code)
        self.selected = []
        self._show("")
        return True

    def toggle_at(self, index: int) -> bool:
        """Pick, or put back, the tile at place ``index`` of your rack (for a pass or a discard)."""
        index = self._whole("index", index, 0, max(len(self._arrangement) - 1, 0))
        if index is None:
            return False
        if index in self.selected:
            self.selected = [i for i in self.selected if i != index]
            self._warn()
            return True
        if self._arrangement[index] == int(Tile.JOKER) and self._game.phase == "charleston":
            return self._refuse("Jokers are never passed in the Charleston.")
        limit = 1 if self._game.phase != "charleston" else 3
        picked = [*self.selected, index]
        self.selected = picked[-limit:]
        self._warn()
        return True

    # -- your moves -----------------------------------------------------------------
    def _move(self, name: str, *args, decision: Decision | None = None, **kwargs) -> bool:
        """Make one of your moves on the game; a refused move changes nothing and says why.

        ``decision`` (a discard or a pass) is kept for :meth:`review` once the move is made.
        """
        if self.replaying:
            return self._refuse("This table replays a recorded game: use Next move to step through it.")
        before = len(self._game.log)
        try:
            getattr(self._game, name)(self.seat, *args, **kwargs)
        except MjlearnError as error:
            return self._refuse(_sentence(error))
        if decision is not None:
            self._decisions.append(decision)
        if name == "draw":
            drawn = self._game.log[-1].tiles if self._game.log[before:] else ()
            self._drawn = int(drawn[0]) if drawn else None
        elif name != "exchange_joker":
            self._drawn = None
        self._reconcile()
        self.selected, self.blind = [], 0
        self._players.simultaneous(self._game)
        self._catch_up()
        self._reconcile()
        self._show("")
        return True

    def _catch_up(self) -> None:
        """At the ``instant`` pace, play the computer players' moves up to your next move."""
        if PACES[self.pace] == 0:
            while self._players.step(self._game):
                pass

    def pass_tiles(self, tiles: Iterable[Tile | str] = (), blind: int = 0) -> bool:
        """Pass these tiles in the current Charleston step (and ``blind`` more, unseen, where allowed)."""
        try:
            tiles = [as_tile(tile) for tile in tiles]
        except (MjlearnError, ValueError, TypeError) as error:
            return self._refuse(_sentence(error))
        rack = self._game.racks[self.seat]
        for tile, n in Counter(tiles).items():
            if rack.count(tile) < n:
                return self._refuse(f"Your rack has no {tile.long_name} to pass." if not rack.count(tile)
                                    else f"Your rack has only {rack.count(tile)} {tile.long_name}.")
        decision = decision_before(self._game, self.seat, "pass", tiles) if self._game.phase == "charleston" else None
        return self._move("pass_tiles", tiles, blind=blind, decision=decision)

    def pass_selected(self) -> bool:
        """Pass the picked tiles (see :meth:`toggle_at`), with ``blind`` more passed on blind."""
        return self.pass_tiles([self.rack[i] for i in self.selected], self.blind)

    def vote(self, second_charleston: bool) -> bool:
        """Vote on the second Charleston (NMJL): ``True`` or ``False``."""
        return self._move("vote", second_charleston)

    def draw(self) -> bool:
        """Draw the next tile from the wall."""
        return self._move("draw")

    def decline_pick(self) -> bool:
        """MAHJ-X: let the extra pick after your joker discard go."""
        return self._move("decline_pick")

    def discard(self, tile: Tile | str | None = None) -> bool:
        """Throw ``tile`` (or the picked tile) and end your turn."""
        if tile is None:
            if len(self.selected) != 1:
                return self._refuse("Pick the tile to throw first.")
            tile = self.rack[self.selected[0]]
        try:
            tile = as_tile(tile)
        except (MjlearnError, ValueError, TypeError) as error:
            return self._refuse(_sentence(error))
        decision = None
        if self._game.phase == "discard" and self._game.turn == self.seat and self._game.racks[self.seat].count(tile):
            decision = decision_before(self._game, self.seat, "discard", [tile])
        return self._move("discard", tile, decision=decision)

    def call(self, size: int, jokers: int = 0) -> bool:
        """Call the last discard for an exposure of ``size`` tiles, ``jokers`` of them jokers."""
        return self._move("call", size, jokers=jokers)

    def call_mahjongg(self) -> bool:
        """Call the last discard for Mah Jongg."""
        return self._move("call_mahjongg")

    def pass_call(self) -> bool:
        """Let the last discard go."""
        return self._move("pass_call")

    def declare_mahjongg(self) -> bool:
        """Declare Mah Jongg with the tiles you hold (a wrong declaration makes your hand dead)."""
        return self._move("declare_mahjongg")

    def exchange_joker(self, owner: int, group: int) -> bool:
        """Give the real tile a joker stands for in ``owner``'s exposure ``group`` and take the joker."""
        return self._move("exchange_joker", owner, group)

    def reverse_swap(self, owner: int, group: int) -> bool:
        """MAHJ-X: give a joker from your rack for a real tile of ``owner``'s exposure ``group``."""
        return self._move("reverse_swap", owner, group)

    def amend(self, group: int, add: Iterable = (), remove: Iterable = ()) -> bool:
        """Add tiles to, or take tiles from, your exposure ``group`` (as the rules allow)."""
        return self._move("amend", group, add=add, remove=remove)

    def call_dead(self, target: int) -> bool:
        """Call ``target``'s hand dead (a wrong call costs what the ruleset says)."""
        return self._move("call_dead", target)

    # -- the coach ---------------------------------------------------------------------
    def show_coach(self, on: bool = True) -> bool:
        """Open (or close) the coach's panel: best lines, chances, the discard or pass it would make."""
        if not isinstance(on, bool):
            return self._refuse(f"on must be True or False, not {on!r}.")
        if on and not self.coach_available:
            return self._refuse("The coach is switched off at this table.")
        self.coach_on = on
        self._advise()
        self._warn()
        return True

    def _advise(self) -> None:
        """Work out the coach's panel for your move now (only while it is open and you must move)."""
        if not self.coach_on or self.seat not in self._game.waiting_for():
            self.coach = {}
            return
        self.coach = dict(self._for_position("coach", lambda: coach_panel(self._game, self.seat)))

    def _warn(self) -> None:
        """Warn, while the coach is open, if the one tile picked to discard is a hot tile."""
        game = self._game
        if not (self.coach_on and game.phase == "discard" and game.turn == self.seat and len(self.selected) == 1):
            self.warning = ""
            return
        tile = self.rack[self.selected[0]]
        self.warning = self._for_position(("hot", tile), lambda: hot_tile_warning(game, self.seat, tile))

    def _for_position(self, what, work: Callable[[], Any]):
        """``work()``, worked out once per position of the game (a position is the moves made so far):
        the coach's panel and its warnings come back at once when the student looks again."""
        moves = len(self._game.moves)
        if self._known[0] != moves:
            self._known = (moves, {})
        found = self._known[1]
        if what not in found:
            found[what] = work()
        return found[what]

    # -- after the game ---------------------------------------------------------------
    @property
    def decisions(self) -> list[Decision]:
        """Your discards and passes so far, each with what you could see when you made it."""
        return list(self._decisions)

    def review(self) -> "pandas.DataFrame":
        """Each of your discards beside the coach's choice, with the chance each left (see
        :func:`~mjlearn.widgets.table_review.review`); during the game too, for the moves made so far."""
        return review(self.card, self._decisions, self.ruleset)

    def show_review(self) -> bool:
        """Show the review in the widget: each discard with the rack it was made from, yours beside the coach's."""
        if not self.coach_available:
            return self._refuse("The coach is switched off at this table.")
        discards = [d for d in self._decisions if d.kind == "discard"]
        if not discards:
            return self._refuse("There is nothing to review yet: you have not discarded.")
        rows = []
        for decision, row in zip(discards, self.review().to_dict("records")):
            rows.append({**row, "rack": rack_order(decision.rack.tiles()),
                         "exposures": [[int(t) for t in e.tiles()] for e in decision.exposures]})
        self.review_rows = rows
        costly = sum(row["verdict"] == "costly" for row in rows)
        self._say(f"{counted(len(rows), 'discard')} reviewed: {counted(costly, 'costly one')}.", "info")
        return True

    # -- the computer players ------------------------------------------------------------
    def next_move(self) -> bool:
        """Show the next move of a computer player's turn; ``False`` when it is your move (or the end)."""
        if not self._players.step(self._game):
            self._show("")
            return False
        self._reconcile()
        self._show("")
        return True

    def play_on(self, limit: int = 10_000) -> int:
        """Play the computer players' moves until you must move or the game ends; returns how many."""
        made = 0
        while made < limit and self._players.step(self._game):
            made += 1
        self._reconcile()
        self._show("")
        return made

    def _on_pace(self, change) -> None:
        if change["new"] not in PACES:
            self.pace = change["old"]
            self._refuse(f"The pace is one of {', '.join(PACES)}.")
            return
        self._catch_up()
        self._reconcile()
        self._show("")

    # -- drawing -----------------------------------------------------------------------
    def _score(self) -> None:
        """Put a finished game on the session's scorecard, once."""
        if self._game.phase == "over" and not self._scored and self._game.result.payout is not None:
            self.scorecard.record(self._game.result.payout, game=f"seed {self.seed}", east=self._player_at(0))
            self._scored = True
            self._games_scored += 1

    def _show(self, text: str, kind: str = "info") -> None:
        self._score()
        view = table_view(self._game, self.seat, self._arrangement, self._drawn)
        if self.replaying:  # a replay is watched, not played
            view.update(buttons=[], can_discard=False, yours=False)
            if view["charleston"]:
                view["charleston"]["yours"] = False
        view["delay"] = PACES[self.pace]
        self._serial += 1
        view["serial"] = self._serial
        for seat_view in view["seats"]:
            seat_view["player"] = self.players[self._player_at(seat_view["seat"])]
        totals = self.scorecard.totals()
        view["scores"] = {"games": self._games_scored, "players": list(self.players),
                          "totals": [totals[name] for name in self.players],
                          "seats": [SEATS[(player - self._games) % 4] for player in range(4)],
                          "kind": "points" if self.ruleset.tournament is not None else "payments"}
        with self.hold_sync():
            self.view = view
            self.pending = self._players.turn_pending(self._game)
            self.warning = ""
            self._say(text, kind)
        self._advise()  # after the view is on its way: the board answers at once, the coach follows

    def _summary_text(self) -> str:
        return f"{SEATS[self.seat]} at {self.card_name!r}, {self.ruleset_name} rules, seed {self.seed}: {self._game.status()}"

    # -- clicks ------------------------------------------------------------------------
    _ACTIONS = ("show_coach", "show_review", "toggle_at", "move_tile", "sort_rack", "pass_selected", "discard", "vote", "draw", "decline_pick",
                "call", "call_mahjongg", "pass_call", "declare_mahjongg", "exchange_joker", "reverse_swap", "amend",
                "call_dead", "next_move", "new_game", "save")

    def _on_click(self, _widget, content, _buffers) -> None:
        """A click from the browser: ``{"action": a method's name, "args": its keyword arguments}``."""
        if not isinstance(content, dict) or content.get("action") not in self._ACTIONS:
            return
        arguments = content.get("args") or {}
        if not isinstance(arguments, dict):
            return
        try:
            getattr(self, content["action"])(**arguments)
        except TypeError as error:  # a message with arguments the method does not take
            self._refuse(_sentence(f"that click could not be read ({error})"))
