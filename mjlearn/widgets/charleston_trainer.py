"""CharlestonTrainer: practise the Charleston of a seeded deal against three computer players.

You sit at one seat of a four-player deal and pick the tiles of each pass
(right, across, left, the blind pass, the optional second Charleston, the
courtesy pass); the other three seats pass as :class:`~mjlearn.rules.bots.Bot`
does. After each pass the widget shows how your nearest lines of the card
moved. NMJL and MAHJ-X rules.

>>> from mjlearn.widgets import CharlestonTrainer
>>> ct = CharlestonTrainer("basic1", seed=1)
>>> ct.step.name, len(ct.rack)
('first right', 14)
>>> ct.select("J"), ct.message
(False, 'Jokers are never passed in the Charleston: keep them, a joker stands in for any tile of a group of 3 or more.')
>>> ct.suggest(), ct.pass_selected(), ct.step.name
(True, True, 'first across')
>>> ct.history[["step", "passed", "before", "after"]].values.tolist()
[['first right', '2C 5C 2D', 8, 8]]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import traitlets as t

from ..analysis.arguments import count_argument
from ..analysis.closest import NearestLines
from ..card import Card
from ..errors import ArgumentError, MjlearnError, RuleError
from ..hands import Hand, HandLike
from ..rules.bots import Bot
from ..rules.charleston import DIRECTIONS, Charleston, Step
from ..rules.ruleset import Ruleset, as_ruleset
from ..rules.setup import SEATS, Deal, check_seat, deal_tiles, seed_or_fresh
from ..tiles import Tile, as_tile, parse_tiles
from ..wording import counted
from ._common import CardWidget, asset, large_print, nearest_rows, open_card, rack_order, tile_faces, widget_module

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["CharlestonTrainer"]

_JOKER_REASON = (
    "Jokers are never passed in the Charleston: keep them, a joker stands in for any tile of a group of 3 or more."
)
_WORDS = {"right": "to the right", "across": "across", "left": "to the left"}


def _text(tiles: Iterable[Tile]) -> str:
    """Tiles in the concrete notation (``"66C 7B"``), or ``"no tiles"``."""
    tiles = list(tiles)
    return str(Hand(tiles)) if tiles else "no tiles"


def _sentence(error: Exception) -> str:
    """An engine error as a sentence: a capital first letter and a full stop."""
    text = str(error)
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _title(name: str) -> str:
    return name[:1].upper() + name[1:]


class CharlestonTrainer(CardWidget):
    """Play the Charleston of a seeded deal: you choose your passes, three bots choose theirs.

    - ``card``: a bundled card's name, a ``.mjcl`` path or a :class:`~mjlearn.card.Card`.
    - ``ruleset``: ``"NMJL"`` or ``"MAHJ-X"``; ``seed``: the deal (the same seed, the same deal and passes;
      ``None``: a fresh random deal, whose seed ``seed`` then shows).
    - ``seat``: where you sit, 0 East, 1 South, 2 West, 3 North; ``n``: how many nearest lines to show.
    - ``large=True``: large print (18 px text, every control at least 48 pixels); a switch in the widget too.

    Every click is a method call (:meth:`select`, :meth:`toggle_at`,
    :meth:`set_blind`, :meth:`pass_selected`, :meth:`vote`, :meth:`suggest`,
    :meth:`undo`, :meth:`new_deal`), so a lesson can drive the widget from
    Python. A move the rules forbid changes nothing: the method returns
    ``False`` and ``message`` says why.
    """

    _esm = widget_module("charleston_trainer.js")
    _css = asset("widgets.css")

    seed = t.Int(0).tag(sync=True)
    """The seed of the current deal (read-only: deal again with :meth:`new_deal`)."""
    seat = t.Int(0).tag(sync=True)
    seat_name = t.Unicode("East").tag(sync=True)
    n = t.Int(5).tag(sync=True)
    rack_tiles = t.List(t.Int()).tag(sync=True)
    """Your rack's tile codes, in the order shown (read-only)."""
    selected = t.List(t.Int()).tag(sync=True)
    """Places (in ``rack_tiles``) of the tiles picked for the current pass, in the order picked."""
    suggested = t.List(t.Int()).tag(sync=True)
    """Places of the tiles that :meth:`suggest` last proposed."""
    blind = t.Int(0).tag(sync=True)
    """How many tiles of the current pass are passed on blind."""
    step_info = t.Dict().tag(sync=True)
    progress = t.List(t.Dict()).tag(sync=True)
    """Every step with its status: "done", "current", "todo" or "skipped"."""
    closest_rows = t.List(t.Dict()).tag(sync=True)
    """The nearest lines as rows; ``before`` is each line's distance before the last pass (or ``None``)."""
    last_pass = t.Dict().tag(sync=True)
    history_rows = t.List(t.Dict()).tag(sync=True)
    done = t.Bool(False).tag(sync=True)
    """Whether the Charleston is over (read-only)."""
    summary = t.Unicode().tag(sync=True)
    can_undo = t.Bool(False).tag(sync=True)

    _measured: tuple | None = None  # ((rack, ruleset name), every line's closest row) for the last rack measured

    def __init__(
        self,
        card: Card | str | Path = "basic1",
        ruleset: str | Ruleset = "NMJL",
        seed: int | None = 0,
        seat: int = 0,
        n: int = 5,
        rack: HandLike | None = None,
        position: Mapping[int, HandLike] | None = None,
        large: bool = False,
    ):
        self._card, label = open_card(card)
        check_seat(seat, "your seat")
        rules = as_ruleset(ruleset)
        seed = seed_or_fresh(seed)
        self._racks_given = _racks_given(seat, rack, position)
        with self._quietly():
            super().__init__(
                faces=tile_faces(),
                card_name=label,
                ruleset_name=rules.name,
                seed=seed,
                seat=seat,
                seat_name=SEATS[seat],
                n=count_argument("n", n, minimum=1),
                large=large_print(large),
            )
        self.on_msg(self._on_click)
        self._start(seed)

    # -- what it holds ---------------------------------------------------------
    @property
    def charleston(self) -> Charleston:
        """The engine's :class:`~mjlearn.rules.charleston.Charleston` (all four racks, the log)."""
        return self._ch

    @property
    def deal(self) -> Deal:
        return self._deal

    @property
    def rack(self) -> Hand:
        """Your tiles now."""
        return self._ch.racks[self.seat]

    @property
    def step(self) -> Step | None:
        """The current step, or ``None`` when the Charleston is over."""
        return None if self._ch.done else self._ch.step

    @property
    def picked(self) -> list[Tile]:
        """The tiles picked for the current pass, in the order picked."""
        return [Tile(self.rack_tiles[i]) for i in self.selected]

    @property
    def closest(self) -> "pandas.DataFrame":
        """Your ``n`` nearest lines (as :meth:`Card.closest <mjlearn.card.Card.closest>`)."""
        return self._all_lines(self.rack).head(self.n).copy()

    @property
    def best(self) -> int:
        """How many tiles away your nearest line is."""
        return min(self._distances.values())

    @property
    def history(self) -> "pandas.DataFrame":
        """One row per completed step: what you passed (and how many blind), what you received,
        your nearest line's distance before and after, and a note (the vote, the offers)."""
        import pandas

        columns = ["step", "passed", "blind", "received", "before", "after", "note"]
        return pandas.DataFrame(
            [
                {**{k: v for k, v in row.items() if k != "kind"},
                 "passed": _text(row["passed"]) if row["passed"] else "",
                 "received": _text(row["received"]) if row["received"] else ""}
                for row in self._history
            ],
            columns=columns,
        )

    # -- picking tiles ---------------------------------------------------------
    def select(self, tile: Tile | str | int) -> bool:
        """Pick one more tile of this kind from your rack for the current pass (jokers are refused)."""
        try:
            tile = as_tile(tile)
        except (MjlearnError, ValueError) as error:
            return self._refuse(str(error))
        reason = self._pick_refusal(tile)
        if reason:
            return self._refuse(reason)
        free = [i for i, code in enumerate(self.rack_tiles) if code == int(tile) and i not in self.selected]
        if not free:
            held = self.rack.count(tile)
            if held:
                return self._refuse(f"Every {tile.long_name} on your rack ({held}) is picked already.")
            return self._refuse(f"There is no {tile.long_name} on your rack.")
        return self._pick(free[0])

    def deselect(self, tile: Tile | str | int) -> bool:
        """Put back one picked tile of this kind (the last picked)."""
        try:
            tile = as_tile(tile)
        except (MjlearnError, ValueError) as error:
            return self._refuse(str(error))
        places = [i for i in self.selected if self.rack_tiles[i] == int(tile)]
        if not places:
            return self._refuse(f"No {tile.long_name} is picked.")
        return self._unpick(places[-1])

    def toggle_at(self, index: int) -> bool:
        """Pick, or put back, the rack tile at ``index`` (counting from 0 as the rack shows them)."""
        index = self._whole("index", index)
        if index is None:
            return False
        if not 0 <= index < len(self.rack_tiles):
            return self._refuse(f"Your rack has no tile at place {index}.")
        if index in self.selected:
            return self._unpick(index)
        reason = self._pick_refusal(Tile(self.rack_tiles[index]))
        if reason:
            return self._refuse(reason)
        return self._pick(index)

    def clear_selection(self) -> bool:
        """Put back every picked tile (and pass nothing blind)."""
        with self.hold_sync():
            self.selected, self.blind = [], 0
            self._say("")
        return True

    def set_blind(self, count: int) -> bool:
        """Pass ``count`` (0-3) tiles on blind, where the step allows it; pick ``3 - count`` of your own."""
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 3:
            return self._refuse(f"A blind pass is of 0-3 tiles, not {count!r}.")
        step = self.step
        if count and step is None:
            return self._refuse(self._over())
        if count and step.kind == "vote":
            return self._refuse("This step is the vote on a second Charleston: no tiles are passed.")
        if count and step.kind == "negotiated":
            return self._refuse(
                f"The {step.name} is a swap across of 0-3 tiles that both players see: it is never passed blind."
            )
        if count and not step.blind:
            return self._refuse(
                f"The {step.name} pass may not be blind under {self.ruleset.name} rules:"
                f" only {self._blind_steps()} may."
            )
        picked = len(self.selected)
        if picked + count > 3:
            return self._refuse(
                f"You have picked {counted(picked, 'tile')}: with {count} blind the pass would be"
                f" of {picked + count}. Put a tile back first."
            )
        with self.hold_sync():
            self.blind = count
            if count:
                source = SEATS[self._source(step)]
                self._say(
                    f"{counted(count, 'tile')} of the tiles arriving from {source} will go on unseen:"
                    f" pick {3 - count} of your own."
                )
            else:
                self._say("No blind pass: pick 3 of your own tiles." if step and step.kind == "pass" else "")
        return True

    # -- moves -------------------------------------------------------------------
    def pass_selected(self) -> bool:
        """Pass the picked tiles (and the blind ones) in the current step; the three bots pass too."""
        step = self.step
        if step is None:
            return self._refuse(self._over())
        if step.kind == "vote":
            return self._refuse("This step is the vote on a second Charleston: answer yes or no.")
        picked = len(self.selected)
        if step.kind == "pass" and picked + self.blind != 3:
            short = 3 - self.blind - picked
            blind = f", {self.blind} of them blind" if self.blind else ""
            return self._refuse(
                f"Pick {short} more {'tile' if short == 1 else 'tiles'}: the {step.name} pass is of 3 tiles{blind}."
            )
        return self._move(self.picked, self.blind)

    def pass_tiles(self, tiles: Iterable[Tile | str | int] | str = (), blind: int = 0) -> bool:
        """Pick ``tiles`` (notation such as ``"7B 8B 7C"`` or a list of tiles) and pass them with ``blind`` blind."""
        step = self.step
        if step is None:
            return self._refuse(self._over())
        if step.kind == "vote":
            return self._refuse("This step is the vote on a second Charleston: answer yes or no.")
        if not isinstance(tiles, (str, list, tuple, set, frozenset)):
            return self._refuse(f"Pass tiles as notation (such as '7B 8B 7C') or a list of tiles, not {tiles!r}.")
        try:
            own = parse_tiles(tiles) if isinstance(tiles, str) else [as_tile(tile) for tile in tiles]
        except (MjlearnError, ValueError) as error:
            return self._refuse(str(error))
        if Tile.JOKER in own:
            return self._refuse(_JOKER_REASON)
        if isinstance(blind, bool) or not isinstance(blind, int):
            return self._refuse(f"A blind pass is of 0-3 tiles, not {blind!r}.")
        return self._move(list(own), blind)

    def vote(self, yes: bool) -> bool:
        """Vote on the second Charleston (NMJL: it happens only if all four want it); the bots vote too."""
        step = self.step
        if step is None:
            return self._refuse(self._over())
        if step.kind != "vote":
            return self._refuse(f"There is no vote now: the Charleston is at the {step.name}.")
        saved = self._save()
        before = self.best
        log_start = len(self._ch.log)
        votes = {self.seat: bool(yes)}
        try:
            self._ch.vote(self.seat, bool(yes))
            for seat in self._others():
                votes[seat] = bool(self._bots[seat].wants_second_charleston(self._ch.racks[seat].counts))
                self._ch.vote(seat, votes[seat])
        except RuleError as error:
            self._ch.restore(saved[0])
            return self._refuse(_sentence(error))
        second = any(e.action == "second Charleston" for e in self._ch.log[log_start:])
        said = ", ".join(
            ("you" if s == self.seat else SEATS[s]) + (" yes" if votes[s] else " no") for s in range(4)
        )
        outcome = "a second Charleston" if second else f"no second Charleston: on to the {self._next_name()}"
        note = f"Votes: {said}. So {outcome}."
        self._undo.append(saved)
        self._history.append(
            {"step": step.name, "kind": step.kind, "passed": [], "blind": 0, "received": [], "before": before,
             "after": before, "note": note}
        )
        return self._changed(note)

    def suggest(self) -> bool:
        """Pick the tiles the analysis suggests passing, and say why (for the vote: say which way to vote)."""
        step = self.step
        if step is None:
            return self._refuse(self._over())
        rack = self.rack
        table = self._card.closest(rack, n=3, ruleset=self.ruleset)
        names = "; ".join(f"{row.category} #{row.line}, {row.distance} away" for row in table.itertuples())
        if step.kind == "vote":
            wants = self._advisor.wants_second_charleston(rack.counts)
            best = self.best
            advice = (f"Your nearest line is {best} tiles away: another Charleston is worth it, vote yes."
                      if wants else
                      f"Your nearest line is only {best} tiles away: you may keep your hand as it is and vote no.")
            return self._say_info(advice + f" (The computer players vote yes when they are more than"
                                           f" {self._advisor.vote_above} tiles away.)")
        from ..analysis.advice import suggest_pass

        try:
            if step.kind == "negotiated":
                tiles = self._advisor.choose_offer(rack.counts)
            else:
                count = 3 - self.blind
                tiles = suggest_pass(self._card, rack, count=count, lines=3, ruleset=self.ruleset) if count else []
        except MjlearnError as error:
            return self._refuse(_sentence(error))
        places: list[int] = []
        for tile in tiles:
            places.append(next(i for i, code in enumerate(self.rack_tiles) if code == int(tile) and i not in places))
        if step.kind == "negotiated":
            if tiles:
                why = (f"Suggested offer: {_text(tiles)}, tiles that none of your nearest lines ({names}) uses;"
                       f" offer fewer when you are torn between lines.")
            else:
                why = (f"Suggested offer: nothing. Every tile is wanted by one of your nearest lines ({names}):"
                       f" pass with no tile picked to keep them all.")
        elif tiles:
            from ..analysis.advice import pass_lines

            aims = "; ".join(f"{line.category} #{line.number}, {distance} away"
                             for line, _, distance, _ in pass_lines(self._card, rack, 3, self.ruleset))
            why = (f"Suggested: {_text(tiles)}, the tiles that the lines with the best chances use least ({aims})."
                   f" Chances count your jokers, which only groups of 3 or more can use.")
        else:
            why = "With 3 tiles blind you pass none of your own: just pass."
        with self.hold_sync():
            self.selected = places
            self.suggested = list(places)
            self._say(why)
        return True

    def undo(self) -> bool:
        """Take back your last move (a pass or a vote) and the bots' moves that went with it."""
        if not self._undo:
            return self._refuse("Nothing to undo: you have not moved yet in this deal.")
        snapshot, history, last, before, step_name = self._undo.pop()
        self._ch.restore(snapshot)
        self._history, self._last, self._before = history, last, before
        return self._changed(f"Took back your move in the {step_name}.")

    def new_deal(self, seed: int | None = None, ruleset: str | Ruleset | None = None) -> bool:
        """Deal again: with ``seed`` (``None``: the next seed, ``seed + 1``) and, if given, under other rules."""
        if seed is None:
            seed = self.seed + 1
        elif self._whole("seed", seed) is None:
            return False
        if ruleset is not None and not isinstance(ruleset, str) and not hasattr(ruleset, "reverse_runs"):
            return self._refuse(f"The ruleset is a name such as 'NMJL' or 'MAHJ-X' (or a Ruleset), not {ruleset!r}.")
        if ruleset is not None:
            try:
                rules = as_ruleset(ruleset)
            except MjlearnError as error:
                return self._refuse(str(error))
            with self._quietly():
                self.ruleset_name = rules.name
        self._start(int(seed))
        return True

    # -- inner workings ----------------------------------------------------------
    def _start(self, seed: int) -> None:
        rules = self.ruleset
        self._deal = _deal_with(rules, seed, self._racks_given)
        self._ch = Charleston(self._deal)
        self._bots = {s: Bot(self._card, rules, seed=seed * 4 + s) for s in range(4)}
        self._advisor = self._bots[self.seat]
        self._history: list[dict[str, Any]] = []
        self._last: dict[str, Any] | None = None
        self._before: dict[tuple[str, int], int] | None = None
        self._undo: list[tuple] = []
        self._start_best = min(self._line_distances(self.rack).values())
        with self._quietly():
            self.seed = seed
        sizes = "East 14 tiles, the others 13" if rules.east_tiles == 14 else "13 tiles each, a joker among them"
        note = (f"Dealt seed {seed} under {rules.name} rules ({sizes}). You sit {SEATS[self.seat]}."
                f" {self._explain(self._ch.step)}")
        self._changed(note)

    def _others(self) -> list[int]:
        return [s for s in range(4) if s != self.seat]

    def _target(self, step: Step) -> int:
        return (self.seat + DIRECTIONS[step.direction]) % 4

    def _source(self, step: Step) -> int:
        return (self.seat - DIRECTIONS[step.direction]) % 4

    def _blind_steps(self) -> str:
        names = [s.name for s in self._ch.steps if s.kind == "pass" and s.blind]
        if self.ruleset.blind_passes == ("sides",):
            return "the left and right passes (" + ", ".join(names) + ")"
        return "the last pass of each Charleston (" + " and ".join(names) + ")"

    def _next_name(self) -> str:
        step = self.step
        return step.name if step else "game"

    def _over(self) -> str:
        return "The Charleston is over: click New deal to practise another."

    def _pick_refusal(self, tile: Tile) -> str | None:
        step = self.step
        if step is None:
            return self._over()
        if step.kind == "vote":
            return "This step is the vote on a second Charleston: answer yes or no; no tiles are passed."
        if tile == Tile.JOKER:
            return _JOKER_REASON
        picked = len(self.selected)
        if step.kind == "negotiated":
            if picked >= 3:
                return f"The {step.name} swaps at most 3 tiles: put one back before picking another."
            return None
        if picked + self.blind >= 3:
            if self.blind:
                return (f"You have picked {picked} and chosen {self.blind} blind: that makes the 3 tiles of the pass."
                        f" Put a tile back (or pass fewer blind) first.")
            return "A pass is of 3 tiles: put one back before picking another."
        return None

    def _pick(self, index: int) -> bool:
        tile = Tile(self.rack_tiles[index])
        with self.hold_sync():
            self.selected = [*self.selected, index]
            self._say(f"Picked {tile.long_name}{self._count_note()}.")
        return True

    def _unpick(self, index: int) -> bool:
        tile = Tile(self.rack_tiles[index])
        with self.hold_sync():
            self.selected = [i for i in self.selected if i != index]
            self._say(f"Put back {tile.long_name}{self._count_note()}.")
        return True

    def _count_note(self) -> str:
        step = self.step
        picked = len(self.selected)
        if step is None:
            return ""
        if step.kind == "negotiated":
            return f" ({picked} of at most 3 to offer)"
        blind = f" + {self.blind} blind" if self.blind else ""
        return f" ({picked}{blind} of 3)"

    def _save(self) -> tuple:
        step = self.step
        return (self._ch.snapshot(), list(self._history), self._last, self._before, step.name if step else "")

    def _bot_move(self, seat: int, step: Step) -> list[Tile]:
        counts = self._ch.racks[seat].counts
        bot = self._bots[seat]
        tiles = bot.choose_offer(counts) if step.kind == "negotiated" else bot.choose_pass(counts, 3)
        self._ch.pass_tiles(seat, tiles)
        return tiles

    def _move(self, own: list[Tile], blind: int) -> bool:
        """Your pass, then the bots'; refused (nothing changed) if the engine refuses yours."""
        step = self._ch.step
        saved = self._save()
        before_lines = self._distances
        before = self.best
        log_start = len(self._ch.log)
        try:
            self._ch.pass_tiles(self.seat, own, blind=blind)
        except RuleError as error:
            return self._refuse(_sentence(error))
        offers = {}
        try:
            for seat in self._others():
                offers[seat] = self._bot_move(seat, step)
        except (RuleError, MjlearnError) as error:  # pragma: no cover - a bot never passes a wrong move
            self._ch.restore(saved[0])
            return self._refuse(f"A computer player could not pass: {_sentence(error)}")
        events = [e for e in self._ch.log[log_start:] if e.seat == self.seat]
        gave = [tile for e in events if e.action == "passes" for tile in e.tiles]
        received = [tile for e in events if e.action == "receives" for tile in e.tiles]
        after = min(self._line_distances(self.rack).values())
        self._undo.append(saved)
        self._before = before_lines
        self._last = {"step": step.name, "gave": gave, "blind": blind, "received": received}
        if step.kind == "negotiated":
            partner = (self.seat + 2) % 4
            offered = len(offers[partner])
            note = (f"You offered {len(own)}, {SEATS[partner]} offered {offered}:"
                    f" you swapped {counted(len(gave), 'tile')}.")
        else:
            note = f"Passed to {SEATS[self._target(step)]}, received from {SEATS[self._source(step)]}."
        self._history.append(
            {"step": step.name, "kind": step.kind, "passed": gave, "blind": blind, "received": received,
             "before": before, "after": after, "note": note}
        )
        blind_text = f" and {blind} blind" if blind else ""
        away = f"{counted(after, 'tile')} away"
        moved = f"still {away}" if after == before else f"now {away} (it was {before})"
        text = (f"{_title(step.name)}: you gave {_text(gave)}{blind_text} and received {_text(received)}. {note}"
                f" Your nearest line is {moved}.")
        return self._changed(text)

    def _found(self, rack: Hand) -> "NearestLines":
        """Every line nearest first, for ``rack``, as numbers: worked out once per rack and ruleset, then kept."""
        key = (rack, self.ruleset_name)
        if self._measured is None or self._measured[0] != key:
            from ..analysis.closest import nearest_lines
            from ..engine.compiled import counts_of

            self._measured = (key, nearest_lines(self._card.compiled(self.ruleset), counts_of(rack)))
        return self._measured[1]

    def _all_lines(self, rack: Hand) -> "pandas.DataFrame":
        """Every line nearest first, for ``rack``, as :meth:`Card.closest <mjlearn.card.Card.closest>` shows it."""
        from ..analysis.closest import closest_table

        return closest_table(self._card.compiled(self.ruleset), self._found(rack))

    def _line_distances(self, rack: Hand) -> dict[tuple[str, int], int]:
        lines = self._card.compiled(self.ruleset).lines
        found = self._found(rack)
        return {(lines[i].category, lines[i].number): d for i, d in zip(found.line.tolist(), found.distance.tolist())}

    def _explain(self, step: Step | None) -> str:
        """One or two sentences on the step, for a student."""
        if step is None:
            return "The Charleston is over: play would now begin, East discarding first."
        rules = self.ruleset
        if step.kind == "vote":
            return ("Do you want a second Charleston (left, across, right)? Under NMJL it happens only if all"
                    " four players agree; if anyone says no, play moves on to the courtesy pass.")
        partner = SEATS[(self.seat + 2) % 4]
        if step.kind == "negotiated":
            if step.name.startswith("courtesy"):
                lead = "The courtesy pass"
            elif step.name.startswith("optional"):
                lead = f"The optional pass ({rules.name})"
            else:
                lead = f"Under {rules.name} the across pass is negotiated"
            return (f"{lead}: you and {partner}, across, each offer 0-3 tiles and swap as many as the lower offer"
                    f" (the tiles you picked first go first). Pick none to keep your tiles.")
        intro = ""
        if step.name == "first right":
            intro = "The first Charleston is mandatory: right, across, left. "
        elif step.name.startswith("second") and step is self._second_first():
            intro = ("The second Charleston: left, across, right"
                     + (" (mandatory under MAHJ-X). " if rules.second_charleston == "mandatory" else ". "))
        text = (f"{intro}Pass 3 tiles {_WORDS[step.direction]} ({SEATS[self._target(step)]});"
                f" jokers are never passed.")
        if step.blind:
            text += (f" This pass may be blind: pick 0-3 of your own tiles and make up the 3 with tiles arriving from"
                     f" {SEATS[self._source(step)]}, passed on unseen.")
        return text

    def _second_first(self) -> Step | None:
        return next((s for s in self._ch.steps if s.name.startswith("second")), None)

    def _step_info(self) -> dict[str, Any]:
        step = self.step
        if step is None:
            return {"name": "", "title": "Charleston over", "kind": "done", "direction": "", "target": "",
                    "blind_allowed": False, "min_tiles": 0, "max_tiles": 0, "explain": self._explain(None)}
        info: dict[str, Any] = {"name": step.name, "title": _title(step.name), "kind": step.kind,
                                "direction": "", "target": "", "blind_allowed": step.blind,
                                "min_tiles": 0, "max_tiles": 0, "explain": self._explain(step)}
        if step.kind == "pass":
            info.update(direction=step.direction,
                        target=f"{_WORDS[step.direction]} ({SEATS[self._target(step)]})",
                        source=SEATS[self._source(step)], min_tiles=0 if step.blind else 3, max_tiles=3)
        elif step.kind == "negotiated":
            info.update(direction="across", target=f"across ({SEATS[(self.seat + 2) % 4]})", max_tiles=3)
        return info

    def _progress(self) -> list[dict[str, Any]]:
        steps = self._ch.steps
        current = len(steps) if self._ch.done else steps.index(self._ch.step)
        finished = {row["step"] for row in self._history}
        rows = []
        for i, step in enumerate(steps):
            if i < current:
                status = "done" if step.name in finished else "skipped"
            else:
                status = "current" if i == current else "todo"
            rows.append({"name": step.name, "title": _title(step.name), "kind": step.kind, "status": status})
        return rows

    def _say_info(self, note: str) -> bool:
        with self.hold_sync():
            self._say(note)
        return True

    def _changed(self, note: str) -> bool:
        """After a move: recompute everything the browser shows, in one message."""
        with self.hold_sync():
            self._refresh()
            self._say(note)
            if self._ch.done:
                self.message_kind = "success"  # the summary shows apart, with the New deal button
        return True

    def _refresh(self) -> None:
        rack = self.rack
        self._distances = self._line_distances(rack)
        compiled = self._card.compiled(self.ruleset)
        shown = NearestLines(*(column[: self.n] for column in self._found(rack)))
        rows = nearest_rows(compiled, shown)
        for row, i in zip(rows, shown.line.tolist()):
            line = compiled.lines[i]
            row["before"] = None if self._before is None else self._before.get((line.category, line.number))
        self.rack_tiles = rack_order(rack.tiles())
        self.selected, self.suggested, self.blind = [], [], 0
        self.closest_rows = rows
        last = self._last
        self.last_pass = {} if last is None else {
            "step": last["step"], "title": _title(last["step"]), "gave": [int(x) for x in last["gave"]],
            "blind": last["blind"], "received": [int(x) for x in last["received"]]}
        self.history_rows = [
            {"step": row["step"], "title": _title(row["step"]), "kind": row["kind"], "passed": rack_order(row["passed"]),
             "blind": row["blind"], "received": rack_order(row["received"]), "before": row["before"],
             "after": row["after"], "note": row["note"]}
            for row in self._history
        ]
        self.step_info = self._step_info()
        self.progress = self._progress()
        self.can_undo = bool(self._undo)
        self.done = self._ch.done
        best = self.best
        if self._ch.done:
            self.summary = (f"Charleston over: your nearest line went from {self._start_best} to"
                            f" {counted(best, 'tile')} away.")
        else:
            self.summary = ""

    def _on_click(self, _widget, content: dict, _buffers) -> None:
        action = content.get("action")
        if action == "toggle":
            self.toggle_at(int(content["index"]))
        elif action == "select":
            self.select(content["tile"])
        elif action == "blind":
            self.set_blind(int(content.get("count", 0)))
        elif action == "clear":
            self.clear_selection()
        elif action == "pass":
            self.pass_selected()
        elif action == "vote":
            self.vote(bool(content.get("yes")))
        elif action == "suggest":
            self.suggest()
        elif action == "undo":
            self.undo()
        elif action == "new_deal":
            seed = content.get("seed")
            self.new_deal(None if seed is None else int(seed))

    @t.observe("ruleset_name")
    def _rules_changed(self, change) -> None:
        if self._updating or change["new"] == change["old"]:
            return
        if self._options_refused(change):
            return
        with self._quietly():
            self.ruleset_name = as_ruleset(change["new"]).name
        self._start(self.seed)

    @t.observe("n")
    def _n_changed(self, change) -> None:
        if self._updating or self._options_refused(change):
            return
        with self.hold_sync():
            message, kind = self.message, self.message_kind
            selected, suggested, blind = self.selected, self.suggested, self.blind
            self._refresh()
            self.selected, self.suggested, self.blind = selected, suggested, blind
            self.message, self.message_kind = message, kind


