"""The coach bot: whole games under both rulesets with no illegal or stuck move, the same game from
the same seed, decisions from what its seat can see only, and its defence against hot tiles."""

import copy as copying
import random
from collections import Counter

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.lessons.play import thrown_out
from mjlearn.errors import ArgumentError
from mjlearn.hands import Hand
from mjlearn.rules import MAHJX, NMJL, Bot, CoachBot, Game, run_game, seat_danger
from mjlearn.rules.coach_bot import _FirstRack, tail_table
from mjlearn.tiles import Tile

from test_bots import check_every_move

RULESETS = [NMJL, MAHJX]
CARD = mj.load_card("basic1")


def table(rules, seed, coach_seats):
    return [CoachBot(CARD, rules, seed=seed * 4 + s) if s in coach_seats else Bot(CARD, rules, seed=seed * 4 + s)
            for s in range(4)]


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
@pytest.mark.parametrize("coach_seats", [(0,), (2,), (0, 1, 2, 3)], ids=["coach-east", "coach-west", "four-coaches"])
def test_coach_games_run_to_the_end_with_every_move_legal(rules, coach_seats):
    for seed in (1, 2):
        game = run_game(CARD, rules, seed=seed, bots=table(rules, seed, coach_seats), on_move=check_every_move)
        assert game.phase == "over"
        for event in game.log:  # never a false Mah Jongg, never exposures no line of the card can use
            if event.action == "hand is dead" and event.seat in coach_seats:
                assert event.detail.endswith("needs tiles that are out of play"), event
        replayed = Game.replay(CARD, rules, seed, game.moves)  # every move the game recorded is legal again
        assert replayed.result == game.result


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_the_same_seed_plays_the_same_game(rules):
    first = run_game(CARD, rules, seed=4, bots=table(rules, 4, (0, 1, 2, 3)))
    again = run_game(CARD, rules, seed=4, bots=table(rules, 4, (0, 1, 2, 3)))
    assert first.moves == again.moves and first.result == again.result


def hide_and_shuffle(game, seat, seed):
    """The same table as ``seat`` sees it, with the other racks and the wall dealt afresh from their tiles."""
    hidden = [t for s in range(4) if s != seat for t in game.racks[s].tiles()] + list(game.wall)
    random.Random(seed).shuffle(hidden)
    for s in range(4):
        if s != seat:
            size = len(game.racks[s])
            game.racks[s], hidden = Hand(hidden[:size]), hidden[size:]
    game.wall = hidden
    return game


@pytest.mark.parametrize("moves, decided", [pytest.param(400, 60, marks=pytest.mark.slow, id="whole game"),
                                            pytest.param(70, 8, id="first moves")])
@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_the_coach_decides_from_what_its_seat_sees(rules, moves, decided):
    decisions = 0
    for seed in (3,):
        game = Game(CARD, rules, seed=seed)
        bots = table(rules, seed, (0, 1, 2, 3))
        for _ in range(moves):
            if game.phase == "over":
                break
            seat = game.waiting_for()[0]
            if game.phase in ("discard", "calls"):
                moves = []
                for shuffle in (None, 11, 12):
                    copy = copying.deepcopy(game, {id(CARD): CARD})
                    if shuffle is not None:
                        hide_and_shuffle(copy, seat, shuffle)
                    coach = CoachBot(CARD, rules, seed=seed * 4 + seat)
                    if copy.phase == "discard":
                        coach.act(copy, seat)
                        moves.append(copy.moves[-1])
                    else:  # answering a discard: acting could resolve the others' (reshuffled) claims
                        counts, exposures = copy.racks[seat].counts, tuple(copy.exposures[seat])
                        moves.append(coach.choose_call(counts, exposures, copy.visible(seat), copy.last_discard[1],
                                                       coach._draws(copy)))
                assert moves[0] == moves[1] == moves[2], (seed, seat, moves)
                decisions += 1
            bots[seat].act(game, seat)
    assert decisions > decided


def test_jokers_are_never_passed_and_count_towards_groups():
    bot = CoachBot(CARD)
    rack = Hand("JJJJ 1B 2B 3C 4C 5D 6D 7D N")  # 12 tiles: four jokers want groups of 3 or more
    passed = bot.choose_pass(rack.counts, 3)
    assert Tile.JOKER not in passed and len(passed) == 3
    assert not Counter(passed) - Counter(rack.tiles())  # tiles the rack holds
    assert Tile.JOKER not in bot.choose_pass(Hand("JJJJJJJJ 1B 2C 3D N E").counts, 3)


def test_the_coach_calls_a_discard_that_completes_its_win():
    bot = CoachBot(CARD)
    rack = Hand("FF 222B 444B 666B 88B")  # 13 tiles: the third 8B wins 2468 #1
    assert bot.choose_call(rack.counts, (), [0] * 36, Tile.from_notation("8B")) == ("mahjongg",)
    assert bot.choose_call(rack.counts, (), [0] * 36, Tile.JOKER) is None


def test_of_two_useless_tiles_the_coach_throws_the_safe_one():
    bot = CoachBot(CARD)
    rack = Hand("FF 222B 444B 666B 8B 3C 7D")  # 14 tiles; 3C and 7D: neither helps 2468 #1
    kinds, scores = bot.discard_scores(rack.counts)
    useless = {Tile(k).notation: s for k, s in zip(kinds, scores) if Tile(k).notation in ("3C", "7D")}
    assert useless["3C"] == pytest.approx(useless["7D"])
    for hot, safe in (("3C", "7D"), ("7D", "3C")):
        cost = np.zeros(36)
        cost[int(Tile.from_notation(hot))] = 5.0
        assert bot.choose_discard(rack.counts, dangers=cost).notation == safe


def test_late_in_the_wall_the_coach_does_not_feed_a_hand_with_two_exposures():
    # North shows 222B and 44B J: FF 666B 888B would win it. East holds 8B and 5C, neither of use to East.
    game = Game.from_position(CARD, NMJL, racks={0: "NNN EEE WWW S 8B 5C 1D 9D"}, exposures={3: ["222B", "44B J"]},
                              turn=0, phase="discard", seed=3, wall=[])
    game.wall = game.wall[:12]  # late in the game (the tiles cut off are out of everyone's sight anyway)
    danger = seat_danger(game, 0).set_index("tile")
    assert danger.loc["8B", "hot"] and not danger.loc["5C", "hot"]
    assert danger.loc["8B", "danger"] > danger.loc["5C", "danger"]
    coach, careless = CoachBot(CARD, NMJL, seed=1), CoachBot(CARD, NMJL, seed=1, defence=False)
    counts = game.racks[0].counts
    cost = coach.feeding_cost(game, 0, counts)
    assert cost[int(Tile.from_notation("8B"))] > cost[int(Tile.from_notation("5C"))] >= 0
    assert careless.feeding_cost(game, 0, counts) is None


def test_seat_danger_names_the_tournament_penalty():
    game = Game.from_position(CARD, MAHJX, racks={0: "NNN EEE WWW S 8B 5C 1D 9D"},
                              exposures={3: ["222B", "44B J"]}, turn=0, phase="discard", seed=3)
    danger = seat_danger(game, 0).set_index("tile")
    assert danger.loc["8B", "penalty"] == -20 and danger.loc["5C", "penalty"] == 0
    assert danger.loc["8B", "threatens"].startswith("North (hot)")
    with pytest.raises(mj.errors.ArgumentError, match="game must be a Game"):
        seat_danger("a game", 0)
    with pytest.raises(mj.errors.ArgumentError):
        seat_danger(game, 4)


