"""What the three widgets share: tile faces for the browser, card and ruleset choices, result rows.

The widgets keep every rule in Python: the browser only draws what the
synced traits hold and sends back what was clicked. Results travel as plain
lists and dicts (tile codes, not images), and the browser draws each tile
from the ``faces`` map it receives once.

>>> faces = tile_faces()
>>> len(faces), faces["35"]["notation"], faces["35"]["uri"].startswith("data:image/svg+xml")
(36, 'J', True)
>>> groups_of("FF 222B J")
[[34, 34], [1, 1, 1], [35]]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import anywidget
import traitlets as t

from ..card import Card
from ..errors import CardNotFoundError
from ..resources import list_cards, load_card
from ..tiles import FORMAT_ORDER, Tile, parse_tiles

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..analysis.matching import Win

__all__ = [
    "HERE",
    "RULESETS",
    "LessonWidget",
    "CardWidget",
    "asset",
    "widget_module",
    "rack_order",
    "tile_faces",
    "groups_of",
    "closest_rows",
    "win_rows",
    "open_card",
]

HERE = Path(__file__).parent
RULESETS = ["NMJL", "MAHJ-X"]
_PLACE = {tile: place for place, tile in enumerate(FORMAT_ORDER)}


class LessonWidget(anywidget.AnyWidget):
    """What every mjlearn widget has: a message line saying what the last click did, or why it was refused."""

    message = t.Unicode().tag(sync=True)
    message_kind = t.Unicode("info").tag(sync=True)
    """ "info", "success" or "error": how the browser colours the message."""

    def __repr__(self) -> str:
        """A short, stable text (no memory address), so notebook outputs compare equal run after run."""
        return f"<{type(self).__name__}: {self._summary_text()}>"

    def _summary_text(self) -> str:
        return self.message or "ready"

    def _say(self, text: str, kind: str = "info") -> None:
        with self.hold_sync():
            self.message_kind = kind
            self.message = text

    def _refuse(self, reason: str) -> bool:
        """Show why a move was refused; the move changed nothing. Returns ``False`` for the caller to return."""
        self._say(reason, "error")
        return False

    def _whole(self, name: str, value, minimum: int = 0, maximum: int | None = None) -> int | None:
        """``value`` as an ``int`` if it is a whole number in range; else ``None``, the reason shown on screen.

        The same rule as the analysis calls (:mod:`mjlearn.analysis.arguments`): numpy
        integers are accepted, ``bool`` is not a number.
        """
        from ..analysis.arguments import count_argument
        from ..errors import ArgumentError

        try:
            return count_argument(name, value, minimum, maximum)
        except ArgumentError as error:
            self._refuse(f"{str(error)[0].upper()}{str(error)[1:]}.")
            return None


class CardWidget(LessonWidget):
    """A widget that plays on a card under a ruleset and draws tiles: HandBuilder and CharlestonTrainer."""

    faces = t.Dict().tag(sync=True)
    """Every tile's face, name and notation (:func:`tile_faces`), sent to the browser once."""
    card_name = t.Unicode().tag(sync=True)
    ruleset_name = t.Unicode("NMJL").tag(sync=True)
    rulesets = t.List(t.Unicode(), default_value=RULESETS).tag(sync=True)

    _card: Card
    _updating = False

    @property
    def card(self) -> Card:
        return self._card

    @contextmanager
    def _quietly(self) -> Iterator[None]:
        """Change traits without the observers reacting: the change is the widget's own."""
        self._updating = True
        try:
            yield
        finally:
            self._updating = False

    def _options_refused(self, change) -> bool:
        """Whether a menu change from the browser is refused (an unknown ruleset, fewer than one line).

        A refused change is put back, and the message says why.
        """
        from ..errors import MjlearnError
        from ..rules.ruleset import ruleset

        reason = ""
        if change["name"] == "ruleset_name":
            try:
                ruleset(change["new"])
            except MjlearnError as error:
                reason = str(error)
        elif change["name"] == "n" and change["new"] < 1:
            reason = "Show at least one line."
        if not reason:
            return False
        with self._quietly():
            setattr(self, change["name"], change["old"])
        self._refuse(reason)
        return True

    def _summary_text(self) -> str:
        return f"card {self.card_name!r}, {self.ruleset_name} rules"

    @property
    def ruleset(self):
        """The :class:`~mjlearn.rules.ruleset.Ruleset` named by ``ruleset_name``."""
        from ..rules.ruleset import ruleset

        return ruleset(self.ruleset_name)


