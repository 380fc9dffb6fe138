"""The error promise of DEVELOPERS.md: every error mjlearn raises is an MjlearnError defined in mjlearn/errors.py.

The source of the package is read with ``ast``: a ``raise`` of a built-in exception class fails the test
unless the allow-list below names it with the protocol that requires it.
"""

from __future__ import annotations

import ast
import builtins
import functools
import inspect
from pathlib import Path

import numpy as np
import pytest

import mjlearn as mj
import mjlearn.errors as errors

PACKAGE = Path(mj.__file__).resolve().parent

BUILTIN_EXCEPTIONS = {name for name, value in vars(builtins).items()
                      if isinstance(value, type) and issubclass(value, BaseException)}
BUILTIN_WARNINGS = {name for name in BUILTIN_EXCEPTIONS if issubclass(getattr(builtins, name), Warning)}

ALLOWED = {
    # A module's __getattr__ (PEP 562) must raise AttributeError for a name it does not have:
    # hasattr(), getattr(module, name, default) and ``from module import name`` rely on it.
    ("__init__.py", "__getattr__", "AttributeError"),
    ("widgets/__init__.py", "__getattr__", "AttributeError"),
    ("lessons/__init__.py", "__getattr__", "AttributeError"),
}
"""(file under mjlearn/, enclosing function, built-in class) of the raises the protocols of Python require."""


@functools.cache
def _parsed() -> tuple:
    """Every module of the package, parsed once for all the tests that walk it."""
    return tuple((path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text(encoding="utf-8"), str(path)))
                 for path in sorted(PACKAGE.rglob("*.py")))


def _sources():
    yield from _parsed()


def _raised_name(node: ast.Raise) -> str | None:
    """The class name a ``raise`` names directly (``raise KeyError(...)``, ``raise KeyError``), if any."""
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return exc.id if isinstance(exc, ast.Name) else None


def _raises(tree: ast.AST):
    """(enclosing function name, Raise node) for every raise that names an exception."""
    def walk(node: ast.AST, function: str):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield from walk(child, child.name)
            else:
                if isinstance(child, ast.Raise) and child.exc is not None:  # a bare ``raise`` re-raises: fine
                    yield function, child
                yield from walk(child, function)

    yield from walk(tree, "<module>")


def builtin_raises() -> list[str]:
    found = []
    for name, tree in _sources():
        for function, node in _raises(tree):
            raised = _raised_name(node)
            if raised in BUILTIN_EXCEPTIONS and (name, function, raised) not in ALLOWED:
                found.append(f"mjlearn/{name}:{node.lineno} in {function}: raise {raised}")
    return found


def test_no_module_raises_a_builtin_exception_class():
    assert builtin_raises() == [], "raise an mjlearn.errors class instead (add a second base if callers expect one)"


def test_the_allow_list_holds_only_raises_that_exist():
    present = {(name, function, _raised_name(node)) for name, tree in _sources() for function, node in _raises(tree)}
    assert ALLOWED <= present


def test_the_check_finds_a_builtin_raise():
    tree = ast.parse("def f(x):\n    if x:\n        raise ValueError('no')\n    raise\n")
    assert [(function, _raised_name(node)) for function, node in _raises(tree)] == [("f", "ValueError")]


def test_exception_classes_are_defined_in_errors_only():
    errors_names = set(errors.__all__)
    outside = []
    for name, tree in _sources():
        if name == "errors.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = {base.id if isinstance(base, ast.Name) else getattr(base, "attr", "") for base in node.bases}
                if bases & (BUILTIN_EXCEPTIONS - BUILTIN_WARNINGS) or bases & errors_names:
                    outside.append(f"mjlearn/{name}:{node.lineno} class {node.name}")
    assert outside == []


def _error_classes() -> list[type]:
    return [value for _, value in inspect.getmembers(errors, inspect.isclass)
            if value.__module__ == errors.__name__ and issubclass(value, BaseException)
            and not issubclass(value, Warning)]


