"""Rulesets: NMJL (the default) and the MAHJ-X variant, as values the whole engine reads.

Every rule that differs between the two is a field here, so no part of the
engine keeps a flag of its own:

>>> NMJL.east_tiles, MAHJX.east_tiles
(14, 13)
>>> MAHJX.second_charleston, NMJL.second_charleston
('mandatory', 'optional')
>>> as_ruleset("mahj-x") is MAHJX
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import RulesetError
from .tournament import TournamentScoring

__all__ = ["Ruleset", "NMJL", "MAHJX", "RULESETS", "as_ruleset", "RulesetError"]


EXCHANGE_WINS = ("self-drawn", "as turn began")
"""The values of :attr:`Ruleset.exchange_win`."""


@dataclass(frozen=True)
class Ruleset:
    """The rules of one variant. Compare rulesets with ``==``; build new ones with :func:`dataclasses.replace`."""

    name: str
    # -- set-up and deal --------------------------------------------------
    jokers_dealt_first: int = 0
    """Jokers each player takes before the deal (MAHJ-X: 1)."""
    wall_length: tuple[int, int, int, int] = (19, 19, 19, 19)
    """Wall length (in stacks of two) for East, South, West, North."""
    east_tiles: int = 14
    """Tiles East holds after the deal (others hold 13)."""
    # -- the Charleston -----------------------------------------------------
    first_charleston: tuple[str, ...] = ("right", "across", "left")
    second_charleston_passes: tuple[str, ...] = ("left", "across", "right")
    second_charleston: str = "optional"
    """"optional": only if all four agree; "mandatory": always."""
    across_negotiated: bool = False
    """Whether the across passes of the Charlestons swap 0-3 tiles as negotiated (MAHJ-X)."""
    blind_passes: tuple[str, ...] = ("last",)
    """Which passes may be blind: "last" (the last pass of each Charleston) or "sides" (every left and right pass)."""
    final_pass: str = "courtesy"
    """The pass after the Charlestons: "courtesy" (0-3 across, the lower offer) or "optional" (MAHJ-X's)."""
    # -- play -----------------------------------------------------------------
    joker_exchange: bool = True
    """Swapping a natural for a joker in an exposure, on one's own turn."""
    reverse_joker_swap: bool = False
    """Swapping a joker from the rack for a natural in an exposure (MAHJ-X)."""
    amend_exposures: bool = False
    """Adding tiles to or taking tiles from one's exposures on one's turn (MAHJ-X)."""
    joker_discard_draws_again: bool = False
    """A player who discards a joker picks another tile from the wall (MAHJ-X)."""
    reverse_runs: bool = False
    """Consecutive runs may also run downwards (MAHJ-X)."""
    exchange_in_dead_exposures: bool = True
    """Whether jokers may be exchanged in the exposures of a dead hand (MAHJ-X rule 4.4: no)."""
    wrong_dead_call: str = "dispute"
    """What a wrong :meth:`~mjlearn.rules.Game.call_dead` does (seed 003, "Dead Hands"): "dispute" (home
    play, NMJL: recorded, settled at the end of the game) or "caller dead" (tournaments and online: the
    caller's hand is dead)."""
    # -- scoring --------------------------------------------------------------
    exchange_win: str = "self-drawn"
    """How a Mah Jongg declared right after a joker exchange is paid. Seed 002 counts it as self-drawn,
    whoever's exposure held the joker and even if the turn began by calling a discard, and notes that
    NMJL's own rules are not clear on the point. "self-drawn" (mjlearn's choice) follows the seed;
    "as turn began" pays it as the turn began: self-drawn after a draw, and after a called discard as
    a win on that discard (its thrower pays the discarder's share)."""
    jokerless_doubles: bool = True
    discarder_pays: int = 2
    """Multiple of the hand's value that the player who threw the winning tile pays."""
    self_drawn_pays: int = 2
    """Multiple that every player pays on a self-drawn win."""
    scorecard: bool = False
    """Whether scores go on a session scorecard (a column per player) instead of settling each game."""
    tournament: TournamentScoring | None = None
    """The tournament scoring table (MAHJ-X rule 8), or ``None`` for home payouts (seed 002)."""

    def __post_init__(self) -> None:
        if self.exchange_win not in EXCHANGE_WINS:
            raise RulesetError(f"exchange_win must be one of {', '.join(map(repr, EXCHANGE_WINS))},"
                               f" not {self.exchange_win!r}")


NMJL = Ruleset(name="NMJL")
"""National Mah Jongg League rules: the default."""

MAHJX = Ruleset(
    name="MAHJ-X",
    jokers_dealt_first=1,
    wall_length=(17, 19, 19, 19),
    east_tiles=13,
    second_charleston="mandatory",
    across_negotiated=True,
    blind_passes=("sides",),
    final_pass="optional",
    reverse_joker_swap=True,
    amend_exposures=True,
    joker_discard_draws_again=True,
    reverse_runs=True,
    exchange_in_dead_exposures=False,
    wrong_dead_call="caller dead",
    scorecard=True,
    tournament=TournamentScoring(),
)
"""The MAHJ-X variant: NMJL rules except where its rules 1-8 amend them."""

RULESETS = {"nmjl": NMJL, "mahj-x": MAHJX, "mahjx": MAHJX}


def as_ruleset(name: str | Ruleset) -> Ruleset:
    """A ruleset by name (``"NMJL"``, ``"MAHJ-X"``, in any case), or the ruleset itself.

    It was called ``ruleset`` once, a name that hid this module from
    ``mjlearn.rules``: that name stays here as an alias
    (``from mjlearn.rules.ruleset import ruleset``), while ``mjlearn.rules.ruleset``
    is now this module.

    >>> as_ruleset(NMJL) is NMJL, as_ruleset("NMJL") is NMJL
    (True, True)
    >>> as_ruleset("riichi")
    Traceback (most recent call last):
    ...
    mjlearn.errors.RulesetError: unknown ruleset 'riichi'; the rulesets are NMJL and MAHJ-X
    """
    if isinstance(name, Ruleset):
        return name
    try:
        return RULESETS[name.strip().lower()]
    except (KeyError, AttributeError):
        raise RulesetError(f"unknown ruleset {name!r}; the rulesets are NMJL and MAHJ-X") from None


ruleset = as_ruleset
"""The old name of :func:`as_ruleset`, kept for ``from mjlearn.rules.ruleset import ruleset``."""
