"""Property tests (hypothesis) for the MJCL parser, the expander and :class:`mjlearn.Hand`.

* Any text given to ``parse_line``, ``parse_card`` or ``check_card`` either
  works or raises :class:`mjlearn.MJCLError`; ``check_card`` never raises.
* Generated valid lines expand to distinct 14-tile hands that a 152-tile set
  (with its 8 jokers) can supply, and whose text reads back as the same tiles;
  the hands a line leaves out are exactly those no set can supply.
* Lines and cards written back with ``to_mjcl`` parse to equal objects.
* ``Hand`` round-trips through its text and refuses impossible tile counts.
* Every line of every bundled card has the same per-hand properties.
"""

from __future__ import annotations

import string
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import mjlearn as mj
from mjlearn import Tile

# Generated lines may leave out hands no set can build: they warn (MJCLWarning), as they should.
pytestmark = pytest.mark.filterwarnings("ignore::mjlearn.MJCLWarning")

# database=None: keep no example database in the repository.
FAST = settings(max_examples=150, deadline=None, database=None)
LINES = settings(
    max_examples=250, deadline=None, database=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow]
)
CARDS = settings(
    max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow]
)

DIGITS = "123456789"
WINDS = "NEWS"
DRAGONS = "DGR0"
TILE_CHARS = DIGITS + "DGR0FNEWS"

# ---------------------------------------------------------------------------
# 1. Arbitrary text never raises anything but MJCLError
# ---------------------------------------------------------------------------

MJCL_ALPHABET = (
    list(DIGITS)
    + list("DGR0FNEWS")
    + list("grbmcda")
    + list("+-=x/|o")
    + list("TIAPKQZLUV*>YH#~!")
    + list("XC")
    + list("()")
    + [" ", " ", " ", "\t", '"', "\u201c", "\u201d", "^", "\n", "\n", "//"]
)
mjcl_soup = st.lists(st.sampled_from(MJCL_ALPHABET), max_size=80).map("".join)

# Token-level text: closer to real lines, so it reaches the expander too.
_set_token = st.builds(
    lambda prefix, tiles: prefix + tiles,
    st.sampled_from(["", "", "", "r", "b", "g", "a", "m", "c", "d", "rm", "ba"]),
    st.text(alphabet=TILE_CHARS, min_size=1, max_size=5),
)
_expander_token = st.builds(
    lambda code, arg: code + arg,
    st.sampled_from(list("TIAPKQZLUV*>YH#~!")),
    st.text(alphabet="0123456789oeaIAPKQZNEWSDF", max_size=4),
)
_token = st.one_of(
    _set_token,
    _set_token,
    _expander_token,
    st.sampled_from(list("+-=x/|o") + ["X", "C", "X25", "C50", "X 30", "(Any Suit)", "(", ")"]),
)
mjcl_tokens = st.lists(_token, min_size=1, max_size=12).map(" ".join)


def _only_mjcl_errors(text: str) -> None:
    for parse in (mj.parse_line, mj.parse_card):
        try:
            parse(text)
        except mj.MJCLError:
            pass
    result = mj.check_card(text)  # must not raise at all
    assert isinstance(result, mj.CardCheck)
    assert all(isinstance(e, mj.MJCLError) for e in result.errors)
    assert result.ok == (not result.errors)
    if result.ok:
        assert result.card is not None


@FAST
@given(st.text())
def test_any_text_raises_only_mjcl_errors(text):
    _only_mjcl_errors(text)


@FAST
@given(mjcl_soup)
def test_mjcl_alphabet_soup_raises_only_mjcl_errors(text):
    _only_mjcl_errors(text)


@settings(max_examples=300, deadline=None, database=None)
@given(mjcl_tokens)
def test_mjcl_tokens_raise_only_mjcl_errors(text):
    _only_mjcl_errors(text)


@FAST
@given(st.lists(st.one_of(mjcl_tokens, mjcl_soup, st.just('"2468"'), st.just("Card +10")), max_size=6))
def test_card_of_token_lines_raises_only_mjcl_errors(lines):
    _only_mjcl_errors("\n".join(lines))


# ---------------------------------------------------------------------------
# 2. Generated valid lines
# ---------------------------------------------------------------------------

_GROUP_SIZES = [1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5]
_GROUP_CHARS = list(DIGITS * 3) + list("DDGR0FFNEWS")


