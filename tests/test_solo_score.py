"""A learner's solitaire hands scored: SoloHand, Strength bands, score_hands."""

from __future__ import annotations

import math

import pytest

import mjlearn as mj
from mjlearn.analysis import solo_score as score_module
from mjlearn.analysis.solo import solo, solo_wall
from mjlearn.analysis.solo_score import SoloHand, SoloScore, Strength, benchmark_entry, score_hands, strengths
from mjlearn.analysis.stats import binomial_range
from mjlearn.errors import ArgumentError, RuleError
from mjlearn.rules import Bot
from mjlearn.tiles import Tile

CARD = mj.load_card("basic1")


class Recorder:
    """The Bot, writing down what it throws (a learner who plays like the Bot)."""

    def __init__(self):
        self.bot = Bot(CARD, seed=0)
        self.rng = self.bot.rng
        self.thrown: list[Tile] = []

    def choose_discard(self, counts, exposures=(), visible=None):
        tile = self.bot.choose_discard(counts, exposures, visible)
        self.thrown.append(tile)
        return tile


def _bot_hands(deals, draws=24, seed=0):
    """The Bot's hands on ``deals`` as a learner's SoloHands (replayed from the discards it made)."""
    hands = []
    for deal in deals:
        recorder = Recorder()
        solo(CARD, players={"bot": recorder}, deals=[deal], draws=draws, seed=seed)
        hands.append(SoloHand.play(CARD, seed, deal, recorder.thrown, draws))
    return hands


def test_a_hand_replays_as_solo_plays_it():
    """The Bot's own discards, replayed as a learner's hand, give what solo() measured for the Bot."""
    deals = [196, 0, 1]  # the Bot completes deal 196 of seed 0 (at draw 18), not deals 0 and 1
    measured = solo(CARD, players=("bot",), deals=deals, draws=24, seed=0)
    assert measured.completed_at[0].tolist() == [18, 0, 0]
    for column, hand in enumerate(_bot_hands(deals)):
        assert hand.completed_at == measured.completed_at[0, column]
        assert hand.away == measured.away[0, 0, column]
        assert len(hand.discards) == (hand.completed_at - 1 if hand.completed_at else 23)


def test_a_hand_with_a_wrong_discard_is_refused():
    wall = solo_wall(0, 2)
    missing = next(t for t in mj.tiles.TILE_SET if t not in wall[:14])
    with pytest.raises(RuleError, match=f"discard 1 is {missing.notation}, which is not on the rack"):
        SoloHand.play(CARD, 0, 2, [missing], draws=2)
    with pytest.raises(ArgumentError, match="ended after 1 discard, but 2 were given"):
        SoloHand.play(CARD, 0, 2, [wall[13], wall[14]], draws=2)
    with pytest.raises(ArgumentError, match="draws"):
        SoloHand.play(CARD, 0, 2, [], draws=0)


def test_a_hand_as_json_and_back():
    wall = solo_wall(4, 7)
    hand = SoloHand.play(CARD, 4, 7, [wall[13].notation, wall[14]], draws=3)
    data = hand.as_dict()
    assert data["discards"] == [wall[13].notation, wall[14].notation]
    assert SoloHand.from_dict(data) == hand == SoloHand.from_dict(data, card=CARD)
    with pytest.raises(ArgumentError, match="needs seed, deal, draws and discards"):
        SoloHand.from_dict({"seed": 4})


def test_a_band_is_the_binomial_range_and_the_normal_range_of_the_mean():
    strength = Strength("bot", 24, 20000, 600, 3.1, 1.5)
    low, high, near, far = strength.band(40)
    assert (low, high) == binomial_range(40, 0.03)
    assert near == pytest.approx(3.1 - 1.2816 * 1.5 / math.sqrt(40), abs=0.01)
    assert far == pytest.approx(3.1 + 1.2816 * 1.5 / math.sqrt(40), abs=0.01)
    assert strength.band(400)[3] - strength.band(400)[2] < far - near  # more hands, a narrower band


def test_strengths_from_a_benchmark_result():
    result = solo(CARD, players=("random", "bot"), deals=30, draws=(12, 24), seed=2)
    found = strengths(CARD, 24, benchmark=result)
    assert found["bot"].completed == int(result.completed("bot", 24).sum()) and found["bot"].deals == 30
    assert found["random"].away_mean == pytest.approx(result.away[0, 1].mean(), abs=1e-4)
    with pytest.raises(ArgumentError, match="not 18"):
        strengths(CARD, 18, benchmark=result)
    with pytest.raises(ArgumentError, match="SoloResult"):
        strengths(CARD, 24, benchmark="big")


