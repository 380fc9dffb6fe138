"""The printed card: pages, page breaks, colours, files and the ``render`` command."""

import re
import subprocess
import sys

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.cli import main
from mjlearn.render.layout import INK
from mjlearn.render.printable import (
    _Painter,
    card_page_count,
    card_pages,
    page_size,
    save_card_pdf,
    save_card_png,
)

DPI = 40  # small pages keep the tests fast; the layout is the same at any dpi

PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![A-Za-z])")


def pdf_pages(data: bytes) -> int:
    return len(PAGE_OBJECT.findall(data))


def ink_pixels(image, colour: str, tolerance: int = 24) -> int:
    """Pixels within ``tolerance`` (per channel) of an ink colour such as ``"#18794e"``."""
    target = np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)])
    pixels = np.asarray(image.convert("RGB")).astype(int)
    return int((np.abs(pixels - target).max(axis=2) <= tolerance).sum())


def card_text(*categories: tuple[str, list[str]], name: str = "Test card") -> mj.Card:
    parts = [name]
    for title, lines in categories:
        parts.append(f'"{title}"')
        parts.extend(lines)
    return mj.parse_card("\n".join(parts) + "\n")


SMALL = card_text(("2468", ["FF 222 444 666 888 X25", "222 4444 r666 8888 X25"]), ("369", ["FF 333 666 999 DDD"]))
THREE_COLOURS = card_text(("Like Numbers", ["FF 1111 r1111 b1111 X25"]))


@pytest.fixture(scope="module")
def basic1():
    return mj.load_card("basic1")


# -- pages and page breaks -----------------------------------------------------


def test_basic1_pdf_has_the_pages_its_one_break_implies(basic1, tmp_path):
    breaks = [c.name for c in basic1.categories if c.page_break]
    assert breaks == ["Winds/Dragons"]
    path = save_card_pdf(basic1, tmp_path / "basic1.pdf", dpi=DPI)
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert pdf_pages(data) == 2 == card_page_count(basic1, dpi=DPI)
    assert b"/Count 2" in data


def test_a_small_card_without_breaks_is_one_page():
    assert not any(c.page_break for c in SMALL.categories)
    pages = card_pages(SMALL, dpi=DPI)
    assert len(pages) == 1
    assert pages[0].mode == "RGB" and pages[0].size == page_size("letter", DPI)


def test_each_break_starts_a_new_page_and_pages_are_one_size(tmp_path):
    lines = ["FF 222 444 666 888"]
    card = mj.parse_card('Breaks\n"^One"\n' + lines[0] + '\n"^Two"\n' + lines[0] + '\n"^Three"\n' + lines[0] + "\n")
    assert [c.page_break for c in card.categories] == [True, True, True]
    pages = card_pages(card, dpi=DPI)
    assert len(pages) >= 3
    assert {page.size for page in pages} == {page_size("letter", DPI)}
    assert pdf_pages(save_card_pdf(card, tmp_path / "breaks.pdf", dpi=DPI).read_bytes()) == len(pages)


def test_a_full_page_continues_on_the_next():
    card = card_text(("Long", ["FF 222 444 666 888 X25 (Any 1 Suit)"] * 60))
    pages = card_pages(card, dpi=DPI)
    assert len(pages) >= 3
    assert {page.size for page in pages} == {page_size("letter", DPI)}


def test_every_bundled_card_prints():
    for name in mj.list_cards():
        card = mj.load_card(name)
        breaks = sum(c.page_break for c in card.categories[1:])
        assert card_page_count(card, dpi=DPI) >= breaks + 1


def test_a4_and_bad_arguments():
    assert page_size("a4", 72) == (595, 842)
    assert page_size("LETTER", 100) == (850, 1100)
    assert card_pages(SMALL, dpi=DPI, paper="a4")[0].size == page_size("a4", DPI)
    with pytest.raises(ValueError, match="paper"):
        card_pages(SMALL, paper="legal")
    with pytest.raises(ValueError, match="dpi"):
        card_pages(SMALL, dpi=0)


# -- what is drawn ---------------------------------------------------------------


def test_rendering_twice_gives_identical_pixels_and_bytes(basic1, tmp_path):
    first = card_pages(basic1, dpi=DPI)
    second = card_pages(basic1, dpi=DPI)
    assert [p.tobytes() for p in first] == [p.tobytes() for p in second]
    a = save_card_pdf(basic1, tmp_path / "a.pdf", dpi=DPI).read_bytes()
    b = save_card_pdf(basic1, tmp_path / "b.pdf", dpi=DPI).read_bytes()
    assert a == b
    assert b"CreationDate" not in a and b"ModDate" not in a


def test_a_three_colour_line_prints_green_red_and_blue():
    page = card_pages(THREE_COLOURS, dpi=72)[0]
    for colour in ("green", "red", "blue"):
        assert ink_pixels(page, INK[colour]) > 40, colour
    assert ink_pixels(page, INK["purple"]) == 0
    one_colour = card_pages(card_text(("Green", ["222 4444 666 8888 X25", "333 666 999 DDDDD"])), dpi=72)[0]
    assert ink_pixels(one_colour, INK["blue"]) == 0