@st.composite
def _sets(draw):
    """Sets of one base pattern: lists of (char, size) groups holding exactly 14 tiles."""
    remaining = 14
    sets = []
    while remaining:
        groups: list[tuple[str, int]] = []
        for _ in range(draw(st.integers(1, 3))):
            if not remaining:
                break
            size = draw(st.sampled_from([s for s in _GROUP_SIZES if s <= remaining]))
            chars = [c for c in _GROUP_CHARS if not groups or c != groups[-1][0]]
            groups.append((draw(st.sampled_from(chars)), size))
            remaining -= size
        colour = draw(st.sampled_from([None, None, None, "g", "r", "b"]))
        suited = any(c in DIGITS + "D" for c, _ in groups)
        suit = draw(st.sampled_from([None] * 12 + ["m", "c", "d", "a"])) if suited else None
        sets.append({"groups": groups, "colour": colour, "suit": suit, "colour_first": draw(st.booleans())})
    return sets


def _set_text(s) -> str:
    prefixes = [p for p in (s["colour"], s["suit"]) if p]
    if not s["colour_first"]:
        prefixes.reverse()
    return "".join(prefixes) + "".join(c * n for c, n in s["groups"])


@st.composite
def _pattern_text(draw, sets):
    """The sets as text, with optional decorations, sometimes written inside one token."""
    parts = [_set_text(sets[0])]
    for s in sets[1:]:
        text = _set_text(s)
        joiner = draw(st.sampled_from([" ", " ", " ", " ", "  ", " + ", " = ", " - ", " x ", " / ", "+", "="]))
        if joiner == " " and text[0] in "grbmcda" and draw(st.booleans()):
            joiner = ""  # a prefix starts a new set inside the token
        parts.append(joiner + text)
    return "".join(parts)


def _suited_colours(sets) -> int:
    seen: list[str] = []
    colour = "g"  # colours are sticky: track the colour in force for each set
    for s in sets:
        colour = s["colour"] or colour
        if s["suit"] is None and any(c in DIGITS + "D" for c, _ in s["groups"]) and colour not in seen:
            seen.append(colour)
    return len(seen)


def _suit_ways(sets, starred=()) -> int:
    """An upper bound of the suit assignments of a pattern (1, 3, 6 ways per colour count, 3 per any-suit set)."""
    any_sets = sum(1 for i, s in enumerate(sets) if s["suit"] == "a" or i in starred)
    return (1, 3, 6, 6)[_suited_colours(sets)] * 3**any_sets


def _groups(sets):
    return [g for s in sets for g in s["groups"]]


def _digits(sets) -> set[str]:
    return {c for c, _ in _groups(sets) if c in DIGITS}


