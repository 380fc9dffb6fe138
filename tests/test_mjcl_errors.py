"""Errors in MJCL text: exact line, column (1-based) and message.

Every case below was run against the engine and its message read before it was
written down.
"""

from __future__ import annotations

import pickle
import re
import time
import warnings

import pytest

import mjlearn as mj

EXPANDERS = "T I A P K Q Z L U V * > Y H # ~ !"
TILES_HELP = "tiles are 1-9 D G R 0 F N E W S, prefixes g r b m c d a"
U_HELP = "U needs a group size I A P K Q or Z, two different digits and maybe o or e, as in UK18"


def line_error(text: str) -> mj.MJCLError:
    with pytest.raises(mj.MJCLError) as info:
        mj.parse_line(text)
    return info.value


# (line text, column, exact message)
LINE_ERRORS = [
    # -- tile counts -----------------------------------------------------
    pytest.param("FF 222 444 666 88", 1, "13 tiles; a hand needs 14", id="13-tiles"),
    pytest.param("FF 222 444 666 8888", 1, "15 tiles; a hand needs 14", id="15-tiles"),
    pytest.param("FF 222 + 444 = 666 88", 1, "13 tiles; a hand needs 14", id="13-tiles-decorated"),
    pytest.param("FF 222 444 666 888 | FF 222 444 666 88", 22, "13 tiles; a hand needs 14", id="second-pattern-13"),
    pytest.param("FF 222 444 666 888 | FF 222 444 666 88888", 22, "16 tiles; a hand needs 14", id="second-pattern-16"),
    pytest.param("FF 222 444 666 888 o FF 222 444 666 8888", 22, "15 tiles; a hand needs 14", id="second-pattern-o"),
    pytest.param("FF 222 444 666 88 | FF 222 444 666 888", 1, "13 tiles; a hand needs 14", id="first-pattern-of-two"),
    pytest.param("   FF 222 444 666 88", 4, "13 tiles; a hand needs 14", id="leading-spaces"),
    pytest.param("\tFF 222 444 666 88", 2, "13 tiles; a hand needs 14", id="leading-tab"),
    pytest.param(" \t FF 222 444 666 88 X25", 4, "13 tiles; a hand needs 14", id="leading-mixed"),
    pytest.param("(Note) FF 222 444 666 88", 8, "13 tiles; a hand needs 14", id="after-leading-note"),
    # -- unknown codes and tiles ------------------------------------------
    pytest.param("FF 222 444 666 888 M", 20, f"unknown code 'M'; expanders are {EXPANDERS}", id="unknown-code-M"),
    pytest.param("FF 222 444 666 888 L M", 22, f"unknown code 'M'; expanders are {EXPANDERS}", id="unknown-code-M-after-L"),
    pytest.param("FF 222 444 666 888 XX", 20, f"unknown code 'X'; expanders are {EXPANDERS}", id="double-X"),
    pytest.param(
        "FF 222 444 666 88Q", 18, f"unknown tile 'Q' in '88Q'; {TILES_HELP}", id="unknown-tile-in-set"
    ),
    pytest.param(
        "FF 222 444 666 88M",
        18,
        f"unknown tile 'M' in '88M' (suit and colour prefixes are lower case: m c d, g r b, a); {TILES_HELP}",
        id="upper-case-prefix",
    ),
    pytest.param(
        "ff 222 444 666 888",
        1,
        f"unknown tile 'f' in 'ff' (tile letters are upper case: 'F'); {TILES_HELP}",
        id="lower-case-flower",
    ),
    pytest.param(
        "FF 222 444 666 nnn",
        16,
        f"unknown tile 'n' in 'nnn' (tile letters are upper case: 'N'); {TILES_HELP}",
        id="lower-case-north",
    ),
    pytest.param(
        "FF 222 444 666 88e",
        18,
        f"unknown tile 'e' in '88e' ('e' means even only inside an expander; East is 'E'); {TILES_HELP}",
        id="lower-case-east",
    ),
    pytest.param("FF 222 444 666 888 L 11", 22, "set '11' after the expanders; sets come first", id="set-after-expander"),
    # -- expander arguments -------------------------------------------------
    pytest.param(
        "FF 222 444 666 888 Lq",
        21,
        "'q' does not fit L: L needs nothing, o (odd) or e (even), as in L or Lo",
        id="Lq",
    ),
    pytest.param("FF 1111 2222 r3333 U12", 21, f"'1' does not fit U: {U_HELP}", id="U-no-size"),
    pytest.param("FF 1111 2222 r3333 UK", 22, U_HELP, id="U-no-digits"),
    pytest.param("FF 1111 2222 r3333 UK11", 23, "U needs two different digits, not '1' twice", id="U-equal-digits"),
    pytest.param("FF 1111 2222 r3333 >512", 21, "set 5 does not exist; this pattern has sets 0-3", id="gt-no-such-set"),
    pytest.param("FF 1111 2222 r3333 >5", 22, "> needs a set number and its other tiles, as in >2WS", id="gt-no-values"),
    pytest.param("FF 1111 NNNN r3333 *9", 21, "set 9 does not exist; this pattern has sets 0-3", id="star-no-such-set"),
    pytest.param(
        "FF 1111 NNNN r3333 *2", 21, "set 2 ('NNNN') has no numbers or D to take a suit", id="star-on-winds"
    ),
    pytest.param("FF 1111 NNNN r3333 *02", 21, "set 0 ('FF') has no numbers or D to take a suit", id="star-on-flowers"),
    pytest.param(
        "11 3 5 7 9 1111 r1111 H05",
        25,
        "H lists set 5 ('1111'), which is not a single number or a pair",
        id="H-lists-kong",
    ),
    pytest.param(
        "11 3 5 7 9 1111 r1111 H12",
        24,
        "the sets H lists must hold exactly one pair (they hold 0)",
        id="H-no-pair",
    ),
    pytest.param(
        "11 3 5 7 9 1111 r1111 H5",
        25,
        "H needs set numbers (0-9, counting sets from 0), at least two, as in H01234",
        id="H-one-set",
    ),
    pytest.param("FF 222 444 666 888 Y", 21, "Y needs o, e or digits 1-9, as in Ye or Y369", id="Y-no-values"),
    pytest.param("FF 222 444 666 888 T !", 23, "! needs digits 1-9, as in !369", id="bang-no-digits"),
    pytest.param(
        "FF 222 444 666 888 !2",
        20,
        "'!2' restricts the L, U, V and Y codes after it, and none follows; put it before them",
        id="bang-restricts-nothing",
    ),
    pytest.param(
        "FF 11 22 33 44 55 66 Vo !2 X",
        25,
        "'!2' restricts the L, U, V and Y codes after it, and none follows; put it before them",
        id="bang-after-V",
    ),
    pytest.param(
        "FF 1111 NEWS DDDD L!3",
        20,
        "'!3' restricts the L, U, V and Y codes after it, and none follows; put it before them",
        id="bang-run-together-after-L",
    ),
    pytest.param("FF 1111 NEWS DDDD T5", 20, "'5' does not fit T: T takes nothing after it", id="T-with-argument"),
    pytest.param(
        "FF 1111 NEWS DDDD LM",
        20,
        "'M' does not fit L: L needs nothing, o (odd) or e (even), as in L or Lo",
        id="L-then-unknown-letter",
    ),
    pytest.param(
        "FF 1111 NEWS DDDD *2L", 20, "set 2 ('NEWS') has no numbers or D to take a suit", id="star-run-together"
    ),
    # -- expanders that find nothing to act on --------------------------------
    pytest.param(
        "FF 11 333 r555 b7777 Y5",
        22,
        "Y needs at least two pairs of numbers (the first keeps its number)",
        id="Y-one-pair",
    ),
    pytest.param("FF 1111 2222 r3333 I45", 20, "I finds no single of '4' to replace", id="I-nothing"),
    pytest.param("FF 1111 2222 r3333 K45", 20, "K finds no kong of '4' to replace", id="K-nothing"),
    pytest.param("NNNN EEEE WWWW SS V", 19, "V needs numbers 1-9 in the pattern to run", id="V-no-digits"),
    pytest.param("NNNN EEEE WWWW SS Va", 19, "V needs numbers 1-9 in the pattern to run", id="Va-no-digits"),
    pytest.param("NNNN EEEE WWWW SS #", 19, "# needs numbers 1-9 in the pattern to permute", id="hash-no-digits"),
    pytest.param("NNNN EEEE WWWW SS L", 19, "'L' needs the digit 1 in the pattern", id="L-no-one"),
    pytest.param("FF 222 444 666 888 Lo Le", 20, "'Lo' needs the digit 1 in the pattern", id="Lo-no-one"),
    pytest.param("FF 1111 2222 r3333 ~", 20, "~ needs winds in the pattern to swap", id="tilde-no-winds"),
    pytest.param("  FF 1111 2222 r3333 I45", 22, "I finds no single of '4' to replace", id="expansion-error-indented"),
    pytest.param(
        "FF 11 22 33 44 55 66 !2 Vo",
        25,
        "'Vo' leaves no hand (the values allowed by '!' do not fit)",
        id="bang-leaves-nothing",
    ),
    pytest.param(
        "FF 11 22 33 44 55 66 !13579 Ve",
        29,
        "'Ve' leaves no hand (the values allowed by '!' do not fit)",
        id="bang-odd-Ve",
    ),
    # -- mark and value -------------------------------------------------------
    pytest.param(
        "FF 222 444 666 888 X L", 20, "'X': the X/C mark and value come last, after the expanders", id="X-not-last"
    ),
    pytest.param(
        "FF 222 444 666 888 C25 L", 20, "'C25': the X/C mark and value come last, after the expanders", id="C-not-last"
    ),
    pytest.param(
        "FF 222 444 666 888 x25",
        20,
        "the exposed mark is an upper-case X ('x' is the multiply sign)",
        id="lower-x25",
    ),
    pytest.param(
        "FF 1111 NEWS DDDD L x",
        21,
        "the exposed mark is an upper-case X ('x' is the multiply sign)",
        id="lower-x",
    ),
    pytest.param("FF 222 444 666 888 X999999", 21, "value 999999 is too large (at most 100000)", id="value-too-large"),
    pytest.param("X25", 1, "a mark and value but no sets of tiles", id="mark-only"),
    pytest.param(
        "FF 222 444 666 888 X3O", 22, "the value after X is a whole number; 'O' in 'X3O' is not a digit",
        id="letter-O-in-value",
    ),
    pytest.param(
        "FF 222 444 666 888 CO", 21, "the value after C is a whole number; 'O' in 'CO' is not a digit",
        id="letter-O-for-zero",
    ),
    # -- notes ----------------------------------------------------------------
    pytest.param("FF 222 444 666 888 (note", 20, "'(' starts a note that has no ')'", id="unclosed-paren"),
    pytest.param("FF 222 444 666 888 note)", 24, "')' without a '(' before it", id="stray-paren"),
    pytest.param("FF 222 444 666 888 (a (b) c", 20, "'(' starts a note that has no ')'", id="unclosed-nested"),
    # -- patterns -------------------------------------------------------------
    pytest.param(
        "FF 222 444 666 888 | FF 222 444 666 888 | FF 222 444 666 888",
        41,
        "a line holds at most two patterns",
        id="third-pattern",
    ),
    pytest.param(
        "FF 222 444 666 888 o FF 222 444 666 888 o FF 222 444 666 888",
        41,
        "a line holds at most two patterns",
        id="third-pattern-o",
    ),
    pytest.param("| FF 222 444 666 888", 1, "empty pattern before '|'", id="empty-before-bar"),
    pytest.param("o FF 222 444 666 888", 1, "empty pattern before 'o'", id="empty-before-o"),
    pytest.param("FF 222 444 666 888 |", 20, "empty pattern after '|'", id="empty-after-bar"),
    pytest.param("FF 222 444 666 888 | X25", 20, "empty pattern after '|'", id="empty-after-bar-mark"),
    pytest.param(
        "FF 222 444 666 888 | | FF 222 444 666 888", 22, "empty pattern before '|'", id="empty-between-bars"
    ),
    pytest.param(
        "FF 222 444 666 888 o",
        20,
        "empty pattern after 'o'",
        id="empty-after-o",
        
    ),
    pytest.param(
        "FF 222 444 666 888 L | FF 222 444 666 888",
        22,
        "'|' separates patterns and must come before the expanders",
        id="bar-after-expander",
    ),
    pytest.param("+ - =", 1, "a pattern of decorations only; it needs sets of tiles", id="decorations-only"),
    pytest.param("   ", 1, "empty hand line; a line needs sets of tiles", id="blank-line"),
    # -- prefixes ---------------------------------------------------------------
    pytest.param("FF 222 444 rb666 888", 13, "two colour prefixes ('r' and 'b') on one set", id="two-colours"),
    pytest.param("FF 222 444 rr666 888", 13, "two colour prefixes ('r' and 'r') on one set", id="same-colour-twice"),
    pytest.param("FF 222 444 mc666 888", 13, "'c': a set takes one suit prefix (m, c, d) or 'a'", id="two-suits"),
    pytest.param("FF 222 444 ma666 888", 13, "'a': a set takes one suit prefix (m, c, d) or 'a'", id="suit-and-any"),
    pytest.param("FF 222 444 r 666 888", 12, "a prefix with no tiles after it", id="lone-prefix"),
    pytest.param("FF 222 444 666 888r", 19, "a prefix with no tiles after it", id="trailing-prefix"),
    # -- tile supply ------------------------------------------------------------
    pytest.param(
        "11 11 11 22 33 44 55",
        1,
        "hand '11B 11B 11B 22B 33B 44B 55B' needs 6 natural 1B in singles and pairs; a set holds 4",
        id="six-naturals-in-pairs",
    ),
    pytest.param(
        "11 11 1 22 33 44 555",
        1,
        "hand '11B 11B 1B 22B 33B 44B 555B' needs 5 natural 1B in singles and pairs; a set holds 4",
        id="five-naturals-in-pairs",
    ),
    pytest.param(
        "  11 11 1 22 33 44 555",
        3,
        "hand '11B 11B 1B 22B 33B 44B 555B' needs 5 natural 1B in singles and pairs; a set holds 4",
        id="five-naturals-indented",
    ),
    pytest.param(
        "FF FF FF FF FF 1111",
        1,
        "hand 'FF FF FF FF FF 1111B' needs 10 natural F in singles and pairs; a set holds 8",
        id="ten-flowers-in-pairs",
    ),
    pytest.param(
        "11111 11111 1111", 1, "hand '11111B 11111B 1111B' needs 10 jokers; a set holds 8", id="ten-jokers"
    ),
]


