"""Scoring a Mah Jongg (seed 002 "Scoring") and the MAHJ-X scorecard (seed 004, rule 8)."""

import dataclasses

import pandas as pd
import pytest

import mjlearn as mj
from mjlearn.rules.ruleset import MAHJX, NMJL
from mjlearn.rules.scoring import SEATS, Payout, Scorecard, score_win, wall_game

# Card name "+10": the Big Card bonus. Same pattern twice, concealed (C30) and not (X25).
CARD = mj.parse_card(
    """Practice +10
"2468"
FF 222 444 666 888 C30
FF 222 444 666 888 X25
"Singles and Pairs"
FF 11 22 33 44 55 66 Va C50
FF 111 22 33 44 55 6 X25
"Odds"
NN EE WW SS 11 33 55 X30
"""
)
PLAIN = mj.parse_card('Plain\n"2468"\nFF 222 444 666 888 X25\n')  # no bonus, one line


def plain_win(hand="FF 222B 444B 666B 88B J", exposures=()):
    wins = PLAIN.match(mj.Hand(hand), exposures=list(exposures))
    assert wins, hand
    return wins


# -- payments -----------------------------------------------------------------------


def test_win_on_a_discard_discarder_pays_double_others_single():
    payout = score_win(PLAIN, plain_win(), winner=0, how="discard", discarder=2)
    assert (payout.base, payout.jokerless_double, payout.bonus, payout.score) == (25, False, 0, 25)
    assert payout.payments == (100, -25, -50, -25)
    assert payout.discarder == 2 and payout.received == 100
    assert sum(payout.payments) == 0


def test_self_drawn_everyone_pays_double():
    payout = score_win(PLAIN, plain_win(), winner=1, how="self-drawn")
    assert payout.payments == (-50, 150, -50, -50)
    assert payout.discarder is None


def test_jokerless_hand_doubles():
    payout = score_win(PLAIN, plain_win("FF 222B 444B 666B 888B"), winner=0, how="discard", discarder=1)
    assert payout.jokerless_double and payout.score == 50
    assert payout.payments == (200, -100, -50, -50)
    assert "jokerless: doubled to 50" in payout.explain()


def test_jokerless_does_not_double_a_singles_and_pairs_hand():
    wins = CARD.match(mj.Hand("FF 11D 22D 33D 44D 55D 66D"))
    assert wins[0].jokerless and wins[0].concealed
    payout = score_win(CARD, wins, winner=0, how="self-drawn")
    assert (payout.jokerless_double, payout.bonus, payout.score) == (False, 0, 50)
    assert payout.payments == (300, -100, -100, -100)
    assert any("Singles and Pairs" in step for step in payout.explain())


def test_jokerless_is_decided_by_the_category_not_the_groups():
    # Seed 002: every jokerless hand that is NOT from the Singles and Pairs category doubles.
    # An "Odds" line of pairs only (no group of 3 or more) doubles; a "Singles and Pairs" line
    # with a pung does not. (Before the fix, both went by the groups instead.)
    pairs_only = score_win(CARD, CARD.match(mj.Hand("NN EE WW SS 11C 33C 55C")), 0, "self-drawn")
    assert pairs_only.line.category == "Odds" and pairs_only.jokerless_double
    assert pairs_only.score == 30 * 2 + 10
    assert "jokerless: doubled to 60" in pairs_only.explain()
    with_pung = score_win(CARD, CARD.match(mj.Hand("FF 111B 22B 33B 44B 55B 6B")), 0, "self-drawn")
    assert with_pung.line.category == "Singles and Pairs" and not with_pung.jokerless_double
    assert with_pung.score == 25 + 10
    assert any("Singles and Pairs" in step for step in with_pung.explain())


def test_ruleset_without_jokerless_doubles():
    rules = dataclasses.replace(NMJL, name="Flat", jokerless_doubles=False, discarder_pays=3)
    payout = score_win(PLAIN, plain_win("FF 222B 444B 666B 888B"), 0, "discard", discarder=3, ruleset=rules)
    assert not payout.jokerless_double and payout.score == 25
    assert payout.payments == (125, -25, -25, -75)
    assert "jokerless, but Flat does not double it" in payout.explain()


