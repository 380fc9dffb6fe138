"""Showing mjlearn's objects to people: tile art, notebook HTML, printed cards.

Nothing here is imported by ``import mjlearn``; the model classes import what
they need inside their ``_repr_html_`` / ``_repr_svg_`` / ``_repr_png_``
methods, so only a notebook that displays something pays for rendering.

- :mod:`mjlearn.render.tileart`: the 36 tile faces as SVG and Pillow images.
- :mod:`mjlearn.render.layout`: how a card line is laid out (colours, notes, mark).
- :mod:`mjlearn.render.html`: HTML for tiles, hands, lines, categories, cards, results.
- :mod:`mjlearn.render.printable`: a card as PNG pages and a multi-page PDF.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from PIL import Image

__all__ = ["png_bytes"]


def png_bytes(image: "Image.Image") -> bytes:
    """An image encoded as PNG (deterministic for the same pixels)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()
