"""mj.class_report: the teacher's view of the students' records, from a folder or files handed in."""

from __future__ import annotations

import pytest

import mjlearn as mj
from mjlearn.errors import ArgumentError, RecordError
from mjlearn.lessons.exercise import Exercise
from mjlearn.lessons.record import append_attempt, new_attempt, record_folder
from mjlearn.lessons.report import OUTCOMES, ClassReport, class_report, normal_answer
from script_support import load_script



def write(folder, name, lesson, number, statuses_and_answers, kind="number", minute=0):
    for n, (status, answer) in enumerate(statuses_and_answers, 1):
        counted = n if status not in ("unreadable", "revealed") else n - 1
        append_attempt(new_attempt(name, lesson, number, counted, status, status in ("right", "fine"), answer,
                                   kind=kind, time=f"2025-01-06T10:{minute + n:02d}:00Z"), folder)


@pytest.fixture
def small_class(tmp_path):
    folder = tmp_path / "class"
    write(folder, "Ann", "05", 1, [("right", "50")])
    write(folder, "Ann", "03", 2, [("wrong", "2B 4B 6B"), ("right", "n s f")], kind="pass")
    write(folder, "Bob", "05", 1, [("wrong", "25"), ("wrong", "twenty-five"), ("wrong", "100"),
                                   ("revealed", ""), ("right", "50")])
    write(folder, "Bob", "03", 2, [("unreadable", "the winds"), ("wrong", "6b 4B 2b")], kind="pass")
    write(folder, "Cy", "05", 10, [("wrong", "$25")])
    return folder


def test_the_table_says_who_got_what(small_class):
    report = class_report(small_class)
    assert isinstance(report, ClassReport) and report.students == ["Ann", "Bob", "Cy"]
    assert report.exercises == ["03·2", "05·1", "05·10"]  # 10 after 1, as people count
    assert report.table.to_dict("index") == {
        "Ann": {"03·2": "right on try 2", "05·1": "right first try", "05·10": "not tried"},
        "Bob": {"03·2": "stuck (1 try)", "05·1": "right on try 4 (after seeing the answer)", "05·10": "not tried"},
        "Cy": {"03·2": "not tried", "05·1": "not tried", "05·10": "stuck (1 try)"},
    }
    assert report.outcome_codes().loc["Bob"].tolist() == [2, 1, 3]
    assert report.first_try.to_dict() == {"03·2": 0.0, "05·1": 0.5, "05·10": 0.0}
    assert report.tried.to_dict() == {"03·2": 2, "05·1": 2, "05·10": 1}


def test_scores_take_partial_credit_where_a_checker_gives_it(small_class):
    append_attempt(new_attempt("Cy", "05", 10, 2, "wrong", False, "45", credit=0.5, kind="number"), small_class)
    append_attempt(new_attempt("Cy", "05", 10, 3, "wrong", False, "40", credit=0.25, kind="number"), small_class)
    scores = class_report(small_class).scores
    assert scores.loc["Cy", "05·10"] == 0.5  # the best try counts
    assert scores.loc["Ann"].tolist()[:2] == [1.0, 1.0] and scores.isna().loc["Ann", "05·10"]
    assert scores.loc["Bob", "03·2"] == 0.0 and scores.loc["Bob", "mean"] == 0.5


def test_who_is_stuck_and_the_common_wrong_answers(small_class):
    report = class_report(small_class)
    assert report.stuck.values.tolist() == [["Bob", "03·2", 1, "6b 4B 2b", False], ["Cy", "05·10", 1, "$25", False]]
    wrong = report.common_wrong
    # "2B 4B 6B" and "6b 4B 2b" are the same pass; "25" and "twenty-five" the same number
    assert wrong[wrong.exercise == "03·2"][["answer", "times", "students"]].values.tolist() == [
        ["2B 4B 6B", 2, 2], ["the winds", 1, 1]]
    assert wrong[wrong.exercise == "03·2"]["unreadable"].tolist() == [False, True]
    assert wrong[wrong.exercise == "05·1"][["answer", "times"]].values.tolist() == [["25", 2], ["100", 1]]


def test_every_attempt_is_in_the_attempts_table(small_class):
    attempts = class_report(small_class).attempts
    assert len(attempts) == 11 and set(attempts["file"]) == {"Ann.jsonl", "Bob.jsonl", "Cy.jsonl"}
    assert attempts["label"].iloc[0] == "03·2" and attempts["student"].iloc[0] == "Ann"


def test_a_roster_and_a_list_of_exercises_add_rows_and_columns(small_class):
    report = class_report(small_class, students=["Dee"], exercises=["05.2"])
    assert report.students == ["Ann", "Bob", "Cy", "Dee"] and "05·2" in report.exercises
    assert set(report.table.loc["Dee"]) == {"not tried"}
    assert report.first_try.isna()["05·2"]


def test_files_handed_in_and_the_same_file_twice(small_class):
    files = sorted(small_class.glob("*.jsonl"))
    report = class_report([files[0], str(files[1])])
    assert report.students == ["Ann", "Bob"] and report.files == ["Ann.jsonl", "Bob.jsonl"]
    assert len(class_report([small_class, files[0]]).attempts) == len(class_report(small_class).attempts)


