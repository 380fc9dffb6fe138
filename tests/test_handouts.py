"""Handouts: a question from a game shows the table (who threw what, the live discard, every exposure), the PDF
carries its words as text, large print, the key's other answers and spellings, nothing outside the margins."""

from __future__ import annotations

import re
import shutil
from html import escape
import subprocess
from functools import lru_cache

import pytest

import mjlearn as mj
from mjlearn.errors import ArgumentError
from mjlearn.lessons import Handout, KeyEntry, Question
from mjlearn.lessons.handout import (
    LARGE_PRINT,
    NORMAL_PRINT,
    TextRun,
    _Box,
    _Tiles,
    handout_layout,
    question_html,
)
from mjlearn.render.layout import INK
from mjlearn.rules import Game
from test_play_on import called_game as fresh_called_game

RACK = "FF 222B 444B 666B 8B N S"


called_game = lru_cache(maxsize=None)(fresh_called_game)
"""North has just thrown a West that East may call (test_play_on's position), made once for these tests."""


def call_question() -> Question:
    return Question.from_game("tiles", "North has just thrown a West. Which tiles do you expose to call it?",
                              called_game(), seat=0, answer="W W W", accept=["W W J"])


def sheet(large_print: bool = False) -> Handout:
    return Handout("Calls and the Charleston: pay $50 when wrong", [
        Question("pass", "You are East. Which three tiles do you pass to the right?", rack=RACK),
        call_question(),
        Question("line", "Which line is this rack nearest to?", rack="F 11B 22B 33B 44B 55B 66B", visible="9D 1C"),
    ], large_print=large_print)


def pdf_text(path) -> str:
    """The text layer of a PDF: pypdf (the test extra) reads it, or Debian's pdftotext where pypdf is missing."""
    try:
        from pypdf import PdfReader
    except ImportError:
        if shutil.which("pdftotext") is None:
            pytest.fail("reading a PDF's text needs pypdf (pip install -e '.[test]') or pdftotext (poppler-utils)")
        return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


# -- the table of a question asked at a game -----------------------------------------------------------------

def test_the_snapshot_keeps_the_moment_the_question_was_asked():
    game = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 44B 6B N J J"}, exposures={0: ["888B"]},
                              discards=[(3, "8B")], turn=0, phase="discard", seed=1)
    question = Question.from_game("discard", "What do you throw?", game)
    game.discard(0, "N")  # the game goes on; the question stays where it was asked
    table = question.table
    assert table.seat == 0 and table.phase == "discard" and table.live is None
    assert table.discards == ((3, mj.Tile.B8),) and len(table.moves) == 0
    assert Question("line", "Nearest?", rack=RACK).table is None


def test_a_question_at_a_game_shows_who_threw_what_and_every_exposure():
    page_runs = [run for page in handout_layout(Handout("Table", [call_question()]), dpi=72) for run in page.runs]
    hidden = [run.text for run in page_runs if run.hidden]
    words = [run.text for run in page_runs if not run.hidden]
    for notation in ("East threw: N E", "South threw: 9C 7C", "West threw: 3D 2D", "North threw: 8B 1B W",
                     "exposed: 555D J", "exposed: 888B", "FF 222B 44B WW J"):
        assert notation in hidden
    assert {"East (you)", "South", "West", "North"} <= set(words)
    assert "Live discard (framed): W, thrown by North; it may still be called." in words
    assert not any("Seen on the table" in word for word in words)  # the table replaces the heap of seen tiles
    # South's exposure is shown at the table; East's own is with the rack, not again in the row
    assert sum(text.startswith("exposed:") for text in hidden) == 2


