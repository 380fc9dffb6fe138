"""Scoring a Mah Jongg: who pays the winner how much, and a session scorecard.

Seats are the ints 0-3: East, South, West, North, in turn order. A win is
scored from the lines :meth:`~mjlearn.Card.match` finds; only the line that
scores most for the winner counts:

>>> import mjlearn as mj
>>> card = mj.parse_card('''Practice +10
... "2468"
... FF 222 444 666 888 X25
... ''')
>>> wins = card.match("FF 222B 444B 666B 88B J")
>>> payout = score_win(card, wins, winner=0, how="discard", discarder=2)
>>> payout.score, payout.payments
(35, (140, -35, -70, -35))
>>> print("\\n".join(payout.explain()))
2468 #1: 25
Big Card bonus (not concealed, no exposures): 25 + 10 = 35
discard: West threw the winning tile and pays 2 x 35 = 70
each other player pays 35
East receives 140

Under MAHJ-X (rule 8) the same amounts go on a :class:`Scorecard`, one
column per player, tallied at the end of the session:

>>> sheet = Scorecard(("Ann", "Bea", "Cy", "Di"))
>>> sheet.record(payout)
>>> sheet.penalty("Bea", 10, "looked at blind-passed tiles")
>>> sheet.totals()
{'Ann': 140, 'Bea': -45, 'Cy': -70, 'Di': -35}
>>> sheet.leader()
'Ann'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import ArgumentError, MjlearnError, RuleError, UnknownNameError
from ..resources import as_card
from .ruleset import NMJL, Ruleset, ruleset as _ruleset
from .setup import SEATS, check_seat
from .tournament import ROW_NAMES, TournamentScoring

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..analysis.matching import Win
    from ..card import Card

__all__ = ["SEATS", "HOWS", "Payout", "score_win", "wall_game", "Scorecard", "TournamentScoring"]

HOWS = ("discard", "self-drawn", "joker-exchange")
"""The ways a Mah Jongg is made, for :func:`score_win`'s ``how``."""


def _seat_name(seat: int | None) -> str:
    return SEATS[seat] if seat is not None else "nobody"


def _line_label(line) -> str:
    if getattr(line, "category", ""):
        return f"{line.category} #{line.number}"
    return line.mjcl


