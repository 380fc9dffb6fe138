"""A game's review: one seat's decisions replayed from the game's moves and judged beside the coach's.

:func:`review_game` takes a :class:`~mjlearn.rules.Game` (played to the end or not), a saved game file
(:mod:`mjlearn.rules.savefile`) or a :class:`~mjlearn.widgets.GameTable`, replays the game move by move
from its deal (or position), and at each decision of ``seat`` records what the seat could see and what
it did (:func:`decision_moments`): its Charleston passes (a courtesy pass too), its discards, its answers
to a discard it could call (a call, Mah Jongg, or letting it go), and each turn on which it could take a
joker from an exposure (taken or not). The Charleston's vote is not judged: the coach has no measure of
a second Charleston. :func:`mjlearn.analysis.review.judge_all` judges them; the review ranks them by
regret.

>>> import mjlearn as mj
>>> game = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 444B 66B 8C 9D N J"}, turn=0,
...                           phase="discard", seed=4)
>>> game.discard(0, "J")                       # East throws a joker
>>> review = review_game(game, "East")
>>> review.table[["step", "category", "you", "verdict"]].values.tolist()
[['turn 0', 'joker use', 'J', 'costly']]
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TYPE_CHECKING

from ..analysis.arguments import evidence_argument
from ..analysis.horizon import seat_draws
from ..analysis.position import Exposure
from ..analysis.review import KEEP, LET_GO, Alternative, GameReview, Moment, judge_all
from ..errors import ArgumentError
from ..hands import Hand
from ..resources import as_card
from ..tiles import Tile
from .game import Game
from .ruleset import ruleset as as_ruleset
from .setup import SEATS

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card

__all__ = ["review_game", "decision_moments", "moments_now", "call_label"]

_SIZES = {3: "a pung", 4: "a kong", 5: "a quint", 6: "a sextet"}
MAHJONGG = "call it for Mah Jongg"


def call_label(size: int, jokers: int) -> str:
    """A call in words: ``"call it for a kong with 1 joker"``.

    >>> call_label(3, 0), call_label(4, 2)
    ('call it for a pung', 'call it for a kong with 2 jokers')
    """
    extra = f" with {jokers} joker{'s' if jokers != 1 else ''}" if jokers else ""
    return f"call it for {_SIZES.get(size, f'a group of {size}')}{extra}"


def _seat(value) -> int:
    if isinstance(value, str):
        names = {name.lower(): i for i, name in enumerate(SEATS)}
        if value.strip().lower() in names:
            return names[value.strip().lower()]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise ArgumentError(f"seat must be 0-3 or a seat's name (East, South, West, North), not {value!r}")
    return value


class _Table:
    """What every moment of one seat shares: the card's compiled lines, what a fed win costs, and the coach
    whose defence the discards are judged by (with ``watching``, it reads the table at each of the seat's
    discards as the game is replayed; else it replays the game when it needs the reading)."""

    def __init__(self, game: Game, seat: int, watching: bool = False, earlier: tuple[float, float] = (0.0, 0.0)):
        self.seat = seat
        self.earlier = earlier  # what the other players threw in earlier games with them (the coach's reading)
        self.compiled = game.card.compiled(game.ruleset)
        values = self.compiled.line_value
        self.feed_cost = float(values.mean()) * game.ruleset.discarder_pays if len(values) else 0.0
        self.watching = watching
        self._coach = None

    def coach(self, game: Game):
        """The :class:`~mjlearn.rules.CoachBot` of the game's card and rules (made when first asked)."""
        if self._coach is None:
            from .coach_bot import CoachBot

            self._coach = CoachBot(game.card, game.ruleset, seed=0)
            if any(self.earlier):
                self._coach.remember_evidence(self.earlier)
        return self._coach


def _common(game: Game, table: _Table) -> dict:
    seat = table.seat
    return {
        "exposures": tuple(str(e) for e in game.exposures[seat]),
        "visible": tuple(int(n) for n in game.visible(seat)),
        "draws": seat_draws(game, seat),
    }


def _step(game: Game) -> str:
    return game.charleston.step.name if game.phase == "charleston" else f"turn {game.turns}"


def _pass_moment(game: Game, table: _Table, number: int, tiles) -> Moment | None:
    tiles = [Tile.from_notation(t) if isinstance(t, str) else t for t in tiles]
    if not tiles:
        return None  # all blind, or nothing given in a courtesy pass: no choice of tiles
    from ..analysis.review import _pass_label

    rack = game.charleston.racks[table.seat]
    return Moment(number, _step(game), "pass", rack, (), tuple(int(n) for n in game.visible(table.seat)),
                  seat_draws(game, table.seat), _pass_label([int(t) for t in tiles]))


