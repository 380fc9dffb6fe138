"""issue 12: wrongly typed arguments to the analysis calls are refused with ArgumentError naming the argument."""

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.analysis import batch_distances, deal_racks, odds
from mjlearn.errors import ArgumentError

CARD = mj.load_card("practice_garden")
RACK = "FF 222B 444B"


@pytest.mark.parametrize(
    "arguments, named",
    [
        ({"visible": 5}, "visible"),
        ({"n": []}, "n"),
        ({"n": -1}, "n"),
        ({"n": True}, "n"),
        ({"n": 2.0}, "n"),
        ({"exposures": [None]}, r"exposures\[0\]"),
        ({"exposures": 5}, "exposures"),
        ({"exposures": {"a": 1}}, "exposures"),
        ({"dead": "x"}, "dead"),
        ({"dead": None}, "dead"),
        ({"partial": "yes"}, "partial"),
        ({"ruleset": 3}, "ruleset"),
    ],
)
def test_closest_refuses_a_wrong_argument_by_name(arguments, named):
    arguments = {"partial": True, **arguments}
    with pytest.raises(ArgumentError, match=f"^{named} must be"):
        CARD.closest(RACK, **arguments)


def test_closest_accepts_numpy_counts_and_one_exposure_as_a_string():
    assert len(CARD.closest(RACK, n=np.int64(2), partial=np.bool_(True))) == 2
    one = CARD.closest("FF 222B 444B", exposures="FFF", partial=True, n=None)
    assert len(one) == len(CARD.closest("FF 222B 444B", exposures=["FFF"], partial=True, n=None))


def test_match_and_the_batch_calls_refuse_wrong_arguments_by_name():
    with pytest.raises(ArgumentError, match="^hand must be"):
        CARD.match(None)
    with pytest.raises(ArgumentError, match="^ruleset must be"):
        CARD.match(RACK, ruleset=[])
    with pytest.raises(ArgumentError, match="^ruleset must be"):
        batch_distances(CARD, deal_racks(2, rng=1), ruleset=1.5)
    with pytest.raises(ArgumentError, match="^count must be"):
        deal_racks(True)
    with pytest.raises(ArgumentError, match="^tiles must be"):
        deal_racks(2, tiles=15)
    with pytest.raises(ArgumentError, match="^deals must be"):
        odds(CARD, deals="many")
    with pytest.raises(ArgumentError, match="^seed must be"):
        odds(CARD, deals=10, seed="N")
    with pytest.raises(ArgumentError, match="^within must be"):
        odds(CARD, deals=10, within=[True])
    assert deal_racks(np.int32(2), tiles=np.int64(13), rng=np.int64(3)).shape == (2, 36)