@pytest.mark.parametrize("text, column, message", LINE_ERRORS)
def test_parse_line_error(text, column, message):
    error = line_error(text)
    assert (error.line, error.column, error.message) == (1, column, message)
    assert error.source_line == text
    assert str(error).startswith(f"line 1, column {column}: {message}")


def test_unknown_code_message_lists_every_expander():
    error = line_error("FF 222 444 666 888 M")
    assert "unknown code 'M'; expanders are T I A P K Q Z L U V * > Y H # ~ !" in error.message
    # every code it lists is one the language has
    assert error.message.split("expanders are ")[1].split() == list(mj.mjcl.syntax.EXPANDER_CODES)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("FF 222 444 666 888 X \u00b2", id="superscript-two-value"),
        pytest.param("FF 222 444 666 888 C \u00b9\u2070", id="superscript-value-C"),
    ],
)
def test_non_ascii_digit_value_is_an_mjcl_error(text):
    error = line_error(text)
    assert error.column == 22


# -- the expansion limit -----------------------------------------------------------


@pytest.mark.parametrize(
    "text, column, message",
    [
        pytest.param(
            "a1 a2 a3 a4 a5 a6 a7 a8 a9 a1 a2 a3 a4 a5",
            1,
            "this line would make 4,782,969 hands (1 pattern in every suit); the limit is 200,000",
            id="fourteen-any-suit-singles",
        ),
        pytest.param(
            "1 2 3 4 5 6 7 8 9 1 2 3 4 5 #",
            29,
            "'#' would make 362,880 patterns; the limit is 200,000",
            id="hash-over-nine-digits",
        ),
    ],
)
def test_expansion_limit_is_quick(text, column, message):
    start = time.perf_counter()
    with pytest.raises(mj.ExpansionLimitError) as info:
        mj.parse_line(text)
    elapsed = time.perf_counter() - start
    assert elapsed < 1.0, f"the limit took {elapsed:.2f} s to trip"
    error = info.value
    assert isinstance(error, mj.MJCLError)
    assert (error.line, error.column, error.message) == (1, column, message)


