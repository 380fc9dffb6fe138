"""The rules of hand analysis, as cases for the plain reference (``analysis_reference``).

Each test states one rule of the seeds or of ``mjcl-semantics.md`` and checks
the reference on hand-made racks: runs and "these numbers only", jokers only in
groups of 3+, the year's ``0`` as a white-dragon single, matching and opposite
dragons, two pairs of one tile are not a kong, exposures are whole groups of
the same tile and size, concealed lines refuse exposures. Then properties over
every concrete hand of every bundled card, and a brute-force check that the
reference's greedy fill is optimal.
"""

from __future__ import annotations

import random

import pytest

import mjlearn as mj
from mjlearn.tiles import COPIES, TILE_SET, Tile

import analysis_reference as ref

J = int(Tile.JOKER)
F = int(Tile.FLOWER)
WHITE = int(Tile.WHITE)
B1 = int(Tile.B1)


def rack(text: str) -> list[int]:
    return ref.rack_from(text)


def exp(text: str) -> ref.Exposure:
    return ref.exposure_from(text)


def hand_of(line: mj.Line, text: str):
    """The concrete hand of ``line`` written ``text`` (its str)."""
    matches = [h for h in line.hands() if str(h) == text]
    assert len(matches) == 1, [str(h) for h in line.hands()]
    return matches[0]


def dist(line_text: str, rack_text: str, exposures=()) -> int | None:
    result = ref.line_distance(mj.parse_line(line_text), rack(rack_text), [exp(e) for e in exposures])
    return None if result is None else result[0]


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def test_rack_and_exposure_helpers():
    assert rack("FF 222B J")[F] == 2 and rack("FF 222B J")[1] == 3 and rack("FF 222B J")[J] == 1
    assert ref.rack_from(mj.Hand("NEWS")) == rack("NEWS")
    assert exp("FFF") == (F, 3, 0)
    assert exp("555C J") == (int(Tile.C5), 4, 1)
    assert ref.exposure_text((int(Tile.C5), 4, 1)) == "555C J"
    with pytest.raises(ValueError):
        exp("JJJ")  # an exposure needs a natural
    with pytest.raises(ValueError):
        exp("5C J")  # a pair is no exposure
    with pytest.raises(ValueError):
        exp("555C 666C")


# ---------------------------------------------------------------------------
# Runs: "Consecutive Run #3 may also be formed with 44 5555 6666 7777, but not
# with 4444 5555 6666 77" (seed 002)
# ---------------------------------------------------------------------------

RUN = "11 2222 3333 4444 V"


def test_run_shifts_keep_the_shape():
    assert dist(RUN, "44B 5555B 6666B 7777B") == 0
    assert dist(RUN, "11C 2222C 3333C 4444C") == 0
    assert dist(RUN, "66D 7777D 8888D 9999D") == 0


def test_run_cannot_move_the_pair():
    # 4444 5555 6666 77: the pair must be the lowest number. Best are
    # 44 5555 6666 7777 or 33 4444 5555 6666, each 2 tiles away.
    assert dist(RUN, "4444B 5555B 6666B 77B") == 2


def test_run_jokers_may_fill_kongs_not_the_pair():
    assert dist(RUN, "44B 55B JJ 6666B 777B J") == 0
    assert dist(RUN, "4B J 5555B 6666B 7777B") == 1


def test_these_numbers_only():
    # "13579 #3 may NOT be formed with 3333 5555 555 777": a T line does not shift
    line = "FF 222 444 666 888"  # 2468 #1 of Basic1, one suit
    assert dist(line, "FF 222B 444B 666B 888B") == 0
    assert dist(line, "FF 333B 555B 777B 999B") == 12
    assert dist(line, "FF 222B 444B 666C 888C") == 6  # one suit only


# ---------------------------------------------------------------------------
# Jokers stand only in groups of 3 or more
# ---------------------------------------------------------------------------


