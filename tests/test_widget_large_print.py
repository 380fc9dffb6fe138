"""``large=True`` (issue 26, point 7): every widget takes it, sends it to the browser, and refuses anything else.

What large print looks like (18 px text, 48 px targets) is measured in a real browser in test_browser_a11y.py.
"""

from __future__ import annotations

import pytest

import mjlearn as mj
from mjlearn.errors import ArgumentError

MAKERS = {
    "HandBuilder": lambda **kw: mj.HandBuilder("basic1", **kw),
    "CardEditor": lambda **kw: mj.CardEditor(**kw),
    "CharlestonTrainer": lambda **kw: mj.CharlestonTrainer("basic1", seed=1, **kw),
    "GameTable": lambda **kw: mj.GameTable("basic1", seed=1, seat=0, pace="instant", **kw),
    "SoloDrill": lambda **kw: mj.SoloDrill("basic1", hands=1, draws=4, seed=5, **kw),
}


@pytest.mark.parametrize("name", MAKERS)
def test_large_print_is_off_unless_asked_and_synced_to_the_browser(name):
    assert MAKERS[name]().large is False
    widget = MAKERS[name](large=True)
    assert widget.large is True
    assert "large" in widget.keys  # a synced trait: the browser's switch and Python's stay one


@pytest.mark.parametrize("name", MAKERS)
def test_large_print_refuses_what_is_not_true_or_false(name):
    with pytest.raises(ArgumentError, match="large must be True or False"):
        MAKERS[name](large="yes")
