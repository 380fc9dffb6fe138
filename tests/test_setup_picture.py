"""The setup picture: walls, break and deal drawn as the rules engine builds them."""

import re

import pytest

from mjlearn.errors import ArgumentError, MjlearnError
from mjlearn.render.setup_picture import STAGES, setup_picture
from mjlearn.rules import MAHJX, NMJL, deal_tiles

STACK = re.compile(r'<rect x="[\d.]+" y="[\d.]+" width="\d+" height="\d+" fill="(#[0-9a-f]{6})" stroke="#222222"')


def stack_fills(svg: str) -> list[str]:
    return STACK.findall(svg)


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
@pytest.mark.parametrize("seed", [0, 5, 11])
def test_the_stacks_left_after_the_deal_hold_the_wall(rules, seed):
    deal = deal_tiles(rules, seed=seed)
    fills = stack_fills(setup_picture(deal, "dealt").svg)
    assert len(fills) == sum(rules.wall_length)
    tiles_left = 2 * fills.count("#2f6b4f") + fills.count("#a8d5b5")
    assert tiles_left == len(deal.wall)


def test_before_the_deal_every_stack_is_full_and_only_the_broken_wall_shows_the_break():
    deal = deal_tiles(seed=3)
    built, broken = setup_picture(deal, "built").svg, setup_picture(deal, "broken").svg
    assert set(stack_fills(built)) == set(stack_fills(broken)) == {"#2f6b4f"}
    assert "the break" not in built and "the break" in broken
    assert f"East rolls {deal.dice[0]} + {deal.dice[1]} = {sum(deal.dice)}" in broken


def test_the_break_sits_dice_stacks_from_the_right_end_of_easts_wall():
    deal = deal_tiles(seed=3)
    svg = setup_picture(deal, "broken").svg
    east = [(float(x), float(y)) for x, y in re.findall(r'<rect x="([\d.]+)" y="([\d.]+)" width="16" height="22"', svg)]
    bottom = max(y for _, y in east)
    xs = sorted(x for x, y in east if y == bottom)       # East's stacks, left to right
    bar = float(re.search(r'<line x1="([\d.]+)"', svg).group(1))
    assert sum(1 for x in xs if x >= bar) == sum(deal.dice)


def test_the_next_draw_is_framed_where_the_wall_goes_on():
    deal = deal_tiles(seed=8)
    assert setup_picture(deal, "dealt").svg.count('stroke="#d99a00"') == 1
    assert setup_picture(deal, "broken").svg.count('stroke="#d99a00"') == 0


def test_the_same_deal_gives_the_same_picture():
    assert setup_picture(deal_tiles(seed=4)).svg == setup_picture(deal_tiles(seed=4)).svg
    assert "SetupPicture(" in repr(setup_picture(deal_tiles(seed=4))) and "0x" not in repr(setup_picture(deal_tiles(seed=4)))


@pytest.mark.parametrize("deal, stage", [("not a deal", "dealt"), (None, "built"), (deal_tiles(seed=1), "shuffled"),
                                         (deal_tiles(seed=1), ["dealt"]), (deal_tiles(seed=1), None)])
def test_bad_arguments_are_documented_errors(deal, stage):
    with pytest.raises(ArgumentError) as raised:
        setup_picture(deal, stage)
    assert isinstance(raised.value, MjlearnError)


def test_stages_are_in_the_order_they_happen():
    assert STAGES == ("built", "broken", "dealt")