def test_strengths_of_a_card_without_figures_are_measured_on_the_spot(monkeypatch):
    monkeypatch.setattr(score_module, "FALLBACK_DEALS", 6)
    edited = mj.parse_card(CARD.to_mjcl().replace("Basic1", "Basic1 edited", 1))
    found = strengths(edited, 24, players=("random", "bot"))
    assert {s.deals for s in found.values()} == {6} and set(found) == {"random", "bot"}


def test_the_bundled_figures_are_those_of_the_benchmark_file():
    from mjlearn.resources import data_dir

    import json

    entries = json.loads((data_dir("cards") / score_module.BENCHMARK_FILE).read_text())["entries"]
    basic = next(e for e in entries if e["card"] == CARD.name and e["ruleset"] == "NMJL")
    found = strengths(CARD, 24)
    assert found["bot"].deals == basic["deals"] >= 2000
    assert [found["bot"].completed, found["bot"].away_mean, found["bot"].away_sd] == basic["players"]["bot"]["24"]
    assert set(basic["players"]) >= {"random", "bot", "coach"}
    # the entry is what benchmark_entry writes for such a result
    small = solo(CARD, players=("random", "bot"), deals=5, seed=1)
    entry = benchmark_entry(small, note="test")
    assert set(entry) == set(basic) and entry["fingerprint"] == basic["fingerprint"]


def test_a_learner_who_plays_like_the_bot_scores_as_the_bot_on_the_same_deals():
    hands = _bot_hands([196, 1, 2, 3])
    score = score_hands(CARD, hands, players=("bot", "random"), bands=("bot",))
    assert score.hands == 4 and score.draws == 24 and score.completed == 1
    assert score.same_deals["bot"] == (score.completed, score.away)
    assert score.same_deals["random"][1] > score.away  # a random player ends further away
    assert "On the same deals the Bot" in score.sentence() and "a random player" in score.sentence()


def test_score_hands_arguments():
    wall = solo_wall(0, 0)
    short = SoloHand.play(CARD, 0, 0, [wall[13]], draws=2)
    longer = SoloHand.play(CARD, 0, 0, [wall[13], wall[14]], draws=3)
    with pytest.raises(ArgumentError, match="different numbers of draws"):
        score_hands(CARD, [short, longer], bands=())
    with pytest.raises(ArgumentError, match="at least one hand"):
        score_hands(CARD, [], bands=())
    with pytest.raises(ArgumentError, match="level"):
        score_hands(CARD, [short], bands=(), level=1.5)
    twice = score_hands(CARD, [short, short.as_dict()], players=("bot",), bands=())
    once = score_hands(CARD, [short], players=("bot",), bands=())
    assert twice.same_deals["bot"][1] == once.same_deals["bot"][1]  # a deal played twice counts twice for both


def test_the_sentences_a_learner_reads():
    found = {"coach": Strength("coach", 24, 20000, 800, 2.8, 1.4), "bot": Strength("bot", 24, 20000, 600, 3.0, 1.5),
             "random": Strength("random", 24, 20000, 0, 6.5, 1.3)}
    score = SoloScore("Basic1", 24, 40, 2, 3.4, {"coach": (3, 2.9), "bot": (1, 3.1)}, found)
    assert score.sentence() == ("Your 40 hands of 24 draws: 2 completed (5%), 3.4 tiles away on average after the"
                                " last draw. On the same deals the coach completed 3 (8%, 2.9 tiles away) and the Bot 1 (2%,"
                                " 3.1 tiles away).")
    bands = score.bands()
    assert list(bands.player) == ["coach", "bot", "random"]
    assert bands.iloc[0].completed_high == binomial_range(40, 0.04)[1]
    text = score.band_sentence()
    assert text.startswith("Over 40 hands, 8 times in 10 the coach completes 0 to 3 and ends")
    assert "a random player completes 0 and ends" in text
    assert score.verdict() == "You ended between a random player and the Bot."
    near = SoloScore("Basic1", 24, 40, 2, 2.5, {}, found)
    assert near.verdict() == "You ended as near as the coach does, or nearer."
    far = SoloScore("Basic1", 24, 40, 0, 7.0, {}, found)
    assert far.verdict().startswith("You ended further away than a random player")
    middle = SoloScore("Basic1", 24, 40, 0, 2.9, {}, found)
    assert middle.verdict() == "You ended between the Bot and the coach."
    assert str(score).count(".") >= 3