def test_every_class_in_errors_is_an_mjlearn_error_and_a_value_error():
    classes = _error_classes()
    assert len(classes) >= 15
    assert all(issubclass(cls, mj.MjlearnError) and issubclass(cls, ValueError) for cls in classes)
    # errors.py also holds the one warning class, which is not an error
    warnings = [value for _, value in inspect.getmembers(errors, inspect.isclass)
                if value.__module__ == errors.__name__ and issubclass(value, Warning)]
    assert [cls.__name__ for cls in warnings] == ["MJCLWarning"]
    assert sorted(cls.__name__ for cls in classes + warnings) == sorted(errors.__all__)


def test_every_error_class_is_importable_from_mjlearn():
    assert all(getattr(mj, cls.__name__) is cls for cls in _error_classes())


def test_second_bases_where_callers_expect_them():
    assert issubclass(mj.ArgumentError, TypeError)
    assert issubclass(mj.UnknownNameError, KeyError)
    assert issubclass(mj.CardNotFoundError, LookupError)
    assert issubclass(mj.BundledDataError, FileNotFoundError)
    assert issubclass(mj.PositionError, mj.RuleError) and issubclass(mj.MoveArgumentError, mj.ArgumentError)


def test_the_ruleset_error_moved_to_errors_and_stays_where_it_was():
    from mjlearn.rules import RulesetError
    from mjlearn.rules.ruleset import RulesetError as in_module

    assert RulesetError is in_module is errors.RulesetError is mj.RulesetError


def test_an_unknown_name_reads_plainly_and_is_a_key_error():
    card = mj.load_card("basic1")
    with pytest.raises(KeyError) as info:
        card.category("Dragons")
    assert type(info.value) is mj.UnknownNameError
    assert str(info.value).startswith("no category 'Dragons'; the card has 2468")  # no quotes round it
    with pytest.raises(mj.UnknownNameError, match="category '2468' has lines 1-3, not 9"):
        card.line("2468", 9)
    assert card.line("2468", np.int64(2)) is card.line("2468", 2)
    for number in ("1", 1.0, True):
        with pytest.raises(mj.UnknownNameError, match=f"has lines 1-3, not {number!r}"):
            card.line("2468", number)


def test_the_errors_that_used_to_be_builtin_ones():
    from mjlearn.render.printable import page_size
    from mjlearn.rules import Scorecard, run_game
    from mjlearn.rules.simulate import game_record

    with pytest.raises(mj.ArgumentError, match="unknown paper 'legal'"):
        page_size("legal")
    with pytest.raises(mj.ArgumentError, match="dpi must be a whole number"):
        page_size("a4", dpi=5)
    with pytest.raises(mj.ArgumentError, match="4 players"):
        Scorecard(["a", "b"])
    sheet = Scorecard()
    with pytest.raises(mj.UnknownNameError, match="no player 'Zed'"):
        sheet.penalty("Zed", 10, "late")
    with pytest.raises(mj.ArgumentError, match="positive number of points"):
        sheet.penalty(0, -3, "late")
    with pytest.raises(mj.ArgumentError, match="record takes the Payout"):
        sheet.record("South wins")
    with pytest.raises(mj.ArgumentError, match="score_win needs the wins"):
        mj.rules.score_win(mj.load_card("basic1"), ["not a win"], 0, "self-drawn")
    card = mj.load_card("basic1")
    with pytest.raises(mj.ArgumentError, match="bots must be 4 bots"):
        run_game(card, seed=1, bots=[mj.rules.Bot(card)])
    with pytest.raises(mj.ArgumentError, match="needs a finished game"):
        game_record(mj.rules.Game(card, seed=1))


def test_a_missing_bundled_folder_is_a_bundled_data_error(monkeypatch, tmp_path):
    import mjlearn.resources as resources

    monkeypatch.setattr(resources, "_PACKAGE_DIR", tmp_path / "nowhere" / "mjlearn")
    with pytest.raises(mj.BundledDataError, match="bundled 'cards' folder is missing") as info:
        resources.data_dir("cards")
    assert isinstance(info.value, FileNotFoundError)
