"""The lessons are mjlearn's top layer (DEVELOPERS.md, "How we write code"): nothing below imports them.

The test reads every module of the package with ``ast`` and resolves each import, at module level, in a
function or under ``TYPE_CHECKING``, to the module it names. Below the lessons, no module may name
``mjlearn.lessons`` or one of the lesson modules' old names; the old names are kept only as aliases for old
notebooks and outside code, and the tests here prove they give the moved modules themselves.
"""

import ast
import functools
import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import mjlearn as mj
import mjlearn.lessons as lessons

PACKAGE = Path(mj.__file__).resolve().parent
ROOT = PACKAGE.parent

ALIASES = {
    "mjlearn.answers": "mjlearn.lessons.reading",
    "mjlearn.exercises": "mjlearn.lessons.graded",
    "mjlearn.teaching": "mjlearn.lessons.questions",
    "mjlearn.lesson_helpers": "mjlearn.lessons.helpers",
    "mjlearn.lesson_play": "mjlearn.lessons.play",
    "mjlearn.render.handout": "mjlearn.lessons.handout",
}
"""Each old module name and the module of the lessons package it gives."""

ALLOWED_UPWARD = {"render/handout.py"}
"""Files below the lessons allowed to import them: the alias modules (their one job is to give the moved
module). ``mjlearn/render/handout.py`` is the only one under a lower layer's folder; the top-level aliases
(``mjlearn/answers.py``...) are listed by :data:`ALIASES`."""

LESSON_NAMES = ("mjlearn.lessons", *ALIASES)


