"""The review that teaches (issue 25 point 5): a seat's decisions replayed from a game and judged beside the
coach's (:func:`mjlearn.review_game`, :mod:`mjlearn.analysis.review`, :mod:`mjlearn.rules.review`)."""

import re
from dataclasses import replace

import pandas as pd
import pytest

import mjlearn as mj
from mjlearn.lessons.play import thrown_out
from mjlearn.analysis.review import CATEGORIES, CONFIDENCES, COLUMNS, GameReview, Moment, judge, recent_hands
from mjlearn.errors import ArgumentError, SaveFileError
from mjlearn.rules import Bot, Game
from mjlearn.rules.bots import play_move
from mjlearn.rules.review import LET_GO, MAHJONGG, call_label, decision_moments, moments_now, review_game

CARD = mj.load_card("basic1")


def _discards_by(game, seat):
    return sum(1 for name, args in game.moves if name == "discard" and args.get("seat") == seat)


def _play_until(game, bots, seat, discards):
    """Play on with ``bots`` until ``seat`` has made ``discards`` discards (or the game is over)."""
    while game.phase != "over" and _discards_by(game, seat) < discards:
        play_move(game, bots)
    return game


def _bots(seed=0):
    return [Bot(CARD, "NMJL", seed=seed * 4 + seat) for seat in range(4)]


class ReviewCoach:
    """A seat that plays every decision the review judges as the review's coach would (other moves: a Bot's)."""

    def __init__(self, seat, seed=0):
        self.seat = seat
        self.bot = Bot(CARD, "NMJL", seed=seed)

    def _coach(self, game, name, args):
        moments = moments_now(game, self.seat, name, args)
        return [(moment, judge(game.card, moment, game.ruleset).coach) for moment in moments]

    def act(self, game, seat):
        if game.phase == "charleston" and game.charleston.step.kind != "vote":  # a courtesy pass too, of 3
            tiles = [t for t in game.charleston.racks[seat].tiles() if t != mj.Tile.JOKER][:3]
            [(_, coach)] = self._coach(game, "pass_tiles", {"seat": seat, "tiles": tiles, "blind": 0})
            game.pass_tiles(seat, coach.split())
        elif game.phase == "discard":
            compiled = game.card.compiled(game.ruleset)
            exposures = [mj.analysis.position.Exposure(e.tile, e.size, e.jokers) for e in game.exposures[seat]]
            _, distance = compiled.exposed_distances(game.racks[seat].counts, exposures)
            if len(distance) and distance.min() == 0:
                game.declare_mahjongg(seat)
                return
            first = game.racks[seat].tiles()[0]
            found = self._coach(game, "discard", {"seat": seat, "tile": first})
            for moment, coach in found:
                if moment.kind == "exchange" and coach != "keep your tiles":
                    move = next(m for m in game.legal_moves(seat) if m.kind == "exchange_joker" and coach.endswith(
                        f"for your {game.exposures[m.owner][m.group].tile.notation}") and str(
                        game.exposures[m.owner][m.group]) in coach)
                    game.exchange_joker(seat, move.owner, move.group)
                    return
                if moment.kind == "discard":
                    game.discard(seat, coach)
                    return
        elif game.phase == "calls":
            found = self._coach(game, "pass_call", {"seat": seat})
            if not found:
                game.pass_call(seat)
                return
            [(_, coach)] = found
            if coach == LET_GO:
                game.pass_call(seat)
            elif coach == MAHJONGG:
                game.call_mahjongg(seat)
            else:
                move = next(m for m in game.legal_moves(seat) if m.kind == "call" and call_label(m.size, m.jokers) == coach)
                game.call(seat, move.size, move.jokers)
        else:
            self.bot.act(game, seat)


def _no_python(text):
    """Whether a sentence reads as words, not code."""
    return not re.search(r"_|\bNone\b|\bTrue\b|\bFalse\b|\bnan\b|[\[\]{}=<>]|\w\(|Tile\b|np\.", text)


# -- a known bad discard is ranked first, with its category ----------------------------------------------