def test_joker_never_in_a_pair():
    line = "FF 222 444 r666 888"
    assert dist(line, "FF 222B 444B 666C 888C") == 0
    assert dist(line, "F J 222B 444B 666C 888C") == 1  # joker for a flower of the pair
    assert dist(line, "FF 22B J 444B 666C 888C") == 0  # joker for a pung tile


def test_joker_never_in_a_single():
    line = "NEWS 1111 DD r1111 L"  # Winds-Dragons: NEWS are four singles
    assert dist(line, "NEWS 1111B GG 1111C") == 0
    assert dist(line, "NEW J 1111B GG 1111C") == 1
    assert dist(line, "NEWS 111B J GG 1111C") == 0


def test_jokers_fill_any_group_of_three_or_more():
    line = "FFFF 1111 r1111 b11 L"
    assert dist(line, "JJJJ 1111B 1111C 11D") == 0  # a whole kong of jokers
    assert dist(line, "JJJJ JJJJ 11B 11C 11D") == 0  # and most of two more kongs
    assert dist(line, "FFFF 1111B 1111C JJ") == 2  # but never the pair


# ---------------------------------------------------------------------------
# The year: 0 is the white dragon, and in 2027 it is a single
# ---------------------------------------------------------------------------

YEAR = "FF 2027 r2222 b7777"


def test_year_zero_is_a_white_dragon_single():
    line = mj.parse_line(YEAR)
    h = hand_of(line, "FF 2B 0 27B 2222C 7777D")
    assert h.natural_counts()[WHITE] == 1
    assert h.joker_group_counts()[WHITE] == 0
    assert ref.hand_distance(h, rack("FF 22B 0 7B 2222C 7777D")) == 0
    # a joker can't stand for the 0, nor for a 2 or 7 of 2027: they are singles
    assert ref.hand_distance(h, rack("FF 22B J 7B 2222C 7777D")) == 1
    assert ref.hand_distance(h, rack("FF 2B J 0 7B 2222C 7777D")) == 1
    assert ref.hand_distance(h, rack("FF 22B 0 J 2222C 7777D")) == 1
    # ... but it can in the kongs
    assert ref.hand_distance(h, rack("FF 22B 0 7B 22C JJ 7777D")) == 0
    assert dist(YEAR, "FF 22B J 7B 2222C 7777D") == 1


def test_zero_is_the_white_dragon():
    line = "FFF 2222 000 r7777"  # here 000 is a pung of white dragons
    assert dist(line, "FFF 2222B 000 7777C") == 0
    assert dist(line, "FFF 2222B 0 JJ 7777C") == 0
    assert dist(line, "FFF 2222B GGG 7777C") == 3
    assert dist(line, "FFF 2222B RRR 7777C") == 3
    # 0 and a dot-coloured D are the same tile
    h = mj.parse_line("22 44 r666 888 bDDDD").hands()
    assert any(str(x) == "22B 44B 666C 888C 0000" for x in h)


# ---------------------------------------------------------------------------
# Matching and opposite dragons
# ---------------------------------------------------------------------------


def test_matching_dragon():
    line = "22 444 DDDD 666 88"  # one colour: dragons match the suit
    assert dist(line, "22C 444C RRRR 666C 88C") == 0
    assert dist(line, "22D 444D 0000 666D 88D") == 0
    assert dist(line, "22C 444C GGGG 666C 88C") == 4
    assert dist(line, "22C 444C JJJJ 666C 88C") == 0  # jokers in the kong of dragons


def test_opposite_dragon():
    line = "22 44 r666 888 bDDDD"  # three colours: the dragon is of the third suit
    assert dist(line, "22D 44D 666C 888C GGGG") == 0
    assert dist(line, "22D 44D 666C 888C 0000") == 4  # dots' own dragon does not match
    assert dist(line, "22D 44D 666C 888C RRRR") == 4


# ---------------------------------------------------------------------------
# Two pairs of one tile are two pairs, not a kong
# ---------------------------------------------------------------------------

PAIRS = "FF 11 11 2222 3333"  # two pairs of 1s
KONG = "FF 1111 2222 3333"  # a kong of 1s