def test_flowers_winds_and_zeros_print_blue_whatever_the_set_colour():
    """The printed card draws F, winds and 0 in blue; a dragon keeps its set's colour."""
    page = card_pages(card_text(("Winds", ["FF 1111 NEWS DDDD X25", "r222 0000 DDDD 222 X25"])), dpi=72)[0]
    pixels = np.asarray(page.convert("RGB")).astype(int)
    blue = np.abs(pixels - np.array([int(INK["blue"][i : i + 2], 16) for i in (1, 3, 5)])).max(axis=2) <= 24
    green = np.abs(pixels - np.array([int(INK["green"][i : i + 2], 16) for i in (1, 3, 5)])).max(axis=2) <= 24
    rows = np.nonzero(blue.any(axis=1))[0]
    assert blue.sum() > 80
    # Blue sits on both lines, and on the first line it lies left of the green DDDD (FF and NEWS).
    first = rows[rows < rows.mean() + 1]
    assert len(first) and len(rows[rows > first.max() + 2])
    line_rows = slice(first.min(), first.max() + 1)
    blue_cols = np.nonzero(blue[line_rows].any(axis=0))[0]
    green_cols = np.nonzero(green[line_rows].any(axis=0))[0]
    assert blue_cols.min() < green_cols.min() and green_cols.max() > blue_cols.max()


def test_text_stays_inside_the_page_and_long_lines_shrink():
    card = mj.parse_card(
        "A card name far too long for one line of a title, going on and on and on and on and on +10\n"
        '"A category name far too long for the band at all, however small it is drawn, really"\n'
        "1 2 3 4 5 6 7 8 9 N E W S F | 1 2 3 4 5 6 7 8 9 N E W S F T X30"
        " (A note far longer than any card would print, with many words in it, to see that it shrinks to fit)\n"
        "FF 1111 + r1111 = b2222 | FF 3333 + r3333 = b6666 X100000\n"
    )
    for dpi, paper in ((DPI, "a4"), (72, "letter")):
        page = card_pages(card, dpi=dpi, paper=paper)[0]
        pixels = np.asarray(page)
        margin = round(36 * dpi / 72)
        ink = (pixels < 250).any(axis=2)
        assert not ink[:, :margin].any() and not ink[:, -margin:].any()
        assert not ink[: margin // 2].any() and not ink[-margin // 2 :].any()
        # the sets stay left of the value column, even beside "X 100000"
        painter = _Painter(card, dpi, paper)
        coloured = np.zeros_like(ink)
        for colour in ("green", "red", "blue"):
            target = np.array([int(INK[colour][i : i + 2], 16) for i in (1, 3, 5)])
            coloured |= np.abs(pixels.astype(int) - target).max(axis=2) <= 40
        columns = np.nonzero(coloured.any(axis=0))[0]
        assert columns.max() < painter.pattern_right


def test_save_card_png_names_pages(basic1, tmp_path):
    one = save_card_png(SMALL, tmp_path / "small.png", dpi=DPI)
    assert one == [tmp_path / "small.png"] and one[0].is_file()
    many = save_card_png(basic1, tmp_path / "basic1.png", dpi=DPI)
    assert many == [tmp_path / "basic1-1.png", tmp_path / "basic1-2.png"]
    assert all(path.read_bytes().startswith(b"\x89PNG") for path in many)
    assert not (tmp_path / "basic1.png").exists()


# -- the render command -------------------------------------------------------------


def test_cli_render_writes_a_pdf_and_pngs(tmp_path, capsys):
    pdf = tmp_path / "card.pdf"
    assert main(["render", "basic1", "-o", str(pdf), "--dpi", str(DPI)]) == 0
    assert pdf_pages(pdf.read_bytes()) == 2
    out = capsys.readouterr().out
    assert "2 pages" in out and f"wrote {pdf}" in out

    png = tmp_path / "garden.png"
    assert main(["render", "practice_garden", "-o", str(png), "--dpi", str(DPI), "--paper", "a4"]) == 0
    written = sorted(tmp_path.glob("garden-*.png"))
    assert len(written) == card_page_count(mj.load_card("practice_garden"), dpi=DPI, paper="a4") > 1
    out = capsys.readouterr().out
    assert all(f"wrote {path}" in out for path in written)


def test_cli_render_refuses_bad_suffix_unknown_card_and_card_errors(tmp_path, capsys):
    assert main(["render", "basic1", "-o", str(tmp_path / "card.svg")]) == 1
    assert ".pdf or .png" in capsys.readouterr().out
    assert not (tmp_path / "card.svg").exists()

    assert main(["render", "no_such_card", "-o", str(tmp_path / "card.pdf")]) == 1
    assert "no bundled card" in capsys.readouterr().out

    bad = tmp_path / "bad.mjcl"
    bad.write_text('Bad\n"2468"\nFF 222 444 666 88\n', encoding="utf-8")
    assert main(["render", str(bad), "-o", str(tmp_path / "bad.pdf")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{bad}:line 3, column 1: 13 tiles; a hand needs 14"
    assert out[2] == "  ^"
    assert not (tmp_path / "bad.pdf").exists()

    assert main(["render", "basic1", "-o", str(tmp_path / "card.pdf"), "--dpi", "1"]) == 1
    assert "dpi" in capsys.readouterr().out


def test_render_runs_as_a_real_process(tmp_path):
    out = tmp_path / "harbor.pdf"
    result = subprocess.run(
        [sys.executable, "-m", "mjlearn", "render", "practice_harbor", "-o", str(out), "--dpi", str(DPI)],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert pdf_pages(out.read_bytes()) == card_page_count(mj.load_card("practice_harbor"), dpi=DPI)
