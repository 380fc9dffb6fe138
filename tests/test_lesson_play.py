"""The exercise checkers of lessons 04, 06 and 07 (mjlearn.lessons.play): forgiving reading, no answer shown."""

import pytest

import mjlearn as mj
from mjlearn.lessons.play import check_courtesy, check_outs, check_pass_direction, check_payment, check_safe_discard

RACK = "FF 66B 8B 3C 5C 7C 5D 6D 7D N J 9D"
TABLE = {"South": ["222B", "44B J"], "West": [], "North": []}


@pytest.mark.parametrize("checker", [
    lambda a: check_pass_direction(a, "West", "left"),
    lambda a: check_courtesy(a, 2, 3),
    lambda a: check_payment(a, "FF 222B 444B 666B 88B J", winner=1, how="discard", discarder=2, payer=2),
    lambda a: check_outs(a, "FF 222B 444B 666B 8B N", "2468 #1", visible="8B 8B 5D"),
    lambda a: check_safe_discard(a, RACK, TABLE),
])
def test_every_checker_waits_for_an_answer_and_reads_nonsense_without_a_traceback(checker):
    assert checker(...).status == "missing"
    for nonsense in ("3X", None, [[[]]], {"a": 1}, 2.5, "seventy-eleven"):
        result = checker(nonsense)
        assert result.status in ("unreadable", "wrong"), (nonsense, result)


def test_pass_direction_reads_seats_as_people_write_them():
    assert check_pass_direction(" SOUTH ", "West", "left")
    assert check_pass_direction("s", "West", "left")
    assert check_pass_direction(1, "West", "left")
    assert not check_pass_direction("East", "West", "left")


def test_wrong_payment_never_shows_the_amount():
    wrong = check_payment(30, "FF 333D 666D 999D 000", winner=0, how="self-drawn")
    assert not wrong and "300" not in wrong.text and "too low" in wrong.text
    assert check_payment("three hundred", "FF 333D 666D 999D 000", winner=0, how="self-drawn")


def test_singles_and_pairs_discarder_pays_double_the_printed_value():
    hand = "FF 11B 22B 33B 44B 55B 66B"
    assert check_payment(100, hand, winner=3, how="discard", discarder=1, payer=1)
    assert "value printed" in check_payment(50, hand, winner=3, how="discard", discarder=1, payer=1).text


def test_safe_discard_refuses_a_tile_not_on_the_rack_and_two_tiles():
    assert "not on your rack" in check_safe_discard("9B", RACK, TABLE).text
    assert "one tile" in check_safe_discard("3C 5C", RACK, TABLE).text
    assert not check_safe_discard("F", RACK, TABLE)
    assert check_safe_discard("north", RACK, TABLE)


def test_distances_by_step_rebuilds_the_racks_from_the_log_blind_passes_included():
    from mjlearn.lessons.play import distances_by_step, everyone_passes, nearest_distance
    from mjlearn.rules import Charleston, deal_tiles

    ch = Charleston(deal_tiles(seed=1))
    everyone_passes("basic1", ch)
    everyone_passes("basic1", ch)
    everyone_passes("basic1", ch, east_blind=2)
    history = distances_by_step("basic1", ch)
    assert list(history) == ["deal", "first right", "first across", "first left"]
    assert history["first left"] == [nearest_distance("basic1", rack) for rack in ch.racks]


@pytest.mark.slow
def test_play_for_me_plays_the_seat_to_the_end_through_the_table():
    import mjlearn as mj
    from mjlearn.lessons.play import play_for_me

    table = mj.GameTable("basic1", seed=30, pace="instant")
    result = play_for_me(table)
    assert table.game.phase == "over" and result is table.game.result
    assert len(table.review()) > 0


def test_call_taker_lets_the_engine_decide_and_leaves_the_game_as_it_was():
    import mjlearn as mj
    from mjlearn.lessons.play import check_call_taker, moment
    from mjlearn.rules import run_game

    game = run_game(mj.load_card("basic1"), seed=188)
    flower = moment(game, len(game.moves) - 3)  # South has just thrown a flower
    moves = len(flower.moves)
    assert check_call_taker("west", flower, {"West": (3, 1)})
    assert "let the tile go" in check_call_taker("North", flower, {"West": (3, 1)}).text
    assert check_call_taker("East", flower, {"West": (3, 1), "East": "mahjongg"})
    assert "Mah Jongg comes first" in check_call_taker("West", flower, {"West": (3, 1), "East": "mahjongg"}).text
    assert "cannot call it" in check_call_taker("South", flower, {"West": (3, 1)}).text
    assert check_call_taker("nobody", flower, {}).status == "unreadable"
    assert len(flower.moves) == moves and flower.phase == "calls"