def test_two_pairs_are_not_a_kong():
    h = mj.parse_line(PAIRS).hands()[0]
    assert h.groups[:3] == [("F", 2), ("1B", 2), ("1B", 2)]
    assert h.natural_counts()[B1] == 4 and h.joker_group_counts()[B1] == 0
    # four naturals make either
    assert dist(PAIRS, "FF 1111B 2222B 3333B") == 0
    assert dist(KONG, "FF 1111B 2222B 3333B") == 0
    # jokers make the kong, but never the pairs
    assert dist(KONG, "FF 11B JJ 2222B 3333B") == 0
    assert dist(PAIRS, "FF 11B JJ 2222B 3333B") == 2
    # a kong exposed can't be two pairs; a pung exposed is neither
    assert dist(KONG, "FF 2222B 3333B", ["1111B"]) == 0
    assert dist(KONG, "FF 2222B 3333B", ["11B JJ"]) == 0
    assert dist(PAIRS, "FF 2222B 3333B", ["1111B"]) is None
    assert dist(KONG, "FF 1B 2222B 3333B", ["111B"]) is None


# ---------------------------------------------------------------------------
# Exposures: whole groups of the same tile and size
# ---------------------------------------------------------------------------

KONG_F = "FFFF EEE 1111 WWW V"  # Basic1 Winds/Dragons #3


def test_exposure_must_be_the_same_group():
    # a pung of flowers exposed plus a flower on the rack is not a kong of flowers
    assert dist(KONG_F, "F EEE 1111B WWW", ["FFF"]) is None
    assert dist(KONG_F, "EEE 1111B WWW", ["FFFF"]) == 0
    assert dist(KONG_F, "EEE 1111B WWW", ["FF JJ"]) == 0
    # a kong of East exposed does not fit the pung of East
    assert dist(KONG_F, "FFFF 1111B WWW", ["EEEE"]) is None
    # two exposures, each its own group
    assert dist(KONG_F, "1111B WWW", ["FFFF", "EEE"]) == 0
    assert dist(KONG_F, "1111B WW", ["FFFF", "E JJ"]) == 1
    # two exposures can't share one group
    assert dist(KONG_F, "1111B WWW", ["EEE", "EEE"]) is None


def test_exposure_distance_counts_its_tiles():
    line = mj.parse_line(KONG_F)
    h = hand_of(line, "FFFF EEE 1111B WWW")
    assert ref.hand_distance(h, rack(""), [exp("FFFF")]) == 10
    assert ref.hand_distance(h, rack("J"), [exp("FFFF")]) == 9
    assert ref.hand_distance(h, rack("EE"), [exp("FFFF")]) == 8


def test_concealed_lines_refuse_exposures():
    line = "FF NNN EEE WWW SSS C30"
    assert mj.parse_line(line).concealed
    assert dist(line, "FF NNN EEE WWW SSS") == 0
    assert dist(line, "FF EEE WWW SSS", ["NNN"]) is None
    card = mj.parse_card('C\n"W"\nFF NNN EEE WWW SSS C30\nFF NNN EEE WWW SSS X25\n')
    rows = ref.closest(card, rack("FF EEE WWW SSS"), [exp("NNN")])
    assert rows == [("W", 2, 0)]
    assert ref.wins(card, rack("FF EEE WWW SSS"), [exp("NNN")]) == [("W", 2)]
    assert ref.wins(card, rack("FF NNN EEE WWW SSS")) == [("W", 1), ("W", 2)]


# ---------------------------------------------------------------------------
# wins, closest, needs and unused
# ---------------------------------------------------------------------------


def test_wins_needs_fourteen_tiles():
    card = mj.load_card("basic1")
    assert ref.wins(card, rack("FF 222B 444B 666B 88B")) == []  # 13 tiles, 1 away
    assert ref.closest(card, rack("FF 222B 444B 666B 88B"))[0] == ("2468", 1, 1)
    assert ref.wins(card, rack("FF 222B 444B 666B 88B J")) == [("2468", 1)]  # joker in a pung