@dataclass(frozen=True)
class Payout:
    """The result of one game: the hand score and what each seat gains or pays.

    ``payments[seat]`` is positive for what the seat receives and negative for
    what it pays. Under home payouts (seed 002) the four always sum to 0 and a
    wall game (``how == "wall"``) has no winner, no line and pays nothing.
    Under a ruleset with a tournament table (MAHJ-X rule 8) nobody pays
    anybody: ``payments`` are the points each seat scores this game, and
    ``items`` lists the rows of the table that applied.
    """

    winner: int | None
    how: str
    line: "Win | None"
    """The winning line that counted (``None`` for a wall game)."""
    base: int
    """The line's value on the card."""
    jokerless_double: bool
    """Whether the score was doubled for a jokerless hand."""
    bonus: int
    """The Big Card bonus added (0 when it does not apply)."""
    score: int
    """The hand score: ``base``, doubled when jokerless, plus ``bonus``."""
    payments: tuple[int, int, int, int]
    discarder: int | None = None
    """Who threw the winning tile (only for ``how == "discard"``)."""
    ruleset: Ruleset = NMJL
    card_bonus: int = 0
    """The card's Big Card bonus, whether it applied or not (for :meth:`explain`)."""
    items: tuple[tuple[int, str, int], ...] = ()
    """Tournament scoring only: ``(seat, row, points)`` for each row of the table that applied."""

    @property
    def received(self) -> int:
        """What the winner receives (0 for a wall game)."""
        return self.payments[self.winner] if self.winner is not None else 0

    def role(self, seat: int) -> str:
        """``"winner"``, ``"discarder"`` or ``"other"`` for a seat 0-3."""
        if seat == self.winner:
            return "winner"
        if seat == self.discarder:
            return "discarder"
        return "other"

    def explain(self) -> list[str]:
        """The scoring, step by step, in plain English (one string per step).

        >>> import mjlearn as mj
        >>> card = mj.parse_card('C\\n"2468"\\nFF 222 444 666 888 X25')
        >>> wins = card.match("FF 222B 444B 666B", ["888B"])
        >>> for step in score_win(card, wins, 1, "self-drawn").explain():
        ...     print(step)
        2468 #1: 25
        jokerless: doubled to 50
        self-drawn: each player pays 2 x 50 = 100
        South receives 300
        """
        if self.ruleset.tournament is not None:
            return self._explain_tournament()
        if self.how == "wall":
            return ["wall game: nobody scores"]
        assert self.line is not None and self.winner is not None
        steps = [f"{_line_label(self.line)}: {self.base}"]
        score = self.base
        if self.jokerless_double:
            score *= 2
            steps.append(f"jokerless: doubled to {score}")
        elif self.line.jokerless:
            if _is_singles_and_pairs(self.line):
                steps.append("no jokerless double: a Singles and Pairs hand never holds a joker")
            elif not self.ruleset.jokerless_doubles:
                steps.append(f"jokerless, but {self.ruleset.name} does not double it")
        if self.bonus:
            steps.append(f"Big Card bonus (not concealed, no exposures): {score} + {self.bonus} = {self.score}")
        elif self.card_bonus:
            why = "the line is concealed" if self.line.concealed else "the hand has exposures"
            steps.append(f"no Big Card bonus: {why}")
        if self.how == "discard":
            pays = self.ruleset.discarder_pays
            steps.append(
                f"discard: {_seat_name(self.discarder)} threw the winning tile and pays"
                f" {pays} x {self.score} = {pays * self.score}"
            )
            steps.append(f"each other player pays {self.score}")
        else:
            pays = self.ruleset.self_drawn_pays
            what = "self-drawn"
            if self.how == "joker-exchange":
                what = "Mah Jongg right after a joker exchange counts as self-drawn"
            steps.append(f"{what}: each player pays {pays} x {self.score} = {pays * self.score}")
        steps.append(f"{_seat_name(self.winner)} receives {self.received}")
        if self.ruleset.scorecard:
            steps.append(
                f"{self.ruleset.name}: the amounts go on the scorecard and are settled at the end of the session"
            )
        return steps

    def _explain_tournament(self) -> list[str]:
        steps = []
        if self.how == "wall":
            steps.append("wall game: every hand that is not dead scores the wall-game points")
        else:
            assert self.line is not None
            steps.append(f"{_line_label(self.line)}: {self.base}")
        for seat, row, points in self.items:
            if row != "hand":
                steps.append(f"{_seat_name(seat)}: {ROW_NAMES[row]}: {points:+d}")
        if self.winner is not None:
            steps.append(f"{_seat_name(self.winner)} scores {self.received}")
        steps.append(f"{self.ruleset.name} tournament scoring: nobody pays anybody; the points go on the scorecard")
        return steps

    def table(self) -> "pandas.DataFrame":
        """One row per seat: ``seat`` (East-North), ``role`` (winner/discarder/other) and ``amount``.

        >>> import mjlearn as mj
        >>> card = mj.parse_card('C\\n"2468"\\nFF 222 444 666 888 X25')
        >>> wins = card.match("FF 222B 444B 666B 88B J")
        >>> score_win(card, wins, 3, "discard", discarder=0).table().values.tolist()
        [['East', 'discarder', -50], ['South', 'other', -25], ['West', 'other', -25], ['North', 'winner', 100]]
        """
        import pandas as pd

        rows = [(SEATS[seat], self.role(seat), self.payments[seat]) for seat in range(4)]
        return pd.DataFrame(rows, columns=["seat", "role", "amount"])

    def __str__(self) -> str:
        return "\n".join(self.explain())


def _is_singles_and_pairs(line) -> bool:
    """Whether the line is from the Singles and Pairs category (seed 002: its jokerless hands do not double)."""
    words = str(getattr(line, "category", "")).lower().replace("&", " and ").split()
    return " ".join(words) == "singles and pairs"


