"""The teacher's toolkit: questions over positions, their display and key, handouts on PNG and PDF."""

import os
from functools import lru_cache

import pytest
from PIL import Image

import mjlearn as mj
from mjlearn.errors import ArgumentError, HandError
from mjlearn.rules import Game
from mjlearn.lessons import Handout, KeyEntry, Question

RACK = "FF 222B 444B 666B 8B N S"


@lru_cache(maxsize=None)
def card():
    return mj.load_card("basic1")


@lru_cache(maxsize=None)
def handout():
    game = Game.from_position(card(), racks={0: "FF 222B 44B 6B N J J"}, exposures={0: ["888B"], 1: ["555D J"]},
                              discards=[(3, "8B"), (1, "N")], turn=0, phase="discard", seed=1)
    return Handout("Practice", [
        Question("pass", "Which three tiles do you pass right?", rack=RACK),
        Question.from_game("discard", "What do you throw?", game),
        Question("line", "Which line is nearest?", rack="F 11B 22B 33B 44B 55B 66B"),
        Question("count", "How many hands does Like Numbers #1 hold?", answer=27, lines=["Like Numbers #1"],
                 why="9 numbers in 3 suits."),
        Question("tiles", "Which tiles finish 2468 #1?", rack="FF 222B 444B 666B 8B", answer="88B", accept=["8B J"]),
        Question("text", "Which wind sits left of East?", answer="North", accept=["N"]),
    ])


def test_each_kind_checks_answers():
    questions = handout().questions
    assert questions[0].check("n, s, f").correct
    assert not questions[0].check("N S J").correct
    assert questions[2].check("singles and pairs 1").correct
    assert questions[3].check("twenty-seven").correct and "too low" in questions[3].check(26).text
    assert questions[4].check("8b 8b").correct and questions[4].check("8B joker").correct
    assert questions[5].check("north").correct and questions[5].check("n").correct
    assert not questions[5].check("South").correct
    for question in questions:
        assert question.check(...).status == "missing"
        assert question.check("3X").status in ("unreadable", "wrong")


def test_a_game_position_gives_the_seat_and_what_it_has_seen():
    question = handout().questions[1]
    assert str(question.rack) == "FF 222B 44B 6B N JJ"
    assert [(e.tile, e.size, e.jokers) for e in question.exposures] == [(mj.Tile.B8, 3, 0)]
    assert sorted(t.notation for t in question.visible) == sorted(["8B", "N", "5D", "5D", "5D", "J"])


def test_the_key_gives_the_best_answers_and_why():
    keys = [q.key() for q in handout().questions]
    assert all(isinstance(k, KeyEntry) for k in keys)
    assert keys[0] == KeyEntry("N S F", (), keys[0].why) and "2468 #1" in keys[0].why
    assert keys[2].answer == "Singles & Pairs #1" and "1 tile away" in keys[2].why
    assert keys[3] == KeyEntry("27", (), "9 numbers in 3 suits.")
    assert keys[4] == KeyEntry("88B", ("8B J",), "")
    assert keys[5].answer == "North" and keys[5].also == () and keys[5].spellings == ("N",)  # "N" is North written short
    discard = keys[1]
    assert handout().questions[1].check(discard.answer).correct
    for tile in discard.also:
        assert handout().questions[1].check(tile).correct


def test_questions_show_themselves_with_tiles_and_card_lines():
    html = handout()._repr_html_()
    assert html.count("<img") > 40 and "2468 #1" in html and "Like Numbers #1" in html
    assert 'height="48"' in html  # racks at 48 px, seen tiles at 40: large enough to read
    first = handout().questions[0]
    assert "N S F" not in first._repr_html_()  # the display never gives the answer away
    assert "<Question pass" in repr(first)


def test_default_lines_are_the_nearest_in_card_order():
    lines = handout().questions[0].lines
    assert len(lines) == 4 and lines == sorted(lines, key=card().lines.index)


@pytest.mark.parametrize("arguments, error", [
    (("riddle", "What?"), ArgumentError),
    (("pass", ""), ArgumentError),
    (("pass", "Pass three"), ArgumentError),  # no rack
    (("count", "How many?"), ArgumentError),  # no answer
    (("discard", "Throw one", "FF 222B"), HandError),  # not 14 tiles
    (("pass", "Pass", "FF 22222B"), HandError),
])
def test_bad_questions_are_refused_clearly(arguments, error):
    with pytest.raises(error):
        Question(*arguments)


def test_a_count_key_is_read_as_the_answers_are():
    """A key written "twelve" or "12" compares with the students' numbers (a wrong answer is told too high or too
    low, not a traceback); a key that is no number is refused when the question is written."""
    question = Question("count", "How many tiles on a rack?", answer="twelve")
    assert question.check("12").correct and question.key().answer == "12"
    assert question.check(13).text == "Not yet. 13 is too high."
    with pytest.raises(ArgumentError, match="a count question's answer must be a whole number, not 'lots'"):
        Question("count", "How many?", answer="lots")
    with pytest.raises(ArgumentError, match="answer must be tile notation"):
        Question("tiles", "Which tiles?", answer=5)


def test_a_pass_question_has_no_exposures():
    with pytest.raises(ArgumentError, match="before anything is exposed"):
        Question("pass", "Pass three", rack="FF 222B 444B 666B", exposures=["888B"])


def test_too_many_tiles_seen_are_refused():
    with pytest.raises(HandError, match="a set holds only 4"):
        Question("line", "Nearest?", rack=RACK, visible="2B 2B")


def test_handout_pages_and_answer_key(tmp_path):
    pages, key = handout().pages(dpi=60), handout().key_pages(dpi=60)
    assert [p.size for p in pages] == [(510, 660)] * len(pages) and len(pages) >= 2
    assert 1 <= len(key) <= len(pages)
    assert handout().pages(dpi=60)[0].tobytes() == pages[0].tobytes()  # the same pixels every time