def test_the_live_discard_is_framed_in_red():
    page = handout_layout(Handout("Table", [call_question()]), dpi=72)[0]
    frames = [op for op in page.ops if isinstance(op, _Box) and op.outline == INK["red"]]
    assert len(frames) == 1
    x0, y0, x1, y1 = frames[0].box
    framed = [op for op in page.ops if isinstance(op, _Tiles) and x0 < op.x < x1 and y0 < op.y < y1]
    assert [op.tile for op in framed] == [int(mj.Tile.WEST)]
    image = page.image()
    assert image.getpixel((x0 + 1, (y0 + y1) // 2)) == (196, 38, 46)  # the frame's red, drawn
    # a discard that is no longer live (the calls are answered) is not framed
    game = called_game()
    later = Game.replay(game.card, game.ruleset, game.seed, game.moves, position=game.position)
    for seat in later.waiting_for():
        later.pass_call(seat)
    question = Question.from_game("line", "Which line now?", later, seat=0)
    assert question.table.live is None
    assert not [op for page in handout_layout(Handout("T", [question]), dpi=72) for op in page.ops
                if isinstance(op, _Box) and op.outline == INK["red"]]


def test_a_dead_hand_and_an_empty_row_are_said():
    game = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 44B 6B N J J"},
                              exposures={0: ["888B"], 2: ["RRR"]},
                              turn=0, phase="discard", dead=[2], seed=3)
    words = Handout("T", [Question.from_game("discard", "Throw?", game)]).words()
    assert "West, dead hand" in words and "no discards yet" in words


def test_the_notebook_shows_the_table_too():
    html = question_html(call_question())
    assert "East (you)" in html and 'title="live discard"' in html and "outline:3px solid" in html
    assert "Live discard (framed): W, thrown by North" in html and "Seen on the table" not in html
    assert "Seen on the table" in question_html(Question("line", "Nearest?", rack=RACK, visible="9D"))


# -- the PDF's text layer ------------------------------------------------------------------------------------

def test_the_pdf_carries_the_words_as_text(tmp_path):
    handout = sheet()
    path = handout.save(tmp_path / "sheet.pdf", dpi=72)[0]
    text = flat(pdf_text(path))
    for words in ("Calls and the Charleston: pay $50 when wrong", "You are East. Which three tiles do you pass to"
                  " the right?", "Answer:", "2468 #1", "Singles & Pairs #1", "Live discard (framed): W, thrown by"
                  " North", "South threw: 9C 7C", "FF 222B 444B 666B 8B N S", "Page 1 of"):
        assert words in text, words
    for word in handout.words():  # every word the page shows is in the text layer
        assert flat(word) in text, word


def test_the_key_pdf_carries_the_answers_as_text(tmp_path):
    handout = sheet()
    text = flat(pdf_text(handout.save_key(tmp_path / "key.pdf", dpi=72)[0]))
    assert "answer key" in text and "Answer: N S F" in text and "Why: Keeps 2468 #1 in reach" in text
    assert "Answer: WWW" in text and "Also good: WW J" in text and "Answer: Singles & Pairs #1" in text


@pytest.mark.slow
def test_the_pdf_is_the_same_every_time_and_its_words_are_not_pixels(tmp_path):
    first = sheet().save(tmp_path / "a.pdf", dpi=60)[0].read_bytes()
    assert sheet().save(tmp_path / "b.pdf", dpi=60)[0].read_bytes() == first
    assert b"DejaVuSans" in first and b"/FontFile2" in first  # the font is embedded: the words are text
    page = handout_layout(sheet(), dpi=60)[0]
    assert page.image(words=False).tobytes() != page.image().tobytes()  # the PDF's picture leaves the words out


# -- large print -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", [False, True])
def test_large_print_sets_every_word_at_18_points_or_more(key):
    runs = [run for page in handout_layout(sheet(large_print=True), dpi=72, key=key) for run in page.runs
            if not run.hidden]
    assert runs and min(run.points for run in runs) >= 18
    assert LARGE_PRINT.smallest_word() >= 18 > NORMAL_PRINT.smallest_word()
    normal = [run for page in handout_layout(sheet(), dpi=72, key=key) for run in page.runs if not run.hidden]
    assert min(run.points for run in normal) < 18  # (the test can fail: the usual print has small words)


def test_large_print_draws_bigger_tiles():
    def rack_height(handout: Handout) -> int:
        page = handout_layout(handout, dpi=72)[0]
        return max(op.height for op in page.ops if isinstance(op, _Tiles))

    assert rack_height(sheet(large_print=True)) >= 1.25 * rack_height(sheet())
    assert repr(sheet(large_print=True)).endswith("3 questions, large print>")
    with pytest.raises(ArgumentError, match="large_print must be True or False"):
        Handout("T", [Question("count", "How many?", answer=3)], large_print="yes")


@pytest.mark.parametrize("large_print", [False, True])
@pytest.mark.parametrize("key", [False, True])
def test_nothing_is_drawn_outside_the_margins(large_print, key):
    handout = sheet(large_print)
    sizes = LARGE_PRINT if large_print else NORMAL_PRINT
    for page in handout_layout(handout, dpi=72, key=key):
        width, height = page.size
        for op in page.ops:
            if isinstance(op, _Tiles):
                assert sizes.margin_x <= op.x and op.y + op.height <= height - sizes.margin_bottom
            elif isinstance(op, TextRun) and not op.hidden:
                assert sizes.margin_x - 1 <= op.x <= width - sizes.margin_x + 1, op


def test_a_question_taller_than_a_page_breaks_between_its_parts():
    lines = [f"{category} #{number}" for category in ("2468", "Consecutive Run", "Winds/Dragons") for number in (1, 2, 3)]
    tall = Question.from_game("tiles", "Which tiles do you expose to call the West?", called_game(), seat=0,
                              answer="W W W", lines=lines)
    handout = Handout("Large", [tall], large_print=True)
    pages = handout_layout(handout, dpi=72)
    assert len(pages) == 2  # one question on two pages
    for page in pages:
        bottom = page.size[1] - LARGE_PRINT.margin_bottom
        assert all(op.y + op.height <= bottom for op in page.ops if isinstance(op, _Tiles))
    first, second = ([run.text for run in page.runs if not run.hidden] for page in pages)
    assert "1." in first and "North" in first and "Card lines" in second  # it broke between the table and the lines
    assert "Answer:" in second  # the room to answer stays with the lines


def test_large_print_png_pages(tmp_path):
    paths = sheet(large_print=True).save(tmp_path / "large.png", dpi=40)
    assert len(paths) > len(sheet().save(tmp_path / "normal.png", dpi=40))


# -- the key ---------------------------------------------------------------------------------------------------

def test_the_key_shows_other_good_answers_and_other_spellings(monkeypatch):
    question = Question("text", "Which way does the first pass go?", answer="right", accept=["to the right"])

    class Spelled(KeyEntry):  # a key as the answer-reading work gives it: spellings apart from other answers
        spellings: tuple[str, ...] = ()

    entry = Spelled("right", ("across, in a courtesy pass",), "The first pass goes right.")
    object.__setattr__(entry, "spellings", ("to the right", "r"))
    monkeypatch.setattr(question, "key", lambda: entry)
    words = Handout("Key", [question]).words(key=True)
    assert "Answer: right" in words and "Also good: across, in a courtesy pass" in words
    assert "Other ways to write it: to the right, r" in words and "Why: The first pass goes right." in words
    monkeypatch.setattr(question, "key", lambda: KeyEntry("right"))  # a key without spellings says nothing more
    words = Handout("Key", [question]).words(key=True)
    assert "Answer: right" in words and not any(w.startswith(("Other ways", "Also good", "Why")) for w in words)


def test_a_card_line_name_never_runs_into_its_sets():
    from mjlearn.lessons.handout import _font

    question = Question("line", "Which line?", rack=RACK, lines=["Consecutive Run #3", "Winds/Dragons #2", "2468 #1"])
    runs = handout_layout(Handout("Lines", [question]), dpi=72)[0].runs
    for name in ("Consecutive Run #3", "Winds/Dragons #2", "2468 #1"):
        place = next(i for i, run in enumerate(runs) if run.text == name)
        label, first_set = runs[place], runs[place + 2]  # the name, the mark and value, then the sets
        assert first_set.y == label.y and first_set.x > label.x + _font(label.points, False).getlength(name)


# -- a choice or call question on paper ------------------------------------------------------------------------

def live_call_question() -> Question:
    live = Game.from_position(mj.load_card("basic1"), racks={2: "FF 222B 444B 66B 88B N"},
                              discards=[(0, "3C"), (1, "8B")], turn=1, phase="calls", seed=1)
    return Question.from_game("call", "South throws the 8B. You are West: what do you do?", live, seat=2)


def choice_question() -> Question:
    return Question("choice", "At a home game, West calls North's hand dead and is wrong. What happens?",
                    options=["a dispute, settled at the end", "the caller's hand is dead"],
                    answer="a dispute, settled at the end")


@pytest.mark.parametrize("make", [choice_question, live_call_question], ids=["choice", "call"])
def test_a_choice_or_call_question_shows_its_options_lettered_on_paper_and_on_screen(make):
    """Answered on paper, the options must be there to circle; the letters are read back by the check."""
    question = make()
    words = Handout("Options", [question]).words()
    start = words.index("Choose one (circle it, or write its letter)")
    shown = words[start + 1:start + 1 + 2 * len(question.options)]
    assert shown == [w for letter, option in zip("ABCDEFG", question.options) for w in (f"{letter}.", option)]
    assert words.index("Answer:") > start  # the options come before the room to answer
    assert "Choose one (circle it, or write its letter)" not in Handout("Options", [question]).words(key=True)
    html = question_html(question)
    for letter, option in zip("ABCDEFG", question.options):
        assert f"<b>{letter}.</b> {escape(option)}" in html
    best = question.key().answer
    letter = "ABCDEFG"[question.options.index(best)]
    assert question.check(letter).correct


def test_other_kinds_show_no_options_to_choose():
    question = Question("yesno", "May a joker stand in a pair?", answer="no")
    assert "Choose one" not in question_html(question)
    assert not any(w.startswith("Choose one") for w in Handout("Yes or no", [question]).words())
