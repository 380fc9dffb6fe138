"""SoloDrill: play solitaire hands, then see your hands beside the coach's and the Bot's on the same deals.

Each hand is one deal of the solitaire benchmark (:func:`mjlearn.analysis.solo`): 13 tiles dealt, then a
draw; click a tile to throw it, and the next tile is drawn, up to ``draws`` draws (18, a normal game's
share of the wall, or 24). The hand is completed when the 14 tiles make a line of the card. No calls, no
Charleston, no other players. After each hand the drill says what the coach and the Bot made of the same
deal; after ``hands`` hands it scores them all (:func:`mjlearn.analysis.solo_score.score_hands`): your
hands completed and tiles away beside theirs, and where players of each strength land over that many hands.

>>> from mjlearn.widgets import SoloDrill
>>> drill = SoloDrill("basic1", hands=1, draws=2, seed=0, hints=False)
>>> drill
<SoloDrill: hand 1 of 1, draw 1 of 2>
>>> len(drill.rack), drill.discard(drill.rack[0]), drill.over
(14, True, True)
>>> drill.played[0].draws, drill.score.hands
(2, 1)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import traitlets as t

from ..analysis.solo import MAX_DRAWS, solo, solo_wall
from ..analysis.solo_score import NAMES, SoloHand, SoloScore, score_hands
from ..card import Card
from ..errors import MjlearnError
from ..hands import Hand
from ..rules.ruleset import as_ruleset
from ..rules.setup import seed_or_fresh
from ..tiles import NUM_KINDS, Tile, as_tile
from ..wording import counted
from ._common import CardWidget, asset, closest_rows, large_print, open_card, rack_order, tile_faces, widget_module

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.bots import Bot

__all__ = ["SoloDrill"]

HINT_LINES = 3
"""Nearest lines shown under the rack when ``hints`` is on."""

OTHERS = ("coach", "bot")
"""The players each hand is compared with, on the same deal."""


class SoloDrill(CardWidget):
    """Solitaire hands to play by clicking, scored against the coach and the Bot on the same deals.

    - ``card``: a bundled card's name, a ``.mjcl`` path or a :class:`~mjlearn.card.Card`.
    - ``hands``: hands in a round (the score comes after the last); ``draws``: draws per hand (18 or 24).
    - ``seed``: the deals' seed (``None``: a fresh one, shown); hand ``i`` is deal ``first + i`` of
      :func:`~mjlearn.analysis.solo.solo_wall` (``first``: 0), the benchmark's own deals.
    - ``hints``: show the nearest lines of the card under the rack while you play.
    - ``large=True``: large print (18 px text, every control at least 48 pixels); a switch in the widget too.

    Every click is a method (:meth:`discard`, :meth:`discard_at`, :meth:`next_hand`, :meth:`new_round`)
    returning ``True``, or ``False`` with the reason in ``message`` when the move is refused.
    """

    _esm = widget_module("solo_drill.js")
    _css = asset("widgets.css")

    rack = t.List(t.Int()).tag(sync=True)
    """The rack's tile codes, in rack order (read-only: change it with the methods)."""
    drawn = t.Int(-1).tag(sync=True)
    """The place in ``rack`` of the tile just drawn (-1: none)."""
    thrown = t.List(t.Int()).tag(sync=True)
    """This hand's discards, in order."""
    view = t.Dict().tag(sync=True)
    """What the browser shows besides the rack: the hand's state, hints, the hands played, the score."""

    def __init__(self, card: Card | str | Path = "basic1", hands: int = 10, draws: int = 24,
                 seed: int | None = None, ruleset: str = "NMJL", hints: bool = True, first: int = 0,
                 large: bool = False):
        from ..analysis.arguments import count_argument, flag_argument

        self._card, label = open_card(card)
        self._hands = count_argument("hands", hands, minimum=1, maximum=200)
        self._draws = count_argument("draws", draws, minimum=1, maximum=MAX_DRAWS)
        self._first = count_argument("first", first)
        self._hints = flag_argument("hints", hints)
        self._seed = seed_or_fresh(seed)
        rules = as_ruleset(ruleset)
        self._judge: "Bot | None" = None
        self._played: list[SoloHand] = []
        self._others: list[dict[str, tuple[int, int]]] = []
        self._score: SoloScore | None = None
        with self._quietly():
            super().__init__(faces=tile_faces(), card_name=label, ruleset_name=rules.name, large=large_print(large))
        self.on_msg(self._on_click)
        self._start_hand(0)

    # -- what it holds ---------------------------------------------------------------
    @property
    def hand(self) -> Hand:
        """The tiles on the rack now."""
        return Hand.from_counts(self._counts)

    @property
    def hand_number(self) -> int:
        """The hand being played (1 to ``hands``)."""
        return self._index + 1

    @property
    def draw_number(self) -> int:
        """Draws made in this hand."""
        return self._drawn

    @property
    def over(self) -> bool:
        """Whether this hand is over (completed, or at its last draw)."""
        return self._ended

    @property
    def played(self) -> list[SoloHand]:
        """The hands finished so far, as :class:`~mjlearn.analysis.solo_score.SoloHand` records."""
        return list(self._played)

    @property
    def score(self) -> SoloScore | None:
        """The round's score once every hand is played (:func:`~mjlearn.analysis.solo_score.score_hands`)."""
        return self._score

    # -- moves ------------------------------------------------------------------------------
    def discard(self, tile: Tile | str | int) -> bool:
        """Throw one tile of this kind from the rack; the next tile is drawn (or the hand ends)."""
        try:
            tile = as_tile(tile)
        except (MjlearnError, ValueError) as error:
            return self._refuse(str(error))
        if self._ended:
            return self._refuse("This hand is over: start the next hand." if self._score is None
                                else "The round is over: start a new round.")
        if not self._counts[int(tile)]:
            return self._refuse(f"There is no {tile.long_name} on the rack to throw.")
        self._counts[int(tile)] -= 1
        self._thrown.append(tile)
        self._draw()
        return True

    def discard_at(self, index: int) -> bool:
        """Throw the rack tile at ``index`` (counting from 0 as the rack shows them)."""
        index = self._whole("index", index)
        if index is None:
            return False
        if not 0 <= index < len(self.rack):
            return self._refuse(f"The rack has no tile at place {index}.")
        return self.discard(self.rack[index])

    def next_hand(self) -> bool:
        """Deal the next hand of the round (once this one is over)."""
        if not self._ended:
            return self._refuse("Finish this hand first: throw a tile to draw the next.")
        if self._index + 1 >= self._hands:
            return self._refuse("That was the last hand of the round: start a new round.")
        self._start_hand(self._index + 1)
        return True

    def new_round(self, seed: int | None = None) -> bool:
        """Start again with the next deals of the same seed (or the deals of ``seed``)."""
        if seed is not None:
            seed = self._whole("seed", seed)
            if seed is None:
                return False
            self._seed, self._first = seed, 0
        else:
            self._first += self._hands
        self._played, self._others, self._score = [], [], None
        self._start_hand(0)
        return True

    # -- inner workings ------------------------------------------------------------------------
    def _start_hand(self, index: int) -> None:
        self._index = index
        self._deal = self._first + index
        self._wall = [int(tile) for tile in solo_wall(self._seed, self._deal)]
        self._counts = [0] * NUM_KINDS
        for tile in self._wall[:13]:
            self._counts[tile] += 1
        self._thrown: list[Tile] = []
        self._drawn = 0
        self._ended = False
        self._draw(first=True)

    def _judge_of(self) -> "Bot":
        if self._judge is None:
            from ..rules.bots import Bot

            self._judge = Bot(self._card, self.ruleset)
        return self._judge

    def _draw(self, first: bool = False) -> None:
        """Draw the next tile, and end the hand if it completes a line or was the last draw."""
        tile = self._wall[13 + self._drawn]
        self._drawn += 1
        self._counts[tile] += 1
        away = self._judge_of().best_distance(tuple(self._counts))
        if away == 0:
            self._end(f"Mah Jongg at draw {self._drawn}! The {Tile(tile).long_name} completes a line.", "success")
        elif self._drawn >= self._draws:
            self._end(f"Out of draws: {counted(away, 'tile')} away after {counted(self._draws, 'draw')}.", "info")
        else:
            self._show(tile, "" if first else f"Threw {self._thrown[-1].long_name}; drew {Tile(tile).long_name}.")

    def _end(self, text: str, kind: str) -> None:
        self._ended = True
        hand = SoloHand.play(self._card, self._seed, self._deal, self._thrown, self._draws, self.ruleset_name)
        self._played.append(hand)
        others = solo(self._card, players=OTHERS, deals=[self._deal], draws=self._draws, seed=self._seed,
                      ruleset=self.ruleset_name)
        self._others.append({p: (int(others.completed_at[i, 0]), int(others.away[i, 0, 0]))
                             for i, p in enumerate(others.players)})
        if len(self._played) == self._hands:
            self._score = score_hands(self._card, self._played, self.ruleset_name)
            text += " That was the last hand: your score is below."
        else:
            text += " Start the next hand when you are ready."
        self._show(self._wall[12 + self._drawn], text, kind)

    def _show(self, tile: int, text: str, kind: str = "info") -> None:
        with self.hold_sync():
            self.rack = rack_order(Tile(k) for k in range(NUM_KINDS) for _ in range(self._counts[k]))
            self.drawn = max(i for i, code in enumerate(self.rack) if code == tile)  # (the last copy: it was drawn)
            self.thrown = [int(x) for x in self._thrown]
            self.view = self._view()
            self._say(text, kind)

    def _view(self) -> dict:
        hints = []
        if self._hints:
            table = self._card.closest(self.hand, n=HINT_LINES, ruleset=self.ruleset, partial=True)
            hints = closest_rows(self._card, table)
        rows = []
        for number, (hand, others) in enumerate(zip(self._played, self._others), start=1):
            rows.append({"hand": number, "deal": hand.deal, "you": _outcome(hand.completed_at, hand.away),
                         **{p: _outcome(*others[p]) for p in OTHERS}})
        view = {"hand": self.hand_number, "hands": self._hands, "draw": self._drawn, "draws": self._draws,
                "seed": self._seed, "deal": self._deal, "over": self._ended, "last": self._index + 1 >= self._hands,
                "hints": hints, "played": rows, "names": {p: NAMES[p] for p in OTHERS}, "score": None}
        if self._score is not None:
            score = self._score
            view["score"] = {"sentence": score.sentence(), "bands": score.band_sentence(), "verdict": score.verdict()}
        return view

    def _summary_text(self) -> str:
        if self._score is not None:
            return f"round over, {self._score.completed} of {counted(self._hands, 'hand')} completed"
        state = "over" if self._ended else f"draw {self._drawn} of {self._draws}"
        return f"hand {self.hand_number} of {self._hands}, {state}"

    def _on_click(self, _widget, content: dict, _buffers) -> None:
        action = content.get("action")
        if action == "discard":
            self.discard_at(int(content.get("index", -1)))
        elif action == "next_hand":
            self.next_hand()
        elif action == "new_round":
            self.new_round()
        else:
            self._refuse(f"Unknown action {action!r}.")

    @t.observe("ruleset_name")
    def _rules_changed(self, change) -> None:
        if self._updating or self._options_refused(change):
            return
        self._judge = None
        self._played, self._others, self._score = [], [], None
        self._start_hand(0)


def _outcome(completed_at: int, away: int) -> str:
    """A hand's end in a few words: "completed at draw 17" or "2 tiles away"."""
    return f"completed at draw {completed_at}" if completed_at else f"{counted(away, 'tile')} away"
