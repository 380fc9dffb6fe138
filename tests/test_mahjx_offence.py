"""The coach under MAHJ-X's own rules: reverse runs (rule 7) in its worth, and the scripts that measured what
amending exposures (rule 5) could add (``benchmarks/measure_amendments.py``, ``benchmarks/amend_coach.py``;
docs/rules.md, "Tried ... and not kept")."""

from __future__ import annotations

import math

import pytest

import mjlearn as mj
from mjlearn.engine import Exposure
from mjlearn.hands import Hand
from mjlearn.rules import CoachBot
from script_support import load_script


@pytest.fixture(scope="module")
def card():
    return mj.load_card("basic1")


def test_the_coach_sees_a_reverse_run_only_under_mahjx(card):
    # "111 222 333 44 DDD" run downwards (rule 7): 555 444 333 22 with the bams' dragon
    rack = Hand("555B 444B 333B 22B GGG").counts
    home, mahjx = CoachBot(card, "NMJL"), CoachBot(card, "MAHJ-X")
    assert not home.wins(rack) and mahjx.wins(rack)
    worth_home = float(home.worth([rack], (), None, 10)[0])
    worth_mahjx = float(mahjx.worth([rack], (), None, 10)[0])
    assert mahjx.last_chance[0] == 1.0 and worth_mahjx > worth_home


def test_amended_distances_see_a_kong_behind_a_pung(card):
    measure = load_script("benchmarks/measure_amendments.py")
    engine = CoachBot(card, "MAHJ-X").engine
    pung = (Exposure(mj.Tile.from_notation("4B"), 3),)
    # "222 4444 r666 8888": the rack holds the kong's fourth 4B, so the amendment completes the hand; with the
    # pung as it is, the hand is out of reach
    rack = Hand("222B 4B 666C 8888C").counts
    fixed, now, later = measure.amended_distances(engine, rack, pung, [0] * 36)
    assert now == 0 < fixed
    # without the 4B in the rack the kong needs a draw: one tile more
    rack = Hand("222B 666C 8888C 9D").counts
    fixed, now, later = measure.amended_distances(engine, rack, pung, [0] * 36)
    assert later == 1 < fixed


def test_owed_chance_is_the_hypergeometric_tail():
    coach = load_script("benchmarks/amend_coach.py")
    assert coach.owed_chance(10, 2, 3, 1) == pytest.approx(1 - math.comb(8, 3) / math.comb(10, 3))
    assert coach.owed_chance(10, 2, 3, 0) == 1.0
    assert coach.owed_chance(10, 1, 3, 2) == 0.0


def test_the_amending_coach_plays_and_amends(card):
    coach = load_script("benchmarks/amend_coach.py")
    from mjlearn.rules.bots import run_game

    amends = 0
    for deal in range(12):
        bots = [coach.AmendingCoach(card, "MAHJ-X", seed=deal * 4 + s) for s in range(4)]
        game = run_game(card, "MAHJ-X", seed=deal, bots=bots)
        amends += sum("amends an exposure" in str(event) for event in game.log)
    assert game.phase == "over" and amends >= 1
    # under NMJL it is the coach, move for move
    plain = run_game(card, "NMJL", seed=3, bots=[CoachBot(card, "NMJL", seed=12 + s) for s in range(4)])
    amending = run_game(card, "NMJL", seed=3, bots=[coach.AmendingCoach(card, "NMJL", seed=12 + s) for s in range(4)])
    assert [str(e) for e in plain.log] == [str(e) for e in amending.log]


def test_the_screening_script_compares_variants_on_the_same_deals(card, capsys):
    coach = load_script("benchmarks/amend_coach.py")
    offering = coach.OfferingCoach(card, "MAHJ-X", seed=0)
    rack = Hand("FF 222B 444B 666B 8B 3C J").counts
    assert len(offering.choose_offer(rack)) == 3
    coach.main(["--deals", "1", "--workers", "0", "--variants", "coach,amend-at-turn only"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["basic1 MAHJ-X seeds 0-0 coach",
                                                      "basic1 MAHJ-X seeds 0-0 amend-at-turn only"]
    assert all("ratio" in line and "four coaches' walls" in line for line in lines)
