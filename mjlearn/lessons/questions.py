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

The kinds of question:

- ``"pass"``: three tiles (``count=`` fewer for a courtesy pass) to pass in the Charleston;
- ``"discard"``: the tile to throw from 14 (exposures and ``visible`` tiles count);
- ``"line"``: the line the rack is nearest to;
- ``"count"``: a whole number (``answer=``);
- ``"tiles"``: some tiles, in any order (``answer=``, ``accept=`` for other good answers);
- ``"text"``: a word or a name (``answer=``; ``accept=`` for other spellings).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from html import escape
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentError
from ..hands import Hand, as_hand
from ..tiles import Tile, as_tile, parse_tiles

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

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
    from .graded import PassGrade

__all__ = ["Question", "Handout", "KeyEntry", "TableSnapshot", "KINDS"]

KINDS = ("pass", "discard", "line", "count", "tiles", "text")
"""The kinds of :class:`Question`."""
_GRADED = ("pass", "discard", "line")
_SHOWN_LINES = 4


@dataclass(frozen=True)
class KeyEntry:
    """One question's line in the answer key: the best ``answer``, ``also`` other good answers, and ``why``."""

    answer: str
    also: tuple[str, ...] = ()
    why: str = ""


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


class Question:
    """A question about a position, for a lesson or a handout (see the module's examples).

    ``rack`` is the player's rack in the concrete notation (or a Hand),
    ``exposures`` their exposed groups, ``visible`` tiles seen on the table
    (discards, other players' exposures); ``card`` a Card or a bundled card's
    name. ``lines`` chooses the card lines shown with the question (names
    such as ``"2468 #1"`` or Lines); by default a pass, discard or line
    question shows the four lines nearest the rack, in card order. ``answer``
    (and ``accept``) are needed for count, tiles and text questions; the
    others are graded by the coach. ``hint`` is said after a wrong answer.
    """

    table: TableSnapshot | None = None
    """The table the question was asked at (:meth:`from_game`): every seat's discards and exposures, the live
    discard; ``None`` for a question written from a rack."""

    def __init__(self, kind: str, prompt: str, rack: HandLike | None = None, card: CardLike = "basic1", *,
                 exposures: Iterable[ExposureLike] = (), visible: HandLike | None = None,
                 ruleset: Ruleset | str | None = None, answer: object = None, accept: Iterable[object] = (),
                 hint: str = "", lines: Iterable[Line | str] | None = None, count: int = 3, draws: int = 12,
                 why: str = ""):
        from ..analysis.arguments import count_argument, ruleset_argument
        from ..analysis.closest import seen_and_unseen
        from ..analysis.compiled import counts_of
        from ..analysis.position import read_position
        from ..resources import as_card
        from .reading import read_line

        if kind not in KINDS:
            raise ArgumentError(f"kind must be one of {', '.join(repr(k) for k in KINDS)}, not {kind!r}")
        if not isinstance(prompt, str) or not prompt.strip():
            raise ArgumentError("prompt must be the question's text (a non-empty str)")
        self.kind, self.prompt, self.hint, self.why = kind, prompt.strip(), str(hint), str(why)
        self.card: Card = as_card(card)
        self.ruleset = ruleset_argument(ruleset)
        self.count = count_argument("count", count, minimum=1, maximum=3)
        self.draws = count_argument("draws", draws, minimum=1)
        if rack is None and kind in _GRADED:
            raise ArgumentError(f"a {kind} question needs a rack")
        self.rack: Hand | None = None
        self.exposures: tuple[Exposure, ...] = ()
        if rack is not None:
            sizes = {"pass": (13, 14), "discard": (14,), "line": (13, 14)}.get(kind)
            self.rack, self.exposures = read_position(rack, exposures, sizes=sizes)
        if kind == "pass" and self.exposures:
            raise ArgumentError("a pass question is asked in the Charleston, before anything is exposed")
        self.visible = _seen_tiles(visible)
        if self.rack is not None:
            seen_and_unseen(list(self.visible), counts_of(self.rack), self.exposures)  # refuses a 5th tile
        if kind in ("count", "tiles", "text") and answer is None and not accept:
            raise ArgumentError(f"a {kind} question needs answer=")
        if kind == "count" and answer is not None:
            answer = _count_key(answer)  # read as the students' answers are, so the two compare
        self.answer, self.accept = answer, tuple(accept)
        if kind == "tiles":
            as_hand(answer if answer is not None else self.accept[0], "answer")  # a mistyped key fails now
        self.lines: list[Line] = [read_line(name, self.card) for name in lines] if lines is not None else []
        if lines is None and kind in _GRADED:
            table = self.card.closest(self._graded_rack, n=None, exposures=self.exposures, visible=list(self.visible),
                                      ruleset=self.ruleset)
            table = table.sort_values(["dead", "distance"], kind="stable").head(_SHOWN_LINES)  # live lines first
            wanted = set(zip(table["category"], table["line"]))
            self.lines = [line for line in self.card.lines if (line.category, line.number) in wanted]

    # -- making questions from a table -----------------------------------------------------------------
    @classmethod
    def from_game(cls, kind: str, prompt: str, game: Game, seat: int | None = None, **options: Any) -> Question:
        """A question about one seat of a :class:`~mjlearn.rules.Game` (``Game.from_position`` or a game in
        play): its rack and exposures, every discard and the other seats' exposures as seen tiles.

        >>> import mjlearn as mj
        >>> from mjlearn.rules import Game
        >>> game = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 444B 666B 8B N S"},
        ...                           discards=[(3, "8B")], turn=0, phase="discard", seed=1)
        >>> q = Question.from_game("discard", "What do you throw?", game)
        >>> str(q.rack), [t.notation for t in q.visible]
        ('FF 222B 444B 666B 8B N S', ['8B'])
        """
        from ..rules.setup import check_seat

        seat = game.turn if seat is None else check_seat(seat)
        seen = [tile for _, tile in game.discards]
        for other in range(4):
            if other != seat:
                seen += [t for group in game.exposures[other] for t in group.tiles()]
        options.setdefault("ruleset", game.ruleset)
        question = cls(kind, prompt, game.racks[seat], game.card, exposures=game.exposures[seat], visible=seen,
                       **options)
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
        """The rack of a pass, discard or line question (the constructor refuses one without)."""
        assert self.rack is not None
        return self.rack

    def check(self, answer: object) -> Check:
        """Check a student's answer (read as people write it; never a traceback)."""
        from .checks import check, check_count, read_answer
        from .graded import check_discard, check_line
        from .reading import read_tiles

        question = ""  # the prompt is on screen already
        if self.kind == "pass":
            early = read_answer(answer, question, read_tiles)[1]  # an unreadable answer needs no scoring
            return early if early is not None else self._passes.check(answer, question, self.hint)
        if self.kind == "discard":
            return check_discard(answer, self._graded_rack, self.card, question, self.exposures, list(self.visible),
                                 self.draws, self.ruleset, self.hint)
        if self.kind == "line":
            return check_line(answer, self._graded_rack, self.card, question, self.exposures, list(self.visible),
                              self.ruleset, self.hint)
        if self.kind == "count" and isinstance(self.answer, int) and not self.accept:
            return check_count(answer, self.answer, question, self.hint, self.why)
        return check(answer, self.answer, question, self.hint, tiles=self.kind == "tiles",
                     accept=self.accept, why=self.why)

    def key(self) -> KeyEntry:
        """The answer key: the best answer, other good ones, and why (computed once)."""
        return self._key

    @cached_property
    def _passes(self) -> PassGrade:
        """Every pass of a pass question, scored once (:class:`~mjlearn.lessons.graded.PassGrade`)."""
        from .graded import grade_passes

        return grade_passes(self.card, self._graded_rack, self.count, self.ruleset)

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

            table = self.card.discard_advice(self._graded_rack, self.draws, self.exposures, list(self.visible),
                                             self.ruleset)
            best = table.iloc[0]
            good = table[table["ev"] >= GOOD * best["ev"]] if best["ev"] > 0 else table.iloc[:1]
            return KeyEntry(str(best["tile"]), tuple(str(t) for t in good["tile"].iloc[1:]), str(best["reason"]))
        if self.kind == "line":
            near, _ = nearest_lines(self.card, self._graded_rack, self.exposures, list(self.visible), self.ruleset)
            names = [f"{row.category} #{row.line}" for row in near.itertuples()]
            first = near.iloc[0]
            why = f"{counted(int(first['distance']), 'tile')} away; it still needs {first['needs']}."
            return KeyEntry(names[0], tuple(names[1:]), why)
        shown = self.answer if self.answer is not None else self.accept[0]
        text = str(as_hand(shown)) if self.kind == "tiles" else str(shown)
        also = tuple(str(as_hand(a)) if self.kind == "tiles" else str(a) for a in self.accept if a != shown)
        return KeyEntry(text, also, self.why)

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

        self.title = str(title)
        self.questions = list(questions)
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