def test_handouts_are_written_to_pdf_and_png(tmp_path):
    sheet = Handout("One question", [Question("line", "Which line is nearest?", rack=RACK)])
    pdf = sheet.save(tmp_path / "sheet.pdf", dpi=60)
    png = sheet.save(tmp_path / "sheet.png", dpi=60)
    key = sheet.save_key(tmp_path / "key.pdf", dpi=60)
    assert pdf == [tmp_path / "sheet.pdf"] and png == [tmp_path / "sheet.png"] and key == [tmp_path / "key.pdf"]
    assert pdf[0].read_bytes().startswith(b"%PDF") and pdf[0].read_bytes().count(b"/Type /Page ") == 1
    with Image.open(png[0]) as image:
        assert image.size == (510, 660)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["key.pdf", "sheet.pdf", "sheet.png"]  # no temporaries


def test_several_pages_go_to_numbered_pngs(tmp_path):
    paths = handout().save(tmp_path / "sheet.png", dpi=40)
    assert [p.name for p in paths] == [f"sheet-{n}.png" for n in range(1, len(paths) + 1)] and len(paths) >= 2
    pdf = handout().save(tmp_path / "sheet.pdf", dpi=40)[0].read_bytes()
    assert pdf.count(b"/Type /Page ") == len(paths)


def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"the old handout")
    sheet = Handout("One", [Question("count", "How many?", answer=3)])

    def broken(*args, **kwargs):
        raise OSError("disk full")

    from matplotlib.backends.backend_pdf import PdfPages

    monkeypatch.setattr(PdfPages, "savefig", broken)  # the PDF's page fails half-way through the file
    with pytest.raises(OSError):
        sheet.save(target, dpi=40)
    assert target.read_bytes() == b"the old handout"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


@pytest.mark.parametrize("path, message", [
    ("sheet.docx", "must end in .pdf or .png"),
    (os.path.join("no", "such", "folder", "sheet.pdf"), "does not exist"),
    (42, "must be a file name"),
])
def test_bad_paths_are_refused_before_drawing(path, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sheet = Handout("One", [Question("count", "How many?", answer=3)])
    with pytest.raises(ArgumentError, match=message):
        sheet.save(path)
    assert list(tmp_path.iterdir()) == []


def test_a_handout_needs_questions_and_known_paper():
    with pytest.raises(ArgumentError):
        Handout("Empty", [])
    with pytest.raises(ArgumentError):
        Handout("Wrong", ["not a question"])
    with pytest.raises(ArgumentError, match="paper must be one of 'letter', 'a4'"):
        Handout("A5", [Question("count", "How many?", answer=3)], paper="a5")
    sheet = Handout("A4", [Question("count", "How many?", answer=3)], paper="A4")
    assert sheet.pages(dpi=72)[0].size == (595, 842)
    for dpi in (10, 5000, 150.0, True):
        with pytest.raises(ArgumentError, match="dpi must be a whole number"):
            sheet.pages(dpi=dpi)


@pytest.mark.slow
def test_the_same_handout_gives_the_same_pdf(tmp_path):
    sheet = Handout("Same", [Question("line", "Nearest?", rack=RACK)])
    first = sheet.save(tmp_path / "a.pdf", dpi=40)[0].read_bytes()
    assert sheet.save(tmp_path / "b.pdf", dpi=40)[0].read_bytes() == first


def test_a_dealt_question_is_the_same_every_time():
    first = Question.dealt("line", "Nearest?", seed=3)
    assert first.rack == Question.dealt("line", "Nearest?", seed=3).rack and len(first.rack) == 14
    assert len(Question.dealt("line", "Nearest?", seed=3, seat=1).rack) == 13


@pytest.mark.slow
def test_every_code_block_of_the_teaching_guide_runs(tmp_path, monkeypatch):
    """docs/teaching.md: its blocks run in order in one namespace, and the handout it saves is on disk."""
    import re
    from pathlib import Path

    monkeypatch.chdir(tmp_path)
    text = (Path(__file__).resolve().parents[1] / "docs" / "teaching.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 7
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/teaching.md", "exec"), namespace)
    written = sorted(p.name for p in tmp_path.iterdir())
    assert "lesson4.pdf" in written and "lesson4-key.pdf" in written and "lesson4-1.png" in written
    for line in text.splitlines():  # each "question.check(...)  # Right!/Not yet/Fine" comment tells the truth
        found = re.match(r"(\w+\.check\(.*\))\s+# (Right!|Not yet|Fine|I could not read)", line)
        if found:
            assert repr(eval(found.group(1), namespace)).startswith(found.group(2)), line


def test_a_long_title_stays_inside_the_margins():
    title = "A very long title for a handout that goes on and on about the Charleston, jokers and discards"
    page = Handout(title, [Question("count", "How many?", answer=3)]).pages(dpi=72)[0]
    margin = 42  # points, at 72 dpi one pixel each
    band = page.crop((0, 0, page.width, 80))
    for side in (band.crop((0, 0, margin - 2, 80)), band.crop((page.width - margin + 2, 0, page.width, 80))):
        assert side.getextrema() == ((255, 255), (255, 255), (255, 255))  # nothing drawn in the margins


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=25), st.text(alphabet="123456789BCDbcdNEWSRGFJ0 ,#", max_size=15), st.integers(),
                 st.none(), st.lists(st.text(max_size=4), max_size=4), st.tuples(st.text(max_size=6), st.integers())))
def test_no_answer_makes_a_question_raise(answer):
    from mjlearn.lessons import Check

    for question in handout().questions:
        result = question.check(answer)
        assert isinstance(result, Check) and result.text
