"""check_safe_discard: a defensive throw graded by the coach's danger model, explained, never a raw error."""

import pytest

import mjlearn as mj
from mjlearn.errors import ArgumentError
from mjlearn.lessons import check_safe_discard
from mjlearn.rules import Game, seat_danger

CARD = mj.load_card("basic1")


@pytest.fixture(scope="module")
def game():
    return Game.from_position(CARD, racks={0: "FF 222B 44B 6B 8B 3C 5D 7D N J"},
                              exposures={1: ["222C", "444C J"], 3: ["EEEE"]},
                              discards=[(3, "9D"), (1, "1B"), (2, "N")], turn=0, phase="discard", seed=2)


def test_every_hot_tile_is_wrong_and_names_the_threat(game):
    table = seat_danger(game, 0)
    hot = list(table[table.hot].tile)
    assert hot                                  # the position has hot tiles (South's 2468 exposures)
    for tile in hot:
        result = check_safe_discard(tile.lower(), game)
        assert not result and result.grade == "costly" and "South" in result.text and "hot" in result.text


def test_the_safest_real_tile_is_right_in_any_spelling(game):
    table = seat_danger(game, 0)
    safest = table[table.tile != "J"].sort_values("danger").iloc[0].tile
    assert check_safe_discard(safest, game)
    assert check_safe_discard([safest], game)
    assert check_safe_discard(f" {safest.lower()} ", game).status == "right"


def test_a_risky_tile_that_is_not_hot_is_explained_without_the_answer(game):
    result = check_safe_discard("N", game)      # North's kong of East winds points at a winds line
    assert not result and "North" in result.text and "safer tiles" in result.text
    safest = seat_danger(game, 0).query("tile != 'J'").sort_values("danger").iloc[0].tile
    assert safest not in result.text


def test_a_joker_is_always_safe(game):
    result = check_safe_discard("joker", game)
    assert result and "never be called" in result.text


@pytest.mark.parametrize("answer, status, words", [
    (..., "missing", ""), ("3X", "unreadable", ""), ("9C", "wrong", "not on the rack"),
    ("3C 5D", "wrong", "one tile"), ({"a": 1}, "unreadable", ""), (3.5, "unreadable", ""),
])
def test_odd_answers_get_a_sentence_not_a_traceback(game, answer, status, words):
    result = check_safe_discard(answer, game)
    assert result.status == status and words in result.text


def test_a_game_is_required():
    with pytest.raises(ArgumentError):
        check_safe_discard("3C", "FF 222B 44B 6B 8B 3C 5D 7D N J")
