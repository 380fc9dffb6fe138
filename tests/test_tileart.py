"""mjlearn's own tile art (mjlearn.render.tileart) and the files in assets/tiles/."""

import itertools
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from mjlearn.render import tileart
from mjlearn.render.tileart import asset_name, tile_image, tile_sheet, tile_svg, write_assets
from mjlearn.tiles import Tile

ASSETS = Path(__file__).resolve().parents[1] / "assets" / "tiles"
SVG = "{http://www.w3.org/2000/svg}"


def on_white(image: Image.Image) -> Image.Image:
    """The image over a white page, as RGB (so transparent corners compare as paper)."""
    page = Image.new("RGBA", image.size, (255, 255, 255, 255))
    page.alpha_composite(image.convert("RGBA"))
    return page.convert("RGB")


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference of two same-size images, in grey levels (0-255), over all pixels and bands."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / len(a.getbands())


def test_names_are_the_notation():
    assert [asset_name(t) for t in Tile][:3] == ["1B", "2B", "3B"]
    assert [asset_name(t) for t in Tile][27:] == ["N", "E", "W", "S", "G", "R", "0", "F", "J"]


def test_every_face_is_in_assets_as_svg_and_png():
    for tile in Tile:
        assert (ASSETS / f"{tile.notation}.svg").is_file(), tile
        with Image.open(ASSETS / f"{tile.notation}.png") as image:
            assert image.size == (96, 128), tile
    assert (ASSETS / "sheet.png").is_file()
    assert (ASSETS / "README.md").is_file()


def test_assets_are_up_to_date(tmp_path):
    """The committed files are exactly what tools/make_tiles.py draws now (run it after changing the art)."""
    written = write_assets(tmp_path)
    expected = {path.name for path in written}
    assert expected == {f"{t.notation}.{ext}" for t in Tile for ext in ("svg", "png")} | {"sheet.png"}
    assert {path.name for path in ASSETS.iterdir()} == expected | {"README.md"}, "stale or missing files"
    stale = []
    for path in sorted(written):
        committed = ASSETS / path.name
        if path.suffix == ".svg":
            same = committed.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
        else:
            with Image.open(committed) as old, Image.open(path) as new:
                same = old.size == new.size and old.convert("RGBA").tobytes() == new.convert("RGBA").tobytes()
        if not same:
            stale.append(path.name)
    assert stale == [], f"assets/tiles/ is out of date, run tools/make_tiles.py: {stale}"


@pytest.mark.parametrize("tile", list(Tile), ids=lambda t: t.notation)
def test_svg_is_small_xml_with_viewbox_and_title(tile):
    text = tile_svg(tile)
    assert len(text.encode("utf-8")) < 3000
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 60 80"
    assert (root.get("width"), root.get("height")) == ("60", "80")
    assert root[0].tag == f"{SVG}title" and root[0].text == tile.long_name
    assert "id=" not in text
    assert all(el.tag != f"{SVG}image" for el in root.iter())  # drawn, never embedded pictures


def test_svg_height_scales_and_takes_notation():
    root = ET.fromstring(tile_svg(Tile.WHITE, height=32))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("24", "32", "0 0 60 80")
    assert tile_svg("3B") == tile_svg(Tile.B3) == tile_svg(2)
    assert "<title>White Dragon (soap)</title>" in tile_svg("0")


def test_svg_and_png_are_deterministic():
    first_svg = [tile_svg(t) for t in Tile]
    first_png = [tile_image(t, 32).tobytes() for t in (Tile.B9, Tile.C5, Tile.JOKER)]
    tileart.face.cache_clear()
    tileart._svg_body.cache_clear()
    assert [tile_svg(t) for t in Tile] == first_svg
    assert [tile_image(t, 32).tobytes() for t in (Tile.B9, Tile.C5, Tile.JOKER)] == first_png


@pytest.mark.parametrize("height, size", [(32, (24, 32)), (80, (60, 80)), (300, (225, 300))])
def test_tile_image_size_and_transparent_corners(height, size):
    for tile in (Tile.B1, Tile.D9, Tile.JOKER):
        image = tile_image(tile, height)
        assert image.mode == "RGBA" and image.size == size
        assert image.getpixel((0, 0))[3] < 40  # outside the rounded corner (antialiased at 32 px)
        assert image.getpixel((size[0] // 2, size[1] // 2))[3] == 255


def test_all_36_faces_differ_at_32px():
    images = {t: on_white(tile_image(t, 32)) for t in Tile}
    for a, b in itertools.combinations(Tile, 2):
        assert images[a].tobytes() != images[b].tobytes(), (a, b)
        # even the closest pair (two crak numerals) differs by more than antialiasing noise
        assert mean_difference(images[a], images[b]) > 1.5, (a, b)


# Colour-blind check. The ink of every suit is 130-180 grey levels away from the
# ivory face, so a mean difference of 20 grey levels over the whole face means
# that at least about an eighth of the face changes between ink and ivory: a
# difference of shape, not of shade. (Two crak numerals such as 3C and 8C, which
# people tell apart easily, differ by only about 3.) Tiles that differed by hue
# alone would score close to 0 here.
GREY_THRESHOLD = 20


@pytest.mark.parametrize(
    "group", [(Tile.B5, Tile.C5, Tile.D5), (Tile.GREEN, Tile.RED, Tile.WHITE)], ids=["fives", "dragons"]
)
def test_suits_and_dragons_differ_in_grayscale_at_32px(group):
    grey = {t: on_white(tile_image(t, 32)).convert("L") for t in group}
    for a, b in itertools.combinations(group, 2):
        assert mean_difference(grey[a], grey[b]) > GREY_THRESHOLD, (a, b)


def test_same_shape_in_different_colours_would_fail_the_grayscale_check():
    """The check has teeth: one face recoloured in another suit's ink stays below the threshold."""
    face = on_white(tile_image(Tile.D5, 32))
    r, g, b = face.split()
    swapped = Image.merge("RGB", (b, g, r))  # blue pips become reddish, same shapes
    assert mean_difference(face.convert("L"), swapped.convert("L")) < GREY_THRESHOLD


def test_sheet_has_every_face():
    sheet = tile_sheet(32, columns=9)
    assert sheet.mode == "RGBA"
    assert sheet.width > 9 * 24 and sheet.height > 4 * 32
    assert tile_sheet(32, columns=12).width > sheet.width


def test_importing_tileart_does_not_import_pillow():
    code = "import sys, mjlearn.render.tileart as t; t.tile_svg(0); print('PIL' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