def test_say_move_names_the_move_in_words():
    import mjlearn as mj
    from mjlearn.lessons.play import first_move, moment, say_move
    from mjlearn.rules import run_game

    game = run_game(mj.load_card("basic1"), seed=188)
    k = first_move(game, "call")
    assert say_move(moment(game, k), *game.moves[k]) == "East calls it for a kong, with 1 joker"


def test_unseen_tiles_explain_which_ones_a_wrong_count_left_out():
    import mjlearn as mj
    from mjlearn.lessons.play import check_unseen, until
    from mjlearn.rules import run_game

    dying = until(run_game(mj.load_card("basic1"), seed=225), lambda g: g.dead)  # West: 3 4C in sight, 1 held
    assert check_unseen("none", dying, "West", "4C")
    assert "own rack" in check_unseen(1, dying, "West", "4C").text
    assert "in sight" in check_unseen(3, dying, "West", "4C").text


def test_call_taker_refuses_a_call_it_cannot_read():
    import mjlearn as mj
    from mjlearn.errors import ArgumentError
    from mjlearn.lessons.play import check_call_taker, moment
    from mjlearn.rules import run_game

    game = run_game(mj.load_card("basic1"), seed=188)
    with pytest.raises(ArgumentError, match="size, jokers"):
        check_call_taker("West", moment(game, len(game.moves) - 3), {"West": "pung"})


def test_computer_session_matches_recording_each_game_by_hand():
    import mjlearn as mj
    from mjlearn.lessons.play import computer_session
    from mjlearn.rules import MAHJX, Scorecard, east_for_game, run_game

    card = mj.load_card("basic1")
    by_hand = Scorecard(("A", "B", "C", "D"))
    for number, seed in enumerate(range(42, 45)):
        by_hand.record(run_game(card, MAHJX, seed=seed).result.payout, east=east_for_game(1, number))
    assert computer_session(card, ("A", "B", "C", "D"), range(42, 45), first_east=1).totals() == by_hand.totals()


def test_finish_with_suggestions_ends_the_charleston_and_try_move_reports_an_allowed_move(capsys):
    import mjlearn as mj
    from mjlearn.lessons.play import finish_with_suggestions, try_move
    from mjlearn.rules import Charleston, deal_tiles

    trainer = mj.CharlestonTrainer("basic1", seed=17)
    assert finish_with_suggestions(trainer).startswith("Charleston over") and trainer.done
    ch = Charleston(deal_tiles(seed=1))
    try_move("East passes three tiles", ch.pass_tiles, 0, ch.racks[0].tiles()[:3])
    assert capsys.readouterr().out == "East passes three tiles: allowed\n" and ch.waiting_for() == [1, 2, 3]


def test_key_events_leave_out_the_routine_and_contest_needs_two_calls():
    import mjlearn as mj
    from mjlearn.errors import ArgumentError
    from mjlearn.lessons.play import key_events, play_contest
    from mjlearn.rules import run_game

    game = run_game(mj.load_card("basic1"), seed=188)
    events = key_events(game)
    assert len(events) and not events.action.isin(["passes", "receives", "draws", "discards"]).any()
    with pytest.raises(ArgumentError, match="two players"):
        play_contest(game)


def test_replay_helpers_stop_at_the_moment_they_name():
    import mjlearn as mj
    from mjlearn.errors import ArgumentError
    from mjlearn.lessons.play import columns, dead_hands, discard_to_call, later_turn, when_a_hand_dies
    from mjlearn.rules import run_game

    card = mj.load_card("basic1")
    game = run_game(card, seed=188)
    later = later_turn(game, 0)
    assert later.turn == 0 and later.phase == "discard" and later.exposures[0] and later.log[-1].action == "draws"
    dying = when_a_hand_dies(run_game(card, seed=225))
    assert dying.dead and dead_hands(dying) == "West" and dead_hands(game) == "none"
    chance = discard_to_call(run_game(card, seed=225), "N", 3)
    assert chance.phase == "calls" and chance.last_discard[1] == mj.Tile.NORTH and chance.racks[3].count(mj.Tile.NORTH) >= 2
    table = card.closest("FF 222B 444B 666B 8B N S")
    assert columns(table, ["line", "distance"], rows=2).shape == (2, 2)
    with pytest.raises(ArgumentError, match="no column 'tiles away'"):
        columns(table, "line, tiles away")
    for names, rows in ((5, None), ([1, 2], None), ("line", "3"), ("line", -1)):
        with pytest.raises(ArgumentError):
            columns(table, names, rows)