def _score_line(card: "Card", win, rules: Ruleset) -> tuple[bool, int, int]:
    """(jokerless double?, bonus, score) of one winning line (under a tournament table: the jokerless points)."""
    if rules.tournament is not None:
        bonus = rules.tournament.jokerless if win.jokerless and not _is_singles_and_pairs(win) else 0
        return False, bonus, win.value + bonus
    double = bool(rules.jokerless_doubles and win.jokerless and not _is_singles_and_pairs(win))
    bonus = card.bonus if (card.bonus and not win.concealed and not win.exposed) else 0
    return double, bonus, win.value * (2 if double else 1) + bonus


def score_win(
    card: "Card",
    wins: Sequence["Win"],
    winner: int,
    how: str,
    discarder: int | None = None,
    ruleset: Ruleset | str = NMJL,
    exposed_at_throw: "Sequence | None" = None,
) -> Payout:
    """Score a Mah Jongg and say who pays whom.

    ``wins`` is what ``card.match(hand, exposures)`` returned; when the hand
    fits several lines only the one that scores most for the winner counts
    (ties keep the first). ``how`` is ``"discard"`` (``discarder`` threw the
    winning tile), ``"self-drawn"``, or ``"joker-exchange"``: Mah Jongg right
    after a joker exchange counts as self-drawn, whoever's exposure the joker
    came from and whoever's discard began the turn (so a ``discarder`` given
    with it is ignored).

    The hand score is the line's value, doubled when the hand is jokerless
    (``ruleset.jokerless_doubles``) unless the line is from the Singles and
    Pairs category (seed 002: such a hand can hold no joker, so earns nothing
    for lacking them; any other jokerless hand doubles, even one with no
    group of 3 or more), plus the card's Big Card bonus when the line is not concealed and
    the hand has no exposures. On a discard the discarder pays
    ``ruleset.discarder_pays`` x score and the other two the score; on a
    self-drawn win all three pay ``ruleset.self_drawn_pays`` x score.

    Under a tournament table (MAHJ-X) the discarder loses the hot-tile points
    for the exposures the winner showed *when the tile was thrown*:
    ``exposed_at_throw`` lists them (exposures or their notation). By default
    they are the win's own exposures, which is right when the discard was
    called for Mah Jongg; a winner who called the tile for an exposure and
    then declared showed one exposure fewer at the throw (and may have amended
    the others since), and the game passes what was shown then.

    A false Mah Jongg (no winning line) raises :class:`~mjlearn.RuleError`:

    >>> import mjlearn as mj
    >>> card = mj.parse_card('C\\n"2468"\\nFF 222 444 666 888 X25')
    >>> score_win(card, card.match("FF 222B 444B 666B 888B"), 0, "self-drawn").payments
    (300, -100, -100, -100)
    >>> score_win(card, card.match("FF 222B 444B 666B 888C"), 0, "self-drawn")
    Traceback (most recent call last):
    ...
    mjlearn.errors.RuleError: false Mah Jongg: the hand matches no line of the card ...
    """
    card = as_card(card)
    rules = _ruleset(ruleset)
    check_seat(winner, "winner")
    if how not in HOWS:
        raise RuleError(f"unknown way to win {how!r}; a Mah Jongg is made by {', '.join(map(repr, HOWS))}")
    if how == "discard":
        if discarder is None:
            raise RuleError("a win on a discard needs the discarder: the player who threw the winning tile pays double")
        check_seat(discarder, "discarder")
        if discarder == winner:
            raise RuleError(
                f"the discarder cannot be the winner ({SEATS[winner]}); a Mah Jongg on one's own tile is self-drawn"
            )
    elif how == "self-drawn":
        if discarder is not None:
            raise RuleError("a self-drawn win has no discarder: every player pays the same")
    else:  # joker-exchange counts as self-drawn, whoever's discard began the turn
        if discarder is not None:
            check_seat(discarder, "discarder")
        discarder = None
    if exposed_at_throw is not None:
        if how != "discard":
            raise RuleError(f"exposed_at_throw is for a win on a discard (the hot-tile penalty), not a {how} win")
        exposed_at_throw = _exposures_arg(exposed_at_throw)
    if isinstance(wins, (str, bytes)) or not isinstance(wins, Iterable):
        raise ArgumentError(f"score_win needs the wins from card.match(hand, exposures), not {wins!r}")
    wins = list(wins)
    if not wins:
        raise RuleError(
            "false Mah Jongg: the hand matches no line of the card (with these exposures); the hand is dead"
        )
    best = None
    for win in wins:
        if not hasattr(win, "realised"):
            raise ArgumentError(f"score_win needs the wins from card.match(hand, exposures), not {win!r}")
        scored = _score_line(card, win, rules)
        if best is None or scored[2] > best[1][2]:
            best = (win, scored)
    assert best is not None
    win, (double, bonus, score) = best
    if rules.tournament is not None:
        shown = win.exposed if exposed_at_throw is None else exposed_at_throw
        return _tournament_win(card, win, winner, how, discarder, rules, rules.tournament, shown)
    payments = [0, 0, 0, 0]
    for seat in range(4):
        if seat == winner:
            continue
        if how == "discard":
            paid = score * (rules.discarder_pays if seat == discarder else 1)
        else:
            paid = score * rules.self_drawn_pays
        payments[seat] = -paid
        payments[winner] += paid
    return Payout(
        winner=winner,
        how=how,
        line=win,
        base=win.value,
        jokerless_double=double,
        bonus=bonus,
        score=score,
        payments=tuple(payments),
        discarder=discarder if how == "discard" else None,
        ruleset=rules,
        card_bonus=card.bonus,
    )