def test_the_hypergeometric_table_matches_hand_counts():
    # 10 unseen tiles, 2 good, 3 drawn: P(none) = C(8,3)/C(10,3) = 56/120, P(both) = 8/120
    table = tail_table(10, 3)
    assert table[2, 1] == pytest.approx(1 - 56 / 120) and table[2, 2] == pytest.approx(8 / 120)
    assert table[2, 3] == pytest.approx(0, abs=1e-12) and (table[:, 0] == 1).all()
    assert tail_table(5, 9)[5, 5] == pytest.approx(1.0)  # more draws than tiles: all are drawn


@pytest.mark.parametrize("rack, exact_equal", [
    ("FF 2222B 4B 666B 888B", True),     # one natural missing in a pair
    ("FF 2222B 44B 66B 888B", True),     # one missing in a pung: the unseen 6B and jokers are its outs
    ("FF 222B 44B 666B J 88B", True),    # a kong missing one, a joker on the rack already placed
    ("FF 222B 44B 66B 88B", False),      # two groups missing one each
    ("FF 2222B 4B 66B 888B", False),     # a pair and a group missing one each
])
def test_the_coach_s_chances_follow_the_exact_model(rack, exact_equal):
    from mjlearn.analysis.chances import line_chances

    card = mj.parse_card('C\n"2468"\nFF 2222 44 666 888 X25\n')
    counts = np.asarray(Hand(rack).counts)
    unseen = np.asarray(mj.tiles.COPIES) - counts
    exact = float(line_chances(card.compiled(), counts, (), unseen, 10).p_win[0])
    cheap = float(CoachBot(card, weights=(1.0,)).worth([counts], (), None, 10)[0]) / 25
    if exact_equal:
        assert cheap == pytest.approx(exact, rel=1e-9)
    else:  # outs of different groups pooled: a little optimistic, never far off
        assert exact <= cheap <= exact * 1.1


def test_the_exact_option_uses_the_exact_chances():
    from mjlearn.analysis.chances import line_chances

    card = mj.parse_card('C\n"2468"\nFF 2222 44 666 888 X25\n')
    counts = np.asarray(Hand("FF 222B 44B 66B 88B").counts)
    unseen = np.asarray(mj.tiles.COPIES) - counts
    exact = float(line_chances(card.compiled(), counts, (), unseen, 10).p_win[0])
    assert float(CoachBot(card, weights=(1.0,), exact=True).worth([counts], (), None, 10)[0]) / 25 == pytest.approx(exact)


def test_a_discard_keeps_the_nearest_hand_nearest_first():
    bot = CoachBot(CARD)
    rack = Hand("FF 222B 444B 666B 8B 3C 7D")  # one from 2468 #1 once 3C or 7D goes
    kinds, scores = bot.discard_scores(rack.counts)
    best = {Tile(k).notation for k, s in zip(kinds, scores) if s >= scores.max() - 1e-9}
    assert best <= {"3C", "7D"}
    assert bot.choose_discard(rack.counts).notation in ("3C", "7D")


def test_under_tournament_scoring_a_hot_tile_costs_its_penalty_too():
    from dataclasses import replace

    home = replace(MAHJX, tournament=None)
    costs = []
    for rules in (MAHJX, home):
        game = Game.from_position(CARD, rules, racks={0: "NNN EEE WWW S 8B 5C 1D 9D"},
                                  exposures={3: ["222B", "44B J"]}, turn=0, phase="discard", seed=3)
        costs.append(CoachBot(CARD, rules).feeding_cost(game, 0, game.racks[0].counts))
    eight, five = int(Tile.from_notation("8B")), int(Tile.from_notation("5C"))
    assert costs[0][eight] > costs[1][eight] > 0  # the 20-point penalty on top of the payout
    assert costs[0][five] == costs[1][five]  # not hot: no penalty


def test_call_margin_defaults_by_ruleset_and_can_be_set():
    from mjlearn.rules.coach_bot import CALL_MARGINS

    card = mj.load_card("basic1")
    assert CoachBot(card, "NMJL").call_margin == CALL_MARGINS["NMJL"] == 0.1
    assert CoachBot(card, "MAHJ-X").call_margin == CALL_MARGINS["MAHJ-X"] == 0.1
    assert CoachBot(card, "MAHJ-X", call_margin=0.15).call_margin == 0.15


def _chances_over_every_kind(bot, racks, lines, near, unseen_counts, unseen, draws):
    """The coach's quick chances summed over all 35 kinds for every rack (as before they were worked
    out from the first rack's): the reference for the numbers, bit for bit."""
    from mjlearn.rules.coach_bot import _MAX_NEED, _ROW_START

    table, log_table = bot._tail_table(unseen, draws)
    small, big = lines.small[near][None], lines.big[near][None]
    naturals = racks[:, None, :35]
    need_small = np.maximum(small - naturals, 0)
    need_big = np.maximum(big - np.maximum(naturals - small, 0), 0)
    in_groups = need_big.sum(axis=-1)
    jokers = racks[:, 35][:, None]
    needed = need_small.sum(axis=-1) + in_groups - np.minimum(jokers, in_groups)
    rows = log_table[unseen_counts[:35]].ravel()
    small_chance = np.exp(rows.take(need_small + _ROW_START).sum(axis=-1))
    outs = ((need_big > 0) * unseen_counts[:35]).sum(axis=-1) + unseen_counts[35]
    short = np.minimum(np.maximum(in_groups - jokers, 0), _MAX_NEED - 1)
    return needed, small_chance * table[np.minimum(outs, unseen), short]


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_the_chances_of_racks_near_the_first_are_those_summed_over_every_kind(rules):
    bot = CoachBot(CARD, rules)
    view = bot.engine.view(())
    lines = bot._lines_of(view)
    draw = random.Random(7)
    tiles = [k for k in range(36) for _ in range(mj.tiles.COPIES[k])]
    for _ in range(40):
        counts = [0] * 36
        for k in draw.sample(tiles, 14):
            counts[k] += 1
        rack = np.asarray(counts, dtype=np.int16)
        kinds = [k for k in range(36) if counts[k]]
        racks = [rack] + [rack - np.eye(36, dtype=np.int16)[k] for k in kinds]  # one tile gone
        racks += [rack - np.eye(36, dtype=np.int16)[a] - np.eye(36, dtype=np.int16)[b]  # two gone
                  for a, b in zip(kinds, kinds[1:] + kinds[:1]) if a != b]
        racks = np.asarray(racks)
        distance = bot._position(tuple(counts), ()).distance
        within = distance <= max(8, int(distance.min()))  # (the hands within 8 tiles, or the nearest ones)
        near = np.flatnonzero(within)
        available = np.asarray(mj.tiles.COPIES, dtype=np.int16)
        unseen_counts = np.maximum(available - rack, 0)
        unseen = int(unseen_counts.sum())
        draws = draw.randint(1, 30)
        behind = np.where(within, 0, 99).astype(np.int16)  # (read as the near ones)
        first = _FirstRack(bot, bot._position(tuple(counts), ()), available, rack, draws, behind)
        assert np.array_equal(first.near, near)
        needed, chance, _ = bot._quick_chances(racks, first)
        expected_needed, expected_chance = _chances_over_every_kind(bot, racks, lines, near, unseen_counts, unseen, draws)
        assert np.array_equal(needed, expected_needed)
        assert np.array_equal(chance, expected_chance)  # the same floats, not merely close