def test_expansion_limit_error_class():
    assert issubclass(mj.ExpansionLimitError, mj.MJCLError)
    assert issubclass(mj.ExpansionLimitError, ValueError)


# -- cards -------------------------------------------------------------------------

HAND_BEFORE_CATEGORY = 'a hand line before any category; start a category with a quoted name such as "2468"'
CATEGORY_QUOTE = 'a category name ends with a quote, as in "2468"'

# (card text, [(line, column, message), ...] every error check_card reports)
CARD_ERRORS = [
    pytest.param(
        'Card\nFF 222 444 666 888\n"2468"\nFF 222 444 666 888\n',
        [(2, 1, HAND_BEFORE_CATEGORY)],
        id="hand-before-category",
    ),
    pytest.param(
        'Card\n\n   FF 222 444 666 888\n"2468"\nFF 222 444 666 888\n',
        [(3, 4, HAND_BEFORE_CATEGORY)],
        id="hand-before-category-indented",
    ),
    pytest.param(
        'Card\n"2468"\n"369"\nFFF 333 6666 9999\n',
        [(2, 1, "category '2468' has no hand lines")],
        id="empty-category",
    ),
    pytest.param(
        'Card\n"2468"\nFF 222 444 666 888\n// nothing here\n"369"\n\n',
        [(5, 1, "category '369' has no hand lines")],
        id="empty-last-category",
    ),
    pytest.param(
        '"2468"\nFF 222 444 666 888\n',
        [(1, 1, "a card starts with its name, before any category")],
        id="starts-with-category",
    ),
    pytest.param("", [(1, 1, "empty card; a card starts with its name")], id="empty-card"),
    pytest.param("\n  \n// only a comment\n", [(1, 1, "empty card; a card starts with its name")], id="blank-card"),
    pytest.param(
        "Card\n", [(1, 1, 'a card needs at least one category, such as "2468"')], id="name-only"
    ),
    pytest.param(
        "Card\n\n// comment\n",
        [(1, 1, 'a card needs at least one category, such as "2468"')],
        id="name-only-then-comment",
    ),
    pytest.param(
        'Card\n"2468\nFF 222 444 666 888\n',
        [(2, 6, CATEGORY_QUOTE)],
        id="category-no-closing-quote",
    ),
    pytest.param(
        'Card\n"2468\n',
        [(2, 6, CATEGORY_QUOTE)],
        id="category-no-closing-quote-alone",
    ),
    pytest.param(
        'Card\n   \u201c2468\n',
        [(2, 9, CATEGORY_QUOTE)],
        id="curly-category-no-closing-quote-indented",
    ),
    pytest.param('Card\n"\n', [(2, 2, CATEGORY_QUOTE)], id="lone-quote"),
    pytest.param('Card\n""\n', [(2, 2, "a category needs a name between the quotes")], id="empty-category-name"),
    pytest.param(
        'Card\n"^"\n', [(2, 2, "a category needs a name between the quotes")], id="page-break-only-name"
    ),
    pytest.param(
        'Card\n  "  "\n', [(2, 4, "a category needs a name between the quotes")], id="blank-category-name-indented"
    ),
    pytest.param(
        'Card\n"2468"\n  \tFF 222 444 666 88\n',
        [(3, 4, "13 tiles; a hand needs 14")],
        id="indented-line-in-card",
    ),
    pytest.param(
        'Card\n"2468"\nFF 222 444 666 888\nFF 1111 2222 r3333 I45\n',
        [(4, 20, "I finds no single of '4' to replace")],
        id="expansion-error-in-card",
    ),
]