def _exposures_arg(value) -> tuple:
    """``exposed_at_throw`` as exposures: each an :class:`~mjlearn.analysis.position.Exposure` or its notation."""
    from ..analysis.position import Exposure

    if isinstance(value, (str, bytes)):
        raise RuleError(f"exposed_at_throw must be a list of exposures (such as ['444B', '555C J']), not {value!r}")
    try:
        return tuple(Exposure.parse(group) for group in value)
    except (MjlearnError, TypeError) as err:
        raise RuleError(f"exposed_at_throw: {err}") from None


def _hot_tile_row(exposed: Sequence) -> str | None:
    """The hot-tile row for throwing the winning tile to a hand showing these exposures, or ``None``
    (fewer than two exposures)."""
    exposed = list(exposed)
    quint = any(getattr(group, "size", 0) >= 5 for group in exposed)
    if len(exposed) >= 3 or (len(exposed) == 2 and quint):
        return "hot_tile_three"
    return "hot_tile_two" if len(exposed) == 2 else None


def _tournament_win(card, win, winner: int, how: str, discarder, rules: Ruleset, table: TournamentScoring,
                    shown: Sequence) -> Payout:
    """Score a win by the tournament table: the winner's points and the discarder's hot-tile penalty
    (for the exposures ``shown`` when the winning tile was thrown)."""
    items = [(winner, "hand", win.value)]
    if how in ("self-drawn", "joker-exchange"):
        items.append((winner, "self_pick", table.self_pick))
    if win.jokerless and not _is_singles_and_pairs(win):
        items.append((winner, "jokerless", table.jokerless))
    if how == "discard":
        row = _hot_tile_row(shown)
        if row is not None:
            items.append((discarder, row, getattr(table, row)))
    payments = [0, 0, 0, 0]
    for seat, _, points in items:
        payments[seat] += points
    return Payout(
        winner=winner,
        how=how,
        line=win,
        base=win.value,
        jokerless_double=False,
        bonus=payments[winner] - win.value,
        score=payments[winner],
        payments=tuple(payments),
        discarder=discarder if how == "discard" else None,
        ruleset=rules,
        card_bonus=card.bonus,
        items=tuple(items),
    )