@pytest.mark.parametrize("rack, thrown, category", [
    ("FF 222B 444B 66B 8C 9D N J", "J", "joker use"),           # throws a joker
    ("FF 222B 444B 666B 8B 3C N", "4B", "discard efficiency"),  # breaks a pung of 2468 #1
])
def test_a_known_bad_discard_is_ranked_first_with_its_category(rack, thrown, category):
    game = Game.from_position(CARD, racks={0: rack}, turn=0, phase="discard", seed=4)
    game.discard(0, thrown)
    _play_until(game, _bots(4), 0, 3)  # a Bot plays East's next two discards
    review = review_game(game, 0)
    first = review.table.iloc[0]
    assert (first.step, first.you, first.category, first.verdict) == ("turn 0", thrown, category, "costly")
    assert first["regret (points)"] > 0 and first["your chance"] < first["coach's chance"]
    assert first.coach != thrown and first.confidence in CONFIDENCES
    assert len(first.alternatives) == 3 and first.alternatives[0]["choice"] == first.coach
    assert list(review.table.columns) == COLUMNS
    named = {"J": "joker", "4B": "4 Bam"}
    assert _no_python(first.reason) and mj.Tile.from_notation(first.coach).long_name in first.reason
    assert named[thrown] in first.reason


def test_a_defensive_mistake_is_put_under_defence():
    """Throwing the tile South's two exposures wait for, when a safe tile keeps the hand as well."""
    position = {"racks": {0: "FF 66B 8B 3C 5C 7C 5D 6D 7D N J 9D"}, "exposures": {1: ["222B", "44B J"]},
                "turn": 0, "phase": "discard"}
    game = Game.from_position(CARD, **position, seed=3)
    game.discard(0, "8B")  # 8 Bam could give South 2468 #1
    [moment] = decision_moments(game, 0)
    judged = judge(CARD, moment, "NMJL")
    by_tile = {c.label: c for c in judged.choices}
    assert by_tile["8B"].danger > by_tile[judged.coach].danger + 0.005
    assert (judged.category, judged.verdict) == ("defence", "costly")
    assert "could hand an opponent Mah Jongg" in judged.reason and _no_python(judged.reason)
    assert by_tile["J"].danger == min(c.danger for c in judged.choices if c.label != "J")  # a joker is never the safe throw


# -- regret, the coach's own game, a saved game --------------------------------------------------------

def _bot_game(seed, discards):
    game = Game(CARD, "NMJL", seed=seed)
    return _play_until(game, _bots(seed), 0, discards)


@pytest.fixture(scope="module")
def bot_review():
    """A Bot's first decisions as East (the Charleston and three discards), and their review."""
    game = _bot_game(11, 3)
    return game, review_game(game, "East")


def test_regret_is_never_below_zero_and_the_rows_are_ranked(bot_review):
    _, review = bot_review
    table = review.table
    kinds = {j.moment.kind for j in review.judged}
    assert {"pass", "discard"} <= kinds
    assert (table["regret (points)"] >= 0).all()
    assert list(table["regret (points)"]) == sorted(table["regret (points)"], reverse=True)
    assert set(table.category) <= set(CATEGORIES) and set(table.confidence) <= set(CONFIDENCES)
    for judged in review.judged:
        assert judged.best.points >= max(c.points for c in judged.choices) - 1e-12
        assert judged.you in [c.label for c in judged.choices]
        assert (judged.verdict == "as the coach") == (judged.regret_points <= 1e-12)
    assert all(_no_python(reason) for reason in table.reason)
    assert all(0 <= p <= 1 for p in table["your chance"]) and all(0 <= p <= 1 for p in table["coach's chance"])


@pytest.mark.slow
def test_regret_is_never_below_zero_over_whole_games():
    for seed in (5, 12):
        game = Game(CARD, "NMJL", seed=seed)
        bots = _bots(seed)
        while game.phase != "over":
            play_move(game, bots)
        review = review_game(game, seed % 4)
        assert (review.table["regret (points)"] >= 0).all()
        assert all(_no_python(reason) for reason in review.table.reason)