def test_the_worth_kept_from_the_last_rack_is_not_reused_when_an_exposure_s_jokers_differ():
    from mjlearn.analysis.position import Exposure
    from mjlearn.tiles import as_tile

    bot = CoachBot(CARD)
    rack = Hand("FF 222B 444B 66B").counts
    seen = [0] * 36
    worth = {jokers: float(bot.worth([rack], [Exposure(as_tile("8B"), 3, jokers)], seen, 12)[0]) for jokers in (1, 2)}
    fresh = {jokers: float(CoachBot(CARD).worth([rack], [Exposure(as_tile("8B"), 3, jokers)], seen, 12)[0])
             for jokers in (1, 2)}
    assert worth == fresh and worth[1] != worth[2]  # (a joker in the exposure is one fewer still to come)


def _late_position(rules, wall_left):
    """East holds FF NNN EEE WWW SS 8B: one S from Winds/Dragons #5, and 8B of no use to it. North shows
    222B and 44B J, so 8B could give North Mah Jongg (FF 666B 888B): a hot tile."""
    game = Game.from_position(CARD, rules, racks={0: "FF NNN EEE WWW SS 8B"}, exposures={3: ["222B", "44B J"]},
                              turn=0, phase="discard", seed=3)
    game.wall = game.wall[:wall_left]  # the tiles cut off are out of everyone's sight anyway
    return game


def _discard(game, rules, **options):
    from mjlearn.rules.bots import _exposures

    bot = CoachBot(CARD, rules, seed=1, **options)
    return bot.discard_decision(game, 0, game.racks[0].counts, _exposures(game, 0), game.visible(0)).notation


def test_late_in_the_wall_the_mahjx_coach_gives_up_a_poor_hand_rather_than_throw_a_hot_tile():
    from mjlearn.rules.coach_bot import GIVE_UP_WALL

    late = _late_position(MAHJX, 12)
    assert late.wall_left <= GIVE_UP_WALL and seat_danger(late, 0).set_index("tile").loc["8B", "hot"]
    assert _discard(late, MAHJX) != "8B"  # the hand is worth less than a wall game's 10 points: given up
    assert _discard(_late_position(NMJL, 12), NMJL, home_give_up=None) == "8B"  # home rules without the give-up
    assert _discard(late, MAHJX, defence=False) == "8B"  # without defence nothing is given up
    # earlier in the wall the same rack is worth more than a wall game, and is played for
    assert _discard(_late_position(MAHJX, 40), MAHJX) == "8B"


def test_under_home_rules_a_poor_hand_is_given_up_late_when_a_hot_hand_shows():
    from mjlearn.rules.coach_bot import HOME_GIVE_UP

    late = _late_position(NMJL, 12)
    bot = CoachBot(CARD, NMJL, seed=1)
    rack = late.racks[0].counts
    worth = float(bot.worth([rack], (), late.visible(0), bot._draws(late, 0))[0])  # as its discard weighs it
    assert 0 < worth < HOME_GIVE_UP * bot.mean_value  # a poor hand: 8B would feed North's hot hand for little
    assert _discard(late, NMJL) != "8B"  # given up: a safe tile instead
    assert _discard(late, NMJL, home_give_up=None) == "8B"  # not given up: the nearest hand first
    assert _discard(late, NMJL, defence=False) == "8B"  # without defence nothing is given up
    assert _discard(_late_position(NMJL, 40), NMJL) == "8B"  # earlier in the wall the hand is played for
    # a share so small that no hand falls below it gives nothing up
    assert _discard(late, NMJL, home_give_up=worth / bot.mean_value / 2) == "8B"
    for wrong in (-0.1, "0.2", True):
        with pytest.raises(ArgumentError, match="home_give_up"):
            CoachBot(CARD, NMJL, home_give_up=wrong)


def test_under_tournament_scoring_a_fed_win_costs_the_penalty_in_full_the_wall_game_and_the_hand():
    game = _late_position(MAHJX, 12)
    bot = CoachBot(CARD, MAHJX)
    counts = game.racks[0].counts
    cost, ending = bot.tournament_risk(game, 0, counts)
    eight, north = int(Tile.from_notation("8B")), int(Tile.from_notation("N"))
    assert ending[eight] > 0 and cost[eight] == pytest.approx(ending[eight] * (20 + 10))  # hot: 20 points, + the wall's 10
    assert cost[north] == pytest.approx(ending[north] * 10) and ending[north] < ending[eight]
    assert CoachBot(CARD, MAHJX, defence=False).tournament_risk(game, 0, counts) is None
    assert CoachBot(CARD, NMJL).tournament_risk(_late_position(NMJL, 12), 0, counts) is None  # home rules: feeding_cost
    # the rack left counts only if the game goes on: a discard costs its chance of ending the game times that worth
    kinds, plain = bot.discard_scores(counts, dangers=cost)
    _, scored = bot.discard_scores(counts, dangers=cost, ending=ending)
    worth = bot.worth(np.concatenate([np.asarray(counts)[None], [np.asarray(counts) - np.eye(36, dtype=int)[k] for k in kinds]]))[1:]
    assert scored == pytest.approx(plain - ending[kinds] * worth)


def test_a_poor_hand_is_given_up_only_when_a_hot_hand_shows():
    # North shows one exposure only: no tile is hot, and the coach keeps building its hand
    game = Game.from_position(CARD, MAHJX, racks={0: "FF NNN EEE WWW SS 8B"}, exposures={3: ["222B"]},
                              turn=0, phase="discard", seed=3)
    game.wall = game.wall[:12]
    assert _discard(game, MAHJX) == "8B"


# -- calls judged by the best line's chance; the tournament rows in the worth -----------------------

WINDS_CARD = 'T\n"Winds"\nNNNN EEEE WWWW SS X25\n"Dear"\nNNNN EEEE SSS 111 X500\n'


@pytest.mark.parametrize("rack", ["NNNN EEE WWW S J 5B", "NNNN EEEE WW S J 5B"])
def test_a_call_that_lowers_the_best_line_s_chance_is_refused(rack):
    # exposing S S J ties the rack to the dear line (500 points) and gives up the cheap one (25), which it
    # was likelier to complete: the worth more than clears the margin, the best line's chance falls
    card = mj.parse_card(WINDS_CARD)
    bot = CoachBot(card)
    seen = [0] * 36
    seen[int(Tile.from_notation("S"))] = 1  # the discard, in sight
    counts = Hand(rack).counts
    [option] = bot.call_chances(counts, (), seen, "S", 20)
    assert option["worth_after"] > option["worth_now"] * (1 + bot.call_margin)
    assert option["chance_after"] < option["chance_now"]
    assert not option["calls"]
    assert bot.choose_call(counts, (), seen, Tile.from_notation("S"), 20) is None


