"""nbgrader metadata for the exercise cells of a notebook (mjlearn.lessons.tag_exercises)."""

from __future__ import annotations

import json

import pytest

from mjlearn.errors import ArgumentError
from mjlearn.lessons import tag_exercises
from mjlearn.lessons.grading import TAG, exercise_cells

CELLS = [
    ("markdown", "## Exercises\n\n**1.** Does the rack win?"),
    ("code", 'import mjlearn as mj\nmj.Exercise.yes_no("Does it win?", answer="no", lesson="02", number=1)'),
    ("code", "x = 1  # not an exercise"),
    ("code", ["ex = mj.Exercise(question,\n", "                 lesson='02', number=2, hints=['a'])\n", "ex"]),
    ("code", 'Exercise("What does West pay?", kind="number", check=lambda a: a == "50")'),
    ("code", 'mj.Exercise.number("How many?", 14, lesson="02", number=1)'),
]


def small_notebook(path):
    cells = [{"cell_type": kind, "metadata": {}, "source": source} for kind, source in CELLS]
    for cell in cells:
        if cell["cell_type"] == "code":
            cell.update(outputs=[], execution_count=None)
    path.write_text(json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4,
                                "nbformat_minor": 5}, indent=1))
    return path


def test_each_exercise_cell_gets_read_only_nbgrader_metadata(tmp_path):
    path = small_notebook(tmp_path / "lesson.ipynb")
    assert exercise_cells(json.loads(path.read_text())) == [1, 3, 4, 5]
    ids = tag_exercises(path)
    assert ids == ["lesson02-exercise1", "lesson02-exercise2", "exercise-cell4", "lesson02-exercise1-again"]
    cells = json.loads(path.read_text())["cells"]
    assert cells[1]["metadata"]["nbgrader"] == {"grade": False, "grade_id": "lesson02-exercise1", "locked": True,
                                                "schema_version": 3, "solution": False}
    assert cells[1]["metadata"]["tags"] == [TAG]
    assert "nbgrader" not in cells[0]["metadata"] and "nbgrader" not in cells[2]["metadata"]
    assert cells[3]["source"] == CELLS[3][1]  # the cells themselves are untouched
    before = path.read_bytes()
    assert tag_exercises(path) == ids and path.read_bytes() == before  # twice: the same file


def test_tagging_into_another_file_leaves_the_notebook_as_it_was(tmp_path):
    path = small_notebook(tmp_path / "lesson.ipynb")
    before = path.read_bytes()
    tag_exercises(path, out=tmp_path / "tagged.ipynb")
    assert path.read_bytes() == before
    assert json.loads((tmp_path / "tagged.ipynb").read_text())["cells"][5]["metadata"]["nbgrader"]["locked"]


def test_what_is_not_a_notebook_is_refused(tmp_path):
    with pytest.raises(ArgumentError, match="could not read the notebook"):
        tag_exercises(tmp_path / "missing.ipynb")
    (tmp_path / "x.ipynb").write_text('{"cells": 3}')
    with pytest.raises(ArgumentError, match="not a Jupyter notebook"):
        tag_exercises(tmp_path / "x.ipynb")
    path = small_notebook(tmp_path / "lesson.ipynb")
    with pytest.raises(ArgumentError, match=r"\.ipynb"):
        tag_exercises(path, out=tmp_path / "tagged.json")