def rack_order(tiles: Iterable[Tile]) -> list[int]:
    """Tile codes in the order a rack shows them: flowers, then each suit, winds, dragons, jokers last.

    >>> rack_order([Tile.JOKER, Tile.B2, Tile.FLOWER])
    [34, 1, 35]
    """
    return sorted((int(tile) for tile in tiles), key=lambda code: _PLACE[Tile(code)])


def asset(name: str) -> str:
    """The text of one of the widgets' own files (a JavaScript module or the style sheet)."""
    return (HERE / name).read_text(encoding="utf-8")


def widget_module(name: str) -> str:
    """A widget's ES module: the shared helpers of ``prelude.js``, then the widget's own ``name``."""
    return asset("prelude.js") + "\n" + asset(name)


@lru_cache(maxsize=1)
def _faces() -> tuple[tuple[str, dict], ...]:
    from ..render.html import tile_uri

    return tuple(
        (str(int(t)), {"uri": tile_uri(int(t)), "name": t.long_name, "notation": t.notation}) for t in Tile
    )


def tile_faces() -> dict[str, dict]:
    """Every tile's face (``uri``), ``name`` and ``notation``, keyed by its code as a string."""
    return {code: dict(face) for code, face in _faces()}


def groups_of(notation: str) -> list[list[int]]:
    """Tiles written in the concrete notation as tile codes, one list per token (a group)."""
    return [[int(t) for t in parse_tiles(token)] for token in notation.split()]


def closest_rows(card: Card, table: "pandas.DataFrame", pattern_size: str = "1em") -> list[dict]:
    """A :meth:`Card.closest <mjlearn.card.Card.closest>` table of ``card`` as rows the browser can draw."""
    from ..render.html import pattern_html

    rows = []
    for row in table.itertuples(index=False):
        rows.append(
            {
                "line": f"{row.category} #{row.line}",
                "pattern": pattern_html(card.line(row.category, row.line), pattern_size),
                "distance": int(row.distance),
                "value": int(row.value),
                "concealed": bool(row.concealed),
                "dead": bool(row.dead),
                "hand": groups_of(row.hand),
                "needs": groups_of(row.needs),
                "unused": groups_of(row.unused),
            }
        )
    return rows


def win_rows(wins: "list[Win]", pattern_size: str = "1em") -> list[dict]:
    """The lines a hand wins with as rows: the line, its value, and the hand with its jokers in place."""
    from ..render.html import group_faces, joker_label, pattern_html

    rows = []
    for win in wins:
        faces = group_faces(win.realised, [fill.jokers for fill in win.group_fills])
        groups = [[int(tile) for tile in group] for group in faces]
        rows.append(
            {
                "line": f"{win.category} #{win.number}",
                "pattern": pattern_html(win, pattern_size),
                "value": int(win.value),
                "concealed": bool(win.concealed),
                "jokers": int(win.jokers_used),
                "joker_label": joker_label(win),
                "hand": groups,
            }
        )
    return rows


def open_card(card: "Card | str | Path") -> tuple[Card, str]:
    """A card and the name to show for it, from a Card, a bundled card's name or a ``.mjcl`` path."""
    if isinstance(card, Card):
        return card, card.name
    if isinstance(card, (str, Path)):
        loaded = load_card(card)
        label = str(card) if str(card) in list_cards() else str(Path(card))
        return loaded, label
    raise CardNotFoundError(f"a card is a Card, a bundled card's name or a .mjcl path, not {card!r}")