def test_a_call_that_raises_the_worth_and_the_chance_is_made():
    bot = CoachBot(CARD)
    counts = Hand("22B 44B 66B 88B FF 3C 7D 9D").counts  # 2468 #1: a pung of 4B brings it nearer
    [option] = bot.call_chances(counts, (), None, "4B", 20)
    assert option["chance_after"] > option["chance_now"] and option["calls"]
    assert bot.choose_call(counts, (), None, Tile.from_notation("4B"), 20) == ("call", 3, 0)
    assert bot.call_chances(counts, (), None, "5C", 20) == []  # no exposure of 5C is open to the rack


ONE_LINE = 'C\n"2468"\nFF 2222 44 666 888 X25\n'


@pytest.mark.parametrize("rack, jokerless", [
    ("F 2222B 44B 666B 888B", True),      # lacks one flower (a pair): jokerless as likely as the hand
    ("F 2222B 44B 666B 88B J", False),    # holds a joker: no jokerless points
])
def test_the_worth_counts_the_tournament_s_self_pick_and_jokerless_rows(rack, jokerless):
    from mjlearn.rules.coach_bot import SELF_PICK_SHARE

    card = mj.parse_card(ONE_LINE)
    counts = Hand(rack).counts
    with_rows = float(CoachBot(card, MAHJX, weights=(1.0,)).worth([counts], (), None, 10)[0])
    plain = float(CoachBot(card, MAHJX, weights=(1.0,), tournament_rows=False).worth([counts], (), None, 10)[0])
    chance = plain / 25
    bonus = MAHJX.tournament.self_pick * SELF_PICK_SHARE + (MAHJX.tournament.jokerless if jokerless else 0)
    assert chance > 0 and with_rows == pytest.approx(plain + bonus * chance, rel=1e-9)
    home = float(CoachBot(card, NMJL, weights=(1.0,)).worth([counts], (), None, 10)[0])
    assert home == plain  # home rules have no such rows


def test_the_jokerless_row_needs_natural_tiles_and_skips_singles_and_pairs():
    from mjlearn.rules.coach_bot import SELF_PICK_SHARE

    card = mj.parse_card(ONE_LINE)
    counts = Hand("FF 2222B 44B 666B 88B").counts  # lacks an 8B for a pung: a joker would do, not jokerless
    bot = CoachBot(card, MAHJX, weights=(1.0,))
    rows = float(bot.worth([counts], (), None, 10)[0])
    plain = float(CoachBot(card, MAHJX, weights=(1.0,), tournament_rows=False).worth([counts], (), None, 10)[0])
    jokerless_part = rows - plain * (1 + MAHJX.tournament.self_pick * SELF_PICK_SHARE / 25)
    assert 0 < jokerless_part < 20 * plain / 25  # the jokerless chance: below the chance with jokers as outs
    exact = CoachBot(card, MAHJX, weights=(1.0,), exact=True)
    exact_plain = CoachBot(card, MAHJX, weights=(1.0,), exact=True, tournament_rows=False)
    assert float(exact.worth([counts], (), None, 10)[0]) > float(exact_plain.worth([counts], (), None, 10)[0]) * 1.16
    pairs = mj.parse_card('C\n"Singles & Pairs"\nFF 11 22 33 44 55 66 Va C50\n')
    counts = Hand("FF 11B 22B 33B 44B 55B 6B").counts
    rows = float(CoachBot(pairs, MAHJX, weights=(1.0,)).worth([counts], (), None, 10)[0])
    plain = float(CoachBot(pairs, MAHJX, weights=(1.0,), tournament_rows=False).worth([counts], (), None, 10)[0])
    assert rows == pytest.approx(plain * (1 + MAHJX.tournament.self_pick * SELF_PICK_SHARE / 50), rel=1e-9)


def _shown(tile: str):
    from mjlearn.rules.game import ExposedGroup

    return [[], [ExposedGroup(Tile.from_notation(tile), 3, 1)], [], []]  # South shows a pung with a joker


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_a_joker_exchange_is_judged_by_the_worth(rules):
    coach, bot = CoachBot(CARD, rules), Bot(CARD, rules)
    rack = Hand("FF 222B 444B 666B 8B 3C 7D").counts  # 2468 #1 lacks two 8B once 3C or 7D goes
    assert coach.choose_exchange(rack, (), None, _shown("3C")) == (1, 0)  # a spare 3C for a joker that fills 888
    # an 8B for a joker: the group lacks as much as before, so the Bot swaps and the coach does not
    assert bot.choose_exchange(rack, (), None, _shown("8B")) == (1, 0)
    assert coach.choose_exchange(rack, (), None, _shown("8B")) is None
    winning = Hand("FF 222B 444B 666B 888B").counts
    assert bot.choose_exchange(winning, (), None, _shown("2B")) == (1, 0)
    assert coach.choose_exchange(winning, (), None, _shown("2B")) is None  # it wins as it is
    one_away = Hand("FF 222B 444B 666B 88B 7D").counts
    assert coach.choose_exchange(one_away, (), None, _shown("7D")) == (1, 0)  # the joker completes 888B


def test_the_coach_weighs_danger_with_the_calibrated_table():
    from mjlearn.analysis.defence import CALIBRATED_WAITING, WAITING, tile_dangers
    from mjlearn.engine import available_tiles, seat_exposures

    coach = CoachBot(CARD, NMJL)
    assert coach.waiting is CALIBRATED_WAITING
    seen = []

    def watch(game):
        if game.phase == "discard" and not seen and sum(len(g) for g in game.exposures[1:]) >= 2:
            seen.append(copying.deepcopy(game))

    for seed in range(10):
        run_game(CARD, NMJL, seed=seed, on_move=watch)
        if seen:
            break
    game = seen[0]
    counts = game.racks[0].counts
    opponents, each = coach._threats(game, 0, counts)
    available = np.maximum(available_tiles(game.visible(0), seat_exposures(game, 0)) - np.asarray(counts), 0)
    calibrated = tile_dangers(CARD.compiled(NMJL), opponents, available, game.wall_left, CALIBRATED_WAITING)
    old = tile_dangers(CARD.compiled(NMJL), opponents, available, game.wall_left, WAITING)
    assert np.array_equal(each, calibrated.each)
    assert not np.array_equal(each, old.each)
    before = CoachBot(CARD, NMJL, waiting=WAITING)._threats(game, 0, counts)[1]
    assert np.array_equal(before, old.each)


def test_a_rack_whose_exposures_leave_no_hand_gets_a_discard_after_a_rack_that_had_hands():
    """The distances of the rack weighed before must not be reused for one that no hand allows (they were:
    a numpy shape error, found by the coach panel's random games)."""
    from mjlearn.engine import Exposure

    bot = CoachBot(CARD, NMJL, seed=0)
    assert bot.choose_discard(Hand("FF 222B 444B 666B 8B 3C 7D").counts).notation in ("3C", "7D")
    no_line = [Exposure.parse("NNNN"), Exposure.parse("SSSS"), Exposure.parse("WWWW")]  # no line of Basic1 has them
    rack = Hand("1B 2B").counts
    assert bot.choose_discard(rack, no_line).notation in ("1B", "2B")
    kinds, scores = bot.discard_scores(rack, no_line, dangers=np.ones(36))
    assert len(kinds) == len(scores) == 2 and bot.last_distance.tolist() == [0, 0, 0]


