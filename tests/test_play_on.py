"""Playing on from a teacher's question: ``Question.to_position`` and ``GameTable(question=...)``."""

from __future__ import annotations

from collections import Counter

import pytest

import mjlearn as mj
from mjlearn.errors import ArgumentError, PositionError
from mjlearn.lessons import Question
from mjlearn.rules import Game
from mjlearn.rules.setup import deal_from_walls, deal_tiles
from mjlearn.widgets import GameTable

RACK = "FF 222B 444B 666B 8B N S"


def called_game() -> Game:
    """North has just thrown a West; East holds two and a joker."""
    game = Game.from_position(
        mj.load_card("basic1"),
        racks={0: "FF 222B 44B W W J", 3: "1C 2C 3C 4D 6D 7D 8D 9D W R G R G W"},
        exposures={0: ["888B"], 1: ["555D J"]},
        discards=[(3, "8B"), (0, "N"), (1, "9C"), (2, "3D"), (3, "1B"), (0, "E"), (1, "7C"), (2, "2D")],
        turn=3, phase="discard", seed=1)
    game.discard(3, "W")
    return game


def test_a_question_at_a_game_plays_on_from_that_very_moment():
    game = called_game()
    question = Question.from_game("tiles", "Which tiles do you expose to call it?", game, seat=0, answer="W W W")
    table = GameTable(question=question, seed=8)
    assert table.seat == 0 and table.card is question.card and table.ruleset == game.ruleset
    assert table.game.racks == game.racks and table.game.discards == game.discards
    assert table.game.exposures == game.exposures and table.game.wall == game.wall
    assert table.game.phase == "calls" and table.seat in table.game.waiting_for()  # the West is still live
    assert not table.call(3) and "dead" in table.message  # no line has WWW beside 888B: asked to confirm
    assert table.call(3, confirm=True)
    assert [str(group) for group in table.game.exposures[0]] == ["888B", "WWW"]
    assert table.game.status() == "East to discard (or declare Mah Jongg)"


def test_the_table_starts_where_the_question_was_asked_not_where_the_game_went():
    game = called_game()
    question = Question.from_game("tiles", "Call it?", game, seat=0, answer="W W W")
    for seat in game.waiting_for():  # the game goes on after the question
        game.pass_call(seat)
    game.draw(0)
    table = GameTable(question=question, seed=2)
    assert table.game.phase == "calls" and table.game.discards == list(question.table.discards)
    moves = table.game.moves
    assert moves[:1] == list(question.table.moves) and {name for name, _ in moves[1:]} == {"pass_call"}  # the bots'
    assert table.game.racks[0] == question.rack and table.game.wall_left == question.table.wall_left


def test_a_question_at_a_game_is_played_on_from_its_seat_only():
    question = Question.from_game("line", "Which line?", called_game(), seat=0)
    with pytest.raises(ArgumentError, match="asked at East's seat: play on from that seat"):
        GameTable(question=question, seat=2)
    assert GameTable(question=question, seat=0, seed=1).seat == 0


def test_a_game_in_the_charleston_plays_on_from_its_deal_and_moves():
    game = Game(mj.load_card("basic1"), seed=12)
    game.pass_tiles(1, game.racks[1].tiles()[:3])
    question = Question.from_game("pass", "Which three do you pass?", game, seat=0)
    assert question.table.position is None and question.table.deal == game.deal
    table = GameTable(question=question, seed=12)
    assert table.game.racks[0] == game.racks[0] and table.game.charleston.step.name == "first right"
    assert 1 not in table.game.charleston.waiting_for()  # South's pass was made before the question


def test_a_pass_question_starts_the_charleston_with_its_rack():
    table = GameTable(question=Question("pass", "You are East. Pass right?", rack=RACK), seed=5)
    assert table.seat == 0 and str(table.game.racks[0]) == RACK
    assert table.game.status() == "The Charleston: first right"
    assert table.pass_tiles(["N", "S", "F"]) and table.game.status() == "The Charleston: first across"


def test_the_deal_around_a_rack_changes_the_walls_as_little_as_it_can():
    question = Question("pass", "Pass?", rack=RACK)
    for seed in range(6):
        deal = question.to_position(seed=seed)["deal"]
        original = deal_tiles(seed=seed)
        assert str(deal.racks[0]) == RACK
        assert deal_from_walls("NMJL", deal.walls, deal.dice, seed) == deal  # the walls and the racks agree
        changed = sum(a != b for row, old in zip(deal.walls, original.walls) for a, b in zip(row, old))
        swaps = sum((Counter(mj.Hand(RACK).tiles()) - Counter(original.racks[0].tiles())).values())
        assert changed <= 2 * swaps and deal.dice == original.dice


