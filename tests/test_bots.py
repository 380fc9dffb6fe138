"""Bots play whole games under NMJL and MAHJ-X: they finish, conserve the 152 tiles at every move,
replay the same from the same seed, never pass jokers, and take the wins their tiles offer."""

from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjlearn as mj
from mjlearn.analysis.advice import nearest_lines_pass
from mjlearn.analysis.position import Exposure
from mjlearn.hands import Hand
from mjlearn.rules import MAHJX, NMJL
from mjlearn.rules.bots import Bot, fast_suggest_pass, make_bots, play_move, run_game
from mjlearn.rules.game import ExposedGroup, Game
from mjlearn.rules.simulate import game_record, simulate, tiles_in_game
from mjlearn.tiles import COPIES, TILE_SET, Tile

RULESETS = [NMJL, MAHJX]
CARD = mj.load_card("basic1")
BIG = mj.load_card("practice_garden")


def check_every_move(game):
    """The 152 tiles are all somewhere, and every live seat holds 13 tiles (14 on its turn to discard)."""
    assert tiles_in_game(game) == list(COPIES)
    if game.phase in ("draw", "discard", "calls"):
        for seat in range(4):
            held = game.tiles_held(seat)
            if seat in game.dead:
                assert held in (13, 14)
            elif game.phase == "discard" and seat == game.turn:
                assert held == 14
            else:
                assert held == 13, (seat, game.phase, held)


def rig(game, seat, hand):
    """Give ``seat`` exactly ``hand`` by swapping tiles with the wall and the other racks (tiles conserved)."""
    target = Counter(Hand(hand).tiles())
    have = Counter(game.racks[seat].tiles())
    need = list((target - have).elements())
    spare = list((have - target).elements())
    assert len(need) == len(spare)
    for wanted, given_back in zip(need, spare):
        if wanted in game.wall:
            game.wall[game.wall.index(wanted)] = given_back
        else:
            other = next(s for s in range(4) if s != seat and game.racks[s].count(wanted))
            game.racks[other] = game.racks[other] - [wanted] + [given_back]
        game.racks[seat] = game.racks[seat] - [given_back] + [wanted]
    assert game.racks[seat] == Hand(hand)
    assert tiles_in_game(game) == list(COPIES)


# -- whole games -------------------------------------------------------------------

@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
@pytest.mark.parametrize("card", [CARD, BIG], ids=["basic1", "practice_garden"])
def test_bots_finish_games(rules, card):
    hows = Counter()
    for seed in range(6):
        game = run_game(card, rules, seed=seed)
        assert game.phase == "over" and game.result is not None
        hows[game.result.how] += 1
        if game.result.winner is not None:
            assert game.result.payout is not None and game.result.wins
            if rules.tournament is None:  # home payouts settle between players; a tournament table does not
                assert sum(game.result.payout.payments) == 0
            else:
                assert game.result.payout.payments[game.result.winner] == game.result.payout.score > 0
    assert sum(hows.values()) == 6
    assert set(hows) <= {"discard", "self-drawn", "joker-exchange", "wall"}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULESETS))
def test_every_move_conserves_the_152_tiles(seed, rules):
    moves = []
    game = run_game(CARD, rules, seed=seed, on_move=lambda g: (check_every_move(g), moves.append(1)))
    assert game.phase == "over"
    assert len(moves) == len(game.moves) + 1  # after the deal, then after every move


def test_tiles_in_game_counts_the_full_set():
    assert sum(COPIES) == 152
    game = Game(CARD, seed=5)
    assert tiles_in_game(game) == list(COPIES) == [Counter(TILE_SET)[Tile(k)] for k in range(36)]
    game.wall.pop()  # a lost tile shows
    assert tiles_in_game(game) != list(COPIES)


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_same_seed_same_game(rules):
    first = run_game(CARD, rules, seed=11)
    second = run_game(CARD, rules, seed=11)
    assert first.moves == second.moves
    assert first.log_table().equals(second.log_table())
    replayed = Game.replay(CARD, rules, 11, first.moves)
    assert replayed.log_table().equals(first.log_table())
    assert replayed.result.winner == first.result.winner and replayed.result.how == first.result.how
    other = run_game(CARD, rules, seed=12)
    assert other.moves != first.moves


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_no_joker_is_passed_and_no_pass_is_blind(rules):
    for seed in range(8):
        game = run_game(CARD, rules, seed=seed)
        passes = [args for name, args in game.moves if name == "pass_tiles"]
        assert passes
        for args in passes:
            assert Tile.JOKER not in list(args.get("tiles", ()))
            assert args.get("blind", 0) == 0
        charleston = [e for e in game.log if e.action == "passes"]
        assert all(Tile.JOKER not in e.tiles for e in charleston)
        # nothing is discarded before the Charleston is over
        names = [name for name, _ in game.moves]
        if "discard" in names:
            assert names.index("discard") > max(i for i, n in enumerate(names) if n in ("pass_tiles", "vote"))