def test_joker_exchange_then_mah_jongg_counts_as_self_drawn():
    wins = plain_win()
    drawn = score_win(PLAIN, wins, winner=2, how="self-drawn")
    exchange = score_win(PLAIN, wins, winner=2, how="joker-exchange")
    assert exchange.payments == drawn.payments == (-50, -50, 150, -50)
    # whoever's discard began the turn, nobody pays as discarder
    called = score_win(PLAIN, wins, winner=2, how="joker-exchange", discarder=1)
    assert called.payments == drawn.payments and called.discarder is None
    assert called.how == "joker-exchange"
    assert any("joker exchange counts as self-drawn" in step for step in called.explain())


def test_payments_always_sum_to_zero():
    for hand, exposures in [("FF 222B 444B 666B 88B J", ()), ("FF 222B 444B 666B", ["888B"])]:
        wins = plain_win(hand, exposures)
        for winner in range(4):
            assert sum(score_win(PLAIN, wins, winner, "self-drawn").payments) == 0
            for discarder in set(range(4)) - {winner}:
                payout = score_win(PLAIN, wins, winner, "discard", discarder=discarder)
                assert sum(payout.payments) == 0
                assert payout.payments[discarder] == -2 * payout.score


# -- Big Card bonus -----------------------------------------------------------------------


def test_big_card_bonus_for_a_non_concealed_line_with_no_exposures():
    card = mj.parse_card('Big +10\n"2468"\nFF 222 444 666 888 X25\n')
    payout = score_win(card, card.match(mj.Hand("FF 222B 444B 666B 88B J")), 0, "self-drawn")
    assert (payout.bonus, payout.score) == (10, 35)
    assert payout.payments == (210, -70, -70, -70)
    # jokerless doubles the value first, then the bonus is added
    payout = score_win(card, card.match(mj.Hand("FF 222B 444B 666B 888B")), 0, "self-drawn")
    assert (payout.jokerless_double, payout.bonus, payout.score) == (True, 10, 60)


def test_no_big_card_bonus_with_exposures():
    card = mj.parse_card('Big +10\n"2468"\nFF 222 444 666 888 X25\n')
    wins = card.match(mj.Hand("FF 222B 444B 666B"), exposures=["88B J"])
    assert wins[0].exposed
    payout = score_win(card, wins, 0, "self-drawn")
    assert (payout.bonus, payout.score) == (0, 25)
    assert "no Big Card bonus: the hand has exposures" in payout.explain()


def test_no_big_card_bonus_for_a_concealed_line():
    card = mj.parse_card('Big +10\n"2468"\nFF 222 444 666 888 C30\n')
    payout = score_win(card, card.match(mj.Hand("FF 222B 444B 666B 88B J")), 0, "self-drawn")
    assert (payout.bonus, payout.score) == (0, 30)
    assert "no Big Card bonus: the line is concealed" in payout.explain()


def test_no_bonus_when_the_card_has_none():
    payout = score_win(PLAIN, plain_win(), 0, "self-drawn")
    assert payout.bonus == 0 and not any("Big Card" in step for step in payout.explain())


# -- several lines ---------------------------------------------------------------------------


def test_only_the_best_line_counts_ties_keep_the_first():
    wins = CARD.match(mj.Hand("FF 222B 444B 666B 888B"))
    assert [(w.number, w.value, w.concealed) for w in wins] == [(1, 30, True), (2, 25, False)]
    payout = score_win(CARD, wins, 0, "self-drawn")
    # C30 jokerless: 60; X25 jokerless plus bonus 10: 60. A tie keeps the first.
    assert payout.line is wins[0] and payout.score == 60 and payout.bonus == 0
    assert payout.payments == (360, -120, -120, -120)


def test_only_the_best_line_counts_bonus_can_tip_it():
    card = mj.parse_card(CARD.to_mjcl().replace("Practice +10", "Practice +20"))
    wins = card.match(mj.Hand("FF 222B 444B 666B 888B"))
    payout = score_win(card, wins, 0, "self-drawn")
    assert (payout.line.number, payout.line.value, payout.bonus, payout.score) == (2, 25, 20, 70)
    # with an exposure only the exposed line wins at all
    wins = card.match(mj.Hand("FF 222B 444B 666B"), exposures=["888B"])
    assert [w.number for w in wins] == [2]
    assert score_win(card, wins, 0, "self-drawn").score == 50


# -- errors ------------------------------------------------------------------------------------