def wall_game(ruleset: Ruleset | str = NMJL, dead: Sequence[int] = ()) -> Payout:
    """A wall game: the wall ran out before anyone made Mah Jongg.

    Under home payouts nobody scores. Under a tournament table (MAHJ-X rule 8)
    every hand that is not ``dead`` scores the wall-game points:

    >>> result = wall_game()
    >>> result.how, result.winner, result.payments, result.explain()
    ('wall', None, (0, 0, 0, 0), ['wall game: nobody scores'])
    >>> wall_game("MAHJ-X", dead=[2]).payments
    (10, 10, 0, 10)
    """
    rules = _ruleset(ruleset)
    if isinstance(dead, (str, bytes)) or not isinstance(dead, Iterable):
        raise ArgumentError(f"dead must be a list of the dead hands' seats (0-3), not {dead!r}")
    dead = {check_seat(seat, "a dead seat") for seat in dead}
    if rules.tournament is not None:
        items = tuple((seat, "wall_game_live", rules.tournament.wall_game_live) for seat in range(4) if seat not in dead)
        payments = [0, 0, 0, 0]
        for seat, _, points in items:
            payments[seat] = points
        return Payout(
            winner=None, how="wall", line=None, base=0, jokerless_double=False, bonus=0, score=0,
            payments=tuple(payments), ruleset=rules, items=items,
        )
    return Payout(
        winner=None,
        how="wall",
        line=None,
        base=0,
        jokerless_double=False,
        bonus=0,
        score=0,
        payments=(0, 0, 0, 0),
        ruleset=rules,
    )


