"""One horizon for "chance to finish": mjlearn.analysis.horizon, and the places a learner sees it."""

from __future__ import annotations

import pytest

import mjlearn as mj
from mjlearn.analysis import expected_draws, horizon_words, seat_draws
from mjlearn.analysis.horizon import horizon_phrase
from mjlearn.errors import ArgumentError
from mjlearn.rules import CoachBot, Game

CARD = mj.load_card("basic1")


def _drawn_to_the_end(game: Game) -> list[int]:
    """Play on with nobody calling (each seat throws the tile it drew) and count each seat's draws."""
    drawn = [0] * 4
    while game.phase != "over":
        phase = game.phase
        if phase == "calls":
            for seat in game.waiting_for():
                game.pass_call(seat)
        elif phase == "draw":
            seat = game.turn
            tile = game.draw(seat)
            drawn[seat] += tile is not None  # (an empty wall ends the game at the draw)
            if game.phase == "discard":
                game.discard(seat, tile if tile is not None else game.racks[seat].tiles()[0])
        elif phase == "discard":
            seat = game.turn
            game.discard(seat, game.racks[seat].tiles()[0])
        else:
            raise AssertionError(phase)
    return drawn


def _plain_move(game):
    """The next move of a game where nobody calls: a draw, the first tile of the rack thrown, or every seat
    letting the discard go."""
    if game.phase == "draw":
        game.draw(game.turn)
    elif game.phase == "discard":
        game.discard(game.turn, game.racks[game.turn].tiles()[0])
    else:
        for seat in game.waiting_for():
            game.pass_call(seat)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_expected_draws_are_the_draws_each_seat_makes_when_nobody_calls(seed):
    game = Game(CARD, seed=seed)
    game.skip_charleston()
    for _ in range(9):  # a few turns in, so that the wall does not share evenly
        _plain_move(game)
    expected = [seat_draws(game, seat) for seat in range(4)]
    assert sorted(set(expected)) in ([min(expected)], [min(expected), min(expected) + 1])
    assert _drawn_to_the_end(game) == expected


@pytest.mark.parametrize("phase", ["discard", "calls", "draw"])
def test_every_phase_counts_from_the_next_seat_to_draw(phase):
    game = Game.from_position(CARD, racks={0: "FF 222B 444B 666B 8B 3C N"}, discards=[(3, "8B"), (1, "5D")], turn=0,
                              phase="discard", seed=4)
    if phase == "calls":
        game.discard(0, "N")
    elif phase == "draw":
        game.discard(0, "N")
        for seat in game.waiting_for():
            game.pass_call(seat)
        assert game.turn == 1
    expected = [seat_draws(game, seat) for seat in range(4)]
    assert _drawn_to_the_end(game) == expected


def test_a_dead_seat_draws_nothing_and_leaves_its_draws_to_the_others():
    game = Game.from_position(CARD, racks={0: "FF 222B 444B 666B 8B 3C N"}, turn=0, phase="discard", seed=4, dead=(2,))
    wall = game.wall_left
    assert seat_draws(game, 2) == 0
    assert [seat_draws(game, s) for s in (0, 1, 3)] == [expected_draws(wall, 3, 2), expected_draws(wall, 3, 0),
                                                          expected_draws(wall, 3, 1)]
    assert sum(seat_draws(game, s) for s in range(4)) == wall


def test_the_charleston_and_the_end():
    game = Game(CARD, seed=3)
    assert game.phase == "charleston"
    assert seat_draws(game, 0) == expected_draws(game.wall_left) and seat_draws(game, 1) == expected_draws(
        game.wall_left, ahead=0)
    game = Game(CARD, "MAHJ-X", seed=3)  # East holds 13 under MAHJ-X: East draws first
    assert seat_draws(game, 0) == expected_draws(game.wall_left, ahead=0)
    game.skip_charleston()
    _drawn_to_the_end(game)
    assert seat_draws(game) == 0