def test_false_mah_jongg_raises_rule_error():
    wins = PLAIN.match(mj.Hand("FF 222B 444B 666B 888C"))
    assert wins == []
    with pytest.raises(mj.RuleError, match="false Mah Jongg"):
        score_win(PLAIN, wins, 0, "self-drawn")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"winner": 0, "how": "robbed"}, "unknown way to win"),
        ({"winner": 0, "how": "discard"}, "needs the discarder"),
        ({"winner": 1, "how": "discard", "discarder": 1}, "discarder cannot be the winner"),
        ({"winner": 4, "how": "self-drawn"}, "winner must be a seat 0-3"),
        ({"winner": -1, "how": "self-drawn"}, "winner must be a seat 0-3"),
        ({"winner": True, "how": "self-drawn"}, "winner must be a seat 0-3"),
        ({"winner": 0, "how": "discard", "discarder": 5}, "discarder must be a seat 0-3"),
        ({"winner": 0, "how": "self-drawn", "discarder": 2}, "self-drawn win has no discarder"),
        ({"winner": 0, "how": "joker-exchange", "discarder": 9}, "discarder must be a seat 0-3"),
    ],
)
def test_bad_arguments_raise_rule_error(kwargs, message):
    with pytest.raises(mj.RuleError, match=message):
        score_win(PLAIN, plain_win(), **kwargs)


def test_rule_error_is_a_value_error_and_ruleset_by_name():
    assert issubclass(mj.RuleError, ValueError)
    assert score_win(PLAIN, plain_win(), 0, "self-drawn", ruleset="mahj-x").ruleset is MAHJX


# -- explain and table ----------------------------------------------------------------------------


def test_explain_steps():
    card = mj.parse_card('Big +10\n"2468"\nFF 222 444 666 888 X25\n')
    payout = score_win(card, card.match(mj.Hand("FF 222B 444B 666B 888B")), 3, "discard", discarder=0)
    assert payout.explain() == [
        "2468 #1: 25",
        "jokerless: doubled to 50",
        "Big Card bonus (not concealed, no exposures): 50 + 10 = 60",
        "discard: East threw the winning tile and pays 2 x 60 = 120",
        "each other player pays 60",
        "North receives 240",
    ]
    assert str(payout) == "\n".join(payout.explain())
    drawn = score_win(PLAIN, plain_win("FF 222B 444B 666B 888B"), 0, "self-drawn")
    assert "self-drawn: each player pays 2 x 50 = 100" in drawn.explain()


def test_payout_table_shape_and_roles():
    payout = score_win(PLAIN, plain_win(), winner=1, how="discard", discarder=3)
    table = payout.table()
    assert isinstance(table, pd.DataFrame)
    assert table.shape == (4, 3) and list(table.columns) == ["seat", "role", "amount"]
    assert table["seat"].tolist() == list(SEATS)
    assert table["role"].tolist() == ["other", "winner", "other", "discarder"]
    assert table["amount"].tolist() == list(payout.payments) == [-25, 100, -25, -50]


def test_payout_is_frozen():
    payout = score_win(PLAIN, plain_win(), 0, "self-drawn")
    assert isinstance(payout, Payout)
    with pytest.raises(dataclasses.FrozenInstanceError):
        payout.score = 1


def test_wall_game_scores_nothing():
    result = wall_game()
    assert (result.how, result.winner, result.line, result.score) == ("wall", None, None, 0)
    assert result.payments == (0, 0, 0, 0) and result.received == 0
    assert result.explain() == ["wall game: nobody scores"]
    assert result.table()["role"].tolist() == ["other"] * 4
    assert wall_game("MAHJ-X").ruleset is MAHJX


# -- MAHJ-X and the scorecard ----------------------------------------------------------------------


def test_mahjx_scores_by_the_tournament_table_nobody_pays():
    # Seed 004 rule 8 + shared/tournament-scoring.md: the winner scores the line's value plus bonuses.
    on_discard = score_win(PLAIN, plain_win(), 0, "discard", discarder=2, ruleset=MAHJX)
    assert on_discard.payments == (25, 0, 0, 0)  # one joker: no jokerless points, no hot tile (no exposures)
    assert on_discard.items == ((0, "hand", 25),)
    drawn = score_win(PLAIN, plain_win("FF 222B 444B 666B 888B"), 3, "self-drawn", ruleset=MAHJX)
    assert drawn.payments == (0, 0, 0, 25 + 10 + 20) and drawn.score == 55
    assert [row for _, row, _ in drawn.items] == ["hand", "self_pick", "jokerless"]
    assert "nobody pays" in drawn.explain()[-1]
    # NMJL home payouts are unchanged.
    assert score_win(PLAIN, plain_win("FF 222B 444B 666B 888B"), 3, "self-drawn").payments == (-100, -100, -100, 300)


