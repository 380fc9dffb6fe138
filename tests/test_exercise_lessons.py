"""Every exercise of the lesson notebooks, built here as the notebook builds it (the code cells of its Exercises
section, run in order: a cell that sets up what the exercises use, then one ``mj.Exercise(...)`` cell per
exercise), answered right through the control it shows (the methods the browser's clicks call), and told a
little more after each wrong try.

The table below is the list of every exercise (lesson·number), with the control a student sees, the clicks or
words that answer it right, and a wrong answer a class gives. tests/test_lesson_content.py reads the same cells
for what a student must never meet (Python to write, an answer in plain sight)."""

from __future__ import annotations

import ast
import json
from functools import lru_cache
from pathlib import Path

import pytest

from mjlearn.lessons.exercise import Exercise
from test_lesson_content import cells, source
from test_lesson_content import exercise_section as numbered_exercise_section

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

# lesson, number: the control, the clicks (method, arguments) that answer it right, a wrong answer (typed)
EXERCISES = {
    ("01", "1"): ("words", [("answer", "six"), ("check",)], "9"),
    ("01", "2"): ("tiles", [("choose_tile", "0"), ("check",)], "green"),
    ("01", "3"): ("tiles", [*[("choose_tile", t) for t in "F F 2B 2B 2B 2B 4B 4B 4B 4B R R R R".split()],
                            ("check",)], "FF 2222B 4444B GGGG"),
    ("01", "4"): ("yesno", [("choose", "Yes"), ("check",)], "no"),
    ("01", "5"): ("yesno", [("choose", "No"), ("check",)], "yes"),
    ("01", "6"): ("line", [("choose", "2468 #2"), ("check",)], "2468 #3"),
    ("02", "1"): ("words", [("answer", "99 tiles"), ("check",)], "100"),
    ("02", "2"): ("words", [("answer", "ten"), ("check",)], "7"),
    ("02", "3"): ("yesno", [("choose", "No"), ("check",)], "yes, you may"),
    ("02", "4"): ("choice", [("choose", "a dispute: the game goes on, settled at the end"), ("check",)],
                  "the caller's hand is dead"),
    ("02", "5"): ("tiles", [("choose_tile", "3C"), ("check",)], "8B"),
    ("02", "6"): ("words", [("answer", "South pays 100"), ("check",)], "50"),
    ("03", "1"): ("words", [("answer", "2 tiles"), ("check",)], "3"),
    ("03", "2"): ("yesno", [("choose", "No"), ("check",)], "yes"),
    ("03", "3"): ("tiles", [("choose_tile", "8B"), ("choose_tile", "J"), ("check",)], "9B 9B"),
    ("03", "4"): ("line", [("choose", "Consecutive Run #1"), ("check",)], "Like Numbers #1"),
    ("03", "5"): ("tiles", [("choose_tile", "E"), ("check",)], "J"),
    ("04", "1"): ("seat", [("choose", "South"), ("check",)], "North"),
    ("04", "2"): ("tiles", [("choose_tile", "3C"), ("choose_tile", "7C"), ("choose_tile", "9D"), ("check",)],
                  "2B 4B 6B"),
    ("04", "3"): ("words", [("answer", "two"), ("check",)], "3"),
    ("05", "1"): ("seat", [("choose", "West"), ("check",)], "North"),
    ("05", "2"): ("words", [("answer", "none"), ("check",)], "1"),
    ("05", "3"): ("line", [("choose", "Like Numbers #2"), ("check",)], "Like Numbers #1"),
    ("06", "1"): ("words", [("answer", "West pays 50"), ("check",)], "25"),
    ("06", "2"): ("words", [("answer", "$300"), ("check",)], "50"),
    ("06", "3"): ("words", [("answer", "100 points"), ("check",)], "200"),
    ("06", "4"): ("words", [("answer", "60"), ("check",)], "30"),
    ("07", "1"): ("tiles", [("choose_tile", "N"), ("check",)], "8B"),
    ("07", "2"): ("words", [("answer", "9"), ("check",)], "1"),
    ("07", "3"): ("tiles", [("choose_tile", "3C"), ("check",)], "8B"),
    ("08", "1"): ("words", [("answer", "58"), ("check",)], "27"),
    ("08", "2"): ("choice", [("choose", "Quints"), ("check",)], "2468"),
    ("08", "3"): ("line", [("choose", "Like Numbers #2"), ("check",)], "2468 #1"),
    ("09", "1"): ("words", [("answer", "15"), ("check",)], "30"),
    ("09", "2"): ("words", [("answer", "FF 2222 N 4444 666 INEWS"), ("check",)], "FF 222 444 666 888"),
    ("09", "3"): ("words", [("answer", "FF 2222 4444 6666 X30"), ("check",)], "ff 2222 4444 6666 x30"),
    ("09", "4"): ("words", [("answer", "90"), ("check",)], "45"),
    ("10", "1"): ("words", [("answer", "100"), ("check",)], "99"),
    ("10", "2"): ("tiles", [("choose_tile", "G"), ("choose_tile", "G"), ("choose_tile", "G"), ("check",)],
                  "RRR"),
    ("10", "3"): ("choice", [("choose", "North, draw"), ("check",)], "West, draw"),
    ("10", "4"): ("words", [("answer", "800"), ("check",)], "400"),
}


