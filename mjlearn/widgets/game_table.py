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

A move that would make your hand dead is never made by one click: Mah Jongg is offered only when your
tiles win, and asked for anyway it waits for a confirmation (``confirm=True``). A practice table takes
moves back (:meth:`GameTable.undo`); a discard you cannot use goes by itself (``auto_pass``).
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import traitlets as t

from ..card import Card
from ..errors import ArgumentError, MjlearnError
from ..hands import Hand
from ..rules.game import Game
from ..rules.ruleset import Ruleset, as_ruleset
from ..rules.scoring import Scorecard
from ..rules.setup import SEATS, check_seat, seed_or_fresh
from ..tiles import Tile, as_tile
from ..wording import counted
from ._common import CardWidget, asset, large_print, open_card, rack_order, tile_faces, widget_module
from .table_players import PACES, ComputerPlayers, RecordedMoves
from .table_coach import coach_panel, hot_tile_warning
from .table_review import Decision, decision_before, review
from .table_view import (call_choices, call_problem, end_banner, event_text, nearest_strip, news_text, table_view,
                         tile_words, wins_now)

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..analysis.review import GameReview

    from ..rules.bots import Bot
    from ..rules.setup import Deal

__all__ = ["GameTable", "COMPUTER_NAMES", "YOU", "RELOAD_NOTE"]

RELOAD_NOTE = ("No table above? The kernel that ran it is gone (restarted, shut down, or this notebook was"
               " opened again). Run this cell again to bring the table back")
"""What the notebook shows under a table cell when the table itself is gone (see :meth:`GameTable._ipython_display_`)."""

COMPUTER_NAMES = ("Ann", "Bea", "Cy")
"""The computer players' names at a :class:`GameTable`, unless it is given others."""

YOU = "You"
"""Your name on the scorecard and at the table."""

_POSITION_FIELDS = frozenset({"racks", "exposures", "discards", "wall", "turn", "phase", "dead"})
"""What a table's ``position`` may give: :meth:`Game.from_position`'s arguments but the card, ruleset and seed."""


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


def _flag(name: str, value) -> bool:
    if not isinstance(value, bool):
        raise ArgumentError(f"{name} must be True or False, not {value!r}")
    return value