def test_a_pass_question_of_13_tiles_sits_south_and_mahjx_needs_its_joker():
    question = Question("pass", "Pass?", rack="F 222B 444B 666B 8B N S")
    assert question.to_position(seed=1)["seat"] == 1
    assert str(GameTable(question=question, seat=3, seed=1).game.racks[3]) == "F 222B 444B 666B 8B N S"
    with pytest.raises(PositionError, match="East is dealt 14 tiles under NMJL, not the 13"):
        question.to_position(seat=0, seed=1)
    with pytest.raises(PositionError, match="every rack is dealt 1 joker first"):
        Question("pass", "Pass?", rack="F 222B 444B 666B 8B N S", ruleset="MAHJ-X").to_position(seed=1)
    mahjx = Question("pass", "Pass?", rack="F 222B 444B 666B 8B N J", ruleset="MAHJ-X")
    table = GameTable(question=mahjx, seed=4)
    assert table.ruleset.name == "MAHJ-X" and str(table.game.racks[table.seat]) == "F 222B 444B 666B 8B N J"


def test_a_rack_question_starts_with_its_rack_and_the_tiles_seen_on_the_floor():
    question = Question("discard", "What do you throw?", rack=RACK, visible="9D 1C 1C 5D")
    start = question.to_position(seat=2, seed=3)
    # thrown in turn by the others (West's own discards are not among the tiles seen), South last
    assert start["position"]["discards"] == [(1, "9D"), (3, "1C"), (0, "1C"), (1, "5D")]
    table = GameTable(question=question, seat=2, seed=3)
    assert str(table.game.racks[2]) == RACK and table.game.status() == "West to discard (or declare Mah Jongg)"
    assert [seat for seat, _ in table.game.discards][-1] == 1  # South, the seat before West, threw last
    assert table.discard("N") and table.game.racks[2].count(mj.Tile.NORTH) == 0
    line = GameTable(question=Question("line", "Nearest?", rack="F 11B 22B 33B 44B 55B 66B"), seed=1)
    assert line.game.status() == "East to draw" and line.draw()


def test_a_question_without_a_table_to_start_from_is_refused():
    with pytest.raises(ArgumentError, match="no position to play on from"):
        GameTable(question=Question("count", "How many jokers?", answer=8))
    with pytest.raises(PositionError, match="rack of 13 tiles .* this question's holds 12"):
        GameTable(question=Question("tiles", "Which finish it?", rack="FF 222B 444B 666B 8B", answer="88B"))


@pytest.mark.parametrize("given", [{"card": "basic1"}, {"ruleset": "NMJL"}, {"position": {"turn": 0}},
                                   {"moves": []}])
def test_a_question_table_takes_nothing_that_would_contradict_it(given):
    with pytest.raises(ArgumentError, match="leave .* out"):
        GameTable(question=Question("pass", "Pass?", rack=RACK), **given)


def test_only_a_question_is_a_question():
    with pytest.raises(ArgumentError, match="question must be a teacher's Question"):
        GameTable(question="FF 222B 444B 666B 8B N S")


def test_a_new_game_starts_from_the_question_again():
    question = Question.from_game("line", "Which line?", called_game(), seat=0)
    table = GameTable(question=question, seed=3)
    table.pass_call()
    assert table.new_game()
    assert table.seat == 0 and table.seed == 4 and table.game.phase == "calls"
    assert table.game.racks[0] == called_game().racks[0]
    rack_table = GameTable(question=Question("line", "Nearest?", rack=RACK), seat=1, seed=3)
    rack_table.new_game(9)
    assert rack_table.seat == 1 and str(rack_table.game.racks[1]) == RACK


def test_a_game_played_on_from_a_question_saves_and_loads(tmp_path):
    table = GameTable(question=Question.from_game("line", "Which line?", called_game(), seat=0), seed=3)
    assert table.call(3, confirm=True)  # a dead hand, knowingly: no line has WWW beside 888B
    assert table.save(tmp_path / "game.json")
    loaded = Game.load(tmp_path / "game.json")
    assert loaded.racks == table.game.racks and loaded.exposures == table.game.exposures
