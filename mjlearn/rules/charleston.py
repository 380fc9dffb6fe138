"""The Charleston: passing tiles before play, under NMJL or MAHJ-X rules.

NMJL: the first Charleston is mandatory (right, across, left; the last pass
may be blind); a second one (left, across, right; blind on the last) happens
only if all four players agree; then a courtesy pass across of 0-3 tiles, the
lower of the two partners' offers. MAHJ-X: two mandatory Charlestons whose
across passes swap 0-3 tiles as negotiated, blind passes allowed on every left
and right pass, then an optional pass across (also 0-3, negotiated). Jokers
are never passed.

A **blind pass** passes on, unseen, tiles arriving in the same pass: a player
gives 0-3 of their own tiles and makes up the three with tiles received from
the neighbour passing to them. mjlearn moves the arriving tiles on round the
table until each player has passed on as many as they chose (which ones, when
more arrive, is left to the seeded random generator, since the player does
not look); everyone ends the pass with as many tiles as before.

Each player passes with :meth:`Charleston.pass_tiles`; when all four have
passed, the pass happens and the next begins. A wrong move raises
:class:`~mjlearn.errors.RuleError` naming the rule and changes nothing.

>>> from mjlearn.rules import deal_tiles
>>> ch = Charleston(deal_tiles(seed=1))
>>> ch.step.name
'first right'
>>> for seat in range(4):
...     rack = ch.racks[seat]
...     ch.pass_tiles(seat, [t for t in rack.tiles() if t != Tile.JOKER][:3])
>>> ch.step.name, [len(r) for r in ch.racks]
('first across', [14, 13, 13, 13])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import ArgumentError, RuleError
from ..hands import Hand
from ..tiles import Tile
from .arguments import bool_arg, int_arg, seat_arg, tiles_arg
from .ruleset import Ruleset
from .setup import SEATS, Deal

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["Charleston", "Step", "Event", "DIRECTIONS", "events_table"]

DIRECTIONS = {"right": 1, "across": 2, "left": 3}
"""Seats ahead in turn order that each direction passes to (right is the next player, South for East)."""


@dataclass(frozen=True)
class Step:
    """One step of the Charleston: a pass (``kind="pass"``), a negotiated swap across
    (``"negotiated"``: 0-3 tiles, the lower of two offers) or the vote on the second Charleston."""

    name: str
    kind: str  # "pass", "negotiated" or "vote"
    direction: str = "across"
    blind: bool = False
    """Whether a blind pass is allowed (a "pass" step only)."""


@dataclass(frozen=True)
class Event:
    """A line of the game log: what happened, to whom, with which tiles."""

    step: str
    seat: int | None
    action: str
    tiles: tuple[Tile, ...] = ()
    detail: str = ""


_new = object.__new__


def _event(step: str, seat: int | None, action: str, tiles: tuple = (), detail: str = "") -> Event:
    """``Event(step, seat, action, tiles, detail)``, the same value made without the frozen dataclass's
    ``__init__`` (which sets each field through ``object.__setattr__``): a third of the time, for the few
    hundred lines a game logs.

    >>> _event("turn 1", 2, "discards") == Event("turn 1", 2, "discards")
    True
    """
    event = _new(Event)
    fields = event.__dict__
    fields["step"] = step
    fields["seat"] = seat
    fields["action"] = action
    fields["tiles"] = tiles
    fields["detail"] = detail
    return event


def events_table(events: Sequence[Event]) -> "pandas.DataFrame":
    """Log events as a table with the columns step, seat, action, tiles, detail."""
    import pandas as pd

    rows = [
        {
            "step": e.step,
            "seat": SEATS[e.seat] if e.seat is not None else "",
            "action": e.action,
            "tiles": " ".join(t.notation for t in e.tiles),
            "detail": e.detail,
        }
        for e in events
    ]
    return pd.DataFrame(rows, columns=["step", "seat", "action", "tiles", "detail"])


_STEPS: dict[Ruleset, tuple[Step, ...]] = {}  # ruleset -> its steps (Step is frozen: shared by the Charlestons)


def _steps(rules: Ruleset) -> list[Step]:
    """The steps of a Charleston under ``rules`` (a new list; the steps are worked out once per ruleset)."""
    steps = _STEPS.get(rules)
    if steps is None:
        steps = _STEPS[rules] = tuple(_build_steps(rules))
    return list(steps)


def _build_steps(rules: Ruleset) -> list[Step]:
    def charleston(label: str, directions: Sequence[str]) -> list[Step]:
        steps = []
        for i, direction in enumerate(directions):
            name = f"{label} {direction}"
            if direction == "across" and rules.across_negotiated:
                steps.append(Step(name, "negotiated"))
                continue
            last = i == len(directions) - 1
            blind = ("last" in rules.blind_passes and last) or (
                "sides" in rules.blind_passes and direction in ("left", "right")
            )
            steps.append(Step(name, "pass", direction, blind))
        return steps

    steps = charleston("first", rules.first_charleston)
    if rules.second_charleston == "optional":
        steps.append(Step("vote on a second Charleston", "vote"))
    steps += charleston("second", rules.second_charleston_passes)
    steps.append(Step(f"{rules.final_pass} pass", "negotiated"))
    return steps


def _check_saved(saved, maker: str) -> None:
    if type(saved) is not tuple or len(saved) != 5 or not isinstance(saved[2], int):
        raise ArgumentError(f"saved must be what Charleston.{maker}() gave, not {saved!r}"[:200])


@dataclass
class Charleston:
    """The Charleston of one deal. ``racks`` change as passes happen; ``log`` records every move."""

    deal: Deal
    seed: int | None = None
    racks: list[Hand] = field(init=False)
    log: list[Event] = field(init=False, default_factory=list)
    steps: list[Step] = field(init=False)
    _index: int = field(init=False, default=0)
    _pending: dict[int, tuple] = field(init=False, default_factory=dict)
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.deal, Deal):
            raise ArgumentError(f"a Charleston is of a Deal (mjlearn.rules.deal_tiles), not {self.deal!r}")
        self.racks = list(self.deal.racks)
        self.steps = _steps(self.deal.ruleset)
        self._rng = random.Random(self.seed if self.seed is not None else self.deal.seed)

    # -- undo -------------------------------------------------------------------
    def snapshot(self) -> tuple:
        """What :meth:`restore` needs to put the Charleston back as it is now."""
        return tuple(self.racks), tuple(self.log), self._index, tuple(sorted(self._pending.items())), self._rng.getstate()

    def restore(self, saved: tuple) -> None:
        """Put the Charleston back as it was at :meth:`snapshot` (``saved``: what it gave)."""
        _check_saved(saved, "snapshot")
        racks, logs, self._index, pending, state = saved
        self.racks = list(racks)
        self.log[:] = logs
        self._pending = dict(pending)
        self._rng.setstate(state)

    def undo_point(self) -> tuple:
        """What :meth:`rewind` needs to undo the next move: lighter than :meth:`snapshot` (the log by its
        length; the generator's state only when the move may complete a pass, the one time it is used)."""
        state = self._rng.getstate() if len(self._pending) == 3 else None
        return tuple(self.racks), len(self.log), self._index, dict(self._pending), state

    def rewind(self, saved: tuple) -> None:
        """Put the Charleston back as it was at :meth:`undo_point`."""
        _check_saved(saved, "undo_point")
        racks, logged, self._index, self._pending, state = saved
        self.racks = list(racks)
        del self.log[logged:]
        if state is not None:
            self._rng.setstate(state)

    # -- where we are -----------------------------------------------------
    @property
    def ruleset(self) -> Ruleset:
        return self.deal.ruleset

    @property
    def step_label(self) -> str:
        """The current step in words: "first right pass", "vote on a second Charleston", "courtesy pass"."""
        step = self.step
        return step.name if step.kind == "vote" or step.name.endswith("pass") else f"{step.name} pass"

    @property
    def done(self) -> bool:
        return self._index >= len(self.steps)

    @property
    def step(self) -> Step:
        if self.done:
            raise RuleError("the Charleston is over")
        return self.steps[self._index]

    def complete_hands(self, card) -> dict[int, list]:
        """Seats whose rack is already a winning hand (14 tiles) on ``card``, with the lines it wins.

        After the NMJL deal East holds 14 tiles and may already have Mah Jongg;
        ask again after any pass. ``card`` is a Card, a bundled card's name or a ``.mjcl`` path.
        """
        from ..resources import as_card

        card = as_card(card)
        wins = {}
        for seat, rack in enumerate(self.racks):
            if len(rack) == 14:
                found = card.match(rack, ruleset=self.ruleset)
                if found:
                    wins[seat] = found
        return wins

    def log_table(self) -> "pandas.DataFrame":
        """The log as a table: step, seat, action, tiles, detail (as :meth:`Game.log_table`)."""
        return events_table(self.log)

    def steps_table(self) -> "pandas.DataFrame":
        """The steps of this ruleset's Charleston as a table: name, kind, direction, blind.

        >>> from mjlearn.rules import MAHJX, deal_tiles
        >>> Charleston(deal_tiles(MAHJX, seed=1)).steps_table()["kind"].tolist()[:3]
        ['pass', 'negotiated', 'pass']
        """
        import pandas as pd
        from dataclasses import asdict

        return pd.DataFrame([asdict(step) for step in self.steps])

    def waiting_for(self) -> list[int]:
        """Seats that have not yet moved in the current step."""
        return [] if self.done else [s for s in range(4) if s not in self._pending]

    # -- moves ----------------------------------------------------------------
    def pass_tiles(self, seat: int, tiles: Iterable[Tile | str] = (), blind: int = 0) -> None:
        """Pass tiles in the current step.

        A pass step takes three tiles: ``tiles`` of one's own plus ``blind``
        tiles passed on unseen (blind passes only where the rules allow them).
        A negotiated step (across) takes 0-3 tiles in order of preference; the
        two partners swap as many as the lower offer, the first ones listed.
        """
        step = self._check_turn(seat, ("pass", "negotiated"))
        own = tiles_arg(tiles, "tiles", 3)
        blind = int_arg(blind, "blind", 0, 3)
        if Tile.JOKER in own:
            raise RuleError("jokers are never passed in the Charleston")
        if step.kind == "negotiated":
            if blind:
                raise RuleError(f"the {self.step_label} is a swap between partners: it is never blind")
            if len(own) > 3:
                raise RuleError(f"the {step.name} swaps 0-3 tiles, not {len(own)}")
        else:
            if blind and not step.blind:
                raise RuleError(f"the {step.name} pass may not be blind under {self.ruleset.name} rules")
            if len(own) + blind != 3:
                raise RuleError(
                    f"the {step.name} pass is of 3 tiles: {len(own)} of your own"
                    + (f" and {blind} blind" if blind else "")
                    + f" make {len(own) + blind}"
                )
        try:
            self.racks[seat].change(remove=own)
        except ValueError:
            raise RuleError(f"{SEATS[seat]} does not hold {' '.join(t.notation for t in own)} to pass") from None
        self._pending[seat] = (tuple(own), blind)
        if len(self._pending) == 4:
            self._resolve(step)

    def _quick_pass(self, seat: int, own: list[Tile]) -> bool:
        """:meth:`pass_tiles` of ``own`` (a list of :class:`Tile`, none blind) by seat ``seat`` (0-3) when every
        check passes at a glance (the step takes tiles, the seat has not passed, the tiles are held and no joker,
        as many as the step takes): ``True``; else ``False``, and nothing changed (then :meth:`pass_tiles` says
        what is wrong)."""
        if self._index >= len(self.steps) or seat in self._pending:
            return False
        step = self.steps[self._index]
        if step.kind == "pass":
            if len(own) != 3:
                return False
        elif step.kind != "negotiated" or len(own) > 3:
            return False
        counts = self.racks[seat]._counts
        for tile in own:
            if tile == Tile.JOKER or own.count(tile) > counts[tile]:
                return False
        self._pending[seat] = (tuple(own), 0)
        if len(self._pending) == 4:
            self._resolve(step)
        return True

    def _quick_step(self, choices: list) -> bool:
        """The four seats' moves of the current step at once, seat by seat from East: ``choices[seat]`` is a
        list of :class:`Tile` to pass (none blind) in a pass or a negotiated step, or a ``bool`` in the vote. When
        every move passes :meth:`_quick_pass`'s checks (the vote's: a ``bool``) and no seat has moved in the
        step yet, the step is taken and resolved as the four moves one by one take it: ``True``; else ``False``,
        and nothing changed (then the moves one by one say what is wrong)."""
        if self._index >= len(self.steps) or self._pending or type(choices) is not list or len(choices) != 4:
            return False
        step = self.steps[self._index]
        if step.kind == "vote":
            if any(type(choice) is not bool for choice in choices):
                return False
            self._pending = {seat: (choice,) for seat, choice in enumerate(choices)}
            self._close_vote()
            return True
        racks = self.racks
        for seat, own in enumerate(choices):  # (a pass takes three tiles, a negotiated step 0-3)
            if type(own) is not list or len(own) > 3 or (step.kind == "pass" and len(own) != 3):
                return False
            counts = racks[seat]._counts
            for tile in own:
                if type(tile) is not Tile or tile == Tile.JOKER or own.count(tile) > counts[tile]:
                    return False
        self._pending = {seat: (tuple(own), 0) for seat, own in enumerate(choices)}
        self._resolve(step)
        return True

    def vote(self, seat: int, second_charleston: bool) -> None:
        """Say whether you want the second Charleston (NMJL: it happens only if all four agree)."""
        self._check_turn(seat, ("vote",))
        self._pending[seat] = (bool_arg(second_charleston, "second_charleston"),)
        if len(self._pending) == 4:
            self._close_vote()

    def _close_vote(self) -> None:
        """The four votes are in: log the outcome, and go on to the second Charleston or past it."""
        yes = all(v[0] for v in self._pending.values())
        self.log.append(Event(self.step.name, None, "second Charleston" if yes else "no second Charleston",
                              detail=" ".join(SEATS[s] + ("+" if self._pending[s][0] else "-") for s in range(4))))
        self._pending.clear()
        self._index += 1
        if not yes:
            while self.steps[self._index].name.startswith("second "):
                self._index += 1

    def _check_turn(self, seat: int, kinds: tuple[str, ...]) -> Step:
        seat_arg(seat)
        step = self.step
        if step.kind not in kinds:
            if step.kind == "vote":
                wanted = "each player votes yes or no now; nobody passes tiles"
            else:
                wanted = "each player passes tiles now; the vote comes later" if any(
                    s.kind == "vote" for s in self.steps[self._index:]) else "each player passes tiles now; there is no vote"
            raise RuleError(f"the Charleston is at the {self.step_label}: {wanted}")
        if seat in self._pending:
            moved = "voted" if step.kind == "vote" else "passed"
            raise RuleError(f"{SEATS[seat]} has already {moved} in the {self.step_label}")
        return step

    # -- resolving a step ----------------------------------------------------
    def _resolve(self, step: Step) -> None:
        racks = list(self.racks)
        moves = self._negotiated() if step.kind == "negotiated" else self._passes(step)
        for seat, (given, received) in moves.items():
            racks[seat] = racks[seat].change(remove=given, add=received)
            self.log.append(_event(step.name, seat, "passes", tuple(given)))
            self.log.append(_event(step.name, seat, "receives", tuple(received)))
        self.racks = racks
        self._pending.clear()
        self._index += 1

    def _negotiated(self) -> dict[int, tuple[list[Tile], list[Tile]]]:
        moves = {}
        for seat in range(4):
            partner = (seat + 2) % 4
            count = min(len(self._pending[seat][0]), len(self._pending[partner][0]))
            moves[seat] = (list(self._pending[seat][0][:count]), list(self._pending[partner][0][:count]))
        return moves

    def _passes(self, step: Step) -> dict[int, tuple[list[Tile], list[Tile]]]:
        """Every player's own tiles leave; blind shares forward arriving tiles until all are placed."""
        ahead = DIRECTIONS[step.direction]
        pending = self._pending
        given = {s: list(pending[s][0]) for s in range(4)}
        if not (pending[0][1] or pending[1][1] or pending[2][1] or pending[3][1]):  # (none blind, the bots' pass:
            moves = {}  # each seat keeps the tiles passed to it, in the order of the loop below, shuffled the same)
            shuffle = self._rng.shuffle
            for s in range(4):
                tiles = list(given[(s - ahead) % 4])
                if tiles:
                    shuffle(tiles)
                moves[s] = (given[s], tiles)
            return moves
        return self._in_transit(given, {s: pending[s][1] for s in range(4)}, ahead)

    def _in_transit(self, given: dict[int, list[Tile]], quota: dict[int, int], ahead: int) -> dict:
        """The tiles ``given`` by each seat travel round the table, ``ahead`` seats a hop, each seat passing on
        unseen as many arriving tiles as its blind share (``quota``) and keeping the rest: each seat's tiles
        given and kept. (With no blind share every seat keeps what arrives, shuffled: :meth:`_passes`' quick
        form, the same tiles in the same order.)"""
        kept: dict[int, list[Tile]] = {s: [] for s in range(4)}
        # tiles in transit, by the seat they are arriving at, with the seat they came from
        arriving = {s: [] for s in range(4)}
        for s in range(4):
            arriving[(s + ahead) % 4].extend(given[s])
        while any(arriving.values()):
            for s in range(4):
                tiles, arriving[s] = arriving[s], []
                if not tiles:
                    continue
                forward = min(quota[s], len(tiles))
                self._rng.shuffle(tiles)  # a blind passer does not see which tiles they pass on
                quota[s] -= forward
                arriving[(s + ahead) % 4].extend(tiles[:forward])
                kept[s].extend(tiles[forward:])
        return {s: (given[s], kept[s]) for s in range(4)}
