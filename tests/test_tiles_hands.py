"""Tiles, the 152-tile set, the concrete notation and Hand validation."""

from collections import Counter

import pytest

import mjlearn as mj
from mjlearn.tiles import NUM_KINDS, TILE_SET, format_tile_counts


def test_36_kinds_and_the_152_tile_set():
    assert len(mj.Tile) == NUM_KINDS == 36
    counts = Counter(TILE_SET)
    assert len(TILE_SET) == 152
    assert counts[mj.Tile.FLOWER] == 8 and counts[mj.Tile.JOKER] == 8
    assert all(counts[t] == 4 for t in mj.Tile if t < mj.Tile.FLOWER)
    assert sum(1 for t in mj.Tile if t.is_number) == 27
    assert sum(1 for t in mj.Tile if t.is_wind) == 4
    assert sum(1 for t in mj.Tile if t.is_dragon) == 3


def test_dragon_suit_association():
    assert mj.Suit.BAM.dragon == mj.Tile.GREEN
    assert mj.Suit.CRAK.dragon == mj.Tile.RED
    assert mj.Suit.DOT.dragon == mj.Tile.WHITE
    for suit in mj.Suit:
        assert suit.dragon.dragon_suit == suit


def test_tile_properties():
    assert mj.Tile.numbered(7, mj.Suit.CRAK) == mj.Tile.C7
    assert mj.Tile.C7.number == 7 and mj.Tile.C7.suit == mj.Suit.CRAK
    assert mj.Tile.NORTH.suit is None and mj.Tile.NORTH.number is None
    assert mj.Tile.WHITE.notation == "0" and "soap" in mj.Tile.WHITE.long_name
    assert mj.Tile.JOKER.is_joker and not mj.Tile.FLOWER.is_joker


@pytest.mark.parametrize("tile", list(mj.Tile))
def test_every_tile_notation_round_trips(tile):
    assert mj.Tile.from_notation(tile.notation) == tile
    assert str(tile) == tile.notation


def test_concrete_notation_examples():
    tiles = mj.parse_tiles("FF 222B 444B 666C 888C J")
    assert len(tiles) == 15
    assert mj.parse_tiles("13579D") == [mj.Tile.D1, mj.Tile.D3, mj.Tile.D5, mj.Tile.D7, mj.Tile.D9]
    assert mj.parse_tiles("RRR G 0 NEWS") == [mj.Tile.RED] * 3 + [mj.Tile.GREEN, mj.Tile.WHITE] + [
        mj.Tile.NORTH, mj.Tile.EAST, mj.Tile.WEST, mj.Tile.SOUTH]
    assert mj.parse_tiles("2b") == [mj.Tile.B2]  # suit letters may be lower case


@pytest.mark.parametrize(
    "text, fragment, position",
    [
        ("222", "suit letter", 3),
        ("22X", "suit letter", 2),
        ("FF Q", "unknown tile 'Q'", 3),
        ("ff", "upper case", 0),
        ("FF B", "suit letter must follow numbers", 3),
    ],
)
def test_bad_notation_says_what_and_where(text, fragment, position):
    with pytest.raises(mj.NotationError) as info:
        mj.parse_tiles(text)
    assert fragment in str(info.value)
    assert info.value.position == position
    assert str(info.value).splitlines()[-1] == "  " + " " * position + "^"


def test_hand_round_trip_and_canonical_order():
    hand = mj.Hand("J 88C FF 666C 444B 222B")
    assert str(hand) == "FF 222B 444B 666C 88C J"
    assert mj.Hand(str(hand)) == hand
    assert repr(hand) == "Hand('FF 222B 444B 666C 88C J')"
    assert str(mj.Hand("0 R G S W E N")) == "N E W S G R 0"


def test_hand_is_a_multiset():
    hand = mj.Hand("FF 11B 1B")
    assert len(hand) == 5
    assert hand.count("1B") == 3 and hand.count(mj.Tile.FLOWER) == 2
    assert mj.Tile.B1 in hand and mj.Tile.B2 not in hand
    assert hand == mj.Hand("1B F 1B F 1B")
    assert hash(hand) == hash(mj.Hand("1B F 1B F 1B"))
    assert hand + "JJ" == mj.Hand("FF 111B JJ")
    assert (hand - "F").count("F") == 1
    assert mj.Hand("JJ 5D").naturals == mj.Hand("5D")
    assert mj.Hand([mj.Tile.B1, "2B", 2]) == mj.Hand("123B")
    assert mj.Hand.from_counts(mj.Hand("NN").counts) == mj.Hand("NN")


@pytest.mark.parametrize(
    "text, message",
    [
        ("22222B", "5 natural 2B; a set holds only 4"),
        ("FFFFFFFFF", "9 flowers; a set holds only 8"),
        ("JJJJJJJJJ", "9 jokers; a set holds only 8"),
        ("FFF 1111B 2222B 3333B J", "16 tiles; a hand holds at most 14"),
    ],
)
def test_hand_limits(text, message):
    with pytest.raises(mj.HandError, match=message):
        mj.Hand(text)


def test_eight_flowers_and_eight_jokers_are_allowed():
    assert len(mj.Hand("FFFFFFFF JJJJJJ")) == 14


def test_hand_subtraction_of_missing_tiles_is_refused():
    with pytest.raises(mj.HandError, match="does not hold: 5D"):
        mj.Hand("FF") - "5D"


def test_hand_errors_are_value_errors():
    with pytest.raises(ValueError):
        mj.Hand("22222B")
    with pytest.raises(ValueError):
        mj.Hand("x")


def test_format_tile_counts_puts_flowers_first_and_jokers_last():
    counts = [0] * 36
    counts[mj.Tile.JOKER] = 2
    counts[mj.Tile.FLOWER] = 1
    counts[mj.Tile.D9] = 1
    counts[mj.Tile.RED] = 3
    assert format_tile_counts(counts) == "F 9D RRR JJ"


def test_concrete_hand_groups_and_text():
    hand = mj.parse_line("FF 2025 r2222 b5555").hands()[0]
    assert str(hand) == "FF 2B 0 25B 2222C 5555D"
    assert hand.groups[1:5] == [("2B", 1), ("0", 1), ("2B", 1), ("5B", 1)]
    assert len(hand) == 14
    assert mj.Hand(str(hand)) == hand.to_hand()


def test_concrete_hand_identity_ignores_group_order():
    a = mj.parse_line("FF 222 444 666 888").hands()[0]
    b = mj.parse_line("888 666 444 222 FF").hands()[0]
    assert a == b and hash(a) == hash(b)
    assert str(a) != str(b)


def test_to_hand_uses_jokers_where_naturals_run_out():
    hand = mj.parse_line("NNNN NNNN EEEE SS").hands()[0]
    assert hand.jokers_required() == 4
    assert hand.to_hand() == mj.Hand("NNNN EEEE SS JJJJ")


def test_absurdly_long_notation_is_refused_at_once():
    from mjlearn.tiles import MAX_NOTATION_CHARS

    with pytest.raises(mj.NotationError, match="at most 2,000") as info:
        mj.Hand("1" * 1_000_000)
    assert info.value.position == MAX_NOTATION_CHARS
    assert len(info.value.text) == 1_000_000 and len(str(info.value)) < 200


@pytest.mark.parametrize("value", [None, 5, 2.5, b"FF", bytearray(b"FF")])
def test_hand_of_a_wrong_type_names_the_argument(value):
    with pytest.raises(mj.ArgumentError, match=f"tiles must be .*not {type(value).__name__}"):
        mj.Hand(value)