@pytest.mark.parametrize("text, expected", CARD_ERRORS)
def test_check_card_errors(text, expected):
    result = mj.check_card(text)
    assert not result.ok
    assert [(e.line, e.column, e.message) for e in result.errors] == expected
    lines = text.splitlines()
    for error in result.errors:
        if lines:
            assert error.source_line == lines[error.line - 1]


@pytest.mark.parametrize("text, expected", CARD_ERRORS)
def test_parse_card_raises_first_error(text, expected):
    with pytest.raises(mj.MJCLError) as info:
        mj.parse_card(text)
    error = info.value
    assert (error.line, error.column, error.message) == expected[0]
    assert error.errors[0] is error


TWO_BAD_LINES = """\
Card +10
"2468"
FF 222 444 666 888
222 4444 r666 8888
FF 222 444 666 88
"369"
FFF 333 6666 9999
// a comment
FF 333 666 999 DDD M
333 6666 r666 9999
"""


def test_check_card_reports_every_error_and_keeps_good_lines():
    result = mj.check_card(TWO_BAD_LINES)
    assert [(e.line, e.column, e.message) for e in result.errors] == [
        (5, 1, "13 tiles; a hand needs 14"),
        (9, 20, f"unknown code 'M'; expanders are {EXPANDERS}"),
    ]
    assert [e.source_line for e in result.errors] == ["FF 222 444 666 88", "FF 333 666 999 DDD M"]
    card = result.card
    assert card is not None
    assert (card.name, card.bonus) == ("Card", 10)
    assert [(c.name, [line.mjcl for line in c.lines]) for c in card.categories] == [
        ("2468", ["FF 222 444 666 888 X25", "222 4444 r666 8888 X25"]),
        ("369", ["FFF 333 6666 9999 X25", "333 6666 r666 9999 X25"]),
    ]
    assert [line.line_no for line in card.lines] == [3, 4, 7, 10]
    assert [line.number for line in card.lines] == [1, 2, 1, 2]
    assert card.count_hands() == 3 + 6 + 3 + 6