def _coach_game(seed, discards):
    game = Game(CARD, "NMJL", seed=seed)
    bots = _bots(seed)
    bots[0] = ReviewCoach(0, seed)
    return _play_until(game, bots, 0, discards)


def test_the_coachs_own_game_has_no_regret():
    game = Game(CARD, "NMJL", seed=2)
    game.skip_charleston()  # (the whole game below passes in the Charleston too)
    bots = _bots(2)
    bots[0] = ReviewCoach(0, 2)
    _play_until(game, bots, 0, 4)
    review = review_game(game, 0)
    assert len(review) >= 4 and "discard" in {j.moment.kind for j in review.judged}
    assert (review.table["regret (points)"] <= 1e-12).all()
    assert set(review.table.verdict) == {"as the coach"}
    assert all(reason.startswith(("You threw what the coach would", "You passed what the coach would",
                                  "You chose as the coach would")) for reason in review.table.reason)


@pytest.mark.slow
def test_the_coachs_own_whole_game_has_no_regret():
    game = _coach_game(7, 99)
    assert game.phase == "over"
    review = review_game(game, 0)
    assert {"pass", "discard"} <= {j.moment.kind for j in review.judged}
    assert (review.table["regret (points)"] <= 1e-12).all()


@pytest.mark.slow
def test_a_saved_game_is_reviewed_as_the_live_game(tmp_path, bot_review):
    game, live = bot_review
    path = tmp_path / "game.json"
    game.save(path)
    assert decision_moments(Game.load(path), 0) == decision_moments(game, 0)
    saved = review_game(str(path), "east")
    pd.testing.assert_frame_equal(live.table, saved.table)
    assert live.png() == saved.png()


def test_a_game_table_is_reviewed_as_its_game():
    table = mj.GameTable("basic1", seat=0, seed=3, position={"racks": {0: "FF 222B 444B 66B 8C 9D N J"},
                                                              "turn": 0, "phase": "discard"}, pace="instant")
    assert table.discard("8C")
    review = table.game_review()
    assert table.game_review() is review  # worked out once per position
    pd.testing.assert_frame_equal(review.table, review_game(table.game, 0).table)
    pd.testing.assert_frame_equal(review.table, review_game(table, 0).table)


def test_calls_and_joker_exchanges_are_decisions():
    """A call the seat could make is weighed beside letting the tile go; a joker it could take, beside keeping."""
    position = {"racks": {0: "FF 222B 444B 666B 88B"}, "discards": [(1, "8B")], "turn": 1, "phase": "calls"}
    game = Game.from_position(CARD, **position, seed=5)
    game.pass_call(0)  # lets go of the 8 Bam that makes 2468 #1
    moments = decision_moments(game, 0)
    assert [m.kind for m in moments] == ["call"]
    labels = [a.label for a in moments[0].alternatives]
    assert labels[:3] == [LET_GO, MAHJONGG, "call it for a pung"] and moments[0].chosen == LET_GO
    judged = judge(CARD, moments[0], "NMJL")
    assert (judged.category, judged.coach, judged.verdict, judged.confidence) == ("calling", MAHJONGG, "costly", "sure")
    assert judged.best.chance == 1 and judged.regret_points > 0 and _no_python(judged.reason)
    assert "Mah Jongg" in judged.reason


def test_a_joker_exchange_left_is_judged_as_joker_use():
    position = {"racks": {0: "FF 222B 444B 666B 8B 3C N"}, "exposures": {2: ["NNN J"]}, "turn": 0,
                "phase": "discard"}
    game = Game.from_position(CARD, **position, seed=5)
    game.discard(0, "N")  # throws the North that would have taken the joker from West's kong
    moments = decision_moments(game, 0)
    assert [m.kind for m in moments] == ["exchange", "discard"]
    exchange = judge(CARD, moments[0], "NMJL")
    assert exchange.you == "keep your tiles" and exchange.category == "joker use"
    assert exchange.coach == "take the joker from West's NNN J for your N" and exchange.regret_points > 0
    assert _no_python(exchange.reason)


# -- what the learner sees ------------------------------------------------------------------------------