def test_needs_and_unused():
    line = mj.parse_line("FF 222 444 r666 888")
    h = hand_of(line, "FF 222B 444B 666C 888C")
    needs, unused = ref.needs_and_unused(h, rack("F J 222B 44B 9D NN 666C 8C"))
    assert str(mj.Hand.from_counts(unused)) == "9D NN"
    # the joker fills the larger shortfall: 888C (2 short) before 444B (1 short)
    assert str(mj.Hand.from_counts(needs)) == "F 4B 8C"
    assert sum(needs) == ref.hand_distance(h, rack("F J 222B 44B 9D NN 666C 8C"))
    # a tie in shortfall goes to the lower tile
    needs, unused = ref.needs_and_unused(h, rack("FF J 22B 444B 66C 888C"))
    assert str(mj.Hand.from_counts(needs)) == "6C" and sum(unused) == 0
    # extra naturals are unused; jokers beyond the open group slots too
    needs, unused = ref.needs_and_unused(h, rack("FF 2222B 44B 666C 8C JJ"))
    assert str(mj.Hand.from_counts(unused)) == "2B" and str(mj.Hand.from_counts(needs)) == "4B"
    needs, unused = ref.needs_and_unused(h, rack("F 222B 444B 666C 88C JJ"))
    assert str(mj.Hand.from_counts(unused)) == "J" and str(mj.Hand.from_counts(needs)) == "F"
    with pytest.raises(ValueError):
        ref.needs_and_unused(h, rack(""), [exp("NNN")])


# ---------------------------------------------------------------------------
# Properties over every concrete hand of every bundled card
# ---------------------------------------------------------------------------

CARDS = {name: mj.load_card(name) for name in mj.list_cards()}
ALL = [(name, line, h) for name, card in CARDS.items() for line in card.lines for h in line.hands()]


@pytest.mark.parametrize("name", [name if name == "basic1" else pytest.param(name, marks=pytest.mark.slow)
                                  for name in CARDS])
def test_every_hand_is_zero_from_itself(name):
    for line, h in ((line, h) for card_name, line, h in ALL if card_name == name):
        r = list(h.to_hand().counts)
        assert ref.hand_distance(h, r) == 0, str(h)
        needs, unused = ref.needs_and_unused(h, r)
        assert sum(needs) == 0 and sum(unused) == 0
    card = CARDS[name]
    for line in card.lines:
        for h in line.hands():
            assert ref.line_distance(line, list(h.to_hand().counts))[0] == 0
        h = line.hands()[-1]
        assert (line.category, line.number) in ref.wins(card, list(h.to_hand().counts))


def test_every_hand_from_its_own_exposures():
    # exposing any of a hand's groups of 3+ (natural or with jokers) still wins
    rng = random.Random(7)
    for _name, line, h in rng.sample(ALL, 600):
        r = list(h.to_hand().counts)
        big = [(int(t), int(s)) for t, s in h.tile_groups() if s >= 3]
        if line.concealed or not big:
            continue
        tile, size = rng.choice(big)
        # naturals the singles/pairs of this kind do not need may go to the exposure
        naturals = min(r[tile] - h.natural_counts()[tile], size)
        if naturals <= 0:
            continue  # an exposure needs a natural
        jokers = size - naturals
        if r[J] < jokers:
            continue
        r[tile] -= naturals
        r[J] -= jokers
        e = (tile, size, jokers)
        assert ref.hand_distance(h, r, [e]) == 0, (str(h), e)
        assert ref.line_distance(line, r, [e])[0] == 0


def test_swapping_a_group_tile_for_a_joker_still_wins():
    rng = random.Random(11)
    checked = 0
    for _name, line, h in ALL:
        r = list(h.to_hand().counts)
        kinds = [k for k in range(J) if h.joker_group_counts()[k] > 0 and r[k] > 0]
        if not kinds or r[J] >= 8:
            continue
        k = rng.choice(kinds)
        r[k] -= 1
        r[J] += 1
        assert ref.hand_distance(h, r) == 0, str(h)
        checked += 1
    assert checked > 2000