def exercise_section(path: Path) -> list[dict]:
    """The cells of a lesson's Exercises section: from its heading to the What's next heading."""
    return [cell for _, cell in numbered_exercise_section(path)]


def is_exercise_cell(cell: dict) -> bool:
    return cell["cell_type"] == "code" and "Exercise(" in source(cell)


@lru_cache(maxsize=None)
def lesson_setup(path: Path) -> tuple[dict, tuple[str, ...]]:
    """The namespace the setup cells of a lesson's Exercises section make, and the exercise cells' sources."""
    namespace: dict = {}
    exercises = []
    for cell in exercise_section(path):
        if cell["cell_type"] != "code":
            continue
        if is_exercise_cell(cell):
            exercises.append(source(cell))
        else:
            exec(compile(source(cell), str(path), "exec"), namespace)
    return namespace, tuple(exercises)


def lesson_exercises() -> list[tuple[str, str, Path, int]]:
    """(lesson, number, notebook, index among its exercise cells) of every exercise cell of the lessons."""
    found = []
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        sources = [source(c) for c in exercise_section(path) if is_exercise_cell(c)]
        for index, text in enumerate(sources):
            call = ast.parse(text).body[0].value
            number = next(k.value.value for k in call.keywords if k.arg == "number")
            found.append((path.name[:2], str(number), path, index))
    return found


ALL = lesson_exercises()


def build(path: Path, index: int) -> Exercise:
    namespace, sources = lesson_setup(path)
    return eval(compile(sources[index], str(path), "eval"), dict(namespace))


@pytest.fixture(autouse=True)
def own_record(tmp_path, monkeypatch):
    """Each test's exercises record in a folder of their own: no earlier try carries over."""
    monkeypatch.setenv("MJLEARN_RECORD", str(tmp_path))


def test_the_table_holds_every_exercise_of_the_lessons_in_order():
    assert [(lesson, number) for lesson, number, *_ in ALL] == list(EXERCISES)


@pytest.mark.parametrize("lesson, number, path, index", ALL, ids=[f"{a}-{b}" for a, b, *_ in ALL])
def test_each_lesson_exercise_is_answered_right_by_its_control(lesson, number, path, index):
    exercise = build(path, index)
    control, clicks, _ = EXERCISES[(lesson, number)]
    assert (exercise.lesson, exercise.exercise_number, exercise.control) == (lesson, number, control)
    assert exercise.solution_html == "" and exercise.show_answer() is False  # no answer before a try
    for method, *arguments in clicks:
        assert getattr(exercise, method)(*arguments), exercise.message
    assert exercise.solved, exercise.result
    assert exercise.result.text.startswith("Right!"), exercise.result
    assert exercise.solution_html, "a right answer shows the solution"


