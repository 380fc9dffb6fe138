"""The Charleston under NMJL and MAHJ-X: the seeds' statements as cases, and tile conservation."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjlearn as mj
from mjlearn.rules import MAHJX, NMJL, Charleston, deal_tiles
from mjlearn.tiles import TILE_SET, Tile


def own(rack, n=3, skip=()):
    """The first n non-joker tiles of a rack."""
    tiles = [t for t in rack.tiles() if t != Tile.JOKER and t not in skip]
    return tiles[:n]


def all_tiles(ch):
    tiles = Counter(ch.deal.wall)
    for rack in ch.racks:
        tiles.update(rack.tiles())
    return tiles


def pass_all(ch, blind=(0, 0, 0, 0)):
    for seat in range(4):
        ch.pass_tiles(seat, own(ch.racks[seat], 3 - blind[seat]), blind=blind[seat])


def test_nmjl_order_of_steps():
    ch = Charleston(deal_tiles(NMJL, seed=1))
    assert [s.name for s in ch.steps] == [
        "first right", "first across", "first left", "vote on a second Charleston",
        "second left", "second across", "second right", "courtesy pass",
    ]
    assert [s.blind for s in ch.steps if s.kind == "pass"] == [False, False, True, False, False, True]


def test_mahjx_order_of_steps():
    ch = Charleston(deal_tiles(MAHJX, seed=1))
    assert [(s.name, s.kind, s.blind) for s in ch.steps] == [
        ("first right", "pass", True), ("first across", "negotiated", False), ("first left", "pass", True),
        ("second left", "pass", True), ("second across", "negotiated", False), ("second right", "pass", True),
        ("optional pass", "negotiated", False),
    ]


def test_a_pass_right_moves_three_tiles_to_the_next_seat():
    ch = Charleston(deal_tiles(NMJL, seed=2))
    before = [Counter(r.tiles()) for r in ch.racks]
    passed = [own(ch.racks[s]) for s in range(4)]
    for seat in range(4):
        ch.pass_tiles(seat, passed[seat])
    for seat in range(4):
        from_right_neighbour = passed[(seat - 1) % 4]  # East passes right to South
        assert Counter(ch.racks[seat].tiles()) == before[seat] - Counter(passed[seat]) + Counter(from_right_neighbour)
    assert all_tiles(ch) == Counter(TILE_SET)


def test_jokers_are_never_passed_and_bad_moves_change_nothing():
    deal = deal_tiles(NMJL, seed=4)
    ch = Charleston(deal)
    rack = ch.racks[0]
    with pytest.raises(mj.RuleError, match="jokers are never passed"):
        ch.pass_tiles(0, [Tile.JOKER, *own(rack, 2)])
    with pytest.raises(mj.RuleError, match="3 tiles: 2 of your own"):
        ch.pass_tiles(0, own(rack, 2))
    with pytest.raises(mj.RuleError, match="may not be blind"):
        ch.pass_tiles(0, own(rack, 2), blind=1)
    missing = next(t for t in mj.Tile if t != Tile.JOKER and rack.count(t) == 0)
    with pytest.raises(mj.RuleError, match="does not hold"):
        ch.pass_tiles(0, [missing, *own(rack, 2)])
    with pytest.raises(mj.RuleError, match="seat must be a seat 0-3"):
        ch.pass_tiles(4, own(rack))
    with pytest.raises(mj.RuleError, match="each player passes tiles now"):
        ch.vote(0, True)
    assert ch.racks == list(deal.racks) and ch.waiting_for() == [0, 1, 2, 3] and ch.log == []
    ch.pass_tiles(0, own(rack))
    with pytest.raises(mj.RuleError, match="East has already passed in the first right pass"):
        ch.pass_tiles(0, own(rack))


def test_blind_pass_on_the_last_pass_of_the_first_charleston():
    ch = Charleston(deal_tiles(NMJL, seed=5))
    pass_all(ch)
    pass_all(ch)
    assert ch.step.name == "first left" and ch.step.blind
    sizes = [len(r) for r in ch.racks]
    before = list(ch.racks)
    pass_all(ch, blind=(3, 1, 0, 2))
    assert [len(r) for r in ch.racks] == sizes
    # East passed all three blind: everything arriving went on, unseen, and East's rack is as it was
    assert ch.racks[0] == before[0]
    # West passed three of their own and no blind tile: West keeps the three that arrive
    assert len(ch.log) == 8 * 3
    assert all_tiles(ch) == Counter(TILE_SET)


def test_all_blind_means_nothing_moves():
    ch = Charleston(deal_tiles(NMJL, seed=6))
    pass_all(ch)
    pass_all(ch)
    before = list(ch.racks)
    pass_all(ch, blind=(3, 3, 3, 3))
    assert ch.racks == before


def test_second_charleston_only_if_all_agree():
    ch = Charleston(deal_tiles(NMJL, seed=7))
    for _ in range(3):
        pass_all(ch)
    for seat, yes in enumerate([True, True, False, True]):
        ch.vote(seat, yes)
    assert ch.step.name == "courtesy pass"
    ch2 = Charleston(deal_tiles(NMJL, seed=7))
    for _ in range(3):
        pass_all(ch2)
    for seat in range(4):
        ch2.vote(seat, True)
    assert ch2.step.name == "second left"


def test_courtesy_pass_swaps_the_lower_offer():
    ch = Charleston(deal_tiles(NMJL, seed=8))
    for _ in range(3):
        pass_all(ch)
    for seat in range(4):
        ch.vote(seat, False)
    before = [Counter(r.tiles()) for r in ch.racks]
    offers = {0: own(ch.racks[0], 3), 2: own(ch.racks[2], 1), 1: own(ch.racks[1], 0), 3: own(ch.racks[3], 2)}
    for seat in range(4):
        ch.pass_tiles(seat, offers[seat])
    assert ch.done
    # East and West swap 1 (West's lower offer), South and North swap 0
    assert Counter(ch.racks[0].tiles()) == before[0] - Counter(offers[0][:1]) + Counter(offers[2][:1])
    assert Counter(ch.racks[1].tiles()) == before[1] and Counter(ch.racks[3].tiles()) == before[3]
    with pytest.raises(mj.RuleError, match="the Charleston is over"):
        ch.pass_tiles(0, [])


def test_mahjx_two_mandatory_charlestons_with_negotiated_across():
    ch = Charleston(deal_tiles(MAHJX, seed=9))
    pass_all(ch, blind=(1, 0, 0, 2))  # blind allowed on right
    for seat in range(4):
        ch.pass_tiles(seat, own(ch.racks[seat], seat % 4))  # across: offers 0, 1, 2, 3
    pass_all(ch, blind=(0, 3, 0, 0))
    assert ch.step.name == "second left"  # no vote: mandatory
    pass_all(ch)
    for seat in range(4):
        ch.pass_tiles(seat, own(ch.racks[seat], 2))
    pass_all(ch)
    for seat in range(4):
        ch.pass_tiles(seat, [])
    assert ch.done
    assert [len(r) for r in ch.racks] == [13, 13, 13, 13]
    assert all(r.count("J") >= 1 for r in ch.racks)  # the jokers dealt first never leave
    assert all_tiles(ch) == Counter(TILE_SET)


def test_the_log_records_every_pass():
    ch = Charleston(deal_tiles(NMJL, seed=10))
    pass_all(ch)
    assert [(e.seat, e.action) for e in ch.log[:2]] == [(0, "passes"), (0, "receives")]
    assert len(ch.log) == 8


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.sampled_from([NMJL, MAHJX]), st.integers(0, 10_000), st.data())
def test_any_sequence_of_legal_passes_conserves_tiles_and_rack_sizes(rules, seed, data):
    ch = Charleston(deal_tiles(rules, seed=seed))
    sizes = [len(r) for r in ch.racks]
    while not ch.done:
        step = ch.step
        for seat in range(4):
            if step.kind == "vote":
                ch.vote(seat, data.draw(st.booleans()))
            elif step.kind == "negotiated":
                ch.pass_tiles(seat, own(ch.racks[seat], data.draw(st.integers(0, 3))))
            else:
                blind = data.draw(st.integers(0, 3)) if step.blind else 0
                ch.pass_tiles(seat, own(ch.racks[seat], 3 - blind), blind=blind)
        assert [len(r) for r in ch.racks] == sizes
        assert all_tiles(ch) == Counter(TILE_SET)


def test_a_hand_complete_after_the_deal_is_recognised():
    card = mj.parse_card('C\n"2468"\nFF 222 444 666 888\n')
    deal = deal_tiles(NMJL, seed=12)
    winning = mj.Hand("FF 222B 444B 666B 888B")
    from dataclasses import replace

    rigged = replace(deal, racks=(winning, *deal.racks[1:]))
    ch = Charleston(rigged)
    found = ch.complete_hands(card)
    assert list(found) == [0] and found[0][0].category == "2468"
    assert Charleston(deal).complete_hands(card) == {}


def test_suggested_passes_are_what_the_likeliest_lines_leave_unused():
    from mjlearn.analysis import suggest_pass

    card = mj.load_card("basic1")
    # N and S serve no line with a chance; the third goes from the pungs, the 4B being used by fewer lines
    assert [t.notation for t in suggest_pass(card, "FF 222B 444B 666B 8B N S")] == ["N", "S", "4B"]
    for seed in range(20):
        rack = deal_tiles(NMJL, seed=seed).racks[1]
        tiles = suggest_pass(card, rack)
        assert len(tiles) == 3 and Tile.JOKER not in tiles
        assert not Counter(tiles) - Counter(rack.tiles())
    with pytest.raises(mj.HandError, match="fewer than 3"):
        suggest_pass(card, "JJJJ 1B 2B")


def test_the_charleston_log_as_a_table():
    from mjlearn.rules import deal_tiles

    ch = Charleston(deal_tiles(seed=1))
    for seat in range(4):
        ch.pass_tiles(seat, [t for t in ch.racks[seat].tiles() if t != Tile.JOKER][:3])
    table = ch.log_table()
    assert list(table.columns) == ["step", "seat", "action", "tiles", "detail"]
    assert len(table) == 8 and set(table["step"]) == {"first right"}
    assert table.loc[0, "seat"] == "East" and table.loc[0, "action"] == "passes"
    assert len(table.loc[0, "tiles"].split()) == 3


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_charleston_s_steps_are_worked_out_once_per_ruleset_and_each_charleston_has_its_own_list(rules):
    """The steps are built once per ruleset and kept (a new game's Charleston reads them): each Charleston gets
    them as a list of its own, the same steps as built afresh."""
    from mjlearn.rules.charleston import _build_steps, _steps

    first, second = Charleston(deal_tiles(rules, seed=1)), Charleston(deal_tiles(rules, seed=2))
    assert first.steps == second.steps == _steps(rules) == _build_steps(rules)
    assert first.steps is not second.steps and first.steps[0] is second.steps[0]
    first.steps.pop()
    assert second.steps == _steps(rules) == _build_steps(rules)