def _brute_next_draw(bot, rack, visible, draws, kinds):
    """Sum over each unseen kind t of P(t) x the best worth after drawing t and throwing any tile, for each
    kind of ``kinds`` thrown now (each rack weighed beside ``rack``, which decides the near hands)."""
    from mjlearn.engine import available_tiles

    rack = np.asarray(rack, dtype=np.int16)
    unseen = np.maximum(available_tiles(np.asarray(visible, dtype=np.int16), ()).astype(int) - rack, 0)
    values = []
    for c in kinds:
        total = 0.0
        for t in np.flatnonzero(unseen):
            after = rack.copy()
            after[c] -= 1
            after[t] += 1
            best = max(float(bot.worth(np.stack([rack, after - np.eye(36, dtype=np.int16)[d]]), (), visible,
                                       draws - 1)[1]) for d in np.flatnonzero(after))
            total += unseen[t] / unseen.sum() * best
        values.append(total)
    return np.array(values)


def test_the_one_draw_look_ahead_weighs_each_discard_by_the_best_worth_after_the_next_draw():
    rack = Hand("FF 222B 444B 66B 8B 3C 7D N").counts
    visible = Hand("3C 3C 9D 9D").counts
    bot = CoachBot(CARD, NMJL, seed=0, lookahead_width=15)  # every kind looked ahead from, every tile thrown after
    kinds, scores = bot.discard_scores(rack, (), visible, draws=6)
    plain_kinds, plain = bot.discard_scores(rack, (), visible, draws=6, objective="worth")
    assert kinds == plain_kinds
    nearest = [i for i, s in enumerate(plain) if s > plain.max() - 1e5]  # the kinds that keep the nearest hand nearest
    assert len(nearest) >= 2
    expected = _brute_next_draw(bot, rack, visible, 6, [kinds[i] for i in nearest])
    assert scores[nearest] == pytest.approx(expected, rel=1e-9)
    # kinds that leave the nearest hand further stay far behind, as with the plain worth
    others = [i for i in range(len(kinds)) if i not in nearest]
    assert all(scores[i] < scores[nearest].min() for i in others)
    # a narrow look-ahead looks from the best kinds by the plain worth only, and ranks the rest below them
    narrow = CoachBot(CARD, NMJL, seed=0, lookahead_width=2)
    _, few = narrow.discard_scores(rack, (), visible, draws=6)
    top = sorted(nearest, key=lambda i: -plain[i])[:2]
    assert set(np.argsort(-few)[:2].tolist()) == set(top)
    # with one draw left there is nothing to look ahead to
    assert bot.discard_scores(rack, (), visible, draws=1)[1] == pytest.approx(
        bot.discard_scores(rack, (), visible, draws=1, objective="worth")[1])


def test_the_look_ahead_is_the_coachs_choice_at_the_rack_and_at_the_table_only_when_asked():
    from mjlearn.rules.bots import _exposures

    assert CoachBot(CARD).objective == "draw" and CoachBot(CARD).table_objective == "worth"
    assert CoachBot(CARD, lookahead_at_table=True).table_objective == "draw"
    assert CoachBot(CARD, objective="single").table_objective == "single"
    game = Game(CARD, NMJL, seed=11)
    game.skip_charleston()
    seat = game.turn
    game.draw() if game.phase == "draw" else None
    counts = game.racks[seat].counts
    table = CoachBot(CARD, NMJL, seed=3).discard_decision(game, seat, counts, _exposures(game, seat), game.visible(seat))
    plain = CoachBot(CARD, NMJL, seed=3, objective="worth").discard_decision(game, seat, counts, _exposures(game, seat),
                                                                            game.visible(seat))
    assert table == plain  # at the table the coach weighs the worth (a game stays quick)
    for wrong in ({"objective": "best"}, {"lookahead_width": 1}):
        with pytest.raises(ArgumentError):
            CoachBot(CARD, **wrong)


# -- reading the table: the give-up only where the others hold back ---------------------------------------

def _loose(bot, game, seat=0):
    """``bot``'s reading of ``game`` after six hot throws by the others (each a tile that North, showing two
    exposures, may wait on): a table that feeds hot hands freely."""
    reading = bot.table_reading(game, seat)
    each = np.zeros((3, 36))
    each[2, 4] = 0.3
    reading.observe([])
    reading.look(each, np.array(mj.tiles.COPIES, dtype=np.int16))
    reading.observe([(1 + i % 2, Tile(4)) for i in range(6)])
    return reading


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_poor_hand_is_played_for_at_a_table_that_feeds_hot_hands_freely(rules):
    from mjlearn.rules.bots import _exposures
    from mjlearn.analysis.defence import HOLDS_BACK

    late = _late_position(rules, 12)
    assert _discard(late, rules) != "8B"  # nothing thrown yet: the table is taken to hold back, the hand given up
    bot = CoachBot(CARD, rules, seed=1)
    assert _loose(bot, late).rate > HOLDS_BACK and not bot.table_reading(late, 0).holds_back()
    assert bot.discard_decision(late, 0, late.racks[0].counts, _exposures(late, 0), late.visible(0)).notation == "8B"
    blind = CoachBot(CARD, rules, seed=1, read_table=False)  # without reading the table it gives up all the same
    _loose(blind, late)
    assert blind.discard_decision(late, 0, late.racks[0].counts, _exposures(late, 0), late.visible(0)).notation != "8B"


def _poor_rack_late(rules, wall_left):
    """East, between turns, holds FF 88B 66C 88C 3D 5D 7D N E: far from every line (worth well under a wall
    game, or under a fifth of a mean line at home). North shows 222B and 44B J: a hot hand."""
    game = Game.from_position(CARD, rules, racks={0: "FF 88B 66C 88C 3D 5D 7D N E 9C"},
                              exposures={3: ["222B", "44B J"]}, turn=0, phase="discard", seed=3)
    game.wall = game.wall[:wall_left]
    return game, Hand("FF 88B 66C 88C 3D 5D 7D N E").counts


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_hand_given_up_makes_no_exposure_but_still_calls_mahjongg(rules):
    from mjlearn.rules.coach_bot import GIVE_UP_WALL

    eight = Tile.from_notation("8B")
    late, counts = _poor_rack_late(rules, 44)
    assert late.wall_left <= GIVE_UP_WALL
    bot = CoachBot(CARD, rules, seed=1)
    worth = float(bot.worth([counts], (), late.visible(0), bot._draws(late, 0))[0])
    assert worth < bot.give_up_worth  # a poor hand, late, a hot hand showing, a table that holds back: given up
    assert CoachBot(CARD, rules, seed=1, defence=False).call_decision(late, 0, counts, (), eight) == ("call", 3, 0)
    assert bot.call_decision(late, 0, counts, (), eight) is None  # given up: no exposure
    # earlier in the wall the same hand is still built, and the same call is made
    early, _ = _poor_rack_late(rules, 48)
    assert CoachBot(CARD, rules, seed=1).call_decision(early, 0, counts, (), eight) == ("call", 3, 0)
    # at a table that feeds hot hands freely the hand is played for, calls and all
    loose = CoachBot(CARD, rules, seed=1)
    _loose(loose, late)
    assert loose.call_decision(late, 0, counts, (), eight) == ("call", 3, 0)
    # a given-up hand still takes the discard that completes it
    winning = Hand("FF 222B 444B 666B 88B").counts  # 2468 #1 but one 8B
    game = Game.from_position(CARD, rules, racks={0: "FF 222B 444B 666B 88B 9C"}, exposures={3: ["NNN", "EE J"]},
                              turn=0, phase="discard", seed=3)
    game.wall = game.wall[:12]
    assert CoachBot(CARD, rules, seed=1).call_decision(game, 0, winning, (), eight) == ("mahjongg",)