def test_expected_draws_in_numbers_and_errors():
    assert [expected_draws(w) for w in range(9)] == [0, 0, 0, 0, 1, 1, 1, 1, 2]
    assert [expected_draws(9, ahead=a) for a in range(4)] == [3, 2, 2, 2]
    assert expected_draws(10, live_seats=1) == 10
    for arguments, words in [((-1,), "wall_left"), ((9, 0), "live_seats"), ((9, 5), "live_seats"),
                             ((9, 4, 4), "ahead"), ((True,), "wall_left"), ((9.0,), "wall_left")]:
        with pytest.raises(ArgumentError, match=words):
            expected_draws(*arguments)


def test_the_words_beside_the_number():
    assert horizon_words(0.5567, 24) == "55.7% in the 24 draws you can still expect"
    assert horizon_words(5.5e-05, 24).startswith("less than 0.01% (about 1 in 18,000) in the 24 draws")
    assert horizon_words(0.3, 12, expected=False) == "30.0% in 12 draws"
    assert horizon_phrase(1) == "in the 1 draw you can still expect" and horizon_phrase(0) == "with no draw left"
    with pytest.raises(ArgumentError, match="draws"):
        horizon_phrase(-1)
    with pytest.raises(ArgumentError, match="chance"):
        horizon_words(1.5, 3)


def test_the_table_coach_and_the_coach_bot_count_the_same_draws():
    from mjlearn.widgets.table_coach import coach_panel
    from mjlearn.widgets.table_review import decision_before, draws_left

    game = Game.from_position(CARD, racks={0: "FF 222B 444B 666B 8B 3C N"}, discards=[(3, "8B"), (1, "5D")], turn=0,
                              phase="discard", seed=4)
    panel = coach_panel(game, 0)
    assert panel["draws"] == seat_draws(game, 0) == draws_left(game, 0) == 24
    assert panel["horizon"] == "in the 24 draws you can still expect"
    assert decision_before(game, 0, "discard", ()).draws == 24
    assert CoachBot._draws(game, 0) == 24 and CoachBot._draws(game, 1) == 25
    game.discard(0, "N")  # South answers the discard: it would draw next
    assert CoachBot._draws(game, 1) == seat_draws(game, 1) == 25


@pytest.mark.parametrize("chance", [None, "0.5", [0.5], True, object(), float("nan"), 1.5, -0.1])
def test_a_chance_that_is_not_one_is_refused_in_words(chance):
    with pytest.raises(ArgumentError, match="a chance is"):
        horizon_words(chance, 12)


def _draws_seat_by_seat(game, seat):
    """seat_draws as it was first written: the live seats before ``seat`` counted one by one (the reference)."""
    if game.phase == "over" or seat in game.dead:
        return 0
    first = {"draw": game.turn, "discard": (game.turn + 1) % 4}.get(game.phase)
    if game.phase == "calls":
        first = (game.last_discard[0] + 1) % 4
    elif first is None:
        first = 1 if len(game.charleston.racks[0]) == 14 else 0
    ahead, other = 0, first
    while other != seat:
        ahead += other not in game.dead
        other = (other + 1) % 4
    return expected_draws(game.wall_left, 4 - len(game.dead), ahead)


@pytest.mark.parametrize("dead", [(), (2,), (1, 3)])
def test_seat_draws_counts_the_seats_ahead_as_seat_by_seat(dead):
    """With every seat live the seats ahead are counted at once: at every move of a game, from every phase, for
    every seat, the draws are those of the seats counted one by one (with dead hands too)."""
    from mjlearn.rules import Bot, run_game

    checked = []

    def check(game):
        for seat in range(4):
            assert seat_draws(game, seat) == _draws_seat_by_seat(game, seat), (game.phase, game.turn, seat, game.dead)
        checked.append(game.phase)

    if dead:
        game = Game.from_position(CARD, racks={0: "FF 222B 444B 666B 8B 3C N"}, turn=0, phase="discard", seed=4,
                                  dead=dead)
        check(game)
        while game.phase != "over":
            _plain_move(game)
            check(game)
    else:
        run_game(CARD, seed=5, bots=[Bot(CARD, seed=s) for s in range(4)], on_move=check)
    assert {"draw", "discard", "calls"} <= set(checked)