def test_tournament_jokerless_points_skip_singles_and_pairs():
    wins = CARD.match(mj.Hand("FF 11D 22D 33D 44D 55D 66D"))
    payout = score_win(CARD, wins, 1, "self-drawn", ruleset=MAHJX)
    assert payout.payments == (0, 50 + 10, 0, 0)
    assert [row for _, row, _ in payout.items] == ["hand", "self_pick"]


def test_hot_tile_penalties_by_the_number_of_exposures():
    two = plain_win("FF 222B 88B J", ["444B", "666B"])
    assert score_win(PLAIN, two, 0, "discard", discarder=1, ruleset=MAHJX).payments == (25, -20, 0, 0)
    assert (1, "hot_tile_two", -20) in score_win(PLAIN, two, 0, "discard", discarder=1, ruleset=MAHJX).items
    three = plain_win("FF 22B J", ["444B", "666B", "888B"])
    payout = score_win(PLAIN, three, 0, "discard", discarder=2, ruleset=MAHJX)
    assert payout.payments == (25, 0, -25, 0)
    assert (2, "hot_tile_three", -25) in payout.items
    one = plain_win("FF 222B 444B 88B J", ["666B"])
    assert score_win(PLAIN, one, 0, "discard", discarder=1, ruleset=MAHJX).payments == (25, 0, 0, 0)
    quints = mj.parse_card('Q\n"Q"\nF 11111 22222 333 X40\n')
    with_quint = quints.match(mj.Hand("F 333B"), exposures=["1111B J", "2222B J"])
    assert with_quint
    assert score_win(quints, with_quint, 0, "discard", discarder=3, ruleset=MAHJX).payments == (40, 0, 0, -25)


def test_the_hot_tile_penalty_is_judged_on_the_exposures_shown_at_the_throw():
    # North called the 8B for its third exposure (888B), then declared: at the throw it showed two.
    wins = plain_win("FF 222B", ["444B", "666B", "888B"])
    shown = [mj.analysis.Exposure.parse("444B"), mj.analysis.Exposure.parse("666B")]
    assert score_win(PLAIN, wins, 3, "discard", discarder=0, ruleset=MAHJX).payments[0] == -25  # as if all shown
    payout = score_win(PLAIN, wins, 3, "discard", discarder=0, ruleset=MAHJX, exposed_at_throw=shown)
    assert payout.payments == (-20, 0, 0, 45) and (0, "hot_tile_two", -20) in payout.items
    one = score_win(PLAIN, wins, 3, "discard", discarder=0, ruleset=MAHJX, exposed_at_throw=["444B"])
    assert one.payments[0] == 0 and [row for _, row, _ in one.items] == ["hand", "jokerless"]
    # a quint counts only if it was shown at the throw
    quints = mj.parse_card('Q\n"Q"\nFF 1111 222 33333 X40\n')
    won = quints.match(mj.Hand("FF"), exposures=["1111B", "222B", "3333B J"])
    assert score_win(quints, won, 1, "discard", discarder=2, ruleset=MAHJX,
                     exposed_at_throw=["1111B", "222B"]).payments[2] == -20
    assert score_win(quints, won, 1, "discard", discarder=2, ruleset=MAHJX,
                     exposed_at_throw=["1111B", "3333B J"]).payments[2] == -25
    with pytest.raises(mj.RuleError, match="exposed_at_throw is for a win on a discard"):
        score_win(PLAIN, wins, 3, "self-drawn", ruleset=MAHJX, exposed_at_throw=shown)
    with pytest.raises(mj.MjlearnError, match="exposed_at_throw"):
        score_win(PLAIN, wins, 3, "discard", discarder=0, ruleset=MAHJX, exposed_at_throw=["44B"])


