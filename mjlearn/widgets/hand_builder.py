"""HandBuilder: click tiles to build a rack and see, live, the lines it wins and the lines nearest to it.

>>> from mjlearn.widgets import HandBuilder
>>> hb = HandBuilder("basic1")
>>> for tile in ["F", "F", "2B", "2B", "2B", "4B", "4B", "4B", "6B", "6B", "6B", "8B", "8B", "8B"]:
...     _ = hb.add(tile)
>>> str(hb.hand), [(w.category, w.number, w.value) for w in hb.wins]
('FF 222B 444B 666B 888B', [('2468', 1, 25)])
>>> hb.add("8B"), hb.message
(False, 'A hand holds at most 14 tiles: click a rack tile to take it off first.')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from numbers import Integral
from pathlib import Path
from typing import TYPE_CHECKING

import traitlets as t

import numpy as np

from ..analysis.arguments import count_argument, exposures_argument
from ..analysis.closest import nearest_lines
from ..analysis.position import Exposure, read_position
from ..card import Card
from ..errors import ArgumentError, MjlearnError, RuleError
from ..hands import Hand, HandLike, as_hand
from ..resources import list_cards
from ..rules.ruleset import as_ruleset
from ..rules.setup import seed_or_fresh
from ..tiles import COPIES, NUM_KINDS, Tile, as_tile
from ..wording import counted
from ._common import (CardWidget, asset, large_print, nearest_rows, open_card, rack_order, tile_faces, widget_module,
                      win_rows)

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..analysis.matching import Wins

__all__ = ["HandBuilder"]

class HandBuilder(CardWidget):
    """Build a rack by clicking tiles; see the lines it wins and the ``n`` nearest lines, live.

    - ``card``: a bundled card's name, a ``.mjcl`` path or a :class:`~mjlearn.card.Card`.
    - ``hand`` and ``exposures``: a starting rack (notation) and exposed groups.
    - ``n``: how many of the nearest lines to show; ``ruleset``: ``"NMJL"`` or ``"MAHJ-X"``.
    - ``seed``: the seed of the next random deal (each deal moves it on by one; ``None``: a fresh random
      seed).
    - ``large=True``: large print (18 px text, every control at least 48 pixels); a switch in the widget too.

    Every click is a method call (:meth:`add`, :meth:`remove_at`, :meth:`expose`,
    :meth:`deal`, ...), so the widget can be driven from Python too. A move the
    rules forbid changes nothing: the method returns ``False`` and ``message``
    says why, in the widget as in Python.
    """

    _esm = widget_module("hand_builder.js")
    _css = asset("widgets.css")

    card_names = t.List(t.Unicode()).tag(sync=True)
    n = t.Int(10).tag(sync=True)
    seed = t.Int(0).tag(sync=True)
    rack = t.List(t.Int()).tag(sync=True)
    """The rack's tile codes, in the order shown (read-only: change it with the methods)."""
    exposed = t.List(t.List(t.Int())).tag(sync=True)
    left = t.List(t.Int()).tag(sync=True)
    """How many of each tile are not on the rack or exposed."""
    view = t.Dict().tag(sync=True)
    """What the browser draws as results: the win rows, the closest rows and a summary."""

    def __init__(
        self,
        card: Card | str | Path = "basic1",
        hand: HandLike = "",
        exposures: Sequence[HandLike] = (),
        n: int = 10,
        ruleset: str = "NMJL",
        seed: int | None = 0,
        rack: HandLike | None = None,
        large: bool = False,
    ):
        if rack is not None:  # ``rack`` is another name for ``hand``, as in the Charleston trainer
            if hand:
                raise ArgumentError("give the tiles as hand= or rack=, not both")
            hand = rack
        self._card, label = open_card(card)
        self._cards: dict[str, Card] = {label: self._card}
        self._rack = Hand()
        self._exposures: list[Hand] = []
        with self._quietly():
            super().__init__(
                faces=tile_faces(),
                card_name=label,
                card_names=self._names(),
                ruleset_name=as_ruleset(ruleset).name,
                n=count_argument("n", n, minimum=1),
                seed=seed_or_fresh(seed),
                large=large_print(large),
            )
        self.on_msg(self._on_click)
        self._rack, self._exposures = self._read_hand(hand, exposures)  # a bad hand raises its own error
        self._changed("")

    # -- what it holds ---------------------------------------------------------
    @property
    def hand(self) -> Hand:
        """The tiles on the rack (not the exposed ones)."""
        return self._rack

    @property
    def exposures(self) -> list[Hand]:
        """The exposed groups, each a :class:`~mjlearn.hands.Hand`."""
        return list(self._exposures)

    @property
    def tile_count(self) -> int:
        return len(self._rack) + sum(len(e) for e in self._exposures)

    @property
    def results(self) -> "pandas.DataFrame":
        """The ``n`` nearest lines (as :meth:`Card.closest <mjlearn.card.Card.closest>`; any number of tiles)."""
        return self._card.closest(self._rack, n=self.n, exposures=self._exposures, ruleset=self.ruleset, partial=True)

    @property
    def wins(self) -> "Wins":
        """The lines the rack and exposures win with (empty unless they hold 14 tiles)."""
        from ..analysis.matching import Wins

        if self.tile_count != 14:
            return Wins()
        return self._card.match(self._rack, self._exposures, ruleset=self.ruleset)

    # -- moves (each click calls one) ----------------------------------------
    def add(self, tile: Tile | str | int) -> bool:
        """Put one tile on the rack; refused (``False``, with the reason in ``message``) if the set has no more."""
        try:
            tile = as_tile(tile)
        except (MjlearnError, ValueError) as error:
            return self._refuse(str(error))
        if self.tile_count >= 14:
            return self._refuse("A hand holds at most 14 tiles: click a rack tile to take it off first.")
        held = self._held()[tile]
        if held >= COPIES[tile]:
            what = "jokers" if tile.is_joker else "flowers" if tile.is_flower else f"{tile.long_name} tiles"
            return self._refuse(f"All {COPIES[tile]} {what} are already in this hand: a set has no more.")
        self._rack = self._rack + Hand([tile])
        return self._changed(f"Added {tile.long_name}.")

    def remove(self, tile: Tile | str | int) -> bool:
        """Take one tile of this kind off the rack."""
        try:
            tile = as_tile(tile)
        except (MjlearnError, ValueError) as error:
            return self._refuse(str(error))
        if tile not in self._rack:
            return self._refuse(f"There is no {tile.long_name} on the rack to take off.")
        self._rack = self._rack - Hand([tile])
        return self._changed(f"Took off {tile.long_name}.")

    def remove_at(self, index: int) -> bool:
        """Take off the rack tile at ``index`` (counting from 0 as the rack shows them)."""
        index = self._whole("index", index)
        if index is None:
            return False
        if not 0 <= index < len(self.rack):
            return self._refuse(f"The rack has no tile at place {index}.")
        return self.remove(self.rack[index])

    def clear(self) -> bool:
        """Empty the rack and the exposures."""
        self._rack, self._exposures = Hand(), []
        return self._changed("Cleared the rack.")

    def set_hand(self, hand: HandLike = "", exposures: Sequence[HandLike] = ()) -> bool:
        """Replace the rack (notation such as ``"FF 222B J"``) and the exposures at once."""
        try:
            self._rack, self._exposures = self._read_hand(hand, exposures)
        except MjlearnError as error:
            return self._refuse(str(error))
        return self._changed("")

    def _read_hand(self, hand: HandLike, exposures: Sequence[HandLike]) -> tuple[Hand, list[Hand]]:
        """The rack and the exposures, checked together (the error of the first thing wrong)."""
        rack = as_hand(hand)
        groups = [e if isinstance(e, Hand) else Hand(e) for e in exposures_argument(exposures)]
        for group in groups:
            self._check_exposure(group)
        read_position(rack, groups)
        return rack, groups

    def expose(self, tiles: HandLike) -> bool:
        """Move rack tiles into an exposure (one group of 3 or more of one tile, jokers allowed)."""
        try:
            group = as_hand(tiles, "tiles")
            self._check_exposure(group)
        except MjlearnError as error:
            return self._refuse(str(error))
        try:
            rest = self._rack - group
        except ValueError:
            return self._refuse(f"The rack does not hold {group} to expose.")
        self._rack = rest
        self._exposures.append(group)
        return self._changed(f"Exposed {group}.")

    def expose_at(self, indices: Iterable[int]) -> bool:
        """:meth:`expose` the rack tiles at these places (as the rack shows them)."""
        try:
            indices = sorted(set(indices))
        except TypeError:  # not an iterable of numbers
            indices = []
        if not indices or not all(isinstance(i, Integral) and not isinstance(i, bool)
                                  and 0 <= i < len(self.rack) for i in indices):
            return self._refuse("Pick the rack tiles to expose first (3 or more of one tile, jokers allowed).")
        return self.expose(Hand([Tile(self.rack[i]) for i in indices]))

    def unexpose(self, index: int) -> bool:
        """Put exposure number ``index`` (from 0) back on the rack."""
        index = self._whole("index", index)
        if index is None:
            return False
        if not 0 <= index < len(self._exposures):
            return self._refuse(f"There is no exposure number {index + 1}.")
        group = self._exposures.pop(index)
        self._rack = self._rack + group
        return self._changed(f"Put {group} back on the rack.")

    def deal(self, seed: int | None = None, tiles: int = 13) -> bool:
        """A random rack of ``tiles`` tiles from a full set (seeded: the same seed, the same rack)."""
        from ..analysis.odds import deal_racks

        tiles = self._whole("tiles", tiles, 1, 14)
        if tiles is None:
            return False
        if seed is None:
            seed = self.seed
            self.seed = seed + 1
        else:
            seed = self._whole("seed", seed)
            if seed is None:
                return False
        counts = deal_racks(1, tiles, rng=seed)[0]
        self._rack, self._exposures = Hand.from_counts(int(c) for c in counts), []
        return self._changed(f"Dealt {tiles} tiles (seed {seed}).")

    def load_card(self, card: Card | str | Path) -> bool:
        """Use another card: a bundled card's name, a ``.mjcl`` path or a :class:`~mjlearn.card.Card`."""
        try:
            loaded, label = open_card(card)
        except (MjlearnError, OSError) as error:
            return self._refuse(f"Could not load the card: {error}")
        self._cards[label] = loaded
        self._card = loaded
        with self.hold_sync():  # the menu and the results change in one message
            with self._quietly():
                self.card_names = self._names()
                self.card_name = label
            return self._changed(f"Loaded the card {loaded.name!r}.")

    # -- inner workings ----------------------------------------------------------
    def _names(self) -> list[str]:
        names = list_cards()
        return names + [label for label in self._cards if label not in names]

    def _held(self) -> list[int]:
        counts = list(self._rack.counts)
        for group in self._exposures:
            for kind, n in enumerate(group.counts):
                counts[kind] += n
        return counts

    def _check_exposure(self, group: Hand) -> None:
        exposure = Exposure.parse(group)
        if exposure.is_wild and not self.ruleset.reverse_joker_swap:
            raise RuleError(
                f"An exposure of jokers only exists under MAHJ-X (after a reverse swap), not under {self.ruleset.name}."
            )

    def _changed(self, note: str) -> bool:
        with self.hold_sync():  # the browser gets every change in one message
            self.message_kind = "info"
            self._refresh()
            if self.message_kind == "info":
                self.message = note
            self.message_serial += 1
        return True

    def _refresh(self) -> None:
        """Recompute what the browser shows from the rack, the exposures, the card and the rules."""
        held = self._held()
        self.rack = rack_order(self._rack.tiles())
        self.exposed = [rack_order(g.tiles()) for g in self._exposures]
        self.left = [COPIES[k] - held[k] for k in range(NUM_KINDS)]
        count = self.tile_count
        try:
            rack, exposures = read_position(self._rack, self._exposures)
            compiled = self._card.compiled(self.ruleset)
            found = nearest_lines(compiled, np.asarray(rack.counts, dtype=np.int16), exposures, n=self.n)
            closest = nearest_rows(compiled, found)
        except MjlearnError as error:  # exposures that no line allows
            found, closest = None, []
            self.message_kind, self.message = "error", str(error)
        # a win is a line at distance 0 with 14 tiles: the nearest line shown says whether there is one
        wins = self.wins if count == 14 and found is not None and len(found.distance) and found.distance[0] == 0 \
            else []
        if wins:
            best = wins[0]
            self.message_kind = "success"
            self.message = (f"Mah Jongg! {count} tiles win {counted(len(wins), 'line')}"
                            f" (best: {best.category} #{best.number}, {best.value} points).")
            summary = "The winning lines, best value first:"
        elif count == 14:
            summary = "14 tiles, but no winning line yet: see the nearest lines below."
        else:
            summary = f"{counted(count, 'tile')}; a winning hand holds 14."
        if not closest and self._exposures:
            dead = "No line of this card can use these exposures: the hand is dead."
            summary += " " + dead
            self.message_kind, self.message = "error", dead
        self.view = {"summary": summary, "wins": win_rows(wins), "closest": closest, "count": count}

    def _on_click(self, _widget, content: dict, _buffers) -> None:
        action = content.get("action")
        if action == "add":
            self.add(int(content["tile"]))
        elif action == "remove":
            self.remove_at(int(content["index"]))
        elif action == "expose":
            self.expose_at(int(i) for i in content.get("indices", []))
        elif action == "unexpose":
            self.unexpose(int(content["index"]))
        elif action == "clear":
            self.clear()
        elif action == "deal":
            self.deal()
        elif action == "set_hand":
            self.set_hand(str(content.get("text", "")), self._exposures)
        elif action == "load_card":
            path = str(content.get("path", "")).strip()
            if path:
                self.load_card(Path(path))
            else:
                self._refuse("Type the path of a .mjcl file to load first.")

    @t.observe("card_name")
    def _card_chosen(self, change) -> None:
        if self._updating or change["new"] == change["old"]:
            return
        name = change["new"]
        if name in self._cards:
            self._card = self._cards[name]
            self._changed(f"Using the card {self._card.name!r}.")
        else:
            self.load_card(name)

    @t.observe("ruleset_name", "n")
    def _options_changed(self, change) -> None:
        if self._updating or self._options_refused(change):
            return
        self._changed("")