def test_parse_card_raises_first_error_with_all_errors():
    with pytest.raises(mj.MJCLError) as info:
        mj.parse_card(TWO_BAD_LINES)
    error = info.value
    assert (error.line, error.column) == (5, 1)
    assert [(e.line, e.column) for e in error.errors] == [(5, 1), (9, 20)]
    assert error.errors[0] is error
    assert str(error) == "line 5, column 1: 13 tiles; a hand needs 14\n  FF 222 444 666 88\n  ^"


def test_check_card_empty_text_has_no_card():
    result = mj.check_card("")
    assert result.card is None
    assert not result.ok


def test_check_card_good_card_is_ok():
    result = mj.check_card('Card\n"2468"\nFF 222 444 666 888\n')
    assert result.ok and result.errors == []
    assert result.card.count_hands() == 3


# -- rendering ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, rendered",
    [
        pytest.param(
            "FF 222 444 666 888 M",
            "line 1, column 20: unknown code 'M'; expanders are T I A P K Q Z L U V * > Y H # ~ !\n"
            "  FF 222 444 666 888 M\n"
            "                     ^",
            id="unknown-code",
        ),
        pytest.param(
            "FF 222 444 666 88",
            "line 1, column 1: 13 tiles; a hand needs 14\n  FF 222 444 666 88\n  ^",
            id="column-1",
        ),
        pytest.param(
            "FF 222 444 666 888 | FF 222 444 666 88",
            "line 1, column 22: 13 tiles; a hand needs 14\n"
            "  FF 222 444 666 888 | FF 222 444 666 88\n"
            "                       ^",
            id="second-pattern",
        ),
        pytest.param(
            "\t FF 222 444 666 88",
            "line 1, column 3: 13 tiles; a hand needs 14\n  \t FF 222 444 666 88\n  \t ^",
            id="tab-kept-under-tab",
        ),
    ],
)
def test_str_shows_line_and_caret(text, rendered):
    error = line_error(text)
    assert str(error) == rendered
    head, source, caret = str(error).split("\n")
    assert source == "  " + text
    # the caret sits exactly under the character at the column
    assert caret.index("^") == 2 + error.column - 1
    assert caret[2:-1].strip() == ""