@st.composite
def valid_lines(draw, max_hands: int = 3000):
    """Text of a line that the rules accept, with the expanders that apply to it."""
    patterns = [draw(_sets())]
    if draw(st.integers(0, 3)) == 0:
        patterns.append(draw(_sets()))
    chars_in_all = set.intersection(*({c for c, _ in _groups(p)} for p in patterns))
    digits_in_all = set.intersection(*(_digits(p) for p in patterns))

    expanders: list[str] = []
    factor = 1
    if draw(st.integers(0, 5)) == 0:
        expanders.append("T")

    # one "main" expander that changes digits or tiles
    main = draw(st.sampled_from(["none", "none", "Z", "L", "L", "U", "#"]))
    if main == "L":
        options = [code for code, d in (("L", "1"), ("Lo", "1"), ("Le", "2")) if d in digits_in_all]
        if options:
            code = draw(st.sampled_from(options))
            expanders.append(code)
            factor *= 9
    elif main == "U" and len(digits_in_all) >= 2:
        d1, d2 = draw(st.permutations(sorted(digits_in_all)))[:2]
        parity = draw(st.sampled_from(["", "", "o", "e"]))
        expanders.append(f"UZ{d1}{d2}{parity}")
        factor *= 72
    elif main == "#" and all(len(_digits(p)) <= 4 for p in patterns) and digits_in_all:
        expanders.append("#")
        factor *= 24
    elif main == "Z" and chars_in_all:
        first = draw(st.sampled_from(sorted(chars_in_all)))
        same_kind = next(kind for kind in (DIGITS, WINDS, DRAGONS, "F") if first in kind)
        others = draw(st.lists(st.sampled_from(same_kind), min_size=1, max_size=3))
        # a size code, when every pattern has a group of that size with this tile
        sizes = [
            code
            for code, size in (("I", 1), ("A", 2), ("P", 3), ("K", 4), ("Q", 5))
            if all((first, size) in _groups(p) for p in patterns)
        ]
        expanders.append(draw(st.sampled_from(["Z", *sizes])) + first + "".join(others))
        factor *= 1 + len(others)

    if draw(st.booleans()) and all(
        len([1 for c, n in _groups(p) if n == 2 and c in DIGITS]) >= 2 for p in patterns
    ):
        expanders.append("Y" + draw(st.sampled_from(["o", "e", "5", "369", "123456789"])))
        factor *= 9
    if draw(st.booleans()) and digits_in_all:
        expanders.append(draw(st.sampled_from(["V", "Va", "Vo", "Ve"])))
        factor *= 9
    if draw(st.booleans()) and all(set(WINDS) & {c for c, _ in _groups(p)} for p in patterns):
        expanders.append("~")
        factor *= 2
    starred: tuple[int, ...] = ()
    if draw(st.booleans()):
        common = min(len(p) for p in patterns)
        suited = [
            i
            for i in range(min(common, 10))
            if all(any(c in DIGITS + "D" for c, _ in p[i]["groups"]) for p in patterns)
        ]
        if suited:
            starred = tuple(sorted(draw(st.sets(st.sampled_from(suited), min_size=1, max_size=2))))
            expanders.append("*" + "".join(map(str, starred)))
    # keep the expansion small enough to check every hand quickly
    while expanders and factor * max(_suit_ways(p, starred) for p in patterns) * len(patterns) > max_hands:
        dropped = expanders.pop()
        made = {"L": 9, "U": 72, "#": 24, "Y": 9, "V": 9, "~": 2}.get(dropped[0], 1)
        if dropped[0] in "IAPKQZ":
            made = len(dropped) - 1
        factor = max(1, factor // made)
        if dropped.startswith("*"):
            starred = ()
    assume(max(_suit_ways(p, starred) for p in patterns) * factor * len(patterns) <= max_hands)
    # '!' restricts the value choices of the L, U, V and Y codes after it (and must precede one)
    restricted = next((i for i, e in enumerate(expanders) if e[0] in "LUVY"), None)
    if restricted is not None and draw(st.integers(0, 3)) == 0:
        allowed = draw(st.sampled_from(["123456789", "123456789", "13579", "2468", "369", "12345"]))
        expanders.insert(restricted, "!" + allowed)

    texts = [draw(_pattern_text(p)) for p in patterns]
    separator = draw(st.sampled_from([" | ", " o ", "|", " |"]))
    parts = [separator.join(texts), *expanders]
    mark = draw(st.sampled_from(["", "X", "C", "X25", "C50", "X{v}", "C{v}", "X {v}"]))
    if mark:
        parts.append(mark.format(v=draw(st.integers(0, 1000))))
    notes = draw(
        st.lists(
            st.text(alphabet=string.ascii_letters + string.digits + " &/-.,'", min_size=1, max_size=15),
            max_size=2,
        )
    )
    for note in notes:
        position = draw(st.sampled_from([len(parts), len(parts), 1]))
        parts.insert(position, f"({note})")
    indent = draw(st.sampled_from(["", "", "", " ", "\t"]))
    return indent + " ".join(parts)


def _parse_valid(text: str) -> mj.Line:
    """Parse a generated line; only a lack of tiles in the set may stop it."""
    try:
        return mj.parse_line(text)
    except mj.ExpansionLimitError:
        assume(False)
    except mj.MJCLError as error:
        # the generator cannot see which suits end up equal, so a hand may need
        # more naturals than a set holds; anything else is a real failure
        if "natural" in error.message or "jokers; a set holds 8" in error.message:
            assume(False)
        # a '!' the generator chose may leave an expander no values
        if "leaves no hand" in error.message and "!" in text:
            assume(False)
        raise
    raise AssertionError("unreachable")  # pragma: no cover


def check_hand_properties(line: mj.Line) -> None:
    """What every concrete hand of every line must satisfy."""
    hands = line.hands()
    assert hands, line.mjcl
    assert len(set(hands)) == len(hands), "hands of a line must be distinct"
    assert len({h.key for h in hands}) == len(hands)
    assert line.count_hands() == len(hands) == len(line)
    for hand in hands:
        assert len(hand) == 14, str(hand)
        assert sum(size for _, size in hand.groups) == 14
        assert sum(hand.counts) == 14
        assert hand.counts[Tile.JOKER] == 0
        assert all(1 <= size for _, size in hand.groups)
        for kind, n in enumerate(hand.natural_counts()):
            assert n <= Tile(kind).copies, f"{hand}: {n} natural {Tile(kind).notation} in singles/pairs"
        assert hand.jokers_required() <= 8, str(hand)
        # the text reads back as the same multiset of tiles
        read = Counter(mj.parse_tiles(str(hand)))
        assert tuple(read[Tile(k)] for k in range(36)) == hand.counts
        # as tiles on a rack: naturals where the set has them, jokers for the rest
        rack = hand.to_hand()
        assert len(rack) == 14
        assert rack.jokers == hand.jokers_required()
        assert mj.Hand(str(rack)) == rack
    # what the line left out: distinct hands of 14 tiles, none of its hands, each beyond the set
    kept = {h.key for h in hands}
    assert len({d.hand.key for d in line.dropped}) == len(line.dropped)
    for hand, reason in line.dropped:
        assert hand.key not in kept and len(hand) == 14
        short = [k for k, n in enumerate(hand.natural_counts()) if n > Tile(k).copies]
        assert short or hand.jokers_required() > 8, str(hand)
        assert ("natural" in reason) == bool(short), reason


@pytest.mark.slow
@LINES
@given(valid_lines())
def test_valid_lines_expand_to_good_hands(text):
    check_hand_properties(_parse_valid(text))


@settings(LINES, max_examples=25)
@given(valid_lines())
def test_valid_lines_expand_to_good_hands_quickly(text):
    check_hand_properties(_parse_valid(text))


@LINES
@given(valid_lines(max_hands=600))
def test_line_round_trip(text):
    line = _parse_valid(text)
    again = mj.parse_line(line.mjcl)
    assert again == line
    assert again.mjcl == line.mjcl  # to_mjcl is idempotent
    assert again.to_mjcl() == line.to_mjcl()
    assert again.hands() == line.hands()
    assert (again.value, again.concealed, again.notes) == (line.value, line.concealed, line.notes)


# ---------------------------------------------------------------------------
# 3. Generated cards
# ---------------------------------------------------------------------------

_NAME_CHARS = string.ascii_letters + string.digits + " -'&."
card_names = (
    st.text(alphabet=_NAME_CHARS, min_size=1, max_size=20)
    .map(str.strip)
    .filter(lambda s: s and not s.startswith("//"))
)
category_names = (
    st.text(alphabet=string.ascii_letters + string.digits + " /&-^", min_size=1, max_size=16)
    .map(str.strip)
    .filter(lambda s: s and not s.startswith("^"))
)


def _expands(text: str) -> bool:
    try:
        mj.parse_line(text)
    except mj.MJCLError:
        return False
    return True


card_lines = valid_lines(max_hands=200).filter(_expands)


@st.composite
def card_texts(draw):
    name = draw(card_names)
    bonus = draw(st.sampled_from([0, 0, 0, 5, 10, 25, 100]))
    out = []
    if draw(st.booleans()):
        out.append("// a card made by hypothesis")
    out.append(f"{name}{draw(st.sampled_from([' +', ' + ', '+']))}{bonus}" if bonus else name)
    categories = []
    for _ in range(draw(st.integers(1, 3))):
        cat = draw(category_names)
        page = draw(st.booleans())
        opening, closing = draw(st.sampled_from([('"', '"'), ("\u201c", "\u201d")]))
        out.append("")
        out.append(f"{opening}{'^' if page else ''}{cat}{closing}")
        lines = draw(st.lists(card_lines, min_size=1, max_size=3))
        for text in lines:
            if draw(st.integers(0, 4)) == 0:
                out.append("   // comment")
            out.append(text)
        categories.append((cat, page, len(lines)))
    return "\n".join(out) + draw(st.sampled_from(["", "\n", "\n\n"])), name, bonus, categories


@CARDS
@given(card_texts())
def test_card_round_trip(generated):
    text, name, bonus, categories = generated
    card = mj.parse_card(text)
    assert (card.name, card.bonus) == (name, bonus)
    assert [(c.name, c.page_break, len(c.lines)) for c in card.categories] == categories
    assert mj.check_card(text).ok
    written = card.to_mjcl()
    again = mj.parse_card(written)
    assert again == card
    assert again.to_mjcl() == written  # idempotent
    assert again.count_hands() == card.count_hands()
    for line in card.lines:
        check_hand_properties(line)


# ---------------------------------------------------------------------------
# 4. Hand
# ---------------------------------------------------------------------------

ALL_TILES = list(Tile)
NATURAL_SUITED_AND_HONOURS = [t for t in Tile if t.copies == 4]


def _within_limits(tiles, limit=14):
    """Keep tiles while the set has copies of them left and the hand is not full."""
    kept: Counter = Counter()
    out = []
    for tile in tiles:
        if len(out) < limit and kept[tile] < tile.copies:
            kept[tile] += 1
            out.append(tile)
    return out


hand_tiles = st.lists(st.sampled_from(ALL_TILES), max_size=30).map(_within_limits)


@FAST
@given(hand_tiles)
def test_hand_round_trips_through_text(tiles):
    hand = mj.Hand(tiles)
    assert len(hand) == len(tiles)
    assert mj.Hand(str(hand)) == hand
    assert hash(mj.Hand(str(hand))) == hash(hand)
    assert mj.Hand(hand.tiles()) == hand
    assert mj.Hand.from_counts(hand.counts) == hand
    assert mj.Hand(hand) == hand
    assert Counter(mj.parse_tiles(str(hand))) == Counter(tiles)
    assert hand.jokers == tiles.count(Tile.JOKER)
    assert len(hand.naturals) == len(tiles) - hand.jokers


@FAST
@given(st.sampled_from(NATURAL_SUITED_AND_HONOURS), hand_tiles)
def test_fifth_natural_is_refused(kind, others):
    others = [t for t in others if t != kind][:9]
    hand = mj.Hand([kind] * 4 + others)
    with pytest.raises(mj.HandError, match=f"5 natural {kind.notation}; a set holds only 4"):
        hand + mj.Hand([kind])
    with pytest.raises(mj.HandError):
        mj.Hand([kind] * 5 + others)
    with pytest.raises(mj.HandError):
        mj.Hand(str(hand) + " " + kind.notation)


@FAST
@given(st.sampled_from([Tile.JOKER, Tile.FLOWER]), st.integers(0, 5))
def test_ninth_joker_or_flower_is_refused(kind, extra):
    hand = mj.Hand([kind] * 8 + [Tile.NORTH] * min(extra, 4))
    with pytest.raises(mj.HandError, match="9 (jokers|flowers); a set holds only 8"):
        hand + mj.Hand([kind])
    with pytest.raises(mj.HandError):
        mj.Hand(kind.notation * 9)


@FAST
@given(st.lists(st.sampled_from(ALL_TILES), min_size=40, max_size=60).map(_within_limits), st.sampled_from(ALL_TILES))
def test_fifteenth_tile_is_refused(tiles, extra):
    assume(len(tiles) == 14)
    hand = mj.Hand(tiles)
    with pytest.raises(mj.HandError, match="15 tiles; a hand holds at most 14"):
        hand + mj.Hand([extra])
    with pytest.raises(mj.HandError):
        mj.Hand(tiles + [extra])
    with pytest.raises(mj.HandError):
        mj.Hand(str(hand) + " " + extra.notation)


# ---------------------------------------------------------------------------
# 5. Bundled cards (deterministic)
# ---------------------------------------------------------------------------


def test_some_cards_are_bundled():
    assert "basic1" in mj.list_cards()


@pytest.mark.parametrize("name", mj.list_cards())
def test_bundled_card_lines_have_good_hands(name):
    card = mj.load_card(name)
    assert card.lines
    for line in card.lines:
        check_hand_properties(line)
        alone = mj.parse_line(line.mjcl)
        assert alone.spec == line.spec
        assert alone.hands() == line.hands()


@pytest.mark.parametrize("name", [pytest.param(name, marks=[pytest.mark.slow] if name != "basic1" else [])
                                  for name in mj.list_cards()])
def test_bundled_card_round_trip(name):
    card = mj.load_card(name)
    written = card.to_mjcl()
    again = mj.parse_card(written)
    assert again == card
    assert again.to_mjcl() == written
    assert [line.spec for line in again.lines] == [line.spec for line in card.lines]
    assert again.count_hands() == card.count_hands()
