"""Notebook display: HTML and SVG of tiles, hands, lines, categories, cards and results."""

import hashlib
import re
import subprocess
import sys
from html.parser import HTMLParser

import pytest

import mjlearn as mj
from mjlearn.mjcl.notes import derived_notes, line_notes
from mjlearn.render.html import closest_html, line_html, tile_html
from mjlearn.render.layout import INK, line_segments, notes_text
from mjlearn.rules import Game


def test_three_colour_line_carries_three_inks():
    html = mj.parse_line("22 444 r66 888 bDDDD X30")._repr_html_()
    for colour in ("green", "red", "blue"):
        assert INK[colour] in html
    assert INK["purple"] not in html
    assert INK["purple"] in mj.parse_line("FF 1111 a22 b1111 DD *2")._repr_html_()


def test_flowers_winds_and_zeros_are_always_blue_dragons_keep_their_colour():
    """As the printed card (seed 001): F, N E W S and the zero in blue, in every colour of set."""
    inks = [(s.text, s.runs) for s in line_segments(mj.parse_line("FF 1111 NEWS DDDD L"))[0]]
    assert inks == [("FF", (("FF", "blue"),)), ("1111", (("1111", "green"),)),
                    ("NEWS", (("NEWS", "blue"),)), ("DDDD", (("DDDD", "green"),))]
    html = mj.parse_line("FF 1111 NEWS DDDD L")._repr_html_()
    for text in ("FF", "NEWS"):
        assert f'<span style="color:{INK["blue"]}">{text}</span>' in html
    assert f'<span style="color:{INK["green"]}">DDDD</span>' in html
    red = mj.parse_line("r22 000 SSS DDDD 22")._repr_html_()
    for text in ("000", "SSS"):
        assert f'<span style="color:{INK["blue"]}">{text}</span>' in red
    assert f'<span style="color:{INK["red"]}">DDDD</span>' in red
    year = [s.runs for s in line_segments(mj.parse_line("r2026 b2026 222 444"))[0][:2]]
    assert year == [(("2", "red"), ("0", "blue"), ("26", "red")), (("2026", "blue"),)]


def test_widget_rows_draw_flowers_and_winds_blue():
    from mjlearn.render.html import pattern_html

    assert f'<span style="color:{INK["blue"]}">NEWS</span>' in pattern_html(mj.parse_line("FF 1111 NEWS DDDD"))


def test_decorations_value_and_notes_show():
    html = line_html(mj.parse_line("FF 2222 + 4444 = 6666 T C35"))
    assert ">+<" in html and ">=<" in html
    assert "C 35" in html
    assert "These Nos Only" in html


def test_hands_show_the_right_dragon_faces():
    line = mj.parse_line("FF 1111 NEWS DDDD L")
    first = line.hands()[0]  # 1s in bams: the green dragon
    html = first._repr_html_()
    assert html.count('alt="Green Dragon"') == 4 and "Red Dragon" not in html
    opposite = mj.parse_line("FF 1111 2222 rDDDD").hands()[0]  # bams with a crak-coloured dragon
    assert opposite._repr_html_().count('alt="Red Dragon"') == 4
    soap = mj.Hand("000 F")._repr_html_()
    assert soap.count('alt="White Dragon (soap)"') == 3


def test_line_shows_first_hands_then_how_many_more():
    html = line_html(mj.parse_line("FF 1111 NEWS DDDD L"), hands=2)
    assert "... and 25 more" in html
    assert html.count("<img") == 2 * 14


def test_tile_svg_and_png():
    svg = mj.Tile.RED._repr_svg_()
    assert svg.lstrip().startswith("<svg") or svg.lstrip().startswith("<?xml")
    png = mj.Tile.RED._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert 'alt="3 Bam"' in tile_html(mj.Tile.B3)


def test_card_and_category_html():
    card = mj.load_card("basic1")
    html = card._repr_html_()
    for category in card.categories:
        assert category.name.replace("&", "&amp;") in html
    assert "308 hands" in html and "Basic1" in html
    assert "Any Like Nos" in html  # derived note
    assert card.categories[0]._repr_html_().count("<tr") == 1 + 3


