"""Properties of the fast engine over every bundled card's concrete hands (hypothesis)."""

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import mjlearn as mj
from mjlearn.tiles import COPIES

PAIRS = [(card, line, hand) for card in map(mj.load_card, mj.list_cards())
         for line in card.lines for hand in line.hands()]
SETTINGS = settings(max_examples=150, deadline=None, derandomize=True)


def counts(hand):
    return list(hand.to_hand().counts)


def distance_to(card, line, rack_counts):
    table = card.closest(mj.Hand.from_counts(rack_counts), n=None)
    row = table[(table["category"] == line.category) & (table["line"] == line.number)]
    return int(row["distance"].iloc[0])


@SETTINGS
@given(st.sampled_from(PAIRS))
def test_every_hand_wins_its_own_line(item):
    card, line, hand = item
    wins = card.match(hand.to_hand())
    assert line in wins
    win = wins[wins.index(line)]
    assert len(win.realised) == 14 and distance_to(card, line, counts(hand)) == 0


@SETTINGS
@given(st.sampled_from(PAIRS), st.data())
def test_a_joker_for_a_natural_of_a_big_group_still_wins(item, data):
    card, line, hand = item
    rack = counts(hand)
    big = [tile for tile, n in enumerate(hand.joker_group_counts()) if n and rack[tile]]
    assume(big and rack[35] < 8)
    tile = data.draw(st.sampled_from(big))
    rack[tile] -= 1
    rack[35] += 1
    assert line in card.match(mj.Hand.from_counts(rack))


@SETTINGS
@given(st.sampled_from(PAIRS), st.data())
def test_a_joker_for_a_single_or_pair_tile_is_one_away(item, data):
    card, line, hand = item
    rack = counts(hand)
    # a kind that sits only in singles/pairs: a joker cannot stand for it
    small_only = [tile for tile, n in enumerate(hand.natural_counts())
                  if n and not hand.joker_group_counts()[tile]]
    assume(small_only and rack[35] < 8)
    tile = data.draw(st.sampled_from(small_only))
    rack[tile] -= 1
    rack[35] += 1
    assert line not in card.match(mj.Hand.from_counts(rack))
    assert distance_to(card, line, rack) == 1


@SETTINGS
@given(st.sampled_from(PAIRS), st.data())
def test_exposing_a_group_of_the_hand_still_wins(item, data):
    card, line, hand = item
    assume(not line.concealed)
    groups = [(t, n) for t, n in hand.tile_groups() if n >= 3]
    assume(groups)
    tile, size = data.draw(st.sampled_from(groups))
    rack = counts(hand)
    # the same tile may also sit in a single or pair, which no joker can fill (a 2027 beside a pung
    # of white dragons): the exposure keeps those naturals on the rack and takes a joker instead
    kept = sum(n for t, n in hand.tile_groups() if t == tile and n < 3)
    naturals = min(rack[tile] - kept, size)
    jokers = size - naturals
    assume(rack[35] >= jokers)
    rack[tile] -= naturals
    rack[35] -= jokers
    exposure = mj.Hand.from_counts([naturals if k == tile else jokers if k == 35 else 0 for k in range(36)])
    assert line in card.match(mj.Hand.from_counts(rack), exposures=[exposure])


@SETTINGS
@given(st.sampled_from(PAIRS), st.data())
def test_thirteen_tiles_are_one_away(item, data):
    card, line, hand = item
    rack = counts(hand)
    tile = data.draw(st.sampled_from([k for k, n in enumerate(rack) if n]))
    rack[tile] -= 1
    assert distance_to(card, line, rack) == 1
    assert all(n <= c for n, c in zip(rack, COPIES))
