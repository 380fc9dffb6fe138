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
    from ..rules.ruleset import Ruleset
    from .checks import Check
    from .graded import PassGrade

__all__ = ["Question", "Handout", "KeyEntry", "KINDS"]

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
        return cls(kind, prompt, game.racks[seat], game.card, exposures=game.exposures[seat], visible=seen,
                   **options)

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

    # -- display ---------------------------------------------------------------------------------------
    def __repr__(self) -> str:
        rack = f" rack={str(self.rack)!r}" if self.rack is not None else ""
        return f"<Question {self.kind}: {self.prompt!r}{rack}>"

    def _repr_html_(self) -> str:
        from .handout import question_html

        return question_html(self)


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

    >>> sheet = Handout("Charleston practice", [Question("count", "How many jokers does a set hold?", answer=8)])
    >>> len(sheet.pages(dpi=40)), len(sheet.key_pages(dpi=40))
    (1, 1)
    """

    def __init__(self, title: str, questions: Iterable[Question], paper: str = "letter"):
        from ..render.printable import PAPER_SIZES

        self.title = str(title)
        self.questions = list(questions)
        if not self.questions or not all(isinstance(q, Question) for q in self.questions):
            raise ArgumentError("questions must be a non-empty list of Question")
        if not isinstance(paper, str) or paper.lower() not in PAPER_SIZES:
            raise ArgumentError(f"paper must be one of {', '.join(repr(p) for p in PAPER_SIZES)}, not {paper!r}")
        self.paper = paper.lower()

    def pages(self, dpi: int = 150) -> list[Image.Image]:
        """The handout's pages as RGB images: each question's position, the card lines, room to answer."""
        from .handout import handout_pages

        return handout_pages(self, dpi=_dpi(dpi))

    def key_pages(self, dpi: int = 150) -> list[Image.Image]:
        """The answer key's pages: the best answer to each question, the other good ones and why."""
        from .handout import handout_pages

        return handout_pages(self, dpi=_dpi(dpi), key=True)

    def save(self, path: str | Path, dpi: int = 150) -> list[Path]:
        """Write the handout to ``path``: a PDF, or PNG (``name-1.png``, ``name-2.png``... for several pages).
        Files are written atomically; returns the paths written."""
        from ..atomic import output_path
        from .handout import save_pages

        return save_pages(self.pages(dpi), output_path(path, (".pdf", ".png")), dpi, self.title)

    def save_key(self, path: str | Path, dpi: int = 150) -> list[Path]:
        """Write the answer key to ``path`` (PDF or PNG), as :meth:`save` does."""
        from ..atomic import output_path
        from .handout import save_pages

        return save_pages(self.key_pages(dpi), output_path(path, (".pdf", ".png")), dpi, f"{self.title} - answer key")

    def __repr__(self) -> str:
        return f"<Handout {self.title!r}: {len(self.questions)} questions>"

    def _repr_html_(self) -> str:
        from .handout import question_html

        body = "".join(question_html(q, number) for number, q in enumerate(self.questions, 1))
        return f"<div><h3 style=\"margin:4px 0\">{escape(self.title)}</h3>{body}</div>"