def test_wins_and_closest_show_tiles():
    card = mj.load_card("basic1")
    wins = card.match("FF 22B J 444B 666B 888B")
    assert isinstance(wins, list)
    html = wins._repr_html_()
    assert html.count('alt="Joker"') == 1 and "1 joker" in html
    assert "No winning line" in card.match("FF 222B 444B 666B 8B NN")._repr_html_()
    table = card.closest("FF 222B 444B 666B 8B NN", n=3)
    html = table._repr_html_()
    assert html == closest_html(table)
    assert 'alt="8 Bam"' in html and 'alt="North"' in html  # needs 88B, unused NN
    assert "<img" not in table[["line", "distance"]]._repr_html_()  # a cut-down table shows as usual
    assert "can't use" not in html  # no joker in the rack: no column for jokers
    # a joker a line of singles and pairs cannot use has its own column, not "unused"
    table = card.closest("FF 22B 44B 66B 88B 11B 3B J", n=2)
    html = closest_html(table)
    assert "jokers it can&#x27;t use" in html and html.count('alt="Joker"') == 1
    unused_cells = [cells.split("</td>")[5] for cells in html.split("<tr")[2:]]
    assert all('alt="Joker"' not in cell for cell in unused_cells)


def test_display_is_deterministic_across_processes():
    code = (
        "import hashlib, mjlearn as mj; c = mj.load_card('basic1');"
        "print(hashlib.sha256((c._repr_html_() + c.lines[4]._repr_html_()).encode()).hexdigest())"
    )
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
            for _ in range(2)}
    card = mj.load_card("basic1")
    here = hashlib.sha256((card._repr_html_() + card.lines[4]._repr_html_()).encode()).hexdigest()
    assert outs == {here + "\n"}


@pytest.mark.parametrize(
    "line, notes",
    [
        ("FF 222 444 666 888", ["Any 1 Suit"]),
        ("22 444 r66 888 bDDDD", ["Any 2 Suits", "Opp Dragon"]),
        ("FF 1111 NEWS DDDD L", ["Any 1 Suit", "Matching Dragon", "Any Like Nos"]),
        ("FF 1111 DD r1111 DD L", ["Any 2 Suits", "Matching Dragons", "Any Like Nos"]),
        ("1111 DDDD r1111 bDD L", ["Any 2 Suits", "Matching & Opp Dragons", "Any Like Nos"]),
        # a printed card counts a run's numbers: "Any 3 Consec Nos", never "Any Run"
        ("FFF 1111 r2222 b333 Va", ["Any 3 Suits", "Any 3 Consec Nos"]),
        ("FF 11 333 r5555 b777 Vo", ["Any 3 Suits", "Any 4 Consec Odd Nos"]),
        ("FF 11 22 33 44 55 66 Va", ["Any 1 Suit", "Any 6 Consec Nos"]),
        ("FF 2222 + 4444 = 6666 T", ["Any 1 Suit", "These Nos Only"]),
        ("FF 11111 NN r22222 UQ12", ["Any 2 Suits", "Any 2 Non-Matching Nos"]),
        ("FFFF 11111 r22222 UQ12o", ["Any 2 Suits", "Any 2 Non-Matching Odd Nos"]),
        ("FFF 1111 NNN r2222 !369 UK12", ["Any 2 Suits", "Any 2 of 3, 6 or 9"]),
        ("FF m1111 m2222 m3333 Va", ["Bams Only", "Any 3 Consec Nos"]),
        ("NN EEE WWW SS 1111 L ~", ["Any 1 Suit", "Any Like Nos", "E & W Pungs or N & S Pungs"]),
        ("FF 1111 NN r11 b1111 !369 L", ["Any 3 Suits", "Like 3s, 6s or 9s"]),
        ("FF 1111 NN r11 b1111 !369 Va", ["Any 3 Suits", "Like 3s, 6s or 9s"]),
        ("FF 111 222 r333 b444 !2345678 Va", ["Any 3 Suits", "Only 2, 3, 4, 5, 6, 7 or 8", "Any 4 Consec Nos"]),
        ("NN 1111 r1111 b1111 L ANEWS", ["Any 3 Suits", "Any Like Nos", "Any Wind"]),
        ("FFFF NNNN SSSS EE AEW", ["Pair E or W"]),
        ("FFFF 2222 r2222 bDD K2468", ["Any 2 Suits", "Opp Dragon", "Any Like Even Kongs"]),
        ("FF 3333 r3333 b3333 Z369", ["Any 3 Suits", "Like 3s, 6s or 9s"]),
        ("FF 2027 NNNN r2222 >2EWS", ["Any 2 Suits", "Any Wind"]),
        ("FFF NNNN EEEE DDD >2WS", ["Any Dragon", "Kong E, W or S"]),
        ("FF 2222 0000 a7777", ["Any 1 Suit", "Kong 7s Any Suit"]),
        ("FF 1111 NN r1111 11 *4 L", ["Any 2 Suits", "Pair Any Suit", "Any Like Nos"]),
        ("FF 99 11 r11 b11 NEWS Yo", ["Any 3 Suits", "Any Like Odd Pairs"]),
        ("FF 11 3 5 7 9 r1111 bDD H12345", ["Any 2 Suits", "Opp Dragon", "Pair Any Odd No, Kong Matches Pair"]),
        ("333 66 999 r3333 FF #", ["Any 2 Suits", "3 6 9 in Any Order"]),
        ("FFF DDDD rDDD bDDDD", ["Any 3 Dragons"]),
        ("NNNN EEEE WWWW SS", []),
    ],
)
def test_derived_notes(line, notes):
    assert derived_notes(mj.parse_line(line).spec) == notes


