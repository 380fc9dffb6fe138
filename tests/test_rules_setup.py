"""Rulesets and the deal: the seeds' set-up statements as cases (NMJL and MAHJ-X)."""

from collections import Counter
from dataclasses import fields

import pytest

import mjlearn as mj
from mjlearn.rules import MAHJX, NMJL, RulesetError, as_ruleset, deal_tiles, draw_order
from mjlearn.tiles import TILE_SET


def all_tiles(deal):
    tiles = Counter(deal.wall)
    for rack in deal.racks:
        tiles.update(rack.tiles())
    return tiles


@pytest.mark.parametrize("rules", [NMJL, MAHJX])
@pytest.mark.parametrize("seed", range(20))
def test_the_deal_conserves_all_152_tiles(rules, seed):
    deal = deal_tiles(rules, seed=seed)
    assert all_tiles(deal) == Counter(TILE_SET)
    assert deal.tiles_in_play == 152


def test_nmjl_walls_of_19_stacks_two_high_east_14_others_13():
    deal = deal_tiles(NMJL, seed=5)
    assert [len(w) for w in deal.walls] == [19, 19, 19, 19]
    assert all(len(stack) == 2 for w in deal.walls for stack in w)
    assert [len(r) for r in deal.racks] == [14, 13, 13, 13]
    assert len(deal.wall) == 152 - 53


def test_dealing_starts_at_the_break_and_the_right_part_comes_last():
    deal = deal_tiles(NMJL, seed=11)
    total = sum(deal.dice)
    assert 2 <= total <= 12
    order = draw_order(deal.walls, total)
    east_wall = deal.walls[0]
    assert order[:2] == list(east_wall[total])  # the first stack left of the break
    right_of_break = [t for stack in east_wall[:total] for t in stack]
    assert list(deal.wall[-len(right_of_break):]) == right_of_break
    # four at a time, East first: East's first four tiles are the first four after the break
    east = Counter(deal.racks[0].tiles())
    assert not Counter(order[:4]) - east


def test_the_jump_gives_east_the_first_and_third_tiles():
    deal = deal_tiles(NMJL, seed=3)
    order = draw_order(deal.walls, sum(deal.dice))
    east = Counter(order[0:4] + order[16:20] + order[32:36] + [order[48], order[50]])
    south = Counter(order[4:8] + order[20:24] + order[36:40] + [order[49]])
    west = Counter(order[8:12] + order[24:28] + order[40:44] + [order[51]])
    north = Counter(order[12:16] + order[28:32] + order[44:48] + [order[52]])
    assert [Counter(r.tiles()) for r in deal.racks] == [east, south, west, north]
    assert list(deal.wall) == order[53:]


def test_mahjx_everyone_starts_with_a_joker_and_13_tiles():
    for seed in range(10):
        deal = deal_tiles(MAHJX, seed=seed)
        assert [len(r) for r in deal.racks] == [13, 13, 13, 13]
        assert all(r.count("J") >= 1 for r in deal.racks)
        assert [len(w) for w in deal.walls] == [17, 19, 19, 19]
        # the other four jokers are mixed into the walls
        assert sum(t == mj.Tile.JOKER for w in deal.walls for stack in w for t in stack) == 4


def test_same_seed_same_deal_other_seed_other_deal():
    assert deal_tiles(NMJL, seed=42) == deal_tiles(NMJL, seed=42)
    assert deal_tiles(NMJL, seed=42).racks != deal_tiles(NMJL, seed=43).racks


def test_mahjx_differs_from_nmjl_exactly_where_its_rules_say():
    changed = {f.name for f in fields(NMJL) if getattr(NMJL, f.name) != getattr(MAHJX, f.name)}
    assert changed == {
        "name",
        "jokers_dealt_first",  # rule 1
        "wall_length",  # rule 2
        "east_tiles",  # rule 2
        "second_charleston",  # rule 3
        "across_negotiated",  # rule 3
        "blind_passes",  # rule 3
        "final_pass",  # rule 3
        "reverse_joker_swap",  # rule 4
        "exchange_in_dead_exposures",  # rule 4.4
        "amend_exposures",  # rule 5
        "joker_discard_draws_again",  # rule 6
        "reverse_runs",  # rule 7
        "scorecard",  # rule 8
        "wrong_dead_call",  # tournament play (seed 003, "Dead Hands")
        "tournament",  # rule 8: the tournament scoring table
    }


def test_ruleset_lookup():
    assert as_ruleset("NMJL") is NMJL and as_ruleset("MAHJ-X") is MAHJX and as_ruleset(MAHJX) is MAHJX
    with pytest.raises(RulesetError, match="unknown ruleset 'riichi'"):
        as_ruleset("riichi")


def test_the_ruleset_submodule_is_not_hidden_by_a_function():
    import importlib

    import mjlearn.rules
    import mjlearn.rules.ruleset

    module = importlib.import_module("mjlearn.rules.ruleset")
    assert mjlearn.rules.ruleset is module and module.MAHJX is MAHJX
    from mjlearn.rules.ruleset import ruleset  # the old name of as_ruleset, kept in the module

    assert ruleset is as_ruleset
    assert RulesetError is mj.RulesetError is mjlearn.errors.RulesetError


def test_rulesets_are_values():
    from dataclasses import FrozenInstanceError, replace

    with pytest.raises(FrozenInstanceError):
        NMJL.east_tiles = 13  # type: ignore[misc]
    assert replace(NMJL, name="NMJL") == NMJL


def test_highest_roll_sits_east_and_east_passes_on_each_game():
    from mjlearn.rules import east_for_game, roll_for_east

    for seed in range(30):
        east, rounds = roll_for_east(seed)
        last = rounds[-1]
        best = max(total for _, total in last)
        assert [p for p, total in last if total == best] == [east]
        for earlier, later in zip(rounds, rounds[1:]):  # only those tied at the top roll again
            top = max(t for _, t in earlier)
            assert [p for p, _ in later] == [p for p, t in earlier if t == top]
    assert [east_for_game(3, g) for g in range(4)] == [3, 0, 1, 2]


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_deal_is_rebuilt_from_its_walls_as_stacks_notation_or_tiles(rules):
    from mjlearn.rules.setup import deal_from_walls

    deal = deal_tiles(rules, seed=9)
    as_text = [" ".join(t.notation for stack in wall for t in stack) for wall in deal.walls]
    as_tiles = [[t for stack in wall for t in stack] for wall in deal.walls]
    for walls in (deal.walls, as_text, as_tiles):
        assert deal_from_walls(rules, walls, deal.dice, seed=9) == deal
    with pytest.raises(mj.RuleError, match="wall 1 holds 39 tiles: a wall is a row of stacks of two"):
        deal_from_walls(rules, [as_text[0], as_text[1] + " 1B", *as_text[2:]], deal.dice)
    changed = as_text[0].split()
    changed[0] = "F" if changed[0] != "F" else "1B"  # one tile too many of one kind, one too few of another
    with pytest.raises(mj.RuleError, match="the walls do not hold the set"):
        deal_from_walls(rules, [" ".join(changed), *as_text[1:]], deal.dice)
    with pytest.raises(mj.RuleError, match=r"wall 2: unknown tile 'Q'"):
        deal_from_walls(rules, [*as_text[:2], "Q" + as_text[2][1:], as_text[3]], deal.dice)
    with pytest.raises(mj.RuleError, match="the dice must be two whole numbers 1-6"):
        deal_from_walls(rules, as_text, (0, 3))
