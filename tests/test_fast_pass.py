"""What fast_suggest_pass's docstring promises, over 200 dealt racks: nearest_lines_pass's tiles, in order,
and not (in general) suggest_pass's."""

from __future__ import annotations

import pytest

import mjlearn as mj
from mjlearn.analysis import deal_racks, suggest_pass
from mjlearn.analysis.advice import nearest_lines_pass
from mjlearn.rules.bots import fast_suggest_pass

CARD = mj.load_card("basic1")
RACKS = [mj.Hand.from_counts(counts.tolist()) for counts in deal_racks(200, rng=23)]


@pytest.mark.parametrize("ruleset", ["NMJL", "MAHJ-X"])
def test_the_fast_pass_is_the_nearest_lines_pass_on_every_dealt_rack(ruleset):
    differ = [str(rack) for rack in RACKS
              if fast_suggest_pass(CARD, rack, ruleset=ruleset) != nearest_lines_pass(CARD, rack, ruleset=ruleset)]
    assert differ == []


def test_the_fast_pass_differs_from_suggest_pass_as_documented():
    differ = sum(fast_suggest_pass(CARD, rack) != suggest_pass(CARD, rack) for rack in RACKS)
    assert differ == 135  # the figure fast_suggest_pass's docstring gives
    assert "for 135 racks" in " ".join(fast_suggest_pass.__doc__.split())