@pytest.mark.parametrize("lesson, number, path, index", ALL, ids=[f"{a}-{b}" for a, b, *_ in ALL])
def test_each_wrong_try_at_a_lesson_exercise_shows_one_more_hint(lesson, number, path, index):
    """A nudge, then the link to the heading that teaches it, then a worked step; the answer after three."""
    exercise = build(path, index)
    wrong = EXERCISES[(lesson, number)][2]
    for tries in (1, 2, 3):
        assert exercise.check(wrong) and exercise.result.status == "wrong", exercise.result
        assert len(exercise.hints) == tries, exercise.hints
        assert exercise.can_show is (tries == 3)
    first, teach, worked = exercise.hints
    assert first["text"] and worked["text"] and first["text"] != worked["text"]
    assert teach["href"].startswith("#") and teach["link"]
    assert exercise.show_answer() and exercise.solution_html
    assert not exercise.solved


def load_simulator():
    from script_support import load_script

    return load_script("tools/simulate_class.py")


SIMULATED = load_simulator().EXERCISES


def test_the_simulated_class_answers_the_exercises_of_the_lessons():
    assert [(lesson, str(number)) for lesson, number, *_ in SIMULATED] == list(EXERCISES)


@pytest.mark.parametrize("lesson, number, kind, right, wrongs, unreadable, _", SIMULATED,
                         ids=[f"{a}-{b}" for a, b, *_ in SIMULATED])
def test_each_simulated_answer_is_graded_as_the_simulation_says(lesson, number, kind, right, wrongs, unreadable, _):
    """The class report's picture is made of answers the real exercises grade that way: the right one right, the
    wrong ones wrong, the unreadable ones not read (and not counted as a try)."""
    path, index = next((p, i) for a, b, p, i in ALL if (a, b) == (lesson, str(number)))
    exercise = build(path, index)
    assert exercise.kind == kind
    for answer in wrongs:
        assert exercise.check(answer) and exercise.result.status == "wrong", (answer, exercise.result)
    for answer in unreadable:
        assert exercise.check(answer) and exercise.result.status == "unreadable", (answer, exercise.result)
    assert exercise.check(right) and exercise.result.correct, exercise.result
    if kind != "text":  # the simulation writes some answers in lower case, but never a line of MJCL
        assert exercise.check(right.lower()) and exercise.result.correct, exercise.result


@pytest.mark.parametrize("name", ["02_at_the_table", "10_mahjx"])
def test_nbgrader_tags_every_exercise_cell_of_a_lesson(tmp_path, name):
    """tag_exercises on a real lesson: each Exercise cell (and no other) becomes a locked nbgrader cell named
    after its lesson and number, tagged for otter-grader; the lesson itself is unchanged."""
    from mjlearn.lessons import tag_exercises
    from mjlearn.lessons.grading import TAG

    path = NOTEBOOKS / f"{name}.ipynb"
    before = path.read_bytes()
    out = tmp_path / path.name
    ids = tag_exercises(path, out)
    expected = [f"lesson{lesson}-exercise{number}" for lesson, number, p, _ in ALL if p == path]
    assert ids == expected and len(ids) >= 4
    tagged = json.loads(out.read_text(encoding="utf-8"))["cells"]
    assert len(tagged) == len(cells(path))
    for cell in tagged:
        grading = cell["metadata"].get("nbgrader")
        if is_exercise_cell(cell):
            assert grading == {"grade": False, "grade_id": grading["grade_id"], "locked": True, "schema_version": 3,
                               "solution": False}
            assert TAG in cell["metadata"]["tags"] and "widget" in cell["metadata"]["tags"]
        else:
            assert grading is None and TAG not in cell["metadata"].get("tags", [])
    assert [c["metadata"]["nbgrader"]["grade_id"] for c in tagged if is_exercise_cell(c)] == expected
    assert path.read_bytes() == before