def test_swapping_a_single_or_pair_tile_for_a_joker_is_one_away():
    rng = random.Random(13)
    checked = 0
    for _name, line, h in ALL:
        r = list(h.to_hand().counts)
        kinds = [k for k in range(J) if h.natural_counts()[k] > 0 and h.joker_group_counts()[k] == 0]
        if not kinds:
            continue
        k = rng.choice(kinds)
        r[k] -= 1
        r[J] += 1
        assert ref.hand_distance(h, r) == 1, str(h)
        assert ref.line_distance(line, r)[0] <= 1
        checked += 1
    assert checked > 1500


def test_thirteen_tiles_are_at_least_one_away():
    rng = random.Random(17)
    for card in CARDS.values():
        for _ in range(15):
            r = [0] * 36
            for t in rng.sample(TILE_SET, 13):
                r[t] += 1
            assert all(d >= 1 for _c, _n, d in ref.closest(card, r))
        # a hand less one tile is exactly one away from its line
        for line in card.lines:
            h = rng.choice(line.hands())
            r = list(h.to_hand().counts)
            k = rng.choice([k for k in range(36) if r[k]])
            r[k] -= 1
            assert ref.line_distance(line, r)[0] == 1


def test_distance_bounds_on_random_racks():
    rng = random.Random(19)
    card = CARDS["basic1"]
    for _ in range(40):
        n = rng.choice([13, 14])
        r = [0] * 36
        for t in rng.sample(TILE_SET, n):
            r[t] += 1
        for line in card.lines:
            for h in line.hands():
                d = ref.hand_distance(h, r)
                assert 14 - n <= d <= 14
                needs, unused = ref.needs_and_unused(h, r)
                assert sum(needs) == d
                used = [a - b for a, b in zip(r, unused)]
                assert all(u >= 0 for u in used)
                assert sum(used) == 14 - d
                # naturals used never exceed what the hand shows of that kind
                assert all(used[k] <= h.counts[k] for k in range(J))


# ---------------------------------------------------------------------------
# The greedy fill is optimal: compare with a brute-force bipartite matching
# ---------------------------------------------------------------------------


def brute_force_supplied(groups, r) -> int:
    """Max tiles of ``groups`` the rack can fill: rack tiles <-> target slots, by augmenting paths."""
    slots = []  # (tile, joker allowed)
    for tile, size in groups:
        slots.extend([(tile, size >= 3)] * size)
    tiles = [k for k in range(36) for _ in range(r[k])]

    def fits(tile, slot):
        kind, joker_ok = slot
        return tile == kind or (tile == J and joker_ok)

    owner = [-1] * len(slots)

    def augment(i, seen):
        for s, slot in enumerate(slots):
            if fits(tiles[i], slot) and not seen[s]:
                seen[s] = True
                if owner[s] < 0 or augment(owner[s], seen):
                    owner[s] = i
                    return True
        return False

    return sum(augment(i, [False] * len(slots)) for i in range(len(tiles)))


def test_greedy_equals_brute_force():
    rng = random.Random(23)
    hands = [h for _n, _l, h in ALL]
    for _ in range(1500):
        h = rng.choice(hands)
        # racks near the hand (some tiles replaced by random tiles or jokers) and random racks
        if rng.random() < 0.7:
            tiles = [t for t in h.to_hand().tiles()]
            for _k in range(rng.randint(0, 6)):
                tiles[rng.randrange(len(tiles))] = rng.choice([J, J, rng.choice(TILE_SET)])
            r = [0] * 36
            for t in tiles:
                r[t] += 1
            if r[J] > 8 or any(r[k] > COPIES[k] for k in range(36)):
                continue
        else:
            r = [0] * 36
            for t in rng.sample(TILE_SET, rng.choice([13, 14])):
                r[t] += 1
        groups = [(int(t), int(s)) for t, s in h.tile_groups()]
        assert ref.hand_distance(h, r) == 14 - brute_force_supplied(groups, r), (str(h), r)