def _discard_moment(game: Game, table: _Table, number: int, tile) -> Moment:
    seat = table.seat
    others = [(seat + i) % 4 for i in (1, 2, 3)]
    opponents = tuple(tuple(str(e) for e in game.exposures[other]) for other in others)
    dead = tuple(i for i, other in enumerate(others) if other in game.dead)
    tile = Tile.from_notation(tile) if isinstance(tile, str) else tile
    mine = [Exposure.parse(str(e)) for e in game.exposures[seat]]
    _, distance = table.compiled.exposed_distances(list(game.racks[seat].counts), mine)
    coach = table.coach(game)
    if table.watching:
        coach.note_table(game, seat)  # (the reading of the table as the coach keeps it at its discards)
    state = coach.defence_state(game, seat)
    return Moment(number, _step(game), "discard", game.racks[seat], chosen=tile.notation, opponents=opponents,
                  dead_opponents=dead, can_win=bool(len(distance) and int(distance.min()) == 0),
                  discards=tuple(t.notation for _, t in game.discards), wall_left=game.wall_left,
                  feed_cost=table.feed_cost, defence=state.verdict, defence_words=state.words(),
                  defence_throws=state.throws,
                  **_common(game, table))


def _exchanges(game: Game, table: _Table) -> list[tuple[tuple[int, int], Alternative]]:
    """Each joker exchange ``seat`` may make now, as ((owner, group), the position it leads to)."""
    seat = table.seat
    common = _common(game, table)
    found = []
    for move in game.legal_moves(seat):
        if move.kind != "exchange_joker":
            continue
        group = game.exposures[move.owner][move.group]
        tile = group.tile
        counts = list(game.racks[seat].counts)
        counts[int(tile)] -= 1
        counts[int(Tile.JOKER)] += 1
        after = str(Exposure(tile, group.size, group.jokers - 1))
        exposures, visible = common["exposures"], list(common["visible"])
        if move.owner == seat:
            exposures = tuple(after if i == move.group else e for i, e in enumerate(exposures))
        else:
            visible[int(tile)] += 1
            visible[int(Tile.JOKER)] -= 1
        whose = "your own" if move.owner == seat else f"{SEATS[move.owner]}'s"
        label = f"take the joker from {whose} {group} for your {tile.notation}"
        found.append(((move.owner, move.group), Alternative(label, _rack_of(counts), exposures, tuple(visible),
                                                            "discard")))
    return found


def _exchange_moment(game: Game, table: _Table, number: int, taken: tuple[int, int] | None) -> Moment | None:
    options = _exchanges(game, table)
    if not options:
        return None
    common = _common(game, table)
    keep = Alternative(KEEP, game.racks[table.seat], common["exposures"], common["visible"], "discard")
    chosen = KEEP if taken is None else next((a.label for key, a in options if key == taken), KEEP)
    return Moment(number, _step(game), "exchange", game.racks[table.seat], chosen=chosen,
                  alternatives=(keep, *[a for _, a in options]), **common)


def _rack_of(counts) -> Hand:
    return Hand(" ".join(Tile(k).notation for k, n in enumerate(counts) for _ in range(n)))


def _call_moment(game: Game, table: _Table, number: int, chosen: str) -> Moment | None:
    """The seat's answer to the live discard, if it had a call worth weighing (a group its near lines
    could use, or Mah Jongg)."""
    seat = table.seat
    discarder, tile = game.last_discard
    rack = game.racks[seat]
    common = _common(game, table)
    mine = [Exposure.parse(e) for e in common["exposures"]]
    after_visible = list(common["visible"])
    after_visible[int(tile)] -= 1  # the discard leaves the floor for the caller's rack or exposure
    alternatives = [Alternative(LET_GO, rack, common["exposures"], common["visible"], "draw")]
    counts = list(rack.counts)
    counts[int(tile)] += 1
    won = _rack_of(counts)
    _, distance = table.compiled.exposed_distances(counts, mine)
    if chosen == MAHJONGG or (len(distance) and int(distance.min()) == 0):
        alternatives.append(Alternative(MAHJONGG, won, common["exposures"], tuple(after_visible), "win"))
    for move in game.legal_moves(seat):
        if move.kind != "call":
            continue
        label = call_label(move.size, move.jokers)
        naturals = move.size - 1 - move.jokers
        group = Exposure(tile, move.size, move.jokers)
        if label != chosen and (naturals < 1 or not table.compiled.allowed(mine + [group]).any()):
            continue  # a call no line could use, or made of jokers alone: not weighed unless it was made
        left = list(counts)
        left[int(tile)] -= naturals + 1
        left[int(Tile.JOKER)] -= move.jokers
        alternatives.append(Alternative(label, _rack_of(left), (*common["exposures"], str(group)),
                                        tuple(after_visible), "discard"))
    if len(alternatives) == 1:
        return None  # nothing to call: letting it go was no decision
    state = table.coach(game).defence_state(game, seat)  # (a hand given up makes no exposure)
    return Moment(number, f"turn {game.turns}: {SEATS[discarder]}'s {tile.notation}", "call", rack,
                  chosen=chosen, alternatives=tuple(alternatives), defence=state.verdict,
                  defence_words=state.words(), **common)


