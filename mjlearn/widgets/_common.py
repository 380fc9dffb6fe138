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
import numpy as np
import traitlets as t

from ..card import Card
from ..engine.memo import Memo
from ..resources import as_card, is_card_path
from ..tiles import FORMAT_ORDER, Tile, parse_tiles

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..analysis.closest import NearestLines
    from ..engine.compiled import CompiledCard
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
    "nearest_rows",
    "win_rows",
    "open_card",
    "large_print",
]

HERE = Path(__file__).parent
RULESETS = ["NMJL", "MAHJ-X"]
_PLACE = {tile: place for place, tile in enumerate(FORMAT_ORDER)}


class LessonWidget(anywidget.AnyWidget):
    """What every mjlearn widget has: a message line saying what the last click did, or why it was refused."""

    message = t.Unicode().tag(sync=True)
    message_kind = t.Unicode("info").tag(sync=True)
    """ "info", "success" or "error": how the browser colours the message."""
    message_serial = t.Int(0).tag(sync=True)
    """Counts the messages given, so the browser's screen-reader line says each one, the same text twice too."""
    large = t.Bool(False).tag(sync=True)
    """Large print: 18 px text and every control at least 48 pixels high and wide (a switch in the widget too)."""

    def __repr__(self) -> str:
        """A short, stable text (no memory address), so notebook outputs compare equal run after run."""
        return f"<{type(self).__name__}: {self._summary_text()}>"

    def _summary_text(self) -> str:
        return self.message or "ready"

    def _say(self, text: str, kind: str = "info") -> None:
        with self.hold_sync():
            self.message_kind = kind
            self.message = text
            self.message_serial += 1

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
        from ..rules.ruleset import as_ruleset

        reason = ""
        if change["name"] == "ruleset_name":
            try:
                as_ruleset(change["new"])
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
        from ..rules.ruleset import as_ruleset

        return as_ruleset(self.ruleset_name)


def large_print(value) -> bool:
    """The ``large=`` argument of a widget, checked: ``True`` or ``False``.

    >>> large_print(True)
    True
    >>> large_print("yes")
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: large must be True or False (large print), not 'yes'
    """
    from ..errors import ArgumentError

    if not isinstance(value, (bool, np.bool_)):
        raise ArgumentError(f"large must be True or False (large print), not {value!r}")
    return bool(value)


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

    return [
        _result_row(f"{row.category} #{row.line}", pattern_html(card.line(row.category, row.line), pattern_size),
                    row.distance, row.value, row.concealed, row.dead,
                    groups_of(row.hand), groups_of(row.needs), groups_of(row.unused), groups_of(row.not_usable))
        for row in table.itertuples(index=False)
    ]


def nearest_rows(compiled: "CompiledCard", found: "NearestLines", pattern_size: str = "1em") -> list[dict]:
    """:func:`closest_rows` straight from :func:`~mjlearn.analysis.closest.nearest_lines`' numbers.

    The same rows, with no table and no notation written and read back: each line's
    label and coloured pattern and each hand's groups are worked out once per card.

    >>> import mjlearn as mj
    >>> from mjlearn.analysis.closest import nearest_lines
    >>> card = mj.load_card("basic1")
    >>> compiled, rack = card.compiled(), mj.Hand("FF 222B 444B 666B 88B")
    >>> found = nearest_lines(compiled, np.asarray(rack.counts), n=3)
    >>> nearest_rows(compiled, found) == closest_rows(card, card.closest(rack, n=3))
    True
    """
    lines = _line_texts(compiled, pattern_size)
    needs = _count_groups(found.needs)
    unused = _count_groups(found.unused)
    jokers = found.not_usable.tolist()
    rows = []
    for i, (line, distance, hand, dead) in enumerate(zip(found.line.tolist(), found.distance.tolist(),
                                                         found.hand.tolist(), found.dead.tolist())):
        label, pattern, value, concealed = lines[line]
        groups = HAND_GROUPS.get(compiled, hand, lambda: tuple(tuple(group)
                                                               for group in groups_of(str(compiled.hands[hand]))))
        rows.append(_result_row(label, pattern, distance, value, concealed, dead,
                                [list(group) for group in groups], needs[i], unused[i],
                                [[_JOKER] * jokers[i]] if jokers[i] else []))
    return rows


_JOKER = int(Tile.JOKER)


def _result_row(line: str, pattern: str, distance, value, concealed, dead, hand, needs, unused, not_usable) -> dict:
    """One row of the nearest lines, as the browser draws it (``not_usable``: the jokers the line has no place for)."""
    return {"line": line, "pattern": pattern, "distance": int(distance), "value": int(value),
            "concealed": bool(concealed), "dead": bool(dead), "hand": hand, "needs": needs, "unused": unused,
            "not_usable": not_usable}


LINE_TEXTS = Memo("widget line texts", maxsize=4)
"""Per compiled card and pattern size, each line's label, coloured pattern (HTML), value and concealment."""

HAND_GROUPS = Memo("widget hand groups", maxsize=20_000)
"""Per compiled card, each shown hand's groups as tile codes (filled in as hands are shown)."""


def _line_texts(compiled: "CompiledCard", pattern_size: str) -> list[tuple[str, str, int, bool]]:
    """Per line of the card: its label, its coloured pattern (HTML), value and whether it is concealed; once per card
    and pattern size (:data:`LINE_TEXTS`)."""
    def build():
        from ..render.html import pattern_html

        return [(f"{line.category} #{line.number}", pattern_html(line, pattern_size), int(line.value),
                 bool(line.concealed)) for line in compiled.lines]

    return LINE_TEXTS.get(compiled, pattern_size, build)


def _count_groups(counts) -> list[list[list[int]]]:
    """Rows of 36 tile counts as tile codes, one list per kind in the notation's order (as :func:`groups_of`
    reads :func:`~mjlearn.tiles.format_tile_counts`' text)."""
    ordered = np.asarray(counts)[:, FORMAT_ORDER]
    rows, places = np.nonzero(ordered)
    groups: list[list[list[int]]] = [[] for _ in range(len(ordered))]
    for row, place, n in zip(rows.tolist(), places.tolist(), ordered[rows, places].tolist()):
        groups[row].append([FORMAT_ORDER[place]] * n)
    return groups


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
    """A card and the name to show for it, from a Card, a bundled card's name or a ``.mjcl`` path
    (read by :func:`~mjlearn.resources.as_card`: a bare name is always a bundled card)."""
    loaded = as_card(card)
    if loaded is card:
        return loaded, loaded.name
    return loaded, str(Path(card)) if is_card_path(card) else str(card)
