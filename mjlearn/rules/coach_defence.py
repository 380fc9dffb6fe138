"""What the coach's defence would do at a seat's discard, and why, in words a learner reads.

:meth:`CoachBot.defence_state <mjlearn.rules.CoachBot.defence_state>` gives a :class:`DefenceState` for any
seat (the coach's own or a learner's): late in the wall, with an opponent showing a hot hand, whether the
coach would give the hand up (docs/rules.md, "Tournament defence", "Home-rules defence", "Reading the
table"). The GameTable's coach panel shows :meth:`DefenceState.words` and the review judges a discard by
it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..wording import listed
from .setup import SEATS

__all__ = ["DefenceState"]

_NUMBER_WORDS = {2: "two", 3: "three", 4: "four"}


@dataclass(frozen=True)
class DefenceState:
    """Whether the coach would give a seat's hand up now, and why
    (:meth:`CoachBot.defence_state <mjlearn.rules.CoachBot.defence_state>`).

    ``late``: the wall is down to :data:`~mjlearn.rules.coach_bot.GIVE_UP_WALL` tiles or fewer
    (``wall_left``). ``hot``: the live opponents showing two or more exposures (seat numbers, in turn order
    from the seat). ``applies``: the coach defends (``defence=True``), it is late and some opponent shows a
    hot hand; the rest is read only then. ``rate`` and ``holds_back``: the table's reading
    (:class:`~mjlearn.analysis.defence.TableReading`: the others' hot throws over those of players blind to
    danger; ``holds_back`` when at most :data:`~mjlearn.analysis.defence.HOLDS_BACK`, and always with
    ``read_table=False``). ``worth``: the seat's rack as the coach weighs it (expected points of its best
    lines), ``threshold`` the worth below which the hand is given up (a wall game's pay under tournament
    scoring, :data:`~mjlearn.rules.coach_bot.HOME_GIVE_UP` times the card's mean line value at home;
    ``None``: never), ``chance`` the rack's best chance of completing a hand
    in the ``draws`` the seat can still expect. ``gives_up``: the coach would stop building the hand and
    throw its safest tiles, ``throw`` first (``throws``: the tiles as safe).
    """

    applies: bool
    late: bool
    wall_left: int
    hot: tuple[int, ...]
    draws: int
    shown: tuple[int, ...] = ()
    """How many exposures each seat of ``hot`` shows."""
    tournament: bool = False
    """Whether the threshold is a wall game's pay (tournament scoring)."""
    rate: float | None = None
    holds_back: bool = False
    worth: float = 0.0
    threshold: float | None = None
    chance: float = 0.0
    gives_up: bool = False
    throw: str = ""
    """When the coach gives the hand up, the tile it would throw (its safest, in notation); else ``""``."""
    throws: tuple[str, ...] = ()
    """When the coach gives the hand up, every tile as good as :attr:`throw` (tied as its safest; its seeded
    draw picks :attr:`throw` among them), :attr:`throw` first; else ``()``."""

    @property
    def poor(self) -> bool:
        """Whether the hand is worth less than the give-up threshold."""
        return self.threshold is not None and self.worth < self.threshold

    @property
    def verdict(self) -> str:
        """``"give up"`` (a poor hand, a table that holds back), ``"play on"`` (a poor hand, but the table
        feeds hot hands freely: holding back would not stop them), ``"keep building"`` (a hand worth more than
        the threshold) or ``""`` (defence does not apply now)."""
        if not self.applies:
            return ""
        if self.gives_up:
            return "give up"
        return "play on" if self.poor else "keep building"

    def words(self) -> str:
        """The state in plain words for the seat's player (``""`` when defence does not apply): the wall,
        who shows a hot hand, what the others throw, the hand's worth over the draws the seat can still
        expect against the threshold, and what the coach would do. It names no chance: the coach panel's
        lines' table shows the chances, each line's, and a second figure here would not match them (the
        worth adds up the best lines' chances times what they pay).

        >>> state = DefenceState(True, True, 38, (2,), 9, (2,), True, 0.1, True, 3.1, 10.0, 0.021, True)
        >>> print(state.words())
        The wall is down to 38 tiles and West shows two exposures. The others are throwing carefully, and the coach reckons your hand is worth little in the 9 draws you can still expect: about 3.1 points to you (its best lines' chances times what they pay), less than the 10 points a wall game pays. The coach would stop building it, throw safe tiles and call a discard only to win.
        >>> loose = DefenceState(True, True, 30, (0, 2, 3), 8, (2, 3, 2), False, 0.6, False, 0.01, 6.0, 0.0004)
        >>> print(loose.words())
        The wall is down to 30 tiles and East, West and North show two or more exposures each. The coach reckons your hand is worth little in the 8 draws you can still expect (next to nothing, less than the 6.0 points the coach asks of a hand this late), but the others keep throwing tiles East, West and North could use, so holding back would not stop them: the coach keeps building its hand.
        """
        if not self.applies:
            return ""
        from ..analysis.horizon import horizon_phrase

        names = [SEATS[s] for s in self.hot]
        if len(names) == 1:
            who = f"{names[0]} shows {_NUMBER_WORDS.get(self.shown[0], str(self.shown[0]))} exposures"
            them = names[0]
        else:
            who = f"{listed(names)} show two or more exposures each"
            them = "them"
        opening = f"The wall is down to {self.wall_left} tiles and {who}"
        horizon = horizon_phrase(self.draws)
        if self.threshold is None:
            return (f"{opening}. The coach keeps building your hand {horizon}, and weighs each throw's danger"
                    " against what the hand keeps.")
        against = (f"the {self.threshold:g} points a wall game pays" if self.tournament else
                   f"the {self.threshold:.1f} points the coach asks of a hand this late")
        worth = "next to nothing" if self.worth < 0.05 else f"about {self.worth:.1f} points"
        if self.gives_up:
            table = "The others are throwing carefully, and the coach" if self.rate is not None else "The coach"
            return (f"{opening}. {table} reckons your hand is worth little {horizon}: {worth} to you (its best"
                    f" lines' chances times what they pay), less than {against}. The coach would stop building it,"
                    " throw safe tiles and call a discard only to win.")
        if self.poor:
            return (f"{opening}. The coach reckons your hand is worth little {horizon} ({worth}, less than"
                    f" {against}), but the others keep throwing tiles {listed(names)} could use, so holding"
                    f" back would not stop {them}: the coach keeps building its hand.")
        return (f"{opening}, but the coach reckons your hand is still worth building {horizon} ({worth}, more"
                f" than {against}): the coach keeps building it, and weighs each throw's danger against what the"
                " hand keeps.")