def test_a_new_game_or_seat_starts_a_new_reading():
    bot = CoachBot(CARD, NMJL, seed=1)
    game = _late_position(NMJL, 12)
    reading = _loose(bot, game)
    assert bot.table_reading(game, 0) is reading
    assert bot.table_reading(game, 1) is not reading and bot.table_reading(game, 1).seat == 1
    assert bot.table_reading(_late_position(NMJL, 12), 0).rate == pytest.approx(0.2)  # the prior alone


def test_bots_read_as_a_table_that_feeds_and_coaches_as_one_that_holds_back():
    # what HOLDS_BACK rests on: at the end of a game, a coach among three Bots reads the Bots as loose, a coach
    # among three coaches reads them as holding back (the medians of 24 seeded games, basic1 under NMJL)
    from mjlearn.analysis.defence import HOLDS_BACK
    from mjlearn.rules import run_game

    at_bots, at_coaches = [], []
    for seed in range(24):
        coach = CoachBot(CARD, NMJL, seed=seed)
        game = run_game(CARD, NMJL, seed=seed, bots=[coach] + [Bot(CARD, NMJL, seed=seed * 4 + i) for i in (1, 2, 3)])
        at_bots.append(coach.table_reading(game, 0).rate)
        coaches = [CoachBot(CARD, NMJL, seed=seed * 4 + i) for i in range(4)]
        game = run_game(CARD, NMJL, seed=seed, bots=coaches)
        at_coaches.append(coaches[0].table_reading(game, 0).rate)
    assert np.median(at_coaches) < HOLDS_BACK < np.median(at_bots), (sorted(at_coaches), sorted(at_bots))


# -- the defence state, for a seat the coach may not play (the panel's note, the review) ------------------

def _late_game(rules, rack="FF NN EE WW SS 8B 9B 1B 3B", discards=60):
    """East to discard with 39 tiles left in the wall (60 Craks and Dots out), North showing 222B and 44B J (a
    hot hand); East's rack is 4 tiles from Winds/Dragons #5, a poor hand this late."""
    return Game.from_position(CARD, rules, racks={0: rack}, exposures={3: ["222B", "44B J"]},
                              discards=thrown_out("CD", discards), turn=0, phase="discard", seed=3)


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_the_defence_state_says_the_coach_gives_up_and_throws_what_its_discard_throws(rules):
    from mjlearn.rules.bots import _exposures
    from mjlearn.rules.coach_bot import GIVE_UP_WALL, HOME_GIVE_UP

    game = _late_game(rules)
    bot = CoachBot(CARD, rules, seed=1)
    state = bot.defence_state(game, 0)
    assert state.applies and state.late and game.wall_left == state.wall_left == 39 <= GIVE_UP_WALL
    assert state.hot == (3,) and state.shown == (2,) and state.rate == pytest.approx(0.2) and state.holds_back
    threshold = 10.0 if rules is MAHJX else HOME_GIVE_UP * bot.mean_value
    assert state.threshold == pytest.approx(threshold) and 0 < state.worth < threshold and state.poor
    assert state.gives_up and state.verdict == "give up" and 0 < state.chance < 0.2 and state.draws == 9
    thrown = CoachBot(CARD, rules, seed=1).discard_decision(game, 0, game.racks[0].counts, _exposures(game, 0),
                                                            game.visible(0)).notation
    assert state.throw == thrown and thrown != "8B"  # the tile the coach's own discard throws: not North's 8B
    assert state.throws[0] == thrown and "8B" not in state.throws
    assert CoachBot(CARD, rules, defence=False).defence_state(game, 0).verdict == ""  # no defence, no state
    # a hand worth more than the threshold is kept: the same table, a rack one tile from the hand
    kept = CoachBot(CARD, rules).defence_state(_late_game(rules, rack="FF NNN EEE WWW SS 8B"), 0)
    assert kept.applies and not kept.gives_up and kept.verdict == "keep building" and kept.throw == ""


def test_no_defence_state_early_or_without_a_hot_hand():
    early = CoachBot(CARD).defence_state(_late_game(NMJL, discards=30), 0)
    assert (early.applies, early.late, early.verdict, early.words()) == (False, False, "", "")
    one = Game.from_position(CARD, NMJL, racks={0: "FF NN EE WW SS 8B 9B 1B 3B"}, exposures={3: ["222B"]},
                             discards=_late_game(NMJL).discards, turn=0, phase="discard", seed=3)
    state = CoachBot(CARD).defence_state(one, 0)  # late, but North shows one exposure only: not a hot hand
    assert state.late and not state.applies and state.hot == () and state.words() == ""
    with pytest.raises(ArgumentError, match="Game"):
        CoachBot(CARD).defence_state("a game", 0)
    with pytest.raises(mj.errors.MjlearnError, match="seat"):
        CoachBot(CARD).defence_state(one, 4)


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_the_defence_state_plays_on_at_a_table_that_feeds_and_says_so(rules):
    from mjlearn.analysis.defence import HOLDS_BACK

    game = _late_game(rules)
    bot = CoachBot(CARD, rules, seed=1)
    assert _loose(bot, game).rate > HOLDS_BACK  # its own reading of this game and seat: a loose table
    state = bot.defence_state(game, 0)
    assert state.poor and not state.holds_back and not state.gives_up and state.verdict == "play on"
    words = state.words()
    assert "keep throwing tiles North could use" in words and "holding back would not stop North" in words
    assert "stop building" not in words and "throwing carefully" not in words and words.endswith(
        "the coach keeps building its hand.")
    given_up = CoachBot(CARD, rules, seed=1).defence_state(game, 0).words()  # a new reading: the prior, holds back
    assert "The others are throwing carefully" in given_up and given_up.endswith(
        "The coach would stop building it, throw safe tiles and call a discard only to win.")
    assert "9 draws you can still expect" in given_up and "9 draws you can still expect" in words  # the horizon
    blind = CoachBot(CARD, rules, seed=1, read_table=False)
    _loose(blind, game)
    assert blind.defence_state(game, 0).gives_up and blind.defence_state(game, 0).rate is None


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_the_reading_replayed_for_a_seat_is_the_coach_s_own_reading_of_it(rules):
    for seed in (2, 5):
        coach = CoachBot(CARD, rules, seed=seed)
        game = run_game(CARD, rules, seed=seed, bots=[coach] + [Bot(CARD, rules, seed=seed * 4 + i) for i in (1, 2, 3)])
        own, replayed = coach.replay_reading(game, 0), CoachBot(CARD, rules).replay_reading(game, 0)
        assert own is coach.table_reading(game, 0) and replayed is not own
        assert replayed.hot_throws == own.hot_throws and replayed.expected == pytest.approx(own.expected, rel=1e-12)
        assert own.expected > 0  # (the table was weighed)
        # noting the table at each of the seat's discards, as a review replaying the game does, reads it the same
        watcher = CoachBot(CARD, rules)
        replay = Game.replay(CARD, rules, seed, [])
        for name, args in game.moves:
            if name == "discard" and args["seat"] == 0:
                watcher.note_table(replay, 0)
            getattr(replay, name)(**args)
        assert watcher.replay_reading(replay, 0).rate == pytest.approx(own.rate, rel=1e-12)