class Scorecard:
    """A session scorecard: one column per player, one row per game or penalty (MAHJ-X rule 8).

    Like a minigolf card, amounts are written down game by game and each
    column is tallied at the end of the session; NMJL players who would rather
    not settle after every game can use it too. ``players`` are in seating
    order, starting with the first East. ``record(payout, east=...)`` says who
    sat East that game (default the first player), so the seats of the payout
    land in the right columns as East rotates.

    >>> import mjlearn as mj
    >>> card = mj.parse_card('C\\n"2468"\\nFF 222 444 666 888 X25')
    >>> sheet = Scorecard()
    >>> sheet.record(score_win(card, card.match("FF 222B 444B 666B 888B"), 1, "self-drawn"))
    >>> sheet.record(wall_game())
    >>> sheet.penalty("West", 10, "looked at blind-passed tiles")
    >>> frame = sheet.to_frame()
    >>> frame["what"].tolist()
    ['Game 1: South wins 2468 #1 (50), self-drawn', 'Game 2: wall game',
     'Penalty (West): looked at blind-passed tiles', 'Total']
    >>> frame.set_index("what").loc["Total"].tolist()
    [-100, 300, -110, -100]
    """

    def __init__(self, players: Sequence[str] = SEATS):
        if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
            raise ArgumentError(f"players must be a list of the 4 players' names, not {players!r}")
        players = tuple(str(p) for p in players)
        if len(players) != 4:
            raise ArgumentError(f"a scorecard has one column for each of 4 players, not {len(players)}")
        if len(set(players)) != 4 or "what" in players:
            raise ArgumentError(f"the 4 players need different names (and none called 'what'): {players}")
        self.players: tuple[str, ...] = players
        self._rows: list[tuple[str, tuple[int, int, int, int]]] = []
        self._items: list[tuple[str, str, str, int]] = []
        self._games = 0

    def _player(self, who: int | str, what: str) -> int:
        if isinstance(who, str):
            if who not in self.players:
                raise UnknownNameError(f"no player {who!r} on the scorecard; the players are {', '.join(self.players)}")
            return self.players.index(who)
        if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who <= 3:
            raise ArgumentError(f"{what} must be a player's name or column 0-3, not {who!r}")
        return who

    def record(self, payout: Payout, game: int | str | None = None, east: int | str = 0) -> None:
        """Add a game's row: each player's amount from ``payout``.

        ``game`` labels the row (a number or text; by default the games are
        numbered 1, 2, ...). ``east`` is the player (name or column) who sat
        East, so seat ``s`` of the payout is player ``(east + s) % 4``.
        """
        if not isinstance(payout, Payout):
            raise ArgumentError(f"record takes the Payout of score_win or wall_game, not {type(payout).__name__}")
        first = self._player(east, "east")
        self._games += 1
        label = f"Game {self._games if game is None else game}" if not isinstance(game, str) else game
        amounts = [0, 0, 0, 0]
        for seat, amount in enumerate(payout.payments):
            amounts[(first + seat) % 4] = amount
        if payout.how == "wall":
            what = f"{label}: wall game"
        else:
            assert payout.line is not None and payout.winner is not None
            who = self.players[(first + payout.winner) % 4]
            how = payout.how
            if payout.how == "discard" and payout.discarder is not None:
                how = f"on {self.players[(first + payout.discarder) % 4]}'s discard"
            what = f"{label}: {who} wins {_line_label(payout.line)} ({payout.score}), {how}"
        self._rows.append((what, tuple(amounts)))
        for seat, row, points in payout.items:
            self._items.append((label, self.players[(first + seat) % 4], ROW_NAMES[row], points))

    def penalty(self, seat: int | str, points: int, reason: str) -> None:
        """Deduct ``points`` (a positive number) from one player, with the reason.

        For example MAHJ-X's 10-point deduction for looking at blind-passed
        tiles. ``seat`` is the player's name or column 0-3.
        """
        column = self._player(seat, "seat")
        if isinstance(points, bool) or not isinstance(points, int) or points <= 0:
            raise ArgumentError(f"a penalty deducts a positive number of points, not {points!r}")
        amounts = [0, 0, 0, 0]
        amounts[column] = -points
        self._rows.append((f"Penalty ({self.players[column]}): {reason}", tuple(amounts)))
        self._items.append(("Penalty", self.players[column], reason, -points))

    def totals(self) -> dict[str, int]:
        """Each player's tally so far."""
        return {player: sum(row[1][i] for row in self._rows) for i, player in enumerate(self.players)}

    def leader(self) -> str:
        """The player with the highest tally (on a tie, the first of them in seating order)."""
        totals = self.totals()
        return max(self.players, key=lambda p: totals[p])

    def to_frame(self) -> "pandas.DataFrame":
        """The card as a DataFrame: a ``what`` column and one per player; a row per game or penalty, then ``Total``."""
        import pandas as pd

        totals = self.totals()
        rows = [[what, *amounts] for what, amounts in self._rows]
        rows.append(["Total", *(totals[p] for p in self.players)])
        return pd.DataFrame(rows, columns=["what", *self.players])

    def items(self) -> "pandas.DataFrame":
        """Which rows of the scoring table applied: one row per player and item (``game``, ``player``, ``item``, ``points``).

        Tournament scoring (MAHJ-X rule 8) fills it game by game; penalties
        appear under any ruleset. Home payouts (NMJL) add no items.

        >>> import mjlearn as mj
        >>> card = mj.parse_card('C\\n"2468"\\nFF 222 444 666 888 X25')
        >>> sheet = Scorecard(("Ann", "Bea", "Cy", "Di"))
        >>> sheet.record(score_win(card, card.match("FF 222B 444B 666B 888B"), 1, "self-drawn", ruleset="MAHJ-X"))
        >>> sheet.items().values.tolist()
        [['Game 1', 'Bea', "Mah Jongg: the line's value", 25], ['Game 1', 'Bea', 'self-pick: the winner picked the winning tile from the wall', 10], ['Game 1', 'Bea', 'jokerless (not Singles and Pairs)', 20]]
        """
        import pandas as pd

        return pd.DataFrame(self._items, columns=["game", "player", "item", "points"])

    def __len__(self) -> int:
        return len(self._rows)

    def __repr__(self) -> str:
        tallies = ", ".join(f"{p} {t}" for p, t in self.totals().items())
        return f"<Scorecard: {len(self._rows)} rows; {tallies}>"

    def _repr_html_(self) -> str:
        return self.to_frame().to_html(index=False)