def test_tournament_table_is_changeable():
    from mjlearn.rules.tournament import TournamentScoring

    house = dataclasses.replace(MAHJX, tournament=TournamentScoring(self_pick=5, jokerless=0, hot_tile_two=-7))
    drawn = score_win(PLAIN, plain_win("FF 222B 444B 666B 888B"), 0, "self-drawn", ruleset=house)
    assert drawn.payments == (25 + 5 + 0, 0, 0, 0)
    two = plain_win("FF 222B 88B J", ["444B", "666B"])
    assert score_win(PLAIN, two, 0, "discard", discarder=1, ruleset=house).payments == (25, -7, 0, 0)
    assert wall_game(dataclasses.replace(MAHJX, tournament=TournamentScoring(wall_game_live=3))).payments == (3, 3, 3, 3)
    with pytest.raises(mj.RuleError, match="self_pick"):
        TournamentScoring(self_pick="10")


def test_mahjx_wall_game_scores_live_hands_only():
    assert wall_game(MAHJX).payments == (10, 10, 10, 10)
    assert wall_game(MAHJX, dead=[1, 3]).payments == (10, 0, 10, 0)
    assert wall_game(NMJL, dead=[1]).payments == (0, 0, 0, 0)
    with pytest.raises(mj.RuleError, match="dead seat"):
        wall_game(MAHJX, dead=[4])


@pytest.mark.parametrize("rules", [NMJL, MAHJX])
def test_a_wall_game_in_play_has_a_payout_the_scorecard_records(rules):
    # Bug: a MAHJ-X wall game left result.payout None and Scorecard.record raised TypeError.
    from mjlearn.rules.game import Game

    game = Game(PLAIN, rules, seed=3)
    game.skip_charleston()
    game.wall.clear()  # the wall has run out
    game.dead.add(2)
    game.phase, game.turn = "draw", 0
    assert game.draw(0) is None and game.phase == "over"
    assert game.result is not None and game.result.winner is None
    assert game.result.payout is not None
    expected = (10, 10, 0, 10) if rules is MAHJX else (0, 0, 0, 0)
    assert game.result.payout.payments == expected
    sheet = Scorecard()
    sheet.record(game.result.payout)
    assert sheet.totals() == dict(zip(SEATS, expected))


def test_a_dead_hand_still_pays_under_nmjl():
    # Seed 003: when someone wins, a dead hand pays like the others (it only stops playing).
    from mjlearn.rules.game import Game

    game = Game(PLAIN, NMJL, seed=1)
    game.skip_charleston()
    game.dead.add(2)
    game.racks[0] = mj.Hand("FF 222B 444B 666B 888B")
    game.phase = "discard"
    result = game.declare_mahjongg(0)
    assert result is not None and result.payout.payments == (300, -100, -100, -100)


def test_scorecard_east_rotates_columns():
    sheet = Scorecard(("Ann", "Bea", "Cy", "Di"))
    payout = score_win(PLAIN, plain_win(), 0, "discard", discarder=1)  # East wins on South's discard
    sheet.record(payout, game="Round 1, game 2", east="Bea")
    frame = sheet.to_frame()
    assert frame["what"].tolist()[0] == "Round 1, game 2: Bea wins 2468 #1 (25), on Cy's discard"
    assert sheet.totals() == {"Ann": -25, "Bea": 100, "Cy": -50, "Di": -25}
    sheet.record(payout, east=3)
    assert sheet.totals()["Di"] == 100 + -25
    assert sheet.to_frame()["what"].tolist()[1].startswith("Game 2: Di wins")


def test_scorecard_defaults_and_errors():
    sheet = Scorecard()
    assert sheet.players == SEATS
    frame = sheet.to_frame()
    assert frame.shape == (1, 5) and frame["what"].tolist() == ["Total"]
    assert sheet.totals() == dict.fromkeys(SEATS, 0)
    assert sheet.leader() == "East"  # a tie goes to the first in seating order
    with pytest.raises(ValueError, match="4 players"):
        Scorecard(("A", "B", "C"))
    with pytest.raises(ValueError, match="different names"):
        Scorecard(("A", "B", "C", "A"))
    with pytest.raises(ValueError, match="no player 'Zed'"):
        sheet.penalty("Zed", 10, "x")
    with pytest.raises(ValueError, match="positive"):
        sheet.penalty("East", -10, "x")
    with pytest.raises(ValueError, match="column 0-3"):
        sheet.penalty(4, 10, "x")
    with pytest.raises(TypeError, match="Payout"):
        sheet.record({"East": 10})
    assert len(sheet) == 0