def test_the_defence_state_changes_nothing_a_coach_playing_the_seat_decides():
    from mjlearn.rules.bots import play_move

    states = []

    def played(look):
        bots = [CoachBot(CARD, MAHJX, seed=11 * 4 + s) for s in range(4)]
        game = Game(CARD, MAHJX, seed=11)
        while game.phase != "over":
            state = None
            if look and game.phase == "discard" and game.turn not in game.dead:
                state = bots[game.turn].defence_state(game, game.turn)
            play_move(game, bots)
            if state is not None and game.moves[-1][0] == "discard":
                states.append((state, game.moves[-1][1]["tile"]))
        return game.moves

    assert played(True) == played(False)
    verdicts = Counter(state.verdict for state, _ in states)
    assert verdicts["give up"] > 5 and verdicts["play on"] > 5, verdicts  # (the states read were of every kind)
    assert all(str(thrown) == state.throw for state, thrown in states if state.gives_up)  # what it then threw
    assert any(len(state.throws) > 1 for state, _ in states)  # (ties met: its seeded draw picked, and put back)


@pytest.mark.parametrize("player", [Bot, CoachBot])
@pytest.mark.parametrize("rules", [NMJL, MAHJX])
def test_a_pickled_bot_plays_on_as_the_bot_it_copies(player, rules):
    """Bots travel to process pools and Dask workers as pickled copies: a copy made after a whole game (its
    looks kept, its random generator moved on) plays the next game move for move as the bot it copies."""
    import pickle

    bots = [player(CARD, rules, seed=seat) for seat in range(4)]
    run_game(CARD, rules, seed=5, bots=bots)
    copies = [pickle.loads(pickle.dumps(bot)) for bot in bots]
    assert all(c.rng.getstate() == b.rng.getstate() for c, b in zip(copies, bots))
    assert run_game(CARD, rules, seed=9, bots=copies).moves == run_game(CARD, rules, seed=9, bots=bots).moves
    assert copying.deepcopy(bots[0]).seed == 0


@pytest.mark.parametrize("player, options, name", [
    (Bot, {"seed": "7"}, "seed"), (Bot, {"seed": 1.5}, "seed"), (Bot, {"lines": 0}, "lines"),
    (Bot, {"calls": "yes"}, "calls"), (Bot, {"vote_above": -1}, "vote_above"), (Bot, {"exchanges": 1}, "exchanges"),
    (CoachBot, {"weights": ""}, "weights"), (CoachBot, {"weights": (0.0, 1.0)}, "weights"),
    (CoachBot, {"weights": [1.0, float("nan")]}, "weights"), (CoachBot, {"weights": 1.0}, "weights"),
    (CoachBot, {"call_margin": "10%"}, "call_margin"), (CoachBot, {"call_margin": -0.1}, "call_margin"),
    (CoachBot, {"slack": -1}, "slack"), (CoachBot, {"slack": 2.5}, "slack"), (CoachBot, {"caution": float("inf")}, "caution"),
    (CoachBot, {"beam": 0}, "beam"), (CoachBot, {"defence": "off"}, "defence"), (CoachBot, {"exact": None}, "exact"),
    (CoachBot, {"waiting": [(0.1, 0.2, 0.3)] * 3}, "waiting"), (CoachBot, {"read_table": 0}, "read_table"),
    (CoachBot, {"tournament_rows": "no"}, "tournament_rows"), (CoachBot, {"seed": []}, "seed"),
])
def test_a_bot_s_options_are_checked_and_named(player, options, name):
    """An option of the wrong kind is refused when the player is made, naming it (it used to pass silently and
    fail later, or fail with Python's own error)."""
    with pytest.raises(ArgumentError, match=f"^{name} must be"):
        player(CARD, **options)


def test_a_numpy_seed_plays_as_the_same_whole_number():
    seeds = [np.int64(s) for s in range(4)]
    with_numpy = run_game(CARD, NMJL, seed=3, bots=[CoachBot(CARD, NMJL, seed=s) for s in seeds])
    with_int = run_game(CARD, NMJL, seed=3, bots=[CoachBot(CARD, NMJL, seed=int(s)) for s in seeds])
    assert with_numpy.moves == with_int.moves and type(CoachBot(CARD, seed=np.int64(2)).seed) is int
    assert CoachBot(CARD, seed=None).seed is None  # a fresh random generator, as before


def test_the_tiles_available_are_kept_for_the_same_exposures_only():
    """CoachBot._available keeps the set less the seat's own exposures while they stay (and the last other set, for the
    calls it weighs): exposures that change (a joker given up, one more group) give their own tiles, and the tiles in
    sight are taken off each time."""
    from mjlearn.engine import Exposure, available_tiles

    bot = CoachBot(CARD)
    pung, pung_joker = Exposure.parse("NNN"), Exposure.parse("NN J")
    rng = np.random.default_rng(5)
    two = (pung, Exposure.parse("5555D"))  # (and a call's exposures alternating with the seat's own: two are kept)
    for exposures in [(), (pung_joker,), (pung_joker,), (pung,), two, (pung,), two, (pung,), (pung_joker,), two, ()]:
        for visible in (None, rng.integers(0, 3, size=36).tolist(), rng.integers(0, 3, size=36).astype(np.int16)):
            available, joker = bot._available(visible, exposures)
            seen = np.zeros(36, dtype=np.int16) if visible is None else np.asarray(visible, dtype=np.int16)
            assert np.array_equal(available, available_tiles(seen, exposures)) and available.dtype == np.int16
            assert joker == any(e.jokers for e in exposures)
            available[0] = 99  # (a new array each time: the kept one is not changed)


def test_the_charleston_asks_a_subclass_s_own_worth():
    """choose_pass weighs its steps' racks from the first rack it finds once, but a coach whose worth is its own
    (a subclass trying another weighing) is asked for it at each step."""
    asked = []

    class Weighing(CoachBot):
        def worth(self, racks, *args, **kwargs):
            asked.append(len(racks))
            return super().worth(racks, *args, **kwargs)

    rack = Hand("FF 222B 444B 666B 8B 3C 7D").counts
    assert Weighing(CARD).choose_pass(rack) == CoachBot(CARD).choose_pass(rack)
    assert len(asked) == 3


def test_a_pickled_coach_keeps_none_of_its_looks():
    """What a coach kept from its last looks stays behind when it is pickled (it is built again where it goes):
    at every move of a game, every kept figure, whatever later rounds add, is reset by __getstate__."""
    bot = CoachBot(CARD, MAHJX, seed=1)
    seen: set = set()

    def check(game):
        kept = [name for name, value in vars(bot).items() if name.startswith("_") and value not in (None, {}, (), [])]
        state = bot.__getstate__()
        assert all(state[name] in (None, {}, ((), ()), []) for name in kept), kept
        seen.update(kept)

    run_game(CARD, MAHJX, seed=6, bots=[bot] + [CoachBot(CARD, MAHJX, seed=s) for s in (2, 3, 4)], on_move=check)
    assert {"_first", "_kept_rows", "_kept_left", "_kept_penalty", "_reading"} <= seen


