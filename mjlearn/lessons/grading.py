"""nbgrader metadata for a lesson notebook: each cell that shows an :class:`~mjlearn.lessons.Exercise` becomes
a read-only nbgrader cell with its own ``grade_id``, so nbgrader can hand the notebook out and collect it
(the students' answers themselves are in their attempt records, :mod:`mjlearn.lessons.record`).

>>> import json, tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "lesson.ipynb"
>>> cells = [{"cell_type": "markdown", "metadata": {}, "source": "# Lesson 2"},
...          {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
...           "source": 'mj.Exercise.yes_no("Does it win?", answer="no", lesson="02", number=2)'}]
>>> _ = path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
>>> tag_exercises(path)
['lesson02-exercise2']
>>> json.loads(path.read_text())["cells"][1]["metadata"]["nbgrader"]["locked"]
True
"""

from __future__ import annotations

import json
import os
import re

from ..errors import ArgumentError

__all__ = ["tag_exercises"]

TAG = "mjlearn-exercise"
"""The cell tag given to every exercise cell (otter-grader and other tools can select cells by tag)."""

_EXERCISE = re.compile(r"\bExercise\s*(?:\.\s*\w+\s*)?\(")
_ARGUMENT = r"\b{name}\s*=\s*(?:[\"']([^\"']+)[\"']|(\d+))"


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def exercise_cells(notebook: dict) -> list[int]:
    """The indices of the code cells that make an :class:`~mjlearn.lessons.Exercise`."""
    return [i for i, cell in enumerate(notebook.get("cells", []))
            if cell.get("cell_type") == "code" and _EXERCISE.search(_source(cell))]


def _argument(source: str, name: str) -> str:
    found = re.search(_ARGUMENT.format(name=name), source)
    if not found:
        return ""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", found.group(1) or found.group(2)).strip("-")


def tag_exercises(notebook_path: str | os.PathLike, out: str | os.PathLike | None = None) -> list[str]:
    """Give each exercise cell of the notebook nbgrader's metadata for a read-only cell (``grade: false``,
    ``solution: false``, ``locked: true``, ``schema_version: 3``) and a ``grade_id`` made from its ``lesson=``
    and ``number=`` (``lesson03-exercise2``; the cell's place when they are missing), and the tag
    :data:`TAG`. Writes the notebook back (or to ``out``), whole or not at all; returns the grade ids.
    Tagging twice gives the same file."""
    from ..atomic import output_path, write_atomically

    from ..atomic import path_argument

    path = path_argument(notebook_path, "notebook_path")
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ArgumentError(f"could not read the notebook {str(path)!r}: {error}") from None
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise ArgumentError(f"{str(path)!r} is not a Jupyter notebook (it has no cells)")
    target = output_path(out if out is not None else path, (".ipynb",), "out")
    ids: list[str] = []
    for index in exercise_cells(notebook):
        cell = notebook["cells"][index]
        source = _source(cell)
        lesson, number = _argument(source, "lesson"), _argument(source, "number")
        grade_id = f"lesson{lesson}-exercise{number}" if lesson and number else f"exercise-cell{index}"
        while grade_id in ids:
            grade_id += "-again"
        ids.append(grade_id)
        metadata = cell.setdefault("metadata", {})
        metadata["nbgrader"] = {"grade": False, "grade_id": grade_id, "locked": True, "schema_version": 3,
                                "solution": False}
        tags = metadata.setdefault("tags", [])
        if TAG not in tags:
            tags.append(TAG)
    text = json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    write_atomically(target, text)
    return ids