def test_the_review_shows_as_a_table_and_a_curve(tmp_path, bot_review):
    _, review = bot_review
    html = review._repr_html_()
    assert "data:image/png;base64," in html and "Points lost" in html and "#ffebee" in html or "#e8f5e9" in html
    assert "decisions reviewed" in review.words()
    points = review.curve_points()
    assert len(points) == len(review) and [p[0] for p in points] == [j.moment.step for j in
                                                                       sorted(review.judged, key=lambda j: j.moment.number)]
    png = review.png()
    assert png.startswith(b"\x89PNG") and png == review.png()
    assert review.save_png(tmp_path / "curve.png").read_bytes() == png
    assert len(review.mistakes()) == int((review.table["regret (points)"] > 1e-12).sum())
    with pytest.raises(ArgumentError, match="category must be one of"):
        review.mistakes("luck")


def test_the_game_table_shows_the_review_ranked_with_the_curve_and_the_summary():
    from mjlearn.analysis.solo import solo_wall
    from mjlearn.analysis.solo_score import SoloHand

    table = mj.GameTable("basic1", seat=0, seed=3, position={"racks": {0: "FF 222B 444B 66B 8C 9D N J"},
                                                              "turn": 0, "phase": "discard"}, pace="instant")
    assert table.show_review() is False and "nothing to review" in table.message
    assert table.discard("J", confirm=True) if "confirm" in table.discard.__code__.co_varnames else table.discard("J")
    table.solo_hands = [SoloHand.play("basic1", seed=0, deal=d, discards=solo_wall(0, d)[13:36], draws=24)
                        for d in range(2)]
    assert table.show_review()
    rows = table.review_rows
    assert rows[0]["you"] == "J" and rows[0]["category"] == "joker use" and rows[0]["verdict"] == "costly"
    assert [r["regret (points)"] for r in rows] == sorted((r["regret (points)"] for r in rows), reverse=True)
    assert all(len(r["rack"]) + sum(map(len, r["exposures"])) in (13, 14) for r in rows)
    assert table.review_curve.startswith("data:image/png;base64,")
    assert "decisions reviewed" in table.review_summary or "decision reviewed" in table.review_summary
    assert "Your last 2 hands (24 draws)" in table.review_summary
    assert "reviewed" in table.message


def test_recent_hands_sums_up_the_last_hands_against_the_bands():
    from mjlearn.analysis.solo import solo_wall
    from mjlearn.analysis.solo_score import SoloHand

    hands = [SoloHand.play("basic1", seed=0, deal=d, discards=solo_wall(0, d)[13:36], draws=24) for d in range(3)]
    short = SoloHand.play("basic1", seed=0, deal=9, discards=solo_wall(0, 9)[13:30], draws=18)
    text = recent_hands("basic1", [short, *hands], last=2)
    assert text.startswith("Your last 2 hands (24 draws):") and "the coach completes" in text and "the Bot" in text
    assert recent_hands("basic1", []) == ""
    with pytest.raises(ArgumentError):
        recent_hands("basic1", hands, last=0)


# -- bad input --------------------------------------------------------------------------------------------

def test_bad_arguments_say_what_is_wrong(tmp_path, bot_review):
    game, _ = bot_review
    with pytest.raises(ArgumentError, match="needs a Game, a saved game's path or a GameTable"):
        review_game(42, 0)
    with pytest.raises(ArgumentError, match="seat must be 0-3 or a seat's name"):
        review_game(game, "Up")
    with pytest.raises(ArgumentError, match="seat must be"):
        review_game(game, 4)
    with pytest.raises(SaveFileError):
        review_game(tmp_path / "missing.json", 0)
    moment = Moment(1, "turn 3", "discard", mj.Hand("FF 222B 444B 66B 8C 9D N J"), (), (0,) * 36, 20, "5D")
    with pytest.raises(ArgumentError, match="not among the choices"):
        judge(CARD, moment, "NMJL")
    with pytest.raises(ArgumentError, match="moment.kind"):
        judge(CARD, Moment(1, "turn 3", "vote", mj.Hand("FF"), (), (0,) * 36, 20, "yes"), "NMJL")