def test_the_hot_penalties_are_kept_for_the_same_opponents_only(monkeypatch):
    """Under tournament scoring the coach keeps its opponents' hot-tile penalties while their exposures stay the
    same: at every risk it weighs in four-coach games (the exposures growing, hands dying) they are those worked
    out afresh, and they change within a game."""
    import mjlearn.rules.coach_bot as coach_module

    checked, seen = [], set()
    original = CoachBot._tournament_risk

    def check(bot, game, seat, *args, **kwargs):
        risk = original(bot, game, seat, *args, **kwargs)
        if risk is not None:
            opponents, penalty = bot._kept_penalty
            expected = coach_module._hot_penalties(MAHJX.tournament, opponents)
            assert np.array_equal(penalty, expected), (opponents, penalty, expected)
            assert opponents == tuple(None if not game.exposures[o] or o in game.dead else tuple(game.exposures[o])
                                      for o in ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4))
            checked.append(1)
            seen.add(tuple(penalty.tolist()))
        return risk

    monkeypatch.setattr(CoachBot, "_tournament_risk", check)
    for seed in range(3):
        run_game(CARD, MAHJX, seed=seed, bots=[CoachBot(CARD, MAHJX, seed=seed * 4 + s) for s in range(4)])
    assert len(checked) > 50 and len(seen) > 1


def test_a_coach_remembers_what_the_same_players_threw_in_earlier_games():
    """remember_table keeps a game's evidence (the others' hot throws, and those of players blind to danger);
    the readings of later games start from it, and the reading of a remembered game counts its throws once."""
    from mjlearn.analysis.defence import TABLE_PRIOR, TableReading

    first, second = run_game(CARD, NMJL, seed=2), run_game(CARD, NMJL, seed=4)  # four Bots: they never hold back
    coach, fresh = CoachBot(CARD), CoachBot(CARD)
    hot, expected = coach.remember_table(first, 0)
    assert (hot, expected) == fresh.replay_reading(first, 0).evidence and expected > 0
    assert coach.remember_table(first, 0) == (hot, expected)  # remembered once
    # the reading of the remembered game is the fresh coach's (its own throws not counted twice)
    assert coach.replay_reading(first, 0).evidence == pytest.approx(fresh.replay_reading(first, 0).evidence)
    # a later game's reading starts from it: at its start, the rate is the earlier game's, not the prior
    start = Game(CARD, NMJL, seed=4)
    prior, weight = TABLE_PRIOR
    assert coach.replay_reading(start, 0).rate == pytest.approx((hot + prior * weight) / (expected + weight))
    assert fresh.replay_reading(start, 0).rate == pytest.approx(prior)
    later = coach.replay_reading(second, 0).evidence
    assert later == pytest.approx(tuple(a + b for a, b in zip(fresh.replay_reading(second, 0).evidence, (hot, expected))))
    assert TableReading(1, (2.0, 4.0)).evidence == (2.0, 4.0)
    with pytest.raises(ArgumentError, match="game must be a Game"):
        coach.remember_table("game", 0)


def test_the_game_table_s_coach_keeps_the_players_earlier_games():
    """A GameTable session: after a game, the next one's coach starts its reading of the same players from what
    they threw (the learner's moves made for them here, through the table)."""
    from mjlearn.lessons.play import play_for_me

    table = mj.GameTable("basic1", seed=5, pace="instant")
    play_for_me(table)
    first, seat = table.game, table.seat
    assert table.new_game()
    bot = table._caller()
    hot, expected = CoachBot(CARD).replay_reading(first, seat).evidence
    assert bot.earlier_evidence(table.game) == pytest.approx((hot, expected)) and expected > 0
    assert bot.replay_reading(table.game, table.seat).evidence == pytest.approx((hot, expected))


def test_the_review_reads_the_table_as_the_session_s_coach_did():
    """review_game(earlier=...) starts the coach's reading from what the same players threw before, as the
    GameTable's coach panel did during the game; bad evidence is refused by name."""
    from mjlearn.rules.review import _Table, review_game

    game = run_game(CARD, NMJL, seed=4)
    table = _Table(game, 0, earlier=(3.0, 2.0))
    assert table.coach(game).earlier_evidence(game) == (3.0, 2.0)
    assert table.coach(game).replay_reading(game, 0).evidence == pytest.approx(
        tuple(a + b for a, b in zip(CoachBot(CARD).replay_reading(game, 0).evidence, (3.0, 2.0))))
    assert _Table(game, 0).coach(game).earlier_evidence() == (0.0, 0.0)
    for wrong in (None, "3 2", (1.0,), (-1.0, 2.0), (1.0, float("nan"))):
        with pytest.raises(ArgumentError, match="^earlier must be two numbers|^earlier must be a number"):
            review_game(game, 0, earlier=wrong)
        with pytest.raises(ArgumentError, match="^evidence must be"):
            CoachBot(CARD).remember_evidence(wrong)


def test_a_call_weighs_the_worth_now_with_the_discard_in_sight_only_when_some_exposure_is_weighed():
    """CoachBot._call_options weighs the rack as it is (``worth_now``) only once a way of exposing the discard is
    weighed: with the tiles in sight as they are, the discard among them (not the tiles after the call, which take
    it off the table). Checked at every discard of four-coach games that the coaches weigh, against the worth
    asked afresh; a look with no exposure allowed weighs nothing (and asks for no worth at all)."""
    from mjlearn.engine import seat_exposures

    checked = idle = 0
    for rules, seed in ((NMJL, 3), (MAHJX, 4)):
        looker = CoachBot(CARD, rules, seed=9)

        def look(game):
            nonlocal checked, idle
            if game.phase != "calls" or not game.discards:
                return
            owner, tile = game.discards[-1]
            for seat in range(4):
                if seat == owner or seat in game.dead:
                    continue
                counts, exposures = game.racks[seat].counts, seat_exposures(game, seat)
                first = looker.read_call(counts, exposures, tile)
                if first[0] != "weigh":
                    continue
                visible, draws = game.visible(seat), looker._draws(game, seat)
                asked = []
                worth = CoachBot.worth

                def counting(bot, racks, *args, **kwargs):
                    asked.append(len(racks))
                    return worth(bot, racks, *args, **kwargs)

                CoachBot.worth = counting
                try:
                    options = looker.call_chances(counts, exposures, visible, tile, draws)
                finally:
                    CoachBot.worth = worth
                if not options:
                    assert not asked
                    idle += 1
                    continue
                now = float(CoachBot(CARD, rules).worth(np.array(counts, dtype=np.int16)[None], exposures,
                                                       np.array(visible, dtype=np.int16), draws)[0])
                assert all(option["worth_now"] == now for option in options)
                checked += 1

        run_game(CARD, rules, seed=seed, bots=[CoachBot(CARD, rules, seed=seed * 4 + s) for s in range(4)],
                 on_move=look)
    assert checked > 20 and idle > 0
