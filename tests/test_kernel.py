"""The batch kernel (mjlearn.engine.kernel) against the formula it replaced, on many racks.

The reference is the thermometer matrix product that ``line_distances`` used
before the kernel (``tests/matrix_reference.py``): every engine must give exactly
its numbers, on every bundled card, under both rulesets.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.analysis import batch_distances, deal_racks
from mjlearn.engine.kernel import KernelTables, engines, line_distances
from mjlearn.errors import ArgumentError, HandError
from mjlearn.tiles import COPIES, NUM_KINDS, Tile

from matrix_reference import matrix_line_distances

CARDS = mj.list_cards()
RULESETS = [None, "MAHJ-X"]


def heavy_racks(count: int, seed: int, kind: int) -> np.ndarray:
    """Racks of 14 tiles with 0 to 8 of ``kind`` (jokers or flowers: 8 in the set) and the rest drawn from the others."""
    rng = np.random.default_rng(seed)
    pool = np.repeat(np.arange(NUM_KINDS), COPIES)
    pool = pool[pool != kind]
    racks = np.zeros((count, NUM_KINDS), dtype=np.int16)
    for row, heavy in enumerate(rng.integers(0, 9, count)):
        np.add.at(racks[row], rng.choice(pool, 14 - heavy, replace=False), 1)
        racks[row, kind] = heavy
    return racks


def many_racks() -> np.ndarray:
    """Racks of every size 0-14, dealt from the full set, and joker-heavy and flower-heavy ones."""
    dealt = [deal_racks(150, tiles, rng=tiles) for tiles in range(1, 15)]
    heavy = [heavy_racks(300, 1, Tile.JOKER), heavy_racks(300, 2, Tile.FLOWER)]
    return np.concatenate([np.zeros((1, NUM_KINDS), dtype=np.int16), *dealt, *heavy])


RACKS = many_racks()


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("name", CARDS)
def test_every_engine_gives_the_reference_numbers(name, ruleset):
    compiled = mj.load_card(name).compiled(ruleset)
    expected = matrix_line_distances(compiled, RACKS)
    tables = KernelTables.of(compiled)
    for engine in engines():
        got = line_distances(tables, RACKS, engine=engine)
        assert got.dtype == np.int16 and got.shape == expected.shape
        assert np.array_equal(got, expected), engine


def test_numba_is_installed_for_the_tests():
    # numba is in the test extras, so the fast engine is what the tests above check; tools/test_matrix.sh
    # runs them again without it (MJLEARN_TEST_NUMBA=absent), on the numpy engine alone
    without = os.environ.get("MJLEARN_TEST_NUMBA") == "absent"
    assert engines() == (["numpy"] if without else ["numba", "numpy"])


def test_batch_distances_on_a_thread_pool_and_in_small_chunks(monkeypatch):
    from concurrent.futures import ThreadPoolExecutor

    from mjlearn.analysis import kernel

    card = mj.load_card("basic1")
    expected = matrix_line_distances(card.compiled(), RACKS)
    monkeypatch.setattr(kernel, "CHUNK", 500)  # several chunks, the last one short
    with ThreadPoolExecutor(2) as pool:
        assert np.array_equal(batch_distances(card, RACKS, executor=pool), expected)
    assert np.array_equal(batch_distances(card, RACKS), expected)


def test_no_racks_give_an_empty_table():
    card = mj.load_card("basic1")
    assert batch_distances(card, np.zeros((0, NUM_KINDS), dtype=np.int16)).shape == (0, len(card.lines))


def test_the_kernel_refuses_racks_it_cannot_read():
    tables = KernelTables.of(mj.load_card("basic1").compiled())
    too_many = np.zeros((1, NUM_KINDS), dtype=np.int16)
    too_many[0, 0] = 9
    with pytest.raises(HandError, match="the set holds only 4"):
        line_distances(tables, too_many)
    with pytest.raises(HandError, match="shape"):
        line_distances(tables, np.zeros((2, 3), dtype=np.int16))
    with pytest.raises(ArgumentError, match="engine must be one of"):
        line_distances(tables, RACKS[:2], engine="cuda")


def test_without_numba_the_numpy_engine_serves():
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['numba'] = None\n"  # as if numba were not installed
        "import mjlearn as mj\n"
        "from mjlearn.analysis import batch_distances, deal_racks\n"
        "from mjlearn.engine.kernel import engines\n"
        "print(engines(), batch_distances(mj.load_card('basic1'), deal_racks(300, rng=8)).sum())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split(None, 1)
    card = mj.load_card("basic1")
    assert out == ["['numpy']", f"{matrix_line_distances(card.compiled(), deal_racks(300, rng=8)).sum()}\n"]


def test_a_long_batch_can_show_a_progress_bar(capsys, monkeypatch):
    from mjlearn.analysis import kernel

    monkeypatch.setattr(kernel, "CHUNK", 1000)
    batch_distances(mj.load_card("basic1"), RACKS, progress=True)
    assert f"{len(RACKS)}/{len(RACKS)}" in capsys.readouterr().err