def test_str_in_card_names_card_line():
    error = mj.check_card(TWO_BAD_LINES).errors[1]
    assert str(error) == (
        f"line 9, column 20: unknown code 'M'; expanders are {EXPANDERS}\n"
        "  FF 333 666 999 DDD M\n"
        "                     ^"
    )


def test_str_of_error_without_source_is_one_line():
    error = mj.MJCLError("something", 3, 4)
    assert str(error) == "line 3, column 4: something"


# -- error classes -------------------------------------------------------------------


def test_errors_are_value_errors():
    for cls in (mj.MJCLError, mj.ExpansionLimitError, mj.HandError, mj.NotationError, mj.MjlearnError):
        assert issubclass(cls, ValueError)
    assert issubclass(mj.MJCLError, mj.MjlearnError)
    with pytest.raises(ValueError):
        mj.parse_line("FF 222 444 666 88")
    with pytest.raises(ValueError):
        mj.parse_card('"2468"\nFF 222 444 666 888\n')


@pytest.mark.parametrize(
    "text",
    [
        "FF 222 444 666 888 M",
        "\tFF 222 444 666 88",
        "a1 a2 a3 a4 a5 a6 a7 a8 a9 a1 a2 a3 a4 a5",
        "FF 1111 2222 r3333 I45",
    ],
)
def test_errors_survive_pickle(text):
    error = line_error(text)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert (copy.line, copy.column, copy.message, copy.source_line) == (
        error.line,
        error.column,
        error.message,
        error.source_line,
    )
    assert str(copy) == str(error)


def test_card_error_survives_pickle():
    error = mj.check_card(TWO_BAD_LINES).errors[1]
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.line, copy.column, copy.source_line) == (9, 20, "FF 333 666 999 DDD M")
    assert str(copy) == str(error)


def test_non_string_input_is_an_mjcl_error():
    with pytest.raises(mj.MJCLError):
        mj.parse_line(None)  # type: ignore[arg-type]
    with pytest.raises(mj.MJCLError):
        mj.parse_card(b"Card")  # type: ignore[arg-type]


def test_a_card_that_starts_with_a_category_keeps_its_lines():
    result = mj.check_card('"2468"\nFF 222 444 666 888\n')
    assert [(e.line, e.column) for e in result.errors] == [(1, 1)]
    assert result.card is not None and result.card.name == ""
    assert result.card.categories[0].name == "2468"
    assert result.card.count_hands() == 3


def test_a_category_missing_its_quote_still_collects_its_lines():
    result = mj.check_card('Card\n"2468\nFF 222 444 666 88\nFF 222 444 666 888\n')
    assert [(e.line, e.column) for e in result.errors] == [(2, 6), (3, 1)]
    assert result.card.categories[0].name == "2468"
    assert result.card.count_hands() == 3