def test_moment_and_until_replay_a_game_set_up_from_a_position_or_a_deal():
    """A game from a position or from walls built by hand is replayed from them, not from a seed."""
    import mjlearn as mj
    from mjlearn.lessons.play import moment, until
    from mjlearn.rules import Bot, Game
    from mjlearn.rules.setup import deal_from_walls, deal_tiles

    card = mj.load_card("basic1")
    games = [Game.from_deal(card, "NMJL", deal_from_walls("NMJL", deal_tiles(seed=21).walls, (2, 5))),
             Game.from_position(card, "NMJL", racks={0: "FF 222B 444B 666B 88B J"}, turn=0, phase="discard", seed=4)]
    for game in games:
        bots = [Bot(card, "NMJL", seed=s) for s in range(4)]
        for _ in range(40):
            if game.phase == "over":
                break
            seat = game.waiting_for()[0]
            bots[seat].act(game, seat)
        n = len(game.moves)
        assert moment(game, n).snapshot() == game.snapshot()
        assert until(game, lambda g: len(g.moves) == n // 2).snapshot() == moment(game, n // 2).snapshot()


# -- lesson 04's vote and courtesy pass in one call each ------------------------------------------------------

def charleston_at_the_vote():
    from mjlearn.lessons.play import everyone_passes
    from mjlearn.rules import Charleston, deal_tiles

    ch = Charleston(deal_tiles(seed=1))
    for _ in range(3):
        everyone_passes("basic1", ch)
    return ch


def test_a_vote_tried_with_vote_if_is_taken_back_and_everyone_votes_casts_it():
    from mjlearn.lessons.play import everyone_votes, vote_if

    ch = charleston_at_the_vote()
    before = ch.snapshot()
    said = str(vote_if("basic1", ch, [True, True, False, True]))
    assert "West no" in said and "no second Charleston; next, the courtesy pass" in said
    assert ch.snapshot() == before and ch.step.name == "vote on a second Charleston"
    assert "a second Charleston; next, the second left pass" in str(everyone_votes("basic1", ch))
    assert ch.step.name == "second left" and ch.log[-1].detail == "East+ South+ West+ North+"


@pytest.mark.parametrize("votes", [[True, True, True], "yes", [1, 1, 1, 1], None])
def test_votes_must_be_four_yes_or_no(votes):
    from mjlearn.errors import ArgumentError
    from mjlearn.lessons.play import vote_if

    ch = charleston_at_the_vote()
    with pytest.raises(ArgumentError, match="four True/False"):
        vote_if("basic1", ch, votes)
    assert ch.step.name == "vote on a second Charleston"


def test_everyone_offers_ends_the_charleston_with_east_offering_the_coachs_tiles():
    from mjlearn.lessons.play import everyone_offers, everyone_votes

    ch = charleston_at_the_vote()
    everyone_votes("basic1", ch, [False, False, False, False])
    east = ch.racks[0]
    assert everyone_offers("basic1", ch, east_offers=0) == "courtesy pass" and ch.done
    assert ch.racks[0] == east  # offering nothing keeps the rack as it is


def test_pass_compared_sets_the_two_ways_of_choosing_side_by_side():
    from mjlearn.lessons.play import pass_compared
    from mjlearn.rules import deal_tiles

    table = pass_compared("basic1", deal_tiles(seed=1).racks[0])
    assert table["pass"].tolist() == ["1B 3B 7B", "2C 5C 2D"]  # what lesson 04 says of East's rack


@pytest.mark.parametrize("call, words", [
    (lambda: mj.lessons.check_count("12", "12"), "expected must be a whole number"),
    (lambda: mj.lessons.check_count("12", 12.0), "expected must be a whole number"),
    (lambda: mj.lessons.check_count("12", 11, accept="12"), "accept must be a list"),
    (lambda: mj.lessons.check_count("12", 11, accept=[1.5]), "accept must be a whole number"),
    (lambda: mj.lessons.check_courtesy("two", 2, None), r"other_offer must be a whole number \(0 to 3\)"),
    (lambda: mj.lessons.check_courtesy("two", 4, 3), r"offer must be a whole number \(0 to 3\)"),
    (lambda: mj.lessons.check_pass_direction("West", "East", {"a": 1}), "unknown pass direction"),
    (lambda: mj.lessons.check_call_taker("East", None, {}), "game must be a Game waiting for calls"),
])
def test_a_checker_says_what_is_wrong_with_what_the_lesson_gives_it(call, words):
    """A fuzz gave the checkers a teacher calls wrong-typed arguments: each now names the argument (they raised
    Python's own errors: '>' not supported, unhashable type, no attribute 'discards')."""
    with pytest.raises(mj.MjlearnError, match=words):
        call()


def test_the_checkers_still_take_what_they_took():
    import numpy as np

    assert mj.lessons.check_count("12", np.int64(12)).status == "right"
    assert mj.lessons.check_count("13", 12, accept=(13,)).status == "right"
    assert mj.lessons.check_courtesy("two", 2, 3).status == "right"
