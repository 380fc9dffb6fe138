"""Named, bounded memos (mjlearn.engine.memo) instead of a shared dict of caches under string keys.

A compiled card used to carry a ``cache`` dict that six modules (a widget among them) wrote under string
keys ("rack-count-rows", "exposure-sets", "kernel-tables", "closest-text", "defence", "allowed-index",
"coach lines", widget keys). Each purpose now has its own :class:`~mjlearn.engine.memo.Memo`, owned by the
module that fills it, with a name and a bound; the scan below fails on a write of a string key into a dict
reached through another object or kept at module level.
"""

from __future__ import annotations

import ast
import gc
import importlib
import threading
from pathlib import Path

import pytest

import mjlearn as mj
from mjlearn.engine.memo import Memo, memos
from mjlearn.errors import ArgumentError

PACKAGE = Path(mj.__file__).resolve().parent


def _string_key(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) or isinstance(node, ast.JoinedStr)


def _shared(container: ast.AST, module_names: set[str]) -> bool:
    """A dict reached through another object (``compiled.cache``, ``self.engine.cache``) or kept at module level:
    not a function's own local, nor an attribute of the object itself (``self.x``)."""
    if isinstance(container, ast.Attribute):
        return not (isinstance(container.value, ast.Name) and container.value.id == "self")
    return isinstance(container, ast.Name) and container.id in module_names


def string_key_writes(source: str) -> list[str]:
    """The writes of a string key into a shared dict in ``source``: ``x.y["k"] = ...``, ``x.y.setdefault("k", ...)``,
    ``GLOBAL["k"] = ...``, and every use of an attribute named ``cache`` of another object."""
    tree = ast.parse(source)
    module_names = {target.id for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
                    for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                    if isinstance(target, ast.Name)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and _string_key(node.slice) \
                and _shared(node.value, module_names):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("setdefault", "update", "__setitem__") and node.args \
                and _string_key(node.args[0]) and _shared(node.func.value, module_names):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Attribute) and node.attr == "cache" \
                and not (isinstance(node.value, ast.Name) and node.value.id == "self"):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_module_writes_string_keys_into_a_shared_dict():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        found += [f"{path.relative_to(PACKAGE)}:{hit}" for hit in string_key_writes(path.read_text(encoding="utf-8"))]
    assert found == []


@pytest.mark.parametrize("source", [
    'compiled.cache["rack-count-rows"] = rows',
    'self.engine.cache.setdefault("coach lines", {})',
    'texts = compiled.cache.get(key)',
    'KEPT = {}\ndef f():\n    KEPT[f"widget-{size}"] = 1',
])
def test_the_scan_finds_a_cache_bag(source):
    assert string_key_writes(source)


@pytest.mark.parametrize("source", [
    'def f():\n    table = {}\n    table["penalty"] = 1',  # a function's own dict
    'self.options["tile"] = 1',  # the object's own state
    'MEMO.get(compiled, key, build)',
])
def test_the_scan_leaves_a_local_dict_alone(source):
    assert string_key_writes(source) == []


MODULES_WITH_MEMOS = ["mjlearn.engine.compiled", "mjlearn.engine.kernel", "mjlearn.engine.card_engine",
                      "mjlearn.analysis.closest", "mjlearn.analysis.defence", "mjlearn.rules.coach_bot",
                      "mjlearn.widgets._common"]


def test_every_memo_has_a_name_of_its_own_and_a_bound():
    for name in MODULES_WITH_MEMOS:
        importlib.import_module(name)
    found = [memo for memo in memos() if not memo.name.startswith("test ")]
    names = [memo.name for memo in found]
    assert len(names) == len(set(names))
    assert {"exposed rows", "kernel tables", "views", "bot engines", "closest text columns", "opponent lines",
            "coach lines", "widget line texts", "widget hand groups"} <= set(names)
    assert all(memo.maxsize >= 1 for memo in found)


def test_a_memo_keeps_at_most_its_bound_per_owner_the_oldest_going_first():
    memo = Memo("test bound", maxsize=3)
    owner = type("Owner", (), {})()
    built = []
    for key in range(5):
        memo.get(owner, key, lambda key=key: built.append(key) or key * 10)
    assert memo.keys(owner) == [2, 3, 4] and memo.size(owner) == 3 and built == [0, 1, 2, 3, 4]
    assert memo.get(owner, 4, lambda: -1) == 40  # kept: not built again
    assert memo.get(owner, 0, lambda: -1) == -1  # dropped: built again
    other = type("Owner", (), {})()
    memo.get(other, 0, lambda: 1)
    assert memo.size(other) == 1 and memo.size() == 4


def test_a_memo_lets_its_owner_go():
    memo = Memo("test weak", maxsize=4)
    owner = type("Owner", (), {})()
    memo.get(owner, "k", lambda: [1, 2])
    assert memo.size() == 1
    del owner
    gc.collect()
    assert memo.size() == 0


def test_a_memo_read_for_one_owner_after_another_gives_each_its_own_and_lets_them_go():
    """(The memo keeps the last owner read to answer the next read for it quickly: each owner still gets its own
    values, and an owner that goes takes its values with it.)"""
    import weakref

    class Value:
        pass

    memo = Memo("test last owner", maxsize=4)
    first, second = type("Owner", (), {})(), type("Owner", (), {})()
    kept = Value()
    memo.get(first, "k", lambda value=kept: value)
    memo.get(second, "k", lambda: "second's")
    for _ in range(2):
        assert memo.get(first, "k", lambda: "built again") is kept
        assert memo.get(second, "k", lambda: "built again") == "second's"
    assert memo.get(first, "k", lambda: "built again") is kept  # (first is the last read now)
    gone = weakref.ref(kept)
    del first, kept
    gc.collect()
    assert gone() is None and memo.size() == 1


def test_a_memo_builds_again_what_its_check_refuses():
    memo = Memo("test valid", maxsize=2)
    assert memo.get(None, 1, lambda: "old") == "old"
    assert memo.get(None, 1, lambda: "new", valid=lambda found: found != "old") == "new"
    assert memo.get(None, 1, lambda: "newer", valid=lambda found: True) == "new"


def test_a_memo_refuses_a_bound_below_one():
    with pytest.raises(ArgumentError, match="maxsize"):
        Memo("test bad", maxsize=0)


def test_threads_sharing_a_memo_see_one_value_per_key():
    memo = Memo("test threads", maxsize=50)
    owner = type("Owner", (), {})()
    seen: list = []

    def work():
        for key in range(200):
            seen.append(memo.get(owner, key % 60, lambda key=key: (key % 60,)))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 800 and all(value[0] < 60 for value in seen) and memo.size(owner) <= 50


def test_the_compiled_card_and_the_bot_engine_carry_no_cache_bag():
    card = mj.load_card("basic1")
    compiled = card.compiled()
    from mjlearn.engine import engine_for

    assert not hasattr(compiled, "cache") and not hasattr(engine_for(card), "cache")