def _racks_given(seat: int, rack, position) -> dict:
    """The racks a teacher set for the Charleston: ``rack`` is yours, ``position`` maps seats to racks."""
    if rack is not None and position is not None:
        raise ArgumentError("give either rack= (your rack) or position= (racks by seat), not both")
    if rack is not None:
        return {seat: rack}
    if position is not None and not isinstance(position, Mapping):
        raise ArgumentError(f"position must be a dict of racks by seat ({{0: 'FF 222B ...', 1: ...}}), not {position!r}")
    return dict(position) if position is not None else {}


def _deal_with(rules: Ruleset, seed: int, racks: dict) -> Deal:
    """The seeded deal, or, with racks given, a deal with those racks and the rest of the set dealt by the seed.

    Racks are checked like a table position (:class:`~mjlearn.errors.PositionError`): East holds 14
    tiles under NMJL, everyone else 13.
    """
    deal = deal_tiles(rules, seed)
    if not racks:
        return deal
    from ..rules.position import read_table_position

    phase = "discard" if rules.east_tiles == 14 else "draw"
    position = read_table_position(rules, racks=racks, turn=0, phase=phase, seed=seed)
    return Deal(ruleset=rules, seed=seed, dice=deal.dice, racks=position.racks, wall=position.wall, walls=deal.walls)