def test_charleston_choices_never_hold_jokers():
    bot = Bot(CARD, NMJL)
    rack = Hand("JJJJ JJ F 2B 4B 6B 8B N E").counts  # 13 tiles, 6 jokers
    for tiles in (bot.choose_pass(rack), bot.choose_offer(rack)):
        assert Tile.JOKER not in tiles
    assert len(bot.choose_pass(rack)) == 3 and len(bot.choose_offer(rack)) <= 3


def test_offers_shrink_as_the_target_unsettles():
    bot = Bot(CARD, NMJL)
    # far ahead on 2468 #1 (2 away; the next line 6): it offers what that line leaves unused
    settled = Hand("FF 222B 444B 666B 8B N E").counts
    assert sorted(t.notation for t in bot.choose_offer(settled)) == ["E", "N"]
    # three lines within one tile of each other, with no tile all of them leave unused: no offer
    torn = Hand("FF 1B 2B 3B 4B 5B 6B 11C 22D N").counts
    assert bot.choose_offer(torn) == []
    assert len(bot.choose_pass(torn)) == 3  # a pass of 3 is still a pass of 3


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_a_bot_declares_a_winning_hand(rules):
    game = Game(CARD, rules, seed=2)
    game.skip_charleston()
    if game.phase == "draw":
        game.draw(0)
    rig(game, 0, "FF 222B 444B 666B 88B J" if rules is MAHJX else "FF 222B 444B 666B 888B")
    Bot(CARD, rules).act(game, 0)
    assert game.phase == "over"
    assert game.result.winner == 0 and game.result.how == "self-drawn"
    assert (game.result.payout.line.category, game.result.payout.line.number) == ("2468", 1)


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_a_bot_calls_mahjongg_on_the_tile_it_needs(rules):
    game = Game(CARD, rules, seed=3)
    game.skip_charleston()
    if game.phase == "draw":
        game.draw(0)
    rig(game, 1, "FF 11B 22B 33B 44B 55B 6B")  # Singles & Pairs #1 (concealed): 6B away
    east = Counter(game.racks[0].tiles())
    if not east[Tile.B6]:
        swap = next(t for t in game.racks[0].tiles() if t != Tile.JOKER)
        game.wall[game.wall.index(Tile.B6)] = swap
        game.racks[0] = game.racks[0] - [swap] + [Tile.B6]
    assert tiles_in_game(game) == list(COPIES)
    game.discard(0, Tile.B6)
    bots = make_bots(CARD, rules, seed=3)
    while game.phase == "calls":
        play_move(game, bots)
    assert game.result is not None and game.result.winner == 1
    assert game.result.how == "discard" and game.result.discarder == 0


def test_a_bot_calls_an_exposure_only_when_it_brings_it_nearer():
    bot = Bot(CARD, NMJL)
    rack = Hand("FF 22B 444B 666B 88B N").counts  # 2468 #1, 2 away
    seen = [0] * 36
    seen[Tile.B2] = 1  # the discard itself is on the table
    assert bot.choose_call(rack, (), seen, Tile.B2) == ("call", 3, 0)
    assert bot.choose_call(rack, (), seen, Tile.NORTH) is None  # N would not help
    one_two = Hand("FF 2B J 444B 666B 88B N").counts  # one natural 2B and a joker
    assert bot.choose_call(one_two, (), seen, Tile.B2) == ("call", 3, 1)
    # the target is concealed (Singles & Pairs): no exposure, even of a tile it needs
    concealed = Hand("FF 11B 22B 33B 44B 5B N J").counts
    seen5 = [0] * 36
    seen5[Tile.B5] = 1
    assert bot.choose_call(concealed, (), seen5, Tile.B5) is None
    # a completing discard is called for Mah Jongg, concealed line or not
    assert bot.choose_call(Hand("FF 11B 22B 33B 44B 55B 6B").counts, (), seen5, Tile.B6) == ("mahjongg",)
    assert bot.choose_call(rack, (), seen, Tile.JOKER) is None


def test_joker_exchange_when_it_does_not_hurt():
    bot = Bot(CARD, NMJL)
    table = [[ExposedGroup(Tile.B5, 3, 1)], [], [], []]
    visible = [0] * 36
    visible[Tile.B5] = 2
    visible[Tile.JOKER] = 1
    # 5B is of no use to 2468 #1: swap it for the joker
    assert bot.choose_exchange(Hand("FF 222B 444B 666B 88B 5B").counts, (), visible, table) == (0, 0)
    # nothing to give
    assert bot.choose_exchange(Hand("FF 222B 444B 666B 88B N").counts, (), visible, table) is None
    # a natural that sits in a pair stays: a joker cannot stand in a pair
    pairs = Hand("FF 11B 22B 33B 44B 55B 6B").counts
    table5 = [[ExposedGroup(Tile.B1, 3, 1)], [], [], []]
    seen = [0] * 36
    seen[Tile.B1] = 2
    seen[Tile.JOKER] = 1
    assert bot.choose_exchange(pairs, (), seen, table5) is None