def _a(name: str) -> str:
    """A tile's name with its article: "a 5 Bam", "an 8 Dot", "an East"."""
    return ("an " if name.startswith(("8", "East")) else "a ") + name


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
    - ``auto_pass``: let a discard you cannot use (no call a live line of yours can use, no Mah Jongg)
      go by itself, without a click (on unless given; a switch in the table's settings).
    - ``scored``: a scored game, whose moves stand once made (``True`` by default under MAHJ-X, the
      tournament rules; ``False`` otherwise). ``practice``: practice mode, in which :meth:`undo` takes
      your last move back (on unless the game is scored; a scored game has none).
    - ``sounds``: short sounds made in the browser for discards, your turn and the end (off unless given).
    - ``large``: large print, 18 px text and every control at least 48 pixels (off unless given; a switch in
      the table's settings).
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
    """What the coach shows now (:func:`~mjlearn.widgets.table_coach.coach_panel`), while it is open: always the
    position shown (``coach["moves"]``), with advice or a sentence for the moment."""
    warning = t.Unicode().tag(sync=True)
    """The coach's warning about the tile picked to discard (a hot tile), or ``""``."""
    replaying = t.Bool(False).tag(sync=True)
    """Whether the table replays recorded moves (nobody plays; "Next move" steps through them)."""
    review_rows = t.List(t.Dict()).tag(sync=True)
    """The review shown after :meth:`show_review`: your decisions, biggest regret first
    (:meth:`game_review`), each with the rack it was made from."""
    review_curve = t.Unicode().tag(sync=True)
    """The review's curve of your chance to finish after each decision, beside the coach's (a PNG data URL)."""
    review_summary = t.Unicode().tag(sync=True)
    """The review in words, and your recent solitaire hands against the bands (:attr:`solo_hands`)."""
    solo_hands: Sequence = ()
    """Your solitaire hands (a :class:`~mjlearn.widgets.SoloDrill`'s ``played``): the review sums up the
    latest 40 against the solitaire bands (:func:`~mjlearn.analysis.review.recent_hands`)."""
    auto_pass = t.Bool(True).tag(sync=True)
    """Whether a discard you cannot use goes by itself (:meth:`set_auto_pass`)."""
    practice = t.Bool(True).tag(sync=True)
    """Whether your moves may be taken back (:meth:`undo`; :meth:`set_practice`). Never in a scored game."""
    scored = t.Bool(False).tag(sync=True)
    """Whether the game is scored: its moves stand (set when the table is made)."""
    sounds = t.Bool(False).tag(sync=True)
    """Whether the browser plays the table's sounds (:meth:`set_sounds`)."""
    confirming = t.Dict().tag(sync=True)
    """A move that waits for your confirmation, with the reason it would cost you (empty when none)."""
    stickies = t.List(t.Dict()).tag(sync=True)
    """Messages that stay until dismissed (:meth:`dismiss`): ``{"id", "kind", "text"}``, oldest first."""
    ack = t.Int(0).tag(sync=True)
    """Counts the clicks Python has received: the browser's sign that the kernel still answers."""

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
        auto_pass: bool = True,
        scored: bool | None = None,
        practice: bool | None = None,
        sounds: bool = False,
        large: bool = False,
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
        if not isinstance(pace, str) or pace not in PACES:
            raise ArgumentError(f"pace must be one of {', '.join(PACES)}, not {pace!r}")
        auto_pass, sounds = _flag("auto_pass", auto_pass), _flag("sounds", sounds)
        scored = rules.tournament is not None if scored is None else _flag("scored", scored)
        practice = not scored if practice is None else _flag("practice", practice)
        if scored and practice:
            raise ArgumentError("a scored game has no practice mode (its moves stand): leave practice out,"
                                " or play with scored=False")
        if position is not None and not isinstance(position, Mapping):
            raise ArgumentError("position must be a dict of Game.from_position's arguments (racks=, exposures=, ...)")
        unknown = sorted(map(repr, set(position or ()) - _POSITION_FIELDS))
        if unknown:
            raise ArgumentError(f"position: {', '.join(unknown)} is not one of Game.from_position's arguments"
                                f" ({', '.join(sorted(_POSITION_FIELDS))})")
        self._position = dict(position) if position is not None else None
        self._opponents = opponents
        self._recorded = None if moves is None else RecordedMoves(moves).moves  # (checked now, played at _start)
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
        self._sticky_serial = 0
        self._coach_bot = None  # the coach's player for calls, made when the coach is first asked about one
        with self._quietly():
            super().__init__(faces=tile_faces(), card_name=label, ruleset_name=rules.name, seat=seat,
                             seed=seed_or_fresh(seed), pace=pace, coach_available=bool(coach),
                             replaying=moves is not None, auto_pass=auto_pass, scored=scored, practice=practice,
                             sounds=sounds, large=large_print(large))
        self.on_msg(self._on_click)
        self.observe(self._on_pace, names="pace")
        self.observe(self._on_setting, names=["practice", "scored"])
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
        self._undo: list[dict] = []  # what undo() puts back, one entry per move of yours
        self._seen = (len(self._game.charleston.log), len(self._game.log))  # the log lines watched so far
        self._received: Counter = Counter()  # the tiles the last Charleston pass gave you (highlighted)
        self._offer: dict | None = None  # your last pass: its step, how many tiles, how many blind
        self._claim: dict | None = None  # your call of the live discard, until it is settled
        self._notes: list[tuple[int, str]] = []  # the table's own log lines: (their place in game.log, text)
        self._event_lines: tuple = (None, None, [])  # (the log read, for which seat, each event's line)
        self._told: tuple = (None, 0)  # (the game, how many of its log's events the screen-reader line has said)
        self.auto_passes = 0
        """How many discards went by themselves in this game (auto-pass)."""
        # a table that starts with a discard live (a question asked at that moment) leaves it to you
        self._kept_live = len(self._game.discards) if self._game.phase == "calls" else None
        self.review_rows, self.review_curve, self.review_summary = [], "", ""
        self.confirming = {}
        self.stickies = []
        self._players.simultaneous(self._game)
        self._play_on_for_you()
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
        the same seats; a table set up from a question starts from the question again. The coach keeps what
        the other players threw in the game before (:meth:`CoachBot.remember_table
        <mjlearn.rules.CoachBot.remember_table>`): its reading of whether they hold back starts from it."""
        if self.replaying:
            return self._refuse("This table replays a recorded game: open another saved game to watch it.")
        seed = self.seed + 1 if seed is None else self._whole("seed", seed)
        if seed is None:
            return False
        if self._game.discards:  # the coach keeps what the same players threw, for its next readings of them
            self._caller().remember_table(self._game, self.seat)
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
        mark = self._undo_mark()
        try:
            getattr(self._game, name)(self.seat, *args, **kwargs)
        except MjlearnError as error:
            return self._refuse(_sentence(error))
        self._undo.append(mark)
        if decision is not None:
            self._decisions.append(decision)
        if name == "draw":
            drawn = self._game.log[-1].tiles if self._game.log[before:] else ()
            self._drawn = int(drawn[0]) if drawn else None
        elif name != "exchange_joker":
            self._drawn = None
        if name not in ("pass_tiles", "vote"):
            self._received = Counter()  # play has begun for you: the Charleston's tiles are yours now
        self._reconcile()
        self.selected, self.blind = [], 0
        self.confirming = {}
        self._players.simultaneous(self._game)
        self._play_on_for_you()
        self._reconcile()
        self._show("")
        return True

    def _catch_up(self) -> None:
        """At the ``instant`` pace, play the computer players' moves up to your next move."""
        if PACES[self.pace] == 0:
            while self._players.step(self._game):
                pass

    def _play_on_for_you(self) -> None:
        """Play on as far as nobody needs you: the computer players' moves at the ``instant`` pace, and the
        discards you cannot use let go (auto-pass), each followed by the computer players' answers."""
        while True:
            self._catch_up()
            if not self._pass_by_itself():
                return

    def _pass_by_itself(self) -> bool:
        """Let the live discard go if auto-pass is on and you cannot use it (no call a live line can use, no
        Mah Jongg); ``True`` if it went."""
        game, seat = self._game, self.seat
        if not self.auto_pass or self.replaying or game.phase != "calls" or seat not in game.waiting_for():
            return False
        if len(game.discards) == self._kept_live or call_choices(game, seat) or wins_now(game, seat):
            return False
        thrower, tile = game.last_discard
        game.pass_call(seat)
        self.auto_passes += 1
        self._notes.append((len(game.log), f"Auto-pass: you let {SEATS[thrower]}'s {tile_words(tile)} go"))
        self._players.simultaneous(game)
        return True

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
        game = self._game
        decision = decision_before(game, self.seat, "pass", tiles) if game.phase == "charleston" else None
        if game.phase == "charleston" and not game.charleston.done:
            step = game.charleston.step
            self._offer = {"step": step.name, "kind": step.kind, "count": len(tiles), "blind": blind,
                           "tiles": [int(tile) for tile in tiles]}
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

    def call(self, size: int, jokers: int = 0, confirm: bool = False) -> bool:
        """Call the last discard for an exposure of ``size`` tiles, ``jokers`` of them jokers.

        A call that no line you can still make has room for would leave your hand dead: it waits for your
        confirmation (``confirm=True``) and, until then, returns ``False`` with the reason.
        """
        game, seat = self._game, self.seat
        try:  # (numpy integers too; anything else is left to the rules to refuse)
            size, jokers = operator.index(size), operator.index(jokers)
        except TypeError:
            legal = False
        else:
            legal = (game.phase == "calls" and seat in game.waiting_for() and 3 <= size <= 6 and 0 <= jokers < size
                     and game.racks[seat].count(game.last_discard[1]) >= size - 1 - jokers
                     and game.racks[seat].jokers >= jokers)
        if legal and confirm is not True:
            problem = call_problem(game, seat, size, jokers)
            if problem is not None:
                group = {3: "pung", 4: "kong", 5: "quint", 6: "sextet"}[size]
                return self._ask("call", {"size": size, "jokers": jokers},
                                 f"Call the {tile_words(game.last_discard[1])} for a {group}?",
                                 f"{_sentence(problem)[:-1]}: this call would make your hand dead.",
                                 f"Call it for a {group} anyway", "No, keep my hand")
        return self._claiming("expose", lambda: self._move("call", size, jokers=jokers))

    def call_mahjongg(self, confirm: bool = False) -> bool:
        """Call the last discard for Mah Jongg. If the discard does not complete a line with your tiles, a
        call would make your hand dead: it waits for your confirmation (``confirm=True``)."""
        game, seat = self._game, self.seat
        if confirm is not True and game.phase == "calls" and seat in game.waiting_for() and not wins_now(game, seat):
            tile = tile_words(game.last_discard[1])
            return self._ask("call_mahjongg", {}, f"Call the {tile} for Mah Jongg?",
                             f"The {tile} completes no line of the card with your tiles: calling it for Mah Jongg"
                             " would make your hand dead.", "Call Mah Jongg anyway", "No, keep playing")
        return self._claiming("mahjongg", lambda: self._move("call_mahjongg"))

    def _claiming(self, kind: str, move: Callable[[], bool]) -> bool:
        """Make your call of the live discard, remembered until it is settled (a call lost is told)."""
        game = self._game
        self._claim = {"kind": kind, "tile": int(game.last_discard[1]), "thrower": game.last_discard[0]} \
            if game.phase == "calls" else None
        if not move():
            self._claim = None
            return False
        return True

    def pass_call(self) -> bool:
        """Let the last discard go."""
        return self._move("pass_call")

    def declare_mahjongg(self, confirm: bool = False) -> bool:
        """Declare Mah Jongg with the tiles you hold. If they win no line, a declaration would make your hand
        dead: it waits for your confirmation (``confirm=True``) and, until then, returns ``False``."""
        game, seat = self._game, self.seat
        if confirm is not True and game.phase == "discard" and game.turn == seat and seat not in game.dead \
                and not self.replaying and not wins_now(game, seat):
            return self._ask("declare_mahjongg", {}, "Declare Mah Jongg?",
                             "This rack wins no line of the card: declaring Mah Jongg would make your hand dead.",
                             "Declare Mah Jongg anyway", "No, keep playing")
        return self._move("declare_mahjongg")

    def _ask(self, action: str, args: dict, question: str, reason: str, yes: str, no: str) -> bool:
        """Hold a move that would cost you your hand until you confirm it: ``confirming`` shows the question in
        the browser; the method returns ``False`` and ``message`` says why and how to go ahead."""
        self.confirming = {"action": action, "args": {**args, "confirm": True}, "question": question,
                           "reason": reason, "yes": yes, "no": no}
        return self._refuse(f"{reason} Confirm to go ahead (from Python: confirm=True), or keep playing.")

    def cancel_confirm(self) -> bool:
        """Answer "no" to the move waiting for your confirmation: nothing happens."""
        if not self.confirming:
            return self._refuse("No move is waiting for your confirmation.")
        self.confirming = {}
        self._say("Nothing done: keep playing.")
        return True

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

    # -- practice: taking moves back ------------------------------------------------------
    def _undo_mark(self) -> dict:
        """What :meth:`undo` needs to put the table back as it is before your next move."""
        bots = getattr(self._players, "bots", {})
        return {"moves": len(self._game.moves), "arrangement": list(self._arrangement), "drawn": self._drawn,
                "decisions": len(self._decisions), "stickies": list(self.stickies), "notes": list(self._notes),
                "received": Counter(self._received), "offer": self._offer, "claim": self._claim,
                "auto_passes": self.auto_passes,
                "bots": {seat: bot.rng.getstate() for seat, bot in bots.items() if hasattr(bot, "rng")}}

    def undo(self) -> bool:
        """Practice mode: take back your last move, and the computer players' moves that followed it.

        The game is played again from its start up to that move (:meth:`Game.replay
        <mjlearn.rules.Game.replay>`) and the computer players' random choices are put back, so the same
        move made again leads to the same game. Refused in a scored game, with practice mode off, once the
        game is over (it is on the scorecard), and before you have moved.
        """
        if self.replaying:
            return self._refuse("This table replays a recorded game: there is nothing of yours to take back.")
        if self.scored:
            return self._refuse("This game is scored: a move once made stands. Undo is for practice tables"
                                " (GameTable(..., scored=False)).")
        if not self.practice:
            return self._refuse("Practice mode is off: switch it on in the settings to take a move back.")
        if self._game.phase == "over":
            return self._refuse("The game is over and on the scorecard: deal a new game to play on.")
        if not self._undo:
            return self._refuse("Nothing to take back: you have not moved yet in this game.")
        mark = self._undo.pop()
        game = self._game
        taken = game.moves[mark["moves"]][0].replace("_", " ")
        self._game = Game.replay(game.card, game.ruleset, game.seed, game.moves[:mark["moves"]],
                                 position=game.position, deal=game.deal)
        bots = getattr(self._players, "bots", {})
        for seat, state in mark["bots"].items():
            bots[seat].rng.setstate(state)
        self._arrangement, self._drawn = mark["arrangement"], mark["drawn"]
        del self._decisions[mark["decisions"]:]
        self._notes, self._received = mark["notes"], mark["received"]
        self._offer, self._claim, self.auto_passes = mark["offer"], mark["claim"], mark["auto_passes"]
        self._seen = (len(self._game.charleston.log), len(self._game.log))
        self._known = (-1, {})
        with self.hold_sync():
            self.stickies = mark["stickies"]
            self.selected, self.blind, self.confirming, self.review_rows = [], 0, {}, []
            self.review_curve, self.review_summary = "", ""
            self._reconcile()
            self._show(f"Took back your last move ({taken}) and the computer players' moves after it.")
        return True

    # -- settings --------------------------------------------------------------------
    def set_auto_pass(self, on: bool = True) -> bool:
        """Switch auto-pass on or off: with it on, a discard you cannot use goes by itself."""
        if not isinstance(on, bool):
            return self._refuse(f"on must be True or False, not {on!r}.")
        self.auto_pass = on
        if on:
            self._play_on_for_you()
            self._reconcile()
        self._show("Auto-pass is on: a discard you cannot use goes by itself." if on else
                   "Auto-pass is off: you answer every discard yourself.")
        return True

    def set_practice(self, on: bool = True) -> bool:
        """Switch practice mode (taking moves back with :meth:`undo`) on or off; never on in a scored game."""
        if not isinstance(on, bool):
            return self._refuse(f"on must be True or False, not {on!r}.")
        if on and self.scored:
            return self._refuse("This game is scored: its moves stand, so it has no practice mode.")
        self.practice = on
        self._show("Practice mode is on: Undo takes your last move back." if on else
                   "Practice mode is off: your moves stand.")
        return True

    def set_sounds(self, on: bool = True) -> bool:
        """Switch the table's sounds on or off (made in the browser; off unless asked for)."""
        if not isinstance(on, bool):
            return self._refuse(f"on must be True or False, not {on!r}.")
        self.sounds = on
        self._say("Sounds on." if on else "Sounds off.")
        return True

    def _on_setting(self, change) -> None:
        """A scored game never gets practice mode, whoever sets the trait."""
        if self.scored and self.practice:
            with self.hold_sync():
                self.practice = False
                if change["name"] == "practice":
                    self._refuse("This game is scored: its moves stand, so it has no practice mode.")

    # -- sticky messages -------------------------------------------------------------------
    def dismiss(self, sticky: int) -> bool:
        """Take away the sticky message ``sticky`` (its ``id`` in :attr:`stickies`)."""
        kept = [item for item in self.stickies if item["id"] != sticky]
        if len(kept) == len(self.stickies):
            return self._refuse(f"There is no message {sticky!r} to dismiss.")
        self.stickies = kept
        return True

    def _stick(self, kind: str, text: str) -> None:
        self._sticky_serial += 1
        self.stickies = [*self.stickies, {"id": self._sticky_serial, "kind": kind, "text": text}]

    def _name(self, seat: int) -> str:
        return f"{self.players[self._player_at(seat)]} ({SEATS[seat]})"

    def _watch(self) -> None:
        """Read the log lines that came since the last look, and leave a sticky message for what must not go
        unseen: your hand going dead, a joker taken from your exposure, your call lost to another seat's, the
        courtesy pass cut short, what your blind pass gave you (and the tiles a pass gave you, highlighted)."""
        game, me = self._game, self.seat
        charleston = game.charleston.log[self._seen[0]:]
        play = [e for e in game.log[self._seen[1]:] if e.step.startswith(("turn", "play"))]
        self._seen = (len(game.charleston.log), len(game.log))
        offer = self._offer
        for event in charleston:
            if event.seat != me or offer is None or event.step != offer["step"]:
                continue
            if event.action == "passes" and offer["kind"] == "negotiated" and len(event.tiles) < offer["count"]:
                kept = [tile_words(Tile(code)) for code in offer["tiles"][len(event.tiles):]]
                step = event.step if event.step.endswith("pass") else f"{event.step} pass"
                self._stick("courtesy", f"The {step} was cut short:"
                            f" {self._name((me + 2) % 4)} offered only {counted(len(event.tiles), 'tile')},"
                            f" so you passed {len(event.tiles)} of your {offer['count']} and kept {', '.join(kept)}.")
            elif event.action == "receives":
                self._received = Counter(int(tile) for tile in event.tiles)
                if offer["blind"]:
                    self._stick("blind", f"Your blind pass ({event.step}): you passed on"
                                f" {counted(offer['blind'], 'tile')} unseen, and the pass gave you"
                                f" {', '.join(tile_words(tile) for tile in event.tiles)}.")
        for event in play:
            claim = self._claim
            if event.seat == me and event.action == "hand is dead":
                self._claim = None
                self._stick("dead", f"Your hand is dead: {event.detail}. You play no further in this game"
                            " (no draws, no calls) and pay the winner as the others do.")
            elif event.action == "exchanges a joker" and event.seat != me and event.detail.startswith(
                    f"from {SEATS[me]}'s "):
                group = event.detail.removeprefix(f"from {SEATS[me]}'s ")
                self._stick("joker", f"{self._name(event.seat)} took a joker from your exposure {group}"
                            f" and put {_a(tile_words(event.tiles[0]))} in its place.")
            elif claim is not None and event.action in ("calls and exposes", "calls for Mah Jongg"):
                self._claim = None
                if event.seat != me:
                    winner_mahjongg = event.action == "calls for Mah Jongg"
                    why = ("Mah Jongg beats an exposure" if winner_mahjongg and claim["kind"] == "expose" else
                           f"the caller nearest in turn after {SEATS[claim['thrower']]} gets the tile")
                    what = "Mah Jongg" if winner_mahjongg else "an exposure"
                    self._stick("lost call", f"Your call of the {tile_words(Tile(claim['tile']))} lost:"
                                f" {self._name(event.seat)} called it for {what}, and {why}.")
            elif claim is not None and event.action in ("draws", "discards", "wall game"):
                self._claim = None

    def _news(self) -> list[str]:
        """What happened since the last view, in words, for the screen reader (:func:`news_text`): nothing after
        an undo or in a new game (the game is another one: its log is not news)."""
        game = self._game
        events = game.charleston.log if game.phase == "charleston" else game.log  # (play's log starts with it)
        told_game, told = self._told
        self._told = (game, len(events))
        if told_game is not game or told > len(events):
            return []
        return news_text(events[told:], self.seat)

    def _log_lines(self) -> list[str]:
        """The whole game's log in words, as your seat sees it, with the table's own lines (auto-pass) in place."""
        game = self._game
        if game.phase == "charleston":
            events = game.charleston.log
        else:
            events = game.log
        kept = self._event_lines
        if kept[0] is not events or kept[1] != self.seat or len(kept[2]) > len(events):
            kept = self._event_lines = (events, self.seat, [])
        texts = kept[2]  # each event's line, worked out once (the log only grows; undo starts a new game)
        texts += [event_text(event, self.seat, words=True) for event in events[len(texts):]]
        notes: dict[int, list[str]] = {}
        for place, text in self._notes:
            notes.setdefault(place, []).append(text)
        lines = []
        for place, text in enumerate(texts, 1):
            if text:
                lines.append(text)
            if place in notes and game.phase != "charleston":
                lines += notes[place]
        return lines

    def _ipython_display_(self) -> None:
        """Show the table, and under it a note for when the table is gone: after a kernel restart, or in a
        notebook opened again, the saved cell shows "Run this cell again..." instead of a blank space.

        While the table is shown, its style sheet hides the note (and the note's output area).
        """
        from html import escape

        from IPython.display import display

        data, metadata = self._repr_mimebundle_()
        display(data, metadata=metadata, raw=True)
        again = f"{RELOAD_NOTE} (seed {self.seed} deals this game again)."
        display({"text/plain": again,
                 "text/html": f'<div class="mj-reload-note" style="padding:6px 10px;border:1px solid #d8d3c4;'
                              f'border-radius:6px;background:#fcfbf7;color:#222">{escape(again)}</div>'}, raw=True)

    # -- the coach ---------------------------------------------------------------------
    def show_coach(self, on: bool = True) -> bool:
        """Open (or close) the coach's panel: its advice, with reasons, for the decision before you (a pass, the
        vote, the courtesy offer, a call, a joker exchange, a throw), your best lines and their chances, or a
        sentence saying what the table waits for (see :func:`~mjlearn.widgets.table_coach.coach_panel`)."""
        if not isinstance(on, bool):
            return self._refuse(f"on must be True or False, not {on!r}.")
        if on and not self.coach_available:
            return self._refuse("The coach is switched off at this table.")
        self.coach_on = on
        self._advise()
        self._warn()
        return True

    def _advise(self) -> None:
        """Work out the coach's panel for the position now, while it is open: the advice for your decision
        (with, at a live discard, ``coach["call"]``: the call the table's chooser marks), or a sentence
        saying what the table waits for. The panel always answers the position shown (``coach["moves"]``)."""
        if not self.coach_on:
            self.coach = {}
            return
        self.coach = self._for_position("coach", lambda: coach_panel(self._game, self.seat, self._caller()))

    def _caller(self):
        """The coach's player for calls (a :class:`~mjlearn.rules.CoachBot` for the table's card and rules)."""
        bot = self._coach_bot
        if bot is None or bot.card is not self.card or bot.ruleset != self.ruleset:
            from ..rules import CoachBot

            bot = self._coach_bot = CoachBot(self.card, self.ruleset, seed=self.seed)
        return bot

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
        :func:`~mjlearn.widgets.table_review.review`); during the game too, for the moves made so far.
        :meth:`game_review` reviews every decision (passes, calls, joker exchanges too), ranked by regret."""
        return review(self.card, self._decisions, self.ruleset)

    def game_review(self) -> "GameReview":
        """Your decisions in this game so far judged beside the coach's, biggest regret first
        (:func:`mjlearn.review_game` of this table's game and seat), with :attr:`solo_hands` summed up."""
        def work() -> "GameReview":
            from ..analysis.review import recent_hands
            from ..rules.review import review_game

            found = review_game(self._game, self.seat, earlier=self._caller().earlier_evidence(self._game))
            found.summary = recent_hands(self.card, self.solo_hands, ruleset=self.ruleset.name) if self.solo_hands else ""
            return found

        return self._for_position(("game review", id(self.solo_hands), len(self.solo_hands)), work)

    def show_review(self) -> bool:
        """Show the review in the widget: your decisions ranked by what they cost (:meth:`game_review`),
        each with the rack it was made from, the curve of your chance to finish beside the coach's, and
        the summary."""
        import base64

        if not self.coach_available:
            return self._refuse("The coach is switched off at this table.")
        if not any(d.kind == "discard" for d in self._decisions):
            return self._refuse("There is nothing to review yet: you have not discarded.")
        self._say("The coach is going through your game, decision by decision (this can take half a minute).", "info")
        found = self.game_review()
        rows = []
        for judged, row in zip(found.ranked(), found.rows()):
            moment = judged.moment
            rows.append({**{key: value for key, value in row.items() if key != "rack"},
                         "kind": moment.kind, "rack": rack_order(moment.rack.tiles()),
                         "exposures": [[int(t) for t in Hand(e).tiles()] for e in moment.exposures]})
        with self.hold_sync():
            self.review_rows = rows
            self.review_curve = "data:image/png;base64," + base64.b64encode(found.png()).decode("ascii")
            self.review_summary = " ".join(part for part in (found.words(), found.summary) if part)
        self._say(found.words(), "info")
        return True

    # -- the computer players ------------------------------------------------------------
    def next_move(self) -> bool:
        """Show the next move of a computer player's turn; ``False`` when it is your move (or the end).

        A discard you cannot use goes by itself (auto-pass) in the same step."""
        if not self._players.step(self._game) and not self._pass_by_itself():
            self._show("")
            return False
        self._pass_by_itself()
        self._reconcile()
        self._show("")
        return True

    def play_on(self, limit: int = 10_000) -> int:
        """Play the computer players' moves until you must move or the game ends (at most ``limit``, a whole
        number); returns how many."""
        from ..analysis.arguments import count_argument

        limit = count_argument("limit", limit)
        made = 0
        while made < limit and (self._players.step(self._game) or self._pass_by_itself()):
            made += 1
        self._reconcile()
        self._show("")
        return made

    def _on_pace(self, change) -> None:
        if change["new"] not in PACES:
            self.pace = change["old"]
            self._refuse(f"The pace is one of {', '.join(PACES)}.")
            return
        self._play_on_for_you()
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
        self._watch()
        view = table_view(self._game, self.seat, self._arrangement, self._drawn, log_lines=0)
        view["log"] = self._log_lines()
        view["news"] = self._news()
        view["received"] = self._received_places()
        view["nearest"] = self._for_position("strip", lambda: nearest_strip(self._game, self.seat))
        view["banner"] = end_banner(self._game, self.seat, [self.players[self._player_at(s)] for s in range(4)])
        view["can_undo"] = bool(self.practice and not self.scored and self._undo and not self.replaying
                                and self._game.phase != "over")
        view["auto_passes"] = self.auto_passes
        if self.replaying:  # a replay is watched, not played
            view.update(buttons=[], can_discard=False, yours=False, call=None, mahjongg=False)
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

    def _received_places(self) -> list[int]:
        """The places on your rack of the tiles the last Charleston pass gave you."""
        left = Counter(self._received)
        places = []
        for place, code in enumerate(self._arrangement):
            if left[code] > 0:
                left[code] -= 1
                places.append(place)
        return places

    def _summary_text(self) -> str:
        return f"{SEATS[self.seat]} at {self.card_name!r}, {self.ruleset_name} rules, seed {self.seed}: {self._game.status()}"

    # -- clicks ------------------------------------------------------------------------
    _ACTIONS = ("show_coach", "show_review", "toggle_at", "move_tile", "sort_rack", "pass_selected", "discard", "vote", "draw", "decline_pick",
                "call", "call_mahjongg", "pass_call", "declare_mahjongg", "exchange_joker", "reverse_swap", "amend",
                "call_dead", "next_move", "new_game", "save", "undo", "cancel_confirm", "dismiss", "set_auto_pass",
                "set_practice", "set_sounds")

    def _on_click(self, _widget, content, _buffers) -> None:
        """A click from the browser: ``{"action": a method's name, "args": its keyword arguments}``."""
        self.ack += 1  # the browser's sign that the kernel answers, sent before the click's work
        if not isinstance(content, dict) or content.get("action") not in self._ACTIONS:
            return
        arguments = content.get("args") or {}
        if not isinstance(arguments, dict):
            return
        try:
            getattr(self, content["action"])(**arguments)
        except TypeError as error:  # a message with arguments the method does not take
            self._refuse(_sentence(f"that click could not be read ({error})"))
