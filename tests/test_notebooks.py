"""The lesson notebooks: all there, clean (nothing that changes from run to run saved), and listed in the README.

nbval (pytest's ``--nbval``) runs each notebook and compares its outputs; these
tests check what nbval cannot: that the lessons are complete and saved clean.
"""

import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = [
    "01_tiles_and_the_card.ipynb",
    "02_at_the_table.ipynb",
    "03_building_hands.ipynb",
    "04_the_charleston.ipynb",
    "05_playing_a_game.ipynb",
    "06_scoring.ipynb",
    "07_play_a_hand.ipynb",
    "08_exploring_a_card.ipynb",
    "09_writing_a_card_in_mjcl.ipynb",
    "10_mahjx.ipynb",
]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_all_lessons_are_there_and_listed_in_the_readme():
    names = [p.name for p in NOTEBOOKS]
    assert names == ["00_welcome.ipynb", *LESSONS]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in names:
        assert f"`{name}`" in readme


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_saved_clean(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    assert "widgets" not in notebook["metadata"]  # no stale widget state
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert code and all(c["execution_count"] is not None or "widget" in c["metadata"].get("tags", []) for c in code)
    for cell in code:
        assert "execution" not in cell["metadata"]
        tags = cell["metadata"].get("tags", [])
        text = json.dumps(cell["outputs"])
        if "widget" in tags:
            assert cell["outputs"] == [] and "nbval-ignore-output" in tags
        assert "application/vnd.jupyter.widget-view+json" not in text
        assert not re.search(r"0x[0-9a-f]{8,}", text), f"a memory address in the outputs of {path.name}"
        assert "/tmp/" not in text and "/work/" not in text, f"a local path in the outputs of {path.name}"
        assert not any(o.get("name") == "stderr" for o in cell["outputs"]), f"stderr saved in {path.name}"
        assert not any(o.get("output_type") == "error" for o in cell["outputs"]), f"an error saved in {path.name}"


@pytest.mark.parametrize("path", [ROOT / "notebooks" / name for name in LESSONS], ids=lambda p: p.name)
def test_each_lesson_has_a_title_exercises_with_checks_and_solutions(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    markdown = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"]
    code = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
    assert markdown[0].startswith(f"# {path.name[:2]} ")
    assert any(line.startswith("## Exercises") for m in markdown for line in m.splitlines())
    exercises = [c for c in code if c.lstrip().startswith("mj.Exercise(")]
    assert len(exercises) >= 2  # each graded by a checker or its answer, with its solution shown after a try
    assert all("solution=" in c and ("check=" in c or "answer=" in c or "mj.Question(" in c) for c in exercises)


WIDGET_CLASSES = {"HandBuilder", "CardEditor", "CharlestonTrainer"}


def _student_widgets(source: str) -> set[str]:
    """Names a widget cell binds to a new widget (``ct = mj.CharlestonTrainer(...)``)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            func = node.value.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in WIDGET_CLASSES:
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _used_names(source: str) -> set[str]:
    return {n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_run_all_leaves_the_students_widgets_fresh(path):
    """After Run All, a widget the student is meant to use (a cell tagged ``widget``) must be as it
    was made: no later cell may drive the same object (demonstrations make their own widget)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = [("".join(c["source"]), c["metadata"].get("tags", [])) for c in notebook["cells"] if c["cell_type"] == "code"]
    for index, (source, tags) in enumerate(cells):
        if "widget" not in tags:
            continue
        for name in _student_widgets(source):
            later = [s for s, _ in cells[index + 1 :] if name in _used_names(s)]
            assert later == [], f"{path.name}: the student's widget {name!r} is driven by a later cell:\n{later[0]}"


BEGINNER = [p for p in NOTEBOOKS if p.name[:2] in {"00", "01", "02", "03", "04", "05", "06", "07"}]


@pytest.mark.parametrize("path", BEGINNER, ids=lambda p: p.name)
def test_beginner_lessons_use_no_python_beyond_calls(path):
    """Issue 17: the beginner track calls functions and widgets; no loops, lambdas, definitions or pandas
    indexing for a student to read past. One exception (issue 24): an exercise's ``check=lambda answer: ...``,
    which hands the student's answer to a lesson's checker; the student answers in the widget and never
    writes or edits it."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for number, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        tree = ast.parse(source.replace("...", "None"))
        checks = {id(k.value) for node in ast.walk(tree) if isinstance(node, ast.Call)
                  and getattr(node.func, "attr", "") == "Exercise" for k in node.keywords if k.arg == "check"}
        for node in ast.walk(tree):
            if isinstance(node, ast.Lambda) and id(node) in checks:
                continue
            assert not isinstance(node, (ast.For, ast.While, ast.Lambda, ast.FunctionDef, ast.ListComp,
                                         ast.GeneratorExp, ast.DictComp, ast.Try)), (path.name, number, source)
        for pattern in ("[[", ".iloc", ".loc[", ".groupby", "pd.DataFrame"):
            assert pattern not in source, (path.name, number, pattern)