def test_an_empty_review_reads_well():
    review = GameReview([])
    assert len(review) == 0 and list(review.table.columns) == COLUMNS and "0 decisions reviewed" in review.words()
    assert "<table" in review._repr_html_()


def test_a_dead_hand_threatens_nobody():
    """The danger of a discard counts the live opponents only; a dead hand's exposures are tiles out of play."""
    position = {"racks": {0: "FF 66B 8B 3C 5C 7C 5D 6D 7D N J 9D"}, "exposures": {1: ["222B", "44B J"]},
                "turn": 0, "phase": "discard"}
    live = Game.from_position(CARD, **position, seed=3)
    dead = Game.from_position(CARD, **position, dead=(1,), seed=3)
    by_tile = []
    for game in (live, dead):
        game.discard(0, "8B")
        [moment] = decision_moments(game, 0)
        by_tile.append({c.label: c for c in judge(CARD, moment, "NMJL").choices})
    assert moment.dead_opponents == (0,) and moment.opponents[0] == ("222B", "44B J")
    assert by_tile[0]["8B"].danger > 0 and by_tile[1]["8B"].danger == 0


def test_a_mahjongg_not_declared_is_the_costliest_mistake():
    game = Game.from_position(CARD, racks={0: "FF 222B 444B 666B 888B"}, turn=0, phase="discard", seed=2)
    game.discard(0, "F")  # the rack made 2468 #1
    [moment] = decision_moments(game, 0)
    assert moment.can_win
    judged = judge(CARD, moment, "NMJL")
    assert (judged.coach, judged.category, judged.verdict) == ("declare Mah Jongg", "calling", "costly")
    assert judged.best.chance == 1 and judged.best.line.startswith("2468") and "declare Mah Jongg" in judged.reason


# -- defence: the coach gives a poor hand up late, or plays it on at a table that feeds ---------------------

def _late_game(rules, rack="FF NN EE WW SS 8B 9B 1B 3B"):
    """East to discard with 39 tiles in the wall, North showing 222B and 44B J (a hot hand: 8B could give it
    Mah Jongg), East's rack a poor hand this late: the coach gives it up (the table has thrown nothing hot)."""
    return Game.from_position(CARD, rules, racks={0: rack}, exposures={3: ["222B", "44B J"]},
                              discards=thrown_out("CD", 60), turn=0, phase="discard", seed=3)


@pytest.mark.parametrize("rules", ["NMJL", "MAHJ-X"])
def test_a_throw_where_the_coach_gives_the_hand_up_is_judged_as_defence(rules):
    from mjlearn.rules import CoachBot

    throws = CoachBot(CARD, rules).defence_state(_late_game(rules), 0).throws  # the coach's safest tiles (tied)
    game = _late_game(rules)
    game.discard(0, "8B")  # the tile the hand could spare, and North's hot tile
    judged = review_game(game, "East").judged[0]
    safe = next(c.label for c in judged.choices if c.label in throws)  # of those, the safest by the review's danger
    assert all(c.danger >= judged.choices[0].danger for c in judged.choices if c.label in throws)
    row = review_game(game, "East").table.iloc[0]
    assert (row.category, row.you, row.coach, row.verdict) == ("defence", "8B", safe, "costly")
    assert row["regret (points)"] > 0 and row["your points"] < row["coach's points"] <= 0  # what each may feed
    assert row.reason.startswith("The wall is down to 39 tiles and North shows two exposures. The others are"
                                 " throwing carefully, and the coach reckons your hand is worth little")
    assert "The coach would stop building it, throw safe tiles and call a discard only to win. So the coach would throw" in row.reason
    assert re.search(r"its safest tile \(danger about [\d.]+%\), rather than your 8 Bam \(danger about [\d.]+%\)\.$",
                     row.reason)
    game = _late_game(rules)
    game.discard(0, safe)  # as the coach would
    row = review_game(game, "East").table.iloc[0]
    assert (row.category, row.verdict) == ("defence", "as the coach")
    assert row.reason.startswith("You threw a safe tile, as the coach would. The wall is down to 39 tiles")


