"""The DataFrame that :meth:`Card.closest <mjlearn.card.Card.closest>` returns.

It is an ordinary :class:`pandas.DataFrame`; in a notebook it shows the nearest
hand, the tiles needed and the unused tiles as tile images. Tables cut down to
other columns show as usual.
"""

from __future__ import annotations

import pandas as pd

__all__ = ["ClosestTable"]

_TILE_COLUMNS = {"category", "line", "distance", "value", "concealed", "hand", "needs", "unused"}


class ClosestTable(pd.DataFrame):
    """A closest-lines table that notebooks display with tiles."""

    @property
    def _constructor(self):
        return ClosestTable

    def _repr_html_(self) -> str | None:
        if _TILE_COLUMNS <= set(self.columns) and len(self) <= 60:
            from ..render.html import closest_html

            return closest_html(self)
        return super()._repr_html_()
