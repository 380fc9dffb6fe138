"""A teacher's toolkit: write a position in a few lines, pose a question about it, print a handout.

A :class:`Question` holds a prompt, a position (rack, exposures, tiles seen on
the table, card, ruleset) and the kind of answer it wants. It shows itself in
a notebook (tiles and the card lines involved), checks answers with the
checkers of :mod:`mjlearn.lessons.checks` and :mod:`mjlearn.lessons.graded`,
and knows its answer key. A :class:`Handout` prints questions to PNG or PDF, with a
separate answer key (``docs/teaching.md`` walks through a whole lesson).

>>> q = Question("pass", "You are East. Which three tiles do you pass right?", rack="FF 222B 444B 666B 8B N S")
>>> q.check("N S F")
Right! That pass keeps 2468 #1 in reach (23.9% to finish it in 18 draws, counting the 3 tiles you get back).
>>> q.key().answer
'N S F'
>>> Question("count", "How many hands does 2468 #1 stand for?", answer=3).check("three").correct
True
>>> Question("yesno", "May a joker stand in a pair?", answer="no").check("Nope, never.").correct
True
>>> Question("seat", "Who passes to East in the first right pass?", answer="North").check("not West, North")
Right!

The kinds of question: what the student answers; what :meth:`Question.check` takes (every kind also
takes text, read as people write it: :mod:`mjlearn.lessons.reading`); and the answer control a widget
offers (:attr:`Question.control`, :data:`CONTROLS`):

- ``"pass"``: three tiles to pass in the Charleston (``count=`` fewer for a courtesy pass); tile text, a
  list of tiles or a Hand; control ``"tiles"`` (picked from the rack);
- ``"discard"``: the tile to throw from 14 (exposures and ``visible`` tiles count); one tile as text, a
  Tile or a list of one; control ``"tiles"`` (one, from the rack);
- ``"line"``: the line the rack is nearest to; a line name, a Line or ``(section, number)``; control
  ``"line"``;
- ``"count"``: a whole number (``answer=``); an int or text (``"12 tiles"``, ``"twelve"``); control
  ``"text"``;
- ``"tiles"``: some tiles, in any order (``answer=``); tile text, a list of tiles or a Hand, any tile (not
  only the rack's); control ``"tiles"``;
- ``"text"``: a word or a name (``answer=``); text; control ``"text"``;
- ``"yesno"``: yes or no (``answer=True``/``False`` or ``"yes"``/``"no"``); a bool, ``"yes"``/``"no"``
  or a sentence; control ``"yesno"``;
- ``"seat"``: a seat (``answer="West"`` or 0-3; ``seat=`` the student's own, for "my left"); a seat
  number 0-3, a name or a sentence; control ``"seat"``;
- ``"choice"``: one of the teacher's ``options`` (``answer=`` one of them); an option's text, its letter
  or its number (1 for the first); control ``"choice"`` (a button per option);
- ``"call"``: what to do with the live discard ``tile`` (a rack of 13; ``Question.from_game`` on a game
  waiting for calls): let it go, call it for an exposure (with how many jokers), or call Mah Jongg;
  an option's text (:attr:`Question.options`), words (``"pung with a joker"``), ``"pass"``,
  ``"mahjongg"``, ``(size, jokers)``, or an option's letter or number as a handout prints them; control
  ``"choice"``.

``accept=`` lists other good answers; ``spellings=`` other ways to write the answer itself. The key
(:class:`KeyEntry`) keeps the two apart.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from html import escape
from typing import TYPE_CHECKING, Any

from ..errors import AnswerError, ArgumentError
from ..hands import Hand, as_hand
from ..tiles import Tile, as_tile, parse_tiles

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    import pandas
    from PIL import Image

    from ..analysis.position import Exposure, ExposureLike
    from ..card import Card, Line
    from ..hands import HandLike
    from ..resources import CardLike
    from ..rules.game import Game
    from ..rules.position import TablePosition
    from ..rules.ruleset import Ruleset
    from ..rules.setup import Deal
    from .checks import Check
    from .graded import CallGrade, PassGrade

__all__ = ["Question", "Handout", "KeyEntry", "TableSnapshot", "KINDS", "CONTROLS"]

KINDS = ("pass", "discard", "line", "count", "tiles", "text", "yesno", "seat", "choice", "call")
"""The kinds of :class:`Question`."""
CONTROLS = {"pass": "tiles", "discard": "tiles", "tiles": "tiles", "line": "line", "count": "text", "text": "text",
            "yesno": "yesno", "seat": "seat", "choice": "choice", "call": "choice"}
"""The answer control that suits each kind: a tile picker, a line picker, a text box, yes/no buttons, seat
buttons or a button per option (:attr:`Question.options`). A text box suits every kind."""
_GRADED = ("pass", "discard", "line", "call")
_NEEDS_ANSWER = ("count", "tiles", "text", "yesno", "seat", "choice")
_RACK_SIZES = {"pass": (13, 14), "discard": (14,), "line": (13, 14), "call": (13,)}
_SHOWN_LINES = 4


@dataclass(frozen=True)
class KeyEntry:
    """One question's line in the answer key: the best ``answer``, ``also`` other good answers, ``why``, and
    ``spellings``: other ways to write the best answer itself (``"N"`` for ``"North"``, ``"88b"`` for
    ``"88B"``), which are not other answers."""

    answer: str
    also: tuple[str, ...] = ()
    why: str = ""
    spellings: tuple[str, ...] = ()


@dataclass(frozen=True, eq=False)
class TableSnapshot:
    """The table at the moment a question was asked from a game (:meth:`Question.from_game` keeps it as
    ``question.table``): what a handout shows, and what :class:`~mjlearn.widgets.GameTable` needs to play on.

    ``seat`` is the student's; ``discards`` the floor in the order thrown, each ``(seat, tile)``;
    ``exposures`` each seat's exposed groups (East first); ``live`` the discard that may still be called,
    or ``None``. ``position``, ``deal``, ``seed`` and ``moves`` set the same table up again: the game's
    starting position (or its deal) and every move made since.

    >>> import mjlearn as mj
    >>> from mjlearn.rules import Game
    >>> game = Game.from_position(mj.load_card("basic1"), racks={1: "FF 222B 44B N J J"}, exposures={1: ["888B"]},
    ...                           discards=[(3, "8B"), (0, "N")], turn=0, phase="discard", seed=1)
    >>> game.discard(0, game.racks[0].tiles()[0])
    >>> table = TableSnapshot.of(game, 1)
    >>> [t.notation for t in table.discards_of(3)], table.live[0], len(table.moves)
    (['8B'], 0, 1)
    """

    seat: int
    turn: int
    phase: str
    discards: tuple[tuple[int, Tile], ...]
    exposures: tuple[tuple[Exposure, ...], ...]
    dead: frozenset[int]
    wall_left: int
    seed: int | None
    position: TablePosition | None
    deal: Deal | None
    moves: tuple[tuple[str, dict[str, Any]], ...]

    @classmethod
    def of(cls, game: Game, seat: int) -> TableSnapshot:
        """The table of ``game`` now, seen from ``seat`` (a copy: the game may go on)."""
        from ..rules.arguments import seat_arg
        from .graded import _game

        game, seat = _game(game), seat_arg(seat)
        return cls(seat=seat, turn=game.turn, phase=game.phase, discards=tuple(game.discards),
                   exposures=tuple(tuple(groups) for groups in game.exposures), dead=frozenset(game.dead),
                   wall_left=game.wall_left, seed=game.seed, position=game.position,
                   deal=None if game.position is not None else game.deal,
                   moves=tuple((name, dict(arguments)) for name, arguments in game.moves))

    @property
    def live(self) -> tuple[int, Tile] | None:
        """The discard that may still be called (``(seat, tile)``: the game waits for the calls), or ``None``."""
        return self.discards[-1] if self.phase == "calls" and self.discards else None

    def discards_of(self, seat: int) -> list[Tile]:
        """The tiles ``seat`` has thrown, in order (the live discard last, if it is theirs)."""
        return [tile for thrower, tile in self.discards if thrower == seat]


def _seen_tiles(visible: HandLike | None) -> tuple[Tile, ...]:
    """Tiles seen on the table, from notation or an iterable of tiles (any number of them)."""
    if visible is None:
        return ()
    if isinstance(visible, str):
        return tuple(parse_tiles(visible))
    if isinstance(visible, Hand):
        return tuple(visible.tiles())
    if isinstance(visible, (bytes, dict)) or not isinstance(visible, Iterable):
        raise ArgumentError(f"visible must be tile notation or a list of tiles, not {type(visible).__name__}")
    return tuple(t for item in visible for t in (parse_tiles(item) if isinstance(item, str) else [as_tile(item)]))


def _line_names(lines: object, card: Card) -> list[Line]:
    """The card lines a question or an exercise shows: ``lines`` (names such as ``"2468 #1"``, or Lines) read on
    ``card``; a value that is not a list of them is refused by the name ``lines``."""
    from ..analysis.arguments import items_argument
    from .reading import read_line

    return [read_line(name, card) for name in items_argument(
        "lines", lines, "a list of the card's lines (names such as '2468 #1', or Lines), or None")]


def _key_value(kind: str, value: object, options: tuple[str, ...]) -> object:
    """A teacher's answer (or accepted answer) for ``kind``, read as the students' answers are; refused with
    an :class:`ArgumentError` now, not when a student answers."""
    from .reading import SEAT_NAMES, read_choice, read_seat, read_yes_no

    try:
        if kind == "yesno":
            return read_yes_no(value)
        if kind == "seat":
            return SEAT_NAMES[read_seat(value)]
        if kind == "choice":
            return options[read_choice(value, options)]
    except AnswerError as error:
        raise ArgumentError(f"a {kind} question's answer: {str(error).splitlines()[0]}") from None
    return value


class Question:
    """A question about a position, for a lesson or a handout (see the module's examples).

    ``rack`` is the player's rack in the concrete notation (or a Hand),
    ``exposures`` their exposed groups, ``visible`` tiles seen on the table
    (discards, other players' exposures); ``card`` a Card or a bundled card's
    name. ``lines`` chooses the card lines shown with the question (names
    such as ``"2468 #1"`` or Lines); by default a pass, discard, line or call
    question shows the four lines nearest the rack, in card order. ``answer``
    is needed for count, tiles, text, yesno, seat and choice questions;
    ``accept`` lists other good answers and ``spellings`` other ways to write
    the answer; the graded kinds (pass, discard, line, call) are graded by the
    coach. ``options`` are a choice question's options; ``tile`` the live
    discard of a call question (whose ``rack`` holds 13 tiles with its
    exposures); ``seat`` the seat the student plays (a seat question reads
    "my left" from it). ``hint`` is said after a wrong answer, ``why`` after a
    right one.
    """

    table: TableSnapshot | None = None
    """The table the question was asked at (:meth:`from_game`): every seat's discards and exposures, the live
    discard; ``None`` for a question written from a rack."""

    def __init__(self, kind: str, prompt: str, rack: HandLike | None = None, card: CardLike = "basic1", *,
                 exposures: Iterable[ExposureLike] = (), visible: HandLike | None = None,
                 ruleset: Ruleset | str | None = None, answer: object = None, accept: Iterable[object] = (),
                 hint: str = "", lines: Iterable[Line | str] | None = None, count: int = 3, draws: int = 12,
                 why: str = "", options: Iterable[str] = (), spellings: Iterable[object] = (),
                 tile: Tile | str | None = None, seat: int | str | None = None):
        from ..analysis.arguments import count_argument, items_argument, ruleset_argument, text_argument
        from ..analysis.closest import seen_and_unseen
        from ..engine.compiled import counts_of
        from ..analysis.position import read_position
        from ..resources import as_card
        from .reading import read_seat

        if kind not in KINDS:
            raise ArgumentError(f"kind must be one of {', '.join(repr(k) for k in KINDS)}, not {kind!r}")
        if not isinstance(prompt, str) or not prompt.strip():
            raise ArgumentError("prompt must be the question's text (a non-empty str)")
        for name, text in (("prompt", prompt), ("hint", hint), ("why", why)):
            text_argument(name, text, written=True)  # printed on a handout
        self.kind, self.prompt, self.hint, self.why = kind, prompt.strip(), hint, why
        self.card: Card = as_card(card)
        self.ruleset = ruleset_argument(ruleset)
        self.count = count_argument("count", count, minimum=1, maximum=3)
        self.draws = count_argument("draws", draws, minimum=1)
        self.game: Game | None = None
        """The game a question made by :meth:`from_game` was asked about (a copy, as it was then), else None."""
        try:
            self.seat: int | None = None if seat is None else read_seat(seat)
        except AnswerError:
            raise ArgumentError(f"seat must be a seat: 0-3 or East, South, West, North, not {seat!r}") from None
        if rack is None and kind in _GRADED:
            raise ArgumentError(f"a {kind} question needs a rack")
        self.rack: Hand | None = None
        self.exposures: tuple[Exposure, ...] = ()
        if rack is not None:
            self.rack, self.exposures = read_position(rack, exposures, sizes=_RACK_SIZES.get(kind))
        if kind == "pass" and self.exposures:
            raise ArgumentError("a pass question is asked in the Charleston, before anything is exposed")
        self.tile: Tile | None = None
        if kind == "call":
            if tile is None:
                raise ArgumentError("a call question needs tile=, the live discard (or use Question.from_game)")
            self.tile = as_tile(tile) if not isinstance(tile, Tile) else tile
            if self.tile == Tile.JOKER:
                raise ArgumentError("a discarded joker cannot be called: tile must be another tile")
        elif tile is not None:
            raise ArgumentError(f"tile= is the live discard of a call question; a {kind} question has none")
        self.visible = _seen_tiles(visible)
        if self.rack is not None:
            live = [self.tile] if self.tile is not None else []
            seen_and_unseen(list(self.visible) + live, counts_of(self.rack), self.exposures)  # refuses a 5th tile
        self.options: tuple[str, ...] = tuple(str(o) for o in options) if kind == "choice" else ()
        if kind == "choice":
            if isinstance(options, str) or len(self.options) < 2 or len(set(self.options)) < len(self.options):
                raise ArgumentError("a choice question needs options=: two or more different options (a list of str)")
        elif options:
            raise ArgumentError(f"options= are a choice question's; a {kind} question has none")
        accept = tuple(items_argument("accept", accept, "a list of other good answers"))
        spellings = tuple(items_argument("spellings", spellings, "a list of other ways to write the answer"))
        if kind in _NEEDS_ANSWER and answer is None and not accept:
            raise ArgumentError(f"a {kind} question needs answer=")
        if kind == "count" and answer is not None:
            answer = _count_key(answer)  # read as the students' answers are, so the two compare
        if kind in ("yesno", "seat", "choice"):
            answer = _key_value(kind, answer if answer is not None else accept[0], self.options)
            accept = tuple(_key_value(kind, a, self.options) for a in accept)
            if kind == "yesno" and any(a != answer for a in accept):
                raise ArgumentError("a yesno question has one answer: accept= cannot hold the other")
        self.answer, self.accept, self.spellings = answer, accept, spellings
        if kind == "tiles":
            from .reading import read_tiles

            for value in (answer if answer is not None else accept[0], *accept):
                as_hand(value, "answer")  # a mistyped key fails now
            for value in spellings:
                try:
                    read_tiles(value)
                except AnswerError as error:
                    raise ArgumentError(f"a spelling of the answer: {str(error).splitlines()[0]}") from None
        self.lines: list[Line] = [] if lines is None else _line_names(lines, self.card)
        if lines is None and kind in _GRADED:
            table = self.card.closest(self._graded_rack, n=None, exposures=self.exposures, visible=list(self.visible),
                                      ruleset=self.ruleset)
            table = table.sort_values(["dead", "distance"], kind="stable").head(_SHOWN_LINES)  # live lines first
            wanted = set(zip(table["category"], table["line"]))
            self.lines = [line for line in self.card.lines if (line.category, line.number) in wanted]
        if kind == "call":
            from .graded import call_label

            found = self._calls.calls  # every call the rack can make, scored once
            order = [("pass",)] + sorted(c for c in found if c != ("pass",)) + [("mahjongg",)]
            self.options = tuple(call_label(c) for c in order)  # a fixed order: it gives nothing away
        elif kind == "yesno":
            self.options = ("Yes", "No")
        elif kind == "seat":
            from .reading import SEAT_NAMES

            self.options = SEAT_NAMES

    # -- making questions from a table -----------------------------------------------------------------
    @classmethod
    def from_game(cls, kind: str, prompt: str, game: Game, seat: int | None = None, **options: Any) -> Question:
        """A question about one seat of a :class:`~mjlearn.rules.Game` (``Game.from_position`` or a game in
        play): its rack and exposures, every discard and the other seats' exposures as seen tiles. The
        question keeps a copy of the game as it was (:attr:`game`).

        >>> import mjlearn as mj
        >>> from mjlearn.rules import Game
        >>> game = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 444B 666B 8B N S"},
        ...                           discards=[(3, "8B")], turn=0, phase="discard", seed=1)
        >>> q = Question.from_game("discard", "What do you throw?", game)
        >>> str(q.rack), [t.notation for t in q.visible]
        ('FF 222B 444B 666B 8B N S', ['8B'])

        A call question is asked while a discard is live (``phase="calls"``), of a seat that may call it
        (``seat=`` unless one seat only waits); its draws are that seat's share of the wall:

        >>> game = Game.from_position(mj.load_card("basic1"), racks={2: "FF 222B 444B 66B 88B N"},
        ...                           discards=[(0, "3C"), (1, "8B")], turn=1, phase="calls", seed=1)
        >>> q = Question.from_game("call", "South throws 8B. What do you do?", game, seat=2)
        >>> q.tile.notation, q.options, q.check("pung").correct
        ('8B', ('Let it go', 'Call a pung, no joker', 'Call Mah Jongg'), True)
        """
        from ..rules.setup import SEATS, check_seat
        from .graded import _game

        game = _game(game)
        live: Tile | None = None
        if kind == "call":
            if game.phase != "calls" or game.last_discard is None:
                raise ArgumentError("a call question is asked while a discard is live: a game in phase 'calls'"
                                    f" (Game.from_position(..., phase='calls')), not {game.phase!r}")
            waiting = game.waiting_for()
            discarder, live = game.last_discard
            if seat is None:
                if len(waiting) != 1:
                    names = ", ".join(f"{s} ({SEATS[s]})" for s in waiting)
                    raise ArgumentError(f"say which seat answers: seat= one of {names}")
                seat = waiting[0]
            seat = check_seat(seat)
            if seat not in waiting:
                why = ("threw the tile" if seat == discarder else "is dead" if seat in game.dead else
                       "has answered already")
                raise ArgumentError(f"seat {seat} ({SEATS[seat]}) {why}: it cannot be asked to call")
            options.setdefault("draws", max(1, -(-game.wall_left // max(1, 4 - len(game.dead)))))
        seat = game.turn if seat is None else check_seat(seat)
        discards = game.discards[:-1] if kind == "call" else game.discards
        seen = [tile for _, tile in discards]
        for other in range(4):
            if other != seat:
                seen += [t for group in game.exposures[other] for t in group.tiles()]
        options.setdefault("ruleset", game.ruleset)
        if live is not None:
            options["tile"] = live
        question = cls(kind, prompt, game.racks[seat], game.card, exposures=game.exposures[seat], visible=seen,
                       seat=seat, **options)
        question.game = copy.deepcopy(game, {id(game.card): game.card})  # the position as it was; the card shared
        question.table = TableSnapshot.of(game, seat)
        return question

    @classmethod
    def dealt(cls, kind: str, prompt: str, card: CardLike = "basic1", seed: int = 0, seat: int = 0,
              ruleset: Ruleset | str | None = None, **options: Any) -> Question:
        """A question about the rack ``seat`` is dealt with ``seed`` (the same rack every time).

        >>> str(Question.dealt("line", "Which line is nearest?", seed=3).rack)
        'F 8B 4C 6C 2D 3D 4D 5D 9D G RR 00'
        """
        from ..rules.ruleset import NMJL
        from ..rules.setup import check_seat, deal_tiles

        deal = deal_tiles(ruleset or NMJL, seed=seed)
        return cls(kind, prompt, deal.racks[check_seat(seat)], card, ruleset=ruleset, **options)

    # -- answers ---------------------------------------------------------------------------------------
    @property
    def _graded_rack(self) -> Hand:
        """The rack of a pass, discard, line or call question (the constructor refuses one without)."""
        assert self.rack is not None
        return self.rack

    @property
    def control(self) -> str:
        """The answer control that suits this question (:data:`CONTROLS`): ``"tiles"``, ``"line"``,
        ``"text"``, ``"yesno"``, ``"seat"`` or ``"choice"`` (buttons for :attr:`options`)."""
        return CONTROLS[self.kind]

    def check(self, answer: object) -> Check:
        """Check a student's answer (read as people write it; never a traceback). What each kind takes is
        in the module's table; ``...`` is "not answered yet"."""
        from .checks import check, check_count, missing, read_answer
        from .graded import _discard_refusal, grade_discard
        from .reading import read_tiles

        question = ""  # the prompt is on screen already
        if answer is ...:
            return missing(question)
        if self.kind == "pass":
            early = read_answer(answer, question, read_tiles)[1]  # an unreadable answer needs no scoring
            return early if early is not None else self._passes.check(answer, question, self.hint)
        if self.kind == "discard":
            tiles, early = read_answer(answer, question, read_tiles)
            if early is not None:
                return early
            if len(tiles) != 1 or tiles[0] not in self._graded_rack:
                return _discard_refusal(tiles, question, self.hint)
            return grade_discard(tiles[0], self._discards, question, self.hint)
        if self.kind == "line":
            from .graded import check_line

            return check_line(answer, self._graded_rack, self.card, question, self.exposures, list(self.visible),
                              self.ruleset, self.hint)
        if self.kind == "call":
            from .reading import read_call

            answer = self._option_named(answer)
            early = read_answer(answer, question, read_call)[1]
            return early if early is not None else self._calls.check(answer, question, self.hint)
        if self.kind == "seat":
            return self._check_seat(answer)
        if self.kind == "choice":
            return self._check_choice(answer)
        goods = [*self.accept, *self.spellings]
        if self.kind == "count" and isinstance(self.answer, int):
            try:
                numbers = [_count_key(a) for a in goods]
            except ArgumentError:
                numbers = None
            if numbers is not None:
                return check_count(answer, self.answer, question, self.hint, self.why, accept=numbers)
        return check(answer, self.answer, question, self.hint, tiles=self.kind == "tiles", accept=goods,
                     why=self.why)

    def _option_named(self, answer: object) -> object:
        """A call question's option when ``answer`` is only its letter or number as a handout prints them
        (``"B"``, ``"(b)"``, ``"2"``); anything else as it is."""
        import re

        if not isinstance(answer, str):
            return answer
        label = re.fullmatch(r"\s*(?:option\s*)?\(?([A-Za-z]|\d{1,2})[).]?\s*", answer)
        if label is None:
            return answer
        mark = label.group(1).lower()
        index = int(mark) - 1 if mark.isdecimal() else ord(mark) - ord("a")
        return self.options[index] if 0 <= index < len(self.options) else answer

    def _check_seat(self, answer: object) -> Check:
        from .checks import not_yet, read_answer, right
        from .reading import SEAT_NAMES, read_seat

        seat, early = read_answer(answer, "", lambda a: read_seat(a, me=self.seat))
        if early is not None:
            return early
        if SEAT_NAMES[seat] in (self.answer, *self.accept):
            return right("", self.why)
        return not_yet("", "", self.hint)

    def _check_choice(self, answer: object) -> Check:
        from .checks import not_yet, read_answer, right
        from .reading import read_choice

        chosen, early = read_answer(answer, "", read_choice, self.options)
        if early is not None:
            if any(_quietly_same_text(answer, s) for s in self.spellings):
                return right("", self.why)
            return early
        if self.options[chosen] in (self.answer, *self.accept):
            return right("", self.why)
        return not_yet("", "", self.hint)

    def key(self) -> KeyEntry:
        """The answer key: the best answer, other good ones, other spellings of the best, and why (computed
        once)."""
        return self._key

    @cached_property
    def _passes(self) -> PassGrade:
        """Every pass of a pass question, scored once (:class:`~mjlearn.lessons.graded.PassGrade`)."""
        from .graded import grade_passes

        return grade_passes(self.card, self._graded_rack, self.count, self.ruleset)

    @cached_property
    def _discards(self) -> pandas.DataFrame:
        """Every throw of a discard question, scored once (:meth:`Card.discard_advice
        <mjlearn.card.Card.discard_advice>`)."""
        return self.card.discard_advice(self._graded_rack, self.draws, self.exposures, list(self.visible),
                                        self.ruleset)

    @cached_property
    def _calls(self) -> CallGrade:
        """Every answer to the live discard of a call question, scored once
        (:class:`~mjlearn.lessons.graded.CallGrade`)."""
        from .graded import grade_calls

        assert self.tile is not None
        return grade_calls(self.card, self._graded_rack, self.tile, self.exposures, list(self.visible), self.draws,
                           self.ruleset)

    @cached_property
    def _key(self) -> KeyEntry:
        from .graded import line_name, nearest_lines, percent
        from ..wording import counted

        if self.kind == "pass":
            grades = self._passes
            good = [" ".join(t.notation for t in p) for p in grades.passes("good")]
            line = grades.target(grades.best_pass)
            if grades.by_distance:
                away = counted(int(grades.results[grades.best_pass].distance[line]), "tile")
                why = f"Leaves {line_name(grades.compiled.lines[line])} {away} away, as near as any pass can."
            else:
                why = (f"Keeps {line_name(grades.compiled.lines[line])} in reach: {percent(grades.best)} to finish"
                       f" it in {grades.draws} draws after the pass.")
            return KeyEntry(good[0], tuple(good[1:6]), why)
        if self.kind == "discard":
            from .graded import GOOD

            table = self._discards
            best = table.iloc[0]
            good = table[table["ev"] >= GOOD * best["ev"]] if best["ev"] > 0 else table.iloc[:1]
            return KeyEntry(str(best["tile"]), tuple(str(t) for t in good["tile"].iloc[1:]), str(best["reason"]))
        if self.kind == "line":
            near, _ = nearest_lines(self.card, self._graded_rack, self.exposures, list(self.visible), self.ruleset)
            names = [f"{row.category} #{row.line}" for row in near.itertuples()]
            first = near.iloc[0]
            why = f"{counted(int(first['distance']), 'tile')} away; it still needs {first['needs']}."
            return KeyEntry(names[0], tuple(names[1:]), why)
        if self.kind == "call":
            from .graded import call_label

            calls = self._calls
            fine = [c for c in calls.answers() if calls.grade(c) == "good" and c != calls.best]
            return KeyEntry(call_label(calls.best), tuple(call_label(c) for c in fine), calls.reason(calls.best))
        if self.kind == "yesno":
            return KeyEntry("Yes" if self.answer else "No", (), self.why, tuple(str(s) for s in self.spellings))
        if self.kind in ("seat", "choice"):
            also = tuple(dict.fromkeys(str(a) for a in self.accept if a != self.answer))
            return KeyEntry(str(self.answer), also, self.why, tuple(str(s) for s in self.spellings))
        shown = self.answer if self.answer is not None else self.accept[0]
        written = (lambda v: str(as_hand(v))) if self.kind == "tiles" else str
        same: list[object] = []
        other: list[object] = []
        for value in self.accept:
            if value is shown or str(value) == str(shown):
                continue
            (same if self._same_answer(value, shown) else other).append(value)
        spellings = [*self.spellings, *same]
        shown_spellings = tuple(dict.fromkeys(str(s) for s in spellings if str(s) != written(shown)))
        return KeyEntry(written(shown), tuple(written(a) for a in other), self.why, shown_spellings)

    def _same_answer(self, value: object, shown: object) -> bool:
        """Whether an accepted answer is the key's own answer written another way (same tiles, same number,
        the same words, the same seat)."""
        from .checks import _same

        try:
            return bool(_same(value if not isinstance(value, int) else str(value), shown, self.kind == "tiles",
                              False))
        except Exception:  # noqa: BLE001 - a value that cannot be compared is another answer
            return False

    # -- playing on ------------------------------------------------------------------------------------
    def to_position(self, seat: int | None = None, seed: int | None = None) -> dict[str, Any]:
        """Where a table starts to play on from this question: what ``GameTable(question=...)`` reads.

        A dict with ``card``, ``ruleset``, ``seat`` (the student's), ``seed``, and what to set up: either
        ``position`` (the keyword arguments of :meth:`Game.from_position <mjlearn.rules.Game.from_position>`)
        or ``deal`` (a :class:`~mjlearn.rules.setup.Deal`), then ``moves`` to make on it (``(name,
        arguments)`` pairs, as ``Game.moves`` records them).

        - A question from a game (:meth:`from_game`) starts at that very moment: the game's starting
          position (or deal) and every move made until the question, from the question's seat.
        - A pass question starts the Charleston with its rack: a deal (from ``seed``) changed as little as
          can be so that ``seat`` is dealt exactly that rack (East with 14 tiles, by default when the
          rack holds 14; South otherwise).
        - Any other question with a rack of 13 or 14 tiles (its exposures counted) starts with ``seat``
          (East by default) to draw, or to discard from 14; its seen tiles lie on the floor, thrown in
          turn by the other seats, and the rest of the table is dealt from ``seed``.

        >>> q = Question("discard", "What do you throw?", rack="FF 222B 444B 666B 8B N S", visible="9D 1C")
        >>> start = q.to_position(seed=1)
        >>> start["seat"], start["position"]["phase"], start["position"]["discards"]
        (0, 'discard', [(2, '9D'), (3, '1C')])
        >>> Question("pass", "Pass right?", rack="FF 222B 444B 666B 8B N S").to_position(seed=5)["deal"].racks[0]
        Hand('FF 222B 444B 666B 8B N S')
        """
        from ..analysis.arguments import count_argument
        from ..errors import PositionError
        from ..rules.ruleset import NMJL, as_ruleset
        from ..rules.setup import SEATS, check_seat

        seed = None if seed is None else count_argument("seed", seed, minimum=0)
        rules = NMJL if self.ruleset is None else as_ruleset(self.ruleset)
        start: dict[str, Any] = {"card": self.card, "ruleset": rules, "seed": seed, "position": None,
                                 "deal": None, "moves": []}
        if self.table is not None:
            table = self.table
            if seat is not None and check_seat(seat) != table.seat:
                raise ArgumentError(f"this question was asked at {SEATS[table.seat]}'s seat: play on from that"
                                    f" seat (leave seat out), not {SEATS[seat]}")
            start.update(seat=table.seat, moves=[(name, dict(arguments)) for name, arguments in table.moves])
            if table.position is not None:
                start["position"] = table.position.to_dict()
            else:
                start["deal"] = table.deal
            return start
        if self.rack is None:
            raise ArgumentError("this question has no position to play on from: give it a rack (or make it"
                                " with Question.from_game)")
        held = len(self.rack) + sum(group.size for group in self.exposures)
        if self.kind == "pass":
            seat = (0 if held == rules.east_tiles else 1) if seat is None else check_seat(seat)
            start.update(seat=seat, deal=_deal_around(rules, seat, self.rack, seed))
            return start
        if held not in (13, 14):
            raise PositionError(f"a table starts from a rack of 13 tiles (to draw) or 14 (to discard), exposures"
                                f" counted; this question's holds {held}")
        seat = 0 if seat is None else check_seat(seat)
        others = [(seat - step) % 4 for step in (3, 2, 1)]  # the seat after yours first: the one before you throws last
        floor = [(others[(index - len(self.visible)) % 3], tile.notation) for index, tile in enumerate(self.visible)]
        start.update(seat=seat, position={
            "racks": {seat: str(self.rack)}, "exposures": {seat: [str(group) for group in self.exposures]},
            "discards": floor, "turn": seat, "phase": "discard" if held == 14 else "draw"})
        return start

    # -- display ---------------------------------------------------------------------------------------
    def __repr__(self) -> str:
        rack = f" rack={str(self.rack)!r}" if self.rack is not None else ""
        return f"<Question {self.kind}: {self.prompt!r}{rack}>"

    def _repr_html_(self) -> str:
        from .handout import question_html

        return question_html(self)


def _deal_around(ruleset: Ruleset, seat: int, rack: Hand, seed: int | None) -> Deal:
    """The deal from ``seed`` with its walls changed as little as can be so that ``seat`` is dealt ``rack``: each
    tile the seat has too many of swaps places in the walls with one it lacks, and the walls are dealt again (the
    dice, the ruleset's way of dealing and every other tile stay as they were)."""
    from collections import Counter

    from ..errors import PositionError
    from ..rules.setup import SEATS, deal_from_walls, deal_tiles

    size = ruleset.east_tiles if seat == 0 else 13
    if len(rack) != size:
        raise PositionError(f"{SEATS[seat]} is dealt {size} tiles under {ruleset.name}, not the {len(rack)} of this"
                            f" rack: play on from {'South' if seat == 0 else 'East'}'s seat (seat="
                            f"{1 if seat == 0 else 0}), or give the rack {size} tiles")
    if rack.jokers < ruleset.jokers_dealt_first:
        raise PositionError(f"under {ruleset.name} every rack is dealt {ruleset.jokers_dealt_first} joker first;"
                            f" this rack has {rack.jokers}")
    deal = deal_tiles(ruleset, seed)
    walls = [[tile for stack in wall for tile in stack] for wall in deal.walls]
    wanted = Counter(rack.tiles())
    while (have := Counter(deal.racks[seat].tiles())) != wanted:
        extra, lacking = sorted(have - wanted), sorted(wanted - have)
        places = {tile: [(w, i) for w, wall in enumerate(walls) for i, t in enumerate(wall) if t == tile]
                  for tile in (*extra, *lacking)}
        swapped = None
        for give, take in ((g, t) for g in dict.fromkeys(extra) for t in dict.fromkeys(lacking)):
            after = have - Counter([give]) + Counter([take])
            for (w1, i1) in places[give]:
                for (w2, i2) in places[take]:
                    walls[w1][i1], walls[w2][i2] = take, give
                    trial = deal_from_walls(ruleset, walls, deal.dice, deal.seed)
                    if Counter(trial.racks[seat].tiles()) == after:
                        swapped = trial
                        break
                    walls[w1][i1], walls[w2][i2] = give, take
                if swapped:
                    break
            if swapped:
                break
        if swapped is None:  # (a joker dealt first cannot move: the checks above leave nothing else)
            raise PositionError(f"{SEATS[seat]} cannot be dealt {rack} under {ruleset.name}")
        deal = swapped
    return deal


def _quietly_same_text(answer: object, expected: object) -> bool:
    from .checks import _same_text

    try:
        return _same_text(answer, str(expected))
    except AnswerError:
        return False


def _count_key(answer: object) -> int:
    """A count question's key as a number: ``12``, ``"12"`` or ``"twelve"``; anything else is refused now,
    not when a student answers."""
    from ..errors import AnswerError
    from .reading import read_number

    try:
        return read_number(answer)
    except AnswerError:
        raise ArgumentError(f"a count question's answer must be a whole number, not {answer!r}") from None


def _dpi(dpi: int) -> int:
    """``dpi`` if it is a whole number the printer can use (30 to 1200)."""
    from ..analysis.arguments import count_argument
    from ..render.printable import MAX_DPI, MIN_DPI

    return count_argument("dpi", dpi, minimum=MIN_DPI, maximum=MAX_DPI)


class Handout:
    """Questions to print for a class: ``save("sheet.pdf")`` (or ``.png``) and ``save_key("key.pdf")``.

    ``paper`` is ``"letter"`` or ``"a4"``; ``large_print=True`` sets every word at 18 points or more and draws
    bigger tiles (:data:`~mjlearn.lessons.handout.LARGE_PRINT`). A PDF carries its words as text: it can be
    searched and read aloud.

    >>> sheet = Handout("Charleston practice", [Question("count", "How many jokers does a set hold?", answer=8)])
    >>> len(sheet.pages(dpi=40)), len(sheet.key_pages(dpi=40))
    (1, 1)
    >>> sheet.words()[:3]
    ['Charleston practice', 'Name', 'Date']
    """

    def __init__(self, title: str, questions: Iterable[Question], paper: str = "letter", large_print: bool = False):
        from ..render.printable import PAPER_SIZES

        from ..analysis.arguments import items_argument, text_argument

        self.title = text_argument("title", title, written=True)
        self.questions = items_argument("questions", questions, "a non-empty list of Question")
        if not self.questions or not all(isinstance(q, Question) for q in self.questions):
            raise ArgumentError("questions must be a non-empty list of Question")
        if not isinstance(paper, str) or paper.lower() not in PAPER_SIZES:
            raise ArgumentError(f"paper must be one of {', '.join(repr(p) for p in PAPER_SIZES)}, not {paper!r}")
        if not isinstance(large_print, bool):
            raise ArgumentError(f"large_print must be True or False, not {large_print!r}")
        self.paper = paper.lower()
        self.large_print = large_print

    def pages(self, dpi: int = 150) -> list[Image.Image]:
        """The handout's pages as RGB images: each question's position, the card lines, room to answer."""
        from .handout import handout_pages

        return handout_pages(self, dpi=_dpi(dpi))

    def key_pages(self, dpi: int = 150) -> list[Image.Image]:
        """The answer key's pages: the best answer to each question, the other good ones and why."""
        from .handout import handout_pages

        return handout_pages(self, dpi=_dpi(dpi), key=True)

    def words(self, key: bool = False) -> list[str]:
        """Every word printed on the handout (or its key) in reading order, one entry per line of text: what
        its PDF's text layer holds, less the tiles' notation."""
        from .handout import handout_layout

        return [word for page in handout_layout(self, dpi=72, key=key) for word in page.words()]

    def save(self, path: str | Path, dpi: int = 150) -> list[Path]:
        """Write the handout to ``path``: a PDF (its words as text), or PNG (``name-1.png``, ``name-2.png``...
        for several pages). Files are written atomically; returns the paths written."""
        from ..atomic import output_path
        from .handout import save_handout

        return save_handout(self, output_path(path, (".pdf", ".png")), _dpi(dpi))

    def save_key(self, path: str | Path, dpi: int = 150) -> list[Path]:
        """Write the answer key to ``path`` (PDF or PNG), as :meth:`save` does."""
        from ..atomic import output_path
        from .handout import save_handout

        return save_handout(self, output_path(path, (".pdf", ".png")), _dpi(dpi), key=True)

    def __repr__(self) -> str:
        large = ", large print" if self.large_print else ""
        return f"<Handout {self.title!r}: {len(self.questions)} questions{large}>"

    def _repr_html_(self) -> str:
        from .handout import question_html

        body = "".join(question_html(q, number) for number, q in enumerate(self.questions, 1))
        return f"<div><h3 style=\"margin:4px 0\">{escape(self.title)}</h3>{body}</div>"