def _late_call(rules, answer):
    """South throws 6B with 39 tiles in the wall, North showing a hot hand; East, far from every line (FF 66B 88B
    NN EE WW 9B), may call it for a pung of 6B, which 2468 lines allow, and answers with ``answer``."""
    game = Game.from_position(CARD, rules, racks={0: "FF 66B 88B NN EE WW 9B",
                                                  1: "6B 7D 7D 7D 8D 8D 8D 9D 9D 9D 1B 1B 3B 3B"},
                              exposures={3: ["222B", "44B J"]}, discards=thrown_out("CD", 60),
                              turn=1, phase="discard", seed=3)
    game.discard(1, "6B")
    answer(game)
    return game


@pytest.mark.parametrize("rules", ["NMJL", "MAHJ-X"])
def test_a_call_where_the_coach_gives_the_hand_up_is_judged_as_defence(rules):
    from mjlearn.rules import CoachBot
    from mjlearn.tiles import Tile

    before = _late_call(rules, lambda game: None)
    assert CoachBot(CARD, rules, seed=1).call_decision(before, 0, before.racks[0].counts, (), Tile.from_notation("6B")) \
        is None  # the coach at the table lets it go too
    called = _late_call(rules, lambda game: game.call(0, 3, 0))
    [moment] = decision_moments(called, 0)
    assert moment.kind == "call" and moment.defence == "give up"
    plain = judge(CARD, replace(moment, defence="", defence_words=""), rules)  # without the coach's defence
    assert plain.category == "calling" and not plain.reason.startswith("The wall is down to")
    row = review_game(called, "East").table.iloc[0]
    assert (row.category, row.you, row.coach) == ("defence", "call it for a pung", "let it go")
    assert row.reason.startswith("The wall is down to 39 tiles and North shows two exposures.")
    assert row.reason.endswith("So the coach would let this discard go rather than call it for a pung: an exposure"
                               " would take tiles out of a rack that now keeps its safe ones, for a hand it no longer"
                               " expects to finish.")
    row = review_game(_late_call(rules, lambda game: game.pass_call(0)), "East").table.iloc[0]
    assert (row.category, row.you, row.coach, row.verdict) == ("defence", "let it go", "let it go", "as the coach")
    assert row.reason.startswith("You let it go, as the coach would. The wall is down to 39 tiles")


def test_a_hand_given_up_lets_a_call_go_whatever_its_points_but_still_calls_mahjongg():
    position = {"racks": {0: "FF 222B 444B 66B 8B 3C N"}, "discards": [(1, "6B")], "turn": 1, "phase": "calls"}
    game = Game.from_position(CARD, **position, seed=5)
    game.call(0, 3, 0)  # a pung of 6B brings 2468 #1 nearer
    [moment] = decision_moments(game, 0)
    assert judge(CARD, moment, "NMJL").coach == "call it for a pung"  # (early in the wall: no defence)
    given_up = judge(CARD, replace(moment, defence="give up", defence_words="(why)"), "NMJL")
    assert (given_up.coach, given_up.category) == (LET_GO, "defence") and given_up.mine.points > given_up.best.points
    won = Game.from_position(CARD, racks={0: "FF 222B 444B 666B 88B"}, discards=[(1, "8B")], turn=1, phase="calls",
                             seed=5)
    won.pass_call(0)
    [moment] = decision_moments(won, 0)
    assert judge(CARD, replace(moment, defence="give up", defence_words="(why)"), "NMJL").coach == MAHJONGG