def test_all_errors_of_a_card_survive_pickle():
    with pytest.raises(mj.MJCLError) as info:
        mj.parse_card('Card\n"2468"\nFF 222 444 666 88\nFF 222 444 666 888 M\n')
    copy = pickle.loads(pickle.dumps(info.value))
    assert [(e.line, e.column, e.message) for e in copy.errors] == [
        (e.line, e.column, e.message) for e in info.value.errors
    ]
    assert len(copy.errors) == 2 and copy.errors[0] is copy


# -- limits and inputs that once crashed the parser (issue 12) ----------------------------
from mjlearn.mjcl.parser import MAX_BONUS, MAX_CARD_LINES, MAX_CODES, MAX_LINE_CHARS, MAX_SETS, MAX_VALUE  # noqa: E402

LINE = "FF 222 444 666 888"


@pytest.mark.parametrize(
    "text, column, message",
    [
        pytest.param(LINE + " X" + "9" * 5000, MAX_LINE_CHARS + 1, "a line holds at most 1,000", id="huge-value"),
        pytest.param(LINE + " X" + "9" * 40, 21, "is too large (at most 100000)", id="long-value"),
        pytest.param(LINE + " X\u0663", 21, "write the value with digits 0-9", id="arabic-indic-digit"),
        pytest.param(LINE + " " + "#" * 1000, MAX_LINE_CHARS + 1, "a line holds at most", id="1000-codes-together"),
        pytest.param(LINE + " " + "#" * (MAX_CODES + 1), 20 + MAX_CODES, f"more than {MAX_CODES} expander codes", id="codes-together"),
        pytest.param(LINE + " #" * (MAX_CODES + 1), 20 + 2 * MAX_CODES, f"more than {MAX_CODES} expander codes", id="codes-apart"),
        pytest.param(LINE + " # " * 2000, MAX_LINE_CHARS + 1, "a line holds at most", id="2000-codes-apart"),
        pytest.param(" ".join(["F"] * (MAX_SETS + 1)), 2 * MAX_SETS + 1, f"more than {MAX_SETS} sets", id="sets"),
    ],
)
def test_line_limits_are_refused_at_their_column(text, column, message):
    with pytest.raises(mj.MJCLError, match=re.escape(message)) as info:
        mj.parse_line(text)
    assert (info.value.line, info.value.column) == (1, column)


def test_largest_value_and_bonus_are_accepted():
    assert mj.parse_line(f"{LINE} X{MAX_VALUE}").value == MAX_VALUE
    assert mj.parse_card(f"Card +{MAX_BONUS}\n\"2468\"\n{LINE}").bonus == MAX_BONUS


@pytest.mark.parametrize("digits", ["100001", "9" * 900], ids=["just-over", "900-digits"])
def test_bonus_over_the_limit_is_refused_at_its_column(digits):
    with pytest.raises(mj.MJCLError, match="bonus .* is too large") as info:
        mj.parse_card(f"My Card +{digits}\n\"2468\"\n{LINE}")
    assert (info.value.line, info.value.column) == (1, 10)


def test_card_limits():
    long_line = mj.check_card(f"Card\n\"2468\"\n{LINE}\n//" + "x" * MAX_LINE_CHARS)
    assert [(e.line, e.column) for e in long_line.errors] == [(4, MAX_LINE_CHARS + 1)]
    many = mj.check_card(f"Card\n\"2468\"\n{LINE}" + "\n" * MAX_CARD_LINES)
    assert [(e.line, e.column) for e in many.errors] == [(MAX_CARD_LINES + 1, 1)]


@pytest.mark.parametrize("value", [None, 5, b"FF 222", ["FF"], 2.5])
@pytest.mark.parametrize("call", [mj.parse_line, mj.parse_card, mj.check_card])
def test_non_text_is_refused_naming_the_argument(call, value):
    with pytest.raises(mj.MJCLError, match=f"text must be .*not {type(value).__name__}"):
        call(value)


# -- tile supply: a line that loses some hands warns, a line that loses all is an error -----------
SUPPLY_CARD = (
    'Supply\n'
    '"2026"\n'
    '  2026 r2026 b2026 gDD X30\n'  # line 3: 1 of 3 hands left out (five white dragons)
    'FF 2222 0000 r2222\n'
    '"Jokers"\n'
    'a1111 a1111 a1111 11\n'  # line 6: 3 of 30 left out (10 jokers)
)