@functools.cache
def _tree(path: Path) -> ast.AST:
    """The parsed source of one module (several tests walk the whole package: each file is parsed once)."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, tree: ast.AST) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in ``tree`` (``from x import y`` counts as ``x`` and as
    ``x.y``: y may be a module), wherever the import statement stands."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def _names_a_lesson_module(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in LESSON_NAMES)


def _names_a_lesson_module_by_its_new_name(module: str) -> bool:
    return module == "mjlearn.lessons" or module.startswith("mjlearn.lessons.")


def _below_the_lessons():
    """(path relative to mjlearn/, path) of every module below the lessons, aliases left out."""
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith("lessons/") or _module_name(path) in ALIASES:
            continue
        yield relative, path


def test_nothing_below_the_lessons_imports_them():
    upward = []
    checked = 0
    for relative, path in _below_the_lessons():
        checked += 1
        tree = _tree(path)
        for line, module in imported_modules(path, tree):
            if _names_a_lesson_module(module) and relative not in ALLOWED_UPWARD:
                upward.append(f"mjlearn/{relative}:{line} imports {module}")
    assert checked > 50  # every layer was read
    assert upward == []


def test_no_module_imports_an_old_name():
    """Inside the package (the lessons included) the lesson modules are imported by their new names."""
    old = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if _module_name(path) in ALIASES:
            continue
        tree = _tree(path)
        old += [f"{path.relative_to(PACKAGE)}:{line} imports {module}" for line, module in imported_modules(path, tree)
                if _names_a_lesson_module(module) and not _names_a_lesson_module_by_its_new_name(module)]
    assert old == []


def test_the_scan_sees_every_form_of_import(tmp_path):
    """The scanner finds an upward import however it is written: absolute, relative, inside a function,
    under TYPE_CHECKING, of the package or of a module by its old name."""
    path = PACKAGE / "render" / "example.py"  # never written: the name only places the source in render/
    source = (
        "from typing import TYPE_CHECKING\n"
        "import mjlearn.lessons\n"
        "from .. import lessons\n"
        "if TYPE_CHECKING:\n"
        "    from ..teaching import Question\n"
        "def f():\n"
        "    from ..lessons.checks import check\n"
        "    import mjlearn.lesson_play\n"
        "from .html import hand_html\n"
    )
    found = [m for line, m in imported_modules(path, ast.parse(source)) if _names_a_lesson_module(m)]
    assert set(found) == {"mjlearn.lessons", "mjlearn.teaching", "mjlearn.teaching.Question",
                          "mjlearn.lessons.checks", "mjlearn.lessons.checks.check", "mjlearn.lesson_play"}


def test_tests_tools_and_notebooks_use_the_new_names():
    """Outside this file, the tests, tools, benchmarks and lesson notebooks name the lessons by their new
    names (the package's own imports are checked above)."""
    old = re.compile(r"\bmjlearn\.(answers|exercises|teaching|lesson_helpers|lesson_play|render\.handout)\b")
    found = []
    for folder in ("tests", "tools", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == Path(__file__).resolve():
                continue
            text = path.read_text(encoding="utf-8")
            found += [f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}"
                      for m in old.finditer(text)]
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if cell["cell_type"] == "code" and old.search("".join(cell["source"])):
                found.append(f"{path.relative_to(ROOT)} cell {number}")
    assert found == []


@pytest.mark.parametrize("old", ALIASES)
def test_an_old_name_gives_the_moved_module_itself(old, monkeypatch):
    moved = importlib.import_module(ALIASES[old])
    assert importlib.import_module(old) is moved
    assert sys.modules[old] is moved
    parent, _, leaf = old.rpartition(".")
    assert getattr(importlib.import_module(parent), leaf) is moved
    assert all(getattr(sys.modules[old], name) is value for name, value in vars(moved).items())  # private too
    monkeypatch.setattr(sys.modules[old], "patched_by_the_test", "yes", raising=False)
    assert moved.patched_by_the_test == "yes"  # a patch through the old name reaches the code


@pytest.mark.parametrize("old", ALIASES)
def test_an_old_name_imported_first_in_a_fresh_process(old):
    """Imported before anything else of the lessons, an old name still gives the moved module."""
    code = (f"import sys, {old} as m; print(m is sys.modules[{ALIASES[old]!r}], m.__name__, "
            f"all(getattr(m, n) is getattr(sys.modules[{ALIASES[old]!r}], n) for n in getattr(m, '__all__', ())))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", ALIASES[old], "True"]


def test_the_old_imports_give_the_same_objects():
    from mjlearn.answers import read_tiles
    from mjlearn.exercises import PassGrade, check_pass, check_safe_discard
    from mjlearn.lesson_helpers import lines_table
    from mjlearn.lesson_play import check_payment
    from mjlearn.lessons import Check, check, check_count, not_yet, read_answer, right
    from mjlearn.lessons.checks import _topic
    from mjlearn.render.handout import handout_pages
    from mjlearn.teaching import Handout, KeyEntry, Question

    from mjlearn.lessons import checks, graded, handout, helpers, play, questions, reading

    assert (Check, check, check_count, not_yet, read_answer, right) == (
        checks.Check, checks.check, checks.check_count, checks.not_yet, checks.read_answer, checks.right)
    assert lessons._topic is _topic  # the names of the module mjlearn.lessons was, private ones included
    assert read_tiles is reading.read_tiles and lines_table is helpers.lines_table
    assert (PassGrade, check_pass, check_safe_discard) == (graded.PassGrade, graded.check_pass,
                                                          graded.check_safe_discard)
    assert check_payment is play.check_payment and handout_pages is handout.handout_pages
    assert (Question, Handout, KeyEntry) == (questions.Question, questions.Handout, questions.KeyEntry)
    assert mj.Question is questions.Question and mj.Handout is questions.Handout


def test_the_package_exports_each_public_name_from_its_module():
    assert sorted(lessons.__all__) == sorted(lessons._HOME)
    for name, module in lessons._HOME.items():
        assert getattr(lessons, name) is getattr(importlib.import_module(f"mjlearn.lessons.{module}"), name), name
    for module in lessons._EXPORTS:
        defined = importlib.import_module(f"mjlearn.lessons.{module}")
        elsewhere = {name for name in defined.__all__ if getattr(lessons, name, None) is not getattr(defined, name)}
        # play's check_safe_discard (a rack against the opponents' exposures) leaves the package's name to
        # the graded one (a game position): the package's docstring says so
        assert elsewhere == ({"check_safe_discard"} if module == "play" else set()), module
    assert lessons.check_safe_discard is importlib.import_module("mjlearn.lessons.graded").check_safe_discard
    assert set(lessons.MODULES) == {p.stem for p in (PACKAGE / "lessons").glob("*.py")} - {"__init__"}
    with pytest.raises(AttributeError, match="no_such_name"):
        getattr(lessons, "no_such_name")


def test_the_lessons_package_loads_what_a_name_needs():
    """``from mjlearn.lessons import check`` reads the checks, not the coach's grading (numpy) or pandas."""
    code = ("import sys; from mjlearn.lessons import check; "
            "print(*[m for m in ('numpy', 'pandas', 'mjlearn.lessons.graded', 'mjlearn.lessons.play') "
            "if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


# -- the engine (issue 25): between the cards and the analysis ------------------------------------------------

ENGINE_ALIASES = {
    "mjlearn.analysis.compiled": "mjlearn.engine.compiled",
    "mjlearn.analysis.kernel": "mjlearn.engine.kernel",
    "mjlearn.rules.liveness": "mjlearn.engine.liveness",
}
"""The engine's modules by their old names (kept as aliases for old code)."""

ABOVE_THE_ENGINE = ("mjlearn.analysis", "mjlearn.rules", "mjlearn.render", "mjlearn.cli", "mjlearn.widgets",
                    "mjlearn.lessons", *ALIASES)
"""The layers above the engine (DEVELOPERS.md): the engine imports none of them."""


def _within(module: str, names) -> bool:
    return any(module == name or module.startswith(name + ".") for name in names)


def _imports_outside_display_methods(path: Path, tree: ast.AST) -> list[tuple[int, str]]:
    """Every import of ``tree`` (as :func:`imported_modules`) but those inside a ``_repr_*_`` method: a value that
    displays itself imports the renderer there (DEVELOPERS.md)."""
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("_repr_") and node.name.endswith("_"):
            skipped |= {id(inner) for inner in ast.walk(node)}
    kept = ast.Module(body=[], type_ignores=[])
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in skipped:
            kept.body.append(node)
    return imported_modules(path, kept)


def test_the_engine_imports_no_layer_above_it():
    upward = []
    modules = sorted((PACKAGE / "engine").glob("*.py"))
    for path in modules:
        tree = _tree(path)
        upward += [f"{path.relative_to(PACKAGE)}:{line} imports {module}"
                   for line, module in _imports_outside_display_methods(path, tree)
                   if _within(module, ABOVE_THE_ENGINE)]
    assert len(modules) >= 10 and upward == []


def test_the_engine_scan_sees_an_upward_import():
    path = PACKAGE / "engine" / "example.py"  # never written: the name only places the source in engine/
    source = ("from ..analysis.closest import closest\n"
              "class A:\n"
              "    def _repr_html_(self):\n"
              "        from ..render.html import tiles_html\n"
              "def f():\n"
              "    from ..rules import Bot\n")
    found = [m for _, m in _imports_outside_display_methods(path, ast.parse(source)) if _within(m, ABOVE_THE_ENGINE)]
    assert set(found) == {"mjlearn.analysis.closest", "mjlearn.analysis.closest.closest", "mjlearn.rules",
                          "mjlearn.rules.Bot"}


def test_no_module_imports_the_engine_by_an_old_name():
    old = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if _module_name(path) in ENGINE_ALIASES:
            continue
        tree = _tree(path)
        old += [f"{path.relative_to(PACKAGE)}:{line} imports {module}" for line, module in imported_modules(path, tree)
                if _within(module, ENGINE_ALIASES)]
    for folder in ("tests", "tools", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == Path(__file__).resolve():
                continue
            text = path.read_text(encoding="utf-8")
            old += [f"{path.relative_to(ROOT)}" for name in ENGINE_ALIASES if re.search(rf"\b{re.escape(name)}\b", text)]
    assert old == []


@pytest.mark.parametrize("old", ENGINE_ALIASES)
def test_an_old_engine_name_gives_the_moved_module_itself(old):
    moved = importlib.import_module(ENGINE_ALIASES[old])
    assert importlib.import_module(old) is moved and sys.modules[old] is moved
    code = f"import sys, {old} as m; print(m is sys.modules[{ENGINE_ALIASES[old]!r}])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True"]


def test_the_old_engine_imports_give_the_same_objects():
    from mjlearn.analysis.compiled import CompiledCard
    from mjlearn.analysis.kernel import line_distances
    from mjlearn.analysis.position import Exposure
    from mjlearn.rules.bots import BotEngine, View, _as_counts, _exposures, _key, _Position, available_tiles, \
        call_options, discard_ranks, engine_for
    from mjlearn.rules.liveness import LiveHands

    import mjlearn.engine as engine

    assert (CompiledCard, line_distances, Exposure, LiveHands) == (
        engine.CompiledCard, engine.line_distances, engine.Exposure, engine.LiveHands)
    assert (BotEngine, View, _Position, available_tiles, call_options, discard_ranks, engine_for) == (
        engine.BotEngine, engine.View, engine.Position, engine.available_tiles, engine.call_options,
        engine.discard_ranks, engine.engine_for)
    assert (_as_counts, _exposures, _key) == (engine.as_counts, engine.seat_exposures, engine.exposure_key)


@pytest.mark.parametrize("policy", ["rules/bots.py", "rules/coach_bot.py"])
def test_the_players_read_the_engine_by_its_public_names(policy):
    """The players only decide: what they take from the engine is public (no ``_name`` of it), and they
    import no private name of another module of the rules either."""
    path = PACKAGE / policy
    tree = _tree(path)
    engine_names, private = [], []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level and (node.module or "").startswith(("engine", "bots")) \
                or isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mjlearn.engine"):
            names = [alias.name for alias in node.names]
            engine_names += names if (node.module or "").startswith(("engine", "mjlearn.engine")) else []
            private += [name for name in names if name.startswith("_")]
    assert private == []
    assert policy != "rules/bots.py" or {"Position", "View", "engine_for", "call_options"} <= set(engine_names)


def test_importing_mjlearn_leaves_the_engine_and_numba_alone():
    code = ("import sys, mjlearn, mjlearn.card; a = [m for m in ('mjlearn.engine', 'numpy', 'numba') if m in sys.modules];"
            " import mjlearn.engine, mjlearn.rules; from mjlearn.rules import run_game;"
            " print(a, 'numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[] False"