def test_a_safe_throw_where_the_coach_plays_on_at_a_loose_table_is_judged_as_defence():
    rack = mj.Hand("FF NNN EEE WWW SS 8B")  # one S from Winds/Dragons #5; 8B could give North Mah Jongg
    words = ("The wall is down to 40 tiles and North shows two exposures. The coach reckons your hand is worth little"
             " (...), but the others keep throwing tiles North could use, so holding back would not stop North: the"
             " coach keeps building its hand.")

    def judged(chosen, defence):
        moment = Moment(1, "turn 30", "discard", rack, (), (0,) * 36, 10, chosen, opponents=((), (), ("222B", "44B J")),
                        wall_left=40, feed_cost=60.0, defence=defence, defence_words=words if defence else "")
        return judge(CARD, moment, "NMJL")

    row = judged("N", "play on")  # the learner holds back, breaking the pung of North
    assert (row.category, row.coach, row.verdict) == ("defence", "8B", "costly") and row.mine.danger < row.best.danger
    assert row.reason.startswith(words + " So the coach would throw 8 Bam, which keeps Winds/Dragons #5 at")
    assert "rather than your safer North, which left Winds/Dragons #5 at" in row.reason
    plain = judged("N", "")  # without the coach's defence state: the hand's loss, in the usual words
    assert plain.category == "discard efficiency" and plain.reason.startswith("The coach would throw 8 Bam rather")
    same = judged("8B", "play on")
    assert (same.category, same.verdict) == ("discard efficiency", "as the coach")


def test_the_review_reads_the_table_as_the_coach_panel_did():
    # four Bots play seed 18; before East's 11th discard (move 329) the wall is down to 39, West shows a hot hand,
    # East's hand is poor and the Bots have fed hot hands freely: the coach plays on
    from mjlearn.rules import run_game
    from mjlearn.widgets.table_coach import coach_panel

    game = run_game(CARD, "NMJL", seed=18, bots=_bots(18))
    before = Game.replay(CARD, "NMJL", 18, game.moves[:329])
    note = coach_panel(before, 0)["defence_note"]
    moment = decision_moments(Game.replay(CARD, "NMJL", 18, game.moves[:330]), 0)[-1]  # (read discard by discard)
    assert (moment.kind, moment.defence, moment.defence_words) == ("discard", "play on", note["say"])
    name, args = game.moves[329]
    now = moments_now(before, 0, name, args)[-1]  # (the game replayed for the reading)
    assert (now.defence, now.defence_words) == ("play on", note["say"])


def test_a_coach_s_own_seat_reviewed_gives_its_hand_up_as_it_did():
    # four coaches under MAHJ-X, seed 11: West gives its hand up late in the game; the review, reading the
    # table from West's seat discard by discard, finds each of those throws the coach's own choice
    from mjlearn.rules import CoachBot, run_game

    game = run_game(CARD, "MAHJ-X", seed=11, bots=[CoachBot(CARD, "MAHJ-X", seed=11 * 4 + i) for i in range(4)])
    review = review_game(game, "West")
    calls = [j for j in review.judged if j.moment.defence == "give up" and j.moment.kind == "call"]
    for judged in calls:  # a hand given up makes no exposure: West let each such discard go, as the coach says
        assert (judged.you, judged.coach, judged.category, judged.verdict) == (LET_GO, LET_GO, "defence", "as the coach")
    given_up = [j for j in review.judged if j.moment.defence == "give up" and j.moment.kind == "discard"]
    assert len(given_up) >= 3 and calls
    for judged in given_up:
        assert judged.you in judged.moment.defence_throws and judged.you == judged.coach  # (ties: any of them)
        assert (judged.category, judged.verdict) == ("defence", "as the coach")
        assert judged.reason.startswith("You threw a safe tile, as the coach would. The wall is down to")
    assert any(len(judged.moment.defence_throws) > 1 for judged in given_up)  # (tied tiles were met)


def test_at_a_hand_given_up_a_throw_little_more_dangerous_than_the_coach_s_is_fine():
    from mjlearn.analysis.review import Choice, Judged

    moment = Moment(1, "turn 60", "discard", mj.Hand("FF NN EE WW SS 8B 9B 1B 3B"), (), (0,) * 36, 9, "9B",
                    feed_cost=60.0, defence="give up")
    coach = Choice("1B", 0.08, -0.0, "Winds/Dragons #5", danger=0.0)

    def verdict(danger):
        mine = Choice("9B", 0.08, -danger * 60.0, "Winds/Dragons #5", danger=danger)
        return Judged(moment, (coach, mine), "9B", "1B", "defence", "sure", "").verdict

    assert verdict(0.003) == "fine"  # a danger 0.3 points (of 100) above the coach's: less than DANGER_MARGIN
    assert verdict(0.05) == "costly"  # 5 points above: a tile North could well win on