def test_check_card_warns_of_left_out_hands_at_line_and_column_and_is_ok():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_card lists warnings; it issues none
        result = mj.check_card(SUPPLY_CARD)
    assert result.ok and result.errors == []
    assert [(w.line, w.column, type(w)) for w in result.warnings] == [(3, 3, mj.MJCLWarning), (6, 1, mj.MJCLWarning)]
    first = result.warnings[0]
    assert first.source_line == "  2026 r2026 b2026 gDD X30"
    assert str(first).splitlines() == [
        "line 3, column 3: 1 of 3 hands needs more tiles than a set holds and is left out:"
        " '2D 0 26D 2B 0 26B 2C 0 26C 00' (needs 5 natural 0 in singles and pairs; a set holds 4)",
        "    2026 r2026 b2026 gDD X30",
        "    ^",
    ]
    assert result.warnings[1].message.startswith("3 of 30 hands need more tiles than a set holds and are left out")
    assert [line.count_hands() for line in result.card.lines] == [2, 3, 27]


def test_parse_card_issues_each_warning_and_counts_only_buildable_hands():
    with pytest.warns(mj.MJCLWarning) as caught:
        card = mj.parse_card(SUPPLY_CARD)
    assert [(w.message.line, w.message.column) for w in caught] == [(3, 3), (6, 1)]
    assert card.count_hands() == 32 and card.category("2026").count_hands() == 5
    assert [len(line.dropped) for line in card.lines] == [1, 0, 3]
    assert "2 hands, 1 left out" in repr(card.lines[0])
    stats = card.stats()
    assert stats["hands"].tolist() == [2, 3, 27]
    assert card.category_stats()["hands"].tolist() == [5, 27]
    from mjlearn.cli import format_stats

    assert format_stats(card).splitlines()[0] == "Supply: 32 hands in 2 categories, 3 lines"
    # the compiled card (analysis) holds the same hands
    assert len(card.compiled().hand_index) == 32


def test_load_card_warns_from_the_callers_line(tmp_path):
    path = tmp_path / "supply.mjcl"
    path.write_text(SUPPLY_CARD, encoding="utf-8")
    with pytest.warns(mj.MJCLWarning) as caught:
        card = mj.load_card(path)
    assert card.count_hands() == 32
    # shown against the code that loaded the card (a notebook cell), not a line inside mjlearn
    assert [w.filename for w in caught] == [__file__, __file__]


def test_the_card_written_back_reads_the_same_and_warns_again():
    with pytest.warns(mj.MJCLWarning):
        card = mj.parse_card(SUPPLY_CARD)
    with pytest.warns(mj.MJCLWarning) as caught:
        again = mj.parse_card(card.to_mjcl())
    assert again == card
    assert [line.hands() for line in again.lines] == [line.hands() for line in card.lines]
    assert [line.dropped for line in again.lines] == [line.dropped for line in card.lines]
    assert len(caught) == 2  # the lines are as written: a card file says what its author wrote


def test_a_line_with_no_buildable_hand_is_an_error_at_its_line_beside_the_warnings():
    text = SUPPLY_CARD + "  11 11 11 22 33 44 55\n"
    result = mj.check_card(text)
    (error,) = result.errors
    assert (error.line, error.column) == (7, 3)
    assert error.message == "hand '11B 11B 11B 22B 33B 44B 55B' needs 6 natural 1B in singles and pairs; a set holds 4"
    assert [w.line for w in result.warnings] == [3, 6]  # warnings stay apart from the errors
    assert not result.ok and result.card.count_hands() == 32
    # parse_card raises the error; its .errors hold errors only, and no warning is issued
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(mj.MJCLError) as info:
            mj.parse_card(text)
    assert info.value.errors == [info.value] and info.value.line == 7


def test_a_line_cache_gives_the_same_warnings_wherever_the_lines_move():
    from mjlearn.line_cache import LineCache

    cache = LineCache()
    first = mj.check_card(SUPPLY_CARD, cache)
    moved = mj.check_card("// on top\n" + SUPPLY_CARD.replace("X30", "X35"), cache)
    fresh = mj.check_card("// on top\n" + SUPPLY_CARD.replace("X30", "X35"))
    assert [(w.line, w.column, w.message) for w in moved.warnings] == [
        (w.line + 1, w.column, w.message) for w in first.warnings]
    assert [(w.line, w.column, w.message, w.source_line) for w in moved.warnings] == [
        (w.line, w.column, w.message, w.source_line) for w in fresh.warnings]
    assert cache.hands_expanded == 3  # the moved lines were not expanded again


def test_warnings_survive_pickle():
    (found, _) = mj.check_card(SUPPLY_CARD).warnings
    back = pickle.loads(pickle.dumps(found))
    assert type(back) is mj.MJCLWarning and str(back) == str(found)
    assert (back.line, back.column, back.message, back.source_line) == (
        found.line, found.column, found.message, found.source_line)


def test_a_warning_is_a_user_warning_not_an_error():
    assert issubclass(mj.MJCLWarning, UserWarning)
    assert not issubclass(mj.MJCLWarning, (mj.MjlearnError, ValueError))