def _answer_label(name: str, args: dict) -> str:
    if name == "pass_call":
        return LET_GO
    if name == "call_mahjongg":
        return MAHJONGG
    return call_label(args["size"], args.get("jokers", 0))


def moments_now(game: Game, seat: int, name: str, args: dict, number: int = 0) -> list[Moment]:
    """The moments of ``seat``'s decision that the move ``name(**args)`` is about to make in ``game``
    (before it is made): a joker exchange open on its turn, then its discard, pass or answer to a discard.
    Moves that are no decision of the coach's measure (a draw, the vote...) give none."""
    table = _Table(game, seat)
    return _moments(game, table, name, args, number)


def _moments(game: Game, table: _Table, name: str, args: dict, number: int) -> list[Moment]:
    seat = table.seat
    if args.get("seat") != seat:
        return []
    found: list[Moment | None] = []
    if name == "pass_tiles":
        found.append(_pass_moment(game, table, number, args.get("tiles", ())))
    elif name in ("discard", "exchange_joker") and game.phase == "discard":
        taken = (args["owner"], args["group"]) if name == "exchange_joker" else None
        found.append(_exchange_moment(game, table, number, taken))
        if name == "discard":
            found.append(_discard_moment(game, table, number + 1, args["tile"]))
    elif name in ("pass_call", "call", "call_mahjongg") and game.phase == "calls":
        found.append(_call_moment(game, table, number, _answer_label(name, args)))
    return [m for m in found if m is not None]


def decision_moments(game: Game, seat: int, earlier: tuple[float, float] = (0.0, 0.0)) -> list[Moment]:
    """``seat``'s decisions in ``game``, replayed from its moves, in order (see the module docstring).
    A changed answer to a discard replaces the first: the last answer given is the one judged. ``earlier``:
    what the other players threw in earlier games with them, from which the coach's reading of the table
    starts (:meth:`CoachBot.earlier_evidence <mjlearn.rules.CoachBot.earlier_evidence>`)."""
    seat = _seat(seat)
    replay = Game.replay(game.card, game.ruleset, game.seed, [], position=game.position, deal=game.deal)
    table = _Table(replay, seat, watching=True, earlier=earlier)
    moments: list[Moment] = []
    answered: dict[int, int] = {}  # the discard answered (its index) -> the moment's place in ``moments``
    for name, args in game.moves:
        if args.get("seat") == seat:
            for moment in _moments(replay, table, name, args, 2 * len(moments) + 1):
                if moment.kind == "call" and len(replay.discards) in answered:
                    place = answered[len(replay.discards)]
                    moments[place] = replace(moments[place], chosen=moment.chosen)
                    continue
                if moment.kind == "call":
                    answered[len(replay.discards)] = len(moments)
                moments.append(moment)
        getattr(replay, name)(**args)
    return [replace(m, number=i + 1) for i, m in enumerate(moments)]


def review_game(game_or_save_path, seat, card: "Card | str | None" = None, ruleset=None,
                earlier: tuple[float, float] = (0.0, 0.0)) -> GameReview:
    """``seat``'s decisions in a game judged beside the coach's, ranked by regret
    (:class:`~mjlearn.analysis.review.GameReview`: ``.table``, ``.curve()``, ``.png()``, shown in a notebook
    as a table and a picture).

    ``game_or_save_path``: a :class:`~mjlearn.rules.Game`, a saved game's path (``game.save(path)``,
    the GameTable's Save) or a :class:`~mjlearn.widgets.GameTable` (its game). ``seat``: 0-3 or
    ``"East"``... ``card`` (a Card, a bundled card's name or a ``.mjcl`` path) replaces the game's card in
    a saved file; ``ruleset`` judges by another ruleset's scoring (default: the game's). ``earlier``: what
    the other players threw in earlier games with them (``(hot_throws, expected)``,
    :meth:`CoachBot.earlier_evidence <mjlearn.rules.CoachBot.earlier_evidence>`: the GameTable passes its
    coach's), from which the coach's reading of the table starts, as it did at the table.
    """
    if isinstance(game_or_save_path, (str, os.PathLike)):
        game = Game.load(game_or_save_path, card)
    elif isinstance(game_or_save_path, Game):
        game = game_or_save_path
    elif isinstance(getattr(game_or_save_path, "game", None), Game):
        game = game_or_save_path.game
    else:
        raise ArgumentError(f"review_game needs a Game, a saved game's path or a GameTable, not"
                            f" {type(game_or_save_path).__name__}")
    seat = _seat(seat)
    earlier = evidence_argument("earlier", earlier)
    rules = game.ruleset if ruleset is None else as_ruleset(ruleset)
    judged_card = game.card if card is None else as_card(card)
    return judge_all(judged_card, decision_moments(game, seat, earlier), rules, SEATS[seat])