# the words of an NMJL card's parentheses (the seed "Understanding the NMJL Card" and the cards
# themselves); mjlearn's own shorthands, which no printed card uses, must not come back
_NOT_CARD_WORDS = ("Any Run", "Unlike", "Purple", "Later Pairs", "Kongs Match It", "Nos in Any Order",
                   "Or Opp Winds", "Match Their Suits", ": ")


@pytest.mark.parametrize("name", ["basic1", "practice_garden", "practice_harbor"])
def test_every_derived_note_of_the_bundled_cards_is_in_the_cards_words(name):
    from mjlearn.mjcl import parse_line_spec

    for line in mj.load_card(name).lines:
        spec = parse_line_spec(line.mjcl.split(" (")[0])  # the line without its author's notes
        for note in derived_notes(spec):
            assert not any(words in note for words in _NOT_CARD_WORDS), (line.mjcl, note)
            assert note[0].isupper() or note[0].isdigit(), (line.mjcl, note)


def test_own_notes_replace_derived_ones():
    line = mj.parse_line("FF 1111 NEWS DDDD L (Any Like Nos, Matching Dragon)")
    assert line_notes(line.spec) == ["Any Like Nos, Matching Dragon"]
    assert notes_text(line) == "(Any Like Nos, Matching Dragon)"


def test_two_patterns_are_laid_out_separately():
    segments = line_segments(mj.parse_line("FF 2222 4444 r6666 | FF 6666 8888 r2222"))
    assert len(segments) == 2 and [s.colour for s in segments[1]] == ["blue", "green", "green", "red"]
    assert "or" in line_html(mj.parse_line("FF 2222 4444 r6666 | FF 6666 8888 r2222"))


class _Styles(HTMLParser):
    """Each element's inline style, in document order, as (tag, style, depth)."""

    def __init__(self):
        super().__init__()
        self.found, self.depth = [], 0

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs).get("style") or "", self.depth))
        if tag not in ("img", "br"):
            self.depth += 1

    def handle_endtag(self, tag):
        self.depth -= 1


def _sets(style: str, prop: str) -> bool:
    return re.search(rf"(^|;)\s*{prop}\s*:", style) is not None


@pytest.mark.parametrize("what", ["card", "category", "line", "wins", "no wins", "closest", "game"])
def test_rich_displays_carry_their_own_paper_and_ink_for_dark_themes(what):
    """In JupyterLab's dark theme nothing may inherit the theme's light text onto our light bands, or
    our grey text onto the theme's dark background: the outermost element sets both colours, and any
    element that sets a background sets its text colour too."""
    card = mj.load_card("basic1")
    html = {
        "card": lambda: card._repr_html_(),
        "category": lambda: card.categories[0]._repr_html_(),
        "line": lambda: card.lines[0]._repr_html_(),
        "wins": lambda: card.match("FF 22B J 444B 666B 888B")._repr_html_(),
        "no wins": lambda: card.match("FF 22B 3C 444B 666B 88B 9D")._repr_html_(),
        "closest": lambda: card.closest("FF 222B 444B 666B 8B NN", n=3)._repr_html_(),
        "game": lambda: Game(card, "nmjl", 1)._repr_html_(),
    }[what]()
    parser = _Styles()
    parser.feed(html)
    outer = parser.found[0][1]
    assert _sets(outer, "background") and _sets(outer, "color"), outer
    for tag, style, _ in parser.found:
        if _sets(style, "background"):
            assert _sets(style, "color"), (tag, style)
        if tag == "tr":  # notebook themes stripe and highlight table rows in their own colours
            assert _sets(style, "background") and _sets(style, "color"), style