def test_discards_keep_the_target_and_jokers():
    bot = Bot(CARD, NMJL)
    assert bot.choose_discard(Hand("FF 222B 444B 666B 8B N J").counts) == Tile.NORTH
    # only a joker is out of place in a singles-and-pairs hand: it goes
    assert bot.choose_discard(Hand("FF 11B 22B 33B 44B 55B 66B").counts) in (Tile.FLOWER, Tile.B1, Tile.B2, Tile.B3,
                                                                            Tile.B4, Tile.B5, Tile.B6)
    assert bot.choose_discard(Hand("FF 11B 22B 33B 44B 55B 6B J").counts) == Tile.JOKER


# -- the bots' analysis agrees with the engine's ---------------------------------------

racks = st.lists(st.sampled_from(list(TILE_SET)), min_size=13, max_size=14).filter(
    lambda tiles: all(Counter(tiles)[t] <= t.copies for t in set(tiles)) and sum(t != Tile.JOKER for t in tiles) >= 3
)


@settings(max_examples=60, deadline=None)
@given(tiles=racks, rules=st.sampled_from(RULESETS), card=st.sampled_from([CARD, BIG]))
def test_fast_suggest_pass_is_the_nearest_lines_pass(tiles, rules, card):
    hand = Hand(tiles)
    assert fast_suggest_pass(card, hand, 3, 3, rules) == nearest_lines_pass(card, hand, 3, 3, rules)


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_bot_distances_match_closest_in_play(rules):
    bot = Bot(BIG, rules)
    checked = []

    def compare(game):
        if game.phase != "discard" or len(game.moves) % 3:
            return
        seat = game.turn
        exposures = [Exposure(g.tile, g.size, g.jokers) for g in game.exposures[seat]]
        visible = game.visible(seat)
        table = BIG.closest(game.racks[seat], n=1, exposures=exposures, visible=visible, dead="drop", ruleset=rules)
        if not len(table):
            table = BIG.closest(game.racks[seat], n=1, exposures=exposures, ruleset=rules)
        expected = int(table.distance.iloc[0]) if len(table) else 99
        assert bot.best_distance(game.racks[seat].counts, exposures, visible) == expected
        checked.append(expected)

    for seed in range(3):
        run_game(BIG, rules, seed=seed, on_move=compare)
    assert len(checked) > 20


# -- simulations ---------------------------------------------------------------------------

@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_simulate_reports(rules):
    report = simulate(CARD, games=12, ruleset=rules, seed=4, progress=False)
    assert report.games == 12 and len(report.records) == 12
    assert sum(report.wins_by_seat) == report.wins
    assert 0 <= report.wall_rate <= 1
    assert abs(report.wall_rate - (report.records.how == "wall").mean()) < 1e-12
    table = report.table()
    assert list(table.columns[:4]) == ["category", "line", "wins", "share"]
    assert len(table) == len(CARD.lines) and table.wins.sum() == report.wins
    if report.wins:
        assert abs(table.share.sum() - 1) < 1e-9
        low, high = report.east_interval
        assert low <= report.east_advantage <= high
    assert 0 <= report.self_drawn_share <= 1 and 0 <= report.jokerless_share <= 1
    assert report.mean_turns > 0
    text = report.summary()
    assert "wall games" in text and "East's advantage" in text and rules.name in text
    assert "time:" in text and "time:" not in report.summary(timing=False)  # notebooks leave the time out
    assert again_text_lines(report) == report.summary(timing=False).splitlines()
    # any game of the report replays from its seed
    first = report.records.iloc[0]
    assert game_record(run_game(CARD, rules, seed=int(first.seed))) == tuple(first)
    again = simulate(CARD, games=12, ruleset=rules, seed=4, progress=False)
    assert again.records.equals(report.records)


def again_text_lines(report):
    return [line for line in report.summary().splitlines() if not line.startswith("time:")]


def test_simulate_in_two_processes_is_the_same():
    one = simulate(CARD, games=6, seed=9, progress=False)
    two = simulate(CARD, games=6, seed=9, progress=False, workers=2)
    assert one.records.equals(two.records)


def test_simulate_nothing():
    report = simulate(CARD, games=0, progress=False)
    assert report.games == 0 and report.wins == 0 and report.wall_rate == 0
    assert np.isnan(report.games_per_second) or report.games_per_second >= 0



def test_mahjx_bots_play_on_when_an_exposure_is_wild():
    # A wild exposure (jokers only, MAHJ-X rule 4.5) used to raise IndexError in bots.View.
    game = Game(CARD, MAHJX, seed=5)
    game.skip_charleston()
    rack = game.racks[1]
    naturals = [t for t in rack.tiles() if t != Tile.JOKER][:2]
    game.racks[1] = rack - naturals - [Tile.JOKER]  # a rigged table: only the bot's view of it matters
    game.exposures[1] = [Exposure(Tile.JOKER, 3, 3)]
    bot = make_bots(CARD, MAHJX, seed=5)[1]
    counts, exposures, visible = game.racks[1].counts, game.exposures[1], game.visible(1)
    assert bot.best_distance(counts, exposures, visible) < 99
    assert game.racks[1].count(bot.choose_discard(counts, exposures, visible))