def test_a_cut_last_line_is_skipped_and_reported_a_bad_line_names_file_and_line(small_class):
    path = small_class / "Cy.jsonl"
    path.write_bytes(path.read_bytes() + b'{"student":"Cy","lesson":"05","exer')
    report = class_report(small_class)
    assert len(report.skipped) == 1 and "Cy.jsonl, line 2" in report.skipped[0]
    assert "cut short" in report._repr_html_() and "1 lines skipped" in repr(report)
    path.write_bytes(b'{"student":"Cy"}\n' + path.read_bytes())
    with pytest.raises(RecordError, match=r"Cy\.jsonl, line 1: the attempt has no lesson"):
        class_report(small_class)


def test_what_class_report_refuses(tmp_path):
    with pytest.raises(ArgumentError, match="no such record file or folder"):
        class_report(tmp_path / "missing")
    with pytest.raises(ArgumentError, match="must be a folder"):
        class_report(42)
    with pytest.raises(ArgumentError, match="must be a path"):
        class_report([42])


def test_an_empty_folder_is_an_empty_report(tmp_path):
    report = class_report(tmp_path)
    assert report.students == [] and report.table.empty and len(report.common_wrong) == 0
    assert "No answers have been checked yet" in report._repr_html_()
    assert report.png()[:4] == b"\x89PNG"


@pytest.mark.slow
def test_the_picture_and_the_html_are_the_same_for_the_same_files(small_class, tmp_path):
    first, second = class_report(small_class), class_report(small_class)
    assert first.png() == second.png()
    assert first._repr_html_() == second._repr_html_()
    html = first._repr_html_()
    for text in ("3 students", "Who is stuck where", "most common wrong answers", "right on try 4 (after seeing",
                 "data:image/png;base64,", "2B 4B 6B"):
        assert text in html, text
    path = first.save_png(tmp_path / "report.png")
    assert path.read_bytes() == first.png()
    with pytest.raises(ArgumentError, match=r"\.png"):
        first.save_png(tmp_path / "report.pdf")
    figure = first.plot()
    heat, bars = figure.axes[:2]
    assert [t.get_text() for t in heat.get_yticklabels()] == ["Ann", "Bob", "Cy"]
    assert [round(p.get_height()) for p in bars.patches] == [0, 50, 0]


def test_normal_answer():
    assert normal_answer("  Right! ") == "right"
    assert normal_answer("w, 3c 7c", "tiles") == "3C 7C W"
    assert normal_answer("fifty", "number") == "50" and normal_answer("lots", "number") == "lots"
    assert normal_answer("3X", "tiles") == "3x"


def test_an_exercise_answered_in_python_lands_in_the_report():
    mj.student("Ann")
    exercise = Exercise.number("How many tiles?", 14, lesson="10", number=1)
    exercise.check("twelve")
    exercise.check("14")
    report = mj.class_report(record_folder())
    assert report.table.loc["Ann", "10·1"] == "right on try 2"
    assert report.common_wrong.values.tolist() == [["10·1", "12", 1, 1, False]]


def load_simulator():
    return load_script("tools/simulate_class.py")


@pytest.mark.slow
def test_a_simulated_class_of_30(tmp_path):
    simulator = load_simulator()
    files = simulator.simulate_class(tmp_path / "class", students=30, seed=1)
    assert len(files) == 30
    report = class_report(tmp_path / "class")
    assert len(report.students) == 30 and len(report.exercises) == len(simulator.EXERCISES) == 41
    outcomes = {cell.split(" (")[0].rsplit(" ", 1)[0] if cell.startswith("right on") else cell.split(" (")[0]
                for cell in report.table.to_numpy().ravel()}
    assert outcomes == {"right first try", "right on try", "stuck", "not tried"}
    assert ((report.first_try >= 0) & (report.first_try <= 1)).all()
    assert len(report.stuck) > 0 and len(report.common_wrong) > 41
    again = simulator.simulate_class(tmp_path / "again", students=30, seed=1)
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in files]  # seeded: the same class
    assert report.png() == class_report(tmp_path / "again").png()
    assert set(OUTCOMES) == {"right first try", "right later", "stuck", "not tried"}


@pytest.mark.slow
def test_the_simulator_writes_the_report_picture(tmp_path, capsys):
    simulator = load_simulator()
    png = tmp_path / "class_report.png"
    assert simulator.main([str(tmp_path / "class"), "--students", "8", "--png", str(png)]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG" and "8 students" in capsys.readouterr().out


def test_the_picture_groups_the_exercises_by_lesson_in_the_lessons_order(small_class):
    """A teacher reads the heat map lesson by lesson: the lesson's number over its columns, each exercise's own
    number under it, a line between two lessons; the bars keep the full names ("05·10") and say what their
    colours mean."""
    report = class_report(small_class)
    assert report.lessons() == [("03", [0]), ("05", [1, 2])]
    heat, bars = report.plot().axes[:2]
    assert [t.get_text() for t in heat.get_xticklabels()] == ["2", "1", "10"]
    top = next(axis for axis in heat.child_axes)
    assert [t.get_text() for t in top.get_xticklabels()] == ["03", "05"]
    assert [line.get_xdata()[0] for line in heat.get_lines()] == [0.5]  # one line, between lesson 03 and 05
    assert [t.get_text() for t in bars.get_xticklabels()] == ["03\u00b72", "05\u00b71", "05\u00b710"]
    assert [t.get_text() for t in bars.get_legend().get_texts()] == ["70% or more", "40% to 70%", "under 40%"]
    one = class_report(small_class / "Cy.jsonl").plot().axes[0]
    assert one.get_title(loc="left").startswith("1 student, 1 exercise, in the lessons' order")
